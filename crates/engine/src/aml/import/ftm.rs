//! OpenSanctions FollowTheMoney entities, one JSON object per line. People, companies,
//! organisations, vessels, aircraft and wallets are imported; relationship records (ownership,
//! family, ...) are not.

use std::path::PathBuf;

use serde::Deserialize;

use super::{ImportedList, Rejection, country, entity_id, parse_date, risk_value, source_id};
use crate::aml::model::{
    ContactInfo, Entity, EntityFields, EntityGender, EntityName, EntityType, ListFormat, Location, Occupation,
    PoliticalRole, RegistrationId, SourceData,
};
use crate::aml::vocabulary::{RiskScore, Tag};
use crate::error::Result;

#[derive(Deserialize)]
struct Record {
    id: String,
    schema: String,
    #[serde(default)]
    properties: std::collections::BTreeMap<String, Vec<serde_json::Value>>,
    #[serde(default)]
    datasets: Vec<String>,
    #[serde(default)]
    last_change: Option<String>,
}

impl Record {
    fn strings(&self, key: &str) -> Vec<String> {
        self.properties
            .get(key)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .filter(|s| !s.trim().is_empty())
            .collect()
    }
}

fn entity_type(schema: &str) -> Option<EntityType> {
    Some(match schema {
        "Person" => EntityType::Person,
        "Company" | "Organization" | "LegalEntity" | "PublicBody" => EntityType::Organization,
        "Vessel" => EntityType::Vessel,
        "Airplane" => EntityType::Aircraft,
        "CryptoWallet" => EntityType::CryptoWallet,
        _ => return None,
    })
}

/// Tags and risk from OpenSanctions topics.
fn topics(topics: &[String]) -> (Vec<Tag>, RiskScore) {
    let mut tags = Vec::new();
    let mut risk = RiskScore::Low;
    for t in topics {
        let (tag, r) = match t.as_str() {
            "sanction" | "sanction.counter" => (Tag::Sanctions, RiskScore::High),
            "sanction.linked" | "export.control" | "export.risk" => (Tag::Sanctions, RiskScore::Medium),
            "debarment" => (Tag::Debarred, RiskScore::Medium),
            "crime.terror" => (Tag::Terrorism, RiskScore::High),
            t if t.starts_with("crime") || t == "wanted" => (Tag::Criminal, RiskScore::High),
            "role.pep" | "role.rca" | "gov.head" | "gov.national" => (Tag::PEP, RiskScore::Medium),
            "poi" => (Tag::PublicInterest, RiskScore::Low),
            t if t.starts_with("reg.") => (Tag::RegulatoryWarning, RiskScore::Low),
            t if t.starts_with("fin") => (Tag::Finance, RiskScore::Low),
            _ => continue,
        };
        tags.push(tag);
        risk = risk.max(r);
    }
    tags.sort();
    tags.dedup();
    (tags, risk)
}

/// The source id of a dataset: the ids clients know where one applies.
fn dataset_source(dataset: &str) -> String {
    let known = [
        ("us_ofac_sdn", "US_OFAC_SDN"),
        ("us_ofac_cons", "US_OFAC_CONS"),
        ("un_sc_sanctions", "UN_SCC"),
        ("eu_fsf", "EU_FINANCIAL"),
        ("gb_hmt_sanctions", "UK_OFSI"),
        ("gb_fcdo_sanctions", "UK_OFSI"),
        ("ch_seco_sanctions", "CH_SECO"),
        ("au_dfat_sanctions", "AU_SDN"),
        ("interpol_red_notices", "INTERPOL_RED"),
        ("interpol_yellow_notices", "INTERPOL_YELLOW"),
        ("everypolitician", "EVERYPOLITICIAN"),
        ("wikidata", "WIKIDATA"),
        ("worldbank_debarred", "WORLDBANK_DP"),
        ("us_bis_denied", "US_BIS_DENIED"),
        ("ua_nsdc_sanctions", "UA_NSDC"),
        ("ru_rupep", "RUPEP"),
    ];
    known.iter().find(|(d, _)| *d == dataset).map_or_else(
        || dataset.to_ascii_uppercase().chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect(),
        |(_, id)| (*id).to_owned(),
    )
}

