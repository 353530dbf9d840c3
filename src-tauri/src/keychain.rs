//! Secrets in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service
//! on Linux): the webhook master key and the default organization's API keys, so that the
//! desktop app keeps no key file beside its data. Each entry is named after the canonical path
//! of its data directory, so two data directories never share a secret.
//!
//! `DOCKET_KEYCHAIN=off` keeps everything in files in the data directory instead (tests, and
//! sessions whose keychain would prompt).

use std::path::{Path, PathBuf};

use docket_api::server::{MASTER_KEY_FILE, MasterKeySource};
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

#[cfg(test)]
mod tests {
    use super::*;

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
