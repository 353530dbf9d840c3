//! `/api/v3/applicants`: as the public service's clients use it.

use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::aml::SearchOptionsInput;
use docket_engine::applicants::{
    Applicant, ApplicantFilter, ApplicantId, ApplicantType, ApplicantUpdate, Dob, InfoPatch, LIST_BOUNDS, NewApplicant,
    UpdateSettings,
};
use docket_engine::page::Page;
use docket_engine::values::CountryCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query, RawJson, TextPath};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get, update, delete))
        .routes(routes!(get_by_external_id))
        .routes(routes!(set_search_options))
        .routes(routes!(set_screening))
        .routes(routes!(link_telegram))
}

/// The id of a created record.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedId {
    #[schema(value_type = String, format = Uuid)]
    pub id: ApplicantId,
}

/// Create an applicant
///
/// Creates a person (default) or organization applicant. Every field is optional; `external_id`
/// must be unique within the environment. Contact details may be sent at the top level or
/// inside `info`. Returns the new applicant's id.
#[utoipa::path(
    post, path = "/api/v3/applicants", tag = "Applicants", operation_id = "createApplicant",
    request_body(content = NewApplicant, example = json!({
        "external_id": "external_user_id_123", "email": "john.doe@example.org", "phone": "+1234567890",
        "info": {"full_name": "John Doe", "first_name": "John", "last_name": "Doe", "dob": "1987-12-24T00:00:00.000Z",
                 "gender": "M", "citizenship": "DE", "country": "DE", "address": "Wiener Straße 17, 10999 Berlin",
                 "addresses": {"residence": {"country": "DE", "city": "Berlin", "postal_code": "10999", "street": "Wiener Straße 17"}},
                 "custom_fields": {}},
        "aml_screening_enabled": false, "applicant_type": "Person",
        "search_options": {"risk_scores": ["Low"], "tags": ["Finance"], "fuzziness": true, "fuzziness_level": 1, "phonetics": true, "mode": 0}
    })),
    responses(
        (status = 201, description = "Created", body = CreatedId),
        (status = 400, description = "Invalid data", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 409, description = "The external_id is taken", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    Json(input): Json<NewApplicant>,
) -> ApiResult<(StatusCode, Json<CreatedId>)> {
    let applicant = state.engine.applicants().create(caller.scope(), input).await?;
    Ok((StatusCode::CREATED, Json(CreatedId { id: applicant.applicant_id })))
}

/// Query parameters of the applicant list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// Part of the name (full, first or last), case- and accent-insensitive.
    name: Option<String>,
    /// Country of residence or citizenship (ISO 3166-1 alpha-2).
    country: Option<String>,
    /// `Person` or `Organization`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    applicant_type: Option<String>,
    /// Date of birth, `YYYY-MM-DD`.
    dob: Option<String>,
}

/// List applicants
///
/// Newest first. `has_next` tells whether a further page exists.
// The page is sent as the engine assembled it from each applicant's stored JSON (the same bytes
// `Json<Page<Applicant>>` would give, without decoding and re-encoding every applicant).
#[utoipa::path(
    get, path = "/api/v3/applicants", tag = "Applicants", operation_id = "listApplicants",
    params(Paging, ListParams),
    responses(
        (status = 200, description = "One page of applicants", body = Page<Applicant>),
        (status = 400, description = "Invalid paging or filter", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(params): Query<ListParams>,
) -> ApiResult<RawJson> {
    let page = paging.within(LIST_BOUNDS)?;
    let filter = ApplicantFilter {
        name: params.name.filter(|n| !n.trim().is_empty()),
        country: params.country.as_deref().map(CountryCode::parse).transpose().map_err(|e| e.within("country"))?,
        applicant_type: match params.applicant_type.as_deref() {
            None => None,
            Some("Person") => Some(ApplicantType::Person),
            Some("Organization") => Some(ApplicantType::Organization),
            Some(_) => {
                return Err(ApiError::bad_request("type: must be Person or Organization"));
            }
        },
        dob: params
            .dob
            .as_deref()
            .map(Dob::parse)
            .transpose()
            .map_err(|e| ApiError::bad_request(format!("dob: {e}")))?,
    };
    Ok(RawJson(state.engine.applicants().list_json(caller.scope(), filter, page).await?.into_bytes()))
}

/// Get an applicant
#[utoipa::path(
    get, path = "/api/v3/applicants/{applicant_id}", tag = "Applicants", operation_id = "getApplicant",
    params(("applicant_id" = String, Path, format = Uuid, description = "The applicant's id")),
    responses(
        (status = 200, description = "The applicant", body = Applicant),
        (status = 400, description = "Not a UUID", body = ErrorBody),
        (status = 404, description = "No such applicant in this environment", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ApplicantId>,
) -> ApiResult<Json<Applicant>> {
    Ok(Json(state.engine.applicants().get(caller.scope(), id).await?))
}

/// Get an applicant by external id
#[utoipa::path(
    get, path = "/api/v3/applicants/by_external_id/{external_id}", tag = "Applicants",
    operation_id = "getApplicantByExternalId",
    params(("external_id" = String, Path, description = "Your identifier for the applicant (URL-encoded)")),
    responses(
        (status = 200, description = "The applicant", body = Applicant),
        (status = 404, description = "No applicant has this external id", body = ErrorBody),
    )
)]
async fn get_by_external_id(
    State(state): State<AppState>,
    caller: Caller,
    TextPath(external_id): TextPath,
) -> ApiResult<Json<Applicant>> {
    Ok(Json(state.engine.applicants().get_by_external_id(caller.scope(), &external_id).await?))
}

