//! `docket backup` and `docket restore`: a consistent online backup of a data directory (the
//! database, its stored files, a master key kept as a file) and its checked restore.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Args;
use docket_engine::backup::{self, Manifest};

/// Take a backup of the data directory while Docket runs (or not): one archive with the
/// database as of one commit, every stored file it names and `master.key` if the directory
/// keeps its key in a file. The archive is readable only by its owner.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the backup (replaced in one step when complete).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// Check a backup and restore it into the data directory, which must hold no database yet.
/// Nothing is changed unless every check passes (every part's SHA-256, the database's integrity
/// and version, every stored file it names).
#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// The backup to restore.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Only check the backup; restore nothing.
    #[arg(long)]
    check: bool,
}

pub fn backup(data_dir: &Path, args: BackupArgs) -> Result<()> {
    let manifest = backup::create(data_dir, &args.file, crate::database_key())
        .with_context(|| format!("the backup of {} failed", data_dir.display()))?;
    println!("backed up {} to {}: {}", data_dir.display(), args.file.display(), summary(&manifest));
    Ok(())
}

pub fn restore(data_dir: &Path, args: RestoreArgs) -> Result<()> {
    if args.check {
        let manifest = backup::verify(&args.file, crate::database_key())?;
        println!("{} is a sound backup: {}", args.file.display(), summary(&manifest));
        return Ok(());
    }
    let manifest = backup::restore(&args.file, data_dir, crate::database_key())?;
    println!("restored {} into {}: {}", args.file.display(), data_dir.display(), summary(&manifest));
    if !manifest.has_master_key() {
        println!(
            "the backup holds no master key: start Docket with the key the original used (DOCKET_MASTER_KEY or \
             the OS keychain), or its webhook secrets cannot be opened"
        );
    }
    Ok(())
}

fn summary(m: &Manifest) -> String {
    format!(
        "{}database at schema {} taken {}, {} stored files, {:.1} MB{}",
        if m.encrypted { "encrypted " } else { "" },
        m.schema_version,
        m.created_at,
        m.files(),
        m.bytes() as f64 / 1e6,
        if m.has_master_key() { ", with master.key" } else { "" }
    )
}
