//! Verification profiles (what a verification asks for) and their public links.
//!
//! A profile's `settings` are the public service's fields (public-api.md section 3); every one is
//! read into a typed value, so a profile that is stored is a profile that can be used. A
//! verification keeps a copy of its profile's settings, so editing a profile changes only the
//! verifications created after.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::document::{DocumentType, Purpose, still_wanted};
use crate::error::{Error, Result};
use crate::time::Timestamp;
use crate::values::CountryCode;

crate::id::typed_id!(
    /// A verification profile.
    ProfileId,
    "profile"
);

/// Which check a profile asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CheckStep {
    DocumentMrz,
    DocumentOcr,
    FaceComparison,
    Liveness,
    Poa,
}

impl CheckStep {
    pub const ALL: [CheckStep; 5] = [
        CheckStep::DocumentMrz,
        CheckStep::DocumentOcr,
        CheckStep::FaceComparison,
        CheckStep::Liveness,
        CheckStep::Poa,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CheckStep::DocumentMrz => "document_mrz",
            CheckStep::DocumentOcr => "document_ocr",
            CheckStep::FaceComparison => "face_comparison",
            CheckStep::Liveness => "liveness",
            CheckStep::Poa => "poa",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// The documents this check reads.
    pub fn purpose(self) -> Purpose {
        match self {
            CheckStep::DocumentMrz | CheckStep::DocumentOcr => Purpose::Poi,
            CheckStep::FaceComparison | CheckStep::Liveness => Purpose::Face,
            CheckStep::Poa => Purpose::Poa,
        }
    }
}

/// Whether `countries` / `regions` name the countries allowed or those refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AreaFilter {
    #[default]
    Include,
    Exclude,
}

/// One field a person fills by hand on the hosted page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ManualField {
    pub enabled: bool,
    pub caption: Option<String>,
    pub order: Option<i64>,
    pub optional: bool,
}

/// Fields a person fills by hand (public-api.md section 3: `manual_field_settings`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ManualFieldSettings {
    pub enabled: bool,
    pub description: Option<String>,
    pub full_name: Option<ManualField>,
    pub email: Option<ManualField>,
    pub phone: Option<ManualField>,
    pub country: Option<ManualField>,
    pub dob: Option<ManualField>,
    pub gender: Option<ManualField>,
    pub citizenship: Option<ManualField>,
    pub address: Option<ManualField>,
    pub certificate_of_incorporation: Option<ManualField>,
    pub ownership_document: Option<ManualField>,
    /// `[{label, caption, order, options: {choices, type}}]`, kept as sent.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub custom_fields: Vec<Value>,
}

/// What the hosted page shows when the person is done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FinishScreen {
    pub title: Option<String>,
    pub main_text: Option<String>,
    pub redirect_warning: Option<String>,
    pub cta: Option<String>,
    pub redirect_link: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FinishScreenSettings {
    pub enabled: bool,
    pub settings: FinishScreen,
}

/// A profile's settings (public-api.md section 3). Fields left out take the defaults shown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Settings {
    /// An identity document is required (default true): `document_mrz` and `document_ocr`.
    pub poi_required: bool,
    /// Which identity documents are accepted (default passport, id_card, driver_license,
    /// residence_permit). Two-sided ones need both sides.
    pub poi_allowed_documents: Vec<DocumentType>,
    /// The face is compared with the identity document (default true): `face_comparison`.
    pub face_comparison_required: bool,
    /// Which pictures of the face are accepted (default selfie). With `liveness_photo` among
    /// them, the `liveness` check runs too.
    pub face_comparison_allowed_documents: Vec<DocumentType>,
    /// A proof of address is required (default false): `poa`.
    pub poa_required: bool,
    /// Which proofs of address are accepted (default all four).
    pub poa_allowed_documents: Vec<DocumentType>,
    pub disable_cross_check_by_bio: bool,
    pub disable_cross_check_by_photo: bool,
    pub disable_verify_poa_country_match_with_poi: bool,
    /// Countries whose documents are accepted (ISO alpha-2; empty: all), or refused with
    /// `area_filter_type: exclude`.
    pub countries: Vec<CountryCode>,
    pub area_filter_type: AreaFilter,
    /// Named regions, kept for the hosted page (not interpreted by Docket).
    pub regions: Vec<String>,
    pub allow_poi_manual_uploads: bool,
    /// Whether the hosted page may be completed on a desktop browser (the page says so; Docket
    /// does not refuse desktops, which would break offline demos).
    pub allow_desktop: bool,
    /// The hosted page's look, kept as sent (an object or a JSON string).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub ui_settings: Value,
    pub manual_field_settings: ManualFieldSettings,
    pub finish_screen_settings: FinishScreenSettings,
}

