"""Transaction monitoring over HTTP: rules as the public service shapes them, events evaluated
with UTC-day statistics on the sandbox clock, results by id and by webhook, trying and
backtesting rules, the rules' check against their event type's fields, the console's review of
flagged events (disposition, assignee), and bad input."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import SANDBOX_KEY

T = "/api/v3/transmon"


def applicant(sandbox, unique) -> str:
    r = sandbox.post("/api/v3/applicants", json={"external_id": unique("tm"), "info": {"full_name": "Monitored Person"}})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def rule(sandbox, **fields) -> str:
    body = {"name": "Rule", "status": "active", "event_type": "transaction_post", "rank": 10, "causes": [], **fields}
    r = sandbox.post(f"{T}/rules", json=body)
    assert r.status_code == 201, r.text
    rule_id = r.json()
    assert isinstance(rule_id, str) and len(rule_id) == 36, "the answer is the id as a bare JSON string"
    return rule_id


def send(sandbox, kind: str = "transaction", **fields) -> dict:
    r = sandbox.post(f"{T}/{kind}", json=fields)
    assert r.status_code == 201, r.text
    event_id = r.json()["event_id"]
    result = sandbox.get(f"{T}/events/{event_id}")
    assert result.status_code == 200, result.text
    return result.json()


@pytest.fixture
def rules_cleared(sandbox):
    """No custom rule of the sandbox active before and after (rules outlive a reset)."""
    def clear():
        for r in sandbox.get(f"{T}/rules").json()["custom_rules"]:
            assert sandbox.delete(f"{T}/rules/{r['id']}").status_code == 204
        for r in sandbox.get(f"{T}/rules").json()["builtin_rules"]:
            if r["status"] == "active":
                assert sandbox.post(f"{T}/rules/{r['id']}/deactivate").status_code == 200
    clear()
    yield
    clear()


def test_rules_are_created_listed_replaced_and_removed(sandbox, rules_cleared):
    rid = rule(sandbox, name="New user, high price", event_type="payment_pre", rank=5,
               expression="event.user_ds_registration == 0 && event.checkout_price > 1000", causes=["TST", "HI_PR"], action="reject")
    listed = sandbox.get(f"{T}/rules/list/payment_pre").json()
    assert set(listed) == {"builtin_rules", "custom_rules"}
    mine = next(r for r in listed["custom_rules"] if r["id"] == rid)
    assert {k: mine[k] for k in ("name", "status", "event_type", "rank", "causes", "action")} == {
        "name": "New user, high price", "status": "active", "event_type": "payment_pre", "rank": 5, "causes": ["TST", "HI_PR"], "action": "reject"}
    for key in ("id", "organization_id", "expression", "created_at", "updated_at"):
        assert key in mine
    assert all(r["event_type"] == "payment_pre" for r in listed["builtin_rules"] + listed["custom_rules"])
    assert sandbox.get(f"{T}/rules/list/transaction_pre").json()["custom_rules"] == []

    # A rule as served may be sent back with changes.
    r = sandbox.request("PUT", f"{T}/rules/{rid}", json={**mine, "rank": 7, "action": None})
    assert r.status_code == 200 and r.json()["rank"] == 7 and r.json()["action"] is None, r.text
    assert sandbox.post(f"{T}/rules/{rid}/deactivate").json()["status"] == "inactive"
    assert sandbox.get(f"{T}/rules/{rid}").json()["status"] == "inactive"
    assert sandbox.delete(f"{T}/rules/{rid}").status_code == 204
    assert sandbox.get(f"{T}/rules/{rid}").status_code == 404
    assert sandbox.delete(f"{T}/rules/{rid}").status_code == 404


def test_an_expression_that_does_not_compile_is_refused_with_its_position(sandbox, rules_cleared):
    r = sandbox.post(f"{T}/rules", json={"name": "Broken", "status": "active", "event_type": "transaction_pre", "rank": 1,
                                         "expression": "event.amount > && true", "causes": []})
    assert r.status_code == 400
    message = r.json()["message"]
    assert "line 1, column 16" in message and "event.amount > && true" in message and "^^" in message, message
    v = sandbox.post(f"{T}/rules/validate", json={"expression": "event.amount >\n  stats.last2d.sum"}).json()
    assert v["valid"] is False and (v["error"]["line"], v["error"]["column"]) == (2, 9), v
    assert v["error"]["start"] < v["error"]["end"] and "last1d" in v["error"]["message"]
    ok = sandbox.post(f"{T}/rules/validate", json={"expression": "event.amount > stats.last7d.avg * 3"}).json()
    assert ok == {"valid": True, "error": None, "event_fields": ["amount"], "stats": ["stats.last7d.avg"]}


def test_a_rule_is_checked_against_its_event_types_fields(sandbox, rules_cleared):
    """The bug: `event.amount` compiled on a payment rule, although payments have no amount."""
    body = {"name": "Big payment", "status": "active", "event_type": "payment_pre", "rank": 1,
            "expression": "event.amount > 1000", "causes": ["BIG"]}
    r = sandbox.post(f"{T}/rules", json=body)
    assert r.status_code == 400, r.text
    message = r.json()["message"]
    assert "a payment has no `amount` field (it is a transaction's); a payment's amount is `event.checkout_price`" in message
    assert "line 1, column 1" in message, message
    v = sandbox.post(f"{T}/rules/validate", json={"expression": "event.amount > 1000", "event_type": "payment_post"}).json()
    assert v["valid"] is False and (v["error"]["start"], v["error"]["end"]) == (0, 12), v
    v = sandbox.post(f"{T}/rules/validate", json={"expression": "event.checkout_isguest > 1", "event_type": "payment_pre"}).json()
    assert v["valid"] is False and "boolean" in v["error"]["message"], v
    v = sandbox.post(f"{T}/rules/validate", json={"expression": "event.checkout_price > 1", "event_type": "transaction_pre"}).json()
    assert v["valid"] is False and "`event.amount`" in v["error"]["message"], v
    assert sandbox.post(f"{T}/rules/validate", json={"expression": "true", "event_type": "refund"}).status_code == 400
    # The right field compiles; the caller's own fields stay open; without a type, any event's fields.
    rule(sandbox, event_type="payment_pre", expression="event.checkout_price > 1000 && event.loyalty == \"gold\"")
    v = sandbox.post(f"{T}/rules/validate", json={"expression": "event.amount > 1000"}).json()
    assert v["valid"] is True, v


def test_the_third_event_of_a_utc_day_fires_and_the_next_day_starts_again(sandbox, unique, real_clock, rules_cleared):
    rule(sandbox, name="Third today", expression="stats.last1d.transactions_count >= 3", causes=["VELOCITY_1D"])
    who = applicant(sandbox, unique)
    assert sandbox.post("/_docket/clock/set", json={"now": "2026-03-10T23:58:00Z", "freeze": True}).status_code == 200
    results = [send(sandbox, applicant_id=who, amount=amount) for amount in ("100.10", 200, "0.1")]
    assert [r["decision"] for r in results] == ["allow", "allow", "review"]
    third = results[2]
    assert third["causes"] == ["VELOCITY_1D"] and third["fired_rules"][0]["name"] == "Third today"
    assert third["stats"]["last1d"] == {"sum": "300.20", "avg": "100.066666666667", "min": "0.1", "max": "200",
                                        "transactions_count": 3}
    assert third["event"]["amount"] == "0.1" and third["received_at"].startswith("2026-03-10T23:58")

    # Past midnight UTC: a new day for last1d, the same week for last7d.
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 180}).status_code == 200
    fourth = send(sandbox, "payment", applicant_id=who, checkout_billing_country="DE", checkout_price="50.00")
    assert fourth["decision"] == "allow" and fourth["stats"]["last1d"]["transactions_count"] == 1
    assert fourth["stats"]["last7d"]["transactions_count"] == 4 and fourth["stats"]["last7d"]["sum"] == "350.20"
    # Eight days on, the first day has left last7d but not last30d.
    assert sandbox.post("/_docket/clock/advance", json={"seconds": 8 * 86400}).status_code == 200
    stats = sandbox.get(f"{T}/applicants/{who}/stats").json()
    assert stats["stats"]["last7d"]["transactions_count"] == 0 and stats["stats"]["last30d"]["transactions_count"] == 4
    assert [d["day"] for d in stats["days"]] == ["2026-03-11", "2026-03-10"]


def test_concurrent_events_of_one_applicant_each_count_the_ones_before(server, sandbox, unique, rules_cleared):
    # Each event is counted and evaluated in the write that stores it: no two see the same count.
    rule(sandbox, name="Fifth today", expression="stats.last1d.transactions_count >= 5", causes=["VELOCITY"])
    who, other = applicant(sandbox, unique), applicant(sandbox, unique)
    send(sandbox, applicant_id=other, amount="1.00")

    def submit(n: int) -> str:
        client = server.client(SANDBOX_KEY, "sandbox")
        r = client.post(f"{T}/transaction", json={"applicant_id": who, "amount": f"{n}.00"})
        assert r.status_code == 201, r.text
        return r.json()["event_id"]

    with ThreadPoolExecutor(16) as pool:
        ids = list(pool.map(submit, range(1, 41)))
    results = [sandbox.get(f"{T}/events/{i}").json() for i in ids]
    counts = sorted(r["stats"]["last1d"]["transactions_count"] for r in results)
    assert counts == list(range(1, 41)), counts
    assert sum(r["decision"] == "review" for r in results) == 36
    # The last one counted saw every amount: 1 + 2 + ... + 40.
    last = max(results, key=lambda r: r["stats"]["last1d"]["transactions_count"])
    assert last["stats"]["last1d"]["sum"] == "820.00"
    # An applicant's events, newest first, found without an index of their own; none of the other's.
    listed = sandbox.get(f"{T}/events", params={"applicant_id": who, "limit": 100}).json()
    assert sorted(e["event_id"] for e in listed["data"]) == sorted(ids)
    assert [e["received_at"] for e in listed["data"]] == sorted((e["received_at"] for e in listed["data"]), reverse=True)
    flagged = sandbox.get(f"{T}/events", params={"applicant_id": who, "decision": "review", "limit": 100}).json()
    assert len(flagged["data"]) == 36


def test_decimals_are_exact_in_rules(sandbox, unique, rules_cleared):
    rule(sandbox, name="Exact", expression="event.amount * 3 == 0.3 && event.fee == 0.1", causes=["EXACT"])
    who = applicant(sandbox, unique)
    assert send(sandbox, applicant_id=who, amount="0.1", fee=0.1)["decision"] == "review"
    assert send(sandbox, applicant_id=who, amount=0.1, fee="0.1")["decision"] == "allow", "a string field of your own stays a string"


def send_text(sandbox, text: str, kind: str = "transaction"):
    """Sends a body as written: Python's json would turn a long number into a float first."""
    return sandbox.post(f"{T}/{kind}", data=text.encode(), headers={"Content-Type": "application/json"})


