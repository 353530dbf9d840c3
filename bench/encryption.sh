#!/usr/bin/env bash
# The cost of encryption at rest (issue 16): one data directory of N applicants, served plain and,
# converted with `docket db encrypt`, encrypted, by two servers running side by side; the list
# (GET /api/v3/applicants, 64 connections), create (POST /api/v3/applicants, 64 connections) and
# AML search (POST /api/v3/aml/search, 8 connections, as bench/aml.sh) of each, interleaved
# round by round, and the encrypted figures as ratios to the plain ones. Also: how long the
# conversion took, and each server's start.
#
#   bench/encryption.sh [--seconds N] [--rounds N] [--applicants N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/encryption-<time>.json and a summary to standard output.
SECONDS_PER_RUN=10
ROUNDS=3
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
command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }
build_release
KEY="bench-sandbox-key-0001"
BODY='{"info": {"first_name": "Bench", "last_name": "Mark", "country": "DE", "dob": "1990-01-01"}}'
SEARCH='{"full_name": "Vladimir Putin", "limit": 10}'

say "Seeding $APPLICANTS applicants, then a copy encrypted with docket db encrypt"
"$BIN/docket" --data-dir "$WORK/plain" demo seed --synthetic "$APPLICANTS" --synthetic-only >/dev/null 2>&1
cp -a "$WORK/plain" "$WORK/encrypted"
"$BIN/docket" db keygen "$WORK/db.key" >/dev/null
started=$EPOCHREALTIME
"$BIN/docket" --data-dir "$WORK/encrypted" --database-key-file "$WORK/db.key" --log warn db encrypt > "$WORK/convert.out"
CONVERT_SECONDS="$(python3 -c "print(round($EPOCHREALTIME - $started, 2))")"

serve() { # name, then extra global options
  local name="$1"; shift
  local t0=$EPOCHREALTIME
  start "$WORK/$name.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/$name" "$@" --log warn \
    serve --listen 127.0.0.1:0
  for _ in $(seq 1 200); do curl -sf -o /dev/null "$URL/healthz" && break; sleep 0.05; done
  python3 -c "print(round(($EPOCHREALTIME - $t0) * 1000))" > "$WORK/$name.start_ms"
}
serve plain; PLAIN_URL="$URL"; PLAIN_PID="$PID"
serve encrypted --database-key-file "$WORK/db.key"; ENC_URL="$URL"; ENC_PID="$PID"
grep -q "Encryption at rest: on" "$WORK/encrypted.log" || { echo "the encrypted server is not encrypted" >&2; exit 1; }
grep -q "Encryption at rest: OFF" "$WORK/plain.log" || { echo "the plain server did not say it is plain" >&2; exit 1; }
for url in "$PLAIN_URL" "$ENC_URL"; do
  n="$(curl -s -H "ds-api-token: $KEY" "$url/api/v3/applicants?limit=1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["data"]))')"
  [ "$n" = "1" ] || { echo "the seeded data is not visible at $url" >&2; exit 1; }
  code="$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "ds-api-token: $KEY" -H 'content-type: application/json' \
    -d "$SEARCH" "$url/api/v3/aml/search")"
  [ "$code" = "200" ] || { echo "AML search answered $code at $url" >&2; exit 1; }
done

say "Warm-up: 2 s of each, not counted"
for url in "$PLAIN_URL" "$ENC_URL"; do
  oha --no-tui -z 2s -c "$CONNECTIONS" -H "ds-api-token: $KEY" "$url/api/v3/applicants?page=0&limit=10" >/dev/null 2>&1
done

