//! An e-mail check as served (spec 2.4, public-api.md section 5) and as stored.

use serde::{Deserialize, Serialize};

use super::rules::{MxState, Verdict};
use crate::applicants::ApplicantId;
use crate::scope::Scope;
use crate::time::Timestamp;

crate::id::typed_id!(
    /// An e-mail check.
    EmailCheckId,
    "email check"
);

crate::id::typed_id!(
    /// A message sent (or, in the sandbox, put in the outbox) for a check.
    EmailMessageId,
    "email message"
);

/// The four checks of the public object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckFlags {
    pub syntax_valid: bool,
    pub mx_found: bool,
    pub disposable: bool,
    pub role_based: bool,
}

/// What Docket adds to the public object, under `details`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Details {
    /// The address normalised: the domain lower-cased in Unicode.
    pub normalized: Option<String>,
    /// Why the syntax is refused.
    pub syntax_error: Option<String>,
    /// `found`, `no_domain`, `no_mail`, `lookup_failed` or `greylisted`.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub mx: Option<MxState>,
    /// The mail exchangers found, best first.
    pub mx_hosts: Vec<String>,
    pub catch_all: bool,
    /// A likely intended address (`anna@gmial.com` → `anna@gmail.com`).
    pub suggestion: Option<String>,
    /// The verdict and risk model's version.
    pub risk_model: String,
    /// Why no code was sent, when ownership was asked for and none went out
    /// (`otp_not_sent_no_relay`, `otp_not_sent_relay_misconfigured`, `otp_not_sent_no_master_key`,
    /// `otp_not_sent_invalid_address`, `otp_send_failed`).
    pub otp_code: Option<String>,
    /// The code's state: `pending`, `verified`, `expired`, `locked` (ten wrong codes: a new check
    /// is needed).
    pub otp_state: Option<String>,
    /// Wrong codes the check still takes, across its resends, before it is locked.
    pub otp_attempts_left: Option<u32>,
}

/// An e-mail check as served.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EmailCheck {
    pub id: EmailCheckId,
    pub email: String,
    pub verdict: Verdict,
    /// The main reason's machine code; null for a clean pass.
    pub code: Option<String>,
    /// 0 (no risk) to 100.
    pub risk_score: u8,
    pub checks: CheckFlags,
    pub otp_sent: bool,
    pub otp_expires_at: Option<Timestamp>,
    pub ownership_verified: bool,
    pub ownership_verified_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub applicant_id: Option<ApplicantId>,
    pub require_ownership: bool,
    pub locale: Option<String>,
    pub details: Details,
}

/// A check as stored.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Record {
    pub(crate) check: EmailCheck,
    pub(crate) scope: Scope,
    pub(crate) otp_hash: Option<Vec<u8>>,
    pub(crate) otp_salt: Option<Vec<u8>>,
    pub(crate) otp_sent_at: Option<Timestamp>,
    /// Wrong codes tried, across all the check's codes (`caps::WRONG_PER_CHECK` locks it).
    pub(crate) wrong_codes: u32,
    pub(crate) updated_at: Option<Timestamp>,
}

/// A message for a check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EmailMessage {
    pub id: EmailMessageId,
    pub check_id: EmailCheckId,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The one-time code it carries: sandbox messages only, since the sandbox's outbox is where
    /// its codes are read. Production never keeps a code in clear: its messages are stored with
    /// the code masked in `subject`, `text` and `html`, and this is null.
    pub code: Option<String>,
    pub locale: String,
    /// `outbox` (the sandbox: never sent), `queued`, `sent`, `failed`.
    pub state: String,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub created_at: Timestamp,
    pub sent_at: Option<Timestamp>,
}

/// What verifying a code answers (public-api.md section 5, and `code` for a failure).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OtpAnswer {
    pub verified: bool,
    pub ownership_verified: bool,
    pub ownership_verified_at: Option<Timestamp>,
    pub verdict: Verdict,
    /// Why it was not verified: `otp_invalid`, `otp_expired`, `otp_locked` (a new check is
    /// needed), `otp_not_sent`; null when verified.
    pub code: Option<String>,
    /// Wrong codes the check still takes, across its resends, before it is locked.
    pub attempts_left: Option<u32>,
    /// What `code` means and what to do next; null when verified.
    pub message: Option<String>,
}
