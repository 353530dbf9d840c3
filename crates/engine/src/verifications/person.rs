//! The person's side of a verification: what the hosted page and the end-user (short id)
//! endpoints see and do. The short id is the key here, so these views leave out what belongs to
//! the organization (its id, the account, other applicants).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::document::{DocumentType, Purpose};
use super::model::{Checks, DocumentId, DocumentRef, MissingDocuments, StoredDocument, Verification};
use super::needs::StillNeeded;
use super::profile::{ManualField, ManualFieldSettings, Settings};
use super::service::Verifications;
use super::status::VerificationStatus;
use super::store;
use crate::Actor;
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::time::Timestamp;

/// A verification as the person sees it (`GET /api/v3/sdk/{short_id}`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PersonView {
    /// The short id (not the verification's uuid).
    pub id: String,
    /// `active` while documents are taken; `completed` once proceeded; `expired`; `canceled`.
    pub status: &'static str,
    /// The verification's own status.
    pub verification_status: VerificationStatus,
    /// The profile's checks by step: `document_mrz`, `document_ocr`, `face_comparison`,
    /// `liveness`, `poa`.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::BTreeMap<String, super::model::CheckResult>))]
    pub checks: Checks,
    /// The finish screen's redirect link, if the profile has one.
    pub redirect_url: Option<String>,
    pub expires_at: Timestamp,
    /// ISO alpha-2: the country chosen.
    pub country_code: Option<String>,
    pub settings: Settings,
    pub documents: Vec<DocumentRef>,
    /// What the person filled in so far.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::BTreeMap<String, Object>))]
    pub manual_fields: Value,
    pub is_sandbox: bool,
    /// What is still needed before proceeding is accepted (Docket's own): the page draws it,
    /// and proceeding checks the same description.
    pub still_needed: StillNeeded,
}

impl PersonView {
    /// The person's view of `v`, with its documents' file names (`files`).
    fn of(v: Verification, files: &[StoredDocument]) -> PersonView {
        let mut still_needed = StillNeeded::of(
            &v.settings,
            &v.documents,
            missing_fields(&v.settings.manual_field_settings, &v.manual_fields),
        );
        still_needed.name_files(|id| files.iter().find(|f| f.document_id == id).and_then(|f| f.file_name.clone()));
        let status = match v.status {
            VerificationStatus::Initial | VerificationStatus::Pending => "active",
            VerificationStatus::InProgress | VerificationStatus::Verified | VerificationStatus::Failed => "completed",
            VerificationStatus::Expired => "expired",
            VerificationStatus::Canceled => "canceled",
        };
        PersonView {
            id: v.verification_url_id,
            status,
            verification_status: v.status,
            checks: v.checks,
            redirect_url: v
                .settings
                .finish_screen_settings
                .settings
                .redirect_link
                .clone()
                .filter(|l| !l.is_empty() && v.settings.finish_screen_settings.enabled),
            expires_at: v.expires_at,
            country_code: v.country_code,
            settings: v.settings,
            documents: v.documents,
            manual_fields: v.manual_fields,
            is_sandbox: v.is_sandbox,
            still_needed,
        }
    }
}

/// A profile's public link as the hosted page sees it (`GET /api/v3/sdk/link/{link_id}`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PersonLink {
    pub link_id: String,
    /// The profile's name and description, for the page's heading.
    pub name: String,
    pub description: Option<String>,
    /// How long a verification started here stays open.
    pub expiration_minutes: u32,
    pub settings: Settings,
    pub is_sandbox: bool,
}

/// The fields a person fills by hand (`POST /api/v3/sdk/{short_id}/fields`). Each is optional;
/// what is sent is kept, merged with what was sent before.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PersonFields {
    pub full_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// ISO 3166-1 alpha-2 or alpha-3.
    pub country: Option<String>,
    /// `YYYY-MM-DD`.
    pub dob: Option<String>,
    pub gender: Option<String>,
    /// ISO 3166-1 alpha-2 or alpha-3.
    pub citizenship: Option<String>,
    pub address: Option<String>,
    /// Answers to the profile's custom fields, by label.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub custom_fields: BTreeMap<String, Value>,
}

const MAX_FIELD: usize = 500;

