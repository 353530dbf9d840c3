//! The syncer thread: makes the writer's durable commits durable while the writer goes on.
//!
//! Why: a commit at `synchronous=FULL` writes the group's pages to the write-ahead log and then
//! waits, on the writer's thread, for the fsync; no other group runs meanwhile. Under transaction
//! events at 5,000/s two fifths of the writer's time went to its commits, a quarter of that to
//! the fsync call (perf), and the fsync's wait, which a profile does not see, came on top. So
//! the writer commits at `NORMAL` (its pages are in the log, visible to readers, safe from a
//! crash of the process) and hands the group's answers here; this thread fsyncs the log once for
//! every group that arrived meanwhile and only then answers them. Nothing is acknowledged before
//! it is on the disk, and while one fsync runs the writer gathers the next group.
//!
//! Why this is as safe as `FULL`: fsync makes durable everything written to the file before it
//! was called, through any descriptor; a commit's frames were written when its commit returned.
//! SQLite's log recovery keeps the frames up to the last whole commit whose checksums hold, so a
//! power loss between a commit and its fsync loses that commit (unacknowledged) and nothing before
//! it. A checkpoint at `NORMAL` syncs the log before copying pages, as at `FULL`.
//!
//! What changes: another client may read a commit a moment before it is durable (a power loss in
//! that moment forgets what it read). The signals a durable group raised (webhooks to send, due
//! work) are given only after its fsync.

use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use super::writer::{Finish, OnCommit};
use crate::error::{Error, Result};

/// Makes everything written to the log so far durable.
pub(super) type SyncLog = Box<dyn FnMut() -> std::io::Result<()> + Send>;

/// A committed group waiting for its fsync.
pub(super) struct Committed {
    pub(super) finishes: Vec<Finish>,
    /// The signals its writes raised (see `writer::wake_after_commit`).
    pub(super) raised: u64,
}

/// The handle the writer keeps; dropping it answers what is pending and ends the thread.
pub(super) struct Syncer {
    queue: Option<mpsc::Sender<Committed>>,
    in_flight: Arc<InFlight>,
    thread: Option<JoinHandle<()>>,
}

/// How many groups were handed over and not yet answered.
#[derive(Default)]
struct InFlight {
    groups: Mutex<usize>,
    none: Condvar,
}

impl InFlight {
    fn add(&self) {
        *self.groups.lock().unwrap_or_else(|e| e.into_inner()) += 1;
    }

    fn answered(&self, n: usize) {
        let mut groups = self.groups.lock().unwrap_or_else(|e| e.into_inner());
        *groups = groups.saturating_sub(n);
        if *groups == 0 {
            self.none.notify_all();
        }
    }
}

impl Syncer {
    /// Starts the thread for the write-ahead log at `log` (it exists once the database is open in
    /// WAL mode). The log's directory is synced once: SQLite syncs it when it first syncs a log
    /// it created, which a writer at `NORMAL` may not do before its first checkpoint.
    pub(super) fn for_log(log: &Path, on_commit: OnCommit) -> Result<Syncer> {
        let fail =
            |e: std::io::Error| Error::Storage(format!("cannot open the write-ahead log {}: {e}", log.display()));
        let file = std::fs::OpenOptions::new().read(true).write(true).open(log).map_err(fail)?;
        if let Some(dir) = log.parent() {
            std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(fail)?;
        }
        Self::start(Box::new(move || file.sync_data()), on_commit)
    }

    pub(super) fn start(sync: SyncLog, on_commit: OnCommit) -> Result<Syncer> {
        let (queue, pending) = mpsc::channel();
        let in_flight = Arc::new(InFlight::default());
        let thread = super::spawn("sync", {
            let in_flight = in_flight.clone();
            move || run(sync, pending, &in_flight, on_commit)
        })?;
        Ok(Syncer { queue: Some(queue), in_flight, thread: Some(thread) })
    }

    /// Answers `group` once the log is synced.
    pub(super) fn after_sync(&self, group: Committed) {
        self.in_flight.add();
        if let Some(queue) = &self.queue
            && let Err(mpsc::SendError(group)) = queue.send(group)
        {
            // The thread is gone (it never panics on its own; a sync that panicked): say so.
            settle(&OnCommit::default(), 0, group.finishes, Some("the database syncer has stopped"));
            self.in_flight.answered(1);
        }
    }

    /// Whether a group handed over is still waiting for its fsync.
    pub(super) fn busy(&self) -> bool {
        *self.in_flight.groups.lock().unwrap_or_else(|e| e.into_inner()) > 0
    }

    /// Waits at most `timeout` for every group handed over to be answered.
    pub(super) fn wait_while_busy(&self, timeout: Duration) {
        let groups = self.in_flight.groups.lock().unwrap_or_else(|e| e.into_inner());
        let _ = self.in_flight.none.wait_timeout_while(groups, timeout, |n| *n > 0);
    }
}

impl Drop for Syncer {
    fn drop(&mut self) {
        drop(self.queue.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(mut sync: SyncLog, pending: mpsc::Receiver<Committed>, in_flight: &InFlight, on_commit: OnCommit) {
    while let Ok(first) = pending.recv() {
        let mut groups = vec![first];
        groups.extend(pending.try_iter());
        let synced = sync();
        if let Err(e) = &synced {
            tracing::error!(error = %e, "the write-ahead log could not be synced; its last commits are not durable");
        }
        let error = synced.err().map(|e| format!("the commit could not be made durable: {e}"));
        let (n, mut raised, mut finishes) = (groups.len(), 0, Vec::new());
        for group in groups {
            raised |= group.raised;
            finishes.extend(group.finishes);
        }
        settle(&on_commit, raised, finishes, error.as_deref());
        in_flight.answered(n);
    }
}

/// Settles committed groups: tells the engine the signals their writes raised (unless the
/// commit failed), then each caller how it ended (`error` `None`: committed, durably if it had to
/// be).
pub(super) fn settle(on_commit: &OnCommit, raised: u64, finishes: Vec<Finish>, error: Option<&str>) {
    if error.is_none()
        && raised != 0
        && let Some(tell) = on_commit.get()
    {
        tell(raised);
    }
    finishes.into_iter().for_each(|f| f(error));
}
