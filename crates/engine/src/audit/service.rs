//! Reading, exporting and verifying the audit chain; what the last verification of each chain
//! found; admins' acknowledgements of its problems.

use std::collections::HashMap;
use std::sync::Mutex;

use serde_json::json;

use super::chain::Verifier;
use super::model::{ACKNOWLEDGED_KIND, Acknowledge, AuditEvent, AuditFilter, ChainStatus, Verified};
use super::store;
use crate::Engine;
use crate::console::Reviewer;
use crate::error::{Error, Result};
use crate::page::PageRequest;
use crate::scope::Scope;

/// The longest note of an acknowledgement, in characters.
const MAX_NOTE: usize = 2000;

/// What the last verification of each chain found (at a serving start, or asked for since).
#[derive(Default)]
pub(crate) struct AuditState {
    last: Mutex<HashMap<Scope, ChainStatus>>,
}

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
            .read_blocking(move |conn| {
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

    /// Verifies the environment's stored chain, and remembers what it found.
    pub async fn verify(&self, scope: Scope) -> Result<Verified> {
        let verified = self
            .engine
            .core
            .db
            .read_blocking(move |conn| {
                let mut verifier =
                    if store::was_upgraded(conn, scope)? { Verifier::default() } else { Verifier::never_upgraded() };
                store::each(conn, scope, |event| {
                    verifier.push(&event);
                    true
                })?;
                Ok(verifier.finish())
            })
            .await?;
        let status = ChainStatus { verified_at: Some(self.engine.real_now()), verification: Some(verified.clone()) };
        self.state().insert(scope, status);
        Ok(verified)
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

    /// What the last verification of the environment's chain found, without verifying again:
    /// what the console shows on every page.
    pub fn status(&self, scope: Scope) -> ChainStatus {
        self.state().get(&scope).cloned().unwrap_or(ChainStatus { verified_at: None, verification: None })
    }

    /// Forgets the last verification of a chain that was deleted (a sandbox reset).
    pub(crate) fn forget(&self, scope: Scope) {
        self.state().remove(&scope);
    }

    /// An admin acknowledges problems of the chain, as a verification done now finds them: an
    /// event on the chain names each (its `seq`, kind and message) with the admin's note.
    /// Answers the verification that follows.
    pub async fn acknowledge(&self, scope: Scope, admin: &Reviewer, input: Acknowledge) -> Result<Verified> {
        if !admin.may(crate::console::Role::Admin) {
            return Err(Error::Forbidden("only an admin acknowledges problems of the audit chain".into()));
        }
        let note = crate::values::multiline_text("note", &input.note, MAX_NOTE)?;
        let mut seqs = input.problems;
        seqs.sort_unstable();
        seqs.dedup();
        if seqs.is_empty() {
            return Err(Error::invalid("problems", "name each problem acknowledged by its seq"));
        }
        if seqs.len() > super::chain::MAX_PROBLEMS {
            return Err(Error::invalid("problems", format!("at most {} problems", super::chain::MAX_PROBLEMS)));
        }
        let now = self.verify(scope).await?;
        let mut named = Vec::with_capacity(seqs.len());
        for seq in seqs {
            match now.problems.iter().find(|p| p.seq == seq) {
                None => {
                    return Err(Error::Conflict(format!(
                        "problems: the chain has no problem at event {seq} (verify it again)"
                    )));
                }
                Some(p) if p.acknowledged.is_some() => {
                    return Err(Error::Conflict(format!(
                        "problems: the problem at event {seq} is acknowledged already"
                    )));
                }
                Some(p) => named.push(json!({ "seq": p.seq, "kind": p.kind, "message": p.message })),
            }
        }
        let actor = format!("reviewer:{}", admin.name.as_str());
        let reviewer_id = admin.id.as_uuid();
        let at = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                store::append(
                    conn,
                    scope,
                    store::NewAuditEvent {
                        at,
                        case: None,
                        actor: &actor,
                        reviewer_id: Some(reviewer_id),
                        kind: ACKNOWLEDGED_KIND,
                        data: json!({ "problems": named, "note": note }),
                    },
                )
            })
            .await?;
        self.verify(scope).await
    }

    fn state(&self) -> std::sync::MutexGuard<'_, HashMap<Scope, ChainStatus>> {
        self.engine.core.audit.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