pub(super) fn read(files: &[(PathBuf, Vec<u8>)], progress: &(dyn Fn(f64) + Sync)) -> Result<ImportedList> {
    let stem = files
        .first()
        .and_then(|(p, _)| p.file_stem())
        .map(|s| s.to_string_lossy().trim_end_matches(".json").to_ascii_uppercase())
        .unwrap_or_default();
    let key: String = stem.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let mut out = ImportedList {
        list: format!("FTM_{key}"),
        label: format!("FollowTheMoney entities ({stem})"),
        format: ListFormat::Ftm,
        as_of: None,
        entities: Vec::new(),
        rows_read: 0,
        rejected: Vec::new(),
        sha256: String::new(),
    };
    let total: u64 = files.iter().map(|(_, b)| b.len() as u64).sum::<u64>().max(1);
    let mut offset = 0u64;
    for (_, bytes) in files {
        for (i, line) in bytes.split(|b| *b == b'\n').enumerate() {
            offset += line.len() as u64 + 1;
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            out.rows_read += 1;
            if out.rows_read.is_multiple_of(1000) {
                progress(offset as f64 / total as f64);
            }
            let record: Record = match serde_json::from_slice(line) {
                Ok(r) => r,
                Err(e) => {
                    out.rejected
                        .push(Rejection { row: i as u64 + 1, reason: format!("not a FollowTheMoney entity: {e}") });
                    continue;
                }
            };
            let Some(kind) = entity_type(&record.schema) else { continue };
            match entity(&out.list, &record, kind) {
                Some(e) => out.entities.push(e),
                None => {
                    out.rejected.push(Rejection { row: i as u64 + 1, reason: format!("{} has no name", record.id) })
                }
            }
        }
    }
    progress(1.0);
    Ok(out)
}

