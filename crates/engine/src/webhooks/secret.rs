//! Signing secrets, and the master key that encrypts them at rest.
//!
//! The engine must sign every delivery, so it keeps each endpoint's secret, but only encrypted
//! (XChaCha20-Poly1305, a random 24-byte nonce per secret, the webhook id as associated data so
//! a ciphertext cannot be moved to another endpoint). The master key never enters the database:
//! the desktop app keeps it in the OS keychain, `docket serve` in a file only its owner can read
//! or in `DOCKET_MASTER_KEY`. A check value in the database tells a wrong key from a right one.

use std::fmt;

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use rand::RngExt;

use crate::error::{Error, Result};

/// The prefix of a signing secret's text.
pub const SECRET_PREFIX: &str = "whsec_";

/// A signing secret: the HMAC key. Docket makes 32 random bytes; any even-length hex after the
/// prefix parses (receivers may hold shorter ones).
#[derive(Clone, PartialEq, Eq)]
pub struct SigningSecret(Vec<u8>);

impl SigningSecret {
    pub fn generate() -> Self {
        let mut bytes = vec![0u8; 32];
        rand::rng().fill(&mut bytes[..]);
        SigningSecret(bytes)
    }

    /// Parses `whsec_<hex>`.
    pub fn parse(text: &str) -> std::result::Result<Self, String> {
        let hex_part = text
            .trim()
            .strip_prefix(SECRET_PREFIX)
            .ok_or_else(|| format!("a signing secret starts with `{SECRET_PREFIX}`"))?;
        let bytes = hex::decode(hex_part)
            .map_err(|_| format!("the part after `{SECRET_PREFIX}` must be hex digits (an even number of them)"))?;
        if bytes.is_empty() {
            return Err(format!("the secret has no key after `{SECRET_PREFIX}`"));
        }
        Ok(SigningSecret(bytes))
    }

    /// A secret from its key bytes (as decrypted from storage).
    pub(crate) fn from_bytes(bytes: Vec<u8>) -> Self {
        SigningSecret(bytes)
    }

    /// The HMAC key.
    pub fn key(&self) -> &[u8] {
        &self.0
    }

    /// `whsec_<hex>`: the form shown to the user, once.
    pub fn reveal(&self) -> String {
        format!("{SECRET_PREFIX}{}", hex::encode(&self.0))
    }
}

impl fmt::Debug for SigningSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SigningSecret([redacted])")
    }
}

/// The key that encrypts signing secrets: 32 bytes, written as 64 hex digits.
#[derive(Clone)]
pub struct MasterKey([u8; 32]);

/// What the check value encrypts.
const CHECK_TEXT: &[u8] = b"docket master key check";
const CHECK_CONTEXT: &[u8] = b"check";
const NONCE_LEN: usize = 24;

impl MasterKey {
    pub fn generate() -> Self {
        let mut key = [0u8; 32];
        rand::rng().fill(&mut key[..]);
        MasterKey(key)
    }

    /// Parses 64 hex digits.
    pub fn parse(text: &str) -> std::result::Result<Self, String> {
        let bytes = hex::decode(text.trim()).map_err(|_| "a master key is 64 hex digits".to_owned())?;
        let key: [u8; 32] = bytes.try_into().map_err(|_| "a master key is 64 hex digits (32 bytes)".to_owned())?;
        Ok(MasterKey(key))
    }

