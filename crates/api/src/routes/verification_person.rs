//! The person's side of document verification: the end-user endpoints under `/api/v3/sdk` and
//! `/api/v3/upload/sdk` (public-api.md section 3, "SDK and short-id endpoints"), the country
//! dictionary, and the hosted pages `/v/{short_id}` (a verification) and `/vp/{link_id}` (a
//! profile's public link). No API key: the unguessable short id or link id is the credential.
//! Not journaled, like the KYB widget (the ids open the person's documents).

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::header::CACHE_CONTROL;
use axum::response::{IntoResponse, Response};
use docket_engine::verifications::{
    Branding, DocumentId, HostedPage, MissingDocuments, PersonFields, PersonLink, PersonView, UploadAnswer,
    UploadTarget,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::verifications::{Message, proceeded, receive_upload, send};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, TextPath};
use crate::state::AppState;

/// The hosted verification page: one self-contained file (no network beyond this server).
const PAGE: &str = include_str!("../../assets/verification.html");

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(view))
        .routes(routes!(upload))
        .routes(routes!(proceed))
        .routes(routes!(set_country))
        .routes(routes!(set_fields))
        .routes(routes!(link))
        .routes(routes!(start))
        .routes(routes!(countries))
        .routes(routes!(remove_document))
        .routes(routes!(document_preview))
}

/// The hosted page's content policy, but for who may frame it ([`crate::framing`]) and the
/// origin of an `https` logo, its one picture from elsewhere.
const POLICY: &str = "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; media-src 'self' blob:; \
                      img-src 'self' data: blob:";

/// The key prefixes of the page's messages in the catalogue (`docket-i18n`).
const MESSAGES: &[&str] = &["common.", "verify."];

/// The hosted page, for both `/v/{short_id}` and `/vp/{link_id}` (it reads which from its URL),
/// in the request's language ([`crate::i18n`]) and with the profile's look (`ui_settings`,
/// sanitised by [`Branding`]). It may be framed by Docket and by the sites the verification's
/// (or the link's) organization lists; an unknown id gets the page too (it says so), framed by
/// Docket only.
pub async fn page(
    State(state): State<AppState>,
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
    TextPath(id): TextPath,
) -> Response {
    let which = if uri.path().starts_with("/vp/") { HostedPage::Link(id) } else { HostedPage::Verification(id) };
    let context = state.engine.verifications().page_context(which).await.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "could not find the organization of a hosted verification page");
        None
    });
    let (organization, branding) = match context {
        Some((organization, branding)) => (Some(organization), branding),
        None => (None, Branding::default()),
    };
    let lang = crate::i18n::language(&uri, &headers);
    let branding_json = serde_json::to_string(&branding).unwrap_or_else(|_| "{}".to_owned());
    let body = crate::i18n::localized(PAGE, lang, MESSAGES, &[("branding", branding_json)]);
    let policy = match branding.logo_origin() {
        Some(origin) => format!("{POLICY} {origin}"),
        None => POLICY.to_owned(),
    };
    let origins = crate::framing::origins_of(&state, organization).await;
    crate::i18n::with_language(crate::framing::hosted_page(body, &policy, &origins), lang)
}

/// A short id or link id from the path: letters and digits, bounded (else a 404).
pub(crate) fn key(TextPath(id): TextPath, what: &'static str) -> ApiResult<String> {
    if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ApiError::from(docket_engine::Error::not_found(what)));
    }
    Ok(id)
}

/// Get a verification as the person sees it
///
/// `id` is the short id and `status` is `active` while it takes documents, then `completed`,
/// `expired` or `canceled`; `verification_status` is the verification's own status.
#[utoipa::path(
    get, path = "/api/v3/sdk/{short_id}", tag = "Hosted verification", operation_id = "getSdkVerification",
    security(()),
    params(("short_id" = String, Path, description = "`verification_url_id`")),
    responses(
        (status = 200, description = "The verification", body = PersonView),
        (status = 404, description = "No such verification", body = ErrorBody),
    )
)]
async fn view(State(state): State<AppState>, path: TextPath) -> ApiResult<Json<PersonView>> {
    Ok(Json(state.engine.verifications().person_view(key(path, "verification")?).await?))
}

