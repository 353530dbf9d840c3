//! The chain's first format (before issue 32), kept to upgrade chains written in it, to verify
//! files exported in it, and to check a `chain_upgraded` event's record of it.
//!
//! An event's `hash` was the SHA-256 of its canonical JSON without `hash`, `data` included. An
//! erasure replaced `data` with `{"erased": "<erasure id>"}` and kept the hash, which could then
//! no longer be recomputed: nothing bound such an event's `prev_hash`, so with the database file
//! one could rewrite every event before it and link it again, keeping the head hash. A head hash
//! of this format proves the events after the last emptied event before it, and no more.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::chain::canonical;
use super::model::{ERASED_KIND, GENESIS, Problem, ProblemKind, Verified, erasure_mark};
use crate::scope::Environment;
use crate::time::Timestamp;

/// An event of the first format, as stored and exported then.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FirstFormatEvent {
    pub(crate) seq: i64,
    pub(crate) at: Timestamp,
    pub(crate) organization_id: String,
    pub(crate) environment: Environment,
    pub(crate) case_id: Option<String>,
    pub(crate) case_public_id: Option<String>,
    pub(crate) actor: String,
    pub(crate) reviewer_id: Option<String>,
    pub(crate) kind: String,
    pub(crate) data: serde_json::Value,
    pub(crate) prev_hash: String,
    pub(crate) hash: String,
}

#[cfg(test)]
impl FirstFormatEvent {
    /// An event of the second format as the first format wrote it, linked to `prev_hash`.
    pub(crate) fn of(event: &super::model::AuditEvent, prev_hash: &str) -> FirstFormatEvent {
        FirstFormatEvent {
            seq: event.seq,
            at: event.at,
            organization_id: event.organization_id.clone(),
            environment: event.environment,
            case_id: event.case_id.clone(),
            case_public_id: event.case_public_id.clone(),
            actor: event.actor.clone(),
            reviewer_id: event.reviewer_id.clone(),
            kind: event.kind.clone(),
            data: event.data.clone(),
            prev_hash: prev_hash.to_owned(),
            hash: String::new(),
        }
    }
}

