//! The data sources screening reads: every source id the lists in use cite (`US_OFAC_SDN`,
//! `UN_SCC`, ...), with its name, address, highest risk, tags and how many entities it names.
//!
//! Gathered while the index is built (the build already reads every entity once), so a request
//! only filters a short list. The sandbox also screens against the demo list, so it has its own
//! catalogue: the demo list's sources merged with the imported ones of the same id. Served as
//! `POST /webapi/public/datasources` (the JS client's `aml.getDataSources`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use super::model::Entity;
use super::vocabulary::{RiskScore, SourceId, Tag};
use crate::page::{Bounds, Page, PageRequest};

/// Paging of the data sources (a few dozen at most).
pub const DATA_SOURCE_BOUNDS: Bounds = Bounds { min: 1, max: 200, default: 50 };

/// One source of the lists in use.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DataSource {
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "US_OFAC_SDN"))]
    pub source_id: SourceId,
    /// The name the lists give the source.
    pub source_public_name: String,
    /// The source's own address: the one its records share, or the site they all point into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The highest risk of the source's records.
    pub risk_score: RiskScore,
    /// Every tag the source's records carry.
    pub tags: Vec<Tag>,
    pub description: String,
    /// Docket addition: how many entities of the lists in use the source names.
    pub entities: u32,
    /// Docket addition: the list snapshots it comes from (their labels).
    pub lists: Vec<String>,
}

/// `POST /webapi/public/datasources`: every field optional.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DataSourceQuery {
    /// Part of the source's id or name, case- and accent-insensitive.
    #[serde(default)]
    pub name: Option<String>,
    /// Sources whose records carry any of these tags.
    #[serde(default)]
    pub tags: Option<Vec<Tag>>,
    /// Sources of any of these risk scores.
    #[serde(default)]
    pub risk_scores: Option<Vec<RiskScore>>,
    /// 0-based.
    #[serde(default)]
    pub page: Option<i64>,
    /// 1 to 200, default 50.
    #[serde(default)]
    pub limit: Option<i64>,
}

#[derive(Debug, Default, Clone)]
struct Tally {
    name: Option<String>,
    urls: HashMap<String, u32>,
    entities: u32,
    risk: Option<RiskScore>,
    tags: BTreeSet<Tag>,
    lists: BTreeSet<String>,
}

impl Tally {
    fn merge(&mut self, other: &Tally) {
        if self.name.is_none() {
            self.name.clone_from(&other.name);
        }
        for (u, n) in &other.urls {
            *self.urls.entry(u.clone()).or_default() += n;
        }
        self.entities += other.entities;
        self.risk = self.risk.max(other.risk);
        self.tags.extend(other.tags.iter().copied());
        self.lists.extend(other.lists.iter().cloned());
    }

    /// The URL most of its records give; else the one site they all point into; else none
    /// (a per-record page is not the source's address).
    fn url(&self) -> Option<String> {
        let with_url: u32 = self.urls.values().sum();
        let (best, count) = self.urls.iter().max_by(|a, b| a.1.cmp(b.1).then_with(|| b.0.cmp(a.0)))?;
        if *count * 2 >= with_url && (*count > 1 || self.urls.len() == 1) {
            return Some(best.clone());
        }
        let origins: BTreeSet<String> = self
            .urls
            .keys()
            .filter_map(|u| url::Url::parse(u).ok())
            .map(|u| u.origin().ascii_serialization())
            .collect();
        match origins.into_iter().collect::<Vec<_>>().as_slice() {
            [one] if one != "null" => Some(format!("{one}/")),
            _ => None,
        }
    }

    fn source(&self, id: &SourceId) -> DataSource {
        let lists: Vec<String> = self.lists.iter().cloned().collect();
        let entities = self.entities;
        DataSource {
            source_id: id.clone(),
            source_public_name: self.name.clone().unwrap_or_else(|| id.as_str().to_owned()),
            url: self.url(),
            risk_score: self.risk.unwrap_or(RiskScore::Low),
            tags: self.tags.iter().copied().collect(),
            description: format!(
                "{entities} {} on {}",
                if entities == 1 { "entity" } else { "entities" },
                lists.join("; ")
            ),
            entities,
            lists,
        }
    }
}

