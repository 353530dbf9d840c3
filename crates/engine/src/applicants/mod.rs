//! Applicants: the persons and organizations every other workflow links to (`/api/v3/applicants`).

mod model;
mod service;
pub(crate) mod store;

pub use model::{
    Address, Applicant, ApplicantFilter, ApplicantId, ApplicantInfo, ApplicantType, ApplicantUpdate, Dob, Gender,
    InfoPatch, NewApplicant, Patch, UpdateSettings, VerificationStatus,
};
pub(crate) use service::build;
pub use service::{Applicants, LIST_BOUNDS};
