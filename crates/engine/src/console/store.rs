//! SQL for login links and console sessions.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{ConsoleSession, LoginLinkId, Reviewer, ReviewerId, ReviewerName, Role, SessionId};
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

fn session(row: &Row<'_>) -> rusqlite::Result<(ConsoleSession, Reviewer)> {
    let session = ConsoleSession {
        id: row.get(0)?,
        organization_id: row.get(1)?,
        reviewer_id: row.get(2)?,
        created_at: row.get(3)?,
        last_seen_at: row.get(4)?,
        expires_at: row.get(5)?,
    };
    Ok((session, reviewer_at(row, 6)?))
}

pub(super) fn insert_session(conn: &Connection, s: &ConsoleSession, hash: &[u8; 32]) -> Result<()> {
    conn.execute(
        "INSERT INTO console_sessions (id, organization_id, reviewer_id, hash, created_at, last_seen_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![s.id, s.organization_id, s.reviewer_id, &hash[..], s.created_at, s.last_seen_at, s.expires_at],
    )?;
    Ok(())
}

/// The session with this hash and its reviewer, if the reviewer is enabled.
pub(super) fn session_by_hash(conn: &Connection, hash: &[u8; 32]) -> Result<Option<(ConsoleSession, Reviewer)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT s.id, s.organization_id, s.reviewer_id, s.created_at, s.last_seen_at, s.expires_at, {REVIEWER_COLUMNS_R}
         FROM console_sessions s JOIN reviewers r ON r.id = s.reviewer_id
         WHERE s.hash = ?1 AND r.disabled_at IS NULL"
    ))?;
    Ok(stmt.query_row([&hash[..]], session).optional()?)
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

const REVIEWER_COLUMNS: &str = "id, organization_id, name, email, role, owner, created_at, disabled_at";
const REVIEWER_COLUMNS_R: &str =
    "r.id, r.organization_id, r.name, r.email, r.role, r.owner, r.created_at, r.disabled_at";

fn reviewer_at(row: &Row<'_>, at: usize) -> rusqlite::Result<Reviewer> {
    let name: String = row.get(at + 2)?;
    let role: String = row.get(at + 4)?;
    let bad = |i: usize, what: &str| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, format!("stored {what}").into())
    };
    Ok(Reviewer {
        id: row.get(at)?,
        organization_id: row.get(at + 1)?,
        name: ReviewerName::parse(&name).map_err(|_| bad(at + 2, "reviewer name"))?,
        email: row.get(at + 3)?,
        role: Role::parse(&role).ok_or_else(|| bad(at + 4, "role"))?,
        owner: row.get(at + 5)?,
        created_at: row.get(at + 6)?,
        disabled_at: row.get(at + 7)?,
    })
}

pub(crate) fn insert_reviewer(conn: &Connection, r: &Reviewer) -> Result<()> {
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
        conn.execute("DELETE FROM console_sessions WHERE reviewer_id = ?1", [id])?;
        conn.execute("DELETE FROM console_login_links WHERE reviewer_id = ?1 AND used_at IS NULL", [id])?;
    }
    Ok(())
}
