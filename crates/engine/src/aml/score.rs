//! Name scoring: how well a query name matches a listed name, with the evidence.
//!
//! Token order does not matter. Each query token is paired with at most one listed token (and
//! two adjacent tokens on one side may pair with one joined token on the other, so `al rashid`
//! meets `alrashid`); pairs are chosen greedily, best similarity first. A token's similarity is
//! 1 when equal, else the best of Jaro-Winkler, a shared Double Metaphone code (with phonetics
//! on), a shared consonant skeleton (for names written in Arabic or Hebrew script) and an
//! initial against a full token. Tokens weigh by rarity on the list, particles (`al`, `van`)
//! little. The score is
//!
//! ```text
//!   Σ similarity × weight of paired query tokens
//!   ─────────────────────────────────────────────────────────────────────────────────────
//!   weight of paired query tokens + α × weight of unpaired query tokens
//!     + β × Σ over the dearest two unpaired listed tokens of min(its weight, mean query weight)
//! ```
//!
//! A query token the list does not explain says something the list does not, so it costs by its
//! rarity. A listed token the query does not mention is missing information (lists carry many
//! middle names and patronymics), so it costs by its rarity too, but on the query's scale and at
//! most for two. A missing or extra middle name costs a little; a different surname a lot.

use serde::{Deserialize, Serialize};

/// The version of the matching algorithm; recorded with every search, so stored scores can be
/// told apart from those of a later version.
pub const ALGORITHM_VERSION: &str = "docket-names-2";

// The constants below were chosen with `docket aml eval` on the US Consolidated Screening List
// (a sweep of α, β, the fuzzy stretch and the known-token discount; see the README). Version 2
// costs unpaired listed tokens by their rarity, folds transliteration variants, and raised α
// from 0.35 to 0.40 to keep false positives below version 1's.

/// Weight of unpaired query tokens in the denominator.
const ALPHA: f64 = 0.40;
/// Cost of an unpaired listed token, as a share of its weight capped at a mean query token's.
const BETA: f64 = 0.35;
/// A spelling-only (fuzzy) pair contributes `1 - STRETCH × (1 - similarity)`: a near miss
/// counts for less than its raw similarity, so two mediocre pairs do not add up to a match.
const STRETCH: f64 = 1.5;
/// Spelling-only similarity between two tokens that are both on the list (two real names).
const KNOWN_PAIR: f64 = 0.85;
/// The least token similarity at the broadest fuzziness level.
const MIN_TOKEN_SIMILARITY: f64 = 0.80;
/// Unpaired listed tokens beyond this many cost nothing more.
const MAX_UNPAIRED_LISTED: usize = 2;
/// Similarity of an initial to a full token (`J` and `John`).
const INITIAL: f64 = 0.75;
/// Similarity floor of two tokens with a shared phonetic code.
const PHONETIC: f64 = 0.90;
/// The least spelling similarity at which a shared phonetic code counts: codes alone match
/// names as different as `amir` and `umar`. Tokens that start differently need more.
const PHONETIC_SPELLING: f64 = 0.70;
const PHONETIC_SPELLING_OTHER_START: f64 = 0.80;
/// Spelling similarity is discounted when tokens start with different letters (`moreno` and
/// `romero`); a shared phonetic code (`osama`, `usama`) is not.
const OTHER_START: f64 = 0.92;
/// Similarity of two tokens that differ only as Latin transliterations do (`normalize::spelling_key`).
const TRANSLITERATION: f64 = 0.95;
/// Similarity floor of two tokens with the same consonant skeleton.
const SKELETON: f64 = 0.88;

/// How names are compared, from the request's `fuzziness`, `fuzziness_level` and `phonetics`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchOptions {
    /// Approximate matches allowed (false: exact names only).
    pub fuzzy: bool,
    /// 0 (exact) to 1 (broad).
    pub level: f64,
    pub phonetics: bool,
}

/// The score at which a name is reported with the broadest settings (`fuzziness_level` 1):
/// chosen with `docket aml eval` on the US Consolidated Screening List (see the README).
pub const DEFAULT_THRESHOLD: f64 = 0.75;

impl MatchOptions {
    /// The least similarity at which two tokens count as the same.
    pub fn min_token_similarity(&self) -> f64 {
        if self.fuzzy { 1.0 - (1.0 - MIN_TOKEN_SIMILARITY) * self.level } else { 1.0 }
    }

