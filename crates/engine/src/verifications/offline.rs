//! The checks Docket makes for real on a verification's documents, in both environments, and
//! what production leaves to a reviewer.
//!
//! Checked offline: each file's signs of editing in its metadata (500/501); the same file, or
//! a picture within a few bits of the same difference hash, sent for another applicant of the
//! environment (7001/7002, `duplicated_applicant_ids`; off with `disable_cross_check_by_photo`);
//! the identity document's issuing country against the profile's countries (3101).
//!
//! Not checked offline, and said so on the check (`note`) for a reviewer: reading an identity
//! document's pictures (OCR, the MRZ of a photo), comparing faces, liveness, and what a proof of
//! address says. A production verification waits in `in_progress` until a reviewer records
//! those outcomes; nothing is passed without someone having looked.

use super::document::Purpose;
use super::model::{CheckError, CheckResult, CheckStatus, PoiData, StoredDocument};
use super::profile::CheckStep;
use super::store::{self, Record};
use super::{codes, images};
use crate::Engine;
use crate::applicants::{Applicant, ApplicantId};
use crate::error::Result;

/// What the real checks found.
#[derive(Debug, Default)]
pub(crate) struct Findings {
    /// Errors by the purpose of the document they were found on.
    by_purpose: Vec<(Purpose, CheckError)>,
    pub(crate) duplicated: Vec<ApplicantId>,
    pub(crate) poi_data: Option<PoiData>,
}

impl Findings {
    fn add(&mut self, purpose: Purpose, code: u32) {
        if !self.by_purpose.iter().any(|(p, e)| *p == purpose && e.code == code) {
            self.by_purpose.push((purpose, codes::known(code)));
        }
    }

    /// The errors that fail `step`. A finding on the identity document fails the reading of
    /// it (`document_ocr`, else `document_mrz`), one on a face picture the face comparison.
    pub(crate) fn errors_of(&self, step: CheckStep) -> Vec<CheckError> {
        let owner = |p: Purpose| match p {
            Purpose::Poi => [CheckStep::DocumentOcr, CheckStep::DocumentMrz],
            Purpose::Face => [CheckStep::FaceComparison, CheckStep::Liveness],
            Purpose::Poa => [CheckStep::Poa, CheckStep::Poa],
        };
        self.by_purpose.iter().filter(|(p, _)| owner(*p).contains(&step)).map(|(_, e)| e.clone()).collect()
    }

    /// Production's result of a step: failed on a finding, else waiting for a reviewer.
    pub(crate) fn result_of(&self, step: CheckStep) -> CheckResult {
        let errors = self.errors_of(step);
        if !errors.is_empty() {
            return CheckResult {
                status: CheckStatus::Failed,
                errors,
                pending_documents: Vec::new(),
                data: None,
                decided_by: Some("docket".to_owned()),
                note: None,
            };
        }
        let why = match step {
            CheckStep::DocumentMrz => "Docket does not read the MRZ from a picture offline: a reviewer compares it",
            CheckStep::DocumentOcr => "Docket has no OCR offline: a reviewer reads the document and compares it",
            CheckStep::FaceComparison => "Docket cannot compare faces offline: a reviewer compares the pictures",
            CheckStep::Liveness => "Docket cannot judge liveness offline: a reviewer looks at the pictures",
            CheckStep::Poa => "Docket does not read proofs of address offline: a reviewer reads it",
        };
        CheckResult {
            status: CheckStatus::InProgress,
            errors: Vec::new(),
            pending_documents: Vec::new(),
            data: None,
            decided_by: None,
            note: Some(why.to_owned()),
        }
    }
}

/// Runs the real checks on a verification's documents.
pub(crate) async fn check(
    engine: &Engine,
    record: &Record,
    documents: &[StoredDocument],
    _applicant: &Applicant,
) -> Result<Findings> {
    let mut findings = Findings::default();
    let scope = record.scope;
    for doc in documents {
        let purpose = doc.document_type.purpose();
        let (file, bytes) = engine.files().read(scope, doc.file_id).await?;
        let sniffed = file.sniffed_type.clone();
        let (signs, dhash) = tokio::task::spawn_blocking(move || {
            let (pdf, software) = crate::kyb::pdf::file_facts(&sniffed, &bytes);
            let signs = crate::kyb::pdf::editing_signs(pdf.as_ref(), software.as_deref());
            let dhash = images::decode(&bytes).map(|p| images::dhash(&p));
            (signs, dhash)
        })
        .await
        .map_err(|e| crate::Error::Storage(e.to_string()))?;
        if !signs.is_empty() {
            findings.add(purpose, if signs.iter().any(|s| s.contains("incremental")) { 501 } else { 500 });
        }
        if let Some(code) = &doc.issued_country
            && purpose == Purpose::Poi
            && let Some(country) = crate::countries::by_alpha_3(code)
            && let Ok(cc) = crate::values::CountryCode::parse(country.alpha_2)
            && !record.settings.accepts_country(&cc)
        {
            findings.add(purpose, 3101);
        }
        if !record.settings.disable_cross_check_by_photo {
            let (applicant, sha) = (record.applicant_id, doc.sha256.clone());
            let (exact, near) = engine
                .core
                .db
                .read(move |conn| store::duplicates(conn, scope, applicant, &sha, dhash, images::SAME_PICTURE_BITS))
                .await?;
            if !exact.is_empty() {
                findings.add(purpose, 7001);
            }
            if !near.is_empty() {
                findings.add(purpose, 7002);
            }
            for a in exact.into_iter().chain(near) {
                if !findings.duplicated.contains(&a) {
                    findings.duplicated.push(a);
                }
            }
        }
    }
    findings.duplicated.sort();
    Ok(findings)
}
