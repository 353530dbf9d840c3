//! `docket registries`: company registry files for production's KYB registry checks.

use std::path::PathBuf;

use anyhow::Result;
use clap::{Subcommand, ValueEnum};
use docket_engine::Engine;
use docket_engine::kyb::registry::RegistryFormat;

#[derive(Debug, Subcommand)]
pub enum RegistriesCommand {
    /// Import a registry file (gzipped or not), replacing the earlier snapshot of its source in
    /// one transaction. Production's `registry` and `cross_check` checks and US registry
    /// lookups search it; the sandbox keeps its simulations.
    Import {
        /// The file's format.
        #[arg(long, value_enum)]
        format: FormatArg,
        /// The CSV file.
        file: PathBuf,
    },
    /// List the registry snapshots in use.
    List,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FormatArg {
    /// UK Companies House "Free Company Data Product" (BasicCompanyData CSV).
    CompaniesHouse,
    /// GLEIF LEI golden copy CSV (level 1).
    Gleif,
}

impl From<FormatArg> for RegistryFormat {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::CompaniesHouse => RegistryFormat::CompaniesHouse,
            FormatArg::Gleif => RegistryFormat::Gleif,
        }
    }
}

pub async fn run(data_dir: PathBuf, cmd: RegistriesCommand) -> Result<()> {
    let engine = Engine::open(crate::engine_config(&data_dir)).await?;
    match cmd {
        RegistriesCommand::Import { format, file } => {
            let started = std::time::Instant::now();
            let s = engine.kyb().import_registry(format.into(), &file).await?;
            println!(
                "Imported {} from {}: {} records ({} rows read, {} rejected) in {:.1} s",
                s.source.source(),
                s.file_name,
                s.records,
                s.rows_read,
                s.rows_rejected,
                started.elapsed().as_secs_f64()
            );
        }
        RegistriesCommand::List => {
            let all = engine.kyb().registries().await?;
            if all.is_empty() {
                println!("No registry imported: production's registry checks report an error for a reviewer.");
            }
            for s in all {
                println!(
                    "{:<40} {:>10} records  {}  imported {}",
                    s.source.source(),
                    s.records,
                    s.file_name,
                    s.imported_at
                );
            }
        }
    }
    engine.shutdown().await;
    Ok(())
}
