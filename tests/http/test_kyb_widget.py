"""The hosted KYB widget's token routes over HTTP (issue 34): every wrong field of a save named at
once with its path and a code a page can say in its own words, a representative who owns shares
stored and shown as one person, the widget naming the organization with its branding, sections
that follow the merchant's fixes, outdated documents marked, and the outcome the organization
chooses to show."""

from __future__ import annotations

import base64

import pytest

from test_kyb import K, REPRESENTATIVE, W, company, fill, finish, ownership, pdf, upload

SETTINGS = "/_docket/organization/settings"
PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0"


@pytest.fixture
def widget(sandbox, unique):
    """A new case's widget routes: `(case, base path)`."""
    r = sandbox.post(K, json={"external_id": unique("widget")})
    assert r.status_code == 201, r.text
    case = r.json()
    return case, f"{W}/{case['widget_path'].rsplit('/', 1)[1]}"


def errors(r) -> dict[str, str]:
    assert r.status_code == 400, r.text
    body = r.json()
    found = body.get("errors") or [{"field": body.get("field"), "code": body.get("code")}]
    return {e["field"]: e["code"] for e in found}


def test_every_wrong_field_of_a_save_is_named_at_once_with_its_code(anonymous, widget):
    _, base = widget
    body = company("09876543", country="United Kingdom", incorporation_date="31/01/2020",
                   address={"street": "14 Quay Street", "country": "GBR"})
    r = anonymous.request("PUT", f"{base}/sections/company", json=body)
    assert errors(r) == {"company.country": "country", "company.incorporation_date": "date",
                         "company.address.country": "country"}
    assert r.json()["field"] in errors(r) and r.json()["code"] == "country"
    r = anonymous.request("PUT", f"{base}/sections/representative", json={**REPRESENTATIVE, "email": "amelia@", "phone": "call me"})
    assert errors(r) == {"representative.email": "email", "representative.phone": "phone"}
    owners = {"persons": [
        {"first_name": "Tom", "last_name": "Reed", "roles": ["director", "boss"], "ownership_percentage": 150, "nationality": "Narnia"},
        {"first_name": "Ann", "last_name": "Small", "roles": ["shareholder"], "ownership_percentage": -1},
    ]}
    found = errors(anonymous.request("PUT", f"{base}/sections/ownership", json=owners))
    assert found == {"ownership.persons[0].roles[1]": "choice", "ownership.persons[0].nationality": "country",
                     "ownership.persons[0].ownership_percentage": "percentage",
                     "ownership.persons[1].ownership_percentage": "percentage"}, found
    over = {"persons": [{"first_name": "A", "last_name": "B", "roles": ["shareholder"], "ownership_percentage": 70},
                        {"first_name": "C", "last_name": "D", "roles": ["shareholder"], "ownership_percentage": 40}]}
    assert errors(anonymous.request("PUT", f"{base}/sections/ownership", json=over)) == {"ownership.persons": "shares_total"}
    # Nothing of a refused save was kept.
    assert anonymous.get(base).json()["form"]["company"]["legal_name"] is None


def test_a_file_of_the_wrong_type_is_refused_in_plain_words(anonymous, widget):
    _, base = widget
    r = upload(anonymous, f"{base}/documents", "proof_of_address", "bill.txt", b"name,amount\nwater,12\n", "text/plain")
    assert r.status_code == 415
    assert "this file is a text file" in r.json()["message"] and "judged" not in r.json()["message"]


def test_the_representative_who_owns_shares_is_one_person_with_both_roles(sandbox, anonymous, widget):
    case, base = widget
    assert anonymous.request("PUT", f"{base}/sections/representative", json=REPRESENTATIVE).status_code == 200
    owners = {"persons": [{"representative": True, "roles": ["director", "shareholder"], "ownership_percentage": 60},
                          {"first_name": "Ann", "last_name": "Small", "roles": ["shareholder"], "ownership_percentage": 10}]}
    r = anonymous.request("PUT", f"{base}/sections/ownership", json=owners)
    assert r.status_code == 200, r.text
    view = r.json()
    assert "ownership" not in view["missing"], view["missing"]
    assert view["form"]["ownership"]["persons"][0] == {"representative": True, "first_name": None, "last_name": None,
                                                       "date_of_birth": None, "nationality": None,
                                                       "roles": ["director", "shareholder"], "ownership_percentage": 60.0}
    persons = sandbox.get(f"{K}/{case['id']}").json()["persons"]
    assert [p["full_name"] for p in persons] == ["Amelia Hart", "Ann Small"]
    assert persons[0]["keys"] == ["person:0", "person:1"]
    assert persons[0]["roles"] == ["representative", "director", "shareholder", "ultimate_beneficial_owner"]
    assert persons[0]["ownership_percentage"] == 60
    # Their own details are the representative's: giving them again, or twice, is refused.
    again = {"persons": [{"representative": True, "first_name": "Amelia", "roles": ["director"]},
                         {"representative": True, "roles": ["shareholder"], "ownership_percentage": 5}]}
    assert errors(anonymous.request("PUT", f"{base}/sections/ownership", json=again)) == {
        "ownership.persons[0].first_name": "representative_owner", "ownership.persons[1].representative": "representative_owner"}
    # A representative owner without a nationality is named where it is entered.
    no_nationality = {k: v for k, v in REPRESENTATIVE.items() if k != "nationality"}
    view = anonymous.request("PUT", f"{base}/sections/representative", json=no_nationality).json()
    assert view["missing"]["ownership"] == ["representative.nationality"]


