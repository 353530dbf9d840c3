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

    /// Whether a request's path or query string names the subject, as sent or percent-decoded
    /// (`?name=Ann%20Smith` and `?name=Ann+Smith` name Ann Smith).
    pub(crate) fn in_url(&self, text: &str) -> bool {
        if self.in_text(text) {
            return true;
        }
        let decoded: Vec<String> = form_urlencoded::parse(text.as_bytes())
            .map(|(k, v)| if v.is_empty() { k.into() } else { format!("{k}={v}") })
            .collect();
        self.in_text(&decoded.join("&"))
    }
}

/// The erasure log of an environment goes with a sandbox reset (it names records that are gone).
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[Table { name: "erasures", reset: Reset::Delete(None), counts: &[Count::all("erasures")] }],
    after_reset: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_found_in_a_query_however_it_was_encoded() {
        let m = Mentions::of(&["Ann Smith".to_owned(), "ann@example.com".to_owned()]);
        for query in ["name=Ann%20Smith", "name=ann+smith&limit=5", "q=ANN%20SMITH", "email=ann%40example.com"] {
            assert!(m.in_url(query), "{query}");
        }
        for query in ["name=Ann", "name=Smith+Ann", "limit=5"] {
            assert!(!m.in_url(query), "{query}");
        }
        assert!(m.in_url("/api/v3/applicants/by_external_id/Ann%20Smith"));
    }
}
