//! Dates as statements print them: ISO (`2024-03-31`), numeric with dots, slashes or dashes
//! (`31.03.2024`, `31/03/24`, `03/31/2024`), and with month names in English, German, French and
//! Spanish (`31 March 2024`, `March 31, 2024`, `31. März 2024`, `1er mars 2024`,
//! `31 de marzo de 2024`, `31-Mar-2024`). Only real calendar days are dates.

use std::fmt;

use crate::text::fold_char;

/// A calendar day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// A real day of the Gregorian calendar between 1900 and 2199, else none.
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        ((1900..2200).contains(&year) && (1..=12).contains(&month) && day >= 1 && day <= days_in(year, month))
            .then_some(Date { year, month, day })
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in(year: u16, month: u8) -> u8 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// How an all-numeric date with two small numbers is read: day first (most of the world) or
/// month first (the United States).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    DayFirst,
    MonthFirst,
}

/// Month names and abbreviations, folded (lower case, no accents), in the four languages.
const MONTHS: &[(&str, u8)] = &[
    ("january", 1),
    ("januar", 1),
    ("janner", 1),
    ("janvier", 1),
    ("enero", 1),
    ("janv", 1),
    ("jan", 1),
    ("ene", 1),
    ("february", 2),
    ("februar", 2),
    ("fevrier", 2),
    ("febrero", 2),
    ("fevr", 2),
    ("feb", 2),
    ("fev", 2),
    ("march", 3),
    ("marz", 3),
    ("maerz", 3),
    ("mars", 3),
    ("marzo", 3),
    ("mar", 3),
    ("mrz", 3),
    ("april", 4),
    ("avril", 4),
    ("abril", 4),
    ("apr", 4),
    ("avr", 4),
    ("abr", 4),
    ("may", 5),
    ("mai", 5),
    ("mayo", 5),
    ("june", 6),
    ("juni", 6),
    ("juin", 6),
    ("junio", 6),
    ("jun", 6),
    ("july", 7),
    ("juli", 7),
    ("juillet", 7),
    ("julio", 7),
    ("juil", 7),
    ("jul", 7),
    ("august", 8),
    ("aout", 8),
    ("agosto", 8),
    ("aug", 8),
    ("ago", 8),
    ("september", 9),
    ("septembre", 9),
    ("septiembre", 9),
    ("setiembre", 9),
    ("sept", 9),
    ("sep", 9),
    ("october", 10),
    ("oktober", 10),
    ("octobre", 10),
    ("octubre", 10),
    ("oct", 10),
    ("okt", 10),
    ("november", 11),
    ("novembre", 11),
    ("noviembre", 11),
    ("nov", 11),
    ("december", 12),
    ("dezember", 12),
    ("decembre", 12),
    ("diciembre", 12),
    ("dec", 12),
    ("dez", 12),
    ("dic", 12),
];

/// A date found in a text: its byte range and value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Found {
    pub start: usize,
    pub end: usize,
    pub date: Date,
}

/// The order a text's numeric dates use: month first only when one of them can only be read so
/// (`03/31/2024`), or `default` when none decides.
pub(crate) fn order_of(text: &str, default: Order) -> Order {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        if let Some((a, b, _, next)) = numeric_parts(&chars, i) {
            if a > 12 && b <= 12 {
                return Order::DayFirst;
            }
            if b > 12 && a <= 12 {
                return Order::MonthFirst;
            }
            i = next;
        } else {
            i += 1;
        }
    }
    default
}

/// Every date in a line, left to right.
pub(crate) fn dates_in(text: &str, order: Order) -> Vec<Found> {
    let chars: Vec<(usize, char)> = text.char_indices().map(|(i, c)| (i, fold_char(c))).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let boundary = i == 0 || !chars[i - 1].1.is_alphanumeric();
        if boundary && let Some((date, next)) = date_at(&chars, i, order) {
            let end = chars.get(next).map_or(text.len(), |c| c.0);
            out.push(Found { start: chars[i].0, end, date });
            i = next;
            continue;
        }
        i += 1;
    }
    out
}

