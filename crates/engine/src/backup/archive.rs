//! Backups that restore: one archive holding a consistent copy of the database, the stored
//! files it names, and the master key when it is a file in the data directory.
//!
//! A backup is a tar archive (list it with `tar tf`): `docket.db`, taken with SQLite's online
//! backup API in one read transaction, so it is the database as of one commit while Docket goes
//! on serving; `files/<aa>/<sha256>`, every stored file that copy names (blobs are named by
//! their content and never change, so copying them after the database is consistent);
//! `master.key`, if the data directory keeps its key in a file (the backup is then as secret as
//! the directory; a key kept in the OS keychain or given by `DOCKET_MASTER_KEY` is not
//! included and must be given to the restored directory the same way); and `manifest.json`,
//! written last, with every entry's size and SHA-256. A backup without its manifest (cut short)
//! is refused.
//!
//! The backup of an encrypted data directory is encrypted the same way: the database copy is
//! keyed as the database is, the stored files are copied sealed as they are kept, and the
//! database key itself is never in it (restore and check it with the same key).
//!
//! A restore checks everything before it touches the target: the manifest and every entry's
//! digest, that nothing else is in the archive, the database's integrity and that it is a
//! Docket database this version can open, and that every file it names is there. Only then
//! are the parts moved into the (empty) data directory, the database last.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::encryption::{self, AtRest, DatabaseKey, Unlocked};
use crate::error::{Error, Result};
use crate::files::FILES_DIR;
use crate::files::service::blob_relative;
use crate::{DATABASE_FILE, SCHEMA_VERSION, private};

/// The archive format this version writes and reads.
pub const FORMAT: &str = "docket-backup/1";
const MANIFEST: &str = "manifest.json";
const MASTER_KEY: &str = "master.key";

/// What a backup holds, written last into it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Manifest {
    pub format: String,
    /// When the database was copied (the machine's clock, RFC 3339).
    pub created_at: String,
    pub docket_version: String,
    pub schema_version: u32,
    /// Whether the database and its files are encrypted (absent in older backups: plain).
    #[serde(default)]
    pub encrypted: bool,
    pub entries: Vec<Entry>,
}

/// One part of a backup.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    pub path: String,
    pub size: u64,
    pub sha256: String,
}

impl Manifest {
    /// How many stored files the backup holds.
    pub fn files(&self) -> usize {
        self.entries.iter().filter(|e| e.path.starts_with("files/")).count()
    }

    /// The bytes of every part together.
    pub fn bytes(&self) -> u64 {
        self.entries.iter().map(|e| e.size).sum()
    }

    pub fn has_master_key(&self) -> bool {
        self.entries.iter().any(|e| e.path == MASTER_KEY)
    }
}

/// Writes a backup of the data directory `data_dir` (opened with `key` when it is encrypted)
/// to `out` (replaced in one step when done; readable only by its owner). Safe while Docket
/// serves from the directory.
pub fn create(data_dir: &Path, out: &Path, key: Option<&DatabaseKey>) -> Result<Manifest> {
    let keys = encryption::unlock(&data_dir.join(DATABASE_FILE), key)?;
    create_unlocked(data_dir, out, keys.as_ref())
}

