//! The file store: blobs under `<data dir>/files/`, named by the SHA-256 of their content, each
//! with a scoped record. An upload streams into a temporary file (hashed and counted as it
//! arrives, refused past its limit), is synced and renamed into place, and becomes visible when
//! its record commits; a failed or abandoned upload leaves nothing behind. A blob goes when the
//! last record naming it does.
//!
//! When the database is encrypted, blobs are sealed as they stream in (see
//! `encryption::sealed`: nothing plain touches the disk) and named by a keyed hash of their
//! SHA-256 instead of the SHA-256 itself.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::model::{FileId, OwnerKind, StoredFile, sanitise_name};
use super::sniff;
use super::store;
use crate::Engine;
use crate::encryption::FileKey;
use crate::encryption::sealed::{self, Sealer};
use crate::error::{Error, Result};
use crate::scope::Scope;

/// The store's folder in the data directory.
pub const FILES_DIR: &str = "files";
/// Uploads in progress, inside [`FILES_DIR`].
const TMP_DIR: &str = "tmp";
/// What the sweep at start leaves alone: files this young may belong to an upload in progress
/// in another process on the same data directory.
const SWEEP_MIN_AGE: Duration = Duration::from_secs(3600);

/// File-store state of an engine.
#[derive(Default)]
pub(crate) struct FilesState {
    /// Held while a blob is put in place and its record added, and while an unreferenced blob
    /// is removed, so that a removal never takes a blob a new record is about to name.
    blobs: tokio::sync::Mutex<()>,
}

/// What is known of a file before its content arrives.
#[derive(Debug, Clone)]
pub struct NewFile {
    pub owner_kind: OwnerKind,
    pub owner_id: uuid::Uuid,
    /// The media type the sender declared (kept, not trusted).
    pub declared_type: Option<String>,
    /// The name it was sent with (sanitised before it is kept).
    pub name: Option<String>,
    /// The most bytes accepted; past it the upload is refused with [`Error::TooLarge`].
    pub limit: u64,
}

pub struct Files<'e> {
    pub(crate) engine: &'e Engine,
}

