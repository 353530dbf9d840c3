//! `/api/v3/verifications`, `/api/v3/profiles`, `/api/v3/upload` and `/api/v3/documents`:
//! document verification as the public service's clients use it (public-api.md section 3), and
//! the reviewer's side under `/_docket` (outcomes held a minute for undo, the reading of the
//! document, the file). The person's side (short id, no key) is in
//! [`super::verification_person`].

use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
use axum::response::{IntoResponse, Response};
use docket_engine::Actor;
use docket_engine::applicants::ApplicantId;
use docket_engine::page::Page;
use docket_engine::values::CountryCode;
use docket_engine::verifications::{
    CheckStep, DocumentId, DocumentType, LIST_BOUNDS, MissingDocuments, NewDocument, NewProfile, NewVerification,
    Profile, ProfileId, ReadingFields, ReviewerOutcome, SandboxResult, Side, StoredDocument, UploadAnswer,
    UploadTarget, Verification, VerificationFile, VerificationFilter, VerificationId, VerificationStatus,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, JsonNoting, Paging, Query, SignedIn, TextPath};
use crate::state::AppState;
use crate::upload;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_profile, list_profiles))
        .routes(routes!(get_profile, update_profile, archive_profile))
        .routes(routes!(set_default_profile))
        .routes(routes!(create_link))
        .routes(routes!(change_link, archive_link))
        .routes(routes!(unarchive_link))
        .routes(routes!(create, list))
        .routes(routes!(get, erase))
        .routes(routes!(get_by_short_id))
        .routes(routes!(list_for_applicant))
        .routes(routes!(proceed))
        .routes(routes!(cancel, cancel_by_post))
        .routes(routes!(upload_document))
        .routes(routes!(download_document, erase_document))
        .routes(routes!(applicant_files))
        .routes(routes!(download_preview))
        .routes(routes!(record_outcome))
        .routes(routes!(undo_outcome))
        .routes(routes!(record_reading))
        .routes(routes!(verification_file))
}

/// An answer that is only a message.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

fn message(text: &str) -> Json<Message> {
    Json(Message { message: text.to_owned() })
}

// Profiles.

/// A profile as sent: every field optional on update. Members Docket does not know, here and in
/// `settings`, are ignored and named in the answer's `warnings`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileInput {
    /// Unique within the environment.
    name: Option<String>,
    description: Option<String>,
    /// See *Verification profiles* in the guide; fields left out take their defaults.
    #[schema(value_type = Option<Object>)]
    settings: Option<Value>,
}

/// The id of a created profile.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedProfile {
    #[schema(value_type = String, format = Uuid)]
    pub id: ProfileId,
    /// Docket addition: one line per member of the body that was ignored because Docket does
    /// not know it (`settings.link: unknown field, ignored`); empty when none was.
    pub warnings: Vec<String>,
}

/// A profile changed.
#[derive(Debug, Serialize, ToSchema)]
pub struct UpdatedProfile {
    /// `Profile updated`.
    pub message: String,
    /// As a create's `warnings`.
    pub warnings: Vec<String>,
}

/// The warnings of a saved profile: the body's ignored members, then its settings'.
fn warnings(mut body: Vec<String>, saved: docket_engine::verifications::SavedProfile) -> Vec<String> {
    body.extend(saved.ignored.iter().map(|p| crate::extract::ignored_warning(p)));
    body
}

/// Create a verification profile
///
/// A profile says what a verification asks for: which identity documents, a selfie or liveness
/// photo, a proof of address, which countries, the fields the person fills in and the hosted
/// page's finish screen. Every environment starts with a default profile named `Default`.
#[utoipa::path(
    post, path = "/api/v3/profiles", tag = "Verification profiles", operation_id = "createProfile",
    request_body(content = ProfileInput, example = json!({
        "name": "Passport and liveness", "description": "EU customers",
        "settings": {"poi_required": true, "poi_allowed_documents": ["passport"], "face_comparison_required": true,
                     "face_comparison_allowed_documents": ["selfie", "liveness_photo"], "countries": ["FR", "DE"]}
    })),
    responses(
        (status = 200, description = "The new profile's id, and the members of the body that were ignored", body = CreatedProfile),
        (status = 400, description = "Invalid settings (the field named)", body = ErrorBody),
        (status = 409, description = "The name is taken", body = ErrorBody),
    )
)]
async fn create_profile(
    State(state): State<AppState>,
    caller: Caller,
    JsonNoting(input, ignored): JsonNoting<ProfileInput>,
) -> ApiResult<Json<CreatedProfile>> {
    let new = NewProfile { name: input.name, description: input.description, settings: input.settings };
    let saved = state.engine.verifications().create_profile(caller.scope(), new, caller.actor()).await?;
    Ok(Json(CreatedProfile { id: saved.id, warnings: warnings(ignored, saved) }))
}

/// List verification profiles
///
/// Archived ones included (`is_archived`); the default first, then by name.
#[utoipa::path(
    get, path = "/api/v3/profiles", tag = "Verification profiles", operation_id = "listProfiles",
    params(Paging),
    responses((status = 200, description = "One page of profiles", body = Page<Profile>))
)]
async fn list_profiles(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
) -> ApiResult<Json<Page<Profile>>> {
    let page = paging.within(LIST_BOUNDS)?;
    Ok(Json(state.engine.verifications().list_profiles(caller.scope(), page).await?))
}

