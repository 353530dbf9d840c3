"""The hosted verification page's contract over HTTP: the one description of what a verification
still needs (`still_needed` of the person's view, which proceeding checks), the person's removal
and thumbnails of documents, the page's language (`?lang=`, `Accept-Language`, English) with its
words put into the page, and a profile's `ui_settings` sanitised into the page's look."""

from __future__ import annotations

import json
import re

from test_verifications import P, SDK, U, create, png

DATA = re.compile(r'<script id="page-data" type="application/json">(.*?)</script>', re.S)


def profile(sandbox, unique, **settings) -> str:
    r = sandbox.post(P, json={"name": unique("hosted"), "settings": settings})
    assert r.status_code == 200, r.text
    return r.json()["id"]


def send(anonymous, short: str, document_type: str, side: str | None = None, name: str = "doc.png", seed: int = 0):
    files = {"document_type": (None, document_type), "file": (name, png(seed or hash((short, document_type, side)) % 100_000), "image/png")}
    if side:
        files["side"] = (None, side)
    r = anonymous.post(f"{U}/sdk/{short}", files=files)
    assert r.status_code == 200, r.text
    return r.json()


def needed(anonymous, short: str) -> dict:
    return anonymous.get(f"{SDK}/{short}").json()["still_needed"]


def page_data(html: str) -> dict:
    match = DATA.search(html)
    assert match, "the page carries its data"
    return json.loads(match.group(1))


def test_an_identity_card_needs_both_sides_and_the_description_agrees_with_proceed(sandbox, anonymous):
    short = create(sandbox)["verification_url_id"]
    n = needed(anonymous, short)
    assert n["complete"] is False and n["fields"] == []
    assert [d["kind"] for d in n["documents"]] == ["identity", "face"]
    identity = n["documents"][0]
    assert identity["checks"] == ["document_mrz", "document_ocr"] and identity["chosen"] is None
    card = next(c for c in identity["choices"] if c["document_type"] == "id_card")
    assert [(u["document_type"], u["side"]) for u in card["uploads"]] == [("id_card_front", "front"), ("id_card_back", "back")]

    front = send(anonymous, short, "id_card", "front", name="my card, front side.png")
    n = needed(anonymous, short)
    identity = n["documents"][0]
    assert identity["chosen"] == "id_card" and identity["done"] is False
    assert identity["pending_documents"] == ["id_card_back"]
    upload = next(c for c in identity["choices"] if c["document_type"] == "id_card")["uploads"][0]
    assert upload["document_id"] == front["document_id"] and upload["file_name"] == "my card, front side.png"
    send(anonymous, short, "selfie")
    r = anonymous.post(f"{SDK}/{short}/proceed")
    assert r.status_code == 400 and r.json()["pending_documents"] == ["id_card_back"], r.text

    send(anonymous, short, "id_card", "back")
    n = needed(anonymous, short)
    assert n["complete"] is True and all(d["done"] for d in n["documents"])
    r = anonymous.post(f"{SDK}/{short}/proceed")
    assert r.status_code == 200 and r.json()["status"] == "completed"


def test_a_selfie_does_not_count_for_the_liveness_photo(sandbox, anonymous, unique):
    # The demo profile's face setting: a selfie or a liveness photo, so liveness is checked too.
    pid = profile(sandbox, unique, face_comparison_allowed_documents=["selfie", "liveness_photo"], poa_required=True)
    short = create(sandbox, profile_id=pid)["verification_url_id"]
    face = needed(anonymous, short)["documents"][1]
    assert face["kind"] == "face" and face["covered_by"] == "liveness", "one liveness photo will do for both"
    send(anonymous, short, "passport")
    send(anonymous, short, "selfie")
    send(anonymous, short, "poa_utility_bill")
    n = needed(anonymous, short)
    assert [(d["kind"], d["done"]) for d in n["documents"]] == [
        ("identity", True), ("face", True), ("liveness", False), ("address", True)]
    assert n["complete"] is False
    r = anonymous.post(f"{SDK}/{short}/proceed")
    assert r.status_code == 400 and r.json()["pending_documents"] == ["liveness_photo"]
    send(anonymous, short, "liveness_photo")
    assert needed(anonymous, short)["complete"] is True
    assert anonymous.post(f"{SDK}/{short}/proceed").status_code == 200


def test_required_fields_are_part_of_what_is_still_needed(sandbox, anonymous, unique):
    pid = profile(sandbox, unique, manual_field_settings={
        "enabled": True, "full_name": {"enabled": True}, "phone": {"enabled": True, "optional": True},
        "custom_fields": [{"label": "occupation", "options": {"choices": ["employed", "student"]}}]})
    short = create(sandbox, profile_id=pid)["verification_url_id"]
    send(anonymous, short, "passport")
    send(anonymous, short, "selfie")
    n = needed(anonymous, short)
    assert n["fields"] == ["full_name", "custom_fields.occupation"] and n["complete"] is False
    assert all(d["done"] for d in n["documents"])
    r = anonymous.post(f"{SDK}/{short}/fields", json={"full_name": "Ana Silva", "custom_fields": {"occupation": "student"}})
    assert r.status_code == 200
    assert needed(anonymous, short) | {"documents": None} == {"complete": True, "fields": [], "documents": None}


