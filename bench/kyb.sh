#!/usr/bin/env bash
# KYB benchmark of issue 11. (1) With 100,000 cases, GET /api/v4/kyb/verifications?limit=25
# under 64 connections (oha), beside an axum hello-world (the ceiling) and a static page of the
# same size in the same run; the list over 400 pages at random (mostly past the page cache);
# Docket's resident and peak memory. (2) 1,000 filled cases submitted
# and run through the sandbox pipeline to a decision (crates/bench kyb-pipeline): cases and check
# instances per second, and that process's peak memory.
#
#   bench/kyb.sh [--seconds N] [--rounds N] [--cases N] [--pipeline-cases N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/kyb-<time>.json and a summary to standard output.
SECONDS_PER_RUN=10
ROUNDS=2
CONNECTIONS=64
CASES=100000
PIPELINE_CASES=1000
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --cases) CASES="$2"; shift 2 ;;
    --pipeline-cases) PIPELINE_CASES="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"

command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }
build_release
KEY="bench-sandbox-key-0001"

say "Seeding $CASES KYB cases"
SEED_STARTED="$(date +%s.%N)"
"$BIN/docket" --data-dir "$WORK/data" demo seed --synthetic-kyb "$CASES" --synthetic-only >/dev/null 2>&1
SEED_SECONDS="$(python3 -c "import sys,time; print(round(time.time() - float(sys.argv[1]), 1))" "$SEED_STARTED")"
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
DOCKET_URL="$URL"; DOCKET_PID="$PID"
LIST="$DOCKET_URL/api/v4/kyb/verifications?page=0&limit=25"
rows="$(curl -s -H "ds-api-token: $KEY" "$LIST" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["data"]))')"
[ "$rows" = "25" ] || { echo "the seeded cases are not listed ($rows rows)" >&2; exit 1; }
PAGE_BYTES="$(curl -s -H "ds-api-token: $KEY" "$LIST" | wc -c)"
start "$WORK/hello.log" "$BIN/hello"
HELLO_URL="$URL"

say "Warm-up: 2 s of each, not counted"
oha --no-tui -z 2s -c "$CONNECTIONS" "$HELLO_URL/" >/dev/null 2>&1
oha --no-tui -z 2s -c "$CONNECTIONS" -H "ds-api-token: $KEY" "$LIST" >/dev/null 2>&1
say "Load: $ROUNDS rounds of ${SECONDS_PER_RUN}s each, $CONNECTIONS connections, interleaved"
: > "$WORK/runs.jsonl"
for round in $(seq 1 "$ROUNDS"); do
  run hello "$HELLO_URL/" >> "$WORK/runs.jsonl"
  run static_page "$HELLO_URL/static-page?bytes=$PAGE_BYTES" >> "$WORK/runs.jsonl"
  run list "$LIST" -H "ds-api-token: $KEY" >> "$WORK/runs.jsonl"
  run list_filtered "$DOCKET_URL/api/v4/kyb/verifications?page=3&limit=25&status=manual_review,failed&country=GB" \
    -H "ds-api-token: $KEY" >> "$WORK/runs.jsonl"
  # Pages 0-399 at random: more pages than the page cache holds, so most are read from SQLite.
  run list_varied_pages --rand-regex-url "$(printf '%s' "$DOCKET_URL" | sed 's/[.]/[.]/g')/api/v4/kyb/verifications[?]page=[0-3]?[0-9]?[0-9]&limit=25" \
    -H "ds-api-token: $KEY" >> "$WORK/runs.jsonl"
done
DOCKET_RSS="$(rss_mb "$DOCKET_PID")"; DOCKET_PEAK="$(peak_mb "$DOCKET_PID")"
kill "$DOCKET_PID"; wait "$DOCKET_PID" 2>/dev/null || true

say "Pipeline: $PIPELINE_CASES filled cases submitted and decided in the sandbox"
"$BIN/kyb-pipeline" --cases "$PIPELINE_CASES" > "$WORK/pipeline.json"

python3 - "$WORK/runs.jsonl" "$WORK/pipeline.json" "$RESULTS/kyb-$(date -u +%Y%m%dT%H%M%SZ).json" \
  "$PROFILE" "$CASES" "$SECONDS_PER_RUN" "$ROUNDS" "$CONNECTIONS" "$PAGE_BYTES" "$DOCKET_RSS" "$DOCKET_PEAK" "$SEED_SECONDS" <<'PY'
import json, sys, statistics
runs = [json.loads(l) for l in open(sys.argv[1])]
by = {}
for r in runs:
    by.setdefault(r["name"], []).append(r)
med = lambda name, key: statistics.median(r[key] for r in by[name] if r.get(key) is not None)
fig = lambda name: {k: med(name, k) for k in ("rps", "p50_ms", "p99_ms")} | {"non_2xx": sum(r["non_2xx"] for r in by[name])}
ratio = lambda a, b: float(f"{a / b:.4g}")
report = {
    "profile": sys.argv[4],
    "load": {"cases": int(sys.argv[5]), "seconds_per_run": int(sys.argv[6]), "rounds": int(sys.argv[7]),
             "connections": int(sys.argv[8]), "list_page_bytes": int(sys.argv[9])},
    "seed_seconds": float(sys.argv[12]),
    "hello": fig("hello"), "static_page_same_size_as_list": fig("static_page"),
    "list": fig("list"), "list_filtered": fig("list_filtered"), "list_varied_pages": fig("list_varied_pages"),
    "ratios": {"list_to_hello": ratio(med("list", "rps"), med("hello", "rps")),
               "list_to_static_page": ratio(med("list", "rps"), med("static_page", "rps")),
               "filtered_list_to_hello": ratio(med("list_filtered", "rps"), med("hello", "rps")),
               "varied_pages_to_hello": ratio(med("list_varied_pages", "rps"), med("hello", "rps"))},
    "docket_memory_mb": {"rss": float(sys.argv[10]), "peak": float(sys.argv[11])},
    "pipeline": json.load(open(sys.argv[2])),
}
json.dump(report, open(sys.argv[3], "w"), indent=2)
print(json.dumps(report, indent=2))
PY
