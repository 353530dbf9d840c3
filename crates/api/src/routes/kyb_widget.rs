//! The hosted KYB widget: the page at `/kyb/widget/{token}` and the operations it calls under
//! `/api/v4/kyb/widget/{token}`. No API key: the unguessable per-case token is the credential,
//! until the case's widget expiry. The merchant sees their own data and what is asked of them,
//! never the checks. Not journaled (the token must not be kept in the request log).

use axum::extract::{Path, Request, State};
use axum::response::Response;
use docket_engine::Actor;
use docket_engine::kyb::{CaseDetail, WidgetView};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::kyb::{UploadParams, receive_document, section_of, send_document};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Query};
use crate::state::AppState;

/// The widget's page: one self-contained file (no network beyond this server).
const PAGE: &str = include_str!("../../assets/kyb-widget.html");

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(view))
        .routes(routes!(save_section))
        .routes(routes!(upload_document))
        .routes(routes!(download_document, remove_document))
        .routes(routes!(submit))
}

/// The widget's content policy, but for who may frame it ([`crate::framing`]).
const POLICY: &str = "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:";

/// The catalogue's keys the widget's page receives.
const MESSAGES: &[&str] = &["common.", "widget."];

/// Every country the form takes, `[alpha-2, alpha-3]`, for the page's country search (its names
/// come from the browser's `Intl.DisplayNames`, in the page's language).
static COUNTRIES: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let codes: Vec<[&str; 2]> = docket_engine::countries::all().map(|c| [c.alpha_2, c.alpha_3]).collect();
    serde_json::to_string(&codes).unwrap_or_else(|_| "[]".to_owned())
});

/// The widget's HTML page, in the language of `?lang=` or `Accept-Language`, with its words
/// and the country codes in it (the page fetches only the case). It may be framed by Docket
/// and by the sites the case's organization lists; an unknown token gets the page too (it says
/// the link opens nothing), framed by Docket only.
pub async fn page(
    State(state): State<AppState>,
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
    Path(token): Path<String>,
) -> Response {
    let organization = state.engine.kyb().widget_organization(&token).await.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "could not find the organization of a widget link");
        None
    });
    let lang = crate::i18n::language(&uri, &headers);
    let body = crate::i18n::localized(PAGE, lang, MESSAGES, &[("countries", COUNTRIES.clone())]);
    let origins = crate::framing::origins_of(&state, organization).await;
    crate::i18n::with_language(crate::framing::hosted_page(body, POLICY, &origins), lang)
}

async fn open(state: &AppState, token: &str) -> ApiResult<(docket_engine::Scope, docket_engine::kyb::CaseId)> {
    Ok(state.engine.kyb().open_widget(token).await?)
}

async fn view_of(state: &AppState, token: &str) -> ApiResult<Json<WidgetView>> {
    let (scope, id) = open(state, token).await?;
    widget(state, scope, state.engine.kyb().get(scope, id).await?).await
}

/// The widget's state after `case` (its name and branding from the organization's settings).
async fn widget(state: &AppState, scope: docket_engine::Scope, case: CaseDetail) -> ApiResult<Json<WidgetView>> {
    Ok(Json(state.engine.kyb().widget_view(scope, case).await?))
}

/// Open the widget
///
/// What the merchant sees: the case's public id and status, their values by section, the
/// stepper, what each section lacks, the uploaded documents and any open requests to fix
/// something. The token is the credential; an expired link answers 403.
#[utoipa::path(
    get, path = "/api/v4/kyb/widget/{token}", tag = "KYB widget", operation_id = "getKybWidget",
    security(()),
    params(("token" = String, Path, description = "The case's widget token (from `widget_url`)")),
    responses(
        (status = 200, description = "The widget's state", body = WidgetView),
        (status = 403, description = "The link has expired", body = ErrorBody),
        (status = 404, description = "No such link", body = ErrorBody),
    )
)]
async fn view(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<Json<WidgetView>> {
    view_of(&state, &token).await
}

/// Save a section from the widget
#[utoipa::path(
    put, path = "/api/v4/kyb/widget/{token}/sections/{section}", tag = "KYB widget", operation_id = "saveKybWidgetSection",
    security(()),
    params(("token" = String, Path), ("section" = String, Path, description = "`company`, `representative` or `ownership`")),
    request_body(content = Object),
    responses(
        (status = 200, description = "The widget's state", body = WidgetView),
        (status = 400, description = "Invalid values", body = ErrorBody),
        (status = 409, description = "The section cannot change now", body = ErrorBody),
    )
)]
async fn save_section(
    State(state): State<AppState>,
    Path((token, section)): Path<(String, String)>,
    Json(body): Json<serde_json::Value>,
) -> ApiResult<Json<WidgetView>> {
    let (scope, id) = open(&state, &token).await?;
    let section = section_of(&section)?;
    let case = state.engine.kyb().save_section(scope, id, section, body, Actor::Person).await?;
    widget(&state, scope, case).await
}