pub(crate) fn create_unlocked(data_dir: &Path, out: &Path, keys: Option<&Unlocked>) -> Result<Manifest> {
    let database = data_dir.join(DATABASE_FILE);
    if !database.is_file() {
        return Err(Error::invalid_request(format!("{} holds no Docket database", data_dir.display())));
    }
    let partial = sibling(out, "partial")?;
    let staged = tempfile::Builder::new()
        .prefix(".backup-")
        .tempdir_in(data_dir)
        .map_err(|e| Error::io("make a working directory in", data_dir, &e))?;
    let copy = staged.path().join(DATABASE_FILE);
    let result = (|| {
        let (schema_version, hashes) = snapshot(&database, &copy, keys)?;
        let file = private::file_options()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&partial)
            .map_err(|e| Error::io("create", &partial, &e))?;
        private::tighten_file(&partial).map_err(|e| Error::io("protect", &partial, &e))?;
        let mut archive = tar::Builder::new(std::io::BufWriter::new(file));
        let mut entries = vec![append_file(&mut archive, DATABASE_FILE, &copy)?];
        for sha in &hashes {
            let path = format!("{FILES_DIR}/{}", blob_relative(keys, sha));
            let blob = data_dir.join(&path);
            if !blob.is_file() {
                return Err(Error::Conflict(format!(
                    "the stored file {sha} was removed while the backup ran (erased?); run the backup again"
                )));
            }
            entries.push(append_file(&mut archive, &path, &blob)?);
        }
        let key = data_dir.join(MASTER_KEY);
        if key.is_file() {
            entries.push(append_file(&mut archive, MASTER_KEY, &key)?);
        }
        let manifest = Manifest {
            format: FORMAT.to_owned(),
            created_at: jiff::Timestamp::now().to_string(),
            docket_version: env!("CARGO_PKG_VERSION").to_owned(),
            schema_version,
            encrypted: keys.is_some(),
            entries,
        };
        let json = serde_json::to_vec_pretty(&manifest)?;
        append_bytes(&mut archive, MANIFEST, &json)?;
        let file = archive
            .into_inner()
            .map_err(|e| Error::io("write", &partial, &e))?
            .into_inner()
            .map_err(|e| Error::io("write", &partial, e.error()))?;
        file.sync_all().map_err(|e| Error::io("write", &partial, &e))?;
        std::fs::rename(&partial, out).map_err(|e| Error::io("move the backup to", out, &e))?;
        Ok(manifest)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result
}

/// Copies the database at `source` to `copy` as of one commit; returns its schema version and
/// the content hashes of the stored files it names.
fn snapshot(source: &Path, copy: &Path, keys: Option<&Unlocked>) -> Result<(u32, BTreeSet<String>)> {
    let src = crate::db::connect(source, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX, keys)?;
    src.busy_timeout(std::time::Duration::from_secs(10))?;
    private::create_file(copy).map_err(|e| Error::io("create", copy, &e))?;
    // Keyed as the source is (the same key and salt): the pages are copied as they are.
    let mut dst = Connection::open(copy)?;
    if let Some(keys) = keys {
        crate::db::key_connection(&dst, None, keys)?;
    }
    // All pages in one step: one read transaction, so the copy is a single commit's state.
    rusqlite::backup::Backup::new(&src, &mut dst)?.step(-1)?;
    let schema_version: u32 = dst.pragma_query_value(None, "user_version", |r| r.get(0))?;
    // In order, so that a backup lists its files the same way every time.
    let hashes: BTreeSet<String> = crate::files::store::referenced(&dst)?.into_iter().collect();
    // A copy taken from a database in WAL mode is one too; a single file is simpler to move.
    dst.pragma_update(None, "journal_mode", "DELETE")?;
    Ok((schema_version, hashes))
}

fn append_file<W: Write>(archive: &mut tar::Builder<W>, name: &str, path: &Path) -> Result<Entry> {
    let mut file = std::fs::File::open(path).map_err(|e| Error::io("read", path, &e))?;
    let size = file.metadata().map_err(|e| Error::io("read", path, &e))?.len();
    let mut hashing = HashingReader { inner: &mut file, hasher: Sha256::new(), read: 0 };
    let mut header = header(size);
    archive.append_data(&mut header, name, &mut hashing).map_err(|e| Error::io("write", path, &e))?;
    if hashing.read != size {
        return Err(Error::Storage(format!("{} changed size while it was copied", path.display())));
    }
    Ok(Entry { path: name.to_owned(), size, sha256: hex::encode(hashing.hasher.finalize()) })
}

fn append_bytes<W: Write>(archive: &mut tar::Builder<W>, name: &str, bytes: &[u8]) -> Result<()> {
    let mut header = header(bytes.len() as u64);
    archive.append_data(&mut header, name, bytes).map_err(|e| Error::Storage(format!("cannot write {name}: {e}")))
}

fn header(size: u64) -> tar::Header {
    let mut header = tar::Header::new_gnu();
    header.set_size(size);
    header.set_mode(0o600);
    header.set_entry_type(tar::EntryType::Regular);
    header
}

struct HashingReader<'a, R> {
    inner: &'a mut R,
    hasher: Sha256,
    read: u64,
}

impl<R: Read> Read for HashingReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        self.read += n as u64;
        Ok(n)
    }
}

/// Checks the backup `archive` (with `key`, when it is encrypted) and restores it into
/// `data_dir`, which must hold no database. Nothing in `data_dir` changes unless every check
/// passes.
pub fn restore(archive: &Path, data_dir: &Path, key: Option<&DatabaseKey>) -> Result<Manifest> {
    if data_dir.join(DATABASE_FILE).exists() {
        return Err(Error::Conflict(format!(
            "{} already holds a database; restore into a new or empty directory (or move that one away first)",
            data_dir.display()
        )));
    }
    private::create_dir_all(data_dir).map_err(|e| Error::io("create", data_dir, &e))?;
    // Unpacked beside the target (the same file system, so the parts are moved, not copied).
    let staged = tempfile::Builder::new()
        .prefix(".restore-")
        .tempdir_in(data_dir)
        .map_err(|e| Error::io("make a working directory in", data_dir, &e))?;
    let manifest = unpack(archive, staged.path())?;
    check_database(&staged.path().join(DATABASE_FILE), &manifest, key)?;
    if manifest.has_master_key() && data_dir.join(MASTER_KEY).exists() {
        return Err(Error::Conflict(format!(
            "{} already has a master.key; the backup brings its own",
            data_dir.display()
        )));
    }
    for entry in manifest.entries.iter().filter(|e| e.path != DATABASE_FILE) {
        let to = data_dir.join(&entry.path);
        if let Some(parent) = to.parent() {
            private::create_dir_all(parent).map_err(|e| Error::io("create", parent, &e))?;
        }
        std::fs::rename(staged.path().join(&entry.path), &to).map_err(|e| Error::io("restore", &to, &e))?;
    }
    let database = data_dir.join(DATABASE_FILE);
    std::fs::rename(staged.path().join(DATABASE_FILE), &database).map_err(|e| Error::io("restore", &database, &e))?;
    private::sync_dir(data_dir);
    Ok(manifest)
}

