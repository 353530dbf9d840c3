//! Who runs a check instance: the sandbox's deterministic simulation, or Docket's own offline
//! checks in production. Both answer a [`Finding`]: a business outcome or a technical error,
//! with one sentence and the evidence behind it. Nothing is ever reported as passed that was
//! not checked.

mod docket;
mod kyc;
mod sandbox;

pub(crate) use sandbox::tin_answer;
mod screening;

use jiff::SignedDuration;
use serde_json::Value;

use super::model::{Case, Provider};
use super::plan::Subject;
use super::summary::{CheckType, Outcome, Severity};
use crate::Engine;
use crate::error::Result;
use crate::files::StoredFile;

/// A check instance to run.
pub(crate) struct CheckInput<'a> {
    pub(crate) case: &'a Case,
    pub(crate) check_type: CheckType,
    pub(crate) subject: &'a Subject,
    /// The case's documents with their kind, for the document checks.
    pub(crate) documents: &'a [(super::form::DocumentKind, StoredFile)],
    /// 1, or more for a check run again from the case file (the sandbox's transient outage
    /// answers the second time).
    pub(crate) attempt: u32,
}

/// What a check found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Finding {
    pub(crate) outcome: Outcome,
    pub(crate) summary: String,
    pub(crate) evidence: Value,
}

impl Finding {
    pub(crate) fn done(severity: Severity, verdict: &str, summary: impl Into<String>, evidence: Value) -> Finding {
        Finding { outcome: Outcome::Done { severity, verdict: verdict.to_owned() }, summary: summary.into(), evidence }
    }

    pub(crate) fn error(reason: impl Into<String>, evidence: Value) -> Finding {
        let reason = reason.into();
        Finding { outcome: Outcome::Error { reason: reason.clone() }, summary: reason, evidence }
    }
}

/// What running a check instance gave: its finding, or that it waits for something outside the
/// pipeline (a person's identity verification) and looks again later.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Ran {
    Finished(Finding),
    Waiting {
        /// What it waits for, shown on the pending check.
        summary: String,
        evidence: Value,
        /// When to look again, on the environment's clock.
        again_in: SignedDuration,
    },
}

/// The provider of a scope's checks.
pub(crate) fn provider_of(sandbox: bool) -> Provider {
    if sandbox { Provider::Sandbox } else { Provider::Docket }
}

/// How long a check takes, on the environment's clock: the sandbox simulates a provider's
/// time; Docket's own checks run at once.
pub(crate) fn duration(provider: Provider, check_type: CheckType) -> SignedDuration {
    match provider {
        Provider::Docket => SignedDuration::ZERO,
        Provider::Sandbox => SignedDuration::from_secs(sandbox::seconds(check_type)),
    }
}

/// Runs one check instance. An `Err` is a failure of Docket itself (storage): the due-work loop
/// tries again later. A provider's failure is a [`Finding`] with an error outcome.
pub(crate) async fn run(engine: &Engine, input: CheckInput<'_>) -> Result<Ran> {
    // Production's identity checks go through the person's document verification, which may
    // take days: the check waits for it.
    if input.check_type == CheckType::Kyc && !input.case.scope.is_sandbox() {
        return kyc::run(engine, &input).await;
    }
    finding(engine, input).await.map(Ran::Finished)
}

async fn finding(engine: &Engine, input: CheckInput<'_>) -> Result<Finding> {
    match input.check_type {
        // Screening goes through the AML engine in both environments: the sandbox screens
        // against the demo list with its magic names, production against the imported lists.
        CheckType::AmlCompany | CheckType::AmlPerson => screening::screen(engine, &input).await,
        // A sandbox company without a magic number that is in the demo registry is compared
        // with its record for real; otherwise the simulation answers.
        CheckType::Registry | CheckType::CrossCheck
            if input.case.scope.is_sandbox() && !sandbox::magic_number(input.case) =>
        {
            let real = if input.check_type == CheckType::Registry {
                docket::registry(engine, &input, true).await?
            } else {
                docket::cross_check(engine, &input, true).await?
            };
            Ok(if matches!(real.outcome, Outcome::Error { .. }) { sandbox::run(&input) } else { real })
        }
        _ if input.case.scope.is_sandbox() => Ok(sandbox::run(&input)),
        _ => docket::run(engine, &input).await,
    }
}
