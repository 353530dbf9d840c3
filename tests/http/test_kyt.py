"""KYT, crypto-address risk, over HTTP (issue 35): validity per chain (valid, one character wrong,
another chain's address), the sandbox's sanctioned wallets and simulated exposure, production's
plain `not_checked` and its exact match against an imported OFAC SDN list's addresses, the
`KYT_WALLET_CHECK` webhook signed, the list's filters, monitored addresses, isolation between
environments, and bad input answered 4xx with a JSON message."""

from __future__ import annotations

import json

import pytest

from conftest import wait_for
from test_webhooks import receiver, endpoint, signed_by  # noqa: F401 (fixtures)

C = "/api/v4/kyt/checks"
M = "/api/v4/kyt/monitors"

# The guide's sandbox sanctioned wallet of each chain (valid mainnet addresses).
MAGIC = {
    "bitcoin": "1Fen3pfD2DQwqCcSk7gmRtx8MZAPceNiWQ",
    "ethereum": "0x6C0acba64D041a591fF2D409F5e310442A7c2Df9",
    "tron": "TSwr19oFSDXhurqp9MzXhRNHAxY2jiNTfK",
    "litecoin": "LfkQLLLrYkB1hg78b4UVc3kxjRVL39Kgkb",
    "bitcoin_cash": "bitcoincash:qpqc3u426dm6qg3huj996c6rchv6qml0t5g6zp04zz",
    "dash": "XvnPcVvt6kBLFkbhst6HmQ4dWpbMsN9Zgd",
    "zcash": "t1Xxp82199aFE1BZjpRdyr1uQzmiv3fA1LP",
    "monero": "42LWcaPWsY8ZC1meF9jYEUSLTZVnEpAuH1EAZ2TNieTfbdMeZjYMjMLhHur1Xt6oN55B9wQkkkvPiBYMi7By3F7uFaYZLpZ",
}
# Published examples (BIP-173, EIP-55, the CashAddr specification, monero-rs' documentation).
PUBLISHED = {
    "bitcoin": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    "ethereum": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "tron": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    "bitcoin_cash": "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
    "monero": "4ADT1BtbxqEWeMKp9GgPr2NeyJXXtNxvoDawpyA4WpzFcGcoHUvXeijE66DNfohE9r1bQYaBiQjEtKE7CtkTdLwiDznFzra",
}
FIELDS = {"id", "chain", "address", "canonical_address", "address_form", "valid", "invalid_code", "invalid_reason",
          "tx_hash", "applicant_id", "monitor", "origin", "risk_score", "categories", "evidence", "exposure",
          "environment", "monitored_from", "created_at"}


def check(client, status=201, **body):
    r = client.post(C, json=body)
    assert r.status_code == status, r.text
    return r.json()


def one_wrong(address: str) -> str:
    """The address with a character in its middle swapped for another both alphabets hold."""
    i = len(address) // 2
    c = address[i]
    swap = "3" if c != "3" else "4"
    return address[:i] + swap + address[i + 1:]


@pytest.mark.parametrize("chain", sorted(MAGIC))
def test_each_chains_address_is_valid_one_wrong_character_is_not_and_another_chains_is_named(sandbox, chain):
    good = check(sandbox, chain=chain, address=MAGIC[chain])
    assert FIELDS <= set(good), FIELDS - set(good)
    assert good["valid"] is True and good["invalid_code"] is None and good["canonical_address"], good
    bad = check(sandbox, chain=chain, address=one_wrong(MAGIC[chain]))
    assert bad["valid"] is False and bad["invalid_code"] in {"checksum", "format"}, bad
    assert bad["risk_score"] is None and bad["invalid_reason"]
    other = "monero" if chain != "monero" else "tron"
    wrong = check(sandbox, chain=chain, address=MAGIC[other])
    assert (wrong["valid"], wrong["invalid_code"]) == (False, "wrong_chain"), wrong


@pytest.mark.parametrize("chain", sorted(PUBLISHED))
def test_published_examples_are_valid_and_canonical(production, chain):
    c = check(production, chain=chain, address=PUBLISHED[chain])
    assert c["valid"], c
    if chain == "ethereum":
        assert c["canonical_address"] == PUBLISHED[chain].lower()
    if chain == "bitcoin_cash":
        assert c["canonical_address"] == "bitcoincash:" + PUBLISHED[chain]


