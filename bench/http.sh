#!/usr/bin/env bash
# HTTP benchmark of issue 2, with the peers of issue 10: with 100,000 applicants,
# GET /api/v3/applicants?page=0&limit=10 and POST /api/v3/applicants under 64 concurrent
# connections (oha), beside, in the same run and under the same load, an axum hello-world (the
# ceiling), json-server serving the same applicants and Prism mocking Docket's own OpenAPI; then
# a crash test: creates under load, kill -9, and a check that every acknowledged create survived.
#
#   bench/http.sh [--seconds N] [--rounds N] [--applicants N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/http-<time>.json and a summary to standard output. Run it on an
# otherwise idle machine; the figures that matter are the ratios to the servers measured in the
# same run. `--profile debug --seconds 2 --rounds 1 --applicants 10000` checks that the script
# works without a release build (its figures mean nothing).
#
# A peer that dies (json-server runs out of memory serialising its file at 100,000 applicants) is
# reported as such, with the creates it had answered, and the run goes on without it: Docket's own
# figures and the other peers' are still measured and reported. DOCKET_BENCH_KILL_PEER=NAME (json-server
# or prism) kills that peer with SIGKILL one second into its first create run: a check of that path.
SECONDS_PER_RUN=10
ROUNDS=2
CONNECTIONS=64
APPLICANTS=100000
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --applicants) APPLICANTS="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"
PEERS="$ROOT/bench/peers"

command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }
# The peers, pinned in bench/peers/package-lock.json.
if [ ! -x "$PEERS/node_modules/.bin/json-server" ] || [ ! -x "$PEERS/node_modules/.bin/prism" ]; then
  say "Installing the peers (json-server, Prism) into bench/peers/node_modules"
  (cd "$PEERS" && npm ci --no-audit --no-fund --loglevel=error)
fi

build_release
KEY="bench-sandbox-key-0001"
# One body for every server. The date of birth is a full date-time because Docket's OpenAPI
# declares `dob` as `date-time` and Prism rejects a bare date (Docket accepts both).
BODY='{"info": {"first_name": "Bench", "last_name": "Mark", "country": "DE", "dob": "1990-01-01T00:00:00.000Z"}}'

