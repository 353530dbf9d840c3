"""Bankbook extraction (issue 35 item 3), black box: a statement uploaded for an applicant is read
field by field with its evidence (a PDF's text layer; a picture through OCR, whose values a
reviewer confirms), the holder is matched with the applicant, the sandbox's magic file names give
their documented outcomes, hostile files end as a clear 4xx or a plain result (never a 5xx), and
one environment never reads another's statements.

The statements are the generator's (`bench/bankbook/generate.py`, fixtures in
tests/fixtures/bankbook with their ground truth); the hostile PDFs are made here.
"""

from __future__ import annotations

import json
import shutil
import time
import zlib
from decimal import Decimal
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "bankbook"
LIST = "/api/v4/bankbook/statements"


def upload(client, applicant: str, name: str, content: bytes, mime: str = "application/pdf"):
    return client.post(f"/api/v4/bankbook/{applicant}", files={"file": (name, content, mime)})


def fixture(name: str) -> tuple[bytes, dict]:
    return (FIXTURES / name).read_bytes(), json.loads((FIXTURES / f"{name}.json").read_text())


def value(field: dict):
    v = field["value"]
    return v["amount"] if isinstance(v, dict) and "amount" in v else v


def pdf(text_lines: list[str], producer: str = "Docket test") -> bytes:
    """A one-page PDF with a text layer (Helvetica)."""
    content = "".join(f"BT /F1 11 Tf 60 {780 - 16 * i} Td ({line}) Tj ET\n" for i, line in enumerate(text_lines))
    return document([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Length {len(content)} >>\nstream\n{content}endstream",
        f"<< /Producer ({producer}) >>",
    ])


def document(objects: list[str | bytes]) -> bytes:
    out = b"%PDF-1.4\n"
    offsets = []
    for i, body in enumerate(objects):
        offsets.append(len(out))
        body = body if isinstance(body, bytes) else body.encode("latin-1")
        out += f"{i + 1} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info {len(objects)} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def test_a_pdf_statement_is_read_field_by_field_with_its_evidence(production):
    content, truth = fixture("000-de.pdf")
    applicant = production.create_applicant({"info": {"full_name": truth["applicant_name"]}})
    r = upload(production, applicant, "statement.pdf", content)
    assert r.status_code == 201, r.text
    s = r.json()
    assert (s["status"], s["method"], s["pages"], s["reasons"]) == ("extracted", "text_layer", 1, []), s
    assert s["applicant_id"] == applicant and s["media_type"] == "application/pdf"
    fields = s["fields"]
    for name, want in truth["fields"].items():
        assert name in fields, (name, fields)
        got = value(fields[name])
        if name.endswith("_balance"):
            assert Decimal(got) == Decimal(want), (name, got, want)
            assert fields[name]["value"]["currency"] == "EUR"
        else:
            assert got == want, (name, got, want)
        # Evidence: the line it was read from.
        assert fields[name]["evidence"]["page"] == 1 and fields[name]["evidence"]["text"], fields[name]
    assert "account_number" not in fields, "not printed, not guessed"
    assert fields["iban"]["valid"] is True and fields["bic"]["valid"] is True and fields["period"]["valid"] is True
    assert "valid" not in fields["holder"]
    assert truth["applicant_name"] in fields["holder"]["evidence"]["text"]
    assert s["holder_match"]["level"] == "match" and s["holder_match"]["score"] >= 0.9, s["holder_match"]
    assert s["editing_signs"] == []

    assert production.get(f"{LIST}/{s['id']}").json() == s
    page = production.get(LIST, params={"applicant_id": applicant}).json()
    assert [x["id"] for x in page["data"]] == [s["id"]]
    assert production.get(f"{LIST}/{s['id']}/file").content == content
    events = production.get("/_docket/events", params={"type": "BANKBOOK_EXTRACTION", "limit": 100}).json()["data"]
    assert [e["payload"] for e in events if e["payload"]["id"] == s["id"]] == [s]


def test_a_statement_over_several_pages_takes_its_last_closing_balance(production):
    content, truth = fixture("004-us.pdf")
    applicant = production.create_applicant({"info": {"full_name": "John Dupont"}})
    s = upload(production, applicant, "us.pdf", content).json()
    assert s["pages"] == truth["pages"] > 1
    assert Decimal(value(s["fields"]["closing_balance"])) == Decimal(truth["fields"]["closing_balance"])
    assert s["fields"]["closing_balance"]["evidence"]["page"] == truth["pages"]
    assert s["fields"]["period"]["value"] == truth["fields"]["period"], "03/31-style dates read month first"
    # The holder printed in capitals is still the applicant.
    assert s["holder_match"]["level"] == "match", s


