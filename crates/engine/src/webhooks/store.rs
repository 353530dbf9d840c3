//! SQL for webhooks, deliveries and attempts.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{
    Attempt, AttemptCause, Delivery, DeliveryId, DeliveryState, EventType, Webhook, WebhookId, WebhookSettings,
};
use crate::error::Result;
use crate::page::{Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::work::{self, Claim, Kind};

/// An endpoint as stored, secrets still sealed.
pub(crate) struct StoredWebhook {
    pub(crate) webhook: Webhook,
    pub(crate) secret: Vec<u8>,
    pub(crate) previous_secret: Option<Vec<u8>>,
}

const WEBHOOK_COLUMNS: &str = "id, environment, url, event_types, enabled, disabled_reason, previous_valid_until,
     created_at, updated_at, secret, previous_secret";

fn webhook_row(r: &Row<'_>) -> rusqlite::Result<StoredWebhook> {
    StoredWebhook::from_offset(r, 0)
}

fn event_types_json(types: &[EventType]) -> String {
    serde_json::to_string(&types.iter().map(|t| t.as_str()).collect::<Vec<_>>()).unwrap_or_else(|_| "[]".into())
}

/// A new endpoint's row.
pub(crate) struct NewWebhookRow<'a> {
    pub(crate) id: WebhookId,
    pub(crate) url: &'a str,
    pub(crate) event_types: &'a [EventType],
    pub(crate) enabled: bool,
    pub(crate) secret: &'a [u8],
    pub(crate) at: Timestamp,
}

pub(crate) fn insert_webhook(conn: &Connection, scope: Scope, w: &NewWebhookRow<'_>) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO webhooks (id, organization_id, environment, url, event_types, enabled, secret, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
    )?
    .execute(params![
        w.id,
        scope.organization,
        scope.environment,
        w.url,
        event_types_json(w.event_types),
        w.enabled,
        w.secret,
        w.at
    ])?;
    Ok(())
}

pub(crate) fn webhook(conn: &Connection, scope: Scope, id: WebhookId) -> Result<Option<StoredWebhook>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {WEBHOOK_COLUMNS} FROM webhooks WHERE organization_id = ?1 AND environment = ?2 AND id = ?3"
        ))?
        .query_row(params![scope.organization, scope.environment, id], webhook_row)
        .optional()?)
}

pub(crate) fn webhooks(conn: &Connection, scope: Scope) -> Result<Vec<Webhook>> {
    let rows = conn
        .prepare_cached(&format!(
            "SELECT {WEBHOOK_COLUMNS} FROM webhooks WHERE organization_id = ?1 AND environment = ?2
             ORDER BY created_at, id"
        ))?
        .query_map(params![scope.organization, scope.environment], webhook_row)?
        .map(|r| r.map(|w| w.webhook))
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Replaces an endpoint's settings. Enabling it clears a reason Docket had disabled it for.
pub(crate) fn update_webhook(
    conn: &Connection,
    scope: Scope,
    id: WebhookId,
    url: &str,
    event_types: &[EventType],
    enabled: bool,
    at: Timestamp,
) -> Result<bool> {
    let n = conn
        .prepare_cached(
            "UPDATE webhooks SET url = ?4, event_types = ?5, enabled = ?6,
                 disabled_reason = CASE WHEN ?6 THEN NULL ELSE disabled_reason END, updated_at = ?7
             WHERE organization_id = ?1 AND environment = ?2 AND id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, id, url, event_types_json(event_types), enabled, at])?;
    if n == 1 && enabled {
        // Its pending deliveries resume (they were let go while it was disabled).
        let pending: Vec<DeliveryId> = conn
            .prepare_cached("SELECT id FROM deliveries WHERE webhook_id = ?1 AND state = 'pending'")?
            .query_map([id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        for delivery in pending {
            work::store::schedule(conn, Kind::WebhookDelivery, scope, delivery.as_uuid(), at)?;
        }
    }
    Ok(n == 1)
}

pub(crate) fn delete_webhook(conn: &Connection, scope: Scope, id: WebhookId) -> Result<bool> {
    let n = conn
        .prepare_cached("DELETE FROM webhooks WHERE organization_id = ?1 AND environment = ?2 AND id = ?3")?
        .execute(params![scope.organization, scope.environment, id])?;
    Ok(n == 1)
}

pub(crate) fn rotate_secret(
    conn: &Connection,
    scope: Scope,
    id: WebhookId,
    secret: &[u8],
    previous: Option<(&[u8], Timestamp)>,
    at: Timestamp,
) -> Result<bool> {
    let n = conn
        .prepare_cached(
            "UPDATE webhooks SET secret = ?4, previous_secret = ?5, previous_valid_until = ?6, updated_at = ?7
             WHERE organization_id = ?1 AND environment = ?2 AND id = ?3",
        )?
        .execute(params![
            scope.organization,
            scope.environment,
            id,
            secret,
            previous.map(|p| p.0),
            previous.map(|p| p.1),
            at
        ])?;
    Ok(n == 1)
}

/// Disables an endpoint on Docket's initiative (it answered 410 Gone).
pub(crate) fn disable_webhook(conn: &Connection, id: WebhookId, reason: &str, at: Timestamp) -> Result<()> {
    conn.prepare_cached("UPDATE webhooks SET enabled = 0, disabled_reason = ?2, updated_at = ?3 WHERE id = ?1")?
        .execute(params![id, reason, at])?;
    Ok(())
}

pub(crate) fn settings(conn: &Connection, scope: Scope) -> Result<WebhookSettings> {
    let stored: Option<String> = conn
        .prepare_cached("SELECT settings FROM webhook_settings WHERE organization_id = ?1 AND environment = ?2")?
        .query_row(params![scope.organization, scope.environment], |r| r.get(0))
        .optional()?;
    Ok(stored.and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default())
}

pub(crate) fn set_settings(conn: &Connection, scope: Scope, settings: &WebhookSettings) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO webhook_settings (organization_id, environment, settings) VALUES (?1, ?2, ?3)
         ON CONFLICT (organization_id, environment) DO UPDATE SET settings = excluded.settings",
    )?
    .execute(params![scope.organization, scope.environment, serde_json::to_string(settings)?])?;
    Ok(())
}

