//! The writer thread: owns the only read-write connection and commits queued jobs in groups.

use std::cell::Cell;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use rusqlite::{Connection, TransactionBehavior};
use tokio::sync::{mpsc, oneshot};

use super::versions::Versions;
use crate::error::{Error, Result};

/// How many queued jobs may share one commit.
const MAX_GROUP: usize = 256;

/// Under concurrent writes, a durable group smaller than this waits briefly for more (see
/// [`gather`]). A commit costs an fsync, and writes again the last page of every table and index
/// its jobs append to, however few jobs it carries. At 5,000 transaction events/s the writer
/// committed groups of four or five, was 93% busy and wrote 250 to 270 MB/s; waiting up to a
/// millisecond made groups of eight to twelve, the writer about 80% busy and 190 to 230 MB/s
/// (measured with `bench/transmon.sh`'s load). The wait happens only when the previous group
/// had more than one job, so a lone client's write is never held, and it ends as soon as jobs
/// stop arriving.
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
type Finish = Box<dyn FnOnce(Option<&str>) + Send>;

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
    on_commit: OnCommit,
    versions: Arc<Versions>,
    /// Dropped with the writer, which stops the checkpointer.
    _checkpointer: std::sync::mpsc::Sender<()>,
}

impl Writer {
    /// Sets `synchronous` for the next group: FULL if any job needs it, else NORMAL.
    fn prepare(&mut self, group: &[Job]) {
        let want_full = self.full && group.iter().any(|j| j.durable);
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
) -> Result<mpsc::Sender<Job>> {
    let (tx, rx) = mpsc::channel::<Job>(4 * MAX_GROUP);
    let writer = Writer { conn, full, at_full: full, on_commit, versions, _checkpointer: checkpointer };
    std::thread::Builder::new()
        .name("docket-db-writer".into())
        .spawn({
            let running = super::Running::start();
            move || {
                run(writer, rx);
                drop(running);
            }
        })
        .map_err(|e| Error::Storage(format!("cannot start the database writer: {e}")))?;
    Ok(tx)
}

fn run(mut writer: Writer, mut queue: mpsc::Receiver<Job>) {
    let mut group: Vec<Job> = Vec::with_capacity(MAX_GROUP);
    // The size of the last group committed.
    let mut previous = 0;
    while let Some(first) = queue.blocking_recv() {
        group.push(first);
        while group.len() < MAX_GROUP {
            match queue.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        if writer.full && previous > 1 && group.len() < FULL_GROUP && group.iter().any(|j| j.durable) {
            gather(&mut queue, &mut group);
        }
        previous = group.len();
        writer.prepare(&group);
        RAISED.with(|r| r.set(0));
        let committed = commit_group(&mut writer.conn, &mut group, &writer.versions);
        let raised = RAISED.with(|r| r.replace(0));
        if committed
            && raised != 0
            && let Some(tell) = writer.on_commit.get()
        {
            tell(raised);
        }
    }
    // Nothing is written here, after the last job: the process may be exiting meanwhile, and a
    // write on an encrypted database then called into OpenSSL as its exit handler tore it down
    // (a crash seen in `docket console link`). The statistics are refreshed at open instead.
}

/// Waits a little for more jobs to join a small group that will fsync: up to [`FULL_GROUP`]
/// jobs, for at most [`GATHER_FOR`], and no longer once none came for [`GATHER_GAP`].
fn gather(queue: &mut mpsc::Receiver<Job>, group: &mut Vec<Job>) {
    let start = Instant::now();
    let mut last = start;
    while group.len() < FULL_GROUP {
        match queue.try_recv() {
            Ok(job) => {
                group.push(job);
                last = Instant::now();
            }
            Err(_) => {
                let now = Instant::now();
                if now - start >= GATHER_FOR || now - last >= GATHER_GAP {
                    return;
                }
                std::thread::sleep(GATHER_POLL);
            }
        }
    }
}

/// Runs and commits a group; returns whether anything was committed.
fn commit_group(conn: &mut Connection, group: &mut Vec<Job>, versions: &Versions) -> bool {
    let mut finishes: Vec<Finish> = Vec::with_capacity(group.len());
    // A job alone in its group needs no savepoint: if it fails, the whole transaction is
    // rolled back. (A savepoint keeps a copy of every page it changes, which for the request
    // journal's large batches spills to a temporary file.)
    let alone = group.len() == 1;
    let outcome = (|| -> rusqlite::Result<()> {
        let mut tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut any_ok = false;
        for job in group.drain(..) {
            if alone {
                let (ok, finish) = (job.run)(&tx);
                finishes.push(finish);
                any_ok = ok;
                continue;
            }
            let savepoint = tx.savepoint()?;
            let (ok, finish) = (job.run)(&savepoint);
            finishes.push(finish);
            if ok {
                savepoint.commit()?;
                any_ok = true;
            } else {
                // A savepoint's default finish is rollback-and-release: only this job is undone.
                savepoint.finish()?;
            }
        }
        if any_ok { tx.commit() } else { tx.rollback() }
    })();
    // Jobs not yet run when something failed are dropped: their callers get an error.
    group.clear();
    // Before anyone is answered: a caller whose write returned must not read a stale page.
    versions.raise_changed();
    match outcome {
        Ok(()) => {
            finishes.into_iter().for_each(|f| f(None));
            true
        }
        Err(e) => {
            tracing::error!(error = %e, "a group commit failed; its writes were rolled back");
            let message = e.to_string();
            finishes.into_iter().for_each(|f| f(Some(&message)));
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_job() -> Job {
        let (done, _) = oneshot::channel::<Result<()>>();
        job(true, |_| Ok(()), done)
    }

    #[test]
    fn a_small_group_gathers_queued_jobs_up_to_a_full_group_and_stops_when_none_come() {
        let (queue, mut jobs) = mpsc::channel(4 * FULL_GROUP);
        for _ in 0..FULL_GROUP + 2 {
            assert!(queue.try_send(a_job()).is_ok(), "queued");
        }
        let mut group = vec![a_job()];
        gather(&mut jobs, &mut group);
        assert_eq!(group.len(), FULL_GROUP, "a full group, the rest left queued");
        group.clear();
        gather(&mut jobs, &mut group);
        assert_eq!(group.len(), 3, "the queue ran dry and no job came");
        assert!(jobs.try_recv().is_err());
    }
}
