//! Name normalisation: what a name is reduced to before it is indexed or compared.
//!
//! Both sides go through the same steps, so the list and the query meet in one form:
//! Unicode letters are transliterated to Latin (Cyrillic, Greek, Arabic, CJK, ...) and folded
//! to lower case; dotted abbreviations are closed up (`S.A.` becomes `sa`); apostrophes vanish
//! (`O'Connor` becomes `oconnor`); other punctuation separates tokens; honorifics (`mr`, `dr`,
//! `sheikh`) and company legal forms (`llc`, `gmbh`, `ooo`) are dropped, since they say nothing
//! about who is meant.

/// One token of a normalised name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    /// A particle (`al`, `bin`, `van`, `de`, `the`, `and`): it counts for little.
    pub particle: bool,
}

/// A name reduced to its tokens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NormalizedName {
    pub tokens: Vec<Token>,
    /// The name was written in an abjad (Arabic, Hebrew, Syriac), whose Latin forms differ
    /// mostly in vowels: consonant skeletons are compared too.
    pub abjad: bool,
}

impl NormalizedName {
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// The tokens joined by spaces: the name's normal form.
    pub fn key(&self) -> String {
        self.tokens.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ")
    }
}

/// Titles and forms of address, dropped from names.
#[rustfmt::skip]
const HONORIFICS: &[&str] = &[
    "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lord", "lady", "rev", "reverend",
    "hon", "honorable", "honourable", "excellency", "his", "her", "gen", "general", "col", "colonel", "maj", "major",
    "capt", "captain", "lt", "sgt", "sheikh", "shaikh", "sheik", "haji", "hajji", "mullah", "imam", "seyed", "seyyed",
    "sayed", "sayyed", "sayyid", "sayyad", "herr", "frau", "monsieur", "madame", "mme", "mlle", "senor", "senora",
    "sr", "sra", "dona", "don", "gospodin", "jr", "junior", "snr", "iii", "ii",
];

/// Company legal forms, dropped from names. Written as they appear once dots are removed.
#[rustfmt::skip]
const LEGAL_FORMS: &[&str] = &[
    "llc", "ltd", "limited", "inc", "incorporated", "corp", "corporation", "co", "company", "plc", "gmbh", "ag", "kg",
    "ohg", "ug", "ev", "sa", "sas", "sarl", "sas", "spa", "srl", "sl", "slu", "bv", "nv", "oy", "oyj", "ab", "asa",
    "aps", "kk", "pte", "pty", "pvt", "llp", "lp", "lllp", "jsc", "pjsc", "ojsc", "cjsc", "oao", "zao", "pao", "ooo",
    "tov", "pp", "fze", "fzco", "fzc", "fzllc", "dmcc", "wll", "spc", "bsc", "qsc", "saog", "sal", "sae", "kft",
    "zrt", "nyrt", "sro", "doo", "dd", "ead", "eood", "ood", "cv", "sapi", "ltda", "eireli", "epp", "tbk", "bhd",
    "sdn", "berhad", "ca", "kompaniya", "kompania", "korporatsiya", "korporaciya",
];

/// Particles and connectives: kept, but weighted low when scoring.
#[rustfmt::skip]
const PARTICLES: &[&str] = &[
    "al", "el", "ul", "l", "bin", "ibn", "bint", "abu", "abd", "ben", "bat", "van", "von", "der", "den", "de", "del",
    "della", "di", "da", "dos", "das", "du", "la", "le", "los", "las", "y", "e", "the", "and", "of", "for", "und",
    "et", "holdings", "holding", "group",
];

/// Words that mark an organisation's name.
#[rustfmt::skip]
const ORGANIZATION_WORDS: &[&str] = &[
    "company", "corporation", "institute", "institution", "university", "academy", "bank", "group", "holding",
    "holdings", "trading", "industries", "industry", "industrial", "technology", "technologies", "tech", "laboratory",
    "laboratories", "research", "center", "centre", "factory", "plant", "bureau", "ministry", "department",
    "association", "foundation", "enterprise", "enterprises", "international", "electronics", "systems", "services",
    "logistics", "shipping", "engineering", "import", "export", "airlines", "airways", "bureau", "office",
    "committee", "council", "army", "force", "forces", "front", "brigade", "network", "party", "movement",
    "organization", "organisation", "agency", "authority", "society", "fund", "trust", "capital", "investment",
    "investments", "petroleum", "oil", "gas", "energy", "mining", "metals", "chemical", "chemicals", "pharmaceutical",
    "pharma", "aviation", "aerospace", "defense", "defence", "machinery", "manufacturing", "construction",
    "development", "solutions", "software", "communications", "telecom", "media", "press", "school", "hospital",
    "club", "union", "cooperative", "partners", "ventures", "imports", "exports", "shipyard", "marine", "maritime",
    "navigation", "transport", "exchange", "studio", "llc", "ltd",
];

