//! Console access through the engine's public API: login links (once, within 24 hours),
//! sessions (sliding 30 days, ended on logout), what is stored (hashes only), scoped key
//! management, journal attribution and the overview counts. Time comes from a manual clock.

use std::sync::Arc;

use docket_engine::console::{LINK_LIFETIME, ReviewerName, SESSION_LIFETIME};
use docket_engine::journal::{CapturedBody, JournalFilter, RequestRecord, Source};
use docket_engine::page::PageRequest;
use docket_engine::time::ManualTime;
use docket_engine::{Engine, EngineConfig, Environment, Error, Scope};
use jiff::SignedDuration;
use sha2::{Digest, Sha256};

struct Fixture {
    dir: tempfile::TempDir,
    engine: Engine,
    time: Arc<ManualTime>,
    sandbox: Scope,
}

async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTime::new("2026-03-01T09:00:00Z".parse().expect("time")));
    let mut config = EngineConfig::new(dir.path());
    config.time = time.clone();
    let engine = Engine::open(config).await.expect("opens");
    let first = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first run");
    let sandbox = Scope::new(first.organization.id, Environment::Sandbox);
    Fixture { dir, engine, time, sandbox }
}

fn unauthorized<T: std::fmt::Debug>(result: Result<T, Error>) -> String {
    match result {
        Err(Error::Unauthorized(m)) => m,
        other => panic!("expected Unauthorized, got {other:?}"),
    }
}

#[tokio::test]
async fn a_login_link_opens_one_session_once_within_a_day() {
    let f = fixture().await;
    let org = f.sandbox.organization;
    let link = f.engine.console().create_link(org, owner_of(&f.engine, org).await).await.expect("link");
    assert!(link.token.len() >= 43, "32 random bytes, base64url");
    assert_eq!(link.expires_at, f.engine.real_now().saturating_add(LINK_LIFETIME));

    let opened = f.engine.console().redeem(&link.token).await.expect("first use");
    assert_eq!(opened.session.organization_id, org);
    let auth = f.engine.console().authenticate(&opened.secret).await.expect("session works");
    assert_eq!((auth.organization, auth.session_id), (org, opened.session.id));

    assert!(unauthorized(f.engine.console().redeem(&link.token).await).contains("already used"));
    assert!(unauthorized(f.engine.console().redeem("not-a-token").await).contains("not valid"));
    assert!(unauthorized(f.engine.console().redeem("").await).contains("not valid"));

    // A link unused for 24 hours no longer works.
    let late = f.engine.console().create_link(org, owner_of(&f.engine, org).await).await.expect("link");
    f.time.advance(LINK_LIFETIME);
    assert!(unauthorized(f.engine.console().redeem(&late.token).await).contains("expired"));
    let fresh = f.engine.console().create_link(org, owner_of(&f.engine, org).await).await.expect("link");
    f.time.advance(LINK_LIFETIME - SignedDuration::from_secs(1));
    f.engine.console().redeem(&fresh.token).await.expect("a second before expiry");
}

#[tokio::test]
async fn sessions_slide_with_use_expire_unused_and_end_on_logout() {
    let f = fixture().await;
    let console = f.engine.console();
    let link = console
        .create_link(f.sandbox.organization, owner_of(&f.engine, f.sandbox.organization).await)
        .await
        .expect("link");
    let opened = console.redeem(&link.token).await.expect("session");

    // Used every 29 days, a session lives on.
    for _ in 0..3 {
        f.time.advance(SESSION_LIFETIME - SignedDuration::from_hours(24));
        let auth = console.authenticate(&opened.secret).await.expect("still valid");
        assert!(auth.renewed, "its expiry moved forward");
    }
    assert!(!console.authenticate(&opened.secret).await.expect("valid").renewed, "written at most once a minute");

    // Unused for 30 days, it ends.
    f.time.advance(SESSION_LIFETIME);
    unauthorized(console.authenticate(&opened.secret).await);

    let link = console
        .create_link(f.sandbox.organization, owner_of(&f.engine, f.sandbox.organization).await)
        .await
        .expect("link");
    let opened = console.redeem(&link.token).await.expect("session");
    assert!(console.end(&opened.secret).await.expect("logout"));
    unauthorized(console.authenticate(&opened.secret).await);
    assert!(!console.end(&opened.secret).await.expect("twice"), "nothing left to end");
    unauthorized(console.authenticate("garbage").await);
    unauthorized(console.authenticate(&"x".repeat(10_000)).await);
}

