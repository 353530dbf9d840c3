//! SQLite storage: one writer thread that commits in groups, and a pool of read-only readers.
//!
//! Why this shape: SQLite allows one writer at a time. Funnelling every write through one thread
//! means two requests never race for the write lock, so nobody sees `SQLITE_BUSY`; readers use WAL
//! snapshots and never wait for the writer. The writer drains every job that is queued, runs each
//! in its own savepoint inside one transaction, and commits once for the group; the syncer thread
//! fsyncs the log for it while the writer goes on (see the sync module), so every acknowledged
//! write is durable while throughput stays high under load.
//!
//! Reads run on the calling thread: every query is bounded by an index and takes microseconds,
//! less than handing it to another thread would cost (measured: moving reads off the async
//! threads halved the applicant list's throughput). Work that scans without bound belongs in
//! [`Database::read_blocking`].

mod checkpoint;
mod migrations;
mod packed;
mod sync;
mod versions;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, OpenFlags};
use tokio::sync::{Semaphore, mpsc, oneshot};

use crate::encryption::{self, DatabaseKey, Unlocked};
use crate::error::{Error, Result};

pub use migrations::SCHEMA_VERSION;
#[cfg(test)]
pub(crate) use migrations::{in_memory_at, migrated_in_memory, version_of};
pub(crate) use packed::{PackedJson, packed_column, packed_text};
pub(crate) use versions::Watched;
pub(crate) use writer::wake_after_commit;

/// A JSON column read as `T` (a row that does not parse is a conversion failure, not a panic).
pub(crate) fn json_column<T: serde::de::DeserializeOwned>(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<T> {
    let text: String = row.get(i)?;
    serde_json::from_str(&text)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into()))
}

/// A nullable JSON column read as `Option<T>`.
pub(crate) fn json_column_opt<T: serde::de::DeserializeOwned>(
    row: &rusqlite::Row<'_>,
    i: usize,
) -> rusqlite::Result<Option<T>> {
    match row.get::<_, Option<String>>(i)? {
        None => Ok(None),
        Some(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into())),
    }
}

/// Identifies a Docket database (`PRAGMA application_id`, "DOCK").
pub(crate) const APPLICATION_ID: i32 = 0x444F_434B;

/// How hard a commit works to survive a power loss. Both survive the process being killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// fsync on every commit (group): nothing acknowledged is lost even on power failure.
    #[default]
    Full,
    /// fsync at checkpoints only: the last commits may be lost on power failure, never on a crash.
    Normal,
}

/// The storage handle the services use.
#[derive(Clone)]
pub(crate) struct Database {
    writer: mpsc::Sender<writer::Job>,
    readers: Arc<Readers>,
    path: PathBuf,
    /// The keys of an encrypted database (`None`: a plain one).
    keys: Option<Unlocked>,
    on_commit: writer::OnCommit,
    versions: Arc<versions::Versions>,
}

struct Readers {
    idle: Mutex<Vec<Connection>>,
    /// One permit per connection: holding one guarantees an idle connection.
    permits: Arc<Semaphore>,
}

impl Readers {
    fn with_connection<T>(&self, work: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        let conn = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let Some(conn) = conn else {
            return Err(Error::Storage("no idle database reader".into()));
        };
        let result = work(&conn);
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(conn);
        result
    }
}

