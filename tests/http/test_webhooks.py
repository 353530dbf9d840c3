"""Webhooks against a real receiver: signed at-least-once delivery, retries, history, replay,
rotation, the sandbox clock, durability across kill -9, and bad input.

The receiver is a local HTTP server in this process. It checks every signature with its own
implementation (Python's `hmac`, not Docket's code): key = hex-decode(secret without `whsec_`),
message = `{t}.{raw body}`, HMAC-SHA256, lowercase hex; several `v1` entries allowed.
"""

from __future__ import annotations

import hashlib
import hmac
import http.server
import json
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import pytest

from conftest import Client, signed_in, wait_for

HOOKS = "/api/v3/organization/webhooks"
HISTORY = "/api/v3/notifications/webhook/history"
SETTINGS = "/_docket/webhooks/settings"


def sign(secret: str, t: str, body: bytes) -> str:
    key = bytes.fromhex(secret.removeprefix("whsec_"))
    return hmac.new(key, t.encode() + b"." + body, hashlib.sha256).hexdigest()


def parse_signature(header: str) -> tuple[str, list[str]]:
    parts = [p.strip().split("=", 1) for p in header.split(",")]
    ts = [v for k, v in parts if k == "t"]
    assert len(ts) == 1, header
    return ts[0], [v for k, v in parts if k == "v1"]


def signed_by(secret: str, header: str, body: bytes) -> bool:
    t, v1s = parse_signature(header)
    expected = sign(secret, t, body)
    return any(hmac.compare_digest(expected, v) for v in v1s)


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float

    @property
    def envelope(self) -> dict:
        return json.loads(self.body)


@dataclass
class Receiver:
    """Records every POST; answers per path from a script (status, headers, delay), else 200."""

    url: str = ""
    received: list[Received] = field(default_factory=list)
    scripts: dict[str, list[tuple[int, dict[str, str], float]]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def script(self, path: str, *answers: tuple[int, dict[str, str], float]) -> None:
        with self.lock:
            self.scripts[path] = list(answers)

    def at(self, path: str) -> list[Received]:
        with self.lock:
            return [r for r in self.received if r.path == path]

    def wait(self, path: str, count: int, timeout: float = 15.0) -> list[Received]:
        return wait_for(lambda: (got := self.at(path)) and len(got) >= count and got, timeout=timeout,
                        what=f"{count} deliveries to {path}")


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    rec = Receiver()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with rec.lock:
                rec.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body,
                                             time.monotonic()))
                script = rec.scripts.get(self.path) or []
                status, headers, delay = script.pop(0) if script else (200, {}, 0.0)
            if delay:
                time.sleep(delay)
            reply = f"received {status}".encode()
            try:
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)
            except OSError:
                pass  # the sender gave up (a timeout test)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    rec.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield rec
    httpd.shutdown()


@pytest.fixture
def endpoint(sandbox: Client, receiver: Receiver, unique: Callable[[str], str]) -> Iterator[Callable[..., dict]]:
    """Creates sandbox endpoints on the receiver (a fresh path each); deletes them afterwards."""
    made: list[tuple[Client, str]] = []

    def make(types: list[str] | None = None, client: Client = sandbox, **extra: Any) -> dict:
        path = "/" + unique("hook")
        r = client.post(HOOKS, json={"webhook_url": receiver.url + path, "event_types": types or ["AML_SCREENING"],
                                     **extra})
        assert r.status_code == 200, r.text
        body = r.json()
        made.append((client, body["id"]))
        return {"id": body["id"], "secret": body["hmac_signing_secret"], "path": path}

    yield make
    for client, webhook_id in made:
        client.delete(f"{HOOKS}/{webhook_id}")


