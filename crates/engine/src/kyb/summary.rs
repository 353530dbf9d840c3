//! The checks summary of a case (spec 2.1 `KybChecksSummary`, 3.3): check instances aggregated
//! by check type.
//!
//! A type counts once however many instances it fans out to (AML per person). A type is done
//! when every instance has an outcome; it is then `error` if any instance failed technically
//! (counted in `errored`), else `completed` with the worst severity of its instances (counted as
//! passed, review or failed for low, medium, high). So `completed` = passed + review + failed +
//! errored always holds. Severity and verdict are null until the type is done; an errored type's
//! verdict is `error`.

use serde::{Deserialize, Serialize};

/// The check types of spec 2.1, in the order summaries list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CheckType {
    Registry,
    Tin,
    DocumentVerification,
    DocManipulation,
    AmlCompany,
    AmlPerson,
    CrossCheck,
    BusinessRiskScore,
    AgenticVerification,
    Kyc,
}

impl CheckType {
    pub const ALL: [CheckType; 10] = [
        CheckType::Registry,
        CheckType::Tin,
        CheckType::DocumentVerification,
        CheckType::DocManipulation,
        CheckType::AmlCompany,
        CheckType::AmlPerson,
        CheckType::CrossCheck,
        CheckType::BusinessRiskScore,
        CheckType::AgenticVerification,
        CheckType::Kyc,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CheckType::Registry => "registry",
            CheckType::Tin => "tin",
            CheckType::DocumentVerification => "document_verification",
            CheckType::DocManipulation => "doc_manipulation",
            CheckType::AmlCompany => "aml_company",
            CheckType::AmlPerson => "aml_person",
            CheckType::CrossCheck => "cross_check",
            CheckType::BusinessRiskScore => "business_risk_score",
            CheckType::AgenticVerification => "agentic_verification",
            CheckType::Kyc => "kyc",
        }
    }

    pub fn parse(s: &str) -> Option<CheckType> {
        CheckType::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

/// How serious an outcome is; the worst of a type's instances is the type's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Severity {
    Low,
    Medium,
    High,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }

    pub fn parse(s: &str) -> Option<Severity> {
        [Severity::Low, Severity::Medium, Severity::High].into_iter().find(|v| v.as_str() == s)
    }
}

/// The outcome of one check instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A business outcome: its severity and lower_snake verdict (`active`, `match`, `no_match`).
    Done { severity: Severity, verdict: String },
    /// A technical failure (provider unavailable, invalid input): not a business outcome.
    Error { reason: String },
}

/// One check instance: its type and outcome (none while it runs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckInstance {
    pub check_type: CheckType,
    pub outcome: Option<Outcome>,
}

/// A check type's status (spec 3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CheckStatus {
    /// No instance has an outcome yet.
    Pending,
    /// Some instances have one, not all.
    InProgress,
    Completed,
    /// An instance failed technically.
    Error,
}

/// One check type in a summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckSummaryItem {
    #[serde(rename = "type")]
    pub check_type: CheckType,
    pub status: CheckStatus,
    /// Worst across instances; null until the type completed.
    pub severity: Option<Severity>,
    /// The worst instance's verdict; `error` on error; null while pending or in progress.
    pub verdict: Option<String>,
}

/// The summary of a verification's checks (spec 2.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChecksSummary {
    /// Check types the plan runs.
    pub expected: u32,
    /// Types whose instances all have an outcome: passed + review + failed + errored.
    pub completed: u32,
    pub passed: u32,
    pub review: u32,
    pub failed: u32,
    pub errored: u32,
    pub checks: Vec<CheckSummaryItem>,
}

impl ChecksSummary {
    /// Aggregates the instances of the plan's check types. Instances of types outside the plan
    /// are not counted (a plan names every type it runs).
    pub fn of(plan: &[CheckType], instances: &[CheckInstance]) -> ChecksSummary {
        let mut types = plan.to_vec();
        types.sort();
        types.dedup();
        let mut summary = ChecksSummary {
            expected: types.len() as u32,
            completed: 0,
            passed: 0,
            review: 0,
            failed: 0,
            errored: 0,
            checks: Vec::with_capacity(types.len()),
        };
        for check_type in types {
            let item = summarise(check_type, instances.iter().filter(|i| i.check_type == check_type));
            match (item.status, item.severity) {
                (CheckStatus::Error, _) => summary.errored += 1,
                (CheckStatus::Completed, Some(Severity::Low)) => summary.passed += 1,
                (CheckStatus::Completed, Some(Severity::Medium)) => summary.review += 1,
                (CheckStatus::Completed, Some(Severity::High)) => summary.failed += 1,
                _ => {}
            }
            summary.checks.push(item);
        }
        summary.completed = summary.passed + summary.review + summary.failed + summary.errored;
        summary
    }

    /// Every planned type is done (completed or errored): the risk model can run.
    pub fn all_done(&self) -> bool {
        self.completed == self.expected
    }
}

fn summarise<'a>(check_type: CheckType, instances: impl Iterator<Item = &'a CheckInstance>) -> CheckSummaryItem {
    let (mut total, mut done, mut errored) = (0, 0, false);
    let mut worst: Option<(Severity, &str)> = None;
    for instance in instances {
        total += 1;
        match &instance.outcome {
            None => {}
            Some(Outcome::Error { .. }) => {
                done += 1;
                errored = true;
            }
            Some(Outcome::Done { severity, verdict }) => {
                done += 1;
                // Worst first; among equals, the first instance's verdict.
                if worst.is_none_or(|(w, _)| *severity > w) {
                    worst = Some((*severity, verdict));
                }
            }
        }
    }
    let (status, severity, verdict) = if done == 0 {
        (CheckStatus::Pending, None, None)
    } else if done < total {
        (CheckStatus::InProgress, None, None)
    } else if errored {
        (CheckStatus::Error, None, Some("error".to_owned()))
    } else {
        (CheckStatus::Completed, worst.map(|w| w.0), worst.map(|w| w.1.to_owned()))
    };
    CheckSummaryItem { check_type, status, severity, verdict }
}

