//! OFAC's legacy SDN CSV triple: `sdn.csv` (one row per entry), `alt.csv` (aliases) and
//! `add.csv` (addresses). No headers; `-0-` means empty. Dates of birth, places of birth,
//! nationalities and documents live in the free-text remarks, which are parsed here.

use std::collections::HashMap;
use std::path::PathBuf;

use super::{
    ImportedList, Rejection, country, entity_id, parse_date, person_name, program_tags, risk_value, source_id,
};
use crate::aml::model::{
    Entity, EntityFields, EntityGender, EntityName, EntityType, ListFormat, Location, Occupation, RegistrationId,
    SourceData,
};
use crate::aml::vocabulary::{RiskScore, Tag};
use crate::error::{Error, Result};

const LIST: &str = "US_OFAC_SDN";

fn clean(s: &str) -> &str {
    let s = s.trim();
    if s == "-0-" { "" } else { s }
}

fn rows(bytes: &[u8]) -> Vec<csv::StringRecord> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes)
        .records()
        .filter_map(|r| r.ok())
        .filter(|r| r.len() > 1)
        .collect()
}

pub(super) fn read(files: &[(PathBuf, Vec<u8>)], progress: &(dyn Fn(f64) + Sync)) -> Result<ImportedList> {
    // Which file is which, by its column count: sdn 12, add 6, alt 5.
    let (mut sdn, mut alt, mut add) = (None, None, None);
    for (path, bytes) in files {
        let records = rows(bytes);
        match records.first().map(csv::StringRecord::len) {
            Some(12) => sdn = Some(records),
            Some(6) => add = Some(records),
            Some(5) => alt = Some(records),
            _ => {
                return Err(Error::invalid_request(format!(
                    "{} is not an OFAC SDN CSV file (sdn.csv has 12 columns, add.csv 6, alt.csv 5)",
                    path.display()
                )));
            }
        }
    }
    let sdn = sdn.ok_or_else(|| {
        Error::invalid_request("the ofac-sdn format needs sdn.csv (alt.csv and add.csv are optional)")
    })?;
    let mut aliases: HashMap<String, Vec<String>> = HashMap::new();
    for r in alt.unwrap_or_default() {
        let name = clean(r.get(3).unwrap_or(""));
        if !name.is_empty() {
            aliases.entry(clean(r.get(0).unwrap_or("")).to_owned()).or_default().push(name.to_owned());
        }
    }
    let mut addresses: HashMap<String, Vec<Location>> = HashMap::new();
    for r in add.unwrap_or_default() {
        let get = |i: usize| clean(r.get(i).unwrap_or("")).to_owned();
        let (street, place, land) = (get(2), get(3), get(4));
        let text = [street.as_str(), place.as_str(), land.as_str()]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(", ");
        if text.is_empty() {
            continue;
        }
        let postal = place.split_whitespace().find(|w| w.chars().any(|c| c.is_ascii_digit())).map(str::to_owned);
        let city =
            place.split_whitespace().filter(|w| !w.chars().any(|c| c.is_ascii_digit())).collect::<Vec<_>>().join(" ");
        addresses.entry(get(0)).or_default().push(Location {
            country: country(&land),
            region: None,
            city: Some(city).filter(|c| !c.is_empty()),
            postal_code: postal,
            address: Some(text),
        });
    }

    let mut out = ImportedList {
        list: LIST.into(),
        label: "OFAC Specially Designated Nationals (SDN CSV)".into(),
        format: ListFormat::OfacSdn,
        as_of: None,
        entities: Vec::with_capacity(sdn.len()),
        rows_read: 0,
        rejected: Vec::new(),
        sha256: String::new(),
    };
    let total = sdn.len() as u64;
    for (i, r) in sdn.iter().enumerate() {
        out.rows_read += 1;
        if i % 500 == 0 {
            progress(i as f64 / total.max(1) as f64);
        }
        let get = |i: usize| clean(r.get(i).unwrap_or("")).to_owned();
        let (number, name) = (get(0), get(1));
        if name.is_empty() || number.is_empty() {
            out.rejected.push(Rejection { row: i as u64 + 1, reason: "no entry number or name".into() });
            continue;
        }
        let entity_type = match get(2).to_ascii_lowercase().as_str() {
            "individual" => EntityType::Person,
            "vessel" => EntityType::Vessel,
            "aircraft" => EntityType::Aircraft,
            _ => EntityType::Organization,
        };
        let make = |n: &str| if entity_type == EntityType::Person { person_name(n) } else { EntityName::new(n) };
        let mut names = vec![EntityName { primary: true, ..make(&name) }];
        for a in aliases.remove(&number).unwrap_or_default() {
            names.push(make(&a));
        }
        let programs = get(3).trim_matches(['[', ']']).replace("] [", ", ");
        let mut tags = vec![Tag::Sanctions];
        tags.extend(program_tags(&programs));
        tags.sort();
        tags.dedup();
        let mut fields = EntityFields {
            names,
            sources: vec![SourceData {
                source_id: source_id("US_OFAC_SDN"),
                name: "OFAC Specially Designated Nationals List".into(),
                reason: Some(format!("Programs: {programs}")).filter(|_| !programs.is_empty()),
                summary: None,
                source_url: Some("https://sanctionssearch.ofac.treas.gov/".into()),
                risk_score: RiskScore::High,
                tags: tags.clone(),
            }],
            addresses: addresses.remove(&number).unwrap_or_default(),
            ..EntityFields::default()
        };
        let title = get(4);
        if !title.is_empty() && entity_type == EntityType::Person {
            fields.occupations.push(Occupation { occupation: title.clone(), country: None });
        }
        if let Some(flag) = country(&get(9)) {
            fields.nationalities.push(flag);
        }
        let call_sign = get(5);
        if !call_sign.is_empty() {
            fields.registration_ids.push(registration(&call_sign, "Call Sign", None));
        }
        let remarks = get(11);
        parse_remarks(&remarks, &mut fields);
        out.entities.push(Entity {
            uuid: entity_id(LIST, &number),
            entity_type,
            annotation: Some(if title.is_empty() { remarks } else { title }).filter(|a| !a.is_empty()),
            tags,
            risk_score: RiskScore::High,
            risk_score_value: risk_value(RiskScore::High),
            importance_score: 0.8,
            updated_at: 0,
            fields,
        });
    }
    progress(1.0);
    Ok(out)
}

