//! The rules of a check, pure: an address's validity on its chain, its sanctions listings as
//! evidence, the sandbox's simulated exposure, and the risk score they make. The service does
//! the I/O (the lists' lookup, the store) around these.
//!
//! Sandbox exposure is deterministic from the last character of the canonical address, one of
//! those every chain's alphabet holds: `9` mixer, `8` darknet market, `7` scam, `6` gambling,
//! anything else an exchange only (clean). Production never fakes it: counterparty exposure
//! needs the chain's transaction graph, which Docket does not hold offline, and says so.

use docket_chainaddr::{Address, Invalid};

use super::model::{
    EvidenceKind, ExposureShare, ExposureStatus, KytCategory, KytChain, KytEvidence, KytExposure, KytRiskScore,
    RiskLevel,
};
use crate::aml::wallets::WalletListing;

/// The score of a sanctions listing: the highest there is.
pub const SANCTIONS_SCORE: u8 = 100;

/// What production answers for exposure.
pub const NOT_CHECKED: &str = "Counterparty exposure needs the chain's transaction graph, which Docket does not hold \
    offline: only the address's validity and the sanctions lists' addresses were checked.";

const SIMULATED: &str = "Sandbox simulation from the address's last character (see the API reference); no chain \
    data was read.";

/// What a check found.
#[derive(Debug, Clone, PartialEq)]
pub struct Assessment {
    pub canonical_address: Option<String>,
    pub address_form: Option<String>,
    pub invalid: Option<Invalid>,
    pub risk_score: Option<KytRiskScore>,
    pub categories: Vec<KytCategory>,
    pub evidence: Vec<KytEvidence>,
    pub exposure: KytExposure,
}

/// Validates an address on its chain.
pub fn validate(chain: KytChain, address: &str) -> Result<Address, Invalid> {
    docket_chainaddr::parse(chain.chain(), address)
}

/// The sandbox's exposure of a canonical address, and the score it makes.
pub fn simulated_exposure(canonical: &str) -> (Vec<ExposureShare>, u8) {
    let share = |category, percent| ExposureShare { category, percent };
    match canonical.chars().last().map(|c| c.to_ascii_lowercase()) {
        Some('9') => (vec![share(KytCategory::Mixer, 40), share(KytCategory::Exchange, 60)], 85),
        Some('8') => (vec![share(KytCategory::DarknetMarket, 30), share(KytCategory::Exchange, 70)], 92),
        Some('7') => (vec![share(KytCategory::Scam, 25), share(KytCategory::Exchange, 75)], 65),
        Some('6') => (vec![share(KytCategory::Gambling, 50), share(KytCategory::Exchange, 50)], 35),
        _ => (vec![share(KytCategory::Exchange, 100)], 5),
    }
}

fn listing_evidence(l: &WalletListing) -> KytEvidence {
    let programs = if l.programs.is_empty() { String::new() } else { format!(" ({})", l.programs.join(", ")) };
    KytEvidence {
        kind: EvidenceKind::SanctionsList,
        category: KytCategory::Sanctions,
        list: Some(l.list.to_string()),
        entity_id: Some(l.entity_id),
        entity_name: Some(l.entity_name.clone()),
        holder: l.holder.clone(),
        sources: l.sources.clone(),
        programs: l.programs.clone(),
        currency: l.currency.clone(),
        listed_address: Some(l.listed_address.clone()),
        detail: format!(
            "The address is listed exactly on {}{programs}, as {} {}{}.",
            l.list,
            l.currency.as_deref().unwrap_or("an address"),
            l.listed_address,
            l.holder.as_deref().map(|h| format!(", held by {h}")).unwrap_or_default()
        ),
    }
}

