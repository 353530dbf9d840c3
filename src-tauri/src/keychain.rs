//! Secrets in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service
//! on Linux): the database key, the webhook master key and the default organization's API keys,
//! so that the desktop app keeps no key file beside its data. Each entry is named after the canonical path
//! of its data directory, so two data directories never share a secret.
//!
//! `DOCKET_KEYCHAIN=off` keeps everything in files in the data directory instead (tests, and
//! sessions whose keychain would prompt).

use std::path::{Path, PathBuf};

use docket_api::server::{MASTER_KEY_FILE, MasterKeySource};
use docket_engine::DATABASE_FILE;
use docket_engine::encryption::{AtRest, DatabaseKey, convert};
use docket_engine::webhooks::MasterKey;

const SERVICE: &str = "dev.docket.desktop";

/// Whether the keychain may be used at all (`DOCKET_KEYCHAIN=off` says no).
pub fn allowed() -> bool {
    !matches!(std::env::var("DOCKET_KEYCHAIN").as_deref(), Ok("off" | "0" | "false" | "no"))
}

/// A data directory's canonical path (created if missing): the same however it is reached.
pub fn canonical_dir(data_dir: &Path) -> std::io::Result<PathBuf> {
    docket_engine::private::create_dir_all(data_dir)?;
    std::fs::canonicalize(data_dir)
}

/// The keychain entry `what` of the data directory `dir` (canonical).
pub fn entry(dir: &Path, what: &str) -> Result<keyring::Entry, keyring::Error> {
    if !allowed() {
        return Err(keyring::Error::NoStorageAccess("DOCKET_KEYCHAIN=off".into()));
    }
    keyring::Entry::new(SERVICE, &format!("{what}:{}", dir.display()))
}

