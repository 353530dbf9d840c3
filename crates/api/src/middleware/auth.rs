//! Who a request acts for, and whether the authority table lets them. `ds-api-token` (or
//! `Authorization: Bearer <key>`, as the public deepfake bot sends its key) selects the
//! organization and environment; without one, a console session cookie selects the
//! organization and the reviewer acting (the account the session was opened for), and
//! `X-Docket-Environment` the environment. What a request says about who it is (a reviewer's id,
//! a name) is never read.
//!
//! The environment header is also the console's defence against cross-site requests: a form
//! or link on another site cannot send a custom header, and a cross-origin `fetch` that does
//! is stopped by the browser's preflight (Docket sends no CORS headers). The cookie is
//! `SameSite=Strict` besides.

use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use docket_engine::console::SESSION_LIFETIME;
use docket_engine::{Environment, Error, Scope};

use crate::authority;
use crate::error::ApiError;
use crate::extract::{Caller, Credential, Seen};
use crate::state::AppState;

/// The header that carries the API key.
pub const API_KEY_HEADER: &str = "ds-api-token";

/// The cookie that carries a console session's secret.
pub const SESSION_COOKIE: &str = "docket_session";

/// The header with which a console request names its environment: `sandbox` or `production`.
pub const ENVIRONMENT_HEADER: &str = "X-Docket-Environment";

/// The authority table, enforced: finds the matched route's rule, authenticates the caller it
/// asks for (an API key or a console session), and refuses anyone it does not admit, before the
/// handler runs and before its body is read. A route with no rule is refused (fail closed).
pub async fn authorize(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let path = req.extensions().get::<MatchedPath>().map(|m| m.as_str().to_owned());
    let Some(rule) = path.as_deref().and_then(|p| authority::find(req.method(), p)) else {
        tracing::error!(method = %req.method(), path = ?path, "a route has no rule in the authority table");
        return ApiError::new(StatusCode::FORBIDDEN, "this route has no rule in Docket's authority table: refused")
            .into_response();
    };
    if let Some(seen) = req.extensions().get::<Seen>() {
        seen.set_rule(rule);
    }
    if !rule.access.needs_credential() {
        return next.run(req).await;
    }
    let headers = req.headers();
    let peer = req.extensions().get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0.ip());
    let result = if let Some(token) = api_key(headers) {
        by_key(&state, token, peer).await
    } else if let Some(secret) = session_cookie(headers.get_all(COOKIE).iter().filter_map(|v| v.to_str().ok())) {
        let secret = secret.to_owned();
        by_session(&state, req.headers(), &secret).await.map(|(caller, renewed)| {
            let cookie = renewed.then(|| session_cookie_header(&secret, state.secure_cookies));
            (caller, cookie.flatten())
        })
    } else {
        Err(Error::Unauthorized(format!("missing API key: send it in the {API_KEY_HEADER} header")))
    };
    let (caller, cookie) = match result {
        Ok(found) => found,
        Err(e) => return ApiError::from(e).into_response(),
    };
    if let Err(e) = rule.access.admits(&caller, req.method(), rule.path) {
        if let Some(seen) = req.extensions().get::<Seen>() {
            seen.set_caller(caller);
        }
        return ApiError::from(e).into_response();
    }
    if let Some(seen) = req.extensions().get::<Seen>() {
        seen.set_caller(caller.clone());
    }
    req.extensions_mut().insert(caller);
    let mut response = next.run(req).await;
    if let Some(cookie) = cookie {
        response.headers_mut().append(SET_COOKIE, cookie);
    }
    response
}

