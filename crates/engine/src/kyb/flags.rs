//! The open flags of a case (issue 33): what a reviewer must acknowledge, one by one, before
//! approving it. A check to review (a finding of medium or high severity), a potential match of
//! the case's screenings that no disposition resolves, and a check that could not run. Rejecting
//! needs no acknowledgment: the flags only ever argue against approving.
//!
//! [`open_flags`] is the one rule: the case file lists what it returns, and the decision refuses
//! an approval that leaves one of them unacknowledged. The decision computes them inside its own
//! write ([`open_flags_in`]), so that a hit or an errored check that appears after the reviewer
//! looked, even while the decision is on its way, is never approved unacknowledged.

use serde::{Deserialize, Serialize};

use super::model::{Check, CheckState};
use super::summary::{CheckType, Severity};
use crate::aml::model::{Hit, SearchId};
use crate::error::{Error, Result};

/// What kind of flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FlagKind {
    /// A check's finding needs a reviewer's look (medium or high severity).
    ToReview,
    /// A potential match of a screening with no disposition that resolves it.
    UndisposedHit,
    /// A check that could not run (it can be run again).
    ErroredCheck,
}

/// One open flag of a case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OpenFlag {
    /// Stable while the flag stands: `review:<check id>`, `hit:<search id>:<entity id>`,
    /// `errored:<check id>`. An approval names it in `acknowledged_flags`.
    pub key: String,
    pub kind: FlagKind,
    /// One line for people.
    pub label: String,
    /// Where the case file shows it: `#check-<check id>` or `#hit-<search id>-<entity id>`.
    pub target: String,
    pub check_id: super::model::CheckId,
}

fn type_label(t: CheckType) -> String {
    let s = t.as_str().replace('_', " ");
    match t {
        CheckType::AmlCompany => "AML screening of the company".into(),
        CheckType::AmlPerson => "AML screening".into(),
        CheckType::Kyc => "Identity check (KYC)".into(),
        CheckType::Tin => "TIN check".into(),
        _ => {
            let mut c = s.chars();
            c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
        }
    }
}

fn subject(check: &Check) -> String {
    if check.subject_name.trim().is_empty() { check.subject.clone() } else { check.subject_name.clone() }
}

/// The search id a screening check's evidence names.
pub(crate) fn screening_of(check: &Check) -> Option<SearchId> {
    matches!(check.check_type, CheckType::AmlCompany | CheckType::AmlPerson)
        .then(|| check.evidence.get("search_id")?.as_str()?.parse().ok())
        .flatten()
}

/// The open flags of a case from its checks (superseded ones are history and raise none) and
/// the hits of its screenings that no disposition resolves.
pub fn open_flags(checks: &[Check], open_hits: &[(SearchId, Hit)]) -> Vec<OpenFlag> {
    let mut flags = Vec::new();
    for check in checks.iter().filter(|c| c.superseded_at.is_none()) {
        let target = format!("#check-{}", check.id);
        match check.state {
            CheckState::Error => flags.push(OpenFlag {
                key: format!("errored:{}", check.id),
                kind: FlagKind::ErroredCheck,
                label: format!(
                    "{} for {} could not run: {}",
                    type_label(check.check_type),
                    subject(check),
                    check.summary.as_deref().unwrap_or("no reason given")
                ),
                target,
                check_id: check.id,
            }),
            CheckState::Completed => match screening_of(check) {
                // A screening is settled hit by hit: its flags are its open hits.
                Some(search) => {
                    for (_, hit) in open_hits.iter().filter(|(s, _)| *s == search) {
                        let waiting = hit
                            .disposition
                            .as_ref()
                            .map(|d| format!(", {}", d.disposition.as_str().replace('_', " ")))
                            .unwrap_or_default();
                        flags.push(OpenFlag {
                            key: format!("hit:{search}:{}", hit.entity.uuid),
                            kind: FlagKind::UndisposedHit,
                            label: format!(
                                "Potential match for {}: {} ({} risk{waiting})",
                                subject(check),
                                hit.search_metadata.best_match_name,
                                hit.entity.risk_score.as_str()
                            ),
                            target: format!("#hit-{search}-{}", hit.entity.uuid),
                            check_id: check.id,
                        });
                    }
                }
                None if check.severity.is_some_and(|s| s >= Severity::Medium) => flags.push(OpenFlag {
                    key: format!("review:{}", check.id),
                    kind: FlagKind::ToReview,
                    label: format!(
                        "{} for {}: {}",
                        type_label(check.check_type),
                        subject(check),
                        check.summary.as_deref().unwrap_or("needs a look")
                    ),
                    target,
                    check_id: check.id,
                }),
                None => {}
            },
            CheckState::Pending => {}
        }
    }
    flags
}

