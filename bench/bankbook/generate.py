#!/usr/bin/env python3
"""Synthetic bank statements for the bankbook extraction's test set (issue 35 item 3).

Six layouts (German savings bank, British table, French relevé, Spanish extracto, US checking
account over several pages, Swiss statement over several pages), each a PDF drawn with
reportlab and, with --pictures, a "photographed" JPEG of its first page (rendered by
pdftoppm, then slightly rotated, blurred, noised and unevenly lit with Pillow). Every document
has a ground-truth JSON beside it: the fields as printed, and for the picture only those on its
first page. Names, numbers and dates are made up; IBANs and BICs are valid by construction
unless the document is one of the planted invalid ones.

    generate.py --out DIR [--count N] [--seed S] [--pictures]
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import random
import subprocess
from decimal import Decimal
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

FIRST = ["Erika", "Jean", "Maria", "John", "Anna", "Luis", "Sophie", "Thomas", "Lucia", "Peter", "Claire", "Ahmed"]
LAST = ["Mustermann", "Dupont", "Garcia Lopez", "Sample", "Berg", "Fernandez", "Martin", "Schneider", "Rossi",
        "Okafor", "Lefebvre", "Haddad"]
BANKS = {
    "de": ["Sparkasse Musterstadt", "Volksbank Nordheide eG", "Musterbank AG"],
    "gb": ["Northgate Bank plc", "Harbour Building Society"],
    "fr": ["Banque Populaire du Sud", "Crédit Mutuel de Bretagne"],
    "es": ["Banco Ejemplo S.A.", "Caja Rural del Norte"],
    "us": ["First Harbor Bank, N.A.", "Prairie Savings Bank"],
    "ch": ["Zürcher Musterbank AG", "Raiffeisenbank Seeland"],
}
# BBAN shapes: (country, length of the digits-only BBAN); GB carries 4 letters of its bank first.
BBAN = {"de": ("DE", 18), "fr": ("FR", 23), "es": ("ES", 20), "ch": ("CH", 17), "gb": ("GB", 14)}
MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
           "novembre", "décembre"],
}


def check_digits(country: str, bban: str) -> str:
    moved = bban + country + "00"
    n = int("".join(str(int(c, 36)) for c in moved))
    return f"{98 - n % 97:02d}"


def make_iban(rng: random.Random, cc: str) -> str:
    country, n = BBAN[cc]
    bban = ("NWBK" if cc == "gb" else "") + "".join(rng.choice("0123456789") for _ in range(n))
    return country + check_digits(country, bban) + bban


def printed_iban(iban: str) -> str:
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def make_bic(rng: random.Random, cc: str) -> str:
    bank = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4))
    bic = bank + cc.upper() + rng.choice(["FF", "PP", "MM", "2L", "ZZ"])
    return bic + rng.choice(["", "XXX"])


def money(value: Decimal, style: str) -> str:
    """An amount in a locale's separators: en 1,234.56; de 1.234,56; fr 1 234,56; ch 1'234.56."""
    sign = "-" if value < 0 else ""
    whole, frac = f"{abs(value):.2f}".split(".")
    groups = []
    while whole:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    sep, dec = {"en": (",", "."), "de": (".", ","), "fr": ("\u00a0", ","), "ch": ("'", ".")}[style]
    return f"{sign}{sep.join(groups)}{dec}{frac}"


class Doc:
    """Lines of text on pages, at columns, with the truth and each field's page."""

    def __init__(self) -> None:
        self.pages: list[list[tuple[float, float, str, int]]] = [[]]
        self.y = 790.0
        self.truth: dict = {}
        self.on_page: dict[str, int] = {}

    def text(self, x: float, s: str, size: int = 10) -> None:
        self.pages[-1].append((x, self.y, s, size))

    def line(self, *cells: tuple[float, str], size: int = 10, gap: float = 15) -> None:
        for x, s in cells:
            self.text(x, s, size)
        self.y -= gap
        if self.y < 60:
            self.new_page()

    def new_page(self) -> None:
        self.pages.append([])
        self.y = 790.0

    def field(self, name: str, value) -> None:
        self.truth[name] = value
        self.on_page[name] = len(self.pages)

    def pdf(self, producer: str) -> bytes:
        out = io.BytesIO()
        c = canvas.Canvas(out, pagesize=A4, invariant=1)
        c.setProducer(producer)
        for page in self.pages:
            for x, y, s, size in page:
                c.setFont("Helvetica", size)
                c.drawString(x, y, s)
            c.showPage()
        c.save()
        return out.getvalue()


