//! A KYT check as served (and as the `KYT_WALLET_CHECK` event carries it), and what a caller
//! sends. Docket's own design: the public service publishes only the event's name.

use serde::{Deserialize, Serialize};

use crate::aml::model::EntityId;
use crate::applicants::ApplicantId;
use crate::scope::Environment;
use crate::time::Timestamp;

crate::id::typed_id!(
    /// A KYT check (and, when it started one, its address's monitoring).
    KytCheckId,
    "KYT check"
);

/// The chains whose addresses are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum KytChain {
    Bitcoin,
    Ethereum,
    Tron,
    Litecoin,
    BitcoinCash,
    Dash,
    Zcash,
    Monero,
}

impl KytChain {
    pub fn chain(self) -> docket_chainaddr::Chain {
        use docket_chainaddr::Chain;
        match self {
            KytChain::Bitcoin => Chain::Bitcoin,
            KytChain::Ethereum => Chain::Ethereum,
            KytChain::Tron => Chain::Tron,
            KytChain::Litecoin => Chain::Litecoin,
            KytChain::BitcoinCash => Chain::BitcoinCash,
            KytChain::Dash => Chain::Dash,
            KytChain::Zcash => Chain::Zcash,
            KytChain::Monero => Chain::Monero,
        }
    }

    pub fn of(chain: docket_chainaddr::Chain) -> KytChain {
        use docket_chainaddr::Chain;
        match chain {
            Chain::Bitcoin => KytChain::Bitcoin,
            Chain::Ethereum => KytChain::Ethereum,
            Chain::Tron => KytChain::Tron,
            Chain::Litecoin => KytChain::Litecoin,
            Chain::BitcoinCash => KytChain::BitcoinCash,
            Chain::Dash => KytChain::Dash,
            Chain::Zcash => KytChain::Zcash,
            Chain::Monero => KytChain::Monero,
        }
    }

    /// A chain from its code or its coin's ticker (`bitcoin`, `BTC`, `XBT`), for a 400 that
    /// lists the choices otherwise.
    pub fn parse(text: &str) -> Option<KytChain> {
        docket_chainaddr::Chain::from_code(text).map(KytChain::of)
    }

    pub fn as_str(self) -> &'static str {
        self.chain().code()
    }
}

/// A check to run.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct NewKytCheck {
    /// The chain: `bitcoin`, `ethereum`, `tron`, `litecoin`, `bitcoin_cash`, `dash`, `zcash`,
    /// `monero`, or the coin's ticker (`BTC`, `XBT`, `ETH`, `TRX`, `LTC`, `BCH`, `DASH`, `ZEC`,
    /// `XMR`).
    pub chain: String,
    /// The address as the customer gave it (surrounding spaces ignored).
    pub address: String,
    /// A transaction's hash, kept with the check (64 hexadecimal digits, `0x` allowed).
    pub tx_hash: Option<String>,
    /// The applicant the address belongs to; its erasure removes the check.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub applicant_id: Option<ApplicantId>,
    /// Keep the address under ongoing monitoring: checked again on every list import, and a
    /// new listing makes a new check and a `KYT_WALLET_CHECK` event. Only a valid address is
    /// monitored.
    #[serde(default)]
    pub monitor: bool,
}

/// The risk level of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = KytRiskLevel))]
pub enum RiskLevel {
    Low,
    Medium,
    High,
    Severe,
}

impl RiskLevel {
    /// The level of a score: 90 and above Severe, 60 High, 30 Medium.
    pub fn of(score: u8) -> RiskLevel {
        match score {
            90.. => RiskLevel::Severe,
            60.. => RiskLevel::High,
            30.. => RiskLevel::Medium,
            _ => RiskLevel::Low,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RiskLevel::Low => "Low",
            RiskLevel::Medium => "Medium",
            RiskLevel::High => "High",
            RiskLevel::Severe => "Severe",
        }
    }

