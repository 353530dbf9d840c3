//! The request journal: every API request, with status, latency and (redacted, truncated)
//! bodies, kept within a count and an age so it never grows without bound.

mod model;
mod redact;
mod service;
mod store;

pub use model::{CapturedBody, JournalEntry, JournalFilter, JournalSettings, RequestRecord, Source, StatusFilter};
pub use service::{Journal, LIST_BOUNDS};
pub(crate) use service::{Recorder, start};
pub(crate) use store::count as store_count;
