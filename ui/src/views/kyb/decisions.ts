// Words of the desk's decisions: the reason taxonomy in groups, remediation targets and
// requests, the four-eyes policies, and one line per decision. Pure, so tested.
import type { ApproveReason, Decision, DecisionKind, DocumentKind, FourEyes, FourEyesRequired, Reason, RejectReason, Role } from "./types";

/** The reason taxonomy as the decision dialog groups it; several may be chosen per decision. */
export const REASON_GROUPS: { decision: DecisionKind; label: string; reasons: { value: Reason; label: string }[] }[] = [
  {
    decision: "approve",
    label: "Verified",
    reasons: [
      { value: "checks_clear", label: "The checks are clear" },
      { value: "false_positive_cleared", label: "A possible match was cleared as a false positive" },
      { value: "manually_verified", label: "Verified by hand (registry extract, call, document)" },
    ],
  },
  {
    decision: "approve",
    label: "Risk",
    reasons: [
      { value: "enhanced_due_diligence", label: "Enhanced due diligence done, findings acceptable" },
      { value: "risk_accepted", label: "The risk is known and accepted" },
    ],
  },
  {
    decision: "reject",
    label: "Screening",
    reasons: [
      { value: "sanctions_match", label: "Sanctions match" },
      { value: "politically_exposed_person", label: "Politically exposed person (PEP)" },
      { value: "adverse_media", label: "Adverse media" },
    ],
  },
  {
    decision: "reject",
    label: "Business",
    reasons: [
      { value: "prohibited_business", label: "Prohibited business or industry" },
      { value: "high_risk_jurisdiction", label: "High-risk jurisdiction" },
      { value: "fraud_suspected", label: "Fraud suspected" },
    ],
  },
  {
    decision: "reject",
    label: "Documents",
    reasons: [
      { value: "document_tampered", label: "Document forged or tampered with" },
      { value: "incomplete_documents", label: "Incomplete documents" },
    ],
  },
  {
    decision: "reject",
    label: "Identity and ownership",
    reasons: [
      { value: "identity_unverifiable", label: "A person's identity cannot be verified" },
      { value: "company_unverifiable", label: "The company cannot be found or verified" },
      { value: "ubo_undisclosed", label: "Undisclosed beneficial owner" },
      { value: "ownership_unclear", label: "Ownership or control unclear" },
    ],
  },
  {
    decision: "reject",
    label: "Data",
    reasons: [
      { value: "registry_mismatch", label: "Registry data does not match" },
      { value: "information_mismatch", label: "Declared data, documents and registry disagree" },
    ],
  },
  {
    decision: "reject",
    label: "Process",
    reasons: [{ value: "unresponsive_merchant", label: "Merchant unresponsive" }],
  },
];

const OTHER = { value: "other" as const, label: "Other (say why in the note)" };

/** The groups of reasons that can explain a decision, `other` last in a group of its own. */
export function reasonGroups(kind: DecisionKind): { label: string; reasons: { value: Reason; label: string }[] }[] {
  return [...REASON_GROUPS.filter((g) => g.decision === kind), { label: "Other", reasons: [OTHER] }];
}

export const APPROVE_REASONS: { value: ApproveReason; label: string }[] = reasonGroups("approve").flatMap((g) => g.reasons) as { value: ApproveReason; label: string }[];

export const REJECT_REASONS: { value: RejectReason; label: string }[] = reasonGroups("reject").flatMap((g) => g.reasons) as { value: RejectReason; label: string }[];

export function reasonLabel(reason: string | null | undefined): string {
  if (!reason) return "";
  return [...APPROVE_REASONS, ...REJECT_REASONS].find((r) => r.value === reason)?.label ?? reason.replaceAll("_", " ");
}

/** Every reason of a decision step (`reasons`, else the single `reason` of older records). */
export function reasonsOf(d: { reason?: Reason | null; reasons?: Reason[] | null }): Reason[] {
  if (d.reasons && d.reasons.length > 0) return d.reasons;
  return d.reason ? [d.reason] : [];
}

/** Toggles a reason in a choice, keeping the order in which they were chosen. */
export function toggleReason(chosen: Reason[], reason: Reason): Reason[] {
  return chosen.includes(reason) ? chosen.filter((r) => r !== reason) : [...chosen, reason];
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

/** One section or document of a remediation request, with its instruction (blank: the request's message). */
export interface RemediationChoice {
  target: string;
  message: string;
}

/** The body of a remediation request of several sections and documents (`items`), from the dialog's choices. */
export function remediationRequest(choices: RemediationChoice[], message: string, note: string, templateId: string | null): { items: { section?: string; document_kind?: string; message?: string }[]; message?: string; note?: string; template_id?: string } {
  const items = choices.map((c) => {
    const body = remediationBody(c.target, c.message.trim());
    const target = body.document_kind ? { document_kind: body.document_kind } : { section: body.section };
    return body.message ? { ...target, message: body.message } : target;
  });
  return {
    items,
    ...(message.trim() ? { message: message.trim() } : {}),
    ...(note.trim() ? { note: note.trim() } : {}),
    ...(templateId ? { template_id: templateId } : {}),
  };
}

/** The dialog's choices from a template's items (`section:x` or `document:y`, with their instruction). */
export function choicesOf(items: { section?: string | null; document_kind?: string | null; message?: string | null }[]): RemediationChoice[] {
  return items.map((i) => ({ target: i.document_kind ? `document:${i.document_kind}` : `section:${i.section ?? "company"}`, message: i.message ?? "" }));
}

/** Whether every choice has an instruction, its own or the request's message. */
export function remediationReady(choices: RemediationChoice[], message: string): boolean {
  return choices.length > 0 && (message.trim() !== "" || choices.every((c) => c.message.trim() !== ""));
}

const VERBS: Record<Decision["decision"], string> = { approve: "Approved", reject: "Rejected", confirm: "Confirmed", overturn: "Overturned" };

/** `Rejected (first of two) by Ada: Sanctions match` */
export function decisionLine(d: Decision): string {
  const step = d.step === "first" ? " (first of two)" : d.step === "second" ? " (second approval)" : "";
  const by = d.reviewer ? ` by ${d.reviewer.name}` : " through the API";
  const reasons = reasonsOf(d);
  const reason = reasons.length > 0 ? `: ${reasons.map(reasonLabel).join("; ")}` : "";
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
