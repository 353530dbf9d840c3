//! The UN Security Council consolidated list (XML): `CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL`
//! and `ENTITIES/ENTITY`, read as a stream.

use std::collections::BTreeMap;
use std::path::PathBuf;

use quick_xml::events::Event;

use super::{ImportedList, Rejection, country, entity_id, parse_date, risk_value, source_id};
use crate::aml::model::{
    DateRange, Entity, EntityFields, EntityGender, EntityName, EntityType, ListFormat, Location, Occupation,
    RegistrationId, SourceData,
};
use crate::aml::vocabulary::{RiskScore, Tag};
use crate::error::{Error, Result};

const LIST: &str = "UN_SCC";

/// One `INDIVIDUAL` or `ENTITY`: its leaf values, and its nested groups (aliases, addresses,
/// dates of birth, ...) in order.
#[derive(Default, Debug)]
struct Record {
    kind: String,
    values: BTreeMap<String, Vec<String>>,
    groups: Vec<(String, Group)>,
}

/// A nested group's leaves; a leaf may repeat (several `VALUE`s).
type Group = BTreeMap<String, Vec<String>>;

/// The first value of a leaf of a group.
fn first<'a>(g: &'a Group, key: &str) -> Option<&'a String> {
    g.get(key).and_then(|v| v.first()).filter(|v| !v.is_empty())
}

impl Record {
    fn value(&self, tag: &str) -> String {
        self.values.get(tag).and_then(|v| v.first()).cloned().unwrap_or_default()
    }

    fn groups<'a>(&'a self, tag: &'a str) -> impl Iterator<Item = &'a Group> + 'a {
        self.groups.iter().filter(move |(t, _)| t == tag).map(|(_, g)| g)
    }
}

fn entity_ref(name: &str) -> String {
    match name {
        "amp" => "&".into(),
        "lt" => "<".into(),
        "gt" => ">".into(),
        "quot" => "\"".into(),
        "apos" => "'".into(),
        _ => String::new(),
    }
}

