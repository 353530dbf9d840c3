"""Every applicant endpoint, end to end, over HTTP (`/api/v3/applicants`)."""

from __future__ import annotations

import re
import threading
import urllib.parse
import uuid
from datetime import datetime

import pytest
import requests

A = "/api/v3/applicants"
UUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
TIME_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")

SPEC_FIELDS = {
    "applicant_id", "external_id", "type", "email", "phone", "system_info", "provided_info",
    "last_verification_id", "verification_status", "aml_screening_enabled", "last_aml_screening_id",
    "last_screened_at", "last_risk_score", "last_tags", "tg_profile", "search_options",
}
INFO_FIELDS = {
    "full_name", "first_name", "last_name", "dob", "gender", "citizenship", "country", "address",
    "addresses", "registration_id", "email", "phone", "custom_fields",
}
DEFAULT_SEARCH_OPTIONS = {
    "risk_scores": [], "tags": [], "sources": [], "fuzziness": True, "fuzziness_level": 1,
    "phonetics": True, "mode": 0,
}


def _seconds(rfc3339: str) -> float:
    return datetime.fromisoformat(rfc3339.replace("Z", "+00:00")).timestamp()


def full_person(external_id: str) -> dict:
    return {
        "external_id": external_id,
        "email": "john.doe@example.org",
        "phone": "+1234567890",
        "info": {
            "full_name": "John Doe", "first_name": "John", "last_name": "Doe",
            "dob": "1987-12-24T00:00:00.000Z", "gender": "M", "citizenship": "DE", "country": "DE",
            "address": "Wiener Straße 17, 10999 Berlin",
            "addresses": {"residence": {"country": "DE", "city": "Berlin", "postal_code": "10999",
                                        "street": "Wiener Straße 17"}},
            "custom_fields": {"tier": "gold", "score": 7},
        },
        "aml_screening_enabled": False,
        "applicant_type": "Person",
        "search_options": {"risk_scores": ["Low"], "tags": ["Finance"], "sources": ["US_OFAC_SDN"],
                           "fuzziness": True, "fuzziness_level": 1, "phonetics": True, "mode": 0},
    }


# --- create and get ------------------------------------------------------------------------------


def test_create_person_answers_201_with_only_the_new_uuid(sandbox, unique):
    r = sandbox.post(A, json={"external_id": unique("p")})
    assert r.status_code == 201
    assert r.headers["content-type"].startswith("application/json")
    body = r.json()
    assert set(body) == {"id"}
    assert UUID_RE.match(body["id"]), body


def test_get_shows_every_spec_field_with_the_values_sent(sandbox, unique):
    ext = unique("full")
    applicant_id = sandbox.create_applicant(full_person(ext))
    a = sandbox.get_applicant(applicant_id)

    assert SPEC_FIELDS <= set(a), f"missing: {SPEC_FIELDS - set(a)}"
    assert a["applicant_id"] == applicant_id
    assert a["external_id"] == ext
    assert a["type"] == "Person"
    assert a["email"] == "john.doe@example.org"
    assert a["phone"] == "+1234567890"
    for info in (a["provided_info"], a["system_info"]):
        assert INFO_FIELDS <= set(info)
        assert info["full_name"] == "John Doe"
        assert (info["first_name"], info["last_name"]) == ("John", "Doe")
        assert info["dob"] == "1987-12-24T00:00:00.000Z"
        assert info["gender"] == "M"
        assert (info["citizenship"], info["country"]) == ("DE", "DE")
        assert info["address"] == "Wiener Straße 17, 10999 Berlin"
        assert info["addresses"]["residence"] == {"country": "DE", "state": None, "city": "Berlin",
                                                  "postal_code": "10999", "street": "Wiener Straße 17"}
        assert info["custom_fields"] == {"tier": "gold", "score": 7}
        assert (info["email"], info["phone"]) == ("john.doe@example.org", "+1234567890")
    assert a["aml_screening_enabled"] is False
    assert a["search_options"] == {"risk_scores": ["Low"], "tags": ["Finance"], "sources": ["US_OFAC_SDN"],
                                   "fuzziness": True, "fuzziness_level": 1, "phonetics": True, "mode": 0}
    assert TIME_RE.match(a["created_at"]) and a["updated_at"] == a["created_at"]


