//! Bank statements through the engine: the demo's statements, retention and erasure with their
//! files.

use docket_engine::applicants::{ApplicantId, NewApplicant};
use docket_engine::bankbook::{BankStatement, MAX_STATEMENT_BYTES, StatementFilter, StatementStatus};
use docket_engine::files::{NewFile, OwnerKind};
use docket_engine::page::PageRequest;
use docket_engine::retention::RetentionChange;
use docket_engine::{Actor, Scope};

mod common;
use common::{Fixture, fixture};

fn pdftotext_installed() -> bool {
    std::process::Command::new("pdftotext").arg("-v").output().is_ok()
}

async fn applicant(f: &Fixture, scope: Scope, name: &str) -> ApplicantId {
    let input: NewApplicant =
        serde_json::from_value(serde_json::json!({"info": {"full_name": name}})).expect("an applicant");
    f.engine.applicants().create(scope, input).await.expect("created").applicant_id
}

async fn statement(f: &Fixture, scope: Scope, applicant: ApplicantId, lines: &[&str]) -> BankStatement {
    let lines: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    let pdf = docket_engine::kyb::pdf::write_document("Statement", &lines, "Docket test");
    let mut upload = f
        .engine
        .files()
        .begin(
            scope,
            NewFile {
                owner_kind: OwnerKind::BankStatement,
                owner_id: applicant.as_uuid(),
                declared_type: None,
                name: Some("statement.pdf".into()),
                limit: MAX_STATEMENT_BYTES,
            },
        )
        .await
        .expect("begin");
    upload.write(&pdf).await.expect("write");
    let file = upload.finish().await.expect("finish");
    f.engine.bankbook().extract(scope, applicant, file).await.expect("extracted")
}

fn all() -> PageRequest {
    PageRequest::new(None, Some(100), docket_engine::bankbook::LIST_BOUNDS).expect("page")
}

#[tokio::test]
async fn the_demo_has_one_statement_of_its_holder_and_one_of_another() {
    let f = fixture().await;
    let summary = f.engine.demo().seed(f.sandbox).await.expect("seed");
    assert_eq!(summary.bank_statements_created, 2);
    let list = f.engine.bankbook().list(f.sandbox, StatementFilter::default(), all()).await.expect("list");
    assert_eq!(list.data.len(), 2);
    if pdftotext_installed() {
        let mut statuses: Vec<_> = list.data.iter().map(|s| s.status).collect();
        statuses.sort_by_key(|s| s.as_str());
        assert_eq!(statuses, [StatementStatus::Extracted, StatementStatus::NeedsReview], "{:#?}", list.data);
    }
    // Seeding again adds nothing.
    assert_eq!(f.engine.bankbook().seed_demo(f.sandbox).await.expect("again"), 0);
}

#[tokio::test]
async fn retention_and_erasure_take_the_statements_with_their_files() {
    let f = fixture().await;
    let scope = f.production;
    let old_one = applicant(&f, scope, "Erika Mustermann").await;
    let old = statement(&f, scope, old_one, &["Account holder: Erika Mustermann"]).await;
    f.time.advance(jiff::SignedDuration::from_hours(24 * 40));
    let kept = statement(&f, scope, old_one, &["Account holder: Erika Mustermann"]).await;

    let change = RetentionChange { bank_statements_days: Some(30), ..Default::default() };
    let settings = f.engine.retention().change(scope, change, &Actor::Command).await.expect("set");
    assert_eq!(settings.bank_statements_days, Some(30));
    assert!(f.engine.bankbook().get(scope, old.id).await.is_err(), "older than 30 days: gone");
    assert!(f.engine.files().get(scope, old.file_id).await.is_err(), "and its file");
    assert_eq!(f.engine.bankbook().get(scope, kept.id).await.expect("kept").id, kept.id);

    let erased = f.engine.erasures().applicant(scope, old_one, "test").await.expect("erased");
    assert_eq!(erased.removed.get("bank_statements"), Some(&1), "{:?}", erased.removed);
    assert!(f.engine.bankbook().get(scope, kept.id).await.is_err());
    assert!(f.engine.files().get(scope, kept.file_id).await.is_err());
    let left = f.engine.bankbook().list(scope, StatementFilter::default(), all()).await.expect("list");
    assert!(left.data.is_empty());
}

#[tokio::test]
async fn a_file_of_another_owner_or_type_is_refused_and_removed() {
    let f = fixture().await;
    let scope = f.production;
    let a = applicant(&f, scope, "Erika Mustermann").await;
    let mut upload = f
        .engine
        .files()
        .begin(
            scope,
            NewFile {
                owner_kind: OwnerKind::BankStatement,
                owner_id: a.as_uuid(),
                declared_type: Some("application/pdf".into()),
                name: Some("notes.txt".into()),
                limit: MAX_STATEMENT_BYTES,
            },
        )
        .await
        .expect("begin");
    upload.write(b"plain text, not a statement").await.expect("write");
    let file = upload.finish().await.expect("finish");
    let refused = f.engine.bankbook().extract(scope, a, file.clone()).await.expect_err("refused");
    assert!(matches!(refused, docket_engine::Error::UnsupportedMedia(_)), "{refused:?}");
    assert!(f.engine.files().get(scope, file.id).await.is_err(), "the refused file is not kept");
}
