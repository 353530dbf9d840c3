//! A KYB case as stored and as served: the list row of spec 2.1, the full case of the detail
//! endpoint, and the inputs that create and change one.

use serde::{Deserialize, Serialize};

use super::case::{CaseStatus, RiskLevel, Stage};
use super::form::{Company, DocumentKind, Form, FormProgress, Representative, SectionKey};
use super::summary::{CheckType, ChecksSummary, Severity};
use crate::applicants::ApplicantId;
use crate::files::FileId;
use crate::id::typed_id;
use crate::scope::{OrganizationId, Scope};
use crate::time::Timestamp;
use crate::values::ExternalId;

typed_id!(
    /// A KYB case (the `id` of a list row).
    CaseId,
    "KYB verification"
);

typed_id!(
    /// The verification the pipeline runs for a submitted case.
    VerificationId,
    "verification"
);

typed_id!(
    /// One check instance of a case.
    CheckId,
    "check"
);

typed_id!(
    /// A remediation opened on a case.
    RemediationId,
    "remediation"
);

/// A case as the engine holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub id: CaseId,
    pub public_id: String,
    pub scope: Scope,
    pub applicant_id: ApplicantId,
    pub external_id: Option<ExternalId>,
    pub status: CaseStatus,
    pub risk_level: Option<RiskLevel>,
    pub verification_id: Option<VerificationId>,
    /// Submissions so far; each resubmission after a remediation is a new round.
    pub round: u32,
    pub form: Form,
    /// The check types the verification runs: set at submission (from the caller's choice at
    /// creation, or the default plan of the data then).
    pub plan: Option<Vec<CheckType>>,
    pub checks_summary: Option<ChecksSummary>,
    /// Sections with an open remediation.
    pub remediation_sections: Vec<SectionKey>,
    pub widget_token: String,
    pub widget_expires_at: Timestamp,
    pub created_at: Timestamp,
    pub submitted_at: Option<Timestamp>,
    pub last_activity_at: Timestamp,
    /// Its place on the reviewer's desk.
    pub review: super::review::CaseReview,
}

/// The declared company at a glance (spec 2.1 `KybCompanySummary`). Values not given yet are
/// empty strings, as the spec types them as strings; `dba` is null when not given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompanySummary {
    pub legal_name: String,
    pub dba: Option<String>,
    pub form_type: String,
    pub entity_type: String,
    pub registration_type: String,
    pub registration_number: String,
    pub country: String,
    pub state: String,
    pub representative_name: String,
    pub representative_email: String,
}

/// A case as the list serves it (spec 2.1 `KybVerificationListItem`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CaseRow {
    pub id: CaseId,
    pub verification_id: Option<VerificationId>,
    /// A short readable identifier (`KYB-7K3M9QX2`), unique within the environment.
    pub public_id: String,
    pub organization_id: OrganizationId,
    pub applicant_id: ApplicantId,
    pub external_id: Option<String>,
    pub company_name: Option<String>,
    pub country: Option<String>,
    pub status: CaseStatus,
    pub stage: Stage,
    /// Reserved by the spec; always null.
    pub decision: Option<String>,
    /// Reserved by the spec; always null.
    pub risk_score: Option<i64>,
    pub risk_level: Option<RiskLevel>,
    pub is_sandbox: bool,
    pub created_at: Timestamp,
    pub submitted_at: Option<Timestamp>,
    pub last_activity_at: Timestamp,
    /// Null until the company section names the company.
    pub company: Option<CompanySummary>,
    pub form_progress: Option<FormProgress>,
    /// Null until the case is submitted.
    pub checks_summary: Option<ChecksSummary>,
    /// Docket's own: the case's place on the reviewer's desk (assignee, SLA, a decision
    /// awaiting its second approval).
    pub review: super::review::CaseReview,
}

impl Case {
    pub fn progress(&self) -> FormProgress {
        FormProgress::of(&self.form, self.status != CaseStatus::Draft, &self.remediation_sections, &[])
    }

