"""The official Python client, `dataspike` 0.1.4, unchanged against Docket: every applicant call.

The client is async (aiohttp); each test runs its coroutine with `asyncio.run`. What the client
sends (read from its source): `ds-api-token` and a `dataspike-python/<version>` user agent; create
posts `{"external_id", "info": {all ApplicantInfo fields, None included}}` and expects 201; get
and get_by_external_id return None on 404; list sends `page` and `limit`; delete expects 200.
"""

from __future__ import annotations

import uuid
from uuid import UUID

import dataspike
import pytest
from dataspike import Api, Applicant, ApplicantInfo, ApplicantVerificationStatus, PagedResponse
from dataspike.errors import UnexpectedResponseStatus

A = "/api/v3/applicants"


def test_the_pinned_client_version_is_the_one_under_test():
    assert dataspike.__version__ == "0.1.4"



def full_info() -> ApplicantInfo:
    return ApplicantInfo(full_name="Ann Marie Lee", first_name="Ann", last_name="Lee", dob="1990-05-06",
                         gender="F", citizenship="GB", address="1 High Street, Oxford",
                         email="ann.lee@example.org", phone="+44 1865 123456")


def assert_carries_full_info(info: ApplicantInfo) -> None:
    assert (info.full_name, info.first_name, info.last_name) == ("Ann Marie Lee", "Ann", "Lee")
    assert info.dob is not None and info.dob.startswith("1990-05-06")
    assert (info.gender, info.citizenship, info.address) == ("F", "GB", "1 High Street, Oxford")
    assert (info.email, info.phone) == ("ann.lee@example.org", "+44 1865 123456")


def test_create_with_every_info_field_then_get(run, sandbox):
    ext = f"py-client-{uuid.uuid4().hex[:8]}"

    async def body(api: Api):
        applicant_id = await api.applicant.create(external_id=ext, info=full_info())
        return applicant_id, await api.applicant.get(applicant_id)

    applicant_id, applicant = run(body)
    assert isinstance(applicant_id, UUID)
    assert isinstance(applicant, Applicant)
    assert applicant.applicant_id == applicant_id
    assert applicant.external_id == ext
    assert applicant.verification_status == ApplicantVerificationStatus.Initial
    assert_carries_full_info(applicant.system_info)
    assert applicant.provided_info is not None
    assert_carries_full_info(applicant.provided_info)
    # The contact details the client sends inside `info` are the applicant's contact details.
    raw = sandbox.get_applicant(str(applicant_id))
    assert (raw["email"], raw["phone"]) == ("ann.lee@example.org", "+44 1865 123456")


def test_create_without_arguments_and_with_partial_info(run):
    async def body(api: Api):
        bare = await api.applicant.get(await api.applicant.create())
        named = await api.applicant.get(await api.applicant.create(info=ApplicantInfo(first_name="Bo", last_name="Ek")))
        return bare, named

    bare, named = run(body)
    assert bare.external_id is None and bare.system_info.full_name is None
    assert named.system_info.full_name == "Bo Ek"        # filled from first and last names
    assert named.provided_info.full_name is None          # as supplied
    assert named.system_info.dob is None and named.system_info.gender is None


def test_get_by_external_id_finds_the_applicant_and_none_for_an_unknown_one(run):
    ext = f"py client {uuid.uuid4().hex[:8]}"  # with spaces, which aiohttp encodes

    async def body(api: Api):
        applicant_id = await api.applicant.create(external_id=ext, info=ApplicantInfo(full_name="By External"))
        found = await api.applicant.get_by_external_id(ext)
        unknown = await api.applicant.get_by_external_id(f"nobody-{uuid.uuid4().hex}")
        return applicant_id, found, unknown

    applicant_id, found, unknown = run(body)
    assert found is not None and found.applicant_id == applicant_id
    assert found.external_id == ext and found.system_info.full_name == "By External"
    assert unknown is None


def test_list_pages_with_has_next(run, sandbox, reset):
    async def body(api: Api):
        ids = [await api.applicant.create(external_id=f"py-list-{i}") for i in range(3)]
        pages = [await api.applicant.list(page=p, limit=2) for p in range(2)]
        default = await api.applicant.list()
        return ids, pages, default

    ids, pages, default = run(body)
    assert all(isinstance(p, PagedResponse) for p in pages)
    assert [p.has_next for p in pages] == [True, False]
    assert [a.applicant_id for p in pages for a in p.data] == list(reversed(ids))
    assert [a.external_id for a in pages[0].data] == ["py-list-2", "py-list-1"]
    assert len(default.data) == 3 and default.has_next is False


def test_delete_then_get_returns_none(run):
    async def body(api: Api):
        applicant_id = await api.applicant.create(external_id=f"py-del-{uuid.uuid4().hex[:8]}")
        before = await api.applicant.get(applicant_id)
        result = await api.applicant.delete(applicant_id)
        after = await api.applicant.get(applicant_id)
        with pytest.raises(UnexpectedResponseStatus) as again:
            await api.applicant.delete(applicant_id)
        return before, result, after, again.value

    before, result, after, again = run(body)
    assert before is not None and result is None and after is None
    assert again.code == 404 and '"error":"not_found"' in again.response


def test_get_of_an_unknown_id_is_none(run):
    assert run(lambda api: api.applicant.get(uuid.uuid4())) is None


def test_a_duplicate_external_id_surfaces_as_the_clients_error_with_409(run):
    ext = f"py-dup-{uuid.uuid4().hex[:8]}"

    async def body(api: Api):
        await api.applicant.create(external_id=ext)
        with pytest.raises(UnexpectedResponseStatus) as dup:
            await api.applicant.create(external_id=ext)
        return dup.value

    err = run(body)
    assert err.code == 409 and ext in err.response


def test_the_clients_requests_are_journaled_with_its_user_agent(run, sandbox):
    after = sandbox.last_seq()
    run(lambda api: api.applicant.list(page=0, limit=1))
    (entry,) = sandbox.journal(after=after)
    assert entry["client"] == "dataspike-python/0.1.4"
    assert (entry["method"], entry["path"], entry["status"]) == ("GET", A, 200)
    assert sorted(entry["query"].split("&")) == ["limit=1", "page=0"]
