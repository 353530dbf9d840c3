//! SQL for the audit chain. [`append`] runs inside the transaction of the change it records, so
//! an event exists exactly when its change does; the single writer orders the appends.
//!
//! Rows are read as they are, whatever was done to the file: a `data` that is not JSON is read
//! as a string, an id that is not a UUID as `unreadable:<hex>` and a missing `data_hash` as an
//! empty one, so that the verifier reports the event instead of failing to read the chain (which
//! would hide a broken chain behind an error).

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::chain::{data_hash_of, hash_of, new_salt};
use super::first_format::FirstFormatEvent;
use super::model::{AuditEvent, AuditFilter, ERASED_KIND, GENESIS};
use crate::error::Result;
use crate::page::PageRequest;
use crate::scope::Scope;
use crate::time::Timestamp;

/// What a domain records.
#[derive(Debug, Clone)]
pub(crate) struct NewAuditEvent<'a> {
    pub(crate) at: Timestamp,
    pub(crate) case: Option<(uuid::Uuid, &'a str)>,
    pub(crate) actor: &'a str,
    pub(crate) reviewer_id: Option<uuid::Uuid>,
    pub(crate) kind: &'a str,
    pub(crate) data: serde_json::Value,
}

/// Appends an event to the scope's chain.
pub(crate) fn append(conn: &Connection, scope: Scope, new: NewAuditEvent<'_>) -> Result<AuditEvent> {
    let last: Option<(i64, String)> = conn
        .prepare_cached(
            "SELECT seq, hash FROM audit_events WHERE organization_id = ?1 AND environment = ?2
             ORDER BY seq DESC LIMIT 1",
        )?
        .query_row(params![scope.organization, scope.environment], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (prev_seq, prev_hash) = last.unwrap_or((0, GENESIS.to_owned()));
    let mut data = new.data;
    without_floats(&mut data);
    let salt = new_salt();
    let mut event = AuditEvent {
        seq: prev_seq + 1,
        at: new.at,
        organization_id: scope.organization.to_string(),
        environment: scope.environment,
        case_id: new.case.map(|(id, _)| id.hyphenated().to_string()),
        case_public_id: new.case.map(|(_, p)| p.to_owned()),
        actor: new.actor.to_owned(),
        reviewer_id: new.reviewer_id.map(|id| id.hyphenated().to_string()),
        kind: new.kind.to_owned(),
        data_hash: data_hash_of(&salt, &data),
        data,
        salt: Some(salt),
        prev_hash,
        hash: String::new(),
    };
    event.hash = hash_of(&event);
    conn.prepare_cached(
        "INSERT INTO audit_events (organization_id, environment, seq, at, case_id, case_public_id, actor, reviewer_id,
            kind, data, salt, data_hash, prev_hash, hash)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
    )?
    .execute(params![
        scope.organization,
        scope.environment,
        event.seq,
        event.at,
        new.case.map(|(id, _)| id),
        event.case_public_id,
        event.actor,
        new.reviewer_id,
        event.kind,
        serde_json::to_string(&event.data)?,
        event.salt,
        event.data_hash,
        event.prev_hash,
        event.hash,
    ])?;
    Ok(event)
}

