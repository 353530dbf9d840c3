//! The sandbox's simulation: deterministic outcomes, chosen by the caller.
//!
//! `sandbox_result` on create decides first: its `errors` fail the checks they name (with those
//! codes) and its `status` is the final status. Without it, magic words in the uploaded files'
//! names decide (case-insensitive, documented in the API reference):
//!
//! | file of | name contains | outcome |
//! |---|---|---|
//! | identity document | `expired` | `document_mrz` and `document_ocr` fail, 3001 |
//! | identity document | `tampered` | `document_ocr` fails, 500 |
//! | identity document | `unreadable` | `document_mrz` fails, 1001 |
//! | identity document | `bad_mrz` | `document_mrz` fails, 2001 |
//! | identity document | `underage` | `document_ocr` fails, 3201 |
//! | selfie | `mismatch` | `face_comparison` fails, 4001 |
//! | liveness photo | `spoof` | `liveness` fails, 5001 |
//! | proof of address | `old` | `poa` fails, 4501 |
//!
//! Anything else passes. A file whose name contains `manual_review` turns the simulation off
//! for its verification: what production cannot check offline waits for a reviewer, as it does
//! in production, so that the review (and its undo minute, on the sandbox clock) can be tried.
//! The checks Docket makes for real in both environments (the same file
//! or picture sent for another applicant, the profile's countries) run before the simulation
//! and their failures stand. The data read from the document (`poi_data`, the MRZ's fields) is
//! made from the applicant's data, so a demo shows the person it was created for.

use serde_json::json;

use super::codes;
use super::document::{DocumentType, Purpose};
use super::model::{CheckError, CheckResult, CheckStatus, PoiData, SandboxResult, StoredDocument};
use super::profile::CheckStep;
use crate::applicants::Applicant;

/// Magic words by the purpose of the file they are in: (purpose, word, failing steps, code).
const MAGIC: &[(Purpose, &str, &[CheckStep], u32)] = &[
    (Purpose::Poi, "expired", &[CheckStep::DocumentMrz, CheckStep::DocumentOcr], 3001),
    (Purpose::Poi, "tampered", &[CheckStep::DocumentOcr], 500),
    (Purpose::Poi, "unreadable", &[CheckStep::DocumentMrz], 1001),
    (Purpose::Poi, "bad_mrz", &[CheckStep::DocumentMrz], 2001),
    (Purpose::Poi, "underage", &[CheckStep::DocumentOcr], 3201),
    (Purpose::Face, "mismatch", &[CheckStep::FaceComparison], 4001),
    (Purpose::Face, "spoof", &[CheckStep::Liveness], 5001),
    (Purpose::Poa, "old", &[CheckStep::Poa], 4501),
];

/// The word in a file's name that leaves a sandbox verification to a reviewer.
const MANUAL_REVIEW: &str = "manual_review";

/// Whether a file named `manual_review` asks for production's review instead of the simulation.
pub(crate) fn leaves_to_reviewer(documents: &[StoredDocument]) -> bool {
    documents.iter().any(|d| d.file_name.as_deref().is_some_and(|n| n.to_lowercase().contains(MANUAL_REVIEW)))
}

/// The simulated errors of each step.
pub(crate) fn errors(
    steps: &[CheckStep],
    documents: &[StoredDocument],
    result: Option<&SandboxResult>,
) -> Vec<(CheckStep, Vec<CheckError>)> {
    steps
        .iter()
        .map(|&step| {
            let errors = match result {
                Some(r) => r.errors.get(&step).map(|cs| cs.iter().filter_map(|c| codes::error(*c)).collect()),
                None => None,
            };
            let errors = errors.unwrap_or_else(|| magic(step, documents));
            (step, errors)
        })
        .collect()
}

fn magic(step: CheckStep, documents: &[StoredDocument]) -> Vec<CheckError> {
    let mut found = Vec::new();
    for (purpose, word, failing, code) in MAGIC {
        if !failing.contains(&step) {
            continue;
        }
        let hit = documents.iter().any(|d| {
            d.document_type.purpose() == *purpose
                && (*purpose != Purpose::Face || word_fits(word, d.document_type))
                && d.file_name.as_deref().is_some_and(|n| n.to_lowercase().contains(word))
        });
        if hit && !found.iter().any(|e: &CheckError| e.code == *code) {
            found.push(codes::known(*code));
        }
    }
    found
}

