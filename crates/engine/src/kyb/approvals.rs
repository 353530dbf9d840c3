//! Four eyes that routes itself (issue 33): decisions awaiting their second approval are a queue
//! of their own, oldest first; a senior's *Next case* hands out the oldest one they may give
//! before any new case (`desk.rs`); the first reviewer may name the senior, who then finds it in
//! their inbox (with no one named, every senior does), beside the comments that mention them.
//! Naming routes the approval; any other senior may still give it from the case file.

use rusqlite::Connection;
use serde::Serialize;
use serde_json::json;

use super::case::{CaseStatus, RiskLevel};
use super::model::{Case, CaseId};
use super::review::{Comment, Decision, approval_refusal};
use super::service::{Kyb, entry};
use super::store;
use crate::Actor;
use crate::console::{Reviewer, ReviewerRef};
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::time::Timestamp;

/// The most mentions an inbox lists.
const INBOX_MENTIONS: u32 = 20;

/// A decision awaiting its second approval, with its case.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PendingApproval {
    pub case_id: CaseId,
    pub public_id: String,
    pub company_name: Option<String>,
    pub status: CaseStatus,
    pub risk_level: Option<RiskLevel>,
    /// The first reviewer's case stays theirs: an overturned decision comes back to them.
    pub assignee: Option<ReviewerRef>,
    /// The first decision, with its reasons and the senior it is routed to (`approver`).
    pub decision: Decision,
    /// When the approval's own SLA (`sla_hours.awaiting_approval`) is breached.
    pub sla_due_at: Option<Timestamp>,
    /// Whether the caller may give it: a senior or admin other than the first reviewer (never
    /// an API key).
    pub may_approve: bool,
    /// Whether it is routed to the caller: they were named, or took it with *Next case*.
    pub routed_to_me: bool,
}

/// `GET /_docket/desk/approvals`: every decision awaiting its second approval, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Approvals {
    pub data: Vec<PendingApproval>,
}

/// A comment that mentions the reader.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Mention {
    pub case_id: CaseId,
    pub public_id: String,
    pub company_name: Option<String>,
    pub comment: Comment,
    /// Whether the reader has read it: they opened its case since, or marked their mentions
    /// read.
    pub read: bool,
}

/// `GET /_docket/desk/inbox`: what waits for the signed-in reviewer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Inbox {
    /// Second approvals they may give that are routed to them, or to no one in particular
    /// (then every senior sees them), oldest first.
    pub approvals: Vec<PendingApproval>,
    /// The latest comments by others that mention them (at most 20), newest first.
    pub mentions: Vec<Mention>,
    /// How many comments by others mention them that they have not read (all of them, not only
    /// the latest 20).
    pub unread_mentions: u32,
}

/// The pending approvals of `cases` as `viewer` sees them (none: the integration), oldest
/// decision first.
fn pending(cases: Vec<Case>, viewer: Option<&Reviewer>, people: &[Reviewer]) -> Vec<PendingApproval> {
    let mut out: Vec<PendingApproval> = cases
        .into_iter()
        .filter_map(|case| {
            let row = case.row();
            let decision = case.review.pending_decision?;
            let may_approve = viewer.is_some_and(|v| approval_refusal(v, &decision, people).is_none());
            let routed_to_me = viewer.is_some_and(|v| decision.approver.as_ref().is_some_and(|a| a.id == v.id));
            Some(PendingApproval {
                case_id: case.id,
                public_id: case.public_id,
                company_name: row.company_name,
                status: case.status,
                risk_level: case.risk_level,
                assignee: case.review.assignee,
                sla_due_at: case.review.sla_due_at,
                decision,
                may_approve,
                routed_to_me,
            })
        })
        .collect();
    out.sort_by_key(|a| (a.decision.at, a.case_id));
    out
}

/// Whether an approval belongs in `me`'s inbox (and *Next case*): one they may give, routed to
/// them or to no one.
fn for_me(p: &PendingApproval) -> bool {
    p.may_approve && (p.routed_to_me || p.decision.approver.is_none())
}

/// Inside *Next case*'s write: the oldest approval `me` may give and that is theirs or no one's,
/// now routed to them (so another senior's *Next case* skips it), with its timeline entry.
pub(super) fn take_oldest(
    conn: &Connection,
    scope: Scope,
    me: &Reviewer,
    people: &[Reviewer],
    now: Timestamp,
) -> Result<Option<CaseId>> {
    let cases = store::approvals::awaiting(conn, scope)?;
    let Some(oldest) = pending(cases, Some(me), people).into_iter().find(for_me) else { return Ok(None) };
    if oldest.routed_to_me {
        return Ok(Some(oldest.case_id));
    }
    let Some(mut case) = store::get_case(conn, scope, oldest.case_id)? else { return Ok(None) };
    if let Some(first) = case.review.pending_decision.as_mut() {
        first.approver = Some(me.reference());
    }
    case.last_activity_at = case.last_activity_at.max(now);
    store::update_case(conn, &case)?;
    let actor = Actor::Reviewer(me.clone());
    let detail = json!({ "approver_id": me.id, "approver": me.name.as_str(), "how": "next_case" });
    store::add_timeline(conn, &case, &entry(now, "approval_taken", &actor, detail))?;
    Ok(Some(case.id))
}

impl Kyb<'_> {
    /// Every decision awaiting its second approval in the environment, oldest first, as
    /// `viewer` sees them (whether they may give each, and which are routed to them).
    pub async fn approvals(&self, scope: Scope, viewer: Option<Reviewer>) -> Result<Approvals> {
        let people = self.engine.console().reviewers(scope.organization).await?;
        let cases = self.engine.core.db.read(move |conn| store::approvals::awaiting(conn, scope)).await?;
        Ok(Approvals { data: pending(cases, viewer.as_ref(), &people) })
    }

    /// What waits for `me`: the approvals routed to them or to no one that they may give, and
    /// the comments that mention them.
    pub async fn inbox(&self, scope: Scope, me: Reviewer) -> Result<Inbox> {
        let people = self.engine.console().reviewers(scope.organization).await?;
        let id = me.id;
        let (cases, mentions, unread_mentions) = self
            .engine
            .core
            .db
            .read(move |conn| {
                Ok((
                    store::approvals::awaiting(conn, scope)?,
                    store::approvals::mentioning(conn, scope, id, INBOX_MENTIONS)?,
                    store::approvals::unread_mentions(conn, scope, id)?,
                ))
            })
            .await?;
        Ok(Inbox {
            approvals: pending(cases, Some(&me), &people).into_iter().filter(for_me).collect(),
            mentions: mentions
                .into_iter()
                .map(|m| Mention {
                    case_id: m.case_id,
                    public_id: m.public_id,
                    company_name: m.company_name,
                    comment: m.comment,
                    read: m.read,
                })
                .collect(),
            unread_mentions,
        })
    }

    /// Marks the reviewer's mentions read: those on one case (the console does when they open
    /// it), or all of them. Answers their inbox as it is then.
    pub async fn read_mentions(&self, scope: Scope, me: Reviewer, case: Option<CaseId>) -> Result<Inbox> {
        let (id, now) = (me.id, self.engine.now(scope));
        self.engine
            .core
            .db
            .write(move |conn| {
                if let Some(case) = case
                    && store::get_case(conn, scope, case)?.is_none()
                {
                    return Err(Error::not_found("KYB verification"));
                }
                store::approvals::mark_mentions_read(conn, scope, id, case, now).map(drop)
            })
            .await?;
        self.inbox(scope, me).await
    }
}
