//! The engine through its public API: keys and isolation, applicant rules, the sandbox clock,
//! reset and the request journal.

use std::sync::Arc;

use docket_engine::applicants::{ApplicantFilter, ApplicantUpdate, NewApplicant};
use docket_engine::journal::{CapturedBody, JournalFilter, JournalSettings, RequestRecord, Source};
use docket_engine::page::PageRequest;
use docket_engine::time::ManualTime;
use docket_engine::{Engine, EngineConfig, Environment, Error, Scope};

struct Fixture {
    _dir: tempfile::TempDir,
    engine: Engine,
    time: Arc<ManualTime>,
    sandbox: Scope,
    production: Scope,
}

const START: &str = "2026-03-01T09:00:00Z";

async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTime::new(START.parse().expect("time")));
    let mut config = EngineConfig::new(dir.path());
    config.time = time.clone();
    config.journal = JournalSettings { max_entries: 5, ..JournalSettings::default() };
    let engine = Engine::open(config).await.expect("opens");
    let first = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first run");
    let org = first.organization.id;
    Fixture {
        _dir: dir,
        engine,
        time,
        sandbox: Scope::new(org, Environment::Sandbox),
        production: Scope::new(org, Environment::Production),
    }
}

fn json<T: serde::de::DeserializeOwned>(v: serde_json::Value) -> T {
    serde_json::from_value(v).expect("valid input")
}

fn page() -> PageRequest {
    PageRequest { page: 0, limit: 100 }
}

#[tokio::test]
async fn first_run_creates_one_key_per_environment_and_keys_select_their_scope() {
    let f = fixture().await;
    let keys = f.engine.keys().list(None).await.expect("keys");
    assert_eq!(keys.len(), 2);
    assert!(f.engine.organizations().bootstrap(&[]).await.expect("again").is_none(), "second start is not a first run");

    let created = f.engine.keys().create(f.sandbox.organization, Environment::Production, "ci").await.expect("create");
    let auth = f.engine.keys().authenticate(&created.secret).await.expect("valid key");
    assert_eq!(auth.scope, f.production);

    f.engine.keys().revoke(created.key.id).await.expect("revoke");
    match f.engine.keys().authenticate(&created.secret).await {
        Err(Error::Unauthorized(m)) => assert!(m.contains("revoked"), "{m}"),
        other => panic!("a revoked key must be refused, got {other:?}"),
    }
    assert!(matches!(f.engine.keys().authenticate("nope").await, Err(Error::Unauthorized(_))));
    assert!(matches!(f.engine.keys().authenticate("").await, Err(Error::Unauthorized(_))));
}

#[tokio::test]
async fn pinned_keys_replace_earlier_pins_and_cannot_collide() {
    let f = fixture().await;
    let pin = |v: &str| vec![(Environment::Sandbox, v.to_owned())];
    f.engine.organizations().bootstrap(&pin("ci-sandbox-key-1")).await.expect("pin");
    assert_eq!(f.engine.keys().authenticate("ci-sandbox-key-1").await.expect("pinned").scope, f.sandbox);
    f.engine.organizations().bootstrap(&pin("ci-sandbox-key-2")).await.expect("re-pin");
    assert!(f.engine.keys().authenticate("ci-sandbox-key-1").await.is_err(), "the old pin is revoked");
    assert!(f.engine.keys().authenticate("ci-sandbox-key-2").await.is_ok());
    let clash = vec![(Environment::Production, "ci-sandbox-key-2".to_owned())];
    assert!(matches!(f.engine.organizations().bootstrap(&clash).await, Err(Error::Conflict(_))));
    assert!(f.engine.organizations().bootstrap(&pin("short")).await.is_err());
}

