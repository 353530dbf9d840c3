//! KYT through the engine: the sandbox's magic wallet and simulated exposure, production's plain
//! "not checked", an imported OFAC list's addresses found with their entity as evidence, invalid
//! addresses as results, ongoing monitoring after a list import, and an applicant's erasure.

use docket_chainaddr::{Chain, example};
use docket_engine::Actor;
use docket_engine::aml::demo_list::kyt_sanctioned_address;
use docket_engine::aml::import;
use docket_engine::aml::model::ListFormat;
use docket_engine::applicants::NewApplicant;
use docket_engine::kyt::{ExposureStatus, KytCategory, KytCheckFilter, KytOrigin, NewKytCheck, RiskLevel};
use docket_engine::page::PageRequest;
use docket_engine::{Error, Scope};

mod common;
use common::{Fixture, fixture};

fn new(chain: &str, address: &str) -> NewKytCheck {
    NewKytCheck { chain: chain.into(), address: address.into(), ..NewKytCheck::default() }
}

async fn import_sdn(f: &Fixture, remarks: &str) {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("sdn.csv");
    let row = format!(
        "9001,\"EXAMPLE, Holder\",\"individual\",\"CYBER2\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,\"{remarks}\"\n"
    );
    std::fs::write(&path, row).expect("writes");
    let list = import::read(ListFormat::OfacSdn, &[path], &|_| {}).expect("reads");
    f.engine.aml().import(list, true, &Actor::Command).await.expect("imports");
}

