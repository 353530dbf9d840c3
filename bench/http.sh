#!/usr/bin/env bash
# HTTP benchmark of issue 2: with 100,000 applicants, GET /api/v3/applicants?limit=10 and
# POST /api/v3/applicants under 64 concurrent connections (oha), beside an axum hello-world
# measured the same way in the same run; then a crash test: creates under load, kill -9, and a
# check that every acknowledged create survived.
#
#   bench/http.sh [--seconds N] [--rounds N]
#
# Results go to bench/results/http-<time>.json and a summary to standard output. Run it on an
# otherwise idle machine; the figures that matter are the ratios to the hello-world measured in
# the same run.
source "$(dirname "$0")/lib.sh"
SECONDS_PER_RUN=10
ROUNDS=2
CONNECTIONS=64
APPLICANTS=100000
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }

build_release
KEY="bench-sandbox-key-0001"

say "Seeding $APPLICANTS applicants"
"$BIN/docket" --data-dir "$WORK/data" demo seed --synthetic "$APPLICANTS" --synthetic-only >/dev/null 2>&1
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
DOCKET_URL="$URL"; DOCKET_PID="$PID"
# The seeded applicants belong to the default organization's sandbox, which the pinned key selects.
count="$(curl -s -H "ds-api-token: $KEY" "$DOCKET_URL/api/v3/applicants?limit=1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["data"]))')"
[ "$count" = "1" ] || { echo "the seeded data is not visible" >&2; exit 1; }
# The size of the list page, so that hello can also send a static body of the same size.
PAGE_BYTES="$(curl -s -H "ds-api-token: $KEY" "$DOCKET_URL/api/v3/applicants?limit=10" | wc -c)"
start "$WORK/hello.log" "$BIN/hello"
HELLO_URL="$URL"; HELLO_PID="$PID"

run() { # name, then oha arguments
  local name="$1"; shift
  oha --no-tui --output-format json -z "${SECONDS_PER_RUN}s" -c "$CONNECTIONS" "$@" > "$WORK/$name.json" 2>/dev/null
  python3 - "$WORK/$name.json" "$name" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s, p = d["summary"], d["latencyPercentiles"]
codes = d.get("statusCodeDistribution", {})
print(json.dumps({"name": sys.argv[2], "rps": round(s["requestsPerSec"]), "p50_ms": round(p["p50"] * 1000, 3),
                  "p99_ms": round(p["p99"] * 1000, 3), "success_rate": s["successRate"], "status": codes}))
PY
}

say "Load: $ROUNDS rounds of ${SECONDS_PER_RUN}s each, $CONNECTIONS connections, peers interleaved"
: > "$WORK/runs.jsonl"
for round in $(seq 1 "$ROUNDS"); do
  run hello "$HELLO_URL/" >> "$WORK/runs.jsonl"
  run static_page "$HELLO_URL/static-page?bytes=$PAGE_BYTES" >> "$WORK/runs.jsonl"
  run list -H "ds-api-token: $KEY" "$DOCKET_URL/api/v3/applicants?limit=10" >> "$WORK/runs.jsonl"
  run create -m POST -H "ds-api-token: $KEY" -H "content-type: application/json" \
    -d '{"info": {"first_name": "Bench", "last_name": "Mark", "country": "DE", "dob": "1990-01-01"}}' \
    "$DOCKET_URL/api/v3/applicants" >> "$WORK/runs.jsonl"
done
DOCKET_RSS="$(rss_mb "$DOCKET_PID")"; DOCKET_PEAK="$(peak_mb "$DOCKET_PID")"; HELLO_RSS="$(rss_mb "$HELLO_PID")"
kill "$DOCKET_PID"; wait "$DOCKET_PID" 2>/dev/null || true

say "Crash test: creates under load, kill -9 after 5 s, restart, check every acknowledged create"
start "$WORK/docket2.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
CRASH_URL="$URL"; CRASH_PID="$PID"
"$BIN/durable-creates" --url "$CRASH_URL" --key "$KEY" --concurrency "$CONNECTIONS" --seconds 30 \
  --acked "$WORK/acked.txt" --prefix "crash-$(date +%s)" > "$WORK/durable.json" &
LOAD_PID=$!
sleep 5
kill -9 "$CRASH_PID"
wait "$LOAD_PID" || true
start "$WORK/docket3.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
CHECK_URL="$URL"
python3 - "$WORK/acked.txt" "$CHECK_URL" "$KEY" > "$WORK/crash.json" <<'PY'
import json, sys, urllib.parse, urllib.request
acked = [l.strip() for l in open(sys.argv[1]) if l.strip()]
missing = []
for ext in acked:
    req = urllib.request.Request(sys.argv[2] + "/api/v3/applicants/by_external_id/" + urllib.parse.quote(ext, safe=""),
                                 headers={"ds-api-token": sys.argv[3]})
    try:
        urllib.request.urlopen(req).read()
    except urllib.error.HTTPError as e:
        missing.append((ext, e.code))
print(json.dumps({"acknowledged": len(acked), "missing_after_restart": len(missing), "examples": missing[:5]}))
PY

python3 - "$WORK/runs.jsonl" "$WORK/durable.json" "$WORK/crash.json" "$DOCKET_RSS" "$DOCKET_PEAK" "$HELLO_RSS" \
  "$RESULTS/http-$(date -u +%Y%m%dT%H%M%SZ).json" <<'PY'
import json, sys, statistics
runs = [json.loads(l) for l in open(sys.argv[1])]
by = {}
for r in runs:
    by.setdefault(r["name"], []).append(r)
def med(name, key):
    return statistics.median(r[key] for r in by[name])
hello = med("hello", "rps")
report = {
    "hello": {k: med("hello", k) for k in ("rps", "p50_ms", "p99_ms")},
    "static_page_same_size_as_list": {k: med("static_page", k) for k in ("rps", "p50_ms", "p99_ms")},
    "list": {k: med("list", k) for k in ("rps", "p50_ms", "p99_ms")},
    "create": {k: med("create", k) for k in ("rps", "p50_ms", "p99_ms")},
    "ratios_to_hello": {"list": round(med("list", "rps") / hello, 3), "create": round(med("create", "rps") / hello, 3)},
    "list_ratio_to_static_page": round(med("list", "rps") / med("static_page", "rps"), 3),
    "server_rss_mb": {"docket_after_load": float(sys.argv[4]), "docket_peak": float(sys.argv[5]), "hello": float(sys.argv[6])},
    "crash_test": {"load": json.load(open(sys.argv[2])), "check": json.load(open(sys.argv[3]))},
    "non_2xx": {r["name"]: r["status"] for r in runs if set(r["status"]) - {"200", "201"}},
    "runs": runs,
}
json.dump(report, open(sys.argv[7], "w"), indent=2)
print(json.dumps({k: v for k, v in report.items() if k != "runs"}, indent=2))
print("saved", sys.argv[7])
PY