impl Files<'_> {
    fn root(&self) -> PathBuf {
        self.engine.data_dir().join(FILES_DIR)
    }

    /// The key blobs are sealed with, when the database is encrypted.
    fn key(&self) -> Option<Arc<FileKey>> {
        self.engine.core.db.keys().map(|k| k.files().clone())
    }

    /// Where the content of the file with this SHA-256 is kept.
    fn blob(&self, sha256: &str) -> PathBuf {
        blob_path(&self.root(), &blob_name(self.key().as_deref(), sha256))
    }

    /// Where a stored file's content is kept (sealed, when the store is).
    pub fn path(&self, file: &StoredFile) -> PathBuf {
        self.blob(&file.sha256)
    }

    /// A reader of a stored file's content (opened from its seal when the store is sealed), for
    /// work on blocking threads.
    pub fn open(&self, file: &StoredFile) -> Result<Box<dyn Read + Send>> {
        let path = self.blob(&file.sha256);
        let blob = std::fs::File::open(&path).map_err(|e| Error::io("read", &path, &e))?;
        let blob = std::io::BufReader::with_capacity(256 * 1024, blob);
        Ok(match self.key() {
            Some(key) => Box::new(sealed::SealedReader::new(&key, file.sha256.as_bytes(), blob)),
            None => Box::new(blob),
        })
    }

    /// Reads a stored file's content whole (for small files: documents, previews).
    pub async fn content(&self, file: &StoredFile) -> Result<Vec<u8>> {
        let path = self.blob(&file.sha256);
        let bytes = tokio::fs::read(&path).await.map_err(|e| Error::io("read", &path, &e))?;
        match self.key() {
            Some(key) => tokio::task::spawn_blocking({
                let bound = file.sha256.clone();
                move || sealed::open(&key, bound.as_bytes(), &bytes)
            })
            .await
            .map_err(|e| Error::Storage(format!("opening a stored file failed: {e}")))?
            .map_err(|e| Error::io("open", &path, &e)),
            None => Ok(bytes),
        }
    }

    /// Starts storing a file for `scope`; write its content to the [`Upload`], then finish it.
    pub async fn begin(&self, scope: Scope, new: NewFile) -> Result<Upload> {
        let dir = self.root().join(TMP_DIR);
        crate::private::create_dir_all(&dir).map_err(|e| Error::io("create", &dir, &e))?;
        let tmp = dir.join(uuid::Uuid::now_v7().simple().to_string());
        let file = tokio::fs::OpenOptions::from(crate::private::file_options())
            .write(true)
            .create_new(true)
            .open(&tmp)
            .await
            .map_err(|e| Error::io("create", &tmp, &e))?;
        Ok(Upload {
            engine: self.engine.clone(),
            scope,
            new,
            tmp,
            out: Some(tokio::io::BufWriter::with_capacity(256 * 1024, file)),
            sealer: self.key().map(|k| Sealer::new(&k)),
            hasher: Sha256::new(),
            size: 0,
            head: Vec::with_capacity(sniff::HEAD),
            finished: false,
        })
    }

    pub async fn get(&self, scope: Scope, id: FileId) -> Result<StoredFile> {
        self.engine.core.db.read(move |conn| store::get(conn, scope, id)?.ok_or(Error::not_found("file"))).await
    }

    /// Reads a stored file whole (for small files: documents, previews).
    pub async fn read(&self, scope: Scope, id: FileId) -> Result<(StoredFile, Vec<u8>)> {
        let file = self.get(scope, id).await?;
        let bytes = self.content(&file).await?;
        Ok((file, bytes))
    }

    /// The files of one owner, oldest first.
    pub async fn owned(&self, scope: Scope, kind: OwnerKind, owner: uuid::Uuid) -> Result<Vec<StoredFile>> {
        self.engine.core.db.read(move |conn| store::owned(conn, scope, kind, owner)).await
    }

    /// Deletes one owner's files (for owners deleted outside a transaction of their own; an
    /// owner's store otherwise calls `store::delete_owned` in its delete and then
    /// [`Self::remove_unreferenced`]). Returns how many records went.
    pub async fn delete_owned(&self, scope: Scope, kind: OwnerKind, owner: uuid::Uuid) -> Result<usize> {
        let hashes = self.engine.core.db.write(move |conn| store::delete_owned(conn, scope, kind, owner)).await?;
        let n = hashes.len();
        self.remove_unreferenced(hashes).await;
        Ok(n)
    }

    /// Deletes one file (its record, and its blob unless another record names the content).
    pub async fn delete_one(&self, scope: Scope, id: FileId) -> Result<()> {
        let hash = self.engine.core.db.write(move |conn| store::delete(conn, scope, id)).await?;
        self.remove_unreferenced(hash.into_iter().collect()).await;
        Ok(())
    }

    /// Removes the blobs of `hashes` that no record names any more (after the delete that
    /// dropped their records committed).
    pub(crate) async fn remove_unreferenced(&self, mut hashes: Vec<String>) {
        hashes.sort();
        hashes.dedup();
        let _blobs = self.engine.core.files.blobs.lock().await;
        for sha in hashes {
            let check = sha.clone();
            match self.engine.core.db.read(move |conn| store::is_referenced(conn, &check)).await {
                Ok(false) => remove_quietly(&self.blob(&sha)),
                Ok(true) => {}
                Err(e) => tracing::warn!(error = %e, "could not check a stored file; the sweep at start takes it"),
            }
        }
    }

    /// Removes what a stopped process left behind: temporary files of uploads that never
    /// finished, and blobs that no record names (a crash between a delete's commit and the
    /// blob's removal). Leaves alone anything younger than an hour. Returns how many went.
    pub async fn sweep(&self) -> Result<usize> {
        let root = self.root();
        let _blobs = self.engine.core.files.blobs.lock().await;
        let key = self.key();
        let referenced = self.engine.core.db.read(store::referenced).await?;
        let referenced = referenced.iter().map(|sha| blob_name(key.as_deref(), sha)).collect();
        tokio::task::spawn_blocking(move || sweep_dir(&root, &referenced))
            .await
            .map_err(|e| Error::Storage(format!("sweeping the file store failed: {e}")))
    }
}

