//! E-mail checks and their messages in SQLite.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{EmailCheck, EmailCheckId, EmailMessage, EmailMessageId, Record};
use crate::db::json_column;
use crate::error::Result;
use crate::page::PageRequest;
use crate::scope::Scope;
use crate::time::Timestamp;

const COLUMNS: &str = "organization_id, environment, body, otp_hash, otp_salt, otp_sent_at, otp_attempts, updated_at";

fn record(row: &Row<'_>) -> rusqlite::Result<Record> {
    Ok(Record {
        scope: Scope::new(row.get(0)?, row.get(1)?),
        check: json_column(row, 2)?,
        otp_hash: row.get(3)?,
        otp_salt: row.get(4)?,
        otp_sent_at: row.get(5)?,
        otp_attempts: row.get(6)?,
        updated_at: row.get(7)?,
    })
}

/// The list's key of an address: trimmed and lower-cased.
pub(crate) fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

pub(crate) fn save(conn: &Connection, r: &Record) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO email_checks (id, organization_id, environment, email_key, body, otp_hash, otp_salt, otp_sent_at, \
         otp_attempts, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (id) DO UPDATE SET body = excluded.body, otp_hash = excluded.otp_hash, otp_salt = excluded.otp_salt,
             otp_sent_at = excluded.otp_sent_at, otp_attempts = excluded.otp_attempts, updated_at = excluded.updated_at",
    )?
    .execute(params![
        r.check.id,
        r.scope.organization,
        r.scope.environment,
        email_key(&r.check.email),
        serde_json::to_string(&r.check)?,
        r.otp_hash,
        r.otp_salt,
        r.otp_sent_at,
        r.otp_attempts,
        r.check.created_at,
        r.updated_at,
    ])?;
    Ok(())
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: EmailCheckId) -> Result<Option<Record>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM email_checks WHERE id = ?1 AND organization_id = ?2 AND environment = ?3"
        ))?
        .query_row(params![id, scope.organization, scope.environment], record)
        .optional()?)
}

/// What the list keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmailCheckFilter {
    /// The address, any case.
    pub email: Option<String>,
    pub created_from: Option<Timestamp>,
    pub created_to: Option<Timestamp>,
}

