"""Four eyes that routes itself, decisions with several reasons and a message for the merchant,
and remediation of several sections at once with the organization's templates (issue 33), over
HTTP. The module works in an organization of its own, so that no other test's pending
approvals reach its seniors' *Next case* and inbox."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

import pytest

from conftest import Console, add_reviewer, sign_in
from test_desk import waiting_case
from test_kyb import K, W

DESK = "/_docket/desk"
ORG = "Four Eyes Org"
TEMPLATES = f"{DESK}/remediation-templates"


@pytest.fixture(scope="module")
def org(server):
    server.cli("orgs", "create", ORG)
    key, _ = server.create_key(ORG, "sandbox", "four-eyes-sandbox")
    server.watched_keys.append(key)
    client = server.client(key, "four-eyes sandbox")
    yield client
    client.post("/_docket/clock/reset")


@pytest.fixture(scope="module")
def people(server, org):
    """`people(role, email=None)`: a new reviewer of the module's organization, signed in."""
    def make(role: str, email: str | None = None) -> Console:
        name = f"{role.capitalize()} {uuid.uuid4().hex[:8]}"
        extra = ("--organization", ORG, *(("--email", email) if email else ()))
        reviewer = add_reviewer(server, name, role, *extra)
        console = sign_in(server, reviewer["link"], "sandbox", name)
        console.reviewer = reviewer
        return console
    return make


@pytest.fixture(scope="module")
def admin(people):
    return people("admin")


