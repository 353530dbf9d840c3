//! The shapes of AML screening: watchlist entities, search requests, search reports with their
//! match metadata, list snapshots and search history, as the public API spells them.
//!
//! Optional values that are absent are left out rather than sent as `null`: the official
//! Python client types several of them as plain strings and refuses `null`.

use serde::{Deserialize, Deserializer, Serialize};

use super::score::NameScore;
use super::vocabulary::{FuzzinessLevel, NameMode, RiskScore, SourceId, Tag};
use crate::applicants::ApplicantId;
use crate::id::typed_id;
use crate::time::Timestamp;
use crate::values::{CountryCode, shorten};

typed_id!(
    /// A watchlist entity. Stable across imports of the same list.
    EntityId,
    "entity"
);

typed_id!(
    /// An AML search (`search_uuid`), and so a screening.
    SearchId,
    "search"
);

typed_id!(
    /// An imported version of a watchlist.
    SnapshotId,
    "list snapshot"
);

/// What a watchlist entity is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EntityType {
    Person,
    Organization,
    Vessel,
    Aircraft,
    CryptoWallet,
    Country,
}

impl EntityType {
    pub const ALL: [EntityType; 6] = [
        EntityType::Person,
        EntityType::Organization,
        EntityType::Vessel,
        EntityType::Aircraft,
        EntityType::CryptoWallet,
        EntityType::Country,
    ];
}

/// An entity's gender, as the lists record it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EntityGender {
    Male,
    Female,
    Other,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One name of an entity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EntityName {
    pub full_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub middle_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// ISO 639-1 language or script of the name, when known (`ru`, `ar`, `zh`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// The primary name, as opposed to an alias (Docket's addition).
    #[serde(default, skip_serializing_if = "is_false")]
    pub primary: bool,
}

impl EntityName {
    pub fn new(full_name: impl Into<String>) -> Self {
        EntityName {
            full_name: full_name.into(),
            first_name: None,
            middle_name: None,
            last_name: None,
            lang: None,
            primary: false,
        }
    }
}

/// A list that names an entity, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SourceData {
    pub source_id: SourceId,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_url: Option<String>,
    pub risk_score: RiskScore,
    #[serde(default)]
    pub tags: Vec<Tag>,
}

/// A news item about an entity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdverseMedia {
    pub source_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// Unix seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published_at: Option<i64>,
    pub risk_score: RiskScore,
    pub importance_score: f64,
    /// -1 (hostile) to 1 (favourable).
    pub sentiment: f64,
    #[serde(default)]
    pub tags: Vec<Tag>,
    #[serde(default)]
    pub country_codes: Vec<CountryCode>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Image {
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ContactInfo {
    #[serde(default)]
    pub emails: Vec<String>,
    #[serde(default)]
    pub phones: Vec<String>,
    #[serde(default)]
    pub websites: Vec<String>,
}

/// An identifier issued to an entity: a company number, a passport, an IMO number, a wallet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RegistrationId {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub industry: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<CountryCode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imo_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mmsi_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Location {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<CountryCode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postal_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
}

/// A date known to lie between two bounds (`gte` = `lte` for an exact date; a year for a
/// date known only to the year).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DateRange {
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "date_bound")]
    pub gte: Option<Timestamp>,
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "date_bound")]
    pub lte: Option<Timestamp>,
}

/// A bound of a date range: a plain date (`1987-12-24`) or a date-time, whose calendar date as
/// written counts (`1987-12-24T00:00:00+02:00` is the 24th): a date of birth is a date, not an
/// instant. Kept as midnight UTC of that date.
fn date_bound<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Timestamp>, D::Error> {
    let Some(text) = Option::<String>::deserialize(d)? else { return Ok(None) };
    parse_date_bound(&text).map(Some).map_err(serde::de::Error::custom)
}

/// Parses `1987-12-24` or an RFC 3339 date-time into midnight UTC of its date as written.
pub fn parse_date_bound(text: &str) -> Result<Timestamp, String> {
    let text = text.trim();
    let bad = || format!("`{}` is not a date (1987-12-24) or a date-time", shorten(text, 40));
    let date_part = text.get(..10).ok_or_else(bad)?;
    let date = date_part.parse::<jiff::civil::Date>().map_err(|_| bad())?;
    if text.len() > 10 {
        // The rest must make a valid date-time; only its date is kept.
        text.parse::<Timestamp>().map_err(|_| bad())?;
    }
    date.to_zoned(jiff::tz::TimeZone::UTC).map(|z| Timestamp::from_jiff(z.timestamp())).map_err(|e| e.to_string())
}

