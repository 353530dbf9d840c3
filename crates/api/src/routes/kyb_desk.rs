//! The reviewer's desk on a KYB case (issue 12): claim, release, assign, decide (under four
//! eyes), the second approval, remediation, comments, and page previews of its documents. A
//! console request acts as its signed-in reviewer. An API key acts as the organization's
//! integration, never as a reviewer: it decides or asks for a remediation only on a case no
//! reviewer works, and under four eyes its decision waits for a senior in the console. Claiming,
//! assigning, commenting and the second approval are the console's (the authority table).

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use docket_engine::Actor;
use docket_engine::kyb::{CaseId, Comment, NewAssignment, NewComment, NewDecision, NewRemediation, NewSecondApproval};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::kyb::{CaseResponse, respond};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Query, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(claim))
        .routes(routes!(release))
        .routes(routes!(assign))
        .routes(routes!(decide))
        .routes(routes!(second_approval))
        .routes(routes!(remediation))
        .routes(routes!(comment))
        .routes(routes!(document_preview))
        .routes(routes!(rerun_check))
}

/// An empty body, or an empty JSON object: a claim or release names nobody (the session is who
/// acts), and a body that tries (`reviewer_id`) is refused rather than ignored.
fn no_body(body: &bytes::Bytes) -> ApiResult<()> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Nothing {}
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    crate::extract::parse_json::<Nothing>(body).map(|_| ()).map_err(|_| {
        ApiError::bad_request("reviewer_id: the signed-in reviewer acts; a claim or release names no one else")
            .with_field("reviewer_id")
    })
}

/// Claim a case
///
/// Assigns the case to the signed-in reviewer. Claiming one's own case again changes nothing; a case someone else works is refused with 409 naming
/// them. A decided case is not claimed.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/claim", tag = "KYB desk", operation_id = "claimKybCase",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The case, assigned", body = CaseResponse),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "Someone else works the case, or it is decided", body = ErrorBody),
    )
)]
async fn claim(
    State(state): State<AppState>,
    me: SignedIn,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
    body: bytes::Bytes,
) -> ApiResult<Json<CaseResponse>> {
    no_body(&body)?;
    Ok(respond(&state, &headers, state.engine.kyb().claim(me.scope, id, me.reviewer).await?))
}

/// Release a case
///
/// Leaves the case unassigned: by its assignee, or an admin.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/release", tag = "KYB desk", operation_id = "releaseKybCase",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The case, unassigned", body = CaseResponse),
        (status = 403, description = "Assigned to someone else, and the caller is no admin", body = ErrorBody),
        (status = 409, description = "Not assigned", body = ErrorBody),
    )
)]
async fn release(
    State(state): State<AppState>,
    me: SignedIn,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
    body: bytes::Bytes,
) -> ApiResult<Json<CaseResponse>> {
    no_body(&body)?;
    Ok(respond(&state, &headers, state.engine.kyb().release(me.scope, id, Actor::Reviewer(me.reviewer)).await?))
}

/// Assign a case
///
/// An admin assigns the case to `reviewer_id` (null: nobody).
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/assign", tag = "KYB desk", operation_id = "assignKybCase",
    params(("verification_id" = String, Path, format = Uuid)),
    request_body = NewAssignment,
    responses(
        (status = 200, description = "The case", body = CaseResponse),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such case or reviewer", body = ErrorBody),
        (status = 409, description = "The case is decided, or the reviewer disabled", body = ErrorBody),
    )
)]
async fn assign(
    State(state): State<AppState>,
    me: SignedIn,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
    Json(input): Json<NewAssignment>,
) -> ApiResult<Json<CaseResponse>> {
    let actor = Actor::Reviewer(me.reviewer);
    Ok(respond(&state, &headers, state.engine.kyb().assign(me.scope, id, input.reviewer_id, actor).await?))
}

