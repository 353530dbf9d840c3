//! Recording: the HTTP layer hands each request's record to a bounded queue and waits until it
//! is stored, so an acknowledged request is in the journal as durably as its own change (a
//! crash loses none). A background task takes what is queued in batches (no lingering: a
//! request waits for at most the batch in flight and its own), redacts, cuts and compresses
//! bodies off the writer thread, and hands each batch to the writer. Requests that presented no
//! valid credential are not recorded one by one: they are counted per source address, with a
//! few samples (`refused`), so no caller without a key can fill or flush the journal.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::Mutex;

use tokio::sync::{mpsc, oneshot};

use super::model::{
    CapturedBody, JournalEntry, JournalFilter, JournalSettings, RefusedRequests, RefusedSample, RefusedSource,
    RequestRecord,
};
use super::redact;
use super::store::{self, Packed, Prepared};
use crate::Engine;
use crate::db::Database;
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::time::{TimeSource, Timestamp};

/// Bounds of `GET /_docket/requests`.
pub const LIST_BOUNDS: Bounds = Bounds { min: 1, max: 200, default: 50 };

/// Records waiting to be stored; when full, requests wait for room (the journal is never
/// skipped).
const QUEUE: usize = 8192;

/// Most records stored per batch. A batch is one job of the database writer, which every other
/// write waits behind: batches of 512, pruning 1,000 old entries, held transaction events up to
/// 10 ms under 5,000 events/s (bench/transmon.sh); batches of 64 pruned as they go, about 2 ms.
const BATCH: usize = 64;

/// The longest path and query kept, in bytes; longer ones are cut with a note of how much went.
pub const MAX_PATH: usize = 2048;

enum Message {
    Record(Box<RequestRecord>, oneshot::Sender<()>),
    Flush(oneshot::Sender<()>),
}

/// The sending side, held by the engine.
pub(crate) struct Recorder {
    queue: mpsc::Sender<Message>,
    /// The server's own limit on an entry's age (an environment may keep less).
    pub(crate) retention: jiff::SignedDuration,
    refused: Mutex<Refused>,
}

/// Starts the background writer.
pub(crate) fn start(db: Database, settings: JournalSettings, time: Arc<dyn TimeSource>) -> Recorder {
    let (queue, rx) = mpsc::channel(QUEUE);
    let retention = settings.retention;
    tokio::spawn(run(db, settings, time, rx));
    Recorder { queue, retention, refused: Mutex::new(Refused::default()) }
}

/// Pruning runs after a batch's worth of new entries of a scope (a tenth of the journal's size
/// per scope if that is less), or this often, whichever comes first: a batch's writes and their
/// pruning are one job, and it stays short.
const PRUNE_EVERY_SHARE: u64 = 10;
const PRUNE_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

async fn run(db: Database, settings: JournalSettings, time: Arc<dyn TimeSource>, mut rx: mpsc::Receiver<Message>) {
    let mut records = Vec::with_capacity(BATCH);
    let mut waiting = Vec::new();
    // New entries per scope since that scope was last pruned.
    let mut since_prune: HashMap<Scope, u64> = HashMap::new();
    let prune_after = (settings.max_entries / PRUNE_EVERY_SHARE).clamp(1, BATCH as u64);
    let mut ticker = tokio::time::interval(PRUNE_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let (first, tick) = tokio::select! {
            message = rx.recv() => match message {
                Some(m) => (m, false),
                None => break,
            },
            _ = ticker.tick() => (Message::Flush(oneshot::channel().0), true),
        };
        // Gather what is queued already, up to a batch: records that arrived while the last
        // batch was written share this one's commit.
        let mut next = Some(first);
        while let Some(message) = next.take() {
            match message {
                Message::Record(r, ack) => {
                    records.push(*r);
                    waiting.push(ack);
                }
                Message::Flush(ack) => waiting.push(ack),
            }
            if records.len() >= BATCH {
                break;
            }
            next = rx.try_recv().ok();
        }
        for r in &records {
            *since_prune.entry(r.scope).or_default() += 1;
        }
        let due: Vec<Scope> = if tick {
            since_prune.drain().map(|(scope, _)| scope).collect()
        } else {
            let due: Vec<Scope> = since_prune.iter().filter(|(_, n)| **n >= prune_after).map(|(s, _)| *s).collect();
            due.iter().for_each(|s| {
                since_prune.remove(s);
            });
            due
        };
        if !records.is_empty() || !due.is_empty() || tick {
            let batch = std::mem::replace(&mut records, Vec::with_capacity(BATCH));
            let prepared = tokio::task::spawn_blocking(move || {
                let mut packer = Packer::default();
                batch.into_iter().map(|r| prepare(r, settings.body_limit, &mut packer)).collect::<Vec<_>>()
            })
            .await
            .unwrap_or_default();
            let cutoff = time.now().saturating_add(-settings.retention);
            let result = db
                .write(move |conn| {
                    store::insert_all(conn, &prepared)?;
                    for scope in &due {
                        store::prune_to(conn, *scope, settings.max_entries)?;
                    }
                    if !due.is_empty() || tick {
                        store::prune(conn, cutoff)?;
                    }
                    if tick {
                        // The bodies the scopes' own pruning left behind.
                        store::remove_unreferenced_bodies(conn)?;
                    }
                    Ok(())
                })
                .await;
            if let Err(e) = result {
                tracing::error!(error = %e, "could not store request journal entries");
            }
        }
        for ack in waiting.drain(..) {
            let _ = ack.send(());
        }
    }
}

