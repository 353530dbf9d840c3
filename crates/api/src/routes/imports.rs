//! `/_docket/aml/lists/imports`: watchlist imports from the browser. The upload is streamed into
//! the file store (up to 1 GiB; the one route the global body limit does not bound), owned by
//! the import job, then imported in the background exactly as `docket lists import` does;
//! callers poll the job.

use axum::extract::{Multipart, Request, State};
use axum::http::StatusCode;
use docket_engine::aml::model::ListFormat;
use docket_engine::aml::{ImportJob, ImportJobId};
use docket_engine::files::{NewFile, OwnerKind};
use docket_engine::scope::Scope;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json};
use crate::middleware::UPLOAD_LIMIT;
use crate::state::AppState;
use crate::upload;

/// Most files in one upload.
const MAX_FILES: usize = 16;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload, list)).routes(routes!(job))
}

/// The upload form.
#[derive(ToSchema)]
#[allow(dead_code)]
struct ImportUpload {
    /// The files' format: `us-csl`, `ofac-sdn`, `un-xml` or `ftm` (as `docket lists import
    /// --format`). Send it before the files to have a wrong one refused before they are sent.
    #[schema(example = "us-csl")]
    format: String,
    /// The list file(s), one part each: one CSV for us-csl; sdn.csv and optionally alt.csv and
    /// add.csv for ofac-sdn; one XML for un-xml; one or more JSON-lines files for ftm. Gzipped
    /// files are read as they are.
    #[schema(content_media_type = "application/octet-stream")]
    file: Vec<Vec<u8>>,
    /// `true` lets the import shrink the list's active snapshot to less than half its entities
    /// (refused with 409 otherwise: a cut or wrong file would blind production's screening).
    #[schema(example = "false")]
    replace: Option<String>,
}

/// Import a watchlist from uploaded files
///
/// Takes `multipart/form-data` with a `format` field and one or more `file` parts (up to 1 GiB in
/// all), stores the files (owned by the job) and answers at once with the import job; the
/// import runs in the background, one at a time, exactly as `docket lists import` does. Poll
/// `GET /_docket/aml/lists/imports/{id}` for its state and progress. A failed import changes
/// nothing: the list's previous snapshot stays in use. The files are removed afterwards.
///
/// The lists are shared by every organization and environment: production screens against
/// them, so a sandbox key never changes them. An import that would shrink a list's active
/// snapshot to less than half its entities fails (the job says so) unless `replace` is `true`.
/// Every import is on every organization's production audit chain, with who made it.
#[utoipa::path(
    post, path = "/_docket/aml/lists/imports", tag = "Docket controls", operation_id = "importList",
    request_body(content = inline(ImportUpload), content_type = "multipart/form-data"),
    responses(
        (status = 202, description = "Accepted; the import runs in the background", body = ImportJob),
        (status = 400, description = "No format or an unknown one, no file, or a malformed form", body = ErrorBody),
        (status = 403, description = "A sandbox key; or not the default organization (the lists are shared by all)", body = ErrorBody),
        (status = 413, description = "Larger than 1 GiB", body = ErrorBody),
        (status = 415, description = "Not multipart/form-data", body = ErrorBody),
    )
)]
async fn upload(
    State(state): State<AppState>,
    caller: Caller,
    request: Request,
) -> ApiResult<(StatusCode, Json<ImportJob>)> {
    let aml = state.engine.aml();
    let scope = caller.scope();
    // Refused before a byte of the upload is stored.
    aml.may_import(scope).await?;
    let mut form = upload::form(request).await?;
    let job = ImportJobId::new(state.engine.real_now());
    let received = receive(&state, scope, job, &mut form).await;
    let files = state.engine.files().owned(scope, OwnerKind::WatchlistUpload, job.as_uuid()).await?;
    let (format, replace) = match received {
        Ok((Some(format), replace)) => (format, replace),
        refused => {
            // Nothing of a refused upload stays.
            state.engine.files().delete_owned(scope, OwnerKind::WatchlistUpload, job.as_uuid()).await?;
            refused?;
            return Err(ApiError::bad_request("format: send the files' format (us-csl, ofac-sdn, un-xml or ftm)")
                .with_field("format"));
        }
    };
    // The job owns the files: they are deleted when it ends, or at once if it is refused.
    let job = aml.start_import(scope, job, format, files, replace, caller.actor()).await?;
    Ok((StatusCode::ACCEPTED, Json(job)))
}

