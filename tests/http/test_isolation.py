"""Scopes: the key selects organization and environment, and no key reaches another scope's data."""

from __future__ import annotations

import itertools
import json
import time
import uuid
from urllib.parse import quote

import pytest

A = "/api/v3/applicants"
SCOPES = ["sandbox", "production", "other_sandbox", "other_production"]


@pytest.fixture
def clients(sandbox, production, other_sandbox, other_production):
    return {"sandbox": sandbox, "production": production,
            "other_sandbox": other_sandbox, "other_production": other_production}


@pytest.mark.parametrize("owner, intruder", list(itertools.permutations(SCOPES, 2)),
                         ids=[f"{o}-vs-{i}" for o, i in itertools.permutations(SCOPES, 2)])
def test_no_scope_can_reach_another_scopes_applicant(clients, owner, intruder):
    own, other = clients[owner], clients[intruder]
    marker = uuid.uuid4().hex[:10]
    ext = f"iso-{marker}"
    applicant_id = own.create_applicant({"external_id": ext, "info": {"full_name": f"Isolated {marker}"}})
    before = own.get_applicant(applicant_id)

    attempts = {
        "get": other.get(f"{A}/{applicant_id}"),
        "by_external_id": other.get(f"{A}/by_external_id/{ext}"),
        "update": other.post(f"{A}/{applicant_id}", json={"full_name": "Hijacked"}),
        "search-options": other.post(f"{A}/{applicant_id}/search-options", json={"mode": 1}),
        "screening": other.post(f"{A}/{applicant_id}/screening", json={"aml_screening_enabled": True}),
        "link/tg": other.post(f"{A}/{applicant_id}/link/tg", json={"tg_profile": "666"}),
        "delete": other.delete(f"{A}/{applicant_id}"),
    }
    assert {k: r.status_code for k, r in attempts.items()} == {k: 404 for k in attempts}
    assert all(r.json()["error"] == "not_found" for r in attempts.values())
    assert other.list_applicants(name=marker)["data"] == []
    assert applicant_id not in {a["applicant_id"] for a in other.list_applicants(limit=100)["data"]}

    assert own.get_applicant(applicant_id) == before  # untouched by every attempt
    assert [a["applicant_id"] for a in own.list_applicants(name=marker)["data"]] == [applicant_id]


def test_the_same_external_id_is_allowed_once_in_each_scope(clients):
    ext = f"shared-{uuid.uuid4().hex[:10]}"
    ids = {name: c.create_applicant({"external_id": ext}) for name, c in clients.items()}
    assert len(set(ids.values())) == len(SCOPES)
    for name, c in clients.items():
        r = c.get(f"{A}/by_external_id/{quote(ext)}")
        assert r.status_code == 200 and r.json()["applicant_id"] == ids[name], name
        assert c.post(A, json={"external_id": ext}).status_code == 409, name


def test_the_journal_of_one_scope_never_shows_anothers_requests(clients):
    markers = {name: f"journal-{name}-{uuid.uuid4().hex[:8]}" for name in clients}
    for name, c in clients.items():
        r = c.get(f"{A}/by_external_id/{markers[name]}", headers={"x-request-id": markers[name]})
        assert r.status_code == 404
    for name, c in clients.items():
        environment = "production" if name.endswith("production") else "sandbox"
        own = c.journal(request_id=markers[name])
        assert len(own) == 1 and own[0]["path"].endswith(markers[name])
        assert own[0]["environment"] == environment
        for other_name, marker in markers.items():
            if other_name != name:
                assert c.journal(request_id=marker) == [], f"{name} sees {other_name}'s request"
        recent = c.journal(path=f"{A}/by_external_id/journal-", limit=200)
        assert {e["environment"] for e in recent} == {environment}
        assert not any(markers[o] in e["path"] for e in recent for o in markers if o != name)


def test_a_sandbox_reset_touches_only_the_callers_sandbox(clients, reset):
    ids = {name: c.create_applicant({}) for name, c in clients.items()}
    r = clients["sandbox"].post("/_docket/reset")
    assert r.status_code == 200 and r.json()["applicants"] >= 1
    assert clients["sandbox"].get(f"{A}/{ids['sandbox']}").status_code == 404
    for name in ("production", "other_sandbox", "other_production"):
        assert clients[name].get(f"{A}/{ids[name]}").status_code == 200, name


def test_each_organizations_sandbox_has_its_own_clock(clients, real_clock):
    r = clients["sandbox"].post("/_docket/clock/set", json={"now": "2024-05-06T07:08:09Z", "freeze": True})
    assert r.status_code == 200 and r.json()["mode"] == "frozen"
    assert clients["sandbox"].clock()["now"] == "2024-05-06T07:08:09.000Z"
    for name in ("production", "other_sandbox", "other_production"):
        clock = clients[name].clock()
        assert clock["mode"] == "real" and clock["offset_seconds"] == 0, name
    created = clients["other_sandbox"].get_applicant(clients["other_sandbox"].create_applicant({}))["created_at"]
    assert not created.startswith("2024-05-06")


def test_info_tells_each_key_its_organization_and_environment(clients, other_org):
    infos = {name: c.get("/_docket/info").json() for name, c in clients.items()}
    assert infos["sandbox"]["organization_id"] == infos["production"]["organization_id"]
    assert infos["other_sandbox"]["organization_id"] == infos["other_production"]["organization_id"]
    assert infos["sandbox"]["organization_id"] != infos["other_sandbox"]["organization_id"]
    assert infos["other_sandbox"]["organization_name"] == other_org["name"]
    assert [infos[n]["environment"] for n in SCOPES] == ["sandbox", "production", "sandbox", "production"]


def test_a_revoked_key_gets_401_within_six_seconds(server, other_org, make_client):
    name = f"revoke-me-{uuid.uuid4().hex[:6]}"
    secret, key_id = server.create_key(other_org["name"], "sandbox", name)
    doomed = make_client(secret, name)
    applicant_id = doomed.create_applicant({})  # the key works, and the server has cached it

    listed = json.loads(server.cli("keys", "list", "--org", other_org["name"], "--json").stdout)
    assert key_id in {k["id"] for k in listed}
    server.cli("keys", "revoke", key_id)

    started = time.monotonic()
    while True:
        r = doomed.get(f"{A}/{applicant_id}")
        if r.status_code == 401 or time.monotonic() - started > 6.5:
            break
        time.sleep(0.2)  # the documented key cache lasts 5 s
    assert r.status_code == 401, f"still {r.status_code} {time.monotonic() - started:.1f} s after revoking"
    assert r.json()["error"] == "unauthorized" and "revoked" in r.json()["message"]

    # Only that key is gone: the organization's other key still reaches the same data.
    assert make_client(other_org["sandbox"]).get(f"{A}/{applicant_id}").status_code == 200
    active = json.loads(server.cli("keys", "list", "--org", other_org["name"], "--json").stdout)
    assert key_id not in {k["id"] for k in active}
    revoked = json.loads(server.cli("keys", "list", "--org", other_org["name"], "--all", "--json").stdout)
    assert [k["revoked_at"] is not None for k in revoked if k["id"] == key_id] == [True]
