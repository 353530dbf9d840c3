//! Webhooks through the engine's public API, with a scripted in-memory transport.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use docket_engine::applicants::NewApplicant;
use docket_engine::audit::AuditFilter;
use docket_engine::console::{NewReviewer, Reviewer, Role};
use docket_engine::page::PageRequest;
use docket_engine::time::ManualTime;
use docket_engine::webhooks::signature::verify;
use docket_engine::webhooks::transport::{Answer, Failure, Outbound, SendFuture, Transport};
use docket_engine::webhooks::{
    ADDRESS_GUARD_CHANGED, AddressGuard, AttemptCause, DeliveryState, EventType, MasterKey, SigningSecret,
    WebhookInput, WebhookSettingsPatch,
};
use docket_engine::{Engine, EngineConfig, Environment, Error, Scope};
use jiff::SignedDuration;

/// Answers from a script (then 200), and keeps every request.
#[derive(Default)]
struct Scripted {
    answers: Mutex<VecDeque<Result<Answer, Failure>>>,
    sent: Mutex<Vec<Outbound>>,
}

impl Scripted {
    fn then(&self, answer: Result<Answer, Failure>) {
        self.answers.lock().expect("lock").push_back(answer);
    }

    fn status(&self, status: u16, retry_after: Option<&str>) {
        self.then(Ok(Answer {
            status,
            retry_after: retry_after.map(str::to_owned),
            excerpt: format!("answer {status}"),
        }));
    }

    fn sent(&self) -> Vec<Outbound> {
        self.sent.lock().expect("lock").clone()
    }
}

impl Transport for Scripted {
    fn send(&self, request: Outbound) -> SendFuture {
        self.sent.lock().expect("lock").push(request);
        let answer = self.answers.lock().expect("lock").pop_front().unwrap_or(Ok(Answer {
            status: 200,
            retry_after: None,
            excerpt: "ok".into(),
        }));
        Box::pin(async move { answer })
    }
}

struct Fixture {
    dir: tempfile::TempDir,
    key: MasterKey,
    engine: Engine,
    sandbox: Scope,
    production: Scope,
    transport: Scripted,
}

const START: &str = "2026-03-01T09:00:00Z";

async fn open(dir: &std::path::Path, key: MasterKey) -> docket_engine::Result<Engine> {
    let mut config = EngineConfig::new(dir);
    config.time = Arc::new(ManualTime::new(START.parse().expect("time")));
    config.master_key = Some(key);
    Engine::open(config).await
}

async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let key = MasterKey::generate();
    let engine = open(dir.path(), key.clone()).await.expect("opens");
    let org = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first").organization.id;
    Fixture {
        dir,
        key,
        engine,
        sandbox: Scope::new(org, Environment::Sandbox),
        production: Scope::new(org, Environment::Production),
        transport: Scripted::default(),
    }
}

fn input(url: &str, types: &[&str]) -> WebhookInput {
    serde_json::from_value(serde_json::json!({"webhook_url": url, "event_types": types})).expect("input")
}

impl Fixture {
    /// An endpoint for AML_SCREENING in the sandbox, and its secret.
    async fn endpoint(&self) -> (docket_engine::webhooks::WebhookId, SigningSecret) {
        let created = self
            .engine
            .webhooks()
            .create(self.sandbox, input("http://127.0.0.1:9/hook", &["AML_SCREENING"]))
            .await
            .expect("create");
        (created.id, SigningSecret::parse(&created.hmac_signing_secret).expect("secret"))
    }

    /// Screens a monitored applicant, which emits one AML_SCREENING event.
    async fn screen(&self, external_id: &str) {
        let applicant = serde_json::from_value::<NewApplicant>(serde_json::json!({
            "external_id": external_id, "aml_screening_enabled": true, "info": {"full_name": "Ivan Sanctionov"}
        }))
        .expect("input");
        self.engine.applicants().create(self.sandbox, applicant).await.expect("create");
        self.engine.aml().run_due_screenings().await.expect("screens");
    }

    async fn reviewer(&self, name: &str, role: Role) -> Reviewer {
        let new = NewReviewer { name: name.into(), email: None, role };
        self.engine
            .console()
            .add_reviewer(self.production.organization, new, &docket_engine::Actor::Command)
            .await
            .expect("reviewer")
    }

    async fn admin(&self, name: &str) -> Reviewer {
        self.reviewer(name, Role::Admin).await
    }