def test_json_number_amounts_are_read_from_their_digits_and_never_rounded(sandbox, unique, rules_cleared):
    # They went through binary floating point: 0.1234567890123456789 came back as
    # 0.12345678901234568 and 1234567890123456789.12 was refused; long strings were rounded to
    # 28 places without a word.
    rule(sandbox, name="Exact", expression="event.amount == 0.1234567890123456789", causes=["EXACT"])
    who = applicant(sandbox, unique)
    r = send_text(sandbox, f'{{"applicant_id": "{who}", "amount": 0.1234567890123456789, "fee": 0.30000000000000000001}}')
    assert r.status_code == 201, r.text
    result = sandbox.get(f"{T}/events/{r.json()['event_id']}")
    assert result.json()["decision"] == "review", "the rule saw the exact amount"
    # The event comes back with the digits sent.
    assert '"amount":0.1234567890123456789' in result.text and '"fee":0.30000000000000000001' in result.text
    r = send_text(sandbox, f'{{"applicant_id": "{who}", "amount": 1234567890123456789.12}}')
    assert r.status_code == 201, r.text
    assert '"amount":1234567890123456789.12' in sandbox.get(f"{T}/events/{r.json()['event_id']}").text
    tried = sandbox.post(f"{T}/rules/try", data=(
        f'{{"expression": "event.amount == 0.1234567890123456789", "event_type": "transaction",'
        f' "event": {{"applicant_id": "{who}", "amount": 0.1234567890123456789}}}}').encode(),
        headers={"Content-Type": "application/json"})
    assert tried.status_code == 200 and tried.json()["fires"] is True, tried.text
    # What a decimal cannot hold exactly is a 400 naming the field, as a number or a string.
    for amount in ("0.12345678901234567890123456789", '"0.12345678901234567890123456789"',
                   "123456789012345678901234567890"):
        r = send_text(sandbox, f'{{"applicant_id": "{who}", "amount": {amount}}}')
        assert r.status_code == 400, (amount, r.text)
        assert r.json()["field"] == "amount" and "more digits than Docket keeps exactly" in r.json()["message"]
    r = send_text(sandbox, f'{{"applicant_id": "{who}", "checkout_billing_country": "DE", "checkout_price": 1e3}}', "payment")
    assert r.status_code == 400 and r.json()["field"] == "checkout_price", r.text
    # The Go client's empty strings are still "not given".
    r = send_text(sandbox, f'{{"applicant_id": "{who}", "amount": "", "payee_alias": ""}}')
    assert r.status_code == 201, r.text


