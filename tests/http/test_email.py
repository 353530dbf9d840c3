"""E-mail verification over HTTP (spec 2.4, 4.5–4.7, 8; public-api.md section 5): the check's
shape, the sandbox's simulated mail exchangers and rules, ownership by one-time code through the
outbox (wrong codes, lock-out, expiry and resend on the sandbox clock), the limits that keep codes
from being ground down (per check across resends, per address and day), the list, bad input,
production's real DNS lookups against a DNS server the test runs, and production's codes never
kept in clear, sent or not."""

from __future__ import annotations

import json
import re
import socket
import threading

import pytest

C = "/api/v4/email/checks"
V = "/api/v4/email/otp/verify"
O = "/_docket/email/outbox"
FIELDS = {"id", "email", "verdict", "code", "risk_score", "checks", "otp_sent", "otp_expires_at", "ownership_verified",
          "ownership_verified_at", "created_at"}


def create(client, **body):
    r = client.post(C, json=body)
    assert r.status_code == 201, r.text
    return r.json()


def code_of(client, check):
    messages = client.get(O, params={"check_id": check["id"]}).json()["data"]
    assert messages, "a message in the outbox"
    return messages[0]["code"]


def wrong_for(code):
    return "000000" if code != "000000" else "000001"


def advance(client, seconds):
    r = client.post("/_docket/clock/advance", json={"seconds": seconds})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("email,verdict,code", [
    ("anna@example.com", "pass", None),
    ("anna@@example.com", "fail", "email_invalid_syntax"),
    ("anna@no-mx.test", "fail", "email_no_mx"),
    ("anna@nxdomain.test", "fail", "email_domain_not_found"),
    ("anna@dns-timeout.test", "unknown", "email_mx_lookup_failed"),
    ("anna@greylisted.test", "unknown", "email_mx_greylisted"),
    ("anna@catch-all.test", "risky", "email_catch_all"),
    ("anna@mailinator.com", "risky", "email_disposable"),
    ("noreply@example.com", "risky", "email_role_based"),
    ("anna@brightwater.con", "risky", "email_possible_typo"),
])
def test_sandbox_checks_give_their_documented_verdicts(sandbox, email, verdict, code):
    c = create(sandbox, email=email)
    assert FIELDS <= set(c), FIELDS - set(c)
    assert (c["verdict"], c["code"]) == (verdict, code), c
    assert set(c["checks"]) == {"syntax_valid", "mx_found", "disposable", "role_based"}
    assert 0 <= c["risk_score"] <= 100
    assert sandbox.get(f"{C}/{c['id']}").json() == c


def test_a_greylisted_domain_is_checked_again_on_the_sandbox_clock(sandbox, poll, real_clock):
    c = create(sandbox, email="anna@greylisted.test")
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 301}).status_code == 200
    poll(lambda: sandbox.get(f"{C}/{c['id']}").json()["verdict"] == "pass", what="the recheck")


def test_ownership_by_one_time_code(sandbox):
    applicant = sandbox.create_applicant({"info": {"full_name": "Anna Berg"}})
    c = create(sandbox, email="anna.berg@example.com", applicant_id=applicant, require_ownership=True, locale="fr")
    assert c["otp_sent"] is True and c["otp_expires_at"] and c["ownership_verified"] is False
    message = sandbox.get(O, params={"check_id": c["id"]}).json()["data"][0]
    assert message["to"] == "anna.berg@example.com" and message["locale"] == "fr"
    assert message["code"] in message["text"] and message["code"] in message["html"]
    code = message["code"]
    wrong = "000000" if code != "000000" else "000001"
    r = sandbox.post(V, json={"check_id": c["id"], "code": wrong})
    assert r.status_code == 200 and r.json()["verified"] is False and r.json()["code"] == "otp_invalid"
    assert r.json()["attempts_left"] == 9 and "9 more wrong codes" in r.json()["message"]
    r = sandbox.post(V, json={"check_id": c["id"], "code": code})
    assert r.json()["verified"] is True and r.json()["ownership_verified_at"] and r.json()["verdict"] == "pass"
    assert sandbox.get(f"{C}/{c['id']}").json()["ownership_verified"] is True
    assert sandbox.get_applicant(applicant)["system_info"]["email"] == "anna.berg@example.com", "what Docket holds"