/// The envelope of spec 6.1, exactly as it will be sent. `payload` is JSON text, embedded as is.
pub(crate) fn envelope(
    id: DeliveryId,
    webhook: WebhookId,
    event_type: &str,
    timestamp: Timestamp,
    payload: &str,
) -> Result<String> {
    Ok(format!(
        r#"{{"id":"{id}","webhook_id":"{webhook}","event_type":{},"timestamp":{},"payload":{payload}}}"#,
        serde_json::to_string(event_type)?,
        serde_json::to_string(&timestamp)?,
    ))
}

/// A delivery to insert.
pub(crate) struct NewDelivery<'a> {
    pub(crate) id: DeliveryId,
    pub(crate) webhook: WebhookId,
    pub(crate) event: Option<uuid::Uuid>,
    pub(crate) event_type: &'a str,
    pub(crate) body: &'a str,
    pub(crate) at: Timestamp,
}

pub(crate) fn insert_delivery(conn: &Connection, scope: Scope, d: &NewDelivery<'_>) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO deliveries (id, organization_id, environment, webhook_id, event_id, event_type, body, state,
             next_attempt_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8, ?8)",
    )?
    .execute(params![
        d.id,
        scope.organization,
        scope.environment,
        d.webhook,
        d.event,
        d.event_type,
        d.body.as_bytes(),
        d.at
    ])?;
    work::store::schedule(conn, Kind::WebhookDelivery, scope, d.id.as_uuid(), d.at)
}

