"""The official Python client, `dataspike` 0.1.4, unchanged against Docket: AML search and entities.

What the client does (read from its source, `dataspike/aml/aml.py` and `aml/model.py`):

* `api.aml.search(request)` takes an `AMLSearchRequest` pydantic dataclass whose `full_name` and
  `risk_scores` (a list of `RiskScore`) are required; `countries`, `cities`, `entity_types`,
  `postal_codes`, `date_of_birth` (`DateRange(gte, lte)` of strings), `tags`, `sources` and
  `registration_ids` default to None. It POSTs `dataclasses.asdict(request)` (so every field,
  None ones as JSON `null`) to `/api/v3/aml/search` with `ds-api-token` and the user agent
  `dataspike-python/0.1.4`, accepts only 200 (anything else raises `UnexpectedResponseStatus`
  with the status and body) and builds `AMLResponse(**body)`: `requested_name`, `search_uuid`
  (a UUID) and `data` (a list of `AMLEntity`); keys it does not model are ignored.
* `api.aml.get(id)` validates `id` as a UUID (`@validate_call`, before any request), GETs
  `/api/v3/aml/search/{id}`, accepts only 200 and builds `AMLEntity(**body)`. Unlike
  `applicant.get` it has no None-on-404: an unknown id raises `UnexpectedResponseStatus` (404).
* `AMLEntity` is `uuid`, `type` (`EntityType`: Person, Organization, Vessel, Aircraft, no
  CryptoWallet), `risk_score`, `fields`, `tags`, `annotation`. `EntityFields.media` and
  `contact_info` are single objects (the API sends lists), and several optional strings
  (`EntityName.last_name`, `lang`) are typed `str`, so they must be absent rather than null.
  Docket shapes entities for this user agent (the guide's "The Python client").
* There is no history call; reports are fetched over HTTP here to compare.

The client is async (aiohttp); each test runs its coroutine with `asyncio.run`. Its `SyncApi`
cannot close its own session (a fault of the client), so it is not used.
"""

from __future__ import annotations

import json
import uuid
from typing import Any
from uuid import UUID

import pydantic
import pytest
from dataspike import (AMLEntity, AMLResponse, AMLSearchRequest, AdverseMedia, Api, ContactInfo, DataSource,
                       DateRange, EntityType, Gender, RiskScore)
from dataspike.errors import UnexpectedResponseStatus

S = "/api/v3/aml/search"
H = "/api/v3/aml/search/history"



def test_search_for_the_sanctions_magic_name_is_parsed_by_the_client(run, sandbox):
    request = AMLSearchRequest(full_name="Ivan Sanctionov", risk_scores=[RiskScore.High])
    response = run(lambda api: api.aml.search(request))
    assert isinstance(response, AMLResponse)
    assert response.requested_name == "Ivan Sanctionov"
    assert isinstance(response.search_uuid, UUID)
    (entity,) = response.data
    assert isinstance(entity, AMLEntity) and isinstance(entity.uuid, UUID)
    assert (entity.type, entity.risk_score) == (EntityType.Person, RiskScore.High)
    assert [str(t) for t in entity.tags] == ["Sanctions"]
    (name,) = entity.fields.names
    assert (name.full_name, name.first_name, name.last_name) == ("Ivan Sanctionov", "Ivan", "Sanctionov")
    (source,) = entity.fields.sources
    assert source.source_id == DataSource.US_OFAC_SDN and source.risk_score == RiskScore.High
    assert entity.fields.genders == [Gender.Male]
    assert entity.fields.dates_of_birth[0].gte.startswith("1970-01-01")
    assert entity.fields.media is None and entity.fields.contact_info is None

    # The search is kept: its report (over HTTP, the client has no history call) is the same search.
    report = sandbox.get(f"{H}/{response.search_uuid}")
    assert report.status_code == 200
    assert [h["uuid"] for h in report.json()["data"]] == [str(entity.uuid)]


