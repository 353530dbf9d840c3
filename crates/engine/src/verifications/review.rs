//! A reviewer's side of a production verification: what they read on the document (kept apart
//! from what Docket read, `poi_data`), the comparison of the applicant's declared data with
//! both readings field by field, and outcomes that wait one minute before they take effect.
//!
//! Why outcomes wait: an outcome finishes checks and, with the last one, the verification; that
//! sends `DOCVER_CHECKS` / `DOCVER` and records the result on the applicant. A webhook cannot be
//! called back, so instead of sending at once and correcting later, an outcome is held for
//! [`UNDO_WINDOW`] on the environment's clock (due work of kind `VerificationOutcome`) and only
//! then applied. Undoing it within the minute leaves no trace outside Docket but the audit
//! chain and the timeline; after it the outcome stands (a 409 that says so).
//!
//! Everything here is pure: the service reads and writes, these functions decide.

use jiff::SignedDuration;
use serde::{Deserialize, Serialize};

use super::model::{CheckError, PoiData};
use super::profile::CheckStep;
use crate::applicants::ApplicantInfo;
use crate::error::{Error, Result};
use crate::time::Timestamp;

/// How long a reviewer's outcome may be undone before it takes effect.
pub const UNDO_WINDOW: SignedDuration = SignedDuration::from_secs(60);

/// The longest value a reviewer may type in a field of their reading.
const MAX_READ: usize = 200;

/// The fields a reviewer reads off an identity document. Each is what is printed, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReadingFields {
    pub full_name: Option<String>,
    /// `YYYY-MM-DD`.
    pub birth_date: Option<String>,
    /// ISO 3166-1 alpha-3 (as the document prints it) or alpha-2.
    pub nationality: Option<String>,
    pub document_number: Option<String>,
    /// `YYYY-MM-DD`.
    pub expiry_date: Option<String>,
}

impl ReadingFields {
    /// The reading cleaned (blank fields dropped) and checked: dates are dates, the
    /// nationality a country; each refusal names its field.
    pub fn checked(self) -> Result<ReadingFields> {
        let text = |field: &str, v: Option<String>| -> Result<Option<String>> {
            match v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) {
                None => Ok(None),
                Some(s) => Ok(Some(crate::values::text(field, &s, MAX_READ)?)),
            }
        };
        let date = |field: &str, v: Option<String>| -> Result<Option<String>> {
            match text(field, v)? {
                None => Ok(None),
                Some(s) => s
                    .parse::<jiff::civil::Date>()
                    .map(|d| Some(d.to_string()))
                    .map_err(|_| Error::invalid(field, format!("`{s}` is not a date such as 1987-12-24"))),
            }
        };
        let nationality = match text("nationality", self.nationality)? {
            None => None,
            Some(c) => Some(alpha_3(&c).ok_or_else(|| {
                Error::invalid("nationality", "must be an ISO 3166-1 alpha-3 (or alpha-2) country code, such as DEU")
            })?),
        };
        let reading = ReadingFields {
            full_name: text("full_name", self.full_name)?,
            birth_date: date("birth_date", self.birth_date)?,
            nationality,
            document_number: text("document_number", self.document_number)?.map(|n| n.to_uppercase()),
            expiry_date: date("expiry_date", self.expiry_date)?,
        };
        if reading == ReadingFields::default() {
            return Err(Error::invalid_request("a reading names at least one field read on the document"));
        }
        Ok(reading)
    }
}

fn alpha_3(code: &str) -> Option<String> {
    let upper = code.trim().to_ascii_uppercase();
    crate::countries::by_alpha_3(&upper).or_else(|| crate::countries::by_alpha_2(&upper)).map(|c| c.alpha_3.to_owned())
}

/// A reviewer's reading as kept: the fields, who read them and when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Reading {
    pub fields: ReadingFields,
    /// `reviewer:<name>`.
    pub by: String,
    pub at: Timestamp,
}

/// How long an outcome waits, in words: `a minute`, `90 seconds`.
fn window_words(d: SignedDuration) -> String {
    match d.as_secs() {
        60 => "a minute".to_owned(),
        s if s % 60 == 0 => format!("{} minutes", s / 60),
        s => format!("{s} seconds"),
    }
}

/// A reviewer's outcome of a check, held until `undo_until` and then applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PendingOutcome {
    pub check: CheckStep,
    pub verified: bool,
    pub errors: Vec<CheckError>,
    pub note: Option<String>,
    /// `reviewer:<name>`.
    pub by: String,
    pub at: Timestamp,
    /// Until when it may be undone; it takes effect then.
    pub undo_until: Timestamp,
}