/// The open flags of these checks (a case's, superseded ones included) as `conn` sees them: the
/// hits of their completed screenings come from the AML domain, read in the same transaction.
pub(crate) fn open_flags_in(
    conn: &rusqlite::Connection,
    scope: crate::scope::Scope,
    checks: &[Check],
) -> Result<Vec<OpenFlag>> {
    let searches: Vec<SearchId> = checks
        .iter()
        .filter(|c| c.superseded_at.is_none() && c.state == CheckState::Completed)
        .filter_map(screening_of)
        .collect();
    let open_hits = crate::aml::hits::open_hits_in(conn, scope, &searches)?;
    Ok(open_flags(checks, &open_hits))
}

/// Refuses an approval that leaves a flag unacknowledged, naming each; returns the flags it
/// acknowledges (keys of flags no longer open are ignored: nothing stands to acknowledge).
pub(crate) fn acknowledged(flags: &[OpenFlag], keys: &[String]) -> Result<Vec<OpenFlag>> {
    let missing: Vec<&OpenFlag> = flags.iter().filter(|f| !keys.contains(&f.key)).collect();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|f| format!("{} (`{}`)", f.label, f.key)).collect();
        return Err(Error::Conflict(format!(
            "approving needs every open flag acknowledged in `acknowledged_flags`; not acknowledged: {}",
            list.join("; ")
        )));
    }
    Ok(flags.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kyb::model::{CheckId, Provider};
    use crate::time::Timestamp;

    fn check(t: CheckType, state: CheckState, severity: Option<Severity>, evidence: serde_json::Value) -> Check {
        Check {
            id: CheckId(uuid::Uuid::now_v7()),
            check_type: t,
            subject: "person:0".into(),
            subject_name: "Ada Lovelace".into(),
            state,
            severity,
            verdict: None,
            summary: Some("something".into()),
            evidence,
            provider: Provider::Sandbox,
            round: 1,
            created_at: Timestamp::from_millis(0),
            completed_at: None,
            superseded_at: None,
        }
    }

    #[test]
    fn flags_name_errored_checks_findings_to_review_and_screenings_only_through_their_hits() {
        let search = SearchId(uuid::Uuid::now_v7());
        let errored = check(CheckType::Registry, CheckState::Error, None, serde_json::json!({}));
        let review = check(CheckType::CrossCheck, CheckState::Completed, Some(Severity::Medium), serde_json::json!({}));
        let clean = check(CheckType::Tin, CheckState::Completed, Some(Severity::Low), serde_json::json!({}));
        let screening = check(
            CheckType::AmlPerson,
            CheckState::Completed,
            Some(Severity::High),
            serde_json::json!({ "search_id": search }),
        );
        let mut superseded = errored.clone();
        superseded.id = CheckId(uuid::Uuid::now_v7());
        superseded.superseded_at = Some(Timestamp::from_millis(1));
        let checks = vec![errored.clone(), review.clone(), clean, screening.clone(), superseded];
        // Every hit of the screening disposed of: the screening raises nothing.
        let kinds: Vec<FlagKind> = open_flags(&checks, &[]).iter().map(|f| f.kind).collect();
        assert_eq!(kinds, vec![FlagKind::ErroredCheck, FlagKind::ToReview]);
        let flags = open_flags(&checks, &[]);
        assert_eq!(flags[0].key, format!("errored:{}", errored.id));
        assert_eq!(flags[1].key, format!("review:{}", review.id));
        assert_eq!(flags[0].target, format!("#check-{}", errored.id));

        let refused = acknowledged(&flags, &[flags[0].key.clone()]).expect_err("one left out").to_string();
        assert!(refused.contains(&flags[1].key) && !refused.contains(&flags[0].key), "{refused}");
        let keys: Vec<String> = flags.iter().map(|f| f.key.clone()).chain(["stale".to_string()]).collect();
        assert_eq!(acknowledged(&flags, &keys).expect("all acknowledged"), flags);
        assert!(acknowledged(&[], &[]).expect("nothing open").is_empty());
    }
}
