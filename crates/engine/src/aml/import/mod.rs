//! Reading watchlist files into entities. One module per format; each maps its list's sources
//! to the source ids clients know, with tags and a risk score (see the API reference).

mod csl;
mod ftm;
mod ofac;
mod un;

use std::io::Read;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::model::{DateRange, Entity, EntityId, EntityName, ListFormat};
use super::vocabulary::{RiskScore, SourceId, Tag};
use crate::error::{Error, Result};
use crate::values::CountryCode;

/// Namespace of entity ids: an entity's id is UUIDv5(namespace, "<list>:<its key on the list>"),
/// so it stays the same across imports of the same list.
const NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x6b1d_c0de_d0c4_5e7a_9a31_0f7e_a7c1_1d00);

pub fn entity_id(list: &str, key: &str) -> EntityId {
    EntityId(uuid::Uuid::new_v5(&NAMESPACE, format!("{list}:{key}").as_bytes()))
}

/// A row that could not be imported, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Rejection {
    /// 1-based row or line number (the record number for XML).
    pub row: u64,
    pub reason: String,
}

/// A list read from files.
#[derive(Debug, Clone)]
pub struct ImportedList {
    /// The list's key; a later import with the same key replaces this one.
    pub list: String,
    pub label: String,
    pub format: ListFormat,
    pub as_of: Option<String>,
    pub entities: Vec<Entity>,
    pub rows_read: u64,
    pub rejected: Vec<Rejection>,
    pub sha256: String,
}

/// Reads a list from files on disk. `progress` is told the share of the work done, from 0 to 1.
pub fn read(format: ListFormat, files: &[PathBuf], progress: &(dyn Fn(f64) + Sync)) -> Result<ImportedList> {
    let load = |path: &Path| {
        std::fs::read(path).map_err(|e| Error::invalid_request(format!("cannot read {}: {e}", path.display())))
    };
    read_with(format, files, &load, progress)
}

/// Reads a list whose files' contents `load` gives (the file store opens sealed ones).
pub fn read_with(
    format: ListFormat,
    files: &[PathBuf],
    load: &dyn Fn(&Path) -> Result<Vec<u8>>,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<ImportedList> {
    if files.is_empty() {
        return Err(Error::invalid_request("give at least one file"));
    }
    let mut hasher = Sha256::new();
    let mut contents = Vec::with_capacity(files.len());
    for path in files {
        let bytes = decompress(path, load(path)?)?;
        hasher.update(&bytes);
        contents.push((path.clone(), bytes));
    }
    let sha256 = hex::encode(hasher.finalize());
    let mut list = match format {
        ListFormat::UsCsl => csl::read(&contents, progress)?,
        ListFormat::OfacSdn => ofac::read(&contents, progress)?,
        ListFormat::UnXml => un::read(&contents, progress)?,
        ListFormat::Ftm => ftm::read(&contents, progress)?,
        ListFormat::Demo => return Err(Error::invalid_request("the demo list is generated, not imported")),
    };
    list.sha256 = sha256;
    for e in &mut list.entities {
        e.fields.names.retain(|n| !n.full_name.trim().is_empty());
    }
    let before = list.entities.len();
    list.entities.retain(|e| !e.fields.names.is_empty());
    if list.entities.len() < before {
        list.rejected.push(Rejection {
            row: 0,
            reason: format!("{} entities had no usable name", before - list.entities.len()),
        });
    }
    if list.entities.is_empty() {
        return Err(Error::invalid_request(format!(
            "no entity could be read from the {} file(s); is the format right?",
            format.as_str()
        )));
    }
    Ok(list)
}

/// A file's content, decompressed when it is gzip.
fn decompress(path: &Path, raw: Vec<u8>) -> Result<Vec<u8>> {
    if raw.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(raw.as_slice())
            .read_to_end(&mut out)
            .map_err(|e| Error::invalid_request(format!("{} is not valid gzip: {e}", path.display())))?;
        Ok(out)
    } else {
        Ok(raw)
    }
}