def settings(admin: Console, four_eyes: str, **hours) -> None:
    sla = {"collecting_data": None, "running_checks": 1, "manual_review": 24, "action_required": 168,
           "awaiting_approval": 8, **hours}
    r = admin.put(f"{DESK}/settings", json={"four_eyes": four_eyes, "sla_hours": sla})
    assert r.status_code == 200, r.text


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def decide(console: Console, case: dict, **body) -> dict:
    url = f"{K}/{case['id']}"
    claimed = console.post(f"{url}/claim")
    assert claimed.status_code == 200
    if body.get("decision") == "approve":
        # The reviewer acknowledges each open flag, as the case file asks before approving.
        body.setdefault("acknowledged_flags", [f["key"] for f in console.get(url).json()["open_flags"]])
    r = console.post(f"{url}/decision", json={"note": "Internal: looked at the registry.", **body})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_seniors_next_case_is_the_oldest_approval_they_may_give_and_the_inbox_routes_it(
        org, people, admin, poll):
    settings(admin, "all")
    ann, bob, sue, tom = people("reviewer"), people("reviewer"), people("senior"), people("senior")
    first, second, third = (waiting_case(org, lambda p: f"{p}-{uuid.uuid4().hex[:8]}", poll) for _ in range(3))

    # Naming the senior is checked: a senior or admin of this organization, not the decider.
    url = f"{K}/{first['id']}"
    assert ann.post(f"{url}/claim").status_code == 200
    for named, why in ((bob.reviewer["id"], "senior"), (str(uuid.uuid4()), "no reviewer"),
                       ("not-an-id", "")):
        r = ann.post(f"{url}/decision", json={"decision": "reject", "reasons": ["ownership_unclear"],
                                              "note": "x", "approver_id": named})
        assert r.status_code == 400 and why in r.json()["message"], r.text
    assert org.get(url).json()["review"]["pending_decision"] is None, "a refused decision leaves nothing"

    proposed = ann.post(f"{url}/decision", json={"decision": "reject", "note": "Two owners missing.",
                                                "reasons": ["ownership_unclear", "ubo_undisclosed"]})
    assert proposed.status_code == 200, proposed.text
    pending = proposed.json()["review"]["pending_decision"]
    assert pending["reasons"] == ["ownership_unclear", "ubo_undisclosed"] and pending["approver"] is None
    named = decide(bob, second, decision="approve", reasons=["checks_clear"], approver_id=tom.reviewer["id"])
    assert named["review"]["pending_decision"]["approver"]["id"] == tom.reviewer["id"]

    # The queue of approvals, oldest first; the integration sees it but may give none.
    listed = org.get(f"{DESK}/approvals").json()["data"]
    assert [a["case_id"] for a in listed] == [first["id"], second["id"]]
    assert not any(a["may_approve"] for a in listed)
    as_sue = {a["case_id"]: a for a in sue.get(f"{DESK}/approvals").json()["data"]}
    assert as_sue[first["id"]]["may_approve"] and not as_sue[second["id"]]["routed_to_me"]

    # Inboxes: the unnamed approval is every senior's, the named one only Tom's; a reviewer gives none.
    def inbox(console: Console) -> list[str]:
        r = console.get(f"{DESK}/inbox")
        assert r.status_code == 200, r.text
        return [a["case_id"] for a in r.json()["approvals"]]
    assert inbox(sue) == [first["id"]]
    assert inbox(tom) == [first["id"], second["id"]]
    assert inbox(ann) == [] and inbox(bob) == []
    assert ann.post(f"{url}/comments", json={"body": f"@{sue.reviewer['name']} the owners are missing"}).status_code == 201
    mentions = sue.get(f"{DESK}/inbox").json()["mentions"]
    assert [(m["case_id"], m["comment"]["author"]["id"]) for m in mentions] == [(first["id"], ann.reviewer["id"])]
    assert tom.get(f"{DESK}/inbox").json()["mentions"] == []

    # Next case: Sue gets the oldest approval (now routed to her), Tom the one named for him, a
    # reviewer the normal queue.
    r = sue.post(f"{DESK}/next")
    assert r.status_code == 200 and r.json()["id"] == first["id"], r.text
    assert r.json()["review"]["pending_decision"]["approver"]["id"] == sue.reviewer["id"]
    assert r.json()["review"]["assignee"]["id"] == ann.reviewer["id"], "the case stays its first reviewer's"
    assert inbox(tom) == [second["id"]], "taken by Sue: out of Tom's inbox"
    r = tom.post(f"{DESK}/next")
    assert r.status_code == 200 and r.json()["id"] == second["id"], r.text
    r = ann.post(f"{DESK}/next")
    assert r.status_code == 200 and r.json()["id"] == third["id"]

    # A senior's own first decision never comes back to them, nor to another account of theirs.
    email = f"sam-{uuid.uuid4().hex[:6]}@example.com"
    sam, sam_again = people("senior", email), people("senior", email)
    assert ann.post(f"{K}/{third['id']}/release").status_code == 200
    decide(sam, third, decision="approve", reasons=["manually_verified"])
    for who in (sam, sam_again):
        r = who.post(f"{DESK}/next")
        assert r.status_code == 404 or r.json()["id"] != third["id"], r.text
        assert third["id"] not in inbox(who)
        r = who.post(f"{K}/{third['id']}/second-approval", json={"confirm": True, "note": "Mine."})
        assert r.status_code == 403, r.text
    assert "same person" in r.json()["message"]
    r = sue.post(f"{K}/{third['id']}/second-approval", json={"confirm": True, "note": "Checked."})
    assert r.status_code == 200 and r.json()["status"] == "approved_manually"
    kinds = [e["kind"] for e in org.get("/_docket/audit", params={"case_id": first["id"], "limit": 100}).json()["data"]]
    assert "approval_taken" in kinds and "decision_proposed" in kinds


