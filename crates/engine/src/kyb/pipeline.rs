//! The check pipeline: a submitted case's plan becomes check instances, each an item of due
//! work (`work::Kind::KybCheck`) run by its provider. Each result is recorded with the case's
//! recomputed `checks_summary` in one transaction; when the last check is done the risk model
//! scores the case in that same transaction, and the case moves to its outcome (spec 3.1). A
//! check run again from the case file that now passes where it could not run lets the risk
//! model give the score it could not give then: the case, still with its reviewer, is scored
//! again (`Rescored`).

use std::time::Duration;

use rusqlite::Connection;
use serde_json::json;

use super::case::{CaseEvent, CaseStatus};
use super::model::{Case, CheckId, CheckState};
use super::plan;
use super::providers::{self, CheckInput, Finding};
use super::service::{entry, transition};
use super::store::{self, NewCheck};
use super::summary::{CheckType, ChecksSummary, Outcome};
use crate::Engine;
use crate::aml::model::FatfRecord;
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::work::{self, Claim, Kind, Tasks, Worker};

/// Adds pending instances of `types` for the case's current round and makes them due (after
/// the sandbox's simulated durations); the risk score waits for the others. Then settles the
/// case (a plan of only the risk score is scored at once).
pub(crate) fn start(
    conn: &Connection,
    case: &mut Case,
    types: &[CheckType],
    now: Timestamp,
    real_now: Timestamp,
    fatf: &[FatfRecord],
) -> Result<()> {
    let provider = providers::provider_of(case.scope.is_sandbox());
    for &check_type in types {
        for subject in plan::instances(check_type, &case.form) {
            let id = CheckId::new(real_now);
            store::insert_check(
                conn,
                &NewCheck {
                    id,
                    case,
                    check_type,
                    subject_key: &subject.key,
                    subject_name: &subject.name,
                    provider,
                    at: now,
                },
            )?;
            if check_type != CheckType::BusinessRiskScore {
                let due = now.saturating_add(providers::duration(provider, check_type));
                work::store::schedule(conn, Kind::KybCheck, case.scope, id.as_uuid(), due)?;
            }
        }
    }
    settle(conn, case, now, real_now, fatf)
}

/// Recomputes the case's summary from its current instances; when every check but the risk
/// score is done and the case is under review, scores it and moves it to its outcome.
pub(crate) fn settle(
    conn: &Connection,
    case: &mut Case,
    now: Timestamp,
    real_now: Timestamp,
    fatf: &[FatfRecord],
) -> Result<()> {
    let plan = case.plan.clone().unwrap_or_default();
    let mut checks = store::checks_of(conn, case.id)?;
    if case.status.awaits_reviewer() && score_to_give_again(conn, case, &checks, now, real_now)? {
        checks = store::checks_of(conn, case.id)?;
    }
    let current: Vec<_> = checks.iter().filter(|c| c.superseded_at.is_none()).collect();
    let others_done =
        current.iter().filter(|c| c.check_type != CheckType::BusinessRiskScore).all(|c| c.state != CheckState::Pending);
    let score = current.iter().find(|c| c.check_type == CheckType::BusinessRiskScore && c.state == CheckState::Pending);
    let scoring = case.status == CaseStatus::UnderReview || case.status.awaits_reviewer();
    let scored = match score {
        Some(score) if others_done && scoring => {
            // `current_instances` keeps the current checks in their order: zipped, each
            // outcome meets its sentence.
            let results: Vec<_> = current
                .iter()
                .zip(store::current_instances(&checks))
                .filter(|(_, i)| i.check_type != CheckType::BusinessRiskScore)
                .filter_map(|(c, i)| {
                    Some(super::risk::CheckResult {
                        check_type: i.check_type,
                        outcome: i.outcome?,
                        summary: c.summary.clone().unwrap_or_default(),
                    })
                })
                .collect();
            let finding = super::risk::assess(&case.form, &results, fatf, now.date());
            store::finish_check(conn, score.id, &finding.outcome, &finding.summary, &finding.evidence, now)?
        }
        _ => false,
    };
    // Read again only when the risk score was just recorded.
    let instances = store::current_instances(&if scored { store::checks_of(conn, case.id)? } else { checks });
    let summary = ChecksSummary::of(&plan, &instances);
    let finished = summary.all_done() && case.status == CaseStatus::UnderReview;
    let rescored = scored && case.status.awaits_reviewer();
    case.checks_summary = Some(summary);
    if finished || rescored {
        let risk = instances
            .iter()
            .find(|i| i.check_type == CheckType::BusinessRiskScore)
            .and_then(|i| i.outcome.as_ref())
            .and_then(super::risk::level_of);
        let previous = case.risk_level;
        case.risk_level = risk;
        let (event, detail) = if finished {
            (CaseEvent::ChecksFinished { risk }, json!({ "risk_level": risk, "model": super::risk::MODEL }))
        } else {
            let detail = json!({ "risk_level": risk, "previous_risk_level": previous, "model": super::risk::MODEL });
            (CaseEvent::Rescored { risk }, detail)
        };
        transition(conn, case, event, &crate::Actor::Pipeline, now, real_now, detail)?;
    }
    Ok(())
}

