//! KYB business verification: cases with their status and stage (spec 3.1, 3.2), and the
//! checks summary of a case's verification (spec 2.1, 3.3).
//!
//! Built so far: the case state machine (`case`) and the summary's aggregation (`summary`),
//! pure and tested. Storage, the widget, the check pipeline and the API follow (issue 11).

pub mod case;
pub mod summary;

pub use case::{CaseEvent, CaseStatus, RiskLevel, Stage, TransitionRefused};
pub use summary::{CheckInstance, CheckStatus, CheckSummaryItem, CheckType, ChecksSummary, Outcome, Severity};
