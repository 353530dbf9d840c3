//! The data a merchant gives in the hosted widget, section by section, and the one rule that
//! says whether a section is complete.
//!
//! Values are parsed when a section is saved (a malformed e-mail, country, date or percentage
//! is refused then, naming its field); what is merely missing is allowed, since each section
//! saves on its own. [`Form::missing`] lists what a section still lacks: `form_progress`
//! (spec 2.1) and the submit step both ask it, so the stepper and submit never disagree.

use std::collections::BTreeMap;

use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Invalid, Result};
use crate::files::FileId;
use crate::values::{CountryCode, Email, Line, Phone};

/// The widget's sections, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SectionKey {
    Company,
    Representative,
    Ownership,
    Documents,
    Review,
}

impl SectionKey {
    pub const ALL: [SectionKey; 5] = [
        SectionKey::Company,
        SectionKey::Representative,
        SectionKey::Ownership,
        SectionKey::Documents,
        SectionKey::Review,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SectionKey::Company => "company",
            SectionKey::Representative => "representative",
            SectionKey::Ownership => "ownership",
            SectionKey::Documents => "documents",
            SectionKey::Review => "review",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            SectionKey::Company => "Company",
            SectionKey::Representative => "Representative",
            SectionKey::Ownership => "Ownership and control",
            SectionKey::Documents => "Documents",
            SectionKey::Review => "Review and submit",
        }
    }

    pub fn parse(s: &str) -> Option<SectionKey> {
        SectionKey::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// A postal address.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = KybAddress))]
pub struct Address {
    pub street: Option<Line>,
    pub city: Option<Line>,
    pub postal_code: Option<Line>,
    pub state: Option<Line>,
    pub country: Option<CountryCode>,
}

/// The company section: who the business is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Company {
    pub legal_name: Option<Line>,
    /// Doing business as.
    pub dba: Option<Line>,
    /// The legal form as the country names it (`LLC`, `GmbH`, `Private limited company`).
    pub form_type: Option<Line>,
    /// `corporation`, `partnership`, `sole_proprietorship`, `non_profit`, `trust`, ...
    pub entity_type: Option<Line>,
    /// What the registration number is (`company_number`, `lei`, `ein`, `sos_id`).
    pub registration_type: Option<Line>,
    pub registration_number: Option<Line>,
    /// A US taxpayer identification number (EIN), when one applies.
    pub tin: Option<Line>,
    pub country: Option<CountryCode>,
    /// State or province of incorporation (required for US companies).
    pub state: Option<Line>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Date))]
    pub incorporation_date: Option<Date>,
    pub address: Option<Address>,
}

/// The person who acts for the company in the onboarding.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Representative {
    pub first_name: Option<Line>,
    pub last_name: Option<Line>,
    pub email: Option<Email>,
    pub phone: Option<Phone>,
    /// Their position (`CEO`, `Director`, `Authorised signatory`).
    pub title: Option<Line>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Date))]
    pub date_of_birth: Option<Date>,
    pub nationality: Option<CountryCode>,
}

/// A person's part in the company.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Role {
    Director,
    Shareholder,
    /// Significant control without (enough) shares.
    Controller,
}

/// A person in the ownership and control section.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Person {
    /// This person is the representative ("the representative is also an owner"): their name,
    /// date of birth and nationality are the representative section's and are not given
    /// here, so one human is declared once, with both roles. At most one person.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub representative: bool,
    pub first_name: Option<Line>,
    pub last_name: Option<Line>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Date))]
    pub date_of_birth: Option<Date>,
    pub nationality: Option<CountryCode>,
    #[serde(default)]
    pub roles: Vec<Role>,
    /// Share of ownership, 0 to 100.
    pub ownership_percentage: Option<f64>,
}

/// A company that owns part of the business.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CorporateOwner {
    pub name: Option<Line>,
    pub registration_number: Option<Line>,
    pub country: Option<CountryCode>,
    pub ownership_percentage: Option<f64>,
}

