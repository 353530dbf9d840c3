//! National identifiers of persons: for each [`Kind`], its format, its public check digits (where
//! the issuer publishes them), and the birth date and sex it encodes, with the century rules of
//! each.
//!
//! [`check`] reads a number as one kind and answers either the [`Identifier`] (its canonical form,
//! whether a check digit was verified, what it encodes) or why it is not one ([`Invalid`]: its
//! length, a character, an impossible date, the check digit). Reading never panics on any input.
//!
//! ```
//! use docket_nationalid::{check, Day, Kind, Sex};
//!
//! let today = Day { year: 2026, month: 11, day: 27 };
//! let pesel = check(Kind::PlPesel, "02211307589", today).unwrap();
//! assert_eq!(pesel.birth_date.unwrap().to_string(), "2002-01-13");
//! assert_eq!(pesel.sex, Some(Sex::Female));
//! assert_eq!(check(Kind::PlPesel, "02211307588", today).unwrap_err().code(), "check_digit");
//! ```
//!
//! What is left out, on purpose: whether a number was ever issued (only its registry knows), the
//! region tables some numbers carry (China's, South Africa's, France's communes), and the
//! identifiers without a public structure beyond their length (Nigeria's BVN and NIN: their
//! format alone is checked, and [`Identifier::check_digit`] says so).
//!
//! No dependencies. The algorithms are the issuers' published ones; the tests use the examples
//! that the well-kept identifier libraries publish in their documentation (python-stdnum).

mod algorithms;
mod date;
mod kinds;

use std::fmt;

pub use date::{BirthDate, Day, Year};
pub use kinds::complete;

/// A person's sex as the identifier encodes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sex {
    Male,
    Female,
}

impl Sex {
    /// `M` or `F`, as applicants' `gender`.
    pub fn as_str(self) -> &'static str {
        match self {
            Sex::Male => "M",
            Sex::Female => "F",
        }
    }
}

/// Whether a number's check digits were verified.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckDigit {
    /// The number's check digits are right.
    Verified,
    /// The identifier has no public check digit: only its format was checked.
    NotPublic,
}

macro_rules! kinds {
    ($( $(#[$doc:meta])* $variant:ident => ($code:literal, $country:literal, $name:literal, $check:expr, $birth:expr, $sex:expr), )*) => {
        /// The identifiers Docket reads.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $( $(#[$doc])* $variant, )*
        }

        impl Kind {
            /// Every kind, in the order of [`Kind::code`].
            pub const ALL: [Kind; [$(stringify!($variant)),*].len()] = [$(Kind::$variant),*];

            /// Its code: the country's ISO 3166-1 alpha-2 code and the identifier's name
            /// (`SE_PERSONNUMMER`).
            pub fn code(self) -> &'static str {
                match self { $(Kind::$variant => $code,)* }
            }

            /// The issuing country (ISO 3166-1 alpha-2).
            pub fn country(self) -> &'static str {
                match self { $(Kind::$variant => $country,)* }
            }

            /// Its name in English, with the local name.
            pub fn name(self) -> &'static str {
                match self { $(Kind::$variant => $name,)* }
            }

            /// Whether its check digits are public (else only its format is checked).
            pub fn has_check_digit(self) -> bool {
                match self { $(Kind::$variant => $check,)* }
            }

            /// Whether it encodes its holder's date of birth (in whole or in part).
            pub fn encodes_birth_date(self) -> bool {
                match self { $(Kind::$variant => $birth,)* }
            }

            /// Whether it encodes its holder's sex.
            pub fn encodes_sex(self) -> bool {
                match self { $(Kind::$variant => $sex,)* }
            }
        }
    };
}

