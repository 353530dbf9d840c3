//! `docket db encrypt` / `decrypt` / `rekey`: a data directory converted in place, crash-safe.
//!
//! Docket must be stopped: the conversion holds the database's exclusive lock throughout, and
//! refuses to start while anything else has the database open. It then
//!
//! 1. writes the converted database beside the old one (`docket.db.converting`, through
//!    SQLCipher's `sqlcipher_export`) and every stored file, sealed or opened again, into
//!    `files.converting/`, all synced;
//! 2. writes the marker `conversion.pending`: from here on the conversion is decided;
//! 3. moves the new parts into place (the database in one rename, the files folder in two),
//!    deletes the old ones and then the marker.
//!
//! [`recover`] runs before any database is opened: without the marker it deletes what an
//! interrupted step 1 left (the old database is untouched and still opens with the old key);
//! with it, it finishes step 3. Either way the directory holds one whole database and the files
//! it names, under one key. A conversion and `recover` each hold `conversion.lock` (an OS file
//! lock) throughout, so that a Docket starting meanwhile never takes a running conversion's
//! parts for leftovers: it is refused until the conversion ends.
//!
//! The old database and files are deleted, not overwritten: on flash storage an overwrite does
//! not reach the old blocks anyway (the guide says to use full-disk encryption for that).

use std::io::Write;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use super::{AtRest, DatabaseKey, Unlocked};
use crate::DATABASE_FILE;
use crate::error::{Error, Result};
use crate::files::FILES_DIR;
use crate::private;

const MARKER: &str = "conversion.pending";
const LOCK: &str = "conversion.lock";
const NEW_DATABASE: &str = "docket.db.converting";
const NEW_FILES: &str = "files.converting";
const OLD_FILES: &str = "files.old";

/// What a conversion does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conversion {
    Encrypt,
    Decrypt,
    Rekey,
}

/// What a conversion did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    pub conversion: Conversion,
    /// Stored files sealed, opened or sealed again.
    pub files: usize,
    pub database_bytes: u64,
}

/// Where a test stops a conversion, as a crash would.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopAt {
    /// After the new parts are written, before the marker.
    BeforeMarker,
    /// After the marker and the database's rename, before the files are swapped.
    AfterDatabase,
}

/// Converts the data directory `data_dir`: `from` opens its database as it is (`None`: plain),
/// `to` is the key it is kept under afterwards (`None`: plain).
pub fn convert(data_dir: &Path, from: Option<&DatabaseKey>, to: Option<&DatabaseKey>) -> Result<Converted> {
    convert_until(data_dir, from, to, None)
}

#[doc(hidden)]
pub fn convert_until(
    data_dir: &Path,
    from: Option<&DatabaseKey>,
    to: Option<&DatabaseKey>,
    stop: Option<StopAt>,
) -> Result<Converted> {
    let conversion = match (from, to) {
        (None, Some(_)) => Conversion::Encrypt,
        (Some(_), None) => Conversion::Decrypt,
        (Some(_), Some(_)) => Conversion::Rekey,
        (None, None) => return Err(Error::invalid_request("a conversion needs a key to encrypt with or to open with")),
    };
    let _lock = lock_conversions(data_dir)?;
    recover_locked(data_dir)?;
    let path = data_dir.join(DATABASE_FILE);
    let state = AtRest::of(&path)?;
    match (state, conversion) {
        (AtRest::New, _) => {
            return Err(Error::invalid_request(format!("{} holds no Docket database", data_dir.display())));
        }
        (AtRest::Encrypted(_), Conversion::Encrypt) => {
            return Err(Error::Conflict(format!(
                "{} is encrypted already (`docket db rekey` changes its key)",
                path.display()
            )));
        }
        (AtRest::Plain, Conversion::Decrypt | Conversion::Rekey) => {
            return Err(Error::Conflict(format!(
                "{} is not encrypted (`docket db encrypt` encrypts it)",
                path.display()
            )));
        }
        _ => {}
    }
    let old = super::unlock(&path, from)?;
    let new = to.map(DatabaseKey::unlock_new);
    let source = lock(&path, old.as_ref())?;
    let result = (|| {
        let new_db = data_dir.join(NEW_DATABASE);
        let new_files = data_dir.join(NEW_FILES);
        remove_leftovers(data_dir);
        private::create_dir_all(&new_files).map_err(|e| Error::io("create", &new_files, &e))?;
        export(&source, &new_db, new.as_ref())?;
        let hashes = crate::files::store::referenced(&source)?;
        for sha in &hashes {
            copy_blob(data_dir, sha, old.as_ref(), new.as_ref())?;
        }
        sync_tree(&new_files);
        private::sync_dir(data_dir);
        if !new_db.is_file() || !new_files.is_dir() {
            return Err(Error::Storage("the converted parts went missing before the conversion was decided".into()));
        }
        if stop == Some(StopAt::BeforeMarker) {
            return Ok(hashes.len());
        }
        let mut marker = private::file_options()
            .write(true)
            .create_new(true)
            .open(data_dir.join(MARKER))
            .map_err(|e| Error::io("write the marker in", data_dir, &e))?;
        marker
            .write_all(b"a conversion is decided; Docket finishes it at its next start\n")
            .and_then(|()| marker.sync_all())
            .map_err(|e| Error::io("write the marker in", data_dir, &e))?;
        private::sync_dir(data_dir);
        Ok(hashes.len())
    })();
    drop(source);
    let files = match result {
        Ok(n) => n,
        Err(e) => {
            remove_leftovers(data_dir);
            return Err(e);
        }
    };
    if stop == Some(StopAt::BeforeMarker) {
        return Ok(Converted { conversion, files, database_bytes: 0 });
    }
    finish(data_dir, stop == Some(StopAt::AfterDatabase))?;
    let database_bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    Ok(Converted { conversion, files, database_bytes })
}