    pub fn company_summary(&self) -> Option<CompanySummary> {
        let c = &self.form.company;
        let r = &self.form.representative;
        let s = |v: &Option<crate::values::Line>| v.as_ref().map(|l| l.as_str().to_owned()).unwrap_or_default();
        let legal_name = c.legal_name.as_ref()?;
        let representative_name =
            [&r.first_name, &r.last_name].into_iter().flatten().map(|l| l.as_str()).collect::<Vec<_>>().join(" ");
        Some(CompanySummary {
            legal_name: legal_name.as_str().to_owned(),
            dba: c.dba.as_ref().map(|d| d.as_str().to_owned()),
            form_type: s(&c.form_type),
            entity_type: s(&c.entity_type),
            registration_type: s(&c.registration_type),
            registration_number: s(&c.registration_number),
            country: c.country.as_ref().map(|c| c.as_str().to_owned()).unwrap_or_default(),
            state: s(&c.state),
            representative_name,
            representative_email: r.email.as_ref().map(|e| e.as_str().to_owned()).unwrap_or_default(),
        })
    }

    pub fn row(&self) -> CaseRow {
        let c = &self.form.company;
        CaseRow {
            id: self.id,
            verification_id: self.verification_id,
            public_id: self.public_id.clone(),
            organization_id: self.scope.organization,
            applicant_id: self.applicant_id,
            external_id: self.external_id.as_ref().map(|e| e.as_str().to_owned()),
            company_name: c.legal_name.as_ref().map(|n| n.as_str().to_owned()),
            country: c.country.as_ref().map(|c| c.as_str().to_owned()),
            status: self.status,
            stage: self.status.stage(),
            decision: None,
            risk_score: None,
            risk_level: self.risk_level,
            is_sandbox: self.scope.is_sandbox(),
            created_at: self.created_at,
            submitted_at: self.submitted_at,
            last_activity_at: self.last_activity_at,
            company: self.company_summary(),
            form_progress: Some(self.progress()),
            checks_summary: self.checks_summary.clone(),
            review: self.review.clone(),
        }
    }

    /// The people of the case, one per human (`people`): the representative first, then the
    /// ownership and control section's persons, each with the key its checks name it by.
    pub fn persons(&self) -> Vec<CasePerson> {
        super::people::humans(&self.form)
            .into_iter()
            // An unnamed representative is not declared yet.
            .filter(|h| !h.name.is_empty() || h.keys.iter().any(|k| k != "person:0"))
            .map(|h| CasePerson {
                key: h.keys.first().cloned().unwrap_or_default(),
                keys: h.keys,
                full_name: h.name,
                roles: h.roles,
                date_of_birth: h.date_of_birth,
                nationality: h.nationality,
                ownership_percentage: h.ownership_percentage,
                is_ubo: h.is_ubo,
            })
            .collect()
    }
}

/// A person's part in a case, as the detail shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum PersonRole {
    Representative,
    Director,
    Shareholder,
    Controller,
    /// Holds 25 % or more, or controls the company.
    UltimateBeneficialOwner,
}

/// A person of a case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CasePerson {
    /// The key their checks name them by: `person:0` is the representative; `person:<n>` the
    /// n-th person of the ownership section.
    pub key: String,
    /// Every key they were declared under (a representative who also owns shares is declared
    /// twice and shown once): checks of earlier rounds may name any of them.
    pub keys: Vec<String>,
    pub full_name: String,
    pub roles: Vec<PersonRole>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Date))]
    pub date_of_birth: Option<jiff::civil::Date>,
    pub nationality: Option<String>,
    pub ownership_percentage: Option<f64>,
    pub is_ubo: bool,
}

/// An uploaded document of a case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CaseDocument {
    pub file_id: FileId,
    pub kind: DocumentKind,
    pub name: Option<String>,
    /// The media type the content shows.
    pub media_type: String,
    /// The media type the uploader declared.
    pub declared_type: Option<String>,
    pub size: u64,
    pub sha256: String,
    pub uploaded_at: Timestamp,
}

