//! The sandbox's simulated providers: deterministic, each outcome chosen by a documented magic
//! value (the API reference's table), everything else a clean pass.
//!
//! - `registry`, `cross_check`, `agentic_verification`: the last four digits of the
//!   registration number;
//! - `tin`: the TIN's last digit, read as the IRS TIN Matching code it simulates;
//! - `document_verification`, `doc_manipulation`: words in an uploaded file's name;
//! - `kyc`: the person's last name.
//!
//! (`aml_company` and `aml_person` run the real AML engine over the sandbox's demo list.)

use serde_json::json;

use super::{CheckInput, Finding};
use crate::kyb::summary::{CheckType, Severity};

/// Whether the case's registration number ends with one of the magic suffixes.
pub(super) fn magic_number(case: &crate::kyb::model::Case) -> bool {
    let number = case.form.company.registration_number.as_ref().map(|n| n.as_str()).unwrap_or_default();
    let digits: String = number.chars().filter(char::is_ascii_alphanumeric).collect();
    ["0000", "1111", "2222", "3333", "4444", "5555", "6666", "9990", "9997", "9998", "9999"]
        .iter()
        .any(|m| digits.ends_with(m))
}

/// How many seconds of the sandbox clock a check takes.
pub(super) fn seconds(check_type: CheckType) -> i64 {
    match check_type {
        CheckType::AmlCompany | CheckType::AmlPerson => 1,
        CheckType::Registry | CheckType::Tin => 2,
        CheckType::DocumentVerification | CheckType::DocManipulation => 3,
        CheckType::Kyc | CheckType::CrossCheck => 4,
        CheckType::AgenticVerification => 5,
        CheckType::BusinessRiskScore => 0,
    }
}

pub(super) fn run(input: &CheckInput<'_>) -> Finding {
    let company = &input.case.form.company;
    let number = company.registration_number.as_ref().map(|n| n.as_str()).unwrap_or_default();
    let name = company.legal_name.as_ref().map(|n| n.as_str()).unwrap_or_default();
    let suffix = number.chars().filter(char::is_ascii_alphanumeric).collect::<String>();
    let ends = |s: &str| suffix.ends_with(s);
    let evidence = |extra: serde_json::Value| {
        let mut e = json!({ "simulated": true, "registration_number": number, "legal_name": name });
        if let (Some(e), Some(extra)) = (e.as_object_mut(), extra.as_object()) {
            e.extend(extra.clone());
        }
        e
    };
    match input.check_type {
        CheckType::Registry => {
            if ends("0000") {
                Finding::done(
                    Severity::High,
                    "not_found",
                    format!("No company numbered {number} is registered"),
                    evidence(json!({})),
                )
            } else if ends("1111") {
                Finding::done(
                    Severity::High,
                    "inactive",
                    format!("{name} ({number}) is dissolved in the registry"),
                    evidence(json!({ "registry_status": "dissolved" })),
                )
            } else if ends("2222") {
                Finding::done(
                    Severity::Medium,
                    "name_mismatch",
                    format!("{number} is registered under another name: {name} Holdings"),
                    evidence(json!({ "registry_status": "active", "registered_name": format!("{name} Holdings") })),
                )
            } else if ends("9999") {
                Finding::error("the registry did not answer (simulated outage)", evidence(json!({})))
            } else if ends("9990") && input.attempt == 1 {
                // A passing outage: the registry answers when the check is run again.
                Finding::error("the registry timed out (simulated; it answers when run again)", evidence(json!({})))
            } else {
                Finding::done(
                    Severity::Low,
                    "active",
                    format!("{name} ({number}) is registered and active"),
                    evidence(json!({ "registry_status": "active", "registered_name": name })),
                )
            }
        }
        CheckType::CrossCheck => {
            let fields = |address_differs: bool, officers_differ: bool| json!({ "fields": cross_fields(input, address_differs, officers_differ), "documents": cross_documents(input, address_differs && officers_differ) });
            if ends("3333") {
                Finding::done(
                    Severity::High,
                    "mismatch",
                    "The declared address and officers differ from the registry and the documents",
                    evidence(fields(true, true)),
                )
            } else if ends("4444") {
                Finding::done(
                    Severity::Medium,
                    "partial_match",
                    "The declared address differs from the registered one",
                    evidence(fields(true, false)),
                )
            } else if ends("9998") {
                Finding::error("the comparison could not run (simulated failure)", evidence(json!({})))
            } else {
                Finding::done(
                    Severity::Low,
                    "match",
                    "The declared data matches the registry and the documents",
                    evidence(fields(false, false)),
                )
            }
        }
        CheckType::AgenticVerification => {
            if ends("5555") {
                Finding::done(
                    Severity::High,
                    "adverse_findings",
                    "Public sources report the business as a front company",
                    evidence(json!({})),
                )
            } else if ends("6666") {
                Finding::done(
                    Severity::Medium,
                    "inconclusive",
                    "The website and the declared activity do not agree",
                    evidence(json!({})),
                )
            } else if ends("9997") {
                Finding::error("the research service did not answer (simulated outage)", evidence(json!({})))
            } else {
                Finding::done(
                    Severity::Low,
                    "consistent",
                    "Public sources agree with the declared business",
                    evidence(json!({})),
                )
            }
        }
        CheckType::Tin => tin(input),
        CheckType::DocumentVerification | CheckType::DocManipulation => documents(input),
        CheckType::Kyc => kyc(input),
        // Screening runs through the AML engine and the risk score through the risk model;
        // neither reaches a simulated provider.
        CheckType::AmlCompany | CheckType::AmlPerson | CheckType::BusinessRiskScore => {
            Finding::error("this check type has no simulated provider", json!({}))
        }
    }
}

