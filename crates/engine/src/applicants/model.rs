use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::aml::{RiskScore, SearchOptions, SearchOptionsInput};
use crate::id::typed_id;
use crate::time::Timestamp;
use crate::values::{CountryCode, Email, ExternalId, Phone, shorten};

typed_id!(
    /// An applicant.
    ApplicantId,
    "applicant"
);

/// What an applicant is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ApplicantType {
    #[default]
    Person,
    Organization,
}

impl ApplicantType {
    pub fn as_str(self) -> &'static str {
        match self {
            ApplicantType::Person => "Person",
            ApplicantType::Organization => "Organization",
        }
    }
}

/// Where an applicant's identity verification stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ApplicantVerificationStatus))]
pub enum VerificationStatus {
    /// No verification has finished yet.
    #[default]
    Initial,
    Passed,
    Failed,
}

impl VerificationStatus {
    pub(crate) fn from_stored(s: &str) -> Self {
        match s {
            "passed" => VerificationStatus::Passed,
            "failed" => VerificationStatus::Failed,
            _ => VerificationStatus::Initial,
        }
    }
}

/// `M` or `F`. `Male` and `Female` are accepted on input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    M,
    F,
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Gender {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        crate::values::openapi::string_enum(&["M", "F"], "`M` or `F`; `Male` and `Female` are accepted on input.")
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Gender {}

impl Serialize for Gender {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Gender::M => "M",
            Gender::F => "F",
        })
    }
}

impl<'de> Deserialize<'de> for Gender {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        match s.trim().to_ascii_lowercase().as_str() {
            "m" | "male" => Ok(Gender::M),
            "f" | "female" => Ok(Gender::F),
            _ => Err(serde::de::Error::custom(format!("`{}` is not a gender (expected M or F)", shorten(&s, 20)))),
        }
    }
}

/// A date of birth. Sent as `1987-12-24` or as a date-time (`1987-12-24T00:00:00.000Z`, whose
/// date part is taken); shown as a date-time at midnight UTC, as the public API does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
// No `format`: requests may send a bare date, which a `date-time` format would refuse in
// validators (Prism did); the description says both forms.
#[cfg_attr(
    feature = "openapi",
    schema(
        value_type = String,
        example = "1987-12-24T00:00:00.000Z",
        description = "A date of birth: `1987-12-24` or a date-time whose date part is taken; shown as a date-time at midnight UTC."
    )
)]
pub struct Dob(pub jiff::civil::Date);

impl Dob {
    pub fn parse(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let bad = || format!("`{}` is not a date such as 1987-12-24", shorten(s, 40));
        if s.len() > 10 {
            // A date-time: it must be valid as a whole; its calendar date is the date of birth.
            s.parse::<jiff::Timestamp>().map_err(|_| bad())?;
        }
        let date = s.get(..10).ok_or_else(bad)?;
        date.parse::<jiff::civil::Date>().map(Dob).map_err(|_| bad())
    }

    /// The ISO date, `1987-12-24`.
    pub fn iso(&self) -> String {
        self.0.to_string()
    }
}

impl fmt::Display for Dob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}T00:00:00.000Z", self.0)
    }
}

