//! Running a proceeded verification's checks, as due work, and ending verifications.
//!
//! - `Kind::VerificationProcess` (subject: the verification): due when it is proceeded (in the
//!   sandbox, [`SANDBOX_DURATION`] later on the sandbox clock). The checks Docket makes for
//!   real run first (see `offline`); then the sandbox simulates the rest, while production
//!   leaves what it cannot check offline to a reviewer.
//! - `Kind::VerificationExpiry`: due at `expires_at`; an open verification then expires.
//! - `Kind::VerificationOutcome`: due when a reviewer's outcome has passed its undo minute
//!   (see `review`); it then takes effect on its check, and the last one finishes the
//!   verification.
//!
//! A verification is finished when every check has an outcome: in the same transaction its
//! status moves, its applicant records it, and `DOCVER` (the verification) and `DOCVER_CHECKS`
//! (each check's outcome as it comes) are emitted.

use jiff::SignedDuration;

use super::model::{CheckError, CheckResult, CheckStatus, VerificationId};
use super::profile::CheckStep;
use super::review::{PendingOutcome, UNDO_WINDOW};
use super::status::{VerificationEvent, VerificationStatus};
use super::store::{self, Record};
use super::{offline, sandbox};
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::work::{self, Claim, Kind, Tasks, Worker};
use crate::{Actor, Engine};

/// How long the sandbox's simulated checks take, on the sandbox clock.
pub const SANDBOX_DURATION: SignedDuration = SignedDuration::from_secs(20);

/// The event a finished verification emits (the full verification).
pub const VERIFICATION_EVENT: &str = "DOCVER";
/// The event of each check's outcome.
pub const CHECK_EVENT: &str = "DOCVER_CHECKS";

pub(crate) struct ProcessWorker;

impl Worker for ProcessWorker {
    const KIND: Kind = Kind::VerificationProcess;
    const MAX_IN_FLIGHT: usize = 8;
    const LEASE: std::time::Duration = std::time::Duration::from_secs(120);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move { run(&engine, &claim).await });
        Ok(())
    }
}

pub(crate) struct ExpiryWorker;

impl Worker for ExpiryWorker {
    const KIND: Kind = Kind::VerificationExpiry;
    const MAX_IN_FLIGHT: usize = 16;
    const LEASE: std::time::Duration = std::time::Duration::from_secs(60);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move {
            let id = VerificationId(claim.subject);
            match end(&engine, claim.scope, id, VerificationEvent::Expired, "docket".to_owned()).await {
                // Proceeded, finished or canceled meanwhile: nothing to expire.
                Ok(_) | Err(Error::Conflict(_)) | Err(Error::NotFound { .. }) => {}
                Err(e) => return Err(e),
            }
            engine.core.db.write(move |conn| work::store::complete(conn, &claim).map(drop)).await
        });
        Ok(())
    }
}

pub(crate) fn spawn(engine: &Engine) {
    work::spawn(engine, ProcessWorker);
    work::spawn(engine, ExpiryWorker);
    work::spawn(engine, OutcomeWorker);
}

