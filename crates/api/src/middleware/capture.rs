//! Wraps every API request: enforces the body limit, gives bare error statuses a JSON body, and
//! stores the request and response in the journal before the response leaves (with who made
//! it: an API key, or a reviewer in the console; redacted by the route's declared secrets and
//! the value patterns). The console's reads are not journaled: it polls, and its reads would
//! drown the developer's own requests; its changes are, as the audit trail. A request that
//! presented no valid credential is only counted for its source address.
//!
//! One route takes large bodies: the watchlist upload ([`UPLOAD_PATH`]) is passed on as a
//! stream, up to [`UPLOAD_LIMIT`], and its body is not recorded.

use std::time::Instant;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{CONNECTION, CONTENT_LENGTH, CONTENT_TYPE, COOKIE, USER_AGENT};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use docket_engine::journal::{CapturedBody, RequestRecord};
use http_body_util::BodyExt;

use crate::error::{ApiError, ErrorBody, code};
use crate::extract::{Peer, Seen};
use crate::state::AppState;

/// A response extension: this response carries a credential (a signing secret, a key), so
/// the journal must redact it before storing it.
#[derive(Debug, Clone, Copy)]
pub struct CarriesCredentials;

/// The one route whose body is streamed rather than buffered: watchlist uploads.
pub const UPLOAD_PATH: &str = "/_docket/aml/lists/imports";

/// The largest watchlist upload, in bytes (1 GiB).
pub const UPLOAD_LIMIT: usize = 1024 * 1024 * 1024;

fn is_upload(method: &Method, path: &str) -> bool {
    let path = path.trim_end_matches('/');
    method == Method::POST
        && (path == UPLOAD_PATH
            || (path.starts_with(KYB_DOCUMENTS_PREFIX) && path.ends_with("/documents"))
            || path.starts_with(VERIFICATION_UPLOAD_PREFIX)
            || path == DEEPFAKE_UPLOAD_PATH
            || (path.starts_with(BANKBOOK_UPLOAD_PREFIX) && !path.starts_with(BANKBOOK_STATEMENTS_PREFIX)))
}

/// Deepfake analyses of a video or picture stream too (the file store holds them to 100 MiB).
const DEEPFAKE_UPLOAD_PATH: &str = "/api/v4/deepfake/analyses";

/// Bank statement uploads (`/api/v4/bankbook/{applicant_id}`) stream too; the rest of the
/// bankbook routes (`/api/v4/bankbook/statements/...`) are ordinary.
const BANKBOOK_UPLOAD_PREFIX: &str = "/api/v4/bankbook/";
const BANKBOOK_STATEMENTS_PREFIX: &str = "/api/v4/bankbook/statements";

/// KYB document uploads (`/api/v4/kyb/verifications/{id}/documents`) stream as well; the file
/// store holds them to their own limit.
const KYB_DOCUMENTS_PREFIX: &str = "/api/v4/kyb/verifications/";

/// Verification document uploads (`/api/v3/upload/{applicant_id}`) stream too.
const VERIFICATION_UPLOAD_PREFIX: &str = "/api/v3/upload/";

/// A request as the console's reads make them: no API key, a session cookie, GET or HEAD.
fn is_console_read(parts: &axum::http::request::Parts) -> bool {
    (parts.method == Method::GET || parts.method == Method::HEAD)
        && super::auth::api_key(&parts.headers).is_none()
        && parts
            .headers
            .get_all(COOKIE)
            .iter()
            .any(|v| v.to_str().is_ok_and(|v| super::auth::session_cookie(std::iter::once(v)).is_some()))
}

/// The request body as handlers get it.
enum Incoming {
    Buffered(Bytes),
    Streamed(Body),
}

/// Responses larger than this are passed through without being buffered or recorded.
const MAX_RECORDED_RESPONSE: usize = 1024 * 1024;

