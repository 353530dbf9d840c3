//! Applicants: the persons and organizations every other workflow links to (`/api/v3/applicants`).

mod identities;
mod info;
mod model;
mod service;
pub(crate) mod store;

pub use model::{
    Address, Applicant, ApplicantFilter, ApplicantId, ApplicantInfo, ApplicantType, ApplicantUpdate, Dob, Gender,
    InfoPatch, NewApplicant, Patch, UpdateSettings, VerificationStatus,
};
pub(crate) use service::build;
pub use service::{Applicants, LIST_BOUNDS};

/// Applicants are removed by a sandbox reset and counted; their identity histories go first
/// (they refer to them).
pub(crate) const DOMAIN: crate::domains::Domain = crate::domains::Domain {
    tables: &[
        crate::domains::Table { name: "applicant_identities", reset: crate::domains::Reset::Delete(None), counts: &[] },
        crate::domains::Table {
            name: "applicants",
            reset: crate::domains::Reset::Delete(Some("applicants")),
            counts: &[crate::domains::Count::all("applicants")],
        },
    ],
    after_reset: None,
};
