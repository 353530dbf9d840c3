import { describe, expect, it } from "vitest";
import { auditQuery, eventSummary, localToRfc3339 } from "./audit";

describe("audit request", () => {
  it("sends the filters as the contract names them, times in RFC 3339", () => {
    const from = "2026-11-01T09:30";
    expect(auditQuery({ case_id: " 01a2 ", reviewer_id: "r1", from, to: "" }, 1, 50)).toEqual({ page: 1, limit: 50, case_id: "01a2", reviewer_id: "r1", from: new Date(from).toISOString(), to: undefined });
    expect(auditQuery({ case_id: "", reviewer_id: "", from: "", to: "" }, 0, 50)).toEqual({ page: 0, limit: 50, case_id: undefined, reviewer_id: undefined, from: undefined, to: undefined });
  });
  it("ignores a time that is not one", () => {
    expect(localToRfc3339("soon")).toBe("");
    expect(localToRfc3339("")).toBe("");
  });
});

describe("event summary", () => {
  it("says what a decision, an assignment and a check were", () => {
    expect(eventSummary({ kind: "decision", data: { decision: "reject", reason: "sanctions_match", note: "Listed on the EU list" } })).toBe("reject · sanctions match · “Listed on the EU list”");
    expect(eventSummary({ kind: "second_approval", data: { confirm: false, note: "Not a match" } })).toBe("overturned · “Not a match”");
    expect(eventSummary({ kind: "assigned", data: { assignee: { id: "r", name: "Ada" } } })).toBe("to Ada");
    expect(eventSummary({ kind: "check_completed", data: { type: "aml_person", outcome: { verdict: "potential_match" } } })).toBe("aml person · potential match");
    expect(eventSummary({ kind: "checks_finished", data: { to_status: "manual_review", risk_level: "medium" } })).toBe("→ manual review · risk medium");
    expect(eventSummary({ kind: "created", data: {} })).toBe("");
    expect(eventSummary({ kind: "decided", data: { detail: { decision: "approve", reason: "checks_clear", note: "Fine" }, from_status: "manual_review", to_status: "approved_manually" } })).toBe("approve · checks clear · → approved manually · “Fine”");
    expect(eventSummary({ kind: "decided", data: { detail: { decision: "approve", reason: "checks_clear", note: "Fine", acknowledged_flags: [{ key: "errored:1" }, { key: "hit:2:3" }] } } })).toBe("approve · checks clear · 2 open flags acknowledged · “Fine”");
    expect(eventSummary({ kind: "hit_disposed", data: { disposition: "false_positive", entity: "Petra Politikova", reason: "date_of_birth_differs", note: "Born 1985" } })).toBe("false positive of Petra Politikova · date of birth differs · “Born 1985”");
  });
  it("says which SLA a breach passed, when it was due, the case and who had it", () => {
    const where = { locale: "en-GB", timeZone: "Europe/Paris" };
    const breach = (detail: Record<string, unknown>) => eventSummary({ kind: "sla_breached", data: { detail } }, where);
    expect(breach({ stage: "manual_review", sla: "review", due_at: "2026-11-27T13:00:00Z", case_public_id: "KYB-1ABC", assignee: "Ada" })).toBe(
      "review SLA passed in manual review · due 27 Nov 2026, 14:00 CET · KYB-1ABC · assigned to Ada",
    );
    expect(breach({ stage: "manual_review", sla: "awaiting_approval", due_at: "2026-11-27T13:00:00Z", case_public_id: "KYB-1ABC", assignee: null })).toBe(
      "second-approval SLA passed in manual review · due 27 Nov 2026, 14:00 CET · KYB-1ABC · unassigned",
    );
    // Events recorded before the SLA was named by kind.
    expect(breach({ stage: "failed", sla: "stage", due_at: "2026-11-27T13:00:00Z" })).toBe("stage SLA passed in failed · due 27 Nov 2026, 14:00 CET · unassigned");
    expect(eventSummary({ kind: "checks_stuck", data: { detail: { stage: "running_checks", sla: "checks", due_at: "2026-11-27T13:00:00Z" } } }, where)).toBe(
      "checks SLA passed in running checks · due 27 Nov 2026, 14:00 CET · unassigned",
    );
  });
  it("says what an erasure emptied and what accounts for it", () => {
    expect(eventSummary({ kind: "commented", data: { erased: "01a2" } })).toBe("content erased on request");
    expect(eventSummary({ kind: "erased", data: { erasure_id: "01a2", requested_by: "Ada", events: { "3": "ab", "4": "cd" } } })).toBe("erased on request by Ada · accounts for 2 emptied events");
  });
  it("says what a switch of the webhook address guard did", () => {
    const change = (before: boolean, after: boolean) => ({ kind: "webhook_address_guard_changed", data: { before: { allow_private_addresses: before }, after: { allow_private_addresses: after } } });
    expect(eventSummary(change(false, true))).toBe("private addresses allowed in production");
    expect(eventSummary(change(true, false))).toBe("private addresses refused in production (guard on)");
  });
  it("says what an upgrade and an acknowledgement recorded", () => {
    expect(eventSummary({ kind: "chain_upgraded", data: { previous_head_hash: "4e0386c302f496dd7ac8", previous_problem: null } })).toBe("chain upgraded to its second format · first format's head 4e0386c302f4…");
    expect(eventSummary({ kind: "chain_upgraded", data: { previous_head_hash: "4e0386c302f4", previous_problem: { seq: 2, message: "changed" } } })).toBe("chain upgraded to its second format · first format's head 4e0386c302f4… · it did not verify then");
    const problems = [{ seq: 7, kind: "changed", message: "m" }, { seq: 9, kind: "unlinked", message: "m" }];
    expect(eventSummary({ kind: "chain_problem_acknowledged", data: { problems, note: "Restored" } })).toBe("acknowledged the problems at events #7, #9 · “Restored”");
  });
  it("shortens long texts", () => {
    const summary = eventSummary({ kind: "commented", data: { body: "x".repeat(200) } });
    expect(summary.length).toBeLessThan(90);
    expect(summary.endsWith("…”")).toBe(true);
  });
  it("says whose account changed and how, and where sign-ins came from", () => {
    expect(eventSummary({ kind: "reviewer_added", data: { reviewer_id: "r", reviewer: "Ada", role: "senior" } })).toBe("Ada · as senior reviewer");
    expect(eventSummary({ kind: "reviewer_role_changed", data: { reviewer: "Ada", before: "reviewer", after: "admin" } })).toBe("Ada · reviewer → admin");
    expect(eventSummary({ kind: "reviewer_removed", data: { reviewer: "Tom" } })).toBe("Tom");
    expect(eventSummary({ kind: "sign_in_link_made", data: { reviewer: "Ada", reset: true } })).toBe("for Ada · their password and authenticator reset, sessions ended");
    expect(eventSummary({ kind: "sign_in_link_made", data: { reviewer: "Ada", reset: false } })).toBe("for Ada");
    expect(eventSummary({ kind: "signed_in", data: { method: "password", address: "10.0.0.7" } })).toBe("with password and code · from 10.0.0.7");
    expect(eventSummary({ kind: "signed_in", data: { method: "link", address: null } })).toBe("with a one-time link");
    expect(eventSummary({ kind: "sign_in_failed", data: { name: "Mallory", reason: "wrong_password", address: "10.0.0.9" } })).toBe("as “Mallory” · wrong password · from 10.0.0.9");
    expect(eventSummary({ kind: "password_set", data: { reviewer_id: "r" } })).toBe("");
  });
});