/// A path or query cut to [`MAX_PATH`] bytes (on a character boundary), with a note of the rest.
fn cut_text(text: &str) -> String {
    if text.len() <= MAX_PATH {
        return text.to_owned();
    }
    let mut end = MAX_PATH;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…[{} more bytes cut]", &text[..end], text.len() - end)
}

fn prepare(r: RequestRecord, body_limit: usize, packer: &mut Packer) -> Prepared {
    Prepared {
        reviewer: r.reviewer.as_deref().map(|n| crate::values::shorten(n, 200)),
        query: r.query.as_deref().map(|q| cut_text(&redact::query(q, r.secrets))),
        client: r.client.as_deref().map(|c| crate::values::shorten(c, 200)),
        request_body: packer.pack(&r.request_body, body_limit, r.secrets),
        response_body: packer.pack(&r.response_body, body_limit, r.secrets),
        request_id: r.request_id,
        scope: Some(r.scope),
        source: r.source,
        api_key_id: r.api_key_id,
        received_at: r.received_at,
        method: r.method,
        path: cut_text(&r.path),
        status: r.status,
        latency_us: r.latency_us,
    }
}

/// Redacts, cuts and compresses bodies, remembering the last one: a client polling an
/// endpoint gets the same response many times over, and it is compressed once.
#[derive(Default)]
struct Packer {
    last: Option<(Vec<u8>, Packed)>,
}

impl Packer {
    /// A body redacted, cut and compressed, and whether it was cut.
    fn pack(&mut self, body: &CapturedBody, limit: usize, secrets: &[&str]) -> (Option<Packed>, bool) {
        let (bytes, cut) = redact::body_text(body, limit, secrets);
        let Some(bytes) = bytes else { return (None, cut) };
        if let Some((raw, packed)) = &self.last
            && raw.as_slice() == &*bytes
        {
            return (Some(packed.clone()), cut);
        }
        let packed = store::pack(&bytes);
        self.last = Some((bytes.into_owned(), packed.clone()));
        (Some(packed), cut)
    }
}

/// Most source addresses whose refused requests are counted (the least recent go first), and
/// samples kept of each.
const MAX_SOURCES: usize = 1024;
const SAMPLES: usize = 5;

/// Requests refused for want of a valid credential, in memory since the server started.
#[derive(Debug, Default)]
struct Refused {
    total: u64,
    since: Option<Timestamp>,
    sources: HashMap<Option<IpAddr>, RefusedSource>,
}

impl Refused {
    fn add(&mut self, source: Option<IpAddr>, sample: RefusedSample) {
        self.total += 1;
        self.since.get_or_insert(sample.at);
        if !self.sources.contains_key(&source)
            && self.sources.len() >= MAX_SOURCES
            && let Some(oldest) = self.sources.iter().min_by_key(|(_, s)| s.last_at).map(|(k, _)| *k)
        {
            self.sources.remove(&oldest);
        }
        let entry = self.sources.entry(source).or_insert_with(|| RefusedSource {
            address: source.map(|a| a.to_string()),
            count: 0,
            first_at: sample.at,
            last_at: sample.at,
            samples: VecDeque::new(),
        });
        entry.count += 1;
        entry.last_at = sample.at;
        if entry.samples.len() == SAMPLES {
            entry.samples.pop_front();
        }
        entry.samples.push_back(sample);
    }
}

/// Journal operations.
pub struct Journal<'e> {
    pub(crate) engine: &'e Engine,
}

