#!/usr/bin/env bash
# Transaction monitoring (issue 15), each figure beside a peer in the same run:
#   1. Rule evaluation in-process: the same 50 rules on the same events (bench/transmon/make.py),
#      Docket's `docket-rules` (crates/bench transmon-eval) beside Python `simpleeval`
#      (bench/peers/transmon_eval.py, exact decimals as Docket): nanoseconds per rule
#      evaluation and microseconds per event, and that both fired the same number of times.
#   2. Events over HTTP: `docket serve` with those 50 rules active and 1,000 applicants, 64
#      connections sending transactions (crates/bench transmon-load; every answer a durable
#      write of the event, its day's aggregates, its result and its webhook event), beside the
#      axum hello-world at 64 connections: events per second and p99 as fast as the answers come
#      (saturated: the latency is mostly queueing), then at a paced 5,000 events/s (latency from
#      each event's scheduled time). Target: 5,000/s, p99 under 10 ms.
#
#   bench/transmon.sh [--seconds N] [--events N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/transmon-<time>.json and a summary to standard output.
SECONDS_PER_RUN=10
EVENTS=2000
CONNECTIONS=64
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --events) EVENTS="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"
command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }
VENV="$ROOT/bench/.venv"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet -r "$ROOT/bench/requirements.txt"
build_release
KEY="bench-sandbox-key-0001"

say "Inputs: 50 rules, $EVENTS events"
python3 "$ROOT/bench/transmon/make.py" "$WORK/inputs" --events "$EVENTS"

say "Rule evaluation in-process: docket-rules beside simpleeval"
"$BIN/transmon-eval" "$WORK/inputs/rules.json" "$WORK/inputs/events.jsonl" > "$WORK/eval_docket.json"
"$VENV/bin/python" "$ROOT/bench/peers/transmon_eval.py" "$WORK/inputs/rules.json" "$WORK/inputs/events.jsonl" > "$WORK/eval_peer.json"

say "Events over HTTP: $CONNECTIONS connections for ${SECONDS_PER_RUN}s, beside hello"
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
DOCKET_URL="$URL"; DOCKET_PID="$PID"
start "$WORK/hello.log" "$BIN/hello"
HELLO_URL="$URL"
oha --no-tui -z 2s -c "$CONNECTIONS" "$HELLO_URL/" >/dev/null 2>&1
run hello "$HELLO_URL/" > "$WORK/hello.jsonl"
"$BIN/transmon-load" --url "$DOCKET_URL" --key "$KEY" --rules "$WORK/inputs/rules.json" --events "$WORK/inputs/events.jsonl" \
  --concurrency "$CONNECTIONS" --seconds "$SECONDS_PER_RUN" > "$WORK/load.json"
# The same server at the target rate, paced (latency from each event's scheduled time), and
# what it wrote to storage meanwhile.
BEFORE="$(written_bytes "$DOCKET_PID")"
"$BIN/transmon-load" --url "$DOCKET_URL" --key "$KEY" --rules "$WORK/inputs/rules.json" --events "$WORK/inputs/events.jsonl" \
  --concurrency "$CONNECTIONS" --seconds "$SECONDS_PER_RUN" --rate 5000 --reuse > "$WORK/paced.json"
DOCKET_RSS="$(rss_mb "$DOCKET_PID")"
WRITTEN=$(( $(written_bytes "$DOCKET_PID") - BEFORE ))

python3 - "$WORK" "$RESULTS/transmon-$(date -u +%Y%m%dT%H%M%SZ).json" "$PROFILE" "$DOCKET_RSS" "$WRITTEN" <<'PY'
import json, sys
work, out, profile, rss, written = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5])
d, p = json.load(open(f"{work}/eval_docket.json")), json.load(open(f"{work}/eval_peer.json"))
load, hello = json.load(open(f"{work}/load.json")), json.load(open(f"{work}/hello.jsonl"))
paced = json.load(open(f"{work}/paced.json"))
paced["written_kb_per_event"] = round(written / 1024 / max(paced["events"], 1), 1)
ratio = lambda a, b: float(f"{a / b:.3g}") if b else None
report = {
    "profile": profile,
    "evaluation": {"docket_rules": d, "simpleeval": p, "same_fired": d["fired"] == p["fired"],
                   "ratio_simpleeval_ns_to_docket_ns": ratio(p["ns_per_rule"], d["ns_per_rule"])},
    "http": {"docket_saturated": load, "docket_at_5000_per_second": paced, "hello_same_connections": hello,
             "docket_rss_mb": rss, "ratio_events_per_second_to_hello": ratio(load["per_second"], hello["rps"]),
             "target": {"events_per_second": 5000, "p99_ms": 10,
                        "met": load["per_second"] >= 5000 and paced["per_second"] >= 4900 and paced["p99_ms"] < 10}},
}
json.dump(report, open(out, "w"), indent=2)
print(json.dumps(report, indent=2))
PY