impl Database {
    /// Opens (creating if needed) the database at `path`, encrypted with `key` or plain (an
    /// existing database must be as `key` says: see the encryption module), applies pending
    /// migrations and starts the writer thread.
    pub(crate) fn open(path: &Path, durability: Durability, key: Option<&DatabaseKey>) -> Result<Database> {
        if let Some(dir) = path.parent() {
            encryption::convert::recover(dir)?;
        }
        let keys = encryption::unlock(path, key)?;
        // Created private before SQLite opens it: its -wal and -shm files take its mode.
        crate::private::create_file(path)
            .map_err(|e| Error::Incompatible(format!("cannot create database {}: {e}", path.display())))?;
        let mut conn = connect(path, OpenFlags::default(), keys.as_ref())?;
        if keys.is_none() {
            // Only takes effect on a new, empty file; an existing database keeps its page size.
            conn.pragma_update(None, "page_size", PAGE_SIZE)?;
        }
        configure(&conn)?;
        let full = durability == Durability::Full;
        conn.pragma_update(None, "synchronous", if full { "FULL" } else { "NORMAL" })?;
        // The writer's page cache: SQLite's default (2 MB, 125 pages of 16 KiB) made every write
        // read index pages back from the OS (measured with perf under transaction events: a
        // tenth of the time was copying pages in). Memory is taken only as pages are used.
        conn.pragma_update(None, "cache_size", WRITER_CACHE_KIB)?;
        // Each job of a group runs in a savepoint, which copies every page it first changes to a
        // sub-journal, kept in memory. (Temporary storage in files kept it in one piece up to
        // SQLITE_STMTJRNL_SPILL and was faster under transaction events, but in this build a
        // sub-journal that spills to its file fails the statement with SQLITE_FULL and rolls the
        // whole group back: a list import of a few megabytes failed whenever a journal batch
        // shared its commit. See `a_savepoint_larger_than_the_spill_threshold_commits`.)
        writer_temp_store(&conn)?;
        // Space freed inside a page that is written anyway is zeroed (an updated row's old copy,
        // a deleted row): at no cost in writes, and an erasure then finds less to wipe.
        conn.pragma_update(None, "secure_delete", SECURE_DELETE)?;
        check_application_id(&conn, path)?;
        migrations::apply(&mut conn, path)?;
        // The query planner's statistics, refreshed where they are stale, with a bounded sample
        // per index (SQLite's advice for a long-lived connection, at open).
        conn.execute_batch("PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002;")?;
        // Pages are copied on a thread of their own (see the checkpoint module); the writer's own
        // checkpoint only finishes the job once the log is long, so that it starts again.
        conn.pragma_update(None, "wal_autocheckpoint", checkpoint::WRITER_PAGES)?;
        conn.pragma_update(None, "journal_size_limit", checkpoint::LOG_LIMIT_BYTES)?;
        let (checkpointer, stop_checkpoints) = std::sync::mpsc::channel();
        checkpoint::start(path, keys.as_ref(), full, stop_checkpoints)?;

        let readers = (0..reader_count()).map(|_| open_reader(path, keys.as_ref())).collect::<Result<Vec<_>>>()?;
        let permits = Arc::new(Semaphore::new(readers.len()));
        let on_commit = writer::OnCommit::default();
        versions::watch(&conn)?;
        let versions = Arc::new(versions::Versions::default());
        // Durable commits are synced off the writer's thread (see the sync module); if the log
        // cannot be opened for that, the writer's commits fsync themselves.
        let syncer =
            full.then(|| sync::Syncer::for_log(&log_path(path), on_commit.clone())).transpose().unwrap_or_else(|e| {
                tracing::warn!(error = %e, "commits will fsync on the writer's thread");
                None
            });
        let writer = writer::start(conn, full, on_commit.clone(), versions.clone(), checkpointer, syncer)?;
        Ok(Database {
            writer,
            readers: Arc::new(Readers { idle: Mutex::new(readers), permits }),
            path: path.to_owned(),
            keys,
            on_commit,
            versions,
        })
    }

    /// The keys of an encrypted database; `None` when it is plain.
    pub(crate) fn keys(&self) -> Option<&Unlocked> {
        self.keys.as_ref()
    }

    /// Sets what is told, after each commit, the signals its writes raised (once; later calls
    /// are ignored).
    pub(crate) fn on_commit(&self, tell: impl Fn(u64) + Send + Sync + 'static) {
        let _ = self.on_commit.set(Box::new(tell));
    }

