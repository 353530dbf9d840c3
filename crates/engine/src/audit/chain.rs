//! The chain's format and its verifier.
//!
//! Canonical JSON is one JSON object with its keys sorted (at every depth), no whitespace, and
//! strings escaped as JSON requires (non-ASCII characters as they are): exactly what Python's
//! `json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)` writes. Data
//! never holds floats, whose spelling differs between languages.
//!
//! Each event carries `salt`, 16 random bytes in hex, and `data_hash = sha256(salt + canonical
//! JSON of data)`. Its `hash = sha256(canonical JSON of the event without hash, data and salt)`,
//! in lower-case hex, so it covers `data_hash` and `prev_hash`; `prev_hash` is the hash of the
//! event before it (`GENESIS` for the first). An event is hashed in two steps so that its
//! content can go while its place in the chain stays provable.
//!
//! Erasure on request empties the events of the erased case: their `data` becomes
//! `{"erased": "<erasure id>"}` and their salt goes; `data_hash`, `prev_hash` and `hash` stay.
//! Every event's hash is still recomputed and every link checked, emptied events included, so a
//! head hash proves every event up to it, before an erasure or after: only an emptied event's
//! content can no longer be checked. Every emptied event must be named, with its `data_hash`, by
//! a later `erased` event of its case and erasure (hashed and linked like any other), so an event
//! emptied by anything but an erasure is reported. The salt goes with the content: the
//! `data_hash` kept cannot be used to confirm a guess of what was erased.
//!
//! A chain written in the first format ([`super::first_format`]) was rewritten in this one at the
//! upgrade ([`super::upgrade`]), with a `chain_upgraded` event recording the first format's head
//! hash; the verifier recomputes the first-format chain from the events before that event and
//! checks that it ends in that hash.
//!
//! The verifier reads on past a problem (taking the event's own `seq` and `hash` as the place to
//! go on from), so that a problem an admin acknowledged does not hide a later one; it reports at
//! most one problem per event.

use std::collections::BTreeMap;

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::first_format;
use super::model::{
    ACKNOWLEDGED_KIND, Acknowledgement, AuditEvent, ERASED_KIND, GENESIS, Problem, ProblemKind, UPGRADED_KIND,
    Verified, erasure_mark,
};

/// Problems listed by one verification; more are only counted.
pub const MAX_PROBLEMS: usize = 100;

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

fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The hash an event must carry: over every field but `hash`, `data` and `salt`.
pub fn hash_of(event: &AuditEvent) -> String {
    let (data_hash, prev_hash) = (Value::String(event.data_hash.clone()), Value::String(event.prev_hash.clone()));
    let shared = shared_fields(event);
    let mut fields: Vec<(&str, &Value)> = shared.iter().map(|(k, v)| (*k, v)).collect();
    fields.extend([("data_hash", &data_hash), ("prev_hash", &prev_hash)]);
    sha256_hex(&canonical_object(fields))
}

/// The hash the first format gave an event of an upgraded chain, the event before it having
/// `prev_hash` in that format: over every field the first format had (`data` included). An event
/// emptied before the upgrade kept its first-format hash as its `data_hash`.
pub(crate) fn first_format_hash(event: &AuditEvent, prev_hash: &str) -> String {
    if event.salt.is_none() {
        return event.data_hash.clone();
    }
    let prev_hash = Value::String(prev_hash.to_owned());
    let shared = shared_fields(event);
    let mut fields: Vec<(&str, &Value)> = shared.iter().map(|(k, v)| (*k, v)).collect();
    fields.extend([("data", &event.data), ("prev_hash", &prev_hash)]);
    sha256_hex(&canonical_object(fields))
}

