//! Docket's side of `bench/kyt.sh`: KYT address checks per second. Builds the wallet index from
//! N listed addresses (generated, valid, across the eight chains, in OFAC's currency codes),
//! writes them and the queries (half listed, 40% valid and unlisted, 10% with one character
//! wrong) for the Python peer, then times each query's validation (`docket-chainaddr`), exact
//! lookup (`aml::wallets`) and assessment (`kyt::assess`), as `POST /api/v4/kyt/checks` runs
//! them before storing. Prints one JSON line.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use clap::Parser;
use docket_chainaddr::{Chain, example};
use docket_engine::aml::model::RegistrationId;
use docket_engine::aml::wallets::WalletIndex;
use docket_engine::kyt::{KytChain, assess};

#[derive(Parser)]
struct Args {
    /// Where to write listed.tsv and queries.tsv for the peer.
    #[arg(long)]
    peer_dir: std::path::PathBuf,
    #[arg(long, default_value_t = 100_000)]
    listed: u64,
    #[arg(long, default_value_t = 200_000)]
    queries: u64,
    #[arg(long, default_value_t = 3)]
    rounds: u32,
}

fn currency(chain: Chain) -> &'static str {
    if chain == Chain::Bitcoin { "XBT" } else { chain.ticker() }
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    std::fs::create_dir_all(&args.peer_dir)?;
    let template = docket_engine::aml::demo_list::entities().into_iter().next().expect("an entity");
    let mut index = WalletIndex::default();
    let list: Arc<str> = Arc::from("bench list");
    let mut listed = std::io::BufWriter::new(std::fs::File::create(args.peer_dir.join("listed.tsv"))?);
    let chain_of = |i: u64| Chain::ALL[(i % 8) as usize];
    let started = Instant::now();
    for i in 0..args.listed {
        let chain = chain_of(i);
        let address = example(chain, i);
        let mut e = template.clone();
        e.uuid = docket_engine::aml::import::entity_id("BENCH", &i.to_string());
        e.fields.registration_ids = vec![RegistrationId {
            id: address.clone(),
            id_type: Some(format!("Digital Currency Address - {}", currency(chain))),
            date: None,
            industry: None,
            country: None,
            imo_number: None,
            mmsi_number: None,
            currency: Some(currency(chain).into()),
        }];
        index.add(&e, false, &list);
        writeln!(listed, "{}\t{address}", chain.code())?;
    }
    listed.flush()?;
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    let mut queries = Vec::with_capacity(args.queries as usize);
    for q in 0..args.queries {
        let chain = chain_of(q);
        let address = match q % 10 {
            0..=4 => example(chain, (q * 7919) % args.listed / 8 * 8 + q % 8),
            5..=8 => example(chain, args.listed + q),
            _ => {
                let mut a = example(chain, args.listed + q).into_bytes();
                let at = a.len() / 2;
                a[at] = if a[at] == b'3' { b'4' } else { b'3' };
                String::from_utf8(a)?
            }
        };
        queries.push((KytChain::of(chain), address));
    }
    let mut out = std::io::BufWriter::new(std::fs::File::create(args.peer_dir.join("queries.tsv"))?);
    for (chain, address) in &queries {
        writeln!(out, "{}\t{address}", chain.as_str())?;
    }
    out.flush()?;
    let mut best = f64::MAX;
    let (mut valid, mut hits) = (0u64, 0u64);
    for _ in 0..args.rounds {
        (valid, hits) = (0, 0);
        let started = Instant::now();
        for (chain, address) in &queries {
            let parsed = assess::validate(*chain, address);
            let listings = match &parsed {
                Ok(a) => index.lookup(chain.chain(), a.canonical(), false),
                Err(_) => Vec::new(),
            };
            let found = assess::assess(&parsed, &listings, false);
            valid += u64::from(found.invalid.is_none());
            hits += u64::from(!listings.is_empty());
            std::hint::black_box(found);
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "{}",
        serde_json::json!({
            "impl": "docket", "listed": args.listed, "indexed": index.len(), "queries": args.queries,
            "valid": valid, "hits": hits, "index_build_ms": build_ms,
            "checks_per_second": args.queries as f64 / best, "us_per_check": best * 1e6 / args.queries as f64,
        })
    );
    Ok(())
}