/// The simulated registry's side of a cross-check, field by field with both values: the legal
/// name as declared; the address as declared, or (when it differs) the same street under
/// another house number; the officers (the declared directors, or the representative) as
/// declared, or (when they differ) all but the first and someone not declared.
fn cross_fields(input: &CheckInput<'_>, address_differs: bool, officers_differ: bool) -> serde_json::Value {
    let company = &input.case.form.company;
    let address = company.address.clone().unwrap_or_default();
    let line = |v: &Option<crate::values::Line>| v.as_ref().map(|l| l.as_str().to_owned()).unwrap_or_default();
    let (street, postal, city) = (line(&address.street), line(&address.postal_code), line(&address.city));
    let place = format!("{postal} {city}");
    let one_line =
        |street: &str| [street, place.trim()].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(", ");
    let declared_address = one_line(&street);
    let registered_address = if address_differs { one_line(&other_house(&street)) } else { declared_address.clone() };
    let people = crate::kyb::people::humans(&input.case.form);
    let mut declared_officers: Vec<String> = people
        .iter()
        .filter(|h| h.roles.contains(&crate::kyb::PersonRole::Director) && !h.name.is_empty())
        .map(|h| h.name.clone())
        .collect();
    if declared_officers.is_empty() {
        declared_officers.extend(people.first().map(|h| h.name.clone()).filter(|n| !n.is_empty()));
    }
    let registered_officers: Vec<String> = if officers_differ {
        declared_officers.iter().skip(1).cloned().chain(["Marie Registre".to_owned()]).collect()
    } else {
        declared_officers.clone()
    };
    let name = line(&company.legal_name);
    let result = |differs: bool| if differs { "mismatch" } else { "match" };
    json!({
        "legal_name": { "declared": name, "registry": name, "result": "match" },
        "address": { "declared": declared_address, "registry": registered_address, "result": result(address_differs) },
        "officers": { "declared": declared_officers, "registry": registered_officers, "result": result(officers_differ) },
    })
}

/// The simulated documents' side: the declared address is in the proof of address, unless the
/// simulation says the documents differ too.
fn cross_documents(input: &CheckInput<'_>, differs: bool) -> serde_json::Value {
    let proofs: Vec<String> = input
        .documents
        .iter()
        .filter(|(kind, _)| *kind == crate::kyb::DocumentKind::ProofOfAddress)
        .filter_map(|(_, f)| f.original_name.clone())
        .collect();
    if proofs.is_empty() {
        return json!({});
    }
    let address = input.case.form.company.address.clone().unwrap_or_default();
    let declared = address.street.as_ref().map(|l| l.as_str().to_owned());
    let (found_in, result) = if differs { (vec![], "not_found") } else { (proofs, "match") };
    json!({ "address": { "declared": declared, "found_in": found_in, "result": result } })
}

/// The same street under another house number (`12 Rue de la Paix` → `48 Rue de la Paix`).
fn other_house(street: &str) -> String {
    let start = street.find(|c: char| c.is_ascii_digit());
    match start {
        Some(at) => {
            let digits: String = street[at..].chars().take_while(char::is_ascii_digit).collect();
            let number: u32 = digits.parse().unwrap_or(0);
            format!("{}{}{}", &street[..at], number + 36, &street[at + digits.len()..])
        }
        None => format!("Unit 2, {street}"),
    }
}

/// An IRS TIN Matching answer, by the TIN's last digit.
pub(crate) struct TinAnswer {
    /// The IRS code (0 to 8), or none for a provider failure.
    pub(crate) code: Option<u8>,
    pub(crate) status: &'static str,
    pub(crate) reason: &'static str,
}