impl DateRange {
    /// A whole calendar year.
    pub fn year(year: i16) -> Option<Self> {
        let start = jiff::civil::date(year, 1, 1).to_zoned(jiff::tz::TimeZone::UTC).ok()?;
        let end = jiff::civil::date(year, 12, 31).to_zoned(jiff::tz::TimeZone::UTC).ok()?;
        Some(DateRange {
            gte: Some(Timestamp::from_jiff(start.timestamp())),
            lte: Some(Timestamp::from_jiff(end.timestamp())),
        })
    }

    /// One day.
    pub fn day(date: jiff::civil::Date) -> Option<Self> {
        let at = Timestamp::from_jiff(date.to_zoned(jiff::tz::TimeZone::UTC).ok()?.timestamp());
        Some(DateRange { gte: Some(at), lte: Some(at) })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PoliticalRole {
    pub role: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<CountryCode>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Occupation {
    pub occupation: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<CountryCode>,
}

/// A company an entity owns or works for, or an owner of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EntityInfo {
    pub name: String,
    /// The linked entity's `uuid`, when it is on a list too. Sent as both `reference` (the
    /// docs' name) and `ref` (the Python client's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<EntityId>,
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "ref")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub ref_: Option<EntityId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<CountryCode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<DateRange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<DateRange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ownership_value: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ownership_percentage: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional_source: Option<SourceData>,
}

impl EntityInfo {
    pub fn new(name: impl Into<String>, reference: Option<EntityId>) -> Self {
        EntityInfo {
            name: name.into(),
            reference,
            ref_: reference,
            role: None,
            country: None,
            start_date: None,
            end_date: None,
            ownership_value: None,
            currency: None,
            ownership_percentage: None,
            additional_source: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Associate {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uuid: Option<EntityId>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<DateRange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<DateRange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relationship: Option<String>,
    #[serde(default)]
    pub is_relative: bool,
}

/// Everything a list says of an entity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EntityFields {
    pub names: Vec<EntityName>,
    #[serde(default)]
    pub sources: Vec<SourceData>,
    #[serde(default)]
    pub media: Vec<AdverseMedia>,
    #[serde(default)]
    pub images: Vec<Image>,
    #[serde(default)]
    pub contact_info: Vec<ContactInfo>,
    #[serde(default)]
    pub registration_ids: Vec<RegistrationId>,
    #[serde(default)]
    pub addresses: Vec<Location>,
    #[serde(default)]
    pub genders: Vec<EntityGender>,
    #[serde(default)]
    pub dates_of_birth: Vec<DateRange>,
    #[serde(default)]
    pub places_of_birth: Vec<Location>,
    #[serde(default)]
    pub dates_of_death: Vec<DateRange>,
    #[serde(default)]
    pub places_of_death: Vec<Location>,
    #[serde(default)]
    pub citizenships: Vec<CountryCode>,
    #[serde(default)]
    pub nationalities: Vec<CountryCode>,
    #[serde(default)]
    pub political_roles: Vec<PoliticalRole>,
    #[serde(default)]
    pub occupations: Vec<Occupation>,
    #[serde(default)]
    pub companies_and_enterprises: Vec<EntityInfo>,
    #[serde(default)]
    pub owners_and_beneficiaries: Vec<EntityInfo>,
    #[serde(default)]
    pub associates: Vec<Associate>,
    /// FATF records of the countries the entity is linked with (spec 2.7): filled when the
    /// entity is served, from the FATF table in use (lists do not carry them).
    #[serde(default)]
    pub fatf_records: Vec<FatfRecord>,
}

/// A watchlist entity, as `GET /api/v3/aml/search/{uuid}` returns it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Entity {
    pub uuid: EntityId,
    #[serde(rename = "type")]
    pub entity_type: EntityType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotation: Option<String>,
    pub tags: Vec<Tag>,
    pub risk_score: RiskScore,
    /// 0 to 100; the entity's risk as a number (High 70+, Medium 40+, Low below).
    pub risk_score_value: f64,
    /// 0 to 1; how prominent the entity is (a head of state more than a local councillor).
    pub importance_score: f64,
    /// Unix seconds of the list's last change to the entity.
    pub updated_at: i64,
    pub fields: EntityFields,
}

impl Entity {
    /// Every country the entity is linked with strongly (citizenship, nationality, residence,
    /// registration) and weakly (birth, media, roles).
    pub fn countries(&self) -> (Vec<CountryCode>, Vec<CountryCode>) {
        let f = &self.fields;
        let mut strong: Vec<CountryCode> = f.citizenships.iter().chain(&f.nationalities).cloned().collect();
        strong.extend(f.addresses.iter().filter_map(|a| a.country.clone()));
        strong.extend(f.registration_ids.iter().filter_map(|r| r.country.clone()));
        let mut weak: Vec<CountryCode> = f.places_of_birth.iter().filter_map(|p| p.country.clone()).collect();
        weak.extend(f.political_roles.iter().filter_map(|r| r.country.clone()));
        weak.extend(f.media.iter().flat_map(|m| m.country_codes.iter().cloned()));
        for v in [&mut strong, &mut weak] {
            v.sort();
            v.dedup();
        }
        (strong, weak)
    }
}

/// How well one part of a hit matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum MatchLevel {
    ZeroMatch,
    NotEnoughData,
    Low,
    Medium,
    High,
    FullMatch,
}

/// How a request filter fared against a hit. Entities whose data contradicts a filter are not
/// returned, so `NO_MATCH` means the entity holds no data to compare with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FilterMatch {
    FilterNotSet,
    NoMatch,
    Match,
    PartialMatch,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RiskProfileInfo {
    pub id: String,
    pub name: String,
    pub version: f64,
}

/// Why a hit scored what it did: shown by the console beside each hit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Explanation {
    /// One line for people: `2 of 2 name tokens matched (1 exact, 1 fuzzy 0.96); date of birth matches`.
    pub summary: String,
    /// The query name that matched best (first and last names, or the full name).
    pub query_name: String,
    /// The listed name it matched.
    pub listed_name: String,
    /// The name score and its token pairs.
    pub name: NameScore,
    /// A registration id the request and the entity share, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identifier_match: Option<String>,
    /// The threshold the name score had to reach.
    pub threshold: f64,
}

