import { describe, expect, it } from "vitest";
import { choicesOf, decisionLine, needsSecondApproval, reasonGroups, reasonLabel, remediationBody, remediationReady, remediationRequest, secondApprovalRefusal, toggleReason } from "./decisions";
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

describe("several reasons, grouped", () => {
  it("offers each decision its own reasons, other last", () => {
    const reject = reasonGroups("reject").flatMap((g) => g.reasons.map((r) => r.value));
    expect(reject).toContain("politically_exposed_person");
    expect(reject).toContain("prohibited_business");
    expect(reject).not.toContain("checks_clear");
    expect(reject.at(-1)).toBe("other");
    expect(reasonGroups("approve").map((g) => g.label)).toEqual(["Verified", "Risk", "Other"]);
  });
  it("lists every reason of a decision in one line, and older single reasons too", () => {
    expect(decisionLine({ ...first, reason: "adverse_media", reasons: ["adverse_media", "politically_exposed_person"] })).toBe("Rejected (first of two) by Ada: Adverse media; Politically exposed person (PEP)");
    expect(toggleReason(toggleReason(["adverse_media"], "sanctions_match"), "adverse_media")).toEqual(["sanctions_match"]);
  });
});

describe("a remediation request of several sections", () => {
  it("sends each choice with its own instruction or the request's message", () => {
    const choices = [
      { target: "section:company", message: " Fix the address " },
      { target: "document:proof_of_address", message: "" },
    ];
    expect(remediationRequest(choices, "Recent, please", "inside", null)).toEqual({
      items: [{ section: "company", message: "Fix the address" }, { document_kind: "proof_of_address" }],
      message: "Recent, please",
      note: "inside",
    });
    expect(remediationReady(choices, "")).toBe(false);
    expect(remediationReady(choices, "Recent, please")).toBe(true);
    expect(remediationReady([], "x")).toBe(false);
  });
  it("starts from a template's items", () => {
    expect(choicesOf([{ section: "documents", document_kind: "ownership_document", message: null }, { section: "ownership", message: "Owners" }])).toEqual([
      { target: "document:ownership_document", message: "" },
      { target: "section:ownership", message: "Owners" },
    ]);
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