def test_ten_wrong_codes_lock_and_a_code_expires_and_resend_replaces_it(sandbox, real_clock, unique):
    c = create(sandbox, email=f"{unique('lock')}@example.com", require_ownership=True)
    code = code_of(sandbox, c)
    wrong = wrong_for(code)
    answers = [sandbox.post(V, json={"check_id": c["id"], "code": wrong}).json()["code"] for _ in range(10)]
    assert answers == ["otp_invalid"] * 9 + ["otp_locked"]
    assert sandbox.post(V, json={"check_id": c["id"], "code": code}).json()["code"] == "otp_locked"

    c = create(sandbox, email="late@example.com", require_ownership=True)
    first = code_of(sandbox, c)
    r = sandbox.post(f"{C}/{c['id']}/resend")
    assert r.status_code == 409 and "again in" in r.json()["message"]
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 660}).status_code == 200
    assert sandbox.post(V, json={"check_id": c["id"], "code": first}).json()["code"] == "otp_expired"
    r = sandbox.post(f"{C}/{c['id']}/resend")
    assert r.status_code == 200 and r.json()["otp_expires_at"] > c["otp_expires_at"]
    second = code_of(sandbox, c)
    assert sandbox.post(V, json={"check_id": c["id"], "code": second}).json()["verified"] is True


def test_ten_wrong_codes_in_all_lock_a_check_whatever_resends_it_had(sandbox, real_clock, unique):
    c = create(sandbox, email=f"{unique('grind')}@example.com", require_ownership=True)
    wrong = wrong_for(code_of(sandbox, c))
    answers = [sandbox.post(V, json={"check_id": c["id"], "code": wrong}).json() for _ in range(5)]
    assert [(a["code"], a["attempts_left"]) for a in answers] == [("otp_invalid", n) for n in (9, 8, 7, 6, 5)]
    advance(sandbox, 61)
    r = sandbox.post(f"{C}/{c['id']}/resend")
    assert r.status_code == 200 and r.json()["details"]["otp_attempts_left"] == 5, "a new code, not new tries"
    code = code_of(sandbox, c)
    answers = [sandbox.post(V, json={"check_id": c["id"], "code": wrong_for(code)}).json() for _ in range(5)]
    assert [a["code"] for a in answers] == ["otp_invalid"] * 4 + ["otp_locked"], answers
    assert answers[-1]["attempts_left"] == 0 and "create a new check" in answers[-1]["message"]
    # The eleventh try is refused even with the right code, and a resend does not open it again.
    r = sandbox.post(V, json={"check_id": c["id"], "code": code})
    assert r.status_code == 200 and (r.json()["verified"], r.json()["code"]) == (False, "otp_locked"), r.text
    advance(sandbox, 61)
    r = sandbox.post(f"{C}/{c['id']}/resend")
    assert r.status_code == 409 and "locked" in r.json()["message"] and "new check" in r.json()["message"], r.text
    shown = sandbox.get(f"{C}/{c['id']}").json()
    assert shown["details"]["otp_state"] == "locked" and shown["ownership_verified"] is False


