//! The steps of a check, decided without I/O: the number read by `docket-nationalid`, its
//! encoded birth date and sex against the applicant's, and the registry's answer (the sandbox's
//! simulation, or production's "cannot be reached offline").

use docket_nationalid::{CheckDigit, Day, Identifier, Invalid, Kind};
use serde_json::json;

use super::model::{CheckStatus, Encoded, Step, StepName, StepStatus};
use super::sandbox::Outcome;
use crate::applicants::Gender;

/// What the applicant says of itself.
#[derive(Debug, Clone, Default)]
pub(crate) struct Applicant {
    pub(crate) name: Option<String>,
    pub(crate) dob: Option<jiff::civil::Date>,
    pub(crate) gender: Option<Gender>,
}

/// Who answers for the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Registry {
    /// Production: no issuer's registry is reachable offline.
    Offline,
    /// The sandbox's deterministic simulation, by the number's magic characters.
    Sandbox,
}

/// A check's steps and what follows from them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Evaluated {
    pub(crate) steps: Vec<Step>,
    pub(crate) status: CheckStatus,
    pub(crate) encoded: Option<Encoded>,
    /// The number as kept: all but its last four characters masked.
    pub(crate) masked: String,
}

fn step(step: StepName, status: StepStatus, message: impl Into<String>, evidence: Option<serde_json::Value>) -> Step {
    Step { step, status, message: message.into(), evidence }
}

/// Whose registry a kind's registry is, in words.
pub(crate) fn registry_name(kind: Kind) -> String {
    match kind {
        Kind::NgBvn => "the BVN registry (NIBSS)".to_owned(),
        Kind::NgNin => "the national identity database (NIMC)".to_owned(),
        _ => format!("the issuer's registry of the {}", kind.name()),
    }
}

fn sex_of(g: Gender) -> &'static str {
    match g {
        Gender::M => "M",
        Gender::F => "F",
    }
}

/// Every step of checking `number` as `kind` for `applicant`, on `today`.
pub(crate) fn evaluate(kind: Kind, number: &str, applicant: &Applicant, registry: Registry, today: Day) -> Evaluated {
    let read = docket_nationalid::check(kind, number, today);
    let masked = match &read {
        Ok(id) => id.masked(),
        Err(_) => docket_nationalid::mask(&number.chars().filter(|c| !c.is_whitespace()).collect::<String>()),
    };
    let mut steps = Vec::with_capacity(5);
    // Format, then check digits: a wrong check digit is a well-formed number.
    match &read {
        Err(Invalid::CheckDigit) | Ok(_) => {
            steps.push(step(StepName::Format, StepStatus::Passed, format!("well formed as a {}", kind.name()), None));
            steps.push(match (&read, kind.has_check_digit()) {
                (_, false) => step(
                    StepName::CheckDigits,
                    StepStatus::NotApplicable,
                    format!("a {} has no public check digit: only its format is checked", kind.name()),
                    None,
                ),
                (Ok(id), true) if id.check_digit == CheckDigit::Verified => {
                    step(StepName::CheckDigits, StepStatus::Passed, "the check digits are right", None)
                }
                _ => step(
                    StepName::CheckDigits,
                    StepStatus::Failed,
                    e_or_default(&read),
                    Some(json!({"code": "check_digit"})),
                ),
            });
        }
        Err(e) => {
            steps.push(step(
                StepName::Format,
                StepStatus::Failed,
                format!("not a {}: {e}", kind.name()),
                Some(json!({"code": e.code()})),
            ));
            steps.push(step(
                StepName::CheckDigits,
                StepStatus::Skipped,
                "not run: the number is not well formed",
                None,
            ));
        }
    }
    let id = read.ok();
    steps.push(birth_date(kind, id.as_ref(), applicant));
    steps.push(sex(kind, id.as_ref(), applicant));
    steps.push(lookup(kind, id.as_ref(), applicant, registry));
    let encoded = id.as_ref().map(|id| Encoded {
        birth_date: id.birth_date.map(|b| b.to_string()),
        sex: id.sex.map(|s| s.as_str().to_owned()),
    });
    let status = CheckStatus::of(&steps);
    Evaluated { steps, status, encoded, masked }
}

fn e_or_default(read: &Result<Identifier, Invalid>) -> String {
    match read {
        Err(e) => e.to_string(),
        Ok(_) => Invalid::CheckDigit.to_string(),
    }
}

