//! SQL for document verification: profiles, links, verifications and documents. Every query is
//! bound to a scope, except the lookups by short id and link id that the hosted pages make
//! (those ids are the unguessable keys of public pages).

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::Value;

use super::document::{DocumentType, Side};
use super::model::{Checks, DocumentId, DocumentRef, PoiData, SandboxResult, StoredDocument, VerificationId};
use super::profile::{ProfileId, Settings};
use super::review::Review;
use super::status::VerificationStatus;
use crate::applicants::ApplicantId;
use crate::db::{json_column, json_column_opt};
use crate::error::{Error, Result};
use crate::page::PageRequest;
use crate::scope::Scope;
use crate::time::Timestamp;

fn conversion(i: usize, what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, format!("unknown {what}").into())
}

// Profiles.

/// A profile as stored (the link is read apart).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ProfileRecord {
    pub(crate) id: ProfileId,
    pub(crate) scope: Scope,
    pub(crate) name: String,
    pub(crate) description: Option<String>,
    pub(crate) settings: Settings,
    pub(crate) is_default: bool,
    pub(crate) is_archived: bool,
    pub(crate) created_by: Option<String>,
    pub(crate) created_at: Timestamp,
    pub(crate) updated_at: Option<Timestamp>,
}

const PROFILE_COLUMNS: &str = "id, organization_id, environment, name, description, settings, is_default, is_archived, \
     created_by, created_at, updated_at";

fn profile(row: &Row<'_>) -> rusqlite::Result<ProfileRecord> {
    Ok(ProfileRecord {
        id: row.get(0)?,
        scope: Scope::new(row.get(1)?, row.get(2)?),
        name: row.get(3)?,
        description: row.get(4)?,
        settings: json_column(row, 5)?,
        is_default: row.get(6)?,
        is_archived: row.get(7)?,
        created_by: row.get(8)?,
        created_at: row.get(9)?,
        updated_at: row.get(10)?,
    })
}

fn name_taken(e: rusqlite::Error, name: &str) -> Error {
    match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation => {
            Error::Conflict(format!("a profile named `{}` exists already", crate::values::shorten(name, 80)))
        }
        other => other.into(),
    }
}

pub(crate) fn insert_profile(conn: &Connection, p: &ProfileRecord) -> Result<()> {
    conn.prepare_cached(&format!(
        "INSERT INTO verification_profiles ({PROFILE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
    ))?
    .execute(params![
        p.id,
        p.scope.organization,
        p.scope.environment,
        p.name,
        p.description,
        serde_json::to_string(&p.settings)?,
        p.is_default,
        p.is_archived,
        p.created_by,
        p.created_at,
        p.updated_at
    ])
    .map_err(|e| name_taken(e, &p.name))?;
    Ok(())
}

pub(crate) fn update_profile(conn: &Connection, p: &ProfileRecord) -> Result<()> {
    conn.prepare_cached(
        "UPDATE verification_profiles SET name = ?3, description = ?4, settings = ?5, is_archived = ?6, updated_at = ?7 \
         WHERE id = ?1 AND organization_id = ?2",
    )?
    .execute(params![
        p.id,
        p.scope.organization,
        p.name,
        p.description,
        serde_json::to_string(&p.settings)?,
        p.is_archived,
        p.updated_at
    ])
    .map_err(|e| name_taken(e, &p.name))?;
    Ok(())
}

pub(crate) fn get_profile(conn: &Connection, scope: Scope, id: ProfileId) -> Result<Option<ProfileRecord>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {PROFILE_COLUMNS} FROM verification_profiles WHERE id = ?1 AND organization_id = ?2 AND environment = ?3"
        ))?
        .query_row(params![id, scope.organization, scope.environment], profile)
        .optional()?)
}

