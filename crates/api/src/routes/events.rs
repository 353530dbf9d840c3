//! `/_docket/events`: the event outbox of the caller's environment, to see what an integration
//! caused (and, with webhooks, what was sent).

use axum::extract::State;
use docket_engine::events::{Event, LIST_BOUNDS};
use docket_engine::page::Page;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Caller, Json, Paging, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Params {
    /// Only events of this type, such as `AML_SCREENING`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    event_type: Option<String>,
}

/// List events
///
/// Domain events of the caller's environment, newest first, with their payloads: what webhooks
/// deliver.
#[utoipa::path(
    get, path = "/_docket/events", tag = "Docket controls", operation_id = "listEvents",
    params(Paging, Params),
    responses(
        (status = 200, description = "One page of events", body = Page<Event>),
        (status = 400, description = "Invalid paging", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(p): Query<Params>,
) -> ApiResult<Json<Page<Event>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let event_type = p.event_type.filter(|t| !t.trim().is_empty());
    Ok(Json(state.engine.events().list(caller.scope(), event_type, page).await?))
}
