//! Bank statement and bankbook extraction (issue 35 item 3): a statement uploaded for an
//! applicant (PDF or picture) is read for its holder, IBAN or account number, bank, BIC, period
//! and balances, each with its evidence (the pure `docket-bankbook` crate); the holder is
//! compared with the applicant; editing signs are looked for as in KYB documents.
//!
//! - `read`: the page text (poppler's `pdftotext`, Tesseract for pictures), bounded;
//! - `sandbox`: the magic file names and their canned statements; `demo`: the demo statements;
//! - `model`, `store`, `service`: the extraction as served, its SQL, its rules.

mod demo;
mod model;
pub mod read;
pub mod sandbox;
mod service;
pub(crate) mod store;

pub use model::*;
pub use service::{Bankbook, EVENT, LIST_BOUNDS, MAX_STATEMENT_BYTES};
pub use store::StatementFilter;

use crate::domains::{Count, Domain, Reset, Table};

/// The statements: they go with a sandbox reset (their files with the reset's sweep of blobs no
/// record names).
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[Table {
        name: "bank_statements",
        reset: Reset::Delete(Some("bank_statements")),
        counts: &[Count::all("bank_statements")],
    }],
    after_reset: None,
};
