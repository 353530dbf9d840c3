//! SQL for reviewer accounts, their sign-in secrets, login links and console sessions.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{ConsoleSession, LoginLinkId, Reviewer, ReviewerId, ReviewerName, Role, SessionId, SignInMethod};
use crate::error::Result;
use crate::scope::OrganizationId;
use crate::time::Timestamp;

/// A stored login link (its token exists only as a hash).
pub(super) struct StoredLink {
    pub(super) id: LoginLinkId,
    pub(super) organization_id: OrganizationId,
    pub(super) reviewer_id: Option<ReviewerId>,
    pub(super) expires_at: Timestamp,
    pub(super) used_at: Option<Timestamp>,
}

pub(super) fn organization_exists(conn: &Connection, id: OrganizationId) -> Result<bool> {
    let n: i64 = conn.query_row("SELECT count(*) FROM organizations WHERE id = ?1", [id], |r| r.get(0))?;
    Ok(n > 0)
}

pub(super) fn insert_link(
    conn: &Connection,
    link: &super::model::LoginLink,
    hash: &[u8; 32],
    created_at: Timestamp,
) -> Result<()> {
    conn.execute(
        "INSERT INTO console_login_links (id, organization_id, reviewer_id, hash, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![link.id, link.organization_id, link.reviewer_id, &hash[..], created_at, link.expires_at],
    )?;
    Ok(())
}

pub(super) fn link_by_hash(conn: &Connection, hash: &[u8; 32]) -> Result<Option<StoredLink>> {
    Ok(conn
        .query_row(
            "SELECT id, organization_id, reviewer_id, expires_at, used_at FROM console_login_links WHERE hash = ?1",
            [&hash[..]],
            |r| {
                Ok(StoredLink {
                    id: r.get(0)?,
                    organization_id: r.get(1)?,
                    reviewer_id: r.get(2)?,
                    expires_at: r.get(3)?,
                    used_at: r.get(4)?,
                })
            },
        )
        .optional()?)
}

/// Marks a link used; false when it already was.
pub(super) fn use_link(conn: &Connection, id: LoginLinkId, at: Timestamp) -> Result<bool> {
    let n =
        conn.execute("UPDATE console_login_links SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL", params![id, at])?;
    Ok(n == 1)
}

const SESSION_COLUMNS: &str = "s.id, s.organization_id, s.reviewer_id, s.created_at, s.last_seen_at, s.expires_at, s.method, s.address, s.user_agent";

fn session(row: &Row<'_>) -> rusqlite::Result<(ConsoleSession, Reviewer)> {
    let method: String = row.get(6)?;
    let session = ConsoleSession {
        id: row.get(0)?,
        organization_id: row.get(1)?,
        reviewer_id: row.get(2)?,
        created_at: row.get(3)?,
        last_seen_at: row.get(4)?,
        expires_at: row.get(5)?,
        method: SignInMethod::parse(&method),
        address: row.get(7)?,
        user_agent: row.get(8)?,
    };
    Ok((session, reviewer_at(row, 9)?))
}

pub(super) fn insert_session(conn: &Connection, s: &ConsoleSession, hash: &[u8; 32]) -> Result<()> {
    conn.execute(
        "INSERT INTO console_sessions (id, organization_id, reviewer_id, hash, created_at, last_seen_at, expires_at,
             method, address, user_agent)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            s.id,
            s.organization_id,
            s.reviewer_id,
            &hash[..],
            s.created_at,
            s.last_seen_at,
            s.expires_at,
            s.method.as_str(),
            s.address,
            s.user_agent
        ],
    )?;
    Ok(())
}

/// The session with this hash and its reviewer, if the reviewer may sign in.
pub(super) fn session_by_hash(conn: &Connection, hash: &[u8; 32]) -> Result<Option<(ConsoleSession, Reviewer)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {SESSION_COLUMNS}, {REVIEWER_COLUMNS_R}
         FROM console_sessions s JOIN reviewers r ON r.id = s.reviewer_id
         WHERE s.hash = ?1 AND r.disabled_at IS NULL AND r.removed_at IS NULL"
    ))?;
    Ok(stmt.query_row([&hash[..]], session).optional()?)
}

/// The organization's live sessions (one reviewer's, when given), newest first.
pub(super) fn sessions(
    conn: &Connection,
    organization: OrganizationId,
    reviewer: Option<ReviewerId>,
    now: Timestamp,
) -> Result<Vec<(ConsoleSession, Reviewer)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {SESSION_COLUMNS}, {REVIEWER_COLUMNS_R}
         FROM console_sessions s JOIN reviewers r ON r.id = s.reviewer_id
         WHERE s.organization_id = ?1 AND (?2 IS NULL OR s.reviewer_id = ?2) AND s.expires_at > ?3
         ORDER BY s.last_seen_at DESC"
    ))?;
    Ok(stmt.query_map(params![organization, reviewer, now], session)?.collect::<rusqlite::Result<_>>()?)
}

