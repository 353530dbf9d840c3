//! An erasure as the log keeps it: whose, when, by whom, and how many records of each kind went.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::id::typed_id;
use crate::time::Timestamp;

typed_id!(
    /// An entry of the erasure log.
    ErasureId,
    "erasure"
);

/// One erasure. It names the subject by id only: the erased data is not kept here either.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Erasure {
    pub id: ErasureId,
    /// What was erased: `applicant`.
    pub subject_kind: String,
    pub subject_id: uuid::Uuid,
    /// Real time.
    pub erased_at: Timestamp,
    /// A reviewer's name, an API key's name, or `docket erase`.
    pub erased_by: String,
    /// How many records of each kind were deleted or redacted (`applicants`, `aml_searches`,
    /// `events`, `deliveries_deleted`, `deliveries_redacted`, `journal_bodies`, `files`, ...).
    pub removed: BTreeMap<String, u64>,
}
