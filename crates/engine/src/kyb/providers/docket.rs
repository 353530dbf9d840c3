//! Docket's own checks in production: what can be checked offline is checked for real; what
//! needs a service Docket cannot reach reports `error` with the reason, and the case goes to a
//! reviewer. Nothing is passed unchecked.

use serde_json::json;

use super::{CheckInput, Finding};
use crate::Engine;
use crate::error::Result;
use crate::kyb::pdf::{self, Analysis};
use crate::kyb::summary::CheckType;

pub(super) async fn run(engine: &Engine, input: &CheckInput<'_>) -> Result<Finding> {
    Ok(match input.check_type {
        CheckType::Tin => Finding::error(
            "TIN matching needs the IRS TIN Matching service, which Docket cannot reach offline: a reviewer \
             compares the TIN with the company's tax documents",
            json!({}),
        ),
        CheckType::AgenticVerification => Finding::error(
            "agentic verification researches the business online, which Docket cannot do offline: a reviewer \
             checks the business's public presence",
            json!({}),
        ),
        CheckType::Registry => Finding::error(
            "no company registry snapshot is imported in this environment: a reviewer checks the registry",
            json!({}),
        ),
        CheckType::CrossCheck => Finding::error(
            "no registry record to compare the declared data with: a reviewer compares it with the documents",
            json!({}),
        ),
        CheckType::Kyc => Finding::error(
            format!(
                "{} has no identity document verification in Docket yet: a reviewer verifies their identity",
                input.subject.name
            ),
            json!({}),
        ),
        CheckType::DocumentVerification | CheckType::DocManipulation => {
            let analyses = analyse(engine, input).await?;
            if input.check_type == CheckType::DocumentVerification {
                pdf::verify_documents(input.case, &analyses)
            } else {
                pdf::manipulation(&analyses)
            }
        }
        // Screening runs through the AML engine and the risk score through the risk model.
        CheckType::AmlCompany | CheckType::AmlPerson | CheckType::BusinessRiskScore => {
            Finding::error("this check type has no provider of its own", json!({}))
        }
    })
}

/// Reads and analyses every document of the case.
async fn analyse(engine: &Engine, input: &CheckInput<'_>) -> Result<Vec<Analysis>> {
    let mut out = Vec::with_capacity(input.documents.len());
    for (kind, file) in input.documents {
        let (_, bytes) = engine.files().read(input.case.scope, file.id).await?;
        let (kind, file) = (*kind, file.clone());
        let analysis = tokio::task::spawn_blocking(move || Analysis::of(kind, &file, &bytes))
            .await
            .map_err(|e| crate::Error::Storage(format!("reading a document failed: {e}")))?;
        out.push(analysis);
    }
    Ok(out)
}
