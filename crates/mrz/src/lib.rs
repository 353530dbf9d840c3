//! Machine-readable zones of travel documents, as ICAO Doc 9303 (8th edition, parts 3 to 6)
//! defines them: the two or three lines of `A`–`Z`, `0`–`9` and `<` at the foot of a passport's
//! data page (TD3, 2 × 44), of a visa or older identity card (TD2, 2 × 36) or on the back of an
//! identity card (TD1, 3 × 30).
//!
//! [`find`] looks for a zone in any text (a PDF's text layer, an OCR result), [`Mrz::parse`]
//! reads one from its lines. Reading never panics on any input. Every check digit is verified
//! and a wrong one is named ([`CheckField`]); a zone is trusted only when [`Mrz::is_valid`].
//! [`compose_td3`] writes a valid passport zone, for test data.
//!
//! No dependencies: dates are kept as the zone writes them (`YYMMDD`) with [`Mrz::birth_date`]
//! and [`Mrz::expiry_date`] resolving the century against a reference year.

use std::fmt;

/// The three layouts of Doc 9303.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Identity cards: three lines of 30.
    Td1,
    /// Visas and older cards: two lines of 36.
    Td2,
    /// Passports: two lines of 44.
    Td3,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Td1 => "TD1",
            Format::Td2 => "TD2",
            Format::Td3 => "TD3",
        }
    }

    fn shape(self) -> (usize, usize) {
        match self {
            Format::Td1 => (3, 30),
            Format::Td2 => (2, 36),
            Format::Td3 => (2, 44),
        }
    }
}

/// A field protected by a check digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckField {
    DocumentNumber,
    BirthDate,
    ExpiryDate,
    /// TD3's personal number.
    OptionalData,
    /// The digit over the whole zone's protected fields.
    Composite,
}

impl CheckField {
    pub fn as_str(self) -> &'static str {
        match self {
            CheckField::DocumentNumber => "document number",
            CheckField::BirthDate => "date of birth",
            CheckField::ExpiryDate => "date of expiry",
            CheckField::OptionalData => "personal number",
            CheckField::Composite => "composite",
        }
    }
}

/// Why lines are not a zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MrzError {
    /// Not two lines of 44 or 36, nor three of 30.
    Shape,
    /// A character outside `A`–`Z`, `0`–`9` and `<`.
    Character(char),
    /// A date that is not `YYMMDD` of a real day.
    Date(CheckField),
}

impl fmt::Display for MrzError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MrzError::Shape => f.write_str("not a machine-readable zone (2 × 44, 2 × 36 or 3 × 30 characters)"),
            MrzError::Character(c) => write!(f, "`{}` cannot appear in a machine-readable zone", c.escape_default()),
            MrzError::Date(field) => write!(f, "the {} is not a date", field.as_str()),
        }
    }
}

impl std::error::Error for MrzError {}

/// A date as a zone writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct MrzDate {
    pub yy: u8,
    pub month: u8,
    pub day: u8,
}

impl MrzDate {
    fn parse(s: &str, field: CheckField) -> Result<MrzDate, MrzError> {
        let digits: Vec<u8> = s.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        if digits.len() != 6 || digits.iter().any(|d| *d > 9) {
            return Err(MrzError::Date(field));
        }
        let two = |i: usize| digits[i] * 10 + digits[i + 1];
        let (yy, month, day) = (two(0), two(2), two(4));
        if !(1..=12).contains(&month) || day == 0 || day > days_in(month, yy) {
            return Err(MrzError::Date(field));
        }
        Ok(MrzDate { yy, month, day })
    }

    /// The full year: the latest year ending in `yy` that is not after `latest`.
    pub fn year_not_after(self, latest: i32) -> i32 {
        let century = latest - latest.rem_euclid(100);
        let year = century + i32::from(self.yy);
        if year > latest { year - 100 } else { year }
    }
}

