// Words of the desk's decisions: the reason taxonomy, remediation targets, the four-eyes
// policies, and one line per decision. Pure, so tested.
import type { ApproveReason, Decision, DecisionKind, DocumentKind, FourEyes, FourEyesRequired, RejectReason, Role } from "./types";

export const APPROVE_REASONS: { value: ApproveReason; label: string }[] = [
  { value: "checks_clear", label: "The checks are clear" },
  { value: "false_positive_cleared", label: "A possible match was cleared as a false positive" },
  { value: "risk_accepted", label: "The risk is known and accepted" },
  { value: "other", label: "Other (say why in the note)" },
];

export const REJECT_REASONS: { value: RejectReason; label: string }[] = [
  { value: "sanctions_match", label: "Sanctions match" },
  { value: "registry_mismatch", label: "Registry data does not match" },
  { value: "document_tampered", label: "Tampered or forged document" },
  { value: "ubo_undisclosed", label: "Undisclosed beneficial owner" },
  { value: "high_risk_jurisdiction", label: "High-risk jurisdiction" },
  { value: "fraud_suspected", label: "Fraud suspected" },
  { value: "unresponsive_merchant", label: "Merchant unresponsive" },
  { value: "other", label: "Other (say why in the note)" },
];

export function reasonLabel(reason: string | null | undefined): string {
  if (!reason) return "";
  return [...APPROVE_REASONS, ...REJECT_REASONS].find((r) => r.value === reason)?.label ?? reason.replaceAll("_", " ");
}

export const FOUR_EYES: { value: FourEyes; label: string; help: string }[] = [
  { value: "off", label: "Off", help: "One reviewer decides." },
  { value: "high_risk", label: "High-risk cases", help: "Decisions on high-risk cases wait for a second approval." },
  { value: "rejections", label: "Rejections", help: "Rejections wait for a second approval; approvals apply at once." },
  { value: "all", label: "All decisions", help: "Every decision waits for a second approval." },
];

export const SECTIONS = [
  { value: "company", label: "Company" },
  { value: "representative", label: "Representative" },
  { value: "ownership", label: "Ownership and control" },
  { value: "documents", label: "Documents (all of them)" },
] as const;

export const DOCUMENT_KINDS: { value: DocumentKind; label: string }[] = [
  { value: "certificate_of_incorporation", label: "Certificate of incorporation" },
  { value: "proof_of_address", label: "Proof of the business address" },
  { value: "ownership_document", label: "Shareholder register or ownership chart" },
];

export function documentKindLabel(kind: string | null | undefined): string {
  return DOCUMENT_KINDS.find((d) => d.value === kind)?.label ?? (kind ?? "").replaceAll("_", " ");
}

export function sectionLabel(section: string | null | undefined): string {
  return SECTIONS.find((s) => s.value === section)?.label ?? (section ?? "").replaceAll("_", " ");
}

/** A remediation target as one choice (`section:company`, `document:proof_of_address`) and back. */
export function remediationBody(target: string, message: string): { section?: string; document_kind?: string; message: string } {
  const [kind, value] = target.split(":");
  if (kind === "document" && value) return { document_kind: value, message };
  return { section: value || "company", message };
}

const VERBS: Record<Decision["decision"], string> = { approve: "Approved", reject: "Rejected", confirm: "Confirmed", overturn: "Overturned" };

/** `Rejected (first of two) by Ada: Sanctions match` */
export function decisionLine(d: Decision): string {
  const step = d.step === "first" ? " (first of two)" : d.step === "second" ? " (second approval)" : "";
  const by = d.reviewer ? ` by ${d.reviewer.name}` : " through the API";
  const reason = d.reason ? `: ${reasonLabel(d.reason)}` : "";
  return `${VERBS[d.decision] ?? d.decision}${step}${by}${reason}`;
}

/**
 * Whether a reviewer may give the second approval of a pending decision: a senior or an admin
 * other than the first reviewer. The reason when not (the server enforces it anyway).
 */
export function secondApprovalRefusal(pending: Decision, reviewer: { id: string; role: Role } | null): string | null {
  if (!reviewer) return "Sign in first.";
  if (reviewer.role === "reviewer") return "A senior reviewer or an admin gives the second approval.";
  if (pending.reviewer?.id === reviewer.id) return "You made the first decision: another senior reviewer gives the second approval.";
  return null;
}

/** Whether a decision of this kind on the case would wait for a second approval. */
export function needsSecondApproval(detail: { four_eyes_required?: FourEyesRequired | null }, kind: DecisionKind | "any"): boolean {
  const required = detail.four_eyes_required;
  if (!required) return false;
  return kind === "any" ? required.approve || required.reject : required[kind];
}
