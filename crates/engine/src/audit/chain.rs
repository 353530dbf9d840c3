//! The chain's format and its verifier.
//!
//! An event's canonical JSON is the event without `hash`, as one JSON object with its keys
//! sorted (at every depth), no whitespace, and strings escaped as JSON requires (non-ASCII
//! characters as they are): exactly what Python's
//! `json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)` writes.
//! `hash = sha256(canonical JSON as UTF-8)` in lower-case hex, and each event's `prev_hash` is
//! the hash of the event before it (`GENESIS` for the first). Data never holds floats, whose
//! spelling differs between languages.
//!
//! Erasure on request empties the events of the erased case: their `data` becomes
//! `{"erased": "<erasure id>"}` while their `hash` stays, so their own hash can no longer be
//! recomputed. The chain still proves itself: every emptied event must be named, with the hash
//! it keeps, by a later `erased` event (which is hashed and linked like any other), so an event
//! emptied by anything but an erasure, or an emptied event whose hash was changed, is reported.

use std::collections::BTreeMap;

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::model::{AuditEvent, ERASED_KIND, GENESIS, emptied_by};

/// Writes `value` as canonical JSON.
pub fn canonical(value: &serde_json::Value, out: &mut String) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::Value::String(key.clone()).to_string());
                out.push(':');
                canonical(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// The hash an event must carry: over every field but `hash`.
pub fn hash_of(event: &AuditEvent) -> String {
    let mut value = serde_json::to_value(event).unwrap_or(serde_json::Value::Null);
    if let Some(map) = value.as_object_mut() {
        map.remove("hash");
    }
    let mut text = String::with_capacity(512);
    canonical(&value, &mut text);
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// What a verification found wrong first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Problem {
    /// The event's `seq` (or, for a line that is not an event, its line number).
    pub seq: i64,
    pub message: String,
}

/// The outcome of verifying a chain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Verified {
    pub ok: bool,
    /// Events read.
    pub events: u64,
    /// Events among them whose content an erasure emptied (each named by a later erasure).
    pub erased_events: u64,
    /// The last event's hash: record it elsewhere to detect events removed from the end later.
    pub head_hash: String,
    pub problem: Option<Problem>,
}

/// What an emptied event still says: the hash it keeps, the erasure that emptied it, its case.
#[derive(Debug, PartialEq)]
struct Emptied {
    hash: String,
    erasure: String,
    case_id: Option<String>,
}

/// Follows a chain event by event and stops at the first problem: an event edited (its hash does
/// not match its content), removed or reordered (its `seq` or `prev_hash` does not follow the
/// event before), or mixed in from another chain.
#[derive(Debug)]
pub struct Verifier {
    events: u64,
    /// Emptied events not yet named by an erasure, by `seq`.
    emptied: BTreeMap<i64, Emptied>,
    erased_events: u64,
    prev_hash: String,
    prev_seq: i64,
    scope: Option<(String, crate::scope::Environment)>,
    problem: Option<Problem>,
}

