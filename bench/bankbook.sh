#!/usr/bin/env bash
# Bankbook extraction benchmark of issue 35 item 3: a generated test set of bank statements
# (bench/bankbook/generate.py: six layouts in four languages, with and without IBAN and BIC,
# several pages; each as a PDF and as a photographed JPEG of its first page, with its ground
# truth), uploaded one by one to `docket serve` in production (a PDF's text layer, Tesseract for
# pictures), beside a Python peer in the same run (pdfplumber's text or Tesseract's, and regular
# expressions for the same fields): precision and recall per field for PDFs and for pictures,
# and time per page (Docket's through HTTP, the upload included).
#
#   bench/bankbook.sh [--count N] [--seed S] [--profile release|debug] [--no-build]
#
# Results go to bench/results/bankbook-<time>.json and a summary to standard output.
COUNT=60
SEED=35
while [ $# -gt 0 ]; do
  case "$1" in
    --count) COUNT="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"

command -v pdftotext >/dev/null || { echo "install poppler-utils" >&2; exit 1; }
command -v tesseract >/dev/null || { echo "install tesseract-ocr" >&2; exit 1; }
build_release
VENV="$ROOT/bench/.venv"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import reportlab, PIL, numpy, pdfplumber, requests' 2>/dev/null; then
  say "Installing the generator and the peer into bench/.venv"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet -r "$ROOT/bench/requirements.txt"
fi
say "Generating $COUNT statements (seed $SEED), as PDFs and pictures"
"$VENV/bin/python" "$ROOT/bench/bankbook/generate.py" --out "$WORK/set" --count "$COUNT" --seed "$SEED" --pictures

PRODUCTION="bench-production-key-0001"
start "$WORK/docket.log" env DOCKET_PRODUCTION_API_KEY="$PRODUCTION" DOCKET_SANDBOX_API_KEY="bench-sandbox-key-0001" \
  "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
OUT="$RESULTS/bankbook-$(date -u +%Y%m%dT%H%M%SZ).json"
"$VENV/bin/python" "$ROOT/bench/bankbook/run.py" --dir "$WORK/set" --url "$URL" --key "$PRODUCTION" --json "$OUT"
say "Results in $OUT"
