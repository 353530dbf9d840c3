import { describe, expect, it } from "vitest";
import { marked } from "./ExpressionField";
import type { MonitoringResult } from "../../api/types";
import { amountOf, assigneeFilters, decisionTone, DISPOSITION_FILTERS, dispositionLabel, flagReasons, mayAssign, ruleTypeLabel } from "./transmon";

describe("an expression's error range", () => {
  it("marks the characters the server named", () => {
    expect(marked("event.amount > && true", 15, 17)).toEqual({ before: "event.amount > ", error: "&&", after: " true" });
  });
  it("counts characters, not bytes", () => {
    expect(marked('event.city == "Zürich" &&', 23, 25)).toEqual({ before: 'event.city == "Zürich" ', error: "&&", after: "" });
  });
  it("marks a blank where an operand is missing at the end, and clamps ranges", () => {
    expect(marked("event.amount >", 14, 14)).toEqual({ before: "event.amount >", error: " ", after: "" });
    expect(marked("abc", 5, 9)).toEqual({ before: "abc", error: " ", after: "" });
  });
});

describe("monitoring vocabulary", () => {
  it("names amounts, tones and event types", () => {
    expect(amountOf({ amount: "560.00", currency_code: "eur" })).toBe("560.00 EUR");
    expect(amountOf({ checkout_price: 12 })).toBe("12");
    expect(amountOf({})).toBe("—");
    expect(decisionTone("reject")).toBe("bad");
    expect(decisionTone("review")).toBe("warn");
    expect(decisionTone("allow")).toBe("good");
    expect(ruleTypeLabel("payment_post")).toBe("Payment, after checks");
  });
});

describe("a flagged event's review", () => {
  const base = {
    event_id: "e1", event_type: "transaction", applicant_id: "a1", received_at: "2026-01-01T00:00:00Z", decision: "review",
    causes: [], fired_rules: [], rule_errors: [], rules_evaluated: 0, stopped_by: null, checks: { aml_payee: null },
    stats: { last1d: { sum: "0", avg: "0", min: "0", max: "0", transactions_count: 1 }, last7d: { sum: "0", avg: "0", min: "0", max: "0", transactions_count: 1 }, last30d: { sum: "0", avg: "0", min: "0", max: "0", transactions_count: 1 } },
    event: {},
  } as unknown as MonitoringResult;

  it("says the payee's screening flagged it, with the hit to open", () => {
    const r = { ...base, checks: { aml_payee: { name: "Ivan Sanctionov", hits: 1, max_risk_score: "high", best_match: "Ivan Sanctionov", best_match_percentage: 100, best_match_uuid: "u1" } } } as MonitoringResult;
    expect(flagReasons(r)).toEqual([{ kind: "payee", name: "Ivan Sanctionov", hits: 1, bestMatch: "Ivan Sanctionov", percentage: 100, risk: "high", entity: "u1" }]);
  });
  it("lists the rules that fired first, and no payee reason without a hit", () => {
    const r = {
      ...base,
      fired_rules: [{ rule_id: "r1", name: "Large", event_type: "transaction_pre", rank: 1, causes: ["BIG"], action: "reject" }],
      checks: { aml_payee: { name: "Clara", hits: 0, max_risk_score: null, best_match: null, best_match_percentage: null, best_match_uuid: null } },
    } as MonitoringResult;
    expect(flagReasons(r)).toEqual([{ kind: "rule", ruleId: "r1", name: "Large", causes: ["BIG"], reject: true }]);
  });
  it("lets reviewers take and release their own events, seniors assign anyone", () => {
    const ann = { id: "ann", role: "reviewer" as const };
    expect(mayAssign(ann, null, "ann")).toBe(true);
    expect(mayAssign(ann, "ann", null)).toBe(true);
    expect(mayAssign(ann, "bob", "ann")).toBe(false);
    expect(mayAssign(ann, null, "bob")).toBe(false);
    expect(mayAssign({ id: "sue", role: "senior" }, "bob", "ann")).toBe(true);
  });
});

describe("the event list's review filters", () => {
  it("offers the work still to do first, then each disposition by name", () => {
    expect(DISPOSITION_FILTERS.map((d) => d.value)).toEqual(["none", "cleared", "escalated", "reported"]);
    expect(dispositionLabel("escalated")).toBe("Escalated");
  });
  it("offers me, nobody, then the other reviewers by name (ids as values)", () => {
    const reviewers = [
      { id: "r1", name: "Ann" },
      { id: "r2", name: "Bob" },
    ];
    expect(assigneeFilters({ id: "r2" }, reviewers)).toEqual([
      { value: "r2", label: "Me" },
      { value: "none", label: "Nobody yet" },
      { value: "r1", label: "Ann" },
    ]);
    expect(assigneeFilters(null, reviewers).map((c) => c.value)).toEqual(["none", "r1", "r2"]);
  });
});
