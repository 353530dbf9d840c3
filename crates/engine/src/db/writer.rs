//! The writer thread: owns the only read-write connection and commits queued jobs in groups.

use std::cell::Cell;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use rusqlite::{Connection, TransactionBehavior};
use tokio::sync::{mpsc, oneshot};

use super::sync::{self, Committed, Syncer};
use super::versions::Versions;
use crate::error::{Error, Result};

/// How many queued jobs may share one commit.
const MAX_GROUP: usize = 256;

/// While a durable group's fsync is in flight, the writer checks this often for jobs that may
/// join the next group (it is woken at once when the fsync ends).
const JOIN_POLL: Duration = Duration::from_micros(100);

/// Under concurrent writes, a durable group smaller than this waits briefly for more even with
/// no fsync in flight: up to [`GATHER_FOR`], and no longer once none came for [`GATHER_GAP`].
/// At 5,000 transaction events/s, groups of four to six became eight to twelve, and the bytes
/// written fell from 250-270 to 190-230 MB/s (`bench/transmon.sh`'s load, before the syncer).
const FULL_GROUP: usize = 8;
const GATHER_FOR: Duration = Duration::from_millis(1);
const GATHER_GAP: Duration = Duration::from_micros(400);
const GATHER_POLL: Duration = Duration::from_micros(50);

/// Told, after a group commits, which signals its writes raised (see [`wake_after_commit`]).
pub(crate) type OnCommit = Arc<OnceLock<Box<dyn Fn(u64) + Send + Sync>>>;

thread_local! {
    /// Signals raised by the writes of the group being committed on this (the writer's) thread.
    static RAISED: Cell<u64> = const { Cell::new(0) };
}

/// Raises `bits` from inside a write: once its group commits, the engine is told (the due-work
/// loops wake for the kinds of work the write scheduled). A write that is rolled back may still
/// raise them; a spurious wake finds nothing to do.
pub(crate) fn wake_after_commit(bits: u64) {
    RAISED.with(|r| r.set(r.get() | bits));
}

/// What a job hands back after running: whether it succeeded, and how to tell its caller once
/// the group's commit is known.
pub(super) type Finish = Box<dyn FnOnce(Option<&str>) + Send>;

/// Runs a job's work and says whether it succeeded and how to answer its caller.
type Run = Box<dyn FnOnce(&Connection) -> (bool, Finish) + Send>;

/// A unit of work for the writer.
pub(super) struct Job {
    /// Whether its commit must reach the disk before it is acknowledged (fsync). Records that
    /// may be lost in a power failure (the request journal) are not: a group made only of them
    /// commits without the fsync, which still survives a crash of the process.
    durable: bool,
    run: Run,
}

/// Wraps a caller's closure and its reply channel into a job.
pub(super) fn job<T, F>(durable: bool, work: F, done: oneshot::Sender<Result<T>>) -> Job
where
    F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    T: Send + 'static,
{
    let run: Run = Box::new(move |conn: &Connection| {
        let result = work(conn);
        let ok = result.is_ok();
        let finish: Finish = Box::new(move |commit_error| {
            let reply = match commit_error {
                None => result,
                Some(e) => Err(Error::Storage(format!("commit failed: {e}"))),
            };
            // The caller may have gone away (a cancelled request); the write stands regardless.
            let _ = done.send(reply);
        });
        (ok, finish)
    });
    Job { durable, run }
}

/// The writer's connection and the `synchronous` level it is set to.
struct Writer {
    conn: Connection,
    /// Whether durable groups fsync (the configured durability is full).
    full: bool,
    /// Whether the connection is now at `synchronous=FULL`.
    at_full: bool,
    /// Where durable groups wait for their fsync, off this thread (`None`: the commit itself
    /// fsyncs, at `FULL`).
    syncer: Option<Syncer>,
    on_commit: OnCommit,
    versions: Arc<Versions>,
    /// Dropped with the writer, which stops the checkpointer.
    _checkpointer: std::sync::mpsc::Sender<()>,
}

impl Writer {
    /// Sets `synchronous` for the next group: FULL if any job needs it and no syncer makes it
    /// durable, else NORMAL.
    fn prepare(&mut self, group: &[Job]) {
        let want_full = self.full && self.syncer.is_none() && group.iter().any(|j| j.durable);
        if want_full != self.at_full {
            let level = if want_full { "FULL" } else { "NORMAL" };
            match self.conn.pragma_update(None, "synchronous", level) {
                Ok(()) => self.at_full = want_full,
                Err(e) => tracing::warn!(error = %e, "could not set synchronous={level}"),
            }
        }
    }
}

