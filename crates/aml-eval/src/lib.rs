//! The quality harness (`docket aml eval`): labelled cases built from a real list, searched
//! through the index, scored per threshold.
//!
//! Positive cases come from sampled entities: the listed name itself, one and two typos,
//! reordered tokens, a missing and an extra middle name, transliteration (Cyrillic script, or
//! other Latin spellings), initials; and every alias of the sampled entities. Four more kinds are
//! drawn from their own samples, the shapes that matching used to miss: one wrong letter in the
//! rarest token of a two-token name, one wrong letter inside a long company name, a company name
//! with some of its distinctive words dropped (leaving mostly legal-form and trade words), and
//! names with a short hyphenated code written another way. Negative cases are ordinary person and
//! company names from the name pools that are not on the list.
//!
//! A positive case is found when its entity is among the hits at or above the threshold, and
//! found first (top-1) when no other entity scores higher; a negative case is a false positive when
//! anything is hit.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Instant;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde::Serialize;

use docket_engine::aml::index::{Filters, IndexBuilder, SearchSpec};
use docket_engine::aml::model::{Entity, EntityId, EntityType};
use docket_engine::aml::normalize::{looks_like_organization, normalize};
use docket_engine::aml::pools::{COMPANY_TRADES, COMPANY_WORDS, CULTURES, LEGAL_FORMS};
use docket_engine::aml::score::{DEFAULT_THRESHOLD, MatchOptions};
use docket_engine::aml::translit::{respell, to_cyrillic};

/// Kinds of cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseKind {
    Exact,
    Typo,
    TwoTypos,
    Reordered,
    MissingMiddle,
    ExtraMiddle,
    Transliterated,
    Initials,
    /// One wrong letter in the rarer token of a two-token name.
    RareTokenTypo,
    /// One wrong letter inside a company name of three or more words.
    CompanyTypo,
    /// A company name with some of its distinctive words dropped.
    CompanyPartial,
    /// A short hyphenated code (`RN-Yuganskneftegaz`, `SU-25`) joined, spaced or misspelt.
    HyphenatedCode,
    Alias,
    Negative,
}