/// `mismatch` is read on selfies, `spoof` on liveness photos.
fn word_fits(word: &str, t: DocumentType) -> bool {
    match word {
        "spoof" => t.base() == DocumentType::LivenessPhoto,
        _ => true,
    }
}

/// The final status `sandbox_result` asks for, if any; else passed when no step failed.
pub(crate) fn verified(result: Option<&SandboxResult>, any_failed: bool) -> bool {
    match result.and_then(|r| r.status) {
        Some(super::VerificationStatus::Verified) => true,
        Some(_) => false,
        None => !any_failed,
    }
}

/// A finished step's result in the sandbox.
pub(crate) fn result(errors: Vec<CheckError>, data: Option<serde_json::Value>) -> CheckResult {
    CheckResult {
        status: if errors.is_empty() { CheckStatus::Verified } else { CheckStatus::Failed },
        errors,
        pending_documents: Vec::new(),
        data,
        decided_by: Some("sandbox".to_owned()),
        note: None,
    }
}

/// The data the simulated reading of the identity document gives, from the applicant's data
/// (names, date of birth, citizenship) and a document number derived from the verification.
pub(crate) fn poi_data(applicant: &Applicant, document: DocumentType, seed: &str, expired: bool) -> PoiData {
    let info = &applicant.system_info;
    let full = info.display_name().unwrap_or_else(|| "Sandbox Person".to_owned());
    let (name, surname) = match (&info.first_name, &info.last_name) {
        (Some(f), Some(l)) => (f.clone(), l.clone()),
        _ => match full.rsplit_once(' ') {
            Some((f, l)) => (f.to_owned(), l.to_owned()),
            None => (full.clone(), String::new()),
        },
    };
    let country = info
        .citizenship
        .as_ref()
        .or(info.country.as_ref())
        .and_then(|c| crate::countries::by_alpha_2(c.as_str()))
        .map_or("UTO", |c| c.alpha_3);
    let digits: u64 = seed.bytes().fold(1469598103934665603u64, |h, b| (h ^ u64::from(b)).wrapping_mul(1099511628211));
    PoiData {
        parsed_type: Some(document.base()),
        has_mrz: Some(document.has_mrz()),
        raw_mrz_type: document
            .has_mrz()
            .then(|| if document.base() == DocumentType::Passport { "P" } else { "I" }.to_owned()),
        country: Some(country.to_owned()),
        full_name: Some(full),
        name: Some(name.to_uppercase()),
        surname: Some(surname.to_uppercase()),
        document_number: Some(format!("S{:08}", digits % 100_000_000)),
        nationality: Some(country.to_owned()),
        birth_date: info.dob.as_ref().map(|d| d.0.to_string()).or_else(|| Some("1990-01-01".to_owned())),
        sex: info.gender.map(|g| if g == crate::applicants::Gender::F { "F" } else { "M" }.to_owned()),
        expiry_date: Some(if expired { "2020-01-31" } else { "2031-01-31" }.to_owned()),
        issue_date: Some(if expired { "2010-02-01" } else { "2021-02-01" }.to_owned()),
    }
}

/// The `document_mrz` data as the public service shows it (`YYMMDD` dates).
pub(crate) fn mrz_data(poi: &PoiData) -> serde_json::Value {
    let yymmdd = |d: &Option<String>| d.as_deref().map(|d| d.replace('-', "").get(2..).unwrap_or_default().to_owned());
    json!({
        "document_type": if poi.raw_mrz_type.as_deref() == Some("P") { "Passport" } else { "ID" },
        "country": poi.country,
        "name": poi.name,
        "surname": poi.surname,
        "doc_number": poi.document_number,
        "nationality": poi.nationality,
        "birth_date": yymmdd(&poi.birth_date),
        "sex": poi.sex,
        "expiry_date": yymmdd(&poi.expiry_date),
    })
}