fn birth_date(kind: Kind, id: Option<&Identifier>, applicant: &Applicant) -> Step {
    let name = StepName::BirthDate;
    if !kind.encodes_birth_date() {
        return step(name, StepStatus::NotApplicable, format!("a {} encodes no birth date", kind.name()), None);
    }
    let Some(id) = id else {
        return step(name, StepStatus::Skipped, "not run: the number is not valid", None);
    };
    let Some(encoded) = id.birth_date else {
        return step(name, StepStatus::NotApplicable, "this number leaves the birth date unknown", None);
    };
    let Some(dob) = applicant.dob else {
        return step(
            name,
            StepStatus::NotApplicable,
            "the applicant has no date of birth to compare",
            Some(json!({"encoded": encoded.to_string()})),
        );
    };
    let evidence = Some(json!({"encoded": encoded.to_string(), "applicant": dob.to_string()}));
    let day = Day { year: i32::from(dob.year()), month: dob.month() as u8, day: dob.day() as u8 };
    if encoded.agrees_with(day) {
        step(name, StepStatus::Passed, "the encoded birth date agrees with the applicant's date of birth", evidence)
    } else {
        step(
            name,
            StepStatus::Failed,
            format!("the number encodes a birth on {encoded}; the applicant's date of birth is {dob}"),
            evidence,
        )
    }
}

fn sex(kind: Kind, id: Option<&Identifier>, applicant: &Applicant) -> Step {
    let name = StepName::Sex;
    if !kind.encodes_sex() {
        return step(name, StepStatus::NotApplicable, format!("a {} encodes no sex", kind.name()), None);
    }
    let Some(id) = id else {
        return step(name, StepStatus::Skipped, "not run: the number is not valid", None);
    };
    let Some(encoded) = id.sex else {
        return step(name, StepStatus::NotApplicable, "this number leaves the sex unknown", None);
    };
    let Some(gender) = applicant.gender else {
        return step(
            name,
            StepStatus::NotApplicable,
            "the applicant has no gender to compare",
            Some(json!({"encoded": encoded.as_str()})),
        );
    };
    let evidence = Some(json!({"encoded": encoded.as_str(), "applicant": sex_of(gender)}));
    if encoded.as_str() == sex_of(gender) {
        step(name, StepStatus::Passed, "the encoded sex agrees with the applicant's gender", evidence)
    } else {
        step(
            name,
            StepStatus::Failed,
            format!("the number encodes sex {}; the applicant's gender is {}", encoded.as_str(), sex_of(gender)),
            evidence,
        )
    }
}