impl Default for Verifier {
    fn default() -> Self {
        Verifier {
            events: 0,
            emptied: BTreeMap::new(),
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
    pub fn push(&mut self, event: &AuditEvent) -> bool {
        if self.problem.is_some() {
            return false;
        }
        let fail = |message: String| Some(Problem { seq: event.seq, message });
        let scope = (event.organization_id.clone(), event.environment);
        let emptied = emptied_by(&event.data).is_some();
        self.problem = if !emptied && hash_of(event) != event.hash {
            fail(format!("event {} was changed: its hash does not match its content", event.seq))
        } else if event.seq != self.prev_seq + 1 {
            fail(if event.seq > self.prev_seq + 1 {
                format!(
                    "event {} follows event {}: {} removed",
                    event.seq,
                    self.prev_seq,
                    if event.seq == self.prev_seq + 2 {
                        format!("event {} was", self.prev_seq + 1)
                    } else {
                        format!("events {} to {} were", self.prev_seq + 1, event.seq - 1)
                    }
                )
            } else {
                format!("event {} comes after event {}: the events were reordered", event.seq, self.prev_seq)
            })
        } else if event.prev_hash != self.prev_hash {
            fail(format!(
                "event {} does not link to the event before it (prev_hash differs): an event was removed or replaced",
                event.seq
            ))
        } else if self.scope.as_ref().is_some_and(|s| *s != scope) {
            fail(format!("event {} belongs to another organization or environment's chain", event.seq))
        } else if !emptied && event.kind == ERASED_KIND {
            self.named_by_erasure(event).err().and_then(fail)
        } else {
            None
        };
        if self.problem.is_some() {
            return false;
        }
        if let Some(erasure) = emptied_by(&event.data) {
            let kept =
                Emptied { hash: event.hash.clone(), erasure: erasure.to_owned(), case_id: event.case_id.clone() };
            self.emptied.insert(event.seq, kept);
        }
        self.scope = Some(scope);
        self.events += 1;
        self.prev_seq = event.seq;
        self.prev_hash = event.hash.clone();
        true
    }

    /// Records a line that is not an event at all.
    pub fn unreadable(&mut self, line: i64, why: &str) {
        if self.problem.is_none() {
            self.problem = Some(Problem { seq: line, message: format!("line {line} is not an audit event: {why}") });
        }
    }

    /// An erasure event names the emptied events it accounts for, each with the hash it keeps;
    /// each must have been emptied by this erasure, and be of the erasure's case.
    fn named_by_erasure(&mut self, erasure: &AuditEvent) -> Result<(), String> {
        let named = erasure.data.get("events").and_then(|e| e.as_object());
        let id = erasure.data.get("erasure_id").and_then(|e| e.as_str()).unwrap_or_default();
        for (seq, hash) in named.into_iter().flatten() {
            let seq_number = seq.parse::<i64>().map_err(|_| format!("event {}: {seq:?} is not a seq", erasure.seq))?;
            match self.emptied.remove(&seq_number) {
                Some(kept)
                    if Some(kept.hash.as_str()) == hash.as_str()
                        && kept.erasure == id
                        && kept.case_id == erasure.case_id =>
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

    pub fn finish(mut self) -> Verified {
        if self.problem.is_none()
            && let Some((&seq, _)) = self.emptied.iter().next()
        {
            self.problem = Some(Problem {
                seq,
                message: format!("event {seq} was emptied, but no erasure after it accounts for it"),
            });
        }
        Verified {
            ok: self.problem.is_none(),
            events: self.events,
            erased_events: self.erased_events,
            head_hash: self.prev_hash,
            problem: self.problem,
        }
    }
}

/// Verifies an export: JSON Lines, oldest first (blank lines are skipped).
pub fn verify_lines(text: &str) -> Verified {
    let mut verifier = Verifier::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<AuditEvent>(line) {
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
mod tests {
    use super::*;
    use crate::scope::Environment;
    use crate::time::Timestamp;
    use serde_json::json;

    fn chain(n: i64) -> Vec<AuditEvent> {
        let mut prev = GENESIS.to_owned();
        (1..=n)
            .map(|seq| {
                let mut e = AuditEvent {
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

    fn lines(events: &[AuditEvent]) -> String {
        events.iter().map(|e| serde_json::to_string(e).expect("json") + "\n").collect()
    }

    #[test]
    fn canonical_json_sorts_keys_at_every_depth_without_spaces() {
        let mut out = String::new();
        canonical(&json!({ "b": { "y": 1, "x": "é\n" }, "a": [ { "d": 1, "c": 2 } ] }), &mut out);
        assert_eq!(out, r#"{"a":[{"c":2,"d":1}],"b":{"x":"é\n","y":1}}"#);
    }

    #[test]
    fn an_intact_chain_verifies_and_names_its_head() {
        let events = chain(5);
        let v = verify_lines(&lines(&events));
        assert!(v.ok, "{v:?}");
        assert_eq!(v.events, 5);
        assert_eq!(v.head_hash, events[4].hash);
        assert!(verify_lines("").ok, "an empty chain is intact");
    }

    #[test]
    fn an_edited_event_is_named() {
        let mut events = chain(5);
        events[2].data = json!({ "body": "changed" });
        let v = verify_lines(&lines(&events));
        assert!(!v.ok);
        assert_eq!(v.problem.as_ref().map(|p| p.seq), Some(3));
        assert!(v.problem.expect("problem").message.contains("was changed"));
    }

    #[test]
    fn an_edit_with_a_recomputed_hash_breaks_the_next_link() {
        let mut events = chain(5);
        events[2].data = json!({ "body": "changed" });
        events[2].hash = hash_of(&events[2]);
        let v = verify_lines(&lines(&events));
        assert_eq!(v.problem.map(|p| p.seq), Some(4));
    }

    #[test]
    fn removed_and_reordered_events_are_named() {
        let mut events = chain(5);
        events.remove(1);
        let v = verify_lines(&lines(&events));
        assert_eq!(v.problem.as_ref().map(|p| p.seq), Some(3));
        assert!(v.problem.expect("problem").message.contains("event 2 was removed"));

        let mut events = chain(5);
        events.swap(1, 2);
        let v = verify_lines(&lines(&events));
        assert_eq!(v.problem.as_ref().map(|p| p.seq), Some(3));
    }

    #[test]
    fn a_line_that_is_not_an_event_is_named() {
        let mut text = lines(&chain(2));
        text.push_str("{\"seq\": 3}\n");
        let v = verify_lines(&text);
        assert!(!v.ok);
        assert!(v.problem.expect("problem").message.contains("line 3"));
    }

    /// Events 2 and 3 emptied by an erasure that event 6 records.
    fn erased_chain() -> Vec<AuditEvent> {
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

    #[test]
    fn events_emptied_by_a_recorded_erasure_still_verify() {
        let v = verify_lines(&lines(&erased_chain()));
        assert!(v.ok, "{v:?}");
        assert_eq!((v.events, v.erased_events), (6, 2));
    }

    #[test]
    fn an_event_emptied_without_an_erasure_or_with_another_hash_is_named() {
        // Emptied, but no erasure accounts for it.
        let mut events = chain(5);
        events[3].data = json!({ "erased": "made-up" });
        let v = verify_lines(&lines(&events));
        assert_eq!(v.problem.as_ref().map(|p| p.seq), Some(4), "{v:?}");
        assert!(v.problem.expect("problem").message.contains("no erasure"));

        // An emptied event whose kept hash was swapped no longer matches what the erasure named.
        let mut events = erased_chain();
        events[1].hash = "f".repeat(64);
        let v = verify_lines(&lines(&events));
        assert!(!v.ok, "{v:?}");

        // Emptied by another erasure than the one that names it.
        let mut events = erased_chain();
        events[1].data = json!({ "erased": "erasure-2" });
        assert_eq!(verify_lines(&lines(&events)).problem.map(|p| p.seq), Some(6));

        // The erasure's own record cannot be edited to account for more.
        let mut events = erased_chain();
        events[5].data["events"]["4"] = json!(events[3].hash);
        let v = verify_lines(&lines(&events));
        assert_eq!(v.problem.map(|p| p.seq), Some(6));
    }
}
