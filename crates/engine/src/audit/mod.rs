//! The audit trail: every case event and every change to the desk's accounts and rules,
//! appended to one hash chain per environment, so that an edited, removed or reordered event is
//! detected (issue 12), erasures included (issue 32).
//!
//! - `chain`: the format (canonical JSON, SHA-256 over an event's fields with its content's
//!   salted hash, the link to the previous event) and the one verifier, used on the stored chain,
//!   on an exported file (`docket audit verify`) and by tests;
//! - `first_format`: the format before issue 32, to upgrade chains and read files written in it;
//! - `upgrade`: chains of the first format rewritten in the second when the engine opens;
//! - `store`: appending (inside the transaction of the change it records) and reading;
//! - `service`: listing, exporting and verifying a chain, the last verification of each, and
//!   admins' acknowledgements of its problems (events on the chain).

pub mod chain;
mod first_format;
mod model;
mod service;
pub(crate) mod store;
pub(crate) mod upgrade;

pub use chain::{is_first_format, verify_lines};
pub use model::{
    ACKNOWLEDGED_KIND, Acknowledge, Acknowledgement, AuditEvent, AuditFilter, ChainStatus, ERASED_KIND, GENESIS,
    Problem, ProblemKind, UPGRADED_KIND, Verified,
};
pub use service::Audit;
pub(crate) use service::AuditState;

use crate::domains::{Count, Domain, Reset, Table};

/// The audit chain is scoped: a sandbox reset starts the sandbox's chain again.
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[Table {
        name: "audit_events",
        reset: Reset::Delete(Some("audit_events")),
        counts: &[Count::all("audit_events")],
    }],
    after_reset: None,
};
