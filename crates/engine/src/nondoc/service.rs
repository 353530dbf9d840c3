//! Non-document verification's service: a request read into its identifier, the applicant's
//! facts, the steps decided by `rules`, and the check stored with its `NONDOC_VERIFICATION`
//! event in one transaction.

use docket_nationalid::{Day, Kind};
use serde::Deserialize;

use super::model::{IdType, NondocCheck, NondocCheckId, VerificationType};
use super::rules::{self, Applicant, Registry};
use super::store::{self, NondocCheckFilter};
use crate::Engine;
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;

/// Bounds of an applicant's check list (as the other v4 lists: 1 to 200, default 20).
pub const LIST_BOUNDS: Bounds = Bounds { min: 1, max: 200, default: 20 };
/// The longest number accepted (longer ones are refused before any check).
const MAX_NUMBER: usize = 64;

/// The event of a check.
pub const EVENT: &str = "NONDOC_VERIFICATION";

/// `POST /api/v4/nondoc/{applicant_id}/verify` (public-api.md, "Non-document checks").
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewNondocCheck {
    /// `NONDOC_NIGERIA_BVN_BASIC`, `NONDOC_NIGERIA_NIN` or `NONDOC_NATIONAL_ID`.
    pub verification_type: String,
    /// `{"bvn": "..."}`, `{"nin": "..."}`, or `{"id_type": "SE_PERSONNUMMER", "number": "...",
    /// "country": "SE" (optional)}`. Other fields are ignored.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub request_data: serde_json::Value,
}

pub struct Nondoc<'e> {
    pub(crate) engine: &'e Engine,
}

/// Every identifier code, for messages.
fn codes() -> String {
    Kind::ALL.iter().map(|k| k.code()).collect::<Vec<_>>().join(", ")
}

/// A string field of `request_data`: present, a string, not blank, not too long.
fn text<'a>(data: &'a serde_json::Map<String, serde_json::Value>, field: &str, what: &str) -> Result<&'a str> {
    let path = format!("request_data.{field}");
    match data.get(field) {
        None | Some(serde_json::Value::Null) => Err(Error::invalid(path, format!("is required: {what}"))),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => {
            Err(Error::invalid(path, format!("is required: {what}")))
        }
        Some(serde_json::Value::String(s)) if s.chars().count() > MAX_NUMBER => {
            Err(Error::invalid(path, format!("must be at most {MAX_NUMBER} characters")))
        }
        Some(serde_json::Value::String(s)) => Ok(s.trim()),
        Some(serde_json::Value::Number(_)) => {
            Err(Error::invalid(path, format!("must be a string ({what}): a JSON number loses leading zeros")))
        }
        Some(_) => Err(Error::invalid(path, format!("must be a string: {what}"))),
    }
}

/// Reads a request into its type, identifier and number.
pub(crate) fn read(input: &NewNondocCheck) -> Result<(VerificationType, Kind, String)> {
    let kind = VerificationType::parse(input.verification_type.trim()).ok_or_else(|| {
        Error::invalid(
            "verification_type",
            "must be NONDOC_NIGERIA_BVN_BASIC, NONDOC_NIGERIA_NIN or NONDOC_NATIONAL_ID (GET /api/v4/nondoc/types lists \
             the national identifiers)",
        )
    })?;
    let Some(data) = input.request_data.as_object() else {
        return Err(Error::invalid("request_data", "must be an object, such as {\"bvn\": \"22345678901\"}"));
    };
    match kind {
        VerificationType::NondocNigeriaBvnBasic => {
            Ok((kind, Kind::NgBvn, text(data, "bvn", "the 11-digit Bank Verification Number")?.to_owned()))
        }
        VerificationType::NondocNigeriaNin => {
            Ok((kind, Kind::NgNin, text(data, "nin", "the 11-digit National Identification Number")?.to_owned()))
        }
        VerificationType::NondocNationalId => {
            let code = text(data, "id_type", "the identifier's code, such as SE_PERSONNUMMER")?;
            let id_type = Kind::from_code(code).ok_or_else(|| {
                Error::invalid("request_data.id_type", format!("is not an identifier Docket reads; one of {}", codes()))
            })?;
            if let Some(country) = data.get("country").and_then(|c| c.as_str())
                && !country.trim().eq_ignore_ascii_case(id_type.country())
            {
                return Err(Error::invalid(
                    "request_data.country",
                    format!("{} is issued by {}, not {}", id_type.code(), id_type.country(), country.trim()),
                ));
            }
            Ok((kind, id_type, text(data, "number", "the identifier as written")?.to_owned()))
        }
    }
}

/// The identifiers Docket reads, with the verification type of each.
pub fn types() -> Vec<IdType> {
    Kind::ALL
        .into_iter()
        .map(|k| IdType {
            id_type: k.code(),
            verification_type: match k {
                Kind::NgBvn => VerificationType::NondocNigeriaBvnBasic,
                Kind::NgNin => VerificationType::NondocNigeriaNin,
                _ => VerificationType::NondocNationalId,
            },
            country: k.country(),
            name: k.name(),
            check_digit: k.has_check_digit(),
            encodes_birth_date: k.encodes_birth_date(),
            encodes_sex: k.encodes_sex(),
        })
        .collect()
}

