"""Who may do what (issue 31): the authority matrix, generated from the OpenAPI description, and
the attacks that walked around Docket's controls before it (each of these failed on `8d2b892`).

The matrix calls every operation of `GET /openapi.json` as every kind of caller: the default
organization's sandbox and production keys, another organization's keys, no credential, a console
session of each role (reviewer, senior, admin, the machine's owner) with the sandbox and with
production selected, and a person's token where the path holds one. Each answer must be what the
operation's `x-docket-access.callers` says: a caller it does not admit is refused, 401 without a
credential and 403 with one, with a JSON `message` that names the operation (the authority
layer's words, not a handler's); a caller it admits is not (404 when another organization's key
names this organization's records). It runs on a server of its own, since it calls the
destructive operations too (on records made for them, or ids that name nothing)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import struct
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import requests

from conftest import (
    HTTP_TIMEOUT, LOGIN, PRODUCTION_KEY, SANDBOX_KEY, Client, Console, DocketServer, add_reviewer, console_link,
    sign_in, wait_for,
)
from test_email import dns_server  # noqa: F401 (a fixture: production's DNS lookups stay on loopback)
from test_kyb import pdf
from test_verifications import png

K = "/api/v4/kyb/verifications"
ROLES = ("reviewer", "senior", "admin", "owner")
ENVIRONMENTS = ("sandbox", "production")
# Path parameters that name no record of an organization: a kind of thing, or the shared
# watchlists' import jobs (the lists are every organization's; only the default one imports).
NOT_RECORDS = {"section", "event_type", "import_id"}


def operations(spec: dict) -> list[tuple[str, str, dict]]:
    """Every (METHOD, path, operation) of an OpenAPI description."""
    return [(method.upper(), path, op) for path, item in spec["paths"].items()
            for method, op in item.items() if method in ("get", "put", "post", "delete", "patch")]


def test_every_operation_of_the_openapi_description_says_who_may_call_it(anonymous):
    spec = anonymous.get("/openapi.json").json()
    known = {"sandbox_key", "production_key", "reviewer", "senior", "admin", "owner", "person", "anyone"}
    missing, unknown = [], []
    for method, path, op in operations(spec):
        access = op.get("x-docket-access")
        if not access or not access.get("callers") or not access.get("who"):
            missing.append(f"{method} {path}")
            continue
        unknown += [f"{method} {path}: {c}" for c in access["callers"] if c not in known]
        assert isinstance(access["secrets"], list), (method, path)
        assert op["description"].startswith("**Who may call:** " + access["who"]), (method, path)
    assert not missing, f"operations without x-docket-access: {missing}"
    assert not unknown, unknown
    assert len(operations(spec)) >= 150


# --- the matrix ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Caller:
    """One kind of caller of the matrix."""
    name: str
    kind: str  # as x-docket-access names it: sandbox_key, production_key, reviewer, ..., anyone
    environment: str | None  # the environment it acts in (None: no credential)
    other_org: bool = False


NO_CREDENTIAL = Caller("no credential", "anyone", None)


def callers_in(environment: str, world: dict[str, Any]) -> list[tuple[Caller, Any]]:
    """Every caller with a credential acting in `environment`, and its client: the default
    organization's key, another organization's key, and a session of each role."""
    kind = f"{environment}_key"
    srv = world["server"]
    return [
        (Caller(f"{environment} key", kind, environment), world["keys"][environment]),
        (Caller(f"other org's {environment} key", kind, environment, other_org=True),
         srv.client(world["other_keys"][environment], f"other org's {environment} key")),
    ] + [(Caller(f"{role} in {environment}", role, environment), world["sessions"][role].in_environment(environment))
         for role in ROLES]


def admits(access: dict, caller: Caller) -> bool:
    """Whether `x-docket-access` admits the caller. Console roles are admitted in both
    environments unless the operation is the sandbox's (a sandbox key and no production key)."""
    callers = access["callers"]
    if caller.kind not in callers:
        return False
    sandbox_only = "sandbox_key" in callers and "production_key" not in callers
    assert sandbox_only == ("sandbox only" in access["who"]), access
    return not (caller.kind in ROLES and sandbox_only and caller.environment != "sandbox")


def fake_like(value: str) -> str:
    """A made-up value of the same shape: the same length and alphabet, another value."""
    if re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", value):
        return str(uuid.uuid4())
    return "".join("Q" if c.isupper() else "q" if c.isalpha() else "7" if c.isdigit() else c for c in value)


def upload_kyb_document(client: Any, case_id: str, name: str) -> str:
    r = client.post(f"{K}/{case_id}/documents", params={"kind": "proof_of_address"},
                    files={"file": (name, pdf("14 Quay Street"), "application/pdf")})
    assert r.status_code == 200, r.text
    return next(d["file_id"] for d in r.json()["documents"] if d["name"] == name)


