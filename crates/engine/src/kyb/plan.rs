//! The verification plan: which check types run for a case, the instances they fan out to, and
//! which of them a remediated section runs again.

use super::form::{Form, SectionKey};
use super::summary::CheckType;
use crate::error::{Error, Result};

/// The default plan of a case: every check type but `agentic_verification` (which needs an
/// online service and is run only when asked for), with `tin` only where a TIN applies (a US
/// company, or a TIN given).
pub fn default_plan(form: &Form) -> Vec<CheckType> {
    CheckType::ALL.into_iter().filter(|t| applies(*t, form)).collect()
}

fn applies(t: CheckType, form: &Form) -> bool {
    match t {
        CheckType::AgenticVerification => false,
        CheckType::Tin => {
            form.company.tin.is_some() || form.company.country.as_ref().is_some_and(|c| c.as_str() == "US")
        }
        _ => true,
    }
}

/// A caller's plan: the types asked for, sorted, with `business_risk_score` always in (the
/// decision needs it).
pub fn requested_plan(types: &[CheckType]) -> Result<Vec<CheckType>> {
    if types.is_empty() {
        return Err(Error::invalid("checks", "name at least one check type, or leave it out for the default plan"));
    }
    let mut plan = types.to_vec();
    plan.push(CheckType::BusinessRiskScore);
    plan.sort();
    plan.dedup();
    Ok(plan)
}

/// What a check instance is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    /// `company` or `person:<n>` (0 is the representative).
    pub key: String,
    pub name: String,
}

/// The instances `check_type` fans out to for `form`: one for the company, or one per human
/// (`aml_person`: everyone; `kyc`: the representative, directors and beneficial owners), a
/// person declared in two sections counted once (`people`).
pub fn instances(check_type: CheckType, form: &Form) -> Vec<Subject> {
    let company = || Subject {
        key: "company".into(),
        name: form.company.legal_name.as_ref().map(|n| n.as_str().to_owned()).unwrap_or_default(),
    };
    let persons = super::people::humans(form).into_iter().map(|h| {
        let identity = h.needs_identity;
        (Subject { key: h.keys.into_iter().next().unwrap_or_default(), name: h.name }, identity)
    });
    match check_type {
        CheckType::AmlPerson => persons.map(|(s, _)| s).collect(),
        CheckType::Kyc => persons.filter(|(_, identity)| *identity).map(|(s, _)| s).collect(),
        _ => vec![company()],
    }
}

/// The check types a fix of `section` runs again (the risk score always runs again).
pub fn affected_by(section: SectionKey) -> &'static [CheckType] {
    use CheckType as T;
    match section {
        SectionKey::Company => &[T::Registry, T::Tin, T::AmlCompany, T::CrossCheck, T::AgenticVerification],
        SectionKey::Representative => &[T::AmlPerson, T::Kyc],
        SectionKey::Ownership => &[T::AmlPerson, T::Kyc, T::CrossCheck],
        SectionKey::Documents => &[T::DocumentVerification, T::DocManipulation, T::CrossCheck],
        SectionKey::Review => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kyb::form::{Person, Role};
    use crate::values::{CountryCode, Line};

    fn line(s: &str) -> Option<Line> {
        Line::parse(s).ok()
    }

    #[test]
    fn tin_runs_for_us_companies_and_given_tins_and_agentic_only_when_asked() {
        let mut form = Form::default();
        assert!(!default_plan(&form).contains(&CheckType::Tin));
        form.company.country = CountryCode::parse("US").ok();
        assert!(default_plan(&form).contains(&CheckType::Tin));
        assert!(!default_plan(&form).contains(&CheckType::AgenticVerification));
        let asked = requested_plan(&[CheckType::AgenticVerification, CheckType::Registry]).expect("plan");
        assert_eq!(asked, vec![CheckType::Registry, CheckType::BusinessRiskScore, CheckType::AgenticVerification]);
        assert!(requested_plan(&[]).is_err());
    }

    #[test]
    fn persons_fan_out_and_kyc_needs_identity_only() {
        let mut form = Form::default();
        form.representative.first_name = line("Amelia");
        form.representative.last_name = line("Hart");
        form.ownership.persons = vec![
            Person {
                first_name: line("Tom"),
                last_name: line("Reed"),
                roles: vec![Role::Director],
                ..Person::default()
            },
            Person {
                first_name: line("Ann"),
                last_name: line("Small"),
                roles: vec![Role::Shareholder],
                ownership_percentage: Some(10.0),
                ..Person::default()
            },
        ];
        let aml: Vec<_> = instances(CheckType::AmlPerson, &form).into_iter().map(|s| s.key).collect();
        assert_eq!(aml, ["person:0", "person:1", "person:2"]);
        let kyc: Vec<_> = instances(CheckType::Kyc, &form).into_iter().map(|s| s.name).collect();
        assert_eq!(kyc, ["Amelia Hart", "Tom Reed"]);
        assert_eq!(instances(CheckType::Registry, &form).len(), 1);
    }

    #[test]
    fn a_representative_who_is_also_an_owner_is_screened_and_identified_once() {
        let mut form = Form::default();
        form.representative.first_name = line("Jonas");
        form.representative.last_name = line("Review");
        form.ownership.persons = vec![
            Person {
                first_name: line("Jonas"),
                last_name: line("Review"),
                roles: vec![Role::Director, Role::Shareholder],
                ownership_percentage: Some(60.0),
                ..Person::default()
            },
            Person {
                first_name: line("Ann"),
                last_name: line("Small"),
                roles: vec![Role::Shareholder],
                ownership_percentage: Some(40.0),
                ..Person::default()
            },
        ];
        let keys = |t| instances(t, &form).into_iter().map(|s| (s.key, s.name)).collect::<Vec<_>>();
        let both =
            vec![("person:0".to_owned(), "Jonas Review".to_owned()), ("person:2".to_owned(), "Ann Small".to_owned())];
        assert_eq!(keys(CheckType::AmlPerson), both);
        assert_eq!(keys(CheckType::Kyc), both);
    }
}
