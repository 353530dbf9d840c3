//! The default organization's API keys on the desktop. Docket stores only their hashes, so the
//! app keeps the one copy of each in the OS keychain (one entry per data directory and
//! environment), or, where there is no keychain, in `desktop-api-keys.json` in the data
//! directory, readable only by its owner. The menu copies them to the clipboard; the window
//! never sees them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use docket_engine::organizations::{CreatedKey, FirstRun};
use docket_engine::{Engine, Environment};
use serde::{Deserialize, Serialize};

use crate::keychain;

/// The fallback file in the data directory.
pub const KEYS_FILE: &str = "desktop-api-keys.json";

/// One kept key: its record's id (to tell whether it is still active) and the key itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Kept {
    id: String,
    secret: String,
}

impl From<&CreatedKey> for Kept {
    fn from(k: &CreatedKey) -> Self {
        Kept { id: k.key.id.to_string(), secret: k.secret.clone() }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Backend {
    Keychain,
    File,
}

/// Where the keys of one data directory are kept.
pub struct KeyStore {
    /// The data directory, canonical (it names the keychain entries).
    dir: PathBuf,
    backend: Backend,
    /// One copy or creation at a time, so that two quick clicks make at most one key.
    lock: tokio::sync::Mutex<()>,
}

impl KeyStore {
    /// The keychain when it answers, the file otherwise (said once in the log).
    pub fn open(data_dir: &Path) -> std::io::Result<KeyStore> {
        let dir = keychain::canonical_dir(data_dir)?;
        let backend = match keychain::get(&dir, &entry_name(Environment::Sandbox)) {
            Ok(_) => Backend::Keychain,
            Err(e) => {
                tracing::info!(
                    error = %e,
                    "no OS keychain; API keys are kept in {}, readable only by you",
                    dir.join(KEYS_FILE).display()
                );
                Backend::File
            }
        };
        Ok(KeyStore { dir, backend, lock: tokio::sync::Mutex::new(()) })
    }

    #[cfg(test)]
    fn file_only(data_dir: &Path) -> KeyStore {
        let dir = keychain::canonical_dir(data_dir).expect("data dir");
        KeyStore { dir, backend: Backend::File, lock: tokio::sync::Mutex::new(()) }
    }

    /// Where the keys are, for the log.
    pub fn describe(&self) -> String {
        match self.backend {
            Backend::Keychain => "the OS keychain".into(),
            Backend::File => self.file().display().to_string(),
        }
    }

    /// Keeps the keys a first start created.
    pub fn remember_first_run(&self, first: &FirstRun) {
        for k in &first.keys {
            self.put(k.key.environment, &Kept::from(k));
        }
    }

    fn file(&self) -> PathBuf {
        self.dir.join(KEYS_FILE)
    }

    /// The kept key of `env`: from the keychain, else from the file (an earlier start may have
    /// had no keychain).
    fn get(&self, env: Environment) -> Option<Kept> {
        if self.backend == Backend::Keychain {
            match keychain::get(&self.dir, &entry_name(env)) {
                Ok(Some(text)) => match serde_json::from_str(&text) {
                    Ok(kept) => return Some(kept),
                    Err(e) => tracing::warn!(error = %e, "ignoring an unreadable {env} key in the keychain"),
                },
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "could not read the {env} key from the keychain"),
            }
        }
        self.read_file().remove(env.as_str())
    }

    /// Keeps `kept` as the key of `env`: in the keychain, or in the file when the keychain
    /// refuses (said in the log).
    fn put(&self, env: Environment, kept: &Kept) {
        let text = match serde_json::to_string(kept) {
            Ok(text) => text,
            Err(e) => return tracing::error!(error = %e, "could not encode the {env} key"),
        };
        if self.backend == Backend::Keychain {
            match keychain::set(&self.dir, &entry_name(env), &text) {
                Ok(()) => return,
                Err(e) => tracing::warn!(
                    error = %e,
                    "the keychain refused the {env} key; keeping it in {} instead",
                    self.file().display()
                ),
            }
        }
        let mut all = self.read_file();
        all.insert(env.as_str().to_owned(), kept.clone());
        if let Err(e) = write_private(&self.file(), &all) {
            tracing::error!(error = %e, "could not keep the {env} key in {}", self.file().display());
        }
    }

    fn read_file(&self) -> BTreeMap<String, Kept> {
        match std::fs::read(self.file()) {
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                tracing::warn!(error = %e, "ignoring {}: not a key file", self.file().display());
                BTreeMap::new()
            }),
            Err(_) => BTreeMap::new(),
        }
    }
}

fn entry_name(env: Environment) -> String {
    format!("api-key:{}", env.as_str())
}

