# Shared by the benchmark scripts: sourced, not run. Sets ROOT, BIN, WORK and RESULTS, builds the
# release binaries, and kills every server started with `start` when the script exits.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ROOT/target/release"
RESULTS="$ROOT/bench/results"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Builds the release binaries the benchmarks run.
build_release() {
  say "Building release binaries"
  (cd "$ROOT" && cargo build --release --quiet -p docket-cli -p docket-bench)
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