impl Default for Settings {
    fn default() -> Self {
        use DocumentType as D;
        Settings {
            poi_required: true,
            poi_allowed_documents: vec![D::Passport, D::IdCard, D::DriverLicense, D::ResidencePermit],
            face_comparison_required: true,
            face_comparison_allowed_documents: vec![D::Selfie],
            poa_required: false,
            poa_allowed_documents: vec![D::Poa, D::PoaUtilityBill, D::PoaBankStatement, D::PoaResidenceRegistration],
            disable_cross_check_by_bio: false,
            disable_cross_check_by_photo: false,
            disable_verify_poa_country_match_with_poi: false,
            countries: Vec::new(),
            area_filter_type: AreaFilter::Include,
            regions: Vec::new(),
            allow_poi_manual_uploads: false,
            allow_desktop: true,
            ui_settings: Value::Object(Default::default()),
            manual_field_settings: ManualFieldSettings::default(),
            finish_screen_settings: FinishScreenSettings::default(),
        }
    }
}

/// Bounds on what a profile holds.
const MAX_NAME: usize = 200;
const MAX_DESCRIPTION: usize = 2000;
const MAX_CUSTOM_FIELDS: usize = 50;

impl Settings {
    /// Reads sent settings: every field typed, the document lists checked against their
    /// purpose. A missing object is the defaults.
    pub fn from_value(value: Option<Value>) -> Result<Settings> {
        let Some(value) = value.filter(|v| !v.is_null()) else { return Ok(Settings::default()) };
        let settings: Settings = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let field = if path == "." { "settings".to_owned() } else { format!("settings.{path}") };
            Error::invalid(field, e.inner().to_string())
        })?;
        settings.check()?;
        Ok(settings)
    }

    fn check(&self) -> Result<()> {
        let lists = [
            ("poi_allowed_documents", &self.poi_allowed_documents, Purpose::Poi),
            ("face_comparison_allowed_documents", &self.face_comparison_allowed_documents, Purpose::Face),
            ("poa_allowed_documents", &self.poa_allowed_documents, Purpose::Poa),
        ];
        for (name, list, purpose) in lists {
            if let Some(wrong) = list.iter().find(|d| d.purpose() != purpose) {
                return Err(Error::invalid(
                    format!("settings.{name}"),
                    format!("`{}` does not serve this purpose", wrong.as_str()),
                ));
            }
        }
        let required = [
            ("poi", self.poi_required, &self.poi_allowed_documents),
            ("face_comparison", self.face_comparison_required, &self.face_comparison_allowed_documents),
            ("poa", self.poa_required, &self.poa_allowed_documents),
        ];
        for (name, on, list) in required {
            if on && list.is_empty() {
                return Err(Error::invalid(
                    format!("settings.{name}_allowed_documents"),
                    format!("must name at least one document when {name}_required is true"),
                ));
            }
        }
        if self.manual_field_settings.custom_fields.len() > MAX_CUSTOM_FIELDS {
            return Err(Error::invalid(
                "settings.manual_field_settings.custom_fields",
                format!("at most {MAX_CUSTOM_FIELDS} fields"),
            ));
        }
        if !matches!(self.ui_settings, Value::Object(_) | Value::String(_)) {
            return Err(Error::invalid("settings.ui_settings", "must be an object (or a JSON string)"));
        }
        if let Some(link) = &self.finish_screen_settings.settings.redirect_link
            && !link.is_empty()
            && !(link.starts_with("https://") || link.starts_with("http://"))
        {
            return Err(Error::invalid(
                "settings.finish_screen_settings.settings.redirect_link",
                "must be an http(s) URL",
            ));
        }
        if !self.poi_required && !self.face_comparison_required && !self.poa_required {
            return Err(Error::invalid(
                "settings",
                "a profile must require something: poi_required, face_comparison_required or poa_required",
            ));
        }
        Ok(())
    }

    /// The checks a verification with these settings runs, in the order they are shown.
    pub fn steps(&self) -> Vec<CheckStep> {
        let mut steps = Vec::new();
        if self.poi_required {
            steps.extend([CheckStep::DocumentMrz, CheckStep::DocumentOcr]);
        }
        if self.face_comparison_required {
            steps.push(CheckStep::FaceComparison);
            if self.face_comparison_allowed_documents.iter().any(|d| d.base() == DocumentType::LivenessPhoto) {
                steps.push(CheckStep::Liveness);
            }
        }
        if self.poa_required {
            steps.push(CheckStep::Poa);
        }
        steps
    }

    /// The documents a check still waits for, given those uploaded (empty: it has what it
    /// needs).
    pub fn pending_for(&self, step: CheckStep, have: &[DocumentType]) -> Vec<DocumentType> {
        still_wanted(self.allowed_for(step), have).unwrap_or_default()
    }

    /// The documents that satisfy a check.
    pub fn allowed_for(&self, step: CheckStep) -> &[DocumentType] {
        match step {
            CheckStep::DocumentMrz | CheckStep::DocumentOcr => &self.poi_allowed_documents,
            CheckStep::FaceComparison => &self.face_comparison_allowed_documents,
            CheckStep::Liveness => &[DocumentType::LivenessPhoto],
            CheckStep::Poa => &self.poa_allowed_documents,
        }
    }

    /// Whether a document issued in `country` is accepted.
    pub fn accepts_country(&self, country: &CountryCode) -> bool {
        if self.countries.is_empty() {
            return true;
        }
        let listed = self.countries.contains(country);
        match self.area_filter_type {
            AreaFilter::Include => listed,
            AreaFilter::Exclude => !listed,
        }
    }

    /// Settings for the deprecated `checks_required` of a verification create: the listed
    /// document types decide which checks run (an empty list is none given).
    pub fn from_checks_required(base: &Settings, types: &[DocumentType]) -> Settings {
        let of = |p: Purpose| types.iter().copied().filter(|t| t.purpose() == p).collect::<Vec<_>>();
        let (poi, face, poa) = (of(Purpose::Poi), of(Purpose::Face), of(Purpose::Poa));
        Settings {
            poi_required: !poi.is_empty(),
            poi_allowed_documents: if poi.is_empty() { base.poi_allowed_documents.clone() } else { poi },
            face_comparison_required: !face.is_empty(),
            face_comparison_allowed_documents: if face.is_empty() {
                base.face_comparison_allowed_documents.clone()
            } else {
                face
            },
            poa_required: !poa.is_empty(),
            poa_allowed_documents: if poa.is_empty() { base.poa_allowed_documents.clone() } else { poa },
            ..base.clone()
        }
    }
}

