//! Non-document verification through the engine: production never passes the registry, the
//! sandbox's magic numbers, the birth date against the applicant's on the environment's clock,
//! scopes, the event in the same write, and erasure with the applicant.

use docket_engine::Scope;
use docket_engine::applicants::{ApplicantId, ApplicantInfo, Dob, Gender, NewApplicant};
use docket_engine::nondoc::{CheckStatus, NewNondocCheck, NondocCheck, NondocCheckFilter, StepStatus};
use docket_engine::page::PageRequest;

mod common;
use common::{Fixture, fixture};

async fn person(f: &Fixture, scope: Scope, dob: &str, gender: Gender) -> ApplicantId {
    let info = ApplicantInfo {
        full_name: Some("Anna Nowak".into()),
        dob: (!dob.is_empty()).then(|| Dob::parse(dob).expect("a date")),
        gender: Some(gender),
        ..ApplicantInfo::default()
    };
    let input = NewApplicant { info: Some(info), ..NewApplicant::default() };
    f.engine.applicants().create(scope, input).await.expect("created").applicant_id
}

async fn verify(f: &Fixture, scope: Scope, applicant: ApplicantId, id_type: &str, number: &str) -> NondocCheck {
    let input = NewNondocCheck {
        verification_type: "NONDOC_NATIONAL_ID".into(),
        request_data: serde_json::json!({"id_type": id_type, "number": number}),
    };
    f.engine.nondoc().verify(scope, applicant, input).await.expect("verified")
}

fn statuses(c: &NondocCheck) -> Vec<StepStatus> {
    c.checks.iter().map(|s| s.status).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn production_needs_a_reviewer_where_the_sandbox_simulates_the_registry() {
    let f = fixture().await;
    use StepStatus::*;
    let production = person(&f, f.production, "2002-01-13", Gender::F).await;
    let c = verify(&f, f.production, production, "PL_PESEL", "02211307589").await;
    assert_eq!(statuses(&c), [Passed, Passed, Passed, Passed, Error]);
    assert_eq!(c.status, CheckStatus::NeedsReview);
    assert!(!c.is_sandbox);
    let sandbox = person(&f, f.sandbox, "2002-01-13", Gender::F).await;
    let c = verify(&f, f.sandbox, sandbox, "PL_PESEL", "02211307589").await;
    assert_eq!((c.status, statuses(&c)), (CheckStatus::Passed, vec![Passed, Passed, Passed, Passed, Passed]));
    // Each scope sees only its own.
    assert!(f.engine.nondoc().get(f.production, c.id).await.is_err());
    let page = PageRequest { page: 0, limit: 10 };
    assert!(f.engine.nondoc().list(f.sandbox, production, NondocCheckFilter::default(), page).await.is_err());
    let mine = f.engine.nondoc().list(f.sandbox, sandbox, NondocCheckFilter::default(), page).await.expect("list");
    assert_eq!(mine.data, vec![c.clone()]);
    // The event carries the check, written with it.
    let events = f.engine.events().list(f.sandbox, Some("NONDOC_VERIFICATION".into()), page).await.expect("events");
    assert_eq!(events.data.len(), 1);
    assert_eq!(events.data[0].payload, serde_json::to_value(&c).expect("json"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_birth_after_the_sandbox_clock_is_impossible_until_the_clock_reaches_it() {
    let f = fixture().await;
    // The fixture's clock is 2026-03-01: a PESEL of 2026-06-01 encodes a birth that has not happened
    // (an applicant cannot be given that date of birth yet either).
    let applicant = person(&f, f.sandbox, "", Gender::M).await;
    let number = docket_nationalid::complete(docket_nationalid::Kind::PlPesel, "26260112350").expect("a number");
    let early = verify(&f, f.sandbox, applicant, "PL_PESEL", &number).await;
    assert_eq!(early.checks[0].status, StepStatus::Failed, "{:?}", early.checks[0]);
    assert_eq!(early.checks[0].evidence, Some(serde_json::json!({"code": "impossible_date"})));
    f.time.advance(jiff::SignedDuration::from_hours(24 * 100));
    let later = verify(&f, f.sandbox, applicant, "PL_PESEL", &number).await;
    assert_eq!(later.status, CheckStatus::Passed, "{later:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn erasing_the_applicant_erases_its_checks() {
    let f = fixture().await;
    let applicant = person(&f, f.sandbox, "1990-03-09", Gender::F).await;
    let c = verify(&f, f.sandbox, applicant, "PL_PESEL", "90030912347").await;
    let erasure = f.engine.erasures().applicant(f.sandbox, applicant, "test").await.expect("erased");
    assert_eq!(erasure.removed.get("nondoc_checks"), Some(&1), "{:?}", erasure.removed);
    assert!(f.engine.nondoc().get(f.sandbox, c.id).await.is_err());
}