def test_eip55_is_enforced_on_mixed_case_only(production):
    lower = PUBLISHED["ethereum"].lower()
    assert check(production, chain="ETH", address=lower)["valid"]
    assert check(production, chain="ETH", address="0x" + lower[2:].upper())["valid"]
    broken = PUBLISHED["ethereum"][:-1] + "D"
    assert check(production, chain="ETH", address=broken)["invalid_code"] == "checksum"
    assert check(production, chain="bitcoin", address="tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx")["invalid_code"] == "testnet"


def test_the_sandbox_magic_wallet_is_a_sanctions_hit_and_production_never_sees_it(sandbox, production):
    hit = check(sandbox, chain="XBT", address=MAGIC["bitcoin"])
    assert hit["risk_score"] == {"level": "Severe", "score": 100}
    assert hit["categories"][0] == "sanctions"
    e = hit["evidence"][0]
    assert (e["kind"], e["holder"], e["currency"]) == ("sanctions_list", "Ivan Sanctionov", "XBT")
    assert e["entity_id"] and e["list"] and e["sources"] and e["programs"]
    assert hit["environment"] == "sandbox" and hit["exposure"]["status"] == "simulated"
    prod = check(production, chain="bitcoin", address=MAGIC["bitcoin"])
    assert prod["evidence"] == [] and prod["categories"] == []
    assert prod["exposure"]["status"] == "not_checked" and prod["exposure"]["counterparties"] == []
    assert "does not hold" in prod["exposure"]["reason"]
    assert prod["environment"] == "production"


@pytest.mark.parametrize("last,category,level", [
    ("9", "mixer", "High"), ("8", "darknet_market", "Severe"), ("7", "scam", "High"), ("6", "gambling", "Medium"),
    ("2", None, "Low"),
])
def test_sandbox_exposure_follows_the_documented_last_character(sandbox, production, last, category, level):
    address = "0x" + "1" * 39 + last
    c = check(sandbox, chain="ethereum", address=address)
    assert c["risk_score"]["level"] == level
    assert c["categories"] == ([category] if category else [])
    assert check(production, chain="ethereum", address=address)["categories"] == []


def test_a_check_is_read_back_listed_and_filtered_and_the_sandbox_cannot_read_production(sandbox, production):
    mine = check(production, chain="tron", address=PUBLISHED["tron"], tx_hash="0x" + "ab" * 32)
    assert mine["tx_hash"] == "0x" + "ab" * 32
    assert production.get(f"{C}/{mine['id']}").json() == mine
    assert sandbox.get(f"{C}/{mine['id']}").status_code == 404
    listed = production.get(C, params={"chain": "TRX", "address": PUBLISHED["tron"], "limit": 100}).json()
    assert mine["id"] in [c["id"] for c in listed["data"]]
    assert all(c["chain"] == "tron" for c in listed["data"])
    severe = sandbox.get(C, params={"risk_level": "severe", "limit": 100}).json()["data"]
    assert severe and all(c["risk_score"]["level"] == "Severe" for c in severe)
    assert mine["id"] not in [c["id"] for c in sandbox.get(C, params={"limit": 200}).json()["data"]]


def test_monitoring_is_listed_and_stopped(production):
    c = check(production, chain="monero", address=PUBLISHED["monero"], monitor=True)
    assert c["monitor"] is True
    monitors = production.get(M, params={"limit": 200}).json()["data"]
    assert c["id"] in [m["id"] for m in monitors]
    stopped = production.delete(f"{M}/{c['id']}")
    assert stopped.status_code == 200 and stopped.json()["stopped_at"], stopped.text
    assert production.delete(f"{M}/{check(production, chain='tron', address=PUBLISHED['tron'])['id']}").status_code == 404
    # An invalid address is never monitored.
    assert check(production, chain="monero", address="4abc", monitor=True)["monitor"] is False