def records_of(client: Client, environment: str, owner: Console) -> dict[str, str]:
    """One record of every kind of the default organization in `client`'s environment, for the
    path parameters; destructive operations get ids that name nothing (below)."""
    tag = uuid.uuid4().hex[:8]
    ids: dict[str, str] = {}
    applicant = client.create_applicant({"external_id": f"matrix-{environment}-{tag}",
                                         "applicant_type": "Organization", "info": {"full_name": "Matrix Trading Ltd"}})
    ids["applicant_id"], ids["external_id"] = applicant, f"matrix-{environment}-{tag}"
    search = client.post("/api/v3/aml/search", json={"full_name": "Ivan Sanctionov"})
    assert search.status_code == 200, search.text
    ids["uuid"] = ids["search_uuid"] = search.json()["search_uuid"]
    # Production screens no demo list: there, an entity of nothing.
    ids["entity_uuid"] = next((h["uuid"] for h in search.json()["data"]), str(uuid.uuid4()))
    ids["check_id"] = str(uuid.uuid4())  # the matrix's case runs no checks: a check of nothing

    # A webhook on loopback (production's address guard is off only while it is made).
    guard = owner.in_environment("production")
    if environment == "production":
        assert guard.put("/_docket/webhooks/address-guard", json={"allow_private_addresses": True}).status_code == 200
    try:
        r = client.post("/api/v3/organization/webhooks", json={"webhook_url": "http://127.0.0.1:9/matrix",
                                                               "event_types": ["DOCVER"]})
        assert r.status_code in (200, 201), r.text
    finally:
        if environment == "production":
            assert guard.put("/_docket/webhooks/address-guard", json={"allow_private_addresses": False}).status_code == 200
    ids["webhook_id"] = r.json()["id"]
    r = client.post(f"/_docket/webhooks/{ids['webhook_id']}/test", json={"event_type": "DOCVER"})
    assert r.status_code == 200, r.text
    ids["delivery_id"] = r.json()["id"]

    r = client.post("/api/v3/profiles", json={"name": f"Matrix {tag}"})
    assert r.status_code in (200, 201), r.text
    ids["profile_id"] = r.json()["id"]
    r = client.post(f"/api/v3/profiles/{ids['profile_id']}/link", json={"expiration_in_minutes": 600})
    assert r.status_code == 200, r.text
    ids["link_id"] = r.json()["link_id"]
    r = client.post("/api/v3/verifications", json={"profile_id": ids["profile_id"]})
    assert r.status_code == 201, r.text
    verification = r.json()
    ids["verification"], ids["short_id"] = verification["id"], verification["verification_url_id"]
    r = client.post(f"/api/v3/upload/{verification['applicant_id']}",
                    files=[("file", ("passport.png", png(31), "image/png")), ("document_type", (None, "passport"))])
    assert r.status_code == 200, r.text
    ids["document_id"] = client.get(f"/api/v3/verifications/{ids['verification']}").json()["document_ids"][0]

    r = client.post(K, json={"external_id": f"matrix-case-{tag}"})
    assert r.status_code == 201, r.text
    case = r.json()
    ids["case"], ids["token"] = case["id"], case["widget_path"].rsplit("/", 1)[1]
    ids["file_id"] = upload_kyb_document(client, case["id"], "kept.pdf")
    ids["widget_file_to_delete"] = upload_kyb_document(client, case["id"], "the-persons-own.pdf")
    r = client.post(f"/api/v4/kyb/{applicant}/tin-verification", json={"tin": "36-2382580", "company_name": "X Co"})
    assert r.status_code == 202, r.text
    ids["request_id"] = r.json()["request_id"]

    r = client.post("/api/v4/email/checks", json={"email": f"matrix.{tag}@mail.example"})
    assert r.status_code in (200, 201), r.text
    ids["id"] = r.json()["id"]  # `/api/v4/email/checks/{id}`
    r = client.post("/api/v3/transmon/rules", json={"name": f"Matrix {tag}", "status": "inactive",
                                                    "event_type": "transaction_post", "rank": 10, "causes": [],
                                                    "expression": "event.amount > 1000000"})
    assert r.status_code == 201, r.text
    ids["rule_id"] = r.json()
    r = client.post("/api/v3/transmon/transaction", json={"applicant_id": applicant, "amount": "10.00"})
    assert r.status_code == 201, r.text
    ids["event_id"] = r.json()["event_id"]
    ids["event_type"], ids["section"], ids["check"] = "transaction_post", "company", "face_comparison"
    # An import job (a production key's): garbage, so it fails and no list changes.
    if environment == "production":
        r = client.post("/_docket/aml/lists/imports", data={"format": "us-csl"},
                        files=[("file", ("matrix.csv", b"not,a list\n"))])
        assert r.status_code == 202, r.text
        ids["import_id"] = r.json()["id"]
    # A remediation template (an admin's, in the console).
    r = owner.in_environment(environment).post("/_docket/desk/remediation-templates", json={
        "name": f"Matrix {tag}", "items": [{"section": "company"}], "message": "Please check the company details."})
    assert r.status_code == 201, r.text
    ids["template_id"] = r.json()["id"]
    return ids


@pytest.fixture(scope="module")
def matrix_server(tmp_path_factory, server_errors, dns_server) -> Iterator[DocketServer]:
    """The matrix's own server; production's DNS lookups (the e-mail checks) go to the test's own
    DNS server on loopback."""
    root = tmp_path_factory.mktemp("matrix")
    (root / "data").mkdir()
    srv = DocketServer(root / "data", root / "stderr.log", args=("--dns-server", dns_server))
    srv.server_errors = server_errors
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def world(matrix_server) -> dict[str, Any]:
    """The callers and the records of the matrix."""
    srv = matrix_server
    other = "Matrix Other Org"
    srv.cli("orgs", "create", other)
    other_keys = {env: srv.create_key(other, env, f"other-{env}")[0] for env in ENVIRONMENTS}
    srv.watched_keys += list(other_keys.values())
    owner = sign_in(srv, console_link(srv), name="owner")
    sessions = {"owner": owner}
    for role in ("reviewer", "senior", "admin"):
        sessions[role] = sign_in(srv, add_reviewer(srv, f"Matrix {role.capitalize()}", role)["link"], name=role)
    target = add_reviewer(srv, "Matrix Target", "reviewer")  # whose account the admins' operations change
    throwaway_key = srv.create_key(None, "sandbox", "matrix-revoked")[1]
    keys = {"sandbox": srv.client(SANDBOX_KEY, "sandbox key"), "production": srv.client(PRODUCTION_KEY, "production key")}
    records = {env: records_of(keys[env], env, owner) for env in ENVIRONMENTS}
    for env in ENVIRONMENTS:
        records[env].update(reviewer_id=target["id"], key_id=throwaway_key)
    records["sandbox"]["import_id"] = records["production"]["import_id"]
    return {"server": srv, "keys": keys, "other_keys": other_keys, "sessions": sessions, "records": records}


# Operations that destroy what they name: called with ids that name nothing, so the records the
# other operations use survive (an admitted caller then gets a 404, which is not a refusal).
def destroys(method: str, path: str) -> bool:
    return method == "DELETE" and path not in ("/_docket/requests", "/_docket/email/outbox")


def path_for(method: str, template: str, records: dict[str, str]) -> str:
    """The path with real records, but for the record a destructive operation destroys (the
    last in its path) and sessions (which would sign the matrix's callers out): ids of nothing."""
    last = re.findall(r"\{(\w+)\}", template)[-1:] or [None]

    def value(match: re.Match) -> str:
        name = match.group(1)
        if name == "session_id" or (name == last[0] and destroys(method, template)):
            return str(uuid.uuid4())
        if name == "verification_id":
            name = "case" if template.startswith("/api/v4/kyb") else "verification"
        return records[name]

    return re.sub(r"\{(\w+)\}", value, template)


