//! A KYB case's status and stage, and the one function that moves them (spec 3.1, 3.2).
//!
//! The stage is a function of the status: `draft` collects data, `under_review` runs checks,
//! `action_required` waits for the merchant, and every other status is its own stage. Keeping
//! one of the two as the source of truth makes a status and a stage that disagree
//! unrepresentable.

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// A case's status (spec 3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CaseStatus {
    /// The merchant is filling the widget.
    Draft,
    /// Submitted; the checks run.
    UnderReview,
    /// A remediation is open: the merchant must fix and resubmit something.
    ActionRequired,
    /// Checks done, risk Low.
    Approved,
    /// Checks done, risk Medium: a reviewer decides.
    ManualReview,
    /// Checks done, risk High.
    Rejected,
    /// Checks done, but no risk could be obtained: a reviewer decides.
    Failed,
    ApprovedManually,
    RejectedManually,
}

/// A case's lifecycle stage (spec 3.2), derived from its status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Stage {
    CollectingData,
    RunningChecks,
    ManualReview,
    ActionRequired,
    Approved,
    Rejected,
    Failed,
    ApprovedManually,
    RejectedManually,
}

/// The risk level the scoring model gives (spec 2.1 `risk_level`).
/// Served in lower case (`medium`), as the spec's one example shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RiskLevel {
    Low,
    Medium,
    High,
}

/// What happens to a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseEvent {
    /// The merchant submits the completed widget.
    Submitted,
    /// A reviewer (or the API) opens a remediation on a section or document.
    RemediationOpened,
    /// The merchant resubmits after fixing what a remediation asked.
    Resubmitted,
    /// Every check is terminal; the risk model gave a level, or none could be obtained.
    ChecksFinished {
        risk: Option<RiskLevel>,
    },
    /// The case, waiting for a reviewer, was scored again: a check that could not run was run
    /// again from the case file, and the score it lacked is given now (or still cannot be).
    Rescored {
        risk: Option<RiskLevel>,
    },
    /// A reviewer's decision.
    ReviewerApproved,
    ReviewerRejected,
}

impl CaseEvent {
    /// The event in words, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            CaseEvent::Submitted => "submit the case",
            CaseEvent::RemediationOpened => "open a remediation",
            CaseEvent::Resubmitted => "resubmit the case",
            CaseEvent::ChecksFinished { .. } => "finish the checks",
            CaseEvent::Rescored { .. } => "score the case again",
            CaseEvent::ReviewerApproved => "approve the case",
            CaseEvent::ReviewerRejected => "reject the case",
        }
    }
}

/// A transition the state machine does not allow (answered 409).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TransitionRefused {
    pub from: CaseStatus,
    pub event: CaseEvent,
}

impl std::fmt::Display for TransitionRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match (self.from, self.event) {
            (CaseStatus::Draft, _) => "it has not been submitted yet",
            (s, _) if s.is_decided() => "it is already decided",
            (CaseStatus::UnderReview, CaseEvent::ReviewerApproved | CaseEvent::ReviewerRejected) => {
                "its checks are still running"
            }
            (CaseStatus::ActionRequired, _) => "it waits for the merchant to resolve a remediation",
            _ => "the transition does not apply in that status",
        };
        write!(f, "cannot {} while the case is `{}`: {why}", self.event.describe(), self.from.as_str())
    }
}

impl From<TransitionRefused> for Error {
    fn from(refused: TransitionRefused) -> Self {
        Error::Conflict(refused.to_string())
    }
}

