//! `/api/v4/deepfake`: the stream the public deepfake bot speaks (`/stream`, a WebSocket: see
//! [`super::deepfake_stream`]) and analyses of an uploaded video or picture, with their reads.

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{Request, State};
use axum::http::header::USER_AGENT;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use docket_engine::applicants::ApplicantId;
use docket_engine::deepfake::{
    Analysis, AnalysisFilter, AnalysisId, AnalysisStatus, LIST_BOUNDS, MAX_UPLOAD_BYTES, Source, Verdict,
};
use docket_engine::files::{NewFile, OwnerKind};
use docket_engine::page::Page;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::deepfake_stream;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query};
use crate::state::AppState;
use crate::upload;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stream)).routes(routes!(create, list)).routes(routes!(get))
}

/// Optional parameters of the stream (Docket's; the public bot sends none).
#[derive(Debug, Deserialize)]
struct StreamParams {
    applicant_id: Option<String>,
}

fn applicant_of(field: &str, value: Option<&str>) -> ApiResult<Option<ApplicantId>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v.parse().map(Some).map_err(|e: docket_engine::Error| ApiError::from(e).with_field(field)),
    }
}

/// Stream frames for deepfake analysis (WebSocket)
///
/// The protocol of the public deepfake bot (the guide's "Deepfake analysis" section): connect
/// with the API key (`ds-api-token`, or `Authorization: Bearer <key>` as the bot sends it), send
/// each video frame (JPEG or WebP) or audio chunk (16-bit PCM at 16 kHz) as one binary protocol
/// buffer `FrameRequest`, and read binary `ResultEvent`s. Optional query parameter
/// `applicant_id` (Docket's) ties the analysis to an applicant. The sandbox answers every frame
/// with a simulated state from the participant id (`alert`, `suspicious`, else `clear`);
/// production answers each track's first frame with an `ERROR` event saying that nothing offline
/// can tell a deepfake, and keeps the stream's metadata as evidence. When the stream closes, the
/// analysis is stored and `DEEPFAKE_ANALYSIS` is sent. A plain request (no upgrade) is a `426`.
#[utoipa::path(
    get, path = "/api/v4/deepfake/stream", tag = "Deepfake analysis", operation_id = "deepfakeStream",
    responses(
        (status = 101, description = "Switching to the WebSocket protocol"),
        (status = 400, description = "An `applicant_id` that is not a UUID", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
        (status = 426, description = "Not a WebSocket upgrade request", body = ErrorBody),
        (status = 429, description = "The credential has 4 streams open already (or the server 64)", body = ErrorBody),
    )
)]
async fn stream(
    State(state): State<AppState>,
    caller: Caller,
    Query(params): Query<StreamParams>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    let applicant = applicant_of("applicant_id", params.applicant_id.as_deref())?;
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::new(
            StatusCode::UPGRADE_REQUIRED,
            format!(
                "this is a WebSocket endpoint: connect with a WebSocket client ({})",
                rejection.body_text().to_lowercase()
            ),
        )
    })?;
    state.engine.deepfakes().check_applicant(caller.scope(), applicant).await?;
    let slot = deepfake_stream::Slot::take(&caller)?;
    let user_agent =
        headers.get(USER_AGENT).and_then(|v| v.to_str().ok()).map(|v| docket_engine::values::shorten(v, 200));
    let session = deepfake_stream::Session { state, caller, applicant, user_agent, slot };
    Ok(deepfake_stream::limits(upgrade)
        .on_failed_upgrade(|e| tracing::debug!(error = %e, "a deepfake stream's upgrade failed"))
        .on_upgrade(move |socket| session.run(socket))
        .into_response())
}