    /// The data version of a watched table: it rises with every commit that changed the table.
    pub(crate) fn version(&self, table: Watched) -> u64 {
        self.versions.of(table)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `work` on the writer inside a transaction. It returns after the commit: what it wrote
    /// is durable. An `Err` from `work` undoes only `work`'s own changes.
    pub(crate) async fn write<T, F>(&self, work: F) -> Result<T>
    where
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
        T: Send + 'static,
    {
        self.submit(true, work).await
    }

    /// Like [`Self::write`] for records that may be lost in a power failure (never in a crash of
    /// the process): the request journal. Alone in a group, they skip the fsync.
    pub(crate) async fn write_best_effort<T, F>(&self, work: F) -> Result<T>
    where
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
        T: Send + 'static,
    {
        self.submit(false, work).await
    }

    async fn submit<T, F>(&self, durable: bool, work: F) -> Result<T>
    where
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let (done, result) = oneshot::channel();
        self.writer
            .send(writer::job(durable, work, done))
            .await
            .map_err(|_| Error::Storage("the database writer has stopped".into()))?;
        result.await.map_err(|_| Error::Storage("the database writer could not run the change".into()))?
    }

    /// Runs a short, index-bound read on a pooled read-only connection, on this thread.
    pub(crate) async fn read<T, F>(&self, work: F) -> Result<T>
    where
        F: FnOnce(&Connection) -> Result<T>,
    {
        let _permit =
            self.readers.permits.acquire().await.map_err(|_| Error::Storage("the database is closed".into()))?;
        self.readers.with_connection(work)
    }

    /// Runs a long read (a scan, an export, building an index) off the async threads.
    #[allow(dead_code)]
    pub(crate) async fn read_blocking<T, F>(&self, work: F) -> Result<T>
    where
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let permit = self
            .readers
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| Error::Storage("the database is closed".into()))?;
        let readers = self.readers.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            readers.with_connection(work)
        })
        .await
        .map_err(|e| Error::Storage(format!("a database read failed: {e}")))?
    }

    /// After an erasure: overwrites every free page of the database file with zeros (pages freed
    /// whole before `secure_delete` was on keep what they held), then copies the whole
    /// write-ahead log into the database and cuts it to nothing (its old copies of the pages
    /// still hold what was erased). On a connection of its own, in bounded transactions. A
    /// failure is logged (the log is cut at the next quiet moment).
    pub(crate) async fn wipe_free_space(&self) {
        let (path, keys) = (self.path.clone(), self.keys.clone());
        let done = tokio::task::spawn_blocking(move || -> Result<()> {
            let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
            let conn = connect(&path, flags, keys.as_ref())?;
            conn.busy_timeout(std::time::Duration::from_secs(10))?;
            wipe_free_pages(&conn)?;
            // A reader on an old snapshot holds the log back: tried again a few times.
            for _ in 0..50 {
                if conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0))? == 0 {
                    return Ok(());
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(Error::Storage("readers kept the write-ahead log busy".into()))
        })
        .await
        .map_err(|e| e.to_string())
        .and_then(|cut| cut.map_err(|e| e.to_string()));
        if let Err(e) = done {
            tracing::warn!(error = %e, "could not wipe the free pages and cut the write-ahead log after an erasure");
        }
    }

    /// Waits until every write queued so far has been committed.
    pub(crate) async fn flush(&self) {
        let _ = self.write(|_| Ok(())).await;
    }
}

/// How many of the database's own threads (writers, checkpointers) are running, so that a
/// process can let them finish before it exits: SQLCipher and OpenSSL tear their state down in
/// exit handlers, and a thread still closing its connection then crashed the process (seen in
/// `docket console link` on an encrypted database, about one run in six).
static THREADS: (std::sync::Mutex<usize>, std::sync::Condvar) = (std::sync::Mutex::new(0), std::sync::Condvar::new());

/// Counts one database thread as running until dropped: made before the thread is spawned, moved
/// into it, and dropped after its connection.
pub(crate) struct Running(());

impl Running {
    pub(crate) fn start() -> Self {
        *THREADS.0.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        Running(())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut n = THREADS.0.lock().unwrap_or_else(|e| e.into_inner());
        *n = n.saturating_sub(1);
        THREADS.1.notify_all();
    }
}

