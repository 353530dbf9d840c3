//! The reviewer's desk in the engine: "next case" under concurrency, the rules of assignment
//! and four eyes, and the audit chain over real case events (edited, removed, reordered).

mod common;

use std::collections::HashSet;

use common::fixture;
use docket_engine::audit::verify_lines;
use docket_engine::console::{NewReviewer, Role};
use docket_engine::kyb::{
    CaseFilter, CaseStatus, DecisionKind, DeskSettings, FourEyes, NewDecision, NewSecondApproval, Reason,
};
use docket_engine::page::PageRequest;
use docket_engine::{Actor, Error, Scope};

async fn waiting_cases(f: &common::Fixture, scope: Scope, n: usize) -> Vec<docket_engine::kyb::CaseId> {
    f.engine.kyb().seed_synthetic(scope, n * 6, 7).await.expect("seeds");
    let filter = CaseFilter { status: vec![CaseStatus::ManualReview, CaseStatus::Failed], ..CaseFilter::default() };
    let page = f.engine.kyb().list_json(scope, filter, PageRequest { page: 0, limit: 25 }).await.expect("lists");
    let rows: serde_json::Value = serde_json::from_slice(&page.into_bytes()).expect("json");
    rows["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["id"].as_str().expect("id").parse().expect("uuid"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_reviewers_pressing_next_at_once_get_fifty_distinct_cases() {
    let f = fixture().await;
    let org = f.sandbox.organization;
    f.engine.kyb().seed_synthetic(f.sandbox, 400, 11).await.expect("seeds");
    let mut reviewers = Vec::new();
    for i in 0..50 {
        let new = NewReviewer { name: format!("Reviewer {i}"), email: None, role: Role::Reviewer };
        reviewers.push(f.engine.console().add_reviewer(org, new, &Actor::Command).await.expect("adds"));
    }
    let calls = reviewers.into_iter().map(|r| {
        let engine = f.engine.clone();
        let scope = f.sandbox;
        tokio::spawn(async move { (r.id, engine.kyb().next_case(scope, r).await) })
    });
    let mut cases = HashSet::new();
    let mut handed = 0;
    for call in calls {
        let (reviewer, result) = call.await.expect("joins");
        match result {
            Ok(case) => {
                handed += 1;
                assert_eq!(case.row.review.assignee.as_ref().map(|a| a.id), Some(reviewer));
                assert!(case.row.status.awaits_reviewer());
                assert!(cases.insert(case.row.id), "a case was handed out twice");
            }
            Err(Error::NotFound { .. }) => {}
            Err(e) => panic!("next case failed: {e}"),
        }
    }
    assert_eq!(handed, 50, "400 synthetic cases hold more than 50 waiting for a reviewer");
    assert_eq!(cases.len(), 50);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_api_key_decides_only_unassigned_cases_and_waits_for_a_senior_under_four_eyes() {
    let f = fixture().await;
    let (org, scope) = (f.sandbox.organization, f.sandbox);
    let console = f.engine.console();
    let add = |name: &str, role| NewReviewer { name: name.into(), email: None, role };
    let ann = console.add_reviewer(org, add("Ann", Role::Reviewer), &Actor::Command).await.expect("ann");
    let sue = console.add_reviewer(org, add("Sue", Role::Senior), &Actor::Command).await.expect("sue");
    let key = f.engine.keys().create(org, scope.environment, "integration").await.expect("key").key.id;
    let ids = waiting_cases(&f, scope, 2).await;
    let kyb = f.engine.kyb();
    let approve = |acknowledged_flags: Vec<String>| {
        NewDecision::new(DecisionKind::Approve, vec![Reason::ChecksClear], "The integration's own checks passed.")
            .acknowledging(acknowledged_flags)
    };

    // A case a reviewer works is theirs: the key cannot decide it.
    kyb.claim(scope, ids[0], ann.clone()).await.expect("claims");
    let refused = kyb.decide(scope, ids[0], approve(Vec::new()), Actor::ApiKey(key)).await;
    assert!(matches!(refused, Err(Error::Forbidden(m)) if m.contains("Ann")), "a reviewer's case");

    // An unassigned one under four eyes: a first decision, named by the key, that waits.
    let settings = DeskSettings { four_eyes: FourEyes::All, ..DeskSettings::default() };
    kyb.set_desk_settings(scope, settings, Actor::Command).await.expect("sets");
    // Approving acknowledges whatever is open (kyb::flags and tests/http/test_hits.py hold the refusals).
    let flags: Vec<String> =
        kyb.get(scope, ids[1]).await.expect("case").open_flags.iter().map(|f| f.key.clone()).collect();
    let proposed = kyb.decide(scope, ids[1], approve(flags.clone()), Actor::ApiKey(key)).await.expect("proposes");
    assert!(proposed.row.status.awaits_reviewer(), "waits for the second approval");
    let pending = proposed.row.review.pending_decision.clone().expect("pending");
    assert_eq!((pending.reviewer.clone(), pending.api_key_id), (None, Some(key)));
    assert_eq!(pending.by(), format!("API key {key}"));
    let done = kyb
        .second_approval(
            scope,
            ids[1],
            NewSecondApproval { confirm: true, note: "Agreed.".into() },
            Actor::Reviewer(sue),
        )
        .await
        .expect("a senior confirms");
    assert_eq!(done.row.status, CaseStatus::ApprovedManually);
    let export = f.engine.audit().export(scope).await.expect("exports");
    let proposed_by: Vec<String> = export
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .filter(|e| e["kind"] == "decision_proposed")
        .map(|e| e["actor"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(proposed_by, vec![format!("API key {key}")], "the chain names the key, never a reviewer");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_assignee_decides_and_four_eyes_needs_another_senior() {
    let f = fixture().await;
    let (org, scope) = (f.sandbox.organization, f.sandbox);
    let console = f.engine.console();
    let add = |name: &str, role| NewReviewer { name: name.into(), email: None, role };
    let ann = console.add_reviewer(org, add("Ann", Role::Reviewer), &Actor::Command).await.expect("ann");
    let bob = console.add_reviewer(org, add("Bob", Role::Reviewer), &Actor::Command).await.expect("bob");
    let sue = console.add_reviewer(org, add("Sue", Role::Senior), &Actor::Command).await.expect("sue");
    let id = waiting_cases(&f, scope, 1).await[0];
    let kyb = f.engine.kyb();
    // A rejection acknowledges nothing.
    let reject = |note: &str| NewDecision::new(DecisionKind::Reject, vec![Reason::RegistryMismatch], note);

    let refused = kyb.decide(scope, id, reject("unclaimed"), Actor::Reviewer(ann.clone())).await;
    assert!(matches!(refused, Err(Error::Forbidden(m)) if m.contains("claim")));
    kyb.claim(scope, id, ann.clone()).await.expect("claims");
    let taken = kyb.claim(scope, id, bob.clone()).await;
    assert!(matches!(taken, Err(Error::Conflict(m)) if m.contains("Ann")));
    let other = kyb.decide(scope, id, reject("not mine"), Actor::Reviewer(bob.clone())).await;
    assert!(matches!(other, Err(Error::Forbidden(m)) if m.contains("Ann")));
    let wrong_reason = NewDecision::new(DecisionKind::Reject, vec![Reason::ChecksClear], "x");
    assert!(matches!(kyb.decide(scope, id, wrong_reason, Actor::Reviewer(ann.clone())).await, Err(Error::Invalid(_))));

    let settings = DeskSettings { four_eyes: FourEyes::All, ..DeskSettings::default() };
    kyb.set_desk_settings(scope, settings, Actor::Command).await.expect("sets");
    let proposed = kyb
        .decide(scope, id, reject("Registry lists another director."), Actor::Reviewer(ann.clone()))
        .await
        .expect("decides");
    assert!(proposed.row.status.awaits_reviewer(), "the status waits for the second approval");
    assert!(proposed.row.review.pending_decision.is_some());
    let again = kyb.decide(scope, id, reject("twice"), Actor::Reviewer(ann.clone())).await;
    assert!(matches!(again, Err(Error::Conflict(_))));

    let approval = |confirm| NewSecondApproval { confirm, note: "Checked the registry myself.".into() };
    let own = kyb.second_approval(scope, id, approval(true), Actor::Reviewer(ann.clone())).await;
    assert!(matches!(own, Err(Error::Forbidden(_))), "not a senior, and the first reviewer");
    let junior = kyb.second_approval(scope, id, approval(true), Actor::Reviewer(bob.clone())).await;
    assert!(matches!(junior, Err(Error::Forbidden(m)) if m.contains("senior")));
    let done = kyb.second_approval(scope, id, approval(true), Actor::Reviewer(sue.clone())).await.expect("confirms");
    assert_eq!(done.row.status, CaseStatus::RejectedManually);
    assert_eq!(done.decisions.len(), 2, "both decisions are on the case file");
    assert_eq!(done.decisions[1].reviewer.as_ref().map(|r| r.id), Some(sue.id));

    // The chain holds every step, and tampering with any of it is found.
    let export = f.engine.audit().export(scope).await.expect("exports");
    assert!(verify_lines(&export).ok);
    let kinds: Vec<String> = export
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json")["kind"].as_str().unwrap_or("").to_owned())
        .collect();
    for kind in ["assigned", "decision_proposed", "second_approval", "decided", "desk_settings_changed"] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
    }
    let lines: Vec<&str> = export.lines().collect();
    let edited = export.replacen("Registry lists another director.", "Registry matches.", 1);
    assert!(!verify_lines(&edited).ok);
    let removed: String = lines.iter().enumerate().filter(|(i, _)| *i != 3).map(|(_, l)| format!("{l}\n")).collect();
    assert_eq!(verify_lines(&removed).problem.map(|p| p.seq), Some(5));
    let mut swapped = lines.clone();
    swapped.swap(2, 3);
    assert!(!verify_lines(&swapped.join("\n")).ok);
    assert!(f.engine.audit().verify(scope).await.expect("verifies").ok);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seniors_next_case_is_the_oldest_approval_and_the_review_clock_stops_while_it_waits() {
    use docket_engine::kyb::SlaHours;
    let f = fixture().await;
    let (org, scope) = (f.sandbox.organization, f.sandbox);
    let console = f.engine.console();
    let add = |name: &str, role| NewReviewer { name: name.into(), email: None, role };
    let ann = console.add_reviewer(org, add("Ann", Role::Reviewer), &Actor::Command).await.expect("ann");
    let sue = console.add_reviewer(org, add("Sue", Role::Senior), &Actor::Command).await.expect("sue");
    let tom = console.add_reviewer(org, add("Tom", Role::Senior), &Actor::Command).await.expect("tom");
    let sla = SlaHours { manual_review: Some(24), awaiting_approval: Some(8), ..SlaHours::default() };
    let settings = DeskSettings { four_eyes: FourEyes::All, sla_hours: sla };
    f.engine.kyb().set_desk_settings(scope, settings, Actor::Command).await.expect("sets");
    let ids = waiting_cases(&f, scope, 2).await;
    let kyb = f.engine.kyb();
    let hours = |h: i64| jiff::SignedDuration::from_hours(h);

    // The review's clock stops when the decision is proposed; the approval's starts (before,
    // the case went on breaching its 24 hours of review while it waited for a senior).
    let claimed = kyb.claim(scope, ids[0], ann.clone()).await.expect("claims");
    let review_due = claimed.row.review.sla_due_at.expect("an SLA");
    f.time.advance(hours(20));
    let reject =
        NewDecision::new(DecisionKind::Reject, vec![Reason::AdverseMedia, Reason::PoliticallyExposedPerson], "x");
    let proposed = kyb.decide(scope, ids[0], reject, Actor::Reviewer(ann.clone())).await.expect("proposes");
    let first = proposed.row.review.pending_decision.clone().expect("pending");
    assert_eq!(first.reasons, [Reason::AdverseMedia, Reason::PoliticallyExposedPerson]);
    assert_eq!(first.reason, Some(Reason::AdverseMedia));
    assert_eq!(proposed.row.review.sla_due_at, Some(first.at.saturating_add(hours(8))));

    // Naming the senior: only a senior of the organization.
    kyb.claim(scope, ids[1], ann.clone()).await.expect("claims");
    let approve = |named| NewDecision {
        approver_id: Some(named),
        ..NewDecision::new(DecisionKind::Approve, vec![Reason::ChecksClear], "fine")
    };
    let refused = kyb.decide(scope, ids[1], approve(ann.id), Actor::Reviewer(ann.clone())).await;
    assert!(matches!(refused, Err(Error::Invalid(i)) if i.field.as_deref() == Some("approver_id")));
    f.time.advance(hours(1));
    let named = kyb.decide(scope, ids[1], approve(tom.id), Actor::Reviewer(ann.clone())).await.expect("proposes");
    assert_eq!(named.row.review.pending_decision.and_then(|d| d.approver).map(|a| a.id), Some(tom.id));

    // Sue's next case: the oldest approval, routed to her now; Tom's: the one named for him.
    let inbox = kyb.inbox(scope, tom.clone()).await.expect("inbox");
    assert_eq!(inbox.approvals.iter().map(|a| a.case_id).collect::<Vec<_>>(), [ids[0], ids[1]]);
    let sues = kyb.next_case(scope, sue.clone()).await.expect("an approval");
    assert_eq!(sues.row.id, ids[0]);
    assert_eq!(sues.row.review.assignee.as_ref().map(|a| a.id), Some(ann.id), "still Ann's case");
    assert_eq!(sues.row.review.pending_decision.and_then(|d| d.approver).map(|a| a.id), Some(sue.id));
    assert_eq!(kyb.next_case(scope, tom.clone()).await.expect("an approval").row.id, ids[1]);
    let inbox = kyb.inbox(scope, tom.clone()).await.expect("inbox");
    assert_eq!(inbox.approvals.iter().map(|a| a.case_id).collect::<Vec<_>>(), [ids[1]], "Sue's is hers");
    let anns = kyb.next_case(scope, ann.clone()).await.expect("a new case");
    assert!(anns.row.review.pending_decision.is_none() && !ids[..2].contains(&anns.row.id), "a reviewer's queue");

    // Overturned: the review's clock runs on from where it stopped.
    f.time.advance(hours(3));
    let back = kyb
        .second_approval(
            scope,
            ids[0],
            NewSecondApproval { confirm: false, note: "Not them.".into() },
            Actor::Reviewer(sue),
        )
        .await
        .expect("overturns");
    let waited = hours(4);
    assert_eq!(back.row.review.sla_due_at, Some(review_due.saturating_add(waited)));
    assert!(back.row.review.pending_decision.is_none());
}

/// A mention is unread until its reviewer opens its case or marks their mentions read; each
/// reviewer reads for themselves, and a mention that comes after is unread again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mentions_are_unread_until_their_reviewer_opens_the_case_or_marks_them_read() {
    use docket_engine::kyb::NewComment;
    let f = fixture().await;
    let (org, scope) = (f.sandbox.organization, f.sandbox);
    let console = f.engine.console();
    let add = |name: &str, role| NewReviewer { name: name.into(), email: None, role };
    let ann = console.add_reviewer(org, add("Ann", Role::Reviewer), &Actor::Command).await.expect("ann");
    let bob = console.add_reviewer(org, add("Bob", Role::Reviewer), &Actor::Command).await.expect("bob");
    let sue = console.add_reviewer(org, add("Sue", Role::Senior), &Actor::Command).await.expect("sue");
    let ids = waiting_cases(&f, scope, 2).await;
    let kyb = f.engine.kyb();
    let say = |body: &str| serde_json::from_value::<NewComment>(serde_json::json!({ "body": body })).expect("comment");
    kyb.comment(scope, ids[0], say("@Bob and @Sue: the address?"), ann.clone()).await.expect("comments");
    kyb.comment(scope, ids[1], say("@Bob the owners?"), ann.clone()).await.expect("comments");
    kyb.comment(scope, ids[1], say("Noted, @Ann."), ann.clone()).await.expect("one's own mention is not news");

    let unread =
        |inbox: &docket_engine::kyb::Inbox| (inbox.unread_mentions, inbox.mentions.iter().filter(|m| !m.read).count());
    let bobs = kyb.inbox(scope, bob.clone()).await.expect("inbox");
    assert_eq!(unread(&bobs), (2, 2));
    assert_eq!(kyb.inbox(scope, ann.clone()).await.expect("inbox").unread_mentions, 0);

    // Bob opens the first case: its mention is read, the other stays; Sue's is hers to read.
    let read = kyb.read_mentions(scope, bob.clone(), Some(ids[0])).await.expect("reads");
    assert_eq!(unread(&read), (1, 1));
    assert!(read.mentions.iter().any(|m| m.case_id == ids[0] && m.read));
    assert_eq!(kyb.inbox(scope, sue.clone()).await.expect("inbox").unread_mentions, 1);
    assert!(matches!(
        kyb.read_mentions(scope, bob.clone(), Some(docket_engine::kyb::CaseId(uuid::Uuid::now_v7()))).await,
        Err(Error::NotFound { .. })
    ));

    // All read at once; a later mention is news again.
    assert_eq!(unread(&kyb.read_mentions(scope, bob.clone(), None).await.expect("reads")), (0, 0));
    kyb.comment(scope, ids[0], say("@Bob one more thing"), sue.clone()).await.expect("comments");
    let bobs = kyb.inbox(scope, bob.clone()).await.expect("inbox");
    assert_eq!(unread(&bobs), (1, 1));
    assert_eq!(bobs.mentions.len(), 3);
}
