//! The reviewer's desk over KYB cases (issue 12): who works a case, its SLA, decisions under
//! four eyes, comments, and the desk's rules per environment. The types here are pure; the
//! service (`desk.rs`) applies them in the case's transaction.

use serde::{Deserialize, Serialize};

use super::case::{CaseEvent, CaseStatus, RiskLevel, Stage};
use crate::console::{Reviewer, ReviewerId, ReviewerRef, Role};
use crate::error::{Error, Result};
use crate::id::typed_id;
use crate::time::Timestamp;

typed_id!(
    /// A decision step on a case.
    DecisionId,
    "decision"
);

typed_id!(
    /// A comment on a case.
    CommentId,
    "comment"
);

/// When a decision needs a second approval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FourEyes {
    /// Never: a reviewer's decision is final.
    #[default]
    Off,
    /// On high-risk cases: risk level high or unknown (the checks could not score the case), or
    /// a check with a finding on an AML screening.
    HighRisk,
    /// On every rejection.
    Rejections,
    /// On every decision.
    All,
}

impl FourEyes {
    pub fn as_str(self) -> &'static str {
        match self {
            FourEyes::Off => "off",
            FourEyes::HighRisk => "high_risk",
            FourEyes::Rejections => "rejections",
            FourEyes::All => "all",
        }
    }

    pub fn parse(s: &str) -> Option<FourEyes> {
        [FourEyes::Off, FourEyes::HighRisk, FourEyes::Rejections, FourEyes::All].into_iter().find(|f| f.as_str() == s)
    }

    /// Whether `decision` on a case with this risk needs a second approval.
    pub fn applies(self, decision: DecisionKind, high_risk: bool) -> bool {
        match self {
            FourEyes::Off => false,
            FourEyes::HighRisk => high_risk,
            FourEyes::Rejections => decision == DecisionKind::Reject,
            FourEyes::All => true,
        }
    }
}

/// Hours a case may spend in each stage before its SLA is breached; null: no SLA there. The
/// manual-review allowance covers `failed` cases too (both wait for a reviewer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlaHours {
    pub collecting_data: Option<u32>,
    pub running_checks: Option<u32>,
    pub manual_review: Option<u32>,
    pub action_required: Option<u32>,
    /// A decision awaiting its second approval, from when it was proposed (default 8 hours;
    /// settings stored before it existed get the default). Meanwhile the review's own clock
    /// stops.
    #[serde(default = "default_awaiting_approval")]
    pub awaiting_approval: Option<u32>,
}

fn default_awaiting_approval() -> Option<u32> {
    Some(8)
}

impl Default for SlaHours {
    fn default() -> Self {
        SlaHours {
            collecting_data: None,
            running_checks: Some(1),
            manual_review: Some(24),
            action_required: Some(168),
            awaiting_approval: default_awaiting_approval(),
        }
    }
}

/// The longest allowance: a year.
const MAX_SLA_HOURS: u32 = 24 * 366;

impl SlaHours {
    /// The allowance of `stage`, if it has one. Decided cases have none.
    pub fn of(&self, stage: Stage) -> Option<u32> {
        match stage {
            Stage::CollectingData => self.collecting_data,
            Stage::RunningChecks => self.running_checks,
            Stage::ManualReview | Stage::Failed => self.manual_review,
            Stage::ActionRequired => self.action_required,
            Stage::Approved | Stage::Rejected | Stage::ApprovedManually | Stage::RejectedManually => None,
        }
    }

    /// When a case that entered `stage` at `entered` breaches its SLA.
    pub fn due(&self, stage: Stage, entered: Timestamp) -> Option<Timestamp> {
        self.of(stage).map(|h| after_hours(entered, h))
    }

    /// When a case in `stage` with this place on the desk breaches its SLA: while a decision
    /// awaits its second approval, the approval's own allowance from when it was proposed (the
    /// review's clock stops: the reviewer has done their part); otherwise the stage's.
    pub fn due_of(&self, stage: Stage, review: &CaseReview) -> Option<Timestamp> {
        match &review.pending_decision {
            Some(first) if matches!(stage, Stage::ManualReview | Stage::Failed) => {
                self.awaiting_approval.map(|h| after_hours(first.at, h))
            }
            _ => self.due(stage, review.stage_entered_at),
        }
    }

