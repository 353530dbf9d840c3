#!/usr/bin/env bash
# The reviewer's desk (issue 12), each figure beside a peer in the same run:
#   1. The KYB queue in Chromium (bench/desk_queue.mjs) at 100,000 cases beside the same queue at
#      1,000 cases, served side by side: first page, page change, a filter, a sort, a search by a
#      person's name, a deep page (time to rows).
#   2. "Next case" under 16 concurrent reviewers, each signed in with a session of their own
#      (crates/bench desk-next): calls per second and p99; beside the axum hello-world at 16
#      connections (the HTTP ceiling) and the bare-SQLite floor of the same claim
#      (bench/peers/desk_claim.py: 16 threads claiming the oldest case in one transaction each, on
#      the same database, without HTTP, case file or audit event).
#   3. Audit verification of the 100,000-event chain the cases' creation left: the stored chain
#      (GET /_docket/audit/verify), and the export with `docket audit verify FILE` beside the API
#      reference's few lines of Python (bench/peers/audit_verify.py) on the same file: events/s.
#
#   bench/desk.sh [--cases N] [--rounds N] [--seconds N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/desk-<time>.json and a summary to standard output.
CASES=100000
SMALL=1000
ROUNDS=7
SECONDS_PER_RUN=10
REVIEWERS=16
while [ $# -gt 0 ]; do
  case "$1" in
    --cases) CASES="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"
command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }
[ -d "$ROOT/tests/browser/node_modules/playwright-core" ] || (cd "$ROOT/tests/browser" && npm ci --silent)
build_release
KEY="bench-sandbox-key-0001"
CONNECTIONS="$REVIEWERS"

# A data directory with N synthetic cases, served: sets URL, PID and LINK (the owner's sign-in link).
serve_cases() {
  local dir="$WORK/$1" n="$2"
  "$BIN/docket" --data-dir "$dir" demo seed --synthetic-kyb "$n" --synthetic-only >/dev/null 2>&1
  start "$WORK/$1.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$dir" --log warn serve --listen 127.0.0.1:0
  LINK="$("$BIN/docket" --data-dir "$dir" console link --url "$URL" 2>/dev/null | grep '^http')"
}
say "Seeding $CASES and $SMALL KYB cases, and serving both"
serve_cases big "$CASES"; BIG_URL="$URL"; BIG_PID="$PID"; BIG_LINK="$LINK"
serve_cases small "$SMALL"; SMALL_URL="$URL"; SMALL_LINK="$LINK"

say "Queue in Chromium: $ROUNDS rounds, interleaved"
node "$ROOT/bench/desk_queue.mjs" --rounds "$ROUNDS" "cases_$CASES,$BIG_URL,$CASES,$BIG_LINK" \
  "cases_$SMALL,$SMALL_URL,$SMALL,$SMALL_LINK" > "$WORK/queue.json"

say "Audit: verifying the stored chain and its export, 3 rounds"
curl -sf -H "ds-api-token: $KEY" "$BIG_URL/_docket/audit/export" > "$WORK/audit.jsonl"
EVENTS="$(wc -l < "$WORK/audit.jsonl")"
timed() { local t0; t0="$(date +%s.%N)"; "$@" >/dev/null; python3 -c "import sys,time; print(time.time() - float(sys.argv[1]))" "$t0"; }
: > "$WORK/audit.txt"
for _ in 1 2 3; do
  echo "stored $(timed curl -sf -H "ds-api-token: $KEY" "$BIG_URL/_docket/audit/verify")" >> "$WORK/audit.txt"
  echo "docket_file $(timed "$BIN/docket" audit verify "$WORK/audit.jsonl")" >> "$WORK/audit.txt"
  echo "python_file $(timed python3 "$ROOT/bench/peers/audit_verify.py" "$WORK/audit.jsonl")" >> "$WORK/audit.txt"
done

say "Next case: $REVIEWERS reviewers for ${SECONDS_PER_RUN}s, beside hello at $CONNECTIONS connections"
start "$WORK/hello.log" "$BIN/hello"
HELLO_URL="$URL"
oha --no-tui -z 2s -c "$CONNECTIONS" "$HELLO_URL/" >/dev/null 2>&1
run hello "$HELLO_URL/" > "$WORK/hello.jsonl"
# The peer claims from a copy of the same cases, taken before Docket's run (SQLite's backup API).
python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).backup(sqlite3.connect(sys.argv[2]))' \
  "$WORK/big/docket.db" "$WORK/claim.db"
"$BIN/desk-next" --url "$BIG_URL" --key "$KEY" --reviewers "$REVIEWERS" --seconds "$SECONDS_PER_RUN" > "$WORK/next.json"
kill "$BIG_PID"; wait "$BIG_PID" 2>/dev/null || true
python3 "$ROOT/bench/peers/desk_claim.py" "$WORK/claim.db" --threads "$REVIEWERS" --seconds "$SECONDS_PER_RUN" > "$WORK/claim.json"

python3 - "$WORK" "$RESULTS/desk-$(date -u +%Y%m%dT%H%M%SZ).json" "$PROFILE" "$CASES" "$SMALL" "$EVENTS" <<'PY'
import json, sys, statistics
work, out, profile, cases, small, events = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
queue = json.load(open(f"{work}/queue.json"))
big, little = queue[f"cases_{cases}"], queue[f"cases_{small}"]
ratio = lambda a, b: float(f"{a / b:.3g}") if b else None
times = {}
for line in open(f"{work}/audit.txt"):
    name, secs = line.split()
    times.setdefault(name, []).append(float(secs))
audit = {name: {"seconds": round(statistics.median(v), 3), "events_per_second": round(events / statistics.median(v))} for name, v in times.items()}
nxt, claim, hello = json.load(open(f"{work}/next.json")), json.load(open(f"{work}/claim.json")), json.loads(open(f"{work}/hello.jsonl").read())
report = {
    "profile": profile,
    "queue_in_chromium": queue,
    "queue_ratios_large_to_small": {k: ratio(big[k]["median_ms"], little[k]["median_ms"]) for k in ("first_page", "page_change", "filter", "sort", "search", "deep_page")},
    "next_case": {"docket": nxt, "bare_sqlite_claim": claim, "hello_same_connections": hello,
                  "ratios": {"calls_per_second_to_bare_sqlite": ratio(nxt["per_second"], claim["per_second"]),
                             "p99_to_bare_sqlite": ratio(nxt["p99_ms"], claim["p99_ms"]),
                             "calls_per_second_to_hello": ratio(nxt["per_second"], hello["rps"])}},
    "audit_verify": {"events": events, **audit,
                     "ratios": {"docket_file_to_python": ratio(audit["docket_file"]["events_per_second"], audit["python_file"]["events_per_second"]),
                                "stored_to_python": ratio(audit["stored"]["events_per_second"], audit["python_file"]["events_per_second"])}},
}
json.dump(report, open(out, "w"), indent=2)
print(json.dumps(report, indent=2))
PY