def test_fields_of_later_capabilities_are_present_and_null(sandbox):
    a = sandbox.get_applicant(sandbox.create_applicant({}))
    assert a["verification_status"] == "initial"
    for field in ("last_verification_id", "last_aml_screening_id", "last_screened_at", "last_risk_score",
                  "last_tags", "tg_profile", "external_id", "email", "phone"):
        assert field in a and a[field] is None, field
    assert a["type"] == "Person"
    assert a["aml_screening_enabled"] is False
    assert a["search_options"] == DEFAULT_SEARCH_OPTIONS


def test_create_organization_with_legal_name_and_registration_id(sandbox, unique):
    ext = unique("org")
    applicant_id = sandbox.create_applicant({
        "external_id": ext, "applicant_type": "Organization",
        "info": {"full_name": "ACME Widgets GmbH", "registration_id": "HRB 123456", "country": "de",
                 "addresses": {"registered": {"country": "DE", "city": "Hamburg"}}},
    })
    a = sandbox.get_applicant(applicant_id)
    assert a["type"] == "Organization"
    assert a["system_info"]["full_name"] == "ACME Widgets GmbH"
    assert a["provided_info"]["registration_id"] == "HRB 123456"
    assert a["system_info"]["country"] == "DE"
    assert a["system_info"]["addresses"]["registered"]["city"] == "Hamburg"
    for person_only in ("first_name", "last_name", "dob", "gender", "citizenship"):
        assert a["provided_info"][person_only] is None


def test_system_info_fills_full_name_from_first_and_last_while_provided_info_keeps_what_was_sent(sandbox):
    a = sandbox.get_applicant(sandbox.create_applicant({"info": {"first_name": "Ada", "last_name": "Lovelace"}}))
    assert a["provided_info"]["full_name"] is None
    assert a["system_info"]["full_name"] == "Ada Lovelace"


def test_contact_details_inside_info_end_up_in_email_and_phone(sandbox):
    # The Python client sends them inside `info`.
    a = sandbox.get_applicant(sandbox.create_applicant(
        {"info": {"full_name": "Info Contact", "email": "info@example.org", "phone": "+49 30 1234567"}}))
    assert (a["email"], a["phone"]) == ("info@example.org", "+49 30 1234567")
    assert (a["provided_info"]["email"], a["system_info"]["phone"]) == ("info@example.org", "+49 30 1234567")


def test_top_level_contact_details_win_over_those_inside_info(sandbox):
    a = sandbox.get_applicant(sandbox.create_applicant(
        {"email": "top@example.org", "info": {"email": "inner@example.org"}}))
    assert a["email"] == "top@example.org"


def test_null_values_in_a_create_body_count_as_not_given(sandbox):
    r = sandbox.post(A, json={"external_id": None, "email": None, "phone": None, "applicant_type": None,
                              "aml_screening_enabled": None, "search_options": None,
                              "info": {"full_name": "Null Fields", "dob": None, "gender": None, "citizenship": None}})
    assert r.status_code == 201, r.text
    a = sandbox.get_applicant(r.json()["id"])
    assert a["type"] == "Person" and a["aml_screening_enabled"] is False
    assert a["search_options"] == DEFAULT_SEARCH_OPTIONS
    assert a["provided_info"]["dob"] is None and a["external_id"] is None


def test_empty_body_and_unknown_fields_are_accepted(sandbox):
    assert sandbox.post(A).status_code == 201
    r = sandbox.post(A, json={"info": {"full_name": "Extra", "nickname": "x"}, "whatever": [1, 2]})
    assert r.status_code == 201, r.text
    assert "nickname" not in sandbox.get_applicant(r.json()["id"])["provided_info"]


def test_values_are_normalised(sandbox):
    a = sandbox.get_applicant(sandbox.create_applicant({
        "type": "Person",
        "info": {"full_name": "  Padded Name  ", "gender": "Female", "citizenship": "fr", "country": "it",
                 "dob": "1990-03-04T23:30:00-05:00"},
    }))
    info = a["provided_info"]
    assert info["full_name"] == "Padded Name"
    assert info["gender"] == "F"
    assert (info["citizenship"], info["country"]) == ("FR", "IT")
    assert info["dob"] == "1990-03-04T00:00:00.000Z"  # the date part is the date of birth


