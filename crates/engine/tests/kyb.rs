//! KYB cases through the engine: create, fill, submit, the pipeline's outcomes by magic value,
//! remediation, and the rules that refuse what may not happen.

mod common;
use common::{Fixture, fixture, picture};

use docket_engine::kyb::flags::FlagKind;
use docket_engine::kyb::{
    CaseDetail, CaseStatus, CheckState, CheckType, DocumentKind, NewCase, NewRemediation, RiskLevel, SectionKey, Stage,
};
use docket_engine::{Actor, Error, Scope};
use serde_json::json;

/// A PDF whose text layer says `text`.
fn pdf(text: &str) -> Vec<u8> {
    let content = format!("BT /F1 12 Tf 72 720 Td ({text}) Tj ET");
    let mut out = format!("%PDF-1.4\n1 0 obj << /Length {} >>\nstream\n", content.len()).into_bytes();
    out.extend_from_slice(content.as_bytes());
    out.extend_from_slice(b"\nendstream\nendobj\n2 0 obj << /Producer (Companies House) >> endobj\n%%EOF\n");
    out
}

/// Creates a case and fills every section: a GB company numbered `number`, the representative
/// and one director named as given, and the two required documents named `doc_name`.
async fn filled(f: &Fixture, scope: Scope, number: &str, director_last: &str, doc_name: &str) -> CaseDetail {
    let kyb = f.engine.kyb();
    let case = kyb
        .create(
            scope,
            serde_json::from_value::<NewCase>(json!({"external_id": format!("m-{number}-{director_last}")}))
                .expect("input"),
            Actor::Docket,
        )
        .await
        .expect("created");
    assert_eq!(case.row.status, CaseStatus::Draft);
    let id = case.row.id;
    kyb.save_section(
        scope,
        id,
        SectionKey::Company,
        json!({
            "legal_name": "Brightwater Logistics Ltd", "form_type": "Private limited company",
            "entity_type": "corporation", "registration_type": "company_number", "registration_number": number,
            "country": "GB", "incorporation_date": "2016-04-12",
            "address": {"street": "14 Quay Street", "city": "Bristol", "postal_code": "BS1 4DJ", "country": "GB"}
        }),
        Actor::Docket,
    )
    .await
    .expect("company");
    kyb.save_section(
        scope,
        id,
        SectionKey::Representative,
        json!({"first_name": "Amelia", "last_name": "Hart", "email": "amelia@brightwater.example",
               "title": "CEO", "date_of_birth": "1984-02-03", "nationality": "GB"}),
        Actor::Person,
    )
    .await
    .expect("representative");
    kyb.save_section(
        scope,
        id,
        SectionKey::Ownership,
        json!({"persons": [{"first_name": "Tom", "last_name": director_last, "date_of_birth": "1970-05-06",
                             "nationality": "GB", "roles": ["director", "shareholder"], "ownership_percentage": 60}]}),
        Actor::Person,
    )
    .await
    .expect("ownership");
    let text = format!(
        "Certificate of incorporation: Brightwater Logistics Ltd, company number {number}, 14 Quay Street, Tom {director_last}"
    );
    for kind in
        [DocumentKind::CertificateOfIncorporation, DocumentKind::ProofOfAddress, DocumentKind::OwnershipDocument]
    {
        kyb.add_document_bytes(
            scope,
            id,
            kind,
            &format!("{doc_name}-{}.pdf", kind.as_str()),
            &pdf(&text),
            Actor::Person,
        )
        .await
        .expect("document");
    }
    kyb.get(scope, id).await.expect("get")
}