/// Collects the sources while the index is built.
#[derive(Debug, Default)]
pub(crate) struct CatalogueBuilder {
    imported: BTreeMap<SourceId, Tally>,
    demo: BTreeMap<SourceId, Tally>,
}

impl CatalogueBuilder {
    /// Counts an entity of the list labelled `list` under each source it cites (once each).
    pub(crate) fn add(&mut self, entity: &Entity, demo: bool, list: &str) {
        let map = if demo { &mut self.demo } else { &mut self.imported };
        let mut seen = BTreeSet::new();
        for s in &entity.fields.sources {
            let t = map.entry(s.source_id.clone()).or_default();
            if t.name.is_none() && !s.name.trim().is_empty() {
                t.name = Some(s.name.trim().to_owned());
            }
            if let Some(u) = s.source_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
                *t.urls.entry(u.to_owned()).or_default() += 1;
            }
            t.risk = t.risk.max(Some(s.risk_score));
            t.tags.extend(s.tags.iter().copied());
            if seen.insert(&s.source_id) {
                t.entities += 1;
                if !t.lists.contains(list) {
                    t.lists.insert(list.to_owned());
                }
            }
        }
    }

    pub(crate) fn build(self) -> Catalogue {
        let production: Vec<DataSource> = self.imported.iter().map(|(id, t)| t.source(id)).collect();
        // The sandbox: the imported sources first in each merge, so their names win.
        let mut both = self.imported;
        for (id, t) in &self.demo {
            both.entry(id.clone()).or_default().merge(t);
        }
        let sandbox = both.iter().map(|(id, t)| t.source(id)).collect();
        Catalogue { production, sandbox }
    }
}

/// The sources of the lists in use, by source id, for each environment.
#[derive(Debug, Default)]
pub(crate) struct Catalogue {
    production: Vec<DataSource>,
    sandbox: Vec<DataSource>,
}