/// Get a verification profile
#[utoipa::path(
    get, path = "/api/v3/profiles/{profile_id}", tag = "Verification profiles", operation_id = "getProfile",
    params(("profile_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The profile, with its link if it has one", body = Profile),
        (status = 404, description = "No such profile", body = ErrorBody),
    )
)]
async fn get_profile(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ProfileId>,
) -> ApiResult<Json<Profile>> {
    Ok(Json(state.engine.verifications().get_profile(caller.scope(), id).await?))
}

/// Update a verification profile
///
/// `name`, `description` and `settings` replace what they name (settings as a whole).
/// Verifications made before keep the settings they were made with.
#[utoipa::path(
    post, path = "/api/v3/profiles/{profile_id}", tag = "Verification profiles", operation_id = "updateProfile",
    params(("profile_id" = String, Path, format = Uuid)),
    request_body(content = ProfileInput),
    responses(
        (status = 200, description = "`Profile updated`, and the members of the body that were ignored", body = UpdatedProfile),
        (status = 400, description = "Invalid settings", body = ErrorBody),
        (status = 404, description = "No such profile", body = ErrorBody),
        (status = 409, description = "The name is taken", body = ErrorBody),
    )
)]
async fn update_profile(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ProfileId>,
    JsonNoting(input, ignored): JsonNoting<ProfileInput>,
) -> ApiResult<Json<UpdatedProfile>> {
    let update = NewProfile { name: input.name, description: input.description, settings: input.settings };
    let saved = state.engine.verifications().update_profile(caller.scope(), id, update).await?;
    Ok(Json(UpdatedProfile { message: "Profile updated".into(), warnings: warnings(ignored, saved) }))
}

/// Archive a verification profile
///
/// It stays readable but takes no new verifications, and its link stops working. The default
/// profile cannot be archived: make another the default first.
#[utoipa::path(
    delete, path = "/api/v3/profiles/{profile_id}", tag = "Verification profiles", operation_id = "archiveProfile",
    params(("profile_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "`Profile archived`", body = Message),
        (status = 404, description = "No such profile", body = ErrorBody),
        (status = 409, description = "It is the default profile", body = ErrorBody),
    )
)]
async fn archive_profile(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ProfileId>,
) -> ApiResult<Json<Message>> {
    state.engine.verifications().archive_profile(caller.scope(), id).await?;
    Ok(message("Profile archived"))
}

/// Make a profile the default
///
/// Verifications created without `profile_id` use it.
#[utoipa::path(
    post, path = "/api/v3/profiles/{profile_id}/set_default", tag = "Verification profiles",
    operation_id = "setDefaultProfile",
    params(("profile_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "`Default profile set`", body = Message),
        (status = 404, description = "No such profile", body = ErrorBody),
        (status = 409, description = "The profile is archived", body = ErrorBody),
    )
)]
async fn set_default_profile(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ProfileId>,
) -> ApiResult<Json<Message>> {
    state.engine.verifications().set_default(caller.scope(), id).await?;
    Ok(message("Default profile set"))
}

// Links.

/// A link's options (spec 2.5). The deprecated `manual_field_settings` and
/// `finish_screen_settings` are still taken: they are written into the profile's settings,
/// where they live now.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkInput {
    /// How long verifications started through the link stay open: 1 to 10080 (default 240).
    expiration_in_minutes: Option<i64>,
    #[schema(value_type = Option<Object>)]
    manual_field_settings: Option<Value>,
    #[schema(value_type = Option<Object>)]
    finish_screen_settings: Option<Value>,
}

/// A link's id.
#[derive(Debug, Serialize, ToSchema)]
pub struct LinkAnswer {
    pub link_id: String,
}

/// Writes a link request's deprecated settings objects into its profile.
async fn apply_legacy_settings(
    state: &AppState,
    caller: &Caller,
    profile: ProfileId,
    input: &LinkInput,
) -> ApiResult<()> {
    if input.manual_field_settings.is_none() && input.finish_screen_settings.is_none() {
        return Ok(());
    }
    let verifications = state.engine.verifications();
    let current = verifications.get_profile(caller.scope(), profile).await?;
    let mut settings = serde_json::to_value(&current.settings).map_err(docket_engine::Error::from)?;
    for (key, value) in [
        ("manual_field_settings", &input.manual_field_settings),
        ("finish_screen_settings", &input.finish_screen_settings),
    ] {
        if let (Some(value), Some(object)) = (value, settings.as_object_mut()) {
            object.insert(key.to_owned(), value.clone());
        }
    }
    let update = NewProfile { name: None, description: None, settings: Some(settings) };
    verifications.update_profile(caller.scope(), profile, update).await?;
    Ok(())
}

