//! An audit event as stored, served and exported, and what a verification says of a chain.

use serde::{Deserialize, Serialize};

use crate::scope::Environment;
use crate::time::Timestamp;

/// The `prev_hash` of a chain's first event.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The kind of the event that records an erasure: its `data.events` names, by `seq`, the events
/// whose content the erasure emptied, with the `data_hash` each keeps.
pub const ERASED_KIND: &str = "erased";

/// The kind of the event that records the upgrade of a chain from the first format: its
/// `data.previous_head_hash` is the first format's head hash, `data.previous_problem` what the
/// first format's verifier found wrong then (null: nothing).
pub const UPGRADED_KIND: &str = "chain_upgraded";

/// The kind of the event by which an admin acknowledges problems of the chain: its
/// `data.problems` names each (`seq`, `kind`, `message`), `data.note` says why.
pub const ACKNOWLEDGED_KIND: &str = "chain_problem_acknowledged";

/// One link of the chain. Its `hash` is the SHA-256 (hex) of the canonical JSON of every field
/// but `hash`, `data` and `salt` (see [`super::chain`]): `data_hash` stands for the content, so
/// an event whose content an erasure emptied is still hashed and linked like any other.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct AuditEvent {
    /// 1, 2, 3, ... within the environment's chain, without gaps.
    pub seq: i64,
    /// On the environment's clock (real time in production; the sandbox clock in the sandbox).
    pub at: Timestamp,
    pub organization_id: String,
    pub environment: Environment,
    pub case_id: Option<String>,
    pub case_public_id: Option<String>,
    /// `api`, `merchant`, `pipeline`, `docket` (Docket itself: an SLA breach, an erasure, an
    /// upgrade) or `reviewer:<name>`.
    pub actor: String,
    pub reviewer_id: Option<String>,
    /// `created`, `submitted`, `check_completed`, `assigned`, `decision`, `sla_breached`, ...
    pub kind: String,
    /// What happened, in the event's own terms (strings, integers, booleans: never a float).
    /// `{"erased": "<erasure id>"}` once an erasure emptied the event.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub data: serde_json::Value,
    /// 32 random hex digits drawn for this event; null once an erasure emptied it (the salt goes
    /// with the content, so that the `data_hash` kept tells nothing of what was erased).
    pub salt: Option<String>,
    /// SHA-256 (hex) of `salt` followed by the canonical JSON of `data`.
    pub data_hash: String,
    pub prev_hash: String,
    pub hash: String,
}

impl AuditEvent {
    /// The erasure that emptied the event, if an erasure did: it has no salt then, and its
    /// `data` is only `{"erased": "<erasure id>"}`.
    pub fn emptied_by(&self) -> Option<&str> {
        if self.salt.is_some() {
            return None;
        }
        erasure_mark(&self.data)
    }
}

/// The erasure id of an emptied event's `data` (`{"erased": "<erasure id>"}` and nothing else).
pub(crate) fn erasure_mark(data: &serde_json::Value) -> Option<&str> {
    let map = data.as_object()?;
    if map.len() == 1 { map.get("erased")?.as_str() } else { None }
}

/// The filters of `GET /_docket/audit`.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub case_id: Option<uuid::Uuid>,
    pub reviewer_id: Option<uuid::Uuid>,
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
}

/// What is wrong at an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// Events before it are missing (its `seq` skips).
    Removed,
    /// It comes after a later event.
    Reordered,
    /// It belongs to another organization or environment's chain.
    Foreign,
    /// Its `prev_hash` is not the hash of the event before it.
    Unlinked,
    /// Its `hash` does not match its fields.
    Changed,
    /// Its `data` does not match its `data_hash`.
    DataChanged,
    /// Emptied, but not as an erasure empties, or no later erasure accounts for it.
    Emptied,
    /// An `erased` event accounts for events wrongly.
    Erasure,
    /// The chain as it stood before its upgrade from the first format does not verify.
    Upgrade,
    /// A line of an exported file that is not an audit event.
    Unreadable,
}

/// An admin's acknowledgement of a problem: an event on the chain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Acknowledgement {
    /// The acknowledging event's `seq`.
    pub seq: i64,
    pub at: Timestamp,
    /// `reviewer:<name>`.
    pub by: String,
    pub note: String,
}

/// Something a verification found wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Problem {
    /// The event's `seq` (or, for a line of a file that is not an event, its line number).
    pub seq: i64,
    pub kind: ProblemKind,
    pub message: String,
    /// Null while no admin has acknowledged it.
    pub acknowledged: Option<Acknowledgement>,
}

/// The outcome of verifying a chain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Verified {
    /// No problem at all.
    pub ok: bool,
    /// Events read.
    pub events: u64,
    /// Events among them whose content an erasure emptied (each named by a later erasure).
    pub erased_events: u64,
    /// The last event's hash: record it elsewhere; it proves every event up to it, and shows later
    /// whether events were cut from the end.
    pub head_hash: String,
    /// The first problem (the first of `problems`).
    pub problem: Option<Problem>,
    /// Every problem, in the order the chain is read (at most 100: see `more_problems`). The
    /// verification reads on past a problem, so that one acknowledged does not hide the next.
    pub problems: Vec<Problem>,
    /// Problems past the first 100: not listed, so never acknowledged.
    pub more_problems: u64,
    /// Problems no admin has acknowledged (`more_problems` included): the console shows the
    /// chain as broken on every page while this is above 0.
    pub unacknowledged: u64,
}

/// What Docket last found of an environment's chain (`GET /_docket/audit/status`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChainStatus {
    /// When it was verified (real time); null: not since Docket started (it verifies every chain
    /// at a serving start, beside serving).
    pub verified_at: Option<Timestamp>,
    pub verification: Option<Verified>,
}

/// `POST /_docket/audit/acknowledge`: the problems an admin acknowledges, and why.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Acknowledge {
    /// What was found and done about it (1 to 2,000 characters).
    pub note: String,
    /// The `seq` of each problem acknowledged, as the verification the admin read listed them.
    pub problems: Vec<i64>,
}
