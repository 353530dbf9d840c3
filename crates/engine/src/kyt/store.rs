//! KYT checks and monitored addresses in SQLite (`kyt_checks`, `kyt_monitors`): this store alone
//! writes them.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{KytChain, KytCheck, KytCheckId, KytMonitor, RiskLevel};
use crate::aml::model::EntityId;
use crate::applicants::ApplicantId;
use crate::db::json_column;
use crate::error::Result;
use crate::page::PageRequest;
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::work::{self, Kind};

pub(crate) fn insert(conn: &Connection, scope: Scope, c: &KytCheck) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyt_checks (id, organization_id, environment, chain, address, canonical, applicant_id, risk_level, \
         origin, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?
    .execute(params![
        c.id,
        scope.organization,
        scope.environment,
        c.chain.as_str(),
        c.address,
        c.canonical_address,
        c.applicant_id,
        c.risk_score.map(|r| r.level.as_str()),
        c.origin.as_str(),
        serde_json::to_string(c)?,
        c.created_at,
    ])?;
    Ok(())
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: KytCheckId) -> Result<Option<KytCheck>> {
    Ok(conn
        .prepare_cached("SELECT body FROM kyt_checks WHERE id = ?1 AND organization_id = ?2 AND environment = ?3")?
        .query_row(params![id, scope.organization, scope.environment], |r| json_column(r, 0))
        .optional()?)
}

/// What the list keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KytCheckFilter {
    pub chain: Option<KytChain>,
    /// The address as given or in its canonical form.
    pub address: Option<String>,
    pub applicant_id: Option<ApplicantId>,
    pub risk_level: Option<RiskLevel>,
    pub created_from: Option<Timestamp>,
    pub created_to: Option<Timestamp>,
}

pub(crate) fn list(conn: &Connection, scope: Scope, f: &KytCheckFilter, page: PageRequest) -> Result<Vec<KytCheck>> {
    let mut stmt = conn.prepare_cached(
        "SELECT body FROM kyt_checks WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR chain = ?3) AND (?4 IS NULL OR address = ?4 OR canonical = ?4)
           AND (?5 IS NULL OR applicant_id = ?5) AND (?6 IS NULL OR risk_level = ?6)
           AND (?7 IS NULL OR created_at >= ?7) AND (?8 IS NULL OR created_at < ?8)
         ORDER BY created_at DESC, id DESC LIMIT ?9 OFFSET ?10",
    )?;
    let rows = stmt.query_map(
        params![
            scope.organization,
            scope.environment,
            f.chain.map(KytChain::as_str),
            f.address.as_deref().map(str::trim),
            f.applicant_id,
            f.risk_level.map(RiskLevel::as_str),
            f.created_from,
            f.created_to,
            page.sql_limit(),
            page.sql_offset()
        ],
        |row| json_column(row, 0),
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// A monitored address with what it was listed by at its last check.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Monitor {
    pub(crate) monitor: KytMonitor,
    pub(crate) listed: Vec<EntityId>,
}

const MONITOR_COLUMNS: &str =
    "id, chain, canonical, applicant_id, last_check_id, started_at, stopped_at, listed, organization_id, environment";

fn monitor(row: &Row<'_>) -> rusqlite::Result<Monitor> {
    let chain: String = row.get(1)?;
    Ok(Monitor {
        monitor: KytMonitor {
            id: row.get(0)?,
            chain: KytChain::parse(&chain).unwrap_or(KytChain::Bitcoin),
            canonical_address: row.get(2)?,
            applicant_id: row.get(3)?,
            last_check_id: row.get(4)?,
            started_at: row.get(5)?,
            stopped_at: row.get(6)?,
        },
        listed: json_column(row, 7)?,
    })
}

/// Starts monitoring a checked address, and schedules its first re-check (a list import makes
/// it due at once).
pub(crate) fn start_monitor(
    conn: &Connection,
    scope: Scope,
    check: &KytCheck,
    listed: &[EntityId],
    next: Timestamp,
) -> Result<()> {
    let Some(canonical) = &check.canonical_address else { return Ok(()) };
    conn.prepare_cached(
        "INSERT INTO kyt_monitors (id, organization_id, environment, chain, canonical, applicant_id, listed, \
         last_check_id, started_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?1, ?8)",
    )?
    .execute(params![
        check.id,
        scope.organization,
        scope.environment,
        check.chain.as_str(),
        canonical,
        check.applicant_id,
        serde_json::to_string(listed)?,
        check.created_at
    ])?;
    work::store::schedule(conn, Kind::KytMonitor, scope, check.id.as_uuid(), next)
}

pub(crate) fn get_monitor(conn: &Connection, scope: Scope, id: KytCheckId) -> Result<Option<Monitor>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {MONITOR_COLUMNS} FROM kyt_monitors WHERE id = ?1 AND organization_id = ?2 AND environment = ?3"
        ))?
        .query_row(params![id, scope.organization, scope.environment], monitor)
        .optional()?)
}