/// Decide a case
///
/// Approves or rejects a case that waits for a reviewer (`manual_review` or `failed`), with one
/// or several reasons from the taxonomy (`reasons`; the single `reason` of before is still
/// taken) and a required internal `note`. Approve: `checks_clear`, `false_positive_cleared`,
/// `risk_accepted`, `manually_verified`, `enhanced_due_diligence`. Reject: `sanctions_match`,
/// `politically_exposed_person`, `adverse_media`, `prohibited_business`,
/// `high_risk_jurisdiction`, `fraud_suspected`, `document_tampered`, `incomplete_documents`,
/// `identity_unverifiable`, `company_unverifiable`, `ubo_undisclosed`, `ownership_unclear`,
/// `registry_mismatch`, `information_mismatch`, `unresponsive_merchant`. `other` fits either.
/// `merchant_message` is what the merchant reads in the widget once the decision applies; the
/// note never leaves the reviewers. In the console, only the assignee decides. With an API key
/// the decision is the integration's own, recorded as `API key <id>`: it decides only a case no
/// reviewer works (403 otherwise). When the environment's four-eyes policy applies, the case
/// keeps its status and `review.pending_decision` holds the decision until a senior's second
/// approval in the console; `approver_id` names that senior (an active senior or admin of the
/// organization other than the decider, 400 otherwise), who then finds it in their inbox. While
/// it waits, the case's SLA is the approval's own (`sla_hours.awaiting_approval`). Without four
/// eyes the case moves to `approved_manually` or `rejected_manually` at once. Any other status
/// is a 409 naming it.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/decision", tag = "KYB desk", operation_id = "decideKybCase",
    params(("verification_id" = String, Path, format = Uuid)),
    request_body(content = NewDecision, example = json!({"decision": "reject", "reasons": ["registry_mismatch", "ownership_unclear"], "note": "The registry lists a different director.", "merchant_message": "We could not verify who owns and runs the company."})),
    responses(
        (status = 200, description = "The case, decided or awaiting its second approval", body = CaseResponse),
        (status = 400, description = "Invalid request (no reason, one that does not fit the decision, no note, an `approver_id` who is no senior)", body = ErrorBody),
        (status = 403, description = "Not the assignee; or, with an API key, a case a reviewer works", body = ErrorBody),
        (status = 409, description = "The case's status does not allow it, or a decision awaits its second approval", body = ErrorBody),
    )
)]
async fn decide(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
    Json(input): Json<NewDecision>,
) -> ApiResult<Json<CaseResponse>> {
    Ok(respond(&state, &headers, state.engine.kyb().decide(caller.scope(), id, input, caller.actor()).await?))
}

/// Give the second approval
///
/// Under four eyes: a senior or admin (signed in to the console) other than the first reviewer
/// confirms the pending
/// decision (`confirm: true`: the case's status changes now) or overturns it (`false`: the
/// decision is dropped and the case stays with its first reviewer). Both steps show in
/// `decisions`.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/second-approval", tag = "KYB desk",
    operation_id = "secondApprovalKybCase",
    params(("verification_id" = String, Path, format = Uuid)),
    request_body(content = NewSecondApproval, example = json!({"confirm": true, "note": "Agreed: the registry mismatch is material."})),
    responses(
        (status = 200, description = "The case", body = CaseResponse),
        (status = 403, description = "Not a senior, or the first reviewer", body = ErrorBody),
        (status = 409, description = "No decision awaits a second approval", body = ErrorBody),
    )
)]
async fn second_approval(
    State(state): State<AppState>,
    me: SignedIn,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
    Json(input): Json<NewSecondApproval>,
) -> ApiResult<Json<CaseResponse>> {
    let actor = Actor::Reviewer(me.reviewer);
    Ok(respond(&state, &headers, state.engine.kyb().second_approval(me.scope, id, input, actor).await?))
}

/// Request a remediation
///
/// The same as `POST .../remediations`: asks the merchant to fix one section or upload one kind
/// of document again (`section` / `document_kind` with `message`), or several at once (`items`,
/// each with its own `message`, the request's `message` for those without), or what a template
/// of the environment asks (`template_id`). Each becomes a remediation the widget shows on its
/// section; `note` stays internal. A reviewer may ask only on a case that is theirs or nobody's;
/// an API key only on a case no reviewer works.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/remediation", tag = "KYB desk",
    operation_id = "requestKybRemediation",
    params(("verification_id" = String, Path, format = Uuid)),
    request_body(content = NewRemediation, example = json!({
        "items": [
            {"section": "ownership", "message": "Add every shareholder holding 25 % or more."},
            {"document_kind": "proof_of_address", "message": "Upload a utility bill from the last three months."}
        ],
        "note": "Registry lists a second shareholder not declared."
    })),
    responses(
        (status = 200, description = "The case, in `action_required`", body = CaseResponse),
        (status = 400, description = "Invalid request (the field is named: `items[1].section`)", body = ErrorBody),
        (status = 403, description = "The case is someone else's", body = ErrorBody),
        (status = 409, description = "The case's status does not allow it (named)", body = ErrorBody),
    )
)]
async fn remediation(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
    Json(input): Json<NewRemediation>,
) -> ApiResult<Json<CaseResponse>> {
    Ok(respond(&state, &headers, state.engine.kyb().open_remediation(caller.scope(), id, input, caller.actor()).await?))
}

