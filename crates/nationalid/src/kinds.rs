//! Each kind's shape (its patterns, separators and check characters) in one table, and what its
//! parts mean (birth date, sex, century) in one function per kind.

use crate::algorithms::{digit, luhn, number, verhoeff, weighted};
use crate::date::{BirthDate, Day, Year};
use crate::{CheckDigit, Identifier, Invalid, Kind, Sex};

/// How a kind is written.
struct Shape {
    /// One pattern per length: `9` a digit, `A` a letter, `N` a digit or Italy's letter for one
    /// (omocodia), `C` a digit or letter, `X` a digit or `X`, `K` a digit or `K`, `S` Finland's
    /// century sign.
    patterns: &'static [&'static str],
    /// What the patterns' lengths are, in words.
    lengths: &'static str,
    /// Characters dropped as separators (besides white space).
    separators: &'static str,
    /// How many trailing characters are check characters.
    check_len: usize,
}

const PLAIN: &str = "-./";

fn shape(kind: Kind) -> Shape {
    let s = |patterns, lengths, separators, check_len| Shape { patterns, lengths, separators, check_len };
    match kind {
        Kind::BeNationalNumber => s(&["99999999999"], "11", PLAIN, 2),
        Kind::BgEgn => s(&["9999999999"], "10", PLAIN, 1),
        Kind::BrCpf => s(&["99999999999"], "11", PLAIN, 2),
        Kind::ClRut => s(&["9999999K", "99999999K"], "8 or 9", PLAIN, 1),
        Kind::CnResidentId => s(&["99999999999999999X"], "18", PLAIN, 1),
        Kind::DkCpr => s(&["9999999999"], "10", PLAIN, 0),
        Kind::EeIsikukood | Kind::LtAsmensKodas => s(&["99999999999"], "11", PLAIN, 1),
        Kind::EsDni => s(&["99999999A"], "9", PLAIN, 1),
        Kind::EsNie => s(&["A9999999A"], "9", PLAIN, 1),
        // `-` and `+` are Finland's century signs, not separators.
        Kind::FiHetu => s(&["999999S999C"], "11", "", 1),
        Kind::FrNir => s(&["999999C99999999"], "15", PLAIN, 2),
        Kind::InAadhaar => s(&["999999999999"], "12", PLAIN, 1),
        Kind::ItCodiceFiscale => s(&["AAAAAANNANNANNNA"], "16", PLAIN, 1),
        Kind::MxCurp => s(&["AAAA999999AAAAAAC9"], "18", PLAIN, 1),
        Kind::NgBvn | Kind::NgNin => s(&["99999999999"], "11", PLAIN, 0),
        Kind::NlBsn => s(&["999999999"], "9 (or 8, read with a leading 0)", PLAIN, 1),
        Kind::NoFodselsnummer => s(&["99999999999"], "11", PLAIN, 2),
        Kind::PlPesel => s(&["99999999999"], "11", PLAIN, 1),
        Kind::RoCnp => s(&["9999999999999"], "13", PLAIN, 1),
        // `+` (a hundred years or older) and `-` are read before they are dropped.
        Kind::SePersonnummer => s(&["9999999999", "999999999999"], "10 or 12", "-+", 1),
        Kind::TrTcKimlik => s(&["99999999999"], "11", PLAIN, 2),
        Kind::ZaId => s(&["9999999999999"], "13", PLAIN, 1),
    }
}

/// Italy's letters for digits (omocodia), `L` = 0 … `V` = 9.
const OMOCODES: &[u8; 10] = b"LMNPQRSTUV";

fn class_fits(class: u8, c: u8) -> bool {
    match class {
        b'9' => c.is_ascii_digit(),
        b'A' => c.is_ascii_uppercase(),
        b'N' => c.is_ascii_digit() || OMOCODES.contains(&c),
        b'C' => c.is_ascii_digit() || c.is_ascii_uppercase(),
        b'X' => c.is_ascii_digit() || c == b'X',
        b'K' => c.is_ascii_digit() || c == b'K',
        b'S' => b"+-ABCDEFUVWXY".contains(&c),
        _ => false,
    }
}

