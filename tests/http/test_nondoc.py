"""Non-document verification over HTTP (issue 35 item 2; public-api.md "Non-document checks"): the
two public types in their public shape, Docket's national identifiers, the sandbox's magic
registry outcomes, production never passing the registry, birth date and sex against the
applicant's, scopes, the event, the journal keeping no number, erasure, and bad input."""

from __future__ import annotations

import json
import uuid

import pytest

V = "/api/v4/nondoc/{}/verify"
L = "/api/v4/nondoc/{}/checks"
G = "/api/v4/nondoc/checks/{}"
STEPS = ["format", "check_digits", "birth_date", "sex", "registry_lookup"]
FIELDS = {"id", "applicant_id", "verification_type", "id_type", "country", "number_masked", "status", "checks",
          "encoded", "is_sandbox", "created_at"}


def pesel(body: str) -> str:
    """A PESEL with its check digit (the published weights 1, 3, 7, 9)."""
    total = sum(int(d) * w for d, w in zip(body, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]))
    return body + str((10 - total % 10) % 10)


def person(client, dob="2002-01-13", gender="F", name="Anna Nowak"):
    return client.create_applicant({"info": {"full_name": name, "dob": dob, "gender": gender}})


def verify(client, applicant, verification_type, **data):
    r = client.post(V.format(applicant), json={"verification_type": verification_type, "request_data": data})
    assert r.status_code == 200, r.text
    return r.json()


def steps(check):
    assert [s["step"] for s in check["checks"]] == STEPS, check["checks"]
    return {s["step"]: s for s in check["checks"]}


def test_a_bvn_in_the_public_shape_is_checked_and_kept_on_the_applicant(sandbox):
    applicant = person(sandbox)
    c = verify(sandbox, applicant, "NONDOC_NIGERIA_BVN_BASIC", bvn="22345678901")
    assert FIELDS <= set(c), FIELDS - set(c)
    assert (c["verification_type"], c["id_type"], c["country"]) == ("NONDOC_NIGERIA_BVN_BASIC", "NG_BVN", "NG")
    assert c["status"] == "passed" and c["is_sandbox"] is True and c["applicant_id"] == applicant
    assert c["number_masked"] == "•••••••8901" and "22345678901" not in json.dumps(c)
    s = steps(c)
    assert s["format"]["status"] == "passed"
    assert s["check_digits"]["status"] == "not_applicable" and "no public check digit" in s["check_digits"]["message"]
    assert s["birth_date"]["status"] == s["sex"]["status"] == "not_applicable"
    assert s["registry_lookup"]["status"] == "passed"
    assert s["registry_lookup"]["evidence"]["full_name"] == "Anna Nowak"
    assert sandbox.get(G.format(c["id"])).json() == c
    nin = verify(sandbox, applicant, "NONDOC_NIGERIA_NIN", nin="12345678901")
    assert (nin["id_type"], nin["status"]) == ("NG_NIN", "passed")
    listed = sandbox.get(L.format(applicant)).json()
    assert [x["id"] for x in listed["data"]] == [nin["id"], c["id"]] and listed["has_next"] is False
    only_bvn = sandbox.get(L.format(applicant), params={"verification_type": "NONDOC_NIGERIA_BVN_BASIC"}).json()
    assert [x["id"] for x in only_bvn["data"]] == [c["id"]]


@pytest.mark.parametrize("number,status,outcome", [
    ("22345678901", "passed", "found"),
    ("22345678000", "failed", "not_found"),
    ("22345678111", "failed", "name_mismatch"),
    ("22345678222", "failed", "date_of_birth_mismatch"),
    ("22345678999", "needs_review", "registry_unavailable"),
])
def test_sandbox_magic_numbers_give_their_documented_registry_outcomes(sandbox, number, status, outcome):
    c = verify(sandbox, person(sandbox, dob="1990-03-09"), "NONDOC_NIGERIA_BVN_BASIC", bvn=number)
    lookup = steps(c)["registry_lookup"]
    assert (c["status"], lookup["evidence"]["outcome"]) == (status, outcome), lookup
    if outcome == "date_of_birth_mismatch":
        assert lookup["evidence"]["date_of_birth"] == "1989-03-09"


