//! SQL for applicants. Every query is bound to one scope, except building missing public JSON
//! (maintenance at start, by primary key).
//!
//! `public_json` holds each applicant's wire JSON (`serde_json` of [`Applicant`]). Every write
//! here that changes what an applicant looks like rewrites it in the same statement or
//! transaction, so the list can send it as stored (see [`list_json`]).

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::identities;
pub(crate) use super::identities::{Held, held};
use super::model::{Applicant, ApplicantFilter, ApplicantId, ApplicantInfo};
use crate::error::Result;
use crate::page::{JsonPage, Page, PageRequest};
use crate::scope::Scope;
use crate::values::fold;
use crate::work::{self, Kind};

const COLUMNS: &str = "id, external_id, type, email, phone, provided_info, verified_info, verification_status, \
     last_verification_id, last_verification_at, aml_screening_enabled, search_options, last_aml_screening_id, \
     last_screened_at, last_risk_score, last_tags, tg_profile, created_at, updated_at";

use crate::db::{json_column as json, json_column_opt as json_opt};

fn applicant(row: &Row<'_>) -> rusqlite::Result<Applicant> {
    let mut provided_info: ApplicantInfo = json(row, 5)?;
    let verified_info: Option<ApplicantInfo> = json_opt(row, 6)?;
    let verification_status: String = row.get(7)?;
    let email = row.get(3)?;
    let phone = row.get(4)?;
    provided_info.email.clone_from(&email);
    provided_info.phone.clone_from(&phone);
    let mut applicant = Applicant {
        applicant_id: row.get(0)?,
        external_id: row.get(1)?,
        applicant_type: if row.get_ref(2)?.as_str()? == "Organization" {
            super::ApplicantType::Organization
        } else {
            super::ApplicantType::Person
        },
        email,
        phone,
        system_info: ApplicantInfo::default(),
        provided_info,
        last_verification_id: row.get(8)?,
        last_verification_date: row.get(9)?,
        verification_status: super::VerificationStatus::from_stored(&verification_status),
        aml_screening_enabled: row.get(10)?,
        search_options: json(row, 11)?,
        last_aml_screening_id: row.get(12)?,
        last_screened_at: row.get(13)?,
        last_risk_score: row.get::<_, Option<String>>(14)?.as_deref().and_then(crate::aml::RiskScore::from_stored),
        last_tags: json_opt(row, 15)?,
        tg_profile: row.get(16)?,
        created_at: row.get(17)?,
        updated_at: row.get(18)?,
        verified_info,
    };
    applicant.system_info = super::info::system_info(&applicant);
    Ok(applicant)
}

/// The stored form of provided data: contact details live in their own columns.
fn info_json(info: &ApplicantInfo) -> Result<String> {
    let mut stored = info.clone();
    stored.email = None;
    stored.phone = None;
    Ok(serde_json::to_string(&stored)?)
}

/// The stored form of verified data: its e-mail address (proven by an e-mail check) is kept in
/// it; a verified phone number has no source yet.
fn verified_json(info: &ApplicantInfo) -> Result<String> {
    let mut stored = info.clone();
    stored.phone = None;
    Ok(serde_json::to_string(&stored)?)
}

/// Records an e-mail address whose ownership an e-mail check proved (at `at`).
pub(crate) fn record_verified_email(
    conn: &Connection,
    scope: Scope,
    id: ApplicantId,
    email: crate::values::Email,
    at: crate::time::Timestamp,
) -> Result<bool> {
    let Some(applicant) = get(conn, scope, id)? else { return Ok(false) };
    let mut info = applicant.verified_info.clone().unwrap_or_default();
    info.email = Some(email);
    conn.prepare_cached(
        "UPDATE applicants SET verified_info = ?4 WHERE organization_id = ?1 AND environment = ?2 AND id = ?3",
    )?
    .execute(params![scope.organization, scope.environment, id, verified_json(&info)?])?;
    let applicant = get(conn, scope, id)?.ok_or_else(|| crate::error::Error::not_found("applicant"))?;
    set_public_json(conn, &applicant)?;
    identities::record(conn, scope, &applicant, at)?;
    Ok(true)
}

/// The applicant as every applicant endpoint returns it: the text kept in `public_json`.
fn public_json(a: &Applicant) -> Result<String> {
    Ok(serde_json::to_string(a)?)
}

