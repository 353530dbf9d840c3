"""AML screening over HTTP: search, filters and match metadata, history and reports, list entities,
sandbox magic names, monitoring of applicants and its events, watchlist imports, isolation and bad
input (`/api/v3/aml/*`, `/_docket/aml/*`, `/_docket/events`).

Production searches imported lists only, so the matching behaviour is checked there against the
synthetic lists of the `watchlists` fixture (conftest.py), whose entities and namesakes are known;
the sandbox adds Docket's generated demo list and the magic names.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

S = "/api/v3/aml/search"
H = "/api/v3/aml/search/history"
A = "/api/v3/applicants"
LISTS = "/_docket/aml/lists"
FATF = "/_docket/aml/fatf"
EVENTS = "/_docket/events"

UUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
TIME_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")
MATCHED = {"FILTER_NOT_SET", "NO_MATCH", "MATCH", "PARTIAL_MATCH"}
LEVELS = {"ZERO_MATCH", "NOT_ENOUGH_DATA", "LOW", "MEDIUM", "HIGH", "FULL_MATCH"}
METHODS = {"exact", "fuzzy", "phonetic", "skeleton", "initial", "joined"}
RISKS = {"Low", "Medium", "High"}
FATF_STATUSES = {"CallForAction", "IncreasedMonitoring", "FatfMember", "NotListed"}
ENTITY_FIELDS = {
    "names", "sources", "media", "images", "contact_info", "registration_ids", "addresses", "genders",
    "dates_of_birth", "places_of_birth", "dates_of_death", "places_of_death", "citizenships", "nationalities",
    "political_roles", "occupations", "companies_and_enterprises", "owners_and_beneficiaries", "associates",
    "fatf_records",  # spec 2.7: each entity's own, served from the FATF table
}
MAGIC_IVAN_NAME = "Ivan Sanctionov"
ALGORITHM = "docket-names-2"
NOWHERE = "Zzyzx Qwertyuiop Nonexistent"


# --- helpers ---------------------------------------------------------------------------------------


def search(client, body: dict) -> dict:
    r = client.post(S, json=body)
    assert r.status_code == 200, f"{client.name}: {r.status_code} {r.text}"
    assert r.headers["content-type"].startswith("application/json")
    return r.json()


def primary(hit: dict) -> str:
    return hit["fields"]["names"][0]["full_name"]


def meta(hit: dict) -> dict:
    return hit["search_metadata"]


def pairs(hit: dict) -> list[tuple[str, str, str]]:
    return [(m["query"], m["listed"], m["method"]) for m in meta(hit)["explanation"]["name"]["matches"]]


def uuids(report: dict) -> list[str]:
    return [h["uuid"] for h in report["data"]]


def level_for(percentage: float) -> set[str]:
    """The `name_match_level`s the guide allows for a percentage (NOT_ENOUGH_DATA is separate)."""
    if percentage >= 100:
        return {"FULL_MATCH", "HIGH"}
    if percentage >= 90:
        return {"HIGH"}
    if percentage >= 80:
        return {"MEDIUM"}
    if percentage >= 60:
        return {"LOW"}
    return {"ZERO_MATCH"}


def assert_consistent_hit(hit: dict, report: dict) -> None:
    """What every hit must carry: the spec's entity fields, match metadata and an explanation that
    agrees with them."""
    assert {"uuid", "type", "tags", "risk_score", "fields", "updated_at", "importance_score",
            "search_metadata", "risk_score_value"} <= set(hit), sorted(hit)
    assert UUID_RE.match(hit["uuid"])
    assert hit["risk_score"] in RISKS and isinstance(hit["tags"], list) and hit["tags"]
    assert isinstance(hit["updated_at"], int)
    assert isinstance(hit["importance_score"], (int, float)) and 0 <= hit["importance_score"] <= 1
    assert isinstance(hit["risk_score_value"], (int, float)) and 0 <= hit["risk_score_value"] <= 100
    assert set(hit["fields"]) == ENTITY_FIELDS
    m = meta(hit)
    assert m["name_match_level"] in LEVELS and m["general_match_level"] in LEVELS
    for key in ("date_of_birth_matched", "country_matched", "gender_matched"):
        assert m[key] in MATCHED, (key, m[key])
    assert 0 <= m["name_match_percentage"] <= 100
    if m["name_match_level"] != "NOT_ENOUGH_DATA":
        assert m["name_match_level"] in level_for(m["name_match_percentage"]), m
    assert set(m["risk_profile_info"]) == {"id", "name", "version"}
    assert isinstance(m["risk_profile_info"]["version"], (int, float))
    e = m["explanation"]
    assert {"summary", "query_name", "listed_name", "name", "threshold"} <= set(e)
    assert isinstance(e["summary"], str) and "name tokens matched" in e["summary"]
    assert e["listed_name"] == m["best_match_name"]
    assert m["best_match_name"] in {n["full_name"] for n in hit["fields"]["names"]}
    assert e["threshold"] == report["threshold"]
    assert abs(e["name"]["score"] * 100 - m["name_match_percentage"]) <= 0.05 + 1e-9
    assert set(e["name"]) >= {"score", "exact", "matches", "unmatched_query", "unmatched_listed"}
    for p in e["name"]["matches"]:
        assert p["method"] in METHODS and 0 < p["similarity"] <= 1, p


def by_label(report: dict) -> dict[str, dict]:
    """The five `Anatoly Ostrovetsky` namesakes of the synthetic list, by a label."""
    labels = {("US_OFAC_SDN", "Person"): "sdn-person", ("US_DDTC_DEBARRED", "Person"): "debarred-person",
              ("US_BIS_ENTITY", "Organization"): "entity-list-org",
              ("US_BIS_UNVERIFIED", "Organization"): "unverified-org", ("US_OFAC_SDN", "Vessel"): "vessel"}
    out = {}
    for hit in report["data"]:
        label = labels[(hit["fields"]["sources"][0]["source_id"], hit["type"])]
        assert label not in out, f"two hits for {label}"
        out[label] = hit
    return out


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def millis(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


# --- the report ------------------------------------------------------------------------------------


def test_a_search_answers_the_documented_report(sandbox):
    report = search(sandbox, {"full_name": MAGIC_IVAN_NAME})
    # The spec's report (2.7) and what the guide adds: when, how and against which lists.
    assert {"requested_name", "search_uuid", "max_risk_score", "data", "fatf_records"} <= set(report)
    assert {"searched_at", "algorithm", "threshold", "lists", "request"} <= set(report)
    assert report["requested_name"] == MAGIC_IVAN_NAME
    assert UUID_RE.match(report["search_uuid"])
    assert TIME_RE.match(report["searched_at"])
    assert report["algorithm"] == ALGORITHM
    assert report["threshold"] == 0.75
    assert report["request"]["full_name"] == MAGIC_IVAN_NAME
    assert all(set(ref) >= {"id", "list"} and UUID_RE.match(ref["id"]) for ref in report["lists"])
    assert "DOCKET_DEMO" in {ref["list"] for ref in report["lists"]}
    (hit,) = report["data"]
    assert_consistent_hit(hit, report)


def test_requested_name_is_the_full_name_trimmed_and_every_search_gets_a_new_id(sandbox):
    first = search(sandbox, {"full_name": "  Petra Politikova "})
    second = search(sandbox, {"full_name": "Petra Politikova"})
    assert first["requested_name"] == "Petra Politikova"
    assert first["search_uuid"] != second["search_uuid"]


def test_a_search_that_matches_nothing_is_200_with_empty_data(sandbox, production, watchlists):
    for client in (sandbox, production):
        report = search(client, {"full_name": NOWHERE})
        assert report["data"] == [] and report["fatf_records"] == []
        assert "max_risk_score" not in report  # absent when there are no hits, as in the public examples
        assert report["requested_name"] == NOWHERE


def test_limit_caps_the_hits_and_keeps_their_order(production, watchlists):
    everything = search(production, {"full_name": "Anatoly Ostrovetsky"})
    assert len(everything["data"]) == 5
    for limit in (1, 2, 4):
        capped = search(production, {"full_name": "Anatoly Ostrovetsky", "limit": limit})
        assert uuids(capped) == uuids(everything)[:limit]


def test_unknown_request_fields_are_ignored(sandbox):
    report = search(sandbox, {"full_name": MAGIC_IVAN_NAME, "client_reference": "abc", "options": {"x": 1}})
    assert len(report["data"]) == 1


# --- sandbox magic names -----------------------------------------------------------------------------


@pytest.mark.parametrize("name, risk, tags", [
    ("Ivan Sanctionov", "High", ["Sanctions"]),
    ("Petra Politikova", "Medium", ["PEP"]),
    ("Marco Medialli", "Low", ["Media"]),
])
def test_magic_names_give_their_documented_hit(sandbox, name, risk, tags):
    report = search(sandbox, {"full_name": name})
    (hit,) = report["data"]
    assert report["max_risk_score"] == risk
    assert (hit["type"], hit["risk_score"], hit["tags"]) == ("Person", risk, tags)
    assert primary(hit) == name
    m = meta(hit)
    assert (m["name_match_percentage"], m["name_match_level"], m["general_match_level"]) == (100, "FULL_MATCH", "FULL_MATCH")
    assert m["best_match_name"] == name
    assert_consistent_hit(hit, report)
    fields = hit["fields"]
    if name == "Ivan Sanctionov":
        assert [s["source_id"] for s in fields["sources"]] == ["US_OFAC_SDN"]
        assert fields["sources"][0]["risk_score"] == "High" and fields["sources"][0]["tags"] == ["Sanctions"]
    elif name == "Petra Politikova":
        assert fields["political_roles"] and fields["political_roles"][0]["role"]
        assert all("PEP" in s["tags"] for s in fields["sources"])
    else:
        (item,) = fields["media"]  # one adverse-media item
        assert item["risk_score"] == "Low" and "Media" in item["tags"]
        assert name in item["headline"]


def test_the_clean_magic_name_has_no_hits(sandbox):
    for body in ({"full_name": "Clara Cleanfield"}, {"full_name": "cleanfield CLARA"},
                 {"full_name": "Clara Cleanfield", "first_name": "Clara", "last_name": "Cleanfield"}):
        report = search(sandbox, body)
        assert report["data"] == [] and report["fatf_records"] == [] and "max_risk_score" not in report


@pytest.mark.parametrize("body", [
    {"full_name": "ivan sanctionov"},
    {"full_name": "SANCTIONOV Ivan"},
    {"full_name": "Ívan Sánctionov"},
    {"full_name": "Mr Someone", "first_name": "Ivan", "last_name": "Sanctionov"},
    {"full_name": "Ivan Sanctionov", "risk_scores": ["Low"], "tags": ["PEP"], "entity_types": ["Vessel"],
     "sources": ["UN_SCC"], "countries": ["JP"], "date_of_birth": {"gte": "2001-01-01"}, "gender": "Female"},
], ids=["lower", "reordered-upper", "accents", "first-and-last", "contradicting-filters"])
def test_magic_names_give_the_same_entity_in_any_case_order_and_with_any_filters(sandbox, body):
    expected = search(sandbox, {"full_name": MAGIC_IVAN_NAME})["data"][0]["uuid"]
    report = search(sandbox, body)
    assert uuids(report) == [expected]
    assert report["data"][0]["risk_score"] == "High"


def test_magic_names_win_over_imported_namesakes_in_the_sandbox_only(sandbox, production, watchlists):
    """The synthetic CSL lists an `Ivan Sanctionov` and a `Clara Cleanfield` of its own."""
    magic = search(sandbox, {"full_name": MAGIC_IVAN_NAME})
    assert len(magic["data"]) == 1 and magic["data"][0]["fields"]["sources"][0]["source_id"] == "US_OFAC_SDN"
    assert search(sandbox, {"full_name": "Clara Cleanfield"})["data"] == []

    ivan = search(production, {"full_name": MAGIC_IVAN_NAME})["data"]
    assert [(h["risk_score"], h["fields"]["sources"][0]["source_id"]) for h in ivan] == [("Medium", "US_BIS_ENTITY")]
    assert ivan[0]["uuid"] != magic["data"][0]["uuid"]
    clara = search(production, {"full_name": "Clara Cleanfield"})["data"]
    assert [(h["risk_score"], h["tags"]) for h in clara] == [("Low", ["RegulatoryWarning"])]


def test_magic_name_hits_report_the_filters_that_were_set(sandbox):
    # Ivan Sanctionov is listed as born 1970-01-01, male, with no country.
    report = search(sandbox, {"full_name": MAGIC_IVAN_NAME, "date_of_birth": {"gte": "1970-01-01", "lte": "1970-01-01"},
                              "gender": "Male", "countries": ["GB"]})
    m = meta(report["data"][0])
    assert (m["date_of_birth_matched"], m["gender_matched"], m["country_matched"]) == ("MATCH", "MATCH", "NO_MATCH")


# --- determinism -----------------------------------------------------------------------------------


def test_the_same_search_twice_gives_the_same_hits_and_scores(sandbox, production, watchlists):
    for client, body in [(sandbox, {"full_name": "Ocean Star", "entity_types": ["Vessel"]}),
                         (sandbox, {"full_name": "Petra Politikova"}),
                         (production, {"full_name": "Anatoly Ostrovetsky", "countries": ["RU", "DE"]}),
                         (production, {"full_name": "Dmitri Karavanof"})]:
        first, second = search(client, body), search(client, body)
        assert first["data"], f"{body} found nothing in the {client.name}"
        assert first["data"] == second["data"]
        assert first["fatf_records"] == second["fatf_records"]
        assert (first["lists"], first["threshold"]) == (second["lists"], second["threshold"])
        assert first["search_uuid"] != second["search_uuid"]


# --- production sees imported lists only -----------------------------------------------------------


def test_production_never_returns_demo_list_entities(sandbox, production, watchlists):
    body = {"full_name": "Ocean Star", "entity_types": ["Vessel"]}
    demo = search(sandbox, body)
    demo_ids = set(uuids(demo))
    assert demo_ids, "the demo list has vessels named like this"
    assert all(s["name"].startswith("Demo") for h in demo["data"] for s in h["fields"]["sources"])
    real = search(production, body)
    assert demo_ids.isdisjoint(uuids(real))
    for name in ("Petra Politikova", "Marco Medialli"):
        assert search(production, {"full_name": name})["data"] == []
    assert "DOCKET_DEMO" not in {ref["list"] for ref in real["lists"]}
    assert {ref["list"] for ref in real["lists"]} >= {"US_CSL", "FTM_DOCKET_TEST"}
    assert {ref["list"] for ref in demo["lists"]} >= {"DOCKET_DEMO", "US_CSL", "FTM_DOCKET_TEST"}


def test_the_sandbox_searches_the_imported_lists_too(sandbox, watchlists):
    (hit,) = search(sandbox, {"full_name": "Dmitri Sergeyevich Karavanov"})["data"]
    assert primary(hit) == "KARAVANOV, Dmitri Sergeyevich"


def test_lists_in_production_omit_the_demo_snapshot(sandbox, production, watchlists):
    prod = production.get(LISTS)
    assert prod.status_code == 200
    prod_lists = prod.json()["data"]
    assert prod_lists and not any(s["demo"] for s in prod_lists)
    assert "DOCKET_DEMO" not in {s["list"] for s in prod_lists}
    sandbox_lists = sandbox.get(LISTS).json()["data"]
    (demo,) = [s for s in sandbox_lists if s["demo"]]
    assert (demo["list"], demo["format"], demo["active"]) == ("DOCKET_DEMO", "demo", True)
    assert demo["entities"] >= 15_000 and demo["names"] >= demo["entities"]  # "about 20,000"
    assert [s for s in sandbox_lists if not s["demo"]] == prod_lists


def test_report_lists_name_the_active_snapshots(production, watchlists):
    active = {s["id"]: s for s in production.get(LISTS).json()["data"] if s["active"]}
    refs = search(production, {"full_name": "Dmitri Karavanov"})["lists"]
    assert {r["id"] for r in refs} == set(active)
    assert all(r["list"] == active[r["id"]]["list"] for r in refs)


# --- fuzzy matching, visible through the API --------------------------------------------------------


@pytest.mark.parametrize("query, listed, method", [
    ("Dmitri Karavanof", "KARAVANOV, Dmitri Sergeyevich", "fuzzy"),              # a typo
    ("Dmitriy Karawanow", "KARAVANOV, Dmitri Sergeyevich", "fuzzy"),             # two spelling changes
    ("Karavanov Dmitri", "KARAVANOV, Dmitri Sergeyevich", None),                 # reordered
    ("Evander Thornquist", "THORNQUIST, Evander Lysander", "exact"),             # middle name missing
    ("Дмитрий Сергеевич Караванов", "KARAVANOV, Dmitri Sergeyevich", None),      # Cyrillic
    ("Елена Волконская", "VOLKONSKAYA, Yelena Petrovna", None),                  # Cyrillic, middle name missing
    ("خالد حامد الزبيدي", "AL-ZUBAIDI, Khalid Hamid", "skeleton"),                # Arabic script
    ("Ομάρ Αλρασίντι", "ALRASHIDI, Omar Faisal", None),                          # Greek
    ("Omar Al Rashidi", "ALRASHIDI, Omar Faisal", "joined"),                     # `al rashidi` = `alrashidi`
    ("D. Karavanov", "KARAVANOV, Dmitri Sergeyevich", "initial"),                # an initial
    ("Dmítri Karavánov", "KARAVANOV, Dmitri Sergeyevich", None),                 # accents
    ("Dr. Dmitri Sergeyevich Karavanov", "KARAVANOV, Dmitri Sergeyevich", None),  # a title
    ("Northwind Gateway Trading GmbH", "Northwind Gateway Trading LLC", None),   # another legal form
])
def test_fuzzy_queries_find_the_right_entity(production, watchlists, query, listed, method):
    report = search(production, {"full_name": query})
    assert report["data"], f"{query!r} found nothing"
    top = report["data"][0]
    assert primary(top) == listed
    assert [primary(h) for h in report["data"]].count(listed) == 1
    assert meta(top)["name_match_percentage"] >= 75
    assert meta(top)["explanation"]["query_name"] == query
    if method:
        assert method in {p[2] for p in pairs(top)}, pairs(top)
    assert_consistent_hit(top, report)


def test_token_order_case_titles_and_legal_forms_do_not_lower_the_score(production, watchlists):
    for query, listed in [("karavanov SERGEYEVICH dmitri", "KARAVANOV, Dmitri Sergeyevich"),
                          ("Dr. Dmitri Sergeyevich Karavanov", "KARAVANOV, Dmitri Sergeyevich"),
                          ("Northwind Gateway Trading GmbH", "Northwind Gateway Trading LLC"),
                          ("starling zephyrine", "ZEPHYRINE STARLING")]:
        (top, *_) = search(production, {"full_name": query})["data"]
        assert primary(top) == listed
        assert (meta(top)["name_match_percentage"], meta(top)["name_match_level"]) == (100, "FULL_MATCH"), query


def test_a_typo_is_explained_token_by_token(production, watchlists):
    (hit,) = search(production, {"full_name": "Evander Lysander Thornkvist"})["data"]
    e = meta(hit)["explanation"]
    assert e["query_name"] == "Evander Lysander Thornkvist" and e["listed_name"] == "THORNQUIST, Evander Lysander"
    matches = {m["query"]: m for m in e["name"]["matches"]}
    assert set(matches) == {"evander", "lysander", "thornkvist"}
    assert (matches["evander"]["listed"], matches["evander"]["method"], matches["evander"]["similarity"]) == ("evander", "exact", 1)
    assert (matches["thornkvist"]["listed"], matches["thornkvist"]["method"]) == ("thornquist", "fuzzy")
    assert 0.75 <= matches["thornkvist"]["similarity"] < 1
    assert e["name"]["unmatched_query"] == [] and e["name"]["unmatched_listed"] == []
    assert e["name"]["exact"] is False
    assert "3 of 3 name tokens matched" in e["summary"]


def test_a_missing_middle_name_is_explained_as_a_listed_token_the_query_lacks(production, watchlists):
    (hit,) = search(production, {"full_name": "Evander Thornquist"})["data"]
    e = meta(hit)["explanation"]
    assert e["name"]["unmatched_listed"] == ["lysander"]
    assert e["name"]["unmatched_query"] == []
    assert "lysander" in e["summary"]
    assert meta(hit)["name_match_level"] in {"MEDIUM", "HIGH"} and meta(hit)["name_match_percentage"] < 100


def test_the_arabic_name_omar_is_not_taken_for_a_title(production, watchlists):
    (hit,) = search(production, {"full_name": "عمر Faisal Alrashidi"})["data"]
    assert primary(hit) == "ALRASHIDI, Omar Faisal"
    assert meta(hit)["explanation"]["name"]["unmatched_listed"] == [], meta(hit)["explanation"]["summary"]


def test_a_two_word_arabic_name_finds_its_latin_listing(production, watchlists):
    latin = search(production, {"full_name": "Khalid al Zubaidi"})["data"]
    assert [primary(h) for h in latin][:1] == ["AL-ZUBAIDI, Khalid Hamid"]
    arabic = search(production, {"full_name": "خالد الزبيدي"})["data"]
    assert [primary(h) for h in arabic][:1] == ["AL-ZUBAIDI, Khalid Hamid"]


def test_a_one_word_query_against_a_longer_name_is_not_enough_data(production, watchlists):
    # `ABU QASSIMAR`: one name and a particle.
    (hit,) = search(production, {"full_name": "Qassimar"})["data"]
    m = meta(hit)
    assert primary(hit) == "ABU QASSIMAR"
    assert (m["name_match_level"], m["general_match_level"]) == ("NOT_ENOUGH_DATA", "NOT_ENOUGH_DATA")
    assert m["explanation"]["name"]["unmatched_listed"] == ["abu"]
    # A matching filter raises the general level; the name level stays.
    (hit,) = search(production, {"full_name": "Qassimar", "countries": ["YE"]})["data"]
    assert meta(hit)["name_match_level"] == "NOT_ENOUGH_DATA" and meta(hit)["country_matched"] == "MATCH"
    assert meta(hit)["general_match_level"] in {"LOW", "MEDIUM", "HIGH", "FULL_MATCH"}


# --- fuzziness, thresholds, mode and phonetics ------------------------------------------------------


@pytest.mark.parametrize("options, threshold", [
    ({}, 0.75),
    ({"fuzziness_level": 1}, 0.75),
    ({"fuzziness_level": 0.5}, 0.875),
    ({"fuzziness_level": 0}, 1.0),
    ({"fuzziness": False}, 1.0),
    ({"fuzziness": False, "fuzziness_level": 1}, 1.0),
])
def test_the_threshold_follows_fuzziness(production, watchlists, options, threshold):
    report = search(production, {"full_name": "Dmitri Sergeyevich Karavanov", **options})
    assert report["threshold"] == threshold
    (hit,) = report["data"]  # an exact name passes every threshold
    assert meta(hit)["explanation"]["threshold"] == threshold
    assert meta(hit)["name_match_level"] == "FULL_MATCH"


@pytest.mark.parametrize("query, default_hit, exact_hit", [
    ("Dmitri Sergeyevich Karavanov", True, True),
    ("karavanov SERGEYEVICH Dmitri", True, True),     # order and case do not make a name inexact
    ("Dmitri Karavanof", True, False),                # a typo
    ("Evander Thornquist", True, False),              # a missing middle name
    ("Дмитрий Сергеевич Караванов", True, False),     # a transliteration
])
def test_fuzziness_off_accepts_exact_names_only(production, watchlists, query, default_hit, exact_hit):
    assert bool(search(production, {"full_name": query})["data"]) is default_hit
    for off in ({"fuzziness": False}, {"fuzziness_level": 0}):
        hits = search(production, {"full_name": query, **off})["data"]
        assert bool(hits) is exact_hit, off
        assert all(meta(h)["name_match_level"] == "FULL_MATCH" for h in hits)


def test_an_intermediate_fuzziness_level_sits_between(production, watchlists):
    strict = {"fuzziness_level": 0.5}
    near = search(production, {"full_name": "Evander Lysander Thornkvist", **strict})["data"]
    assert [primary(h) for h in near] == ["THORNQUIST, Evander Lysander"]
    assert meta(near[0])["name_match_percentage"] >= 87.5
    # 85.1 at the default level, below 87.5 here
    assert search(production, {"full_name": "Evander Thornquist"})["data"]
    assert search(production, {"full_name": "Evander Thornquist", **strict})["data"] == []


@pytest.mark.parametrize("mode, hit", [
    (None, True), (0, True), ("AUTO", True),
    (1, False), ("FULL_NAME_ONLY", False),
    (2, True), ("FIRST_AND_LAST_NAMES_ONLY", True), ("FIRST_AND_LAST_NAME_ONLY", True),
])
def test_mode_picks_the_names_that_are_matched(production, watchlists, mode, hit):
    body = {"full_name": "Nobody In Particular", "first_name": "Dmitri", "last_name": "Karavanov"}
    if mode is not None:
        body["mode"] = mode
    report = search(production, body)
    assert bool(report["data"]) is hit
    if hit:
        assert primary(report["data"][0]) == "KARAVANOV, Dmitri Sergeyevich"
        assert meta(report["data"][0])["explanation"]["query_name"] == "Dmitri Karavanov"
    expected_code = {None: None, "AUTO": 0, "FULL_NAME_ONLY": 1, "FIRST_AND_LAST_NAMES_ONLY": 2,
                     "FIRST_AND_LAST_NAME_ONLY": 2}.get(mode, mode)
    assert report["request"]["mode"] == expected_code


def test_auto_mode_counts_the_better_of_the_two_name_forms(production, watchlists):
    both = search(production, {"full_name": "Evander Thornquist", "first_name": "Evander", "last_name": "Thornquist"})
    full_only = search(production, {"full_name": "Evander Lysander Thornquist", "first_name": "Evander",
                                    "last_name": "Thornquist"})
    assert meta(full_only["data"][0])["name_match_percentage"] == 100
    assert meta(full_only["data"][0])["explanation"]["query_name"] == "Evander Lysander Thornquist"
    assert meta(both["data"][0])["name_match_percentage"] < 100


def test_full_name_only_mode_ignores_first_and_last_names(production, watchlists):
    report = search(production, {"full_name": "Dmitri Sergeyevich Karavanov", "first_name": "Nobody",
                                 "last_name": "Else", "mode": 1})
    assert [primary(h) for h in report["data"]] == ["KARAVANOV, Dmitri Sergeyevich"]
    assert meta(report["data"][0])["explanation"]["query_name"] == "Dmitri Sergeyevich Karavanov"


@pytest.mark.parametrize("query, listed", [
    ("Elena Petrovna Wolkonskaja", "VOLKONSKAYA, Yelena Petrovna"),
    ("Kwillon Braswick Instruments", "Quillon Brasswick Instruments Ltd"),
])
def test_phonetics_lets_names_that_sound_alike_match(production, watchlists, query, listed):
    on = search(production, {"full_name": query, "phonetics": True})["data"]
    assert [primary(h) for h in on] == [listed]
    assert "phonetic" in {p[2] for p in pairs(on[0])}
    assert search(production, {"full_name": query})["data"] == on  # on by default
    assert search(production, {"full_name": query, "phonetics": False})["data"] == []


def test_without_phonetics_no_token_pair_is_phonetic(production, watchlists):
    for query in ("Dmitri Karavanov", "Ivander Lysander Thornqvist", "Zefirine Starling"):
        on = search(production, {"full_name": query})["data"]
        off = search(production, {"full_name": query, "phonetics": False})["data"]
        assert on and off and on[0]["uuid"] == off[0]["uuid"], query
        assert "phonetic" in {p[2] for p in pairs(on[0])}, query
        assert "phonetic" not in {p[2] for h in off for p in pairs(h)}, query
        assert meta(off[0])["name_match_percentage"] <= meta(on[0])["name_match_percentage"]


# --- filters (spec 4.9 / the guide's "Filters") -----------------------------------------------------

OSTROVETSKY = {"full_name": "Anatoly Ostrovetsky"}
ALL_FIVE = {"sdn-person", "debarred-person", "entity-list-org", "unverified-org", "vessel"}


def test_the_five_namesakes_without_filters(production, watchlists):
    report = search(production, OSTROVETSKY)
    found = by_label(report)
    assert set(found) == ALL_FIVE
    for hit in report["data"]:
        assert_consistent_hit(hit, report)
        m = meta(hit)
        assert {m["date_of_birth_matched"], m["country_matched"], m["gender_matched"]} == {"FILTER_NOT_SET"}
    assert meta(found["sdn-person"])["name_match_level"] == "FULL_MATCH"
    # `trading` is not in the query, but a common trade word left out costs little (docket-names-2).
    org = meta(found["entity-list-org"])
    assert org["name_match_level"] == "HIGH" and org["name_match_percentage"] < 100
    assert report["max_risk_score"] == "High"


FILTER_CASES = [
    # (id, extra request fields, hits expected, {label: {metadata field: value}})
    ("countries", {"countries": ["RU"]}, {"sdn-person"}, {"sdn-person": {"country_matched": "MATCH"}}),
    ("countries-lower-case", {"countries": ["ua"]}, {"debarred-person"},
     {"debarred-person": {"country_matched": "MATCH"}}),
    ("countries-two", {"countries": ["DE", "HK"]}, {"entity-list-org", "unverified-org"},
     {"entity-list-org": {"country_matched": "MATCH"}, "unverified-org": {"country_matched": "MATCH"}}),
    ("dob-year-range", {"date_of_birth": {"gte": "1960-01-01", "lte": "1960-12-31"}},
     {"sdn-person", "entity-list-org", "unverified-org", "vessel"},
     {"sdn-person": {"date_of_birth_matched": "MATCH"}, "vessel": {"date_of_birth_matched": "NO_MATCH"},
      "entity-list-org": {"date_of_birth_matched": "NO_MATCH"}}),
    ("dob-date-times", {"date_of_birth": {"gte": "1960-02-02T00:00:00.000Z", "lte": "1960-02-02T00:00:00.000Z"}},
     {"sdn-person", "entity-list-org", "unverified-org", "vessel"}, {"sdn-person": {"date_of_birth_matched": "MATCH"}}),
    ("dob-overlaps-a-year-only-date", {"date_of_birth": {"gte": "1985-06-01", "lte": "1985-06-01"}},
     {"debarred-person", "entity-list-org", "unverified-org", "vessel"},
     {"debarred-person": {"date_of_birth_matched": "PARTIAL_MATCH"}}),
    ("dob-open-upper-bound", {"date_of_birth": {"gte": "1970-01-01"}},
     {"debarred-person", "entity-list-org", "unverified-org", "vessel"}, {}),
    ("dob-open-lower-bound", {"date_of_birth": {"lte": "1970-01-01"}},
     {"sdn-person", "entity-list-org", "unverified-org", "vessel"}, {"sdn-person": {"date_of_birth_matched": "MATCH"}}),
    ("gender-male", {"gender": "Male"}, ALL_FIVE,
     {"sdn-person": {"gender_matched": "MATCH"}, "debarred-person": {"gender_matched": "NO_MATCH"}}),
    ("gender-female", {"gender": "Female"}, ALL_FIVE - {"sdn-person"},
     {"debarred-person": {"gender_matched": "NO_MATCH"}}),
    ("entity-types-vessel", {"entity_types": ["Vessel"]}, {"vessel"}, {}),
    ("entity-types-two", {"entity_types": ["Person", "Organization"]}, ALL_FIVE - {"vessel"}, {}),
    ("tags-terrorism", {"tags": ["Terrorism"]}, {"vessel"}, {}),
    ("tags-two", {"tags": ["Debarred", "RegulatoryWarning"]}, {"debarred-person", "unverified-org"}, {}),
    ("sources-entity-list", {"sources": ["US_BIS_ENTITY"]}, {"entity-list-org"}, {}),
    ("sources-sdn", {"sources": ["US_OFAC_SDN"]}, {"sdn-person", "vessel"}, {}),
    ("sources-not-on-any-list", {"sources": ["UN_SCC"]}, set(), {}),
    ("risk-low", {"risk_scores": ["Low"]}, {"unverified-org"}, {}),
    ("risk-high", {"risk_scores": ["High"]}, {"sdn-person", "vessel"}, {}),
    ("risk-medium-low", {"risk_scores": ["Medium", "Low"]}, {"debarred-person", "entity-list-org", "unverified-org"}, {}),
    ("registration-id", {"registration_ids": ["HRB 55501"]}, {"entity-list-org", "debarred-person", "unverified-org"},
     {"entity-list-org": {"general_match_level": "HIGH"}}),
    ("registration-id-spelled-differently", {"registration_ids": ["hrb55501"]},
     {"entity-list-org", "debarred-person", "unverified-org"}, {}),
    ("cities", {"cities": ["Moscow"]}, {"sdn-person", "vessel"}, {}),
    ("cities-any-case", {"cities": ["hamburg", "KYIV"]}, {"entity-list-org", "debarred-person", "vessel"}, {}),
    ("postal-codes", {"postal_codes": ["20457"]}, {"entity-list-org", "vessel"}, {}),
    ("postal-codes-two", {"postal_codes": ["101000", "99088"]}, {"sdn-person", "unverified-org", "vessel"}, {}),
    ("combined", {"countries": ["RU"], "gender": "Male", "date_of_birth": {"gte": "1960-02-02", "lte": "1960-02-02"},
                  "risk_scores": ["High"], "entity_types": ["Person"]}, {"sdn-person"},
     {"sdn-person": {"country_matched": "MATCH", "gender_matched": "MATCH", "date_of_birth_matched": "MATCH",
                     "general_match_level": "FULL_MATCH"}}),
]


@pytest.mark.parametrize("extra, expected, metadata", [pytest.param(*c[1:], id=c[0]) for c in FILTER_CASES])
def test_each_filter_narrows_the_namesakes(production, watchlists, extra, expected, metadata):
    report = search(production, {**OSTROVETSKY, **extra})
    found = by_label(report)
    assert set(found) == expected
    for label, fields in metadata.items():
        for key, value in fields.items():
            assert meta(found[label])[key] == value, (label, key, meta(found[label])[key])
    for hit in report["data"]:
        assert_consistent_hit(hit, report)
    if expected:
        assert report["max_risk_score"] == max((h["risk_score"] for h in report["data"]),
                                               key=["Low", "Medium", "High"].index)
    else:
        assert "max_risk_score" not in report


def test_a_country_of_birth_is_a_partial_match_and_citizenship_a_match(production, watchlists):
    # Yelena Volkonskaya: citizen of UA, born in Minsk, Belarus.
    plain = search(production, {"full_name": "Yelena Volkonskaya"})["data"][0]
    by_birth = search(production, {"full_name": "Yelena Volkonskaya", "countries": ["BY"]})["data"][0]
    by_citizenship = search(production, {"full_name": "Yelena Volkonskaya", "countries": ["UA"]})["data"][0]
    assert meta(by_birth)["country_matched"] == "PARTIAL_MATCH"
    assert meta(by_citizenship)["country_matched"] == "MATCH"
    assert "country partly matches" in meta(by_birth)["explanation"]["summary"]
    assert "country matches" in meta(by_citizenship)["explanation"]["summary"]
    # A matching filter raises the general level above the name's.
    assert meta(plain)["general_match_level"] == meta(plain)["name_match_level"] == "MEDIUM"
    assert meta(by_citizenship)["general_match_level"] == "HIGH"
    assert search(production, {"full_name": "Yelena Volkonskaya", "countries": ["FR"]})["data"] == []


def test_a_filter_the_entity_has_no_data_for_lowers_the_general_level(production, watchlists):
    found = by_label(search(production, {**OSTROVETSKY, "date_of_birth": {"gte": "1960-01-01", "lte": "1960-12-31"}}))
    vessel = meta(found["vessel"])
    assert (vessel["name_match_level"], vessel["date_of_birth_matched"]) == ("FULL_MATCH", "NO_MATCH")
    assert vessel["general_match_level"] == "HIGH"
    assert "no date of birth on the list to compare" in vessel["explanation"]["summary"]


def test_a_shared_registration_id_finds_its_entity_whatever_the_name(production, watchlists):
    report = search(production, {"full_name": "Completely Unrelated Person", "registration_ids": ["HRB 55501"]})
    (hit,) = report["data"]
    assert primary(hit) == "Anatoly Ostrovetsky Trading GmbH"
    m = meta(hit)
    assert m["explanation"]["identifier_match"] == "HRB55501"
    assert "registration id HRB55501 matches" in m["explanation"]["summary"]
    assert m["name_match_level"] == "ZERO_MATCH"
    assert m["general_match_level"] in {"HIGH", "FULL_MATCH"}
    # An IMO number finds its vessel too.
    (vessel,) = search(production, {"full_name": "Some Tanker", "registration_ids": ["IMO 9912345"]})["data"]
    assert primary(vessel) == "ZEPHYRINE STARLING" and meta(vessel)["general_match_level"] in {"HIGH", "FULL_MATCH"}


def test_a_shared_registration_id_makes_the_general_level_at_least_high_for_a_one_word_name(production, watchlists):
    (vessel,) = search(production, {"full_name": "Starling", "registration_ids": ["IMO 9912345"]})["data"]
    assert meta(vessel)["explanation"]["identifier_match"] == "IMO9912345"
    assert meta(vessel)["general_match_level"] in {"HIGH", "FULL_MATCH"}


def test_a_date_time_on_the_listed_day_matches_the_date_of_birth(production, watchlists):
    (hit,) = search(production, {"full_name": "Dmitri Karavanov",
                                 "date_of_birth": {"gte": "1971-03-15T12:00:00Z", "lte": "1971-03-15T12:00:00Z"}})["data"]
    assert meta(hit)["date_of_birth_matched"] == "MATCH"


def test_filters_on_first_and_last_names_and_dates_work_with_date_times_and_offsets(production, watchlists):
    # Midnight UTC given with an offset is the same day.
    (hit,) = search(production, {"full_name": "Dmitri Karavanov",
                                 "date_of_birth": {"gte": "1971-03-15T03:00:00+03:00", "lte": "1971-03-15"}})["data"]
    assert meta(hit)["date_of_birth_matched"] == "MATCH"
    assert search(production, {"full_name": "Dmitri Karavanov", "date_of_birth": {"lte": "1971-03-14"}})["data"] == []


# --- FATF records ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fatf_table(sandbox) -> dict[str, dict]:
    r = sandbox.get(FATF)
    assert r.status_code == 200
    return {rec["country"]: rec for rec in r.json()["data"]}


def expected_fatf(table: dict[str, dict], country: str) -> dict:
    return table.get(country) or {"country": country, "fatf_status": "NotListed"}


def test_the_fatf_table(fatf_table, production):
    assert fatf_table and {r["fatf_status"] for r in fatf_table.values()} <= FATF_STATUSES
    for rec in fatf_table.values():
        assert set(rec) == {"fatf_status", "url", "description", "country"} and rec["url"].startswith("https://")
    assert {fatf_table[c]["fatf_status"] for c in ("IR", "KP")} == {"CallForAction"}
    assert {fatf_table[c]["fatf_status"] for c in ("US", "GB", "DE")} == {"FatfMember"}
    assert production.get(FATF).json()["data"] == list(fatf_table.values())


def test_fatf_records_cover_every_country_the_hits_are_linked_with(production, watchlists, fatf_table):
    report = search(production, OSTROVETSKY)
    records = {r["country"]: r for r in report["fatf_records"]}
    # Citizenships RU and UA, addresses in DE and HK, the vessel's Panama flag.
    assert set(records) == {"RU", "UA", "DE", "HK", "PA"}
    assert len(report["fatf_records"]) == 5
    for country, rec in records.items():
        want = expected_fatf(fatf_table, country)
        assert rec["fatf_status"] == want["fatf_status"] and rec["fatf_status"] in FATF_STATUSES
        assert set(rec) == {"fatf_status", "url", "description", "country"}


def test_each_entity_carries_the_fatf_records_of_its_own_countries(production, watchlists, fatf_table):
    """Spec 2.7: `fields.fatf_records` on every entity, in hits and from the entity endpoint."""
    report = search(production, OSTROVETSKY)
    union = set()
    for hit in report["data"]:
        records = hit["fields"]["fatf_records"]
        union |= {r["country"] for r in records}
        for rec in records:
            assert rec["fatf_status"] == expected_fatf(fatf_table, rec["country"])["fatf_status"]
        entity = production.get(f"/api/v3/aml/search/{hit['uuid']}").json()
        assert entity["fields"]["fatf_records"] == records
    assert union == {r["country"] for r in report["fatf_records"]}


def test_fatf_records_follow_the_filters_and_flag_high_risk_jurisdictions(production, watchlists, fatf_table):
    only_ru = search(production, {**OSTROVETSKY, "countries": ["RU"]})
    assert [r["country"] for r in only_ru["fatf_records"]] == ["RU"]
    (iran,) = search(production, {"full_name": "Zephyrine Starling"})["fatf_records"]  # flagged in Iran
    assert (iran["country"], iran["fatf_status"]) == ("IR", "CallForAction")
    assert iran == fatf_table["IR"]
    # A country missing from the table is NotListed.
    (iraq,) = search(production, {"full_name": "Khalid Hamid al Zubaidi"})["fatf_records"]
    assert iraq["country"] == "IQ" and iraq["fatf_status"] == expected_fatf(fatf_table, "IQ")["fatf_status"]


def test_fatf_records_include_countries_of_media_and_political_roles(sandbox, fatf_table):
    for name in ("Marco Medialli", "Petra Politikova"):  # a GB news item; a GB role
        records = search(sandbox, {"full_name": name})["fatf_records"]
        assert [(r["country"], r["fatf_status"]) for r in records] == [("GB", fatf_table["GB"]["fatf_status"])]


# --- history and stored reports --------------------------------------------------------------------


def test_the_report_by_id_is_the_stored_report_as_it_was(production, sandbox, watchlists):
    for client, body in [(production, OSTROVETSKY), (sandbox, {"full_name": "Marco Medialli"}),
                         (sandbox, {"full_name": "Clara Cleanfield"})]:
        report = search(client, body)
        r = client.get(f"{H}/{report['search_uuid']}")
        assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
        assert r.json() == report
    stored = production.get(f"{H}/{search(production, OSTROVETSKY)['search_uuid']}").json()
    assert {r["country"] for r in stored["fatf_records"]} == {"RU", "UA", "DE", "HK", "PA"}


def test_history_lists_searches_newest_first_in_pages(sandbox, reset):
    names = ["Ivan Sanctionov", "Petra Politikova", "Clara Cleanfield"]
    ids = [search(sandbox, {"full_name": n})["search_uuid"] for n in names]

    def page(**params):
        r = sandbox.get(H, params=params)
        assert r.status_code == 200, r.text
        return r.json()

    first, second, third = page(page=0, limit=2), page(page=1, limit=2), page(page=2, limit=2)
    assert [s["search_uuid"] for s in first["data"] + second["data"]] == list(reversed(ids))
    assert (first["has_next"], second["has_next"]) == (True, False)
    assert third == {"data": [], "has_next": False}
    assert page(page=100000, limit=100) == {"data": [], "has_next": False}
    assert [s["search_uuid"] for s in page()["data"]] == list(reversed(ids))

    clean, pep, sanctions = page()["data"]
    assert set(sanctions) == {"search_uuid", "requested_name", "searched_at", "max_risk_score", "hits", "kind"}
    assert (sanctions["requested_name"], sanctions["max_risk_score"], sanctions["hits"], sanctions["kind"]) == (
        "Ivan Sanctionov", "High", 1, "search")
    assert (pep["max_risk_score"], clean["hits"]) == ("Medium", 0)
    assert "max_risk_score" not in clean
    assert all(TIME_RE.match(s["searched_at"]) for s in (clean, pep, sanctions))


def test_history_defaults_to_ten_a_page(sandbox, reset):
    ids = [search(sandbox, {"full_name": f"Nobody Number {i} Zzyzx"})["search_uuid"] for i in range(11)]
    first = sandbox.get(H).json()
    assert [s["search_uuid"] for s in first["data"]] == list(reversed(ids))[:10]
    assert first["has_next"] is True
    assert [s["search_uuid"] for s in sandbox.get(H, params={"page": 1}).json()["data"]] == [ids[0]]


def test_history_filters_by_name_kind_and_applicant(sandbox, reset, poll):
    searched = search(sandbox, {"full_name": "Petra Politikova"})["search_uuid"]
    search(sandbox, {"full_name": "Marco Medialli"})
    applicant = sandbox.create_applicant({"info": {"full_name": "Petra Politikova"}, "aml_screening_enabled": True})
    screening = poll(lambda: sandbox.get_applicant(applicant)["last_aml_screening_id"], what="the screening")

    def ids(**params):
        r = sandbox.get(H, params=params)
        assert r.status_code == 200, r.text
        return [s["search_uuid"] for s in r.json()["data"]]

    searches = ids(kind="search")
    assert len(searches) == 2 and searched in searches and screening not in searches
    assert ids(kind="screening") == [screening]
    assert ids(applicant_id=applicant) == [screening]
    assert ids(applicant_id=str(uuid.uuid4())) == []
    assert set(ids(name="politik")) == {searched, screening}
    assert set(ids(name="POLITIKOVA", kind="search")) == {searched}
    assert ids(name="medialli") and searched not in ids(name="medialli")
    assert ids(name="   ") == ids()  # a blank name filters nothing
    (item,) = sandbox.get(H, params={"kind": "screening"}).json()["data"]
    assert (item["kind"], item["applicant_id"], item["requested_name"]) == ("screening", applicant, "Petra Politikova")


# --- entity lookup ---------------------------------------------------------------------------------


def test_entity_lookup_returns_the_entity_as_the_lists_hold_it(sandbox, production, watchlists):
    hit = search(sandbox, {"full_name": MAGIC_IVAN_NAME})["data"][0]
    r = sandbox.get(f"{S}/{hit['uuid']}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    entity = r.json()
    assert "search_metadata" not in entity
    # The hit adds how it matched and the version of the entry it saw.
    assert entity == {k: v for k, v in hit.items() if k not in ("search_metadata", "entity_version")}

    imported = search(production, {"full_name": "Dmitri Sergeyevich Karavanov"})["data"][0]
    for client in (production, sandbox):
        got = client.get(f"{S}/{imported['uuid']}")
        assert got.status_code == 200
        assert got.json() == {k: v for k, v in imported.items() if k not in ("search_metadata", "entity_version")}
    names = [n["full_name"] for n in got.json()["fields"]["names"]]
    assert names == ["KARAVANOV, Dmitri Sergeyevich", "KARAVANOV, Dmitry"]
    assert got.json()["fields"]["registration_ids"][0]["id"] == "4509123456"


def test_demo_entities_are_not_found_with_a_production_key(sandbox, production):
    hit = search(sandbox, {"full_name": MAGIC_IVAN_NAME})["data"][0]
    r = production.get(f"{S}/{hit['uuid']}")
    assert r.status_code == 404
    assert r.json() == {"message": "entity not found", "error": "not_found"}


def test_entity_lookup_of_an_unknown_or_malformed_id(sandbox):
    r = sandbox.get(f"{S}/{uuid.uuid4()}")
    assert r.status_code == 404 and r.json()["error"] == "not_found" and r.json()["message"] == "entity not found"
    for bad in ("not-a-uuid", "123", "01a201f5-9592-7604-a110"):
        r = sandbox.get(f"{S}/{bad}")
        assert r.status_code == 400, bad
        assert r.json()["error"] == "bad_request" and "is not a valid entity id" in r.json()["message"]


# --- isolation -------------------------------------------------------------------------------------


def test_a_search_is_seen_only_by_its_organization_and_environment(sandbox, production, other_sandbox,
                                                                  other_production, unique):
    name = f"Isolated {unique('q').replace('-', ' ')}"
    for owner, others in [(sandbox, (production, other_sandbox, other_production)),
                          (production, (sandbox, other_sandbox, other_production)),
                          (other_sandbox, (sandbox, production, other_production))]:
        sid = search(owner, {"full_name": name})["search_uuid"]
        assert owner.get(f"{H}/{sid}").status_code == 200
        for other in others:
            r = other.get(f"{H}/{sid}")
            assert r.status_code == 404, other
            assert r.json() == {"message": "search not found", "error": "not_found"}
            assert sid not in {s["search_uuid"] for s in other.get(H, params={"name": name, "limit": 100}).json()["data"]}
        assert sid in {s["search_uuid"] for s in owner.get(H, params={"name": name}).json()["data"]}


def test_another_organizations_sandbox_has_the_magic_names_and_the_demo_list(sandbox, other_sandbox, other_production):
    mine = search(sandbox, {"full_name": MAGIC_IVAN_NAME})["data"][0]["uuid"]
    theirs = search(other_sandbox, {"full_name": MAGIC_IVAN_NAME})["data"]
    assert uuids({"data": theirs}) == [mine]
    assert other_sandbox.get(f"{S}/{mine}").status_code == 200
    assert other_production.get(f"{S}/{mine}").status_code == 404


# --- monitoring --------------------------------------------------------------------------------------


def screening_events(client, applicant_id: str) -> list[dict]:
    r = client.get(EVENTS, params={"type": "AML_SCREENING", "limit": 200})
    assert r.status_code == 200, r.text
    return [e for e in r.json()["data"] if e["subject_id"] == applicant_id]


def wait_screened(client, poll, applicant_id: str, after: str | None = None) -> dict:
    """The applicant once it has a screening other than `after`."""
    return poll(lambda: (lambda a: a if a["last_aml_screening_id"] not in (None, after) else None)(
        client.get_applicant(applicant_id)), what=f"a screening of {applicant_id}")


def frozen_clock(sandbox, at: str) -> datetime:
    r = sandbox.post("/_docket/clock/set", json={"now": at, "freeze": True})
    assert r.status_code == 200, r.text
    return parse_time(at)


def test_a_monitored_applicant_is_screened_on_creation_with_an_event(sandbox, real_clock, poll, unique):
    t0 = frozen_clock(sandbox, "2026-03-02T09:30:00.000Z")
    ext = unique("mon")
    applicant_id = sandbox.create_applicant({"external_id": ext, "aml_screening_enabled": True,
                                             "info": {"full_name": "Ivan Sanctionov", "dob": "1970-01-01"}})
    a = wait_screened(sandbox, poll, applicant_id)
    assert (a["last_risk_score"], a["last_tags"]) == ("High", ["Sanctions"])
    assert a["last_screened_at"] == millis(t0)
    screening_id = a["last_aml_screening_id"]
    assert UUID_RE.match(screening_id)

    (event,) = screening_events(sandbox, applicant_id)
    assert set(event) >= {"id", "event_type", "subject_id", "created_at", "payload"}
    assert (event["event_type"], event["created_at"]) == ("AML_SCREENING", millis(t0))
    p = event["payload"]
    assert set(p) >= {"screening_id", "applicant_id", "external_id", "search_request", "search_response",
                      "search_result", "risk_score", "completed_at"}
    assert (p["screening_id"], p["applicant_id"], p["external_id"]) == (screening_id, applicant_id, ext)
    assert p["risk_score"] == {"type": "High"}
    assert p["completed_at"] == millis(t0)
    assert p["search_response"] == p["search_result"]
    assert p["search_response"]["search_uuid"] == screening_id
    assert [h["risk_score"] for h in p["search_response"]["data"]] == ["High"]
    req = p["search_request"]
    assert req["full_name"] == "Ivan Sanctionov" and req["entity_types"] == ["Person"]
    assert req["date_of_birth"] == {"gte": "1970-01-01T00:00:00.000Z", "lte": "1970-01-01T00:00:00.000Z"}
    assert (req["fuzziness"], req["fuzziness_level"], req["phonetics"], req["mode"]) == (True, 1, True, 0)

    stored = sandbox.get(f"{H}/{screening_id}")
    assert stored.status_code == 200 and stored.json() == p["search_response"]
    assert stored.json()["searched_at"] == millis(t0)
    (item,) = sandbox.get(H, params={"applicant_id": applicant_id}).json()["data"]
    assert (item["kind"], item["search_uuid"], item["max_risk_score"]) == ("screening", screening_id, "High")


def test_a_clean_applicant_is_screened_with_no_risk(sandbox, poll):
    applicant_id = sandbox.create_applicant({"aml_screening_enabled": True, "info": {"full_name": "Clara Cleanfield"}})
    a = wait_screened(sandbox, poll, applicant_id)
    assert (a["last_risk_score"], a["last_tags"]) == (None, [])
    (event,) = screening_events(sandbox, applicant_id)
    # The webhook's level is the public example's `Low` (it was null); the applicant keeps no risk.
    assert event["payload"]["risk_score"] == {"type": "Low"}
    assert event["payload"]["external_id"] is None
    assert event["payload"]["search_response"]["data"] == []


def test_advancing_the_sandbox_clock_a_day_screens_again(sandbox, real_clock, poll):
    t0 = frozen_clock(sandbox, "2026-04-10T08:00:00.000Z")
    applicant_id = sandbox.create_applicant({"aml_screening_enabled": True, "info": {"full_name": "Petra Politikova"}})
    first = wait_screened(sandbox, poll, applicant_id)["last_aml_screening_id"]

    # 23 hours on, nothing is due: once a later applicant is screened, the first still has its screening.
    assert sandbox.post("/_docket/clock/advance", json={"by": "23h"}).status_code == 200
    marker = sandbox.create_applicant({"aml_screening_enabled": True, "info": {"full_name": "Marco Medialli"}})
    wait_screened(sandbox, poll, marker)
    assert sandbox.get_applicant(applicant_id)["last_aml_screening_id"] == first

    assert sandbox.post("/_docket/clock/advance", json={"by": "1h"}).status_code == 200
    again = wait_screened(sandbox, poll, applicant_id, after=first)
    assert again["last_screened_at"] == millis(t0 + timedelta(hours=24))
    assert (again["last_risk_score"], again["last_tags"]) == ("Medium", ["PEP"])
    events = screening_events(sandbox, applicant_id)
    assert [e["payload"]["screening_id"] for e in events] == [again["last_aml_screening_id"], first]
    history = sandbox.get(H, params={"applicant_id": applicant_id}).json()["data"]
    assert [s["search_uuid"] for s in history] == [again["last_aml_screening_id"], first]


def test_changing_a_monitored_applicant_screens_it_again(sandbox, poll):
    applicant_id = sandbox.create_applicant({"aml_screening_enabled": True, "info": {"full_name": "Ivan Sanctionov"}})
    first = wait_screened(sandbox, poll, applicant_id)
    assert first["last_risk_score"] == "High"
    r = sandbox.post(f"{A}/{applicant_id}", json={"full_name": "Petra Politikova"})
    assert r.status_code == 200
    second = wait_screened(sandbox, poll, applicant_id, after=first["last_aml_screening_id"])
    assert (second["last_risk_score"], second["last_tags"]) == ("Medium", ["PEP"])
    latest = screening_events(sandbox, applicant_id)[0]["payload"]
    assert latest["screening_id"] == second["last_aml_screening_id"]
    assert latest["search_request"]["full_name"] == "Petra Politikova"
    assert latest["risk_score"] == {"type": "Medium"}


def test_only_monitored_applicants_are_screened_and_switching_it_on_screens(sandbox, poll):
    quiet = sandbox.create_applicant({"info": {"full_name": "Ivan Sanctionov"}})
    marker = sandbox.create_applicant({"aml_screening_enabled": True, "info": {"full_name": "Clara Cleanfield"}})
    wait_screened(sandbox, poll, marker)
    a = sandbox.get_applicant(quiet)
    assert (a["last_aml_screening_id"], a["last_screened_at"], a["last_risk_score"], a["last_tags"]) == (
        None, None, None, None)
    assert screening_events(sandbox, quiet) == []

    r = sandbox.post(f"{A}/{quiet}/screening", json={"aml_screening_enabled": True})
    assert r.status_code == 200
    screened = wait_screened(sandbox, poll, quiet)
    assert (screened["last_risk_score"], screened["last_tags"]) == ("High", ["Sanctions"])
    assert len(screening_events(sandbox, quiet)) == 1


def test_production_screening_uses_the_applicants_data_and_search_options(production, sandbox, poll, watchlists):
    # Of the five namesakes only the debarred person is a Person with a Medium risk (born in 1985).
    applicant_id = production.create_applicant({
        "aml_screening_enabled": True, "info": {"full_name": "Anatoly Ostrovetsky", "dob": "1985-03-03"},
        "search_options": {"risk_scores": ["Medium"]}})
    a = wait_screened(production, poll, applicant_id)
    assert (a["last_risk_score"], a["last_tags"]) == ("Medium", ["Debarred"])
    report = production.get(f"{H}/{a['last_aml_screening_id']}").json()
    (hit,) = report["data"]
    assert hit["fields"]["sources"][0]["source_id"] == "US_DDTC_DEBARRED"
    assert meta(hit)["date_of_birth_matched"] == "PARTIAL_MATCH"  # listed with the year only
    assert report["request"]["risk_scores"] == ["Medium"] and report["request"]["entity_types"] == ["Person"]
    assert "DOCKET_DEMO" not in {ref["list"] for ref in report["lists"]}

    (event,) = screening_events(production, applicant_id)
    assert event["payload"]["search_response"] == report
    assert screening_events(sandbox, applicant_id) == []
    assert sandbox.get(f"{H}/{a['last_aml_screening_id']}").status_code == 404


def test_production_screens_with_imported_lists_only(production, poll, watchlists):
    applicant_id = production.create_applicant({"aml_screening_enabled": True,
                                                "info": {"full_name": "Petra Politikova"}})
    a = wait_screened(production, poll, applicant_id)
    assert (a["last_risk_score"], a["last_tags"]) == (None, [])


def test_events_are_paged_and_filtered_by_type(sandbox, reset, poll):
    ids = [sandbox.create_applicant({"aml_screening_enabled": True, "info": {"full_name": n}})
           for n in ("Ivan Sanctionov", "Petra Politikova", "Marco Medialli")]
    for applicant_id in ids:
        wait_screened(sandbox, poll, applicant_id)
    first = sandbox.get(EVENTS, params={"type": "AML_SCREENING", "limit": 2}).json()
    second = sandbox.get(EVENTS, params={"type": "AML_SCREENING", "limit": 2, "page": 1}).json()
    assert (len(first["data"]), first["has_next"], len(second["data"]), second["has_next"]) == (2, True, 1, False)
    assert {e["subject_id"] for e in first["data"] + second["data"]} == set(ids)
    assert sandbox.get(EVENTS, params={"type": "NO_SUCH_EVENT"}).json() == {"data": [], "has_next": False}
    assert len(sandbox.get(EVENTS).json()["data"]) == 3


# --- bad input ---------------------------------------------------------------------------------------

BAD_SEARCHES = [
    # (id, body, message regex, field)
    ("no-full-name", {}, r"^full_name: is required", "full_name"),
    ("empty-name", {"full_name": ""}, r"^full_name: is required", "full_name"),  # "" is not given
    ("blank-name", {"full_name": "  "}, r"^full_name: must not be empty", "full_name"),
    ("blank-name", {"full_name": "   "}, r"^full_name: must not be empty", "full_name"),
    ("name-201-chars", {"full_name": "x" * 201}, r"^full_name: must be at most 200 characters", "full_name"),
    ("name-10k-chars", {"full_name": "Ab " * 3400}, r"^full_name: must be at most 200 characters", "full_name"),
    ("name-only-punctuation", {"full_name": "!!! ..."}, r"^full_name: has no letters or digits", "full_name"),
    ("name-null", {"full_name": None}, r"^full_name: invalid type: null, expected a string", "full_name"),
    ("name-number", {"full_name": 5}, r"^full_name: invalid type: integer `5`, expected a string", "full_name"),
    ("name-control-char", {"full_name": "Ivan\u0000Sanctionov"}, r"^full_name: must not contain control characters", "full_name"),
    ("first-name-101-chars", {"full_name": "A B", "first_name": "x" * 101}, r"^first_name: must be at most 100", "first_name"),
    ("unknown-entity-type", {"full_name": "A B", "entity_types": ["Robot"]}, r"^entity_types\[0\]: unknown variant `Robot`", "entity_types[0]"),
    ("unknown-tag", {"full_name": "A B", "tags": ["Evil"]}, r"^tags\[0\]: `Evil` is not a known tag", "tags[0]"),
    ("lower-case-tag", {"full_name": "A B", "tags": ["sanctions"]}, r"^tags\[0\]: `sanctions` is not a known tag", "tags[0]"),
    ("malformed-source", {"full_name": "A B", "sources": ["us ofac"]}, r"^sources\[0\]: `us ofac` is not a source id", "sources[0]"),
    ("unknown-risk-score", {"full_name": "A B", "risk_scores": ["Severe"]}, r"^risk_scores\[0\]: unknown variant `Severe`", "risk_scores[0]"),
    ("unknown-mode-number", {"full_name": "A B", "mode": 3}, r"^mode: .*0 \(AUTO\), 1 \(FULL_NAME_ONLY\) or 2", "mode"),
    ("unknown-mode-name", {"full_name": "A B", "mode": "EXACT"}, r"^mode: .*0 \(AUTO\)", "mode"),
    ("mode-2-without-last-name", {"full_name": "A B", "first_name": "A", "mode": 2}, r"^mode: FIRST_AND_LAST_NAMES_ONLY \(2\) needs both", "mode"),
    ("unknown-gender", {"full_name": "A B", "gender": "X"}, r"^gender: unknown variant `X`", "gender"),
    ("bad-country", {"full_name": "A B", "countries": ["XX"]}, r"^countries\[0\]: `XX` is not an ISO 3166-1 alpha-2", "countries[0]"),
    ("too-many-countries", {"full_name": "A B", "countries": ["DE"] * 51}, r"^countries: at most 50 values", "countries"),
    ("dob-not-a-date", {"full_name": "A B", "date_of_birth": {"gte": "yesterday"}}, r"^date_of_birth\.gte: `yesterday` is not a date", "date_of_birth.gte"),
    ("dob-month-13", {"full_name": "A B", "date_of_birth": {"lte": "1990-13-01"}}, r"^date_of_birth\.lte: `1990-13-01` is not a date", "date_of_birth.lte"),
    ("dob-from-after-to", {"full_name": "A B", "date_of_birth": {"gte": "1990-01-02", "lte": "1990-01-01"}}, r"^date_of_birth: gte must not be later than lte", "date_of_birth"),
    ("dob-as-string", {"full_name": "A B", "date_of_birth": "1990-01-01"}, r"^date_of_birth: invalid type: string .*expected a JSON object", "date_of_birth"),
    ("dob-bound-as-number", {"full_name": "A B", "date_of_birth": {"gte": 1990}}, r"^date_of_birth\.gte: invalid type: integer", "date_of_birth.gte"),
    ("countries-as-string", {"full_name": "A B", "countries": "DE"}, r"^countries: invalid type: string \"DE\", expected an array", "countries"),
    ("entity-types-as-string", {"full_name": "A B", "entity_types": "Person"}, r"^entity_types: invalid type: string", "entity_types"),
    ("cities-of-numbers", {"full_name": "A B", "cities": [1]}, r"^cities\[0\]: invalid type: integer `1`, expected a string", "cities[0]"),
    ("fuzziness-as-string", {"full_name": "A B", "fuzziness": "yes"}, r"^fuzziness: invalid type: string \"yes\", expected a boolean", "fuzziness"),
    ("phonetics-as-number", {"full_name": "A B", "phonetics": 1}, r"^phonetics: invalid type: integer `1`, expected a boolean", "phonetics"),
    ("fuzziness-level-2", {"full_name": "A B", "fuzziness_level": 2}, r"^fuzziness_level: .*between 0 and 1", "fuzziness_level"),
    ("fuzziness-level-negative", {"full_name": "A B", "fuzziness_level": -0.1}, r"^fuzziness_level: .*between 0 and 1", "fuzziness_level"),
    ("limit-0", {"full_name": "A B", "limit": 0}, r"^limit: must be between 1 and 100", "limit"),
    ("limit-101", {"full_name": "A B", "limit": 101}, r"^limit: must be between 1 and 100", "limit"),
    ("limit-fraction", {"full_name": "A B", "limit": 1.5}, r"^limit: invalid type: floating point", "limit"),
    ("postal-code-21-chars", {"full_name": "A B", "postal_codes": ["1" * 21]}, r"^postal_codes: must be at most 20 characters", "postal_codes"),
    ("registration-id-65-chars", {"full_name": "A B", "registration_ids": ["x" * 65]}, r"^registration_ids: must be at most 64 characters", "registration_ids"),
]


@pytest.mark.parametrize("body, message, field", [pytest.param(*c[1:], id=c[0]) for c in BAD_SEARCHES])
def test_a_bad_search_is_400_with_a_json_message(sandbox, body, message, field):
    r = sandbox.post(S, json=body)
    assert r.status_code == 400, r.text
    assert r.headers["content-type"].startswith("application/json")
    err = r.json()
    assert err["error"] == "bad_request" and isinstance(err["message"], str)
    assert re.search(message, err["message"]), err["message"]
    if field is not None:
        assert err.get("field") == field, err
    assert len(err["message"]) < 1000


@pytest.mark.parametrize("data, message", [
    ('{"full_name": ', r"^malformed JSON"),
    ('{"full_name": "Ivan Sanctionov"} trailing', r"^malformed JSON"),
    ("[1, 2]", r"body must be a JSON object"),
    ("null", r"body must be a JSON object"),
    ('"Ivan Sanctionov"', r"body must be a JSON object"),
    (b'{"full_name": "\xff"}', r"^malformed JSON"),
])
def test_a_malformed_search_body_is_400(sandbox, data, message):
    r = sandbox.post(S, data=data, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "bad_request"
    assert re.search(message, r.json()["message"]), r.json()


def test_a_search_body_that_is_not_json_is_415_and_a_get_is_405(sandbox):
    r = sandbox.post(S, data="full_name=Ivan", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415 and r.json()["error"] == "unsupported_media_type"
    r = sandbox.get(S)
    assert r.status_code == 405 and r.json()["error"] == "method_not_allowed"


@pytest.mark.parametrize("path, params, message, field", [
    (H, {"limit": 0}, r"^limit: must be between 1 and 100", "limit"),
    (H, {"limit": 101}, r"^limit: must be between 1 and 100", "limit"),
    (H, {"page": -1}, r"^page: must be between 0 and 100000", "page"),
    (H, {"page": 100001}, r"^page: must be between 0 and 100000", "page"),
    (H, {"limit": "ten"}, r"^query parameter `limit`", None),
    (H, {"kind": "lookup"}, r"^kind: must be search or screening", "kind"),
    (H, {"applicant_id": "abc"}, r"`abc` is not a valid applicant id", None),
    (H, {"name": "x" * 201}, r"^name: must be at most 200 characters", "name"),
    (EVENTS, {"limit": 0}, r"^limit: must be between 1 and 200", "limit"),
    (EVENTS, {"limit": 201}, r"^limit: must be between 1 and 200", "limit"),
    (EVENTS, {"page": -1}, r"^page: must be between 0 and 100000", "page"),
    (f"{H}/not-a-uuid", None, r"`not-a-uuid` is not a valid search id", None),
    (f"{H}/{'1' * 40}", None, r"is not a valid search id", None),
], ids=["history-limit-0", "history-limit-101", "history-page-minus-1", "history-page-100001", "history-limit-word",
        "history-kind", "history-applicant-id", "history-name-201", "events-limit-0", "events-limit-201",
        "events-page-minus-1", "report-id-not-uuid", "report-id-too-long"])
def test_bad_paging_filters_and_ids_are_400(sandbox, path, params, message, field):
    r = sandbox.get(path, params=params)
    assert r.status_code == 400, r.text
    err = r.json()
    assert err["error"] == "bad_request" and re.search(message, err["message"]), err
    if field is not None:
        assert err.get("field") == field


def test_an_unknown_report_is_404(sandbox):
    r = sandbox.get(f"{H}/{uuid.uuid4()}")
    assert r.status_code == 404 and r.json() == {"message": "search not found", "error": "not_found"}


# A fixed id: the same test ids in every test process (pytest-xdist compares them).
NO_SUCH_ID = "00000000-0000-4000-8000-000000000000"


@pytest.mark.parametrize("method, path", [
    ("POST", S), ("GET", H), ("GET", f"{H}/{NO_SUCH_ID}"), ("GET", f"{S}/{NO_SUCH_ID}"), ("GET", LISTS),
    ("GET", FATF), ("GET", EVENTS),
])
def test_every_aml_route_needs_a_key(anonymous, method, path):
    r = anonymous.request(method, path, json={"full_name": MAGIC_IVAN_NAME} if method == "POST" else None)
    assert r.status_code == 401 and r.json()["error"] == "unauthorized"


# --- watchlist imports while serving ---------------------------------------------------------------


def summary_value(output: str, label: str) -> int:
    m = re.search(rf"^\s+{label}\s+(\d+)\s*$", output, re.MULTILINE)
    assert m, f"no `{label}` line in:\n{output}"
    return int(m.group(1))


def test_the_import_summary_counts_rows_entities_and_rejections(watchlists):
    rows = watchlists["csl_rows"]
    nameless = [i for i, r in enumerate(rows) if not r["name"]]
    out = watchlists["csl"].stdout
    assert re.search(r"^Imported US Consolidated Screening List .* as snapshot [0-9a-f-]{36} of list US_CSL$", out, re.M), out
    assert summary_value(out, "rows read") == len(rows) == 17
    assert summary_value(out, "rejected") == len(nameless) == 1
    assert summary_value(out, "entities") == len(rows) - len(nameless)
    assert summary_value(out, "names") == len(rows) - len(nameless) + sum(1 for r in rows if r.get("alt_names"))
    assert re.search(rf"e\.g\. row {nameless[0] + 2}: no name", out), out  # the header is row 1

    ftm = watchlists["ftm"].stdout
    assert re.search(r"of list FTM_DOCKET_TEST$", ftm, re.M), ftm
    assert (summary_value(ftm, "rows read"), summary_value(ftm, "entities"), summary_value(ftm, "rejected")) == (5, 3, 1)
    assert "not a FollowTheMoney entity" in ftm


def test_production_found_nothing_before_the_import_and_served_it_within_seconds(watchlists, production):
    assert all(hits == [] for hits in watchlists["before"].values())
    assert watchlists["seconds_to_serve"] < 20
    (karavanov,) = search(production, {"full_name": "Dmitri Karavanov"})["data"]
    assert primary(karavanov) == "KARAVANOV, Dmitri Sergeyevich"
    assert (karavanov["risk_score"], karavanov["tags"]) == ("High", ["Sanctions"])
    (wallet,) = search(production, {"full_name": watchlists["wallet"]})["data"]
    assert (wallet["type"], wallet["risk_score"]) == ("CryptoWallet", "High")
    assert wallet["fields"]["registration_ids"][0]["currency"] == "XBT"


def test_lists_show_the_imported_snapshots(production, watchlists):
    snapshots = production.get(LISTS).json()["data"]
    csl = [s for s in snapshots if s["list"] == "US_CSL" and s["active"]]
    assert len(csl) == 1
    (csl,) = csl
    assert set(csl) >= {"id", "list", "format", "label", "imported_at", "entities", "names", "rows_read",
                        "rows_rejected", "sha256", "demo", "active"}
    assert (csl["format"], csl["demo"], csl["rows_read"], csl["rows_rejected"]) == ("us-csl", False, 17, 1)
    assert (csl["entities"], csl["names"]) == (16, 17)
    assert csl["label"] == "US Consolidated Screening List (trade.gov)"
    assert UUID_RE.match(csl["id"]) and TIME_RE.match(csl["imported_at"])
    assert csl["id"] in watchlists["csl"].stdout
    assert csl["sha256"] == hashlib.sha256(Path(watchlists["csl_path"]).read_bytes()).hexdigest()
    (ftm,) = [s for s in snapshots if s["list"] == "FTM_DOCKET_TEST"]
    assert (ftm["format"], ftm["entities"], ftm["rows_read"], ftm["rows_rejected"], ftm["active"]) == ("ftm", 3, 5, 1, True)


def run_import_expecting_failure(watchlists, fmt: str, path: Path, message: str) -> None:
    done = watchlists["import_list"](fmt, path)
    assert done.returncode != 0, done.stdout
    assert re.search(message, done.stderr), done.stderr
    assert "Imported" not in done.stdout


def test_a_malformed_import_fails_and_the_previous_snapshot_stays_in_use(production, watchlists, tmp_path):
    before = production.get(LISTS).json()["data"]
    karavanov = search(production, {"full_name": "Dmitri Karavanov"})["data"]

    not_csl = tmp_path / "not_csl.csv"
    not_csl.write_text("a,b\n1,2\n")
    run_import_expecting_failure(watchlists, "us-csl", not_csl, r"no `name` and `source` columns")
    nameless = watchlists["write_csl"](tmp_path / "nameless.csv", [dict(_id="x1", source="(SDN)", name="")])
    run_import_expecting_failure(watchlists, "us-csl", nameless, r"no entity could be read")
    run_import_expecting_failure(watchlists, "ofac-sdn", Path(watchlists["csl_path"]), r"is not an OFAC SDN CSV file")
    run_import_expecting_failure(watchlists, "us-csl", tmp_path / "missing.csv", r"cannot read")
    broken_gzip = tmp_path / "broken.csv.gz"
    broken_gzip.write_bytes(b"\x1f\x8b\x08\x00garbage")
    run_import_expecting_failure(watchlists, "us-csl", broken_gzip, r"not valid gzip")

    assert production.get(LISTS).json()["data"] == before
    assert search(production, {"full_name": "Dmitri Karavanov"})["data"] == karavanov


def test_a_new_snapshot_replaces_the_old_one_while_serving(production, watchlists, poll, tmp_path):
    """Re-imports the CSL with one new entity and one changed remark (after every test here that
    reads the first snapshot: the module runs in file order)."""
    old_snapshot = [s for s in production.get(LISTS).json()["data"] if s["list"] == "US_CSL" and s["active"]][0]
    karavanov = search(production, {"full_name": "Dmitri Karavanov"})["data"][0]
    thornquist_search = search(production, {"full_name": "Evander Lysander Thornquist"})
    assert thornquist_search["data"][0]["annotation"] == "Debarred for ITAR violations"
    # A monitored applicant who is on no list yet.
    applicant_id = production.create_applicant({"aml_screening_enabled": True,
                                                "info": {"full_name": "Octavia Wrenfield"}})
    first = wait_screened(production, poll, applicant_id)
    assert first["last_risk_score"] is None
    assert search(production, {"full_name": "Octavia Wrenfield"})["data"] == []

    rows = [dict(r) for r in watchlists["csl_rows"]]
    for row in rows:
        if row["_id"] == "dk-1006":
            row["remarks"] = "Debarred again in 2026"
    rows.append(dict(_id="dk-4001", source="Specially Designated Nationals (SDN) - Treasury Department",
                     type="Individual", programs="CYBER2", name="WRENFIELD, Octavia", citizenships="GB"))
    path = watchlists["write_csl"](tmp_path / "csl-v2.csv", rows)
    done = watchlists["import_list"]("us-csl", path)
    assert done.returncode == 0, done.stderr
    assert (summary_value(done.stdout, "rows read"), summary_value(done.stdout, "entities"),
            summary_value(done.stdout, "rejected")) == (18, 17, 1)

    (octavia,) = poll(lambda: search(production, {"full_name": "Octavia Wrenfield"})["data"], timeout=20,
                      interval=0.1, what="production to serve the new snapshot")
    assert (octavia["risk_score"], sorted(octavia["tags"])) == ("High", ["Criminal", "Sanctions"])

    snapshots = [s for s in production.get(LISTS).json()["data"] if s["list"] == "US_CSL"]
    new = [s for s in snapshots if s["active"]]
    assert len(new) == 1 and new[0]["id"] != old_snapshot["id"] and new[0]["id"] in done.stdout
    assert (new[0]["rows_read"], new[0]["entities"]) == (18, 17)
    (replaced,) = [s for s in snapshots if s["id"] == old_snapshot["id"]]
    assert replaced["active"] is False
    assert [r["id"] for r in search(production, {"full_name": "Octavia Wrenfield"})["lists"] if r["list"] == "US_CSL"] == [new[0]["id"]]

    # Entity ids are stable across imports of a list.
    assert search(production, {"full_name": "Dmitri Karavanov"})["data"][0]["uuid"] == karavanov["uuid"]
    # The entity is as the lists hold it now; the old report stays as it was.
    thornquist_id = thornquist_search["data"][0]["uuid"]
    assert production.get(f"{S}/{thornquist_id}").json()["annotation"] == "Debarred again in 2026"
    assert production.get(f"{H}/{thornquist_search['search_uuid']}").json() == thornquist_search

    # Monitored applicants are screened against the new snapshot.
    later = poll(lambda: (lambda a: a if a["last_risk_score"] else None)(production.get_applicant(applicant_id)),
                 timeout=20, interval=0.1, what="the monitored applicant to be screened against the new snapshot")
    assert (later["last_risk_score"], later["last_tags"]) == ("High", ["Criminal", "Sanctions"])
    assert later["last_aml_screening_id"] != first["last_aml_screening_id"]


# --- real OFAC files, when present -------------------------------------------------------------------

REAL_LISTS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "watchlists"  # ../shared from /work/main
DOCKET_BIN = os.environ.get("DOCKET_BIN", "/work/main/target/debug/docket")


def _ofac_sample(folder: Path) -> tuple[int, list[str], list[str]]:
    """Rows of the real sdn.csv (as the importer counts them), its first individual written
    `LAST, First` that has an alias in alt.csv, and that alias."""
    import csv

    def rows(name: str) -> list[list[str]]:
        with open(folder / name, encoding="utf-8", errors="replace", newline="") as f:
            return [r for r in csv.reader(f) if len(r) > 1]

    sdn = rows("ofac_sdn.csv")
    aliases: dict[str, list[str]] = {}
    for r in rows("ofac_alt.csv"):
        if r[2].strip().strip('"') == "aka" and re.fullmatch(r"[A-Z][A-Za-z' -]+, [A-Z][A-Za-z' -]+", r[3].strip()):
            aliases.setdefault(r[0].strip(), []).append(r[3].strip())
    sample = next(r for r in sdn if r[2].strip() == "individual" and r[0].strip() in aliases
                  and re.fullmatch(r"[A-Z][A-Za-z' -]+, [A-Z][A-Za-z' -]+", r[1].strip()))
    return len(sdn), [c.strip() for c in sample], aliases[sample[0].strip()]


def test_real_ofac_sdn_files_import_and_match(docket_factory, tmp_path):
    """OFAC's real sdn.csv, alt.csv and add.csv, imported into a data directory of its own before
    its server starts (switching snapshots while serving is checked above with synthetic lists)."""
    files = [REAL_LISTS / f for f in ("ofac_sdn.csv", "ofac_alt.csv", "ofac_add.csv")]
    if not all(p.is_file() for p in files):
        pytest.skip(f"no OFAC SDN files in {REAL_LISTS}")
    data = tmp_path / "real-lists"
    data.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCKET_")}
    done = subprocess.run([DOCKET_BIN, "lists", "import", "--format", "ofac-sdn", "--data-dir", str(data),
                           *map(str, files)], capture_output=True, text=True, timeout=120, env=env,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    row_count, sample, aliases = _ofac_sample(REAL_LISTS)
    assert summary_value(done.stdout, "rows read") == row_count
    assert summary_value(done.stdout, "rejected") == 0
    assert summary_value(done.stdout, "names") > summary_value(done.stdout, "entities") == row_count

    srv = docket_factory(data_dir=data)
    production = srv.client(srv.production_key, "production")
    (snapshot,) = production.get(LISTS).json()["data"]
    assert (snapshot["list"], snapshot["format"], snapshot["rows_read"]) == ("US_OFAC_SDN", "ofac-sdn", row_count)

    last, first = (part.strip() for part in sample[1].split(",", 1))
    report = search(production, {"full_name": f"{first} {last}"})
    assert [r["list"] for r in report["lists"]] == ["US_OFAC_SDN"]
    top = report["data"][0]
    assert primary(top) == sample[1]
    assert meta(top)["name_match_level"] == "FULL_MATCH" and top["type"] == "Person"
    assert top["fields"]["sources"][0]["source_id"] == "US_OFAC_SDN" and top["risk_score"] == "High"
    for hit in report["data"]:
        assert_consistent_hit(hit, report)
    # Its alias finds it, and so does its name with two letters of the surname swapped.
    a_last, a_first = (part.strip() for part in aliases[0].split(",", 1))
    assert top["uuid"] in uuids(search(production, {"full_name": f"{a_first} {a_last}"}))
    typo = f"{first} {last[:-2]}{last[-1]}{last[-2]}"
    assert top["uuid"] in uuids(search(production, {"full_name": typo}))


# --- data sources (the JS client's aml.getDataSources) -----------------------------------------------

DATASOURCES = "/webapi/public/datasources"
DATA_SOURCE_KEYS = {"source_id", "source_public_name", "risk_score", "tags", "description", "entities", "lists"}


def data_sources(client, body: dict) -> dict:
    r = client.post(DATASOURCES, json=body)
    assert r.status_code == 200, f"{client.name}: {r.status_code} {r.text}"
    page = r.json()
    assert set(page) == {"data", "has_next"}
    return page


def test_data_sources_are_the_sources_of_the_lists_in_use(sandbox, production, watchlists):
    # The JS client's body, every field present.
    prod = data_sources(production, {"name": None, "tags": [], "risk_scores": [], "page": 0, "limit": 200})["data"]
    ids = [s["source_id"] for s in prod]
    assert ids == sorted(ids) and "US_OFAC_SDN" in ids, ids
    for s in prod:
        assert DATA_SOURCE_KEYS <= set(s) <= DATA_SOURCE_KEYS | {"url"}, s
        assert s["risk_score"] in ("Low", "Medium", "High") and s["entities"] >= 1
        # Production never screens against the demo list, so its sources are never named.
        assert not any("demo" in l.lower() for l in s["lists"]), s
        assert s["description"].startswith(f"{s['entities']} entit"), s
    ofac = next(s for s in prod if s["source_id"] == "US_OFAC_SDN")
    assert "Sanctions" in ofac["tags"] and ofac["risk_score"] == "High"

    # The sandbox screens against the demo list too: its sources, merged with the imported ones.
    sand = data_sources(sandbox, {"limit": 200})["data"]
    by_id = {s["source_id"]: s for s in sand}
    assert set(ids) <= set(by_id)
    assert any("demo" in l.lower() for s in sand for l in s["lists"])
    assert by_id["US_OFAC_SDN"]["entities"] > ofac["entities"]


def test_data_sources_filter_and_page(sandbox, watchlists):
    assert all("ofac" in (s["source_id"] + s["source_public_name"]).lower()
               for s in data_sources(sandbox, {"name": " OFAC "})["data"])
    assert data_sources(sandbox, {"name": "zzzz-no-such-source"})["data"] == []
    tagged = data_sources(sandbox, {"tags": ["PEP"], "limit": 200})["data"]
    assert tagged and all("PEP" in s["tags"] for s in tagged)
    high = data_sources(sandbox, {"risk_scores": ["High"], "limit": 200})["data"]
    assert high and all(s["risk_score"] == "High" for s in high)
    every = data_sources(sandbox, {"limit": 200})["data"]
    first = data_sources(sandbox, {"limit": 1})
    second = data_sources(sandbox, {"limit": 1, "page": 1})
    assert first["has_next"] and [first["data"][0], second["data"][0]] == every[:2]


@pytest.mark.parametrize("body, field", [
    ({"tags": ["Nonsense"]}, "tags"),
    ({"risk_scores": ["Extreme"]}, "risk_scores"),
    ({"limit": 0}, "limit"),
    ({"page": -1}, "page"),
    ({"name": "a\u0000b"}, "name"),
])
def test_data_sources_refuse_what_they_cannot_read(sandbox, body, field):
    r = sandbox.post(DATASOURCES, json=body)
    assert r.status_code == 400, r.text
    assert field in r.json()["message"], r.text
