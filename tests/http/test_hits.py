"""Hit resolution and approval safeguards over HTTP (issue 33): a KYB case's screenings link back
to it and compare the person with the listed entity; each hit is disposed of (true match, false
positive, needs more information) by the caller, with a history, on the audit chain; an approval
acknowledges every open flag; an errored check runs again from the case file."""

from __future__ import annotations

from test_kyb import K, fill, finish

H = "/api/v3/aml/search/history"
# The sandbox's magic PEP name: always a Medium hit, listed born 1970-01-01.
PEP = {"first_name": "Petra", "last_name": "Politikova", "date_of_birth": "1985-03-02", "nationality": "DE",
       "roles": ["shareholder"], "ownership_percentage": 30}


def dispose(client, search: str, entity: str, **body):
    return client.post(f"/_docket/aml/screenings/{search}/hits/{entity}/disposition", json=body)


def case_with_a_pep(sandbox, unique, poll) -> dict:
    case = sandbox.post(K, json={"external_id": unique("hits")}).json()
    url = f"{K}/{case['id']}"
    fill(sandbox, url, director="Review")
    director = {"first_name": "Tom", "last_name": "Review", "date_of_birth": "1970-05-06", "nationality": "GB",
                "roles": ["director", "shareholder"], "ownership_percentage": 60}
    r = sandbox.request("PUT", f"{url}/sections/ownership", json={"persons": [director, PEP]})
    assert r.status_code == 200, r.text
    assert sandbox.post(f"{url}/submit").status_code == 200
    done = finish(sandbox, poll, case["id"])
    assert done["status"] in ("manual_review", "failed"), done["status"]
    return done


