//! AML searches: the index over the lists, searches and their history, entities, list imports.

use std::collections::BTreeSet;
use std::sync::{Arc, RwLock};

use tokio::sync::Mutex;

use super::demo_list::{self, MAGIC_NAMES, MagicOutcome};
use super::fatf;
use super::hits::model::ScreenedParty;
use super::import::ImportedList;
use super::index::{Filters, Index, IndexBuilder, RawHit, SearchSpec, normalize_identifier};
use super::model::{
    DateRange, Entity, EntityId, Explanation, FatfRecord, FilterMatch, Hit, MatchLevel, RiskProfileInfo, SearchId,
    SearchKind, SearchMetadata, SearchReport, SearchRequest, SearchSummary, Snapshot, SnapshotId, SnapshotRef,
};
use super::normalize::{NormalizedName, normalize};
use super::score::{ALGORITHM_VERSION, MatchOptions, Method, NameScore};
use super::sources::{CatalogueBuilder, DataSource, DataSourceQuery};
use super::store::{self, HistoryFilter, SearchRecord};
use super::vocabulary::NameMode;
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::{Actor, Engine};

/// Bounds of `GET /api/v3/aml/search/history`.
pub const HISTORY_BOUNDS: Bounds = Bounds::V3;

const MAX_NAME: usize = 200;
const DEFAULT_LIMIT: u32 = 50;

/// The index in use, with the snapshots it holds.
pub(crate) struct Loaded {
    index: Index,
    /// Active snapshots, the demo list's last.
    snapshots: Vec<Snapshot>,
    /// The sources their entities cite.
    sources: super::sources::Catalogue,
    /// The digital-currency addresses they list (KYT's exact match).
    wallets: super::wallets::WalletIndex,
    /// The stored snapshots it was built from: compared with the database to tell when to rebuild.
    pub(super) stored: Vec<SnapshotId>,
}

/// AML state of an engine: the index in use.
pub(crate) struct AmlState {
    loaded: RwLock<Option<Arc<Loaded>>>,
    building: Mutex<()>,
    fatf: RwLock<Option<Arc<Vec<FatfRecord>>>>,
    pub(super) jobs: super::jobs::ImportJobs,
}

impl AmlState {
    pub(crate) fn new() -> Self {
        AmlState {
            loaded: RwLock::new(None),
            building: Mutex::new(()),
            fatf: RwLock::new(None),
            jobs: Default::default(),
        }
    }