/// Runs a proceeded verification's checks.
async fn run(engine: &Engine, claim: &Claim) -> Result<()> {
    let (scope, id) = (claim.scope, VerificationId(claim.subject));
    let found = engine.core.db.read(move |conn| store::get(conn, scope, id)).await?;
    let Some(record) = found.filter(|r| r.status == VerificationStatus::InProgress) else {
        let claim = claim.clone();
        return engine.core.db.write(move |conn| work::store::complete(conn, &claim).map(drop)).await;
    };
    let documents = engine.core.db.read(move |conn| store::documents_of(conn, scope, id)).await?;
    let applicant = engine.applicants().get(scope, record.applicant_id).await?;
    // What Docket checks for real, in both environments.
    let real = offline::check(engine, &record, &documents, &applicant).await?;
    let steps: Vec<CheckStep> = record.checks.keys().copied().collect();
    let mut results: Vec<(CheckStep, CheckResult)> = Vec::new();
    let mut poi = real.poi_data.clone();
    if scope.is_sandbox() && !sandbox::leaves_to_reviewer(&documents) {
        let simulated = sandbox::errors(&steps, &documents, record.sandbox_result.as_ref());
        let expired = simulated.iter().any(|(_, es)| es.iter().any(|e| e.code == 3001));
        let document = record.document_type.unwrap_or(super::DocumentType::Passport);
        let data = sandbox::poi_data(&applicant, document, &record.short_id, expired);
        for (step, mut errors) in simulated {
            for e in real.errors_of(step) {
                if !errors.iter().any(|x: &CheckError| x.code == e.code) {
                    errors.push(e);
                }
            }
            let step_data = match step {
                CheckStep::DocumentMrz if document.has_mrz() => Some(sandbox::mrz_data(&data)),
                CheckStep::Liveness => Some(
                    serde_json::json!({"liveness_code": "sandbox", "liveness_score": if errors.is_empty() { 0.97 } else { 0.12 }}),
                ),
                _ => None,
            };
            results.push((step, sandbox::result(errors, step_data)));
        }
        poi = Some(data);
    } else {
        for step in steps {
            results.push((step, real.result_of(step)));
        }
    }
    let duplicated = real.duplicated.clone();
    let claim = claim.clone();
    let at = engine.now(scope);
    let real_now = engine.real_now();
    let public_url = engine.public_url();
    engine
        .core
        .db
        .write(move |conn| {
            let Some(mut r) = store::get(conn, scope, id)?.filter(|r| r.status == VerificationStatus::InProgress)
            else {
                return work::store::complete(conn, &claim).map(drop);
            };
            for (step, result) in results {
                let decided = result.status != CheckStatus::InProgress;
                r.checks.insert(step, result.clone());
                if decided {
                    emit_check(conn, &r, step, &result, at, real_now)?;
                }
            }
            r.poi_data = poi.or(r.poi_data.take());
            r.duplicated = duplicated;
            r.updated_by = Some(if scope.is_sandbox() { "sandbox" } else { "docket" }.to_owned());
            settle(conn, &mut r, at, real_now, &public_url)?;
            store::update(conn, &r)?;
            work::store::complete(conn, &claim).map(drop)
        })
        .await
}

/// Finishes the verification when every check has an outcome.
fn settle(
    conn: &rusqlite::Connection,
    r: &mut Record,
    at: crate::time::Timestamp,
    real_now: crate::time::Timestamp,
    public_url: &str,
) -> Result<()> {
    if r.checks.values().any(|c| !matches!(c.status, CheckStatus::Verified | CheckStatus::Failed)) {
        return Ok(());
    }
    let any_failed = r.checks.values().any(|c| c.status == CheckStatus::Failed);
    let verified =
        if r.scope.is_sandbox() { sandbox::verified(r.sandbox_result.as_ref(), any_failed) } else { !any_failed };
    r.status = r.status.after(VerificationEvent::Finished { verified })?;
    r.completed_at = Some(at);
    finished(conn, r, at, real_now, public_url)
}

/// What a verification that reached a final status does in its transaction: its applicant
/// records it (a verified one confirms the data read), and `DOCVER` goes out.
fn finished(
    conn: &rusqlite::Connection,
    r: &Record,
    at: crate::time::Timestamp,
    real_now: crate::time::Timestamp,
    public_url: &str,
) -> Result<()> {
    use crate::applicants::VerificationStatus as Applicant;
    let outcome = match r.status {
        VerificationStatus::Verified => Some(Applicant::Passed),
        VerificationStatus::Failed => Some(Applicant::Failed),
        _ => None,
    };
    if let Some(outcome) = outcome {
        let confirmed = (r.status == VerificationStatus::Verified)
            .then(|| r.poi_data.as_ref().map(super::confirmed_info))
            .flatten();
        crate::applicants::store::record_verification(
            conn,
            r.scope,
            r.applicant_id,
            r.id.as_uuid(),
            at,
            outcome,
            confirmed.as_ref(),
        )?;
    }
    // The full Verification object, the same serialisation as `GET /api/v3/verifications/{id}`.
    let view = super::service::view(r.clone(), public_url);
    crate::events::emit(
        conn,
        r.scope,
        &crate::events::NewEvent {
            id: crate::events::EventId::new(real_now),
            event_type: VERIFICATION_EVENT,
            subject: Some(r.id.as_uuid()),
            payload: &serde_json::to_string(&view)?,
            at,
            real_now,
        },
    )?;
    Ok(())
}

