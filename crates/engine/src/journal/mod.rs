//! The request journal: every authenticated API request, with status, latency and (redacted,
//! truncated) bodies, stored before its response is sent, kept within a count per scope and an
//! age so it never grows without bound; requests without a valid credential are only counted.

mod model;
mod redact;
mod service;
pub(crate) mod store;

pub use model::{
    CapturedBody, JournalEntry, JournalFilter, JournalSettings, RefusedRequests, RefusedSample, RefusedSource,
    RequestRecord, Source, StatusFilter,
};
pub use service::{Journal, LIST_BOUNDS, MAX_PATH};
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
