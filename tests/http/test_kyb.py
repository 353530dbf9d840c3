"""KYB cases over HTTP: creation, the list and detail of spec 4.1/4.2, filling a case through the
API and through the widget's token routes, the sandbox pipeline's outcomes by magic value,
remediation, events, isolation and bad input."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest
import requests

K = "/api/v4/kyb/verifications"
W = "/api/v4/kyb/widget"

ROW_FIELDS = {
    "id", "verification_id", "public_id", "organization_id", "applicant_id", "external_id", "company_name", "country",
    "status", "stage", "decision", "risk_score", "risk_level", "is_sandbox", "created_at", "submitted_at",
    "last_activity_at", "company", "form_progress", "checks_summary", "review",
}


def pdf(text: str, producer: str = "Companies House") -> bytes:
    """A small PDF whose text layer says `text`."""
    content = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    return (
        b"%PDF-1.4\n1 0 obj << /Length " + str(len(content)).encode() + b" >>\nstream\n" + content
        + b"\nendstream\nendobj\n2 0 obj << /Producer (" + producer.encode() + b") >> endobj\n%%EOF\n"
    )


def company(number: str, **extra: Any) -> dict:
    return {
        "legal_name": "Brightwater Logistics Ltd", "form_type": "Private limited company", "entity_type": "corporation",
        "registration_type": "company_number", "registration_number": number, "country": "GB",
        "incorporation_date": "2016-04-12",
        "address": {"street": "14 Quay Street", "city": "Bristol", "postal_code": "BS1 4DJ", "country": "GB"},
        **extra,
    }


REPRESENTATIVE = {
    "first_name": "Amelia", "last_name": "Hart", "email": "amelia@brightwater.example", "title": "CEO",
    "date_of_birth": "1984-02-03", "nationality": "GB",
}


def ownership(last_name: str = "Reed") -> dict:
    return {"persons": [{"first_name": "Tom", "last_name": last_name, "date_of_birth": "1970-05-06",
                         "nationality": "GB", "roles": ["director", "shareholder"], "ownership_percentage": 60}]}


def upload(client, path: str, kind: str, name: str, content: bytes, mime: str = "application/pdf"):
    return client.post(path, params={"kind": kind}, files={"file": (name, content, mime)})


def fill(client, base: str, number: str = "09876543", director: str = "Reed", doc: str = "clean") -> dict:
    """Fills every section of the case at `base` (API or widget routes)."""
    for section, body in (("company", company(number)), ("representative", REPRESENTATIVE),
                          ("ownership", ownership(director))):
        r = client.request("PUT", f"{base}/sections/{section}", json=body)
        assert r.status_code == 200, r.text
    text = f"Brightwater Logistics Ltd company number {number} 14 Quay Street Tom {director}"
    for kind in ("certificate_of_incorporation", "proof_of_address", "ownership_document"):
        r = upload(client, f"{base}/documents", kind, f"{doc}-{kind}.pdf", pdf(text))
        assert r.status_code == 200, r.text
    return r.json()


@pytest.fixture
def new_case(sandbox, unique) -> Callable[..., dict]:
    def make(**body: Any) -> dict:
        r = sandbox.post(K, json={"external_id": unique("merchant"), **body})
        assert r.status_code == 201, r.text
        return r.json()
    return make


def finish(sandbox, poll, case_id: str) -> dict:
    """Moves the sandbox clock past the simulated durations and waits for the decision."""
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 30}).status_code == 200

    def decided():
        body = sandbox.get(f"{K}/{case_id}").json()
        return body if body["status"] not in ("under_review",) else None
    return poll(decided, timeout=20, what="the pipeline to decide the case")


# --- create, detail, list ------------------------------------------------------------------------


def test_create_answers_the_case_with_every_spec_field_and_a_working_widget(sandbox, anonymous, new_case, unique):
    case = new_case(company={"legal_name": "Brightwater Logistics Ltd", "country": "GB"})
    assert ROW_FIELDS <= case.keys()
    assert case["status"] == "draft" and case["stage"] == "collecting_data"
    assert case["decision"] is None and case["risk_score"] is None and case["risk_level"] is None
    assert case["verification_id"] is None and case["submitted_at"] is None and case["checks_summary"] is None
    assert case["is_sandbox"] is True
    assert re.fullmatch(r"KYB-[0-9A-Z]{8}", case["public_id"])
    assert case["company"]["legal_name"] == "Brightwater Logistics Ltd" and case["company"]["dba"] is None
    assert case["company"]["registration_number"] == ""  # spec types it as a string: "" until given
    progress = case["form_progress"]
    assert progress["sections_total"] == 5 and progress["current_section"] == "company"
    assert [s["key"] for s in progress["sections"]] == ["company", "representative", "ownership", "documents", "review"]
    # The organization applicant exists and is linked.
    applicant = sandbox.get(f"/api/v3/applicants/{case['applicant_id']}").json()
    assert applicant["type"] == "Organization" and applicant["external_id"] == case["external_id"]
    # The widget needs no key.
    page = anonymous.get(case["widget_url"].split(sandbox.base_url.split("//")[1], 1)[-1])
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    view = anonymous.get(f"{W}/{case['widget_path'].rsplit('/', 1)[1]}")
    assert view.status_code == 200 and view.json()["public_id"] == case["public_id"]
    assert "checks" not in view.json()


def test_a_second_case_reuses_the_organization_applicant_of_its_external_id(sandbox, unique):
    ext = unique("merchant")
    first = sandbox.post(K, json={"external_id": ext}).json()
    second = sandbox.post(K, json={"external_id": ext}).json()
    assert first["applicant_id"] == second["applicant_id"] and first["id"] != second["id"]
    # A person applicant with that external id is not a business.
    person = unique("person")
    sandbox.create_applicant({"external_id": person})
    r = sandbox.post(K, json={"external_id": person})
    assert r.status_code == 409 and "person" in r.json()["message"]
    # Deleting the business's applicant erases its cases with it.
    r = sandbox.delete(f"/api/v3/applicants/{first['applicant_id']}")
    assert r.status_code == 200, r.text
    for case in (first, second):
        assert sandbox.get(f"{K}/{case['id']}").status_code == 404
    erasure = sandbox.get("/_docket/erasures").json()["data"][0]
    assert erasure["subject_id"] == first["applicant_id"] and erasure["removed"]["kyb_cases"] == 2


def test_the_list_pages_newest_first_within_its_bounds_with_the_rows_inline(sandbox, new_case):
    made = [new_case(company={"legal_name": f"Paging Test {i} Ltd", "country": "DE"}) for i in range(6)]
    page = sandbox.get(K, params={"limit": 5, "q": "Paging Test"}).json()
    assert len(page["data"]) == 5 and page["has_next"] is True
    assert [r["id"] for r in page["data"]] == [c["id"] for c in reversed(made)][:5]
    assert ROW_FIELDS == set(page["data"][0].keys())
    second = sandbox.get(K, params={"limit": 5, "page": 1, "q": "Paging Test"}).json()
    assert len(second["data"]) == 1 and second["has_next"] is False
    assert len(sandbox.get(K).json()["data"]) <= 20
    for bad in ({"limit": 4}, {"limit": 26}, {"page": -1}, {"limit": "x"}):
        r = sandbox.get(K, params=bad)
        assert r.status_code == 400 and r.json()["message"], bad
    assert sandbox.get(K, params={"is_sandbox": "false"}).json() == {"data": [], "has_next": False, "total": 0}
    assert sandbox.get(K, params={"is_sandbox": "true", "limit": 5}).json()["data"]


def test_the_list_filters_by_status_stage_country_text_and_time(sandbox, new_case, unique):
    tag = unique("Filterco")
    fr = new_case(company={"legal_name": f"{tag} SARL", "country": "FR", "registration_number": "FR-123"})
    new_case(company={"legal_name": f"{tag} GmbH", "country": "DE"})
    q = {"q": tag}
    assert [r["id"] for r in sandbox.get(K, params={**q, "country": "FR"}).json()["data"]] == [fr["id"]]
    assert len(sandbox.get(K, params={**q, "status": "draft"}).json()["data"]) == 2
    assert sandbox.get(K, params={**q, "status": "approved,rejected"}).json()["data"] == []
    assert len(sandbox.get(K, params={**q, "stage": "collecting_data"}).json()["data"]) == 2
    assert [r["id"] for r in sandbox.get(K, params={"q": f"{tag} FR-123"}).json()["data"]] == [fr["id"]]
    assert [r["id"] for r in sandbox.get(K, params={"q": fr["public_id"]}).json()["data"]] == [fr["id"]]
    assert len(sandbox.get(K, params={**q, "created_from": fr["created_at"]}).json()["data"]) == 2
    assert sandbox.get(K, params={**q, "created_to": "2000-01-01"}).json()["data"] == []
    for bad, field in (({"status": "done"}, "status"), ({"stage": "x"}, "stage"), ({"risk_level": "extreme"}, "risk_level"),
                       ({"country": "Narnia"}, "country"), ({"created_from": "yesterday"}, "created_from")):
        r = sandbox.get(K, params=bad)
        assert r.status_code == 400 and field in r.json()["message"], (bad, r.text)


# --- the pipeline --------------------------------------------------------------------------------


def test_a_clean_case_filled_over_the_api_is_approved_and_its_events_are_sent(sandbox, new_case, poll, real_clock):
    case = new_case()
    filled = fill(sandbox, f"{K}/{case['id']}")
    assert filled["missing"] == {} and filled["form_progress"]["current_section"] == "review"
    assert {d["kind"] for d in filled["documents"]} == {"certificate_of_incorporation", "proof_of_address", "ownership_document"}
    r = sandbox.post(f"{K}/{case['id']}/submit")
    assert r.status_code == 200, r.text
    submitted = r.json()
    assert submitted["status"] == "under_review" and submitted["stage"] == "running_checks"
    assert submitted["verification_id"] and submitted["submitted_at"]
    assert submitted["checks_summary"]["completed"] == 0
    assert submitted["form_progress"]["current_section"] is None

    done = finish(sandbox, poll, case["id"])
    assert done["status"] == "approved" and done["stage"] == "approved" and done["risk_level"] == "low"
    s = done["checks_summary"]
    assert s["completed"] == s["expected"] == s["passed"] == len(s["checks"])
    assert s["completed"] == s["passed"] + s["review"] + s["failed"] + s["errored"]
    assert all(c["status"] == "completed" and c["severity"] == "low" for c in s["checks"])
    assert {c["type"] for c in s["checks"]} >= {"registry", "aml_company", "aml_person", "kyc", "business_risk_score"}
    assert all(c["evidence"] is not None and c["summary"] for c in done["checks"])
    assert {p["key"] for p in done["persons"]} == {"person:0", "person:1"}
    ubo = next(p for p in done["persons"] if p["key"] == "person:1")
    assert ubo["is_ubo"] and "ultimate_beneficial_owner" in ubo["roles"] and ubo["ownership_percentage"] == 60
    kinds = [e["kind"] for e in done["timeline"]]
    assert kinds[0] == "created" and "submitted" in kinds and kinds.count("check_completed") >= 8

    # The list row is the detail's row.
    row = next(r for r in sandbox.get(K, params={"q": case["public_id"]}).json()["data"])
    assert {k: done[k] for k in ROW_FIELDS} == row
    # Two status changes, two events.
    events = sandbox.get("/_docket/events", params={"type": "KYB_VERIFICATION", "limit": 200}).json()["data"]
    mine = [e["payload"] for e in events if e["payload"]["id"] == case["id"]]
    assert [(e["previous_status"], e["status"]) for e in reversed(mine)] == [("draft", "under_review"), ("under_review", "approved")]
    # Documents are served back as uploaded.
    doc = done["documents"][0]
    got = sandbox.get(f"{K}/{case['id']}/documents/{doc['file_id']}")
    assert got.status_code == 200 and got.content.startswith(b"%PDF") and got.headers["content-type"] == "application/pdf"


@pytest.mark.parametrize(
    "number, director, doc, status, check, verdict",
    [
        ("12340000", "Reed", "clean", "rejected", "registry", "not_found"),
        ("12341111", "Reed", "clean", "rejected", "registry", "inactive"),
        ("12342222", "Reed", "clean", "manual_review", "registry", "name_mismatch"),
        ("12349999", "Reed", "clean", "failed", "registry", "error"),
        ("12343333", "Reed", "clean", "rejected", "cross_check", "mismatch"),
        ("10000001", "Review", "clean", "manual_review", "kyc", "needs_review"),
        ("10000002", "Rejected", "clean", "rejected", "kyc", "not_verified"),
        ("10000003", "Reed", "edited", "rejected", "doc_manipulation", "manipulated"),
        ("10000004", "Reed", "unreadable", "manual_review", "document_verification", "unreadable"),
    ],
)
def test_sandbox_magic_values_give_their_documented_outcomes(sandbox, new_case, poll, real_clock, number, director, doc, status, check, verdict):
    case = new_case()
    fill(sandbox, f"{K}/{case['id']}", number=number, director=director, doc=doc)
    assert sandbox.post(f"{K}/{case['id']}/submit").status_code == 200
    done = finish(sandbox, poll, case["id"])
    assert done["status"] == status, done["checks_summary"]
    item = next(c for c in done["checks_summary"]["checks"] if c["type"] == check)
    assert item["verdict"] == verdict
    if verdict == "error":
        assert item["status"] == "error" and item["severity"] is None
        assert done["checks_summary"]["errored"] >= 1 and done["risk_level"] is None


def test_a_us_company_gets_a_tin_check_decided_by_the_tins_last_digit(sandbox, new_case, poll, real_clock):
    case = new_case()
    base = f"{K}/{case['id']}"
    fill(sandbox, base)
    body = company("10000005", country="US", state="delaware", tin="12-3456783")
    body["address"]["country"] = "US"
    assert sandbox.request("PUT", f"{base}/sections/company", json=body).status_code == 200
    assert sandbox.post(f"{base}/submit").status_code == 200
    done = finish(sandbox, poll, case["id"])
    tin = next(c for c in done["checks"] if c["type"] == "tin")
    assert tin["verdict"] == "mismatch" and tin["evidence"]["irs_code"] == 3
    assert done["status"] == "rejected"


def test_a_chosen_plan_runs_only_its_checks(sandbox, new_case, poll, real_clock):
    case = new_case(checks=["registry", "agentic_verification"])
    fill(sandbox, f"{K}/{case['id']}", number="10006666")
    assert sandbox.post(f"{K}/{case['id']}/submit").status_code == 200
    done = finish(sandbox, poll, case["id"])
    assert [c["type"] for c in done["checks_summary"]["checks"]] == ["registry", "business_risk_score", "agentic_verification"]
    assert done["status"] == "manual_review"


# --- remediation and the widget ------------------------------------------------------------------


def test_remediation_round_trip_through_the_widget(sandbox, anonymous, new_case, poll, real_clock):
    case = new_case()
    token = case["widget_path"].rsplit("/", 1)[1]
    widget = f"{W}/{token}"
    fill(anonymous, widget, director="Review")
    r = anonymous.post(f"{widget}/submit")
    assert r.status_code == 200 and r.json()["status"] == "under_review" and r.json()["editable_sections"] == []
    assert finish(sandbox, poll, case["id"])["status"] == "manual_review"
    # Nothing can change without a remediation.
    r = anonymous.request("PUT", f"{widget}/sections/company", json=company("1"))
    assert r.status_code == 409 and "manual_review" in r.json()["message"]

    r = sandbox.post(f"{K}/{case['id']}/remediations", json={"document_kind": "proof_of_address", "message": "Upload a bill from the last three months."})
    assert r.status_code == 200, r.text
    opened = r.json()
    assert opened["status"] == "action_required" and opened["stage"] == "action_required"
    states = {s["key"]: s["state"] for s in opened["form_progress"]["sections"]}
    assert states["documents"] == "action_required" and opened["form_progress"]["current_section"] == "documents"
    view = anonymous.get(widget).json()
    assert view["requests"][0]["message"].startswith("Upload a bill") and view["editable_sections"] == ["documents"]
    # Only the remediated section opens.
    assert anonymous.request("PUT", f"{widget}/sections/company", json=company("1")).status_code == 409
    old = next(d for d in view["documents"] if d["kind"] == "proof_of_address")
    assert anonymous.delete(f"{widget}/documents/{old['file_id']}").status_code == 200
    assert upload(anonymous, f"{widget}/documents", "proof_of_address", "bill.pdf", pdf("14 Quay Street")).status_code == 200
    r = anonymous.post(f"{widget}/submit")
    assert r.status_code == 200 and r.json()["status"] == "under_review"
    done = finish(sandbox, poll, case["id"])
    assert done["status"] == "manual_review"  # the director is still "Review": kyc was not run again
    assert all(rem["resolved_at"] for rem in done["remediations"])
    again = [c for c in done["checks"] if c["round"] == 2]
    assert {c["type"] for c in again} == {"document_verification", "doc_manipulation", "cross_check", "business_risk_score"}
    assert all(c["superseded_at"] for c in done["checks"] if c["round"] == 1 and c["type"] in {x["type"] for x in again})


def test_widget_links_are_unguessable_and_expire(sandbox, anonymous, new_case, real_clock):
    case = new_case()
    token = case["widget_path"].rsplit("/", 1)[1]
    assert len(token) == 48
    assert anonymous.get(f"{W}/{'0' * 48}").status_code == 404
    assert anonymous.get(f"{W}/not-a-token").status_code == 404
    assert sandbox.post("/_docket/clock/advance", json={"by": "31d"}).status_code == 200
    r = anonymous.get(f"{W}/{token}")
    assert r.status_code == 403 and "expired" in r.json()["message"]


# --- bad input -----------------------------------------------------------------------------------


def test_bad_input_is_a_clear_4xx_and_changes_nothing(sandbox, new_case):
    case = new_case()
    base = f"{K}/{case['id']}"
    before = sandbox.get(base).json()
    cases = [
        ("POST", K, {"data": "{not json", "headers": {"Content-Type": "application/json"}}, 400),
        ("POST", K, {"json": {"company": {"legal_name": 5}}}, 400),
        ("POST", K, {"json": {"checks": ["registry", "astrology"]}}, 400),
        ("POST", K, {"json": {"checks": []}}, 400),
        ("POST", K, {"json": {"unknown": 1}}, 400),
        ("GET", f"{K}/not-a-uuid", {}, 400),
        ("GET", f"{K}/01920b71-0000-7000-8000-000000000000", {}, 404),
        ("PUT", f"{base}/sections/finances", {"json": {}}, 400),
        ("PUT", f"{base}/sections/review", {"json": {}}, 400),
        ("PUT", f"{base}/sections/company", {"json": {"country": "Narnia"}}, 400),
        ("PUT", f"{base}/sections/company", {"json": {"incorporation_date": "12/04/2016"}}, 400),
        ("PUT", f"{base}/sections/company", {"json": {"legal_name": "x" * 301}}, 400),
        ("PUT", f"{base}/sections/representative", {"json": {"email": "not-an-email"}}, 400),
        ("PUT", f"{base}/sections/ownership", {"json": {"persons": [{"ownership_percentage": 70}, {"ownership_percentage": 40}]}}, 400),
        ("PUT", f"{base}/sections/ownership", {"json": {"persons": [{"roles": ["emperor"]}]}}, 400),
        ("PUT", f"{base}/sections/company", {"json": ["a"]}, 400),
        ("POST", f"{base}/submit", {}, 400),
        ("POST", f"{base}/remediations", {"json": {"section": "company", "message": "x"}}, 409),
        ("POST", f"{base}/remediations", {"json": {"message": "x"}}, 400),
        ("POST", f"{base}/documents", {"params": {"kind": "selfie"}, "files": {"file": ("a.pdf", pdf("x"))}}, 400),
        ("POST", f"{base}/documents", {"files": {"file": ("a.pdf", pdf("x"))}}, 400),
        ("POST", f"{base}/documents", {"params": {"kind": "proof_of_address"}, "files": {"file": ("a.txt", b"hello")}}, 415),
        ("POST", f"{base}/documents", {"params": {"kind": "proof_of_address"}, "data": "x", "headers": {"Content-Type": "text/plain"}}, 415),
        ("DELETE", f"{base}/documents/01920b71-0000-7000-8000-000000000000", {}, 404),
    ]
    for method, path, kwargs, status in cases:
        r = sandbox.request(method, path, **kwargs)
        assert r.status_code == status, (method, path, kwargs.get("json"), r.status_code, r.text)
        assert r.json()["message"], (method, path)
    r = sandbox.post(f"{base}/submit")
    assert "company (" in r.json()["message"] and "documents (" in r.json()["message"]
    r = sandbox.post(f"{base}/remediations", json={"section": "company", "message": "x"})
    assert "`draft`" in r.json()["message"]
    after = sandbox.get(base).json()
    assert after["form"] == before["form"] and after["documents"] == [] and after["status"] == "draft"


def test_an_oversize_document_is_refused_with_413_and_not_kept(sandbox, new_case):
    case = new_case()
    big = b"%PDF-1.4\n" + b"0" * (20 * 1024 * 1024 + 10)
    r = upload(sandbox, f"{K}/{case['id']}/documents", "proof_of_address", "big.pdf", big)
    assert r.status_code == 413 and r.json()["message"]
    assert sandbox.get(f"{K}/{case['id']}").json()["documents"] == []


def test_a_large_document_within_the_limit_is_taken(sandbox, anonymous, new_case):
    case = new_case()
    large = pdf("Brightwater") + b"%" + b"0" * (3 * 1024 * 1024)
    r = upload(sandbox, f"{K}/{case['id']}/documents", "proof_of_address", "large.pdf", large)
    assert r.status_code == 200, r.text
    token = case["widget_path"].rsplit("/", 1)[1]
    r = upload(anonymous, f"{W}/{token}/documents", "certificate_of_incorporation", "large.pdf", large)
    assert r.status_code == 200, r.text
    assert len(r.json()["documents"]) == 2


def test_go_style_empty_strings_mean_not_given(sandbox, unique):
    r = sandbox.post(K, json={"external_id": unique("go"), "company": {"legal_name": "Go Client Ltd", "dba": "", "country": "",
                                                                       "address": {"street": "", "city": ""}}})
    assert r.status_code == 201, r.text
    assert r.json()["form"]["company"]["dba"] is None and r.json()["form"]["company"]["address"] is None


def test_cases_are_isolated_by_organization_and_environment(sandbox, production, other_sandbox, new_case):
    case = new_case()
    for client in (production, other_sandbox):
        assert client.get(f"{K}/{case['id']}").status_code == 404
        assert client.request("PUT", f"{K}/{case['id']}/sections/company", json={}).status_code == 404
        assert all(r["id"] != case["id"] for r in client.get(K, params={"limit": 25}).json()["data"])
    assert sandbox.get(K, headers={"ds-api-token": "wrong"}).status_code == 401


# --- single checks -------------------------------------------------------------------------------


def result_after(sandbox, poll, request_id: str, seconds: int) -> dict:
    assert sandbox.post("/_docket/clock/advance", json={"seconds": seconds}).status_code == 200
    return poll(lambda: (r := sandbox.get(f"/api/v4/kyb/result/{request_id}").json())["status"] != "initial" and r,
                timeout=20, what="the single check to finish")


@pytest.mark.parametrize(
    "tin, status, code",
    [("36-2382580", "verified", 0), ("36-2382587", "verified", 7), ("36-2382586", "verified", 6),
     ("36-2382583", "not_verified", 3), ("36-2382582", "not_verified", 2), ("36-2382584", "failed", 4),
     ("36-2382589", "failed", None)],
)
def test_tin_verification_answers_202_then_the_simulated_irs_code(sandbox, poll, real_clock, tin, status, code):
    applicant = sandbox.create_applicant({"applicant_type": "Organization"})
    r = sandbox.post(f"/api/v4/kyb/{applicant}/tin-verification", json={"tin": tin, "company_name": "DEERE & COMPANY"})
    assert r.status_code == 202, r.text
    assert r.json()["status"] == "initial" and set(r.json()) == {"request_id", "status"}
    first = sandbox.get(f"/api/v4/kyb/result/{r.json()['request_id']}").json()
    assert first["status"] == "initial" and first["completed_at"] is None and first["response_data"] == {}
    done = result_after(sandbox, poll, r.json()["request_id"], 5)
    assert set(done) == {"request_id", "status", "verification_type", "response_data", "created_at", "completed_at"}
    assert done["verification_type"] == "tin_verification" and done["status"] == status
    result = done["response_data"]["result"]
    assert result["tin"] == tin.replace("-", "") and result["irs_code"] == code and result["irs_reason"]


def test_an_applicant_with_single_checks_is_erased_with_them(sandbox, poll, real_clock):
    # Was a 500: the checks' rows held the applicant back.
    applicant = sandbox.create_applicant({"applicant_type": "Organization"})
    r = sandbox.post(f"/api/v4/kyb/{applicant}/tin-verification", json={"tin": "36-2382580", "company_name": "X Co"})
    assert r.status_code == 202, r.text
    request_id = r.json()["request_id"]
    r = sandbox.delete(f"/api/v3/applicants/{applicant}")
    assert r.status_code == 200, r.text
    assert sandbox.get(f"/api/v4/kyb/result/{request_id}").status_code == 404
    erasure = sandbox.get("/_docket/erasures").json()["data"][0]
    assert erasure["subject_id"] == applicant and erasure["removed"]["kyb_single_checks"] == 1


def test_single_checks_refuse_bad_input_and_unknown_ids(sandbox, production):
    applicant = sandbox.create_applicant({"applicant_type": "Organization"})
    tin = f"/api/v4/kyb/{applicant}/tin-verification"
    for body, field in (({"company_name": "X"}, "tin"), ({"tin": "36-2382580"}, "company_name"),
                        ({"tin": "12345", "company_name": "X"}, "tin"), ({"tin": "12-345678a", "company_name": "X"}, "tin"),
                        ({"tin": "", "company_name": "X"}, "tin"), ({"tin": "362382580", "company_name": ""}, "company_name")):
        r = sandbox.post(tin, json=body)
        assert r.status_code == 400 and field in r.json()["message"], (body, r.text)
    registry = f"/api/v4/kyb/{applicant}/us-registry-check"
    for body, field in (({"company_name": "Acme"}, "state"), ({"state": "narnia", "company_name": "Acme"}, "state"),
                        ({"state": "delaware"}, "company_name")):
        r = sandbox.post(registry, json=body)
        assert r.status_code == 400 and field in r.json()["message"], (body, r.text)
    r = sandbox.post(f"/api/v4/kyb/{applicant}/verify-document", json={"documents": [{"doc_path": "01920b71-0000-7000-8000-000000000000", "document_type": "KybCertificateOfIncorporation"}]})
    assert r.status_code == 400 and "doc_path" in r.json()["message"]
    r = sandbox.post(f"/api/v4/kyb/{applicant}/verify-document", json={"documents": [{"doc_path": "x", "document_type": "Passport"}]})
    assert r.status_code == 400 and "document_type" in r.json()["message"]
    assert sandbox.post("/api/v4/kyb/01920b71-0000-7000-8000-000000000000/tin-verification",
                        json={"tin": "362382580", "company_name": "X"}).status_code == 404
    assert sandbox.get("/api/v4/kyb/result/01920b71-0000-7000-8000-000000000000").status_code == 404
    assert sandbox.get("/api/v4/kyb/result/nope").status_code == 400
    # Another environment does not see the request.
    r = sandbox.post(tin, json={"tin": "362382580", "company_name": "X"})
    assert production.get(f"/api/v4/kyb/result/{r.json()['request_id']}").status_code == 404


def test_us_registry_lookup_and_document_verification_in_the_sandbox(sandbox, poll, new_case, real_clock):
    case = new_case()
    filled = fill(sandbox, f"{K}/{case['id']}")
    applicant = case["applicant_id"]
    r = sandbox.post(f"/api/v4/kyb/{applicant}/us-registry-check", json={"company_name": "Acme Holdings Inc.", "state": "delaware"})
    assert r.status_code == 202
    done = result_after(sandbox, poll, r.json()["request_id"], 15)
    assert done["status"] == "verified" and done["verification_type"] == "us_company_registry_check"
    base = done["response_data"]["results"][0]["base_info"]
    assert base["company_name"] == "ACME HOLDINGS INC." and base["jurisdiction"] == "DE" and base["status"] == "Active"
    r = sandbox.post(f"/api/v4/kyb/{applicant}/us-registry-check", json={"sos_id": "7770000", "state": "DE"})
    assert result_after(sandbox, poll, r.json()["request_id"], 15)["status"] == "not_verified"

    docs = [{"doc_path": d["file_id"], "document_type": "KybCertificateOfIncorporation"} for d in filled["documents"][:1]]
    r = sandbox.post(f"/api/v4/kyb/{applicant}/verify-document",
                     json={"documents": docs, "user_provided_data": {"shareholders": [{"name": "Tom Reed", "nationality": "GB"}]}})
    assert r.status_code == 202, r.text
    done = result_after(sandbox, poll, r.json()["request_id"], 20)
    assert done["status"] == "verified" and done["verification_type"] == "document_verification"
    assert done["response_data"]["result"]["document_results"][0]["errors"] == []
    events = sandbox.get("/_docket/events", params={"type": "KYB_CHECK", "limit": 50}).json()["data"]
    assert any(e["payload"]["request_id"] == r.json()["request_id"] and e["payload"]["applicant_id"] == applicant for e in events)


GLEIF_CSV = (
    "LEI,Entity.LegalName,Entity.LegalAddress.FirstAddressLine,Entity.LegalAddress.City,Entity.LegalAddress.Region,"
    "Entity.LegalAddress.Country,Entity.LegalAddress.PostalCode,Entity.RegistrationAuthority.RegistrationAuthorityEntityID,"
    "Entity.LegalJurisdiction,Entity.LegalForm.EntityLegalFormCode,Entity.EntityStatus,Entity.EntityCreationDate,"
    "Registration.RegistrationStatus\n"
    "5493001KJTIIGC8Y1R12,Blue Harbor Capital Inc.,1209 Orange Street,Wilmington,US-DE,US,19801,7301945,US-DE,XSNP,ACTIVE,"
    "2015-03-02T00:00:00Z,ISSUED\n"
    "5493006QMFDDMYWIAM13,Old Pier Holdings LLC,1 Pier Road,Dover,US-DE,US,19901,4400001,US-DE,XSNP,INACTIVE,,LAPSED\n"
)


def test_registries_import_from_the_cli_and_production_us_lookups_search_it(server, production, poll, tmp_path):
    bad = tmp_path / "not-gleif.csv"
    bad.write_text("name,number\nX,1\n")
    r = server.run_cli("registries", "import", "--format", "gleif", "--data-dir", str(server.data_dir), str(bad))
    assert r.returncode != 0 and "LEI" in r.stderr
    path = tmp_path / "lei2.csv"
    path.write_text(GLEIF_CSV)
    r = server.run_cli("registries", "import", "--format", "gleif", "--data-dir", str(server.data_dir), str(path))
    assert r.returncode == 0, r.stderr
    assert "2 records" in r.stdout

    applicant = production.create_applicant({"applicant_type": "Organization"})

    def lookup(body):
        r = production.post(f"/api/v4/kyb/{applicant}/us-registry-check", json=body)
        assert r.status_code == 202, r.text
        return poll(lambda: (x := production.get(f"/api/v4/kyb/result/{r.json()['request_id']}").json())["status"] != "initial" and x,
                    timeout=20, what="the lookup")

    found = lookup({"sos_id": "7301945", "state": "delaware"})
    assert found["status"] == "verified"
    (result,) = found["response_data"]["results"]
    assert result["base_info"]["company_name"] == "Blue Harbor Capital Inc." and result["lei"] == "5493001KJTIIGC8Y1R12"
    assert lookup({"company_name": "Old Pier Holdings LLC", "state": "DE"})["status"] == "not_verified"
    assert lookup({"company_name": "Nobody Inc.", "state": "delaware"})["status"] == "not_verified"
    # TIN matching cannot be done offline: failed, with the reason.
    r = production.post(f"/api/v4/kyb/{applicant}/tin-verification", json={"tin": "36-2382580", "company_name": "X"})
    done = poll(lambda: (x := production.get(f"/api/v4/kyb/result/{r.json()['request_id']}").json())["status"] != "initial" and x,
                timeout=20, what="the TIN check")
    assert done["status"] == "failed" and "offline" in done["response_data"]["message"]


# --- the case file's evidence (issue 33) -------------------------------------------------------


def vector_pdf(text: str) -> bytes:
    """A one-page PDF that poppler renders, drawing `text` in Helvetica (so its text layer has it)."""
    content = f"BT /F1 24 Tf 72 720 Td ({text}) Tj ET".encode()
    return (b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
            b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
            b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
            b" /Resources << /Font << /F1 5 0 R >> >> >> endobj\n"
            + f"4 0 obj << /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream\nendobj\n"
            b"5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\n"
            b"trailer << /Root 1 0 R >>\n%%EOF\n")


def test_a_representative_who_owns_shares_is_one_person_and_a_mismatch_carries_every_value(sandbox, new_case, poll, real_clock):
    case = new_case()
    base = f"{K}/{case['id']}"
    # Ending 4444: the simulated registry has the company at another address (Rhone Partners in the demo).
    fill(sandbox, base, number="12344444")
    me = {k: REPRESENTATIVE[k] for k in ("first_name", "last_name", "date_of_birth", "nationality")}
    owners = {"persons": [{**me, "roles": ["director", "shareholder"], "ownership_percentage": 60},
                          {"first_name": "Ann", "last_name": "Small", "date_of_birth": "1971-01-02", "nationality": "GB",
                           "roles": ["shareholder"], "ownership_percentage": 40}]}
    assert sandbox.request("PUT", f"{base}/sections/ownership", json=owners).status_code == 200
    assert sandbox.post(f"{base}/submit").status_code == 200
    done = finish(sandbox, poll, case["id"])

    people = [(p["full_name"], p["key"], p["keys"]) for p in done["persons"]]
    assert people == [("Amelia Hart", "person:0", ["person:0", "person:1"]), ("Ann Small", "person:2", ["person:2"])]
    assert done["persons"][0]["roles"] == ["representative", "director", "shareholder", "ultimate_beneficial_owner"]
    for kind in ("aml_person", "kyc"):
        assert [c["subject"] for c in done["checks"] if c["type"] == kind] == ["person:0", "person:2"], kind

    cross = next(c for c in done["checks"] if c["type"] == "cross_check")
    assert cross["evidence"]["fields"]["address"] == {
        "declared": "14 Quay Street, BS1 4DJ Bristol", "registry": "50 Quay Street, BS1 4DJ Bristol", "result": "mismatch"}
    assert cross["evidence"]["fields"]["officers"] == {
        "declared": ["Amelia Hart"], "registry": ["Amelia Hart"], "result": "match"}
    assert cross["evidence"]["documents"]["address"]["found_in"] == ["clean-proof_of_address.pdf"]

    score = next(c for c in done["checks"] if c["type"] == "business_risk_score")
    assert score["summary"] == "Medium risk: The declared address differs from the registered one (cross-check)"
    assert score["evidence"]["factors"] == [{
        "level": "medium", "check": "cross_check", "check_label": "cross-check",
        "reason": "The declared address differs from the registered one"}]


def test_a_document_page_is_rendered_at_the_size_asked_with_the_compared_value_marked(sandbox, new_case):
    case = new_case()
    base = f"{K}/{case['id']}"
    r = upload(sandbox, f"{base}/documents", "proof_of_address", "bill.pdf", vector_pdf("Brightwater 14 Quay Street Bristol"))
    assert r.status_code == 200, r.text
    file_id = r.json()["form"]["documents"]["proof_of_address"][0]
    preview = f"{base}/documents/{file_id}/preview"

    r = sandbox.get(preview, params={"size": 1600, "find": "14 quay street,"})
    assert r.status_code == 200, r.text
    assert r.headers["X-Page-Count"] == "1" and r.headers["X-Found"] == "3"
    # JPEG's SOF0 frame holds the height then the width: the longest side is the size asked for.
    sof = r.content.index(b"\xff\xc0")
    height, width = int.from_bytes(r.content[sof + 5:sof + 7], "big"), int.from_bytes(r.content[sof + 7:sof + 9], "big")
    assert max(height, width) == 1600
    assert sandbox.get(preview, params={"find": "Rue de Rivoli"}).headers["X-Found"] == "0"
    assert "X-Found" not in sandbox.get(preview).headers
    for params, field in (({"page": 2}, "page"), ({"size": 9000}, "size"), ({"find": "x" * 201}, "find")):
        r = sandbox.get(preview, params=params)
        assert r.status_code == 400 and field in r.text, (params, r.text)
