//! The limits that keep one-time codes from being ground down (issue 32): a check takes at most
//! [`WRONG_PER_CHECK`] wrong codes in all, whatever resends it had; one address is sent at most
//! [`CODES_PER_ADDRESS_PER_DAY`] codes and takes at most [`WRONG_PER_ADDRESS_PER_DAY`] wrong codes
//! a day across all its checks, per organization and environment. The day is the UTC day on the
//! environment's clock (so moving the sandbox clock moves it).
//!
//! What that bounds: a six-digit code guessed at random is right once in a million tries, so a
//! check falls to guessing once in 100,000, and an address at most 20 times in a million a day
//! (new checks for it do not help: their wrong codes count against the same day).
//!
//! The day's counts are kept per address as a keyed digest of it, never the address itself.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use super::address;
use crate::error::{Error, Result};
use crate::time::Timestamp;

/// Wrong codes a check takes, across its resends; then it is locked (a new check is needed).
pub const WRONG_PER_CHECK: u32 = 10;
/// Codes sent to one address a day.
pub const CODES_PER_ADDRESS_PER_DAY: u32 = 10;
/// Wrong codes tried for one address a day, across its checks.
pub const WRONG_PER_ADDRESS_PER_DAY: u32 = 20;

/// What one address had on one day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct AddressDay {
    pub(crate) codes_sent: u32,
    pub(crate) wrong_codes: u32,
}

impl AddressDay {
    /// Whether another code may go to the address today (none while its wrong codes are used
    /// up either: it could not be verified).
    pub(crate) fn may_send(self, now: Timestamp) -> Result<()> {
        if self.codes_sent >= CODES_PER_ADDRESS_PER_DAY {
            return Err(too_many(
                format!(
                    "this address was sent {CODES_PER_ADDRESS_PER_DAY} codes today, the most it gets in a day: \
                     ask again after midnight UTC"
                ),
                now,
            ));
        }
        self.may_guess(now)
    }

    /// Whether another code may be tried for the address today.
    pub(crate) fn may_guess(self, now: Timestamp) -> Result<()> {
        if self.wrong_codes >= WRONG_PER_ADDRESS_PER_DAY {
            return Err(too_many(
                format!(
                    "this address had {WRONG_PER_ADDRESS_PER_DAY} wrong codes today, the most it takes in a day: \
                     no code for it is checked until midnight UTC"
                ),
                now,
            ));
        }
        Ok(())
    }
}

/// The day `now` falls on, as the counts are keyed (`2026-03-01`).
pub(crate) fn day(now: Timestamp) -> String {
    now.date().to_string()
}

/// Seconds from `now` to the next midnight UTC (at least 1).
fn until_tomorrow(now: Timestamp) -> u64 {
    const DAY: i64 = 86_400;
    (DAY - now.as_second().rem_euclid(DAY)).unsigned_abs()
}

fn too_many(message: String, now: Timestamp) -> Error {
    Error::TooMany { message, retry_after_seconds: until_tomorrow(now) }
}

/// The form of an address the counts are kept for: the local part lower-cased and the domain in
/// ASCII, so `Anna@Bücher.de` and `anna@xn--bcher-kva.de` are one address.
fn counted_form(email: &str) -> String {
    let email = email.trim();
    match address::parse(email) {
        Ok(a) => format!("{}@{}", a.local.to_lowercase(), a.ascii_domain),
        Err(_) => email.to_lowercase(),
    }
}

/// The keyed digest an address's counts are kept under (`key`: derived from the master key;
/// without one, a fixed key).
pub(crate) fn digest(email: &str, key: Option<&[u8; 32]>) -> Vec<u8> {
    let key: &[u8] = match key {
        Some(k) => k,
        None => b"docket-email-address-days",
    };
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).unwrap_or_else(|_| unreachable!("HMAC takes any key"));
    mac.update(counted_form(email).as_bytes());
    mac.finalize().into_bytes().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        text.parse().expect("time")
    }

    #[test]
    fn the_day_is_utc_and_a_refusal_waits_until_midnight() {
        assert_eq!(day(at("2026-03-01T23:59:59Z")), "2026-03-01");
        assert_eq!(day(at("2026-03-02T00:00:00Z")), "2026-03-02");
        assert_eq!(until_tomorrow(at("2026-03-01T23:59:59Z")), 1);
        assert_eq!(until_tomorrow(at("2026-03-01T00:00:00Z")), 86_400);
        assert_eq!(until_tomorrow(at("2026-03-01T09:00:00Z")), 15 * 3600);
    }

    #[test]
    fn sends_and_guesses_stop_at_their_caps() {
        let now = at("2026-03-01T09:00:00Z");
        let under =
            AddressDay { codes_sent: CODES_PER_ADDRESS_PER_DAY - 1, wrong_codes: WRONG_PER_ADDRESS_PER_DAY - 1 };
        assert!(under.may_send(now).is_ok() && under.may_guess(now).is_ok());
        let sent = AddressDay { codes_sent: CODES_PER_ADDRESS_PER_DAY, ..under };
        match sent.may_send(now) {
            Err(Error::TooMany { message, retry_after_seconds }) => {
                assert!(message.contains("codes today") && retry_after_seconds == 15 * 3600, "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert!(sent.may_guess(now).is_ok(), "codes sent do not stop the one out there");
        let wrong = AddressDay { wrong_codes: WRONG_PER_ADDRESS_PER_DAY, ..under };
        assert!(matches!(wrong.may_guess(now), Err(Error::TooMany { .. })));
        assert!(matches!(wrong.may_send(now), Err(Error::TooMany { .. })), "no code that could not be checked");
    }

    #[test]
    fn an_address_is_counted_however_it_is_written_and_never_kept_in_clear() {
        let key = [7; 32];
        let one = digest("anna@bücher.de", Some(&key));
        assert_eq!(digest(" Anna@BÜCHER.de", Some(&key)), one);
        assert_eq!(digest("anna@xn--bcher-kva.de", Some(&key)), one);
        assert_ne!(digest("anna+x@bücher.de", Some(&key)), one, "another mailbox name is another address");
        assert_ne!(digest("anna@bücher.de", Some(&[8; 32])), one, "another key");
        assert!(!one.windows(4).any(|w| w == b"anna"));
    }
}
