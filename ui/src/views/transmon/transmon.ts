// Transaction monitoring's shared vocabulary in the console: event types, decisions and their
// tones, the statistics' rows, why an event was flagged, dispositions and who may assign.
import type { MonitoringDecision, MonitoringDisposition, MonitoringResult, RuleEventType, Stats } from "../../api/types";
import type { Role } from "../kyb/types";
import type { Tone } from "../../components/Badge";

export const RULE_TYPES: { value: RuleEventType; label: string }[] = [
  { value: "transaction_pre", label: "Transaction, before checks" },
  { value: "transaction_post", label: "Transaction, after checks" },
  { value: "payment_pre", label: "Payment, before checks" },
  { value: "payment_post", label: "Payment, after checks" },
];

export const DECISIONS: { value: MonitoringDecision; label: string }[] = [
  { value: "allow", label: "Allow" },
  { value: "review", label: "Review" },
  { value: "reject", label: "Reject" },
];

export function decisionTone(decision: MonitoringDecision): Tone {
  return decision === "reject" ? "bad" : decision === "review" ? "warn" : "good";
}

export function ruleTypeLabel(t: RuleEventType): string {
  return RULE_TYPES.find((r) => r.value === t)?.label ?? t;
}

/** The three periods as rows: [label, the name a rule uses, its figures]. */
export function statRows(stats: Stats): [string, keyof Stats, Stats["last1d"]][] {
  return [
    ["Today", "last1d", stats.last1d],
    ["7 days", "last7d", stats.last7d],
    ["30 days", "last30d", stats.last30d],
  ];
}

/** The amount a result's event carried: a transaction's `amount`, a payment's `checkout_price`. */
export function amountOf(event: Record<string, unknown>): string {
  const v = event.amount ?? event.checkout_price;
  const currency = typeof event.currency_code === "string" ? ` ${event.currency_code.toUpperCase()}` : "";
  return v === undefined || v === null ? "—" : `${String(v)}${currency}`;
}

/** One reason an event was flagged: a rule that fired, or the payee's watchlist screening. */
export type FlagReason =
  | { kind: "rule"; ruleId: string; name: string; causes: string[]; reject: boolean }
  | { kind: "payee"; name: string; hits: number; bestMatch: string | null; percentage: number | null; risk: string | null; entity: string | null };

/** Why the server flagged an event, in the order it decided: each fired rule, then the payee's screening when it hit. */
export function flagReasons(r: MonitoringResult): FlagReason[] {
  const reasons: FlagReason[] = r.fired_rules.map((f) => ({ kind: "rule", ruleId: f.rule_id, name: f.name, causes: f.causes, reject: f.action === "reject" }));
  const payee = r.checks.aml_payee;
  if (payee && payee.hits > 0) {
    reasons.push({
      kind: "payee",
      name: payee.name,
      hits: payee.hits,
      bestMatch: payee.best_match ?? null,
      percentage: payee.best_match_percentage ?? null,
      risk: payee.max_risk_score ?? null,
      entity: payee.best_match_uuid ?? null,
    });
  }
  return reasons;
}

export const DISPOSITIONS: { value: MonitoringDisposition; label: string; hint: string }[] = [
  { value: "cleared", label: "Cleared", hint: "Looked at: nothing suspicious." },
  { value: "escalated", label: "Escalated", hint: "Handed up for a closer look." },
  { value: "reported", label: "Reported", hint: "A suspicious activity report was filed." },
];

/** A disposition in words. */
export function dispositionLabel(d: MonitoringDisposition): string {
  return DISPOSITIONS.find((x) => x.value === d)?.label ?? d;
}

/** The event list's review filters: a disposition, or `none` (flagged, not disposed of yet). */
export const DISPOSITION_FILTERS: { value: string; label: string }[] = [{ value: "none", label: "To review (none yet)" }, ...DISPOSITIONS.map((d) => ({ value: d.value, label: d.label }))];

/** The event list's assignee filter: me, nobody yet, or each reviewer by name (`none` is the server's "nobody"). */
export function assigneeFilters(me: { id: string } | null, reviewers: { id: string; name: string }[]): { value: string; label: string }[] {
  const mine = me ? [{ value: me.id, label: "Me" }] : [];
  return [...mine, { value: "none", label: "Nobody yet" }, ...reviewers.filter((r) => r.id !== me?.id).map((r) => ({ value: r.id, label: r.name }))];
}

/** Who may give a flagged event to `to` (null: let it go), as the server decides: a reviewer takes a free event or lets go of their own; seniors and admins assign anyone. */
export function mayAssign(me: { id: string; role: Role }, current: string | null, to: string | null): boolean {
  if (me.role === "senior" || me.role === "admin") return true;
  return (current === null || current === me.id) && (to === null || to === me.id);
}