/// Whether a name reads like an organisation's (a legal form or a company word in it).
pub fn looks_like_organization(name: &str) -> bool {
    let latin = deunicode::deunicode(name).to_lowercase();
    latin
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
        .map(|w| w.trim_matches('.').replace('.', ""))
        .any(|w| LEGAL_FORMS.contains(&w.as_str()) || ORGANIZATION_WORDS.contains(&w.as_str()))
}

fn is_abjad(c: char) -> bool {
    matches!(c as u32,
        0x0590..=0x05FF   // Hebrew
        | 0x0600..=0x06FF // Arabic
        | 0x0700..=0x074F // Syriac
        | 0x0750..=0x077F // Arabic supplement
        | 0x08A0..=0x08FF // Arabic extended-A
        | 0xFB50..=0xFDFF // Arabic presentation forms A
        | 0xFE70..=0xFEFF) // Arabic presentation forms B
}

/// Normalises a name for matching.
pub fn normalize(name: &str) -> NormalizedName {
    let abjad = name.chars().any(is_abjad);
    let mut tokens = Vec::new();
    for word in name.split_whitespace() {
        if !word.chars().any(is_abjad) {
            push_tokens(word, true, &mut tokens);
            continue;
        }
        // The Arabic article is written joined to its word (`الراشد`); it becomes the particle
        // `al`, as Latin spellings write it, and the word meets `al rashid`.
        let word = match word.strip_prefix("ال") {
            Some(rest) if rest.is_empty() || rest.chars().count() >= 2 => {
                tokens.push(Token { text: "al".to_owned(), particle: true });
                rest
            }
            _ => word,
        };
        // Titles are dropped by their Latin spelling, which an abjad word only meets by chance
        // (`عمر`, Omar, transliterates to `mr`): abjad words are all kept.
        push_tokens(word, false, &mut tokens);
    }
    // A name made only of dropped words keeps them: "Holdings Ltd" still needs a name.
    if tokens.is_empty() {
        tokens = deunicode::deunicode(name)
            .to_lowercase()
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|p| !p.is_empty())
            .map(|p| Token { text: p.to_owned(), particle: false })
            .collect();
    }
    NormalizedName { tokens, abjad }
}

/// A company legal form, also misspelt by one letter when it is long (`lmiited`, `comapny`):
/// a typo must not turn a dropped word into a distinctive one.
fn is_legal_form(part: &str) -> bool {
    LEGAL_FORMS.contains(&part)
        || (part.len() >= 6
            && LEGAL_FORMS
                .iter()
                .any(|f| f.len() >= 6 && f.len().abs_diff(part.len()) <= 1 && strsim::osa_distance(part, f) <= 1))
}

/// Transliterates one written word and appends its tokens; `drop_titles`: leave out honorifics
/// and legal forms.
fn push_tokens(word: &str, drop_titles: bool, tokens: &mut Vec<Token>) {
    let latin = deunicode::deunicode(word).to_lowercase();
    for raw in latin.split_whitespace() {
        // Close up dotted abbreviations and drop apostrophes before splitting on punctuation.
        let closed: String = raw.chars().filter(|c| !matches!(c, '.' | '\'' | '`' | '"')).collect();
        let parts: Vec<&str> = closed.split(|c: char| !c.is_ascii_alphanumeric()).filter(|p| !p.is_empty()).collect();
        // Only a word of its own is a title or a form: `MS-13` and `SA-2` are codes.
        let alone = parts.len() == 1;
        for part in parts {
            if drop_titles && alone && (HONORIFICS.contains(&part) || is_legal_form(part)) {
                continue;
            }
            tokens.push(Token { text: part.to_owned(), particle: PARTICLES.contains(&part) });
        }
    }
}

/// The consonant skeleton of a token: `mohammed` and `muhamad` both become `mhmd`. Vowels and
/// the semivowels `y` and `w` go (Arabic writes short vowels not at all and long ones as
/// semivowels); `h` stays, being a consonant there.
pub fn skeleton(token: &str) -> String {
    let mut out = String::with_capacity(token.len());
    for c in token.chars() {
        if matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'w') && !out.is_empty() {
            continue;
        }
        if out.ends_with(c) {
            continue;
        }
        out.push(c);
    }
    out
}