/// Match metadata of one hit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchMetadata {
    pub best_match_name: String,
    /// 0 to 100.
    pub name_match_percentage: f64,
    pub name_match_level: MatchLevel,
    pub date_of_birth_matched: FilterMatch,
    pub country_matched: FilterMatch,
    pub gender_matched: FilterMatch,
    pub general_match_level: MatchLevel,
    pub risk_profile_info: RiskProfileInfo,
    /// Docket's addition: the evidence behind the score.
    pub explanation: Explanation,
}

/// One hit of a search: the entity and how it matched.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Hit {
    #[serde(flatten)]
    pub entity: Entity,
    pub search_metadata: SearchMetadata,
    /// Docket's addition, on a screening: the fingerprint of the list entry as this hit saw it
    /// (a disposition applies while it is unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entity_version: Option<String>,
    /// Docket's addition, on a screening: the reviewer's disposition in force for this entry;
    /// absent while the hit is a potential match (or the entry changed since).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disposition: Option<super::hits::model::Disposition>,
    /// Every disposition of this party on this entity, newest first (earlier versions included).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disposition_history: Vec<super::hits::model::Disposition>,
}

/// A date-of-birth filter: a range, inclusive (`gte` = `lte` for one day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DobFilter {
    #[serde(default, deserialize_with = "date_bound")]
    pub gte: Option<Timestamp>,
    #[serde(default, deserialize_with = "date_bound")]
    pub lte: Option<Timestamp>,
}

/// `POST /api/v3/aml/search`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchRequest {
    /// The name to search for (required).
    pub full_name: String,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    /// ISO 3166-1 alpha-2 codes.
    #[serde(default)]
    pub countries: Option<Vec<CountryCode>>,
    #[serde(default)]
    pub cities: Option<Vec<String>>,
    #[serde(default)]
    pub postal_codes: Option<Vec<String>>,
    #[serde(default)]
    pub date_of_birth: Option<DobFilter>,
    #[serde(default)]
    pub gender: Option<EntityGender>,
    #[serde(default)]
    pub risk_scores: Option<Vec<RiskScore>>,
    #[serde(default)]
    pub tags: Option<Vec<Tag>>,
    #[serde(default)]
    pub entity_types: Option<Vec<EntityType>>,
    #[serde(default)]
    pub sources: Option<Vec<SourceId>>,
    #[serde(default)]
    pub registration_ids: Option<Vec<String>>,
    /// Approximate matches allowed (default true).
    #[serde(default)]
    pub fuzziness: Option<bool>,
    /// 0 (exact) to 1 (broad, the default).
    #[serde(default)]
    pub fuzziness_level: Option<FuzzinessLevel>,
    /// Names that sound alike match (default true).
    #[serde(default)]
    pub phonetics: Option<bool>,
    #[serde(default)]
    pub mode: Option<NameMode>,
    /// Most hits returned, 1 to 100 (default 50). Docket's addition.
    #[serde(default)]
    pub limit: Option<u32>,
}