/// A profile's name and description as sent.
pub fn profile_text(name: Option<String>, description: Option<String>) -> Result<(String, Option<String>)> {
    let name = name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .ok_or_else(|| Error::invalid("name", "is required"))?;
    if name.chars().count() > MAX_NAME {
        return Err(Error::invalid("name", format!("must be at most {MAX_NAME} characters")));
    }
    let description = description.map(|d| d.trim().to_owned()).filter(|d| !d.is_empty());
    if description.as_ref().is_some_and(|d| d.chars().count() > MAX_DESCRIPTION) {
        return Err(Error::invalid("description", format!("must be at most {MAX_DESCRIPTION} characters")));
    }
    Ok((name, description))
}

/// A verification profile as served.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Profile {
    pub profile_id: ProfileId,
    /// The same id, as `id` (what a create answers).
    pub id: ProfileId,
    pub name: String,
    pub description: Option<String>,
    pub settings: Settings,
    pub organization_id: String,
    pub is_default: bool,
    /// An archived profile cannot be used for new verifications.
    pub is_archived: bool,
    pub created_at: Timestamp,
    pub updated_at: Option<Timestamp>,
    /// Who made it: `api` or `console`.
    pub created_by: Option<String>,
    /// Its public link, if one was made.
    pub link: Option<Link>,
}

