//! The demo data set's KYT checks (sandbox only): a sanctions hit on the demo list, a valid
//! clean address, simulated exposure, an address with a wrong checksum, and a monitored one.

use docket_chainaddr::Chain;

use super::model::{KytChain, KytOrigin};
use super::service::{Checked, Kyt};
use super::store::{self, KytCheckFilter};
use crate::aml::demo_list::kyt_sanctioned_address;
use crate::error::{Error, Result};
use crate::page::PageRequest;
use crate::scope::Scope;

impl Kyt<'_> {
    /// Seeds the demo checks once; the number made.
    pub async fn seed_demo(&self, scope: Scope) -> Result<usize> {
        if !scope.is_sandbox() {
            return Err(Error::Forbidden("demo data goes into the sandbox only".into()));
        }
        let page = PageRequest { page: 0, limit: 1 };
        if !self
            .engine
            .core
            .db
            .read(move |conn| store::list(conn, scope, &KytCheckFilter::default(), page))
            .await?
            .is_empty()
        {
            return Ok(0);
        }
        let person = |n: usize| format!("demo-person-{n:03}");
        let checks: [(KytChain, String, Option<String>, bool); 5] = [
            (KytChain::Bitcoin, kyt_sanctioned_address(Chain::Bitcoin), Some(person(3)), true),
            // A published EIP-55 example: mixed case with a valid checksum.
            (KytChain::Ethereum, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into(), Some(person(1)), false),
            // Ends in 8: the sandbox simulates darknet-market exposure.
            (KytChain::Ethereum, "0x2222222222222222222222222222222222222228".into(), None, false),
            // The same address with one character changed: its checksum fails.
            (KytChain::Ethereum, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD".into(), None, false),
            (KytChain::Monero, kyt_sanctioned_address(Chain::Monero), None, true),
        ];
        let mut made = 0;
        for (chain, address, external_id, monitor) in checks {
            let applicant = match external_id {
                Some(id) => self.engine.applicants().get_by_external_id(scope, &id).await.ok().map(|a| a.applicant_id),
                None => None,
            };
            let checked = Checked { chain, address, tx_hash: None, applicant_id: applicant, monitor };
            self.record(scope, checked, KytOrigin::Demo).await?;
            made += 1;
        }
        Ok(made)
    }
}