def test_a_case_screening_links_back_compares_the_person_and_its_hits_are_disposed_of_before_approval(
        sandbox, as_reviewer, unique, poll, real_clock):
    case = case_with_a_pep(sandbox, unique, poll)
    url = f"{K}/{case['id']}"
    [check] = [c for c in case["checks"] if c["type"] == "aml_person" and c["subject_name"] == "Petra Politikova"]
    search = check["evidence"]["search_id"]
    hit_flags = [f for f in case["open_flags"] if f["kind"] == "undisposed_hit"]
    [flag] = [f for f in hit_flags if f["key"].startswith(f"hit:{search}:")]
    entity = flag["key"].rsplit(":", 1)[1]
    assert flag["target"] == f"#hit-{search}-{entity}" and "Petra Politikova" in flag["label"]

    # The screening names its case and the person, with the person's own data beside the list's.
    report = sandbox.get(f"{H}/{search}").json()
    party = report["screened"]
    assert (party["kind"], party["case_public_id"], party["case_id"]) == ("case_person", case["public_id"], case["id"])
    assert (party["date_of_birth"], party["nationalities"]) == ("1985-03-02", ["DE"])
    [hit] = [h for h in report["data"] if h["uuid"] == entity]
    assert hit["fields"]["dates_of_birth"], "the list holds a date of birth"
    summary = hit["search_metadata"]["explanation"]["summary"]
    assert "no date of birth on the list" not in summary and "date of birth differs (listed: 1970-01-01)" in summary
    assert "disposition" not in hit and hit["entity_version"]
    [row] = [s for s in sandbox.get(H, params={"kind": "screening", "name": "Politikova", "limit": 100}).json()["data"]
             if s["search_uuid"] == search]
    assert (row["case_id"], row["case_public_id"]) == (case["id"], case["public_id"])

    ann = as_reviewer("reviewer")
    ann_name = ann.reviewer["name"]
    assert ann.post(f"{url}/claim").status_code == 200

    # Approving with open flags, unacknowledged: refused, naming them.
    approve = {"decision": "approve", "reason": "false_positive_cleared", "note": "PEP hit is someone else."}
    r = ann.post(f"{url}/decision", json=approve)
    assert r.status_code == 409 and flag["key"] in r.json()["message"], r.text
    r = ann.post(f"{url}/decision", json={**approve, "acknowledged_flags": [f["key"] for f in hit_flags[1:]]})
    assert r.status_code == 409 and flag["key"] in r.json()["message"], r.text

    # Bad dispositions are refused with the field.
    r = dispose(ann, search, entity, disposition="true_match", reason="date_of_birth_differs", note="")
    assert r.status_code == 400 and r.json()["message"].startswith("reason"), r.text
    r = dispose(ann, search, entity, disposition="false_positive", reason="other", note=" ")
    assert r.status_code == 400 and r.json()["message"].startswith("note"), r.text
    assert dispose(ann, search, "0190a000-0000-7000-8000-000000000000", disposition="false_positive",
                   reason="name_only").status_code == 404

    # A disposition, then a changed one: the reviewer is the actor; the first is kept as history.
    r = dispose(ann, search, entity, disposition="needs_more_information", reason="awaiting_documents",
                note="Asked for her passport.")
    assert r.status_code == 200, r.text
    assert r.json()["disposition"]["by"] == ann_name
    still = sandbox.get(url).json()["open_flags"]
    assert any(f["key"] == flag["key"] for f in still), "needs more information leaves the hit open"
    r = dispose(ann, search, entity, disposition="false_positive", reason="date_of_birth_differs",
                note="Listed born 1970; she was born 1985 (passport).")
    body = r.json()
    assert r.status_code == 200 and body["disposition"]["disposition"] == "false_positive"
    assert [d["disposition"] for d in body["disposition_history"]] == ["false_positive", "needs_more_information"]
    assert body["disposition_history"][1]["replaced_at"]
    served = [h for h in sandbox.get(f"{H}/{search}").json()["data"] if h["uuid"] == entity][0]
    assert served["disposition"]["reason"] == "date_of_birth_differs" and served["disposition"]["reviewer_id"]

    # The integration may dispose too, as its key.
    for other in [f for f in hit_flags if f is not flag]:
        s, e = other["key"].split(":")[1:]
        r = dispose(sandbox, s, e, disposition="false_positive", reason="name_only", note="")
        assert r.status_code == 200 and r.json()["disposition"]["by"].startswith("API key "), r.text

    # On the audit chain, with the case.
    events = sandbox.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
    disposed = [e for e in events if e["kind"] == "hit_disposed"]
    assert len(disposed) >= 2 and {e["data"]["disposition"] for e in disposed} >= {"needs_more_information", "false_positive"}
    assert any(e["actor"] == f"reviewer:{ann_name}" and e["data"]["entity_id"] == entity for e in disposed)

    # Every hit disposed of: what is left is acknowledged, and the approval keeps the acknowledgments.
    left = sandbox.get(url).json()["open_flags"]
    assert not [f for f in left if f["kind"] == "undisposed_hit"], left
    r = ann.post(f"{url}/decision", json={**approve, "acknowledged_flags": [f["key"] for f in left]})
    assert r.status_code == 200, r.text
    decided = r.json()
    assert decided["status"] == "approved_manually"
    [entry] = [t for t in decided["timeline"] if t["kind"] == "decided"]
    assert [f["key"] for f in entry["detail"]["acknowledged_flags"]] == [f["key"] for f in left]


def test_a_search_of_a_name_has_no_party_to_dispose_for(sandbox):
    report = sandbox.post("/api/v3/aml/search", json={"full_name": "Ivan Sanctionov"}).json()
    r = dispose(sandbox, report["search_uuid"], report["data"][0]["uuid"], disposition="true_match",
                reason="details_match")
    assert r.status_code == 409 and "search of a name" in r.json()["message"], r.text


def test_rejecting_needs_no_acknowledgment(sandbox, as_reviewer, unique, poll, real_clock):
    case = case_with_a_pep(sandbox, unique, poll)
    assert case["open_flags"]
    ann = as_reviewer("reviewer")
    url = f"{K}/{case['id']}"
    assert ann.post(f"{url}/claim").status_code == 200
    r = ann.post(f"{url}/decision", json={"decision": "reject", "reason": "other", "note": "PEP not cleared."})
    assert r.status_code == 200 and r.json()["status"] == "rejected_manually", r.text


