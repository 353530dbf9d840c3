//! SQL for due work. Call these inside the transaction of the change that makes an item due
//! or ends it; scheduling marks the kind to be woken once that transaction commits.

use rusqlite::{Connection, OptionalExtension, params};

use super::model::{Claim, Kind};
use crate::db;
use crate::error::Result;
use crate::scope::Scope;
use crate::time::Timestamp;

/// Makes `subject`'s item of `kind` due at `at` (on the scope's clock), creating it or
/// scheduling it anew: a run in flight for it can then no longer complete it.
pub(crate) fn schedule(conn: &Connection, kind: Kind, scope: Scope, subject: uuid::Uuid, at: Timestamp) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO due_work (kind, organization_id, environment, subject_id, due_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (kind, subject_id) DO UPDATE SET
             due_at = excluded.due_at, generation = generation + 1, attempts = 0, last_error = NULL",
    )?
    .execute(params![kind.as_str(), scope.organization, scope.environment, subject, at])?;
    db::wake_after_commit(kind.bit());
    Ok(())
}

/// Removes `subject`'s item of `kind`, if any (its subject was deleted, or no longer needs it).
pub(crate) fn cancel(conn: &Connection, kind: Kind, subject: uuid::Uuid) -> Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM due_work WHERE kind = ?1 AND subject_id = ?2")?
        .execute(params![kind.as_str(), subject])?
        > 0)
}

/// Makes every item of `kind` due at once, in every environment (a new watchlist: every
/// monitored applicant is screened again). Returns how many.
pub(crate) fn make_all_due(conn: &Connection, kind: Kind) -> Result<usize> {
    // 0 is the epoch: due whatever an environment's clock says.
    let n = conn
        .prepare_cached("UPDATE due_work SET due_at = 0, generation = generation + 1, attempts = 0 WHERE kind = ?1")?
        .execute(params![kind.as_str()])?;
    db::wake_after_commit(kind.bit());
    Ok(n)
}