def test_search_options_mode_accepts_names_and_lists_drop_duplicates(sandbox):
    a = sandbox.get_applicant(sandbox.create_applicant({"search_options": {
        "mode": "FIRST_AND_LAST_NAMES_ONLY", "tags": ["PEP", "PEP", "Sanctions"], "fuzziness_level": 0.5}}))
    assert a["search_options"]["mode"] == 2
    assert sorted(a["search_options"]["tags"]) == ["PEP", "Sanctions"]
    assert a["search_options"]["fuzziness_level"] == 0.5


def test_get_unknown_applicant_is_404(sandbox):
    r = sandbox.get(f"{A}/{uuid.uuid4()}")
    assert r.status_code == 404
    assert r.json()["error"] == "not_found" and "applicant" in r.json()["message"]


# --- external ids --------------------------------------------------------------------------------


def test_get_by_external_id_with_space_and_slash_when_url_encoded(sandbox, unique):
    ext = f"crm user/{unique('id')} #1?"
    applicant_id = sandbox.create_applicant({"external_id": ext})
    r = sandbox.get(f"{A}/by_external_id/{urllib.parse.quote(ext, safe='')}")
    assert r.status_code == 200, r.text
    assert r.json()["applicant_id"] == applicant_id
    assert r.json()["external_id"] == ext


def test_get_by_external_id_keeps_unicode_and_surrounding_spaces_verbatim(sandbox, unique):
    ext = f" Ünïcödé {unique('x')} "
    applicant_id = sandbox.create_applicant({"external_id": ext})
    r = sandbox.get(f"{A}/by_external_id/{urllib.parse.quote(ext, safe='')}")
    assert r.status_code == 200 and r.json()["applicant_id"] == applicant_id
    assert r.json()["external_id"] == ext
    assert sandbox.get(f"{A}/by_external_id/{urllib.parse.quote(ext.strip(), safe='')}").status_code == 404


def test_get_by_unknown_external_id_is_404(sandbox, unique):
    r = sandbox.get(f"{A}/by_external_id/{unique('nobody')}")
    assert r.status_code == 404 and r.json()["error"] == "not_found"


def test_duplicate_external_id_is_409_and_the_first_applicant_is_unchanged(sandbox, unique):
    ext = unique("dup")
    first = sandbox.create_applicant({"external_id": ext, "info": {"full_name": "First"}})
    r = sandbox.post(A, json={"external_id": ext, "info": {"full_name": "Second"}})
    assert r.status_code == 409
    assert r.json()["error"] == "conflict" and ext in r.json()["message"]
    got = sandbox.get(f"{A}/by_external_id/{ext}").json()
    assert got["applicant_id"] == first and got["system_info"]["full_name"] == "First"


def test_concurrent_creates_with_one_external_id_give_one_201_and_the_rest_409(sandbox, unique):
    ext = unique("race")
    statuses: list[int] = []
    lock = threading.Lock()
    barrier = threading.Barrier(8)

    def worker() -> None:
        barrier.wait()
        r = requests.post(sandbox.base_url + A, json={"external_id": ext},
                          headers={"ds-api-token": sandbox.key}, timeout=15)
        with lock:
            statuses.append(r.status_code)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [201] + [409] * 7
    assert sandbox.get(f"{A}/by_external_id/{ext}").status_code == 200


# --- list ----------------------------------------------------------------------------------------


def test_list_pages_newest_first_with_has_next(sandbox, reset):
    ids = [sandbox.create_applicant({"external_id": f"page-{i}"}) for i in range(5)]
    newest_first = list(reversed(ids))

    pages = [sandbox.list_applicants(page=p, limit=2) for p in range(3)]
    assert [a["applicant_id"] for p in pages for a in p["data"]] == newest_first
    assert [len(p["data"]) for p in pages] == [2, 2, 1]
    assert [p["has_next"] for p in pages] == [True, True, False]

    exact = sandbox.list_applicants(page=0, limit=5)
    assert len(exact["data"]) == 5 and exact["has_next"] is False
    past_end = sandbox.list_applicants(page=7, limit=2)
    assert past_end == {"data": [], "has_next": False}
    assert sandbox.list_applicants(page=100000, limit=100) == {"data": [], "has_next": False}