def test_an_address_gets_ten_codes_a_day_and_the_sandbox_clock_moves_the_day(sandbox, other_sandbox, real_clock,
                                                                              unique):
    name = unique("daily")
    checks = [create(sandbox, email=f"{name}@example.com" if i % 2 else f"{name.upper()}@Example.COM",
                     require_ownership=True) for i in range(10)]
    assert all(c["otp_sent"] for c in checks)
    r = sandbox.post(C, json={"email": f"{name}@example.com", "require_ownership": True})
    assert r.status_code == 429 and "10 codes today" in r.json()["message"], r.text
    assert 0 < int(r.headers["Retry-After"]) <= 86_400
    advance(sandbox, 61)
    r = sandbox.post(f"{C}/{checks[0]['id']}/resend")
    assert r.status_code == 429 and r.headers.get("Retry-After"), "a resend is a code too"
    sent = [m for m in sandbox.get(O, params={"limit": 200}).json()["data"] if m["to"].lower() == f"{name}@example.com"]
    assert len(sent) == 10, "nothing of the refused ones is kept"
    # Per organization: another's sandbox, and a check without a code, are not held back.
    r = other_sandbox.post(C, json={"email": f"{name}@example.com", "require_ownership": True})
    assert r.status_code == 201 and r.json()["otp_sent"] is True, r.text
    assert create(sandbox, email=f"{name}@example.com")["otp_sent"] is False
    # The next day on the sandbox clock starts afresh.
    advance(sandbox, 86_400)
    assert create(sandbox, email=f"{name}@example.com", require_ownership=True)["otp_sent"] is True


def test_an_address_takes_twenty_wrong_codes_a_day_across_its_checks(sandbox, real_clock, unique):
    email = f"{unique('target')}@example.com"
    waiting = create(sandbox, email=email, require_ownership=True)
    right = code_of(sandbox, waiting)
    # New checks for the same address do not start the grinding again.
    for _ in range(2):
        c = create(sandbox, email=email, require_ownership=True)
        wrong = wrong_for(code_of(sandbox, c))
        answers = [sandbox.post(V, json={"check_id": c["id"], "code": wrong}).json()["code"] for _ in range(10)]
        assert answers[-1] == "otp_locked", answers
    r = sandbox.post(V, json={"check_id": waiting["id"], "code": right})
    assert r.status_code == 429 and "20 wrong codes today" in r.json()["message"], r.text
    assert 0 < int(r.headers["Retry-After"]) <= 86_400
    assert sandbox.get(f"{C}/{waiting['id']}").json()["ownership_verified"] is False, "the right code is not compared"
    assert sandbox.post(C, json={"email": email, "require_ownership": True}).status_code == 429
    advance(sandbox, 86_400)
    assert sandbox.post(f"{C}/{waiting['id']}/resend").status_code == 200
    r = sandbox.post(V, json={"check_id": waiting["id"], "code": code_of(sandbox, waiting)})
    assert r.status_code == 200 and r.json()["verified"] is True, r.text


def test_the_list_filters_and_pages(sandbox, reset):
    for i in range(3):
        create(sandbox, email=f"page{i}@example.com")
    create(sandbox, email="Page1@Example.com")
    r = sandbox.get(C, params={"email": "PAGE1@example.com"}).json()
    assert [c["email"] for c in r["data"]] == ["Page1@Example.com", "page1@example.com"]
    r = sandbox.get(C, params={"limit": 2}).json()
    assert len(r["data"]) == 2 and r["has_next"] is True
    assert sandbox.get(C, params={"created_from": "2100-01-01"}).json()["data"] == []
    for params in ({"limit": 0}, {"limit": 201}, {"page": -1}, {"created_from": "yesterday"}, {"created_to": "2026-13-01"}):
        r = sandbox.get(C, params=params)
        assert r.status_code == 400 and r.json()["message"], (params, r.text)


