//! Transaction monitoring in SQLite: rules, the built-in rules' status, events with their
//! results, and the per-applicant daily aggregates.

use std::str::FromStr;

use docket_rules::Decimal;
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{
    Action, Decision, Disposition, EventId, EventKind, EventResult, EventReview, Rule, RuleEventType, RuleId,
    RuleStatus,
};
use crate::applicants::ApplicantId;
use crate::db::{PackedJson, json_column, packed_column};
use crate::error::{Error, Result};
use crate::page::{Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;

// Rules.

const RULE_COLUMNS: &str =
    "id, organization_id, name, status, event_type, rank, expression, causes, action, created_at, updated_at";

fn rule(row: &Row<'_>) -> rusqlite::Result<Rule> {
    let bad = |i: usize, what: &str| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, format!("unknown {what}").into())
    };
    let status: String = row.get(3)?;
    let event_type: String = row.get(4)?;
    let action: Option<String> = row.get(8)?;
    Ok(Rule {
        id: row.get(0)?,
        organization_id: row.get(1)?,
        name: row.get(2)?,
        status: RuleStatus::parse(&status).ok_or_else(|| bad(3, "status"))?,
        event_type: RuleEventType::parse(&event_type).ok_or_else(|| bad(4, "event type"))?,
        rank: row.get(5)?,
        expression: row.get(6)?,
        causes: json_column(row, 7)?,
        action: match action.as_deref() {
            None => None,
            Some("reject") => Some(Action::Reject),
            Some(_) => return Err(bad(8, "action")),
        },
        builtin: false,
        created_at: row.get(9)?,
        updated_at: row.get(10)?,
    })
}

pub(crate) fn save_rule(conn: &Connection, scope: Scope, r: &Rule) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO transmon_rules (id, organization_id, environment, name, status, event_type, rank, expression, causes,
             action, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, status = excluded.status, event_type = excluded.event_type,
             rank = excluded.rank, expression = excluded.expression, causes = excluded.causes, action = excluded.action,
             updated_at = excluded.updated_at",
    )?
    .execute(params![
        r.id,
        scope.organization,
        scope.environment,
        r.name,
        r.status.as_str(),
        r.event_type.as_str(),
        r.rank,
        r.expression,
        serde_json::to_string(&r.causes)?,
        r.action.map(|_| "reject"),
        r.created_at,
        r.updated_at,
    ])?;
    Ok(())
}

pub(crate) fn get_rule(conn: &Connection, scope: Scope, id: RuleId) -> Result<Option<Rule>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {RULE_COLUMNS} FROM transmon_rules WHERE id = ?1 AND organization_id = ?2 AND environment = ?3"
        ))?
        .query_row(params![id, scope.organization, scope.environment], rule)
        .optional()?)
}

/// The scope's rules (of one event type, or all), in evaluation order.
pub(crate) fn rules(conn: &Connection, scope: Scope, event_type: Option<RuleEventType>) -> Result<Vec<Rule>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {RULE_COLUMNS} FROM transmon_rules WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR event_type = ?3)
         ORDER BY event_type, rank, created_at, id"
    ))?;
    let rows = stmt.query_map(params![scope.organization, scope.environment, event_type.map(|t| t.as_str())], rule)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn delete_rule(conn: &Connection, scope: Scope, id: RuleId) -> Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM transmon_rules WHERE id = ?1 AND organization_id = ?2 AND environment = ?3")?
        .execute(params![id, scope.organization, scope.environment])?
        > 0)
}

/// The stored status of each built-in rule whose status was changed, with when.
pub(crate) fn builtin_statuses(conn: &Connection, scope: Scope) -> Result<Vec<(RuleId, RuleStatus, Timestamp)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT rule_id, status, updated_at FROM transmon_builtin_status WHERE organization_id = ?1 AND environment = ?2",
    )?;
    let rows = stmt.query_map(params![scope.organization, scope.environment], |r| {
        let status: String = r.get(1)?;
        Ok((r.get(0)?, RuleStatus::parse(&status).unwrap_or(RuleStatus::Inactive), r.get(2)?))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn set_builtin_status(
    conn: &Connection,
    scope: Scope,
    id: RuleId,
    status: RuleStatus,
    at: Timestamp,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO transmon_builtin_status (organization_id, environment, rule_id, status, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (organization_id, environment, rule_id) DO UPDATE SET status = excluded.status,
             updated_at = excluded.updated_at",
    )?
    .execute(params![scope.organization, scope.environment, id, status.as_str(), at])?;
    Ok(())
}

// Daily aggregates.

/// One day of one applicant's events.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Day {
    pub(crate) events: u64,
    pub(crate) amounts: u64,
    pub(crate) sum: Decimal,
    pub(crate) min: Option<Decimal>,
    pub(crate) max: Option<Decimal>,
}

impl Day {
    /// Adds one event (and its amount, if it carried one). Fails only when the sum leaves the
    /// decimal range (about 7.9e28).
    pub(crate) fn add(&mut self, amount: Option<Decimal>) -> Result<()> {
        self.events += 1;
        if let Some(a) = amount {
            self.amounts += 1;
            self.sum = self.sum.checked_add(a).ok_or_else(|| Error::invalid("amount", "the day's sum overflows"))?;
            self.min = Some(self.min.map_or(a, |m| m.min(a)));
            self.max = Some(self.max.map_or(a, |m| m.max(a)));
        }
        Ok(())
    }
}

fn decimal_column(row: &Row<'_>, i: usize) -> rusqlite::Result<Option<Decimal>> {
    let text: Option<String> = row.get(i)?;
    text.map(|t| {
        Decimal::from_str(&t).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.to_string().into())
        })
    })
    .transpose()
}

