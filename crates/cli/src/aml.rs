//! `docket aml`: list imports, the FATF table, and the quality harness.

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use docket_engine::aml::eval::{self, EvalConfig, EvalReport};
use docket_engine::aml::import;
use docket_engine::aml::model::ListFormat;

/// AML screening: the matching quality harness.
#[derive(Debug, Subcommand)]
pub enum AmlCommand {
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

pub fn run(cmd: AmlCommand) -> Result<()> {
    match cmd {
        AmlCommand::Try { format, files, query } => {
            let list = import::read(format.into(), &files, &|_| {})?;
            for hit in eval::try_search(list.entities, &query, 10) {
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
            let config = EvalConfig { sample: args.sample, negatives: args.negatives, seed: args.seed };
            let report = eval::evaluate(list.entities, config);
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
    println!("threshold  recall  precision  F1     alias recall  false-positive rate");
    for row in &r.rows {
        let mark = if (row.threshold - r.default_threshold).abs() < 1e-9 { "  <- default" } else { "" };
        println!(
            "{:>9.2}  {:>6.3}  {:>9.3}  {:>5.3}  {:>12.3}  {:>19.3}{mark}",
            row.threshold, row.recall, row.precision, row.f1, row.alias_recall, row.false_positive_rate
        );
    }
    if let Some(row) = r.rows.iter().find(|row| (row.threshold - r.default_threshold).abs() < 1e-9) {
        println!("\nrecall by case at the default threshold:");
        for (kind, recall) in &row.recall_by_kind {
            println!("  {:<16} {recall:.3}", serde_json::to_string(kind).unwrap_or_default().trim_matches('"'));
        }
    }
    if !r.misses.is_empty() {
        println!("\nmisses at the default threshold (query -> listed name, score):");
        for m in &r.misses {
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