/// Reads a backup's manifest and checks every entry without restoring it (with `key`, when it
/// is encrypted).
pub fn verify(archive: &Path, key: Option<&DatabaseKey>) -> Result<Manifest> {
    let staged = tempfile::tempdir().map_err(|e| Error::Storage(format!("cannot make a working directory: {e}")))?;
    let manifest = unpack(archive, staged.path())?;
    check_database(&staged.path().join(DATABASE_FILE), &manifest, key)?;
    Ok(manifest)
}

/// Unpacks `archive` into `into`, checking every name and digest against the manifest.
fn unpack(archive: &Path, into: &Path) -> Result<Manifest> {
    let refused = |why: String| Error::invalid_request(format!("{} is not a usable backup: {why}", archive.display()));
    let file = std::fs::File::open(archive).map_err(|e| Error::io("read", archive, &e))?;
    let mut reader = tar::Archive::new(std::io::BufReader::new(file));
    let mut seen: Vec<Entry> = Vec::new();
    let mut manifest: Option<Manifest> = None;
    for item in reader.entries().map_err(|e| refused(e.to_string()))? {
        let mut item = item.map_err(|e| refused(e.to_string()))?;
        if item.header().entry_type() != tar::EntryType::Regular {
            return Err(refused("it holds something other than plain files".into()));
        }
        let name = item.path().map_err(|e| refused(e.to_string()))?.to_string_lossy().into_owned();
        if name == MANIFEST {
            let mut text = Vec::new();
            item.by_ref().take(1 << 24).read_to_end(&mut text).map_err(|e| refused(e.to_string()))?;
            manifest = Some(serde_json::from_slice(&text).map_err(|e| refused(format!("its manifest: {e}")))?);
            continue;
        }
        if !allowed_name(&name) || seen.iter().any(|e| e.path == name) {
            return Err(refused(format!("unexpected entry {name:?}")));
        }
        let to = into.join(&name);
        if let Some(parent) = to.parent() {
            private::create_dir_all(parent).map_err(|e| Error::io("create", parent, &e))?;
        }
        let mut out =
            private::file_options().write(true).create_new(true).open(&to).map_err(|e| Error::io("create", &to, &e))?;
        let mut hashing = HashingReader { inner: &mut item, hasher: Sha256::new(), read: 0 };
        std::io::copy(&mut hashing, &mut out).map_err(|e| refused(format!("{name}: {e}")))?;
        out.sync_all().map_err(|e| Error::io("write", &to, &e))?;
        seen.push(Entry { path: name, size: hashing.read, sha256: hex::encode(hashing.hasher.finalize()) });
    }
    let manifest = manifest.ok_or_else(|| refused("it has no manifest (cut short?)".into()))?;
    if manifest.format != FORMAT {
        return Err(refused(format!("its format is {:?}; this Docket reads {FORMAT:?}", manifest.format)));
    }
    let listed: BTreeSet<&Entry> = manifest.entries.iter().collect();
    let found: BTreeSet<&Entry> = seen.iter().collect();
    if let Some(bad) = listed.symmetric_difference(&found).next() {
        return Err(refused(format!(
            "{} does not match its manifest (size or SHA-256 differ, or it is missing)",
            bad.path
        )));
    }
    if !manifest.entries.iter().any(|e| e.path == DATABASE_FILE) {
        return Err(refused("it holds no database".into()));
    }
    Ok(manifest)
}

/// The names a backup may hold: the database, the master key and content-named files.
fn allowed_name(name: &str) -> bool {
    if name == DATABASE_FILE || name == MASTER_KEY {
        return true;
    }
    let parts: Vec<&str> = name.split('/').collect();
    matches!(parts.as_slice(), [dir, prefix, sha]
        if *dir == FILES_DIR && sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            && sha.starts_with(prefix) && prefix.len() == 2)
}