/// Reads an entry; `Ok(None)` when the keychain answers that there is none.
pub fn get(dir: &Path, what: &str) -> Result<Option<String>, keyring::Error> {
    match entry(dir, what)?.get_password() {
        Ok(text) => Ok(Some(text)),
        Err(keyring::Error::NoEntry) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Writes (or replaces) an entry.
pub fn set(dir: &Path, what: &str, value: &str) -> Result<(), keyring::Error> {
    entry(dir, what)?.set_password(value)
}

/// Where this start's master key comes from, in order: `DOCKET_MASTER_KEY`; a `master.key`
/// the data directory already has (the directory was made with it, and a different key could
/// not open its secrets); the keychain entry for this data directory, made at first use; and,
/// when no keychain answers (a headless session, say), a new `master.key` file.
pub fn master_key_source(data_dir: &Path) -> Result<MasterKeySource, String> {
    if let Ok(text) = std::env::var("DOCKET_MASTER_KEY") {
        return MasterKey::parse(&text).map(MasterKeySource::Given).map_err(|e| format!("DOCKET_MASTER_KEY: {e}"));
    }
    if data_dir.join(MASTER_KEY_FILE).exists() {
        return Ok(MasterKeySource::File);
    }
    match master_key_from_keychain(data_dir) {
        Ok(key) => Ok(MasterKeySource::Given(key)),
        Err(e) => {
            tracing::info!(error = %e, "no OS keychain; the master key is kept in {MASTER_KEY_FILE}");
            Ok(MasterKeySource::File)
        }
    }
}

fn master_key_from_keychain(data_dir: &Path) -> Result<MasterKey, keyring::Error> {
    let dir = canonical_dir(data_dir).map_err(|e| keyring::Error::PlatformFailure(Box::new(e)))?;
    match get(&dir, "master-key")? {
        Some(text) => MasterKey::parse(&text).map_err(|e| keyring::Error::Invalid("master key".into(), e)),
        None => {
            let key = MasterKey::generate();
            set(&dir, "master-key", &key.to_hex())?;
            Ok(key)
        }
    }
}

/// The keychain entry of the database key.
const DATABASE_KEY: &str = "database-key";

/// The database key of this start, in order: `DOCKET_DATABASE_KEY`; the keychain's key for this
/// data directory; for a new data directory, a new key kept in the keychain; for a plain
/// database made before, a new key kept in the keychain, the database and its files encrypted
/// in place with it first. When no keychain answers, none: Docket runs unencrypted, says so in
/// its log, and the Data & privacy page says so too.
pub fn database_key(data_dir: &Path) -> Result<Option<DatabaseKey>, String> {
    if let Ok(text) = std::env::var("DOCKET_DATABASE_KEY") {
        return DatabaseKey::parse(&text).map(Some).map_err(|e| format!("DOCKET_DATABASE_KEY: {e}"));
    }
    let dir = canonical_dir(data_dir).map_err(|e| format!("cannot create {}: {e}", data_dir.display()))?;
    // A conversion a crash interrupted is finished (or undone) first: the file then says what it is.
    convert::recover(data_dir).map_err(|e| e.to_string())?;
    let at_rest = AtRest::of(&data_dir.join(DATABASE_FILE)).map_err(|e| e.to_string())?;
    decide_database_key(&Keychain(dir), data_dir, at_rest)
}

/// One keychain entry, as the database key's choice needs it.
trait Secret {
    fn get(&self) -> Result<Option<String>, keyring::Error>;
    fn set(&self, value: &str) -> Result<(), keyring::Error>;
    fn delete(&self);
}

struct Keychain(PathBuf);

impl Secret for Keychain {
    fn get(&self) -> Result<Option<String>, keyring::Error> {
        get(&self.0, DATABASE_KEY)
    }
    fn set(&self, value: &str) -> Result<(), keyring::Error> {
        set(&self.0, DATABASE_KEY, value)
    }
    fn delete(&self) {
        if let Ok(entry) = entry(&self.0, DATABASE_KEY) {
            let _ = entry.delete_credential();
        }
    }
}

fn decide_database_key(secret: &impl Secret, data_dir: &Path, at_rest: AtRest) -> Result<Option<DatabaseKey>, String> {
    let kept = match secret.get() {
        Ok(kept) => kept,
        Err(e) if at_rest.is_encrypted() => {
            return Err(format!(
                "the database is encrypted and the OS keychain cannot be read ({e}): set DOCKET_DATABASE_KEY to its key"
            ));
        }
        Err(e) => {
            tracing::warn!(error = %e, "no OS keychain: the database and stored files are kept UNENCRYPTED");
            return Ok(None);
        }
    };
    let (key, made) = match kept {
        Some(text) => (DatabaseKey::parse(&text).map_err(|e| format!("the keychain's database key: {e}"))?, false),
        None if at_rest.is_encrypted() => {
            return Err(
                "the database is encrypted, but the OS keychain holds no key for it: set DOCKET_DATABASE_KEY to its key"
                    .into(),
            );
        }
        None => {
            let key = DatabaseKey::generate();
            let text = key.to_text();
            // Read back: a keychain that accepts a secret and drops it would lose the data.
            let kept = secret.set(&text).and_then(|()| secret.get());
            if !matches!(&kept, Ok(Some(back)) if back.as_str() == text.as_str()) {
                tracing::warn!("the OS keychain did not keep a key: the database is kept UNENCRYPTED");
                secret.delete();
                return Ok(None);
            }
            (key, true)
        }
    };
    if at_rest == AtRest::Plain {
        match convert::convert(data_dir, None, Some(&key)) {
            Ok(done) => tracing::info!(files = done.files, "encrypted the database and its stored files in place"),
            Err(e) => {
                // Past its marker a conversion is decided, even if a later step failed: the
                // database is (or will be, at the next open) under this key, which must stay.
                let _ = convert::recover(data_dir);
                let now = AtRest::of(&data_dir.join(DATABASE_FILE)).map_err(|e| e.to_string())?;
                if now.is_encrypted() || convert::pending(data_dir) {
                    tracing::warn!(error = %e, "the database was encrypted, but finishing the conversion reported an error");
                    return Ok(Some(key));
                }
                tracing::warn!(error = %e, "could not encrypt the database: it stays UNENCRYPTED");
                if made {
                    secret.delete();
                }
                return Ok(None);
            }
        }
    }
    Ok(Some(key))
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;

    /// A keychain in memory; `broken` ones answer nothing, `forgetful` ones drop what they keep.
    #[derive(Default)]
    struct Fake {
        kept: RefCell<Option<String>>,
        broken: bool,
        forgetful: bool,
    }

    impl Secret for Fake {
        fn get(&self) -> Result<Option<String>, keyring::Error> {
            if self.broken {
                return Err(keyring::Error::NoStorageAccess("no keychain".into()));
            }
            Ok(self.kept.borrow().clone())
        }
        fn set(&self, value: &str) -> Result<(), keyring::Error> {
            if !self.forgetful {
                *self.kept.borrow_mut() = Some(value.to_owned());
            }
            Ok(())
        }
        fn delete(&self) {
            *self.kept.borrow_mut() = None;
        }
    }

    async fn plain_database(dir: &Path) {
        let engine = docket_engine::Engine::open(docket_engine::EngineConfig::new(dir)).await.expect("opens");
        engine.shutdown().await;
    }

    #[test]
    fn a_new_directory_gets_a_kept_key_and_no_keychain_means_unencrypted() {
        let dir = tempfile::tempdir().expect("temp dir");
        let keychain = Fake::default();
        let key = decide_database_key(&keychain, dir.path(), AtRest::New).expect("decides").expect("a key");
        assert_eq!(keychain.kept.borrow().as_deref(), Some(key.to_text().as_str()));
        let again = decide_database_key(&keychain, dir.path(), AtRest::New).expect("decides").expect("the same key");
        assert_eq!(again.to_text(), key.to_text());

        for keychain in [Fake { broken: true, ..Fake::default() }, Fake { forgetful: true, ..Fake::default() }] {
            assert!(decide_database_key(&keychain, dir.path(), AtRest::New).expect("decides").is_none());
            assert!(keychain.kept.borrow().is_none());
        }
        let encrypted = AtRest::Encrypted([1; 16]);
        let refused = decide_database_key(&Fake::default(), dir.path(), encrypted).expect_err("no key for it");
        assert!(refused.contains("DOCKET_DATABASE_KEY"), "{refused}");
    }

    #[test]
    fn a_plain_database_is_encrypted_in_place_with_the_new_key() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::thread::spawn({
            let dir = dir.path().to_owned();
            move || tokio::runtime::Runtime::new().expect("rt").block_on(plain_database(&dir))
        })
        .join()
        .expect("made a plain database");
        let database = dir.path().join(DATABASE_FILE);
        // The engine's threads close the database a moment after its runtime is gone.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let keychain = Fake::default();
        let key = loop {
            match decide_database_key(&keychain, dir.path(), AtRest::Plain).expect("decides") {
                Some(key) => break key,
                None => {
                    assert!(std::time::Instant::now() < deadline, "never encrypted");
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
            }
        };
        assert!(AtRest::of(&database).expect("reads").is_encrypted());
        docket_engine::encryption::check_key(&database, &key).expect("the kept key opens it");
    }

    #[test]
    fn a_data_directory_with_a_key_file_keeps_using_it() {
        // Its secrets are sealed with that key; a keychain key could not open them.
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join(MASTER_KEY_FILE), MasterKey::generate().to_hex()).expect("writes");
        if std::env::var_os("DOCKET_MASTER_KEY").is_none() {
            assert!(matches!(master_key_source(dir.path()), Ok(MasterKeySource::File)));
        }
    }
}