/// When a case waiting for a reviewer has a risk score that could not be given (a check it
/// needs could not run) and every other check now stands done (one was run again and passed),
/// supersedes that errored score with a pending one, which `settle` then gives. Returns whether
/// it did.
fn score_to_give_again(
    conn: &Connection,
    case: &Case,
    checks: &[super::model::Check],
    now: Timestamp,
    real_now: Timestamp,
) -> Result<bool> {
    let current: Vec<_> = checks.iter().filter(|c| c.superseded_at.is_none()).collect();
    let Some(score) =
        current.iter().find(|c| c.check_type == CheckType::BusinessRiskScore && c.state == CheckState::Error)
    else {
        return Ok(false);
    };
    let others_stand = current
        .iter()
        .filter(|c| c.check_type != CheckType::BusinessRiskScore)
        .all(|c| c.state == CheckState::Completed);
    if !others_stand || !store::supersede_errored(conn, case.id, score.id, now)? {
        return Ok(false);
    }
    store::insert_check(
        conn,
        &NewCheck {
            id: CheckId::new(real_now),
            case,
            check_type: CheckType::BusinessRiskScore,
            subject_key: &score.subject,
            subject_name: &score.subject_name,
            provider: score.provider,
            at: now,
        },
    )?;
    Ok(true)
}

/// Runs due check instances.
pub(crate) struct CheckWorker;

impl Worker for CheckWorker {
    const KIND: Kind = Kind::KybCheck;
    const MAX_IN_FLIGHT: usize = 16;
    const LEASE: Duration = Duration::from_secs(120);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move { run_check(&engine, &claim).await });
        Ok(())
    }
}

/// Runs one claimed instance and records its result.
async fn run_check(engine: &Engine, claim: &Claim) -> Result<()> {
    let id = CheckId(claim.subject);
    let scope = claim.scope;
    let loaded = engine
        .core
        .db
        .read(move |conn| {
            let Some((case_id, _, check)) = store::get_check(conn, id)? else { return Ok(None) };
            // Which attempt this is: one more than the errored instances it stands in for.
            let earlier = store::checks_of(conn, case_id)?
                .iter()
                .filter(|c| c.superseded_at.is_some() && c.state == CheckState::Error && c.round == check.round)
                .filter(|c| c.check_type == check.check_type && c.subject == check.subject)
                .count();
            Ok(store::get_case(conn, scope, case_id)?.map(|case| (case, check, earlier as u32 + 1)))
        })
        .await?;
    let Some((case, check, attempt)) =
        loaded.filter(|(_, c, _)| c.state == CheckState::Pending && c.superseded_at.is_none())
    else {
        // Gone (sandbox reset), superseded or already done: nothing to run.
        let claim = claim.clone();
        return engine.core.db.write(move |conn| work::store::complete(conn, &claim).map(drop)).await;
    };
    let documents = engine.kyb().document_files(&case).await?;
    let subject = plan::Subject { key: check.subject.clone(), name: check.subject_name.clone() };
    let finding = match providers::run(
        engine,
        CheckInput { case: &case, check_type: check.check_type, subject: &subject, documents: &documents, attempt },
    )
    .await
    {
        Ok(providers::Ran::Finished(f)) => f,
        Ok(providers::Ran::Waiting { summary, evidence, again_in }) => {
            // Shown on the pending check; the same item looks again later.
            let at = engine.now(scope).saturating_add(again_in);
            let claim = claim.clone();
            return engine
                .core
                .db
                .write(move |conn| {
                    store::note_waiting_check(conn, id, &summary, &evidence)?;
                    work::store::reschedule(conn, &claim, at).map(drop)
                })
                .await;
        }
        // Docket's own failure: retried with backoff by the loop.
        Err(e @ Error::Storage(_)) => return Err(e),
        // An input the provider cannot work with is a technical outcome, not a retry.
        Err(e) => Finding::error(e.to_string(), json!({})),
    };
    let fatf = engine.aml().fatf_table().await?;
    let now = engine.now(scope);
    let real_now = engine.real_now();
    let claim = claim.clone();
    engine
        .core
        .db
        .write(move |conn| {
            let recorded = store::finish_check(conn, id, &finding.outcome, &finding.summary, &finding.evidence, now)?;
            if recorded && let Some(mut case) = store::get_case(conn, scope, case.id)? {
                let detail = json!({
                    "check_id": id, "type": check.check_type, "subject": check.subject,
                    "outcome": match &finding.outcome {
                        Outcome::Done { severity, verdict } => json!({ "severity": severity, "verdict": verdict }),
                        Outcome::Error { reason } => json!({ "error": reason }),
                    },
                });
                store::add_timeline(conn, &case, &entry(now, "check_completed", &crate::Actor::Pipeline, detail))?;
                settle(conn, &mut case, now, real_now, &fatf)?;
                case.last_activity_at = case.last_activity_at.max(now);
                store::update_case(conn, &case)?;
            }
            work::store::complete(conn, &claim).map(drop)
        })
        .await
}

