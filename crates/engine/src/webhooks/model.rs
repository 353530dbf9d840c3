//! Webhook endpoints, deliveries and attempts as the API shows them, and what callers send.

use serde::{Deserialize, Serialize};

use crate::id::typed_id;
use crate::time::Timestamp;

typed_id!(
    /// A webhook endpoint.
    WebhookId,
    "webhook"
);

typed_id!(
    /// One event's delivery to one endpoint: the envelope's `id`, the same on every attempt.
    DeliveryId,
    "delivery"
);

/// Event types an endpoint can subscribe to: the public service's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EventType {
    /// Every event type, present and future.
    All,
    /// An applicant was screened against the watchlists (when created or changed, daily, and
    /// after a list import).
    AmlScreening,
    /// A deepfake analysis (a stream or an upload) finished.
    DeepfakeAnalysis,
    /// A document verification finished. `DOCVER_EVENT` (the spec's name) is read as this.
    #[serde(alias = "DOCVER_EVENT")]
    Docver,
    /// A step of a document verification finished.
    DocverChecks,
    /// A bank statement or bankbook uploaded for an applicant was read.
    BankbookExtraction,
    /// A transaction or payment was evaluated by the monitoring rules.
    TransactionMonitoring,
    /// A crypto wallet was checked.
    KytWalletCheck,
    /// A KYB case changed status (submitted, decided, sent back for remediation, resubmitted).
    KybVerification,
    /// A single KYB check (TIN, US registry, documents) finished.
    KybCheck,
    /// An e-mail check was completed (its verdict known), or its address's ownership verified.
    EmailCheck,
    /// A non-document check (a national identifier) was made for an applicant.
    NondocVerification,
}

impl EventType {
    /// Every type but `ALL`.
    pub const CONCRETE: [EventType; 11] = [
        EventType::AmlScreening,
        EventType::DeepfakeAnalysis,
        EventType::Docver,
        EventType::DocverChecks,
        EventType::BankbookExtraction,
        EventType::TransactionMonitoring,
        EventType::KytWalletCheck,
        EventType::KybVerification,
        EventType::KybCheck,
        EventType::EmailCheck,
        EventType::NondocVerification,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EventType::All => "ALL",
            EventType::AmlScreening => "AML_SCREENING",
            EventType::DeepfakeAnalysis => "DEEPFAKE_ANALYSIS",
            EventType::Docver => "DOCVER",
            EventType::DocverChecks => "DOCVER_CHECKS",
            EventType::BankbookExtraction => "BANKBOOK_EXTRACTION",
            EventType::TransactionMonitoring => "TRANSACTION_MONITORING",
            EventType::KytWalletCheck => "KYT_WALLET_CHECK",
            EventType::KybVerification => "KYB_VERIFICATION",
            EventType::KybCheck => "KYB_CHECK",
            EventType::EmailCheck => "EMAIL_CHECK",
            EventType::NondocVerification => "NONDOC_VERIFICATION",
        }
    }

    /// A stored or sent name; `DOCVER_EVENT` (the spec's name for `DOCVER`) included.
    pub fn parse(s: &str) -> Option<EventType> {
        if s == "DOCVER_EVENT" {
            return Some(EventType::Docver);
        }
        [EventType::All].into_iter().chain(EventType::CONCRETE).find(|t| t.as_str() == s)
    }
}

/// A webhook endpoint, as listed. The first five fields are the public service's; the rest are
/// Docket's.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Webhook {
    pub webhook_id: WebhookId,
    pub is_sandbox: bool,
    pub webhook_url: String,
    pub event_types: Vec<EventType>,
    pub enabled: bool,
    /// Why Docket disabled the endpoint (it answered 410 Gone), if it did. Updating the
    /// endpoint with `enabled: true` clears it.
    pub disabled_reason: Option<String>,
    /// Until when the secret replaced by the last rotation still signs deliveries.
    pub previous_secret_valid_until: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// An endpoint to create, or its new settings (an update replaces them all).
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WebhookInput {
    /// Where to POST events: an `http` or `https` URL. In production, addresses on loopback or
    /// private networks are refused unless the environment's settings allow them.
    pub webhook_url: String,
    /// The event types to send (`ALL` for every type).
    pub event_types: Vec<EventType>,
    /// Default true.
    #[serde(default)]
    pub enabled: Option<bool>,
    /// The environment whose events the endpoint receives: it must be the API key's own
    /// (default: the key's).
    #[serde(default)]
    pub is_sandbox: Option<bool>,
}

/// A created endpoint: its id and signing secret. The secret is shown only here.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WebhookCreated {
    pub id: WebhookId,
    /// `whsec_` and 64 hex digits.
    pub hmac_signing_secret: String,
}

/// A rotated secret. The previous one keeps signing (as a second `v1` entry) until
/// `previous_secret_valid_until`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RotatedSecret {
    pub hmac_signing_secret: String,
    pub previous_secret_valid_until: Option<Timestamp>,
}