impl CaseKind {
    /// Perturbations of listed names (the recall target), as opposed to aliases and negatives.
    pub fn is_perturbation(self) -> bool {
        !matches!(self, CaseKind::Alias | CaseKind::Negative)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Case {
    pub kind: CaseKind,
    pub query: String,
    /// The entity to find (none for negatives).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<EntityId>,
}

/// How to build the cases.
#[derive(Debug, Clone, Copy)]
pub struct EvalConfig {
    /// Entities sampled for perturbations.
    pub sample: usize,
    /// Negative cases.
    pub negatives: usize,
    pub seed: u64,
    /// Misses, outranked finds and false positives reported per case kind.
    pub examples: usize,
}

impl Default for EvalConfig {
    fn default() -> Self {
        EvalConfig { sample: 1000, negatives: 2000, seed: 7, examples: 4 }
    }
}

/// Figures at one threshold.
#[derive(Debug, Clone, Serialize)]
pub struct ThresholdRow {
    pub threshold: f64,
    /// Share of perturbation cases whose entity was found.
    pub recall: f64,
    /// Found perturbation and alias cases over those plus negatives with a hit.
    pub precision: f64,
    pub f1: f64,
    /// Share of alias cases found.
    pub alias_recall: f64,
    /// Share of negative cases with any hit.
    pub false_positive_rate: f64,
    pub recall_by_kind: BTreeMap<CaseKind, f64>,
    /// Share of perturbation cases whose entity was the first hit.
    pub top1: f64,
    pub top1_by_kind: BTreeMap<CaseKind, f64>,
}

/// A false positive or a miss, for inspection.
#[derive(Debug, Clone, Serialize)]
pub struct Example {
    pub kind: CaseKind,
    pub query: String,
    /// The listed name found (false positives) or expected (misses).
    pub listed: String,
    pub score: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct EvalReport {
    pub entities: usize,
    pub names: usize,
    pub cases: BTreeMap<CaseKind, usize>,
    pub default_threshold: f64,
    pub rows: Vec<ThresholdRow>,
    /// Search latency over all cases, in microseconds.
    pub search_p50_us: f64,
    pub search_p99_us: f64,
    /// Misses at the default threshold (`examples` per kind).
    pub misses: Vec<Example>,
    /// Found at the default threshold but not first: the name that came first (`examples` per
    /// kind).
    pub outranked: Vec<Example>,
    /// False positives at the default threshold (five times `examples`).
    pub false_positives: Vec<Example>,
}

fn typo(rng: &mut Xoshiro256PlusPlus, token: &str) -> String {
    let chars: Vec<char> = token.chars().collect();
    if chars.len() < 4 {
        return token.to_owned();
    }
    let i = rng.random_range(1..chars.len() - 1);
    let mut out = chars.clone();
    match rng.random_range(0..4) {
        0 => out[i] = (b'a' + rng.random_range(0..26u8)) as char,
        1 => {
            out.remove(i);
        }
        2 => out.insert(i, (b'a' + rng.random_range(0..26u8)) as char),
        _ => out.swap(i, i + 1),
    }
    out.into_iter().collect()
}

/// One letter replaced by another, not the first (a wrong key, not a different initial).
fn wrong_letter(rng: &mut Xoshiro256PlusPlus, token: &str) -> Option<String> {
    let chars: Vec<char> = token.chars().collect();
    let letters: Vec<usize> = (1..chars.len()).filter(|&i| chars[i].is_ascii_alphabetic()).collect();
    let &i = letters.get(rng.random_range(0..letters.len().max(1)))?;
    let upper = chars[i].is_ascii_uppercase();
    let mut out = chars.clone();
    while out[i].eq_ignore_ascii_case(&chars[i]) {
        let c = (b'a' + rng.random_range(0..26u8)) as char;
        out[i] = if upper { c.to_ascii_uppercase() } else { c };
    }
    Some(out.into_iter().collect())
}

/// A name's words as written, without the punctuation around them.
fn words(name: &str) -> Vec<String> {
    name.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_owned())
        .filter(|w| !w.is_empty())
        .collect()
}

/// A written word that names something in particular: not a particle, legal form or trade word.
fn distinctive(word: &str) -> bool {
    let n = normalize(word);
    !n.tokens.is_empty() && n.tokens.iter().all(|t| !t.particle) && !looks_like_organization(word)
}

/// How many listed names hold each normalised token.
fn token_frequencies(entities: &[Entity]) -> HashMap<String, usize> {
    let mut df = HashMap::new();
    for e in entities {
        for n in &e.fields.names {
            let mut tokens: Vec<String> = normalize(&n.full_name).tokens.into_iter().map(|t| t.text).collect();
            tokens.sort();
            tokens.dedup();
            for t in tokens {
                *df.entry(t).or_insert(0) += 1;
            }
        }
    }
    df
}

/// The targeted case of `kind` for one entity, if its name has the shape the kind needs.
fn targeted(rng: &mut Xoshiro256PlusPlus, kind: CaseKind, e: &Entity, df: &HashMap<String, usize>) -> Option<String> {
    let name = &e.fields.names.first()?.full_name;
    let normalized = normalize(name);
    let rarity = |t: &str| df.get(t).copied().unwrap_or(0);
    match kind {
        CaseKind::RareTokenTypo => {
            let tokens: Vec<&str> = normalized.tokens.iter().map(|t| t.text.as_str()).collect();
            if tokens.len() != 2 || normalized.tokens.iter().any(|t| t.particle) {
                return None;
            }
            let rare = if rarity(tokens[0]) <= rarity(tokens[1]) { 0 } else { 1 };
            if tokens[rare].chars().count() < 4 || tokens[rare].chars().any(|c| c.is_ascii_digit()) {
                return None;
            }
            let mut v: Vec<String> = tokens.iter().map(|t| (*t).to_owned()).collect();
            v[rare] = wrong_letter(rng, &v[rare])?;
            Some(v.join(" "))
        }
        CaseKind::CompanyTypo => {
            let w = words(name);
            let long: Vec<usize> =
                (0..w.len()).filter(|&i| w[i].chars().count() >= 4 && !looks_like_organization(&w[i])).collect();
            if e.entity_type != EntityType::Organization || normalized.tokens.len() < 3 || long.is_empty() {
                return None;
            }
            let i = long[rng.random_range(0..long.len())];
            let mut v = w.clone();
            v[i] = wrong_letter(rng, &v[i])?;
            Some(v.join(" "))
        }
        CaseKind::CompanyPartial => {
            // Keep the rarest distinctive word (what a person shortening the name keeps) and
            // drop half of the others, at least one; the legal-form and trade words stay.
            let w = words(name);
            let mut own: Vec<usize> = (0..w.len()).filter(|&i| distinctive(&w[i])).collect();
            if e.entity_type != EntityType::Organization || own.len() < 2 || own.len() == w.len() {
                return None;
            }
            let key = |i: usize| normalize(&w[i]).tokens.iter().map(|t| rarity(&t.text)).min().unwrap_or(0);
            own.sort_by_key(|&i| (key(i), i));
            let mut others = own[1..].to_vec();
            let mut dropped = HashSet::new();
            for _ in 0..(others.len() / 2).max(1) {
                dropped.insert(others.swap_remove(rng.random_range(0..others.len())));
            }
            Some((0..w.len()).filter(|i| !dropped.contains(i)).map(|i| w[i].as_str()).collect::<Vec<_>>().join(" "))
        }
        CaseKind::HyphenatedCode => {
            // A written word with a hyphen and a short part that is no particle (`RN-`, `-25`).
            let raw: Vec<&str> = name.split_whitespace().collect();
            let (at, parts) = raw.iter().enumerate().find_map(|(i, w)| {
                let parts: Vec<&str> =
                    w.trim_matches(|c: char| !c.is_alphanumeric()).split('-').filter(|p| !p.is_empty()).collect();
                let short = |p: &&str| {
                    p.chars().count() <= 3
                        && p.chars().all(char::is_alphanumeric)
                        && normalize(p).tokens.iter().all(|t| !t.particle)
                };
                (parts.len() >= 2 && parts.iter().any(short)).then_some((i, parts))
            })?;
            let written = match rng.random_range(0..3) {
                0 => parts.concat(),
                1 => parts.join(" "),
                _ => {
                    // A wrong or extra letter in the longest part with letters.
                    let p = (0..parts.len())
                        .filter(|&p| parts[p].chars().filter(char::is_ascii_alphabetic).count() >= 2)
                        .max_by_key(|&p| parts[p].len())?;
                    let mut v: Vec<String> = parts.iter().map(|s| (*s).to_owned()).collect();
                    v[p] = if rng.random_bool(0.5) {
                        wrong_letter(rng, &v[p])?
                    } else {
                        let mut chars: Vec<char> = v[p].chars().collect();
                        let i = rng.random_range(1..=chars.len());
                        chars.insert(i, (b'a' + rng.random_range(0..26u8)) as char);
                        chars.into_iter().collect()
                    };
                    v.join("-")
                }
            };
            let mut v: Vec<String> = raw.iter().map(|s| (*s).to_owned()).collect();
            v[at] = written;
            Some(v.join(" "))
        }
        _ => None,
    }
}

/// The four targeted kinds, each from its own sample of entities with the right shape.
fn targeted_cases(rng: &mut Xoshiro256PlusPlus, entities: &[Entity], per_kind: usize, out: &mut Vec<Case>) {
    let df = token_frequencies(entities);
    let eligible: Vec<&Entity> =
        entities.iter().filter(|e| matches!(e.entity_type, EntityType::Person | EntityType::Organization)).collect();
    for kind in [CaseKind::RareTokenTypo, CaseKind::CompanyTypo, CaseKind::CompanyPartial, CaseKind::HyphenatedCode] {
        let mut picked = HashSet::new();
        let mut made = 0;
        let mut attempts = 0;
        while made < per_kind && attempts < per_kind * 200 && !eligible.is_empty() {
            attempts += 1;
            let i = rng.random_range(0..eligible.len());
            if !picked.insert(i) {
                continue;
            }
            if let Some(query) = targeted(rng, kind, eligible[i], &df) {
                out.push(Case { kind, query, target: Some(eligible[i].uuid) });
                made += 1;
            }
        }
    }
}

/// Builds the cases.
pub fn cases(entities: &[Entity], config: EvalConfig) -> Vec<Case> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
    let eligible: Vec<&Entity> = entities
        .iter()
        .filter(|e| matches!(e.entity_type, EntityType::Person | EntityType::Organization))
        .filter(|e| e.fields.names.first().is_some_and(|n| normalize(&n.full_name).tokens.len() >= 2))
        .collect();
    let mut out = Vec::new();
    let mut picked = HashSet::new();
    let mut attempts = 0;
    while picked.len() < config.sample.min(eligible.len()) && attempts < config.sample * 20 {
        attempts += 1;
        let i = rng.random_range(0..eligible.len());
        if !picked.insert(i) {
            continue;
        }
        let e = eligible[i];
        let name = e.fields.names[0].full_name.clone();
        let target = Some(e.uuid);
        let tokens: Vec<String> =
            name.split_whitespace().map(|t| t.trim_matches(',').to_owned()).filter(|t| !t.is_empty()).collect();
        let mut push = |kind, query: String| {
            if !query.trim().is_empty() {
                out.push(Case { kind, query, target });
            }
        };
        push(CaseKind::Exact, name.clone());
        let long: Vec<usize> = (0..tokens.len()).filter(|&t| tokens[t].chars().count() >= 4).collect();
        if let Some(&t) = long.get(rng.random_range(0..long.len().max(1))) {
            let mut v = tokens.clone();
            v[t] = typo(&mut rng, &v[t]);
            push(CaseKind::Typo, v.join(" "));
        }
        if long.len() >= 2 {
            let mut v = tokens.clone();
            for &t in long.iter().take(2) {
                v[t] = typo(&mut rng, &v[t]);
            }
            push(CaseKind::TwoTypos, v.join(" "));
        }
        let mut v = tokens.clone();
        v.reverse();
        push(CaseKind::Reordered, v.join(" "));
        if e.entity_type == EntityType::Person {
            // Name parts as the list gives them (lists write `LAST, First Middle`).
            let n = &e.fields.names[0];
            let (first, middle, last) = (n.first_name.clone(), n.middle_name.clone(), n.last_name.clone());
            if let (Some(first), Some(middle), Some(last)) = (&first, &middle, &last) {
                let _ = middle;
                push(CaseKind::MissingMiddle, format!("{first} {last}"));
            }
            let culture = &CULTURES[rng.random_range(0..CULTURES.len())];
            let extra = culture.male[rng.random_range(0..culture.male.len())];
            let mut v = tokens.clone();
            v.insert(1.min(v.len()), extra.to_owned());
            push(CaseKind::ExtraMiddle, v.join(" "));
            if let (Some(first), Some(last)) = (&first, &last)
                && first.chars().count() > 2
            {
                let rest = middle.as_deref().map(|m| format!(" {m}")).unwrap_or_default();
                push(CaseKind::Initials, format!("{}.{rest} {last}", first.chars().next().unwrap_or('X')));
            }
        }
        let transliterated = if rng.random_bool(0.5) { Some(to_cyrillic(&name)) } else { respell(&name) };
        if let Some(t) = transliterated {
            push(CaseKind::Transliterated, t);
        }
        for alias in e.fields.names.iter().skip(1) {
            push(CaseKind::Alias, alias.full_name.clone());
        }
    }
    targeted_cases(&mut rng, entities, config.sample / 2, &mut out);
    // Negatives: ordinary names that are not on the list (in any token order).
    let key = |name: &str| {
        let mut tokens: Vec<String> = normalize(name).tokens.into_iter().map(|t| t.text).collect();
        tokens.sort();
        tokens.join(" ")
    };
    let listed: HashSet<String> =
        entities.iter().flat_map(|e| e.fields.names.iter().map(|n| key(&n.full_name))).collect();
    let mut negatives = 0;
    let mut attempts = 0;
    while negatives < config.negatives && attempts < config.negatives * 10 {
        attempts += 1;
        let query = if rng.random_bool(0.6) {
            let c = &CULTURES[rng.random_range(0..CULTURES.len())];
            let given = if rng.random_bool(0.5) { c.male } else { c.female };
            let surname = c.surnames[rng.random_range(0..c.surnames.len())];
            format!("{} {surname}", given[rng.random_range(0..given.len())])
        } else {
            format!(
                "{} {} {}",
                COMPANY_WORDS[rng.random_range(0..COMPANY_WORDS.len())],
                COMPANY_TRADES[rng.random_range(0..COMPANY_TRADES.len())],
                LEGAL_FORMS[rng.random_range(0..LEGAL_FORMS.len())]
            )
        };
        if listed.contains(&key(&query)) || out.iter().any(|c| c.query == query) {
            continue;
        }
        out.push(Case { kind: CaseKind::Negative, query, target: None });
        negatives += 1;
    }
    out
}

/// Searches a list for one name with the broadest options, for `docket aml try`.
pub fn try_search(
    entities: Vec<Entity>,
    query: &str,
    limit: usize,
) -> docket_engine::Result<Vec<docket_engine::aml::index::RawHit>> {
    let mut builder = IndexBuilder::new();
    for e in &entities {
        builder.add(e, false);
    }
    let index = builder.build();
    let names = [normalize(query)];
    let options = MatchOptions { fuzzy: true, level: 1.0, phonetics: true };
    let spec =
        SearchSpec { names: &names, options, min_score: 0.5, filters: &Filters::default(), include_demo: true, limit };
    index.search(&spec)
}

/// Outcome of one case: the target's score and the best other score.
struct Outcome {
    target: f64,
    /// The target is the first hit, or scores as high as it (several entities may share a name;
    /// the name alone cannot tell them apart).
    first: bool,
    best_other: f64,
    best_other_name: String,
}

/// Runs the evaluation.
pub fn evaluate(entities: Vec<Entity>, config: EvalConfig) -> docket_engine::Result<EvalReport> {
    let cases = cases(&entities, config);
    let mut builder = IndexBuilder::new();
    let by_id: BTreeMap<EntityId, String> =
        entities.iter().map(|e| (e.uuid, e.fields.names[0].full_name.clone())).collect();
    let count = entities.len();
    for e in &entities {
        builder.add(e, false);
    }
    drop(entities);
    let index = builder.build();
    let options = MatchOptions { fuzzy: true, level: 1.0, phonetics: true };
    let filters = Filters::default();
    let mut timings = Vec::with_capacity(cases.len());
    let outcomes = cases
        .iter()
        .map(|case| {
            let names = [normalize(&case.query)];
            let spec =
                SearchSpec { names: &names, options, min_score: 0.5, filters: &filters, include_demo: true, limit: 10 };
            let started = Instant::now();
            let hits = index.search(&spec)?;
            timings.push(started.elapsed().as_secs_f64() * 1e6);
            let target =
                hits.iter().filter(|h| Some(h.entity.uuid) == case.target).map(|h| h.score.score).fold(0.0, f64::max);
            let other = hits
                .iter()
                .filter(|h| Some(h.entity.uuid) != case.target)
                .max_by(|a, b| a.score.score.total_cmp(&b.score.score));
            Ok(Outcome {
                target,
                first: target > 0.0 && target >= other.map_or(0.0, |h| h.score.score) - 1e-9,
                best_other: other.map_or(0.0, |h| h.score.score),
                best_other_name: other.map(|h| h.listed_name.clone()).unwrap_or_default(),
            })
        })
        .collect::<docket_engine::Result<Vec<Outcome>>>()?;
    timings.sort_by(f64::total_cmp);
    let percentile = |p: f64| timings.get(((timings.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(0.0);

    let mut thresholds: Vec<f64> = (12..=20).map(|i| f64::from(i) * 0.05).collect();
    if !thresholds.iter().any(|t| (t - DEFAULT_THRESHOLD).abs() < 1e-9) {
        thresholds.push(DEFAULT_THRESHOLD);
        thresholds.sort_by(f64::total_cmp);
    }
    let rows = thresholds
        .iter()
        .map(|&t| {
            let found = |o: &Outcome| o.target >= t - 1e-9;
            let first = |o: &Outcome| found(o) && o.first;
            let share_of = |kinds: &dyn Fn(CaseKind) -> bool, hit: &dyn Fn(&Outcome) -> bool| {
                let (n, k) = cases
                    .iter()
                    .zip(&outcomes)
                    .filter(|(c, _)| kinds(c.kind))
                    .fold((0, 0), |(n, k), (_, o)| (n + 1, k + usize::from(hit(o))));
                if n == 0 { 0.0 } else { k as f64 / n as f64 }
            };
            let share = |kinds: &dyn Fn(CaseKind) -> bool| share_of(kinds, &found);
            let recall = share(&|k| k.is_perturbation());
            let top1 = share_of(&|k| k.is_perturbation(), &first);
            let alias_recall = share(&|k| k == CaseKind::Alias);
            let tp = cases.iter().zip(&outcomes).filter(|(c, o)| c.kind != CaseKind::Negative && found(o)).count();
            let fp = cases
                .iter()
                .zip(&outcomes)
                .filter(|(c, o)| c.kind == CaseKind::Negative && o.best_other >= t - 1e-9)
                .count();
            let negatives = cases.iter().filter(|c| c.kind == CaseKind::Negative).count().max(1);
            let precision = if tp + fp == 0 { 1.0 } else { tp as f64 / (tp + fp) as f64 };
            let f1 = if precision + recall == 0.0 { 0.0 } else { 2.0 * precision * recall / (precision + recall) };
            let mut recall_by_kind = BTreeMap::new();
            let mut top1_by_kind = BTreeMap::new();
            for kind in cases.iter().map(|c| c.kind).filter(|k| *k != CaseKind::Negative).collect::<HashSet<_>>() {
                recall_by_kind.insert(kind, share(&|k| k == kind));
                top1_by_kind.insert(kind, share_of(&|k| k == kind, &first));
            }
            ThresholdRow {
                threshold: (t * 100.0).round() / 100.0,
                recall,
                precision,
                f1,
                alias_recall,
                false_positive_rate: fp as f64 / negatives as f64,
                recall_by_kind,
                top1,
                top1_by_kind,
            }
        })
        .collect();

    let t = DEFAULT_THRESHOLD;
    // A few of each kind, so that every kind's failures can be seen.
    let few_per_kind = |shown: &mut BTreeMap<CaseKind, usize>, kind: CaseKind| {
        let n = shown.entry(kind).or_insert(0);
        *n += 1;
        *n <= config.examples
    };
    let mut shown = BTreeMap::new();
    let misses = cases
        .iter()
        .zip(&outcomes)
        .filter(|(c, o)| c.kind.is_perturbation() && o.target < t && few_per_kind(&mut shown, c.kind))
        .map(|(c, o)| Example {
            kind: c.kind,
            query: c.query.clone(),
            listed: c.target.and_then(|id| by_id.get(&id).cloned()).unwrap_or_default(),
            score: o.target,
        })
        .collect();
    let mut shown = BTreeMap::new();
    let outranked = cases
        .iter()
        .zip(&outcomes)
        .filter(|(c, o)| c.kind.is_perturbation() && o.target >= t && !o.first && few_per_kind(&mut shown, c.kind))
        .map(|(c, o)| Example {
            kind: c.kind,
            query: c.query.clone(),
            listed: o.best_other_name.clone(),
            score: o.best_other,
        })
        .collect();
    let false_positives = cases
        .iter()
        .zip(&outcomes)
        .filter(|(c, o)| c.kind == CaseKind::Negative && o.best_other >= t)
        .take(config.examples * 5)
        .map(|(c, o)| Example {
            kind: c.kind,
            query: c.query.clone(),
            listed: o.best_other_name.clone(),
            score: o.best_other,
        })
        .collect();
    let mut kinds = BTreeMap::new();
    for c in &cases {
        *kinds.entry(c.kind).or_insert(0) += 1;
    }
    Ok(EvalReport {
        entities: count,
        names: index.name_count(),
        cases: kinds,
        default_threshold: DEFAULT_THRESHOLD,
        rows,
        search_p50_us: percentile(0.5),
        search_p99_us: percentile(0.99),
        misses,
        outranked,
        false_positives,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perturbations_change_names_deterministically() {
        let mut a = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut b = Xoshiro256PlusPlus::seed_from_u64(1);
        assert_eq!(typo(&mut a, "sokolov"), typo(&mut b, "sokolov"));
    }

    #[test]
    fn a_wrong_letter_is_one_letter_and_never_the_first() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..200 {
            let out = wrong_letter(&mut rng, "Haller").unwrap_or_default();
            let changed: Vec<usize> =
                out.chars().zip("Haller".chars()).enumerate().filter(|(_, (a, b))| a != b).map(|(i, _)| i).collect();
            assert_eq!(changed.len(), 1, "{out}");
            assert!(changed[0] > 0 && out.chars().nth(changed[0]).is_some_and(|c| c.is_ascii_lowercase()), "{out}");
        }
        assert_eq!(wrong_letter(&mut rng, "X"), None);
    }

    #[test]
    fn distinctive_words_are_neither_forms_nor_trades_nor_particles() {
        assert!(distinctive("Sberbank") && distinctive("Orion"));
        assert!(!distinctive("LLC") && !distinctive("Trading") && !distinctive("al") && !distinctive("&"));
    }
}
