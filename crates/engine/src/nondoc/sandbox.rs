//! The sandbox's simulated registry: deterministic outcomes from documented magic numbers (the
//! API reference lists them), so that an integration can see every outcome.
//!
//! The outcome is read from three characters of the number as written canonically: Nigeria's
//! BVN and NIN (no check digit) by their last three, every other identifier by the three before
//! its last character (its check character), so a magic number still has valid check digits:
//! `000` not found, `111` another name, `222` another date of birth, `999` registry unavailable;
//! anything else is found, with the applicant's own name and date of birth.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    Found,
    NotFound,
    NameMismatch,
    DobMismatch,
    Unavailable,
}

impl Outcome {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Outcome::Found => "found",
            Outcome::NotFound => "not_found",
            Outcome::NameMismatch => "name_mismatch",
            Outcome::DobMismatch => "date_of_birth_mismatch",
            Outcome::Unavailable => "registry_unavailable",
        }
    }
}

/// The name the simulated registry holds for a `111` number.
pub(crate) const OTHER_NAME: &str = "Registry Otherperson";

/// The date of birth the simulated registry holds for a `222` number: a year off the
/// applicant's (1 January 1970 when it has none).
pub(crate) fn other_dob(applicant: Option<jiff::civil::Date>) -> jiff::civil::Date {
    let fallback = jiff::civil::date(1970, 1, 1);
    match applicant {
        Some(d) => d.checked_sub(jiff::Span::new().years(1)).unwrap_or(fallback),
        None => fallback,
    }
}

/// The outcome of a valid number, from its canonical form.
pub(crate) fn outcome(kind: docket_nationalid::Kind, canonical: &str) -> Outcome {
    let chars: Vec<char> = canonical.chars().collect();
    let end = match kind {
        docket_nationalid::Kind::NgBvn | docket_nationalid::Kind::NgNin => chars.len(),
        _ => chars.len().saturating_sub(1),
    };
    let magic: String = chars[end.saturating_sub(3)..end].iter().collect();
    match magic.as_str() {
        "000" => Outcome::NotFound,
        "111" => Outcome::NameMismatch,
        "222" => Outcome::DobMismatch,
        "999" => Outcome::Unavailable,
        _ => Outcome::Found,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use docket_nationalid::Kind;

    #[test]
    fn magic_numbers_are_read_where_documented() {
        assert_eq!(outcome(Kind::NgBvn, "22345678000"), Outcome::NotFound);
        assert_eq!(outcome(Kind::NgNin, "12345678111"), Outcome::NameMismatch);
        assert_eq!(outcome(Kind::NgBvn, "22345678222"), Outcome::DobMismatch);
        assert_eq!(outcome(Kind::NgBvn, "22345678999"), Outcome::Unavailable);
        assert_eq!(outcome(Kind::NgBvn, "22345678901"), Outcome::Found);
        // Before the check character.
        assert_eq!(outcome(Kind::PlPesel, "90030900004"), Outcome::NotFound);
        assert_eq!(outcome(Kind::PlPesel, "90030900040"), Outcome::Found);
        assert_eq!(other_dob("1990-03-09".parse().ok()).to_string(), "1989-03-09");
    }
}
