//! KYT's rules around I/O: a check from its input to its stored result and event, the list, the
//! monitored addresses and their re-checks after each list import (as due work,
//! `Kind::KytMonitor`), and the screening of a monitored transaction's wallets.

use jiff::SignedDuration;

use super::assess::{self, Assessment};
use super::model::{KytChain, KytCheck, KytCheckId, KytMonitor, KytOrigin, NewKytCheck};
use super::store::{self, KytCheckFilter};
use crate::Engine;
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::work::{self, Claim};

/// Bounds of the check list.
pub const LIST_BOUNDS: Bounds = Bounds { min: 1, max: 200, default: 20 };
/// The event of a check (made over the API, by a monitored address's re-check with a new
/// listing, or by the demo).
pub const EVENT: &str = "KYT_WALLET_CHECK";
/// The longest address text accepted before any decoding.
const MAX_ADDRESS: usize = 256;
/// A monitored address is also checked again this often, besides after every list import.
const RECHECK_INTERVAL: SignedDuration = SignedDuration::from_hours(24);

const CHAINS: &str = "bitcoin, ethereum, tron, litecoin, bitcoin_cash, dash, zcash, monero (or the coin's ticker: BTC, \
    XBT, ETH, TRX, LTC, BCH, DASH, ZEC, XMR)";

pub struct Kyt<'e> {
    pub(crate) engine: &'e Engine,
}

/// A check to record, once its input is checked.
pub(crate) struct Checked {
    pub(crate) chain: KytChain,
    pub(crate) address: String,
    pub(crate) tx_hash: Option<String>,
    pub(crate) applicant_id: Option<ApplicantId>,
    pub(crate) monitor: bool,
}

/// A transaction hash as kept: 64 hexadecimal digits, lower-cased, `0x` kept when given.
fn tx_hash(text: &str) -> Result<String> {
    let t = text.trim();
    let hex = t.strip_prefix("0x").unwrap_or(t);
    if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(Error::invalid("tx_hash", "must be 64 hexadecimal digits (0x allowed)"));
    }
    Ok(t.to_ascii_lowercase())
}

/// The chain a caller named.
pub fn chain(field: &str, text: &str) -> Result<KytChain> {
    KytChain::parse(text).ok_or_else(|| Error::invalid(field, format!("must be one of {CHAINS}")))
}

/// The address text a caller gave, bounded before any decoding.
fn address_text(field: &str, text: &str) -> Result<String> {
    let t = text.trim();
    if t.chars().count() > MAX_ADDRESS {
        return Err(Error::invalid(field, format!("must be at most {MAX_ADDRESS} characters")));
    }
    Ok(t.to_owned())
}

/// A check's record from what was found.
fn check_of(
    id: KytCheckId,
    scope: Scope,
    chain: KytChain,
    address: String,
    found: Assessment,
    origin: KytOrigin,
    created_at: Timestamp,
) -> KytCheck {
    KytCheck {
        id,
        chain,
        address,
        canonical_address: found.canonical_address,
        address_form: found.address_form,
        valid: found.invalid.is_none(),
        invalid_code: found.invalid.as_ref().map(|i| i.code().to_owned()),
        invalid_reason: found.invalid.as_ref().map(ToString::to_string),
        tx_hash: None,
        applicant_id: None,
        monitor: false,
        origin,
        risk_score: found.risk_score,
        categories: found.categories,
        evidence: found.evidence,
        exposure: found.exposure,
        environment: scope.environment,
        monitored_from: None,
        created_at,
    }
}

/// Emits `KYT_WALLET_CHECK` for a check in the caller's transaction: the payload is the check.
pub(crate) fn emit(conn: &rusqlite::Connection, scope: Scope, check: &KytCheck, real_now: Timestamp) -> Result<()> {
    crate::events::emit(
        conn,
        scope,
        &crate::events::NewEvent {
            id: crate::events::EventId::new(real_now),
            event_type: EVENT,
            subject: Some(check.id.as_uuid()),
            payload: &serde_json::to_string(check)?,
            at: check.created_at,
            real_now,
        },
    )
    .map(drop)
}

