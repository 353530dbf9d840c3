//! Document verification through the engine: profiles, the status flow, the sandbox's
//! outcomes by magic value and `sandbox_result`, expiry, duplicates, and production's reviewer.

mod common;
use common::{Fixture, fixture, picture};

use docket_engine::applicants::VerificationStatus as ApplicantStatus;
use docket_engine::page::PageRequest;
use docket_engine::verifications::{
    CheckStatus, CheckStep, DocumentType, NewDocument, NewProfile, NewVerification, ReviewerOutcome, SandboxResult,
    Side, UploadTarget, Verification, VerificationStatus,
};
use docket_engine::{Actor, Error, Scope};
use serde_json::json;

fn doc(t: DocumentType) -> NewDocument {
    NewDocument { document_type: Some(t), side: None, issued_country: None }
}

async fn create(f: &Fixture, scope: Scope, input: NewVerification) -> Verification {
    f.engine.verifications().create(scope, input, Actor::Docket).await.expect("created")
}

async fn upload(f: &Fixture, scope: Scope, v: &Verification, t: DocumentType, name: &str, seed: u32) {
    f.engine
        .verifications()
        .add_document_bytes(scope, UploadTarget::Applicant(v.applicant_id), doc(t), name, &picture(seed))
        .await
        .expect("uploaded");
}

async fn reviewer(f: &Fixture, name: &str) -> Actor {
    let new = docket_engine::console::NewReviewer {
        name: name.into(),
        email: None,
        role: docket_engine::console::Role::Reviewer,
    };
    Actor::Reviewer(
        f.engine.console().add_reviewer(f.production.organization, new, &Actor::Command).await.expect("adds"),
    )
}

