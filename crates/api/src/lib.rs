//! Docket's HTTP interface: `/api/v3`, `/api/v4` and `/_docket` over the engine, the OpenAPI
//! description at `/openapi.json`, the API reference at `/docs`, and the console's assets.
//!
//! Invariants kept here: every error is a JSON body with a `message` (mapped once, in
//! [`error`]); every route is in the authority table ([`authority`]), enforced by one layer
//! ([`middleware::authorize`]) before any handler runs; every API request is journaled (by
//! [`middleware::capture`]) except the console's reads.

pub mod authority;
pub mod compat;
pub mod delivery;
pub mod error;
pub mod extract;
pub mod framing;
pub mod i18n;
pub mod listen;
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
use tower_http::trace::{DefaultOnResponse, TraceLayer};
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
        .merge(routes::desk_queue::router())
        .merge(routes::approvals::router())
        .merge(routes::accounts::router())
        .merge(routes::audit::router())
        .merge(routes::data::router())
        .merge(routes::deepfake::router())
        .merge(routes::verifications::router())
        .merge(routes::bankbook::router())
        .merge(routes::email::router())
        .merge(routes::nondoc::router())
        .merge(routes::kyt::router())
        .merge(routes::transmon::router())
        .merge(routes::organization::router())
}

/// The watchlist import routes: authenticated and journaled like the others, but with a longer
/// time limit, as an upload may be large.
fn import_routes() -> OpenApiRouter<AppState> {
    routes::imports::router()
}

/// The OpenAPI description of everything served.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = served_operations();
    authority::describe(&mut doc);
    doc
}

/// Every operation served, as the routers describe them.
fn served_operations() -> utoipa::openapi::OpenApi {
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
    let authorize = axum::middleware::from_fn_with_state(state.clone(), middleware::authorize);
    let imports = import_routes()
        .route_layer(authorize.clone())
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, UPLOAD_TIMEOUT))
        .layer(catch_panics());
    let (api, _) = api_routes()
        .route_layer(authorize.clone())
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
                .route_layer(authorize.clone())
                .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, UPLOAD_TIMEOUT))
                .layer(DefaultBodyLimit::max(WIDGET_BODY_LIMIT))
                .layer(catch_panics()),
        )
        // The person's side of document verification: the short id or link id is the
        // credential; not journaled either, bounded the same way.
        .merge(
            routes::verification_person::router()
                .route_layer(authorize.clone())
                .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, UPLOAD_TIMEOUT))
                .layer(DefaultBodyLimit::max(PERSON_BODY_LIMIT))
                .layer(catch_panics()),
        )
        // Signing in and out: no key, not journaled (the link's token must not be kept).
        .merge(routes::console::router().route_layer(authorize.clone()))
        .merge(meta::router().route_layer(authorize.clone()))
        .split_for_parts();

    let openapi_json = OpenApiJson(Arc::new(openapi().to_pretty_json().unwrap_or_else(|_| "{}".into())));
    let described = Router::new()
        .route("/openapi.json", get(meta::openapi_json))
        .route("/docs", get(meta::docs))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), middleware::authorize))
        .with_state(openapi_json);
    let pages = Router::new()
        .route("/kyb/widget/{token}", get(routes::kyb_widget::page))
        .route("/v/{short_id}", get(routes::verification_person::page))
        .route("/vp/{link_id}", get(routes::verification_person::page))
        .route_layer(authorize);

    api.merge(pages)
        .merge(described)
        .fallback(meta::asset)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(
            ServiceBuilder::new()
                // Framed by no one, unless a response says otherwise (the hosted pages).
                .map_response(framing::deny_unless_said)
                .map_request(sanitize_request_id)
                .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
                .layer(PropagateRequestIdLayer::x_request_id())
                .layer(
                    TraceLayer::new_for_http()
                        // The path only: a query may carry a one-time token (a login link's).
                        .make_span_with(|request: &axum::http::Request<_>| {
                            tracing::debug_span!("request", method = %request.method(), path = %request.uri().path())
                        })
                        .on_response(DefaultOnResponse::new().level(tracing::Level::DEBUG)),
                ),
        )
}

/// The longest `x-request-id` kept from a client, and its alphabet.
const MAX_REQUEST_ID: usize = 128;