def transactions(rng, doc: Doc, opening: Decimal, count: int, style: str, date_of) -> Decimal:
    balance = opening
    for i in range(count):
        amount = Decimal(rng.randint(-90000, 120000)) / 100
        balance += amount
        doc.line((50, date_of(i)), (130, rng.choice(["Card payment GROCER", "Transfer rent", "Salary ACME",
                                                      "Direct debit Utility", "ATM withdrawal"])),
                 (360, money(amount, style)), (460, money(balance, style)), size=9, gap=13)
    return balance


def layout_de(rng, doc, holder, start, end):
    bank, iban, bic = rng.choice(BANKS["de"]), make_iban(rng, "de"), make_bic(rng, "de")
    opening = Decimal(rng.randint(0, 2_000_000)) / 100
    doc.line((50, bank), size=14, gap=22)
    doc.field("bank_name", bank)
    doc.line((50, f"Kontoauszug {start.month}/{start.year}"), (400, "Seite 1"))
    doc.line((50, "Kontoinhaber"), (170, holder))
    doc.field("holder", holder)
    doc.line((50, "IBAN"), (170, printed_iban(iban)), (400, "BIC"), (440, bic))
    doc.field("iban", iban)
    doc.field("bic", bic)
    doc.line((50, f"Kontoauszug vom {start:%d.%m.%Y} bis {end:%d.%m.%Y}"), gap=22)
    doc.field("period", {"from": start.isoformat(), "to": end.isoformat()})
    doc.line((50, "Alter Kontostand"), (400, money(opening, "de") + " EUR"))
    doc.field("opening_balance", f"{opening:.2f}")
    doc.field("currency", "EUR")
    closing = transactions(rng, doc, opening, rng.randint(4, 20), "de", lambda i: f"{min(start.day + i, 28):02d}.{start:%m.%Y}")
    doc.line((50, "Neuer Kontostand"), (400, money(closing, "de") + " EUR"))
    doc.field("closing_balance", f"{closing:.2f}")


def layout_gb(rng, doc, holder, start, end):
    bank = rng.choice(BANKS["gb"])
    number = "".join(rng.choice("0123456789") for _ in range(8))
    opening = Decimal(rng.randint(0, 900_000)) / 100
    doc.line((50, bank), (380, "Statement of account"), size=12, gap=24)
    doc.field("bank_name", bank)
    doc.line((50, "Account name"), (220, "Sort code"), (330, "Account number"))
    doc.line((50, holder), (220, f"{rng.randint(10, 99)}-{rng.randint(10, 99)}-{rng.randint(10, 99)}"), (330, number), gap=22)
    doc.field("holder", holder)
    doc.field("account_number", number)
    doc.line((50, f"Statement period {start.day} {MONTHS['en'][start.month - 1]} {start.year} to "
                  f"{end.day} {MONTHS['en'][end.month - 1]} {end.year}"), gap=22)
    doc.field("period", {"from": start.isoformat(), "to": end.isoformat()})
    doc.line((50, "Balance brought forward"), (400, "£" + money(opening, "en")))
    doc.field("opening_balance", f"{opening:.2f}")
    doc.field("currency", "GBP")
    closing = transactions(rng, doc, opening, rng.randint(4, 20), "en", lambda i: f"{min(start.day + i, 28):02d} {MONTHS['en'][start.month - 1][:3]}")
    doc.line((50, "Balance carried forward"), (400, "£" + money(closing, "en")))
    doc.field("closing_balance", f"{closing:.2f}")
    if rng.random() < 0.5:
        iban, bic = make_iban(rng, "gb"), make_bic(rng, "gb")
        doc.line((50, f"IBAN {printed_iban(iban)}"), (330, f"BIC {bic}"), size=8)
        doc.field("iban", iban)
        doc.field("bic", bic)


