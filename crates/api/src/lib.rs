//! Docket's HTTP interface: `/api/v3`, `/api/v4` and `/_docket` over the engine, the OpenAPI
//! description at `/openapi.json`, the API reference at `/docs`, and the console's assets.
//!
//! Invariants kept here: every error is a JSON body with a `message` (mapped once, in
//! [`error`]); every API route but `/healthz` and the console's sign-in and sign-out needs a
//! key or a console session, which selects the scope; every API request is journaled (by
//! [`middleware::capture`]) except the console's reads.

pub mod compat;
pub mod delivery;
pub mod error;
pub mod extract;
pub mod middleware;
pub mod openapi;
pub mod routes;
pub mod server;
pub mod state;
pub mod upload;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;
use crate::routes::meta::{self, OpenApiJson};
use crate::state::AppState;

/// How long one request may take before it is answered with 408.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a watchlist upload (up to 1 GiB) may take.
const UPLOAD_TIMEOUT: Duration = Duration::from_secs(60 * 60);

/// The largest request the KYB widget takes: a document and its form around it.
const WIDGET_BODY_LIMIT: usize = docket_engine::kyb::MAX_DOCUMENT_BYTES as usize + (1 << 20);

/// The largest request of the person's verification endpoints: a document and its form.
const PERSON_BODY_LIMIT: usize = docket_engine::verifications::MAX_DOCUMENT_BYTES as usize + (1 << 20);

/// The API routes with their OpenAPI description, before layers and state.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(routes::applicants::router())
        .merge(routes::aml::router())
        .merge(routes::events::router())
        .merge(routes::webhooks::router())
        .merge(routes::sandbox::router())
        .merge(routes::requests::router())
        .merge(routes::keys::router())
        .merge(routes::kyb::router())
        .merge(routes::kyb_desk::router())
        .merge(routes::desk::router())
        .merge(routes::audit::router())
        .merge(routes::data::router())
        .merge(routes::verifications::router())
        .merge(routes::email::router())
        .merge(routes::transmon::router())
}

/// The watchlist import routes: authenticated and journaled like the others, but with a longer
/// time limit, as an upload may be large.
fn import_routes() -> OpenApiRouter<AppState> {
    routes::imports::router()
}

/// The OpenAPI description of everything served.
pub fn openapi() -> utoipa::openapi::OpenApi {
    api_routes()
        .merge(import_routes())
        .merge(routes::kyb_widget::router())
        .merge(routes::verification_person::router())
        .merge(routes::console::router())
        .merge(meta::router())
        .into_openapi()
}

fn catch_panics() -> CatchPanicLayer<fn(Box<dyn std::any::Any + Send>) -> Response> {
    CatchPanicLayer::custom(|_| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error; the server log has the details")
            .into_response()
    })
}

/// The whole application.
pub fn app(state: AppState) -> Router {
    let authenticate = axum::middleware::from_fn_with_state(state.clone(), middleware::authenticate);
    let imports = import_routes()
        .route_layer(authenticate.clone())
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, UPLOAD_TIMEOUT))
        .layer(catch_panics());
    let (api, _) = api_routes()
        .route_layer(authenticate)
        // Inside `capture`, so that time-outs and panics are journaled with JSON bodies.
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT))
        .layer(catch_panics())
        .merge(imports)
        .layer(axum::middleware::from_fn_with_state(state.clone(), middleware::capture))
        // The capture layer bounds every body (and streams uploads with their own limits), so
        // axum's default 2 MB limit on extractors would only cut uploads short.
        .layer(DefaultBodyLimit::disable())
        // The KYB widget: its token is the credential; not journaled (the token must not be
        // kept), bounded here instead.
        .merge(
            routes::kyb_widget::router()
                .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, UPLOAD_TIMEOUT))
                .layer(DefaultBodyLimit::max(WIDGET_BODY_LIMIT))
                .layer(catch_panics()),
        )
        // The person's side of document verification: the short id or link id is the
        // credential; not journaled either, bounded the same way.
        .merge(
            routes::verification_person::router()
                .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, UPLOAD_TIMEOUT))
                .layer(DefaultBodyLimit::max(PERSON_BODY_LIMIT))
                .layer(catch_panics()),
        )
        // Signing in and out: no key, not journaled (the link's token must not be kept).
        .merge(routes::console::router())
        .merge(meta::router())
        .split_for_parts();

    let openapi_json = OpenApiJson(Arc::new(openapi().to_pretty_json().unwrap_or_else(|_| "{}".into())));
    let described = Router::new().route("/openapi.json", get(meta::openapi_json)).with_state(openapi_json);

    api.route("/docs", get(meta::docs))
        .route("/kyb/widget/{token}", get(routes::kyb_widget::page))
        .route("/v/{short_id}", get(routes::verification_person::page))
        .route("/vp/{link_id}", get(routes::verification_person::page))
        .merge(described)
        .fallback(meta::asset)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(
            ServiceBuilder::new()
                .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
                .layer(PropagateRequestIdLayer::x_request_id())
                .layer(
                    TraceLayer::new_for_http()
                        .make_span_with(DefaultMakeSpan::new().level(tracing::Level::DEBUG))
                        .on_response(DefaultOnResponse::new().level(tracing::Level::DEBUG)),
                ),
        )
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, format!("{method} is not allowed on {}", uri.path())).into_response()
}
