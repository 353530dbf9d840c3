//! Recording happens off the request path: the HTTP layer hands a record to a bounded queue and
//! moves on; a background task redacts, truncates and stores records in batches.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::{mpsc, oneshot};

use super::model::{CapturedBody, JournalEntry, JournalFilter, JournalSettings, RequestRecord};
use super::redact;
use super::store::{self, Packed, Prepared};
use crate::Engine;
use crate::db::Database;
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::time::TimeSource;

/// Bounds of `GET /_docket/requests`.
pub const LIST_BOUNDS: Bounds = Bounds { min: 1, max: 200, default: 50 };

/// Records waiting to be stored; when full, new records are dropped (and counted) rather than
/// slowing requests down.
const QUEUE: usize = 8192;

/// Most records stored per batch. A batch is one job of the database writer, which every other
/// write waits behind: batches of 512, pruning 1,000 old entries, held transaction events up to
/// 10 ms under 5,000 events/s (bench/transmon.sh); batches of 64 pruned as they go, about 2 ms.
const BATCH: usize = 64;

enum Message {
    Record(Box<RequestRecord>),
    Flush(oneshot::Sender<()>),
}

/// The sending side, held by the engine.
pub(crate) struct Recorder {
    queue: mpsc::Sender<Message>,
    dropped: AtomicU64,
    /// The server's own limit on an entry's age (an environment may keep less).
    pub(crate) retention: jiff::SignedDuration,
}

/// Starts the background writer.
pub(crate) fn start(db: Database, settings: JournalSettings, time: Arc<dyn TimeSource>) -> Recorder {
    let (queue, rx) = mpsc::channel(QUEUE);
    let retention = settings.retention;
    tokio::spawn(run(db, settings, time, rx));
    Recorder { queue, dropped: AtomicU64::new(0), retention }
}

/// How long a record may wait for others to share its write. Each commit makes every reader
/// drop its page cache (SQLite's WAL change counter), so under load one commit per request
/// would slow the API's reads down (measured on the KYB list: see bench/kyb.sh). Readers of the
/// journal flush first, so a request is listed as soon as its response was sent all the same.
const LINGER: std::time::Duration = std::time::Duration::from_millis(50);

/// Pruning runs after a batch's worth of new entries (a tenth of the journal's size if that is
/// less), or this often, whichever comes first: a batch's writes and their pruning are one job,
/// and it stays short.
const PRUNE_EVERY_SHARE: u64 = 10;
const PRUNE_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

async fn run(db: Database, settings: JournalSettings, time: Arc<dyn TimeSource>, mut rx: mpsc::Receiver<Message>) {
    let mut records = Vec::with_capacity(BATCH);
    let mut waiting = Vec::new();
    let mut since_prune: u64 = 0;
    let prune_after = (settings.max_entries / PRUNE_EVERY_SHARE).clamp(1, BATCH as u64);
    let mut ticker = tokio::time::interval(PRUNE_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let first = tokio::select! {
            message = rx.recv() => match message {
                Some(m) => m,
                None => break,
            },
            _ = ticker.tick() => {
                since_prune = prune_after; // time to prune, even when quiet
                Message::Flush(oneshot::channel().0)
            }
        };
        // Gather a batch: until it is full, someone waits for a flush, or LINGER has passed.
        let deadline = tokio::time::Instant::now() + LINGER;
        let mut next = Some(first);
        while let Some(message) = next.take() {
            match message {
                Message::Record(r) => records.push(*r),
                Message::Flush(ack) => waiting.push(ack),
            }
            if records.len() >= BATCH {
                break;
            }
            next = match rx.try_recv() {
                Ok(m) => Some(m),
                Err(_) if !waiting.is_empty() => None,
                Err(_) => tokio::time::timeout_at(deadline, rx.recv()).await.ok().flatten(),
            };
        }
        since_prune += records.len() as u64;
        let prune = since_prune >= prune_after;
        if prune {
            since_prune = 0;
        }
        if !records.is_empty() || prune {
            let batch = std::mem::replace(&mut records, Vec::with_capacity(BATCH));
            let prepared = tokio::task::spawn_blocking(move || {
                let mut packer = Packer::default();
                batch.into_iter().map(|r| prepare(r, settings.body_limit, &mut packer)).collect::<Vec<_>>()
            })
            .await
            .unwrap_or_default();
            let cutoff = time.now().saturating_add(-settings.retention);
            let result = db
                .write_best_effort(move |conn| {
                    store::insert_all(conn, &prepared)?;
                    if prune {
                        store::prune(conn, cutoff, settings.max_entries)?;
                    }
                    Ok(())
                })
                .await;
            if let Err(e) = result {
                tracing::warn!(error = %e, "could not store request journal entries");
            }
        }
        for ack in waiting.drain(..) {
            let _ = ack.send(());
        }
    }
}