/// A list snapshot a search used.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SnapshotRef {
    pub id: SnapshotId,
    pub list: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
}

/// The status a country has with the FATF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FatfStatus {
    /// A member of the FATF.
    FatfMember,
    /// High-risk jurisdiction subject to a call for action ("black list").
    CallForAction,
    /// Jurisdiction under increased monitoring ("grey list").
    IncreasedMonitoring,
    /// Neither a member nor listed.
    NotListed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FatfRecord {
    pub fatf_status: FatfStatus,
    pub url: String,
    pub description: String,
    pub country: CountryCode,
}

/// The report of a search (and so of a screening), as searched and as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchReport {
    pub requested_name: String,
    pub search_uuid: SearchId,
    /// The highest risk among the hits; absent when there are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_risk_score: Option<RiskScore>,
    pub data: Vec<Hit>,
    /// FATF records of the countries the hits are linked with.
    pub fatf_records: Vec<FatfRecord>,
    /// When the search ran (the environment's clock).
    pub searched_at: Timestamp,
    /// The matching algorithm's version.
    pub algorithm: String,
    /// The name score a hit had to reach.
    pub threshold: f64,
    /// The list snapshots searched.
    pub lists: Vec<SnapshotRef>,
    /// The request as received.
    pub request: SearchRequest,
    /// Docket's addition, on a screening: the party screened (an applicant, or a KYB case's
    /// company or person) with its own data, for the comparison beside each hit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screened: Option<super::hits::model::ScreenedParty>,
}

/// One past search, as `GET /api/v3/aml/search/history` lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchSummary {
    pub search_uuid: SearchId,
    pub requested_name: String,
    pub searched_at: Timestamp,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_risk_score: Option<RiskScore>,
    pub hits: u32,
    /// `search` (an API call) or `screening` (of an applicant, or of a KYB case's party).
    pub kind: SearchKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applicant_id: Option<ApplicantId>,
    /// The KYB case a screening ran for (its company or one of its persons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub case_id: Option<uuid::Uuid>,
    /// That case's public id (`KYB-…`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case_public_id: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SearchKind {
    Search,
    Screening,
}

/// The format of a list file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ListFormat {
    /// trade.gov's Consolidated Screening List CSV.
    UsCsl,
    /// OFAC's legacy SDN CSV files (sdn, alt, add).
    OfacSdn,
    /// The UN Security Council consolidated list XML.
    UnXml,
    /// OpenSanctions FollowTheMoney JSON lines.
    Ftm,
    /// Docket's generated demo list.
    Demo,
}

impl ListFormat {
    /// The formats files can be imported in.
    pub const IMPORTABLE: [ListFormat; 4] =
        [ListFormat::UsCsl, ListFormat::OfacSdn, ListFormat::UnXml, ListFormat::Ftm];

    /// An importable format by its name: `us-csl`, `ofac-sdn`, `un-xml` or `ftm`.
    pub fn importable(name: &str) -> crate::error::Result<Self> {
        let name = name.trim().to_ascii_lowercase();
        ListFormat::IMPORTABLE
            .into_iter()
            .find(|f| f.as_str() == name)
            .ok_or_else(|| crate::error::Error::invalid("format", "must be one of us-csl, ofac-sdn, un-xml, ftm"))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ListFormat::UsCsl => "us-csl",
            ListFormat::OfacSdn => "ofac-sdn",
            ListFormat::UnXml => "un-xml",
            ListFormat::Ftm => "ftm",
            ListFormat::Demo => "demo",
        }
    }
}

/// An imported version of a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Snapshot {
    pub id: SnapshotId,
    /// The list's key: a new import with the same key replaces the old one (`US_CSL`).
    pub list: String,
    pub format: ListFormat,
    pub label: String,
    /// The list's own date, when the file tells it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    pub imported_at: Timestamp,
    pub entities: u32,
    pub names: u32,
    pub rows_read: u32,
    pub rows_rejected: u32,
    /// SHA-256 of the imported files.
    pub sha256: String,
    /// Only the sandbox screens against the demo list.
    pub demo: bool,
    /// In use (the newest of its list).
    pub active: bool,
}
