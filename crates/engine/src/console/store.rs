//! SQL for login links and console sessions.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{ConsoleSession, LoginLinkId, SessionId};
use crate::error::Result;
use crate::scope::OrganizationId;
use crate::time::Timestamp;

/// A stored login link (its token exists only as a hash).
pub(super) struct StoredLink {
    pub(super) id: LoginLinkId,
    pub(super) organization_id: OrganizationId,
    pub(super) expires_at: Timestamp,
    pub(super) used_at: Option<Timestamp>,
}

pub(super) fn organization_exists(conn: &Connection, id: OrganizationId) -> Result<bool> {
    let n: i64 = conn.query_row("SELECT count(*) FROM organizations WHERE id = ?1", [id], |r| r.get(0))?;
    Ok(n > 0)
}

pub(super) fn insert_link(
    conn: &Connection,
    id: LoginLinkId,
    organization: OrganizationId,
    hash: &[u8; 32],
    created_at: Timestamp,
    expires_at: Timestamp,
) -> Result<()> {
    conn.execute(
        "INSERT INTO console_login_links (id, organization_id, hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![id, organization, &hash[..], created_at, expires_at],
    )?;
    Ok(())
}

pub(super) fn link_by_hash(conn: &Connection, hash: &[u8; 32]) -> Result<Option<StoredLink>> {
    Ok(conn
        .query_row(
            "SELECT id, organization_id, expires_at, used_at FROM console_login_links WHERE hash = ?1",
            [&hash[..]],
            |r| Ok(StoredLink { id: r.get(0)?, organization_id: r.get(1)?, expires_at: r.get(2)?, used_at: r.get(3)? }),
        )
        .optional()?)
}

/// Marks a link used; false when it already was.
pub(super) fn use_link(conn: &Connection, id: LoginLinkId, at: Timestamp) -> Result<bool> {
    let n =
        conn.execute("UPDATE console_login_links SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL", params![id, at])?;
    Ok(n == 1)
}

const SESSION_COLUMNS: &str = "id, organization_id, created_at, last_seen_at, expires_at";

fn session(row: &Row<'_>) -> rusqlite::Result<ConsoleSession> {
    Ok(ConsoleSession {
        id: row.get(0)?,
        organization_id: row.get(1)?,
        created_at: row.get(2)?,
        last_seen_at: row.get(3)?,
        expires_at: row.get(4)?,
    })
}

pub(super) fn insert_session(conn: &Connection, s: &ConsoleSession, hash: &[u8; 32]) -> Result<()> {
    conn.execute(
        "INSERT INTO console_sessions (id, organization_id, hash, created_at, last_seen_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![s.id, s.organization_id, &hash[..], s.created_at, s.last_seen_at, s.expires_at],
    )?;
    Ok(())
}

pub(super) fn session_by_hash(conn: &Connection, hash: &[u8; 32]) -> Result<Option<ConsoleSession>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {SESSION_COLUMNS} FROM console_sessions WHERE hash = ?1"))?;
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