/// A date starting at char `i`, and the index after it.
fn date_at(chars: &[(usize, char)], i: usize, order: Order) -> Option<(Date, usize)> {
    if chars[i].1.is_ascii_digit() {
        // ISO: 2024-03-31.
        if let Some((y, n)) = number(chars, i, 4, 4)
            && let Some(n) = sep(chars, n, &['-'])
            && let Some((m, n)) = number(chars, n, 1, 2)
            && let Some(n) = sep(chars, n, &['-'])
            && let Some((d, n)) = number(chars, n, 1, 2)
            && end_of_word(chars, n)
        {
            return Some((Date::new(y as u16, m as u8, d as u8)?, n));
        }
        if let Some((a, b, y, n)) = numeric_parts(chars, i) {
            let (d, m) = match order {
                _ if a > 12 => (a, b),
                _ if b > 12 => (b, a),
                Order::DayFirst => (a, b),
                Order::MonthFirst => (b, a),
            };
            return Some((Date::new(y, m as u8, d as u8)?, n));
        }
        // 31 March 2024, 31. März 2024, 1er mars 2024, 31 de marzo de 2024, 31-Mar-2024.
        let (d, mut n) = number(chars, i, 1, 2)?;
        for suffix in [".", "er", "st", "nd", "rd", "th"] {
            if let Some(after) = word(chars, n, suffix) {
                n = after;
                break;
            }
        }
        let n = skip(chars, n, &[' ', '-', '/']);
        let n = word(chars, n, "de").map_or(n, |a| skip(chars, a, &[' ']));
        let (m, n) = month(chars, n)?;
        let n = skip(chars, n, &['.']);
        let n = skip(chars, n, &[' ', '-', '/', ',']);
        let n = word(chars, n, "de").map_or(n, |a| skip(chars, a, &[' ']));
        let (y, n) = number(chars, n, 4, 4)?;
        end_of_word(chars, n).then_some(())?;
        return Some((Date::new(y as u16, m, d as u8)?, n));
    }
    // March 31, 2024.
    let (m, n) = month(chars, i)?;
    let n = skip(chars, n, &['.']);
    let n = skip(chars, n, &[' ']);
    let (d, mut n) = number(chars, n, 1, 2)?;
    for suffix in ["st", "nd", "rd", "th"] {
        if let Some(after) = word(chars, n, suffix) {
            n = after;
            break;
        }
    }
    let n = skip(chars, n, &[',', ' ']);
    let (y, n) = number(chars, n, 4, 4)?;
    end_of_word(chars, n).then_some(())?;
    Some((Date::new(y as u16, m, d as u8)?, n))
}

/// `a.b.yyyy`, `a/b/yy`, `a-b-yyyy` (the same separator twice): `(a, b, year, next)`. Two-digit
/// years are 20yy.
fn numeric_parts(chars: &[(usize, char)], i: usize) -> Option<(u32, u32, u16, usize)> {
    if i > 0 && chars[i - 1].1.is_alphanumeric() {
        return None;
    }
    let (a, n) = number(chars, i, 1, 2)?;
    let s = chars.get(n)?.1;
    if !matches!(s, '.' | '/' | '-') {
        return None;
    }
    let (b, n) = number(chars, n + 1, 1, 2)?;
    let n = sep(chars, n, &[s])?;
    let (y, len, n) = match number(chars, n, 4, 4) {
        Some((y, n)) => (y, 4, n),
        None => {
            let (y, n) = number(chars, n, 2, 2)?;
            (y, 2, n)
        }
    };
    if !end_of_word(chars, n) {
        return None;
    }
    let year = if len == 2 { 2000 + y } else { y };
    Some((a, b, u16::try_from(year).ok()?, n))
}

fn number(chars: &[(usize, char)], i: usize, min: usize, max: usize) -> Option<(u32, usize)> {
    let mut n = i;
    let mut v = 0u32;
    while n < chars.len() && n - i < max && chars[n].1.is_ascii_digit() {
        v = v * 10 + chars[n].1.to_digit(10)?;
        n += 1;
    }
    let len = n - i;
    // A longer run of digits is another number.
    (len >= min && !chars.get(n).is_some_and(|c| c.1.is_ascii_digit())).then_some((v, n))
}

fn sep(chars: &[(usize, char)], i: usize, allowed: &[char]) -> Option<usize> {
    chars.get(i).filter(|c| allowed.contains(&c.1)).map(|_| i + 1)
}

