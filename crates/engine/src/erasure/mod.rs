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

/// What an erased subject is looked for by in stored text (its ids, names, e-mail, phone), letter
/// case aside: for stores that read their text in Rust (compressed bodies and payloads).
pub(crate) struct Mentions(Vec<String>);

impl Mentions {
    pub(crate) fn of(needles: &[String]) -> Self {
        Self(needles.iter().map(|n| n.to_lowercase()).collect())
    }

    /// Whether `text` names the subject.
    pub(crate) fn in_text(&self, text: &str) -> bool {
        let text = text.to_lowercase();
        self.0.iter().any(|n| text.contains(n.as_str()))
    }

    /// The needles, in lower case.
    pub(crate) fn lowercase(&self) -> &[String] {
        &self.0
    }
}

/// The erasure log of an environment goes with a sandbox reset (it names records that are gone).
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[Table { name: "erasures", reset: Reset::Delete(None), counts: &[Count::all("erasures")] }],
    after_reset: None,
};
