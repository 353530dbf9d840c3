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
