//! Remediation templates (issue 33): the requests an organization makes often, kept per
//! environment and managed by its admins in the console (the `docket` command may too). Every
//! change is on the environment's audit chain with who made it; reviewers and the integration
//! read them and name one in a remediation (`template_id`).

use serde_json::json;

use super::desk::admin_only;
use super::remediation::{NewRemediationTemplate, RemediationTemplate, TemplateId};
use super::service::Kyb;
use super::store::templates as store;
use crate::Actor;
use crate::error::{Error, Result};
use crate::scope::Scope;

impl Kyb<'_> {
    /// The environment's templates, by name.
    pub async fn remediation_templates(&self, scope: Scope) -> Result<Vec<RemediationTemplate>> {
        self.engine.core.db.read(move |conn| store::list(conn, scope)).await
    }

    /// One template (404 when the environment has none of that id).
    pub async fn remediation_template(&self, scope: Scope, id: TemplateId) -> Result<RemediationTemplate> {
        self.engine
            .core
            .db
            .read(move |conn| store::get(conn, scope, id))
            .await?
            .ok_or(Error::not_found("remediation template"))
    }

    /// Adds a template (an admin's); a name the environment has is a 409.
    pub async fn add_remediation_template(
        &self,
        scope: Scope,
        input: NewRemediationTemplate,
        actor: Actor,
    ) -> Result<RemediationTemplate> {
        admin_only(&actor, "manages remediation templates")?;
        let input = input.checked()?;
        let now = self.engine.now(scope);
        let template = RemediationTemplate {
            id: TemplateId::new(self.engine.real_now()),
            name: input.name,
            items: input.items,
            message: input.message,
            created_at: now,
            updated_at: now,
            updated_by: actor.name(),
        };
        let stored = template.clone();
        self.engine
            .core
            .db
            .write(move |conn| {
                store::put(conn, scope, &stored)?;
                crate::audit::record(
                    conn,
                    scope,
                    now,
                    &actor,
                    "remediation_template_added",
                    json!({ "template": stored }),
                )
            })
            .await?;
        Ok(template)
    }

    /// Replaces a template's name, items and message (an admin's).
    pub async fn update_remediation_template(
        &self,
        scope: Scope,
        id: TemplateId,
        input: NewRemediationTemplate,
        actor: Actor,
    ) -> Result<RemediationTemplate> {
        admin_only(&actor, "manages remediation templates")?;
        let input = input.checked()?;
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let before = store::get(conn, scope, id)?.ok_or(Error::not_found("remediation template"))?;
                let after = RemediationTemplate {
                    name: input.name,
                    items: input.items,
                    message: input.message,
                    updated_at: now,
                    updated_by: actor.name(),
                    ..before.clone()
                };
                store::put(conn, scope, &after)?;
                crate::audit::record(
                    conn,
                    scope,
                    now,
                    &actor,
                    "remediation_template_changed",
                    json!({ "before": before, "after": after }),
                )?;
                Ok(after)
            })
            .await
    }

    /// Deletes a template (an admin's). Remediations made from it keep what they asked.
    pub async fn delete_remediation_template(&self, scope: Scope, id: TemplateId, actor: Actor) -> Result<()> {
        admin_only(&actor, "manages remediation templates")?;
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let before = store::get(conn, scope, id)?.ok_or(Error::not_found("remediation template"))?;
                store::delete(conn, scope, id)?;
                crate::audit::record(
                    conn,
                    scope,
                    now,
                    &actor,
                    "remediation_template_deleted",
                    json!({ "template": before }),
                )
            })
            .await
    }
}
