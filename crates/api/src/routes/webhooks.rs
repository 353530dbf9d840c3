//! Webhooks: `/api/v3/organization/webhooks` (endpoints and secret rotation) and
//! `/api/v3/notifications/webhook/history` as the public service's clients call them; and
//! Docket's `/_docket/webhooks` controls (one delivery's attempts, replay, test events, settings).

use axum::Extension;
use axum::extract::State;
use docket_engine::page::Page;
use docket_engine::webhooks::{
    AddressGuard, Delivery, DeliveryDetail, DeliveryId, EventType, HISTORY_BOUNDS, RotatedSecret, Webhook,
    WebhookCreated, WebhookId, WebhookInput, WebhookSettings, WebhookSettingsPatch,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query, SignedIn};
use crate::middleware::CarriesCredentials;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get, update, delete))
        .routes(routes!(rotate))
        .routes(routes!(history))
        .routes(routes!(delivery))
        .routes(routes!(replay))
        .routes(routes!(send_test))
        .routes(routes!(settings, update_settings))
        .routes(routes!(put_address_guard))
}

const WEBHOOK_ID: &str = "The endpoint's id";

/// Create a webhook endpoint
///
/// Registers an endpoint for the API key's environment. The answer holds its signing secret
/// (`whsec_` and 64 hex digits), shown only this once: keep it to verify `X-Webhook-Signature`.
/// In production, a URL whose host is an address that is not public (loopback, private,
/// link-local, any special-purpose block of the IANA registries, an IPv4 one carried in IPv6) or
/// a `localhost` name is refused (400 naming the address' registry entry) unless an admin turned
/// the address guard off; in the sandbox they are the normal case.
#[utoipa::path(
    post, path = "/api/v3/organization/webhooks", tag = "Webhooks", operation_id = "createWebhook",
    request_body(content = WebhookInput, example = json!({
        "webhook_url": "https://example.com/hooks/dataspike", "event_types": ["AML_SCREENING"], "enabled": true, "is_sandbox": true
    })),
    responses(
        (status = 200, description = "Created; the secret is shown only now", body = WebhookCreated),
        (status = 400, description = "Invalid URL, event type or environment", body = ErrorBody),
        (status = 409, description = "The environment has the most endpoints allowed", body = ErrorBody),
        (status = 503, description = "This process has no master key to keep secrets", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    Json(input): Json<WebhookInput>,
) -> ApiResult<(Extension<CarriesCredentials>, Json<WebhookCreated>)> {
    let created = state.engine.webhooks().create(caller.scope(), input).await?;
    Ok((Extension(CarriesCredentials), Json(created)))
}

/// The endpoint list, as the public service's clients read it.
#[derive(Debug, Serialize, ToSchema)]
struct WebhookList {
    webhooks: Vec<Webhook>,
}

/// List webhook endpoints
///
/// The endpoints of the API key's environment, oldest first. Secrets are never shown again.
#[utoipa::path(
    get, path = "/api/v3/organization/webhooks", tag = "Webhooks", operation_id = "listWebhooks",
    responses((status = 200, description = "The endpoints", body = WebhookList))
)]
async fn list(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<WebhookList>> {
    Ok(Json(WebhookList { webhooks: state.engine.webhooks().list(caller.scope()).await? }))
}

/// Get a webhook endpoint
#[utoipa::path(
    get, path = "/api/v3/organization/webhooks/{webhook_id}", tag = "Webhooks", operation_id = "getWebhook",
    params(("webhook_id" = String, Path, format = Uuid, description = WEBHOOK_ID)),
    responses(
        (status = 200, description = "The endpoint", body = Webhook),
        (status = 404, description = "No such endpoint", body = ErrorBody),
    )
)]
async fn get(State(state): State<AppState>, caller: Caller, IdPath(id): IdPath<WebhookId>) -> ApiResult<Json<Webhook>> {
    Ok(Json(state.engine.webhooks().get(caller.scope(), id).await?))
}

/// Update a webhook endpoint
///
/// Replaces the URL, event types and `enabled` (the body is the same as for creation). The
/// secret stays. Enabling an endpoint Docket disabled (after a 410 Gone) clears the reason and
/// resumes its pending deliveries.
#[utoipa::path(
    put, path = "/api/v3/organization/webhooks/{webhook_id}", tag = "Webhooks", operation_id = "updateWebhook",
    params(("webhook_id" = String, Path, format = Uuid, description = WEBHOOK_ID)),
    request_body = WebhookInput,
    responses(
        (status = 200, description = "The endpoint", body = Webhook),
        (status = 400, description = "Invalid URL, event type or environment", body = ErrorBody),
        (status = 404, description = "No such endpoint", body = ErrorBody),
    )
)]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<WebhookId>,
    Json(input): Json<WebhookInput>,
) -> ApiResult<Json<Webhook>> {
    Ok(Json(state.engine.webhooks().update(caller.scope(), id, input).await?))
}

