import { describe, expect, it } from "vitest";
import { decidable, filtered, parseSort, queueLink, queueParams, queueQuery, queueState, sortOf, sortParts, tabStatuses } from "./queue";

describe("queue state in the URL", () => {
  it("defaults to the manual review tab, everyone's cases, most overdue first", () => {
    const state = queueState({});
    expect(state).toMatchObject({ tab: "manual_review", scope: "", sort: "sla_due_at", sla: false, q: "" });
    expect(queueState({ tab: "decided" }).sort).toBe("-created_at");
    expect(queueParams(queueState({ tab: "decided" })).toString()).toBe("tab=decided");
    expect(queueParams(state).toString()).toBe("");
    expect(queueLink({})).toBe("/kyb");
  });

  it("reads and writes every filter, and round-trips", () => {
    const values = { tab: "decided", scope: "mine", q: "Harbour 1133", status: "rejected_manually", risk_level: "high", country: "gb", flag: "hit", sla: "breached", created_from: "2026-01-01", created_to: "2026-02-01", sort: "-company_name" };
    const state = queueState(values);
    expect(state).toEqual({ tab: "decided", scope: "mine", q: "Harbour 1133", status: "rejected_manually", risk_level: "high", country: "GB", flag: "hit", sla: true, created_from: "2026-01-01", created_to: "2026-02-01", sort: "-company_name" });
    const params = queueParams(state);
    expect(queueState(Object.fromEntries(params))).toEqual(state);
    expect(params.get("country")).toBe("GB");
  });

  it("drops what it does not know instead of sending it", () => {
    const state = queueState({ tab: "nope", scope: "all", sort: "random", status: "approved", risk_level: "extreme", flag: "x", country: "Germany", sla: "yes", created_from: "yesterday" });
    expect(state).toMatchObject({ tab: "manual_review", scope: "", sort: "sla_due_at", status: "", risk_level: "", flag: "", country: "", sla: false, created_from: "" });
  });

  it("keeps a status only where the tab can hold it", () => {
    expect(queueState({ tab: "manual_review", status: "failed" }).status).toBe("failed");
    expect(queueState({ tab: "manual_review", status: "approved" }).status).toBe("");
    expect(tabStatuses("decided")).toEqual(["approved", "rejected", "approved_manually", "rejected_manually"]);
  });

  it("says when filters narrow the list (the tab, scope and sort do not count)", () => {
    expect(filtered(queueState({ tab: "decided", scope: "mine", sort: "oldest" }))).toBe(false);
    expect(filtered(queueState({ sla: "breached" }))).toBe(true);
    expect(filtered(queueState({ q: "x" }))).toBe(true);
  });

  it("links into the queue from the overview", () => {
    expect(queueLink({ sla: true })).toBe("/kyb?sla=breached");
    expect(queueLink({ tab: "all", scope: "awaiting" })).toBe("/kyb?tab=all&scope=awaiting");
  });
});

describe("queue request", () => {
  it("maps tabs to stages as the contract says", () => {
    expect(queueQuery(queueState({}), 0, 25).stage).toBe("manual_review,failed");
    expect(queueQuery(queueState({ tab: "decided" }), 0, 25).stage).toBe("approved,rejected,approved_manually,rejected_manually");
    expect(queueQuery(queueState({ tab: "collecting_data" }), 0, 25).stage).toBe("collecting_data");
    expect(queueQuery(queueState({ tab: "all" }), 0, 25).stage).toBeUndefined();
  });

  it("maps the scope to assignee and awaiting", () => {
    expect(queueQuery(queueState({ scope: "mine" }), 0, 25)).toMatchObject({ assignee: "me", awaiting: undefined });
    expect(queueQuery(queueState({ scope: "unassigned" }), 0, 25)).toMatchObject({ assignee: "none" });
    expect(queueQuery(queueState({ scope: "awaiting" }), 0, 25)).toMatchObject({ assignee: undefined, awaiting: "second_approval" });
  });

  it("sends the filters, paging and sort; leaves the defaults out", () => {
    const query = queueQuery(queueState({ q: "KYB-7K3M", sla: "breached", flag: "error", sort: "oldest", created_from: "2026-01-01" }), 2, 25);
    expect(query).toMatchObject({ page: 2, limit: 25, q: "KYB-7K3M", sla: "breached", flag: "error", sort: "created_at", created_from: "2026-01-01" });
    expect(queueQuery(queueState({}), 0, 25).sort).toBe("sla_due_at");
  });

  it("reads sorts from headers: a key and its direction, the older names too", () => {
    expect(parseSort("-assignee")).toBe("-assignee");
    expect(parseSort("sla_due")).toBe("sla_due_at");
    expect(parseSort("newest")).toBe("-created_at");
    expect(parseSort("-nope")).toBeNull();
    expect(sortParts("-company_name")).toEqual({ key: "company_name", descending: true });
    expect(sortOf("status", false)).toBe("status");
    expect(sortOf("x", true)).toBeNull();
  });

  it("knows which statuses a reviewer decides", () => {
    expect(decidable("manual_review")).toBe(true);
    expect(decidable("failed")).toBe(true);
    expect(decidable("approved")).toBe(false);
    expect(decidable("action_required")).toBe(false);
  });
});
