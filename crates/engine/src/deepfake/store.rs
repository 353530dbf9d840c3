//! Deepfake analyses in SQLite (`deepfake_analyses`): each the analysis as served (JSON) beside
//! the columns the list filters on.

use rusqlite::{Connection, OptionalExtension, params};

use super::model::{Analysis, AnalysisFilter, AnalysisId};
use crate::applicants::ApplicantId;
use crate::db::json_column;
use crate::error::Result;
use crate::page::PageRequest;
use crate::scope::Scope;
use crate::time::Timestamp;

pub(crate) fn insert(conn: &Connection, scope: Scope, a: &Analysis) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO deepfake_analyses (id, organization_id, environment, applicant_id, source, status, verdict, body, \
         created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        a.id,
        scope.organization,
        scope.environment,
        a.applicant_id,
        a.source.as_str(),
        a.status.as_str(),
        a.verdict.map(|v| v.as_str()),
        serde_json::to_string(a)?,
        a.created_at,
    ])?;
    Ok(())
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: AnalysisId) -> Result<Option<Analysis>> {
    Ok(conn
        .prepare_cached(
            "SELECT body FROM deepfake_analyses WHERE id = ?1 AND organization_id = ?2 AND environment = ?3",
        )?
        .query_row(params![id, scope.organization, scope.environment], |r| json_column(r, 0))
        .optional()?)
}

/// One page, newest first.
pub(crate) fn list(conn: &Connection, scope: Scope, f: &AnalysisFilter, page: PageRequest) -> Result<Vec<Analysis>> {
    let mut stmt = conn.prepare_cached(
        "SELECT body FROM deepfake_analyses WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR applicant_id = ?3) AND (?4 IS NULL OR source = ?4) AND (?5 IS NULL OR status = ?5)
           AND (?6 IS NULL OR verdict = ?6) AND (?7 IS NULL OR created_at >= ?7) AND (?8 IS NULL OR created_at < ?8)
         ORDER BY created_at DESC, id DESC LIMIT ?9 OFFSET ?10",
    )?;
    let rows = stmt.query_map(
        params![
            scope.organization,
            scope.environment,
            f.applicant_id,
            f.source.map(|s| s.as_str()),
            f.status.map(|s| s.as_str()),
            f.verdict.map(|v| v.as_str()),
            f.created_from,
            f.created_to,
            page.sql_limit(),
            page.sql_offset(),
        ],
        |r| json_column(r, 0),
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Deletes an applicant's analyses (inside an erasure); returns their ids, whose files the
/// erasure deletes with them.
pub(crate) fn erase_applicant(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<Vec<AnalysisId>> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM deepfake_analyses WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3
             RETURNING id",
        )?
        .query_map(params![scope.organization, scope.environment, applicant], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Deletes the scope's analyses created before `before` (retention); returns their ids.
pub(crate) fn prune(conn: &Connection, scope: Scope, before: Timestamp) -> Result<Vec<AnalysisId>> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM deepfake_analyses WHERE organization_id = ?1 AND environment = ?2 AND created_at < ?3
             RETURNING id",
        )?
        .query_map(params![scope.organization, scope.environment, before], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}
