//! Console access through the engine's public API: login links (once, within 24 hours),
//! sessions (sliding 30 days, ended on logout), what is stored (hashes only), scoped key
//! management, journal attribution and the overview counts. Time comes from a manual clock.

use std::sync::Arc;

use docket_engine::console::{
    LINK_LIFETIME, NewPassword, NewReviewer, ReviewerName, Role, SESSION_LIFETIME, SecondFactorSetup, SignIn,
    SignInFrom,
};
use docket_engine::journal::{CapturedBody, JournalFilter, RequestRecord, Source};
use docket_engine::page::PageRequest;
use docket_engine::time::ManualTime;
use docket_engine::webhooks::MasterKey;
use docket_engine::{Actor, Engine, EngineConfig, Environment, Error, Scope};
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
    config.master_key = Some(MasterKey::generate());
    let engine = Engine::open(config).await.expect("opens");
    let first = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first run");
    let sandbox = Scope::new(first.organization.id, Environment::Sandbox);
    Fixture { dir, engine, time, sandbox }
}

fn none() -> SignInFrom {
    SignInFrom::default()
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
    let link =
        f.engine.console().create_link(org, owner_of(&f.engine, org).await, &Actor::Command).await.expect("link");
    assert!(link.token.len() >= 43, "32 random bytes, base64url");
    assert_eq!(link.expires_at, f.engine.real_now().saturating_add(LINK_LIFETIME));

    let opened = f.engine.console().redeem(&link.token, &none()).await.expect("first use");
    assert_eq!(opened.session.organization_id, org);
    let auth = f.engine.console().authenticate(&opened.secret).await.expect("session works");
    assert_eq!((auth.organization, auth.session_id), (org, opened.session.id));

    assert!(unauthorized(f.engine.console().redeem(&link.token, &none()).await).contains("already used"));
    assert!(unauthorized(f.engine.console().redeem("not-a-token", &none()).await).contains("not valid"));
    assert!(unauthorized(f.engine.console().redeem("", &none()).await).contains("not valid"));

    // A link unused for 24 hours no longer works.
    let late =
        f.engine.console().create_link(org, owner_of(&f.engine, org).await, &Actor::Command).await.expect("link");
    f.time.advance(LINK_LIFETIME);
    assert!(unauthorized(f.engine.console().redeem(&late.token, &none()).await).contains("expired"));
    let fresh =
        f.engine.console().create_link(org, owner_of(&f.engine, org).await, &Actor::Command).await.expect("link");
    f.time.advance(LINK_LIFETIME - SignedDuration::from_secs(1));
    f.engine.console().redeem(&fresh.token, &none()).await.expect("a second before expiry");
}