/// `YYYY-MM-DD` of a time, in UTC.
pub(crate) fn day_of(at: Timestamp) -> String {
    at.date().to_string()
}

/// Writes an applicant's day as counted (see `stats::counted`), in the event's transaction.
pub(crate) fn put_day(conn: &Connection, scope: Scope, applicant: ApplicantId, day: &str, counted: &Day) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO transmon_daily (organization_id, environment, applicant_id, day, events, amounts, sum, min, max)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (organization_id, environment, applicant_id, day) DO UPDATE SET events = excluded.events,
             amounts = excluded.amounts, sum = excluded.sum, min = excluded.min, max = excluded.max",
    )?
    .execute(params![
        scope.organization,
        scope.environment,
        applicant,
        day,
        counted.events as i64,
        counted.amounts as i64,
        counted.sum.to_string(),
        counted.min.map(|d| d.to_string()),
        counted.max.map(|d| d.to_string()),
    ])?;
    Ok(())
}

/// An applicant's days (`YYYY-MM-DD` and its aggregates), newest first.
pub(crate) type Days = Vec<(String, Day)>;

/// The applicant's days from `first` to `last` (inclusive, `YYYY-MM-DD`), newest first.
pub(crate) fn days(conn: &Connection, scope: Scope, applicant: ApplicantId, first: &str, last: &str) -> Result<Days> {
    let mut stmt = conn.prepare_cached(
        "SELECT day, events, amounts, sum, min, max FROM transmon_daily
         WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3 AND day >= ?4 AND day <= ?5
         ORDER BY day DESC",
    )?;
    let rows = stmt.query_map(params![scope.organization, scope.environment, applicant, first, last], |r| {
        Ok((
            r.get(0)?,
            Day {
                events: r.get::<_, i64>(1)?.unsigned_abs(),
                amounts: r.get::<_, i64>(2)?.unsigned_abs(),
                sum: decimal_column(r, 3)?.unwrap_or_default(),
                min: decimal_column(r, 4)?,
                max: decimal_column(r, 5)?,
            },
        ))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

// Events.

/// Stores an event with its result.
pub(crate) fn insert_event(
    conn: &Connection,
    scope: Scope,
    result: &EventResult,
    packed: &PackedJson,
    amount: Option<Decimal>,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO transmon_events (id, organization_id, environment, applicant_id, kind, decision, amount, received_at,
             result)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        result.event_id,
        scope.organization,
        scope.environment,
        result.applicant_id,
        result.event_type.as_str(),
        result.decision.as_str(),
        amount.map(|a| a.to_string()),
        result.received_at,
        packed,
    ])?;
    Ok(())
}

pub(crate) fn get_event(conn: &Connection, scope: Scope, id: EventId) -> Result<Option<EventResult>> {
    Ok(conn
        .prepare_cached(
            "SELECT result FROM transmon_events WHERE id = ?1 AND organization_id = ?2 AND environment = ?3",
        )?
        .query_row(params![id, scope.organization, scope.environment], |r| packed_column(r, 0))
        .optional()?)
}

/// What the event list keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventFilter {
    pub applicant_id: Option<ApplicantId>,
    pub kind: Option<EventKind>,
    pub decision: Option<Decision>,
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
    /// Flagged events by their review's disposition, or without one yet.
    pub disposition: Option<ReviewField<Disposition>>,
    /// Flagged events by who works them, or with nobody yet.
    pub assignee: Option<ReviewField<crate::console::ReviewerId>>,
}

/// A filter on a field of a flagged event's review: flagged events where it is not set yet
/// (the work still to do), or events where it is this value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewField<T> {
    Unset,
    Is(T),
}

