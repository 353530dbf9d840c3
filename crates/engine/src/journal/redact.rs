//! Keeps secrets out of the journal. Three rules, over request bodies, queries and form bodies,
//! JSON or not (and over Docket's own responses where their route declares secrets or a value
//! looks like one):
//!
//! 1. the fields the route itself declares secret (`crates/api/src/authority.rs`: a sign-in
//!    link's `login_url`, a one-time `code`, a new key), at any depth: not guessed from names;
//! 2. on top, fields whose names say they carry a credential (`password`, `private_key`,
//!    `credentials`, `passphrase`, `cookie`, `session`, `token`, ...), as clients put them where
//!    no declaration can foresee (an applicant's `custom_fields`);
//! 3. values that are secrets wherever they stand: PEM blocks, bearer tokens and well-known key
//!    prefixes, card numbers (13 to 19 digits that pass Luhn), `password=...` inside text, and
//!    JSON written inside a string, redacted by these same rules.

use std::borrow::Cow;

use serde_json::Value;

use super::model::CapturedBody as Body;

pub(crate) const REDACTED: &str = "[redacted]";
const REDACTED_CARD: &str = "[redacted card number]";
const REDACTED_PEM: &str = "[redacted PEM block]";

/// Bodies larger than this are not parsed for redaction, and so not recorded.
const MAX_PARSED: usize = 256 * 1024;

/// Name fragments that mark a credential; any name containing one is redacted.
const SECRET_PARTS: [&str; 14] = [
    "secret",
    "password",
    "passwd",
    "passphrase",
    "token",
    "api_key",
    "apikey",
    "authorization",
    "private_key",
    "privatekey",
    "credential",
    "cookie",
    "session",
    "otp",
];
/// Whole names that mark a secret.
const SECRET_NAMES: [&str; 7] = ["pin", "cvv", "cvc", "cvv2", "pwd", "master_key", "key"];

/// Prefixes of well-known keys and tokens: the value that follows is a secret in any text.
const KEY_PREFIXES: [&str; 12] = [
    "sk_live_",
    "sk_test_",
    "rk_live_",
    "rk_test_",
    "dk_sandbox_",
    "dk_production_",
    "whsec_",
    "ghp_",
    "github_pat_",
    "xoxb-",
    "xoxp-",
    "glpat-",
];

/// The words that, followed by `=` or `:` in text, introduce a secret value.
const SECRET_WORDS: [&str; 7] = ["password", "passwd", "pwd", "passphrase", "secret", "token", "api_key"];

/// Which names a body's fields are judged by: the route's declared ones always; the names that
/// mean credentials in what clients send (not in Docket's own responses, whose fields are
/// named by Docket: a KYB case's `widget_token` is what the integration asked for).
#[derive(Clone, Copy)]
struct Names<'a> {
    declared: &'a [&'a str],
    credential_names: bool,
}

impl Names<'_> {
    /// Whether a field or parameter name holds a secret.
    fn secret(&self, name: &str) -> bool {
        if self.declared.contains(&name) {
            return true;
        }
        if !self.credential_names {
            return false;
        }
        let n = name.to_ascii_lowercase().replace('-', "_");
        SECRET_PARTS.iter().any(|p| n.contains(p)) || SECRET_NAMES.contains(&n.as_str())
    }
}

/// Whether bytes could hold anything the rules redact. Most bodies cannot, and then the costly
/// JSON parse is skipped. Errs on the side of caution: escapes (`\u0077`, `%77`) could spell a
/// secret name, so a body with any is treated as if it held one.
fn may_hold_secrets(bytes: &[u8], declared: &[&str]) -> bool {
    if memchr::memmem::find(bytes, b"\\u").is_some() || memchr::memchr(b'%', bytes).is_some() {
        return true;
    }
    let lower: Vec<u8> = bytes.iter().map(|b| if *b == b'-' { b'_' } else { b.to_ascii_lowercase() }).collect();
    let contains = |needle: &[u8]| memchr::memmem::find(&lower, needle).is_some();
    SECRET_PARTS.iter().any(|p| contains(p.as_bytes()))
        || SECRET_NAMES.iter().any(|n| contains(format!("\"{n}\"").as_bytes()) || contains(format!("{n}=").as_bytes()))
        || declared.iter().any(|d| memchr::memmem::find(bytes, d.as_bytes()).is_some())
        || values_may_hold_secrets(bytes)
}

