//! Account identifiers: the IBAN (ISO 13616: the mod-97 check digits and the country's BBAN
//! format and length, both through the `iban_validate` crate, which carries SWIFT's registry),
//! the BIC (ISO 9362: 4 letters of the institution, the ISO 3166 country, 2 characters of the
//! location, an optional branch of 3) and a domestic account number.

use std::str::FromStr;

use iban::{Iban, IbanLike, ParseBaseIbanError, ParseIbanError};

/// An IBAN read from text: its electronic form and, if it is not a valid one, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct IbanRead {
    pub electronic: String,
    pub problem: Option<String>,
}

/// The IBAN starting at byte `start` of `text` (two letters and two digits, then letters and
/// digits, in groups of four or together): the longest prefix that is a valid IBAN, else the
/// whole run with the reason it is not one. Returns it and the byte after it.
pub(crate) fn iban_at(text: &str, start: usize) -> Option<(IbanRead, usize)> {
    let rest = &text[start..];
    let head: Vec<char> = rest.chars().take(4).collect();
    if head.len() < 4
        || !head[0].is_ascii_uppercase()
        || !head[1].is_ascii_uppercase()
        || !head[2].is_ascii_digit()
        || !head[3].is_ascii_digit()
    {
        return None;
    }
    // The run: letters and digits, single spaces between groups.
    let mut compact = String::new();
    let mut ends = Vec::new(); // byte end after each character taken
    let mut prev_space = false;
    for (i, c) in rest.char_indices() {
        if c.is_ascii_alphanumeric() {
            compact.push(c.to_ascii_uppercase());
            ends.push(start + i + 1);
            prev_space = false;
        } else if (c == ' ' || c == '\u{a0}') && !prev_space && !compact.is_empty() {
            prev_space = true;
        } else {
            break;
        }
        if compact.len() >= 34 {
            break;
        }
    }
    // A word glued on after a space ("DE89 3704 0044 0532 0130 00 BIC") is not part of it.
    if compact.len() < 15 {
        return None;
    }
    for len in (15..=compact.len()).rev() {
        if Iban::from_str(&compact[..len]).is_ok() {
            return Some((IbanRead { electronic: compact[..len].to_owned(), problem: None }, ends[len - 1]));
        }
    }
    // Not valid at any length: the run up to its last whole group of digits and letters.
    let problem = match Iban::from_str(&compact) {
        Err(e) => why(&e, &compact[..2]),
        Ok(_) => return None,
    };
    Some((IbanRead { electronic: compact.clone(), problem: Some(problem) }, ends[compact.len() - 1]))
}

fn why(e: &ParseIbanError, country: &str) -> String {
    match e {
        ParseIbanError::InvalidBaseIban { source: ParseBaseIbanError::InvalidChecksum } => {
            "its check digits do not match (ISO 13616 mod-97)".to_owned()
        }
        ParseIbanError::InvalidBaseIban { source: _ } => "it is not written as an IBAN".to_owned(),
        ParseIbanError::InvalidBban(base) => {
            format!("its length or form is wrong for {country} ({} characters)", base.electronic_str().len())
        }
        ParseIbanError::UnknownCountry(_) => format!("{country} issues no IBANs"),
    }
}

/// The ISO 3166-1 alpha-2 codes (and `XK`, Kosovo, which SWIFT uses).
const COUNTRIES: &str = "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS \
BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM \
FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP \
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV \
MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD \
SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC \
VE VG VI VN VU WF WS XK YE YT ZA ZM ZW";

/// Whether two letters are a country code.
pub(crate) fn is_country(code: &str) -> bool {
    code.len() == 2 && COUNTRIES.split(' ').any(|c| c == code)
}

/// A BIC read from a value: the word of 8 or 11 letters and digits, upper case; `Err` with the
/// word and why it is not a BIC when it has the length but not the form.
pub(crate) fn bic_in(value: &str) -> Option<Result<String, (String, String)>> {
    let word: String = value.split_whitespace().next()?.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    // Printed in capitals (a capitalised word of eight letters, "Deutsche", is not one).
    if !(word.len() == 8 || word.len() == 11) || !word.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
        return None;
    }
    let upper = word;
    Some(check_bic(&upper).map(|()| upper.clone()).map_err(|why| (upper, why)))
}

/// ISO 9362: `AAAA BB CC (DDD)`.
pub fn check_bic(bic: &str) -> Result<(), String> {
    let b = bic.as_bytes();
    if !(b.len() == 8 || b.len() == 11) || !b.iter().all(u8::is_ascii_alphanumeric) {
        return Err("a BIC has 8 or 11 letters and digits".to_owned());
    }
    if !b[..4].iter().all(u8::is_ascii_uppercase) {
        return Err("its first four characters (the institution) must be letters".to_owned());
    }
    let country = &bic[4..6];
    if !is_country(country) {
        return Err(format!("{country} is not an ISO 3166 country code"));
    }
    if !b[6..].iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
        return Err("its location and branch are upper-case letters and digits".to_owned());
    }
    Ok(())
}