/// Delete a webhook endpoint
///
/// Deletes the endpoint with its delivery history; pending deliveries are dropped.
#[utoipa::path(
    delete, path = "/api/v3/organization/webhooks/{webhook_id}", tag = "Webhooks", operation_id = "deleteWebhook",
    params(("webhook_id" = String, Path, format = Uuid, description = WEBHOOK_ID)),
    responses(
        (status = 200, description = "Deleted"),
        (status = 404, description = "No such endpoint", body = ErrorBody),
    )
)]
async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<WebhookId>,
) -> ApiResult<axum::http::StatusCode> {
    state.engine.webhooks().delete(caller.scope(), id).await?;
    Ok(axum::http::StatusCode::OK)
}

/// Rotate a signing secret
///
/// Makes a new secret and returns it, once. The previous secret keeps signing for the
/// environment's grace period (`rotation_grace_seconds`, default 24 h): meanwhile every delivery
/// carries two `v1` signatures, so receivers can switch without losing events.
#[utoipa::path(
    post, path = "/api/v3/organization/webhooks/{webhook_id}/hmac/rotate", tag = "Webhooks",
    operation_id = "rotateWebhookSecret",
    params(("webhook_id" = String, Path, format = Uuid, description = WEBHOOK_ID)),
    responses(
        (status = 200, description = "The new secret, shown only now", body = RotatedSecret),
        (status = 404, description = "No such endpoint", body = ErrorBody),
    )
)]
async fn rotate(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<WebhookId>,
) -> ApiResult<(Extension<CarriesCredentials>, Json<RotatedSecret>)> {
    let rotated = state.engine.webhooks().rotate(caller.scope(), id).await?;
    Ok((Extension(CarriesCredentials), Json(rotated)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct HistoryParams {
    /// Only deliveries to this endpoint.
    webhook_id: Option<String>,
    /// The same as `webhook_id` (the older documentation's name).
    webhook: Option<String>,
    /// A cursor: only deliveries older than the one with this id (the last `id` of the
    /// previous page).
    after: Option<String>,
}

/// Webhook delivery history
///
/// Deliveries of the environment, newest first, with the envelope's payload, the number of
/// attempts and the last status code (null while pending and unanswered). Docket adds `state`,
/// `next_attempt_at`, `last_error`, `event_id` and `is_test`; `/_docket/webhooks/deliveries/{id}`
/// shows every attempt.
#[utoipa::path(
    get, path = "/api/v3/notifications/webhook/history", tag = "Webhooks", operation_id = "webhookHistory",
    params(Paging, HistoryParams),
    responses(
        (status = 200, description = "One page of deliveries", body = Page<Delivery>),
        (status = 400, description = "Invalid paging, id or cursor", body = ErrorBody),
    )
)]
async fn history(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(p): Query<HistoryParams>,
) -> ApiResult<Json<Page<Delivery>>> {
    let page = paging.within(HISTORY_BOUNDS)?;
    let webhook = match (p.webhook_id.as_deref(), p.webhook.as_deref()) {
        (Some(a), Some(b)) if a.trim() != b.trim() => {
            return Err(ApiError::bad_request("webhook_id and webhook name different endpoints; send one"));
        }
        (Some(id), _) | (None, Some(id)) => Some(parse_id::<WebhookId>("webhook_id", id)?),
        (None, None) => None,
    };
    let after = p.after.as_deref().map(|a| parse_id::<DeliveryId>("after", a)).transpose()?;
    Ok(Json(state.engine.webhooks().history(caller.scope(), webhook, after, page).await?))
}

fn parse_id<T: std::str::FromStr<Err = docket_engine::Error>>(field: &str, text: &str) -> Result<T, ApiError> {
    text.parse::<T>().map_err(|e| ApiError::from(e.within(field)))
}

/// One delivery, with every attempt
///
/// The envelope exactly as sent, and for each attempt its time, signature timestamp, status
/// code, latency, the start of the answer and the error, if any.
#[utoipa::path(
    get, path = "/_docket/webhooks/deliveries/{delivery_id}", tag = "Docket controls", operation_id = "webhookDelivery",
    params(("delivery_id" = String, Path, format = Uuid, description = "The delivery's id (the envelope's `id`)")),
    responses(
        (status = 200, description = "The delivery", body = DeliveryDetail),
        (status = 404, description = "No such delivery", body = ErrorBody),
    )
)]
async fn delivery(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<DeliveryId>,
) -> ApiResult<Json<DeliveryDetail>> {
    Ok(Json(state.engine.webhooks().delivery(caller.scope(), id).await?))
}