fn entity(list: &str, r: &Record, kind: EntityType) -> Option<Entity> {
    fn add_name(names: &mut Vec<EntityName>, n: &str) {
        if !names.iter().any(|x| x.full_name == n) {
            let primary = names.is_empty();
            names.push(EntityName { primary, ..EntityName::new(n) });
        }
    }
    let mut names: Vec<EntityName> = Vec::new();
    for key in ["name", "alias", "previousName", "weakAlias"] {
        for n in r.strings(key) {
            add_name(&mut names, &n);
        }
    }
    if kind == EntityType::CryptoWallet {
        for k in r.strings("publicKey") {
            add_name(&mut names, &k);
        }
    }
    if names.is_empty() {
        return None;
    }
    if let (Some(first), Some(last)) = (r.strings("firstName").first(), r.strings("lastName").first()) {
        names[0].first_name = Some(first.clone());
        names[0].last_name = Some(last.clone());
        names[0].middle_name = r.strings("middleName").first().cloned();
    }
    let (tags, risk) = topics(&r.strings("topics"));
    let mut fields = EntityFields { names, ..EntityFields::default() };
    for dataset in &r.datasets {
        fields.sources.push(SourceData {
            source_id: source_id(&dataset_source(dataset)),
            name: dataset.clone(),
            reason: r.strings("program").first().cloned(),
            summary: None,
            source_url: r.strings("sourceUrl").first().cloned(),
            risk_score: risk,
            tags: tags.clone(),
        });
    }
    fields.dates_of_birth = r.strings("birthDate").iter().filter_map(|d| parse_date(d)).collect();
    fields.dates_of_death = r.strings("deathDate").iter().filter_map(|d| parse_date(d)).collect();
    fields.places_of_birth =
        r.strings("birthPlace").into_iter().map(|p| Location { address: Some(p), ..Location::default() }).collect();
    fields.nationalities = r.strings("nationality").iter().filter_map(|c| country(c)).collect();
    fields.citizenships = r.strings("citizenship").iter().filter_map(|c| country(c)).collect();
    let mut addresses: Vec<Location> =
        r.strings("address").into_iter().map(|a| Location { address: Some(a), ..Location::default() }).collect();
    for c in r.strings("country").iter().chain(&r.strings("jurisdiction")) {
        if let Some(code) = country(c) {
            addresses.push(Location { country: Some(code), ..Location::default() });
        }
    }
    fields.addresses = addresses;
    for g in r.strings("gender") {
        match g.as_str() {
            "male" => fields.genders.push(EntityGender::Male),
            "female" => fields.genders.push(EntityGender::Female),
            _ => fields.genders.push(EntityGender::Other),
        }
    }
    for (key, label) in [
        ("registrationNumber", "Registration Number"),
        ("taxNumber", "Tax Number"),
        ("leiCode", "LEI"),
        ("innCode", "INN"),
        ("ogrnCode", "OGRN"),
        ("idNumber", "ID Number"),
        ("passportNumber", "Passport"),
        ("imoNumber", "IMO"),
        ("mmsi", "MMSI"),
        ("callSign", "Call Sign"),
        ("publicKey", "Wallet Address"),
    ] {
        for id in r.strings(key) {
            fields.registration_ids.push(RegistrationId {
                imo_number: (key == "imoNumber").then(|| id.clone()),
                mmsi_number: (key == "mmsi").then(|| id.clone()),
                currency: r.strings("currency").first().cloned().filter(|_| key == "publicKey"),
                id,
                id_type: Some(label.into()),
                date: None,
                industry: None,
                country: None,
            });
        }
    }
    for position in r.strings("position") {
        if tags.contains(&Tag::PEP) {
            fields
                .political_roles
                .push(PoliticalRole { role: position, country: fields.nationalities.first().cloned() });
        } else {
            fields.occupations.push(Occupation { occupation: position, country: None });
        }
    }
    let (emails, phones, websites) = (r.strings("email"), r.strings("phone"), r.strings("website"));
    if !(emails.is_empty() && phones.is_empty() && websites.is_empty()) {
        fields.contact_info.push(ContactInfo { emails, phones, websites });
    }
    let updated_at = r
        .last_change
        .as_deref()
        .and_then(|t| t.get(..10))
        .and_then(parse_date)
        .and_then(|d| d.gte)
        .map_or(0, |t| t.as_second());
    Some(Entity {
        uuid: entity_id(list, &r.id),
        entity_type: kind,
        annotation: r.strings("notes").first().cloned(),
        tags: if tags.is_empty() { vec![Tag::UnofficialSource] } else { tags },
        risk_score: risk,
        risk_score_value: risk_value(risk),
        importance_score: 0.5,
        updated_at,
        fields,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_people_wallets_and_skips_relationships() {
        let lines = r#"{"id":"Q7747","schema":"Person","caption":"Vladimir Putin","properties":{"name":["Vladimir Putin"],"alias":["Владимир Путин"],"firstName":["Vladimir"],"lastName":["Putin"],"birthDate":["1952-10-07"],"nationality":["ru"],"topics":["role.pep","sanction"],"position":["President of Russia"],"gender":["male"]},"datasets":["eu_fsf","wikidata"],"last_change":"2024-01-01T00:00:00"}
{"id":"ofac-w1","schema":"CryptoWallet","properties":{"publicKey":["1Abc9xyz"],"currency":["XBT"],"topics":["sanction"]},"datasets":["us_ofac_sdn"]}
{"id":"own-1","schema":"Ownership","properties":{"owner":["a"],"asset":["b"]}}
not json
"#;
        let list = read(&[("default.json".into(), lines.as_bytes().to_vec())], &|_| {}).expect("reads");
        assert_eq!(list.list, "FTM_DEFAULT");
        assert_eq!(list.entities.len(), 2);
        assert_eq!(list.rejected.len(), 1);
        let p = &list.entities[0];
        assert_eq!(p.risk_score, RiskScore::High);
        assert_eq!(p.tags, vec![Tag::PEP, Tag::Sanctions]);
        assert_eq!(p.fields.sources[0].source_id.as_str(), "EU_FINANCIAL");
        assert_eq!(p.fields.political_roles[0].role, "President of Russia");
        assert_eq!(p.fields.names[1].full_name, "Владимир Путин");
        let w = &list.entities[1];
        assert_eq!(w.entity_type, EntityType::CryptoWallet);
        assert_eq!(w.fields.names[0].full_name, "1Abc9xyz");
        assert_eq!(w.fields.registration_ids[0].currency.as_deref(), Some("XBT"));
    }
}