/// Whether a value pattern could be in these bytes: a PEM block, a bearer token or key prefix,
/// a run of 13 digits or more.
fn values_may_hold_secrets(bytes: &[u8]) -> bool {
    let lower = bytes.to_ascii_lowercase();
    let contains = |needle: &[u8]| memchr::memmem::find(&lower, needle).is_some();
    contains(b"-----begin")
        || contains(b"bearer ")
        || KEY_PREFIXES.iter().any(|p| contains(p.to_ascii_lowercase().as_bytes()))
        || SECRET_WORDS.iter().any(|w| contains(w.as_bytes()))
        || long_digit_run(bytes)
}

/// Whether 13 digits or more stand together, allowing single spaces or dashes between groups.
fn long_digit_run(bytes: &[u8]) -> bool {
    let mut digits = 0;
    let mut previous_was_separator = false;
    for b in bytes {
        if b.is_ascii_digit() {
            digits += 1;
            previous_was_separator = false;
            if digits >= 13 {
                return true;
            }
        } else if (*b == b' ' || *b == b'-') && digits > 0 && !previous_was_separator {
            previous_was_separator = true;
        } else {
            digits = 0;
            previous_was_separator = false;
        }
    }
    false
}

/// Redacts a JSON value in place; says whether anything changed.
fn redact_json(v: &mut Value, names: Names<'_>) -> bool {
    match v {
        Value::Object(map) => {
            let mut changed = false;
            for (k, v) in map.iter_mut() {
                if names.secret(k) && !v.is_null() {
                    *v = Value::String(REDACTED.into());
                    changed = true;
                } else {
                    changed |= redact_json(v, names);
                }
            }
            changed
        }
        Value::Array(items) => items.iter_mut().fold(false, |changed, i| redact_json(i, names) | changed),
        Value::String(text) => match redact_string(text, names) {
            Cow::Owned(redacted) => {
                *text = redacted;
                true
            }
            Cow::Borrowed(_) => false,
        },
        _ => false,
    }
}

/// A string value: JSON written inside it is redacted as JSON, credential names included
/// (nobody declared its fields); anything else by the value patterns.
fn redact_string<'a>(text: &'a str, names: Names<'_>) -> Cow<'a, str> {
    let trimmed = text.trim_start();
    if (trimmed.starts_with('{') || trimmed.starts_with('['))
        && let Ok(mut inner) = serde_json::from_str::<Value>(text)
    {
        let changed = redact_json(&mut inner, Names { credential_names: true, ..names });
        return if changed { Cow::Owned(inner.to_string()) } else { Cow::Borrowed(text) };
    }
    redact_text(text)
}

/// Free text with its secret values replaced: PEM blocks, bearer tokens and known key
/// prefixes, `password=...` and the like, and card numbers.
pub(crate) fn redact_text(text: &str) -> Cow<'_, str> {
    if !values_may_hold_secrets(text.as_bytes()) {
        return Cow::Borrowed(text);
    }
    let redacted = card_numbers(&secret_words(&tokens(&pem_blocks(text))));
    if redacted == text { Cow::Borrowed(text) } else { Cow::Owned(redacted) }
}