pub(crate) fn list(
    conn: &Connection,
    scope: Scope,
    filter: &EmailCheckFilter,
    page: PageRequest,
) -> Result<Vec<EmailCheck>> {
    let mut stmt = conn.prepare_cached(
        "SELECT body FROM email_checks WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR email_key = ?3) AND (?4 IS NULL OR created_at >= ?4) AND (?5 IS NULL OR created_at < ?5)
         ORDER BY created_at DESC, id DESC LIMIT ?6 OFFSET ?7",
    )?;
    let rows = stmt.query_map(
        params![
            scope.organization,
            scope.environment,
            filter.email.as_deref().map(email_key),
            filter.created_from,
            filter.created_to,
            page.sql_limit(),
            page.sql_offset()
        ],
        |row| json_column(row, 0),
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn insert_message(conn: &Connection, scope: Scope, m: &EmailMessage) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO email_messages (id, organization_id, environment, check_id, to_address, subject, text_body, \
         html_body, code, locale, state, attempts, last_error, created_at, sent_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?
    .execute(params![
        m.id,
        scope.organization,
        scope.environment,
        m.check_id,
        m.to,
        m.subject,
        m.text,
        m.html,
        m.code,
        m.locale,
        m.state,
        m.attempts,
        m.last_error,
        m.created_at,
        m.sent_at
    ])?;
    Ok(())
}

fn message(row: &Row<'_>) -> rusqlite::Result<EmailMessage> {
    Ok(EmailMessage {
        id: row.get(0)?,
        check_id: row.get(1)?,
        to: row.get(2)?,
        subject: row.get(3)?,
        text: row.get(4)?,
        html: row.get(5)?,
        code: row.get(6)?,
        locale: row.get(7)?,
        state: row.get(8)?,
        attempts: row.get(9)?,
        last_error: row.get(10)?,
        created_at: row.get(11)?,
        sent_at: row.get(12)?,
    })
}

/// The environment's messages, newest first (optionally one check's).
pub(crate) fn messages(
    conn: &Connection,
    scope: Scope,
    check: Option<EmailCheckId>,
    page: PageRequest,
) -> Result<Vec<EmailMessage>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, check_id, to_address, subject, text_body, html_body, code, locale, state, attempts, last_error, \
         created_at, sent_at FROM email_messages WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR check_id = ?3) ORDER BY created_at DESC, id DESC LIMIT ?4 OFFSET ?5",
    )?;
    let rows = stmt.query_map(
        params![scope.organization, scope.environment, check, page.sql_limit(), page.sql_offset()],
        message,
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn get_message(conn: &Connection, scope: Scope, id: EmailMessageId) -> Result<Option<EmailMessage>> {
    Ok(conn
        .prepare_cached(
            "SELECT id, check_id, to_address, subject, text_body, html_body, code, locale, state, attempts, last_error, \
             created_at, sent_at FROM email_messages WHERE id = ?1 AND organization_id = ?2 AND environment = ?3",
        )?
        .query_row(params![id, scope.organization, scope.environment], message)
        .optional()?)
}

pub(crate) fn update_message(conn: &Connection, m: &EmailMessage) -> Result<()> {
    conn.prepare_cached(
        "UPDATE email_messages SET subject = ?2, text_body = ?3, html_body = ?4, code = ?5, state = ?6, attempts = ?7,
             last_error = ?8, sent_at = ?9 WHERE id = ?1",
    )?
    .execute(params![m.id, m.subject, m.text, m.html, m.code, m.state, m.attempts, m.last_error, m.sent_at])?;
    Ok(())
}

/// Empties the environment's outbox; how many messages went.
pub(crate) fn clear_outbox(conn: &Connection, scope: Scope) -> Result<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM email_messages WHERE organization_id = ?1 AND environment = ?2 AND state = 'outbox'",
        )?
        .execute(params![scope.organization, scope.environment])?)
}

/// Deletes the e-mail checks that name an erased applicant (`id`) or one of its `emails`, with
/// their messages; returns the checks.
/// Erases one check with its messages and due work; returns the address it checked, if the
/// check existed.
pub(crate) fn erase_check(conn: &Connection, scope: Scope, id: EmailCheckId) -> Result<Option<String>> {
    let email: Option<String> = conn
        .prepare_cached(
            "SELECT json_extract(body, '$.email') FROM email_checks WHERE id = ?3 AND organization_id = ?1 AND environment = ?2",
        )?
        .query_row(params![scope.organization, scope.environment, id], |r| r.get(0))
        .optional()?;
    if email.is_some() {
        crate::work::store::cancel(conn, crate::work::Kind::EmailRecheck, id.as_uuid())?;
        conn.prepare_cached("DELETE FROM email_messages WHERE check_id = ?1")?.execute(params![id])?;
        conn.prepare_cached("DELETE FROM email_checks WHERE id = ?1")?.execute(params![id])?;
    }
    Ok(email)
}

pub(crate) fn erase_mentions(conn: &Connection, scope: Scope, id: &str, emails: &[String]) -> Result<usize> {
    let keys: Vec<String> = emails.iter().map(|e| email_key(e)).collect();
    let keys_json = serde_json::to_string(&keys)?;
    let ids: Vec<uuid::Uuid> = conn
        .prepare_cached(
            "SELECT id FROM email_checks WHERE organization_id = ?1 AND environment = ?2
                 AND (instr(body, ?3) > 0 OR email_key IN (SELECT value FROM json_each(?4)))",
        )?
        .query_map(params![scope.organization, scope.environment, id, keys_json], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut messages = conn.prepare_cached("DELETE FROM email_messages WHERE check_id = ?1")?;
    let mut checks = conn.prepare_cached("DELETE FROM email_checks WHERE id = ?1")?;
    for check in &ids {
        crate::work::store::cancel(conn, crate::work::Kind::EmailRecheck, *check)?;
        messages.execute([check])?;
        checks.execute([check])?;
    }
    Ok(ids.len())
}
