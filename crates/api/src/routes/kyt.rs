//! `/api/v4/kyt`: crypto-address risk (issue 35, Docket's own design: the public service names
//! only the `KYT_WALLET_CHECK` event). Checks, their list, and the monitored addresses.

use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::applicants::ApplicantId;
use docket_engine::kyt::{KytCheck, KytCheckFilter, KytCheckId, KytMonitor, LIST_BOUNDS, NewKytCheck, RiskLevel};
use docket_engine::page::Page;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get))
        .routes(routes!(monitors))
        .routes(routes!(stop))
}

/// Check a crypto address
///
/// Validates the address for its chain (encoding, version, length and checksum: Bitcoin
/// base58check and bech32/bech32m, Ethereum EIP-55, Tron, Litecoin, Bitcoin Cash CashAddr and
/// legacy, Dash, Zcash transparent and Sapling, Monero), then looks its canonical form up among
/// the digital-currency addresses of the sanctions lists in use, with the listing entity as
/// evidence. Both for real, offline, in both environments. Counterparty exposure needs chain
/// data Docket does not hold: production answers `exposure.status: not_checked` with the reason;
/// the sandbox simulates it (see *KYT* in the introduction). An address that is not valid is a
/// `201` result with `valid: false`, `invalid_code` and `invalid_reason`; a malformed request
/// (unknown chain, an address over 256 characters, a bad `tx_hash`) is a `400`. Emits
/// `KYT_WALLET_CHECK`. With `monitor: true` a valid address is checked again after every list
/// import.
#[utoipa::path(
    post, path = "/api/v4/kyt/checks", tag = "KYT", operation_id = "createKytCheck",
    request_body(content = NewKytCheck, example = json!({"chain": "bitcoin", "address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "monitor": true})),
    responses(
        (status = 201, description = "The check", body = KytCheck),
        (status = 400, description = "Invalid input (the field named)", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    Json(input): Json<NewKytCheck>,
) -> ApiResult<(StatusCode, Json<KytCheck>)> {
    Ok((StatusCode::CREATED, Json(state.engine.kyt().check(caller.scope(), input).await?)))
}

/// Filters of the check list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// The chain (`bitcoin`, `ethereum`, ... or a ticker).
    chain: Option<String>,
    /// The address, as given or in its canonical form.
    address: Option<String>,
    /// Checks of one applicant.
    applicant_id: Option<String>,
    /// `Low`, `Medium`, `High` or `Severe` (any case).
    risk_level: Option<String>,
    /// Created at or after (RFC 3339, or `YYYY-MM-DD`).
    created_from: Option<String>,
    /// Created before (RFC 3339, or `YYYY-MM-DD`).
    created_to: Option<String>,
}

/// List KYT checks
///
/// Newest first; `limit` 1 to 200 (default 20), `page` from 0.
#[utoipa::path(
    get, path = "/api/v4/kyt/checks", tag = "KYT", operation_id = "listKytChecks",
    params(Paging, ListParams),
    responses(
        (status = 200, description = "One page of checks", body = Page<KytCheck>),
        (status = 400, description = "Invalid paging or filter", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(p): Query<ListParams>,
) -> ApiResult<Json<Page<KytCheck>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let given = |v: Option<String>| v.filter(|s| !s.trim().is_empty());
    let filter = KytCheckFilter {
        chain: given(p.chain).map(|c| docket_engine::kyt::chain("chain", &c)).transpose()?,
        address: given(p.address),
        applicant_id: given(p.applicant_id).as_deref().map(str::parse::<ApplicantId>).transpose()?,
        risk_level: given(p.risk_level)
            .map(|r| {
                RiskLevel::parse(&r).ok_or_else(|| {
                    ApiError::bad_request("risk_level: must be Low, Medium, High or Severe").with_field("risk_level")
                })
            })
            .transpose()?,
        created_from: super::kyb::time_bound("created_from", p.created_from.as_deref())?,
        created_to: super::kyb::time_bound("created_to", p.created_to.as_deref())?,
    };
    Ok(Json(state.engine.kyt().list(caller.scope(), filter, page).await?))
}

/// Get a KYT check
#[utoipa::path(
    get, path = "/api/v4/kyt/checks/{id}", tag = "KYT", operation_id = "getKytCheck",
    params(("id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The check", body = KytCheck),
        (status = 404, description = "No such check", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<KytCheckId>,
) -> ApiResult<Json<KytCheck>> {
    Ok(Json(state.engine.kyt().get(caller.scope(), id).await?))
}

/// List monitored addresses
///
/// The addresses checked with `monitor: true`, newest first, stopped ones with `stopped_at`.
/// Each is checked again after every list import (and daily); a listing it did not have makes a
/// new check (origin `monitoring`) and a `KYT_WALLET_CHECK` event.
#[utoipa::path(
    get, path = "/api/v4/kyt/monitors", tag = "KYT", operation_id = "listKytMonitors",
    params(Paging),
    responses(
        (status = 200, description = "One page of monitored addresses", body = Page<KytMonitor>),
        (status = 400, description = "Invalid paging", body = ErrorBody),
    )
)]
async fn monitors(State(state): State<AppState>, caller: Caller, paging: Paging) -> ApiResult<Json<Page<KytMonitor>>> {
    let page = paging.within(LIST_BOUNDS)?;
    Ok(Json(state.engine.kyt().monitors(caller.scope(), page).await?))
}

/// Stop monitoring an address
///
/// Stops the monitoring that the check `{id}` started; answers the monitor with `stopped_at`.
#[utoipa::path(
    delete, path = "/api/v4/kyt/monitors/{id}", tag = "KYT", operation_id = "stopKytMonitor",
    params(("id" = String, Path, format = Uuid, description = "The check that started the monitoring")),
    responses(
        (status = 200, description = "The stopped monitor", body = KytMonitor),
        (status = 404, description = "No monitoring started by this check", body = ErrorBody),
    )
)]
async fn stop(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<KytCheckId>,
) -> ApiResult<Json<KytMonitor>> {
    Ok(Json(state.engine.kyt().stop_monitoring(caller.scope(), id).await?))
}