fn registration(id: &str, kind: &str, country_code: Option<crate::values::CountryCode>) -> RegistrationId {
    let imo = kind.contains("IMO") || kind.contains("Vessel Registration");
    RegistrationId {
        id: id.to_owned(),
        id_type: Some(kind.to_owned()),
        date: None,
        industry: None,
        country: country_code,
        imo_number: imo.then(|| id.trim_start_matches("IMO").trim().to_owned()),
        mmsi_number: kind.contains("MMSI").then(|| id.to_owned()),
        currency: kind.strip_prefix("Digital Currency Address - ").map(str::to_owned),
    }
}

/// Reads `DOB 14 Aug 1962; POB Baghdad, Iraq; nationality Iraq; Passport A1 (Iraq); Gender Male`.
fn parse_remarks(remarks: &str, fields: &mut EntityFields) {
    for part in remarks.split(';').map(|p| p.trim().trim_end_matches('.')) {
        let lower = part.to_ascii_lowercase();
        let after = |prefix: &str| part[prefix.len()..].trim().to_owned();
        if lower.starts_with("dob ") {
            fields.dates_of_birth.extend(parse_date(&after("DOB ")));
        } else if lower.starts_with("pob ") {
            let place = after("POB ");
            fields.places_of_birth.push(Location {
                country: crate::countries::in_place(&place).and_then(country),
                city: place.split(',').next().map(|c| c.trim().to_owned()),
                address: Some(place),
                ..Location::default()
            });
        } else if lower.starts_with("nationality ") {
            fields.nationalities.extend(country(&after("nationality ")));
        } else if lower.starts_with("citizen ") {
            fields.citizenships.extend(country(&after("citizen ")));
        } else if lower.starts_with("gender ") {
            match after("Gender ").to_ascii_lowercase().as_str() {
                "male" => fields.genders.push(EntityGender::Male),
                "female" => fields.genders.push(EntityGender::Female),
                _ => {}
            }
        } else if let Some(rest) = part.trim_start_matches("alt. ").strip_prefix("Digital Currency Address - ") {
            // `Digital Currency Address - XBT 1ABC…`: any currency code, then the address.
            let mut words = rest.split_whitespace();
            if let (Some(code), Some(address)) = (words.next(), words.next()) {
                fields.registration_ids.push(registration(
                    address,
                    &format!("Digital Currency Address - {code}"),
                    None,
                ));
            }
        } else if let Some((kind, rest)) = document(part) {
            // `Passport A123456 (Iraq) expires 2020` -> the number and the issuing country.
            let number = rest.split_whitespace().next().unwrap_or("").to_owned();
            let issuer = rest.find('(').and_then(|o| rest[o + 1..].split(')').next()).and_then(country);
            if !number.is_empty() {
                fields.registration_ids.push(registration(&number, kind, issuer));
            }
        }
    }
}