# Bodies good enough to get past their checks, where a handler checks the body before it looks
# the record up (another organization's key then meets the lookup: 404). Every other operation
# gets `{}`, which an admitted caller may see refused as bad input (400): that is no refusal.
BODIES: dict[tuple[str, str], dict] = {
    ("POST", "/api/v3/applicants/{applicant_id}/screening"): {"aml_screening_enabled": False},
    ("POST", "/api/v3/applicants/{applicant_id}/link/tg"): {"tg_profile": "matrix"},
    ("PUT", "/api/v3/organization/webhooks/{webhook_id}"): {"webhook_url": "http://127.0.0.1:9/matrix",
                                                             "event_types": ["DOCVER"]},
    ("POST", "/api/v4/kyb/verifications/{verification_id}/remediations"): {"section": "company",
                                                                             "message": "Matrix asks again."},
    ("POST", "/api/v4/kyb/verifications/{verification_id}/remediation"): {"section": "company",
                                                                            "message": "Matrix asks again."},
    ("POST", "/api/v4/kyb/verifications/{verification_id}/decision"): {"decision": "approve", "reason": "checks_clear",
                                                                         "note": "The matrix."},
    ("POST", "/api/v4/kyb/{applicant_id}/tin-verification"): {"tin": "36-2382580", "company_name": "X Co"},
    ("POST", "/api/v4/kyb/{applicant_id}/us-registry-check"): {"state": "delaware", "company_name": "Acme"},
    ("POST", "/api/v4/kyb/{applicant_id}/verify-document"): {"documents": [
        {"doc_path": "01920b71-0000-7000-8000-000000000000", "document_type": "KybCertificateOfIncorporation"}]},
    ("POST", "/api/v3/sdk/{short_id}/set_country"): {"country": "DEU"},
    ("PUT", "/api/v3/transmon/rules/{rule_id}"): {"name": "Matrix", "status": "inactive", "event_type": "transaction_post",
                                                  "rank": 10, "causes": [], "expression": "event.amount > 1000000"},
}


def call(client: Any, method: str, template: str, path: str) -> requests.Response:
    body = {"json": BODIES.get((method, template), {})} if method in ("POST", "PUT", "PATCH") else {}
    return client.request(method, path, **body)


def refused_by_the_table(r: requests.Response, method: str, template: str) -> bool:
    """A 403 of the authority layer: its message names the operation as the table writes it."""
    return r.status_code == 403 and f"{method} {template}" in r.json().get("message", "")


def test_every_operation_admits_exactly_the_callers_its_access_names(world):
    srv = world["server"]
    spec = requests.get(srv.url + "/openapi.json", timeout=HTTP_TIMEOUT).json()
    ops = operations(spec)
    # The reset empties the sandbox the other operations' records live in: last.
    ops.sort(key=lambda op: op[1] == "/_docket/reset")
    problems: list[str] = []
    handler_refusals: list[str] = []
    calls = 0
    started = time.monotonic()

    def expect(who: Caller, method: str, template: str, path: str, r: requests.Response, admitted: bool) -> None:
        nonlocal calls
        calls += 1
        where = f"{method} {path} as {who.name}: {r.status_code} {r.text[:200]}"
        if not admitted:
            want = 401 if who.environment is None else 403
            if r.status_code != want or not r.headers.get("content-type", "").startswith("application/json") \
                    or not r.json().get("message"):
                problems.append(f"should be refused with {want}: {where}")
            elif want == 403 and not refused_by_the_table(r, method, template):
                problems.append(f"refused, but not by the authority table: {where}")
            return
        if r.status_code == 401 or refused_by_the_table(r, method, template):
            problems.append(f"should be admitted: {where}")
        elif r.status_code == 403:
            handler_refusals.append(f"{method} {template} as {who.name}: {r.json()['message']}")
        elif r.status_code >= 500:
            problems.append(f"a server error: {where}")
        elif who.other_org and any(p not in NOT_RECORDS for p in re.findall(r"\{(\w+)\}", template)) \
                and r.status_code != 404:
            # Where a handler checks the body first, the answer must be the one ids of nothing get.
            nothing = call(other_client(who), method, template, path_for(method, template, NOWHERE))
            if (r.status_code, without_ids(r.text)) != (nothing.status_code, without_ids(nothing.text)):
                problems.append(f"another organization's record must be 404 to it, or answered as nothing is: "
                                f"{where}; ids of nothing: {nothing.status_code} {nothing.text[:200]}")

    def other_client(who: Caller) -> Client:
        return srv.client(world["other_keys"][who.environment], who.name)

    callers = {env: callers_in(env, world) for env in ENVIRONMENTS}

    # A person's routes: the token in the path opens its record (with no credential), and a
    # made-up one opens nothing. Called before anything else changes the records.
    sandbox = world["records"]["sandbox"]
    person_ops = sorted((op for op in ops if op[2]["x-docket-access"]["callers"] == ["person"]),
                        key=lambda op: op[0] == "DELETE")
    for method, template, op in person_ops:
        token = re.findall(r"\{(\w+)\}", template)[0]
        real = {**sandbox, "file_id": sandbox["widget_file_to_delete"] if method == "DELETE" else sandbox["file_id"]}
        made_up = {**real, token: fake_like(real[token])}
        for records, admitted in ((real, True), (made_up, False)):
            path = re.sub(r"\{(\w+)\}", lambda m: records[m.group(1)], template)
            r = call(anonymous_of(srv), method, template, path)
            calls += 1
            where = f"{method} {path} ({'real' if admitted else 'made-up'} {token}): {r.status_code} {r.text[:200]}"
            if admitted and (r.status_code in (401, 403, 404) or r.status_code >= 500):
                problems.append(f"the person's own token must open its record: {where}")
            if not admitted and (r.status_code not in (401, 404) or not r.json().get("message")):
                problems.append(f"a made-up token must open nothing (404 or 401 with a message): {where}")

    # What anyone may call, with no credential at all.
    for method, template, op in ops:
        if op["x-docket-access"]["callers"] != ["anyone"]:
            continue
        path = template + ("?token=" + console_link(srv).split("?token=")[1] if template == LOGIN else "")
        r = requests.request(method, srv.url + path, json={} if method == "POST" else None, allow_redirects=False,
                             timeout=HTTP_TIMEOUT)
        calls += 1
        if r.status_code in (401, 403) or r.status_code >= 500:
            problems.append(f"anyone may call {method} {template}: {r.status_code} {r.text[:200]}")

    for method, template, op in ops:
        access = op["x-docket-access"]
        if access["callers"] in (["anyone"], ["person"]):
            continue
        for env in ENVIRONMENTS:
            path = path_for(method, template, world["records"][env])
            for who, client in callers[env]:
                expect(who, method, template, path, call(client, method, template, path), admits(access, who))
        path = path_for(method, template, world["records"]["sandbox"])
        expect(NO_CREDENTIAL, method, template, path, call(anonymous_of(srv), method, template, path), False)

    elapsed = time.monotonic() - started
    print(f"\nmatrix: {len(ops)} operations, {calls} calls in {elapsed:.1f} s")
    # The one refusal of a handler's own among admitted callers: the lists are the default
    # organization's to import (an admin of another one passes the table, not this rule).
    assert handler_refusals == [
        "POST /_docket/aml/lists/imports as other org's production key: watchlists are shared by every organization: "
        "only the default organization may import them"], handler_refusals
    assert not problems, f"{len(problems)} of {calls} calls answered against the table:\n" + "\n".join(problems)


