//! AML screening through the engine's public API.

use std::sync::Arc;

use docket_engine::aml::import;
use docket_engine::aml::model::{FilterMatch, ListFormat, MatchLevel, SearchKind, SearchRequest};
use docket_engine::aml::{HistoryFilter, RiskScore, SCREENING_EVENT, Tag};
use docket_engine::applicants::NewApplicant;
use docket_engine::page::PageRequest;
use docket_engine::time::ManualTime;
use docket_engine::{Actor, Engine, EngineConfig, Environment, Error, Scope};

struct Fixture {
    dir: tempfile::TempDir,
    engine: Engine,
    time: Arc<ManualTime>,
    sandbox: Scope,
    production: Scope,
}

async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTime::new("2026-03-01T09:00:00Z".parse().expect("time")));
    let mut config = EngineConfig::new(dir.path());
    config.time = time.clone();
    let engine = Engine::open(config).await.expect("opens");
    let org = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first").organization.id;
    Fixture {
        dir,
        engine,
        time,
        sandbox: Scope::new(org, Environment::Sandbox),
        production: Scope::new(org, Environment::Production),
    }
}

fn request(body: serde_json::Value) -> SearchRequest {
    serde_json::from_value(body).expect("valid request")
}

const CSL: &str = "_id,source,entity_number,type,programs,name,title,addresses,federal_register_notice,start_date,end_date,standard_order,license_requirement,license_policy,call_sign,vessel_type,gross_tonnage,gross_registered_tonnage,vessel_flag,vessel_owner,remarks,source_list_url,alt_names,citizenships,dates_of_birth,nationalities,places_of_birth,source_information_url,ids\n\
1,Specially Designated Nationals (SDN) - Treasury Department,1,Individual,SDGT,\"ZAWAHIRI, Ayman al\",,\"Kabul, AF\",,,,,,,,,,,,,,,\"AL-ZAWAHIRI, Aiman\",EG,1951-06-19,EG,\"Giza, Egypt\",,\n\
2,Entity List (EL) - Bureau of Industry and Security,,,,Huawei Technologies Co. Ltd.,,\"Shenzhen, CN\",,,,,,,,,,,,,,,,,,,,,\"CN, 91440300, Unified Social Credit Code\"\n";