fn prepare(r: RequestRecord, body_limit: usize, packer: &mut Packer) -> Prepared {
    Prepared {
        reviewer: r.reviewer.as_deref().map(|n| crate::values::shorten(n, 200)),
        query: r.query.as_deref().map(redact::query),
        client: r.client.as_deref().map(|c| crate::values::shorten(c, 200)),
        request_body: packer.pack(&r.request_body, body_limit),
        response_body: packer.pack(&r.response_body, body_limit),
        request_id: r.request_id,
        scope: r.scope,
        source: r.source,
        api_key_id: r.api_key_id,
        received_at: r.received_at,
        method: r.method,
        path: r.path,
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
    fn pack(&mut self, body: &CapturedBody, limit: usize) -> (Option<Packed>, bool) {
        let (bytes, cut) = redact::body_text(body, limit);
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

/// Journal operations.
pub struct Journal<'e> {
    pub(crate) engine: &'e Engine,
}

impl Journal<'_> {
    /// Queues a request for recording. Never waits. When the queue is more than half full (the
    /// journal is behind under heavy load), the entry keeps its line but not its bodies.
    pub fn record(&self, mut record: RequestRecord) {
        let recorder = &self.engine.core.journal;
        if recorder.queue.capacity() < QUEUE / 2 {
            let note = || CapturedBody::NotCaptured("[omitted: the journal was behind under load]".into());
            if !matches!(record.request_body, CapturedBody::Empty) {
                record.request_body = note();
            }
            if !matches!(record.response_body, CapturedBody::Empty) {
                record.response_body = note();
            }
        }
        if recorder.queue.try_send(Message::Record(Box::new(record))).is_err() {
            let n = recorder.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_power_of_two() {
                tracing::warn!(dropped = n, "the request journal is behind; some requests were not recorded");
            }
        }
    }

    /// Waits until every record queued so far is stored.
    pub async fn flush(&self) {
        let (ack, done) = oneshot::channel();
        if self.engine.core.journal.queue.send(Message::Flush(ack)).await.is_ok() {
            let _ = done.await;
        }
    }

    /// Entries of one scope, newest first. Records still queued are stored first, so a request
    /// shows up as soon as its response was sent.
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

    /// How many records were dropped because the queue was full.
    pub fn dropped(&self) -> u64 {
        self.engine.core.journal.dropped.load(Ordering::Relaxed)
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
        let (first, cut) = packer.pack(&plain(r#"{"data":[1,2,3]}"#), 100);
        assert!(!cut);
        let (again, _) = packer.pack(&plain(r#"{"data":[1,2,3]}"#), 100);
        assert_eq!(first, again);
        let (other, cut) = packer.pack(&plain(r#"{"data":[4]}"#), 8);
        assert!(cut, "cut at the limit");
        assert_eq!(unpacked(other), r#"{"data":"#);
        assert_eq!(unpacked(again), r#"{"data":[1,2,3]}"#);
        // A request body that carries a secret is redacted before the comparison.
        let secret = CapturedBody::Bytes(bytes::Bytes::from_static(br#"{"password":"hunter2"}"#));
        let (redacted, _) = packer.pack(&secret, 100);
        assert!(!unpacked(redacted).contains("hunter2"));
        assert_eq!(packer.pack(&CapturedBody::Empty, 100), (None, false));
    }
}
