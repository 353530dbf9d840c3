import { describe, expect, it } from "vitest";
import { decisionLine, needsSecondApproval, reasonLabel, remediationBody, secondApprovalRefusal } from "./decisions";
import type { Decision } from "./types";

const first: Decision = { id: "d1", step: "first", decision: "reject", reason: "sanctions_match", note: "Listed", reviewer: { id: "a", name: "Ada" }, at: "2026-11-25T10:00:00Z" };

describe("decisions", () => {
  it("says what was decided, by whom and why", () => {
    expect(decisionLine(first)).toBe("Rejected (first of two) by Ada: Sanctions match");
    expect(decisionLine({ ...first, step: "second", decision: "confirm", reason: null, reviewer: { id: "b", name: "Bea" } })).toBe("Confirmed (second approval) by Bea");
    expect(decisionLine({ ...first, step: "single", decision: "approve", reason: "checks_clear", reviewer: null })).toBe("Approved through the API: The checks are clear");
    expect(reasonLabel("unknown_reason")).toBe("unknown reason");
  });
  it("makes the remediation request of a target", () => {
    expect(remediationBody("section:ownership", "Add the owners")).toEqual({ section: "ownership", message: "Add the owners" });
    expect(remediationBody("document:proof_of_address", "Newer bill")).toEqual({ document_kind: "proof_of_address", message: "Newer bill" });
  });
  it("lets a senior other than the first reviewer give the second approval", () => {
    expect(secondApprovalRefusal(first, { id: "b", role: "senior" })).toBeNull();
    expect(secondApprovalRefusal(first, { id: "c", role: "admin" })).toBeNull();
    expect(secondApprovalRefusal(first, { id: "a", role: "admin" })).toMatch(/first decision/);
    expect(secondApprovalRefusal(first, { id: "c", role: "reviewer" })).toMatch(/senior/);
  });
});

describe("four eyes on a case", () => {
  const review = { assignee: null, assigned_at: null, stage_entered_at: "2026-11-25T10:00:00Z", sla_due_at: null, pending_decision: null };
  it("reads the server's per-kind answer", () => {
    const detail = { review, four_eyes_required: { approve: false, reject: true } };
    expect(needsSecondApproval(detail, "reject")).toBe(true);
    expect(needsSecondApproval(detail, "approve")).toBe(false);
    expect(needsSecondApproval(detail, "any")).toBe(true);
  });
  it("needs none when the case says nothing", () => {
    expect(needsSecondApproval({}, "approve")).toBe(false);
  });
});
