"""A team server opened from the desktop app: a second Docket serving HTTPS on loopback with a
certificate this test makes (self-signed, as `docket serve` makes one beyond loopback), opened
through File > Open Team Server… with the SHA-256 fingerprint the server printed. The window shows
the team server's console only with that certificate; a wrong fingerprint is refused, also after
the right one was allowed; the address is remembered across a restart; File > This Machine's
Console comes back. The tests run in order and share one app and one team server."""

from __future__ import annotations

import json
import os
import queue
import re
import secrets
import signal
import stat
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote, urlsplit

import pytest
from selenium.common.exceptions import NoSuchFrameException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

pytestmark = pytest.mark.timeout(180)

UI_TIMEOUT = 30

ROOT = Path(__file__).resolve().parents[2]
DOCKET_BIN = Path(os.environ.get("DOCKET_BIN", ROOT / "target" / "debug" / "docket"))
# Another loopback address than the app's own listener (127.0.0.1): cookies do not tell ports
# apart, so the two consoles' sessions would otherwise share a jar.
TEAM_HOST = "127.0.0.2"

# File menu entries, from 1 (separators not counted).
THIS_MACHINE, OPEN_TEAM_SERVER, REOPEN_TEAM_SERVER = 5, 6, 7


# As in test_desktop.py (test modules here do not import each other: see tests/conftest.py).
def by_testid(driver: Any, name: str) -> list[Any]:
    return driver.find_elements(By.CSS_SELECTOR, f'[data-testid="{name}"]')


def wait_for_testid(driver: Any, name: str, timeout: float = UI_TIMEOUT) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: next((e for e in by_testid(d, name) if e.is_displayed()), None),
        f"no visible [data-testid={name}] within {timeout} s",
    )


