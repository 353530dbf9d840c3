//! The message that carries a one-time code, in English, German, French and Spanish (by the
//! check's `locale`, `de` or `de-AT` alike; anything else is English), as text and HTML.

/// A message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub locale: &'static str,
    pub subject: String,
    pub text: String,
    pub html: String,
}

struct Words {
    locale: &'static str,
    subject: &'static str,
    intro: &'static str,
    expiry: &'static str,
    ignore: &'static str,
}

const WORDS: &[Words] = &[
    Words {
        locale: "en",
        subject: "Your verification code: {code}",
        intro: "Use this code to confirm that {email} is your e-mail address:",
        expiry: "It is valid for {minutes} minutes.",
        ignore: "If you did not ask for it, ignore this message.",
    },
    Words {
        locale: "de",
        subject: "Ihr Bestätigungscode: {code}",
        intro: "Mit diesem Code bestätigen Sie, dass {email} Ihre E-Mail-Adresse ist:",
        expiry: "Er ist {minutes} Minuten lang gültig.",
        ignore: "Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.",
    },
    Words {
        locale: "fr",
        subject: "Votre code de vérification : {code}",
        intro: "Utilisez ce code pour confirmer que {email} est votre adresse e-mail :",
        expiry: "Il est valable {minutes} minutes.",
        ignore: "Si vous ne l'avez pas demandé, ignorez ce message.",
    },
    Words {
        locale: "es",
        subject: "Su código de verificación: {code}",
        intro: "Use este código para confirmar que {email} es su dirección de correo:",
        expiry: "Es válido durante {minutes} minutos.",
        ignore: "Si no lo ha solicitado, ignore este mensaje.",
    },
];

/// The languages messages are written in.
pub const LOCALES: [&str; 4] = ["en", "de", "fr", "es"];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The code's message for `email` in `locale`.
pub fn one_time_code(email: &str, code: &str, locale: Option<&str>, minutes: i64) -> Message {
    let language = locale.map(|l| l.trim().split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase());
    let words = WORDS.iter().find(|w| Some(w.locale) == language.as_deref()).unwrap_or(&WORDS[0]);
    let fill = |s: &str, email: &str| {
        s.replace("{code}", code).replace("{email}", email).replace("{minutes}", &minutes.to_string())
    };
    let subject = fill(words.subject, email);
    let text = format!(
        "{}\n\n    {code}\n\n{}\n{}\n",
        fill(words.intro, email),
        fill(words.expiry, email),
        fill(words.ignore, email)
    );
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><body style=\"font-family:system-ui,sans-serif;color:#1d2433\">\
         <p>{intro}</p><p style=\"font-size:28px;letter-spacing:6px;font-weight:600\">{code}</p>\
         <p>{expiry}</p><p style=\"color:#5b6478\">{ignore}</p></body></html>",
        lang = words.locale,
        intro = fill(words.intro, &escape(email)),
        expiry = fill(words.expiry, email),
        ignore = fill(words.ignore, email),
    );
    Message { locale: words.locale, subject, text, html }
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
        let html = one_time_code("<b>x</b>@example.com", "1", None, 10).html;
        assert!(html.contains("&lt;b&gt;") && !html.contains("<b>x"));
    }
}