#[tokio::test]
async fn environments_and_organizations_never_see_each_others_applicants() {
    let f = fixture().await;
    let other_org = f.engine.organizations().create("Other Ltd").await.expect("org");
    let other = Scope::new(other_org.id, Environment::Sandbox);
    let input =
        || json::<NewApplicant>(serde_json::json!({"external_id": "same-id", "info": {"full_name": "Ann Lee"}}));

    let a = f.engine.applicants().create(f.sandbox, input()).await.expect("sandbox");
    // The same external id is free in another environment and another organization.
    let b = f.engine.applicants().create(f.production, input()).await.expect("production");
    f.engine.applicants().create(other, input()).await.expect("other org");

    for scope in [f.production, other] {
        assert!(matches!(f.engine.applicants().get(scope, a.applicant_id).await, Err(Error::NotFound { .. })));
        assert!(matches!(
            f.engine.applicants().delete(scope, a.applicant_id, "test").await,
            Err(Error::NotFound { .. })
        ));
        let list = f.engine.applicants().list(scope, ApplicantFilter::default(), page()).await.expect("list");
        assert!(list.data.iter().all(|x| x.applicant_id != a.applicant_id));
    }
    assert_eq!(
        f.engine.applicants().get_by_external_id(f.production, "same-id").await.expect("found").applicant_id,
        b.applicant_id
    );
    assert!(matches!(f.engine.applicants().create(f.sandbox, input()).await, Err(Error::Conflict(_))));
}

#[tokio::test]
async fn applicant_data_is_checked_and_system_info_derived() {
    let f = fixture().await;
    let a = f
        .engine
        .applicants()
        .create(
            f.sandbox,
            json(serde_json::json!({
                "info": {"first_name": " Ann ", "last_name": "Lee", "dob": "1990-05-01T00:00:00.000Z", "gender": "Female",
                         "citizenship": "de", "email": "ann@example.org"}
            })),
        )
        .await
        .expect("create");
    assert_eq!(a.system_info.full_name.as_deref(), Some("Ann Lee"));
    assert_eq!(a.provided_info.full_name, None, "provided data stays as given");
    assert_eq!(a.provided_info.first_name.as_deref(), Some("Ann"));
    assert_eq!(a.email.as_ref().map(|e| e.as_str()), Some("ann@example.org"));
    assert_eq!(serde_json::to_value(a.system_info.dob).expect("json"), "1990-05-01T00:00:00.000Z");

    let future = json::<NewApplicant>(serde_json::json!({"info": {"dob": "2027-01-01"}}));
    match f.engine.applicants().create(f.sandbox, future).await {
        Err(Error::Invalid(i)) => assert_eq!(i.field.as_deref(), Some("info.dob")),
        other => panic!("a future date of birth must be refused, got {other:?}"),
    }
    let org_with_gender = json::<NewApplicant>(
        serde_json::json!({"applicant_type": "Organization", "info": {"full_name": "X GmbH", "gender": "M"}}),
    );
    assert!(matches!(f.engine.applicants().create(f.sandbox, org_with_gender).await, Err(Error::Invalid(_))));
    let blank = json::<NewApplicant>(serde_json::json!({"info": {"full_name": "   "}}));
    assert!(matches!(f.engine.applicants().create(f.sandbox, blank).await, Err(Error::Invalid(_))));
}

#[tokio::test]
async fn updates_merge_and_null_clears() {
    let f = fixture().await;
    let a = f
        .engine
        .applicants()
        .create(
            f.sandbox,
            json(serde_json::json!({"info": {"full_name": "Ann Lee", "address": "Old 1",
                "addresses": {"residence": {"city": "Berlin"}}, "custom_fields": {"a": 1, "b": 2}}})),
        )
        .await
        .expect("create");
    let update = ApplicantUpdate::from_json(&serde_json::json!({
        "address": null, "country": "FR", "addresses": {"work": {"city": "Paris"}},
        "custom_fields": {"a": null, "c": 3}, "search_options": {"tags": ["PEP"]}, "phone": "+33 1 23 45 67 89"
    }))
    .expect("valid update");
    let u = f.engine.applicants().update(f.sandbox, a.applicant_id, update).await.expect("update");
    assert_eq!(u.provided_info.full_name.as_deref(), Some("Ann Lee"), "absent fields stay");
    assert_eq!(u.provided_info.address, None, "null clears");
    assert_eq!(u.provided_info.addresses.len(), 2);
    assert_eq!(
        u.provided_info.custom_fields,
        serde_json::json!({"b": 2, "c": 3}).as_object().cloned().expect("object")
    );
    assert_eq!(serde_json::to_value(&u.search_options.tags).expect("json"), serde_json::json!(["PEP"]));
    assert!(u.search_options.fuzziness, "other options keep their defaults");
    let again = f.engine.applicants().get(f.sandbox, a.applicant_id).await.expect("get");
    assert_eq!(again.provided_info, u.provided_info);
}