/// Create a profile's public link
///
/// One link per profile (a second is refused with 400). Its hosted page,
/// `{server}/vp/{link_id}` (the profile's `link.web_link`), lets anyone start a verification
/// with the profile, for a new applicant; the outcome arrives by webhook.
#[utoipa::path(
    post, path = "/api/v3/profiles/{profile_id}/link", tag = "Verification links", operation_id = "createLink",
    params(("profile_id" = String, Path, format = Uuid)),
    request_body(content = LinkInput, example = json!({"expiration_in_minutes": 240})),
    responses(
        (status = 200, description = "The link's id", body = LinkAnswer),
        (status = 400, description = "The profile has a link already, or invalid options", body = ErrorBody),
        (status = 404, description = "No such profile", body = ErrorBody),
    )
)]
async fn create_link(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(profile): IdPath<ProfileId>,
    Json(input): Json<LinkInput>,
) -> ApiResult<Json<LinkAnswer>> {
    let verifications = state.engine.verifications();
    // Refused before the legacy settings are applied, so a refused request changes nothing.
    verifications.get_profile(caller.scope(), profile).await?;
    let link_id = verifications.create_link(caller.scope(), profile, input.expiration_in_minutes).await?;
    apply_legacy_settings(&state, &caller, profile, &input).await?;
    Ok(Json(LinkAnswer { link_id }))
}

/// Change a link's options
#[utoipa::path(
    post, path = "/api/v3/profiles/link/{link_id}", tag = "Verification links", operation_id = "changeLink",
    params(("link_id" = String, Path)),
    request_body(content = LinkInput),
    responses(
        (status = 200, description = "The link's id", body = LinkAnswer),
        (status = 400, description = "Invalid options", body = ErrorBody),
        (status = 404, description = "No such link", body = ErrorBody),
    )
)]
async fn change_link(
    State(state): State<AppState>,
    caller: Caller,
    path: TextPath,
    Json(input): Json<LinkInput>,
) -> ApiResult<Json<LinkAnswer>> {
    let id = super::verification_person::key(path, "link")?;
    let verifications = state.engine.verifications();
    let link_id = verifications.change_link(caller.scope(), id, input.expiration_in_minutes, None).await?;
    if input.manual_field_settings.is_some() || input.finish_screen_settings.is_some() {
        let profile = verifications.link_profile(caller.scope(), link_id.clone()).await?;
        apply_legacy_settings(&state, &caller, profile, &input).await?;
    }
    Ok(Json(LinkAnswer { link_id }))
}

/// Archive a link
///
/// Its page stops starting verifications (verifications already started go on).
#[utoipa::path(
    delete, path = "/api/v3/profiles/link/{link_id}", tag = "Verification links", operation_id = "archiveLink",
    params(("link_id" = String, Path)),
    responses(
        (status = 200, description = "The link's id", body = LinkAnswer),
        (status = 404, description = "No such link", body = ErrorBody),
    )
)]
async fn archive_link(State(state): State<AppState>, caller: Caller, path: TextPath) -> ApiResult<Json<LinkAnswer>> {
    let id = super::verification_person::key(path, "link")?;
    let link_id = state.engine.verifications().change_link(caller.scope(), id, None, Some(true)).await?;
    Ok(Json(LinkAnswer { link_id }))
}

/// Unarchive a link
#[utoipa::path(
    post, path = "/api/v3/profiles/link/{link_id}/unarchive", tag = "Verification links",
    operation_id = "unarchiveLink",
    params(("link_id" = String, Path)),
    responses(
        (status = 200, description = "The link's id", body = LinkAnswer),
        (status = 404, description = "No such link", body = ErrorBody),
    )
)]
async fn unarchive_link(State(state): State<AppState>, caller: Caller, path: TextPath) -> ApiResult<Json<LinkAnswer>> {
    let id = super::verification_person::key(path, "link")?;
    let link_id = state.engine.verifications().change_link(caller.scope(), id, None, Some(false)).await?;
    Ok(Json(LinkAnswer { link_id }))
}

// Verifications.

/// A new verification (public-api.md section 3). Empty strings and the Go client's zero values
/// are "not given".
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerificationInput {
    /// Omitted: a new applicant is created.
    #[schema(value_type = Option<String>, format = Uuid)]
    applicant_id: Option<ApplicantId>,
    /// Omitted: the default profile.
    #[schema(value_type = Option<String>, format = Uuid)]
    profile_id: Option<ProfileId>,
    /// Deprecated (use profiles): document types that decide the checks.
    checks_required: Option<Vec<DocumentType>>,
    /// ISO 3166-1 alpha-2.
    #[schema(value_type = Option<String>)]
    applicant_country: Option<CountryCode>,
    /// 1 to 10080 (a week); default 240. `0` is "not given".
    expiration_minutes: Option<i64>,
    /// Sandbox only: the final status and each check's error codes (see *Document
    /// verification* in the guide).
    sandbox_result: Option<SandboxResult>,
}

