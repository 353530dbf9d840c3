//! The queue (issue 33): every sort in both directions with its total, people's names found by
//! the search and forgotten when they leave the form, stuck checks apart from reviewers'
//! breaches, and bulk assignment with a refusal per case.

mod common;

use common::fixture;
use docket_engine::console::{NewReviewer, Role};
use docket_engine::kyb::{
    BulkAction, BulkAssignment, CaseFilter, CaseSort, CaseStatus, NewCase, SectionKey, SlaFilter, SortKey,
};
use docket_engine::page::PageRequest;
use docket_engine::{Actor, Error, Scope};
use serde_json::{Value, json};

/// Every row the filter matches, page after page, and the total each page reported.
async fn all_rows(f: &common::Fixture, scope: Scope, filter: CaseFilter) -> (Vec<Value>, u64) {
    let mut rows = Vec::new();
    let mut total = None;
    for page in 0.. {
        let json =
            f.engine.kyb().list_json(scope, filter.clone(), PageRequest { page, limit: 25 }).await.expect("lists");
        let body: Value = serde_json::from_slice(&json.into_bytes()).expect("json");
        let t = body["total"].as_u64().expect("total");
        assert!(total.is_none_or(|seen| seen == t), "every page reports the same total");
        total = Some(t);
        rows.extend(body["data"].as_array().expect("rows").iter().cloned());
        if !body["has_next"].as_bool().expect("has_next") {
            break;
        }
    }
    (rows, total.unwrap_or(0))
}