    /// The least score at which a name is reported.
    pub fn threshold(&self) -> f64 {
        if self.fuzzy { 1.0 - (1.0 - DEFAULT_THRESHOLD) * self.level } else { 1.0 }
    }
}

/// How a pair of tokens matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Method {
    Exact,
    Fuzzy,
    Phonetic,
    Skeleton,
    Initial,
    /// Two adjacent tokens on one side joined into one on the other.
    Joined,
}

/// What scoring needs to know of one token.
#[derive(Debug, Clone)]
pub struct TokenInfo {
    pub text: Box<str>,
    /// Rarity on the list (inverse document frequency); particles count for less.
    pub weight: f32,
    pub particle: bool,
    /// Double Metaphone codes, primary and alternate (may be equal or empty).
    pub phonetic: [Box<str>; 2],
    pub skeleton: Box<str>,
    /// The spelling with transliteration variants folded away (`normalize::spelling_key`).
    pub spelling: Box<str>,
    /// The token occurs on the list. A listed name is a name: a known query token that is
    /// merely spelt like another listed token names someone else (`hassan`, `ghassan`).
    pub known: bool,
}

impl TokenInfo {
    pub fn new(text: &str, weight: f32, particle: bool) -> Self {
        TokenInfo {
            text: text.into(),
            weight: if particle { weight * 0.3 } else { weight },
            particle,
            phonetic: phonetic_codes(text),
            skeleton: super::normalize::skeleton(text).into(),
            spelling: super::normalize::spelling_key(text).into(),
            known: false,
        }
    }
}

/// Double Metaphone codes of a token (empty for tokens with digits, which have none).
pub fn phonetic_codes(text: &str) -> [Box<str>; 2] {
    if text.len() < 2 || text.chars().any(|c| c.is_ascii_digit()) {
        return ["".into(), "".into()];
    }
    thread_local! {
        // Codes of up to 8 characters: the default 4 makes long, different names collide
        // (`ursula` and `yaroslavich` both gave ARSL).
        static ENCODER: rphonetic::DoubleMetaphone = rphonetic::DoubleMetaphone::new(Some(8));
    }
    ENCODER.with(|e| {
        let r = e.double_metaphone(text);
        [r.primary().into_boxed_str(), r.alternate().into_boxed_str()]
    })
}

/// One paired token in a score's evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TokenMatch {
    /// The query's token (two joined by a space when they matched one listed token).
    pub query: String,
    /// The listed name's token (likewise).
    pub listed: String,
    pub similarity: f64,
    pub method: Method,
}

/// A name score with its evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NameScore {
    /// 0 to 1.
    pub score: f64,
    /// Every query token matched exactly and nothing was left over on either side.
    pub exact: bool,
    pub matches: Vec<TokenMatch>,
    /// Query tokens with no partner.
    pub unmatched_query: Vec<String>,
    /// Listed tokens with no partner.
    pub unmatched_listed: Vec<String>,
}