def test_list_defaults_to_page_0_and_limit_10(sandbox, reset):
    ids = [sandbox.create_applicant({}) for _ in range(11)]
    first = sandbox.list_applicants()
    assert [a["applicant_id"] for a in first["data"]] == list(reversed(ids))[:10]
    assert first["has_next"] is True
    assert [a["applicant_id"] for a in sandbox.list_applicants(page=1)["data"]] == [ids[0]]


def test_list_items_are_full_applicants(sandbox, reset):
    applicant_id = sandbox.create_applicant(full_person("listed"))
    (item,) = sandbox.list_applicants()["data"]
    assert item == sandbox.get_applicant(applicant_id)


def test_list_name_filter_is_case_and_accent_insensitive_and_matches_parts(sandbox, reset):
    muller = sandbox.create_applicant({"info": {"first_name": "Jürgen", "last_name": "Müller-Lüdenscheidt"}})
    jose = sandbox.create_applicant({"info": {"full_name": "José Álvarez"}})
    sokolov = sandbox.create_applicant({"info": {"full_name": "Иван Соколов"}})
    sandbox.create_applicant({"info": {"full_name": "Somebody Else"}})

    def names(term: str) -> set[str]:
        return {a["applicant_id"] for a in sandbox.list_applicants(name=term)["data"]}

    assert names("muller") == {muller}
    assert names("MÜLLER") == {muller}
    assert names("jurgen") == {muller}          # first name
    assert names("ludensch") == {muller}        # part of the last name
    assert names("jose alvarez") == {jose}      # full name, accents dropped
    assert names("ÁLVAREZ") == {jose}
    assert names("sokolov") == {sokolov}        # transliterated
    assert names("Соколов") == {sokolov}
    assert names("nobody-has-this-name") == set()
    assert len(names("   ")) == 4                # a blank filter filters nothing


def test_list_name_filter_treats_percent_and_underscore_literally(sandbox, reset):
    percent = sandbox.create_applicant({"info": {"full_name": "100% Genuine Ltd"}})
    underscore = sandbox.create_applicant({"info": {"full_name": "snake_case person"}})
    sandbox.create_applicant({"info": {"full_name": "snakeXcase person"}})
    sandbox.create_applicant({"info": {"full_name": "1000 Genuine Ltd"}})

    assert [a["applicant_id"] for a in sandbox.list_applicants(name="%")["data"]] == [percent]
    assert [a["applicant_id"] for a in sandbox.list_applicants(name="0% g")["data"]] == [percent]
    assert [a["applicant_id"] for a in sandbox.list_applicants(name="e_c")["data"]] == [underscore]
    assert [a["applicant_id"] for a in sandbox.list_applicants(name="_")["data"]] == [underscore]


def test_list_country_filter_matches_residence_or_citizenship(sandbox, reset):
    lives_in_de = sandbox.create_applicant({"info": {"full_name": "A", "country": "DE", "citizenship": "FR"}})
    citizen_of_de = sandbox.create_applicant({"info": {"full_name": "B", "country": "AT", "citizenship": "DE"}})
    sandbox.create_applicant({"info": {"full_name": "C", "country": "US", "citizenship": "US"}})
    got = {a["applicant_id"] for a in sandbox.list_applicants(country="de")["data"]}
    assert got == {lives_in_de, citizen_of_de}
    assert {a["applicant_id"] for a in sandbox.list_applicants(country="FR")["data"]} == {lives_in_de}
    assert sandbox.list_applicants(country="JP")["data"] == []


def test_list_type_filter(sandbox, reset):
    person = sandbox.create_applicant({"info": {"full_name": "A Person"}})
    org = sandbox.create_applicant({"applicant_type": "Organization", "info": {"full_name": "An Org"}})
    assert [a["applicant_id"] for a in sandbox.list_applicants(type="Person")["data"]] == [person]
    assert [a["applicant_id"] for a in sandbox.list_applicants(type="Organization")["data"]] == [org]