/// Ends one session of the organization (of one reviewer, when given); false when there was none.
pub(super) fn end_session(
    conn: &Connection,
    organization: OrganizationId,
    id: SessionId,
    reviewer: Option<ReviewerId>,
) -> Result<bool> {
    let n = conn.execute(
        "DELETE FROM console_sessions WHERE id = ?1 AND organization_id = ?2 AND (?3 IS NULL OR reviewer_id = ?3)",
        params![id, organization, reviewer],
    )?;
    Ok(n == 1)
}

/// Ends every session of a reviewer and their unused links.
pub(super) fn end_all(conn: &Connection, reviewer: ReviewerId) -> Result<usize> {
    let sessions = conn.execute("DELETE FROM console_sessions WHERE reviewer_id = ?1", [reviewer])?;
    conn.execute("DELETE FROM console_login_links WHERE reviewer_id = ?1 AND used_at IS NULL", [reviewer])?;
    Ok(sessions)
}

pub(super) fn touch_session(conn: &Connection, id: SessionId, at: Timestamp, expires_at: Timestamp) -> Result<()> {
    conn.execute(
        "UPDATE console_sessions SET last_seen_at = ?2, expires_at = ?3 WHERE id = ?1",
        params![id, at, expires_at],
    )?;
    Ok(())
}

pub(super) fn delete_session(conn: &Connection, hash: &[u8; 32]) -> Result<bool> {
    Ok(conn.execute("DELETE FROM console_sessions WHERE hash = ?1", [&hash[..]])? == 1)
}

/// Removes links and sessions past their expiry.
pub(super) fn prune(conn: &Connection, now: Timestamp) -> Result<usize> {
    let links = conn.execute("DELETE FROM console_login_links WHERE expires_at <= ?1", [now])?;
    let sessions = conn.execute("DELETE FROM console_sessions WHERE expires_at <= ?1", [now])?;
    Ok(links + sessions)
}

// Reviewers.

const REVIEWER_COLUMNS: &str = "id, organization_id, name, email, role, owner, created_at, disabled_at, removed_at, \
     password_hash IS NOT NULL, totp_secret IS NOT NULL";
const REVIEWER_COLUMNS_R: &str = "r.id, r.organization_id, r.name, r.email, r.role, r.owner, r.created_at, \
     r.disabled_at, r.removed_at, r.password_hash IS NOT NULL, r.totp_secret IS NOT NULL";

fn reviewer_at(row: &Row<'_>, at: usize) -> rusqlite::Result<Reviewer> {
    let role: String = row.get(at + 4)?;
    let bad = |i: usize, what: &str| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, format!("stored {what}").into())
    };
    Ok(Reviewer {
        id: row.get(at)?,
        organization_id: row.get(at + 1)?,
        // Stored names were checked when written (by the rules of their day): read as they are.
        name: ReviewerName(row.get(at + 2)?),
        email: row.get(at + 3)?,
        role: Role::parse(&role).ok_or_else(|| bad(at + 4, "role"))?,
        owner: row.get(at + 5)?,
        created_at: row.get(at + 6)?,
        disabled_at: row.get(at + 7)?,
        removed_at: row.get(at + 8)?,
        has_password: row.get(at + 9)?,
        has_second_factor: row.get(at + 10)?,
    })
}

pub(crate) fn insert_reviewer(conn: &Connection, r: &Reviewer) -> Result<()> {
    let skeleton = r.name.skeleton();
    if let Some(other) = reviewers(conn, r.organization_id)?.into_iter().find(|o| o.name.skeleton() == skeleton) {
        return Err(crate::error::Error::Conflict(if other.name.key() == r.name.key() {
            format!("a reviewer named `{}` exists already (names are unique, whatever their case)", other.name.as_str())
        } else {
            format!(
                "`{}` looks like the name of the reviewer `{}` (the same letters to the eye): choose a name no one can \
                 mistake for another",
                r.name.as_str(),
                other.name.as_str()
            )
        }));
    }
    let n = conn.execute(
        "INSERT INTO reviewers (id, organization_id, name, name_key, email, role, owner, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (organization_id, name_key) DO NOTHING",
        params![
            r.id,
            r.organization_id,
            r.name.as_str(),
            r.name.key(),
            r.email,
            r.role.as_str(),
            r.owner,
            r.created_at
        ],
    )?;
    if n == 0 {
        return Err(crate::error::Error::Conflict(format!(
            "a reviewer named `{}` exists already (names are unique, whatever their case)",
            r.name.as_str()
        )));
    }
    Ok(())
}

