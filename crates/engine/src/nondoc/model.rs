//! A non-document check as served and stored: what was asked (the verification type and the
//! identifier, masked), each step with its status and evidence, and the overall status.

use serde::{Deserialize, Serialize};

use crate::applicants::ApplicantId;
use crate::time::Timestamp;

crate::id::typed_id!(
    /// A non-document check.
    NondocCheckId,
    "non-document check"
);

/// What is verified: the two public types (Nigeria's BVN and NIN), and Docket's national
/// identifiers, whose `request_data.id_type` names the identifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NondocVerificationType))]
pub enum VerificationType {
    /// `request_data: {"bvn": "22345678901"}`.
    NondocNigeriaBvnBasic,
    /// `request_data: {"nin": "12345678901"}`.
    NondocNigeriaNin,
    /// `request_data: {"id_type": "SE_PERSONNUMMER", "number": "880320-0016"}`.
    NondocNationalId,
}

impl VerificationType {
    pub const ALL: [VerificationType; 3] = [
        VerificationType::NondocNigeriaBvnBasic,
        VerificationType::NondocNigeriaNin,
        VerificationType::NondocNationalId,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            VerificationType::NondocNigeriaBvnBasic => "NONDOC_NIGERIA_BVN_BASIC",
            VerificationType::NondocNigeriaNin => "NONDOC_NIGERIA_NIN",
            VerificationType::NondocNationalId => "NONDOC_NATIONAL_ID",
        }
    }

    pub fn parse(s: &str) -> Option<VerificationType> {
        VerificationType::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

/// One step of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NondocStepName))]
pub enum StepName {
    /// Length, characters, the parts' values and the encoded date being a real day.
    Format,
    /// The public check digits.
    CheckDigits,
    /// The encoded birth date against the applicant's date of birth.
    BirthDate,
    /// The encoded sex against the applicant's gender.
    Sex,
    /// The issuer's registry: does the number exist, and is it this person's?
    RegistryLookup,
}

/// How a step ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NondocStepStatus))]
pub enum StepStatus {
    Passed,
    /// With evidence: what the identifier says against what the applicant says.
    Failed,
    /// Not run: an earlier step failed.
    Skipped,
    /// Nothing to compare: the identifier encodes no such thing, or the applicant has none.
    NotApplicable,
    /// Could not be done (production's registry, which Docket cannot reach offline): a
    /// reviewer decides.
    Error,
}

/// A step and how it ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NondocStep))]
pub struct Step {
    pub step: StepName,
    pub status: StepStatus,
    /// What happened, in words.
    pub message: String,
    /// What the decision rests on (the encoded and the applicant's value, the registry's record).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub evidence: Option<serde_json::Value>,
}

/// The outcome of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NondocCheckStatus))]
pub enum CheckStatus {
    /// Every step passed or had nothing to compare.
    Passed,
    /// A step failed.
    Failed,
    /// No step failed, but one could not be done (production's registry lookup): a reviewer
    /// confirms the identifier with its issuer.
    NeedsReview,
}

impl CheckStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CheckStatus::Passed => "passed",
            CheckStatus::Failed => "failed",
            CheckStatus::NeedsReview => "needs_review",
        }
    }

    pub fn parse(s: &str) -> Option<CheckStatus> {
        [CheckStatus::Passed, CheckStatus::Failed, CheckStatus::NeedsReview].into_iter().find(|c| c.as_str() == s)
    }

    /// A failed step fails the check; else a step in error needs a reviewer.
    pub fn of(steps: &[Step]) -> CheckStatus {
        if steps.iter().any(|s| s.status == StepStatus::Failed) {
            CheckStatus::Failed
        } else if steps.iter().any(|s| s.status == StepStatus::Error) {
            CheckStatus::NeedsReview
        } else {
            CheckStatus::Passed
        }
    }
}

/// What the identifier encodes, when it is well formed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NondocEncoded))]
pub struct Encoded {
    /// ISO 8601 as far as encoded: `1985-07-30`, `1985-07`, or `xx95-10` when the century is
    /// not encoded.
    pub birth_date: Option<String>,
    /// `M` or `F`.
    pub sex: Option<String>,
}

/// A non-document check as served (and as its `NONDOC_VERIFICATION` event's payload).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NondocCheck {
    pub id: NondocCheckId,
    pub applicant_id: ApplicantId,
    pub verification_type: VerificationType,
    /// The identifier's code (`NG_BVN`, `NG_NIN`, `SE_PERSONNUMMER`, ...).
    pub id_type: String,
    /// The issuing country (ISO 3166-1 alpha-2).
    pub country: String,
    /// The number with all but its last four characters masked: Docket keeps no more of it.
    pub number_masked: String,
    pub status: CheckStatus,
    /// Every step, in order: format, check_digits, birth_date, sex, registry_lookup.
    pub checks: Vec<Step>,
    /// What the number encodes, when it is well formed.
    pub encoded: Option<Encoded>,
    pub is_sandbox: bool,
    pub created_at: Timestamp,
}

/// An identifier Docket reads, for `GET /api/v4/nondoc/types`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NondocIdType))]
pub struct IdType {
    /// The code to send as `id_type` (with `NONDOC_NATIONAL_ID`).
    pub id_type: &'static str,
    /// The verification type that checks it.
    pub verification_type: VerificationType,
    pub country: &'static str,
    pub name: &'static str,
    /// Whether its check digits are public (else only its format is checked).
    pub check_digit: bool,
    pub encodes_birth_date: bool,
    pub encodes_sex: bool,
}