/// The fields both formats hash as they are: all but `data`, `salt`, `data_hash`, `prev_hash` and
/// `hash` (`data` is borrowed by the caller, not copied).
fn shared_fields(event: &AuditEvent) -> [(&'static str, Value); 9] {
    let text = |v: &Option<String>| v.as_ref().map_or(Value::Null, |s| Value::String(s.clone()));
    [
        ("seq", Value::from(event.seq)),
        ("at", serde_json::to_value(event.at).unwrap_or(Value::Null)),
        ("organization_id", Value::String(event.organization_id.clone())),
        ("environment", serde_json::to_value(event.environment).unwrap_or(Value::Null)),
        ("case_id", text(&event.case_id)),
        ("case_public_id", text(&event.case_public_id)),
        ("actor", Value::String(event.actor.clone())),
        ("reviewer_id", text(&event.reviewer_id)),
        ("kind", Value::String(event.kind.clone())),
    ]
}

/// The canonical JSON of an object given as its fields.
fn canonical_object(mut fields: Vec<(&str, &Value)>) -> String {
    fields.sort_unstable_by(|a, b| a.0.cmp(b.0));
    let mut out = String::with_capacity(512);
    out.push('{');
    for (i, (key, value)) in fields.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&Value::String(key.to_owned()).to_string());
        out.push(':');
        canonical(value, &mut out);
    }
    out.push('}');
    out
}

/// An event's `data_hash`: over its salt and the canonical JSON of its data.
pub fn data_hash_of(salt: &str, data: &serde_json::Value) -> String {
    let mut text = String::with_capacity(salt.len() + 256);
    text.push_str(salt);
    canonical(data, &mut text);
    sha256_hex(&text)
}

/// A new event's salt: 16 random bytes, in hex.
pub(crate) fn new_salt() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

/// "event 5 follows event 2: events 3 to 4 were removed".
pub(crate) fn removed(seq: i64, prev_seq: i64) -> String {
    let gone = if seq == prev_seq + 2 {
        format!("event {} was", prev_seq + 1)
    } else {
        format!("events {} to {} were", prev_seq + 1, seq - 1)
    };
    format!("event {seq} follows event {prev_seq}: {gone} removed")
}

/// What an emptied event still says: the `data_hash` it keeps, the erasure that emptied it, its
/// case.
#[derive(Debug, PartialEq)]
struct Emptied {
    data_hash: String,
    erasure: String,
    case_id: Option<String>,
}

type Found = Option<(ProblemKind, String)>;

/// Follows a chain event by event: an event edited (its hash or data hash does not match),
/// removed or reordered (its `seq` or `prev_hash` does not follow the event before), mixed in
/// from another chain, or emptied without an erasure is reported, and reading goes on.
#[derive(Debug)]
pub struct Verifier {
    events: u64,
    erased_events: u64,
    prev_hash: String,
    prev_seq: i64,
    scope: Option<(String, crate::scope::Environment)>,
    /// Emptied events not yet named by an erasure, by `seq`.
    emptied: BTreeMap<i64, Emptied>,
    /// The chain as the first format hashes it, until an upgrade event; `None` after one.
    first_format: Option<String>,
    acknowledged: BTreeMap<(i64, ProblemKind), Acknowledgement>,
    problems: Vec<Problem>,
    more_problems: u64,
}

impl Default for Verifier {
    fn default() -> Self {
        Verifier {
            events: 0,
            erased_events: 0,
            prev_hash: GENESIS.to_owned(),
            prev_seq: 0,
            scope: None,
            emptied: BTreeMap::new(),
            first_format: Some(GENESIS.to_owned()),
            acknowledged: BTreeMap::new(),
            problems: Vec::new(),
            more_problems: 0,
        }
    }
}

impl Verifier {
    /// A verifier for a chain known to hold no `chain_upgraded` event (one begun in this
    /// format): the first format's hashes are not computed, which halves the work.
    pub fn never_upgraded() -> Verifier {
        Verifier { first_format: None, ..Verifier::default() }
    }

