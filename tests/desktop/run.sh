#!/usr/bin/env bash
# Runs the desktop end-to-end tests (tests/desktop) against the real docket-desktop window: a
# virtual display (xvfb-run), a D-Bus session bus of their own (dbus-run-session: single-instance
# hand-over goes over D-Bus, and the user's session is never touched), and pytest, whose fixtures
# start tauri-driver (which starts WebKitWebDriver, which starts the app) on free ports with a
# temporary data directory and temporary XDG homes; on that bus, a Secret Service of its own
# (gnome-keyring, with a throwaway keyring in a temporary directory), so that the app keeps its
# keys in a real keychain as it does on a desktop. Everything started here stops with it.
#
#   tests/desktop/run.sh [pytest arguments]
#
# Needs: target/debug/docket-desktop (cargo build -p docket-desktop), target/debug/docket (the team
# server of test_team_server.py: cargo build -p docket-cli; or DOCKET_BIN), openssl, tauri-driver
# (cargo install tauri-driver --locked), WebKitWebDriver (webkit2gtk-driver), xvfb-run (xvfb,
# xauth), dbus-run-session (dbus-daemon), gnome-keyring-daemon and secret-tool (gnome-keyring,
# libsecret-tools), xdotool and xclip (the native menu and the clipboard), and .venv with
# tests/requirements.txt.
# Screenshots, the driver and app log, and figures.json go to tests/artifacts/desktop/.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export DOCKET_DESKTOP_BIN="${DOCKET_DESKTOP_BIN:-$ROOT/target/debug/docket-desktop}"
export DOCKET_BIN="${DOCKET_BIN:-$ROOT/target/debug/docket}"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"

if [ -z "${DOCKET_DESKTOP_INSIDE:-}" ]; then
  [ -x "$DOCKET_DESKTOP_BIN" ] || { echo "error: $DOCKET_DESKTOP_BIN is missing: cargo build -p docket-desktop" >&2; exit 1; }
  [ -x "$DOCKET_BIN" ] || { echo "error: $DOCKET_BIN is missing: cargo build -p docket-cli" >&2; exit 1; }
  export PATH="$PATH:$HOME/.cargo/bin"
  for tool in openssl xvfb-run dbus-run-session gnome-keyring-daemon secret-tool tauri-driver WebKitWebDriver xdotool xclip; do
    command -v "$tool" >/dev/null || { echo "error: $tool is missing (scripts/test installs it)" >&2; exit 1; }
  done
  rm -rf "$ROOT/tests/artifacts/desktop"
  mkdir -p "$ROOT/tests/artifacts/desktop"
  # xvfb-run stops Xvfb, and dbus-run-session its bus, when the command inside returns.
  exec env DOCKET_DESKTOP_INSIDE=1 xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' \
    dbus-run-session -- "$0" "$@"
fi

# Inside the virtual display and the private bus.
export DOCKET_DESKTOP_E2E=1
unset DOCKET_DESKTOP_INSIDE
cd "$ROOT"
# The keychain: gnome-keyring's Secret Service on this bus, its "login" keyring made and unlocked
# with a throwaway password in a directory of its own (never the user's keyrings).
KEYRING_HOME="$(mktemp -d)"
trap 'rm -rf "$KEYRING_HOME"' EXIT
mkdir -m 700 "$KEYRING_HOME/run"
printf 'docket-desktop-tests' | HOME="$KEYRING_HOME" XDG_DATA_HOME="$KEYRING_HOME/share" \
  XDG_RUNTIME_DIR="$KEYRING_HOME/run" gnome-keyring-daemon --unlock --components=secrets >/dev/null
status=0
"$PYTHON" -m pytest tests/desktop -q "$@" || status=$?
figures="$ROOT/tests/artifacts/desktop/figures.json"
[ -f "$figures" ] && echo "desktop figures ($figures):" && cat "$figures"
exit "$status"
