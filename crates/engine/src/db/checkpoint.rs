//! The checkpointer thread: copies committed pages from the write-ahead log into the database
//! file beside the writer.
//!
//! Why: SQLite's automatic checkpoint runs inside the commit that takes the log past 1,000
//! pages, on the writer's thread, and copies and fsyncs every page there, so every group queued
//! behind that commit waits for it (measured with 50 rules under transaction events: the p99 at
//! 5,000 events/s was 92 ms, mostly those stalls). A PASSIVE checkpoint from a connection of its
//! own takes no write lock: the writer goes on committing while pages are copied.
//!
//! The writer still checkpoints, rarely ([`WRITER_PAGES`]): the log only starts again from its
//! beginning when a transaction begins with every page copied, and under a steady stream of
//! commits this thread seldom catches that moment (measured: without the writer's share the
//! log grew past 3 GB in 20 s, and reads slowed as it grew). By then this thread has copied
//! almost everything, so the writer's share is small.
//!
//! The thread stops when the writer stops (it holds the other end of the channel).

use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::encryption::Unlocked;
use crate::error::Result;

/// How often the log is copied.
const INTERVAL: Duration = Duration::from_millis(50);

/// The log's length, in pages, at which the writer checkpoints itself (SQLite's default is
/// 1,000): 32 MiB of 16 KiB pages.
pub(super) const WRITER_PAGES: i64 = 2048;

/// The size a log file is cut back to after it starts again.
pub(super) const LOG_LIMIT_BYTES: i64 = 64 * 1024 * 1024;

/// Opens the checkpointer's connection (the database exists and is migrated by now) and starts
/// its thread. `stop` disconnects when the writer ends.
pub(super) fn start(path: &Path, keys: Option<&Unlocked>, full: bool, stop: Receiver<()>) -> Result<()> {
    let conn = super::connect(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX, keys)?;
    // The copy is fsynced before the log may be reused, as the writer's own checkpoints are.
    conn.pragma_update(None, "synchronous", if full { "FULL" } else { "NORMAL" })?;
    super::spawn("checkpoint", move || run(conn, stop))?;
    Ok(())
}

fn run(conn: Connection, stop: Receiver<()>) {
    while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(INTERVAL) {
        // PASSIVE copies what no reader still needs and never waits for a lock; what it leaves is
        // copied on a later tick.
        let checkpoint = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
        if let Err(e) = checkpoint {
            tracing::debug!(error = %e, "checkpoint skipped");
        }
    }
}
