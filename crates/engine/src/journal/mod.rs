//! The request journal: every API request, with status, latency and (redacted, truncated)
//! bodies, kept within a count and an age so it never grows without bound.

mod model;
mod redact;
mod service;
pub(crate) mod store;

pub use model::{CapturedBody, JournalEntry, JournalFilter, JournalSettings, RequestRecord, Source, StatusFilter};
pub use service::{Journal, LIST_BOUNDS};
pub(crate) use service::{Recorder, start};

/// The request journal is removed by a sandbox reset and counted.
pub(crate) const DOMAIN: crate::domains::Domain = crate::domains::Domain {
    tables: &[crate::domains::Table {
        name: "request_journal",
        reset: crate::domains::Reset::Delete(Some("journal_entries")),
        counts: &[crate::domains::Count::all("requests")],
    }],
    after_reset: Some(store::remove_unreferenced_bodies),
};