/// Splits a `; `-separated list field.
pub(crate) fn list_field(s: &str) -> impl Iterator<Item = &str> {
    s.split(';').map(str::trim).filter(|v| !v.is_empty() && *v != "-0-")
}

/// A country code from a code or an English name.
pub(crate) fn country(s: &str) -> Option<CountryCode> {
    crate::countries::from_name(s).and_then(|c| CountryCode::parse(c).ok())
}

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

fn month(s: &str) -> Option<i8> {
    let s = s.to_ascii_lowercase();
    MONTHS.iter().position(|m| s.starts_with(m)).map(|i| i as i8 + 1)
}

/// Parses the date forms lists use: `1962-08-14`, `14 Aug 1962`, `Aug 1962`, `1962`,
/// `circa 1962`, `1960 to 1962`.
pub(crate) fn parse_date(text: &str) -> Option<DateRange> {
    let t = text.trim().trim_end_matches('.');
    let t = t
        .strip_prefix("circa")
        .or_else(|| t.strip_prefix("Circa"))
        .or_else(|| t.strip_prefix("approximately"))
        .unwrap_or(t)
        .trim();
    if let Some((a, b)) = t.split_once(" to ").or_else(|| t.split_once(" - ")) {
        let (a, b) = (parse_date(a)?, parse_date(b)?);
        return Some(DateRange { gte: a.gte, lte: b.lte });
    }
    if let Ok(date) = t.parse::<jiff::civil::Date>() {
        return DateRange::day(date);
    }
    let parts: Vec<&str> =
        t.split(|c: char| c.is_whitespace() || c == '-' || c == '/').filter(|p| !p.is_empty()).collect();
    let year = |p: &str| p.parse::<i16>().ok().filter(|y| (1800..=2100).contains(y));
    match parts.as_slice() {
        [y] => DateRange::year(year(y)?),
        [y, m] if year(y).is_some() => month_range(year(y)?, m.parse().ok()?),
        [m, y] => month_range(year(y)?, month(m).or_else(|| m.parse().ok())?),
        [d, m, y] => {
            let date = jiff::civil::Date::new(year(y)?, month(m).or_else(|| m.parse().ok())?, d.parse().ok()?).ok()?;
            DateRange::day(date)
        }
        _ => None,
    }
}

fn month_range(year: i16, month: i8) -> Option<DateRange> {
    let first = jiff::civil::Date::new(year, month, 1).ok()?;
    let last = first.last_of_month();
    Some(DateRange { gte: DateRange::day(first)?.gte, lte: DateRange::day(last)?.lte })
}

/// Splits `LAST, First Middle` (how US lists write individuals) into a name.
pub(crate) fn person_name(full: &str) -> EntityName {
    let mut name = EntityName::new(full.trim());
    if let Some((last, first)) = full.split_once(',') {
        let (last, first) = (last.trim(), first.trim());
        if !last.is_empty() && !first.is_empty() {
            let mut parts = first.split_whitespace();
            name.first_name = parts.next().map(str::to_owned);
            let middle: Vec<&str> = parts.collect();
            if !middle.is_empty() {
                name.middle_name = Some(middle.join(" "));
            }
            name.last_name = Some(last.to_owned());
        }
    }
    name
}

/// Aliases written into a name: `X (a.k.a. Y; f.k.a., Z)` gives `X` and `[Y, Z]`.
pub(crate) fn split_embedded_aliases(name: &str) -> (String, Vec<String>) {
    let Some(open) = name.find('(') else { return (name.trim().to_owned(), Vec::new()) };
    let close = name.rfind(')').filter(|c| *c > open).unwrap_or(name.len());
    let inner = &name[open + 1..close];
    let lower = inner.to_ascii_lowercase();
    let markers = ["a.k.a.", "aka", "f.k.a.", "fka", "formerly", "also known as", "n.k.a.", "nka"];
    if !markers.iter().any(|m| lower.trim_start().starts_with(m)) {
        return (name.trim().to_owned(), Vec::new());
    }
    let mut aliases = Vec::new();
    for part in inner.split(';') {
        let mut p = part.trim();
        for m in markers {
            if p.to_ascii_lowercase().starts_with(m) {
                p = p[m.len()..].trim_start_matches([',', ':', ' ']);
            }
        }
        let p = p.trim_matches(|c: char| c == '"' || c == '\'' || c.is_whitespace());
        if !p.is_empty() {
            aliases.push(p.to_owned());
        }
    }
    let primary = format!("{}{}", &name[..open], name.get(close + 1..).unwrap_or("")).trim().to_owned();
    (primary, aliases)
}

