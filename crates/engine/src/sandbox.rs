//! Sandbox controls: the environment's clock and a reset of its data. Production refuses them:
//! its time is real time and its data is not for wiping.

use std::collections::BTreeMap;

use jiff::SignedDuration;
use serde::Serialize;

use crate::Engine;
use crate::clock::{self, ClockState, SandboxClock};
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::time::Timestamp;

/// The farthest a single move may take the clock, either way.
const MAX_MOVE: SignedDuration = SignedDuration::from_hours(24 * 366 * 10);

/// What a reset removed: how many records of each kind (`applicants`, `searches`, `events`,
/// `deliveries`, `journal_entries`, and those of every other domain with data in the sandbox).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResetSummary(pub BTreeMap<String, u64>);

impl ResetSummary {
    /// How many records of one kind went (0 when none of that kind).
    pub fn get(&self, kind: &str) -> u64 {
        self.0.get(kind).copied().unwrap_or(0)
    }
}

pub struct Sandbox<'e> {
    pub(crate) engine: &'e Engine,
}

/// Refuses a production scope: sandbox controls need a sandbox key (or console environment).
pub fn require_sandbox(scope: Scope) -> Result<()> {
    if scope.is_sandbox() {
        Ok(())
    } else {
        Err(Error::Forbidden(
            "sandbox controls need a sandbox API key: production runs on real time and its data cannot be reset".into(),
        ))
    }
}

impl Sandbox<'_> {
    /// The environment's clock (production always shows real time).
    pub fn clock(&self, scope: Scope) -> ClockState {
        self.engine.core.clocks.state(scope)
    }

    /// Sets the sandbox clock to `to`; it runs on from there unless `freeze`.
    pub async fn set_clock(&self, scope: Scope, to: Timestamp, freeze: bool) -> Result<ClockState> {
        require_sandbox(scope)?;
        let real = self.engine.core.clocks.real_now();
        let offset = to.as_millis().saturating_sub(real.as_millis());
        if offset.unsigned_abs() > MAX_MOVE.as_millis().unsigned_abs() as u64 {
            return Err(Error::invalid("now", "must be within ten years of the real time"));
        }
        let new = if freeze { SandboxClock::Frozen { at: to } } else { SandboxClock::Shifted { offset_ms: offset } };
        self.store(scope, new).await
    }

    /// Moves the sandbox clock forward by `by` (a frozen clock stays frozen).
    pub async fn advance_clock(&self, scope: Scope, by: SignedDuration) -> Result<ClockState> {
        require_sandbox(scope)?;
        if by <= SignedDuration::ZERO {
            return Err(Error::invalid("by", "must be a positive duration; use set to go back in time"));
        }
        if by > MAX_MOVE {
            return Err(Error::invalid("by", "must be at most ten years"));
        }
        let by_ms = by.as_millis() as i64;
        let new = match self.engine.core.clocks.get(scope.organization) {
            SandboxClock::Real => SandboxClock::Shifted { offset_ms: by_ms },
            SandboxClock::Shifted { offset_ms } => SandboxClock::Shifted { offset_ms: offset_ms.saturating_add(by_ms) },
            SandboxClock::Frozen { at } => SandboxClock::Frozen { at: at.saturating_add(by) },
        };
        self.store(scope, new).await
    }

    /// Returns the sandbox clock to real time.
    pub async fn reset_clock(&self, scope: Scope) -> Result<ClockState> {
        require_sandbox(scope)?;
        self.store(scope, SandboxClock::Real).await
    }

    async fn store(&self, scope: Scope, new: SandboxClock) -> Result<ClockState> {
        let now = self.engine.core.clocks.real_now();
        self.engine.core.db.write(move |conn| clock::store(conn, scope.organization, new, now)).await?;
        self.engine.core.clocks.set(scope.organization, new);
        // Work waiting for a time (retries, daily screening) re-reads the clock.
        self.engine.core.work.wake_all();
        Ok(self.clock(scope))
    }

    /// Deletes every record of the sandbox environment (every domain's, as declared in
    /// `domains`): applicants, searches and screenings, events, webhook deliveries, due work and
    /// the request journal. API keys, webhook endpoints, settings and the clock stay.
    pub async fn reset_data(&self, scope: Scope) -> Result<ResetSummary> {
        require_sandbox(scope)?;
        // Requests still queued for the journal are stored first, so that they go too.
        self.engine.journal().flush().await;
        let (blobs, removed) = self
            .engine
            .core
            .db
            .write(move |conn| Ok((crate::files::store::hashes_in(conn, scope)?, crate::domains::reset(conn, scope)?)))
            .await?;
        // Stored files' contents live beside the database: those no record names now go too.
        self.engine.files().remove_unreferenced(blobs).await;
        // The audit chain starts again: what was found of the old one no longer holds.
        self.engine.audit().forget(scope);
        Ok(ResetSummary(removed.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()))
    }
}