def test_what_the_client_sends_is_accepted_as_sent(run, sandbox):
    after = sandbox.last_seq()
    request = AMLSearchRequest(full_name="Petra Politikova", risk_scores=[RiskScore.Medium, RiskScore.High],
                               date_of_birth=DateRange(gte="1970-01-01T00:00:00.000Z"))
    response = run(lambda api: api.aml.search(request))
    assert [e.risk_score for e in response.data] == [RiskScore.Medium]
    (entry,) = sandbox.journal(after=after)
    assert (entry["method"], entry["path"], entry["status"], entry["client"]) == ("POST", S, 200, "dataspike-python/0.1.4")
    sent = json.loads(entry["request_body"])
    assert sent["full_name"] == "Petra Politikova" and sent["risk_scores"] == ["Medium", "High"]
    assert sent["date_of_birth"] == {"gte": "1970-01-01T00:00:00.000Z", "lte": None}
    assert {k for k, v in sent.items() if v is None} == {"countries", "cities", "entity_types", "postal_codes", "tags",
                                                         "sources", "registration_ids"}


def test_get_returns_the_entity_the_search_found(run):
    async def body(api: Api):
        found = await api.aml.search(AMLSearchRequest(full_name="Petra Politikova", risk_scores=[]))
        return found, await api.aml.get(found.data[0].uuid)

    found, entity = run(body)
    assert isinstance(entity, AMLEntity)
    assert entity == found.data[0]
    assert entity.risk_score == RiskScore.Medium and [str(t) for t in entity.tags] == ["PEP"]
    (role,) = entity.fields.political_roles
    assert role.role and role.country == "GB"


def test_get_of_an_unknown_entity_raises_the_clients_error_with_404(run, sandbox):
    unknown = uuid.uuid4()

    async def body(api: Api):
        with pytest.raises(UnexpectedResponseStatus) as err:
            await api.aml.get(unknown)
        return err.value

    err = run(body)
    assert err.code == 404 and err.method == "aml get"
    assert json.loads(err.response) == {"message": "entity not found", "error": "not_found"}


def test_get_of_a_malformed_id_is_refused_by_the_client_before_any_request(run, sandbox):
    after = sandbox.last_seq()

    async def body(api: Api):
        with pytest.raises(pydantic.ValidationError):
            await api.aml.get("not-a-uuid")

    run(body)
    assert sandbox.journal(after=after) == []


def test_a_clean_name_gives_an_empty_parsed_response(run):
    response = run(lambda api: api.aml.search(AMLSearchRequest(full_name="Clara Cleanfield", risk_scores=[])))
    assert isinstance(response, AMLResponse) and response.data == []


def test_a_media_hit_arrives_as_the_clients_single_media_object(run, sandbox):
    response = run(lambda api: api.aml.search(AMLSearchRequest(full_name="Marco Medialli", risk_scores=[RiskScore.Low])))
    (entity,) = response.data
    assert isinstance(entity.fields.media, AdverseMedia)
    assert entity.fields.media.risk_score == RiskScore.Low and "Marco Medialli" in entity.fields.media.headline
    # Other clients get the documented list.
    raw = sandbox.post(S, json={"full_name": "Marco Medialli"}).json()["data"][0]["fields"]["media"]
    assert isinstance(raw, list) and raw[0]["headline"] == entity.fields.media.headline


def test_filters_of_the_clients_request_model_narrow_the_results(run, production, watchlists):
    """Against the synthetic lists in production: five namesakes of `Anatoly Ostrovetsky`."""
    every_risk = [RiskScore.High, RiskScore.Medium, RiskScore.Low]

    def ask(**kwargs: Any) -> AMLResponse:
        request = AMLSearchRequest(full_name="Anatoly Ostrovetsky", **kwargs)
        return run(lambda api: api.aml.search(request), client=production)

    assert len(ask(risk_scores=every_risk).data) == 5
    assert [e.type for e in ask(risk_scores=[RiskScore.High], entity_types=[EntityType.Person]).data] == [EntityType.Person]
    assert [e.type for e in ask(risk_scores=every_risk, entity_types=[EntityType.Vessel]).data] == [EntityType.Vessel]
    assert [e.risk_score for e in ask(risk_scores=[RiskScore.Low]).data] == [RiskScore.Low]
    (ru,) = ask(risk_scores=every_risk, countries=["RU"]).data
    assert ru.fields.citizenships == ["RU"]
    born = ask(risk_scores=every_risk, entity_types=[EntityType.Person],
               date_of_birth=DateRange(gte="1960-01-01", lte="1960-12-31")).data
    assert [e.fields.dates_of_birth[0].gte[:10] for e in born] == ["1960-02-02"]
    (debarred,) = ask(risk_scores=every_risk, tags=["Debarred"]).data
    assert debarred.fields.sources[0].source_id == "US_DDTC_DEBARRED"
    (org,) = ask(risk_scores=every_risk, sources=[DataSource.US_OFAC_SDN, "US_BIS_ENTITY"],
                 entity_types=[EntityType.Organization]).data
    assert org.fields.registration_ids[0].id == "HRB 55501"
    assert [e.uuid for e in ask(risk_scores=every_risk, registration_ids=["HRB 55501"], cities=["Hamburg"],
                                postal_codes=["20457"]).data][:1] == [org.uuid]


