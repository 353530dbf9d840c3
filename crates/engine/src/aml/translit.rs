//! Latin names written in other scripts, for the demo list's aliases and the evaluation's
//! transliteration cases: the reverse of what the normaliser undoes. Approximate on purpose,
//! like real transliteration.

/// Latin to Cyrillic, letter by letter (`Putin` gives `путин`).
pub fn to_cyrillic(name: &str) -> String {
    #[rustfmt::skip]
    const PAIRS: [(&str, &str); 34] = [
        ("shch", "щ"), ("kh", "х"), ("zh", "ж"), ("ts", "ц"), ("ch", "ч"), ("sh", "ш"), ("yu", "ю"), ("ya", "я"),
        ("a", "а"), ("b", "б"), ("v", "в"), ("g", "г"), ("d", "д"), ("e", "е"), ("z", "з"), ("i", "и"), ("y", "ы"),
        ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"), ("p", "п"), ("r", "р"), ("s", "с"), ("t", "т"),
        ("u", "у"), ("f", "ф"), ("h", "х"), ("c", "к"), ("j", "дж"), ("q", "к"), ("w", "в"), ("x", "кс"),
    ];
    replace_all(&deunicode::deunicode(name).to_lowercase(), &PAIRS)
}

/// Latin to Arabic script, consonant by consonant; short vowels are not written, long ones
/// (`ee`, `oo`, `ou`, `aa`) and `i`/`u` as their letters (`Mohammed Al-Rashid` gives
/// `محمد الرشد`).
pub fn to_arabic(name: &str) -> String {
    #[rustfmt::skip]
    const PAIRS: [(&str, &str); 36] = [
        ("al-", "ال"), ("kh", "خ"), ("sh", "ش"), ("th", "ث"), ("dh", "ذ"), ("gh", "غ"), ("ou", "و"), ("oo", "و"),
        ("ee", "ي"), ("aa", "ا"), ("ai", "ي"), ("b", "ب"), ("t", "ت"), ("j", "ج"), ("h", "ح"), ("d", "د"), ("r", "ر"),
        ("z", "ز"), ("s", "س"), ("f", "ف"), ("q", "ق"), ("k", "ك"), ("l", "ل"), ("m", "م"), ("n", "ن"), ("w", "و"),
        ("y", "ي"), ("i", "ي"), ("u", "و"), ("g", "ج"), ("v", "ف"), ("p", "ب"), ("c", "ك"), ("x", "كس"), ("a", ""),
        ("e", ""),
    ];
    let lower = deunicode::deunicode(name).to_lowercase();
    // A word-initial vowel is written with alif.
    let words: Vec<String> = lower
        .split_whitespace()
        .map(|w| {
            let body = replace_all(w, &PAIRS);
            if w.starts_with(['a', 'e', 'i', 'o', 'u']) && !w.starts_with("al-") { format!("ا{body}") } else { body }
        })
        .collect();
    words.join(" ").replace('o', "")
}

/// Pinyin syllables of the name pools, in Chinese characters.
#[rustfmt::skip]
const HANZI: [(&str, &str); 42] = [
    ("wang", "王"), ("li", "李"), ("zhang", "张"), ("liu", "刘"), ("chen", "陈"), ("yang", "杨"), ("huang", "黄"),
    ("zhao", "赵"), ("wu", "吴"), ("zhou", "周"), ("xu", "徐"), ("sun", "孙"), ("ma", "马"), ("zhu", "朱"), ("hu", "胡"),
    ("guo", "郭"), ("he", "何"), ("lin", "林"), ("gao", "高"), ("luo", "罗"), ("wei", "伟"), ("lei", "磊"), ("jun", "军"),
    ("tao", "涛"), ("ming", "明"), ("hao", "浩"), ("jian", "建"), ("yong", "勇"), ("qiang", "强"), ("bo", "波"),
    ("hui", "辉"), ("gang", "刚"), ("fang", "芳"), ("na", "娜"), ("min", "敏"), ("jing", "静"), ("yan", "燕"), ("xiu", "秀"),
    ("mei", "梅"), ("ling", "玲"), ("hong", "红"), ("li", "丽"),
];