async fn proceed_and_run(f: &Fixture, scope: Scope, v: &Verification) -> Verification {
    let proceeded = f.engine.verifications().proceed(scope, v.id, Actor::Docket).await.expect("proceeds");
    let proceeded = proceeded.expect("every document is in");
    assert_eq!(proceeded.status, VerificationStatus::InProgress);
    f.time.advance(jiff::SignedDuration::from_secs(30));
    f.engine.verifications().run_due().await.expect("runs");
    f.engine.verifications().get(scope, v.id).await.expect("get")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sandbox_verification_goes_from_initial_to_verified_and_its_applicant_follows() {
    let f = fixture().await;
    let v = create(&f, f.sandbox, NewVerification::default()).await;
    assert_eq!(v.status, VerificationStatus::Initial);
    assert!(v.verification_url.ends_with(&format!("/v/{}", v.verification_url_id)));
    assert_eq!(v.verification_url_id.len(), 17);
    assert_eq!(
        v.checks.keys().copied().collect::<Vec<_>>(),
        vec![CheckStep::DocumentMrz, CheckStep::DocumentOcr, CheckStep::FaceComparison]
    );
    assert_eq!(v.checks[&CheckStep::FaceComparison].pending_documents, vec![DocumentType::Selfie]);

    // Proceeding without documents names what is missing.
    let missing = f.engine.verifications().proceed(f.sandbox, v.id, Actor::Docket).await.expect("answers");
    let missing = missing.expect_err("documents are missing");
    assert!(missing.pending_documents.contains(&DocumentType::Selfie), "{missing:?}");

    upload(&f, f.sandbox, &v, DocumentType::Passport, "passport.png", 1).await;
    let pending = f.engine.verifications().get(f.sandbox, v.id).await.expect("get");
    assert_eq!(pending.status, VerificationStatus::Pending);
    assert_eq!(pending.document_type, Some(DocumentType::Passport));
    assert!(pending.checks[&CheckStep::DocumentMrz].pending_documents.is_empty());
    upload(&f, f.sandbox, &v, DocumentType::Selfie, "selfie.png", 2).await;

    let done = proceed_and_run(&f, f.sandbox, &v).await;
    assert_eq!(done.status, VerificationStatus::Verified, "{:?}", done.checks);
    assert!(done.checks.values().all(|c| c.status == CheckStatus::Verified && c.errors.is_empty()));
    assert!(done.completed_at.is_some());
    let poi = done.poi_data.clone().expect("poi data");
    assert_eq!(poi.parsed_type, Some(DocumentType::Passport));
    assert!(done.checks[&CheckStep::DocumentMrz].data.is_some());

    let applicant = f.engine.applicants().get(f.sandbox, v.applicant_id).await.expect("applicant");
    assert_eq!(applicant.verification_status, ApplicantStatus::Passed);
    assert_eq!(applicant.last_verification_id, Some(v.id.0));
    let events = f.engine.events().list(f.sandbox, None, PageRequest { page: 0, limit: 100 }).await.expect("events");
    let types: Vec<&str> = events.data.iter().map(|e| e.event_type.as_str()).collect();
    assert!(types.contains(&"DOCVER") && types.contains(&"DOCVER_CHECKS"), "{types:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn magic_file_names_and_sandbox_result_decide_the_outcome() {
    let f = fixture().await;
    let v = create(&f, f.sandbox, NewVerification::default()).await;
    upload(&f, f.sandbox, &v, DocumentType::Passport, "passport-expired.png", 3).await;
    upload(&f, f.sandbox, &v, DocumentType::Selfie, "selfie-mismatch.png", 4).await;
    let done = proceed_and_run(&f, f.sandbox, &v).await;
    assert_eq!(done.status, VerificationStatus::Failed);
    let codes = |step| done.checks[&step].errors.iter().map(|e| e.code).collect::<Vec<_>>();
    assert_eq!(codes(CheckStep::DocumentMrz), vec![3001]);
    assert_eq!(codes(CheckStep::FaceComparison), vec![4001]);
    let applicant = f.engine.applicants().get(f.sandbox, v.applicant_id).await.expect("applicant");
    assert_eq!(applicant.verification_status, ApplicantStatus::Failed);

    let chosen = SandboxResult {
        status: Some(VerificationStatus::Failed),
        errors: [(CheckStep::Liveness, vec![5001]), (CheckStep::DocumentMrz, vec![2001])].into_iter().collect(),
    };
    let v = create(&f, f.sandbox, NewVerification { sandbox_result: Some(chosen), ..Default::default() }).await;
    upload(&f, f.sandbox, &v, DocumentType::Passport, "passport.png", 5).await;
    upload(&f, f.sandbox, &v, DocumentType::Selfie, "selfie.png", 6).await;
    let done = proceed_and_run(&f, f.sandbox, &v).await;
    assert_eq!(done.status, VerificationStatus::Failed);
    assert_eq!(done.checks[&CheckStep::DocumentMrz].errors[0].code, 2001);
    assert_eq!(done.checks[&CheckStep::FaceComparison].status, CheckStatus::Verified);

    // Only outcomes, only codes of the documented ranges, only in the sandbox.
    for bad in [
        json!({"status": "pending"}),
        json!({"status": "failed", "errors": {"poa": [42]}}),
        json!({"status": "failed", "errors": {"nose": [1001]}}),
    ] {
        let Ok(result) = serde_json::from_value::<SandboxResult>(bad.clone()) else { continue };
        let input = NewVerification { sandbox_result: Some(result), ..Default::default() };
        let refused = f.engine.verifications().create(f.sandbox, input, Actor::Docket).await;
        assert!(matches!(refused, Err(Error::Invalid(_))), "{bad}: {refused:?}");
    }
    let input = NewVerification { sandbox_result: Some(SandboxResult::default()), ..Default::default() };
    let refused = f.engine.verifications().create(f.production, input, Actor::Docket).await;
    assert!(matches!(refused, Err(Error::Invalid(_))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sided_cards_need_both_sides_and_poi_takes_the_profiles_first_document() {
    let f = fixture().await;
    let profile = f
        .engine
        .verifications()
        .create_profile(
            f.sandbox,
            NewProfile {
                name: Some("Cards only".into()),
                settings: Some(json!({"poi_allowed_documents": ["id_card"], "face_comparison_required": false})),
                ..Default::default()
            },
            Actor::Docket,
        )
        .await
        .expect("profile")
        .id;
    let v = create(&f, f.sandbox, NewVerification { profile_id: Some(profile), ..Default::default() }).await;
    let answer = f
        .engine
        .verifications()
        .add_document_bytes(
            f.sandbox,
            UploadTarget::Short(v.verification_url_id.clone()),
            NewDocument { document_type: None, side: Some(Side::Front), issued_country: Some("DEU".into()) },
            "front.png",
            &picture(7),
        )
        .await
        .expect("uploaded");
    assert_eq!(answer.detected_document_type, DocumentType::IdCardFront);
    assert!(answer.detected_two_side_document);
    assert_eq!(answer.detected_country.as_deref(), Some("DE"));
    let after = f.engine.verifications().get(f.sandbox, v.id).await.expect("get");
    assert_eq!(after.checks[&CheckStep::DocumentMrz].pending_documents, vec![DocumentType::IdCardBack]);
    assert_eq!(after.country_code.as_deref(), Some("DE"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_verifications_expire_on_the_clock_and_canceling_is_allowed_until_finished() {
    let f = fixture().await;
    let v = create(&f, f.sandbox, NewVerification { expiration_minutes: Some(5), ..Default::default() }).await;
    f.time.advance(jiff::SignedDuration::from_mins(6));
    f.engine.verifications().run_due().await.expect("runs");
    let expired = f.engine.verifications().get(f.sandbox, v.id).await.expect("get");
    assert_eq!(expired.status, VerificationStatus::Expired);
    let refused = f
        .engine
        .verifications()
        .add_document_bytes(
            f.sandbox,
            UploadTarget::Short(v.verification_url_id.clone()),
            doc(DocumentType::Passport),
            "p.png",
            &picture(8),
        )
        .await;
    assert!(matches!(&refused, Err(Error::Conflict(m)) if m.contains("8000")), "{refused:?}");

    let v = create(&f, f.sandbox, NewVerification::default()).await;
    let canceled = f.engine.verifications().cancel(f.sandbox, v.id, Actor::Docket).await.expect("cancels");
    assert_eq!(canceled.status, VerificationStatus::Canceled);
    let again = f.engine.verifications().cancel(f.sandbox, v.id, Actor::Docket).await.expect("no-op");
    assert_eq!(again.status, VerificationStatus::Canceled);
    let refused = f.engine.verifications().proceed(f.sandbox, v.id, Actor::Docket).await;
    assert!(matches!(&refused, Err(Error::Conflict(m)) if m.contains("`canceled`")), "{refused:?}");

    let bad = NewVerification { expiration_minutes: Some(10_081), ..Default::default() };
    assert!(matches!(f.engine.verifications().create(f.sandbox, bad, Actor::Docket).await, Err(Error::Invalid(_))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn production_checks_the_files_for_real_and_a_reviewer_gives_the_rest() {
    let f = fixture().await;
    let first = create(&f, f.production, NewVerification::default()).await;
    upload(&f, f.production, &first, DocumentType::Passport, "passport.png", 9).await;
    upload(&f, f.production, &first, DocumentType::Selfie, "selfie.png", 10).await;
    let waiting = proceed_and_run(&f, f.production, &first).await;
    assert_eq!(waiting.status, VerificationStatus::InProgress, "nothing is passed without a reviewer");
    for check in waiting.checks.values() {
        assert_eq!(check.status, CheckStatus::InProgress);
        assert!(check.note.as_deref().is_some_and(|n| n.contains("reviewer")), "{check:?}");
    }
    let verifications = f.engine.verifications();
    let ana = reviewer(&f, "ana").await;
    for step in [CheckStep::DocumentMrz, CheckStep::DocumentOcr] {
        verifications
            .record_outcome(f.production, first.id, outcome(step, true, vec![], None), ana.clone())
            .await
            .expect("outcome");
    }
    let refused = verifications
        .record_outcome(f.production, first.id, outcome(CheckStep::FaceComparison, false, vec![], None), ana.clone())
        .await;
    assert!(matches!(refused, Err(Error::Invalid(_))), "a failure says why");
    let held = verifications
        .record_outcome(
            f.production,
            first.id,
            outcome(CheckStep::FaceComparison, false, vec![4001], Some("different person")),
            ana.clone(),
        )
        .await
        .expect("outcome");
    assert_eq!(held.status, VerificationStatus::InProgress, "an outcome waits its undo minute");
    assert_eq!(held.checks[&CheckStep::FaceComparison].status, CheckStatus::InProgress);
    let file = verifications.file(f.production, first.id).await.expect("file");
    assert_eq!(file.review.pending_outcomes.len(), 3);
    assert!(file.timeline.iter().any(|e| e.what.contains("recorded face_comparison as failed (4001)")), "{file:?}");

    f.time.advance(jiff::SignedDuration::from_secs(61));
    verifications.run_due().await.expect("runs");
    let done = verifications.get(f.production, first.id).await.expect("get");
    assert_eq!(done.status, VerificationStatus::Failed);
    assert_eq!(done.checks[&CheckStep::FaceComparison].decided_by.as_deref(), Some("reviewer:ana"));
    let (audit, _) = f
        .engine
        .audit()
        .list(f.production, Default::default(), PageRequest { page: 0, limit: 100 })
        .await
        .expect("audit");
    assert!(audit.iter().any(|e| e.kind == "verification_outcome_recorded"), "on the audit chain");

    // The same passport picture for another applicant is a duplicate, found for real.
    let second = create(&f, f.production, NewVerification::default()).await;
    upload(&f, f.production, &second, DocumentType::Passport, "again.png", 9).await;
    upload(&f, f.production, &second, DocumentType::Selfie, "selfie.png", 11).await;
    let checked = proceed_and_run(&f, f.production, &second).await;
    assert_eq!(checked.duplicated_applicant_ids, vec![first.applicant_id]);
    let ocr = &checked.checks[&CheckStep::DocumentOcr];
    assert_eq!(ocr.status, CheckStatus::Failed);
    assert!(ocr.errors.iter().any(|e| e.code == 7001), "{ocr:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn profiles_have_one_default_names_are_unique_and_links_are_one_per_profile() {
    let f = fixture().await;
    let v = f.engine.verifications();
    let page = v.list_profiles(f.sandbox, docket_engine::page::PageRequest { page: 0, limit: 10 }).await.expect("list");
    assert_eq!(page.data.len(), 1);
    let default = page.data[0].clone();
    assert!(default.is_default);
    let named = |n: &str| NewProfile { name: Some(n.into()), ..Default::default() };
    let id = v.create_profile(f.sandbox, named("Strict"), Actor::Docket).await.expect("created").id;
    assert!(matches!(v.create_profile(f.sandbox, named("Strict"), Actor::Docket).await, Err(Error::Conflict(_))));
    assert!(matches!(v.archive_profile(f.sandbox, default.profile_id).await, Err(Error::Conflict(_))));
    v.set_default(f.sandbox, id).await.expect("default");
    assert!(!v.get_profile(f.sandbox, default.profile_id).await.expect("get").is_default);
    let link = v.create_link(f.sandbox, id, Some(60)).await.expect("link");
    assert!(matches!(v.create_link(f.sandbox, id, Some(60)).await, Err(Error::Invalid(_))), "one link per profile");
    let started = v.start_from_link(link.clone()).await.expect("starts");
    assert_eq!(started.profile_id, id);
    assert_eq!(started.link_id.as_deref(), Some(link.as_str()));
    v.change_link(f.sandbox, link.clone(), None, Some(true)).await.expect("archived");
    assert!(matches!(v.start_from_link(link).await, Err(Error::Forbidden(_))));
}

fn outcome(check: CheckStep, verified: bool, errors: Vec<u32>, note: Option<&str>) -> ReviewerOutcome {
    ReviewerOutcome { check, verified, errors, note: note.map(str::to_owned) }
}

/// A PDF passport whose text layer carries a machine-readable zone.
fn passport_pdf(surname: &str, birth: &str, expiry: &str, forge: bool) -> Vec<u8> {
    let [a, mut b] = docket_mrz::compose_td3(&docket_mrz::Td3Fields {
        document_code: "P",
        issuing_state: "DEU",
        surname,
        given_names: "Erika",
        document_number: "C01X00T47",
        nationality: "DEU",
        birth_date: birth,
        sex: 'F',
        expiry_date: expiry,
        personal_number: "",
    });
    if forge {
        // One digit of the document number changed after the zone was written.
        b.replace_range(0..1, "D");
    }
    let lines = vec!["PASSPORT / REISEPASS".to_owned(), format!("Surname: {surname}"), a, b];
    docket_engine::kyb::pdf::write_document("Passport", &lines, "Bundesdruckerei scan")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn production_reads_the_mrz_of_a_pdf_and_checks_it_for_real() {
    let f = fixture().await;
    let person: docket_engine::applicants::NewApplicant = serde_json::from_value(
        json!({"info": {"first_name": "Erika", "last_name": "Mustermann", "dob": "1983-08-12"}}),
    )
    .expect("applicant");
    let applicant = f.engine.applicants().create(f.production, person).await.expect("applicant").applicant_id;
    let cases = [
        ("Mustermann", "830812", "340101", false, None),
        ("Mustermann", "830812", "340101", true, Some(2001)),
        ("Mustermann", "830812", "250101", false, Some(3001)),
        ("Musterfrau", "830812", "340101", false, Some(3102)),
        ("Mustermann", "100812", "340101", false, Some(3201)),
    ];
    for (i, (surname, birth, expiry, forge, code)) in cases.into_iter().enumerate() {
        let input = NewVerification { applicant_id: Some(applicant), ..NewVerification::default() };
        let v = create(&f, f.production, input).await;
        let pdf = passport_pdf(surname, birth, expiry, forge);
        let verifications = f.engine.verifications();
        let target = UploadTarget::Applicant(applicant);
        verifications
            .add_document_bytes(f.production, target.clone(), doc(DocumentType::Passport), "passport.pdf", &pdf)
            .await
            .expect("passport");
        verifications
            .add_document_bytes(f.production, target, doc(DocumentType::Selfie), "selfie.png", &picture(900 + i as u32))
            .await
            .expect("selfie");
        let done = proceed_and_run(&f, f.production, &v).await;
        let mrz = &done.checks[&CheckStep::DocumentMrz];
        match code {
            None => {
                assert_eq!(mrz.status, CheckStatus::Verified, "{mrz:?}");
                assert_eq!(mrz.decided_by.as_deref(), Some("docket"));
                let poi = done.poi_data.clone().expect("read from the zone");
                assert_eq!(
                    (poi.surname.as_deref(), poi.birth_date.as_deref()),
                    (Some("Mustermann"), Some("1983-08-12"))
                );
                assert_eq!(poi.has_mrz, Some(true));
                assert_eq!(done.checks[&CheckStep::FaceComparison].status, CheckStatus::InProgress, "faces wait");
            }
            Some(code) => {
                assert_eq!(mrz.status, CheckStatus::Failed, "{surname} {birth} {expiry} {forge}: {mrz:?}");
                assert!(mrz.errors.iter().any(|e| e.code == code), "{code}: {:?}", mrz.errors);
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reviewers_outcome_can_be_undone_for_a_minute_and_their_reading_is_kept_apart() {
    let f = fixture().await;
    let v = create(&f, f.production, NewVerification::default()).await;
    upload(&f, f.production, &v, DocumentType::Passport, "passport.png", 21).await;
    upload(&f, f.production, &v, DocumentType::Selfie, "selfie.png", 22).await;
    proceed_and_run(&f, f.production, &v).await;
    let verifications = f.engine.verifications();
    let ana = reviewer(&f, "ana").await;

    let reading = docket_engine::verifications::ReadingFields {
        full_name: Some("Anna Schmidt".into()),
        birth_date: Some("1987-12-24".into()),
        nationality: Some("deu".into()),
        document_number: Some("c01x00t47".into()),
        expiry_date: None,
    };
    let file = verifications.record_reading(f.production, v.id, reading, ana.clone()).await.expect("reading");
    let kept = file.review.reading.expect("kept");
    assert_eq!(kept.by, "reviewer:ana");
    assert_eq!(kept.fields.nationality.as_deref(), Some("DEU"));
    assert_eq!(verifications.get(f.production, v.id).await.expect("get").poi_data, None, "Docket's reading is apart");
    let number = file.review.comparison.iter().find(|c| c.field == "document_number").expect("row");
    assert_eq!(number.reviewer.as_deref(), Some("C01X00T47"));

    verifications
        .record_outcome(f.production, v.id, outcome(CheckStep::FaceComparison, true, vec![], None), ana.clone())
        .await
        .expect("held");
    let twice = verifications
        .record_outcome(f.production, v.id, outcome(CheckStep::FaceComparison, true, vec![], None), ana.clone())
        .await;
    assert!(matches!(twice, Err(Error::Conflict(_))), "one outcome waits per check");
    f.time.advance(jiff::SignedDuration::from_secs(59));
    verifications.run_due().await.expect("runs");
    let undone = verifications.undo_outcome(f.production, v.id, CheckStep::FaceComparison, ana.clone()).await;
    assert_eq!(
        undone.expect("undone within the minute").checks[&CheckStep::FaceComparison].status,
        CheckStatus::InProgress
    );

    verifications
        .record_outcome(f.production, v.id, outcome(CheckStep::FaceComparison, true, vec![], None), ana.clone())
        .await
        .expect("held again");
    f.time.advance(jiff::SignedDuration::from_secs(60));
    let late = verifications.undo_outcome(f.production, v.id, CheckStep::FaceComparison, ana.clone()).await;
    assert!(matches!(&late, Err(Error::Conflict(m)) if m.contains("it stands now")), "{late:?}");
    verifications.run_due().await.expect("runs");
    let after = verifications.get(f.production, v.id).await.expect("get");
    assert_eq!(after.checks[&CheckStep::FaceComparison].status, CheckStatus::Verified);
    assert_eq!(after.status, VerificationStatus::InProgress, "two checks still wait");
    let timeline = verifications.file(f.production, v.id).await.expect("file").timeline;
    let said = |s: &str| timeline.iter().any(|e| e.what.contains(s));
    assert!(said("entered their reading") && said("undid the outcome") && said("took effect"), "{timeline:?}");
}
