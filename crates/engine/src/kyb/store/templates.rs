//! SQL for remediation templates (`kyb_remediation_templates`): each organization's reusable
//! requests, per environment, unique by name whatever its letter case.

use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::db::json_column;
use crate::error::{Error, Result};
use crate::kyb::remediation::{RemediationTemplate, TemplateId};
use crate::scope::Scope;

const COLUMNS: &str = "id, name, items, message, created_at, updated_at, updated_by";

fn template(row: &Row<'_>) -> rusqlite::Result<RemediationTemplate> {
    Ok(RemediationTemplate {
        id: row.get(0)?,
        name: row.get(1)?,
        items: json_column(row, 2)?,
        message: row.get(3)?,
        created_at: row.get(4)?,
        updated_at: row.get(5)?,
        updated_by: row.get(6)?,
    })
}

/// The scope's templates, by name.
pub(crate) fn list(conn: &Connection, scope: Scope) -> Result<Vec<RemediationTemplate>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM kyb_remediation_templates WHERE organization_id = ?1 AND environment = ?2
             ORDER BY name_key, id"
        ))?
        .query_map(params![scope.organization, scope.environment], template)?
        .collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn get(conn: &Connection, scope: Scope, id: TemplateId) -> Result<Option<RemediationTemplate>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM kyb_remediation_templates WHERE organization_id = ?1 AND environment = ?2 AND id = ?3"
        ))?
        .query_row(params![scope.organization, scope.environment, id], template)
        .optional()?)
}

fn name_taken(e: rusqlite::Error, name: &str) -> Error {
    match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation => {
            Error::Conflict(format!("a remediation template named `{name}` exists: choose another name"))
        }
        other => other.into(),
    }
}

/// Stores a template, new or changed (by id).
pub(crate) fn put(conn: &Connection, scope: Scope, t: &RemediationTemplate) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO kyb_remediation_templates (id, organization_id, environment, name, name_key, items, message,
            created_at, updated_at, updated_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, items = excluded.items,
             message = excluded.message, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
    )?
    .execute(params![
        t.id,
        scope.organization,
        scope.environment,
        t.name,
        t.name.to_lowercase(),
        serde_json::to_string(&t.items)?,
        t.message,
        t.created_at,
        t.updated_at,
        t.updated_by,
    ])
    .map_err(|e| name_taken(e, &t.name))?;
    Ok(())
}

/// Deletes a template; whether it existed.
pub(crate) fn delete(conn: &Connection, scope: Scope, id: TemplateId) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM kyb_remediation_templates WHERE organization_id = ?1 AND environment = ?2 AND id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, id])?
        > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kyb::SectionKey;
    use crate::kyb::remediation::RemediationItem;
    use crate::scope::{Environment, OrganizationId};
    use crate::time::Timestamp;

    #[test]
    fn names_are_unique_per_scope_whatever_their_case() {
        let conn = crate::db::migrated_in_memory();
        let at = Timestamp::from_millis(1);
        let org = OrganizationId::new(at);
        conn.execute("INSERT INTO organizations (id, name, created_at) VALUES (?1, 'Org', 1)", params![org])
            .expect("an organization");
        let sandbox = Scope::new(org, Environment::Sandbox);
        let production = Scope::new(org, Environment::Production);
        let t = |name: &str| RemediationTemplate {
            id: TemplateId::new(at),
            name: name.into(),
            items: vec![RemediationItem { section: Some(SectionKey::Company), document_kind: None, message: None }],
            message: Some("Fix it.".into()),
            created_at: at,
            updated_at: at,
            updated_by: "Ada".into(),
        };
        let first = t("Ownership pack");
        put(&conn, sandbox, &first).expect("stores");
        assert!(matches!(put(&conn, sandbox, &t("OWNERSHIP PACK")), Err(Error::Conflict(_))));
        put(&conn, production, &t("Ownership pack")).expect("the other environment has its own");
        let renamed = RemediationTemplate { name: "Owners".into(), ..first.clone() };
        put(&conn, sandbox, &renamed).expect("updates by id");
        assert_eq!(list(&conn, sandbox).expect("lists"), vec![renamed]);
        assert!(get(&conn, production, first.id).expect("reads").is_none(), "scoped");
        assert!(delete(&conn, sandbox, first.id).expect("deletes"));
        assert!(!delete(&conn, sandbox, first.id).expect("deletes"));
    }
}
