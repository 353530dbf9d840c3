//! SQL for hit dispositions (`aml_hit_dispositions`): a new disposition replaces the standing
//! one of its key and keeps it as history.

use rusqlite::{Connection, params};

use super::model::{Disposition, DispositionHistory, DispositionKind, DispositionReason};
use crate::aml::model::EntityId;
use crate::error::Result;
use crate::scope::Scope;
use crate::time::Timestamp;

fn conversion(i: usize, what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        i,
        rusqlite::types::Type::Text,
        format!("an unknown {what} in aml_hit_dispositions").into(),
    )
}

/// Records `d` for `party` and `entity`; the standing disposition of that key, if any, is kept
/// as replaced.
pub(crate) fn insert(conn: &Connection, scope: Scope, party: &str, entity: EntityId, d: &Disposition) -> Result<()> {
    conn.prepare_cached(
        "UPDATE aml_hit_dispositions SET replaced_at = ?5
         WHERE organization_id = ?1 AND environment = ?2 AND party = ?3 AND entity_id = ?4 AND replaced_at IS NULL",
    )?
    .execute(params![scope.organization, scope.environment, party, entity, d.at])?;
    conn.prepare_cached(
        "INSERT INTO aml_hit_dispositions (id, organization_id, environment, party, entity_id, entity_version,
             search_id, disposition, reason, note, actor, reviewer_id, api_key_id, decided_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
    )?
    .execute(params![
        d.id,
        scope.organization,
        scope.environment,
        party,
        entity,
        d.entity_version,
        d.search_id,
        d.disposition.as_str(),
        d.reason.as_str(),
        d.note,
        d.by,
        d.reviewer_id,
        d.api_key_id,
        d.at,
    ])?;
    Ok(())
}

/// Every disposition of a party, by entity, newest first.
pub(crate) fn of_party(
    conn: &Connection,
    scope: Scope,
    party: &str,
) -> Result<std::collections::HashMap<EntityId, DispositionHistory>> {
    let mut stmt = conn.prepare_cached(
        "SELECT entity_id, id, disposition, reason, note, actor, reviewer_id, api_key_id, decided_at, entity_version,
             search_id, replaced_at
         FROM aml_hit_dispositions WHERE organization_id = ?1 AND environment = ?2 AND party = ?3
         ORDER BY decided_at DESC, id DESC",
    )?;
    let rows = stmt.query_map(params![scope.organization, scope.environment, party], |r| {
        let kind: String = r.get(2)?;
        let reason: String = r.get(3)?;
        Ok((
            r.get::<_, EntityId>(0)?,
            Disposition {
                id: r.get(1)?,
                disposition: DispositionKind::parse(&kind).ok_or_else(|| conversion(2, "disposition"))?,
                reason: DispositionReason::parse(&reason).ok_or_else(|| conversion(3, "reason"))?,
                note: r.get(4)?,
                by: r.get(5)?,
                reviewer_id: r.get(6)?,
                api_key_id: r.get(7)?,
                at: r.get(8)?,
                entity_version: r.get(9)?,
                search_id: r.get(10)?,
                replaced_at: r.get::<_, Option<Timestamp>>(11)?,
            },
        ))
    })?;
    let mut out: std::collections::HashMap<EntityId, DispositionHistory> = Default::default();
    for row in rows {
        let (entity, d) = row?;
        out.entry(entity).or_default().0.push(d);
    }
    Ok(out)
}

/// Deletes every disposition of one party (`applicant:<id>`) or, for a key ending in `:`, of
/// every party under it (`case:<id>:` holds a case's company and persons): an erasure, whose
/// subject's notes and names go with it. Returns how many rows went.
pub(crate) fn erase_parties(conn: &Connection, scope: Scope, key: &str) -> Result<usize> {
    let sql = if key.ends_with(':') {
        "DELETE FROM aml_hit_dispositions WHERE organization_id = ?1 AND environment = ?2
             AND substr(party, 1, length(?3)) = ?3"
    } else {
        "DELETE FROM aml_hit_dispositions WHERE organization_id = ?1 AND environment = ?2 AND party = ?3"
    };
    Ok(conn.prepare_cached(sql)?.execute(params![scope.organization, scope.environment, key])?)
}
