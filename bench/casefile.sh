#!/usr/bin/env bash
# The KYB case file's load time in Chromium (issue 33): a case with 20 documents and 10 persons
# beside one with 3 documents (the fewest a case with an owner is submitted with) and 1 person,
# on the same server (bench/casefile.mjs).
#
#   bench/casefile.sh [--rounds N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/casefile-<time>.json and to standard output.
ROUNDS=7
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"
[ -d "$ROOT/tests/browser/node_modules/playwright-core" ] || (cd "$ROOT/tests/browser" && npm ci --silent)
build_release
KEY="bench-sandbox-key-0001"
say "Serving a fresh data directory"
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
LINK="$("$BIN/docket" --data-dir "$WORK/data" console link --url "$URL" 2>/dev/null | grep '^http')"
say "Making the two cases and opening each $ROUNDS times"
OUT="$RESULTS/casefile-$(date -u +%Y%m%dT%H%M%SZ).json"
node "$ROOT/bench/casefile.mjs" --rounds "$ROUNDS" "$URL" "$KEY" "$LINK" | tee "$OUT"