/// Upload a document from the widget
#[utoipa::path(
    post, path = "/api/v4/kyb/widget/{token}/documents", tag = "KYB widget", operation_id = "uploadKybWidgetDocument",
    security(()),
    params(("token" = String, Path), UploadParams),
    request_body(content_type = "multipart/form-data", content = Object),
    responses(
        (status = 200, description = "The widget's state", body = WidgetView),
        (status = 400, description = "Malformed form", body = ErrorBody),
        (status = 413, description = "Larger than 20 MiB, or a picture too large to decode (over 16,384 pixels a side, 60 megapixels or 320 MiB decoded)", body = ErrorBody),
        (status = 415, description = "Not a PDF or a JPEG, PNG or WebP picture by its content, or damaged or cut short", body = ErrorBody),
        (status = 503, description = "Heavy work on documents must wait: try again after `Retry-After` seconds", body = ErrorBody, headers(("Retry-After" = u32, description = "Seconds to wait"))),
    )
)]
async fn upload_document(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(params): Query<UploadParams>,
    request: Request,
) -> ApiResult<Json<WidgetView>> {
    let (scope, id) = open(&state, &token).await?;
    let case = receive_document(&state, scope, id, params.kind, request, Actor::Person).await?;
    widget(&state, scope, case).await
}

fn file_id(raw: &str) -> ApiResult<docket_engine::files::FileId> {
    raw.parse().map_err(ApiError::from)
}

/// Download a document from the widget
#[utoipa::path(
    get, path = "/api/v4/kyb/widget/{token}/documents/{file_id}", tag = "KYB widget", operation_id = "getKybWidgetDocument",
    security(()),
    params(("token" = String, Path), ("file_id" = String, Path, format = Uuid)),
    responses((status = 200, description = "The file"), (status = 404, description = "No such document", body = ErrorBody))
)]
async fn download_document(
    State(state): State<AppState>,
    Path((token, file)): Path<(String, String)>,
) -> ApiResult<Response> {
    let (scope, id) = open(&state, &token).await?;
    send_document(&state, scope, id, file_id(&file)?).await
}

/// Remove a document from the widget
#[utoipa::path(
    delete, path = "/api/v4/kyb/widget/{token}/documents/{file_id}", tag = "KYB widget", operation_id = "removeKybWidgetDocument",
    security(()),
    params(("token" = String, Path), ("file_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The widget's state", body = WidgetView),
        (status = 404, description = "No such document", body = ErrorBody),
        (status = 409, description = "Documents cannot change now", body = ErrorBody),
    )
)]
async fn remove_document(
    State(state): State<AppState>,
    Path((token, file)): Path<(String, String)>,
) -> ApiResult<Json<WidgetView>> {
    let (scope, id) = open(&state, &token).await?;
    let case = state.engine.kyb().remove_document(scope, id, file_id(&file)?, Actor::Person).await?;
    widget(&state, scope, case).await
}

/// Submit from the widget
#[utoipa::path(
    post, path = "/api/v4/kyb/widget/{token}/submit", tag = "KYB widget", operation_id = "submitKybWidget",
    security(()),
    params(("token" = String, Path)),
    responses(
        (status = 200, description = "The widget's state", body = WidgetView),
        (status = 400, description = "Incomplete sections (named)", body = ErrorBody),
        (status = 409, description = "Already submitted", body = ErrorBody),
    )
)]
async fn submit(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<Json<WidgetView>> {
    let (scope, id) = open(&state, &token).await?;
    let case = state.engine.kyb().submit(scope, id, Actor::Person).await?;
    widget(&state, scope, case).await
}