def test_bad_input_is_a_clear_4xx(sandbox, other_sandbox, production):
    for body, field in [({}, "email"), ({"email": ""}, "email"), ({"email": 42}, "email"),
                        ({"email": "a@b.com", "locale": "fr CA!"}, "locale"),
                        ({"email": "a@b.com", "require_ownership": "yes"}, "require_ownership"),
                        ({"email": "a" * 400 + "@b.com"}, "email"), ({"email": "a@b.com", "colour": "red"}, None)]:
        r = sandbox.post(C, json=body)
        assert r.status_code == 400, (body, r.text)
        if field:
            assert r.json()["message"].startswith(field), r.json()
    nobody = f"{'0' * 8}-0000-7000-8000-{'0' * 12}"
    assert sandbox.post(C, json={"email": "a@b.com", "applicant_id": nobody}).status_code == 404
    assert sandbox.get(f"{C}/{nobody}").status_code == 404
    assert sandbox.get(f"{C}/nope").status_code == 400
    plain = create(sandbox, email="plain@example.com")
    r = sandbox.post(V, json={"check_id": plain["id"], "code": "123456"})
    assert r.status_code == 400 and r.json()["message"].startswith("check_id")
    for body in ({"check_id": plain["id"]}, {"code": "123456"}, {"check_id": "x", "code": "1"}):
        assert sandbox.post(V, json=body).status_code == 400, body
    assert sandbox.post(V, data=b"{", headers={"Content-Type": "application/json"}).status_code == 400
    # Another organization's or environment's check is unknown.
    mine = create(sandbox, email="mine@example.com", require_ownership=True)
    for client in (other_sandbox, production):
        assert client.get(f"{C}/{mine['id']}").status_code == 404
        assert client.post(V, json={"check_id": mine["id"], "code": "123456"}).status_code == 404
        assert all(m["check_id"] != mine["id"] for m in client.get(O).json()["data"])
    assert production.delete(O).status_code == 403
    assert sandbox.delete(O).json()["removed"] >= 1
    assert sandbox.get(O).json()["data"] == []


# --- production: real lookups against a DNS server of the test's own ------------------------------


class Zone:
    """A tiny authoritative answerer: MX, null MX, A-only (implicit MX), NXDOMAIN, and silence."""

    def __init__(self):
        from dnslib import QTYPE, RR, A, MX, RCODE
        self.QTYPE, self.RR, self.A, self.MX, self.RCODE = QTYPE, RR, A, MX, RCODE

    def resolve(self, request, handler):
        name = str(request.q.qname).rstrip(".").lower()
        qtype = self.QTYPE[request.q.qtype]
        reply = request.reply()
        if name.endswith("silent.example"):
            return None  # no answer at all: the lookup times out
        if name.endswith("mail.example") and qtype == "MX":
            reply.add_answer(self.RR(request.q.qname, self.QTYPE.MX, rdata=self.MX("mx2.mail.example.", 20), ttl=60))
            reply.add_answer(self.RR(request.q.qname, self.QTYPE.MX, rdata=self.MX("mx1.mail.example.", 10), ttl=60))
        elif name.endswith("nullmx.example") and qtype == "MX":
            reply.add_answer(self.RR(request.q.qname, self.QTYPE.MX, rdata=self.MX(".", 0), ttl=60))
        elif name.endswith("aonly.example") and qtype in ("A",):
            reply.add_answer(self.RR(request.q.qname, self.QTYPE.A, rdata=self.A("192.0.2.10"), ttl=60))
        elif name.endswith("missing.example"):
            reply.header.rcode = self.RCODE.NXDOMAIN
        return reply


@pytest.fixture(scope="module")
def dns_server():
    from dnslib.server import DNSServer
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = DNSServer(Zone(), port=port, address="127.0.0.1")
    server.start_thread()
    yield f"127.0.0.1:{port}"
    server.stop()


def test_production_asks_dns_for_real(docket_factory, dns_server):
    from conftest import Client, PRODUCTION_KEY
    srv = docket_factory(args=("--dns-server", dns_server))
    production = Client(srv.url, PRODUCTION_KEY, "production")
    for email, verdict, code, mx_found in [
        ("anna@mail.example", "pass", None, True),
        ("anna@nullmx.example", "fail", "email_no_mx", False),
        ("anna@aonly.example", "pass", None, True),
        ("anna@missing.example", "fail", "email_domain_not_found", False),
        ("anna@silent.example", "unknown", "email_mx_lookup_failed", False),
    ]:
        r = production.post(C, json={"email": email})
        assert r.status_code == 201, r.text
        c = r.json()
        assert (c["verdict"], c["code"], c["checks"]["mx_found"]) == (verdict, code, mx_found), (email, c)
        if email == "anna@mail.example":
            assert c["details"]["mx_hosts"] == ["mx1.mail.example", "mx2.mail.example"]
    r = production.post(C, json={"email": "anna@mail.example", "require_ownership": True})
    c = r.json()
    assert c["otp_sent"] is False and c["details"]["otp_code"] == "otp_not_sent_no_relay", "never pretends"