pub(crate) fn default_profile(conn: &Connection, scope: Scope) -> Result<Option<ProfileRecord>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {PROFILE_COLUMNS} FROM verification_profiles \
             WHERE organization_id = ?1 AND environment = ?2 AND is_default = 1"
        ))?
        .query_row(params![scope.organization, scope.environment], profile)
        .optional()?)
}

pub(crate) fn list_profiles(conn: &Connection, scope: Scope, page: PageRequest) -> Result<Vec<ProfileRecord>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {PROFILE_COLUMNS} FROM verification_profiles WHERE organization_id = ?1 AND environment = ?2 \
         ORDER BY created_at DESC, id DESC LIMIT ?3 OFFSET ?4"
    ))?;
    let rows =
        stmt.query_map(params![scope.organization, scope.environment, page.sql_limit(), page.sql_offset()], profile)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Makes `id` the scope's one default profile.
pub(crate) fn set_default(conn: &Connection, scope: Scope, id: ProfileId) -> Result<()> {
    conn.prepare_cached(
        "UPDATE verification_profiles SET is_default = 0 WHERE organization_id = ?1 AND environment = ?2 AND is_default = 1",
    )?
    .execute(params![scope.organization, scope.environment])?;
    conn.prepare_cached("UPDATE verification_profiles SET is_default = 1 WHERE id = ?1 AND organization_id = ?2")?
        .execute(params![id, scope.organization])?;
    Ok(())
}

// Links.

/// A link as stored.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LinkRecord {
    pub(crate) link_id: String,
    pub(crate) scope: Scope,
    pub(crate) profile_id: ProfileId,
    pub(crate) expiration_minutes: u32,
    pub(crate) created_at: Timestamp,
    pub(crate) archived_at: Option<Timestamp>,
}

const LINK_COLUMNS: &str =
    "link_id, organization_id, environment, profile_id, expiration_minutes, created_at, archived_at";

fn link(row: &Row<'_>) -> rusqlite::Result<LinkRecord> {
    Ok(LinkRecord {
        link_id: row.get(0)?,
        scope: Scope::new(row.get(1)?, row.get(2)?),
        profile_id: row.get(3)?,
        expiration_minutes: row.get(4)?,
        created_at: row.get(5)?,
        archived_at: row.get(6)?,
    })
}

pub(crate) fn insert_link(conn: &Connection, l: &LinkRecord) -> Result<()> {
    conn.prepare_cached(&format!(
        "INSERT INTO verification_links ({LINK_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
    ))?
    .execute(params![
        l.link_id,
        l.scope.organization,
        l.scope.environment,
        l.profile_id,
        l.expiration_minutes,
        l.created_at,
        l.archived_at
    ])?;
    Ok(())
}

pub(crate) fn update_link(conn: &Connection, l: &LinkRecord) -> Result<()> {
    conn.prepare_cached("UPDATE verification_links SET expiration_minutes = ?2, archived_at = ?3 WHERE link_id = ?1")?
        .execute(params![l.link_id, l.expiration_minutes, l.archived_at])?;
    Ok(())
}

pub(crate) fn link_of_profile(conn: &Connection, scope: Scope, profile: ProfileId) -> Result<Option<LinkRecord>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {LINK_COLUMNS} FROM verification_links WHERE profile_id = ?1 AND organization_id = ?2 AND environment = ?3"
        ))?
        .query_row(params![profile, scope.organization, scope.environment], link)
        .optional()?)
}

/// A link by its id, in any scope (the hosted page's lookup).
pub(crate) fn find_link(conn: &Connection, link_id: &str) -> Result<Option<LinkRecord>> {
    Ok(conn
        .prepare_cached(&format!("SELECT {LINK_COLUMNS} FROM verification_links WHERE link_id = ?1"))?
        .query_row(params![link_id], link)
        .optional()?)
}

// Verifications.