/// Assesses a validated (or refused) address with its listings, in an environment.
pub fn assess(address: &Result<Address, Invalid>, listings: &[WalletListing], sandbox: bool) -> Assessment {
    let address = match address {
        Ok(a) => a,
        Err(invalid) => {
            return Assessment {
                canonical_address: None,
                address_form: None,
                invalid: Some(invalid.clone()),
                risk_score: None,
                categories: Vec::new(),
                evidence: Vec::new(),
                exposure: KytExposure {
                    status: ExposureStatus::NotChecked,
                    reason: "The address is not valid on its chain: nothing was checked.".into(),
                    counterparties: Vec::new(),
                },
            };
        }
    };
    let mut evidence: Vec<KytEvidence> = listings.iter().map(listing_evidence).collect();
    let mut score = if listings.is_empty() { 0 } else { SANCTIONS_SCORE };
    let mut categories = if listings.is_empty() { Vec::new() } else { vec![KytCategory::Sanctions] };
    let exposure = if sandbox {
        let (shares, exposure_score) = simulated_exposure(address.canonical());
        score = score.max(exposure_score);
        for s in shares.iter().filter(|s| s.category != KytCategory::Exchange) {
            categories.push(s.category);
            evidence.push(KytEvidence {
                kind: EvidenceKind::SimulatedExposure,
                category: s.category,
                list: None,
                entity_id: None,
                entity_name: None,
                holder: None,
                sources: Vec::new(),
                programs: Vec::new(),
                currency: None,
                listed_address: None,
                detail: format!(
                    "Simulated: {}% of the address's volume is with {} counterparties.",
                    s.percent,
                    s.category.as_words()
                ),
            });
        }
        KytExposure { status: ExposureStatus::Simulated, reason: SIMULATED.into(), counterparties: shares }
    } else {
        KytExposure { status: ExposureStatus::NotChecked, reason: NOT_CHECKED.into(), counterparties: Vec::new() }
    };
    Assessment {
        canonical_address: Some(address.canonical().to_owned()),
        address_form: Some(address.form().code().to_owned()),
        invalid: None,
        risk_score: Some(KytRiskScore { level: RiskLevel::of(score), score }),
        categories,
        evidence,
        exposure,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::aml::RiskScore;
    use crate::aml::model::EntityType;

    fn listing() -> WalletListing {
        WalletListing {
            entity_id: crate::aml::import::entity_id("OFAC", "1"),
            entity_name: "Listed Holder".into(),
            entity_type: EntityType::Person,
            holder: None,
            list: Arc::from("OFAC SDN"),
            sources: vec!["OFAC".into()],
            programs: vec!["CYBER2".into()],
            risk_score: RiskScore::High,
            currency: Some("XBT".into()),
            listed_address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa".into(),
            demo: false,
        }
    }

    #[test]
    fn a_listing_is_severe_in_both_environments_and_production_never_fakes_exposure() {
        let a = validate(KytChain::Bitcoin, "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
        for sandbox in [false, true] {
            let found = assess(&a, &[listing()], sandbox);
            assert_eq!(found.risk_score, Some(KytRiskScore { level: RiskLevel::Severe, score: 100 }));
            assert_eq!(found.categories[0], KytCategory::Sanctions);
            assert_eq!(found.evidence[0].programs, vec!["CYBER2".to_owned()]);
        }
        let production = assess(&a, &[], false);
        assert_eq!(production.exposure.status, ExposureStatus::NotChecked);
        assert!(production.exposure.counterparties.is_empty());
        assert_eq!(production.risk_score, Some(KytRiskScore { level: RiskLevel::Low, score: 0 }));
    }

    #[test]
    fn the_sandbox_simulates_exposure_from_the_last_character() {
        assert_eq!(simulated_exposure("…9").1, 85);
        assert_eq!(simulated_exposure("…8").0[0].category, KytCategory::DarknetMarket);
        assert_eq!(RiskLevel::of(simulated_exposure("…7").1), RiskLevel::High);
        assert_eq!(RiskLevel::of(simulated_exposure("…6").1), RiskLevel::Medium);
        assert_eq!(RiskLevel::of(simulated_exposure("…a").1), RiskLevel::Low);
        // The Ethereum example ends in 9: a mixer in the sandbox, nothing in production.
        let a = validate(KytChain::Ethereum, "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359");
        let sandbox = assess(&a, &[], true);
        assert_eq!(sandbox.categories, vec![KytCategory::Mixer]);
        assert_eq!(sandbox.exposure.status, ExposureStatus::Simulated);
        assert!(assess(&a, &[], false).categories.is_empty());
    }

    #[test]
    fn an_invalid_address_has_no_score() {
        let a = validate(KytChain::Ethereum, "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d35A");
        let found = assess(&a, &[], true);
        assert_eq!(found.invalid, Some(Invalid::Checksum));
        assert_eq!(found.risk_score, None);
    }
}