/// Starts one of the database's own threads, `docket-db-<name>`, counted as running (see
/// [`Running`]) until `work` returns.
fn spawn(name: &str, work: impl FnOnce() + Send + 'static) -> Result<std::thread::JoinHandle<()>> {
    let running = Running::start();
    std::thread::Builder::new()
        .name(format!("docket-db-{name}"))
        .spawn(move || {
            work();
            drop(running);
        })
        .map_err(|e| Error::Storage(format!("cannot start the database's {name} thread: {e}")))
}

/// Waits, at most `timeout`, for the database threads to finish (they do once every handle to
/// their database is dropped); returns whether they did. For a process about to exit.
pub fn wait_for_threads(timeout: std::time::Duration) -> bool {
    let n = THREADS.0.lock().unwrap_or_else(|e| e.into_inner());
    let (n, _) = THREADS.1.wait_timeout_while(n, timeout, |n| *n > 0).unwrap_or_else(|e| e.into_inner());
    *n == 0
}

/// The page size of new databases. Larger than SQLite's 4 KiB default because rows here are
/// JSON documents of around a kilobyte (applicants, journal entries): a 4 KiB page holds two
/// or three, and every insert splits pages (measured: storing a journal entry costs about 40%
/// less with 16 KiB pages).
const PAGE_SIZE: i64 = 16 * 1024;

/// Where the writer keeps its savepoints' sub-journals: in memory.
fn writer_temp_store(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    Ok(())
}

/// The writer connection's page cache, in KiB (a negative `cache_size`): 64 MiB.
const WRITER_CACHE_KIB: i64 = -64 * 1024;

/// The write-ahead log of the database at `path` (SQLite names it so).
fn log_path(path: &Path) -> PathBuf {
    let mut log = path.as_os_str().to_owned();
    log.push("-wal");
    PathBuf::from(log)
}

fn reader_count() -> usize {
    std::thread::available_parallelism().map_or(4, |n| n.get() * 2).clamp(4, 16)
}

/// Settings every connection shares.
fn tune(conn: &Connection) -> Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    // Plans never depend on bound values, so statements are not recompiled when they change
    // (without this, the applicant list was re-prepared on every call).
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    conn.set_prepared_statement_cache_capacity(64);
    Ok(())
}

fn configure(conn: &Connection) -> Result<()> {
    tune(conn)?;
    let mode: String = conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(Error::Incompatible(format!("the database cannot use WAL mode (it is in {mode} mode)")));
    }
    conn.pragma_update(None, "foreign_keys", true)?;
    Ok(())
}

/// The writer's `secure_delete` outside erasures.
const SECURE_DELETE: &str = "FAST";

/// Runs `work` (on the writer) with everything it deletes overwritten with zeros. Follow the
/// commit with [`Database::wipe_free_space`]: pages freed whole before keep what they held.
pub(crate) fn securely<T>(conn: &Connection, work: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
    conn.pragma_update(None, "secure_delete", true)?;
    let done = work(conn);
    conn.pragma_update(None, "secure_delete", SECURE_DELETE)?;
    done
}

/// Pages of zeros written per transaction by [`Database::wipe_free_space`] (64 MiB of 16 KiB
/// pages): the writer waits at most this long's writing for its turn.
const WIPE_BATCH_PAGES: i64 = 4096;

/// Fills every free page with zeros, on `conn` (not the writer), in transactions of at most
/// [`WIPE_BATCH_PAGES`]: a zeroed blob takes free pages until none is left (a few new pages
/// too), then its table is dropped and they are free again, holding zeros.
fn wipe_free_pages(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "secure_delete", false)?;
    let page: i64 = conn.pragma_query_value(None, "page_size", |r| r.get(0))?;
    conn.execute_batch("CREATE TABLE IF NOT EXISTS docket_wipe (filler BLOB NOT NULL)")?;
    loop {
        let batch = rusqlite::Transaction::new_unchecked(conn, rusqlite::TransactionBehavior::Immediate)?;
        let free: i64 = batch.pragma_query_value(None, "freelist_count", |r| r.get(0))?;
        if free == 0 {
            break;
        }
        let pages = free.min(WIPE_BATCH_PAGES) + 1;
        batch.execute("INSERT INTO docket_wipe (filler) VALUES (zeroblob(?1))", [pages * page])?;
        batch.commit()?;
    }
    // The filler's pages hold zeros already: they are freed as they are.
    conn.execute_batch("DROP TABLE docket_wipe")?;
    Ok(())
}