/// Create a verification
///
/// Opens a verification for `applicant_id` (or a new applicant) with a profile's settings. The
/// person uploads documents (here through `/api/v3/upload/{applicant_id}`, or on the hosted page
/// at `verification_url`), then it is proceeded and checked; `DOCVER` reports the outcome.
#[utoipa::path(
    post, path = "/api/v3/verifications", tag = "Verifications", operation_id = "createVerification",
    request_body(content = VerificationInput, example = json!({"applicant_id": "01928f2a-7b1c-7d3e-8f00-3c1d2e4f5a6b", "expiration_minutes": 240})),
    responses(
        (status = 201, description = "The new verification, `initial`", body = Verification),
        (status = 400, description = "Invalid data (the field named)", body = ErrorBody),
        (status = 404, description = "No such applicant or profile", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    Json(input): Json<VerificationInput>,
) -> ApiResult<(StatusCode, Json<Verification>)> {
    let new = NewVerification {
        applicant_id: input.applicant_id,
        profile_id: input.profile_id,
        checks_required: input.checks_required.unwrap_or_default(),
        applicant_country: input.applicant_country,
        expiration_minutes: input.expiration_minutes,
        sandbox_result: input.sandbox_result,
    };
    let v = state.engine.verifications().create(caller.scope(), new, caller.actor()).await?;
    Ok((StatusCode::CREATED, Json(v)))
}

/// Filters of the verification list. Sets may be comma-separated or repeated (`status=a,b`,
/// `status[]=a&status[]=b`).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// Part of the applicant's name, case- and accent-insensitive.
    name: Option<String>,
    /// The document's country (ISO 3166-1 alpha-2).
    country: Option<String>,
    /// Created at or after (RFC 3339, or `YYYY-MM-DD`).
    from: Option<String>,
    /// Created before (RFC 3339, or `YYYY-MM-DD`: before that day).
    to: Option<String>,
    /// Statuses: `initial`, `pending`, `in_progress`, `verified`, `failed`, `canceled`, `expired`.
    #[param(value_type = Option<Vec<String>>)]
    // Read from the raw query, where a set may repeat; declared here for the description.
    #[serde(skip)]
    #[allow(dead_code)]
    status: (),
    /// Identity document types (`passport`, `id_card`, ...).
    #[param(value_type = Option<Vec<String>>)]
    // Read from the raw query, where a set may repeat; declared here for the description.
    #[serde(skip)]
    #[allow(dead_code)]
    document_type: (),
    /// Profile ids.
    #[param(value_type = Option<Vec<String>>)]
    // Read from the raw query, where a set may repeat; declared here for the description.
    #[serde(skip)]
    #[allow(dead_code)]
    profile: (),
}

/// The values of a set filter, from `key=a,b`, `key=a&key=b` and `key[]=a`.
fn set_values(query: &str, key: &str) -> Vec<String> {
    url::form_urlencoded::parse(query.as_bytes())
        .filter(|(k, _)| k == key || k.strip_suffix("[]") == Some(key))
        .flat_map(|(_, v)| v.split(',').map(|s| s.trim().to_owned()).collect::<Vec<_>>())
        .filter(|v| !v.is_empty())
        .collect()
}

fn parse_set<T>(query: &str, key: &str, parse: impl Fn(&str) -> Option<T>, allowed: &str) -> ApiResult<Vec<T>> {
    set_values(query, key)
        .iter()
        .map(|v| {
            parse(v).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "{key}: `{}` is not one of {allowed}",
                    docket_engine::values::shorten(v, 40)
                ))
                .with_field(key)
            })
        })
        .collect()
}

fn filter_of(params: ListParams, query: &str) -> ApiResult<VerificationFilter> {
    Ok(VerificationFilter {
        applicant_id: None,
        name: params.name.filter(|n| !n.trim().is_empty()),
        status: parse_set(query, "status", VerificationStatus::parse, "the verification statuses")?,
        profile_id: parse_set(query, "profile", |v| v.parse().ok(), "the profile ids")?,
        document_type: parse_set(query, "document_type", DocumentType::parse, "the document types")?,
        country: params
            .country
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(|c| CountryCode::parse(c).map(|c| c.as_str().to_owned()))
            .transpose()
            .map_err(|e| ApiError::from(e.within("country")))?,
        created_from: super::kyb::time_bound("from", params.from.as_deref())?,
        created_to: super::kyb::time_bound("to", params.to.as_deref())?,
    })
}

/// List verifications
///
/// Newest first, with the filters below.
#[utoipa::path(
    get, path = "/api/v3/verifications", tag = "Verifications", operation_id = "listVerifications",
    params(Paging, ListParams),
    responses(
        (status = 200, description = "One page of verifications", body = Page<Verification>),
        (status = 400, description = "Invalid paging or filter", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(params): Query<ListParams>,
    axum::extract::RawQuery(query): axum::extract::RawQuery,
) -> ApiResult<Json<Page<Verification>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let filter = filter_of(params, query.as_deref().unwrap_or_default())?;
    Ok(Json(state.engine.verifications().list(caller.scope(), filter, page).await?))
}

/// List an applicant's verifications
#[utoipa::path(
    get, path = "/api/v3/verifications/applicant/{applicant_id}", tag = "Verifications",
    operation_id = "listApplicantVerifications",
    params(("applicant_id" = String, Path, format = Uuid), Paging),
    responses(
        (status = 200, description = "One page of the applicant's verifications", body = Page<Verification>),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn list_for_applicant(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    paging: Paging,
) -> ApiResult<Json<Page<Verification>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let filter = VerificationFilter { applicant_id: Some(applicant), ..VerificationFilter::default() };
    Ok(Json(state.engine.verifications().list(caller.scope(), filter, page).await?))
}

