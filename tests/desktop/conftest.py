"""Desktop end-to-end fixtures: the real `docket-desktop` window, driven over WebDriver.

Each `DesktopApp` has a directory of its own (data directory, XDG config, data and cache
homes, HOME), so it never touches the user's data, and starts its own `tauri-driver` on free
ports with that environment: tauri-driver starts WebKitWebDriver, which starts the app when a
session is created. The app keeps its keys as on a desktop, in the keychain: a Secret Service
on the tests' own bus (gnome-keyring with a throwaway keyring), never the user's.

These tests need a display, a D-Bus session bus of their own and a Secret Service on it;
`tests/desktop/run.sh` provides them (Xvfb, dbus-run-session, gnome-keyring-daemon) and sets
`DOCKET_DESKTOP_E2E=1`. Without it they are skipped.

The binary is `$DOCKET_DESKTOP_BIN`, by default target/debug/docket-desktop.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
DESKTOP_BIN = Path(os.environ.get("DOCKET_DESKTOP_BIN", ROOT / "target" / "debug" / "docket-desktop"))
ARTIFACTS = ROOT / "tests" / "artifacts" / "desktop"
TAURI_DRIVER = os.environ.get("TAURI_DRIVER") or shutil.which("tauri-driver") or str(Path.home() / ".cargo/bin/tauri-driver")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("DOCKET_DESKTOP_E2E") == "1":
        return
    skip = pytest.mark.skip(reason="desktop end-to-end tests run through tests/desktop/run.sh")
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(skip)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check: Any, timeout: float, what: str, interval: float = 0.05) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class DesktopApp:
    """One app's directories, environment and tauri-driver."""

    binary = DESKTOP_BIN
    artifacts = ARTIFACTS

    def __init__(self, root: Path):
        self.root = root
        self.data_dir = root / "data"
        self.config_home = root / "config"
        self.log_path = ARTIFACTS / "tauri-driver.log"
        for d in (self.data_dir, self.config_home, root / "share", root / "cache", root / "home", root / "bin"):
            d.mkdir(parents=True, exist_ok=True)
        # What the app hands to the system's opener (a folder, a web page) is written down instead.
        self.opened = root / "opened.txt"
        opener = root / "bin" / "xdg-open"
        opener.write_text(f'#!/bin/sh\nprintf "%s\\n" "$1" >> "{self.opened}"\n')
        opener.chmod(0o755)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DOCKET_", "XDG_CONFIG", "XDG_DATA", "XDG_CACHE"))}
        env.update(
            DOCKET_DATA_DIR=str(self.data_dir),
            DOCKET_DEMO="1",
            DOCKET_LISTEN="127.0.0.1:0",
            DOCKET_LOG="info",
            XDG_CONFIG_HOME=str(self.config_home),
            XDG_DATA_HOME=str(root / "share"),
            XDG_CACHE_HOME=str(root / "cache"),
            HOME=str(root / "home"),
            NO_COLOR="1",
            PATH=f"{root / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}",
        )
        self.env = env
        self.driver_proc: subprocess.Popen[bytes] | None = None
        self.port = 0

    # --- tauri-driver ---

    def start_driver(self) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.port, native = free_port(), free_port()
        log = open(self.log_path, "ab")
        self.driver_proc = subprocess.Popen(
            [TAURI_DRIVER, "--port", str(self.port), "--native-port", str(native)],
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()

        def listening() -> bool:
            assert self.driver_proc is not None and self.driver_proc.poll() is None, "tauri-driver exited"
            # Both: tauri-driver forwards a new session to WebKitWebDriver at once, and on a
            # machine just out of a heavy run the native driver listens a moment later (the
            # session was refused with "connection refused", failing every test).
            for port in (self.port, native):
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", port)) != 0:
                        return False
            return True

        wait_until(listening, 30, "tauri-driver and WebKitWebDriver to listen")

    def stop_driver(self) -> None:
        if self.driver_proc is None:
            return
        try:
            os.killpg(self.driver_proc.pid, signal.SIGTERM)
            self.driver_proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.driver_proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.driver_proc = None
        # Anything left that we started (the app and its WebKit processes carry our data dir).
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    # --- sessions ---

    def session(self) -> Any:
        from selenium import webdriver
        from selenium.webdriver.common.options import ArgOptions
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        options = ArgOptions()
        options.set_capability("browserName", "wry")
        options.set_capability("tauri:options", {"application": str(DESKTOP_BIN)})
        driver = RemoteConnection(client_config=ClientConfig(remote_server_addr=f"http://127.0.0.1:{self.port}"))
        return webdriver.Remote(command_executor=driver, options=options)

    def shot(self, driver: Any, name: str) -> None:
        """A screenshot of the window, in the artifacts."""
        self.artifacts.mkdir(parents=True, exist_ok=True)
        # WebKitGTK without compositing (the app turns it off: webview.rs) never answers
        # WebDriver's snapshot of a page whose body is shorter than the window (a bare
        # "<p>hello</p>" hangs it, as the hosted verification page and the refused team server's
        # page did; with the body window-tall the picture comes). The body is made window-tall
        # for the picture only: a person sees the same page either way.
        driver.execute_script("document.body.style.minHeight = '100vh'")
        # WebKit's snapshot is the last frame painted: let a page just changed be painted first.
        driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done))")
        driver.save_screenshot(str(self.artifacts / f"{name}.png"))

    @staticmethod
    def wait_until(check: Any, timeout: float, what: str) -> Any:
        return wait_until(check, timeout, what)

    # --- the native menu, through the X server (WebDriver does not reach it) ---

    def menu(self, driver: Any, item: int, menu: int = 0) -> None:
        """Chooses the `item`th entry (from 1, separators not counted) of the `menu`th menu (File
        is 0) of the window's menu bar: a click on File, arrows, Enter."""
        rect = driver.get_window_rect()
        x, y = int(rect["x"]) + 19, int(rect["y"]) + 12
        keys = ["Right"] * menu + ["Down"] * item + ["Return"]
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True, env=self.env)
        time.sleep(0.3)
        subprocess.run(["xdotool", "key", "--delay", "60", *keys], check=True, env=self.env)

    def opened_things(self) -> list[str]:
        return self.opened.read_text().splitlines() if self.opened.exists() else []

    def clipboard(self) -> str:
        done = subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, env=self.env, timeout=10)
        return done.stdout.decode() if done.returncode == 0 else ""

    # --- what the app does ---

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def base_url(self) -> str:
        found = re.findall(r"Docket is serving (http://\S+)", self.log())
        assert found, "the app did not log its URL"
        return found[-1]

    def logged_ms(self, message: str) -> int | None:
        """The `elapsed_ms` (since the app's start) of the app's last log line saying `message`."""
        found = re.findall(re.escape(message) + r"\S* elapsed_ms=(\d+)", self.log())
        return int(found[-1]) if found else None

    def keychain(self, what: str) -> str | None:
        """The app's keychain entry `what` for its data directory (None if there is none)."""
        user = f"{what}:{self.data_dir.resolve()}"
        found = subprocess.run(["secret-tool", "lookup", "service", "dev.docket.desktop", "username", user],
                               capture_output=True, text=True, timeout=10)
        return found.stdout.strip() if found.returncode == 0 and found.stdout.strip() else None

    def kept_key(self, environment: str) -> str:
        kept = self.keychain(f"api-key:{environment}")
        assert kept, f"no {environment} API key in the keychain"
        return json.loads(kept)["secret"]

    def pids(self) -> dict[int, str]:
        """Our processes (the app and its WebKit helpers: they inherit DOCKET_DATA_DIR), by name."""
        marker = f"DOCKET_DATA_DIR={self.data_dir}".encode()
        found: dict[int, str] = {}
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                environ = (proc / "environ").read_bytes().split(b"\0")
                name = (proc / "comm").read_text().strip()
            except OSError:
                continue
            if marker in environ and name not in ("tauri-driver", "WebKitWebDriver"):
                found[int(proc.name)] = name
        return found

    def memory(self) -> dict[str, float]:
        """RSS in MiB of the app, its WebKit web process(es) and network process."""
        totals: dict[str, float] = {}
        for pid, name in self.pids().items():
            kind = "WebKitWebProcess" if name.startswith("WebKitWebProces") else (
                "WebKitNetworkProcess" if name.startswith("WebKitNetworkPr") else "docket-desktop" if name.startswith("docket-desktop") else name
            )
            rss = rss_mib(pid)
            if rss is not None:
                totals[kind] = round(totals.get(kind, 0.0) + rss, 1)
        return totals


@pytest.fixture(scope="module")
def desktop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DesktopApp]:
    assert DESKTOP_BIN.exists(), f"{DESKTOP_BIN} is missing: cargo build -p docket-desktop"
    assert os.environ.get("DISPLAY"), "no DISPLAY: run through tests/desktop/run.sh"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    app = DesktopApp(tmp_path_factory.mktemp("desktop"))
    app.log_path.write_bytes(b"")
    app.start_driver()
    yield app
    app.stop_driver()


@pytest.fixture(scope="module")
def figures() -> Iterator[dict[str, Any]]:
    """Timings and memory, printed and written to tests/artifacts/desktop/figures.json."""
    found: dict[str, Any] = {}
    yield found
    found = {k: v for k, v in found.items() if not k.startswith("_")}
    if found:
        (ARTIFACTS / "figures.json").write_text(json.dumps(found, indent=2) + "\n")
        print("\ndesktop figures: " + json.dumps(found))