#[tokio::test]
async fn sessions_slide_with_use_expire_unused_and_end_on_logout() {
    let f = fixture().await;
    let console = f.engine.console();
    let link = console
        .create_link(f.sandbox.organization, owner_of(&f.engine, f.sandbox.organization).await, &Actor::Command)
        .await
        .expect("link");
    let opened = console.redeem(&link.token, &none()).await.expect("session");

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
        .create_link(f.sandbox.organization, owner_of(&f.engine, f.sandbox.organization).await, &Actor::Command)
        .await
        .expect("link");
    let opened = console.redeem(&link.token, &none()).await.expect("session");
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
        .create_link(f.sandbox.organization, owner_of(&f.engine, f.sandbox.organization).await, &Actor::Command)
        .await
        .expect("link");
    let opened = f.engine.console().redeem(&link.token, &none()).await.expect("session");
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

/// What a reviewer's authenticator app shows at `now`.
fn code(setup: &SecondFactorSetup, now: docket_engine::Timestamp) -> String {
    let secret = data_encoding::BASE32_NOPAD.decode(setup.secret.as_bytes()).expect("base32");
    let totp = totp_rs::Builder::new().with_secret(secret).build().expect("totp");
    totp.generate(u64::try_from(now.as_second()).expect("after 1970")).to_string()
}

#[tokio::test]
async fn a_reviewer_sets_a_password_and_an_authenticator_then_signs_in_with_both() {
    let f = fixture().await;
    let org = f.sandbox.organization;
    let console = f.engine.console();
    let new = NewReviewer { name: "Ada Okafor".into(), email: None, role: Role::Senior };
    let ada = console.add_reviewer(org, new, &Actor::Command).await.expect("adds");
    let sign_in = |password: &str, code: &str| SignIn {
        organization: None,
        name: "ada okafor".into(),
        password: password.into(),
        code: code.into(),
    };
    // No password yet: nothing signs in.
    unauthorized(console.sign_in(sign_in("anything at all", "000000"), &none()).await);

    let short = NewPassword { current_password: None, password: "short".into() };
    assert!(matches!(console.set_password(&ada, short).await, Err(Error::Invalid(_))));
    let first = NewPassword { current_password: None, password: "a long passphrase of mine".into() };
    console.set_password(&ada, first).await.expect("sets");
    let ada = console.reviewer(org, ada.id).await.expect("reviewer");
    assert!(ada.has_password && !ada.has_second_factor);
    // Changing it takes the one in use.
    let wrong = NewPassword { current_password: Some("guess".into()), password: "another long passphrase".into() };
    assert!(matches!(console.set_password(&ada, wrong).await, Err(Error::Invalid(_))));
    // A password alone does not sign in: the second factor is required.
    unauthorized(console.sign_in(sign_in("a long passphrase of mine", "000000"), &none()).await);

    let setup = console.start_second_factor(&ada, None).await.expect("starts");
    assert!(setup.otpauth_uri.starts_with("otpauth://totp/Docket:Ada%20Okafor?"), "{}", setup.otpauth_uri);
    let now = f.engine.real_now();
    let ada = console.confirm_second_factor(&ada, &code(&setup, now)).await.expect("confirms");
    assert!(ada.has_second_factor);

    // The code of the confirmation was used: the next sign-in needs the next one.
    f.time.advance(SignedDuration::from_secs(30));
    let now = f.engine.real_now();
    unauthorized(console.sign_in(sign_in("a long passphrase of mine", "000000"), &none()).await);
    let opened = console.sign_in(sign_in("a long passphrase of mine", &code(&setup, now)), &none()).await.expect("in");
    assert_eq!(opened.session.method.as_str(), "password");
    assert_eq!(console.authenticate(&opened.secret).await.expect("session").reviewer.id, ada.id);
    // The same code never signs in twice.
    unauthorized(console.sign_in(sign_in("a long passphrase of mine", &code(&setup, now)), &none()).await);
    // A new authenticator needs a code of the current one.
    assert!(matches!(console.start_second_factor(&ada, None).await, Err(Error::Invalid(_))));
}

#[tokio::test]
async fn failed_sign_ins_lock_the_account_and_go_on_the_audit_chain() {
    let f = fixture().await;
    let org = f.sandbox.organization;
    let console = f.engine.console();
    let attempt = SignIn { organization: None, name: "Nobody".into(), password: "x".repeat(12), code: "123456".into() };
    let from = SignInFrom { address: Some("203.0.113.7".parse().expect("ip")), user_agent: Some("curl".into()) };
    for _ in 0..5 {
        unauthorized(console.sign_in(attempt.clone(), &from).await);
    }
    match console.sign_in(attempt.clone(), &from).await {
        Err(Error::TooMany { retry_after_seconds, .. }) => assert!((1..=900).contains(&retry_after_seconds)),
        other => panic!("expected a lock, got {other:?}"),
    }
    let production = Scope::new(org, Environment::Production);
    let chain = f.engine.audit().export(production).await.expect("exports");
    let failures: Vec<serde_json::Value> = chain
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .filter(|e| e["kind"] == "sign_in_failed")
        .collect();
    assert_eq!(failures.len(), 6, "five wrong, one locked");
    assert_eq!(failures[0]["data"]["address"], "203.0.113.7");
    assert_eq!(failures[5]["data"]["reason"], "locked");
    // After the lock, a new window.
    f.time.advance(SignedDuration::from_mins(15));
    unauthorized(console.sign_in(attempt, &from).await);
}

#[tokio::test]
async fn links_never_let_one_person_act_as_another_unnoticed() {
    let f = fixture().await;
    let org = f.sandbox.organization;
    let console = f.engine.console();
    let owner = console.owner(org).await.expect("owner");
    let admin = console
        .add_reviewer(org, NewReviewer { name: "Ann Admin".into(), email: None, role: Role::Admin }, &Actor::Command)
        .await
        .expect("admin");
    let bob = console
        .add_reviewer(org, NewReviewer { name: "Bob".into(), email: None, role: Role::Reviewer }, &Actor::Command)
        .await
        .expect("bob");
    let by_admin = Actor::Reviewer(admin.clone());
    assert!(matches!(console.create_link(org, owner.id, &by_admin).await, Err(Error::Forbidden(_))), "the owner");
    assert!(matches!(console.create_link(org, admin.id, &by_admin).await, Err(Error::Forbidden(_))), "oneself");

    // Bob has a session and a password: an admin's link for him resets both.
    let link = console.create_link(org, bob.id, &Actor::Command).await.expect("link");
    let bobs = console.redeem(&link.token, &none()).await.expect("session");
    console
        .set_password(&bob, NewPassword { current_password: None, password: "bob's long passphrase".into() })
        .await
        .expect("sets");
    console.create_link(org, bob.id, &by_admin).await.expect("an admin's link");
    assert!(!console.reviewer(org, bob.id).await.expect("bob").has_password, "reset");
    unauthorized(console.authenticate(&bobs.secret).await);
    let chain = f.engine.audit().export(Scope::new(org, Environment::Production)).await.expect("exports");
    assert!(chain.contains("\"sign_in_link_made\"") && chain.contains("\"reset\":true"), "{chain}");

    // Removing a reviewer ends their sessions and they never sign in again.
    let link = console.create_link(org, bob.id, &Actor::Command).await.expect("link");
    let bobs = console.redeem(&link.token, &none()).await.expect("session");
    console.remove(org, bob.id, &by_admin).await.expect("removes");
    unauthorized(console.authenticate(&bobs.secret).await);
    assert!(matches!(console.create_link(org, bob.id, &Actor::Command).await, Err(Error::Conflict(_))));
    assert!(matches!(console.remove(org, admin.id, &by_admin).await, Err(Error::Forbidden(_))), "not oneself");
    assert!(matches!(console.remove(org, owner.id, &by_admin).await, Err(Error::Conflict(_))), "not the owner");
}

#[tokio::test]
async fn a_name_that_looks_like_another_reviewers_is_refused() {
    let f = fixture().await;
    let org = f.sandbox.organization;
    let console = f.engine.console();
    let add = |name: &str| NewReviewer { name: name.into(), email: None, role: Role::Reviewer };
    console.add_reviewer(org, add("Owner"), &Actor::Command).await.expect("adds");
    for look_alike in ["0wner", "OWNER", "\u{41e}wner", "owner"] {
        let refused = console.add_reviewer(org, add(look_alike), &Actor::Command).await;
        assert!(matches!(refused, Err(Error::Conflict(_))), "{look_alike:?}: {refused:?}");
    }
    let hidden = console.add_reviewer(org, add("Owner\u{200b}"), &Actor::Command).await;
    assert!(matches!(&hidden, Err(Error::Invalid(i)) if i.message.contains("U+200B")), "{hidden:?}");
    console.add_reviewer(org, add("Owen"), &Actor::Command).await.expect("a different name");
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
        scope,
        secrets: &[],
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
    journal.record(record(f.sandbox, Source::Api, None)).await;
    journal.record(record(f.sandbox, Source::Console, Some("Zoë Ångström"))).await;
    journal.record(record(f.sandbox, Source::Console, Some("Ann"))).await;
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
