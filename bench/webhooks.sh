#!/usr/bin/env bash
# Webhook benchmark of issue 4: deliveries per second from `docket serve` to a local receiver,
# with signing and signature checks, and the time from each event to its delivery; beside it, in
# the same run, the same number of signed POSTs sent straight from a reqwest client (the
# ceiling: no database, no outbox, no retry bookkeeping).
#
#   bench/webhooks.sh [--events N] [--endpoints N] [--concurrency N]
#
# Results go to bench/results/webhooks-<time>.json and to standard output.
source "$(dirname "$0")/lib.sh"
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

build_release
KEY="bench-sandbox-key-0001"
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn \
  serve --listen 127.0.0.1:0

say "$EVENTS AML screenings, each delivered to $ENDPOINTS endpoints; then the direct ceiling"
OUT="$RESULTS/webhooks-$(date -u +%Y%m%dT%H%M%SZ).json"
"$BIN/webhook-deliveries" --url "$URL" --key "$KEY" --events "$EVENTS" --endpoints "$ENDPOINTS" \
  --concurrency "$CONCURRENCY" | tee "$OUT"
echo "server peak RSS: $(peak_mb "$PID") MB" >&2

# Delivery alone: every delivery of the same load held for its retry, then released at once by
# a clock move, so that screening and event creation are not part of the rate.
say "Delivery alone: $((EVENTS * ENDPOINTS)) due deliveries released at once; then the direct ceiling"
kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true
start "$WORK/docket-delivery.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/delivery" \
  --log warn serve --listen 127.0.0.1:0
"$BIN/webhook-deliveries" --url "$URL" --key "$KEY" --events "$EVENTS" --endpoints "$ENDPOINTS" \
  --concurrency "$CONCURRENCY" --delivery-only | tee "$RESULTS/webhooks-delivery-$(date -u +%Y%m%dT%H%M%SZ).json"

# Crash test: the same load on a fresh server, killed with SIGKILL mid-delivery and restarted on
# the same data directory; every delivery of every acknowledged event must still arrive (claims
# held by the killed process are taken again once their lease, two minutes, expires).
say "Crash test: SIGKILL mid-delivery, restart, every acknowledged event delivered"
kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true
rm -rf "$WORK/crash"
start "$WORK/crash.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/crash" --log warn \
  serve --listen 127.0.0.1:0
MARKER="$WORK/killed"
CRASH_OUT="$RESULTS/webhooks-crash-$(date -u +%Y%m%dT%H%M%SZ).json"
"$BIN/webhook-deliveries" --url "$URL" --key "$KEY" --events "$EVENTS" --endpoints "$ENDPOINTS" \
  --concurrency "$CONCURRENCY" --kill-after $((EVENTS * ENDPOINTS / 3)) --server-pid "$PID" \
  --killed-marker "$MARKER" > "$CRASH_OUT" &
CHECKER=$!
while [ ! -f "$MARKER" ] && kill -0 "$CHECKER" 2>/dev/null; do sleep 0.05; done
if [ -f "$MARKER" ]; then
  start "$WORK/crash2.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/crash" --log warn \
    serve --listen 127.0.0.1:0
fi
wait "$CHECKER"
cat "$CRASH_OUT"
