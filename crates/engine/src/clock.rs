//! The clocks of the environments. Production runs on the engine's time source; each
//! organization's sandbox runs on its own clock, which tests can shift or freeze.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use rusqlite::Connection;
use serde::Serialize;

use crate::error::Result;
use crate::scope::{OrganizationId, Scope};
use crate::time::{TimeSource, Timestamp};

/// How a sandbox clock relates to real time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SandboxClock {
    /// Real time.
    #[default]
    Real,
    /// Real time moved by a fixed amount (it keeps running).
    Shifted { offset_ms: i64 },
    /// Stopped at an instant until moved again.
    Frozen { at: Timestamp },
}

/// How the clock runs, as the API shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ClockMode {
    Real,
    Shifted,
    Frozen,
}

/// The state of one environment's clock.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClockState {
    /// The environment's current time: what records created now are stamped with.
    pub now: Timestamp,
    /// The real time.
    pub real_now: Timestamp,
    pub mode: ClockMode,
    /// `now` minus `real_now`, in whole seconds.
    pub offset_seconds: i64,
}

pub(crate) struct Clocks {
    source: Arc<dyn TimeSource>,
    sandbox: RwLock<HashMap<OrganizationId, SandboxClock>>,
}

impl Clocks {
    pub(crate) fn new(source: Arc<dyn TimeSource>) -> Self {
        Clocks { source, sandbox: RwLock::new(HashMap::new()) }
    }

    /// Real time, as the engine's time source tells it.
    pub(crate) fn real_now(&self) -> Timestamp {
        self.source.now()
    }

    /// The current time of an environment.
    pub(crate) fn now(&self, scope: Scope) -> Timestamp {
        let real = self.real_now();
        if !scope.is_sandbox() {
            return real;
        }
        apply(self.get(scope.organization), real)
    }

    pub(crate) fn get(&self, organization: OrganizationId) -> SandboxClock {
        self.sandbox.read().unwrap_or_else(|e| e.into_inner()).get(&organization).copied().unwrap_or_default()
    }

    pub(crate) fn set(&self, organization: OrganizationId, clock: SandboxClock) {
        let mut map = self.sandbox.write().unwrap_or_else(|e| e.into_inner());
        if clock == SandboxClock::Real {
            map.remove(&organization);
        } else {
            map.insert(organization, clock);
        }
    }

    pub(crate) fn state(&self, scope: Scope) -> ClockState {
        let real_now = self.real_now();
        let clock = if scope.is_sandbox() { self.get(scope.organization) } else { SandboxClock::Real };
        let now = apply(clock, real_now);
        ClockState {
            now,
            real_now,
            mode: match clock {
                SandboxClock::Real => ClockMode::Real,
                SandboxClock::Shifted { .. } => ClockMode::Shifted,
                SandboxClock::Frozen { .. } => ClockMode::Frozen,
            },
            offset_seconds: (now.as_millis() - real_now.as_millis()) / 1000,
        }
    }

    /// Loads the stored sandbox clocks.
    pub(crate) fn load(&self, conn: &Connection) -> Result<()> {
        let mut stmt = conn.prepare("SELECT organization_id, offset_ms, frozen_at FROM sandbox_clocks")?;
        let rows = stmt.query_map([], |r| {
            let frozen: Option<Timestamp> = r.get(2)?;
            let clock = match frozen {
                Some(at) => SandboxClock::Frozen { at },
                None => SandboxClock::Shifted { offset_ms: r.get(1)? },
            };
            Ok((r.get::<_, OrganizationId>(0)?, clock))
        })?;
        for row in rows {
            let (org, clock) = row?;
            self.set(org, clock);
        }
        Ok(())
    }
}

fn apply(clock: SandboxClock, real: Timestamp) -> Timestamp {
    match clock {
        SandboxClock::Real => real,
        SandboxClock::Shifted { offset_ms } => Timestamp::from_millis(real.as_millis().saturating_add(offset_ms)),
        SandboxClock::Frozen { at } => at,
    }
}

/// Stores a sandbox clock (`Real` removes the row).
pub(crate) fn store(conn: &Connection, organization: OrganizationId, clock: SandboxClock, at: Timestamp) -> Result<()> {
    match clock {
        SandboxClock::Real => {
            conn.execute("DELETE FROM sandbox_clocks WHERE organization_id = ?1", [organization])?;
        }
        SandboxClock::Shifted { offset_ms } => {
            conn.execute(
                "INSERT INTO sandbox_clocks (organization_id, offset_ms, frozen_at, updated_at) VALUES (?1, ?2, NULL, ?3)
                 ON CONFLICT (organization_id) DO UPDATE SET offset_ms = ?2, frozen_at = NULL, updated_at = ?3",
                rusqlite::params![organization, offset_ms, at],
            )?;
        }
        SandboxClock::Frozen { at: frozen } => {
            conn.execute(
                "INSERT INTO sandbox_clocks (organization_id, offset_ms, frozen_at, updated_at) VALUES (?1, 0, ?2, ?3)
                 ON CONFLICT (organization_id) DO UPDATE SET offset_ms = 0, frozen_at = ?2, updated_at = ?3",
                rusqlite::params![organization, frozen, at],
            )?;
        }
    }
    Ok(())
}
