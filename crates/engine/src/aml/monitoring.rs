//! The monitoring of applicants: each monitored applicant is an item of due work
//! (`work::Kind::AmlScreening`), screened when created or changed, daily by its environment's
//! clock and whenever a list is imported; each screening is recorded on the applicant, in the
//! history and as an `AML_SCREENING` event, in one transaction. A hit reviewers found to be a
//! false positive raises no flag again until its list entry changes (`hits`).

use std::time::Duration;

use jiff::SignedDuration;
use serde::Serialize;

use super::hits::model::{PartyKind, ScreenedParty};
use super::model::{EntityType, SearchId, SearchKind, SearchReport, SearchRequest};
use super::store::{self, SearchRecord};
use super::vocabulary::RiskScore;
use crate::Engine;
use crate::applicants::{self, Applicant, ApplicantId, ApplicantType};
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::work::{self, Claim, Kind, Tasks, Worker};

/// The event type a screening emits.
pub const SCREENING_EVENT: &str = "AML_SCREENING";

/// How often a monitored applicant is screened again.
const SCREENING_INTERVAL: SignedDuration = SignedDuration::from_hours(24);

/// How often the server looks for list snapshots imported by another process.
const SNAPSHOT_POLL: Duration = Duration::from_secs(2);

/// The screening request for an applicant, from its data and search options; `None` when it has
/// no name to screen.
fn screening_request(a: &Applicant) -> Option<SearchRequest> {
    let info = &a.system_info;
    let full_name = info.display_name()?;
    let o = &a.search_options;
    Some(SearchRequest {
        full_name,
        first_name: info.first_name.clone(),
        last_name: info.last_name.clone(),
        date_of_birth: info.dob.and_then(|d| {
            let day = super::model::DateRange::day(d.0)?;
            Some(super::model::DobFilter { gte: day.gte, lte: day.lte })
        }),
        entity_types: Some(vec![match a.applicant_type {
            ApplicantType::Person => EntityType::Person,
            ApplicantType::Organization => EntityType::Organization,
        }]),
        risk_scores: Some(o.risk_scores.clone()).filter(|v| !v.is_empty()),
        tags: Some(o.tags.clone()).filter(|v| !v.is_empty()),
        sources: Some(o.sources.clone()).filter(|v| !v.is_empty()),
        fuzziness: Some(o.fuzziness),
        fuzziness_level: Some(o.fuzziness_level),
        phonetics: Some(o.phonetics),
        mode: Some(o.mode),
        ..SearchRequest::default()
    })
}

/// The applicant as the party of its screenings: its key, and its own data for the comparison.
fn applicant_party(a: &Applicant) -> ScreenedParty {
    let info = &a.system_info;
    ScreenedParty {
        kind: PartyKind::Applicant,
        key: ScreenedParty::applicant_key(a.applicant_id),
        applicant_id: Some(a.applicant_id),
        case_id: None,
        case_public_id: None,
        name: info.display_name().unwrap_or_default(),
        date_of_birth: info.dob.map(|d| d.0.to_string()),
        nationalities: info.citizenship.iter().cloned().collect(),
        countries: info.country.iter().cloned().collect(),
    }
}

/// The AML_SCREENING event's payload (both `search_response`, as the current docs call it, and
/// `search_result`, as the older examples do).
#[derive(Serialize)]
struct ScreeningEvent<'a> {
    screening_id: SearchId,
    applicant_id: ApplicantId,
    external_id: Option<&'a str>,
    search_request: &'a SearchRequest,
    search_response: &'a SearchReport,
    search_result: &'a SearchReport,
    risk_score: RiskType,
    completed_at: Timestamp,
}

/// The screening's risk level: the highest risk among the hits that flag, `Low` when none do (the
/// public example of a clean screening; a webhook consumer reads a level, never null).
#[derive(Serialize)]
struct RiskType {
    #[serde(rename = "type")]
    kind: RiskScore,
}

/// The AML_SCREENING payload of a screening.
fn screening_payload(
    screening_id: SearchId,
    applicant_id: ApplicantId,
    external_id: Option<&str>,
    request: &SearchRequest,
    report: &SearchReport,
    risk: Option<RiskScore>,
) -> Result<String> {
    Ok(serde_json::to_string(&ScreeningEvent {
        screening_id,
        applicant_id,
        external_id,
        search_request: request,
        search_response: report,
        search_result: report,
        risk_score: RiskType { kind: risk.unwrap_or(RiskScore::Low) },
        completed_at: report.searched_at,
    })?)
}