pub async fn capture(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let received_at = state.engine.real_now();
    let (mut parts, body) = req.into_parts();

    let upload = is_upload(&parts.method, parts.uri.path());
    let limit = if upload { UPLOAD_LIMIT } else { state.body_limit };
    let declared = parts.headers.get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    let request_body = if declared.is_some_and(|n| n > limit as u64) {
        Err(too_large(limit))
    } else if upload {
        Ok(Incoming::Streamed(Body::new(http_body_util::Limited::new(body, limit))))
    } else {
        match tokio::time::timeout(BODY_TIMEOUT, http_body_util::Limited::new(body, limit).collect()).await {
            Ok(Ok(collected)) => Ok(Incoming::Buffered(collected.to_bytes())),
            Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => Err(too_large(limit)),
            Ok(Err(e)) if timed_out(e.as_ref()) => Err(body_too_slow()),
            Ok(Err(e)) => Err(ApiError::bad_request(format!("could not read the request body: {e}"))),
            Err(_) => Err(body_too_slow()),
        }
    };
    let console_read = is_console_read(&parts);

    let method = parts.method.clone();
    let path = parts.uri.path().to_owned();
    let query = parts.uri.query().map(str::to_owned);
    let client = parts.headers.get(USER_AGENT).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let peer = parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| Peer(Some(c.0.ip())));
    let incoming_request_id = parts.headers.get("x-request-id").cloned();

    // A body refused part-way stays unread on the socket, so the connection cannot carry
    // another request: say so, or keep-alive clients reuse it and meet a reset.
    let body_abandoned = request_body.is_err();
    let seen = Seen::default();
    let (response, request_bytes) = match request_body {
        Ok(Incoming::Buffered(bytes)) => {
            parts.extensions.insert(seen.clone());
            let req = Request::from_parts(parts, Body::from(bytes.clone()));
            (next.run(req).await, Some(bytes))
        }
        Ok(Incoming::Streamed(body)) => {
            parts.extensions.insert(seen.clone());
            (next.run(Request::from_parts(parts, body)).await, None)
        }
        Err(e) => (e.into_response(), Some(Bytes::new())),
    };

    let (mut response_parts, response_body) = response.into_parts();
    // A refused upload may leave part of its body unread as well.
    if body_abandoned || (upload && response_parts.status.as_u16() >= 400) {
        response_parts.headers.insert(CONNECTION, HeaderValue::from_static("close"));
    }
    let response_bytes = match response_body.collect().await {
        Ok(c) => c.to_bytes(),
        Err(e) => {
            tracing::error!(error = %e, "could not read a response body");
            let e = ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error; the server log has the details");
            return e.into_response();
        }
    };
    let response_bytes = if response_parts.status.as_u16() >= 400 && response_bytes.is_empty() {
        // Axum's own rejections (405, 408 from the timeout, ...) come without a body.
        let status = response_parts.status;
        let message = status.canonical_reason().unwrap_or("error").to_owned();
        response_parts.headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response_parts.headers.remove(CONTENT_LENGTH);
        let body = ErrorBody {
            message: describe(status, &method, &path, message),
            error: code(status),
            field: None,
            code: None,
            errors: None,
        };
        Bytes::from(serde_json::to_vec(&body).unwrap_or_default())
    } else {
        response_bytes
    };

    let journal_read = method == Method::GET && path.starts_with("/_docket/requests");
    let caller = seen.caller();
    if caller.is_none() && !journal_read {
        // No valid credential: counted per source, never stored one by one.
        let peer = peer.and_then(|p| p.0);
        state.engine.journal().refused(peer, method.as_str(), &path, response_parts.status.as_u16());
    } else if let Some(caller) = caller.filter(|_| !journal_read && !console_read) {
        let too_large = |b: &Bytes| {
            (b.len() > MAX_RECORDED_RESPONSE)
                .then(|| CapturedBody::NotCaptured(format!("[{} bytes; too large to record]", b.len())))
        };
        // Requests come from clients and may carry credentials anywhere. Responses are Docket's
        // own: recorded as sent, unless the handler marked one as carrying a credential.
        let request_body = match &request_bytes {
            Some(bytes) => too_large(bytes).unwrap_or_else(|| CapturedBody::Bytes(bytes.clone())),
            None => CapturedBody::NotCaptured(match declared {
                Some(n) => format!("[an upload of {n} bytes; not recorded]"),
                None => "[an upload; not recorded]".into(),
            }),
        };
        let response_body = too_large(&response_bytes).unwrap_or_else(|| {
            if response_parts.extensions.get::<CarriesCredentials>().is_some() {
                CapturedBody::Bytes(response_bytes.clone())
            } else {
                CapturedBody::Plain(response_bytes.clone())
            }
        });
        let request_id = response_parts
            .headers
            .get("x-request-id")
            .or(incoming_request_id.as_ref())
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        state
            .engine
            .journal()
            .record(RequestRecord {
                request_id,
                scope: caller.scope(),
                secrets: seen.rule().map_or(&[], |r| r.secrets),
                source: caller.source(),
                api_key_id: caller.api_key_id(),
                reviewer: caller.reviewer().map(|r| r.name.as_str().to_owned()),
                received_at,
                method: method.to_string(),
                path,
                query,
                status: response_parts.status.as_u16(),
                latency_us: u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX),
                client,
                request_body,
                response_body,
            })
            .await;
    }
    Response::from_parts(response_parts, Body::from(response_bytes))
}

/// How long a request body (up to the body limit) may take to arrive; uploads are held to a
/// pace instead (`listen::guard`).
const BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

fn body_too_slow() -> ApiError {
    ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        "the request body did not arrive in time (it stalled or came too slowly)",
    )
}

/// Whether a body error is the connection guard's timeout.
fn timed_out(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut source = Some(e);
    while let Some(e) = source {
        if e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::TimedOut) {
            return true;
        }
        source = e.source();
    }
    false
}

fn too_large(limit: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is larger than the limit of {} KiB", limit / 1024),
    )
}

fn describe(status: StatusCode, method: &Method, path: &str, reason: String) -> String {
    match status {
        StatusCode::METHOD_NOT_ALLOWED => format!("{method} is not allowed on {path}"),
        StatusCode::REQUEST_TIMEOUT => "the request took too long and was cancelled".into(),
        _ => reason,
    }
}