/// A verification as stored.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Record {
    pub(crate) id: VerificationId,
    pub(crate) scope: Scope,
    pub(crate) applicant_id: ApplicantId,
    pub(crate) profile_id: ProfileId,
    pub(crate) short_id: String,
    pub(crate) link_id: Option<String>,
    pub(crate) status: VerificationStatus,
    pub(crate) account_id: String,
    pub(crate) settings: Settings,
    pub(crate) checks: Checks,
    pub(crate) documents: Vec<DocumentRef>,
    pub(crate) poi_data: Option<PoiData>,
    pub(crate) manual_fields: Value,
    pub(crate) duplicated: Vec<ApplicantId>,
    pub(crate) sandbox_result: Option<SandboxResult>,
    pub(crate) country_code: Option<String>,
    pub(crate) document_type: Option<DocumentType>,
    pub(crate) updated_by: Option<String>,
    pub(crate) created_at: Timestamp,
    pub(crate) expires_at: Timestamp,
    pub(crate) proceeded_at: Option<Timestamp>,
    pub(crate) completed_at: Option<Timestamp>,
    /// The reviewer's reading, outcomes waiting for their undo minute, and the review's history.
    pub(crate) review: Review,
}

const COLUMNS: &str = "id, organization_id, environment, applicant_id, profile_id, short_id, link_id, status, account_id, \
     settings, checks, documents, poi_data, manual_fields, duplicated, sandbox_result, country_code, document_type, \
     updated_by, created_at, expires_at, proceeded_at, completed_at, review";

fn record(row: &Row<'_>) -> rusqlite::Result<Record> {
    let status: String = row.get(7)?;
    let document_type: Option<String> = row.get(17)?;
    Ok(Record {
        id: row.get(0)?,
        scope: Scope::new(row.get(1)?, row.get(2)?),
        applicant_id: row.get(3)?,
        profile_id: row.get(4)?,
        short_id: row.get(5)?,
        link_id: row.get(6)?,
        status: VerificationStatus::parse(&status).ok_or_else(|| conversion(7, "status"))?,
        account_id: row.get(8)?,
        settings: json_column(row, 9)?,
        checks: json_column(row, 10)?,
        documents: json_column(row, 11)?,
        poi_data: json_column_opt(row, 12)?,
        manual_fields: json_column(row, 13)?,
        duplicated: json_column(row, 14)?,
        sandbox_result: json_column_opt(row, 15)?,
        country_code: row.get(16)?,
        document_type: match document_type {
            None => None,
            Some(t) => Some(DocumentType::parse(&t).ok_or_else(|| conversion(17, "document type"))?),
        },
        updated_by: row.get(18)?,
        created_at: row.get(19)?,
        expires_at: row.get(20)?,
        proceeded_at: row.get(21)?,
        completed_at: row.get(22)?,
        review: json_column_opt(row, 23)?.unwrap_or_default(),
    })
}

pub(crate) fn insert(conn: &Connection, r: &Record) -> Result<()> {
    conn.prepare_cached(&format!(
        "INSERT INTO verifications ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, \
         ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)"
    ))?
    .execute(params![
        r.id,
        r.scope.organization,
        r.scope.environment,
        r.applicant_id,
        r.profile_id,
        r.short_id,
        r.link_id,
        r.status.as_str(),
        r.account_id,
        serde_json::to_string(&r.settings)?,
        serde_json::to_string(&r.checks)?,
        serde_json::to_string(&r.documents)?,
        r.poi_data.as_ref().map(serde_json::to_string).transpose()?,
        serde_json::to_string(&r.manual_fields)?,
        serde_json::to_string(&r.duplicated)?,
        r.sandbox_result.as_ref().map(serde_json::to_string).transpose()?,
        r.country_code,
        r.document_type.map(DocumentType::as_str),
        r.updated_by,
        r.created_at,
        r.expires_at,
        r.proceeded_at,
        r.completed_at,
        review_column(&r.review)?
    ])?;
    Ok(())
}

/// The review as stored: null until a reviewer has done something.
fn review_column(review: &Review) -> Result<Option<String>> {
    Ok(if *review == Review::default() { None } else { Some(serde_json::to_string(review)?) })
}