/// The folded names the `name` filter searches.
fn search_name(a: &Applicant) -> String {
    let infos = std::iter::once(&a.provided_info).chain(a.verified_info.as_ref());
    let names: Vec<&str> =
        infos.flat_map(|i| [&i.full_name, &i.first_name, &i.last_name]).flatten().map(String::as_str).collect();
    fold(&names.join(" "))
}

pub(crate) fn insert(conn: &Connection, scope: Scope, a: &Applicant) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "INSERT INTO applicants (id, organization_id, environment, external_id, type, email, phone, provided_info,
             verified_info, verification_status, aml_screening_enabled, search_options, tg_profile, search_name,
             country, citizenship, dob, created_at, updated_at, public_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'initial', ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
    )?;
    stmt.execute(params![
        a.applicant_id,
        scope.organization,
        scope.environment,
        a.external_id,
        a.applicant_type.as_str(),
        a.email,
        a.phone,
        info_json(&a.provided_info)?,
        a.verified_info.as_ref().map(info_json).transpose()?,
        a.aml_screening_enabled,
        serde_json::to_string(&a.search_options)?,
        a.tg_profile,
        search_name(a),
        a.system_info.country,
        a.system_info.citizenship,
        a.system_info.dob.map(|d| d.iso()),
        a.created_at,
        a.updated_at,
        public_json(a)?,
    ])?;
    identities::record(conn, scope, a, a.updated_at)?;
    monitoring(conn, scope, a)
}

/// A monitored applicant is screened when created and again after every change (as due work);
/// one no longer monitored is not.
fn monitoring(conn: &Connection, scope: Scope, a: &Applicant) -> Result<()> {
    let id = a.applicant_id.as_uuid();
    if a.aml_screening_enabled {
        work::store::schedule(conn, Kind::AmlScreening, scope, id, a.updated_at)
    } else {
        work::store::cancel(conn, Kind::AmlScreening, id).map(drop)
    }
}

/// Writes the fields an update may change.
pub(super) fn update(conn: &Connection, scope: Scope, a: &Applicant) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "UPDATE applicants SET email = ?3, phone = ?4, provided_info = ?5, aml_screening_enabled = ?6,
             search_options = ?7, tg_profile = ?8, search_name = ?9, country = ?10, citizenship = ?11, dob = ?12,
             updated_at = ?13, public_json = ?15
         WHERE organization_id = ?1 AND environment = ?2 AND id = ?14",
    )?;
    stmt.execute(params![
        scope.organization,
        scope.environment,
        a.email,
        a.phone,
        info_json(&a.provided_info)?,
        a.aml_screening_enabled,
        serde_json::to_string(&a.search_options)?,
        a.tg_profile,
        search_name(a),
        a.system_info.country,
        a.system_info.citizenship,
        a.system_info.dob.map(|d| d.iso()),
        a.updated_at,
        a.applicant_id,
        public_json(a)?,
    ])?;
    identities::record(conn, scope, a, a.updated_at)?;
    monitoring(conn, scope, a)
}

/// What a screening leaves on its applicant.
pub(crate) struct ScreeningResult<'a> {
    pub(crate) search: uuid::Uuid,
    pub(crate) at: crate::time::Timestamp,
    pub(crate) risk: Option<crate::aml::RiskScore>,
    pub(crate) tags: &'a [String],
}

/// Records a screening on its applicant, if the applicant is still monitored. Returns whether
/// it was.
pub(crate) fn record_screening(
    conn: &Connection,
    scope: Scope,
    id: ApplicantId,
    r: &ScreeningResult<'_>,
) -> Result<bool> {
    let changed = conn.prepare_cached(
        "UPDATE applicants SET last_aml_screening_id = ?4, last_screened_at = ?5, last_risk_score = ?6, last_tags = ?7
         WHERE organization_id = ?1 AND environment = ?2 AND id = ?3 AND aml_screening_enabled = 1",
    )?
    .execute(params![
        scope.organization,
        scope.environment,
        id,
        r.search,
        r.at,
        r.risk.map(crate::aml::RiskScore::as_str),
        serde_json::to_string(r.tags)?,
    ])?;
    if changed > 0 {
        // The screening's fields are part of the public JSON: rebuild it from the row as now
        // stored, in the same transaction.
        let applicant = get(conn, scope, id)?.ok_or_else(|| crate::error::Error::not_found("applicant"))?;
        set_public_json(conn, &applicant)?;
    }
    Ok(changed > 0)
}