#[tokio::test]
async fn lists_are_newest_first_filtered_and_paged() {
    let f = fixture().await;
    for (name, country) in [("Zoë Adams", "GB"), ("José Núñez", "ES"), ("Jose Perez", "MX"), ("Ann Lee", "ES")] {
        f.time.advance(jiff::SignedDuration::from_secs(60));
        let input = json(serde_json::json!({"info": {"full_name": name, "country": country}}));
        f.engine.applicants().create(f.sandbox, input).await.expect("create");
    }
    let names = |p: docket_engine::page::Page<docket_engine::applicants::Applicant>| {
        p.data.into_iter().filter_map(|a| a.system_info.full_name).collect::<Vec<_>>()
    };
    let all = f.engine.applicants().list(f.sandbox, ApplicantFilter::default(), page()).await.expect("list");
    assert_eq!(names(all), ["Ann Lee", "Jose Perez", "José Núñez", "Zoë Adams"]);

    let jose = ApplicantFilter { name: Some("JOSE".into()), ..Default::default() };
    assert_eq!(
        names(f.engine.applicants().list(f.sandbox, jose, page()).await.expect("list")),
        ["Jose Perez", "José Núñez"]
    );
    let spain = ApplicantFilter {
        country: Some(docket_engine::values::CountryCode::parse("ES").expect("cc")),
        ..Default::default()
    };
    assert_eq!(
        names(f.engine.applicants().list(f.sandbox, spain, page()).await.expect("list")),
        ["Ann Lee", "José Núñez"]
    );
    let wildcard = ApplicantFilter { name: Some("%".into()), ..Default::default() };
    assert!(f.engine.applicants().list(f.sandbox, wildcard, page()).await.expect("list").data.is_empty());

    let first = f
        .engine
        .applicants()
        .list(f.sandbox, ApplicantFilter::default(), PageRequest { page: 0, limit: 3 })
        .await
        .expect("p0");
    assert!(first.has_next);
    let second = f
        .engine
        .applicants()
        .list(f.sandbox, ApplicantFilter::default(), PageRequest { page: 1, limit: 3 })
        .await
        .expect("p1");
    assert_eq!((second.data.len(), second.has_next), (1, false));
}

#[tokio::test]
async fn the_sandbox_clock_moves_only_the_sandbox() {
    let f = fixture().await;
    let state =
        f.engine.sandbox().set_clock(f.sandbox, "2026-06-01T00:00:00Z".parse().expect("t"), true).await.expect("set");
    assert_eq!(state.now.to_string(), "2026-06-01T00:00:00.000Z");
    f.time.advance(jiff::SignedDuration::from_secs(3600));
    assert_eq!(f.engine.now(f.sandbox).to_string(), "2026-06-01T00:00:00.000Z", "a frozen clock stands still");
    f.engine.sandbox().advance_clock(f.sandbox, jiff::SignedDuration::from_hours(25)).await.expect("advance");
    assert_eq!(f.engine.now(f.sandbox).to_string(), "2026-06-02T01:00:00.000Z");

    let a = f.engine.applicants().create(f.sandbox, NewApplicant::default()).await.expect("create");
    assert_eq!(a.created_at.to_string(), "2026-06-02T01:00:00.000Z", "records follow the environment's clock");
    assert_eq!(f.engine.now(f.production).to_string(), "2026-03-01T10:00:00.000Z", "production keeps real time");

    assert!(matches!(
        f.engine.sandbox().advance_clock(f.production, jiff::SignedDuration::from_secs(1)).await,
        Err(Error::Forbidden(_))
    ));
    assert!(matches!(
        f.engine.sandbox().advance_clock(f.sandbox, jiff::SignedDuration::from_secs(-1)).await,
        Err(Error::Invalid(_))
    ));

    // A shifted (not frozen) clock keeps running with real time.
    f.engine.sandbox().set_clock(f.sandbox, "2026-06-01T00:00:00Z".parse().expect("t"), false).await.expect("set");
    f.time.advance(jiff::SignedDuration::from_secs(30));
    assert_eq!(f.engine.now(f.sandbox).to_string(), "2026-06-01T00:00:30.000Z");
    f.engine.sandbox().reset_clock(f.sandbox).await.expect("reset");
    assert_eq!(f.engine.now(f.sandbox), f.engine.now(f.production));
}

