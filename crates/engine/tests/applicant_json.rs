//! The applicant list's fast path: pages assembled from each applicant's stored public JSON must
//! be byte for byte what serialising the typed page gives, for applicants in every state, after
//! every kind of write, and for rows from before the JSON was stored (built at start).

use std::sync::Arc;

use docket_engine::aml::SearchOptionsInput;
use docket_engine::applicants::{ApplicantFilter, ApplicantType, ApplicantUpdate, NewApplicant};
use docket_engine::page::PageRequest;
use docket_engine::time::ManualTime;
use docket_engine::{DATABASE_FILE, Engine, EngineConfig, Environment, Scope};

async fn open(dir: &std::path::Path, time: Arc<ManualTime>) -> Engine {
    let mut config = EngineConfig::new(dir);
    config.time = time;
    Engine::open(config).await.expect("opens")
}

fn input(v: serde_json::Value) -> NewApplicant {
    serde_json::from_value(v).expect("valid input")
}

/// Compares the fast path with the typed path for a few pages and filters.
async fn assert_same(engine: &Engine, scope: Scope) -> usize {
    let all = PageRequest { page: 0, limit: 100 };
    let cases = [
        (ApplicantFilter::default(), all),
        (ApplicantFilter::default(), PageRequest { page: 0, limit: 2 }),
        (ApplicantFilter::default(), PageRequest { page: 1, limit: 2 }),
        (ApplicantFilter::default(), PageRequest { page: 50, limit: 2 }),
        (ApplicantFilter { name: Some("sanctionov".into()), ..Default::default() }, all),
        (ApplicantFilter { applicant_type: Some(ApplicantType::Organization), ..Default::default() }, all),
    ];
    for (filter, page) in cases {
        let typed = engine.applicants().list(scope, filter.clone(), page).await.expect("typed list");
        let typed = serde_json::to_string(&typed).expect("serialises");
        let fast = engine.applicants().list_json(scope, filter.clone(), page).await.expect("fast list");
        assert_eq!(fast.as_str(), typed, "filter {filter:?}, page {page:?}");
    }
    let page = engine.applicants().list_json(scope, ApplicantFilter::default(), all).await.expect("list");
    let parsed: serde_json::Value = serde_json::from_str(page.as_str()).expect("valid JSON");
    parsed["data"].as_array().map_or(0, Vec::len)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stored_json_pages_equal_the_typed_serialisation_in_every_state() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTime::new("2026-03-01T09:00:00Z".parse().expect("time")));
    let engine = open(dir.path(), time.clone()).await;
    let org = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first").organization.id;
    let scope = Scope::new(org, Environment::Sandbox);
    let applicants = engine.applicants();
    assert_eq!(assert_same(&engine, scope).await, 0, "an empty list");

    // A person with every field, non-ASCII text, escapes and numbers in custom fields.
    let full = applicants
        .create(
            scope,
            input(serde_json::json!({
                "external_id": "full-1", "email": "ann@example.org", "phone": "+49301234567",
                "info": {"first_name": "Zoë", "last_name": "Łukasz \"Q\" O'Neil", "dob": "1987-12-24T00:00:00.000Z",
                         "gender": "Female", "citizenship": "DE", "country": "FR", "address": "Wiener Straße 17, \\Berlin/Mitte",
                         "addresses": {"residence": {"country": "DE", "city": "Berlin", "postal_code": "10999", "street": "Wiener Straße 17"},
                                       "business": {"city": "Paris"}},
                         "registration_id": "X-123",
                         "custom_fields": {"n": 1.5, "big": 12345678901234567_u64, "neg": -3, "nested": {"a": [1, null, "é\u{1F600}"]}, "t": true}},
                "search_options": {"risk_scores": ["Low"], "tags": ["Finance"], "fuzziness": true, "fuzziness_level": 0, "phonetics": false}
            })),
        )
        .await
        .expect("full person");
    // An organization, with contact details inside `info` as the Python client sends them.
    applicants
        .create(
            scope,
            input(serde_json::json!({"applicant_type": "Organization",
                "info": {"full_name": "Acme Ltd", "registration_id": "HRB 1", "email": "ops@acme.example", "country": "GB"}})),
        )
        .await
        .expect("organization");
    // Nothing at all.
    let empty = applicants.create(scope, input(serde_json::json!({}))).await.expect("empty");
    // Monitored: one that the demo list hits, one it does not.
    let hit = applicants
        .create(
            scope,
            input(serde_json::json!({"external_id": "hit", "aml_screening_enabled": true,
                "info": {"first_name": "Ivan", "last_name": "Sanctionov"}})),
        )
        .await
        .expect("monitored");
    applicants
        .create(
            scope,
            input(serde_json::json!({"aml_screening_enabled": true, "info": {"full_name": "Quiet Ordinary Person"}})),
        )
        .await
        .expect("monitored, no hit");
    assert_eq!(assert_same(&engine, scope).await, 5);

    // Screening results are part of the stored JSON.
    time.advance(jiff::SignedDuration::from_secs(5));
    assert_eq!(engine.aml().run_due_screenings().await.expect("screens"), 2);
    let screened = applicants.get(scope, hit.applicant_id).await.expect("get");
    assert!(screened.last_risk_score.is_some() && screened.last_tags.is_some());
    assert_same(&engine, scope).await;

    // Every other write path.
    time.advance(jiff::SignedDuration::from_secs(5));
    let update = ApplicantUpdate::from_json(&serde_json::json!({
        "address": null, "country": "ES", "addresses": {"business": null, "registered": {"city": "Madrid"}},
        "custom_fields": {"n": null, "added": "x"}, "email": null, "info": {"gender": "M"}
    }))
    .expect("update");
    applicants.update(scope, full.applicant_id, update).await.expect("updated");
    let options: SearchOptionsInput =
        serde_json::from_value(serde_json::json!({"tags": ["Sanctions", "PEP"], "fuzziness": false})).expect("options");
    applicants.set_search_options(scope, empty.applicant_id, options).await.expect("options set");
    applicants.link_telegram(scope, empty.applicant_id, "1234567890").await.expect("linked");
    applicants.set_screening(scope, hit.applicant_id, false).await.expect("monitoring off");
    assert_eq!(assert_same(&engine, scope).await, 5);
    // The other environment sees none of them.
    assert_eq!(assert_same(&engine, Scope::new(org, Environment::Production)).await, 0);

    // Rows from before the column existed (NULL): the list decodes them meanwhile...
    let conn = rusqlite::Connection::open(dir.path().join(DATABASE_FILE)).expect("raw open");
    conn.busy_timeout(std::time::Duration::from_secs(10)).expect("timeout");
    let verified = serde_json::json!({"full_name": "Zoë Verified", "dob": "1987-12-25T00:00:00.000Z",
        "addresses": {"home": {"city": "Lyon"}}, "custom_fields": {}});
    conn.execute(
        "UPDATE applicants SET public_json = NULL, verified_info = ?1 WHERE external_id = 'full-1'",
        [verified.to_string()],
    )
    .expect("clear one");
    assert_same(&engine, scope).await;
    // ... and the next start builds them all.
    conn.execute("UPDATE applicants SET public_json = NULL", []).expect("clear all");
    drop(conn);
    drop(engine);
    let engine = open(dir.path(), time).await;
    let conn = rusqlite::Connection::open(dir.path().join(DATABASE_FILE)).expect("raw open");
    let missing: i64 =
        conn.query_row("SELECT count(*) FROM applicants WHERE public_json IS NULL", [], |r| r.get(0)).expect("count");
    assert_eq!(missing, 0, "every stored JSON is built at start");
    assert_eq!(assert_same(&engine, scope).await, 5);
    let shown = engine
        .applicants()
        .list_json(scope, ApplicantFilter::default(), PageRequest { page: 0, limit: 100 })
        .await
        .expect("list");
    assert!(shown.as_str().contains("Zoë Verified"), "verified data overlays system_info");
}