/// A file being stored. Dropped before [`Upload::finish`], it leaves nothing behind.
pub struct Upload {
    engine: Engine,
    scope: Scope,
    new: NewFile,
    tmp: PathBuf,
    out: Option<tokio::io::BufWriter<tokio::fs::File>>,
    /// Seals the content on its way to disk when the store is sealed.
    sealer: Option<Sealer>,
    hasher: Sha256,
    size: u64,
    head: Vec<u8>,
    finished: bool,
}

impl Upload {
    /// Appends content; refused past the limit (the upload is then abandoned).
    pub async fn write(&mut self, chunk: &[u8]) -> Result<()> {
        let size = self.size.saturating_add(chunk.len() as u64);
        if size > self.new.limit {
            return Err(Error::TooLarge(format!("the file is larger than {}", bytes(self.new.limit))));
        }
        let out = self.out.as_mut().ok_or_else(|| Error::Storage("the upload was already finished".into()))?;
        match self.sealer.as_mut() {
            Some(sealer) => {
                let sealed = sealer.push(chunk).map_err(|e| Error::io("seal", &self.tmp, &e))?;
                out.write_all(&sealed).await
            }
            None => out.write_all(chunk).await,
        }
        .map_err(|e| Error::io("write", &self.tmp, &e))?;
        self.hasher.update(chunk);
        let room = sniff::HEAD.saturating_sub(self.head.len()).min(chunk.len());
        self.head.extend_from_slice(&chunk[..room]);
        self.size = size;
        Ok(())
    }

    /// Bytes written so far.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Stores what was written: synced to disk, renamed into place, its record committed.
    pub async fn finish(mut self) -> Result<StoredFile> {
        let mut out = self.out.take().ok_or_else(|| Error::Storage("the upload was already finished".into()))?;
        let sha256 = hex::encode(std::mem::take(&mut self.hasher).finalize());
        if let Some(sealer) = self.sealer.take() {
            // Bound to its content's hash: it opens as no other file.
            let last = sealer.finish(sha256.as_bytes()).map_err(|e| Error::io("seal", &self.tmp, &e))?;
            out.write_all(&last).await.map_err(|e| Error::io("write", &self.tmp, &e))?;
        }
        out.flush().await.map_err(|e| Error::io("write", &self.tmp, &e))?;
        out.get_ref().sync_all().await.map_err(|e| Error::io("sync", &self.tmp, &e))?;
        drop(out);
        let target = self.engine.files().blob(&sha256);
        let record = StoredFile {
            id: FileId::new(self.engine.real_now()),
            owner_kind: self.new.owner_kind,
            owner_id: self.new.owner_id,
            sha256,
            size: self.size,
            declared_type: self.new.declared_type.as_deref().map(|t| crate::values::shorten(t.trim(), 100)),
            sniffed_type: sniff::media_type(&self.head).to_owned(),
            original_name: self.new.name.as_deref().and_then(sanitise_name),
            created_at: self.engine.now(self.scope),
        };
        let _blobs = self.engine.core.files.blobs.lock().await;
        if let Some(dir) = target.parent() {
            crate::private::create_dir_all(dir).map_err(|e| Error::io("create", dir, &e))?;
        }
        if tokio::fs::try_exists(&target).await.unwrap_or(false) {
            // The same content is stored already: keep that blob.
            remove_quietly(&self.tmp);
        } else {
            tokio::fs::rename(&self.tmp, &target).await.map_err(|e| Error::io("store", &target, &e))?;
        }
        self.finished = true;
        let (scope, stored) = (self.scope, record.clone());
        self.engine.core.db.write(move |conn| store::insert(conn, scope, &stored)).await?;
        Ok(record)
    }
}

impl Drop for Upload {
    fn drop(&mut self) {
        if !self.finished {
            remove_quietly(&self.tmp);
        }
    }
}

/// The name a blob is kept under: its SHA-256, or a keyed hash of it when the store is sealed.
pub(crate) fn blob_name(key: Option<&FileKey>, sha256: &str) -> String {
    match key {
        Some(key) => key.blob_name(sha256),
        None => sha256.to_owned(),
    }
}

