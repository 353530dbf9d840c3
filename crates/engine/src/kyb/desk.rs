//! The reviewer's desk over KYB cases (issue 12): claiming, releasing and reassigning cases,
//! the next case, decisions under four eyes, comments, the SLA of each stage (its breach is due
//! work on the environment's clock), the desk's rules, the queue's counts and the reviewers'
//! metrics. Every change goes through the case's own transaction and timeline, so it is in the
//! audit chain too.

use jiff::SignedDuration;
use rusqlite::Connection;
use serde::Serialize;
use serde_json::json;

use super::model::{Case, CaseDetail, CaseId};
use super::review::{
    Comment, CommentId, Decision, DecisionId, DecisionKind, DecisionStep, DeskSettings, NewComment, NewDecision,
    NewSecondApproval, Verdict, approval_refusal, high_risk, mentions, same_person,
};
use super::service::{Kyb, entry, transition};
use super::store;
use crate::Actor;
use crate::Engine;
use crate::console::{Reviewer, ReviewerId, ReviewerRef, Role};
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::work::{self, Claim, Kind, Tasks, Worker};

/// The longest note or comment, in characters.
const MAX_NOTE: usize = 2000;

/// The queue's counts (`GET /_docket/desk/counts`): cases per tab, and the desk's own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeskCounts {
    pub collecting_data: u64,
    pub running_checks: u64,
    /// `manual_review` and `failed`: both wait for a reviewer.
    pub manual_review: u64,
    pub action_required: u64,
    pub decided: u64,
    /// Open cases assigned to the caller.
    pub assigned_to_me: u64,
    /// Cases waiting for a reviewer that nobody works.
    pub unassigned: u64,
    /// Cases past their SLA in a stage a person acts in (not running checks).
    pub sla_breached: u64,
    pub awaiting_second_approval: u64,
    /// Cases whose checks ran past the running-checks SLA: an admin's to look into.
    pub checks_stuck: u64,
}

/// A case whose checks ran past their stage's SLA (`GET /_docket/desk/stuck-checks`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StuckCase {
    pub id: CaseId,
    pub public_id: String,
    pub company_name: Option<String>,
    /// When its checks started (the stage was entered).
    pub stage_entered_at: Timestamp,
    pub sla_due_at: Timestamp,
    /// The checks still pending.
    pub checks: Vec<StuckCheck>,
}

/// A pending check of a stuck case, with what its due work says.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StuckCheck {
    pub check_id: super::model::CheckId,
    pub check_type: super::summary::CheckType,
    /// The company, or the person it checks.
    pub subject_name: String,
    pub started_at: Timestamp,
    /// Runs since it was last scheduled.
    pub attempts: u32,
    /// Why its last run failed, if it did.
    pub last_error: Option<String>,
    /// When it runs next (null: not scheduled, which is itself a fault).
    pub next_attempt_at: Option<Timestamp>,
}

/// The most cases one bulk request changes.
pub const MAX_BULK: usize = 100;

/// `POST /_docket/desk/assignments`: several cases assigned or released at once.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BulkAssignment {
    pub action: BulkAction,
    /// The cases, 1 to 100.
    pub case_ids: Vec<CaseId>,
    /// `assign`: the reviewer (null or left out: the signed-in reviewer). Not for `release`.
    #[serde(default)]
    pub reviewer_id: Option<ReviewerId>,
}

/// What a bulk request does to each case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum BulkAction {
    /// To oneself: claims (unassigned cases only, as a claim); to someone else: an admin's
    /// reassignment, as a single assign.
    Assign,
    /// Leaves each case unassigned: one's own, or any for an admin.
    Release,
}

/// One reviewer's figures over a period.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewerMetrics {
    pub reviewer: ReviewerRef,
    pub role: Role,
    /// Decisions made (single, and the first of four eyes).
    pub decided: u64,
    pub approved: u64,
    pub rejected: u64,
    pub approval_rate: Option<f64>,
    pub rejection_rate: Option<f64>,
    /// From being assigned the case to deciding it.
    pub median_minutes_to_decision: Option<f64>,
    /// Second approvals given (confirmed or overturned).
    pub second_approvals_given: u64,
    /// Of those, the overturned.
    pub overturned: u64,
    /// SLA breaches of cases while assigned to them.
    pub sla_breaches: u64,
}

/// `GET /_docket/desk/metrics`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Metrics {
    pub from: Timestamp,
    pub to: Timestamp,
    pub reviewers: Vec<ReviewerMetrics>,
    /// Open cases past their SLA now.
    pub sla_breached_now: u64,
}

