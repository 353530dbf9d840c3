//! The risk model (`business_risk_score`): a documented, versioned rule set over the check
//! outcomes and the declared data, giving Low, Medium or High, or no level when a check the
//! model needs failed technically (the case then goes to a reviewer as `failed`).
//!
//! Version `docket-kyb-risk-1`, the level is the highest of:
//! - the worst severity of the other checks (low, medium, high);
//! - the company's country: High on the FATF call-for-action list, Medium under increased
//!   monitoring;
//! - Medium for a company incorporated less than a year before submission;
//! - Medium when owners are declared but no natural person holds 25 % or more or controls it.
//!
//! Each factor that raised the level is kept in the evidence as a sentence a reviewer reads
//! (`factors`: its level, the check it comes from, and what it found), a finding made twice
//! (the same sentence from two instances) once.

use jiff::civil::Date;
use serde_json::json;

use super::case::RiskLevel;
use super::form::Form;
use super::providers::Finding;
use super::summary::{CheckType, Outcome, Severity};
use crate::aml::model::{FatfRecord, FatfStatus};

/// The model's version, in every score's evidence.
pub const MODEL: &str = "docket-kyb-risk-1";

/// A finished check as the model reads it: its type, outcome, and the sentence it found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CheckResult {
    pub(crate) check_type: CheckType,
    pub(crate) outcome: Outcome,
    pub(crate) summary: String,
}

/// What a reviewer calls the check a factor comes from.
fn check_label(t: CheckType) -> &'static str {
    match t {
        CheckType::Registry => "registry",
        CheckType::Tin => "TIN",
        CheckType::DocumentVerification => "documents",
        CheckType::DocManipulation => "document tampering",
        CheckType::AmlCompany => "company screening",
        CheckType::AmlPerson => "person screening",
        CheckType::CrossCheck => "cross-check",
        CheckType::BusinessRiskScore => "risk score",
        CheckType::AgenticVerification => "agentic verification",
        CheckType::Kyc => "identity check",
    }
}

/// Scores a case from its other checks' results (`business_risk_score` excluded).
pub(crate) fn assess(form: &Form, results: &[CheckResult], fatf: &[FatfRecord], today: Date) -> Finding {
    let mut errored: Vec<&str> =
        results.iter().filter(|r| matches!(r.outcome, Outcome::Error { .. })).map(|r| r.check_type.as_str()).collect();
    if !errored.is_empty() {
        errored.sort_unstable();
        errored.dedup();
        return Finding::error(
            format!("no risk level: {} could not run, and the model needs every check", errored.join(", ")),
            json!({ "model": MODEL, "errored": errored }),
        );
    }
    // (level, the check it comes from, the sentence)
    let mut reasons: Vec<(RiskLevel, Option<CheckType>, String)> = Vec::new();
    for r in results {
        if let Outcome::Done { severity, verdict } = &r.outcome {
            let level = match severity {
                Severity::Low => continue,
                Severity::Medium => RiskLevel::Medium,
                Severity::High => RiskLevel::High,
            };
            let sentence =
                if r.summary.trim().is_empty() { verdict.replace('_', " ") } else { r.summary.trim().to_owned() };
            let reason = (level, Some(r.check_type), sentence);
            if !reasons.contains(&reason) {
                reasons.push(reason);
            }
        }
    }
    if let Some(country) = &form.company.country {
        match crate::aml::fatf::record_for(fatf, country).fatf_status {
            FatfStatus::CallForAction => {
                reasons.push((RiskLevel::High, None, format!("{country} is on the FATF call-for-action list")))
            }
            FatfStatus::IncreasedMonitoring => {
                reasons.push((RiskLevel::Medium, None, format!("{country} is under FATF increased monitoring")))
            }
            FatfStatus::FatfMember | FatfStatus::NotListed => {}
        }
    }
    if let Some(incorporated) = form.company.incorporation_date
        && incorporated.checked_add(jiff::Span::new().years(1)).is_ok_and(|y| y > today)
    {
        reasons.push((RiskLevel::Medium, None, format!("incorporated less than a year ago ({incorporated})")));
    }
    let owners = &form.ownership;
    let has_owners = !owners.companies.is_empty() || owners.persons.iter().any(|p| p.ownership_percentage.is_some());
    if has_owners && !owners.persons.iter().any(|p| p.is_ubo()) {
        reasons.push((RiskLevel::Medium, None, "no natural person is declared as a beneficial owner".into()));
    }
    let level = reasons.iter().map(|(l, _, _)| *l).max().unwrap_or(RiskLevel::Low);
    let (severity, verdict) = match level {
        RiskLevel::Low => (Severity::Low, "low_risk"),
        RiskLevel::Medium => (Severity::Medium, "medium_risk"),
        RiskLevel::High => (Severity::High, "high_risk"),
    };
    let summary = if reasons.is_empty() {
        "Low risk: every check passed and no risk factor applies".to_owned()
    } else {
        let mut top: Vec<String> = reasons
            .iter()
            .filter(|(l, _, _)| *l == level)
            .map(|(_, t, r)| match t {
                Some(t) => format!("{r} ({})", check_label(*t)),
                None => r.clone(),
            })
            .collect();
        let more = top.len().saturating_sub(4);
        top.truncate(4);
        let level_word = verdict.trim_end_matches("_risk");
        let level_word = level_word[..1].to_uppercase() + &level_word[1..];
        let tail = if more > 0 { format!("; and {more} more") } else { String::new() };
        format!("{level_word} risk: {}{tail}", top.join("; "))
    };
    let factors: Vec<_> = reasons
        .iter()
        .map(|(l, t, r)| json!({ "level": l, "check": t, "check_label": t.map(check_label), "reason": r }))
        .collect();
    Finding::done(severity, verdict, summary, json!({ "model": MODEL, "level": level, "factors": factors }))
}