def test_an_errored_check_runs_again_from_the_case_file(sandbox, as_reviewer, unique, poll, real_clock):
    # The registry's magic number 9999: a simulated outage, every time.
    case = sandbox.post(K, json={"external_id": unique("rerun")}).json()
    url = f"{K}/{case['id']}"
    fill(sandbox, url, number="09879999")
    assert sandbox.post(f"{url}/submit").status_code == 200
    case = finish(sandbox, poll, case["id"])
    assert case["status"] == "failed", case["status"]
    [errored] = [c for c in case["checks"] if c["type"] == "registry" and c["superseded_at"] is None]
    assert errored["state"] == "error"
    assert f"errored:{errored['id']}" in [f["key"] for f in case["open_flags"]]
    rerun = f"{url}/checks/{errored['id']}/rerun"

    ann, bob = as_reviewer("reviewer"), as_reviewer("reviewer")
    assert ann.post(f"{url}/claim").status_code == 200
    assert sandbox.post(rerun).status_code == 403, "a console control"
    r = bob.post(rerun)
    assert r.status_code == 403 and "assigned" in r.json()["message"], r.text
    [clean] = [c for c in case["checks"] if c["state"] == "completed" and c["superseded_at"] is None][:1]
    r = ann.post(f"{url}/checks/{clean['id']}/rerun")
    assert r.status_code == 409 and "could not run" in r.json()["message"], r.text

    r = ann.post(rerun)
    assert r.status_code == 200, r.text
    after = r.json()
    old = [c for c in after["checks"] if c["id"] == errored["id"]][0]
    [new] = [c for c in after["checks"] if c["type"] == "registry" and c["superseded_at"] is None]
    assert old["superseded_at"] and new["id"] != errored["id"] and new["state"] == "pending"
    assert after["status"] == "failed", "the case stays with its reviewer"
    assert f"errored:{errored['id']}" not in [f["key"] for f in after["open_flags"]]
    assert any(t["kind"] == "check_rerun" and t["detail"]["check_id"] == errored["id"] for t in after["timeline"])
    assert ann.post(rerun).status_code == 409, "a superseded check is not run again"

    assert sandbox.post("/_docket/clock/advance", json={"seconds": 30}).status_code == 200

    def ran():
        body = sandbox.get(url).json()
        check = [c for c in body["checks"] if c["id"] == new["id"]][0]
        return body if check["state"] != "pending" else None
    body = poll(ran, timeout=20, what="the check to run again")
    again = [c for c in body["checks"] if c["id"] == new["id"]][0]
    assert again["state"] == "error" and again["completed_at"], "the outage is simulated every time"
    assert f"errored:{new['id']}" in [f["key"] for f in body["open_flags"]]
    events = sandbox.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
    assert any(e["kind"] == "check_rerun" for e in events)


def test_a_rerun_that_passes_scores_the_case_again(sandbox, as_reviewer, unique, poll, real_clock):
    # The registry's magic number 9990: a passing outage, answered when the check runs again.
    case = sandbox.post(K, json={"external_id": unique("rescore")}).json()
    url = f"{K}/{case['id']}"
    fill(sandbox, url, number="09879990")
    assert sandbox.post(f"{url}/submit").status_code == 200
    case = finish(sandbox, poll, case["id"])
    assert (case["status"], case["risk_level"]) == ("failed", None), case["status"]
    [errored] = [c for c in case["checks"] if c["type"] == "registry" and c["superseded_at"] is None]
    [score] = [c for c in case["checks"] if c["type"] == "business_risk_score" and c["superseded_at"] is None]
    assert errored["state"] == "error" and score["state"] == "error", score

    ann = as_reviewer("reviewer")
    assert ann.post(f"{url}/claim").status_code == 200
    r = ann.post(f"{url}/checks/{errored['id']}/rerun")
    assert r.status_code == 200 and r.json()["status"] == "failed", r.text
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 30}).status_code == 200

    def rescored():
        body = sandbox.get(url).json()
        return body if body["status"] != "failed" else None
    body = poll(rescored, timeout=20, what="the case to be scored again")
    assert (body["status"], body["stage"], body["risk_level"]) == ("manual_review", "manual_review", "low"), body["status"]
    assert body["review"]["assignee"]["name"] == ann.reviewer["name"], "still the reviewer's"
    [new_score] = [c for c in body["checks"] if c["type"] == "business_risk_score" and c["superseded_at"] is None]
    assert new_score["state"] == "completed" and new_score["id"] != score["id"]
    assert all(c["state"] == "completed" for c in body["checks"] if c["superseded_at"] is None)
    assert not [f for f in body["open_flags"] if f["kind"] == "errored_check"], body["open_flags"]
    [entry] = [t for t in body["timeline"] if t["kind"] == "rescored"]
    assert (entry["from_status"], entry["to_status"], entry["detail"]["risk_level"]) == ("failed", "manual_review", "low")
    events = sandbox.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
    assert any(e["kind"] == "rescored" for e in events)
