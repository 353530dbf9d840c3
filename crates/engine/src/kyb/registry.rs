//! Company registry snapshots for production's `registry` and `cross_check` checks and the US
//! registry lookup: files a user downloads and imports (`docket registries import`), read into
//! one table shared by every organization, as watchlists are.
//!
//! Formats: UK Companies House's BasicCompanyData CSV (the free monthly product: every live
//! company with its number, status, incorporation date and registered address) and GLEIF's LEI
//! golden copy CSV (every legal entity identifier with its legal name, jurisdiction, the
//! registration authority's id for it, legal address and status). A record is found by its
//! registration number (and jurisdiction), or else by its name.

use std::io::Read;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// A registry file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RegistryFormat {
    /// UK Companies House BasicCompanyData CSV.
    CompaniesHouse,
    /// GLEIF LEI-CDF golden copy CSV.
    Gleif,
    /// The demo data's fictitious registry: only the sandbox's checks read it.
    Demo,
}

impl RegistryFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            RegistryFormat::CompaniesHouse => "companies-house",
            RegistryFormat::Gleif => "gleif",
            RegistryFormat::Demo => "docket-demo",
        }
    }

    /// The source named in evidence.
    pub fn source(self) -> &'static str {
        match self {
            RegistryFormat::CompaniesHouse => "UK Companies House (BasicCompanyData)",
            RegistryFormat::Gleif => "GLEIF LEI golden copy",
            RegistryFormat::Demo => "Docket demo registry (fictitious)",
        }
    }
}

/// An imported registry file: the records now in use for its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegistrySnapshot {
    pub source: RegistryFormat,
    pub file_name: String,
    pub records: u64,
    pub rows_read: u64,
    pub rows_rejected: u64,
    pub imported_at: crate::time::Timestamp,
}

/// A registered company as a registry file shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegistryRecord {
    pub source: RegistryFormat,
    /// ISO country of the jurisdiction (`GB`, `US`).
    pub country: String,
    /// The jurisdiction as the source writes it (`GB`, `US-DE`).
    pub jurisdiction: String,
    /// The registration number (company number, or the registration authority's id).
    pub number: String,
    pub lei: Option<String>,
    pub name: String,
    /// `active`, `inactive` or `dissolved`.
    pub status: String,
    /// The status as the source writes it.
    pub raw_status: String,
    pub incorporated_on: Option<String>,
    pub category: Option<String>,
    pub street: Option<String>,
    pub city: Option<String>,
    pub region: Option<String>,
    pub postal_code: Option<String>,
}

/// Upper-case letters and digits only: how numbers are compared (`SC 123-456` = `SC123456`).
pub fn number_key(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_uppercase).collect()
}

/// Upper-case ASCII words without punctuation or the commonest legal forms: how names are
/// compared (`Brightwater Logistics Ltd.` = `BRIGHTWATER LOGISTICS LIMITED`).
pub fn name_key(s: &str) -> String {
    const FORMS: [&str; 16] = [
        "LTD",
        "LIMITED",
        "PLC",
        "LLC",
        "INC",
        "INCORPORATED",
        "CORP",
        "CORPORATION",
        "CO",
        "COMPANY",
        "GMBH",
        "AG",
        "SA",
        "SAS",
        "BV",
        "LLP",
    ];
    let folded = crate::values::fold(s).to_uppercase();
    let cleaned: String = folded.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' }).collect();
    let words: Vec<&str> = cleaned.split_whitespace().filter(|w| !FORMS.contains(w)).collect();
    if words.is_empty() { cleaned.split_whitespace().collect::<Vec<_>>().join(" ") } else { words.join(" ") }
}

fn status_of(raw: &str) -> &'static str {
    let r = raw.to_lowercase();
    if r.contains("dissolved") || r.contains("liquidation") || r.contains("struck") || r.contains("removed") {
        "dissolved"
    } else if r.contains("active") && !r.contains("inactive") || r == "issued" || r.is_empty() {
        "active"
    } else {
        "inactive"
    }
}

/// Companies House dates are `DD/MM/YYYY`; GLEIF's are ISO date-times.
fn iso_date(s: &str) -> Option<String> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    if let [d, m, y] = s.split('/').collect::<Vec<_>>()[..] {
        return Some(format!("{y}-{m:0>2}-{d:0>2}"));
    }
    s.get(..10).map(str::to_owned)
}

