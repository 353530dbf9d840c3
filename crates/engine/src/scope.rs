//! Who a request acts for: one organization in one environment. Every record carries both, and
//! every store query filters by both; that is the isolation rule.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::id::typed_id;

typed_id!(
    /// An organization: the tenant that owns keys and records.
    OrganizationId,
    "organization"
);

/// The two isolated environments of an organization.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Environment {
    Sandbox,
    Production,
}

impl Environment {
    pub const ALL: [Environment; 2] = [Environment::Sandbox, Environment::Production];

    pub fn as_str(self) -> &'static str {
        match self {
            Environment::Sandbox => "sandbox",
            Environment::Production => "production",
        }
    }

    pub fn is_sandbox(self) -> bool {
        self == Environment::Sandbox
    }
}

impl fmt::Display for Environment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Environment {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "sandbox" => Ok(Environment::Sandbox),
            "production" => Ok(Environment::Production),
            _ => Err(Error::invalid("environment", "must be `sandbox` or `production`")),
        }
    }
}

impl rusqlite::types::ToSql for Environment {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(self.as_str().into())
    }
}

impl rusqlite::types::FromSql for Environment {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        value.as_str()?.parse().map_err(|e: Error| rusqlite::types::FromSqlError::Other(e.to_string().into()))
    }
}

/// One organization's one environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scope {
    pub organization: OrganizationId,
    pub environment: Environment,
}

impl Scope {
    pub fn new(organization: OrganizationId, environment: Environment) -> Self {
        Scope { organization, environment }
    }

    pub fn is_sandbox(&self) -> bool {
        self.environment.is_sandbox()
    }
}
