//! `/_docket/aml/lists/imports`: watchlist imports from the browser. The upload is streamed to
//! files under the data directory (up to 1 GiB; the one route the global body limit does not
//! bound), then imported in the background exactly as `docket lists import` does; callers
//! poll the job.

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use docket_engine::aml::model::ListFormat;
use docket_engine::aml::{ImportJob, ImportJobId, UploadedFile};
use serde::Serialize;
use tokio::io::AsyncWriteExt;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json};
use crate::multipart::{self, Multipart};
use crate::state::AppState;

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
}

/// Import a watchlist from uploaded files
///
/// Takes `multipart/form-data` with a `format` field and one or more `file` parts (up to 1 GiB in
/// all), saves the files under the data directory and answers at once with the import job; the
/// import runs in the background, one at a time, exactly as `docket lists import` does. Poll
/// `GET /_docket/aml/lists/imports/{id}` for its state and progress. A failed import changes
/// nothing: the list's previous snapshot stays in use. The files are removed afterwards.
#[utoipa::path(
    post, path = "/_docket/aml/lists/imports", tag = "Docket controls", operation_id = "importList",
    request_body(content = inline(ImportUpload), content_type = "multipart/form-data"),
    responses(
        (status = 202, description = "Accepted; the import runs in the background", body = ImportJob),
        (status = 400, description = "No format or an unknown one, no file, or a malformed form", body = ErrorBody),
        (status = 403, description = "Not the default organization: the lists are shared by all", body = ErrorBody),
        (status = 413, description = "Larger than 1 GiB", body = ErrorBody),
        (status = 415, description = "Not multipart/form-data", body = ErrorBody),
    )
)]
async fn upload(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<(StatusCode, Json<ImportJob>)> {
    let boundary = multipart::boundary(headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()))?;
    let aml = state.engine.aml();
    // Refused before a byte of the upload is saved.
    aml.may_import(caller.scope()).await?;
    let folder = aml.uploads_dir().join(uuid::Uuid::now_v7().simple().to_string());
    tokio::fs::create_dir_all(&folder).await.map_err(|e| save_failed(&folder, &e))?;
    let (format, files) = match receive(Multipart::new(body, &boundary), &folder).await {
        Ok(received) => received,
        Err(e) => {
            let _ = tokio::fs::remove_dir_all(&folder).await;
            return Err(e);
        }
    };
    let Some(format) = format else {
        let _ = tokio::fs::remove_dir_all(&folder).await;
        return Err(ApiError::bad_request("format: send the files' format (us-csl, ofac-sdn, un-xml or ftm)")
            .with_field("format"));
    };
    // The engine removes the folder when the job ends, or at once if it refuses the job.
    let job = aml.start_import(caller.scope(), format, files, folder).await?;
    Ok((StatusCode::ACCEPTED, Json(job)))
}

/// Saves the form's files in `folder`; returns the format given and the files.
async fn receive(mut form: Multipart, folder: &Path) -> ApiResult<(Option<ListFormat>, Vec<UploadedFile>)> {
    let mut format = None;
    let mut files = Vec::new();
    while let Some(part) = form.next_part().await? {
        match part.name.as_str() {
            "format" => {
                if format.is_some() {
                    return Err(ApiError::bad_request("format: send it once").with_field("format"));
                }
                let text = small_text(&mut form).await?;
                format = Some(ListFormat::importable(&text)?);
            }
            "file" => {
                if files.len() == MAX_FILES {
                    return Err(
                        ApiError::bad_request(format!("file: send at most {MAX_FILES} files")).with_field("file")
                    );
                }
                let path = folder.join(format!("{:02}.upload", files.len() + 1));
                let size = save(&mut form, &path).await?;
                let sent_name = part.filename.as_deref().map(display_name).unwrap_or_default();
                if sent_name.is_empty() && size == 0 {
                    // What a browser sends for a file input left empty.
                    let _ = tokio::fs::remove_file(&path).await;
                    continue;
                }
                let name = if sent_name.is_empty() { format!("file-{}", files.len() + 1) } else { sent_name };
                files.push(UploadedFile { name, path });
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "unexpected form field `{}`: send `format` and one or more `file` parts",
                    docket_engine::values::shorten(other, 40)
                )));
            }
        }
    }
    if files.is_empty() {
        return Err(ApiError::bad_request("file: send at least one list file").with_field("file"));
    }
    Ok((format, files))
}

/// A short text field's value.
async fn small_text(form: &mut Multipart) -> ApiResult<String> {
    let mut bytes = Vec::new();
    while let Some(chunk) = form.next_chunk().await? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > 100 {
            return Err(
                ApiError::bad_request("format: must be one of us-csl, ofac-sdn, un-xml, ftm").with_field("format")
            );
        }
    }
    String::from_utf8(bytes).map_err(|_| ApiError::bad_request("format: must be UTF-8 text").with_field("format"))
}

/// Writes the current part to `path`; returns its size.
async fn save(form: &mut Multipart, path: &PathBuf) -> ApiResult<u64> {
    let file = tokio::fs::File::create(path).await.map_err(|e| save_failed(path, &e))?;
    let mut out = tokio::io::BufWriter::with_capacity(1024 * 1024, file);
    let mut size = 0u64;
    while let Some(chunk) = form.next_chunk().await? {
        size += chunk.len() as u64;
        out.write_all(&chunk).await.map_err(|e| save_failed(path, &e))?;
    }
    out.flush().await.map_err(|e| save_failed(path, &e))?;
    Ok(size)
}

fn save_failed(path: &Path, e: &std::io::Error) -> ApiError {
    ApiError::from(docket_engine::Error::Storage(format!("could not save an upload in {}: {e}", path.display())))
}

/// A sent file name as shown on the job: its last path segment, without control characters.
fn display_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let clean: String = last.chars().filter(|c| !c.is_control()).collect();
    docket_engine::values::shorten(clean.trim(), 200)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_shown_without_paths_or_control_characters() {
        assert_eq!(display_name("C:\\Users\\a\\sdn.csv"), "sdn.csv");
        assert_eq!(display_name("dir/con\u{7}solidated.csv "), "consolidated.csv");
        assert_eq!(display_name(""), "");
    }
}
