//! `docket erase`: erasure on request from the command line, the same as deleting the record
//! over the API (every record that holds the person's data, in one transaction; the erasure
//! log records what went, when and by whom).

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use docket_engine::Engine;
use docket_engine::applicants::ApplicantId;

/// Erase a person's data: the applicant, its verifications and documents, AML history,
/// monitored transactions, e-mail checks, events and unsent webhook deliveries (sent ones keep
/// only their ids), and the request journal's bodies that name them. Safe while Docket serves.
#[derive(Debug, Args)]
pub struct EraseArgs {
    /// The applicant's id (in whichever organization and environment it is).
    #[arg(long, value_name = "ID")]
    applicant: String,
}

pub async fn run(data_dir: PathBuf, args: EraseArgs) -> Result<()> {
    let id: ApplicantId = args.applicant.parse()?;
    let engine = Engine::open(crate::engine_config(&data_dir))
        .await
        .with_context(|| format!("cannot open the database in {}", data_dir.display()))?;
    let scope = engine.applicants().scope_of(id).await?;
    let erasure = engine.applicants().delete(scope, id, "docket erase").await;
    engine.shutdown().await;
    let erasure = erasure?;
    let removed: Vec<String> = erasure.removed.iter().map(|(what, n)| format!("{what} {n}")).collect();
    println!("erased applicant {id} ({}): {}", scope.environment.as_str(), removed.join(", "));
    Ok(())
}