async fn run_pipeline(f: &Fixture) {
    f.time.advance(jiff::SignedDuration::from_secs(10));
    f.engine.kyb().run_due_checks().await.expect("runs");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clean_sandbox_case_is_approved_with_every_check_low() {
    let f = fixture().await;
    let case = filled(&f, f.sandbox, "09876543", "Reed", "clean").await;
    assert!(case.missing.is_empty(), "{:?}", case.missing);
    let progress = case.row.form_progress.clone().expect("progress");
    assert_eq!(progress.sections_completed, 4);
    assert_eq!(progress.current_section, Some(SectionKey::Review));

    let submitted = f.engine.kyb().submit(f.sandbox, case.row.id, Actor::Person).await.expect("submits");
    assert_eq!(submitted.row.status, CaseStatus::UnderReview);
    assert_eq!(submitted.row.stage, Stage::RunningChecks);
    assert!(submitted.row.verification_id.is_some() && submitted.row.submitted_at.is_some());
    let summary = submitted.row.checks_summary.clone().expect("summary");
    assert_eq!(summary.completed, 0);
    assert!(!submitted.plan.contains(&CheckType::Tin), "no TIN for a GB company without one");

    run_pipeline(&f).await;
    let done = f.engine.kyb().get(f.sandbox, case.row.id).await.expect("get");
    let summary = done.row.checks_summary.clone().expect("summary");
    assert_eq!(summary.completed, summary.expected, "{summary:?}");
    assert_eq!(summary.passed, summary.expected, "{:#?}", done.checks);
    assert_eq!(done.row.risk_level, Some(RiskLevel::Low));
    assert_eq!(done.row.status, CaseStatus::Approved);
    assert_eq!(done.row.stage, Stage::Approved);
    // aml_person ran for both people; kyc for both (representative and director).
    let persons = done.checks.iter().filter(|c| c.check_type == CheckType::AmlPerson).count();
    assert_eq!(persons, 2);
    let kinds: Vec<&str> = done.timeline.iter().map(|e| e.kind.as_str()).collect();
    assert!(kinds.contains(&"submitted") && kinds.contains(&"checks_finished"), "{kinds:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn magic_values_give_their_outcomes() {
    let f = fixture().await;
    // Registration number ending 0000: registry not found (high) -> rejected.
    let rejected = filled(&f, f.sandbox, "12340000", "Reed", "clean").await;
    f.engine.kyb().submit(f.sandbox, rejected.row.id, Actor::Docket).await.expect("submits");
    // A director named "... Review": kyc medium -> manual review.
    let review = filled(&f, f.sandbox, "55550001", "Review", "clean").await;
    f.engine.kyb().submit(f.sandbox, review.row.id, Actor::Docket).await.expect("submits");
    // Registry outage (9999): errored -> no risk -> failed.
    let failed = filled(&f, f.sandbox, "12349999", "Reed", "clean").await;
    f.engine.kyb().submit(f.sandbox, failed.row.id, Actor::Docket).await.expect("submits");
    // An edited document: doc_manipulation high.
    let edited = filled(&f, f.sandbox, "77770001", "Reed", "edited").await;
    f.engine.kyb().submit(f.sandbox, edited.row.id, Actor::Docket).await.expect("submits");
    run_pipeline(&f).await;

    let kyb = f.engine.kyb();
    let get = |id| kyb.get(f.sandbox, id);
    let r = get(rejected.row.id).await.expect("get");
    assert_eq!(r.row.status, CaseStatus::Rejected);
    let registry = r.checks.iter().find(|c| c.check_type == CheckType::Registry).expect("registry");
    assert_eq!(registry.verdict.as_deref(), Some("not_found"));

    let m = get(review.row.id).await.expect("get");
    assert_eq!(m.row.status, CaseStatus::ManualReview);
    assert_eq!(m.row.risk_level, Some(RiskLevel::Medium));

    let x = get(failed.row.id).await.expect("get");
    assert_eq!(x.row.status, CaseStatus::Failed);
    assert_eq!(x.row.risk_level, None);
    let summary = x.row.checks_summary.clone().expect("summary");
    assert_eq!(summary.errored, 2, "registry and the risk score: {summary:?}");
    assert_eq!(summary.completed, summary.passed + summary.review + summary.failed + summary.errored);

    let e = get(edited.row.id).await.expect("get");
    let manipulation = e.checks.iter().find(|c| c.check_type == CheckType::DocManipulation).expect("check");
    assert_eq!(manipulation.verdict.as_deref(), Some("manipulated"));
    assert_eq!(e.row.status, CaseStatus::Rejected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_representative_who_owns_shares_is_one_person_and_a_mismatch_carries_both_values() {
    let f = fixture().await;
    let kyb = f.engine.kyb();
    // Registration number ending 4444: the simulated registry has another address (as Rhone
    // Partners' in the demo).
    let case = filled(&f, f.sandbox, "12344444", "Reed", "clean").await;
    kyb.save_section(
        f.sandbox,
        case.row.id,
        SectionKey::Ownership,
        json!({"persons": [
            {"first_name": "Amelia", "last_name": "Hart", "date_of_birth": "1984-02-03", "nationality": "GB",
             "roles": ["director", "shareholder"], "ownership_percentage": 60},
            {"first_name": "Ann", "last_name": "Small", "date_of_birth": "1971-01-02", "nationality": "GB",
             "roles": ["shareholder"], "ownership_percentage": 40}]}),
        Actor::Person,
    )
    .await
    .expect("ownership");
    kyb.submit(f.sandbox, case.row.id, Actor::Person).await.expect("submits");
    run_pipeline(&f).await;
    let done = kyb.get(f.sandbox, case.row.id).await.expect("get");

    let people: Vec<_> = done.persons.iter().map(|p| (p.full_name.as_str(), p.keys.clone())).collect();
    assert_eq!(
        people,
        [
            ("Amelia Hart", vec!["person:0".to_owned(), "person:1".to_owned()]),
            ("Ann Small", vec!["person:2".to_owned()])
        ]
    );
    let subjects =
        |t: CheckType| done.checks.iter().filter(|c| c.check_type == t).map(|c| c.subject.as_str()).collect::<Vec<_>>();
    assert_eq!(subjects(CheckType::AmlPerson), ["person:0", "person:2"], "screened once each");
    assert_eq!(subjects(CheckType::Kyc), ["person:0", "person:2"], "identified once each");

    let cross = done.checks.iter().find(|c| c.check_type == CheckType::CrossCheck).expect("cross-check");
    let address = &cross.evidence["fields"]["address"];
    assert_eq!(address["result"], "mismatch");
    assert_eq!(address["declared"], "14 Quay Street, BS1 4DJ Bristol");
    assert_eq!(address["registry"], "50 Quay Street, BS1 4DJ Bristol");
    assert_eq!(cross.evidence["fields"]["officers"]["registry"], json!(["Amelia Hart"]));
    assert_eq!(cross.evidence["documents"]["address"]["result"], "match");

    let score = done.checks.iter().find(|c| c.check_type == CheckType::BusinessRiskScore).expect("score");
    assert_eq!(
        score.summary.as_deref(),
        Some("Medium risk: The declared address differs from the registered one (cross-check)")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn remediation_reruns_only_the_affected_checks_and_keeps_history() {
    let f = fixture().await;
    let kyb = f.engine.kyb();
    let case = filled(&f, f.sandbox, "55550001", "Review", "clean").await;
    let id = case.row.id;
    kyb.submit(f.sandbox, id, Actor::Docket).await.expect("submits");
    run_pipeline(&f).await;
    assert_eq!(kyb.get(f.sandbox, id).await.expect("get").row.status, CaseStatus::ManualReview);

    // Only a remediated section may change; a refused submit names what is missing.
    let ana = f
        .engine
        .console()
        .add_reviewer(
            f.sandbox.organization,
            docket_engine::console::NewReviewer {
                name: "Ana".into(),
                email: None,
                role: docket_engine::console::Role::Reviewer,
            },
            &Actor::Command,
        )
        .await
        .expect("reviewer");
    let opened = kyb
        .open_remediation(
            f.sandbox,
            id,
            NewRemediation::one(Some(SectionKey::Ownership), None, "Add the director's full legal name"),
            Actor::Reviewer(ana),
        )
        .await
        .expect("opens");
    assert_eq!(opened.row.status, CaseStatus::ActionRequired);
    assert_eq!(opened.row.stage, Stage::ActionRequired);
    let progress = opened.row.form_progress.clone().expect("progress");
    assert_eq!(progress.current_section, Some(SectionKey::Ownership));
    let refused = kyb.save_section(f.sandbox, id, SectionKey::Company, json!({}), Actor::Person).await;
    assert!(matches!(refused, Err(Error::Conflict(_))), "{refused:?}");

    kyb.save_section(
        f.sandbox,
        id,
        SectionKey::Ownership,
        json!({"persons": [{"first_name": "Tom", "last_name": "Reed", "date_of_birth": "1970-05-06",
                             "nationality": "GB", "roles": ["director", "shareholder"], "ownership_percentage": 60}]}),
        Actor::Person,
    )
    .await
    .expect("fixed");
    let resubmitted = kyb.submit(f.sandbox, id, Actor::Person).await.expect("resubmits");
    assert_eq!(resubmitted.row.status, CaseStatus::UnderReview);
    assert!(resubmitted.remediations.iter().all(|r| r.resolved_at.is_some()));
    run_pipeline(&f).await;

    let done = kyb.get(f.sandbox, id).await.expect("get");
    assert_eq!(done.row.status, CaseStatus::Approved, "{:#?}", done.checks);
    // Registry ran once; kyc and aml_person twice (the first round kept as history).
    let count = |t: CheckType| done.checks.iter().filter(|c| c.check_type == t).count();
    assert_eq!(count(CheckType::Registry), 1);
    assert_eq!(count(CheckType::Kyc), 4);
    assert!(done.checks.iter().filter(|c| c.superseded_at.is_some()).all(|c| c.round == 1));
    assert!(done.checks.iter().all(|c| c.state != CheckState::Pending));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_operations_leave_the_case_as_it_was() {
    let f = fixture().await;
    let kyb = f.engine.kyb();
    let case = kyb.create(f.sandbox, NewCase::default(), Actor::Docket).await.expect("created");
    let id = case.row.id;
    // Submit with empty sections names them.
    match kyb.submit(f.sandbox, id, Actor::Docket).await {
        Err(Error::Invalid(i)) => {
            assert!(i.message.contains("company (") && i.message.contains("documents ("), "{}", i.message)
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // A remediation on a draft is a refused transition naming the status.
    let r = kyb
        .open_remediation(f.sandbox, id, NewRemediation::one(Some(SectionKey::Company), None, "x"), Actor::Docket)
        .await;
    assert!(matches!(&r, Err(Error::Conflict(m)) if m.contains("`draft`")), "{r:?}");
    // Bad values name their field.
    let bad = kyb.save_section(f.sandbox, id, SectionKey::Company, json!({"country": "Narnia"}), Actor::Docket).await;
    assert!(
        matches!(&bad, Err(Error::Invalid(i)) if i.field.as_deref().is_some_and(|f| f.contains("country"))),
        "{bad:?}"
    );
    let over = kyb
        .save_section(
            f.sandbox,
            id,
            SectionKey::Ownership,
            json!({"persons": [{"ownership_percentage": 70}, {"ownership_percentage": 40}]}),
            Actor::Docket,
        )
        .await;
    assert!(matches!(over, Err(Error::Invalid(_))), "{over:?}");
    // A file that is not a document is refused and not kept.
    let text =
        kyb.add_document_bytes(f.sandbox, id, DocumentKind::ProofOfAddress, "a.txt", b"hello", Actor::Docket).await;
    assert!(matches!(text, Err(Error::UnsupportedMedia(_))), "{text:?}");
    let after = kyb.get(f.sandbox, id).await.expect("get");
    assert!(after.documents.is_empty());
    assert_eq!(after.form, case.form);
    // Other environments do not see it.
    assert!(matches!(kyb.get(f.production, id).await, Err(Error::NotFound { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn production_checks_what_it_can_and_says_what_it_cannot() {
    let f = fixture().await;
    let case = filled(&f, f.production, "09876543", "Reed", "certificate").await;
    f.engine.kyb().submit(f.production, case.row.id, Actor::Docket).await.expect("submits");
    f.engine.kyb().run_due_checks().await.expect("runs");
    let done = f.engine.kyb().get(f.production, case.row.id).await.expect("get");
    let check = |t: CheckType| done.checks.iter().find(|c| c.check_type == t).expect("check");
    // The documents were read for real: the text names the company and its number.
    let docs = check(CheckType::DocumentVerification);
    assert_eq!(docs.verdict.as_deref(), Some("verified"), "{:?}", docs.summary);
    assert_eq!(check(CheckType::DocManipulation).verdict.as_deref(), Some("no_manipulation"));
    // What needs an online service or data Docket lacks is an error with its reason, never a pass.
    assert_eq!(check(CheckType::Registry).state, CheckState::Error);
    // Identity checks wait for the people's document verifications (see the next test).
    assert_eq!(check(CheckType::Kyc).state, CheckState::Pending);
    assert_eq!(done.row.status, CaseStatus::UnderReview);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn production_kyc_waits_for_each_persons_document_verification() {
    use docket_engine::verifications::{
        CheckStep, DocumentType, NewDocument, ReviewerOutcome, UploadTarget, VerificationStatus,
    };
    let f = fixture().await;
    let case = filled(&f, f.production, "09876543", "Reed", "certificate").await;
    f.engine.kyb().submit(f.production, case.row.id, Actor::Docket).await.expect("submits");
    f.engine.kyb().run_due_checks().await.expect("runs");
    let waiting = f.engine.kyb().get(f.production, case.row.id).await.expect("get");
    let kyc: Vec<_> = waiting.checks.iter().filter(|c| c.check_type == CheckType::Kyc).cloned().collect();
    assert!(kyc.len() >= 2, "the representative and the director: {kyc:?}");
    for check in &kyc {
        assert_eq!(check.state, CheckState::Pending, "{check:?}");
        let summary = check.summary.as_deref().unwrap_or_default();
        assert!(summary.contains("waiting for") && summary.contains("/v/V"), "{summary}");
    }
    assert_ne!(waiting.row.status, CaseStatus::Failed, "the case waits for its people");

    // Each person verifies; the first passes, the second's face does not match.
    let verifications = f.engine.verifications();
    let ana = docket_engine::Actor::Reviewer(
        f.engine
            .console()
            .add_reviewer(
                f.production.organization,
                docket_engine::console::NewReviewer {
                    name: "ana".into(),
                    email: None,
                    role: docket_engine::console::Role::Reviewer,
                },
                &docket_engine::Actor::Command,
            )
            .await
            .expect("adds"),
    );
    for (i, check) in kyc.iter().enumerate() {
        let id: docket_engine::verifications::VerificationId =
            serde_json::from_value(check.evidence["verification_id"].clone()).expect("verification id");
        let v = verifications.get(f.production, id).await.expect("verification");
        let applicant = f.engine.applicants().get(f.production, v.applicant_id).await.expect("applicant");
        assert_eq!(
            applicant.system_info.last_name.as_deref(),
            check.subject_name.split(' ').next_back(),
            "filled from the form"
        );
        for (t, seed) in [(DocumentType::Passport, 100 + 2 * i as u32), (DocumentType::Selfie, 101 + 2 * i as u32)] {
            let document = NewDocument { document_type: Some(t), side: None, issued_country: None };
            let target = UploadTarget::Applicant(v.applicant_id);
            verifications
                .add_document_bytes(f.production, target, document, "p.png", &picture(seed))
                .await
                .expect("up");
        }
        verifications.proceed(f.production, id, Actor::Docket).await.expect("proceeds").expect("complete");
        verifications.run_due().await.expect("runs");
        for step in [CheckStep::DocumentMrz, CheckStep::DocumentOcr, CheckStep::FaceComparison] {
            let fail = i == 1 && step == CheckStep::FaceComparison;
            let outcome = ReviewerOutcome {
                check: step,
                verified: !fail,
                errors: if fail { vec![4001] } else { vec![] },
                note: None,
            };
            verifications.record_outcome(f.production, id, outcome, ana.clone()).await.expect("outcome");
        }
        // Outcomes take effect once their undo minute has passed.
        f.time.advance(jiff::SignedDuration::from_secs(61));
        verifications.run_due().await.expect("runs");
        let done = verifications.get(f.production, id).await.expect("verification");
        assert_eq!(done.status, if i == 1 { VerificationStatus::Failed } else { VerificationStatus::Verified });
    }
    // The checks look again on the environment's clock.
    f.time.advance(jiff::SignedDuration::from_mins(6));
    f.engine.kyb().run_due_checks().await.expect("runs");
    let after = f.engine.kyb().get(f.production, case.row.id).await.expect("get");
    let verdicts: Vec<_> =
        kyc.iter().map(|k| after.checks.iter().find(|c| c.id == k.id).expect("check").verdict.clone()).collect();
    assert_eq!(verdicts[0].as_deref(), Some("verified"));
    assert_eq!(verdicts[1].as_deref(), Some("not_verified"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_data_covers_every_status_and_stage_and_seeds_once() {
    let f = fixture().await;
    let summary = f.engine.demo().seed(f.sandbox).await.expect("seeds");
    assert!(summary.kyb_cases_created >= 40, "{summary:?}");
    let mut statuses = std::collections::BTreeMap::new();
    let mut countries = std::collections::BTreeSet::new();
    let mut cases = Vec::new();
    for page in 0..10 {
        let json = f
            .engine
            .kyb()
            .list_json(f.sandbox, Default::default(), docket_engine::page::PageRequest { page, limit: 25 })
            .await
            .expect("list");
        let value: serde_json::Value = serde_json::from_str(json.as_str()).expect("json");
        for row in value["data"].as_array().expect("rows") {
            *statuses.entry(row["status"].as_str().unwrap_or_default().to_owned()).or_insert(0) += 1;
            countries.insert(row["country"].as_str().unwrap_or_default().to_owned());
            cases.push(row["id"].as_str().unwrap_or_default().parse::<docket_engine::kyb::CaseId>().expect("id"));
        }
        if value["has_next"] == false {
            break;
        }
    }
    for status in CaseStatus::ALL {
        assert!(statuses.get(status.as_str()).is_some_and(|n| *n > 0), "no {status:?} case: {statuses:?}");
    }
    assert!(countries.len() >= 10, "{countries:?}");
    let mut errored = false;
    let mut hits = false;
    let mut open_remediation = false;
    for id in &cases {
        let case = f.engine.kyb().get(f.sandbox, *id).await.expect("get");
        errored |= case.checks.iter().any(|c| c.state == CheckState::Error);
        hits |=
            case.checks.iter().any(|c| c.check_type == CheckType::AmlPerson && c.verdict.as_deref() == Some("match"));
        open_remediation |= case.remediations.iter().any(|r| r.resolved_at.is_none());
        if case.row.company_name.as_deref() == Some("Politikova Consulting Ltd") {
            // Two potential matches for a reviewer's day: the director's PEP hit and a
            // shareholder whose name is close to a listed PEP's, on two persons' screenings.
            let hits: Vec<_> = case.open_flags.iter().filter(|f| f.kind == FlagKind::UndisposedHit).collect();
            assert_eq!(hits.len(), 2, "{:?}", case.open_flags);
            assert_ne!(hits[0].check_id, hits[1].check_id, "one per person");
            assert!(hits.iter().any(|f| f.label.contains("Marie Rousseaux") && f.label.contains("Marie Rousseau (")));
            assert_eq!(case.row.status, CaseStatus::ManualReview);
        }
        if case.row.status != CaseStatus::Draft {
            assert!(case.documents.iter().all(|d| d.media_type == "application/pdf"));
        }
    }
    assert!(errored && hits && open_remediation);
    // Cases without a magic number were compared with the demo registry for real.
    let mut compared = 0;
    for id in &cases {
        let case = f.engine.kyb().get(f.sandbox, *id).await.expect("get");
        if let Some(c) = case.checks.iter().find(|c| {
            c.check_type == CheckType::Registry && c.evidence["source"] == "Docket demo registry (fictitious)"
        }) {
            assert_eq!(c.verdict.as_deref(), Some("active"), "{:?}", c.summary);
            compared += 1;
        }
    }
    assert!(compared >= 10, "{compared} cases compared with the demo registry");
    let again = f.engine.demo().seed(f.sandbox).await.expect("seeds again");
    assert_eq!(again.kyb_cases_created, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn production_checks_the_registry_snapshot_and_compares_field_by_field() {
    use docket_engine::kyb::registry::RegistryFormat;
    let f = fixture().await;
    let csv = "CompanyName, CompanyNumber,RegAddress.AddressLine1,RegAddress.PostTown,RegAddress.PostCode,CompanyCategory,CompanyStatus,CountryOfOrigin,IncorporationDate\n\
        \"BRIGHTWATER LOGISTICS LIMITED\",09876543,\"14 QUAY STREET\",\"BRISTOL\",\"BS1 4DJ\",\"Private Limited Company\",\"Active\",\"United Kingdom\",\"12/04/2016\"\n\
        \"ELSEWHERE LOGISTICS LIMITED\",07770001,\"9 OTHER ROAD\",\"LEEDS\",\"LS1 1AA\",\"Private Limited Company\",\"Active\",\"United Kingdom\",\"01/01/2001\"\n\
        \"BRIGHTWATER LOGISTICS LTD\",05550002,\"14 QUAY STREET\",\"BRISTOL\",\"BS1 4DJ\",\"Private Limited Company\",\"Dissolved\",\"United Kingdom\",\"12/04/2016\"\n";
    let path = f._dir.path().join("BasicCompanyData.csv");
    std::fs::write(&path, csv).expect("writes");
    let snapshot = f.engine.kyb().import_registry(RegistryFormat::CompaniesHouse, &path).await.expect("imports");
    assert_eq!((snapshot.records, snapshot.rows_rejected), (3, 0));

    let run = |number: &'static str| {
        let f = &f;
        async move {
            let case = filled(f, f.production, number, "Reed", "certificate").await;
            f.engine.kyb().submit(f.production, case.row.id, Actor::Docket).await.expect("submits");
            f.engine.kyb().run_due_checks().await.expect("runs");
            f.engine.kyb().get(f.production, case.row.id).await.expect("get")
        }
    };
    let verdict = |case: &CaseDetail, t: CheckType| {
        case.checks.iter().find(|c| c.check_type == t).and_then(|c| c.verdict.clone()).unwrap_or_default()
    };
    let good = run("09876543").await;
    assert_eq!(verdict(&good, CheckType::Registry), "active");
    assert_eq!(
        verdict(&good, CheckType::CrossCheck),
        "match",
        "{:?}",
        good.checks.iter().find(|c| c.check_type == CheckType::CrossCheck)
    );
    let good_cross = good.checks.iter().find(|c| c.check_type == CheckType::CrossCheck).expect("cross check");
    for field in ["legal_name", "registration_number", "street"] {
        assert_eq!(good_cross.evidence["documents"][field]["result"], "match", "{field}: {:?}", good_cross.evidence);
    }
    // Documents that name another company number: the declared data differs from them.
    let kyb = f.engine.kyb();
    let case = filled(&f, f.production, "09876543", "Hale", "certificate").await;
    for d in &case.documents {
        kyb.remove_document(f.production, case.row.id, d.file_id, Actor::Docket).await.expect("removed");
    }
    let text = "Certificate of incorporation: Brightwater Logistics Ltd, company number 11112222, 14 Quay Street";
    for kind in
        [DocumentKind::CertificateOfIncorporation, DocumentKind::ProofOfAddress, DocumentKind::OwnershipDocument]
    {
        kyb.add_document_bytes(f.production, case.row.id, kind, "other.pdf", &pdf(text), Actor::Docket)
            .await
            .expect("doc");
    }
    kyb.submit(f.production, case.row.id, Actor::Docket).await.expect("submits");
    kyb.run_due_checks().await.expect("runs");
    let differs = kyb.get(f.production, case.row.id).await.expect("get");
    let cross = differs.checks.iter().find(|c| c.check_type == CheckType::CrossCheck).expect("cross check");
    assert_eq!(cross.verdict.as_deref(), Some("partial_match"), "{:?}", cross.summary);
    assert_eq!(cross.evidence["documents"]["registration_number"]["result"], "not_found");
    assert_eq!(cross.evidence["fields"]["legal_name"]["result"], "match", "the registry still agrees");

    let other = run("07770001").await;
    assert_eq!(verdict(&other, CheckType::Registry), "name_mismatch");
    assert_eq!(verdict(&other, CheckType::CrossCheck), "mismatch");
    let dissolved = run("05550002").await;
    assert_eq!(verdict(&dissolved, CheckType::Registry), "inactive");
    let missing = run("01010101").await;
    assert_eq!(verdict(&missing, CheckType::Registry), "number_mismatch", "found by its name under another number");

    // A country no snapshot covers is an error for a reviewer, not a pass or a failure.
    let kyb = f.engine.kyb();
    let case = filled(&f, f.production, "HRB1234", "Reed", "certificate").await;
    let mut company = serde_json::to_value(&case.form.company).expect("json");
    company["country"] = json!("DE");
    company["address"]["country"] = json!("DE");
    kyb.save_section(f.production, case.row.id, SectionKey::Company, company, Actor::Docket).await.expect("saves");
    kyb.submit(f.production, case.row.id, Actor::Docket).await.expect("submits");
    kyb.run_due_checks().await.expect("runs");
    let de = kyb.get(f.production, case.row.id).await.expect("get");
    let registry = de.checks.iter().find(|c| c.check_type == CheckType::Registry).expect("check");
    assert_eq!(registry.state, CheckState::Error);
    assert!(registry.summary.as_deref().unwrap_or_default().contains("DE"));
}

/// The list serves cached pages while no case changes; every kind of change (a new case, a
/// saved section, the pipeline's settling, a sandbox reset) shows in the very next read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_list_shows_every_change_at_once_though_it_caches_pages() {
    use docket_engine::kyb::CaseFilter;
    use docket_engine::page::PageRequest;
    let f = fixture().await;
    let kyb = f.engine.kyb();
    let page = PageRequest { page: 0, limit: 25 };
    let list = || async {
        let page = kyb.list_json(f.sandbox, CaseFilter::default(), page).await.expect("list");
        serde_json::from_str::<serde_json::Value>(page.as_str()).expect("json")["data"]
            .as_array()
            .cloned()
            .expect("data")
    };
    assert!(list().await.is_empty());
    let case = filled(&f, f.sandbox, "09876543", "Reed", "clean").await;
    let rows = list().await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["status"], "draft");
    assert_eq!(list().await, rows, "read again unchanged");

    kyb.submit(f.sandbox, case.row.id, Actor::Person).await.expect("submits");
    assert_eq!(list().await[0]["status"], "under_review");
    run_pipeline(&f).await;
    assert_eq!(list().await[0]["status"], "approved", "settled by the pipeline's worker");

    // Another scope's list is its own page.
    let other = kyb.list_json(f.production, CaseFilter::default(), page).await.expect("list");
    assert!(other.as_str().contains("\"data\":[]"));

    f.engine.sandbox().reset_data(f.sandbox).await.expect("reset");
    assert!(list().await.is_empty(), "a reset empties the cached page too");
}

/// Erasing a case deletes the dispositions of its screenings' hits (company and persons); the
/// chain keeps their events emptied, as it does the case's other events.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn erasing_a_case_deletes_the_dispositions_of_its_hits() {
    use docket_engine::aml::hits::model::NewDisposition;
    let f = fixture().await;
    let case = filled(&f, f.sandbox, "10457777", "Hart", "erase").await;
    let id = case.row.id;
    let director = json!({"first_name": "Tom", "last_name": "Hart", "date_of_birth": "1970-05-06",
                          "nationality": "GB", "roles": ["director", "shareholder"], "ownership_percentage": 60});
    let pep = json!({"first_name": "Petra", "last_name": "Politikova", "date_of_birth": "1985-03-02",
                     "nationality": "DE", "roles": ["shareholder"], "ownership_percentage": 30});
    f.engine
        .kyb()
        .save_section(f.sandbox, id, SectionKey::Ownership, json!({"persons": [director, pep]}), Actor::Person)
        .await
        .expect("ownership");
    f.engine.kyb().submit(f.sandbox, id, Actor::Person).await.expect("submits");
    run_pipeline(&f).await;
    let case = f.engine.kyb().get(f.sandbox, id).await.expect("get");
    let flag = case.open_flags.iter().find(|f| f.kind == FlagKind::UndisposedHit).expect("a potential match");
    let mut key = flag.key.split(':').skip(1);
    let search = key.next().expect("search").parse().expect("search id");
    let entity = key.next().expect("entity").parse().expect("entity id");
    let disposition: NewDisposition = serde_json::from_value(json!({
        "disposition": "needs_more_information", "reason": "awaiting_documents", "note": "Asked Petra for her passport"
    }))
    .expect("disposition");
    f.engine.aml().dispose(f.sandbox, search, entity, disposition, Actor::Command).await.expect("disposed");

    let erasure = f.engine.erasures().kyb_case(f.sandbox, id, "test").await.expect("erased");
    assert_eq!(erasure.removed.get("aml_hit_dispositions"), Some(&1), "{:?}", erasure.removed);
    let verified = f.engine.audit().verify(f.sandbox).await.expect("verifies");
    assert!(verified.ok, "{verified:?}");
}

/// A check that could not run, run again from the case file and passing, lets the risk model
/// give the score it could not: the case, still with its reviewer, is scored again and moves
/// from failed to manual review with its level; the errored instances stay as history.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rerun_that_passes_scores_the_case_again() {
    let f = fixture().await;
    // The registry's magic 9990: a passing outage, answered when run again.
    let case = filled(&f, f.sandbox, "10459990", "Hart", "rescore").await;
    let id = case.row.id;
    f.engine.kyb().submit(f.sandbox, id, Actor::Person).await.expect("submits");
    run_pipeline(&f).await;
    let failed = f.engine.kyb().get(f.sandbox, id).await.expect("get");
    assert_eq!((failed.row.status, failed.row.risk_level), (CaseStatus::Failed, None));
    let current = |c: &CaseDetail, t: CheckType| {
        c.checks.iter().find(|x| x.check_type == t && x.superseded_at.is_none()).cloned().expect("current")
    };
    let registry = current(&failed, CheckType::Registry);
    let score = current(&failed, CheckType::BusinessRiskScore);
    assert_eq!((registry.state, score.state), (CheckState::Error, CheckState::Error));
    let sla = failed.row.review.sla_due_at;

    let rerun = f.engine.kyb().rerun_check(f.sandbox, id, registry.id, Actor::Command).await.expect("runs again");
    assert_eq!(rerun.row.status, CaseStatus::Failed, "scored only once the re-run ends");
    run_pipeline(&f).await;
    let after = f.engine.kyb().get(f.sandbox, id).await.expect("get");
    assert_eq!(current(&after, CheckType::Registry).state, CheckState::Completed);
    let new_score = current(&after, CheckType::BusinessRiskScore);
    assert_eq!(new_score.state, CheckState::Completed);
    assert_ne!(new_score.id, score.id, "a new score; the errored one is history");
    assert!(after.checks.iter().any(|c| c.id == score.id && c.superseded_at.is_some()));
    assert_eq!(after.row.status, CaseStatus::ManualReview, "still the reviewer's");
    assert_eq!(after.row.risk_level, Some(RiskLevel::Low));
    assert!(after.row.checks_summary.as_ref().is_some_and(|s| s.all_done()));
    assert_eq!(after.row.review.sla_due_at, sla, "the review's clock runs on");
    let rescored = after.timeline.iter().find(|t| t.kind == "rescored").expect("on the timeline");
    assert_eq!((rescored.from_status, rescored.to_status), (Some(CaseStatus::Failed), Some(CaseStatus::ManualReview)));
    assert!(after.open_flags.iter().all(|f| f.kind != FlagKind::ErroredCheck), "{:?}", after.open_flags);
}
