"""File management (issue 35, item 5): an applicant's documents listed, and one erased on its own
(the bytes gone, a tombstone that says who and when, the audit chain), the refusal for a decided
verification's evidence, and isolation between environments."""

from __future__ import annotations

from test_verifications import V, create, fill, finish, png, upload


def files_of(client, applicant: str, **params):
    return client.get(f"/api/v3/applicants/{applicant}/documents", params=params)


def test_an_applicants_documents_are_listed_with_their_facts(sandbox):
    applicant = sandbox.create_applicant({"info": {"full_name": "Lisa List"}})
    first = upload(sandbox, applicant, "passport", "pass.png", png(1)).json()["document_id"]
    second = upload(sandbox, applicant, "selfie", "me.png", png(2)).json()["document_id"]
    r = files_of(sandbox, applicant)
    assert r.status_code == 200, r.text
    page = r.json()
    assert [f["document_id"] for f in page["data"]] == [second, first] and page["has_next"] is False
    selfie = page["data"][0]
    assert selfie["document_type"] == "selfie" and selfie["erased"] is None and selfie["verification_id"] is None
    stored = selfie["stored"]
    assert stored["content_type"] == "image/png" and stored["file_name"] == "me.png"
    assert stored["size"] == len(png(2)) and len(stored["sha256"]) == 64
    assert [f["document_id"] for f in files_of(sandbox, applicant, limit=1, page=1).json()["data"]] == [first]
    assert files_of(sandbox, "00000000-0000-7000-8000-000000000000").status_code == 404
    assert files_of(sandbox, applicant, limit=0).status_code == 400


def test_erasing_a_document_leaves_a_tombstone_and_no_bytes(sandbox):
    applicant = sandbox.create_applicant({"info": {"full_name": "Erik Erase"}})
    doc = upload(sandbox, applicant, "passport", "pass.png", png(3)).json()["document_id"]
    assert sandbox.get(f"/api/v3/documents/{doc}").status_code == 200
    r = sandbox.delete(f"/api/v3/documents/{doc}")
    assert r.status_code == 200, r.text
    tombstone = r.json()
    assert tombstone["stored"] is None and tombstone["erased"]["erased_by"].startswith("API key ")
    assert tombstone["document_type"] == "passport"
    # The file is gone: 410 with who and when, for the file and its preview; again: 410.
    for path in (f"/api/v3/documents/{doc}", f"/api/v3/documents/{doc}/preview"):
        r = sandbox.get(path)
        assert r.status_code == 410 and "erased" in r.json()["message"], r.text
    r = sandbox.delete(f"/api/v3/documents/{doc}")
    assert r.status_code == 410 and "was erased" in r.json()["message"]
    listed = files_of(sandbox, applicant).json()["data"]
    assert listed == [tombstone]
    events = sandbox.get("/_docket/audit", params={"limit": 50}).json()["data"]
    mine = [e for e in events if e["kind"] == "document_erased" and e["data"]["document_id"] == doc]
    assert len(mine) == 1 and mine[0]["data"]["applicant_id"] == applicant
    assert sandbox.delete("/api/v3/documents/00000000-0000-7000-8000-000000000000").status_code == 404


def test_a_document_of_an_open_verification_leaves_it(sandbox):
    v = create(sandbox)
    fill(sandbox, v)
    v = sandbox.get(f"{V}/{v['id']}").json()
    passport = next(d["document_id"] for d in v["documents"] if d["document_type"] == "passport")
    r = sandbox.delete(f"/api/v3/documents/{passport}")
    assert r.status_code == 200, r.text
    assert r.json()["verification_id"] == v["id"]
    after = sandbox.get(f"{V}/{v['id']}").json()
    assert passport not in [d["document_id"] for d in after["documents"]]
    assert "passport" in after["checks"]["document_mrz"]["pending_documents"] or after["document_type"] is None


def test_a_decided_verifications_evidence_is_kept_until_the_applicant_is_erased(sandbox, poll, real_clock):
    v = create(sandbox)
    fill(sandbox, v)
    done = finish(sandbox, v, poll)
    assert done["status"] in ("verified", "failed")
    doc = done["documents"][0]["document_id"]
    r = sandbox.delete(f"/api/v3/documents/{doc}")
    assert r.status_code == 409 and v["id"] in r.json()["message"] and "DELETE /api/v3/applicants/" in r.json()["message"]
    assert sandbox.get(f"/api/v3/documents/{doc}").status_code == 200
    assert sandbox.delete(f"/api/v3/applicants/{v['applicant_id']}").status_code in (200, 204)
    assert sandbox.get(f"/api/v3/documents/{doc}").status_code == 404


def test_the_sandbox_key_cannot_list_or_erase_productions_documents(sandbox, production, other_production):
    applicant = production.create_applicant({"info": {"full_name": "Pia Production"}})
    doc = upload(production, applicant, "passport", "p.png", png(4)).json()["document_id"]
    for client in (sandbox, other_production):
        assert files_of(client, applicant).status_code == 404
        r = client.delete(f"/api/v3/documents/{doc}")
        assert r.status_code == 404 and r.json()["message"]
    assert production.get(f"/api/v3/documents/{doc}").status_code == 200
    assert [f["document_id"] for f in files_of(production, applicant).json()["data"]] == [doc]