kinds! {
    /// Belgium's national register number (Rijksregisternummer / numéro de registre national).
    BeNationalNumber => ("BE_NATIONAL_NUMBER", "BE", "Belgian national register number", true, true, true),
    /// Bulgaria's uniform civil number (ЕГН).
    BgEgn => ("BG_EGN", "BG", "Bulgarian personal number (EGN)", true, true, true),
    /// Brazil's individual taxpayer number (Cadastro de Pessoas Físicas).
    BrCpf => ("BR_CPF", "BR", "Brazilian CPF", true, false, false),
    /// Chile's national role number (Rol Único Tributario / Nacional).
    ClRut => ("CL_RUT", "CL", "Chilean RUT/RUN", true, false, false),
    /// China's resident identity card number (居民身份证号码).
    CnResidentId => ("CN_RESIDENT_ID", "CN", "Chinese resident identity number", true, true, true),
    /// Denmark's civil registration number (CPR-nummer): no check digit since 2007.
    DkCpr => ("DK_CPR", "DK", "Danish CPR number", false, true, true),
    /// Estonia's personal identification code (isikukood).
    EeIsikukood => ("EE_ISIKUKOOD", "EE", "Estonian personal code (isikukood)", true, true, true),
    /// Spain's national identity document number (DNI).
    EsDni => ("ES_DNI", "ES", "Spanish DNI", true, false, false),
    /// Spain's foreigner identity number (NIE).
    EsNie => ("ES_NIE", "ES", "Spanish NIE", true, false, false),
    /// Finland's personal identity code (henkilötunnus / HETU).
    FiHetu => ("FI_HETU", "FI", "Finnish personal identity code (HETU)", true, true, true),
    /// France's social security number (NIR).
    FrNir => ("FR_NIR", "FR", "French social security number (NIR)", true, true, true),
    /// India's Aadhaar number (Verhoeff check digit).
    InAadhaar => ("IN_AADHAAR", "IN", "Indian Aadhaar number", true, false, false),
    /// Italy's fiscal code of a person (codice fiscale).
    ItCodiceFiscale => ("IT_CODICE_FISCALE", "IT", "Italian fiscal code (codice fiscale)", true, true, true),
    /// Lithuania's personal code (asmens kodas).
    LtAsmensKodas => ("LT_ASMENS_KODAS", "LT", "Lithuanian personal code (asmens kodas)", true, true, true),
    /// Mexico's unique population registry code (CURP).
    MxCurp => ("MX_CURP", "MX", "Mexican CURP", true, true, true),
    /// Nigeria's Bank Verification Number: 11 digits, no public check digit.
    NgBvn => ("NG_BVN", "NG", "Nigerian Bank Verification Number (BVN)", false, false, false),
    /// Nigeria's National Identification Number: 11 digits, no public check digit.
    NgNin => ("NG_NIN", "NG", "Nigerian National Identification Number (NIN)", false, false, false),
    /// The Netherlands' citizen service number (burgerservicenummer).
    NlBsn => ("NL_BSN", "NL", "Dutch citizen service number (BSN)", true, false, false),
    /// Norway's birth number (fødselsnummer), D and H numbers included.
    NoFodselsnummer => ("NO_FODSELSNUMMER", "NO", "Norwegian birth number (fødselsnummer)", true, true, true),
    /// Poland's PESEL.
    PlPesel => ("PL_PESEL", "PL", "Polish PESEL", true, true, true),
    /// Romania's personal numeric code (Cod Numeric Personal).
    RoCnp => ("RO_CNP", "RO", "Romanian personal numeric code (CNP)", true, true, true),
    /// Sweden's personal identity number (personnummer), coordination numbers included.
    SePersonnummer => ("SE_PERSONNUMMER", "SE", "Swedish personal identity number (personnummer)", true, true, true),
    /// Turkey's identity number (T.C. Kimlik No.).
    TrTcKimlik => ("TR_TC_KIMLIK", "TR", "Turkish identity number (T.C. Kimlik)", true, false, false),
    /// South Africa's identity number.
    ZaId => ("ZA_ID", "ZA", "South African identity number", true, true, true),
}

impl Kind {
    /// The kind of a code, any case.
    pub fn from_code(code: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.code().eq_ignore_ascii_case(code.trim()))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A number that is a well-formed identifier of its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identifier {
    pub kind: Kind,
    /// Without separators, upper case (Sweden's with its four-digit year and `-`).
    pub canonical: String,
    pub check_digit: CheckDigit,
    /// What the number says of its holder's birth, if it says anything.
    pub birth_date: Option<BirthDate>,
    pub sex: Option<Sex>,
}

impl Identifier {
    /// The canonical form with all but its last four characters masked (`•••••••0109`), for
    /// lists and logs.
    pub fn masked(&self) -> String {
        mask(&self.canonical)
    }
}

/// A number with all but its last four characters masked.
pub fn mask(number: &str) -> String {
    let n = number.chars().count();
    number.chars().enumerate().map(|(i, c)| if i + 4 < n { '•' } else { c }).collect()
}

/// Why a number is not an identifier of its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    /// Empty, or too long to be one (over 64 characters).
    Empty,
    /// Its length without separators, and the lengths the kind has.
    Length { found: usize, expected: &'static str },
    /// A character the kind does not have at that place (1-based, without separators).
    Character { at: usize, found: char, expected: &'static str },
    /// A part with a value the kind never uses (a century digit, a region, a month code).
    Component(&'static str),
    /// The birth date it encodes is no real day, or is after today.
    ImpossibleDate(String),
    /// The check digits are wrong.
    CheckDigit,
}

impl Invalid {
    /// A stable machine code: `format` (empty, length, character, component), `impossible_date`
    /// or `check_digit`.
    pub fn code(&self) -> &'static str {
        match self {
            Invalid::Empty | Invalid::Length { .. } | Invalid::Character { .. } | Invalid::Component(_) => "format",
            Invalid::ImpossibleDate(_) => "impossible_date",
            Invalid::CheckDigit => "check_digit",
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Empty => f.write_str("no number given (or over 64 characters)"),
            Invalid::Length { found, expected } => {
                write!(f, "{found} characters without separators; this identifier has {expected}")
            }
            Invalid::Character { at, found, expected } => {
                write!(f, "character {at} is `{found}`; expected {expected}")
            }
            Invalid::Component(what) => f.write_str(what),
            Invalid::ImpossibleDate(what) => write!(f, "the birth date it encodes is impossible: {what}"),
            Invalid::CheckDigit => f.write_str("the check digit is wrong"),
        }
    }
}

impl std::error::Error for Invalid {}

/// Reads `input` as an identifier of `kind`. Spaces and the usual separators (`-`, `.`, `/`)
/// are ignored where the kind does not give them a meaning; letters are read in any case.
/// `today` decides the century of Sweden's ten-digit numbers and refuses birth dates after it.
pub fn check(kind: Kind, input: &str, today: Day) -> Result<Identifier, Invalid> {
    if input.trim().is_empty() || input.len() > 64 {
        return Err(Invalid::Empty);
    }
    kinds::check(kind, input, today)
}

#[cfg(test)]
mod tests;