/// The unpacked database is whole, Docket's, not newer than this version, and every file it
/// names is in the backup.
fn check_database(path: &Path, manifest: &Manifest, key: Option<&DatabaseKey>) -> Result<()> {
    let refused = |why: String| Error::invalid_request(format!("the backup's database {why}"));
    let keys = match (AtRest::of(path)?, key) {
        (AtRest::Encrypted(_), None) => {
            return Err(refused(
                "is encrypted: give the key it was taken with (--database-key-file or DOCKET_DATABASE_KEY)".into(),
            ));
        }
        (AtRest::Plain | AtRest::New, Some(_)) => {
            return Err(refused(
                "is not encrypted: restore it without a key, then encrypt the directory with `docket db encrypt`"
                    .into(),
            ));
        }
        (_, key) => encryption::unlock(path, key)?,
    };
    let conn = crate::db::connect(path, OpenFlags::SQLITE_OPEN_READ_ONLY, keys.as_ref()).map_err(|e| match e {
        Error::Incompatible(why) => refused(format!("cannot be opened: {why}")),
        other => other,
    })?;
    let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0)).map_err(|e| refused(e.to_string()))?;
    if id != crate::db::APPLICATION_ID {
        return Err(refused("is not a Docket database".into()));
    }
    let version: u32 =
        conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(|e| refused(e.to_string()))?;
    if version as usize > SCHEMA_VERSION {
        return Err(refused(format!("is from a newer Docket (schema {version}; this one knows {SCHEMA_VERSION})")));
    }
    let integrity: String =
        conn.query_row("PRAGMA integrity_check(1)", [], |r| r.get(0)).map_err(|e| refused(e.to_string()))?;
    if integrity != "ok" {
        return Err(refused(format!("is damaged: {integrity}")));
    }
    let have: BTreeSet<&str> = manifest.entries.iter().map(|e| e.path.as_str()).collect();
    let named = crate::files::store::referenced(&conn).map_err(|e| refused(e.to_string()))?;
    for sha in named {
        if !have.contains(format!("{FILES_DIR}/{}", blob_relative(keys.as_ref(), &sha)).as_str()) {
            return Err(refused(format!("names the stored file {sha}, which the backup does not hold")));
        }
    }
    Ok(())
}

/// `out` with `.suffix` appended to its name.
fn sibling(out: &Path, suffix: &str) -> Result<PathBuf> {
    let name = out
        .file_name()
        .ok_or_else(|| Error::invalid_request(format!("{} is not a file name", out.display())))?
        .to_string_lossy();
    Ok(out.with_file_name(format!("{name}.{suffix}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backup_holds_only_the_database_the_key_and_content_named_files() {
        let sha = "ab".to_owned() + &"0".repeat(62);
        for good in ["docket.db", "master.key", &format!("files/ab/{sha}")] {
            assert!(allowed_name(good), "{good}");
        }
        for bad in [
            "../docket.db".to_owned(),
            "/etc/passwd".to_owned(),
            format!("files/cd/{sha}"),
            format!("files/ab/{}", sha.to_uppercase()),
            format!("files/ab/../{sha}"),
            format!("files/ab/{sha}/x"),
            "files/ab/abc".to_owned(),
            "api-keys.txt".to_owned(),
            "docket.db-wal".to_owned(),
        ] {
            assert!(!allowed_name(&bad), "{bad}");
        }
    }

    #[test]
    fn a_backup_restores_into_an_empty_directory_and_nothing_is_written_when_it_is_refused() {
        let root = tempfile::tempdir().expect("temp dir");
        let data = root.path().join("data");
        private::create_dir_all(&data).expect("dir");
        let conn = Connection::open(data.join(DATABASE_FILE)).expect("db");
        conn.pragma_update(None, "application_id", crate::db::APPLICATION_ID).expect("id");
        conn.execute_batch("CREATE TABLE files (sha256 TEXT NOT NULL); CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('kept')")
            .expect("schema");
        drop(conn);
        let archive = root.path().join("b.docket-backup");
        let manifest = create(&data, &archive, None).expect("backs up");
        assert_eq!((manifest.format.as_str(), manifest.files()), (FORMAT, 0));
        assert!(!root.path().join("b.docket-backup.partial").exists());

        let target = root.path().join("restored");
        restore(&archive, &target, None).expect("restores");
        let copy = Connection::open(target.join(DATABASE_FILE)).expect("opens");
        let note: String = copy.query_row("SELECT text FROM notes", [], |r| r.get(0)).expect("row");
        assert_eq!(note, "kept");
        assert!(
            matches!(restore(&archive, &target, None), Err(Error::Conflict(_))),
            "an occupied directory is refused"
        );

        let cut = root.path().join("cut.docket-backup");
        let bytes = std::fs::read(&archive).expect("reads");
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).expect("writes");
        let elsewhere = root.path().join("elsewhere");
        assert!(matches!(restore(&cut, &elsewhere, None), Err(Error::Invalid(_))));
        assert!(!elsewhere.join(DATABASE_FILE).exists());
    }
}