def test_rank_order_reject_stops_the_rest_and_rule_errors_are_recorded(sandbox, unique, rules_cleared):
    flag = rule(sandbox, name="Flag big", event_type="transaction_pre", rank=1, expression="event.amount > 100", causes=["BIG"])
    broken = rule(sandbox, name="Needs a field", event_type="transaction_pre", rank=2, expression="event.loyalty_tier == \"gold\"")
    reject = rule(sandbox, name="Reject huge", event_type="transaction_pre", rank=3, expression="event.amount > 1000",
                  causes=["HUGE"], action="reject")
    after = rule(sandbox, name="Never reached", event_type="transaction_post", rank=1, expression="true", causes=["POST"])
    who = applicant(sandbox, unique)
    result = send(sandbox, applicant_id=who, amount="5000", payee_alias="Anna Schmidt")
    assert result["decision"] == "reject" and result["stopped_by"] == reject
    assert [f["rule_id"] for f in result["fired_rules"]] == [flag, reject]
    assert result["causes"] == ["BIG", "HUGE"]
    assert result["rule_errors"] == [{"rule_id": broken, "name": "Needs a field", "code": "missing_field",
                                      "message": result["rule_errors"][0]["message"], "line": 1, "column": 1}]
    assert "loyalty_tier" in result["rule_errors"][0]["message"]
    assert result["checks"]["aml_payee"] is None, "the reject stopped the payee's screening"
    assert after not in [f["rule_id"] for f in result["fired_rules"]] and result["rules_evaluated"] == 3

    small = send(sandbox, applicant_id=who, amount="500", payee_alias="Anna Schmidt")
    assert small["decision"] == "review" and [f["rule_id"] for f in small["fired_rules"]] == [flag, after]
    assert small["checks"]["aml_payee"]["name"] == "Anna Schmidt"


