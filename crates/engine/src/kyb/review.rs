//! The reviewer's desk over KYB cases (issue 12): who works a case, its SLA, decisions under
//! four eyes, comments, and the desk's rules per environment. The types here are pure; the
//! service (`desk.rs`) applies them in the case's transaction.

use serde::{Deserialize, Serialize};

use super::case::{CaseEvent, CaseStatus, RiskLevel, Stage};
use crate::console::{ReviewerId, ReviewerRef};
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
}

impl Default for SlaHours {
    fn default() -> Self {
        SlaHours { collecting_data: None, running_checks: Some(1), manual_review: Some(24), action_required: Some(168) }
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
        self.of(stage).map(|h| entered.saturating_add(jiff::SignedDuration::from_hours(i64::from(h))))
    }

    fn check(&self) -> Result<()> {
        for (name, hours) in [
            ("collecting_data", self.collecting_data),
            ("running_checks", self.running_checks),
            ("manual_review", self.manual_review),
            ("action_required", self.action_required),
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

/// Why a case was decided: the documented taxonomy. The first four approve, the others reject
/// (`other` does either, and its note says why).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Reason {
    /// Every check passed or was explained.
    ChecksClear,
    /// The screening hits were looked at and are not the company or its people.
    FalsePositiveCleared,
    /// Findings remain, and the business accepts the risk.
    RiskAccepted,
    SanctionsMatch,
    RegistryMismatch,
    DocumentTampered,
    UboUndisclosed,
    HighRiskJurisdiction,
    FraudSuspected,
    UnresponsiveMerchant,
    Other,
}

impl Reason {
    pub const ALL: [Reason; 11] = [
        Reason::ChecksClear,
        Reason::FalsePositiveCleared,
        Reason::RiskAccepted,
        Reason::SanctionsMatch,
        Reason::RegistryMismatch,
        Reason::DocumentTampered,
        Reason::UboUndisclosed,
        Reason::HighRiskJurisdiction,
        Reason::FraudSuspected,
        Reason::UnresponsiveMerchant,
        Reason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::ChecksClear => "checks_clear",
            Reason::FalsePositiveCleared => "false_positive_cleared",
            Reason::RiskAccepted => "risk_accepted",
            Reason::SanctionsMatch => "sanctions_match",
            Reason::RegistryMismatch => "registry_mismatch",
            Reason::DocumentTampered => "document_tampered",
            Reason::UboUndisclosed => "ubo_undisclosed",
            Reason::HighRiskJurisdiction => "high_risk_jurisdiction",
            Reason::FraudSuspected => "fraud_suspected",
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
            Reason::ChecksClear | Reason::FalsePositiveCleared | Reason::RiskAccepted => {
                decision == DecisionKind::Approve
            }
            _ => decision == DecisionKind::Reject,
        }
    }
}

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
    /// The taxonomy's reason (single and first steps).
    pub reason: Option<Reason>,
    pub note: String,
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
    pub reason: Reason,
    /// Required: what the reviewer saw and why they decided so (1 to 2000 characters).
    pub note: String,
    /// The keys of the case's `open_flags` the reviewer acknowledges: an approval must name
    /// every one (a rejection needs none).
    #[serde(default)]
    pub acknowledged_flags: Vec<String>,
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