def test_national_identifiers_magic_numbers_sit_before_the_check_digit(sandbox):
    applicant = person(sandbox, dob="1990-03-09", gender="F")
    # 1990-03-09, a woman (the tenth digit even), ending 000 before its check digit: not found.
    missing = verify(sandbox, applicant, "NONDOC_NATIONAL_ID", id_type="PL_PESEL", number=pesel("9003091000"))
    assert steps(missing)["birth_date"]["status"] == "passed"
    assert steps(missing)["registry_lookup"]["evidence"]["outcome"] == "not_found"
    found = verify(sandbox, applicant, "NONDOC_NATIONAL_ID", id_type="PL_PESEL", number=pesel("9003091234"))
    assert found["status"] == "passed", found


def test_production_never_passes_the_registry(production):
    applicant = person(production)
    c = verify(production, applicant, "NONDOC_NATIONAL_ID", id_type="PL_PESEL", number="02211307589")
    s = steps(c)
    assert [s[n]["status"] for n in STEPS] == ["passed", "passed", "passed", "passed", "error"]
    assert "cannot be reached offline" in s["registry_lookup"]["message"]
    assert c["status"] == "needs_review" and c["is_sandbox"] is False
    for t, field in [("NONDOC_NIGERIA_BVN_BASIC", "bvn"), ("NONDOC_NIGERIA_NIN", "nin")]:
        # Even a sandbox magic number: production has no simulation.
        c = verify(production, applicant, t, **{field: "22345678901"})
        assert c["status"] == "needs_review" and steps(c)["registry_lookup"]["status"] == "error"


def test_a_birth_date_or_sex_that_disagrees_with_the_applicant_fails_with_evidence(sandbox):
    applicant = person(sandbox, dob="2002-01-14", gender="M")
    c = verify(sandbox, applicant, "NONDOC_NATIONAL_ID", id_type="PL_PESEL", number="02211307589")
    s = steps(c)
    assert c["status"] == "failed"
    assert s["birth_date"]["status"] == "failed"
    assert s["birth_date"]["evidence"] == {"encoded": "2002-01-13", "applicant": "2002-01-14"}
    assert s["sex"]["status"] == "failed" and s["sex"]["evidence"] == {"encoded": "F", "applicant": "M"}
    assert c["encoded"] == {"birth_date": "2002-01-13", "sex": "F"}
    swede = verify(sandbox, person(sandbox, dob="1988-03-20", gender="M"), "NONDOC_NATIONAL_ID",
                   id_type="SE_PERSONNUMMER", number="880320-0016")
    assert swede["status"] == "passed", swede


def test_a_bad_number_is_a_failed_check_with_its_reason(sandbox):
    applicant = person(sandbox)
    digit = verify(sandbox, applicant, "NONDOC_NATIONAL_ID", id_type="PL_PESEL", number="02211307588")
    assert [steps(digit)[n]["status"] for n in STEPS] == ["passed", "failed", "skipped", "skipped", "skipped"]
    date = verify(sandbox, applicant, "NONDOC_NATIONAL_ID", id_type="PL_PESEL", number="02381307589")
    assert steps(date)["format"]["evidence"] == {"code": "impossible_date"} and date["status"] == "failed"
    short = verify(sandbox, applicant, "NONDOC_NIGERIA_NIN", nin="1234")
    assert steps(short)["format"]["status"] == "failed" and "this identifier has 11" in steps(short)["format"]["message"]


def test_the_sandbox_cannot_see_productions_checks(sandbox, production):
    applicant = person(production)
    c = verify(production, applicant, "NONDOC_NIGERIA_BVN_BASIC", bvn="22345678901")
    assert sandbox.get(G.format(c["id"])).status_code == 404
    assert sandbox.get(L.format(applicant)).status_code == 404
    r = sandbox.post(V.format(applicant), json={"verification_type": "NONDOC_NIGERIA_BVN_BASIC",
                                                "request_data": {"bvn": "22345678901"}})
    assert r.status_code == 404 and r.json()["message"]
    assert production.get(G.format(c["id"])).json() == c


