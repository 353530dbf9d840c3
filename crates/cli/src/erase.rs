//! `docket erase`: erasure on request from the command line, the same as deleting the record
//! over the API (every record that holds the subject's data, in one transaction; the erasure
//! log records what went, when and by whom).

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use docket_engine::Engine;
use docket_engine::applicants::ApplicantId;
use docket_engine::kyb::CaseId;

/// Erase a person's or a business's data. `--applicant`: the applicant, its verifications and
/// documents, AML history, monitored transactions, e-mail checks, KYB cases, events and unsent
/// webhook deliveries (sent ones keep only their ids), and the request journal's bodies that
/// name them. `--kyb-case`: one KYB case, its documents, the AML searches of its people, and
/// what names it (its audit events are emptied, and the chain still verifies). Safe while
/// Docket serves.
#[derive(Debug, Args)]
#[group(required = true, multiple = false)]
pub struct EraseArgs {
    /// The applicant's id (in whichever organization and environment it is).
    #[arg(long, value_name = "ID")]
    applicant: Option<String>,
    /// The KYB case's id (a verification's `id`).
    #[arg(long, value_name = "ID")]
    kyb_case: Option<String>,
}

pub async fn run(data_dir: PathBuf, args: EraseArgs) -> Result<()> {
    let applicant: Option<ApplicantId> = args.applicant.as_deref().map(str::parse).transpose()?;
    let case: Option<CaseId> = args.kyb_case.as_deref().map(str::parse).transpose()?;
    let engine = Engine::open(crate::engine_config(&data_dir))
        .await
        .with_context(|| format!("cannot open the database in {}", data_dir.display()))?;
    let erased = async {
        match (applicant, case) {
            (Some(id), _) => {
                let scope = engine.applicants().scope_of(id).await?;
                Ok((format!("applicant {id}"), scope, engine.applicants().delete(scope, id, "docket erase").await?))
            }
            (None, Some(id)) => {
                let scope = engine.kyb().scope_of(id).await?;
                Ok((format!("KYB case {id}"), scope, engine.erasures().kyb_case(scope, id, "docket erase").await?))
            }
            (None, None) => Err(anyhow::anyhow!("give --applicant ID or --kyb-case ID")),
        }
    }
    .await;
    engine.shutdown().await;
    let (what, scope, erasure) = erased?;
    let removed: Vec<String> = erasure.removed.iter().map(|(what, n)| format!("{what} {n}")).collect();
    println!("erased {what} ({}): {}", scope.environment.as_str(), removed.join(", "));
    Ok(())
}