/// The similarity of two tokens and how it was found, if they count as the same.
pub fn similarity(q: &TokenInfo, c: &TokenInfo, opts: &MatchOptions, abjad: bool) -> Option<(f64, Method)> {
    if q.text == c.text {
        return Some((1.0, Method::Exact));
    }
    if !opts.fuzzy {
        return None;
    }
    let (qt, ct) = (&*q.text, &*c.text);
    if !q.particle && !c.particle && ((qt.len() == 1 && ct.starts_with(qt)) || (ct.len() == 1 && qt.starts_with(ct))) {
        return Some((INITIAL, Method::Initial));
    }
    let min = opts.min_token_similarity();
    let jw = strsim::jaro_winkler(qt, ct);
    // Short tokens are too alike by chance to be matched loosely: one edit at most.
    let short = qt.len().min(ct.len()) <= 3;
    let mut best: Option<(f64, Method)> = None;
    let mut consider = |sim: f64, method: Method| {
        if sim >= min && best.is_none_or(|(b, _)| sim > b) {
            best = Some((sim, method));
        }
    };
    let same_start = qt.as_bytes().first() == ct.as_bytes().first();
    let mut spelling = if same_start { jw } else { jw * OTHER_START };
    if q.known && c.known {
        spelling *= KNOWN_PAIR;
    }
    if !short {
        consider(spelling, Method::Fuzzy);
    } else if qt.len().min(ct.len()) >= 3 && strsim::damerau_levenshtein(qt, ct) <= 1 {
        consider(spelling.max(min), Method::Fuzzy);
    }
    let phonetic_spelling = if same_start { PHONETIC_SPELLING } else { PHONETIC_SPELLING_OTHER_START };
    if opts.phonetics && qt.len().min(ct.len()) >= 3 && jw >= phonetic_spelling && shares_code(&q.phonetic, &c.phonetic)
    {
        consider(jw.max(PHONETIC), Method::Phonetic);
    }
    if opts.phonetics && qt.len().min(ct.len()) >= 3 && q.spelling == c.spelling {
        // Two transliterations of one name (`dzhinlong`, `jinlong`).
        consider(jw.max(TRANSLITERATION), Method::Phonetic);
    }
    if abjad {
        // A leading vowel is often an ayin or alif, which transliteration drops or renders
        // freely (`عمر` gives `mr`; its Latin spellings `omar`, `umar`): compare without it.
        let consonants = |s: &str| s.strip_prefix(['a', 'e', 'i', 'o', 'u']).unwrap_or(s).to_owned();
        let (qs, cs) = (consonants(&q.skeleton), consonants(&c.skeleton));
        if qs.len() >= 2 && qs == cs {
            consider(jw.max(SKELETON), Method::Skeleton);
        }
    }
    best
}

fn shares_code(a: &[Box<str>; 2], b: &[Box<str>; 2]) -> bool {
    a.iter().any(|x| !x.is_empty() && b.iter().any(|y| x == y))
}

/// A possible pairing: query tokens `q` (one or two adjacent) with listed tokens `c`.
struct Pair {
    q: (usize, Option<usize>),
    c: (usize, Option<usize>),
    sim: f64,
    method: Method,
}

/// Scores a query name against a listed name. `abjad`: the query was written in an abjad.
pub fn score(query: &[&TokenInfo], listed: &[&TokenInfo], opts: &MatchOptions, abjad: bool) -> NameScore {
    let mut pairs: Vec<Pair> = Vec::with_capacity(query.len() * listed.len() + 4);
    for (i, q) in query.iter().enumerate() {
        for (j, c) in listed.iter().enumerate() {
            if let Some((sim, method)) = similarity(q, c, opts, abjad) {
                pairs.push(Pair { q: (i, None), c: (j, None), sim, method });
            }
        }
    }
    if opts.fuzzy {
        add_joined(query, listed, opts, &mut pairs, false);
        add_joined(listed, query, opts, &mut pairs, true);
    }
    // Best first; among equals, exact before approximate and single before joined.
    pairs.sort_by(|a, b| {
        b.sim
            .total_cmp(&a.sim)
            .then_with(|| (a.method != Method::Exact).cmp(&(b.method != Method::Exact)))
            .then_with(|| (a.q.1.is_some() || a.c.1.is_some()).cmp(&(b.q.1.is_some() || b.c.1.is_some())))
    });

    let mut q_used = vec![false; query.len()];
    let mut c_used = vec![false; listed.len()];
    let mut matches = Vec::new();
    let (mut matched, mut matched_weight) = (0.0f64, 0.0f64);
    let mut all_exact = true;
    for p in pairs {
        let qs = [Some(p.q.0), p.q.1];
        let cs = [Some(p.c.0), p.c.1];
        if qs.iter().flatten().any(|&i| q_used[i]) || cs.iter().flatten().any(|&j| c_used[j]) {
            continue;
        }
        let weight: f64 = qs.iter().flatten().map(|&i| f64::from(query[i].weight)).sum();
        qs.iter().flatten().for_each(|&i| q_used[i] = true);
        cs.iter().flatten().for_each(|&j| c_used[j] = true);
        let contribution = if p.method == Method::Fuzzy { 1.0 - STRETCH * (1.0 - p.sim) } else { p.sim };
        matched += contribution.max(0.0) * weight;
        matched_weight += weight;
        all_exact &= p.method == Method::Exact;
        let join = |tokens: &[&TokenInfo], (a, b): (usize, Option<usize>)| match b {
            Some(b) => format!("{} {}", tokens[a].text, tokens[b].text),
            None => tokens[a].text.to_string(),
        };
        matches.push(TokenMatch {
            query: join(query, p.q),
            listed: join(listed, p.c),
            similarity: (p.sim * 1000.0).round() / 1000.0,
            method: p.method,
        });
    }
    let (unpaired_query, unpaired_listed) = (unpaired(query, &q_used), unpaired(listed, &c_used));
    let uq_weight: f64 = unpaired_query.iter().map(|t| f64::from(t.weight)).sum();
    let mean_query_weight = query.iter().map(|t| f64::from(t.weight)).sum::<f64>() / query.len().max(1) as f64;
    // Each unpaired listed token costs by its rarity (particles weigh little), at most a mean
    // query token's weight: a common middle name or trade word left out says less than a rare
    // one. The dearest two count.
    let mut listed_costs: Vec<f64> =
        unpaired_listed.iter().map(|t| f64::from(t.weight).min(mean_query_weight)).collect();
    listed_costs.sort_by(|a, b| b.total_cmp(a));
    let listed_cost: f64 = listed_costs.iter().take(MAX_UNPAIRED_LISTED).sum();
    let unmatched_query: Vec<String> = unpaired_query.iter().map(|t| t.text.to_string()).collect();
    let unmatched_listed: Vec<String> = unpaired_listed.iter().map(|t| t.text.to_string()).collect();
    let denominator = matched_weight + ALPHA * uq_weight + BETA * listed_cost;
    let score = if denominator > 0.0 { (matched / denominator).clamp(0.0, 1.0) } else { 0.0 };
    let exact = all_exact && !matches.is_empty() && unmatched_query.is_empty() && unmatched_listed.is_empty();
    NameScore { score: if exact { 1.0 } else { score.min(0.999) }, exact, matches, unmatched_query, unmatched_listed }
}

