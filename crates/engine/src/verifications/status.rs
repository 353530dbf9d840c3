//! A verification's status and the one function that moves it, as the public service's docs
//! describe the flow (public-api.md section 3):
//!
//! > The first verification status is initial. Second one is pending, when some documents are
//! > uploaded … but not all required documents are uploaded. When all documents are uploaded and
//! > verification has been proceeded … status becomes in_progress. After in_progress status can
//! > be both verified or failed. Transition to canceled status can be from any status … except
//! > verified and failed. Transition to expired status can be from any status … except verified,
//! > in_progress and failed.
//!
//! Two choices where the docs are silent: a verification stays `pending` once documents are in
//! until it is proceeded (the docs move it only on proceed), and a canceled one does not expire
//! (it is over already). Canceling or expiring twice changes nothing.

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// A verification's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum VerificationStatus {
    /// Created; nothing uploaded yet.
    Initial,
    /// Documents are coming in; not yet proceeded.
    Pending,
    /// Proceeded: its checks run (or wait for a reviewer, in production).
    InProgress,
    Verified,
    Failed,
    Canceled,
    Expired,
}

/// What happens to a verification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerificationEvent {
    /// A document was uploaded to it (or to its applicant while it was open).
    DocumentAdded,
    /// The caller or the person says every document is in (the service checks they are).
    Proceeded,
    /// Every check has its outcome.
    Finished {
        verified: bool,
    },
    Canceled,
    /// Its `expires_at` passed on the environment's clock.
    Expired,
}

impl VerificationEvent {
    fn describe(self) -> &'static str {
        match self {
            VerificationEvent::DocumentAdded => "add a document",
            VerificationEvent::Proceeded => "proceed",
            VerificationEvent::Finished { .. } => "finish it",
            VerificationEvent::Canceled => "cancel it",
            VerificationEvent::Expired => "expire it",
        }
    }
}

/// A transition the flow does not allow; a 409 that names the current status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TransitionRefused {
    pub from: VerificationStatus,
    pub event: VerificationEvent,
}

impl std::fmt::Display for TransitionRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use VerificationStatus as S;
        let why = match self.from {
            S::Verified | S::Failed => "it is finished",
            S::Canceled => "it was canceled",
            S::Expired => "it expired",
            S::InProgress => "its checks are running",
            S::Initial | S::Pending => "it has not been proceeded",
        };
        write!(f, "cannot {} while the verification is `{}`: {why}", self.event.describe(), self.from.as_str())
    }
}

impl From<TransitionRefused> for Error {
    fn from(refused: TransitionRefused) -> Self {
        Error::Conflict(refused.to_string())
    }
}

impl VerificationStatus {
    pub const ALL: [VerificationStatus; 7] = [
        VerificationStatus::Initial,
        VerificationStatus::Pending,
        VerificationStatus::InProgress,
        VerificationStatus::Verified,
        VerificationStatus::Failed,
        VerificationStatus::Canceled,
        VerificationStatus::Expired,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            VerificationStatus::Initial => "initial",
            VerificationStatus::Pending => "pending",
            VerificationStatus::InProgress => "in_progress",
            VerificationStatus::Verified => "verified",
            VerificationStatus::Failed => "failed",
            VerificationStatus::Canceled => "canceled",
            VerificationStatus::Expired => "expired",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// Whether documents may still be added and the person may still act.
    pub fn is_open(self) -> bool {
        matches!(self, VerificationStatus::Initial | VerificationStatus::Pending)
    }

    /// Whether nothing can happen to it any more (cancel and expire aside, which are no-ops).
    pub fn is_over(self) -> bool {
        matches!(
            self,
            VerificationStatus::Verified
                | VerificationStatus::Failed
                | VerificationStatus::Canceled
                | VerificationStatus::Expired
        )
    }

    /// The status after `event`, or the refusal. This is the whole flow.
    pub fn after(self, event: VerificationEvent) -> Result<VerificationStatus, TransitionRefused> {
        use VerificationEvent as E;
        use VerificationStatus as S;
        let next = match (self, event) {
            (S::Initial | S::Pending, E::DocumentAdded) => S::Pending,
            (S::Initial | S::Pending, E::Proceeded) => S::InProgress,
            (S::InProgress, E::Finished { verified: true }) => S::Verified,
            (S::InProgress, E::Finished { verified: false }) => S::Failed,
            (S::Initial | S::Pending | S::InProgress | S::Expired, E::Canceled) => S::Canceled,
            (S::Canceled, E::Canceled) => S::Canceled,
            (S::Initial | S::Pending, E::Expired) => S::Expired,
            (S::Expired, E::Expired) => S::Expired,
            (from, event) => return Err(TransitionRefused { from, event }),
        };
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::VerificationEvent as E;
    use super::VerificationStatus as S;
    use super::*;

    const EVENTS: [E; 6] = [
        E::DocumentAdded,
        E::Proceeded,
        E::Finished { verified: true },
        E::Finished { verified: false },
        E::Canceled,
        E::Expired,
    ];

    /// Every allowed transition; every other pair is refused.
    const TABLE: [(S, E, S); 14] = [
        (S::Initial, E::DocumentAdded, S::Pending),
        (S::Pending, E::DocumentAdded, S::Pending),
        (S::Initial, E::Proceeded, S::InProgress),
        (S::Pending, E::Proceeded, S::InProgress),
        (S::InProgress, E::Finished { verified: true }, S::Verified),
        (S::InProgress, E::Finished { verified: false }, S::Failed),
        (S::Initial, E::Canceled, S::Canceled),
        (S::Pending, E::Canceled, S::Canceled),
        (S::InProgress, E::Canceled, S::Canceled),
        (S::Expired, E::Canceled, S::Canceled),
        (S::Canceled, E::Canceled, S::Canceled),
        (S::Initial, E::Expired, S::Expired),
        (S::Pending, E::Expired, S::Expired),
        (S::Expired, E::Expired, S::Expired),
    ];

    #[test]
    fn every_row_of_the_table_holds() {
        for (from, event, to) in TABLE {
            assert_eq!(from.after(event), Ok(to), "{from:?} + {event:?}");
        }
    }

    #[test]
    fn every_pair_the_table_does_not_list_is_refused_naming_the_status() {
        for from in S::ALL {
            for event in EVENTS {
                if TABLE.iter().any(|(f, e, _)| *f == from && *e == event) {
                    continue;
                }
                let refused = from.after(event).expect_err("refused");
                let message = Error::from(refused).to_string();
                assert!(message.contains(&format!("`{}`", from.as_str())), "{message}");
            }
        }
    }

    #[test]
    fn the_docs_rules_hold() {
        // Cancel from any status except verified and failed.
        for from in S::ALL {
            let allowed = from.after(E::Canceled).is_ok();
            assert_eq!(allowed, !matches!(from, S::Verified | S::Failed), "{from:?}");
        }
        // Expire from any status except verified, in_progress and failed (and canceled: over).
        for from in S::ALL {
            let allowed = from.after(E::Expired).is_ok();
            assert_eq!(allowed, !matches!(from, S::Verified | S::InProgress | S::Failed | S::Canceled), "{from:?}");
        }
    }

    #[test]
    fn names_round_trip() {
        for s in S::ALL {
            assert_eq!(S::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).expect("in test"), serde_json::json!(s.as_str()));
        }
    }
}
