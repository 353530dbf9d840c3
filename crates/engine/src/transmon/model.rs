//! Transaction monitoring's types: rules as the public service shapes them
//! (public-api.md section 6), the events they are evaluated on, and the results.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::applicants::ApplicantId;
use crate::time::Timestamp;

/// One field of a submitted event as the client sent it: its JSON text, verbatim. A number is
/// read from its digits, never through binary floating point, and shown back as sent
/// (`0.1234567890123456789` stays that; `1234567890123456789.12` is accepted).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SentValue(Box<serde_json::value::RawValue>);

impl SentValue {
    /// The JSON text as sent.
    pub fn json(&self) -> &str {
        self.0.get()
    }

    /// A value made here (the demo, tests): its JSON text.
    pub fn of(value: &serde_json::Value) -> Self {
        // A Value always serialises; the fallback is never taken.
        SentValue(
            serde_json::value::to_raw_value(value).unwrap_or_else(|_| serde_json::value::RawValue::NULL.to_owned()),
        )
    }
}

impl PartialEq for SentValue {
    fn eq(&self, other: &Self) -> bool {
        self.json() == other.json()
    }
}

/// A submitted event's fields, each as sent.
pub type EventBody = BTreeMap<String, SentValue>;

/// The fields of a JSON object, each as sent (the demo and tests make events this way).
pub fn event_body(object: &serde_json::Map<String, serde_json::Value>) -> EventBody {
    object.iter().map(|(k, v)| (k.clone(), SentValue::of(v))).collect()
}

crate::id::typed_id!(
    /// A monitoring rule (a caller's, or one of Docket's built-in ones).
    RuleId,
    "transaction monitoring rule"
);

crate::id::typed_id!(
    /// A submitted transaction or payment.
    EventId,
    "transaction monitoring event"
);

/// Whether a rule is evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = RuleStatus))]
pub enum RuleStatus {
    Active,
    Inactive,
}

impl RuleStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RuleStatus::Active => "active",
            RuleStatus::Inactive => "inactive",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Self> {
        match s {
            "active" => Some(RuleStatus::Active),
            "inactive" => Some(RuleStatus::Inactive),
            _ => None,
        }
    }
}

/// What a rule is evaluated on, and when: `*_pre` before Docket's own checks of the event,
/// `*_post` after them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = RuleEventType))]
pub enum RuleEventType {
    TransactionPre,
    TransactionPost,
    PaymentPre,
    PaymentPost,
}

impl RuleEventType {
    pub const ALL: [RuleEventType; 4] = [
        RuleEventType::TransactionPre,
        RuleEventType::TransactionPost,
        RuleEventType::PaymentPre,
        RuleEventType::PaymentPost,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RuleEventType::TransactionPre => "transaction_pre",
            RuleEventType::TransactionPost => "transaction_post",
            RuleEventType::PaymentPre => "payment_pre",
            RuleEventType::PaymentPost => "payment_post",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        RuleEventType::ALL.into_iter().find(|t| t.as_str() == s)
    }

    pub fn kind(self) -> EventKind {
        match self {
            RuleEventType::TransactionPre | RuleEventType::TransactionPost => EventKind::Transaction,
            RuleEventType::PaymentPre | RuleEventType::PaymentPost => EventKind::Payment,
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            RuleEventType::TransactionPre | RuleEventType::PaymentPre => Stage::Pre,
            RuleEventType::TransactionPost | RuleEventType::PaymentPost => Stage::Post,
        }
    }
}

/// Before or after Docket's own checks of the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = RuleStage))]
pub enum Stage {
    Pre,
    Post,
}

/// A transaction (money moved between users) or a payment (a checkout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MonitoredEventKind))]
pub enum EventKind {
    Transaction,
    Payment,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Transaction => "transaction",
            EventKind::Payment => "payment",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "transaction" => Some(EventKind::Transaction),
            "payment" => Some(EventKind::Payment),
            _ => None,
        }
    }

    /// The rule event types evaluated on this kind, in order.
    pub fn stages(self) -> [RuleEventType; 2] {
        match self {
            EventKind::Transaction => [RuleEventType::TransactionPre, RuleEventType::TransactionPost],
            EventKind::Payment => [RuleEventType::PaymentPre, RuleEventType::PaymentPost],
        }
    }

    /// The field whose value the statistics count as the event's amount.
    pub fn amount_field(self) -> &'static str {
        match self {
            EventKind::Transaction => "amount",
            EventKind::Payment => "checkout_price",
        }
    }
}

/// What a fired rule does besides flagging: `reject` stops the remaining rules and checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = RuleAction))]
pub enum Action {
    Reject,
}

/// A rule as served (public-api.md section 6, plus `builtin`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MonitoringRule))]
pub struct Rule {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub id: RuleId,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub organization_id: uuid::Uuid,
    pub name: String,
    pub status: RuleStatus,
    pub event_type: RuleEventType,
    pub rank: i64,
    pub expression: String,
    pub causes: Vec<String>,
    pub action: Option<Action>,
    /// One of Docket's own rules: its status may change, nothing else.
    pub builtin: bool,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub created_at: Timestamp,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub updated_at: Timestamp,
}

/// The rules evaluated on one event type (`GET .../rules/list/{event_type}`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RuleList {
    pub builtin_rules: Vec<Rule>,
    pub custom_rules: Vec<Rule>,
}

/// The statistics of one period (`stats.<period>.<indicator>`), as the rules saw them. Amounts
/// are exact decimals as strings; `avg`, `min` and `max` are over the events that carried an
/// amount, and `"0"` when none did.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PeriodStats {
    pub sum: String,
    pub avg: String,
    pub min: String,
    pub max: String,
    pub transactions_count: u64,
}