def test_the_widget_names_the_business_asking_and_follows_the_merchants_fixes(sandbox, anonymous, widget, poll, real_clock):
    case, base = widget
    view = anonymous.get(base).json()
    assert view["organization"]["name"] and view["organization"]["branding"] == {"logo": None, "accent_color": None, "font": "system"}
    assert view["outcome"] == {"state": "draft", "message": None}
    fill(anonymous, base, director="Review")
    assert anonymous.post(f"{base}/submit").json()["outcome"]["state"] == "submitted"
    assert finish(sandbox, poll, case["id"])["status"] == "manual_review"
    ask = {"items": [{"section": "company", "message": "The registration number has a typo."},
                     {"document_kind": "proof_of_address", "message": "Upload a bill from the last three months."}]}
    assert sandbox.post(f"{K}/{case['id']}/remediations", json=ask).status_code == 200
    view = anonymous.get(base).json()
    states = lambda v: {s["key"]: s["state"] for s in v["form_progress"]["sections"]}  # noqa: E731
    assert states(view) == {"company": "action_required", "representative": "completed", "ownership": "completed",
                            "documents": "action_required", "review": "pending"}, "no ✓ on the review beside a `!`"
    assert view["outcome"]["state"] == "action_required" and [q["fixed"] for q in view["requests"]] == [False, False]
    old = next(d for d in view["documents"] if d["kind"] == "proof_of_address")
    assert old["state"] == "outdated"
    # The company is fixed: it loses its `!` at once, before the resubmission.
    view = anonymous.request("PUT", f"{base}/sections/company", json=company("09876544")).json()
    assert states(view)["company"] == "completed" and states(view)["documents"] == "action_required"
    assert [q["fixed"] for q in view["requests"]] == [True, False]
    view = upload(anonymous, f"{base}/documents", "proof_of_address", "bill-new.pdf", pdf("14 Quay Street")).json()
    by_name = {d["name"]: d["state"] for d in view["documents"] if d["kind"] == "proof_of_address"}
    assert by_name == {old["name"]: "replaced", "bill-new.pdf": "current"}
    assert states(view)["documents"] == "completed" and view["form_progress"]["current_section"] == "review"
    assert all(q["fixed"] for q in view["requests"])
    assert anonymous.post(f"{base}/submit").json()["outcome"]["state"] == "submitted"


def test_what_the_merchant_sees_of_a_decision_is_the_organizations_choice(
        server, sandbox, anonymous, owner_console, widget, poll, real_clock):
    case, base = widget
    fill(anonymous, base, director="Review")
    assert anonymous.post(f"{base}/submit").status_code == 200
    assert finish(sandbox, poll, case["id"])["status"] == "manual_review"
    url = f"{K}/{case['id']}"
    assert owner_console.post(f"{url}/claim").status_code == 200
    message = "We cannot open an account for your business at this time."
    r = owner_console.post(f"{url}/decision", json={"decision": "reject", "reasons": ["adverse_media"],
                                                    "note": "INTERNAL note", "merchant_message": message})
    assert r.status_code == 200, r.text
    before = owner_console.get(SETTINGS).json()
    try:
        view = anonymous.get(base).json()
        assert view["outcome"] == {"state": "rejected", "message": message}
        assert view["decision"]["outcome"] == "reject" and "INTERNAL" not in str(view)
        logo = "data:image/png;base64," + base64.b64encode(PNG).decode()
        settings = {**before, "widget": {"branding": {"logo": logo, "accent_color": "#0B6E4F", "font": "serif"},
                                         "outcomes": {"rejected": "submitted", "approved": "outcome"}}}
        r = owner_console.put(SETTINGS, json=settings)
        assert r.status_code == 200, r.text
        assert r.json()["widget"]["branding"]["accent_color"] == "#0b6e4f"
        view = anonymous.get(base).json()
        assert view["outcome"] == {"state": "submitted", "message": None} and view["decision"] is None
        assert view["organization"]["branding"] == {"logo": logo, "accent_color": "#0b6e4f", "font": "serif"}
        for bad in ({"accent_color": "red; background:url(https://evil.example)"}, {"logo": "https://cdn.example/logo.png"},
                    {"logo": "data:image/svg+xml;base64,PHN2Zy8+"}, {"font": "Comic Sans"}, {"css": "body{}"}):
            r = owner_console.put(SETTINGS, json={**before, "widget": {"branding": bad}})
            assert r.status_code == 400, (bad, r.text)
        # The framing card of the console sends the other settings back as they are.
        r = owner_console.put(SETTINGS, json={**owner_console.get(SETTINGS).json(), "frame_origins": []})
        assert r.json()["widget"]["outcomes"]["rejected"] == "submitted"
    finally:
        assert owner_console.put(SETTINGS, json=before).status_code == 200


def test_the_page_speaks_the_language_asked_for(anonymous, widget):
    _, base = widget
    token = base.rsplit("/", 1)[1]
    page = anonymous.get(f"/kyb/widget/{token}", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert page.status_code == 200 and '<html lang="de">' in page.text and "Unternehmensprüfung" in page.text
    assert page.headers["Content-Language"] == "de"
    page = anonymous.get(f"/kyb/widget/{token}?lang=pt", headers={"Accept-Language": "de"})
    assert '<html lang="pt">' in page.text and "Verificação da empresa" in page.text
    assert '["GB","GBR"]' in page.text, "the country codes are in the page; their names come from the browser"