pub(crate) fn reviewers(conn: &Connection, organization: OrganizationId) -> Result<Vec<Reviewer>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {REVIEWER_COLUMNS} FROM reviewers WHERE organization_id = ?1 ORDER BY owner DESC, name_key"
    ))?;
    let rows = stmt.query_map([organization], |r| reviewer_at(r, 0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

pub(crate) fn reviewer(conn: &Connection, organization: OrganizationId, id: ReviewerId) -> Result<Option<Reviewer>> {
    let mut stmt = conn
        .prepare_cached(&format!("SELECT {REVIEWER_COLUMNS} FROM reviewers WHERE organization_id = ?1 AND id = ?2"))?;
    Ok(stmt.query_row(params![organization, id], |r| reviewer_at(r, 0)).optional()?)
}

pub(crate) fn reviewer_by_name(
    conn: &Connection,
    organization: OrganizationId,
    name: &str,
) -> Result<Option<Reviewer>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {REVIEWER_COLUMNS} FROM reviewers WHERE organization_id = ?1 AND name_key = ?2"
    ))?;
    Ok(stmt.query_row(params![organization, name.trim().to_lowercase()], |r| reviewer_at(r, 0)).optional()?)
}

pub(crate) fn owner(conn: &Connection, organization: OrganizationId) -> Result<Option<Reviewer>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {REVIEWER_COLUMNS} FROM reviewers WHERE organization_id = ?1 AND owner = 1"
    ))?;
    Ok(stmt.query_row(params![organization], |r| reviewer_at(r, 0)).optional()?)
}

/// Disables (or enables) a reviewer; a disabled reviewer's sessions and unused links end here.
pub(crate) fn set_disabled(conn: &Connection, id: ReviewerId, disabled_at: Option<Timestamp>) -> Result<()> {
    conn.execute("UPDATE reviewers SET disabled_at = ?2 WHERE id = ?1", params![id, disabled_at])?;
    if disabled_at.is_some() {
        end_all(conn, id)?;
    }
    Ok(())
}

/// Removes a reviewer: they can no longer sign in, their credentials go, their sessions end;
/// the record stays for the history that names them.
pub(super) fn remove(conn: &Connection, id: ReviewerId, at: Timestamp) -> Result<()> {
    conn.execute(
        "UPDATE reviewers SET removed_at = ?2, password_hash = NULL, totp_secret = NULL, totp_pending = NULL
         WHERE id = ?1",
        params![id, at],
    )?;
    end_all(conn, id)?;
    Ok(())
}

pub(super) fn set_role(conn: &Connection, id: ReviewerId, role: Role) -> Result<()> {
    conn.execute("UPDATE reviewers SET role = ?2 WHERE id = ?1", params![id, role.as_str()])?;
    Ok(())
}

/// A reviewer's sign-in secrets: the password's hash, the sealed TOTP secret (and one being set
/// up), the last TOTP step used.
#[derive(Debug, Clone, Default)]
pub(super) struct Credentials {
    pub(super) password_hash: Option<String>,
    pub(super) totp_secret: Option<Vec<u8>>,
    pub(super) totp_pending: Option<Vec<u8>>,
    pub(super) totp_last_step: Option<u64>,
}

pub(super) fn credentials(conn: &Connection, id: ReviewerId) -> Result<Credentials> {
    Ok(conn
        .query_row(
            "SELECT password_hash, totp_secret, totp_pending, totp_last_step FROM reviewers WHERE id = ?1",
            [id],
            |r| {
                Ok(Credentials {
                    password_hash: r.get(0)?,
                    totp_secret: r.get(1)?,
                    totp_pending: r.get(2)?,
                    totp_last_step: r.get::<_, Option<i64>>(3)?.map(|s| s.max(0) as u64),
                })
            },
        )
        .optional()?
        .unwrap_or_default())
}

pub(super) fn set_credentials(conn: &Connection, id: ReviewerId, c: &Credentials) -> Result<()> {
    conn.execute(
        "UPDATE reviewers SET password_hash = ?2, totp_secret = ?3, totp_pending = ?4, totp_last_step = ?5 WHERE id = ?1",
        params![
            id,
            c.password_hash,
            c.totp_secret,
            c.totp_pending,
            c.totp_last_step.map(|s| i64::try_from(s).unwrap_or(i64::MAX))
        ],
    )?;
    Ok(())
}