say "Seeding $APPLICANTS applicants"
"$BIN/docket" --data-dir "$WORK/data" demo seed --synthetic "$APPLICANTS" --synthetic-only >/dev/null 2>&1
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
DOCKET_URL="$URL"; DOCKET_PID="$PID"
# The seeded applicants belong to the default organization's sandbox, which the pinned key selects.
count="$(curl -s -H "ds-api-token: $KEY" "$DOCKET_URL/api/v3/applicants?limit=1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["data"]))')"
[ "$count" = "1" ] || { echo "the seeded data is not visible" >&2; exit 1; }
# The size of the list page, so that hello can also send a static body of the same size.
PAGE_BYTES="$(curl -s -H "ds-api-token: $KEY" "$DOCKET_URL/api/v3/applicants?page=0&limit=10" | wc -c)"
start "$WORK/hello.log" "$BIN/hello"
HELLO_URL="$URL"; HELLO_PID="$PID"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The peers by name: their process and log. A peer found dead is written once to $DIED (why, after
# how many creates, during what) and left out of everything after; nothing of Docket's is lost.
declare -A PEER_PID=() PEER_LOG=()
DIED="$WORK/died.jsonl"; : > "$DIED"
PHASE="start"
: > "$WORK/runs.jsonl"

# Starts peer NAME, which cannot print its URL first; waits (up to $4 seconds) until the probe URL
# answers at all. One that does not start is reported as dead, and the run goes on without it.
start_peer() { # name, log, probe URL, seconds, then the command
  local name="$1" log="$2" probe="$3" wait="$4"; shift 4
  "$@" >"$log" 2>&1 &
  PEER_PID[$name]=$!
  PEER_LOG[$name]="$log"
  pids+=("$!")
  for _ in $(seq 1 $((wait * 2))); do
    curl -s -o /dev/null --max-time 2 "$probe" && return 0
    kill -0 "${PEER_PID[$name]}" 2>/dev/null || break
    sleep 0.5
  done
  kill -9 "${PEER_PID[$name]}" 2>/dev/null || true
  peer_alive "$name" "did not start" || true
}

# Whether peer NAME still runs. The first time it is found dead, says so on standard error,
# "json-server: died (out of memory?) after N creates", and records it in $DIED. WHY defaults to
# what its exit and its log show.
peer_alive() { # name [why]
  local name="$1" why="${2:-}" pid="${PEER_PID[$1]}"
  kill -0 "$pid" 2>/dev/null && return 0
  grep -q "\"peer\": \"$name\"" "$DIED" && return 1
  local status=0
  wait "$pid" 2>/dev/null || status=$?
  if [ -z "$why" ]; then
    if grep -qiE "heap out of memory|allocation failed|out of memory|ENOMEM" "${PEER_LOG[$name]}"; then
      why="out of memory"
    elif [ "$status" -eq 137 ] || [ "$status" -eq 134 ]; then
      # SIGKILL is what the kernel's out-of-memory killer sends; SIGABRT what Node does at its heap limit.
      why="out of memory?"
    else
      why="exit $status"
    fi
  fi
  python3 - "$DIED" "$name" "$why" "$status" "$PHASE" "$WORK/runs.jsonl" "${PEER_LOG[$name]}" <<'PY'
import json, sys
died, name, why, status, phase, runs, log = sys.argv[1:]
key = name.replace("-", "_")
# The creates it had answered with 2xx: in the runs so far, and the one of the setup check.
creates = sum(r.get("responses_2xx", 0) for r in map(json.loads, open(runs)) if r.get("name") == f"create_{key}")
try:
    setup = json.load(open(runs.rsplit("/", 1)[0] + "/setup.json")).get(key, {})
    creates += 1 if setup.get("create_status", 0) // 100 == 2 else 0
except (OSError, ValueError):
    pass
tail = open(log, errors="replace").read().splitlines()[-5:]
print(f"{name}: died ({why}) after {creates} creates, during {phase}", file=sys.stderr)
with open(died, "a") as out:
    out.write(json.dumps({"peer": name, "why": why, "exit_status": int(status), "after_creates": creates,
                          "during": phase, "log_tail": tail}) + "\n")
PY
  return 1
}

# The peak resident memory of each live peer, kept after each run: a peer that dies keeps its last.
note_peaks() {
  local name
  for name in "${!PEER_PID[@]}"; do
    kill -0 "${PEER_PID[$name]}" 2>/dev/null && peak_mb "${PEER_PID[$name]}" > "$WORK/peak-$name" 2>/dev/null || true
  done
}

say "json-server: the same $APPLICANTS applicants, read through Docket's list API"
python3 "$PEERS/export_applicants.py" "$DOCKET_URL" "$KEY" "$WORK/json-server-db.json" >/dev/null
JSON_SERVER_URL="http://127.0.0.1:$(free_port)"
# `--id applicant_id`: Docket's id field is json-server's id. --quiet: no log line per request,
# as Docket runs with --log warn. It writes the whole file after every change (its real behaviour).
# At 100,000 applicants, concurrent creates exhaust Node's default heap (about 4 GB here) while it
# serialises that file; with 8 GB it survives.
start_peer json-server "$WORK/json-server.log" "$JSON_SERVER_URL/applicants?_page=1&_limit=1" 120 \
  node --max-old-space-size=8192 "$PEERS/node_modules/json-server/lib/cli/bin.js" --quiet --host 127.0.0.1 --port "${JSON_SERVER_URL##*:}" \
  --id applicant_id "$WORK/json-server-db.json"

say "Prism: mocking Docket's own OpenAPI (docket openapi)"
"$BIN/docket" openapi > "$WORK/openapi.json"
PRISM_URL="http://127.0.0.1:$(free_port)"
# Warnings only: a log line per request would be Prism's default but not what one would measure.
start_peer prism "$WORK/prism.log" "$PRISM_URL/api/v3/applicants" 60 \
  node "$PEERS/node_modules/@stoplight/prism-cli/dist/index.js" mock --host 127.0.0.1 --port "${PRISM_URL##*:}" \
  --verboseLevel warn "$WORK/openapi.json"

LIST_DOCKET="$DOCKET_URL/api/v3/applicants?page=0&limit=10"
LIST_JSON_SERVER="$JSON_SERVER_URL/applicants?_page=1&_limit=10"
LIST_PRISM="$PRISM_URL/api/v3/applicants?page=0&limit=10"
# Each server's answer to one list request and one create, checked before the load (a peer that
# died is left out; one that cannot be reached now is found dead just after).
checked=(docket "$LIST_DOCKET" "$DOCKET_URL/api/v3/applicants")
peer_alive json-server && checked+=(json_server "$LIST_JSON_SERVER" "$JSON_SERVER_URL/applicants")
peer_alive prism && checked+=(prism "$LIST_PRISM" "$PRISM_URL/api/v3/applicants")
python3 - "$WORK/setup.json" "$KEY" "$BODY" "${checked[@]}" <<'PY'
import json, sys, urllib.request
out, key, body = sys.argv[1:4]
servers = sys.argv[4:]
setup = {}
for name, list_url, create_url in zip(servers[0::3], servers[1::3], servers[2::3]):
    headers = {"ds-api-token": key}
    try:
        with urllib.request.urlopen(urllib.request.Request(list_url, headers=headers)) as r:
            page = r.read()
            listed = json.loads(page)
            items = listed["data"] if isinstance(listed, dict) else listed
            setup[name] = {"list_status": r.status, "list_page_bytes": len(page), "list_page_items": len(items)}
    except (urllib.error.URLError, ConnectionError) as e:
        if name == "docket" or isinstance(e, urllib.error.HTTPError):
            raise
        setup[name] = {"unreachable": str(e)}
        continue
    req = urllib.request.Request(create_url, data=body.encode(), method="POST",
                                 headers={**headers, "content-type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            setup[name]["create_status"] = r.status
    except urllib.error.HTTPError as e:
        sys.exit(f"{name} refused the create body: {e.code} {e.read()[:300]!r}")
    except (urllib.error.URLError, ConnectionError) as e:
        if name == "docket":
            raise
        setup[name]["unreachable"] = str(e)
json.dump(setup, open(out, "w"))
PY
PHASE="the setup check"
for peer in json-server prism; do peer_alive "$peer" || true; done

run() { # name, then oha arguments
  local name="$1"; shift
  oha --no-tui --output-format json -z "${SECONDS_PER_RUN}s" -c "$CONNECTIONS" "$@" > "$WORK/$name.json" 2>/dev/null
  python3 - "$WORK/$name.json" "$name" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s, p = d["summary"], d["latencyPercentiles"]
codes = d.get("statusCodeDistribution", {})
errors = d.get("errorDistribution", {})
ok = sum(n for c, n in codes.items() if c.startswith("2"))
ms = lambda v: None if v is None else round(v * 1000, 3)
print(json.dumps({"name": sys.argv[2], "rps": round(s["requestsPerSec"] or 0),
                  "ok_rps": round(ok / s["total"], 1) if s.get("total") else 0,
                  "p50_ms": ms(p.get("p50")), "p99_ms": ms(p.get("p99")), "success_rate": s["successRate"],
                  "responses_2xx": ok, "non_2xx": sum(codes.values()) - ok, "status": codes, "errors": errors}))
PY
}

# How many applicants json-server holds (its X-Total-Count); empty when it does not answer.
json_server_count() {
  { curl -s --max-time 10 -D - -o /dev/null "$JSON_SERVER_URL/applicants?_page=1&_limit=1" || true; } \
    | tr -d '\r' | awk 'tolower($1) == "x-total-count:" {print $2}'
}

# json-server answers the creates one at a time, each after rewriting its whole file, so some are
# still queued when oha stops. Waits (bounded) until it answers a list again, so that the next
# run does not measure the backlog; the wait is reported.
drain_json_server() {
  local started; started="$(date +%s.%N)"
  for _ in $(seq 1 600); do
    curl -s -o /dev/null --max-time 1 "$JSON_SERVER_URL/applicants?_page=1&_limit=1" && break
    peer_alive json-server || return 0
  done
  peer_alive json-server || return 0
  python3 -c "import json,sys,time; print(json.dumps({'name': 'json_server_drain', 'seconds': round(time.time() - float(sys.argv[1]), 2)}))" "$started"
}

# Node compiles hot code as it runs: two seconds of every read (and of Prism's stateless create)
# first, not counted, so that a short run does not measure the peers' warm-up.
say "Warm-up: 2 s of each read and of Prism's create, not counted"
warm() { oha --no-tui --output-format json -z 2s -c "$CONNECTIONS" -H "ds-api-token: $KEY" "$@" >/dev/null 2>&1; }
PHASE="the warm-up"
warm "$HELLO_URL/"; warm "$LIST_DOCKET"
peer_alive json-server && warm "$LIST_JSON_SERVER"
peer_alive prism && warm "$LIST_PRISM" && warm -m POST -H "content-type: application/json" -d "$BODY" "$PRISM_URL/api/v3/applicants"
JSON_SERVER_BEFORE=""
peer_alive json-server && JSON_SERVER_BEFORE="$(json_server_count)"
note_peaks

# One run of a peer, if it still runs; then whether it survived it. DOCKET_BENCH_KILL_PEER kills it
# one second into its first create run (a check of this path).
run_peer() { # peer, run name, then oha arguments
  local peer="$1" name="$2"; shift 2
  PHASE="round $round: $name"
  peer_alive "$peer" || return 0
  local killer=""
  if [ "${DOCKET_BENCH_KILL_PEER:-}" = "$peer" ] && [[ "$name" == create_* ]] && [ -z "${KILLED:-}" ]; then
    KILLED=1
    (sleep 1; kill -9 "${PEER_PID[$peer]}" 2>/dev/null || true) &
    killer=$!
  fi
  run "$name" "$@" >> "$WORK/runs.jsonl"
  [ -z "$killer" ] || wait "$killer" || true
  note_peaks
  peer_alive "$peer" || true
}

say "Load: $ROUNDS rounds of ${SECONDS_PER_RUN}s each, $CONNECTIONS connections, servers interleaved"
for round in $(seq 1 "$ROUNDS"); do
  PHASE="round $round"
  run hello "$HELLO_URL/" >> "$WORK/runs.jsonl"
  run static_page "$HELLO_URL/static-page?bytes=$PAGE_BYTES" >> "$WORK/runs.jsonl"
  run list "$LIST_DOCKET" -H "ds-api-token: $KEY" >> "$WORK/runs.jsonl"
  run_peer json-server list_json_server "$LIST_JSON_SERVER" -H "ds-api-token: $KEY"
  run_peer prism list_prism "$LIST_PRISM" -H "ds-api-token: $KEY"
  run create -m POST -H "ds-api-token: $KEY" -H "content-type: application/json" -d "$BODY" \
    "$DOCKET_URL/api/v3/applicants" >> "$WORK/runs.jsonl"
  run_peer json-server create_json_server -m POST -H "ds-api-token: $KEY" -H "content-type: application/json" -d "$BODY" \
    "$JSON_SERVER_URL/applicants"
  PHASE="round $round: json-server's drain"
  peer_alive json-server && drain_json_server >> "$WORK/runs.jsonl"
  run_peer prism create_prism -m POST -H "ds-api-token: $KEY" -H "content-type: application/json" -d "$BODY" \
    "$PRISM_URL/api/v3/applicants"
done
PHASE="the end of the load"
DOCKET_RSS="$(rss_mb "$DOCKET_PID")"; DOCKET_PEAK="$(peak_mb "$DOCKET_PID")"; HELLO_RSS="$(rss_mb "$HELLO_PID")"
note_peaks
JSON_SERVER_STORED=null
if peer_alive json-server && [ -n "$JSON_SERVER_BEFORE" ]; then
  after="$(json_server_count)"
  [ -z "$after" ] || JSON_SERVER_STORED="$(( after - JSON_SERVER_BEFORE ))"
fi
peer_alive prism || true
JSON_SERVER_PEAK="$(cat "$WORK/peak-json-server" 2>/dev/null || echo null)"
PRISM_PEAK="$(cat "$WORK/peak-prism" 2>/dev/null || echo null)"
JSON_SERVER_FILE_MB="$(python3 -c 'import os,sys; print(round(os.path.getsize(sys.argv[1]) / 1e6, 1))' "$WORK/json-server-db.json")"
kill "$DOCKET_PID" 2>/dev/null || true
for peer in json-server prism; do kill "${PEER_PID[$peer]}" 2>/dev/null || true; done
wait "$DOCKET_PID" 2>/dev/null || true
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
  "$RESULTS/http-$(date -u +%Y%m%dT%H%M%SZ).json" "$WORK/setup.json" "$JSON_SERVER_PEAK" "$PRISM_PEAK" \
  "$JSON_SERVER_FILE_MB" "$PROFILE" "$APPLICANTS" "$SECONDS_PER_RUN" "$ROUNDS" "$CONNECTIONS" "$PEERS/package-lock.json" "$JSON_SERVER_STORED" \
  "$DIED" <<'PY'
import json, sys, statistics
runs = [json.loads(l) for l in open(sys.argv[1])]
died = {d["peer"].replace("-", "_"): d for d in map(json.loads, open(sys.argv[19]))}
by = {}
for r in runs:
    by.setdefault(r["name"], []).append(r)
def med(name, key):
    values = [r[key] for r in by.get(name, []) if r.get(key) is not None]
    return statistics.median(values) if values else None
def figures(name):
    # A peer that died has fewer runs, or none: its figures are over the runs it finished (or None).
    return {k: med(name, k) for k in ("rps", "ok_rps", "p50_ms", "p99_ms")} | {
        "runs": len(by.get(name, [])),
        "non_2xx": sum(r["non_2xx"] for r in by.get(name, [])),
        # Failed connections and the like; requests still in flight when a run ends are not errors.
        "errors": sum(n for r in by.get(name, []) for e, n in r["errors"].items() if e != "aborted due to deadline"),
        "responses_2xx": sum(r["responses_2xx"] for r in by.get(name, []))}
number = lambda v: None if v == "null" else float(v)
def ratio(a, b):  # four significant digits: some ratios are far below 0.001
    return float(f"{a / b:.4g}") if a is not None and b else None
lock = json.load(open(sys.argv[17]))["packages"]
servers = {"hello": "hello", "json_server": "_json_server", "prism": "_prism"}
endpoints = {"list": {"docket": figures("list"), "json_server": figures("list_json_server"), "prism": figures("list_prism")},
             "create": {"docket": figures("create"), "json_server": figures("create_json_server"),
                        "prism": figures("create_prism")}}
hello = figures("hello")
# Docket's 2xx throughput over each server's, and Docket's p99 over theirs (below 1: Docket's is lower).
docket_ratios = {}
for endpoint, by_server in endpoints.items():
    d = by_server["docket"]
    docket_ratios[endpoint] = {"hello": {"rps": ratio(d["ok_rps"], hello["ok_rps"]), "p99": ratio(d["p99_ms"], hello["p99_ms"])}}
    for peer in ("json_server", "prism"):
        docket_ratios[endpoint][peer] = {"rps": ratio(d["ok_rps"], by_server[peer]["ok_rps"]),
                                         "p99": ratio(d["p99_ms"], by_server[peer]["p99_ms"])}
report = {
    "profile": sys.argv[12],
    "load": {"applicants": int(sys.argv[13]), "seconds_per_run": int(sys.argv[14]), "rounds": int(sys.argv[15]),
             "connections": int(sys.argv[16])},
    "hello": {k: med("hello", k) for k in ("rps", "p50_ms", "p99_ms")},
    "static_page_same_size_as_list": {k: med("static_page", k) for k in ("rps", "p50_ms", "p99_ms")},
    "list": {k: med("list", k) for k in ("rps", "p50_ms", "p99_ms")},
    "create": {k: med("create", k) for k in ("rps", "p50_ms", "p99_ms")},
    "ratios_to_hello": {"list": ratio(med("list", "rps"), hello["rps"]), "create": ratio(med("create", "rps"), hello["rps"])},
    "list_ratio_to_static_page": ratio(med("list", "rps"), med("static_page", "rps")),
    "peers": {
        "versions": {"json-server": lock["node_modules/json-server"]["version"],
                     "@stoplight/prism-cli": lock["node_modules/@stoplight/prism-cli"]["version"]},
        "setup": json.load(open(sys.argv[8])),
        "endpoints": endpoints,
        "docket_ratios": docket_ratios,
        "json_server_drain_seconds": [r["seconds"] for r in by.get("json_server_drain", [])],
        "json_server_file_mb_after": float(sys.argv[11]),
        # Creates it stored during the load, against the 2xx that oha saw: the rest were still
        # queued when oha stopped, and were served during the drain (None when it died).
        "json_server_creates_stored": None if sys.argv[18] == "null" else int(sys.argv[18]),
        # The last peak seen while it ran.
        "peak_rss_mb": {"json_server": number(sys.argv[9]), "prism": number(sys.argv[10])},
        # Peers that died: why, after how many creates, during what; their figures cover the runs
        # they finished.
        "died": died,
    },
    "server_rss_mb": {"docket_after_load": float(sys.argv[4]), "docket_peak": float(sys.argv[5]), "hello": float(sys.argv[6])},
    "crash_test": {"load": json.load(open(sys.argv[2])), "check": json.load(open(sys.argv[3]))},
    "non_2xx": {r["name"]: r["status"] for r in runs if "status" in r and set(r["status"]) - {"200", "201"}},
    "runs": runs,
}
json.dump(report, open(sys.argv[7], "w"), indent=2)
print(json.dumps({k: v for k, v in report.items() if k not in ("runs", "peers")}, indent=2))

# The table of issue 10: per endpoint and server, then Docket's ratios.
fmt = lambda v, spec: "-" if v is None else format(v, spec)
print(f"\nprofile {report['profile']}, {report['load']['applicants']} applicants, {report['load']['connections']} connections, "
      f"{report['load']['rounds']} x {report['load']['seconds_per_run']}s; medians over the rounds")
print(f"{'endpoint':8} {'server':12} {'rps(2xx)':>10} {'p50 ms':>9} {'p99 ms':>9} {'non-2xx':>8}   Docket's rps / p99 over the server's")
rows = [("GET /", "hello", hello, None)]
for endpoint, by_server in endpoints.items():
    for server, f in by_server.items():
        rows.append((endpoint, server, f, None if server == "docket" else docket_ratios[endpoint][server]))
    rows.append((endpoint, "(vs hello)", None, docket_ratios[endpoint]["hello"]))
for endpoint, server, f, r in rows:
    cells = f"{fmt(f['ok_rps'], '>10.1f')} {fmt(f['p50_ms'], '>9.2f')} {fmt(f['p99_ms'], '>9.2f')} {f['non_2xx']:>8}" if f else " " * 39
    rf = lambda v: "-" if v is None else f"{v:.0f}" if v >= 100 else f"{v:.3g}"
    rat = f"   {rf(r['rps'])} / {rf(r['p99'])}" if r else ""
    print(f"{endpoint:8} {server:12} {cells}{rat}")
bad = {f"{e}/{s}": {"non_2xx": f["non_2xx"], "errors": f["errors"]}
       for e, bs in endpoints.items() for s, f in bs.items() if f["non_2xx"] or f["errors"]}
if bad:
    print("WARNING: non-2xx answers or failed requests (such a rate is not a fair figure):", bad)
for d in died.values():
    print(f"WARNING: {d['peer']}: died ({d['why']}) after {d['after_creates']} creates, during {d['during']}; "
          f"its figures cover the runs it finished. Its log ended: {d['log_tail'][-1:]}")
print("json-server drain after each create run (s):", report["peers"]["json_server_drain_seconds"],
      "; creates it stored:", report["peers"]["json_server_creates_stored"],
      "of which answered 2xx within the runs:", endpoints["create"]["json_server"]["responses_2xx"])
print("list page sizes (bytes/items):", {k: (v.get("list_page_bytes"), v.get("list_page_items")) for k, v in report["peers"]["setup"].items()})
print("saved", sys.argv[7])
PY
