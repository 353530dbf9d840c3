//! The message catalogue of what Docket shows people outside the organization: the hosted
//! verification page, the KYB widget and the e-mails they receive, in five languages ([`Lang`]).
//!
//! - Every message has a key (`verify.submit`, `email.code.subject`, ...) and one text per
//!   language, written side by side in `catalogue/`, so a message cannot exist in one language
//!   only (the unit tests also check that each text names the same `{placeholders}`).
//! - [`negotiate`] picks the language of a request: `?lang=` first, then `Accept-Language` by
//!   quality, then English.
//! - [`text`] and [`fill`] give one message; [`page_messages`] gives a page all of its messages
//!   as a JSON object safe to put inside a `<script type="application/json">` element, which is
//!   how the hosted pages receive their words (see I18N in the API reference).
//!
//! Country names and dates are not here: the pages ask the browser's `Intl` for them.

mod catalogue;

use catalogue::Entry;

/// A language Docket's outward pages and messages are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
    Es,
    Pt,
}

impl Lang {
    /// Every language, in the order of each message's texts.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::De, Lang::Fr, Lang::Es, Lang::Pt];

    /// The ISO 639-1 code (`<html lang>`, `?lang=`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Pt => "pt",
        }
    }

    /// The language's name in itself, for a language switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::Pt => "Português",
        }
    }

    /// A language tag's language: `de`, `de-AT`, `DE_ch` are German; `None` for one Docket does
    /// not write in.
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?;
        Lang::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The language of a request: the `?lang=` parameter when Docket writes in it, else the first
/// language of `Accept-Language` (by quality, then order) that it writes in, else English.
pub fn negotiate(query_lang: Option<&str>, accept_language: Option<&str>) -> Lang {
    if let Some(lang) = query_lang.and_then(Lang::parse) {
        return lang;
    }
    let Some(header) = accept_language else { return Lang::En };
    let mut ranges: Vec<(u16, usize, Lang)> = header
        .split(',')
        .take(32)
        .enumerate()
        .filter_map(|(position, range)| {
            let mut parts = range.split(';');
            let lang = Lang::parse(parts.next()?)?;
            let quality = parts
                .find_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
                .map_or(Some(1000), quality)?;
            (quality > 0).then_some((quality, position, lang))
        })
        .collect();
    ranges.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    ranges.first().map_or(Lang::En, |r| r.2)
}

/// A quality value (`0.8`) in thousandths; `None` for a malformed one (the range is skipped).
fn quality(q: &str) -> Option<u16> {
    let q = q.trim();
    let (whole, fraction) = q.split_once('.').unwrap_or((q, ""));
    if fraction.len() > 3 || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let digits: String = format!("{fraction:0<3}");
    let value = match whole {
        "0" => digits.parse::<u16>().ok()?,
        "1" if digits.chars().all(|c| c == '0') => 1000,
        _ => return None,
    };
    Some(value)
}

fn entries() -> impl Iterator<Item = &'static Entry> {
    catalogue::ALL.iter().flat_map(|part| part.iter())
}

/// The message `key` in `lang`; `None` for a key the catalogue does not have.
pub fn text(lang: Lang, key: &str) -> Option<&'static str> {
    entries().find(|e| e.key == key).map(|e| e.text[lang.index()])
}

