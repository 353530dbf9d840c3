// The audit view's request (filters from the URL) and one line per event. Pure, so tested.
import type { QueryValue } from "../../api/client";
import { localTime, type Where } from "../../lib/format";
import type { AuditEvent } from "./types";

export const AUDIT_KEYS = ["case_id", "reviewer_id", "from", "to"] as const;
export type AuditValues = Record<(typeof AUDIT_KEYS)[number], string>;

/** A `datetime-local` value (the browser's zone) as RFC 3339 in UTC; empty when not a time. */
export function localToRfc3339(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

export function auditQuery(values: AuditValues, page: number, limit: number): Record<string, QueryValue> {
  return {
    page,
    limit,
    case_id: values.case_id.trim() || undefined,
    reviewer_id: values.reviewer_id || undefined,
    from: localToRfc3339(values.from) || undefined,
    to: localToRfc3339(values.to) || undefined,
  };
}

function str(value: unknown): string | null {
  return typeof value === "string" && value ? value : typeof value === "number" ? String(value) : null;
}

/** What an event says, in a few words: `reject: sanctions match`, `to Ada`, `risk high`. */
export function eventSummary(event: Pick<AuditEvent, "kind" | "data">, where: Where = {}): string {
  // The engine keeps the case event's own fields under `detail`, the status change beside it.
  const data = event.data ?? {};
  // Erasure on request: an emptied event keeps only its hashes; the erasure names them all.
  const keys = Object.keys(data);
  if (keys.length === 1 && keys[0] === "erased") return "content erased on request";
  if (event.kind === "erased" && data.events && typeof data.events === "object") {
    const n = Object.keys(data.events).length;
    return `erased on request${str(data.requested_by) ? ` by ${str(data.requested_by)}` : ""} · accounts for ${n} emptied event${n === 1 ? "" : "s"}`;
  }
  // The address guard of webhooks (an admin's switch): what it is after the change.
  if (event.kind === "webhook_address_guard_changed" && data.after && typeof data.after === "object") {
    return (data.after as Record<string, unknown>).allow_private_addresses === true ? "private addresses allowed in production" : "private addresses refused in production (guard on)";
  }
  if (event.kind === "chain_upgraded") {
    const head = str(data.previous_head_hash);
    const broken = data.previous_problem ? " · it did not verify then" : "";
    return `chain upgraded to its second format${head ? ` · first format's head ${head.slice(0, 12)}…` : ""}${broken}`;
  }
  if (event.kind === "chain_problem_acknowledged" && Array.isArray(data.problems)) {
    const seqs = data.problems.map((p) => (p && typeof p === "object" ? str((p as Record<string, unknown>).seq) : null)).filter(Boolean);
    const note = str(data.note);
    return `acknowledged the problem${seqs.length === 1 ? "" : "s"} at event${seqs.length === 1 ? "" : "s"} ${seqs.map((s) => `#${s}`).join(", ")}${note ? ` · “${note.length > 80 ? `${note.slice(0, 79)}…` : note}”` : ""}`;
  }
  const account = accountSummary(event.kind, data);
  if (account !== null) return account;
  const detail = data.detail && typeof data.detail === "object" && !Array.isArray(data.detail) ? (data.detail as Record<string, unknown>) : {};
  const d: Record<string, unknown> = { ...detail, ...data };
  if (event.kind === "sla_breached" || event.kind === "checks_stuck") return breachSummary(d, where);
  const parts: string[] = [];
  const decision = str(d.decision);
  if (decision) parts.push(decision);
  // A hit's disposition: what, of which listed entity.
  const disposition = str(d.disposition);
  if (disposition) parts.push(`${disposition.replaceAll("_", " ")}${str(d.entity) ? ` of ${str(d.entity)}` : ""}`);
  if (typeof d.confirm === "boolean") parts.push(d.confirm ? "confirmed" : "overturned");
  const reason = str(d.reason);
  if (reason) parts.push(reason.replaceAll("_", " "));
  const assignee = d.assignee && typeof d.assignee === "object" ? str((d.assignee as Record<string, unknown>).name) : str(d.assignee_name);
  if (assignee) parts.push(`to ${assignee}`);
  const type = str(d.type);
  if (type) parts.push(type.replaceAll("_", " "));
  const outcome = d.outcome && typeof d.outcome === "object" ? str((d.outcome as Record<string, unknown>).verdict) : null;
  if (outcome) parts.push(outcome.replaceAll("_", " "));
  const to = str(d.to_status);
  if (to) parts.push(`→ ${to.replaceAll("_", " ")}`);
  const risk = str(d.risk_level);
  if (risk) parts.push(`risk ${risk}`);
  const section = str(d.section) ?? str(d.document_kind);
  if (section) parts.push(section.replaceAll("_", " "));
  // An approval's acknowledgments of the case's open flags.
  if (Array.isArray(d.acknowledged_flags) && d.acknowledged_flags.length) parts.push(`${d.acknowledged_flags.length} open flag${d.acknowledged_flags.length === 1 ? "" : "s"} acknowledged`);
  const text = str(d.note) ?? str(d.message) ?? str(d.body);
  if (text) parts.push(`“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`);
  return parts.join(" · ");
}

/** The SLA a breach names, in words (`stage` is how events before the breach named its kind said "the stage's"). */
const SLA_WORDS: Record<string, string> = {
  review: "review SLA",
  awaiting_approval: "second-approval SLA",
  remediation: "remediation SLA (the merchant's)",
  checks: "checks SLA",
  stage: "stage SLA",
};

/** A breach: which SLA, when it was due, the case and who had it. */
function breachSummary(d: Record<string, unknown>, where: Where): string {
  const sla = str(d.sla);
  const stage = str(d.stage);
  const which = sla ? (SLA_WORDS[sla] ?? `${sla.replaceAll("_", " ")} SLA`) : "SLA";
  const parts = [`${which} passed${stage ? ` in ${stage.replaceAll("_", " ")}` : ""}`];
  const due = str(d.due_at);
  if (due) parts.push(`due ${localTime(due, false, where)}`);
  const publicId = str(d.case_public_id);
  if (publicId) parts.push(publicId);
  const assignee = str(d.assignee);
  parts.push(assignee ? `assigned to ${assignee}` : "unassigned");
  return parts.join(" · ");
}

const ROLE_WORDS: Record<string, string> = { reviewer: "reviewer", senior: "senior reviewer", admin: "admin" };

/**
 * The reviewer accounts' events (on the organization's production chain): whose account, and
 * what changed. Null for any other kind.
 */
function accountSummary(kind: string, data: Record<string, unknown>): string | null {
  const who = str(data.reviewer) ?? "";
  const from = str(data.address) ? `from ${str(data.address)}` : null;
  const role = (value: unknown) => ROLE_WORDS[str(value) ?? ""] ?? str(value) ?? "?";
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(" · ");
  switch (kind) {
    case "reviewer_added":
      return join(who, `as ${role(data.role)}`);
    case "reviewer_role_changed":
      return join(who, `${role(data.before)} → ${role(data.after)}`);
    case "reviewer_removed":
    case "reviewer_disabled":
    case "reviewer_enabled":
      return who;
    case "sign_in_link_made":
      return join(`for ${who}`, data.reset === true ? "their password and authenticator reset, sessions ended" : null);
    case "signed_in":
      return join(data.method === "password" ? "with password and code" : "with a one-time link", from);
    case "sign_in_failed":
      return join(str(data.name) ? `as “${str(data.name)}”` : null, str(data.reason)?.replaceAll("_", " ") ?? null, from);
    case "password_set":
    case "second_factor_set":
    case "session_ended":
      return "";
    default:
      return null;
  }
}
