"""Black-box fixtures: run the real `docket` binary and talk HTTP to it.

* `server` (session): one Docket on port 0 with a temporary data directory and pinned keys. It is
  stopped with SIGTERM at the end and must exit 0 within a few seconds (graceful shutdown).
* `sandbox`, `production`: clients with the default organization's pinned keys; `other_sandbox`
  and `other_production`: a second organization made with the CLI; `anonymous`: no key.
* `reset`: an empty sandbox on real time for the test (and real time again afterwards).
* `docket_factory`: fresh servers of one's own (restarts, a data directory of one's own).

The binary is `$DOCKET_BIN`, by default /work/main/target/debug/docket.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import requests

DOCKET_BIN = os.environ.get("DOCKET_BIN", "/work/main/target/debug/docket")
SANDBOX_KEY = "test-sandbox-key-0001"
PRODUCTION_KEY = "test-production-key-0001"
OTHER_ORG = "Second Org"
APPLICANTS = "/api/v3/applicants"
JOURNAL = "/_docket/requests"

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
    ):
        self.data_dir = data_dir
        self.log_path = log_path
        self.sandbox_key = sandbox_key
        self.production_key = production_key
        self.args = args
        self.url: str = ""
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
            [DOCKET_BIN, "serve", "--data-dir", str(self.data_dir), "--listen", "127.0.0.1:0", *self.args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=log,
            env=_child_env(self.sandbox_key, self.production_key),
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
            [DOCKET_BIN, "--data-dir", str(self.data_dir), *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=30,
            env=_child_env(None, None),
        )
        assert done.returncode == 0, f"docket {' '.join(args)} failed ({done.returncode}):\n{done.stderr}"
        return done

    def create_key(self, org: str | None, env: str, name: str) -> tuple[str, str]:
        """A new key of `org` (None: the default organization) in `env`: (secret, key id)."""
        org_args = ("--org", org) if org else ()
        secret = self.cli("keys", "create", *org_args, "--env", env, "--name", name).stdout.strip().splitlines()[-1]
        keys = json.loads(self.cli("keys", "list", *org_args, "--json").stdout)
        (key_id,) = [k["id"] for k in keys if k["name"] == name]
        return secret, key_id


# --- the shared server -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def server_errors() -> list[str]:
    """Every 5xx answer seen in any journal during the run (journals are wiped by resets, so
    they are read before each reset and before each server stops)."""
    return []


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, server_errors: list[str]) -> Iterator[DocketServer]:
    root = tmp_path_factory.mktemp("docket")
    (root / "data").mkdir()
    srv = DocketServer(root / "data", root / "stderr.log")
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