    fn check(&self) -> Result<()> {
        for (name, hours) in [
            ("collecting_data", self.collecting_data),
            ("running_checks", self.running_checks),
            ("manual_review", self.manual_review),
            ("action_required", self.action_required),
            ("awaiting_approval", self.awaiting_approval),
        ] {
            if hours.is_some_and(|h| h == 0 || h > MAX_SLA_HOURS) {
                return Err(Error::invalid(
                    format!("sla_hours.{name}"),
                    format!("must be 1 to {MAX_SLA_HOURS} hours, or null for no SLA"),
                ));
            }
        }
        Ok(())
    }
}

fn after_hours(at: Timestamp, hours: u32) -> Timestamp {
    at.saturating_add(jiff::SignedDuration::from_hours(i64::from(hours)))
}

/// The desk's rules in one environment (`GET`/`PUT /_docket/desk/settings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeskSettings {
    pub four_eyes: FourEyes,
    #[serde(default)]
    pub sla_hours: SlaHours,
}

impl DeskSettings {
    pub fn checked(self) -> Result<Self> {
        self.sla_hours.check()?;
        Ok(self)
    }
}

/// A reviewer's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DecisionKind {
    Approve,
    Reject,
}

impl DecisionKind {
    pub fn event(self) -> CaseEvent {
        match self {
            DecisionKind::Approve => CaseEvent::ReviewerApproved,
            DecisionKind::Reject => CaseEvent::ReviewerRejected,
        }
    }
}

/// Why a case was decided: the documented taxonomy, after the labels compliance teams report
/// on (Sumsub's rejection labels, Ballerine's revision and rejection reasons). Approvals and
/// rejections have their own reasons; `other` does either, and the note says why. A decision
/// gives one or several (`NewDecision::reasons`). The values of issue 12 are kept as they were.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Reason {
    /// Every check passed or was explained.
    ChecksClear,
    /// The screening hits were looked at and are not the company or its people.
    FalsePositiveCleared,
    /// Findings remain, and the business accepts the risk.
    RiskAccepted,
    /// What the checks could not confirm the reviewer confirmed by hand (a registry extract, a
    /// call, a document).
    ManuallyVerified,
    /// Enhanced due diligence was done and its findings are acceptable.
    EnhancedDueDiligence,
    SanctionsMatch,
    /// A politically exposed person among the company's people.
    PoliticallyExposedPerson,
    AdverseMedia,
    /// The business or its industry is one the organization does not serve.
    ProhibitedBusiness,
    HighRiskJurisdiction,
    FraudSuspected,
    /// A document forged or tampered with.
    DocumentTampered,
    IncompleteDocuments,
    /// A person's identity could not be verified.
    IdentityUnverifiable,
    /// The company could not be found or verified.
    CompanyUnverifiable,
    UboUndisclosed,
    /// Who owns or controls the company is unclear.
    OwnershipUnclear,
    RegistryMismatch,
    /// The declared data, the documents and the registry disagree elsewhere than the registry.
    InformationMismatch,
    UnresponsiveMerchant,
    Other,
}