/// Reads a registry file (gzipped or not); rows without a name or number are counted as
/// rejected. Calls `each` per record, so large files are not held in memory.
pub fn read(
    format: RegistryFormat,
    input: impl Read,
    mut each: impl FnMut(RegistryRecord) -> Result<()>,
) -> Result<(u64, u64)> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(input);
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| Error::invalid_request(format!("not a CSV file: {e}")))?
        .iter()
        .map(|h| h.trim().to_owned())
        .collect();
    let col = |name: &str| headers.iter().position(|h| h == name);
    let need = |name: &str| {
        col(name).ok_or_else(|| {
            Error::invalid_request(format!("this is not a {} file: it has no `{name}` column", format.source()))
        })
    };
    let (mut read, mut rejected) = (0u64, 0u64);
    let mut row = csv::StringRecord::new();
    match format {
        RegistryFormat::Demo => {
            return Err(Error::invalid_request(
                "the demo registry is generated with the demo data, not read from a file",
            ));
        }
        RegistryFormat::CompaniesHouse => {
            let name = need("CompanyName")?;
            let number = need("CompanyNumber")?;
            let [line1, line2, town, county, postcode, category, status, origin, incorporated] = [
                "RegAddress.AddressLine1",
                "RegAddress.AddressLine2",
                "RegAddress.PostTown",
                "RegAddress.County",
                "RegAddress.PostCode",
                "CompanyCategory",
                "CompanyStatus",
                "CountryOfOrigin",
                "IncorporationDate",
            ]
            .map(col);
            while reader.read_record(&mut row).map_err(|e| Error::invalid_request(format!("unreadable CSV: {e}")))? {
                read += 1;
                let get = |i: Option<usize>| {
                    i.and_then(|i| row.get(i)).map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
                };
                let (Some(n), Some(num)) = (get(Some(name)), get(Some(number))) else {
                    rejected += 1;
                    continue;
                };
                let raw_status = get(status).unwrap_or_default();
                let street = [get(line1), get(line2)].into_iter().flatten().collect::<Vec<_>>().join(", ");
                let origin = get(origin).unwrap_or_else(|| "United Kingdom".into());
                each(RegistryRecord {
                    source: format,
                    country: "GB".into(),
                    jurisdiction: if origin.to_lowercase().contains("united kingdom") { "GB".into() } else { origin },
                    number: num,
                    lei: None,
                    name: n,
                    status: status_of(&raw_status).into(),
                    raw_status,
                    incorporated_on: get(incorporated).and_then(|d| iso_date(&d)),
                    category: get(category),
                    street: (!street.is_empty()).then_some(street),
                    city: get(town),
                    region: get(county),
                    postal_code: get(postcode),
                })?;
            }
        }
        RegistryFormat::Gleif => {
            let lei = need("LEI")?;
            let name = need("Entity.LegalName")?;
            let [
                authority_id,
                jurisdiction,
                entity_status,
                registration_status,
                line1,
                city,
                region,
                country,
                postal,
                form,
                created,
            ] = [
                "Entity.RegistrationAuthority.RegistrationAuthorityEntityID",
                "Entity.LegalJurisdiction",
                "Entity.EntityStatus",
                "Registration.RegistrationStatus",
                "Entity.LegalAddress.FirstAddressLine",
                "Entity.LegalAddress.City",
                "Entity.LegalAddress.Region",
                "Entity.LegalAddress.Country",
                "Entity.LegalAddress.PostalCode",
                "Entity.LegalForm.EntityLegalFormCode",
                "Entity.EntityCreationDate",
            ]
            .map(col);
            while reader.read_record(&mut row).map_err(|e| Error::invalid_request(format!("unreadable CSV: {e}")))? {
                read += 1;
                let get = |i: Option<usize>| {
                    i.and_then(|i| row.get(i)).map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
                };
                let (Some(code), Some(n)) = (get(Some(lei)), get(Some(name))) else {
                    rejected += 1;
                    continue;
                };
                let juris = get(jurisdiction).or_else(|| get(country)).unwrap_or_default();
                let entity = get(entity_status).unwrap_or_default();
                let raw_status = match get(registration_status) {
                    Some(r) => format!("{entity} ({r})"),
                    None => entity.clone(),
                };
                each(RegistryRecord {
                    source: format,
                    country: juris.get(..2).unwrap_or_default().to_uppercase(),
                    jurisdiction: juris.to_uppercase(),
                    number: get(authority_id).unwrap_or_else(|| code.clone()),
                    lei: Some(code),
                    name: n,
                    status: status_of(&entity).into(),
                    raw_status,
                    incorporated_on: get(created).and_then(|d| iso_date(&d)),
                    category: get(form),
                    street: get(line1),
                    city: get(city),
                    region: get(region),
                    postal_code: get(postal),
                })?;
            }
        }
    }
    Ok((read, rejected))
}

