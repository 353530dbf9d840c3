use serde::Serialize;

use crate::error::{Error, Result};
use crate::organizations::ApiKeyId;
use crate::scope::{Environment, Scope};
use crate::time::Timestamp;

/// How much the journal keeps.
#[derive(Debug, Clone, Copy)]
pub struct JournalSettings {
    /// The most entries kept per organization and environment (so no tenant evicts another's);
    /// the oldest go first.
    pub max_entries: u64,
    /// Entries older than this are removed.
    pub retention: jiff::SignedDuration,
    /// Bodies are cut to this many bytes.
    pub body_limit: usize,
}

impl Default for JournalSettings {
    fn default() -> Self {
        JournalSettings {
            max_entries: 10_000,
            retention: jiff::SignedDuration::from_hours(24 * 7),
            body_limit: 16 * 1024,
        }
    }
}

/// What a request came through: an API key, or a console session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Source {
    #[default]
    Api,
    Console,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Api => "api",
            Source::Console => "console",
        }
    }

    pub fn parse(s: &str) -> Result<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "api" => Ok(Source::Api),
            "console" => Ok(Source::Console),
            _ => Err(Error::invalid("source", "must be `api` or `console`")),
        }
    }
}

impl rusqlite::types::ToSql for Source {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(self.as_str().into())
    }
}

impl rusqlite::types::FromSql for Source {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        Source::parse(value.as_str()?).map_err(|e| rusqlite::types::FromSqlError::Other(e.to_string().into()))
    }
}

/// One request as the HTTP layer saw it, before redaction.
#[derive(Debug, Clone)]
pub struct RequestRecord {
    pub request_id: String,
    /// Whose it is: the scope its credential opened.
    pub scope: Scope,
    /// The fields its route declares secret (redacted in its bodies and query).
    pub secrets: &'static [&'static str],
    /// Whether it came with an API key or from the console.
    pub source: Source,
    /// The key it came with, when it came with one.
    pub api_key_id: Option<ApiKeyId>,
    /// The reviewer a console request named (`X-Docket-Reviewer`).
    pub reviewer: Option<String>,
    pub received_at: Timestamp,
    pub method: String,
    pub path: String,
    pub query: Option<String>,
    pub status: u16,
    pub latency_us: u64,
    /// The `User-Agent`.
    pub client: Option<String>,
    pub request_body: CapturedBody,
    pub response_body: CapturedBody,
}

/// A body as captured: its bytes (shared, not copied), or a note saying why it was not kept.
#[derive(Debug, Clone, Default)]
pub enum CapturedBody {
    #[default]
    Empty,
    /// A body that may carry credentials (every request body; responses that return one): its
    /// secret-named fields are redacted before it is stored.
    Bytes(bytes::Bytes),
    /// A body known to carry no credentials (Docket's own responses, unless marked otherwise):
    /// stored as sent, without the cost of looking for secrets.
    Plain(bytes::Bytes),
    NotCaptured(String),
}

/// One journal entry as `GET /_docket/requests` shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JournalEntry {
    /// Increases with every entry; pass the highest seen as `after` to fetch only newer ones.
    pub seq: i64,
    /// The `x-request-id` of the request and its response.
    pub request_id: String,
    pub received_at: Timestamp,
    pub environment: Option<Environment>,
    /// `api` (an API key) or `console` (a console session; only its changes are recorded).
    pub source: Source,
    /// The key the request came with (`api` requests that presented a valid key).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub api_key_id: Option<ApiKeyId>,
    /// The reviewer who made a console request, as the console named them.
    pub reviewer: Option<String>,
    pub method: String,
    pub path: String,
    pub query: Option<String>,
    pub status: u16,
    pub latency_ms: f64,
    pub client: Option<String>,
    /// The body as received, secrets redacted, cut at the body limit.
    pub request_body: Option<String>,
    pub request_body_truncated: bool,
    pub response_body: Option<String>,
    pub response_body_truncated: bool,
}

/// A status filter: an exact code (`404`) or a class (`4xx`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusFilter {
    Exact(u16),
    Class(u16),
}

impl StatusFilter {
    pub fn parse(s: &str) -> Result<Self> {
        let s = s.trim().to_ascii_lowercase();
        let bad = || Error::invalid("status", "must be a status code such as 404 or a class such as 4xx");
        if let Some(class) = s.strip_suffix("xx") {
            let c: u16 = class.parse().map_err(|_| bad())?;
            return if (1..=5).contains(&c) { Ok(StatusFilter::Class(c)) } else { Err(bad()) };
        }
        let code: u16 = s.parse().map_err(|_| bad())?;
        if (100..=599).contains(&code) { Ok(StatusFilter::Exact(code)) } else { Err(bad()) }
    }

    pub(crate) fn range(self) -> (u16, u16) {
        match self {
            StatusFilter::Exact(c) => (c, c),
            StatusFilter::Class(c) => (c * 100, c * 100 + 99),
        }
    }
}

/// Filters of the journal list.
#[derive(Debug, Clone, Default)]
pub struct JournalFilter {
    pub method: Option<String>,
    /// Paths starting with this.
    pub path: Option<String>,
    pub status: Option<StatusFilter>,
    pub since: Option<Timestamp>,
    pub until: Option<Timestamp>,
    pub request_id: Option<String>,
    /// Only entries with a greater `seq`.
    pub after: Option<i64>,
    pub source: Option<Source>,
    /// Entries of this reviewer (exact name).
    pub reviewer: Option<String>,
}

/// Requests refused for want of a valid credential, counted since the server started
/// (`GET /_docket/requests/refused`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RefusedRequests {
    pub total: u64,
    /// When the first was refused.
    pub since: Option<Timestamp>,
    /// Per source address, most refused first (at most 1,024 addresses are kept).
    pub sources: Vec<RefusedSource>,
}

/// Refused requests from one address.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RefusedSource {
    /// The connection's address (null when the server did not know it).
    pub address: Option<String>,
    pub count: u64,
    pub first_at: Timestamp,
    pub last_at: Timestamp,
    /// The last few.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<RefusedSample>))]
    pub samples: std::collections::VecDeque<RefusedSample>,
}

/// One refused request.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RefusedSample {
    pub at: Timestamp,
    pub method: String,
    pub path: String,
    pub status: u16,
}
