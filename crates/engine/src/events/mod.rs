//! The transactional outbox: domain events (AML_SCREENING, KYB, DOCVER, and later email and
//! transaction-monitoring events), written in the same transaction as the change that caused
//! them, so that none is ever lost: every domain reports through [`emit`]. Delivering them is
//! the webhooks' business.

mod model;
mod service;
pub(crate) mod store;

pub use model::{Event, EventId};
pub use service::{Events, LIST_BOUNDS};
pub(crate) use store::{NewEvent, emit, emit_packed};

/// The outbox is removed by a sandbox reset.
pub(crate) const DOMAIN: crate::domains::Domain = crate::domains::Domain {
    tables: &[crate::domains::Table {
        name: "events",
        reset: crate::domains::Reset::Delete(Some("events")),
        counts: &[],
    }],
    after_reset: None,
};
