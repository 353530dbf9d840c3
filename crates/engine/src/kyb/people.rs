//! The case's people as humans. The widget asks for the representative and, separately, for
//! the ownership and control section's persons, so a managing director who also owns shares is
//! declared twice. The same name (compared without case, spacing or punctuation)
//! and, when both declarations give one, the same date of birth make one human: one row in the
//! case file with the roles merged, screened once and identified once (`plan::instances`).
//! The widget declares a representative who owns shares once: an ownership person marked
//! `representative` carries only roles and a share, and is always the representative.

use jiff::civil::Date;

use super::form::{Form, Role};
use super::model::PersonRole;
use crate::values::Line;

/// One human of a case, from one or more declarations.
#[derive(Debug, Clone, PartialEq)]
pub struct Human {
    /// The form keys they were declared under, in the form's order: the first names their
    /// checks (`person:0` is the representative, `person:<n>` the n-th ownership person).
    pub keys: Vec<String>,
    pub name: String,
    pub roles: Vec<PersonRole>,
    pub date_of_birth: Option<Date>,
    pub nationality: Option<String>,
    pub ownership_percentage: Option<f64>,
    pub is_ubo: bool,
    /// Whether their identity is checked (`kyc`): the representative, directors and
    /// beneficial owners.
    pub needs_identity: bool,
}

impl Human {
    fn same_as(&self, other: &Human) -> bool {
        let (a, b) = (identity_key(&self.name), identity_key(&other.name));
        !a.is_empty()
            && a == b
            && match (self.date_of_birth, other.date_of_birth) {
                (Some(x), Some(y)) => x == y,
                _ => true,
            }
    }

    fn absorb(&mut self, other: Human) {
        self.keys.extend(other.keys);
        for role in other.roles {
            if !self.roles.contains(&role) {
                self.roles.push(role);
            }
        }
        self.date_of_birth = self.date_of_birth.or(other.date_of_birth);
        self.nationality = self.nationality.take().or(other.nationality);
        self.ownership_percentage = self.ownership_percentage.or(other.ownership_percentage);
        self.is_ubo |= other.is_ubo;
        self.needs_identity |= other.needs_identity;
    }
}

/// A name as compared: lower-case letters and digits, words separated by one space.
fn identity_key(name: &str) -> String {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

fn full_name(first: &Option<Line>, last: &Option<Line>) -> String {
    [first, last].into_iter().flatten().map(|l| l.as_str()).collect::<Vec<_>>().join(" ")
}

/// The humans of a form, in the form's order (the representative first, even unnamed).
pub fn humans(form: &Form) -> Vec<Human> {
    let r = &form.representative;
    let mut declared = vec![Human {
        keys: vec!["person:0".into()],
        name: full_name(&r.first_name, &r.last_name),
        roles: vec![PersonRole::Representative],
        date_of_birth: r.date_of_birth,
        nationality: r.nationality.as_ref().map(|c| c.as_str().to_owned()),
        ownership_percentage: None,
        is_ubo: false,
        needs_identity: true,
    }];
    // An ownership person marked as the representative is the representative: always one.
    let mut of_representative = vec![false];
    for (i, p) in form.ownership.persons.iter().enumerate() {
        of_representative.push(p.representative);
        declared.push(Human {
            keys: vec![format!("person:{}", i + 1)],
            name: full_name(&p.first_name, &p.last_name),
            roles: p
                .roles
                .iter()
                .map(|r| match r {
                    Role::Director => PersonRole::Director,
                    Role::Shareholder => PersonRole::Shareholder,
                    Role::Controller => PersonRole::Controller,
                })
                .chain(p.is_ubo().then_some(PersonRole::UltimateBeneficialOwner))
                .collect(),
            date_of_birth: p.date_of_birth,
            nationality: p.nationality.as_ref().map(|c| c.as_str().to_owned()),
            ownership_percentage: p.ownership_percentage,
            is_ubo: p.is_ubo(),
            needs_identity: p.is_ubo() || p.roles.contains(&Role::Director),
        });
    }
    let mut out: Vec<Human> = Vec::with_capacity(declared.len());
    for (human, is_representative) in declared.into_iter().zip(of_representative) {
        if is_representative && let Some(representative) = out.first_mut() {
            representative.absorb(human);
            continue;
        }
        match out.iter_mut().find(|h| h.same_as(&human)) {
            Some(known) => known.absorb(human),
            None => out.push(human),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kyb::form::Person;

    fn line(s: &str) -> Option<Line> {
        Line::parse(s).ok()
    }

    fn person(first: &str, last: &str, roles: Vec<Role>, share: Option<f64>, born: Option<Date>) -> Person {
        Person {
            first_name: line(first),
            last_name: line(last),
            roles,
            ownership_percentage: share,
            date_of_birth: born,
            ..Person::default()
        }
    }

    #[test]
    fn a_representative_who_owns_shares_is_one_human_with_both_roles() {
        let born = jiff::civil::date(1980, 3, 4);
        let mut form = Form::default();
        form.representative.first_name = line("Jonas");
        form.representative.last_name = line("Review");
        form.representative.date_of_birth = Some(born);
        form.ownership.persons = vec![
            person("JONAS", "review", vec![Role::Director, Role::Shareholder], Some(60.0), Some(born)),
            person("Ann", "Small", vec![Role::Shareholder], Some(40.0), None),
        ];
        let people = humans(&form);
        assert_eq!(people.len(), 2);
        assert_eq!(people[0].keys, ["person:0", "person:1"]);
        assert_eq!(
            people[0].roles,
            [
                PersonRole::Representative,
                PersonRole::Director,
                PersonRole::Shareholder,
                PersonRole::UltimateBeneficialOwner
            ]
        );
        assert_eq!((people[0].ownership_percentage, people[0].is_ubo), (Some(60.0), true));
        assert_eq!(people[1].keys, ["person:2"]);
        assert!(people[1].is_ubo && people[1].needs_identity);
    }

    #[test]
    fn the_same_name_born_on_another_day_is_another_human_and_no_name_merges_nothing() {
        let mut form = Form::default();
        form.representative.first_name = line("Tom");
        form.representative.last_name = line("Reed");
        form.representative.date_of_birth = Some(jiff::civil::date(1990, 1, 1));
        form.ownership.persons = vec![
            person("Tom", "Reed", vec![Role::Director], None, Some(jiff::civil::date(1960, 1, 1))),
            person("", "", vec![Role::Shareholder], Some(5.0), None),
        ];
        let mut unnamed = form.clone();
        unnamed.representative = Default::default();
        assert_eq!(humans(&form).len(), 3);
        assert_eq!(humans(&unnamed).len(), 3);
    }

    #[test]
    fn an_owner_marked_as_the_representative_is_the_representative_whatever_the_names() {
        let mut form = Form::default();
        form.representative.first_name = line("Ama");
        form.representative.last_name = line("Owusu");
        form.representative.date_of_birth = Some(jiff::civil::date(1985, 5, 6));
        form.ownership.persons = vec![Person {
            representative: true,
            roles: vec![Role::Director, Role::Shareholder],
            ownership_percentage: Some(40.0),
            ..Person::default()
        }];
        let people = humans(&form);
        assert_eq!(people.len(), 1, "one human: {people:?}");
        assert_eq!(people[0].keys, ["person:0", "person:1"]);
        assert_eq!(people[0].name, "Ama Owusu");
        assert_eq!((people[0].ownership_percentage, people[0].is_ubo), (Some(40.0), true));
        assert!(
            people[0].roles.contains(&PersonRole::Representative) && people[0].roles.contains(&PersonRole::Director)
        );
    }
}