impl Journal<'_> {
    /// Stores a request's record, and returns once it is stored: as durable as the request's
    /// own change. Under load, requests wait for room in the queue rather than go unrecorded.
    pub async fn record(&self, record: RequestRecord) {
        let (ack, stored) = oneshot::channel();
        if self.engine.core.journal.queue.send(Message::Record(Box::new(record), ack)).await.is_ok() {
            let _ = stored.await;
        }
    }

    /// Counts a request refused for want of a valid credential (no key, a wrong or revoked one,
    /// no session), with a sample of it for its source address: such requests are not recorded
    /// one by one.
    pub fn refused(&self, source: Option<IpAddr>, method: &str, path: &str, status: u16) {
        let sample = RefusedSample {
            at: self.engine.real_now(),
            method: crate::values::shorten(method, 16),
            path: crate::values::shorten(path, 200),
            status,
        };
        self.engine.core.journal.refused.lock().unwrap_or_else(std::sync::PoisonError::into_inner).add(source, sample);
    }

    /// The refused requests counted since the server started: per source address, with samples.
    pub fn refused_requests(&self) -> RefusedRequests {
        let refused = self.engine.core.journal.refused.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut sources: Vec<RefusedSource> = refused.sources.values().cloned().collect();
        sources.sort_by(|a, b| b.count.cmp(&a.count).then(b.last_at.cmp(&a.last_at)));
        RefusedRequests { total: refused.total, since: refused.since, sources }
    }

    /// Waits until every record queued so far is stored.
    pub async fn flush(&self) {
        let (ack, done) = oneshot::channel();
        if self.engine.core.journal.queue.send(Message::Flush(ack)).await.is_ok() {
            let _ = done.await;
        }
    }

    /// Entries of one scope, newest first.
    pub async fn list(&self, scope: Scope, filter: JournalFilter, page: PageRequest) -> Result<Page<JournalEntry>> {
        if let (Some(since), Some(until)) = (filter.since, filter.until)
            && since > until
        {
            return Err(Error::invalid("since", "must not be later than until"));
        }
        self.flush().await;
        self.engine.core.db.read(move |conn| store::list(conn, scope, &filter, page)).await
    }

    /// Removes the entries of a sandbox (production's journal is not for wiping).
    pub async fn clear(&self, scope: Scope) -> Result<usize> {
        crate::sandbox::require_sandbox(scope)?;
        self.flush().await;
        self.engine.core.db.write(move |conn| store::clear(conn, scope)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unpacked(packed: Option<Packed>) -> String {
        let bytes = lz4_flex::decompress_size_prepended(packed.expect("a body").bytes()).expect("lz4");
        String::from_utf8(bytes).expect("text")
    }

    #[test]
    fn the_packer_compresses_a_repeated_body_once_and_each_body_as_itself() {
        let mut packer = Packer::default();
        let plain = |s: &'static str| CapturedBody::Plain(bytes::Bytes::from_static(s.as_bytes()));
        let (first, cut) = packer.pack(&plain(r#"{"data":[1,2,3]}"#), 100, &[]);
        assert!(!cut);
        let (again, _) = packer.pack(&plain(r#"{"data":[1,2,3]}"#), 100, &[]);
        assert_eq!(first, again);
        let (other, cut) = packer.pack(&plain(r#"{"data":[4]}"#), 8, &[]);
        assert!(cut, "cut at the limit");
        assert_eq!(unpacked(other), r#"{"data":"#);
        assert_eq!(unpacked(again), r#"{"data":[1,2,3]}"#);
        // A request body that carries a secret is redacted before the comparison.
        let secret = CapturedBody::Bytes(bytes::Bytes::from_static(br#"{"password":"hunter2"}"#));
        let (redacted, _) = packer.pack(&secret, 100, &[]);
        assert!(!unpacked(redacted).contains("hunter2"));
        assert_eq!(packer.pack(&CapturedBody::Empty, 100, &[]), (None, false));
    }

    #[test]
    fn long_paths_and_queries_are_cut_with_a_note() {
        assert_eq!(cut_text("/api/v3/applicants"), "/api/v3/applicants");
        let long = format!("/{}", "é".repeat(3000));
        let cut = cut_text(&long);
        assert!(cut.len() < MAX_PATH + 40 && cut.ends_with("more bytes cut]"), "{}", &cut[cut.len() - 40..]);
    }

    #[test]
    fn refused_requests_are_counted_per_source_with_a_few_samples() {
        let mut refused = Refused::default();
        let at = Timestamp::from_millis(1_000);
        let sample = |path: &str| RefusedSample { at, method: "GET".into(), path: path.into(), status: 401 };
        let a: Option<IpAddr> = Some("203.0.113.1".parse().expect("ip"));
        for i in 0..8 {
            refused.add(a, sample(&format!("/p{i}")));
        }
        refused.add(None, sample("/x"));
        assert_eq!(refused.total, 9);
        let source = &refused.sources[&a];
        assert_eq!(source.count, 8);
        assert_eq!(
            source.samples.iter().map(|s| s.path.as_str()).collect::<Vec<_>>(),
            ["/p3", "/p4", "/p5", "/p6", "/p7"]
        );
        for i in 0..(MAX_SOURCES + 10) {
            let ip = IpAddr::from(std::net::Ipv4Addr::from(u32::try_from(i).unwrap_or(0) + 1));
            refused.add(Some(ip), sample("/y"));
        }
        assert_eq!(refused.sources.len(), MAX_SOURCES, "bounded");
    }
}