def test_the_payees_screening_flags_a_sanctioned_name(sandbox, unique, rules_cleared):
    who = applicant(sandbox, unique)
    hit = send(sandbox, applicant_id=who, amount="10", payee_alias="Ivan Sanctionov")
    assert hit["checks"]["aml_payee"]["hits"] >= 1 and hit["decision"] == "review" and "AML_PAYEE_HIT" in hit["causes"]
    clean = send(sandbox, applicant_id=who, amount="10", payee_alias="Clara Cleanfield")
    assert clean["checks"]["aml_payee"]["hits"] == 0 and clean["decision"] == "allow"
    payment = send(sandbox, "payment", applicant_id=who, checkout_billing_country="GB", checkout_price="5")
    assert payment["checks"]["aml_payee"] is None


def test_builtin_rules_start_inactive_and_can_be_activated_not_edited(sandbox, unique, rules_cleared):
    builtin = sandbox.get(f"{T}/rules/list/transaction_pre").json()["builtin_rules"]
    sanctioned = next(r for r in builtin if "sanctioned" in r["name"])
    assert sanctioned["status"] == "inactive" and sanctioned["action"] == "reject"
    who = applicant(sandbox, unique)
    assert send(sandbox, applicant_id=who, payee_country_cd="IR")["decision"] == "allow"
    assert sandbox.post(f"{T}/rules/{sanctioned['id']}/activate").json()["status"] == "active"
    result = send(sandbox, applicant_id=who, payee_country_cd="IR")
    assert result["decision"] == "reject" and result["causes"] == ["SANCTIONED_COUNTRY"]
    body = {k: sanctioned[k] for k in ("name", "status", "event_type", "rank", "expression", "causes", "action")}
    assert sandbox.request("PUT", f"{T}/rules/{sanctioned['id']}", json=body).status_code == 409
    assert sandbox.delete(f"{T}/rules/{sanctioned['id']}").status_code == 409


