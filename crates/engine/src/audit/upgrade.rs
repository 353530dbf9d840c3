//! The upgrade of chains written in the first format to the second, when the engine opens.
//!
//! Each such chain, in one transaction: the first format's verifier follows it as it stands; every
//! event is rewritten in the second format with its content, `seq` and time as they were (a new
//! salt and `data_hash`, its link and hash anew; an event an erasure had emptied keeps its
//! first-format hash as its `data_hash`, which the `erased` event of that erasure names); then a
//! `chain_upgraded` event (actor `docket`) records the first format's head hash and what its
//! verifier found wrong, if anything. The verifier checks that record against the events before
//! it on every verification, so a head hash kept from the first format proves after the upgrade
//! what it proved before: the events after the last event emptied before it.

use rusqlite::Connection;
use serde_json::json;

use super::chain::{data_hash_of, hash_of, new_salt};
use super::first_format::{self, FirstFormatEvent};
use super::model::{AuditEvent, GENESIS, UPGRADED_KIND, erasure_mark};
use super::store::{self, NewAuditEvent};
use crate::Engine;
use crate::error::Result;
use crate::scope::Scope;
use crate::time::Timestamp;

/// Events rewritten per read.
const BATCH: usize = 1000;

/// A chain upgraded.
#[derive(Debug)]
pub(crate) struct Upgraded {
    pub(crate) scope: Scope,
    pub(crate) events: u64,
    pub(crate) previous_head_hash: String,
    /// What the first format's verifier found wrong, if anything.
    pub(crate) previous_problem: Option<String>,
}

/// Upgrades every chain still in the first format; a chain that mixes both formats is left as it
/// is (and reported), since no upgrade makes it whole.
pub(crate) async fn upgrade_all(engine: &Engine) -> Result<Vec<Upgraded>> {
    let scopes = engine.core.db.read(store::first_format_scopes).await?;
    let mut done = Vec::new();
    for scope in scopes {
        let at = engine.now(scope);
        if let Some(upgraded) = engine.core.db.write(move |conn| upgrade(conn, scope, at)).await? {
            done.push(upgraded);
        }
    }
    Ok(done)
}

fn upgrade(conn: &Connection, scope: Scope, at: Timestamp) -> Result<Option<Upgraded>> {
    if store::has_second_format(conn, scope)? {
        tracing::error!(
            environment = scope.environment.as_str(),
            "audit chain NOT upgraded: it holds events of both formats (rows were added by another program)"
        );
        return Ok(None);
    }
    let mut verifier = first_format::Verifier::default();
    let (mut prev_hash, mut previous_head_hash, mut after, mut events) = (GENESIS.to_owned(), None, 0, 0);
    loop {
        let batch = store::first_format_batch(conn, scope, after, BATCH)?;
        if batch.is_empty() {
            break;
        }
        for old in batch {
            verifier.push(&old);
            let event = second_format(&old, prev_hash);
            store::rewrite(conn, scope, &event)?;
            (prev_hash, after, events) = (event.hash, old.seq, events + 1);
            previous_head_hash = Some(old.hash);
        }
    }
    // Another process upgraded the chain first.
    let Some(previous_head_hash) = previous_head_hash else { return Ok(None) };
    let previous_problem = verifier.finish().problem;
    store::append(
        conn,
        scope,
        NewAuditEvent {
            at,
            case: None,
            actor: "docket",
            reviewer_id: None,
            kind: UPGRADED_KIND,
            data: json!({
                "previous_head_hash": previous_head_hash,
                "previous_problem": previous_problem.as_ref().map(|p| json!({ "seq": p.seq, "message": p.message })),
            }),
        },
    )?;
    Ok(Some(Upgraded { scope, events, previous_head_hash, previous_problem: previous_problem.map(|p| p.message) }))
}

