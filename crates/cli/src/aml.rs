//! `docket lists` (watchlist imports) and `docket aml` (the FATF table, the quality harness).

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use docket_aml_eval::{self as eval, EvalConfig, EvalReport};
use docket_engine::Engine;
use docket_engine::aml::import;
use docket_engine::aml::model::ListFormat;

/// Watchlists: import list files, see the snapshots in use.
#[derive(Debug, Subcommand)]
pub enum ListsCommand {
    /// Import a list file as a new snapshot of its list (atomically: if anything fails, the
    /// previous snapshot stays in use). Works while `docket serve` runs on the same data
    /// directory, which switches to the new snapshot within seconds and screens monitored
    /// applicants against it.
    Import {
        /// The file's format.
        #[arg(long, value_enum)]
        format: FormatArg,
        /// The file(s): one CSV for us-csl, sdn.csv (and alt.csv, add.csv) for ofac-sdn, one XML for
        /// un-xml, one or more JSON-lines files for ftm. Gzipped files are read as they are.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Let the import shrink the list's active snapshot to less than half its entities
        /// (refused otherwise: a cut or wrong file would blind production's screening).
        #[arg(long)]
        replace: bool,
    },
    /// List the list snapshots: every import, and the demo list.
    List {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
}

/// AML screening: the FATF table and the matching quality harness.
#[derive(Debug, Subcommand)]
pub enum AmlCommand {
    /// Show the FATF table in use, or replace it from a JSON file
    /// (`{"as_of": "2026-02-13", "records": [{"country", "fatf_status", "description", "url"}]}`).
    Fatf {
        /// Replace the table with this file's.
        #[arg(long, value_name = "FILE")]
        import: Option<PathBuf>,
    },
    /// Measure matching quality on a real list: builds labelled cases from it (typos, reordered
    /// and missing names, transliterations, initials, aliases, and ordinary names that must not
    /// hit) and prints precision, recall and F1 per threshold.
    Eval(EvalArgs),
    /// Search a list file for a name (no database) and show every hit's score and evidence.
    Try {
        /// The list's format.
        #[arg(long, value_enum)]
        format: FormatArg,
        /// The list's file(s).
        #[arg(long = "file", required = true)]
        files: Vec<PathBuf>,
        /// The name to look for.
        query: String,
    },
}

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The list's format.
    #[arg(long, value_enum)]
    format: FormatArg,
    /// The list's file(s).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Entities sampled for perturbed cases.
    #[arg(long, default_value_t = EvalConfig::default().sample)]
    sample: usize,
    /// Negative cases (ordinary names not on the list).
    #[arg(long, default_value_t = EvalConfig::default().negatives)]
    negatives: usize,
    /// Seed of the case generator (the same seed gives the same cases).
    #[arg(long, default_value_t = EvalConfig::default().seed)]
    seed: u64,
    /// Misses, outranked finds and false positives shown per case kind.
    #[arg(long, default_value_t = EvalConfig::default().examples)]
    examples: usize,
    /// Print the whole report as JSON.
    #[arg(long)]
    json: bool,
}

/// List formats.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FormatArg {
    /// trade.gov's Consolidated Screening List CSV.
    UsCsl,
    /// OFAC's SDN CSV files: sdn.csv, and optionally alt.csv and add.csv.
    OfacSdn,
    /// The UN Security Council consolidated list XML.
    UnXml,
    /// OpenSanctions FollowTheMoney JSON lines.
    Ftm,
}

impl From<FormatArg> for ListFormat {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::UsCsl => ListFormat::UsCsl,
            FormatArg::OfacSdn => ListFormat::OfacSdn,
            FormatArg::UnXml => ListFormat::UnXml,
            FormatArg::Ftm => ListFormat::Ftm,
        }
    }
}

async fn open(data_dir: PathBuf) -> Result<Engine> {
    Ok(Engine::open(crate::engine_config(&data_dir)).await?)
}

pub async fn lists(data_dir: PathBuf, cmd: ListsCommand) -> Result<()> {
    let engine = open(data_dir).await?;
    match cmd {
        ListsCommand::Import { format, files, replace } => {
            let started = std::time::Instant::now();
            let bar = indicatif::ProgressBar::new(1000);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{msg:>9} [{bar:40}] {percent:>3}%  {elapsed}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar.set_message("reading");
            let progress = |share: f64| bar.set_position((share.clamp(0.0, 1.0) * 1000.0) as u64);
            let files_for_read = files.clone();
            let list = tokio::task::block_in_place(|| import::read(format.into(), &files_for_read, &progress))?;
            bar.set_message("storing");
            bar.set_position(1000);
            let rejected = list.rejected.clone();
            let rows = list.rows_read;
            let snapshot = engine.aml().import(list, replace, &docket_engine::Actor::Command).await?;
            bar.finish_and_clear();
            println!("Imported {} as snapshot {} of list {}", snapshot.label, snapshot.id, snapshot.list);
            println!("  rows read      {rows}");
            println!("  entities       {}", snapshot.entities);
            println!("  names          {}", snapshot.names);
            println!("  rejected       {}", rejected.len());
            let mut reasons: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
            for r in &rejected {
                *reasons.entry(r.reason.split(':').next().unwrap_or("").to_owned()).or_default() += 1;
            }
            for (reason, n) in reasons {
                println!("    {n:>6} × {reason}");
            }
            for r in rejected.iter().take(5) {
                println!("    e.g. row {}: {}", r.row, r.reason);
            }
            println!("  as of          {}", snapshot.as_of.as_deref().unwrap_or("(not in the file)"));
            println!("  took           {:.1} s", started.elapsed().as_secs_f64());
        }
        ListsCommand::List { json } => {
            let snapshots = engine.aml().snapshots().await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&snapshots)?);
            } else {
                println!(
                    "{:<36}  {:<14}  {:<8}  {:>8}  {:>8}  {:<16}  STATUS",
                    "SNAPSHOT", "LIST", "FORMAT", "ENTITIES", "NAMES", "IMPORTED"
                );
                for s in snapshots {
                    let status = if s.demo {
                        "demo (sandbox only)"
                    } else if s.active {
                        "active"
                    } else {
                        "replaced"
                    };
                    println!(
                        "{:<36}  {:<14}  {:<8}  {:>8}  {:>8}  {:<16}  {status}",
                        s.id.to_string(),
                        s.list,
                        s.format.as_str(),
                        s.entities,
                        s.names,
                        s.imported_at.as_jiff().strftime("%Y-%m-%d %H:%M").to_string()
                    );
                }
            }
        }
    }
    engine.shutdown().await;
    Ok(())
}