/// The hash the first format gave an event: over every field but `hash`.
pub(crate) fn hash_of(event: &FirstFormatEvent) -> String {
    let mut value = serde_json::to_value(event).unwrap_or(serde_json::Value::Null);
    if let Some(map) = value.as_object_mut() {
        map.remove("hash");
    }
    let mut text = String::with_capacity(512);
    canonical(&value, &mut text);
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The first format's verifier: follows a chain and stops at its first problem.
#[derive(Debug)]
pub(crate) struct Verifier {
    events: u64,
    /// Emptied events not yet named by an erasure: `seq` → (hash kept, erasure, case).
    emptied: std::collections::BTreeMap<i64, (String, String, Option<String>)>,
    erased_events: u64,
    prev_hash: String,
    prev_seq: i64,
    scope: Option<(String, Environment)>,
    problem: Option<(i64, ProblemKind, String)>,
}

impl Default for Verifier {
    fn default() -> Self {
        Verifier {
            events: 0,
            emptied: Default::default(),
            erased_events: 0,
            prev_hash: GENESIS.to_owned(),
            prev_seq: 0,
            scope: None,
            problem: None,
        }
    }
}

impl Verifier {
    /// Checks the next event; false once a problem was found.
    pub(crate) fn push(&mut self, event: &FirstFormatEvent) -> bool {
        if self.problem.is_some() {
            return false;
        }
        let seq = event.seq;
        let emptied = erasure_mark(&event.data);
        let scope = (event.organization_id.clone(), event.environment);
        let problem = if emptied.is_none() && hash_of(event) != event.hash {
            Some((ProblemKind::Changed, format!("event {seq} was changed: its hash does not match its content")))
        } else if seq > self.prev_seq + 1 {
            Some((ProblemKind::Removed, super::chain::removed(seq, self.prev_seq)))
        } else if seq <= self.prev_seq {
            Some((
                ProblemKind::Reordered,
                format!("event {seq} comes after event {}: the events were reordered", self.prev_seq),
            ))
        } else if event.prev_hash != self.prev_hash {
            Some((
                ProblemKind::Unlinked,
                format!(
                    "event {seq} does not link to the event before it (prev_hash differs): an event was removed or replaced"
                ),
            ))
        } else if self.scope.as_ref().is_some_and(|s| *s != scope) {
            Some((ProblemKind::Foreign, format!("event {seq} belongs to another organization or environment's chain")))
        } else if emptied.is_none() && event.kind == ERASED_KIND {
            self.named_by_erasure(event).err().map(|m| (ProblemKind::Erasure, m))
        } else {
            None
        };
        if let Some((kind, message)) = problem {
            self.problem = Some((seq, kind, message));
            return false;
        }
        if let Some(erasure) = emptied {
            self.emptied.insert(seq, (event.hash.clone(), erasure.to_owned(), event.case_id.clone()));
        }
        self.scope = Some(scope);
        self.events += 1;
        self.prev_seq = seq;
        self.prev_hash = event.hash.clone();
        true
    }

    fn unreadable(&mut self, line: i64, why: &str) {
        if self.problem.is_none() {
            self.problem = Some((line, ProblemKind::Unreadable, format!("line {line} is not an audit event: {why}")));
        }
    }

    fn named_by_erasure(&mut self, erasure: &FirstFormatEvent) -> Result<(), String> {
        let named = erasure.data.get("events").and_then(|e| e.as_object());
        let id = erasure.data.get("erasure_id").and_then(|e| e.as_str()).unwrap_or_default();
        for (seq, hash) in named.into_iter().flatten() {
            let kept = seq.parse::<i64>().ok().and_then(|n| self.emptied.remove(&n));
            match kept {
                Some((kept, by, case))
                    if Some(kept.as_str()) == hash.as_str() && by == id && case == erasure.case_id =>
                {
                    self.erased_events += 1
                }
                _ => {
                    return Err(format!(
                        "event {} accounts for event {seq} as erased, but no event {seq} of its case, emptied by it, with that hash came before it",
                        erasure.seq
                    ));
                }
            }
        }
        Ok(())
    }

    pub(crate) fn finish(mut self) -> Verified {
        if self.problem.is_none()
            && let Some((&seq, _)) = self.emptied.iter().next()
        {
            self.problem = Some((
                seq,
                ProblemKind::Emptied,
                format!("event {seq} was emptied, but no erasure after it accounts for it"),
            ));
        }
        let problems: Vec<Problem> = self
            .problem
            .into_iter()
            .map(|(seq, kind, message)| Problem { seq, kind, message, acknowledged: None })
            .collect();
        Verified {
            ok: problems.is_empty(),
            events: self.events,
            erased_events: self.erased_events,
            head_hash: self.prev_hash,
            problem: problems.first().cloned(),
            unacknowledged: problems.len() as u64,
            problems,
            more_problems: 0,
        }
    }
}

/// Verifies a file exported in the first format: JSON Lines, oldest first.
pub(crate) fn verify_lines(text: &str) -> Verified {
    let mut verifier = Verifier::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<FirstFormatEvent>(line) {
            Ok(event) => {
                if !verifier.push(&event) {
                    break;
                }
            }
            Err(e) => {
                verifier.unreadable(i as i64 + 1, &e.to_string());
                break;
            }
        }
    }
    verifier.finish()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::json;

    /// A first-format chain of `n` events of one case.
    pub(crate) fn chain(n: i64) -> Vec<FirstFormatEvent> {
        let mut prev = GENESIS.to_owned();
        (1..=n)
            .map(|seq| {
                let mut e = FirstFormatEvent {
                    seq,
                    at: Timestamp::from_millis(1_700_000_000_000 + seq),
                    organization_id: "org".into(),
                    environment: Environment::Sandbox,
                    case_id: Some("case".into()),
                    case_public_id: Some("KYB-1".into()),
                    actor: "reviewer:Zoë".into(),
                    reviewer_id: None,
                    kind: "commented".into(),
                    data: json!({ "body": format!("note {seq} \"quoted\"\n\u{1}"), "z": 1, "a": [true, null] }),
                    prev_hash: prev.clone(),
                    hash: String::new(),
                };
                e.hash = hash_of(&e);
                prev = e.hash.clone();
                e
            })
            .collect()
    }

    /// Events 2 and 3 emptied by an erasure that event 6 records, as the first format did.
    pub(crate) fn erased_chain() -> Vec<FirstFormatEvent> {
        let mut events = chain(5);
        let named = json!({ "2": events[1].hash, "3": events[2].hash });
        for e in &mut events[1..3] {
            e.data = json!({ "erased": "erasure-1" });
        }
        let mut erasure = events[4].clone();
        erasure.seq = 6;
        erasure.kind = ERASED_KIND.into();
        erasure.data = json!({ "erasure_id": "erasure-1", "events": named });
        erasure.prev_hash = events[4].hash.clone();
        erasure.hash = hash_of(&erasure);
        events.push(erasure);
        events
    }

    pub(crate) fn lines(events: &[FirstFormatEvent]) -> String {
        events.iter().map(|e| serde_json::to_string(e).expect("json") + "\n").collect()
    }

    #[test]
    fn a_first_format_export_verifies_as_it_did() {
        let v = verify_lines(&lines(&erased_chain()));
        assert!(v.ok, "{v:?}");
        assert_eq!((v.events, v.erased_events), (6, 2));
        let mut events = chain(4);
        events[1].data = json!({ "body": "changed" });
        let v = verify_lines(&lines(&events));
        assert_eq!(v.problem.map(|p| (p.seq, p.kind)), Some((2, ProblemKind::Changed)));
    }

    /// The weakness the second format removes: the events before an emptied one can be
    /// rewritten and linked to it again, and the chain still verifies with the same head.
    #[test]
    fn the_first_format_does_not_bind_the_events_before_an_emptied_one() {
        let mut events = erased_chain();
        let head = events[5].hash.clone();
        events[0].actor = "reviewer:Mallory".into();
        events[0].hash = hash_of(&events[0]);
        events[1].prev_hash = events[0].hash.clone();
        let v = verify_lines(&lines(&events));
        assert!(v.ok && v.head_hash == head, "{v:?}");
    }
}