impl Reason {
    pub const ALL: [Reason; 21] = [
        Reason::ChecksClear,
        Reason::FalsePositiveCleared,
        Reason::RiskAccepted,
        Reason::ManuallyVerified,
        Reason::EnhancedDueDiligence,
        Reason::SanctionsMatch,
        Reason::PoliticallyExposedPerson,
        Reason::AdverseMedia,
        Reason::ProhibitedBusiness,
        Reason::HighRiskJurisdiction,
        Reason::FraudSuspected,
        Reason::DocumentTampered,
        Reason::IncompleteDocuments,
        Reason::IdentityUnverifiable,
        Reason::CompanyUnverifiable,
        Reason::UboUndisclosed,
        Reason::OwnershipUnclear,
        Reason::RegistryMismatch,
        Reason::InformationMismatch,
        Reason::UnresponsiveMerchant,
        Reason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::ChecksClear => "checks_clear",
            Reason::FalsePositiveCleared => "false_positive_cleared",
            Reason::RiskAccepted => "risk_accepted",
            Reason::ManuallyVerified => "manually_verified",
            Reason::EnhancedDueDiligence => "enhanced_due_diligence",
            Reason::SanctionsMatch => "sanctions_match",
            Reason::PoliticallyExposedPerson => "politically_exposed_person",
            Reason::AdverseMedia => "adverse_media",
            Reason::ProhibitedBusiness => "prohibited_business",
            Reason::HighRiskJurisdiction => "high_risk_jurisdiction",
            Reason::FraudSuspected => "fraud_suspected",
            Reason::DocumentTampered => "document_tampered",
            Reason::IncompleteDocuments => "incomplete_documents",
            Reason::IdentityUnverifiable => "identity_unverifiable",
            Reason::CompanyUnverifiable => "company_unverifiable",
            Reason::UboUndisclosed => "ubo_undisclosed",
            Reason::OwnershipUnclear => "ownership_unclear",
            Reason::RegistryMismatch => "registry_mismatch",
            Reason::InformationMismatch => "information_mismatch",
            Reason::UnresponsiveMerchant => "unresponsive_merchant",
            Reason::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// Whether the reason can explain `decision`.
    pub fn fits(self, decision: DecisionKind) -> bool {
        match self {
            Reason::Other => true,
            Reason::ChecksClear
            | Reason::FalsePositiveCleared
            | Reason::RiskAccepted
            | Reason::ManuallyVerified
            | Reason::EnhancedDueDiligence => decision == DecisionKind::Approve,
            _ => decision == DecisionKind::Reject,
        }
    }
}

/// The most reasons one decision gives.
pub const MAX_REASONS: usize = 8;

/// Which step of a decision a record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DecisionStep {
    /// A decision that needed no second approval.
    Single,
    /// A decision awaiting (or given) a second approval.
    First,
    /// The second approval: `confirm` or `overturn`.
    Second,
}

impl DecisionStep {
    pub fn as_str(self) -> &'static str {
        match self {
            DecisionStep::Single => "single",
            DecisionStep::First => "first",
            DecisionStep::Second => "second",
        }
    }
}

/// What a decision step said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DecisionVerdict))]
pub enum Verdict {
    Approve,
    Reject,
    Confirm,
    Overturn,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Approve => "approve",
            Verdict::Reject => "reject",
            Verdict::Confirm => "confirm",
            Verdict::Overturn => "overturn",
        }
    }

    pub fn parse(s: &str) -> Option<Verdict> {
        [Verdict::Approve, Verdict::Reject, Verdict::Confirm, Verdict::Overturn].into_iter().find(|v| v.as_str() == s)
    }
}

impl From<DecisionKind> for Verdict {
    fn from(kind: DecisionKind) -> Self {
        match kind {
            DecisionKind::Approve => Verdict::Approve,
            DecisionKind::Reject => Verdict::Reject,
        }
    }
}

/// One decision step, as the case file shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Decision {
    pub id: DecisionId,
    pub step: DecisionStep,
    pub decision: Verdict,
    /// The first of `reasons` (single and first steps), as before several could be given.
    pub reason: Option<Reason>,
    /// Every reason the decision gives, in the order given (single and first steps).
    #[serde(default)]
    pub reasons: Vec<Reason>,
    /// The reviewers' own note: never shown to the merchant.
    pub note: String,
    /// What the merchant is told once the decision applies (in the widget); never the note.
    #[serde(default)]
    pub merchant_message: Option<String>,
    /// A first decision's senior for the second approval: the one its reviewer named, or the
    /// one who took it with *Next case*. Null: any senior.
    #[serde(default)]
    pub approver: Option<ReviewerRef>,
    /// The reviewer who decided; null when the integration decided with an API key.
    pub reviewer: Option<ReviewerRef>,
    /// The API key the integration decided with (then `reviewer` is null).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub api_key_id: Option<crate::organizations::ApiKeyId>,
    pub at: Timestamp,
}

impl Decision {
    /// Who decided, as records name them: the reviewer's name, or `API key <id>`.
    pub fn by(&self) -> String {
        match (&self.reviewer, self.api_key_id) {
            (Some(r), _) => r.name.clone(),
            (None, Some(key)) => format!("API key {key}"),
            (None, None) => "the integration".into(),
        }
    }