/// A check instance's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CheckState {
    /// Waiting for its provider.
    Pending,
    /// A business outcome (severity and verdict).
    Completed,
    /// A technical failure: no outcome.
    Error,
}

impl CheckState {
    pub fn as_str(self) -> &'static str {
        match self {
            CheckState::Pending => "pending",
            CheckState::Completed => "done",
            CheckState::Error => "error",
        }
    }

    pub fn parse(s: &str) -> Option<CheckState> {
        match s {
            "pending" => Some(CheckState::Pending),
            "done" => Some(CheckState::Completed),
            "error" => Some(CheckState::Error),
            _ => None,
        }
    }
}

/// Where a check's outcome comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Provider {
    /// The sandbox's deterministic simulation (magic values in the API reference).
    Sandbox,
    /// Docket's offline checks over imported data and the uploaded files.
    Docket,
}

impl Provider {
    pub fn as_str(self) -> &'static str {
        match self {
            Provider::Sandbox => "sandbox",
            Provider::Docket => "docket",
        }
    }
}

/// One check instance with its evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Check {
    pub id: CheckId,
    #[serde(rename = "type")]
    pub check_type: CheckType,
    /// `company`, or a person's key (`person:0` is the representative).
    pub subject: String,
    pub subject_name: String,
    pub state: CheckState,
    pub severity: Option<Severity>,
    pub verdict: Option<String>,
    /// One sentence: what was found, or why the check could not run.
    pub summary: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub evidence: serde_json::Value,
    pub provider: Provider,
    /// The submission round it ran in.
    pub round: u32,
    pub created_at: Timestamp,
    pub completed_at: Option<Timestamp>,
    /// Set when a resubmission ran it again: it is history, not part of the summary.
    pub superseded_at: Option<Timestamp>,
}

/// A remediation: what the merchant was asked to fix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Remediation {
    pub id: RemediationId,
    pub section: SectionKey,
    /// For a remediation on one document kind.
    pub document_kind: Option<DocumentKind>,
    /// Shown to the merchant in the widget: the instruction for this section or document.
    pub message: String,
    /// The reviewers' internal note on the request; never shown to the merchant.
    #[serde(default)]
    pub note: Option<String>,
    pub opened_by: String,
    pub opened_at: Timestamp,
    /// When the merchant's resubmission closed it; null while open.
    pub resolved_at: Option<Timestamp>,
}

/// An entry of a case's timeline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TimelineEntry {
    pub at: Timestamp,
    /// `created`, `section_saved`, `document_added`, `document_removed`, `submitted`,
    /// `resubmitted`, `check_completed`, `check_rerun`, `rescored`, `remediation_opened`, `decided`.
    pub kind: String,
    /// `api`, `merchant` (the widget), `pipeline`, `docket`, or `reviewer:<name>`.
    pub actor: String,
    /// The reviewer who acted, for the audit trail.
    #[serde(skip)]
    pub reviewer_id: Option<crate::console::ReviewerId>,
    pub from_status: Option<CaseStatus>,
    pub to_status: Option<CaseStatus>,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub detail: serde_json::Value,
}

