//! SQL for file records. Blobs live on disk; the service writes and removes them.

use std::collections::HashSet;

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{FileId, OwnerKind, StoredFile};
use crate::error::{Error, Result};
use crate::scope::Scope;

const COLUMNS: &str = "id, owner_kind, owner_id, sha256, size, declared_type, sniffed_type, original_name, created_at";

fn file(r: &Row<'_>) -> rusqlite::Result<StoredFile> {
    let kind: String = r.get(1)?;
    Ok(StoredFile {
        id: r.get(0)?,
        owner_kind: match kind.as_str() {
            "watchlist_upload" => OwnerKind::WatchlistUpload,
            "bank_statement" => OwnerKind::BankStatement,
            "kyb_case" => OwnerKind::KybCase,
            "verification_document" => OwnerKind::VerificationDocument,
            other => {
                return Err(rusqlite::Error::FromSqlConversionFailure(
                    1,
                    rusqlite::types::Type::Text,
                    format!("unknown file owner kind {other}").into(),
                ));
            }
        },
        owner_id: r.get(2)?,
        sha256: r.get(3)?,
        size: r.get::<_, i64>(4)?.unsigned_abs(),
        declared_type: r.get(5)?,
        sniffed_type: r.get(6)?,
        original_name: r.get(7)?,
        created_at: r.get(8)?,
    })
}

pub(crate) fn insert(conn: &Connection, scope: Scope, f: &StoredFile) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO files (id, organization_id, environment, owner_kind, owner_id, sha256, size, declared_type,
             sniffed_type, original_name, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?
    .execute(params![
        f.id,
        scope.organization,
        scope.environment,
        f.owner_kind.as_str(),
        f.owner_id,
        f.sha256,
        i64::try_from(f.size).map_err(|_| Error::invalid("file", "too large"))?,
        f.declared_type,
        f.sniffed_type,
        f.original_name,
        f.created_at
    ])?;
    Ok(())
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: FileId) -> Result<Option<StoredFile>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM files WHERE organization_id = ?1 AND environment = ?2 AND id = ?3"
        ))?
        .query_row(params![scope.organization, scope.environment, id], file)
        .optional()?)
}

/// The files of one owner, oldest first.
pub(crate) fn owned(conn: &Connection, scope: Scope, kind: OwnerKind, owner: uuid::Uuid) -> Result<Vec<StoredFile>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM files
             WHERE owner_kind = ?3 AND owner_id = ?4 AND organization_id = ?1 AND environment = ?2
             ORDER BY created_at, id"
        ))?
        .query_map(params![scope.organization, scope.environment, kind.as_str(), owner], file)?
        .collect::<rusqlite::Result<_>>()?)
}

/// Deletes the records of one owner's files; call it in the owner's own delete. Returns the
/// content hashes they had: their blobs go once no record names them (see the service).
pub(crate) fn delete_owned(conn: &Connection, scope: Scope, kind: OwnerKind, owner: uuid::Uuid) -> Result<Vec<String>> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM files WHERE owner_kind = ?3 AND owner_id = ?4 AND organization_id = ?1 AND environment = ?2
             RETURNING sha256",
        )?
        .query_map(params![scope.organization, scope.environment, kind.as_str(), owner], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Deletes one file's record; returns its content hash if it existed.
pub(crate) fn delete(conn: &Connection, scope: Scope, id: FileId) -> Result<Option<String>> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM files WHERE id = ?3 AND organization_id = ?1 AND environment = ?2 RETURNING sha256",
        )?
        .query_row(params![scope.organization, scope.environment, id], |r| r.get(0))
        .optional()?)
}

/// The content hashes of an environment's files (read before a sandbox reset deletes their
/// records: their blobs go after it, unless another record still names them).
pub(crate) fn hashes_in(conn: &Connection, scope: Scope) -> Result<Vec<String>> {
    Ok(conn
        .prepare_cached("SELECT DISTINCT sha256 FROM files WHERE organization_id = ?1 AND environment = ?2")?
        .query_map(params![scope.organization, scope.environment], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Whether any record names a blob.
/// How many files are stored (records, all scopes) and their bytes.
pub(crate) fn totals(conn: &Connection) -> Result<(u64, u64)> {
    Ok(conn
        .prepare_cached("SELECT count(*), coalesce(sum(size), 0) FROM files")?
        .query_row([], |r| Ok((r.get::<_, i64>(0)?.unsigned_abs(), r.get::<_, i64>(1)?.unsigned_abs())))?)
}

pub(crate) fn is_referenced(conn: &Connection, sha256: &str) -> Result<bool> {
    Ok(conn.prepare_cached("SELECT 1 FROM files WHERE sha256 = ?1 LIMIT 1")?.exists([sha256])?)
}

/// Every blob some record names (for the sweep at start).
pub(crate) fn referenced(conn: &Connection) -> Result<HashSet<String>> {
    Ok(conn
        .prepare("SELECT DISTINCT sha256 FROM files")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}