/// The simulated IRS answer for a 9-digit TIN: its last digit is the code (0, 6, 7, 8 match; 2
/// and 3 do not; 1 and 4 are invalid requests; 5, a duplicate, answers as a match on an EIN);
/// a last digit of 9 simulates the IRS service being unavailable.
pub(crate) fn tin_answer(tin: &str) -> TinAnswer {
    let last = tin.chars().last().and_then(|c| c.to_digit(10)).unwrap_or(1);
    let (code, status, reason) = match last {
        0 => (Some(0), "TIN Matched", "TIN and Name combination matches IRS records"),
        1 => (Some(1), "Invalid TIN", "TIN was missing or TIN not 9-digit numeric"),
        2 => (Some(2), "TIN Not Issued", "TIN entered is not currently issued"),
        3 => (Some(3), "Did Not Match", "TIN and Name combination does not match IRS records"),
        4 => (Some(4), "Invalid Request", "Invalid TIN Matching request"),
        6 => (Some(6), "TIN Matched", "TIN and Name combination matches IRS SSN records"),
        8 => (Some(8), "TIN Matched", "TIN and Name combination matches both IRS SSN and EIN records"),
        9 => (None, "Unavailable", "The IRS TIN Matching service did not answer"),
        _ => (Some(7), "TIN Matched", "TIN and Name combination matches IRS EIN records"),
    };
    TinAnswer { code, status, reason }
}

fn tin(input: &CheckInput<'_>) -> Finding {
    let company = &input.case.form.company;
    let Some(tin) = company.tin.as_ref().map(|t| t.as_str().replace(['-', ' '], "")) else {
        return Finding::error("no TIN was given for the company", json!({ "simulated": true }));
    };
    let answer = tin_answer(&tin);
    let evidence = json!({ "simulated": true, "tin": tin, "irs_code": answer.code, "status": answer.status, "irs_reason": answer.reason });
    match answer.code {
        None | Some(1) | Some(4) => Finding::error(format!("{}: {}", answer.status, answer.reason), evidence),
        Some(6) => Finding::done(
            Severity::Medium,
            "matched_individual",
            format!("{} (an individual's number, not the business's)", answer.reason),
            evidence,
        ),
        Some(2) => Finding::done(Severity::High, "not_issued", answer.reason, evidence),
        Some(3) => Finding::done(Severity::High, "mismatch", answer.reason, evidence),
        Some(_) => Finding::done(Severity::Low, "match", answer.reason, evidence),
    }
}

fn documents(input: &CheckInput<'_>) -> Finding {
    let names: Vec<String> =
        input.documents.iter().map(|(_, f)| f.original_name.clone().unwrap_or_default().to_lowercase()).collect();
    let any = |word: &str| names.iter().find(|n| n.contains(word)).cloned();
    let evidence = |file: Option<String>| json!({ "simulated": true, "files": names, "file": file });
    if input.check_type == CheckType::DocumentVerification {
        if let Some(f) = any("doc-error") {
            Finding::error("the document service did not answer (simulated outage)", evidence(Some(f)))
        } else if let Some(f) = any("invalid") {
            Finding::done(
                Severity::High,
                "invalid_document",
                format!("{f} is not a valid corporate document"),
                evidence(Some(f)),
            )
        } else if let Some(f) = any("unreadable") {
            Finding::done(Severity::Medium, "unreadable", format!("{f} could not be read in full"), evidence(Some(f)))
        } else {
            Finding::done(
                Severity::Low,
                "verified",
                "The documents are genuine and match the declared company",
                evidence(None),
            )
        }
    } else if let Some(f) = any("manip-error") {
        Finding::error("the forensic service did not answer (simulated outage)", evidence(Some(f)))
    } else if let Some(f) = any("edited") {
        Finding::done(Severity::High, "manipulated", format!("{f} was edited after it was issued"), evidence(Some(f)))
    } else if let Some(f) = any("suspicious") {
        Finding::done(Severity::Medium, "suspicious", format!("{f} shows signs of editing"), evidence(Some(f)))
    } else {
        Finding::done(Severity::Low, "no_manipulation", "No sign of editing was found", evidence(None))
    }
}

fn kyc(input: &CheckInput<'_>) -> Finding {
    let name = &input.subject.name;
    let last = name.rsplit(' ').next().unwrap_or_default().to_lowercase();
    let evidence = json!({ "simulated": true, "person": name });
    match last.as_str() {
        "rejected" => {
            Finding::done(Severity::High, "not_verified", format!("{name}'s identity could not be verified"), evidence)
        }
        "review" => {
            Finding::done(Severity::Medium, "needs_review", format!("{name}'s document needs a closer look"), evidence)
        }
        "error" => Finding::error("the identity service did not answer (simulated outage)", evidence),
        _ => Finding::done(Severity::Low, "verified", format!("{name}'s identity is verified"), evidence),
    }
}