/// The whole case (`GET /api/v4/kyb/verifications/{id}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CaseDetail {
    #[serde(flatten)]
    pub row: CaseRow,
    /// The widget's values by section.
    pub form: Form,
    /// What each incomplete section still lacks, by section key.
    pub missing: std::collections::BTreeMap<SectionKey, Vec<String>>,
    pub persons: Vec<CasePerson>,
    pub documents: Vec<CaseDocument>,
    /// The check types the verification runs.
    pub plan: Vec<CheckType>,
    /// Every check instance, the superseded ones of earlier rounds included.
    pub checks: Vec<Check>,
    pub remediations: Vec<Remediation>,
    pub timeline: Vec<TimelineEntry>,
    /// The hosted widget's path on this server (append it to the base URL) and its expiry.
    pub widget_path: String,
    pub widget_expires_at: Timestamp,
    /// Every decision step, oldest first: the case file shows both of four eyes.
    pub decisions: Vec<super::review::Decision>,
    /// Internal notes, oldest first.
    pub comments: Vec<super::review::Comment>,
    /// Which decisions on the case need a second approval now (the environment's policy).
    pub four_eyes_required: super::desk::FourEyesRequired,
    /// What an approval must acknowledge, one by one (`acknowledged_flags`): checks to review,
    /// potential matches no disposition resolves, checks that could not run.
    pub open_flags: Vec<super::flags::OpenFlag>,
}

/// `POST /api/v4/kyb/verifications`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewCase {
    /// The caller's merchant id: the case's organization applicant is the one with this
    /// `external_id`, created when there is none.
    pub external_id: Option<ExternalId>,
    /// Prefilled company data; the merchant completes the rest in the widget.
    pub company: Option<Company>,
    pub representative: Option<Representative>,
    /// The check types to run, instead of the default plan (every type but
    /// `agentic_verification`; `tin` only for US companies or a given TIN).
    pub checks: Option<Vec<CheckType>>,
}

/// `POST /api/v4/kyb/verifications/{id}/remediations`: what the merchant must fix. Either one
/// section or document (`section` / `document_kind` with `message`, as before), or several at
/// once (`items`, each with its own instruction), or a template's (`template_id`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewRemediation {
    /// The section to fix (`company`, `representative`, `ownership`, `documents`).
    pub section: Option<SectionKey>,
    /// One kind of document to upload again (implies the `documents` section).
    pub document_kind: Option<DocumentKind>,
    /// What the merchant must do, shown in the widget: with `items`, the instruction of every
    /// item that has none of its own.
    #[serde(default)]
    pub message: Option<String>,
    /// Several sections and documents at once (at most 12), each with its own instruction.
    #[serde(default)]
    pub items: Vec<super::remediation::RemediationItem>,
    /// A template of the organization: its items and message, unless the request gives its own.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub template_id: Option<super::remediation::TemplateId>,
    /// The reviewers' internal note (never shown to the merchant).
    #[serde(default)]
    pub note: Option<String>,
}

impl NewRemediation {
    /// One section or document with its instruction, as the first version of the route took.
    pub fn one(section: Option<SectionKey>, document_kind: Option<DocumentKind>, message: impl Into<String>) -> Self {
        NewRemediation { section, document_kind, message: Some(message.into()), ..NewRemediation::default() }
    }
}

/// Filters of the case list, each optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CaseFilter {
    pub status: Vec<CaseStatus>,
    pub stage: Vec<Stage>,
    pub risk_level: Vec<RiskLevel>,
    pub country: Option<crate::values::CountryCode>,
    /// Words each found in the company's names, registration number, external id, public id
    /// or the name of one of its people.
    pub q: Option<String>,
    pub created_from: Option<Timestamp>,
    pub created_to: Option<Timestamp>,
    /// The desk's filters (Docket's own).
    pub assignee: Option<AssigneeFilter>,
    /// Cases past their SLA at this time (the environment's now): a reviewer's breach, or
    /// checks that are stuck.
    pub sla: Option<(SlaFilter, Timestamp)>,
    pub flag: Option<CheckFlag>,
    pub awaiting_second_approval: bool,
    pub sort: CaseSort,
}

/// Whose cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssigneeFilter {
    Reviewer(crate::console::ReviewerId),
    Unassigned,
}

/// Cases with a check type in error, or with a finding (severity medium or high).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckFlag {
    Error,
    Hit,
}

/// Which cases past their SLA. A case in *Running checks* waits on the checks, not on a
/// reviewer: its breach is a stuck check for an admin, never a reviewer's red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SlaFilter {
    /// Past due in a stage a person acts in (every stage but running checks).
    Breached,
    /// Past due while its checks run.
    Stuck,
}