pub(super) fn start(
    conn: Connection,
    full: bool,
    on_commit: OnCommit,
    versions: Arc<Versions>,
    checkpointer: std::sync::mpsc::Sender<()>,
    syncer: Option<Syncer>,
) -> Result<mpsc::Sender<Job>> {
    let (tx, rx) = mpsc::channel::<Job>(4 * MAX_GROUP);
    // The connection is opened at FULL (migrations commit durably on their own).
    let writer = Writer { conn, full, at_full: full, syncer, on_commit, versions, _checkpointer: checkpointer };
    super::spawn("writer", move || run(writer, rx))?;
    Ok(tx)
}

fn run(mut writer: Writer, mut queue: mpsc::Receiver<Job>) {
    let mut group: Vec<Job> = Vec::with_capacity(MAX_GROUP);
    // The size of the last group committed: more than one means concurrent writers.
    let mut previous = 0;
    while let Some(first) = queue.blocking_recv() {
        group.push(first);
        while group.len() < MAX_GROUP {
            match queue.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        writer.prepare(&group);
        RAISED.with(|r| r.set(0));
        let syncer = writer.syncer.as_ref();
        let joins = Joins { syncer, concurrent: previous > 1 };
        let group = commit_group(&mut writer.conn, &mut queue, &mut group, joins, &writer.versions);
        previous = group.finishes.len();
        let raised = RAISED.with(|r| r.replace(0));
        match (syncer, group.outcome) {
            (Some(syncer), Ok(true)) if group.durable => {
                syncer.after_sync(Committed { finishes: group.finishes, raised });
            }
            (_, outcome) => {
                sync::settle(&writer.on_commit, raised, group.finishes, outcome.err().as_deref());
            }
        }
    }
    // The groups waiting for their fsync are answered before the connection closes.
    drop(writer.syncer.take());
    // Nothing is written here, after the last job: the process may be exiting meanwhile, and a
    // write on an encrypted database then called into OpenSSL as its exit handler tore it down
    // (a crash seen in `docket console link`). The statistics are refreshed at open instead.
}

/// A group's commit, for its callers.
struct Group {
    finishes: Vec<Finish>,
    /// Whether any of its jobs needs its commit durable.
    durable: bool,
    /// Whether anything was committed (`false`: every job failed and was undone), or why the
    /// commit failed.
    outcome: std::result::Result<bool, String>,
}

/// When jobs that arrive after a durable group started may join it.
#[derive(Clone, Copy)]
struct Joins<'s> {
    /// Makes durable groups durable (`None`: the commit itself does, and nothing joins).
    syncer: Option<&'s Syncer>,
    /// Whether the last group had more than one job (other writers are about).
    concurrent: bool,
}

/// What an open durable group does when no job is queued.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    /// Waits for the fsync in flight (jobs that come meanwhile join).
    AwaitFsync,
    /// Waits a moment for more jobs (see [`FULL_GROUP`]).
    Gather,
    Commit,
}

/// The joining rule: `count` jobs have run, the group started `age` ago and its last job came
/// `quiet` ago.
fn next_step(fsync_in_flight: bool, concurrent: bool, count: usize, age: Duration, quiet: Duration) -> Step {
    if fsync_in_flight {
        Step::AwaitFsync
    } else if concurrent && count < FULL_GROUP && age < GATHER_FOR && quiet < GATHER_GAP {
        Step::Gather
    } else {
        Step::Commit
    }
}

