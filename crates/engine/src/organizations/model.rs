use serde::Serialize;

use crate::id::typed_id;
use crate::scope::{Environment, OrganizationId, Scope};
use crate::time::Timestamp;

typed_id!(
    /// An API key record (not the secret key itself).
    ApiKeyId,
    "API key"
);

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Organization {
    pub id: OrganizationId,
    pub name: String,
    /// The organization created at first start, which `DOCKET_*_API_KEY` pins keys for.
    pub is_default: bool,
    pub created_at: Timestamp,
}

/// An API key as stored: everything but the key itself, which exists only as a hash.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApiKey {
    pub id: ApiKeyId,
    pub organization_id: OrganizationId,
    pub environment: Environment,
    pub name: String,
    /// The key's start and last characters, to tell keys apart: `dk_sandbox_…x1Y2`.
    pub hint: String,
    /// Set when the key was pinned from an environment variable (`DOCKET_SANDBOX_API_KEY`, ...).
    pub pinned_from: Option<String>,
    pub created_at: Timestamp,
    pub last_used_at: Option<Timestamp>,
    pub revoked_at: Option<Timestamp>,
}

/// A newly created key: the only moment its secret is known.
#[derive(Debug, Clone)]
pub struct CreatedKey {
    pub key: ApiKey,
    pub secret: String,
}

/// The result of checking a presented key.
#[derive(Debug, Clone, Copy)]
pub struct Authenticated {
    pub scope: Scope,
    pub key_id: ApiKeyId,
}

/// What the first start of a new data directory created.
#[derive(Debug, Clone)]
pub struct FirstRun {
    pub organization: Organization,
    /// Keys generated now (pinned keys are not repeated here: their owner knows them).
    pub keys: Vec<CreatedKey>,
}