def anonymous_of(srv: DocketServer) -> Client:
    return srv.client(None, "no credential")


# Ids of nothing, for every path parameter.
NOWHERE: dict[str, str] = {name: "00000000-0000-7000-8000-00000000dead" for name in (
    "applicant_id", "external_id", "uuid", "search_uuid", "webhook_id", "delivery_id", "profile_id", "link_id",
    "verification", "case", "short_id", "document_id", "file_id", "token", "request_id", "id", "rule_id", "event_id",
    "import_id", "reviewer_id", "key_id", "entity_uuid", "check_id")} | {"section": "company", "event_type": "transaction_post"}


def without_ids(text: str) -> str:
    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>", text)


# --- the attacks of issue 31 -----------------------------------------------------------------------
#
# Each was possible on `8d2b892`: a sandbox key became the machine's owner, one key passed four
# eyes alone, the journal kept login links and codes, a sandbox key replaced what production
# screens against, a production key turned the address guard off, and names hid characters.

DESK = "/_docket/desk"
IMPORTS = "/_docket/aml/lists/imports"
GUARD = "/_docket/webhooks/address-guard"
APPROVE = {"decision": "approve", "reason": "checks_clear", "note": "The registry and the documents agree."}


def acknowledging(client, url: str) -> dict:
    """APPROVE, acknowledging every open flag of the case (an approval must: test_hits)."""
    return {**APPROVE, "acknowledged_flags": [f["key"] for f in client.get(url).json()["open_flags"]]}


@pytest.fixture
def four_eyes(owner_console) -> Iterator[Callable[[str], None]]:
    """Sets the sandbox desk's four-eyes policy (as an admin, in the console); off again after."""
    def set_policy(policy: str) -> None:
        r = owner_console.put(f"{DESK}/settings", json={"four_eyes": policy})
        assert r.status_code == 200 and r.json()["four_eyes"] == policy, r.text
    yield set_policy
    set_policy("off")


@pytest.fixture
def integration(server, make_client, unique) -> tuple[Client, str]:
    """A sandbox key of the default organization made for the test: (client, key id)."""
    secret, key_id = server.create_key(None, "sandbox", unique("integration"))
    return make_client(secret, "integration"), key_id


def waiting(sandbox, unique, poll) -> dict:
    from test_desk import waiting_case
    return waiting_case(sandbox, unique, poll)


def test_a_sandbox_key_cannot_make_a_login_link_for_the_machines_owner(sandbox, production, owner_console,
                                                                       as_reviewer):
    """The old path to everything: the owner's link from a sandbox key opened an admin session
    that switched to production and read the database key."""
    owner = owner_console.me()
    assert owner["owner"] and owner["role"] == "admin"
    for key in (sandbox, production):
        r = key.post(f"/_docket/reviewers/{owner['id']}/link")
        assert r.status_code == 403, r.text
        assert "console control" in r.json()["message"] and "token=" not in r.text
        for method, path in (("GET", "/_docket/reviewers"), ("POST", "/_docket/reviewers"), ("GET", "/_docket/data"),
                             ("GET", "/_docket/data/key"), ("GET", "/_docket/sessions"), ("GET", "/_docket/me")):
            r = key.request(method, path, json={"name": "Backdoor", "role": "admin"} if method == "POST" else None)
            assert r.status_code == 403, (key, method, path, r.text)
    # Not even an admin makes the owner's link: it comes from the `docket` command on the machine.
    admin = as_reviewer("admin")
    r = admin.post(f"/_docket/reviewers/{owner['id']}/link")
    assert r.status_code == 403 and "docket" in r.json()["message"], r.text
    r = admin.post(f"/_docket/reviewers/{admin.reviewer['id']}/link")
    assert r.status_code == 403, "nor one's own"
    names = [r["name"] for r in owner_console.get("/_docket/reviewers").json()["data"]]
    assert "Backdoor" not in names


def test_an_api_key_cannot_decide_or_remediate_a_case_a_reviewer_works(sandbox, integration, as_reviewer, unique, poll,
                                                                      real_clock):
    key, _ = integration
    ann = as_reviewer("reviewer")
    case = waiting(sandbox, unique, poll)
    url = f"{K}/{case['id']}"
    assert ann.post(f"{url}/claim").status_code == 200
    r = key.post(f"{url}/decision", json=APPROVE)
    assert r.status_code == 403, r.text
    assert ann.reviewer["name"] in r.json()["message"] and "unassigned" in r.json()["message"]
    r = key.post(f"{url}/remediation", json={"section": "company", "message": "Send the registry extract again."})
    assert r.status_code == 403 and ann.reviewer["name"] in r.json()["message"], r.text
    after = sandbox.get(url).json()
    assert after["status"] == "manual_review" and after["decisions"] == [] and after["review"]["pending_decision"] is None
    assert after["review"]["assignee"]["id"] == ann.reviewer["id"]
    # The reviewer decides it, as herself.
    r = ann.post(f"{url}/decision", json=acknowledging(sandbox, url))
    assert r.status_code == 200 and r.json()["status"] == "approved_manually", r.text


@pytest.mark.parametrize("path, body", [
    ("decision", APPROVE), ("second-approval", {"confirm": True, "note": "Agreed."}), ("comments", {"body": "Fine."}),
])
def test_no_request_names_the_reviewer_it_acts_as(sandbox, owner_console, as_reviewer, path, body, unique):
    """`reviewer_id` is gone from every body: a key never acts as a reviewer, and a session acts as
    its own. Naming one is refused whoever sends it."""
    case = sandbox.post(K, json={"external_id": unique("named")}).json()
    someone = as_reviewer("senior").reviewer["id"]
    for caller in (sandbox, owner_console):
        r = caller.post(f"{K}/{case['id']}/{path}", json={**body, "reviewer_id": someone})
        if caller is sandbox and path != "decision":
            assert r.status_code == 403 and "console control" in r.json()["message"], (path, r.text)
            continue
        assert r.status_code == 400, (caller, path, r.text)
        assert "reviewer_id" in r.json()["message"], r.text
    after = sandbox.get(f"{K}/{case['id']}").json()
    assert after["decisions"] == [] and after["comments"] == []