def test_contact_details_and_wallets_are_shaped_to_the_clients_models(run, production, watchlists):
    async def body(api: Api):
        person = await api.aml.search(AMLSearchRequest(full_name="Marisol Quintanilla Ferreira", risk_scores=[]))
        wallet = await api.aml.search(AMLSearchRequest(full_name=watchlists["wallet"], risk_scores=[RiskScore.High],
                                                       registration_ids=[watchlists["wallet"]]))
        return person, wallet, await api.aml.get(wallet.data[0].uuid)

    person, wallet, got = run(body, client=production)
    (marisol,) = person.data
    assert isinstance(marisol.fields.contact_info, ContactInfo)
    assert marisol.fields.contact_info.emails == ["m.quintanilla@example.org"]
    assert marisol.fields.contact_info.phones == ["+58 212 5550101"]
    assert marisol.fields.contact_info.websites == ["https://quintanilla.example.org"]
    (w,) = wallet.data
    assert w.type == EntityType.Organization  # the client knows no CryptoWallet
    assert w.annotation.startswith("CryptoWallet") and "fictitious test network" in w.annotation
    assert w.fields.registration_ids[0].id == watchlists["wallet"]
    assert got == w
    # Other clients get the documented shapes.
    raw = production.post(S, json={"full_name": watchlists["wallet"]}).json()["data"][0]
    assert raw["type"] == "CryptoWallet" and raw["annotation"] == "Wallet of a fictitious test network"
    raw_person = production.get(f"{S}/{marisol.uuid}").json()
    assert raw_person["fields"]["contact_info"] == [{"emails": ["m.quintanilla@example.org"],
                                                     "phones": ["+58 212 5550101"],
                                                     "websites": ["https://quintanilla.example.org"]}]


def test_broad_demo_searches_parse_every_hit(run, sandbox):
    """Vessels with owners, and people of many kinds: whatever the demo list returns, the client reads."""
    every_risk = [RiskScore.High, RiskScore.Medium, RiskScore.Low]

    async def body(api: Api):
        vessels = await api.aml.search(AMLSearchRequest(full_name="Ocean Star", risk_scores=every_risk,
                                                        entity_types=[EntityType.Vessel]))
        people = await api.aml.search(AMLSearchRequest(full_name="Mohammed", risk_scores=every_risk))
        return vessels, people, [await api.aml.get(e.uuid) for e in vessels.data[:3]]

    vessels, people, got = run(body)
    assert vessels.data and all(e.type == EntityType.Vessel for e in vessels.data)
    assert any(e.fields.owners_and_beneficiaries for e in vessels.data)
    owner = next(o for e in vessels.data for o in e.fields.owners_and_beneficiaries)
    assert owner.name and UUID(owner.ref)
    assert got == vessels.data[:3]
    assert people.data and all(isinstance(e, AMLEntity) for e in people.data)
    raw = sandbox.post(S, json={"full_name": "Mohammed", "risk_scores": ["High", "Medium", "Low"]}).json()
    assert [h["uuid"] for h in raw["data"]] == [str(e.uuid) for e in people.data]


def test_a_refused_search_surfaces_as_the_clients_error_with_400(run):
    async def body(api: Api):
        with pytest.raises(UnexpectedResponseStatus) as err:
            await api.aml.search(AMLSearchRequest(full_name="", risk_scores=[]))
        return err.value

    err = run(body)
    assert err.code == 400 and err.method == "aml search"
    # The client sends every field; its empty name is a missing one.
    assert json.loads(err.response)["message"] == "full_name: is required"
