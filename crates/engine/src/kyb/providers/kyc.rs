//! Production's `kyc`: a person's identity is verified through document verification. Each
//! person the check fans out to (the representative, directors, beneficial owners) gets a person
//! applicant of their own (external id `kyb-<case>-person-<n>`, filled from the form) and a
//! verification with the default profile; the check waits, looking again every few minutes on
//! the environment's clock, and shows the verification's hosted page to send the person. The
//! verification's outcome decides: `verified` passes (low), `failed` is high `not_verified` with
//! its findings, and one that expired or was canceled before it finished is medium
//! `needs_review`. Nothing is passed before the person's documents were checked.

use jiff::SignedDuration;
use serde_json::json;

use super::{CheckInput, Finding, Ran};
use crate::Actor;
use crate::Engine;
use crate::applicants::NewApplicant;
use crate::error::{Error, Result};
use crate::kyb::summary::Severity;
use crate::page::PageRequest;
use crate::verifications::{NewVerification, Verification, VerificationFilter, VerificationStatus};

/// How often a waiting check looks at its verification again.
const LOOK_AGAIN: SignedDuration = SignedDuration::from_mins(5);
/// How long a person has to complete their verification (a week).
const VERIFICATION_MINUTES: i64 = 10_080;

pub(super) async fn run(engine: &Engine, input: &CheckInput<'_>) -> Result<Ran> {
    let scope = input.case.scope;
    let Some(person) = person_json(input) else {
        return Ok(Ran::Finished(Finding::error(
            format!("`{}` names no person of the case", input.subject.key),
            json!({}),
        )));
    };
    let external_id = format!("kyb-{}-{}", input.case.public_id, input.subject.key.replace(':', "-"));
    let applicants = engine.applicants();
    let applicant = match applicants.get_by_external_id(scope, &external_id).await {
        Ok(a) => a,
        Err(Error::NotFound { .. }) => {
            let mut new = person;
            new["external_id"] = json!(external_id);
            let new: NewApplicant = serde_json::from_value(new)?;
            applicants.create(scope, new).await?
        }
        Err(e) => return Err(e),
    };
    let verifications = engine.verifications();
    let filter = VerificationFilter { applicant_id: Some(applicant.applicant_id), ..VerificationFilter::default() };
    let latest = verifications.list(scope, filter, PageRequest { page: 0, limit: 1 }).await?.data.into_iter().next();
    let verification = match latest {
        Some(v) => v,
        None => {
            let new = NewVerification {
                applicant_id: Some(applicant.applicant_id),
                expiration_minutes: Some(VERIFICATION_MINUTES),
                ..NewVerification::default()
            };
            verifications.create(scope, new, Actor::Pipeline).await?
        }
    };
    Ok(outcome(&input.subject.name, &verification))
}

fn evidence(v: &Verification) -> serde_json::Value {
    json!({
        "applicant_id": v.applicant_id,
        "verification_id": v.id,
        "verification_url": v.verification_url,
        "status": v.status,
        "document_type": v.document_type,
        "checks": v.checks,
    })
}

/// The check's result for the verification's state.
fn outcome(name: &str, v: &Verification) -> Ran {
    match v.status {
        VerificationStatus::Verified => Ran::Finished(Finding::done(
            Severity::Low,
            "verified",
            format!("{name}'s identity was verified by document verification {}", v.verification_url_id),
            evidence(v),
        )),
        VerificationStatus::Failed => {
            let codes: Vec<String> =
                v.checks.values().flat_map(|c| c.errors.iter().map(|e| format!("{} {}", e.code, e.message))).collect();
            Ran::Finished(Finding::done(
                Severity::High,
                "not_verified",
                format!("{name}'s document verification failed: {}", codes.join("; ")),
                evidence(v),
            ))
        }
        VerificationStatus::Expired | VerificationStatus::Canceled => Ran::Finished(Finding::done(
            Severity::Medium,
            "needs_review",
            format!("{name}'s document verification {} without an outcome", v.status.as_str()),
            evidence(v),
        )),
        VerificationStatus::Initial | VerificationStatus::Pending | VerificationStatus::InProgress => Ran::Waiting {
            summary: format!(
                "waiting for {name}'s document verification ({}): send them {}",
                v.status.as_str(),
                v.verification_url
            ),
            evidence: evidence(v),
            again_in: LOOK_AGAIN,
        },
    }
}

/// The person of the subject (`person:0` is the representative, `person:<n>` the n-th of
/// ownership) as a new applicant's JSON.
fn person_json(input: &CheckInput<'_>) -> Option<serde_json::Value> {
    let form = &input.case.form;
    let index: usize = input.subject.key.strip_prefix("person:")?.parse().ok()?;
    let line = |l: &Option<crate::values::Line>| l.as_ref().map(|l| l.as_str().to_owned());
    let (first, last, dob, nationality, email) = if index == 0 {
        let r = &form.representative;
        (line(&r.first_name), line(&r.last_name), r.date_of_birth, r.nationality.clone(), r.email.clone())
    } else {
        let p = form.ownership.persons.get(index - 1)?;
        (line(&p.first_name), line(&p.last_name), p.date_of_birth, p.nationality.clone(), None)
    };
    Some(json!({
        "email": email.map(|e| e.as_str().to_owned()),
        "info": {
            "first_name": first,
            "last_name": last,
            "dob": dob.map(|d| d.to_string()),
            "citizenship": nationality.map(|c| c.as_str().to_owned()),
        },
    }))
}
