"""Black-box fixtures: run the real `docket` binary and talk HTTP to it.

* `server` (session): one Docket on port 0 with a temporary data directory and pinned keys. It is
  stopped with SIGTERM at the end and must exit 0 within a few seconds (graceful shutdown).
* `sandbox`, `production`: clients with the default organization's pinned keys; `other_sandbox`
  and `other_production`: a second organization made with the CLI; `anonymous`: no key.
* `reset`: an empty sandbox on real time for the test (and real time again afterwards).
* `docket_factory`: fresh servers of one's own (restarts, a data directory of one's own).
* Every server keeps the console login link `docket serve` prints on its second line
  (`console_link`; one use).
* `watchlists` (session): synthetic US CSL and FollowTheMoney lists imported into `server` with
  `docket lists import` while it runs; `poll`: wait for a condition with a timeout.
* The console, as people use it (API keys never reach its controls): `Console` is a browser's
  cookie session with the console's `X-Docket-Environment` header; `add_reviewer` runs `docket
  reviewers add` and `sign_in` follows the link it prints; `owner_console` (session) is the
  machine's owner, `as_reviewer(role, environment)` a new reviewer of that role, signed in.

The binary is `$DOCKET_BIN`, by default /work/main/target/debug/docket.
"""

from __future__ import annotations

import asyncio
import csv
import gzip
import json
import os
import queue
import re
import signal
import subprocess
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterator

import pytest
import requests

# The desktop suite needs a display and tauri-driver: tests/desktop/run.sh runs it on its own
# (and sets DOCKET_DESKTOP_E2E). Collecting it here would also make `conftest` ambiguous for the
# modules that import helpers from this file.
collect_ignore = [] if os.environ.get("DOCKET_DESKTOP_E2E") else ["desktop"]

DOCKET_BIN = os.environ.get("DOCKET_BIN", "/work/main/target/debug/docket")
SANDBOX_KEY = "test-sandbox-key-0001"
PRODUCTION_KEY = "test-production-key-0001"
OTHER_ORG = "Second Org"
APPLICANTS = "/api/v3/applicants"
JOURNAL = "/_docket/requests"
LOGIN = "/_docket/console/login"

START_TIMEOUT = 20.0
STOP_TIMEOUT = 10.0
HTTP_TIMEOUT = 15.0


def _child_env(sandbox_key: str | None, production_key: str | None) -> dict[str, str]:
    """The environment of a server or CLI process: ours, without any DOCKET_* setting of the host."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCKET_")}
    env["DOCKET_LOG"] = "warn"
    if sandbox_key:
        env["DOCKET_SANDBOX_API_KEY"] = sandbox_key
    if production_key:
        env["DOCKET_PRODUCTION_API_KEY"] = production_key
    return env


class Client:
    """HTTP against one server with one API key (or none)."""

    def __init__(self, base_url: str, key: str | None, name: str = "client"):
        self.base_url = base_url
        self.key = key
        self.name = name
        self.session = requests.Session()
        if key is not None:
            self.session.headers["ds-api-token"] = key

    def __repr__(self) -> str:
        return f"Client({self.name})"

    def request(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", HTTP_TIMEOUT)
        return self.session.request(method, self.base_url + path, **kwargs)

    def get(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("POST", path, **kwargs)

    def delete(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("DELETE", path, **kwargs)

    # Shortcuts for the common calls; each asserts success so tests read as what they check.

    def create_applicant(self, body: dict | None = None) -> str:
        r = self.post(APPLICANTS, json=body if body is not None else {})
        assert r.status_code == 201, f"{self.name}: create failed: {r.status_code} {r.text}"
        return r.json()["id"]

    def get_applicant(self, applicant_id: str) -> dict:
        r = self.get(f"{APPLICANTS}/{applicant_id}")
        assert r.status_code == 200, f"{self.name}: get failed: {r.status_code} {r.text}"
        return r.json()

    def list_applicants(self, **params: Any) -> dict:
        r = self.get(APPLICANTS, params=params)
        assert r.status_code == 200, f"{self.name}: list failed: {r.status_code} {r.text}"
        return r.json()

    def journal(self, **params: Any) -> list[dict]:
        r = self.get(JOURNAL, params=params)
        assert r.status_code == 200, f"{self.name}: journal failed: {r.status_code} {r.text}"
        return r.json()["data"]

    def last_seq(self) -> int:
        """The newest journal `seq` of this key's scope (0 when empty): pass it as `after`."""
        entries = self.journal(limit=1)
        return entries[0]["seq"] if entries else 0

    def clock(self) -> dict:
        r = self.get("/_docket/clock")
        assert r.status_code == 200, r.text
        return r.json()


