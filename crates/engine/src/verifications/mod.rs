//! Document verification (KYC): profiles say what a verification asks for, a profile's public
//! link starts verifications from a hosted page, a verification collects an applicant's
//! documents and runs its checks, and its outcome goes to the applicant and out by webhook
//! (spec 1, 2.5, 4.8; public-api.md section 3).
//!
//! - `status`: the verification's status and the one transition function;
//! - `document`: document types, sides and which documents a check still wants;
//! - `profile`: profiles, their typed settings and links;
//! - `codes`: the error codes Docket gives;
//! - `process`: running checks as due work, expiry, finishing; `sandbox`: the simulation;
//!   `offline`: what Docket checks for real; `images`: decoding within limits, previews,
//!   picture hashes;
//! - `intake`: what an uploaded document must be to be kept (KYB's uploads too);
//! - `preview`: the downsized picture of a document (pictures, a PDF's pages); `poppler`:
//!   poppler's tools as bounded child processes;
//! - `demo`: the demo data set's profile, link and verifications;
//! - `person`: the person's side (hosted page, end-user endpoints by short id); `needs`: what
//!   a verification still needs, the one description the page draws and proceeding checks;
//!   `branding`: a profile's `ui_settings` read into a sanitised look for the page;
//! - `review`: a reviewer's reading of the document, the field-by-field comparison with the
//!   applicant's data, and outcomes held for a minute so they can be undone;
//! - `files`: an applicant's documents listed, and one erased on its own (a tombstone stays);
//! - `model`, `store`, `service`: the verification as served, its SQL, its rules.

mod branding;
mod codes;
mod demo;
pub mod document;
pub mod files;
pub mod images;
pub(crate) mod intake;
mod model;
mod needs;
mod offline;
mod person;
pub(crate) mod poppler;
pub mod preview;
mod process;
pub mod profile;
pub mod review;
mod sandbox;
mod service;
pub mod status;
pub(crate) mod store;

pub use branding::Branding;
pub use codes::CODES;
pub use document::{DocumentType, Side};
pub use model::*;
pub use needs::{Need, NeedChoice, NeedKind, NeededUpload, StillNeeded};
pub use person::{PersonFields, PersonLink, PersonView};
pub use process::{CHECK_EVENT, SANDBOX_DURATION, VERIFICATION_EVENT};
pub use profile::{CheckStep, Link, Profile, ProfileId, ReadSettings, Settings};
pub use review::{FieldComparison, FieldMatch, PendingOutcome, Reading, ReadingFields, UNDO_WINDOW};
pub use service::{
    DEFAULT_EXPIRATION_MINUTES, DEFAULT_PROFILE_NAME, HostedPage, LIST_BOUNDS, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS,
    MAX_EXPIRATION_MINUTES, NewDocument, NewProfile, NewVerification, ReviewerOutcome, SavedProfile, UploadTarget,
    Verifications,
};
pub use status::{VerificationEvent, VerificationStatus};
pub use store::VerificationFilter;

pub(crate) use process::spawn;

use crate::domains::{Count, Domain, Reset, Table};

/// The tables of document verification: all go with a sandbox reset (documents and
/// verifications before profiles, links with their profiles).
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[
        Table {
            name: "verification_document_tombstones",
            reset: Reset::Delete(Some("verification_document_tombstones")),
            counts: &[],
        },
        Table {
            name: "verification_documents",
            reset: Reset::Delete(Some("verification_documents")),
            counts: &[Count::all("verification_documents")],
        },
        Table {
            name: "verifications",
            reset: Reset::Delete(Some("verifications")),
            counts: &[
                Count::all("verifications"),
                Count { name: "verifications_awaiting_review", filter: Some("status = 'in_progress'") },
            ],
        },
        Table { name: "verification_links", reset: Reset::Delete(None), counts: &[] },
        Table { name: "verification_profiles", reset: Reset::Delete(Some("verification_profiles")), counts: &[] },
    ],
    after_reset: None,
};

/// The applicant data a verified identity document confirms.
pub(crate) fn confirmed_info(poi: &PoiData) -> crate::applicants::ApplicantInfo {
    let title = |s: &Option<String>| s.as_deref().filter(|v| !v.is_empty()).map(crate::values::title_case);
    let country = |s: &Option<String>| {
        s.as_deref()
            .and_then(crate::countries::by_alpha_3)
            .and_then(|c| crate::values::CountryCode::parse(c.alpha_2).ok())
    };
    crate::applicants::ApplicantInfo {
        full_name: poi.full_name.clone(),
        first_name: title(&poi.name),
        last_name: title(&poi.surname),
        dob: poi.birth_date.as_deref().and_then(|d| crate::applicants::Dob::parse(d).ok()),
        citizenship: country(&poi.nationality),
        ..Default::default()
    }
}