fn pem_blocks(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("-----BEGIN ") {
        out.push_str(&rest[..start]);
        let after = &rest[start..];
        // The block ends after its `-----END ...-----` line; a block cut short ends the text.
        let end = after.find("-----END ").and_then(|e| after[e + 9..].find("-----").map(|d| e + 9 + d + 5));
        out.push_str(REDACTED_PEM);
        rest = match end {
            Some(end) => &after[end..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '~' | '+' | '/' | '=' | '-')
}

/// `Bearer <token>` and known key prefixes: the token is replaced.
fn tokens(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    while let Some(i) = lower[from..].find("bearer ") {
        let start = from + i + "bearer ".len();
        let len = text[start..].find(|c: char| !is_token_char(c)).unwrap_or(text.len() - start);
        if len >= 8 {
            cuts.push((start, start + len));
        }
        from = start;
    }
    for prefix in KEY_PREFIXES {
        let prefix = prefix.to_ascii_lowercase();
        let mut from = 0;
        while let Some(i) = lower[from..].find(&prefix) {
            let start = from + i;
            let len = text[start..].find(|c: char| !is_token_char(c)).unwrap_or(text.len() - start);
            if len > prefix.len() {
                cuts.push((start, start + len));
            }
            from = start + prefix.len();
        }
    }
    replace_spans(text, cuts, REDACTED)
}

/// `password=hunter2`, `token: abc`: the value after a secret word is replaced.
fn secret_words(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut cuts = Vec::new();
    for word in SECRET_WORDS {
        let mut from = 0;
        while let Some(i) = lower[from..].find(word) {
            let mut at = from + i + word.len();
            from = at;
            // Optional closing quote of a key, spaces, then `=` or `:`, spaces, an opening quote.
            let bytes = text.as_bytes();
            while at < bytes.len() && matches!(bytes[at], b'"' | b'\'' | b' ') {
                at += 1;
            }
            if at >= bytes.len() || !matches!(bytes[at], b'=' | b':') {
                continue;
            }
            at += 1;
            while at < bytes.len() && matches!(bytes[at], b'"' | b'\'' | b' ') {
                at += 1;
            }
            let len = text[at..]
                .find(|c: char| c.is_whitespace() || matches!(c, '&' | ';' | ',' | '"' | '\'' | '}' | ']'))
                .unwrap_or(text.len() - at);
            if len > 0 && !text[at..at + len].starts_with('[') {
                cuts.push((at, at + len));
            }
        }
    }
    replace_spans(text, cuts, REDACTED)
}

/// Replaces byte spans (sorted, overlaps merged) with `with`.
fn replace_spans(text: &str, mut cuts: Vec<(usize, usize)>, with: &str) -> String {
    if cuts.is_empty() {
        return text.to_owned();
    }
    cuts.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (start, end) in cuts {
        if start < at {
            at = at.max(end);
            continue;
        }
        out.push_str(&text[at..start]);
        out.push_str(with);
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

/// Digit runs of 13 to 19 digits (single spaces or dashes allowed between groups) that pass
/// the Luhn check: card numbers.
fn card_numbers(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut cuts = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() || (i > 0 && bytes[i - 1].is_ascii_alphanumeric()) {
            i += 1;
            continue;
        }
        let start = i;
        let mut digits = Vec::new();
        let mut end = i;
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() {
                digits.push(bytes[i] - b'0');
                i += 1;
                end = i;
            } else if (bytes[i] == b' ' || bytes[i] == b'-') && i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit() {
                i += 1;
            } else {
                break;
            }
        }
        let standalone = end >= bytes.len() || !bytes[end].is_ascii_alphanumeric();
        if standalone && (13..=19).contains(&digits.len()) && luhn(&digits) {
            cuts.push((start, end));
        }
    }
    replace_spans(text, cuts, REDACTED_CARD)
}

/// The Luhn checksum (ISO/IEC 7812) of card numbers.
fn luhn(digits: &[u8]) -> bool {
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| {
            let d = u32::from(*d);
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// What is recorded of a body: its bytes (UTF-8 text, unless a plain body was binary), and
/// whether they were cut at the limit.
pub(crate) type Recorded<'a> = (Option<Cow<'a, [u8]>>, bool);

/// The recordable bytes of a body, and whether they were cut. `declared` are the route's own
/// secret fields.
///
/// Plain bodies (Docket's own responses) are the hot path: unless their route declares secrets
/// or a value pattern may be in them, they are neither parsed nor copied here, only cut; a
/// binary one is recognised when it is read back.
pub(crate) fn body_text<'a>(body: &'a Body, limit: usize, declared: &[&str]) -> Recorded<'a> {
    let names = Names { declared, credential_names: matches!(body, Body::Bytes(_)) };
    let bytes = match body {
        Body::Empty => return (None, false),
        Body::NotCaptured(note) => return (Some(Cow::Borrowed(note.as_bytes())), false),
        Body::Bytes(b) | Body::Plain(b) if b.is_empty() => return (None, false),
        Body::Plain(b) if declared.is_empty() && !values_may_hold_secrets(b) => {
            let (kept, cut) = cut_bytes(b, limit);
            return (Some(Cow::Borrowed(kept)), cut);
        }
        Body::Plain(b) | Body::Bytes(b) => b,
    };
    let owned = |text: String| Some(Cow::Owned(text.into_bytes()));
    if bytes.len() > MAX_PARSED {
        return (owned(format!("[{} bytes; too large to record]", bytes.len())), false);
    }
    if !may_hold_secrets(bytes, declared) && std::str::from_utf8(bytes).is_ok() {
        let (kept, cut) = cut_bytes(bytes, limit);
        return (Some(Cow::Borrowed(kept)), cut);
    }
    let text = match serde_json::from_slice::<Value>(bytes) {
        Ok(mut json) => {
            if !redact_json(&mut json, names) && std::str::from_utf8(bytes).is_ok() {
                // Nothing to hide: recorded as sent.
                let (kept, cut) = cut_bytes(bytes, limit);
                return (Some(Cow::Borrowed(kept)), cut);
            }
            json.to_string()
        }
        Err(_) => match std::str::from_utf8(bytes) {
            // A form body (`a=1&b=2`) is redacted like a query string.
            Ok(t) if looks_like_form(t) => query_with(t, names),
            // Text that is not JSON is kept with its secret values replaced; what cannot be
            // told apart as a name and a value (a JSON body cut short) is withheld.
            Ok(t) if t.trim_start().starts_with(['{', '[']) => {
                return (
                    owned(format!("[{} bytes; not valid JSON, withheld as it may hold secrets]", bytes.len())),
                    false,
                );
            }
            Ok(t) => redact_text(t).into_owned(),
            Err(_) => return (owned(binary_note(bytes.len())), false),
        },
    };
    let (kept, cut) = cut_bytes(text.as_bytes(), limit);
    let kept = kept.len();
    let mut text = text.into_bytes();
    text.truncate(kept);
    (Some(Cow::Owned(text)), cut)
}

/// What a recorded body that is not UTF-8 reads as.
pub(crate) fn binary_note(len: usize) -> String {
    format!("[{len} bytes of binary data]")
}

/// The first `limit` bytes, cut back to the start of a UTF-8 character (so that text stays
/// text), and whether anything was cut.
fn cut_bytes(bytes: &[u8], limit: usize) -> (&[u8], bool) {
    if bytes.len() <= limit {
        return (bytes, false);
    }
    let mut cut = limit;
    // A continuation byte (10xxxxxx) is never the start of a character.
    while cut > 0 && bytes[cut] & 0xC0 == 0x80 {
        cut -= 1;
    }
    (&bytes[..cut], true)
}

fn looks_like_form(t: &str) -> bool {
    t.contains('=') && !t.chars().any(|c| c.is_whitespace() || matches!(c, '{' | '}' | '"' | '[' | ']'))
}

/// The query string (or form body) with secret parameters' values replaced (declared, or named
/// so; names are decoded before they are judged, so `pass%77ord` counts as `password`), and the
/// value patterns applied to the other values.
pub(crate) fn query(q: &str, declared: &[&str]) -> String {
    query_with(q, Names { declared, credential_names: true })
}

fn query_with(q: &str, names: Names<'_>) -> String {
    if !may_hold_secrets(q.as_bytes(), names.declared) {
        return q.to_owned();
    }
    q.split('&')
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let decoded: String = form_urlencoded::parse(name.as_bytes()).map(|(k, _)| k.into_owned()).collect();
            if names.secret(&decoded) {
                return format!("{name}={REDACTED}");
            }
            let value_text: String =
                form_urlencoded::parse(format!("v={value}").as_bytes()).map(|(_, v)| v.into_owned()).collect();
            match redact_text(&value_text) {
                Cow::Borrowed(_) => pair.to_owned(),
                Cow::Owned(redacted) => {
                    let encoded: String = form_urlencoded::byte_serialize(redacted.as_bytes()).collect();
                    format!("{name}={encoded}")
                }
            }
        })
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(s: &str) -> Body {
        Body::Bytes(bytes::Bytes::copy_from_slice(s.as_bytes()))
    }

    /// What `body_text` records, as text (as the journal reads it back).
    fn recorded(body: &Body, limit: usize) -> (Option<String>, bool) {
        recorded_with(body, limit, &[])
    }

    fn recorded_with(body: &Body, limit: usize, declared: &[&str]) -> (Option<String>, bool) {
        let (bytes, cut) = body_text(body, limit, declared);
        (bytes.map(|b| String::from_utf8(b.into_owned()).unwrap_or_else(|e| binary_note(e.as_bytes().len()))), cut)
    }

    fn text_of(s: &str) -> String {
        recorded(&body(s), 100_000).0.expect("text")
    }

    #[test]
    fn secrets_are_redacted_at_any_depth() {
        let (text, cut) = recorded(
            &body(
                r#"{"id":"1","hmac_signing_secret":"whsec_00","nested":[{"password":"p","name":"n"}],"api_key":null}"#,
            ),
            1000,
        );
        let text = text.expect("text");
        assert!(!cut);
        assert!(!text.contains("whsec_00") && !text.contains("\"p\""), "{text}");
        assert!(text.contains("\"name\":\"n\""), "{text}");
    }

    #[test]
    fn declared_fields_are_redacted_whatever_their_names() {
        let sent = Body::Plain(bytes::Bytes::from_static(
            br#"{"reviewer":{"name":"Ada"},"login_url":"http://h/_docket/console/login?token=abc"}"#,
        ));
        let text = recorded_with(&sent, 1000, &["login_url"]).0.expect("text");
        assert!(!text.contains("token=abc") && text.contains(r#""login_url":"[redacted]""#), "{text}");
        let code = recorded_with(&body(r#"{"check_id":"c","code":"123456"}"#), 1000, &["code"]).0.expect("text");
        assert!(!code.contains("123456"), "{code}");
        assert_eq!(query("code=123456&check_id=c", &["code"]), "code=[redacted]&check_id=c");
    }

    #[test]
    fn the_names_that_mean_credentials() {
        for name in ["private_key", "credentials", "passphrase", "cookie", "session", "Set-Cookie", "otp_code"] {
            let text = text_of(&format!(r#"{{"{name}":"s3cr3t-value","n":1}}"#));
            assert!(!text.contains("s3cr3t-value"), "{name}: {text}");
        }
    }

    #[test]
    fn values_that_are_secrets_wherever_they_stand() {
        let pem = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----";
        let text = text_of(&serde_json::json!({"note": format!("key: {pem} end")}).to_string());
        assert!(!text.contains("MIIEvQ") && text.contains(REDACTED_PEM) && text.contains(" end"), "{text}");
        let text = text_of(r#"{"note":"call with Authorization: Bearer sk_live_51HxAbCdEfGhIjKl please"}"#);
        assert!(!text.contains("sk_live_51HxAbCdEfGhIjKl") && text.contains("please"), "{text}");
        let text = text_of(r#"{"memo":"card 4111 1111 1111 1111 exp 12/29","ref":"4111111111111112"}"#);
        assert!(!text.contains("4111 1111 1111 1111") && text.contains(REDACTED_CARD), "{text}");
        assert!(text.contains("4111111111111112"), "fails Luhn: not a card: {text}");
        let text = text_of(r#"{"comment":"login with password=hunter2 and go"}"#);
        assert!(!text.contains("hunter2") && text.contains("and go"), "{text}");
        let inner = serde_json::json!({"data": "{\"password\": \"hunter2\", \"user\": \"ann\"}"}).to_string();
        let text = text_of(&inner);
        assert!(!text.contains("hunter2") && text.contains("ann"), "JSON inside a string: {text}");
        let text = text_of("plain text with token: abcdef123 and more");
        assert!(!text.contains("abcdef123") && text.contains("and more"), "{text}");
    }

    #[test]
    fn docket_s_own_fields_are_not_judged_by_their_names() {
        let sent = Body::Plain(bytes::Bytes::from_static(br#"{"widget_token":"t0k3n","session_id":"s1"}"#));
        let text = recorded(&sent, 1000).0.expect("text");
        assert!(text.contains("t0k3n") && text.contains("s1"), "{text}");
    }

    #[test]
    fn plain_responses_are_checked_for_values_too() {
        let sent = Body::Plain(bytes::Bytes::from_static(br#"{"custom_fields":{"card":"5500 0000 0000 0004"}}"#));
        let text = recorded(&sent, 1000).0.expect("text");
        assert!(!text.contains("5500 0000 0000 0004"), "{text}");
    }

    #[test]
    fn luhn_and_digit_runs() {
        assert!(luhn(&[4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
        assert!(!luhn(&[4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]));
        assert!(long_digit_run(b"x 4111-1111-1111-1111 y"));
        assert!(!long_digit_run(b"2026-11-27T04:18:15Z +44 20 7946 0958"));
        // A timestamp's digits, an amount and a phone stay.
        let text = text_of(r#"{"at":"2026-11-27T04:18:15Z","amount":"560.00","phone":"+44 20 7946 0958"}"#);
        assert!(text.contains("2026-11-27T04:18:15Z") && text.contains("+44 20 7946 0958"), "{text}");
    }

    #[test]
    fn a_new_api_key_is_redacted() {
        let text = text_of(r#"{"id":"k1","name":"CI","key":"dk_sandbox_abc","hint":"dk_sandbox_…"}"#);
        assert!(!text.contains("dk_sandbox_abc") && text.contains(r#""key":"[redacted]""#), "{text}");
        assert!(text.contains(r#""name":"CI""#), "{text}");
    }

    #[test]
    fn long_bodies_are_cut_on_a_character_boundary() {
        let (text, cut) = recorded(&body("ééééé"), 5);
        assert_eq!(text.as_deref(), Some("éé"));
        assert!(cut);
    }

    #[test]
    fn plain_bodies_are_kept_as_sent_and_cut() {
        let sent = bytes::Bytes::from_static(br#"{"note": "api_key in prose", "n": 1}"#);
        assert_eq!(
            recorded(&Body::Plain(sent.clone()), 1000).0.as_deref(),
            Some(r#"{"note": "api_key in prose", "n": 1}"#)
        );
        assert_eq!(recorded(&Body::Plain(sent), 5), (Some(r#"{"not"#.to_owned()), true));
    }

    #[test]
    fn binary_and_empty_bodies() {
        assert_eq!(
            recorded(&Body::Bytes(bytes::Bytes::from_static(&[0xff, 0xfe])), 10).0.as_deref(),
            Some("[2 bytes of binary data]")
        );
        assert_eq!(recorded(&Body::Empty, 10).0, None);
        // A plain body is not checked when recorded; it reads back as the same note.
        assert_eq!(
            recorded(&Body::Plain(bytes::Bytes::from_static(&[0x89, b'P', b'N', b'G'])), 10).0.as_deref(),
            Some("[4 bytes of binary data]")
        );
    }

    #[test]
    fn plain_bodies_are_cut_on_a_character_boundary_without_being_copied() {
        let sent = Body::Plain(bytes::Bytes::from("aé€😀".as_bytes().to_vec()));
        for (limit, kept) in [(1, "a"), (2, "a"), (3, "aé"), (5, "aé"), (6, "aé€"), (9, "aé€"), (10, "aé€😀")]
        {
            let (bytes, _) = body_text(&sent, limit, &[]);
            let bytes = bytes.expect("bytes");
            assert!(matches!(bytes, Cow::Borrowed(_)), "a plain body is borrowed, not copied");
            assert_eq!(std::str::from_utf8(&bytes), Ok(kept), "limit {limit}");
        }
    }

    #[test]
    fn bodies_without_secrets_are_kept_as_sent() {
        let sent = r#"{"b": 1,  "a": "x"}"#;
        assert_eq!(recorded(&body(sent), 1000).0.as_deref(), Some(sent));
        assert!(may_hold_secrets(br#"{"Client-Secret": "x"}"#, &[]));
        assert!(may_hold_secrets(br#"{"pin": "1234"}"#, &[]));
        assert!(may_hold_secrets(br#"{"id": "1", "key": "dk_sandbox_x"}"#, &[]));
        assert!(!may_hold_secrets(br#"{"monkey": "x", "key_id": "y"}"#, &[]));
        assert!(!may_hold_secrets(br#"{"shipping": "x"}"#, &[]));
    }

    #[test]
    fn query_secrets() {
        assert_eq!(query("page=1&token=abc", &[]), "page=1&token=[redacted]");
        assert_eq!(query("api%5Fkey=k&pass%77ord=p&a=1", &[]), "api%5Fkey=[redacted]&pass%77ord=[redacted]&a=1");
        assert_eq!(query("limit=10&page=2", &[]), "limit=10&page=2");
        assert_eq!(query("PIN=1234&x=1", &[]), "PIN=[redacted]&x=1");
        assert_eq!(query("Access-Token=t", &[]), "Access-Token=[redacted]");
        assert_eq!(query("q=4111111111111111&x=1", &[]), "q=%5Bredacted+card+number%5D&x=1");
    }

    #[test]
    fn escaped_secret_names_are_still_redacted() {
        let (text, _) = recorded(&body(r#"{"pass\u0077ord": "hunter2"}"#), 1000);
        assert!(!text.unwrap_or_default().contains("hunter2"));
    }

    #[test]
    fn bodies_that_are_not_json_never_leak_secrets() {
        let (text, _) = recorded(&body(r#"{"external_id": "x", "password": "hunter2","#), 1000);
        assert!(!text.unwrap_or_default().contains("hunter2"));
        let (text, _) = recorded(&body("password=hunter2&user=a"), 1000);
        assert_eq!(text.as_deref(), Some("password=[redacted]&user=a"));
        let (text, _) = recorded(&body("<note>hello</note>"), 1000);
        assert_eq!(text.as_deref(), Some("<note>hello</note>"), "no secrets: kept as sent");
        let (text, _) = recorded(&body("<note>passphrase: correct-horse</note>"), 1000);
        assert!(!text.unwrap_or_default().contains("correct-horse"));
    }
}