impl<T> ReviewField<T> {
    /// `(unset?, the value)` as the list's query binds them: NULL, NULL for no filter.
    fn bind(filter: &Option<Self>) -> (Option<bool>, Option<&T>) {
        match filter {
            None => (None, None),
            Some(ReviewField::Unset) => (Some(true), None),
            Some(ReviewField::Is(v)) => (Some(false), Some(v)),
        }
    }
}

pub(crate) fn list_events(
    conn: &Connection,
    scope: Scope,
    f: &EventFilter,
    page: PageRequest,
) -> Result<Page<EventResult>> {
    // The review of a flagged event is its own row (events are append-only): joined only to
    // filter by it. Unset means a flagged event whose review lacks the field (or has no review).
    let mut stmt = conn.prepare_cached(
        "SELECT e.result FROM transmon_events e
           LEFT JOIN transmon_reviews r ON r.event_id = e.id AND r.organization_id = e.organization_id
                AND r.environment = e.environment
         WHERE e.organization_id = ?1 AND e.environment = ?2
           AND (?3 IS NULL OR e.applicant_id = ?3) AND (?4 IS NULL OR e.kind = ?4) AND (?5 IS NULL OR e.decision = ?5)
           AND (?6 IS NULL OR e.received_at >= ?6) AND (?7 IS NULL OR e.received_at < ?7)
           AND (?10 IS NULL OR (?10 AND e.decision != 'allow' AND r.disposition IS NULL)
                OR (NOT ?10 AND r.disposition = ?11))
           AND (?12 IS NULL OR (?12 AND e.decision != 'allow' AND r.assignee_id IS NULL)
                OR (NOT ?12 AND r.assignee_id = ?13))
         ORDER BY e.received_at DESC, e.id DESC LIMIT ?8 OFFSET ?9",
    )?;
    let (no_disposition, disposition) = ReviewField::bind(&f.disposition);
    let (no_assignee, assignee) = ReviewField::bind(&f.assignee);
    let rows = stmt.query_map(
        params![
            scope.organization,
            scope.environment,
            f.applicant_id,
            f.kind.map(EventKind::as_str),
            f.decision.map(Decision::as_str),
            f.from,
            f.to,
            page.sql_limit(),
            page.sql_offset(),
            no_disposition,
            disposition.map(|d| d.as_str()),
            no_assignee,
            assignee,
        ],
        |r| packed_column(r, 0),
    )?;
    Ok(page.finish(rows.collect::<rusqlite::Result<_>>()?))
}

/// Every event of a period, oldest first, passed to `each` (which returns false to stop).
pub(crate) fn each_event(
    conn: &Connection,
    scope: Scope,
    kind: Option<EventKind>,
    from: Timestamp,
    to: Timestamp,
    mut each: impl FnMut(EventResult) -> Result<bool>,
) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "SELECT result FROM transmon_events WHERE organization_id = ?1 AND environment = ?2
           AND received_at >= ?3 AND received_at < ?4 AND (?5 IS NULL OR kind = ?5)
         ORDER BY received_at, id",
    )?;
    let mut rows = stmt.query(params![scope.organization, scope.environment, from, to, kind.map(EventKind::as_str)])?;
    while let Some(row) = rows.next()? {
        if !each(packed_column(row, 0)?)? {
            break;
        }
    }
    Ok(())
}