    /// Checks the next event.
    pub fn push(&mut self, event: &AuditEvent) {
        let seq = event.seq;
        let placed = self.placement(event);
        let content = content(event);
        // An event whose content holds is read for what it says, even out of place: an erasure
        // accounts for its events, an upgrade's record is checked, an acknowledgement counts
        // (only when nothing at all is wrong with it).
        let said = match (&content, event.emptied_by()) {
            (None, None) => self.what_it_says(event, placed.is_none()),
            _ => None,
        };
        if event.kind != UPGRADED_KIND
            && let Some(first) = self.first_format.as_mut()
        {
            *first = first_format_hash(event, first);
        }
        let reordered = matches!(placed, Some((ProblemKind::Reordered, _)));
        if let Some((kind, message)) = placed.or(content).or(said) {
            self.report(seq, kind, message);
        }
        if let Some(erasure) = event.emptied_by() {
            let kept = Emptied {
                data_hash: event.data_hash.clone(),
                erasure: erasure.to_owned(),
                case_id: event.case_id.clone(),
            };
            self.emptied.insert(seq, kept);
        }
        self.events += 1;
        self.scope.get_or_insert_with(|| (event.organization_id.clone(), event.environment));
        // Go on from this event, unless it is one that belongs earlier.
        if !reordered {
            self.prev_seq = seq;
            self.prev_hash = event.hash.clone();
        }
    }

    /// Whether the event is where it claims to be: its `seq`, its chain, its link, its hash.
    fn placement(&self, event: &AuditEvent) -> Found {
        let seq = event.seq;
        if seq > self.prev_seq + 1 {
            Some((ProblemKind::Removed, removed(seq, self.prev_seq)))
        } else if seq <= self.prev_seq {
            Some((
                ProblemKind::Reordered,
                format!("event {seq} comes after event {}: the events were reordered", self.prev_seq),
            ))
        } else if self.scope.as_ref().is_some_and(|(o, e)| *o != event.organization_id || *e != event.environment) {
            Some((ProblemKind::Foreign, format!("event {seq} belongs to another organization or environment's chain")))
        } else if event.prev_hash != self.prev_hash {
            Some((
                ProblemKind::Unlinked,
                format!(
                    "event {seq} does not link to the event before it (prev_hash differs): an event was removed or replaced"
                ),
            ))
        } else if hash_of(event) != event.hash {
            Some((ProblemKind::Changed, format!("event {seq} was changed: its hash does not match its fields")))
        } else {
            None
        }
    }

    /// What an `erased`, `chain_upgraded` or `chain_problem_acknowledged` event says, checked.
    fn what_it_says(&mut self, event: &AuditEvent, in_place: bool) -> Found {
        match event.kind.as_str() {
            ERASED_KIND => self.account_for(event).err().map(|m| (ProblemKind::Erasure, m)),
            UPGRADED_KIND => self.upgraded(event),
            ACKNOWLEDGED_KIND if in_place => {
                self.acknowledge(event);
                None
            }
            _ => None,
        }
    }

    /// An erasure event names the emptied events it accounts for, each with the `data_hash` it
    /// keeps; each must have been emptied by this erasure, and be of the erasure's case.
    fn account_for(&mut self, erasure: &AuditEvent) -> Result<(), String> {
        let named = erasure.data.get("events").and_then(|e| e.as_object());
        let id = erasure.data.get("erasure_id").and_then(|e| e.as_str()).unwrap_or_default();
        for (seq, data_hash) in named.into_iter().flatten() {
            let kept = seq.parse::<i64>().ok().and_then(|n| self.emptied.remove(&n));
            match kept {
                Some(kept)
                    if Some(kept.data_hash.as_str()) == data_hash.as_str()
                        && kept.erasure == id
                        && kept.case_id == erasure.case_id =>
                {
                    self.erased_events += 1
                }
                _ => {
                    return Err(format!(
                        "event {} accounts for event {seq} as erased, but no event {seq} of its case, emptied by it, with that data_hash came before it",
                        erasure.seq
                    ));
                }
            }
        }
        Ok(())
    }

