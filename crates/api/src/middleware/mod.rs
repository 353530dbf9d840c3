//! Layers around the API routes: authorization (the authority table over API keys and console
//! sessions), and capture (body limit, JSON bodies for bare error statuses, the request journal).

mod auth;
mod capture;

pub use auth::{API_KEY_HEADER, ENVIRONMENT_HEADER, SESSION_COOKIE, authorize};
pub(crate) use auth::{cleared_session_cookie, session_cookie, session_cookie_header};
pub use capture::{CarriesCredentials, UPLOAD_LIMIT, UPLOAD_PATH, capture};