/// Queues an outbox event for every enabled endpoint of its environment that subscribes to its
/// type; call it in the transaction that adds the event. Returns how many deliveries it queued.
pub(crate) fn fan_out(
    conn: &Connection,
    scope: Scope,
    event: uuid::Uuid,
    event_type: &str,
    payload: &str,
    at: Timestamp,
    ids_at: Timestamp,
) -> Result<usize> {
    let endpoints: Vec<WebhookId> = conn
        .prepare_cached(
            "SELECT id FROM webhooks
             WHERE organization_id = ?1 AND environment = ?2 AND enabled = 1
               AND EXISTS (SELECT 1 FROM json_each(event_types) WHERE value IN (?3, 'ALL'))
             ORDER BY created_at, id",
        )?
        .query_map(params![scope.organization, scope.environment, event_type], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for webhook in &endpoints {
        let id = DeliveryId::new(ids_at);
        let body = envelope(id, *webhook, event_type, at, payload)?;
        insert_delivery(
            conn,
            scope,
            &NewDelivery { id, webhook: *webhook, event: Some(event), event_type, body: &body, at },
        )?;
    }
    Ok(endpoints.len())
}

const DELIVERY_COLUMNS: &str = "d.id, d.webhook_id, d.event_type, d.body, d.created_at, d.environment, d.attempts,
     d.response_code, d.last_attempt_at, d.state, d.next_attempt_at, d.last_error, d.event_id";

/// A delivery row, with its body (the envelope) as stored.
fn delivery_row(r: &Row<'_>) -> rusqlite::Result<(Delivery, Vec<u8>)> {
    let body: Vec<u8> = r.get(3)?;
    /// The envelope's payload, kept as sent (key order included).
    #[derive(serde::Deserialize)]
    struct Envelope {
        payload: Box<serde_json::value::RawValue>,
    }
    let payload = serde_json::from_slice::<Envelope>(&body)
        .map(|e| e.payload)
        .or_else(|_| serde_json::value::RawValue::from_string("null".into()))
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(3, rusqlite::types::Type::Blob, Box::new(e)))?;
    let env: crate::scope::Environment = r.get(5)?;
    let state: String = r.get(9)?;
    let event_id: Option<uuid::Uuid> = r.get(12)?;
    Ok((
        Delivery {
            id: r.get(0)?,
            webhook_id: r.get(1)?,
            event_type: r.get(2)?,
            payload,
            timestamp: r.get(4)?,
            is_sandbox: env.is_sandbox(),
            attempts: r.get(6)?,
            response_code: r.get(7)?,
            last_attempt_at: r.get(8)?,
            state: DeliveryState::from_stored(&state),
            next_attempt_at: r.get(10)?,
            last_error: r.get(11)?,
            event_id,
            is_test: event_id.is_none(),
        },
        body,
    ))
}

/// Deliveries of a scope, newest first; optionally of one endpoint, and older than a cursor.
pub(crate) fn deliveries(
    conn: &Connection,
    scope: Scope,
    webhook: Option<WebhookId>,
    after: Option<DeliveryId>,
    page: PageRequest,
) -> Result<Page<Delivery>> {
    let rows = conn
        .prepare_cached(&format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries d
             WHERE d.organization_id = ?1 AND d.environment = ?2 AND (?3 IS NULL OR d.webhook_id = ?3)
               AND (?4 IS NULL OR (d.created_at, d.id) <
                    (SELECT created_at, id FROM deliveries WHERE id = ?4 AND organization_id = ?1 AND environment = ?2))
             ORDER BY d.created_at DESC, d.id DESC LIMIT ?5 OFFSET ?6"
        ))?
        .query_map(
            params![scope.organization, scope.environment, webhook, after, page.sql_limit(), page.sql_offset()],
            delivery_row,
        )?
        .map(|r| r.map(|(d, _)| d))
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(page.finish(rows))
}

pub(crate) fn delivery_exists(conn: &Connection, scope: Scope, id: DeliveryId) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM deliveries WHERE organization_id = ?1 AND environment = ?2 AND id = ?3")?
        .query_row(params![scope.organization, scope.environment, id], |_| Ok(()))
        .optional()?
        .is_some())
}

pub(crate) fn delivery(conn: &Connection, scope: Scope, id: DeliveryId) -> Result<Option<(Delivery, Vec<u8>)>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {DELIVERY_COLUMNS} FROM deliveries d
             WHERE d.organization_id = ?1 AND d.environment = ?2 AND d.id = ?3"
        ))?
        .query_row(params![scope.organization, scope.environment, id], delivery_row)
        .optional()?)
}

