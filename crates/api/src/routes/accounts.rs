//! A reviewer's own account (`/_docket/me/...`: password, second factor, sessions) and an
//! admin's hold on everyone's (`/_docket/sessions`, removing a reviewer, changing a role). All are
//! console controls: the authority table lets no API key reach them.

use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::Actor;
use docket_engine::console::{
    NewPassword, Reviewer, ReviewerId, RoleChange, SecondFactorCode, SecondFactorSetup, SecondFactorStart, SessionId,
    SessionView,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody};
use crate::extract::{IdPath, Json, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_sessions))
        .routes(routes!(end_my_session))
        .routes(routes!(set_password))
        .routes(routes!(start_second_factor))
        .routes(routes!(confirm_second_factor))
        .routes(routes!(all_sessions))
        .routes(routes!(end_session))
        .routes(routes!(remove_reviewer))
        .routes(routes!(set_role))
}

/// A list of sessions.
#[derive(Serialize, ToSchema)]
struct Sessions {
    data: Vec<SessionView>,
}

/// My sessions
///
/// The signed-in reviewer's live console sessions, newest use first, with where each was opened
/// from and how (`link` or `password`); `current` marks this one.
#[utoipa::path(
    get, path = "/_docket/me/sessions", tag = "Reviewer accounts", operation_id = "listMySessions",
    responses((status = 200, description = "The sessions", body = Sessions))
)]
async fn my_sessions(State(state): State<AppState>, me: SignedIn) -> ApiResult<Json<Sessions>> {
    let data = state.engine.console().sessions(me.scope.organization, Some(me.reviewer.id), me.session).await?;
    Ok(Json(Sessions { data }))
}

/// End one of my sessions
///
/// Signs one of the reviewer's own sessions out (a browser left signed in elsewhere).
#[utoipa::path(
    delete, path = "/_docket/me/sessions/{session_id}", tag = "Reviewer accounts", operation_id = "endMySession",
    params(("session_id" = String, Path, format = Uuid)),
    responses((status = 204, description = "Ended"), (status = 404, description = "No such session of yours", body = ErrorBody))
)]
async fn end_my_session(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<SessionId>,
) -> ApiResult<StatusCode> {
    let by = Actor::Reviewer(me.reviewer.clone());
    state.engine.console().end_session(me.scope.organization, id, Some(me.reviewer.id), &by).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Set my password
///
/// 12 to 128 characters, not one's name; `current_password` is required once a password is set.
/// With a second factor set up too, the reviewer signs in at `/_docket/console/sign-in`.
#[utoipa::path(
    put, path = "/_docket/me/password", tag = "Reviewer accounts", operation_id = "setMyPassword",
    request_body(content = NewPassword, example = json!({"current_password": null, "password": "a long passphrase of mine"})),
    responses(
        (status = 204, description = "Set"),
        (status = 400, description = "Too short or long, the name, or a wrong current password", body = ErrorBody),
    )
)]
async fn set_password(
    State(state): State<AppState>,
    me: SignedIn,
    Json(input): Json<NewPassword>,
) -> ApiResult<StatusCode> {
    state.engine.console().set_password(&me.reviewer, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Set up my authenticator
///
/// A new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 seconds) for an authenticator app, shown
/// once as base32 and as an `otpauth://` URI; it takes effect when a code it makes is confirmed.
/// Replacing an authenticator in use takes a `current_code` of it.
#[utoipa::path(
    post, path = "/_docket/me/second-factor", tag = "Reviewer accounts", operation_id = "startSecondFactor",
    request_body(content = Option<SecondFactorStart>),
    responses(
        (status = 200, description = "The new secret", body = SecondFactorSetup),
        (status = 400, description = "The current authenticator's code is missing or wrong", body = ErrorBody),
    )
)]
async fn start_second_factor(
    State(state): State<AppState>,
    me: SignedIn,
    body: bytes::Bytes,
) -> ApiResult<Json<SecondFactorSetup>> {
    let input: SecondFactorStart = if body.iter().all(u8::is_ascii_whitespace) {
        SecondFactorStart::default()
    } else {
        crate::extract::parse_json(&body)?
    };
    Ok(Json(state.engine.console().start_second_factor(&me.reviewer, input.current_code.as_deref()).await?))
}

