//! The database key, and the keys derived from it.
//!
//! A key is either 32 random bytes written as 64 hex digits (`docket db keygen` makes one; the
//! desktop app keeps one in the OS keychain), used as SQLCipher's raw key, or a passphrase of at
//! least [`MIN_PASSPHRASE`] characters, stretched exactly as SQLCipher 4 stretches one
//! (PBKDF2-HMAC-SHA512, 256,000 iterations, over the 16-byte salt that starts the database
//! file). So the `sqlcipher` shell opens a Docket database too, with `PRAGMA key = '…'` (and
//! `PRAGMA cipher_page_size = 16384`). Docket stretches a passphrase once per open and gives
//! every connection the result, instead of paying the stretch per connection.
//!
//! The file store's key is derived from the database's (HMAC-SHA256 under a label); neither is
//! ever written anywhere by Docket.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use chacha20poly1305::XChaCha20Poly1305;
use chacha20poly1305::aead::KeyInit;
use hmac::{Hmac, Mac};
use rand::RngExt;
use sha2::{Sha256, Sha512};
use zeroize::Zeroizing;

/// The shortest passphrase accepted, in characters.
pub const MIN_PASSPHRASE: usize = 12;
/// The length of the salt at the start of an encrypted database file.
pub const SALT_LEN: usize = 16;
/// SQLCipher 4's stretch of a passphrase.
const KDF_ITERATIONS: u32 = 256_000;
/// The label of the file store's key.
const FILES_LABEL: &[u8] = b"docket file store v1";

/// A database key, as given. Its `Debug` shows nothing of it.
#[derive(Clone)]
pub struct DatabaseKey(Secret);

#[derive(Clone)]
enum Secret {
    Raw(Zeroizing<[u8; 32]>),
    Passphrase(Zeroizing<String>),
}

impl DatabaseKey {
    /// A new random key.
    pub fn generate() -> Self {
        let mut key = Zeroizing::new([0u8; 32]);
        rand::rng().fill(&mut key[..]);
        DatabaseKey(Secret::Raw(key))
    }

    /// Parses a key: 64 hex digits, or a passphrase. Surrounding white space (the newline a key
    /// file ends with) is not part of it.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            let mut key = Zeroizing::new([0u8; 32]);
            hex::decode_to_slice(text, &mut key[..]).map_err(|e| format!("the key's hex digits: {e}"))?;
            return Ok(DatabaseKey(Secret::Raw(key)));
        }
        if text.is_empty() {
            return Err("the database key is empty".to_owned());
        }
        if text.chars().count() < MIN_PASSPHRASE {
            return Err(format!(
                "a passphrase needs at least {MIN_PASSPHRASE} characters (or give 64 hex digits: `docket db keygen` makes a key)"
            ));
        }
        Ok(DatabaseKey(Secret::Passphrase(Zeroizing::new(text.to_owned()))))
    }

    /// Reads a key file (its first line is the key).
    pub fn from_file(path: &Path) -> Result<Self, String> {
        let text = Zeroizing::new(
            std::fs::read_to_string(path).map_err(|e| format!("cannot read the key file {}: {e}", path.display()))?,
        );
        let first = text.lines().next().unwrap_or("");
        DatabaseKey::parse(first).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Whether it is a passphrase (else 64 hex digits).
    pub fn is_passphrase(&self) -> bool {
        matches!(self.0, Secret::Passphrase(_))
    }

    /// The key as text, to keep (the keychain, a key file).
    pub fn to_text(&self) -> Zeroizing<String> {
        match &self.0 {
            Secret::Raw(key) => Zeroizing::new(hex::encode(&key[..])),
            Secret::Passphrase(p) => p.clone(),
        }
    }

    /// The keys of a new database file, with a new random salt.
    pub(crate) fn unlock_new(&self) -> Unlocked {
        let mut salt = [0u8; SALT_LEN];
        rand::rng().fill(&mut salt[..]);
        self.unlock(salt)
    }

    /// The keys of the database whose file starts with `salt`.
    pub(crate) fn unlock(&self, salt: [u8; SALT_LEN]) -> Unlocked {
        let raw = match &self.0 {
            Secret::Raw(key) => key.clone(),
            Secret::Passphrase(p) => pbkdf2_sha512(p.as_bytes(), &salt, KDF_ITERATIONS),
        };
        // SQLCipher's raw form with an explicit salt: `x'<key><salt>'`. A new file takes this
        // salt; an existing one was read for it.
        let pragma = Zeroizing::new(format!("x'{}{}'", hex::encode(&raw[..]), hex::encode(salt)));
        let mut files = Zeroizing::new([0u8; 32]);
        files.copy_from_slice(&hmac_sha256(&raw[..], FILES_LABEL)[..]);
        Unlocked { pragma: Arc::new(pragma), files: Arc::new(FileKey(files)) }
    }
}

