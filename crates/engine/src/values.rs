//! Value types that can only hold valid values: parse once at the edge, then trust the type.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{Error, Result};

/// Cuts a string for use inside an error message, so hostile input never floods a response.
pub fn shorten(s: &str, max_chars: usize) -> String {
    if s.chars().count() <= max_chars {
        s.to_owned()
    } else {
        let mut out: String = s.chars().take(max_chars).collect();
        out.push('…');
        out
    }
}

/// Deserializes a JSON value; a bad value is an `Invalid` error naming its field by path
/// (`info.dob`, `tags[0]`).
pub fn from_json<T: serde::de::DeserializeOwned>(value: &serde_json::Value) -> Result<T> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let message = shorten(&e.inner().to_string(), 300);
        if path == "." { Error::invalid_request(message) } else { Error::invalid(path, message) }
    })
}

/// Checks free text on one line (names of people, companies and reviewers, titles, ids):
/// trimmed, not empty, at most `max` characters, in Unicode NFC, and with nothing that changes
/// how the text reads without being seen ([`invisible`]): such a character is refused with its
/// code point named, so `Owner\u{200b}` never passes for `Owner`. A line break is refused too.
pub fn text(field: &str, value: &str, max: usize) -> Result<String> {
    checked_text(field, nfc(value.trim()), max, false)
}

/// Checks free text that may run over several lines (a reviewer's note, a comment, a message
/// to the merchant): as [`text`], but line breaks are kept, each `\r\n` (or lone `\r`) made
/// `\n`. Every other control character (a tab included) is still refused.
pub fn multiline_text(field: &str, value: &str, max: usize) -> Result<String> {
    let value = value.replace("\r\n", "\n").replace('\r', "\n");
    checked_text(field, nfc(value.trim()), max, true)
}

fn checked_text(field: &str, value: String, max: usize, lines: bool) -> Result<String> {
    if value.is_empty() {
        return Err(Error::invalid(field, "must not be empty"));
    }
    if value.chars().count() > max {
        return Err(Error::invalid(field, format!("must be at most {max} characters")));
    }
    if let Some(c) = value.chars().find(|c| c.is_control() && !(lines && *c == '\n')) {
        let one_line = if c == '\n' { ", a line break: this field is one line" } else { "" };
        return Err(Error::invalid(
            field,
            format!("must not contain control characters (found {}{one_line})", code_point(c)),
        ));
    }
    if let Some(c) = value.chars().find(|c| invisible(*c)) {
        return Err(Error::invalid(
            field,
            format!(
                "must not contain {} ({}): it changes how the text reads without being seen",
                code_point(c),
                invisible_kind(c)
            ),
        ));
    }
    Ok(value)
}

/// `U+200B`.
fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// Text in Unicode Normalization Form C (composed), so that one name has one spelling.
pub fn nfc(text: &str) -> String {
    if text.is_ascii() {
        return text.to_owned();
    }
    icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(text).into_owned()
}

/// A character that is not seen but changes how text reads or compares: the bidirectional
/// controls (U+202E turns what follows around), and every default-ignorable code point (zero
/// width spaces and joiners, the soft hyphen, the byte order mark, variation selectors, tags),
/// and the other format characters.
pub fn invisible(c: char) -> bool {
    use icu_properties::props::{BidiControl, DefaultIgnorableCodePoint, GeneralCategory};
    use icu_properties::{CodePointMapData, CodePointSetData};
    !c.is_ascii()
        && (CodePointSetData::new::<BidiControl>().contains(c)
            || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
            || CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Format)
}

fn invisible_kind(c: char) -> &'static str {
    use icu_properties::CodePointSetData;
    use icu_properties::props::BidiControl;
    if CodePointSetData::new::<BidiControl>().contains(c) {
        "a bidirectional control"
    } else {
        "an invisible character"
    }
}

/// The text without its invisible and control characters, in NFC: for what a client cannot be
/// told about (a file's name as it was sent).
pub fn without_invisible(text: &str) -> String {
    nfc(text).chars().filter(|c| !c.is_control() && !invisible(*c)).collect()
}

/// The confusable skeleton of a name (Unicode TS #39), letter case aside: two names with the
/// same skeleton look alike (`Owner`, `0wner`, Cyrillic `Оwner`), whatever they are made of.
pub fn skeleton(text: &str) -> String {
    let lower = nfc(text).to_lowercase();
    unicode_security::skeleton(&lower).flat_map(char::to_lowercase).collect()
}

/// Declares a string newtype that serialises transparently and deserialises through a parser.
macro_rules! parsed_string {
    ($(#[$meta:meta])* $name:ident, $parse:path) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(transparent)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        pub struct $name(String);

        impl $name {
            pub fn parse(s: &str) -> Result<Self> {
                $parse(s).map($name)
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                $name::parse(&s).map_err(|e| serde::de::Error::custom(match e {
                    Error::Invalid(i) => i.message,
                    other => other.to_string(),
                }))
            }
        }

        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                Ok(self.0.as_str().into())
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
                // Stored values were parsed on the way in; read them back as they are.
                Ok($name(value.as_str()?.to_owned()))
            }
        }
    };
}

