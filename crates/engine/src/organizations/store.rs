//! SQL for organizations and API keys.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{ApiKey, ApiKeyId, Organization};
use crate::error::Result;
use crate::scope::{Environment, OrganizationId};
use crate::time::Timestamp;

const ORG_COLUMNS: &str = "id, name, is_default, created_at";

fn organization(row: &Row<'_>) -> rusqlite::Result<Organization> {
    Ok(Organization { id: row.get(0)?, name: row.get(1)?, is_default: row.get(2)?, created_at: row.get(3)? })
}

pub(super) fn insert_organization(conn: &Connection, org: &Organization) -> Result<()> {
    conn.execute(
        "INSERT INTO organizations (id, name, is_default, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![org.id, org.name, org.is_default, org.created_at],
    )?;
    Ok(())
}

pub(super) fn default_organization(conn: &Connection) -> Result<Option<Organization>> {
    Ok(conn
        .query_row(&format!("SELECT {ORG_COLUMNS} FROM organizations WHERE is_default = 1"), [], organization)
        .optional()?)
}

pub(super) fn organization_by_name(conn: &Connection, name: &str) -> Result<Option<Organization>> {
    Ok(conn
        .query_row(&format!("SELECT {ORG_COLUMNS} FROM organizations WHERE name = ?1"), [name], organization)
        .optional()?)
}

pub(super) fn organization_by_id(conn: &Connection, id: OrganizationId) -> Result<Option<Organization>> {
    Ok(conn
        .query_row(&format!("SELECT {ORG_COLUMNS} FROM organizations WHERE id = ?1"), [id], organization)
        .optional()?)
}

/// Every organization's id.
pub(crate) fn ids(conn: &Connection) -> Result<Vec<OrganizationId>> {
    Ok(conn
        .prepare_cached("SELECT id FROM organizations ORDER BY id")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

pub(super) fn list_organizations(conn: &Connection) -> Result<Vec<Organization>> {
    let mut stmt = conn.prepare(&format!("SELECT {ORG_COLUMNS} FROM organizations ORDER BY created_at, id"))?;
    let rows = stmt.query_map([], organization)?.collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

const KEY_COLUMNS: &str =
    "id, organization_id, environment, name, hint, pinned_from, created_at, last_used_at, revoked_at";

fn api_key(row: &Row<'_>) -> rusqlite::Result<ApiKey> {
    Ok(ApiKey {
        id: row.get(0)?,
        organization_id: row.get(1)?,
        environment: row.get(2)?,
        name: row.get(3)?,
        hint: row.get(4)?,
        pinned_from: row.get(5)?,
        created_at: row.get(6)?,
        last_used_at: row.get(7)?,
        revoked_at: row.get(8)?,
    })
}

pub(super) fn insert_key(conn: &Connection, key: &ApiKey, hash: &[u8; 32]) -> Result<()> {
    conn.execute(
        "INSERT INTO api_keys (id, organization_id, environment, name, lookup, hash, hint, pinned_from, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            key.id,
            key.organization_id,
            key.environment,
            key.name,
            &hash[..8],
            &hash[..],
            key.hint,
            key.pinned_from,
            key.created_at
        ],
    )?;
    Ok(())
}

/// A stored key with its hash, for authentication.
#[derive(Debug, Clone)]
pub(crate) struct StoredKey {
    pub(crate) key: ApiKey,
    pub(crate) hash: [u8; 32],
}

pub(super) fn keys_by_lookup(conn: &Connection, lookup: &[u8]) -> Result<Vec<StoredKey>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {KEY_COLUMNS}, hash FROM api_keys WHERE lookup = ?1"))?;
    let rows = stmt
        .query_map([lookup], |row| {
            let hash: Vec<u8> = row.get(9)?;
            let mut fixed = [0u8; 32];
            if hash.len() == 32 {
                fixed.copy_from_slice(&hash);
            }
            Ok(StoredKey { key: api_key(row)?, hash: fixed })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

pub(super) fn key_by_hash(conn: &Connection, hash: &[u8; 32]) -> Result<Option<ApiKey>> {
    Ok(conn
        .query_row(&format!("SELECT {KEY_COLUMNS} FROM api_keys WHERE hash = ?1"), [&hash[..]], api_key)
        .optional()?)
}

pub(super) fn key_by_id(conn: &Connection, id: ApiKeyId) -> Result<Option<ApiKey>> {
    Ok(conn.query_row(&format!("SELECT {KEY_COLUMNS} FROM api_keys WHERE id = ?1"), [id], api_key).optional()?)
}

pub(super) fn list_keys(conn: &Connection, organization: Option<OrganizationId>) -> Result<Vec<ApiKey>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {KEY_COLUMNS} FROM api_keys WHERE ?1 IS NULL OR organization_id = ?1 ORDER BY created_at, id"
    ))?;
    let rows = stmt.query_map([organization], api_key)?.collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

pub(super) fn revoke_key(conn: &Connection, id: ApiKeyId, at: Timestamp) -> Result<()> {
    conn.execute("UPDATE api_keys SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL", params![id, at])?;
    Ok(())
}

/// Revokes the keys pinned from `variable` for one organization and environment.
pub(super) fn revoke_pinned(
    conn: &Connection,
    organization: OrganizationId,
    environment: Environment,
    variable: &str,
    at: Timestamp,
) -> Result<()> {
    conn.execute(
        "UPDATE api_keys SET revoked_at = ?4
         WHERE organization_id = ?1 AND environment = ?2 AND pinned_from = ?3 AND revoked_at IS NULL",
        params![organization, environment, variable, at],
    )?;
    Ok(())
}

pub(super) fn touch_key(conn: &Connection, id: ApiKeyId, at: Timestamp) -> Result<()> {
    conn.execute("UPDATE api_keys SET last_used_at = ?2 WHERE id = ?1", params![id, at])?;
    Ok(())
}

/// The organization's settings as stored: its frame origins (a JSON array) and its widget
/// settings (a JSON object); none stored: `[]` and `{}`.
pub(super) fn settings(conn: &Connection, organization: OrganizationId) -> Result<(String, String)> {
    Ok(conn
        .prepare_cached("SELECT frame_origins, widget FROM organization_settings WHERE organization_id = ?1")?
        .query_row([organization], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .unwrap_or_else(|| ("[]".to_owned(), "{}".to_owned())))
}

pub(super) fn set_settings(conn: &Connection, organization: OrganizationId, origins: &str, widget: &str) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO organization_settings (organization_id, frame_origins, widget) VALUES (?1, ?2, ?3)
         ON CONFLICT (organization_id) DO UPDATE SET frame_origins = excluded.frame_origins, widget = excluded.widget",
    )?
    .execute(params![organization, origins, widget])?;
    Ok(())
}