/// Which decisions on a case need a second approval now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FourEyesRequired {
    pub approve: bool,
    pub reject: bool,
}

/// Starts the SLA of the case's (new) stage: its due time, and the due work that records the
/// breach. Called by the one transition function whenever the stage changes.
pub(crate) fn enter_stage(conn: &Connection, case: &mut Case, at: Timestamp) -> Result<()> {
    let settings = store::desk_settings(conn, case.scope)?;
    case.review.stage_entered_at = at;
    set_sla(conn, case, &settings)
}

/// Sets the case's SLA due time from its stage, or its pending second approval
/// (`SlaHours::due_of`), and schedules the breach.
fn set_sla(conn: &Connection, case: &mut Case, settings: &DeskSettings) -> Result<()> {
    case.review.sla_due_at = settings.sla_hours.due_of(case.status.stage(), &case.review);
    match case.review.sla_due_at {
        Some(due) => work::store::schedule(conn, Kind::KybSla, case.scope, case.id.as_uuid(), due),
        None => work::store::cancel(conn, Kind::KybSla, case.id.as_uuid()).map(drop),
    }
}

/// Whether the case counts as high risk (four eyes' `high_risk` policy).
fn is_high_risk(case: &Case) -> bool {
    use super::summary::{CheckType, Severity};
    let aml_finding = case.checks_summary.as_ref().is_some_and(|s| {
        s.checks.iter().any(|c| {
            matches!(c.check_type, CheckType::AmlCompany | CheckType::AmlPerson)
                && c.severity.is_some_and(|v| v >= Severity::Medium)
        })
    });
    high_risk(case.status, case.risk_level, aml_finding)
}

pub(crate) fn four_eyes_required(settings: &DeskSettings, case: &Case) -> FourEyesRequired {
    let high = is_high_risk(case);
    FourEyesRequired {
        approve: settings.four_eyes.applies(DecisionKind::Approve, high),
        reject: settings.four_eyes.applies(DecisionKind::Reject, high),
    }
}

fn note(text: &str) -> Result<String> {
    let text = crate::values::multiline_text("note", text, MAX_NOTE)?;
    Ok(text)
}

fn who(r: &Reviewer) -> String {
    r.name.as_str().to_owned()
}

/// Refuses an actor who may not change a case someone else works: a reviewer other than the
/// assignee (an admin may), or the integration (an API key) on a case a reviewer works.
pub(super) fn not_someone_elses(case: &Case, actor: &Actor, what: &str) -> Result<()> {
    match (actor, &case.review.assignee) {
        (Actor::Reviewer(r), Some(a)) if a.id != r.id && !r.may(Role::Admin) => Err(Error::Forbidden(format!(
            "the case is assigned to {}: only they may {what} (an admin can reassign it)",
            a.name
        ))),
        (Actor::ApiKey(_), Some(a)) => Err(integration_refused(&a.name, what)),
        _ => Ok(()),
    }
}

/// Refuses an actor who may not decide the case: a reviewer decides the cases assigned to them;
/// the integration (an API key) only cases no reviewer works.
fn only_assignee(case: &Case, actor: &Actor, what: &str) -> Result<()> {
    match (actor, &case.review.assignee) {
        (Actor::Reviewer(r), Some(a)) if a.id == r.id => Ok(()),
        (Actor::Reviewer(_), Some(a)) => Err(Error::Forbidden(format!(
            "only the assignee may {what}: the case is assigned to {} (an admin can reassign it)",
            a.name
        ))),
        (Actor::Reviewer(_), None) => {
            Err(Error::Forbidden(format!("claim the case before you {what}: only its assignee may")))
        }
        (_, Some(a)) => Err(integration_refused(&a.name, what)),
        (_, None) => Ok(()),
    }
}

fn integration_refused(assignee: &str, what: &str) -> Error {
    Error::Forbidden(format!(
        "the case is assigned to {assignee}: a case a reviewer works is theirs to {what}, in the console; an API key \
         acts only on unassigned cases"
    ))
}

/// Refuses everyone but an admin signed in to the console (and the `docket` command).
pub(super) fn admin_only(actor: &Actor, what: &str) -> Result<()> {
    match actor {
        Actor::Reviewer(r) if r.may(Role::Admin) => Ok(()),
        Actor::Command => Ok(()),
        _ => Err(Error::Forbidden(format!("only an admin signed in to the console {what}"))),
    }
}