/// Days in a month; February has 29 in years divisible by 4 (a two-digit year cannot say more;
/// 2000 was a leap year).
fn days_in(month: u8, yy: u8) -> u8 {
    match month {
        2 if yy.is_multiple_of(4) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A machine-readable zone, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mrz {
    pub format: Format,
    /// `P` (passport), `I`, `A`, `C` (identity cards), `V` (visa), with its second character
    /// when not a filler (`PD`, `ID`).
    pub document_code: String,
    /// The issuing state or organization: ISO 3166-1 alpha-3, or `D` for Germany and the
    /// Doc 9303 codes of organizations (`UNO`, `XXA`, ...).
    pub issuing_state: String,
    pub surname: String,
    pub given_names: String,
    pub document_number: String,
    pub nationality: String,
    pub birth_date: MrzDate,
    /// `M`, `F` or `X` (`<` is written as `X`).
    pub sex: char,
    pub expiry_date: MrzDate,
    pub optional_data: String,
    /// The check digits that do not match, if any.
    pub failed_checks: Vec<CheckField>,
    /// The zone's lines as read.
    pub lines: Vec<String>,
}

/// The check digit of a field: weights 7, 3, 1 over digits, letters (A = 10 … Z = 35) and
/// fillers (0), modulo 10.
pub fn check_digit(field: &str) -> u8 {
    let sum: u32 = field
        .bytes()
        .zip([7u32, 3, 1].iter().cycle())
        .map(|(b, w)| {
            let value = match b {
                b'0'..=b'9' => u32::from(b - b'0'),
                b'A'..=b'Z' => u32::from(b - b'A') + 10,
                _ => 0,
            };
            value * w
        })
        .sum();
    (sum % 10) as u8
}

fn digit_matches(field: &str, digit: char) -> bool {
    // A field left empty may carry `<` as its check digit.
    (digit == '<' && field.bytes().all(|b| b == b'<')) || digit.to_digit(10) == Some(u32::from(check_digit(field)))
}

/// `<` as spaces, runs of spaces as one, trimmed.
fn words(field: &str) -> String {
    field.split('<').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

/// Surname and given names from the name field (`SURNAME<<GIVEN<NAMES`).
fn names(field: &str) -> (String, String) {
    match field.split_once("<<") {
        Some((surname, given)) => (words(surname), words(given)),
        None => (words(field), String::new()),
    }
}

impl Mrz {
    /// Reads a zone from its lines (surrounding whitespace ignored).
    pub fn parse<S: AsRef<str>>(lines: &[S]) -> Result<Mrz, MrzError> {
        let lines: Vec<String> = lines.iter().map(|l| l.as_ref().trim().to_owned()).collect();
        if let Some(bad) = lines.iter().flat_map(|l| l.chars()).find(|c| !is_mrz_char(*c)) {
            return Err(MrzError::Character(bad));
        }
        let lengths: Vec<usize> = lines.iter().map(String::len).collect();
        let format = [Format::Td3, Format::Td2, Format::Td1]
            .into_iter()
            .find(|f| {
                let (count, width) = f.shape();
                lengths.len() == count && lengths.iter().all(|l| *l == width)
            })
            .ok_or(MrzError::Shape)?;
        match format {
            Format::Td1 => Self::td1(lines),
            Format::Td2 | Format::Td3 => Self::two_lines(format, lines),
        }
    }

    fn two_lines(format: Format, lines: Vec<String>) -> Result<Mrz, MrzError> {
        let (a, b) = (&lines[0], &lines[1]);
        let width = a.len();
        let at = |s: &str, from: usize, to: usize| s[from..to].to_owned();
        let char_at = |s: &str, i: usize| s.as_bytes()[i] as char;
        let (surname, given_names) = names(&a[5..]);
        let number = at(b, 0, 9);
        let birth = at(b, 13, 19);
        let expiry = at(b, 21, 27);
        let optional_end = if format == Format::Td3 { 42 } else { 35 };
        let optional = at(b, 28, optional_end);
        let mut failed = Vec::new();
        if !digit_matches(&number, char_at(b, 9)) {
            failed.push(CheckField::DocumentNumber);
        }
        if !digit_matches(&birth, char_at(b, 19)) {
            failed.push(CheckField::BirthDate);
        }
        if !digit_matches(&expiry, char_at(b, 27)) {
            failed.push(CheckField::ExpiryDate);
        }
        if format == Format::Td3 && !digit_matches(&optional, char_at(b, 42)) {
            failed.push(CheckField::OptionalData);
        }
        let composite = if format == Format::Td3 {
            format!("{}{}{}", &b[0..10], &b[13..20], &b[21..43])
        } else {
            format!("{}{}{}", &b[0..10], &b[13..20], &b[21..35])
        };
        if !digit_matches(&composite, char_at(b, width - 1)) {
            failed.push(CheckField::Composite);
        }
        Ok(Mrz {
            format,
            document_code: words(&a[0..2]),
            issuing_state: words(&a[2..5]),
            surname,
            given_names,
            document_number: words(&number),
            nationality: words(&b[10..13]),
            birth_date: MrzDate::parse(&birth, CheckField::BirthDate)?,
            sex: sex(char_at(b, 20)),
            expiry_date: MrzDate::parse(&expiry, CheckField::ExpiryDate)?,
            optional_data: words(&optional),
            failed_checks: failed,
            lines,
        })
    }

    fn td1(lines: Vec<String>) -> Result<Mrz, MrzError> {
        let (a, b, c) = (&lines[0], &lines[1], &lines[2]);
        let char_at = |s: &str, i: usize| s.as_bytes()[i] as char;
        let number = &a[5..14];
        let (birth, expiry) = (&b[0..6], &b[8..14]);
        let mut failed = Vec::new();
        if !digit_matches(number, char_at(a, 14)) {
            failed.push(CheckField::DocumentNumber);
        }
        if !digit_matches(birth, char_at(b, 6)) {
            failed.push(CheckField::BirthDate);
        }
        if !digit_matches(expiry, char_at(b, 14)) {
            failed.push(CheckField::ExpiryDate);
        }
        let composite = format!("{}{}{}{}", &a[5..30], &b[0..7], &b[8..15], &b[18..29]);
        if !digit_matches(&composite, char_at(b, 29)) {
            failed.push(CheckField::Composite);
        }
        let (surname, given_names) = names(c);
        Ok(Mrz {
            format: Format::Td1,
            document_code: words(&a[0..2]),
            issuing_state: words(&a[2..5]),
            surname,
            given_names,
            document_number: words(number),
            nationality: words(&b[15..18]),
            birth_date: MrzDate::parse(birth, CheckField::BirthDate)?,
            sex: sex(char_at(b, 7)),
            expiry_date: MrzDate::parse(expiry, CheckField::ExpiryDate)?,
            optional_data: words(&format!("{}<{}", &a[15..30], &b[18..29])),
            failed_checks: failed,
            lines,
        })
    }

    /// Whether every check digit matches.
    pub fn is_valid(&self) -> bool {
        self.failed_checks.is_empty()
    }

    /// The date of birth as (year, month, day), the year being the latest not after
    /// `current_year`.
    pub fn birth_date(&self, current_year: i32) -> (i32, u8, u8) {
        let d = self.birth_date;
        (d.year_not_after(current_year), d.month, d.day)
    }

    /// The date of expiry as (year, month, day): within fifty years after `current_year`
    /// (documents are valid for at most ten).
    pub fn expiry_date(&self, current_year: i32) -> (i32, u8, u8) {
        let d = self.expiry_date;
        (d.year_not_after(current_year + 50), d.month, d.day)
    }
}

fn sex(c: char) -> char {
    match c {
        'M' | 'F' => c,
        _ => 'X',
    }
}

fn is_mrz_char(c: char) -> bool {
    c.is_ascii_uppercase() || c.is_ascii_digit() || c == '<'
}

/// The first zone in `text`: consecutive lines of a zone's shape (spaces inside a line, as OCR
/// and text layers often insert, are dropped). `None` when there is none.
pub fn find(text: &str) -> Option<Result<Mrz, MrzError>> {
    let candidates: Vec<String> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .map(|l| if l.chars().all(is_mrz_char) && l.contains('<') { l } else { String::new() })
        .collect();
    for format in [Format::Td3, Format::Td2, Format::Td1] {
        let (count, width) = format.shape();
        for window in candidates.windows(count) {
            if window.iter().all(|l| l.len() == width) {
                return Some(Mrz::parse(window));
            }
        }
    }
    None
}

/// What a passport zone says, to write one.
#[derive(Debug, Clone, Default)]
pub struct Td3Fields<'a> {
    pub document_code: &'a str,
    pub issuing_state: &'a str,
    pub surname: &'a str,
    pub given_names: &'a str,
    pub document_number: &'a str,
    pub nationality: &'a str,
    /// `YYMMDD`.
    pub birth_date: &'a str,
    pub sex: char,
    /// `YYMMDD`.
    pub expiry_date: &'a str,
    pub personal_number: &'a str,
}

/// A field in zone characters: letters upper-cased, anything else a filler, padded or cut to
/// `width`.
fn field(text: &str, width: usize) -> String {
    let mut out: String = text
        .chars()
        .map(|c| c.to_ascii_uppercase())
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '<' })
        .take(width)
        .collect();
    while out.len() < width {
        out.push('<');
    }
    out
}