/// What a list is ordered by; ties go by the case id (creation order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortKey {
    Created,
    /// The SLA due time (most overdue first); cases without an SLA last.
    SlaDue,
    /// The company's legal name (case-insensitive), cases without a name yet last.
    Company,
    /// The status's name, then newest first.
    Status,
    /// The assignee's name (case-insensitive); unassigned cases last.
    Assignee,
}

/// The order of a list: a key and its direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CaseSort {
    pub key: SortKey,
    pub descending: bool,
}

impl Default for CaseSort {
    /// Newest first, as spec 4.1 lists cases.
    fn default() -> Self {
        CaseSort { key: SortKey::Created, descending: true }
    }
}

impl CaseSort {
    /// The keys of the `sort` parameter.
    pub const KEYS: [(&'static str, SortKey); 5] = [
        ("created_at", SortKey::Created),
        ("sla_due_at", SortKey::SlaDue),
        ("company_name", SortKey::Company),
        ("status", SortKey::Status),
        ("assignee", SortKey::Assignee),
    ];

    /// `created_at`, `-created_at` (descending), ... and the older names `newest`, `oldest`,
    /// `sla_due` (most overdue first).
    pub fn parse(raw: &str) -> Option<CaseSort> {
        let up = |key| CaseSort { key, descending: false };
        match raw {
            "newest" => return Some(CaseSort::default()),
            "oldest" => return Some(up(SortKey::Created)),
            "sla_due" => return Some(up(SortKey::SlaDue)),
            _ => {}
        }
        let (descending, name) = match raw.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, raw),
        };
        Self::KEYS.iter().find(|(n, _)| *n == name).map(|(_, key)| CaseSort { key: *key, descending })
    }

    /// The `ORDER BY` of the list, each matching an index's order (migrations 0009, 0015, 0029),
    /// so a page is read by walking an index. Descending is the exact reverse of ascending:
    /// cases without the value (no SLA, no name yet, unassigned) come first then.
    pub(crate) fn order_by(self) -> &'static str {
        match (self.key, self.descending) {
            (SortKey::Created, false) => "created_at, id",
            (SortKey::Created, true) => "created_at DESC, id DESC",
            (SortKey::SlaDue, false) => "coalesce(sla_due_at, 9223372036854775807), created_at, id",
            (SortKey::SlaDue, true) => "coalesce(sla_due_at, 9223372036854775807) DESC, created_at DESC, id DESC",
            (SortKey::Company, false) => "company_name IS NULL, company_name COLLATE NOCASE, id",
            (SortKey::Company, true) => "company_name IS NULL DESC, company_name COLLATE NOCASE DESC, id DESC",
            (SortKey::Status, false) => "status, created_at DESC, id DESC",
            (SortKey::Status, true) => "status DESC, created_at, id",
            (SortKey::Assignee, false) => "assignee_name IS NULL, assignee_name COLLATE NOCASE, id",
            (SortKey::Assignee, true) => "assignee_name IS NULL DESC, assignee_name COLLATE NOCASE DESC, id DESC",
        }
    }
}

/// What the queue's search looks in for a case: its names, numbers and ids and the names of
/// its people, in lower case (`kyb_case_search`, written by the store with each write).
pub(crate) fn search_text(case: &Case) -> String {
    fn line(v: &Option<crate::values::Line>) -> &str {
        v.as_ref().map(|l| l.as_str()).unwrap_or_default()
    }
    let c = &case.form.company;
    let r = &case.form.representative;
    let mut parts: Vec<&str> = vec![
        line(&c.legal_name),
        line(&c.dba),
        line(&c.registration_number),
        case.external_id.as_ref().map(|e| e.as_str()).unwrap_or_default(),
        &case.public_id,
        line(&r.first_name),
        line(&r.last_name),
    ];
    for p in &case.form.ownership.persons {
        parts.push(line(&p.first_name));
        parts.push(line(&p.last_name));
    }
    for o in &case.form.ownership.companies {
        parts.push(line(&o.name));
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" ").to_lowercase()
}