/// `docket db vacuum`: rewrites the database file whole (SQLite's `VACUUM`, under the key it is
/// kept under), with Docket stopped as for a conversion. What a Docket before this one left in
/// the free space of pages still in use (old copies of changed rows, which an erasure cannot
/// reach) is gone afterwards, and the file shrinks to its data. Returns its size before and
/// after.
pub fn vacuum(data_dir: &Path, key: Option<&DatabaseKey>) -> Result<(u64, u64)> {
    let _lock = lock_conversions(data_dir)?;
    recover_locked(data_dir)?;
    let path = data_dir.join(DATABASE_FILE);
    if AtRest::of(&path)? == AtRest::New {
        return Err(Error::invalid_request(format!("{} holds no Docket database", data_dir.display())));
    }
    let keys = super::unlock(&path, key)?;
    let size = || std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let conn = lock(&path, keys.as_ref())?;
    // The log folded in first: a Docket that stopped may have left pages in it, and the size
    // before is the database's as a whole.
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    let before = size();
    conn.pragma_update(None, "secure_delete", true)?;
    conn.execute_batch("VACUUM")?;
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    drop(conn);
    Ok((before, size()))
}

/// Finishes or undoes a conversion a crash interrupted (see the module's comment). Call it
/// before opening the database of `data_dir`; refused while a conversion runs there.
pub fn recover(data_dir: &Path) -> Result<()> {
    let _lock = lock_conversions(data_dir)?;
    recover_locked(data_dir)
}

/// Whether a decided conversion is waiting to be finished (by [`recover`]).
pub fn pending(data_dir: &Path) -> bool {
    data_dir.join(MARKER).exists()
}

/// Takes `conversion.lock`, held until the returned file is dropped.
fn lock_conversions(data_dir: &Path) -> Result<std::fs::File> {
    if !data_dir.is_dir() {
        return Err(Error::invalid_request(format!(
            "{} is not a data directory: it does not exist",
            data_dir.display()
        )));
    }
    let path = data_dir.join(LOCK);
    let file = private::file_options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| Error::io("open", &path, &e))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::Conflict(format!(
            "a database conversion is running in {}: wait for it to finish",
            data_dir.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(Error::io("lock", &path, &e)),
    }
}

fn recover_locked(data_dir: &Path) -> Result<()> {
    if data_dir.join(MARKER).exists() {
        tracing::warn!("finishing a database conversion that was interrupted");
        finish(data_dir, false)
    } else {
        remove_leftovers(data_dir);
        Ok(())
    }
}

/// Opens the database and takes its exclusive lock, kept until the connection closes; after
/// copying the log into the database, so that the log is empty.
fn lock(path: &Path, keys: Option<&Unlocked>) -> Result<Connection> {
    let conn = crate::db::connect(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX, keys)?;
    let running = || {
        Error::Conflict(format!(
            "{} is open in a running Docket (the desktop app or `docket serve`): stop it first",
            path.display()
        ))
    };
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0))
        .map_err(|_| running())
        .and_then(|busy| if busy == 0 { Ok(()) } else { Err(running()) })?;
    conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
    conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;").map_err(|_| running())?;
    Ok(conn)
}

