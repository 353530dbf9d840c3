//! SQL for the outbox.

use rusqlite::{Connection, params};

use super::model::{Event, EventId};
use crate::error::Result;
use crate::page::{Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;

/// An event to add.
pub(crate) struct NewEvent<'a> {
    pub(crate) id: EventId,
    pub(crate) event_type: &'a str,
    /// The record it is about.
    pub(crate) subject: Option<uuid::Uuid>,
    /// JSON.
    pub(crate) payload: &'a str,
    /// When it happened, on the environment's clock.
    pub(crate) at: Timestamp,
    /// Real time, for the ids of its deliveries.
    pub(crate) real_now: Timestamp,
}

/// Emits an event: adds it to the outbox and queues its deliveries to subscribed endpoints (as
/// due work, so delivery wakes once the transaction commits). Call it inside the transaction
/// that makes the change it reports. Returns how many deliveries were queued.
pub(crate) fn emit(conn: &Connection, scope: Scope, e: &NewEvent<'_>) -> Result<usize> {
    conn.prepare_cached(
        "INSERT INTO events (id, organization_id, environment, event_type, subject_id, payload, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![e.id, scope.organization, scope.environment, e.event_type, e.subject, e.payload, e.at])?;
    crate::webhooks::store::fan_out(conn, scope, e.id.as_uuid(), e.event_type, e.payload, e.at, e.real_now)
}

pub(crate) fn list(
    conn: &Connection,
    scope: Scope,
    event_type: Option<&str>,
    page: PageRequest,
) -> Result<Page<Event>> {
    let rows = conn
        .prepare_cached(
            "SELECT id, event_type, subject_id, created_at, payload FROM events
             WHERE organization_id = ?1 AND environment = ?2 AND (?3 IS NULL OR event_type = ?3)
             ORDER BY created_at DESC, id DESC LIMIT ?4 OFFSET ?5",
        )?
        .query_map(
            params![scope.organization, scope.environment, event_type, page.sql_limit(), page.sql_offset()],
            |r| {
                let payload: String = r.get(4)?;
                Ok(Event {
                    id: r.get(0)?,
                    event_type: r.get(1)?,
                    subject_id: r.get(2)?,
                    created_at: r.get(3)?,
                    payload: serde_json::from_str(&payload).unwrap_or(serde_json::Value::Null),
                })
            },
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(page.finish(rows))
}

/// Deletes the outbox events about an erased subject: those it is the subject of, and those
/// whose payload names it (any of `needles`: its id, names, e-mail; letter case aside);
/// returns how many.
pub(crate) fn erase_mentions(
    conn: &Connection,
    scope: Scope,
    subject: uuid::Uuid,
    needles: &[String],
) -> Result<usize> {
    let mut n = conn
        .prepare_cached("DELETE FROM events WHERE organization_id = ?1 AND environment = ?2 AND subject_id = ?3")?
        .execute(params![scope.organization, scope.environment, subject])?;
    let mut naming = conn.prepare_cached(
        "DELETE FROM events WHERE organization_id = ?1 AND environment = ?2 AND instr(lower(payload), lower(?3)) > 0",
    )?;
    for needle in needles {
        n += naming.execute(params![scope.organization, scope.environment, needle])?;
    }
    Ok(n)
}