def test_the_result_is_the_webhook_payload(sandbox, unique, rules_cleared):
    rule(sandbox, expression="event.amount >= 1", causes=["ANY"])
    who = applicant(sandbox, unique)
    result = send(sandbox, applicant_id=who, amount="1.00", currency_code="eur")
    assert result["event"]["currency_code"] == "eur" and result["decision"] == "review"
    events = sandbox.get("/_docket/events", params={"type": "TRANSACTION_MONITORING", "limit": 100}).json()["data"]
    mine = [e["payload"] for e in events if e["payload"]["event_id"] == result["event_id"]]
    assert mine == [result]
    listed = sandbox.get(f"{T}/events", params={"applicant_id": who, "decision": "review"}).json()
    assert [e["event_id"] for e in listed["data"]] == [result["event_id"]] and listed["has_next"] is False


def test_trying_an_expression_stores_nothing(sandbox, unique, rules_cleared):
    who = applicant(sandbox, unique)
    stored = send(sandbox, applicant_id=who, amount="250")
    tried = sandbox.post(f"{T}/rules/try", json={"expression": "event.amount > 200 && stats.last1d.transactions_count == 1",
                                                   "event_id": stored["event_id"]}).json()
    assert tried["fires"] is True and tried["error"] is None and tried["fields_read"] == {"amount": "250"}
    fresh = sandbox.post(f"{T}/rules/try", json={"expression": "stats.last1d.transactions_count == 2", "event_type": "transaction",
                                                  "event": {"applicant_id": who, "amount": "1"}}).json()
    assert fresh["fires"] is True, "counted as if it were sent"
    failing = sandbox.post(f"{T}/rules/try", json={"expression": "event.amount / 0 > 1", "event_id": stored["event_id"]}).json()
    assert failing["fires"] is False and failing["error"]["code"] == "division_by_zero" and failing["error"]["column"] == 14
    assert len(sandbox.get(f"{T}/events", params={"applicant_id": who}).json()["data"]) == 1


