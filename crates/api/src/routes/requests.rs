//! `/_docket/requests`: the request journal of the caller's organization and environment, and
//! the count of requests refused for want of a credential.

use axum::extract::State;
use docket_engine::journal::{JournalEntry, JournalFilter, LIST_BOUNDS, RefusedRequests, Source, StatusFilter};
use docket_engine::page::Page;
use docket_engine::time::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, Json, Paging, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, clear)).routes(routes!(refused))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// HTTP method, such as `POST`.
    method: Option<String>,
    /// Paths starting with this, such as `/api/v3/applicants`.
    path: Option<String>,
    /// A status code (`404`) or class (`4xx`).
    status: Option<String>,
    /// Entries received at or after this time (RFC 3339).
    since: Option<String>,
    /// Entries received at or before this time (RFC 3339).
    until: Option<String>,
    /// The `x-request-id` of one request.
    request_id: Option<String>,
    /// Only entries with a greater `seq` (for polling).
    after: Option<i64>,
    /// `api` (requests with an API key) or `console` (changes made in the console).
    source: Option<String>,
    /// Entries of the console reviewer with exactly this name.
    reviewer: Option<String>,
}

fn time(name: &str, value: Option<String>) -> Result<Option<Timestamp>, ApiError> {
    value.map(|v| v.parse::<Timestamp>().map_err(|e| ApiError::bad_request(format!("{name}: {e}")))).transpose()
}

/// List recorded requests
///
/// Every API request of the caller's organization and environment, newest first: method, path,
/// status, latency and bodies (secrets redacted, cut at 16 KiB), and who made it: `source` is
/// `api` (with `api_key_id`) or `console` (with the `reviewer`'s name). The console's changes are
/// recorded, its reads are not; reading the journal is not itself recorded.
#[utoipa::path(
    get, path = "/_docket/requests", tag = "Docket controls", operation_id = "listRequests",
    params(Paging, ListParams),
    responses(
        (status = 200, description = "One page of journal entries", body = Page<JournalEntry>),
        (status = 400, description = "Invalid filter", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(p): Query<ListParams>,
) -> ApiResult<Json<Page<JournalEntry>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let filter = JournalFilter {
        method: p.method.map(|m| m.trim().to_ascii_uppercase()).filter(|m| !m.is_empty()),
        path: p.path.filter(|x| !x.is_empty()),
        status: p.status.as_deref().map(StatusFilter::parse).transpose()?,
        since: time("since", p.since)?,
        until: time("until", p.until)?,
        request_id: p.request_id.filter(|x| !x.is_empty()),
        after: p.after,
        source: p.source.as_deref().filter(|s| !s.trim().is_empty()).map(Source::parse).transpose()?,
        reviewer: p.reviewer.map(|r| r.trim().to_owned()).filter(|r| !r.is_empty()),
    };
    Ok(Json(state.engine.journal().list(caller.scope(), filter, page).await?))
}

#[derive(Debug, Serialize, ToSchema)]
struct Cleared {
    /// How many entries were removed.
    removed: usize,
}

/// Clear the request journal
///
/// Removes the sandbox's journal entries. Production's journal cannot be cleared (403); it
/// shrinks by its retention settings only.
#[utoipa::path(
    delete, path = "/_docket/requests", tag = "Docket controls", operation_id = "clearRequests",
    responses(
        (status = 200, description = "Cleared", body = Cleared),
        (status = 403, description = "Not a sandbox key", body = ErrorBody),
    )
)]
async fn clear(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Cleared>> {
    let removed = state.engine.journal().clear(caller.scope()).await?;
    Ok(Json(Cleared { removed }))
}

/// Requests refused for want of a credential
///
/// Requests that presented no valid API key or console session are not recorded one by one
/// (so nobody without a key can fill or flush the journal): they are counted per source
/// address since the server started, with the last five of each. The machine owner's, as they
/// belong to no organization.
#[utoipa::path(
    get, path = "/_docket/requests/refused", tag = "Docket controls", operation_id = "listRefusedRequests",
    responses((status = 200, description = "The counts", body = RefusedRequests))
)]
async fn refused(State(state): State<AppState>, _owner: crate::extract::SignedIn) -> Json<RefusedRequests> {
    Json(state.engine.journal().refused_requests())
}