    /// The upgrade from the first format: the events before it, hashed as the first format
    /// hashed them, must end in the head hash it records, and the first format's verifier must
    /// have found nothing wrong then.
    fn upgraded(&mut self, event: &AuditEvent) -> Found {
        let seq = event.seq;
        let Some(first) = self.first_format.take() else {
            return Some((
                ProblemKind::Upgrade,
                format!("event {seq} records an upgrade from the first format, but the chain was upgraded before it"),
            ));
        };
        let previous = event.data.get("previous_problem").and_then(|p| p.get("message")).and_then(|m| m.as_str());
        if let Some(message) = previous {
            Some((
                ProblemKind::Upgrade,
                format!("before the upgrade recorded by event {seq}, the chain did not verify: {message}"),
            ))
        } else if event.data.get("previous_head_hash").and_then(|h| h.as_str()) != Some(first.as_str()) {
            Some((
                ProblemKind::Upgrade,
                format!(
                    "event {seq} records the upgrade from the first format, but the events before it do not hash to the head hash it records: one was changed"
                ),
            ))
        } else {
            None
        }
    }

    fn acknowledge(&mut self, event: &AuditEvent) {
        let note = event.data.get("note").and_then(|n| n.as_str()).unwrap_or_default();
        let named = event.data.get("problems").and_then(|p| p.as_array());
        for problem in named.into_iter().flatten() {
            let seq = problem.get("seq").and_then(|s| s.as_i64());
            let kind = problem.get("kind").and_then(|k| serde_json::from_value::<ProblemKind>(k.clone()).ok());
            if let (Some(seq), Some(kind)) = (seq, kind) {
                self.acknowledged.entry((seq, kind)).or_insert_with(|| Acknowledgement {
                    seq: event.seq,
                    at: event.at,
                    by: event.actor.clone(),
                    note: note.to_owned(),
                });
            }
        }
    }

    fn report(&mut self, seq: i64, kind: ProblemKind, message: String) {
        if self.problems.len() < MAX_PROBLEMS {
            self.problems.push(Problem { seq, kind, message, acknowledged: None });
        } else {
            self.more_problems += 1;
        }
    }

    /// Records a line that is not an event at all.
    pub fn unreadable(&mut self, line: i64, why: &str) {
        self.report(line, ProblemKind::Unreadable, format!("line {line} is not an audit event: {why}"));
    }

    pub fn finish(mut self) -> Verified {
        let left: Vec<i64> = self.emptied.keys().copied().collect();
        for seq in left {
            self.report(
                seq,
                ProblemKind::Emptied,
                format!("event {seq} was emptied, but no erasure after it accounts for it"),
            );
        }
        for problem in &mut self.problems {
            problem.acknowledged = self.acknowledged.get(&(problem.seq, problem.kind)).cloned();
        }
        let unacknowledged =
            self.problems.iter().filter(|p| p.acknowledged.is_none()).count() as u64 + self.more_problems;
        Verified {
            ok: self.problems.is_empty(),
            events: self.events,
            erased_events: self.erased_events,
            head_hash: self.prev_hash,
            problem: self.problems.first().cloned(),
            problems: self.problems,
            more_problems: self.more_problems,
            unacknowledged,
        }
    }
}

/// Whether the event's content holds: its data matches its `data_hash`, or it was emptied the
/// way an erasure empties.
fn content(event: &AuditEvent) -> Found {
    let seq = event.seq;
    match &event.salt {
        Some(salt) if data_hash_of(salt, &event.data) != event.data_hash => {
            Some((ProblemKind::DataChanged, format!("event {seq} was changed: its data does not match its data_hash")))
        }
        Some(_) => None,
        None if erasure_mark(&event.data).is_none() => Some((
            ProblemKind::Emptied,
            format!("event {seq} has no salt, but its data is not an erasure's mark: its content cannot be checked"),
        )),
        None => None,
    }
}

/// Whether an exported file is in the first format (its first event has no `data_hash`).
pub fn is_first_format(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .is_some_and(|v| v.is_object() && v.get("data_hash").is_none())
}

