// The reviewer's desk, as the HTTP contract of issue 12 describes it. Written by hand until the
// OpenAPI description (and so `api/schema.d.ts`) has these shapes; the existing case shapes come
// from the generated types.
import type { components } from "../../api/schema";

type S = components["schemas"];

export type Role = "reviewer" | "senior" | "admin";

export interface Reviewer {
  id: string;
  name: string;
  email: string | null;
  role: Role;
  /** The machine's owner (the desktop window signs in as them). */
  owner: boolean;
  disabled_at: string | null;
  created_at: string;
}

export interface ReviewerRef {
  id: string;
  name: string;
}

export interface Me {
  reviewer: Reviewer;
  organization_id: string;
}

export interface NewReviewer {
  reviewer: Reviewer;
  login_url: string;
  expires_at: string;
}

export interface LoginLink {
  login_url: string;
  expires_at: string;
}

export type FourEyes = "off" | "high_risk" | "rejections" | "all";

export type SlaStage = "collecting_data" | "running_checks" | "manual_review" | "action_required";

export interface DeskSettings {
  four_eyes: FourEyes;
  /** Hours allowed in each stage before the SLA is breached; null = no SLA for that stage. */
  sla_hours: Record<SlaStage, number | null>;
}

export type DecisionKind = "approve" | "reject";
export type ApproveReason = "checks_clear" | "false_positive_cleared" | "risk_accepted" | "other";
export type RejectReason =
  | "sanctions_match"
  | "registry_mismatch"
  | "document_tampered"
  | "ubo_undisclosed"
  | "high_risk_jurisdiction"
  | "fraud_suspected"
  | "unresponsive_merchant"
  | "other";

export interface Decision {
  id: string;
  /** `single` = no four eyes needed. */
  step: "first" | "second" | "single";
  decision: "approve" | "reject" | "confirm" | "overturn";
  /** First and single decisions only. */
  reason?: string | null;
  note: string;
  /** Null when made with an API key and no reviewer_id. */
  reviewer?: ReviewerRef | null;
  at: string;
}

export interface CaseReview {
  assignee: ReviewerRef | null;
  assigned_at: string | null;
  stage_entered_at: string;
  /** Null when the stage has no SLA. */
  sla_due_at: string | null;
  /** Non-null = "awaiting second approval". */
  pending_decision: Decision | null;
  /** Whether a decision on this case needs a second approval now (the contract's field; the server sends `four_eyes_required` on the detail instead). */
  four_eyes?: boolean;
}

/** Which decisions on a case wait for a second approval under the current policy. */
export interface FourEyesRequired {
  approve: boolean;
  reject: boolean;
}

export interface Comment {
  id: string;
  author: ReviewerRef;
  body: string;
  mentions: ReviewerRef[];
  at: string;
}

export type CaseStatus = S["CaseStatus"];
export type Stage = S["Stage"];
export type RiskLevel = S["RiskLevel"];
export type CheckType = S["CheckType"];
export type SectionKey = S["SectionKey"];
export type DocumentKind = S["DocumentKind"];
export type CaseDocument = S["CaseDocument"];
export type CasePerson = S["CasePerson"];
export type Remediation = S["Remediation"];
export type TimelineEntry = S["TimelineEntry"];
export type ChecksSummary = S["ChecksSummary"];
export type FormProgress = S["FormProgress"];
export type KybForm = S["Form"];

/** A check instance; `evidence` is an object whose shape depends on the check type. */
export type Check = Omit<S["Check"], "evidence"> & { evidence: Record<string, unknown> };

/** A list row of `GET /api/v4/kyb/verifications`, with the desk's `review`. */
export type CaseRow = Omit<S["CaseRow"], "review"> & { review: CaseReview };

/** `GET /api/v4/kyb/verifications/{id}` with the desk's additions. */
export type CaseDetail = Omit<S["CaseResponse"], "checks" | "review" | "decisions" | "comments" | "four_eyes_required"> & {
  checks: Check[];
  review: CaseReview;
  four_eyes_required?: FourEyesRequired;
  /** Oldest first. */
  decisions: Decision[];
  /** Oldest first. */
  comments: Comment[];
};

export interface DeskCounts {
  collecting_data: number;
  running_checks: number;
  manual_review: number;
  action_required: number;
  decided: number;
  assigned_to_me: number;
  /** Manual-review cases only. */
  unassigned: number;
  sla_breached: number;
  awaiting_second_approval: number;
}

export interface AuditEvent {
  seq: number;
  at: string;
  /** In the contract; the server does not send it (yet). */
  recorded_at?: string;
  organization_id?: string;
  environment: "sandbox" | "production";
  case_id: string | null;
  case_public_id: string | null;
  /** `api`, `merchant`, `pipeline`, `clock`, or `reviewer:<name>`. */
  actor: string;
  reviewer_id: string | null;
  kind: string;
  data: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

export interface AuditVerification {
  ok: boolean;
  events: number;
  problem: { seq: number; message: string } | null;
}

export interface ReviewerMetrics {
  /** The contract puts the role in `reviewer`; the server sends it beside it. */
  reviewer: ReviewerRef & { role?: Role };
  role?: Role;
  decided: number;
  approved: number;
  rejected: number;
  approval_rate: number | null;
  rejection_rate: number | null;
  median_minutes_to_decision: number | null;
  second_approvals_given: number;
  overturned: number;
  sla_breaches: number;
}

export interface DeskMetrics {
  from: string;
  to: string;
  reviewers: ReviewerMetrics[];
  sla_breached_now: number;
}