/// Upload a document as the person
///
/// The same form as `POST /api/v3/upload/{applicant_id}`, into the verification of the short
/// id.
#[utoipa::path(
    post, path = "/api/v3/upload/sdk/{short_id}", tag = "Hosted verification", operation_id = "uploadSdkDocument",
    security(()),
    params(("short_id" = String, Path)),
    request_body(content_type = "multipart/form-data", content = Object),
    responses(
        (status = 200, description = "The stored document", body = UploadAnswer),
        (status = 400, description = "Malformed form", body = ErrorBody),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "Expired (8000), too many documents (9000) or no longer open", body = ErrorBody),
        (status = 413, description = "Larger than 20 MiB, or a picture too large to decode (over 16,384 pixels a side, 60 megapixels or 320 MiB decoded)", body = ErrorBody),
        (status = 415, description = "Not a PDF or a JPEG, PNG or WebP picture by its content, or damaged or cut short", body = ErrorBody),
        (status = 503, description = "Heavy work on documents must wait: try again after `Retry-After` seconds", body = ErrorBody, headers(("Retry-After" = u32, description = "Seconds to wait"))),
    )
)]
async fn upload(State(state): State<AppState>, path: TextPath, request: Request) -> ApiResult<Json<UploadAnswer>> {
    let short = key(path, "verification")?;
    Ok(Json(receive_upload(&state, None, UploadTarget::Short(short), request).await?))
}

/// Proceed as the person
///
/// When every document (and every required field) is in, the verification goes to
/// `in_progress`; else a 400 names what is missing.
#[utoipa::path(
    post, path = "/api/v3/sdk/{short_id}/proceed", tag = "Hosted verification", operation_id = "proceedSdkVerification",
    security(()),
    params(("short_id" = String, Path)),
    responses(
        (status = 200, description = "The verification", body = PersonView),
        (status = 400, description = "Documents or fields are missing", body = MissingDocuments),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "It is no longer open", body = ErrorBody),
    )
)]
async fn proceed(State(state): State<AppState>, path: TextPath) -> ApiResult<Response> {
    let short = key(path, "verification")?;
    Ok(proceeded(state.engine.verifications().person_proceed(short).await?))
}

/// The country the person chose.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CountryInput {
    /// ISO 3166-1 alpha-2 or alpha-3.
    country: String,
}

/// Choose the document's country
///
/// The profile's countries decide whether it is accepted. The answer is empty.
#[utoipa::path(
    post, path = "/api/v3/sdk/{short_id}/set_country", tag = "Hosted verification", operation_id = "setSdkCountry",
    security(()),
    params(("short_id" = String, Path)),
    request_body(content = CountryInput, example = json!({"country": "DE"})),
    responses(
        (status = 200, description = "Kept (no body)"),
        (status = 400, description = "Unknown or refused country", body = ErrorBody),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "It is no longer open", body = ErrorBody),
    )
)]
async fn set_country(
    State(state): State<AppState>,
    path: TextPath,
    Json(input): Json<CountryInput>,
) -> ApiResult<StatusCode> {
    let short = key(path, "verification")?;
    state.engine.verifications().set_country(short, &input.country).await?;
    Ok(StatusCode::OK)
}

/// Fill in the profile's fields
///
/// The fields the profile's `manual_field_settings` enables; what is sent is checked (e-mail,
/// phone, country codes, date of birth, the custom fields' choices) and kept in the
/// verification's `manual_fields`.
#[utoipa::path(
    post, path = "/api/v3/sdk/{short_id}/fields", tag = "Hosted verification", operation_id = "setSdkFields",
    security(()),
    params(("short_id" = String, Path)),
    request_body(content = PersonFields, example = json!({"full_name": "Ana Silva", "dob": "1990-02-03", "custom_fields": {}})),
    responses(
        (status = 200, description = "`Fields saved`", body = Message),
        (status = 400, description = "A value is invalid or not asked for", body = ErrorBody),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "It is no longer open", body = ErrorBody),
    )
)]
async fn set_fields(
    State(state): State<AppState>,
    path: TextPath,
    Json(input): Json<PersonFields>,
) -> ApiResult<Json<Message>> {
    let short = key(path, "verification")?;
    state.engine.verifications().set_fields(short, input).await?;
    Ok(Json(Message { message: "Fields saved".to_owned() }))
}

