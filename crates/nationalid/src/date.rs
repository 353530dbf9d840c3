//! Days and the birth dates identifiers encode, whole or in part (several encode no century).

use std::fmt;

/// A calendar day (proleptic Gregorian).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

pub(crate) fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

pub(crate) fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// The year of a birth date: whole, or only its last two digits when the identifier does not
/// encode the century (France's NIR, Italy's fiscal code, South Africa's number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Year {
    Full(i32),
    InCentury(u8),
}

/// What an identifier says of its holder's birth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BirthDate {
    pub year: Year,
    /// Absent when the identifier leaves it unknown (France's NIR may).
    pub month: Option<u8>,
    /// Absent when the identifier encodes none (France's NIR encodes none).
    pub day: Option<u8>,
}

impl BirthDate {
    pub(crate) fn full(year: i32, month: u8, day: u8) -> BirthDate {
        BirthDate { year: Year::Full(year), month: Some(month), day: Some(day) }
    }

    /// Whether a date of birth agrees with every part this one encodes.
    pub fn agrees_with(&self, date: Day) -> bool {
        let year = match self.year {
            Year::Full(y) => y == date.year,
            Year::InCentury(yy) => i32::from(yy) == date.year.rem_euclid(100),
        };
        year && self.month.is_none_or(|m| m == date.month) && self.day.is_none_or(|d| d == date.day)
    }

    /// Refuses a day that does not exist, or (when the year is whole) one after `today`.
    pub(crate) fn checked(self, today: Day) -> Result<BirthDate, crate::Invalid> {
        let year = match self.year {
            Year::Full(y) => y,
            // 2000 is a leap year, so 29 February stands for any year ending in 00 or a multiple of 4.
            Year::InCentury(yy) => 2000 + i32::from(yy),
        };
        if let Some(m) = self.month
            && !(1..=12).contains(&m)
        {
            return Err(crate::Invalid::ImpossibleDate(format!("month {m}")));
        }
        if let (Some(m), Some(d)) = (self.month, self.day)
            && (d == 0 || d > days_in_month(year, m))
        {
            return Err(crate::Invalid::ImpossibleDate(format!("day {d} of month {m}")));
        }
        if let (Year::Full(y), Some(m), Some(d)) = (self.year, self.month, self.day)
            && (Day { year: y, month: m, day: d }) > today
        {
            return Err(crate::Invalid::ImpossibleDate(format!("{self} is after today")));
        }
        Ok(self)
    }
}

/// ISO 8601 as far as known: `1985-07-30`, `1985-07`; a year without its century as `xx95`.
impl fmt::Display for BirthDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.year {
            Year::Full(y) => write!(f, "{y:04}")?,
            Year::InCentury(yy) => write!(f, "xx{yy:02}")?,
        }
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
            if let Some(d) = self.day {
                write!(f, "-{d:02}")?;
            }
        }
        Ok(())
    }
}