/// Stores every changeable field of a verification.
pub(crate) fn update(conn: &Connection, r: &Record) -> Result<()> {
    let n = conn
        .prepare_cached(
            "UPDATE verifications SET status = ?2, checks = ?3, documents = ?4, poi_data = ?5, manual_fields = ?6, \
             duplicated = ?7, country_code = ?8, document_type = ?9, updated_by = ?10, proceeded_at = ?11, \
             completed_at = ?12, review = ?13 WHERE id = ?1",
        )?
        .execute(params![
            r.id,
            r.status.as_str(),
            serde_json::to_string(&r.checks)?,
            serde_json::to_string(&r.documents)?,
            r.poi_data.as_ref().map(serde_json::to_string).transpose()?,
            serde_json::to_string(&r.manual_fields)?,
            serde_json::to_string(&r.duplicated)?,
            r.country_code,
            r.document_type.map(DocumentType::as_str),
            r.updated_by,
            r.proceeded_at,
            r.completed_at,
            review_column(&r.review)?
        ])?;
    if n == 0 {
        return Err(Error::not_found("verification"));
    }
    Ok(())
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: VerificationId) -> Result<Option<Record>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM verifications WHERE id = ?1 AND organization_id = ?2 AND environment = ?3"
        ))?
        .query_row(params![id, scope.organization, scope.environment], record)
        .optional()?)
}

/// A verification that must exist in the scope (else `NotFound`).
pub(crate) fn existing(conn: &Connection, scope: Scope, id: VerificationId) -> Result<Record> {
    get(conn, scope, id)?.ok_or(Error::not_found("verification"))
}

/// A verification by its short id, in any scope (the hosted page and end-user endpoints).
pub(crate) fn find_short(conn: &Connection, short_id: &str) -> Result<Option<Record>> {
    Ok(conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM verifications WHERE short_id = ?1"))?
        .query_row(params![short_id], record)
        .optional()?)
}

/// What a list keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VerificationFilter {
    pub applicant_id: Option<ApplicantId>,
    /// Part of the applicant's name (full, first or last), case- and accent-insensitive.
    pub name: Option<String>,
    pub status: Vec<VerificationStatus>,
    pub profile_id: Vec<ProfileId>,
    pub document_type: Vec<DocumentType>,
    /// ISO alpha-2.
    pub country: Option<String>,
    pub created_from: Option<Timestamp>,
    pub created_to: Option<Timestamp>,
}