impl super::Aml<'_> {
    /// An AML_SCREENING payload for a test event: a real search, not recorded (in the sandbox,
    /// of a magic name with a High hit; in production, against the imported lists).
    pub(crate) async fn example_screening_payload(&self, scope: Scope) -> Result<String> {
        let request = SearchRequest { full_name: "Ivan Sanctionov".into(), ..SearchRequest::default() };
        let report = self.run(scope, request.clone()).await?;
        let applicant = ApplicantId(uuid::Uuid::nil());
        screening_payload(report.search_uuid, applicant, Some("webhook-test"), &request, &report, report.max_risk_score)
    }

    /// Screens the applicant of a claimed item: searches with its data and options, records the
    /// screening on it and in the history, adds an AML_SCREENING event and makes the next one
    /// due, in one transaction. Nothing is recorded if meanwhile it changed (it is due again).
    async fn screen(&self, claim: Claim) -> Result<Option<SearchReport>> {
        let scope = claim.scope;
        let id = ApplicantId(claim.subject);
        let applicant = match self.engine.applicants().get(scope, id).await {
            Ok(a) if a.aml_screening_enabled => Some(a),
            Ok(_) | Err(Error::NotFound { .. }) => None,
            Err(e) => return Err(e),
        };
        let next = self.engine.now(scope).saturating_add(SCREENING_INTERVAL);
        let Some(applicant) = applicant else {
            // Deleted, or monitoring turned off: nothing more to do.
            self.engine.core.db.write(move |conn| work::store::complete(conn, &claim).map(drop)).await?;
            return Ok(None);
        };
        let Some(request) = screening_request(&applicant) else {
            // No name to screen yet: look again tomorrow.
            self.engine.core.db.write(move |conn| work::store::reschedule(conn, &claim, next).map(drop)).await?;
            return Ok(None);
        };
        let mut report = self.run(scope, request.clone()).await?;
        let party = applicant_party(&applicant);
        let key = party.key.clone();
        report.screened = Some(party);
        // A hit the reviewers found to be someone else is remembered until its list entry
        // changes: it raises no flag (risk, tags) and no risk in the event.
        let history = self.engine.core.db.read(move |conn| super::hits::store::of_party(conn, scope, &key)).await?;
        let cleared = super::hits::remembered_false_positives(&report, &history);
        let flagging: Vec<_> = report.data.iter().filter(|h| !cleared.contains(&h.entity.uuid)).collect();
        let risk = flagging.iter().map(|h| h.entity.risk_score).max();
        let mut tags: Vec<String> = flagging.iter().flat_map(|h| h.entity.tags.iter().map(|t| t.to_string())).collect();
        tags.sort();
        tags.dedup();
        let bytes = serde_json::to_vec(&report)?;
        let payload = screening_payload(
            report.search_uuid,
            id,
            applicant.external_id.as_ref().map(|e| e.as_str()),
            &request,
            &report,
            risk,
        )?;
        let real_now = self.engine.real_now();
        let event_id = crate::events::EventId::new(real_now);
        let (search, searched_at, requested, hits) =
            (report.search_uuid, report.searched_at, report.requested_name.clone(), report.data.len() as u32);
        let recorded = self
            .engine
            .core
            .db
            .write(move |conn| {
                // Changed since the claim: it is due again with the new data.
                if !work::store::reschedule(conn, &claim, next)? {
                    return Ok(false);
                }
                let result =
                    applicants::store::ScreeningResult { search: search.as_uuid(), at: searched_at, risk, tags: &tags };
                if !applicants::store::record_screening(conn, scope, id, &result)? {
                    work::store::cancel(conn, Kind::AmlScreening, id.as_uuid())?;
                    return Ok(false);
                }
                store::insert_search(
                    conn,
                    scope,
                    &SearchRecord {
                        id: search,
                        kind: SearchKind::Screening,
                        applicant: Some(id),
                        case: None,
                        requested_name: &requested,
                        max_risk_score: risk,
                        hits,
                        searched_at,
                        report: &bytes,
                    },
                )?;
                crate::events::emit(
                    conn,
                    scope,
                    &crate::events::NewEvent {
                        id: event_id,
                        event_type: SCREENING_EVENT,
                        subject: Some(id.as_uuid()),
                        payload: &payload,
                        at: searched_at,
                        real_now,
                    },
                )?;
                Ok(true)
            })
            .await?;
        Ok(recorded.then_some(report))
    }

    /// Screens every applicant whose screening is due, by its environment's clock, and returns
    /// how many screenings ended. For tests and tools; a serving engine's loop does this.
    pub async fn run_due_screenings(&self) -> Result<usize> {
        work::run_now(self.engine, &Screenings).await
    }

    /// Starts the background work of a serving engine: the index, the monitor of due screenings
    /// and the watch for lists imported by another process.
    pub fn start(&self) {
        work::spawn(self.engine, Screenings);
        // Also builds the index at start. A list imported by another process is noticed here;
        // the import made every screening due, and the loop is woken to run them.
        work::every(self.engine, SNAPSHOT_POLL, "could not check for new list snapshots", |engine| async move {
            let before = engine.core.aml.current().map(|l| l.stored.clone());
            engine.aml().ensure_current().await?;
            if engine.core.aml.current().map(|l| l.stored.clone()) != before {
                engine.core.work.wake_all();
            }
            Ok(())
        });
    }
}

/// Runs due screenings. Each search is a fraction of a millisecond of CPU; enough run at once
/// that their records share commits (one fsync for many screenings).
struct Screenings;

impl Worker for Screenings {
    const KIND: Kind = Kind::AmlScreening;
    const MAX_IN_FLIGHT: usize = 16;
    const LEASE: Duration = Duration::from_secs(60);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        // A list imported by another process made these due: screen against it, not against the
        // index this process still holds (the snapshot poll may not have noticed it yet).
        engine.aml().ensure_current().await?;
        work::spawn_each(
            engine,
            items,
            tasks,
            |engine, claim| async move { engine.aml().screen(claim).await.map(drop) },
        );
        Ok(())
    }
}