impl Kyb<'_> {
    /// Assigns or releases several cases, each in its own transaction and audited as the single
    /// operation is: a claim when a reviewer assigns to themselves, an admin's reassignment
    /// otherwise, a release. The cases are done in the order given; each has its own outcome,
    /// so one refused does not stop the others. Assigning to someone else is an admin's (403
    /// for the whole request).
    pub async fn bulk_assign(
        &self,
        scope: Scope,
        input: BulkAssignment,
        me: Reviewer,
    ) -> Result<Vec<(CaseId, Result<CaseDetail>)>> {
        if input.case_ids.is_empty() || input.case_ids.len() > MAX_BULK {
            return Err(Error::invalid("case_ids", format!("give 1 to {MAX_BULK} cases")));
        }
        let mut ids = input.case_ids.clone();
        let mut seen = std::collections::HashSet::new();
        ids.retain(|id| seen.insert(*id));
        let to_self = input.reviewer_id.is_none_or(|r| r == me.id);
        match input.action {
            BulkAction::Release if input.reviewer_id.is_some() => {
                return Err(Error::invalid("reviewer_id", "a release names no reviewer"));
            }
            BulkAction::Assign if !to_self => admin_only(&Actor::Reviewer(me.clone()), "assigns cases to others")?,
            _ => {}
        }
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let done = match input.action {
                BulkAction::Release => self.release(scope, id, Actor::Reviewer(me.clone())).await,
                BulkAction::Assign if to_self && !me.may(Role::Admin) => self.claim(scope, id, me.clone()).await,
                BulkAction::Assign => {
                    let to = input.reviewer_id.unwrap_or(me.id);
                    self.assign(scope, id, Some(to), Actor::Reviewer(me.clone())).await
                }
            };
            out.push((id, done));
        }
        Ok(out)
    }

    /// Cases whose checks ran past the running-checks SLA, the most overdue first, with their
    /// pending checks: an admin's view (a reviewer cannot act on them).
    pub async fn stuck_checks(&self, scope: Scope, actor: Actor) -> Result<Vec<StuckCase>> {
        admin_only(&actor, "looks into stuck checks")?;
        let now = self.engine.now(scope);
        self.engine.core.db.read(move |conn| store::stuck_cases(conn, scope, now, 200)).await
    }

    /// The desk's rules in an environment.
    pub async fn desk_settings(&self, scope: Scope) -> Result<DeskSettings> {
        self.engine.core.db.read(move |conn| store::desk_settings(conn, scope)).await
    }

    /// Sets the desk's rules; the SLA due times of open cases follow at once.
    pub async fn set_desk_settings(&self, scope: Scope, settings: DeskSettings, actor: Actor) -> Result<DeskSettings> {
        let settings = settings.checked()?;
        admin_only(&actor, "sets the desk's rules")?;
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let before = store::desk_settings(conn, scope)?;
                store::put_desk_settings(conn, scope, &settings, now)?;
                if before.sla_hours != settings.sla_hours {
                    for id in store::open_case_ids(conn, scope)? {
                        if let Some(mut case) = store::get_case(conn, scope, id)? {
                            set_sla(conn, &mut case, &settings)?;
                            store::update_case(conn, &case)?;
                        }
                    }
                }
                crate::audit::record(
                    conn,
                    scope,
                    now,
                    &actor,
                    "desk_settings_changed",
                    json!({ "before": before, "after": settings }),
                )?;
                Ok(settings)
            })
            .await
    }

    /// Assigns the case to the signed-in reviewer. Claiming a case one already works is a no-op;
    /// a case someone else works is refused (409): they release it, or an admin reassigns it.
    pub async fn claim(&self, scope: Scope, id: CaseId, reviewer: Reviewer) -> Result<CaseDetail> {
        let now = self.engine.now(scope);
        self.modify(scope, id, move |_conn, case| {
            if case.status.is_decided() {
                return Err(Error::Conflict(format!(
                    "the case is `{}`: a decided case is not claimed",
                    case.status.as_str()
                )));
            }
            match &case.review.assignee {
                Some(a) if a.id == reviewer.id => {}
                Some(a) => {
                    return Err(Error::Conflict(format!(
                        "the case is assigned to {}: they release it, or an admin reassigns it",
                        a.name
                    )));
                }
                None => {
                    case.review.assignee = Some(reviewer.reference());
                    case.review.assigned_at = Some(now);
                }
            }
            let actor = Actor::Reviewer(reviewer.clone());
            Ok(Some(entry(
                now,
                "assigned",
                &actor,
                json!({ "assignee_id": reviewer.id, "assignee": who(&reviewer), "how": "claimed" }),
            )))
        })
        .await
    }

    /// A senior's (or admin's) next case is the oldest second approval they may give, routed to
    /// them or to no one (now routed to them: `approvals::take_oldest`); then, as for everyone,
    /// the oldest case waiting for a reviewer that nobody works, assigned to `reviewer`. Each in
    /// one transaction: two reviewers asking at once never get the same one.
    pub async fn next_case(&self, scope: Scope, reviewer: Reviewer) -> Result<CaseDetail> {
        let now = self.engine.now(scope);
        let people = if reviewer.may(Role::Senior) {
            self.engine.console().reviewers(scope.organization).await?
        } else {
            vec![]
        };
        let id = self
            .engine
            .core
            .db
            .write(move |conn| {
                if reviewer.may(Role::Senior)
                    && let Some(id) = super::approvals::take_oldest(conn, scope, &reviewer, &people, now)?
                {
                    return Ok(id);
                }
                let Some(id) = store::next_unassigned(conn, scope)? else {
                    return Err(Error::NotFound { resource: "unassigned case waiting for a reviewer" });
                };
                let mut case = store::get_case(conn, scope, id)?.ok_or(Error::not_found("KYB verification"))?;
                case.review.assignee = Some(reviewer.reference());
                case.review.assigned_at = Some(now);
                case.last_activity_at = case.last_activity_at.max(now);
                store::update_case(conn, &case)?;
                let actor = Actor::Reviewer(reviewer.clone());
                store::add_timeline(
                    conn,
                    &case,
                    &entry(
                        now,
                        "assigned",
                        &actor,
                        json!({ "assignee_id": reviewer.id, "assignee": who(&reviewer), "how": "next_case" }),
                    ),
                )?;
                Ok(id)
            })
            .await?;
        self.get(scope, id).await
    }

    /// Leaves the case unassigned: by its assignee, or an admin.
    pub async fn release(&self, scope: Scope, id: CaseId, actor: Actor) -> Result<CaseDetail> {
        let now = self.engine.now(scope);
        self.modify(scope, id, move |_conn, case| {
            let Some(assignee) = case.review.assignee.clone() else {
                return Err(Error::Conflict("the case is not assigned to anyone".into()));
            };
            let may = actor.reviewer().is_some_and(|r| r.id == assignee.id || r.may(Role::Admin));
            if !may {
                return Err(Error::Forbidden(format!(
                    "the case is assigned to {}: only they or an admin may release it",
                    assignee.name
                )));
            }
            case.review.assignee = None;
            case.review.assigned_at = None;
            Ok(Some(entry(now, "released", &actor, json!({ "assignee_id": assignee.id, "assignee": assignee.name }))))
        })
        .await
    }

    /// Assigns the case to `to` (or nobody): an admin's reassignment.
    pub async fn assign(&self, scope: Scope, id: CaseId, to: Option<ReviewerId>, actor: Actor) -> Result<CaseDetail> {
        admin_only(&actor, "reassigns cases: claim or release your own")?;
        let target = match to {
            Some(to) => {
                let r = self.engine.console().reviewer(scope.organization, to).await?;
                if r.disabled_at.is_some() {
                    return Err(Error::Conflict(format!("{} is disabled: enable the account first", who(&r))));
                }
                Some(r)
            }
            None => None,
        };
        let now = self.engine.now(scope);
        self.modify(scope, id, move |_conn, case| {
            if case.status.is_decided() {
                return Err(Error::Conflict(format!(
                    "the case is `{}`: a decided case is not assigned",
                    case.status.as_str()
                )));
            }
            let before = case.review.assignee.clone();
            case.review.assignee = target.as_ref().map(Reviewer::reference);
            case.review.assigned_at = target.as_ref().map(|_| now);
            Ok(Some(entry(
                now,
                if target.is_some() { "assigned" } else { "released" },
                &actor,
                json!({
                    "assignee_id": target.as_ref().map(|r| r.id),
                    "assignee": target.as_ref().map(who),
                    "previous_assignee_id": before.as_ref().map(|b| b.id),
                    "how": "reassigned",
                }),
            )))
        })
        .await
    }

    /// A decision on a case waiting for one (`manual_review` or `failed`), with a reason from the
    /// taxonomy and a note: a reviewer's on a case assigned to them, or the integration's own (an
    /// API key) on a case no reviewer works. Under four eyes either waits for a senior's second
    /// approval in the console and the status does not change yet.
    pub async fn decide(&self, scope: Scope, id: CaseId, input: NewDecision, actor: Actor) -> Result<CaseDetail> {
        let note = note(&input.note)?;
        let reasons = input.checked_reasons()?;
        let merchant_message = match input.merchant_message.as_deref() {
            Some(m) if !m.trim().is_empty() => Some(crate::values::multiline_text("merchant_message", m, MAX_NOTE)?),
            _ => None,
        };
        let approver = match input.approver_id {
            Some(named) => Some(self.named_approver(scope, named, &actor).await?),
            None => None,
        };
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        self.modify(scope, id, move |conn, case| {
            case.status.after(input.decision.event())?;
            if let Some(pending) = &case.review.pending_decision {
                return Err(Error::Conflict(format!(
                    "a decision by {} awaits its second approval: a senior confirms or overturns it first",
                    pending.by()
                )));
            }
            only_assignee(case, &actor, "decide it")?;
            // An approval acknowledges every open flag (a rejection needs none), as they stand in
            // this transaction: one that appeared after the reviewer looked is not approved past.
            let flags = match input.decision {
                DecisionKind::Approve => {
                    super::flags::open_flags_in(conn, case.scope, &store::checks_of(conn, case.id)?)?
                }
                DecisionKind::Reject => Vec::new(),
            };
            let acknowledged = super::flags::acknowledged(&flags, &input.acknowledged_flags)?;
            let settings = store::desk_settings(conn, case.scope)?;
            let needs_second = settings.four_eyes.applies(input.decision, is_high_risk(case));
            let decision = Decision {
                id: DecisionId::new(real_now),
                step: if needs_second { DecisionStep::First } else { DecisionStep::Single },
                decision: input.decision.into(),
                reason: reasons.first().copied(),
                reasons: reasons.clone(),
                note: note.clone(),
                merchant_message: merchant_message.clone(),
                approver: approver.filter(|_| needs_second),
                reviewer: actor.reviewer().map(Reviewer::reference),
                api_key_id: actor.api_key(),
                at: now,
            };
            store::insert_decision(conn, case, &decision, case.review.assigned_at)?;
            let detail = json!({
                "decision_id": decision.id, "decision": decision.decision, "reason": decision.reason,
                "reasons": reasons, "note": note, "merchant_message": merchant_message,
                "approver": decision.approver, "four_eyes": settings.four_eyes,
                "acknowledged_flags": acknowledged.iter()
                    .map(|f| json!({ "key": f.key, "kind": f.kind, "label": f.label }))
                    .collect::<Vec<_>>(),
            });
            if needs_second {
                case.review.pending_decision = Some(decision);
                // The review's clock stops; the approval's own starts.
                set_sla(conn, case, &settings)?;
                Ok(Some(entry(now, "decision_proposed", &actor, detail)))
            } else {
                // The transition records the decision (`decided`, with its detail).
                transition(conn, case, input.decision.event(), &actor, now, real_now, detail)?;
                Ok(None)
            }
        })
        .await
    }

    /// The senior a first reviewer names for the second approval: an enabled senior or admin of
    /// the organization, another person than the one deciding.
    async fn named_approver(&self, scope: Scope, named: ReviewerId, actor: &Actor) -> Result<ReviewerRef> {
        let refused = |why: String| Error::invalid("approver_id", why);
        let senior = match self.engine.console().reviewer(scope.organization, named).await {
            Ok(r) => r,
            Err(Error::NotFound { .. }) => return Err(refused("no reviewer of the organization has that id".into())),
            Err(e) => return Err(e),
        };
        if !senior.active() {
            return Err(refused(format!("{} is disabled: name an active senior", who(&senior))));
        }
        if !senior.may(Role::Senior) {
            return Err(refused(format!(
                "{} is a `{}`: name a senior or an admin, who may give the second approval",
                who(&senior),
                senior.role.as_str()
            )));
        }
        if actor.reviewer().is_some_and(|me| same_person(me, &senior)) {
            return Err(refused("four eyes: name another senior than yourself".into()));
        }
        Ok(senior.reference())
    }

    /// The second approval of a decision under four eyes: a senior (or admin) other than the
    /// first reviewer confirms it (the status changes) or overturns it (the decision is dropped;
    /// the case stays with its first reviewer to decide again).
    pub async fn second_approval(
        &self,
        scope: Scope,
        id: CaseId,
        input: NewSecondApproval,
        actor: Actor,
    ) -> Result<CaseDetail> {
        let note = note(&input.note)?;
        let Some(senior) = actor.reviewer().cloned() else {
            return Err(Error::Forbidden("a second approval is a senior reviewer's, signed in to the console".into()));
        };
        if !senior.may(Role::Senior) {
            return Err(Error::Forbidden(format!(
                "{} is a `{}`: only a senior or an admin gives the second approval",
                who(&senior),
                senior.role.as_str()
            )));
        }
        let people = self.engine.console().reviewers(scope.organization).await?;
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        self.modify(scope, id, move |conn, case| {
            let Some(first) = case.review.pending_decision.clone() else {
                return Err(Error::Conflict(format!(
                    "no decision on the case awaits a second approval (it is `{}`)",
                    case.status.as_str()
                )));
            };
            if let Some(why) = approval_refusal(&senior, &first, &people) {
                return Err(Error::Forbidden(why));
            }
            let Some(kind) = first.kind() else {
                return Err(Error::Storage("the pending decision is not an approval or a rejection".into()));
            };
            let decision = Decision {
                id: DecisionId::new(real_now),
                step: DecisionStep::Second,
                decision: if input.confirm { Verdict::Confirm } else { Verdict::Overturn },
                reason: None,
                reasons: Vec::new(),
                note: note.clone(),
                merchant_message: None,
                approver: None,
                reviewer: Some(senior.reference()),
                api_key_id: None,
                at: now,
            };
            store::insert_decision(conn, case, &decision, None)?;
            case.review.pending_decision = None;
            let detail = json!({
                "decision_id": decision.id, "first_decision_id": first.id, "confirm": input.confirm, "note": note,
                "decision": first.decision, "reason": first.reason,
            });
            // The second approval is its own event, with what it approved; a confirmation also
            // moves the case (`decided`).
            if input.confirm {
                transition(conn, case, kind.event(), &actor, now, real_now, json!({ "decision_id": decision.id }))?;
            } else {
                // The review's clock stood still while the decision waited: it runs on from
                // where it stopped.
                let waited = SignedDuration::from_millis(now.as_millis().saturating_sub(first.at.as_millis()).max(0));
                case.review.stage_entered_at = case.review.stage_entered_at.saturating_add(waited);
                set_sla(conn, case, &store::desk_settings(conn, case.scope)?)?;
            }
            Ok(Some(entry(now, "second_approval", &actor, detail)))
        })
        .await
    }

    /// An internal note on the case, with the reviewers it mentions.
    pub async fn comment(&self, scope: Scope, id: CaseId, input: NewComment, author: Reviewer) -> Result<Comment> {
        let body = crate::values::multiline_text("body", &input.body, MAX_NOTE)?;
        let reviewers: Vec<ReviewerRef> = self
            .engine
            .console()
            .reviewers(scope.organization)
            .await?
            .iter()
            .filter(|r| r.disabled_at.is_none())
            .map(Reviewer::reference)
            .collect();
        let comment = Comment {
            id: CommentId::new(self.engine.real_now()),
            author: author.reference(),
            mentions: mentions(&body, &reviewers).into_iter().cloned().collect(),
            body,
            at: self.engine.now(scope),
        };
        let stored = comment.clone();
        self.modify(scope, id, move |conn, case| {
            store::insert_comment(conn, case, &stored)?;
            let actor = Actor::Reviewer(author);
            Ok(Some(entry(
                stored.at,
                "commented",
                &actor,
                json!({ "comment_id": stored.id, "body": stored.body, "mentions": stored.mentions.iter().map(|m| m.id).collect::<Vec<_>>() }),
            )))
        })
        .await?;
        Ok(comment)
    }

    /// A page of one of the case's documents as a picture at most `size` pixels on its longest
    /// side, `find` marked where its text layer has it, and the document's page count.
    pub async fn document_preview(
        &self,
        scope: Scope,
        id: CaseId,
        file: crate::files::FileId,
        page: u32,
        size: u32,
        find: Option<String>,
    ) -> Result<crate::verifications::preview::PageView> {
        let case = self.engine.core.db.read(move |conn| store::get_case(conn, scope, id)).await?;
        let holds =
            case.ok_or(Error::not_found("KYB verification"))?.form.documents.values().any(|ids| ids.contains(&file));
        if !holds {
            return Err(Error::not_found("document"));
        }
        let (stored, bytes) = self.engine.files().read(scope, file).await?;
        self.engine
            .core
            .heavy
            .run("the preview", move || {
                crate::verifications::preview::view_page(&stored.sniffed_type, &bytes, page, size, find.as_deref())
            })
            .await
    }

    /// The queue's counts.
    pub async fn desk_counts(&self, scope: Scope, me: Option<ReviewerId>) -> Result<DeskCounts> {
        let now = self.engine.now(scope);
        self.engine.core.db.read(move |conn| store::desk_counts(conn, scope, me, now)).await
    }

    /// Each reviewer's figures for decisions made in `[from, to)`.
    pub async fn metrics(&self, scope: Scope, from: Timestamp, to: Timestamp) -> Result<Metrics> {
        let reviewers = self.engine.console().reviewers(scope.organization).await?;
        let now = self.engine.now(scope);
        let (facts, breaches, counts) = self
            .engine
            .core
            .db
            .read(move |conn| {
                Ok((
                    store::decision_facts(conn, scope, from, to)?,
                    crate::audit::store::breaches_by_reviewer(conn, scope, from, to)?,
                    store::desk_counts(conn, scope, None, now)?,
                ))
            })
            .await?;
        let mut out = Vec::new();
        for r in reviewers {
            let mine: Vec<_> = facts.iter().filter(|f| f.reviewer.as_ref().is_some_and(|x| x.id == r.id)).collect();
            let decisions: Vec<_> = mine.iter().filter(|f| f.step != "second").collect();
            let seconds: Vec<_> = mine.iter().filter(|f| f.step == "second").collect();
            let decided = decisions.len() as u64;
            let approved = decisions.iter().filter(|f| f.decision == "approve").count() as u64;
            let rejected = decided - approved;
            let mut minutes: Vec<f64> = decisions
                .iter()
                .filter_map(|f| f.assigned_at.map(|a| (f.at.as_millis() - a.as_millis()) as f64 / 60_000.0))
                .collect();
            minutes.sort_by(f64::total_cmp);
            let median = match minutes.len() {
                0 => None,
                n if n % 2 == 1 => Some(minutes[n / 2]),
                n => Some((minutes[n / 2 - 1] + minutes[n / 2]) / 2.0),
            };
            let rate = |n: u64| (decided > 0).then(|| n as f64 / decided as f64);
            let id = r.id.to_string();
            out.push(ReviewerMetrics {
                reviewer: r.reference(),
                role: r.role,
                decided,
                approved,
                rejected,
                approval_rate: rate(approved),
                rejection_rate: rate(rejected),
                median_minutes_to_decision: median,
                second_approvals_given: seconds.len() as u64,
                overturned: seconds.iter().filter(|f| f.decision == "overturn").count() as u64,
                sla_breaches: breaches.iter().find(|(who, _)| *who == id).map_or(0, |(_, n)| *n),
            });
        }
        Ok(Metrics { from, to, reviewers: out, sla_breached_now: counts.sla_breached })
    }

    /// Records every SLA breach due now, waiting for them (for tests and tools; a serving
    /// engine's loop does this as they fall due).
    pub async fn run_due_sla(&self) -> Result<usize> {
        work::run_now(self.engine, &SlaWorker).await
    }

    /// Records the breach of a case's SLA, if it is still past due.
    async fn breach(&self, claim: &Claim) -> Result<()> {
        let (scope, id) = (claim.scope, CaseId(claim.subject));
        let now = self.engine.now(scope);
        let claim = claim.clone();
        self.engine
            .core
            .db
            .write(move |conn| {
                if let Some(case) = store::get_case(conn, scope, id)?
                    && let Some(due) = case.review.sla_due_at
                    && due <= now
                {
                    let detail = json!({
                        "stage": case.status.stage(),
                        // Which allowance ran out: a pending second approval's, or the stage's
                        // (a reviewer's review, the merchant's remediation, the checks).
                        "sla": breached_sla(&case),
                        "due_at": due,
                        "case_public_id": case.public_id,
                        "assignee_id": case.review.assignee_id(),
                        "assignee": case.review.assignee.as_ref().map(|a| a.name.clone()),
                    });
                    // Checks past due are stuck (an admin's), not a reviewer's breach.
                    let kind = if case.status.stage() == super::case::Stage::RunningChecks {
                        "checks_stuck"
                    } else {
                        "sla_breached"
                    };
                    store::add_timeline(conn, &case, &entry(due, kind, &Actor::Docket, detail))?;
                }
                work::store::complete(conn, &claim).map(drop)
            })
            .await
    }
}