fn emit_check(
    conn: &rusqlite::Connection,
    r: &Record,
    step: CheckStep,
    result: &CheckResult,
    at: crate::time::Timestamp,
    real_now: crate::time::Timestamp,
) -> Result<()> {
    let payload = serde_json::json!({
        "verification_id": r.id,
        "applicant_id": r.applicant_id,
        "verification_url_id": r.short_id,
        "step": step,
        "result": result,
    });
    crate::events::emit(
        conn,
        r.scope,
        &crate::events::NewEvent {
            id: crate::events::EventId::new(real_now),
            event_type: CHECK_EVENT,
            subject: Some(r.id.as_uuid()),
            payload: &payload.to_string(),
            at,
            real_now,
        },
    )?;
    Ok(())
}

/// Cancels or expires a verification (each a no-op the second time).
pub(crate) async fn end(
    engine: &Engine,
    scope: Scope,
    id: VerificationId,
    event: VerificationEvent,
    by: String,
) -> Result<Record> {
    let at = engine.now(scope);
    let real_now = engine.real_now();
    let public_url = engine.public_url();
    engine
        .core
        .db
        .write(move |conn| {
            let mut r = store::existing(conn, scope, id)?;
            let next = r.status.after(event)?;
            if next == r.status {
                return Ok(r);
            }
            r.status = next;
            r.completed_at = Some(at);
            r.updated_by = Some(by);
            store::update(conn, &r)?;
            work::store::cancel(conn, Kind::VerificationExpiry, id.as_uuid())?;
            work::store::cancel(conn, Kind::VerificationProcess, id.as_uuid())?;
            work::store::cancel(conn, Kind::VerificationOutcome, id.as_uuid())?;
            finished(conn, &r, at, real_now, &public_url)?;
            Ok(r)
        })
        .await
}

/// Whether a check waits for a reviewer: Docket ran its own checks and left it `in_progress`
/// with a note saying what a person must look at.
fn awaits_reviewer(r: &Record, step: CheckStep) -> Result<()> {
    if r.status != VerificationStatus::InProgress {
        return Err(Error::Conflict(format!(
            "the verification is `{}`: only a verification in progress takes a reviewer's outcome",
            r.status.as_str()
        )));
    }
    let Some(check) = r.checks.get(&step) else {
        return Err(Error::invalid("check", format!("the verification has no `{}` check", step.as_str())));
    };
    match check.status {
        CheckStatus::InProgress if check.note.is_some() => Ok(()),
        CheckStatus::InProgress => Err(Error::Conflict(format!(
            "the `{}` check is still running: Docket's own checks come first, then a reviewer's outcome",
            step.as_str()
        ))),
        _ => Err(Error::Conflict(format!("the `{}` check has its outcome already", step.as_str()))),
    }
}

/// A reviewer's outcome of one check waiting for one: held for the undo minute (see `review`),
/// on the audit chain; it takes effect when the minute has passed.
pub(crate) async fn hold_outcome(
    engine: &Engine,
    scope: Scope,
    id: VerificationId,
    mut outcome: PendingOutcome,
    actor: Actor,
) -> Result<Record> {
    let at = engine.now(scope);
    outcome.at = at;
    outcome.undo_until = at.saturating_add(UNDO_WINDOW);
    engine
        .core
        .db
        .write(move |conn| {
            let mut r = store::existing(conn, scope, id)?;
            awaits_reviewer(&r, outcome.check)?;
            crate::audit::record(
                conn,
                scope,
                at,
                &actor,
                "verification_outcome_recorded",
                serde_json::json!({
                    "verification_id": id,
                    "check": outcome.check,
                    "verified": outcome.verified,
                    "errors": outcome.errors.iter().map(|e| e.code).collect::<Vec<_>>(),
                    "note": outcome.note,
                    "takes_effect_at": outcome.undo_until,
                }),
            )?;
            r.review.hold(outcome)?;
            schedule_outcomes(conn, &r)?;
            store::update(conn, &r)?;
            Ok(r)
        })
        .await
}