pub(crate) fn list(
    conn: &Connection,
    scope: Scope,
    filter: &VerificationFilter,
    page: PageRequest,
) -> Result<Vec<Record>> {
    let mut sql = format!("SELECT {COLUMNS} FROM verifications WHERE organization_id = ?1 AND environment = ?2");
    let mut args: Vec<Box<dyn rusqlite::ToSql>> = vec![Box::new(scope.organization), Box::new(scope.environment)];
    let mut push = |sql: &mut String, clause: &str, value: Box<dyn rusqlite::ToSql>| {
        args.push(value);
        sql.push_str(&number_placeholder(clause, args.len()));
    };
    if let Some(a) = filter.applicant_id {
        push(&mut sql, " AND applicant_id = ?", Box::new(a));
    }
    if let Some(n) = filter.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        // The applicants' folded names, as their own list searches them.
        push(
            &mut sql,
            " AND applicant_id IN (SELECT id FROM applicants WHERE organization_id = ?1 AND environment = ?2 \
              AND instr(search_name, ?) > 0)",
            Box::new(crate::values::fold(n)),
        );
    }
    if let Some(c) = &filter.country {
        push(&mut sql, " AND country_code = ?", Box::new(c.clone()));
    }
    if let Some(from) = filter.created_from {
        push(&mut sql, " AND created_at >= ?", Box::new(from));
    }
    if let Some(to) = filter.created_to {
        push(&mut sql, " AND created_at < ?", Box::new(to));
    }
    // Sets go in as JSON arrays, so the statement's text does not depend on their length.
    if !filter.status.is_empty() {
        let set: Vec<&str> = filter.status.iter().map(|s| s.as_str()).collect();
        push(&mut sql, " AND status IN (SELECT value FROM json_each(?))", Box::new(serde_json::to_string(&set)?));
    }
    if !filter.document_type.is_empty() {
        let set: Vec<&str> = filter.document_type.iter().map(|d| d.as_str()).collect();
        push(
            &mut sql,
            " AND document_type IN (SELECT value FROM json_each(?))",
            Box::new(serde_json::to_string(&set)?),
        );
    }
    if !filter.profile_id.is_empty() {
        for (i, p) in filter.profile_id.iter().enumerate() {
            let clause = if i == 0 { " AND (profile_id = ?" } else { " OR profile_id = ?" };
            push(&mut sql, clause, Box::new(*p));
        }
        sql.push(')');
    }
    push(&mut sql, " ORDER BY created_at DESC, id DESC LIMIT ?", Box::new(page.sql_limit()));
    push(&mut sql, " OFFSET ?", Box::new(page.sql_offset()));
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(rusqlite::params_from_iter(args.iter()), record)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The clause with its one bare `?` numbered `n`; numbered ones (`?1`, the scope) stay as written.
fn number_placeholder(clause: &str, n: usize) -> String {
    let mut out = String::with_capacity(clause.len() + 3);
    let mut chars = clause.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '?' && !chars.peek().is_some_and(char::is_ascii_digit) {
            out.push_str(&n.to_string());
        }
    }
    out
}

/// The applicant's verifications still open to documents, newest first.
pub(crate) fn open_of_applicant(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<Vec<Record>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM verifications WHERE applicant_id = ?1 AND organization_id = ?2 AND environment = ?3 \
         AND status IN ('initial', 'pending') ORDER BY created_at DESC, id DESC"
    ))?;
    let rows = stmt.query_map(params![applicant, scope.organization, scope.environment], record)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

// Documents.

const DOCUMENT_COLUMNS: &str = "id, organization_id, environment, applicant_id, verification_id, file_id, document_type, \
     side, issued_country, content_type, file_name, size, sha256, created_at";

fn document(row: &Row<'_>) -> rusqlite::Result<(StoredDocument, Option<VerificationId>)> {
    let document_type: String = row.get(6)?;
    let side: Option<String> = row.get(7)?;
    Ok((
        StoredDocument {
            document_id: row.get(0)?,
            applicant_id: row.get(3)?,
            file_id: row.get(5)?,
            document_type: DocumentType::parse(&document_type).ok_or_else(|| conversion(6, "document type"))?,
            side: match side {
                None => None,
                Some(s) => Some(Side::parse(&s).ok_or_else(|| conversion(7, "side"))?),
            },
            issued_country: row.get(8)?,
            content_type: row.get(9)?,
            file_name: row.get(10)?,
            size: row.get::<_, i64>(11)? as u64,
            sha256: row.get(12)?,
            created_at: row.get(13)?,
        },
        row.get(4)?,
    ))
}

pub(crate) fn insert_document(
    conn: &Connection,
    scope: Scope,
    d: &StoredDocument,
    verification: Option<VerificationId>,
    dhash: Option<super::images::PictureHash>,
) -> Result<()> {
    conn.prepare_cached(&format!(
        "INSERT INTO verification_documents ({DOCUMENT_COLUMNS}, dhash) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)"
    ))?
    .execute(params![
        d.document_id,
        scope.organization,
        scope.environment,
        d.applicant_id,
        verification,
        d.file_id,
        d.document_type.as_str(),
        d.side.map(Side::as_str),
        d.issued_country,
        d.content_type,
        d.file_name,
        d.size as i64,
        d.sha256,
        d.created_at,
        // SQLite integers are signed: the hash's bits are kept as they are.
        dhash.map(|h| h.0.to_vec())
    ])?;
    Ok(())
}