/// Get a verification
#[utoipa::path(
    get, path = "/api/v3/verifications/{verification_id}", tag = "Verifications", operation_id = "getVerification",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The verification", body = Verification),
        (status = 404, description = "No such verification", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<VerificationId>,
) -> ApiResult<Json<Verification>> {
    Ok(Json(state.engine.verifications().get(caller.scope(), id).await?))
}

/// Erase a verification (a Docket addition)
///
/// Erasure on request of one document verification: it, its documents and their stored files,
/// and the outbox events, unsent deliveries (sent ones keep only their ids) and request journal
/// bodies that name it, its documents or the name and document number its document reads. The
/// applicant stays (`DELETE /api/v3/applicants/{id}` erases a person whole). Answers the erasure
/// log's entry (`GET /_docket/erasures`). An API key, or a console admin.
#[utoipa::path(
    delete, path = "/api/v3/verifications/{verification_id}", tag = "Verifications", operation_id = "eraseVerification",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "Erased: the erasure log's entry", body = docket_engine::erasure::Erasure),
        (status = 403, description = "A console reviewer who is not an admin", body = ErrorBody),
        (status = 404, description = "No such verification", body = ErrorBody),
    )
)]
async fn erase(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<VerificationId>,
) -> ApiResult<Json<docket_engine::erasure::Erasure>> {
    Ok(Json(state.engine.erasures().verification(caller.scope(), id, &caller.who()).await?))
}

/// Get a verification by its short id
///
/// The short id is `verification_url_id`, the last part of `verification_url`.
#[utoipa::path(
    get, path = "/api/v3/verifications/short/{short_id}", tag = "Verifications",
    operation_id = "getVerificationByShortId",
    params(("short_id" = String, Path)),
    responses(
        (status = 200, description = "The verification", body = Verification),
        (status = 404, description = "No such verification in this environment", body = ErrorBody),
    )
)]
async fn get_by_short_id(
    State(state): State<AppState>,
    caller: Caller,
    TextPath(short): TextPath,
) -> ApiResult<Json<Verification>> {
    Ok(Json(state.engine.verifications().get_by_short(caller.scope(), short).await?))
}

/// What a proceed answers.
pub(crate) fn proceeded<T: Serialize>(outcome: Result<T, MissingDocuments>) -> Response {
    match outcome {
        Ok(v) => Json(v).into_response(),
        Err(missing) => (StatusCode::BAD_REQUEST, Json(missing)).into_response(),
    }
}

/// Proceed with a verification
///
/// Call it when every document is in: the verification goes to `in_progress` and its checks
/// run (in the sandbox they finish 20 seconds later on the sandbox clock). While documents are
/// missing, a 400 names them in `pending_documents`.
#[utoipa::path(
    post, path = "/api/v3/verifications/{verification_id}/proceed", tag = "Verifications",
    operation_id = "proceedVerification",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The verification, `in_progress`", body = Verification),
        (status = 400, description = "Documents are missing", body = MissingDocuments),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "Its status does not allow it", body = ErrorBody),
    )
)]
async fn proceed(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<VerificationId>,
) -> ApiResult<Response> {
    Ok(proceeded(state.engine.verifications().proceed(caller.scope(), id, caller.actor()).await?))
}

/// Cancel a verification
///
/// From any status but `verified` and `failed`; cancelling again changes nothing. GET (as the
/// Go client calls it) and POST do the same.
#[utoipa::path(
    get, path = "/api/v3/verifications/{verification_id}/cancel", tag = "Verifications",
    operation_id = "cancelVerification",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The verification, `canceled`", body = Verification),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "It is finished", body = ErrorBody),
    )
)]
async fn cancel(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<VerificationId>,
) -> ApiResult<Json<Verification>> {
    Ok(Json(state.engine.verifications().cancel(caller.scope(), id, caller.actor()).await?))
}

/// Cancel a verification (POST)
#[utoipa::path(
    post, path = "/api/v3/verifications/{verification_id}/cancel", tag = "Verifications",
    operation_id = "cancelVerificationByPost",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The verification, `canceled`", body = Verification),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "It is finished", body = ErrorBody),
    )
)]
async fn cancel_by_post(
    state: State<AppState>,
    caller: Caller,
    id: IdPath<VerificationId>,
) -> ApiResult<Json<Verification>> {
    cancel(state, caller, id).await
}

// Documents.