/// A token's spelling with the differences of Latin transliteration folded away: `dzh`, `dj`
/// and `j`; `kh` and `h`; `ph` and `f`; `c`, `ck`, `q` and `k` (but `ch` stays); `x` and `ks`;
/// `y` and `i`; `w` and `v`; doubled letters. `джинлонг` (deunicode: `dzhinlong`) and `Jinlong`,
/// `Garkia` and `Garcia`, `Stokk` and `Stock` meet here. Digraphs that name different sounds in
/// different languages (`zh`, `ts`, `sh`) are left alone.
pub fn spelling_key(token: &str) -> String {
    // Tokens are ASCII after normalisation; any other is kept as it is.
    if !token.is_ascii() {
        return token.to_owned();
    }
    let b = token.as_bytes();
    let mut out = String::with_capacity(token.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        let (letter, used): (&str, usize) = if rest.starts_with(b"dzh") {
            ("j", 3)
        } else if rest.starts_with(b"dj") {
            ("j", 2)
        } else if rest.starts_with(b"kh") {
            ("h", 2)
        } else if rest.starts_with(b"ph") {
            ("f", 2)
        } else if rest.starts_with(b"ch") {
            ("ch", 2)
        } else if rest.starts_with(b"ck") {
            ("k", 2)
        } else {
            match rest[0] {
                b'c' | b'q' => ("k", 1),
                b'x' => ("ks", 1),
                b'y' => ("i", 1),
                b'w' => ("v", 1),
                _ => (&token[i..i + 1], 1),
            }
        };
        for c in letter.chars() {
            if !out.ends_with(c) {
                out.push(c);
            }
        }
        i += used;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> String {
        normalize(s).key()
    }

    #[test]
    fn folds_case_accents_and_scripts() {
        assert_eq!(key("José GARCÍA Fernández"), "jose garcia fernandez");
        assert_eq!(key("Дмитрий Соколов"), "dmitrii sokolov");
        assert_eq!(key("Γιώργος Παπαδόπουλος"), "giorgos papadopoulos");
        assert_eq!(key("王伟"), "wang wei");
    }

    #[test]
    fn drops_titles_and_legal_forms_and_closes_abbreviations() {
        assert_eq!(key("Dr. Ayman AL-ZAWAHIRI"), "ayman al zawahiri");
        assert_eq!(key("Sunrise Trading L.L.C."), "sunrise trading");
        assert_eq!(key("OOO Volga Agro"), "volga agro");
        assert_eq!(key("Banco Nacional de Cuba S.A."), "banco nacional de cuba");
        assert_eq!(key("Liam O'Connor"), "liam oconnor");
        assert_eq!(key("Holdings Ltd"), "holdings");
        assert_eq!(key("Limited Co"), "limited co", "a name of dropped words keeps them");
        assert_eq!(key("VTB Insurance Lmiited"), "vtb insurance");
        assert_eq!(key("Al-Qatirji Comapny"), "al qatirji");
        assert_eq!(key("Kompas Trading"), "kompas trading", "short words are not taken for forms");
        assert_eq!(key("MS-13"), "ms 13", "a code keeps its parts");
    }

    #[test]
    fn marks_particles_and_abjad_script() {
        let n = normalize("محمد الراشد");
        assert!(n.abjad);
        let n = normalize("Abu Bakr al Baghdadi");
        assert_eq!(n.tokens.iter().filter(|t| t.particle).count(), 2);
    }

    #[test]
    fn the_arabic_article_becomes_al_joined_or_apart() {
        assert_eq!(normalize("خالد الزبيدي").tokens[1], Token { text: "al".into(), particle: true });
        assert_eq!(normalize("ال زبيدي").tokens[0], Token { text: "al".into(), particle: true });
    }

    #[test]
    fn arabic_words_are_never_taken_for_titles() {
        // عمر (Omar) transliterates to `mr`.
        assert_eq!(normalize("عمر فيصل").tokens.len(), 2);
        assert_eq!(key("Mr Omar Faisal"), "omar faisal");
    }

    #[test]
    fn tells_organisations_from_people() {
        assert!(looks_like_organization("Gazprom Dobycha Irkutsk, OOO"));
        assert!(looks_like_organization("Beijing Institute of Technology"));
        assert!(looks_like_organization("Acme S.A."));
        assert!(!looks_like_organization("Timur Nikoleavich Edigeev"));
        assert!(!looks_like_organization("I. ASH"));
    }

    #[test]
    fn spelling_keys_fold_transliteration_variants() {
        let same = |a: &str, b: &str| spelling_key(&key(a)) == spelling_key(&key(b));
        assert!(same("Джинлонг", "Jinlong"));
        assert!(same("Гаркиа", "Garcia"));
        assert!(same("Стокк", "Stock"));
        assert!(same("Хисиликон", "HiSilicon"));
        assert!(same("Djamel", "Jamel"));
        assert!(!same("Chen", "Ken"));
        assert!(!same("Zhang", "Jang"));
        assert_eq!(spelling_key("é"), "é");
    }

    #[test]
    fn skeletons_ignore_vowels() {
        assert_eq!(skeleton("mohammed"), skeleton("muhamad"));
        assert_eq!(skeleton("osama"), "osm");
        assert_ne!(skeleton("hassan"), skeleton("hussein").replace('s', "t"));
    }
}
