//! Extractors that turn every malformed input into a 400 with a precise message, never a bare
//! rejection: JSON bodies, path ids and query strings.

use std::str::FromStr;

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use bytes::Bytes;
use docket_engine::console::{Reviewer, SessionId};
use docket_engine::journal::Source;
use docket_engine::organizations::ApiKeyId;
use docket_engine::{Actor, Error, Scope};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// Longest error detail echoed back; hostile input never floods a response.
const MAX_DETAIL: usize = 300;

fn shorten(s: &str) -> String {
    docket_engine::values::shorten(s, MAX_DETAIL)
}

/// Rewrites serde's wording where it speaks Rust instead of JSON.
fn tidy(message: &str) -> String {
    let message = match message.find(" at line ") {
        Some(i) if message[i..].contains(" column ") => &message[..i],
        _ => message,
    };
    if let Some(i) = message.find("expected struct ") {
        return format!("{}expected a JSON object", &message[..i]);
    }
    message.replace("expected a sequence", "expected an array").replace("expected a map", "expected an object")
}

/// Parses JSON with the path of the offending field in the message (`info.dob: ...`).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    parse_json_noting(bytes, |_| {})
}

/// As [`parse_json`], calling `ignored` with the dotted path of each member the type ignored
/// (one it has no field for).
pub fn parse_json_noting<T: DeserializeOwned>(
    bytes: &[u8],
    mut ignored: impl FnMut(serde_ignored::Path<'_>),
) -> Result<T, ApiError> {
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { bytes };
    // Serde would read a struct from an array, by position; a request body must be an object.
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') => {}
        Some(b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n') => {
            return Err(ApiError::bad_request("the request body must be a JSON object"));
        }
        _ => {}
    }
    // Clients that send every field (the official Go client's structs have no `omitempty`) send
    // `""` for what they leave unset: an empty string means "not given", on every input. Most
    // bodies hold no `""` at all and are read straight into their type.
    if memchr::memmem::find(bytes, b"\"\"").is_some() {
        let mut value: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
        drop_empty_strings(&mut value);
        return serde_path_to_error::deserialize(serde_ignored::Deserializer::new(value, &mut ignored))
            .map_err(field_error);
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(&mut de, &mut ignored))
        .map_err(field_error)?;
    de.end().map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    Ok(value)
}

/// A deserialisation error as the 400 that names its field.
fn field_error(e: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let inner = e.inner();
    if inner.is_syntax() || inner.is_eof() {
        return ApiError::bad_request(format!("malformed JSON: {inner}"));
    }
    let path = e.path().to_string();
    let detail = inner.to_string();
    // A required field that is absent (or was sent as "", which means the same): named by
    // its whole path, as every other field error is.
    if let Some(name) = detail.strip_prefix("missing field `").and_then(|r| r.split('`').next()) {
        let field = if path == "." { name.to_owned() } else { format!("{path}.{name}") };
        return ApiError::bad_request(format!("{field}: is required")).with_field(field);
    }
    let detail = shorten(&tidy(&detail));
    if path == "." {
        ApiError::bad_request(detail)
    } else {
        ApiError::bad_request(format!("{path}: {detail}")).with_field(path)
    }
}

/// Removes every object member whose value is `""`, and objects left empty by that (a Go
/// struct of empty strings, such as an address nobody filled in). Arrays keep their items:
/// there an empty string is a value, and the type decides whether it is a valid one.
fn drop_empty_strings(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(members) => {
            members.retain(|_, v| {
                let was_empty_object = v.as_object().is_some_and(|o| o.is_empty());
                drop_empty_strings(v);
                !(v.as_str() == Some("") || (!was_empty_object && v.as_object().is_some_and(|o| o.is_empty())))
            });
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(drop_empty_strings),
        _ => {}
    }
}

/// A JSON body. As an extractor: an empty body counts as `{}`, and a body with a content type
/// other than JSON is refused with 415. As a response: serialised into a buffer sized for a
/// typical page, which saves the reallocations of growing one from a few bytes.
pub struct Json<T>(pub T);

impl<T: serde::Serialize> axum::response::IntoResponse for Json<T> {
    fn into_response(self) -> axum::response::Response {
        let mut body = Vec::with_capacity(16 * 1024);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => ([(CONTENT_TYPE, "application/json")], body).into_response(),
            Err(e) => {
                tracing::error!(error = %e, "a response could not be serialised");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error; the server log has the details")
                    .into_response()
            }
        }
    }
}

/// A response body that is already JSON text (a page the engine assembled from stored JSON).
pub struct RawJson(pub bytes::Bytes);