/// Which SLA a case past its due time breached: `awaiting_approval` (a decision waits for its
/// second approval), `review` (a reviewer's, in manual review or failed), `remediation` (the
/// merchant's, in action required), `checks` (running checks: stuck, an admin's).
fn breached_sla(case: &Case) -> &'static str {
    use super::case::Stage;
    match case.status.stage() {
        _ if case.review.pending_decision.is_some() => "awaiting_approval",
        Stage::RunningChecks => "checks",
        Stage::ActionRequired => "remediation",
        _ => "review",
    }
}

/// Records SLA breaches when they fall due.
struct SlaWorker;

impl Worker for SlaWorker {
    const KIND: Kind = Kind::KybSla;
    const MAX_IN_FLIGHT: usize = 32;
    const LEASE: std::time::Duration = std::time::Duration::from_secs(60);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move { engine.kyb().breach(&claim).await });
        Ok(())
    }
}

pub(crate) fn spawn(engine: &Engine) {
    work::spawn(engine, SlaWorker);
}

/// Default period of the metrics: the last 30 days.
pub const METRICS_PERIOD: SignedDuration = SignedDuration::from_hours(24 * 30);

#[cfg(test)]
mod tests {
    use std::sync::{Arc, mpsc};
    use std::time::Duration;

    use super::super::model::{CheckId, Provider};
    use super::super::review::{DecisionKind, NewDecision, Reason};
    use super::super::summary::{CheckType, Outcome};
    use super::*;
    use crate::time::ManualTime;
    use crate::{EngineConfig, Environment};