def layout_fr(rng, doc, holder, start, end):
    bank, iban, bic = rng.choice(BANKS["fr"]), make_iban(rng, "fr"), make_bic(rng, "fr")
    opening = Decimal(rng.randint(-50_000, 3_000_000)) / 100
    doc.line((50, bank), size=14, gap=20)
    doc.field("bank_name", bank)
    doc.line((50, "RELEVÉ DE COMPTE"), gap=20)
    doc.line((50, f"Titulaire du compte : M. {holder}" if rng.random() < 0.5 else f"Titulaire du compte : {holder}"))
    doc.field("holder", doc.pages[-1][-1][2].split(" : ", 1)[1])
    doc.line((50, f"IBAN : {printed_iban(iban)}"), (380, f"BIC : {bic}"))
    doc.field("iban", iban)
    doc.field("bic", bic)
    first = "1er" if start.day == 1 else str(start.day)
    doc.line((50, f"Période du {first} {MONTHS['fr'][start.month - 1]} {start.year} au {end.day} {MONTHS['fr'][end.month - 1]} {end.year}"), gap=20)
    doc.field("period", {"from": start.isoformat(), "to": end.isoformat()})
    doc.line((50, f"Ancien solde au {start:%d/%m/%Y}"), (400, money(opening, "fr") + " €"))
    doc.field("opening_balance", f"{opening:.2f}")
    doc.field("currency", "EUR")
    closing = transactions(rng, doc, opening, rng.randint(4, 20), "fr", lambda i: f"{min(start.day + i, 28):02d}/{start:%m}")
    doc.line((50, f"Nouveau solde au {end:%d/%m/%Y}"), (400, money(closing, "fr") + " €"))
    doc.field("closing_balance", f"{closing:.2f}")


def layout_es(rng, doc, holder, start, end):
    bank, iban, bic = rng.choice(BANKS["es"]), make_iban(rng, "es"), make_bic(rng, "es")
    opening = Decimal(rng.randint(0, 5_000_000)) / 100
    doc.line((50, bank), size=14, gap=20)
    doc.field("bank_name", bank)
    doc.line((50, "Extracto de cuenta"), gap=20)
    doc.line((50, f"Titular: {holder}"))
    doc.field("holder", holder)
    doc.line((50, f"IBAN: {printed_iban(iban)}"))
    doc.field("iban", iban)
    if rng.random() < 0.7:
        doc.line((50, f"BIC: {bic}"))
        doc.field("bic", bic)
    doc.line((50, f"Periodo del {start:%d/%m/%Y} al {end:%d/%m/%Y}"), gap=20)
    doc.field("period", {"from": start.isoformat(), "to": end.isoformat()})
    doc.line((50, "Saldo inicial"), (400, money(opening, "de") + " EUR"))
    doc.field("opening_balance", f"{opening:.2f}")
    doc.field("currency", "EUR")
    closing = transactions(rng, doc, opening, rng.randint(4, 20), "de", lambda i: f"{min(start.day + i, 28):02d}/{start:%m/%Y}")
    doc.line((50, "Saldo final"), (400, money(closing, "de") + " EUR"))
    doc.field("closing_balance", f"{closing:.2f}")


def layout_us(rng, doc, holder, start, end):
    bank = rng.choice(BANKS["us"])
    number = "".join(rng.choice("0123456789") for _ in range(10))
    opening = Decimal(rng.randint(0, 2_000_000)) / 100
    doc.line((50, bank), (380, "Checking Account Statement"), size=12, gap=24)
    doc.field("bank_name", bank)
    doc.line((50, "Account holder"), (220, "Account number"), (380, "Statement period"))
    doc.line((50, holder.upper()), (220, number), (380, f"{start:%m/%d/%Y} - {end:%m/%d/%Y}"), gap=22)
    doc.field("holder", holder.upper())
    doc.field("account_number", number)
    doc.field("period", {"from": start.isoformat(), "to": end.isoformat()})
    doc.line((50, "Beginning balance"), (400, "$" + money(opening, "en")))
    doc.field("opening_balance", f"{opening:.2f}")
    doc.field("currency", "USD")
    # Several pages of transactions.
    closing = transactions(rng, doc, opening, rng.randint(40, 90), "en", lambda i: f"{start:%m}/{min(start.day + i % 28, 28):02d}")
    doc.line((50, "Ending balance"), (400, "$" + money(closing, "en")))
    doc.field("closing_balance", f"{closing:.2f}")