/// Replay a delivery
///
/// Sends a delivery again at once, delivered or not, with the same envelope and id (receivers
/// that de-duplicate by `id` will see it as already handled), and a fresh retry schedule.
#[utoipa::path(
    post, path = "/_docket/webhooks/deliveries/{delivery_id}/replay", tag = "Docket controls",
    operation_id = "replayWebhookDelivery",
    params(("delivery_id" = String, Path, format = Uuid, description = "The delivery's id (the envelope's `id`)")),
    responses(
        (status = 200, description = "The delivery, pending again", body = Delivery),
        (status = 404, description = "No such delivery", body = ErrorBody),
    )
)]
async fn replay(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<DeliveryId>,
) -> ApiResult<Json<Delivery>> {
    Ok(Json(state.engine.webhooks().replay(caller.scope(), id).await?))
}

/// Which test event to send.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct TestEvent {
    /// Default: the endpoint's first event type (AML_SCREENING for `ALL`).
    event_type: Option<EventType>,
}

/// Send a test event
///
/// Sends an example event to the endpoint at once, signed like any other, whatever types it
/// subscribes to. An AML_SCREENING test carries a real search (in the sandbox, of the magic name
/// Ivan Sanctionov), not recorded in the history; other types carry the catalogue's example.
/// The delivery is marked `is_test` and has no `event_id`.
#[utoipa::path(
    post, path = "/_docket/webhooks/{webhook_id}/test", tag = "Docket controls", operation_id = "sendWebhookTest",
    params(("webhook_id" = String, Path, format = Uuid, description = WEBHOOK_ID)),
    request_body(content = TestEvent, description = "Optional: an empty body sends the default type"),
    responses(
        (status = 200, description = "The queued delivery", body = Delivery),
        (status = 404, description = "No such endpoint", body = ErrorBody),
        (status = 409, description = "The endpoint is disabled", body = ErrorBody),
    )
)]
async fn send_test(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<WebhookId>,
    Json(test): Json<TestEvent>,
) -> ApiResult<Json<Delivery>> {
    Ok(Json(state.engine.webhooks().send_test(caller.scope(), id, test.event_type).await?))
}

/// Webhook settings
///
/// The environment's webhook settings: the secret rotation grace period, the answer timeout,
/// how long finished deliveries are kept, and whether production endpoints may use addresses
/// that are not public (the address guard, set with `PUT /_docket/webhooks/address-guard`).
#[utoipa::path(
    get, path = "/_docket/webhooks/settings", tag = "Docket controls", operation_id = "webhookSettings",
    responses((status = 200, description = "The settings", body = WebhookSettings))
)]
async fn settings(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<WebhookSettings>> {
    Ok(Json(state.engine.webhooks().settings(caller.scope()).await?))
}

/// Change webhook settings
///
/// Fields left out keep their values. `allow_private_addresses` is refused here (400): it is
/// the address guard, an admin's switch (`PUT /_docket/webhooks/address-guard`).
#[utoipa::path(
    patch, path = "/_docket/webhooks/settings", tag = "Docket controls", operation_id = "updateWebhookSettings",
    request_body(content = WebhookSettingsPatch, example = json!({"timeout_seconds": 2, "rotation_grace_seconds": 3600})),
    responses(
        (status = 200, description = "The settings", body = WebhookSettings),
        (status = 400, description = "A value out of range, `allow_private_addresses`, or an unknown field", body = ErrorBody),
    )
)]
async fn update_settings(
    State(state): State<AppState>,
    caller: Caller,
    Json(patch): Json<WebhookSettingsPatch>,
) -> ApiResult<Json<WebhookSettings>> {
    Ok(Json(state.engine.webhooks().update_settings(caller.scope(), patch).await?))
}

/// Switch the address guard
///
/// Production refuses webhook endpoints, and every delivery attempt, to addresses that are not
/// public: loopback, private, link-local (cloud metadata), every block of the IANA
/// special-purpose registries that is not globally reachable, an IPv4 address of these carried
/// in IPv6, and `localhost` names. `{"allow_private_addresses": true}` turns the guard off, so
/// that production deliveries may reach this machine and its networks; `false` turns it on
/// again, and deliveries follow from their next attempt, whenever their endpoint was saved.
/// An admin's, signed in to the console: each switch is an event on production's audit chain
/// (`webhook_address_guard_changed`, with the reviewer, before and after). The sandbox always
/// allows every address (409).
#[utoipa::path(
    put, path = "/_docket/webhooks/address-guard", tag = "Docket controls", operation_id = "putWebhookAddressGuard",
    request_body(content = AddressGuard, example = json!({"allow_private_addresses": false})),
    responses(
        (status = 200, description = "The guard as set", body = AddressGuard),
        (status = 400, description = "Not a boolean, or an unknown field", body = ErrorBody),
        (status = 403, description = "Not an admin signed in to the console", body = ErrorBody),
        (status = 409, description = "The sandbox: it allows every address", body = ErrorBody),
    )
)]
async fn put_address_guard(
    State(state): State<AppState>,
    me: SignedIn,
    Json(guard): Json<AddressGuard>,
) -> ApiResult<Json<AddressGuard>> {
    Ok(Json(state.engine.webhooks().set_address_guard(me.scope, guard, &me.reviewer).await?))
}
