//! SQL for KYB: cases, check instances, remediations and the case timeline. Every write of a
//! case rebuilds its stored list row (`row_json`), so the list is one query without per-row
//! work.

use rusqlite::{Connection, OptionalExtension, Row, params};

pub(crate) mod approvals;
pub(crate) mod templates;

use super::case::Stage;
use super::case::{CaseStatus, RiskLevel};
use super::desk::DeskCounts;
use super::form::{DocumentKind, SectionKey};
use super::model::{
    AssigneeFilter, Case, CaseFilter, CaseId, Check, CheckFlag, CheckId, CheckState, Provider, Remediation,
    RemediationId, SlaFilter, TimelineEntry,
};
use super::review::{CaseReview, Comment, Decision, DecisionStep, DeskSettings, FourEyes, Reason, Verdict};
use super::summary::{CheckInstance, CheckType, Outcome, Severity};
use crate::applicants::ApplicantId;
use crate::console::ReviewerRef;
use crate::db::{json_column, json_column_opt};
use crate::error::{Error, Result};
use crate::page::{JsonPage, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;

const CASE_COLUMNS: &str = "id, organization_id, environment, public_id, applicant_id, external_id, status, \
     risk_level, verification_id, round, form, plan, checks_summary, widget_token, widget_expires_at, created_at, \
     submitted_at, last_activity_at, assignee_id, assignee_name, assigned_at, stage_entered_at, sla_due_at, \
     pending_decision";

fn conversion(i: usize, what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, format!("unknown {what}").into())
}

fn case(row: &Row<'_>) -> rusqlite::Result<Case> {
    let status: String = row.get(6)?;
    let risk: Option<String> = row.get(7)?;
    Ok(Case {
        id: row.get(0)?,
        scope: Scope::new(row.get(1)?, row.get(2)?),
        public_id: row.get(3)?,
        applicant_id: row.get(4)?,
        external_id: row.get(5)?,
        status: CaseStatus::parse(&status).ok_or_else(|| conversion(6, "status"))?,
        risk_level: match risk.as_deref() {
            None => None,
            Some("low") => Some(RiskLevel::Low),
            Some("medium") => Some(RiskLevel::Medium),
            Some("high") => Some(RiskLevel::High),
            Some(_) => return Err(conversion(7, "risk level")),
        },
        verification_id: row.get(8)?,
        round: row.get(9)?,
        form: json_column(row, 10)?,
        plan: json_column_opt(row, 11)?,
        checks_summary: json_column_opt(row, 12)?,
        remediation_sections: Vec::new(),
        widget_token: row.get(13)?,
        widget_expires_at: row.get(14)?,
        created_at: row.get(15)?,
        submitted_at: row.get(16)?,
        last_activity_at: row.get(17)?,
        review: CaseReview {
            assignee: match (row.get(18)?, row.get::<_, Option<String>>(19)?) {
                (Some(id), Some(name)) => Some(ReviewerRef { id, name }),
                _ => None,
            },
            assigned_at: row.get(20)?,
            stage_entered_at: row.get(21)?,
            sla_due_at: row.get(22)?,
            pending_decision: json_column_opt::<Decision>(row, 23)?.map(with_reasons),
        },
    })
}

/// A decision stored before several reasons could be given lists its one reason.
fn with_reasons(mut d: Decision) -> Decision {
    if d.reasons.is_empty() {
        d.reasons = d.reason.into_iter().collect();
    }
    d
}

fn risk_str(r: Option<RiskLevel>) -> Option<&'static str> {
    r.map(|r| match r {
        RiskLevel::Low => "low",
        RiskLevel::Medium => "medium",
        RiskLevel::High => "high",
    })
}

/// The columns every write of a case sets, in the order of [`changeable`].
const CHANGEABLE: [&str; 22] = [
    "status",
    "risk_level",
    "verification_id",
    "round",
    "form",
    "plan",
    "checks_summary",
    "widget_expires_at",
    "submitted_at",
    "last_activity_at",
    "company_name",
    "registration_number",
    "country",
    "row_json",
    "assignee_id",
    "assignee_name",
    "assigned_at",
    "stage_entered_at",
    "sla_due_at",
    "pending_decision",
    "has_error",
    "has_hit",
];

/// The values of [`CHANGEABLE`] for a case (the list row rebuilt from it).
fn changeable(c: &Case) -> Result<Vec<Box<dyn rusqlite::ToSql>>> {
    let line = |v: &Option<crate::values::Line>| v.as_ref().map(|l| l.as_str().to_owned());
    Ok(vec![
        Box::new(c.status.as_str()),
        Box::new(risk_str(c.risk_level)),
        Box::new(c.verification_id),
        Box::new(c.round),
        Box::new(serde_json::to_string(&c.form)?),
        Box::new(c.plan.as_ref().map(serde_json::to_string).transpose()?),
        Box::new(c.checks_summary.as_ref().map(serde_json::to_string).transpose()?),
        Box::new(c.widget_expires_at),
        Box::new(c.submitted_at),
        Box::new(c.last_activity_at),
        Box::new(line(&c.form.company.legal_name)),
        Box::new(line(&c.form.company.registration_number)),
        Box::new(c.form.company.country.as_ref().map(|n| n.as_str().to_owned())),
        Box::new(serde_json::to_string(&c.row())?),
        Box::new(c.review.assignee_id()),
        Box::new(c.review.assignee.as_ref().map(|a| a.name.clone())),
        Box::new(c.review.assigned_at),
        Box::new(c.review.stage_entered_at),
        Box::new(c.review.sla_due_at),
        Box::new(c.review.pending_decision.as_ref().map(serde_json::to_string).transpose()?),
        Box::new(c.checks_summary.as_ref().is_some_and(|s| s.errored > 0)),
        Box::new(c.checks_summary.as_ref().is_some_and(|s| s.review + s.failed > 0)),
    ])
}