fn field<'a>(settings: &'a ManualFieldSettings, name: &str) -> Option<&'a ManualField> {
    match name {
        "full_name" => settings.full_name.as_ref(),
        "email" => settings.email.as_ref(),
        "phone" => settings.phone.as_ref(),
        "country" => settings.country.as_ref(),
        "dob" => settings.dob.as_ref(),
        "gender" => settings.gender.as_ref(),
        "citizenship" => settings.citizenship.as_ref(),
        "address" => settings.address.as_ref(),
        _ => None,
    }
    .filter(|f| f.enabled)
}

const FIELD_NAMES: [&str; 8] = ["full_name", "email", "phone", "country", "dob", "gender", "citizenship", "address"];

/// Checks one sent value of a standard field; `None` for an empty one.
fn standard(name: &str, value: &str, today: jiff::civil::Date) -> Result<Option<String>> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    if value.chars().count() > MAX_FIELD {
        return Err(Error::invalid(name, format!("must be at most {MAX_FIELD} characters")));
    }
    let value = match name {
        "email" => {
            let ok = value.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty() && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.')
            }) && !value.contains(char::is_whitespace);
            if !ok {
                return Err(Error::invalid(name, "must be an e-mail address"));
            }
            value.to_owned()
        }
        "phone" => {
            let digits = value.chars().filter(char::is_ascii_digit).count();
            if !(5..=20).contains(&digits) || !value.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) {
                return Err(Error::invalid(name, "must be a phone number (digits, spaces, + - ( ) .)"));
            }
            value.to_owned()
        }
        "country" | "citizenship" => crate::countries::by_alpha_2(value)
            .or_else(|| crate::countries::by_alpha_3(value))
            .map(|c| c.alpha_2.to_owned())
            .ok_or_else(|| Error::invalid(name, "must be an ISO 3166-1 country code"))?,
        "dob" => {
            let date: jiff::civil::Date =
                value.parse().map_err(|_| Error::invalid(name, "must be a date, YYYY-MM-DD"))?;
            if date > today || date.year() < 1900 {
                return Err(Error::invalid(name, "must be a date of birth between 1900 and today"));
            }
            date.to_string()
        }
        _ => value.to_owned(),
    };
    Ok(Some(value))
}

/// Checks one answer to a custom field against the field's `options.choices`, if any.
fn custom(label: &str, value: &Value, definition: &Value) -> Result<Value> {
    let name = format!("custom_fields.{}", crate::values::shorten(label, 40));
    let text = match value {
        Value::String(s) if s.chars().count() <= MAX_FIELD => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => return Err(Error::invalid(name, format!("must be text of at most {MAX_FIELD} characters"))),
    };
    if let Some(choices) = definition.pointer("/options/choices").and_then(Value::as_array)
        && !choices.is_empty()
        && !text.is_empty()
        && !choices.iter().any(|c| c.as_str() == Some(text.as_str()))
    {
        return Err(Error::invalid(name, "must be one of the field's choices"));
    }
    Ok(Value::String(text))
}

/// The required fields (enabled and not optional) still without a value.
pub(super) fn missing_fields(settings: &ManualFieldSettings, filled: &Value) -> Vec<String> {
    if !settings.enabled {
        return Vec::new();
    }
    let has = |pointer: &str| filled.pointer(pointer).and_then(Value::as_str).is_some_and(|s| !s.is_empty());
    let mut missing: Vec<String> = FIELD_NAMES
        .iter()
        .filter(|n| field(settings, n).is_some_and(|f| !f.optional) && !has(&format!("/{n}")))
        .map(|n| (*n).to_owned())
        .collect();
    for definition in &settings.custom_fields {
        let optional = definition.get("optional").and_then(Value::as_bool).unwrap_or(false);
        if let Some(label) = definition.get("label").and_then(Value::as_str)
            && !optional
            && !has(&format!("/custom_fields/{}", label.replace('~', "~0").replace('/', "~1")))
        {
            missing.push(format!("custom_fields.{label}"));
        }
    }
    missing
}

