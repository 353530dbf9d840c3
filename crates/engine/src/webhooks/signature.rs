//! The `X-Webhook-Signature` scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=...]`.
//!
//! The signed text is the timestamp, a `.`, then the body's bytes exactly as sent. The HMAC key
//! is the secret's hex after `whsec_`, decoded. While a rotated-out secret is still valid, each
//! delivery carries one `v1` per secret, and a receiver accepts the request if any matches.
//! [`verify`] is what a receiver runs (and what `docket webhooks verify` runs).

use std::fmt;

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

use super::secret::SigningSecret;

/// The header's name.
pub const HEADER: &str = "X-Webhook-Signature";

/// The receiver's default tolerance between `t` and its clock, either way, in seconds.
pub const DEFAULT_TOLERANCE_SECONDS: u64 = 300;

/// The hex HMAC-SHA256 of `"{t}.{body}"`.
pub fn digest(secret: &SigningSecret, t: i64, body: &[u8]) -> String {
    hex::encode(raw_digest(secret, t, body))
}

fn raw_digest(secret: &SigningSecret, t: i64, body: &[u8]) -> [u8; 32] {
    // HMAC takes keys of any length, so this cannot fail.
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.key()).unwrap_or_else(|_| unreachable!());
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().into()
}

/// The header value for `body` sent at `t`, one `v1` per secret (the current one first).
pub fn header(secrets: &[&SigningSecret], t: i64, body: &[u8]) -> String {
    let mut out = format!("t={t}");
    for s in secrets {
        out.push_str(",v1=");
        out.push_str(&digest(s, t, body));
    }
    out
}

/// Why a signature was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerifyError {
    /// The header has no `t=`.
    MissingTimestamp,
    /// `t=` is not a whole number of seconds, or appears twice.
    BadTimestamp(String),
    /// The header has no `v1=` entry.
    NoSignature,
    /// A part is not `key=value`, or a `v1` value is not 64 hex digits.
    Malformed(String),
    /// `t` is further from the receiver's clock than the tolerance.
    OutsideTolerance { t: i64, now: i64, tolerance: u64 },
    /// No `v1` matches the body under this secret.
    Mismatch { candidates: usize },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::MissingTimestamp => write!(f, "the signature header has no `t=` timestamp"),
            VerifyError::BadTimestamp(v) => write!(f, "the timestamp `{v}` is not Unix seconds (or appears twice)"),
            VerifyError::NoSignature => write!(f, "the signature header has no `v1=` signature"),
            VerifyError::Malformed(part) => write!(f, "the signature header part `{part}` is malformed"),
            VerifyError::OutsideTolerance { t, now, tolerance } => {
                let age = now - t;
                if age >= 0 {
                    write!(f, "the timestamp is {age} s old, more than the tolerance of {tolerance} s")
                } else {
                    write!(f, "the timestamp is {} s in the future, more than the tolerance of {tolerance} s", -age)
                }
            }
            VerifyError::Mismatch { candidates } => write!(
                f,
                "no signature matches ({candidates} `v1` tried): wrong secret, or the body was changed (verify the \
                 raw bytes as received, not re-serialised JSON)"
            ),
        }
    }
}

impl std::error::Error for VerifyError {}

/// A verified signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verified {
    /// The signature's timestamp.
    pub t: i64,
    /// Which `v1` entry matched (0 for the first).
    pub matched: usize,
}