/// Update an applicant
///
/// The body is the flat info object of the public API (`full_name`, `dob`, `addresses`, ...)
/// plus `email`, `phone`, `search_options` and `aml_screening_enabled`. Merge semantics: a
/// field left out keeps its value, `null` clears it; `addresses` and `custom_fields` merge by
/// key. Returns the updated applicant.
#[utoipa::path(
    post, path = "/api/v3/applicants/{applicant_id}", tag = "Applicants", operation_id = "updateApplicant",
    params(("applicant_id" = String, Path, format = Uuid, description = "The applicant's id")),
    request_body(content = UpdateApplicantBody, example = json!({"full_name": "John A. Doe", "address": null, "country": "FR"})),
    responses(
        (status = 200, description = "The updated applicant", body = Applicant),
        (status = 400, description = "Invalid data", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ApplicantId>,
    Json(body): Json<serde_json::Value>,
) -> ApiResult<Json<Applicant>> {
    let update = ApplicantUpdate::from_json(&body)?;
    Ok(Json(state.engine.applicants().update(caller.scope(), id, update).await?))
}

/// The body of an update: the info fields at the top level, and the settings (for the
/// OpenAPI description; the engine reads it with `ApplicantUpdate::from_json`).
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
struct UpdateApplicantBody {
    #[schema(inline)]
    #[serde(flatten)]
    info: InfoPatch,
    #[schema(inline)]
    #[serde(flatten)]
    settings: UpdateSettings,
}

/// Delete an applicant
///
/// Answers 200 with an empty body; the applicant is gone (404) from then on. Deleting is an
/// erasure: the person's data goes everywhere Docket holds it (verifications and documents, AML
/// history, monitored transactions, e-mail checks, events and unsent deliveries; journal bodies
/// that name them are redacted), its KYB single checks and its KYB cases (as `DELETE
/// /api/v4/kyb/verifications/{id}` erases one), recorded in the erasure log (`GET
/// /_docket/erasures`).
#[utoipa::path(
    delete, path = "/api/v3/applicants/{applicant_id}", tag = "Applicants", operation_id = "deleteApplicant",
    params(("applicant_id" = String, Path, format = Uuid, description = "The applicant's id")),
    responses(
        (status = 200, description = "Deleted"),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ApplicantId>,
) -> ApiResult<StatusCode> {
    state.engine.applicants().delete(caller.scope(), id, &caller.who()).await?;
    Ok(StatusCode::OK)
}

/// Change search options
///
/// Sets how the applicant is screened. Fields left out keep their values. Returns the applicant.
#[utoipa::path(
    post, path = "/api/v3/applicants/{applicant_id}/search-options", tag = "Applicants",
    operation_id = "setApplicantSearchOptions",
    params(("applicant_id" = String, Path, format = Uuid, description = "The applicant's id")),
    request_body = SearchOptionsInput,
    responses(
        (status = 200, description = "The applicant", body = Applicant),
        (status = 400, description = "Invalid options", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn set_search_options(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ApplicantId>,
    Json(input): Json<SearchOptionsInput>,
) -> ApiResult<Json<Applicant>> {
    Ok(Json(state.engine.applicants().set_search_options(caller.scope(), id, input).await?))
}

/// The body of the screening switch.
#[derive(Debug, Deserialize, ToSchema)]
struct ScreeningSwitch {
    aml_screening_enabled: bool,
}

/// Turn AML monitoring on or off
///
/// With monitoring on, the applicant is screened against the watchlists daily. Returns the
/// applicant.
#[utoipa::path(
    post, path = "/api/v3/applicants/{applicant_id}/screening", tag = "Applicants",
    operation_id = "setApplicantScreening",
    params(("applicant_id" = String, Path, format = Uuid, description = "The applicant's id")),
    request_body(content = ScreeningSwitch, example = json!({"aml_screening_enabled": true})),
    responses(
        (status = 200, description = "The applicant", body = Applicant),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn set_screening(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ApplicantId>,
    Json(input): Json<ScreeningSwitch>,
) -> ApiResult<Json<Applicant>> {
    Ok(Json(state.engine.applicants().set_screening(caller.scope(), id, input.aml_screening_enabled).await?))
}

/// The body of the Telegram link.
#[derive(Debug, Deserialize, ToSchema)]
struct TelegramLink {
    tg_profile: String,
}

/// Link a Telegram profile
#[utoipa::path(
    post, path = "/api/v3/applicants/{applicant_id}/link/tg", tag = "Applicants",
    operation_id = "linkApplicantTelegram",
    params(("applicant_id" = String, Path, format = Uuid, description = "The applicant's id")),
    request_body(content = TelegramLink, example = json!({"tg_profile": "1234567890"})),
    responses(
        (status = 200, description = "The applicant", body = Applicant),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn link_telegram(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ApplicantId>,
    Json(input): Json<TelegramLink>,
) -> ApiResult<Json<Applicant>> {
    Ok(Json(state.engine.applicants().link_telegram(caller.scope(), id, &input.tg_profile).await?))
}
