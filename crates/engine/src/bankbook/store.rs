//! The SQL of bank statements: `bank_statements` holds each extraction as served (`body`),
//! with the columns its lists and erasure select by.

use rusqlite::{Connection, OptionalExtension, params};

use super::model::{BankStatement, BankStatementId};
use crate::applicants::ApplicantId;
use crate::db::json_column;
use crate::error::Result;
use crate::files::{FileId, OwnerKind};
use crate::page::PageRequest;
use crate::scope::Scope;
use crate::time::Timestamp;

pub(crate) fn insert(conn: &Connection, scope: Scope, statement: &BankStatement) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO bank_statements (id, organization_id, environment, applicant_id, file_id, status, body, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        statement.id,
        scope.organization,
        scope.environment,
        statement.applicant_id,
        statement.file_id,
        statement.status.as_str(),
        serde_json::to_string(statement)?,
        statement.created_at,
    ])?;
    Ok(())
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: BankStatementId) -> Result<Option<BankStatement>> {
    Ok(conn
        .prepare_cached("SELECT body FROM bank_statements WHERE organization_id = ?1 AND environment = ?2 AND id = ?3")?
        .query_row(params![scope.organization, scope.environment, id], |row| json_column(row, 0))
        .optional()?)
}

/// Filters of the statement list.
#[derive(Debug, Clone, Default)]
pub struct StatementFilter {
    pub applicant_id: Option<ApplicantId>,
    /// `extracted` or `needs_review`.
    pub status: Option<super::model::StatementStatus>,
    pub created_from: Option<Timestamp>,
    pub created_to: Option<Timestamp>,
}

/// Newest first.
pub(crate) fn list(
    conn: &Connection,
    scope: Scope,
    filter: &StatementFilter,
    page: PageRequest,
) -> Result<Vec<BankStatement>> {
    let mut stmt = conn.prepare_cached(
        "SELECT body FROM bank_statements WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR applicant_id = ?3) AND (?4 IS NULL OR status = ?4)
           AND (?5 IS NULL OR created_at >= ?5) AND (?6 IS NULL OR created_at < ?6)
         ORDER BY created_at DESC, id DESC LIMIT ?7 OFFSET ?8",
    )?;
    let rows = stmt.query_map(
        params![
            scope.organization,
            scope.environment,
            filter.applicant_id,
            filter.status.map(super::model::StatementStatus::as_str),
            filter.created_from,
            filter.created_to,
            page.sql_limit(),
            page.sql_offset()
        ],
        |row| json_column(row, 0),
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Deletes an applicant's statements and their files' records; returns how many statements went
/// and the hashes of the files whose last record went (for the caller to remove after commit).
pub(crate) fn erase_applicant(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<(usize, Vec<String>)> {
    let n = conn
        .prepare_cached(
            "DELETE FROM bank_statements WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, applicant])?;
    let hashes = crate::files::store::delete_owned(conn, scope, OwnerKind::BankStatement, applicant.as_uuid())?;
    Ok((n, hashes))
}

/// Deletes the statements created before `before` (retention), with their files' records;
/// returns how many went and the hashes of the files whose last record went.
pub(crate) fn prune_scope(conn: &Connection, scope: Scope, before: Timestamp) -> Result<(usize, Vec<String>)> {
    let mut stmt = conn.prepare_cached(
        "DELETE FROM bank_statements WHERE organization_id = ?1 AND environment = ?2 AND created_at < ?3
         RETURNING file_id",
    )?;
    let files: Vec<FileId> = stmt
        .query_map(params![scope.organization, scope.environment, before], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut hashes = Vec::new();
    for file in &files {
        hashes.extend(crate::files::store::delete(conn, scope, *file)?);
    }
    Ok((files.len(), hashes))
}