impl Serialize for Dob {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Midnight UTC of the date, written without going through `fmt`.
        let at = jiff::civil::DateTime::from(self.0).to_zoned(jiff::tz::TimeZone::UTC).map(|z| z.timestamp());
        match at {
            Ok(t) => crate::time::Timestamp::from_jiff(t).serialize(s),
            Err(_) => s.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Dob {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Dob::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// One address of an applicant.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Address {
    pub country: Option<CountryCode>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub street: Option<String>,
}

/// Applicant data. `provided_info` holds it as supplied; `system_info` as the service holds it
/// (supplied data, with `full_name` filled from first and last names, overlaid by verified data).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApplicantInfo {
    /// The person's full name, or the organization's legal name.
    pub full_name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub dob: Option<Dob>,
    pub gender: Option<Gender>,
    pub citizenship: Option<CountryCode>,
    pub country: Option<CountryCode>,
    pub address: Option<String>,
    /// Addresses by kind (`residence`, `registered`, `business`, ...).
    #[serde(default)]
    pub addresses: BTreeMap<String, Address>,
    /// The organization's registration number, or a person's national identifier.
    pub registration_id: Option<String>,
    pub email: Option<Email>,
    pub phone: Option<Phone>,
    /// Free-form data of the caller's.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub custom_fields: serde_json::Map<String, serde_json::Value>,
}

impl ApplicantInfo {
    /// The name to show and search by: the full name, else first and last names joined.
    pub fn display_name(&self) -> Option<String> {
        if let Some(full) = &self.full_name {
            return Some(full.clone());
        }
        let parts: Vec<&str> = [&self.first_name, &self.last_name].into_iter().flatten().map(String::as_str).collect();
        (!parts.is_empty()).then(|| parts.join(" "))
    }
}

/// An applicant, as every applicant endpoint returns it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Applicant {
    pub applicant_id: ApplicantId,
    pub external_id: Option<ExternalId>,
    #[serde(rename = "type")]
    pub applicant_type: ApplicantType,
    pub email: Option<Email>,
    pub phone: Option<Phone>,
    pub system_info: ApplicantInfo,
    pub provided_info: ApplicantInfo,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub last_verification_id: Option<uuid::Uuid>,
    pub last_verification_date: Option<Timestamp>,
    pub verification_status: VerificationStatus,
    /// Whether the applicant is screened daily against the watchlists.
    pub aml_screening_enabled: bool,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub last_aml_screening_id: Option<uuid::Uuid>,
    pub last_screened_at: Option<Timestamp>,
    pub last_risk_score: Option<RiskScore>,
    pub last_tags: Option<Vec<String>>,
    pub tg_profile: Option<String>,
    pub search_options: SearchOptions,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// Data confirmed by a verification; overlays `provided_info` in `system_info`.
    #[serde(skip)]
    pub verified_info: Option<ApplicantInfo>,
}

/// `POST /api/v3/applicants`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewApplicant {
    /// Your own identifier for the applicant; unique within the environment.
    pub external_id: Option<ExternalId>,
    pub email: Option<Email>,
    pub phone: Option<Phone>,
    pub info: Option<ApplicantInfo>,
    /// `Person` (default) or `Organization`.
    #[serde(alias = "type")]
    pub applicant_type: Option<ApplicantType>,
    /// Turns daily AML monitoring on (default false).
    pub aml_screening_enabled: Option<bool>,
    pub search_options: Option<SearchOptionsInput>,
}

/// A field of an update: left out (keep), `null` (clear) or a value (set).
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Patch<T> {
    #[default]
    Keep,
    Clear,
    Set(T),
}

impl<T> Patch<T> {
    pub fn apply(self, target: &mut Option<T>) {
        match self {
            Patch::Keep => {}
            Patch::Clear => *target = None,
            Patch::Set(v) => *target = Some(v),
        }
    }

    pub fn is_set(&self) -> bool {
        matches!(self, Patch::Set(_))
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Patch<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Option::<T>::deserialize(d)?.map_or(Patch::Clear, Patch::Set))
    }
}

/// Changes to applicant data, with JSON merge-patch semantics: a field left out stays as it is,
/// `null` clears it; `addresses` and `custom_fields` merge by key (`null` for a key removes it,
/// `null` for the whole object clears it). Contact details may be changed here too.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InfoPatch {
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub full_name: Patch<String>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub first_name: Patch<String>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub last_name: Patch<String>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Dob>))]
    pub dob: Patch<Dob>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Gender>))]
    pub gender: Patch<Gender>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub citizenship: Patch<CountryCode>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub country: Patch<CountryCode>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub address: Patch<String>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub addresses: Patch<BTreeMap<String, Option<Address>>>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub registration_id: Patch<String>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub custom_fields: Patch<serde_json::Map<String, serde_json::Value>>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub email: Patch<Email>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub phone: Patch<Phone>,
}