    /// The decision a pending first step proposes.
    pub fn kind(&self) -> Option<DecisionKind> {
        match self.decision {
            Verdict::Approve => Some(DecisionKind::Approve),
            Verdict::Reject => Some(DecisionKind::Reject),
            Verdict::Confirm | Verdict::Overturn => None,
        }
    }
}

/// The decision step whose outcome a decided case carries: the last single decision, or the
/// last first decision that a second approval confirmed (an overturned one never applied).
pub fn applied(decisions: &[Decision]) -> Option<&Decision> {
    let mut applied = None;
    let mut proposed = None;
    for d in decisions {
        match (d.step, d.decision) {
            (DecisionStep::Single, _) => applied = Some(d),
            (DecisionStep::First, _) => proposed = Some(d),
            (DecisionStep::Second, Verdict::Confirm) => applied = proposed.take().or(applied),
            (DecisionStep::Second, _) => proposed = None,
        }
    }
    applied
}

/// Whether two reviewer accounts are one person: the same account, or two accounts with the
/// same e-mail address. Four eyes needs two people, not two credentials of one.
pub fn same_person(a: &Reviewer, b: &Reviewer) -> bool {
    let email = |r: &Reviewer| r.email.as_deref().map(|e| e.trim().to_lowercase()).filter(|e| !e.is_empty());
    a.id == b.id || email(a).is_some_and(|e| email(b) == Some(e))
}

/// Why `senior` may not give the second approval of `first` (`None`: they may): only a senior
/// or an admin, never the first reviewer, nor another account of the same person. `people` are
/// the organization's reviewers, to find the first reviewer's account.
pub fn approval_refusal(senior: &Reviewer, first: &Decision, people: &[Reviewer]) -> Option<String> {
    if !senior.may(Role::Senior) {
        return Some(format!(
            "{} is a `{}`: only a senior or an admin gives the second approval",
            senior.name.as_str(),
            senior.role.as_str()
        ));
    }
    let first_reviewer = first.reviewer.as_ref()?;
    if first_reviewer.id == senior.id {
        return Some("four eyes: the reviewer who made the first decision cannot give its second approval".into());
    }
    let same = people.iter().find(|p| p.id == first_reviewer.id).is_some_and(|p| same_person(p, senior));
    same.then(|| {
        format!(
            "four eyes: {} and {} are accounts of the same person (one e-mail address): another senior gives the \
             second approval",
            first_reviewer.name,
            senior.name.as_str()
        )
    })
}

/// A case's place on the desk (`review` on every case row).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CaseReview {
    /// The reviewer working the case; only they decide it.
    pub assignee: Option<ReviewerRef>,
    pub assigned_at: Option<Timestamp>,
    /// When the case entered its current stage: the SLA counts from here.
    pub stage_entered_at: Timestamp,
    /// When the stage's SLA is breached; null when the stage has none (decided cases).
    pub sla_due_at: Option<Timestamp>,
    /// A first decision awaiting its second approval.
    pub pending_decision: Option<Decision>,
}

impl CaseReview {
    pub fn new(at: Timestamp) -> Self {
        CaseReview { assignee: None, assigned_at: None, stage_entered_at: at, sla_due_at: None, pending_decision: None }
    }

    pub fn assignee_id(&self) -> Option<ReviewerId> {
        self.assignee.as_ref().map(|a| a.id)
    }
}

/// Whether a case counts as high risk for four eyes.
pub fn high_risk(status: CaseStatus, risk: Option<RiskLevel>, aml_finding: bool) -> bool {
    risk == Some(RiskLevel::High) || (risk.is_none() && status == CaseStatus::Failed) || aml_finding
}

/// `POST /api/v4/kyb/verifications/{id}/decision`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewDecision {
    pub decision: DecisionKind,
    /// One reason (the original field); `reasons` gives several. At least one of the two.
    #[serde(default)]
    pub reason: Option<Reason>,
    /// The reasons, each fitting the decision (at most 8).
    #[serde(default)]
    pub reasons: Vec<Reason>,
    /// Required: what the reviewer saw and why they decided so (1 to 2000 characters). Internal:
    /// never shown to the merchant.
    pub note: String,
    /// What the merchant is told in the widget once the decision applies (up to 2000
    /// characters).
    #[serde(default)]
    pub merchant_message: Option<String>,
    /// Under four eyes: the senior (or admin) asked for the second approval; others may still
    /// give it. Ignored when the decision needs no second approval.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub approver_id: Option<ReviewerId>,
    /// The keys of the case's `open_flags` the reviewer acknowledges: an approval must name
    /// every one (a rejection needs none).
    #[serde(default)]
    pub acknowledged_flags: Vec<String>,
}