def test_the_person_removes_a_document_and_sees_its_thumbnail(sandbox, anonymous):
    v = create(sandbox)
    short = v["verification_url_id"]
    first = send(anonymous, short, "passport", name="blurry.png")["document_id"]
    preview = anonymous.get(f"{SDK}/{short}/documents/{first}/preview")
    assert preview.status_code == 200 and preview.headers["Content-Type"] == "image/jpeg"
    assert preview.content[:2] == b"\xff\xd8"

    r = anonymous.delete(f"{SDK}/{short}/documents/{first}")
    assert r.status_code == 200, r.text
    n = r.json()["still_needed"]
    assert n["documents"][0]["done"] is False and n["documents"][0]["chosen"] is None
    assert r.json()["documents"] == []
    assert sandbox.get(f"/api/v3/documents/{first}").status_code == 404, "the document is deleted"
    assert anonymous.delete(f"{SDK}/{short}/documents/{first}").status_code == 404
    assert anonymous.get(f"{SDK}/{short}/documents/{first}/preview").status_code == 404
    assert anonymous.delete(f"{SDK}/{short}/documents/not-a-uuid").status_code == 400

    # A document of another verification is not this one's to remove.
    other = create(sandbox)["verification_url_id"]
    theirs = send(anonymous, other, "passport")["document_id"]
    assert anonymous.delete(f"{SDK}/{short}/documents/{theirs}").status_code == 404
    assert anonymous.get(f"{SDK}/{short}/documents/{theirs}/preview").status_code == 404

    send(anonymous, short, "passport")
    kept = send(anonymous, short, "selfie")["document_id"]
    assert anonymous.post(f"{SDK}/{short}/proceed").status_code == 200
    assert anonymous.delete(f"{SDK}/{short}/documents/{kept}").status_code == 409, "closed once sent"


def test_the_page_speaks_the_language_asked_for(sandbox, anonymous):
    short = create(sandbox)["verification_url_id"]
    cases = [
        ({"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}, "", "de", "Identitätsprüfung"),
        ({"Accept-Language": "it-IT, fr;q=0.7"}, "", "fr", "Vérification d'identité"),
        ({"Accept-Language": "de-DE"}, "?lang=pt", "pt", "Verificação de identidade"),
        ({"Accept-Language": "es"}, "?lang=xx", "es", "Verificación de identidad"),
        ({"Accept-Language": "ja, it"}, "", "en", "Identity verification"),
        ({}, "", "en", "Identity verification"),
    ]
    for headers, query, lang, title in cases:
        r = anonymous.get(f"/v/{short}{query}", headers=headers)
        assert r.status_code == 200
        assert f'<html lang="{lang}">' in r.text, (headers, query)
        assert r.headers["Content-Language"] == lang and "Accept-Language" in r.headers["Vary"]
        data = page_data(r.text)
        assert data["lang"] == lang and data["messages"]["verify.title"] == title
        assert [l["code"] for l in data["languages"]] == ["en", "de", "fr", "es", "pt"]
        assert not any(k.startswith(("email.", "widget.")) for k in data["messages"]), "only the page's words"
    # The link's page too, and an unknown id gets a page that can say so in the language.
    link = anonymous.get("/vp/NOSUCHLINK", headers={"Accept-Language": "es-MX"})
    assert '<html lang="es">' in link.text and page_data(link.text)["messages"]["common.not_found"].startswith("Este enlace")


def test_the_page_wears_the_profiles_look_and_nothing_that_could_carry_code(sandbox, anonymous, unique):
    ui = {"company_name": "Acme Bank", "logo_url": "https://cdn.acme.example/logo.png", "primary_color": "#0B5FFF",
          "background_color": "rgb(250, 250, 250)", "font": "serif", "text_color": "red; background:url(https://evil.example/)"}
    pid = profile(sandbox, unique, ui_settings=ui)
    short = create(sandbox, profile_id=pid)["verification_url_id"]
    r = anonymous.get(f"/v/{short}")
    branding = page_data(r.text)["branding"]
    assert branding == {"company_name": "Acme Bank", "logo_url": "https://cdn.acme.example/logo.png",
                        "primary_color": "#0b5fff", "background_color": "rgb(250, 250, 250)", "text_color": None,
                        "font_family": 'Georgia, "Times New Roman", serif'}
    assert "evil.example" not in r.text
    policy = r.headers["Content-Security-Policy"]
    assert "img-src 'self' data: blob: https://cdn.acme.example;" in policy, policy

    # As a JSON string (the Android client's shape), and with a hostile logo: left out.
    pid = profile(sandbox, unique, ui_settings=json.dumps({"logo": "javascript:alert(1)", "company_name": "</script><b>x"}))
    r = anonymous.get(f"/v/{create(sandbox, profile_id=pid)['verification_url_id']}")
    branding = page_data(r.text)["branding"]
    assert branding["logo_url"] is None and branding["company_name"] == "</script><b>x"
    assert r.text.count("</script>") == 2, "the name cannot close the data element"
    assert "img-src 'self' data: blob:;" in r.headers["Content-Security-Policy"]