impl Catalogue {
    /// One page of the sources an environment screens against that the query selects.
    pub(crate) fn select(&self, sandbox: bool, query: &DataSourceQuery, page: PageRequest) -> Page<DataSource> {
        let all = if sandbox { &self.sandbox } else { &self.production };
        let name = query.name.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(crate::values::fold);
        let tags = query.tags.as_deref().unwrap_or_default();
        let risks = query.risk_scores.as_deref().unwrap_or_default();
        let selected = all
            .iter()
            .filter(|s| {
                name.as_deref().is_none_or(|n| {
                    crate::values::fold(s.source_id.as_str()).contains(n)
                        || crate::values::fold(&s.source_public_name).contains(n)
                })
            })
            .filter(|s| tags.is_empty() || s.tags.iter().any(|t| tags.contains(t)))
            .filter(|s| risks.is_empty() || risks.contains(&s.risk_score));
        let rows = selected.skip(page.sql_offset() as usize).take(page.sql_limit() as usize).cloned().collect();
        page.finish(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aml::model::{EntityFields, SourceData};

    /// A source's id, name, address, risk and tags, as an entity cites it.
    type Cited<'a> = (&'a str, &'a str, Option<&'a str>, RiskScore, &'a [Tag]);

    fn entity(sources: &[Cited<'_>]) -> Entity {
        let fields = EntityFields {
            sources: sources
                .iter()
                .map(|(id, name, url, risk, tags)| SourceData {
                    source_id: SourceId::parse(id).expect("an id"),
                    name: (*name).into(),
                    reason: None,
                    summary: None,
                    source_url: url.map(Into::into),
                    risk_score: *risk,
                    tags: tags.to_vec(),
                })
                .collect(),
            ..EntityFields::default()
        };
        serde_json::from_value(serde_json::json!({
            "uuid": uuid::Uuid::now_v7(), "type": "Person", "tags": [], "risk_score": "Low",
            "risk_score_value": 0.0, "importance_score": 0.0, "updated_at": 0,
            "fields": fields,
        }))
        .expect("an entity")
    }

    const PAGE: PageRequest = PageRequest { page: 0, limit: 50 };

    #[test]
    fn sources_are_counted_merged_and_filtered() {
        let mut b = CatalogueBuilder::default();
        let ofac =
            ("US_OFAC_SDN", "OFAC SDN", Some("https://ofac.example/sdn"), RiskScore::High, &[Tag::Sanctions][..]);
        b.add(&entity(&[ofac]), false, "OFAC SDN 2026-01");
        b.add(&entity(&[ofac, ofac]), false, "OFAC SDN 2026-01");
        b.add(
            &entity(&[(
                "WIKIDATA",
                "Wikidata",
                Some("https://www.wikidata.org/wiki/Q1"),
                RiskScore::Medium,
                &[Tag::PEP],
            )]),
            false,
            "OpenSanctions",
        );
        b.add(
            &entity(&[("WIKIDATA", "Wikidata", Some("https://www.wikidata.org/wiki/Q2"), RiskScore::Low, &[Tag::PEP])]),
            false,
            "OpenSanctions",
        );
        b.add(&entity(&[("US_OFAC_SDN", "Demo – OFAC", None, RiskScore::High, &[Tag::Terrorism])]), true, "Demo");
        b.add(&entity(&[("DOCKET_ONLY", "Demo only", None, RiskScore::Low, &[])]), true, "Demo");
        let c = b.build();

        let production = c.select(false, &DataSourceQuery::default(), PAGE);
        let ids: Vec<&str> = production.data.iter().map(|s| s.source_id.as_str()).collect();
        assert_eq!(ids, ["US_OFAC_SDN", "WIKIDATA"]);
        let ofac = &production.data[0];
        assert_eq!((ofac.entities, ofac.source_public_name.as_str()), (2, "OFAC SDN"));
        assert_eq!(ofac.url.as_deref(), Some("https://ofac.example/sdn"));
        assert_eq!(ofac.description, "2 entities on OFAC SDN 2026-01");
        // Per-record pages are not the source's address; their one site is.
        let wikidata = &production.data[1];
        assert_eq!(wikidata.url.as_deref(), Some("https://www.wikidata.org/"));
        assert_eq!(wikidata.risk_score, RiskScore::Medium);

        let sandbox = c.select(true, &DataSourceQuery::default(), PAGE);
        assert_eq!(sandbox.data.len(), 3);
        let merged = &sandbox.data[1];
        assert_eq!((merged.source_id.as_str(), merged.entities), ("US_OFAC_SDN", 3));
        assert_eq!(merged.source_public_name, "OFAC SDN");
        // In the vocabulary's order.
        assert_eq!(merged.tags, [Tag::Terrorism, Tag::Sanctions]);
        assert_eq!(merged.lists, ["Demo", "OFAC SDN 2026-01"]);

        let q = |name: Option<&str>, tags: Option<Vec<Tag>>, risks: Option<Vec<RiskScore>>| DataSourceQuery {
            name: name.map(Into::into),
            tags,
            risk_scores: risks,
            ..DataSourceQuery::default()
        };
        let ids = |p: Page<DataSource>| p.data.into_iter().map(|s| s.source_id.as_str().to_owned()).collect::<Vec<_>>();
        assert_eq!(ids(c.select(false, &q(Some(" wiki "), None, None), PAGE)), ["WIKIDATA"]);
        assert_eq!(ids(c.select(false, &q(Some("ofac"), None, None), PAGE)), ["US_OFAC_SDN"]);
        assert_eq!(ids(c.select(false, &q(None, Some(vec![Tag::PEP]), None), PAGE)), ["WIKIDATA"]);
        assert_eq!(ids(c.select(false, &q(None, None, Some(vec![RiskScore::High])), PAGE)), ["US_OFAC_SDN"]);
        let first = c.select(true, &DataSourceQuery::default(), PageRequest { page: 0, limit: 2 });
        assert!(first.has_next);
        let second = c.select(true, &DataSourceQuery::default(), PageRequest { page: 1, limit: 2 });
        assert_eq!((second.data.len(), second.has_next), (1, false));
    }
}