/// Records a finished document verification on its applicant: the last verification, its
/// date and outcome, and (when it passed) the data it confirmed, which overlays the provided
/// data in `system_info`. Returns whether the applicant exists.
pub(crate) fn record_verification(
    conn: &Connection,
    scope: Scope,
    id: ApplicantId,
    verification: uuid::Uuid,
    at: crate::time::Timestamp,
    status: super::VerificationStatus,
    confirmed: Option<&super::ApplicantInfo>,
) -> Result<bool> {
    let status_name = match status {
        super::VerificationStatus::Passed => "passed",
        super::VerificationStatus::Failed => "failed",
        super::VerificationStatus::Initial => "initial",
    };
    // A verified e-mail address (from an e-mail check) stays when documents confirm the rest.
    let confirmed = match confirmed {
        Some(c) => {
            let before = get(conn, scope, id)?.and_then(|a| a.verified_info).and_then(|v| v.email);
            Some(super::ApplicantInfo { email: before.or_else(|| c.email.clone()), ..c.clone() })
        }
        None => None,
    };
    let confirmed = confirmed.as_ref();
    let changed = conn
        .prepare_cached(
            "UPDATE applicants SET last_verification_id = ?4, last_verification_at = ?5, verification_status = ?6,
             verified_info = coalesce(?7, verified_info)
             WHERE organization_id = ?1 AND environment = ?2 AND id = ?3",
        )?
        .execute(params![
            scope.organization,
            scope.environment,
            id,
            verification,
            at,
            status_name,
            confirmed.map(verified_json).transpose()?,
        ])?;
    if changed > 0 {
        let applicant = get(conn, scope, id)?.ok_or_else(|| crate::error::Error::not_found("applicant"))?;
        set_public_json(conn, &applicant)?;
        identities::record(conn, scope, &applicant, at)?;
        // Confirmed names are searched too.
        conn.prepare_cached("UPDATE applicants SET search_name = ?2 WHERE id = ?1")?
            .execute(params![id, search_name(&applicant)])?;
    }
    Ok(changed > 0)
}

fn set_public_json(conn: &Connection, a: &Applicant) -> Result<()> {
    conn.prepare_cached("UPDATE applicants SET public_json = ?2 WHERE id = ?1")?
        .execute(params![a.applicant_id, public_json(a)?])?;
    Ok(())
}

/// Builds up to `batch` missing public JSON texts (rows from before the column existed, or
/// cleared by a migration that changed the shape), across all scopes. Returns how many it
/// built; 0 means none is missing.
pub(crate) fn build_missing_public_json(conn: &Connection, batch: usize) -> Result<usize> {
    let mut stmt = conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM applicants WHERE public_json IS NULL ORDER BY id LIMIT ?1"))?;
    let missing =
        stmt.query_map([i64::try_from(batch).unwrap_or(i64::MAX)], applicant)?.collect::<rusqlite::Result<Vec<_>>>()?;
    for a in &missing {
        set_public_json(conn, a)?;
    }
    Ok(missing.len())
}

/// Whether the scope has this applicant (without reading it).
pub(crate) fn exists(conn: &Connection, scope: Scope, id: ApplicantId) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM applicants WHERE organization_id = ?1 AND environment = ?2 AND id = ?3")?
        .exists(params![scope.organization, scope.environment, id])?)
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: ApplicantId) -> Result<Option<Applicant>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM applicants WHERE organization_id = ?1 AND environment = ?2 AND id = ?3"
    ))?;
    Ok(stmt.query_row(params![scope.organization, scope.environment, id], applicant).optional()?)
}

pub(crate) fn get_by_external_id(conn: &Connection, scope: Scope, external_id: &str) -> Result<Option<Applicant>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM applicants WHERE organization_id = ?1 AND environment = ?2 AND external_id = ?3"
    ))?;
    Ok(stmt.query_row(params![scope.organization, scope.environment, external_id], applicant).optional()?)
}

pub(crate) fn external_id_taken(conn: &Connection, scope: Scope, external_id: &str) -> Result<bool> {
    let mut stmt = conn.prepare_cached(
        "SELECT 1 FROM applicants WHERE organization_id = ?1 AND environment = ?2 AND external_id = ?3",
    )?;
    Ok(stmt.exists(params![scope.organization, scope.environment, external_id])?)
}