/// Claims up to `limit` items of `kind` due by `now` in `scope` that nobody holds, leasing
/// them until `lease_until` (real time), oldest due first.
pub(crate) fn claim(
    conn: &Connection,
    kind: Kind,
    scope: Scope,
    now: Timestamp,
    real_now: Timestamp,
    lease_until: Timestamp,
    limit: usize,
) -> Result<Vec<Claim>> {
    let rows = conn
        .prepare_cached(
            "UPDATE due_work SET claimed_until = ?6, attempts = attempts + 1
             WHERE id IN (SELECT id FROM due_work
                          WHERE kind = ?1 AND organization_id = ?2 AND environment = ?3 AND due_at <= ?4
                            AND (claimed_until IS NULL OR claimed_until <= ?5)
                          ORDER BY due_at, id LIMIT ?7)
             RETURNING subject_id, generation, attempts, due_at",
        )?
        .query_map(
            params![kind.as_str(), scope.organization, scope.environment, now, real_now, lease_until, limit as i64],
            |r| {
                Ok(Claim {
                    kind,
                    scope,
                    subject: r.get(0)?,
                    generation: r.get(1)?,
                    attempts: r.get(2)?,
                    due_at: r.get(3)?,
                })
            },
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    // RETURNING gives no order: run the oldest due first.
    let mut rows = rows;
    rows.sort_by_key(|c| c.due_at);
    Ok(rows)
}

/// The earliest due time of an unclaimed item of `kind` in `scope`.
pub(crate) fn next_due(conn: &Connection, kind: Kind, scope: Scope, real_now: Timestamp) -> Result<Option<Timestamp>> {
    Ok(conn
        .prepare_cached(
            "SELECT due_at FROM due_work
             WHERE kind = ?1 AND organization_id = ?2 AND environment = ?3
               AND (claimed_until IS NULL OR claimed_until <= ?4)
             ORDER BY due_at, id LIMIT 1",
        )?
        .query_row(params![kind.as_str(), scope.organization, scope.environment, real_now], |r| r.get(0))
        .optional()?)
}

/// Ends a claimed item: it is done. Returns false (and only lets go of the claim) when the
/// subject was scheduled anew since the claim: then it runs again.
pub(crate) fn complete(conn: &Connection, claim: &Claim) -> Result<bool> {
    let deleted = conn
        .prepare_cached("DELETE FROM due_work WHERE kind = ?1 AND subject_id = ?2 AND generation = ?3")?
        .execute(params![claim.kind.as_str(), claim.subject, claim.generation])?;
    if deleted == 0 {
        release(conn, claim)?;
    }
    Ok(deleted > 0)
}

/// Ends a claimed run of recurring work: the item is next due at `at`. Returns false (and only
/// lets go of the claim) when the subject was scheduled anew since the claim.
pub(crate) fn reschedule(conn: &Connection, claim: &Claim, at: Timestamp) -> Result<bool> {
    let updated = conn
        .prepare_cached(
            "UPDATE due_work SET due_at = ?4, attempts = 0, claimed_until = NULL, last_error = NULL
             WHERE kind = ?1 AND subject_id = ?2 AND generation = ?3",
        )?
        .execute(params![claim.kind.as_str(), claim.subject, claim.generation, at])?;
    if updated == 0 {
        release(conn, claim)?;
    }
    db::wake_after_commit(claim.kind.bit());
    Ok(updated > 0)
}

/// A claimed run failed: run it again at `at`, keeping the count of failed runs and the error.
pub(crate) fn retry(conn: &Connection, claim: &Claim, at: Timestamp, error: &str) -> Result<bool> {
    let updated = conn
        .prepare_cached(
            "UPDATE due_work SET due_at = ?4, claimed_until = NULL, last_error = ?5
             WHERE kind = ?1 AND subject_id = ?2 AND generation = ?3",
        )?
        .execute(params![claim.kind.as_str(), claim.subject, claim.generation, at, error])?;
    if updated == 0 {
        release(conn, claim)?;
    }
    db::wake_after_commit(claim.kind.bit());
    Ok(updated > 0)
}

/// Lets go of a claim without ending the item.
fn release(conn: &Connection, claim: &Claim) -> Result<()> {
    conn.prepare_cached("UPDATE due_work SET claimed_until = NULL WHERE kind = ?1 AND subject_id = ?2")?
        .execute(params![claim.kind.as_str(), claim.subject])?;
    db::wake_after_commit(claim.kind.bit());
    Ok(())
}

/// Every organization: the scopes a loop looks at are these in both environments.
pub(crate) fn organizations(conn: &Connection) -> Result<Vec<crate::scope::OrganizationId>> {
    Ok(conn
        .prepare_cached("SELECT id FROM organizations")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// An item as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item {
    pub(crate) due_at: Timestamp,
    pub(crate) generation: i64,
    pub(crate) attempts: u32,
    pub(crate) claimed_until: Option<Timestamp>,
    pub(crate) last_error: Option<String>,
}

pub(crate) fn get(conn: &Connection, kind: Kind, subject: uuid::Uuid) -> Result<Option<Item>> {
    Ok(conn
        .prepare_cached(
            "SELECT due_at, generation, attempts, claimed_until, last_error FROM due_work
             WHERE kind = ?1 AND subject_id = ?2",
        )?
        .query_row(params![kind.as_str(), subject], |r| {
            Ok(Item {
                due_at: r.get(0)?,
                generation: r.get(1)?,
                attempts: r.get(2)?,
                claimed_until: r.get(3)?,
                last_error: r.get(4)?,
            })
        })
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scope::{Environment, OrganizationId};

    fn scope(conn: &Connection) -> Scope {
        let org = OrganizationId::new(Timestamp::from_millis(1));
        conn.execute(
            "INSERT INTO organizations (id, name, is_default, created_at) VALUES (?1, 'T', 0, 0)",
            params![org],
        )
        .expect("org");
        Scope::new(org, Environment::Sandbox)
    }

    fn ms(v: i64) -> Timestamp {
        Timestamp::from_millis(v)
    }

    #[test]
    fn an_item_is_claimed_once_until_its_lease_expires() {
        let conn = crate::db::migrated_in_memory();
        let s = scope(&conn);
        let subject = uuid::Uuid::from_u128(1);
        schedule(&conn, Kind::AmlScreening, s, subject, ms(100)).expect("schedule");
        // Not due yet.
        assert!(claim(&conn, Kind::AmlScreening, s, ms(99), ms(0), ms(1000), 10).expect("claim").is_empty());
        let claimed = claim(&conn, Kind::AmlScreening, s, ms(100), ms(0), ms(1000), 10).expect("claim");
        assert_eq!(claimed.len(), 1);
        assert_eq!((claimed[0].attempts, claimed[0].due_at), (1, ms(100)));
        // Held: another pass gets nothing, and the next due time ignores it.
        assert!(claim(&conn, Kind::AmlScreening, s, ms(200), ms(500), ms(1500), 10).expect("claim").is_empty());
        assert_eq!(next_due(&conn, Kind::AmlScreening, s, ms(500)).expect("next"), None);
        // The lease expired (the holder died): the next pass takes it.
        let again = claim(&conn, Kind::AmlScreening, s, ms(200), ms(1000), ms(2000), 10).expect("claim");
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].attempts, 2);
        assert!(complete(&conn, &again[0]).expect("complete"));
        assert_eq!(get(&conn, Kind::AmlScreening, subject).expect("get"), None);
    }

    #[test]
    fn a_subject_scheduled_anew_while_running_runs_again() {
        let conn = crate::db::migrated_in_memory();
        let s = scope(&conn);
        let subject = uuid::Uuid::from_u128(2);
        schedule(&conn, Kind::WebhookDelivery, s, subject, ms(10)).expect("schedule");
        let c = claim(&conn, Kind::WebhookDelivery, s, ms(10), ms(0), ms(1000), 10).expect("claim").remove(0);
        // Scheduled anew meanwhile (a replay, a changed applicant); the claim still holds.
        schedule(&conn, Kind::WebhookDelivery, s, subject, ms(20)).expect("again");
        assert!(claim(&conn, Kind::WebhookDelivery, s, ms(30), ms(0), ms(1000), 10).expect("claim").is_empty());
        // The stale run cannot complete it; it lets go, and the item runs again.
        assert!(!complete(&conn, &c).expect("complete"));
        let item = get(&conn, Kind::WebhookDelivery, subject).expect("get").expect("kept");
        assert_eq!((item.due_at, item.claimed_until, item.generation), (ms(20), None, 1));
        assert_eq!(claim(&conn, Kind::WebhookDelivery, s, ms(30), ms(0), ms(1000), 10).expect("claim").len(), 1);
    }

    #[test]
    fn recurring_and_failed_runs_are_due_again() {
        let conn = crate::db::migrated_in_memory();
        let s = scope(&conn);
        let subject = uuid::Uuid::from_u128(3);
        schedule(&conn, Kind::AmlScreening, s, subject, ms(0)).expect("schedule");
        let c = claim(&conn, Kind::AmlScreening, s, ms(0), ms(0), ms(1000), 10).expect("claim").remove(0);
        assert!(retry(&conn, &c, ms(50), "index not ready").expect("retry"));
        let item = get(&conn, Kind::AmlScreening, subject).expect("get").expect("kept");
        assert_eq!((item.due_at, item.attempts, item.last_error.as_deref()), (ms(50), 1, Some("index not ready")));
        let c = claim(&conn, Kind::AmlScreening, s, ms(50), ms(0), ms(1000), 10).expect("claim").remove(0);
        assert_eq!(c.attempts, 2);
        assert!(reschedule(&conn, &c, ms(86_400_050)).expect("reschedule"));
        let item = get(&conn, Kind::AmlScreening, subject).expect("get").expect("kept");
        assert_eq!((item.due_at, item.attempts, item.last_error), (ms(86_400_050), 0, None));
        // A new list makes it due at once, whatever the clock.
        assert_eq!(make_all_due(&conn, Kind::AmlScreening).expect("all"), 1);
        assert_eq!(claim(&conn, Kind::AmlScreening, s, ms(1), ms(0), ms(1000), 10).expect("claim").len(), 1);
        assert!(cancel(&conn, Kind::AmlScreening, subject).expect("cancel"));
    }

    #[test]
    fn claims_are_per_kind_and_scope_oldest_first_and_bounded() {
        let conn = crate::db::migrated_in_memory();
        let s = scope(&conn);
        let production = Scope::new(s.organization, Environment::Production);
        for i in 0..5u128 {
            schedule(&conn, Kind::WebhookDelivery, s, uuid::Uuid::from_u128(10 + i), ms(100 - i as i64)).expect("s");
        }
        schedule(&conn, Kind::AmlScreening, s, uuid::Uuid::from_u128(99), ms(0)).expect("s");
        schedule(&conn, Kind::WebhookDelivery, production, uuid::Uuid::from_u128(98), ms(0)).expect("s");
        let c = claim(&conn, Kind::WebhookDelivery, s, ms(1000), ms(0), ms(1000), 3).expect("claim");
        assert_eq!(c.iter().map(|c| c.subject.as_u128()).collect::<Vec<_>>(), vec![14, 13, 12]);
        assert_eq!(next_due(&conn, Kind::WebhookDelivery, s, ms(0)).expect("next"), Some(ms(99)));
    }
}
