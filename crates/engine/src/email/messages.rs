//! The message that carries a one-time code, in English, German, French, Spanish and Portuguese
//! (by the check's `locale`, `de` or `de-AT` alike; anything else is English), as text and HTML.
//! Its words are the shared catalogue's (`docket-i18n`, keys `email.code.*`).

use docket_i18n::{Lang, fill};

/// A message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub locale: &'static str,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// The languages messages are written in (the catalogue's, `docket-i18n`).
pub const LOCALES: [&str; 5] = ["en", "de", "fr", "es", "pt"];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The code's message for `email` in `locale`.
pub fn one_time_code(email: &str, code: &str, locale: Option<&str>, minutes: i64) -> Message {
    let lang = locale.and_then(Lang::parse).unwrap_or_default();
    let words = |key: &str, email: &str| {
        fill(lang, key, &[("code", code), ("email", email), ("minutes", &minutes.to_string())])
    };
    let subject = words("email.code.subject", email);
    let text = format!(
        "{}\n\n    {code}\n\n{}\n{}\n",
        words("email.code.intro", email),
        words("email.code.expiry", email),
        words("email.code.ignore", email)
    );
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><body style=\"font-family:system-ui,sans-serif;color:#1d2433\">\
         <p>{intro}</p><p style=\"font-size:28px;letter-spacing:6px;font-weight:600\">{code}</p>\
         <p>{expiry}</p><p style=\"color:#5b6478\">{ignore}</p></body></html>",
        lang = lang.code(),
        intro = words("email.code.intro", &escape(email)),
        expiry = words("email.code.expiry", email),
        ignore = words("email.code.ignore", email),
    );
    Message { locale: lang.code(), subject, text, html }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_follow_the_locale_and_escape_the_address() {
        let de = one_time_code("anna@example.de", "123456", Some("de-AT"), 10);
        assert_eq!(de.locale, "de");
        assert!(de.subject.contains("123456") && de.text.contains("10 Minuten"));
        assert_eq!(one_time_code("a@b.fr", "1", Some("fr"), 10).locale, "fr");
        assert_eq!(one_time_code("a@b.es", "1", Some("ES_mx"), 10).locale, "es");
        assert_eq!(one_time_code("a@b.it", "1", Some("it"), 10).locale, "en");
        let pt = one_time_code("a@b.pt", "654321", Some("pt-BR"), 10);
        assert_eq!(pt.locale, "pt");
        assert!(pt.subject.contains("654321") && pt.text.contains("10 minutos"));
        let html = one_time_code("<b>x</b>@example.com", "1", None, 10).html;
        assert!(html.contains("&lt;b&gt;") && !html.contains("<b>x"));
    }
}