class DocketServer:
    """One `docket serve` process."""

    def __init__(
        self,
        data_dir: Path,
        log_path: Path,
        sandbox_key: str | None = SANDBOX_KEY,
        production_key: str | None = PRODUCTION_KEY,
        args: tuple[str, ...] = (),
        key_file: Path | None = None,
        env: dict[str, str] | None = None,
    ):
        self.data_dir = data_dir
        # Settings added to the server's environment.
        self.env = env or {}
        # The database key's file: given to `serve` and to every `cli` command.
        self.key_args: tuple[str, ...] = ("--database-key-file", str(key_file)) if key_file else ()
        self.log_path = log_path
        self.sandbox_key = sandbox_key
        self.production_key = production_key
        self.args = args
        self.url: str = ""
        self.console_link: str | None = None
        self.proc: subprocess.Popen | None = None
        # Keys whose journals are checked for 5xx answers before the server stops.
        self.watched_keys: list[str] = [k for k in (sandbox_key, production_key) if k]
        self.server_errors: list[str] | None = None

    def stderr(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-8000:]
        except OSError:
            return "(no stderr captured)"

    def start(self) -> "DocketServer":
        assert Path(DOCKET_BIN).is_file(), (
            f"docket binary not found at {DOCKET_BIN}; build it with `cargo build -p docket-cli` or set DOCKET_BIN"
        )
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [DOCKET_BIN, "serve", "--data-dir", str(self.data_dir), "--listen", "127.0.0.1:0", *self.key_args,
             *self.args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=log,
            env={**_child_env(self.sandbox_key, self.production_key), **self.env},
            text=True,
        )
        log.close()
        lines: queue.Queue[str | None] = queue.Queue()

        def pump(stream: Any) -> None:
            # Keep draining stdout so the server never blocks on a full pipe.
            for line in stream:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, args=(self.proc.stdout,), daemon=True).start()
        try:
            first = lines.get(timeout=START_TIMEOUT)
        except queue.Empty:
            self.proc.kill()
            self.proc.wait()
            pytest.fail(f"docket printed no URL within {START_TIMEOUT:.0f} s\n--- stderr ---\n{self.stderr()}")
        if first is None or not first.startswith("http://"):
            try:
                code = self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                code = self.proc.wait()
            pytest.fail(
                f"docket did not start (exit code {code}, first line {first!r})\n--- stderr ---\n{self.stderr()}"
            )
        self.url = first.strip()
        # The second line is a one-time console login link: "Console: <url>".
        try:
            second = lines.get(timeout=START_TIMEOUT) or ""
        except queue.Empty:
            second = ""
        self.console_link = second.strip().removeprefix("Console: ") if second.startswith("Console: ") else None
        deadline = time.monotonic() + 10
        while True:
            try:
                if requests.get(self.url + "/healthz", timeout=2).status_code == 200:
                    break
            except requests.RequestException:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                pytest.fail(f"docket at {self.url} never answered /healthz\n--- stderr ---\n{self.stderr()}")
            time.sleep(0.05)
        return self

    def client(self, key: str | None, name: str = "client") -> Client:
        return Client(self.url, key, name)

    def collect_server_errors(self) -> list[str]:
        """Journal entries with a 5xx status, in every watched scope (for the no-500 check)."""
        found: list[str] = []
        for key in self.watched_keys:
            r = requests.get(self.url + JOURNAL, params={"status": "5xx", "limit": 200},
                             headers={"ds-api-token": key}, timeout=HTTP_TIMEOUT)
            if r.status_code == 200:
                found += [f"{e['status']} {e['method']} {e['path']} -> {e['response_body']}" for e in r.json()["data"]]
            elif r.status_code != 401:  # a key revoked on purpose by a test
                found.append(f"journal unreadable with a watched key: {r.status_code} {r.text}")
        return found

    def stop(self) -> int:
        """SIGTERM, then the process must exit 0 within STOP_TIMEOUT (graceful shutdown)."""
        assert self.proc is not None, "never started"
        if self.proc.poll() is not None:
            raise AssertionError(
                f"docket died before it was stopped (exit code {self.proc.returncode})\n--- stderr ---\n{self.stderr()}"
            )
        if self.server_errors is not None:
            self.server_errors += self.collect_server_errors()
        self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"docket did not stop within {STOP_TIMEOUT:.0f} s of SIGTERM\n{self.stderr()}")
        assert code == 0, f"docket exited with {code} after SIGTERM\n--- stderr ---\n{self.stderr()}"
        return code

    def cli(self, *args: str) -> subprocess.CompletedProcess:
        """`docket --data-dir DIR ARGS...`; must succeed."""
        done = subprocess.run(
            [DOCKET_BIN, "--data-dir", str(self.data_dir), *self.key_args, *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=30,
            env=_child_env(None, None),
        )
        assert done.returncode == 0, f"docket {' '.join(args)} failed ({done.returncode}):\n{done.stderr}"
        return done

    def run_cli(self, *args: str) -> subprocess.CompletedProcess:
        """`docket ARGS...` exactly as given (pass `--data-dir` yourself); may fail."""
        return subprocess.run(
            [DOCKET_BIN, *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            env=_child_env(None, None),
        )

    def create_key(self, org: str | None, env: str, name: str) -> tuple[str, str]:
        """A new key of `org` (None: the default organization) in `env`: (secret, key id)."""
        org_args = ("--org", org) if org else ()
        secret = self.cli("keys", "create", *org_args, "--env", env, "--name", name).stdout.strip().splitlines()[-1]
        keys = json.loads(self.cli("keys", "list", *org_args, "--json").stdout)
        (key_id,) = [k["id"] for k in keys if k["name"] == name]
        return secret, key_id


# --- the shared server -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def server_errors() -> Iterator[list[str]]:
    """Every 5xx answer seen in any journal during the run (journals are wiped by resets, so
    they are read before each reset and before each server stops). Checked once more when the
    session ends, after the shared server stopped: with pytest-xdist each test process has a
    session of its own, and the `run_last` test runs in only one of them."""
    errors: list[str] = []
    yield errors
    assert errors == [], "answers with a 5xx status during the run:\n" + "\n".join(errors)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, server_errors: list[str]) -> Iterator[DocketServer]:
    root = tmp_path_factory.mktemp("docket")
    (root / "data").mkdir()
    # The suites send thousands of wrong keys on purpose from one address; the throttle that
    # would make that address wait has its own test (test_hardening.py) on a server of its own.
    srv = DocketServer(root / "data", root / "stderr.log", args=("--failed-key-limit", "1000000"))
    srv.server_errors = server_errors
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def base_url(server: DocketServer) -> str:
    return server.url


@pytest.fixture(scope="session")
def sandbox(server: DocketServer) -> Client:
    return server.client(SANDBOX_KEY, "sandbox")


@pytest.fixture(scope="session")
def production(server: DocketServer) -> Client:
    return server.client(PRODUCTION_KEY, "production")


@pytest.fixture(scope="session")
def anonymous(server: DocketServer) -> Client:
    return server.client(None, "anonymous")


@pytest.fixture(scope="session")
def other_org(server: DocketServer) -> dict[str, str]:
    """A second organization, made with the CLI while the server runs, with one key per environment."""
    server.cli("orgs", "create", OTHER_ORG)
    sandbox_key, _ = server.create_key(OTHER_ORG, "sandbox", "other-sandbox")
    production_key, _ = server.create_key(OTHER_ORG, "production", "other-production")
    server.watched_keys += [sandbox_key, production_key]
    return {"name": OTHER_ORG, "sandbox": sandbox_key, "production": production_key}


@pytest.fixture(scope="session")
def other_sandbox(server: DocketServer, other_org: dict[str, str]) -> Client:
    return server.client(other_org["sandbox"], "other-org sandbox")


@pytest.fixture(scope="session")
def other_production(server: DocketServer, other_org: dict[str, str]) -> Client:
    return server.client(other_org["production"], "other-org production")


@pytest.fixture
def make_client(server: DocketServer) -> Callable[..., Client]:
    return lambda key, name="client": server.client(key, name)


@pytest.fixture
def reset(server: DocketServer, sandbox: Client, server_errors: list[str]) -> Iterator[None]:
    """An empty default sandbox on real time; the clock is returned to real time afterwards."""
    server_errors += server.collect_server_errors()
    assert sandbox.post("/_docket/clock/reset").status_code == 200
    r = sandbox.post("/_docket/reset")
    assert r.status_code == 200, r.text
    yield
    assert sandbox.post("/_docket/clock/reset").status_code == 200


@pytest.fixture
def real_clock(sandbox: Client) -> Iterator[None]:
    """For tests that move the default sandbox clock: real time before and after."""
    assert sandbox.post("/_docket/clock/reset").status_code == 200
    yield
    assert sandbox.post("/_docket/clock/reset").status_code == 200


@pytest.fixture
def unique() -> Callable[[str], str]:
    """Unique values, so tests that share the server never collide on external ids or names."""
    return lambda prefix="x": f"{prefix}-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def docket_factory(tmp_path: Path, server_errors: list[str]) -> Iterator[Callable[..., DocketServer]]:
    """Starts servers of the test's own; any still running at the end are stopped (exit 0)."""
    started: list[DocketServer] = []

    def start(data_dir: Path | None = None, **kwargs: Any) -> DocketServer:
        data = data_dir or (tmp_path / f"data-{len(started)}")
        data.mkdir(exist_ok=True)
        srv = DocketServer(data, tmp_path / f"stderr-{len(started)}.log", **kwargs)
        srv.server_errors = server_errors
        started.append(srv.start())
        return srv

    yield start
    for srv in started:
        if srv.proc is not None and srv.proc.returncode is None:
            srv.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked `run_last` look back over the whole run, so they go at the end."""
    items.sort(key=lambda item: item.get_closest_marker("run_last") is not None)


# --- the console: reviewers signed in as people are -------------------------------------------


class Console:
    """A browser signed in to the console: a cookie session, plus the console's headers. The
    session acts as its reviewer; the environment is the request's (`X-Docket-Environment`)."""

    def __init__(self, base_url: str, environment: str | None = "sandbox", name: str = "console",
                 session: requests.Session | None = None):
        self.base_url = base_url
        self.environment = environment
        self.name = name
        self.session = session or requests.Session()
        # The account `add_reviewer` made for this console, when it made one.
        self.reviewer: dict[str, str] | None = None

    def __repr__(self) -> str:
        return f"Console({self.name}, {self.environment})"

    def login(self, link: str) -> requests.Response:
        """Follows a one-time login link, as a browser would (303 and the cookie when it works)."""
        return self.session.get(link, allow_redirects=False, timeout=HTTP_TIMEOUT)

    def in_environment(self, environment: str) -> "Console":
        """The same session (the same cookie) with the other environment selected."""
        other = Console(self.base_url, environment, self.name, self.session)
        other.reviewer = self.reviewer
        return other

    def request(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        headers = dict(kwargs.pop("headers", {}))
        if self.environment is not None:
            headers.setdefault("X-Docket-Environment", self.environment)
        kwargs.setdefault("timeout", HTTP_TIMEOUT)
        return self.session.request(method, self.base_url + path, headers=headers, **kwargs)

    def get(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("POST", path, **kwargs)

    def put(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("PUT", path, **kwargs)

    def delete(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("DELETE", path, **kwargs)

    def me(self) -> dict:
        """The signed-in reviewer (`GET /_docket/me`)."""
        r = self.get("/_docket/me")
        assert r.status_code == 200, f"{self.name}: /_docket/me failed: {r.status_code} {r.text}"
        return r.json()["reviewer"]


def console_link(server: DocketServer, *extra: str) -> str:
    """A one-time login link made with `docket console link` while the server runs: the machine's
    owner's, unless `--reviewer` or `--organization` in `extra` say otherwise."""
    out = server.cli("console", "link", "--url", server.url, *extra).stdout.strip().splitlines()
    assert len(out) == 1, out
    return out[0]


def add_reviewer(server: DocketServer, name: str, role: str = "reviewer", *extra: str) -> dict[str, str]:
    """`docket reviewers add NAME --role ROLE` while the server runs, as an admin of the machine
    would: the new account's `id`, `name` and `role`, and the one-time `link` it prints (the last
    line of its standard output)."""
    done = server.cli("reviewers", "add", name, "--role", role, "--url", server.url, *extra)
    link = done.stdout.strip().splitlines()[-1]
    assert link.startswith(server.url + LOGIN + "?token="), done.stdout
    found = re.search(r"id ([0-9a-f-]{36})", done.stderr)
    assert found, done.stderr
    return {"id": found.group(1), "name": name, "role": role, "link": link}


def sign_in(server: DocketServer, link: str, environment: str | None = "sandbox", name: str = "console") -> Console:
    """A new browser session opened with `link`."""
    console = Console(server.url, environment, name)
    r = console.login(link)
    assert r.status_code == 303, f"the login link did not sign in: {r.status_code} {r.text}"
    return console


def reviewer_console(server: DocketServer, name: str, role: str = "reviewer",
                     environment: str | None = "sandbox") -> Console:
    """A new reviewer account, added with the CLI and signed in with the link it printed."""
    reviewer = add_reviewer(server, name, role)
    console = sign_in(server, reviewer["link"], environment, name)
    console.reviewer = reviewer
    return console


def signed_in(server: DocketServer, reviewer: str | None = None, role: str = "admin",
              environment: str | None = "sandbox") -> Console:
    """A console signed in as the reviewer named `reviewer` (added with that role if there is
    none by that name), else as the machine's owner."""
    extra: tuple[str, ...] = ()
    if reviewer is not None:
        listed = server.cli("reviewers", "list").stdout
        if not any(line.endswith("  " + reviewer) for line in listed.splitlines()):
            add_reviewer(server, reviewer, role)
        extra = ("--reviewer", reviewer)
    return sign_in(server, console_link(server, *extra), environment, reviewer or "owner")


@pytest.fixture(scope="session")
def owner_console(server: DocketServer) -> Console:
    """The machine's owner (an admin) signed in to the shared server's console, in the sandbox
    (`.in_environment("production")` for production). `docket serve`'s own link is left to the
    test of it."""
    return signed_in(server)


@pytest.fixture
def as_reviewer(server: DocketServer, unique: Callable[[str], str]) -> Callable[..., Console]:
    """`as_reviewer(role="reviewer", environment="sandbox", name=None)`: a new reviewer of that
    role (a unique name unless one is given), added with the CLI and signed in."""

    def make(role: str = "reviewer", environment: str = "sandbox", name: str | None = None) -> Console:
        return reviewer_console(server, name or unique(role.capitalize()), role, environment)

    return make


# --- polling and AML watchlists ------------------------------------------------------------------


def wait_for(check: Callable[[], Any], timeout: float = 10.0, interval: float = 0.05, what: str = "a condition") -> Any:
    """Calls `check` until it returns something truthy (returned), or fails after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


@pytest.fixture(scope="session")
def poll() -> Callable[..., Any]:
    """`poll(check, timeout=10, interval=0.05, what=...)`: see `wait_for`."""
    return wait_for


AML_SEARCH = "/api/v3/aml/search"

# trade.gov's Consolidated Screening List CSV header (the columns the us-csl importer reads).
CSL_HEADER = (
    "_id,source,entity_number,type,programs,name,title,addresses,federal_register_notice,start_date,end_date,"
    "standard_order,license_requirement,license_policy,call_sign,vessel_type,gross_tonnage,"
    "gross_registered_tonnage,vessel_flag,vessel_owner,remarks,source_list_url,alt_names,citizenships,"
    "dates_of_birth,nationalities,places_of_birth,source_information_url,ids"
).split(",")
CSL_SDN = "Specially Designated Nationals (SDN) - Treasury Department"
CSL_EL = "Entity List (EL) - Bureau of Industry and Security"
CSL_UVL = "Unverified List (UVL) - Bureau of Industry and Security"
CSL_DTC = "ITAR Debarred (DTC) - State Department"

# Fictitious entities, written for these tests. `_id` is the list's own key (entity ids derive from it).
CSL_ROWS: list[dict[str, str]] = [
    # People with aliases, full data, exact and year-only dates of birth.
    dict(_id="dk-1001", source=CSL_SDN, type="Individual", programs="RUSSIA-EO14024",
         name="KARAVANOV, Dmitri Sergeyevich", alt_names="KARAVANOV, Dmitry",
         addresses="ul. Lenina 12, Novosibirsk, 630099, RU", citizenships="RU", nationalities="RU",
         dates_of_birth="1971-03-15", places_of_birth="Novosibirsk, Russia",
         ids="RU, 4509123456, Passport; Male, Gender", start_date="2022-04-06"),
    dict(_id="dk-1002", source=CSL_SDN, type="Individual", programs="SDGT", name="AL-ZUBAIDI, Khalid Hamid",
         citizenships="IQ", dates_of_birth="1965", places_of_birth="Baghdad, Iraq", ids="Male, Gender"),
    dict(_id="dk-1003", source=CSL_EL, type="Entity", name="Northwind Gateway Trading LLC",
         addresses="Suite 5, Al Quoz, Dubai, 45678, AE", ids="AE, CN-7781234, Registration Number"),
    dict(_id="dk-1004", source=CSL_SDN, type="Vessel", programs="IRAN", name="ZEPHYRINE STARLING",
         vessel_flag="Iran", call_sign="3FZX7", vessel_type="Crude Oil Tanker",
         ids="IMO 9912345, Vessel Registration Identification"),
    dict(_id="dk-1005", source=CSL_UVL, type="Entity", name="Quillon Brasswick Instruments Ltd",
         addresses="Unit 9, Kowloon, 99077, HK"),
    dict(_id="dk-1006", source=CSL_DTC, name="THORNQUIST, Evander Lysander", remarks="Debarred for ITAR violations"),
    dict(_id="dk-1007", source=CSL_SDN, type="Individual", programs="UKRAINE-EO13660",
         name="VOLKONSKAYA, Yelena Petrovna", citizenships="UA", dates_of_birth="1980-07-04",
         places_of_birth="Minsk, Belarus", ids="Female, Gender"),
    dict(_id="dk-1008", source=CSL_SDN, type="Individual", programs="SDGT", name="ALRASHIDI, Omar Faisal",
         citizenships="SY"),
    dict(_id="dk-1009", source=CSL_SDN, type="Individual", programs="SDGT", name="", citizenships="SY"),  # rejected
    dict(_id="dk-1010", source=CSL_SDN, type="Individual", programs="SDGT", name="ABU QASSIMAR", citizenships="YE"),
    # Five namesakes that differ in every filterable attribute.
    dict(_id="dk-2001", source=CSL_SDN, type="Individual", programs="RUSSIA-EO14024", name="OSTROVETSKY, Anatoly",
         citizenships="RU", dates_of_birth="1960-02-02", addresses="Tverskaya 1, Moscow, 101000, RU",
         ids="RU, 7300111222, Passport; Male, Gender"),
    dict(_id="dk-2002", source=CSL_DTC, type="Individual", name="OSTROVETSKY, Anatoly", citizenships="UA",
         dates_of_birth="1985", addresses="Khreshchatyk 5, Kyiv, 01001, UA"),
    dict(_id="dk-2003", source=CSL_EL, type="Entity", name="Anatoly Ostrovetsky Trading GmbH",
         addresses="Hafenstrasse 3, Hamburg, 20457, DE", ids="DE, HRB 55501, Registration Number"),
    dict(_id="dk-2004", source=CSL_UVL, type="Entity", name="Anatoly Ostrovetsky Instruments Ltd",
         addresses="Unit 12, Kowloon, 99088, HK"),
    dict(_id="dk-2005", source=CSL_SDN, type="Vessel", programs="SDGT", name="ANATOLY OSTROVETSKY",
         vessel_flag="Panama", ids="IMO 9876543, Vessel Registration Identification"),
    # Namesakes of two sandbox magic names: only production may see them.
    dict(_id="dk-3001", source=CSL_EL, type="Individual", name="SANCTIONOV, Ivan", citizenships="BY"),
    dict(_id="dk-3002", source=CSL_UVL, type="Individual", name="CLEANFIELD, Clara", citizenships="NZ"),
]

# OpenSanctions FollowTheMoney lines, written for these tests: a person with contact details, a
# wallet, a company, a relationship record (skipped) and a line that is not JSON (rejected).
FTM_LINES: list[str] = [
    json.dumps({"id": "dk-ftm-p1", "schema": "Person", "datasets": ["everypolitician"], "properties": {
        "name": ["Marisol Quintanilla Ferreira"], "firstName": ["Marisol"], "lastName": ["Quintanilla Ferreira"],
        "birthDate": ["1979-11-30"], "nationality": ["ve"], "topics": ["role.pep"], "position": ["Governor of Zulia"],
        "gender": ["female"], "email": ["m.quintanilla@example.org"], "phone": ["+58 212 5550101"],
        "website": ["https://quintanilla.example.org"]}}),
    json.dumps({"id": "dk-ftm-w1", "schema": "CryptoWallet", "datasets": ["us_ofac_sdn"], "properties": {
        "publicKey": ["bc1qdockettestwallet7h3x9k2m4n6p8q0r"], "currency": ["XBT"], "topics": ["sanction"],
        "notes": ["Wallet of a fictitious test network"]}}),
    json.dumps({"id": "dk-ftm-c1", "schema": "Company", "datasets": ["eu_fsf"], "properties": {
        "name": ["Brightwater Lantern Holdings"], "jurisdiction": ["ir"], "registrationNumber": ["IR-55-0912"],
        "topics": ["sanction"]}}),
    json.dumps({"id": "dk-ftm-rel", "schema": "Ownership", "properties": {"owner": ["dk-ftm-p1"], "asset": ["dk-ftm-c1"]}}),
    "not json",
]
FTM_WALLET = "bc1qdockettestwallet7h3x9k2m4n6p8q0r"


def write_csl(path: Path, rows: list[dict[str, str]]) -> Path:
    """Writes a Consolidated Screening List CSV (quoted where needed, empty columns left empty)."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, CSL_HEADER)
        writer.writeheader()
        writer.writerows(rows)
    return path


def import_list(server: DocketServer, fmt: str, *files: Path) -> subprocess.CompletedProcess:
    """`docket lists import --format FMT --data-dir DIR FILE...` against a server's data directory."""
    return server.run_cli("lists", "import", "--format", fmt, "--data-dir", str(server.data_dir), *map(str, files))


def aml_hits(client: Client, body: dict) -> list[dict]:
    r = client.post(AML_SEARCH, json=body)
    assert r.status_code == 200, f"{client.name}: search failed: {r.status_code} {r.text}"
    return r.json()["data"]


@pytest.fixture(scope="session")
def watchlists(server: DocketServer, production: Client, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Imports the synthetic US CSL and FollowTheMoney lists above into the shared server while it
    runs, and waits until production searches find both. What happened along the way is returned
    for the tests to check (the CLI's output, what production found before)."""
    root = tmp_path_factory.mktemp("watchlists")
    csl_path = write_csl(root / "csl.csv", CSL_ROWS)
    ftm_path = root / "docket_test.json.gz"  # gzipped files are read as they are
    ftm_path.write_bytes(gzip.compress(("\n".join(FTM_LINES) + "\n").encode()))
    before = {name: aml_hits(production, {"full_name": name}) for name in ("Dmitri Karavanov", FTM_WALLET)}
    started = time.monotonic()
    csl = import_list(server, "us-csl", csl_path)
    ftm = import_list(server, "ftm", ftm_path)
    assert csl.returncode == 0 and ftm.returncode == 0, f"imports failed:\n{csl.stderr}\n{ftm.stderr}"
    wait_for(lambda: aml_hits(production, {"full_name": "Dmitri Karavanov"})
             and aml_hits(production, {"full_name": FTM_WALLET}),
             timeout=20, interval=0.1, what="production to serve the imported lists")
    return {
        "dir": root, "csl_path": csl_path, "ftm_path": ftm_path, "csl": csl, "ftm": ftm, "before": before,
        "seconds_to_serve": time.monotonic() - started,
        # For tests that import more: the rows above, and the helpers.
        "csl_rows": [dict(r) for r in CSL_ROWS], "wallet": FTM_WALLET,
        "write_csl": write_csl, "import_list": lambda fmt, *files: import_list(server, fmt, *files),
    }


# --- the official clients ------------------------------------------------------------------------


@pytest.fixture
def run(base_url: str, sandbox) -> Callable[..., Any]:
    """For the official Python client's suites (tests/clients): runs `body(api)` with a client
    made exactly as its README shows (sandbox key by default, another with `client=`)."""
    from dataspike import Api

    def runner(body: Callable[[Any], Awaitable[Any]], client=sandbox) -> Any:
        async def main() -> Any:
            async with Api(client.key, api_endpoint=base_url) as api:
                return await body(api)

        return asyncio.run(main())

    return runner
