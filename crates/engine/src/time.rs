//! Time. Every time-dependent rule asks a [`TimeSource`]; the engine is built with one, so tests
//! and the sandbox clock can move time without touching the system clock.

use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Where the engine reads the current time from.
pub trait TimeSource: Send + Sync + 'static {
    fn now(&self) -> Timestamp;
}

/// The operating system's clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemTime;

impl TimeSource for SystemTime {
    fn now(&self) -> Timestamp {
        Timestamp::from_jiff(jiff::Timestamp::now())
    }
}

/// A clock that stands still until moved: for tests.
#[derive(Debug)]
pub struct ManualTime(Mutex<Timestamp>);

impl ManualTime {
    pub fn new(start: Timestamp) -> Self {
        ManualTime(Mutex::new(start))
    }

    pub fn set(&self, to: Timestamp) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = to;
    }

    pub fn advance(&self, by: jiff::SignedDuration) {
        let mut now = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *now = now.saturating_add(by);
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Timestamp {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// An instant in UTC with millisecond precision: what the API shows and SQLite stores (as integer
/// milliseconds since the Unix epoch). Precision is cut at construction so values round-trip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(jiff::Timestamp);

impl Timestamp {
    pub const UNIX_EPOCH: Timestamp = Timestamp(jiff::Timestamp::UNIX_EPOCH);

    pub fn from_jiff(t: jiff::Timestamp) -> Self {
        Self::from_millis(t.as_millisecond())
    }

    /// From milliseconds since the Unix epoch, clamped to the range jiff supports.
    pub fn from_millis(ms: i64) -> Self {
        let ms = ms.clamp(jiff::Timestamp::MIN.as_millisecond() + 1, jiff::Timestamp::MAX.as_millisecond() - 1);
        Timestamp(jiff::Timestamp::from_millisecond(ms).unwrap_or(jiff::Timestamp::UNIX_EPOCH))
    }

    pub fn as_millis(self) -> i64 {
        self.0.as_millisecond()
    }

    pub fn as_jiff(self) -> jiff::Timestamp {
        self.0
    }

    pub fn as_second(self) -> i64 {
        self.0.as_second()
    }

    pub fn saturating_add(self, d: jiff::SignedDuration) -> Self {
        let ms = i64::try_from(d.as_millis()).unwrap_or(if d.is_negative() { i64::MIN } else { i64::MAX });
        Self::from_millis(self.as_millis().saturating_add(ms))
    }

    /// The calendar date of this instant in UTC.
    pub fn date(self) -> jiff::civil::Date {
        self.0.to_zoned(jiff::tz::TimeZone::UTC).date()
    }
}

impl Timestamp {
    /// RFC 3339 in UTC with exactly three fractional digits, `2023-07-18T15:32:13.000Z`, written
    /// into `buf`; `None` outside four-digit years, where RFC 3339 has no form.
    fn format_into(self, buf: &mut [u8; 24]) -> Option<&str> {
        let dt = self.0.to_zoned(jiff::tz::TimeZone::UTC).datetime();
        let year = u32::try_from(dt.year()).ok().filter(|y| *y <= 9999)?;
        let millis = (dt.subsec_nanosecond() / 1_000_000) as u32;
        let fields: [(usize, u32, usize); 7] = [
            (0, year, 4),
            (5, dt.month() as u32, 2),
            (8, dt.day() as u32, 2),
            (11, dt.hour() as u32, 2),
            (14, dt.minute() as u32, 2),
            (17, dt.second() as u32, 2),
            (20, millis, 3),
        ];
        *buf = *b"0000-00-00T00:00:00.000Z";
        for (at, mut value, width) in fields {
            for i in (at..at + width).rev() {
                buf[i] = b'0' + (value % 10) as u8;
                value /= 10;
            }
        }
        std::str::from_utf8(buf).ok()
    }
}

impl fmt::Display for Timestamp {
    /// RFC 3339 in UTC with exactly three fractional digits: `2023-07-18T15:32:13.000Z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 24];
        match self.format_into(&mut buf) {
            Some(text) => f.write_str(text),
            // Outside four-digit years RFC 3339 has no form; jiff's extended one is used.
            None => write!(f, "{}", self.0.strftime("%Y-%m-%dT%H:%M:%S%.3fZ")),
        }
    }
}

impl FromStr for Timestamp {
    type Err = String;

    /// Accepts RFC 3339 date-times with any offset and precision.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim()
            .parse::<jiff::Timestamp>()
            .map(Timestamp::from_jiff)
            .map_err(|_| format!("`{s}` is not an RFC 3339 date-time such as 2024-01-31T12:00:00Z"))
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Every record shows several times: formatted on the stack, not through `fmt`.
        let mut buf = [0u8; 24];
        match self.format_into(&mut buf) {
            Some(text) => s.serialize_str(text),
            None => s.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl ToSql for Timestamp {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_millis()))
    }
}

impl FromSql for Timestamp {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        match value {
            ValueRef::Integer(ms) => Ok(Timestamp::from_millis(ms)),
            _ => Err(FromSqlError::InvalidType),
        }
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Timestamp {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::DateTime)))
            .examples([serde_json::json!("2026-07-18T15:32:13.000Z")])
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Timestamp {}

/// Parses a human duration such as `90s`, `15m`, `36h`, `7d` or `1d12h` (used by the sandbox
/// clock and the retention settings).
pub fn parse_duration(s: &str) -> Result<jiff::SignedDuration, String> {
    let s = s.trim();
    if s.is_empty() {
        return Err("a duration cannot be empty".into());
    }
    let mut total: i64 = 0;
    let mut digits = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3_600,
            'd' => 86_400,
            'w' => 604_800,
            _ => {
                return Err(format!("`{s}` is not a duration such as 90s, 15m, 36h or 7d"));
            }
        };
        let n: i64 = digits.parse().map_err(|_| format!("`{s}` is not a duration such as 90s, 15m, 36h or 7d"))?;
        digits.clear();
        total = n
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(|| format!("`{s}` is too long a duration"))?;
    }
    if !digits.is_empty() {
        return Err(format!("`{s}` needs a unit: s, m, h, d or w (for example {s}s)"));
    }
    Ok(jiff::SignedDuration::from_secs(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_milliseconds_in_utc() {
        let t: Timestamp = "2023-07-18T17:32:13.123456+02:00".parse().expect("parses");
        assert_eq!(t.to_string(), "2023-07-18T15:32:13.123Z");
        assert_eq!(Timestamp::from_millis(t.as_millis()), t);
    }

    #[test]
    fn formats_the_edges() {
        assert_eq!(Timestamp::UNIX_EPOCH.to_string(), "1970-01-01T00:00:00.000Z");
        assert_eq!(Timestamp::from_millis(-1).to_string(), "1969-12-31T23:59:59.999Z");
        assert_eq!(Timestamp::from_millis(253_370_764_800_123).to_string(), "9999-01-01T00:00:00.123Z");
    }

    #[test]
    fn rejects_dates_without_time() {
        assert!("2023-07-18".parse::<Timestamp>().is_err());
        assert!("yesterday".parse::<Timestamp>().is_err());
    }

    #[test]
    fn parses_durations() {
        assert_eq!(parse_duration("90s"), Ok(jiff::SignedDuration::from_secs(90)));
        assert_eq!(parse_duration("1d12h"), Ok(jiff::SignedDuration::from_hours(36)));
        assert!(parse_duration("12").is_err());
        assert!(parse_duration("3x").is_err());
        assert!(parse_duration("99999999999999999999d").is_err());
    }
}