#[cfg(test)]
mod tests {
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    use super::*;

    fn done(check_type: CheckType, severity: Severity, verdict: &str) -> CheckInstance {
        CheckInstance { check_type, outcome: Some(Outcome::Done { severity, verdict: verdict.into() }) }
    }

    #[test]
    fn a_fanned_out_type_counts_once_with_its_worst_instance() {
        let plan = [CheckType::AmlPerson, CheckType::Registry];
        let mut instances = vec![
            done(CheckType::AmlPerson, Severity::Low, "no_match"),
            done(CheckType::AmlPerson, Severity::High, "match"),
            done(CheckType::AmlPerson, Severity::Medium, "possible_match"),
            CheckInstance { check_type: CheckType::Registry, outcome: None },
        ];
        let s = ChecksSummary::of(&plan, &instances);
        assert_eq!((s.expected, s.completed, s.failed), (2, 1, 1));
        assert_eq!(s.checks[0].check_type, CheckType::Registry);
        assert_eq!((s.checks[0].status, s.checks[0].severity), (CheckStatus::Pending, None));
        let aml = &s.checks[1];
        assert_eq!(
            (aml.status, aml.severity, aml.verdict.as_deref()),
            (CheckStatus::Completed, Some(Severity::High), Some("match"))
        );
        assert!(!s.all_done());

        instances[3].outcome = Some(Outcome::Error { reason: "the registry is unavailable".into() });
        let s = ChecksSummary::of(&plan, &instances);
        assert_eq!((s.completed, s.errored, s.checks[0].status), (2, 1, CheckStatus::Error));
        assert_eq!(s.checks[0].verdict.as_deref(), Some("error"));
        assert!(s.all_done());
    }

    #[test]
    fn some_instances_done_is_in_progress() {
        let instances = [
            done(CheckType::Kyc, Severity::Low, "approved"),
            CheckInstance { check_type: CheckType::Kyc, outcome: None },
        ];
        let s = ChecksSummary::of(&[CheckType::Kyc], &instances);
        assert_eq!((s.checks[0].status, s.checks[0].severity, s.completed), (CheckStatus::InProgress, None, 0));
    }

    /// Spec 2.1 and 3.3 over random plans and outcomes.
    #[test]
    fn invariants_hold_for_random_plans_and_outcomes() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..5_000 {
            let plan: Vec<CheckType> = CheckType::ALL.into_iter().filter(|_| rng.random_bool(0.5)).collect();
            let mut instances = Vec::new();
            for &t in &plan {
                for _ in 0..rng.random_range(0..4) {
                    let outcome = match rng.random_range(0..5) {
                        0 => None,
                        1 => Some(Outcome::Error { reason: "provider down".into() }),
                        n => Some(Outcome::Done {
                            severity: [Severity::Low, Severity::Medium, Severity::High][n - 2],
                            verdict: format!("v{n}"),
                        }),
                    };
                    instances.push(CheckInstance { check_type: t, outcome });
                }
            }
            let s = ChecksSummary::of(&plan, &instances);
            assert_eq!(s.expected as usize, plan.len());
            assert_eq!(s.checks.len(), plan.len());
            assert_eq!(s.completed, s.passed + s.review + s.failed + s.errored);
            assert!(s.completed <= s.expected);
            assert!(s.checks.windows(2).all(|w| w[0].check_type < w[1].check_type), "one row per type, in order");
            for item in &s.checks {
                let of_type: Vec<&CheckInstance> =
                    instances.iter().filter(|i| i.check_type == item.check_type).collect();
                let with_outcome = of_type.iter().filter(|i| i.outcome.is_some()).count();
                let expected_status = if with_outcome == 0 {
                    CheckStatus::Pending
                } else if with_outcome < of_type.len() {
                    CheckStatus::InProgress
                } else if of_type.iter().any(|i| matches!(i.outcome, Some(Outcome::Error { .. }))) {
                    CheckStatus::Error
                } else {
                    CheckStatus::Completed
                };
                assert_eq!(item.status, expected_status);
                let worst = of_type
                    .iter()
                    .filter_map(|i| match &i.outcome {
                        Some(Outcome::Done { severity, .. }) => Some(*severity),
                        _ => None,
                    })
                    .max();
                assert_eq!(item.severity, if item.status == CheckStatus::Completed { worst } else { None });
                assert_eq!(item.verdict.is_some(), matches!(item.status, CheckStatus::Completed | CheckStatus::Error));
            }
            let count = |f: &dyn Fn(&CheckSummaryItem) -> bool| s.checks.iter().filter(|c| f(c)).count() as u32;
            assert_eq!(s.errored, count(&|c| c.status == CheckStatus::Error));
            assert_eq!(s.passed, count(&|c| c.severity == Some(Severity::Low)));
            assert_eq!(s.review, count(&|c| c.severity == Some(Severity::Medium)));
            assert_eq!(s.failed, count(&|c| c.severity == Some(Severity::High)));
        }
    }
}