/// Checks `header` against `body` with `secret`. `now` is the receiver's Unix time; a
/// `tolerance` of 0 skips the timestamp check (for replaying stored requests).
pub fn verify(
    secret: &SigningSecret,
    header: &str,
    body: &[u8],
    now: i64,
    tolerance: u64,
) -> Result<Verified, VerifyError> {
    let mut t: Option<i64> = None;
    let mut signatures: Vec<[u8; 32]> = Vec::new();
    for part in header.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').ok_or_else(|| VerifyError::Malformed(part.to_owned()))?;
        match key.trim() {
            "t" => {
                let parsed = value.trim().parse::<i64>().map_err(|_| VerifyError::BadTimestamp(value.to_owned()))?;
                if t.replace(parsed).is_some() {
                    return Err(VerifyError::BadTimestamp(value.to_owned()));
                }
            }
            "v1" => {
                let bytes = hex::decode(value.trim()).map_err(|_| VerifyError::Malformed(part.to_owned()))?;
                let sig: [u8; 32] = bytes.try_into().map_err(|_| VerifyError::Malformed(part.to_owned()))?;
                signatures.push(sig);
            }
            // Other schemes (`v0`, future versions) are ignored, as is common practice.
            _ => {}
        }
    }
    let t = t.ok_or(VerifyError::MissingTimestamp)?;
    if signatures.is_empty() {
        return Err(VerifyError::NoSignature);
    }
    if tolerance > 0 && now.abs_diff(t) > tolerance {
        return Err(VerifyError::OutsideTolerance { t, now, tolerance });
    }
    let expected = raw_digest(secret, t, body);
    // Every entry is compared, in constant time, whichever matches.
    let mut matched = None;
    for (i, sig) in signatures.iter().enumerate() {
        if bool::from(sig.ct_eq(&expected)) && matched.is_none() {
            matched = Some(i);
        }
    }
    matched.map(|matched| Verified { t, matched }).ok_or(VerifyError::Mismatch { candidates: signatures.len() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The known vector of the engine notes, checked with three independent implementations.
    const SECRET: &str = "whsec_0123456789abcdef0123456789abcdef";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"screening.completed"}"#;
    const EXPECTED: &str = "t=1700000000,v1=ec5102c0b0c57ffbe4322b70e90d846c55bd2b3478ee371f4c9608a594733f93";

    fn secret() -> SigningSecret {
        SigningSecret::parse(SECRET).expect("secret")
    }

    #[test]
    fn the_known_vector_signs_and_verifies() {
        assert_eq!(header(&[&secret()], 1_700_000_000, BODY), EXPECTED);
        assert_eq!(
            verify(&secret(), EXPECTED, BODY, 1_700_000_100, 300),
            Ok(Verified { t: 1_700_000_000, matched: 0 })
        );
    }

    #[test]
    fn any_v1_entry_may_match() {
        let other = SigningSecret::generate();
        let both = header(&[&other, &secret()], 1_700_000_000, BODY);
        assert_eq!(verify(&secret(), &both, BODY, 1_700_000_000, 300).map(|v| v.matched), Ok(1));
        assert_eq!(verify(&other, &both, BODY, 1_700_000_000, 300).map(|v| v.matched), Ok(0));
        let spaced = EXPECTED.replace(',', " , ");
        assert!(verify(&secret(), &spaced, BODY, 1_700_000_000, 300).is_ok());
    }

    #[test]
    fn tampering_and_wrong_secrets_are_refused() {
        let changed = br#"{"id":"evt_1","type":"screening.completed" }"#;
        assert_eq!(
            verify(&secret(), EXPECTED, changed, 1_700_000_000, 300),
            Err(VerifyError::Mismatch { candidates: 1 })
        );
        assert!(matches!(
            verify(&SigningSecret::generate(), EXPECTED, BODY, 1_700_000_000, 300),
            Err(VerifyError::Mismatch { .. })
        ));
    }

    #[test]
    fn the_tolerance_is_symmetric_and_zero_disables_it() {
        let err = verify(&secret(), EXPECTED, BODY, 1_700_000_301, 300).expect_err("old");
        assert!(err.to_string().contains("301 s old"), "{err}");
        let err = verify(&secret(), EXPECTED, BODY, 1_699_999_000, 300).expect_err("future");
        assert!(err.to_string().contains("1000 s in the future"), "{err}");
        assert!(verify(&secret(), EXPECTED, BODY, 1_699_999_700, 300).is_ok());
        assert!(verify(&secret(), EXPECTED, BODY, 0, 0).is_ok());
    }

    #[test]
    fn malformed_headers_say_what_is_wrong() {
        let v = "v1=ec5102c0b0c57ffbe4322b70e90d846c55bd2b3478ee371f4c9608a594733f93";
        assert_eq!(verify(&secret(), v, BODY, 0, 0), Err(VerifyError::MissingTimestamp));
        assert_eq!(verify(&secret(), "t=1700000000", BODY, 0, 0), Err(VerifyError::NoSignature));
        assert_eq!(verify(&secret(), "t=soon,v1=00", BODY, 0, 0), Err(VerifyError::BadTimestamp("soon".into())));
        assert!(matches!(verify(&secret(), "t=1,t=2,v1=00", BODY, 0, 0), Err(VerifyError::BadTimestamp(_))));
        assert!(matches!(verify(&secret(), "t=1,v1=zz", BODY, 0, 0), Err(VerifyError::Malformed(_))));
        assert!(matches!(verify(&secret(), "t=1,v1=abcd", BODY, 0, 0), Err(VerifyError::Malformed(_))));
        assert!(matches!(verify(&secret(), "t=1,garbage", BODY, 0, 0), Err(VerifyError::Malformed(_))));
        let with_v0 = format!("{EXPECTED},v0=whatever");
        assert!(verify(&secret(), &with_v0, BODY, 0, 0).is_ok());
    }
}