/// Comment on a case
///
/// An internal note (never shown to the merchant). `@Name` mentions a reviewer by their whole
/// name; the mentioned reviewers are listed in `mentions`.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/comments", tag = "KYB desk", operation_id = "commentKybCase",
    params(("verification_id" = String, Path, format = Uuid)),
    request_body = NewComment,
    responses(
        (status = 201, description = "The comment", body = Comment),
        (status = 400, description = "Empty or too long", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
    )
)]
async fn comment(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<CaseId>,
    Json(input): Json<NewComment>,
) -> ApiResult<(axum::http::StatusCode, Json<Comment>)> {
    let comment = state.engine.kyb().comment(me.scope, id, input, me.reviewer).await?;
    Ok((axum::http::StatusCode::CREATED, Json(comment)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PreviewParams {
    /// The page, from 1 (default 1).
    page: Option<u32>,
    /// The longest side in pixels, 160 to 2400 (default 640): the viewer asks for its zoom times
    /// the screen's pixel density, so the page is sharp.
    size: Option<u32>,
    /// Text to mark on the page where its text layer has it (at most 200 characters); `X-Found`
    /// says how many words were marked.
    find: Option<String>,
}

/// Preview a page of a document
///
/// One page of a case's document as a JPEG at most `size` (default 640) pixels on its longest
/// side: a picture is downsized; a PDF's page is rendered by poppler, with the words of `find`
/// marked where its text layer has them. `X-Page-Count` says how many pages the document has.
#[utoipa::path(
    get, path = "/api/v4/kyb/verifications/{verification_id}/documents/{file_id}/preview", tag = "KYB desk",
    operation_id = "previewKybDocument",
    params(("verification_id" = String, Path, format = Uuid), ("file_id" = String, Path, format = Uuid), PreviewParams),
    responses(
        (status = 200, description = "image/jpeg", headers(
            ("X-Page-Count" = u32, description = "Pages in the document"),
            ("X-Found" = u32, description = "With `find`: the words marked on the page; absent when the page has no text layer to look in (a picture, a scan)"),
        )),
        (status = 400, description = "A page past the last, a size out of bounds, or too long a text to find", body = ErrorBody),
        (status = 404, description = "No such case or document", body = ErrorBody),
        (status = 415, description = "No preview can be made of it (a PDF without a picture where poppler-utils is not installed, or one poppler cannot render within its bounds; the message says which)", body = ErrorBody),
        (status = 503, description = "Heavy work on documents must wait: try again after `Retry-After` seconds", body = ErrorBody, headers(("Retry-After" = u32, description = "Seconds to wait"))),
    )
)]
async fn document_preview(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, file)): Path<(String, String)>,
    Query(params): Query<PreviewParams>,
) -> ApiResult<Response> {
    let id = id.parse::<CaseId>().map_err(ApiError::from)?;
    let file = file.parse::<docket_engine::files::FileId>().map_err(ApiError::from)?;
    let view = state
        .engine
        .kyb()
        .document_preview(caller.scope(), id, file, params.page.unwrap_or(1), params.size.unwrap_or(640), params.find)
        .await?;
    let mut response = (
        [
            (CONTENT_TYPE, "image/jpeg".to_owned()),
            (axum::http::HeaderName::from_static("x-page-count"), view.pages.to_string()),
            (axum::http::header::CACHE_CONTROL, "private, max-age=300".to_owned()),
        ],
        view.jpeg,
    )
        .into_response();
    if let Some(found) = view.found {
        response.headers_mut().insert(axum::http::HeaderName::from_static("x-found"), found.into());
    }
    Ok(response)
}

/// Run an errored check again
///
/// Runs one check of the case that could not run (`state: error`) again, while the case waits
/// for a reviewer (`manual_review` or `failed`): the errored instance stays as history
/// (`superseded_at`) and a new instance of the same type and subject is run by the pipeline
/// (`pending` until it ends; the summary follows). A reviewer other than the assignee may not
/// (an admin may). On the timeline and the audit chain as `check_rerun`. When it passes and the
/// other checks stand done, the risk score it kept from being given is given (`rescored`): a
/// `failed` case moves to `manual_review`, still its reviewer's.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/checks/{check_id}/rerun", tag = "KYB desk",
    operation_id = "rerunKybCheck",
    params(("verification_id" = String, Path, format = Uuid), ("check_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The case, with the new pending instance", body = CaseResponse),
        (status = 403, description = "The case is assigned to someone else", body = ErrorBody),
        (status = 404, description = "No such case, or no such check of it", body = ErrorBody),
        (status = 409, description = "The check did not error (or was superseded), or the case does not wait for a reviewer", body = ErrorBody),
    )
)]
async fn rerun_check(
    State(state): State<AppState>,
    me: SignedIn,
    headers: HeaderMap,
    Path((id, check)): Path<(String, String)>,
) -> ApiResult<Json<CaseResponse>> {
    let id = id.parse::<CaseId>().map_err(ApiError::from)?;
    let check = check.parse::<docket_engine::kyb::CheckId>().map_err(ApiError::from)?;
    let detail = state.engine.kyb().rerun_check(me.scope, id, check, Actor::Reviewer(me.reviewer)).await?;
    Ok(respond(&state, &headers, detail))
}