    pub(super) fn current(&self) -> Option<Arc<Loaded>> {
        self.loaded.read().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// What a search is, once checked.
struct Plan {
    /// The name forms to match, with the text each came from.
    names: Vec<(NormalizedName, String)>,
    options: MatchOptions,
    threshold: f64,
    filters: Filters,
    limit: usize,
}

fn check_name(field: &str, value: &str, max: usize) -> Result<String> {
    crate::values::text(field, value, max)
}

fn plan(request: &SearchRequest) -> Result<Plan> {
    let full_name = check_name("full_name", &request.full_name, MAX_NAME)?;
    let first = request.first_name.as_deref().map(|n| check_name("first_name", n, 100)).transpose()?;
    let last = request.last_name.as_deref().map(|n| check_name("last_name", n, 100)).transpose()?;
    let mode = request.mode.unwrap_or_default();
    let both = match (&first, &last) {
        (Some(f), Some(l)) => Some(format!("{f} {l}")),
        _ => None,
    };
    let texts: Vec<String> = match mode {
        NameMode::FullNameOnly => vec![full_name.clone()],
        NameMode::FirstAndLastNamesOnly => vec![both.ok_or_else(|| {
            Error::invalid("mode", "FIRST_AND_LAST_NAMES_ONLY (2) needs both first_name and last_name")
        })?],
        NameMode::Auto => both.into_iter().chain(std::iter::once(full_name.clone())).collect(),
    };
    let mut names = Vec::new();
    for text in texts {
        let n = normalize(&text);
        if !n.is_empty() && !names.iter().any(|(m, _): &(NormalizedName, String)| m.key() == n.key()) {
            names.push((n, text));
        }
    }
    if names.is_empty() {
        return Err(Error::invalid("full_name", "has no letters or digits to search for"));
    }
    let options = MatchOptions {
        fuzzy: request.fuzziness.unwrap_or(true),
        level: request.fuzziness_level.map_or(1.0, |l| l.value()),
        phonetics: request.phonetics.unwrap_or(true),
    };
    let list = |field: &str, values: &Option<Vec<String>>, max_items: usize, max_len: usize| -> Result<Vec<String>> {
        let values = values.clone().unwrap_or_default();
        if values.len() > max_items {
            return Err(Error::invalid(field, format!("at most {max_items} values")));
        }
        values.iter().map(|v| crate::values::text(field, v, max_len)).collect()
    };
    let cities: Vec<String> =
        list("cities", &request.cities, 50, 100)?.iter().map(|c| crate::values::fold(c)).collect();
    let postal_codes: Vec<String> =
        list("postal_codes", &request.postal_codes, 50, 20)?.iter().map(|p| normalize_identifier(p)).collect();
    let registration_ids: Vec<String> = list("registration_ids", &request.registration_ids, 20, 64)?
        .iter()
        .map(|r| normalize_identifier(r))
        .filter(|r| !r.is_empty())
        .collect();
    let countries = request.countries.clone().unwrap_or_default();
    if countries.len() > 50 {
        return Err(Error::invalid("countries", "at most 50 values"));
    }
    let dob = match request.date_of_birth {
        None => None,
        Some(range) => {
            let lo = range.gte.map_or(i64::MIN, |t| t.as_millis());
            let hi = range.lte.map_or(i64::MAX, |t| t.as_millis() + 86_399_999);
            if lo > hi {
                return Err(Error::invalid("date_of_birth", "gte must not be later than lte"));
            }
            (range.gte.is_some() || range.lte.is_some()).then_some((lo, hi))
        }
    };
    let sources = request.sources.clone().unwrap_or_default();
    if sources.len() > 200 {
        return Err(Error::invalid("sources", "at most 200 values"));
    }
    let limit = request.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=100).contains(&limit) {
        return Err(Error::invalid("limit", "must be between 1 and 100"));
    }
    Ok(Plan {
        names,
        threshold: options.threshold(),
        options,
        filters: Filters {
            entity_types: request.entity_types.clone().unwrap_or_default(),
            tags: request.tags.clone().unwrap_or_default(),
            sources,
            risk_scores: request.risk_scores.clone().unwrap_or_default(),
            countries: countries
                .iter()
                .map(|c| <[u8; 2]>::try_from(c.as_str().as_bytes()).unwrap_or([b' '; 2]))
                .collect(),
            dob,
            gender: request.gender,
            registration_ids,
            cities,
            postal_codes,
        },
        limit: limit as usize,
    })
}

fn sorted_key(n: &NormalizedName) -> String {
    let mut tokens: Vec<&str> = n.tokens.iter().map(|t| t.text.as_str()).collect();
    tokens.sort_unstable();
    tokens.join(" ")
}

/// The magic name a plan names, if any.
fn magic(plan: &Plan) -> Option<(&'static str, MagicOutcome)> {
    MAGIC_NAMES.iter().copied().find(|(name, _)| {
        let key = sorted_key(&normalize(name));
        plan.names.iter().any(|(n, _)| sorted_key(n) == key)
    })
}

fn name_level(score: &NameScore, query: &NormalizedName) -> MatchLevel {
    if score.exact {
        return MatchLevel::FullMatch;
    }
    let meaningful = query.tokens.iter().filter(|t| !t.particle).count();
    if meaningful <= 1 && score.unmatched_listed.iter().any(|_| true) {
        return MatchLevel::NotEnoughData;
    }
    level_of(score.score)
}

fn level_of(score: f64) -> MatchLevel {
    match score {
        s if s >= 0.9 => MatchLevel::High,
        s if s >= 0.8 => MatchLevel::Medium,
        s if s >= 0.6 => MatchLevel::Low,
        _ => MatchLevel::ZeroMatch,
    }
}

/// A listed date as a reviewer reads it: `1970-01-01`, `1970` for a whole year, or its bounds.
pub(crate) fn listed_date(range: &DateRange) -> String {
    match (range.gte.map(|t| t.date()), range.lte.map(|t| t.date())) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) if a.year() == b.year() && (a.month(), a.day(), b.month(), b.day()) == (1, 1, 12, 31) => {
            a.year().to_string()
        }
        (Some(a), Some(b)) => format!("{a} – {b}"),
        (Some(a), None) => format!("{a} or later"),
        (None, Some(b)) => format!("{b} or earlier"),
        (None, None) => "unknown".into(),
    }
}