/// Writes a passport's two lines with correct check digits.
pub fn compose_td3(f: &Td3Fields<'_>) -> [String; 2] {
    let name = format!("{}<<{}", field(f.surname, 39).trim_end_matches('<'), field(f.given_names, 39));
    let a = format!("{}{}{}", field(f.document_code, 2), field(f.issuing_state, 3), field(&name, 39));
    let number = field(f.document_number, 9);
    let personal = field(f.personal_number, 14);
    let mut b = format!(
        "{number}{}{}{}{}{}{}{}{}{}",
        check_digit(&number),
        field(f.nationality, 3),
        field(f.birth_date, 6),
        check_digit(&field(f.birth_date, 6)),
        if matches!(f.sex, 'M' | 'F') { f.sex } else { '<' },
        field(f.expiry_date, 6),
        check_digit(&field(f.expiry_date, 6)),
        personal,
        if personal.bytes().all(|c| c == b'<') { '<' } else { char::from(b'0' + check_digit(&personal)) },
    );
    let composite = format!("{}{}{}", &b[0..10], &b[13..20], &b[21..43]);
    b.push(char::from(b'0' + check_digit(&composite)));
    [a, b]
}

#[cfg(test)]
mod tests {
    use super::*;

    // The specimens of Doc 9303 (the fictional state Utopia).
    const TD3: [&str; 2] =
        ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
    const TD2: [&str; 2] = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"];
    const TD1: [&str; 3] =
        ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];

    #[test]
    fn the_specimens_read_and_verify() {
        let p = Mrz::parse(&TD3).expect("td3");
        assert!(p.is_valid(), "{:?}", p.failed_checks);
        assert_eq!((p.format, p.document_code.as_str(), p.issuing_state.as_str()), (Format::Td3, "P", "UTO"));
        assert_eq!((p.surname.as_str(), p.given_names.as_str()), ("ERIKSSON", "ANNA MARIA"));
        assert_eq!((p.document_number.as_str(), p.nationality.as_str(), p.sex), ("L898902C3", "UTO", 'F'));
        assert_eq!(p.birth_date(2026), (1974, 8, 12));
        assert_eq!(p.expiry_date(2026), (2012, 4, 15));
        assert_eq!(p.optional_data, "ZE184226B");

        let v = Mrz::parse(&TD2).expect("td2");
        assert!(v.is_valid(), "{:?}", v.failed_checks);
        assert_eq!((v.format, v.document_number.as_str()), (Format::Td2, "D23145890"));

        let c = Mrz::parse(&TD1).expect("td1");
        assert!(c.is_valid(), "{:?}", c.failed_checks);
        assert_eq!((c.format, c.surname.as_str(), c.nationality.as_str()), (Format::Td1, "ERIKSSON", "UTO"));
    }

    #[test]
    fn a_changed_character_fails_its_check_digit() {
        let forged = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1304159ZE184226B<<<<<10"];
        let p = Mrz::parse(&forged).expect("reads");
        assert_eq!(p.failed_checks, vec![CheckField::ExpiryDate, CheckField::Composite]);
        assert!(!p.is_valid());
    }

    #[test]
    fn zones_are_found_in_text_with_spaces() {
        let text = format!("PASSPORT\nSurname: Eriksson\n{}\n{} \n", TD3[0], TD3[1].replace("UTO7408", "UTO 7408"));
        let p = find(&text).expect("found").expect("reads");
        assert!(p.is_valid());
        assert!(find("no zone here\n<<<<\n").is_none());
    }

    #[test]
    fn bad_shapes_characters_and_dates_are_errors() {
        assert_eq!(Mrz::parse(&["P<UTO"]), Err(MrzError::Shape));
        assert_eq!(
            Mrz::parse(&[TD3[0], "l898902C36UTO7408122F1204159ZE184226B<<<<<10"]),
            Err(MrzError::Character('l'))
        );
        let bad_date = "L898902C36UTO7413122F1204159ZE184226B<<<<<10";
        assert_eq!(Mrz::parse(&[TD3[0], bad_date]), Err(MrzError::Date(CheckField::BirthDate)));
    }

    #[test]
    fn composed_zones_are_valid() {
        let lines = compose_td3(&Td3Fields {
            document_code: "P",
            issuing_state: "DEU",
            surname: "Müller-Lüdenscheidt",
            given_names: "Anna Maria",
            document_number: "C01X00T47",
            nationality: "DEU",
            birth_date: "830321",
            sex: 'F',
            expiry_date: "310224",
            personal_number: "",
        });
        let p = Mrz::parse(&lines).expect("reads");
        assert!(p.is_valid(), "{lines:?} {:?}", p.failed_checks);
        assert_eq!(p.surname, "M LLER L DENSCHEIDT");
        assert_eq!(p.given_names, "ANNA MARIA");
    }
}

