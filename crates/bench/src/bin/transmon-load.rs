//! Transaction events under load for `bench/transmon.sh`: creates the benchmark's rules (all
//! active) and `--applicants` applicants, then `--concurrency` connections send
//! `POST /api/v3/transmon/transaction` for `--seconds`, each event's fields taken in turn from the
//! events file and its applicant at random, so the daily aggregates of many applicants are
//! updated as in real traffic. Every answer is a durable write (the event, its day, its result
//! and its webhook event). Prints one JSON line: events per second, p50 and p99 in ms, failures.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;

#[derive(Parser)]
struct Args {
    #[arg(long)]
    url: String,
    #[arg(long)]
    key: String,
    #[arg(long)]
    rules: std::path::PathBuf,
    #[arg(long)]
    events: std::path::PathBuf,
    #[arg(long, default_value_t = 1000)]
    applicants: usize,
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Send at this total rate (events per second) instead of as fast as the answers come;
    /// latency then counts from each event's scheduled time, so a backlog is not hidden.
    #[arg(long)]
    rate: Option<f64>,
    /// Rules and applicants exist already (a second run against the same server).
    #[arg(long)]
    reuse: bool,
    /// Also write every answer's due time and latency, in ms, one `due,took` line each.
    #[arg(long)]
    latencies: Option<std::path::PathBuf>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let client = docket_bench::http_client(args.concurrency)?;
    let rules: Vec<serde_json::Value> = serde_json::from_str(&std::fs::read_to_string(&args.rules)?)?;
    for rule in rules.iter().filter(|_| !args.reuse) {
        let r = client
            .post(format!("{}/api/v3/transmon/rules", args.url))
            .header("ds-api-token", &args.key)
            .json(rule)
            .send()
            .await?;
        if r.status().as_u16() != 201 {
            bail!("a rule was refused: {}", r.text().await?);
        }
    }
    let mut applicants = Vec::with_capacity(args.applicants);
    for n in 0..args.applicants {
        let external_id = format!("tm-bench-{n}");
        let r: serde_json::Value = if args.reuse {
            client
                .get(format!("{}/api/v3/applicants/by_external_id/{external_id}", args.url))
                .header("ds-api-token", &args.key)
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?
        } else {
            let body = serde_json::json!({"external_id": external_id, "info": {"full_name": "Bench Payer"}});
            client
                .post(format!("{}/api/v3/applicants", args.url))
                .header("ds-api-token", &args.key)
                .json(&body)
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?
        };
        let id = r["id"].as_str().or(r["applicant_id"].as_str());
        applicants.push(id.context("no applicant id")?.to_owned());
    }
    let events: Vec<serde_json::Map<String, serde_json::Value>> = std::fs::read_to_string(&args.events)?
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|e| e["fields"].as_object().cloned())
        .collect();
    let (events, applicants) = (Arc::new(events), Arc::new(applicants));
    // Every connection is opened before the clock starts, so that the pass times events, not
    // 64 connections made at once in its first milliseconds.
    let warmups: Vec<_> = (0..args.concurrency)
        .map(|_| {
            let (client, url) = (client.clone(), format!("{}/healthz", args.url));
            tokio::spawn(async move { client.get(url).send().await?.error_for_status() })
        })
        .collect();
    for warmup in warmups {
        warmup.await??;
    }
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for worker in 0..args.concurrency {
        let (client, events, applicants) = (client.clone(), events.clone(), applicants.clone());
        let (url, key) = (format!("{}/api/v3/transmon/transaction", args.url), args.key.clone());
        let interval = args.rate.map(|r| Duration::from_secs_f64(args.concurrency as f64 / r));
        tasks.push(tokio::spawn(async move {
            let (mut latencies, mut failed) = (Vec::new(), 0u64);
            let mut n = worker;
            // Paced: each worker's sends spread evenly, the workers' offset from each other.
            let mut next = interval.map(|i| started + i.mul_f64(worker as f64 / args.concurrency as f64));
            while Instant::now() < deadline {
                if let Some(at) = next {
                    tokio::time::sleep_until(at.into()).await;
                }
                let mut body = events[n % events.len()].clone();
                // A multiplicative hash spreads the workers over the applicants.
                let who = &applicants[(n.wrapping_mul(2_654_435_761)) % applicants.len()];
                body.insert("applicant_id".into(), serde_json::Value::String(who.clone()));
                n += args.concurrency;
                let sent = next.unwrap_or_else(Instant::now);
                if let (Some(at), Some(i)) = (next.as_mut(), interval) {
                    *at += i;
                }
                match client.post(&url).header("ds-api-token", &key).json(&body).send().await {
                    Ok(r) if r.status().as_u16() == 201 => latencies.push((sent - started, sent.elapsed())),
                    _ => failed += 1,
                }
            }
            (latencies, failed)
        }));
    }
    let (mut latencies, mut failed) = (Vec::new(), 0);
    for t in tasks {
        let (l, f) = t.await?;
        latencies.extend(l);
        failed += f;
    }
    let seconds = started.elapsed().as_secs_f64();
    // Answers over 10 ms by the second they were due in: whether the slow ones came together (a
    // stall) or spread over the run.
    let slow = Duration::from_millis(10);
    let mut over_10ms_by_second = vec![0u64; args.seconds as usize + 1];
    for (due, _) in latencies.iter().filter(|(_, took)| *took > slow) {
        let second = (due.as_secs() as usize).min(over_10ms_by_second.len() - 1);
        over_10ms_by_second[second] += 1;
    }
    if let Some(path) = &args.latencies {
        let lines: String = latencies
            .iter()
            .map(|(due, took)| format!("{:.3},{:.3}\n", due.as_secs_f64() * 1000.0, took.as_secs_f64() * 1000.0))
            .collect();
        std::fs::write(path, lines)?;
    }
    let mut latencies: Vec<Duration> = latencies.into_iter().map(|(_, took)| took).collect();
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{}",
        serde_json::json!({
            "rules": rules.len(),
            "applicants": applicants.len(),
            "connections": args.concurrency,
            "rate": args.rate,
            "events": latencies.len(),
            "failed": failed,
            "seconds": (seconds * 100.0).round() / 100.0,
            "per_second": (latencies.len() as f64 / seconds).round(),
            "p50_ms": (at(0.5) * 1000.0).round() / 1000.0,
            "p99_ms": (at(0.99) * 1000.0).round() / 1000.0,
            "over_10ms": over_10ms_by_second.iter().sum::<u64>(),
            "over_10ms_by_second": over_10ms_by_second,
        })
    );
    Ok(())
}