/// Where the blob of the file with this SHA-256 is kept under the store's folder, sealed under
/// `keys` or plain: `<first two characters>/<name>` (for backups and conversions).
pub(crate) fn blob_relative(keys: Option<&crate::encryption::Unlocked>, sha256: &str) -> String {
    under_prefix(&blob_name(keys.map(|k| &**k.files()), sha256))
}

fn under_prefix(name: &str) -> String {
    format!("{}/{name}", name.get(..2).unwrap_or("00"))
}

fn blob_path(root: &Path, name: &str) -> PathBuf {
    root.join(under_prefix(name))
}

fn remove_quietly(path: &Path) {
    if let Err(e) = std::fs::remove_file(path)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        tracing::warn!(error = %e, path = %path.display(), "could not remove a stored file");
    }
}

fn bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 30 && n % (1 << 30) == 0 => format!("{} GiB", n >> 30),
        n if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{} MiB", n >> 20),
        n if n >= 1 << 10 && n % (1 << 10) == 0 => format!("{} KiB", n >> 10),
        n => format!("{n} bytes"),
    }
}

/// Removes old temporary files and old blobs no record names; returns how many.
fn sweep_dir(root: &Path, referenced: &std::collections::HashSet<String>) -> usize {
    let old = |p: &Path| {
        std::fs::metadata(p)
            .and_then(|m| m.modified())
            .map(|t| t.elapsed().unwrap_or_default() >= SWEEP_MIN_AGE)
            .unwrap_or(false)
    };
    let Ok(dirs) = std::fs::read_dir(root) else { return 0 };
    let mut removed = 0;
    for dir in dirs.flatten() {
        let is_tmp = dir.file_name() == TMP_DIR;
        let Ok(entries) = std::fs::read_dir(dir.path()) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if (is_tmp || !referenced.contains(&name)) && old(&path) {
                remove_quietly(&path);
                removed += 1;
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::EngineConfig;
    use crate::scope::Environment;
    use crate::time::ManualTime;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(bytes(1 << 30), "1 GiB");
        assert_eq!(bytes(10 << 20), "10 MiB");
        assert_eq!(bytes(1000), "1000 bytes");
    }

    async fn open(dir: &Path) -> (Engine, Scope) {
        let mut config = EngineConfig::new(dir);
        config.time = Arc::new(ManualTime::new("2026-03-01T09:00:00Z".parse().expect("time")));
        let engine = Engine::open(config).await.expect("opens");
        let org = match engine.organizations().bootstrap(&[]).await.expect("bootstrap") {
            Some(first) => first.organization.id,
            None => engine.organizations().list().await.expect("orgs")[0].id,
        };
        (engine, Scope::new(org, Environment::Sandbox))
    }

    fn new(owner: u128, limit: u64) -> NewFile {
        NewFile {
            owner_kind: OwnerKind::WatchlistUpload,
            owner_id: uuid::Uuid::from_u128(owner),
            declared_type: Some("text/csv".into()),
            name: Some("../lists/sdn.csv".into()),
            limit,
        }
    }

    async fn put(engine: &Engine, scope: Scope, owner: u128, content: &[u8]) -> StoredFile {
        let mut upload = engine.files().begin(scope, new(owner, 1 << 20)).await.expect("begin");
        for chunk in content.chunks(7) {
            upload.write(chunk).await.expect("write");
        }
        upload.finish().await.expect("finish")
    }

    fn entries(dir: &Path) -> usize {
        walk(dir)
    }

    fn walk(dir: &Path) -> usize {
        std::fs::read_dir(dir)
            .map(|d| d.flatten().map(|e| if e.path().is_dir() { walk(&e.path()) } else { 1 }).sum())
            .unwrap_or(0)
    }

    #[tokio::test]
    async fn a_stored_file_is_readable_after_restart_and_goes_with_its_owner() {
        let dir = tempfile::tempdir().expect("dir");
        let (engine, scope) = open(dir.path()).await;
        let content = b"name,country\nAcme Trading,DE\n";
        let stored = put(&engine, scope, 1, content).await;
        assert_eq!(stored.size, content.len() as u64);
        assert_eq!(stored.sha256, hex::encode(Sha256::digest(content)));
        assert_eq!((stored.sniffed_type.as_str(), stored.declared_type.as_deref()), ("text/plain", Some("text/csv")));
        assert_eq!(stored.original_name.as_deref(), Some("sdn.csv"));
        // The same content for another owner shares the blob.
        let twin = put(&engine, scope, 2, content).await;
        assert_eq!(engine.files().path(&twin), engine.files().path(&stored));
        engine.shutdown().await;
        drop(engine);

        let (engine, scope) = open(dir.path()).await;
        let (again, bytes) = engine.files().read(scope, stored.id).await.expect("read after restart");
        assert_eq!((again, bytes.as_slice()), (stored.clone(), &content[..]));
        // Another environment does not see it.
        let production = Scope::new(scope.organization, Environment::Production);
        assert!(matches!(engine.files().get(production, stored.id).await, Err(Error::NotFound { .. })));

        assert_eq!(
            engine.files().delete_owned(scope, OwnerKind::WatchlistUpload, stored.owner_id).await.expect("d"),
            1
        );
        assert!(matches!(engine.files().get(scope, stored.id).await, Err(Error::NotFound { .. })));
        assert!(engine.files().path(&stored).exists(), "still named by the twin");
        engine.files().delete_owned(scope, OwnerKind::WatchlistUpload, twin.owner_id).await.expect("delete");
        assert!(!engine.files().path(&stored).exists(), "gone with the last record naming it");
    }

    #[tokio::test]
    async fn a_sandbox_reset_takes_the_files_and_their_blobs() {
        let dir = tempfile::tempdir().expect("dir");
        let (engine, scope) = open(dir.path()).await;
        let stored = put(&engine, scope, 3, b"%PDF-1.7 a document").await;
        assert_eq!(stored.sniffed_type, "application/pdf");
        let summary = engine.sandbox().reset_data(scope).await.expect("reset");
        assert_eq!(summary.get("files"), 1);
        assert!(matches!(engine.files().get(scope, stored.id).await, Err(Error::NotFound { .. })));
        assert!(!engine.files().path(&stored).exists());
    }

    #[tokio::test]
    async fn an_upload_over_its_limit_or_abandoned_leaves_nothing_behind() {
        let dir = tempfile::tempdir().expect("dir");
        let (engine, scope) = open(dir.path()).await;
        let mut upload = engine.files().begin(scope, new(4, 10)).await.expect("begin");
        upload.write(b"0123456789").await.expect("at the limit");
        assert!(matches!(upload.write(b"x").await, Err(Error::TooLarge(_))));
        drop(upload);
        let mut abandoned = engine.files().begin(scope, new(5, 100)).await.expect("begin");
        abandoned.write(b"half a file").await.expect("write");
        drop(abandoned);
        assert_eq!(entries(&dir.path().join(FILES_DIR)), 0, "no temporary file, no blob");
        let owned = engine.files().owned(scope, OwnerKind::WatchlistUpload, uuid::Uuid::from_u128(4)).await;
        assert!(owned.expect("owned").is_empty(), "no record");
    }

    #[tokio::test]
    async fn the_sweep_removes_old_leftovers_only() {
        let dir = tempfile::tempdir().expect("dir");
        let (engine, scope) = open(dir.path()).await;
        let kept = put(&engine, scope, 6, b"kept").await;
        let root = dir.path().join(FILES_DIR);
        let orphan = blob_path(&root, &"ab".repeat(32));
        let leftover = root.join(TMP_DIR).join("leftover");
        let young = root.join(TMP_DIR).join("young");
        for p in [&orphan, &leftover, &young] {
            std::fs::create_dir_all(p.parent().expect("parent")).expect("dir");
            std::fs::write(p, b"x").expect("write");
        }
        let old = std::time::SystemTime::now() - Duration::from_secs(2 * 3600);
        for p in [&orphan, &leftover, engine.files().path(&kept).as_path()] {
            std::fs::File::options().write(true).open(p).expect("open").set_modified(old).expect("age");
        }
        assert_eq!(engine.files().sweep().await.expect("sweep"), 2);
        assert!(!orphan.exists() && !leftover.exists());
        assert!(young.exists(), "may be an upload in progress elsewhere");
        assert!(engine.files().path(&kept).exists(), "named by a record");
    }
}
