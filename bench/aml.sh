#!/usr/bin/env bash
# AML benchmark of issue 3: search latency on the US Consolidated Screening List and on a
# generated list of 1,000,000 names, beside Python rapidfuzz searching the same normalised names
# for the same queries in the same run; the CSL import through `docket lists import`; and the
# server's memory and HTTP search latency with the CSL imported.
#
#   bench/aml.sh [--csl FILE] [--names N] [--peer-queries N] [--seconds N]
#
# The CSL defaults to ../shared/data/watchlists/us_consolidated_screening_list.csv.gz beside the
# repository. Results go to bench/results/aml-<time>.json and a summary to standard output.
source "$(dirname "$0")/lib.sh"
CSL="$ROOT/../shared/data/watchlists/us_consolidated_screening_list.csv.gz"
NAMES=1000000
PEER_QUERIES=100
SECONDS_PER_RUN=8
while [ $# -gt 0 ]; do
  case "$1" in
    --csl) CSL="$2"; shift 2 ;;
    --names) NAMES="$2"; shift 2 ;;
    --peer-queries) PEER_QUERIES="$2"; shift 2 ;;
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[ -f "$CSL" ] || { echo "no CSL file at $CSL (pass --csl FILE)" >&2; exit 2; }

command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }

build_release
VENV="$ROOT/bench/.venv"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import rapidfuzz' 2>/dev/null; then
  say "Installing the peer (rapidfuzz) into bench/.venv"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet -r "$ROOT/bench/requirements.txt"
fi
KEY="bench-production-key-0001"

say "Search latency: Docket's index (the CSL, then $NAMES generated names)"
"$BIN/aml-search" --csl "$CSL" --generated-names "$NAMES" --peer-dir "$WORK/peer" > "$WORK/docket.jsonl"

say "Search latency: rapidfuzz over the same names and queries (all CSL queries, $PEER_QUERIES on the large list)"
"$VENV/bin/python" "$ROOT/bench/aml_peer.py" "$WORK/peer" csl > "$WORK/peer.jsonl"
"$VENV/bin/python" "$ROOT/bench/aml_peer.py" "$WORK/peer" generated --max-queries "$PEER_QUERIES" >> "$WORK/peer.jsonl"

say "CSL import with docket lists import (3 runs into one data directory)"
: > "$WORK/imports.txt"
for _ in 1 2 3; do
  start=$EPOCHREALTIME
  "$BIN/docket" --data-dir "$WORK/data" --log warn lists import --format us-csl "$CSL" > "$WORK/import.out" 2>&1
  end=$EPOCHREALTIME
  python3 -c "print($end - $start)" >> "$WORK/imports.txt"
done

say "Server with the CSL imported: memory and HTTP search latency (${SECONDS_PER_RUN}s, 8 connections)"
start "$WORK/serve.log" env DOCKET_PRODUCTION_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn \
  serve --listen 127.0.0.1:0
BODY='{"full_name": "Vladimir Putin", "limit": 10}'
# The first search waits for the index; it must find the listed name.
for _ in $(seq 1 100); do
  found="$(curl -s -X POST -H "ds-api-token: $KEY" -H 'content-type: application/json' -d "$BODY" \
    "$URL/api/v3/aml/search" | python3 -c 'import json,sys; print(len(json.load(sys.stdin).get("data", [])))' || echo 0)"
  [ "$found" != "0" ] && break
  sleep 0.2
done
[ "$found" != "0" ] || { echo "the imported CSL is not searchable" >&2; exit 1; }
IDLE_RSS="$(rss_mb "$PID")"
oha --no-tui --output-format json -z "${SECONDS_PER_RUN}s" -c 8 -m POST -H "ds-api-token: $KEY" \
  -H 'content-type: application/json' -d "$BODY" "$URL/api/v3/aml/search" > "$WORK/http.json" 2>/dev/null
LOADED_RSS="$(rss_mb "$PID")"
PEAK_RSS="$(peak_mb "$PID")"

python3 - "$WORK" "$IDLE_RSS" "$LOADED_RSS" "$PEAK_RSS" "$RESULTS/aml-$(date -u +%Y%m%dT%H%M%SZ).json" <<'PY'
import json, statistics, sys
from pathlib import Path
work = Path(sys.argv[1])
docket = {d["list"]: d for d in map(json.loads, (work / "docket.jsonl").read_text().splitlines())}
peer = {d["list"]: d for d in map(json.loads, (work / "peer.jsonl").read_text().splitlines())}
imports = [float(x) for x in (work / "imports.txt").read_text().split()]
http = json.loads((work / "http.json").read_text())
result = {
    "docket": docket, "rapidfuzz": peer,
    "csl_import_seconds": {"runs": imports, "median": statistics.median(imports)},
    "import_output": (work / "import.out").read_text().strip().splitlines()[-6:],
    "server": {"rss_mib_after_index": float(sys.argv[2]), "rss_mib_after_load": float(sys.argv[3]),
               "peak_rss_mib": float(sys.argv[4]),
               "http_search": {"rps": round(http["summary"]["requestsPerSec"]),
                               "p50_ms": round(http["latencyPercentiles"]["p50"] * 1000, 3),
                               "p99_ms": round(http["latencyPercentiles"]["p99"] * 1000, 3),
                               "status": http.get("statusCodeDistribution", {})}},
}
Path(sys.argv[5]).write_text(json.dumps(result, indent=2))
print(f"{'list':<10} {'names':>9} {'docket p50':>11} {'p99':>8} {'rapidfuzz p50':>14} {'p99':>8} {'p50 ratio':>10}")
for name, d in docket.items():
    p = peer.get(name, {})
    ratio = p.get("p50_ms", 0) / d["p50_ms"] if d["p50_ms"] else 0
    print(f"{name:<10} {d['names']:>9} {d['p50_ms']:>9.3f}ms {d['p99_ms']:>6.2f}ms {p.get('p50_ms', 0):>12.2f}ms "
          f"{p.get('p99_ms', 0):>6.1f}ms {ratio:>9.0f}x")
for name, d in docket.items():
    print(f"{name}: {d['entities']} entities, generated or copied and indexed in {d['load_and_index_seconds']:.2f}s, "
          f"index {d['index_rss_mib']:.0f} MiB, process {d['process_rss_mib']:.0f} MiB (entities and index)")
print(f"CSL import (docket lists import, end to end): median {statistics.median(imports):.2f}s of {imports}")
s = result["server"]
print(f"server with demo list + CSL: RSS {s['rss_mib_after_index']} MiB after the index, {s['rss_mib_after_load']} MiB "
      f"after load, peak {s['peak_rss_mib']} MiB; HTTP search {s['http_search']['rps']}/s, "
      f"p50 {s['http_search']['p50_ms']} ms, p99 {s['http_search']['p99_ms']} ms")
print(f"written to {sys.argv[5]}")
PY