/// A first-format event in the second format, linked to `prev_hash`.
fn second_format(old: &FirstFormatEvent, prev_hash: String) -> AuditEvent {
    let salt = erasure_mark(&old.data).is_none().then(new_salt);
    let data_hash = match &salt {
        Some(salt) => data_hash_of(salt, &old.data),
        None => old.hash.clone(),
    };
    let mut event = AuditEvent {
        seq: old.seq,
        at: old.at,
        organization_id: old.organization_id.clone(),
        environment: old.environment,
        case_id: old.case_id.clone(),
        case_public_id: old.case_public_id.clone(),
        actor: old.actor.clone(),
        reviewer_id: old.reviewer_id.clone(),
        kind: old.kind.clone(),
        data: old.data.clone(),
        salt,
        data_hash,
        prev_hash,
        hash: String::new(),
    };
    event.hash = hash_of(&event);
    event
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::chain::Verifier;
    use crate::audit::first_format::tests::{chain, erased_chain};
    use crate::audit::model::{ERASED_KIND, ProblemKind};

    /// The rewrite and the upgrade event as `upgrade` makes them, without a database.
    fn upgraded(old: &[FirstFormatEvent]) -> Vec<AuditEvent> {
        let mut verifier = first_format::Verifier::default();
        let mut prev = GENESIS.to_owned();
        let mut out = Vec::new();
        for e in old {
            verifier.push(e);
            let event = second_format(e, prev);
            prev = event.hash.clone();
            out.push(event);
        }
        let problem = verifier.finish().problem;
        let last = out.last().expect("events").clone();
        let data = json!({
            "previous_head_hash": old.last().expect("events").hash,
            "previous_problem": problem.map(|p| json!({ "seq": p.seq, "message": p.message })),
        });
        let salt = new_salt();
        let mut event = AuditEvent {
            seq: last.seq + 1,
            kind: UPGRADED_KIND.into(),
            actor: "docket".into(),
            case_id: None,
            case_public_id: None,
            data_hash: data_hash_of(&salt, &data),
            data,
            salt: Some(salt),
            prev_hash: last.hash.clone(),
            ..last
        };
        event.hash = hash_of(&event);
        out.push(event);
        out
    }

    fn verify(events: &[AuditEvent]) -> crate::audit::Verified {
        let mut verifier = Verifier::default();
        events.iter().for_each(|e| verifier.push(e));
        verifier.finish()
    }

    #[test]
    fn an_upgraded_chain_verifies_with_its_erasures_and_records_the_first_formats_head() {
        let old = erased_chain();
        let events = upgraded(&old);
        let v = verify(&events);
        assert!(v.ok, "{v:?}");
        assert_eq!((v.events, v.erased_events), (7, 2));
        assert_eq!(events[6].data["previous_head_hash"], json!(old[5].hash));
        assert_eq!(events[1].data_hash, old[1].hash, "an emptied event keeps its first-format hash");
        assert_eq!(events[5].kind, ERASED_KIND);
        assert_eq!(events[5].data, old[5].data, "the erasure's record is as it was");
    }

    #[test]
    fn an_event_changed_before_the_upgrade_is_reported_at_the_upgrade() {
        let mut old = chain(4);
        old[1].data = json!({ "body": "changed in the file" });
        let v = verify(&upgraded(&old));
        let problem = v.problem.expect("a problem");
        assert_eq!((problem.seq, problem.kind), (5, ProblemKind::Upgrade));
        assert!(problem.message.contains("event 2 was changed"), "{}", problem.message);
    }

    #[test]
    fn an_event_before_the_upgrade_changed_since_in_both_formats_is_found_by_the_recorded_head() {
        // With the file, someone changes event 2 after the upgrade and recomputes its second-format
        // hashes up to the upgrade event, whose link they fix too: the events no longer hash to
        // the first format's head hash the upgrade event records.
        let mut events = upgraded(&chain(4));
        events[1].actor = "reviewer:Mallory".into();
        for i in 1..events.len() {
            events[i].prev_hash = events[i - 1].hash.clone();
            events[i].hash = hash_of(&events[i]);
        }
        let problem = verify(&events).problem.expect("a problem");
        assert_eq!((problem.seq, problem.kind), (5, ProblemKind::Upgrade), "{problem:?}");
    }
}
