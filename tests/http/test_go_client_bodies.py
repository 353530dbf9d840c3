"""The official Go client's request bodies, sent exactly as its structs marshal them (see
tests/fixtures/go-client/README.md): every empty string means "not given"."""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "go-client"
A = "/api/v3/applicants"


def body(name: str, **replace: str) -> bytes:
    value = json.loads((FIXTURES / name).read_text())
    value.update(replace)
    return json.dumps(value, separators=(",", ":")).encode()


def post(client, path: str, data: bytes):
    return client.post(path, data=data, headers={"Content-Type": "application/json"})


def test_an_applicant_with_only_a_full_name(sandbox, unique):
    external_id = unique("go-name-only")
    r = post(sandbox, A, body("create_applicant_name_only.json", external_id=external_id))
    assert r.status_code == 201, r.text
    applicant = sandbox.get(f"{A}/{r.json()['id']}").json()
    info = applicant["provided_info"]
    assert info["full_name"] == "Jo Doe"
    # Not stored as empty strings: absent, as if the client had left them out.
    for field in ("first_name", "last_name", "dob", "gender", "citizenship", "address"):
        assert info.get(field) is None, (field, info)
    assert not info.get("addresses"), info
    assert applicant["type"] == "Person", "an empty applicant_type is the default"
    assert applicant["external_id"] == external_id


def test_an_applicant_without_info(sandbox, unique):
    r = post(sandbox, A, body("create_applicant_no_info.json", external_id=unique("go-no-info")))
    assert r.status_code == 201, r.text
    applicant = sandbox.get(f"{A}/{r.json()['id']}").json()
    assert applicant["provided_info"].get("full_name") is None


def test_an_applicant_with_every_field(sandbox, unique):
    r = post(sandbox, A, body("create_applicant_full.json", external_id=unique("go-full")))
    assert r.status_code == 201, r.text
    applicant = sandbox.get(f"{A}/{r.json()['id']}").json()
    info = applicant["provided_info"]
    assert (info["first_name"], info["last_name"], info["citizenship"]) == ("Jo", "Doe", "DE")
    assert info["dob"].startswith("1990-05-01")
    assert info["addresses"]["residence"]["city"] == "Berlin"
    assert applicant["email"] == "jo.doe@example.com" and applicant["aml_screening_enabled"] is True


def test_linking_a_telegram_profile(sandbox, unique):
    created = post(sandbox, A, body("create_applicant_name_only.json", external_id=unique("go-tg")))
    applicant_id = created.json()["id"]
    r = post(sandbox, f"{A}/{applicant_id}/link/tg", body("link_telegram.json"))
    assert r.status_code == 200, r.text
    assert sandbox.get(f"{A}/{applicant_id}").json()["tg_profile"] == "@jodoe"


def test_creating_a_webhook(sandbox):
    r = post(sandbox, "/api/v3/organization/webhooks", body("create_webhook.json"))
    assert r.status_code == 200, r.text
    webhook_id = r.json()["id"]
    (created,) = [w for w in sandbox.get("/api/v3/organization/webhooks").json()["webhooks"]
                  if w["webhook_id"] == webhook_id]
    assert created["event_types"] == ["AML_SCREENING"] and created["enabled"] is True
    assert created["is_sandbox"] is True, "the key decides the environment when the client does not say"
    assert sandbox.delete(f"/api/v3/organization/webhooks/{webhook_id}").status_code in (200, 204)


def test_an_empty_required_value_is_missing_not_malformed(sandbox):
    """An empty string where a value is required reads as a missing value, named."""
    r = post(sandbox, "/api/v3/aml/search", b'{"full_name":"","first_name":"","last_name":""}')
    assert r.status_code == 400, r.text
    assert r.json()["message"] and "full_name" in r.json()["message"]


def test_blank_paging_values_are_not_given(sandbox):
    """`?page=&limit=` (what a form or a client with empty defaults sends) means the defaults."""
    r = sandbox.get(A + "?page=&limit=")
    assert r.status_code == 200, r.text
    assert r.json() == sandbox.get(A).json()
    for path in ("/api/v3/aml/search/history", "/_docket/requests", "/_docket/events",
                 "/api/v3/notifications/webhook/history"):
        assert sandbox.get(path + "?page=&limit=").status_code == 200, path