/// The default organization's key for `env`, to copy: the one pinned by
/// `DOCKET_{SANDBOX,PRODUCTION}_API_KEY`, else the kept one while it is still active, else a new
/// key made now and kept (the kept one was revoked, or the keys were made by `docket serve`,
/// which gave them to its user instead).
pub async fn api_key(engine: &Engine, store: &KeyStore, env: Environment) -> Result<String, docket_engine::Error> {
    let _one_at_a_time = store.lock.lock().await;
    if let Some((_, pinned)) = docket_api::server::pinned_keys_from_env().into_iter().find(|(e, _)| *e == env) {
        return Ok(pinned);
    }
    let org = engine.organizations().find(None).await?;
    if let Some(kept) = store.get(env) {
        let active = engine
            .keys()
            .list(Some(org.id))
            .await?
            .into_iter()
            .any(|k| k.id.to_string() == kept.id && k.environment == env && k.revoked_at.is_none());
        if active {
            return Ok(kept.secret);
        }
    }
    let created = engine.keys().create(org.id, env, &format!("Desktop {env} key")).await?;
    store.put(env, &Kept::from(&created));
    tracing::info!(hint = %created.key.hint, "made a new {env} API key and kept it in {}", store.describe());
    Ok(created.secret)
}

/// Writes `keys` to `path`, readable only by its owner, replacing the file in one step.
fn write_private(path: &Path, keys: &BTreeMap<String, Kept>) -> std::io::Result<()> {
    use std::io::Write;
    let text = serde_json::to_vec_pretty(keys).map_err(std::io::Error::other)?;
    let tmp = path.with_extension("json.tmp");
    let mut file = docket_engine::private::file_options().write(true).create(true).truncate(true).open(&tmp)?;
    docket_engine::private::tighten_file(&tmp)?;
    file.write_all(&text)?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use docket_engine::EngineConfig;

    use super::*;

    async fn engine(dir: &Path) -> (Engine, Option<FirstRun>) {
        let engine = Engine::open(EngineConfig::new(dir)).await.expect("engine opens");
        let first = engine.organizations().bootstrap(&[]).await.expect("bootstrap");
        (engine, first)
    }

    #[tokio::test]
    async fn first_run_keys_are_kept_and_copied_until_revoked() {
        if std::env::var_os("DOCKET_SANDBOX_API_KEY").is_some() {
            return; // a pinned key would be copied instead
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let (engine, first) = engine(dir.path()).await;
        let first = first.expect("a new data directory makes keys");
        let store = KeyStore::file_only(dir.path());
        store.remember_first_run(&first);

        let made = first.keys.iter().find(|k| k.key.environment == Environment::Sandbox).expect("a sandbox key");
        let copied = api_key(&engine, &store, Environment::Sandbox).await.expect("copies");
        assert_eq!(copied, made.secret);
        assert_eq!(engine.keys().list(None).await.expect("lists").len(), 2, "copying makes no key");

        engine.keys().revoke(made.key.id).await.expect("revokes");
        let fresh = api_key(&engine, &store, Environment::Sandbox).await.expect("makes a new key");
        assert_ne!(fresh, made.secret);
        assert!(fresh.starts_with("dk_sandbox_"));
        assert_eq!(engine.keys().authenticate(&fresh).await.expect("works").scope.environment, Environment::Sandbox);
        assert_eq!(api_key(&engine, &store, Environment::Sandbox).await.expect("copies"), fresh, "kept");
        engine.shutdown().await;
    }

    #[tokio::test]
    async fn without_a_kept_key_one_is_made_once() {
        if std::env::var_os("DOCKET_PRODUCTION_API_KEY").is_some() {
            return;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let (engine, _) = engine(dir.path()).await; // keys made elsewhere (as by `docket serve`)
        let store = KeyStore::file_only(dir.path());
        let a = api_key(&engine, &store, Environment::Production).await.expect("makes one");
        let b = api_key(&engine, &store, Environment::Production).await.expect("copies it");
        assert_eq!(a, b);
        assert!(a.starts_with("dk_production_"));
        assert_eq!(engine.keys().list(None).await.expect("lists").len(), 3);
        engine.shutdown().await;
    }

    #[cfg(unix)]
    #[test]
    fn the_fallback_file_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let store = KeyStore::file_only(dir.path());
        let kept = Kept { id: "k".into(), secret: "dk_sandbox_x".into() };
        store.put(Environment::Sandbox, &kept);
        let mode = std::fs::metadata(dir.path().join(KEYS_FILE)).expect("written").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(store.get(Environment::Sandbox), Some(kept));
        assert_eq!(store.get(Environment::Production), None);
    }
}