/// Stores the form's files for `job`; returns the format given and whether `replace` was.
async fn receive(
    state: &AppState,
    scope: Scope,
    job: ImportJobId,
    form: &mut Multipart,
) -> ApiResult<(Option<ListFormat>, bool)> {
    let mut format = None;
    let mut replace = false;
    let mut files = 0;
    while let Some(field) = upload::next(form).await? {
        match field.name().unwrap_or_default() {
            "format" => {
                if format.is_some() {
                    return Err(ApiError::bad_request("format: send it once").with_field("format"));
                }
                let text = upload::text(field, 100).await.map_err(|_| {
                    ApiError::bad_request("format: must be one of us-csl, ofac-sdn, un-xml, ftm").with_field("format")
                })?;
                format = Some(ListFormat::importable(&text)?);
            }
            "replace" => {
                let text = upload::text(field, 10).await.unwrap_or_default();
                replace = match text.trim() {
                    "true" => true,
                    "false" | "" => false,
                    _ => return Err(ApiError::bad_request("replace: must be `true` or `false`").with_field("replace")),
                };
            }
            "file" => {
                if files == MAX_FILES {
                    return Err(
                        ApiError::bad_request(format!("file: send at most {MAX_FILES} files")).with_field("file")
                    );
                }
                let new = NewFile {
                    owner_kind: OwnerKind::WatchlistUpload,
                    owner_id: job.as_uuid(),
                    declared_type: None,
                    name: None,
                    limit: UPLOAD_LIMIT as u64,
                };
                if upload::store(&state.engine, scope, field, new).await?.is_some() {
                    files += 1;
                }
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "unexpected form field `{}`: send `format` and one or more `file` parts",
                    docket_engine::values::shorten(other, 40)
                )));
            }
        }
    }
    if files == 0 {
        return Err(ApiError::bad_request("file: send at least one list file").with_field("file"));
    }
    Ok((format, replace))
}

#[derive(Serialize, ToSchema)]
struct ImportJobs {
    /// The recent imports (the last 20 and any running), newest first.
    data: Vec<ImportJob>,
}

/// List watchlist imports
///
/// Imports started over HTTP since the server started (the last 20, and any still running),
/// newest first. Imports made with `docket lists import` are not jobs; `GET /_docket/aml/lists`
/// shows every snapshot.
#[utoipa::path(
    get, path = "/_docket/aml/lists/imports", tag = "Docket controls", operation_id = "listImports",
    responses((status = 200, description = "The import jobs", body = ImportJobs))
)]
async fn list(State(state): State<AppState>, _caller: Caller) -> Json<ImportJobs> {
    Json(ImportJobs { data: state.engine.aml().import_jobs() })
}

/// Get a watchlist import
///
/// The job's state (`reading`, `indexing`, `done` or `failed`), its progress from 0 to 1, and
/// when done the new snapshot, or when failed the reason.
#[utoipa::path(
    get, path = "/_docket/aml/lists/imports/{import_id}", tag = "Docket controls", operation_id = "getImport",
    params(("import_id" = String, Path, format = Uuid, description = "The job's id")),
    responses(
        (status = 200, description = "The job", body = ImportJob),
        (status = 404, description = "No such job (jobs are kept in memory: the last 20)", body = ErrorBody),
    )
)]
async fn job(
    State(state): State<AppState>,
    _caller: Caller,
    IdPath(id): IdPath<ImportJobId>,
) -> ApiResult<Json<ImportJob>> {
    Ok(Json(state.engine.aml().import_job(id)?))
}
