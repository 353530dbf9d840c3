//! The audit chain over a real database: with the file, the events before an emptied one cannot
//! be rewritten (issue 32); a chain of the first format is upgraded at open with its head hash on
//! record; a broken chain stays unacknowledged until an admin acknowledges it on the chain.

use std::path::Path;
use std::sync::Arc;

use docket_engine::audit::chain::canonical;
use docket_engine::audit::{Acknowledge, AuditEvent, ProblemKind, UPGRADED_KIND, verify_lines};
use docket_engine::console::{NewReviewer, Role};
use docket_engine::kyb::NewCase;
use docket_engine::time::ManualTime;
use docket_engine::{DATABASE_FILE, Engine, EngineConfig, Environment, Error, Scope};
use sha2::{Digest, Sha256};

async fn open(dir: &Path, time: &Arc<ManualTime>) -> Engine {
    let mut config = EngineConfig::new(dir);
    config.time = time.clone();
    Engine::open(config).await.expect("opens")
}

async fn close(engine: Engine) {
    engine.shutdown().await;
    drop(engine);
}

/// A sandbox chain of three KYB cases, the second erased: its events emptied, the first case's
/// events before them. Returns the engine, its scope and the chain as exported.
async fn chain_with_an_erasure(dir: &Path, time: &Arc<ManualTime>) -> (Engine, Scope, Vec<AuditEvent>) {
    let engine = open(dir, time).await;
    let org = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first").organization.id;
    let scope = Scope::new(org, Environment::Sandbox);
    let mut cases = Vec::new();
    for i in 0..3 {
        let new: NewCase =
            serde_json::from_value(serde_json::json!({ "external_id": format!("merchant-{i}") })).expect("new case");
        cases.push(engine.kyb().create(scope, new, docket_engine::Actor::Docket).await.expect("creates").row.id);
        let settings = engine.kyb().desk_settings(scope).await.expect("settings");
        engine.kyb().set_desk_settings(scope, settings, docket_engine::Actor::Command).await.expect("settings set");
    }
    let erasure = engine.erasures().kyb_case(scope, cases[1], "test").await.expect("erases");
    assert!(erasure.removed.get("audit_events_emptied").is_some_and(|n| *n >= 1), "{:?}", erasure.removed);
    let events = export(&engine, scope).await;
    (engine, scope, events)
}

async fn export(engine: &Engine, scope: Scope) -> Vec<AuditEvent> {
    let text = engine.audit().export(scope).await.expect("exports");
    text.lines().map(|l| serde_json::from_str(l).expect("event")).collect()
}

