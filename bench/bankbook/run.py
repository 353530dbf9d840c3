#!/usr/bin/env python3
"""Bankbook extraction's benchmark: precision and recall per field, and time per page, for
Docket (each document uploaded to a running `docket serve` in production) and for a Python peer
in the same run (pdfplumber's text, or Tesseract's for pictures, and regular expressions for
the same fields in the same four languages, the IBAN checked by mod-97).

    run.py --dir DIR --url URL --key KEY [--json OUT]

DIR holds generate.py's documents (`NNN-layout.pdf` / `.jpg`, each with its `.json` truth).
A field counts as right when its value equals the truth (names letter case aside, amounts as
decimals); a value that is wrong or not in the truth is a false positive, a truth not read
right a false negative.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import time
from decimal import Decimal, InvalidOperation
from pathlib import Path

import pdfplumber
import requests

FIELDS = ["holder", "iban", "account_number", "bank_name", "bic", "period", "opening_balance", "closing_balance",
          "currency"]


def norm(field: str, v):
    if v is None:
        return None
    if field in ("opening_balance", "closing_balance"):
        try:
            return Decimal(str(v))
        except InvalidOperation:
            return None
    if field == "period":
        return (v.get("from"), v.get("to")) if isinstance(v, dict) else None
    if field in ("holder", "bank_name"):
        return " ".join(str(v).split()).casefold()
    return str(v).replace(" ", "").upper()


def docket_fields(answer: dict) -> dict:
    out = {}
    for name, f in (answer.get("fields") or {}).items():
        v = f["value"]
        out[name] = v["amount"] if name.endswith("_balance") else v
    return out


# --- the peer -------------------------------------------------------------------------------------
MONTHS = {m: i + 1 for i, names in enumerate([
    "january janvier enero januar jan janv ene", "february février fevrier febrero februar feb févr fev",
    "march mars marzo märz maerz mar mär mrz", "april avril abril apr avr abr", "may mai mayo",
    "june juin junio juni jun", "july juillet julio juli jul juil", "august août aout agosto aug ago",
    "september septembre septiembre sep sept", "october octobre octubre oktober oct okt",
    "november novembre noviembre nov", "december décembre decembre diciembre dezember dec dez dic"])
    for m in names.split()}
DATE = r"(\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|(?:\d{1,2}(?:er)?\.? )?[A-Za-zéûä]+\.? \d{1,2}?,? ?\d{4})"
HOLDER = r"(?:account holder|account name|kontoinhaber|titulaire du compte|titular)\s*:?\s*"
BANK_WORDS = re.compile(r"\b(bank|banque|banco|sparkasse|caja|crédit|credit|building society|raiffeisenbank)\b", re.I)
AMOUNT = r"([-(]?[£$€]?\s?\d{1,3}(?:[.,'\u00a0 ]\d{3})*[.,]\d{2}\)?-?)"
OPENING = r"(?:opening balance|balance brought forward|beginning balance|alter kontostand|anfangssaldo|ancien solde|saldo inicial)"
CLOSING = r"(?:closing balance|balance carried forward|ending balance|neuer kontostand|endsaldo|nouveau solde|saldo final)"


def mod97(iban: str) -> bool:
    s = iban[4:] + iban[:4]
    try:
        return int("".join(str(int(c, 36)) for c in s)) % 97 == 1
    except ValueError:
        return False


def parse_date(s: str, us: bool):
    s = s.strip().lower().replace(",", "")
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return f"{m[1]}-{m[2]}-{m[3]}"
    m = re.fullmatch(r"(\d{1,2})[./-](\d{1,2})[./-](\d{2,4})", s)
    if m:
        a, b, y = int(m[1]), int(m[2]), int(m[3])
        y = y + 2000 if y < 100 else y
        d, mo = (b, a) if us else (a, b)
        return f"{y:04d}-{mo:02d}-{d:02d}"
    m = re.fullmatch(r"(\d{1,2})(?:er)?\.? ([a-zéûä]+)\.? (\d{4})", s)
    if m and m[2] in MONTHS:
        return f"{int(m[3]):04d}-{MONTHS[m[2]]:02d}-{int(m[1]):02d}"
    return None


def parse_amount(s: str):
    neg = s.startswith("-") or s.endswith("-") or s.startswith("(")
    digits = re.sub(r"[^\d.,]", "", s)
    whole, frac = digits[:-3], digits[-2:]
    try:
        v = Decimal(re.sub(r"[^\d]", "", whole) + "." + frac)
    except InvalidOperation:
        return None
    return str(-v if neg else v)


def peer_fields(text: str) -> dict:
    out: dict = {}
    us = "$" in text
    lines = [l for l in text.splitlines() if l.strip()]
    for i, line in enumerate(lines):
        low = line.lower()
        if "holder" not in out:
            m = re.search(HOLDER + r"(.+?)(?:\s{2,}|$)", line, re.I)
            if m and m[1].strip():
                out["holder"] = re.sub(r"^(m\.|mr\.?|mrs\.?) ", "", m[1].strip(), flags=re.I)
            elif re.search(r"^\s*(account holder|account name)\b", low) and i + 1 < len(lines):
                out["holder"] = re.split(r"\s{2,}", lines[i + 1].strip())[0]
        if "iban" not in out:
            for m in re.finditer(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8})", line):
                cand = m[1].replace(" ", "")
                for n in range(len(cand), 14, -1):
                    if mod97(cand[:n]):
                        out["iban"] = cand[:n]
                        break
                if "iban" in out:
                    break
        if "bic" not in out:
            m = re.search(r"\b(?:BIC|SWIFT)(?:/SWIFT)?\s*:?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b", line)
            if m:
                out["bic"] = m[1]
        if "account_number" not in out:
            m = re.search(r"(?:account number|kontonummer)\s*:?\s*(\d{6,20})\b", line, re.I)
            if m:
                out["account_number"] = m[1]
            elif re.search(r"account number", low) and i + 1 < len(lines):
                col = low.index("account number")
                below = lines[i + 1]
                m = re.match(r"\s*(\d{6,20})\b", below[max(col - 2, 0):])
                if m:
                    out["account_number"] = m[1]
        if "period" not in out:
            m = re.search(DATE + r"\s*(?:-|–|to|bis|au|al)\s*" + DATE, line, re.I)
            if m and re.search(r"period|zeitraum|période|periodo|vom|du|del|statement", low):
                a, b = parse_date(m[1], us), parse_date(m[2], us)
                if a and b:
                    out["period"] = {"from": a, "to": b}
        if "opening_balance" not in out:
            m = re.search(OPENING + r".*?" + AMOUNT, line.replace("/", " / "), re.I)
            if m and not re.search(r"\d[./]\d{2}[./]\d{4}$", m[1]):
                out["opening_balance"] = parse_amount(m[1])
        m = re.search(CLOSING + r"(?:.*?\d{4})?.*?" + AMOUNT, line, re.I)
        if m:
            out["closing_balance"] = parse_amount(m[1])
        if "bank_name" not in out and i < 8:
            first = re.split(r"\s{2,}", line.strip())[0]
            if BANK_WORDS.search(first) and not re.search(r"statement|auszug|relevé|extracto", first, re.I):
                out["bank_name"] = first
    for code, sym in (("EUR", "€"), ("GBP", "£"), ("USD", "$"), ("CHF", "CHF")):
        if sym in text or f" {code}" in text:
            out["currency"] = code
            break
    return out


def peer_text(path: Path) -> tuple[str, int]:
    if path.suffix == ".pdf":
        with pdfplumber.open(path) as pdf:
            return "\n".join(p.extract_text(layout=True) or "" for p in pdf.pages), len(pdf.pages)
    out = subprocess.run(["tesseract", str(path), "stdout", "-l", "eng", "--psm", "6", "-c",
                          "preserve_interword_spaces=1"], capture_output=True,
                         env={"OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"})
    return out.stdout.decode("utf-8", "replace"), 1


# --- scoring --------------------------------------------------------------------------------------
def tally(counts: dict, truth: dict, got: dict) -> None:
    for f in FIELDS:
        t, g = norm(f, truth.get(f)), norm(f, got.get(f))
        c = counts.setdefault(f, {"tp": 0, "fp": 0, "fn": 0})
        if g is not None and g == t:
            c["tp"] += 1
        else:
            if g is not None:
                c["fp"] += 1
            if t is not None:
                c["fn"] += 1


def summary(counts: dict) -> dict:
    out = {}
    for f, c in counts.items():
        p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else None
        r = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else None
        out[f] = {"precision": p, "recall": r, **c}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", type=Path, required=True)
    ap.add_argument("--url", required=True)
    ap.add_argument("--key", required=True)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    http = requests.Session()
    http.headers["ds-api-token"] = args.key
    results: dict = {}
    for kind in ("pdf", "jpg"):
        files = sorted(args.dir.glob(f"*.{kind}"))
        if not files:
            continue
        docket_counts: dict = {}
        peer_counts: dict = {}
        docket_time = peer_time = 0.0
        pages = 0
        misses: list = []
        for path in files:
            truth = json.loads(Path(f"{path}.json").read_text())
            r = http.post(f"{args.url}/api/v3/applicants", json={"info": {"full_name": truth["applicant_name"]}})
            r.raise_for_status()
            applicant = r.json()["id"]
            started = time.perf_counter()
            with path.open("rb") as fh:
                r = http.post(f"{args.url}/api/v4/bankbook/{applicant}", files={"file": (path.name, fh)})
            docket_time += time.perf_counter() - started
            r.raise_for_status()
            got = docket_fields(r.json())
            tally(docket_counts, truth["fields"], got)
            for f in FIELDS:
                if norm(f, got.get(f)) != norm(f, truth["fields"].get(f)) and len(misses) < 12:
                    misses.append({"file": path.name, "field": f, "truth": truth["fields"].get(f), "docket": got.get(f)})
            started = time.perf_counter()
            text, n = peer_text(path)
            peer = peer_fields(text)
            peer_time += time.perf_counter() - started
            tally(peer_counts, truth["fields"], peer)
            pages += truth["pages"] if kind == "pdf" else 1
        results[kind] = {
            "documents": len(files),
            "pages": pages,
            "docket": {"ms_per_page": 1000 * docket_time / pages, "fields": summary(docket_counts)},
            "peer": {"ms_per_page": 1000 * peer_time / pages, "fields": summary(peer_counts)},
            "peer_time_over_docket_time": peer_time / docket_time if docket_time else None,
            "docket_misses": misses,
        }
    text = json.dumps(results, indent=1, default=str)
    if args.json:
        args.json.write_text(text)
    for kind, r in results.items():
        print(f"\n{kind}: {r['documents']} documents, {r['pages']} pages")
        print(f"  time per page: docket {r['docket']['ms_per_page']:.1f} ms (HTTP upload included), "
              f"peer {r['peer']['ms_per_page']:.1f} ms; peer/docket {r['peer_time_over_docket_time']:.2f}")
        print(f"  {'field':<16} {'docket P':>9} {'docket R':>9} {'peer P':>8} {'peer R':>8}")
        fmt = lambda v: "   -" if v is None else f"{v:.3f}"
        for f in FIELDS:
            d, p = r["docket"]["fields"][f], r["peer"]["fields"][f]
            print(f"  {f:<16} {fmt(d['precision']):>9} {fmt(d['recall']):>9} {fmt(p['precision']):>8} {fmt(p['recall']):>8}")
        for m in r["docket_misses"]:
            print("   miss:", m)


if __name__ == "__main__":
    main()