/// Writes the database of `source` to `to`, under `keys` or plain.
fn export(source: &Connection, to: &Path, keys: Option<&Unlocked>) -> Result<()> {
    private::create_file(to).map_err(|e| Error::io("create", to, &e))?;
    let key = keys.map_or("", |k| k.pragma());
    source.execute("ATTACH DATABASE ?1 AS converted KEY ?2", rusqlite::params![to.to_string_lossy(), key])?;
    let exported = (|| -> Result<()> {
        if keys.is_some() {
            source.pragma_update(Some("converted"), "cipher_page_size", 16 * 1024)?;
        } else {
            source.pragma_update(Some("converted"), "page_size", 16 * 1024)?;
        }
        source.query_row("SELECT sqlcipher_export('converted')", [], |_| Ok(()))?;
        // Not part of what `sqlcipher_export` copies.
        let version: i64 = source.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let id: i64 = source.pragma_query_value(None, "application_id", |r| r.get(0))?;
        source.pragma_update(Some("converted"), "user_version", version)?;
        source.pragma_update(Some("converted"), "application_id", id)?;
        Ok(())
    })();
    source.execute_batch("DETACH DATABASE converted")?;
    exported?;
    // Checked whole, then synced, before anything depends on it.
    let check = crate::db::connect(to, OpenFlags::SQLITE_OPEN_READ_WRITE, keys)?;
    let ok: String = check.query_row("PRAGMA quick_check(1)", [], |r| r.get(0))?;
    if ok != "ok" {
        return Err(Error::Storage(format!("the converted database failed its check: {ok}")));
    }
    drop(check);
    std::fs::File::open(to).and_then(|f| f.sync_all()).map_err(|e| Error::io("sync", to, &e))
}

/// Copies one stored file into the new files folder, opened from `old`'s seal and sealed under
/// `new` as they say.
fn copy_blob(data_dir: &Path, sha: &str, old: Option<&Unlocked>, new: Option<&Unlocked>) -> Result<()> {
    use crate::files::service::blob_relative;
    let from = data_dir.join(FILES_DIR).join(blob_relative(old, sha));
    let to = data_dir.join(NEW_FILES).join(blob_relative(new, sha));
    if let Some(dir) = to.parent() {
        private::create_dir_all(dir).map_err(|e| Error::io("create", dir, &e))?;
    }
    let input = std::fs::File::open(&from).map_err(|e| Error::io("read the stored file", &from, &e))?;
    let mut input: Box<dyn std::io::Read> = match old {
        Some(k) => {
            Box::new(super::sealed::SealedReader::new(k.files(), sha.as_bytes(), std::io::BufReader::new(input)))
        }
        None => Box::new(std::io::BufReader::new(input)),
    };
    let output =
        private::file_options().write(true).create_new(true).open(&to).map_err(|e| Error::io("create", &to, &e))?;
    let mut output = std::io::BufWriter::new(output);
    match new {
        Some(k) => super::sealed::seal_stream(k.files(), sha.as_bytes(), &mut input, &mut output).map(|_| ()),
        None => std::io::copy(&mut input, &mut output).map(|_| ()),
    }
    .map_err(|e| Error::io("convert the stored file", &from, &e))?;
    let output = output.into_inner().map_err(|e| Error::io("write", &to, e.error()))?;
    output.sync_all().map_err(|e| Error::io("sync", &to, &e))
}

/// Step 3: every step can be run again after a crash.
fn finish(data_dir: &Path, stop_after_database: bool) -> Result<()> {
    let db = data_dir.join(DATABASE_FILE);
    let new_db = data_dir.join(NEW_DATABASE);
    if new_db.exists() {
        // The old log is empty (copied in under the exclusive lock); it must not be replayed
        // onto the new file.
        for suffix in ["-wal", "-shm"] {
            let side = data_dir.join(format!("{DATABASE_FILE}{suffix}"));
            if let Err(e) = std::fs::remove_file(&side)
                && e.kind() != std::io::ErrorKind::NotFound
            {
                return Err(Error::io("remove", &side, &e));
            }
        }
        std::fs::rename(&new_db, &db).map_err(|e| Error::io("move the converted database to", &db, &e))?;
        private::sync_dir(data_dir);
    }
    if stop_after_database {
        return Ok(());
    }
    let (files, new_files, old_files) = (data_dir.join(FILES_DIR), data_dir.join(NEW_FILES), data_dir.join(OLD_FILES));
    if new_files.exists() {
        if files.exists() && !old_files.exists() {
            std::fs::rename(&files, &old_files).map_err(|e| Error::io("move", &files, &e))?;
        }
        std::fs::rename(&new_files, &files).map_err(|e| Error::io("move", &new_files, &e))?;
    }
    private::sync_dir(data_dir);
    if old_files.exists() {
        std::fs::remove_dir_all(&old_files).map_err(|e| Error::io("remove", &old_files, &e))?;
    }
    let marker = data_dir.join(MARKER);
    if let Err(e) = std::fs::remove_file(&marker)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        return Err(Error::io("remove", &marker, &e));
    }
    private::sync_dir(data_dir);
    Ok(())
}

/// Removes the parts of a conversion that was never decided.
fn remove_leftovers(data_dir: &Path) {
    let _ = std::fs::remove_file(data_dir.join(NEW_DATABASE));
    for suffix in ["-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(data_dir.join(format!("{NEW_DATABASE}{suffix}")));
    }
    let _ = std::fs::remove_dir_all(data_dir.join(NEW_FILES));
}

fn sync_tree(dir: &Path) {
    private::sync_dir(dir);
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.path().is_dir() {
                private::sync_dir(&entry.path());
            }
        }
    }
}
