# Shared by the benchmark scripts: sourced, not run. Sets ROOT, BIN, WORK and RESULTS, builds the
# release binaries, and kills every server started with `start` when the script exits.
#
# Environment: DOCKET_BENCH_PROFILE=debug runs debug binaries (a quick check that a script works;
# its figures mean nothing); DOCKET_BENCH_NO_BUILD=1 skips the build (the binaries were built
# beforehand, e.g. by a wrapper that shares a build lock); binaries are taken from
# $CARGO_TARGET_DIR/<profile> when that is set, else target/<profile>.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROFILE="${DOCKET_BENCH_PROFILE:-release}"
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/$PROFILE"
RESULTS="$ROOT/bench/results"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Builds the binaries the benchmarks run (release unless DOCKET_BENCH_PROFILE says otherwise).
build_release() {
  case "$PROFILE" in
    release) local flags=(--release) ;;
    debug) local flags=() ;;
    *) echo "DOCKET_BENCH_PROFILE must be release or debug" >&2; exit 2 ;;
  esac
  if [ -n "${DOCKET_BENCH_NO_BUILD:-}" ]; then
    say "Using the $PROFILE binaries in $BIN (not building)"
  else
    say "Building $PROFILE binaries"
    (cd "$ROOT" && cargo build "${flags[@]}" --quiet -p docket-cli -p docket-bench)
  fi
  [ "$PROFILE" = release ] || say "Profile $PROFILE: a check that the script works, not a measurement"
}

WORK="$(mktemp -d)"
mkdir -p "$RESULTS"
pids=()
cleanup() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

# Starts a server whose first output line is its URL; sets URL and PID.
start() {
  local log="$1"; shift
  "$@" >"$log" 2>"$log.err" &
  PID=$!
  pids+=("$PID")
  for _ in $(seq 1 100); do
    URL="$(head -n1 "$log" 2>/dev/null || true)"
    [ -n "$URL" ] && return 0
    sleep 0.1
  done
  echo "server did not start:" >&2; cat "$log.err" >&2; exit 1
}

rss_mb() { awk '/VmRSS/ {printf "%.1f", $2/1024}' "/proc/$1/status"; }
peak_mb() { awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$1/status"; }
# Bytes a process has caused to be written to storage so far (its log, its checkpoints).
written_bytes() { awk '/^write_bytes/ {print $2}' "/proc/$1/io"; }

# One oha run of ${SECONDS_PER_RUN}s at ${CONNECTIONS} connections, summarised as one JSON line
# (name, requests per second, p50 and p99 in ms, 2xx and other answers): `run NAME URL [oha args]`.
run() {
  local name="$1"; shift
  oha --no-tui --output-format json -z "${SECONDS_PER_RUN}s" -c "$CONNECTIONS" "$@" > "$WORK/$name.json" 2>/dev/null
  python3 - "$WORK/$name.json" "$name" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s, p = d["summary"], d["latencyPercentiles"]
codes = d.get("statusCodeDistribution", {})
ok = sum(n for c, n in codes.items() if c.startswith("2"))
ms = lambda v: None if v is None else round(v * 1000, 3)
print(json.dumps({"name": sys.argv[2], "rps": round(s["requestsPerSec"] or 0), "p50_ms": ms(p.get("p50")),
                  "p99_ms": ms(p.get("p99")), "responses_2xx": ok, "non_2xx": sum(codes.values()) - ok}))
PY
}