impl axum::response::IntoResponse for RawJson {
    fn into_response(self) -> axum::response::Response {
        ([(CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = json_body(req, state).await?;
        parse_json(&bytes).map(Json)
    }
}

/// A JSON body's bytes, once its `Content-Type` (when given) says JSON: what every JSON extractor
/// here starts from.
async fn json_body<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, ApiError> {
    check_content_type(req.headers())?;
    Bytes::from_request(req, state)
        .await
        .map_err(|e| ApiError::new(e.status(), format!("could not read the request body: {}", e.body_text())))
}

fn check_content_type(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(value) = headers.get(CONTENT_TYPE) else {
        return Ok(());
    };
    let mime = value.to_str().unwrap_or("").split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    if mime == "application/json" || mime.ends_with("+json") {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("request bodies must be JSON (Content-Type: application/json), not `{}`", shorten(&mime)),
        ))
    }
}

/// A JSON body whose unknown members are ignored and named back: the value, and a warning for
/// each member ignored (`link: unknown field, ignored`), for routes that answer `warnings`.
pub struct JsonNoting<T>(pub T, pub Vec<String>);

impl<T, S> FromRequest<S> for JsonNoting<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = json_body(req, state).await?;
        let mut ignored = Vec::new();
        let value = parse_json_noting(&bytes, |path| {
            ignored.push(ignored_warning(&docket_engine::values::ignored_path(&path)))
        })?;
        Ok(JsonNoting(value, ignored))
    }
}

/// The warning for a member that was ignored, by its dotted path.
pub fn ignored_warning(path: &str) -> String {
    format!("{path}: unknown field, ignored")
}

/// A JSON body read straight from its text, for types that keep what was sent verbatim (a
/// transaction's fields, `serde_json::value::RawValue`): numbers keep their digits. Empty strings
/// are not dropped here; the type reads `""` as "not given" itself.
pub struct JsonExact<T>(pub T);

impl<T, S> FromRequest<S> for JsonExact<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = json_body(req, state).await?;
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { &bytes };
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
            return Err(ApiError::bad_request("the request body must be a JSON object"));
        }
        let mut de = serde_json::Deserializer::from_slice(bytes);
        let value = serde_path_to_error::deserialize(&mut de).map_err(field_error)?;
        de.end().map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
        Ok(JsonExact(value))
    }
}

/// One id from the path, parsed with the resource's own message: `` `abc` is not a valid
/// applicant id (expected a UUID) ``.
pub struct IdPath<T>(pub T);

impl<T, S> FromRequestParts<S> for IdPath<T>
where
    T: FromStr<Err = Error> + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let axum::extract::Path(raw) = axum::extract::Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|e| ApiError::bad_request(e.body_text()))?;
        raw.parse().map(IdPath).map_err(ApiError::from)
    }
}

/// One text segment from the path (percent-decoded).
pub struct TextPath(pub String);

impl<S: Send + Sync> FromRequestParts<S> for TextPath {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let axum::extract::Path(raw) = axum::extract::Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|e| ApiError::bad_request(e.body_text()))?;
        Ok(TextPath(raw))
    }
}

/// Query parameters; a malformed one is a 400 naming it. Unknown parameters are ignored.
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or("");
        let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(de).map(Query).map_err(|e| {
            let path = e.path().to_string();
            let detail = shorten(&tidy(&e.inner().to_string()));
            if path == "." {
                ApiError::bad_request(format!("invalid query string: {detail}"))
            } else {
                ApiError::bad_request(format!("query parameter `{path}`: {detail}")).with_field(path)
            }
        })
    }
}

/// How a request authenticated, as the authorization layer established it.
#[derive(Debug, Clone)]
pub enum Credential {
    /// An API key (`ds-api-token`): the organization's integration.
    ApiKey(ApiKeyId),
    /// A console session: the reviewer the session was opened for.
    Session { session: SessionId, reviewer: Box<Reviewer> },
}

/// The organization and environment a request acts for, and who made it; set by the
/// authorization layer once the authority table admitted the caller.
#[derive(Debug, Clone)]
pub struct Caller {
    pub scope: Scope,
    pub credential: Credential,
}

impl Caller {
    pub fn scope(&self) -> Scope {
        self.scope
    }

    /// `api` or `console`.
    pub fn source(&self) -> Source {
        match self.credential {
            Credential::ApiKey(_) => Source::Api,
            Credential::Session { .. } => Source::Console,
        }
    }

    /// The signed-in reviewer of a console request.
    pub fn reviewer(&self) -> Option<&Reviewer> {
        match &self.credential {
            Credential::Session { reviewer, .. } => Some(reviewer),
            Credential::ApiKey(_) => None,
        }
    }

    /// Who acts, for the engine's records: the reviewer, or the integration's key.
    pub fn actor(&self) -> Actor {
        match &self.credential {
            Credential::Session { reviewer, .. } => Actor::Reviewer((**reviewer).clone()),
            Credential::ApiKey(id) => Actor::ApiKey(*id),
        }
    }

    /// Who made the request, for records: the reviewer's name, or `API key <id>`.
    pub fn who(&self) -> String {
        match &self.credential {
            Credential::Session { reviewer, .. } => reviewer.name.as_str().to_owned(),
            Credential::ApiKey(id) => format!("API key {id}"),
        }
    }

    /// The API key the request came with.
    pub fn api_key_id(&self) -> Option<ApiKeyId> {
        match self.credential {
            Credential::ApiKey(id) => Some(id),
            Credential::Session { .. } => None,
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<Caller>().cloned().ok_or_else(|| {
            ApiError::new(StatusCode::UNAUTHORIZED, "missing API key: send it in the ds-api-token header")
        })
    }
}

/// A console request's signed-in reviewer and session, for handlers of console controls (the
/// authority table admits only console sessions to them).
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub scope: Scope,
    pub session: SessionId,
    pub reviewer: Reviewer,
}

