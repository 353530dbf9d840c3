//! AML screening: watchlists (imported snapshots and the generated demo list), name matching,
//! searches with their history, and the monitoring of applicants.
//!
//! `normalize`, `score` and `index` are the matching engine; `import` reads list files;
//! `demo_list` generates the demo list; `service` is what the rest of Docket calls.

pub mod demo_list;
pub mod eval;
pub mod fatf;
pub mod import;
pub mod index;
mod jobs;
pub mod model;
pub mod normalize;
pub mod pools;
pub mod score;
mod service;
mod store;
pub mod translit;
mod vocabulary;

pub use jobs::{ImportJob, ImportJobId, ImportState, KEPT_JOBS, RejectedRow, UPLOADS_DIR, UploadedFile};
pub(crate) use service::AmlState;
pub use service::{Aml, HISTORY_BOUNDS, SCREENING_EVENT};
pub use store::HistoryFilter;
pub(crate) use store::count_searches as store_count_searches;
pub(crate) use store::delete_all as store_delete_all;
pub use vocabulary::{FuzzinessLevel, NameMode, RiskScore, SearchOptions, SearchOptionsInput, SourceId, Tag};