async fn import_csl(f: &Fixture) -> docket_engine::aml::model::Snapshot {
    let path = f.dir.path().join("csl.csv");
    std::fs::write(&path, CSL).expect("writes");
    let list = import::read(ListFormat::UsCsl, &[path], &|_| {}).expect("reads");
    f.engine.aml().import(list, false, &Actor::Command).await.expect("imports")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_that_would_halve_a_list_is_refused_unless_it_says_replace_and_every_import_is_audited() {
    let f = fixture().await;
    // Four entities: the test list's two and two more.
    let full = f.dir.path().join("full.csv");
    let more: String = (3..=4)
        .map(|i| format!("{i},Entity List (EL) - Bureau of Industry and Security,,,,Quillon Works {i} Ltd,,,,,,,,,,,,,,,,,,,,,,,\n"))
        .collect();
    std::fs::write(&full, format!("{CSL}{more}")).expect("writes");
    let list = import::read(ListFormat::UsCsl, &[full], &|_| {}).expect("reads");
    let first = f.engine.aml().import(list, false, &Actor::Command).await.expect("imports");
    assert_eq!(first.entities, 4);
    // The same list cut to its header and one row.
    let path = f.dir.path().join("cut.csv");
    let one_row: String = CSL.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, one_row).expect("writes");
    let read = || import::read(ListFormat::UsCsl, std::slice::from_ref(&path), &|_| {}).expect("reads");
    let refused = f.engine.aml().import(read(), false, &Actor::Command).await;
    assert!(
        matches!(&refused, Err(Error::Conflict(m)) if m.contains("replace") && m.contains("shrink")),
        "{refused:?}"
    );
    assert!(f.engine.aml().snapshots().await.expect("lists").iter().any(|s| s.id == first.id && s.active));
    let replaced = f.engine.aml().import(read(), true, &Actor::Command).await.expect("replace says it is meant");
    assert_eq!(replaced.entities, 1);
    let production = Scope::new(f.sandbox.organization, Environment::Production);
    let chain = f.engine.audit().export(production).await.expect("exports");
    let imports: Vec<serde_json::Value> = chain
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .filter(|e| e["kind"] == "watchlist_imported")
        .collect();
    assert_eq!(imports.len(), 2, "both imports that happened are on production's chain");
    assert_eq!(imports[1]["actor"], "command");
    assert_eq!(imports[1]["data"]["replace"], true);
    assert_eq!(imports[1]["data"]["entities"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn magic_names_give_their_outcome_in_the_sandbox_only() {
    let f = fixture().await;
    let aml = f.engine.aml();
    let high =
        aml.search(f.sandbox, request(serde_json::json!({"full_name": "Ivan SANCTIONOV"}))).await.expect("search");
    assert_eq!(high.data.len(), 1);
    assert_eq!(high.max_risk_score, Some(RiskScore::High));
    assert_eq!(high.data[0].search_metadata.name_match_level, MatchLevel::FullMatch);
    assert!(high.data[0].entity.tags.contains(&Tag::Sanctions));
    let pep =
        aml.search(f.sandbox, request(serde_json::json!({"full_name": "Politikova, Petra"}))).await.expect("search");
    assert_eq!((pep.data.len(), pep.max_risk_score), (1, Some(RiskScore::Medium)));
    let media =
        aml.search(f.sandbox, request(serde_json::json!({"full_name": "Marco Medialli"}))).await.expect("search");
    assert_eq!((media.data.len(), media.max_risk_score), (1, Some(RiskScore::Low)));
    assert!(!media.data[0].entity.fields.media.is_empty());
    let clean =
        aml.search(f.sandbox, request(serde_json::json!({"full_name": "Clara Cleanfield"}))).await.expect("search");
    assert!(clean.data.is_empty() && clean.max_risk_score.is_none());
    // Production screens only imported lists: nothing is imported, so nothing hits.
    let prod =
        aml.search(f.production, request(serde_json::json!({"full_name": "Ivan Sanctionov"}))).await.expect("search");
    assert!(prod.data.is_empty());
    assert!(prod.lists.is_empty(), "production never searches the demo list");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_list_answers_fuzzy_searches_with_explanations_and_fatf_records() {
    let f = fixture().await;
    let demo = f.engine.aml().snapshots().await.expect("snapshots").into_iter().find(|s| s.demo).expect("demo list");
    assert!(demo.entities >= 20_000);
    // Take a real demo name and misspell it.
    let page = f
        .engine
        .aml()
        .search(f.sandbox, request(serde_json::json!({"full_name": "Ivan Sanctionov", "limit": 1})))
        .await
        .expect("search");
    assert_eq!(page.lists.len(), 1);
    let report = f
        .engine
        .aml()
        .search(
            f.sandbox,
            request(serde_json::json!({"full_name": "Mohamed Al Rashid", "entity_types": ["Person"], "limit": 5})),
        )
        .await
        .expect("search");
    for hit in &report.data {
        let m = &hit.search_metadata;
        assert!(m.name_match_percentage >= report.threshold * 100.0 - 0.1);
        assert!(!m.explanation.summary.is_empty());
        assert_eq!(m.date_of_birth_matched, FilterMatch::FilterNotSet);
    }
    let countries: Vec<_> = report.fatf_records.iter().map(|r| r.country.as_str().to_owned()).collect();
    let mut sorted = countries.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(countries, sorted, "one FATF record per country");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn imported_lists_are_searched_in_both_environments_and_kept_in_the_history() {
    let f = fixture().await;
    let snapshot = import_csl(&f).await;
    assert_eq!((snapshot.list.as_str(), snapshot.entities), ("US_CSL", 2));
    let aml = f.engine.aml();
    let report =
        aml.search(f.production, request(serde_json::json!({"full_name": "Aiman al-Zawahri"}))).await.expect("search");
    assert_eq!(report.data.len(), 1, "{report:?}");
    let hit = &report.data[0];
    assert_eq!(hit.entity.fields.sources[0].source_id.as_str(), "US_OFAC_SDN");
    assert!(hit.entity.tags.contains(&Tag::Terrorism));
    assert_eq!(report.fatf_records.len(), 2, "AF and EG");
    assert_eq!(report.lists[0].id, snapshot.id);

    let again = aml.report(f.production, report.search_uuid).await.expect("stored");
    let stored: serde_json::Value = serde_json::from_slice(&again).expect("json");
    assert_eq!(stored["search_uuid"], report.search_uuid.to_string());
    assert!(matches!(aml.report(f.sandbox, report.search_uuid).await, Err(Error::NotFound { .. })), "scoped");
    let history =
        aml.history(f.production, HistoryFilter::default(), PageRequest { page: 0, limit: 10 }).await.expect("history");
    assert_eq!(history.data.len(), 1);
    assert_eq!(history.data[0].kind, SearchKind::Search);

    let entity = aml.entity(f.production, hit.entity.uuid).await.expect("entity");
    assert_eq!(entity.uuid, hit.entity.uuid);

    // A new import of the same list replaces it; entity ids stay.
    let second = import_csl(&f).await;
    assert_ne!(second.id, snapshot.id);
    let snapshots = aml.snapshots().await.expect("snapshots");
    assert_eq!(snapshots.iter().filter(|s| s.list == "US_CSL" && s.active).count(), 1);
    assert!(aml.entity(f.production, hit.entity.uuid).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn filters_exclude_contradicting_entities_and_qualify_the_rest() {
    let f = fixture().await;
    import_csl(&f).await;
    let aml = f.engine.aml();
    let name = "Ayman al-Zawahiri";
    let search = |body: serde_json::Value| aml.search(f.production, request(body));
    let matching = search(serde_json::json!({"full_name": name, "date_of_birth": {"gte": "1951-01-01", "lte": "1951-12-31"}, "countries": ["EG"]}))
        .await
        .expect("search");
    assert_eq!(matching.data.len(), 1);
    assert_eq!(matching.data[0].search_metadata.date_of_birth_matched, FilterMatch::Match);
    assert_eq!(matching.data[0].search_metadata.country_matched, FilterMatch::Match);
    let wrong_dob =
        search(serde_json::json!({"full_name": name, "date_of_birth": {"gte": "1980-01-01", "lte": "1980-12-31"}}))
            .await
            .expect("search");
    assert!(wrong_dob.data.is_empty());
    assert!(search(serde_json::json!({"full_name": name, "countries": ["FR"]})).await.expect("search").data.is_empty());
    assert!(
        search(serde_json::json!({"full_name": name, "entity_types": ["Organization"]}))
            .await
            .expect("search")
            .data
            .is_empty()
    );
    assert!(
        search(serde_json::json!({"full_name": name, "risk_scores": ["Low"]})).await.expect("search").data.is_empty()
    );
    assert!(
        search(serde_json::json!({"full_name": name, "sources": ["UN_SCC"]})).await.expect("search").data.is_empty()
    );
    // An identifier finds its entity even under another name.
    let by_id = search(serde_json::json!({"full_name": "Some Other Name", "registration_ids": ["91440300"]}))
        .await
        .expect("search");
    assert_eq!(by_id.data.len(), 1);
    assert_eq!(by_id.data[0].search_metadata.explanation.identifier_match.as_deref(), Some("91440300"));
    // Exact matching refuses the misspelling.
    let exact =
        search(serde_json::json!({"full_name": "Aymen al-Zawahiri", "fuzziness": false})).await.expect("search");
    assert!(exact.data.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn monitored_applicants_are_screened_when_created_and_daily_by_the_sandbox_clock() {
    let f = fixture().await;
    let applicant = f
        .engine
        .applicants()
        .create(
            f.sandbox,
            serde_json::from_value::<NewApplicant>(serde_json::json!({
                "external_id": "a-1", "aml_screening_enabled": true, "info": {"first_name": "Ivan", "last_name": "Sanctionov"}
            }))
            .expect("input"),
        )
        .await
        .expect("create");
    let unmonitored =
        serde_json::from_value::<NewApplicant>(serde_json::json!({"info": {"full_name": "Ivan Sanctionov"}}))
            .expect("input");
    f.engine.applicants().create(f.sandbox, unmonitored).await.expect("create");

    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 1);
    let a = f.engine.applicants().get(f.sandbox, applicant.applicant_id).await.expect("get");
    assert_eq!(a.last_risk_score, Some(RiskScore::High));
    assert_eq!(a.last_tags.as_deref(), Some(&["Sanctions".to_owned()][..]));
    assert!(a.last_aml_screening_id.is_some() && a.last_screened_at.is_some());

    let events = f.engine.events().list(f.sandbox, None, PageRequest { page: 0, limit: 10 }).await.expect("events");
    assert_eq!(events.data.len(), 1);
    let event = &events.data[0];
    assert_eq!(event.event_type, SCREENING_EVENT);
    assert_eq!(event.payload["applicant_id"], applicant.applicant_id.to_string());
    assert_eq!(event.payload["external_id"], "a-1");
    assert_eq!(event.payload["risk_score"]["type"], "High");
    assert_eq!(event.payload["search_response"], event.payload["search_result"]);
    assert_eq!(event.payload["screening_id"].as_str(), a.last_aml_screening_id.map(|i| i.to_string()).as_deref());

    // Not due again until a day has passed on the sandbox clock.
    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 0);
    f.engine.sandbox().advance_clock(f.sandbox, jiff::SignedDuration::from_hours(25)).await.expect("advance");
    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 1);
    let history = f
        .engine
        .aml()
        .history(
            f.sandbox,
            HistoryFilter { applicant: Some(applicant.applicant_id), ..Default::default() },
            PageRequest { page: 0, limit: 10 },
        )
        .await
        .expect("history");
    assert_eq!(history.data.len(), 2);
    assert!(history.data.iter().all(|s| s.kind == SearchKind::Screening));

    // Turning monitoring off stops it; the real clock moving does not touch the sandbox.
    f.engine.applicants().set_screening(f.sandbox, applicant.applicant_id, false).await.expect("off");
    f.time.advance(jiff::SignedDuration::from_hours(48));
    f.engine.sandbox().advance_clock(f.sandbox, jiff::SignedDuration::from_hours(48)).await.expect("advance");
    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_list_makes_monitored_applicants_due_in_every_environment() {
    let f = fixture().await;
    let input = serde_json::from_value::<NewApplicant>(
        serde_json::json!({"aml_screening_enabled": true, "info": {"full_name": "Ayman al-Zawahiri"}}),
    )
    .expect("input");
    let a = f.engine.applicants().create(f.production, input).await.expect("create");
    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 1);
    assert_eq!(
        f.engine.applicants().get(f.production, a.applicant_id).await.expect("get").last_risk_score,
        None,
        "clean before the import"
    );
    import_csl(&f).await;
    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 1);
    assert_eq!(
        f.engine.applicants().get(f.production, a.applicant_id).await.expect("get").last_risk_score,
        Some(RiskScore::High)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenings_made_due_by_another_process_import_use_the_new_list() {
    // The server holds an index of no imported list; `docket lists import` (another engine on
    // the same data directory) imports one, making every screening due. The server's next
    // screening must see the new list, even before its snapshot poll notices it.
    let f = fixture().await;
    let input = serde_json::from_value::<NewApplicant>(
        serde_json::json!({"aml_screening_enabled": true, "info": {"full_name": "Ayman al-Zawahiri"}}),
    )
    .expect("input");
    let a = f.engine.applicants().create(f.production, input).await.expect("create");
    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 1);

    let importer = Engine::open(EngineConfig::new(f.dir.path())).await.expect("opens beside");
    let path = f.dir.path().join("csl.csv");
    std::fs::write(&path, CSL).expect("writes");
    let list = import::read(ListFormat::UsCsl, &[path], &|_| {}).expect("reads");
    importer.aml().import(list, false, &Actor::Command).await.expect("imports");
    importer.shutdown().await;

    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 1);
    assert_eq!(
        f.engine.applicants().get(f.production, a.applicant_id).await.expect("get").last_risk_score,
        Some(RiskScore::High)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_searches_are_refused_with_the_field() {
    let f = fixture().await;
    let aml = f.engine.aml();
    let field = |r: Result<_, Error>| match r {
        Err(Error::Invalid(i)) => i.field.unwrap_or_default(),
        other => panic!("expected a refusal, got {other:?}"),
    };
    assert_eq!(field(aml.search(f.sandbox, request(serde_json::json!({"full_name": "  "}))).await), "full_name");
    assert_eq!(field(aml.search(f.sandbox, request(serde_json::json!({"full_name": "!!!"}))).await), "full_name");
    assert_eq!(
        field(aml.search(f.sandbox, request(serde_json::json!({"full_name": "x".repeat(201)}))).await),
        "full_name"
    );
    assert_eq!(field(aml.search(f.sandbox, request(serde_json::json!({"full_name": "A B", "mode": 2}))).await), "mode");
    assert_eq!(
        field(aml.search(f.sandbox, request(serde_json::json!({"full_name": "A B", "limit": 0}))).await),
        "limit"
    );
    let reversed = serde_json::json!({"full_name": "A B", "date_of_birth": {"gte": "1990-01-01", "lte": "1980-01-01"}});
    assert_eq!(field(aml.search(f.sandbox, request(reversed)).await), "date_of_birth");
    assert!(serde_json::from_value::<SearchRequest>(serde_json::json!({"full_name": "A", "tags": ["Nope"]})).is_err());
    assert!(
        serde_json::from_value::<SearchRequest>(
            serde_json::json!({"full_name": "A", "date_of_birth": {"gte": "1990-02-30"}})
        )
        .is_err()
    );
    assert!(
        serde_json::from_value::<SearchRequest>(serde_json::json!({"first_name": "A"})).is_err(),
        "full_name is required"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_date_of_birth_the_list_holds_is_compared_not_called_missing() {
    let f = fixture().await;
    // The magic names are reported whatever the filters say: this one is listed born 1970-01-01.
    let report = f
        .engine
        .aml()
        .search(
            f.sandbox,
            request(serde_json::json!({
                "full_name": "Ivan Sanctionov", "date_of_birth": {"gte": "1985-03-02", "lte": "1985-03-02"}
            })),
        )
        .await
        .expect("search");
    let summary = &report.data[0].search_metadata.explanation.summary;
    assert!(!summary.contains("no date of birth on the list"), "{summary}");
    assert!(summary.contains("date of birth differs (listed: 1970-01-01)"), "{summary}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_false_positive_is_remembered_for_monitoring_until_the_list_entry_changes() {
    use docket_engine::aml::hits::model::{DispositionKind, DispositionReason, NewDisposition};
    let f = fixture().await;
    import_csl(&f).await;
    let input = serde_json::from_value::<NewApplicant>(serde_json::json!({
        "aml_screening_enabled": true, "info": {"full_name": "Ayman al-Zawahiri", "country": "DE"}
    }))
    .expect("input");
    let a = f.engine.applicants().create(f.production, input).await.expect("create");
    let id = a.applicant_id;
    let screen = || async {
        assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 1);
        let a = f.engine.applicants().get(f.production, id).await.expect("get");
        let screening = docket_engine::aml::model::SearchId(a.last_aml_screening_id.expect("screened"));
        (a.last_risk_score, f.engine.aml().screening(f.production, screening).await.expect("report"))
    };
    let (risk, report) = screen().await;
    assert_eq!(risk, Some(RiskScore::High));
    let party = report.screened.clone().expect("the applicant is the party");
    assert_eq!(party.key, format!("applicant:{id}"));
    assert_eq!((party.date_of_birth.as_deref(), party.countries.len()), (None, 1), "its own data, to compare");
    let hit = &report.data[0];
    assert!(hit.disposition.is_none(), "a potential match");

    let disposed = f
        .engine
        .aml()
        .dispose(
            f.production,
            report.search_uuid,
            hit.entity.uuid,
            NewDisposition {
                disposition: DispositionKind::FalsePositive,
                reason: DispositionReason::NationalityDiffers,
                note: "Listed Egyptian; the applicant is German, born 1985 (passport).".into(),
            },
            Actor::Command,
        )
        .await
        .expect("disposes");
    assert_eq!(disposed.disposition.as_ref().map(|d| d.disposition), Some(DispositionKind::FalsePositive));

    // The same list again: screened again, the hit is found and remembered, and flags nothing.
    import_csl(&f).await;
    let (risk, report) = screen().await;
    assert_eq!(risk, None, "a remembered false positive raises no flag");
    assert_eq!(report.data[0].disposition.as_ref().map(|d| d.reason), Some(DispositionReason::NationalityDiffers));

    // The entry changes (another date of birth): the hit is potential again.
    let changed = CSL.replace("1951-06-19", "1951-06-20");
    let path = f.dir.path().join("csl-changed.csv");
    std::fs::write(&path, changed).expect("writes");
    let list = import::read(ListFormat::UsCsl, &[path], &|_| {}).expect("reads");
    f.engine.aml().import(list, false, &Actor::Command).await.expect("imports");
    let (risk, report) = screen().await;
    assert_eq!(risk, Some(RiskScore::High), "a changed entry flags again");
    assert!(report.data[0].disposition.is_none());
    assert_eq!(report.data[0].disposition_history.len(), 1, "the earlier disposition stays as history");

    // A search of a name has no party to remember a disposition for.
    let search = f
        .engine
        .aml()
        .search(f.production, request(serde_json::json!({"full_name": "Ayman al-Zawahiri"})))
        .await
        .expect("search");
    let refused = f
        .engine
        .aml()
        .dispose(
            f.production,
            search.search_uuid,
            search.data[0].entity.uuid,
            NewDisposition {
                disposition: DispositionKind::TrueMatch,
                reason: DispositionReason::DetailsMatch,
                note: String::new(),
            },
            Actor::Command,
        )
        .await;
    assert!(matches!(refused, Err(Error::Conflict(_))), "{refused:?}");
}

/// Erasing an applicant deletes the dispositions of its screenings' hits (their notes speak of
/// the person) and empties their events on the audit chain, which still verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn erasing_an_applicant_deletes_the_dispositions_of_its_hits() {
    use docket_engine::aml::hits::model::NewDisposition;
    use docket_engine::aml::model::SearchId;
    use docket_engine::audit::AuditFilter;
    let f = fixture().await;
    let applicant = f
        .engine
        .applicants()
        .create(
            f.sandbox,
            serde_json::from_value::<NewApplicant>(serde_json::json!({
                "aml_screening_enabled": true, "info": {"first_name": "Petra", "last_name": "Politikova"}
            }))
            .expect("input"),
        )
        .await
        .expect("create");
    assert_eq!(f.engine.aml().run_due_screenings().await.expect("runs"), 1);
    let a = f.engine.applicants().get(f.sandbox, applicant.applicant_id).await.expect("get");
    let search = SearchId(a.last_aml_screening_id.expect("screened"));
    let report = f.engine.aml().screening(f.sandbox, search).await.expect("screening");
    let entity = report.data[0].entity.uuid;
    let disposition: NewDisposition = serde_json::from_value(serde_json::json!({
        "disposition": "false_positive", "reason": "date_of_birth_differs",
        "note": "Petra Politikova of 12 Elm Road was born in 1988"
    }))
    .expect("disposition");
    f.engine.aml().dispose(f.sandbox, search, entity, disposition, Actor::Command).await.expect("disposed");
    let page = || PageRequest { page: 0, limit: 100 };
    let (events, _) = f.engine.audit().list(f.sandbox, AuditFilter::default(), page()).await.expect("audit");
    assert!(events.iter().any(|e| e.kind == "hit_disposed" && e.data["note"].as_str().is_some()));

    let erasure = f.engine.erasures().applicant(f.sandbox, applicant.applicant_id, "test").await.expect("erased");
    assert_eq!(erasure.removed.get("aml_hit_dispositions"), Some(&1), "{:?}", erasure.removed);
    let (events, _) = f.engine.audit().list(f.sandbox, AuditFilter::default(), page()).await.expect("audit");
    let disposed: Vec<_> = events.iter().filter(|e| e.kind == "hit_disposed").collect();
    assert_eq!(disposed.len(), 1, "the event stays on the chain");
    assert!(disposed[0].data.get("note").is_none() && disposed[0].data["erased"] == erasure.id.to_string());
    let text = serde_json::to_string(&events).expect("json");
    assert!(!text.contains("12 Elm Road"), "the note is gone from the chain");
    let verified = f.engine.audit().verify(f.sandbox).await.expect("verifies");
    assert!(verified.ok && verified.erased_events >= 1, "{verified:?}");
}