def test_list_dob_filter_takes_a_date_or_a_date_time(sandbox, reset):
    match = sandbox.create_applicant({"info": {"full_name": "Born Xmas Eve", "dob": "1987-12-24"}})
    sandbox.create_applicant({"info": {"full_name": "Born Xmas", "dob": "1987-12-25"}})
    assert [a["applicant_id"] for a in sandbox.list_applicants(dob="1987-12-24")["data"]] == [match]
    assert [a["applicant_id"] for a in sandbox.list_applicants(dob="1987-12-24T00:00:00.000Z")["data"]] == [match]
    assert sandbox.list_applicants(dob="1987-12-23")["data"] == []


def test_list_filters_combine_and_page(sandbox, reset):
    wanted = [sandbox.create_applicant({"info": {"full_name": f"Anna Berg {i}", "country": "SE"}}) for i in range(3)]
    sandbox.create_applicant({"info": {"full_name": "Anna Berg 9", "country": "NO"}})
    sandbox.create_applicant({"info": {"full_name": "Other Person", "country": "SE"}})
    first = sandbox.list_applicants(name="anna berg", country="SE", type="Person", limit=2)
    second = sandbox.list_applicants(name="anna berg", country="SE", type="Person", limit=2, page=1)
    assert [a["applicant_id"] for a in first["data"] + second["data"]] == list(reversed(wanted))
    assert (first["has_next"], second["has_next"]) == (True, False)


# --- update --------------------------------------------------------------------------------------


def test_update_merges_absent_keeps_null_clears_value_sets(sandbox, unique):
    applicant_id = sandbox.create_applicant(full_person(unique("merge")))
    r = sandbox.post(f"{A}/{applicant_id}", json={
        "full_name": "John A. Doe",          # set
        "address": None,                     # clear
        "country": "FR",                     # set
        "gender": None,                      # clear
        # first_name, last_name, dob, citizenship, registration_id: absent, kept
    })
    assert r.status_code == 200, r.text
    a = r.json()
    assert a == sandbox.get_applicant(applicant_id)  # answers with the stored applicant
    info = a["provided_info"]
    assert info["full_name"] == "John A. Doe" and a["system_info"]["full_name"] == "John A. Doe"
    assert info["address"] is None and info["gender"] is None
    assert info["country"] == "FR"
    assert (info["first_name"], info["last_name"], info["citizenship"]) == ("John", "Doe", "DE")
    assert info["dob"] == "1987-12-24T00:00:00.000Z"
    assert (a["email"], a["phone"]) == ("john.doe@example.org", "+1234567890")


def test_update_merges_addresses_and_custom_fields_by_key(sandbox):
    applicant_id = sandbox.create_applicant({"info": {
        "full_name": "Merge Keys",
        "addresses": {"residence": {"country": "DE", "city": "Berlin"}, "business": {"city": "Munich"}},
        "custom_fields": {"keep": 1, "change": "old", "drop": True},
    }})
    a = sandbox.post(f"{A}/{applicant_id}", json={
        "addresses": {"residence": {"country": "FR", "city": "Paris"}, "business": None,
                      "registered": {"city": "Lyon"}},
        "custom_fields": {"change": "new", "drop": None, "added": [1, 2]},
    }).json()
    info = a["provided_info"]
    assert set(info["addresses"]) == {"residence", "registered"}
    assert (info["addresses"]["residence"]["country"], info["addresses"]["residence"]["city"]) == ("FR", "Paris")
    assert info["addresses"]["registered"]["city"] == "Lyon"
    assert info["custom_fields"] == {"keep": 1, "change": "new", "added": [1, 2]}
    assert info["full_name"] == "Merge Keys"


def test_update_accepts_the_nested_info_form_too(sandbox):
    applicant_id = sandbox.create_applicant({"info": {"full_name": "Nested Form", "citizenship": "DE"}})
    a = sandbox.post(f"{A}/{applicant_id}", json={"info": {"citizenship": "PL", "first_name": "Nested"}}).json()
    assert a["provided_info"]["citizenship"] == "PL" and a["provided_info"]["first_name"] == "Nested"
    assert a["provided_info"]["full_name"] == "Nested Form"


