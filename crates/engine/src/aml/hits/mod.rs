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

/// The version of the entry a hit saw: recorded with the hit when it was found (from the entity
/// as the index holds it), computed for reports stored before hits carried it.
fn version_of(hit: &Hit) -> String {
    hit.entity_version.clone().unwrap_or_else(|| fingerprint(&hit.entity))
}

/// Gives each hit of a screening its version, the disposition in force and the history.
pub(crate) fn attach(report: &mut SearchReport, history: &HashMap<EntityId, DispositionHistory>) {
    for hit in &mut report.data {
        attach_hit(hit, history.get(&hit.entity.uuid));
    }
}

fn attach_hit(hit: &mut Hit, history: Option<&DispositionHistory>) {
    let version = version_of(hit);
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
        .filter(|h| history.get(&h.entity.uuid).is_some_and(|d| d.remembered_false_positive(&version_of(h))))
        .map(|h| h.entity.uuid)
        .collect()
}

/// A stored report as it was, byte for byte but for each disposed hit's `disposition` and
/// `disposition_history`, spliced in: parsing and writing it again would not give back every
/// float exactly.
fn splice(stored: &[u8], history: &HashMap<EntityId, DispositionHistory>) -> Result<Vec<u8>> {
    use serde_json::value::RawValue;
    #[derive(serde::Deserialize)]
    struct Seen {
        uuid: EntityId,
        #[serde(default)]
        entity_version: Option<String>,
    }
    let mut top: std::collections::BTreeMap<String, Box<RawValue>> = serde_json::from_slice(stored)?;
    let Some(data) = top.get("data") else { return Ok(stored.to_vec()) };
    let hits: Vec<Box<RawValue>> = serde_json::from_str(data.get())?;
    let mut spliced = Vec::with_capacity(hits.len());
    for raw in &hits {
        let seen: Seen = serde_json::from_str(raw.get())?;
        let text = raw.get();
        let Some(history) = history.get(&seen.uuid) else {
            spliced.push(text.to_owned());
            continue;
        };
        let version = match seen.entity_version {
            Some(v) => v,
            None => fingerprint(&serde_json::from_str::<Hit>(text)?.entity),
        };
        let mut fields = format!("\"disposition_history\":{}", serde_json::to_string(&history.0)?);
        if let Some(d) = history.standing(&version) {
            fields = format!("\"disposition\":{},{fields}", serde_json::to_string(d)?);
        }
        // A hit is a JSON object: its fields go first.
        let body = text
            .trim_start()
            .strip_prefix('{')
            .ok_or_else(|| Error::Storage("a stored hit is not an object".into()))?;
        let sep = if body.trim_start().starts_with('}') { "" } else { "," };
        spliced.push(format!("{{{fields}{sep}{body}"));
    }
    top.insert("data".into(), RawValue::from_string(format!("[{}]", spliced.join(",")))?);
    Ok(serde_json::to_vec(&top)?)
}

/// A stored search or screening, read on `conn`; a screening's hits carry their dispositions.
fn screening_in(conn: &rusqlite::Connection, scope: Scope, id: SearchId) -> Result<SearchReport> {
    let bytes = super::store::report(conn, scope, id)?;
    let mut report: SearchReport = serde_json::from_slice(&bytes.ok_or(Error::not_found("search"))?)?;
    if let Some(party) = report.screened.as_ref().map(|p| p.key.clone()) {
        attach(&mut report, &store::of_party(conn, scope, &party)?);
    }
    Ok(report)
}

/// The hits of these screenings that no disposition resolves (none, or "needs more
/// information", or one made before the list entry changed), with their screening, read on
/// `conn`: a decision reads them inside its own write, so that what it checks is what it commits
/// against.
pub(crate) fn open_hits_in(
    conn: &rusqlite::Connection,
    scope: Scope,
    searches: &[SearchId],
) -> Result<Vec<(SearchId, Hit)>> {
    let mut open = Vec::new();
    for &id in searches {
        let report = match screening_in(conn, scope, id) {
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

impl super::Aml<'_> {
    /// A stored search or screening; a screening's hits carry their dispositions.
    pub async fn screening(&self, scope: Scope, id: SearchId) -> Result<SearchReport> {
        self.engine.core.db.read(move |conn| screening_in(conn, scope, id)).await
    }

    /// The stored report of a search or screening as JSON, as it was; a screening's disposed
    /// hits carry their dispositions.
    pub async fn report(&self, scope: Scope, id: SearchId) -> Result<Vec<u8>> {
        #[derive(serde::Deserialize)]
        struct Party {
            #[serde(default)]
            screened: Option<model::ScreenedParty>,
        }
        let bytes = self.engine.core.db.read(move |conn| super::store::report(conn, scope, id)).await?;
        let bytes = bytes.ok_or(Error::not_found("search"))?;
        let Some(party) = serde_json::from_slice::<Party>(&bytes)?.screened else { return Ok(bytes) };
        let history = self.engine.core.db.read(move |conn| store::of_party(conn, scope, &party.key)).await?;
        if history.is_empty() { Ok(bytes) } else { splice(&bytes, &history) }
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
        // A note may run over several lines; blank is none.
        let note = match input.note.trim() {
            "" => String::new(),
            n => crate::values::multiline_text("note", n, MAX_NOTE)?,
        };
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
        let version = version_of(&hit);
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

#[cfg(test)]
mod tests {
    use super::model::{Disposition, DispositionKind};
    use super::*;
    use crate::time::Timestamp;

    #[test]
    fn a_served_report_is_the_stored_one_with_the_dispositions_spliced_in() {
        let entity = EntityId(uuid::Uuid::nil());
        let stored = br#"{"data":[{"uuid":"00000000-0000-0000-0000-000000000000","entity_version":"v1","sentiment":-0.30000000000000004},{"uuid":"00000000-0000-7000-8000-000000000001"}],"threshold":0.7500000000000001}"#;
        let disposition = Disposition {
            id: DispositionId(uuid::Uuid::nil()),
            disposition: DispositionKind::FalsePositive,
            reason: DispositionReason::NameOnly,
            note: String::new(),
            by: "Ada".into(),
            reviewer_id: None,
            api_key_id: None,
            at: Timestamp::from_millis(0),
            entity_version: "v1".into(),
            search_id: SearchId(uuid::Uuid::nil()),
            replaced_at: None,
        };
        let history = HashMap::from([(entity, DispositionHistory(vec![disposition]))]);
        let served = splice(stored, &history).expect("splices");
        let text = String::from_utf8(served.clone()).expect("utf-8");
        assert!(text.contains("-0.30000000000000004") && text.contains("0.7500000000000001"), "{text}");
        let served: serde_json::Value = serde_json::from_slice(&served).expect("json");
        assert_eq!(served["data"][0]["disposition"]["disposition"], "false_positive");
        assert_eq!(served["data"][0]["disposition_history"].as_array().map(Vec::len), Some(1));
        assert!(served["data"][1].get("disposition").is_none(), "an undisposed hit is as stored");
        // A changed entry: the history stays, nothing stands.
        let changed = String::from_utf8(stored.to_vec()).expect("utf-8").replace("\"v1\"", "\"v2\"");
        let served: serde_json::Value =
            serde_json::from_slice(&splice(changed.as_bytes(), &history).expect("splices")).expect("json");
        assert!(served["data"][0].get("disposition").is_none());
        assert_eq!(served["data"][0]["disposition_history"].as_array().map(Vec::len), Some(1));
    }
}
