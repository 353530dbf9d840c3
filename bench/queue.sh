#!/usr/bin/env bash
# The KYB queue in Chromium alone (issue 33; bench/desk.sh runs it with the desk's other
# figures): 100,000 synthetic cases beside 1,000 (enough for the review queue, about one case in
# four, to have a next page: with 100 it had one page and the page change waited forever), served
# side by side, measured by bench/desk_queue.mjs: first render, page change, a filter, a header
# sort, a search by a person's name, a deep page (time to rows drawn). Reports medians and worsts, and the ratio large to small.
#
#   bench/queue.sh [--cases N] [--rounds N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/queue-<time>.json and to standard output.
CASES=100000
SMALL=1000
ROUNDS=7
while [ $# -gt 0 ]; do
  case "$1" in
    --cases) CASES="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"
[ -d "$ROOT/tests/browser/node_modules/playwright-core" ] || (cd "$ROOT/tests/browser" && npm ci --silent)
build_release

# A data directory with N synthetic cases, served: sets URL and LINK (the owner's sign-in link).
serve_cases() {
  local dir="$WORK/$1" n="$2"
  "$BIN/docket" --data-dir "$dir" demo seed --synthetic-kyb "$n" --synthetic-only >/dev/null 2>&1
  start "$WORK/$1.log" "$BIN/docket" --data-dir "$dir" --log warn serve --listen 127.0.0.1:0
  LINK="$("$BIN/docket" --data-dir "$dir" console link --url "$URL" 2>/dev/null | grep '^http')"
}
say "Seeding $CASES and $SMALL KYB cases, and serving both"
t0="$(date +%s)"
serve_cases big "$CASES"; BIG_URL="$URL"; BIG_LINK="$LINK"
SEED_SECONDS="$(( $(date +%s) - t0 ))"
serve_cases small "$SMALL"; SMALL_URL="$URL"; SMALL_LINK="$LINK"

say "Queue in Chromium: $ROUNDS rounds, interleaved"
node "$ROOT/bench/desk_queue.mjs" --rounds "$ROUNDS" "cases_$CASES,$BIG_URL,$CASES,$BIG_LINK" \
  "cases_$SMALL,$SMALL_URL,$SMALL,$SMALL_LINK" > "$WORK/queue.json"

python3 - "$WORK/queue.json" "$RESULTS/queue-$(date -u +%Y%m%dT%H%M%SZ).json" "$PROFILE" "$CASES" "$SMALL" "$SEED_SECONDS" <<'PY'
import json, sys
path, out, profile, cases, small, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
queue = json.load(open(path))
big, little = queue[f"cases_{cases}"], queue[f"cases_{small}"]
ratio = lambda a, b: float(f"{a / b:.3g}") if b else None
keys = ("first_page", "page_change", "filter", "sort", "search", "deep_page")
report = {"profile": profile, "seed_seconds_large": seed, "queue_in_chromium": queue,
          "ratios_large_to_small": {k: ratio(big[k]["median_ms"], little[k]["median_ms"]) for k in keys}}
json.dump(report, open(out, "w"), indent=2)
print(json.dumps(report, indent=2))
PY
