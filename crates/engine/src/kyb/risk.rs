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

use jiff::civil::Date;
use serde_json::json;

use super::case::RiskLevel;
use super::form::Form;
use super::providers::Finding;
use super::summary::{CheckType, Outcome, Severity};
use crate::aml::model::{FatfRecord, FatfStatus};

/// The model's version, in every score's evidence.
pub const MODEL: &str = "docket-kyb-risk-1";

/// Scores a case from its other checks' outcomes (`business_risk_score` excluded).
pub(crate) fn assess(form: &Form, outcomes: &[(CheckType, Outcome)], fatf: &[FatfRecord], today: Date) -> Finding {
    let errored: Vec<&str> =
        outcomes.iter().filter(|(_, o)| matches!(o, Outcome::Error { .. })).map(|(t, _)| t.as_str()).collect();
    if !errored.is_empty() {
        let mut types = errored.clone();
        types.dedup();
        return Finding::error(
            format!("no risk level: {} could not run, and the model needs every check", types.join(", ")),
            json!({ "model": MODEL, "errored": types }),
        );
    }
    let mut reasons: Vec<(RiskLevel, String)> = Vec::new();
    for (t, o) in outcomes {
        if let Outcome::Done { severity, verdict } = o {
            let level = match severity {
                Severity::Low => continue,
                Severity::Medium => RiskLevel::Medium,
                Severity::High => RiskLevel::High,
            };
            reasons.push((level, format!("{}: {verdict}", t.as_str())));
        }
    }
    if let Some(country) = &form.company.country {
        match crate::aml::fatf::record_for(fatf, country).fatf_status {
            FatfStatus::CallForAction => {
                reasons.push((RiskLevel::High, format!("{country} is on the FATF call-for-action list")))
            }
            FatfStatus::IncreasedMonitoring => {
                reasons.push((RiskLevel::Medium, format!("{country} is under FATF increased monitoring")))
            }
            FatfStatus::FatfMember | FatfStatus::NotListed => {}
        }
    }
    if let Some(incorporated) = form.company.incorporation_date
        && incorporated.checked_add(jiff::Span::new().years(1)).is_ok_and(|y| y > today)
    {
        reasons.push((RiskLevel::Medium, format!("incorporated less than a year ago ({incorporated})")));
    }
    let owners = &form.ownership;
    let has_owners = !owners.companies.is_empty() || owners.persons.iter().any(|p| p.ownership_percentage.is_some());
    if has_owners && !owners.persons.iter().any(|p| p.is_ubo()) {
        reasons.push((RiskLevel::Medium, "no natural person is declared as a beneficial owner".into()));
    }
    let level = reasons.iter().map(|(l, _)| *l).max().unwrap_or(RiskLevel::Low);
    let (severity, verdict) = match level {
        RiskLevel::Low => (Severity::Low, "low_risk"),
        RiskLevel::Medium => (Severity::Medium, "medium_risk"),
        RiskLevel::High => (Severity::High, "high_risk"),
    };
    let summary = if reasons.is_empty() {
        "Low risk: every check passed and no risk factor applies".to_owned()
    } else {
        let mut top: Vec<&str> = reasons.iter().filter(|(l, _)| *l == level).map(|(_, r)| r.as_str()).collect();
        top.truncate(4);
        format!("{} risk: {}", verdict.trim_end_matches("_risk"), top.join("; "))
    };
    let factors: Vec<_> = reasons.iter().map(|(l, r)| json!({ "level": l, "reason": r })).collect();
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

    fn done(t: CheckType, s: Severity) -> (CheckType, Outcome) {
        (t, Outcome::Done { severity: s, verdict: "x".into() })
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
            &[done(CheckType::Registry, Severity::Low), (CheckType::Tin, Outcome::Error { reason: "down".into() })],
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
}