pub async fn run(data_dir: PathBuf, cmd: AmlCommand) -> Result<()> {
    match cmd {
        AmlCommand::Fatf { import } => {
            let engine = open(data_dir).await?;
            if let Some(path) = import {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
                let n = engine.aml().replace_fatf(docket_engine::aml::fatf::FatfFile::parse(&text)?).await?;
                println!("The FATF table now holds {n} records from {}", path.display());
            } else {
                for r in engine.aml().fatf_table().await?.iter() {
                    println!(
                        "{}  {:<20} {}",
                        r.country,
                        serde_json::to_string(&r.fatf_status)?.trim_matches('"'),
                        r.description
                    );
                }
            }
            engine.shutdown().await;
            Ok(())
        }
        AmlCommand::Try { format, files, query } => {
            let list = import::read(format.into(), &files, &|_| {})?;
            for hit in eval::try_search(list.entities, &query, 10)? {
                println!("{:.3}  {}  ({:?})", hit.score.score, hit.listed_name, hit.entity.entity_type);
                for m in &hit.score.matches {
                    println!("         {:<20} ~ {:<20} {:.3} {:?}", m.query, m.listed, m.similarity, m.method);
                }
                if !hit.score.unmatched_query.is_empty() || !hit.score.unmatched_listed.is_empty() {
                    println!(
                        "         unmatched: query {:?}, listed {:?}",
                        hit.score.unmatched_query, hit.score.unmatched_listed
                    );
                }
            }
            Ok(())
        }
        AmlCommand::Eval(args) => {
            let list = import::read(args.format.into(), &args.files, &|_| {})?;
            let config =
                EvalConfig { sample: args.sample, negatives: args.negatives, seed: args.seed, examples: args.examples };
            let report = eval::evaluate(list.entities, config)?;
            if args.json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                print_report(&report);
            }
            Ok(())
        }
    }
}

fn print_report(r: &EvalReport) {
    println!("{} entities, {} names indexed", r.entities, r.names);
    let cases: Vec<String> = r
        .cases
        .iter()
        .map(|(k, n)| format!("{} {n}", serde_json::to_string(k).unwrap_or_default().trim_matches('"')))
        .collect();
    println!("cases: {}", cases.join(", "));
    println!("search latency: p50 {:.0} µs, p99 {:.0} µs\n", r.search_p50_us, r.search_p99_us);
    println!("threshold  recall  top-1  precision  F1     alias recall  false-positive rate");
    for row in &r.rows {
        let mark = if (row.threshold - r.default_threshold).abs() < 1e-9 { "  <- default" } else { "" };
        println!(
            "{:>9.2}  {:>6.3}  {:>5.3}  {:>9.3}  {:>5.3}  {:>12.3}  {:>19.3}{mark}",
            row.threshold, row.recall, row.top1, row.precision, row.f1, row.alias_recall, row.false_positive_rate
        );
    }
    if let Some(row) = r.rows.iter().find(|row| (row.threshold - r.default_threshold).abs() < 1e-9) {
        println!("\nby case at the default threshold:  recall  top-1");
        for (kind, recall) in &row.recall_by_kind {
            let top1 = row.top1_by_kind.get(kind).copied().unwrap_or(0.0);
            println!(
                "  {:<32} {recall:.3}  {top1:.3}",
                serde_json::to_string(kind).unwrap_or_default().trim_matches('"')
            );
        }
    }
    if !r.misses.is_empty() {
        println!("\nmisses at the default threshold (query -> listed name, score):");
        for m in &r.misses {
            println!("  {:?}: {:?} -> {:?} {:.3}", m.kind, m.query, m.listed, m.score);
        }
    }
    if !r.outranked.is_empty() {
        println!("\nfound but not first at the default threshold (query -> name ranked first, score):");
        for m in &r.outranked {
            println!("  {:?}: {:?} -> {:?} {:.3}", m.kind, m.query, m.listed, m.score);
        }
    }
    if !r.false_positives.is_empty() {
        println!("\nfalse positives at the default threshold (query -> listed name, score):");
        for m in &r.false_positives {
            println!("  {:?} -> {:?} {:.3}", m.query, m.listed, m.score);
        }
    }
}