@pytest.mark.parametrize("path", ["claim", "release"])
def test_a_claim_naming_someone_else_never_acts_as_them(sandbox, owner_console, as_reviewer, path, unique):
    case = sandbox.post(K, json={"external_id": unique("claimed")}).json()
    someone = as_reviewer("reviewer").reviewer["id"]
    if path == "release":
        assert owner_console.post(f"{K}/{case['id']}/claim").status_code == 200
    owner_console.post(f"{K}/{case['id']}/{path}", json={"reviewer_id": someone})
    assignee = sandbox.get(f"{K}/{case['id']}").json()["review"]["assignee"]
    assert assignee is None or assignee["id"] != someone


@pytest.mark.parametrize("path", ["claim", "release"])
def test_a_claim_naming_a_reviewer_is_refused(owner_console, as_reviewer, sandbox, path, unique):
    case = sandbox.post(K, json={"external_id": unique("claimed")}).json()
    if path == "release":
        assert owner_console.post(f"{K}/{case['id']}/claim").status_code == 200
    r = owner_console.post(f"{K}/{case['id']}/{path}", json={"reviewer_id": as_reviewer("reviewer").reviewer["id"]})
    assert r.status_code == 400 and "reviewer_id" in r.json()["message"], r.text


def test_an_api_key_cannot_switch_four_eyes_off_nor_approve_nor_work_the_desk(sandbox, production, integration,
                                                                              four_eyes, unique, poll, real_clock):
    key, _ = integration
    four_eyes("all")
    for client in (key, sandbox, production):
        r = client.request("PUT", f"{DESK}/settings", json={"four_eyes": "off", "sla_hours": None})
        assert r.status_code == 403 and "console control" in r.json()["message"], r.text
    assert sandbox.get(f"{DESK}/settings").json()["four_eyes"] == "all", "the policy stands"
    case = waiting(sandbox, unique, poll)
    r = key.post(f"{K}/{case['id']}/decision", json=acknowledging(sandbox, f"{K}/{case['id']}"))
    assert r.status_code == 200 and r.json()["review"]["pending_decision"], r.text
    for path, body in (("second-approval", {"confirm": True, "note": "Agreed."}), ("claim", None), ("release", None),
                       ("assign", {"reviewer_id": None}), ("comments", {"body": "Fine by me."})):
        r = key.post(f"{K}/{case['id']}/{path}", json=body)
        assert r.status_code == 403 and "console control" in r.json()["message"], (path, r.text)
    assert key.post(f"{DESK}/next").status_code == 403
    after = sandbox.get(f"{K}/{case['id']}").json()
    assert after["status"] == "manual_review" and len(after["decisions"]) == 1


def test_one_key_cannot_pass_four_eyes_alone(sandbox, integration, as_reviewer, four_eyes, unique, poll, real_clock):
    """The key's decision is the integration's own, named by the key everywhere a reviewer would
    be; it waits for a senior in the console; a reviewer who is not a senior cannot confirm it."""
    key, key_id = integration
    by_key = f"API key {key_id}"
    four_eyes("all")
    case = waiting(sandbox, unique, poll)
    url = f"{K}/{case['id']}"
    r = key.post(f"{url}/decision", json=acknowledging(sandbox, url))
    assert r.status_code == 200, r.text
    pending = r.json()
    assert pending["status"] == "manual_review", "it waits for a second approval"
    proposed = pending["review"]["pending_decision"]
    assert proposed["reviewer"] is None and proposed["api_key_id"] == key_id
    r = key.post(f"{url}/decision", json=APPROVE)
    assert r.status_code == 409 and by_key in r.json()["message"], "the waiting decision names the key"

    second = {"confirm": True, "note": "Checked the registry myself."}
    assert sandbox.post(f"{url}/second-approval", json=second).status_code == 403, "nor another key"
    r = as_reviewer("reviewer").post(f"{url}/second-approval", json=second)
    assert r.status_code == 403 and "senior" in r.json()["message"], r.text
    sue = as_reviewer("senior")
    r = sue.post(f"{url}/second-approval", json=second)
    assert r.status_code == 200, r.text
    decided = r.json()
    assert decided["status"] == "approved_manually"
    assert [(d["step"], d["decision"], d["reviewer"] and d["reviewer"]["id"], d.get("api_key_id"))
            for d in decided["decisions"]] == [("first", "approve", None, key_id),
                                               ("second", "confirm", sue.reviewer["id"], None)]
    trail = sandbox.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
    actors = {e["kind"]: e["actor"] for e in trail}
    assert actors["decision_proposed"] == by_key, actors
    assert actors["second_approval"] == f"reviewer:{sue.reviewer['name']}", actors
    assert sandbox.get("/_docket/audit/verify").json()["ok"]


def test_the_same_senior_cannot_give_both_approvals(sandbox, as_reviewer, four_eyes, unique, poll, real_clock):
    four_eyes("all")
    sue, tom = as_reviewer("senior"), as_reviewer("senior")
    case = waiting(sandbox, unique, poll)
    url = f"{K}/{case['id']}"
    assert sue.post(f"{url}/claim").status_code == 200
    assert sue.post(f"{url}/decision", json=acknowledging(sandbox, url)).json()["review"]["pending_decision"]
    r = sue.post(f"{url}/second-approval", json={"confirm": True, "note": "Me again."})
    assert r.status_code == 403, r.text
    assert sandbox.get(url).json()["status"] == "manual_review"
    r = tom.post(f"{url}/second-approval", json={"confirm": True, "note": "Agreed."})
    assert r.status_code == 200 and r.json()["status"] == "approved_manually", r.text


def csl_upload(client: Any, rows: list[dict[str, str]], tmp_path: Path, replace: bool = False) -> requests.Response:
    from conftest import write_csl
    data = {"format": "us-csl", **({"replace": "true"} if replace else {})}
    content = write_csl(tmp_path / f"list-{uuid.uuid4().hex[:6]}.csv", rows).read_bytes()
    return client.post(IMPORTS, data=data, files=[("file", ("consolidated.csv", content))])


def import_finished(client: Any, job_id: str) -> dict:
    def check() -> dict | None:
        job = client.get(f"{IMPORTS}/{job_id}").json()
        return job if job["state"] in ("done", "failed") else None
    return wait_for(check, timeout=30, interval=0.1, what=f"import {job_id} to finish")