/// A 0 to 100 value for a risk score.
pub(crate) fn risk_value(risk: RiskScore) -> f64 {
    match risk {
        RiskScore::High => 90.0,
        RiskScore::Medium => 60.0,
        RiskScore::Low => 30.0,
    }
}

/// A source id from a string known to be well formed.
pub(crate) fn source_id(s: &str) -> SourceId {
    SourceId::parse(s).unwrap_or_else(|_| SourceId::parse("UNKNOWN_SOURCE").expect("a valid id"))
}

/// Tags of sanctions programmes that say more than "sanctions".
pub(crate) fn program_tags(programs: &str) -> Vec<Tag> {
    let p = programs.to_ascii_uppercase();
    let mut tags = Vec::new();
    if ["SDGT", "FTO", "SDT", "TERROR"].iter().any(|k| p.contains(k)) {
        tags.push(Tag::Terrorism);
    }
    if ["SDNT", "NARCO", "ILLICIT-DRUGS", "TCO", "CYBER", "ICCP"].iter().any(|k| p.contains(k)) {
        tags.push(Tag::Criminal);
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iso(r: Option<DateRange>) -> Option<(String, String)> {
        r.map(|r| {
            (
                r.gte.map(|t| t.to_string()).unwrap_or_default()[..10].to_owned(),
                r.lte.map(|t| t.to_string()).unwrap_or_default()[..10].to_owned(),
            )
        })
    }

    #[test]
    fn dates_in_list_forms() {
        let d = |a: &str, b: &str| Some((a.to_owned(), b.to_owned()));
        assert_eq!(iso(parse_date("1962-08-14")), d("1962-08-14", "1962-08-14"));
        assert_eq!(iso(parse_date("14 Aug 1962")), d("1962-08-14", "1962-08-14"));
        assert_eq!(iso(parse_date("Aug 1962")), d("1962-08-01", "1962-08-31"));
        assert_eq!(iso(parse_date("circa 1962")), d("1962-01-01", "1962-12-31"));
        assert_eq!(iso(parse_date("1960 to 1962")), d("1960-01-01", "1962-12-31"));
        assert_eq!(parse_date("unknown"), None);
    }

    #[test]
    fn names_and_embedded_aliases() {
        let n = person_name("CIFUENTES VILLA, Hildebrando Alexander");
        assert_eq!(
            (n.first_name.as_deref(), n.middle_name.as_deref(), n.last_name.as_deref()),
            (Some("Hildebrando"), Some("Alexander"), Some("CIFUENTES VILLA"))
        );
        let (primary, aliases) = split_embedded_aliases(
            "Gazprom Dobycha Irkutsk, OOO (f.k.a., Otkrytoe Aktsionernoe Obshchestvo Irkutskgazprom)",
        );
        assert_eq!(primary, "Gazprom Dobycha Irkutsk, OOO");
        assert_eq!(aliases, ["Otkrytoe Aktsionernoe Obshchestvo Irkutskgazprom"]);
        let (primary, aliases) = split_embedded_aliases("Acme (Shanghai) Ltd");
        assert_eq!((primary.as_str(), aliases.len()), ("Acme (Shanghai) Ltd", 0));
    }

    #[test]
    fn ids_are_stable() {
        assert_eq!(entity_id("US_CSL", "21944"), entity_id("US_CSL", "21944"));
        assert_ne!(entity_id("US_CSL", "21944"), entity_id("UN_SCC", "21944"));
    }
}
