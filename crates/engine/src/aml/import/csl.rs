//! trade.gov's Consolidated Screening List (CSV): the US government's export-screening lists
//! in one file (OFAC SDN and non-SDN lists, BIS Entity, Denied Persons, Unverified and Military
//! End User lists, State Department debarments and nonproliferation sanctions).

use std::path::PathBuf;

use super::{
    ImportedList, Rejection, country, entity_id, list_field, parse_date, person_name, program_tags, risk_value,
    source_id, split_embedded_aliases,
};
use crate::aml::model::{
    Entity, EntityFields, EntityGender, EntityName, EntityType, ListFormat, Location, Occupation, RegistrationId,
    SourceData,
};
use crate::aml::normalize::looks_like_organization;
use crate::aml::vocabulary::{RiskScore, Tag};
use crate::error::{Error, Result};

const LIST: &str = "US_CSL";

/// Source id, risk, tags and prominence of each of the CSL's lists, by the abbreviation in its
/// `source` column.
fn source(column: &str) -> (&'static str, RiskScore, &'static [Tag], f64) {
    let table: &[(&str, &str, RiskScore, &[Tag], f64)] = &[
        ("(SDN)", "US_OFAC_SDN", RiskScore::High, &[Tag::Sanctions], 0.8),
        ("(FSE)", "US_OFAC_CONS", RiskScore::High, &[Tag::Sanctions], 0.6),
        ("(SSI)", "US_OFAC_CONS", RiskScore::Medium, &[Tag::Sanctions, Tag::Finance], 0.6),
        ("(PLC)", "US_OFAC_CONS", RiskScore::Medium, &[Tag::Sanctions, Tag::PEP], 0.5),
        ("(CAP)", "US_OFAC_CONS", RiskScore::Medium, &[Tag::Sanctions, Tag::Finance], 0.5),
        ("(NS-MBS", "US_OFAC_CONS", RiskScore::Medium, &[Tag::Sanctions], 0.5),
        ("(CMIC)", "US_OFAC_CONS", RiskScore::Medium, &[Tag::Sanctions, Tag::Finance], 0.5),
        ("(DPL)", "US_BIS_DENIED", RiskScore::High, &[Tag::Sanctions], 0.6),
        ("(EL)", "US_BIS_ENTITY", RiskScore::Medium, &[Tag::Sanctions], 0.6),
        ("(MEU)", "US_BIS_MEU", RiskScore::Medium, &[Tag::Sanctions], 0.5),
        ("(UVL)", "US_BIS_UNVERIFIED", RiskScore::Low, &[Tag::RegulatoryWarning], 0.3),
        ("(DTC)", "US_DDTC_DEBARRED", RiskScore::Medium, &[Tag::Debarred], 0.4),
        ("(ISN)", "US_STATE_ISN", RiskScore::High, &[Tag::Sanctions], 0.6),
    ];
    table
        .iter()
        .find(|(marker, ..)| column.contains(marker))
        .map(|(_, id, risk, tags, importance)| (*id, *risk, *tags, *importance))
        .unwrap_or(("US_TRADE", RiskScore::Medium, &[Tag::Sanctions], 0.5))
}

/// Lists of the CSL whose untyped rows are people.
fn people_list(column: &str) -> bool {
    ["(DPL)", "(DTC)", "(PLC)"].iter().any(|m| column.contains(m))
}

pub(super) fn read(files: &[(PathBuf, Vec<u8>)], progress: &(dyn Fn(f64) + Sync)) -> Result<ImportedList> {
    let mut out = ImportedList {
        list: LIST.into(),
        label: "US Consolidated Screening List (trade.gov)".into(),
        format: ListFormat::UsCsl,
        as_of: None,
        entities: Vec::new(),
        rows_read: 0,
        rejected: Vec::new(),
        sha256: String::new(),
    };
    let total: u64 = files.iter().map(|(_, b)| b.len() as u64).sum::<u64>().max(1);
    let mut offset: u64 = 0;
    for (path, bytes) in files {
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes.as_slice());
        let headers = reader
            .headers()
            .map_err(|e| Error::invalid_request(format!("{} is not CSV: {e}", path.display())))?
            .clone();
        let col = |name: &str| headers.iter().position(|h| h.trim() == name);
        let (Some(name_col), Some(source_col)) = (col("name"), col("source")) else {
            return Err(Error::invalid_request(format!(
                "{} is not a Consolidated Screening List CSV: it has no `name` and `source` columns",
                path.display()
            )));
        };
        let get = |record: &csv::StringRecord, name: &str| -> String {
            col(name).and_then(|i| record.get(i)).unwrap_or("").trim().to_owned()
        };
        for (i, record) in reader.records().enumerate() {
            out.rows_read += 1;
            let row = i as u64 + 2;
            let record = match record {
                Ok(r) => r,
                Err(e) => {
                    out.rejected.push(Rejection { row, reason: format!("unreadable row: {e}") });
                    continue;
                }
            };
            if let Some(pos) = record.position().filter(|_| out.rows_read.is_multiple_of(500)) {
                progress((offset + pos.byte()) as f64 / total as f64);
            }
            let raw_name = record.get(name_col).unwrap_or("").trim();
            if raw_name.is_empty() {
                out.rejected.push(Rejection { row, reason: "no name".into() });
                continue;
            }
            let source_column = record.get(source_col).unwrap_or("").trim().to_owned();
            let key = Some(get(&record, "_id"))
                .filter(|k| !k.is_empty())
                .unwrap_or_else(|| format!("{source_column}:{raw_name}"));
            out.entities.push(entity(&key, raw_name, &source_column, &|n| get(&record, n)));
        }
        offset += bytes.len() as u64;
    }
    progress(1.0);
    Ok(out)
}