/// Emits `NONDOC_VERIFICATION` for a check in the caller's transaction.
fn emit(conn: &rusqlite::Connection, scope: Scope, check: &NondocCheck, real_now: crate::Timestamp) -> Result<()> {
    crate::events::emit(
        conn,
        scope,
        &crate::events::NewEvent {
            id: crate::events::EventId::new(real_now),
            event_type: EVENT,
            subject: Some(check.id.as_uuid()),
            payload: &serde_json::to_string(check)?,
            at: check.created_at,
            real_now,
        },
    )
    .map(drop)
}

impl Nondoc<'_> {
    /// Verifies an identifier for an applicant: every step decided, the check stored with its
    /// event. A malformed number is a failed check, not an error; a malformed request is.
    pub async fn verify(&self, scope: Scope, applicant_id: ApplicantId, input: NewNondocCheck) -> Result<NondocCheck> {
        let (verification_type, kind, number) = read(&input)?;
        let applicant = self.engine.applicants().get(scope, applicant_id).await?;
        let info = &applicant.system_info;
        let facts = Applicant { name: info.display_name(), dob: info.dob.map(|d| d.0), gender: info.gender };
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        let date = now.date();
        let today = Day { year: i32::from(date.year()), month: date.month() as u8, day: date.day() as u8 };
        let registry = if scope.is_sandbox() { Registry::Sandbox } else { Registry::Offline };
        let evaluated = rules::evaluate(kind, &number, &facts, registry, today);
        let check = NondocCheck {
            id: NondocCheckId::new(real_now),
            applicant_id,
            verification_type,
            id_type: kind.code().to_owned(),
            country: kind.country().to_owned(),
            number_masked: evaluated.masked,
            status: evaluated.status,
            checks: evaluated.steps,
            encoded: evaluated.encoded,
            is_sandbox: scope.is_sandbox(),
            created_at: now,
        };
        self.engine
            .core
            .db
            .write(move |conn| {
                store::insert(conn, scope, &check)?;
                emit(conn, scope, &check, real_now)?;
                Ok(check)
            })
            .await
    }

    pub async fn get(&self, scope: Scope, id: NondocCheckId) -> Result<NondocCheck> {
        self.engine
            .core
            .db
            .read(move |conn| store::get(conn, scope, id)?.ok_or(Error::not_found("non-document check")))
            .await
    }

    /// An applicant's checks, newest first (a 404 for an applicant the scope does not hold).
    pub async fn list(
        &self,
        scope: Scope,
        applicant: ApplicantId,
        filter: NondocCheckFilter,
        page: PageRequest,
    ) -> Result<Page<NondocCheck>> {
        self.engine.applicants().get(scope, applicant).await?;
        let rows = self.engine.core.db.read(move |conn| store::list(conn, scope, applicant, &filter, page)).await?;
        Ok(page.finish(rows))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(t: &str, data: serde_json::Value) -> NewNondocCheck {
        NewNondocCheck { verification_type: t.to_owned(), request_data: data }
    }

    fn refusal(t: &str, data: serde_json::Value) -> String {
        match read(&request(t, data)) {
            Err(Error::Invalid(i)) => format!("{}: {}", i.field.unwrap_or_default(), i.message),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn requests_are_read_in_the_public_shape_and_refused_field_by_field() {
        let bvn = read(&request("NONDOC_NIGERIA_BVN_BASIC", json!({"bvn": " 22345678901 "}))).expect("read");
        assert_eq!(bvn, (VerificationType::NondocNigeriaBvnBasic, Kind::NgBvn, "22345678901".to_owned()));
        let nin = read(&request("NONDOC_NIGERIA_NIN", json!({"nin": "12345678901"}))).expect("read");
        assert_eq!(nin.1, Kind::NgNin);
        let se = read(&request("NONDOC_NATIONAL_ID", json!({"id_type": "se_personnummer", "number": "880320-0016"})));
        assert_eq!(se.expect("read").1, Kind::SePersonnummer);
        assert!(refusal("NONDOC_PASSPORT", json!({})).starts_with("verification_type: must be"));
        assert!(refusal("NONDOC_NIGERIA_BVN_BASIC", json!({"nin": "1"})).starts_with("request_data.bvn: is required"));
        assert!(refusal("NONDOC_NIGERIA_BVN_BASIC", json!({"bvn": 22345678901u64})).contains("leading zeros"));
        assert!(refusal("NONDOC_NIGERIA_NIN", json!([])).starts_with("request_data: must be an object"));
        assert!(refusal("NONDOC_NIGERIA_NIN", json!({"nin": "1".repeat(65)})).contains("at most 64"));
        assert!(refusal("NONDOC_NATIONAL_ID", json!({"id_type": "XX", "number": "1"})).contains("SE_PERSONNUMMER"));
        let wrong_country = json!({"id_type": "PL_PESEL", "number": "1", "country": "SE"});
        assert!(
            refusal("NONDOC_NATIONAL_ID", wrong_country).starts_with("request_data.country: PL_PESEL is issued by PL")
        );
    }

    #[test]
    fn every_identifier_is_listed_with_its_verification_type() {
        let all = types();
        assert_eq!(all.len(), Kind::ALL.len());
        assert!(
            all.iter().any(|t| t.id_type == "NG_BVN" && t.verification_type == VerificationType::NondocNigeriaBvnBasic)
        );
        assert!(all.iter().filter(|t| t.check_digit).count() >= 15);
    }
}
