//! The digital-currency addresses the lists in use name (OFAC SDN's "Digital Currency Address -
//! XBT …" remarks, OpenSanctions' `CryptoWallet` entities, the demo list's wallets), by chain
//! and canonical form, so that KYT's exact match is one hash lookup. Built beside the name index
//! from the same entities, whenever the active snapshots change.
//!
//! A listed address is indexed under the chain its currency code names (`XBT` → Bitcoin) when
//! it is valid there. A code that names no chain Docket validates (`USDT`, `USDC`, `ETC`, `BSC`,
//! `BSV`...) or no code at all: under every chain whose address the text is (a token on Tron
//! or on an Ethereum-format chain is found by its address's form; an EVM chain's address is the
//! same key as on Ethereum). A listed text that is no valid address of any chain is counted, not
//! indexed. The evidence always names the currency as listed.

use std::collections::HashMap;
use std::sync::Arc;

use docket_chainaddr::{Chain, parse};

use super::model::{Entity, EntityId, EntityType};
use super::vocabulary::RiskScore;

/// A listed address's entry: the entity that lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct WalletListing {
    pub entity_id: EntityId,
    /// The entity's primary name (for a wallet entity, often the address itself).
    pub entity_name: String,
    pub entity_type: EntityType,
    /// Whose wallet it is, when the list says (an OpenSanctions holder, the demo's controller).
    pub holder: Option<String>,
    /// The snapshot's label (`OFAC SDN 2026-11-20`, the demo list's).
    pub list: Arc<str>,
    /// The sources the entity cites, by their names.
    pub sources: Vec<String>,
    /// The programmes or reasons the sources give (`CYBER2`, `DPRK3`).
    pub programs: Vec<String>,
    pub risk_score: RiskScore,
    /// The currency code as listed (`XBT`, `USDT`), if any.
    pub currency: Option<String>,
    /// The address as listed.
    pub listed_address: String,
    /// On the demo list: visible to the sandbox only.
    pub demo: bool,
}

/// Listed addresses by chain and canonical form.
#[derive(Default)]
pub struct WalletIndex {
    by_address: HashMap<(Chain, Box<str>), Vec<WalletListing>>,
    /// Listed texts that are no valid address of any chain.
    unreadable: usize,
}

/// The chains a listed address belongs to, with its canonical form on each.
pub fn listed_on(currency: Option<&str>, address: &str) -> Vec<(Chain, String)> {
    if let Some(chain) = currency.and_then(Chain::from_code)
        && let Ok(a) = parse(chain, address)
    {
        return vec![(chain, a.into_canonical())];
    }
    let mut out: Vec<(Chain, String)> = Vec::new();
    for chain in Chain::ALL {
        // A legacy Bitcoin address also reads as legacy Bitcoin Cash: it is Bitcoin's.
        if chain == Chain::BitcoinCash && out.iter().any(|(c, _)| *c == Chain::Bitcoin) {
            continue;
        }
        if let Ok(a) = parse(chain, address) {
            out.push((chain, a.into_canonical()));
        }
    }
    out
}

/// Whether a registration id is a wallet address.
fn is_wallet(id_type: Option<&str>, currency: Option<&str>) -> bool {
    currency.is_some() || id_type.is_some_and(|t| t.starts_with("Digital Currency Address") || t == "Wallet Address")
}

impl WalletIndex {
    /// Adds an entity's listed addresses.
    pub fn add(&mut self, entity: &Entity, demo: bool, list: &Arc<str>) {
        let f = &entity.fields;
        for id in f.registration_ids.iter().filter(|r| is_wallet(r.id_type.as_deref(), r.currency.as_deref())) {
            let chains = listed_on(id.currency.as_deref(), &id.id);
            if chains.is_empty() {
                self.unreadable += 1;
                continue;
            }
            let listing = WalletListing {
                entity_id: entity.uuid,
                entity_name: f
                    .names
                    .iter()
                    .find(|n| n.primary)
                    .or(f.names.first())
                    .map(|n| n.full_name.clone())
                    .unwrap_or_default(),
                entity_type: entity.entity_type,
                holder: f.owners_and_beneficiaries.first().map(|o| o.name.clone()),
                list: list.clone(),
                sources: f.sources.iter().map(|s| s.name.clone()).collect(),
                programs: f.sources.iter().filter_map(|s| s.reason.clone()).collect(),
                risk_score: entity.risk_score,
                currency: id.currency.clone(),
                listed_address: id.id.clone(),
                demo,
            };
            for (chain, canonical) in chains {
                let entries = self.by_address.entry((chain, canonical.into_boxed_str())).or_default();
                if !entries.iter().any(|e| e.entity_id == listing.entity_id) {
                    entries.push(listing.clone());
                }
            }
        }
    }

    /// The entities that list this canonical address on this chain (the demo list's only when
    /// `include_demo`).
    pub fn lookup(&self, chain: Chain, canonical: &str, include_demo: bool) -> Vec<WalletListing> {
        // The map's key is a boxed str; a borrowed tuple key needs the owned form.
        self.by_address
            .get(&(chain, Box::from(canonical)))
            .map(|v| v.iter().filter(|l| include_demo || !l.demo).cloned().collect())
            .unwrap_or_default()
    }

    /// How many distinct addresses are indexed.
    pub fn len(&self) -> usize {
        self.by_address.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_address.is_empty()
    }

    /// Listed texts that were no valid address of any chain.
    pub fn unreadable(&self) -> usize {
        self.unreadable
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aml::model::{EntityFields, EntityName, RegistrationId};

    fn wallet_entity(address: &str, currency: Option<&str>) -> Entity {
        let mut e = crate::aml::demo_list::entities().into_iter().next().expect("an entity");
        e.fields = EntityFields {
            names: vec![EntityName { primary: true, ..EntityName::new("Listed Holder") }],
            ..EntityFields::default()
        };
        e.fields.registration_ids.push(RegistrationId {
            id: address.into(),
            id_type: Some(format!("Digital Currency Address - {}", currency.unwrap_or("?"))),
            date: None,
            industry: None,
            country: None,
            imo_number: None,
            mmsi_number: None,
            currency: currency.map(str::to_owned),
        });
        e
    }

    #[test]
    fn listed_addresses_are_found_by_their_canonical_form_on_their_chain() {
        let list: Arc<str> = Arc::from("OFAC SDN");
        let mut index = WalletIndex::default();
        index.add(&wallet_entity("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", Some("ETH")), false, &list);
        index.add(&wallet_entity("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", Some("USDT")), false, &list);
        index.add(&wallet_entity("1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", Some("BCH")), true, &list);
        index.add(&wallet_entity("not an address", Some("XBT")), false, &list);
        assert_eq!(index.unreadable(), 1);
        let eth = index.lookup(Chain::Ethereum, "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", false);
        assert_eq!(eth.len(), 1);
        assert_eq!((eth[0].entity_name.as_str(), eth[0].currency.as_deref()), ("Listed Holder", Some("ETH")));
        // USDT names no chain: the address's form says Tron.
        assert_eq!(index.lookup(Chain::Tron, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", false).len(), 1);
        // A legacy BCH address is indexed as its CashAddr; demo entries only for the sandbox.
        let cash = "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a";
        assert!(index.lookup(Chain::BitcoinCash, cash, false).is_empty());
        assert_eq!(index.lookup(Chain::BitcoinCash, cash, true).len(), 1);
        assert!(index.lookup(Chain::Bitcoin, "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", true).is_empty());
    }
}