impl Verifications<'_> {
    /// The person's view of a verification by its short id.
    pub async fn person_view(&self, short_id: String) -> Result<PersonView> {
        let r = self.find_short(short_id).await?;
        let scope = r.scope;
        self.person(scope, self.view(r)).await
    }

    /// The person's view of a verification, with its documents' file names.
    async fn person(&self, scope: Scope, v: Verification) -> Result<PersonView> {
        let id = v.id;
        let files = self.engine.core.db.read(move |conn| store::documents_of(conn, scope, id)).await?;
        Ok(PersonView::of(v, &files))
    }

    /// A public link as the hosted page sees it.
    pub async fn person_link(&self, link_id: String) -> Result<PersonLink> {
        let (scope, link, profile) = self.public_link(link_id).await?;
        Ok(PersonLink {
            link_id: link.link_id,
            name: profile.name,
            description: profile.description,
            expiration_minutes: link.expiration_minutes,
            settings: profile.settings,
            is_sandbox: scope.is_sandbox(),
        })
    }

    /// Starts a verification through a public link; the person's view of it.
    pub async fn person_start(&self, link_id: String) -> Result<PersonView> {
        let v = self.start_from_link(link_id).await?;
        self.person_view(v.verification_url_id).await
    }

    /// The person chooses the country of their document (alpha-2 or alpha-3); the profile's
    /// countries decide whether it is accepted.
    pub async fn set_country(&self, short_id: String, country: &str) -> Result<()> {
        let country = crate::countries::by_alpha_2(country)
            .or_else(|| crate::countries::by_alpha_3(country))
            .ok_or_else(|| Error::invalid("country", "must be an ISO 3166-1 country code"))?;
        let code = crate::values::CountryCode::parse(country.alpha_2)?;
        let r = self.find_short(short_id).await?;
        let (scope, id) = (r.scope, r.id);
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut r = store::existing(conn, scope, id)?;
                open_to_the_person(r.status)?;
                if !r.settings.accepts_country(&code) {
                    return Err(Error::invalid(
                        "country",
                        format!("documents of {} are not accepted for this verification", country.name),
                    ));
                }
                r.country_code = Some(code.as_str().to_owned());
                r.updated_by = Some("person".to_owned());
                store::update(conn, &r)
            })
            .await
    }

    /// Keeps the fields the person filled in, checked against the profile's field settings.
    pub async fn set_fields(&self, short_id: String, sent: PersonFields) -> Result<()> {
        let r = self.find_short(short_id).await?;
        let (scope, id) = (r.scope, r.id);
        let settings = &r.settings.manual_field_settings;
        if !settings.enabled {
            return Err(Error::invalid("fields", "this verification's profile collects no fields"));
        }
        let today = self.engine.now(scope).date();
        let values = [
            ("full_name", sent.full_name),
            ("email", sent.email),
            ("phone", sent.phone),
            ("country", sent.country),
            ("dob", sent.dob),
            ("gender", sent.gender),
            ("citizenship", sent.citizenship),
            ("address", sent.address),
        ];
        let mut checked = serde_json::Map::new();
        for (name, value) in values {
            let Some(value) = value else { continue };
            if field(settings, name).is_none() {
                return Err(Error::invalid(name, "the profile does not ask for this field"));
            }
            if let Some(v) = standard(name, &value, today)? {
                checked.insert(name.to_owned(), Value::String(v));
            }
        }
        let mut answers = serde_json::Map::new();
        for (label, value) in &sent.custom_fields {
            let Some(definition) =
                settings.custom_fields.iter().find(|d| d.get("label").and_then(Value::as_str) == Some(label))
            else {
                return Err(Error::invalid(
                    format!("custom_fields.{}", crate::values::shorten(label, 40)),
                    "the profile has no custom field with this label",
                ));
            };
            answers.insert(label.clone(), custom(label, value, definition)?);
        }
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut r = store::existing(conn, scope, id)?;
                open_to_the_person(r.status)?;
                let mut fields = match std::mem::take(&mut r.manual_fields) {
                    Value::Object(fields) => fields,
                    _ => serde_json::Map::new(),
                };
                fields.extend(checked);
                let mut custom = match fields.remove("custom_fields") {
                    Some(Value::Object(custom)) => custom,
                    _ => serde_json::Map::new(),
                };
                custom.extend(answers);
                fields.insert("custom_fields".to_owned(), Value::Object(custom));
                r.manual_fields = Value::Object(fields);
                r.updated_by = Some("person".to_owned());
                store::update(conn, &r)
            })
            .await
    }

    /// The person is done: the required fields must be in, then it proceeds as through the
    /// API.
    pub async fn person_proceed(&self, short_id: String) -> Result<std::result::Result<PersonView, MissingDocuments>> {
        let r = self.find_short(short_id).await?;
        let missing = missing_fields(&r.settings.manual_field_settings, &r.manual_fields);
        if !missing.is_empty() && matches!(r.status, VerificationStatus::Initial | VerificationStatus::Pending) {
            return Err(Error::invalid("fields", format!("still to fill in: {}", missing.join(", "))));
        }
        let scope: Scope = r.scope;
        match self.proceed(scope, r.id, Actor::Person).await? {
            Ok(v) => Ok(Ok(self.person(scope, v).await?)),
            Err(missing) => Ok(Err(missing)),
        }
    }

    /// The person removes a document they uploaded, while the verification takes documents:
    /// it leaves the verification, its record and its file are deleted, and what is still
    /// needed is worked out again.
    pub async fn person_remove_document(&self, short_id: String, document: DocumentId) -> Result<PersonView> {
        let r = self.find_short(short_id).await?;
        let (scope, id) = (r.scope, r.id);
        let file = self
            .engine
            .core
            .db
            .write(move |conn| {
                let mut r = store::existing(conn, scope, id)?;
                open_to_the_person(r.status)?;
                if !r.documents.iter().any(|d| d.document_id == document) {
                    return Err(Error::not_found("document"));
                }
                r.documents.retain(|d| d.document_id != document);
                let have: Vec<DocumentType> = r.documents.iter().map(|d| d.document_type).collect();
                let settings = r.settings.clone();
                for (step, check) in r.checks.iter_mut() {
                    check.pending_documents = settings.pending_for(*step, &have);
                }
                r.document_type = have.iter().rev().find(|t| t.purpose() == Purpose::Poi).map(|t| t.base());
                r.updated_by = Some("person".to_owned());
                store::update(conn, &r)?;
                store::delete_document(conn, scope, id, document)
            })
            .await?;
        if let Some(file) = file {
            self.engine.files().delete_one(scope, file).await?;
        }
        self.person_view_of(scope, id).await
    }

    /// The preview of a document of the verification, for the person's thumbnail.
    pub async fn person_document_preview(
        &self,
        short_id: String,
        document: DocumentId,
    ) -> Result<(StoredDocument, Vec<u8>)> {
        let r = self.find_short(short_id).await?;
        if !r.documents.iter().any(|d| d.document_id == document) {
            return Err(Error::not_found("document"));
        }
        self.document_preview(r.scope, document).await
    }

    async fn person_view_of(&self, scope: Scope, id: super::model::VerificationId) -> Result<PersonView> {
        let r = self.engine.core.db.read(move |conn| store::existing(conn, scope, id)).await?;
        self.person(scope, self.view(r)).await
    }
}