impl super::Kyb<'_> {
    /// Imports a registry file (gzipped or not), replacing its source's earlier snapshot in
    /// one transaction: if anything fails, the earlier records stay.
    pub async fn import_registry(&self, format: RegistryFormat, path: &std::path::Path) -> Result<RegistrySnapshot> {
        let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let open_error = |e: std::io::Error| Error::invalid_request(format!("cannot read {}: {e}", path.display()));
        let file = std::fs::File::open(path).map_err(open_error)?;
        let mut head = [0u8; 2];
        let gz = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head)).is_ok() && head == [0x1f, 0x8b];
        let input: Box<dyn Read + Send> = if gz {
            Box::new(flate2::read::MultiGzDecoder::new(file))
        } else {
            Box::new(std::io::BufReader::new(file))
        };
        let (records, read, rejected) = tokio::task::spawn_blocking(move || {
            let mut records = Vec::new();
            let (read, rejected) = read(format, input, |r| {
                records.push(r);
                Ok(())
            })?;
            Ok::<_, Error>((records, read, rejected))
        })
        .await
        .map_err(|e| Error::Storage(format!("reading the registry file failed: {e}")))??;
        if records.is_empty() {
            return Err(Error::invalid_request(format!("{file_name} holds no usable record ({read} rows read)")));
        }
        let snapshot = RegistrySnapshot {
            source: format,
            file_name,
            records: records.len() as u64,
            rows_read: read,
            rows_rejected: rejected,
            imported_at: self.engine.real_now(),
        };
        let stored = snapshot.clone();
        self.engine.core.db.write(move |conn| super::store::replace_registry(conn, &stored, &records)).await?;
        Ok(snapshot)
    }

    /// The registry snapshots in use.
    pub async fn registries(&self) -> Result<Vec<RegistrySnapshot>> {
        self.engine.core.db.read(super::store::registry_snapshots).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CH: &str = "CompanyName, CompanyNumber,RegAddress.CareOf,RegAddress.POBox,RegAddress.AddressLine1, RegAddress.AddressLine2,RegAddress.PostTown,RegAddress.County,RegAddress.Country,RegAddress.PostCode,CompanyCategory,CompanyStatus,CountryOfOrigin,DissolutionDate,IncorporationDate\n\
\"BRIGHTWATER LOGISTICS LTD\",09876543,,,\"14 QUAY STREET\",\"\",\"BRISTOL\",\"\",\"ENGLAND\",\"BS1 4DJ\",\"Private Limited Company\",\"Active\",\"United Kingdom\",\"\",\"12/04/2016\"\n\
\"OLD MILL TRADING LIMITED\",01234567,,,\"1 MILL LANE\",\"\",\"LEEDS\",\"\",\"ENGLAND\",\"LS1 1AA\",\"Private Limited Company\",\"Active - Proposal to Strike off\",\"United Kingdom\",\"\",\"01/02/1990\"\n\
\"\",05555555,,,,,,,,,,,,,\n";

    const GLEIF: &str = "LEI,Entity.LegalName,Entity.LegalAddress.FirstAddressLine,Entity.LegalAddress.City,Entity.LegalAddress.Region,Entity.LegalAddress.Country,Entity.LegalAddress.PostalCode,Entity.RegistrationAuthority.RegistrationAuthorityEntityID,Entity.LegalJurisdiction,Entity.LegalForm.EntityLegalFormCode,Entity.EntityStatus,Entity.EntityCreationDate,Registration.RegistrationStatus\n\
5493001KJTIIGC8Y1R12,Blue Harbor Capital Inc.,1209 Orange Street,Wilmington,US-DE,US,19801,7301945,US-DE,XSNP,ACTIVE,2015-03-02T00:00:00Z,ISSUED\n\
529900T8BM49AURSDO55,Nordlicht Logistik GmbH,Am Sandtorkai 48,Hamburg,DE-HH,DE,20457,HRB 204518,DE,2HBR,INACTIVE,,LAPSED\n";

    fn all(format: RegistryFormat, text: &str) -> (Vec<RegistryRecord>, u64, u64) {
        let mut out = Vec::new();
        let (read, rejected) = read(format, text.as_bytes(), |r| {
            out.push(r);
            Ok(())
        })
        .expect("reads");
        (out, read, rejected)
    }

    #[test]
    fn reads_companies_house_basic_company_data() {
        let (records, read, rejected) = all(RegistryFormat::CompaniesHouse, CH);
        assert_eq!((read, rejected, records.len()), (3, 1, 2));
        let r = &records[0];
        assert_eq!((r.number.as_str(), r.status.as_str(), r.country.as_str()), ("09876543", "active", "GB"));
        assert_eq!(r.incorporated_on.as_deref(), Some("2016-04-12"));
        assert_eq!((r.street.as_deref(), r.postal_code.as_deref()), (Some("14 QUAY STREET"), Some("BS1 4DJ")));
        assert_eq!(records[1].status, "active", "a proposal to strike off is still active");
    }

    #[test]
    fn reads_gleif_golden_copy() {
        let (records, _, rejected) = all(RegistryFormat::Gleif, GLEIF);
        assert_eq!((records.len(), rejected), (2, 0));
        assert_eq!((records[0].jurisdiction.as_str(), records[0].number.as_str()), ("US-DE", "7301945"));
        assert_eq!(records[0].lei.as_deref(), Some("5493001KJTIIGC8Y1R12"));
        assert_eq!(records[1].status, "inactive");
        assert_eq!(number_key(&records[1].number), "HRB204518");
    }

    #[test]
    fn a_file_of_another_kind_is_refused_naming_the_column() {
        let err = read(RegistryFormat::Gleif, CH.as_bytes(), |_| Ok(())).expect_err("refused");
        assert!(err.to_string().contains("LEI"), "{err}");
    }

    #[test]
    fn names_and_numbers_compare_without_form_and_punctuation() {
        assert_eq!(name_key("Brightwater Logistics Ltd."), name_key("BRIGHTWATER LOGISTICS LIMITED"));
        assert_ne!(name_key("Brightwater Logistics"), name_key("Brightwater Freight"));
        assert_eq!(number_key("SC 123-456"), "SC123456");
    }
}