/// Empties the events of one case (an erasure): their `data` becomes `{"erased": erasure}` and
/// their salt goes; `data_hash` and the hashes stay. Returns the emptied events' `seq` and
/// `data_hash`, for the erasure's own event.
pub(crate) fn empty_case(
    conn: &Connection,
    scope: Scope,
    case: uuid::Uuid,
    erasure: &str,
) -> Result<std::collections::BTreeMap<i64, String>> {
    let events: std::collections::BTreeMap<i64, String> = conn
        .prepare_cached(
            "SELECT seq, data_hash FROM audit_events WHERE case_id = ?3 AND organization_id = ?1 AND environment = ?2
                 AND kind != ?4 AND salt IS NOT NULL",
        )?
        .query_map(params![scope.organization, scope.environment, case, ERASED_KIND], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let emptied = serde_json::to_string(&serde_json::json!({ "erased": erasure }))?;
    let mut update = conn.prepare_cached(
        "UPDATE audit_events SET data = ?4, salt = NULL WHERE organization_id = ?1 AND environment = ?2 AND seq = ?3",
    )?;
    for seq in events.keys() {
        update.execute(params![scope.organization, scope.environment, seq, emptied])?;
    }
    Ok(events)
}

/// Empties the dispositions recorded for one party outside any case (an applicant's screening,
/// `applicant:<id>`), as [`empty_case`] empties a case's events: their notes and names go, their
/// hashes stay.
pub(crate) fn empty_dispositions_of(
    conn: &Connection,
    scope: Scope,
    party: &str,
    erasure: &str,
) -> Result<std::collections::BTreeMap<i64, String>> {
    let events: std::collections::BTreeMap<i64, String> = conn
        .prepare_cached(
            "SELECT seq, data_hash FROM audit_events WHERE organization_id = ?1 AND environment = ?2
                 AND kind = 'hit_disposed' AND json_extract(data, '$.party') = ?3 AND salt IS NOT NULL",
        )?
        .query_map(params![scope.organization, scope.environment, party], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let emptied = serde_json::to_string(&serde_json::json!({ "erased": erasure }))?;
    let mut update = conn.prepare_cached(
        "UPDATE audit_events SET data = ?4, salt = NULL WHERE organization_id = ?1 AND environment = ?2 AND seq = ?3",
    )?;
    for seq in events.keys() {
        update.execute(params![scope.organization, scope.environment, seq, emptied])?;
    }
    Ok(events)
}

const COLUMNS: &str = "seq, at, organization_id, environment, case_id, case_public_id, actor, reviewer_id, kind, data,
    prev_hash, hash, salt, data_hash";

fn event(row: &Row<'_>) -> rusqlite::Result<AuditEvent> {
    let first = first_format_event(row)?;
    Ok(AuditEvent {
        seq: first.seq,
        at: first.at,
        organization_id: first.organization_id,
        environment: first.environment,
        case_id: first.case_id,
        case_public_id: first.case_public_id,
        actor: first.actor,
        reviewer_id: first.reviewer_id,
        kind: first.kind,
        data: first.data,
        salt: row.get(12)?,
        data_hash: row.get::<_, Option<String>>(13)?.unwrap_or_default(),
        prev_hash: first.prev_hash,
        hash: first.hash,
    })
}

/// The columns both formats have (the first twelve of [`COLUMNS`]).
fn first_format_event(row: &Row<'_>) -> rusqlite::Result<FirstFormatEvent> {
    let data: String = row.get(9)?;
    Ok(FirstFormatEvent {
        seq: row.get(0)?,
        at: row.get(1)?,
        organization_id: uuid_text(row, 2)?.unwrap_or_default(),
        environment: row.get(3)?,
        case_id: uuid_text(row, 4)?,
        case_public_id: row.get(5)?,
        actor: row.get(6)?,
        reviewer_id: uuid_text(row, 7)?,
        kind: row.get(8)?,
        data: serde_json::from_str(&data).unwrap_or(serde_json::Value::String(data)),
        prev_hash: row.get(10)?,
        hash: row.get(11)?,
    })
}

/// A UUID column as the chain writes it (hyphenated), whatever it holds.
fn uuid_text(row: &Row<'_>, i: usize) -> rusqlite::Result<Option<String>> {
    use rusqlite::types::ValueRef;
    Ok(match row.get_ref(i)? {
        ValueRef::Null => None,
        ValueRef::Blob(b) => Some(
            uuid::Uuid::from_slice(b)
                .map_or_else(|_| format!("unreadable:{}", hex::encode(b)), |u| u.hyphenated().to_string()),
        ),
        other => Some(format!("unreadable:{other:?}")),
    })
}

/// One page of events, newest first.
pub(crate) fn list(
    conn: &Connection,
    scope: Scope,
    filter: &AuditFilter,
    page: PageRequest,
) -> Result<(Vec<AuditEvent>, bool)> {
    let mut sql = format!("SELECT {COLUMNS} FROM audit_events WHERE organization_id = ?1 AND environment = ?2");
    let mut args: Vec<Box<dyn rusqlite::ToSql>> = vec![Box::new(scope.organization), Box::new(scope.environment)];
    if let Some(case) = filter.case_id {
        args.push(Box::new(case));
        sql.push_str(&format!(" AND case_id = ?{}", args.len()));
    }
    if let Some(reviewer) = filter.reviewer_id {
        args.push(Box::new(reviewer));
        sql.push_str(&format!(" AND reviewer_id = ?{}", args.len()));
    }
    if let Some(from) = filter.from {
        args.push(Box::new(from));
        sql.push_str(&format!(" AND at >= ?{}", args.len()));
    }
    if let Some(to) = filter.to {
        args.push(Box::new(to));
        sql.push_str(&format!(" AND at < ?{}", args.len()));
    }
    args.push(Box::new(page.sql_limit()));
    args.push(Box::new(page.sql_offset()));
    sql.push_str(&format!(" ORDER BY seq DESC LIMIT ?{} OFFSET ?{}", args.len() - 1, args.len()));
    let mut rows: Vec<AuditEvent> = conn
        .prepare_cached(&sql)?
        .query_map(rusqlite::params_from_iter(args.iter()), event)?
        .collect::<rusqlite::Result<_>>()?;
    let has_next = rows.len() > page.limit as usize;
    rows.truncate(page.limit as usize);
    Ok((rows, has_next))
}

/// Calls `each` with every event of the scope's chain, oldest first, until it returns false.
pub(crate) fn each(conn: &Connection, scope: Scope, mut each: impl FnMut(AuditEvent) -> bool) -> Result<()> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM audit_events WHERE organization_id = ?1 AND environment = ?2 ORDER BY seq"
    ))?;
    let mut rows = stmt.query(params![scope.organization, scope.environment])?;
    while let Some(row) = rows.next()? {
        if !each(event(row)?) {
            break;
        }
    }
    Ok(())
}

