"""The reviewer's desk over HTTP: reviewers, assignment, decisions under four eyes, SLA on the
sandbox clock, and the audit chain verified by the guide's Python and by `docket audit verify`.
Reviewers are people: each is added with `docket reviewers add` and signed in with the link it
prints; no API key acts as one (test_authority holds what a key may and may not do on the desk)."""

from __future__ import annotations

import hashlib
import json
import subprocess
from concurrent.futures import ThreadPoolExecutor

from conftest import DOCKET_BIN, Console, signed_in
from test_kyb import K, fill, finish

DESK = "/_docket/desk"


def verify_like_the_guide(text: str) -> tuple[bool, int]:
    """The guide's few lines of Python, as an auditor would run them: (intact, the seq of the last
    event read, or of the first that fails)."""
    def sha256(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()

    def canonical(value) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    prev, seq, emptied = "0" * 64, 0, {}
    first = "0" * 64
    for line in text.splitlines():
        event = json.loads(line)
        n, claimed, data, salt = event["seq"], event.pop("hash"), event.pop("data"), event.pop("salt")
        if n != seq + 1 or event["prev_hash"] != prev:
            return False, n
        if sha256(canonical(event)) != claimed:
            return False, n
        if salt is None:
            if list(data) != ["erased"]:
                return False, n
            emptied[n] = (event["data_hash"], data["erased"], event["case_id"])
        else:
            if sha256(salt + canonical(data)) != event["data_hash"]:
                return False, n
            if event["kind"] == "erased":
                for m, h in data["events"].items():
                    if emptied.pop(int(m), None) != (h, data["erasure_id"], event["case_id"]):
                        return False, n
            if event["kind"] == "chain_upgraded":
                if (data["previous_head_hash"], data["previous_problem"]) != (first, None):
                    return False, n
                first = None
        if first is not None:
            old = dict(event, data=data, prev_hash=first)
            del old["data_hash"]
            first = event["data_hash"] if salt is None else sha256(canonical(old))
        prev, seq = claimed, n
    if emptied:
        return False, min(emptied)
    return True, seq


def waiting_case(sandbox, unique, poll) -> dict:
    r = sandbox.post(K, json={"external_id": unique("desk")})
    assert r.status_code == 201, r.text
    case = r.json()
    fill(sandbox, f"{K}/{case['id']}", director="Review")
    assert sandbox.post(f"{K}/{case['id']}/submit").status_code == 200
    done = finish(sandbox, poll, case["id"])
    assert done["status"] == "manual_review", done["status"]
    return done


def test_assignment_four_eyes_and_an_audit_chain_that_proves_itself(
        server, sandbox, owner_console, as_reviewer, unique, poll, real_clock, tmp_path):
    ann, bob, sue = as_reviewer("reviewer"), as_reviewer("reviewer"), as_reviewer("senior")
    case = waiting_case(sandbox, unique, poll)
    url = f"{K}/{case['id']}"
    assert case["review"]["assignee"] is None and case["review"]["sla_due_at"]
    r = owner_console.put(f"{DESK}/settings", json={"four_eyes": "rejections"})
    assert r.status_code == 200 and r.json()["four_eyes"] == "rejections"
    try:
        reject = {"decision": "reject", "reason": "registry_mismatch", "note": "The registry names another director."}
        r = ann.post(f"{url}/decision", json=reject)
        assert r.status_code == 403 and "claim" in r.json()["message"]
        r = ann.post(f"{url}/claim")
        assert r.status_code == 200 and r.json()["review"]["assignee"]["id"] == ann.reviewer["id"]
        r = bob.post(f"{url}/claim")
        assert r.status_code == 409 and ann.reviewer["name"] in r.json()["message"]
        r = bob.post(f"{url}/decision", json=reject)
        assert r.status_code == 403 and ann.reviewer["name"] in r.json()["message"]
        for bad in ({**reject, "reason": "checks_clear"}, {**reject, "note": ""}, {**reject, "reason": "because"}):
            r = ann.post(f"{url}/decision", json=bad)
            assert r.status_code == 400 and r.json()["message"], bad

        r = ann.post(f"{url}/decision", json=reject)
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "manual_review", "the rejection waits for its second approval"
        assert r.json()["review"]["pending_decision"]["reason"] == "registry_mismatch"
        listed = sandbox.get(K, params={"awaiting": "second_approval", "limit": 25}).json()["data"]
        assert case["id"] in [row["id"] for row in listed]

        second = {"confirm": True, "note": "Agreed."}
        r = ann.post(f"{url}/second-approval", json=second)
        assert r.status_code == 403, "not the first reviewer, even were she a senior"
        r = bob.post(f"{url}/second-approval", json=second)
        assert r.status_code == 403 and "senior" in r.json()["message"], r.text
        r = sue.post(f"{url}/second-approval", json=second)
        assert r.status_code == 200, r.text
        decided = r.json()
        assert decided["status"] == "rejected_manually"
        assert [(d["step"], d["decision"], d["reviewer"]["id"]) for d in decided["decisions"]] == [
            ("first", "reject", ann.reviewer["id"]), ("second", "confirm", sue.reviewer["id"])]
        r = ann.post(f"{url}/decision", json=reject)
        assert r.status_code == 409 and "rejected_manually" in r.json()["message"]
    finally:
        assert owner_console.put(f"{DESK}/settings", json={"four_eyes": "off"}).status_code == 200

    verified = sandbox.get("/_docket/audit/verify").json()
    assert verified["ok"] and verified["problem"] is None
    mine = sandbox.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
    kinds = {e["kind"] for e in mine}
    assert {"created", "submitted", "assigned", "decision_proposed", "second_approval", "decided"} <= kinds, kinds

    export = sandbox.get("/_docket/audit/export")
    assert export.status_code == 200 and export.headers["Content-Type"].startswith("application/x-ndjson")
    assert verify_like_the_guide(export.text) == (True, verified["events"]) or verify_like_the_guide(export.text)[0]
    good = tmp_path / "audit.jsonl"
    good.write_text(export.text, encoding="utf-8")
    run = subprocess.run([str(DOCKET_BIN), "audit", "verify", str(good)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "intact" in run.stdout, run.stdout + run.stderr

    lines = export.text.splitlines()
    # This case's proposal: other tests' cases may have proposed earlier, with other reasons.
    target = next(i for i, line in enumerate(lines)
                  if '"decision_proposed"' in line and case["id"] in line and "registry_mismatch" in line)
    tampered_event = json.loads(lines[target])
    lines[target] = lines[target].replace("registry_mismatch", "other")
    bad = tmp_path / "tampered.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert verify_like_the_guide(bad.read_text(encoding="utf-8")) == (False, tampered_event["seq"])
    run = subprocess.run([str(DOCKET_BIN), "audit", "verify", str(bad)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and f"event {tampered_event['seq']}" in run.stdout, run.stdout


def test_next_case_hands_each_waiting_case_to_one_reviewer(server, sandbox, as_reviewer, unique, poll, real_clock):
    for _ in range(3):
        waiting_case(sandbox, unique, poll)
    consoles = [as_reviewer("reviewer") for _ in range(6)]

    def press(console: Console) -> tuple[int, str | None]:
        r = console.post(f"{DESK}/next", timeout=30)
        return r.status_code, r.json().get("id") if r.status_code == 200 else r.json()["message"]

    with ThreadPoolExecutor(len(consoles)) as pool:
        results = list(pool.map(press, consoles))
    handed = [case for status, case in results if status == 200]
    assert len(handed) == len(set(handed)) >= 3, results
    assert all(status in (200, 404) for status, _ in results), results


def test_a_disabled_reviewer_is_signed_out_at_once(server, owner_console, as_reviewer):
    eve = as_reviewer("reviewer")
    me = eve.get("/_docket/me")
    assert me.status_code == 200 and me.json()["reviewer"]["id"] == eve.reviewer["id"]
    r = owner_console.post(f"/_docket/reviewers/{eve.reviewer['id']}/disable")
    assert r.status_code == 200 and r.json()["disabled_at"], r.text
    again = eve.get("/_docket/me")
    assert again.status_code == 401
    assert owner_console.post(f"/_docket/reviewers/{eve.reviewer['id']}/link").status_code == 409


def test_the_sla_breaches_when_the_sandbox_clock_passes_it(sandbox, unique, poll, real_clock):
    case = waiting_case(sandbox, unique, poll)
    due = case["review"]["sla_due_at"]
    assert due, "manual review has a 24-hour SLA by default"
    assert case["id"] not in [r["id"] for r in sandbox.get(K, params={"sla": "breached", "limit": 25, "sort": "sla_due"}).json()["data"]]
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 25 * 3600}).status_code == 200

    def breached():
        events = sandbox.get("/_docket/audit", params={"case_id": case["id"]}).json()["data"]
        return [e for e in events if e["kind"] == "sla_breached"] or None
    [event] = poll(breached, timeout=20, what="the SLA breach to be recorded")
    assert event["actor"] == "docket" and event["data"]["detail"]["stage"] == "manual_review"
    detail = event["data"]["detail"]
    assert (detail["sla"], detail["due_at"], detail["case_public_id"]) == ("review", due, case["public_id"]), detail
    ids = [r["id"] for r in sandbox.get(K, params={"sla": "breached", "stage": "manual_review,failed", "limit": 25, "sort": "oldest"}).json()["data"]]
    assert sandbox.get(f"{DESK}/counts").json()["sla_breached"] >= 1
    assert case["id"] in ids or len(ids) == 25


def test_bad_desk_input_is_a_clear_4xx(sandbox, owner_console):
    for path, body in ((f"{DESK}/settings", {"four_eyes": "sometimes"}),
                       (f"{DESK}/settings", {"four_eyes": "off", "sla_hours": {"manual_review": 0, "collecting_data": None, "running_checks": 1, "action_required": 1}}),
                       ("/_docket/reviewers", {"name": "", "role": "reviewer"}),
                       ("/_docket/reviewers", {"name": "X", "role": "boss"})):
        r = owner_console.request("PUT" if path.endswith("settings") else "POST", path, json=body)
        assert r.status_code == 400 and r.json()["message"], (path, body, r.text)
    r = sandbox.post(f"{K}/00000000-0000-7000-8000-000000000000/decision", json={"decision": "approve", "reason": "checks_clear", "note": "x"})
    assert r.status_code == 404
    for params in ({"sort": "random"}, {"flag": "maybe"}, {"assignee": "me"}, {"sla": "late"}):
        r = sandbox.get(K, params=params)
        assert r.status_code == 400 and r.json()["message"], params
    assert sandbox.get("/_docket/audit", params={"case_id": "nope"}).status_code == 400
    r = sandbox.post(f"{DESK}/next")
    assert r.status_code == 403 and "console control" in r.json()["message"], "next case is a signed-in reviewer's"


def test_a_reviewer_cannot_ask_for_a_remediation_on_a_colleagues_case(server, sandbox, as_reviewer, unique, poll, real_clock):
    ann, eve = as_reviewer("reviewer"), as_reviewer("reviewer")
    case = waiting_case(sandbox, unique, poll)
    url = f"{K}/{case['id']}"
    assert ann.post(f"{url}/claim").status_code == 200
    ask = {"section": "company", "message": "Please upload the registry extract again."}
    r = eve.post(f"{url}/remediation", json=ask)
    assert r.status_code == 403 and ann.reviewer["name"] in r.json()["message"], r.text
    assert sandbox.get(url).json()["status"] == "manual_review", "nothing changed"
    r = ann.post(f"{url}/remediation", json=ask)
    assert r.status_code == 200 and r.json()["status"] == "action_required", r.text


def test_the_audit_trail_filters_by_a_cases_public_id(sandbox, unique, poll, real_clock):
    case = waiting_case(sandbox, unique, poll)
    by_id = sandbox.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
    by_public = sandbox.get("/_docket/audit", params={"case_id": case["public_id"], "limit": 100}).json()["data"]
    assert by_id and [e["seq"] for e in by_public] == [e["seq"] for e in by_id]
    assert {e["case_public_id"] for e in by_public} == {case["public_id"]}
    assert sandbox.get("/_docket/audit", params={"case_id": "nope"}).status_code == 400
    r = sandbox.get("/_docket/audit", params={"case_id": "KYB-NOSUCH"})
    assert r.status_code == 200 and r.json()["data"] == []


# --- the queue (issue 33) -------------------------------------------------------------------------

def all_pages(client, **params) -> tuple[list[dict], int]:
    """Every row the filters match, page after page, and the total (the same on every page)."""
    rows, totals = [], set()
    for page in range(200):
        body = client.get(K, params={**params, "page": page, "limit": 25}).json()
        rows += body["data"]
        totals.add(body["total"])
        if not body["has_next"]:
            break
    assert len(totals) == 1, totals
    return rows, totals.pop()


def test_the_queue_orders_counts_and_sorts_on_the_server(sandbox, unique, poll, real_clock):
    for _ in range(2):
        waiting_case(sandbox, unique, poll)
    # The list's own default stays newest first (spec 4.1), now with its total.
    body = sandbox.get(K, params={"limit": 25}).json()
    assert body["total"] >= len(body["data"]) >= 2
    created = [r["created_at"] for r in body["data"]]
    assert created == sorted(created, reverse=True)
    # Most overdue first: the queue's order; cases without an SLA last.
    rows, total = all_pages(sandbox, stage="manual_review,failed", sort="sla_due_at")
    assert total == len(rows) >= 2
    dues = [r["review"]["sla_due_at"] for r in rows]
    assert all(dues) and dues == sorted(dues)
    assert [r["id"] for r in all_pages(sandbox, stage="manual_review,failed", sort="sla_due")[0]] == [r["id"] for r in rows]
    # Every key, both ways; the descending order is the exact reverse.
    for key in ("created_at", "sla_due_at", "company_name", "status", "assignee"):
        up, n = all_pages(sandbox, stage="manual_review,failed,action_required", sort=key)
        down, m = all_pages(sandbox, stage="manual_review,failed,action_required", sort=f"-{key}")
        assert n == m == len(up) and [r["id"] for r in down] == [r["id"] for r in reversed(up)], key
    up, _ = all_pages(sandbox, stage="manual_review,failed", sort="company_name")
    names = [(r["company_name"] is None, (r["company_name"] or "").lower()) for r in up]
    assert names == sorted(names)
    for bad in ("name", "-", "--created_at", "sla_due_at,status"):
        r = sandbox.get(K, params={"sort": bad})
        assert r.status_code == 400 and r.json()["field"] == "sort" and "descending" in r.json()["message"], bad


def test_a_persons_name_finds_the_case(sandbox, unique):
    surname = unique("Zyx").replace("-", "")
    r = sandbox.post(K, json={"external_id": unique("people")})
    assert r.status_code == 201
    case = r.json()
    fill(sandbox, f"{K}/{case['id']}", director=surname)
    # The director is a person of the ownership section, not in the company's name.
    for q in (surname, surname.upper(), f"tom {surname[:6]}", f"{surname} Brightwater"):
        body = sandbox.get(K, params={"q": q, "limit": 25}).json()
        assert [row["id"] for row in body["data"]] == [case["id"]] and body["total"] == 1, q
    assert sandbox.get(K, params={"q": f"{surname} nobody-else"}).json()["total"] == 0
    # Changed away, the name no longer finds it.
    r = sandbox.request("PUT", f"{K}/{case['id']}/sections/ownership", json={"persons": [
        {"first_name": "Ann", "last_name": "Other", "date_of_birth": "1970-05-06", "nationality": "GB",
         "roles": ["director", "shareholder"], "ownership_percentage": 60}]})
    assert r.status_code == 200, r.text
    assert sandbox.get(K, params={"q": surname}).json()["total"] == 0


def test_bulk_assign_reassign_and_release_report_each_case(sandbox, owner_console, as_reviewer, unique, poll, real_clock):
    ann, bob, sue = as_reviewer("reviewer"), as_reviewer("reviewer"), as_reviewer("senior")
    cases = [waiting_case(sandbox, unique, poll)["id"] for _ in range(3)]
    bulk = f"{DESK}/assignments"
    assert ann.post(f"{K}/{cases[0]}/claim").status_code == 200

    # Bob takes all three: Ann's is refused with her name, the other two are his.
    r = bob.post(bulk, json={"action": "assign", "case_ids": cases})
    assert r.status_code == 200, r.text
    out = r.json()
    assert (out["succeeded"], out["failed"]) == (2, 1)
    assert [x["case_id"] for x in out["results"]] == cases
    refused = out["results"][0]
    assert refused["status"] == 409 and ann.reviewer["name"] in refused["message"] and refused["case"] is None
    for x in out["results"][1:]:
        assert x["status"] == 200 and x["case"]["review"]["assignee"]["id"] == bob.reviewer["id"]

    # Assigning to someone else is an admin's: refused whole.
    r = bob.post(bulk, json={"action": "assign", "case_ids": cases, "reviewer_id": ann.reviewer["id"]})
    assert r.status_code == 403 and "admin" in r.json()["message"]
    # Bob releases Ann's and his own: his goes, hers is refused.
    r = bob.post(bulk, json={"action": "release", "case_ids": cases[:2]})
    assert [x["status"] for x in r.json()["results"]] == [403, 200]
    assert r.json()["results"][1]["case"]["review"]["assignee"] is None

    # An admin reassigns all three to Sue, Ann's included; each audited as a single reassignment.
    r = owner_console.post(bulk, json={"action": "assign", "case_ids": cases, "reviewer_id": sue.reviewer["id"]})
    assert r.status_code == 200 and r.json()["succeeded"] == 3, r.text
    for case_id in cases:
        detail = sandbox.get(f"{K}/{case_id}").json()
        assert detail["review"]["assignee"]["id"] == sue.reviewer["id"]
        events = sandbox.get("/_docket/audit", params={"case_id": case_id, "limit": 100}).json()["data"]
        last = max((e for e in events if e["kind"] == "assigned"), key=lambda e: e["seq"])
        assert last["data"]["detail"]["how"] == "reassigned" and last["data"]["detail"]["assignee_id"] == sue.reviewer["id"]
    # The admin releases them all.
    r = owner_console.post(bulk, json={"action": "release", "case_ids": cases})
    assert r.json()["succeeded"] == 3

    # Bad requests are a clear 400; an unknown case is that case's 404.
    for body in ({"action": "assign", "case_ids": []}, {"action": "assign", "case_ids": [cases[0]] * 101},
                 {"action": "release", "case_ids": cases, "reviewer_id": sue.reviewer["id"]},
                 {"action": "give", "case_ids": cases}, {"action": "assign", "case_ids": ["nope"]}):
        r = bob.post(bulk, json=body)
        assert r.status_code == 400 and r.json()["message"], body
    r = bob.post(bulk, json={"action": "assign", "case_ids": ["00000000-0000-7000-8000-000000000000", cases[1]]})
    assert [x["status"] for x in r.json()["results"]] == [404, 200]
    # An API key is no reviewer (the authority table).
    assert sandbox.post(bulk, json={"action": "assign", "case_ids": cases}).status_code in (401, 403)


def test_late_checks_are_an_admins_stuck_checks_not_a_reviewers_breach(docket_factory, tmp_path):
    data = tmp_path / "stuck"
    data.mkdir()
    srv = docket_factory(data_dir=data)
    srv.stop()
    # Synthetic cases were created over the last 90 days: those under review are long past the
    # running-checks SLA.
    srv.cli("demo", "seed", "--synthetic-kyb", "60", "--synthetic-only")
    srv.start()
    api = srv.client(srv.sandbox_key, "stuck")
    admin = signed_in(srv)
    stuck_rows, stuck = all_pages(api, sla="stuck")
    breached_rows, breached = all_pages(api, sla="breached")
    assert stuck > 0 and all(r["status"] == "under_review" for r in stuck_rows)
    assert all(r["status"] != "under_review" for r in breached_rows)
    counts = api.get(f"{DESK}/counts").json()
    assert (counts["checks_stuck"], counts["sla_breached"]) == (stuck, breached)
    listed = admin.get(f"{DESK}/stuck-checks")
    assert listed.status_code == 200, listed.text
    data = listed.json()["data"]
    assert {c["id"] for c in data} == {r["id"] for r in stuck_rows}
    assert [c["sla_due_at"] for c in data] == sorted(c["sla_due_at"] for c in data)
    reviewer = signed_in(srv, "Rita Reviewer", role="reviewer")
    assert reviewer.get(f"{DESK}/stuck-checks").status_code == 403



def test_notes_comments_and_messages_keep_their_line_breaks_names_stay_on_one_line(
        sandbox, owner_console, as_reviewer, unique, poll, real_clock):
    case = waiting_case(sandbox, unique, poll)
    url = f"{K}/{case['id']}"
    ann = as_reviewer("reviewer")
    assert ann.post(f"{url}/claim").status_code == 200
    r = ann.post(f"{url}/comments", json={"body": "Called the director.\r\nShe confirmed:\r\n\r\n- the address\n- the owners"})
    assert r.status_code in (200, 201), r.text
    body = sandbox.get(url).json()["comments"][-1]["body"]
    assert body == "Called the director.\nShe confirmed:\n\n- the address\n- the owners"
    for bad in ("tab\there", "bell\u0007", "escape\u001b[31m"):
        r = ann.post(f"{url}/comments", json={"body": bad})
        assert r.status_code == 400 and r.json()["message"].startswith("body: must not contain control characters"), r.text
    r = ann.post(f"{url}/remediation", json={"items": [{"section": "company", "message": "The address differs.\nPlease correct it."}],
                                            "message": "One correction.\r\nThank you."})
    assert r.status_code == 200, r.text
    messages = sorted(x["message"] for x in r.json()["remediations"] if not x["resolved_at"])
    assert "The address differs.\nPlease correct it." in messages, messages
    # A name stays on one line.
    r = owner_console.post("/_docket/reviewers", json={"name": "Ann\nLee", "role": "reviewer"})
    assert r.status_code == 400 and "line break" in r.json()["message"], r.text


def test_mentions_are_unread_until_the_reviewer_opens_the_case_or_marks_them_read(sandbox, as_reviewer, unique, poll, real_clock):
    first, second = waiting_case(sandbox, unique, poll), waiting_case(sandbox, unique, poll)
    ann, bob = as_reviewer("reviewer"), as_reviewer("reviewer")
    for case in (first, second):
        r = ann.post(f"{K}/{case['id']}/comments", json={"body": f"@{bob.reviewer['name']} please look at this one"})
        assert r.status_code in (200, 201), r.text
    inbox = bob.get(f"{DESK}/inbox").json()
    mine = [m for m in inbox["mentions"] if m["case_id"] in (first["id"], second["id"])]
    assert len(mine) == 2 and not any(m["read"] for m in mine) and inbox["unread_mentions"] >= 2, inbox
    before = inbox["unread_mentions"]

    # Opening a case (the console posts its id) reads its mentions; the other stays unread.
    r = bob.post(f"{DESK}/mentions/read", json={"case_id": first["id"]})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["unread_mentions"] == before - 1
    read = {m["case_id"]: m["read"] for m in after["mentions"] if m["case_id"] in (first["id"], second["id"])}
    assert read == {first["id"]: True, second["id"]: False}, read
    # Bad input is a clear 4xx; an API key has no inbox.
    assert bob.post(f"{DESK}/mentions/read", json={"case_id": "nope"}).status_code == 400
    assert bob.post(f"{DESK}/mentions/read", json={"case_id": "019d0000-0000-7000-8000-000000000000"}).status_code == 404
    assert bob.post(f"{DESK}/mentions/read", json={"case": first["id"]}).status_code == 400
    assert sandbox.post(f"{DESK}/mentions/read", json={}).status_code in (401, 403)
    # All at once.
    assert bob.post(f"{DESK}/mentions/read", json={}).json()["unread_mentions"] == 0