    /// The 64 hex digits, to store in a keychain or file.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    fn cipher(&self) -> XChaCha20Poly1305 {
        XChaCha20Poly1305::new((&self.0).into())
    }

    /// Encrypts `plain`, bound to `context` (which must be given again to decrypt).
    pub(crate) fn seal(&self, plain: &[u8], context: &[u8]) -> Result<Vec<u8>> {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill(&mut nonce[..]);
        let sealed = self
            .cipher()
            .encrypt(XNonce::from_slice(&nonce), Payload { msg: plain, aad: context })
            .map_err(|_| Error::Storage("encryption failed".into()))?;
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        Ok(out)
    }

    /// Decrypts what [`Self::seal`] made with the same context.
    pub(crate) fn open(&self, sealed: &[u8], context: &[u8]) -> Result<Vec<u8>> {
        if sealed.len() < NONCE_LEN {
            return Err(Error::Storage("an encrypted secret is truncated".into()));
        }
        let (nonce, body) = sealed.split_at(NONCE_LEN);
        self.cipher().decrypt(XNonce::from_slice(nonce), Payload { msg: body, aad: context }).map_err(|_| {
            Error::Storage("an encrypted secret does not open with this master key (was the key replaced?)".into())
        })
    }

    /// A value stored once per database, so that opening it with another key is noticed.
    /// A key for another purpose, derived from this one (HMAC-SHA256 of the purpose's name):
    /// the master key itself is used for nothing else.
    pub(crate) fn derive(&self, purpose: &[u8]) -> [u8; 32] {
        use hmac::{Hmac, KeyInit, Mac};
        let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(&self.0).unwrap_or_else(|_| unreachable!());
        mac.update(purpose);
        mac.finalize().into_bytes().into()
    }

    pub(crate) fn check_value(&self) -> Result<Vec<u8>> {
        self.seal(CHECK_TEXT, CHECK_CONTEXT)
    }

    /// Whether `check` was made by this key.
    pub(crate) fn matches(&self, check: &[u8]) -> bool {
        self.open(check, CHECK_CONTEXT).is_ok_and(|t| t == CHECK_TEXT)
    }
}

impl fmt::Debug for MasterKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MasterKey([redacted])")
    }
}

/// Reads the master key from a file, or makes one and writes it there, readable only by its
/// owner. For headless use; the desktop app uses the OS keychain.
pub fn load_or_create_key_file(path: &std::path::Path) -> Result<MasterKey> {
    match std::fs::read_to_string(path) {
        Ok(text) => MasterKey::parse(&text).map_err(|e| Error::Incompatible(format!("{}: {e}", path.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = MasterKey::generate();
            write_private(path, &format!("{}\n", key.to_hex()))
                .map_err(|e| Error::Incompatible(format!("cannot write the master key to {}: {e}", path.display())))?;
            Ok(key)
        }
        Err(e) => Err(Error::Incompatible(format!("cannot read the master key {}: {e}", path.display()))),
    }
}

/// Creates a file only its owner can read; refuses to overwrite one.
fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = crate::private::file_options().write(true).create_new(true).open(path)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_print_as_whsec_hex_and_parse_back() {
        let s = SigningSecret::generate();
        let text = s.reveal();
        assert!(text.starts_with("whsec_") && text.len() == 6 + 64, "{text}");
        assert_eq!(SigningSecret::parse(&text).ok(), Some(s.clone()));
        assert!(!format!("{s:?}").contains(&text[6..]));
        assert!(SigningSecret::parse("0123").is_err());
        assert!(SigningSecret::parse("whsec_xyz").is_err());
        assert!(SigningSecret::parse("whsec_").is_err());
    }

    #[test]
    fn sealed_secrets_open_only_with_their_key_and_context() {
        let key = MasterKey::generate();
        let sealed = key.seal(b"secret", b"webhook-1").expect("seal");
        assert_eq!(key.open(&sealed, b"webhook-1").expect("open"), b"secret");
        assert!(key.open(&sealed, b"webhook-2").is_err());
        assert!(MasterKey::generate().open(&sealed, b"webhook-1").is_err());
        assert!(key.open(&sealed[..10], b"webhook-1").is_err());
        let check = key.check_value().expect("check");
        assert!(key.matches(&check) && !MasterKey::generate().matches(&check));
    }

    #[test]
    fn master_keys_round_trip_through_hex_and_files() {
        let key = MasterKey::generate();
        assert_eq!(MasterKey::parse(&key.to_hex()).map(|k| k.0).ok(), Some(key.0));
        assert!(MasterKey::parse("abcd").is_err());
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("master.key");
        let made = load_or_create_key_file(&path).expect("create");
        let read = load_or_create_key_file(&path).expect("read");
        assert_eq!(made.0, read.0);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
