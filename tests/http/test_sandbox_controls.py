"""Docket's own controls: the sandbox clock, the sandbox reset and the request journal."""

from __future__ import annotations

import http.client
import json
import urllib.parse
import uuid
from datetime import datetime, timedelta, timezone

import pytest

A = "/api/v3/applicants"
J = "/_docket/requests"


def ts(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


# --- the clock -----------------------------------------------------------------------------------


def test_the_clock_runs_on_real_time_by_default(sandbox, real_clock):
    clock = sandbox.clock()
    assert clock["mode"] == "real" and clock["offset_seconds"] == 0
    assert abs((ts(clock["now"]) - ts(clock["real_now"])).total_seconds()) < 1
    assert abs((ts(clock["real_now"]) - datetime.now(timezone.utc)).total_seconds()) < 60


def test_set_with_freeze_stops_the_clock_at_that_instant(sandbox, real_clock):
    r = sandbox.post("/_docket/clock/set", json={"now": "2025-06-01T10:00:00.250Z", "freeze": True})
    assert r.status_code == 200
    assert r.json()["mode"] == "frozen" and r.json()["now"] == "2025-06-01T10:00:00.250Z"
    first, second = sandbox.clock(), sandbox.clock()
    assert first["now"] == second["now"] == "2025-06-01T10:00:00.250Z"
    assert second["real_now"] >= first["real_now"]
    expected_offset = (ts(first["now"]) - ts(first["real_now"])).total_seconds()
    assert abs(first["offset_seconds"] - expected_offset) <= 1


def test_set_without_freeze_runs_on_from_the_given_time(sandbox, real_clock):
    r = sandbox.post("/_docket/clock/set", json={"now": "2024-01-31T12:00:00Z"})
    assert r.status_code == 200 and r.json()["mode"] == "shifted"
    clock = sandbox.clock()
    elapsed = (ts(clock["now"]) - ts("2024-01-31T12:00:00Z")).total_seconds()
    assert 0 <= elapsed < 10
    assert abs(clock["offset_seconds"] - (ts(clock["now"]) - ts(clock["real_now"])).total_seconds()) <= 1


def test_set_accepts_any_offset_and_precision_and_answers_in_utc_milliseconds(sandbox, real_clock):
    r = sandbox.post("/_docket/clock/set", json={"now": "2025-01-01T12:00:00.123456+05:30", "freeze": True})
    assert r.status_code == 200 and r.json()["now"] == "2025-01-01T06:30:00.123Z"


def test_advance_moves_a_frozen_clock_by_exactly_the_duration_and_keeps_it_frozen(sandbox, real_clock):
    sandbox.post("/_docket/clock/set", json={"now": "2025-06-01T00:00:00Z", "freeze": True})
    steps = [({"by": "36h"}, "2025-06-02T12:00:00.000Z"), ({"by": "1d12h"}, "2025-06-04T00:00:00.000Z"),
             ({"seconds": 90}, "2025-06-04T00:01:30.000Z"), ({"by": "1w"}, "2025-06-11T00:01:30.000Z"),
             ({"by": "15m"}, "2025-06-11T00:16:30.000Z")]
    for body, expected in steps:
        r = sandbox.post("/_docket/clock/advance", json=body)
        assert r.status_code == 200, r.text
        assert (r.json()["now"], r.json()["mode"]) == (expected, "frozen"), body
    assert sandbox.clock()["now"] == "2025-06-11T00:16:30.000Z"


def test_advances_from_real_time_add_up_as_a_running_shift(sandbox, real_clock):
    r = sandbox.post("/_docket/clock/advance", json={"by": "1h"})
    assert r.status_code == 200 and r.json()["mode"] == "shifted"
    r = sandbox.post("/_docket/clock/advance", json={"seconds": 1800})
    assert r.json()["offset_seconds"] in (5399, 5400)
    assert abs((ts(r.json()["now"]) - ts(r.json()["real_now"])).total_seconds() - 5400) < 1


def test_clock_reset_returns_to_real_time(sandbox, real_clock):
    sandbox.post("/_docket/clock/set", json={"now": "2020-02-02T02:02:02Z", "freeze": True})
    r = sandbox.post("/_docket/clock/reset")
    assert r.status_code == 200
    assert r.json()["mode"] == "real" and r.json()["offset_seconds"] == 0
    assert sandbox.clock()["mode"] == "real"


def test_the_clock_may_go_back_in_time_within_ten_years(sandbox, real_clock):
    target = datetime.now(timezone.utc) - timedelta(days=365 * 9)
    r = sandbox.post("/_docket/clock/set", json={"now": iso(target), "freeze": True})
    assert r.status_code == 200 and r.json()["now"] == iso(target)


def test_production_reads_real_time_and_cannot_move_any_clock(sandbox, production, real_clock):
    sandbox.post("/_docket/clock/set", json={"now": "2025-06-01T00:00:00Z", "freeze": True})
    for path, body in [("/_docket/clock/set", {"now": "2026-01-01T00:00:00Z", "freeze": True}),
                       ("/_docket/clock/advance", {"by": "1h"}), ("/_docket/clock/reset", None)]:
        r = production.post(path, json=body)
        assert r.status_code == 403 and r.json()["error"] == "forbidden", path
    assert production.clock()["mode"] == "real" and production.clock()["offset_seconds"] == 0
    assert sandbox.clock()["now"] == "2025-06-01T00:00:00.000Z"  # the refused calls changed nothing


def test_clock_and_data_survive_a_restart(docket_factory):
    first = docket_factory()
    sandbox, production = first.client(first.sandbox_key), first.client(first.production_key)
    assert sandbox.post("/_docket/clock/set", json={"now": "2025-09-09T09:09:09.009Z", "freeze": True}).status_code == 200
    kept = sandbox.create_applicant({"external_id": "kept across restart", "info": {"full_name": "Persistent Person"}})
    prod = production.create_applicant({"external_id": "prod across restart"})
    first.stop()  # SIGTERM: exits 0

    second = docket_factory(data_dir=first.data_dir)
    assert second.url != "" and second.data_dir == first.data_dir
    sandbox, production = second.client(second.sandbox_key), second.client(second.production_key)
    clock = sandbox.clock()
    assert (clock["mode"], clock["now"]) == ("frozen", "2025-09-09T09:09:09.009Z")
    a = sandbox.get_applicant(kept)
    assert (a["created_at"], a["provided_info"]["full_name"]) == ("2025-09-09T09:09:09.009Z", "Persistent Person")
    assert production.get(f"{A}/by_external_id/prod across restart").json()["applicant_id"] == prod


def test_a_shifted_clock_keeps_its_offset_across_a_restart(docket_factory):
    first = docket_factory()
    r = first.client(first.sandbox_key).post("/_docket/clock/advance", json={"by": "3d"})
    assert r.status_code == 200 and r.json()["mode"] == "shifted"
    first.stop()
    second = docket_factory(data_dir=first.data_dir)
    clock = second.client(second.sandbox_key).clock()
    assert clock["mode"] == "shifted" and abs(clock["offset_seconds"] - 3 * 86400) <= 1


# --- reset ---------------------------------------------------------------------------------------


def test_reset_removes_sandbox_applicants_but_keeps_production_keys_and_clock(sandbox, production, reset):
    sandbox_ids = [sandbox.create_applicant({"external_id": f"to-wipe-{i}"}) for i in range(3)]
    prod_id = production.create_applicant({"external_id": f"prod-keeps-{uuid.uuid4().hex[:8]}"})
    sandbox.post("/_docket/clock/set", json={"now": "2025-05-05T05:05:05Z", "freeze": True})

    r = sandbox.post("/_docket/reset")
    assert r.status_code == 200
    assert r.json()["applicants"] == 3 and r.json()["journal_entries"] >= 4

    assert sandbox.list_applicants() == {"data": [], "has_next": False}
    assert all(sandbox.get(f"{A}/{i}").status_code == 404 for i in sandbox_ids)
    assert sandbox.post(A, json={"external_id": "to-wipe-0"}).status_code == 201  # external ids are free again
    assert production.get_applicant(prod_id)["applicant_id"] == prod_id
    assert sandbox.clock()["now"] == "2025-05-05T05:05:05.000Z"  # the clock stays
    assert sandbox.get("/_docket/info").status_code == 200     # the key stays


def test_reset_empties_the_sandbox_journal(sandbox, production, reset):
    sandbox.get(A)
    production.get(A, headers={"x-request-id": "prod-survives-reset-" + uuid.uuid4().hex})
    prod_before = production.last_seq()
    sandbox.post("/_docket/reset")
    entries = sandbox.journal()
    assert [(e["method"], e["path"]) for e in entries] == [("POST", "/_docket/reset")]
    assert production.last_seq() == prod_before


# --- the journal ---------------------------------------------------------------------------------


def test_the_journal_records_each_request_with_status_latency_and_bodies(sandbox):
    after = sandbox.last_seq()
    ext = f"journaled-{uuid.uuid4().hex[:8]}"
    r = sandbox.post(A + "?page=0", json={"external_id": ext}, headers={"User-Agent": "docket-tests/1.0"})
    assert r.status_code == 201
    (entry,) = sandbox.journal(after=after)
    assert entry["request_id"] == r.headers["x-request-id"]
    assert (entry["method"], entry["path"], entry["query"], entry["status"]) == ("POST", A, "page=0", 201)
    assert entry["environment"] == "sandbox" and entry["client"] == "docket-tests/1.0"
    assert json.loads(entry["request_body"]) == {"external_id": ext}
    assert json.loads(entry["response_body"]) == r.json()
    assert entry["request_body_truncated"] is False and entry["latency_ms"] >= 0
    assert entry["seq"] > after
    assert abs((ts(entry["received_at"]) - datetime.now(timezone.utc)).total_seconds()) < 60


def test_the_journal_redacts_secrets_in_bodies_and_queries(sandbox):
    after = sandbox.last_seq()
    secrets = ["qs-token-value-1", "body-password-2", "nested-secret-3", "listed-apikey-4", "otp-5",
               "pin-6", "auth-header-like-7"]
    r = sandbox.post(f"{A}?token={secrets[0]}&page=0", json={
        "external_id": f"redact-{uuid.uuid4().hex[:8]}",
        "password": secrets[1],
        "info": {"full_name": "Visible Name", "client_secret": secrets[2]},
        "extras": [{"api_key": secrets[3]}],
        "otp": secrets[4], "pin": secrets[5], "Authorization": secrets[6],
    })
    assert r.status_code == 201
    (entry,) = sandbox.journal(after=after)
    stored = json.dumps(entry)
    assert [s for s in secrets if s in stored] == []
    assert entry["query"] == "token=[redacted]&page=0"
    body = json.loads(entry["request_body"])
    assert body["password"] == body["otp"] == body["pin"] == "[redacted]"
    assert body["info"] == {"full_name": "Visible Name", "client_secret": "[redacted]"}
    assert body["extras"] == [{"api_key": "[redacted]"}]


def test_the_journal_redacts_secret_names_written_with_json_escapes(sandbox):
    # `pass\u0077ord` is the JSON spelling of `password`: redaction must look at the parsed names,
    # not at the raw bytes.
    after = sandbox.last_seq()
    raw = ('{"external_id": "escaped-%s", "pass\\u0077ord": "escaped-secret-1", '
           '"info": {"full_name": "Escaped", "api\\u005fkey": "escaped-secret-2"}, "p\\u0069n": "escaped-secret-3"}'
           % uuid.uuid4().hex[:8])
    assert json.loads(raw)["password"] == "escaped-secret-1"
    r = sandbox.post(A, data=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text
    (entry,) = sandbox.journal(after=after)
    assert "escaped-secret" not in json.dumps(entry), entry["request_body"]
    assert json.loads(entry["request_body"])["info"]["full_name"] == "Escaped"


@pytest.mark.parametrize("content_type, body", [
    ("application/json", '{"external_id": "x", "password": "leaked-pass-1",'),
    ("application/x-www-form-urlencoded", "password=leaked-pass-1&user=a"),
])
def test_the_journal_redacts_secrets_in_bodies_it_cannot_parse(sandbox, content_type, body):
    after = sandbox.last_seq()
    r = sandbox.post(A, data=body, headers={"Content-Type": content_type})
    assert r.status_code in (400, 415)
    (entry,) = sandbox.journal(after=after)
    assert "leaked-pass-1" not in json.dumps(entry)


def test_the_journal_redacts_percent_encoded_secret_parameter_names(sandbox):
    after = sandbox.last_seq()
    # Sent raw: `requests` would normalise %5F to `_` before sending.
    host, port = urllib.parse.urlsplit(sandbox.base_url).netloc.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=15)
    conn.request("GET", f"{A}?api%5Fkey=leaked-key-2&pass%77ord=leaked-pass-3&limit=1",
                 headers={"ds-api-token": sandbox.key})
    assert conn.getresponse().status == 200
    conn.close()
    (entry,) = sandbox.journal(after=after)
    assert "leaked-key-2" not in entry["query"] and "leaked-pass-3" not in entry["query"], entry["query"]


def test_the_journal_cuts_bodies_at_16_kib(sandbox):
    after = sandbox.last_seq()
    r = sandbox.post(A, json={"info": {"full_name": "Big Body"}, "padding": "p" * 20_000})
    assert r.status_code == 201
    (entry,) = sandbox.journal(after=after)
    assert entry["request_body_truncated"] is True
    assert len(entry["request_body"].encode()) == 16 * 1024
    assert entry["response_body_truncated"] is False


def test_the_journal_filters(sandbox):
    after = sandbox.last_seq()
    tag = uuid.uuid4().hex[:8]
    created = sandbox.post(A, json={"external_id": f"filters-{tag}"}, headers={"x-request-id": f"rid-{tag}"})
    missing = sandbox.get(f"{A}/by_external_id/missing-{tag}")
    bad = sandbox.get(A, params={"limit": 0})
    listed = sandbox.get(A, params={"limit": 1})
    assert [r.status_code for r in (created, missing, bad, listed)] == [201, 404, 400, 200]
    seq = {e["request_id"]: e for e in sandbox.journal(after=after)}
    assert len(seq) == 4

    def rids(**params):
        return [e["request_id"] for e in sandbox.journal(after=after, **params)]

    ids = [r.headers["x-request-id"] for r in (created, missing, bad, listed)]
    assert rids() == list(reversed(ids))  # newest first
    assert rids(method="post") == [ids[0]]
    assert rids(method="GET") == [ids[3], ids[2], ids[1]]
    assert rids(path=f"{A}/by_external_id/") == [ids[1]]
    assert rids(path="/api/v3/") == list(reversed(ids))
    assert rids(path="/api/v4") == []
    assert rids(status="404") == [ids[1]]
    assert rids(status="4xx") == [ids[2], ids[1]]
    assert rids(status="2xx") == [ids[3], ids[0]]
    assert rids(status="201") == [ids[0]]
    assert rids(request_id=f"rid-{tag}") == [ids[0]] and ids[0] == f"rid-{tag}"
    assert sandbox.journal(request_id=f"rid-{tag}")[0]["path"] == A  # also without `after`
    assert rids(limit=2) == [ids[3], ids[2]] and rids(limit=2, page=1) == [ids[1], ids[0]]
    page = sandbox.get(J, params={"after": after, "limit": 3}).json()
    assert len(page["data"]) == 3 and page["has_next"] is True
    assert sandbox.get(J, params={"after": after, "limit": 4}).json()["has_next"] is False

    first_at = seq[ids[0]]["received_at"]
    last_at = seq[ids[3]]["received_at"]
    assert ids[0] in rids(until=first_at)
    assert all(seq[i]["received_at"] <= first_at for i in rids(until=first_at))
    assert ids[3] in rids(since=last_at)
    assert all(seq[i]["received_at"] >= last_at for i in rids(since=last_at))
    assert set(rids(since=first_at, until=last_at)) == set(ids)
    assert rids(since="2999-01-01T00:00:00Z") == [] and rids(until="2000-01-01T00:00:00+01:00") == []


def test_polling_with_after_returns_only_newer_entries(sandbox):
    start = sandbox.last_seq()
    assert sandbox.journal(after=start) == []
    first = [sandbox.get(f"{A}/{uuid.uuid4()}").headers["x-request-id"] for _ in range(2)]
    batch1 = sandbox.journal(after=start)
    assert [e["request_id"] for e in batch1] == list(reversed(first))
    assert batch1[0]["seq"] > batch1[1]["seq"] > start
    cursor = batch1[0]["seq"]
    second = sandbox.get(A).headers["x-request-id"]
    assert [e["request_id"] for e in sandbox.journal(after=cursor)] == [second]
    assert sandbox.journal(after=sandbox.last_seq()) == []


def test_reading_the_journal_is_not_itself_journaled(sandbox):
    after = sandbox.last_seq()
    for params in ({}, {"status": "4xx"}, {"limit": 1}, {"status": "6xx"}):
        sandbox.get(J, params=params)
    assert sandbox.journal(after=after) == []
    marker = sandbox.get("/_docket/clock").headers["x-request-id"]  # other controls are journaled
    assert [e["request_id"] for e in sandbox.journal(after=after)] == [marker]


def test_clearing_the_journal_removes_the_callers_entries_only(sandbox, production, server, server_errors):
    server_errors += server.collect_server_errors()  # read before the wipe, for the no-500 check
    sandbox.get(A)
    production.get(A)
    prod_before = production.last_seq()
    r = sandbox.delete(J)
    assert r.status_code == 200 and r.json()["removed"] >= 1
    assert [(e["method"], e["path"]) for e in sandbox.journal()] == [("DELETE", J)]
    assert production.last_seq() == prod_before


def test_requests_without_a_valid_key_are_in_no_journal(anonymous, make_client, sandbox, production):
    rid = f"anon-{uuid.uuid4().hex}"
    assert anonymous.get(A, headers={"x-request-id": rid}).status_code == 401
    assert make_client("not-a-key-at-all").get(A, headers={"x-request-id": rid + "-2"}).status_code == 401
    for client in (sandbox, production):
        assert client.journal(request_id=rid) == [] and client.journal(request_id=rid + "-2") == []
