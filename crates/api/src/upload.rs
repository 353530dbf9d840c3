//! Uploads: every `multipart/form-data` route reads its form here, through axum's `Multipart`
//! (multer underneath). File parts stream into the engine's file store with the route's limit;
//! text fields are read with a small bound. Malformed forms are 400s, oversize ones 413s, a
//! body that is not a form a 415, each with a JSON `message`.

use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use docket_engine::Engine;
use docket_engine::files::{NewFile, StoredFile};
use docket_engine::scope::Scope;

use crate::error::{ApiError, ApiResult};

/// Opens a request's body as a form.
pub async fn form(request: Request) -> ApiResult<Multipart> {
    let is_form = request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.trim_start().to_ascii_lowercase().starts_with("multipart/form-data"));
    if !is_form {
        return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "send multipart/form-data"));
    }
    Multipart::from_request(request, &()).await.map_err(|rejection: MultipartRejection| {
        ApiError::bad_request(format!(
            "the multipart/form-data content type needs a boundary parameter ({})",
            rejection.body_text().to_lowercase()
        ))
    })
}

/// The next part of a form, if any.
pub async fn next<'a>(form: &'a mut Multipart) -> ApiResult<Option<Field<'a>>> {
    form.next_field().await.map_err(malformed)
}

/// A text field's value, at most `max` bytes of UTF-8.
pub async fn text(mut field: Field<'_>, max: usize) -> ApiResult<String> {
    let name = field.name().unwrap_or_default().to_owned();
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(malformed)? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > max {
            return Err(ApiError::bad_request(format!("{name}: must be at most {max} bytes")).with_field(&name));
        }
    }
    String::from_utf8(bytes).map_err(|_| ApiError::bad_request(format!("{name}: must be UTF-8 text")).with_field(&name))
}

/// Streams a file part into the file store (its declared type and name kept with it);
/// returns `None` for an empty part sent without a name (what a browser sends for a file input
/// left empty). Over `file.limit` the upload is refused with 413 and nothing is kept.
pub async fn store(
    engine: &Engine,
    scope: Scope,
    mut field: Field<'_>,
    mut file: NewFile,
) -> ApiResult<Option<StoredFile>> {
    file.declared_type = field.content_type().map(str::to_owned);
    file.name = field.file_name().map(str::to_owned).filter(|n| !n.trim().is_empty());
    let unnamed = file.name.is_none();
    let mut upload = engine.files().begin(scope, file).await?;
    while let Some(chunk) = field.chunk().await.map_err(malformed)? {
        upload.write(&chunk).await?;
    }
    if unnamed && upload.size() == 0 {
        return Ok(None);
    }
    Ok(Some(upload.finish().await?))
}

/// A form that could not be read: a 413 when the body went over its limit, else a 400.
fn malformed(e: MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "the upload is larger than the limit of this route")
    } else if e.body_text().contains("arrived too slowly") {
        // The connection guard cut a body that stalled or crawled.
        ApiError::new(StatusCode::REQUEST_TIMEOUT, "the upload stalled or arrived too slowly")
    } else {
        ApiError::bad_request(format!("the form could not be read: {}", e.body_text()))
    }
}
