#!/usr/bin/env bash
# Desktop figures (issue 5): for the real docket-desktop with the demo data, under a virtual
# display (Xvfb) and a D-Bus session of its own, each in a fresh data directory and fresh XDG
# homes:
#   1. direct launches: launch to window shown and launch to console page loaded (the app logs
#      both, measured from the start of its main), and the resident memory (VmRSS) of the app
#      and of its WebKitWebProcess and WebKitNetworkProcess children, 3 s after the page loaded;
#   2. the desktop end-to-end test (tests/desktop/run.sh): launch to the console rendered and
#      launch to the applicants table showing rows, as Selenium sees them through tauri-driver
#      (so including the driver's overhead), and the memory after that navigation.
#
#   bench/desktop.sh [--runs 3] [--release]
#
# The default is the debug build that scripts/test uses; --release measures an optimised build
# (a heavy build: about 10 minutes on 2 cores). Results go to bench/results/desktop-<time>.json
# and to standard output.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS=3
PROFILE=debug

if [ "${1:-}" = "--inside" ]; then
  # One direct launch, inside xvfb-run and dbus-run-session: appends one JSON line to $4.
  bin="$2" dir="$3" out="$4"
  mkdir -p "$dir"/{data,config,share,cache,home}
  env DOCKET_DATA_DIR="$dir/data" DOCKET_DEMO=1 DOCKET_LISTEN=127.0.0.1:0 DOCKET_KEYCHAIN=off DOCKET_LOG=info \
    NO_COLOR=1 XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/share" XDG_CACHE_HOME="$dir/cache" HOME="$dir/home" \
    "$bin" >"$dir/app.log" 2>&1 &
  app=$!
  for _ in $(seq 1 600); do
    grep -q "the console loaded" "$dir/app.log" && break
    kill -0 "$app" 2>/dev/null || { cat "$dir/app.log" >&2; exit 1; }
    sleep 0.1
  done
  sleep 3
  ms() { grep -o "$1.* elapsed_ms=[0-9]*" "$dir/app.log" | tail -n1 | grep -o '[0-9]*$' || echo null; }
  declare -A rss=()
  ours=()
  counted=()
  for p in /proc/[0-9]*; do
    { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qx "DOCKET_DATA_DIR=$dir/data" || continue
    ours+=("${p#/proc/}")
    name="$(cat "$p/comm" 2>/dev/null)" || continue
    kb="$(awk '/^VmRSS/ {print $2}' "$p/status" 2>/dev/null)" || continue
    case "$name" in
      WebKitWebProces*) key=web ;;
      WebKitNetworkPr*) key=network ;;
      docket-desktop*) key=app ;;
      *) continue ;;
    esac
    rss[$key]=$(( ${rss[$key]:-0} + ${kb:-0} ))
    counted+=("${p#/proc/}")
  done
  # What the three processes hold together: summed RSS counts a library they share once per
  # process (libwebkit2gtk three times, Mesa's libLLVM twice), so beside it come the proportional
  # set sizes (PSS, a shared page split between its users) and, as root, the distinct physical
  # pages of the three (pagemap): the memory the desktop takes from the machine.
  together="$(python3 "$ROOT/bench/desktop_pages.py" "${counted[@]}")"
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  for p in "${ours[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  mib() { awk -v kb="${1:-0}" 'BEGIN {printf "%.1f", kb / 1024}'; }
  printf '{"window_shown_ms": %s, "console_loaded_ms": %s, "rss_mib": {"app": %s, "web": %s, "network": %s}, "together_mib": %s}\n' \
    "$(ms 'the window is shown')" "$(ms 'the console loaded')" \
    "$(mib "${rss[app]:-}")" "$(mib "${rss[web]:-}")" "$(mib "${rss[network]:-}")" "$together" | tee -a "$out"
  exit 0
fi

while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --release) PROFILE=release; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$ROOT/bench/results"
OUT="$ROOT/bench/results/desktop-$(date -u +%Y%m%dT%H%M%SZ).json"

say "Building docket-desktop ($PROFILE profile)"
(cd "$ROOT" && cargo build --quiet -p docket-desktop $([ "$PROFILE" = release ] && echo --release))
# Where cargo put it: CARGO_TARGET_DIR, when set, moves target/ (a relative one is from $ROOT,
# where cargo ran).
TARGET="${CARGO_TARGET_DIR:-target}"
case "$TARGET" in /*) ;; *) TARGET="$ROOT/$TARGET" ;; esac
BIN="$TARGET/$PROFILE/docket-desktop"

say "$RUNS direct launches"
for i in $(seq 1 "$RUNS"); do
  xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' dbus-run-session -- \
    "$0" --inside "$BIN" "$WORK/direct-$i" "$WORK/direct.jsonl" >/dev/null 2>"$WORK/direct-$i.err" \
    || { cat "$WORK/direct-$i.err" >&2; exit 1; }
  tail -n1 "$WORK/direct.jsonl"
done

say "$RUNS desktop end-to-end runs (Selenium through tauri-driver)"
for i in $(seq 1 "$RUNS"); do
  DOCKET_DESKTOP_BIN="$BIN" "$ROOT/tests/desktop/run.sh" -k "test_desktop and (console_opens or applicants or memory)" >"$WORK/e2e-$i.log" 2>&1 \
    || { cat "$WORK/e2e-$i.log" >&2; exit 1; }
  python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))))' \
    "$ROOT/tests/artifacts/desktop/figures.json" | tee -a "$WORK/e2e.jsonl"
done

python3 - "$WORK/direct.jsonl" "$WORK/e2e.jsonl" "$PROFILE" "$OUT" <<'EOF'
import json, statistics, sys
direct = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
e2e = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
def spread(values):
    values = [v for v in values if v is not None]
    return {"median": statistics.median(values), "min": min(values), "max": max(values)} if values else None
summary = {
    "profile": sys.argv[3],
    "runs": len(direct),
    "direct": {
        "window_shown_ms": spread([d["window_shown_ms"] for d in direct]),
        "console_loaded_ms": spread([d["console_loaded_ms"] for d in direct]),
        "rss_mib": {k: spread([d["rss_mib"][k] for d in direct]) for k in ("app", "web", "network")},
        "together_mib": {k: spread([d["together_mib"][k] for d in direct])
                         for k in ("rss_sum", "pss_sum", "distinct_pages")},
    },
    "end_to_end": {
        "session_created_ms": spread([d.get("session_created_ms") for d in e2e]),
        "console_rendered_ms": spread([d.get("console_rendered_ms") for d in e2e]),
        "overview_counts_ms": spread([d.get("overview_counts_ms") for d in e2e]),
        "applicants_rows_ms": spread([d.get("applicants_rows_ms") for d in e2e]),
        "applicants_click_to_rows_ms": spread([d.get("applicants_click_to_rows_ms") for d in e2e]),
        "rss_mib": {k: spread([d.get("rss_mib", {}).get(k) for d in e2e])
                    for k in ("docket-desktop", "WebKitWebProcess", "WebKitNetworkProcess")},
    },
}
json.dump(summary, open(sys.argv[4], "w"), indent=2)
print(json.dumps(summary, indent=2))
EOF
say "Written to $OUT"
