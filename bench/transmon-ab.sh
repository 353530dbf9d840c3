#!/usr/bin/env bash
# Two builds of `docket` side by side under bench/transmon.sh's event load, interleaved round by
# round on a fresh data directory each time (10 s saturated, then 10 s at 5,000 events/s on the
# same server): for a change to the event path, the before-and-after figures of one run, as the
# host's speed drifts between runs.
#
#   bench/transmon-ab.sh OLD_DOCKET NEW_DOCKET [--rounds N] [--seconds N]
#
# Build each binary and copy it under its own name first (a build of another commit with the
# shared target directory replaces target/release/docket). The load generator is this checkout's
# (built unless --no-build). Results go to bench/results/transmon-ab-<time>.json.
set -euo pipefail
OLD="$(realpath "$1")"; NEW="$(realpath "$2")"; shift 2
SECONDS_PER_RUN=10
ROUNDS=3
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS="$2"; shift 2 ;;
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"
build_release
KEY="bench-sandbox-key-0001"
python3 "$ROOT/bench/transmon/make.py" "$WORK/inputs"
load() { "$BIN/transmon-load" --url "$1" --key "$KEY" --rules "$WORK/inputs/rules.json" \
  --events "$WORK/inputs/events.jsonl" --concurrency 64 --seconds "$SECONDS_PER_RUN" "${@:2}"; }
for round in $(seq 1 "$ROUNDS"); do
  for which in old new; do
    bin="$OLD"; [ "$which" = new ] && bin="$NEW"
    say "Round $round: $which"
    rm -rf "$WORK/data"
    start "$WORK/$which.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$bin" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
    saturated="$(load "$URL")"
    before="$(written_bytes "$PID")"
    paced="$(load "$URL" --rate 5000 --reuse)"
    written=$(( $(written_bytes "$PID") - before ))
    kill "$PID"; wait "$PID" 2>/dev/null || true
    echo "{\"round\": $round, \"binary\": \"$which\", \"saturated\": $saturated, \"paced\": $paced, \"paced_written_bytes\": $written}" >> "$WORK/rounds.jsonl"
  done
done
python3 - "$WORK/rounds.jsonl" "$RESULTS/transmon-ab-$(date -u +%Y%m%dT%H%M%SZ).json" "$OLD" "$NEW" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
mean = lambda which, run, key: statistics.mean(r[run][key] for r in rows if r["binary"] == which)
summary = {run: {which: {k: mean(which, run, k) for k in ("per_second", "p50_ms", "p99_ms")} for which in ("old", "new")}
           for run in ("saturated", "paced")}
for r in rows:
    r["paced"]["written_kb_per_event"] = round(r.pop("paced_written_bytes") / 1024 / max(r["paced"]["events"], 1), 1)
for which in ("old", "new"):
    summary["paced"][which]["written_kb_per_event"] = mean(which, "paced", "written_kb_per_event")
for run in summary:
    summary[run]["new_to_old"] = {k: round(summary[run]["new"][k] / summary[run]["old"][k], 3) for k in summary[run]["new"]}
report = {"old": sys.argv[3], "new": sys.argv[4], "rounds": rows, "mean": summary}
json.dump(report, open(sys.argv[2], "w"), indent=2)
print(json.dumps(summary, indent=2))
PY
