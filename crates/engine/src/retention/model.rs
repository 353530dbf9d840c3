//! Retention settings as served.

use serde::{Deserialize, Serialize};

/// The longest any retention may be set to, in days (ten years).
pub const MAX_DAYS: u32 = 3650;

/// How long an environment keeps what it does not need for good.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RetentionSettings {
    /// Days the request journal keeps this environment's entries: 1 up to the server's own
    /// limit (`--journal-retention`, 7 days by default), which is also the default.
    pub journal_days: u32,
    /// The server's own limit on the journal, in days.
    pub journal_days_max: u32,
    /// Days finished webhook deliveries are kept (1 to 365; default 30; the same value as the
    /// webhook settings' `retention_days`).
    pub deliveries_days: u32,
    /// Days AML searches stay in the search history; `null` (the default): kept for good, as
    /// AML record keeping usually requires (five years under the EU's AML directives). An
    /// applicant's screenings stay with the applicant. KYT checks are kept by the same setting
    /// (those of an address still monitored stay).
    pub search_history_days: Option<u32>,
    /// Days a decided KYB case (approved or rejected) keeps its documents after the decision;
    /// then its files go and its timeline says so (the case and its checks stay). `null` (the
    /// default): kept for good, as AML record keeping usually requires (five years after the
    /// business relationship ends under the EU's AML directives: Docket cannot know when it
    /// ends).
    pub case_files_days: Option<u32>,
    /// Days deepfake analyses (with their uploaded files and their evidence) are kept, on the
    /// environment's clock; `null` (the default): kept for good, like the other checks' records.
    pub deepfake_analyses_days: Option<u32>,
    /// Days an applicant's uploaded bank statements (the file and what was read from it) are
    /// kept, on the environment's clock; `null` (the default): kept for good, as AML record
    /// keeping usually requires.
    pub bank_statements_days: Option<u32>,
}

/// New settings, replacing the old; a field left out takes its default.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RetentionChange {
    pub journal_days: Option<u32>,
    pub deliveries_days: Option<u32>,
    pub search_history_days: Option<u32>,
    pub case_files_days: Option<u32>,
    pub deepfake_analyses_days: Option<u32>,
    pub bank_statements_days: Option<u32>,
}