def test_update_sets_and_clears_email_and_phone(sandbox):
    applicant_id = sandbox.create_applicant({"email": "old@example.org", "phone": "+1 555 0100"})
    a = sandbox.post(f"{A}/{applicant_id}", json={"email": "new@example.org"}).json()
    assert (a["email"], a["phone"]) == ("new@example.org", "+1 555 0100")
    assert a["provided_info"]["email"] == "new@example.org"
    a = sandbox.post(f"{A}/{applicant_id}", json={"phone": None}).json()
    assert (a["email"], a["phone"]) == ("new@example.org", None)
    assert a["system_info"]["phone"] is None


def test_update_recomputes_system_full_name_and_the_name_filter(sandbox, unique):
    last = unique("Zed").replace("-", "")
    applicant_id = sandbox.create_applicant({"info": {"first_name": "Ann", "last_name": "Old"}})
    a = sandbox.post(f"{A}/{applicant_id}", json={"last_name": last}).json()
    assert a["system_info"]["full_name"] == f"Ann {last}"
    assert [x["applicant_id"] for x in sandbox.list_applicants(name=last.lower())["data"]] == [applicant_id]


def test_update_with_an_empty_body_changes_nothing_but_updated_at(sandbox, real_clock):
    applicant_id = sandbox.create_applicant(full_person(f"empty-update-{uuid.uuid4().hex[:8]}"))
    before = sandbox.get_applicant(applicant_id)
    assert sandbox.post("/_docket/clock/advance", json={"by": "1h"}).status_code == 200
    after = sandbox.post(f"{A}/{applicant_id}", json={}).json()
    assert after["updated_at"] > before["updated_at"]
    assert after["created_at"] == before["created_at"]
    assert {k: v for k, v in after.items() if k != "updated_at"} == {k: v for k, v in before.items() if k != "updated_at"}


def test_update_sets_search_options_and_screening(sandbox):
    applicant_id = sandbox.create_applicant({})
    a = sandbox.post(f"{A}/{applicant_id}", json={"aml_screening_enabled": True,
                                                  "search_options": {"risk_scores": ["High"], "phonetics": False}}).json()
    assert a["aml_screening_enabled"] is True
    assert a["search_options"] == {**DEFAULT_SEARCH_OPTIONS, "risk_scores": ["High"], "phonetics": False}


def test_a_refused_update_changes_nothing(sandbox):
    applicant_id = sandbox.create_applicant({"applicant_type": "Organization",
                                             "info": {"full_name": "Atomic Org", "country": "DE"}})
    before = sandbox.get_applicant(applicant_id)
    r = sandbox.post(f"{A}/{applicant_id}", json={"country": "FR", "dob": "1990-01-01"})
    assert r.status_code == 400
    assert r.json()["field"] == "dob" and "Person applicants only" in r.json()["message"]
    assert sandbox.get_applicant(applicant_id) == before


def test_update_of_an_unknown_applicant_is_404(sandbox):
    r = sandbox.post(f"{A}/{uuid.uuid4()}", json={"full_name": "Ghost"})
    assert r.status_code == 404 and r.json()["error"] == "not_found"


def test_update_accepts_contact_details_inside_info(sandbox):
    applicant_id = sandbox.create_applicant({"info": {"full_name": "Contact Update"}})
    r = sandbox.post(f"{A}/{applicant_id}", json={"info": {"email": "later@example.org", "phone": "+1 555 0199"}})
    assert r.status_code == 200
    assert (r.json()["email"], r.json()["phone"]) == ("later@example.org", "+1 555 0199")


def test_update_with_null_custom_fields_and_addresses_clears_them(sandbox):
    applicant_id = sandbox.create_applicant({"info": {"full_name": "Clear Maps",
                                                      "addresses": {"residence": {"city": "Oslo"}},
                                                      "custom_fields": {"a": 1}}})
    a = sandbox.post(f"{A}/{applicant_id}", json={"custom_fields": None, "addresses": None}).json()
    assert a["provided_info"]["custom_fields"] == {}
    assert a["provided_info"]["addresses"] == {}