impl<S: Send + Sync> FromRequestParts<S> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let caller = Caller::from_request_parts(parts, state).await?;
        match caller.credential {
            Credential::Session { session, reviewer } => {
                Ok(SignedIn { scope: caller.scope, session, reviewer: *reviewer })
            }
            Credential::ApiKey(_) => {
                Err(Error::Forbidden("this is a console control: sign in to the console".into()).into())
            }
        }
    }
}

/// `page` and `limit` of every list, parsed from the query string at the edge: each list checks
/// them against its own bounds ([`Paging::within`]). A blank value (`?limit=`) is not given.
/// The list's other parameters are its own query type, which ignores these two.
#[derive(Debug, Clone, Copy, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Page number, from 0 (at most 100000); default 0.
    #[serde(default, deserialize_with = "blank_is_none")]
    #[param(value_type = Option<i64>, minimum = 0)]
    page: Option<i64>,
    /// Items per page, within the list's bounds (see "Paging" in the guide); default per list.
    #[serde(default, deserialize_with = "blank_is_none")]
    #[param(value_type = Option<i64>, minimum = 1)]
    limit: Option<i64>,
}

impl Paging {
    /// The page asked for, checked against a list's bounds (a 400 naming `page` or `limit`).
    pub fn within(self, bounds: docket_engine::page::Bounds) -> Result<docket_engine::page::PageRequest, Error> {
        docket_engine::page::PageRequest::new(self.page, self.limit, bounds)
    }
}

/// An integer query value; blank is "not given".
fn blank_is_none<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    let text: Option<String> = serde::Deserialize::deserialize(d)?;
    match text.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => t.parse().map(Some).map_err(|_| {
            serde::de::Error::custom(format!("`{}` is not a whole number", docket_engine::values::shorten(t, 40)))
        }),
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Paging {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<Paging>::from_request_parts(parts, state).await.map(|Query(p)| p)
    }
}

/// The address the request's connection comes from (set by the server's accept loop), never
/// what a header claims.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Peer(parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0.ip())))
    }
}

/// What the authorization layer learnt of a request, for the capture layer around it, which
/// reads it once the response is back: the route's rule (its declared secrets) and, once
/// authenticated, the caller (who made the request).
#[derive(Clone, Default)]
pub(crate) struct Seen(std::sync::Arc<SeenInner>);

#[derive(Default)]
struct SeenInner {
    rule: std::sync::OnceLock<&'static crate::authority::Rule>,
    caller: std::sync::OnceLock<Caller>,
}

impl Seen {
    pub(crate) fn set_rule(&self, rule: &'static crate::authority::Rule) {
        let _ = self.0.rule.set(rule);
    }

    pub(crate) fn set_caller(&self, caller: Caller) {
        let _ = self.0.caller.set(caller);
    }

    pub(crate) fn rule(&self) -> Option<&'static crate::authority::Rule> {
        self.0.rule.get().copied()
    }

    pub(crate) fn caller(&self) -> Option<&Caller> {
        self.0.caller.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Body {
        n: u8,
        inner: Option<Inner>,
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Inner {
        flag: bool,
    }

    fn message(input: &str) -> String {
        match parse_json::<Body>(input.as_bytes()) {
            Err(e) => serde_json::to_value(e.into_body())
                .map(|v| v["message"].as_str().unwrap_or("").to_owned())
                .unwrap_or_default(),
            Ok(b) => panic!("{input} should fail, parsed {b:?}"),
        }
    }

    #[test]
    fn json_errors_name_the_field_and_speak_json() {
        assert_eq!(
            message(r#"{"n": 1, "inner": {"flag": "yes"}}"#),
            "inner.flag: invalid type: string \"yes\", expected a boolean"
        );
        assert_eq!(message("[1]"), "the request body must be a JSON object");
        assert_eq!(message("42"), "the request body must be a JSON object");
        assert!(message("<xml/>").starts_with("malformed JSON"));
        assert!(message(r#"{"n": 1"#).starts_with("malformed JSON"));
        assert!(message(r#"{"n": 1} trailing"#).starts_with("malformed JSON"));
        assert_eq!(message(r#"{"n": 300}"#), "n: invalid value: integer `300`, expected u8");
    }

    #[test]
    fn empty_strings_and_the_objects_they_empty_are_not_given() {
        let mut v = serde_json::json!({
            "external_id": "x", "applicant_type": "",
            "info": {"full_name": "Jo Doe", "first_name": "", "addresses": {"residence": {"country": "", "city": ""}}},
            "custom": {}, "tags": ["", "a"], "n": 0
        });
        drop_empty_strings(&mut v);
        assert_eq!(
            v,
            serde_json::json!({"external_id": "x", "info": {"full_name": "Jo Doe"}, "custom": {}, "tags": ["", "a"], "n": 0})
        );
    }
}
