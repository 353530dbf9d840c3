//! Hit resolution (issue 33): a reviewer disposes of each potential match of a screening (true
//! match, false positive, needs more information) with a reason and a note, on the audit chain.
//! Dispositions are kept by party, entity and the entry's fingerprint, so they outlive
//! re-screening; a false positive is remembered for the party's monitoring until the list entry
//! changes (`monitoring` asks [`remembered_false_positives`]).
//!
//! `model` holds the shapes and the pure rules, `store` the SQL; this module is the service.

pub mod model;
pub(crate) mod store;

use std::collections::HashMap;

use serde_json::json;

use self::model::{Disposition, DispositionHistory, DispositionId, DispositionReason, NewDisposition, fingerprint};
use super::model::{EntityId, Hit, SearchId, SearchReport};
use crate::Actor;
use crate::error::{Error, Result};
use crate::scope::Scope;

/// The longest note, in characters.
const MAX_NOTE: usize = 2000;

/// Gives each hit of a screening its fingerprint, the disposition in force and the history.
pub(crate) fn attach(report: &mut SearchReport, history: &HashMap<EntityId, DispositionHistory>) {
    for hit in &mut report.data {
        attach_hit(hit, history.get(&hit.entity.uuid));
    }
}

fn attach_hit(hit: &mut Hit, history: Option<&DispositionHistory>) {
    let version = fingerprint(&hit.entity);
    hit.disposition = history.and_then(|h| h.standing(&version)).cloned();
    hit.disposition_history = history.map(|h| h.0.clone()).unwrap_or_default();
    hit.entity_version = Some(version);
}

/// The hits of `report` that are remembered false positives of its party.
pub(crate) fn remembered_false_positives(
    report: &SearchReport,
    history: &HashMap<EntityId, DispositionHistory>,
) -> Vec<EntityId> {
    report
        .data
        .iter()
        .filter(|h| history.get(&h.entity.uuid).is_some_and(|d| d.remembered_false_positive(&fingerprint(&h.entity))))
        .map(|h| h.entity.uuid)
        .collect()
}

impl super::Aml<'_> {
    /// A stored search or screening; a screening's hits carry their dispositions.
    pub async fn screening(&self, scope: Scope, id: SearchId) -> Result<SearchReport> {
        let bytes = self.engine.core.db.read(move |conn| super::store::report(conn, scope, id)).await?;
        let mut report: SearchReport = serde_json::from_slice(&bytes.ok_or(Error::not_found("search"))?)?;
        if let Some(party) = report.screened.as_ref().map(|p| p.key.clone()) {
            let history = self.engine.core.db.read(move |conn| store::of_party(conn, scope, &party)).await?;
            attach(&mut report, &history);
        }
        Ok(report)
    }

    /// The hits of these screenings that no disposition resolves (none, or "needs more
    /// information", or one made before the list entry changed), with their screening.
    pub(crate) async fn open_hits(&self, scope: Scope, searches: Vec<SearchId>) -> Result<Vec<(SearchId, Hit)>> {
        let mut open = Vec::new();
        for id in searches {
            let report = match self.screening(scope, id).await {
                Ok(r) => r,
                // Erased or pruned: nothing left to dispose of.
                Err(Error::NotFound { .. }) => continue,
                Err(e) => return Err(e),
            };
            open.extend(
                report
                    .data
                    .into_iter()
                    .filter(|h| !h.disposition.as_ref().is_some_and(|d| d.disposition.resolves()))
                    .map(|h| (id, h)),
            );
        }
        Ok(open)
    }

    /// Records a disposition of one hit of a screening, replacing the one in force (kept as
    /// history), on the audit chain with who made it. Returns the hit with its dispositions.
    pub async fn dispose(
        &self,
        scope: Scope,
        search: SearchId,
        entity: EntityId,
        input: NewDisposition,
        actor: Actor,
    ) -> Result<Hit> {
        let note = input.note.trim().to_owned();
        if note.chars().count() > MAX_NOTE {
            return Err(Error::invalid("note", format!("at most {MAX_NOTE} characters")));
        }
        if input.reason == DispositionReason::Other && note.is_empty() {
            return Err(Error::invalid("note", "say why: the reason `other` needs a note"));
        }
        if !input.reason.fits(input.disposition) {
            return Err(Error::invalid(
                "reason",
                format!(
                    "`{}` does not explain `{}`: choose a reason for it (or `other`)",
                    input.reason.as_str(),
                    input.disposition.as_str()
                ),
            ));
        }
        let report = self.screening(scope, search).await?;
        let Some(party) = report.screened.clone() else {
            return Err(Error::Conflict(
                "this is a search of a name, not a screening of a party: hits are disposed of on the screenings of \
                 applicants and of KYB cases, where there is someone to remember them for"
                    .into(),
            ));
        };
        let hit = report.data.into_iter().find(|h| h.entity.uuid == entity).ok_or(Error::not_found("hit"))?;
        let version = fingerprint(&hit.entity);
        let disposition = Disposition {
            id: DispositionId::new(self.engine.real_now()),
            disposition: input.disposition,
            reason: input.reason,
            note,
            by: actor.display(),
            reviewer_id: actor.reviewer().map(|r| r.id),
            api_key_id: actor.api_key(),
            at: self.engine.now(scope),
            entity_version: version,
            search_id: search,
            replaced_at: None,
        };
        let entity_name = hit.search_metadata.best_match_name.clone();
        let previous = hit.disposition.as_ref().map(|d| d.disposition);
        let stored = disposition.clone();
        let key = party.key.clone();
        let history = self
            .engine
            .core
            .db
            .write(move |conn| {
                store::insert(conn, scope, &key, entity, &stored)?;
                let public_id = party.case_public_id.clone().unwrap_or_default();
                crate::audit::store::append(
                    conn,
                    scope,
                    crate::audit::store::NewAuditEvent {
                        at: stored.at,
                        case: party.case_id.map(|id| (id, public_id.as_str())),
                        actor: &actor.name(),
                        reviewer_id: actor.reviewer().map(|r| r.id.as_uuid()),
                        kind: "hit_disposed",
                        data: json!({
                            "disposition_id": stored.id, "search_id": search, "entity_id": entity,
                            "entity": entity_name, "entity_version": stored.entity_version,
                            "party": party.key, "party_name": party.name, "applicant_id": party.applicant_id,
                            "disposition": stored.disposition, "reason": stored.reason, "note": stored.note,
                            "previous": previous,
                        }),
                    },
                )?;
                store::of_party(conn, scope, &key)
            })
            .await?;
        let mut hit = hit;
        attach_hit(&mut hit, history.get(&entity));
        Ok(hit)
    }
}