def test_a_backtest_compares_a_draft_with_the_active_rules(sandbox, unique, real_clock, rules_cleared):
    old = rule(sandbox, name="Over 500", expression="event.amount > 500", causes=["OVER_500"])
    who = applicant(sandbox, unique)
    assert sandbox.post("/_docket/clock/set", json={"now": "2026-05-01T10:00:00Z", "freeze": True}).status_code == 200
    sent = [send(sandbox, applicant_id=who, amount=a) for a in ("100", "600", "300", "900")]
    assert [s["decision"] for s in sent] == ["allow", "review", "allow", "review"]
    draft = [
        {"id": old, "name": "Over 800", "status": "active", "event_type": "transaction_post", "rank": 10,
         "expression": "event.amount > 800", "causes": ["OVER_800"]},
        {"name": "Second of the day", "status": "active", "event_type": "transaction_post", "rank": 20,
         "expression": "stats.last1d.transactions_count == 3", "causes": ["THIRD"]},
        {"name": "Bad field", "status": "active", "event_type": "transaction_post", "rank": 30,
         "expression": "event.nope > 1", "causes": []},
    ]
    report = sandbox.post(f"{T}/backtests", json={"from": "2026-05-01", "to": "2026-05-02", "rules": draft})
    assert report.status_code == 200, report.text
    b = report.json()
    assert b["events"] >= 4
    mine = {e["event_id"] for e in (b["newly_flagged"] + b["no_longer_flagged"])}
    assert sent[1]["event_id"] in {e["event_id"] for e in b["no_longer_flagged"]}, "600 is no longer flagged"
    assert sent[2]["event_id"] in {e["event_id"] for e in b["newly_flagged"]}, "the third of the day is"
    assert sent[0]["event_id"] not in mine and sent[3]["event_id"] not in mine
    by_name = {r["name"]: r for r in b["rules"]}
    assert by_name["Over 800"]["in_active"] and by_name["Over 800"]["in_draft"]
    assert by_name["Over 800"]["hits_active"] >= 2 and by_name["Over 800"]["hits_draft"] >= 1
    assert by_name["Bad field"]["error_codes"] == {"missing_field": by_name["Bad field"]["errors_draft"]}
    assert by_name["Bad field"]["first_error"]
    # Nothing live changed.
    assert sandbox.get(f"{T}/rules/{old}").json()["expression"] == "event.amount > 500"
    assert sandbox.get(f"{T}/events/{sent[1]['event_id']}").json()["decision"] == "review"


@pytest.mark.parametrize("body, field", [
    ({}, "applicant_id"),
    ({"applicant_id": "not-a-uuid"}, "applicant_id"),
    ({"applicant_id": "0193a7a2-0000-7000-8000-000000000001"}, "applicant_id"),
    ({"amount": "12,50"}, "amount"),
    ({"amount": "1e5"}, "amount"),
    ({"session_duration": -5}, "session_duration"),
    ({"payee_country_cd": "Germany"}, "payee_country_cd"),
    ({"session_step_up_auth_ind": "yes"}, "session_step_up_auth_ind"),
    ({"my_field": {"nested": 1}}, "my_field"),
    ({"my_field": [1, 2]}, "my_field"),
])
def test_bad_events_are_a_400_naming_the_field(sandbox, unique, body, field):
    who = applicant(sandbox, unique)
    full = {"applicant_id": who, **body} if "applicant_id" not in body and body else body
    r = sandbox.post(f"{T}/transaction", json=full)
    assert r.status_code == 400 and r.json()["message"].startswith(f"{field}: "), (body, r.text)
    assert not r.json()["message"].startswith(f"{field}: {field}"), "the field is named once"


def test_bad_rule_and_request_input_is_a_clear_4xx(sandbox, unique):
    good = {"name": "R", "status": "active", "event_type": "transaction_pre", "rank": 1, "expression": "true", "causes": []}
    for bad in ({**good, "status": "on"}, {**good, "event_type": "transfer"}, {**good, "rank": "first"},
                {**good, "name": ""}, {**good, "causes": ["two words"]}, {**good, "action": "flag"},
                {k: v for k, v in good.items() if k != "expression"}, {**good, "expression": "1 + 1"},
                {**good, "expression": "x" * 20_000}, {**good, "surprise": 1}):
        r = sandbox.post(f"{T}/rules", json=bad)
        assert r.status_code == 400 and r.json()["message"], (bad, r.text)
    assert sandbox.post(f"{T}/payment", json={"applicant_id": applicant(sandbox, unique)}).status_code == 400
    assert sandbox.get(f"{T}/rules/list/everything").status_code == 400
    assert sandbox.get(f"{T}/rules/nope").status_code == 400
    assert sandbox.get(f"{T}/events/0193a7a2-0000-7000-8000-000000000009").status_code == 404
    assert sandbox.get(f"{T}/events", params={"decision": "maybe"}).status_code == 400
    assert sandbox.post(f"{T}/rules/try", json={"expression": "true"}).status_code == 400
    assert sandbox.post(f"{T}/backtests", json={"from": "2026-05-02", "to": "2026-05-01"}).status_code == 400
    assert sandbox.post(f"{T}/backtests", json={"rules": [{**good, "id": "0193a7a2-0000-7000-8000-000000000009"}]}).status_code == 400
    assert sandbox.post(f"{T}/transaction", data="{not json", headers={"Content-Type": "application/json"}).status_code == 400


