//! `/api/v4/email`: e-mail checks and ownership by one-time code (spec 4.5–4.7,
//! public-api.md section 5), and the messages under `/_docket/email/outbox`.

use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::email::{
    EmailCheck, EmailCheckFilter, EmailCheckId, EmailMessage, LIST_BOUNDS, NewEmailCheck, OtpAnswer,
};
use docket_engine::page::Page;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get, erase))
        .routes(routes!(resend))
        .routes(routes!(verify))
        .routes(routes!(outbox, clear_outbox))
}

/// Check an e-mail address
///
/// Syntax (RFC 5321/5322 with internationalised addresses), the domain's mail exchanger,
/// disposable and role addresses, a verdict (`pass`, `risky`, `fail`, `unknown`) with its `code`
/// and `risk_score`. With `require_ownership`, a six-digit code goes to the address (valid 10
/// minutes; in the sandbox it goes to the outbox, `GET /_docket/email/outbox`). Answers `201`.
/// One address gets at most 10 codes a day and takes at most 20 wrong codes a day (UTC, on the
/// environment's clock, per organization and environment): past either, a check that asks for
/// ownership is a `429` with `Retry-After` (the seconds to midnight UTC).
#[utoipa::path(
    post, path = "/api/v4/email/checks", tag = "E-mail verification", operation_id = "createEmailCheck",
    request_body(content = NewEmailCheck, example = json!({"email": "anna.berg@example.com", "require_ownership": true, "locale": "de"})),
    responses(
        (status = 201, description = "The check", body = EmailCheck),
        (status = 400, description = "Invalid input (the field named)", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
        (status = 429, description = "The address's codes or wrong codes of the day are used up (`Retry-After`)", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    Json(input): Json<NewEmailCheck>,
) -> ApiResult<(StatusCode, Json<EmailCheck>)> {
    Ok((StatusCode::CREATED, Json(state.engine.emails().create(caller.scope(), input).await?)))
}

/// Filters of the check list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// The address, any case.
    email: Option<String>,
    /// Created at or after (RFC 3339, or `YYYY-MM-DD`).
    created_from: Option<String>,
    /// Created before (RFC 3339, or `YYYY-MM-DD`).
    created_to: Option<String>,
}

/// List e-mail checks
///
/// Newest first; `limit` 1 to 200 (default 20), `page` from 0.
#[utoipa::path(
    get, path = "/api/v4/email/checks", tag = "E-mail verification", operation_id = "listEmailChecks",
    params(Paging, ListParams),
    responses(
        (status = 200, description = "One page of checks", body = Page<EmailCheck>),
        (status = 400, description = "Invalid paging or bounds", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<Page<EmailCheck>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let filter = EmailCheckFilter {
        email: params.email.filter(|e| !e.trim().is_empty()),
        created_from: super::kyb::time_bound("created_from", params.created_from.as_deref())?,
        created_to: super::kyb::time_bound("created_to", params.created_to.as_deref())?,
    };
    Ok(Json(state.engine.emails().list(caller.scope(), filter, page).await?))
}

/// Get an e-mail check
#[utoipa::path(
    get, path = "/api/v4/email/checks/{id}", tag = "E-mail verification", operation_id = "getEmailCheck",
    params(("id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The check", body = EmailCheck),
        (status = 404, description = "No such check", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<EmailCheckId>,
) -> ApiResult<Json<EmailCheck>> {
    Ok(Json(state.engine.emails().get(caller.scope(), id).await?))
}

/// Erase an e-mail check (a Docket addition)
///
/// Erasure on request of one check: it and its messages, and the outbox events, unsent
/// deliveries (sent ones keep only their ids) and request journal bodies that name it or its
/// address. Answers the erasure log's entry (`GET /_docket/erasures`). An API key, or a console
/// admin.
#[utoipa::path(
    delete, path = "/api/v4/email/checks/{id}", tag = "E-mail verification", operation_id = "eraseEmailCheck",
    params(("id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "Erased: the erasure log's entry", body = docket_engine::erasure::Erasure),
        (status = 403, description = "A console reviewer who is not an admin", body = ErrorBody),
        (status = 404, description = "No such check", body = ErrorBody),
    )
)]
async fn erase(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<EmailCheckId>,
) -> ApiResult<Json<docket_engine::erasure::Erasure>> {
    Ok(Json(state.engine.erasures().email_check(caller.scope(), id, &caller.who()).await?))
}

/// Send a new code
///
/// Docket's own: replaces the check's code with a new one (the old stops working), at most once
/// a minute, until ownership is verified. A new code is no new set of tries: the check's wrong
/// codes stay counted, and a check locked by ten of them takes no new code (create a new check).
/// Past the address's 10 codes or 20 wrong codes of the day, a `429` with `Retry-After`.
#[utoipa::path(
    post, path = "/api/v4/email/checks/{id}/resend", tag = "E-mail verification", operation_id = "resendEmailCode",
    params(("id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The check with its new code's expiry", body = EmailCheck),
        (status = 404, description = "No such check", body = ErrorBody),
        (status = 409, description = "No ownership asked, already verified, locked, or within the minute", body = ErrorBody),
        (status = 429, description = "The address's codes or wrong codes of the day are used up (`Retry-After`)", body = ErrorBody),
    )
)]
async fn resend(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<EmailCheckId>,
) -> ApiResult<Json<EmailCheck>> {
    Ok(Json(state.engine.emails().resend(caller.scope(), id).await?))
}