fn key_of(row: &Value, key: SortKey) -> (bool, String) {
    let text = |v: &Value| v.as_str().map(str::to_lowercase);
    let value = match key {
        SortKey::Created => text(&row["created_at"]),
        SortKey::SlaDue => text(&row["review"]["sla_due_at"]),
        SortKey::Company => text(&row["company_name"]),
        SortKey::Status => text(&row["status"]),
        SortKey::Assignee => text(&row["review"]["assignee"]["name"]),
    };
    // Cases without the value sort last ascending.
    (value.is_none(), value.unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_sort_orders_the_whole_list_both_ways_and_counts_it() {
    let f = fixture().await;
    let scope = f.sandbox;
    f.engine.kyb().seed_synthetic(scope, 70, 3).await.expect("seeds");
    let ann = f
        .engine
        .console()
        .add_reviewer(
            scope.organization,
            NewReviewer { name: "Ann".into(), email: None, role: Role::Admin },
            &Actor::Command,
        )
        .await
        .expect("ann");
    let (rows, total) = all_rows(&f, scope, CaseFilter::default()).await;
    assert_eq!((rows.len(), total), (70, 70));
    // A few assigned, so the assignee sort has both kinds.
    for row in rows.iter().filter(|r| r["status"] == "manual_review").take(3) {
        let id = row["id"].as_str().expect("id").parse().expect("uuid");
        f.engine.kyb().assign(scope, id, Some(ann.id), Actor::Reviewer(ann.clone())).await.expect("assigns");
    }
    for (name, key) in CaseSort::KEYS {
        for descending in [false, true] {
            let sort = CaseSort { key, descending };
            let (rows, total) = all_rows(&f, scope, CaseFilter { sort, ..CaseFilter::default() }).await;
            assert_eq!((rows.len(), total), (70, 70), "{name}");
            let keys: Vec<_> = rows.iter().map(|r| key_of(r, key)).collect();
            let mut sorted = keys.clone();
            sorted.sort();
            if descending {
                sorted.reverse();
            }
            if key == SortKey::Status {
                // Within a status, the newest first (ascending) or the oldest first.
                let statuses: Vec<_> = keys.iter().map(|k| k.1.clone()).collect();
                let mut want: Vec<_> = statuses.clone();
                want.sort();
                if descending {
                    want.reverse();
                }
                assert_eq!(statuses, want, "{name} descending={descending}");
            } else {
                assert_eq!(keys, sorted, "{name} descending={descending}");
            }
        }
    }
    // The older names still work; the default is newest first.
    assert_eq!(CaseSort::parse("sla_due"), Some(CaseSort { key: SortKey::SlaDue, descending: false }));
    assert_eq!(CaseSort::parse("-company_name"), Some(CaseSort { key: SortKey::Company, descending: true }));
    assert_eq!(CaseSort::parse("newest"), Some(CaseSort::default()));
    assert_eq!(CaseSort::parse("name"), None);
    // A filter's total counts what it matches, not the page.
    let filter = CaseFilter { status: vec![CaseStatus::ManualReview], ..CaseFilter::default() };
    let (rows, total) = all_rows(&f, scope, filter).await;
    assert_eq!(total as usize, rows.len());
    assert!(rows.iter().all(|r| r["status"] == "manual_review"));
}

async fn search(f: &common::Fixture, scope: Scope, q: &str) -> Vec<String> {
    let (rows, _) = all_rows(f, scope, CaseFilter { q: Some(q.into()), ..CaseFilter::default() }).await;
    rows.iter().map(|r| r["public_id"].as_str().expect("public id").to_owned()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_are_found_by_name_and_forgotten_when_they_leave_the_form() {
    let f = fixture().await;
    let scope = f.sandbox;
    let kyb = f.engine.kyb();
    f.engine.kyb().seed_synthetic(scope, 30, 5).await.expect("seeds");
    let input: NewCase = serde_json::from_value(json!({"external_id": "m-search"})).expect("input");
    let case = kyb.create(scope, input, Actor::Docket).await.expect("created");
    let (id, public_id) = (case.row.id, case.row.public_id.clone());
    kyb.save_section(
        scope,
        id,
        SectionKey::Company,
        json!({"legal_name": "Harbour Lights Ltd", "registration_number": "SC771234", "country": "GB"}),
        Actor::Person,
    )
    .await
    .expect("company");
    kyb.save_section(
        scope,
        id,
        SectionKey::Representative,
        json!({"first_name": "Zofia", "last_name": "Quennell"}),
        Actor::Person,
    )
    .await
    .expect("representative");
    kyb.save_section(
        scope,
        id,
        SectionKey::Ownership,
        json!({"persons": [{"first_name": "Bartholomew", "last_name": "Xylander", "roles": ["shareholder"], "ownership_percentage": 30}]}),
        Actor::Person,
    )
    .await
    .expect("ownership");
    let only = vec![public_id.clone()];
    assert_eq!(search(&f, scope, "xylander").await, only, "an owner by last name");
    assert_eq!(search(&f, scope, "QUENNELL").await, only, "the representative, any letter case");
    assert_eq!(search(&f, scope, "bart xyl").await, only, "several words, each a part of a name");
    assert_eq!(search(&f, scope, "sc771234").await, only, "the registration number");
    assert_eq!(search(&f, scope, "harbour lights").await, only, "the company");
    assert!(search(&f, scope, "zofia nobody").await.is_empty(), "every word must match");
    // Someone who leaves the form leaves the search.
    kyb.save_section(
        scope,
        id,
        SectionKey::Ownership,
        json!({"persons": [{"first_name": "Maud", "last_name": "Oyelaran", "roles": ["shareholder"], "ownership_percentage": 30}]}),
        Actor::Person,
    )
    .await
    .expect("ownership again");
    assert!(search(&f, scope, "xylander").await.is_empty());
    assert_eq!(search(&f, scope, "oyelaran").await, only);
    // A LIKE wildcard typed by a reviewer is a character, not a wildcard.
    assert!(search(&f, scope, "%").await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn checks_past_due_are_stuck_for_an_admin_not_a_reviewers_breach() {
    let f = fixture().await;
    let scope = f.sandbox;
    let kyb = f.engine.kyb();
    // Synthetic cases were created over the last 90 days: most are past any SLA.
    kyb.seed_synthetic(scope, 80, 9).await.expect("seeds");
    let counts = kyb.desk_counts(scope, None).await.expect("counts");
    let now = f.engine.now(scope);
    let stuck = CaseFilter { sla: Some((SlaFilter::Stuck, now)), ..CaseFilter::default() };
    let (stuck_rows, stuck_total) = all_rows(&f, scope, stuck).await;
    assert!(stuck_total > 0, "synthetic cases under review are past the running-checks SLA");
    assert_eq!(counts.checks_stuck, stuck_total);
    assert!(stuck_rows.iter().all(|r| r["status"] == "under_review"));
    let breached = CaseFilter { sla: Some((SlaFilter::Breached, now)), ..CaseFilter::default() };
    let (breached_rows, breached_total) = all_rows(&f, scope, breached).await;
    assert_eq!(counts.sla_breached, breached_total);
    assert!(breached_rows.iter().all(|r| r["status"] != "under_review"), "running checks are no reviewer's breach");
    // The admin's list names the stuck cases; a reviewer may not read it.
    let console = f.engine.console();
    let add = |name: &str, role| NewReviewer { name: name.into(), email: None, role };
    let admin = console.add_reviewer(scope.organization, add("Ada", Role::Admin), &Actor::Command).await.expect("ada");
    let rev = console.add_reviewer(scope.organization, add("Rey", Role::Reviewer), &Actor::Command).await.expect("rey");
    let list = kyb.stuck_checks(scope, Actor::Reviewer(admin)).await.expect("stuck");
    assert_eq!(list.len() as u64, stuck_total.min(200));
    assert!(list.windows(2).all(|w| w[0].sla_due_at <= w[1].sla_due_at), "the most overdue first");
    assert!(matches!(kyb.stuck_checks(scope, Actor::Reviewer(rev)).await, Err(Error::Forbidden(_))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bulk_assignment_reports_each_case_and_keeps_the_single_rules() {
    let f = fixture().await;
    let scope = f.sandbox;
    let kyb = f.engine.kyb();
    kyb.seed_synthetic(scope, 120, 4).await.expect("seeds");
    let filter = CaseFilter { status: vec![CaseStatus::ManualReview], ..CaseFilter::default() };
    let (rows, _) = all_rows(&f, scope, filter).await;
    let ids: Vec<docket_engine::kyb::CaseId> =
        rows.iter().take(4).map(|r| r["id"].as_str().expect("id").parse().expect("uuid")).collect();
    assert_eq!(ids.len(), 4);
    let console = f.engine.console();
    let add = |name: &str, role| NewReviewer { name: name.into(), email: None, role };
    let admin = console.add_reviewer(scope.organization, add("Ada", Role::Admin), &Actor::Command).await.expect("ada");
    let ann = console.add_reviewer(scope.organization, add("Ann", Role::Reviewer), &Actor::Command).await.expect("ann");
    let bob = console.add_reviewer(scope.organization, add("Bob", Role::Reviewer), &Actor::Command).await.expect("bob");
    // Bob works the first case; Ann claims all four: three are hers, Bob's is refused.
    kyb.claim(scope, ids[0], bob.clone()).await.expect("bob claims");
    let bulk = |action, reviewer_id, case_ids: &[docket_engine::kyb::CaseId]| BulkAssignment {
        action,
        case_ids: case_ids.to_vec(),
        reviewer_id,
    };
    let done = kyb.bulk_assign(scope, bulk(BulkAction::Assign, None, &ids), ann.clone()).await.expect("bulk");
    assert_eq!(done.len(), 4);
    assert!(matches!(done[0].1, Err(Error::Conflict(_))), "a case someone else works is refused");
    for (_, r) in &done[1..] {
        assert_eq!(r.as_ref().expect("claimed").row.review.assignee.as_ref().map(|a| a.id), Some(ann.id));
    }
    // Ann may not assign to Bob: the whole request is refused.
    let refused = kyb.bulk_assign(scope, bulk(BulkAction::Assign, Some(bob.id), &ids), ann.clone()).await;
    assert!(matches!(refused, Err(Error::Forbidden(_))));
    // Ann releases all four: Bob's is not hers to release.
    let done = kyb.bulk_assign(scope, bulk(BulkAction::Release, None, &ids), ann.clone()).await.expect("release");
    assert!(matches!(done[0].1, Err(Error::Forbidden(_))));
    assert!(done[1..].iter().all(|(_, r)| r.as_ref().is_ok_and(|c| c.row.review.assignee.is_none())));
    // An admin reassigns all four to Ann, Bob's included; each is on the timeline and the chain.
    let done =
        kyb.bulk_assign(scope, bulk(BulkAction::Assign, Some(ann.id), &ids), admin.clone()).await.expect("admin");
    assert!(
        done.iter()
            .all(|(_, r)| r.as_ref().is_ok_and(|c| c.row.review.assignee.as_ref().map(|a| a.id) == Some(ann.id)))
    );
    let detail = kyb.get(scope, ids[0]).await.expect("case");
    let last = detail.timeline.last().expect("timeline");
    assert_eq!((last.kind.as_str(), last.detail["how"].as_str()), ("assigned", Some("reassigned")));
    // Bounds.
    assert!(matches!(
        kyb.bulk_assign(scope, bulk(BulkAction::Assign, None, &[]), ann.clone()).await,
        Err(Error::Invalid(_))
    ));
    let many = vec![ids[1]; 101];
    assert!(matches!(
        kyb.bulk_assign(scope, bulk(BulkAction::Assign, None, &many), ann.clone()).await,
        Err(Error::Invalid(_))
    ));
    let named = bulk(BulkAction::Release, Some(bob.id), &ids);
    assert!(matches!(kyb.bulk_assign(scope, named, admin).await, Err(Error::Invalid(_))));
}

/// The demo's history is written at the times it shows: each case's timeline and the audit
/// chain agree event for event, the chain's times run forward, and the SLAs are realistic
/// against the clock at seeding (before: every timeline was moved back after the fact and the
/// chain kept the seeding's time, and every waiting case was weeks past its SLA).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_history_agrees_with_the_audit_chain_and_its_slas_are_realistic() {
    use docket_engine::audit::AuditFilter;
    let f = fixture().await;
    let scope = f.sandbox;
    let before = f.engine.sandbox().clock(scope);
    f.engine.demo().seed(scope).await.expect("seeds");
    assert_eq!(f.engine.sandbox().clock(scope).mode, before.mode, "the sandbox clock is put back");
    let now = f.engine.now(scope);
    let (rows, total) = all_rows(&f, scope, CaseFilter::default()).await;
    assert!(total >= 40);
    let one_page = |page| PageRequest { page, limit: 100 };
    let mut chain = Vec::new();
    for page in 0.. {
        let (events, more) = f.engine.audit().list(scope, AuditFilter::default(), one_page(page)).await.expect("audit");
        chain.extend(events);
        if !more {
            break;
        }
    }
    chain.sort_by_key(|e| e.seq);
    for row in &rows {
        let id: docket_engine::kyb::CaseId = row["id"].as_str().expect("id").parse().expect("uuid");
        let case = f.engine.kyb().get(scope, id).await.expect("case");
        let audited: Vec<_> = chain
            .iter()
            .filter(|e| e.case_id.as_deref() == Some(&id.to_string()))
            .map(|e| (e.at, e.kind.clone()))
            .collect();
        // Every timeline entry is on the chain at the same time, in the same order.
        let mut on_chain = audited.iter();
        for t in &case.timeline {
            assert!(
                on_chain.any(|(at, kind)| *at == t.at && *kind == t.kind),
                "{}: the timeline's {} at {} is not on the audit chain at that time",
                case.row.public_id,
                t.kind,
                t.at
            );
        }
        assert_eq!(case.timeline.first().map(|t| t.at), Some(case.row.created_at), "{}", case.row.public_id);
        assert!(case.row.created_at <= now);
    }
    // The demo's events come in time order along the chain.
    let demo: Vec<_> = chain.iter().filter(|e| e.case_id.is_some()).collect();
    assert!(demo.windows(2).all(|w| w[0].at <= w[1].at), "the chain's times run forward");
    // Waiting for a reviewer: most in time, one due within four hours, two breached.
    let waiting: Vec<i64> = rows
        .iter()
        .filter(|r| r["status"] == "manual_review" || r["status"] == "failed")
        .map(|r| {
            let due: docket_engine::time::Timestamp =
                r["review"]["sla_due_at"].as_str().expect("an SLA").parse().expect("time");
            due.as_millis() - now.as_millis()
        })
        .collect();
    let hour = 3_600_000;
    let breached = waiting.iter().filter(|ms| **ms <= 0).count();
    let soon = waiting.iter().filter(|ms| **ms > 0 && **ms <= 4 * hour).count();
    assert_eq!((breached, soon), (2, 1), "{waiting:?}");
    assert!(waiting.len() - breached - soon > waiting.len() / 2);
    // Running checks now, within their SLA: their checks are due a minute or two from now.
    let running: Vec<_> = rows.iter().filter(|r| r["status"] == "under_review").collect();
    assert_eq!(running.len(), 4);
    for r in running {
        let id: docket_engine::kyb::CaseId = r["id"].as_str().expect("id").parse().expect("uuid");
        let case = f.engine.kyb().get(scope, id).await.expect("case");
        assert!(case.checks.iter().any(|c| c.state == docket_engine::kyb::CheckState::Pending));
        let due: docket_engine::time::Timestamp =
            r["review"]["sla_due_at"].as_str().expect("an SLA").parse().expect("time");
        assert!(due > now, "{} is not stuck", case.row.public_id);
    }
    // And they finish through due work once it is their time.
    f.time.advance(jiff::SignedDuration::from_mins(3));
    f.engine.kyb().run_due_checks().await.expect("runs");
    let (left, _) =
        all_rows(&f, scope, CaseFilter { status: vec![CaseStatus::UnderReview], ..CaseFilter::default() }).await;
    assert!(left.is_empty(), "{} still running", left.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn checks_running_past_their_sla_are_recorded_as_stuck_not_as_a_breach() {
    let f = fixture().await;
    let scope = f.sandbox;
    let kyb = f.engine.kyb();
    let input: NewCase = serde_json::from_value(json!({"external_id": "m-stuck"})).expect("input");
    let id = kyb.create(scope, input, Actor::Docket).await.expect("created").row.id;
    kyb.save_section(scope, id, SectionKey::Company, json!({"legal_name": "Slow Checks Ltd", "registration_number": "12340987", "country": "GB", "form_type": "Private limited company", "entity_type": "limited_company", "registration_type": "company_number", "incorporation_date": "2016-04-12", "address": {"street": "1 Road", "city": "Leeds", "postal_code": "LS1 1AA", "country": "GB"}}), Actor::Person)
        .await
        .expect("company");
    kyb.save_section(scope, id, SectionKey::Representative, json!({"first_name": "Ida", "last_name": "Slow", "email": "ida@example.com", "title": "CEO", "date_of_birth": "1980-01-01", "nationality": "GB"}), Actor::Person)
        .await
        .expect("representative");
    kyb.save_section(scope, id, SectionKey::Ownership, json!({"persons": [{"first_name": "Ida", "last_name": "Slow", "date_of_birth": "1980-01-01", "nationality": "GB", "roles": ["director", "shareholder"], "ownership_percentage": 100}]}), Actor::Person)
        .await
        .expect("ownership");
    for kind in ["certificate_of_incorporation", "proof_of_address", "ownership_document"] {
        let kind: docket_engine::kyb::DocumentKind = serde_json::from_value(json!(kind)).expect("kind");
        let pdf = docket_engine::kyb::pdf::write_document("Document", &["Slow Checks Ltd".to_owned()], "test");
        kyb.add_document_bytes(scope, id, kind, "doc.pdf", &pdf, Actor::Person).await.expect("document");
    }
    let submitted = kyb.submit(scope, id, Actor::Person).await.expect("submitted");
    assert_eq!(submitted.row.status, CaseStatus::UnderReview);
    // Two hours on, nothing ran the checks: the running-checks SLA (1 h) has passed.
    f.time.advance(jiff::SignedDuration::from_hours(2));
    assert_eq!(kyb.run_due_sla().await.expect("sla"), 1);
    let kinds: Vec<String> = kyb.get(scope, id).await.expect("case").timeline.into_iter().map(|t| t.kind).collect();
    assert!(kinds.iter().any(|k| k == "checks_stuck"), "{kinds:?}");
    assert!(!kinds.iter().any(|k| k == "sla_breached"), "late checks are no reviewer's breach: {kinds:?}");
    let counts = kyb.desk_counts(scope, None).await.expect("counts");
    assert_eq!((counts.checks_stuck, counts.sla_breached), (1, 0));
}