/// The applicant's statistics when an event was evaluated, the event included.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Stats {
    pub last1d: PeriodStats,
    pub last7d: PeriodStats,
    pub last30d: PeriodStats,
}

/// A rule that fired.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FiredRule {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub rule_id: RuleId,
    pub name: String,
    pub event_type: RuleEventType,
    pub rank: i64,
    pub causes: Vec<String>,
    pub action: Option<Action>,
}

/// A rule whose evaluation failed (it did not fire): `code` is one of `division_by_zero`,
/// `missing_field`, `type_mismatch`, `overflow`, `not_a_boolean`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RuleError {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub rule_id: RuleId,
    pub name: String,
    pub code: String,
    pub message: String,
    /// Where in the expression (1-based).
    pub line: u32,
    pub column: u32,
}

/// Docket's screening of the payee (`payee_alias`) against the watchlists, between the `*_pre`
/// and `*_post` rules of a transaction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PayeeScreening {
    /// The name screened (`payee_alias`).
    pub name: String,
    pub hits: u32,
    /// The highest risk score among the hits (`low`, `medium`, `high`), as AML screening gives it.
    pub max_risk_score: Option<String>,
    /// The best hit's listed name and how well it matched (0-100).
    pub best_match: Option<String>,
    pub best_match_percentage: Option<f64>,
    /// The best hit's watchlist entity (`GET /api/v3/aml/search/{uuid}`); null for events
    /// screened before Docket kept it.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub best_match_uuid: Option<uuid::Uuid>,
}

/// Docket's KYT check of a crypto wallet a transaction names (`sender_wallet_chain` and
/// `sender_wallet_address`, or the receiver's): the same validation and sanctions lookup as
/// `POST /api/v4/kyt/checks`, not recorded as a KYT check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WalletScreening {
    /// `sender` or `receiver`.
    pub role: String,
    /// The chain as sent.
    pub chain: String,
    pub address: String,
    pub valid: bool,
    /// Why not valid (KYT's codes, and `unknown_chain`); null when valid.
    pub invalid_code: Option<String>,
    pub canonical_address: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub risk_level: Option<crate::kyt::RiskLevel>,
    pub categories: Vec<crate::kyt::KytCategory>,
    /// The listed entities' names, for a sanctions listing.
    pub listed_by: Vec<String>,
}

/// Docket's own checks of an event.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Checks {
    /// The payee's screening; `null` when the event names no payee, or a `reject` stopped the
    /// checks before it.
    pub aml_payee: Option<PayeeScreening>,
    /// The KYT checks of the crypto wallets a transaction names; a sanctions listing makes the
    /// decision at least `review` with the cause `KYT_SANCTIONED_WALLET`.
    #[serde(default)]
    pub kyt_wallets: Vec<WalletScreening>,
}

/// The outcome for the event: `reject` when a rule with `action: reject` fired; `review` when
/// another rule fired or the payee was a watchlist hit; `allow` otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MonitoringDecision))]
pub enum Decision {
    Allow,
    Review,
    Reject,
}

impl Decision {
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Review => "review",
            Decision::Reject => "reject",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "allow" => Some(Decision::Allow),
            "review" => Some(Decision::Review),
            "reject" => Some(Decision::Reject),
            _ => None,
        }
    }
}

/// An event's evaluation: the `TRANSACTION_MONITORING` webhook's payload and
/// `GET /api/v3/transmon/events/{event_id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MonitoringResult))]
pub struct EventResult {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub event_id: EventId,
    pub event_type: EventKind,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub applicant_id: ApplicantId,
    /// When it was received, on the environment's clock (the statistics' day).
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub received_at: Timestamp,
    pub decision: Decision,
    /// Every fired rule's causes, in firing order, each once.
    pub causes: Vec<String>,
    pub fired_rules: Vec<FiredRule>,
    pub rule_errors: Vec<RuleError>,
    /// How many rules were evaluated.
    pub rules_evaluated: u32,
    /// The `reject` rule that stopped the rest, if one did.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub stopped_by: Option<RuleId>,
    pub checks: Checks,
    pub stats: Stats,
    /// The event's fields as submitted (numbers with the digits sent).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub event: EventBody,
    /// A flagged event's review in the console (disposition, assignee), when it has one. Not
    /// part of the webhook: it comes later.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<EventReview>,
}

/// What a reviewer concluded of a flagged event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MonitoringDisposition))]
pub enum Disposition {
    /// Looked at: nothing suspicious.
    Cleared,
    /// Handed up for a closer look (a senior, the MLRO).
    Escalated,
    /// Reported to the authorities (a suspicious activity report was filed).
    Reported,
}

impl Disposition {
    pub fn as_str(self) -> &'static str {
        match self {
            Disposition::Cleared => "cleared",
            Disposition::Escalated => "escalated",
            Disposition::Reported => "reported",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [Disposition::Cleared, Disposition::Escalated, Disposition::Reported].into_iter().find(|d| d.as_str() == s)
    }
}

/// A flagged event's review: its disposition with the note saying why, and its assignee.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MonitoringReview))]
pub struct EventReview {
    pub disposition: Option<Disposition>,
    pub note: Option<String>,
    /// `reviewer:<name>`.
    pub disposed_by: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = DateTime))]
    pub disposed_at: Option<Timestamp>,
    /// The console reviewer who works the event.
    pub assignee: Option<crate::console::ReviewerRef>,
    /// `reviewer:<name>`.
    pub assigned_by: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = DateTime))]
    pub assigned_at: Option<Timestamp>,
}

/// The answer to a submitted event.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Submitted {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub event_id: EventId,
}
