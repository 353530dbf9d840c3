// The reviewer's desk's shapes: the generated OpenAPI types, named as the desk's views use them.
import type { components } from "../../api/schema";

type S = components["schemas"];

export type Role = S["ReviewerRole"];
export type Reviewer = S["Reviewer"];
export type ReviewerRef = S["ReviewerRef"];
export type Me = S["Me"];
/** A reviewer just added, with their one-time sign-in link. */
export type NewReviewer = S["ReviewerWithLink"];
export type LoginLink = S["SignInLink"];
export type FourEyes = S["FourEyes"];

export type SlaStage = keyof S["SlaHours"];

export type DeskSettings = S["DeskSettings"];

export type DecisionKind = S["DecisionKind"];
export type Reason = S["Reason"];
export type ApproveReason = "checks_clear" | "false_positive_cleared" | "risk_accepted" | "manually_verified" | "enhanced_due_diligence" | "other";
export type RejectReason = Exclude<Reason, Exclude<ApproveReason, "other">>;

export type Decision = S["Decision"];
export type CaseReview = S["CaseReview"];
/** Which decisions on a case wait for a second approval under the current policy. */
export type FourEyesRequired = S["FourEyesRequired"];
export type Comment = S["Comment"];

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

/** A check instance; `evidence` is an object whose shape depends on the check type, null while
 * the check is pending (read it through `evidenceOf`). */
export type Check = Omit<S["Check"], "evidence"> & { evidence: Record<string, unknown> | null };

/** A list row of `GET /api/v4/kyb/verifications`, with the desk's `review`. */
export type CaseRow = S["CaseRow"];

/** `GET /api/v4/kyb/verifications/{id}` with the desk's additions. */
export type CaseDetail = Omit<S["CaseResponse"], "checks"> & { checks: Check[] };

export type DeskCounts = S["DeskCounts"];
/** A page of the queue, with how many cases the filters match. */
export type CasePage = S["CasePage"];
export type BulkOutcomes = S["BulkOutcomes"];
export type StuckCase = S["StuckCase"];
/** A decision awaiting its second approval, with its case (`GET /_docket/desk/approvals`, the inbox). */
export type PendingApproval = S["PendingApproval"];
export type Inbox = S["Inbox"];
export type Mention = S["Mention"];
export type RemediationTemplate = S["RemediationTemplate"];
export type RemediationItem = S["RemediationItem"];
/** An audit event; `data` is an object whose shape depends on `kind`. */
export type AuditEvent = Omit<S["AuditEvent"], "data"> & { data: Record<string, unknown> };
export type AuditVerification = S["Verified"];
export type ReviewerMetrics = S["ReviewerMetrics"];
export type DeskMetrics = S["Metrics"];