@pytest.fixture
def smtp_server():
    """A real SMTP server (aiosmtpd) that keeps what it receives."""
    from aiosmtpd.controller import Controller

    class Keep:
        def __init__(self):
            self.messages = []

        async def handle_DATA(self, server, session, envelope):
            self.messages.append((envelope.rcpt_tos, envelope.content.decode("utf-8", "replace")))
            return "250 OK"

    handler = Keep()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


def test_production_sends_the_code_by_smtp(docket_factory, dns_server, smtp_server, poll):
    import re
    from conftest import Client, PRODUCTION_KEY
    handler, port = smtp_server
    srv = docket_factory(args=("--dns-server", dns_server, "--smtp-url", f"smtp://127.0.0.1:{port}",
                               "--smtp-from", "Compliance <no-reply@docket.example>"))
    production = Client(srv.url, PRODUCTION_KEY, "production")
    c = production.post(C, json={"email": "anna@mail.example", "require_ownership": True, "locale": "es"}).json()
    assert c["otp_sent"] is True and c["details"]["otp_code"] is None, c
    recipients, raw = poll(lambda: handler.messages and handler.messages[-1], what="the message at the SMTP server")
    assert recipients == ["anna@mail.example"] and "no-reply@docket.example" in raw
    assert "multipart/alternative" in raw and "text/html" in raw
    import email as mail
    parsed = mail.message_from_string(raw)
    text = next(p for p in parsed.walk() if p.get_content_type() == "text/plain").get_payload(decode=True).decode()
    assert "Use este código" in text, "the check's language"
    code = re.search(r"\b(\d{6})\b", text).group(1)
    stored = production.get(O, params={"check_id": c["id"]}).json()["data"][0]
    assert stored["state"] == "sent" and stored["code"] is None and code not in stored["text"], "sent codes are not kept"
    assert code not in json.dumps(stored), "nor anywhere else in the message (its subject, its HTML)"
    r = production.post(V, json={"check_id": c["id"], "code": code})
    assert r.json()["verified"] is True, r.text


def test_a_relay_that_is_down_is_said_and_retried(docket_factory, dns_server):
    from conftest import Client, PRODUCTION_KEY
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    dead = sock.getsockname()[1]
    sock.close()
    srv = docket_factory(args=("--dns-server", dns_server, "--smtp-url", f"smtp://127.0.0.1:{dead}"))
    production = Client(srv.url, PRODUCTION_KEY, "production")
    c = production.post(C, json={"email": "anna@mail.example", "require_ownership": True}).json()
    assert c["otp_sent"] is False and c["details"]["otp_code"] == "otp_send_failed", c
    stored = production.get(O, params={"check_id": c["id"]}).json()["data"][0]
    assert stored["state"] == "queued" and stored["attempts"] == 1 and stored["last_error"]
    assert stored["code"] is None and "••••••" in stored["text"], "a code waiting for its send is not shown"


@pytest.fixture
def refusing_smtp_server():
    """A real SMTP server (aiosmtpd) that takes each message's content and then refuses it: for
    good (554, quoting the subject back, as some relays do) when sent to `never@…`, for now (451)
    otherwise."""
    from aiosmtpd.controller import Controller

    class Refuse:
        def __init__(self):
            self.messages = []

        async def handle_DATA(self, server, session, envelope):
            content = envelope.content.decode("utf-8", "replace")
            self.messages.append((envelope.rcpt_tos, content))
            subject = next((line for line in content.splitlines() if line.startswith("Subject:")), "")
            if envelope.rcpt_tos[0].startswith("never@"):
                return f"554 5.7.1 refused: {subject}"
            return "451 4.3.0 try again later"

    handler = Refuse()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