#[tokio::test]
async fn the_clock_survives_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scope = {
        let engine = Engine::open(EngineConfig::new(dir.path())).await.expect("opens");
        let org = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first").organization.id;
        let scope = Scope::new(org, Environment::Sandbox);
        engine.sandbox().set_clock(scope, "2030-01-01T00:00:00Z".parse().expect("t"), true).await.expect("set");
        engine.shutdown().await;
        scope
    };
    let engine = Engine::open(EngineConfig::new(dir.path())).await.expect("reopens");
    assert_eq!(engine.now(scope).to_string(), "2030-01-01T00:00:00.000Z");
}

#[tokio::test]
async fn reset_empties_the_sandbox_only() {
    let f = fixture().await;
    f.engine.demo().seed(f.sandbox).await.expect("seed");
    f.engine.applicants().create(f.production, NewApplicant::default()).await.expect("prod");
    let again = f.engine.demo().seed(f.sandbox).await.expect("seed again");
    assert_eq!(again.applicants_created, 0, "seeding twice adds nothing");
    let summary = f.engine.sandbox().reset_data(f.sandbox).await.expect("reset");
    // The demo's KYB cases each come with their organization applicant.
    assert!(summary.get("kyb_cases") >= 40);
    assert_eq!(summary.get("applicants"), again.applicants_present as u64 + summary.get("kyb_cases"));
    assert_eq!(f.engine.applicants().count(f.sandbox).await.expect("count"), 0);
    assert_eq!(f.engine.applicants().count(f.production).await.expect("count"), 1);
    assert!(matches!(f.engine.sandbox().reset_data(f.production).await, Err(Error::Forbidden(_))));
}

fn record(scope: Scope, path: &str, status: u16, body: &str) -> RequestRecord {
    RequestRecord {
        request_id: format!("req-{path}"),
        scope,
        secrets: &[],
        source: Source::Api,
        api_key_id: None,
        reviewer: None,
        received_at: START.parse().expect("time"),
        method: "POST".into(),
        path: path.into(),
        query: Some("page=0&api_token=abc".into()),
        status,
        latency_us: 1500,
        client: Some("test".into()),
        request_body: CapturedBody::Bytes(bytes::Bytes::copy_from_slice(body.as_bytes())),
        response_body: CapturedBody::Empty,
    }
}

