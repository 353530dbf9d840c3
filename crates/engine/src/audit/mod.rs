//! The audit trail: every case event and every change to the desk's accounts and rules,
//! appended to one hash chain per environment, so that an edited, removed or reordered event is
//! detected (issue 12).
//!
//! - `chain`: the format (canonical JSON, SHA-256, the link to the previous event) and the one
//!   verifier, used on the stored chain, on an exported file (`docket audit verify`) and by tests;
//! - `store`: appending (inside the transaction of the change it records) and reading;
//! - `service`: listing, exporting and verifying a chain.

pub mod chain;
mod model;
mod service;
pub(crate) mod store;

pub use chain::{Problem, Verified, verify_lines};
pub use model::{AuditEvent, AuditFilter, ERASED_KIND, GENESIS, emptied_by};
pub use service::Audit;

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