parsed_string!(
    /// An ISO 3166-1 alpha-2 country code, upper case (`DE`). `XK` (Kosovo) is accepted as the
    /// public service's lists use it.
    CountryCode,
    parse_country
);

parsed_string!(
    /// The caller's own identifier for a record: 1 to 256 printable characters.
    ExternalId,
    parse_external_id
);

parsed_string!(
    /// An e-mail address of the plain `local@domain.tld` form.
    Email,
    parse_email
);

parsed_string!(
    /// A phone number: digits with an optional leading `+` and the usual separators.
    Phone,
    parse_phone
);

parsed_string!(
    /// A line of free text (a name, a title, a registration number): trimmed, 1 to 300
    /// characters, no control characters.
    Line,
    parse_line
);

fn parse_line(s: &str) -> Result<String> {
    text("value", s, 300).map_err(|e| match e {
        Error::Invalid(i) => Error::invalid_request(i.message),
        other => other,
    })
}

/// ISO 3166-1 alpha-2 codes (and XK), sorted for binary search.
#[rustfmt::skip]
const COUNTRIES: [&str; 250] = [
    "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ", "BA", "BB", "BD",
    "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BV", "BW", "BY", "BZ", "CA",
    "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN", "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE",
    "DJ", "DK", "DM", "DO", "DZ", "EC", "EE", "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA",
    "GB", "GD", "GE", "GF", "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK",
    "HM", "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM", "JO", "JP",
    "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC", "LI", "LK", "LR", "LS", "LT",
    "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK", "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS",
    "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA", "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ",
    "OM", "PA", "PE", "PF", "PG", "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS",
    "RU", "RW", "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS", "ST",
    "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO", "TR", "TT", "TV", "TW",
    "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI", "VN", "VU", "WF", "WS", "XK", "YE", "YT",
    "ZA", "ZM", "ZW",
];

/// Whether `code` (upper case) is a known country code.
pub fn is_country(code: &str) -> bool {
    COUNTRIES.binary_search(&code).is_ok()
}

fn parse_country(s: &str) -> Result<String> {
    let code = s.trim().to_ascii_uppercase();
    if is_country(&code) {
        Ok(code)
    } else {
        Err(Error::invalid_request(format!(
            "`{}` is not an ISO 3166-1 alpha-2 country code (such as DE or US)",
            shorten(s, 16)
        )))
    }
}

fn parse_external_id(s: &str) -> Result<String> {
    if s.is_empty() || s.trim().is_empty() {
        return Err(Error::invalid_request("must not be empty"));
    }
    if s.chars().count() > 256 {
        return Err(Error::invalid_request("must be at most 256 characters"));
    }
    if s.chars().any(|c| c.is_control()) {
        return Err(Error::invalid_request("must not contain control characters"));
    }
    Ok(s.to_owned())
}

fn parse_email(s: &str) -> Result<String> {
    let s = s.trim();
    let bad = || Error::invalid_request(format!("`{}` is not an e-mail address", shorten(s, 64)));
    if s.len() > 254 || s.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err(bad());
    }
    let (local, domain) = s.rsplit_once('@').ok_or_else(bad)?;
    let domain_ok = domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.split('.').all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'));
    if local.is_empty() || local.len() > 64 || local.contains('@') || !domain_ok {
        return Err(bad());
    }
    Ok(s.to_owned())
}

fn parse_phone(s: &str) -> Result<String> {
    let s = s.trim();
    let digits = s.chars().filter(char::is_ascii_digit).count();
    let allowed = |(i, c): (usize, char)| c.is_ascii_digit() || " -().".contains(c) || (c == '+' && i == 0);
    if !(4..=20).contains(&digits) || s.len() > 32 || !s.chars().enumerate().all(allowed) {
        return Err(Error::invalid_request(format!(
            "`{}` is not a phone number (digits, optionally starting with +)",
            shorten(s, 40)
        )));
    }
    Ok(s.to_owned())
}