def layout_ch(rng, doc, holder, start, end):
    bank, iban, bic = rng.choice(BANKS["ch"]), make_iban(rng, "ch"), make_bic(rng, "ch")
    opening = Decimal(rng.randint(0, 9_000_000)) / 100
    doc.line((50, bank), size=14, gap=20)
    doc.field("bank_name", bank)
    doc.line((50, "Kontoinhaber:"), (170, holder))
    doc.field("holder", holder)
    doc.line((50, "IBAN:"), (170, printed_iban(iban)))
    doc.field("iban", iban)
    doc.line((50, "BIC/SWIFT:"), (170, bic))
    doc.field("bic", bic)
    doc.line((50, "Zeitraum:"), (170, f"{start:%d.%m.%Y} - {end:%d.%m.%Y}"))
    doc.field("period", {"from": start.isoformat(), "to": end.isoformat()})
    doc.line((50, "Währung:"), (170, "CHF"), gap=20)
    doc.field("currency", "CHF")
    doc.line((50, "Anfangssaldo"), (400, money(opening, "ch")))
    doc.field("opening_balance", f"{opening:.2f}")
    closing = transactions(rng, doc, opening, rng.randint(30, 70), "ch", lambda i: f"{min(start.day + i % 28, 28):02d}.{start:%m.%Y}")
    doc.line((50, "Endsaldo"), (400, money(closing, "ch")))
    doc.field("closing_balance", f"{closing:.2f}")


LAYOUTS = {"de": layout_de, "gb": layout_gb, "fr": layout_fr, "es": layout_es, "us": layout_us, "ch": layout_ch}


def photograph(pdf: bytes, rng: random.Random) -> bytes:
    """The first page as a phone photo: rendered at 150 dpi, rotated a little, blurred, noised,
    lit unevenly, saved as a JPEG."""
    import numpy as np
    from PIL import Image, ImageFilter

    png = subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", "-singlefile", "-"], input=pdf,
                         capture_output=True, check=True).stdout
    page = Image.open(io.BytesIO(png)).convert("L")
    page = page.rotate(rng.uniform(-1.5, 1.5), resample=Image.BICUBIC, expand=True, fillcolor=235)
    page = page.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.9)))
    a = np.asarray(page, dtype=np.float32)
    h, w = a.shape
    # Light falling off from one corner, and sensor noise.
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    light = 1.0 - 0.25 * np.hypot(xx - cx, yy - cy) / np.hypot(w, h)
    noise = np.random.default_rng(rng.randint(0, 2**31)).normal(0, 6, a.shape)
    a = np.clip(a * light + noise, 0, 255).astype(np.uint8)
    out = io.BytesIO()
    Image.fromarray(a).convert("RGB").save(out, "JPEG", quality=82)
    return out.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--pictures", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    names = list(LAYOUTS)
    for n in range(args.count):
        layout = names[n % len(names)]
        doc = Doc()
        holder = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        year, month = rng.randint(2023, 2025), rng.randint(1, 12)
        start = dt.date(year, month, 1)
        end = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)
        LAYOUTS[layout](rng, doc, holder, start, end)
        stem = f"{n:03d}-{layout}"
        pdf = doc.pdf(producer="Docket statement generator")
        (args.out / f"{stem}.pdf").write_bytes(pdf)
        truth = {"layout": layout, "pages": len(doc.pages), "applicant_name": holder, "fields": doc.truth}
        (args.out / f"{stem}.pdf.json").write_text(json.dumps(truth, ensure_ascii=False, indent=1))
        if args.pictures:
            (args.out / f"{stem}.jpg").write_bytes(photograph(pdf, rng))
            first = {k: v for k, v in doc.truth.items() if doc.on_page[k] == 1}
            picture = {"layout": layout, "pages": 1, "applicant_name": holder, "fields": first}
            (args.out / f"{stem}.jpg.json").write_text(json.dumps(picture, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