/// Takes back a reviewer's outcome within its minute; on the audit chain.
pub(crate) async fn undo_outcome(
    engine: &Engine,
    scope: Scope,
    id: VerificationId,
    step: CheckStep,
    actor: Actor,
) -> Result<Record> {
    let at = engine.now(scope);
    engine
        .core
        .db
        .write(move |conn| {
            let mut r = store::existing(conn, scope, id)?;
            let waiting = r.review.pending.iter().any(|p| p.check == step);
            if let Some(done) = r.checks.get(&step).filter(|c| !waiting && c.decided_by.is_some()) {
                return Err(Error::Conflict(format!(
                    "the outcome of `{}` ({}, by {}) has taken effect: it stands now (an outcome can be undone \
                     for one minute after it is recorded)",
                    step.as_str(),
                    done.status.as_str(),
                    done.decided_by.as_deref().unwrap_or("docket")
                )));
            }
            let undone = r.review.undo(step, at, &actor.name())?;
            crate::audit::record(
                conn,
                scope,
                at,
                &actor,
                "verification_outcome_undone",
                serde_json::json!({
                    "verification_id": id,
                    "check": step,
                    "verified": undone.verified,
                    "recorded_at": undone.at,
                    "recorded_by": undone.by,
                }),
            )?;
            schedule_outcomes(conn, &r)?;
            store::update(conn, &r)?;
            Ok(r)
        })
        .await
}

/// Due work for the next waiting outcome, or none.
fn schedule_outcomes(conn: &rusqlite::Connection, r: &Record) -> Result<()> {
    match r.review.next_due() {
        Some(due) => work::store::schedule(conn, Kind::VerificationOutcome, r.scope, r.id.as_uuid(), due),
        None => work::store::cancel(conn, Kind::VerificationOutcome, r.id.as_uuid()).map(drop),
    }
}

pub(crate) struct OutcomeWorker;

impl Worker for OutcomeWorker {
    const KIND: Kind = Kind::VerificationOutcome;
    const MAX_IN_FLIGHT: usize = 8;
    const LEASE: std::time::Duration = std::time::Duration::from_secs(60);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move { apply_due(&engine, claim).await });
        Ok(())
    }
}

/// Applies the outcomes whose minute has passed: each check takes its outcome (and
/// `DOCVER_CHECKS` goes out); the last finishes the verification.
async fn apply_due(engine: &Engine, claim: Claim) -> Result<()> {
    let (scope, id) = (claim.scope, VerificationId(claim.subject));
    let at = engine.now(scope);
    let real_now = engine.real_now();
    let public_url = engine.public_url();
    engine
        .core
        .db
        .write(move |conn| {
            let Some(mut r) = store::get(conn, scope, id)? else {
                return work::store::complete(conn, &claim).map(drop);
            };
            let due = r.review.due(at);
            if r.status == VerificationStatus::InProgress {
                for outcome in &due {
                    apply(conn, &mut r, outcome, at, real_now)?;
                }
                settle(conn, &mut r, at, real_now, &public_url)?;
            }
            // A canceled verification drops what waited: nothing is left to decide.
            store::update(conn, &r)?;
            match r.review.next_due().filter(|_| r.status == VerificationStatus::InProgress) {
                Some(next) => work::store::reschedule(conn, &claim, next).map(drop),
                None => work::store::complete(conn, &claim).map(drop),
            }
        })
        .await
}

/// One reviewer's outcome taking effect on its check (which still waits for it).
fn apply(
    conn: &rusqlite::Connection,
    r: &mut Record,
    outcome: &PendingOutcome,
    at: crate::time::Timestamp,
    real_now: crate::time::Timestamp,
) -> Result<()> {
    let step = outcome.check;
    let Some(check) = r.checks.get_mut(&step).filter(|c| c.status == CheckStatus::InProgress) else {
        return Ok(());
    };
    let mut all = check.errors.clone();
    all.extend(outcome.errors.iter().cloned());
    *check = CheckResult {
        status: if outcome.verified && check.errors.is_empty() { CheckStatus::Verified } else { CheckStatus::Failed },
        errors: all,
        pending_documents: Vec::new(),
        data: check.data.take(),
        decided_by: Some(outcome.by.clone()),
        note: outcome.note.clone(),
    };
    let result = check.clone();
    emit_check(conn, r, step, &result, at, real_now)?;
    r.review.history.push(super::review::ReviewEntry {
        at,
        what: format!("The outcome of {} took effect: {}", step.as_str(), result.status.as_str()),
    });
    r.updated_by = Some(outcome.by.clone());
    Ok(())
}