/// A profile's public link (spec 2.5): opening it starts a verification with the profile.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Link {
    pub link_id: String,
    pub profile_id: ProfileId,
    /// How long verifications started through it stay open.
    pub expiration_minutes: u32,
    pub created_at: Timestamp,
    pub archived_at: Option<Timestamp>,
    /// The hosted page that starts a verification.
    pub web_link: String,
    /// Docket has no Telegram bot: always null.
    pub telegram_link: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::DocumentType as D;
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_ask_for_an_identity_document_and_a_selfie() {
        let s = Settings::from_value(None).expect("in test");
        assert_eq!(s.steps(), vec![CheckStep::DocumentMrz, CheckStep::DocumentOcr, CheckStep::FaceComparison]);
        assert_eq!(s.pending_for(CheckStep::FaceComparison, &[]), vec![D::Selfie]);
        assert!(s.pending_for(CheckStep::DocumentMrz, &[D::Passport]).is_empty());
    }

    #[test]
    fn every_field_is_typed_and_bad_ones_are_named() {
        let bad = [
            (json!({"poi_required": "yes"}), "settings.poi_required"),
            (json!({"poi_allowed_documents": ["selfie"]}), "settings.poi_allowed_documents"),
            (json!({"poi_allowed_documents": ["banana"]}), "settings.poi_allowed_documents"),
            (json!({"countries": ["XX"]}), "settings.countries"),
            (json!({"unknown": 1}), "settings"),
            (json!({"ui_settings": 3}), "settings.ui_settings"),
            (json!({"poi_required": false, "face_comparison_required": false}), "settings"),
            (json!({"poa_required": true, "poa_allowed_documents": []}), "settings.poa_allowed_documents"),
            (
                json!({"finish_screen_settings": {"enabled": true, "settings": {"redirect_link": "javascript:alert(1)"}}}),
                "settings.finish_screen_settings.settings.redirect_link",
            ),
        ];
        for (value, field) in bad {
            let Err(Error::Invalid(e)) = Settings::from_value(Some(value.clone())) else { panic!("{value} accepted") };
            assert!(e.field.as_deref().is_some_and(|f| f.starts_with(field)), "{value}: {e}");
        }
    }

    #[test]
    fn liveness_and_poa_follow_the_settings() {
        let s = Settings::from_value(Some(json!({
            "face_comparison_allowed_documents": ["selfie", "liveness_photo"], "poa_required": true
        })))
        .expect("in test");
        assert_eq!(s.steps().last(), Some(&CheckStep::Poa));
        assert!(s.steps().contains(&CheckStep::Liveness));
        assert_eq!(s.pending_for(CheckStep::Liveness, &[D::Selfie]), vec![D::LivenessPhoto]);
    }

    #[test]
    fn checks_required_of_old_clients_map_onto_settings() {
        let s = Settings::from_checks_required(&Settings::default(), &[D::Passport, D::Poa]);
        assert_eq!(s.steps(), vec![CheckStep::DocumentMrz, CheckStep::DocumentOcr, CheckStep::Poa]);
        assert_eq!(s.poi_allowed_documents, vec![D::Passport]);
    }

    #[test]
    fn countries_include_or_exclude() {
        let de = CountryCode::parse("DE").expect("in test");
        let fr = CountryCode::parse("FR").expect("in test");
        let mut s = Settings { countries: vec![de.clone()], ..Settings::default() };
        assert!(s.accepts_country(&de) && !s.accepts_country(&fr));
        s.area_filter_type = AreaFilter::Exclude;
        assert!(!s.accepts_country(&de) && s.accepts_country(&fr));
    }
}
