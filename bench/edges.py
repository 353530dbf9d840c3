#!/usr/bin/env python3
"""The hardened edges (issue 32), measured: what each row of the issue's table does to a running
`docket serve`, as figures. Run on demand against a release build, never by `scripts/test` (the
tests assert the behaviour; this reports how far from the bounds it stays).

    bench/edges.py [--bin target/release/docket] [--peer OTHER_DOCKET] [--flood 15000]
                   [--kill-seconds 30] [--guesses 60000]

With `--peer` (for instance a build of an earlier commit) every row is measured on both binaries,
one after the other in the same run, and both columns are printed. Rows:

- four 7,745 x 7,745 16-bit PNGs uploaded at once: peak and final resident memory (MB);
- a client sending its head one byte every 5 s, and one sending its body so: seconds until the
  server cuts it (capped at 60 s);
- SIGTERM with 50 such clients open: seconds until the process exits (capped at 60 s);
- a keyless flood: journal entries each tenant (sandbox, production, a console session) still
  holds of the 100 it made before;
- random keys from one address: resident memory growth (MB) and how many were refused 429;
- kill -9 during steady requests: acknowledged requests missing from the journal afterwards.

Results are printed as a table and written to bench/results/edges-<time>.json.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
# The hostile files are the tests' own (tests/http/test_hostile_files.py), made the same way.
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "http")]
from test_hostile_files import deep_png  # noqa: E402
SANDBOX_KEY = "bench-edges-sandbox-key-0001"
PRODUCTION_KEY = "bench-edges-production-key-0001"
APPLICANTS = "/api/v3/applicants"
CAP = 60.0


# --- a server --------------------------------------------------------------------------------------


class Server:
    def __init__(self, binary: Path, data_dir: Path, *args: str):
        self.binary, self.data_dir = binary, data_dir
        env = {**os.environ, "DOCKET_SANDBOX_API_KEY": SANDBOX_KEY, "DOCKET_PRODUCTION_API_KEY": PRODUCTION_KEY,
               "RUST_LOG": "warn"}
        self.log = open(data_dir.parent / f"{data_dir.name}.log", "w")
        self.proc = subprocess.Popen([str(binary), "serve", "--data-dir", str(data_dir), "--listen", "127.0.0.1:0",
                                      *args], stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL,
                                     text=True, env=env)
        self.url, self.console_link = "", ""
        deadline = time.monotonic() + 60
        assert self.proc.stdout is not None
        while not (self.url and self.console_link):
            line = self.proc.stdout.readline()
            if not line or time.monotonic() > deadline:
                raise SystemExit(f"{binary} did not start: see {self.log.name}")
            if found := re.search(r"(http://127\.0\.0\.1:\d+)", line):
                self.url = self.url or found.group(1)
            if "/_docket/console/login?token=" in line:
                self.console_link = line.split()[-1]
        threading.Thread(target=lambda: [None for _ in self.proc.stdout], daemon=True).start()  # type: ignore[union-attr]
        self.host, port = self.url.removeprefix("http://").rsplit(":", 1)
        self.port = int(port)

    def memory_mb(self) -> tuple[float, float]:
        """Resident and peak resident memory."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        kb = {k: int(v.split()[0]) for k, v in re.findall(r"^(VmRSS|VmHWM):\s+(.+)$", status, re.M)}
        return kb["VmRSS"] / 1024, kb["VmHWM"] / 1024

    def alive(self) -> bool:
        try:
            return requests.get(self.url + "/healthz", timeout=10).status_code == 200
        except requests.RequestException:
            return False

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def key_session(key: str) -> requests.Session:
    s = requests.Session()
    s.headers["ds-api-token"] = key
    return s


# --- the rows --------------------------------------------------------------------------------------


def deep_pictures(binary: Path, work: Path) -> dict:
    srv = Server(binary, work / "pictures")
    try:
        api = key_session(SANDBOX_KEY)
        applicant = api.post(srv.url + "/api/v3/verifications", json={}, timeout=30).json()["applicant_id"]
        # The screening index is built after a start; a search waits for it, so that the figures
        # measure the pictures.
        api.post(srv.url + "/api/v3/aml/search", json={"full_name": "Clara Cleanfield"}, timeout=120)
        before = srv.memory_mb()[0]
        png = deep_png()
        statuses: list[int | str] = []

        def upload(_: int) -> None:
            try:
                r = api.post(f"{srv.url}/api/v3/upload/{applicant}", files={"file": ("deep.png", png, "image/png")},
                             data={"document_type": "passport"}, timeout=120)
                statuses.append(r.status_code)
            except requests.RequestException as e:
                statuses.append(type(e).__name__)

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            list(pool.map(upload, range(4)))
        rss, peak = srv.memory_mb()
        return {"rss_before_mb": round(before), "rss_after_mb": round(rss), "rss_peak_mb": round(peak),
                "answers": sorted(map(str, statuses)), "still_serves": srv.alive()}
    finally:
        srv.stop()


