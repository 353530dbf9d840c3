//! KYT, crypto-address risk (issue 35): check an address on a named chain for real, offline, in
//! both environments: its validity (`docket-chainaddr`: encodings and checksums of eight
//! chains) and an exact match of its canonical form against the digital-currency addresses of
//! the lists in use (`aml::wallets`), with the listing entity as evidence. Counterparty exposure
//! needs chain data Docket does not hold: production says so in every result, the sandbox
//! simulates it from the address (`assess`).
//!
//! - `model`: the check as served and as `KYT_WALLET_CHECK` carries it;
//! - `assess`: the pure rules (validity, evidence, exposure, score);
//! - `store`: `kyt_checks` and `kyt_monitors`; `service`: checks, the list, monitoring (due
//!   work of `Kind::KytMonitor`, made due by every list import), a transaction's wallets; `demo`: the demo data set's checks.

pub mod assess;
mod demo;
mod model;
mod service;
pub(crate) mod store;

pub use model::*;
pub use service::{EVENT, Kyt, LIST_BOUNDS, chain};
pub use store::KytCheckFilter;

use crate::Engine;
use crate::domains::{Count, Domain, Reset, Table};
use crate::error::Result;
use crate::scope::Scope;
use crate::work::{self, Claim, Kind, Tasks, Worker};

/// KYT's tables: both go with a sandbox reset.
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[
        Table { name: "kyt_monitors", reset: Reset::Delete(Some("kyt_monitors")), counts: &[] },
        Table { name: "kyt_checks", reset: Reset::Delete(Some("kyt_checks")), counts: &[Count::all("kyt_checks")] },
    ],
    after_reset: None,
};

/// Re-checks monitored addresses.
pub(crate) struct MonitorWorker;

impl Worker for MonitorWorker {
    const KIND: Kind = Kind::KytMonitor;
    const MAX_IN_FLIGHT: usize = 16;
    const LEASE: std::time::Duration = std::time::Duration::from_secs(60);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        // An import by another process made these due: check against its lists.
        engine.aml().ensure_current().await?;
        work::spawn_each(engine, items, tasks, |engine, claim| async move { engine.kyt().recheck(claim).await });
        Ok(())
    }
}

pub(crate) fn spawn(engine: &Engine) {
    work::spawn(engine, MonitorWorker);
}
