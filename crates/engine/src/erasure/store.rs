//! The SQL of the erasure log.

use rusqlite::{Connection, params};

use super::model::Erasure;
use crate::db::json_column;
use crate::error::Result;
use crate::scope::Scope;

pub(crate) fn insert(conn: &Connection, scope: Scope, e: &Erasure) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO erasures (id, organization_id, environment, subject_kind, subject_id, erased_at, erased_by, removed)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        e.id,
        scope.organization,
        scope.environment,
        e.subject_kind,
        e.subject_id,
        e.erased_at,
        e.erased_by,
        serde_json::to_string(&e.removed)?,
    ])?;
    Ok(())
}

/// The environment's newest erasures.
pub(crate) fn recent(conn: &Connection, scope: Scope, limit: u32) -> Result<Vec<Erasure>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, subject_kind, subject_id, erased_at, erased_by, removed FROM erasures
         WHERE organization_id = ?1 AND environment = ?2 ORDER BY erased_at DESC, id DESC LIMIT ?3",
    )?;
    let rows = stmt.query_map(params![scope.organization, scope.environment, limit], |r| {
        Ok(Erasure {
            id: r.get(0)?,
            subject_kind: r.get(1)?,
            subject_id: r.get(2)?,
            erased_at: r.get(3)?,
            erased_by: r.get(4)?,
            removed: json_column(r, 5)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
