//! The SQL of backups: the settings row and the records.

use rusqlite::{Connection, OptionalExtension, params};

use super::model::{BackupRecord, DEFAULT_KEEP};
use crate::error::Result;
use crate::time::Timestamp;

/// The settings as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stored {
    /// `None`: the default folder.
    pub(crate) folder: Option<String>,
    pub(crate) keep: u32,
    pub(crate) daily: bool,
}

pub(crate) fn settings(conn: &Connection) -> Result<Stored> {
    Ok(conn
        .prepare_cached("SELECT folder, keep, daily FROM backup_settings WHERE id = 1")?
        .query_row([], |r| Ok(Stored { folder: r.get(0)?, keep: r.get(1)?, daily: r.get(2)? }))
        .optional()?
        .unwrap_or(Stored { folder: None, keep: DEFAULT_KEEP, daily: false }))
}

pub(crate) fn save_settings(conn: &Connection, s: &Stored) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO backup_settings (id, folder, keep, daily) VALUES (1, ?1, ?2, ?3)
         ON CONFLICT (id) DO UPDATE SET folder = excluded.folder, keep = excluded.keep, daily = excluded.daily",
    )?
    .execute(params![s.folder, s.keep, s.daily])?;
    Ok(())
}

/// When the newest kept backup was taken.
pub(crate) fn newest(conn: &Connection) -> Result<Option<Timestamp>> {
    Ok(conn
        .prepare_cached("SELECT max(taken_at) FROM backups WHERE removed_at IS NULL")?
        .query_row([], |r| r.get::<_, Option<Timestamp>>(0))?)
}

pub(crate) fn insert(conn: &Connection, b: &BackupRecord) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO backups (id, taken_at, path, bytes, files, schema_version, taken_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![b.id, b.taken_at, b.path, b.bytes as i64, b.files as i64, b.schema_version, b.taken_by])?;
    Ok(())
}

/// The newest `limit` records, deleted ones included.
pub(crate) fn recent(conn: &Connection, limit: u32) -> Result<Vec<BackupRecord>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, taken_at, path, bytes, files, schema_version, taken_by, removed_at
         FROM backups ORDER BY taken_at DESC, id DESC LIMIT ?1",
    )?;
    let rows = stmt.query_map([limit], |r| {
        Ok(BackupRecord {
            id: r.get(0)?,
            taken_at: r.get(1)?,
            path: r.get(2)?,
            bytes: r.get::<_, i64>(3)?.unsigned_abs(),
            files: r.get::<_, i64>(4)?.unsigned_abs(),
            schema_version: r.get(5)?,
            taken_by: r.get(6)?,
            removed_at: r.get(7)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The kept backups past the newest `keep`: marked deleted; their paths returned to delete.
pub(crate) fn retire_beyond(conn: &Connection, keep: u32, now: Timestamp) -> Result<Vec<String>> {
    let mut stmt = conn.prepare_cached(
        "UPDATE backups SET removed_at = ?2 WHERE id IN (
             SELECT id FROM backups WHERE removed_at IS NULL ORDER BY taken_at DESC, id DESC LIMIT -1 OFFSET ?1)
         RETURNING path",
    )?;
    let rows = stmt.query_map(params![keep, now], |r| r.get::<_, String>(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