/// What the entity holds for a qualifier the request set but that did not match: `None` when it
/// holds nothing (then there was nothing to compare), else the listed values (they differ: the
/// sandbox's magic names are reported whatever the filters say).
fn listed_values(label: &str, entity: &Entity) -> Option<String> {
    let f = &entity.fields;
    let values: Vec<String> = match label {
        "date of birth" => f.dates_of_birth.iter().map(listed_date).collect(),
        "country" => {
            let (strong, weak) = entity.countries();
            strong.into_iter().chain(weak).map(|c| c.to_string()).collect()
        }
        "gender" => f.genders.iter().map(|g| format!("{g:?}").to_lowercase()).collect(),
        _ => f
            .addresses
            .iter()
            .chain(&f.places_of_birth)
            .flat_map(|a| a.city.iter().chain(&a.postal_code).cloned())
            .collect(),
    };
    (!values.is_empty()).then(|| values.join(", "))
}

fn describe(score: &NameScore, raw: &RawHit) -> String {
    let n = score.matches.len() + score.unmatched_query.len();
    let count = |m: Method| score.matches.iter().filter(|x| x.method == m).count();
    let mut kinds = Vec::new();
    for (method, word) in [
        (Method::Exact, "exact"),
        (Method::Fuzzy, "fuzzy"),
        (Method::Phonetic, "phonetic"),
        (Method::Skeleton, "transliterated"),
        (Method::Initial, "initial"),
        (Method::Joined, "joined"),
    ] {
        let k = count(method);
        if k > 0 {
            kinds.push(format!("{k} {word}"));
        }
    }
    let mut parts = vec![format!("{} of {n} name tokens matched ({})", score.matches.len(), kinds.join(", "))];
    if !score.unmatched_listed.is_empty() {
        parts.push(format!("not in the query: {}", score.unmatched_listed.join(", ")));
    }
    if !score.unmatched_query.is_empty() {
        parts.push(format!("not on the list: {}", score.unmatched_query.join(", ")));
    }
    for (label, m) in
        [("date of birth", raw.dob), ("country", raw.country), ("gender", raw.gender), ("place", raw.city_or_postal)]
    {
        match m {
            FilterMatch::Match => parts.push(format!("{label} matches")),
            FilterMatch::PartialMatch => parts.push(format!("{label} partly matches")),
            FilterMatch::NoMatch => parts.push(match listed_values(label, &raw.entity) {
                Some(listed) => format!("{label} differs (listed: {listed})"),
                None => format!("no {label} on the list to compare"),
            }),
            FilterMatch::FilterNotSet => {}
        }
    }
    if let Some(id) = &raw.identifier {
        parts.push(format!("registration id {id} matches"));
    }
    parts.join("; ")
}