def test_a_sandbox_key_cannot_change_what_production_screens_against(server, sandbox, production, watchlists,
                                                                     tmp_path):
    before = {name: [h["uuid"] for h in production.post("/api/v3/aml/search", json={"full_name": name}).json()["data"]]
              for name in ("Dmitri Karavanov", "Anatoly Ostrovetsky")}
    assert all(before.values()), before
    lists = production.get("/_docket/aml/lists").json()["data"]
    one_row = [dict(_id="dk-9999", source=watchlists["csl_rows"][0]["source"], type="Individual", name="Only Row")]
    for replace in (False, True):
        r = csl_upload(sandbox, one_row, tmp_path, replace)
        assert r.status_code == 403, r.text
        assert "production key" in r.json()["message"] and "sandbox key never" in r.json()["message"]
    assert production.get("/_docket/aml/lists").json()["data"] == lists
    after = {name: [h["uuid"] for h in production.post("/api/v3/aml/search", json={"full_name": name}).json()["data"]]
             for name in before}
    assert after == before, "production finds what it found"


def test_an_import_that_would_halve_a_list_needs_replace_and_each_import_is_on_productions_chain(
        docket_factory, tmp_path):
    from conftest import CSL_ROWS, import_list, write_csl
    srv = docket_factory()
    production, sandbox = srv.client(srv.production_key, "production"), srv.client(srv.sandbox_key, "sandbox")
    owner = sign_in(srv, console_link(srv), "production")
    key_id = next(k["id"] for k in owner.get("/_docket/keys").json()["data"]
                  if k["pinned_from"] == "DOCKET_PRODUCTION_API_KEY")

    def hits(name: str) -> list[str]:
        return [h["uuid"] for h in production.post("/api/v3/aml/search", json={"full_name": name}).json()["data"]]

    full = import_finished(production, csl_upload(production, CSL_ROWS, tmp_path).json()["id"])
    assert full["state"] == "done", full["message"]
    entities = full["snapshot"]["entities"]
    assert entities >= 10
    wait_for(lambda: hits("Dmitri Karavanov"), what="production to search the list")
    found = hits("Dmitri Karavanov")

    one_row = [dict(_id="dk-9999", source=CSL_ROWS[0]["source"], type="Individual", name="Only Row")]
    shrunk = import_finished(production, csl_upload(production, one_row, tmp_path).json()["id"])
    assert shrunk["state"] == "failed" and shrunk["snapshot"] is None
    assert f"from {entities} to 1 entities" in shrunk["message"] and "replace" in shrunk["message"], shrunk["message"]
    cli = import_list(srv, "us-csl", write_csl(tmp_path / "one.csv", one_row))
    assert cli.returncode != 0 and "--replace" in cli.stderr, cli.stderr
    assert hits("Dmitri Karavanov") == found, "the list production screens against is unchanged"

    replaced = import_finished(production, csl_upload(production, one_row, tmp_path, replace=True).json()["id"])
    assert replaced["state"] == "done" and replaced["snapshot"]["entities"] == 1, replaced["message"]
    wait_for(lambda: not hits("Dmitri Karavanov"), what="production to search the replacement")
    back = import_list(srv, "us-csl", write_csl(tmp_path / "full.csv", CSL_ROWS))
    assert back.returncode == 0, back.stderr

    events = [e for e in production.get("/_docket/audit", params={"limit": 100}).json()["data"]
              if e["kind"] == "watchlist_imported"]
    assert [(e["actor"], e["data"]["entities_before"], e["data"]["entities"], e["data"]["replace"])
            for e in reversed(events)] == [
        (f"API key {key_id}", None, entities, False),
        (f"API key {key_id}", entities, 1, True),
        ("command", 1, entities, False),
    ], events
    assert production.get("/_docket/audit/verify").json()["ok"]
    assert not [e for e in sandbox.get("/_docket/audit", params={"limit": 100}).json()["data"]
                if e["kind"] == "watchlist_imported"], "production's lists, production's chain"


def test_a_production_key_cannot_touch_the_address_guard(production, owner_console):
    settings = production.get("/_docket/webhooks/settings").json()
    for body in ({"allow_private_addresses": True}, {"allow_private_addresses": False}):
        r = production.request("PUT", GUARD, json=body)
        assert r.status_code == 403 and "console control" in r.json()["message"], r.text
        r = production.request("PATCH", "/_docket/webhooks/settings", json=body)
        assert r.status_code == 400 and GUARD in r.json()["message"], r.text
    assert production.get("/_docket/webhooks/settings").json() == settings
    r = production.post("/api/v3/organization/webhooks", json={"webhook_url": "http://127.0.0.1:9/x", "event_types": ["ALL"]})
    assert r.status_code == 400, "the guard is still on"
    by_keys = [e for e in production.get("/_docket/audit", params={"limit": 100}).json()["data"]
               if e["kind"] == "webhook_address_guard_changed" and not e["actor"].startswith("reviewer:")]
    assert by_keys == []


def test_login_links_and_one_time_codes_never_reach_the_journal(server, sandbox, as_reviewer, unique):
    seq = sandbox.last_seq()
    admin = as_reviewer("admin")
    r = admin.post("/_docket/reviewers", json={"name": unique("Linked"), "role": "admin"})
    assert r.status_code == 201, r.text
    added = r.json()
    r = admin.post(f"/_docket/reviewers/{as_reviewer('reviewer').reviewer['id']}/link")
    assert r.status_code == 200, r.text
    links = [added["login_url"], r.json()["login_url"]]
    tokens = [link.split("?token=")[1] for link in links]
    assert all(link.startswith(server.url + LOGIN) for link in links), "links name the server's own address"

    entries = sandbox.journal(after=seq, limit=200)
    made = [e for e in entries if e["method"] == "POST" and e["path"].startswith("/_docket/reviewers")]
    assert len(made) == 2 and {e["reviewer"] for e in made} == {admin.reviewer["name"]}, made
    for e in made:
        assert json.loads(e["response_body"])["login_url"] == "[redacted]", e["response_body"]
    dump = json.dumps(entries)
    assert not [t for t in tokens if t in dump], "a login link's token is in the journal"
    # They were live: each still signs in once (a test's use of them; nobody read them from the journal).
    for link in links:
        assert Console(server.url).login(link).status_code == 303