def send_test(client: Client, webhook_id: str, **body: Any) -> dict:
    r = client.post(f"/_docket/webhooks/{webhook_id}/test", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def delivery(client: Client, delivery_id: str) -> dict:
    r = client.get(f"/_docket/webhooks/deliveries/{delivery_id}")
    assert r.status_code == 200, r.text
    return r.json()


def wait_state(client: Client, delivery_id: str, state: str, attempts: int | None = None, timeout: float = 15) -> dict:
    def check() -> dict | None:
        d = delivery(client, delivery_id)
        return d if d["state"] == state and (attempts is None or d["attempts"] == attempts) else None

    return wait_for(check, timeout=timeout, what=f"delivery {delivery_id} to be {state}")


# --- delivery and signatures ---------------------------------------------------------------------


def test_a_screening_reaches_the_receiver_signed_with_the_envelope_of_the_spec(
        sandbox: Client, receiver: Receiver, endpoint: Callable[..., dict], unique: Callable[[str], str], reset: None):
    hook = endpoint()
    external_id = unique("wh")
    applicant_id = sandbox.create_applicant({"external_id": external_id, "aml_screening_enabled": True,
                                             "info": {"full_name": "Ivan Sanctionov"}})
    (got,) = receiver.wait(hook["path"], 1)
    assert got.headers["content-type"] == "application/json"
    assert got.headers["user-agent"].startswith("Docket-Webhooks/")
    assert signed_by(hook["secret"], got.headers["x-webhook-signature"], got.body)
    t, v1s = parse_signature(got.headers["x-webhook-signature"])
    assert len(v1s) == 1 and abs(int(t) - time.time()) < 60
    envelope = got.envelope
    assert sorted(envelope) == ["event_type", "id", "payload", "timestamp", "webhook_id"]
    assert envelope["event_type"] == "AML_SCREENING" and envelope["webhook_id"] == hook["id"]
    payload = envelope["payload"]
    assert payload["applicant_id"] == applicant_id and payload["external_id"] == external_id
    assert payload["risk_score"] == {"type": "High"}
    assert payload["search_response"] == payload["search_result"]
    assert payload["search_response"]["data"][0]["search_metadata"]["name_match_level"] == "FULL_MATCH"
    applicant = sandbox.get_applicant(applicant_id)
    assert payload["screening_id"] == applicant["last_aml_screening_id"]

    # The history shows it delivered, in the public shape plus Docket's fields.
    def delivered() -> dict | None:
        items = sandbox.get(HISTORY, params={"webhook_id": hook["id"]}).json()["data"]
        return items[0] if items and items[0]["state"] == "delivered" else None

    item = wait_for(delivered, what="the delivery to be recorded")
    assert item["id"] == envelope["id"] and item["webhook_id"] == hook["id"]
    assert item["event_type"] == "AML_SCREENING" and item["payload"] == payload
    assert item["attempts"] == 1 and item["response_code"] == 200 and item["is_sandbox"] is True
    assert item["timestamp"] == envelope["timestamp"] and item["last_attempt_at"]
    assert item["is_test"] is False and item["event_id"]
    # The raw body in the detail is byte for byte what was signed and sent.
    assert delivery(sandbox, item["id"])["body"].encode() == got.body


def test_a_clean_screening_sends_the_low_risk_level_of_the_public_example(
        sandbox: Client, receiver: Receiver, endpoint: Callable[..., dict], reset: None):
    # It sent `{"type": null}`; the public example of a clean screening has `"Low"`.
    hook = endpoint()
    applicant_id = sandbox.create_applicant({"aml_screening_enabled": True,
                                             "info": {"full_name": "Zzyzx Qwertyuiop Nonexistent"}})
    (got,) = receiver.wait(hook["path"], 1)
    payload = got.envelope["payload"]
    assert payload["applicant_id"] == applicant_id and payload["search_response"]["data"] == []
    assert payload["risk_score"] == {"type": "Low"}


def test_only_subscribed_enabled_endpoints_of_the_environment_receive_events(
        sandbox: Client, production: Client, receiver: Receiver, endpoint: Callable[..., dict], reset: None):
    subscribed = endpoint(["AML_SCREENING"])
    everything = endpoint(["ALL"])
    other_type = endpoint(["DOCVER"])
    disabled = endpoint(["ALL"], enabled=False)
    sandbox.create_applicant({"aml_screening_enabled": True, "info": {"full_name": "Petra Politikova"}})
    receiver.wait(subscribed["path"], 1)
    receiver.wait(everything["path"], 1)
    time.sleep(0.5)
    assert receiver.at(other_type["path"]) == [] and receiver.at(disabled["path"]) == []
    # Production's history does not show the sandbox's deliveries.
    assert production.get(HISTORY).json()["data"] == []


def test_failures_retry_with_the_same_id_when_the_sandbox_clock_moves(
        sandbox: Client, receiver: Receiver, endpoint: Callable[..., dict], reset: None):
    hook = endpoint(["ALL"])
    receiver.script(hook["path"], (500, {}, 0.0), (503, {}, 0.0))
    sent = send_test(sandbox, hook["id"])
    d = wait_state(sandbox, sent["id"], "pending", attempts=1)
    assert d["response_code"] == 500 and d["next_attempt_at"] > d["last_attempt_at"]
    assert d["attempts_detail"][0]["response_excerpt"] == "received 500"
    # The next attempt is 5 s away on the sandbox clock; moving it makes the retry due at once.
    assert sandbox.post("/_docket/clock/advance", json={"by": "10s"}).status_code == 200
    wait_state(sandbox, sent["id"], "pending", attempts=2)
    assert sandbox.post("/_docket/clock/advance", json={"by": "10m"}).status_code == 200
    d = wait_state(sandbox, sent["id"], "delivered", attempts=3)
    got = receiver.at(hook["path"])
    assert len(got) == 3
    assert len({r.envelope["id"] for r in got}) == 1 and len({r.body for r in got}) == 1
    assert all(signed_by(hook["secret"], r.headers["x-webhook-signature"], r.body) for r in got)
    assert [a["response_code"] for a in d["attempts_detail"]] == [500, 503, 200]
    assert [a["cause"] for a in d["attempts_detail"]] == ["scheduled"] * 3


def test_time_outs_are_failures_and_retry_after_is_honoured(
        sandbox: Client, receiver: Receiver, endpoint: Callable[..., dict], reset: None):
    assert sandbox.request("PATCH", SETTINGS, json={"timeout_seconds": 1}).status_code == 200
    try:
        slow = endpoint(["ALL"])
        receiver.script(slow["path"], (200, {}, 2.5))
        d = wait_state(sandbox, send_test(sandbox, slow["id"])["id"], "pending", attempts=1)
        assert d["response_code"] is None and "no answer within 1 s" in d["last_error"]
        assert d["attempts_detail"][0]["latency_ms"] >= 900

        busy = endpoint(["ALL"])
        receiver.script(busy["path"], (429, {"Retry-After": "3600"}, 0.0))
        d = wait_state(sandbox, send_test(sandbox, busy["id"])["id"], "pending", attempts=1)
        assert d["response_code"] == 429
        last, nxt = d["last_attempt_at"], d["next_attempt_at"]
        waited = (time.mktime(time.strptime(nxt[:19], "%Y-%m-%dT%H:%M:%S"))
                  - time.mktime(time.strptime(last[:19], "%Y-%m-%dT%H:%M:%S")))
        assert 3599 <= waited <= 3601, (last, nxt)
    finally:
        sandbox.request("PATCH", SETTINGS, json={"timeout_seconds": 5})


def test_gone_disables_the_endpoint_visibly(
        sandbox: Client, receiver: Receiver, endpoint: Callable[..., dict], reset: None):
    hook = endpoint(["ALL"])
    receiver.script(hook["path"], (410, {}, 0.0))
    d = wait_state(sandbox, send_test(sandbox, hook["id"])["id"], "failed", attempts=1)
    assert d["response_code"] == 410 and "410 Gone" in d["last_error"]
    listed = {w["webhook_id"]: w for w in sandbox.get(HOOKS).json()["webhooks"]}
    assert listed[hook["id"]]["enabled"] is False
    assert "410 Gone" in listed[hook["id"]]["disabled_reason"]
    r = sandbox.post(f"/_docket/webhooks/{hook['id']}/test", json={})
    assert r.status_code == 409 and "disabled" in r.json()["message"]
    # Enabling it again clears the reason.
    r = sandbox.request("PUT", f"{HOOKS}/{hook['id']}",
                        json={"webhook_url": receiver.url + hook["path"], "event_types": ["ALL"], "enabled": True})
    assert r.status_code == 200 and r.json()["enabled"] is True and r.json()["disabled_reason"] is None


def test_replay_sends_the_same_envelope_again(
        sandbox: Client, receiver: Receiver, endpoint: Callable[..., dict], reset: None):
    hook = endpoint(["ALL"])
    sent = send_test(sandbox, hook["id"], event_type="DOCVER")
    wait_state(sandbox, sent["id"], "delivered", attempts=1)
    r = sandbox.post(f"/_docket/webhooks/deliveries/{sent['id']}/replay")
    assert r.status_code == 200 and r.json()["id"] == sent["id"]
    d = wait_state(sandbox, sent["id"], "delivered", attempts=2)
    assert [a["cause"] for a in d["attempts_detail"]] == ["scheduled", "replay"]
    first, second = receiver.wait(hook["path"], 2)
    assert first.body == second.body and first.envelope["event_type"] == "DOCVER"
    assert first.envelope["payload"]["status"] == "verified"


def test_rotation_signs_with_both_secrets_during_the_grace_period(
        sandbox: Client, receiver: Receiver, endpoint: Callable[..., dict], reset: None, server: Any):
    hook = endpoint(["ALL"])
    r = sandbox.post(f"{HOOKS}/{hook['id']}/hmac/rotate")
    assert r.status_code == 200, r.text
    new_secret = r.json()["hmac_signing_secret"]
    assert new_secret.startswith("whsec_") and len(new_secret) == 70 and new_secret != hook["secret"]
    assert r.json()["previous_secret_valid_until"]
    wait_state(sandbox, send_test(sandbox, hook["id"])["id"], "delivered")
    (got,) = receiver.at(hook["path"])
    header = got.headers["x-webhook-signature"]
    assert len(parse_signature(header)[1]) == 2
    assert signed_by(new_secret, header, got.body) and signed_by(hook["secret"], header, got.body)

    # Docket's own verifier agrees, and refuses a changed body.
    body_file = server.data_dir.parent / "received-body.json"
    body_file.write_bytes(got.body)
    ok = server.run_cli("webhooks", "verify", "--secret", hook["secret"], "--header", header,
                        "--body-file", str(body_file))
    assert ok.returncode == 0 and "valid: v1 entry 2 matches" in ok.stdout, ok.stdout + ok.stderr
    body_file.write_bytes(got.body.replace(b"}", b" }", 1))
    bad = server.run_cli("webhooks", "verify", "--secret", new_secret, "--header", header,
                         "--body-file", str(body_file))
    assert bad.returncode == 1 and "no signature matches" in bad.stderr

    # After the grace period (moved on by the sandbox clock), only the new secret signs.
    assert sandbox.post("/_docket/clock/advance", json={"by": "25h"}).status_code == 200
    wait_state(sandbox, send_test(sandbox, hook["id"])["id"], "delivered")
    later = receiver.wait(hook["path"], 2)[1]
    header = later.headers["x-webhook-signature"]
    assert len(parse_signature(header)[1]) == 1
    assert signed_by(new_secret, header, later.body) and not signed_by(hook["secret"], header, later.body)


def test_secrets_are_shown_once_and_redacted_from_the_journal(
        sandbox: Client, endpoint: Callable[..., dict], reset: None):
    hook = endpoint()
    listed = sandbox.get(HOOKS).json()["webhooks"]
    assert hook["id"] in [w["webhook_id"] for w in listed]
    assert hook["secret"] not in json.dumps(listed)
    assert hook["secret"] not in sandbox.get(f"{HOOKS}/{hook['id']}").text
    entries = sandbox.journal(path=HOOKS, method="POST")
    assert entries, "the create was journaled"
    assert hook["secret"] not in json.dumps(entries)


def test_the_history_pages_with_a_cursor_and_filters(
        sandbox: Client, endpoint: Callable[..., dict], reset: None):
    a, b = endpoint(["ALL"]), endpoint(["ALL"])
    ids = [send_test(sandbox, a["id"])["id"] for _ in range(3)] + [send_test(sandbox, b["id"])["id"]]
    page = sandbox.get(HISTORY, params={"limit": 2}).json()
    assert page["has_next"] is True and [d["id"] for d in page["data"]] == ids[::-1][:2]
    rest = sandbox.get(HISTORY, params={"limit": 10, "after": page["data"][-1]["id"]}).json()
    assert [d["id"] for d in rest["data"]] == ids[::-1][2:] and rest["has_next"] is False
    by_old_name = sandbox.get(HISTORY, params={"webhook": a["id"]}).json()["data"]
    assert [d["id"] for d in by_old_name] == ids[:3][::-1]
    assert sandbox.get(HISTORY, params={"webhook_id": b["id"]}).json()["data"][0]["id"] == ids[3]


# --- durability ------------------------------------------------------------------------------------


def test_pending_deliveries_survive_kill_9(docket_factory: Callable[..., Any], receiver: Receiver,
                                           unique: Callable[[str], str]):
    srv = docket_factory()
    client = srv.client(srv.sandbox_key, "durable")
    path = "/" + unique("durable")
    r = client.post(HOOKS, json={"webhook_url": receiver.url + path, "event_types": ["ALL"]})
    assert r.status_code == 200, r.text
    hook = r.json()
    # The receiver refuses everything at first, so the deliveries stay pending.
    receiver.script(path, *[(503, {}, 0.0)] * 20)
    ids = [send_test(client, hook["id"])["id"] for _ in range(10)]
    wait_for(lambda: len(receiver.at(path)) >= 10, what="first attempts")
    # Killed between attempts: an attempt still in flight at the kill (its refusal received but
    # not yet recorded) would wait out its 60 s lease after the restart, as after a real crash.
    wait_for(lambda: all(delivery(client, i)["attempts"] >= 1 for i in ids), what="first attempts recorded")
    srv.proc.kill()
    srv.proc.wait()

    receiver.script(path)  # now everything is accepted
    again = docket_factory(data_dir=srv.data_dir)
    client = again.client(again.sandbox_key, "durable-after")
    assert client.post("/_docket/clock/advance", json={"by": "1m"}).status_code == 200
    for delivery_id in ids:
        wait_state(client, delivery_id, "delivered")
    accepted = [r for r in receiver.at(path)[10:]]
    assert {r.envelope["id"] for r in accepted} >= set(ids)
    assert all(signed_by(hook["hmac_signing_secret"], r.headers["x-webhook-signature"], r.body) for r in accepted)


# --- safety and bad input ------------------------------------------------------------------------


GUARD = "/_docket/webhooks/address-guard"
GUARD_ADMIN = "Guard Admin"


@pytest.fixture(scope="module")
def guard_admin(server) -> Any:
    """A console signed in to production as an admin, who switches the address guard."""
    return signed_in(server, GUARD_ADMIN, environment="production")


@contextmanager
def private_addresses_allowed(admin: Any) -> Iterator[None]:
    """The address guard off for the block (production's, shared by the session): on again after."""
    r = admin.request("PUT", GUARD, json={"allow_private_addresses": True})
    assert r.status_code == 200, r.text
    try:
        yield
    finally:
        r = admin.request("PUT", GUARD, json={"allow_private_addresses": False})
        assert r.status_code == 200, r.text


def test_production_refuses_private_addresses_unless_allowed(production: Client, guard_admin: Any):
    r = production.post(HOOKS, json={"webhook_url": "http://127.0.0.1:9/x", "event_types": ["ALL"]})
    assert r.status_code == 400 and "allow_private_addresses" in r.json()["message"]
    assert "127.0.0.1 is not a public address: Loopback (127.0.0.0/8, RFC 1122)" in r.json()["message"]
    r = production.post(HOOKS, json={"webhook_url": "http://169.254.169.254/latest", "event_types": ["ALL"]})
    assert r.status_code == 400 and "Link Local" in r.json()["message"]
    with private_addresses_allowed(guard_admin):
        r = production.post(HOOKS, json={"webhook_url": "http://127.0.0.1:9/x", "event_types": ["ALL"],
                                         "is_sandbox": False})
        assert r.status_code == 200, r.text
        assert production.delete(f"{HOOKS}/{r.json()['id']}").status_code == 200


# Each address that is not public, spelled as a URL host, with the words its refusal names it by.
# The first six were accepted on main (issue 32).
NOT_PUBLIC = [
    ("[::127.0.0.1]", "IPv4-compatible address (deprecated) (::/96, RFC 4291) embedding 127.0.0.1"),
    ("[64:ff9b::7f00:1]", "IPv4-IPv6 Translation (64:ff9b::/96, RFC 6052) embedding 127.0.0.1, Loopback"),
    ("[2002:7f00:1::]", "6to4 (2002::/16, RFC 3056) embedding 127.0.0.1"),
    ("[::ffff:0:7f00:1]", "IPv4-translated address (::ffff:0:0:0/96, RFC 2765) embedding 127.0.0.1"),
    ("[fec0::1]", "Site-local (deprecated) (fec0::/10, RFC 3879)"),
    ("192.0.0.1", "IPv4 Service Continuity Prefix (192.0.0.0/29, RFC 7335)"),
    ("[2001::1]", "TEREDO (2001::/32, RFC 4380)"),
    ("[64:ff9b:1::a00:1]", "IPv4-IPv6 Translation (local use) (64:ff9b:1::/48, RFC 8215)"),
    ("[100:0:0:1::1]", "Dummy IPv6 Prefix (100:0:0:1::/64, RFC 9780)"),
    ("[5f00::1]", "Segment Routing (SRv6) SIDs (5f00::/16, RFC 9602)"),
    ("[3fff::1]", "Documentation (3fff::/20, RFC 9637)"),
    ("198.18.0.1", "Benchmarking (198.18.0.0/15, RFC 2544)"),
    ("[::ffff:10.0.0.1]", "IPv4-mapped Address"),
    ("localhost", "localhost is a loopback name (RFC 6761)"),
]


@pytest.mark.parametrize("host,words", NOT_PUBLIC, ids=[h for h, _ in NOT_PUBLIC])
def test_production_refuses_every_address_that_is_not_public_naming_its_kind(production: Client, host: str, words: str):
    before = len(production.get(HOOKS).json()["webhooks"])
    r = production.post(HOOKS, json={"webhook_url": f"http://{host}:9/x", "event_types": ["ALL"]})
    assert r.status_code == 400, r.text
    message = r.json()["message"]
    assert message.startswith("webhook_url: ") and words in message, message
    assert "address guard" in message and "allow_private_addresses" in message
    assert len(production.get(HOOKS).json()["webhooks"]) == before


def attempt_error(client: Client, delivery_id: str) -> str:
    """The first attempt's error, once the attempt is recorded."""
    def first() -> str | None:
        attempts = delivery(client, delivery_id)["attempts_detail"]
        return attempts[0]["error"] if attempts else None

    return wait_for(first, what=f"the first attempt of {delivery_id}")


def test_a_name_that_resolves_to_loopback_is_refused_at_delivery_and_nothing_reaches_it(
        production: Client, guard_admin: Any, receiver: Receiver, unique: Callable[[str], str]):
    port = receiver.url.rsplit(":", 1)[1]
    path = "/" + unique("guarded")
    # Saved while private addresses were allowed; the guard is on again when it is sent.
    with private_addresses_allowed(guard_admin):
        r = production.post(HOOKS, json={"webhook_url": f"http://localhost:{port}{path}", "event_types": ["ALL"]})
        assert r.status_code == 200, r.text
    hook = r.json()["id"]
    try:
        sent = send_test(production, hook, event_type="DOCVER")
        error = attempt_error(production, sent["id"])
        assert error.startswith("refused: localhost resolves only to addresses that are not public"), error
        assert "Loopback" in error and "address guard" in error, error
        replayed = production.post(f"/_docket/webhooks/deliveries/{sent['id']}/replay")
        assert replayed.status_code == 200, replayed.text
        wait_for(lambda: delivery(production, sent["id"])["attempts"] >= 2, what="the replay's attempt")
        assert all(a["error"].startswith("refused: localhost") for a in delivery(production, sent["id"])["attempts_detail"])
        assert all(a["response_code"] is None for a in delivery(production, sent["id"])["attempts_detail"])
        time.sleep(0.5)
        assert receiver.at(path) == [], "nothing reached the loopback receiver"

        # The same endpoint, guard off: the receiver is reached (so the refusal above was the guard's).
        with private_addresses_allowed(guard_admin):
            allowed = send_test(production, hook, event_type="DOCVER")
            receiver.wait(path, 1)
            wait_state(production, allowed["id"], "delivered")
    finally:
        production.delete(f"{HOOKS}/{hook}")


def test_an_endpoint_saved_before_the_guard_is_refused_at_each_attempt_by_the_whole_table(
        production: Client, guard_admin: Any):
    # 192.0.0.1 passed main's own ranges: the test delivery was sent there.
    with private_addresses_allowed(guard_admin):
        r = production.post(HOOKS, json={"webhook_url": "http://192.0.0.1:9/x", "event_types": ["ALL"]})
        assert r.status_code == 200, r.text
    hook = r.json()["id"]
    try:
        sent = send_test(production, hook, event_type="DOCVER")
        error = attempt_error(production, sent["id"])
        assert error.startswith("refused: 192.0.0.1 is not a public address: IPv4 Service Continuity Prefix "
                                "(192.0.0.0/29, RFC 7335)"), error
        assert delivery(production, sent["id"])["attempts_detail"][0]["response_code"] is None
    finally:
        production.delete(f"{HOOKS}/{hook}")


def test_the_address_guard_is_an_admins_switch_recorded_on_the_audit_chain(
        server, sandbox: Client, production: Client, guard_admin: Any, unique: Callable[[str], str]):
    settings = lambda: production.get(SETTINGS).json()["allow_private_addresses"]  # noqa: E731
    assert settings() is False, "the guard is on by default"

    # Not with an API key, not as a reviewer who is not an admin, not in the sandbox.
    r = production.request("PUT", GUARD, json={"allow_private_addresses": True})
    assert r.status_code == 403 and "console control" in r.json()["message"], r.text
    senior = unique("Senior")
    r = signed_in(server, senior, role="senior", environment="production").request(
        "PUT", GUARD, json={"allow_private_addresses": True})
    assert r.status_code == 403 and "only an admin" in r.json()["message"], r.text
    r = signed_in(server, GUARD_ADMIN, environment="sandbox").request("PUT", GUARD, json={"allow_private_addresses": True})
    assert r.status_code == 409 and "sandbox always allows" in r.json()["message"], r.text
    for bad in ({}, {"allow_private_addresses": "yes"}, {"allow_private_addresses": True, "also": 1}):
        r = guard_admin.request("PUT", GUARD, json=bad)
        assert r.status_code == 400 and r.json()["message"], (bad, r.text)
    # The settings' patch no longer takes it, and says where it went.
    for value in (True, False, "yes"):
        r = production.request("PATCH", SETTINGS, json={"allow_private_addresses": value})
        assert r.status_code == 400, r.text
        assert r.json()["message"].startswith("allow_private_addresses: ") and GUARD in r.json()["message"]
    assert settings() is False

    admin_id = guard_admin.get("/_docket/me").json()["reviewer"]["id"]
    with private_addresses_allowed(guard_admin):
        assert settings() is True
        r = production.request("PATCH", SETTINGS, json={"timeout_seconds": 5})
        assert r.status_code == 200 and r.json()["allow_private_addresses"] is True, "other settings keep it"
    assert settings() is False

    events = production.get("/_docket/audit", params={"reviewer_id": admin_id, "limit": 100}).json()["data"]
    switches = [e for e in events if e["kind"] == "webhook_address_guard_changed"][:2]
    assert [e["data"] for e in switches] == [
        {"before": {"allow_private_addresses": True}, "after": {"allow_private_addresses": False}},
        {"before": {"allow_private_addresses": False}, "after": {"allow_private_addresses": True}},
    ]
    assert all(e["actor"] == f"reviewer:{GUARD_ADMIN}" and e["environment"] == "production" for e in switches)
    verified = production.get("/_docket/audit/verify").json()
    assert verified["ok"] and verified["problem"] is None, verified


def test_endpoints_are_isolated_between_organizations_and_environments(
        sandbox: Client, production: Client, other_sandbox: Client, endpoint: Callable[..., dict]):
    hook = endpoint()
    for outsider in (production, other_sandbox):
        assert hook["id"] not in [w["webhook_id"] for w in outsider.get(HOOKS).json()["webhooks"]]
        assert outsider.get(f"{HOOKS}/{hook['id']}").status_code == 404
        assert outsider.delete(f"{HOOKS}/{hook['id']}").status_code == 404
        assert outsider.post(f"{HOOKS}/{hook['id']}/hmac/rotate").status_code == 404
        assert outsider.post(f"/_docket/webhooks/{hook['id']}/test", json={}).status_code == 404


BAD_CREATES = [
    ("not json", b"{nope", "malformed JSON"),
    ("array", b"[]", "JSON object"),
    ("no url", b'{"event_types": ["ALL"]}', "webhook_url"),
    ("no types", b'{"webhook_url": "http://127.0.0.1:9/"}', "event_types"),
    ("empty types", b'{"webhook_url": "http://127.0.0.1:9/", "event_types": []}', "event_types"),
    ("unknown type", b'{"webhook_url": "http://127.0.0.1:9/", "event_types": ["NOPE"]}', "event_types"),
    ("types not a list", b'{"webhook_url": "http://127.0.0.1:9/", "event_types": "ALL"}', "event_types"),
    ("url not a string", b'{"webhook_url": 42, "event_types": ["ALL"]}', "webhook_url"),
    ("ftp", b'{"webhook_url": "ftp://example.com/", "event_types": ["ALL"]}', "http or https"),
    ("no host", b'{"webhook_url": "http://", "event_types": ["ALL"]}', "webhook_url"),
    ("script", b'{"webhook_url": "javascript:alert(1)", "event_types": ["ALL"]}', "webhook_url"),
    ("enabled not bool", b'{"webhook_url": "http://127.0.0.1:9/", "event_types": ["ALL"], "enabled": "yes"}',
     "enabled"),
    ("wrong environment", b'{"webhook_url": "http://127.0.0.1:9/", "event_types": ["ALL"], "is_sandbox": false}',
     "is_sandbox"),
]


@pytest.mark.parametrize("name,body,mentions", BAD_CREATES, ids=[b[0] for b in BAD_CREATES])
def test_bad_endpoints_are_refused_with_a_message(sandbox: Client, name: str, body: bytes, mentions: str):
    before = len(sandbox.get(HOOKS).json()["webhooks"])
    r = sandbox.post(HOOKS, data=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert mentions in r.json()["message"]
    assert len(sandbox.get(HOOKS).json()["webhooks"]) == before


def test_long_urls_unknown_ids_and_bad_controls_are_4xx(sandbox: Client, endpoint: Callable[..., dict]):
    r = sandbox.post(HOOKS, json={"webhook_url": "http://127.0.0.1:9/" + "a" * 3000, "event_types": ["ALL"]})
    assert r.status_code == 400 and "2048" in r.json()["message"]
    missing = "01920000-0000-7000-8000-000000000000"
    for method, path in [("GET", f"{HOOKS}/{missing}"), ("DELETE", f"{HOOKS}/{missing}"),
                         ("POST", f"{HOOKS}/{missing}/hmac/rotate"), ("GET", f"/_docket/webhooks/deliveries/{missing}"),
                         ("POST", f"/_docket/webhooks/deliveries/{missing}/replay"),
                         ("POST", f"/_docket/webhooks/{missing}/test")]:
        r = sandbox.request(method, path)
        assert r.status_code == 404 and r.json()["message"], (method, path, r.text)
    for path in [f"{HOOKS}/not-a-uuid", "/_docket/webhooks/deliveries/42"]:
        r = sandbox.get(path)
        assert r.status_code == 400 and "UUID" in r.json()["message"]
    hook = endpoint()
    r = sandbox.post(f"/_docket/webhooks/{hook['id']}/test", json={"event_type": "NOPE"})
    assert r.status_code == 400 and "event_type" in r.json()["message"]
    for params, mentions in [({"limit": 0}, "limit"), ({"page": -1}, "page"), ({"after": "x"}, "after"),
                             ({"after": missing}, "after"), ({"webhook_id": "x"}, "webhook_id"),
                             ({"webhook_id": missing, "webhook": hook["id"]}, "webhook")]:
        r = sandbox.get(HISTORY, params=params)
        assert r.status_code == 400 and mentions in r.json()["message"], (params, r.text)
    for patch, mentions in [({"timeout_seconds": 0}, "timeout_seconds"), ({"retention_days": 9999}, "retention_days"),
                            ({"rotation_grace_seconds": -1}, "rotation_grace_seconds"), ({"color": "red"}, "color"),
                            ({"allow_private_addresses": True}, "/_docket/webhooks/address-guard")]:
        r = sandbox.request("PATCH", SETTINGS, json=patch)
        assert r.status_code == 400 and mentions in r.json()["message"], (patch, r.text)
    assert sandbox.get(SETTINGS).json() == {"rotation_grace_seconds": 86400, "timeout_seconds": 5,
                                            "retention_days": 30, "allow_private_addresses": False}


def test_the_event_catalogue_is_in_the_openapi_description(anonymous: Client):
    spec = anonymous.get("/openapi.json").json()
    hooks = spec["webhooks"]
    assert set(hooks) >= {"AML_SCREENING", "DOCVER", "DOCVER_CHECKS", "TRANSACTION_MONITORING", "KYT_WALLET_CHECK"}
    aml = hooks["AML_SCREENING"]["post"]["requestBody"]["content"]["application/json"]
    assert aml["schema"]["properties"]["payload"]["properties"]["search_response"]["$ref"].endswith("SearchReport")
    assert aml["example"]["event_type"] == "AML_SCREENING"
    for path in [HOOKS, f"{HOOKS}/{{webhook_id}}/hmac/rotate", HISTORY]:
        assert path in spec["paths"], path