/// One moment of the reviewer's work, for the timeline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct ReviewEntry {
    pub(crate) at: Timestamp,
    pub(crate) what: String,
}

/// What a verification keeps of its review (the `review` column).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct Review {
    pub(crate) reading: Option<Reading>,
    pub(crate) pending: Vec<PendingOutcome>,
    pub(crate) history: Vec<ReviewEntry>,
}

/// Why an outcome cannot be undone.
fn outcome_words(o: &PendingOutcome) -> String {
    if o.verified {
        "passed".to_owned()
    } else {
        let codes: Vec<String> = o.errors.iter().map(|e| e.code.to_string()).collect();
        format!("failed ({})", codes.join(", "))
    }
}

impl Review {
    /// Holds an outcome for the undo window. A check has at most one outcome waiting.
    pub(crate) fn hold(&mut self, outcome: PendingOutcome) -> Result<()> {
        if let Some(held) = self.pending.iter().find(|p| p.check == outcome.check) {
            return Err(Error::Conflict(format!(
                "the `{}` check has an outcome waiting already ({} by {}); undo it first to change it",
                outcome.check.as_str(),
                outcome_words(held),
                held.by
            )));
        }
        self.history.push(ReviewEntry {
            at: outcome.at,
            // Times are the console's to show (the reviewer's zone): the sentence says how long,
            // the entry's `at` when.
            what: format!(
                "{} recorded {} as {}{}; it takes effect {} later unless undone",
                outcome.by,
                outcome.check.as_str(),
                outcome_words(&outcome),
                outcome.note.as_deref().map(|n| format!(" (\"{n}\")")).unwrap_or_default(),
                window_words(SignedDuration::from_millis(outcome.undo_until.as_millis() - outcome.at.as_millis()))
            ),
        });
        self.pending.push(outcome);
        Ok(())
    }

    /// Takes back the outcome waiting for `check`, if its minute has not passed at `now`.
    pub(crate) fn undo(&mut self, check: CheckStep, now: Timestamp, by: &str) -> Result<PendingOutcome> {
        let Some(i) = self.pending.iter().position(|p| p.check == check) else {
            return Err(Error::Conflict(format!(
                "the `{}` check has no outcome waiting to be undone: outcomes can be undone for one minute after \
                 they are recorded, and then they stand",
                check.as_str()
            )));
        };
        let held = &self.pending[i];
        if now >= held.undo_until {
            return Err(Error::Conflict(format!(
                "the outcome of `{}` ({}) was recorded at {} and could be undone until {}: it stands now",
                check.as_str(),
                outcome_words(held),
                held.at,
                held.undo_until
            )));
        }
        let undone = self.pending.remove(i);
        self.history.push(ReviewEntry {
            at: now,
            what: format!("{by} undid the outcome of {} ({})", check.as_str(), outcome_words(&undone)),
        });
        Ok(undone)
    }

    /// The outcomes whose minute has passed at `now`, taken out to be applied.
    pub(crate) fn due(&mut self, now: Timestamp) -> Vec<PendingOutcome> {
        let (due, waiting) = std::mem::take(&mut self.pending).into_iter().partition(|p| p.undo_until <= now);
        self.pending = waiting;
        due
    }

    /// When the next waiting outcome takes effect.
    pub(crate) fn next_due(&self) -> Option<Timestamp> {
        self.pending.iter().map(|p| p.undo_until).min()
    }

    /// Keeps the reviewer's reading (a new one replaces the last).
    pub(crate) fn read(&mut self, reading: Reading) {
        let names: Vec<&str> = [
            ("full name", reading.fields.full_name.is_some()),
            ("date of birth", reading.fields.birth_date.is_some()),
            ("nationality", reading.fields.nationality.is_some()),
            ("document number", reading.fields.document_number.is_some()),
            ("expiry date", reading.fields.expiry_date.is_some()),
        ]
        .into_iter()
        .filter_map(|(n, given)| given.then_some(n))
        .collect();
        self.history.push(ReviewEntry {
            at: reading.at,
            what: format!("{} entered their reading of the document: {}", reading.by, names.join(", ")),
        });
        self.reading = Some(reading);
    }
}

/// How a field compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FieldMatch {
    /// What was read (the reviewer's reading, else Docket's) equals what was declared.
    Match,
    Mismatch,
    /// Nothing declared to compare with.
    NotDeclared,
    /// Nothing read yet: neither Docket nor a reviewer.
    NotRead,
}

