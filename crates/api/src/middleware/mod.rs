//! Layers around the API routes: authentication, and capture (body limit, JSON error bodies,
//! the request journal).

mod auth;
mod capture;

pub use auth::{API_KEY_HEADER, authenticate};
pub use capture::{CarriesCredentials, capture};