/// A message with its `{name}` placeholders filled (`values` are inserted as given: escape them
/// for HTML where the result is HTML). An unknown key gives the key itself, so a mistake shows
/// instead of vanishing.
pub fn fill(lang: Lang, key: &str, values: &[(&str, &str)]) -> String {
    let mut out = text(lang, key).unwrap_or(key).to_owned();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// Every message whose key starts with one of `prefixes` (say `["common.", "verify."]`), in
/// `lang`, as one JSON object (`{"common.submit": "Submit", ...}`) whose text is safe inside an
/// HTML `<script>` element: `<`, `>` and `&` are written as `\u003c`, `\u003e`, `\u0026`.
pub fn page_messages(lang: Lang, prefixes: &[&str]) -> String {
    let mut out = String::from("{");
    for entry in entries().filter(|e| prefixes.iter().any(|p| e.key.starts_with(p))) {
        if out.len() > 1 {
            out.push(',');
        }
        json_string(&mut out, entry.key);
        out.push(':');
        json_string(&mut out, entry.text[lang.index()]);
    }
    out.push('}');
    out
}

/// The languages as a JSON array of `{"code": "de", "name": "Deutsch"}`, for a switcher.
pub fn languages_json() -> String {
    let items: Vec<String> =
        Lang::ALL.iter().map(|l| format!("{{\"code\":\"{}\",\"name\":\"{}\"}}", l.code(), l.native_name())).collect();
    format!("[{}]", items.join(","))
}

fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeSet, HashSet};

    fn placeholders(s: &str) -> BTreeSet<&str> {
        s.split('{').skip(1).filter_map(|rest| rest.split_once('}').map(|(name, _)| name)).collect()
    }

    #[test]
    fn every_message_is_written_in_every_language_with_the_same_placeholders() {
        let mut keys = HashSet::new();
        for entry in entries() {
            assert!(keys.insert(entry.key), "{} is in the catalogue twice", entry.key);
            assert!(entry.key.contains('.'), "{}: keys are namespaced (`verify.`, `widget.`, ...)", entry.key);
            let english = placeholders(entry.text[0]);
            for lang in Lang::ALL {
                let t = entry.text[lang.index()];
                assert!(!t.trim().is_empty(), "{} is empty in {}", entry.key, lang.code());
                assert_eq!(placeholders(t), english, "{} in {} names other placeholders", entry.key, lang.code());
            }
        }
        assert!(keys.len() > 50);
    }

    #[test]
    fn the_query_wins_then_accept_language_by_quality_then_english() {
        assert_eq!(negotiate(Some("pt"), Some("de-DE")), Lang::Pt);
        assert_eq!(negotiate(Some("it"), Some("de-DE,de;q=0.9")), Lang::De, "an unknown ?lang= is ignored");
        assert_eq!(negotiate(None, Some("de-DE")), Lang::De);
        assert_eq!(negotiate(None, Some("it-IT,fr;q=0.5,es;q=0.8")), Lang::Es);
        assert_eq!(negotiate(None, Some("fr;q=0.5, pt-BR")), Lang::Pt);
        assert_eq!(negotiate(None, Some("de;q=0, fr;q=0.1")), Lang::Fr, "q=0 means not this one");
        assert_eq!(negotiate(None, Some("it, ja")), Lang::En);
        assert_eq!(negotiate(None, Some("de;q=2, es;q=abc, fr")), Lang::Fr, "malformed ranges are skipped");
        assert_eq!(negotiate(None, Some("*")), Lang::En);
        assert_eq!(negotiate(None, None), Lang::En);
        assert_eq!(negotiate(Some(""), Some("")), Lang::En);
        assert_eq!(Lang::parse("PT_br"), Some(Lang::Pt));
    }

    #[test]
    fn messages_are_filled_and_an_unknown_key_shows_itself() {
        assert_eq!(fill(Lang::De, "common.step_of", &[("n", "2"), ("total", "4")]), "Schritt 2 von 4");
        assert_eq!(fill(Lang::En, "no.such.key", &[]), "no.such.key");
        assert_eq!(text(Lang::Fr, "common.submit"), Some("Envoyer"));
    }

    #[test]
    fn page_messages_are_json_safe_inside_a_script_element() {
        let json = page_messages(Lang::En, &["common.", "verify."]);
        assert!(json.starts_with('{') && json.ends_with('}'));
        assert!(json.contains("\"common.submit\":\"Submit\"") && json.contains("\"verify.start\":"));
        assert!(!json.contains("email.code"), "only the prefixes asked for");
        let mut s = String::new();
        json_string(&mut s, "</script><b>\"x\"\n&");
        assert_eq!(s, r#""\u003c/script\u003e\u003cb\u003e\"x\"\n\u0026""#);
        assert!(languages_json().contains("{\"code\":\"pt\",\"name\":\"Português\"}"));
    }
}