def test_one_time_codes_never_reach_the_journal(sandbox, unique):
    """An e-mail ownership code: through the outbox and the verification, the journal keeps it
    nowhere (any key of the organization reads the journal)."""
    seq = sandbox.last_seq()
    check = sandbox.post("/api/v4/email/checks", json={"email": f"{unique('owner')}@example.com",
                                                       "require_ownership": True}).json()
    message = sandbox.get("/_docket/email/outbox", params={"check_id": check["id"]}).json()["data"][0]
    code = message["code"]
    assert re.fullmatch(r"\d{6}", code)
    r = sandbox.post("/api/v4/email/otp/verify", json={"check_id": check["id"], "code": code})
    assert r.status_code == 200 and r.json()["verified"] is True, r.text
    entries = sandbox.journal(after=seq, limit=200)
    (outbox,) = [e for e in entries if e["path"].startswith("/_docket/email/outbox")]
    (verify,) = [e for e in entries if e["path"] == "/api/v4/email/otp/verify"]
    assert json.loads(verify["request_body"])["code"] == "[redacted]", verify["request_body"]
    kept = json.loads(outbox["response_body"])["data"][0]
    assert (kept["code"], kept["text"], kept["html"]) == ("[redacted]",) * 3, kept
    assert code not in verify["request_body"]
    assert code not in outbox["response_body"], outbox["response_body"]


# --- names are what they look like -----------------------------------------------------------------


def test_names_refuse_hidden_characters_and_file_names_lose_them(sandbox, owner_console, unique):
    r = sandbox.post("/api/v3/applicants", json={"info": {"full_name": "Ann\u202eeeL"}})
    assert r.status_code == 400 and "U+202E" in r.json()["message"] and r.json()["field"] == "info.full_name", r.text
    case = sandbox.post(K, json={"external_id": unique("named")}).json()
    r = sandbox.request("PUT", f"{K}/{case['id']}/sections/company",
                        json={"legal_name": "Bright\u200bwater Ltd", "country": "GB"})
    assert r.status_code == 400 and "U+200B" in r.json()["message"] and "legal_name" in r.json()["message"], r.text
    r = owner_console.post("/_docket/reviewers", json={"name": "Eve\u2066 Admin", "role": "admin"})
    assert r.status_code == 400 and "U+2066" in r.json()["message"], r.text
    # A file name cannot be refused to the person who chose it: it is stored without them.
    name = "invoice\u202efdp.exe\u200b.pdf"
    r = sandbox.post(f"{K}/{case['id']}/documents", params={"kind": "proof_of_address"},
                     files={"file": (name, pdf("14 Quay Street"), "application/pdf")})
    assert r.status_code == 200, r.text
    assert [d["name"] for d in r.json()["documents"]] == ["invoicefdp.exe.pdf"]


def test_a_reviewer_named_like_the_owner_is_refused(docket_factory):
    srv = docket_factory(env={"USER": "Owner"})
    owner = sign_in(srv, console_link(srv), name="Owner")
    assert owner.me()["name"] == "Owner"
    for name, status, words in (("Owner\u200b", 400, "U+200B"), ("\u200bOwner", 400, "U+200B"),
                                ("0wner", 409, "Owner"), ("\u041ewner", 409, "Owner"), ("owner", 409, "Owner")):
        r = owner.post("/_docket/reviewers", json={"name": name, "role": "admin"})
        assert r.status_code == status and words in r.json()["message"], (name, r.text)
        cli = srv.run_cli("reviewers", "add", name, "--role", "admin", "--data-dir", str(srv.data_dir))
        assert cli.returncode != 0 and words in cli.stderr, (name, cli.stderr)
    names = [r["name"] for r in owner.get("/_docket/reviewers").json()["data"]]
    assert names == ["Owner"], names
    assert owner.post("/_docket/reviewers", json={"name": "Owen", "role": "reviewer"}).status_code == 201


# --- reviewers sign in themselves ------------------------------------------------------------------

SIGN_IN = "/_docket/console/sign-in"


