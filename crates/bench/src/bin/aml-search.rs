//! Search latency and memory of the AML index, on a real list and on a generated one.
//!
//! For each list it builds the index the server builds, derives queries with the quality
//! harness's generator (typos, reordered and missing names, transliterations, initials,
//! aliases, and ordinary names that must not hit), runs them once to warm up and once timed
//! with the options a search gets by default, and prints one JSON line of figures. With
//! `--peer-dir` it also writes the normalised names and queries, one per line, so that a peer
//! can search exactly the same strings.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Parser;
use docket_aml_eval::{self as eval, EvalConfig};
use docket_engine::aml::demo_list;
use docket_engine::aml::import;
use docket_engine::aml::index::{Filters, IndexBuilder, SearchSpec};
use docket_engine::aml::model::{Entity, ListFormat};
use docket_engine::aml::normalize::normalize;
use docket_engine::aml::score::{DEFAULT_THRESHOLD, MatchOptions};
use serde_json::json;

#[derive(Parser)]
struct Cli {
    /// The US Consolidated Screening List CSV (gzipped or not).
    #[arg(long)]
    csl: Option<PathBuf>,
    /// Also measure a generated list of at least this many names (0 to skip).
    #[arg(long, default_value_t = 1_000_000)]
    generated_names: usize,
    /// Entities sampled for positive queries (each gives several).
    #[arg(long, default_value_t = 300)]
    sample: usize,
    /// Negative queries.
    #[arg(long, default_value_t = 500)]
    negatives: usize,
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Write `<list>.names.txt` and `<list>.queries.txt` here for the peer.
    #[arg(long)]
    peer_dir: Option<PathBuf>,
}

/// Resident and peak resident memory of this process, in MiB.
fn memory() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted.get(((sorted.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(0.0)
}

/// Builds the index from `feed` (which hands each entity to its argument) and measures it;
/// queries are derived from the entities `sample` returns (measured after the index's memory).
fn measure(
    label: &str,
    feed: impl FnOnce(&mut dyn FnMut(Entity)),
    sample: impl FnOnce() -> Vec<Entity>,
    cli: &Cli,
) -> Result<serde_json::Value> {
    let (rss_before, _) = memory();
    let started = Instant::now();
    let mut builder = IndexBuilder::new();
    let mut count = 0;
    feed(&mut |e| {
        builder.add(&e, false);
        count += 1;
    });
    let index = builder.build();
    let build_seconds = started.elapsed().as_secs_f64();
    let (rss_after, peak) = memory();
    let config = EvalConfig { sample: cli.sample, negatives: cli.negatives, seed: cli.seed, ..EvalConfig::default() };
    let cases = eval::cases(&sample(), config);

    let options = MatchOptions { fuzzy: true, level: 1.0, phonetics: true };
    let filters = Filters::default();
    let queries: Vec<_> = cases.iter().map(|c| [normalize(&c.query)]).collect();
    let run = |names: &[_; 1]| {
        let spec = SearchSpec {
            names,
            options,
            min_score: DEFAULT_THRESHOLD,
            filters: &filters,
            include_demo: false,
            limit: 10,
        };
        index.search(&spec).map_or(0, |hits| hits.len())
    };
    let mut hits = 0;
    for q in &queries {
        hits += run(q);
    }
    let mut timings: Vec<f64> = queries
        .iter()
        .map(|q| {
            let t = Instant::now();
            std::hint::black_box(run(q));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    timings.sort_by(f64::total_cmp);

    if let Some(dir) = &cli.peer_dir {
        std::fs::create_dir_all(dir)?;
        let names: Vec<String> = index.normalized_names().collect();
        std::fs::write(dir.join(format!("{label}.names.txt")), names.join("\n") + "\n")?;
        let queries: Vec<String> = queries.iter().map(|q| q[0].key()).collect();
        std::fs::write(dir.join(format!("{label}.queries.txt")), queries.join("\n") + "\n")?;
    }
    Ok(json!({
        "list": label,
        "entities": count,
        "names": index.name_count(),
        "load_and_index_seconds": build_seconds,
        "index_rss_mib": rss_after - rss_before,
        "process_rss_mib": rss_after,
        "process_peak_rss_mib": peak,
        "queries": timings.len(),
        "hits_per_query": hits as f64 / queries.len().max(1) as f64,
        "p50_ms": percentile(&timings, 0.50),
        "p90_ms": percentile(&timings, 0.90),
        "p99_ms": percentile(&timings, 0.99),
        "max_ms": timings.last().copied().unwrap_or(0.0),
    }))
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    if let Some(path) = &cli.csl {
        let list = import::read(ListFormat::UsCsl, std::slice::from_ref(path), &|_| {})
            .with_context(|| format!("reading {}", path.display()))?;
        let feed = |each: &mut dyn FnMut(Entity)| list.entities.iter().cloned().for_each(each);
        println!("{}", measure("csl", feed, || list.entities.clone(), &cli)?);
    }
    if cli.generated_names > 0 {
        let names = cli.generated_names;
        let seed = cli.seed;
        let feed = |each: &mut dyn FnMut(Entity)| demo_list::synthetic(names, seed, each);
        // The generator is deterministic and any prefix of it a fair sample: the first entities
        // again, for the queries.
        let sample = || {
            let mut first = Vec::new();
            demo_list::synthetic(60_000, seed, |e| first.push(e));
            first
        };
        println!("{}", measure("generated", feed, sample, &cli)?);
    }
    Ok(())
}
