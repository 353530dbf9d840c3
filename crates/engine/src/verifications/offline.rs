//! The checks Docket makes for real on a verification's documents, in both environments, and
//! what production leaves to a reviewer.
//!
//! Checked offline: each file's signs of editing in its metadata (500/501); the same file, or
//! a picture within a few bits of the same difference hash, sent for another applicant of the
//! environment (7001/7002, `duplicated_applicant_ids`; off with `disable_cross_check_by_photo`);
//! the identity document's issuing country against the profile's countries (3101); and the
//! machine-readable zone of an identity document whose PDF carries a text layer (a born-digital
//! document or an OCR'd scan): every ICAO 9303 check digit (2001), the expiry date (3001), the
//! age (3201) and the name and date of birth against the applicant's (3102). A valid zone
//! passes `document_mrz` and fills `poi_data`.
//!
//! Not checked offline, and said so on the check (`note`) for a reviewer: reading an identity
//! document's pictures (OCR of photos is not reliable enough on the MRZ's OCR-B without a
//! trained model Debian does not ship, so Docket does not pretend), comparing faces, liveness,
//! and what a proof of address says. A production verification waits in `in_progress` until a reviewer records
//! those outcomes; nothing is passed without someone having looked.

use super::document::Purpose;
use super::model::{CheckError, CheckResult, CheckStatus, PoiData, StoredDocument};
use super::profile::CheckStep;
use super::store::{self, Record};
use super::{codes, images};
use crate::Engine;
use crate::applicants::{Applicant, ApplicantId};
use crate::error::Result;

mod mrz {
    //! What a machine-readable zone tells about an identity document.

    use docket_mrz::{Mrz, MrzError};
    use serde_json::json;

    use super::{Findings, Purpose};
    use crate::applicants::Applicant;
    use crate::verifications::document::DocumentType;
    use crate::verifications::model::PoiData;

    fn yymmdd(d: docket_mrz::MrzDate) -> String {
        format!("{:02}{:02}{:02}", d.yy, d.month, d.day)
    }

    fn date((y, m, d): (i32, u8, u8)) -> Option<jiff::civil::Date> {
        jiff::civil::Date::new(i16::try_from(y).ok()?, i8::try_from(m).ok()?, i8::try_from(d).ok()?).ok()
    }

    /// Checks a zone found on the identity document and keeps what it says.
    pub(super) fn check(
        findings: &mut Findings,
        zone: Result<Mrz, MrzError>,
        document: DocumentType,
        applicant: &Applicant,
        today: jiff::civil::Date,
    ) {
        let Ok(zone) = zone else {
            findings.add(Purpose::Poi, 2001);
            return;
        };
        if !zone.is_valid() {
            findings.add(Purpose::Poi, 2001);
            return;
        }
        let year = i32::from(today.year());
        let birth = date(zone.birth_date(year));
        let expiry = date(zone.expiry_date(year));
        if expiry.is_some_and(|e| e < today) {
            findings.add(Purpose::Poi, 3001);
        }
        if let Some(b) = birth
            && let Ok(age) = b.until((jiff::Unit::Year, today))
            && age.get_years() < 18
        {
            findings.add(Purpose::Poi, 3201);
        }
        let info = &applicant.system_info;
        let fold = |s: &str| crate::values::fold(s).replace(|c: char| !c.is_ascii_alphanumeric(), "");
        let surname_differs = info.last_name.as_deref().is_some_and(|l| fold(l) != fold(&zone.surname));
        let birth_differs = info.dob.as_ref().zip(birth).is_some_and(|(d, b)| d.0 != b);
        if surname_differs || birth_differs {
            findings.add(Purpose::Poi, 3102);
        }
        let iso = |d: Option<jiff::civil::Date>| d.map(|d| d.to_string());
        let title = crate::values::title_case;
        findings.poi_data = Some(PoiData {
            parsed_type: Some(document.base()),
            has_mrz: Some(true),
            raw_mrz_type: Some(zone.document_code.clone()),
            country: Some(zone.issuing_state.clone()),
            full_name: Some(format!("{} {}", title(&zone.given_names), title(&zone.surname)).trim().to_owned()),
            name: Some(title(&zone.given_names)),
            surname: Some(title(&zone.surname)),
            document_number: Some(zone.document_number.clone()),
            nationality: Some(zone.nationality.clone()),
            birth_date: iso(birth),
            sex: Some(zone.sex.to_string()),
            expiry_date: iso(expiry),
            issue_date: None,
        });
        findings.mrz = Some(json!({
            "format": zone.format.as_str(),
            "document_type": if zone.document_code.starts_with('P') { "Passport" } else { "ID" },
            "country": zone.issuing_state,
            "name": zone.given_names,
            "surname": zone.surname,
            "doc_number": zone.document_number,
            "nationality": zone.nationality,
            // `YYMMDD`, as the zone writes them (and as the public service's example shows).
            "birth_date": yymmdd(zone.birth_date),
            "sex": zone.sex.to_string(),
            "expiry_date": yymmdd(zone.expiry_date),
            "check_digits": "valid",
        }));
    }
}

/// What the real checks found.
#[derive(Debug, Default)]
pub(crate) struct Findings {
    /// Errors by the purpose of the document they were found on.
    by_purpose: Vec<(Purpose, CheckError)>,
    pub(crate) duplicated: Vec<ApplicantId>,
    pub(crate) poi_data: Option<PoiData>,
    /// The fields of a valid machine-readable zone, for `document_mrz`'s `data`.
    pub(crate) mrz: Option<serde_json::Value>,
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

    /// Production's result of a step: failed on a finding, passed for a valid MRZ read from
    /// the document, else waiting for a reviewer.
    pub(crate) fn result_of(&self, step: CheckStep) -> CheckResult {
        let errors = self.errors_of(step);
        let data = if step == CheckStep::DocumentMrz { self.mrz.clone() } else { None };
        if !errors.is_empty() || data.is_some() {
            return CheckResult {
                status: if errors.is_empty() { CheckStatus::Verified } else { CheckStatus::Failed },
                errors,
                pending_documents: Vec::new(),
                data,
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
    applicant: &Applicant,
) -> Result<Findings> {
    let mut findings = Findings::default();
    let scope = record.scope;
    for doc in documents {
        let purpose = doc.document_type.purpose();
        let (file, bytes) = engine.files().read(scope, doc.file_id).await?;
        let sniffed = file.sniffed_type.clone();
        let (signs, zone) = tokio::task::spawn_blocking(move || {
            let (pdf, software) = crate::kyb::pdf::file_facts(&sniffed, &bytes);
            let signs = crate::kyb::pdf::editing_signs(pdf.as_ref(), software.as_deref());
            let zone = pdf.and_then(|p| docket_mrz::find(&p.text));
            (signs, zone)
        })
        .await
        .map_err(|e| crate::Error::Storage(e.to_string()))?;
        if !signs.is_empty() {
            findings.add(purpose, if signs.iter().any(|s| s.contains("incremental")) { 501 } else { 500 });
        }
        if purpose == Purpose::Poi
            && let Some(zone) = zone
        {
            mrz::check(&mut findings, zone, doc.document_type, applicant, engine.now(scope).date());
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
            let (applicant, sha, document) = (record.applicant_id, doc.sha256.clone(), doc.document_id);
            let (exact, near) = engine
                .core
                .db
                .read(move |conn| {
                    // The picture's hash was computed when it was uploaded.
                    let dhash = store::picture_hash(conn, document)?;
                    store::duplicates(conn, scope, applicant, &sha, dhash, images::SAME_PICTURE_BITS)
                })
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