/// The API key a request carries: `ds-api-token`, else an `Authorization: Bearer` credential.
/// A value that is not visible ASCII reads as an invalid key.
pub(crate) fn api_key(headers: &HeaderMap) -> Option<&str> {
    fn text(v: &HeaderValue) -> &str {
        v.to_str().unwrap_or("\u{0}")
    }
    if let Some(token) = headers.get(API_KEY_HEADER) {
        return Some(text(token));
    }
    let value = text(headers.get(axum::http::header::AUTHORIZATION)?);
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

async fn by_key(
    state: &AppState,
    token: &str,
    peer: Option<std::net::IpAddr>,
) -> Result<(Caller, Option<HeaderValue>), Error> {
    if token.contains('\u{0}') {
        return Err(Error::Unauthorized("invalid API key".into()));
    }
    let auth = state.engine.keys().authenticate_from(token, peer).await?;
    Ok((Caller { scope: auth.scope, credential: Credential::ApiKey(auth.key_id) }, None))
}

/// A console request: the session (and its reviewer), then the environment header. Returns
/// whether the session's expiry moved (then the cookie is sent again with a fresh `Max-Age`).
async fn by_session(state: &AppState, headers: &HeaderMap, secret: &str) -> Result<(Caller, bool), Error> {
    let auth = state.engine.console().authenticate(secret).await?;
    let environment = match headers.get(ENVIRONMENT_HEADER) {
        None => {
            return Err(Error::invalid(
                ENVIRONMENT_HEADER,
                "missing; console requests name their environment in it: `sandbox` or `production`",
            ));
        }
        Some(value) => value
            .to_str()
            .ok()
            .and_then(|v| v.parse::<Environment>().ok())
            .ok_or_else(|| Error::invalid(ENVIRONMENT_HEADER, "must be `sandbox` or `production`"))?,
    };
    let caller = Caller {
        scope: Scope::new(auth.organization, environment),
        credential: Credential::Session { session: auth.session_id, reviewer: Box::new(auth.reviewer) },
    };
    Ok((caller, auth.renewed))
}

/// The session secret among the request's cookies, if any.
pub(crate) fn session_cookie<'a>(headers: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    headers
        .flat_map(|h| h.split(';'))
        .filter_map(|pair| pair.split_once('='))
        .find(|(name, _)| name.trim() == SESSION_COOKIE)
        .map(|(_, value)| value.trim().trim_matches('"'))
}

/// `Set-Cookie` for a session: HttpOnly, SameSite=Strict, for the whole site, 30 days; `Secure`
/// when Docket serves HTTPS.
pub(crate) fn session_cookie_header(secret: &str, secure: bool) -> Option<HeaderValue> {
    let max_age = SESSION_LIFETIME.as_secs();
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={secret}; HttpOnly; SameSite=Strict; Path=/; Max-Age={max_age}{secure}"
    ))
    .ok()
}

/// `Set-Cookie` that removes the session cookie.
pub(crate) fn cleared_session_cookie(secure: bool) -> HeaderValue {
    if secure {
        HeaderValue::from_static("docket_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0; Secure")
    } else {
        HeaderValue::from_static("docket_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_comes_from_its_header_or_a_bearer_authorization() {
        let mut headers = HeaderMap::new();
        assert_eq!(api_key(&headers), None);
        headers.insert("authorization", HeaderValue::from_static("Bearer  sk_1 "));
        assert_eq!(api_key(&headers), Some("sk_1"));
        headers.insert("authorization", HeaderValue::from_static("Basic dXNlcg=="));
        assert_eq!(api_key(&headers), None);
        headers.insert(API_KEY_HEADER, HeaderValue::from_static("sk_2"));
        assert_eq!(api_key(&headers), Some("sk_2"), "the API's own header first");
    }

    #[test]
    fn the_session_cookie_is_found_among_others() {
        assert_eq!(session_cookie(["a=1; docket_session=abc; b=2"].into_iter()), Some("abc"));
        assert_eq!(session_cookie(["a=1", "docket_session=\"q\""].into_iter()), Some("q"));
        assert_eq!(session_cookie(["docket_sessionx=1; other=2"].into_iter()), None);
        assert_eq!(
            session_cookie_header("s", false).expect("valid").to_str().expect("ascii"),
            "docket_session=s; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000"
        );
        assert!(session_cookie_header("s", true).expect("valid").to_str().expect("ascii").ends_with("; Secure"));
    }
}
