//! `/_docket/me`, `/_docket/reviewers` and `/_docket/desk`: who is signed in, the reviewer
//! accounts, the desk's rules, counts, next case and metrics (issue 12; the audit chain is
//! `audit.rs`). Reviewer accounts and the desk's rules are console controls (the authority
//! table): an API key never reaches them.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use docket_engine::Actor;
use docket_engine::console::{NewReviewer, Reviewer, ReviewerId};
use docket_engine::kyb::{DeskCounts, DeskSettings, METRICS_PERIOD, Metrics};
use docket_engine::time::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::kyb::{CaseResponse, respond, time_bound};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Query, SignedIn};
use crate::server::console_login_url_for;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me))
        .routes(routes!(list_reviewers, add_reviewer))
        .routes(routes!(reviewer_link))
        .routes(routes!(disable_reviewer))
        .routes(routes!(enable_reviewer))
        .routes(routes!(get_settings, put_settings))
        .routes(routes!(counts))
        .routes(routes!(next_case))
        .routes(routes!(metrics))
}

/// `GET /_docket/me`.
#[derive(Serialize, ToSchema)]
struct Me {
    reviewer: Reviewer,
    organization_id: String,
}

/// Who is signed in
///
/// The reviewer the console session was opened for.
#[utoipa::path(
    get, path = "/_docket/me", tag = "Reviewer desk", operation_id = "getMe",
    responses((status = 200, description = "The signed-in reviewer", body = Me), (status = 403, description = "Not a console session", body = ErrorBody))
)]
async fn me(me: SignedIn) -> ApiResult<Json<Me>> {
    Ok(Json(Me { organization_id: me.scope.organization.to_string(), reviewer: me.reviewer }))
}

#[derive(Serialize, ToSchema)]
struct Reviewers {
    data: Vec<Reviewer>,
}

/// List reviewers
///
/// The organization's reviewer accounts: the machine's owner first, then by name.
#[utoipa::path(
    get, path = "/_docket/reviewers", tag = "Reviewer desk", operation_id = "listReviewers",
    responses((status = 200, description = "The reviewers", body = Reviewers))
)]
async fn list_reviewers(State(state): State<AppState>, me: SignedIn) -> ApiResult<Json<Reviewers>> {
    Ok(Json(Reviewers { data: state.engine.console().reviewers(me.scope.organization).await? }))
}

/// A reviewer with a one-time sign-in link.
#[derive(Serialize, ToSchema)]
struct ReviewerWithLink {
    reviewer: Reviewer,
    /// Opens the console signed in as this reviewer; works once, within 24 hours. Shown once.
    login_url: String,
    expires_at: Timestamp,
}

/// A sign-in link.
#[derive(Serialize, ToSchema)]
struct SignInLink {
    login_url: String,
    expires_at: Timestamp,
}

/// Add a reviewer
///
/// An admin adds a reviewer account with its role (`reviewer`, `senior`: may
/// give the second approval, `admin`: also manages reviewers and the desk's rules) and gets a
/// one-time sign-in link for them. Names are unique whatever their letter case (409).
#[utoipa::path(
    post, path = "/_docket/reviewers", tag = "Reviewer desk", operation_id = "addReviewer",
    request_body(content = NewReviewer, example = json!({"name": "Ada Okafor", "email": "ada@example.com", "role": "senior"})),
    responses(
        (status = 201, description = "The reviewer and their sign-in link", body = ReviewerWithLink),
        (status = 400, description = "Invalid request", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 409, description = "The name is taken", body = ErrorBody),
    )
)]
async fn add_reviewer(
    State(state): State<AppState>,
    me: SignedIn,
    Json(input): Json<NewReviewer>,
) -> ApiResult<(StatusCode, Json<ReviewerWithLink>)> {
    let org = me.scope.organization;
    let by = Actor::Reviewer(me.reviewer);
    let reviewer = state.engine.console().add_reviewer(org, input, &by).await?;
    let link = state.engine.console().create_link(org, reviewer.id, &by).await?;
    let login_url = console_login_url_for(&state.engine.public_url(), &link.token);
    Ok((StatusCode::CREATED, Json(ReviewerWithLink { reviewer, login_url, expires_at: link.expires_at })))
}

/// Make a sign-in link for a reviewer
///
/// A new one-time link (24 hours) for an enabled reviewer, made by an admin for someone else
/// than themselves and the machine's owner. For a reviewer who has a password, the link is a
/// reset: their password and second factor are cleared and their sessions end (so they notice).
/// Both are on the audit chain.
#[utoipa::path(
    post, path = "/_docket/reviewers/{reviewer_id}/link", tag = "Reviewer desk", operation_id = "reviewerLink",
    params(("reviewer_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The link", body = SignInLink),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such reviewer", body = ErrorBody),
        (status = 409, description = "The reviewer is disabled", body = ErrorBody),
    )
)]
async fn reviewer_link(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<ReviewerId>,
) -> ApiResult<Json<SignInLink>> {
    let link = state.engine.console().create_link(me.scope.organization, id, &Actor::Reviewer(me.reviewer)).await?;
    Ok(Json(SignInLink {
        login_url: console_login_url_for(&state.engine.public_url(), &link.token),
        expires_at: link.expires_at,
    }))
}