/// Opens a connection to the database at `path`, keyed when `keys` are given (a key that does
/// not open the database is refused here, before anything is read or written).
pub(crate) fn connect(path: &Path, flags: OpenFlags, keys: Option<&Unlocked>) -> Result<Connection> {
    let conn = Connection::open_with_flags(path, flags)
        .map_err(|e| Error::Incompatible(format!("cannot open database {}: {e}", path.display())))?;
    if let Some(keys) = keys {
        // A wrong key is reported once, by the error below, not by SQLCipher's own log lines.
        conn.pragma_update(None, "cipher_log_level", "NONE")?;
        key_connection(&conn, None, keys)?;
        match conn.query_row("SELECT count(*) FROM sqlite_schema", [], |_| Ok(())) {
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::NotADatabase => {
                return Err(encryption::wrong_key(path));
            }
            other => other?,
        }
    }
    Ok(conn)
}

/// Keys the database `schema` of `conn` (`None`: main). SQLCipher's page size is set on every
/// connection: the same 16 KiB as plain databases (so the `sqlcipher` shell needs `PRAGMA
/// cipher_page_size = 16384` too).
pub(crate) fn key_connection(conn: &Connection, schema: Option<&str>, keys: &Unlocked) -> Result<()> {
    conn.pragma_update(schema, "key", keys.pragma())?;
    conn.pragma_update(schema, "cipher_page_size", PAGE_SIZE)?;
    Ok(())
}

fn open_reader(path: &Path, keys: Option<&Unlocked>) -> Result<Connection> {
    let conn = connect(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI,
        keys,
    )?;
    tune(&conn)?;
    conn.pragma_update(None, "query_only", true)?;
    Ok(conn)
}

/// Refuses to touch a SQLite file that belongs to some other program.
fn check_application_id(conn: &Connection, path: &Path) -> Result<()> {
    let id: i32 = conn.pragma_query_value(None, "application_id", |row| row.get(0))?;
    let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_schema", [], |row| row.get(0))?;
    match id {
        APPLICATION_ID => Ok(()),
        0 if tables == 0 => {
            conn.pragma_update(None, "application_id", APPLICATION_ID)?;
            Ok(())
        }
        _ => {
            Err(Error::Incompatible(format!("{} is not a Docket database; choose another --data-dir", path.display())))
        }
    }
}

#[cfg(test)]
mod tests {
    use rusqlite::params;

    use super::*;

    #[test]
    fn a_savepoint_larger_than_the_spill_threshold_commits() {
        // A group's job (in a savepoint) that changes megabytes of pages: before, it failed with
        // SQLITE_FULL once its sub-journal passed SQLITE_STMTJRNL_SPILL.
        let dir = tempfile::tempdir().expect("temp dir");
        let conn = Connection::open(dir.path().join("t.db")).expect("open");
        conn.pragma_update(None, "page_size", PAGE_SIZE).expect("page size");
        configure(&conn).expect("configure");
        writer_temp_store(&conn).expect("temp store");
        conn.execute_batch(
            "CREATE TABLE t (n INTEGER PRIMARY KEY, snapshot INTEGER NOT NULL, body BLOB NOT NULL);
             CREATE INDEX t_snapshot ON t (snapshot);",
        )
        .expect("create");
        let body = vec![7u8; 1000];
        conn.execute_batch("BEGIN").expect("begin");
        for _ in 0..3000 {
            conn.execute("INSERT INTO t (snapshot, body) VALUES (1, ?1)", [&body]).expect("insert");
        }
        conn.execute_batch("COMMIT").expect("commit");
        conn.execute_batch("BEGIN IMMEDIATE; SAVEPOINT job").expect("savepoint");
        let deleted = conn.execute("DELETE FROM t WHERE snapshot = 1", []).expect("a 3 MB delete in a savepoint");
        assert_eq!(deleted, 3000);
        conn.execute_batch("RELEASE job; COMMIT").expect("commits");
    }