/// The person may change a verification only while it takes documents.
fn open_to_the_person(status: VerificationStatus) -> Result<()> {
    match status {
        VerificationStatus::Initial | VerificationStatus::Pending => Ok(()),
        other => Err(Error::Conflict(format!("the verification is `{}`: it takes no more changes", other.as_str()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> jiff::civil::Date {
        jiff::civil::date(2026, 3, 1)
    }

    #[test]
    fn standard_fields_are_checked_and_normalized() {
        assert_eq!(standard("country", "deu", today()).expect("ok"), Some("DE".to_owned()));
        assert_eq!(standard("dob", "1990-02-03", today()).expect("ok"), Some("1990-02-03".to_owned()));
        assert_eq!(standard("email", "  ", today()).expect("ok"), None);
        for (name, bad) in [
            ("email", "not-an-address"),
            ("email", "a@b"),
            ("phone", "call me"),
            ("country", "ZZ"),
            ("dob", "2027-01-01"),
            ("dob", "03/02/1990"),
        ] {
            assert!(standard(name, bad, today()).is_err(), "{name}: {bad}");
        }
    }

    #[test]
    fn required_fields_are_named_until_filled() {
        let settings: ManualFieldSettings = serde_json::from_value(serde_json::json!({
            "enabled": true,
            "full_name": {"enabled": true},
            "phone": {"enabled": true, "optional": true},
            "custom_fields": [{"label": "occupation", "options": {"choices": ["employed", "student"]}}]
        }))
        .expect("settings");
        let empty = serde_json::json!({});
        assert_eq!(missing_fields(&settings, &empty), vec!["full_name", "custom_fields.occupation"]);
        let filled = serde_json::json!({"full_name": "Ana Silva", "custom_fields": {"occupation": "student"}});
        assert!(missing_fields(&settings, &filled).is_empty());
        let definition = &settings.custom_fields[0];
        assert!(custom("occupation", &Value::String("pirate".into()), definition).is_err());
        assert!(custom("occupation", &Value::String("student".into()), definition).is_ok());
    }
}