/// Disable a reviewer
///
/// The reviewer's sessions end at once and they can no longer sign in; their history stays.
/// The machine's owner cannot be disabled.
#[utoipa::path(
    post, path = "/_docket/reviewers/{reviewer_id}/disable", tag = "Reviewer desk", operation_id = "disableReviewer",
    params(("reviewer_id" = String, Path, format = Uuid)),
    responses((status = 200, description = "The reviewer", body = Reviewer), (status = 403, description = "Not an admin", body = ErrorBody), (status = 409, description = "The owner", body = ErrorBody))
)]
async fn disable_reviewer(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<ReviewerId>,
) -> ApiResult<Json<Reviewer>> {
    Ok(Json(state.engine.console().set_disabled(me.scope.organization, id, true, &Actor::Reviewer(me.reviewer)).await?))
}

/// Enable a reviewer
#[utoipa::path(
    post, path = "/_docket/reviewers/{reviewer_id}/enable", tag = "Reviewer desk", operation_id = "enableReviewer",
    params(("reviewer_id" = String, Path, format = Uuid)),
    responses((status = 200, description = "The reviewer", body = Reviewer), (status = 403, description = "Not an admin", body = ErrorBody))
)]
async fn enable_reviewer(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<ReviewerId>,
) -> ApiResult<Json<Reviewer>> {
    Ok(Json(
        state.engine.console().set_disabled(me.scope.organization, id, false, &Actor::Reviewer(me.reviewer)).await?,
    ))
}

/// The desk's rules
///
/// The environment's four-eyes policy (`off`, `high_risk`: risk level high or unknown, or an
/// AML finding; `rejections`; `all`) and the SLA allowance of each stage in hours (null: none).
#[utoipa::path(
    get, path = "/_docket/desk/settings", tag = "Reviewer desk", operation_id = "getDeskSettings",
    responses((status = 200, description = "The rules", body = DeskSettings))
)]
async fn get_settings(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<DeskSettings>> {
    Ok(Json(state.engine.kyb().desk_settings(caller.scope()).await?))
}

/// Set the desk's rules
///
/// An admin's, in the console. Open cases' SLA due times follow the new allowances at once; the
/// change is on the audit chain.
#[utoipa::path(
    put, path = "/_docket/desk/settings", tag = "Reviewer desk", operation_id = "putDeskSettings",
    request_body(content = DeskSettings, example = json!({"four_eyes": "rejections", "sla_hours": {"collecting_data": null, "running_checks": 1, "manual_review": 24, "action_required": 168}})),
    responses(
        (status = 200, description = "The rules", body = DeskSettings),
        (status = 400, description = "Invalid rules", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
async fn put_settings(
    State(state): State<AppState>,
    me: SignedIn,
    Json(input): Json<DeskSettings>,
) -> ApiResult<Json<DeskSettings>> {
    Ok(Json(state.engine.kyb().set_desk_settings(me.scope, input, Actor::Reviewer(me.reviewer)).await?))
}

/// The queue's counts
///
/// Cases per tab (stage), and the signed-in reviewer's open cases, the unassigned ones waiting
/// for a reviewer, those past their SLA, and those awaiting a second approval.
#[utoipa::path(
    get, path = "/_docket/desk/counts", tag = "Reviewer desk", operation_id = "getDeskCounts",
    responses((status = 200, description = "The counts", body = DeskCounts))
)]
async fn counts(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<DeskCounts>> {
    Ok(Json(state.engine.kyb().desk_counts(caller.scope(), caller.reviewer().map(|r| r.id)).await?))
}

/// Take the next case
///
/// For a senior or admin, first the oldest decision awaiting a second approval that they may
/// give and that is routed to them or to no one: it is routed to them now (the case stays its
/// first reviewer's). Otherwise, and for everyone else, assigns the oldest case waiting for a
/// reviewer (`manual_review` or `failed`) that nobody works and no decision awaits to the
/// signed-in reviewer. Atomically: reviewers asking at once never get the same one. 404 when
/// none waits.
#[utoipa::path(
    post, path = "/_docket/desk/next", tag = "Reviewer desk", operation_id = "nextCase",
    responses(
        (status = 200, description = "The case, now the caller's", body = CaseResponse),
        (status = 404, description = "No case waits", body = ErrorBody),
    )
)]
async fn next_case(State(state): State<AppState>, me: SignedIn, headers: HeaderMap) -> ApiResult<Json<CaseResponse>> {
    Ok(respond(&state, &headers, state.engine.kyb().next_case(me.scope, me.reviewer).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PeriodParams {
    /// From (RFC 3339 or a date); default 30 days before `to`.
    from: Option<String>,
    /// Until, excluded (RFC 3339 or a date); default now on the environment's clock.
    to: Option<String>,
}

/// Reviewer metrics
///
/// Per reviewer, over decisions made in the period: decided, approved and rejected with their
/// rates, the median time from assignment to decision, second approvals given and overturned,
/// and SLA breaches of cases while assigned to them.
#[utoipa::path(
    get, path = "/_docket/desk/metrics", tag = "Reviewer desk", operation_id = "getDeskMetrics",
    params(PeriodParams),
    responses((status = 200, description = "The metrics", body = Metrics), (status = 400, description = "Invalid period", body = ErrorBody))
)]
async fn metrics(
    State(state): State<AppState>,
    caller: Caller,
    Query(p): Query<PeriodParams>,
) -> ApiResult<Json<Metrics>> {
    let scope = caller.scope();
    let to = time_bound("to", p.to.as_deref())?
        .unwrap_or_else(|| state.engine.now(scope).saturating_add(jiff::SignedDuration::from_millis(1)));
    let from = time_bound("from", p.from.as_deref())?.unwrap_or_else(|| to.saturating_add(-METRICS_PERIOD));
    if from >= to {
        return Err(ApiError::bad_request("from: must be before `to`").with_field("from"));
    }
    Ok(Json(state.engine.kyb().metrics(scope, from, to).await?))
}