/// A code to verify.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyInput {
    #[schema(value_type = String, format = Uuid)]
    check_id: EmailCheckId,
    code: String,
}

/// Verify a one-time code
///
/// `verified: true` proves the address is the person's (and sets the linked applicant's verified
/// e-mail). A wrong, expired or locked code is still `200`, with `verified: false`, its `code` and
/// a `message`: `otp_invalid` (with `attempts_left`), `otp_locked` (ten wrong codes in all,
/// across resends: the right code no longer helps and a new check is needed), `otp_expired`,
/// `otp_not_sent`. Once the address had 20 wrong codes today (across its checks), no code for it
/// is compared: a `429` with `Retry-After` (the seconds to midnight UTC).
#[utoipa::path(
    post, path = "/api/v4/email/otp/verify", tag = "E-mail verification", operation_id = "verifyEmailCode",
    request_body(content = VerifyInput, example = json!({"check_id": "01936f6e-2a00-7000-8000-000000000001", "code": "123456"})),
    responses(
        (status = 200, description = "The outcome", body = OtpAnswer),
        (status = 400, description = "Invalid input, or the check asked for no ownership", body = ErrorBody),
        (status = 404, description = "No such check", body = ErrorBody),
        (status = 429, description = "The address's wrong codes of the day are used up (`Retry-After`)", body = ErrorBody),
    )
)]
async fn verify(
    State(state): State<AppState>,
    caller: Caller,
    Json(input): Json<VerifyInput>,
) -> ApiResult<Json<OtpAnswer>> {
    Ok(Json(state.engine.emails().verify_code(caller.scope(), input.check_id, input.code).await?))
}

/// Filters of the outbox.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct OutboxParams {
    /// One check's messages.
    #[param(value_type = Option<String>, format = Uuid)]
    check_id: Option<EmailCheckId>,
}

/// The e-mail outbox
///
/// The environment's messages, newest first, with recipient, subject, text and HTML bodies and
/// the code: the sandbox never sends mail, so this is where its codes are read. Production's
/// messages never show their code (`code` is null, and masked in the subject and bodies).
#[utoipa::path(
    get, path = "/_docket/email/outbox", tag = "E-mail verification", operation_id = "listEmailOutbox",
    params(Paging, OutboxParams),
    responses((status = 200, description = "One page of messages", body = Page<EmailMessage>))
)]
async fn outbox(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(params): Query<OutboxParams>,
) -> ApiResult<Json<Page<EmailMessage>>> {
    let page = paging.within(LIST_BOUNDS)?;
    Ok(Json(state.engine.emails().outbox(caller.scope(), params.check_id, page).await?))
}

/// How many messages a clear removed.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = OutboxCleared)]
pub struct Cleared {
    pub removed: usize,
}

/// Clear the sandbox's outbox
#[utoipa::path(
    delete, path = "/_docket/email/outbox", tag = "E-mail verification", operation_id = "clearEmailOutbox",
    responses(
        (status = 200, description = "How many messages went", body = Cleared),
        (status = 403, description = "Not the sandbox", body = ErrorBody),
    )
)]
async fn clear_outbox(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Cleared>> {
    Ok(Json(Cleared { removed: state.engine.emails().clear_outbox(caller.scope()).await? }))
}
