// Transaction monitoring's shared vocabulary in the console: event types, decisions and their
// tones, and the statistics' rows.
import type { MonitoringDecision, RuleEventType, Stats } from "../../api/types";
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