fn skip(chars: &[(usize, char)], mut i: usize, allowed: &[char]) -> usize {
    while chars.get(i).is_some_and(|c| allowed.contains(&c.1)) {
        i += 1;
    }
    i
}

fn word(chars: &[(usize, char)], i: usize, w: &str) -> Option<usize> {
    let mut n = i;
    for c in w.chars() {
        if chars.get(n)?.1 != c {
            return None;
        }
        n += 1;
    }
    let alpha_word = w.chars().all(char::is_alphabetic);
    if alpha_word && chars.get(n).is_some_and(|c| c.1.is_alphabetic()) {
        return None;
    }
    Some(n)
}

fn month(chars: &[(usize, char)], i: usize) -> Option<(u8, usize)> {
    // The longest name that is a whole word.
    MONTHS.iter().filter_map(|(name, m)| word(chars, i, name).map(|n| (*m, n))).max_by_key(|(_, n)| *n)
}

fn end_of_word(chars: &[(usize, char)], n: usize) -> bool {
    !chars.get(n).is_some_and(|c| c.1.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str, order: Order) -> Option<String> {
        let found = dates_in(text, order);
        (found.len() == 1).then(|| found[0].date.to_string())
    }

    #[test]
    fn numeric_dates_in_every_common_form() {
        for (text, want) in [
            ("2024-03-31", "2024-03-31"),
            ("31.03.2024", "2024-03-31"),
            ("1.3.2024", "2024-03-01"),
            ("31/03/2024", "2024-03-31"),
            ("31-03-2024", "2024-03-31"),
            ("31.03.24", "2024-03-31"),
        ] {
            assert_eq!(one(text, Order::DayFirst).as_deref(), Some(want), "{text}");
        }
        assert_eq!(one("03/04/2024", Order::MonthFirst).as_deref(), Some("2024-03-04"));
        assert_eq!(one("03/31/2024", Order::DayFirst).as_deref(), Some("2024-03-31"), "only one reading");
    }

    #[test]
    fn named_months_in_four_languages() {
        for (text, want) in [
            ("31 March 2024", "2024-03-31"),
            ("March 31, 2024", "2024-03-31"),
            ("Mar 1st, 2024", "2024-03-01"),
            ("01-Mar-2024", "2024-03-01"),
            ("31. März 2024", "2024-03-31"),
            ("1. Dez. 2023", "2023-12-01"),
            ("1er mars 2024", "2024-03-01"),
            ("29 février 2024", "2024-02-29"),
            ("15 août 2024", "2024-08-15"),
            ("31 de marzo de 2024", "2024-03-31"),
            ("1 dic 2024", "2024-12-01"),
        ] {
            assert_eq!(one(text, Order::DayFirst).as_deref(), Some(want), "{text}");
        }
    }

    #[test]
    fn impossible_days_and_other_numbers_are_not_dates() {
        for text in
            ["31.02.2024", "29.02.2023", "2024-13-01", "123.03.2024", "12.03.20245", "1.234,56", "Marzipan 2024"]
        {
            assert!(dates_in(text, Order::DayFirst).is_empty(), "{text}");
        }
        assert_eq!(one("29.02.2000", Order::DayFirst).as_deref(), Some("2000-02-29"));
        assert!(dates_in("29.02.1900", Order::DayFirst).is_empty());
    }

    #[test]
    fn the_order_is_decided_by_a_date_that_reads_only_one_way() {
        assert_eq!(order_of("from 03/01/2024 to 03/31/2024", Order::DayFirst), Order::MonthFirst);
        assert_eq!(order_of("du 01/03/2024 au 31/03/2024", Order::MonthFirst), Order::DayFirst);
        assert_eq!(order_of("01/03/2024", Order::MonthFirst), Order::MonthFirst);
    }

    #[test]
    fn two_dates_on_a_line_with_their_ranges() {
        let text = "Period: 01.03.2024 - 31.03.2024";
        let found = dates_in(text, Order::DayFirst);
        assert_eq!(found.len(), 2);
        assert_eq!(&text[found[0].start..found[0].end], "01.03.2024");
        assert_eq!(&text[found[1].start..found[1].end], "31.03.2024");
    }
}
