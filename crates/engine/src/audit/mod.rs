//! The audit trail: every case event and every change to the controls (the desk's rules,
//! reviewer accounts and sign-ins, retention, the webhook address guard, watchlist imports),
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

use crate::Actor;
use crate::domains::{Count, Domain, Reset, Table};
use crate::error::Result;
use crate::scope::Scope;
use crate::time::Timestamp;

/// Appends a change that concerns every organization (a shared watchlist) to each one's chain
/// of `environment`.
pub(crate) fn record_everywhere(
    conn: &rusqlite::Connection,
    environment: crate::scope::Environment,
    at: Timestamp,
    actor: &Actor,
    kind: &str,
    data: serde_json::Value,
) -> Result<()> {
    for organization in crate::organizations::store::ids(conn)? {
        record(conn, Scope::new(organization, environment), at, actor, kind, data.clone())?;
    }
    Ok(())
}

/// Appends a change to the controls (settings, accounts, imports, sign-ins) to the scope's
/// chain, with who made it, inside the transaction of the change.
pub(crate) fn record(
    conn: &rusqlite::Connection,
    scope: Scope,
    at: Timestamp,
    actor: &Actor,
    kind: &str,
    data: serde_json::Value,
) -> Result<()> {
    store::append(
        conn,
        scope,
        store::NewAuditEvent {
            at,
            case: None,
            actor: &actor.name(),
            reviewer_id: actor.reviewer().map(|r| r.id.as_uuid()),
            kind,
            data,
        },
    )?;
    Ok(())
}

/// The audit chain is scoped: a sandbox reset starts the sandbox's chain again.
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[Table {
        name: "audit_events",
        reset: Reset::Delete(Some("audit_events")),
        counts: &[Count::all("audit_events")],
    }],
    after_reset: None,
};