fn records(bytes: &[u8], progress: &(dyn Fn(f64) + Sync)) -> Result<(Vec<Record>, Option<String>)> {
    let total = bytes.len().max(1) as f64;
    let mut reader = quick_xml::Reader::from_reader(bytes);
    let mut buf = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut record: Option<(usize, Record)> = None;
    let mut group: Option<(String, Group)> = None;
    let mut text = String::new();
    let mut out = Vec::new();
    let mut generated = None;
    loop {
        let event = reader.read_event_into(&mut buf).map_err(|e| {
            Error::invalid_request(format!("not well-formed XML at byte {}: {e}", reader.buffer_position()))
        })?;
        match event {
            Event::Start(e) => {
                let tag = e.local_name().as_ref().to_owned();
                if tag == "CONSOLIDATED_LIST" {
                    generated = e
                        .attributes()
                        .flatten()
                        .find(|a| a.key.local_name().as_ref() == "dateGenerated")
                        .map(|a| a.value.chars().take(10).collect());
                }
                let depth = stack.len();
                match &record {
                    None if tag == "INDIVIDUAL" || tag == "ENTITY" => {
                        record = Some((depth, Record { kind: tag.clone(), ..Record::default() }));
                    }
                    Some((d, _)) if depth == d + 2 && group.as_ref().is_none_or(|(t, _)| *t != stack[depth - 1]) => {
                        group = Some((stack[depth - 1].clone(), BTreeMap::new()));
                    }
                    _ => {}
                }
                stack.push(tag);
                text.clear();
            }
            Event::Text(t) => text.push_str(&t.xml10_content()),
            Event::CData(t) => text.push_str(&t.into_inner()),
            Event::GeneralRef(r) => match r.resolve_char_ref() {
                Ok(Some(c)) => text.push(c),
                _ => text.push_str(&entity_ref(&r.into_inner())),
            },
            Event::End(_) => {
                let tag = stack.pop().unwrap_or_default();
                let depth = stack.len();
                let value = text.trim().to_owned();
                text.clear();
                if let Some((d, rec)) = record.as_mut() {
                    if depth == *d {
                        if let Some((_, rec)) = record.take() {
                            out.push(rec);
                            if out.len().is_multiple_of(200) {
                                progress(reader.buffer_position() as f64 / total);
                            }
                        }
                    } else if depth == *d + 1 {
                        match group.take() {
                            Some((gtag, g)) if gtag == tag => {
                                // A group whose only leaf is VALUE is a list of values (NATIONALITY).
                                if g.len() == 1 && g.contains_key("VALUE") {
                                    rec.values.entry(tag).or_default().extend(g.into_values().flatten());
                                } else {
                                    rec.groups.push((tag, g));
                                }
                            }
                            other => {
                                group = other;
                                if !value.is_empty() {
                                    rec.values.entry(tag).or_default().push(value);
                                }
                            }
                        }
                    } else if let Some((_, g)) = group.as_mut()
                        && !value.is_empty()
                    {
                        g.entry(tag).or_default().push(value);
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok((out, generated))
}

pub(super) fn read(files: &[(PathBuf, Vec<u8>)], progress: &(dyn Fn(f64) + Sync)) -> Result<ImportedList> {
    let mut out = ImportedList {
        list: LIST.into(),
        label: "UN Security Council Consolidated List".into(),
        format: ListFormat::UnXml,
        as_of: None,
        entities: Vec::new(),
        rows_read: 0,
        rejected: Vec::new(),
        sha256: String::new(),
    };
    for (path, bytes) in files {
        let (records, generated) =
            records(bytes, progress).map_err(|e| Error::invalid_request(format!("{}: {e}", path.display())))?;
        if out.as_of.is_none() {
            out.as_of = generated;
        }
        for (i, r) in records.iter().enumerate() {
            out.rows_read += 1;
            match entity(r) {
                Some(e) => out.entities.push(e),
                None => {
                    out.rejected.push(Rejection { row: i as u64 + 1, reason: "no name or reference number".into() })
                }
            }
        }
    }
    Ok(out)
}

fn location(g: &Group) -> Location {
    let get = |k: &str| first(g, k).cloned();
    let parts: Vec<String> =
        ["STREET", "CITY", "STATE_PROVINCE", "ZIP_CODE", "COUNTRY"].iter().filter_map(|k| get(k)).collect();
    Location {
        country: get("COUNTRY").and_then(|c| country(&c)),
        region: get("STATE_PROVINCE"),
        city: get("CITY"),
        postal_code: get("ZIP_CODE"),
        address: Some(parts.join(", ")).filter(|a| !a.is_empty()).or_else(|| get("NOTE")),
    }
}

fn entity(r: &Record) -> Option<Entity> {
    let reference = r.value("REFERENCE_NUMBER");
    let key = if reference.is_empty() { r.value("DATAID") } else { reference.clone() };
    let person = r.kind == "INDIVIDUAL";
    let given: Vec<String> = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"]
        .iter()
        .map(|t| r.value(t))
        .filter(|v| !v.is_empty())
        .collect();
    if given.is_empty() || key.is_empty() {
        return None;
    }
    let full = given.join(" ");
    let mut primary = EntityName::new(&full);
    primary.primary = true;
    if person {
        primary.first_name = given.first().cloned();
        if given.len() > 1 {
            primary.last_name = given.last().cloned();
        }
        if given.len() > 2 {
            primary.middle_name = Some(given[1..given.len() - 1].join(" "));
        }
    }
    let mut names = vec![primary];
    let original = r.value("NAME_ORIGINAL_SCRIPT");
    if !original.is_empty() {
        names.push(EntityName::new(original));
    }
    let alias_tag = if person { "INDIVIDUAL_ALIAS" } else { "ENTITY_ALIAS" };
    for alias in r.groups(alias_tag) {
        if let Some(name) = first(alias, "ALIAS_NAME") {
            names.push(EntityName::new(name));
        }
    }
    let list_type = r.value("UN_LIST_TYPE");
    let mut tags = vec![Tag::Sanctions];
    if ["Al-Qaida", "ISIL", "Taliban"].iter().any(|t| list_type.contains(t)) {
        tags.push(Tag::Terrorism);
    }
    let mut fields = EntityFields {
        names,
        sources: vec![SourceData {
            source_id: source_id("UN_SCC"),
            name: "UN Security Council Consolidated List".into(),
            reason: Some(format!("{list_type} sanctions, reference {reference}")),
            summary: Some(r.value("LISTED_ON")).filter(|l| !l.is_empty()).map(|l| format!("listed {l}")),
            source_url: Some("https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list".into()),
            risk_score: RiskScore::High,
            tags: tags.clone(),
        }],
        ..EntityFields::default()
    };
    let address_tag = if person { "INDIVIDUAL_ADDRESS" } else { "ENTITY_ADDRESS" };
    fields.addresses =
        r.groups(address_tag).map(location).filter(|l| l.address.is_some() || l.country.is_some()).collect();
    for nat in r.values.get("NATIONALITY").into_iter().flatten() {
        fields.nationalities.extend(country(nat));
    }
    for d in r.groups("INDIVIDUAL_DATE_OF_BIRTH") {
        let range = if let Some(date) = first(d, "DATE") {
            parse_date(date.get(..10).unwrap_or(date))
        } else if let (Some(from), Some(to)) = (first(d, "FROM_YEAR"), first(d, "TO_YEAR")) {
            parse_date(&format!("{from} to {to}"))
        } else {
            first(d, "YEAR").and_then(|y| parse_date(y))
        };
        fields.dates_of_birth.extend(range);
    }
    for p in r.groups("INDIVIDUAL_PLACE_OF_BIRTH") {
        fields.places_of_birth.push(location(p));
    }
    for doc in r.groups("INDIVIDUAL_DOCUMENT") {
        if let Some(number) = first(doc, "NUMBER") {
            fields.registration_ids.push(RegistrationId {
                id: number.clone(),
                id_type: first(doc, "TYPE_OF_DOCUMENT").cloned(),
                date: first(doc, "DATE_OF_ISSUE").cloned(),
                industry: None,
                country: first(doc, "ISSUING_COUNTRY").and_then(|c| country(c)),
                imo_number: None,
                mmsi_number: None,
                currency: None,
            });
        }
    }
    match r.value("GENDER").to_ascii_lowercase().as_str() {
        "male" => fields.genders.push(EntityGender::Male),
        "female" => fields.genders.push(EntityGender::Female),
        _ => {}
    }
    for designation in r.values.get("DESIGNATION").into_iter().flatten() {
        fields.occupations.push(Occupation { occupation: designation.clone(), country: None });
    }
    let listed: Option<DateRange> = parse_date(&r.value("LISTED_ON"));
    Some(Entity {
        uuid: entity_id(LIST, &key),
        entity_type: if person { EntityType::Person } else { EntityType::Organization },
        annotation: Some(r.value("COMMENTS1")).filter(|c| !c.is_empty()),
        tags,
        risk_score: RiskScore::High,
        risk_score_value: risk_value(RiskScore::High),
        importance_score: 0.8,
        updated_at: listed.and_then(|d| d.gte).map_or(0, |t| t.as_second()),
        fields,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST dateGenerated="2024-05-01T12:00:00.000Z">
 <INDIVIDUALS>
  <INDIVIDUAL>
   <DATAID>1</DATAID><FIRST_NAME>ABDUL</FIRST_NAME><SECOND_NAME>BAQI</SECOND_NAME><THIRD_NAME>BARI</THIRD_NAME>
   <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.001</REFERENCE_NUMBER><LISTED_ON>2001-01-25</LISTED_ON>
   <NAME_ORIGINAL_SCRIPT>عبد الباقی</NAME_ORIGINAL_SCRIPT>
   <DESIGNATION><VALUE>Governor</VALUE><VALUE>Deputy Minister</VALUE></DESIGNATION>
   <NATIONALITY><VALUE>Afghanistan</VALUE></NATIONALITY>
   <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Abdul Baqi &amp; Co</ALIAS_NAME></INDIVIDUAL_ALIAS>
   <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Baqi</ALIAS_NAME></INDIVIDUAL_ALIAS>
   <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1960</FROM_YEAR><TO_YEAR>1962</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
   <INDIVIDUAL_PLACE_OF_BIRTH><CITY>Jalalabad</CITY><COUNTRY>Afghanistan</COUNTRY></INDIVIDUAL_PLACE_OF_BIRTH>
   <INDIVIDUAL_DOCUMENT><TYPE_OF_DOCUMENT>Passport</TYPE_OF_DOCUMENT><NUMBER>OA123</NUMBER><ISSUING_COUNTRY>Afghanistan</ISSUING_COUNTRY></INDIVIDUAL_DOCUMENT>
  </INDIVIDUAL>
 </INDIVIDUALS>
 <ENTITIES>
  <ENTITY><DATAID>2</DATAID><FIRST_NAME>AL-RASHID TRUST</FIRST_NAME><UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDe.005</REFERENCE_NUMBER>
   <ENTITY_ADDRESS><CITY>Karachi</CITY><COUNTRY>Pakistan</COUNTRY></ENTITY_ADDRESS></ENTITY>
 </ENTITIES>
</CONSOLIDATED_LIST>"#;

    #[test]
    fn reads_individuals_and_entities() {
        let list = read(&[("un.xml".into(), SAMPLE.as_bytes().to_vec())], &|_| {}).expect("reads");
        assert_eq!(list.as_of.as_deref(), Some("2024-05-01"));
        assert_eq!(list.entities.len(), 2);
        let p = &list.entities[0];
        assert_eq!(p.fields.names[0].full_name, "ABDUL BAQI BARI");
        assert_eq!(p.fields.names[0].middle_name.as_deref(), Some("BAQI"));
        assert_eq!(p.fields.names.len(), 4, "primary, original script and two aliases");
        assert_eq!(p.fields.names[2].full_name, "Abdul Baqi & Co");
        assert_eq!(p.fields.nationalities[0].as_str(), "AF");
        assert_eq!(p.fields.occupations.len(), 2);
        assert_eq!(p.fields.dates_of_birth.len(), 1);
        assert!(p.tags.contains(&Tag::Terrorism));
        assert_eq!(p.fields.registration_ids[0].id, "OA123");
        let e = &list.entities[1];
        assert_eq!(e.entity_type, EntityType::Organization);
        assert_eq!(e.fields.addresses[0].country.as_ref().map(|c| c.as_str()), Some("PK"));
    }

    #[test]
    fn a_truncated_file_yields_no_entities() {
        let list =
            read(&[("x.xml".into(), b"<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>A".to_vec())], &|_| {});
        assert!(list.map(|l| l.entities.is_empty()).unwrap_or(true));
    }
}