impl NewDecision {
    pub fn new(decision: DecisionKind, reasons: Vec<Reason>, note: impl Into<String>) -> Self {
        NewDecision {
            decision,
            reason: None,
            reasons,
            note: note.into(),
            merchant_message: None,
            approver_id: None,
            acknowledged_flags: Vec::new(),
        }
    }

    /// The same decision acknowledging these open flags.
    pub fn acknowledging(mut self, keys: Vec<String>) -> Self {
        self.acknowledged_flags = keys;
        self
    }

    /// The reasons given (`reason`, then `reasons`), each once: refused when there is none, too
    /// many, or one that does not explain the decision.
    pub fn checked_reasons(&self) -> Result<Vec<Reason>> {
        let mut out: Vec<Reason> = Vec::new();
        for r in self.reason.iter().chain(&self.reasons) {
            if !out.contains(r) {
                out.push(*r);
            }
        }
        if out.is_empty() {
            return Err(Error::invalid("reasons", "give at least one reason from the taxonomy"));
        }
        if out.len() > MAX_REASONS {
            return Err(Error::invalid("reasons", format!("at most {MAX_REASONS} reasons")));
        }
        let (what, doing) = match self.decision {
            DecisionKind::Approve => ("an approval", "approving"),
            DecisionKind::Reject => ("a rejection", "rejecting"),
        };
        if let Some(r) = out.iter().find(|r| !r.fits(self.decision)) {
            let field = if self.reason == Some(*r) { "reason" } else { "reasons" };
            return Err(Error::invalid(
                field,
                format!("`{}` does not explain {what}: choose reasons for {doing}", r.as_str()),
            ));
        }
        Ok(out)
    }
}

/// `POST /api/v4/kyb/verifications/{id}/second-approval`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewSecondApproval {
    /// True confirms the first decision (the case's status changes); false overturns it (the
    /// case stays with its first reviewer, to decide again).
    pub confirm: bool,
    pub note: String,
}

/// A comment: an internal note on a case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Comment {
    pub id: CommentId,
    pub author: ReviewerRef,
    pub body: String,
    /// The reviewers the body mentions (`@Name`).
    pub mentions: Vec<ReviewerRef>,
    pub at: Timestamp,
}

/// `POST /api/v4/kyb/verifications/{id}/comments`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewComment {
    pub body: String,
}

/// `POST /api/v4/kyb/verifications/{id}/assign`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewAssignment {
    /// The reviewer to assign; null leaves the case unassigned.
    pub reviewer_id: Option<ReviewerId>,
}

