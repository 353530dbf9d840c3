//! A verification and its documents as served (public-api.md section 3, the Verification
//! object), and what a caller sends to make one.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::document::{DocumentType, Side};
use super::profile::{CheckStep, ProfileId, Settings};
use super::status::VerificationStatus;
use crate::applicants::ApplicantId;
use crate::time::Timestamp;

crate::id::typed_id!(
    /// A document verification.
    VerificationId,
    "verification"
);

crate::id::typed_id!(
    /// An uploaded identity document, selfie or proof of address.
    DocumentId,
    "document"
);

/// A check's state (the Python client's `CheckStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = VerificationCheckStatus))]
pub enum CheckStatus {
    /// Waiting for documents, or for the verification to be proceeded.
    Pending,
    /// Proceeded: running, or waiting for a reviewer's outcome.
    InProgress,
    Verified,
    Failed,
}

impl CheckStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CheckStatus::Pending => "pending",
            CheckStatus::InProgress => "in_progress",
            CheckStatus::Verified => "verified",
            CheckStatus::Failed => "failed",
        }
    }
}

/// One finding of a check: a code from the documented ranges and its message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckError {
    pub code: u32,
    pub message: String,
}

/// One check's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckResult {
    pub status: CheckStatus,
    pub errors: Vec<CheckError>,
    /// Documents the check still waits for.
    pub pending_documents: Vec<DocumentType>,
    /// What the check read (the MRZ's fields for `document_mrz`, the score for `liveness`).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub data: Option<Value>,
    /// Who gave the outcome: `sandbox`, `docket` (an automatic check) or `reviewer:<name>`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub decided_by: Option<String>,
    /// Why a check waits for a reviewer in production, or what the reviewer noted.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub note: Option<String>,
}

impl CheckResult {
    pub fn pending(documents: Vec<DocumentType>) -> Self {
        CheckResult {
            status: CheckStatus::Pending,
            errors: Vec::new(),
            pending_documents: documents,
            data: None,
            decided_by: None,
            note: None,
        }
    }
}

/// The checks of a verification, by step; only the steps its settings ask for.
pub type Checks = BTreeMap<CheckStep, CheckResult>;

/// What a verification names of a document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = VerificationDocumentRef))]
pub struct DocumentRef {
    pub document_id: DocumentId,
    pub document_type: DocumentType,
    /// The media type the file's content shows.
    pub content_type: String,
}

/// Data read from the identity document (the Python client's `PoiData`). Fields no check read
/// are null.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PoiData {
    pub parsed_type: Option<DocumentType>,
    pub has_mrz: Option<bool>,
    pub raw_mrz_type: Option<String>,
    /// ISO alpha-3, as the MRZ writes it.
    pub country: Option<String>,
    pub full_name: Option<String>,
    pub name: Option<String>,
    pub surname: Option<String>,
    pub document_number: Option<String>,
    pub nationality: Option<String>,
    /// `YYYY-MM-DD`.
    pub birth_date: Option<String>,
    pub sex: Option<String>,
    pub expiry_date: Option<String>,
    pub issue_date: Option<String>,
}

/// A document verification as served.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Verification {
    pub id: VerificationId,
    pub applicant_id: ApplicantId,
    pub status: VerificationStatus,
    /// The organization's id (always a string: the Python client requires one).
    pub organization_id: String,
    /// Who created it: the API key's id, or `console` (always a string).
    pub account_id: String,
    /// Docket's accounts have no e-mail addresses: always `""` (the Python client requires a
    /// string).
    pub account_email: String,
    pub documents: Vec<DocumentRef>,
    pub document_ids: Vec<DocumentId>,
    /// The identity document's type, once one is in.
    pub document_type: Option<DocumentType>,
    /// The profile's checks by step: `document_mrz`, `document_ocr`, `face_comparison`,
    /// `liveness`, `poa`.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::BTreeMap<String, CheckResult>))]
    pub checks: Checks,
    pub created_at: Timestamp,
    pub completed_at: Option<Timestamp>,
    pub expires_at: Timestamp,
    /// The hosted page where the person uploads their documents.
    pub verification_url: String,
    /// The short id: the hosted page's and the end-user endpoints' key.
    pub verification_url_id: String,
    /// ISO alpha-2: the country the person chose or the caller gave.
    pub country_code: Option<String>,
    pub is_sandbox: bool,
    pub profile_id: ProfileId,
    /// Docket does not screen verified people by itself: always null (screen the applicant).
    pub aml_search_id: Option<uuid::Uuid>,
    pub poi_data: Option<PoiData>,
    /// The profile's settings when the verification was made.
    pub settings: Settings,
    /// What the person filled by hand on the hosted page.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::BTreeMap<String, Object>))]
    pub manual_fields: Value,
    /// Other applicants with the same document (7000-range findings).
    pub duplicated_applicant_ids: Vec<ApplicantId>,
    /// The link it was started from, if any.
    pub link_id: Option<String>,
}

/// What `sandbox_result` asks for: the final status and each check's error codes.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SandboxResult {
    /// `verified` or `failed` (or `expired`, `canceled`: the verification ends so at proceed).
    pub status: Option<VerificationStatus>,
    #[serde(default)]
    pub errors: BTreeMap<CheckStep, Vec<u32>>,
}

/// An uploaded document as stored.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StoredDocument {
    pub document_id: DocumentId,
    pub applicant_id: ApplicantId,
    pub document_type: DocumentType,
    pub side: Option<Side>,
    /// ISO alpha-3 as sent.
    pub issued_country: Option<String>,
    pub content_type: String,
    pub file_id: crate::files::FileId,
    pub file_name: Option<String>,
    pub size: u64,
    pub sha256: String,
    pub created_at: Timestamp,
}

/// The answer to an upload (public-api.md section 3).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UploadAnswer {
    pub document_id: DocumentId,
    pub detected_document_type: DocumentType,
    pub detected_document_side: Option<Side>,
    pub detected_two_side_document: bool,
    /// ISO alpha-2 of the issuing country, when sent.
    pub detected_country: Option<String>,
    pub errors: Vec<CheckError>,
}

/// The answer to a proceed that lacks documents (the JS client's `ProceedVerificationErrorModel`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MissingDocuments {
    pub id: VerificationId,
    pub error: String,
    pub message: String,
    pub pending_documents: Vec<DocumentType>,
}

/// One moment of a verification's history.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = VerificationTimelineEntry))]
pub struct TimelineEntry {
    pub at: Timestamp,
    /// What happened, in words.
    pub what: String,
}

/// What a reviewer reads of a verification beside the object itself: each document with its
/// file's facts, and the history.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerificationFile {
    pub documents: Vec<StoredDocument>,
    pub timeline: Vec<TimelineEntry>,
    /// For each of its checks, the error codes a reviewer chooses from to fail it.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::BTreeMap<String, Vec<CheckError>>))]
    pub reviewer_codes: BTreeMap<CheckStep, Vec<CheckError>>,
    pub review: ReviewView,
}

/// The reviewer's side of a verification: the applicant's declared data beside Docket's and the
/// reviewer's readings, field by field, and the outcomes still in their undo minute.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewView {
    pub comparison: Vec<super::review::FieldComparison>,
    /// The reviewer's reading, kept apart from Docket's (`poi_data`).
    pub reading: Option<super::review::Reading>,
    /// Outcomes recorded and not yet in effect: each may be undone until its `undo_until`.
    pub pending_outcomes: Vec<super::review::PendingOutcome>,
    /// How long an outcome may be undone (60).
    pub undo_seconds: i64,
    /// The environment's time when this was read (the undo countdown's start).
    pub now: Timestamp,
}
