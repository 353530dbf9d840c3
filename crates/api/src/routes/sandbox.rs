//! `/_docket`: Docket's own controls. The clock and reset need a sandbox key; production refuses
//! them with 403.

use axum::extract::State;
use docket_engine::ClockState;
use docket_engine::sandbox::ResetSummary;
use docket_engine::time::{Timestamp, parse_duration};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(info))
        .routes(routes!(get_clock))
        .routes(routes!(set_clock))
        .routes(routes!(advance_clock))
        .routes(routes!(reset_clock))
        .routes(routes!(reset))
}

/// Who the key belongs to and what this server is.
#[derive(Debug, Serialize, ToSchema)]
struct Info {
    /// The Docket version.
    version: &'static str,
    #[schema(value_type = String, format = Uuid)]
    organization_id: docket_engine::OrganizationId,
    organization_name: String,
    environment: docket_engine::Environment,
    /// The environment's current time.
    now: Timestamp,
    /// The database schema version.
    schema_version: usize,
    /// How the caller is signed in: `api` (an API key) or `console` (a console session).
    source: docket_engine::journal::Source,
    /// The reviewer a console request named (`X-Docket-Reviewer`); null for API keys.
    reviewer: Option<String>,
    /// What the environment holds.
    counts: docket_engine::console::Counts,
}

/// Describe the caller and the server
///
/// The caller's organization and environment, how it is signed in, the environment's clock,
/// and counts of what the environment holds (for the console's overview).
#[utoipa::path(
    get, path = "/_docket/info", tag = "Docket controls", operation_id = "docketInfo",
    responses((status = 200, description = "The caller's organization and environment", body = Info))
)]
async fn info(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Info>> {
    let scope = caller.scope();
    let org = state.engine.organizations().get(scope.organization).await?;
    let counts = state.engine.console().counts(scope).await?;
    Ok(Json(Info {
        version: env!("CARGO_PKG_VERSION"),
        organization_id: org.id,
        organization_name: org.name,
        environment: scope.environment,
        now: state.engine.now(scope),
        schema_version: docket_engine::SCHEMA_VERSION,
        source: caller.source(),
        reviewer: caller.reviewer().map(|r| r.name.as_str().to_owned()),
        counts,
    }))
}

/// Read the clock
///
/// The environment's current time and how it relates to real time. Production always shows
/// real time.
#[utoipa::path(
    get, path = "/_docket/clock", tag = "Docket controls", operation_id = "getClock",
    responses((status = 200, description = "The clock", body = ClockState))
)]
async fn get_clock(State(state): State<AppState>, caller: Caller) -> Json<ClockState> {
    Json(state.engine.sandbox().clock(caller.scope()))
}

/// The body of a clock setting.
#[derive(Debug, Deserialize, ToSchema)]
struct SetClock {
    /// The time to set, RFC 3339. At most ten years from the real time.
    now: Timestamp,
    /// Stop the clock there (true), or let it run on from there (false, the default).
    #[serde(default)]
    freeze: bool,
}

/// Set the sandbox clock
///
/// Every time-dependent rule of the sandbox (record times, expiries, retries, daily screening)
/// follows this clock. A frozen clock stands still until set or advanced again.
#[utoipa::path(
    post, path = "/_docket/clock/set", tag = "Docket controls", operation_id = "setClock",
    request_body(content = SetClock, example = json!({"now": "2026-01-15T09:00:00Z", "freeze": true})),
    responses(
        (status = 200, description = "The clock after the change", body = ClockState),
        (status = 400, description = "Invalid time", body = ErrorBody),
        (status = 403, description = "Not a sandbox key", body = ErrorBody),
    )
)]
async fn set_clock(
    State(state): State<AppState>,
    caller: Caller,
    Json(body): Json<SetClock>,
) -> ApiResult<Json<ClockState>> {
    Ok(Json(state.engine.sandbox().set_clock(caller.scope(), body.now, body.freeze).await?))
}

/// The body of a clock move: `by` as a duration text, or `seconds`.
#[derive(Debug, Deserialize, ToSchema)]
struct AdvanceClock {
    /// A duration such as `90s`, `15m`, `36h`, `7d` or `1d12h`.
    by: Option<String>,
    /// The same in seconds.
    seconds: Option<i64>,
}

/// Advance the sandbox clock
///
/// Moves the clock forward; whatever falls due in between (retries, expiries, daily
/// screenings) runs at once.
#[utoipa::path(
    post, path = "/_docket/clock/advance", tag = "Docket controls", operation_id = "advanceClock",
    request_body(content = AdvanceClock, example = json!({"by": "1d12h"})),
    responses(
        (status = 200, description = "The clock after the change", body = ClockState),
        (status = 400, description = "Invalid duration", body = ErrorBody),
        (status = 403, description = "Not a sandbox key", body = ErrorBody),
    )
)]
async fn advance_clock(
    State(state): State<AppState>,
    caller: Caller,
    Json(body): Json<AdvanceClock>,
) -> ApiResult<Json<ClockState>> {
    let by = match (body.by, body.seconds) {
        (Some(text), None) => parse_duration(&text).map_err(|e| ApiError::bad_request(format!("by: {e}")))?,
        (None, Some(s)) => jiff::SignedDuration::from_secs(s),
        _ => {
            return Err(ApiError::bad_request("give exactly one of `by` (such as \"36h\") or `seconds`"));
        }
    };
    Ok(Json(state.engine.sandbox().advance_clock(caller.scope(), by).await?))
}

/// Return the sandbox clock to real time
#[utoipa::path(
    post, path = "/_docket/clock/reset", tag = "Docket controls", operation_id = "resetClock",
    responses(
        (status = 200, description = "The clock after the change", body = ClockState),
        (status = 403, description = "Not a sandbox key", body = ErrorBody),
    )
)]
async fn reset_clock(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<ClockState>> {
    Ok(Json(state.engine.sandbox().reset_clock(caller.scope()).await?))
}

/// Reset the sandbox data
///
/// Deletes every record of the caller's sandbox (applicants, the request journal, and the
/// records later capabilities add). API keys and the clock stay. Use it between test runs.
#[utoipa::path(
    post, path = "/_docket/reset", tag = "Docket controls", operation_id = "resetSandbox",
    responses(
        (status = 200, description = "What was removed", body = ResetSummary),
        (status = 403, description = "Not a sandbox key", body = ErrorBody),
    )
)]
async fn reset(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<ResetSummary>> {
    Ok(Json(state.engine.sandbox().reset_data(caller.scope()).await?))
}
