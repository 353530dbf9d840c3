"""The audit chain against someone with access to the database file (issue 32): an erasure empties
events but cannot open a gap in what the chain proves, and a broken chain stays on show until an
admin acknowledges it on the chain itself."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from conftest import DOCKET_BIN, wait_for
from conftest import signed_in
from test_desk import verify_like_the_guide
from test_kyb import K, fill

MALLORY = "reviewer:Mallory"
GUIDE = Path(__file__).resolve().parents[2] / "crates" / "api" / "src" / "openapi" / "guide.md"


def run_the_guides_python(export: Path) -> subprocess.CompletedProcess:
    """The Python of the guide's audit section, exactly as printed there, run on an export."""
    section = GUIDE.read_text(encoding="utf-8").split("## The audit trail", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert '"docket-audit-sandbox.jsonl"' in code
    code = code.replace('"docket-audit-sandbox.jsonl"', repr(str(export)))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def rehash(event: dict) -> str:
    """The hash an attacker who read the guide computes for an event, in the format it is in: the
    first format hashed every field; the second hashes every field but `data` and `salt` (its
    `data_hash` stands for them)."""
    fields = {k: v for k, v in event.items() if k != "hash"}
    if "data_hash" in fields:
        del fields["data"], fields["salt"]
    return sha256(canonical(fields))


def is_emptied(event: dict) -> bool:
    return list(event["data"]) == ["erased"]


def a_chain_with_an_erasure(srv) -> list[dict]:
    """Two KYB cases, the second erased: the first case's events come before the emptied ones."""
    sandbox = srv.client(srv.sandbox_key, "audit-attack")
    ids = []
    for name in ("kept-1", "erased-2"):
        r = sandbox.post(K, json={"external_id": name})
        assert r.status_code == 201, r.text
        fill(sandbox, f"{K}/{r.json()['id']}")
        ids.append(r.json()["id"])
    r = sandbox.request("DELETE", f"{K}/{ids[1]}")
    assert r.status_code == 200 and r.json()["removed"]["audit_events_emptied"] >= 1, r.text
    export = sandbox.get("/_docket/audit/export")
    assert export.status_code == 200
    assert verify_like_the_guide(export.text)[0] is True
    return [json.loads(line) for line in export.text.splitlines()]


def write_rows(data_dir: Path, events: list[dict]) -> None:
    """Writes events' actor and hashes into the stopped server's database, as an attacker with the
    file would."""
    db = sqlite3.connect(data_dir / "docket.db")
    with db:
        for e in events:
            changed = db.execute(
                "UPDATE audit_events SET actor = ?, prev_hash = ?, hash = ? WHERE environment = 'sandbox' AND seq = ?",
                (e["actor"], e["prev_hash"], e["hash"], e["seq"]),
            ).rowcount
            assert changed == 1, e["seq"]
    db.close()


def test_an_early_event_rewritten_after_an_erasure_breaks_the_chain_at_the_emptied_event(docket_factory, tmp_path):
    srv = docket_factory()
    events = a_chain_with_an_erasure(srv)
    sandbox = srv.client(srv.sandbox_key, "audit-attack")
    before = sandbox.get("/_docket/audit/verify").json()
    assert before["ok"] is True and before["erased_events"] >= 1, before
    emptied = min(e["seq"] for e in events if is_emptied(e))
    target = 2
    assert target < emptied - 1, "events of the kept case come before the emptied ones"

    # The attack of issue 32: one early event's actor changed, the hashes after it recomputed up to
    # the first emptied event, and that event linked to the rewritten prefix. Its own hash is left
    # as it was: under the first format nothing recomputes an emptied event's hash.
    forged = [dict(e) for e in events]
    forged[target - 1]["actor"] = MALLORY
    for e in forged[target - 1:emptied - 1]:
        e["prev_hash"] = forged[e["seq"] - 2]["hash"]
        e["hash"] = rehash(e)
    forged[emptied - 1]["prev_hash"] = forged[emptied - 2]["hash"]
    srv.stop()
    write_rows(srv.data_dir, forged[target - 1:emptied])
    srv.start()
    sandbox = srv.client(srv.sandbox_key, "audit-attack")  # it listens on a new port

    verified = sandbox.get("/_docket/audit/verify").json()
    assert verified["ok"] is False, f"the rewritten chain verifies: {verified}"
    assert verified["problem"]["seq"] == emptied, verified
    assert verified["head_hash"] == before["head_hash"], "the attacker kept the head hash"
    export = sandbox.get("/_docket/audit/export").text
    assert MALLORY in export
    assert verify_like_the_guide(export) == (False, emptied)
    file = tmp_path / "forged.jsonl"
    file.write_text(export, encoding="utf-8")
    run = subprocess.run([str(DOCKET_BIN), "audit", "verify", str(file)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and f"event {emptied}" in run.stdout, run.stdout + run.stderr
    guide = run_the_guides_python(file)
    assert guide.returncode == 1 and f"event {emptied} was changed" in guide.stderr, guide.stdout + guide.stderr

    # Recomputing every hash to the end (the emptied events' too) gives an intact chain with
    # another head: a head hash kept elsewhere before the attack no longer matches.
    rewritten = [dict(e) for e in forged]
    for e in rewritten[target - 1:]:
        e["prev_hash"] = rewritten[e["seq"] - 2]["hash"]
        e["hash"] = rehash(e)
    text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in rewritten)
    ok, last = verify_like_the_guide(text)
    assert (ok, last) == (True, len(events)) and rewritten[-1]["hash"] != before["head_hash"]


def test_a_broken_chain_stays_on_show_until_an_admin_acknowledges_it_on_the_chain(docket_factory):
    srv = docket_factory()
    events = a_chain_with_an_erasure(srv)
    srv.stop()
    # An edit without recomputing anything: event 2's actor.
    edited = dict(events[1], actor=MALLORY)
    write_rows(srv.data_dir, [edited])
    srv.start()
    sandbox = srv.client(srv.sandbox_key, "audit-ack")
    owner = signed_in(srv)
    shown = wait_for(lambda: owner.get("/_docket/audit/status").json()["verification"], what="the start's verification")
    assert "audit chain NOT intact" in srv.stderr()
    assert shown["ok"] is False and shown["unacknowledged"] == 1, shown
    assert shown["problems"][0]["seq"] == 2 and shown["problems"][0]["acknowledged"] is None, shown

    # Only a console admin acknowledges; a note is required.
    assert sandbox.post("/_docket/audit/acknowledge", json={"note": "seen", "problems": [2]}).status_code == 403
    clerk = signed_in(srv, "Clerk Ack")
    srv.cli("reviewers", "add", "Plain Reviewer", "--role", "reviewer", "--url", srv.url)
    plain = signed_in(srv, "Plain Reviewer")
    r = plain.post("/_docket/audit/acknowledge", json={"note": "seen", "problems": [2]})
    assert r.status_code == 403 and r.json()["message"], r.text
    for bad in ({}, {"note": ""}, {"note": "x" * 2001, "problems": [2]}, {"note": "seen", "problems": [3]},
                {"note": "seen", "problems": []}, {"note": "seen", "problems": ["2"]}):
        r = clerk.post("/_docket/audit/acknowledge", json=bad)
        assert 400 <= r.status_code < 500 and r.json()["message"], (bad, r.text)

    note = "Restored from the 09:00 backup; the actor was edited by hand while Docket was stopped."
    r = clerk.post("/_docket/audit/acknowledge", json={"note": note, "problems": [2]})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["ok"] is False and after["unacknowledged"] == 0, after
    acknowledged = after["problems"][0]["acknowledged"]
    assert acknowledged["by"] == "reviewer:Clerk Ack" and acknowledged["note"] == note, acknowledged
    assert owner.get("/_docket/audit/status").json()["verification"]["unacknowledged"] == 0
    assert clerk.post("/_docket/audit/acknowledge", json={"note": "again", "problems": [2]}).status_code == 409

    newest = owner.get("/_docket/audit", params={"limit": 1}).json()["data"][0]
    assert newest["kind"] == "chain_problem_acknowledged" and newest["actor"] == "reviewer:Clerk Ack", newest
    assert newest["data"]["note"] == note and newest["data"]["problems"][0]["seq"] == 2, newest

    # The acknowledgement survives a restart (it is on the chain), and a new break shows again.
    srv.stop()
    write_rows(srv.data_dir, [dict(events[2], actor=MALLORY)])
    srv.start()
    owner = signed_in(srv)
    shown = wait_for(lambda: owner.get("/_docket/audit/status").json()["verification"], what="the start's verification")
    assert [(p["seq"], p["acknowledged"] is not None) for p in shown["problems"]] == [(2, True), (3, False)], shown
    assert shown["unacknowledged"] == 1


def to_first_format(data_dir: Path, events: list[dict]) -> list[dict]:
    """Writes the stopped server's sandbox chain back as Docket stored it before the second format
    (no salt or data hash; each hash over every field, `data` included; an emptied event's hash the
    one its erasure names), and returns it as an export of that time."""
    old_chain, prev = [], "0" * 64
    for e in events:
        old = {k: v for k, v in e.items() if k not in ("salt", "data_hash", "hash")}
        old["prev_hash"] = prev
        old["hash"] = e["data_hash"] if e["salt"] is None else sha256(canonical(old))
        old_chain.append(old)
        prev = old["hash"]
    db = sqlite3.connect(data_dir / "docket.db")
    with db:
        for old in old_chain:
            db.execute(
                "UPDATE audit_events SET salt = NULL, data_hash = NULL, prev_hash = ?, hash = ?"
                " WHERE environment = 'sandbox' AND seq = ?",
                (old["prev_hash"], old["hash"], old["seq"]),
            )
    db.close()
    return old_chain


def test_a_first_format_chain_is_upgraded_at_start_and_its_old_head_hash_stays_on_record(docket_factory, tmp_path):
    srv = docket_factory(env={"DOCKET_LOG": "info"})
    events = a_chain_with_an_erasure(srv)
    srv.stop()
    old_chain = to_first_format(srv.data_dir, events)
    old_export = tmp_path / "first-format.jsonl"
    old_export.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in old_chain), encoding="utf-8")
    run = subprocess.run([str(DOCKET_BIN), "audit", "verify", str(old_export)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "first format" in run.stdout and "intact" in run.stdout, run.stdout + run.stderr

    srv.start()
    assert old_chain[-1]["hash"] in srv.stderr(), "the log names the first format's head hash"
    assert "upgraded the audit chain to its second format" in srv.stderr()
    sandbox = srv.client(srv.sandbox_key, "audit-upgrade")
    verified = sandbox.get("/_docket/audit/verify").json()
    assert verified["ok"] is True and verified["events"] == len(events) + 1, verified
    export = sandbox.get("/_docket/audit/export").text
    assert verify_like_the_guide(export) == (True, len(events) + 1)
    file = tmp_path / "upgraded.jsonl"
    file.write_text(export, encoding="utf-8")
    guide = run_the_guides_python(file)
    assert guide.returncode == 0 and f"intact: {len(events) + 1} events; head {verified['head_hash']}" in guide.stdout, guide.stderr
    upgraded = [json.loads(line) for line in export.splitlines()]
    assert upgraded[-1]["kind"] == "chain_upgraded" and upgraded[-1]["actor"] == "docket"
    assert upgraded[-1]["data"] == {"previous_head_hash": old_chain[-1]["hash"], "previous_problem": None}
    assert [(e["seq"], e["actor"], e["data"]) for e in upgraded[:-1]] == [(e["seq"], e["actor"], e["data"]) for e in events]

    # With the file, an event from before the upgrade is changed and every hash after it is
    # recomputed in the second format. After the last event emptied before the upgrade, the first
    # format's head hash on record still catches it; before that one, the first format never
    # proved anything, and only a head hash of the second format shows the rewrite.
    def rewritten(seq: int) -> str:
        forged = [dict(e) for e in upgraded]
        forged[seq - 1]["actor"] = MALLORY
        for e in forged[seq - 1:]:
            e["prev_hash"] = forged[e["seq"] - 2]["hash"] if e["seq"] > 1 else "0" * 64
            e["hash"] = rehash(e)
        assert forged[-1]["hash"] != verified["head_hash"]
        return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in forged)

    last_emptied = max(e["seq"] for e in events if e["salt"] is None)
    assert last_emptied < len(events)
    assert verify_like_the_guide(rewritten(len(events))) == (False, len(events) + 1)
    assert verify_like_the_guide(rewritten(last_emptied + 1)) == (False, len(events) + 1)
    assert verify_like_the_guide(rewritten(2)) == (True, len(events) + 1)
