"""Every documented filter of every list route, alone and combined, valid and hostile: never a 5xx.

The routes and their query parameters come from the server's own OpenAPI description, so a new
list route or filter is covered without touching this file; the set filters the verification list
reads from the raw query (`status`, `document_type`, `profile`) are added by hand, because the
description cannot declare them as repeatable.

A seeded random loop with fixed bounds (no hypothesis in the environment): every parameter alone
with every value of its pools, then `COMBINATIONS` random combinations per route (some keys
repeated, some set twice). A failure names the route, the query and the answer, and the seed makes
it reproducible. Every 4xx must be JSON with a `message`.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest

from conftest import Client, Console

SEED = 35
COMBINATIONS = 60

# Routes with query parameters that are not list filters, or act on something: the login link
# (one use), the uploads (POST) and the preview of one stored file.
SKIP = {"/_docket/console/login"}

# Filters read from the raw query that the description cannot declare (`status=a&status=b`).
EXTRA = {
    "/api/v3/verifications": ["status", "document_type", "profile"],
}

LONG = "a" * 4000
HOSTILE_TEXT = [
    "", " ", "?", "?1", "?32", "%", "_", "\\", "'", '"', "'; DROP TABLE applicants; --", "1' OR '1'='1",
    "\u0000", "\u202eghost\u200b", "Ünïcödé", "日本語", "😀", "[]", "{}", "null", "-1", "NaN",
    "a,b,,c", ",", LONG,
]
HOSTILE_NUMBER = ["-1", "0", "1e3", "abc", "", "0x10", "9223372036854775807", "9223372036854775808",
                  "99999999999999999999999", "1.5", " 1", "NaN"]
HOSTILE_TIME = ["2026-13-45", "0000-00-00", "9999-12-31T23:59:59Z", "-001-01-01", "1970-01-01T00:00:00+25:00",
                "2026-01-01T25:61:61Z", "20260101", "1" * 40, "2026-02-30", "yesterday"]
HOSTILE_ID = ["not-a-uuid", "00000000-0000-0000-0000-000000000000", str(uuid.uuid4()), "?1",
              "' OR 1=1 --", "ffffffff-ffff-ffff-ffff-ffffffffffffff"]

TIMES = {"from", "to", "created_from", "created_to", "since", "until"}
NUMBERS = {"page", "limit", "size"}
IDS = {"applicant_id", "webhook_id", "case_id", "reviewer_id", "check_id", "request_id", "profile"}

# Valid values by parameter name (the documented ones); anything else gets plain text.
VALID: dict[str, list[str]] = {
    "page": ["0", "1", "3"],
    "limit": ["1", "10", "100"],
    "name": ["Ann", "smith", "é"],
    "q": ["Acme", "GB", "x"],
    "country": ["GB", "us", "DE"],
    "type": ["person", "organization", "AML_SCREENING", "DOCVER"],
    "dob": ["1980-01-01", "1980"],
    "kind": ["applicant", "search", "person"],
    "webhook": ["https://example.com/hook"],
    "after": ["0", "10", "2026-01-01T00:00:00Z"],
    "method": ["GET", "post"],
    "path": ["/api/v3/applicants", "/api"],
    "status": ["200", "4xx", "verified", "pending", "in_progress", "failed"],
    "source": ["api", "console"],
    "reviewer": ["owner"],
    "is_sandbox": ["true", "false"],
    "stage": ["review", "intake", "done"],
    "risk_level": ["low", "high"],
    "assignee": ["me", "none"],
    "sla": ["breached", "due_soon"],
    "flag": ["aml_hit", "missing"],
    "awaiting": ["customer", "reviewer"],
    "sort": ["created_at", "-created_at", "sla"],
    "email": ["a@example.com", "example.com"],
    "event_type": ["payment", "transfer"],
    "decision": ["allow", "review", "block"],
    "document_type": ["passport", "id_card", "passport,id_card"],
    "webhook_id": [],
}
for t in TIMES:
    VALID[t] = ["2026-01-01", "2026-01-01T00:00:00Z", "2020-06-30T12:00:00+02:00"]


def pools(name: str, ids: list[str]) -> tuple[list[str], list[str]]:
    """(valid, hostile) values of one parameter."""
    valid = list(VALID.get(name, ["x", "Ann"]))
    if name in IDS:
        valid = valid + ids
    hostile = list(HOSTILE_TEXT)
    if name in NUMBERS:
        hostile += HOSTILE_NUMBER
    if name in TIMES or name == "after":
        hostile += HOSTILE_TIME
    if name in IDS:
        hostile += HOSTILE_ID
    return valid, hostile


def list_routes(openapi: dict) -> list[tuple[str, list[str]]]:
    routes = []
    for path, ops in openapi["paths"].items():
        op = ops.get("get")
        if op is None or path in SKIP:
            continue
        names = [p["name"] for p in op.get("parameters", []) if p.get("in") == "query"]
        names += EXTRA.get(path, [])
        if not names:
            continue
        # Path parameters other than an applicant's id name one stored thing: not a list.
        params = [p["name"] for p in op.get("parameters", []) if p.get("in") == "path"]
        if any(p != "applicant_id" for p in params):
            continue
        routes.append((path, names))
    return routes


def check(caller: Any, path: str, query: list[tuple[str, str]], seen: list[str]) -> int:
    r = caller.get(path, params=query)
    if r.status_code >= 500:
        seen.append(f"{r.status_code} GET {path} {query!r:.300}: {r.text[:300]}")
    elif r.status_code >= 400:
        try:
            body = r.json()
        except ValueError:
            body = None
        if not (isinstance(body, dict) and isinstance(body.get("message"), str)):
            seen.append(f"{r.status_code} without a JSON message: GET {path} {query!r:.300}: {r.text[:200]}")
    return r.status_code


@pytest.fixture
def seeded(sandbox: Client, reset: None) -> list[str]:
    """A few records to filter, and the ids the id filters may name."""
    ids = []
    for name in ("Ann Smith", "Zoë Élan", "Bob O'Brien"):
        applicant = sandbox.create_applicant({"info": {"full_name": name, "country": "GB"}})
        ids.append(applicant)
        r = sandbox.post("/api/v3/verifications", json={"applicant_id": applicant})
        assert r.status_code == 201, r.text
    r = sandbox.post("/api/v3/aml/search", json={"full_name": "Ann Smith"})
    assert r.status_code < 500, r.text
    profiles = sandbox.get("/api/v3/profiles").json()["data"]
    ids += [p["id"] for p in profiles[:1]]
    return ids


def test_no_filter_of_any_list_route_answers_5xx(sandbox: Client, owner_console: Console, seeded: list[str]) -> None:
    openapi = sandbox.get("/openapi.json").json()
    routes = list_routes(openapi)
    assert any(p == "/api/v3/verifications" for p, _ in routes), "the verification list is missing"
    assert len(routes) >= 12, [p for p, _ in routes]
    rng = random.Random(SEED)
    seen: list[str] = []
    for path, names in routes:
        real = path.replace("{applicant_id}", seeded[0])
        # The console's own routes (the desk's metrics) refuse a key; the owner's session calls them.
        caller: Any = sandbox
        if sandbox.get(real).status_code in (401, 403):
            caller = owner_console
        value_pools = {n: pools(n, seeded) for n in names}
        # Each parameter alone, with every value; the valid ones must mostly be answered.
        answered = 0
        for n, (valid, hostile) in value_pools.items():
            for v in valid + hostile:
                answered += check(caller, real, [(n, v)], seen) == 200
        assert answered > len(names), f"{path}: only {answered} answers of 200 (is the caller refused?)"
        # All at once, valid, and random combinations.
        check(caller, real, [(n, value_pools[n][0][0]) for n in names if value_pools[n][0]], seen)
        for _ in range(COMBINATIONS):
            chosen = rng.sample(names, rng.randint(2, len(names))) if len(names) > 1 else names
            query = []
            for n in chosen:
                valid, hostile = value_pools[n]
                pool = hostile if (not valid or rng.random() < 0.3) else valid
                query.append((n, rng.choice(pool)))
                if rng.random() < 0.1:
                    query.append((n, rng.choice(valid + hostile)))
            check(caller, real, query, seen)
    assert not seen, f"{len(seen)} bad answers (seed {SEED}):\n" + "\n".join(seen[:40])


def test_the_verification_list_filters_by_name(sandbox: Client, seeded: list[str]) -> None:
    """The case that answered 500: the name filter's clause had its scope's `?1` renumbered."""
    r = sandbox.get("/api/v3/verifications", params={"name": "smith"})
    assert r.status_code == 200, r.text
    assert [v["applicant_id"] for v in r.json()["data"]] == [seeded[0]]
    r = sandbox.get("/api/v3/verifications", params={"name": "ZOE ELAN", "status": "initial,pending,in_progress"})
    assert r.status_code == 200, r.text
    assert [v["applicant_id"] for v in r.json()["data"]] == [seeded[1]]


# Lists whose filters are a JSON body: each field of the body, and what may be sent for it.
BODY_LISTS = {
    "/webapi/public/datasources": {
        "name": ["ofac", "Wikidata", " ", None],
        "tags": [["Sanctions"], ["PEP", "Finance"], [], None],
        "risk_scores": [["High"], ["Low", "Medium"], [], None],
        "page": [0, 1, None],
        "limit": [1, 50, 200, None],
    },
}
HOSTILE_JSON = ["", "?1", "'; DROP TABLE applicants; --", "\u0000", LONG, -1, 0, 2**63, -2**63 - 1, 1e308, 1.5, True,
                [], [None], [1, 2], ["Nonsense"], {}, {"a": 1}]


def test_no_body_filter_of_a_list_answers_5xx(sandbox: Client, production: Client) -> None:
    rng = random.Random(SEED)
    seen: list[str] = []
    for path, fields in BODY_LISTS.items():
        for caller in (sandbox, production):
            answered = 0
            for name, valid in fields.items():
                for v in valid + HOSTILE_JSON:
                    r = caller.post(path, json={name: v})
                    answered += r.status_code == 200
                    if r.status_code >= 500 or (r.status_code >= 400 and "message" not in r.json()):
                        seen.append(f"{r.status_code} POST {path} {name}={v!r:.80}: {r.text[:200]}")
            assert answered >= sum(len(v) for v in fields.values()), f"{path}: valid bodies refused"
            for _ in range(COMBINATIONS):
                body = {n: rng.choice(v + HOSTILE_JSON if rng.random() < 0.3 else v)
                        for n, v in fields.items() if rng.random() < 0.7}
                r = caller.post(path, json=body)
                if r.status_code >= 500:
                    seen.append(f"{r.status_code} POST {path} {body!r:.200}: {r.text[:200]}")
    assert not seen, f"{len(seen)} bad answers (seed {SEED}):\n" + "\n".join(seen[:40])