/// The level a finished score gives (none for an errored one).
pub(crate) fn level_of(outcome: &Outcome) -> Option<RiskLevel> {
    match outcome {
        Outcome::Done { severity: Severity::Low, .. } => Some(RiskLevel::Low),
        Outcome::Done { severity: Severity::Medium, .. } => Some(RiskLevel::Medium),
        Outcome::Done { severity: Severity::High, .. } => Some(RiskLevel::High),
        Outcome::Error { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::CountryCode;

    fn done(t: CheckType, s: Severity) -> CheckResult {
        CheckResult {
            check_type: t,
            outcome: Outcome::Done { severity: s, verdict: "x".into() },
            summary: String::new(),
        }
    }

    fn today() -> Date {
        jiff::civil::date(2026, 11, 24)
    }

    #[test]
    fn the_worst_check_decides_and_an_error_leaves_no_level() {
        let fatf = crate::aml::fatf::default_table();
        let form = Form::default();
        let low = assess(&form, &[done(CheckType::Registry, Severity::Low)], &fatf, today());
        assert_eq!(level_of(&low.outcome), Some(RiskLevel::Low));
        let medium = assess(
            &form,
            &[done(CheckType::Registry, Severity::Low), done(CheckType::AmlPerson, Severity::Medium)],
            &fatf,
            today(),
        );
        assert_eq!(level_of(&medium.outcome), Some(RiskLevel::Medium));
        let high = assess(&form, &[done(CheckType::Tin, Severity::High)], &fatf, today());
        assert_eq!(level_of(&high.outcome), Some(RiskLevel::High));
        let errored = assess(
            &form,
            &[
                done(CheckType::Registry, Severity::Low),
                CheckResult {
                    check_type: CheckType::Tin,
                    outcome: Outcome::Error { reason: "down".into() },
                    summary: "down".into(),
                },
            ],
            &fatf,
            today(),
        );
        assert_eq!(level_of(&errored.outcome), None);
        assert!(errored.summary.contains("tin"));
    }

    #[test]
    fn country_age_and_ownership_raise_the_level() {
        let fatf = crate::aml::fatf::default_table();
        let clean = [done(CheckType::Registry, Severity::Low)];
        let mut form = Form::default();
        form.company.country = CountryCode::parse("IR").ok();
        assert_eq!(level_of(&assess(&form, &clean, &fatf, today()).outcome), Some(RiskLevel::High));
        form.company.country = CountryCode::parse("KE").ok();
        assert_eq!(level_of(&assess(&form, &clean, &fatf, today()).outcome), Some(RiskLevel::Medium));
        form.company.country = CountryCode::parse("GB").ok();
        form.company.incorporation_date = Some(jiff::civil::date(2026, 6, 1));
        assert_eq!(level_of(&assess(&form, &clean, &fatf, today()).outcome), Some(RiskLevel::Medium));
        form.company.incorporation_date = Some(jiff::civil::date(2020, 6, 1));
        assert_eq!(level_of(&assess(&form, &clean, &fatf, today()).outcome), Some(RiskLevel::Low));
        form.ownership
            .companies
            .push(crate::kyb::form::CorporateOwner { ownership_percentage: Some(100.0), ..Default::default() });
        assert_eq!(level_of(&assess(&form, &clean, &fatf, today()).outcome), Some(RiskLevel::Medium));
    }

    #[test]
    fn the_explanation_is_what_each_check_found_said_once() {
        let fatf = crate::aml::fatf::default_table();
        let review = |key: &str| CheckResult {
            check_type: CheckType::Kyc,
            outcome: Outcome::Done { severity: Severity::Medium, verdict: "needs_review".into() },
            summary: format!("Jonas Review's document needs a closer look{key}"),
        };
        // Cases checked before people were merged have the same finding twice.
        let scored = assess(
            &Form::default(),
            &[done(CheckType::Registry, Severity::Low), review(""), review("")],
            &fatf,
            today(),
        );
        assert_eq!(scored.summary, "Medium risk: Jonas Review's document needs a closer look (identity check)");
        let factors = scored.evidence["factors"].as_array().cloned().unwrap_or_default();
        assert_eq!(factors.len(), 1);
        assert_eq!(factors[0]["check"], "kyc");
        assert_eq!(factors[0]["level"], "medium");
        assert_eq!(factors[0]["reason"], "Jonas Review's document needs a closer look");
        assert!(!scored.summary.contains("needs_review"));
    }
}