def test_another_holder_needs_a_reviewer(production):
    content, truth = fixture("000-de.pdf")
    applicant = production.create_applicant({"info": {"full_name": "Quentin Unrelated"}})
    s = upload(production, applicant, "statement.pdf", content).json()
    assert s["status"] == "needs_review" and s["holder_match"]["level"] == "mismatch", s
    assert any("is not the applicant" in r for r in s["reasons"]), s["reasons"]
    page = production.get(LIST, params={"applicant_id": applicant, "status": "needs_review"}).json()
    assert [x["id"] for x in page["data"]] == [s["id"]]
    assert production.get(LIST, params={"applicant_id": applicant, "status": "extracted"}).json()["data"] == []


def test_a_picture_is_read_by_ocr_for_a_reviewer_to_confirm_or_said_to_need_one(production):
    content, truth = fixture("000-de.jpg")
    applicant = production.create_applicant({"info": {"full_name": truth["applicant_name"]}})
    r = upload(production, applicant, "photo.jpg", content, "image/jpeg")
    assert r.status_code == 201, r.text
    s = r.json()
    assert s["status"] == "needs_review" and s["media_type"] == "image/jpeg"
    if shutil.which("tesseract"):
        assert s["method"] == "ocr" and s["reasons"][0].startswith("read by OCR"), s
        # What OCR reads is checked like any text: a wrong IBAN is never reported valid.
        iban = s["fields"].get("iban")
        assert iban is None or iban["valid"] is False or iban["value"] == truth["fields"]["iban"], iban
        assert s["fields"], "the photo's fields are read"
    else:
        assert s["method"] == "none" and s["fields"] == {}
        assert "Tesseract" in s["reasons"][0] and "not installed" in s["reasons"][0], s["reasons"]


