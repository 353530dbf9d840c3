//! The SQL of the retention settings.

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::Result;
use crate::scope::Scope;

/// An environment's stored days (`None`: the default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Stored {
    pub(crate) journal_days: Option<u32>,
    pub(crate) search_history_days: Option<u32>,
    pub(crate) case_files_days: Option<u32>,
    pub(crate) deepfake_analyses_days: Option<u32>,
    pub(crate) bank_statements_days: Option<u32>,
}

fn stored(r: &rusqlite::Row<'_>) -> rusqlite::Result<Stored> {
    Ok(Stored {
        journal_days: r.get(0)?,
        search_history_days: r.get(1)?,
        case_files_days: r.get(2)?,
        deepfake_analyses_days: r.get(3)?,
        bank_statements_days: r.get(4)?,
    })
}

pub(crate) fn get(conn: &Connection, scope: Scope) -> Result<Stored> {
    Ok(conn
        .prepare_cached(
            "SELECT journal_days, search_history_days, case_files_days, deepfake_analyses_days, bank_statements_days
             FROM retention_settings
             WHERE organization_id = ?1 AND environment = ?2",
        )?
        .query_row(params![scope.organization, scope.environment], stored)
        .optional()?
        .unwrap_or_default())
}

pub(crate) fn set(conn: &Connection, scope: Scope, s: Stored) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO retention_settings (organization_id, environment, journal_days, search_history_days,
             case_files_days, deepfake_analyses_days, bank_statements_days)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (organization_id, environment) DO UPDATE
             SET journal_days = excluded.journal_days, search_history_days = excluded.search_history_days,
                 case_files_days = excluded.case_files_days, deepfake_analyses_days = excluded.deepfake_analyses_days,
                 bank_statements_days = excluded.bank_statements_days",
    )?
    .execute(params![
        scope.organization,
        scope.environment,
        s.journal_days,
        s.search_history_days,
        s.case_files_days,
        s.deepfake_analyses_days,
        s.bank_statements_days
    ])?;
    Ok(())
}

/// The environments with settings of their own, and those settings.
pub(crate) fn all(conn: &Connection) -> Result<Vec<(Scope, Stored)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT journal_days, search_history_days, case_files_days, deepfake_analyses_days, bank_statements_days,
                organization_id, environment
         FROM retention_settings",
    )?;
    let rows = stmt.query_map([], |r| Ok((Scope::new(r.get(5)?, r.get(6)?), stored(r)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