/// The ownership and control section.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Ownership {
    #[serde(default)]
    pub persons: Vec<Person>,
    #[serde(default)]
    pub companies: Vec<CorporateOwner>,
}

/// A person with at least this share is an ultimate beneficial owner.
pub const UBO_THRESHOLD: f64 = 25.0;

impl Person {
    /// Holds at least [`UBO_THRESHOLD`] percent, or controls the company.
    pub fn is_ubo(&self) -> bool {
        self.ownership_percentage.is_some_and(|p| p >= UBO_THRESHOLD) || self.roles.contains(&Role::Controller)
    }
}

/// Kinds of documents the widget asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DocumentKind {
    CertificateOfIncorporation,
    /// A shareholder register or ownership chart.
    OwnershipDocument,
    ProofOfAddress,
}

impl DocumentKind {
    pub const ALL: [DocumentKind; 3] =
        [DocumentKind::CertificateOfIncorporation, DocumentKind::OwnershipDocument, DocumentKind::ProofOfAddress];

    pub fn as_str(self) -> &'static str {
        match self {
            DocumentKind::CertificateOfIncorporation => "certificate_of_incorporation",
            DocumentKind::OwnershipDocument => "ownership_document",
            DocumentKind::ProofOfAddress => "proof_of_address",
        }
    }
}

/// Everything the merchant has given so far.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Form {
    pub company: Company,
    pub representative: Representative,
    pub ownership: Ownership,
    /// Uploaded files (in the file store) by document kind.
    pub documents: BTreeMap<DocumentKind, Vec<FileId>>,
}

impl Ownership {
    /// Refuses what no save may hold, naming every field at fault: percentages outside 0 to
    /// 100, more than 100 in all, and a representative owner declared with identity data of
    /// their own or more than once.
    pub fn check(&self) -> Result<()> {
        let mut wrong = Vec::new();
        let shares = self
            .persons
            .iter()
            .enumerate()
            .map(|(i, p)| (format!("persons[{i}].ownership_percentage"), p.ownership_percentage))
            .chain(
                self.companies
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (format!("companies[{i}].ownership_percentage"), c.ownership_percentage)),
            );
        let mut total = 0.0;
        for (field, share) in shares {
            let Some(share) = share else { continue };
            if !(share.is_finite() && (0.0..=100.0).contains(&share)) {
                wrong.push(invalid(field, "percentage", "must be a percentage from 0 to 100"));
                continue;
            }
            total += share;
        }
        if total > 100.0 + 1e-9 {
            wrong.push(invalid("persons", "shares_total", format!("the shares add up to {total}%, more than 100%")));
        }
        let mut seen_representative = false;
        for (i, p) in self.persons.iter().enumerate().filter(|(_, p)| p.representative) {
            if seen_representative {
                wrong.push(invalid(
                    format!("persons[{i}].representative"),
                    "representative_owner",
                    "only one person can be the representative",
                ));
            }
            seen_representative = true;
            let own = [("first_name", p.first_name.is_some()), ("last_name", p.last_name.is_some())]
                .into_iter()
                .chain([("date_of_birth", p.date_of_birth.is_some()), ("nationality", p.nationality.is_some())]);
            for (name, given) in own {
                if given {
                    wrong.push(invalid(
                        format!("persons[{i}].{name}"),
                        "representative_owner",
                        "the representative's own details are given in the representative section, not here",
                    ));
                }
            }
        }
        Error::invalid_fields(wrong).map_or(Ok(()), Err)
    }

    /// The ownership person who is the representative, if one is.
    pub fn representative(&self) -> Option<(usize, &Person)> {
        self.persons.iter().enumerate().find(|(_, p)| p.representative)
    }
}

fn invalid(field: impl Into<String>, code: &'static str, message: impl Into<String>) -> Invalid {
    Invalid { field: Some(field.into()), message: message.into(), code: Some(code), others: Vec::new() }
}