/// A name as documents in capitals are written back for people: each word's first letter upper
/// case, the rest lower (`ERIKA MUSTERMANN` becomes `Erika Mustermann`).
pub fn title_case(s: &str) -> String {
    s.split_whitespace()
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| f.to_uppercase().chain(c.flat_map(char::to_lowercase)).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Folds a name for case- and accent-insensitive comparison: `Müller-Lüdenscheidt` becomes
/// `muller-ludenscheidt`, `Соколов` becomes `sokolov`.
pub fn fold(s: &str) -> String {
    deunicode::deunicode(s).to_lowercase()
}

/// The dotted path of a member a type ignored, as the API names fields (`settings.link`,
/// `custom.0.x`): serde_ignored's own form marks optional and newtype layers with `?`.
pub fn ignored_path(path: &serde_ignored::Path<'_>) -> String {
    use serde_ignored::Path;
    fn parent(p: &Path<'_>) -> String {
        match ignored_path(p) {
            s if s.is_empty() => s,
            s => s + ".",
        }
    }
    match path {
        Path::Root => String::new(),
        Path::Seq { parent: p, index } => format!("{}{index}", parent(p)),
        Path::Map { parent: p, key } => format!("{}{key}", parent(p)),
        Path::Some { parent: p } | Path::NewtypeStruct { parent: p } | Path::NewtypeVariant { parent: p } => {
            ignored_path(p)
        }
    }
}

/// Helpers for hand-written OpenAPI schemas.
#[cfg(feature = "openapi")]
pub(crate) mod openapi {
    use utoipa::openapi::{ObjectBuilder, RefOr, Type, schema::Schema};

    /// A string schema with a closed set of values.
    pub(crate) fn string_enum(values: &[&str], description: &str) -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(values.iter().copied()))
            .description(Some(description))
            .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countries_are_normalised_and_checked() {
        assert_eq!(CountryCode::parse(" de ").map(|c| c.0).ok(), Some("DE".into()));
        assert!(CountryCode::parse("XX").is_err());
        assert!(CountryCode::parse("DEU").is_err());
        assert!(CountryCode::parse("").is_err());
    }

    #[test]
    fn the_country_table_is_sorted() {
        assert!(COUNTRIES.windows(2).all(|w| w[0] < w[1]));
        assert!(is_country("DE") && is_country("ZW") && is_country("AD") && !is_country("ZZ"));
    }

    #[test]
    fn emails() {
        assert!(Email::parse("john.doe@example.org").is_ok());
        for bad in ["", "a@b", "john", "a@@b.com", "a b@c.com", "a@.com", "a@b..com", "a@-b.com"] {
            assert!(Email::parse(bad).is_err(), "{bad} should be rejected");
        }
    }

    #[test]
    fn phones() {
        assert!(Phone::parse("+1 (234) 567-890").is_ok());
        assert!(Phone::parse("123").is_err());
        assert!(Phone::parse("+12+34567").is_err());
        assert!(Phone::parse("call me").is_err());
    }

    #[test]
    fn text_rules() {
        assert_eq!(text("f", "  Ann  ", 10).ok(), Some("Ann".into()));
        assert!(text("f", "   ", 10).is_err());
        assert!(text("f", "a\u{0}b", 10).is_err());
        assert!(text("f", "abcdefghijk", 10).is_err());
    }

    #[test]
    fn notes_keep_their_line_breaks_and_names_stay_on_one_line() {
        let note = "Checked the passport.\r\nDate of birth differs:\r\n\r\n- listed 1961\n- ours 1988\r";
        assert_eq!(
            multiline_text("note", note, 200).ok().as_deref(),
            Some("Checked the passport.\nDate of birth differs:\n\n- listed 1961\n- ours 1988")
        );
        assert_eq!(multiline_text("note", "  one line  ", 20).ok().as_deref(), Some("one line"));
        assert!(multiline_text("note", " \r\n \n ", 20).is_err(), "blank lines alone are empty");
        for bad in ["a\tb", "a\u{0}b", "a\u{7}b", "a\u{1b}[31mb", "a\u{85}b", "a\u{202e}b"] {
            assert!(multiline_text("note", bad, 20).is_err(), "{bad:?}");
        }
        assert!(multiline_text("note", "ab\ncd", 4).is_err(), "a line break counts as a character");
        // Names, ids and titles stay on one line, the break named.
        let e = text("name", "Ann\nLee", 20).expect_err("one line");
        assert!(e.to_string().contains("line break") && e.to_string().contains("U+000A"), "{e}");
        assert!(text("name", "Ann\r\nLee", 20).is_err());
    }

    #[test]
    fn names_are_what_they_look_like() {
        // Composed once: e + combining acute is é.
        assert_eq!(text("f", "Rene\u{301}e", 10).ok(), Some("Ren\u{e9}e".into()));
        for (hidden, named) in [
            ("Owner\u{200b}", "U+200B"),
            ("Ann\u{202e}eeL", "U+202E"),
            ("\u{2066}Bob", "U+2066"),
            ("Zo\u{feff}e", "U+FEFF"),
            ("Ma\u{ad}ria", "U+00AD"),
            ("A\u{200d}B", "U+200D"),
        ] {
            let e = text("name", hidden, 80).expect_err(hidden);
            assert!(e.to_string().contains(named), "{e}");
        }
        assert_eq!(text("f", "Zoë Ångström", 20).ok(), Some("Zoë Ångström".into()));
        assert_eq!(text("f", "محمد", 20).ok(), Some("محمد".into()), "right-to-left letters are letters");
        assert_eq!(without_invisible("re\u{202e}fdp.exe"), "refdp.exe");
    }

    #[test]
    fn look_alike_names_share_a_skeleton() {
        assert_eq!(skeleton("Owner"), skeleton("0wner"));
        assert_eq!(skeleton("Owner"), skeleton("\u{41e}wner"), "Cyrillic O");
        assert_eq!(skeleton("owner"), skeleton("OWNER"));
        assert_eq!(skeleton("paypal"), skeleton("PAYPA1"));
        assert_ne!(skeleton("Ann Lee"), skeleton("Anna Lee"));
    }

    #[test]
    fn folding() {
        assert_eq!(fold("Müller"), "muller");
        assert_eq!(fold("СОКОЛОВ"), "sokolov");
    }
}