fn lookup(kind: Kind, id: Option<&Identifier>, applicant: &Applicant, registry: Registry) -> Step {
    let name = StepName::RegistryLookup;
    let who = registry_name(kind);
    let Some(id) = id else {
        return step(name, StepStatus::Skipped, "not run: the number is not valid", None);
    };
    let outcome = match registry {
        Registry::Offline => {
            return step(
                name,
                StepStatus::Error,
                format!(
                    "{who} cannot be reached offline: Docket checked the number's format, check digits and what it \
                     encodes, but not that it was issued to this person; a reviewer confirms it with the issuer"
                ),
                Some(json!({"registry": who, "reachable": false})),
            );
        }
        Registry::Sandbox => super::sandbox::outcome(kind, &id.canonical),
    };
    let applicant_name = applicant.name.clone();
    let applicant_dob = applicant.dob.map(|d| d.to_string());
    let record = |full_name: Option<String>, dob: Option<String>| {
        Some(
            json!({"registry": "sandbox", "outcome": outcome.as_str(), "found": true, "full_name": full_name, "date_of_birth": dob}),
        )
    };
    match outcome {
        Outcome::Found => step(
            name,
            StepStatus::Passed,
            "found in the sandbox's simulated registry; its name and date of birth are the applicant's",
            record(applicant_name, applicant_dob),
        ),
        Outcome::NotFound => step(
            name,
            StepStatus::Failed,
            "the sandbox's simulated registry has no record of this number",
            Some(json!({"registry": "sandbox", "outcome": outcome.as_str(), "found": false})),
        ),
        Outcome::NameMismatch => step(
            name,
            StepStatus::Failed,
            format!(
                "the sandbox's simulated registry holds this number under another name ({}), not the applicant's ({})",
                super::sandbox::OTHER_NAME,
                applicant_name.as_deref().unwrap_or("none given")
            ),
            record(Some(super::sandbox::OTHER_NAME.to_owned()), applicant_dob),
        ),
        Outcome::DobMismatch => {
            let other = super::sandbox::other_dob(applicant.dob);
            step(
                name,
                StepStatus::Failed,
                format!(
                    "the sandbox's simulated registry holds this number with another date of birth ({other}), not the \
                     applicant's ({})",
                    applicant_dob.as_deref().unwrap_or("none given")
                ),
                record(applicant_name, Some(other.to_string())),
            )
        }
        Outcome::Unavailable => step(
            name,
            StepStatus::Error,
            "the sandbox's simulated registry is unavailable (a magic number): a reviewer confirms the number later",
            Some(json!({"registry": "sandbox", "outcome": outcome.as_str(), "reachable": false})),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: Day = Day { year: 2026, month: 11, day: 27 };

    fn anna(dob: &str, gender: Gender) -> Applicant {
        Applicant { name: Some("Anna Nowak".into()), dob: dob.parse().ok(), gender: Some(gender) }
    }

    fn statuses(e: &Evaluated) -> Vec<StepStatus> {
        e.steps.iter().map(|s| s.status).collect()
    }

    #[test]
    fn production_never_passes_the_registry() {
        let e = evaluate(Kind::PlPesel, "02211307589", &anna("2002-01-13", Gender::F), Registry::Offline, TODAY);
        use StepStatus::*;
        assert_eq!(statuses(&e), [Passed, Passed, Passed, Passed, Error]);
        assert_eq!(e.status, CheckStatus::NeedsReview);
        assert!(e.steps[4].message.contains("cannot be reached offline"), "{}", e.steps[4].message);
        assert_eq!(e.masked, "•••••••7589");
        assert_eq!(e.encoded, Some(Encoded { birth_date: Some("2002-01-13".into()), sex: Some("F".into()) }));
    }

    #[test]
    fn a_birth_date_or_sex_mismatch_fails_with_evidence() {
        let found = Registry::Sandbox;
        let e = evaluate(Kind::PlPesel, "02211307589", &anna("2002-01-14", Gender::M), found, TODAY);
        use StepStatus::*;
        assert_eq!(statuses(&e), [Passed, Passed, Failed, Failed, Passed]);
        assert_eq!(e.status, CheckStatus::Failed);
        assert_eq!(e.steps[2].evidence, Some(json!({"encoded": "2002-01-13", "applicant": "2002-01-14"})));
        assert_eq!(e.steps[3].evidence, Some(json!({"encoded": "F", "applicant": "M"})));
    }

    #[test]
    fn a_bad_number_fails_its_step_and_skips_the_rest() {
        let found = Registry::Sandbox;
        use StepStatus::*;
        let digit = evaluate(Kind::PlPesel, "02211307588", &anna("2002-01-13", Gender::F), found, TODAY);
        assert_eq!(statuses(&digit), [Passed, Failed, Skipped, Skipped, Skipped]);
        let short = evaluate(Kind::NgBvn, "2234", &Applicant::default(), found, TODAY);
        assert_eq!(statuses(&short), [Failed, Skipped, NotApplicable, NotApplicable, Skipped]);
        assert_eq!(short.status, CheckStatus::Failed);
        let date = evaluate(Kind::PlPesel, "02381307589", &Applicant::default(), found, TODAY);
        assert_eq!(date.steps[0].evidence, Some(json!({"code": "impossible_date"})));
    }

    #[test]
    fn the_sandbox_registry_gives_each_magic_outcome() {
        let bvn = |number| evaluate(Kind::NgBvn, number, &anna("1990-01-01", Gender::F), Registry::Sandbox, TODAY);
        assert_eq!(bvn("22345678901").status, CheckStatus::Passed);
        assert_eq!(bvn("22345678000").status, CheckStatus::Failed);
        let other = bvn("22345678111");
        assert_eq!(other.status, CheckStatus::Failed);
        assert_eq!(
            other.steps[4].evidence.as_ref().map(|e| e["full_name"].clone()),
            Some(json!("Registry Otherperson"))
        );
        let dob = bvn("22345678222");
        assert_eq!(dob.steps[4].evidence.as_ref().map(|e| e["date_of_birth"].clone()), Some(json!("1989-01-01")));
        assert_eq!(bvn("22345678999").status, CheckStatus::NeedsReview);
        assert_eq!(bvn("22345678901").steps[1].status, StepStatus::NotApplicable, "no public check digit");
    }
}