/// The most rejected fields one save reports.
const MAX_FIELD_ERRORS: usize = 60;

/// Reads a section's values, naming every field that is wrong, not only the first: each field
/// refused is dropped and the rest read again, so a form can mark them all at once. Each error
/// carries its field's path and a code for what is wrong ([`code_of`]). `check` runs on what
/// could be read, and its errors join the others.
pub fn read_section<T: serde::de::DeserializeOwned>(
    mut body: serde_json::Value,
    check: impl Fn(&T) -> Result<()>,
) -> Result<T> {
    let mut wrong = Vec::new();
    let mut read = None;
    for _ in 0..MAX_FIELD_ERRORS {
        match serde_path_to_error::deserialize::<_, T>(body.clone()) {
            Ok(values) => {
                read = Some(values);
                break;
            }
            Err(e) => {
                let message = e.inner().to_string();
                let path: Vec<serde_path_to_error::Segment> = e.path().iter().cloned().collect();
                let field = e.path().to_string();
                if field == "." && !message.starts_with("unknown field") {
                    wrong.push(Invalid { field: None, message, code: None, others: Vec::new() });
                    break;
                }
                let unknown =
                    message.strip_prefix("unknown field `").and_then(|r| r.split('`').next()).map(str::to_owned);
                let named = match (&unknown, field.as_str()) {
                    (Some(name), ".") => name.clone(),
                    (Some(name), f) if !f.ends_with(name.as_str()) => format!("{f}.{name}"),
                    _ => field.clone(),
                };
                wrong.push(invalid(named, code_of(&field, &message), message));
                if !drop_at(&mut body, &path, unknown.as_deref()) {
                    break;
                }
            }
        }
    }
    if let Some(values) = &read
        && let Err(Error::Invalid(found)) = check(values)
    {
        wrong.extend(found.all());
    }
    match (read, Error::invalid_fields(wrong)) {
        (_, Some(refused)) => Err(refused),
        (Some(values), None) => Ok(values),
        (None, None) => Err(Error::invalid_request("the section could not be read")),
    }
}

/// Removes the value at `path` (or the unknown key `unknown` of the object there); false when
/// nothing was there to remove.
fn drop_at(body: &mut serde_json::Value, path: &[serde_path_to_error::Segment], unknown: Option<&str>) -> bool {
    use serde_path_to_error::Segment;
    let mut at = body;
    let steps = if unknown.is_some() { path.len() } else { path.len().saturating_sub(1) };
    for segment in &path[..steps] {
        let next = match (segment, at) {
            (Segment::Map { key }, serde_json::Value::Object(o)) => o.get_mut(key),
            (Segment::Seq { index }, serde_json::Value::Array(a)) => a.get_mut(*index),
            _ => None,
        };
        match next {
            Some(n) => at = n,
            None => return false,
        }
    }
    if let Some(name) = unknown {
        // The path may already end at the unknown key's own value.
        if let serde_json::Value::Object(o) = at
            && o.remove(name).is_some()
        {
            return true;
        }
        return false;
    }
    match (path.last(), at) {
        (Some(Segment::Map { key }), serde_json::Value::Object(o)) => o.remove(key).is_some(),
        (Some(Segment::Seq { index }), serde_json::Value::Array(a)) if *index < a.len() => {
            a.remove(*index);
            true
        }
        _ => false,
    }
}

/// What is wrong with a field, for programs, from the field's name: the page says it in its
/// own words (`ErrorBody::code` lists them).
pub fn code_of(path: &str, message: &str) -> &'static str {
    if message.starts_with("unknown field") {
        return "unknown_field";
    }
    let leaf = path.rsplit('.').next().unwrap_or(path);
    let leaf = leaf.split('[').next().unwrap_or(leaf);
    match leaf {
        "country" | "nationality" => "country",
        "email" => "email",
        "phone" => "phone",
        "date_of_birth" | "incorporation_date" => "date",
        "ownership_percentage" => "percentage",
        "roles" => "choice",
        _ => "text",
    }
}