    fn temp_db() -> (tempfile::TempDir, Database) {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = Database::open(&dir.path().join("docket.db"), Durability::Normal, None).expect("opens");
        (dir, db)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_writes_all_commit_and_a_failed_job_undoes_only_itself() {
        let (_dir, db) = temp_db();
        db.write(|c| Ok(c.execute_batch("CREATE TABLE t (n INTEGER NOT NULL UNIQUE)")?)).await.expect("create");
        let mut tasks = Vec::new();
        for n in 0..200_i64 {
            let db = db.clone();
            tasks.push(tokio::spawn(async move {
                db.write(move |c| {
                    c.execute("INSERT INTO t (n) VALUES (?1)", [n])?;
                    if n % 10 == 0 {
                        // Written, then refused: the savepoint must roll this row back.
                        return Err(Error::Conflict("refused".into()));
                    }
                    Ok(())
                })
                .await
            }));
        }
        let mut refused = 0;
        for t in tasks {
            if t.await.expect("joins").is_err() {
                refused += 1;
            }
        }
        assert_eq!(refused, 20);
        let count: i64 =
            db.read(|c| Ok(c.query_row("SELECT count(*) FROM t", [], |r| r.get(0))?)).await.expect("count");
        assert_eq!(count, 180);
    }

    #[tokio::test]
    async fn new_databases_use_large_pages_and_old_ones_keep_theirs() {
        let page_size = |db: Database| async move {
            db.read(|c| Ok(c.pragma_query_value(None, "page_size", |r| r.get::<_, i64>(0))?)).await.expect("size")
        };
        let (dir, db) = temp_db();
        assert_eq!(page_size(db).await, PAGE_SIZE);

        // A database made before the page size changed: 4 KiB pages, the whole schema.
        let old = dir.path().join("old.db");
        let mut conn = Connection::open(&old).expect("raw open");
        conn.execute_batch("PRAGMA page_size = 4096").expect("page size");
        configure(&conn).expect("configures");
        check_application_id(&conn, &old).expect("marks it as Docket's");
        migrations::apply(&mut conn, &old).expect("migrates");
        drop(conn);
        assert_eq!(page_size(Database::open(&old, Durability::Normal, None).expect("opens")).await, 4096);
    }

    #[tokio::test]
    async fn a_failed_job_alone_in_its_group_leaves_nothing_behind() {
        let (_dir, db) = temp_db();
        db.write(|c| Ok(c.execute_batch("CREATE TABLE t (n INTEGER NOT NULL)")?)).await.expect("create");
        let refused = db
            .write(|c| {
                c.execute("INSERT INTO t (n) VALUES (1)", [])?;
                Err::<(), _>(Error::Conflict("refused".into()))
            })
            .await;
        assert!(matches!(refused, Err(Error::Conflict(_))), "{refused:?}");
        db.write(|c| Ok(c.execute("INSERT INTO t (n) VALUES (2)", [])?)).await.expect("insert");
        let rows: Vec<i64> = db
            .read(|c| {
                let mut stmt = c.prepare("SELECT n FROM t")?;
                Ok(stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?)
            })
            .await
            .expect("rows");
        assert_eq!(rows, [2]);
    }

    #[tokio::test]
    async fn committed_pages_reach_the_database_file_without_a_checkpoint_in_any_commit() {
        let (dir, db) = temp_db();
        let file = dir.path().join("docket.db");
        db.write(|c| Ok(c.execute_batch("CREATE TABLE t (n INTEGER NOT NULL, pad TEXT NOT NULL)")?))
            .await
            .expect("create");
        let before = std::fs::metadata(&file).expect("size").len();
        for n in 0..200_i64 {
            db.write(move |c| Ok(c.execute("INSERT INTO t VALUES (?1, zeroblob(4000))", [n])?)).await.expect("insert");
        }
        // Far below the writer's own checkpoint threshold: the checkpointer copies the pages.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while std::fs::metadata(&file).expect("size").len() < before + 200 * 4000 {
            assert!(std::time::Instant::now() < deadline, "the log was never copied into the database file");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    #[tokio::test]
    async fn the_log_starts_again_under_a_steady_stream_of_commits() {
        let (dir, db) = temp_db();
        let log = dir.path().join("docket.db-wal");
        db.write(|c| Ok(c.execute_batch("CREATE TABLE t (n INTEGER NOT NULL, pad BLOB NOT NULL)")?))
            .await
            .expect("create");
        // 80 MB of pages, more than twice the writer's own checkpoint threshold, with no pause
        // for the checkpointer to catch up in (without the writer's share the log held it all).
        for n in 0..6_000_i64 {
            db.write(move |c| Ok(c.execute("INSERT INTO t VALUES (?1, zeroblob(13000))", [n])?)).await.expect("insert");
        }
        // Unbounded, the log holds every frame: about 300 MB. Bounded, it starts again past
        // 32 MiB; a busy machine (tests in parallel) lets it run on a little before it does.
        let size = std::fs::metadata(&log).expect("log").len();
        assert!(size < 150 * 1024 * 1024, "the write-ahead log grew to {size} bytes");
    }

    #[tokio::test]
    async fn a_secure_write_leaves_nothing_deleted_anywhere_in_the_file() {
        let (dir, db) = temp_db();
        let file = dir.path().join("docket.db");
        let holds = |needle: &[u8]| memchr::memmem::find(&std::fs::read(&file).expect("reads"), needle).is_some();
        // Every page into the file (the checkpointer thread may hold the checkpoint a moment).
        let checkpoint = || {
            let conn = Connection::open(&file).expect("opens");
            conn.busy_timeout(std::time::Duration::from_secs(10)).expect("timeout");
            while conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0)).expect("checkpoint")
                != 0
            {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        };
        db.write(|c| Ok(c.execute_batch("CREATE TABLE t (n INTEGER NOT NULL, text TEXT NOT NULL)")?))
            .await
            .expect("create");
        // Rows larger than a page: most of each is in overflow pages.
        for n in 0..20_i64 {
            db.write(move |c| {
                Ok(c.execute("INSERT INTO t VALUES (?1, ?2)", params![n, format!("needle-{n}-").repeat(5000)])?)
            })
            .await
            .expect("insert");
        }
        checkpoint();
        // Deleted without `secure_delete`: freed whole, the overflow pages keep what they held.
        db.write(|c| {
            c.pragma_update(None, "secure_delete", false)?;
            c.execute("DELETE FROM t WHERE n < 15", [])?;
            Ok(c.pragma_update(None, "secure_delete", SECURE_DELETE)?)
        })
        .await
        .expect("delete");
        checkpoint();
        assert!(holds(b"needle-7-"), "free pages keep what they held");

        db.write(|c| securely(c, |c| Ok(c.execute("DELETE FROM t WHERE n = 16", [])?))).await.expect("erase");
        db.wipe_free_space().await;
        checkpoint();
        assert!(!holds(b"needle-7-") && !holds(b"needle-16-"), "free pages and the erased row are zeros");
        assert!(holds(b"needle-18-"), "what was kept is kept");
    }

    #[test]
    fn refuses_a_database_from_a_newer_docket() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("docket.db");
        drop(Database::open(&path, Durability::Normal, None).expect("opens"));
        let conn = Connection::open(&path).expect("raw open");
        conn.pragma_update(None, "user_version", SCHEMA_VERSION as i64 + 1).expect("bump");
        drop(conn);
        match Database::open(&path, Durability::Normal, None) {
            Err(Error::Incompatible(msg)) => {
                assert!(msg.contains("newer version of Docket"), "{msg}")
            }
            Err(e) => panic!("unexpected error {e}"),
            Ok(_) => panic!("a newer database must be refused"),
        }
    }

    #[test]
    fn refuses_a_foreign_sqlite_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("other.db");
        let conn = Connection::open(&path).expect("raw open");
        conn.execute_batch("CREATE TABLE notes (x TEXT)").expect("foreign table");
        drop(conn);
        assert!(matches!(Database::open(&path, Durability::Normal, None), Err(Error::Incompatible(_))));
    }
}
