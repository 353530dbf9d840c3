//! Erasure on request (issue 16): deleting an applicant removes that person's data everywhere
//! Docket holds it, in one transaction, each domain's store erasing its own tables; the erasure
//! log records what went, when and by whom, without the erased data.
//!
//! - `model`: an erasure as recorded; `store`: its table; `service`: the erasure itself
//!   (which records, in which stores) and the log.

mod model;
mod service;
mod store;

pub use model::*;
pub use service::Erasures;

use crate::domains::{Count, Domain, Reset, Table};

/// The erasure log of an environment goes with a sandbox reset (it names records that are gone).
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[Table { name: "erasures", reset: Reset::Delete(None), counts: &[Count::all("erasures")] }],
    after_reset: None,
};