#[tokio::test]
async fn the_journal_redacts_filters_and_stays_bounded() {
    let f = fixture().await;
    let journal = f.engine.journal();
    journal.record(record(f.sandbox, "/api/v3/applicants", 201, r#"{"password":"hunter2","name":"n"}"#)).await;
    journal.record(record(f.sandbox, "/api/v3/applicants/x", 404, "{}")).await;
    journal.record(record(f.production, "/api/v3/applicants", 201, "{}")).await;
    let list = journal.list(f.sandbox, JournalFilter::default(), page()).await.expect("list");
    assert_eq!(list.data.len(), 2, "only the scope's own entries");
    let created = &list.data[1];
    assert!(!created.request_body.as_deref().unwrap_or("").contains("hunter2"));
    assert_eq!(created.query.as_deref(), Some("page=0&api_token=[redacted]"));
    assert_eq!(created.latency_ms, 1.5);

    let not_found = JournalFilter {
        status: Some(docket_engine::journal::StatusFilter::parse("4xx").expect("class")),
        ..Default::default()
    };
    assert_eq!(journal.list(f.sandbox, not_found, page()).await.expect("list").data.len(), 1);
    let newer = JournalFilter { after: Some(created.seq), ..Default::default() };
    assert_eq!(journal.list(f.sandbox, newer, page()).await.expect("list").data.len(), 1);

    // At most five entries are kept (the fixture's bound), the oldest go first.
    for i in 0..6 {
        journal.record(record(f.sandbox, &format!("/api/v3/applicants/{i}"), 200, "{}")).await;
    }
    let kept = journal.list(f.sandbox, JournalFilter::default(), page()).await.expect("list");
    assert_eq!(kept.data.len(), 5);
    assert_eq!(kept.data[0].path, "/api/v3/applicants/5");

    // Entries older than the retention go.
    f.time.advance(jiff::SignedDuration::from_hours(24 * 8));
    journal
        .record(RequestRecord { received_at: f.engine.now(f.production), ..record(f.sandbox, "/new", 200, "{}") })
        .await;
    let kept = journal.list(f.sandbox, JournalFilter::default(), page()).await.expect("list");
    assert_eq!(kept.data.iter().map(|e| e.path.as_str()).collect::<Vec<_>>(), ["/new"]);
}

#[tokio::test]
async fn an_environment_keeps_its_journal_for_as_long_as_its_retention_says() {
    let f = fixture().await;
    let journal = f.engine.journal();
    journal.record(record(f.sandbox, "/api/v3/applicants/old", 200, "{}")).await;
    journal.record(record(f.production, "/api/v3/applicants/old", 200, "{}")).await;
    f.time.advance(jiff::SignedDuration::from_hours(24 * 2));
    let now = f.engine.real_now();
    journal.record(RequestRecord { received_at: now, ..record(f.sandbox, "/api/v3/applicants/new", 200, "{}") }).await;
    let change = docket_engine::retention::RetentionChange { journal_days: Some(1), ..Default::default() };
    let settings = f.engine.retention().change(f.sandbox, change, &docket_engine::Actor::Command).await.expect("sets");
    assert_eq!(settings.journal_days, 1);
    let paths = |scope| {
        let journal = f.engine.journal();
        async move {
            let list = journal.list(scope, JournalFilter::default(), page()).await.expect("list");
            list.data.into_iter().map(|e| e.path).collect::<Vec<_>>()
        }
    };
    assert_eq!(paths(f.sandbox).await, ["/api/v3/applicants/new"], "the sandbox keeps one day");
    assert_eq!(paths(f.production).await, ["/api/v3/applicants/old"], "production keeps the server's seven");
}

#[tokio::test]
async fn the_demo_adds_about_90_days_of_monitored_events_and_rules_that_fire_on_some() {
    use docket_engine::transmon::{Decision, EventFilter, LIST_BOUNDS};
    let f = fixture().await;
    let summary = f.engine.demo().seed(f.sandbox).await.expect("seed");
    assert!(summary.transmon_events_created >= 100, "{} events", summary.transmon_events_created);
    let rules = f.engine.transmon().rules(f.sandbox, None).await.expect("rules");
    assert!(!rules.custom_rules.is_empty(), "the demo's rules");
    let one = PageRequest::new(None, Some(1), LIST_BOUNDS).expect("page");
    let events = |filter: EventFilter| {
        let engine = &f.engine;
        async move { engine.transmon().events(f.sandbox, filter, one).await.expect("events").data }
    };
    // History on the sandbox clock: events older than 80 days, and events today.
    let now = f.engine.now(f.sandbox);
    let eighty_days_ago = now.saturating_add(jiff::SignedDuration::from_hours(-80 * 24));
    assert!(!events(EventFilter { to: Some(eighty_days_ago), ..EventFilter::default() }).await.is_empty());
    let newest = events(EventFilter::default()).await;
    assert_eq!(newest[0].received_at.date(), now.date());
    // The rules fire on some events and not on others.
    assert!(!events(EventFilter { decision: Some(Decision::Review), ..EventFilter::default() }).await.is_empty());
    assert!(!events(EventFilter { decision: Some(Decision::Allow), ..EventFilter::default() }).await.is_empty());
}

/// An applicant renamed (and given a new address) is erased under every name and address it
/// held: the searches of its earlier name, the create that sent its first and last names apart,
/// and a list filtered by its earlier name (percent-encoded in the query).
#[tokio::test]
async fn an_applicant_renamed_then_erased_leaves_nothing_under_any_name_it_held() {
    let f = fixture().await;
    let (old, new) = ("Qyzzwv Oldmarrow", "Qyzzwv Newbright");
    let a = f
        .engine
        .applicants()
        .create(
            f.sandbox,
            json(serde_json::json!({"email": "qyzzwv.old@example.com",
                "info": {"first_name": "Qyzzwv", "last_name": "Oldmarrow"}})),
        )
        .await
        .expect("create");
    let search = |name: &str| json::<docket_engine::aml::model::SearchRequest>(serde_json::json!({"full_name": name}));
    f.engine.aml().search(f.sandbox, search(old)).await.expect("search of the earlier name");
    let update =
        ApplicantUpdate::from_json(&serde_json::json!({"full_name": new, "first_name": null, "last_name": null,
            "email": "qyzzwv.new@example.com"}))
        .expect("valid update");
    f.engine.applicants().update(f.sandbox, a.applicant_id, update).await.expect("rename");
    f.engine.aml().search(f.sandbox, search(new)).await.expect("search of the new name");

    let journal = f.engine.journal();
    let created = RequestRecord {
        response_body: CapturedBody::Bytes(bytes::Bytes::from(format!(r#"{{"applicant_id":"{}"}}"#, a.applicant_id))),
        ..record(f.sandbox, "/api/v3/applicants", 201, r#"{"info":{"first_name":"Qyzzwv","last_name":"Oldmarrow"}}"#)
    };
    journal.record(created).await;
    let listed = RequestRecord {
        method: "GET".into(),
        query: Some("name=Qyzzwv%20Oldmarrow&limit=5".into()),
        ..record(f.sandbox, "/api/v3/aml/search/history", 200, "")
    };
    journal.record(listed).await;
    journal.record(record(f.sandbox, "/api/v4/email/checks", 201, r#"{"email":"qyzzwv.old@example.com"}"#)).await;
    journal.record(record(f.sandbox, "/api/v3/applicants", 201, r#"{"info":{"full_name":"Somebody Else"}}"#)).await;

    f.engine.applicants().delete(f.sandbox, a.applicant_id, "test").await.expect("erased");

    let history = docket_engine::aml::HistoryFilter::default();
    let searches = f.engine.aml().history(f.sandbox, history, page()).await.expect("history");
    let names: Vec<&str> = searches.data.iter().map(|s| s.requested_name.as_str()).collect();
    assert!(names.is_empty(), "searches of a name it held survive: {names:?}");
    let entries = journal.list(f.sandbox, JournalFilter::default(), page()).await.expect("journal");
    let text = serde_json::to_string(&entries.data).expect("json").to_lowercase();
    for gone in ["oldmarrow", "newbright", "qyzzwv.old@example.com", "qyzzwv"] {
        assert!(!text.contains(gone), "the journal still names {gone}: {text}");
    }
    assert!(text.contains("somebody else"), "another person's request stays: {text}");
}

/// The sites that may frame an organization's hosted pages: checked, kept for both
/// environments, and each change an event of the production chain with who made it.
#[tokio::test]
async fn organization_settings_are_checked_and_each_change_is_on_the_production_chain() {
    use docket_engine::Actor;
    use docket_engine::organizations::OrganizationSettingsChange;
    let f = fixture().await;
    let (orgs, org) = (f.engine.organizations(), f.sandbox.organization);
    assert!(orgs.settings(org).await.expect("settings").frame_origins.is_empty(), "none by default");

    let change: OrganizationSettingsChange =
        json(serde_json::json!({"frame_origins": ["HTTPS://Shop.Example.com/", "http://localhost:5173"]}));
    let set = orgs.set_settings(org, change, &Actor::Command).await.expect("set");
    let texts: Vec<&str> = set.frame_origins.iter().map(|o| o.as_str()).collect();
    assert_eq!(texts, ["https://shop.example.com", "http://localhost:5173"]);
    assert_eq!(orgs.settings(org).await.expect("settings"), set, "read back as set");

    let refused = serde_json::from_value::<OrganizationSettingsChange>(
        serde_json::json!({"frame_origins": ["https://*.example.com"]}),
    );
    assert!(refused.is_err(), "a wildcard never reaches the engine");

    let (events, _) =
        f.engine.audit().list(f.production, docket_engine::audit::AuditFilter::default(), page()).await.expect("audit");
    let changed = events.iter().find(|e| e.kind == "organization_settings_changed").expect("recorded");
    assert_eq!(changed.actor, "command");
    assert_eq!(changed.data["before"]["frame_origins"], serde_json::json!([]));
    assert_eq!(changed.data["after"]["frame_origins"], serde_json::json!(texts));
    assert_eq!(changed.data["after"]["widget"]["outcomes"]["rejected"], "outcome_and_message", "the widget's too");
    let (sandbox, _) =
        f.engine.audit().list(f.sandbox, docket_engine::audit::AuditFilter::default(), page()).await.expect("audit");
    assert!(sandbox.iter().all(|e| e.kind != "organization_settings_changed"), "not on the sandbox's chain");
    assert!(f.engine.audit().verify(f.production).await.expect("verify").ok);
}
