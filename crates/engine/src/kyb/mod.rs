//! KYB business verification: cases with their status and stage (spec 3.1, 3.2), and the
//! checks summary of a case's verification (spec 2.1, 3.3).
//!
//! Built so far, pure and tested: the case state machine (`case`), the widget's sections with
//! the one completeness rule behind `form_progress` and submit (`form`), and the summary's
//! aggregation (`summary`). Storage, the widget page, the check pipeline and the API follow
//! (issue 11).

pub mod case;
pub mod form;
pub mod summary;

pub use case::{CaseEvent, CaseStatus, RiskLevel, Stage, TransitionRefused};
pub use form::{Form, FormProgress, SectionKey, SectionState};
pub use summary::{CheckInstance, CheckStatus, CheckSummaryItem, CheckType, ChecksSummary, Outcome, Severity};