fn hit(raw: RawHit, plan: &Plan) -> Hit {
    let (query_norm, query_text) = &plan.names[raw.form];
    let name_match_level = name_level(&raw.score, query_norm);
    let qualifiers = [raw.dob, raw.country, raw.gender, raw.city_or_postal];
    let mut general = raw.score.score;
    for q in qualifiers {
        general += match q {
            FilterMatch::Match => 0.05,
            FilterMatch::PartialMatch => 0.02,
            FilterMatch::NoMatch => -0.03,
            FilterMatch::FilterNotSet => 0.0,
        };
    }
    if raw.identifier.is_some() {
        general = general.max(0.95);
    }
    let all_set_match = qualifiers.iter().all(|q| matches!(q, FilterMatch::Match | FilterMatch::FilterNotSet));
    let general_match_level = if raw.score.exact && all_set_match {
        MatchLevel::FullMatch
    } else if raw.identifier.is_some() {
        // A shared registration id identifies the entity, however little the name says.
        level_of(general.clamp(0.0, 1.0)).max(MatchLevel::High)
    } else if name_match_level == MatchLevel::NotEnoughData && !qualifiers.contains(&FilterMatch::Match) {
        MatchLevel::NotEnoughData
    } else {
        level_of(general.clamp(0.0, 1.0))
    };
    let explanation = Explanation {
        summary: describe(&raw.score, &raw),
        query_name: query_text.clone(),
        listed_name: raw.listed_name.clone(),
        identifier_match: raw.identifier.clone(),
        threshold: plan.threshold,
        name: raw.score.clone(),
    };
    Hit {
        search_metadata: SearchMetadata {
            best_match_name: raw.listed_name.clone(),
            name_match_percentage: (raw.score.score * 1000.0).round() / 10.0,
            name_match_level,
            date_of_birth_matched: raw.dob,
            country_matched: raw.country,
            gender_matched: raw.gender,
            general_match_level,
            risk_profile_info: RiskProfileInfo {
                id: "docket-default".into(),
                name: "Docket default risk profile".into(),
                version: 1.0,
            },
            explanation,
        },
        // Every hit names the version of the entry it saw: a screening's dispositions hold for it.
        entity_version: Some(super::hits::model::fingerprint(&raw.entity)),
        entity: (*raw.entity).clone(),
        disposition: None,
        disposition_history: Vec::new(),
    }
}

/// Gives an entity the FATF records of the countries it is linked with; returns those countries.
fn with_fatf_records(entity: &mut Entity, table: &[FatfRecord]) -> BTreeSet<crate::values::CountryCode> {
    let (strong, weak) = entity.countries();
    let countries: BTreeSet<_> = strong.into_iter().chain(weak).collect();
    entity.fields.fatf_records = countries.iter().map(|c| fatf::record_for(table, c)).collect();
    countries
}

/// The AML operations of one engine.
pub struct Aml<'e> {
    pub(crate) engine: &'e Engine,
}