fn request_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':')
}

/// A client's `x-request-id`, as it is echoed and journaled: the characters of a safe alphabet,
/// at most 128 of them; one with nothing usable is replaced by a new id.
fn sanitize_request_id<B>(mut request: axum::http::Request<B>) -> axum::http::Request<B> {
    let headers = request.headers_mut();
    if let Some(value) = headers.get("x-request-id") {
        let kept: String = String::from_utf8_lossy(value.as_bytes())
            .chars()
            .filter(|c| request_id_char(*c))
            .take(MAX_REQUEST_ID)
            .collect();
        match axum::http::HeaderValue::from_str(&kept) {
            Ok(v) if !kept.is_empty() => {
                headers.insert("x-request-id", v);
            }
            _ => {
                headers.remove("x-request-id");
            }
        }
    }
    request
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, format!("{method} is not allowed on {}", uri.path())).into_response()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// The pages `app` serves outside the OpenAPI description (kept in step with it by hand).
    const PAGES: [(&str, &str); 5] = [
        ("GET", "/openapi.json"),
        ("GET", "/docs"),
        ("GET", "/kyb/widget/{token}"),
        ("GET", "/v/{short_id}"),
        ("GET", "/vp/{link_id}"),
    ];

    #[test]
    fn every_served_route_has_a_rule_and_every_rule_a_route() {
        let doc = served_operations();
        let mut served: HashSet<(String, String)> =
            PAGES.iter().map(|(m, p)| ((*m).to_owned(), (*p).to_owned())).collect();
        for (path, item) in &doc.paths.paths {
            for (method, op) in [
                ("GET", &item.get),
                ("PUT", &item.put),
                ("POST", &item.post),
                ("DELETE", &item.delete),
                ("PATCH", &item.patch),
            ] {
                if op.is_some() {
                    served.insert((method.to_owned(), path.clone()));
                }
            }
        }
        let mut missing: Vec<String> = served
            .iter()
            .filter(|(m, p)| authority::find(&m.parse().expect("method"), p).is_none())
            .map(|(m, p)| format!("{m} {p}"))
            .collect();
        missing.sort();
        assert!(missing.is_empty(), "served without a rule in the authority table: {missing:?}");
        let mut unserved: Vec<String> = authority::RULES
            .iter()
            .filter(|r| !served.contains(&(r.method.to_owned(), r.path.to_owned())))
            .map(|r| format!("{} {}", r.method, r.path))
            .collect();
        unserved.sort();
        assert!(unserved.is_empty(), "rules for routes nobody serves: {unserved:?}");
    }

    #[test]
    fn request_ids_are_cut_to_a_safe_alphabet() {
        let with = |id: &[u8]| {
            let request = axum::http::Request::builder()
                .header("x-request-id", axum::http::HeaderValue::from_bytes(id).expect("header"))
                .body(())
                .expect("request");
            sanitize_request_id(request).headers().get("x-request-id").map(|v| v.to_str().expect("ascii").to_owned())
        };
        assert_eq!(with(b"abc-123_x.y:z").as_deref(), Some("abc-123_x.y:z"));
        assert_eq!(with(b"a<script>b").as_deref(), Some("ascriptb"));
        assert_eq!(with("x".repeat(400_000).as_bytes()).map(|v| v.len()), Some(MAX_REQUEST_ID));
        assert_eq!(with(b"<>!"), None, "nothing usable: a new id is made");
    }

    #[test]
    fn the_openapi_description_carries_the_table() {
        let doc = openapi();
        let json = serde_json::to_value(&doc).expect("serialises");
        let op = &json["paths"]["/_docket/reviewers"]["post"];
        assert_eq!(op["x-docket-access"]["callers"], serde_json::json!(["admin", "owner"]));
        assert_eq!(op["x-docket-access"]["secrets"], serde_json::json!(["login_url"]));
        assert!(op["description"].as_str().expect("text").starts_with("**Who may call:** Only an admin"));
        let op = &json["paths"]["/api/v3/applicants"]["get"];
        assert_eq!(
            op["x-docket-access"]["callers"],
            serde_json::json!(["sandbox_key", "production_key", "reviewer", "senior", "admin", "owner"])
        );
    }
}