async fn kyt_events(f: &Fixture, scope: Scope) -> Vec<serde_json::Value> {
    let page = PageRequest { page: 0, limit: 100 };
    let events = f.engine.events().list(scope, Some("KYT_WALLET_CHECK".into()), page).await.expect("events");
    events.data.into_iter().map(|e| e.payload).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sandbox_magic_wallet_is_sanctioned_there_only_and_production_never_fakes_exposure() {
    let f = fixture().await;
    let magic = kyt_sanctioned_address(Chain::Monero);
    let c = f.engine.kyt().check(f.sandbox, new("XMR", &magic)).await.expect("checks");
    assert!(c.valid);
    assert_eq!(c.risk_score.map(|r| r.level), Some(RiskLevel::Severe));
    assert_eq!(c.categories[0], KytCategory::Sanctions);
    let evidence = &c.evidence[0];
    assert_eq!(evidence.holder.as_deref(), Some("Ivan Sanctionov"));
    assert_eq!(evidence.currency.as_deref(), Some("XMR"));
    assert_eq!(c.exposure.status, ExposureStatus::Simulated);
    // The event carries the check.
    let events = kyt_events(&f, f.sandbox).await;
    assert_eq!(events[0]["id"], serde_json::json!(c.id));
    assert_eq!(events[0]["risk_score"]["level"], "Severe");
    // Production does not see the demo list, and says plainly that exposure was not checked.
    let p = f.engine.kyt().check(f.production, new("monero", &magic)).await.expect("checks");
    assert!(p.evidence.is_empty() && p.categories.is_empty(), "{p:?}");
    assert_eq!(p.exposure.status, ExposureStatus::NotChecked);
    assert!(p.exposure.reason.contains("does not hold"));
    assert_eq!(p.risk_score.map(|r| r.level), Some(RiskLevel::Low));
    // Nor can a sandbox read production's check.
    assert!(matches!(f.engine.kyt().get(f.sandbox, p.id).await, Err(Error::NotFound { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_address_is_a_result_and_a_bad_request_an_error() {
    let f = fixture().await;
    let c = f
        .engine
        .kyt()
        .check(f.production, new("ethereum", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"))
        .await
        .expect("checks");
    assert!(!c.valid);
    assert_eq!(c.invalid_code.as_deref(), Some("wrong_chain"));
    assert!(c.invalid_reason.as_deref().is_some_and(|r| r.contains("Bitcoin")));
    assert_eq!(c.risk_score, None);
    for bad in [new("dogecoin", "D1"), new("bitcoin", ""), new("bitcoin", &"1".repeat(300))] {
        assert!(matches!(f.engine.kyt().check(f.production, bad).await, Err(Error::Invalid { .. })));
    }
    let bad_tx = NewKytCheck { tx_hash: Some("xyz".into()), ..new("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa") };
    assert!(matches!(f.engine.kyt().check(f.production, bad_tx).await, Err(Error::Invalid { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn imported_list_addresses_match_exactly_and_monitored_addresses_are_checked_after_an_import() {
    let f = fixture().await;
    let tron = example(Chain::Tron, 7);
    let later = example(Chain::BitcoinCash, 8);
    // Monitored before it is listed: nothing found.
    let watched = NewKytCheck { monitor: true, ..new("bitcoin_cash", &later) };
    let first = f.engine.kyt().check(f.production, watched).await.expect("checks");
    assert!(first.monitor && first.evidence.is_empty());
    import_sdn(&f, &format!("Digital Currency Address - USDT {tron}; Digital Currency Address - BCH {later}")).await;
    // USDT names no chain: the address's form says Tron.
    let hit = f.engine.kyt().check(f.production, new("TRX", &tron)).await.expect("checks");
    assert_eq!(hit.risk_score.map(|r| (r.level, r.score)), Some((RiskLevel::Severe, 100)));
    let e = &hit.evidence[0];
    assert_eq!((e.entity_name.as_deref(), e.currency.as_deref()), (Some("EXAMPLE, Holder"), Some("USDT")));
    assert_eq!(e.programs, vec!["Programs: CYBER2".to_owned()]);
    // The import made the monitor due: its re-check finds the new listing.
    assert_eq!(f.engine.kyt().run_due_monitoring().await.expect("runs"), 1);
    let page = PageRequest { page: 0, limit: 50 };
    let filter =
        KytCheckFilter { address: Some(first.canonical_address.clone().expect("canonical")), ..Default::default() };
    let checks = f.engine.kyt().list(f.production, filter, page).await.expect("list").data;
    assert_eq!(checks.len(), 2, "{checks:?}");
    assert_eq!((checks[0].origin, checks[0].monitored_from), (KytOrigin::Monitoring, Some(first.id)));
    assert_eq!(checks[0].categories, vec![KytCategory::Sanctions]);
    // A second pass with nothing new records nothing; a stopped monitor is not checked again.
    import_sdn(&f, &format!("Digital Currency Address - BCH {later}")).await;
    f.engine.kyt().run_due_monitoring().await.expect("runs");
    let filter = KytCheckFilter { chain: Some(docket_engine::kyt::KytChain::BitcoinCash), ..Default::default() };
    assert_eq!(f.engine.kyt().list(f.production, filter, page).await.expect("list").data.len(), 2);
    let stopped = f.engine.kyt().stop_monitoring(f.production, first.id).await.expect("stops");
    assert!(stopped.stopped_at.is_some());
    let events = kyt_events(&f, f.production).await;
    assert_eq!(events.iter().filter(|e| e["origin"] == "monitoring").count(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_applicants_erasure_removes_its_checks() {
    let f = fixture().await;
    let applicant = f.engine.applicants().create(f.sandbox, NewApplicant::default()).await.expect("creates");
    let input = NewKytCheck {
        applicant_id: Some(applicant.applicant_id),
        monitor: true,
        ..new("bitcoin", &example(Chain::Bitcoin, 3))
    };
    let c = f.engine.kyt().check(f.sandbox, input).await.expect("checks");
    let erasure = f.engine.erasures().applicant(f.sandbox, applicant.applicant_id, "test").await.expect("erases");
    assert!(format!("{erasure:?}").contains("kyt_checks"), "{erasure:?}");
    assert!(matches!(f.engine.kyt().get(f.sandbox, c.id).await, Err(Error::NotFound { .. })));
    let monitors = f.engine.kyt().monitors(f.sandbox, PageRequest { page: 0, limit: 10 }).await.expect("monitors");
    assert!(monitors.data.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_transactions_wallets_are_checked_through_kyt_and_a_listing_asks_for_review() {
    use docket_engine::transmon::{Decision, EventKind, event_body};
    let f = fixture().await;
    let applicant = f.engine.applicants().create(f.sandbox, NewApplicant::default()).await.expect("creates");
    let body = serde_json::json!({
        "applicant_id": applicant.applicant_id,
        "amount": "120.00",
        "currency_code": "EUR",
        "sender_wallet_chain": "ethereum",
        "sender_wallet_address": "0x1111111111111111111111111111111111111112",
        "receiver_wallet_chain": "BTC",
        "receiver_wallet_address": kyt_sanctioned_address(Chain::Bitcoin),
    });
    let body = event_body(body.as_object().expect("object"));
    let id = f.engine.transmon().submit(f.sandbox, EventKind::Transaction, body).await.expect("submits");
    let result = f.engine.transmon().event(f.sandbox, id).await.expect("result");
    assert_eq!(result.decision, Decision::Review);
    assert!(result.causes.iter().any(|c| c == "KYT_SANCTIONED_WALLET"), "{:?}", result.causes);
    let wallets = &result.checks.kyt_wallets;
    assert_eq!(wallets.len(), 2);
    assert_eq!((wallets[0].role.as_str(), wallets[0].valid), ("sender", true));
    assert!(wallets[0].categories.is_empty());
    assert_eq!(wallets[1].categories, vec![KytCategory::Sanctions]);
    assert_eq!(wallets[1].listed_by.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retention_prunes_old_checks_but_a_running_monitors() {
    use docket_engine::retention::RetentionChange;
    let f = fixture().await;
    let plain = f.engine.kyt().check(f.sandbox, new("bitcoin", &example(Chain::Bitcoin, 21))).await.expect("checks");
    let watched = NewKytCheck { monitor: true, ..new("bitcoin", &example(Chain::Bitcoin, 22)) };
    let watched = f.engine.kyt().check(f.sandbox, watched).await.expect("checks");
    f.time.advance(jiff::SignedDuration::from_hours(24 * 3));
    let change = RetentionChange { search_history_days: Some(1), ..RetentionChange::default() };
    f.engine.retention().change(f.sandbox, change, &Actor::Command).await.expect("sets");
    assert!(matches!(f.engine.kyt().get(f.sandbox, plain.id).await, Err(Error::NotFound { .. })));
    assert!(f.engine.kyt().get(f.sandbox, watched.id).await.is_ok());
}