/// Reads a document upload (`file`, `document_type`, `side`, `issued_country`, in any order)
/// into the file store and adds it. `scope` is the caller's; `None` for the person's upload
/// by short id.
pub(crate) async fn receive_upload(
    state: &AppState,
    scope: Option<docket_engine::Scope>,
    target: UploadTarget,
    request: Request,
) -> ApiResult<UploadAnswer> {
    let verifications = state.engine.verifications();
    let (scope, owner) = verifications.upload_owner(scope, &target).await?;
    let mut form = upload::form(request).await?;
    let mut file = None;
    let mut document_type: Option<String> = None;
    let mut side: Option<String> = None;
    let mut country: Option<String> = None;
    let read = async {
        while let Some(field) = upload::next(&mut form).await? {
            match field.name().unwrap_or_default() {
                "file" if file.is_none() => {
                    let new = verifications.new_file(owner, None);
                    file = upload::store(&state.engine, scope, field, new).await?;
                }
                "file" => return Err(ApiError::bad_request("file: send one file per upload").with_field("file")),
                "document_type" => document_type = Some(upload::text(field, 64).await?),
                "side" => side = Some(upload::text(field, 16).await?),
                "issued_country" => country = Some(upload::text(field, 16).await?),
                other => {
                    return Err(ApiError::bad_request(format!(
                        "unknown form field `{}`: send file, document_type, side and issued_country",
                        docket_engine::values::shorten(other, 40)
                    )));
                }
            }
        }
        Ok(())
    }
    .await;
    let input = read.and_then(|()| document_input(document_type, side, country));
    let (input, file) = match (input, file) {
        (Ok(input), Some(file)) => (input, file),
        (outcome, file) => {
            // A refused form leaves no file behind.
            if let Some(file) = file {
                let _ = state.engine.files().delete_one(scope, file.id).await;
            }
            outcome?;
            return Err(ApiError::bad_request("file: no file part was sent").with_field("file"));
        }
    };
    Ok(verifications.add_document(scope, target, input, file).await?)
}

fn document_input(
    document_type: Option<String>,
    side: Option<String>,
    country: Option<String>,
) -> ApiResult<NewDocument> {
    let document_type = match document_type.as_deref().map(str::trim) {
        None | Some("") => {
            return Err(ApiError::bad_request("document_type: is required (`poi` detects the identity document)")
                .with_field("document_type"));
        }
        Some("poi") => None,
        Some(t) => Some(DocumentType::parse(t).ok_or_else(|| {
            ApiError::bad_request(format!(
                "document_type: `{}` is not a document type (see DocumentType)",
                docket_engine::values::shorten(t, 40)
            ))
            .with_field("document_type")
        })?),
    };
    let side = match side.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(s) => Some(
            Side::parse(s).ok_or_else(|| ApiError::bad_request("side: must be front or back").with_field("side"))?,
        ),
    };
    Ok(NewDocument { document_type, side, issued_country: country.filter(|c| !c.trim().is_empty()) })
}

/// Upload a document
///
/// `multipart/form-data`: `file` (a JPEG, PNG or WebP picture or a PDF, by its content; at most
/// 20 MiB), `document_type` (a DocumentType, or `poi` for an identity document whose type is
/// detected), `side` (`front` or `back`, for two-sided documents) and `issued_country` (ISO
/// alpha-3). The document joins the applicant's open verification, if any. `errors` lists what
/// was found at once (a document of a country the profile refuses: 3101).
#[utoipa::path(
    post, path = "/api/v3/upload/{applicant_id}", tag = "Documents", operation_id = "uploadDocument",
    params(("applicant_id" = String, Path, format = Uuid)),
    request_body(content_type = "multipart/form-data", content = Object),
    responses(
        (status = 200, description = "The stored document", body = UploadAnswer),
        (status = 400, description = "Malformed form or unknown document type", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
        (status = 409, description = "The open verification expired (8000) or holds too many documents (9000)", body = ErrorBody),
        (status = 413, description = "Larger than 20 MiB, or a picture too large to decode (over 16,384 pixels a side, 60 megapixels or 320 MiB decoded)", body = ErrorBody),
        (status = 415, description = "Not a PDF or a JPEG, PNG or WebP picture by its content, or damaged or cut short", body = ErrorBody),
        (status = 503, description = "Heavy work on documents must wait: try again after `Retry-After` seconds", body = ErrorBody, headers(("Retry-After" = u32, description = "Seconds to wait"))),
    )
)]
async fn upload_document(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    request: Request,
) -> ApiResult<Json<UploadAnswer>> {
    Ok(Json(receive_upload(&state, Some(caller.scope()), UploadTarget::Applicant(applicant), request).await?))
}

