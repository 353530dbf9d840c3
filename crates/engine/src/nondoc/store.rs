//! Non-document checks in SQLite: written once, read by id or by applicant, erased with their
//! applicant.

use rusqlite::{Connection, OptionalExtension, params};

use super::model::{CheckStatus, NondocCheck, NondocCheckId, VerificationType};
use crate::applicants::ApplicantId;
use crate::db::json_column;
use crate::error::Result;
use crate::page::PageRequest;
use crate::scope::Scope;
use crate::time::Timestamp;

pub(crate) fn insert(conn: &Connection, scope: Scope, check: &NondocCheck) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO nondoc_checks (id, organization_id, environment, applicant_id, verification_type, status, body, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        check.id,
        scope.organization,
        scope.environment,
        check.applicant_id,
        check.verification_type.as_str(),
        check.status.as_str(),
        serde_json::to_string(check)?,
        check.created_at,
    ])?;
    Ok(())
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: NondocCheckId) -> Result<Option<NondocCheck>> {
    Ok(conn
        .prepare_cached("SELECT body FROM nondoc_checks WHERE id = ?1 AND organization_id = ?2 AND environment = ?3")?
        .query_row(params![id, scope.organization, scope.environment], |r| json_column(r, 0))
        .optional()?)
}

/// What an applicant's list keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NondocCheckFilter {
    pub verification_type: Option<VerificationType>,
    pub status: Option<CheckStatus>,
    pub created_from: Option<Timestamp>,
    pub created_to: Option<Timestamp>,
}

/// An applicant's checks, newest first.
pub(crate) fn list(
    conn: &Connection,
    scope: Scope,
    applicant: ApplicantId,
    filter: &NondocCheckFilter,
    page: PageRequest,
) -> Result<Vec<NondocCheck>> {
    let mut stmt = conn.prepare_cached(
        "SELECT body FROM nondoc_checks WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3
           AND (?4 IS NULL OR verification_type = ?4) AND (?5 IS NULL OR status = ?5)
           AND (?6 IS NULL OR created_at >= ?6) AND (?7 IS NULL OR created_at < ?7)
         ORDER BY created_at DESC, id DESC LIMIT ?8 OFFSET ?9",
    )?;
    let rows = stmt.query_map(
        params![
            scope.organization,
            scope.environment,
            applicant,
            filter.verification_type.map(VerificationType::as_str),
            filter.status.map(CheckStatus::as_str),
            filter.created_from,
            filter.created_to,
            page.sql_limit(),
            page.sql_offset()
        ],
        |row| json_column(row, 0),
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Erases an applicant's checks; how many went.
pub(crate) fn erase_applicant(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM nondoc_checks WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, applicant])?)
}