#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        // Reading never panics, whatever the text (the fuzz target's property, in every test run).
        #[test]
        fn any_text_is_read_without_panic(text in "\\PC{0,400}") {
            let _ = find(&text);
        }

        #[test]
        fn any_lines_of_zone_characters_are_read_without_panic(lines in proptest::collection::vec("[A-Z0-9<]{28,46}", 1..4)) {
            let _ = Mrz::parse(&lines);
        }

        #[test]
        fn composed_passports_read_back(
            surname in "[A-Z]{1,20}", given in "[A-Z]{1,15}", number in "[A-Z0-9]{9}",
            yy in 0u8..100, month in 1u8..13, day in 1u8..29, sex in prop::sample::select(vec!['M', 'F', 'X']),
        ) {
            let date = format!("{yy:02}{month:02}{day:02}");
            let lines = compose_td3(&Td3Fields {
                document_code: "P", issuing_state: "UTO", surname: &surname, given_names: &given,
                document_number: &number, nationality: "UTO", birth_date: &date, sex, expiry_date: &date,
                personal_number: "",
            });
            let p = Mrz::parse(&lines).expect("reads");
            prop_assert!(p.is_valid());
            prop_assert_eq!(p.document_number, number);
            prop_assert_eq!(p.surname, surname);
            prop_assert_eq!(p.birth_date, MrzDate { yy, month, day });
        }
    }
}
