#!/usr/bin/env bash
# Webhook benchmark of issue 4: deliveries per second from `docket serve` to a local receiver,
# with signing and signature checks, and the time from each event to its delivery; beside it, in
# the same run, the same number of signed POSTs sent straight from a reqwest client (the
# ceiling: no database, no outbox, no retry bookkeeping).
#
#   bench/webhooks.sh [--events N] [--endpoints N] [--concurrency N]
#
# Results go to bench/results/webhooks-<time>.json and to standard output.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
EVENTS=5000
ENDPOINTS=4
CONCURRENCY=16
while [ $# -gt 0 ]; do
  case "$1" in
    --events) EVENTS="$2"; shift 2 ;;
    --endpoints) ENDPOINTS="$2"; shift 2 ;;
    --concurrency) CONCURRENCY="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
say "Building release binaries"
(cd "$ROOT" && cargo build --release --quiet -p docket-cli -p docket-bench)
BIN="$ROOT/target/release"
WORK="$(mktemp -d)"
RESULTS="$ROOT/bench/results"
mkdir -p "$RESULTS"
KEY="bench-sandbox-key-0001"
PID=""
cleanup() { [ -n "$PID" ] && kill -9 "$PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0 \
  >"$WORK/docket.log" 2>"$WORK/docket.err" &
PID=$!
URL=""
for _ in $(seq 1 100); do
  URL="$(head -n1 "$WORK/docket.log" 2>/dev/null || true)"
  [ -n "$URL" ] && break
  sleep 0.1
done
[ -n "$URL" ] || { echo "server did not start:" >&2; cat "$WORK/docket.err" >&2; exit 1; }

say "$EVENTS AML screenings, each delivered to $ENDPOINTS endpoints; then the direct ceiling"
OUT="$RESULTS/webhooks-$(date -u +%Y%m%dT%H%M%SZ).json"
"$BIN/webhook-deliveries" --url "$URL" --key "$KEY" --events "$EVENTS" --endpoints "$ENDPOINTS" \
  --concurrency "$CONCURRENCY" | tee "$OUT"
rss="$(awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$PID/status")"
echo "server peak RSS: $rss MB" >&2
