//! The webhook master key in the OS keychain (macOS Keychain, Windows Credential Manager, the
//! Secret Service on Linux), so that the desktop app keeps no key file beside its data.

use std::path::Path;

use docket_api::server::{MASTER_KEY_FILE, MasterKeySource};
use docket_engine::webhooks::MasterKey;

const SERVICE: &str = "dev.docket.desktop";

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
    match from_keychain(data_dir) {
        Ok(key) => Ok(MasterKeySource::Given(key)),
        Err(e) => {
            tracing::info!(error = %e, "no OS keychain; the master key is kept in {MASTER_KEY_FILE}");
            Ok(MasterKeySource::File)
        }
    }
}

/// One entry per data directory: each directory's secrets are sealed with its own key.
fn from_keychain(data_dir: &Path) -> Result<MasterKey, keyring::Error> {
    // The directory's canonical path names the entry, the same however it is reached.
    let dir = std::fs::create_dir_all(data_dir)
        .and_then(|()| std::fs::canonicalize(data_dir))
        .map_err(|e| keyring::Error::PlatformFailure(Box::new(e)))?;
    let entry = keyring::Entry::new(SERVICE, &format!("master-key:{}", dir.display()))?;
    match entry.get_password() {
        Ok(text) => MasterKey::parse(&text).map_err(|e| keyring::Error::Invalid("master key".into(), e)),
        Err(keyring::Error::NoEntry) => {
            let key = MasterKey::generate();
            entry.set_password(&key.to_hex())?;
            Ok(key)
        }
        Err(e) => Err(e),
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
