//! One-time codes: six digits from the operating system's CSPRNG, kept only as an HMAC-SHA256
//! (a random salt per code, and a key derived from the server's master key when it has one, so
//! that the database alone does not reveal codes), compared in constant time.

use hmac::{Hmac, KeyInit, Mac};
use rand::RngExt;
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// How long a code is valid (minutes).
pub const VALID_MINUTES: i64 = 10;
/// How long after a code is sent another may be asked for (seconds).
pub const RESEND_COOLDOWN_SECONDS: i64 = 60;

/// A fresh code.
pub fn generate() -> String {
    let n: u32 = rand::rng().random_range(0..1_000_000);
    format!("{n:06}")
}

/// A fresh salt.
pub fn salt() -> Vec<u8> {
    rand::random::<[u8; 16]>().to_vec()
}

/// The stored form of a code.
pub fn hash(code: &str, salt: &[u8], pepper: Option<&[u8; 32]>) -> Vec<u8> {
    let key: &[u8] = match pepper {
        Some(p) => p,
        None => b"docket-email-otp",
    };
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).unwrap_or_else(|_| unreachable!("HMAC takes any key"));
    mac.update(salt);
    mac.update(code.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// Whether `sent` is the code stored as `stored`.
pub fn matches(sent: &str, salt: &[u8], stored: &[u8], pepper: Option<&[u8; 32]>) -> bool {
    let sent = sent.trim();
    sent.len() == 6 && sent.bytes().all(|b| b.is_ascii_digit()) && bool::from(hash(sent, salt, pepper).ct_eq(stored))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits_and_only_their_own_hash_matches() {
        let code = generate();
        assert!(code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()));
        let s = salt();
        let stored = hash(&code, &s, None);
        assert!(matches(&code, &s, &stored, None));
        assert!(matches(&format!(" {code} "), &s, &stored, None));
        let other = if code == "000000" { "000001" } else { "000000" };
        assert!(!matches(other, &s, &stored, None));
        assert!(!matches(&code, &salt(), &stored, None), "another salt");
        assert!(!matches(&code, &s, &stored, Some(&[7; 32])), "another key");
        assert!(!matches("12345", &s, &stored, None) && !matches("abcdef", &s, &stored, None));
    }
}
