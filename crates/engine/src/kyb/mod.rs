//! KYB business verification: a case per merchant, its data collected through the hosted
//! widget, its checks run by the pipeline, and its outcome (spec 2.1, 3.1–3.3, 4.1, 4.2).
//!
//! - `case`: status and stage, and the one transition function (spec 3.1, 3.2);
//! - `form`: the widget's sections, and the one completeness rule behind `form_progress` and
//!   submit;
//! - `summary`: check instances aggregated into `checks_summary` (spec 2.1, 3.3);
//! - `people`: the declared persons as humans (one per person, roles merged);
//! - `plan`: which checks run and for whom; `pipeline`: running them as due work and settling
//!   the case; `providers`: the sandbox's simulations and Docket's offline checks; `pdf`: what
//!   Docket reads in uploaded documents; `risk`: the versioned risk model;
//! - `model`, `store`, `service`: the case as stored and served, its SQL, and its rules;
//! - `review`, `desk`, `approvals`: the reviewer's desk, four eyes and its routing;
//!   `remediation`, `templates`: what a remediation asks, and the organization's templates.

pub mod approvals;
pub mod case;
mod demo;
pub mod desk;
pub mod flags;
pub mod form;
mod model;
pub mod pdf;
pub mod people;
pub mod pipeline;
pub mod plan;
mod providers;
pub mod registry;
pub mod remediation;
pub mod review;
pub mod risk;
mod service;
pub mod single;
pub(crate) mod store;
pub mod summary;
mod templates;

pub use approvals::{Approvals, Inbox, Mention, PendingApproval};
pub use case::{CaseEvent, CaseStatus, RiskLevel, Stage, TransitionRefused};
pub use desk::{
    BulkAction, BulkAssignment, DeskCounts, FourEyesRequired, MAX_BULK, METRICS_PERIOD, Metrics, ReviewerMetrics,
    StuckCase, StuckCheck,
};
pub use form::{DocumentKind, Form, FormProgress, SectionKey, SectionState};
pub use model::*;
pub use remediation::{NewRemediationTemplate, RemediationItem, RemediationTemplate, TemplateId};
pub use review::{
    CaseReview, Comment, CommentId, Decision, DecisionId, DecisionKind, DecisionStep, DeskSettings, FourEyes,
    NewAssignment, NewComment, NewDecision, NewSecondApproval, Reason, SlaHours, Verdict,
};
pub use service::{CASE_EVENT, DOCUMENT_TYPES, Kyb, LIST_BOUNDS, MAX_DOCUMENT_BYTES};
pub use single::{RequestId, SingleResult, SingleStatus, VerificationType};
pub use summary::{CheckInstance, CheckStatus, CheckSummaryItem, CheckType, ChecksSummary, Outcome, Severity};

use crate::domains::{Count, Domain, Reset, Table};

/// KYB's scoped tables: all go with a sandbox reset (rows that refer to cases first).
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[
        Table { name: "kyb_case_events", reset: Reset::Delete(None), counts: &[] },
        Table { name: "kyb_case_search", reset: Reset::Delete(None), counts: &[] },
        Table { name: "kyb_decisions", reset: Reset::Delete(None), counts: &[] },
        Table { name: "kyb_mention_reads", reset: Reset::Delete(None), counts: &[] },
        Table { name: "kyb_comments", reset: Reset::Delete(None), counts: &[] },
        Table { name: "kyb_desk_settings", reset: Reset::Keep, counts: &[] },
        Table { name: "kyb_remediation_templates", reset: Reset::Keep, counts: &[] },
        Table { name: "kyb_checks", reset: Reset::Delete(None), counts: &[] },
        Table { name: "kyb_remediations", reset: Reset::Delete(None), counts: &[] },
        Table {
            name: "kyb_single_checks",
            reset: Reset::Delete(Some("kyb_single_checks")),
            counts: &[Count::all("kyb_single_checks")],
        },
        Table {
            name: "kyb_cases",
            reset: Reset::Delete(Some("kyb_cases")),
            counts: &[
                Count::all("kyb_cases"),
                Count { name: "kyb_cases_awaiting_review", filter: Some("status IN ('manual_review', 'failed')") },
            ],
        },
    ],
    after_reset: None,
};

/// What KYB keeps in memory while the engine runs.
pub(crate) struct KybState {
    /// Rendered pages of the case list (`Kyb::list_json`), by scope, filter and page.
    pub(crate) pages: crate::page::PageCache<(crate::scope::Scope, CaseFilter, crate::page::PageRequest)>,
}

impl Default for KybState {
    fn default() -> Self {
        KybState { pages: crate::page::PageCache::new() }
    }
}
