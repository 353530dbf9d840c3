#!/usr/bin/env bash
# KYT benchmark of issue 35: crypto-address checks per second (validation for the chain, then an
# exact lookup among the sanctions lists' addresses) by Docket's code (`kyt-check`: docket-
# chainaddr, the wallet index and the assessment) beside a Python peer doing the same validation
# with PyPI's codecs and the same lookup in a dict (bench/kyt_peer.py), on the same listed
# addresses and queries, in one run.
#
#   bench/kyt.sh [--listed N] [--queries N]
#
# Results go to bench/results/kyt-<time>.json and a summary to standard output.
source "$(dirname "$0")/lib.sh"
LISTED=100000
QUERIES=200000
while [ $# -gt 0 ]; do
  case "$1" in
    --listed) LISTED="$2"; shift 2 ;;
    --queries) QUERIES="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

build_release
VENV="$ROOT/bench/.venv"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import base58, bech32m, cashaddress, Crypto, monero' 2>/dev/null; then
  say "Installing the peer (base58, bech32m, cashaddress, pycryptodome, monero) into bench/.venv"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet -r "$ROOT/bench/requirements.txt"
  # monero's base58 module alone is used; its network dependencies are not needed.
  "$VENV/bin/pip" install --quiet --no-deps monero==1.1.1
fi

say "Docket: $QUERIES checks against $LISTED listed addresses (best of 3)"
"$BIN/kyt-check" --peer-dir "$WORK/peer" --listed "$LISTED" --queries "$QUERIES" > "$WORK/docket.json"
say "Python peer: the same queries and listed addresses (best of 3)"
"$VENV/bin/python" "$ROOT/bench/kyt_peer.py" "$WORK/peer" --rounds 3 > "$WORK/peer.json"

OUT="$RESULTS/kyt-$(date -u +%Y%m%dT%H%M%SZ).json"
python3 - "$WORK/docket.json" "$WORK/peer.json" "$OUT" <<'PY'
import json, sys
docket, peer = (json.load(open(p)) for p in sys.argv[1:3])
assert (docket["valid"], docket["hits"]) == (peer["valid"], peer["hits"]), (docket, peer)
ratio = docket["checks_per_second"] / peer["checks_per_second"]
json.dump({"docket": docket, "python": peer, "ratio": ratio}, open(sys.argv[3], "w"), indent=2)
print(f"queries {docket['queries']}, valid {docket['valid']}, listed hits {docket['hits']} (both agree)")
print(f"Docket: {docket['checks_per_second']:,.0f} checks/s ({docket['us_per_check']:.2f} µs each)")
print(f"Python: {peer['checks_per_second']:,.0f} checks/s ({peer['us_per_check']:.2f} µs each)")
print(f"ratio: {ratio:.1f}x")
PY