    async fn deliver(&self) -> usize {
        self.engine.webhooks().run_due(&self.transport).await.expect("delivers")
    }

    async fn advance(&self, by: SignedDuration) {
        self.engine.sandbox().advance_clock(self.sandbox, by).await.expect("advance");
    }

    async fn history(&self) -> Vec<docket_engine::webhooks::Delivery> {
        self.engine
            .webhooks()
            .history(self.sandbox, None, None, PageRequest { page: 0, limit: 100 })
            .await
            .expect("history")
            .data
    }
}

/// The engine's real time (the manual time source, which sandbox clock moves do not touch):
/// what signatures carry.
fn now_secs() -> i64 {
    START.parse::<jiff::Timestamp>().expect("time").as_second()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenings_are_delivered_signed_with_the_envelope_of_the_spec() {
    let f = fixture().await;
    let (webhook, secret) = f.endpoint().await;
    f.screen("a-1").await;
    assert_eq!(f.deliver().await, 1);

    let sent = f.transport.sent();
    assert_eq!(sent.len(), 1);
    let verified = verify(&secret, &sent[0].signature, &sent[0].body, now_secs(), 300).expect("signature verifies");
    assert_eq!(verified.matched, 0);
    let envelope: serde_json::Value = serde_json::from_slice(&sent[0].body).expect("json");
    let keys: Vec<&str> = envelope.as_object().expect("object").keys().map(String::as_str).collect();
    assert_eq!(keys, ["event_type", "id", "payload", "timestamp", "webhook_id"]);
    assert_eq!(envelope["event_type"], "AML_SCREENING");
    assert_eq!(envelope["webhook_id"], webhook.to_string());
    assert_eq!(envelope["payload"]["external_id"], "a-1");
    assert_eq!(envelope["payload"]["risk_score"]["type"], "High");
    assert_eq!(envelope["timestamp"], "2026-03-01T09:00:00.000Z");
    assert!(!sent[0].public_only, "sandbox endpoints may be local");

    let history = f.history().await;
    assert_eq!(history.len(), 1);
    let d = &history[0];
    assert_eq!(d.id.to_string(), envelope["id"].as_str().expect("id"));
    assert_eq!((d.state, d.attempts, d.response_code), (DeliveryState::Delivered, 1, Some(200)));
    assert!(d.is_sandbox && !d.is_test && d.event_id.is_some());
    assert_eq!(serde_json::to_value(&d.payload).expect("payload"), envelope["payload"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failures_are_retried_on_the_schedule_by_the_sandbox_clock_with_the_same_id() {
    let f = fixture().await;
    f.endpoint().await;
    f.transport.status(500, None);
    f.transport.then(Err(Failure::TimedOut));
    f.screen("a-2").await;
    assert_eq!(f.deliver().await, 1);
    let d = &f.history().await[0];
    assert_eq!((d.state, d.attempts, d.response_code), (DeliveryState::Pending, 1, Some(500)));
    let first_retry = d.next_attempt_at.expect("scheduled");
    let delay = first_retry.as_millis() - d.last_attempt_at.expect("attempted").as_millis();
    assert!((4_500..=5_500).contains(&delay), "about 5 s: {delay} ms");

    // Not due until the clock reaches it.
    assert_eq!(f.deliver().await, 0);
    f.advance(SignedDuration::from_secs(6)).await;
    assert_eq!(f.deliver().await, 1);
    let d = &f.history().await[0];
    assert_eq!((d.state, d.attempts, d.response_code), (DeliveryState::Pending, 2, None));
    assert!(d.last_error.as_deref().is_some_and(|e| e.contains("no answer within 5 s")), "{:?}", d.last_error);

    f.advance(SignedDuration::from_mins(6)).await;
    assert_eq!(f.deliver().await, 1);
    let detail = f.engine.webhooks().delivery(f.sandbox, d.id).await.expect("detail");
    assert_eq!(detail.delivery.state, DeliveryState::Delivered);
    let statuses: Vec<Option<u16>> = detail.attempts_detail.iter().map(|a| a.response_code).collect();
    assert_eq!(statuses, [Some(500), None, Some(200)]);
    assert_eq!(detail.attempts_detail[0].response_excerpt.as_deref(), Some("answer 500"));
    let sent = f.transport.sent();
    assert_eq!(sent.len(), 3);
    assert!(sent.windows(2).all(|w| w[0].body == w[1].body), "every attempt sends the same envelope");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retry_after_is_honoured_and_a_round_gives_up_after_eight_attempts() {
    let f = fixture().await;
    f.endpoint().await;
    f.transport.status(503, Some("120"));
    f.screen("a-3").await;
    f.deliver().await;
    let d = &f.history().await[0];
    let wait = d.next_attempt_at.expect("next").as_millis() - d.last_attempt_at.expect("last").as_millis();
    assert_eq!(wait, 120_000);

    for _ in 0..7 {
        f.transport.status(502, None);
    }
    for _ in 0..7 {
        f.advance(SignedDuration::from_hours(11)).await;
        assert_eq!(f.deliver().await, 1);
    }
    let d = &f.history().await[0];
    assert_eq!((d.state, d.attempts), (DeliveryState::Failed, 8));
    assert!(d.last_error.as_deref().is_some_and(|e| e.contains("gave up after 8 attempts")), "{:?}", d.last_error);
    assert_eq!(d.next_attempt_at, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gone_disables_the_endpoint_visibly_and_enabling_it_again_clears_that() {
    let f = fixture().await;
    let (webhook, _) = f.endpoint().await;
    f.transport.status(410, None);
    f.screen("a-4").await;
    f.deliver().await;
    let d = &f.history().await[0];
    assert_eq!((d.state, d.response_code), (DeliveryState::Failed, Some(410)));
    let w = f.engine.webhooks().get(f.sandbox, webhook).await.expect("get");
    assert!(!w.enabled);
    assert!(w.disabled_reason.as_deref().is_some_and(|r| r.contains("410 Gone")), "{:?}", w.disabled_reason);

    // A disabled endpoint gets no new events.
    f.screen("a-5").await;
    assert_eq!(f.history().await.len(), 1);
    let w = f
        .engine
        .webhooks()
        .update(f.sandbox, webhook, input("http://127.0.0.1:9/hook", &["AML_SCREENING"]))
        .await
        .expect("enable");
    assert!(w.enabled && w.disabled_reason.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rotation_signs_with_both_secrets_for_the_grace_period() {
    let f = fixture().await;
    let (webhook, old) = f.endpoint().await;
    let rotated = f.engine.webhooks().rotate(f.sandbox, webhook).await.expect("rotate");
    let new = SigningSecret::parse(&rotated.hmac_signing_secret).expect("secret");
    assert_ne!(new, old);
    let until = rotated.previous_secret_valid_until.expect("grace");
    assert_eq!(until.as_millis() - f.engine.now(f.sandbox).as_millis(), 86_400_000);

    f.screen("a-6").await;
    f.deliver().await;
    let sent = f.transport.sent();
    let header = &sent[0].signature;
    assert_eq!(header.matches("v1=").count(), 2, "{header}");
    assert_eq!(verify(&new, header, &sent[0].body, now_secs(), 300).map(|v| v.matched), Ok(0));
    assert_eq!(verify(&old, header, &sent[0].body, now_secs(), 300).map(|v| v.matched), Ok(1));

    // After the grace period, only the new secret signs.
    f.advance(SignedDuration::from_hours(25)).await;
    let test = f.engine.webhooks().send_test(f.sandbox, webhook, None).await.expect("test");
    f.deliver().await;
    let last = f.transport.sent().pop().expect("sent");
    assert_eq!(last.signature.matches("v1=").count(), 1);
    assert!(verify(&old, &last.signature, &last.body, now_secs(), 300).is_err());
    assert!(verify(&new, &last.signature, &last.body, now_secs(), 300).is_ok());
    assert!(test.is_test && test.event_id.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_send_the_same_envelope_again_as_a_new_round() {
    let f = fixture().await;
    f.endpoint().await;
    f.screen("a-7").await;
    f.deliver().await;
    let id = f.history().await[0].id;
    let replayed = f.engine.webhooks().replay(f.sandbox, id).await.expect("replay");
    assert_eq!(replayed.state, DeliveryState::Pending);
    assert_eq!(f.deliver().await, 1);
    let detail = f.engine.webhooks().delivery(f.sandbox, id).await.expect("detail");
    assert_eq!(detail.delivery.attempts, 2);
    let causes: Vec<AttemptCause> = detail.attempts_detail.iter().map(|a| a.cause).collect();
    assert_eq!(causes, [AttemptCause::Scheduled, AttemptCause::Replay]);
    let sent = f.transport.sent();
    assert_eq!(sent[0].body, sent[1].body);
    assert!(matches!(f.engine.webhooks().replay(f.production, id).await, Err(Error::NotFound { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pending_deliveries_survive_a_crash_and_secrets_need_their_master_key() {
    let f = fixture().await;
    let (_, secret) = f.endpoint().await;
    f.screen("a-8").await;
    let pending = f.history().await[0].id;
    // No shutdown: the engine is dropped as if the process died.
    let Fixture { dir, key, engine, sandbox, .. } = f;
    drop(engine);

    let wrong = open(dir.path(), MasterKey::generate()).await;
    assert!(matches!(wrong, Err(Error::Incompatible(ref m)) if m.contains("master key")), "{:?}", wrong.err());

    let engine = open(dir.path(), key).await.expect("reopens");
    let transport = Scripted::default();
    assert_eq!(engine.webhooks().run_due(&transport).await.expect("delivers"), 1);
    let sent = transport.sent();
    let envelope: serde_json::Value = serde_json::from_slice(&sent[0].body).expect("json");
    assert_eq!(envelope["id"], pending.to_string());
    assert!(verify(&secret, &sent[0].signature, &sent[0].body, now_secs(), 300).is_ok());
    let _ = sandbox;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn endpoints_are_checked_and_scoped_to_their_environment() {
    let f = fixture().await;
    let w = f.engine.webhooks();
    let err = w.create(f.production, input("http://127.0.0.1:8080/x", &["ALL"])).await.expect_err("private");
    assert!(err.to_string().contains("allow_private_addresses"), "{err}");
    let err = w.create(f.sandbox, input("ftp://example.com/", &["ALL"])).await.expect_err("scheme");
    assert!(err.to_string().contains("http or https"), "{err}");
    let err = w.create(f.sandbox, input("http://localhost/", &[])).await.expect_err("types");
    assert!(err.to_string().starts_with("event_types"), "{err}");
    let mismatched: WebhookInput = serde_json::from_value(serde_json::json!({
        "webhook_url": "https://example.com/", "event_types": ["ALL"], "is_sandbox": false
    }))
    .expect("input");
    let err = w.create(f.sandbox, mismatched).await.expect_err("environment");
    assert!(err.to_string().starts_with("is_sandbox"), "{err}");

    let admin = f.admin("Ada").await;
    w.set_address_guard(f.production, AddressGuard { allow_private_addresses: true }, &admin).await.expect("allowed");
    let created = w.create(f.production, input("http://127.0.0.1:8080/x", &["ALL", "ALL"])).await.expect("allowed");
    let listed = w.list(f.production).await.expect("list");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].event_types, [EventType::All]);
    assert!(!listed[0].is_sandbox);
    assert!(w.list(f.sandbox).await.expect("list").is_empty());
    assert!(matches!(w.get(f.sandbox, created.id).await, Err(Error::NotFound { .. })));
    assert!(matches!(w.delete(f.sandbox, created.id).await, Err(Error::NotFound { .. })));
    w.delete(f.production, created.id).await.expect("delete");
    assert!(w.list(f.production).await.expect("list").is_empty());

    let err = w
        .update_settings(f.sandbox, WebhookSettingsPatch { timeout_seconds: Some(0), ..Default::default() })
        .await
        .expect_err("bounds");
    assert!(err.to_string().starts_with("timeout_seconds"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_pages_newest_first_with_a_cursor_and_filters_by_endpoint() {
    let f = fixture().await;
    let (a, _) = f.endpoint().await;
    let (b, _) = f.endpoint().await;
    for i in 0..3 {
        f.screen(&format!("h-{i}")).await;
    }
    let w = f.engine.webhooks();
    let all = f.history().await;
    assert_eq!(all.len(), 6);
    assert!(all.windows(2).all(|p| p[0].timestamp >= p[1].timestamp));
    let first = w.history(f.sandbox, None, None, PageRequest { page: 0, limit: 4 }).await.expect("page");
    assert!(first.has_next);
    let rest =
        w.history(f.sandbox, None, Some(first.data[3].id), PageRequest { page: 0, limit: 4 }).await.expect("page");
    assert!(!rest.has_next);
    let ids: Vec<_> = first.data.iter().chain(&rest.data).map(|d| d.id).collect();
    assert_eq!(ids, all.iter().map(|d| d.id).collect::<Vec<_>>());
    let only_a = w.history(f.sandbox, Some(a), None, PageRequest { page: 0, limit: 100 }).await.expect("page");
    assert_eq!(only_a.data.len(), 3);
    assert!(only_a.data.iter().all(|d| d.webhook_id == a && d.webhook_id != b));
    let err = w
        .history(
            f.sandbox,
            None,
            Some(docket_engine::webhooks::DeliveryId(uuid::Uuid::nil())),
            PageRequest { page: 0, limit: 4 },
        )
        .await
        .expect_err("unknown cursor");
    assert!(err.to_string().starts_with("after"), "{err}");
}

/// Answers 200 after a short delay and counts what it was sent, by envelope id.
#[derive(Default)]
struct Counting {
    sends: Mutex<std::collections::HashMap<String, u32>>,
}

impl Transport for Counting {
    fn send(&self, request: Outbound) -> SendFuture {
        let envelope: serde_json::Value = serde_json::from_slice(&request.body).expect("json");
        let id = envelope["id"].as_str().expect("id").to_owned();
        *self.sends.lock().expect("lock").entry(id).or_default() += 1;
        Box::pin(async move {
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            Ok(Answer { status: 200, retry_after: None, excerpt: "ok".into() })
        })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_delivery_loop_sends_each_delivery_once_under_load() {
    // A batch read while an attempt was being recorded shows that delivery as still due; the
    // loop used to claim it again once the attempt finished, sending it twice.
    let f = fixture().await;
    for _ in 0..4 {
        f.endpoint().await;
    }
    for i in 0..200 {
        let applicant = serde_json::from_value::<NewApplicant>(serde_json::json!({
            "external_id": format!("load-{i}"), "aml_screening_enabled": true,
            "info": {"full_name": "Ivan Sanctionov"}
        }))
        .expect("input");
        f.engine.applicants().create(f.sandbox, applicant).await.expect("create");
    }
    let transport = Arc::new(Counting::default());
    f.engine.start_background(transport.clone()); // screens the applicants, then delivers
    let expected = 800;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while transport.sends.lock().expect("lock").len() < expected && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await; // let stray duplicates land
    let sends = transport.sends.lock().expect("lock").clone();
    assert_eq!(sends.len(), expected, "every delivery sent");
    let twice: Vec<_> = sends.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "{} deliveries sent more than once, e.g. {:?}", twice.len(), twice.first());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn overlapping_monitoring_passes_screen_each_applicant_once() {
    // A clock move runs due screenings while the monitor may be running them too; each due
    // applicant must still be screened (and announced) once.
    let f = fixture().await;
    f.endpoint().await;
    for i in 0..60 {
        let applicant = serde_json::from_value::<NewApplicant>(serde_json::json!({
            "external_id": format!("twice-{i}"), "aml_screening_enabled": true,
            "info": {"full_name": "Ivan Sanctionov"}
        }))
        .expect("input");
        f.engine.applicants().create(f.sandbox, applicant).await.expect("create");
    }
    let (first, second) = (f.engine.aml(), f.engine.aml());
    let (a, b) = tokio::join!(first.run_due_screenings(), second.run_due_screenings());
    a.expect("first pass");
    b.expect("second pass");
    assert_eq!(f.deliver().await, 60, "one AML_SCREENING event per applicant");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_deliveries_are_pruned_after_the_retention_and_pending_ones_stay() {
    let f = fixture().await;
    f.endpoint().await;
    f.screen("kept-1").await;
    assert_eq!(f.deliver().await, 1);
    f.transport.status(500, None);
    f.screen("pending-1").await;
    assert_eq!(f.deliver().await, 1); // failed once; its retry is pending
    let patch: WebhookSettingsPatch = serde_json::from_value(serde_json::json!({"retention_days": 2})).expect("patch");
    f.engine.webhooks().update_settings(f.sandbox, patch).await.expect("settings");

    f.advance(SignedDuration::from_hours(47)).await;
    // The retry became due with the clock move; make it fail again so it stays pending.
    f.transport.status(500, None);
    f.deliver().await;
    assert_eq!(f.engine.webhooks().prune().await.expect("prunes"), 0, "within the retention");
    f.advance(SignedDuration::from_hours(2)).await;
    assert_eq!(f.engine.webhooks().prune().await.expect("prunes"), 1);
    let left = f.history().await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].state, DeliveryState::Pending, "a pending delivery is never pruned");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_address_guard_is_an_admins_switch_on_the_audit_chain() {
    let f = fixture().await;
    let w = f.engine.webhooks();
    let allow = AddressGuard { allow_private_addresses: true };
    let ada = f.admin("Ada").await;
    let rex = f.reviewer("Rex", Role::Senior).await;

    let refused = w.set_address_guard(f.production, allow, &rex).await;
    assert!(matches!(refused, Err(Error::Forbidden(ref m)) if m.contains("admin")), "{refused:?}");
    let refused = w.set_address_guard(f.sandbox, allow, &ada).await;
    assert!(matches!(refused, Err(Error::Conflict(ref m)) if m.contains("sandbox always allows")), "{refused:?}");
    assert!(!w.settings(f.production).await.expect("settings").allow_private_addresses);

    // The settings' patch no longer takes it, and says where it went.
    let moved: WebhookSettingsPatch =
        serde_json::from_value(serde_json::json!({"allow_private_addresses": true})).expect("parses");
    let err = w.update_settings(f.production, moved).await.expect_err("moved").to_string();
    assert!(
        err.starts_with("allow_private_addresses: ") && err.contains("PUT /_docket/webhooks/address-guard"),
        "{err}"
    );
    assert!(!w.settings(f.production).await.expect("settings").allow_private_addresses);

    assert_eq!(w.set_address_guard(f.production, allow, &ada).await.expect("switched"), allow);
    // Other settings' changes keep it.
    let patch = WebhookSettingsPatch { timeout_seconds: Some(7), ..Default::default() };
    let settings = w.update_settings(f.production, patch).await.expect("patched");
    assert!(settings.allow_private_addresses && settings.timeout_seconds == 7);
    let guard_on = AddressGuard { allow_private_addresses: false };
    w.set_address_guard(f.production, guard_on, &ada).await.expect("switched back");

    let (events, _) = f
        .engine
        .audit()
        .list(f.production, AuditFilter::default(), PageRequest { page: 0, limit: 100 })
        .await
        .expect("audit");
    let switches: Vec<_> = events.iter().filter(|e| e.kind == ADDRESS_GUARD_CHANGED).collect();
    assert_eq!(switches.len(), 2, "one event per switch, none for refusals: {events:?}");
    for e in &switches {
        assert_eq!(e.actor, "reviewer:Ada");
        assert_eq!(e.reviewer_id.as_deref(), Some(ada.id.as_uuid().hyphenated().to_string().as_str()));
    }
    let datas: Vec<&serde_json::Value> = switches.iter().map(|e| &e.data).collect();
    assert!(datas.contains(&&serde_json::json!({
        "before": {"allow_private_addresses": false}, "after": {"allow_private_addresses": true}
    })));
    assert!(datas.contains(&&serde_json::json!({
        "before": {"allow_private_addresses": true}, "after": {"allow_private_addresses": false}
    })));
    assert!(f.engine.audit().verify(f.production).await.expect("verify").ok);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_attempt_follows_the_guard_as_it_is_then() {
    let f = fixture().await;
    let w = f.engine.webhooks();
    let ada = f.admin("Ada").await;
    // Saved while private addresses were allowed.
    w.set_address_guard(f.production, AddressGuard { allow_private_addresses: true }, &ada).await.expect("off");
    let hook = w.create(f.production, input("http://127.0.0.1:9/x", &["ALL"])).await.expect("saved").id;
    let first = w.send_test(f.production, hook, Some(EventType::Docver)).await.expect("test").id;
    assert_eq!(f.deliver().await, 1);
    assert!(!f.transport.sent()[0].public_only, "the guard is off");

    w.set_address_guard(f.production, AddressGuard { allow_private_addresses: false }, &ada).await.expect("on");
    w.send_test(f.production, hook, Some(EventType::Docver)).await.expect("test");
    w.replay(f.production, first).await.expect("replay");
    assert_eq!(f.deliver().await, 2);
    let sent = f.transport.sent();
    assert_eq!(sent.len(), 3);
    assert!(sent[1..].iter().all(|o| o.public_only), "a new delivery and a replay both go through the guard");

    // The sandbox never asks for public addresses only.
    let sandbox_hook = w.create(f.sandbox, input("http://127.0.0.1:9/x", &["ALL"])).await.expect("sandbox").id;
    w.send_test(f.sandbox, sandbox_hook, Some(EventType::Docver)).await.expect("test");
    assert_eq!(f.deliver().await, 1);
    assert!(!f.transport.sent()[3].public_only);
}
