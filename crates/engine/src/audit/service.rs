//! Reading, exporting and verifying the audit chain.

use super::chain::{Verified, Verifier};
use super::model::{AuditEvent, AuditFilter};
use super::store;
use crate::Engine;
use crate::error::Result;
use crate::page::PageRequest;
use crate::scope::Scope;

pub struct Audit<'e> {
    pub(crate) engine: &'e Engine,
}

impl Audit<'_> {
    /// One page of the environment's events, newest first.
    pub async fn list(&self, scope: Scope, filter: AuditFilter, page: PageRequest) -> Result<(Vec<AuditEvent>, bool)> {
        self.engine.core.db.read(move |conn| store::list(conn, scope, &filter, page)).await
    }

    /// The environment's whole chain as JSON Lines, oldest first.
    pub async fn export(&self, scope: Scope) -> Result<String> {
        self.engine
            .core
            .db
            .read(move |conn| {
                let mut out = String::new();
                let mut failed = None;
                store::each(conn, scope, |event| match serde_json::to_string(&event) {
                    Ok(line) => {
                        out.push_str(&line);
                        out.push('\n');
                        true
                    }
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                })?;
                match failed {
                    Some(e) => Err(e.into()),
                    None => Ok(out),
                }
            })
            .await
    }

    /// Verifies the environment's stored chain.
    pub async fn verify(&self, scope: Scope) -> Result<Verified> {
        self.engine
            .core
            .db
            .read(move |conn| {
                let mut verifier = Verifier::default();
                store::each(conn, scope, |event| verifier.push(&event))?;
                Ok(verifier.finish())
            })
            .await
    }

    /// Verifies every stored chain (at a serving start).
    pub async fn verify_all(&self) -> Result<Vec<(Scope, Verified)>> {
        let scopes = self.engine.core.db.read(store::scopes).await?;
        let mut out = Vec::with_capacity(scopes.len());
        for scope in scopes {
            out.push((scope, self.verify(scope).await?));
        }
        Ok(out)
    }
}