/// Where a delivery stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DeliveryState {
    /// Waiting for its next attempt.
    Pending,
    /// The endpoint answered 2xx.
    Delivered,
    /// Given up: every scheduled attempt failed, the endpoint answered 410 Gone, or it was
    /// disabled. A replay tries again.
    Failed,
}

impl DeliveryState {
    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryState::Pending => "pending",
            DeliveryState::Delivered => "delivered",
            DeliveryState::Failed => "failed",
        }
    }

    pub(crate) fn from_stored(s: &str) -> Self {
        match s {
            "delivered" => DeliveryState::Delivered,
            "failed" => DeliveryState::Failed,
            _ => DeliveryState::Pending,
        }
    }
}

/// One delivery in the history ("invocation"). The first nine fields are the public service's.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Delivery {
    /// The envelope's `id`.
    pub id: DeliveryId,
    pub webhook_id: WebhookId,
    pub event_type: String,
    /// The event's data, as sent.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub payload: Box<serde_json::value::RawValue>,
    /// The envelope's `timestamp`: when the event happened.
    pub timestamp: Timestamp,
    pub is_sandbox: bool,
    pub attempts: u32,
    /// The status code of the last attempt; null while none has been answered.
    pub response_code: Option<u16>,
    pub last_attempt_at: Option<Timestamp>,
    pub state: DeliveryState,
    /// When the next attempt is due (pending deliveries).
    pub next_attempt_at: Option<Timestamp>,
    /// Why the last attempt failed, if it did.
    pub last_error: Option<String>,
    /// The outbox event delivered (null for test events).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub event_id: Option<uuid::Uuid>,
    /// Sent with "send test event".
    pub is_test: bool,
}

/// What started an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AttemptCause {
    /// The first attempt or a scheduled retry.
    Scheduled,
    /// A manual replay.
    Replay,
}

impl AttemptCause {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            AttemptCause::Scheduled => "scheduled",
            AttemptCause::Replay => "replay",
        }
    }

    pub(crate) fn from_stored(s: &str) -> Self {
        if s == "replay" { AttemptCause::Replay } else { AttemptCause::Scheduled }
    }
}

/// One attempt of a delivery.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Attempt {
    /// 1 for the first attempt.
    pub number: u32,
    pub cause: AttemptCause,
    /// On the environment's clock.
    pub attempted_at: Timestamp,
    /// The `t` of the signature: real Unix seconds.
    pub signed_at: i64,
    pub url: String,
    /// Null when no answer came (time-out, refused connection, refused address).
    pub response_code: Option<u16>,
    pub latency_ms: u64,
    /// The first 1,024 bytes of the answer, as text.
    pub response_excerpt: Option<String>,
    pub error: Option<String>,
    /// When the next attempt was scheduled after this one.
    pub retry_at: Option<Timestamp>,
}

/// A delivery with all its attempts.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeliveryDetail {
    #[serde(flatten)]
    pub delivery: Delivery,
    /// The envelope exactly as sent.
    pub body: String,
    pub attempts_detail: Vec<Attempt>,
}

/// Webhook settings of one environment.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct WebhookSettings {
    /// How long a rotated-out secret keeps signing, in seconds (0 to 30 days; default 24 h).
    pub rotation_grace_seconds: u32,
    /// How long an endpoint has to answer, in seconds (1 to 30; default 5).
    pub timeout_seconds: u32,
    /// How long finished deliveries are kept, in days (1 to 365; default 30).
    pub retention_days: u32,
    /// Let production endpoints use loopback, private and other addresses that are not public
    /// (always allowed in the sandbox, where a developer's local receiver is the normal case).
    /// Default false. Read-only here: an admin sets it in the console
    /// (`PUT /_docket/webhooks/address-guard`), and the audit trail records who did.
    pub allow_private_addresses: bool,
}

impl Default for WebhookSettings {
    fn default() -> Self {
        WebhookSettings {
            rotation_grace_seconds: 86_400,
            timeout_seconds: 5,
            retention_days: 30,
            allow_private_addresses: false,
        }
    }
}

/// A partial change of the settings: fields left out stay.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct WebhookSettingsPatch {
    pub rotation_grace_seconds: Option<u32>,
    pub timeout_seconds: Option<u32>,
    pub retention_days: Option<u32>,
    /// Moved to the admin's address guard (`PUT /_docket/webhooks/address-guard`): present with
    /// any value, the patch is refused with a message that says so (rather than serde's
    /// "unknown field").
    #[serde(default, rename = "allow_private_addresses")]
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub moved_allow_private_addresses: Option<serde::de::IgnoredAny>,
}

/// The address guard of production: `PUT /_docket/webhooks/address-guard`, an admin's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct AddressGuard {
    /// True lets production endpoints reach loopback, private, link-local and every other
    /// address that is not public (the guard is off); false refuses them (the default).
    pub allow_private_addresses: bool,
}