/// Confirm my authenticator
///
/// A code from the authenticator being set up confirms it; it then replaces any other.
#[utoipa::path(
    post, path = "/_docket/me/second-factor/confirm", tag = "Reviewer accounts", operation_id = "confirmSecondFactor",
    request_body(content = SecondFactorCode, example = json!({"code": "123456"})),
    responses(
        (status = 200, description = "The reviewer, with `has_second_factor`", body = Reviewer),
        (status = 400, description = "Not the code for now", body = ErrorBody),
        (status = 409, description = "Nothing is being set up", body = ErrorBody),
    )
)]
async fn confirm_second_factor(
    State(state): State<AppState>,
    me: SignedIn,
    Json(input): Json<SecondFactorCode>,
) -> ApiResult<Json<Reviewer>> {
    Ok(Json(state.engine.console().confirm_second_factor(&me.reviewer, &input.code).await?))
}

/// Everyone's sessions
///
/// Every live console session of the organization, newest use first: who, since when, from
/// where and how.
#[utoipa::path(
    get, path = "/_docket/sessions", tag = "Reviewer accounts", operation_id = "listSessions",
    responses((status = 200, description = "The sessions", body = Sessions))
)]
async fn all_sessions(State(state): State<AppState>, me: SignedIn) -> ApiResult<Json<Sessions>> {
    Ok(Json(Sessions { data: state.engine.console().sessions(me.scope.organization, None, me.session).await? }))
}

/// End a session
///
/// An admin signs any session of the organization out. On the audit chain.
#[utoipa::path(
    delete, path = "/_docket/sessions/{session_id}", tag = "Reviewer accounts", operation_id = "endSession",
    params(("session_id" = String, Path, format = Uuid)),
    responses((status = 204, description = "Ended"), (status = 404, description = "No such session", body = ErrorBody))
)]
async fn end_session(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<SessionId>,
) -> ApiResult<StatusCode> {
    state.engine.console().end_session(me.scope.organization, id, None, &Actor::Reviewer(me.reviewer)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Remove a reviewer
///
/// The reviewer can no longer sign in: their sessions end and their password and second factor
/// go. Their decisions, comments and events keep their name. Not the machine's owner, not
/// oneself. On the audit chain.
#[utoipa::path(
    delete, path = "/_docket/reviewers/{reviewer_id}", tag = "Reviewer accounts", operation_id = "removeReviewer",
    params(("reviewer_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The reviewer, with `removed_at`", body = Reviewer),
        (status = 403, description = "Oneself", body = ErrorBody),
        (status = 409, description = "The owner, or removed already", body = ErrorBody),
    )
)]
async fn remove_reviewer(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<ReviewerId>,
) -> ApiResult<Json<Reviewer>> {
    Ok(Json(state.engine.console().remove(me.scope.organization, id, &Actor::Reviewer(me.reviewer)).await?))
}

/// Change a reviewer's role
///
/// `reviewer`, `senior` or `admin`; it applies from the reviewer's next request. Not the
/// machine's owner, not oneself. On the audit chain.
#[utoipa::path(
    put, path = "/_docket/reviewers/{reviewer_id}/role", tag = "Reviewer accounts", operation_id = "setReviewerRole",
    params(("reviewer_id" = String, Path, format = Uuid)),
    request_body(content = RoleChange, example = json!({"role": "senior"})),
    responses(
        (status = 200, description = "The reviewer", body = Reviewer),
        (status = 403, description = "Oneself", body = ErrorBody),
        (status = 409, description = "The owner, or a removed reviewer", body = ErrorBody),
    )
)]
async fn set_role(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<ReviewerId>,
    Json(input): Json<RoleChange>,
) -> ApiResult<Json<Reviewer>> {
    Ok(Json(
        state.engine.console().set_role(me.scope.organization, id, input.role, &Actor::Reviewer(me.reviewer)).await?,
    ))
}