def test_a_flagged_event_says_why_and_gets_a_disposition_and_an_assignee(sandbox, unique, as_reviewer, rules_cleared):
    rule(sandbox, name="Any amount", expression="event.amount >= 1", causes=["ANY"])
    who = applicant(sandbox, unique)
    hit = send(sandbox, applicant_id=who, amount="10", payee_alias="Ivan Sanctionov")
    payee = hit["checks"]["aml_payee"]
    assert hit["fired_rules"][0]["name"] == "Any amount", "the rule that fired"
    assert payee["best_match"] and payee["best_match_uuid"], "the payee's screening names its hit"
    assert sandbox.get(f"/api/v3/aml/search/{payee['best_match_uuid']}").status_code == 200, "the hit opens"
    assert "review" not in hit, "no review yet"
    base = f"/_docket/transmon/events/{hit['event_id']}"

    ann, bob = as_reviewer("reviewer"), as_reviewer("reviewer")
    senior = as_reviewer("senior")
    # Console only: an integration's key neither disposes nor assigns.
    assert sandbox.post(f"{base}/disposition", json={"disposition": "cleared", "note": "x"}).status_code == 403
    assert sandbox.post(f"{base}/assignee", json={"reviewer_id": None}).status_code == 403

    r = ann.post(f"{base}/assignee", json={"reviewer_id": ann.reviewer["id"]})
    assert r.status_code == 200, r.text
    assert r.json()["review"]["assignee"] == {"id": ann.reviewer["id"], "name": ann.reviewer["name"]}
    r = bob.post(f"{base}/assignee", json={"reviewer_id": bob.reviewer["id"]})
    assert r.status_code == 403 and ann.reviewer["name"] in r.json()["message"], r.text
    assert bob.post(f"{base}/assignee", json={"reviewer_id": "019d0000-0000-7000-8000-000000000000"}).status_code == 400
    r = senior.post(f"{base}/assignee", json={"reviewer_id": bob.reviewer["id"]})
    assert r.status_code == 200 and r.json()["review"]["assignee"]["id"] == bob.reviewer["id"], r.text

    assert bob.post(f"{base}/disposition", json={"disposition": "cleared", "note": "  "}).status_code == 400, "a note says why"
    assert bob.post(f"{base}/disposition", json={"disposition": "ignored", "note": "x"}).status_code == 400
    r = bob.post(f"{base}/disposition", json={"disposition": "escalated", "note": "Name and country match the listing."})
    assert r.status_code == 200, r.text
    review = r.json()["review"]
    assert (review["disposition"], review["note"], review["disposed_by"]) == (
        "escalated", "Name and country match the listing.", f"reviewer:{bob.reviewer['name']}")
    got = sandbox.get(f"{T}/events/{hit['event_id']}").json()
    assert got["review"]["disposition"] == "escalated" and got["review"]["assignee"]["name"] == bob.reviewer["name"]
    listed = sandbox.get(f"{T}/events", params={"applicant_id": who}).json()["data"]
    assert next(e for e in listed if e["event_id"] == hit["event_id"])["review"]["disposition"] == "escalated"

    trail = bob.get("/_docket/audit", params={"limit": 100}).json()["data"]
    disposed = next(e for e in trail if e["kind"] == "monitoring_event_disposed" and e["data"]["event_id"] == hit["event_id"])
    assert disposed["data"]["disposition"] == "escalated" and disposed["actor"] == f"reviewer:{bob.reviewer['name']}"
    assert any(e["kind"] == "monitoring_event_assigned" for e in trail)

    clean = send(sandbox, applicant_id=who, amount="0.5", payee_alias="Clara Cleanfield")
    assert clean["decision"] == "allow"
    r = bob.post(f"/_docket/transmon/events/{clean['event_id']}/disposition", json={"disposition": "cleared", "note": "x"})
    assert r.status_code == 409 and "only flagged events" in r.json()["message"], r.text
    assert bob.post("/_docket/transmon/events/019d0000-0000-7000-8000-000000000000/disposition",
                    json={"disposition": "cleared", "note": "x"}).status_code == 404