#[tokio::test]
async fn tokens_and_secrets_are_stored_only_as_hashes() {
    let f = fixture().await;
    let link = f
        .engine
        .console()
        .create_link(f.sandbox.organization, owner_of(&f.engine, f.sandbox.organization).await)
        .await
        .expect("link");
    let opened = f.engine.console().redeem(&link.token).await.expect("session");
    f.engine.shutdown().await;

    let conn = rusqlite::Connection::open(f.dir.path().join(docket_engine::DATABASE_FILE)).expect("open");
    let count = |sql: &str, value: &[u8]| -> i64 { conn.query_row(sql, [value], |r| r.get(0)).expect("query") };
    let link_hash: [u8; 32] = Sha256::digest(link.token.as_bytes()).into();
    let session_hash: [u8; 32] = Sha256::digest(opened.secret.as_bytes()).into();
    assert_eq!(count("SELECT count(*) FROM console_login_links WHERE hash = ?1", &link_hash), 1);
    assert_eq!(count("SELECT count(*) FROM console_sessions WHERE hash = ?1", &session_hash), 1);
    for secret in [&link.token, &opened.secret] {
        let everywhere = "SELECT (SELECT count(*) FROM console_login_links WHERE hash = ?1 OR CAST(hash AS TEXT) = CAST(?1 AS TEXT))
                              + (SELECT count(*) FROM console_sessions WHERE hash = ?1 OR CAST(hash AS TEXT) = CAST(?1 AS TEXT))";
        assert_eq!(count(everywhere, secret.as_bytes()), 0, "the secret itself is nowhere");
    }
}

#[test]
fn reviewer_names_are_1_to_80_printable_characters() {
    assert_eq!(ReviewerName::parse("  Zoë Ångström ").expect("valid").as_str(), "Zoë Ångström");
    assert!(ReviewerName::parse(&"é".repeat(80)).is_ok());
    for bad in ["", "   ", "tab\there", "new\nline"] {
        assert!(ReviewerName::parse(bad).is_err(), "{bad:?}");
    }
    assert!(ReviewerName::parse(&"é".repeat(81)).is_err());
}

#[tokio::test]
async fn keys_are_listed_and_revoked_within_their_scope_only() {
    let f = fixture().await;
    let production = Scope::new(f.sandbox.organization, Environment::Production);
    let created = f.engine.keys().create(f.sandbox.organization, Environment::Sandbox, "console").await.expect("key");
    let listed = f.engine.keys().list_in(f.sandbox).await.expect("list");
    assert!(listed.iter().all(|k| k.environment == Environment::Sandbox));
    assert!(listed.iter().any(|k| k.id == created.key.id));

    assert!(matches!(f.engine.keys().revoke_in(production, created.key.id).await, Err(Error::NotFound { .. })));
    let revoked = f.engine.keys().revoke_in(f.sandbox, created.key.id).await.expect("revoke");
    assert!(revoked.revoked_at.is_some());
    assert!(matches!(f.engine.keys().revoke_in(f.sandbox, created.key.id).await, Err(Error::Conflict(_))));
    unauthorized(f.engine.keys().authenticate(&created.secret).await);
    assert!(matches!(
        f.engine.keys().create(f.sandbox.organization, Environment::Sandbox, &"k".repeat(81)).await,
        Err(Error::Invalid(_))
    ));
}

fn record(scope: Scope, source: Source, reviewer: Option<&str>) -> RequestRecord {
    RequestRecord {
        request_id: "req".into(),
        scope: Some(scope),
        source,
        api_key_id: None,
        reviewer: reviewer.map(str::to_owned),
        received_at: "2026-03-01T09:00:00Z".parse().expect("time"),
        method: "POST".into(),
        path: "/api/v3/applicants".into(),
        query: None,
        status: 201,
        latency_us: 100,
        client: None,
        request_body: CapturedBody::Empty,
        response_body: CapturedBody::Empty,
    }
}

#[tokio::test]
async fn the_journal_tells_api_from_console_and_counts_are_per_scope() {
    let f = fixture().await;
    let journal = f.engine.journal();
    journal.record(record(f.sandbox, Source::Api, None));
    journal.record(record(f.sandbox, Source::Console, Some("Zoë Ångström")));
    journal.record(record(f.sandbox, Source::Console, Some("Ann")));
    let page = PageRequest { page: 0, limit: 100 };
    let console = JournalFilter { source: Some(Source::Console), ..Default::default() };
    let entries = journal.list(f.sandbox, console, page).await.expect("list").data;
    assert_eq!(entries.len(), 2);
    assert!(entries.iter().all(|e| e.source == Source::Console));
    let zoe = JournalFilter { reviewer: Some("Zoë Ångström".into()), ..Default::default() };
    let entries = journal.list(f.sandbox, zoe, page).await.expect("list").data;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].reviewer.as_deref(), Some("Zoë Ångström"));
    let api = JournalFilter { source: Some(Source::Api), ..Default::default() };
    assert_eq!(journal.list(f.sandbox, api, page).await.expect("list").data[0].reviewer, None);

    f.engine
        .applicants()
        .create(f.sandbox, serde_json::from_value(serde_json::json!({})).expect("input"))
        .await
        .expect("applicant");
    let counts = f.engine.console().counts(f.sandbox).await.expect("counts");
    assert_eq!(
        (counts.get("applicants"), counts.get("requests"), counts.get("aml_searches"), counts.get("webhooks")),
        (1, 3, 0, 0)
    );
    let production = Scope::new(f.sandbox.organization, Environment::Production);
    let counts = f.engine.console().counts(production).await.expect("counts");
    assert!(counts.0.contains_key("applicants") && counts.0.values().all(|n| *n == 0), "{counts:?}");
}

/// The organization's owner (the reviewer a link signs in by default).
async fn owner_of(
    engine: &docket_engine::Engine,
    organization: docket_engine::scope::OrganizationId,
) -> docket_engine::console::ReviewerId {
    engine.console().owner(organization).await.expect("owner").id
}