/// Romanised Korean syllables of the name pools, in Hangul.
#[rustfmt::skip]
const HANGUL: [(&str, &str); 28] = [
    ("kim", "김"), ("ri", "리"), ("pak", "박"), ("choe", "최"), ("jang", "장"), ("han", "한"), ("o", "오"), ("kang", "강"),
    ("jo", "조"), ("yun", "윤"), ("hwang", "황"), ("ryu", "류"), ("jong", "정"), ("chol", "철"), ("song", "성"),
    ("myong", "명"), ("yong", "용"), ("kwang", "광"), ("hyok", "혁"), ("ryong", "룡"), ("nam", "남"), ("il", "일"),
    ("sol", "설"), ("yo", "여"), ("hyang", "향"), ("kyong", "경"), ("mi", "미"), ("sun", "순"),
];

fn syllables(name: &str, table: &[(&str, &str)]) -> Option<String> {
    let mut out = String::new();
    for word in deunicode::deunicode(name).to_lowercase().split_whitespace() {
        out.push_str(table.iter().find(|(latin, _)| *latin == word)?.1);
    }
    Some(out)
}

/// A Chinese name in characters, family name first, when every syllable is known.
pub fn to_hanzi(family: &str, given: &str) -> Option<String> {
    syllables(&format!("{family} {given}"), &HANZI)
}

/// A Korean name in Hangul, family name first, when every syllable is known.
pub fn to_hangul(family: &str, given: &str) -> Option<String> {
    syllables(&format!("{family} {given}"), &HANGUL)
}

/// Another Latin spelling of the same sounds, where a rule applies (`Mohammed` gives
/// `muhammad`).
pub fn respell(name: &str) -> Option<String> {
    #[rustfmt::skip]
    const RULES: [(&str, &str); 19] = [
        ("mohammed", "muhammad"), ("muhammad", "mohamed"), ("mohamed", "mohammad"), ("ou", "u"), ("ph", "f"),
        ("kh", "h"), ("ee", "i"), ("oo", "u"), ("sch", "sh"), ("ck", "k"), ("y", "i"), ("i", "y"), ("c", "k"),
        ("j", "dj"), ("v", "w"), ("ie", "i"), ("ei", "ey"), ("ss", "s"), ("dh", "d"),
    ];
    let lower = name.to_lowercase();
    RULES.iter().find(|(from, _)| lower.contains(from)).map(|(from, to)| lower.replacen(from, to, 1))
}

fn replace_all(text: &str, pairs: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut rest = text;
    'outer: while !rest.is_empty() {
        for (from, to) in pairs {
            if let Some(r) = rest.strip_prefix(from) {
                out.push_str(to);
                rest = r;
                continue 'outer;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aml::normalize::{normalize, skeleton};

    #[test]
    fn scripts_and_back() {
        assert_eq!(to_cyrillic("Putin"), "путин");
        let arabic = to_arabic("Mohammed Al-Rashid");
        assert!(arabic.chars().all(|c| c == ' ' || ('\u{0600}'..='\u{06FF}').contains(&c)), "{arabic}");
        // What the normaliser makes of it meets the Latin name's consonants.
        let back = normalize(&arabic);
        assert!(back.abjad);
        assert_eq!(skeleton(&back.tokens[0].text), skeleton("mohammed"));
        assert_eq!(to_hanzi("Wang", "Wei").as_deref(), Some("王伟"));
        assert_eq!(to_hangul("Kim", "Chol").as_deref(), Some("김철"));
        assert_eq!(to_hanzi("Smith", "John"), None);
        assert_eq!(respell("Mohammed Ali").as_deref(), Some("muhammad ali"));
    }
}