pub(crate) fn insert_case(conn: &Connection, c: &Case) -> Result<()> {
    let fixed: Vec<Box<dyn rusqlite::ToSql>> = vec![
        Box::new(c.id),
        Box::new(c.scope.organization),
        Box::new(c.scope.environment),
        Box::new(c.public_id.clone()),
        Box::new(c.applicant_id),
        Box::new(c.external_id.clone()),
        Box::new(c.widget_token.clone()),
        Box::new(c.created_at),
    ];
    let columns = "id, organization_id, environment, public_id, applicant_id, external_id, widget_token, created_at";
    let values: Vec<_> = fixed.into_iter().chain(changeable(c)?).collect();
    let marks: Vec<String> = (1..=values.len()).map(|i| format!("?{i}")).collect();
    conn.prepare_cached(&format!(
        "INSERT INTO kyb_cases ({columns}, {}) VALUES ({})",
        CHANGEABLE.join(", "),
        marks.join(", ")
    ))?
    .execute(rusqlite::params_from_iter(values.iter()))?;
    put_search_text(conn, c)
}

/// Stores every changeable column of a case, and its list row.
pub(crate) fn update_case(conn: &Connection, c: &Case) -> Result<()> {
    let sets: Vec<String> = CHANGEABLE.iter().enumerate().map(|(i, col)| format!("{col} = ?{}", i + 2)).collect();
    let values: Vec<Box<dyn rusqlite::ToSql>> =
        std::iter::once(Box::new(c.id) as Box<dyn rusqlite::ToSql>).chain(changeable(c)?).collect();
    let n = conn
        .prepare_cached(&format!("UPDATE kyb_cases SET {} WHERE id = ?1", sets.join(", ")))?
        .execute(rusqlite::params_from_iter(values.iter()))?;
    if n == 0 {
        return Err(Error::not_found("KYB verification"));
    }
    put_search_text(conn, c)
}

/// A case with its open remediations' sections.
pub(crate) fn get_case(conn: &Connection, scope: Scope, id: CaseId) -> Result<Option<Case>> {
    let found = conn
        .prepare_cached(&format!(
            "SELECT {CASE_COLUMNS} FROM kyb_cases WHERE organization_id = ?1 AND environment = ?2 AND id = ?3"
        ))?
        .query_row(params![scope.organization, scope.environment, id], case)
        .optional()?;
    with_remediations(conn, found)
}

/// The organization whose case a widget token opens, whatever the case's state.
pub(crate) fn organization_of_token(conn: &Connection, token: &str) -> Result<Option<crate::scope::OrganizationId>> {
    Ok(conn
        .prepare_cached("SELECT organization_id FROM kyb_cases WHERE widget_token = ?1")?
        .query_row(params![token], |r| r.get(0))
        .optional()?)
}

/// The case a widget token opens, whatever its scope.
pub(crate) fn get_by_token(conn: &Connection, token: &str) -> Result<Option<Case>> {
    let found = conn
        .prepare_cached(&format!("SELECT {CASE_COLUMNS} FROM kyb_cases WHERE widget_token = ?1"))?
        .query_row(params![token], case)
        .optional()?;
    with_remediations(conn, found)
}

fn with_remediations(conn: &Connection, found: Option<Case>) -> Result<Option<Case>> {
    let Some(mut c) = found else { return Ok(None) };
    let mut sections: Vec<SectionKey> =
        remediations(conn, c.id)?.into_iter().filter(|r| r.resolved_at.is_none()).map(|r| r.section).collect();
    sections.sort();
    sections.dedup();
    c.remediation_sections = sections;
    Ok(Some(c))
}

pub(crate) fn id_of_public(conn: &Connection, scope: Scope, public_id: &str) -> Result<Option<CaseId>> {
    Ok(conn
        .prepare_cached("SELECT id FROM kyb_cases WHERE organization_id = ?1 AND environment = ?2 AND public_id = ?3")?
        .query_row(params![scope.organization, scope.environment, public_id], |r| r.get(0))
        .optional()?)
}

pub(crate) fn public_id_taken(conn: &Connection, scope: Scope, public_id: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM kyb_cases WHERE organization_id = ?1 AND environment = ?2 AND public_id = ?3")?
        .exists(params![scope.organization, scope.environment, public_id])?)
}