fn entity(key: &str, raw_name: &str, source_column: &str, get: &dyn Fn(&str) -> String) -> Entity {
    let (primary, mut aliases) = split_embedded_aliases(raw_name);
    let (source_id_text, risk, tags, importance) = source(source_column);
    let entity_type = match get("type").as_str() {
        "Individual" => EntityType::Person,
        "Entity" => EntityType::Organization,
        "Vessel" => EntityType::Vessel,
        "Aircraft" => EntityType::Aircraft,
        _ if looks_like_organization(&primary) => EntityType::Organization,
        _ if people_list(source_column) => EntityType::Person,
        _ => EntityType::Organization,
    };
    let make_name =
        |n: &str| if entity_type == EntityType::Person { person_name(n) } else { EntityName::new(n.trim()) };
    let mut names = vec![EntityName { primary: true, ..make_name(&primary) }];
    aliases.extend(list_field(&get("alt_names")).map(str::to_owned));
    for alias in aliases {
        if !names.iter().any(|n| n.full_name == alias) {
            names.push(make_name(&alias));
        }
    }

    let programs = get("programs");
    let mut entity_tags: Vec<Tag> = tags.to_vec();
    entity_tags.extend(program_tags(&programs));
    entity_tags.sort();
    entity_tags.dedup();
    let listed_on = get("start_date");
    let summary = [
        get("federal_register_notice"),
        if listed_on.is_empty() { String::new() } else { format!("listed {listed_on}") },
    ]
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect::<Vec<_>>()
    .join("; ");
    let source = SourceData {
        source_id: source_id(source_id_text),
        name: source_column.to_owned(),
        reason: Some(programs.clone()).filter(|p| !p.is_empty()).map(|p| format!("Programs: {p}")),
        summary: Some(summary).filter(|s| !s.is_empty()),
        source_url: Some(get("source_information_url")).filter(|u| !u.is_empty()),
        risk_score: risk,
        tags: entity_tags.clone(),
    };

    let mut fields = EntityFields { names, sources: vec![source], ..EntityFields::default() };
    for address in list_field(&get("addresses")) {
        fields.addresses.push(location(address));
    }
    fields.dates_of_birth = list_field(&get("dates_of_birth")).filter_map(parse_date).collect();
    fields.citizenships = list_field(&get("citizenships")).filter_map(country).collect();
    fields.nationalities = list_field(&get("nationalities")).filter_map(country).collect();
    for place in list_field(&get("places_of_birth")) {
        fields.places_of_birth.push(Location {
            address: Some(place.to_owned()),
            city: place.split(',').next().map(|c| c.trim().to_owned()),
            country: crate::countries::in_place(place).and_then(country),
            ..Location::default()
        });
    }
    for id in list_field(&get("ids")) {
        registration(id, &mut fields);
    }
    let title = get("title");
    if !title.is_empty() && entity_type == EntityType::Person {
        fields.occupations.push(Occupation { occupation: title.clone(), country: None });
    }
    let call_sign = get("call_sign");
    if !call_sign.is_empty() {
        fields.registration_ids.push(RegistrationId {
            id: call_sign,
            id_type: Some("Call Sign".into()),
            date: None,
            industry: Some(get("vessel_type")).filter(|v| !v.is_empty()),
            country: None,
            imo_number: None,
            mmsi_number: None,
            currency: None,
        });
    }
    if let Some(flag) = country(&get("vessel_flag")) {
        fields.nationalities.push(flag);
    }
    let remarks = get("remarks");
    let annotation = [title, remarks].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" — ");
    let updated_at = listed_on
        .parse::<jiff::civil::Date>()
        .ok()
        .and_then(|d| d.to_zoned(jiff::tz::TimeZone::UTC).ok())
        .map_or(0, |z| z.timestamp().as_second());
    Entity {
        uuid: entity_id(LIST, key),
        entity_type,
        annotation: Some(annotation).filter(|a| !a.is_empty()),
        tags: entity_tags,
        risk_score: risk,
        risk_score_value: risk_value(risk),
        importance_score: importance,
        updated_at,
        fields,
    }
}

