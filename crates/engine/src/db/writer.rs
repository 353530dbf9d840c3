//! The writer thread: owns the only read-write connection and commits queued jobs in groups.

use rusqlite::{Connection, TransactionBehavior};
use tokio::sync::{mpsc, oneshot};

use crate::error::{Error, Result};

/// How many queued jobs may share one commit.
const MAX_GROUP: usize = 256;

/// What a job hands back after running: whether it succeeded, and how to tell its caller once
/// the group's commit is known.
type Finish = Box<dyn FnOnce(Option<&str>) + Send>;

/// A unit of work for the writer.
pub(super) type Job = Box<dyn FnOnce(&Connection) -> (bool, Finish) + Send>;

/// Wraps a caller's closure and its reply channel into a job.
pub(super) fn job<T, F>(work: F, done: oneshot::Sender<Result<T>>) -> Job
where
    F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    T: Send + 'static,
{
    Box::new(move |conn| {
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
    })
}

pub(super) fn start(conn: Connection) -> Result<mpsc::Sender<Job>> {
    let (tx, rx) = mpsc::channel::<Job>(4 * MAX_GROUP);
    std::thread::Builder::new()
        .name("docket-db-writer".into())
        .spawn(move || run(conn, rx))
        .map_err(|e| Error::Storage(format!("cannot start the database writer: {e}")))?;
    Ok(tx)
}

fn run(mut conn: Connection, mut queue: mpsc::Receiver<Job>) {
    let mut group: Vec<Job> = Vec::with_capacity(MAX_GROUP);
    while let Some(first) = queue.blocking_recv() {
        group.push(first);
        while group.len() < MAX_GROUP {
            match queue.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        commit_group(&mut conn, &mut group);
    }
    let _ = conn.execute_batch("PRAGMA optimize");
}

fn commit_group(conn: &mut Connection, group: &mut Vec<Job>) {
    let mut finishes: Vec<Finish> = Vec::with_capacity(group.len());
    let outcome = (|| -> rusqlite::Result<()> {
        let mut tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        for job in group.drain(..) {
            let savepoint = tx.savepoint()?;
            let (ok, finish) = job(&savepoint);
            finishes.push(finish);
            if ok {
                savepoint.commit()?;
            } else {
                // A savepoint's default finish is rollback-and-release: only this job is undone.
                savepoint.finish()?;
            }
        }
        tx.commit()
    })();
    // Jobs not yet run when something failed are dropped: their callers get an error.
    group.clear();
    match outcome {
        Ok(()) => finishes.into_iter().for_each(|f| f(None)),
        Err(e) => {
            tracing::error!(error = %e, "a group commit failed; its writes were rolled back");
            let message = e.to_string();
            finishes.into_iter().for_each(|f| f(Some(&message)));
        }
    }
}