impl fmt::Debug for DatabaseKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Secret::Raw(_) => "DatabaseKey(raw, [redacted])",
            Secret::Passphrase(_) => "DatabaseKey(passphrase, [redacted])",
        })
    }
}

/// The keys of one open database.
#[derive(Clone)]
pub(crate) struct Unlocked {
    /// What `PRAGMA key` is given.
    pragma: Arc<Zeroizing<String>>,
    files: Arc<FileKey>,
}

impl Unlocked {
    pub(crate) fn pragma(&self) -> &str {
        self.pragma.as_str()
    }

    pub(crate) fn files(&self) -> &Arc<FileKey> {
        &self.files
    }
}

/// The key that seals stored files, and names them (see `files::sealed`).
pub(crate) struct FileKey(Zeroizing<[u8; 32]>);

impl FileKey {
    pub(crate) fn cipher(&self) -> XChaCha20Poly1305 {
        XChaCha20Poly1305::new((&*self.0).into())
    }

    /// The name a stored file's content is kept under: keyed, so that the name of a blob does
    /// not tell whether a known document is stored.
    pub(crate) fn blob_name(&self, sha256: &str) -> String {
        hex::encode(hmac_sha256(&self.0[..], sha256.as_bytes()))
    }
}

impl fmt::Debug for FileKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FileKey([redacted])")
    }
}

fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut mac =
        <Hmac<Sha256> as hmac::KeyInit>::new_from_slice(key).unwrap_or_else(|_| unreachable!("HMAC takes any key"));
    mac.update(message);
    mac.finalize().into_bytes().into()
}

/// PBKDF2 with HMAC-SHA512, one 64-byte block, of which the first 32 bytes are the key.
fn pbkdf2_sha512(password: &[u8], salt: &[u8], iterations: u32) -> Zeroizing<[u8; 32]> {
    let prf = <Hmac<Sha512> as hmac::KeyInit>::new_from_slice(password)
        .unwrap_or_else(|_| unreachable!("HMAC takes any key"));
    let mut mac = prf.clone();
    mac.update(salt);
    mac.update(&1u32.to_be_bytes());
    let mut u = Zeroizing::new(<[u8; 64]>::from(mac.finalize().into_bytes()));
    let mut t = u.clone();
    for _ in 1..iterations {
        let mut mac = prf.clone();
        mac.update(&u[..]);
        u.copy_from_slice(&mac.finalize().into_bytes());
        t.iter_mut().zip(u.iter()).for_each(|(t, u)| *t ^= u);
    }
    let mut key = Zeroizing::new([0u8; 32]);
    key.copy_from_slice(&t[..32]);
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_parse_as_hex_or_passphrase_and_refuse_short_ones() {
        let hex = "ab".repeat(32);
        assert!(matches!(DatabaseKey::parse(&format!("{hex}\n")).map(|k| k.0), Ok(Secret::Raw(_))));
        assert!(matches!(DatabaseKey::parse("correct horse battery").map(|k| k.0), Ok(Secret::Passphrase(_))));
        assert!(DatabaseKey::parse("short").expect_err("too short").contains("at least 12"));
        assert!(DatabaseKey::parse("  \n").expect_err("empty").contains("empty"));
        assert_eq!(DatabaseKey::parse(&hex).map(|k| k.to_text().to_string()), Ok(hex));
        assert!(!format!("{:?}", DatabaseKey::parse("correct horse battery")).contains("horse"));
    }

    #[test]
    fn pbkdf2_matches_a_published_vector() {
        // RFC 6070's inputs, SHA-512 (the vector most libraries test): 1 iteration.
        let key = pbkdf2_sha512(b"password", b"salt", 1);
        assert_eq!(hex::encode(&key[..]), "867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252");
        let key = pbkdf2_sha512(b"password", b"salt", 2);
        assert_eq!(hex::encode(&key[..]), "e1d9c16aa681708a45f5c7c4e215ceb66e011a2e9f0040713f18aefdb866d53c");
    }

    #[test]
    fn a_raw_key_opens_the_same_whatever_the_salt_and_file_names_are_keyed() {
        let key = DatabaseKey::generate();
        let (a, b) = (key.unlock([1; SALT_LEN]), key.unlock([2; SALT_LEN]));
        assert_eq!(a.files.blob_name("abc"), b.files.blob_name("abc"));
        assert_ne!(a.files.blob_name("abc"), DatabaseKey::generate().unlock([1; SALT_LEN]).files.blob_name("abc"));
        assert!(a.pragma().starts_with("x'") && a.pragma().len() == 2 + 96 + 1);
    }
}