/// The environment a case is in, whichever organization (for `docket erase`).
pub(crate) fn scope_of(conn: &Connection, id: CaseId) -> Result<Option<Scope>> {
    Ok(conn
        .prepare_cached("SELECT organization_id, environment FROM kyb_cases WHERE id = ?1")?
        .query_row([id], |r| Ok(Scope::new(r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// Decided cases (approved or rejected) that still have documents and were decided before
/// `cutoff` (their last decision, else their last activity), oldest first.
pub(crate) fn decided_with_documents_before(conn: &Connection, scope: Scope, cutoff: Timestamp) -> Result<Vec<CaseId>> {
    let decided: Vec<&str> = CaseStatus::ALL
        .into_iter()
        .filter(|s| matches!(s.stage(), super::Stage::Approved | super::Stage::Rejected))
        .map(CaseStatus::as_str)
        .collect();
    let statuses = decided.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ");
    Ok(conn
        .prepare_cached(&format!(
            "SELECT c.id FROM kyb_cases c
             WHERE c.organization_id = ?1 AND c.environment = ?2 AND c.status IN ({statuses})
               AND EXISTS (SELECT 1 FROM files f WHERE f.owner_kind = 'kyb_case' AND f.owner_id = c.id)
               AND coalesce((SELECT max(d.at) FROM kyb_decisions d WHERE d.case_id = c.id), c.last_activity_at) < ?3
             ORDER BY c.last_activity_at"
        ))?
        .query_map(params![scope.organization, scope.environment, cutoff], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// The cases of an applicant (erased with it).
pub(crate) fn cases_of_applicant(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<Vec<CaseId>> {
    Ok(conn
        .prepare_cached(
            "SELECT id FROM kyb_cases WHERE applicant_id = ?3 AND organization_id = ?1 AND environment = ?2",
        )?
        .query_map(params![scope.organization, scope.environment, applicant], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Erases a case's rows: its checks, remediations, timeline, decisions and comments go with it
/// (`ON DELETE CASCADE`), and the due work of the case and its checks. Returns whether it
/// existed. Its files, audit events and mentions elsewhere are the erasure's to remove.
pub(crate) fn erase_case(conn: &Connection, scope: Scope, case: CaseId) -> Result<bool> {
    let checks: Vec<uuid::Uuid> = conn
        .prepare_cached("SELECT id FROM kyb_checks WHERE case_id = ?1")?
        .query_map(params![case], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for check in checks {
        crate::work::store::cancel(conn, crate::work::Kind::KybCheck, check)?;
    }
    crate::work::store::cancel(conn, crate::work::Kind::KybSla, case.as_uuid())?;
    Ok(conn
        .prepare_cached("DELETE FROM kyb_cases WHERE id = ?3 AND organization_id = ?1 AND environment = ?2")?
        .execute(params![scope.organization, scope.environment, case])?
        > 0)
}

/// Erases an applicant's single checks (and their due work); returns how many went.
pub(crate) fn erase_single_checks(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<usize> {
    let ids: Vec<uuid::Uuid> = conn
        .prepare_cached(
            "DELETE FROM kyb_single_checks WHERE applicant_id = ?3 AND organization_id = ?1 AND environment = ?2
             RETURNING id",
        )?
        .query_map(params![scope.organization, scope.environment, applicant], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in &ids {
        crate::work::store::cancel(conn, crate::work::Kind::KybSingleCheck, *id)?;
    }
    Ok(ids.len())
}

/// The WHERE clause of a filtered list and its arguments (the scope is `?1`, `?2`); `None`
/// when the filter can match nothing.
fn list_where(scope: Scope, filter: &CaseFilter) -> Option<(String, Vec<Box<dyn rusqlite::ToSql>>)> {
    let mut sql = String::from("organization_id = ?1 AND environment = ?2");
    let mut args: Vec<Box<dyn rusqlite::ToSql>> = vec![Box::new(scope.organization), Box::new(scope.environment)];
    let mut statuses: Vec<CaseStatus> = filter.status.clone();
    if !filter.stage.is_empty() {
        let by_stage = CaseStatus::ALL.into_iter().filter(|s| filter.stage.contains(&s.stage()));
        statuses =
            if statuses.is_empty() { by_stage.collect() } else { by_stage.filter(|s| statuses.contains(s)).collect() };
        if statuses.is_empty() {
            return None;
        }
    }
    let any_of = |column: &str, values: Vec<String>, sql: &mut String, args: &mut Vec<Box<dyn rusqlite::ToSql>>| {
        if values.is_empty() {
            return;
        }
        let marks: Vec<String> = values
            .into_iter()
            .map(|v| {
                args.push(Box::new(v));
                format!("?{}", args.len())
            })
            .collect();
        sql.push_str(&format!(" AND {column} IN ({})", marks.join(", ")));
    };
    any_of("status", statuses.iter().map(|s| s.as_str().to_owned()).collect(), &mut sql, &mut args);
    any_of(
        "risk_level",
        filter.risk_level.iter().filter_map(|r| risk_str(Some(*r))).map(str::to_owned).collect(),
        &mut sql,
        &mut args,
    );
    if let Some(country) = &filter.country {
        args.push(Box::new(country.as_str().to_owned()));
        sql.push_str(&format!(" AND country = ?{}", args.len()));
    }
    if let Some(q) = &filter.q {
        // Each word must appear in the case's search text (lower case, as stored); the words
        // are looked for in the narrow search table, never in the cases' JSON.
        let words: Vec<String> = q.split_whitespace().take(8).map(str::to_lowercase).collect();
        if !words.is_empty() {
            let mut clause = String::from(
                " AND id IN (SELECT case_id FROM kyb_case_search WHERE organization_id = ?1 AND environment = ?2",
            );
            for word in words {
                let pattern = format!("%{}%", word.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
                args.push(Box::new(pattern));
                clause.push_str(&format!(" AND text LIKE ?{} ESCAPE '\\'", args.len()));
            }
            clause.push(')');
            sql.push_str(&clause);
        }
    }
    if let Some(from) = filter.created_from {
        args.push(Box::new(from));
        sql.push_str(&format!(" AND created_at >= ?{}", args.len()));
    }
    if let Some(to) = filter.created_to {
        args.push(Box::new(to));
        sql.push_str(&format!(" AND created_at < ?{}", args.len()));
    }
    match filter.assignee {
        Some(AssigneeFilter::Reviewer(id)) => {
            args.push(Box::new(id));
            sql.push_str(&format!(" AND assignee_id = ?{}", args.len()));
        }
        Some(AssigneeFilter::Unassigned) => sql.push_str(" AND assignee_id IS NULL"),
        None => {}
    }
    if let Some((which, now)) = filter.sla {
        args.push(Box::new(now));
        sql.push_str(&format!(" AND sla_due_at < ?{}", args.len()));
        sql.push_str(match which {
            SlaFilter::Breached => " AND status <> 'under_review'",
            SlaFilter::Stuck => " AND status = 'under_review'",
        });
    }
    match filter.flag {
        Some(CheckFlag::Error) => sql.push_str(" AND has_error = 1"),
        Some(CheckFlag::Hit) => sql.push_str(" AND has_hit = 1"),
        None => {}
    }
    if filter.awaiting_second_approval {
        sql.push_str(" AND pending_decision IS NOT NULL");
    }
    Some((sql, args))
}

/// One page of the list, as stored JSON rows in the filter's order, with how many cases the
/// filter matches in all (`total`, Docket's own beside spec 4.1's `has_next`).
pub(crate) fn list_json(conn: &Connection, scope: Scope, filter: &CaseFilter, page: PageRequest) -> Result<JsonPage> {
    let Some((clause, mut args)) = list_where(scope, filter) else {
        return Ok(JsonPage::from_trusted("{\"data\":[],\"has_next\":false,\"total\":0}".into()));
    };
    let total: i64 = conn
        .prepare_cached(&format!("SELECT count(*) FROM kyb_cases WHERE {clause}"))?
        .query_row(rusqlite::params_from_iter(args.iter()), |r| r.get(0))?;
    // The page's ids first, read from the sort's index; then only their rows (whose JSON is
    // large) are read.
    args.push(Box::new(page.sql_limit()));
    args.push(Box::new(page.sql_offset()));
    let sql = format!(
        "SELECT id FROM kyb_cases WHERE {clause} ORDER BY {} LIMIT ?{} OFFSET ?{}",
        filter.sort.order_by(),
        args.len() - 1,
        args.len()
    );
    let ids: Vec<CaseId> = conn
        .prepare_cached(&sql)?
        .query_map(rusqlite::params_from_iter(args.iter()), |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let has_next = ids.len() > page.limit as usize;
    let mut out = String::with_capacity(page.limit as usize * 1500);
    out.push_str("{\"data\":[");
    let mut row = conn.prepare_cached("SELECT row_json FROM kyb_cases WHERE id = ?1")?;
    for (n, id) in ids.iter().take(page.limit as usize).enumerate() {
        if n > 0 {
            out.push(',');
        }
        let json: String = row.query_row(params![id], |r| r.get(0))?;
        out.push_str(&json);
    }
    out.push_str(&format!("],\"has_next\":{has_next},\"total\":{total}}}"));
    Ok(JsonPage::from_trusted(out))
}

/// Writes the case's search text (`kyb_case_search`), with every write of the case.
fn put_search_text(conn: &Connection, c: &Case) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_case_search (case_id, organization_id, environment, text) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (case_id) DO UPDATE SET text = excluded.text WHERE text <> excluded.text",
    )?
    .execute(params![c.id, c.scope.organization, c.scope.environment, super::model::search_text(c)])?;
    Ok(())
}

/// A case whose checks are overdue, with its pending checks (`GET /_docket/desk/stuck-checks`).
pub(crate) fn stuck_cases(
    conn: &Connection,
    scope: Scope,
    now: Timestamp,
    limit: u32,
) -> Result<Vec<super::desk::StuckCase>> {
    let cases: Vec<(CaseId, String, Option<String>, Timestamp, Timestamp)> = conn
        .prepare_cached(
            "SELECT id, public_id, company_name, stage_entered_at, sla_due_at FROM kyb_cases INDEXED BY kyb_cases_sla
             WHERE organization_id = ?1 AND environment = ?2 AND sla_due_at < ?3 AND status = 'under_review'
             ORDER BY sla_due_at, created_at, id LIMIT ?4",
        )?
        .query_map(params![scope.organization, scope.environment, now, limit], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut pending = conn.prepare_cached(
        "SELECT id, check_type, subject_name, created_at FROM kyb_checks
         WHERE case_id = ?1 AND state = 'pending' AND superseded_at IS NULL ORDER BY created_at",
    )?;
    let mut out = Vec::with_capacity(cases.len());
    for (id, public_id, company_name, stage_entered_at, sla_due_at) in cases {
        let rows: Vec<(CheckId, String, String, Timestamp)> = pending
            .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let mut checks = Vec::with_capacity(rows.len());
        for (check_id, check_type, subject_name, started_at) in rows {
            // Its due work says how often it was tried and why it failed last.
            let work = crate::work::store::get(conn, crate::work::Kind::KybCheck, check_id.as_uuid())?;
            checks.push(super::desk::StuckCheck {
                check_id,
                check_type: CheckType::parse(&check_type).ok_or_else(|| conversion(1, "check type"))?,
                subject_name,
                started_at,
                attempts: work.as_ref().map_or(0, |w| w.attempts),
                last_error: work.as_ref().and_then(|w| w.last_error.clone()),
                next_attempt_at: work.map(|w| w.due_at),
            });
        }
        out.push(super::desk::StuckCase { id, public_id, company_name, stage_entered_at, sla_due_at, checks });
    }
    Ok(out)
}

// Checks.

const CHECK_COLUMNS: &str = "id, check_type, subject_key, subject_name, state, severity, verdict, summary, evidence, \
     provider, round, created_at, completed_at, superseded_at";

fn check(row: &Row<'_>) -> rusqlite::Result<Check> {
    let check_type: String = row.get(1)?;
    let state: String = row.get(4)?;
    let severity: Option<String> = row.get(5)?;
    let provider: String = row.get(9)?;
    Ok(Check {
        id: row.get(0)?,
        check_type: CheckType::parse(&check_type).ok_or_else(|| conversion(1, "check type"))?,
        subject: row.get(2)?,
        subject_name: row.get(3)?,
        state: CheckState::parse(&state).ok_or_else(|| conversion(4, "check state"))?,
        severity: severity.as_deref().and_then(Severity::parse),
        verdict: row.get(6)?,
        summary: row.get(7)?,
        evidence: json_column_opt(row, 8)?.unwrap_or(serde_json::Value::Null),
        provider: if provider == "sandbox" { Provider::Sandbox } else { Provider::Docket },
        round: row.get(10)?,
        created_at: row.get(11)?,
        completed_at: row.get(12)?,
        superseded_at: row.get(13)?,
    })
}

/// A new pending instance.
pub(crate) struct NewCheck<'a> {
    pub(crate) id: CheckId,
    pub(crate) case: &'a Case,
    pub(crate) check_type: CheckType,
    pub(crate) subject_key: &'a str,
    pub(crate) subject_name: &'a str,
    pub(crate) provider: Provider,
    pub(crate) at: Timestamp,
}

pub(crate) fn insert_check(conn: &Connection, c: &NewCheck<'_>) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_checks (id, organization_id, environment, case_id, round, check_type, subject_key,
            subject_name, provider, state, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'pending', ?10)",
    )?
    .execute(params![
        c.id,
        c.case.scope.organization,
        c.case.scope.environment,
        c.case.id,
        c.case.round,
        c.check_type.as_str(),
        c.subject_key,
        c.subject_name,
        c.provider.as_str(),
        c.at,
    ])?;
    Ok(())
}

/// A check instance with its case id.
pub(crate) fn get_check(conn: &Connection, id: CheckId) -> Result<Option<(CaseId, Scope, Check)>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {CHECK_COLUMNS}, case_id, organization_id, environment FROM kyb_checks WHERE id = ?1"
        ))?
        .query_row(params![id], |r| Ok((r.get(14)?, Scope::new(r.get(15)?, r.get(16)?), check(r)?)))
        .optional()?)
}

/// Records an instance's outcome; false when it is no longer pending (superseded meanwhile).
pub(crate) fn finish_check(
    conn: &Connection,
    id: CheckId,
    outcome: &Outcome,
    summary: &str,
    evidence: &serde_json::Value,
    at: Timestamp,
) -> Result<bool> {
    let (state, severity, verdict) = match outcome {
        Outcome::Done { severity, verdict } => (CheckState::Completed, Some(severity.as_str()), Some(verdict.as_str())),
        Outcome::Error { .. } => (CheckState::Error, None, Some("error")),
    };
    let n = conn
        .prepare_cached(
            "UPDATE kyb_checks SET state = ?2, severity = ?3, verdict = ?4, summary = ?5, evidence = ?6,
                completed_at = ?7
             WHERE id = ?1 AND state = 'pending' AND superseded_at IS NULL",
        )?
        .execute(params![id, state.as_str(), severity, verdict, summary, serde_json::to_string(evidence)?, at])?;
    Ok(n > 0)
}

/// What a pending instance waits for (its summary and evidence), while it stays pending.
pub(crate) fn note_waiting_check(
    conn: &Connection,
    id: CheckId,
    summary: &str,
    evidence: &serde_json::Value,
) -> Result<()> {
    conn.prepare_cached(
        "UPDATE kyb_checks SET summary = ?2, evidence = ?3
         WHERE id = ?1 AND state = 'pending' AND superseded_at IS NULL",
    )?
    .execute(params![id, summary, serde_json::to_string(evidence)?])?;
    Ok(())
}

/// Every instance of a case, oldest first (superseded ones included).
pub(crate) fn checks_of(conn: &Connection, case: CaseId) -> Result<Vec<Check>> {
    Ok(conn
        .prepare_cached(&format!("SELECT {CHECK_COLUMNS} FROM kyb_checks WHERE case_id = ?1 ORDER BY created_at, id"))?
        .query_map(params![case], check)?
        .collect::<rusqlite::Result<Vec<_>>>()?)
}

/// The current instances of a case as the summary counts them.
pub(crate) fn current_instances(checks: &[Check]) -> Vec<CheckInstance> {
    checks
        .iter()
        .filter(|c| c.superseded_at.is_none())
        .map(|c| CheckInstance {
            check_type: c.check_type,
            outcome: match (c.state, c.severity, &c.verdict) {
                (CheckState::Pending, _, _) => None,
                (CheckState::Error, _, _) => Some(Outcome::Error { reason: c.summary.clone().unwrap_or_default() }),
                (CheckState::Completed, Some(severity), verdict) => {
                    Some(Outcome::Done { severity, verdict: verdict.clone().unwrap_or_default() })
                }
                (CheckState::Completed, None, _) => Some(Outcome::Error { reason: "no severity recorded".into() }),
            },
        })
        .collect()
}

/// Marks the current instances of `types` as history; returns their ids (their due work is to
/// be cancelled).
/// Supersedes one errored check instance (to run it again); false if it is not a current
/// errored instance of the case.
pub(crate) fn supersede_errored(conn: &Connection, case: CaseId, check: CheckId, at: Timestamp) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "UPDATE kyb_checks SET superseded_at = ?3
             WHERE id = ?2 AND case_id = ?1 AND state = 'error' AND superseded_at IS NULL",
        )?
        .execute(params![case, check, at])?
        > 0)
}

pub(crate) fn supersede(conn: &Connection, case: CaseId, types: &[CheckType], at: Timestamp) -> Result<Vec<CheckId>> {
    let mut ids = Vec::new();
    for t in types {
        let mut stmt = conn.prepare_cached(
            "UPDATE kyb_checks SET superseded_at = ?3 WHERE case_id = ?1 AND check_type = ?2 AND superseded_at IS NULL
             RETURNING id",
        )?;
        let found = stmt.query_map(params![case, t.as_str(), at], |r| r.get::<_, CheckId>(0))?;
        for id in found {
            ids.push(id?);
        }
    }
    Ok(ids)
}

// Remediations.

pub(crate) fn insert_remediation(conn: &Connection, case: &Case, r: &Remediation) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_remediations (id, organization_id, environment, case_id, section, document_kind, message,
            opened_by, opened_at, note)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        r.id,
        case.scope.organization,
        case.scope.environment,
        case.id,
        r.section.as_str(),
        r.document_kind.map(DocumentKind::as_str),
        r.message,
        r.opened_by,
        r.opened_at,
        r.note,
    ])?;
    Ok(())
}

pub(crate) fn remediations(conn: &Connection, case: CaseId) -> Result<Vec<Remediation>> {
    let rows = conn
        .prepare_cached(
            "SELECT id, section, document_kind, message, opened_by, opened_at, resolved_at, note FROM kyb_remediations
             WHERE case_id = ?1 ORDER BY opened_at, id",
        )?
        .query_map(params![case], |r| {
            let section: String = r.get(1)?;
            let kind: Option<String> = r.get(2)?;
            Ok(Remediation {
                id: r.get::<_, RemediationId>(0)?,
                section: SectionKey::parse(&section).ok_or_else(|| conversion(1, "section"))?,
                document_kind: kind.as_deref().and_then(|k| DocumentKind::ALL.into_iter().find(|d| d.as_str() == k)),
                message: r.get(3)?,
                opened_by: r.get(4)?,
                opened_at: r.get(5)?,
                resolved_at: r.get(6)?,
                note: r.get(7)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Closes every open remediation of a case.
pub(crate) fn resolve_remediations(conn: &Connection, case: CaseId, at: Timestamp) -> Result<usize> {
    Ok(conn
        .prepare_cached("UPDATE kyb_remediations SET resolved_at = ?2 WHERE case_id = ?1 AND resolved_at IS NULL")?
        .execute(params![case, at])?)
}

// The timeline.

pub(crate) fn add_timeline(conn: &Connection, case: &Case, entry: &TimelineEntry) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_case_events (organization_id, environment, case_id, at, kind, actor, from_status, to_status,
            detail)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        case.scope.organization,
        case.scope.environment,
        case.id,
        entry.at,
        entry.kind,
        entry.actor,
        entry.from_status.map(CaseStatus::as_str),
        entry.to_status.map(CaseStatus::as_str),
        serde_json::to_string(&entry.detail)?,
    ])?;
    let mut data = serde_json::json!({ "detail": entry.detail });
    if let (Some(from), Some(to)) = (entry.from_status, entry.to_status) {
        data["from_status"] = from.as_str().into();
        data["to_status"] = to.as_str().into();
    }
    crate::audit::store::append(
        conn,
        case.scope,
        crate::audit::store::NewAuditEvent {
            at: entry.at,
            case: Some((case.id.as_uuid(), &case.public_id)),
            actor: &entry.actor,
            reviewer_id: entry.reviewer_id.map(|r| r.as_uuid()),
            kind: &entry.kind,
            data,
        },
    )?;
    Ok(())
}

pub(crate) fn timeline(conn: &Connection, case: CaseId) -> Result<Vec<TimelineEntry>> {
    let rows = conn
        .prepare_cached(
            "SELECT at, kind, actor, from_status, to_status, detail FROM kyb_case_events WHERE case_id = ?1 ORDER BY id",
        )?
        .query_map(params![case], |r| {
            let from: Option<String> = r.get(3)?;
            let to: Option<String> = r.get(4)?;
            Ok(TimelineEntry {
                reviewer_id: None,
                at: r.get(0)?,
                kind: r.get(1)?,
                actor: r.get(2)?,
                from_status: from.as_deref().and_then(CaseStatus::parse),
                to_status: to.as_deref().and_then(CaseStatus::parse),
                detail: json_column_opt(r, 5)?.unwrap_or(serde_json::Value::Null),
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

// Single checks.

/// A stored single check, as read.
pub(crate) struct SingleRow {
    pub(crate) verification_type: String,
    pub(crate) status: String,
    pub(crate) response_data: Option<serde_json::Value>,
    pub(crate) created_at: Timestamp,
    pub(crate) completed_at: Option<Timestamp>,
    pub(crate) applicant_id: ApplicantId,
    pub(crate) request: serde_json::Value,
}

pub(crate) fn insert_single(
    conn: &Connection,
    scope: Scope,
    id: super::single::RequestId,
    applicant: ApplicantId,
    verification_type: &str,
    request: &serde_json::Value,
    at: Timestamp,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_single_checks (id, organization_id, environment, applicant_id, verification_type, status,
            request, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, 'initial', ?6, ?7)",
    )?
    .execute(params![
        id,
        scope.organization,
        scope.environment,
        applicant,
        verification_type,
        request.to_string(),
        at
    ])?;
    Ok(())
}

pub(crate) fn get_single(conn: &Connection, scope: Scope, id: super::single::RequestId) -> Result<Option<SingleRow>> {
    Ok(conn
        .prepare_cached(
            "SELECT verification_type, status, response_data, created_at, completed_at, applicant_id, request
             FROM kyb_single_checks WHERE id = ?1 AND organization_id = ?2 AND environment = ?3",
        )?
        .query_row(params![id, scope.organization, scope.environment], |r| {
            Ok(SingleRow {
                verification_type: r.get(0)?,
                status: r.get(1)?,
                response_data: json_column_opt(r, 2)?,
                created_at: r.get(3)?,
                completed_at: r.get(4)?,
                applicant_id: r.get(5)?,
                request: json_column(r, 6)?,
            })
        })
        .optional()?)
}

/// Records a single check's result; false when it had finished already.
pub(crate) fn finish_single(
    conn: &Connection,
    id: super::single::RequestId,
    status: &str,
    data: &serde_json::Value,
    at: Timestamp,
) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "UPDATE kyb_single_checks SET status = ?2, response_data = ?3, completed_at = ?4
             WHERE id = ?1 AND status = 'initial'",
        )?
        .execute(params![id, status, data.to_string(), at])?
        > 0)
}

/// Whether `file` is a document of one of `applicant`'s cases.
pub(crate) fn file_of_applicant(
    conn: &Connection,
    scope: Scope,
    file: crate::files::FileId,
    applicant: ApplicantId,
) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM files JOIN kyb_cases ON files.owner_kind = 'kyb_case' AND files.owner_id = kyb_cases.id
             WHERE files.id = ?1 AND kyb_cases.applicant_id = ?2 AND files.organization_id = ?3 AND files.environment = ?4",
        )?
        .exists(params![file, applicant, scope.organization, scope.environment])?)
}

/// Whether a case for the applicant with this external id exists (demo seeding is idempotent).
pub(crate) fn case_with_external_id(conn: &Connection, scope: Scope, external_id: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM kyb_cases WHERE organization_id = ?1 AND environment = ?2 AND external_id = ?3")?
        .exists(params![scope.organization, scope.environment, external_id])?)
}

// Registry snapshots (not scoped: shared by every organization, like watchlists).

/// Replaces every record of `source` with `records`, and its snapshot row, in one transaction.
pub(crate) fn replace_registry(
    conn: &Connection,
    snapshot: &super::registry::RegistrySnapshot,
    records: &[super::registry::RegistryRecord],
) -> Result<()> {
    let source = snapshot.source.as_str();
    conn.prepare_cached("DELETE FROM registry_records WHERE source = ?1")?.execute(params![source])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO registry_records (source, country, jurisdiction, number, number_key, name_key, record)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for r in records {
        insert.execute(params![
            source,
            r.country,
            r.jurisdiction,
            r.number,
            super::registry::number_key(&r.number),
            super::registry::name_key(&r.name),
            serde_json::to_string(r)?,
        ])?;
    }
    conn.prepare_cached(
        "INSERT OR REPLACE INTO registry_snapshots (source, file_name, records, rows_read, rows_rejected, imported_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        source,
        snapshot.file_name,
        snapshot.records as i64,
        snapshot.rows_read as i64,
        snapshot.rows_rejected as i64,
        snapshot.imported_at
    ])?;
    Ok(())
}

pub(crate) fn registry_snapshots(conn: &Connection) -> Result<Vec<super::registry::RegistrySnapshot>> {
    let rows = conn
        .prepare_cached(
            "SELECT source, file_name, records, rows_read, rows_rejected, imported_at FROM registry_snapshots
             ORDER BY source",
        )?
        .query_map([], |r| {
            let source: String = r.get(0)?;
            Ok(super::registry::RegistrySnapshot {
                source: match source.as_str() {
                    "gleif" => super::registry::RegistryFormat::Gleif,
                    "docket-demo" => super::registry::RegistryFormat::Demo,
                    _ => super::registry::RegistryFormat::CompaniesHouse,
                },
                file_name: r.get(1)?,
                records: r.get::<_, i64>(2)?.unsigned_abs(),
                rows_read: r.get::<_, i64>(3)?.unsigned_abs(),
                rows_rejected: r.get::<_, i64>(4)?.unsigned_abs(),
                imported_at: r.get(5)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Registry records of a country by number, else by name (at most 5): of the demo registry
/// (`demo`, the sandbox's) or of the imported ones (production's).
pub(crate) fn find_registry(
    conn: &Connection,
    country: &str,
    number: Option<&str>,
    name: Option<&str>,
    demo: bool,
) -> Result<(Vec<super::registry::RegistryRecord>, bool)> {
    let mut found = Vec::new();
    let mut by_number = false;
    if let Some(n) = number.map(super::registry::number_key).filter(|n| !n.is_empty()) {
        let mut stmt = conn.prepare_cached(
            "SELECT record FROM registry_records WHERE number_key = ?1 AND country = ?2
               AND (source = 'docket-demo') = ?3 ORDER BY id LIMIT 5",
        )?;
        for r in stmt.query_map(params![n, country, demo], |r| json_column(r, 0))? {
            found.push(r?);
        }
        by_number = !found.is_empty();
    }
    if found.is_empty()
        && let Some(k) = name.map(super::registry::name_key).filter(|k| !k.is_empty())
    {
        let mut stmt = conn.prepare_cached(
            "SELECT record FROM registry_records WHERE name_key = ?1 AND country = ?2
               AND (source = 'docket-demo') = ?3 ORDER BY id LIMIT 5",
        )?;
        for r in stmt.query_map(params![k, country, demo], |r| json_column(r, 0))? {
            found.push(r?);
        }
    }
    Ok((found, by_number))
}

/// Whether any imported registry (not the demo's) covers `country`.
pub(crate) fn registry_covers(conn: &Connection, country: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM registry_records WHERE country = ?1 AND source != 'docket-demo' LIMIT 1")?
        .exists(params![country])?)
}

// The reviewer's desk.

/// The desk's rules in a scope (the defaults until an admin sets them).
pub(crate) fn desk_settings(conn: &Connection, scope: Scope) -> Result<DeskSettings> {
    let found: Option<(String, String)> = conn
        .prepare_cached(
            "SELECT four_eyes, sla_hours FROM kyb_desk_settings WHERE organization_id = ?1 AND environment = ?2",
        )?
        .query_row(params![scope.organization, scope.environment], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(match found {
        None => DeskSettings::default(),
        Some((four_eyes, sla)) => DeskSettings {
            four_eyes: FourEyes::parse(&four_eyes).unwrap_or_default(),
            sla_hours: serde_json::from_str(&sla)?,
        },
    })
}

pub(crate) fn put_desk_settings(conn: &Connection, scope: Scope, settings: &DeskSettings, at: Timestamp) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_desk_settings (organization_id, environment, four_eyes, sla_hours, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (organization_id, environment) DO UPDATE SET
             four_eyes = excluded.four_eyes, sla_hours = excluded.sla_hours, updated_at = excluded.updated_at",
    )?
    .execute(params![
        scope.organization,
        scope.environment,
        settings.four_eyes.as_str(),
        serde_json::to_string(&settings.sla_hours)?,
        at
    ])?;
    Ok(())
}

/// The ids of the scope's cases that are not decided (their SLA follows the settings).
pub(crate) fn open_case_ids(conn: &Connection, scope: Scope) -> Result<Vec<CaseId>> {
    let rows = conn
        .prepare_cached(
            "SELECT id FROM kyb_cases WHERE organization_id = ?1 AND environment = ?2
             AND status NOT IN ('approved', 'rejected', 'approved_manually', 'rejected_manually')",
        )?
        .query_map(params![scope.organization, scope.environment], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// The oldest case waiting for a reviewer that nobody works and no decision awaits.
pub(crate) fn next_unassigned(conn: &Connection, scope: Scope) -> Result<Option<CaseId>> {
    Ok(conn
        .prepare_cached(
            "SELECT id FROM kyb_cases INDEXED BY kyb_cases_waiting
             WHERE organization_id = ?1 AND environment = ?2 AND status IN ('manual_review', 'failed')
               AND assignee_id IS NULL AND pending_decision IS NULL
             ORDER BY created_at, id LIMIT 1",
        )?
        .query_row(params![scope.organization, scope.environment], |r| r.get(0))
        .optional()?)
}

pub(crate) fn insert_decision(
    conn: &Connection,
    case: &Case,
    d: &Decision,
    assigned_at: Option<Timestamp>,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_decisions (id, organization_id, environment, case_id, step, decision, reason, note, reviewer_id,
            reviewer_name, assigned_at, at, api_key_id, reasons, merchant_message, approver_id, approver_name)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
    )?
    .execute(params![
        d.id,
        case.scope.organization,
        case.scope.environment,
        case.id,
        d.step.as_str(),
        d.decision.as_str(),
        d.reason.map(Reason::as_str),
        d.note,
        d.reviewer.as_ref().map(|r| r.id),
        d.reviewer.as_ref().map(|r| r.name.clone()),
        assigned_at,
        d.at,
        d.api_key_id,
        (!d.reasons.is_empty()).then(|| serde_json::to_string(&d.reasons)).transpose()?,
        d.merchant_message,
        d.approver.as_ref().map(|r| r.id),
        d.approver.as_ref().map(|r| r.name.clone()),
    ])?;
    Ok(())
}

pub(crate) fn decisions_of(conn: &Connection, case: CaseId) -> Result<Vec<Decision>> {
    let rows = conn
        .prepare_cached(
            "SELECT id, step, decision, reason, note, reviewer_id, reviewer_name, at, api_key_id, reasons,
                merchant_message, approver_id, approver_name FROM kyb_decisions
             WHERE case_id = ?1 ORDER BY at, rowid",
        )?
        .query_map(params![case], |r| {
            let step: String = r.get(1)?;
            let verdict: String = r.get(2)?;
            let reason: Option<String> = r.get(3)?;
            Ok(with_reasons(Decision {
                id: r.get(0)?,
                step: match step.as_str() {
                    "first" => DecisionStep::First,
                    "second" => DecisionStep::Second,
                    _ => DecisionStep::Single,
                },
                decision: Verdict::parse(&verdict).ok_or_else(|| conversion(2, "decision"))?,
                reason: reason.as_deref().and_then(Reason::parse),
                note: r.get(4)?,
                reviewer: match (r.get(5)?, r.get::<_, Option<String>>(6)?) {
                    (Some(id), Some(name)) => Some(ReviewerRef { id, name }),
                    _ => None,
                },
                at: r.get(7)?,
                api_key_id: r.get(8)?,
                reasons: json_column_opt(r, 9)?.unwrap_or_default(),
                merchant_message: r.get(10)?,
                approver: match (r.get(11)?, r.get::<_, Option<String>>(12)?) {
                    (Some(id), Some(name)) => Some(ReviewerRef { id, name }),
                    _ => None,
                },
            }))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

pub(crate) fn insert_comment(conn: &Connection, case: &Case, c: &Comment) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_comments (id, organization_id, environment, case_id, author_id, author_name, body, mentions, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        c.id,
        case.scope.organization,
        case.scope.environment,
        case.id,
        c.author.id,
        c.author.name,
        c.body,
        serde_json::to_string(&c.mentions)?,
        c.at,
    ])?;
    Ok(())
}

pub(crate) fn comments_of(conn: &Connection, case: CaseId) -> Result<Vec<Comment>> {
    let rows = conn
        .prepare_cached(
            "SELECT id, author_id, author_name, body, mentions, at FROM kyb_comments WHERE case_id = ?1 ORDER BY at, rowid",
        )?
        .query_map(params![case], |r| {
            Ok(Comment {
                id: r.get(0)?,
                author: ReviewerRef { id: r.get(1)?, name: r.get(2)? },
                body: r.get(3)?,
                mentions: json_column(r, 4)?,
                at: r.get(5)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// The queue's counts: cases per status, and the desk's own counts.
pub(crate) fn desk_counts(
    conn: &Connection,
    scope: Scope,
    me: Option<crate::console::ReviewerId>,
    now: Timestamp,
) -> Result<DeskCounts> {
    let mut counts = DeskCounts::default();
    let mut stmt = conn.prepare_cached(
        "SELECT status, count(*) FROM kyb_cases INDEXED BY kyb_cases_status
         WHERE organization_id = ?1 AND environment = ?2 GROUP BY status",
    )?;
    let mut rows = stmt.query(params![scope.organization, scope.environment])?;
    while let Some(row) = rows.next()? {
        let status: String = row.get(0)?;
        let n = row.get::<_, i64>(1)?.unsigned_abs();
        match CaseStatus::parse(&status).map(CaseStatus::stage) {
            Some(Stage::CollectingData) => counts.collecting_data += n,
            Some(Stage::RunningChecks) => counts.running_checks += n,
            Some(Stage::ManualReview | Stage::Failed) => counts.manual_review += n,
            Some(Stage::ActionRequired) => counts.action_required += n,
            Some(_) => counts.decided += n,
            None => {}
        }
    }
    let count = |sql: &str, args: &[&dyn rusqlite::ToSql]| -> Result<u64> {
        let n: i64 = conn.prepare_cached(sql)?.query_row(args, |r| r.get(0))?;
        Ok(n.unsigned_abs())
    };
    let (org, env) = (&scope.organization as &dyn rusqlite::ToSql, &scope.environment as &dyn rusqlite::ToSql);
    if let Some(me) = me {
        counts.assigned_to_me = count(
            "SELECT count(*) FROM kyb_cases WHERE organization_id = ?1 AND environment = ?2 AND assignee_id = ?3
             AND status NOT IN ('approved', 'rejected', 'approved_manually', 'rejected_manually')",
            &[org, env, &me],
        )?;
    }
    counts.unassigned = count(
        "SELECT count(*) FROM kyb_cases INDEXED BY kyb_cases_waiting WHERE organization_id = ?1 AND environment = ?2
         AND status IN ('manual_review', 'failed') AND assignee_id IS NULL AND pending_decision IS NULL",
        &[org, env],
    )?;
    counts.awaiting_second_approval = count(
        "SELECT count(*) FROM kyb_cases INDEXED BY kyb_cases_second_approval WHERE organization_id = ?1
         AND environment = ?2 AND pending_decision IS NOT NULL AND status IN ('manual_review', 'failed')",
        &[org, env],
    )?;
    counts.sla_breached = count(
        "SELECT count(*) FROM kyb_cases INDEXED BY kyb_cases_sla WHERE organization_id = ?1 AND environment = ?2
         AND sla_due_at < ?3 AND status <> 'under_review'",
        &[org, env, &now],
    )?;
    counts.checks_stuck = count(
        "SELECT count(*) FROM kyb_cases INDEXED BY kyb_cases_sla WHERE organization_id = ?1 AND environment = ?2
         AND sla_due_at < ?3 AND status = 'under_review'",
        &[org, env, &now],
    )?;
    Ok(counts)
}

/// One decision step as the metrics read it.
pub(crate) struct DecisionFact {
    pub(crate) reviewer: Option<ReviewerRef>,
    pub(crate) step: String,
    pub(crate) decision: String,
    pub(crate) assigned_at: Option<Timestamp>,
    pub(crate) at: Timestamp,
}

pub(crate) fn decision_facts(
    conn: &Connection,
    scope: Scope,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<DecisionFact>> {
    let rows = conn
        .prepare_cached(
            "SELECT reviewer_id, reviewer_name, step, decision, assigned_at, at FROM kyb_decisions
             WHERE organization_id = ?1 AND environment = ?2 AND at >= ?3 AND at < ?4",
        )?
        .query_map(params![scope.organization, scope.environment, from, to], |r| {
            Ok(DecisionFact {
                reviewer: match (r.get(0)?, r.get::<_, Option<String>>(1)?) {
                    (Some(id), Some(name)) => Some(ReviewerRef { id, name }),
                    _ => None,
                },
                step: r.get(2)?,
                decision: r.get(3)?,
                assigned_at: r.get(4)?,
                at: r.get(5)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}
