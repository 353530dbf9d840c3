//! KYB pipeline benchmark (issue 11): `--cases` filled cases (three sections, three generated
//! PDF documents each) are submitted in a fresh sandbox, then the sandbox clock is moved past
//! the simulated durations and the pipeline runs every check to a decision. Reports the cases and
//! check instances decided per second, the setup rate, and the process's peak memory.
//!
//! The engine runs in this process on its own temporary data directory, as `docket serve`
//! would run it, with the pipeline's own worker (16 checks in flight).
//!
//! Prints one JSON object with the figures to standard output.

use std::sync::Arc;
use std::time::Instant;

use clap::Parser;
use docket_engine::kyb::{CaseStatus, DocumentKind, NewCase, SectionKey, pdf};
use docket_engine::time::ManualTime;
use docket_engine::{Actor, Engine, EngineConfig, Environment, Scope};
use serde_json::json;

#[derive(Parser)]
struct Args {
    /// How many cases to submit.
    #[arg(long, default_value_t = 1000)]
    cases: usize,
}

fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kb / 1024.0 * 10.0).round() / 10.0)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let dir = tempfile::tempdir()?;
    let time = Arc::new(ManualTime::new("2026-11-24T09:00:00Z".parse().map_err(anyhow::Error::msg)?));
    let mut config = EngineConfig::new(dir.path());
    config.time = time.clone();
    let engine = Engine::open(config).await?;
    let org = engine.organizations().bootstrap(&[]).await?.map(|f| f.organization.id);
    let org = match org {
        Some(o) => o,
        None => engine.organizations().find(None).await?.id,
    };
    let scope = Scope::new(org, Environment::Sandbox);
    let kyb = engine.kyb();

    let setup = Instant::now();
    let mut ids = Vec::with_capacity(args.cases);
    for i in 0..args.cases {
        let input: NewCase = serde_json::from_value(json!({ "external_id": format!("bench-{i}") }))?;
        let id = kyb.create(scope, input, Actor::Docket).await?.row.id;
        let number = format!("{:08}", 10_000_000 + i * 7);
        kyb.save_section(
            scope,
            id,
            SectionKey::Company,
            json!({
                "legal_name": format!("Bench Trading {i} Ltd"), "form_type": "Private limited company",
                "entity_type": "limited_company", "registration_type": "company_number", "registration_number": number,
                "country": "GB", "incorporation_date": "2015-06-01",
                "address": {"street": "1 Bench Street", "city": "Leeds", "postal_code": "LS1 1AA", "country": "GB"},
            }),
            Actor::Docket,
        )
        .await?;
        kyb.save_section(
            scope,
            id,
            SectionKey::Representative,
            json!({"first_name": "Ada", "last_name": format!("Bench{i}"), "email": "ada@bench.example", "title": "Director",
                   "date_of_birth": "1980-01-01", "nationality": "GB"}),
            Actor::Docket,
        )
        .await?;
        kyb.save_section(
            scope,
            id,
            SectionKey::Ownership,
            json!({"persons": [
                {"first_name": "Ada", "last_name": format!("Bench{i}"), "roles": ["director", "shareholder"],
                 "ownership_percentage": 70, "date_of_birth": "1980-01-01", "nationality": "GB"},
                {"first_name": "Ben", "last_name": format!("Holder{i}"), "roles": ["shareholder"],
                 "ownership_percentage": 30, "date_of_birth": "1975-05-05", "nationality": "IE"}]}),
            Actor::Docket,
        )
        .await?;
        for kind in
            [DocumentKind::CertificateOfIncorporation, DocumentKind::ProofOfAddress, DocumentKind::OwnershipDocument]
        {
            let bytes = pdf::write_document(
                "Certificate",
                &[format!("Bench Trading {i} Ltd"), format!("Company number {number}"), "1 Bench Street".into()],
                "Bench registry",
            );
            kyb.add_document_bytes(scope, id, kind, &format!("{}-{i}.pdf", kind.as_str()), &bytes, Actor::Docket)
                .await?;
        }
        kyb.submit(scope, id, Actor::Docket).await?;
        ids.push(id);
    }
    let setup_seconds = setup.elapsed().as_secs_f64();

    // Build the screening index before the clock starts (the first screening would).
    engine.aml().search(scope, serde_json::from_value(json!({"full_name": "Warm Up"}))?).await?;
    time.advance(jiff::SignedDuration::from_secs(60));
    let started = Instant::now();
    let mut checks_run = 0;
    loop {
        let ran = kyb.run_due_checks().await?;
        checks_run += ran;
        if ran == 0 {
            break;
        }
    }
    let seconds = started.elapsed().as_secs_f64();

    let mut decided = 0;
    let mut statuses = std::collections::BTreeMap::new();
    let mut instances = 0;
    for id in &ids {
        let case = kyb.get(scope, *id).await?;
        instances += case.checks.len();
        *statuses.entry(case.row.status.as_str()).or_insert(0) += 1;
        if case.row.status != CaseStatus::UnderReview {
            decided += 1;
        }
    }
    println!(
        "{}",
        json!({
            "cases": args.cases,
            "decided": decided,
            "statuses": statuses,
            "check_instances": instances,
            "checks_run_by_workers": checks_run,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "cases_per_second": (decided as f64 / seconds).round(),
            "checks_per_second": (instances as f64 / seconds).round(),
            "setup_seconds": (setup_seconds * 10.0).round() / 10.0,
            "setup_cases_per_second": (args.cases as f64 / setup_seconds).round(),
            "peak_rss_mb": peak_rss_mb(),
        })
    );
    engine.shutdown().await;
    Ok(())
}