fn class_name(class: u8) -> &'static str {
    match class {
        b'9' => "a digit",
        b'A' => "a letter",
        b'N' => "a digit (or its letter, L to V)",
        b'C' => "a digit or a letter",
        b'X' => "a digit or X",
        b'K' => "a digit or K",
        _ => "a century sign (+, -, A to F, U to Y)",
    }
}

/// The number without separators, upper case; any character outside ASCII is refused.
fn compact(kind: Kind, input: &str, separators: &str) -> Result<String, Invalid> {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        if c.is_whitespace() || separators.contains(c) {
            continue;
        }
        if !c.is_ascii() {
            return Err(Invalid::Character { at: out.len() + 1, found: c, expected: "ASCII letters and digits" });
        }
        out.push(c.to_ascii_uppercase());
    }
    match kind {
        Kind::ClRut if out.starts_with("CL") => Ok(out.split_off(2)),
        Kind::NlBsn if out.len() == 8 => Ok(format!("0{out}")),
        _ => Ok(out),
    }
}

/// Checks the characters against the kind's pattern of their length (all but the last
/// `skip_tail` when the check characters are still to be made).
fn fits(shape: &Shape, c: &[u8], skip_tail: usize) -> Result<(), Invalid> {
    let pattern = shape
        .patterns
        .iter()
        .find(|p| p.len() == c.len())
        .ok_or(Invalid::Length { found: c.len(), expected: shape.lengths })?;
    for (i, (class, b)) in pattern.bytes().zip(c).enumerate().take(c.len() - skip_tail) {
        if !class_fits(class, *b) {
            return Err(Invalid::Character { at: i + 1, found: char::from(*b), expected: class_name(class) });
        }
    }
    Ok(())
}