def test_the_webhook_is_signed_and_carries_the_check(sandbox, receiver, endpoint):  # noqa: F811
    hook = endpoint(["KYT_WALLET_CHECK"])
    c = check(sandbox, chain="dash", address=MAGIC["dash"])
    got = wait_for(lambda: [r for r in receiver.at(hook["path"]) if json.loads(r.body)["payload"]["id"] == c["id"]],
                   timeout=15, what="the KYT_WALLET_CHECK delivery")[0]
    assert signed_by(hook["secret"], got.headers["x-webhook-signature"], got.body)
    envelope = json.loads(got.body)
    assert envelope["event_type"] == "KYT_WALLET_CHECK"
    assert envelope["payload"] == c


@pytest.mark.parametrize("body,field", [
    ({"chain": "dogecoin", "address": "D8"}, "chain"),
    ({"chain": "bitcoin"}, None),
    ({"chain": "bitcoin", "address": ""}, "address"),
    ({"chain": "bitcoin", "address": "1" * 10_000}, "address"),
    ({"chain": "bitcoin", "address": MAGIC["bitcoin"], "tx_hash": "xyz"}, "tx_hash"),
    ({"chain": "bitcoin", "address": MAGIC["bitcoin"], "wallet": 1}, None),
    ({"chain": "bitcoin", "address": MAGIC["bitcoin"], "applicant_id": "not-a-uuid"}, None),
    ({"chain": 7, "address": MAGIC["bitcoin"]}, None),
])
def test_bad_input_is_a_400_with_a_message(sandbox, body, field):
    r = sandbox.post(C, json=body)
    assert r.status_code == 400, r.text
    assert r.json()["message"]
    if field:
        assert field in r.json()["message"]


def test_malformed_and_huge_bodies_are_refused_with_json(sandbox):
    r = sandbox.post(C, data=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["message"]
    r = sandbox.post(C, data=b'{"chain": "bitcoin", "address": "' + b"1" * (2 << 20) + b'"}',
                     headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["message"]
    assert sandbox.get(f"{C}/not-an-id").status_code in (400, 404)
    assert sandbox.get(C, params={"risk_level": "extreme"}).status_code == 400
    assert sandbox.get(C, params={"chain": "doge"}).status_code == 400


def test_production_matches_an_imported_ofac_lists_addresses_exactly(docket_factory, tmp_path):
    srv = docket_factory()
    production = srv.client(srv.production_key, "production")
    bch_legacy = "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu"
    sdn = tmp_path / "sdn.csv"
    sdn.write_text(
        '9001,"EXAMPLE, Holder","individual","CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,'
        f'"Digital Currency Address - USDT {PUBLISHED["tron"]}; alt. Digital Currency Address - BCH {bch_legacy}; '
        f'Digital Currency Address - ETH {PUBLISHED["ethereum"].lower()}; Gender Male."\n')
    watched = check(production, chain="BCH", address="bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
                    monitor=True)
    assert watched["evidence"] == []
    done = srv.run_cli("lists", "import", "--format", "ofac-sdn", "--data-dir", str(srv.data_dir), str(sdn))
    assert done.returncode == 0, done.stderr

    def listed():
        c = check(production, chain="ethereum", address=PUBLISHED["ethereum"])
        return c if c["evidence"] else None

    c = wait_for(listed, timeout=20, interval=0.2, what="production to serve the imported list")
    e = c["evidence"][0]
    assert (e["entity_name"], e["currency"], c["risk_score"]["level"]) == ("EXAMPLE, Holder", "ETH", "Severe")
    assert "CYBER2" in " ".join(e["programs"])
    tron = check(production, chain="tron", address=PUBLISHED["tron"])
    assert tron["evidence"][0]["currency"] == "USDT"
    # The legacy BCH form listed is found by its CashAddr, and the monitored address's re-check
    # after the import records the new listing.
    recheck = wait_for(lambda: [x for x in production.get(C, params={"chain": "bitcoin_cash"}).json()["data"]
                                if x["origin"] == "monitoring"], timeout=20, interval=0.2, what="the re-check")[0]
    assert recheck["monitored_from"] == watched["id"] and recheck["categories"] == ["sanctions"]
