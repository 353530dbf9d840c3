//! The language of a hosted page (the verification page, the KYB widget) and the words put into
//! it by the server, so a page never shows English first and never fetches its messages.
//!
//! A page template carries `<html lang="en">` and one
//! `<script id="page-data" type="application/json">{}</script>`; [`localized`] sets the first
//! to the request's language and fills the second with
//! `{"lang": "de", "languages": [{code, name}], "messages": {key: text}, ...extra}`, where the
//! messages are the catalogue's (`docket-i18n`) under the page's key prefixes. The language is
//! `?lang=` (the page's switcher), else `Accept-Language`, else English ([`language`]).

use axum::http::header::{CONTENT_LANGUAGE, VARY};
use axum::http::{HeaderMap, HeaderValue, Uri};
use axum::response::Response;
pub use docket_i18n::Lang;

/// Where a template receives its data.
const DATA_SLOT: &str = "<script id=\"page-data\" type=\"application/json\">{}</script>";

/// The language of a page request: `?lang=`, else `Accept-Language`, else English.
pub fn language(uri: &Uri, headers: &HeaderMap) -> Lang {
    let query_lang = uri
        .query()
        .and_then(|q| form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == "lang").map(|(_, v)| v.into_owned()));
    let accept = headers.get(axum::http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    docket_i18n::negotiate(query_lang.as_deref(), accept)
}

/// JSON made safe inside a `<script>` element: `<`, `>` and `&` (only ever inside JSON strings)
/// are written as escapes.
pub fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// `template` in `lang`: its `<html lang>` set and its data slot filled with the messages under
/// `prefixes` and the `extra` members (each a name and a JSON value, made script-safe here).
pub fn localized(template: &str, lang: Lang, prefixes: &[&str], extra: &[(&str, String)]) -> String {
    let mut data = format!(
        "{{\"lang\":\"{}\",\"languages\":{},\"messages\":{}",
        lang.code(),
        docket_i18n::languages_json(),
        docket_i18n::page_messages(lang, prefixes)
    );
    for (name, json) in extra {
        data.push_str(&format!(",\"{name}\":{}", script_safe(json)));
    }
    data.push('}');
    let slot = format!("<script id=\"page-data\" type=\"application/json\">{data}</script>");
    template
        .replacen("<html lang=\"en\">", &format!("<html lang=\"{}\">", lang.code()), 1)
        .replacen(DATA_SLOT, &slot, 1)
}

/// Says which language a page is in, and that it depends on `Accept-Language` (for caches).
pub fn with_language(mut response: Response, lang: Lang) -> Response {
    let headers = response.headers_mut();
    headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    headers.insert(VARY, HeaderValue::from_static("Accept-Language"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_gets_its_language_and_its_words() {
        let template = "<!doctype html><html lang=\"en\"><head>\
                        <script id=\"page-data\" type=\"application/json\">{}</script></head></html>";
        let page = localized(template, Lang::De, &["common."], &[("branding", r#"{"logo":"</script>"}"#.to_owned())]);
        assert!(page.contains("<html lang=\"de\">"));
        assert!(page.contains("\"common.continue\":\"Weiter\""));
        assert!(page.contains("\"branding\":{\"logo\":\"\\u003c/script\\u003e\"}"));
        assert_eq!(page.matches("</script>").count(), 1, "nothing closes the data element early");
    }

    #[test]
    fn the_query_wins_over_the_browser() {
        let mut headers = HeaderMap::new();
        headers.insert(axum::http::header::ACCEPT_LANGUAGE, HeaderValue::from_static("fr-CH, de;q=0.5"));
        let uri: Uri = "/v/ABC?lang=es".parse().expect("uri");
        assert_eq!(language(&uri, &headers), Lang::Es);
        let uri: Uri = "/v/ABC".parse().expect("uri");
        assert_eq!(language(&uri, &headers), Lang::Fr);
        assert_eq!(language(&uri, &HeaderMap::new()), Lang::En);
    }
}
