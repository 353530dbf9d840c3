# Shared set-up for scripts/start and scripts/test: installs what is missing, nothing more.
# Sourced, not run. Safe to run again: every step checks before it acts.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Where cargo puts what it builds (CARGO_TARGET_DIR, when set, moves it).
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-auto}"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs the Debian packages of the arguments that are not installed yet.
ensure_apt() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "Installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Packages to build Docket (the desktop shell needs WebKitGTK) and to run its tests.
BUILD_PACKAGES=(build-essential pkg-config libssl-dev libwebkit2gtk-4.1-dev)
# What Docket uses while it runs: poppler's pdftoppm renders a PDF document's preview and its
# pdftotext reads a bank statement's text layer; Tesseract (English, as Debian ships it) reads a
# photographed statement (without it a picture is left to a reviewer, and the result says so).
RUNTIME_PACKAGES=(poppler-utils tesseract-ocr)
TEST_PACKAGES=(python3-venv curl chromium)
# The desktop end-to-end tests (tests/desktop/run.sh): a virtual display, a D-Bus session bus of
# their own with a Secret Service on it (gnome-keyring; secret-tool reads it), WebKit's
# WebDriver, and X tools to drive the native menu and read the clipboard.
DESKTOP_TEST_PACKAGES=(openssl xvfb xauth dbus gnome-keyring libsecret-tools webkit2gtk-driver xdotool xclip)

ensure_rust() {
  command -v cargo >/dev/null || die "Rust is not installed: install it with rustup (https://rustup.rs), then run this again"
  local version
  version="$(rustc --version | awk '{print $2}')"
  if [ "$(printf '%s\n1.95.0\n' "$version" | sort -V | head -n1)" != "1.95.0" ]; then
    die "Docket needs Rust 1.95 or newer (found $version): run 'rustup update'"
  fi
}

ensure_node() {
  if ! command -v npm >/dev/null; then
    ensure_apt nodejs npm
  fi
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || die "the console needs Node.js 20 or newer (found $(node --version))"
}

# Installs a folder's npm packages when its package-lock.json changed since the last install.
ensure_npm_packages() {
  local dir="$1" what="$2"
  local stamp="$dir/node_modules/.docket-lock"
  if [ ! -f "$stamp" ] || ! cmp -s "$dir/package-lock.json" "$stamp"; then
    say "Installing $what's npm packages"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$dir/package-lock.json" "$stamp"
  fi
}

ensure_ui_packages() { ensure_npm_packages "$ROOT/ui" "the console"; }
ensure_browser_test_packages() { ensure_npm_packages "$ROOT/tests/browser" "the browser tests"; }

build_ui() {
  say "Building the console"
  (cd "$ROOT/ui" && npm run --silent build >/dev/null)
}

# The Python environment of the black-box tests.
ensure_python_env() {
  local venv="$ROOT/.venv" stamp="$ROOT/.venv/.docket-requirements"
  if [ ! -x "$venv/bin/python" ]; then
    say "Creating the Python environment for the tests"
    python3 -m venv "$venv"
  fi
  if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/tests/requirements.txt" "$stamp"; then
    say "Installing the tests' Python packages"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$ROOT/tests/requirements.txt"
    cp "$ROOT/tests/requirements.txt" "$stamp"
  fi
}

# tauri-driver, the WebDriver server for Tauri apps (the desktop end-to-end tests), when missing.
ensure_tauri_driver() {
  case ":$PATH:" in *":$HOME/.cargo/bin:"*) ;; *) export PATH="$PATH:$HOME/.cargo/bin" ;; esac
  command -v tauri-driver >/dev/null && return 0
  say "Installing tauri-driver (cargo install tauri-driver --locked)"
  cargo install tauri-driver --locked --quiet
}