def test_waiting_for_the_second_approval_has_its_own_sla_and_the_reviews_stops(org, people, admin, poll):
    settings(admin, "all", manual_review=24, awaiting_approval=8)
    ann, sue = people("reviewer"), people("senior")
    case = waiting_case(org, lambda p: f"{p}-{uuid.uuid4().hex[:8]}", poll)
    url = f"{K}/{case['id']}"
    review_due = at(case["review"]["sla_due_at"])
    advance = lambda hours: org.post("/_docket/clock/advance", json={"seconds": hours * 3600}).status_code == 200
    assert advance(20)
    proposed = decide(ann, case, decision="reject", reasons=["adverse_media"])
    pending_at = at(proposed["review"]["pending_decision"]["at"])
    assert at(proposed["review"]["sla_due_at"]) == pending_at + timedelta(hours=8)

    def breaches():
        events = org.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
        return [e["data"]["detail"] for e in events if e["kind"] == "sla_breached"]
    # Past the review's 24 hours while the decision waits: not red (it was, before).
    assert advance(6)
    breached = org.get(K, params={"sla": "breached", "limit": 25}).json()["data"]
    assert case["id"] not in [row["id"] for row in breached]
    assert breaches() == []
    # Past the approval's own 8 hours: breached, and the breach says which allowance ran out.
    assert advance(3)
    [detail] = poll(lambda: breaches() or None, timeout=20, what="the approval's SLA breach")
    assert detail["sla"] == "awaiting_approval"

    # Overturned: the review's clock runs on from where it stopped.
    r = sue.post(f"{url}/second-approval", json={"confirm": False, "note": "Not adverse: another company."})
    assert r.status_code == 200, r.text
    overturned = r.json()
    second_at = at(overturned["decisions"][-1]["at"])
    assert at(overturned["review"]["sla_due_at"]) == review_due + (second_at - pending_at)
    settings(admin, "off")


def test_several_reasons_and_a_message_for_the_merchant_that_never_carries_the_note(
        org, people, admin, poll, anonymous):
    settings(admin, "off")
    ann = people("reviewer")
    case = waiting_case(org, lambda p: f"{p}-{uuid.uuid4().hex[:8]}", poll)
    url = f"{K}/{case['id']}"
    assert ann.post(f"{url}/claim").status_code == 200
    note = f"INTERNAL-{uuid.uuid4().hex}"
    reject = {"decision": "reject", "note": note, "reasons": ["politically_exposed_person", "adverse_media"],
              "merchant_message": "We are unable to open an account for your business."}
    for bad in ({**reject, "reasons": []}, {**reject, "reasons": ["adverse_media", "checks_clear"]},
                {**reject, "reasons": ["because"]}, {**reject, "reasons": ["adverse_media", "pep"]}):
        r = ann.post(f"{url}/decision", json=bad)
        assert r.status_code == 400 and r.json()["message"], (bad, r.text)
    token = case["widget_path"].rsplit("/", 1)[1]
    assert anonymous.get(f"{W}/{token}").json()["decision"] is None, "nothing decided yet"
    r = ann.post(f"{url}/decision", json=reject)
    assert r.status_code == 200 and r.json()["status"] == "rejected_manually", r.text
    [decision] = r.json()["decisions"]
    assert decision["reasons"] == ["politically_exposed_person", "adverse_media"]
    assert decision["reason"] == "politically_exposed_person", "the first, for clients of the single field"
    assert decision["merchant_message"] == reject["merchant_message"] and decision["note"] == note

    widget = anonymous.get(f"{W}/{token}")
    assert widget.status_code == 200
    assert widget.json()["decision"]["outcome"] == "reject"
    assert widget.json()["decision"]["message"] == reject["merchant_message"]
    assert note not in widget.text and "INTERNAL-" not in widget.text
    page = anonymous.get(f"/kyb/widget/{token}")
    assert page.status_code == 200 and note not in page.text

    # The single `reason` of before is still taken.
    other = waiting_case(org, lambda p: f"{p}-{uuid.uuid4().hex[:8]}", poll)
    done = decide(ann, other, decision="approve", reason="checks_clear")
    assert done["decisions"][0]["reasons"] == ["checks_clear"]
    assert anonymous.get(f"{W}/{other['widget_path'].rsplit('/', 1)[1]}").json()["decision"]["message"] is None