/// The tokens that found no partner.
fn unpaired<'t>(tokens: &[&'t TokenInfo], used: &[bool]) -> Vec<&'t TokenInfo> {
    tokens.iter().zip(used).filter(|(_, u)| !**u).map(|(t, _)| *t).collect()
}

/// Pairs two adjacent tokens of `joined_side` with single tokens of `other` when their
/// concatenation matches. `flipped`: `joined_side` is the listed name.
fn add_joined(
    joined_side: &[&TokenInfo],
    other: &[&TokenInfo],
    opts: &MatchOptions,
    pairs: &mut Vec<Pair>,
    flipped: bool,
) {
    for i in 0..joined_side.len().saturating_sub(1) {
        let (a, b) = (joined_side[i], joined_side[i + 1]);
        let text = format!("{}{}", a.text, b.text);
        for (j, o) in other.iter().enumerate() {
            if o.text.len().abs_diff(text.len()) > 3 {
                continue;
            }
            let sim = if *o.text == *text { 1.0 } else { strsim::jaro_winkler(&text, &o.text) };
            if sim < opts.min_token_similarity().max(0.9) {
                continue;
            }
            let (q, c) = if flipped { ((j, None), (i, Some(i + 1))) } else { ((i, Some(i + 1)), (j, None)) };
            pairs.push(Pair { q, c, sim, method: Method::Joined });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aml::normalize::normalize;

    const BROAD: MatchOptions = MatchOptions { fuzzy: true, level: 1.0, phonetics: true };

    fn infos(name: &str) -> (Vec<TokenInfo>, bool) {
        let n = normalize(name);
        (n.tokens.iter().map(|t| TokenInfo::new(&t.text, 1.0, t.particle)).collect(), n.abjad)
    }

    fn s(query: &str, listed: &str, opts: MatchOptions) -> NameScore {
        let (q, abjad) = infos(query);
        let (c, _) = infos(listed);
        score(&q.iter().collect::<Vec<_>>(), &c.iter().collect::<Vec<_>>(), &opts, abjad)
    }

    #[test]
    fn exact_names_in_any_order_score_one() {
        let r = s("PUTIN, Vladimir", "Vladimir Putin", BROAD);
        assert!(r.exact && r.score == 1.0, "{r:?}");
    }

    #[test]
    fn typos_stay_high_and_different_surnames_fall() {
        assert!(s("Vladmir Puttin", "Vladimir Putin", BROAD).score > 0.9);
        assert!(s("John Brown", "John Smith", BROAD).score < 0.7);
    }

    #[test]
    fn missing_or_extra_middle_names_cost_a_little() {
        let missing = s("Vladimir Putin", "Vladimir Vladimirovich Putin", BROAD).score;
        let extra = s("Vladimir Vladimirovich Putin", "Vladimir Putin", BROAD).score;
        assert!((0.8..1.0).contains(&missing), "{missing}");
        assert!((0.8..1.0).contains(&extra), "{extra}");
    }

    #[test]
    fn initials_phonetics_joins_and_skeletons() {
        // An initial is weaker evidence than a spelled-out name, but still a hit.
        let r = s("J. Smith", "John Smith", BROAD);
        assert!(
            r.score > DEFAULT_THRESHOLD && r.score < 0.95 && r.matches.iter().any(|m| m.method == Method::Initial),
            "{r:?}"
        );
        let r = s("Mohamed Alrashid", "Muhammad Al Rashid", BROAD);
        assert!(r.score > 0.85, "{r:?}");
        assert!(r.matches.iter().any(|m| m.method == Method::Joined), "{r:?}");
        let r = s("محمد الراشد", "Muhammad al Rashid", BROAD);
        assert!(r.score > 0.8, "{r:?}");
        // Two of three listed names, in Arabic script.
        let r = s("عمر فيصل", "Omar Faisal", BROAD);
        assert!(r.score > 0.8 && r.unmatched_listed.is_empty(), "{r:?}");
        let r = s("خالد الزبيدي", "AL-ZUBAIDI, Khalid Hamid", BROAD);
        assert!(r.score >= DEFAULT_THRESHOLD, "{r:?}");
    }

    #[test]
    fn transliteration_variants_meet() {
        let r = s("Сун Джинлонг", "SUN, Jinlong", BROAD);
        assert!(r.score > 0.9 && r.matches.iter().any(|m| m.method == Method::Phonetic), "{r:?}");
        let r = s("Джосе Гил Гаркиа", "GIL GARCIA, Jose", BROAD);
        assert!(r.score > 0.9, "{r:?}");
        let off = MatchOptions { phonetics: false, ..BROAD };
        assert!(s("Сун Джинлонг", "SUN, Jinlong", off).score < DEFAULT_THRESHOLD);
    }

    #[test]
    fn a_common_listed_token_left_out_costs_less_than_a_rare_one() {
        let token = |text: &str, weight: f32| TokenInfo::new(text, weight, false);
        let (faiz, mohammed) = (token("faiz", 8.0), token("mohammed", 3.0));
        let (karim, yusop) = (token("karim", 2.0), token("yusop", 9.0));
        let query = [&faiz, &mohammed];
        let common_left_out = score(&query, &[&faiz, &mohammed, &karim], &BROAD, false).score;
        let rare_left_out = score(&query, &[&faiz, &mohammed, &yusop], &BROAD, false).score;
        assert!(common_left_out > rare_left_out, "{common_left_out} {rare_left_out}");
        // The dearest two count, at most a mean query token's weight each.
        let noel = token("noel", 9.0);
        let two = score(&query, &[&faiz, &mohammed, &yusop, &noel], &BROAD, false).score;
        let three = score(&query, &[&faiz, &mohammed, &karim, &yusop, &noel], &BROAD, false).score;
        assert!(two < rare_left_out && (two - three).abs() < 1e-9, "{two} {three}");
    }

    #[test]
    fn exact_options_accept_only_the_same_tokens() {
        let exact = MatchOptions { fuzzy: false, level: 1.0, phonetics: true };
        assert_eq!(s("Vladimir Putin", "putin vladimir", exact).score, 1.0);
        assert!(s("Vladmir Putin", "Vladimir Putin", exact).score < 0.7);
        assert_eq!(exact.threshold(), 1.0);
    }

    #[test]
    fn phonetics_can_be_turned_off() {
        let off = MatchOptions { phonetics: false, ..BROAD };
        let on = s("Usama bin Ladin", "Osama bin Laden", BROAD);
        let without = s("Usama bin Ladin", "Osama bin Laden", off);
        assert!(on.score >= without.score);
        assert!(on.matches.iter().any(|m| m.method == Method::Phonetic), "{on:?}");
    }

    #[test]
    fn thresholds_follow_the_fuzziness_level() {
        let at = |level| MatchOptions { level, ..BROAD }.threshold();
        assert_eq!(at(1.0), DEFAULT_THRESHOLD);
        assert!(at(0.5) > at(1.0) && at(0.0) == 1.0);
    }
}