class TeamServer:
    """`docket serve --listen 127.0.0.2:0 --tls-cert C --tls-key K` in a directory of its own."""

    def __init__(self, root: Path):
        self.root = root
        self.cert, self.key = root / "cert.pem", root / "key.pem"
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.login = ""
        self.fingerprint = ""

    def start(self) -> "TeamServer":
        assert DOCKET_BIN.is_file(), f"{DOCKET_BIN} is missing: cargo build -p docket-cli (or set DOCKET_BIN)"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
             "-keyout", str(self.key), "-out", str(self.cert), "-days", "2",
             "-subj", "/CN=Docket team server (self-signed, tests)", "-addext", f"subjectAltName=IP:{TEAM_HOST}"],
            check=True, capture_output=True, timeout=30,
        )
        env = {k: v for k, v in os.environ.items() if not k.startswith("DOCKET_")}
        env["DOCKET_LOG"] = "warn"
        log = open(self.root / "serve.log", "ab")
        self.proc = subprocess.Popen(
            [str(DOCKET_BIN), "serve", "--data-dir", str(self.root / "data"), "--listen", f"{TEAM_HOST}:0",
             "--tls-cert", str(self.cert), "--tls-key", str(self.key)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log, env=env, text=True,
            start_new_session=True,
        )
        log.close()
        lines: queue.Queue[str | None] = queue.Queue()

        def pump() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        printed: list[str] = []
        deadline = time.monotonic() + 30
        while not self.fingerprint and time.monotonic() < deadline:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            printed.append(line)
            if line.startswith("Console: "):
                self.login = line.removeprefix("Console: ").strip()
            # "HTTPS: certificate from ...; SHA-256 fingerprint AB:CD:..."
            found = re.search(r"SHA-256 fingerprint ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})", line)
            if found:
                self.fingerprint = found.group(1)
        assert printed and printed[0].startswith("https://"), f"the team server did not start: {printed}\n{self.log()}"
        self.url = printed[0].strip()
        assert self.fingerprint, f"the team server printed no fingerprint: {printed}"
        assert self.login.startswith(self.url + "/"), self.login
        # What the server printed is the SHA-256 of the certificate the test made.
        made = subprocess.run(["openssl", "x509", "-in", str(self.cert), "-noout", "-fingerprint", "-sha256"],
                              check=True, capture_output=True, text=True).stdout
        assert made.strip().split("=", 1)[1] == self.fingerprint, (made, self.fingerprint)
        return self

    def log(self) -> str:
        try:
            return (self.root / "serve.log").read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def console_link(self) -> str:
        """A fresh one-time login link for the team server's owner (`docket console link`)."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("DOCKET_")}
        done = subprocess.run([str(DOCKET_BIN), "--data-dir", str(self.root / "data"), "console", "link"],
                              capture_output=True, text=True, timeout=30, env=env)
        assert done.returncode == 0, done.stderr
        link = next((w for w in done.stdout.split() if w.startswith(self.url + "/")), None)
        assert link, f"no link to {self.url} in: {done.stdout}"
        return link

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture(scope="module")
def team(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    server = TeamServer(tmp_path_factory.mktemp("team")).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def session(desktop: Any) -> Iterator[Any]:
    driver = desktop.session()
    yield driver
    try:
        driver.quit()
    except WebDriverException:
        pass


def another_fingerprint(than: str) -> str:
    while True:
        made = ":".join(f"{b:02X}" for b in secrets.token_bytes(32))
        if made != than:
            return made


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def remembered(desktop: Any) -> Path:
    return desktop.config_home / "dev.docket.console" / "team-server.json"


def open_form(desktop: Any, driver: Any) -> None:
    desktop.menu(driver, OPEN_TEAM_SERVER)
    wait_for_testid(driver, "team-form")


def submit(driver: Any, address: str, fingerprint: str) -> None:
    field = wait_for_testid(driver, "team-address")
    field.clear()
    field.send_keys(address)
    pin = wait_for_testid(driver, "team-fingerprint")
    pin.clear()
    if fingerprint:
        pin.send_keys(fingerprint)
    form = wait_for_testid(driver, "team-form")
    wait_for_testid(driver, "team-open").click()
    # Every answer is a new page. While the old one unloads, WebKitWebDriver may answer "no such
    # frame" instead of "stale element": either says the form is gone.
    def gone(_: Any) -> bool:
        try:
            form.is_enabled()
            return False
        except (StaleElementReferenceException, NoSuchFrameException):
            return True

    WebDriverWait(driver, UI_TIMEOUT).until(gone)


def on_team_console(driver: Any, team: TeamServer) -> bool:
    """The window is on the team server and its console has rendered: signed out (its sign-in
    page) or signed in."""
    if not driver.current_url.startswith(team.url + "/"):
        return False
    return bool(driver.find_elements(By.CSS_SELECTOR, '.signed-out, input[type="password"], [data-testid="reviewer-name"]'))


def test_the_window_opens_this_machines_console(session: Any, desktop: Any) -> None:
    # At launch: this machine's console, signed in with a login link, as before. Nothing is
    # remembered yet.
    wait_for_testid(session, "reviewer-name")
    assert session.current_url.startswith(desktop.base_url())
    assert not remembered(desktop).exists()


def test_the_form_checks_what_is_typed(session: Any, desktop: Any, team: TeamServer) -> None:
    open_form(desktop, session)
    assert session.current_url.startswith("docket://localhost/team?token=")
    desktop.shot(session, "team-form")
    for address, fingerprint, says in [
        ("http://docket.example.internal:3625", "", "only for this machine"),
        (team.url + "/applicants", team.fingerprint, "without a path"),
        ("https://ada:pw@docket.example.internal", "", "No user name or password"),
        (team.url, "AB:CD", "2 pairs"),
        (team.url, team.fingerprint[: 20 * 3 - 1], "SHA-1"),
        (team.url.replace("https://", "http://"), team.fingerprint, "A fingerprint is for an https:// address"),
    ]:
        submit(session, address, fingerprint)
        error = wait_for_testid(session, "team-error")
        assert says in error.text, (address, fingerprint, error.text)
        # What was typed stays in the form.
        assert wait_for_testid(session, "team-address").get_attribute("value") == address
    desktop.shot(session, "team-form-refused")
    assert not remembered(desktop).exists(), "nothing opened, nothing remembered"

    # Cancel: back to where the window was.
    wait_for_testid(session, "team-cancel").click()
    WebDriverWait(session, UI_TIMEOUT).until(lambda d: d.current_url.startswith(desktop.base_url()))
    wait_for_testid(session, "reviewer-name")


def test_a_page_cannot_open_a_team_server_without_the_form(session: Any, desktop: Any, team: TeamServer) -> None:
    # A page sending the window to the form's action (as a hostile page could) has no token:
    # nothing opens and nothing is remembered.
    evil = f"docket://localhost/team/open?token={'0' * 32}&address={quote(team.url)}&fingerprint={quote(team.fingerprint)}"
    session.get(evil)
    wait_for_testid(session, "from-the-menu")
    assert not remembered(desktop).exists()
    session.get("docket://localhost/team")
    wait_for_testid(session, "from-the-menu")
    assert not by_testid(session, "team-form")


def test_a_wrong_fingerprint_is_refused(session: Any, desktop: Any, team: TeamServer) -> None:
    wrong = another_fingerprint(team.fingerprint)
    open_form(desktop, session)
    submit(session, team.url, wrong)
    wait_for_testid(session, "refused")
    assert session.current_url == "docket://localhost/refused"
    assert wait_for_testid(session, "pinned").text == wrong
    assert wait_for_testid(session, "presented").text == team.fingerprint
    desktop.shot(session, "team-refused")
    assert not on_team_console(session, team)
    assert "refused a team server's page for its certificate" in desktop.log()


def test_the_pinned_team_server_opens(session: Any, desktop: Any, team: TeamServer) -> None:
    open_form(desktop, session)
    # The form starts from the last server typed.
    assert wait_for_testid(session, "team-address").get_attribute("value") == team.url
    submit(session, team.url, team.fingerprint.lower())  # as typed, in any case
    WebDriverWait(session, UI_TIMEOUT, poll_frequency=0.1).until(lambda d: on_team_console(d, team) or by_testid(d, "refused"))
    assert not by_testid(session, "refused"), session.page_source[:2000]
    desktop.shot(session, "team-console-signed-out")

    # Signed in there with the team server's own login link: the team's console (no demo data,
    # unlike this machine's).
    session.get(team.console_link())
    wait_for_testid(session, "reviewer-name")
    count = wait_for_testid(session, "count-applicants")
    WebDriverWait(session, UI_TIMEOUT).until(lambda d: count.text.strip() != "")
    assert count.text.strip().startswith("0"), count.text
    assert origin(session.current_url) == team.url
    desktop.shot(session, "team-console")

    # Remembered, privately, with the fingerprint as the server prints it.
    path = remembered(desktop)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text()) == {"address": team.url, "fingerprint": team.fingerprint}


def test_a_wrong_fingerprint_is_refused_after_the_right_one_was_allowed(session: Any, desktop: Any, team: TeamServer) -> None:
    # The webview now allows the team server's certificate for its host: without the check of
    # every page against the pin, a wrong fingerprint would be accepted silently.
    wrong = another_fingerprint(team.fingerprint)
    open_form(desktop, session)
    submit(session, team.url, wrong)
    wait_for_testid(session, "refused")
    assert wait_for_testid(session, "pinned").text == wrong
    assert wait_for_testid(session, "presented").text == team.fingerprint
    desktop.shot(session, "team-refused-after-allowed")


def test_this_machines_console_comes_back(session: Any, desktop: Any, team: TeamServer) -> None:
    # From the refusal page's button, then from the menu.
    wait_for_testid(session, "back-to-this-machine").click()
    WebDriverWait(session, UI_TIMEOUT).until(lambda d: d.current_url.startswith(desktop.base_url()))
    # The pinned server again, then the menu's way back.
    open_form(desktop, session)
    submit(session, team.url, team.fingerprint)
    WebDriverWait(session, UI_TIMEOUT, poll_frequency=0.1).until(lambda d: on_team_console(d, team))
    desktop.menu(session, THIS_MACHINE)
    WebDriverWait(session, UI_TIMEOUT).until(lambda d: d.current_url.startswith(desktop.base_url()))
    count = wait_for_testid(session, "count-applicants")
    WebDriverWait(session, UI_TIMEOUT).until(lambda d: any(ch.isdigit() for ch in count.text) and not count.text.startswith("0"))
    desktop.shot(session, "this-machine-again")
    # Back on this machine, the team server's pages open in the browser, not in the window.
    session.execute_script("window.location.href = arguments[0]", team.url + "/")
    desktop.wait_until(lambda: team.url + "/" in desktop.opened_things(), 10, "the team server to open in the browser")
    assert session.current_url.startswith(desktop.base_url())


def test_the_team_server_is_remembered_across_a_restart(session: Any, desktop: Any, team: TeamServer) -> None:
    desktop.menu(session, REOPEN_TEAM_SERVER + 1)  # File > Quit, below the remembered server
    desktop.wait_until(lambda: not desktop.pids(), 15, "the app to quit")
    try:
        session.quit()
    except WebDriverException:
        pass

    again = desktop.session()
    try:
        # The launch opens this machine's console, as always; the menu offers the team server.
        wait_for_testid(again, "reviewer-name")
        assert again.current_url.startswith(desktop.base_url())
        desktop.menu(again, REOPEN_TEAM_SERVER)  # File > Open Team Server (127.0.0.2:port)
        WebDriverWait(again, UI_TIMEOUT, poll_frequency=0.1).until(lambda d: on_team_console(d, team) or by_testid(d, "refused"))
        assert not by_testid(again, "refused"), again.page_source[:2000]
        desktop.shot(again, "team-reopened")
    finally:
        again.quit()