# --- search options, screening, Telegram ---------------------------------------------------------


def test_search_options_endpoint_changes_only_the_fields_sent(sandbox):
    applicant_id = sandbox.create_applicant({"search_options": {"tags": ["Finance"], "mode": 1}})
    r = sandbox.post(f"{A}/{applicant_id}/search-options",
                     json={"risk_scores": ["High", "Medium", "High"], "fuzziness": False, "fuzziness_level": 0})
    assert r.status_code == 200, r.text
    opts = r.json()["search_options"]
    assert sorted(opts["risk_scores"]) == ["High", "Medium"]
    assert (opts["fuzziness"], opts["fuzziness_level"]) == (False, 0)
    assert (opts["tags"], opts["mode"], opts["phonetics"]) == (["Finance"], 1, True)
    assert r.json()["applicant_id"] == applicant_id
    assert sandbox.get_applicant(applicant_id)["search_options"] == opts

    opts = sandbox.post(f"{A}/{applicant_id}/search-options",
                        json={"mode": "AUTO", "sources": ["UN_SCC"], "tags": []}).json()["search_options"]
    assert (opts["mode"], opts["sources"], opts["tags"]) == (0, ["UN_SCC"], [])


def test_screening_switch_turns_monitoring_on_and_off(sandbox):
    applicant_id = sandbox.create_applicant({})
    r = sandbox.post(f"{A}/{applicant_id}/screening", json={"aml_screening_enabled": True})
    assert r.status_code == 200 and r.json()["aml_screening_enabled"] is True
    assert sandbox.get_applicant(applicant_id)["aml_screening_enabled"] is True
    r = sandbox.post(f"{A}/{applicant_id}/screening", json={"aml_screening_enabled": False})
    assert r.status_code == 200 and r.json()["aml_screening_enabled"] is False


def test_link_telegram_profile(sandbox):
    applicant_id = sandbox.create_applicant({})
    r = sandbox.post(f"{A}/{applicant_id}/link/tg", json={"tg_profile": "1234567890"})
    assert r.status_code == 200 and r.json()["tg_profile"] == "1234567890"
    assert sandbox.get_applicant(applicant_id)["tg_profile"] == "1234567890"


@pytest.mark.parametrize("suffix, body", [
    ("search-options", {"mode": 1}),
    ("screening", {"aml_screening_enabled": True}),
    ("link/tg", {"tg_profile": "42"}),
])
def test_sub_endpoints_of_an_unknown_applicant_are_404(sandbox, suffix, body):
    r = sandbox.post(f"{A}/{uuid.uuid4()}/{suffix}", json=body)
    assert r.status_code == 404 and r.json()["error"] == "not_found"


# --- delete --------------------------------------------------------------------------------------


def test_delete_answers_200_empty_then_404_and_the_external_id_is_free_again(sandbox, unique):
    ext = unique("gone")
    applicant_id = sandbox.create_applicant({"external_id": ext})
    r = sandbox.delete(f"{A}/{applicant_id}")
    assert r.status_code == 200
    assert r.content == b""
    assert sandbox.get(f"{A}/{applicant_id}").status_code == 404
    assert sandbox.get(f"{A}/by_external_id/{ext}").status_code == 404
    assert sandbox.post(f"{A}/{applicant_id}", json={"full_name": "X"}).status_code == 404
    again = sandbox.delete(f"{A}/{applicant_id}")
    assert again.status_code == 404 and again.json()["error"] == "not_found"

    reused = sandbox.create_applicant({"external_id": ext})
    assert reused != applicant_id
    assert sandbox.get(f"{A}/by_external_id/{ext}").json()["applicant_id"] == reused


def test_deleted_applicants_leave_the_list(sandbox, reset):
    keep = sandbox.create_applicant({})
    drop = sandbox.create_applicant({})
    assert sandbox.delete(f"{A}/{drop}").status_code == 200
    assert [a["applicant_id"] for a in sandbox.list_applicants()["data"]] == [keep]


# --- times follow the sandbox clock --------------------------------------------------------------


