//! Encryption at rest: the database through SQLCipher, stored files sealed with an AEAD, both
//! under one key that never sits beside them.
//!
//! - [`key`]: the database key (64 hex digits or a passphrase) and the keys derived from it.
//! - [`sealed`]: the format of a sealed stored file.
//! - [`convert`]: `docket db encrypt` / `decrypt` / `rekey`, in place and crash-safe.
//!
//! Whether a database is encrypted is read from its file: a plain SQLite file starts with
//! `SQLite format 3`, an encrypted one with its random salt. A wrong key is refused before
//! anything is written, and a key given for a plain database (or none for an encrypted one) is
//! an error that says what to do, never a silent fallback.

pub mod convert;
pub mod key;
pub(crate) mod sealed;

use std::io::Read;
use std::path::Path;

pub use key::DatabaseKey;
pub(crate) use key::{FileKey, Unlocked};

use crate::error::{Error, Result};

/// What a plain SQLite database file starts with.
const PLAIN_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// The state of a database file on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtRest {
    /// No database yet (no file, or an empty one).
    New,
    /// A plain SQLite database.
    Plain,
    /// Encrypted (or not a database at all): the file starts with this salt.
    Encrypted([u8; key::SALT_LEN]),
}

impl AtRest {
    /// Reads the start of the database file at `path`.
    pub fn of(path: &Path) -> Result<AtRest> {
        let mut file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(AtRest::New),
            Err(e) => return Err(Error::Incompatible(format!("cannot read {}: {e}", path.display()))),
        };
        let mut head = [0u8; 16];
        let mut got = 0;
        while got < head.len() {
            match file.read(&mut head[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) => return Err(Error::Incompatible(format!("cannot read {}: {e}", path.display()))),
            }
        }
        Ok(match got {
            0 => AtRest::New,
            16 if &head == PLAIN_HEADER => AtRest::Plain,
            16 => AtRest::Encrypted(head),
            _ => AtRest::Plain, // a torn few bytes: SQLite itself says what is wrong
        })
    }

    pub fn is_encrypted(self) -> bool {
        matches!(self, AtRest::Encrypted(_))
    }
}

/// The keys to open the database at `path` with, given the key Docket was started with.
pub(crate) fn unlock(path: &Path, given: Option<&DatabaseKey>) -> Result<Option<Unlocked>> {
    match (AtRest::of(path)?, given) {
        (AtRest::New | AtRest::Plain, None) => Ok(None),
        (AtRest::New, Some(key)) => Ok(Some(key.unlock_new())),
        (AtRest::Encrypted(salt), Some(key)) => Ok(Some(key.unlock(salt))),
        (AtRest::Plain, Some(_)) => Err(Error::Incompatible(format!(
            "{} is not encrypted, but a database key was given: encrypt it with `docket db encrypt` (while Docket \
             is stopped), or start without the key",
            path.display()
        ))),
        (AtRest::Encrypted(_), None) => Err(Error::Incompatible(format!(
            "{} is encrypted: give its key with --database-key-file FILE or DOCKET_DATABASE_KEY (the desktop app \
             keeps it in the OS keychain)",
            path.display()
        ))),
    }
}

/// The message of a key that does not open its database.
pub(crate) fn wrong_key(path: &Path) -> Error {
    Error::Incompatible(format!(
        "the database key does not open {} (a different key, or the file is damaged); nothing was changed",
        path.display()
    ))
}

/// Checks that `key` opens the encrypted database at `path` (reading nothing else).
pub fn check_key(path: &Path, key: &DatabaseKey) -> Result<()> {
    let keys = unlock(path, Some(key))?;
    crate::db::connect(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY, keys.as_ref()).map(drop)
}
