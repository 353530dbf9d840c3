//! `ds-api-token` selects the organization and environment of a request.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::capture::CallerSlot;
use crate::error::ApiError;
use crate::extract::Caller;
use crate::state::AppState;

/// The header that carries the API key.
pub const API_KEY_HEADER: &str = "ds-api-token";

pub async fn authenticate(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let token = req.headers().get(API_KEY_HEADER).map(|v| v.to_str().unwrap_or("\u{0}"));
    let result = match token {
        None => {
            Err(docket_engine::Error::Unauthorized(format!("missing API key: send it in the {API_KEY_HEADER} header")))
        }
        Some(token) if token.contains('\u{0}') => Err(docket_engine::Error::Unauthorized("invalid API key".into())),
        Some(token) => state.engine.keys().authenticate(token).await,
    };
    match result {
        Ok(auth) => {
            if let Some(slot) = req.extensions().get::<CallerSlot>() {
                slot.set(auth.scope);
            }
            req.extensions_mut().insert(Caller(auth));
            next.run(req).await
        }
        Err(e) => ApiError::from(e).into_response(),
    }
}