/// The sections whose values may change in `status`, with remediations open on `open`:
/// every section but the review while the merchant fills the form, only the remediated ones
/// while a remediation is open, none otherwise.
pub fn editable_sections(status: CaseStatus, open: &[SectionKey]) -> Vec<SectionKey> {
    match status {
        CaseStatus::Draft => SectionKey::ALL.into_iter().filter(|s| *s != SectionKey::Review).collect(),
        CaseStatus::ActionRequired => open.to_vec(),
        _ => Vec::new(),
    }
}

/// What the hosted widget shows the merchant: their data and what is asked of them, nothing of
/// the checks or the reviewers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WidgetView {
    pub public_id: String,
    pub status: CaseStatus,
    pub company_name: Option<String>,
    /// The business asking: the organization's name and its branding (its settings).
    pub organization: WidgetOrganization,
    pub form: Form,
    /// The stepper as the merchant's own changes leave it: a section asked to be fixed is
    /// `action_required` until the merchant changes it, and the review is not complete while a
    /// resubmission is due.
    pub form_progress: FormProgress,
    /// What each incomplete section still lacks (field paths, `company.address.street`).
    pub missing: std::collections::BTreeMap<SectionKey, Vec<String>>,
    pub documents: Vec<WidgetDocument>,
    /// Open remediations: what the merchant must fix, in the reviewer's words.
    pub requests: Vec<WidgetRequest>,
    /// Whether the merchant can change anything now (draft, or an open remediation).
    pub editable_sections: Vec<SectionKey>,
    pub expires_at: Timestamp,
    /// Where the case stands, as the organization chose to tell it (`widget.outcomes`).
    pub outcome: WidgetOutcome,
    /// The reviewers' decision, once it applies and the organization shows it: its outcome and
    /// their message for the merchant when shown (never their internal note).
    pub decision: Option<WidgetDecision>,
}

/// The organization a widget is for, as the merchant sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WidgetOrganization {
    pub name: String,
    pub branding: crate::organizations::Branding,
}

/// Where a case stands for the merchant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum WidgetState {
    /// Being filled in.
    Draft,
    /// Submitted: checked and reviewed (a decided case whose outcome the organization does not
    /// show reads so too).
    Submitted,
    /// Something must be fixed and resubmitted (`requests`).
    ActionRequired,
    Approved,
    Rejected,
}

/// The outcome the widget shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WidgetOutcome {
    pub state: WidgetState,
    /// The reviewers' message for the merchant, when there is one and it is shown.
    pub message: Option<String>,
}

/// A decision as the merchant is told it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WidgetDecision {
    pub outcome: super::review::DecisionKind,
    /// The reviewers' message for the merchant, if they wrote one and the organization shows it.
    pub message: Option<String>,
    pub at: Timestamp,
}

/// An open remediation as the merchant sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WidgetRequest {
    pub section: SectionKey,
    pub document_kind: Option<DocumentKind>,
    pub message: String,
    pub opened_at: Timestamp,
    /// The merchant changed what was asked since (saved the section, or uploaded a document of
    /// the kind): it waits for the resubmission.
    pub fixed: bool,
}

/// A document as the widget lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WidgetDocument {
    #[serde(flatten)]
    pub document: CaseDocument,
    pub state: DocumentState,
}

/// Whether a document still stands, after a request to upload its kind again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DocumentState {
    Current,
    /// Uploaded before an open request for its kind: to be replaced.
    Outdated,
    /// Uploaded before an open request for its kind, and a newer one of the kind came since.
    Replaced,
}