/// Sends a document's bytes with its type headers.
pub(crate) fn send(document: &StoredDocument, content_type: &str, bytes: Vec<u8>, suffix: &str) -> Response {
    let name: String = document
        .file_name
        .clone()
        .unwrap_or_else(|| document.document_id.to_string())
        .chars()
        .filter(|c| (c.is_ascii_graphic() || *c == ' ') && *c != '"' && *c != '\\')
        .collect();
    (
        [
            (CONTENT_TYPE, content_type.to_owned()),
            (axum::http::HeaderName::from_static("x-document-type"), document.document_type.as_str().to_owned()),
            (CONTENT_DISPOSITION, format!("inline; filename=\"{name}{suffix}\"")),
            (X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
            (CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        bytes,
    )
        .into_response()
}

/// Download a document
///
/// The file as uploaded, with `Content-Type` (what its content is) and `X-Document-Type`.
#[utoipa::path(
    get, path = "/api/v3/documents/{document_id}", tag = "Documents", operation_id = "downloadDocument",
    params(("document_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The file"),
        (status = 404, description = "No such document", body = ErrorBody),
    )
)]
async fn download_document(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<DocumentId>,
) -> ApiResult<Response> {
    let (document, bytes) = state.engine.verifications().document_file(caller.scope(), id).await?;
    Ok(send(&document, &document.content_type, bytes, ""))
}

/// Erase a document (a Docket addition)
///
/// The document's file is deleted from the file store and its record becomes a tombstone (its
/// type, side, upload time, verification, and who erased it when; never its content, name or
/// hash); the erasure goes on the audit chain (`document_erased`). Answers the tombstone. A
/// document a decided verification (`verified`, `failed`) relied on is the record of that
/// decision and is kept (`409`): erasing the applicant removes it with the decision. One under
/// review (`in_progress`) is refused too. A document of an open verification leaves it. Erasing
/// it again, or downloading it, is a `410` that says who erased it when. An API key, or a
/// console admin.
#[utoipa::path(
    delete, path = "/api/v3/documents/{document_id}", tag = "Documents", operation_id = "eraseDocument",
    params(("document_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "Erased: the tombstone", body = docket_engine::verifications::files::ApplicantFile),
        (status = 403, description = "A console reviewer who is not an admin", body = ErrorBody),
        (status = 404, description = "No such document", body = ErrorBody),
        (status = 409, description = "A decided or running verification relies on it", body = ErrorBody),
        (status = 410, description = "Erased already (the message says by whom and when)", body = ErrorBody),
    )
)]
async fn erase_document(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<DocumentId>,
) -> ApiResult<Json<docket_engine::verifications::files::ApplicantFile>> {
    Ok(Json(state.engine.verifications().erase_document(caller.scope(), id, &caller.actor()).await?))
}

/// List an applicant's documents (a Docket addition)
///
/// Every document uploaded for the applicant, newest first, stored (`stored`: content type,
/// size, SHA-256, file name, issuing country) or erased (`erased`: by whom and when), with the
/// verification it belongs to and that verification's status. `limit` 1 to 100 (default 10),
/// `page` from 0.
#[utoipa::path(
    get, path = "/api/v3/applicants/{applicant_id}/documents", tag = "Documents", operation_id = "listApplicantDocuments",
    params(("applicant_id" = String, Path, format = Uuid), Paging),
    responses(
        (status = 200, description = "One page of documents", body = Page<docket_engine::verifications::files::ApplicantFile>),
        (status = 400, description = "Invalid paging", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn applicant_files(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    paging: Paging,
) -> ApiResult<Json<Page<docket_engine::verifications::files::ApplicantFile>>> {
    let page = paging.within(docket_engine::verifications::files::FILE_LIST_BOUNDS)?;
    Ok(Json(state.engine.verifications().applicant_files(caller.scope(), applicant, page).await?))
}

/// Download a document's preview
///
/// A JPEG at most 640 pixels on its longest side: the picture downsized, or a PDF's first page
/// (rendered by poppler's `pdftoppm`, or the scanned picture inside the PDF). A PDF that has
/// neither gets 415.
#[utoipa::path(
    get, path = "/api/v3/documents/{document_id}/preview", tag = "Documents", operation_id = "downloadDocumentPreview",
    params(("document_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The preview, image/jpeg"),
        (status = 404, description = "No such document", body = ErrorBody),
        (status = 415, description = "No preview can be made of this document (a PDF without a picture where poppler-utils is not installed, or one poppler cannot render within its bounds; the message says which)", body = ErrorBody),
        (status = 503, description = "Heavy work on documents must wait: try again after `Retry-After` seconds", body = ErrorBody, headers(("Retry-After" = u32, description = "Seconds to wait"))),
    )
)]
async fn download_preview(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<DocumentId>,
) -> ApiResult<Response> {
    let (document, bytes) = state.engine.verifications().document_preview(caller.scope(), id).await?;
    Ok(send(&document, "image/jpeg", bytes, ".preview.jpg"))
}

/// Record a reviewer's outcome of a check
///
/// What Docket cannot check offline (face comparison, liveness, the reading of a document
/// without a machine-readable zone) waits in `in_progress` for a person. A reviewer records each
/// check's outcome here (a failure names at least one error code). The outcome is held for one
/// minute on the environment's clock, during which `POST .../outcomes/{check}/undo` takes it
/// back; then it takes effect: the check gets it, `DOCVER_CHECKS` goes out, and the last one
/// finishes the verification and sends `DOCVER`. Webhooks are never sent for an outcome that
/// could still be undone. The held outcomes are listed in the file's `review.pending_outcomes`.
#[utoipa::path(
    post, path = "/_docket/verifications/{verification_id}/outcomes", tag = "Verifications",
    operation_id = "recordVerificationOutcome",
    params(("verification_id" = String, Path, format = Uuid)),
    request_body(content = ReviewerOutcome, example = json!({"check": "face_comparison", "verified": false, "errors": [4001], "note": "Different person"})),
    responses(
        (status = 200, description = "The verification (the outcome waits its minute)", body = Verification),
        (status = 400, description = "Unknown check or error code, or a failure without a code", body = ErrorBody),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "Not waiting for this outcome, or one waits already", body = ErrorBody),
    )
)]
async fn record_outcome(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<VerificationId>,
    Json(outcome): Json<ReviewerOutcome>,
) -> ApiResult<Json<Verification>> {
    let actor = Actor::Reviewer(me.reviewer);
    Ok(Json(state.engine.verifications().record_outcome(me.scope, id, outcome, actor).await?))
}