fn sha256(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// An event's hash as the guide defines it: over every field but `hash`, `data` and `salt`.
fn hash(event: &AuditEvent) -> String {
    let mut value = serde_json::to_value(event).expect("json");
    let map = value.as_object_mut().expect("object");
    for field in ["hash", "data", "salt"] {
        map.remove(field);
    }
    let mut text = String::new();
    canonical(&value, &mut text);
    sha256(&text)
}

/// Writes events' actor, links and hashes into the database, as someone with the file would.
fn write_rows(dir: &Path, events: &[AuditEvent]) {
    let conn = rusqlite::Connection::open(dir.join(DATABASE_FILE)).expect("raw open");
    for e in events {
        let changed = conn
            .execute(
                "UPDATE audit_events SET actor = ?1, prev_hash = ?2, hash = ?3 WHERE environment = 'sandbox' AND seq = ?4",
                rusqlite::params![e.actor, e.prev_hash, e.hash, e.seq],
            )
            .expect("update");
        assert_eq!(changed, 1);
    }
}

fn time() -> Arc<ManualTime> {
    Arc::new(ManualTime::new("2026-03-01T09:00:00Z".parse().expect("time")))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_early_event_cannot_be_rewritten_behind_an_emptied_one_and_the_break_waits_for_an_admin() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = time();
    let (engine, scope, events) = chain_with_an_erasure(dir.path(), &time).await;
    let before = engine.audit().verify(scope).await.expect("verifies");
    assert!(before.ok && before.erased_events >= 1, "{before:?}");
    let emptied = events.iter().find(|e| e.salt.is_none()).expect("an emptied event").seq;
    assert!(emptied > 2, "the first case's events come first");
    close(engine).await;

    // Event 1's actor changed, events 1 to the one before the emptied event rehashed, and the
    // emptied event linked to them: the attack.
    let mut forged = events.clone();
    forged[0].actor = "reviewer:Mallory".into();
    for i in 0..(emptied as usize - 1) {
        if i > 0 {
            forged[i].prev_hash = forged[i - 1].hash.clone();
        }
        forged[i].hash = hash(&forged[i]);
    }
    forged[emptied as usize - 1].prev_hash = forged[emptied as usize - 2].hash.clone();
    write_rows(dir.path(), &forged[..emptied as usize]);

    let engine = open(dir.path(), &time).await;
    assert_eq!(engine.audit().status(scope).verification, None, "not verified since this start");
    let found = engine.audit().verify(scope).await.expect("verifies");
    let problem = found.problem.clone().expect("a problem");
    assert_eq!((problem.seq, problem.kind), (emptied, ProblemKind::Changed), "{found:?}");
    assert_eq!((found.head_hash.as_str(), found.unacknowledged), (before.head_hash.as_str(), 1));
    assert_eq!(engine.audit().status(scope).verification.as_ref(), Some(&found), "remembered");

    // Only an admin acknowledges, naming the problem, with a note.
    let org = scope.organization;
    let ann = NewReviewer { name: "Ann".into(), email: None, role: Role::Senior };
    let ann = engine.console().add_reviewer(org, ann, &docket_engine::Actor::Command).await.expect("ann");
    let ada = NewReviewer { name: "Ada".into(), email: None, role: Role::Admin };
    let ada = engine.console().add_reviewer(org, ada, &docket_engine::Actor::Command).await.expect("ada");
    let ack = |note: &str, problems: Vec<i64>| Acknowledge { note: note.into(), problems };
    let refused = engine.audit().acknowledge(scope, &ann, ack("seen", vec![emptied])).await;
    assert!(matches!(refused, Err(Error::Forbidden(_))), "{refused:?}");
    for (input, conflict) in
        [(ack(" ", vec![emptied]), false), (ack("seen", vec![]), false), (ack("seen", vec![emptied + 1]), true)]
    {
        let refused = engine.audit().acknowledge(scope, &ada, input).await;
        assert!(
            matches!(refused, Err(Error::Invalid(_))) && !conflict
                || matches!(refused, Err(Error::Conflict(_))) && conflict,
            "{refused:?}"
        );
    }
    let note = "The file was edited while Docket was stopped; restored from the 09:00 backup.";
    let after = engine.audit().acknowledge(scope, &ada, ack(note, vec![emptied])).await.expect("acknowledges");
    let acknowledged = after.problems[0].acknowledged.clone().expect("acknowledged");
    assert_eq!(
        (after.ok, after.unacknowledged, acknowledged.by.as_str(), acknowledged.note.as_str()),
        (false, 0, "reviewer:Ada", note)
    );
    assert_eq!(engine.audit().status(scope).verification, Some(after.clone()));
    let again = engine.audit().acknowledge(scope, &ada, ack("again", vec![emptied])).await;
    assert!(matches!(again, Err(Error::Conflict(_))), "{again:?}");
    let chain = export(&engine, scope).await;
    let last = chain.last().expect("events");
    assert_eq!(
        (last.kind.as_str(), last.actor.as_str(), last.seq),
        ("chain_problem_acknowledged", "reviewer:Ada", acknowledged.seq)
    );
    assert_eq!(last.data["problems"][0]["seq"], emptied);
    close(engine).await;
}

/// Writes the stored chain back as the first format stored it: no salt or data hash, each hash
/// over every field with `data`, an emptied event's hash one that its erasure names.
fn to_first_format(dir: &Path, events: &[AuditEvent]) -> String {
    let conn = rusqlite::Connection::open(dir.join(DATABASE_FILE)).expect("raw open");
    let mut prev = docket_engine::audit::GENESIS.to_owned();
    for e in events {
        let hash = if e.salt.is_none() {
            e.data_hash.clone()
        } else {
            let mut value = serde_json::to_value(e).expect("json");
            let map = value.as_object_mut().expect("object");
            for field in ["hash", "salt", "data_hash"] {
                map.remove(field);
            }
            map.insert("prev_hash".into(), prev.clone().into());
            let mut text = String::new();
            canonical(&value, &mut text);
            sha256(&text)
        };
        conn.execute(
            "UPDATE audit_events SET salt = NULL, data_hash = NULL, prev_hash = ?1, hash = ?2
             WHERE environment = 'sandbox' AND seq = ?3",
            rusqlite::params![prev, hash, e.seq],
        )
        .expect("update");
        prev = hash;
    }
    prev
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_format_chain_is_upgraded_at_open_with_its_head_hash_on_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = time();
    let (engine, scope, events) = chain_with_an_erasure(dir.path(), &time).await;
    let erased = engine.audit().verify(scope).await.expect("verifies").erased_events;
    close(engine).await;
    let head = to_first_format(dir.path(), &events);

    let engine = open(dir.path(), &time).await;
    let verified = engine.audit().verify(scope).await.expect("verifies");
    assert!(verified.ok, "{verified:?}");
    assert_eq!((verified.events, verified.erased_events), (events.len() as u64 + 1, erased));
    let upgraded = export(&engine, scope).await;
    let last = upgraded.last().expect("events");
    assert_eq!((last.kind.as_str(), last.actor.as_str()), (UPGRADED_KIND, "docket"));
    assert_eq!(last.data, serde_json::json!({ "previous_head_hash": head, "previous_problem": null }));
    for (old, new) in events.iter().zip(&upgraded) {
        assert_eq!(
            (old.seq, &old.at, &old.actor, &old.kind, &old.data),
            (new.seq, &new.at, &new.actor, &new.kind, &new.data)
        );
    }
    close(engine).await;
    // Opened again, there is nothing left to upgrade.
    let engine = open(dir.path(), &time).await;
    assert_eq!(export(&engine, scope).await, upgraded);
    close(engine).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_format_chain_that_did_not_verify_is_upgraded_with_its_problem_on_show() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = time();
    let (engine, scope, events) = chain_with_an_erasure(dir.path(), &time).await;
    close(engine).await;
    to_first_format(dir.path(), &events);
    let conn = rusqlite::Connection::open(dir.path().join(DATABASE_FILE)).expect("raw open");
    conn.execute("UPDATE audit_events SET actor = 'reviewer:Mallory' WHERE seq = 2", []).expect("edit");
    drop(conn);

    let engine = open(dir.path(), &time).await;
    let verified = engine.audit().verify(scope).await.expect("verifies");
    let problem = verified.problem.expect("a problem");
    assert_eq!((problem.seq, problem.kind), (events.len() as i64 + 1, ProblemKind::Upgrade), "{problem:?}");
    assert!(problem.message.contains("event 2 was changed"), "{}", problem.message);
    assert_eq!(verified.problems.len(), 1);
    // The export says the same to an auditor.
    let text = engine.audit().export(scope).await.expect("exports");
    assert_eq!(verify_lines(&text).problem.map(|p| p.seq), Some(events.len() as i64 + 1));
    close(engine).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_row_made_unreadable_is_reported_not_an_error_and_a_reset_forgets_the_chain() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = time();
    let (engine, scope, _) = chain_with_an_erasure(dir.path(), &time).await;
    close(engine).await;
    let conn = rusqlite::Connection::open(dir.path().join(DATABASE_FILE)).expect("raw open");
    conn.execute("UPDATE audit_events SET case_id = x'0102', data = 'not json' WHERE seq = 1", []).expect("edit");
    drop(conn);

    let engine = open(dir.path(), &time).await;
    let verified = engine.audit().verify(scope).await.expect("a broken row is read, not an error");
    assert_eq!(verified.problem.map(|p| (p.seq, p.kind)), Some((1, ProblemKind::Changed)));
    assert!(engine.audit().export(scope).await.expect("exports").contains("unreadable:0102"));
    engine.sandbox().reset_data(scope).await.expect("resets");
    assert_eq!(engine.audit().status(scope).verification, None, "the chain it verified is gone");
    close(engine).await;
}
