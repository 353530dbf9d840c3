//! An applicant's identity history (`applicant_identities`): every name, e-mail address and
//! phone number it has held, the current ones included. The applicants store writes it in the
//! transaction of each create and change (provided data, verified data, a proven e-mail
//! address) and deletes it with the applicant; an erasure looks for every value in it, so that a
//! search, a journal body or an e-mail check that named the person under an earlier name or
//! address goes too.

use rusqlite::{Connection, params};

use super::model::{Applicant, ApplicantId, ApplicantInfo};
use crate::error::Result;
use crate::scope::Scope;
use crate::time::Timestamp;

/// What an identifying value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Name,
    Email,
    Phone,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Name => "name",
            Kind::Email => "email",
            Kind::Phone => "phone",
        }
    }
}

/// Every value an applicant has held, by kind (each once, sorted).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Held {
    pub(crate) names: Vec<String>,
    pub(crate) emails: Vec<String>,
    pub(crate) phones: Vec<String>,
}

/// The names an applicant's data gives it: the full name, the first and last names as one, and
/// the name it is shown and screened by (a lone first or last name when that is all there is).
fn names_of(info: &ApplicantInfo) -> impl Iterator<Item = String> {
    let both = match (&info.first_name, &info.last_name) {
        (Some(first), Some(last)) => Some(format!("{first} {last}")),
        _ => None,
    };
    info.full_name.clone().into_iter().chain(both).chain(info.display_name())
}

/// The identifying values the applicant holds now, provided and verified.
fn current(a: &Applicant) -> Vec<(Kind, String)> {
    let mut values = Vec::new();
    for info in std::iter::once(&a.provided_info).chain(a.verified_info.as_ref()) {
        values.extend(names_of(info).map(|n| (Kind::Name, n)));
        values.extend(info.email.iter().map(|e| (Kind::Email, e.as_str().to_owned())));
        values.extend(info.phone.iter().map(|p| (Kind::Phone, p.as_str().to_owned())));
    }
    values.extend(a.email.iter().map(|e| (Kind::Email, e.as_str().to_owned())));
    values.extend(a.phone.iter().map(|p| (Kind::Phone, p.as_str().to_owned())));
    values.retain(|(_, v)| !v.trim().is_empty());
    values.sort_by(|x, y| (x.0.as_str(), &x.1).cmp(&(y.0.as_str(), &y.1)));
    values.dedup();
    values
}

/// Adds what the applicant holds now to its history (values held before stay). Call in the
/// transaction that wrote the applicant, after the write.
pub(super) fn record(conn: &Connection, scope: Scope, a: &Applicant, at: Timestamp) -> Result<()> {
    let mut insert = conn.prepare_cached(
        "INSERT INTO applicant_identities (applicant_id, kind, value, organization_id, environment, first_held_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (applicant_id, kind, value) DO NOTHING",
    )?;
    for (kind, value) in current(a) {
        insert.execute(params![a.applicant_id, kind.as_str(), value, scope.organization, scope.environment, at])?;
    }
    Ok(())
}

/// Every value the applicant has held.
pub(crate) fn held(conn: &Connection, scope: Scope, id: ApplicantId) -> Result<Held> {
    let mut stmt = conn.prepare_cached(
        "SELECT kind, value FROM applicant_identities
         WHERE applicant_id = ?1 AND organization_id = ?2 AND environment = ?3
         ORDER BY kind, value",
    )?;
    let mut rows = stmt.query(params![id, scope.organization, scope.environment])?;
    let mut held = Held::default();
    while let Some(row) = rows.next()? {
        let value: String = row.get(1)?;
        match row.get_ref(0)?.as_str().map_err(rusqlite::Error::from)? {
            "name" => held.names.push(value),
            "email" => held.emails.push(value),
            _ => held.phones.push(value),
        }
    }
    Ok(held)
}

/// Deletes the applicant's history (before the applicant itself, which it refers to).
pub(super) fn delete(conn: &Connection, scope: Scope, id: ApplicantId) -> Result<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM applicant_identities WHERE applicant_id = ?1 AND organization_id = ?2 AND environment = ?3",
        )?
        .execute(params![id, scope.organization, scope.environment])?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::applicants::{NewApplicant, build};

    fn applicant(info: serde_json::Value) -> Applicant {
        let input: NewApplicant = serde_json::from_value(info).expect("input");
        let now = Timestamp::from_millis(1_700_000_000_000);
        build(input, ApplicantId::new(now), now).expect("valid")
    }

    #[test]
    fn every_name_form_address_and_number_is_a_value_held() {
        let a = applicant(serde_json::json!({
            "email": "ann@example.com", "phone": "+44 20 7946 0000",
            "info": {"full_name": "Ann Marie Smith", "first_name": "Ann", "last_name": "Smith"}
        }));
        let values = current(&a);
        let held: Vec<(&str, &str)> = values.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            held,
            [
                ("email", "ann@example.com"),
                ("name", "Ann Marie Smith"),
                ("name", "Ann Smith"),
                ("phone", "+44 20 7946 0000")
            ]
        );
    }

    #[test]
    fn a_lone_last_name_is_the_name_held() {
        let a = applicant(serde_json::json!({"info": {"last_name": "Erasmuskel"}}));
        assert_eq!(current(&a), vec![(Kind::Name, "Erasmuskel".to_owned())]);
    }
}