pub(crate) fn get_document(conn: &Connection, scope: Scope, id: DocumentId) -> Result<Option<StoredDocument>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {DOCUMENT_COLUMNS} FROM verification_documents WHERE id = ?1 AND organization_id = ?2 AND environment = ?3"
        ))?
        .query_row(params![id, scope.organization, scope.environment], document)
        .optional()?
        .map(|(d, _)| d))
}

/// A document with the verification it belongs to, if any.
pub(crate) fn get_document_with_verification(
    conn: &Connection,
    scope: Scope,
    id: DocumentId,
) -> Result<Option<(StoredDocument, Option<VerificationId>)>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {DOCUMENT_COLUMNS} FROM verification_documents WHERE id = ?1 AND organization_id = ?2 AND environment = ?3"
        ))?
        .query_row(params![id, scope.organization, scope.environment], document)
        .optional()?)
}

/// Deletes one document, whatever it belongs to (its erasure, `verifications::files`).
pub(crate) fn delete_any_document(conn: &Connection, scope: Scope, id: DocumentId) -> Result<()> {
    conn.prepare_cached(
        "DELETE FROM verification_documents WHERE id = ?1 AND organization_id = ?2 AND environment = ?3",
    )?
    .execute(params![id, scope.organization, scope.environment])?;
    Ok(())
}

pub(crate) fn documents_of(
    conn: &Connection,
    scope: Scope,
    verification: VerificationId,
) -> Result<Vec<StoredDocument>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {DOCUMENT_COLUMNS} FROM verification_documents \
         WHERE verification_id = ?1 AND organization_id = ?2 AND environment = ?3 ORDER BY created_at, id"
    ))?;
    let rows = stmt.query_map(params![verification, scope.organization, scope.environment], document)?;
    Ok(rows.map(|r| r.map(|(d, _)| d)).collect::<rusqlite::Result<_>>()?)
}

/// Deletes one document of a verification; returns its stored file, if it was there.
pub(crate) fn delete_document(
    conn: &Connection,
    scope: Scope,
    verification: VerificationId,
    id: DocumentId,
) -> Result<Option<crate::files::FileId>> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM verification_documents \
             WHERE id = ?1 AND verification_id = ?2 AND organization_id = ?3 AND environment = ?4 RETURNING file_id",
        )?
        .query_row(params![id, verification, scope.organization, scope.environment], |r| r.get(0))
        .optional()?)
}

/// A document's picture hash, as computed when it was uploaded (none for a PDF).
pub(crate) fn picture_hash(conn: &Connection, id: DocumentId) -> Result<Option<super::images::PictureHash>> {
    let stored: Option<Option<Vec<u8>>> = conn
        .prepare_cached("SELECT dhash FROM verification_documents WHERE id = ?1")?
        .query_row(params![id], |r| r.get(0))
        .optional()?;
    Ok(stored.flatten().and_then(|b| <[u8; 32]>::try_from(b.as_slice()).ok()).map(super::images::PictureHash))
}