/// The reviewers `body` mentions: `@` followed by a reviewer's whole name (the longest that
/// matches, any letter case), at the start or after a space or punctuation.
pub fn mentions<'r>(body: &str, reviewers: &'r [ReviewerRef]) -> Vec<&'r ReviewerRef> {
    let lower = body.to_lowercase();
    let mut found: Vec<&ReviewerRef> = Vec::new();
    for (i, _) in lower.match_indices('@') {
        let before_ok = lower[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        if !before_ok {
            continue;
        }
        let rest = &lower[i + 1..];
        let best = reviewers
            .iter()
            .filter(|r| {
                let name = r.name.to_lowercase();
                rest.starts_with(&name) && rest[name.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric())
            })
            .max_by_key(|r| r.name.len());
        if let Some(r) = best
            && !found.iter().any(|f| f.id == r.id)
        {
            found.push(r);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reviewer(name: &str) -> ReviewerRef {
        ReviewerRef { id: ReviewerId::new(Timestamp::from_millis(1)), name: name.into() }
    }

    #[test]
    fn four_eyes_policies() {
        use DecisionKind::*;
        assert!(!FourEyes::Off.applies(Reject, true));
        assert!(FourEyes::All.applies(Approve, false));
        assert!(FourEyes::Rejections.applies(Reject, false));
        assert!(!FourEyes::Rejections.applies(Approve, true));
        assert!(FourEyes::HighRisk.applies(Approve, true));
        assert!(!FourEyes::HighRisk.applies(Reject, false));
        assert!(high_risk(CaseStatus::Failed, None, false));
        assert!(!high_risk(CaseStatus::ManualReview, Some(RiskLevel::Medium), false));
        assert!(high_risk(CaseStatus::ManualReview, Some(RiskLevel::Medium), true));
    }

    #[test]
    fn reasons_fit_their_decision() {
        assert!(Reason::ChecksClear.fits(DecisionKind::Approve));
        assert!(!Reason::ChecksClear.fits(DecisionKind::Reject));
        assert!(Reason::SanctionsMatch.fits(DecisionKind::Reject));
        assert!(!Reason::SanctionsMatch.fits(DecisionKind::Approve));
        assert!(Reason::Other.fits(DecisionKind::Approve) && Reason::Other.fits(DecisionKind::Reject));
        assert!(Reason::PoliticallyExposedPerson.fits(DecisionKind::Reject));
        assert!(Reason::ManuallyVerified.fits(DecisionKind::Approve));
        for r in Reason::ALL {
            assert_eq!(Reason::parse(r.as_str()), Some(r));
            assert_eq!(serde_json::to_value(r).ok(), Some(serde_json::json!(r.as_str())));
        }
    }

    #[test]
    fn sla_allowances_per_stage() {
        let sla = SlaHours::default();
        let at = Timestamp::from_millis(0);
        assert_eq!(sla.due(Stage::ManualReview, at), Some(Timestamp::from_millis(24 * 3_600_000)));
        assert_eq!(sla.due(Stage::Failed, at), sla.due(Stage::ManualReview, at));
        assert_eq!(sla.due(Stage::CollectingData, at), None);
        assert_eq!(sla.due(Stage::ApprovedManually, at), None);
        assert!(SlaHours { manual_review: Some(0), ..sla }.check().is_err());
        assert!(SlaHours { manual_review: Some(MAX_SLA_HOURS + 1), ..sla }.check().is_err());
        assert!(SlaHours { awaiting_approval: Some(0), ..sla }.check().is_err());
    }

    fn decision(step: DecisionStep, verdict: Verdict, at: i64) -> Decision {
        Decision {
            id: DecisionId::new(Timestamp::from_millis(at)),
            step,
            decision: verdict,
            reason: None,
            reasons: Vec::new(),
            note: format!("note {at}"),
            merchant_message: Some(format!("message {at}")),
            approver: None,
            reviewer: None,
            api_key_id: None,
            at: Timestamp::from_millis(at),
        }
    }

    #[test]
    fn a_pending_second_approval_stops_the_review_clock_and_runs_its_own() {
        let hour = 3_600_000;
        let sla = SlaHours::default();
        let mut review = CaseReview::new(Timestamp::from_millis(0));
        assert_eq!(sla.due_of(Stage::ManualReview, &review), Some(Timestamp::from_millis(24 * hour)));
        review.pending_decision = Some(decision(DecisionStep::First, Verdict::Reject, 30 * hour));
        assert_eq!(sla.due_of(Stage::ManualReview, &review), Some(Timestamp::from_millis(38 * hour)));
        assert_eq!(sla.due_of(Stage::RejectedManually, &review), None, "a decided case has no SLA");
        let none = SlaHours { awaiting_approval: None, ..sla };
        assert_eq!(none.due_of(Stage::Failed, &review), None);
        // Settings stored before the allowance existed get its default.
        let old: SlaHours = serde_json::from_value(serde_json::json!({
            "collecting_data": null, "running_checks": 1, "manual_review": 24, "action_required": 168
        }))
        .expect("old settings");
        assert_eq!(old.awaiting_approval, Some(8));
    }

    #[test]
    fn the_applied_decision_is_the_last_single_or_confirmed_first() {
        use DecisionStep::*;
        assert!(applied(&[]).is_none());
        let overturned = [decision(First, Verdict::Reject, 1), decision(Second, Verdict::Overturn, 2)];
        assert!(applied(&overturned).is_none(), "an overturned decision never applied");
        let confirmed = [
            decision(First, Verdict::Reject, 1),
            decision(Second, Verdict::Overturn, 2),
            decision(First, Verdict::Approve, 3),
            decision(Second, Verdict::Confirm, 4),
        ];
        assert_eq!(applied(&confirmed).map(|d| d.at), Some(Timestamp::from_millis(3)));
        let pending = [decision(First, Verdict::Approve, 1)];
        assert!(applied(&pending).is_none(), "a decision awaiting its second approval has not applied");
        assert_eq!(applied(&[decision(Single, Verdict::Approve, 5)]).map(|d| d.at), Some(Timestamp::from_millis(5)));
    }

    #[test]
    fn several_reasons_each_fitting_the_decision_old_single_field_kept() {
        let mut input = NewDecision::new(DecisionKind::Reject, vec![Reason::AdverseMedia], "n");
        input.reason = Some(Reason::PoliticallyExposedPerson);
        input.reasons.push(Reason::PoliticallyExposedPerson);
        assert_eq!(input.checked_reasons().ok(), Some(vec![Reason::PoliticallyExposedPerson, Reason::AdverseMedia]));
        let none = NewDecision::new(DecisionKind::Approve, vec![], "n");
        assert!(matches!(none.checked_reasons(), Err(Error::Invalid(f)) if f.field.as_deref() == Some("reasons")));
        let wrong = NewDecision::new(DecisionKind::Approve, vec![Reason::ChecksClear, Reason::ProhibitedBusiness], "n");
        assert!(matches!(wrong.checked_reasons(), Err(Error::Invalid(f)) if f.message.contains("prohibited_business")));
        let many = NewDecision::new(DecisionKind::Reject, Reason::ALL[5..].to_vec(), "n");
        assert!(many.checked_reasons().is_err(), "more than {MAX_REASONS}");
        let old: NewDecision =
            serde_json::from_value(serde_json::json!({"decision": "approve", "reason": "checks_clear", "note": "ok"}))
                .expect("the single field still parses");
        assert_eq!(old.checked_reasons().ok(), Some(vec![Reason::ChecksClear]));
    }

    fn account(name: &str, email: Option<&str>, role: Role) -> Reviewer {
        let at = Timestamp::from_millis(1);
        Reviewer {
            id: ReviewerId::new(at),
            organization_id: crate::scope::OrganizationId::new(at),
            name: crate::console::ReviewerName::parse(name).expect("a name"),
            email: email.map(str::to_owned),
            role,
            owner: false,
            created_at: at,
            disabled_at: None,
            removed_at: None,
            has_password: false,
            has_second_factor: false,
        }
    }

    #[test]
    fn four_eyes_needs_two_people_not_two_accounts() {
        let ann = account("Ann", Some("ann@example.com"), Role::Reviewer);
        let ann_senior = account("Ann (senior)", Some(" ANN@example.com"), Role::Senior);
        let sue = account("Sue", Some("sue@example.com"), Role::Senior);
        let bob = account("Bob", None, Role::Reviewer);
        let people = [ann.clone(), ann_senior.clone(), sue.clone(), bob.clone()];
        let first = Decision { reviewer: Some(ann.reference()), ..decision(DecisionStep::First, Verdict::Reject, 1) };
        assert!(approval_refusal(&sue, &first, &people).is_none());
        assert!(approval_refusal(&ann_senior, &first, &people).is_some_and(|m| m.contains("same person")));
        assert!(approval_refusal(&bob, &first, &people).is_some_and(|m| m.contains("senior")));
        let own = Decision { reviewer: Some(sue.reference()), ..first.clone() };
        assert!(approval_refusal(&sue, &own, &people).is_some_and(|m| m.contains("first decision")));
        assert!(!same_person(&bob, &account("Bob two", None, Role::Senior)), "no e-mail: not known to be one");
    }

    #[test]
    fn mentions_match_whole_names_longest_first() {
        let people = [reviewer("Ann"), reviewer("Ann Lee"), reviewer("Zoë Ångström")];
        let names = |body: &str| mentions(body, &people).into_iter().map(|r| r.name.clone()).collect::<Vec<_>>();
        assert_eq!(names("@ann lee please look"), ["Ann Lee"]);
        assert_eq!(names("cc @Ann, and @zoë ångström."), ["Ann", "Zoë Ångström"]);
        assert!(names("mail ann@ann.com or @Annabel").is_empty());
        assert_eq!(names("@Ann @ann"), ["Ann"]);
    }
}