/// A domestic account number in a value: digits, possibly grouped by spaces or dashes
/// (`12345678`, `0532 0130 00`, `123-456-78`), 6 to 20 digits; the text as printed. Not a date
/// (`02/01/2024`, which OCR may put under an account number's header).
pub(crate) fn account_number_in(value: &str) -> Option<String> {
    let start = value.find(|c: char| c.is_ascii_digit())?;
    // Only separators and digits before the first digit may be a label's punctuation.
    if value[..start].chars().any(char::is_alphanumeric) {
        return None;
    }
    let mut end = start;
    let mut digits = 0;
    let mut last_sep = false;
    for (i, c) in value[start..].char_indices() {
        if c.is_ascii_digit() {
            digits += 1;
            end = start + i + 1;
            last_sep = false;
        } else if matches!(c, ' ' | '-') && !last_sep {
            last_sep = true;
        } else {
            break;
        }
    }
    // A letter glued to the run (an IBAN's country, a reference) makes it something else.
    if value[end..].chars().next().is_some_and(char::is_alphanumeric) {
        return None;
    }
    (6..=20).contains(&digits).then(|| value[start..end].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iban(text: &str) -> Option<IbanRead> {
        iban_at(text, 0).map(|r| r.0)
    }

    #[test]
    fn valid_ibans_of_several_countries_in_print_and_electronic_form() {
        for (text, electronic) in [
            ("DE89 3704 0044 0532 0130 00", "DE89370400440532013000"),
            ("DE89370400440532013000", "DE89370400440532013000"),
            ("GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819"),
            ("FR14 2004 1010 0505 0001 3M02 606", "FR1420041010050500013M02606"),
            ("ES91 2100 0418 4502 0005 1332", "ES9121000418450200051332"),
            ("CH93 0076 2011 6238 5295 7", "CH9300762011623852957"),
            ("NL91 ABNA 0417 1643 00", "NL91ABNA0417164300"),
            ("BE68 5390 0754 7034", "BE68539007547034"),
        ] {
            let read = iban(text).expect(text);
            assert_eq!((read.electronic.as_str(), read.problem), (electronic, None), "{text}");
        }
    }

    #[test]
    fn a_following_word_is_not_taken_into_the_iban() {
        let text = "DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX";
        let (read, end) = iban_at(text, 0).expect("an IBAN");
        assert_eq!(read.electronic, "DE89370400440532013000");
        assert_eq!(&text[..end], "DE89 3704 0044 0532 0130 00");
    }

    #[test]
    fn invalid_ibans_say_why() {
        let wrong_digits = iban("DE88 3704 0044 0532 0130 00").expect("read");
        assert_eq!(wrong_digits.problem.as_deref(), Some("its check digits do not match (ISO 13616 mod-97)"));
        // One digit short for Germany (22 characters): no prefix is valid, and the check digits
        // of the shorter number fail too.
        let short = iban("DE89 3704 0044 0532 0130 0").expect("read");
        assert!(short.problem.is_some());
        // Right check digits, wrong length for the country (GB is 22 characters).
        let gb_short = with_check_digits("GB", "NWBK601613319268");
        let read = iban(&gb_short).expect("read");
        assert!(read.problem.as_deref().is_some_and(|p| p.contains("wrong for GB")), "{read:?}");
        assert!(iban("QQ12 3456 7890 1234 56").is_some_and(|r| r.problem.is_some()));
        assert_eq!(iban("DE89 3704"), None, "too short to be one");
        assert_eq!(iban("de89 3704 0044 0532 0130 00"), None, "upper case only");
    }

    /// An IBAN of any BBAN with correct mod-97 check digits.
    fn with_check_digits(country: &str, bban: &str) -> String {
        let moved = format!("{bban}{country}00");
        let rem = moved.chars().fold(0u32, |acc, c| {
            let v = c.to_digit(36).expect("alphanumeric");
            if v >= 10 { (acc * 100 + v) % 97 } else { (acc * 10 + v) % 97 }
        });
        format!("{country}{:02}{bban}", 98 - rem)
    }

    #[test]
    fn bics_are_checked_for_form_and_country() {
        assert_eq!(check_bic("DEUTDEFF"), Ok(()));
        assert_eq!(check_bic("COBADEFFXXX"), Ok(()));
        assert_eq!(check_bic("BNPAFRPP"), Ok(()));
        assert_eq!(check_bic("NWBKGB2L"), Ok(()));
        assert!(check_bic("DEUTQQFF").is_err_and(|e| e.contains("QQ")));
        assert!(check_bic("DEU1DEFF").is_err());
        assert!(check_bic("DEUTDEF").is_err());
        assert!(check_bic("DEUTDEFFXX").is_err());
        assert_eq!(bic_in("  DEUTDEFF "), Some(Ok("DEUTDEFF".into())));
        assert_eq!(bic_in("deutdeff"), None);
        assert_eq!(bic_in("DEUTQQFF"), Some(Err(("DEUTQQFF".into(), "QQ is not an ISO 3166 country code".into()))));
        assert_eq!(bic_in("Deutsche Bank"), None);
    }

    #[test]
    fn account_numbers_are_digits_grouped_as_printed() {
        assert_eq!(account_number_in(": 0532 0130 00").as_deref(), Some("0532 0130 00"));
        assert_eq!(account_number_in("12345678  Sort code 60-16-13").as_deref(), Some("12345678"));
        assert_eq!(account_number_in("123-456-78").as_deref(), Some("123-456-78"));
        assert_eq!(account_number_in("12345"), None);
        assert_eq!(account_number_in("02/01/2024 - 02/29/2024"), None);
        assert_eq!(account_number_in("No. DE89370400440532013000"), None);
    }
}
