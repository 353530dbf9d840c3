//! The rules of signing in with a password and a second factor: the password policy and its
//! argon2id hash, TOTP codes (RFC 6238, through `totp-rs`), and the throttle on failed
//! attempts per account and per address. Pure but for the throttle's memory; the service does
//! the storage.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use jiff::SignedDuration;
use totp_rs::{Algorithm, Totp};

use crate::error::{Error, Result};
use crate::scope::OrganizationId;
use crate::time::Timestamp;

/// Shortest and longest passwords, in characters (NIST SP 800-63B: long passphrases welcome,
/// no composition rules).
pub(super) const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 12..=128;

/// Checks a new password: its length, and that it is not the reviewer's name.
pub(super) fn check_password(password: &str, name: &str) -> Result<()> {
    let chars = password.chars().count();
    if !PASSWORD_CHARS.contains(&chars) {
        return Err(Error::invalid(
            "password",
            format!("must be {} to {} characters long", PASSWORD_CHARS.start(), PASSWORD_CHARS.end()),
        ));
    }
    if password.trim().to_lowercase() == name.trim().to_lowercase() {
        return Err(Error::invalid("password", "must not be your name"));
    }
    if password.chars().all(|c| c == password.chars().next().unwrap_or(' ')) {
        return Err(Error::invalid("password", "must not be one character repeated"));
    }
    Ok(())
}

/// The argon2id hash of a password (the PHC string: algorithm, parameters, salt and hash).
/// Deliberately slow: call it off the async threads.
pub(super) fn hash_password(password: &str) -> Result<String> {
    let salt: [u8; 16] = rand::random();
    argon2::Argon2::default()
        .hash_password_with_salt(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::Storage(format!("could not hash a password: {e}")))
}

/// Whether `password` is the one `phc` was made from.
pub(super) fn password_matches(password: &str, phc: &str) -> bool {
    argon2::Argon2::default().verify_password(password.as_bytes(), phc).is_ok()
}

/// A hash to compare with when the account does not exist, so that a wrong name takes as long
/// as a wrong password.
pub(super) fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_password("docket decoy password").unwrap_or_default())
}

/// Bytes in a new TOTP secret (160 bits, as RFC 4226 recommends).
const TOTP_SECRET_BYTES: usize = 20;

/// A new random TOTP secret.
pub(super) fn new_totp_secret() -> Vec<u8> {
    rand::random::<[u8; TOTP_SECRET_BYTES]>().to_vec()
}

fn totp(secret: &[u8], account: &str) -> Result<Totp> {
    totp_rs::Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(6)
        .with_step_duration(30)
        .with_skew(1)
        .with_secret(secret.to_vec())
        .with_issuer(Some("Docket"))
        .with_account_name(account)
        .build()
        .map_err(|e| Error::Storage(format!("could not make a TOTP: {e}")))
}

/// The secret as an authenticator app takes it: base32, and the `otpauth://` URI.
pub(super) fn totp_setup(secret: &[u8], account: &str) -> Result<(String, String)> {
    let t = totp(secret, account)?;
    let uri = t.to_url().map_err(|e| Error::Storage(format!("could not write the otpauth URI: {e}")))?;
    Ok((data_encoding::BASE32_NOPAD.encode(secret), uri))
}

/// The time step a code is valid for at `now` (one step of 30 s either way), if it is right
/// and newer than `last_step` (a code is used once).
pub(super) fn code_step(secret: &[u8], code: &str, now: Timestamp, last_step: Option<u64>) -> Option<u64> {
    let code = code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let unix = u64::try_from(now.as_second()).ok()?;
    let step = totp(secret, "check").ok()?.check(code, unix)?;
    last_step.is_none_or(|last| step > last).then_some(step)
}

/// A code for `now`: for tests that play a reviewer's authenticator.
#[cfg(test)]
pub(super) fn code_at(secret: &[u8], now: Timestamp) -> String {
    let unix = u64::try_from(now.as_second()).unwrap_or(0);
    totp(secret, "check").map(|t| t.generate(unix).to_string()).unwrap_or_default()
}

/// How many failures within [`WINDOW`] lock an account, and an address.
const ACCOUNT_FAILURES: u32 = 5;
const ADDRESS_FAILURES: u32 = 20;
/// The window failures count in, and how long a lock lasts.
const WINDOW: SignedDuration = SignedDuration::from_mins(15);
/// Most accounts and addresses remembered (the oldest go first).
const MAX_TRACKED: usize = 10_000;

/// Who failed: an account (its organization and name, folded) or an address.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Attempter {
    Account(OrganizationId, String),
    Address(IpAddr),
}