SCENARIOS = {
    "sandbox_clean": ("extracted", "match"),
    "sandbox_holder_mismatch": ("needs_review", "mismatch"),
    "sandbox_invalid_iban": ("needs_review", "match"),
    "sandbox_edited": ("needs_review", "match"),
    "sandbox_unreadable": ("needs_review", None),
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_sandbox_magic_names_give_their_documented_outcomes(sandbox, scenario):
    applicant = sandbox.create_applicant({"info": {"full_name": "Erika Mustermann"}})
    r = upload(sandbox, applicant, f"{scenario}.pdf", pdf(["Nothing to read here"]))
    assert r.status_code == 201, r.text
    s = r.json()
    status, level = SCENARIOS[scenario]
    assert (s["status"], s["sandbox_scenario"]) == (status, scenario), s
    assert (s["holder_match"] or {}).get("level") == level, s
    if scenario == "sandbox_clean":
        assert s["reasons"] == [] and s["fields"]["iban"]["value"] == "DE89370400440532013000"
        assert s["fields"]["closing_balance"]["value"] == {"amount": "2480.35", "currency": "EUR"}
    if scenario == "sandbox_holder_mismatch":
        assert s["fields"]["holder"]["value"] == "Maximilian Otherperson"
    if scenario == "sandbox_invalid_iban":
        assert s["fields"]["iban"]["valid"] is False and "mod-97" in s["fields"]["iban"]["problem"]
    if scenario == "sandbox_edited":
        assert any("photoshop" in e.lower() for e in s["editing_signs"]), s
    if scenario == "sandbox_unreadable":
        assert (s["method"], s["fields"], s["pages"]) == ("none", {}, 0)


def test_magic_names_mean_nothing_in_production(production):
    applicant = production.create_applicant({"info": {"full_name": "Erika Mustermann"}})
    s = upload(production, applicant, "sandbox_holder_mismatch.pdf", pdf(["Account holder: Erika Mustermann"])).json()
    assert "sandbox_scenario" not in s
    assert s["fields"]["holder"]["value"] == "Erika Mustermann" and s["holder_match"]["level"] == "match"


def test_editing_signs_are_those_of_kyb_documents(production):
    applicant = production.create_applicant({"info": {"full_name": "Erika Mustermann"}})
    edited = pdf(["Account holder: Erika Mustermann"], producer="Adobe Photoshop 25.0")
    edited += b"\n% an incremental update\n%%EOF\n"
    s = upload(production, applicant, "edited.pdf", edited).json()
    assert s["status"] == "needs_review"
    assert any("Photoshop" in e for e in s["editing_signs"]), s["editing_signs"]
    assert any("incremental update" in e for e in s["editing_signs"]), s["editing_signs"]


def test_a_scanned_pdf_without_a_text_layer_is_a_reviewers_task_said_plainly(production):
    applicant = production.create_applicant({"info": {"full_name": "Erika Mustermann"}})
    s = upload(production, applicant, "scan.pdf", pdf([])).json()
    assert (s["status"], s["method"], s["fields"]) == ("needs_review", "none", {}), s
    assert "no text layer" in s["reasons"][0], s["reasons"]


def test_hostile_files_get_a_clear_4xx_or_a_plain_result(production):
    applicant = production.create_applicant({"info": {"full_name": "Erika Mustermann"}})
    r = upload(production, applicant, "statement.pdf", b"hello, I am not a PDF\n" * 10, "application/pdf")
    assert r.status_code == 415 and "PDF, JPEG or PNG" in r.json()["message"], r.text
    r = upload(production, applicant, "cut.pdf", pdf(["Account holder: X"])[:-8])
    assert r.status_code == 415 and "%%EOF" in r.json()["message"], r.text
    r = upload(production, applicant, "huge.pdf", b"%PDF-1.4\n" + b"0" * (21 * 1024 * 1024))
    assert r.status_code == 413, r.status_code

    # A content stream that inflates to 256 MiB from a few hundred KB.
    bomb = zlib.compress(b"0" * (256 << 20), 9)
    bombed = document([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
        f"<< /Length {len(bomb)} /Filter /FlateDecode >>\nstream\n".encode() + bomb + b"\nendstream",
        "<< /Producer (bomb) >>",
    ])
    # A page tree that contains itself, and a page count of millions.
    looped = document([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 99999999 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
        "<< /Length 30 >>\nstream\nBT /F1 11 Tf (loop) Tj ET\nendstream",
        "<< /Producer (loop) >>",
    ])
    for name, content in (("bomb.pdf", bombed), ("loop.pdf", looped)):
        started = time.monotonic()
        r = upload(production, applicant, name, content)
        assert r.status_code < 500, (name, r.status_code, r.text)
        assert time.monotonic() - started < 40, name
        if r.status_code == 201:
            s = r.json()
            assert s["status"] == "needs_review" and s["reasons"], s


def test_bad_requests_are_clear_4xx(production):
    applicant = production.create_applicant({"info": {"full_name": "Erika Mustermann"}})
    r = production.post("/api/v4/bankbook/not-a-uuid", files={"file": ("a.pdf", pdf(["x"]), "application/pdf")})
    assert r.status_code == 400, r.text
    r = production.post("/api/v4/bankbook/01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                        files={"file": ("a.pdf", pdf(["x"]), "application/pdf")})
    assert r.status_code == 404 and r.json()["message"], r.text
    r = production.post(f"/api/v4/bankbook/{applicant}", files={"other": ("a.txt", b"x")})
    assert r.status_code == 400 and "file" in r.json()["message"], r.text
    r = production.post(f"/api/v4/bankbook/{applicant}", json={"file": "x"})
    assert r.status_code == 415, r.text
    for params in ({"status": "done"}, {"applicant_id": "nope"}, {"created_from": "yesterday"}, {"limit": "0"}):
        r = production.get(LIST, params=params)
        assert r.status_code == 400 and r.json()["message"], (params, r.text)
    assert production.get(f"{LIST}/01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b").status_code == 404


def test_a_sandbox_key_never_reads_productions_statements(production, sandbox, other_production):
    content, truth = fixture("000-de.pdf")
    applicant = production.create_applicant({"info": {"full_name": truth["applicant_name"]}})
    s = upload(production, applicant, "statement.pdf", content).json()
    for other in (sandbox, other_production):
        assert other.get(f"{LIST}/{s['id']}").status_code == 404
        assert other.get(f"{LIST}/{s['id']}/file").status_code == 404
        assert other.get(LIST, params={"applicant_id": applicant}).json()["data"] == []
        assert upload(other, applicant, "statement.pdf", content).status_code == 404


def test_erasing_the_applicant_erases_its_statements_and_their_files(production):
    content, truth = fixture("000-de.pdf")
    applicant = production.create_applicant({"info": {"full_name": truth["applicant_name"]}})
    s = upload(production, applicant, "statement.pdf", content).json()
    r = production.delete(f"/api/v3/applicants/{applicant}")
    assert r.status_code in (200, 204), r.text
    assert production.get(f"{LIST}/{s['id']}").status_code == 404
    assert production.get(f"{LIST}/{s['id']}/file").status_code == 404
    erasures = production.get("/_docket/erasures").json()
    latest = erasures[0] if isinstance(erasures, list) else erasures["data"][0]
    assert latest["removed"].get("bank_statements") == 1, latest