/// The check characters of a well-formed `body` (the number without them); `None` when no
/// check character makes it valid (Norway's and the Netherlands' remainder of 10).
fn check_chars(kind: Kind, body: &[u8]) -> Option<String> {
    let one = |d: u32| Some(char::from_digit(d, 10)?.to_string());
    let mod11 = |sum: u32| match 11 - sum % 11 {
        11 => Some(0),
        10 => None,
        d => Some(d),
    };
    match kind {
        Kind::DkCpr | Kind::NgBvn | Kind::NgNin => Some(String::new()),
        // The form of those born before 2000; `decode` also tries the form of those born after.
        Kind::BeNationalNumber => Some(format!("{:02}", 97 - number(body) % 97)),
        Kind::BgEgn => one(weighted(body, &[2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11 % 10),
        Kind::BrCpf => {
            let first = weighted(body, &[10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10 % 11 % 10;
            let second = (weighted(body, &[11, 10, 9, 8, 7, 6, 5, 4, 3]) + first * 2) * 10 % 11 % 10;
            Some(format!("{first}{second}"))
        }
        Kind::ClRut => {
            let sum: u32 = body.iter().rev().zip([2, 3, 4, 5, 6, 7].iter().cycle()).map(|(b, w)| digit(*b) * w).sum();
            Some(match 11 - sum % 11 {
                11 => "0".to_owned(),
                10 => "K".to_owned(),
                d => d.to_string(),
            })
        }
        Kind::CnResidentId => {
            let r = weighted(body, &[7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]) % 11;
            Some(char::from(b"10X98765432"[r as usize]).to_string())
        }
        Kind::EeIsikukood | Kind::LtAsmensKodas => {
            let first = weighted(body, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 1]) % 11;
            let r = if first < 10 { first } else { weighted(body, &[3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 11 % 10 };
            one(r)
        }
        Kind::EsDni => Some(dni_letter(number(body))),
        Kind::EsNie => {
            let prefix = u64::try_from(b"XYZ".iter().position(|p| *p == body[0])?).ok()?;
            Some(dni_letter(prefix * 10_000_000 + number(&body[1..])))
        }
        Kind::FiHetu => {
            let digits: Vec<u8> = body[..6].iter().chain(&body[7..10]).copied().collect();
            let r = number(&digits) % 31;
            Some(char::from(b"0123456789ABCDEFHJKLMNPRSTUVWXY"[r as usize]).to_string())
        }
        Kind::FrNir => {
            // Corsica's departments 2A and 2B count as 19 and 18.
            let mut digits = body.to_vec();
            match &digits[5..7] {
                b"2A" => digits[5..7].copy_from_slice(b"19"),
                b"2B" => digits[5..7].copy_from_slice(b"18"),
                _ => {}
            }
            if !digits.iter().all(u8::is_ascii_digit) {
                return None;
            }
            Some(format!("{:02}", 97 - number(&digits) % 97))
        }
        Kind::InAadhaar => one(verhoeff(body)),
        Kind::ItCodiceFiscale => {
            const ODD: [u32; 26] =
                [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
            let value = |b: u8| if b.is_ascii_digit() { u32::from(b - b'0') } else { u32::from(b - b'A') };
            let sum: u32 = body
                .iter()
                .enumerate()
                .map(|(i, b)| if i % 2 == 0 { ODD[value(*b) as usize % 26] } else { value(*b) })
                .sum();
            Some(char::from(b'A' + (sum % 26) as u8).to_string())
        }
        Kind::MxCurp => {
            const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ";
            let sum: usize = body
                .iter()
                .enumerate()
                .map(|(i, b)| ALPHABET.iter().position(|a| a == b).unwrap_or(0) * (18 - i))
                .sum();
            Some(((10 - sum % 10) % 10).to_string())
        }
        Kind::NlBsn => match weighted(body, &[9, 8, 7, 6, 5, 4, 3, 2]) % 11 {
            10 => None,
            d => one(d),
        },
        Kind::NoFodselsnummer => {
            let first = mod11(weighted(body, &[3, 7, 6, 1, 8, 9, 4, 5, 2]))?;
            let second = mod11(weighted(body, &[5, 4, 3, 2, 7, 6, 5, 4, 3]) + first * 2)?;
            Some(format!("{first}{second}"))
        }
        Kind::PlPesel => one((10 - weighted(body, &[1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10) % 10),
        Kind::RoCnp => match weighted(body, &[2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]) % 11 {
            10 => one(1),
            d => one(d),
        },
        // Over the ten-digit form (the year's last two digits).
        Kind::SePersonnummer => one(luhn(&body[body.len() - 9..])),
        Kind::TrTcKimlik => {
            let odd: i64 = [0, 2, 4, 6, 8].iter().map(|i| i64::from(digit(body[*i]))).sum();
            let even: i64 = [1, 3, 5, 7].iter().map(|i| i64::from(digit(body[*i]))).sum();
            let tenth = (odd * 7 - even).rem_euclid(10);
            let eleventh = (body.iter().map(|b| i64::from(digit(*b))).sum::<i64>() + tenth) % 10;
            Some(format!("{tenth}{eleventh}"))
        }
        Kind::ZaId => one(luhn(body)),
    }
}

fn dni_letter(n: u64) -> String {
    char::from(b"TRWAGMYFPDXBNJZSQVHLCKE"[(n % 23) as usize]).to_string()
}

/// `number` (well formed apart from its check characters, which may be anything) with its
/// check characters made right: for test data and the sandbox. `None` when the body is not
/// well formed, or no check character makes it valid. Only the form is made: the date it
/// encodes is not checked.
pub fn complete(kind: Kind, number: &str) -> Option<String> {
    let shape = shape(kind);
    let c = compact(kind, number, shape.separators).ok()?;
    fits(&shape, c.as_bytes(), shape.check_len).ok()?;
    let body = &c[..c.len() - shape.check_len];
    Some(format!("{body}{}", check_chars(kind, body.as_bytes())?))
}

/// A two-digit number at `at`.
fn two(c: &[u8], at: usize) -> u8 {
    (digit(c[at]) * 10 + digit(c[at + 1])) as u8
}

fn sex_if(male: bool) -> Sex {
    if male { Sex::Male } else { Sex::Female }
}

/// What a kind's parts say, once its pattern fits: the birth date (checked), the sex, and the
/// canonical form when it is not the compact one.
struct Decoded {
    birth: Option<BirthDate>,
    sex: Option<Sex>,
    canonical: Option<String>,
}

const NOTHING: Decoded = Decoded { birth: None, sex: None, canonical: None };

fn decoded(birth: BirthDate, sex: Option<Sex>, today: Day) -> Result<Decoded, Invalid> {
    Ok(Decoded { birth: Some(birth.checked(today)?), sex, canonical: None })
}

/// Year, month and day written `YYMMDD` at `at`.
fn ymd(c: &[u8], at: usize) -> (u8, u8, u8) {
    (two(c, at), two(c, at + 2), two(c, at + 4))
}

/// Day, month and year written `DDMMYY` at the start.
fn dmy(c: &[u8]) -> (u8, u8, u8) {
    (two(c, 0), two(c, 2), two(c, 4))
}

fn decode(kind: Kind, c: &[u8], plus: bool, today: Day) -> Result<Decoded, Invalid> {
    match kind {
        Kind::BeNationalNumber => {
            let (yy, mm, dd) = ymd(c, 0);
            let n = number(&c[..9]);
            let check = u64::from(two(c, 9));
            let century = if 97 - n % 97 == check {
                1900
            } else if 97 - (2_000_000_000 + n) % 97 == check {
                2000
            } else {
                return Err(Invalid::CheckDigit);
            };
            // Bis numbers add 20 (sex unknown) or 40 (sex known) to the month; 0 is unknown.
            let (month, sex_known) = match mm {
                0..=12 => (mm, true),
                20..=32 => (mm - 20, false),
                40..=52 => (mm - 40, true),
                _ => return Err(Invalid::ImpossibleDate(format!("month {mm}"))),
            };
            let sex = sex_known.then(|| sex_if(number(&c[6..9]) % 2 == 1));
            if month == 0 {
                return Ok(Decoded { birth: None, sex, canonical: None });
            }
            let birth = BirthDate {
                year: Year::Full(century + i32::from(yy)),
                month: Some(month),
                day: (dd != 0).then_some(dd),
            };
            decoded(birth, sex, today)
        }
        Kind::BgEgn => {
            let (yy, mm, dd) = ymd(c, 0);
            let (century, month) = match mm {
                1..=12 => (1900, mm),
                21..=32 => (1800, mm - 20),
                41..=52 => (2000, mm - 40),
                _ => return Err(Invalid::ImpossibleDate(format!("month {mm}"))),
            };
            decoded(
                BirthDate::full(century + i32::from(yy), month, dd),
                Some(sex_if(digit(c[8]).is_multiple_of(2))),
                today,
            )
        }
        Kind::BrCpf => {
            if c.iter().all(|b| *b == c[0]) {
                return Err(Invalid::Component("a CPF of one digit repeated is never issued"));
            }
            Ok(NOTHING)
        }
        Kind::ClRut | Kind::EsDni | Kind::NgBvn | Kind::NgNin | Kind::NlBsn => Ok(NOTHING),
        Kind::CnResidentId => {
            const PROVINCES: [u8; 34] = [
                11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54,
                61, 62, 63, 64, 65, 71, 81, 82,
            ];
            if !PROVINCES.contains(&two(c, 0)) {
                return Err(Invalid::Component("its first two digits are no province's code"));
            }
            let year = i32::from(two(c, 6)) * 100 + i32::from(two(c, 8));
            decoded(BirthDate::full(year, two(c, 10), two(c, 12)), Some(sex_if(digit(c[16]) % 2 == 1)), today)
        }
        Kind::DkCpr => {
            let (day, month, year) = dmy(c);
            // The seventh digit and the year tell the century.
            let century = match (digit(c[6]), year) {
                (0..=3, _) | (4 | 9, 37..) => 1900,
                (4 | 9, _) | (5..=8, ..=57) => 2000,
                _ => 1800,
            };
            decoded(BirthDate::full(century + i32::from(year), month, day), Some(sex_if(digit(c[9]) % 2 == 1)), today)
        }
        Kind::EeIsikukood | Kind::LtAsmensKodas => {
            let g = digit(c[0]);
            let top = if kind == Kind::EeIsikukood { 8 } else { 6 };
            if g == 0 || g > top {
                return Err(Invalid::Component("its first digit (century and sex) is out of range"));
            }
            let century = 1800 + 100 * ((g as i32 - 1) / 2);
            let (yy, mm, dd) = ymd(c, 1);
            decoded(BirthDate::full(century + i32::from(yy), mm, dd), Some(sex_if(g % 2 == 1)), today)
        }
        Kind::EsNie => {
            if !b"XYZ".contains(&c[0]) {
                return Err(Invalid::Component("a NIE starts with X, Y or Z"));
            }
            Ok(NOTHING)
        }
        Kind::FiHetu => {
            let century = match c[6] {
                b'+' => 1800,
                b'-' | b'U'..=b'Y' => 1900,
                _ => 2000,
            };
            let individual = number(&c[7..10]);
            if !(2..900).contains(&individual) {
                return Err(Invalid::Component(
                    "its individual number is outside 002–899 (900–999 are temporary numbers)",
                ));
            }
            let (day, month, year) = dmy(c);
            decoded(BirthDate::full(century + i32::from(year), month, day), Some(sex_if(individual % 2 == 1)), today)
        }
        Kind::FrNir => {
            let sex = match c[0] {
                b'1' | b'3' | b'7' => Sex::Male,
                b'2' | b'4' | b'8' => Sex::Female,
                _ => return Err(Invalid::Component("its first digit (sex) is not 1, 2, 3, 4, 7 or 8")),
            };
            let department = &c[5..7];
            if department[1].is_ascii_uppercase() && department != b"2A" && department != b"2B" {
                return Err(Invalid::Component("its department is neither digits nor 2A or 2B"));
            }
            let (yy, mm) = (two(c, 1), two(c, 3));
            let month = match mm {
                1..=12 => Some(mm),
                20..=42 | 50..=99 => None,
                _ => return Err(Invalid::ImpossibleDate(format!("month {mm}"))),
            };
            decoded(BirthDate { year: Year::InCentury(yy), month, day: None }, Some(sex), today)
        }
        Kind::InAadhaar => {
            if c[0] < b'2' {
                return Err(Invalid::Component("an Aadhaar number never starts with 0 or 1"));
            }
            if c.iter().eq(c.iter().rev()) {
                return Err(Invalid::Component("an Aadhaar number is never a palindrome"));
            }
            Ok(NOTHING)
        }
        Kind::ItCodiceFiscale => {
            let value = |b: u8| {
                if b.is_ascii_digit() { digit(b) } else { OMOCODES.iter().position(|o| *o == b).unwrap_or(0) as u32 }
            };
            let pair = |at: usize| (value(c[at]) * 10 + value(c[at + 1])) as u8;
            let month = b"ABCDEHLMPRST"
                .iter()
                .position(|m| *m == c[8])
                .ok_or_else(|| Invalid::ImpossibleDate(format!("month letter {}", char::from(c[8]))))?;
            let day = pair(9);
            let (day, sex) = if day > 40 { (day - 40, Sex::Female) } else { (day, Sex::Male) };
            let birth = BirthDate { year: Year::InCentury(pair(6)), month: Some(month as u8 + 1), day: Some(day) };
            decoded(birth, Some(sex), today)
        }
        Kind::MxCurp => {
            const STATES: [&[u8]; 33] = [
                b"AS", b"BC", b"BS", b"CC", b"CH", b"CL", b"CM", b"CS", b"DF", b"DG", b"GR", b"GT", b"HG", b"JC",
                b"MC", b"MN", b"MS", b"NE", b"NL", b"NT", b"OC", b"PL", b"QR", b"QT", b"SL", b"SP", b"SR", b"TC",
                b"TL", b"TS", b"VZ", b"YN", b"ZS",
            ];
            if !STATES.contains(&&c[11..13]) {
                return Err(Invalid::Component("its state code (characters 12 and 13) is no Mexican state's"));
            }
            let sex = match c[10] {
                b'H' => Some(Sex::Male),
                b'M' => Some(Sex::Female),
                b'X' => None,
                _ => return Err(Invalid::Component("its character 11 (sex) is not H, M or X")),
            };
            // A digit before the check digit for those born before 2000, a letter after.
            let century = if c[16].is_ascii_digit() { 1900 } else { 2000 };
            let (yy, mm, dd) = ymd(c, 4);
            decoded(BirthDate::full(century + i32::from(yy), mm, dd), sex, today)
        }
        Kind::NoFodselsnummer => {
            let individual = number(&c[6..9]);
            let (day, month, year) = dmy(c);
            let century = match (individual, year) {
                (0..=499, _) => 1900,
                (500..=749, 54..) => 1800,
                (500..=999, ..=39) => 2000,
                (900..=999, 40..) => 1900,
                _ => return Err(Invalid::Component("its individual number fits no century for its year")),
            };
            // D numbers add 40 to the day, H numbers 40 to the month.
            let day = if day > 40 { day - 40 } else { day };
            let month = if month > 40 { month - 40 } else { month };
            decoded(BirthDate::full(century + i32::from(year), month, day), Some(sex_if(digit(c[8]) % 2 == 1)), today)
        }
        Kind::PlPesel => {
            let (yy, mm, dd) = ymd(c, 0);
            let (century, month) = match mm {
                81..=92 => (1800, mm - 80),
                1..=12 => (1900, mm),
                21..=32 => (2000, mm - 20),
                41..=52 => (2100, mm - 40),
                61..=72 => (2200, mm - 60),
                _ => return Err(Invalid::ImpossibleDate(format!("month {mm}"))),
            };
            decoded(BirthDate::full(century + i32::from(yy), month, dd), Some(sex_if(digit(c[9]) % 2 == 1)), today)
        }
        Kind::RoCnp => {
            let s = digit(c[0]);
            let (yy, mm, dd) = ymd(c, 1);
            let year = match s {
                1 | 2 => Year::Full(1900 + i32::from(yy)),
                3 | 4 => Year::Full(1800 + i32::from(yy)),
                5 | 6 => Year::Full(2000 + i32::from(yy)),
                // Residents and foreigners: the century is not encoded.
                7..=9 => Year::InCentury(yy),
                _ => return Err(Invalid::Component("its first digit (century and sex) is 0")),
            };
            let county = two(c, 7);
            if !matches!(county, 1..=48 | 51 | 52 | 70) {
                return Err(Invalid::Component("its county code (characters 8 and 9) is no county's"));
            }
            let sex = (s != 9).then(|| sex_if(s % 2 == 1));
            decoded(BirthDate { year, month: Some(mm), day: Some(dd) }, sex, today)
        }
        Kind::SePersonnummer => {
            let ten = &c[c.len() - 10..];
            let (yy, mm, dd) = ymd(ten, 0);
            // Coordination numbers add 60 to the day.
            let day = if dd > 60 { dd - 60 } else { dd };
            let year = if c.len() == 12 {
                i32::from(two(c, 0)) * 100 + i32::from(yy)
            } else {
                // The most recent such year (not after today); `+` marks a hundred years or more.
                let mut year = today.year - (today.year - i32::from(yy)).rem_euclid(100);
                if (Day { year, month: mm, day }) > today {
                    year -= 100;
                }
                if plus { year - 100 } else { year }
            };
            let birth = BirthDate::full(year, mm, day).checked(today)?;
            let canonical = format!("{year:04}{}", std::str::from_utf8(&ten[2..]).unwrap_or_default());
            Ok(Decoded { birth: Some(birth), sex: Some(sex_if(digit(ten[8]) % 2 == 1)), canonical: Some(canonical) })
        }
        Kind::TrTcKimlik => {
            if c[0] == b'0' {
                return Err(Invalid::Component("a T.C. Kimlik number never starts with 0"));
            }
            Ok(NOTHING)
        }
        Kind::ZaId => {
            if digit(c[10]) > 2 {
                return Err(Invalid::Component("its citizenship digit (character 11) is not 0, 1 or 2"));
            }
            let (yy, mm, dd) = ymd(c, 0);
            let birth = BirthDate { year: Year::InCentury(yy), month: Some(mm), day: Some(dd) };
            decoded(birth, Some(sex_if(number(&c[6..10]) >= 5000)), today)
        }
    }
}

pub(crate) fn check(kind: Kind, input: &str, today: Day) -> Result<Identifier, Invalid> {
    let shape = shape(kind);
    let plus = kind == Kind::SePersonnummer && input.contains('+');
    let compact = compact(kind, input, shape.separators)?;
    let c = compact.as_bytes();
    fits(&shape, c, 0)?;
    let decoded = decode(kind, c, plus, today)?;
    // Belgium's check digits are verified while its century is found.
    if kind.has_check_digit() && kind != Kind::BeNationalNumber {
        let (body, check) = c.split_at(c.len() - shape.check_len);
        if check_chars(kind, body).is_none_or(|expected| expected.as_bytes() != check) {
            return Err(Invalid::CheckDigit);
        }
    }
    Ok(Identifier {
        kind,
        canonical: decoded.canonical.unwrap_or(compact),
        check_digit: if kind.has_check_digit() { CheckDigit::Verified } else { CheckDigit::NotPublic },
        birth_date: decoded.birth,
        sex: decoded.sex,
    })
}
