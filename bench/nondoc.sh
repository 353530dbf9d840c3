#!/usr/bin/env bash
# Non-document checks benchmark of issue 35: (1) the same generated national identifiers (24
# kinds, half valid, half with a changed check character) validated by docket-nationalid and by
# python-stdnum (the Python peer) in the same run, one thread each: checks per second, the ratio,
# and how often the two verdicts agree; (2) `POST /api/v4/nondoc/{applicant_id}/verify` in the
# sandbox (each check stored with its event before the answer) under 32 connections (oha).
#
#   bench/nondoc.sh [--numbers N] [--seconds N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/nondoc-<time>.json and a summary to standard output.
NUMBERS=240000
SECONDS_PER_RUN=10
CONNECTIONS=32
while [ $# -gt 0 ]; do
  case "$1" in
    --numbers) NUMBERS="$2"; shift 2 ;;
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"

command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }
build_release
if [ -z "${DOCKET_BENCH_NO_BUILD:-}" ]; then
  flags=(); [ "$PROFILE" = release ] && flags=(--release)
  (cd "$ROOT" && cargo build "${flags[@]}" --quiet -p docket-nationalid --example numbers)
fi
NUMBERS_BIN="$BIN/examples/numbers"
VENV="$ROOT/bench/.venv"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import stdnum, aiohttp' 2>/dev/null; then
  say "Installing the peers into bench/.venv"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet -r "$ROOT/bench/requirements.txt"
fi

say "Generating $NUMBERS identifiers"
"$NUMBERS_BIN" generate "$NUMBERS" 35 > "$WORK/numbers.tsv"
say "Validation: docket-nationalid, then python-stdnum, over the same numbers"
"$NUMBERS_BIN" check "$WORK/numbers.tsv" > "$WORK/docket.json"
"$VENV/bin/python" "$ROOT/bench/nondoc_peer.py" "$WORK/numbers.tsv" > "$WORK/peer.json"

SANDBOX="bench-sandbox-key-0001"
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$SANDBOX" \
  "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
DOCKET_URL="$URL"
APPLICANT="$(curl -s -X POST -H "ds-api-token: $SANDBOX" -H 'Content-Type: application/json' \
  -d '{"info": {"full_name": "Anna Nowak", "dob": "2002-01-13", "gender": "F"}}' "$DOCKET_URL/api/v3/applicants" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
BODY='{"verification_type": "NONDOC_NATIONAL_ID", "request_data": {"id_type": "PL_PESEL", "number": "02211307589"}}'
say "HTTP: ${SECONDS_PER_RUN}s at $CONNECTIONS connections (after a 2 s warm-up)"
oha --no-tui -z 2s -c "$CONNECTIONS" -m POST -H "ds-api-token: $SANDBOX" -H 'Content-Type: application/json' \
  -d "$BODY" "$DOCKET_URL/api/v4/nondoc/$APPLICANT/verify" >/dev/null 2>&1
run docket_verify "$DOCKET_URL/api/v4/nondoc/$APPLICANT/verify" -m POST -H "ds-api-token: $SANDBOX" \
  -H 'Content-Type: application/json' -d "$BODY" > "$WORK/http.json"

python3 - "$WORK" "$RESULTS/nondoc-$(date -u +%Y%m%dT%H%M%SZ).json" <<'PY'
import collections, json, sys
work, out = sys.argv[1], sys.argv[2]
docket = json.load(open(f"{work}/docket.json"))
peer = json.load(open(f"{work}/peer.json"))
http = json.loads(open(f"{work}/http.json").read().strip().splitlines()[-1])
kinds = [l.split("\t", 1)[0] for l in open(f"{work}/numbers.tsv")]
ours = open(f"{work}/numbers.tsv.verdicts").read().split()
theirs = open(f"{work}/numbers.tsv.peer-verdicts").read().split()
disagree = collections.Counter(k for k, a, b in zip(kinds, ours, theirs) if a != b)
agreement = 1 - sum(disagree.values()) / len(kinds)
result = {"validation": {"docket_nationalid": docket, "python_stdnum": peer,
                         "ratio": round(docket["per_second"] / peer["per_second"], 1),
                         "agreement": round(agreement, 5), "disagreements_by_kind": dict(disagree)},
          "http_verify": http}
json.dump(result, open(out, "w"), indent=2)
print(json.dumps(result, indent=2))
PY
