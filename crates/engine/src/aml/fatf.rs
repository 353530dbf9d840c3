//! The FATF table behind `fatf_records`: which jurisdictions the FATF calls high-risk or
//! monitors, and which are members. Dated data, replaceable as a whole (`docket aml fatf
//! --import FILE`); Docket ships the table as of its `AS_OF` date.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::model::{FatfRecord, FatfStatus};
use crate::error::{Error, Result};
use crate::values::CountryCode;

/// The date of the shipped table (the FATF plenary outcome of February 2026).
pub const AS_OF: &str = "2026-02-13";

const CALL_FOR_ACTION_URL: &str =
    "https://www.fatf-gafi.org/en/topics/high-risk-and-other-monitored-jurisdictions.html";
const MEMBERS_URL: &str = "https://www.fatf-gafi.org/en/countries.html";

/// High-risk jurisdictions subject to a call for action, with the action.
#[rustfmt::skip]
const CALL_FOR_ACTION: [(&str, &str); 3] = [
    ("KP", "High-risk jurisdiction subject to a call for action: countermeasures"),
    ("IR", "High-risk jurisdiction subject to a call for action: countermeasures"),
    ("MM", "High-risk jurisdiction subject to a call for action: enhanced due diligence"),
];

/// Jurisdictions under increased monitoring.
#[rustfmt::skip]
const INCREASED_MONITORING: [&str; 22] = [
    "DZ", "AO", "BO", "BG", "CM", "CI", "CD", "HT", "KE", "KW", "LA", "LB", "MC", "NA", "NP", "PG", "SS", "SY", "VE",
    "VN", "VG", "YE",
];

/// FATF member jurisdictions (Russia's membership is suspended; it is listed as a member).
#[rustfmt::skip]
const MEMBERS: [&str; 38] = [
    "AR", "AU", "AT", "BE", "BR", "CA", "CN", "DK", "FI", "FR", "DE", "GR", "HK", "IS", "IN", "ID", "IE", "IL", "IT",
    "JP", "KR", "LU", "MY", "MX", "NL", "NZ", "NO", "PT", "RU", "SA", "SG", "ZA", "ES", "SE", "CH", "TR", "GB", "US",
];

/// The shipped table.
pub fn default_table() -> Vec<FatfRecord> {
    let mut table: BTreeMap<&str, FatfRecord> = BTreeMap::new();
    let record = |country: &str, status, description: &str, url: &str| FatfRecord {
        fatf_status: status,
        url: url.to_owned(),
        description: description.to_owned(),
        country: CountryCode::parse(country).unwrap_or_else(|_| CountryCode::parse("US").expect("a code")),
    };
    for code in MEMBERS {
        table.insert(code, record(code, FatfStatus::FatfMember, "Member of the FATF", MEMBERS_URL));
    }
    for code in INCREASED_MONITORING {
        table.insert(
            code,
            record(
                code,
                FatfStatus::IncreasedMonitoring,
                "Jurisdiction under increased monitoring",
                CALL_FOR_ACTION_URL,
            ),
        );
    }
    for (code, description) in CALL_FOR_ACTION {
        table.insert(code, record(code, FatfStatus::CallForAction, description, CALL_FOR_ACTION_URL));
    }
    table.into_values().collect()
}

/// A country's record, or `NotListed`.
pub fn record_for(table: &[FatfRecord], country: &CountryCode) -> FatfRecord {
    table.iter().find(|r| &r.country == country).cloned().unwrap_or_else(|| FatfRecord {
        fatf_status: FatfStatus::NotListed,
        url: CALL_FOR_ACTION_URL.into(),
        description: "Neither a FATF member nor on a FATF list".into(),
        country: country.clone(),
    })
}

/// The file `docket aml fatf --import` reads.
#[derive(Debug, Deserialize, Serialize)]
pub struct FatfFile {
    /// The date the table describes.
    pub as_of: String,
    pub records: Vec<FatfRecord>,
}

impl FatfFile {
    pub fn parse(text: &str) -> Result<Self> {
        let file: FatfFile = serde_json::from_str(text).map_err(|e| {
            Error::invalid_request(format!("not a FATF table (expected {{\"as_of\", \"records\"}}): {e}"))
        })?;
        if file.as_of.parse::<jiff::civil::Date>().is_err() {
            return Err(Error::invalid("as_of", "must be a date such as 2026-02-13"));
        }
        Ok(file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_holds_the_february_2026_lists() {
        let table = default_table();
        let status = |c: &str| record_for(&table, &CountryCode::parse(c).expect("code")).fatf_status;
        assert_eq!(status("KP"), FatfStatus::CallForAction);
        assert_eq!(status("VE"), FatfStatus::IncreasedMonitoring);
        assert_eq!(status("DE"), FatfStatus::FatfMember);
        assert_eq!(status("UY"), FatfStatus::NotListed);
        assert_eq!(table.iter().filter(|r| r.fatf_status == FatfStatus::IncreasedMonitoring).count(), 22);
    }
}