/// Runs the list query (filters, newest first, one page plus one row) selecting `columns`, and
/// hands each row to `each` in order.
fn query_list(
    conn: &Connection,
    scope: Scope,
    filter: &ApplicantFilter,
    page: PageRequest,
    columns: &str,
    mut each: impl FnMut(&Row<'_>) -> Result<()>,
) -> Result<()> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {columns} FROM applicants
         WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR instr(search_name, ?3) > 0)
           AND (?4 IS NULL OR country = ?4 OR citizenship = ?4)
           AND (?5 IS NULL OR type = ?5)
           AND (?6 IS NULL OR dob = ?6)
         ORDER BY created_at DESC, id DESC
         LIMIT ?7 OFFSET ?8"
    ))?;
    let mut rows = stmt.query(params![
        scope.organization,
        scope.environment,
        // instr, not LIKE: SQLite recompiles a statement on every new LIKE pattern, and a plain
        // substring test needs no wildcard escaping.
        filter.name.as_deref().map(|n| fold(n.trim())),
        filter.country,
        filter.applicant_type.map(|t| t.as_str()),
        filter.dob.map(|d| d.iso()),
        page.sql_limit(),
        page.sql_offset(),
    ])?;
    while let Some(row) = rows.next()? {
        each(row)?;
    }
    Ok(())
}

pub(super) fn list(
    conn: &Connection,
    scope: Scope,
    filter: &ApplicantFilter,
    page: PageRequest,
) -> Result<Page<Applicant>> {
    let mut found = Vec::with_capacity(page.limit as usize + 1);
    query_list(conn, scope, filter, page, COLUMNS, |row| {
        found.push(applicant(row)?);
        Ok(())
    })?;
    Ok(page.finish(found))
}

/// The same page as [`list`], serialised: `{"data":[...],"has_next":...}`, byte for byte what
/// serialising [`list`]'s page gives. Made of the stored public JSON texts without decoding
/// them, which is most of what a list costs otherwise. A row whose text is missing (not yet
/// built) is decoded and serialised instead.
pub(super) fn list_json(
    conn: &Connection,
    scope: Scope,
    filter: &ApplicantFilter,
    page: PageRequest,
) -> Result<JsonPage> {
    let mut out = String::with_capacity(16 * 1024);
    out.push_str("{\"data\":[");
    let mut n = 0;
    let mut has_next = false;
    query_list(conn, scope, filter, page, "public_json, id", |row| {
        if n == page.limit {
            has_next = true;
            return Ok(());
        }
        if n > 0 {
            out.push(',');
        }
        match row.get_ref(0)?.as_str_or_null().map_err(rusqlite::Error::from)? {
            Some(text) => out.push_str(text),
            None => {
                let a = get(conn, scope, row.get(1)?)?.ok_or_else(|| crate::error::Error::not_found("applicant"))?;
                out.push_str(&public_json(&a)?);
            }
        }
        n += 1;
        Ok(())
    })?;
    out.push_str(if has_next { "],\"has_next\":true}" } else { "],\"has_next\":false}" });
    Ok(JsonPage::from_trusted(out))
}

/// Deletes an applicant with its identity history.
pub(crate) fn delete(conn: &Connection, scope: Scope, id: ApplicantId) -> Result<bool> {
    identities::delete(conn, scope, id)?;
    let mut stmt =
        conn.prepare_cached("DELETE FROM applicants WHERE organization_id = ?1 AND environment = ?2 AND id = ?3")?;
    let deleted = stmt.execute(params![scope.organization, scope.environment, id])? > 0;
    if deleted {
        work::store::cancel(conn, Kind::AmlScreening, id.as_uuid())?;
    }
    Ok(deleted)
}

/// The organization and environment an applicant belongs to (ids are unique across them).
pub(crate) fn scope_of(conn: &Connection, id: ApplicantId) -> Result<Option<Scope>> {
    Ok(conn
        .prepare_cached("SELECT organization_id, environment FROM applicants WHERE id = ?1")?
        .query_row([id], |r| Ok(Scope::new(r.get(0)?, r.get(1)?)))
        .optional()?)
}

pub(crate) fn count(conn: &Connection, scope: Scope) -> Result<u64> {
    let n: i64 = conn.query_row(
        "SELECT count(*) FROM applicants WHERE organization_id = ?1 AND environment = ?2",
        params![scope.organization, scope.environment],
        |r| r.get(0),
    )?;
    Ok(n.unsigned_abs())
}