fn document(part: &str) -> Option<(&'static str, &str)> {
    const KINDS: [&str; 9] = [
        "Passport",
        "National ID No.",
        "Cedula No.",
        "Tax ID No.",
        "Registration ID",
        "Identification Number",
        "Vessel Registration Identification",
        "MMSI",
        "Aircraft Manufacturer's Serial Number (MSN)",
    ];
    KINDS.iter().find_map(|k| part.strip_prefix(k).map(|rest| (*k, rest.trim())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_digital_currency_addresses_of_any_currency_from_the_remarks() {
        let sdn = b"9001,\"EXAMPLE, Holder\",\"individual\",\"CYBER2\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,\"Digital Currency Address - XBT 1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu; alt. Digital Currency Address - XBT 3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC; Digital Currency Address - TRX TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t; Gender Male.\"\n".to_vec();
        let list = read(&[("sdn.csv".into(), sdn)], &|_| {}).expect("reads");
        let ids: Vec<(&str, Option<&str>)> =
            list.entities[0].fields.registration_ids.iter().map(|r| (r.id.as_str(), r.currency.as_deref())).collect();
        assert_eq!(
            ids,
            vec![
                ("1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", Some("XBT")),
                ("3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC", Some("XBT")),
                ("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", Some("TRX")),
            ]
        );
        let mut wallets = crate::aml::wallets::WalletIndex::default();
        wallets.add(&list.entities[0], false, &std::sync::Arc::from("OFAC SDN"));
        let found = wallets.lookup(docket_chainaddr::Chain::Tron, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", false);
        assert_eq!(found[0].programs, vec!["Programs: CYBER2".to_owned()]);
    }

    #[test]
    fn reads_the_three_files() {
        let sdn = b"2674,\"HUSSEIN, Qusay\",\"individual\",\"IRAQ2\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,\"DOB 1966; POB Tikrit, Iraq; nationality Iraq; Gender Male; Passport A12345 (Iraq).\"\n36,\"AEROCARIBBEAN AIRLINES\",-0- ,\"CUBA\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n".to_vec();
        let alt = b"2674,1,\"aka\",\"HUSAYN, Qusayy\",-0- \n".to_vec();
        let add = b"36,25,-0- ,\"Havana\",\"Cuba\",-0- \n".to_vec();
        let list =
            read(&[("sdn.csv".into(), sdn), ("alt.csv".into(), alt), ("add.csv".into(), add)], &|_| {}).expect("reads");
        assert_eq!(list.entities.len(), 2);
        let p = &list.entities[0];
        assert_eq!(p.entity_type, EntityType::Person);
        assert_eq!(p.fields.names.len(), 2);
        assert_eq!(p.fields.dates_of_birth.len(), 1);
        assert_eq!(p.fields.nationalities[0].as_str(), "IQ");
        assert_eq!(p.fields.genders, vec![EntityGender::Male]);
        assert_eq!(p.fields.registration_ids[0].id, "A12345");
        assert_eq!(p.fields.places_of_birth[0].country.as_ref().map(|c| c.as_str()), Some("IQ"));
        let airline = &list.entities[1];
        assert_eq!(airline.entity_type, EntityType::Organization);
        assert_eq!(airline.fields.addresses[0].country.as_ref().map(|c| c.as_str()), Some("CU"));
    }

    #[test]
    fn needs_the_sdn_file() {
        let alt = b"2674,1,\"aka\",\"HUSAYN, Qusayy\",-0- \n".to_vec();
        assert!(read(&[("alt.csv".into(), alt)], &|_| {}).is_err());
    }
}