/// Every scope with a chain.
pub(crate) fn scopes(conn: &Connection) -> Result<Vec<Scope>> {
    let rows = conn
        .prepare("SELECT DISTINCT organization_id, environment FROM audit_events")?
        .query_map([], |r| Ok(Scope::new(r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Whether the scope's chain records an upgrade from the first format.
pub(crate) fn was_upgraded(conn: &Connection, scope: Scope) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM audit_events INDEXED BY audit_events_upgrades
             WHERE organization_id = ?1 AND environment = ?2 AND kind = 'chain_upgraded' LIMIT 1",
        )?
        .query_row(params![scope.organization, scope.environment], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Every scope with events still in the first format (rows without a `data_hash`).
pub(crate) fn first_format_scopes(conn: &Connection) -> Result<Vec<Scope>> {
    let rows = conn
        .prepare(
            "SELECT DISTINCT organization_id, environment FROM audit_events INDEXED BY audit_events_first_format
             WHERE data_hash IS NULL",
        )?
        .query_map([], |r| Ok(Scope::new(r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Whether the scope's chain has events in the second format.
pub(crate) fn has_second_format(conn: &Connection, scope: Scope) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM audit_events WHERE organization_id = ?1 AND environment = ?2 AND data_hash IS NOT NULL LIMIT 1",
        )?
        .query_row(params![scope.organization, scope.environment], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Up to `limit` first-format events of the scope's chain after `after`, oldest first.
pub(crate) fn first_format_batch(
    conn: &Connection,
    scope: Scope,
    after: i64,
    limit: usize,
) -> Result<Vec<FirstFormatEvent>> {
    let rows = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM audit_events
             WHERE organization_id = ?1 AND environment = ?2 AND seq > ?3 AND data_hash IS NULL ORDER BY seq LIMIT ?4"
        ))?
        .query_map(params![scope.organization, scope.environment, after, limit as i64], first_format_event)?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Stores an event rewritten in the second format at the upgrade (its content stays).
pub(crate) fn rewrite(conn: &Connection, scope: Scope, event: &AuditEvent) -> Result<()> {
    conn.prepare_cached(
        "UPDATE audit_events SET salt = ?4, data_hash = ?5, prev_hash = ?6, hash = ?7
         WHERE organization_id = ?1 AND environment = ?2 AND seq = ?3",
    )?
    .execute(params![
        scope.organization,
        scope.environment,
        event.seq,
        event.salt,
        event.data_hash,
        event.prev_hash,
        event.hash
    ])?;
    Ok(())
}

/// SLA breaches recorded per reviewer (the assignee then) between `from` and `to`.
pub(crate) fn breaches_by_reviewer(
    conn: &Connection,
    scope: Scope,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<(String, u64)>> {
    let rows = conn
        .prepare_cached(
            "SELECT json_extract(data, '$.detail.assignee_id') AS a, count(*) FROM audit_events
             INDEXED BY audit_events_breaches
             WHERE organization_id = ?1 AND environment = ?2 AND kind = 'sla_breached' AND at >= ?3 AND at < ?4
               AND a IS NOT NULL
             GROUP BY a",
        )?
        .query_map(params![scope.organization, scope.environment, from, to], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?.unsigned_abs()))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Floats are written as strings: their spelling differs between JSON libraries, and the chain
/// must hash the same in every language that verifies it.
fn without_floats(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(n) if n.is_f64() => *value = Value::String(n.to_string()),
        Value::Array(items) => items.iter_mut().for_each(without_floats),
        Value::Object(map) => map.values_mut().for_each(without_floats),
        _ => {}
    }
}