say "Load: $ROUNDS rounds of ${SECONDS_PER_RUN}s each, plain and encrypted interleaved"
: > "$WORK/runs.jsonl"
for round in $(seq 1 "$ROUNDS"); do
  for side in plain encrypted; do
    url="$PLAIN_URL"; [ "$side" = encrypted ] && url="$ENC_URL"
    CONNECTIONS=64 run "list_$side" "$url/api/v3/applicants?page=0&limit=10" -H "ds-api-token: $KEY" >> "$WORK/runs.jsonl"
    CONNECTIONS=64 run "create_$side" -m POST -H "ds-api-token: $KEY" -H "content-type: application/json" -d "$BODY" \
      "$url/api/v3/applicants" >> "$WORK/runs.jsonl"
    CONNECTIONS=8 run "aml_search_$side" -m POST -H "ds-api-token: $KEY" -H "content-type: application/json" \
      -d "$SEARCH" "$url/api/v3/aml/search" >> "$WORK/runs.jsonl"
  done
done
PLAIN_RSS="$(peak_mb "$PLAIN_PID")"; ENC_RSS="$(peak_mb "$ENC_PID")"
PLAIN_DB_MB="$(du -sm "$WORK/plain" | cut -f1)"; ENC_DB_MB="$(du -sm "$WORK/encrypted" | cut -f1)"

python3 - "$WORK/runs.jsonl" "$RESULTS/encryption-$(date -u +%Y%m%dT%H%M%SZ).json" "$PROFILE" "$APPLICANTS" \
  "$SECONDS_PER_RUN" "$ROUNDS" "$CONVERT_SECONDS" "$(cat "$WORK/plain.start_ms")" "$(cat "$WORK/encrypted.start_ms")" \
  "$PLAIN_RSS" "$ENC_RSS" "$PLAIN_DB_MB" "$ENC_DB_MB" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1])]
by = {}
for r in runs:
    by.setdefault(r["name"], []).append(r)
med = lambda name, key: statistics.median(r[key] for r in by[name])
ratio = lambda a, b: float(f"{a / b:.3g}") if b else None
report = {"profile": sys.argv[3], "applicants": int(sys.argv[4]), "seconds_per_run": int(sys.argv[5]),
          "rounds": int(sys.argv[6]), "conversion_seconds": float(sys.argv[7]),
          "start_ms": {"plain": int(sys.argv[8]), "encrypted": int(sys.argv[9])},
          "peak_rss_mb": {"plain": float(sys.argv[10]), "encrypted": float(sys.argv[11])},
          "data_dir_mb": {"plain": int(sys.argv[12]), "encrypted": int(sys.argv[13])},
          "endpoints": {}}
for endpoint in ("list", "create", "aml_search"):
    plain = {k: med(f"{endpoint}_plain", k) for k in ("rps", "p50_ms", "p99_ms")}
    enc = {k: med(f"{endpoint}_encrypted", k) for k in ("rps", "p50_ms", "p99_ms")}
    errors = sum(r["non_2xx"] for side in ("plain", "encrypted") for r in by[f"{endpoint}_{side}"])
    report["endpoints"][endpoint] = {"plain": plain, "encrypted": enc, "non_2xx": errors,
                                     "encrypted_over_plain": {"rps": ratio(enc["rps"], plain["rps"]),
                                                              "p99": ratio(enc["p99_ms"], plain["p99_ms"])}}
json.dump(report, open(sys.argv[2], "w"), indent=2)
print(f"{report['applicants']} applicants; converted in {report['conversion_seconds']} s; "
      f"start {report['start_ms']['plain']} ms plain, {report['start_ms']['encrypted']} ms encrypted")
print(f"{'':12} {'plain req/s':>12} {'enc req/s':>10} {'ratio':>6} {'plain p99':>10} {'enc p99':>8} {'ratio':>6}")
for name, e in report["endpoints"].items():
    p, c, r = e["plain"], e["encrypted"], e["encrypted_over_plain"]
    print(f"{name:12} {p['rps']:>12} {c['rps']:>10} {r['rps']:>6} {p['p99_ms']:>9}ms {c['p99_ms']:>6}ms {r['p99']:>6}")
print("results:", sys.argv[2])
PY
