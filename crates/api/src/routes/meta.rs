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

/// The API reference page: Redoc over `/openapi.json` when the console's assets (which vendor
/// Redoc) are built in; otherwise a plain page of every operation, made from the same
/// description, so a build without the console still documents its API.
pub async fn docs(State(doc): State<OpenApiJson>) -> Response {
    if Assets::get("vendor/redoc.standalone.js").is_none() {
        return Html(plain_reference(&doc.0)).into_response();
    }
    Html(DOCS_PAGE).into_response()
}

/// Escapes text for HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Every operation of an OpenAPI description, grouped by tag: method, path and summary.
fn plain_reference(openapi: &str) -> String {
    let doc: serde_json::Value = serde_json::from_str(openapi).unwrap_or_default();
    let mut by_tag: std::collections::BTreeMap<String, Vec<(String, String, String)>> = Default::default();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for (method, op) in item.as_object().into_iter().flatten() {
            let tag = op["tags"][0].as_str().unwrap_or("Other").to_owned();
            let summary = op["summary"].as_str().unwrap_or_default().to_owned();
            by_tag.entry(tag).or_default().push((method.to_uppercase(), path.clone(), summary));
        }
    }
    let mut out = String::from(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Docket API reference</title>\
         <style>body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px}\
         td{padding:2px 12px 2px 0;vertical-align:top}code{font-size:13px}</style></head><body>\
         <h1>Docket API reference</h1><p>Every operation, from <a href=\"/openapi.json\">/openapi.json</a> (the \
         full description, with schemas and examples). ",
    );
    out.push_str(CONSOLE_HOW);
    out.push_str(" The interactive reference comes with it.</p>");
    for (tag, ops) in by_tag {
        out.push_str(&format!("<h2>{}</h2><table>", esc(&tag)));
        for (method, path, summary) in ops {
            out.push_str(&format!(
                "<tr><td><code>{method}</code></td><td><code>{}</code></td><td>{}</td></tr>",
                esc(&path),
                esc(&summary)
            ));
        }
        out.push_str("</table>");
    }
    out.push_str("</body></html>");
    out
}

/// How to build the console into `docket` (the same sentence on every page that needs it).
const CONSOLE_HOW: &str = "This <code>docket</code> was built without the console: build it with <code>npm ci \
                           &amp;&amp; npm run build</code> in <code>ui/</code>, then build <code>docket</code> again \
                           (<code>cargo build</code>; a debug build reads <code>ui/dist</code> when it runs, a release \
                           build embeds it).";

/// What every console page answers when the console was not built into this `docket`.
fn console_missing() -> Response {
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Docket: the console is not \
         built</title><style>body{{font-family:system-ui,sans-serif;max-width:720px;margin:48px auto;padding:0 \
         16px;line-height:1.5}}</style></head><body><h1>The console is not built</h1><p>{CONSOLE_HOW}</p><p>The \
         API works without it: see the <a href=\"/docs\">API reference</a>.</p></body></html>"
    );
    (StatusCode::SERVICE_UNAVAILABLE, [(CACHE_CONTROL, "no-cache")], Html(page)).into_response()
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
    serve(&method, &uri, |path| Assets::get(path).map(|f| f.data))
}

/// [`asset`] over any store of the built files (`lookup` by path), so the answers without a
/// built console can be tested.
fn serve(method: &Method, uri: &Uri, lookup: impl Fn(&str) -> Option<std::borrow::Cow<'static, [u8]>>) -> Response {
    let path = uri.path().trim_start_matches('/');
    // Only console pages and assets are served here; anything else names no route.
    if (method != Method::GET && method != Method::HEAD) || path.starts_with("api/") || path.starts_with("_docket/") {
        return not_found(method, uri);
    }
    let (data, name) = match lookup(path) {
        Some(f) if !path.is_empty() => (f, path),
        _ if !path.contains('.') => match lookup("index.html") {
            Some(f) => (f, "index.html"),
            None => return console_missing(),
        },
        _ => return not_found(method, uri),
    };
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let mut response = Response::new(Body::from(data.into_owned()));
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

#[cfg(test)]
mod tests {
    use super::*;

    async fn body(response: Response) -> String {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("body");
        String::from_utf8(bytes.to_vec()).expect("utf-8")
    }

    fn get(path: &str) -> (Method, Uri) {
        (Method::GET, path.parse().expect("uri"))
    }

    #[tokio::test]
    async fn without_the_console_its_pages_say_how_to_build_it() {
        let nothing = |_: &str| None;
        for path in ["/", "/kyb/0b6a3c1e", "/sign-in"] {
            let (m, u) = get(path);
            let response = serve(&m, &u, nothing);
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
            assert!(response.headers()[CONTENT_TYPE].to_str().unwrap_or_default().starts_with("text/html"));
            let text = body(response).await;
            assert!(text.contains("The console is not built") && text.contains("npm run build"), "{text}");
            assert!(text.contains("href=\"/docs\""));
        }
        // API paths and missing files still answer as before.
        let (m, u) = get("/api/v4/nothing");
        assert_eq!(serve(&m, &u, nothing).status(), StatusCode::NOT_FOUND);
        let (m, u) = get("/assets/index-1.js");
        assert_eq!(serve(&m, &u, nothing).status(), StatusCode::NOT_FOUND);
    }

    #[tokio::test]
    async fn with_the_console_its_routes_get_the_page() {
        let built = |path: &str| (path == "index.html").then(|| std::borrow::Cow::Borrowed(&b"<div id=root>"[..]));
        let (m, u) = get("/kyb/0b6a3c1e");
        let response = serve(&m, &u, built);
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(body(response).await, "<div id=root>");
    }

    #[test]
    fn the_plain_reference_lists_every_operation() {
        let page = plain_reference(
            r#"{"paths":{"/api/v4/kyb/verifications":{"get":{"tags":["KYB"],"summary":"List <cases>"},
               "post":{"tags":["KYB"],"summary":"Create a case"}},"/healthz":{"get":{"summary":"Health"}}}}"#,
        );
        assert!(page.contains("<h2>KYB</h2>") && page.contains("<h2>Other</h2>"));
        assert!(
            page.contains("<code>POST</code></td><td><code>/api/v4/kyb/verifications</code></td><td>Create a case")
        );
        assert!(page.contains("List &lt;cases&gt;") && page.contains("npm run build"));
    }
}
