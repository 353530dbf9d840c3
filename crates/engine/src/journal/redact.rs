//! Keeps secrets out of the journal: values of secret-looking JSON fields and query parameters
//! are replaced before anything is stored.

use std::borrow::Cow;

use serde_json::Value;

use super::model::CapturedBody as Body;

pub(crate) const REDACTED: &str = "[redacted]";

/// Bodies larger than this are not parsed for redaction, and so not recorded.
const MAX_PARSED: usize = 256 * 1024;

/// Name fragments that mark a secret; any name containing one is redacted.
const SECRET_PARTS: [&str; 7] = ["secret", "password", "passwd", "token", "api_key", "apikey", "authorization"];
/// Whole names that mark a secret (`key`: a new API key as `POST /_docket/keys` shows it).
const SECRET_NAMES: [&str; 6] = ["otp", "otp_code", "pin", "cvv", "master_key", "key"];

/// Whether a field or parameter name holds a secret.
pub(crate) fn is_secret_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase().replace('-', "_");
    SECRET_PARTS.iter().any(|p| n.contains(p)) || SECRET_NAMES.contains(&n.as_str())
}

/// Whether a body could hold a secret-named field at all. Most bodies cannot, and then the
/// costly JSON parse is skipped. Errs on the side of caution: escapes (`\u0077`, `%77`) could
/// spell a secret name, so a body with any is treated as if it held one.
fn may_hold_secrets(bytes: &[u8]) -> bool {
    if memchr::memmem::find(bytes, b"\\u").is_some() || memchr::memchr(b'%', bytes).is_some() {
        return true;
    }
    let lower: Vec<u8> = bytes.iter().map(|b| if *b == b'-' { b'_' } else { b.to_ascii_lowercase() }).collect();
    let contains = |needle: &[u8]| memchr::memmem::find(&lower, needle).is_some();
    SECRET_PARTS.iter().any(|p| contains(p.as_bytes()))
        || SECRET_NAMES.iter().any(|n| contains(format!("\"{n}\"").as_bytes()) || contains(format!("{n}=").as_bytes()))
}

fn redact_value(v: &mut Value) {
    match v {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                if is_secret_name(k) && !v.is_null() {
                    *v = Value::String(REDACTED.into());
                } else {
                    redact_value(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact_value),
        _ => {}
    }
}

/// What is recorded of a body: its bytes (UTF-8 text, unless a plain body was binary), and
/// whether they were cut at the limit.
pub(crate) type Recorded<'a> = (Option<Cow<'a, [u8]>>, bool);

/// The recordable bytes of a body, and whether they were cut.
///
/// Plain bodies (Docket's own responses) are the hot path: they are neither parsed nor
/// validated nor copied here, only cut; a binary one is recognised when it is read back.
pub(crate) fn body_text(body: &Body, limit: usize) -> Recorded<'_> {
    let bytes = match body {
        Body::Empty => return (None, false),
        Body::NotCaptured(note) => return (Some(Cow::Borrowed(note.as_bytes())), false),
        Body::Bytes(b) | Body::Plain(b) if b.is_empty() => return (None, false),
        Body::Plain(b) => {
            let (kept, cut) = cut_bytes(b, limit);
            return (Some(Cow::Borrowed(kept)), cut);
        }
        Body::Bytes(b) => b,
    };
    let owned = |text: String| Some(Cow::Owned(text.into_bytes()));
    if bytes.len() > MAX_PARSED {
        return (owned(format!("[{} bytes; too large to record]", bytes.len())), false);
    }
    if !may_hold_secrets(bytes) && std::str::from_utf8(bytes).is_ok() {
        let (kept, cut) = cut_bytes(bytes, limit);
        return (Some(Cow::Borrowed(kept)), cut);
    }
    let text = match serde_json::from_slice::<Value>(bytes) {
        Ok(mut json) => {
            redact_value(&mut json);
            json.to_string()
        }
        Err(_) => match std::str::from_utf8(bytes) {
            // A form body (`a=1&b=2`) is redacted like a query string.
            Ok(t) if looks_like_form(t) => query(t),
            // Anything else that is not JSON cannot be redacted field by field: withheld.
            Ok(_) => {
                return (owned(format!("[{} bytes; not JSON, withheld as it may hold secrets]", bytes.len())), false);
            }
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

/// The query string (or form body) with secret-looking parameter values replaced. Names are
/// decoded before they are judged, so `pass%77ord` counts as `password`.
pub(crate) fn query(q: &str) -> String {
    if !may_hold_secrets(q.as_bytes()) {
        return q.to_owned();
    }
    q.split('&')
        .map(|pair| {
            let (name, _) = pair.split_once('=').unwrap_or((pair, ""));
            let decoded: String = form_urlencoded::parse(name.as_bytes()).map(|(k, _)| k.into_owned()).collect();
            if is_secret_name(&decoded) { format!("{name}={REDACTED}") } else { pair.to_owned() }
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
        let (bytes, cut) = body_text(body, limit);
        (bytes.map(|b| String::from_utf8(b.into_owned()).unwrap_or_else(|e| binary_note(e.as_bytes().len()))), cut)
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
    fn a_new_api_key_is_redacted() {
        let (text, _) =
            recorded(&body(r#"{"id":"k1","name":"CI","key":"dk_sandbox_abc","hint":"dk_sandbox_…"}"#), 1000);
        let text = text.expect("text");
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
            let (bytes, _) = body_text(&sent, limit);
            let bytes = bytes.expect("bytes");
            assert!(matches!(bytes, Cow::Borrowed(_)), "a plain body is borrowed, not copied");
            assert_eq!(std::str::from_utf8(&bytes), Ok(kept), "limit {limit}");
        }
    }

    #[test]
    fn bodies_without_secret_names_are_kept_as_sent() {
        let sent = r#"{"b": 1,  "a": "x"}"#;
        assert_eq!(recorded(&body(sent), 1000).0.as_deref(), Some(sent));
        assert!(may_hold_secrets(br#"{"Client-Secret": "x"}"#));
        assert!(may_hold_secrets(br#"{"pin": "1234"}"#));
        assert!(may_hold_secrets(br#"{"id": "1", "key": "dk_sandbox_x"}"#));
        assert!(!may_hold_secrets(br#"{"monkey": "x", "key_id": "y"}"#));
        assert!(!may_hold_secrets(br#"{"shipping": "x"}"#));
    }

    #[test]
    fn query_secrets() {
        assert_eq!(query("page=1&token=abc"), "page=1&token=[redacted]");
        assert_eq!(query("api%5Fkey=k&pass%77ord=p&a=1"), "api%5Fkey=[redacted]&pass%77ord=[redacted]&a=1");
        assert_eq!(query("limit=10&page=2"), "limit=10&page=2");
        assert_eq!(query("PIN=1234&x=1"), "PIN=[redacted]&x=1");
        assert_eq!(query("Access-Token=t"), "Access-Token=[redacted]");
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
        assert_eq!(text.as_deref(), Some("<note>hello</note>"), "no secret names: kept as sent");
    }
}