/// Analyse a video or a picture
///
/// `multipart/form-data`: `file` (a JPEG, PNG or WebP picture, or an MP4, QuickTime or WebM
/// video, by its content; at most 100 MiB) and `applicant_id` (optional). Answers `201` with the
/// analysis. The sandbox's verdict comes from the file's name: `alert` in it gives `alert`,
/// `suspicious` gives `suspicious`, anything else `clear`, each with a fixed score. Production
/// stores the file and answers `status: error` with the plain reason (nothing offline can tell a
/// deepfake) and no score: a reviewer reads the evidence. `DEEPFAKE_ANALYSIS` is sent either way.
#[utoipa::path(
    post, path = "/api/v4/deepfake/analyses", tag = "Deepfake analysis", operation_id = "createDeepfakeAnalysis",
    request_body(content_type = "multipart/form-data", content = Object),
    responses(
        (status = 201, description = "The analysis", body = Analysis),
        (status = 400, description = "Malformed form, no file, or an `applicant_id` that is not a UUID", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
        (status = 413, description = "Larger than 100 MiB", body = ErrorBody),
        (status = 415, description = "Not a picture or video of the kinds above, by its content", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    request: Request,
) -> ApiResult<(StatusCode, Json<Analysis>)> {
    let scope = caller.scope();
    let deepfakes = state.engine.deepfakes();
    let id = deepfakes.new_id();
    let mut form = upload::form(request).await?;
    let mut file = None;
    let mut applicant: Option<String> = None;
    let read = async {
        while let Some(field) = upload::next(&mut form).await? {
            match field.name().unwrap_or_default() {
                "file" if file.is_none() => {
                    let new = NewFile {
                        owner_kind: OwnerKind::DeepfakeAnalysis,
                        owner_id: id.as_uuid(),
                        declared_type: None,
                        name: None,
                        limit: MAX_UPLOAD_BYTES,
                    };
                    file = upload::store(&state.engine, scope, field, new).await?;
                }
                "file" => return Err(ApiError::bad_request("file: send one file per analysis").with_field("file")),
                "applicant_id" => applicant = Some(upload::text(field, 64).await?),
                other => {
                    return Err(ApiError::bad_request(format!(
                        "unknown form field `{}`: send file and, optionally, applicant_id",
                        docket_engine::values::shorten(other, 40)
                    )));
                }
            }
        }
        Ok(())
    }
    .await;
    let checked = match read.and_then(|()| applicant_of("applicant_id", applicant.as_deref())) {
        Ok(applicant) => deepfakes.check_applicant(scope, applicant).await.map(|()| applicant).map_err(ApiError::from),
        Err(e) => Err(e),
    };
    let (applicant, file) = match (checked, file) {
        (Ok(applicant), Some(file)) => (applicant, file),
        (outcome, file) => {
            // A refused form leaves no file behind.
            if let Some(file) = file {
                let _ = state.engine.files().delete_one(scope, file.id).await;
            }
            outcome?;
            return Err(ApiError::bad_request("file: no file part was sent").with_field("file"));
        }
    };
    let analysis = deepfakes.analyse_upload(scope, &caller.actor(), id, applicant, file).await?;
    Ok((StatusCode::CREATED, Json(analysis)))
}

/// Filters of the analysis list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// The applicant's id.
    applicant_id: Option<String>,
    /// `stream` or `upload`.
    #[param(value_type = Option<String>)]
    source: Option<String>,
    /// `completed` or `error`.
    #[param(value_type = Option<String>)]
    status: Option<String>,
    /// `clear`, `suspicious` or `alert`.
    #[param(value_type = Option<String>)]
    verdict: Option<String>,
    /// Created at or after (RFC 3339, or `YYYY-MM-DD`).
    created_from: Option<String>,
    /// Created before (RFC 3339, or `YYYY-MM-DD`).
    created_to: Option<String>,
}

/// A filter's value among its choices (blank: not given).
fn choice<T: serde::de::DeserializeOwned>(field: &str, value: Option<&str>, choices: &str) -> ApiResult<Option<T>> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(None) };
    serde_json::from_value(serde_json::Value::String(v.to_owned()))
        .map(Some)
        .map_err(|_| ApiError::bad_request(format!("{field}: must be one of {choices}")).with_field(field))
}

/// List deepfake analyses
///
/// Newest first; `limit` 1 to 200 (default 20), `page` from 0.
#[utoipa::path(
    get, path = "/api/v4/deepfake/analyses", tag = "Deepfake analysis", operation_id = "listDeepfakeAnalyses",
    params(Paging, ListParams),
    responses(
        (status = 200, description = "One page of analyses", body = Page<Analysis>),
        (status = 400, description = "Invalid paging or filter (the field named)", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<Page<Analysis>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let filter = AnalysisFilter {
        applicant_id: applicant_of("applicant_id", params.applicant_id.as_deref())?,
        source: choice::<Source>("source", params.source.as_deref(), "stream, upload")?,
        status: choice::<AnalysisStatus>("status", params.status.as_deref(), "completed, error")?,
        verdict: choice::<Verdict>("verdict", params.verdict.as_deref(), "clear, suspicious, alert")?,
        created_from: super::kyb::time_bound("created_from", params.created_from.as_deref())?,
        created_to: super::kyb::time_bound("created_to", params.created_to.as_deref())?,
    };
    Ok(Json(state.engine.deepfakes().list(caller.scope(), filter, page).await?))
}

/// Get a deepfake analysis
#[utoipa::path(
    get, path = "/api/v4/deepfake/analyses/{id}", tag = "Deepfake analysis", operation_id = "getDeepfakeAnalysis",
    params(("id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The analysis", body = Analysis),
        (status = 404, description = "No such analysis", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<AnalysisId>,
) -> ApiResult<Json<Analysis>> {
    Ok(Json(state.engine.deepfakes().get(caller.scope(), id).await?))
}
