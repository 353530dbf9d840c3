"""The Python peer of bench/kyt.sh: the same KYT address checks as Docket's `kyt-check` on the
same listed addresses and queries: validation per chain through PyPI's codecs (`base58` for
base58check, `bech32m` for bech32/bech32m segwit, `cashaddress` for CashAddr, `monero`'s base58
with `pycryptodome`'s Keccak-256 for Monero and EIP-55), the same canonical forms, and an exact
lookup in a dict. Prints one JSON line.

    python bench/kyt_peer.py PEER_DIR [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import base58
import bech32m
from cashaddress import convert
from Crypto.Hash import keccak
from monero import base58 as xmr58


def keccak256(data: bytes) -> bytes:
    return keccak.new(digest_bits=256, data=data).digest()


def b58check(text: str) -> bytes | None:
    try:
        return base58.b58decode_check(text)
    except ValueError:
        return None


def base58_versioned(text: str, p2pkh: int, p2sh: tuple[int, ...]) -> str | None:
    payload = b58check(text)
    if payload is None or len(payload) != 21 or (payload[0] != p2pkh and payload[0] not in p2sh):
        return None
    return text


def segwit(text: str, hrp: str) -> str | None:
    lower = text.lower()
    if not lower.startswith(hrp + "1"):
        return None
    try:
        bech32m.decode(hrp, lower)
    except Exception:
        return None
    return lower


def bitcoin(text: str) -> str | None:
    return segwit(text, "bc") if text.lower().startswith("bc1") else base58_versioned(text, 0x00, (0x05,))


def litecoin(text: str) -> str | None:
    return segwit(text, "ltc") if text.lower().startswith("ltc1") else base58_versioned(text, 0x30, (0x32, 0x05))


def dash(text: str) -> str | None:
    return base58_versioned(text, 0x4C, (0x10,))


def tron(text: str) -> str | None:
    payload = b58check(text)
    return text if payload is not None and len(payload) == 21 and payload[0] == 0x41 else None


def zcash(text: str) -> str | None:
    payload = b58check(text)
    return text if payload is not None and len(payload) == 22 and payload[:2] in (b"\x1c\xb8", b"\x1c\xbd") else None


def ethereum(text: str) -> str | None:
    if not text.startswith("0x") or len(text) != 42:
        return None
    body = text[2:]
    try:
        int(body, 16)
    except ValueError:
        return None
    lower = body.lower()
    if body != lower and body != body.upper():
        digest = keccak256(lower.encode()).hex()
        expected = "".join(c.upper() if c.isalpha() and int(digest[i], 16) >= 8 else c for i, c in enumerate(lower))
        if expected != body:
            return None
    return "0x" + lower


def bitcoin_cash(text: str) -> str | None:
    candidate = text.lower() if text.isupper() else text
    if ":" not in candidate and candidate[:1] in ("q", "p") and len(candidate) == 42:
        candidate = "bitcoincash:" + candidate
    try:
        address = convert.Address.from_string(candidate)
    except Exception:
        return None
    if address.version not in ("P2PKH", "P2SH"):
        return None
    return address.cash_address()


def monero(text: str) -> str | None:
    if len(text) not in (95, 106):
        return None
    try:
        raw = bytes.fromhex(xmr58.decode(text))
    except Exception:
        return None
    data, checksum = raw[:-4], raw[-4:]
    if keccak256(data)[:4] != checksum:
        return None
    if (data[0], len(data)) not in ((18, 65), (19, 73), (42, 65)):
        return None
    return text


VALIDATE = {
    "bitcoin": bitcoin, "ethereum": ethereum, "tron": tron, "litecoin": litecoin, "bitcoin_cash": bitcoin_cash,
    "dash": dash, "zcash": zcash, "monero": monero,
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("peer_dir", type=Path)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    index: dict[tuple[str, str], list[str]] = {}
    started = time.perf_counter()
    for n, line in enumerate((args.peer_dir / "listed.tsv").read_text().splitlines()):
        chain, address = line.split("\t")
        canonical = VALIDATE[chain](address)
        if canonical is not None:
            index.setdefault((chain, canonical), []).append(f"entity-{n}")
    build_ms = (time.perf_counter() - started) * 1e3
    queries = [tuple(line.split("\t")) for line in (args.peer_dir / "queries.tsv").read_text().splitlines()]
    best = float("inf")
    valid = hits = 0
    for _ in range(args.rounds):
        valid = hits = 0
        started = time.perf_counter()
        for chain, address in queries:
            canonical = VALIDATE[chain](address)
            if canonical is None:
                continue
            valid += 1
            if index.get((chain, canonical)):
                hits += 1
        best = min(best, time.perf_counter() - started)
    json.dump({"impl": "python", "listed": len(index), "queries": len(queries), "valid": valid, "hits": hits,
               "index_build_ms": build_ms, "checks_per_second": len(queries) / best,
               "us_per_check": best * 1e6 / len(queries)}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