    /// An approval is checked against the flags as they stand inside its own write: a check that
    /// errors after the decision set out (committed while the decision waits for the writer) is
    /// not approved past. Before, the flags were read ahead of the write and this approval went
    /// through unacknowledged.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_approval_acknowledges_the_flags_standing_in_its_own_write() {
        let dir = tempfile::tempdir().expect("dir");
        let mut config = EngineConfig::new(dir.path());
        config.time = Arc::new(ManualTime::new("2026-03-01T09:00:00Z".parse().expect("time")));
        let engine = Engine::open(config).await.expect("opens");
        let org = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first").organization.id;
        let scope = Scope::new(org, Environment::Sandbox);
        engine.kyb().seed_synthetic(scope, 16, 7).await.expect("cases");
        let case = engine
            .core
            .db
            .read(move |conn| {
                let id: CaseId = conn.query_row(
                    "SELECT id FROM kyb_cases WHERE status = 'manual_review' ORDER BY id LIMIT 1",
                    [],
                    |r| r.get(0),
                )?;
                Ok(store::get_case(conn, scope, id)?.expect("case"))
            })
            .await
            .expect("a case in manual review");
        let id = case.id;
        assert!(engine.kyb().get(scope, id).await.expect("get").open_flags.is_empty(), "nothing open when looked at");