impl Form {
    /// What `section` still lacks, as field paths (`company.address.city`); empty when it is
    /// complete. The review section is complete once the case is submitted, which the caller
    /// knows: here it lacks nothing.
    pub fn missing(&self, section: SectionKey) -> Vec<String> {
        let mut out = Vec::new();
        let mut need = |present: bool, field: &str| {
            if !present {
                out.push(field.to_owned());
            }
        };
        match section {
            SectionKey::Company => {
                let c = &self.company;
                need(c.legal_name.is_some(), "company.legal_name");
                need(c.form_type.is_some(), "company.form_type");
                need(c.entity_type.is_some(), "company.entity_type");
                need(c.registration_type.is_some(), "company.registration_type");
                need(c.registration_number.is_some(), "company.registration_number");
                need(c.country.is_some(), "company.country");
                if c.country.as_ref().is_some_and(|c| c.as_str() == "US") {
                    need(c.state.is_some(), "company.state");
                }
                need(c.incorporation_date.is_some(), "company.incorporation_date");
                let a = c.address.clone().unwrap_or_default();
                need(a.street.is_some(), "company.address.street");
                need(a.city.is_some(), "company.address.city");
                need(a.postal_code.is_some(), "company.address.postal_code");
            }
            SectionKey::Representative => {
                let r = &self.representative;
                need(r.first_name.is_some(), "representative.first_name");
                need(r.last_name.is_some(), "representative.last_name");
                need(r.email.is_some(), "representative.email");
                need(r.title.is_some(), "representative.title");
                need(r.date_of_birth.is_some(), "representative.date_of_birth");
            }
            SectionKey::Ownership => {
                let o = &self.ownership;
                need(o.persons.iter().any(|p| p.roles.contains(&Role::Director)), "ownership.persons: a director");
                for (i, p) in o.persons.iter().enumerate() {
                    if !p.representative {
                        need(p.first_name.is_some(), &format!("ownership.persons[{i}].first_name"));
                        need(p.last_name.is_some(), &format!("ownership.persons[{i}].last_name"));
                    }
                    need(!p.roles.is_empty(), &format!("ownership.persons[{i}].roles"));
                    // Screened and identified: directors and beneficial owners need both.
                    if p.is_ubo() || p.roles.contains(&Role::Director) {
                        if p.representative {
                            // Their details are the representative's: named where they are given.
                            need(self.representative.nationality.is_some(), "representative.nationality");
                        } else {
                            need(p.date_of_birth.is_some(), &format!("ownership.persons[{i}].date_of_birth"));
                            need(p.nationality.is_some(), &format!("ownership.persons[{i}].nationality"));
                        }
                    }
                    if p.roles.contains(&Role::Shareholder) {
                        need(p.ownership_percentage.is_some(), &format!("ownership.persons[{i}].ownership_percentage"));
                    }
                }
                for (i, c) in o.companies.iter().enumerate() {
                    need(c.name.is_some(), &format!("ownership.companies[{i}].name"));
                    need(c.country.is_some(), &format!("ownership.companies[{i}].country"));
                    need(c.ownership_percentage.is_some(), &format!("ownership.companies[{i}].ownership_percentage"));
                }
            }
            SectionKey::Documents => {
                let has = |kind: DocumentKind| self.documents.get(&kind).is_some_and(|files| !files.is_empty());
                need(has(DocumentKind::CertificateOfIncorporation), "documents.certificate_of_incorporation");
                need(has(DocumentKind::ProofOfAddress), "documents.proof_of_address");
                let owners = self.ownership.companies.len()
                    + self.ownership.persons.iter().filter(|p| p.roles.contains(&Role::Shareholder)).count();
                if owners > 0 {
                    need(has(DocumentKind::OwnershipDocument), "documents.ownership_document");
                }
            }
            SectionKey::Review => {}
        }
        out
    }