    pub fn parse(text: &str) -> Option<RiskLevel> {
        [RiskLevel::Low, RiskLevel::Medium, RiskLevel::High, RiskLevel::Severe]
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct KytRiskScore {
    pub level: RiskLevel,
    /// 0 (nothing found) to 100 (a sanctioned address).
    pub score: u8,
}

/// What the address is linked with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum KytCategory {
    /// Listed on a sanctions list (found for real, in both environments).
    Sanctions,
    /// Exposure through counterparties (simulated, sandbox only).
    Mixer,
    DarknetMarket,
    Scam,
    Gambling,
    Exchange,
}

impl KytCategory {
    pub fn as_words(self) -> &'static str {
        match self {
            KytCategory::Sanctions => "sanctioned",
            KytCategory::Mixer => "mixer",
            KytCategory::DarknetMarket => "darknet market",
            KytCategory::Scam => "scam",
            KytCategory::Gambling => "gambling",
            KytCategory::Exchange => "exchange",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum EvidenceKind {
    /// The address is on an imported list (or, in the sandbox, the demo list).
    SanctionsList,
    /// The sandbox's simulated counterparty exposure.
    SimulatedExposure,
}

/// Why a category was found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct KytEvidence {
    pub kind: EvidenceKind,
    pub category: KytCategory,
    /// The list's label, for a listing.
    pub list: Option<String>,
    /// The listed entity (`GET /api/v3/aml/entities/{id}` style ids of the AML index).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub entity_id: Option<EntityId>,
    pub entity_name: Option<String>,
    /// Whose wallet it is, when the list says.
    pub holder: Option<String>,
    /// The sources the entity cites.
    pub sources: Vec<String>,
    /// The programmes or reasons they give.
    pub programs: Vec<String>,
    /// The currency code as listed (`XBT`, `USDT`).
    pub currency: Option<String>,
    /// The address as listed.
    pub listed_address: Option<String>,
    /// One sentence for a reviewer.
    pub detail: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ExposureStatus {
    /// Production: exposure needs chain data Docket does not hold.
    NotChecked,
    /// Sandbox: deterministic from the address (see the guide).
    Simulated,
}

/// A share of the address's funds by counterparty category (sandbox simulation).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ExposureShare {
    pub category: KytCategory,
    /// Percent of the address's volume, 0 to 100.
    pub percent: u8,
}

/// Counterparty exposure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct KytExposure {
    pub status: ExposureStatus,
    /// Why it is not checked, or that it is simulated.
    pub reason: String,
    pub counterparties: Vec<ExposureShare>,
}

/// Where a check came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum KytOrigin {
    /// `POST /api/v4/kyt/checks`.
    Api,
    /// A monitored address checked again after a list import.
    Monitoring,
    /// The demo data set.
    Demo,
}

impl KytOrigin {
    pub fn as_str(self) -> &'static str {
        match self {
            KytOrigin::Api => "api",
            KytOrigin::Monitoring => "monitoring",
            KytOrigin::Demo => "demo",
        }
    }
}

/// A KYT check as served.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct KytCheck {
    pub id: KytCheckId,
    pub chain: KytChain,
    /// The address as given (trimmed).
    pub address: String,
    /// The one spelling exact matching compares (Ethereum lower-cased, Bitcoin Cash as prefixed
    /// CashAddr, bech32 lower-cased); null when the address is not valid.
    pub canonical_address: Option<String>,
    /// `p2pkh`, `p2sh`, `segwit_v0`, `taproot`, `account`, `sapling`, `standard`, `integrated`,
    /// `subaddress`...; null when not valid.
    pub address_form: Option<String>,
    pub valid: bool,
    /// Why the address is not valid: `empty`, `too_long`, `format`, `checksum`, `testnet`,
    /// `wrong_chain`, `unsupported`; null when valid.
    pub invalid_code: Option<String>,
    /// The same in words, for a person; null when valid.
    pub invalid_reason: Option<String>,
    pub tx_hash: Option<String>,
    pub applicant_id: Option<ApplicantId>,
    /// Whether this check started the address's monitoring.
    pub monitor: bool,
    pub origin: KytOrigin,
    /// Null when the address is not valid (nothing could be checked).
    pub risk_score: Option<KytRiskScore>,
    pub categories: Vec<KytCategory>,
    pub evidence: Vec<KytEvidence>,
    pub exposure: KytExposure,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub environment: Environment,
    /// The monitored check whose re-check this is (origin `monitoring`).
    pub monitored_from: Option<KytCheckId>,
    pub created_at: Timestamp,
}

/// A monitored address, as listed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct KytMonitor {
    /// The check that started it.
    pub id: KytCheckId,
    pub chain: KytChain,
    pub canonical_address: String,
    pub applicant_id: Option<ApplicantId>,
    /// The latest check of the address.
    pub last_check_id: KytCheckId,
    pub started_at: Timestamp,
    pub stopped_at: Option<Timestamp>,
}