@pytest.mark.parametrize("body,words", [
    ({"verification_type": "NONDOC_PASSPORT", "request_data": {"bvn": "22345678901"}}, "verification_type"),
    ({"verification_type": "NONDOC_NIGERIA_BVN_BASIC", "request_data": {"nin": "12345678901"}}, "request_data.bvn"),
    ({"verification_type": "NONDOC_NIGERIA_NIN", "request_data": {}}, "request_data.nin"),
    ({"verification_type": "NONDOC_NIGERIA_BVN_BASIC", "request_data": {"bvn": 22345678901}}, "leading zeros"),
    ({"verification_type": "NONDOC_NIGERIA_BVN_BASIC", "request_data": "22345678901"}, "request_data"),
    ({"verification_type": "NONDOC_NIGERIA_BVN_BASIC", "request_data": {"bvn": "2" * 65}}, "at most 64"),
    ({"verification_type": "NONDOC_NATIONAL_ID", "request_data": {"id_type": "XX_ID", "number": "1"}}, "PL_PESEL"),
    ({"verification_type": "NONDOC_NATIONAL_ID", "request_data": {"id_type": "PL_PESEL"}}, "request_data.number"),
    ({"request_data": {"bvn": "22345678901"}}, "verification_type"),
    ({"verification_type": "NONDOC_NIGERIA_NIN", "request_data": {"nin": "1"}, "extra": 1}, "extra"),
])
def test_bad_requests_are_refused_naming_the_field(sandbox, body, words):
    r = sandbox.post(V.format(person(sandbox)), json=body)
    assert r.status_code == 400, r.text
    assert words in r.json()["message"], r.json()


def test_wrong_applicants_and_hostile_bodies_are_4xx(sandbox):
    body = {"verification_type": "NONDOC_NIGERIA_BVN_BASIC", "request_data": {"bvn": "22345678901"}}
    for applicant, status in [(str(uuid.uuid4()), 404), ("not-a-uuid", 400)]:
        r = sandbox.post(V.format(applicant), json=body)
        assert r.status_code == status and r.json()["message"], r.text
    applicant = person(sandbox)
    for raw in [b"{", b"[]", b"null", b'{"verification_type": 1}', "{\"verification_type\": \"\u202e\"}".encode()]:
        r = sandbox.post(V.format(applicant), data=raw, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["message"], (raw, r.text)
    huge = json.dumps({"verification_type": "NONDOC_NIGERIA_NIN", "request_data": {"nin": "1" * (2 << 20)}})
    r = sandbox.post(V.format(applicant), data=huge, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["message"]
    for params in [{"status": "maybe"}, {"verification_type": "X"}, {"created_from": "yesterday"}, {"limit": "0"}]:
        r = sandbox.get(L.format(applicant), params=params)
        assert r.status_code == 400 and r.json()["message"], (params, r.text)
    assert sandbox.get(G.format(uuid.uuid4())).status_code == 404


def test_the_event_carries_the_check_and_the_journal_keeps_no_number(sandbox):
    applicant = person(sandbox)
    seq = sandbox.last_seq()
    c = verify(sandbox, applicant, "NONDOC_NATIONAL_ID", id_type="PL_PESEL", number="02211307589")
    events = sandbox.get("/_docket/events", params={"type": "NONDOC_VERIFICATION", "limit": 100}).json()["data"]
    (event,) = [e for e in events if e["payload"]["id"] == c["id"]]
    assert event["payload"] == c
    (entry,) = [e for e in sandbox.journal(after=seq, limit=50) if e["path"] == V.format(applicant)]
    assert json.loads(entry["request_body"])["request_data"]["number"] == "[redacted]", entry["request_body"]
    assert "02211307589" not in json.dumps(entry)


def test_erasing_the_applicant_erases_its_checks(sandbox):
    applicant = person(sandbox)
    c = verify(sandbox, applicant, "NONDOC_NIGERIA_BVN_BASIC", bvn="22345678901")
    r = sandbox.delete(f"/api/v3/applicants/{applicant}")
    assert r.status_code in (200, 204), r.text
    assert sandbox.get(G.format(c["id"])).status_code == 404


def test_the_identifiers_are_listed_with_what_they_encode(sandbox):
    types = sandbox.get("/api/v4/nondoc/types").json()
    assert len(types) >= 24
    by = {t["id_type"]: t for t in types}
    assert by["NG_BVN"]["verification_type"] == "NONDOC_NIGERIA_BVN_BASIC" and by["NG_BVN"]["check_digit"] is False
    assert by["SE_PERSONNUMMER"] == {"id_type": "SE_PERSONNUMMER", "verification_type": "NONDOC_NATIONAL_ID",
                                     "country": "SE", "name": by["SE_PERSONNUMMER"]["name"], "check_digit": True,
                                     "encodes_birth_date": True, "encodes_sex": True}
    assert sum(t["check_digit"] for t in types) >= 15
