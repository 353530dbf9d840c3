//! `aml_company` and `aml_person` through the AML engine: a recorded screening of the case's
//! company or person (it appears in the AML history "for case …", and the evidence names it),
//! graded by the riskiest hit; reviewers dispose of its hits.

use serde_json::json;

use super::{CheckInput, Finding};
use crate::Engine;
use crate::aml::RiskScore;
use crate::aml::hits::model::{PartyKind, ScreenedParty};
use crate::aml::model::{DateRange, DobFilter, EntityType, SearchRequest};
use crate::error::Result;
use crate::kyb::summary::{CheckType, Severity};

/// How many hits the evidence lists.
const EVIDENCE_HITS: usize = 5;

pub(super) async fn screen(engine: &Engine, input: &CheckInput<'_>) -> Result<Finding> {
    let name = input.subject.name.trim();
    if name.is_empty() {
        return Ok(Finding::error("no name to screen was given", json!({})));
    }
    let (entity_type, dob) = match input.check_type {
        CheckType::AmlCompany => (EntityType::Organization, None),
        _ => (EntityType::Person, person_dob(input)),
    };
    let request = SearchRequest {
        full_name: name.to_owned(),
        date_of_birth: dob.and_then(DateRange::day).map(|d| DobFilter { gte: d.gte, lte: d.lte }),
        entity_types: Some(vec![entity_type]),
        ..SearchRequest::default()
    };
    let report = engine.aml().screen_party(input.case.scope, request, party(input, dob)).await?;
    if report.lists.is_empty() {
        return Ok(Finding::error(
            "no watchlist is imported in this environment (import one with `docket lists import`)",
            json!({ "search_id": report.search_uuid }),
        ));
    }
    let hits: Vec<_> = report
        .data
        .iter()
        .take(EVIDENCE_HITS)
        .map(|h| {
            json!({
                "entity_id": h.entity.uuid,
                "name": h.search_metadata.best_match_name,
                "risk_score": h.entity.risk_score,
                "tags": h.entity.tags,
                "name_match_percentage": h.search_metadata.name_match_percentage,
            })
        })
        .collect();
    let lists: Vec<_> = report.lists.iter().map(|l| l.list.clone()).collect();
    let evidence = json!({
        "search_id": report.search_uuid,
        "screened_name": name,
        "hits": report.data.len(),
        "top_hits": hits,
        "lists": lists,
        "algorithm": report.algorithm,
    });
    let top = report.data.first();
    let describe = |verdict: &str| match top {
        Some(h) => format!(
            "{} {}: {} hit(s), the riskiest {} ({:.0}% name match, {} risk)",
            name,
            verdict,
            report.data.len(),
            h.search_metadata.best_match_name,
            h.search_metadata.name_match_percentage,
            h.entity.risk_score.as_str()
        ),
        None => format!("{name}: no hits on {}", lists.join(", ")),
    };
    Ok(match report.max_risk_score {
        Some(RiskScore::High) => Finding::done(Severity::High, "match", describe("matches a listed party"), evidence),
        Some(RiskScore::Medium) => {
            Finding::done(Severity::Medium, "potential_match", describe("may match a listed party"), evidence)
        }
        Some(RiskScore::Low) => {
            Finding::done(Severity::Low, "low_risk_match", describe("matches a low-risk record"), evidence)
        }
        None => Finding::done(Severity::Low, "no_match", describe(""), evidence),
    })
}

/// The company or person screened, with its own data: the screening records it, so the
/// history links back to the case and reviewers compare each hit with it.
fn party(input: &CheckInput<'_>, dob: Option<jiff::civil::Date>) -> ScreenedParty {
    let case = input.case;
    let form = &case.form;
    let key = input.subject.key.as_str();
    let (kind, nationality, country) = match key.strip_prefix("person:").and_then(|n| n.parse::<usize>().ok()) {
        Some(0) => (PartyKind::CasePerson, form.representative.nationality.clone(), None),
        Some(n) => (PartyKind::CasePerson, form.ownership.persons.get(n - 1).and_then(|p| p.nationality.clone()), None),
        None => (PartyKind::CaseCompany, None, form.company.country.clone()),
    };
    ScreenedParty {
        kind,
        key: ScreenedParty::case_key(case.id.as_uuid(), key),
        applicant_id: None,
        case_id: Some(case.id.as_uuid()),
        case_public_id: Some(case.public_id.clone()),
        name: input.subject.name.trim().to_owned(),
        date_of_birth: dob.map(|d| d.to_string()),
        nationalities: nationality.into_iter().collect(),
        countries: country.into_iter().collect(),
    }
}

/// The date of birth of the screened person, to narrow the search.
fn person_dob(input: &CheckInput<'_>) -> Option<jiff::civil::Date> {
    let form = &input.case.form;
    let index: usize = input.subject.key.strip_prefix("person:")?.parse().ok()?;
    match index {
        0 => form.representative.date_of_birth,
        n => form.ownership.persons.get(n - 1)?.date_of_birth,
    }
}