/// Other applicants of the scope with a document of the same content, or (for images) one
/// whose difference hash is within `max_distance` bits.
pub(crate) fn duplicates(
    conn: &Connection,
    scope: Scope,
    applicant: ApplicantId,
    sha256: &str,
    dhash: Option<super::images::PictureHash>,
    max_distance: u32,
) -> Result<(Vec<ApplicantId>, Vec<ApplicantId>)> {
    let mut exact: Vec<ApplicantId> = conn
        .prepare_cached(
            "SELECT DISTINCT applicant_id FROM verification_documents \
             WHERE organization_id = ?1 AND environment = ?2 AND sha256 = ?3 AND applicant_id != ?4",
        )?
        .query_map(params![scope.organization, scope.environment, sha256, applicant], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    exact.sort();
    let mut near = Vec::new();
    if let Some(hash) = dhash {
        // The scope's image hashes are compared in full: a few hundred thousand a second; an index on bit bands would be the next step if scopes grow past that.
        let mut stmt = conn.prepare_cached(
            "SELECT applicant_id, dhash FROM verification_documents \
             WHERE organization_id = ?1 AND environment = ?2 AND dhash IS NOT NULL AND applicant_id != ?3",
        )?;
        let rows = stmt.query_map(params![scope.organization, scope.environment, applicant], |r| {
            Ok((r.get::<_, ApplicantId>(0)?, r.get::<_, Vec<u8>>(1)?))
        })?;
        for row in rows {
            let (other, theirs) = row?;
            let Ok(theirs) = <[u8; 32]>::try_from(theirs.as_slice()) else { continue };
            if super::images::PictureHash(theirs).distance(&hash) <= max_distance
                && !exact.contains(&other)
                && !near.contains(&other)
            {
                near.push(other);
            }
        }
        near.sort();
    }
    Ok((exact, near))
}

/// Deletes an erased applicant's verifications (with their due work) and documents; returns how
/// many of each. The documents' files are the file store's to delete.
/// Erases one verification, its documents' rows and its due work; returns the stored files of
/// its documents (the caller deletes their records).
pub(crate) fn erase_one(conn: &Connection, scope: Scope, id: VerificationId) -> Result<Vec<crate::files::FileId>> {
    crate::work::store::cancel(conn, crate::work::Kind::VerificationProcess, id.as_uuid())?;
    crate::work::store::cancel(conn, crate::work::Kind::VerificationExpiry, id.as_uuid())?;
    crate::work::store::cancel(conn, crate::work::Kind::VerificationOutcome, id.as_uuid())?;
    let files = conn
        .prepare_cached(
            "DELETE FROM verification_documents WHERE verification_id = ?3 AND organization_id = ?1 AND environment = ?2
             RETURNING file_id",
        )?
        .query_map(params![scope.organization, scope.environment, id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    conn.prepare_cached("DELETE FROM verifications WHERE id = ?3 AND organization_id = ?1 AND environment = ?2")?
        .execute(params![scope.organization, scope.environment, id])?;
    Ok(files)
}

pub(crate) fn erase_applicant(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<(usize, usize)> {
    let ids: Vec<uuid::Uuid> = conn
        .prepare_cached(
            "SELECT id FROM verifications WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
        )?
        .query_map(params![scope.organization, scope.environment, applicant], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in &ids {
        crate::work::store::cancel(conn, crate::work::Kind::VerificationProcess, *id)?;
        crate::work::store::cancel(conn, crate::work::Kind::VerificationExpiry, *id)?;
        crate::work::store::cancel(conn, crate::work::Kind::VerificationOutcome, *id)?;
    }
    let documents = conn
        .prepare_cached(
            "DELETE FROM verification_documents WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, applicant])?
        + super::files::erase_tombstones(conn, scope, applicant)?;
    let verifications = conn
        .prepare_cached(
            "DELETE FROM verifications WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, applicant])?;
    Ok((verifications, documents))
}

#[cfg(test)]
mod tests {
    use super::number_placeholder;

    #[test]
    fn only_the_bare_placeholder_is_numbered() {
        // The name filter's clause names the scope's ?1 and ?2 itself (it answered 500 when
        // they were renumbered into ?31 and ?32).
        assert_eq!(
            number_placeholder(" AND x IN (SELECT id FROM t WHERE o = ?1 AND e = ?2 AND instr(n, ?) > 0)", 3),
            " AND x IN (SELECT id FROM t WHERE o = ?1 AND e = ?2 AND instr(n, ?3) > 0)"
        );
        assert_eq!(number_placeholder(" AND a = ?", 12), " AND a = ?12");
    }
}
