//! E-mail checks, their messages and the day's counts per address in SQLite.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::caps::AddressDay;
use super::model::{EmailCheck, EmailCheckId, EmailMessage, EmailMessageId, Record};
use crate::db::json_column;
use crate::error::Result;
use crate::page::PageRequest;
use crate::scope::Scope;
use crate::time::Timestamp;

const COLUMNS: &str = "organization_id, environment, body, otp_hash, otp_salt, otp_sent_at, wrong_codes, updated_at";

fn record(row: &Row<'_>) -> rusqlite::Result<Record> {
    Ok(Record {
        scope: Scope::new(row.get(0)?, row.get(1)?),
        check: json_column(row, 2)?,
        otp_hash: row.get(3)?,
        otp_salt: row.get(4)?,
        otp_sent_at: row.get(5)?,
        wrong_codes: row.get(6)?,
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
         wrong_codes, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (id) DO UPDATE SET body = excluded.body, otp_hash = excluded.otp_hash, otp_salt = excluded.otp_salt,
             otp_sent_at = excluded.otp_sent_at, wrong_codes = excluded.wrong_codes, updated_at = excluded.updated_at",
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
        r.wrong_codes,
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

/// Stores a new message; a production one waiting to be sent with its code sealed (the table
/// refuses a production code in clear, and a sealed one on a message no longer waiting).
pub(crate) fn insert_message(
    conn: &Connection,
    scope: Scope,
    m: &EmailMessage,
    sealed_code: Option<&[u8]>,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO email_messages (id, organization_id, environment, check_id, to_address, subject, text_body, \
         html_body, code, locale, state, attempts, last_error, created_at, sent_at, sealed_code)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
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
        m.sent_at,
        sealed_code
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

/// A production message's sealed code, while it waits to be sent.
pub(crate) fn sealed_code(conn: &Connection, id: EmailMessageId) -> Result<Option<Vec<u8>>> {
    Ok(conn
        .prepare_cached("SELECT sealed_code FROM email_messages WHERE id = ?1")?
        .query_row(params![id], |r| r.get(0))
        .optional()?
        .flatten())
}

/// Records a send's outcome: its state, attempts and error. The sealed code goes with the wait:
/// a message sent or failed for good keeps nothing of its code.
pub(crate) fn update_message(conn: &Connection, m: &EmailMessage) -> Result<()> {
    conn.prepare_cached(
        "UPDATE email_messages SET state = ?2, attempts = ?3, last_error = ?4, sent_at = ?5,
             sealed_code = CASE WHEN ?2 = 'queued' THEN sealed_code END WHERE id = ?1",
    )?
    .execute(params![m.id, m.state, m.attempts, m.last_error, m.sent_at])?;
    Ok(())
}

/// What the address (by its digest) had on `day`.
pub(crate) fn address_day(conn: &Connection, scope: Scope, digest: &[u8], day: &str) -> Result<AddressDay> {
    Ok(conn
        .prepare_cached(
            "SELECT codes_sent, wrong_codes FROM email_address_days
             WHERE organization_id = ?1 AND environment = ?2 AND address_digest = ?3 AND day = ?4",
        )?
        .query_row(params![scope.organization, scope.environment, digest, day], |r| {
            Ok(AddressDay { codes_sent: r.get(0)?, wrong_codes: r.get(1)? })
        })
        .optional()?
        .unwrap_or_default())
}

/// Adds a code sent or a wrong code to the address's `day`, and drops the environment's counts
/// of other days (only the current day is ever read).
pub(crate) fn count_address_day(
    conn: &Connection,
    scope: Scope,
    digest: &[u8],
    day: &str,
    added: AddressDay,
) -> Result<()> {
    conn.prepare_cached(
        "DELETE FROM email_address_days WHERE organization_id = ?1 AND environment = ?2 AND (day < ?3 OR day > ?3)",
    )?
    .execute(params![scope.organization, scope.environment, day])?;
    conn.prepare_cached(
        "INSERT INTO email_address_days (organization_id, environment, address_digest, day, codes_sent, wrong_codes)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (organization_id, environment, address_digest, day) DO UPDATE SET codes_sent = codes_sent + excluded.codes_sent,
             wrong_codes = wrong_codes + excluded.wrong_codes",
    )?
    .execute(params![scope.organization, scope.environment, digest, day, added.codes_sent, added.wrong_codes])?;
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

#[cfg(test)]
mod tests {
    use super::*;

    const MESSAGE: &str = "INSERT INTO email_messages (id, organization_id, environment, check_id, to_address, subject,
         text_body, html_body, code, locale, state, attempts, last_error, created_at)
         VALUES (?1, x'01', ?2, x'02', 'anna@example.com', ?3, ?4, ?5, ?6, 'en', ?7, 1, ?8, 0)";

    #[test]
    fn codes_kept_in_clear_before_the_migration_are_scrubbed_from_production() {
        let (mut conn, migrate) = crate::db::in_memory_at(crate::db::version_of("email_otp_caps") - 1);
        // Only these tables' rows matter here, not the organization they name.
        conn.pragma_update(None, "foreign_keys", false).expect("pragma");
        for (id, environment, code, state, error) in [
            (1u8, "production", Some("123456"), "queued", Some("451 try later")),
            (2, "production", Some("234567"), "failed", Some("554 refused: Your verification code: 234567")),
            (3, "production", None, "sent", None),
            (4, "sandbox", Some("345678"), "outbox", None),
        ] {
            let shown = code.unwrap_or("••••••");
            conn.execute(
                MESSAGE,
                params![
                    [id],
                    environment,
                    format!("Your verification code: {shown}"),
                    format!("Use this code:\n\n    {shown}\n"),
                    format!("<p>{shown}</p>"),
                    code,
                    state,
                    error
                ],
            )
            .expect("a message of the schema before");
        }
        conn.execute(
            "INSERT INTO email_checks (id, organization_id, environment, email_key, body, otp_attempts, created_at)
             VALUES (x'02', x'01', 'production', 'anna@example.com', '{}', 3, 0)",
            [],
        )
        .expect("a check");
        migrate(&mut conn);

        // (environment, code, state, subject and bodies, last error)
        type Stored = (String, Option<String>, String, String, Option<String>);
        let rows: Vec<Stored> = conn
            .prepare("SELECT environment, code, state, subject || text_body || html_body, last_error FROM email_messages ORDER BY id")
            .expect("sql")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
            .expect("rows")
            .collect::<rusqlite::Result<_>>()
            .expect("read");
        for (environment, code, state, shown, error) in &rows[..3] {
            assert_eq!((environment.as_str(), code), ("production", &None));
            assert!(!shown.chars().any(|c| c.is_ascii_digit()), "{shown}");
            assert!(!error.as_deref().unwrap_or_default().contains("234567"), "{error:?}");
            assert_ne!(state, "queued", "a waiting message could not be sealed now");
        }
        assert_eq!(rows[0].4.as_deref(), Some("not sent: written before codes were sealed; ask for a new code"));
        assert_eq!(rows[1].4.as_deref(), Some("554 refused: Your verification code: ••••••"));
        assert_eq!(
            (rows[3].1.as_deref(), rows[3].2.as_str()),
            (Some("345678"), "outbox"),
            "the sandbox's outbox stays"
        );
        let wrong: u32 = conn.query_row("SELECT wrong_codes FROM email_checks", [], |r| r.get(0)).expect("read");
        assert_eq!(wrong, 3, "the count goes on");
    }

    #[test]
    fn the_table_refuses_a_production_code_in_clear_and_a_sealed_one_not_waiting() {
        let conn = crate::db::migrated_in_memory();
        conn.pragma_update(None, "foreign_keys", false).expect("pragma");
        let insert = |id: u8, environment: &str, code: Option<&str>, sealed: Option<&[u8]>, state: &str| {
            conn.execute(
                "INSERT INTO email_messages (id, organization_id, environment, check_id, to_address, subject,
                     text_body, html_body, code, sealed_code, locale, state, created_at)
                 VALUES (?1, x'01', ?2, x'02', 'a@b.com', '', '', '', ?3, ?4, 'en', ?5, 0)",
                params![[id], environment, code, sealed, state],
            )
        };
        assert!(insert(1, "production", Some("123456"), None, "queued").is_err(), "a production code in clear");
        assert!(insert(2, "production", None, Some(b"sealed"), "sent").is_err(), "a sealed code not waiting");
        assert!(insert(3, "sandbox", Some("123456"), Some(b"sealed"), "outbox").is_err(), "the sandbox seals nothing");
        insert(4, "production", None, Some(b"sealed"), "queued").expect("waiting, sealed");
        insert(5, "sandbox", Some("123456"), None, "outbox").expect("the outbox's code");
        // Once sent, the sealed code goes with the wait.
        let sent = EmailMessage {
            id: EmailMessageId(uuid::Uuid::nil()),
            check_id: EmailCheckId(uuid::Uuid::nil()),
            to: String::new(),
            subject: String::new(),
            text: String::new(),
            html: String::new(),
            code: None,
            locale: "en".into(),
            state: "sent".into(),
            attempts: 1,
            last_error: None,
            created_at: Timestamp::UNIX_EPOCH,
            sent_at: Some(Timestamp::UNIX_EPOCH),
        };
        conn.execute("UPDATE email_messages SET id = ?1 WHERE id = x'04'", params![sent.id]).expect("renamed");
        update_message(&conn, &sent).expect("updated");
        assert_eq!(sealed_code(&conn, sent.id).expect("read"), None);
    }
}