pub(crate) fn attempts(conn: &Connection, id: DeliveryId) -> Result<Vec<Attempt>> {
    let rows = conn
        .prepare_cached(
            "SELECT number, cause, attempted_at, signed_at, url, response_code, latency_ms, response_excerpt, error,
                 retry_at
             FROM delivery_attempts WHERE delivery_id = ?1 ORDER BY number",
        )?
        .query_map([id], |r| {
            let cause: String = r.get(1)?;
            Ok(Attempt {
                number: r.get(0)?,
                cause: AttemptCause::from_stored(&cause),
                attempted_at: r.get(2)?,
                signed_at: r.get(3)?,
                url: r.get(4)?,
                response_code: r.get(5)?,
                latency_ms: r.get::<_, i64>(6)?.max(0) as u64,
                response_excerpt: r.get(7)?,
                error: r.get(8)?,
                retry_at: r.get(9)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Queues a delivery again from the start of the schedule (a manual replay).
pub(crate) fn requeue(conn: &Connection, scope: Scope, id: DeliveryId, at: Timestamp) -> Result<bool> {
    let n = conn
        .prepare_cached(
            "UPDATE deliveries SET state = 'pending', round_attempts = 0, next_attempt_at = ?4
             WHERE organization_id = ?1 AND environment = ?2 AND id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, id, at])?;
    if n == 1 {
        work::store::schedule(conn, Kind::WebhookDelivery, scope, id.as_uuid(), at)?;
    }
    Ok(n == 1)
}

/// What an attempt needs: the envelope, the endpoint and its secrets, the round so far.
pub(crate) struct Due {
    pub(crate) id: DeliveryId,
    pub(crate) webhook: StoredWebhook,
    pub(crate) body: Vec<u8>,
    pub(crate) attempts: u32,
    pub(crate) round_attempts: u32,
}

/// The attempts a delivery has had, and its endpoint: what its record needs after the send.
pub(crate) struct DueInfo {
    pub(crate) id: DeliveryId,
    pub(crate) attempts: u32,
    pub(crate) round_attempts: u32,
    pub(crate) webhook: WebhookId,
}

/// The claimed deliveries of a scope with their endpoints; deliveries deleted meanwhile are
/// missing.
pub(crate) fn due(conn: &Connection, scope: Scope, ids: &[DeliveryId]) -> Result<HashMap<DeliveryId, Due>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT d.id, d.body, d.attempts, d.round_attempts, {}
         FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.id = ?3 AND d.organization_id = ?1 AND d.environment = ?2",
        WEBHOOK_COLUMNS.split(',').map(|c| format!("w.{}", c.trim())).collect::<Vec<_>>().join(", ")
    ))?;
    let mut found = HashMap::with_capacity(ids.len());
    for id in ids {
        let due = stmt
            .query_row(params![scope.organization, scope.environment, id], |r| {
                let webhook = StoredWebhook::from_offset(r, 4)?;
                Ok(Due { id: r.get(0)?, body: r.get(1)?, attempts: r.get(2)?, round_attempts: r.get(3)?, webhook })
            })
            .optional()?;
        if let Some(due) = due {
            found.insert(due.id, due);
        }
    }
    Ok(found)
}

impl StoredWebhook {
    /// Reads the webhook columns starting at `offset`.
    fn from_offset(r: &Row<'_>, offset: usize) -> rusqlite::Result<StoredWebhook> {
        let env: crate::scope::Environment = r.get(offset + 1)?;
        let types: String = r.get(offset + 3)?;
        let event_types = serde_json::from_str::<Vec<String>>(&types)
            .unwrap_or_default()
            .iter()
            .filter_map(|t| EventType::parse(t))
            .collect();
        Ok(StoredWebhook {
            webhook: Webhook {
                webhook_id: r.get(offset)?,
                is_sandbox: env.is_sandbox(),
                webhook_url: r.get(offset + 2)?,
                event_types,
                enabled: r.get(offset + 4)?,
                disabled_reason: r.get(offset + 5)?,
                previous_secret_valid_until: r.get(offset + 6)?,
                created_at: r.get(offset + 7)?,
                updated_at: r.get(offset + 8)?,
            },
            secret: r.get(offset + 9)?,
            previous_secret: r.get(offset + 10)?,
        })
    }
}

/// The outcome of one attempt, to record.
pub(crate) struct AttemptRecord {
    pub(crate) delivery: DeliveryId,
    pub(crate) number: u32,
    pub(crate) cause: AttemptCause,
    pub(crate) attempted_at: Timestamp,
    pub(crate) signed_at: i64,
    pub(crate) url: String,
    pub(crate) response_code: Option<u16>,
    pub(crate) latency_ms: u64,
    pub(crate) excerpt: Option<String>,
    pub(crate) error: Option<String>,
    pub(crate) state: DeliveryState,
    pub(crate) retry_at: Option<Timestamp>,
    /// Set when the endpoint is to be disabled (410 Gone), with the reason.
    pub(crate) disable: Option<(WebhookId, String)>,
}

/// Records finished attempts, each ending its claimed item of due work: a retry makes it due
/// again at its `retry_at`, anything else ends it.
pub(crate) fn record_attempts(conn: &Connection, attempts: &[(AttemptRecord, Claim)]) -> Result<()> {
    for (attempt, claim) in attempts {
        record_attempt(conn, attempt)?;
        match attempt.retry_at {
            Some(at) if attempt.state == DeliveryState::Pending => work::store::reschedule(conn, claim, at)?,
            _ => work::store::complete(conn, claim)?,
        };
    }
    Ok(())
}

fn record_attempt(conn: &Connection, a: &AttemptRecord) -> Result<()> {
    // The delivery may have been deleted with its endpoint meanwhile: then nothing is recorded.
    let updated = conn
        .prepare_cached(
            "UPDATE deliveries SET state = ?2, attempts = attempts + 1, round_attempts = round_attempts + 1,
                 next_attempt_at = ?3, last_attempt_at = ?4, response_code = ?5, last_error = ?6
             WHERE id = ?1",
        )?
        .execute(params![a.delivery, a.state.as_str(), a.retry_at, a.attempted_at, a.response_code, a.error])?;
    if updated == 0 {
        return Ok(());
    }
    conn.prepare_cached(
        "INSERT OR REPLACE INTO delivery_attempts (delivery_id, number, cause, attempted_at, signed_at, url,
             response_code, latency_ms, response_excerpt, error, retry_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?
    .execute(params![
        a.delivery,
        a.number,
        a.cause.as_str(),
        a.attempted_at,
        a.signed_at,
        a.url,
        a.response_code,
        a.latency_ms as i64,
        a.excerpt,
        a.error,
        a.retry_at
    ])?;
    if let Some((webhook, reason)) = &a.disable {
        disable_webhook(conn, *webhook, reason, a.attempted_at)?;
    }
    Ok(())
}

/// Scopes that have endpoints (for retention).
pub(crate) fn scopes_with_webhooks(conn: &Connection) -> Result<Vec<Scope>> {
    let rows = conn
        .prepare_cached("SELECT DISTINCT organization_id, environment FROM webhooks")?
        .query_map([], |r| Ok(Scope::new(r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Deletes finished deliveries older than `before`.
pub(crate) fn prune(conn: &Connection, scope: Scope, before: Timestamp) -> Result<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM deliveries WHERE organization_id = ?1 AND environment = ?2 AND state != 'pending'
                 AND created_at < ?3",
        )?
        .execute(params![scope.organization, scope.environment, before])?)
}

/// The master-key check value, if one was stored.
pub(crate) fn key_check(conn: &Connection) -> Result<Option<Vec<u8>>> {
    Ok(conn
        .query_row("SELECT value FROM engine_settings WHERE name = 'master_key_check'", [], |r| r.get(0))
        .optional()?)
}

pub(crate) fn set_key_check(conn: &Connection, value: &[u8]) -> Result<()> {
    conn.execute(
        "INSERT INTO engine_settings (name, value) VALUES ('master_key_check', ?1)
         ON CONFLICT (name) DO NOTHING",
        [value],
    )?;
    Ok(())
}

/// For an erased subject: deliveries whose envelope names it (any of `needles`: its id, names,
/// e-mail; letter case aside) are deleted if not yet sent, and keep only their ids if they were;
/// returns (deleted, redacted).
pub(crate) fn erase_mentions(conn: &Connection, scope: Scope, needles: &[String]) -> Result<(usize, usize)> {
    let (mut deleted, mut redacted) = (0, 0);
    for needle in needles {
        let pending: Vec<uuid::Uuid> = conn
            .prepare_cached(
                "SELECT id FROM deliveries WHERE organization_id = ?1 AND environment = ?2 AND state = 'pending'
                     AND instr(lower(CAST(body AS TEXT)), lower(?3)) > 0",
            )?
            .query_map(params![scope.organization, scope.environment, needle], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let mut delete = conn.prepare_cached("DELETE FROM deliveries WHERE id = ?1")?;
        for id in &pending {
            crate::work::store::cancel(conn, crate::work::Kind::WebhookDelivery, *id)?;
            delete.execute([id])?;
        }
        deleted += pending.len();
        redacted += conn
            .prepare_cached(
                "UPDATE deliveries SET body = CAST(json_object('id', json_extract(CAST(body AS TEXT), '$.id'),
                         'webhook_id', json_extract(CAST(body AS TEXT), '$.webhook_id'), 'event_type', event_type,
                         'payload', json_object('erased', json('true'))) AS BLOB)
                 WHERE organization_id = ?1 AND environment = ?2 AND instr(lower(CAST(body AS TEXT)), lower(?3)) > 0",
            )?
            .execute(params![scope.organization, scope.environment, needle])?;
        // What a receiver answered may echo the payload.
        conn.prepare_cached(
            "UPDATE delivery_attempts SET response_excerpt = NULL
             WHERE instr(lower(response_excerpt), lower(?1)) > 0
               AND delivery_id IN (SELECT id FROM deliveries WHERE organization_id = ?2 AND environment = ?3)",
        )?
        .execute(params![needle, scope.organization, scope.environment])?;
    }
    Ok((deleted, redacted))
}