def test_remediation_of_several_sections_at_once_and_templates_admins_manage(
        org, people, admin, poll, anonymous, sandbox):
    settings(admin, "off")
    ann, sue = people("reviewer"), people("senior")
    template = {
        "name": f"Ownership pack {uuid.uuid4().hex[:6]}",
        "items": [{"section": "ownership", "message": "List every owner of 25 % or more."},
                  {"document_kind": "ownership_document"}],
        "message": "Upload a shareholder register signed by a director.",
    }
    for who in (ann, sue):
        assert who.post(TEMPLATES, json=template).status_code == 403, "an admin's"
    assert org.post(TEMPLATES, json=template).status_code == 403, "a console control"
    r = admin.post(TEMPLATES, json=template)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["items"][1] == {"section": "documents", "document_kind": "ownership_document", "message": None}
    assert admin.post(TEMPLATES, json={**template, "name": template["name"].upper()}).status_code == 409
    r = admin.post(TEMPLATES, json={**template, "name": "Bad", "items": [{"section": "review", "message": "x"}]})
    assert r.status_code == 400 and "items[0].section" in r.json()["message"], r.text
    assert [t["id"] for t in ann.get(TEMPLATES).json()["data"]] == [made["id"]]
    assert [t["id"] for t in org.get(TEMPLATES).json()["data"]] == [made["id"]], "the integration reads them"
    assert made["id"] not in [t["id"] for t in sandbox.get(TEMPLATES).json()["data"]], "another organization's"
    renamed = admin.put(f"{TEMPLATES}/{made['id']}", json={**template, "name": "Ownership unclear"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Ownership unclear"
    assert ann.put(f"{TEMPLATES}/{made['id']}", json=template).status_code == 403
    kinds = [e["kind"] for e in org.get("/_docket/audit", params={"limit": 10}).json()["data"]]
    assert {"remediation_template_added", "remediation_template_changed"} <= set(kinds), kinds

    # Several sections and documents in one request, each with its instruction; the note stays inside.
    case = waiting_case(org, lambda p: f"{p}-{uuid.uuid4().hex[:8]}", poll)
    url = f"{K}/{case['id']}"
    assert ann.post(f"{url}/claim").status_code == 200
    note = f"INTERNAL-{uuid.uuid4().hex}"
    ask = {"items": [{"section": "company", "message": "The registered address differs from the registry."},
                     {"document_kind": "proof_of_address", "message": "Upload a bill from the last three months."}],
           "note": note}
    r = ann.post(f"{url}/remediation", json={**ask, "items": ask["items"] + [ask["items"][0]]})
    assert r.status_code == 400 and "items[2]" in r.json()["message"], r.text
    r = ann.post(f"{url}/remediation", json=ask)
    assert r.status_code == 200 and r.json()["status"] == "action_required", r.text
    opened = [(x["section"], x["document_kind"], x["message"], x["note"]) for x in r.json()["remediations"]]
    assert opened == [("company", None, ask["items"][0]["message"], note),
                      ("documents", "proof_of_address", ask["items"][1]["message"], note)]
    widget = anonymous.get(f"{W}/{case['widget_path'].rsplit('/', 1)[1]}")
    assert [q["message"] for q in widget.json()["requests"]] == [i["message"] for i in ask["items"]]
    assert set(widget.json()["editable_sections"]) == {"company", "documents"}
    assert note not in widget.text

    # A template's request, on another case.
    other = waiting_case(org, lambda p: f"{p}-{uuid.uuid4().hex[:8]}", poll)
    assert ann.post(f"{K}/{other['id']}/claim").status_code == 200
    r = ann.post(f"{K}/{other['id']}/remediation", json={"template_id": str(uuid.uuid4())})
    assert r.status_code == 400 and "template_id" in r.json()["message"]
    r = ann.post(f"{K}/{other['id']}/remediation", json={"template_id": made["id"]})
    assert r.status_code == 200, r.text
    assert [(x["section"], x["message"]) for x in r.json()["remediations"]] == [
        ("ownership", "List every owner of 25 % or more."), ("documents", template["message"])]
    [entry] = [e for e in r.json()["timeline"] if e["kind"] == "remediation_opened"]
    assert entry["detail"]["template"]["name"] == "Ownership unclear"

    assert ann.delete(f"{TEMPLATES}/{made['id']}").status_code == 403
    assert admin.delete(f"{TEMPLATES}/{made['id']}").status_code == 204
    assert admin.delete(f"{TEMPLATES}/{made['id']}").status_code == 404
    assert org.get(TEMPLATES).json()["data"] == []
    latest = org.get("/_docket/audit", params={"limit": 10}).json()["data"]
    [deleted] = [e for e in latest if e["kind"] == "remediation_template_deleted"]
    assert deleted["actor"] == f"reviewer:{admin.reviewer['name']}"
