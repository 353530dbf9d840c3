//! The console's review of flagged events: a disposition (cleared, escalated, reported) with a
//! note saying why, and the reviewer who works the event. Only flagged events (`review` or
//! `reject`) are reviewed; every change goes on the audit chain with who made it.
//!
//! Who may assign: any reviewer takes an unassigned event or one of their own, or lets go of
//! theirs; giving an event to someone else, or taking it from them, is a senior's or an admin's
//! (as reassigning cases is on the desk).

use serde::Deserialize;

use super::model::{Decision, Disposition, EventId, EventResult};
use super::service::Transmon;
use super::store;
use crate::console::{Reviewer, ReviewerId, ReviewerRef as Assignee, Role};
use crate::error::{Error, Result};
use crate::scope::Scope;

/// The longest note a disposition keeps.
const MAX_NOTE: usize = 4000;

/// `POST /_docket/transmon/events/{event_id}/disposition`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MonitoringDispositionInput))]
pub struct NewDisposition {
    pub disposition: Disposition,
    /// Why: what the reviewer looked at and concluded (required).
    pub note: String,
}

/// `POST /_docket/transmon/events/{event_id}/assignee`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MonitoringAssigneeInput))]
pub struct NewAssignee {
    /// The reviewer to work the event; null lets it go.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub reviewer_id: Option<ReviewerId>,
}

/// Whether `by` may move the event from `current` to `to`.
fn may_assign(by: &Reviewer, current: Option<&Assignee>, to: Option<ReviewerId>) -> Result<()> {
    let senior = by.may(Role::Senior);
    let own = |a: Option<&Assignee>| a.is_none_or(|a| a.id == by.id);
    let to_self = to.is_none_or(|t| t == by.id);
    if senior || (own(current) && to_self) {
        return Ok(());
    }
    Err(Error::Forbidden(match current {
        Some(a) if a.id != by.id => {
            format!("the event is {}'s: a senior or an admin reassigns it", a.name)
        }
        _ => "a reviewer assigns events to themselves; a senior or an admin assigns them to others".to_owned(),
    }))
}

fn flagged(event: &EventResult) -> Result<()> {
    if event.decision == Decision::Allow {
        return Err(Error::Conflict(
            "the event was allowed: only flagged events (`review` or `reject`) are reviewed".to_owned(),
        ));
    }
    Ok(())
}

impl Transmon<'_> {
    /// Records a reviewer's disposition of a flagged event (a later one replaces it; each is on
    /// the audit chain).
    pub async fn dispose(&self, scope: Scope, id: EventId, input: NewDisposition, by: Reviewer) -> Result<EventResult> {
        let note = crate::values::multiline_text("note", input.note.trim(), MAX_NOTE)?;
        if note.is_empty() {
            return Err(Error::invalid("note", "is required: say what you looked at and why you concluded so"));
        }
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let event = store::get_event(conn, scope, id)?.ok_or(Error::not_found(EventId::WHAT))?;
                flagged(&event)?;
                let mut review = store::get_review(conn, scope, id)?.unwrap_or_default();
                let before = review.disposition;
                let actor = crate::Actor::Reviewer(by);
                review.disposition = Some(input.disposition);
                review.note = Some(note.clone());
                review.disposed_by = Some(actor.name());
                review.disposed_at = Some(now);
                store::put_review(conn, scope, id, event.applicant_id, &review)?;
                crate::audit::record(
                    conn,
                    scope,
                    now,
                    &actor,
                    "monitoring_event_disposed",
                    serde_json::json!({
                        "event_id": id,
                        "applicant_id": event.applicant_id,
                        "disposition": input.disposition,
                        "before": before,
                        "note": note,
                    }),
                )?;
                Ok(EventResult { review: Some(review), ..event })
            })
            .await
    }

    /// Gives a flagged event to a reviewer of the organization, or lets it go (`None`).
    pub async fn assign(&self, scope: Scope, id: EventId, input: NewAssignee, by: Reviewer) -> Result<EventResult> {
        let to =
            match input.reviewer_id {
                None => None,
                Some(r) => {
                    let reviewer =
                        self.engine.console().reviewer(scope.organization, r).await.map_err(|_| {
                            Error::invalid("reviewer_id", "no reviewer of the organization has this id")
                        })?;
                    if !reviewer.active() {
                        return Err(Error::invalid(
                            "reviewer_id",
                            format!("{} cannot sign in: disabled", reviewer.name.as_str()),
                        ));
                    }
                    Some(reviewer.reference())
                }
            };
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let event = store::get_event(conn, scope, id)?.ok_or(Error::not_found(EventId::WHAT))?;
                flagged(&event)?;
                let mut review = store::get_review(conn, scope, id)?.unwrap_or_default();
                may_assign(&by, review.assignee.as_ref(), to.as_ref().map(|a| a.id))?;
                let before = review.assignee.take();
                let actor = crate::Actor::Reviewer(by);
                review.assignee = to.clone();
                review.assigned_by = Some(actor.name());
                review.assigned_at = Some(now);
                store::put_review(conn, scope, id, event.applicant_id, &review)?;
                crate::audit::record(
                    conn,
                    scope,
                    now,
                    &actor,
                    "monitoring_event_assigned",
                    serde_json::json!({
                        "event_id": id,
                        "applicant_id": event.applicant_id,
                        "assignee": to,
                        "before": before,
                    }),
                )?;
                Ok(EventResult { review: Some(review), ..event })
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::ReviewerName;

    fn reviewer(n: u128, role: Role) -> Reviewer {
        Reviewer {
            id: ReviewerId(uuid::Uuid::from_u128(n)),
            organization_id: crate::scope::OrganizationId(uuid::Uuid::nil()),
            name: ReviewerName::parse(&format!("R{n}")).expect("a name"),
            email: None,
            role,
            owner: false,
            created_at: crate::time::Timestamp::UNIX_EPOCH,
            disabled_at: None,
            removed_at: None,
            has_password: false,
            has_second_factor: false,
        }
    }

    #[test]
    fn reviewers_take_and_release_their_own_events_and_seniors_reassign() {
        let (ann, bob) = (reviewer(1, Role::Reviewer), reviewer(2, Role::Reviewer));
        let sue = reviewer(3, Role::Senior);
        let anns = Assignee { id: ann.id, name: "R1".into() };
        assert!(may_assign(&ann, None, Some(ann.id)).is_ok(), "takes an unassigned event");
        assert!(may_assign(&ann, Some(&anns), None).is_ok(), "lets go of hers");
        assert!(matches!(may_assign(&bob, Some(&anns), Some(bob.id)), Err(Error::Forbidden(m)) if m.contains("R1's")));
        assert!(matches!(may_assign(&ann, None, Some(bob.id)), Err(Error::Forbidden(_))), "not to someone else");
        assert!(may_assign(&sue, Some(&anns), Some(bob.id)).is_ok(), "a senior reassigns");
    }
}