def test_created_at_follows_a_frozen_sandbox_clock(sandbox, real_clock):
    r = sandbox.post("/_docket/clock/set", json={"now": "2025-03-04T05:06:07.891Z", "freeze": True})
    assert r.status_code == 200, r.text
    first = sandbox.get_applicant(sandbox.create_applicant({}))
    second = sandbox.get_applicant(sandbox.create_applicant({}))
    assert first["created_at"] == second["created_at"] == "2025-03-04T05:06:07.891Z"

    assert sandbox.post("/_docket/clock/advance", json={"by": "36h"}).status_code == 200
    updated = sandbox.post(f"{A}/{first['applicant_id']}", json={"full_name": "Later"}).json()
    assert updated["updated_at"] == "2025-03-05T17:06:07.891Z"
    assert updated["created_at"] == "2025-03-04T05:06:07.891Z"


def test_created_at_follows_a_running_shifted_clock(sandbox, real_clock):
    clock = sandbox.post("/_docket/clock/set", json={"now": "2024-02-29T12:00:00+02:00"}).json()
    assert clock["mode"] == "shifted"
    created = sandbox.get_applicant(sandbox.create_applicant({}))["created_at"]
    assert created.startswith("2024-02-29T10:0"), created  # UTC, moments after the set time


def test_production_records_ignore_the_sandbox_clock(sandbox, production, real_clock):
    assert sandbox.post("/_docket/clock/set", json={"now": "2020-01-01T00:00:00Z", "freeze": True}).status_code == 200
    created = production.get_applicant(production.create_applicant({}))["created_at"]
    real_now = production.clock()["real_now"]
    assert abs(_seconds(real_now) - _seconds(created)) < 60, (created, real_now)
    assert sandbox.clock()["now"] == "2020-01-01T00:00:00.000Z"


def test_the_dob_upper_bound_is_the_sandbox_clocks_today(sandbox, real_clock):
    assert sandbox.post("/_docket/clock/set", json={"now": "2021-06-15T12:00:00Z", "freeze": True}).status_code == 200
    r = sandbox.post(A, json={"info": {"dob": "2021-06-16"}})
    assert r.status_code == 400
    assert r.json()["field"] == "info.dob" and "2021-06-15" in r.json()["message"]
    assert sandbox.post(A, json={"info": {"dob": "2021-06-15"}}).status_code == 201


# --- request ids ---------------------------------------------------------------------------------


def test_every_response_carries_an_x_request_id(sandbox, anonymous):
    responses = [
        sandbox.post(A, json={}),                                     # 201
        sandbox.get(A),                                               # 200
        sandbox.get(f"{A}/{uuid.uuid4()}"),                           # 404
        sandbox.get(f"{A}/not-a-uuid"),                               # 400
        sandbox.post(A, data="x", headers={"Content-Type": "text/plain"}),  # 415
        sandbox.request("PUT", A),                                    # 405
        anonymous.get(A),                                             # 401
        anonymous.get("/healthz"),                                    # 200, no key needed
        anonymous.get("/api/v3/no-such-route"),                       # 404
    ]
    ids = [r.headers.get("x-request-id") for r in responses]
    assert all(ids), list(zip([r.status_code for r in responses], ids))
    assert len(set(ids)) == len(ids), "request ids must be unique"


def test_an_incoming_x_request_id_is_echoed(sandbox):
    rid = f"test-{uuid.uuid4()}"
    assert sandbox.get(A, headers={"x-request-id": rid}).headers["x-request-id"] == rid
    assert sandbox.post(A, json={"external_id": ""}, headers={"x-request-id": rid + "-err"}).headers["x-request-id"] == rid + "-err"


def test_the_openapi_dob_admits_the_bare_dates_it_accepts(server, sandbox, unique):
    """The description must not refuse what the API takes: a validator (Prism) read the old
    `date-time` format and refused `1990-01-01`, which Docket accepts."""
    schema = sandbox.get("/openapi.json").json()["components"]["schemas"]["Dob"]
    assert schema["type"] == "string" and "format" not in schema, schema
    r = sandbox.post(A, json={"external_id": unique("dob"), "info": {"dob": "1990-01-01"}})
    assert r.status_code == 201, r.text