impl Kyt<'_> {
    /// Validates an address and looks it up in the lists in use, recording nothing.
    pub(crate) async fn assess(&self, scope: Scope, chain: KytChain, address: &str) -> Result<Assessment> {
        let parsed = assess::validate(chain, address);
        let listings = match &parsed {
            Ok(a) => self.engine.aml().listed_wallet(scope, chain.chain(), a.canonical()).await?,
            Err(_) => Vec::new(),
        };
        Ok(assess::assess(&parsed, &listings, scope.is_sandbox()))
    }

    /// Checks an address: stores the result, starts its monitoring when asked (a valid address
    /// only) and emits `KYT_WALLET_CHECK`, in one transaction. A valid request about an invalid
    /// address is a result (`valid: false` with its reason), not an error.
    pub async fn check(&self, scope: Scope, input: NewKytCheck) -> Result<KytCheck> {
        let chain = chain("chain", &input.chain)?;
        let address = address_text("address", &input.address)?;
        if address.is_empty() {
            return Err(Error::invalid("address", "is required"));
        }
        let tx = input.tx_hash.as_deref().filter(|t| !t.trim().is_empty()).map(tx_hash).transpose()?;
        if let Some(a) = input.applicant_id {
            self.engine.applicants().get(scope, a).await?;
        }
        let checked = Checked { chain, address, tx_hash: tx, applicant_id: input.applicant_id, monitor: input.monitor };
        self.record(scope, checked, KytOrigin::Api).await
    }

    /// Checks and records one address (the API's checks, the demo's).
    pub(crate) async fn record(&self, scope: Scope, input: Checked, origin: KytOrigin) -> Result<KytCheck> {
        let Checked { chain, address, tx_hash: tx, applicant_id, monitor } = input;
        let found = self.assess(scope, chain, &address).await?;
        let listed: Vec<_> = found.evidence.iter().filter_map(|e| e.entity_id).collect();
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        let mut check = check_of(KytCheckId::new(real_now), scope, chain, address, found, origin, now);
        check.tx_hash = tx;
        check.applicant_id = applicant_id;
        check.monitor = monitor && check.valid;
        let stored = check.clone();
        let next = now.saturating_add(RECHECK_INTERVAL);
        self.engine
            .core
            .db
            .write(move |conn| {
                store::insert(conn, scope, &stored)?;
                if stored.monitor {
                    store::start_monitor(conn, scope, &stored, &listed, next)?;
                }
                emit(conn, scope, &stored, real_now)
            })
            .await?;
        Ok(check)
    }

    pub async fn get(&self, scope: Scope, id: KytCheckId) -> Result<KytCheck> {
        self.engine.core.db.read(move |conn| store::get(conn, scope, id)?.ok_or(Error::not_found("KYT check"))).await
    }

    pub async fn list(&self, scope: Scope, filter: KytCheckFilter, page: PageRequest) -> Result<Page<KytCheck>> {
        let rows = self.engine.core.db.read(move |conn| store::list(conn, scope, &filter, page)).await?;
        Ok(page.finish(rows))
    }

    /// The monitored addresses, newest first (stopped ones too, with `stopped_at`).
    pub async fn monitors(&self, scope: Scope, page: PageRequest) -> Result<Page<KytMonitor>> {
        let rows = self.engine.core.db.read(move |conn| store::monitors(conn, scope, page)).await?;
        Ok(page.finish(rows))
    }

    /// Stops the monitoring a check started. A 404 when the check started none; stopping a
    /// stopped one answers it as it is.
    pub async fn stop_monitoring(&self, scope: Scope, id: KytCheckId) -> Result<KytMonitor> {
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                store::stop_monitor(conn, scope, id, now)?;
                store::get_monitor(conn, scope, id)?.map(|m| m.monitor).ok_or(Error::not_found("KYT monitor"))
            })
            .await
    }

    /// Checks a monitored address again (a claimed item): a listing it did not have at the last
    /// check makes a new check (origin `monitoring`) and its event; the item is due again in a
    /// day, or at once after the next import. Nothing is recorded if it was stopped meanwhile.
    pub(crate) async fn recheck(&self, claim: Claim) -> Result<()> {
        let scope = claim.scope;
        let id = KytCheckId(claim.subject);
        let current = self.engine.core.db.read(move |conn| store::get_monitor(conn, scope, id)).await?;
        let Some(m) = current.filter(|m| m.monitor.stopped_at.is_none()) else {
            return self.engine.core.db.write(move |conn| work::store::complete(conn, &claim).map(drop)).await;
        };
        let chain = m.monitor.chain;
        let found = self.assess(scope, chain, &m.monitor.canonical_address).await?;
        let listed: Vec<_> = found.evidence.iter().filter_map(|e| e.entity_id).collect();
        let new_listing = listed.iter().any(|e| !m.listed.contains(e));
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        let next = now.saturating_add(RECHECK_INTERVAL);
        let check = new_listing.then(|| {
            let mut c = check_of(
                KytCheckId::new(real_now),
                scope,
                chain,
                m.monitor.canonical_address.clone(),
                found,
                KytOrigin::Monitoring,
                now,
            );
            c.applicant_id = m.monitor.applicant_id;
            c.monitored_from = Some(id);
            c
        });
        self.engine
            .core
            .db
            .write(move |conn| {
                if !work::store::reschedule(conn, &claim, next)? {
                    return Ok(());
                }
                let last = check.as_ref().map_or(m.monitor.last_check_id, |c| c.id);
                store::update_monitor(conn, scope, id, &listed, last)?;
                if let Some(c) = &check {
                    store::insert(conn, scope, c)?;
                    emit(conn, scope, c, real_now)?;
                }
                Ok(())
            })
            .await
    }

    /// Re-checks every monitored address that is due now (tests and tools).
    pub async fn run_due_monitoring(&self) -> Result<usize> {
        work::run_now(self.engine, &super::MonitorWorker).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tx_hashes_are_64_hex_digits() {
        assert_eq!(tx_hash(&format!("0x{}", "AB".repeat(32))).ok(), Some(format!("0x{}", "ab".repeat(32))));
        assert!(tx_hash("abc").is_err());
        assert!(tx_hash(&"g".repeat(64)).is_err());
        assert!(chain("chain", "doge").is_err());
        assert_eq!(chain("chain", "XBT").ok(), Some(KytChain::Bitcoin));
    }
}
