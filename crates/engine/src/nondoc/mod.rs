//! Non-document verification (issue 35, item 2): an applicant's national identifier checked
//! without a document. Nigeria's BVN and NIN (the public types) and the national identifiers
//! of `docket-nationalid`, each checked offline for real (format, check digits, the birth date
//! and sex it encodes against the applicant's); the issuer's registry is simulated in the
//! sandbox (`sandbox`: magic numbers) and reported as unreachable in production, for a
//! reviewer, never as a pass.
//!
//! - `model`: the check as served; `rules`: its steps, without I/O; `sandbox`: the simulated
//!   registry; `store`: its SQL; `service`: requests, the applicant's facts, the write and the
//!   `NONDOC_VERIFICATION` event; `demo`: the demo data set's checks.
//!
//! Docket keeps no full identifier: a check holds the number masked (its last four characters)
//! and what it encodes; the request journal redacts the number fields. Checks stay with their
//! applicant (no retention setting of their own, like an applicant's screenings) and go with its
//! erasure.

mod demo;
mod model;
mod rules;
mod sandbox;
mod service;
pub(crate) mod store;

pub use model::*;
pub use service::{EVENT, LIST_BOUNDS, NewNondocCheck, Nondoc, types};
pub use store::NondocCheckFilter;

use crate::domains::{Count, Domain, Reset, Table};

/// The one table of non-document checks: it goes with a sandbox reset.
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[Table {
        name: "nondoc_checks",
        reset: Reset::Delete(Some("nondoc_checks")),
        counts: &[Count::all("nondoc_checks")],
    }],
    after_reset: None,
};