/// Get a public link
///
/// What the link's page shows before a verification starts: the profile's name, description
/// and settings. An archived link (or profile) answers 403.
#[utoipa::path(
    get, path = "/api/v3/sdk/link/{link_id}", tag = "Hosted verification", operation_id = "getSdkLink",
    security(()),
    params(("link_id" = String, Path)),
    responses(
        (status = 200, description = "The link", body = PersonLink),
        (status = 403, description = "The link is archived", body = ErrorBody),
        (status = 404, description = "No such link", body = ErrorBody),
    )
)]
async fn link(State(state): State<AppState>, path: TextPath) -> ApiResult<Json<PersonLink>> {
    Ok(Json(state.engine.verifications().person_link(key(path, "link")?).await?))
}

/// Start a verification through a public link
///
/// Docket's own endpoint behind the link's page: a new applicant and a verification with the
/// link's profile; the page then continues at the verification's short id.
#[utoipa::path(
    post, path = "/api/v3/sdk/link/{link_id}/start", tag = "Hosted verification", operation_id = "startSdkLink",
    security(()),
    params(("link_id" = String, Path)),
    responses(
        (status = 201, description = "The new verification", body = PersonView),
        (status = 403, description = "The link is archived", body = ErrorBody),
        (status = 404, description = "No such link", body = ErrorBody),
    )
)]
async fn start(State(state): State<AppState>, path: TextPath) -> ApiResult<(StatusCode, Json<PersonView>)> {
    let view = state.engine.verifications().person_start(key(path, "link")?).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Remove a document as the person
///
/// While the verification takes documents, the person may take back a document they uploaded
/// (to replace it, or because it was the wrong one): it leaves the verification and is deleted.
/// The answer is the person's view, with what is still needed worked out again.
#[utoipa::path(
    delete, path = "/api/v3/sdk/{short_id}/documents/{document_id}", tag = "Hosted verification",
    operation_id = "removeSdkDocument",
    security(()),
    params(("short_id" = String, Path), ("document_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The verification", body = PersonView),
        (status = 400, description = "Not a document id", body = ErrorBody),
        (status = 404, description = "No such verification, or no such document in it", body = ErrorBody),
        (status = 409, description = "It is no longer open", body = ErrorBody),
    )
)]
async fn remove_document(
    State(state): State<AppState>,
    axum::extract::Path((short, document)): axum::extract::Path<(String, String)>,
) -> ApiResult<Json<PersonView>> {
    let short = key(TextPath(short), "verification")?;
    let document: DocumentId = document.parse()?;
    Ok(Json(state.engine.verifications().person_remove_document(short, document).await?))
}

/// Get a document's thumbnail as the person
///
/// The document's preview (a JPEG at most 640 pixels on its longest side), for the page's
/// thumbnail; only documents of this verification.
#[utoipa::path(
    get, path = "/api/v3/sdk/{short_id}/documents/{document_id}/preview", tag = "Hosted verification",
    operation_id = "getSdkDocumentPreview",
    security(()),
    params(("short_id" = String, Path), ("document_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The preview, image/jpeg"),
        (status = 404, description = "No such verification, or no such document in it", body = ErrorBody),
        (status = 415, description = "No preview can be made of this document", body = ErrorBody),
        (status = 503, description = "Heavy work on documents must wait", body = ErrorBody),
    )
)]
async fn document_preview(
    State(state): State<AppState>,
    axum::extract::Path((short, document)): axum::extract::Path<(String, String)>,
) -> ApiResult<Response> {
    let short = key(TextPath(short), "verification")?;
    let document: DocumentId = document.parse()?;
    let (document, bytes) = state.engine.verifications().person_document_preview(short, document).await?;
    Ok(send(&document, "image/jpeg", bytes, ".preview.jpg"))
}

/// One country of the dictionary.
#[derive(Debug, Serialize, ToSchema)]
pub struct CountryEntry {
    alpha_2: &'static str,
    alpha_3: &'static str,
    name: &'static str,
    continent: &'static str,
}

/// List countries
///
/// The 250 ISO 3166-1 countries Docket accepts (Kosovo as `XK` / `XKX`), in alpha-2 order.
#[utoipa::path(
    get, path = "/api/v3/public/dictionary/countries", tag = "Hosted verification", operation_id = "listCountries",
    security(()),
    responses((status = 200, description = "The countries", body = Vec<CountryEntry>))
)]
async fn countries() -> Response {
    let list: Vec<CountryEntry> = docket_engine::countries::all()
        .map(|c| CountryEntry { alpha_2: c.alpha_2, alpha_3: c.alpha_3, name: c.name, continent: c.continent.as_str() })
        .collect();
    ([(CACHE_CONTROL, "public, max-age=86400")], Json(list)).into_response()
}
