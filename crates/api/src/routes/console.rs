//! `/_docket/console`: signing the console in (with a one-time login link, or a reviewer's
//! password and second factor) and out. These routes need no key and are not journaled (the
//! link's token and the password must not be kept); every other console request is
//! authenticated by the session cookie (see `middleware::auth`).

use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, LOCATION, REFERRER_POLICY, SET_COOKIE, USER_AGENT};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use docket_engine::Error;
use docket_engine::console::{SignIn, SignInFrom};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Peer, Query};
use crate::middleware::{cleared_session_cookie, session_cookie, session_cookie_header};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(sign_in)).routes(routes!(logout))
}

/// Where a request comes from, as the connection says.
pub(crate) fn signed_in_from(headers: &HeaderMap, peer: Peer) -> SignInFrom {
    SignInFrom { address: peer.0, user_agent: headers.get(USER_AGENT).and_then(|v| v.to_str().ok()).map(str::to_owned) }
}

/// The response that opens a session: the cookie, and no caching.
fn opened(state: &AppState, secret: &str, status: StatusCode, location: Option<&'static str>) -> Response {
    let Some(cookie) = session_cookie_header(secret, state.secure_cookies) else {
        return ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the session cookie could not be made")
            .into_response();
    };
    let mut response = status.into_response();
    let h = response.headers_mut();
    if let Some(location) = location {
        h.insert(LOCATION, HeaderValue::from_static(location));
    }
    h.insert(SET_COOKIE, cookie);
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LoginParams {
    /// The link's one-time token.
    token: Option<String>,
}

/// Open the console with a login link
///
/// Uses a one-time login link (made by `docket serve` at start, `docket console link`, or the
/// desktop app): opens a console session for the link's organization, sets the session cookie
/// (`docket_session`, HttpOnly, SameSite=Strict, 30 days from the last use) and sends the browser
/// to the console. A link works once, within 24 hours; a used, expired or unknown one is refused
/// with 401, as a short page for browsers (`Accept: text/html`) and as JSON otherwise.
#[utoipa::path(
    get, path = "/_docket/console/login", tag = "Console", operation_id = "consoleLogin", security(()),
    params(LoginParams),
    responses(
        (status = 303, description = "Signed in; the cookie is set and `Location` is the console (`/`)",
            headers(("Set-Cookie" = String, description = "docket_session=...; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000"))),
        (status = 401, description = "The link was used, has expired, or is unknown", body = ErrorBody),
    )
)]
async fn login(
    State(state): State<AppState>,
    headers: HeaderMap,
    peer: Peer,
    Query(p): Query<LoginParams>,
) -> Response {
    let token = p.token.unwrap_or_default();
    let from = signed_in_from(&headers, peer);
    match state.engine.console().redeem(&token, &from).await {
        Ok(session) => {
            let mut response = opened(&state, &session.secret, StatusCode::SEE_OTHER, Some("/"));
            // The token is spent, but it still need not travel anywhere else.
            response.headers_mut().insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
            response
        }
        Err(Error::Unauthorized(message)) if wants_html(&headers) => {
            let mut response = (StatusCode::UNAUTHORIZED, Html(refused_page(&message))).into_response();
            response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// Sign in with a password
///
/// A reviewer who has set a password and an authenticator (in the console, after signing in
/// with a link) signs in with their name, password and the authenticator's current code: the
/// answer sets the session cookie. A wrong name, password or code all answer 401 alike. After 5
/// failures for an account, or 20 from an address, within 15 minutes, attempts are refused with
/// 429 and `Retry-After` for 15 minutes; every failure is on the organization's audit chain.
#[utoipa::path(
    post, path = "/_docket/console/sign-in", tag = "Console", operation_id = "consoleSignIn", security(()),
    request_body(content = SignIn, example = json!({"name": "Ada Okafor", "password": "a long passphrase of mine", "code": "123456"})),
    responses(
        (status = 204, description = "Signed in; the cookie is set",
            headers(("Set-Cookie" = String, description = "docket_session=...; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000"))),
        (status = 401, description = "The name, password or code is not right", body = ErrorBody),
        (status = 429, description = "Too many failures: wait `Retry-After` seconds", body = ErrorBody),
    )
)]
async fn sign_in(State(state): State<AppState>, headers: HeaderMap, peer: Peer, Json(input): Json<SignIn>) -> Response {
    let from = signed_in_from(&headers, peer);
    match state.engine.console().sign_in(input, &from).await {
        Ok(session) => opened(&state, &session.secret, StatusCode::NO_CONTENT, None),
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// Sign the console out
///
/// Ends the session named by the `docket_session` cookie (if any) and clears the cookie.
#[utoipa::path(
    post, path = "/_docket/console/logout", tag = "Console", operation_id = "consoleLogout", security(()),
    responses((status = 204, description = "Signed out; the cookie is cleared"))
)]
async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let cookies = headers.get_all(axum::http::header::COOKIE);
    if let Some(secret) = session_cookie(cookies.iter().filter_map(|v| v.to_str().ok()))
        && let Err(e) = state.engine.console().end(secret).await
    {
        return ApiError::from(e).into_response();
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().insert(SET_COOKIE, cleared_session_cookie(state.secure_cookies));
    response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn wants_html(headers: &HeaderMap) -> bool {
    headers
        .get_all(axum::http::header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains("text/html"))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// API messages start in lower case (they follow a status); a page's sentence starts with a capital.
fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The page a browser shows for a refused link.
fn refused_page(message: &str) -> String {
    let detail = escape(&sentence_case(message.split(';').next().unwrap_or(message)));
    format!(
        r#"<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Login link not valid · Docket</title>
  <style>
    body {{ font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2330; margin: 0; }}
    main {{ max-width: 36rem; margin: 12vh auto; padding: 0 1.5rem; }}
    h1 {{ font-size: 1.4rem; }}
    code {{ font: 0.95em ui-monospace, Menlo, Consolas, monospace; background: #f2f4f7; padding: 0.1em 0.35em; border-radius: 4px; }}
  </style>
</head>
<body>
  <main>
    <h1>This login link cannot be used</h1>
    <p>{detail}.</p>
    <p>Each link opens the console once, within 24 hours of being made. To get a new one, run
    <code>docket console link</code> on the machine where Docket runs (add <code>--url</code> if it
    does not listen on the default address), or restart <code>docket serve</code>, which prints one.
    The desktop app signs its window in by itself.</p>
  </main>
</body>
</html>
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_page_is_escaped_and_says_how_to_get_a_link() {
        let page = refused_page("this <b>link</b> was already used; make a new one");
        assert!(page.contains("<p>This &lt;b&gt;link&lt;/b&gt; was already used.</p>"));
        assert!(page.contains("docket console link"));
    }
}