    /// Every section that lacks something, with what it lacks (for a refused submit).
    pub fn incomplete(&self) -> Vec<(SectionKey, Vec<String>)> {
        SectionKey::ALL.into_iter().map(|k| (k, self.missing(k))).filter(|(_, missing)| !missing.is_empty()).collect()
    }
}

/// A section's state in the stepper (spec 2.1 `KybSectionProgress`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SectionState {
    Completed,
    Current,
    Pending,
    ActionRequired,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SectionProgress {
    pub key: SectionKey,
    pub title: String,
    pub state: SectionState,
}

/// The widget's stepper (spec 2.1 `KybFormProgress`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FormProgress {
    pub sections_completed: u32,
    pub sections_total: u32,
    /// The first section that is not complete; null once submitted.
    pub current_section: Option<SectionKey>,
    pub sections: Vec<SectionProgress>,
}

impl FormProgress {
    /// The stepper of `form`. `submitted`: the case left data collection (the review section is
    /// then complete, unless a resubmission is due); `remediation`: sections with an open
    /// remediation, shown as `action_required` (and the first of them is the current one)
    /// unless they are among `fixed`, changed by the merchant since they were asked, which show
    /// their own completeness.
    pub fn of(form: &Form, submitted: bool, remediation: &[SectionKey], fixed: &[SectionKey]) -> FormProgress {
        let resubmission_due = !remediation.is_empty();
        let complete = |k: SectionKey| match k {
            SectionKey::Review => submitted && !resubmission_due,
            k => form.missing(k).is_empty(),
        };
        let mut current = None;
        let mut sections = Vec::with_capacity(SectionKey::ALL.len());
        for key in SectionKey::ALL {
            let state = if remediation.contains(&key) && !fixed.contains(&key) {
                current = current.or(Some(key));
                SectionState::ActionRequired
            } else if complete(key) {
                SectionState::Completed
            } else if current.is_none() && (!submitted || resubmission_due) {
                current = Some(key);
                SectionState::Current
            } else {
                SectionState::Pending
            };
            sections.push(SectionProgress { key, title: key.title().to_owned(), state });
        }
        let completed = sections.iter().filter(|s| s.state == SectionState::Completed).count() as u32;
        FormProgress {
            sections_completed: completed,
            sections_total: SectionKey::ALL.len() as u32,
            current_section: if submitted && !resubmission_due { None } else { current },
            sections,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(s: &str) -> Option<Line> {
        Line::parse(s).ok()
    }

    fn complete_form() -> Form {
        let date = |s: &str| s.parse::<Date>().ok();
        let file = FileId(uuid::Uuid::from_u128(7));
        Form {
            company: Company {
                legal_name: line("Brightwater Logistics Ltd"),
                dba: None,
                form_type: line("Private limited company"),
                entity_type: line("corporation"),
                registration_type: line("company_number"),
                registration_number: line("09876543"),
                tin: None,
                country: CountryCode::parse("GB").ok(),
                state: None,
                incorporation_date: date("2016-04-12"),
                address: Some(Address {
                    street: line("14 Quay Street"),
                    city: line("Bristol"),
                    postal_code: line("BS1 4DJ"),
                    state: None,
                    country: CountryCode::parse("GB").ok(),
                }),
            },
            representative: Representative {
                first_name: line("Amelia"),
                last_name: line("Hart"),
                email: Email::parse("amelia.hart@brightwater.example").ok(),
                phone: None,
                title: line("Director"),
                date_of_birth: date("1984-09-02"),
                nationality: CountryCode::parse("GB").ok(),
            },
            ownership: Ownership {
                persons: vec![Person {
                    representative: false,
                    first_name: line("Amelia"),
                    last_name: line("Hart"),
                    date_of_birth: date("1984-09-02"),
                    nationality: CountryCode::parse("GB").ok(),
                    roles: vec![Role::Director, Role::Shareholder],
                    ownership_percentage: Some(60.0),
                }],
                companies: vec![],
            },
            documents: DocumentKind::ALL.into_iter().map(|k| (k, vec![file])).collect(),
        }
    }

    #[test]
    fn a_complete_form_lacks_nothing_and_submits() {
        let form = complete_form();
        assert!(form.incomplete().is_empty(), "{:?}", form.incomplete());
        let p = FormProgress::of(&form, false, &[], &[]);
        assert_eq!((p.sections_completed, p.sections_total, p.current_section), (4, 5, Some(SectionKey::Review)));
        let p = FormProgress::of(&form, true, &[], &[]);
        assert_eq!((p.sections_completed, p.current_section), (5, None));
        assert!(p.sections.iter().all(|s| s.state == SectionState::Completed));
    }

    #[test]
    fn the_stepper_and_submit_name_the_same_gaps() {
        let mut form = complete_form();
        if let Some(a) = form.company.address.as_mut() {
            a.city = None;
        }
        form.company.country = CountryCode::parse("US").ok();
        form.documents.remove(&DocumentKind::OwnershipDocument);
        let incomplete = form.incomplete();
        assert_eq!(
            incomplete,
            vec![
                (SectionKey::Company, vec!["company.state".to_owned(), "company.address.city".to_owned()]),
                (SectionKey::Documents, vec!["documents.ownership_document".to_owned()]),
            ]
        );
        let p = FormProgress::of(&form, false, &[], &[]);
        let states: Vec<SectionState> = p.sections.iter().map(|s| s.state).collect();
        use SectionState::*;
        assert_eq!(states, vec![Current, Completed, Completed, Pending, Pending]);
        assert_eq!((p.current_section, p.sections_completed), (Some(SectionKey::Company), 2));
        // Every section the stepper does not show complete (but review) is one submit names.
        for s in &p.sections {
            let named = incomplete.iter().any(|(k, _)| *k == s.key);
            assert_eq!(named, s.state != Completed && s.key != SectionKey::Review, "{:?}", s.key);
        }
    }

    #[test]
    fn an_open_remediation_shows_and_leads() {
        let form = complete_form();
        let p = FormProgress::of(&form, true, &[SectionKey::Documents], &[]);
        assert_eq!(p.current_section, Some(SectionKey::Documents));
        assert_eq!(p.sections[3].state, SectionState::ActionRequired);
        assert_eq!(p.sections[4].state, SectionState::Pending, "no ✓ on the review beside a `!`");
        assert_eq!(p.sections_completed, 3);
    }

    #[test]
    fn a_fixed_section_shows_its_own_state_and_the_review_leads() {
        let form = complete_form();
        let asked = [SectionKey::Company, SectionKey::Documents];
        let p = FormProgress::of(&form, true, &asked, &[SectionKey::Company]);
        use SectionState::*;
        let states: Vec<SectionState> = p.sections.iter().map(|s| s.state).collect();
        assert_eq!(states, vec![Completed, Completed, Completed, ActionRequired, Pending]);
        assert_eq!(p.current_section, Some(SectionKey::Documents));
        let p = FormProgress::of(&form, true, &asked, &asked);
        assert_eq!(p.current_section, Some(SectionKey::Review), "everything fixed: resubmit");
        assert_eq!(p.sections[4].state, Current);
    }

    #[test]
    fn every_wrong_field_is_named_with_its_code() {
        let body = serde_json::json!({
            "legal_name": "Acme", "country": "United Kingdom", "incorporation_date": "31/01/2020",
            "address": {"street": "1 Road", "country": "Narnia"}, "legl_name": "x"
        });
        let Err(Error::Invalid(i)) = read_section::<Company>(body, |_| Ok(())) else { panic!("refused") };
        let all: Vec<(Option<String>, Option<&str>)> = i.all().into_iter().map(|e| (e.field, e.code)).collect();
        for (field, code) in [
            ("country", "country"),
            ("incorporation_date", "date"),
            ("address.country", "country"),
            ("legl_name", "unknown_field"),
        ] {
            assert!(all.contains(&(Some(field.to_owned()), Some(code))), "{field}: {all:?}");
        }
        assert_eq!(all.len(), 4, "{all:?}");
        let owners = serde_json::json!({"persons": [
            {"first_name": "A", "roles": ["director"], "ownership_percentage": 150, "nationality": "Atlantis"},
            {"representative": true, "first_name": "Again", "roles": ["shareholder"], "ownership_percentage": 30}
        ]});
        let Err(Error::Invalid(i)) = read_section::<Ownership>(owners, Ownership::check) else { panic!("refused") };
        let all: Vec<(Option<String>, Option<&str>)> = i.all().into_iter().map(|e| (e.field, e.code)).collect();
        assert!(all.contains(&(Some("persons[0].nationality".into()), Some("country"))), "{all:?}");
        assert!(all.contains(&(Some("persons[0].ownership_percentage".into()), Some("percentage"))), "{all:?}");
        assert!(all.contains(&(Some("persons[1].first_name".into()), Some("representative_owner"))), "{all:?}");
    }

    #[test]
    fn a_representative_owner_needs_the_representatives_nationality_not_their_own() {
        let mut form = complete_form();
        form.ownership.persons[0] = Person {
            representative: true,
            roles: vec![Role::Director, Role::Shareholder],
            ownership_percentage: Some(60.0),
            ..Person::default()
        };
        assert!(form.missing(SectionKey::Ownership).is_empty(), "{:?}", form.missing(SectionKey::Ownership));
        form.representative.nationality = None;
        assert_eq!(form.missing(SectionKey::Ownership), vec!["representative.nationality".to_owned()]);
    }

    #[test]
    fn owners_are_well_formed_or_refused_with_the_field() {
        let mut o = complete_form().ownership;
        o.companies.push(CorporateOwner { ownership_percentage: Some(50.0), ..CorporateOwner::default() });
        let Err(Error::Invalid(i)) = o.check() else { panic!("over 100% in all") };
        assert_eq!((i.field.as_deref(), i.code), (Some("persons"), Some("shares_total")));
        o.companies[0].ownership_percentage = Some(-1.0);
        let Err(Error::Invalid(i)) = o.check() else { panic!("negative") };
        assert_eq!(i.field.as_deref(), Some("companies[0].ownership_percentage"));
        o.companies[0].ownership_percentage = Some(40.0);
        assert!(o.check().is_ok());
    }

    #[test]
    fn beneficial_owners_and_directors_need_identity_data() {
        let mut form = complete_form();
        form.ownership.persons.push(Person {
            first_name: line("Tom"),
            last_name: line("Reyes"),
            roles: vec![Role::Shareholder],
            ownership_percentage: Some(30.0),
            ..Person::default()
        });
        assert!(form.ownership.persons[1].is_ubo());
        assert_eq!(
            form.missing(SectionKey::Ownership),
            vec!["ownership.persons[1].date_of_birth".to_owned(), "ownership.persons[1].nationality".to_owned()]
        );
        form.ownership.persons[1].ownership_percentage = Some(10.0);
        assert!(form.missing(SectionKey::Ownership).is_empty(), "a minority shareholder needs less");
    }

    #[test]
    fn sections_parse_strictly() {
        let bad: std::result::Result<Company, _> =
            serde_json::from_value(serde_json::json!({"country": "Narnia", "legal_name": "X"}));
        assert!(bad.is_err());
        let bad: std::result::Result<Representative, _> = serde_json::from_value(serde_json::json!({"email": "nope"}));
        assert!(bad.is_err());
        let unknown: std::result::Result<Company, _> = serde_json::from_value(serde_json::json!({"legl_name": "X"}));
        assert!(unknown.is_err(), "a misspelt field is refused, not dropped");
        let ok: Company =
            serde_json::from_value(serde_json::json!({"legal_name": "  Acme  ", "incorporation_date": "2020-01-31"}))
                .expect("parses");
        assert_eq!(ok.legal_name.as_ref().map(Line::as_str), Some("Acme"));
    }
}
