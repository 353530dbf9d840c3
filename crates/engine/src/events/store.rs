//! SQL for the outbox.

use rusqlite::{Connection, params};

use super::model::{Event, EventId};
use crate::db::{PackedJson, packed_text};
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
    emit_packed(conn, scope, e, &PackedJson::of(e.payload))
}

/// [`emit`] with the payload already compressed (`packed` is `e.payload`'s), for a caller that
/// compressed it before the write, off the writer's thread.
pub(crate) fn emit_packed(conn: &Connection, scope: Scope, e: &NewEvent<'_>, packed: &PackedJson) -> Result<usize> {
    conn.prepare_cached(
        "INSERT INTO events (id, organization_id, environment, event_type, subject_id, payload, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![e.id, scope.organization, scope.environment, e.event_type, e.subject, packed, e.at])?;
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
                let payload = packed_text(r, 4)?;
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
    // Payloads are compressed: read, not searched with SQL.
    let needles = crate::erasure::Mentions::of(needles);
    let naming: Vec<EventId> = {
        let mut stmt =
            conn.prepare_cached("SELECT id, payload FROM events WHERE organization_id = ?1 AND environment = ?2")?;
        let rows = stmt.query_map(params![scope.organization, scope.environment], |r| {
            Ok((r.get::<_, EventId>(0)?, packed_text(r, 1)?))
        })?;
        let mut found = Vec::new();
        for row in rows {
            let (id, payload) = row?;
            if needles.in_text(&payload) {
                found.push(id);
            }
        }
        found
    };
    let mut delete = conn.prepare_cached("DELETE FROM events WHERE id = ?1")?;
    for id in &naming {
        n += delete.execute([id])?;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scope::{Environment, OrganizationId};

    #[test]
    fn payloads_stored_as_text_before_migration_22_are_listed_and_erased_beside_compressed_ones() {
        let (mut conn, migrate) = crate::db::in_memory_at(21);
        // Only this table's rows matter here, not the organization they name.
        conn.pragma_update(None, "foreign_keys", false).expect("pragma");
        let scope = Scope::new(OrganizationId(uuid::Uuid::from_u128(1)), Environment::Sandbox);
        let at = |s: i64| Timestamp::from_millis(s * 1000);
        let old = EventId::new(at(1));
        conn.execute(
            "INSERT INTO events (id, organization_id, environment, event_type, payload, created_at)
             VALUES (?1, ?2, 'sandbox', 'AML_SCREENING', ?3, ?4)",
            params![old, scope.organization, r#"{"name":"Ada Byron"}"#, at(1)],
        )
        .expect("an event of schema 21");
        migrate(&mut conn);

        let new = |s: i64, payload: &str| {
            let id = EventId::new(at(s));
            let event =
                NewEvent { id, event_type: "AML_SCREENING", subject: None, payload, at: at(s), real_now: at(s) };
            emit(&conn, scope, &event).expect("emits");
            id
        };
        let (grace, alan) = (new(2, r#"{"name":"Grace Hopper"}"#), new(3, r#"{"name":"Alan Turing"}"#));
        let typeof_payload = |id: EventId| -> String {
            conn.query_row("SELECT typeof(payload) FROM events WHERE id = ?1", [id], |r| r.get(0)).expect("reads")
        };
        assert_eq!((typeof_payload(old), typeof_payload(grace)), ("text".into(), "blob".into()));
        let listed = list(&conn, scope, None, PageRequest { page: 0, limit: 10 }).expect("lists");
        let names: Vec<&str> = listed.data.iter().filter_map(|e| e.payload["name"].as_str()).collect();
        assert_eq!(names, ["Alan Turing", "Grace Hopper", "Ada Byron"], "newest first, both kinds read");

        let needles = ["ada byron".to_owned(), "GRACE".to_owned()];
        assert_eq!(erase_mentions(&conn, scope, uuid::Uuid::from_u128(9), &needles).expect("erases"), 2);
        let left = list(&conn, scope, None, PageRequest { page: 0, limit: 10 }).expect("lists");
        assert_eq!(left.data.iter().map(|e| e.id).collect::<Vec<_>>(), [alan]);
    }
}
