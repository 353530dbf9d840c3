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
    /// What opened it.
    pub method: SignInMethod,
    /// The address it was opened from, when known.
    pub address: Option<String>,
    /// The browser that opened it (its `User-Agent`, cut to 200 characters).
    pub user_agent: Option<String>,
}

/// How a session was opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SignInMethod {
    /// A one-time sign-in link.
    Link,
    /// The reviewer's password and a code of their second factor.
    Password,
}

impl SignInMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            SignInMethod::Link => "link",
            SignInMethod::Password => "password",
        }
    }

    pub(crate) fn parse(s: &str) -> Self {
        if s == "password" { SignInMethod::Password } else { SignInMethod::Link }
    }
}

/// Where a sign-in comes from, as the connection says (never what the request claims).
#[derive(Debug, Clone, Default)]
pub struct SignInFrom {
    pub address: Option<std::net::IpAddr>,
    pub user_agent: Option<String>,
}

/// A session as its reviewer and the admins see it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SessionView {
    pub id: SessionId,
    pub reviewer: ReviewerRef,
    pub created_at: Timestamp,
    pub last_seen_at: Timestamp,
    pub expires_at: Timestamp,
    pub method: SignInMethod,
    pub address: Option<String>,
    pub user_agent: Option<String>,
    /// The session this request comes from.
    pub current: bool,
}

/// `POST /_docket/console/sign-in`.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignIn {
    /// The organization (its name or id); default: the default organization.
    pub organization: Option<String>,
    /// The reviewer's name (any letter case).
    pub name: String,
    pub password: String,
    /// The six-digit code of the reviewer's authenticator app.
    pub code: String,
}

/// `PUT /_docket/me/password`.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewPassword {
    /// The password in use, when there is one.
    pub current_password: Option<String>,
    /// 12 to 128 characters, not the reviewer's name.
    pub password: String,
}

/// `POST /_docket/me/second-factor`: a new authenticator secret, shown once, to be confirmed
/// with a code it makes before it replaces anything.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SecondFactorSetup {
    /// The secret in base32, for typing into an authenticator app.
    pub secret: String,
    /// The same as an `otpauth://totp/...` URI (what a QR code would carry).
    pub otpauth_uri: String,
}

/// `POST /_docket/me/second-factor` with a second factor in use already: a code of the current
/// one, so that a session left open cannot replace it.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SecondFactorStart {
    pub current_code: Option<String>,
}

/// A six-digit code of the authenticator.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SecondFactorCode {
    pub code: String,
}

/// `PUT /_docket/reviewers/{id}/role`.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoleChange {
    pub role: Role,
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

/// A reviewer's name: 1 to 80 characters once trimmed, under the one text rule (NFC, nothing
/// invisible). Unique within the organization, and never confusable with another's
/// ([`crate::values::skeleton`]): `0wner` is refused beside `Owner`.
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

    /// What the name looks like, for telling look-alikes apart.
    pub fn skeleton(&self) -> String {
        crate::values::skeleton(&self.0)
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
    /// Set when an admin removed the account: it cannot sign in again; its history stays.
    pub removed_at: Option<Timestamp>,
    /// The reviewer has set a password.
    pub has_password: bool,
    /// The reviewer has set up an authenticator (TOTP) as their second factor.
    pub has_second_factor: bool,
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

    /// May sign in: neither disabled nor removed.
    pub fn active(&self) -> bool {
        self.disabled_at.is_none() && self.removed_at.is_none()
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