def _trickle(host: str, port: int, whole: bytes, drip: bytes, interval: float) -> float:
    """Sends `whole` at once, then `drip` a byte every `interval` seconds; seconds until the
    server answers or ends the connection (at most `CAP`)."""
    sock = socket.create_connection((host, port), timeout=CAP)
    started = time.monotonic()
    try:
        sock.sendall(whole)
        for byte in drip:
            sock.sendall(bytes([byte]))
            sock.settimeout(interval)
            try:
                sock.recv(4096)  # an answer (a 408) or the end of the connection
                break
            except socket.timeout:
                pass
            if time.monotonic() - started > CAP:
                break
    except OSError:
        pass  # cut by the server
    finally:
        sock.close()
    return min(CAP, time.monotonic() - started)


def slow_clients(binary: Path, work: Path) -> dict:
    srv = Server(binary, work / "slow")
    try:
        head = b"GET /healthz HTTP/1.1\r\nHost: a\r\nX-Padding: " + b"a" * 200 + b"\r\n\r\n"
        body = (b"POST /api/v3/applicants HTTP/1.1\r\nHost: a\r\nds-api-token: " + SANDBOX_KEY.encode()
                + b"\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            cut_head = pool.submit(_trickle, srv.host, srv.port, b"", head, 5.0)
            cut_body = pool.submit(_trickle, srv.host, srv.port, body, b"{" * 1000, 5.0)
            figures = {"head_cut_after_s": round(cut_head.result(), 1), "body_cut_after_s": round(cut_body.result(), 1)}
    finally:
        srv.stop()
    srv = Server(binary, work / "shutdown")
    held = []
    try:
        for _ in range(50):
            sock = socket.create_connection((srv.host, srv.port), timeout=5)
            sock.sendall(b"POST /api/v3/applicants HTTP/1.1\r\nHost: a\r\nds-api-token: " + SANDBOX_KEY.encode()
                         + b"\r\nContent-Length: 1000\r\n\r\n{")
            held.append(sock)
        time.sleep(0.5)
        started = time.monotonic()
        srv.proc.send_signal(signal.SIGTERM)
        try:
            srv.proc.wait(timeout=CAP)
        except subprocess.TimeoutExpired:
            srv.proc.kill()
            srv.proc.wait()
        figures["sigterm_with_50_slow_clients_s"] = round(min(CAP, time.monotonic() - started), 1)
    finally:
        for sock in held:
            sock.close()
        srv.stop()
    return figures


def keyless_flood(binary: Path, work: Path, flood: int) -> dict:
    srv = Server(binary, work / "flood")
    try:
        console = requests.Session()
        assert console.get(srv.console_link, allow_redirects=False, timeout=30).status_code == 303
        tenants = {"sandbox": (key_session(SANDBOX_KEY), {}), "production": (key_session(PRODUCTION_KEY), {}),
                   "console": (console, {"X-Docket-Environment": "sandbox"})}
        for name, (session, headers) in tenants.items():
            for i in range(100):
                mark = {**headers, "x-request-id": f"mark-{name}-{i}"}
                if name == "console":  # the journal keeps a console's changes only
                    session.post(srv.url + APPLICANTS, json={"external_id": f"mark-{i}"}, headers=mark, timeout=30)
                else:
                    session.get(srv.url + APPLICANTS, headers=mark, timeout=30)

        def keyless(i: int) -> int:
            return requests.get(srv.url + APPLICANTS, headers={"x-request-id": f"flood-{i}"}, timeout=30).status_code

        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            statuses = list(pool.map(keyless, range(flood)))
        took = time.monotonic() - started
        kept = {}
        for name, (session, headers) in tenants.items():
            ids: set[str] = set()
            for page in range(10):
                r = session.get(srv.url + "/_docket/requests", params={"limit": 200, "page": page},
                                headers=headers, timeout=30)
                entries = r.json()["data"] if r.status_code == 200 else []
                ids |= {e["request_id"] for e in entries}
                if len(entries) < 200:
                    break
            kept[name] = sum(1 for rid in ids if rid.startswith(f"mark-{name}-"))
        return {"requests": flood, "seconds": round(took, 1), "statuses": sorted(set(statuses)),
                "journal_marks_kept_of_100": kept}
    finally:
        srv.stop()


def random_keys(binary: Path, work: Path, guesses: int) -> dict:
    srv = Server(binary, work / "keys")
    try:
        integration = key_session(SANDBOX_KEY)
        # The screening index is built after a start; a search waits for it, so that the growth
        # measured is the guesses'.
        integration.post(srv.url + "/api/v3/aml/search", json={"full_name": "Clara Cleanfield"}, timeout=120)
        before = srv.memory_mb()[0]
        statuses: dict[int, int] = {}
        in_use: dict[int, int] = {}
        session = requests.Session()
        for i in range(guesses):
            r = session.get(srv.url + APPLICANTS, headers={"ds-api-token": "guess-" + secrets.token_hex(16)},
                            timeout=30)
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            if i % 500 == 0:  # an integration on the same address, using its key all along
                code = integration.get(srv.url + APPLICANTS, timeout=30).status_code
                in_use[code] = in_use.get(code, 0) + 1
        growth = srv.memory_mb()[0] - before
        return {"guesses": guesses, "statuses": {str(k): v for k, v in sorted(statuses.items())},
                "rss_growth_mb": round(growth, 1),
                "a_key_in_use_meanwhile": {str(k): v for k, v in sorted(in_use.items())}}
    finally:
        srv.stop()


def kill_9(binary: Path, work: Path, seconds: float) -> dict:
    data = work / "killed"
    # A journal large enough to hold every request of the run: the row measures loss, not the cap.
    keep_all = ("--journal-max-entries", "10000000")
    srv = Server(binary, data, *keep_all)
    acknowledged: list[str] = []
    stop = time.monotonic() + seconds + 5

    def fire(worker: int) -> None:
        session = key_session(SANDBOX_KEY)
        i = 0
        while time.monotonic() < stop:
            rid = f"ack-{worker}-{i}"
            try:
                r = session.get(srv.url + APPLICANTS, headers={"x-request-id": rid}, timeout=5)
            except requests.RequestException:
                return
            if r.status_code == 200:
                acknowledged.append(rid)
            i += 1

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        futures = [pool.submit(fire, w) for w in range(8)]
        time.sleep(seconds)
        srv.proc.send_signal(signal.SIGKILL)
        srv.proc.wait(timeout=30)
        for f in futures:
            f.result()
    srv.log.close()
    again = Server(binary, data, *keep_all)
    try:
        session = key_session(SANDBOX_KEY)
        recorded: set[str] = set()
        for page in range(10_000):
            r = session.get(again.url + "/_docket/requests", params={"limit": 200, "page": page, "path": APPLICANTS},
                            timeout=60)
            entries = r.json()["data"]
            recorded |= {e["request_id"] for e in entries}
            if len(entries) < 200:
                break
        missing = sum(1 for rid in acknowledged if rid not in recorded)
        return {"seconds": seconds, "acknowledged": len(acknowledged), "missing": missing}
    finally:
        again.stop()


# --- the run ---------------------------------------------------------------------------------------


def measure(binary: Path, args: argparse.Namespace) -> dict:
    work = Path(tempfile.mkdtemp(prefix="docket-edges-"))
    try:
        rows = {}
        for name, run in [("deep_pictures", lambda: deep_pictures(binary, work)),
                          ("slow_clients", lambda: slow_clients(binary, work)),
                          ("keyless_flood", lambda: keyless_flood(binary, work, args.flood)),
                          ("random_keys", lambda: random_keys(binary, work, args.guesses)),
                          ("kill_9", lambda: kill_9(binary, work, args.kill_seconds))]:
            print(f"  {binary.name}: {name}…", file=sys.stderr, flush=True)
            try:
                rows[name] = run()
            except Exception as e:  # a row that fails is reported, the others still run
                rows[name] = {"failed": f"{type(e).__name__}: {e}"}
        return rows
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", type=Path, default=ROOT / "target" / "release" / "docket")
    parser.add_argument("--peer", type=Path, help="another docket binary, measured the same way in the same run")
    parser.add_argument("--flood", type=int, default=15_000)
    parser.add_argument("--guesses", type=int, default=60_000)
    parser.add_argument("--kill-seconds", type=float, default=30.0)
    args = parser.parse_args()
    binaries = [args.bin] + ([args.peer] if args.peer else [])
    results = {str(b): measure(b, args) for b in binaries}
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"edges-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps(results, indent=2))
    for binary, rows in results.items():
        print(f"\n{binary}")
        for name, figures in rows.items():
            print(f"  {name:15} {json.dumps(figures)}")
    print(f"\nwritten to {path}")


if __name__ == "__main__":
    main()
