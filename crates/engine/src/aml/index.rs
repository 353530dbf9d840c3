//! The search index: every name of every active list entity, kept in memory.
//!
//! A search never scans all names. Each query token is expanded to the similar tokens of the
//! vocabulary (the same token; tokens sharing enough trigrams and close by Jaro-Winkler; tokens
//! with a shared phonetic code or the same spelling key; for names in Arabic or Hebrew script, tokens with the same
//! consonant skeleton), and only names holding one of those become candidates. Candidates are
//! ranked by a cheap bound, and the best few are scored in full (see `score`).
//!
//! Entities are kept packed (their JSON, LZ4-compressed, about a fifth of their size as Rust
//! values) beside the few fields the filters read; only the hits a search returns are unpacked.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use super::model::{Entity, EntityGender, EntityId, EntityType, FilterMatch};
use super::normalize::{NormalizedName, normalize};
use super::score::{MatchOptions, NameScore, TokenInfo, score, similarity};
use super::vocabulary::{RiskScore, SourceId, Tag};
use crate::error::{Error, Result};
use crate::values::fold;

/// How many candidates are scored in full, at least.
const MIN_CANDIDATES: usize = 200;

/// An entity, packed: its JSON, LZ4-compressed.
struct PackedEntity(Box<[u8]>);

impl PackedEntity {
    fn pack(entity: &Entity) -> Self {
        // Serialising a plain data type cannot fail; were it to, unpacking reports it.
        let json = serde_json::to_vec(entity).unwrap_or_default();
        PackedEntity(lz4_flex::compress_prepend_size(&json).into_boxed_slice())
    }

    fn unpack(&self) -> Result<Entity> {
        let json = lz4_flex::decompress_size_prepended(&self.0)
            .map_err(|e| Error::Storage(format!("a packed list entity is corrupt: {e}")))?;
        Ok(serde_json::from_slice(&json)?)
    }
}

/// An entity with what the filters look at, precomputed.
struct IndexedEntity {
    packed: PackedEntity,
    uuid: EntityId,
    entity_type: EntityType,
    risk_score: RiskScore,
    importance_score: f64,
    /// Its names in the index (they are added together).
    names: std::ops::Range<u32>,
    /// On the demo list: visible to the sandbox only.
    demo: bool,
    tags: u32,
    sources: Vec<SourceId>,
    strong_countries: Vec<[u8; 2]>,
    weak_countries: Vec<[u8; 2]>,
    /// Date-of-birth bounds in milliseconds.
    dobs: Vec<(i64, i64)>,
    genders: Vec<EntityGender>,
    registration_ids: Vec<String>,
    cities: Vec<String>,
    postal_codes: Vec<String>,
}

struct IndexedName {
    entity: u32,
    tokens: Box<[u32]>,
    full_name: Box<str>,
}

/// A request's filters, in the index's terms.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    pub entity_types: Vec<EntityType>,
    pub tags: Vec<Tag>,
    pub sources: Vec<SourceId>,
    pub risk_scores: Vec<RiskScore>,
    pub countries: Vec<[u8; 2]>,
    /// Inclusive bounds in milliseconds.
    pub dob: Option<(i64, i64)>,
    pub gender: Option<EntityGender>,
    pub registration_ids: Vec<String>,
    pub cities: Vec<String>,
    pub postal_codes: Vec<String>,
}

/// What a search asks the index.
pub struct SearchSpec<'a> {
    /// The query's name forms (first and last names, and the full name).
    pub names: &'a [NormalizedName],
    pub options: MatchOptions,
    /// The least name score reported (the options' threshold, or lower for evaluation).
    pub min_score: f64,
    pub filters: &'a Filters,
    pub include_demo: bool,
    pub limit: usize,
}

/// A hit as the index reports it.
#[derive(Debug, Clone)]
pub struct RawHit {
    pub entity: Arc<Entity>,
    /// The listed name that matched best.
    pub listed_name: String,
    /// Which of the query's name forms matched best.
    pub form: usize,
    pub score: NameScore,
    pub dob: FilterMatch,
    pub country: FilterMatch,
    pub gender: FilterMatch,
    pub city_or_postal: FilterMatch,
    /// A registration id shared with the request.
    pub identifier: Option<String>,
}