impl WidgetView {
    /// The widget of `detail` for an organization named `organization` with these settings.
    pub fn of(detail: CaseDetail, organization: String, settings: crate::organizations::WidgetSettings) -> WidgetView {
        let status = detail.row.status;
        let open: Vec<&Remediation> = detail.remediations.iter().filter(|r| r.resolved_at.is_none()).collect();
        let covers = |r: &Remediation, kind: DocumentKind| r.document_kind.is_none_or(|k| k == kind);
        let saved_since = |r: &Remediation| match r.section {
            SectionKey::Documents => detail.documents.iter().any(|d| d.uploaded_at > r.opened_at && covers(r, d.kind)),
            section => detail
                .timeline
                .iter()
                .any(|e| e.at > r.opened_at && e.kind == "section_saved" && e.detail["section"] == section.as_str()),
        };
        let requests: Vec<WidgetRequest> = open
            .iter()
            .map(|r| WidgetRequest {
                section: r.section,
                document_kind: r.document_kind,
                message: r.message.clone(),
                opened_at: r.opened_at,
                fixed: saved_since(r),
            })
            .collect();
        let mut asked: Vec<SectionKey> = requests.iter().map(|r| r.section).collect();
        asked.sort();
        asked.dedup();
        let fixed: Vec<SectionKey> =
            asked.iter().copied().filter(|s| requests.iter().filter(|r| r.section == *s).all(|r| r.fixed)).collect();
        let documents = detail
            .documents
            .iter()
            .map(|d| {
                let asked_again: Vec<&&Remediation> =
                    open.iter().filter(|r| r.section == SectionKey::Documents && covers(r, d.kind)).collect();
                let outdated = asked_again.iter().any(|r| d.uploaded_at < r.opened_at);
                let newer = detail.documents.iter().any(|n| {
                    n.kind == d.kind
                        && n.uploaded_at > d.uploaded_at
                        && asked_again.iter().any(|r| n.uploaded_at > r.opened_at)
                });
                let state = match (outdated, newer) {
                    (false, _) => DocumentState::Current,
                    (true, false) => DocumentState::Outdated,
                    (true, true) => DocumentState::Replaced,
                };
                WidgetDocument { document: d.clone(), state }
            })
            .collect();
        let editable_sections = editable_sections(status, &asked);
        let applied = status.is_decided().then(|| super::review::applied(&detail.decisions)).flatten();
        let stage = status.stage();
        let shown = match stage {
            Stage::Approved | Stage::ApprovedManually => Some((WidgetState::Approved, settings.outcomes.approved)),
            Stage::Rejected | Stage::RejectedManually => Some((WidgetState::Rejected, settings.outcomes.rejected)),
            _ => None,
        };
        use crate::organizations::OutcomeShown;
        let (outcome, decision) = match shown {
            Some((_, OutcomeShown::Submitted)) => {
                (WidgetOutcome { state: WidgetState::Submitted, message: None }, None)
            }
            Some((state, how)) => {
                let message =
                    applied.and_then(|d| d.merchant_message.clone()).filter(|_| how == OutcomeShown::OutcomeAndMessage);
                let decision = applied
                    .and_then(|d| Some(WidgetDecision { outcome: d.kind()?, message: message.clone(), at: d.at }));
                (WidgetOutcome { state, message }, decision)
            }
            None => {
                let state = match status {
                    CaseStatus::Draft => WidgetState::Draft,
                    CaseStatus::ActionRequired => WidgetState::ActionRequired,
                    _ => WidgetState::Submitted,
                };
                (WidgetOutcome { state, message: None }, None)
            }
        };
        WidgetView {
            public_id: detail.row.public_id,
            status,
            company_name: detail.row.company_name,
            organization: WidgetOrganization { name: organization, branding: settings.branding },
            form_progress: FormProgress::of(&detail.form, status != CaseStatus::Draft, &asked, &fixed),
            form: detail.form,
            missing: detail.missing,
            documents,
            requests,
            editable_sections,
            expires_at: detail.widget_expires_at,
            outcome,
            decision,
        }
    }
}