def totp(secret: str, at: float) -> str:
    """RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the base32 secret."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(at // 30)), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return f"{(int.from_bytes(mac[offset:offset + 4], 'big') & 0x7FFFFFFF) % 1_000_000:06d}"


def set_up_credentials(console: Console, password: str) -> tuple[str, float]:
    """Sets a password and an authenticator for the console's reviewer; returns the TOTP secret and
    the time of the code that confirmed it (each code is taken once: sign in with a later one)."""
    r = console.put("/_docket/me/password", json={"password": password})
    assert r.status_code == 204, r.text
    r = console.post("/_docket/me/second-factor")
    assert r.status_code == 200, r.text
    setup = r.json()
    assert setup["otpauth_uri"].startswith("otpauth://totp/Docket:") and f"secret={setup['secret']}" in setup["otpauth_uri"]
    now = time.time()
    r = console.post("/_docket/me/second-factor/confirm", json={"code": totp(setup["secret"], now)})
    assert r.status_code == 200 and r.json()["has_second_factor"] and r.json()["has_password"], r.text
    return setup["secret"], now


def sign_in_with(base_url: str, name: str, password: str, code: str) -> tuple[requests.Response, Console]:
    browser = Console(base_url, "sandbox", name)
    r = browser.session.post(base_url + SIGN_IN, json={"name": name, "password": password, "code": code},
                             timeout=HTTP_TIMEOUT)
    return r, browser


def test_a_reviewer_signs_in_with_a_password_and_an_authenticator(server, sandbox, production, as_reviewer):
    ann = as_reviewer("reviewer")
    name = ann.reviewer["name"]
    password = "correct horse battery staple"
    for bad, words in (("short", "12 to 128"), (name, "your name"), ("x" * 20, "repeated")):
        r = ann.put("/_docket/me/password", json={"password": bad})
        assert r.status_code == 400 and words in r.json()["message"], r.text
    seq = sandbox.last_seq()
    secret, confirmed_at = set_up_credentials(ann, password)
    # The journal keeps the requests, never the password, the secret or the code.
    dump = json.dumps(sandbox.journal(after=seq, limit=100))
    assert "/_docket/me/password" in dump and "/_docket/me/second-factor" in dump
    assert password not in dump and secret not in dump

    # The code that confirmed the authenticator is spent: the app's next one signs in.
    used = totp(secret, confirmed_at)
    r, _ = sign_in_with(server.url, name, password, used)
    assert r.status_code == 401, "a code is used once"
    code = totp(secret, confirmed_at + 30)
    for wrong_name, wrong_password, wrong_code in ((name, password + "!", code), (name + "x", password, code),
                                                   (name, password, f"{(int(code) + 1) % 1_000_000:06d}")):
        r, _ = sign_in_with(server.url, wrong_name, wrong_password, wrong_code)
        assert r.status_code == 401, r.text
        assert r.json()["message"] and "Set-Cookie" not in r.headers
    assert len({sign_in_with(server.url, name, password + "!", code)[0].json()["message"],
                sign_in_with(server.url, name + "x", password, code)[0].json()["message"]}) == 1, \
        "a wrong name and a wrong password are answered alike"
    r, browser = sign_in_with(server.url, name.upper(), password, code)
    assert r.status_code == 204, r.text
    assert re.match(r"docket_session=[A-Za-z0-9_-]{43,}; HttpOnly; SameSite=Strict; Path=/", r.headers["Set-Cookie"])
    assert browser.me()["id"] == ann.reviewer["id"]
    sessions = browser.get("/_docket/me/sessions").json()["data"]
    assert sorted(s["method"] for s in sessions) == ["link", "password"]
    assert [s["method"] for s in sessions if s["current"]] == ["password"]
    r, _ = sign_in_with(server.url, name, password, code)
    assert r.status_code == 401, "nor twice"

    # Every failure and the sign-in are on the organization's production chain; none is journaled.
    trail = production.get("/_docket/audit", params={"limit": 100}).json()["data"]
    mine = [e for e in trail if e["data"].get("name", "").lower() == name.lower() or e["reviewer_id"] == ann.reviewer["id"]]
    kinds = [e["kind"] for e in mine]
    assert kinds.count("sign_in_failed") >= 5 and "signed_in" in kinds and "second_factor_set" in kinds, kinds
    assert password not in json.dumps(trail)
    assert SIGN_IN not in json.dumps(sandbox.journal(after=seq, limit=200) + production.journal(limit=200))


def test_five_wrong_passwords_lock_the_account_for_a_while(docket_factory):
    """On a server of its own: failures from one address count towards that address's lock too."""
    srv = docket_factory()
    ann = sign_in(srv, add_reviewer(srv, "Ann Locked", "reviewer")["link"], name="Ann Locked")
    bob = sign_in(srv, add_reviewer(srv, "Bob Fine", "reviewer")["link"], name="Bob Fine")
    password = "correct horse battery staple"
    secret, at = set_up_credentials(ann, password)
    bob_secret, bob_at = set_up_credentials(bob, password)
    for attempt in range(5):
        r, _ = sign_in_with(srv.url, "Ann Locked", f"wrong password {attempt}", totp(secret, at + 30))
        assert r.status_code == 401, (attempt, r.text)
    r, _ = sign_in_with(srv.url, "Ann Locked", password, totp(secret, at + 30))
    assert r.status_code == 429, "locked, even with the right password"
    assert 0 < int(r.headers["Retry-After"]) <= 900, r.headers
    assert r.json()["message"] and "Set-Cookie" not in r.headers
    r, _ = sign_in_with(srv.url, "Bob Fine", password, totp(bob_secret, bob_at + 30))
    assert r.status_code == 204, "the lock is the account's"
    trail = srv.client(srv.production_key).get("/_docket/audit", params={"limit": 100}).json()["data"]
    failed = [e for e in trail if e["kind"] == "sign_in_failed"]
    assert len(failed) >= 5 and all(e["actor"] == "person" for e in failed), failed


def test_sessions_are_listed_and_ended_by_their_reviewer_and_by_an_admin(server, as_reviewer):
    ann = as_reviewer("reviewer")
    elsewhere = sign_in(server, server.cli("reviewers", "link", ann.reviewer["name"], "--url", server.url)
                        .stdout.strip().splitlines()[-1], name="Ann elsewhere")
    mine = ann.get("/_docket/me/sessions").json()["data"]
    assert len(mine) == 2 and [s["current"] for s in mine].count(True) == 1
    assert {s["reviewer"]["id"] for s in mine} == {ann.reviewer["id"]}
    other = next(s["id"] for s in mine if not s["current"])
    assert ann.delete(f"/_docket/me/sessions/{other}").status_code == 204
    assert elsewhere.get("/_docket/me").status_code == 401, "signed out on the server"
    assert ann.get("/_docket/me").status_code == 200

    admin = as_reviewer("admin")
    admins = next(s["id"] for s in admin.get("/_docket/me/sessions").json()["data"] if s["current"])
    r = ann.delete(f"/_docket/me/sessions/{admins}")
    assert r.status_code == 404, "one's own sessions only"
    r = ann.get("/_docket/sessions")
    assert r.status_code == 403 and "admin" in r.json()["message"]
    listed = admin.get("/_docket/sessions").json()["data"]
    anns = [s for s in listed if s["reviewer"]["id"] == ann.reviewer["id"]]
    assert len(anns) == 1 and anns[0]["method"] == "link"
    assert admin.delete(f"/_docket/sessions/{anns[0]['id']}").status_code == 204
    assert ann.get("/_docket/me").status_code == 401
    assert admin.get("/_docket/me").status_code == 200
    assert admin.delete(f"/_docket/sessions/{anns[0]['id']}").status_code == 404, "ended already"


def test_removing_a_reviewer_ends_their_sessions(server, owner_console, as_reviewer):
    ann = as_reviewer("reviewer")
    unused = server.cli("reviewers", "link", ann.reviewer["name"], "--url", server.url).stdout.strip().splitlines()[-1]
    admin = as_reviewer("admin")
    r = admin.delete(f"/_docket/reviewers/{ann.reviewer['id']}")
    assert r.status_code == 200 and r.json()["removed_at"], r.text
    assert ann.get("/_docket/me").status_code == 401
    assert Console(server.url).login(unused).status_code == 401, "their links went with them"
    assert admin.post(f"/_docket/reviewers/{ann.reviewer['id']}/link").status_code == 409
    assert admin.delete(f"/_docket/reviewers/{ann.reviewer['id']}").status_code == 409
    assert admin.delete(f"/_docket/reviewers/{owner_console.me()['id']}").status_code == 409, "not the owner"
    assert admin.delete(f"/_docket/reviewers/{admin.reviewer['id']}").status_code == 403, "not oneself"
    removed = [r for r in owner_console.get("/_docket/reviewers").json()["data"] if r["id"] == ann.reviewer["id"]]
    assert removed == [] or removed[0]["removed_at"]


def test_links_made_on_the_machine_name_the_running_servers_address(server, unique):
    """The shared server listens on a port the system chose: a link for the default address
    would not open it."""
    link = server.cli("console", "link").stdout.strip().splitlines()[-1]
    assert link.startswith(server.url + LOGIN + "?token="), link
    added = server.cli("reviewers", "add", unique("Addressed"), "--role", "reviewer").stdout.strip().splitlines()[-1]
    assert added.startswith(server.url + LOGIN + "?token="), added
    assert Console(server.url).login(added).status_code == 303
