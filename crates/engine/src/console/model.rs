use serde::Serialize;

use crate::error::Result;
use crate::id::typed_id;
use crate::scope::OrganizationId;
use crate::time::Timestamp;

typed_id!(
    /// A one-time login link.
    LoginLinkId,
    "login link"
);

typed_id!(
    /// A console session.
    SessionId,
    "console session"
);

/// A new login link: the only moment its token is known.
#[derive(Debug, Clone)]
pub struct LoginLink {
    pub id: LoginLinkId,
    pub organization_id: OrganizationId,
    /// Goes into the link's `token` parameter; stored only as a hash.
    pub token: String,
    pub expires_at: Timestamp,
}

/// A console session as stored (its secret exists only as a hash).
#[derive(Debug, Clone, Serialize)]
pub struct ConsoleSession {
    pub id: SessionId,
    pub organization_id: OrganizationId,
    pub created_at: Timestamp,
    pub last_seen_at: Timestamp,
    /// Slides forward with use: the last use plus [`super::SESSION_LIFETIME`].
    pub expires_at: Timestamp,
}

/// A session just opened by a login link: the only moment its secret is known.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub session: ConsoleSession,
    /// Goes into the session cookie.
    pub secret: String,
}

/// The result of checking a session cookie.
#[derive(Debug, Clone, Copy)]
pub struct SessionAuth {
    pub session_id: SessionId,
    pub organization: OrganizationId,
    /// The session's expiry was moved forward by this check: the cookie should be sent again.
    pub renewed: bool,
}

/// The display name of the person acting in the console, as a console request names them:
/// 1 to 80 characters once trimmed, no control characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Reviewer(String);

impl Reviewer {
    /// The longest name, in characters.
    pub const MAX_CHARS: usize = 80;

    pub fn parse(name: &str) -> Result<Self> {
        crate::values::text("reviewer", name, Self::MAX_CHARS).map(Reviewer)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What one environment holds, for the console's overview and `docket info`: a count of each
/// kind of record (`applicants`, `aml_searches`, `webhooks`, `deliveries_pending`,
/// `deliveries_failed`, `requests`, and those every other domain declares).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Counts(pub std::collections::BTreeMap<String, u64>);

impl Counts {
    /// One count (0 when there is none of that name).
    pub fn get(&self, name: &str) -> u64 {
        self.0.get(name).copied().unwrap_or(0)
    }
}