impl CaseStatus {
    pub const ALL: [CaseStatus; 9] = [
        CaseStatus::Draft,
        CaseStatus::UnderReview,
        CaseStatus::ActionRequired,
        CaseStatus::Approved,
        CaseStatus::ManualReview,
        CaseStatus::Rejected,
        CaseStatus::Failed,
        CaseStatus::ApprovedManually,
        CaseStatus::RejectedManually,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CaseStatus::Draft => "draft",
            CaseStatus::UnderReview => "under_review",
            CaseStatus::ActionRequired => "action_required",
            CaseStatus::Approved => "approved",
            CaseStatus::ManualReview => "manual_review",
            CaseStatus::Rejected => "rejected",
            CaseStatus::Failed => "failed",
            CaseStatus::ApprovedManually => "approved_manually",
            CaseStatus::RejectedManually => "rejected_manually",
        }
    }

    pub fn parse(s: &str) -> Option<CaseStatus> {
        CaseStatus::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// The stage this status shows (spec 3.2: once decided, the stage equals the status).
    pub fn stage(self) -> Stage {
        match self {
            CaseStatus::Draft => Stage::CollectingData,
            CaseStatus::UnderReview => Stage::RunningChecks,
            CaseStatus::ActionRequired => Stage::ActionRequired,
            CaseStatus::ManualReview => Stage::ManualReview,
            CaseStatus::Approved => Stage::Approved,
            CaseStatus::Rejected => Stage::Rejected,
            CaseStatus::Failed => Stage::Failed,
            CaseStatus::ApprovedManually => Stage::ApprovedManually,
            CaseStatus::RejectedManually => Stage::RejectedManually,
        }
    }

    /// Final: nothing moves the case any more. (`failed` is not: a reviewer decides it.)
    pub fn is_decided(self) -> bool {
        matches!(
            self,
            CaseStatus::Approved | CaseStatus::Rejected | CaseStatus::ApprovedManually | CaseStatus::RejectedManually
        )
    }

    /// Waiting for a reviewer's decision.
    pub fn awaits_reviewer(self) -> bool {
        matches!(self, CaseStatus::ManualReview | CaseStatus::Failed)
    }

    /// The status after `event`, or why it cannot happen. The whole of spec 3.1 is here.
    pub fn after(self, event: CaseEvent) -> Result<CaseStatus, TransitionRefused> {
        use CaseEvent as E;
        use CaseStatus as S;
        let to = match (self, event) {
            (S::Draft, E::Submitted) => S::UnderReview,
            (S::ActionRequired, E::Resubmitted) => S::UnderReview,
            // A remediation can be asked while checks run, while a reviewer looks at the case,
            // and again while another is open; not before submission nor after a decision.
            (S::UnderReview | S::ManualReview | S::Failed | S::ActionRequired, E::RemediationOpened) => {
                S::ActionRequired
            }
            (S::UnderReview, E::ChecksFinished { risk: Some(RiskLevel::Low) }) => S::Approved,
            (S::UnderReview, E::ChecksFinished { risk: Some(RiskLevel::Medium) }) => S::ManualReview,
            (S::UnderReview, E::ChecksFinished { risk: Some(RiskLevel::High) }) => S::Rejected,
            (S::UnderReview, E::ChecksFinished { risk: None }) => S::Failed,
            // Scored again while a reviewer has it: it stays theirs, whatever the level; only
            // whether a score could be given moves it between failed and manual review.
            (from, E::Rescored { risk: Some(_) }) if from.awaits_reviewer() => S::ManualReview,
            (from, E::Rescored { risk: None }) if from.awaits_reviewer() => S::Failed,
            (from, E::ReviewerApproved) if from.awaits_reviewer() => S::ApprovedManually,
            (from, E::ReviewerRejected) if from.awaits_reviewer() => S::RejectedManually,
            (from, event) => return Err(TransitionRefused { from, event }),
        };
        Ok(to)
    }
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::CollectingData => "collecting_data",
            Stage::RunningChecks => "running_checks",
            Stage::ManualReview => "manual_review",
            Stage::ActionRequired => "action_required",
            Stage::Approved => "approved",
            Stage::Rejected => "rejected",
            Stage::Failed => "failed",
            Stage::ApprovedManually => "approved_manually",
            Stage::RejectedManually => "rejected_manually",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use CaseEvent as E;
    use CaseStatus as S;

    const EVENTS: [CaseEvent; 13] = [
        E::Submitted,
        E::RemediationOpened,
        E::Resubmitted,
        E::ChecksFinished { risk: Some(RiskLevel::Low) },
        E::ChecksFinished { risk: Some(RiskLevel::Medium) },
        E::ChecksFinished { risk: Some(RiskLevel::High) },
        E::ChecksFinished { risk: None },
        E::Rescored { risk: Some(RiskLevel::Low) },
        E::Rescored { risk: Some(RiskLevel::Medium) },
        E::Rescored { risk: Some(RiskLevel::High) },
        E::Rescored { risk: None },
        E::ReviewerApproved,
        E::ReviewerRejected,
    ];

    /// Every allowed transition, row by row: spec 3.1, with the remediation and reviewer rows
    /// spelt out per status.
    const ALLOWED: &[(CaseStatus, CaseEvent, CaseStatus)] = &[
        (S::Draft, E::Submitted, S::UnderReview),
        (S::UnderReview, E::RemediationOpened, S::ActionRequired),
        (S::ManualReview, E::RemediationOpened, S::ActionRequired),
        (S::Failed, E::RemediationOpened, S::ActionRequired),
        (S::ActionRequired, E::RemediationOpened, S::ActionRequired),
        (S::ActionRequired, E::Resubmitted, S::UnderReview),
        (S::UnderReview, E::ChecksFinished { risk: Some(RiskLevel::Low) }, S::Approved),
        (S::UnderReview, E::ChecksFinished { risk: Some(RiskLevel::Medium) }, S::ManualReview),
        (S::UnderReview, E::ChecksFinished { risk: Some(RiskLevel::High) }, S::Rejected),
        (S::UnderReview, E::ChecksFinished { risk: None }, S::Failed),
        (S::Failed, E::Rescored { risk: Some(RiskLevel::Low) }, S::ManualReview),
        (S::Failed, E::Rescored { risk: Some(RiskLevel::Medium) }, S::ManualReview),
        (S::Failed, E::Rescored { risk: Some(RiskLevel::High) }, S::ManualReview),
        (S::Failed, E::Rescored { risk: None }, S::Failed),
        (S::ManualReview, E::Rescored { risk: Some(RiskLevel::Low) }, S::ManualReview),
        (S::ManualReview, E::Rescored { risk: Some(RiskLevel::Medium) }, S::ManualReview),
        (S::ManualReview, E::Rescored { risk: Some(RiskLevel::High) }, S::ManualReview),
        (S::ManualReview, E::Rescored { risk: None }, S::Failed),
        (S::ManualReview, E::ReviewerApproved, S::ApprovedManually),
        (S::ManualReview, E::ReviewerRejected, S::RejectedManually),
        (S::Failed, E::ReviewerApproved, S::ApprovedManually),
        (S::Failed, E::ReviewerRejected, S::RejectedManually),
    ];

    #[test]
    fn every_row_of_the_table_holds() {
        for &(from, event, to) in ALLOWED {
            assert_eq!(from.after(event), Ok(to), "{from:?} + {event:?}");
        }
    }

    #[test]
    fn every_other_transition_is_refused_with_the_current_status() {
        for from in CaseStatus::ALL {
            for event in EVENTS {
                if ALLOWED.iter().any(|&(f, e, _)| f == from && e == event) {
                    continue;
                }
                let refused = from.after(event).expect_err("not in the table");
                let message = refused.to_string();
                assert!(message.contains(&format!("`{}`", from.as_str())), "{message}");
                assert!(matches!(Error::from(refused), Error::Conflict(_)));
            }
        }
    }

    #[test]
    fn stages_mirror_decided_statuses_and_follow_the_lifecycle() {
        assert_eq!(S::Draft.stage(), Stage::CollectingData);
        assert_eq!(S::UnderReview.stage(), Stage::RunningChecks);
        assert_eq!(S::ActionRequired.stage(), Stage::ActionRequired);
        for s in CaseStatus::ALL.into_iter().filter(|s| s.is_decided() || s.awaits_reviewer()) {
            assert_eq!(s.stage().as_str(), s.as_str());
        }
        for s in CaseStatus::ALL {
            assert_eq!(CaseStatus::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).ok(), Some(serde_json::json!(s.as_str())));
            assert_eq!(serde_json::to_value(s.stage()).ok(), Some(serde_json::json!(s.stage().as_str())));
        }
    }

    #[test]
    fn decided_cases_never_move_again() {
        for s in CaseStatus::ALL.into_iter().filter(|s| s.is_decided()) {
            assert!(EVENTS.iter().all(|&e| s.after(e).is_err()), "{s:?}");
        }
    }
}
