//! Who may show what Docket serves in a frame.
//!
//! - The hosted pages (the KYB widget, the verification pages) are made to be embedded in the
//!   organization's own site: they may be framed by Docket itself and by the sites the
//!   organization lists (`PUT /_docket/organization/settings`), and by no one else
//!   (`Content-Security-Policy: frame-ancestors 'self' <origins>`). `X-Frame-Options`, which
//!   older browsers read instead and which cannot name a site, says `SAMEORIGIN` only when
//!   nothing else is listed, so that the two never disagree.
//! - Everything else (the console above all, whose buttons approve, decide and erase with the
//!   reviewer's session) may be framed by no one: `frame-ancestors 'none'` and
//!   `X-Frame-Options: DENY`, added to every response that does not say otherwise. Nothing of
//!   Docket's frames the console (the desktop app opens it as its window's page), so `'self'`
//!   would allow nothing needed and would let a hosted page, whose contents a person fills in,
//!   frame it.

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_FRAME_OPTIONS};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use docket_engine::organizations::FrameOrigin;
use docket_engine::scope::OrganizationId;

use crate::state::AppState;

/// The policy of a response that says nothing of framing.
const NOT_FRAMED: &str = "frame-ancestors 'none'";

/// Adds "framed by no one" to a response that sets no policy of its own.
pub fn deny_unless_said<B>(mut response: axum::http::Response<B>) -> axum::http::Response<B> {
    let headers = response.headers_mut();
    if !headers.contains_key(CONTENT_SECURITY_POLICY) {
        headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(NOT_FRAMED));
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    response
}

/// The sites the organization lets frame its hosted pages; none when the page's id opens
/// nothing, or when they cannot be read (then only Docket itself may frame the page).
pub async fn origins_of(state: &AppState, organization: Option<OrganizationId>) -> Vec<FrameOrigin> {
    let Some(organization) = organization else { return Vec::new() };
    match state.engine.organizations().settings(organization).await {
        Ok(settings) => settings.frame_origins,
        Err(e) => {
            tracing::warn!(error = %e, "could not read who may frame a hosted page; Docket's own pages only");
            Vec::new()
        }
    }
}

/// A hosted page: `page`, its content policy (`policy`, without `frame-ancestors`) and the
/// sites besides Docket that may frame it.
pub fn hosted_page(page: impl IntoResponse, policy: &str, origins: &[FrameOrigin]) -> Response {
    let mut ancestors = String::from("frame-ancestors 'self'");
    for origin in origins {
        ancestors.push(' ');
        ancestors.push_str(origin.as_str());
    }
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    // Origins are parsed (letters, digits, `.`, `-`, `:`, `/`): always a valid header value.
    let csp = HeaderValue::from_str(&format!("{policy}; {ancestors}"))
        .unwrap_or_else(|_| HeaderValue::from_static("default-src 'none'; frame-ancestors 'self'"));
    headers.insert(CONTENT_SECURITY_POLICY, csp);
    if origins.is_empty() {
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN"));
    }
    (headers, page).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hosted_page_names_docket_and_the_listed_sites_and_nothing_else() {
        let page = hosted_page("<p>", "default-src 'self'", &[]);
        assert_eq!(page.headers()[CONTENT_SECURITY_POLICY], "default-src 'self'; frame-ancestors 'self'");
        assert_eq!(page.headers()[X_FRAME_OPTIONS], "SAMEORIGIN");

        let listed =
            ["https://shop.example.com", "http://localhost:5173"].map(|o| FrameOrigin::parse(o).expect("valid"));
        let page = hosted_page("<p>", "default-src 'self'", &listed);
        assert_eq!(
            page.headers()[CONTENT_SECURITY_POLICY],
            "default-src 'self'; frame-ancestors 'self' https://shop.example.com http://localhost:5173"
        );
        assert!(page.headers().get(X_FRAME_OPTIONS).is_none(), "X-Frame-Options cannot name a site: not sent");
    }
}
