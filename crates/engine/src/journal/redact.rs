//! Keeps secrets out of the journal: values of secret-looking JSON fields and query parameters
//! are replaced before anything is stored.

use serde_json::Value;

use super::model::CapturedBody as Body;

pub(crate) const REDACTED: &str = "[redacted]";

/// Bodies larger than this are not parsed for redaction, and so not recorded.
const MAX_PARSED: usize = 256 * 1024;

/// Whether a field or parameter name holds a secret.
pub(crate) fn is_secret_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase().replace('-', "_");
    const PARTS: [&str; 7] = ["secret", "password", "passwd", "token", "api_key", "apikey", "authorization"];
    PARTS.iter().any(|p| n.contains(p)) || matches!(n.as_str(), "otp" | "otp_code" | "pin" | "cvv" | "master_key")
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

/// The recordable text of a body, and whether it was cut.
pub(crate) fn body_text(body: &Body, limit: usize) -> (Option<String>, bool) {
    let bytes = match body {
        Body::Empty => return (None, false),
        Body::NotCaptured(note) => return (Some(note.clone()), false),
        Body::Bytes(b) if b.is_empty() => return (None, false),
        Body::Bytes(b) => b,
    };
    if bytes.len() > MAX_PARSED {
        return (Some(format!("[{} bytes; too large to record]", bytes.len())), false);
    }
    let text = match serde_json::from_slice::<Value>(bytes) {
        Ok(mut json) => {
            redact_value(&mut json);
            json.to_string()
        }
        Err(_) => match std::str::from_utf8(bytes) {
            Ok(t) => t.to_owned(),
            Err(_) => return (Some(format!("[{} bytes of binary data]", bytes.len())), false),
        },
    };
    truncate(text, limit)
}

fn truncate(mut text: String, limit: usize) -> (Option<String>, bool) {
    if text.len() <= limit {
        return (Some(text), false);
    }
    let mut cut = limit;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text.truncate(cut);
    (Some(text), true)
}

/// The query string with secret-looking parameter values replaced.
pub(crate) fn query(q: &str) -> String {
    q.split('&')
        .map(|pair| match pair.split_once('=') {
            Some((k, _)) if is_secret_name(k) => format!("{k}={REDACTED}"),
            _ => pair.to_owned(),
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

    #[test]
    fn secrets_are_redacted_at_any_depth() {
        let (text, cut) = body_text(
            &body(r#"{"id":"1","hmac_signing_secret":"whsec_00","nested":[{"password":"p","name":"n"}],"api_key":null}"#),
            1000,
        );
        let text = text.expect("text");
        assert!(!cut);
        assert!(!text.contains("whsec_00") && !text.contains("\"p\""), "{text}");
        assert!(text.contains("\"name\":\"n\""), "{text}");
    }

    #[test]
    fn long_bodies_are_cut_on_a_character_boundary() {
        let (text, cut) = body_text(&body("ééééé"), 5);
        assert_eq!(text.as_deref(), Some("éé"));
        assert!(cut);
    }

    #[test]
    fn binary_and_empty_bodies() {
        assert_eq!(body_text(&Body::Bytes(bytes::Bytes::from_static(&[0xff, 0xfe])), 10).0.as_deref(), Some("[2 bytes of binary data]"));
        assert_eq!(body_text(&Body::Empty, 10).0, None);
    }

    #[test]
    fn query_secrets() {
        assert_eq!(query("page=1&token=abc"), "page=1&token=[redacted]");
    }
}
