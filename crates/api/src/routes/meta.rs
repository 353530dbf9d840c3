//! Unauthenticated routes: health, the OpenAPI description, the API reference page, and the
//! console's static assets.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, Method, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use rust_embed::Embed;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::extract::Json;
use crate::state::AppState;

/// The console's built assets (`ui/dist`), embedded in release builds.
#[derive(Embed)]
#[folder = "$CARGO_MANIFEST_DIR/../../ui/dist"]
#[allow_missing = true]
pub struct Assets;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

#[derive(Serialize, ToSchema)]
struct Health {
    #[schema(example = "ok")]
    status: &'static str,
    version: &'static str,
}

/// Health
///
/// Answers as soon as the server accepts requests. No key needed.
#[utoipa::path(get, path = "/healthz", tag = "Server", operation_id = "health", security(()),
    responses((status = 200, description = "The server is up", body = Health)))]
async fn health() -> Json<Health> {
    Json(Health { status: "ok", version: env!("CARGO_PKG_VERSION") })
}

/// The OpenAPI description, serialised once at start.
#[derive(Clone)]
pub struct OpenApiJson(pub Arc<String>);

pub async fn openapi_json(State(doc): State<OpenApiJson>) -> Response {
    ([(CONTENT_TYPE, "application/json")], doc.0.as_str().to_owned()).into_response()
}

pub async fn docs() -> Response {
    if Assets::get("vendor/redoc.standalone.js").is_none() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Html("<!doctype html><title>Docket API reference</title><p>The API reference page needs the console's \
                  assets, which were not built. Run <code>npm run build</code> in <code>ui/</code> and rebuild, or read \
                  <a href=\"/openapi.json\">/openapi.json</a>.</p>"),
        )
            .into_response();
    }
    Html(DOCS_PAGE).into_response()
}

const DOCS_PAGE: &str = r##"<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Docket API reference</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <style>body { margin: 0; }</style>
</head>
<body>
  <div id="reference"></div>
  <script src="/vendor/redoc.standalone.js"></script>
  <script>
    Redoc.init("/openapi.json", {
      hideDownloadButton: false,
      expandResponses: "200,201",
      requiredPropsFirst: true,
      sortPropsAlphabetically: false,
      pathInMiddlePanel: true,
      hideHostname: true,
      theme: {
        colors: { primary: { main: "#2f5bd3" } },
        typography: {
          fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
          headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
          code: { fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace" }
        },
        sidebar: { backgroundColor: "#f6f7f9" }
      }
    }, document.getElementById("reference"));
  </script>
</body>
</html>
"##;

/// Serves a console asset, or the console's `index.html` for its own routes (the console routes
/// in the browser). Unknown API-looking paths get a JSON 404.
pub async fn asset(method: Method, uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    // Only console pages and assets are served here; anything else names no route.
    if (method != Method::GET && method != Method::HEAD) || path.starts_with("api/") || path.starts_with("_docket/") {
        return not_found(&method, &uri);
    }
    let (file, name) = match Assets::get(path) {
        Some(f) if !path.is_empty() => (f, path),
        _ if !path.contains('.') => match Assets::get("index.html") {
            Some(f) => (f, "index.html"),
            None => return not_found(&method, &uri),
        },
        _ => return not_found(&method, &uri),
    };
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let mut response = Response::new(Body::from(file.data.into_owned()));
    if let Ok(v) = HeaderValue::from_str(mime.as_ref()) {
        response.headers_mut().insert(CONTENT_TYPE, v);
    }
    // Built assets carry content hashes in their names; the page itself must not be cached.
    let cache = if name.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

pub fn not_found(method: &Method, uri: &Uri) -> Response {
    ApiError::new(StatusCode::NOT_FOUND, format!("no route for {method} {}", uri.path())).into_response()
}