impl Aml<'_> {
    /// Searches the lists and records the search in the history.
    pub async fn search(&self, scope: Scope, request: SearchRequest) -> Result<SearchReport> {
        self.record(scope, request, None).await
    }

    /// Screens a party (a KYB case's company or person) and records the screening in the
    /// history with the party, whose hits reviewers then dispose of.
    pub(crate) async fn screen_party(
        &self,
        scope: Scope,
        request: SearchRequest,
        party: ScreenedParty,
    ) -> Result<SearchReport> {
        self.record(scope, request, Some(party)).await
    }

    async fn record(&self, scope: Scope, request: SearchRequest, party: Option<ScreenedParty>) -> Result<SearchReport> {
        let mut report = self.run(scope, request).await?;
        report.screened = party;
        let bytes = serde_json::to_vec(&report)?;
        let kind = if report.screened.is_some() { SearchKind::Screening } else { SearchKind::Search };
        let case = report.screened.as_ref().and_then(|p| Some((p.case_id?, p.case_public_id.clone()?)));
        let applicant = report.screened.as_ref().and_then(|p| p.applicant_id);
        let record = (
            report.search_uuid,
            report.requested_name.clone(),
            report.max_risk_score,
            report.data.len() as u32,
            report.searched_at,
        );
        self.engine
            .core
            .db
            .write(move |conn| {
                store::insert_search(
                    conn,
                    scope,
                    &SearchRecord {
                        id: record.0,
                        kind,
                        applicant,
                        case: case.as_ref().map(|(id, public)| (*id, public.as_str())),
                        requested_name: &record.1,
                        max_risk_score: record.2,
                        hits: record.3,
                        searched_at: record.4,
                        report: &bytes,
                    },
                )
            })
            .await?;
        Ok(report)
    }

    /// Screens a name with the default options, without recording a search (transaction
    /// monitoring's check of a payee).
    pub(crate) async fn screen_name(&self, scope: Scope, name: &str) -> Result<SearchReport> {
        self.run(scope, SearchRequest { full_name: name.to_owned(), ..SearchRequest::default() }).await
    }

    /// Runs a search without recording it.
    pub(super) async fn run(&self, scope: Scope, request: SearchRequest) -> Result<SearchReport> {
        let plan = plan(&request)?;
        let loaded = self.loaded().await?;
        let searched_at = self.engine.now(scope);
        let sandbox = scope.is_sandbox();
        let (hits, plan) = tokio::task::spawn_blocking(move || {
            let hits = match magic(&plan).filter(|_| sandbox) {
                Some((_, MagicOutcome::Clean)) => Vec::new(),
                Some((name, _)) => {
                    let id = super::import::entity_id(demo_list::LIST, &format!("magic:{name}"));
                    let entity = loaded.index.get(id.as_uuid(), true)?;
                    // The outcome is fixed, but the filters are reported as they fare.
                    let [dob, country, gender, city_or_postal] = loaded
                        .index
                        .filter_matches(id.as_uuid(), &plan.filters)
                        .unwrap_or([FilterMatch::FilterNotSet; 4]);
                    let (query, _) = &plan.names[0];
                    entity
                        .map(|entity| RawHit {
                            entity: Arc::new(entity),
                            listed_name: name.to_owned(),
                            form: 0,
                            score: NameScore {
                                score: 1.0,
                                exact: true,
                                matches: query
                                    .tokens
                                    .iter()
                                    .map(|t| super::score::TokenMatch {
                                        query: t.text.clone(),
                                        listed: t.text.clone(),
                                        similarity: 1.0,
                                        method: Method::Exact,
                                    })
                                    .collect(),
                                unmatched_query: Vec::new(),
                                unmatched_listed: Vec::new(),
                            },
                            dob,
                            country,
                            gender,
                            city_or_postal,
                            identifier: None,
                        })
                        .into_iter()
                        .collect()
                }
                None => {
                    let names: Vec<NormalizedName> = plan.names.iter().map(|(n, _)| n.clone()).collect();
                    let spec = SearchSpec {
                        names: &names,
                        options: plan.options,
                        min_score: plan.threshold,
                        filters: &plan.filters,
                        include_demo: sandbox,
                        limit: plan.limit,
                    };
                    loaded.index.search(&spec)?
                }
            };
            let hits: Vec<Hit> = hits.into_iter().map(|raw| hit(raw, &plan)).collect();
            Ok::<_, Error>((hits, (plan, loaded)))
        })
        .await
        .map_err(|e| Error::Storage(format!("the search failed: {e}")))??;
        let (plan, loaded) = plan;
        let table = self.fatf_table().await?;
        let mut hits = hits;
        let mut countries = BTreeSet::new();
        for h in &mut hits {
            countries.extend(with_fatf_records(&mut h.entity, &table));
        }
        let fatf_records = countries.iter().map(|c| fatf::record_for(&table, c)).collect();
        let lists = loaded
            .snapshots
            .iter()
            .filter(|s| sandbox || !s.demo)
            .map(|s| SnapshotRef { id: s.id, list: s.list.clone(), as_of: s.as_of.clone() })
            .collect();
        Ok(SearchReport {
            requested_name: request.full_name.trim().to_owned(),
            search_uuid: SearchId::new(self.engine.real_now()),
            max_risk_score: hits.iter().map(|h| h.entity.risk_score).max(),
            data: hits,
            fatf_records,
            searched_at,
            algorithm: ALGORITHM_VERSION.into(),
            threshold: plan.threshold,
            lists,
            request,
            screened: None,
        })
    }

    /// One list entity, as the lists hold it now.
    pub async fn entity(&self, scope: Scope, id: EntityId) -> Result<Entity> {
        let loaded = self.loaded().await?;
        let mut entity = loaded.index.get(id.as_uuid(), scope.is_sandbox())?.ok_or(Error::not_found("entity"))?;
        with_fatf_records(&mut entity, &self.fatf_table().await?);
        Ok(entity)
    }

    /// Past searches and screenings, newest first.
    pub async fn history(&self, scope: Scope, filter: HistoryFilter, page: PageRequest) -> Result<Page<SearchSummary>> {
        if let Some(name) = &filter.name {
            crate::values::text("name", name, MAX_NAME)?;
        }
        self.engine.core.db.read(move |conn| store::history(conn, scope, &filter, page)).await
    }

    /// The sources the scope's environment screens against (the demo list's too in the
    /// sandbox), selected by the query.
    pub async fn data_sources(&self, scope: Scope, query: DataSourceQuery) -> Result<Page<DataSource>> {
        let page = PageRequest::new(query.page, query.limit, super::sources::DATA_SOURCE_BOUNDS)?;
        if let Some(name) = query.name.as_deref().filter(|n| !n.trim().is_empty()) {
            crate::values::text("name", name, MAX_NAME)?;
        }
        let loaded = self.loaded().await?;
        Ok(loaded.sources.select(scope.is_sandbox(), &query, page))
    }

    /// The list snapshots: every import, newest first, and the demo list.
    pub async fn snapshots(&self) -> Result<Vec<Snapshot>> {
        let mut all = self.engine.core.db.read(|conn| store::snapshots(conn, false)).await?;
        all.extend(self.loaded().await?.snapshots.iter().filter(|s| s.demo).cloned());
        Ok(all)
    }

    /// Stores an imported list as its new snapshot (atomically: on failure the previous snapshot
    /// stays in use) and schedules every monitored applicant for screening against it. A snapshot
    /// with fewer than half the entities of the list's active one is refused unless `replace`
    /// says it is meant (a truncated or wrong file would otherwise blind production's
    /// screening). Every import is on every organization's production audit chain, with who
    /// made it: the lists are what production screens against.
    pub async fn import(&self, mut list: ImportedList, replace: bool, actor: &Actor) -> Result<Snapshot> {
        let now = self.engine.real_now();
        for e in &mut list.entities {
            if e.updated_at == 0 {
                e.updated_at = now.as_second();
            }
        }
        let snapshot = Snapshot {
            id: SnapshotId::new(now),
            list: list.list.clone(),
            format: list.format,
            label: list.label.clone(),
            as_of: list.as_of.clone(),
            imported_at: now,
            entities: list.entities.len() as u32,
            names: list.entities.iter().map(|e| e.fields.names.len() as u32).sum(),
            rows_read: list.rows_read as u32,
            rows_rejected: list.rejected.len() as u32,
            sha256: list.sha256.clone(),
            demo: false,
            active: true,
        };
        let rejections = serde_json::to_string(&list.rejected.iter().take(100).collect::<Vec<_>>())?;
        let stored = snapshot.clone();
        let actor = actor.clone();
        self.engine
            .core
            .db
            .write(move |conn| {
                let before = store::active_entity_count(conn, &stored.list)?;
                if let Some(before) = before
                    && !replace
                    && u64::from(stored.entities) * 2 < before
                {
                    return Err(Error::Conflict(format!(
                        "this import would shrink the active list `{}` from {before} to {} entities (to less than \
                         half): if that is meant, import again with `replace` (`replace=true` in the form, \
                         `--replace` for `docket lists import`)",
                        stored.list, stored.entities
                    )));
                }
                store::insert_snapshot(conn, &stored, &rejections, &list.entities)?;
                crate::audit::record_everywhere(
                    conn,
                    crate::scope::Environment::Production,
                    now,
                    &actor,
                    "watchlist_imported",
                    serde_json::json!({
                        "list": stored.list, "format": stored.format.as_str(), "label": stored.label,
                        "as_of": stored.as_of, "sha256": stored.sha256, "snapshot_id": stored.id,
                        "entities_before": before, "entities": stored.entities, "replace": replace,
                    }),
                )
            })
            .await?;
        // The import made every screening due (and woke the monitor).
        if self.engine.core.aml.current().is_some() {
            self.ensure_current().await?;
        }
        Ok(snapshot)
    }

    /// The FATF table in use.
    pub async fn fatf_table(&self) -> Result<Arc<Vec<FatfRecord>>> {
        if let Some(table) = self.engine.core.aml.fatf.read().unwrap_or_else(|e| e.into_inner()).clone() {
            return Ok(table);
        }
        let stored = self.engine.core.db.read(store::fatf).await?;
        let table = Arc::new(if stored.is_empty() {
            fatf::default_table()
        } else {
            stored.into_iter().map(|(r, _)| r).collect()
        });
        *self.engine.core.aml.fatf.write().unwrap_or_else(|e| e.into_inner()) = Some(table.clone());
        Ok(table)
    }

    /// Replaces the FATF table.
    pub async fn replace_fatf(&self, file: fatf::FatfFile) -> Result<usize> {
        let count = file.records.len();
        self.engine.core.db.write(move |conn| store::replace_fatf(conn, &file.records, &file.as_of)).await?;
        *self.engine.core.aml.fatf.write().unwrap_or_else(|e| e.into_inner()) = None;
        Ok(count)
    }

    /// The entities of the lists in use that name this address on this chain, by its canonical
    /// form (KYT's exact match); the demo list's only for the sandbox.
    pub(crate) async fn listed_wallet(
        &self,
        scope: Scope,
        chain: docket_chainaddr::Chain,
        canonical: &str,
    ) -> Result<Vec<super::wallets::WalletListing>> {
        Ok(self.loaded().await?.wallets.lookup(chain, canonical, scope.is_sandbox()))
    }

    /// The index, built on first use.
    async fn loaded(&self) -> Result<Arc<Loaded>> {
        if let Some(l) = self.engine.core.aml.current() {
            return Ok(l);
        }
        self.ensure_current().await?;
        self.engine.core.aml.current().ok_or_else(|| Error::Storage("the screening index could not be built".into()))
    }

    /// Rebuilds the index when the active snapshots changed (an import, here or by another
    /// process on the same database).
    pub async fn ensure_current(&self) -> Result<()> {
        let stored = self.engine.core.db.read(store::active_snapshot_ids).await?;
        if self.engine.core.aml.current().is_some_and(|l| l.stored == stored) {
            return Ok(());
        }
        let _building = self.engine.core.aml.building.lock().await;
        let stored = self.engine.core.db.read(store::active_snapshot_ids).await?;
        if self.engine.core.aml.current().is_some_and(|l| l.stored == stored) {
            return Ok(());
        }
        let db = self.engine.core.db.clone();
        let started = std::time::Instant::now();
        let loaded = db
            .read_blocking(move |conn| {
                let snapshots = store::snapshots(conn, true)?;
                let mut builder = IndexBuilder::new();
                let mut sources = CatalogueBuilder::default();
                let mut wallets = super::wallets::WalletIndex::default();
                for s in &snapshots {
                    let label: Arc<str> = Arc::from(s.label.as_str());
                    store::each_entity(conn, s.id, |e| {
                        sources.add(&e, false, &s.label);
                        wallets.add(&e, false, &label);
                        builder.add(&e, false)
                    })?;
                }
                // Generated anew on each build (a fraction of a second) rather than kept twice.
                let demo = demo_list::entities();
                let (count, names) = (demo.len() as u32, demo.iter().map(|e| e.fields.names.len() as u32).sum());
                let demo_snapshot = demo_list::snapshot(count, names);
                let demo_label: Arc<str> = Arc::from(demo_snapshot.label.as_str());
                for e in demo {
                    sources.add(&e, true, &demo_snapshot.label);
                    wallets.add(&e, true, &demo_label);
                    builder.add(&e, true);
                }
                let mut all = snapshots;
                all.push(demo_snapshot);
                Ok(Loaded { index: builder.build(), snapshots: all, stored, sources: sources.build(), wallets })
            })
            .await?;
        tracing::info!(
            entities = loaded.index.entity_count(),
            names = loaded.index.name_count(),
            ms = started.elapsed().as_millis() as u64,
            "screening index built"
        );
        *self.engine.core.aml.loaded.write().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(loaded));
        Ok(())
    }
}