def test_the_event_list_keeps_flagged_events_by_disposition_and_assignee(sandbox, unique, as_reviewer, rules_cleared):
    rule(sandbox, name="Large", expression="event.amount >= 100", causes=["LARGE"])
    who = applicant(sandbox, unique)
    cleared, escalated, untouched = (send(sandbox, applicant_id=who, amount="150") for _ in range(3))
    allowed = send(sandbox, applicant_id=who, amount="5")
    assert allowed["decision"] == "allow" and cleared["decision"] == "review"
    ann, bob = as_reviewer("reviewer"), as_reviewer("reviewer")
    for event, by, disposition in ((cleared, ann, "cleared"), (escalated, bob, "escalated")):
        base = f"/_docket/transmon/events/{event['event_id']}"
        assert by.post(f"{base}/assignee", json={"reviewer_id": by.reviewer["id"]}).status_code == 200
        assert by.post(f"{base}/disposition", json={"disposition": disposition, "note": "Looked at it."}).status_code == 200

    def ids(**params):
        r = sandbox.get(f"{T}/events", params={"applicant_id": who, "limit": 100, **params})
        assert r.status_code == 200, r.text
        return {e["event_id"] for e in r.json()["data"]}

    every = {e["event_id"] for e in (cleared, escalated, untouched, allowed)}
    assert ids() == every
    assert ids(disposition="cleared") == {cleared["event_id"]}
    assert ids(disposition="escalated") == {escalated["event_id"]}
    assert ids(disposition="reported") == set()
    assert ids(disposition="none") == {untouched["event_id"]}, "flagged and not disposed of: allowed events are not work"
    assert ids(assignee=ann.reviewer["id"]) == {cleared["event_id"]}
    assert ids(assignee=bob.reviewer["id"]) == {escalated["event_id"]}
    assert ids(assignee="none") == {untouched["event_id"]}
    assert ids(disposition="cleared", assignee=ann.reviewer["id"]) == {cleared["event_id"]}
    assert ids(disposition="cleared", assignee=bob.reviewer["id"]) == set()
    assert ids(disposition="none", assignee="none", decision="review") == {untouched["event_id"]}
    assert ids(disposition="escalated", decision="allow") == set()
    listed = sandbox.get(f"{T}/events", params={"applicant_id": who, "disposition": "escalated"}).json()["data"]
    assert listed[0]["review"]["assignee"]["name"] == bob.reviewer["name"], "the list shows who works it"

    # Bad values name the parameter; every combination of good and bad ones is answered, never 5xx.
    for params, field in (({"disposition": "ignored"}, "disposition"), ({"assignee": "ann"}, "assignee"),
                          ({"assignee": "019d0000-0000-7000-8000"}, "assignee")):
        r = sandbox.get(f"{T}/events", params=params)
        assert r.status_code == 400 and r.json()["message"].startswith(field), r.text
    values = {
        "disposition": ["", "none", "cleared", "reported", "bogus", "NONE", "'; DROP TABLE x; --"],
        "assignee": ["", "none", ann.reviewer["id"], "019d0000-0000-7000-8000-000000000000", "x" * 300],
        "decision": ["", "allow", "review", "nope"],
        "event_type": ["", "payment", "transaction"],
    }
    for d in values["disposition"]:
        for a in values["assignee"]:
            for decision in values["decision"]:
                for kind in values["event_type"]:
                    r = sandbox.get(f"{T}/events", params={"disposition": d, "assignee": a, "decision": decision,
                                                           "event_type": kind, "applicant_id": who})
                    assert r.status_code in (200, 400), f"{d!r} {a!r} {decision!r} {kind!r}: {r.status_code} {r.text}"
