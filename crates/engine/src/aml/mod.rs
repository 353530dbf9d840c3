//! AML screening: watchlists (imported snapshots and the generated demo list), name matching,
//! searches with their history, and the monitoring of applicants.
//!
//! `normalize`, `score` and `index` are the matching engine; `import` reads list files;
//! `demo_list` generates the demo list; `search` (searches, history, imports) and `monitoring`
//! (screening applicants as due work) are what the rest of Docket calls; `hits` is what
//! reviewers decide about each potential match of a screening; `sources` the catalogue of the
//! data sources the lists in use cite; `wallets` the digital-currency addresses they list.

pub mod demo_list;
pub mod fatf;
pub mod hits;
pub mod import;
pub mod index;
mod jobs;
pub mod model;
mod monitoring;
pub mod normalize;
pub mod pools;
pub mod score;
mod search;
pub mod sources;
pub(crate) mod store;
pub mod translit;
mod vocabulary;
pub mod wallets;

pub use jobs::{ImportJob, ImportJobId, ImportState, KEPT_JOBS, RejectedRow};
pub use monitoring::SCREENING_EVENT;
pub(crate) use search::AmlState;
pub use search::{Aml, HISTORY_BOUNDS};
pub use store::HistoryFilter;
pub use vocabulary::{FuzzinessLevel, NameMode, RiskScore, SearchOptions, SearchOptionsInput, SourceId, Tag};

/// Searches, screenings and the dispositions of their hits are removed by a sandbox reset and
/// counted; the lists are shared by every organization and stay.
pub(crate) const DOMAIN: crate::domains::Domain = crate::domains::Domain {
    tables: &[
        crate::domains::Table {
            name: "aml_hit_dispositions",
            reset: crate::domains::Reset::Delete(Some("hit_dispositions")),
            counts: &[],
        },
        crate::domains::Table {
            name: "aml_searches",
            reset: crate::domains::Reset::Delete(Some("searches")),
            counts: &[crate::domains::Count::all("aml_searches")],
        },
    ],
    after_reset: None,
};