def test_a_production_code_that_could_not_be_sent_is_not_kept_in_clear(docket_factory, dns_server,
                                                                        refusing_smtp_server):
    import email as mail
    import re
    import sqlite3
    from conftest import Client, PRODUCTION_KEY
    handler, port = refusing_smtp_server
    srv = docket_factory(args=("--dns-server", dns_server, "--smtp-url", f"smtp://127.0.0.1:{port}"))
    production = Client(srv.url, PRODUCTION_KEY, "production")
    codes = []
    for to, state in (("later@mail.example", "queued"), ("never@mail.example", "failed")):
        c = production.post(C, json={"email": to, "require_ownership": True}).json()
        assert c["otp_sent"] is False and c["details"]["otp_code"] == "otp_send_failed", c
        raw = next(content for rcpt, content in handler.messages if rcpt == [to])
        text = next(p for p in mail.message_from_string(raw).walk() if p.get_content_type() == "text/plain")
        code = re.search(r"\b(\d{6})\b", text.get_payload(decode=True).decode()).group(1)
        codes.append(code)
        stored = production.get(O, params={"check_id": c["id"]}).json()["data"][0]
        assert (stored["state"], stored["attempts"], stored["code"]) == (state, 1, None), stored
        assert "••••••" in stored["subject"] and "••••••" in stored["text"] and "••••••" in stored["html"]
        shown = " ".join(str(stored[k]) for k in ("subject", "text", "html", "last_error"))
        assert code not in shown, f"the code is shown: {stored}"
        if state == "failed":
            assert "554" in stored["last_error"] and "••••••" in stored["last_error"], "the relay's quote, masked"
    srv.stop()

    # Nothing holds a code in clear: no value of any table, and no file where a message puts it.
    db = sqlite3.connect(srv.data_dir / "docket.db")
    tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    held = [(table, value) for table in tables for row in db.execute(f'SELECT * FROM "{table}"') for value in row
            if isinstance(value, (str, bytes)) and any(
                (code if isinstance(value, str) else code.encode()) in value for code in codes)]
    db.close()
    assert not held, f"a code is stored: {held}"
    found = [(str(path.relative_to(srv.data_dir)), needle) for path in srv.data_dir.rglob("*") if path.is_file()
             for code in codes for needle in (f"code: {code}", f"    {code}\n", f">{code}<")
             if needle.encode() in path.read_bytes()]
    assert not found, f"a code is in the data directory: {found}"
    log = srv.log_path.read_text(errors="replace")
    assert not any(code in log for code in codes), "a code is in the server's log"


def test_a_production_code_waiting_to_be_sent_again_is_shown_to_no_one(docket_factory, dns_server):
    """A production code is the person's alone (issue 31): no key holder reads it from the outbox,
    whether or not the relay took it."""
    from conftest import Client, PRODUCTION_KEY
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    dead = sock.getsockname()[1]
    sock.close()
    srv = docket_factory(args=("--dns-server", dns_server, "--smtp-url", f"smtp://127.0.0.1:{dead}"))
    production = Client(srv.url, PRODUCTION_KEY, "production")
    c = production.post(C, json={"email": "anna@mail.example", "require_ownership": True}).json()
    stored = production.get(O, params={"check_id": c["id"]}).json()["data"][0]
    assert stored["state"] == "queued"
    assert stored["code"] is None and not re.search(r"\b\d{6}\b", json.dumps(stored)), stored


def test_the_email_check_event_is_emitted(sandbox):
    c = create(sandbox, email="event@example.com", require_ownership=True)
    sandbox.post(V, json={"check_id": c["id"], "code": code_of(sandbox, c)})
    events = sandbox.get("/_docket/events", params={"type": "EMAIL_CHECK", "limit": 100}).json()["data"]
    mine = [e["payload"]["event"] for e in events if e["payload"]["id"] == c["id"]]
    assert sorted(mine) == ["check_completed", "ownership_verified"]