/// A hit before its entity is unpacked.
struct Candidate {
    listed_name: String,
    form: usize,
    score: NameScore,
    dob: FilterMatch,
    country: FilterMatch,
    gender: FilterMatch,
    city_or_postal: FilterMatch,
    identifier: Option<String>,
}

/// Normalises an identifier for comparison: upper-case letters and digits only.
pub fn normalize_identifier(id: &str) -> String {
    id.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect()
}

fn country_bytes(code: &str) -> [u8; 2] {
    let b = code.as_bytes();
    [b.first().copied().unwrap_or(b' '), b.get(1).copied().unwrap_or(b' ')]
}

fn tag_mask(tags: &[Tag]) -> u32 {
    tags.iter().fold(0, |m, t| m | (1 << (*t as u32)))
}

impl IndexedEntity {
    fn new(entity: &Entity, demo: bool, names: std::ops::Range<u32>) -> Self {
        let f = &entity.fields;
        let (strong, weak) = entity.countries();
        let dobs = if entity.entity_type == EntityType::Person {
            f.dates_of_birth
                .iter()
                .map(|d| {
                    (d.gte.map_or(i64::MIN, |t| t.as_millis()), d.lte.map_or(i64::MAX, |t| t.as_millis() + 86_399_999))
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut cities = Vec::new();
        let mut postal_codes = Vec::new();
        for a in f.addresses.iter().chain(&f.places_of_birth) {
            cities.extend(a.city.as_deref().map(fold));
            postal_codes.extend(a.postal_code.as_deref().map(normalize_identifier));
        }
        let mut sources: Vec<SourceId> = f.sources.iter().map(|s| s.source_id.clone()).collect();
        sources.sort();
        sources.dedup();
        IndexedEntity {
            names,
            demo,
            tags: tag_mask(&entity.tags),
            sources,
            strong_countries: strong.iter().map(|c| country_bytes(c.as_str())).collect(),
            weak_countries: weak.iter().map(|c| country_bytes(c.as_str())).collect(),
            dobs,
            genders: f.genders.clone(),
            registration_ids: f.registration_ids.iter().map(|r| normalize_identifier(&r.id)).collect(),
            cities,
            postal_codes,
            packed: PackedEntity::pack(entity),
            uuid: entity.uuid,
            entity_type: entity.entity_type,
            risk_score: entity.risk_score,
            importance_score: entity.importance_score,
        }
    }

    /// The filters that only admit or refuse (type, tags, sources, risk).
    fn admitted(&self, f: &Filters, include_demo: bool) -> bool {
        (include_demo || !self.demo)
            && (f.entity_types.is_empty() || f.entity_types.contains(&self.entity_type))
            && (f.tags.is_empty() || self.tags & tag_mask(&f.tags) != 0)
            && (f.risk_scores.is_empty() || f.risk_scores.contains(&self.risk_score))
            && (f.sources.is_empty() || self.sources.iter().any(|s| f.sources.contains(s)))
    }

    /// The filters that qualify a hit: `None` when the entity's data contradicts one.
    fn qualify(&self, f: &Filters) -> Option<[FilterMatch; 4]> {
        let dob = match f.dob {
            None => FilterMatch::FilterNotSet,
            Some(_) if self.dobs.is_empty() => FilterMatch::NoMatch,
            Some((lo, hi)) => {
                let overlapping: Vec<_> = self.dobs.iter().filter(|(a, b)| *a <= hi && *b >= lo).collect();
                if overlapping.is_empty() {
                    return None;
                }
                // Precise when the entity's date lies within the asked range.
                if overlapping.iter().any(|(a, b)| *a >= lo && *b <= hi) {
                    FilterMatch::Match
                } else {
                    FilterMatch::PartialMatch
                }
            }
        };
        let country = if f.countries.is_empty() {
            FilterMatch::FilterNotSet
        } else if self.strong_countries.iter().any(|c| f.countries.contains(c)) {
            FilterMatch::Match
        } else if self.weak_countries.iter().any(|c| f.countries.contains(c)) {
            FilterMatch::PartialMatch
        } else if self.strong_countries.is_empty() && self.weak_countries.is_empty() {
            FilterMatch::NoMatch
        } else {
            return None;
        };
        let gender = match f.gender {
            None => FilterMatch::FilterNotSet,
            Some(_) if self.genders.is_empty() => FilterMatch::NoMatch,
            Some(g) if self.genders.contains(&g) => FilterMatch::Match,
            Some(_) => return None,
        };
        let place = if f.cities.is_empty() && f.postal_codes.is_empty() {
            FilterMatch::FilterNotSet
        } else if self.cities.iter().any(|c| f.cities.contains(c))
            || self.postal_codes.iter().any(|p| f.postal_codes.contains(p))
        {
            FilterMatch::Match
        } else if self.cities.is_empty() && self.postal_codes.is_empty() {
            FilterMatch::NoMatch
        } else {
            return None;
        };
        if !f.registration_ids.is_empty()
            && !self.registration_ids.is_empty()
            && !self.registration_ids.iter().any(|r| f.registration_ids.contains(r))
        {
            return None;
        }
        Some([dob, country, gender, place])
    }
}

/// The index over a set of entities.
#[derive(Default)]
pub struct Index {
    entities: Vec<IndexedEntity>,
    names: Vec<IndexedName>,
    vocab: Vec<TokenInfo>,
    lookup: HashMap<Box<str>, u32>,
    postings: Vec<Vec<u32>>,
    trigrams: HashMap<[u8; 3], Vec<u32>>,
    phonetic: HashMap<Box<str>, Vec<u32>>,
    skeletons: HashMap<Box<str>, Vec<u32>>,
    /// Tokens by their spelling key (`normalize::spelling_key`).
    spellings: HashMap<Box<str>, Vec<u32>>,
    by_identifier: HashMap<String, Vec<u32>>,
    by_id: HashMap<uuid::Uuid, u32>,
    /// The weight of a token the list does not hold: an average token's. (As the rarest it
    /// would let one typo sink a match; as the commonest, let an unlisted surname pass.)
    unknown_weight: f32,
}

/// Builds an index.
#[derive(Default)]
pub struct IndexBuilder {
    index: Index,
    df: Vec<u32>,
    particle: Vec<bool>,
}

fn trigrams(token: &str) -> Vec<[u8; 3]> {
    let mut padded = Vec::with_capacity(token.len() + 2);
    padded.push(b' ');
    padded.extend_from_slice(token.as_bytes());
    padded.push(b' ');
    let mut out: Vec<[u8; 3]> = padded.windows(3).map(|w| [w[0], w[1], w[2]]).collect();
    out.sort();
    out.dedup();
    out
}

impl IndexBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an entity with all its names.
    pub fn add(&mut self, entity: &Entity, demo: bool) {
        let entity_idx = self.index.entities.len() as u32;
        self.index.by_id.insert(entity.uuid.as_uuid(), entity_idx);
        for id in &entity.fields.registration_ids {
            let key = normalize_identifier(&id.id);
            if key.len() >= 4 {
                self.index.by_identifier.entry(key).or_default().push(entity_idx);
            }
        }
        let first_name = self.index.names.len() as u32;
        let mut seen_keys = Vec::new();
        for name in &entity.fields.names {
            let normalized = normalize(&name.full_name);
            let key = normalized.key();
            if normalized.is_empty() || seen_keys.contains(&key) {
                continue;
            }
            seen_keys.push(key);
            let mut tokens = Vec::with_capacity(normalized.tokens.len());
            for t in &normalized.tokens {
                let id = match self.index.lookup.get(t.text.as_str()) {
                    Some(&id) => id,
                    None => {
                        let id = self.index.vocab.len() as u32;
                        self.index.lookup.insert(t.text.as_str().into(), id);
                        self.index.vocab.push(TokenInfo::new(&t.text, 1.0, t.particle));
                        self.index.postings.push(Vec::new());
                        self.df.push(0);
                        self.particle.push(t.particle);
                        id
                    }
                };
                tokens.push(id);
            }
            let name_idx = self.index.names.len() as u32;
            let mut distinct = tokens.clone();
            distinct.sort_unstable();
            distinct.dedup();
            for &t in &distinct {
                self.index.postings[t as usize].push(name_idx);
                self.df[t as usize] += 1;
            }
            self.index.names.push(IndexedName {
                entity: entity_idx,
                tokens: tokens.into_boxed_slice(),
                full_name: name.full_name.as_str().into(),
            });
        }
        let names = first_name..self.index.names.len() as u32;
        self.index.entities.push(IndexedEntity::new(entity, demo, names));
    }

    /// Finishes the index: token weights and the fuzzy lookup tables.
    pub fn build(mut self) -> Index {
        let n = self.index.names.len().max(1) as f32;
        let mut total = 0.0f32;
        for (id, info) in self.index.vocab.iter_mut().enumerate() {
            let weight = (1.0 + n / self.df[id].max(1) as f32).ln();
            total += weight;
            *info = TokenInfo {
                weight: if self.particle[id] { weight * 0.3 } else { weight },
                known: true,
                ..info.clone()
            };
            let id = id as u32;
            for tri in trigrams(&info.text) {
                self.index.trigrams.entry(tri).or_default().push(id);
            }
            for code in info.phonetic.iter().filter(|c| !c.is_empty()) {
                let list = self.index.phonetic.entry(code.clone()).or_default();
                if list.last() != Some(&id) {
                    list.push(id);
                }
            }
            if info.skeleton.len() >= 2 {
                self.index.skeletons.entry(info.skeleton.clone()).or_default().push(id);
            }
            self.index.spellings.entry(info.spelling.clone()).or_default().push(id);
        }
        self.index.unknown_weight =
            if self.index.vocab.is_empty() { 1.0 } else { total / self.index.vocab.len() as f32 };
        self.index
    }
}

/// Scratch space of one search, kept per thread so that searches allocate little.
#[derive(Default)]
struct Scratch {
    acc: Vec<f32>,
    seen: Vec<u32>,
    touched: Vec<u32>,
    tri_count: Vec<u16>,
    tri_touched: Vec<u32>,
    epoch: u32,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Index {
    pub fn entity_count(&self) -> usize {
        self.entities.len()
    }

    pub fn name_count(&self) -> usize {
        self.names.len()
    }

    /// How an entity fares against the qualifying filters (date of birth, country, gender,
    /// place), as a search would report it; a filter its data contradicts counts as `NO_MATCH`.
    pub fn filter_matches(&self, id: uuid::Uuid, filters: &Filters) -> Option<[FilterMatch; 4]> {
        let e = &self.entities[*self.by_id.get(&id)? as usize];
        Some(e.qualify(filters).unwrap_or_else(|| {
            let set = |is_set: bool| if is_set { FilterMatch::NoMatch } else { FilterMatch::FilterNotSet };
            [
                set(filters.dob.is_some()),
                set(!filters.countries.is_empty()),
                set(filters.gender.is_some()),
                set(!filters.cities.is_empty() || !filters.postal_codes.is_empty()),
            ]
        }))
    }

    /// Every indexed name as normalisation leaves it (tokens joined by spaces), in index order.
    pub fn normalized_names(&self) -> impl Iterator<Item = String> + '_ {
        self.names.iter().map(|n| n.tokens.iter().map(|&t| &*self.vocab[t as usize].text).collect::<Vec<_>>().join(" "))
    }

    /// An entity by its id.
    pub fn get(&self, id: uuid::Uuid, include_demo: bool) -> Result<Option<Entity>> {
        let Some(&idx) = self.by_id.get(&id) else { return Ok(None) };
        let e = &self.entities[idx as usize];
        if include_demo || !e.demo { e.packed.unpack().map(Some) } else { Ok(None) }
    }

    /// The token as scoring sees it: the vocabulary's, or a new one weighing as the rarest.
    fn query_token(&self, text: &str, particle: bool) -> TokenInfo {
        match self.lookup.get(text) {
            Some(&id) => self.vocab[id as usize].clone(),
            None => TokenInfo::new(text, self.unknown_weight, particle),
        }
    }

    /// Vocabulary tokens similar to a query token, most similar first.
    fn neighbours(&self, q: &TokenInfo, opts: &MatchOptions, abjad: bool, scratch: &mut Scratch) -> Vec<(u32, f32)> {
        let mut out: Vec<(u32, f32)> = Vec::new();
        if let Some(&id) = self.lookup.get(&q.text) {
            out.push((id, 1.0));
        }
        if opts.fuzzy && q.text.len() >= 3 {
            let consider = |id: u32, out: &mut Vec<(u32, f32)>| {
                let c = &self.vocab[id as usize];
                if let Some((sim, _)) = similarity(q, c, opts, abjad) {
                    out.push((id, sim as f32));
                } else if (c.text.len() >= 3 && (q.text.contains(&*c.text) || c.text.contains(&*q.text)))
                    || (c.text.len() == 2
                        && !c.particle
                        && (q.text.starts_with(&*c.text) || q.text.ends_with(&*c.text)))
                {
                    // A part of a joined token (`alrashid` and `rashid`; a code's `ms` in
                    // `ms13`): a candidate only; the full score decides.
                    out.push((id, 0.5));
                }
            };
            let grams = trigrams(&q.text);
            // A typo in a short token leaves few trigrams intact: one shared is enough there.
            let needed = if q.text.len() <= 5 { 1 } else { ((grams.len() as f32) * 0.3).ceil().max(2.0) as u16 };
            if scratch.tri_count.len() < self.vocab.len() {
                scratch.tri_count.resize(self.vocab.len(), 0);
            }
            scratch.tri_touched.clear();
            for g in &grams {
                for &id in self.trigrams.get(g).map(Vec::as_slice).unwrap_or(&[]) {
                    let c = &mut scratch.tri_count[id as usize];
                    if *c == 0 {
                        scratch.tri_touched.push(id);
                    }
                    *c += 1;
                }
            }
            let touched = std::mem::take(&mut scratch.tri_touched);
            for &id in &touched {
                if scratch.tri_count[id as usize] >= needed && *self.vocab[id as usize].text != *q.text {
                    consider(id, &mut out);
                }
                scratch.tri_count[id as usize] = 0;
            }
            scratch.tri_touched = touched;
            if opts.phonetics {
                for code in q.phonetic.iter().filter(|c| !c.is_empty()) {
                    for &id in self.phonetic.get(code).map(Vec::as_slice).unwrap_or(&[]) {
                        consider(id, &mut out);
                    }
                }
            }
            if opts.phonetics
                && let Some(ids) = self.spellings.get(&q.spelling)
            {
                for &id in ids {
                    consider(id, &mut out);
                }
            }
            if abjad && let Some(ids) = self.skeletons.get(&q.skeleton) {
                for &id in ids {
                    consider(id, &mut out);
                }
            }
        }
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        out.dedup_by_key(|x| x.0);
        out
    }

    /// Searches the index.
    pub fn search(&self, spec: &SearchSpec<'_>) -> Result<Vec<RawHit>> {
        let found = SCRATCH.with(|s| self.search_with(spec, &mut s.borrow_mut()));
        found
            .into_iter()
            .map(|(idx, hit)| {
                let entity = Arc::new(self.entities[idx as usize].packed.unpack()?);
                Ok(RawHit {
                    entity,
                    listed_name: hit.listed_name,
                    form: hit.form,
                    score: hit.score,
                    dob: hit.dob,
                    country: hit.country,
                    gender: hit.gender,
                    city_or_postal: hit.city_or_postal,
                    identifier: hit.identifier,
                })
            })
            .collect()
    }

    /// The best hits as (entity index, hit without its entity), best first.
    fn search_with(&self, spec: &SearchSpec<'_>, scratch: &mut Scratch) -> Vec<(u32, Candidate)> {
        if scratch.acc.len() < self.names.len() {
            scratch.acc.resize(self.names.len(), 0.0);
            scratch.seen.resize(self.names.len(), 0);
        }
        let threshold = spec.min_score;
        // Best hit per entity: (entity index, hit).
        let mut best: HashMap<u32, Candidate> = HashMap::new();
        let forms: Vec<(Vec<TokenInfo>, bool)> = spec
            .names
            .iter()
            .map(|n| (n.tokens.iter().map(|t| self.query_token(&t.text, t.particle)).collect(), n.abjad))
            .collect();
        for (form_idx, (qtokens, abjad)) in forms.iter().enumerate() {
            let total: f32 = qtokens.iter().map(|t| t.weight).sum();
            if total <= 0.0 {
                continue;
            }
            scratch.touched.clear();
            for q in qtokens {
                // A stamp per (search, form, query token): a name counts once per query token,
                // with its most similar token (neighbours come most similar first).
                scratch.epoch = scratch.epoch.wrapping_add(1);
                if scratch.epoch == 0 {
                    scratch.seen.iter_mut().for_each(|s| *s = 0);
                    scratch.epoch = 1;
                }
                let stamp = scratch.epoch;
                let neighbours = self.neighbours(q, &spec.options, *abjad, scratch);
                for (tok, sim) in neighbours {
                    for &name in &self.postings[tok as usize] {
                        let n = name as usize;
                        if scratch.seen[n] == stamp {
                            continue;
                        }
                        if scratch.acc[n] == 0.0 {
                            scratch.touched.push(name);
                        }
                        scratch.seen[n] = stamp;
                        scratch.acc[n] += sim * q.weight + f32::EPSILON;
                    }
                }
            }
            // Names sharing a registration id with the request are candidates whatever their names.
            let mut forced: Vec<u32> = Vec::new();
            for id in &spec.filters.registration_ids {
                for &e in self.by_identifier.get(id).map(Vec::as_slice).unwrap_or(&[]) {
                    forced.push(e);
                }
            }
            let mut candidates: Vec<(u32, f32)> =
                scratch.touched.iter().map(|&n| (n, scratch.acc[n as usize])).collect();
            for &n in &scratch.touched {
                scratch.acc[n as usize] = 0.0;
            }
            // Cheap bound first: a name whose accumulated weight is far below what the threshold
            // needs cannot reach it.
            let floor = total * (threshold as f32) * 0.45;
            candidates.retain(|(_, a)| *a >= floor);
            candidates.sort_by(|a, b| b.1.total_cmp(&a.1));
            candidates.truncate(MIN_CANDIDATES.max(spec.limit * 10));
            let forced_names = forced.iter().flat_map(|&e| self.entities[e as usize].names.clone());
            for name_idx in candidates.iter().map(|c| c.0).chain(forced_names) {
                let name = &self.names[name_idx as usize];
                let entity = &self.entities[name.entity as usize];
                if !entity.admitted(spec.filters, spec.include_demo) {
                    continue;
                }
                let Some([dob, country, gender, place]) = entity.qualify(spec.filters) else { continue };
                let listed: Vec<&TokenInfo> = name.tokens.iter().map(|&t| &self.vocab[t as usize]).collect();
                let query: Vec<&TokenInfo> = qtokens.iter().collect();
                let s = score(&query, &listed, &spec.options, *abjad);
                let identifier =
                    spec.filters.registration_ids.iter().find(|id| entity.registration_ids.contains(id)).cloned();
                if s.score < threshold && identifier.is_none() {
                    continue;
                }
                let better = best.get(&name.entity).is_none_or(|b| s.score > b.score.score);
                if better {
                    best.insert(
                        name.entity,
                        Candidate {
                            listed_name: name.full_name.to_string(),
                            form: form_idx,
                            score: s,
                            dob,
                            country,
                            gender,
                            city_or_postal: place,
                            identifier,
                        },
                    );
                }
            }
        }
        let mut hits: Vec<(u32, Candidate)> = best.into_iter().collect();
        hits.sort_by(|(ai, a), (bi, b)| {
            let (ae, be) = (&self.entities[*ai as usize], &self.entities[*bi as usize]);
            (b.identifier.is_some(), b.score.score)
                .partial_cmp(&(a.identifier.is_some(), a.score.score))
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(be.importance_score.total_cmp(&ae.importance_score))
                .then(ae.uuid.cmp(&be.uuid))
        });
        hits.truncate(spec.limit);
        hits
    }
}