        // A writer that adds an errored check and holds its transaction open until told.
        let (started, wait_started) = mpsc::channel::<()>();
        let (go, wait_go) = mpsc::channel::<()>();
        let writer = engine.clone();
        let check = CheckId(uuid::Uuid::now_v7());
        let blocker = tokio::spawn(async move {
            writer
                .core
                .db
                .write(move |conn| {
                    let at = case.created_at;
                    let new = store::NewCheck {
                        id: check,
                        case: &case,
                        check_type: CheckType::Registry,
                        subject_key: "company",
                        subject_name: "Acme",
                        provider: Provider::Sandbox,
                        at,
                    };
                    store::insert_check(conn, &new)?;
                    let outcome = Outcome::Error { reason: "the registry timed out".into() };
                    store::finish_check(conn, check, &outcome, "the registry timed out", &json!({}), at)?;
                    started.send(()).ok();
                    wait_go.recv_timeout(Duration::from_secs(10)).ok();
                    Ok(())
                })
                .await
        });
        wait_started.recv_timeout(Duration::from_secs(10)).expect("the writer holds its transaction");
        let kyb_engine = engine.clone();
        let decision = tokio::spawn(async move {
            let input = NewDecision::new(DecisionKind::Approve, vec![Reason::ManuallyVerified], "All verified.");
            kyb_engine.kyb().decide(scope, id, input, Actor::Command).await
        });
        // Time for the decision to look at the case (before the errored check is committed).
        tokio::time::sleep(Duration::from_millis(300)).await;
        go.send(()).expect("go");
        blocker.await.expect("joins").expect("the check is written");
        let refused = decision.await.expect("joins").expect_err("the errored check is not acknowledged");
        assert!(matches!(refused, Error::Conflict(_)), "{refused:?}");
        assert!(refused.to_string().contains(&format!("errored:{check}")), "{refused}");
        let after = engine.kyb().get(scope, id).await.expect("get");
        assert_eq!(after.row.status, super::super::CaseStatus::ManualReview, "not approved");
        assert_eq!(after.open_flags.len(), 1);
    }
}
