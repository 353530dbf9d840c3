"""Document verification over HTTP (public-api.md section 3): profiles and links, verifications
from create to outcome, uploads and downloads, the sandbox's outcomes by magic file name and
`sandbox_result`, expiry and cancel on the sandbox clock, the person's endpoints by short id,
production's real checks and the reviewer's side (the reading, outcomes undoable for a minute),
isolation and bad input."""

from __future__ import annotations

import json
import random
import struct
import zlib
from typing import Callable

import pytest

V = "/api/v3/verifications"
P = "/api/v3/profiles"
U = "/api/v3/upload"
SDK = "/api/v3/sdk"

VERIFICATION_FIELDS = {
    "id", "applicant_id", "status", "organization_id", "account_id", "account_email", "documents", "document_ids",
    "document_type", "checks", "created_at", "completed_at", "expires_at", "verification_url", "verification_url_id",
    "country_code", "is_sandbox", "profile_id", "aml_search_id", "poi_data", "settings", "manual_fields",
    "duplicated_applicant_ids", "link_id",
}


def png(seed: int, width: int = 320, height: int = 200) -> bytes:
    """A grey PNG of blocks whose brightness the seed scrambles (different seeds: different
    pictures to the perceptual hash)."""
    rng = random.Random(seed)
    blocks = [[rng.randrange(256) for _ in range(width // 32 + 1)] for _ in range(height // 25 + 1)]
    rows = b"".join(b"\x00" + bytes(blocks[y // 25][x // 32] for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def upload(client, applicant: str, document_type: str, name: str, content: bytes, **fields: str):
    """An upload as the Python client sends it: the file part first, then the fields."""
    files = [("file", (name, content, "image/png")), ("document_type", (None, document_type))]
    files += [(k, (None, v)) for k, v in fields.items()]
    return client.post(f"{U}/{applicant}", files=files)


def create(client, **body) -> dict:
    r = client.post(V, json=body)
    assert r.status_code == 201, r.text
    return r.json()


def fill(client, v: dict, passport: str = "passport.png", selfie: str = "selfie.png", seed: int | None = None) -> None:
    base = seed if seed is not None else random.randrange(1 << 30)
    for document_type, name, s in (("passport", passport, base), ("selfie", selfie, base + 1)):
        r = upload(client, v["applicant_id"], document_type, name, png(s))
        assert r.status_code == 200, r.text


def finish(client, v: dict, poll) -> dict:
    """Proceeds, moves the sandbox clock past the simulated checks and waits for the outcome."""
    r = client.post(f"{V}/{v['id']}/proceed")
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "in_progress"
    assert client.post("/_docket/clock/advance", json={"seconds": 30}).status_code == 200

    def done():
        got = client.get(f"{V}/{v['id']}").json()
        return got if got["status"] in ("verified", "failed") else None

    return poll(done, what="the verification's outcome")


def test_a_verification_goes_from_create_to_verified_and_the_applicant_follows(sandbox, poll, real_clock):
    v = create(sandbox)
    assert VERIFICATION_FIELDS <= set(v), VERIFICATION_FIELDS - set(v)
    assert v["status"] == "initial" and v["is_sandbox"] is True
    for field in ("organization_id", "account_id", "account_email"):
        assert isinstance(v[field], str), field
    assert set(v["checks"]) == {"document_mrz", "document_ocr", "face_comparison"}
    assert v["checks"]["face_comparison"]["pending_documents"] == ["selfie"]
    assert v["verification_url"].endswith(f"/v/{v['verification_url_id']}")

    r = upload(sandbox, v["applicant_id"], "passport", "passport.png", png(1), issued_country="DEU")
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["detected_document_type"] == "passport" and answer["detected_country"] == "DE"
    assert answer["errors"] == []
    pending = sandbox.get(f"{V}/{v['id']}").json()
    assert pending["status"] == "pending" and pending["document_type"] == "passport"

    r = sandbox.post(f"{V}/{v['id']}/proceed")
    assert r.status_code == 400, "a selfie is missing"
    assert r.json()["pending_documents"] == ["selfie"] and r.json()["id"] == v["id"] and r.json()["message"]

    assert upload(sandbox, v["applicant_id"], "selfie", "selfie.png", png(2)).status_code == 200
    done = finish(sandbox, v, poll)
    assert done["status"] == "verified", done["checks"]
    assert all(c["status"] == "verified" for c in done["checks"].values())
    assert done["completed_at"] and done["poi_data"]["document_number"]

    applicant = sandbox.get_applicant(v["applicant_id"])
    assert applicant["verification_status"] == "passed", "the applicant's own words (initial, passed, failed)"
    assert applicant["last_verification_id"] == v["id"]

    events = sandbox.get("/_docket/events", params={"type": "DOCVER", "limit": 100}).json()["data"]
    sent = [e["payload"] for e in events if e["payload"]["id"] == v["id"]]
    assert len(sent) == 1 and sent[0]["status"] == "verified" and sent[0]["checks"]
    # "The payload is the full Verification object": the same serialisation as its GET (the
    # hosted page's address, the link, the settings and the manual fields were missing).
    assert sent[0] == sandbox.get(f"{V}/{v['id']}").json()
    assert {"verification_url", "link_id", "settings", "manual_fields"} <= set(sent[0])
    checks = sandbox.get("/_docket/events", params={"type": "DOCVER_CHECKS", "limit": 100}).json()["data"]
    steps = {e["payload"]["step"] for e in checks if e["payload"]["verification_id"] == v["id"]}
    assert steps == {"document_mrz", "document_ocr", "face_comparison"}

    # Read back every way a client does.
    by_short = sandbox.get(f"{V}/short/{v['verification_url_id']}").json()
    assert by_short["id"] == v["id"]
    mine = sandbox.get(f"{V}/applicant/{v['applicant_id']}").json()
    assert [x["id"] for x in mine["data"]] == [v["id"]] and mine["has_next"] is False
    listed = sandbox.get(V, params={"status": "verified", "document_type[]": "passport", "limit": 100}).json()
    assert v["id"] in [x["id"] for x in listed["data"]]
    assert v["id"] not in [x["id"] for x in sandbox.get(V, params={"status": "failed", "limit": 100}).json()["data"]]


def test_documents_download_with_their_type_and_a_real_preview(sandbox):
    v = create(sandbox)
    big = png(7, 1600, 1000)
    document_id = upload(sandbox, v["applicant_id"], "id_card", "card-front.png", big, side="front").json()["document_id"]
    r = sandbox.get(f"/api/v3/documents/{document_id}")
    assert r.status_code == 200 and r.content == big
    assert r.headers["Content-Type"] == "image/png" and r.headers["X-Document-Type"] == "id_card_front"
    r = sandbox.get(f"/api/v3/documents/{document_id}/preview")
    assert r.status_code == 200 and r.headers["Content-Type"] == "image/jpeg"
    assert r.content[:2] == b"\xff\xd8"
    # Width and height of the JPEG's frame: 640 on the longest side.
    at = r.content.index(b"\xff\xc0")
    height, width = struct.unpack(">HH", r.content[at + 5:at + 9])
    assert (width, height) == (640, 400)
    assert sandbox.get(f"/api/v3/documents/{'0' * 8}-0000-7000-8000-{'0' * 12}").status_code == 404


MAGIC = [
    ("passport-expired.png", "selfie.png", {"document_mrz": [3001], "document_ocr": [3001]}),
    ("passport-tampered.png", "selfie.png", {"document_ocr": [500]}),
    ("passport-unreadable.png", "selfie.png", {"document_mrz": [1001]}),
    ("passport-bad_mrz.png", "selfie.png", {"document_mrz": [2001]}),
    ("passport-underage.png", "selfie.png", {"document_ocr": [3201]}),
    ("passport.png", "selfie-mismatch.png", {"face_comparison": [4001]}),
]


@pytest.mark.parametrize("passport,selfie,failed", MAGIC)
def test_magic_file_names_give_their_documented_outcomes(sandbox, poll, real_clock, passport, selfie, failed):
    v = create(sandbox)
    fill(sandbox, v, passport, selfie)
    done = finish(sandbox, v, poll)
    assert done["status"] == "failed"
    got = {step: [e["code"] for e in c["errors"]] for step, c in done["checks"].items() if c["status"] == "failed"}
    assert got == failed
    for error in (e for c in done["checks"].values() for e in c["errors"]):
        assert error["message"], error


def test_spoof_and_old_fail_liveness_and_the_proof_of_address(sandbox, unique, poll, real_clock):
    settings = {"face_comparison_allowed_documents": ["selfie", "liveness_photo"], "poa_required": True}
    pid = sandbox.post(P, json={"name": unique("liveness-poa"), "settings": settings}).json()["id"]
    for liveness, poa, failed in [("live.png", "bill.png", {}),
                                  ("live-spoof.png", "bill.png", {"liveness": [5001]}),
                                  ("live.png", "bill-old.png", {"poa": [4501]})]:
        v = create(sandbox, profile_id=pid)
        base = random.randrange(1 << 30)
        for document_type, name, seed in (("passport", "passport.png", base), ("selfie", "selfie.png", base + 1),
                                          ("liveness_photo", liveness, base + 2), ("poa_utility_bill", poa, base + 3)):
            assert upload(sandbox, v["applicant_id"], document_type, name, png(seed)).status_code == 200
        done = finish(sandbox, v, poll)
        got = {step: [e["code"] for e in c["errors"]] for step, c in done["checks"].items() if c["status"] == "failed"}
        assert got == failed, (liveness, poa, done["checks"])
        assert done["status"] == ("failed" if failed else "verified")
        if not failed:
            assert done["checks"]["liveness"]["data"]["liveness_score"] > 0.5


def test_sandbox_result_decides_the_outcome_only_in_the_sandbox(sandbox, production, poll, real_clock):
    chosen = {"status": "failed", "errors": {"face_comparison": [4001], "document_mrz": [2001]}}
    v = create(sandbox, sandbox_result=chosen)
    fill(sandbox, v)
    done = finish(sandbox, v, poll)
    assert done["status"] == "failed"
    assert [e["code"] for e in done["checks"]["face_comparison"]["errors"]] == [4001]
    assert done["checks"]["document_ocr"]["status"] == "verified"

    v = create(sandbox, sandbox_result={"status": "verified"})
    fill(sandbox, v, passport="passport-expired.png")
    assert finish(sandbox, v, poll)["status"] == "verified", "sandbox_result comes before magic names"

    for bad in ({"status": "pending"}, {"errors": {"poa": [42]}}, {"errors": {"nose": [1001]}}, {"status": 3}):
        r = sandbox.post(V, json={"sandbox_result": bad})
        assert r.status_code == 400 and r.json()["message"], (bad, r.text)
    r = production.post(V, json={"sandbox_result": {"status": "verified"}})
    assert r.status_code == 400 and "sandbox" in r.json()["message"]


def test_cancel_by_get_and_post_and_the_refused_transitions(sandbox, poll, real_clock):
    v = create(sandbox)
    r = sandbox.get(f"{V}/{v['id']}/cancel")
    assert r.status_code == 200 and r.json()["status"] == "canceled"
    assert sandbox.post(f"{V}/{v['id']}/cancel").json()["status"] == "canceled", "again is a no-op"
    r = sandbox.post(f"{V}/{v['id']}/proceed")
    assert r.status_code == 409 and r.json()["message"]
    assert upload(sandbox, v["applicant_id"], "passport", "p.png", png(3)).status_code == 200, \
        "a canceled verification does not take it, but the applicant does"
    assert sandbox.get(f"{V}/{v['id']}").json()["documents"] == []

    done = create(sandbox)
    fill(sandbox, done)
    finish(sandbox, done, poll)
    r = sandbox.post(f"{V}/{done['id']}/cancel")
    assert r.status_code == 409, "a finished verification cannot be canceled"


def test_a_verification_expires_on_the_sandbox_clock(sandbox, poll, real_clock):
    v = create(sandbox, expiration_minutes=1)
    assert upload(sandbox, v["applicant_id"], "passport", "p.png", png(4)).status_code == 200
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 120}).status_code == 200
    poll(lambda: sandbox.get(f"{V}/{v['id']}").json()["status"] == "expired", what="expiry")
    assert sandbox.get_applicant(v["applicant_id"])["verification_status"] != "verified"
    r = sandbox.post(f"{SDK}/{v['verification_url_id']}/proceed")
    assert r.status_code == 409


def test_profiles_links_and_the_default(sandbox, unique, reset):
    profiles = sandbox.get(P).json()["data"]
    assert [p["name"] for p in profiles if p["is_default"]] == ["Default"], "every environment starts with one"

    name = unique("EU passports")
    settings = {"poi_allowed_documents": ["passport"], "countries": ["FR", "DE"],
                "face_comparison_allowed_documents": ["selfie", "liveness_photo"], "poa_required": True}
    r = sandbox.post(P, json={"name": name, "description": "EU only", "settings": settings})
    assert r.status_code == 200, r.text
    pid = r.json()["id"]
    profile = sandbox.get(f"{P}/{pid}").json()
    assert profile["profile_id"] == pid and profile["settings"]["countries"] == ["FR", "DE"]
    assert profile["is_default"] is False and profile["link"] is None
    assert sandbox.post(P, json={"name": name}).status_code == 409, "names are unique"

    v = create(sandbox, profile_id=pid)
    assert set(v["checks"]) == {"document_mrz", "document_ocr", "face_comparison", "liveness", "poa"}
    r = sandbox.post(f"{P}/{pid}", json={"settings": {"poa_required": False}})
    assert r.status_code == 200 and r.json() == {"message": "Profile updated", "warnings": []}
    assert "poa" in sandbox.get(f"{V}/{v['id']}").json()["checks"], "a verification keeps its snapshot"

    r = sandbox.post(f"{P}/{pid}/link", json={"expiration_in_minutes": 60})
    assert r.status_code == 200, r.text
    link_id = r.json()["link_id"]
    again = sandbox.post(f"{P}/{pid}/link", json={"expiration_in_minutes": 60})
    assert again.status_code == 400 and again.json()["message"], "one link per profile"
    link = sandbox.get(f"{P}/{pid}").json()["link"]
    assert link["link_id"] == link_id and link["web_link"].endswith(f"/vp/{link_id}")
    assert link["expiration_minutes"] == 60
    assert sandbox.post(f"{P}/link/{link_id}", json={"expiration_in_minutes": 30}).json() == {"link_id": link_id}
    assert sandbox.get(f"{SDK}/link/{link_id}").json()["expiration_minutes"] == 30
    assert sandbox.delete(f"{P}/link/{link_id}").status_code == 200
    assert sandbox.get(f"{SDK}/link/{link_id}").status_code == 403
    assert sandbox.post(f"{P}/link/{link_id}/unarchive").status_code == 200
    assert sandbox.get(f"{SDK}/link/{link_id}").status_code == 200

    default = next(p for p in profiles if p["is_default"])
    assert sandbox.delete(f"{P}/{default['profile_id']}").status_code == 409, "the default stays"
    assert sandbox.post(f"{P}/{pid}/set_default").status_code == 200
    assert create(sandbox)["profile_id"] == pid
    assert sandbox.post(f"{P}/{default['profile_id']}/set_default").status_code == 200
    assert sandbox.delete(f"{P}/{pid}").status_code == 200
    assert sandbox.get(f"{P}/{pid}").json()["is_archived"] is True
    r = sandbox.post(V, json={"profile_id": pid})
    assert r.status_code == 400 and "archived" in r.json()["message"]
    assert sandbox.get(f"{SDK}/link/{link_id}").status_code == 403, "an archived profile's link stops"


def test_profile_settings_are_validated_field_by_field(sandbox, unique):
    for settings, field in [
        ({"poi_allowed_documents": ["selfie"]}, "settings.poi_allowed_documents"),
        ({"poi_allowed_documents": ["banknote"]}, "settings.poi_allowed_documents"),
        ({"countries": ["ZZ"]}, "settings.countries"),
        ({"poi_required": "yes"}, "settings.poi_required"),
        ({"poi_required": False, "face_comparison_required": False}, "settings"),
        ({"finish_screen_settings": {"enabled": True, "settings": {"redirect_link": "javascript:alert(1)"}}},
         "settings.finish_screen_settings.settings.redirect_link"),
    ]:
        r = sandbox.post(P, json={"name": unique("bad"), "settings": settings})
        assert r.status_code == 400, (settings, r.text)
        assert r.json()["message"].startswith(field), (settings, r.json())
    assert sandbox.post(P, json={"settings": {}}).status_code == 400, "a name is required"
    assert sandbox.post(P, json={"name": "x" * 201}).status_code == 400


# The JS client's own example profile (docver-sdk-js feature/sdk-v4,
# src/modules/verification/verification-profiles/examples.ts `createProfileExample`), as JSON.
JS_PROFILE_EXAMPLE = {
    "name": "Profile example",
    "description": "",
    "settings": {
        "poi_required": True,
        "poi_allowed_documents": ["passport", "visa"],
        "face_comparison_required": True,
        "face_comparison_allowed_documents": ["selfie"],
        "poa_required": True,
        "disable_cross_check_by_bio": True,
        "disable_cross_check_by_photo": True,
        "disable_verify_poa_country_match_with_poi": False,
        "countries": [],
        "regions": [],
        "area_filter_type": "include",
        "allow_poi_manual_uploads": True,
        "allow_desktop": True,
        "ui_settings": {},
        "manual_fields_settings": {
            "enabled": True,
            "description": "string",
            "full_name": {"enabled": True, "caption": "", "order": 1},
            "email": {"enabled": True, "caption": "", "order": 2},
            "phone": {"enabled": True, "caption": "", "order": 3},
            "country": {"enabled": True, "caption": "", "order": 4},
            "dob": {"enabled": True, "caption": "", "order": 5},
            "gender": {"enabled": True, "caption": "", "order": 6},
            "citizenship": {"enabled": True, "caption": "", "order": 7},
            "address": {"enabled": True, "caption": "", "order": 8},
            "custom_fields": [{"label": "", "caption": ""}],
        },
        "finish_screen_settings": {
            "enabled": True, "title": "", "main_text": "", "redirect_warning": "", "cta": "", "redirect_link": "",
        },
        "link": {
            "link_id": "", "created_at": "", "expiration_minutes": 240,
            "manual_fields_settings": {"enabled": False, "custom_fields": []},
            "finish_screen_settings": {"enabled": False},
            "telegram_link": "", "web_link": "",
        },
    },
}


def test_the_js_clients_example_profile_is_accepted_and_its_unknown_fields_reported(sandbox, unique):
    # It was refused field by field (`settings: unknown field link` and the like), while the API
    # reference says unknown fields are ignored.
    body = json.loads(json.dumps(JS_PROFILE_EXAMPLE))
    body["name"] = unique("JS example")
    r = sandbox.post(P, json=body)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["warnings"] == ["settings.link: unknown field, ignored"], answer
    profile = sandbox.get(f"{P}/{answer['id']}").json()
    s = profile["settings"]
    assert s["poi_allowed_documents"] == ["passport", "visa"] and s["poa_required"] is True
    # The JS client's spelling `manual_fields_settings` is read as `manual_field_settings`.
    assert s["manual_field_settings"]["enabled"] is True and s["manual_field_settings"]["description"] == "string"
    assert s["manual_field_settings"]["address"]["order"] == 8
    assert "link" not in s and "manual_fields_settings" not in s

    # Unknown members anywhere, at the top too, are named; known ones still refuse bad values.
    r = sandbox.post(f"{P}/{answer['id']}", json={"colour": "blue", "settings": {
        "poi_required": True, "tint": 3, "finish_screen_settings": {"enabled": True, "title": "Done"}}})
    assert r.status_code == 200, r.text
    assert r.json() == {"message": "Profile updated", "warnings": [
        "colour: unknown field, ignored", "settings.finish_screen_settings.title: unknown field, ignored",
        "settings.tint: unknown field, ignored"]}
    r = sandbox.post(P, json={"name": unique("clean")})
    assert r.status_code == 200 and r.json()["warnings"] == []
    r = sandbox.post(P, json={"name": unique("bad"), "settings": {"tint": 3, "poi_required": "yes"}})
    assert r.status_code == 400 and r.json()["message"].startswith("settings.poi_required")


def test_the_person_verifies_through_the_short_id_endpoints(sandbox, anonymous, unique, poll, real_clock):
    settings = {"countries": ["DE", "AT"], "manual_field_settings": {
        "enabled": True, "full_name": {"enabled": True}, "dob": {"enabled": True, "optional": True},
        "custom_fields": [{"label": "occupation", "options": {"choices": ["employed", "student"]}}]}}
    pid = sandbox.post(P, json={"name": unique("person"), "settings": settings}).json()["id"]
    v = create(sandbox, profile_id=pid)
    short = v["verification_url_id"]

    view = anonymous.get(f"{SDK}/{short}").json()
    assert view["id"] == short and view["status"] == "active" and view["verification_status"] == "initial"
    assert "organization_id" not in view and "applicant_id" not in view

    r = anonymous.post(f"{SDK}/{short}/set_country", json={"country": "FR"})
    assert r.status_code == 400 and "not accepted" in r.json()["message"]
    r = anonymous.post(f"{SDK}/{short}/set_country", json={"country": "DEU"})
    assert r.status_code == 200 and r.content == b""
    assert anonymous.get(f"{SDK}/{short}").json()["country_code"] == "DE"

    for f in ("passport", "selfie"):
        files = {"document_type": (None, f), "file": (f"{f}.png", png(hash(short + f) % 10_000), "application/octet-stream")}
        r = anonymous.post(f"{U}/sdk/{short}", files=files)
        assert r.status_code == 200, r.text

    r = anonymous.post(f"{SDK}/{short}/proceed")
    assert r.status_code == 400 and "full_name" in r.json()["message"], "required fields come first"
    for body, field in [({"email": "a@b.example"}, "email"), ({"dob": "2100-01-01"}, "dob"),
                        ({"custom_fields": {"occupation": "pirate"}}, "custom_fields.occupation"),
                        ({"custom_fields": {"hobby": "chess"}}, "custom_fields.hobby"), ({"nickname": "x"}, "nickname")]:
        r = anonymous.post(f"{SDK}/{short}/fields", json=body)
        assert r.status_code == 400 and field in r.json()["message"], (body, r.text)
    body = {"full_name": "Ana Silva", "dob": "1990-02-03", "custom_fields": {"occupation": "student"}}
    r = anonymous.post(f"{SDK}/{short}/fields", json=body)
    assert r.status_code == 200 and r.json() == {"message": "Fields saved"}

    r = anonymous.post(f"{SDK}/{short}/proceed")
    assert r.status_code == 200 and r.json()["status"] == "completed"
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 30}).status_code == 200
    done = poll(lambda: (g := sandbox.get(f"{V}/{v['id']}").json())["status"] == "verified" and g, what="outcome")
    assert done["manual_fields"]["full_name"] == "Ana Silva"
    assert done["manual_fields"]["custom_fields"] == {"occupation": "student"}
    assert anonymous.post(f"{SDK}/{short}/fields", json=body).status_code == 409, "closed after proceed"
    assert anonymous.get(f"{SDK}/VNOSUCHSHORTID000").status_code == 404
    assert anonymous.get(f"{SDK}/..%2F..%2Fetc").status_code == 404


def test_a_public_link_starts_verifications_for_new_applicants(sandbox, anonymous, unique):
    pid = sandbox.post(P, json={"name": unique("link")}).json()["id"]
    link_id = sandbox.post(f"{P}/{pid}/link", json={"expiration_in_minutes": 90}).json()["link_id"]
    link = anonymous.get(f"{SDK}/link/{link_id}").json()
    assert link["name"].startswith("link-") and link["is_sandbox"] is True
    r = anonymous.post(f"{SDK}/link/{link_id}/start")
    assert r.status_code == 201, r.text
    short = r.json()["id"]
    v = sandbox.get(f"{V}/short/{short}").json()
    assert v["profile_id"] == pid and v["link_id"] == link_id
    second = anonymous.post(f"{SDK}/link/{link_id}/start").json()["id"]
    assert sandbox.get(f"{V}/short/{second}").json()["applicant_id"] != v["applicant_id"]
    page = anonymous.get(f"/vp/{link_id}")
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    assert anonymous.get(f"/v/{short}").status_code == 200


def test_the_country_dictionary(anonymous):
    countries = anonymous.get("/api/v3/public/dictionary/countries").json()
    assert len(countries) == 250
    de = next(c for c in countries if c["alpha_2"] == "DE")
    assert de == {"alpha_2": "DE", "alpha_3": "DEU", "name": "Germany", "continent": "Europe"}
    assert {c["continent"] for c in countries} == {
        "Africa", "Antarctica", "Asia", "Europe", "North America", "Oceania", "South America"}


def test_production_checks_duplicates_for_real_and_a_reviewer_decides_the_rest(production, as_reviewer, poll):
    picture = png(424242)
    first = create(production)
    assert upload(production, first["applicant_id"], "passport", "p.png", picture).status_code == 200
    assert upload(production, first["applicant_id"], "selfie", "s.png", png(424243)).status_code == 200
    assert production.post(f"{V}/{first['id']}/proceed").status_code == 200
    waiting = poll(lambda: (g := production.get(f"{V}/{first['id']}").json())["checks"]["face_comparison"].get("note") and g,
                   what="the offline checks")
    assert waiting["status"] == "in_progress", "nothing passes without a reviewer"

    offered = production.get(f"/_docket/verifications/{first['id']}/file").json()["reviewer_codes"]
    assert [c["code"] for c in offered["face_comparison"]] == [4001, 4002] and all(c["message"] for c in offered["document_mrz"])
    outcome = f"/_docket/verifications/{first['id']}/outcomes"
    # What Docket cannot check is a person's to record, in the console: never the integration's key.
    r = production.post(outcome, json={"check": "face_comparison", "verified": True, "note": "seen"})
    assert r.status_code == 403 and "console control" in r.json()["message"], r.text
    reviewer = as_reviewer("reviewer", "production")
    r = reviewer.post(outcome, json={"check": "face_comparison", "verified": False})
    assert r.status_code == 400, "a failure says why"
    r = reviewer.post(outcome, json={"check": "nose", "verified": True})
    assert r.status_code == 400
    for check in ("document_mrz", "document_ocr", "face_comparison"):
        r = reviewer.post(outcome, json={"check": check, "verified": True, "note": "seen"})
        assert r.status_code == 200, r.text
    # Each outcome waits its undo minute before it takes effect (the sandbox test moves the clock).
    assert r.json()["status"] == "in_progress"
    held = reviewer.get(f"/_docket/verifications/{first['id']}/file").json()["review"]["pending_outcomes"]
    assert {p["check"] for p in held} == {"document_mrz", "document_ocr", "face_comparison"}
    assert all(p["by"] == f"reviewer:{reviewer.reviewer['name']}" for p in held)
    r = reviewer.post(outcome, json={"check": "face_comparison", "verified": True})
    assert r.status_code == 409 and "undo it first" in r.json()["message"], r.text

    second = create(production)
    r = upload(production, second["applicant_id"], "passport", "again.png", picture)
    assert r.status_code == 200
    assert upload(production, second["applicant_id"], "selfie", "s.png", png(424244)).status_code == 200
    assert production.post(f"{V}/{second['id']}/proceed").status_code == 200
    got = poll(lambda: (g := production.get(f"{V}/{second['id']}").json())["duplicated_applicant_ids"] and g,
               what="the duplicate finding")
    assert got["duplicated_applicant_ids"] == [first["applicant_id"]]
    codes = [e["code"] for c in got["checks"].values() for e in c["errors"]]
    assert 7001 in codes, got["checks"]


def test_upload_refusals_are_clear_and_keep_nothing(sandbox):
    applicant = create(sandbox)["applicant_id"]
    cases = [
        ([("file", ("a.txt", b"hello", "text/plain")), ("document_type", (None, "passport"))], 415),
        ([("file", ("a.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "image/png")), ("document_type", (None, "passport"))], 415),
        ([("file", ("a.png", png(5), "image/png"))], 400),
        ([("file", ("a.png", png(5), "image/png")), ("document_type", (None, "banknote"))], 400),
        ([("file", ("a.png", png(5), "image/png")), ("document_type", (None, "passport")), ("side", (None, "up"))], 400),
        ([("document_type", (None, "passport"))], 400),
        ([("file", ("a.png", png(5), "image/png")), ("file", ("b.png", png(6), "image/png")),
          ("document_type", (None, "passport"))], 400),
        ([("file", ("a.png", png(5), "image/png")), ("document_type", (None, "passport")),
          ("issued_country", (None, "Narnia"))], 400),
        ([("file", ("a.png", png(5), "image/png")), ("colour", (None, "blue"))], 400),
    ]
    for files, status in cases:
        r = sandbox.post(f"{U}/{applicant}", files=files)
        assert r.status_code == status, (files[0], r.status_code, r.text)
        assert r.json()["message"]
    r = sandbox.post(f"{U}/{applicant}", data=b"{}", headers={"Content-Type": "application/json"})
    assert r.status_code == 415
    big = b"\x89PNG\r\n\x1a\n" + b"\x00" * (21 * 1024 * 1024)
    r = sandbox.post(f"{U}/{applicant}", files={"file": ("big.png", big, "image/png"), "document_type": (None, "passport")})
    assert r.status_code == 413 and r.json()["message"]
    r = sandbox.post(f"{U}/{'0' * 8}-0000-7000-8000-{'0' * 12}", files={"file": ("a.png", png(5), "image/png"),
                                                                       "document_type": (None, "passport")})
    assert r.status_code == 404
    assert sandbox.post(f"{U}/not-a-uuid", files={"file": ("a.png", png(5))}).status_code == 400
    files = sandbox.get("/_docket/files", params={"limit": 200})
    if files.status_code == 200:
        kept = [f for f in files.json()["data"] if f.get("owner_id") == applicant]
        assert kept == [], "refused uploads leave no file"


@pytest.mark.parametrize("body,field", [
    ({"expiration_minutes": 20000}, "expiration_minutes"),
    ({"expiration_minutes": -5}, "expiration_minutes"),
    ({"expiration_minutes": "soon"}, "expiration_minutes"),
    ({"applicant_country": "ZZ"}, "applicant_country"),
    ({"applicant_id": "nope"}, "applicant_id"),
    ({"checks_required": ["banknote"]}, "checks_required"),
    ({"colour": "blue"}, None),
])
def test_bad_verification_bodies_are_400s(sandbox, body, field):
    r = sandbox.post(V, json=body)
    assert r.status_code == 400, r.text
    if field:
        assert r.json()["message"].startswith(field), r.json()


def test_unknown_ids_and_bad_paging(sandbox):
    nobody = f"{'0' * 8}-0000-7000-8000-{'0' * 12}"
    assert sandbox.get(f"{V}/{nobody}").status_code == 404
    assert sandbox.post(V, json={"applicant_id": nobody}).status_code == 404
    assert sandbox.post(V, json={"profile_id": nobody}).status_code == 404
    assert sandbox.get(f"{V}/applicant/{nobody}").status_code == 404
    assert sandbox.get(f"{P}/{nobody}").status_code == 404
    assert sandbox.post(f"{P}/{nobody}/link", json={}).status_code == 404
    assert sandbox.get(f"{V}/short/VNOPE").status_code == 404
    for params in ({"page": -1}, {"limit": 0}, {"limit": 1000}, {"page": "x"}, {"status": "done"},
                   {"from": "yesterday"}, {"country": "Germany"}, {"profile": "p"}):
        r = sandbox.get(V, params=params)
        assert r.status_code == 400 and r.json()["message"], (params, r.text)


def test_verifications_and_documents_are_isolated(sandbox, production, other_sandbox):
    v = create(sandbox)
    document_id = upload(sandbox, v["applicant_id"], "passport", "p.png", png(9)).json()["document_id"]
    for client in (production, other_sandbox):
        assert client.get(f"{V}/{v['id']}").status_code == 404
        assert client.get(f"{V}/short/{v['verification_url_id']}").status_code == 404
        assert client.get(f"/api/v3/documents/{document_id}").status_code == 404
        assert client.get(f"/api/v3/documents/{document_id}/preview").status_code == 404
        assert client.post(f"{V}/{v['id']}/cancel").status_code == 404
        r = upload(client, v["applicant_id"], "passport", "p.png", png(10))
        assert r.status_code == 404, "another scope's applicant is unknown"
        assert v["id"] not in [x["id"] for x in client.get(V, params={"limit": 100}).json()["data"]]


def test_the_go_clients_calls(sandbox, poll, real_clock):
    """`CreateVerification`'s zero values, `UploadDocument`'s field order and octet-stream file,
    `CancelVerification` by GET, `ProceedVerification` by short id without a body."""
    from pathlib import Path
    body = (Path(__file__).resolve().parent.parent / "fixtures" / "go-client" / "create_verification.json").read_bytes()
    r = sandbox.post(V, data=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text
    v = r.json()
    assert v["profile_id"] and v["country_code"] is None
    for document_type, seed in (("passport", 11), ("selfie", 12)):
        files = [("document_type", (None, document_type)), ("file", ("scan.png", png(seed), "application/octet-stream"))]
        r = sandbox.post(f"{U}/{v['applicant_id']}", files=files)
        assert r.status_code == 200 and r.json()["detected_document_type"] == document_type, r.text
    r = sandbox.post(f"{SDK}/{v['verification_url_id']}/proceed", data=b"")
    assert r.status_code == 200, r.text
    other = sandbox.post(V, data=body, headers={"Content-Type": "application/json"}).json()
    assert sandbox.get(f"{V}/{other['id']}/cancel").status_code == 200


def test_a_pdf_documents_preview_is_its_first_page_rendered(sandbox):
    """poppler's pdftoppm (installed by the set-up) renders a PDF with no picture inside."""
    content = b"BT /F1 24 Tf 72 720 Td (PASSPORT) Tj ET"
    pdf = (b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
           b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
           b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj\n"
           b"4 0 obj << /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"\nendstream\nendobj\n"
           b"trailer << /Root 1 0 R >>\n%%EOF\n")
    v = create(sandbox)
    files = {"file": ("passport.pdf", pdf, "application/pdf"), "document_type": (None, "passport")}
    document_id = sandbox.post(f"{U}/{v['applicant_id']}", files=files).json()["document_id"]
    r = sandbox.get(f"/api/v3/documents/{document_id}/preview")
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"] == "image/jpeg" and r.content[:2] == b"\xff\xd8"
    at = r.content.index(b"\xff\xc0")
    height, width = struct.unpack(">HH", r.content[at + 5:at + 9])
    assert max(width, height) == 640 and height > width, (width, height)


def test_a_reviewer_reads_the_document_and_an_outcome_can_be_undone_for_one_minute(sandbox, as_reviewer, poll, real_clock, unique):
    """`manual_review` in a file's name leaves a sandbox verification to a reviewer, as production
    does, so that the undo minute runs on the sandbox clock."""
    applicant = sandbox.post("/api/v3/applicants", json={"external_id": unique("kyc"), "info": {
        "first_name": "Anna", "last_name": "Schmidt", "dob": "1987-12-24T00:00:00.000Z", "citizenship": "DE"}}).json()
    v = create(sandbox, applicant_id=applicant["id"])
    fill(sandbox, v, passport="manual_review_passport.png")
    assert sandbox.post(f"{V}/{v['id']}/proceed").status_code == 200
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 30}).status_code == 200
    poll(lambda: sandbox.get(f"{V}/{v['id']}").json()["checks"]["face_comparison"].get("note"), what="Docket's own checks")
    reviewer = as_reviewer("reviewer", "sandbox")
    base = f"/_docket/verifications/{v['id']}"
    me = f"reviewer:{reviewer.reviewer['name']}"

    # The reading: checked field by field, kept apart from Docket's, compared with the declared data.
    assert reviewer.post(f"{base}/reading", json={"birth_date": "24.12.1987"}).json()["field"] == "birth_date"
    assert reviewer.post(f"{base}/reading", json={"nationality": "Narnia"}).status_code == 400
    assert reviewer.post(f"{base}/reading", json={}).status_code == 400
    assert reviewer.post(f"{base}/reading", json={"shoe_size": "42"}).status_code == 400
    assert sandbox.post(f"{base}/reading", json={"full_name": "Anna Schmidt"}).status_code == 403, "a reviewer's, not the key's"
    r = reviewer.post(f"{base}/reading", json={
        "full_name": "SCHMIDT, Anna", "birth_date": "1987-12-25", "nationality": "deu", "document_number": "c01x00t47"})
    assert r.status_code == 200, r.text
    review = r.json()["review"]
    assert review["reading"]["by"] == me and review["reading"]["fields"]["nationality"] == "DEU"
    rows = {c["field"]: c for c in review["comparison"]}
    assert rows["full_name"]["declared"] == "Anna Schmidt" and rows["full_name"]["match"] == "match"
    assert rows["birth_date"]["match"] == "mismatch" and rows["birth_date"]["declared"] == "1987-12-24"
    assert rows["nationality"]["match"] == "match"
    assert rows["document_number"] == {"field": "document_number", "declared": None, "machine": None,
                                       "reviewer": "C01X00T47", "match": "not_declared", "readings_differ": False}
    assert sandbox.get(f"{V}/{v['id']}").json()["poi_data"] is None, "Docket read nothing from a picture"

    # An outcome waits a minute; undone within it, nothing happened.
    outcome = {"check": "face_comparison", "verified": False, "errors": [4001], "note": "another person"}
    assert reviewer.post(f"{base}/outcomes", json=outcome).status_code == 200
    assert sandbox.get(f"{V}/{v['id']}").json()["checks"]["face_comparison"]["status"] == "in_progress"
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 50}).status_code == 200
    assert sandbox.post(f"{base}/outcomes/face_comparison/undo").status_code == 403, "a reviewer's, not the key's"
    r = reviewer.post(f"{base}/outcomes/face_comparison/undo")
    assert r.status_code == 200, r.text
    assert r.json()["checks"]["face_comparison"]["status"] == "in_progress"
    assert reviewer.post(f"{base}/outcomes/face_comparison/undo").status_code == 409, "nothing left to undo"
    assert reviewer.post(f"{base}/outcomes/nose/undo").status_code == 400

    # After the minute: 409, the outcome stands and takes effect.
    for check in ("document_mrz", "document_ocr", "face_comparison"):
        r = reviewer.post(f"{base}/outcomes", json={"check": check, "verified": True, "note": "seen"})
        assert r.status_code == 200, r.text
    assert reviewer.get(f"{base}/file").json()["review"]["undo_seconds"] == 60
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 61}).status_code == 200
    r = reviewer.post(f"{base}/outcomes/face_comparison/undo")
    assert r.status_code == 409 and "it stands now" in r.json()["message"], r.text
    done = poll(lambda: (g := sandbox.get(f"{V}/{v['id']}").json())["status"] == "verified" and g, what="the outcomes in effect")
    assert done["checks"]["face_comparison"]["decided_by"] == me

    timeline = [e["what"] for e in reviewer.get(f"{base}/file").json()["timeline"]]
    for said in ("entered their reading", "recorded face_comparison as failed (4001)", "undid the outcome of face_comparison",
                 "The outcome of face_comparison took effect: verified", "Finished: verified"):
        assert any(said in w for w in timeline), (said, timeline)
    kinds = [e["kind"] for e in reviewer.get("/_docket/audit", params={"limit": 100}).json()["data"]]
    for kind in ("verification_reading_entered", "verification_outcome_recorded", "verification_outcome_undone"):
        assert kind in kinds, kind
    assert reviewer.post(f"{base}/reading", json={"full_name": "x"}).status_code == 409, "finished"