/// The settings an update may change besides applicant data.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdateSettings {
    #[serde(default)]
    pub search_options: Option<SearchOptionsInput>,
    #[serde(default)]
    pub aml_screening_enabled: Option<bool>,
    /// The same fields as the top level, nested as in a create request.
    #[serde(default, rename = "info")]
    pub nested_info: Option<InfoPatch>,
}

/// `POST /api/v3/applicants/{id}`: the flat info object of the public API (see [`InfoPatch`])
/// plus [`UpdateSettings`], in one JSON object.
#[derive(Debug, Clone, Default)]
pub struct ApplicantUpdate {
    pub info: InfoPatch,
    pub settings: UpdateSettings,
}

impl ApplicantUpdate {
    /// Reads an update from its JSON object. Both parts are read from the same object (each
    /// ignores the other's fields), so an error names the exact field: `country: ...`.
    pub fn from_json(body: &serde_json::Value) -> crate::error::Result<Self> {
        if !body.is_object() {
            return Err(crate::error::Error::invalid_request("the request body must be a JSON object"));
        }
        Ok(ApplicantUpdate { info: crate::values::from_json(body)?, settings: crate::values::from_json(body)? })
    }
}

/// Filters of the applicant list.
#[derive(Debug, Clone, Default)]
pub struct ApplicantFilter {
    /// Part of the name, case- and accent-insensitive.
    pub name: Option<String>,
    /// Country of residence or citizenship.
    pub country: Option<CountryCode>,
    pub applicant_type: Option<ApplicantType>,
    pub dob: Option<Dob>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_of_birth_take_both_forms() {
        assert_eq!(Dob::parse("1987-12-24").map(|d| d.to_string()), Ok("1987-12-24T00:00:00.000Z".into()));
        assert_eq!(Dob::parse("1987-12-24T00:00:00.000Z").map(|d| d.iso()), Ok("1987-12-24".into()));
        assert!(Dob::parse("1987-02-30").is_err());
        assert!(Dob::parse("1987-12-24Tnonsense").is_err());
        assert!(Dob::parse("24/12/1987").is_err());
    }

    #[test]
    fn patch_tells_absent_from_null() {
        let body = serde_json::json!({"full_name": null, "first_name": "Ann"});
        let u = ApplicantUpdate::from_json(&body).expect("parses");
        assert_eq!(u.info.full_name, Patch::Clear);
        assert_eq!(u.info.first_name, Patch::Set("Ann".into()));
        assert_eq!(u.info.last_name, Patch::Keep);
    }

    #[test]
    fn update_errors_name_the_field() {
        for (body, field) in [
            (serde_json::json!({"country": "276"}), "country"),
            (serde_json::json!({"full_name": 5}), "full_name"),
            (serde_json::json!({"info": {"gender": "X"}}), "info.gender"),
            (serde_json::json!({"search_options": {"tags": ["Nope"]}}), "search_options.tags[0]"),
        ] {
            match ApplicantUpdate::from_json(&body) {
                Err(crate::error::Error::Invalid(i)) => {
                    assert_eq!(i.field.as_deref(), Some(field), "{body}")
                }
                other => panic!("{body} should be refused, got {other:?}"),
            }
        }
    }

    #[test]
    fn the_python_clients_null_fields_are_absent_values() {
        let n: NewApplicant = serde_json::from_str(
            r#"{"external_id": "x1", "info": {"full_name": "Ann Lee", "first_name": null, "dob": null, "gender": null,
                "citizenship": null, "address": null, "email": null, "phone": null}}"#,
        )
        .expect("parses");
        let info = n.info.expect("info");
        assert_eq!(info.full_name.as_deref(), Some("Ann Lee"));
        assert!(info.dob.is_none());
    }
}
