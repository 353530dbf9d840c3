//! An audit event as stored, served and exported.

use serde::{Deserialize, Serialize};

use crate::scope::Environment;
use crate::time::Timestamp;

/// The `prev_hash` of a chain's first event.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The kind of the event that records an erasure: its `data.events` names, by `seq`, the events
/// whose content the erasure emptied, with the hash each had.
pub const ERASED_KIND: &str = "erased";

/// The erasure that emptied an event, if it was emptied: its `data` is then only
/// `{"erased": "<erasure id>"}`, and its `hash` is the hash of what it held.
pub fn emptied_by(data: &serde_json::Value) -> Option<&str> {
    let map = data.as_object()?;
    if map.len() == 1 { map.get("erased")?.as_str() } else { None }
}

/// One link of the chain. Its `hash` is the SHA-256 (hex) of the canonical JSON of every other
/// field (see [`super::chain`]); `prev_hash` is the hash of the event before.
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
    /// `api`, `merchant`, `pipeline`, `docket` (Docket itself: an SLA breach) or `reviewer:<name>`.
    pub actor: String,
    pub reviewer_id: Option<String>,
    /// `created`, `submitted`, `check_completed`, `assigned`, `decision`, `sla_breached`, ...
    pub kind: String,
    /// What happened, in the event's own terms (strings, integers, booleans: never a float).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub data: serde_json::Value,
    pub prev_hash: String,
    pub hash: String,
}

/// The filters of `GET /_docket/audit`.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub case_id: Option<uuid::Uuid>,
    pub reviewer_id: Option<uuid::Uuid>,
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
}