/// The environment's monitored addresses, newest first (stopped ones too).
pub(crate) fn monitors(conn: &Connection, scope: Scope, page: PageRequest) -> Result<Vec<KytMonitor>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {MONITOR_COLUMNS} FROM kyt_monitors WHERE organization_id = ?1 AND environment = ?2
         ORDER BY started_at DESC, id DESC LIMIT ?3 OFFSET ?4"
    ))?;
    let rows = stmt
        .query_map(params![scope.organization, scope.environment, page.sql_limit(), page.sql_offset()], |r| {
            monitor(r).map(|m| m.monitor)
        })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Records a re-check: what lists the address now and its latest check.
pub(crate) fn update_monitor(
    conn: &Connection,
    scope: Scope,
    id: KytCheckId,
    listed: &[EntityId],
    last: KytCheckId,
) -> Result<()> {
    conn.prepare_cached(
        "UPDATE kyt_monitors SET listed = ?4, last_check_id = ?5 WHERE id = ?1 AND organization_id = ?2 AND environment = ?3",
    )?
    .execute(params![id, scope.organization, scope.environment, serde_json::to_string(listed)?, last])?;
    Ok(())
}

/// Stops a monitor; false when there is none running under this id.
pub(crate) fn stop_monitor(conn: &Connection, scope: Scope, id: KytCheckId, at: Timestamp) -> Result<bool> {
    let n = conn
        .prepare_cached(
            "UPDATE kyt_monitors SET stopped_at = ?4 WHERE id = ?1 AND organization_id = ?2 AND environment = ?3
               AND stopped_at IS NULL",
        )?
        .execute(params![id, scope.organization, scope.environment, at])?;
    if n > 0 {
        work::store::cancel(conn, Kind::KytMonitor, id.as_uuid())?;
    }
    Ok(n > 0)
}

/// Deletes the checks made before `cutoff` (retention), but the one that started a running
/// monitor and its latest re-check; returns how many went.
pub(crate) fn prune(conn: &Connection, scope: Scope, cutoff: Timestamp) -> Result<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM kyt_checks WHERE organization_id = ?1 AND environment = ?2 AND created_at < ?3
               AND id NOT IN (SELECT id FROM kyt_monitors WHERE organization_id = ?1 AND environment = ?2
                                AND stopped_at IS NULL
                              UNION SELECT last_check_id FROM kyt_monitors WHERE organization_id = ?1
                                AND environment = ?2 AND stopped_at IS NULL)",
        )?
        .execute(params![scope.organization, scope.environment, cutoff])?)
}

/// Erases an applicant's checks and monitors (its erasure); returns how many checks went.
pub(crate) fn erase_applicant(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<usize> {
    let mut ids = conn.prepare_cached(
        "SELECT id FROM kyt_monitors WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
    )?;
    let monitors: Vec<KytCheckId> = ids
        .query_map(params![scope.organization, scope.environment, applicant], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in monitors {
        work::store::cancel(conn, Kind::KytMonitor, id.as_uuid())?;
    }
    conn.prepare_cached(
        "DELETE FROM kyt_monitors WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
    )?
    .execute(params![scope.organization, scope.environment, applicant])?;
    Ok(conn
        .prepare_cached("DELETE FROM kyt_checks WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3")?
        .execute(params![scope.organization, scope.environment, applicant])?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_statement_prepares() {
        let conn = crate::db::migrated_in_memory();
        for sql in [
            "SELECT body FROM kyt_checks WHERE organization_id = 1 AND chain = 'bitcoin' AND canonical = 'x'",
            &format!("SELECT {MONITOR_COLUMNS} FROM kyt_monitors"),
        ] {
            conn.prepare(sql).expect(sql);
        }
    }
}