/// Undo a reviewer's outcome
///
/// Takes back the outcome of `check` recorded less than a minute ago (on the environment's
/// clock): the check waits for a reviewer again and nothing was sent. After the minute the
/// outcome stands: `409`. On the audit chain and the timeline.
#[utoipa::path(
    post, path = "/_docket/verifications/{verification_id}/outcomes/{check}/undo", tag = "Verifications",
    operation_id = "undoVerificationOutcome",
    params(
        ("verification_id" = String, Path, format = Uuid),
        ("check" = String, Path, description = "`document_mrz`, `document_ocr`, `face_comparison`, `liveness` or `poa`"),
    ),
    responses(
        (status = 200, description = "The verification", body = Verification),
        (status = 400, description = "Unknown check", body = ErrorBody),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "No outcome waiting, or its minute has passed", body = ErrorBody),
    )
)]
async fn undo_outcome(
    State(state): State<AppState>,
    me: SignedIn,
    Path((id, check)): Path<(String, String)>,
) -> ApiResult<Json<Verification>> {
    let id: VerificationId =
        id.parse().map_err(|_| ApiError::bad_request("verification_id: not a verification id (a UUID)"))?;
    let check = CheckStep::parse(&check).ok_or_else(|| {
        ApiError::bad_request(format!(
            "check: `{}` is not a check; one of document_mrz, document_ocr, face_comparison, liveness, poa",
            docket_engine::values::shorten(&check, 40)
        ))
    })?;
    let actor = Actor::Reviewer(me.reviewer);
    Ok(Json(state.engine.verifications().undo_outcome(me.scope, id, check, actor).await?))
}

/// Enter a reviewer's reading of the document
///
/// What the reviewer read on the identity document (any of `full_name`, `birth_date`,
/// `nationality`, `document_number`, `expiry_date`), kept with who and when, apart from what
/// Docket read (`poi_data`); it corrects Docket's reading in the file's field-by-field
/// `review.comparison` with the applicant's declared data. A new reading replaces the last. On
/// the audit chain and the timeline.
#[utoipa::path(
    post, path = "/_docket/verifications/{verification_id}/reading", tag = "Verifications",
    operation_id = "recordVerificationReading",
    params(("verification_id" = String, Path, format = Uuid)),
    request_body(content = ReadingFields, example = json!({"full_name": "Anna Schmidt", "birth_date": "1987-12-24", "nationality": "DEU", "document_number": "C01X00T47"})),
    responses(
        (status = 200, description = "The verification's file with the comparison", body = VerificationFile),
        (status = 400, description = "A field that is not a date or a country, or nothing read", body = ErrorBody),
        (status = 404, description = "No such verification", body = ErrorBody),
        (status = 409, description = "The verification does not wait for a reviewer", body = ErrorBody),
    )
)]
async fn record_reading(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<VerificationId>,
    Json(fields): Json<ReadingFields>,
) -> ApiResult<Json<VerificationFile>> {
    let actor = Actor::Reviewer(me.reviewer);
    Ok(Json(state.engine.verifications().record_reading(me.scope, id, fields, actor).await?))
}

/// A verification's file
///
/// Its documents with their files' facts (name, size, SHA-256, upload time, side, country) and
/// its history, oldest first: what the console's reviewer reads beside the verification.
#[utoipa::path(
    get, path = "/_docket/verifications/{verification_id}/file", tag = "Verifications",
    operation_id = "getVerificationFile",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The documents and the timeline", body = VerificationFile),
        (status = 404, description = "No such verification", body = ErrorBody),
    )
)]
async fn verification_file(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<VerificationId>,
) -> ApiResult<Json<VerificationFile>> {
    Ok(Json(state.engine.verifications().file(caller.scope(), id).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_filters_read_commas_and_repeats() {
        assert_eq!(
            set_values("status=failed,verified&status[]=expired&x=1", "status"),
            ["failed", "verified", "expired"]
        );
        assert_eq!(set_values("status=&status[]=", "status"), Vec::<String>::new());
        let parsed = parse_set("status=pending", "status", VerificationStatus::parse, "").expect("parses");
        assert_eq!(parsed, [VerificationStatus::Pending]);
        assert!(parse_set("status=done", "status", VerificationStatus::parse, "").is_err());
    }

    #[test]
    fn upload_fields_are_checked() {
        assert!(document_input(None, None, None).is_err());
        assert!(document_input(Some("poi".into()), None, None).expect("poi").document_type.is_none());
        assert!(document_input(Some("banknote".into()), None, None).is_err());
        assert!(document_input(Some("passport".into()), Some("middle".into()), None).is_err());
    }
}