/// Starts the pipeline's loop.
pub(crate) fn spawn(engine: &Engine) {
    work::spawn(engine, CheckWorker);
}

impl super::Kyb<'_> {
    /// Runs an errored check instance of a case waiting for a reviewer again: the errored one
    /// is kept as history (superseded) and a new instance of the same type and subject is due
    /// work, run as the pipeline runs every check (the risk score is given at once). When it
    /// ends the case's summary follows, and a risk score the errored check kept from being
    /// given is given: the case stays with its reviewer, in manual review once scored. On the
    /// timeline (and so the audit chain) with who asked.
    pub async fn rerun_check(
        &self,
        scope: Scope,
        id: super::CaseId,
        check: CheckId,
        actor: crate::Actor,
    ) -> Result<super::CaseDetail> {
        let fatf = self.engine.aml().fatf_table().await?;
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        self.modify(scope, id, move |conn, case| {
            super::desk::not_someone_elses(case, &actor, "run its checks again")?;
            if !case.status.awaits_reviewer() {
                return Err(Error::Conflict(format!(
                    "the case is `{}`: a check is run again only while the case waits for a reviewer",
                    case.status.as_str()
                )));
            }
            let Some((_, _, old)) = store::get_check(conn, check)?.filter(|(case_id, _, _)| *case_id == case.id) else {
                return Err(Error::not_found("check"));
            };
            if !store::supersede_errored(conn, case.id, check, now)? {
                return Err(Error::Conflict(format!(
                    "only a check that could not run is run again: this one is `{}`{}",
                    old.state.as_str(),
                    if old.superseded_at.is_some() { " and superseded" } else { "" }
                )));
            }
            let provider = providers::provider_of(case.scope.is_sandbox());
            let new_id = CheckId::new(real_now);
            store::insert_check(
                conn,
                &NewCheck {
                    id: new_id,
                    case,
                    check_type: old.check_type,
                    subject_key: &old.subject,
                    subject_name: &old.subject_name,
                    provider,
                    at: now,
                },
            )?;
            // The risk score is the model's, given by `settle` from the other checks at once;
            // the others are due work, run as the pipeline runs every check.
            if old.check_type != CheckType::BusinessRiskScore {
                let due = now.saturating_add(providers::duration(provider, old.check_type));
                work::store::schedule(conn, Kind::KybCheck, case.scope, new_id.as_uuid(), due)?;
            }
            // The timeline says who asked before what the re-run itself changes.
            let asked = entry(
                now,
                "check_rerun",
                &actor,
                json!({ "check_id": check, "new_check_id": new_id, "type": old.check_type, "subject": old.subject }),
            );
            store::add_timeline(conn, case, &asked)?;
            case.last_activity_at = case.last_activity_at.max(now);
            settle(conn, case, now, real_now, &fatf)?;
            Ok(None)
        })
        .await
    }

    /// Runs every check instance that is due now, waiting for them (for tests and tools that
    /// do not run the background loops). Returns how many ran.
    pub async fn run_due_checks(&self) -> Result<usize> {
        work::run_now(self.engine, &CheckWorker).await
    }
}

/// Makes a case's pending check instances due at `at` (demo data runs some at once and holds
/// others back).
pub(crate) fn reschedule_pending(conn: &Connection, case: &Case, at: Timestamp) -> Result<()> {
    for check in store::checks_of(conn, case.id)? {
        if check.state == CheckState::Pending
            && check.superseded_at.is_none()
            && check.check_type != CheckType::BusinessRiskScore
        {
            work::store::schedule(conn, Kind::KybCheck, case.scope, check.id.as_uuid(), at)?;
        }
    }
    Ok(())
}