/// `street, city, state, postal code, CC`.
fn location(text: &str) -> Location {
    let parts: Vec<&str> = text.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
    let country = parts.last().and_then(|c| country(c));
    let inner = if country.is_some() { &parts[..parts.len().saturating_sub(1)] } else { &parts[..] };
    let postal =
        inner.iter().rev().find(|p| p.chars().any(|c| c.is_ascii_digit()) && p.len() <= 10).map(|p| (*p).to_owned());
    let city =
        inner.iter().rev().find(|p| !p.chars().any(|c| c.is_ascii_digit()) && p.len() > 2).map(|p| (*p).to_owned());
    Location { country, region: None, city, postal_code: postal, address: Some(text.to_owned()) }
}

/// `CC, number, type` (the country may be missing; types may hold commas).
fn registration(text: &str, fields: &mut EntityFields) {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let (country_code, rest) = match parts.first().and_then(|p| (p.len() == 2).then(|| country(p)).flatten()) {
        Some(c) => (Some(c), &parts[1..]),
        None => (None, &parts[..]),
    };
    let Some((id, kind)) = rest.split_first() else { return };
    if id.is_empty() {
        return;
    }
    let kind = kind.join(", ");
    if kind.eq_ignore_ascii_case("gender") {
        match id.to_ascii_lowercase().as_str() {
            "male" => fields.genders.push(EntityGender::Male),
            "female" => fields.genders.push(EntityGender::Female),
            _ => {}
        }
        return;
    }
    let imo = kind.to_ascii_lowercase().contains("imo") || kind.contains("Vessel Registration");
    fields.registration_ids.push(RegistrationId {
        id: (*id).to_owned(),
        id_type: Some(kind).filter(|k| !k.is_empty()),
        date: None,
        industry: None,
        country: country_code,
        imo_number: imo.then(|| id.trim_start_matches("IMO").trim().to_owned()),
        mmsi_number: None,
        currency: None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "_id,source,entity_number,type,programs,name,title,addresses,federal_register_notice,start_date,end_date,standard_order,license_requirement,license_policy,call_sign,vessel_type,gross_tonnage,gross_registered_tonnage,vessel_flag,vessel_owner,remarks,source_list_url,alt_names,citizenships,dates_of_birth,nationalities,places_of_birth,source_information_url,ids\n\
12301,Specially Designated Nationals (SDN) - Treasury Department,12301,Individual,SDNTK,\"CIFUENTES VILLA, Hildebrando Alexander\",,\"c/o ROBLE DE MINAS S.A., Medellin, CO\",,,,,,,,,,,,,,http://x,\"CIFUENTES VILLA, Alex\",,1968-01-18,,\"Medellin, Colombia\",http://y,\"CO, 71695565, Cedula No.; MX, CIVH680118HNEFLL07, C.U.R.P.\"\n\
f23a,Entity List (EL) - Bureau of Industry and Security,,,,\"Gazprom Dobycha Irkutsk, OOO (f.k.a., Otkrytoe Aktsionernoe Obshchestvo Irkutskgazprom)\",,\"d.14 ul.Nizhnyaya Naberezhnaya, Irkutsk, Irkutskaya obl, 664011, RU\",81 FR 61595,2016-09-07,,,,,,,,,,,,,,,,,,,\n\
x1,Denied Persons List (DPL) - Bureau of Industry and Security,,,,,,,,,,,,,,,,,,,,,,,,,,,\n";

    #[test]
    fn reads_people_companies_aliases_and_ids() {
        let list = read(&[(PathBuf::from("csl.csv"), SAMPLE.as_bytes().to_vec())], &|_| {}).expect("reads");
        assert_eq!(list.rows_read, 3);
        assert_eq!(list.rejected, vec![Rejection { row: 4, reason: "no name".into() }]);
        let person = &list.entities[0];
        assert_eq!(person.entity_type, EntityType::Person);
        assert_eq!(person.tags, vec![Tag::Criminal, Tag::Sanctions]);
        assert_eq!(person.fields.names.len(), 2);
        assert_eq!(person.fields.names[0].last_name.as_deref(), Some("CIFUENTES VILLA"));
        assert_eq!(person.fields.registration_ids.len(), 2);
        assert_eq!(person.fields.places_of_birth[0].country.as_ref().map(|c| c.as_str()), Some("CO"));
        assert_eq!(person.fields.sources[0].source_id.as_str(), "US_OFAC_SDN");
        let company = &list.entities[1];
        assert_eq!(company.entity_type, EntityType::Organization, "inferred from the legal form");
        assert_eq!(company.fields.names[1].full_name, "Otkrytoe Aktsionernoe Obshchestvo Irkutskgazprom");
        assert_eq!(company.fields.addresses[0].country.as_ref().map(|c| c.as_str()), Some("RU"));
        assert_eq!(company.risk_score, RiskScore::Medium);
    }

    #[test]
    fn refuses_other_csv() {
        let err = read(&[(PathBuf::from("x.csv"), b"a,b\n1,2\n".to_vec())], &|_| {}).expect_err("not a CSL");
        assert!(err.to_string().contains("no `name` and `source` columns"), "{err}");
    }
}
