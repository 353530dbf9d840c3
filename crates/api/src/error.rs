//! The one place where failures become HTTP responses: every error is a status code and a JSON
//! body `{"message": ..., "error": ..., "field": ...}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use docket_engine::Error;
use serde::Serialize;

/// The body of every error response.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong, for people.
    #[schema(example = "info.dob: must be between 1900-01-01 and today (2026-11-22)")]
    pub message: String,
    /// What went wrong, for programs: `bad_request`, `unauthorized`, `forbidden`, `not_found`,
    /// `method_not_allowed`, `conflict`, `payload_too_large`, `unsupported_media_type`,
    /// `too_many_requests` (a 429, with `Retry-After`), `timeout`, `unavailable` (a 503; with
    /// `Retry-After` when trying again later may help), `internal`.
    #[schema(example = "bad_request")]
    pub error: &'static str,
    /// The offending field, as a dotted path, when one is to blame.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "info.dob")]
    pub field: Option<String>,
    /// What is wrong with `field`, for programs, when the engine names it: `country` (not a
    /// country from the list), `email`, `phone`, `date`, `percentage` (not 0 to 100),
    /// `shares_total` (more than 100% in all), `text` (too long or with control characters),
    /// `choice` (not one of the values offered), `unknown_field`, `representative_owner`. A
    /// page shows its own words for it, in its language, beside the field.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "date")]
    pub code: Option<&'static str>,
    /// Every rejected field of the input, when it had more than one wrong (the first is the
    /// one `field` names): a form shows them all at once.
    /// (Boxed: most errors have none, and every handler's error stays small.)
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<FieldError>>)]
    pub errors: Option<Box<Vec<FieldError>>>,
}

/// One rejected field of an input.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    /// The field as a dotted path (`company.address.country`, `ownership.persons[1].nationality`).
    pub field: Option<String>,
    /// As in [`ErrorBody::code`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    pub message: String,
}

/// An error on its way to the client.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: ErrorBody,
    /// `Retry-After`, in seconds, for a 429 or 503.
    retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            body: ErrorBody { message: message.into(), error: code(status), field: None, code: None, errors: None },
            retry_after: None,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// Says when to try again (`Retry-After`).
    pub fn retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    /// Names the field to blame.
    pub fn with_field(mut self, field: impl Into<String>) -> Self {
        self.body.field = Some(field.into());
        self
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn into_body(self) -> ErrorBody {
        self.body
    }
}

/// The machine code of a status.
pub fn code(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "bad_request",
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::FORBIDDEN => "forbidden",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::CONFLICT => "conflict",
        StatusCode::GONE => "gone",
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        StatusCode::REQUEST_TIMEOUT => "timeout",
        StatusCode::TOO_MANY_REQUESTS => "too_many_requests",
        StatusCode::SERVICE_UNAVAILABLE => "unavailable",
        s if s.is_client_error() => "bad_request",
        _ => "internal",
    }
}

impl From<Error> for ApiError {
    fn from(e: Error) -> Self {
        match e {
            Error::Invalid(invalid) => {
                let message = invalid.to_string();
                let mut err = ApiError::new(StatusCode::BAD_REQUEST, message);
                if !invalid.others.is_empty() {
                    err.body.errors = Some(Box::new(
                        invalid
                            .all()
                            .into_iter()
                            .map(|i| FieldError { field: i.field, code: i.code, message: i.message })
                            .collect(),
                    ));
                }
                err.body.code = invalid.code;
                err.body.field = invalid.field;
                err
            }
            Error::NotFound { .. } => ApiError::new(StatusCode::NOT_FOUND, e.to_string()),
            Error::Conflict(m) => ApiError::new(StatusCode::CONFLICT, m),
            Error::Gone(m) => ApiError::new(StatusCode::GONE, m),
            Error::Unauthorized(m) => ApiError::new(StatusCode::UNAUTHORIZED, m),
            Error::Forbidden(m) => ApiError::new(StatusCode::FORBIDDEN, m),
            Error::Unavailable(m) => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, m),
            Error::Busy { message, retry_after_seconds } => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message).retry_after(u64::from(retry_after_seconds))
            }
            Error::TooLarge(m) => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, m),
            Error::TooMany { message, retry_after_seconds } => {
                ApiError::new(StatusCode::TOO_MANY_REQUESTS, message).retry_after(retry_after_seconds)
            }
            Error::UnsupportedMedia(m) => ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, m),
            Error::Incompatible(_) | Error::Storage(_) => {
                tracing::error!(error = %e, "request failed");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error; the server log has the details")
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from(seconds));
        }
        response
    }
}

/// What handlers return.
pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_that_must_wait_is_a_503_that_says_when_to_come_back() {
        let busy = Error::Busy { message: "the preview must wait".to_owned(), retry_after_seconds: 5 };
        let response = ApiError::from(busy).into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers().get(axum::http::header::RETRY_AFTER).and_then(|v| v.to_str().ok()), Some("5"));
        let other = ApiError::from(Error::Unavailable("no master key".to_owned())).into_response();
        assert!(other.headers().get(axum::http::header::RETRY_AFTER).is_none());
    }
}