/// Runs the queued `jobs` in one transaction and commits it.
///
/// While the previous durable group's fsync is in flight, a durable group's answers could not
/// leave before the next fsync anyway: so until that fsync ends, the jobs that arrive join this
/// transaction instead of waiting for the next. Under concurrent writes a small group also waits
/// a moment for more (see [`FULL_GROUP`]). Every commit writes again the last page of each table
/// and index its jobs append to, however few they are: larger groups write less per job. A lone
/// client's write never waits: with no fsync in flight and no other writer, it commits at once.
fn commit_group(
    conn: &mut Connection,
    queue: &mut mpsc::Receiver<Job>,
    jobs: &mut Vec<Job>,
    joins: Joins<'_>,
    versions: &Versions,
) -> Group {
    let mut finishes: Vec<Finish> = Vec::with_capacity(jobs.len());
    let mut durable = jobs.iter().any(|j| j.durable);
    // Whether jobs may join (with no fsync in flight now, none starts before this commit).
    let syncer = joins.syncer.filter(|s| durable && (joins.concurrent || s.busy()));
    // A job alone in its group needs no savepoint: if it fails, the whole transaction is
    // rolled back. (A savepoint keeps a copy of every page it changes, which for the request
    // journal's large batches spills to a temporary file.)
    let alone = jobs.len() == 1 && syncer.is_none();
    let started = Instant::now();
    let mut last = started;
    let outcome = (|| -> rusqlite::Result<bool> {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut any_ok = false;
        let mut count = 0;
        loop {
            for job in jobs.drain(..) {
                durable |= job.durable;
                count += 1;
                if alone {
                    let (ok, finish) = (job.run)(&tx);
                    finishes.push(finish);
                    any_ok = ok;
                    continue;
                }
                // Prepared once (rusqlite's savepoints parse their SQL each time: about 3% of
                // the writer's time under transaction events, perf).
                tx.prepare_cached("SAVEPOINT job")?.execute([])?;
                let (ok, finish) = (job.run)(&tx);
                finishes.push(finish);
                if ok {
                    any_ok = true;
                } else {
                    // Only this job is undone.
                    tx.prepare_cached("ROLLBACK TO job")?.execute([])?;
                }
                tx.prepare_cached("RELEASE job")?.execute([])?;
            }
            let Some(syncer) = syncer.filter(|_| count < MAX_GROUP) else { break };
            if let Ok(job) = queue.try_recv() {
                jobs.push(job);
                last = Instant::now();
                continue;
            }
            let now = Instant::now();
            match next_step(syncer.busy(), joins.concurrent, count, now - started, now - last) {
                Step::AwaitFsync => syncer.wait_while_busy(JOIN_POLL),
                Step::Gather => std::thread::sleep(GATHER_POLL),
                Step::Commit => break,
            }
        }
        if any_ok { tx.commit() } else { tx.rollback() }.map(|()| any_ok)
    })();
    // Jobs not yet run when something failed are dropped: their callers get an error.
    jobs.clear();
    // Before anyone is answered: a caller whose write returned must not read a stale page.
    versions.raise_changed();
    let outcome = outcome.map_err(|e| {
        tracing::error!(error = %e, "a group commit failed; its writes were rolled back");
        e.to_string()
    });
    Group { finishes, durable, outcome }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn a_group_awaits_the_fsync_in_flight_and_gathers_briefly_only_under_concurrent_writes() {
        let (short, long) = (Duration::from_micros(100), Duration::from_millis(5));
        assert_eq!(next_step(true, false, 1, long, long), Step::AwaitFsync, "whatever its size or age");
        assert_eq!(next_step(false, true, 3, short, short), Step::Gather);
        assert_eq!(next_step(false, false, 1, short, short), Step::Commit, "a lone client's write never waits");
        assert_eq!(next_step(false, true, FULL_GROUP, short, short), Step::Commit, "full");
        assert_eq!(next_step(false, true, 3, GATHER_FOR, short), Step::Commit, "gathered long enough");
        assert_eq!(next_step(false, true, 3, short, GATHER_GAP), Step::Commit, "no job came for a while");
    }

    /// A durable write's answer, and the signals it raised, wait for the log's sync; a failed
    /// sync is an error to its caller; a best-effort write waits for no sync.
    #[tokio::test]
    async fn a_durable_write_is_answered_once_the_log_is_synced() {
        let (release, released) = std::sync::mpsc::channel::<std::io::Result<()>>();
        let sync: sync::SyncLog = Box::new(move || released.recv().unwrap_or(Ok(())));
        let on_commit = OnCommit::default();
        let told = Arc::new(AtomicU64::new(0));
        let _ = on_commit.set(Box::new({
            let told = told.clone();
            move |bits| {
                told.fetch_or(bits, Ordering::SeqCst);
            }
        }));
        let syncer = Syncer::start(sync, on_commit.clone()).expect("starts");
        let (checkpointer, _checkpoints) = std::sync::mpsc::channel();
        let conn = Connection::open_in_memory().expect("opens");
        conn.execute_batch("CREATE TABLE t(x)").expect("creates");
        let versions = Arc::new(Versions::default());
        let queue = start(conn, true, on_commit, versions, checkpointer, Some(syncer)).expect("starts");
        let insert = |durable: bool| {
            let (done, answer) = oneshot::channel::<Result<()>>();
            let work = |c: &Connection| {
                c.execute("INSERT INTO t VALUES (1)", [])?;
                wake_after_commit(0b10);
                Ok(())
            };
            (job(durable, work, done), answer)
        };
        let soon = Duration::from_millis(100);

        let (j, mut answer) = insert(true);
        assert!(queue.send(j).await.is_ok());
        assert!(tokio::time::timeout(soon, &mut answer).await.is_err(), "no answer before the sync");
        assert_eq!(told.load(Ordering::SeqCst), 0, "no signal before the sync");
        release.send(Ok(())).expect("syncer waits");
        assert!(matches!(answer.await, Ok(Ok(()))), "answered after the sync");
        assert_eq!(told.load(Ordering::SeqCst), 0b10, "the signal after it");

        let (j, answer) = insert(true);
        assert!(queue.send(j).await.is_ok());
        release.send(Err(std::io::Error::other("the disk went away"))).expect("syncer waits");
        match answer.await {
            Ok(Err(Error::Storage(message))) => assert!(message.contains("could not be made durable"), "{message}"),
            other => panic!("expected a storage error, got {other:?}"),
        }

        let (j, answer) = insert(false);
        assert!(queue.send(j).await.is_ok());
        assert!(matches!(tokio::time::timeout(soon, answer).await, Ok(Ok(Ok(())))), "best effort: no sync awaited");
        drop(queue);
    }

    /// While a group's fsync is in flight, the next jobs run in one open transaction that
    /// commits once the fsync ends.
    #[tokio::test]
    async fn jobs_arriving_during_an_fsync_join_one_commit_after_it() {
        let (release, released) = std::sync::mpsc::channel::<std::io::Result<()>>();
        let syncs = Arc::new(AtomicU64::new(0));
        let sync: sync::SyncLog = Box::new({
            let syncs = syncs.clone();
            move || {
                syncs.fetch_add(1, Ordering::SeqCst);
                released.recv().unwrap_or(Ok(()))
            }
        });
        let syncer = Syncer::start(sync, OnCommit::default()).expect("starts");
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("t.db");
        let conn = Connection::open(&file).expect("opens");
        conn.execute_batch("PRAGMA journal_mode=WAL; CREATE TABLE t(x)").expect("creates");
        let rows = || {
            let other = Connection::open(&file).expect("opens");
            other.query_row("SELECT count(*) FROM t", [], |r| r.get::<_, i64>(0)).expect("counts")
        };
        let (checkpointer, _checkpoints) = std::sync::mpsc::channel();
        let queue = start(conn, true, OnCommit::default(), Arc::new(Versions::default()), checkpointer, Some(syncer))
            .expect("starts");
        let insert = || {
            let (done, answer) = oneshot::channel::<Result<()>>();
            let work = |c: &Connection| Ok(c.execute("INSERT INTO t VALUES (1)", []).map(|_| ())?);
            (job(true, work, done), answer)
        };
        let soon = Duration::from_millis(100);

        let (first, first_answer) = insert();
        assert!(queue.send(first).await.is_ok());
        tokio::time::sleep(soon).await;
        assert_eq!((rows(), syncs.load(Ordering::SeqCst)), (1, 1), "committed, its fsync in flight");
        let (second, mut second_answer) = insert();
        let (third, mut third_answer) = insert();
        assert!(queue.send(second).await.is_ok());
        tokio::time::sleep(soon).await;
        assert!(queue.send(third).await.is_ok());
        tokio::time::sleep(soon).await;
        assert_eq!(rows(), 1, "the next two wait in one open transaction");
        assert!(tokio::time::timeout(soon, &mut second_answer).await.is_err());

        release.send(Ok(())).expect("syncer waits");
        assert!(matches!(first_answer.await, Ok(Ok(()))));
        tokio::time::sleep(soon).await;
        assert_eq!((rows(), syncs.load(Ordering::SeqCst)), (3, 2), "committed together, one fsync for both");
        assert!(tokio::time::timeout(soon, &mut third_answer).await.is_err(), "answered only after it");
        release.send(Ok(())).expect("syncer waits");
        assert!(matches!(second_answer.await, Ok(Ok(()))));
        assert!(matches!(third_answer.await, Ok(Ok(()))));
        drop(queue);
    }
}