/// One field of the comparison: declared, read by Docket, read by the reviewer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FieldComparison {
    /// `full_name`, `birth_date`, `nationality`, `document_number` or `expiry_date`.
    pub field: &'static str,
    /// The applicant's data as the integration declared it.
    pub declared: Option<String>,
    /// What Docket read (the machine-readable zone of a PDF with a text layer).
    pub machine: Option<String>,
    /// What the reviewer entered.
    pub reviewer: Option<String>,
    #[serde(rename = "match")]
    pub result: FieldMatch,
    /// True when both Docket and the reviewer read the field and they disagree.
    pub readings_differ: bool,
}

/// How values are compared: names without case, accents, punctuation or word order; countries
/// as alpha-3; the rest without case and spaces.
fn same(field: &str, a: &str, b: &str) -> bool {
    match field {
        "full_name" => {
            let words = |s: &str| {
                let mut w: Vec<String> = crate::values::fold(s)
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .map(str::to_owned)
                    .collect();
                w.sort();
                w
            };
            words(a) == words(b)
        }
        "nationality" => alpha_3(a).is_some() && alpha_3(a) == alpha_3(b),
        _ => {
            let plain = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
            plain(a) == plain(b)
        }
    }
}

/// The applicant's declared data beside Docket's and the reviewer's readings, field by field.
/// The declared document number and expiry date: Docket's applicants carry none, so those rows
/// compare the two readings only.
pub fn compare(
    declared: &ApplicantInfo,
    machine: Option<&PoiData>,
    reading: Option<&ReadingFields>,
) -> Vec<FieldComparison> {
    let name = declared.display_name();
    let dob = declared.dob.as_ref().map(|d| d.0.to_string());
    let citizenship = declared.citizenship.as_ref().and_then(|c| alpha_3(c.as_str()));
    // (field, declared, Docket's reading, the reviewer's)
    type Row = (&'static str, Option<String>, Option<String>, Option<String>);
    let rows: [Row; 5] = [
        ("full_name", name, machine.and_then(|m| m.full_name.clone()), reading.and_then(|r| r.full_name.clone())),
        ("birth_date", dob, machine.and_then(|m| m.birth_date.clone()), reading.and_then(|r| r.birth_date.clone())),
        (
            "nationality",
            citizenship,
            machine.and_then(|m| m.nationality.clone()),
            reading.and_then(|r| r.nationality.clone()),
        ),
        (
            "document_number",
            None,
            machine.and_then(|m| m.document_number.clone()),
            reading.and_then(|r| r.document_number.clone()),
        ),
        ("expiry_date", None, machine.and_then(|m| m.expiry_date.clone()), reading.and_then(|r| r.expiry_date.clone())),
    ];
    rows.into_iter()
        .map(|(field, declared, machine, reviewer)| {
            // The reviewer's reading corrects Docket's.
            let read = reviewer.as_deref().or(machine.as_deref());
            let result = match (declared.as_deref(), read) {
                (_, None) => FieldMatch::NotRead,
                (None, Some(_)) => FieldMatch::NotDeclared,
                (Some(d), Some(r)) if same(field, d, r) => FieldMatch::Match,
                (Some(_), Some(_)) => FieldMatch::Mismatch,
            };
            let readings_differ = matches!((&machine, &reviewer), (Some(m), Some(r)) if !same(field, m, r));
            FieldComparison { field, declared, machine, reviewer, result, readings_differ }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> Timestamp {
        s.parse().expect("a time")
    }

    fn outcome(check: CheckStep, recorded: &str) -> PendingOutcome {
        let at = at(recorded);
        PendingOutcome {
            check,
            verified: true,
            errors: Vec::new(),
            note: None,
            by: "reviewer:ana".into(),
            at,
            undo_until: at.saturating_add(UNDO_WINDOW),
        }
    }

    #[test]
    fn the_timeline_says_how_long_an_outcome_waits_and_leaves_times_to_the_console() {
        let mut review = Review::default();
        review.hold(outcome(CheckStep::FaceComparison, "2026-01-01T10:00:00Z")).expect("held");
        let said = &review.history.last().expect("an entry").what;
        assert!(said.contains("takes effect a minute later unless undone"), "{said}");
        assert!(!said.contains("2026-01-01") && !said.contains("10:01"), "no raw time in the sentence: {said}");
        assert_eq!(window_words(SignedDuration::from_secs(90)), "90 seconds");
        assert_eq!(window_words(SignedDuration::from_secs(300)), "5 minutes");
    }

    #[test]
    fn an_outcome_can_be_undone_within_its_minute_and_not_after() {
        let mut review = Review::default();
        review.hold(outcome(CheckStep::FaceComparison, "2026-01-01T10:00:00Z")).expect("held");
        assert!(matches!(
            review.hold(outcome(CheckStep::FaceComparison, "2026-01-01T10:00:10Z")),
            Err(Error::Conflict(_))
        ));
        let undone =
            review.undo(CheckStep::FaceComparison, at("2026-01-01T10:00:59Z"), "reviewer:ana").expect("undone");
        assert_eq!(undone.check, CheckStep::FaceComparison);
        assert!(review.pending.is_empty());

        review.hold(outcome(CheckStep::Liveness, "2026-01-01T10:01:00Z")).expect("held");
        match review.undo(CheckStep::Liveness, at("2026-01-01T10:02:00Z"), "reviewer:ana") {
            Err(Error::Conflict(m)) => assert!(m.contains("it stands now"), "{m}"),
            other => panic!("undone after its minute: {other:?}"),
        }
        match review.undo(CheckStep::Poa, at("2026-01-01T10:01:01Z"), "reviewer:ana") {
            Err(Error::Conflict(m)) => assert!(m.contains("no outcome waiting"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(review.history.len(), 3, "recorded, undone, recorded");
    }

    #[test]
    fn only_outcomes_past_their_minute_are_due() {
        let mut review = Review::default();
        review.hold(outcome(CheckStep::FaceComparison, "2026-01-01T10:00:00Z")).expect("held");
        review.hold(outcome(CheckStep::Liveness, "2026-01-01T10:00:30Z")).expect("held");
        assert_eq!(review.next_due(), Some(at("2026-01-01T10:01:00Z")));
        assert!(review.due(at("2026-01-01T10:00:59Z")).is_empty());
        let due = review.due(at("2026-01-01T10:01:00Z"));
        assert_eq!(due.iter().map(|o| o.check).collect::<Vec<_>>(), [CheckStep::FaceComparison]);
        assert_eq!(review.next_due(), Some(at("2026-01-01T10:01:30Z")));
    }

    #[test]
    fn a_reading_is_checked_field_by_field() {
        let refused = |r: ReadingFields| match r.checked() {
            Err(Error::Invalid(i)) => i.field.unwrap_or_default(),
            other => panic!("accepted: {other:?}"),
        };
        assert_eq!(
            refused(ReadingFields { birth_date: Some("24.12.1987".into()), ..Default::default() }),
            "birth_date"
        );
        assert_eq!(refused(ReadingFields { nationality: Some("Narnia".into()), ..Default::default() }), "nationality");
        assert!(
            ReadingFields { full_name: Some("  ".into()), ..Default::default() }.checked().is_err(),
            "nothing read"
        );
        let ok = ReadingFields {
            full_name: Some(" Anna Maria Schmidt ".into()),
            nationality: Some("de".into()),
            document_number: Some("c01x00t47".into()),
            ..Default::default()
        }
        .checked()
        .expect("valid");
        assert_eq!(ok.full_name.as_deref(), Some("Anna Maria Schmidt"));
        assert_eq!(ok.nationality.as_deref(), Some("DEU"));
        assert_eq!(ok.document_number.as_deref(), Some("C01X00T47"));
    }

    #[test]
    fn the_reviewers_reading_corrects_dockets_and_is_compared_with_the_declared_data() {
        let declared = ApplicantInfo {
            first_name: Some("Anna".into()),
            last_name: Some("Schmidt".into()),
            dob: Some(crate::applicants::Dob::parse("1987-12-24").expect("date")),
            citizenship: Some(crate::values::CountryCode::parse("DE").expect("country")),
            ..Default::default()
        };
        let machine = PoiData {
            full_name: Some("Anna Schmit".into()),
            birth_date: Some("1987-12-24".into()),
            nationality: Some("DEU".into()),
            document_number: Some("C01X00T47".into()),
            ..Default::default()
        };
        let rows = compare(&declared, Some(&machine), None);
        let result = |rows: &[FieldComparison], f: &str| rows.iter().find(|r| r.field == f).map(|r| r.result);
        assert_eq!(result(&rows, "full_name"), Some(FieldMatch::Mismatch));
        assert_eq!(result(&rows, "birth_date"), Some(FieldMatch::Match));
        assert_eq!(result(&rows, "nationality"), Some(FieldMatch::Match));
        assert_eq!(result(&rows, "document_number"), Some(FieldMatch::NotDeclared));
        assert_eq!(result(&rows, "expiry_date"), Some(FieldMatch::NotRead));

        let reading = ReadingFields { full_name: Some("SCHMIDT, Anna".into()), ..Default::default() };
        let rows = compare(&declared, Some(&machine), Some(&reading));
        let name = rows.iter().find(|r| r.field == "full_name").expect("row");
        assert_eq!(name.result, FieldMatch::Match, "word order, case and punctuation do not count");
        assert!(name.readings_differ, "the reviewer read another name than the MRZ");
        assert_eq!(name.declared.as_deref(), Some("Anna Schmidt"));
    }
}