/// Verifies an export: JSON Lines, oldest first (blank lines are skipped), in either format.
pub fn verify_lines(text: &str) -> Verified {
    if is_first_format(text) {
        return first_format::verify_lines(text);
    }
    // A file without the upgrade's kind spelled out has no upgrade event (one spelled with JSON
    // escapes is then reported, never missed).
    let mut verifier = if text.contains(UPGRADED_KIND) { Verifier::default() } else { Verifier::never_upgraded() };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<AuditEvent>(line) {
            Ok(event) => verifier.push(&event),
            Err(e) => verifier.unreadable(i as i64 + 1, &e.to_string()),
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

    fn event(seq: i64, kind: &str, data: serde_json::Value, prev_hash: &str) -> AuditEvent {
        let salt = new_salt();
        let mut e = AuditEvent {
            seq,
            at: Timestamp::from_millis(1_700_000_000_000 + seq),
            organization_id: "org".into(),
            environment: Environment::Sandbox,
            case_id: Some("case".into()),
            case_public_id: Some("KYB-1".into()),
            actor: "reviewer:Zoë".into(),
            reviewer_id: None,
            kind: kind.into(),
            data_hash: data_hash_of(&salt, &data),
            data,
            salt: Some(salt),
            prev_hash: prev_hash.to_owned(),
            hash: String::new(),
        };
        e.hash = hash_of(&e);
        e
    }

    fn chain(n: i64) -> Vec<AuditEvent> {
        let mut events: Vec<AuditEvent> = Vec::new();
        for seq in 1..=n {
            let prev = events.last().map_or(GENESIS.to_owned(), |e| e.hash.clone());
            let data = json!({ "body": format!("note {seq} \"quoted\"\n\u{1}"), "z": 1, "a": [true, null] });
            events.push(event(seq, "commented", data, &prev));
        }
        events
    }

    /// Appends an event as the store does.
    fn append(events: &mut Vec<AuditEvent>, kind: &str, data: serde_json::Value) {
        let last = events.last().expect("events");
        let e = event(last.seq + 1, kind, data, &last.hash.clone());
        events.push(e);
    }

    /// Recomputes the links and hashes of `events[from..to]`, as someone with the file would.
    fn rehash(events: &mut [AuditEvent], from: usize, to: usize) {
        for i in from..to {
            events[i].prev_hash = if i == 0 { GENESIS.to_owned() } else { events[i - 1].hash.clone() };
            events[i].hash = hash_of(&events[i]);
        }
    }

    fn verify(events: &[AuditEvent]) -> Verified {
        verify_lines(&lines(events))
    }

    fn lines(events: &[AuditEvent]) -> String {
        events.iter().map(|e| serde_json::to_string(e).expect("json") + "\n").collect()
    }

    fn found(v: &Verified) -> Vec<(i64, ProblemKind)> {
        v.problems.iter().map(|p| (p.seq, p.kind)).collect()
    }

    /// Ten events; 4 to 6 emptied by an erasure that event 11 records.
    fn erased_chain() -> Vec<AuditEvent> {
        let mut events = chain(10);
        let named: serde_json::Map<String, serde_json::Value> =
            events[3..6].iter().map(|e| (e.seq.to_string(), json!(e.data_hash))).collect();
        for e in &mut events[3..6] {
            e.data = json!({ "erased": "erasure-1" });
            e.salt = None;
        }
        append(&mut events, ERASED_KIND, json!({ "erasure_id": "erasure-1", "events": named }));
        events
    }

    /// The hashes are computed from the fields one by one (no copy of `data`): they must be the
    /// hashes of the event's JSON as exported, less the fields each format leaves out.
    #[test]
    fn the_hashes_are_over_the_exported_json() {
        let json_hash = |value: serde_json::Value, without: &[&str]| {
            let mut value = value;
            let map = value.as_object_mut().expect("object");
            without.iter().for_each(|f| drop(map.remove(*f)));
            let mut text = String::new();
            canonical(&value, &mut text);
            sha256_hex(&text)
        };
        let mut e = chain(2).pop().expect("event");
        e.reviewer_id = Some("r".into());
        let value = serde_json::to_value(&e).expect("json");
        assert_eq!(hash_of(&e), json_hash(value.clone(), &["hash", "data", "salt"]));
        let mut first = value;
        first["prev_hash"] = json!("p");
        assert_eq!(first_format_hash(&e, "p"), json_hash(first, &["hash", "salt", "data_hash"]));
        let old = first_format::FirstFormatEvent::of(&e, "p");
        assert_eq!(first_format_hash(&e, "p"), first_format::hash_of(&old));
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
        let v = verify(&events);
        assert!(v.ok && v.unacknowledged == 0, "{v:?}");
        assert_eq!(v.events, 5);
        assert_eq!(v.head_hash, events[4].hash);
        assert!(verify_lines("").ok, "an empty chain is intact");
    }

    #[test]
    fn edited_data_and_edited_fields_are_named() {
        let mut events = chain(5);
        events[2].data = json!({ "body": "changed" });
        let v = verify(&events);
        assert_eq!(found(&v), [(3, ProblemKind::DataChanged)], "{v:?}");

        let mut events = chain(5);
        events[2].actor = "reviewer:Mallory".into();
        assert_eq!(found(&verify(&events)), [(3, ProblemKind::Changed)]);

        // The data and its data_hash changed together: the hash covers the data_hash.
        let mut events = chain(5);
        events[2].data = json!({ "body": "changed" });
        events[2].data_hash = data_hash_of(events[2].salt.as_deref().expect("salt"), &events[2].data);
        assert_eq!(found(&verify(&events)), [(3, ProblemKind::Changed)]);
    }

    #[test]
    fn an_edit_with_a_recomputed_hash_breaks_the_next_link() {
        let mut events = chain(5);
        events[2].actor = "reviewer:Mallory".into();
        events[2].hash = hash_of(&events[2]);
        assert_eq!(found(&verify(&events)), [(4, ProblemKind::Unlinked)]);
    }

    #[test]
    fn removed_and_reordered_events_are_named_and_reading_goes_on() {
        let mut events = chain(5);
        events.remove(1);
        let v = verify(&events);
        assert_eq!(found(&v), [(3, ProblemKind::Removed)]);
        assert!(v.problem.expect("problem").message.contains("event 2 was removed"));

        let mut events = chain(5);
        events.swap(1, 2);
        assert_eq!(found(&verify(&events)), [(3, ProblemKind::Removed), (2, ProblemKind::Reordered)]);

        let mut events = chain(8);
        events[1].actor = "reviewer:Mallory".into();
        events[6].data = json!({});
        assert_eq!(found(&verify(&events)), [(2, ProblemKind::Changed), (7, ProblemKind::DataChanged)]);
    }

    #[test]
    fn a_line_that_is_not_an_event_is_named() {
        let mut text = lines(&chain(2));
        text.push_str("{\"seq\": 3}\n");
        let v = verify_lines(&text);
        assert!(!v.ok);
        assert!(v.problem.expect("problem").message.contains("line 3"));
    }

    #[test]
    fn events_emptied_by_a_recorded_erasure_still_verify() {
        let v = verify(&erased_chain());
        assert!(v.ok, "{v:?}");
        assert_eq!((v.events, v.erased_events), (11, 3));
    }

    /// Issue 32: after an erasure, with the file, an early event is changed and the events after
    /// it are rehashed up to the first emptied one, which is linked to them. In the first format
    /// that kept the head hash (see `first_format`); here the emptied event's hash covers its link.
    #[test]
    fn the_events_before_an_emptied_one_cannot_be_rewritten() {
        let original = erased_chain();
        let mut events = original.clone();
        events[1].actor = "reviewer:Mallory".into();
        rehash(&mut events, 1, 3);
        events[3].prev_hash = events[2].hash.clone();
        let v = verify(&events);
        assert_eq!(found(&v), [(4, ProblemKind::Changed)], "{v:?}");
        assert_eq!(v.head_hash, original[10].hash);

        // Rehashing the emptied event too moves the break to the next link...
        rehash(&mut events, 3, 4);
        assert_eq!(found(&verify(&events)), [(5, ProblemKind::Unlinked)]);
        // ...and rehashing everything gives an intact chain with another head.
        rehash(&mut events, 4, 11);
        let v = verify(&events);
        assert!(v.ok, "{v:?}");
        assert_ne!(v.head_hash, original[10].hash);
    }

    #[test]
    fn an_event_emptied_without_an_erasure_or_wrongly_is_named() {
        // Emptied, but no erasure accounts for it.
        let mut events = chain(5);
        events[3].data = json!({ "erased": "made-up" });
        events[3].salt = None;
        let v = verify(&events);
        assert_eq!(found(&v), [(4, ProblemKind::Emptied)], "{v:?}");
        assert!(v.problem.expect("problem").message.contains("no erasure"));

        // The salt dropped but the data kept: content that can no longer be checked.
        let mut events = chain(5);
        events[3].salt = None;
        assert_eq!(found(&verify(&events)), [(4, ProblemKind::Emptied)]);

        // An emptied event's data_hash swapped: its own hash no longer matches.
        let mut events = erased_chain();
        events[4].data_hash = "f".repeat(64);
        let v = verify(&events);
        assert_eq!(v.problem.map(|p| (p.seq, p.kind)), Some((5, ProblemKind::Changed)));

        // Emptied by another erasure than the one that names it.
        let mut events = erased_chain();
        events[4].data = json!({ "erased": "erasure-2" });
        assert_eq!(found(&verify(&events)), [(11, ProblemKind::Erasure), (6, ProblemKind::Emptied)]);

        // The erasure's own record cannot be edited to account for more.
        let mut events = erased_chain();
        events[10].data["events"]["7"] = json!(events[6].data_hash);
        assert_eq!(verify(&events).problem.map(|p| (p.seq, p.kind)), Some((11, ProblemKind::DataChanged)));
    }

    fn acknowledgement(problems: &[(i64, ProblemKind)]) -> serde_json::Value {
        let named: Vec<_> =
            problems.iter().map(|(seq, kind)| json!({ "seq": seq, "kind": kind, "message": "m" })).collect();
        json!({ "problems": named, "note": "Restored from a backup." })
    }

    #[test]
    fn an_acknowledged_problem_stays_listed_and_a_later_one_is_not_hidden() {
        let mut events = chain(5);
        events[1].actor = "reviewer:Mallory".into();
        append(&mut events, ACKNOWLEDGED_KIND, acknowledgement(&[(2, ProblemKind::Changed)]));
        let v = verify(&events);
        assert!(!v.ok);
        assert_eq!(v.unacknowledged, 0, "{v:?}");
        let ack = v.problems[0].acknowledged.as_ref().expect("acknowledged");
        assert_eq!((ack.seq, ack.by.as_str(), ack.note.as_str()), (6, "reviewer:Zoë", "Restored from a backup."));

        // A problem after it, or of another kind at the same event, is not acknowledged.
        events[3].data = json!({});
        append(&mut events, "commented", json!({ "body": "later" }));
        let v = verify(&events);
        assert_eq!(found(&v), [(2, ProblemKind::Changed), (4, ProblemKind::DataChanged)]);
        assert_eq!(v.unacknowledged, 1);

        // An acknowledgement that was itself edited acknowledges nothing.
        let mut events = chain(3);
        events[1].actor = "reviewer:Mallory".into();
        append(&mut events, ACKNOWLEDGED_KIND, acknowledgement(&[(2, ProblemKind::Changed)]));
        events[3].data["note"] = json!("edited");
        let v = verify(&events);
        assert_eq!(found(&v), [(2, ProblemKind::Changed), (4, ProblemKind::DataChanged)]);
        assert_eq!(v.unacknowledged, 2);
    }

    #[test]
    fn past_the_listed_problems_the_rest_are_counted_and_stay_unacknowledged() {
        let mut events = chain(MAX_PROBLEMS as i64 + 5);
        for e in &mut events {
            e.data = json!({});
        }
        let v = verify(&events);
        assert_eq!((v.problems.len(), v.more_problems, v.unacknowledged), (MAX_PROBLEMS, 5, MAX_PROBLEMS as u64 + 5));
    }

    #[test]
    fn a_first_format_file_is_verified_as_the_first_format() {
        let text = crate::audit::first_format::tests::lines(&crate::audit::first_format::tests::erased_chain());
        assert!(is_first_format(&text));
        assert!(!is_first_format(&lines(&chain(2))));
        let v = verify_lines(&text);
        assert!(v.ok && v.erased_events == 2, "{v:?}");
    }
}
