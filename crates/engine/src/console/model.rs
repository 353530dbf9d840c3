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
    pub reviewer_id: ReviewerId,
    /// Goes into the link's `token` parameter; stored only as a hash.
    pub token: String,
    pub expires_at: Timestamp,
}

/// A console session as stored (its secret exists only as a hash).
#[derive(Debug, Clone, Serialize)]
pub struct ConsoleSession {
    pub id: SessionId,
    pub organization_id: OrganizationId,
    pub reviewer_id: ReviewerId,
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
#[derive(Debug, Clone)]
pub struct SessionAuth {
    pub session_id: SessionId,
    pub organization: OrganizationId,
    /// The reviewer the session was opened for.
    pub reviewer: Reviewer,
    /// The session's expiry was moved forward by this check: the cookie should be sent again.
    pub renewed: bool,
}

typed_id!(
    /// A reviewer account.
    ReviewerId,
    "reviewer"
);

/// A reviewer's name: 1 to 80 characters once trimmed, no control characters. Unique within
/// the organization, whatever the letter case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ReviewerName(pub(crate) String);

impl ReviewerName {
    /// The longest name, in characters.
    pub const MAX_CHARS: usize = 80;

    pub fn parse(name: &str) -> Result<Self> {
        crate::values::text("name", name, Self::MAX_CHARS).map(ReviewerName)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name folded for uniqueness.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// What a reviewer may do. Each role may do everything the one before may.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ReviewerRole))]
pub enum Role {
    /// Works cases: claims, comments, decides the cases assigned to them.
    Reviewer,
    /// Also gives (or refuses) the second approval of four eyes.
    Senior,
    /// Also manages reviewers, reassigns cases and sets the desk's rules.
    Admin,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Reviewer, Role::Senior, Role::Admin];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Reviewer => "reviewer",
            Role::Senior => "senior",
            Role::Admin => "admin",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == s.trim())
    }
}

/// A reviewer account: a person who signs in to the console. Accounts belong to an
/// organization and work in both its environments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Reviewer {
    pub id: ReviewerId,
    #[serde(skip)]
    pub organization_id: OrganizationId,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub name: ReviewerName,
    pub email: Option<String>,
    pub role: Role,
    /// The machine's owner: `docket serve`'s printed link and the desktop window sign in as them.
    pub owner: bool,
    pub created_at: Timestamp,
    /// Set when an admin disabled the account: its sessions ended then, and it cannot sign in.
    pub disabled_at: Option<Timestamp>,
}

impl Reviewer {
    /// The reviewer as other records name them.
    pub fn reference(&self) -> ReviewerRef {
        ReviewerRef { id: self.id, name: self.name.as_str().to_owned() }
    }

    /// At least `role`.
    pub fn may(&self, role: Role) -> bool {
        self.role >= role
    }
}

/// A reviewer as a case, a decision or a comment names them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewerRef {
    pub id: ReviewerId,
    pub name: String,
}

/// `POST /_docket/reviewers`.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewReviewer {
    pub name: String,
    pub email: Option<String>,
    pub role: Role,
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
