//! `/api/v4/nondoc`: non-document verification of national identifiers (public-api.md,
//! "Non-document checks"; Docket's own design beyond the two public types, in the guide).

use axum::extract::State;
use docket_engine::applicants::ApplicantId;
use docket_engine::nondoc::{
    CheckStatus, IdType, LIST_BOUNDS, NewNondocCheck, NondocCheck, NondocCheckFilter, NondocCheckId, VerificationType,
};
use docket_engine::page::Page;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(verify)).routes(routes!(list)).routes(routes!(get)).routes(routes!(types))
}

/// Verify a national identifier
///
/// The public types: `NONDOC_NIGERIA_BVN_BASIC` with `request_data: {"bvn": "…"}` and
/// `NONDOC_NIGERIA_NIN` with `{"nin": "…"}` (11 digits; neither has a public check digit, so only
/// the format is checked). Docket's own: `NONDOC_NATIONAL_ID` with `{"id_type": "PL_PESEL",
/// "number": "…"}` for any identifier of `GET /api/v4/nondoc/types`. Answers `200` with the check:
/// its steps (`format`, `check_digits`, `birth_date` and `sex` against the applicant's, and
/// `registry_lookup`) and its `status`. A malformed number is a `failed` check, not an error.
/// Production cannot reach any issuer's registry offline: its `registry_lookup` is `error` and
/// the check at best `needs_review`, never `passed`. The sandbox simulates the registry from
/// magic numbers (see the guide). Emits `NONDOC_VERIFICATION`.
#[utoipa::path(
    post, path = "/api/v4/nondoc/{applicant_id}/verify", tag = "Non-document verification", operation_id = "verifyNondoc",
    params(("applicant_id" = String, Path, format = Uuid)),
    request_body(content = NewNondocCheck, example = json!({"verification_type": "NONDOC_NIGERIA_BVN_BASIC", "request_data": {"bvn": "22345678901"}})),
    responses(
        (status = 200, description = "The check", body = NondocCheck),
        (status = 400, description = "Unknown verification type, or a missing or malformed field (named)", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn verify(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    Json(input): Json<NewNondocCheck>,
) -> ApiResult<Json<NondocCheck>> {
    Ok(Json(state.engine.nondoc().verify(caller.scope(), applicant, input).await?))
}

/// Filters of an applicant's checks.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// `NONDOC_NIGERIA_BVN_BASIC`, `NONDOC_NIGERIA_NIN` or `NONDOC_NATIONAL_ID`.
    verification_type: Option<String>,
    /// `passed`, `failed` or `needs_review`.
    status: Option<String>,
    /// Created at or after (RFC 3339, or `YYYY-MM-DD`).
    created_from: Option<String>,
    /// Created before (RFC 3339, or `YYYY-MM-DD`).
    created_to: Option<String>,
}

/// List an applicant's non-document checks
///
/// Newest first; `limit` 1 to 200 (default 20), `page` from 0.
#[utoipa::path(
    get, path = "/api/v4/nondoc/{applicant_id}/checks", tag = "Non-document verification", operation_id = "listNondocChecks",
    params(("applicant_id" = String, Path, format = Uuid), Paging, ListParams),
    responses(
        (status = 200, description = "One page of checks", body = Page<NondocCheck>),
        (status = 400, description = "Invalid paging, filter or bounds", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    paging: Paging,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<Page<NondocCheck>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let given = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let filter = NondocCheckFilter {
        verification_type: given(params.verification_type)
            .map(|t| {
                VerificationType::parse(&t).ok_or_else(|| {
                    ApiError::bad_request(
                        "verification_type: must be NONDOC_NIGERIA_BVN_BASIC, NONDOC_NIGERIA_NIN or NONDOC_NATIONAL_ID",
                    )
                })
            })
            .transpose()?,
        status: given(params.status)
            .map(|s| {
                CheckStatus::parse(&s)
                    .ok_or_else(|| ApiError::bad_request("status: must be passed, failed or needs_review"))
            })
            .transpose()?,
        created_from: super::kyb::time_bound("created_from", params.created_from.as_deref())?,
        created_to: super::kyb::time_bound("created_to", params.created_to.as_deref())?,
    };
    Ok(Json(state.engine.nondoc().list(caller.scope(), applicant, filter, page).await?))
}

/// Get a non-document check
#[utoipa::path(
    get, path = "/api/v4/nondoc/checks/{id}", tag = "Non-document verification", operation_id = "getNondocCheck",
    params(("id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The check", body = NondocCheck),
        (status = 404, description = "No such check", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<NondocCheckId>,
) -> ApiResult<Json<NondocCheck>> {
    Ok(Json(state.engine.nondoc().get(caller.scope(), id).await?))
}

/// The identifiers Docket reads
///
/// Each identifier's `id_type` (for `NONDOC_NATIONAL_ID`), the verification type that checks it,
/// its country, and whether it has public check digits and encodes a birth date or sex.
#[utoipa::path(
    get, path = "/api/v4/nondoc/types", tag = "Non-document verification", operation_id = "listNondocTypes",
    responses((status = 200, description = "Every identifier", body = Vec<IdType>))
)]
async fn types(_caller: Caller) -> Json<Vec<IdType>> {
    Json(docket_engine::nondoc::types())
}