/// Deletes an erased applicant's monitored events and daily statistics; returns the events.
/// (No index leads with the applicant, which would cost every event a random page: the events
/// are found through the list's index, which carries the applicant, without reading rows.)
pub(crate) fn erase_applicant(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<usize> {
    let events = conn
        .prepare_cached(
            "DELETE FROM transmon_events WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, applicant])?;
    conn.prepare_cached(
        "DELETE FROM transmon_daily WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
    )?
    .execute(params![scope.organization, scope.environment, applicant])?;
    conn.prepare_cached(
        "DELETE FROM transmon_reviews WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
    )?
    .execute(params![scope.organization, scope.environment, applicant])?;
    Ok(events)
}

// Reviews of flagged events.

/// A flagged event's review, if it has one.
pub(crate) fn get_review(conn: &Connection, scope: Scope, event: EventId) -> Result<Option<EventReview>> {
    Ok(conn
        .prepare_cached(
            "SELECT disposition, note, disposed_by, disposed_at, assignee_id, assignee_name, assigned_by, assigned_at
             FROM transmon_reviews WHERE event_id = ?1 AND organization_id = ?2 AND environment = ?3",
        )?
        .query_row(params![event, scope.organization, scope.environment], |r| {
            let disposition: Option<String> = r.get(0)?;
            let assignee_id: Option<crate::console::ReviewerId> = r.get(4)?;
            let assignee_name: Option<String> = r.get(5)?;
            Ok(EventReview {
                disposition: disposition.as_deref().and_then(Disposition::parse),
                note: r.get(1)?,
                disposed_by: r.get(2)?,
                disposed_at: r.get(3)?,
                assignee: assignee_id.zip(assignee_name).map(|(id, name)| crate::console::ReviewerRef { id, name }),
                assigned_by: r.get(6)?,
                assigned_at: r.get(7)?,
            })
        })
        .optional()?)
}

/// Stores a flagged event's review (the whole of it).
pub(crate) fn put_review(
    conn: &Connection,
    scope: Scope,
    event: EventId,
    applicant: ApplicantId,
    review: &EventReview,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO transmon_reviews (event_id, organization_id, environment, applicant_id, disposition, note,
             disposed_by, disposed_at, assignee_id, assignee_name, assigned_by, assigned_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
         ON CONFLICT (event_id) DO UPDATE SET disposition = excluded.disposition, note = excluded.note,
             disposed_by = excluded.disposed_by, disposed_at = excluded.disposed_at,
             assignee_id = excluded.assignee_id, assignee_name = excluded.assignee_name,
             assigned_by = excluded.assigned_by, assigned_at = excluded.assigned_at",
    )?
    .execute(params![
        event,
        scope.organization,
        scope.environment,
        applicant,
        review.disposition.map(Disposition::as_str),
        review.note,
        review.disposed_by,
        review.disposed_at,
        review.assignee.as_ref().map(|a| a.id),
        review.assignee.as_ref().map(|a| a.name.clone()),
        review.assigned_by,
        review.assigned_at
    ])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scope::{Environment, OrganizationId};

    fn result_json(id: EventId, applicant: ApplicantId, decision: &str) -> String {
        let period = r#"{"sum": "5", "avg": "5", "min": "5", "max": "5", "transactions_count": 1}"#;
        format!(
            r#"{{"event_id": "{id}", "event_type": "transaction", "applicant_id": "{applicant}",
                "received_at": "2026-11-20T10:00:00.000Z", "decision": "{decision}", "causes": [], "fired_rules": [],
                "rule_errors": [], "rules_evaluated": 0, "stopped_by": null, "checks": {{"aml_payee": null}},
                "stats": {{"last1d": {period}, "last7d": {period}, "last30d": {period}}}, "event": {{"amount": "5"}}}}"#
        )
    }

    #[test]
    fn results_stored_as_text_before_migration_21_are_read_beside_compressed_ones() {
        let (mut conn, migrate) = crate::db::in_memory_at(20);
        // Only this table's rows matter here, not the organization and applicant they name.
        conn.pragma_update(None, "foreign_keys", false).expect("pragma");
        let scope = Scope::new(OrganizationId(uuid::Uuid::from_u128(1)), Environment::Sandbox);
        let at = Timestamp::from_jiff("2026-11-20T10:00:00Z".parse().expect("a time"));
        let (old, applicant) = (EventId::new(at), ApplicantId(uuid::Uuid::from_u128(2)));
        conn.execute(
            "INSERT INTO transmon_events (id, organization_id, environment, applicant_id, kind, decision, amount,
                 received_at, result) VALUES (?1, ?2, 'sandbox', ?3, 'transaction', 'allow', '5', ?4, ?5)",
            params![old, scope.organization, applicant, at, result_json(old, applicant, "allow")],
        )
        .expect("an event of schema 20");
        migrate(&mut conn);

        let new = EventId::new(at);
        let json = result_json(new, applicant, "review");
        let result: EventResult = serde_json::from_str(&json).expect("a result");
        insert_event(&conn, scope, &result, &PackedJson::of(&json), None).expect("stores");
        let stored: String = conn
            .query_row("SELECT typeof(result) FROM transmon_events WHERE id = ?1", [new], |r| r.get(0))
            .expect("reads");
        assert_eq!(stored, "blob", "new results are stored compressed");

        assert_eq!(get_event(&conn, scope, old).expect("reads").expect("kept").decision, Decision::Allow);
        assert_eq!(get_event(&conn, scope, new).expect("reads").expect("stored").decision, Decision::Review);
        let filter = EventFilter { applicant_id: Some(applicant), ..EventFilter::default() };
        let page = list_events(&conn, scope, &filter, PageRequest { page: 0, limit: 25 }).expect("lists");
        let mut ids: Vec<EventId> = page.data.iter().map(|r| r.event_id).collect();
        ids.sort();
        assert_eq!(ids, vec![old, new]);
        let reviewed = EventFilter { decision: Some(Decision::Review), ..filter };
        let page = list_events(&conn, scope, &reviewed, PageRequest { page: 0, limit: 25 }).expect("lists");
        assert_eq!(page.data.iter().map(|r| r.event_id).collect::<Vec<_>>(), vec![new]);
        assert_eq!(erase_applicant(&conn, scope, applicant).expect("erases"), 2);
    }
}