impl Attempter {
    fn limit(&self) -> u32 {
        match self {
            Attempter::Account(..) => ACCOUNT_FAILURES,
            Attempter::Address(_) => ADDRESS_FAILURES,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    since: Timestamp,
    locked_until: Option<Timestamp>,
}

/// Failed sign-ins, in memory (a restart forgets them; the audit chain keeps each one).
#[derive(Debug, Default)]
pub(crate) struct ConsoleState {
    failures: Mutex<HashMap<Attempter, Failures>>,
}

impl ConsoleState {
    /// Refuses an attempt while any of `who` is locked, with when to try again.
    pub(super) fn check(&self, who: &[Attempter], now: Timestamp) -> Result<()> {
        let failures = self.failures.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let until =
            who.iter().filter_map(|w| failures.get(w).and_then(|f| f.locked_until)).filter(|until| *until > now).max();
        match until {
            Some(until) => Err(Error::TooMany {
                message: "too many failed sign-ins: try again later".into(),
                retry_after_seconds: until.as_second().saturating_sub(now.as_second()).max(1) as u64,
            }),
            None => Ok(()),
        }
    }

    /// Counts a failure of each of `who`; says whether one of them is now locked.
    pub(super) fn fail(&self, who: &[Attempter], now: Timestamp) -> bool {
        let mut failures = self.failures.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if failures.len() >= MAX_TRACKED {
            failures.retain(|_, f| f.since.saturating_add(WINDOW) > now || f.locked_until.is_some_and(|u| u > now));
            if failures.len() >= MAX_TRACKED
                && let Some(oldest) = failures.iter().min_by_key(|(_, f)| f.since).map(|(k, _)| k.clone())
            {
                failures.remove(&oldest);
            }
        }
        let mut locked = false;
        for w in who {
            let f = failures.entry(w.clone()).or_insert(Failures { count: 0, since: now, locked_until: None });
            if f.since.saturating_add(WINDOW) <= now {
                *f = Failures { count: 0, since: now, locked_until: None };
            }
            f.count += 1;
            if f.count >= w.limit() {
                f.locked_until = Some(now.saturating_add(WINDOW));
                locked = true;
            }
        }
        locked
    }

    /// A successful sign-in clears its account's failures (not its address's).
    pub(super) fn succeed(&self, account: &Attempter) {
        self.failures.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(account);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_long_and_not_the_name() {
        assert!(check_password("correct horse battery", "Ann").is_ok());
        assert!(check_password("short", "Ann").is_err());
        assert!(check_password("Ann Okafor-Lee", "ann okafor-lee").is_err());
        assert!(check_password("aaaaaaaaaaaaaaaa", "Ann").is_err());
        assert!(check_password(&"x".repeat(129), "Ann").is_err());
    }

    #[test]
    fn a_password_matches_its_own_hash_only() {
        let phc = hash_password("correct horse battery").expect("hashes");
        assert!(phc.starts_with("$argon2id$"), "{phc}");
        assert!(password_matches("correct horse battery", &phc));
        assert!(!password_matches("correct horse batterY", &phc));
        assert!(!password_matches("anything", "not a hash"));
    }

    #[test]
    fn a_code_works_within_a_step_either_way_and_once() {
        let secret = new_totp_secret();
        let now = Timestamp::from_millis(1_767_225_600_000);
        let code = code_at(&secret, now);
        let step = code_step(&secret, &code, now, None).expect("right now");
        assert_eq!(code_step(&secret, &code, now.saturating_add(SignedDuration::from_secs(30)), None), Some(step));
        assert_eq!(code_step(&secret, &code, now.saturating_add(SignedDuration::from_secs(90)), None), None);
        assert_eq!(code_step(&secret, &code, now, Some(step)), None, "used once");
        assert_eq!(code_step(&secret, "12345", now, None), None);
        assert_eq!(code_step(&secret, "abcdef", now, None), None);
        let (b32, uri) = totp_setup(&secret, "Ann").expect("setup");
        assert_eq!(data_encoding::BASE32_NOPAD.decode(b32.as_bytes()).expect("base32"), secret);
        assert!(uri.starts_with("otpauth://totp/Docket:Ann?"), "{uri}");
    }

    #[test]
    fn failures_lock_an_account_then_the_window_passes() {
        let state = ConsoleState::default();
        let org: OrganizationId = "00000000-0000-7000-8000-000000000001".parse().expect("id");
        let ann = Attempter::Account(org, "ann".into());
        let now = Timestamp::from_millis(1_000_000);
        for i in 0..ACCOUNT_FAILURES {
            assert!(state.check(std::slice::from_ref(&ann), now).is_ok(), "attempt {i}");
            state.fail(std::slice::from_ref(&ann), now);
        }
        let Err(Error::TooMany { retry_after_seconds, .. }) = state.check(std::slice::from_ref(&ann), now) else {
            panic!("locked after {ACCOUNT_FAILURES} failures");
        };
        assert_eq!(retry_after_seconds, 900);
        let later = now.saturating_add(WINDOW);
        assert!(state.check(std::slice::from_ref(&ann), later).is_ok());
        state.fail(std::slice::from_ref(&ann), later);
        assert!(state.check(std::slice::from_ref(&ann), later).is_ok(), "a new window counts afresh");
    }
}
