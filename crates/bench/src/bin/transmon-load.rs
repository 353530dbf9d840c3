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
    /// Also write every answer's due time, latency and lateness of its send, in ms, one
    /// `due,took,late` line each.
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
    // Paced: one thread keeps the schedule and hands each event's due time to the workers in
    // turn (a thread's sleep wakes within tens of microseconds; tokio's timer rounds up to the
    // next millisecond, which put the sends 0.9 ms late at the median, counted as latency). A
    // worker still busy with its previous event sends the next one late, and its latency counts
    // from the due time all the same, so a backlog is not hidden.
    let (schedules, dues): (Vec<_>, Vec<_>) =
        (0..args.concurrency).map(|_| tokio::sync::mpsc::unbounded_channel::<Instant>()).unzip();
    if let Some(rate) = args.rate {
        std::thread::spawn(move || {
            for k in 0u64.. {
                let due = started + Duration::from_secs_f64(k as f64 / rate);
                if due >= deadline {
                    break;
                }
                std::thread::sleep(due.saturating_duration_since(Instant::now()));
                if schedules[(k % schedules.len() as u64) as usize].send(due).is_err() {
                    break;
                }
            }
        });
    } else {
        drop(schedules);
    }
    let mut dues = dues.into_iter();
    let mut tasks = Vec::new();
    for worker in 0..args.concurrency {
        let (client, events, applicants) = (client.clone(), events.clone(), applicants.clone());
        let (url, key) = (format!("{}/api/v3/transmon/transaction", args.url), args.key.clone());
        let mut due = args.rate.and(dues.next());
        tasks.push(tokio::spawn(async move {
            let (mut answers, mut failed) = (Vec::new(), 0u64);
            let mut n = worker;
            loop {
                let sent = match due.as_mut() {
                    Some(schedule) => match schedule.recv().await {
                        Some(at) => at,
                        None => break,
                    },
                    None if Instant::now() < deadline => Instant::now(),
                    None => break,
                };
                let late = sent.elapsed();
                let mut body = events[n % events.len()].clone();
                // A multiplicative hash spreads the workers over the applicants.
                let who = &applicants[(n.wrapping_mul(2_654_435_761)) % applicants.len()];
                body.insert("applicant_id".into(), serde_json::Value::String(who.clone()));
                n += args.concurrency;
                match client.post(&url).header("ds-api-token", &key).json(&body).send().await {
                    Ok(r) if r.status().as_u16() == 201 => {
                        answers.push(Answer { due: sent - started, took: sent.elapsed(), late })
                    }
                    _ => failed += 1,
                }
            }
            (answers, failed)
        }));
    }
    let (mut answers, mut failed) = (Vec::new(), 0);
    for t in tasks {
        let (a, f) = t.await?;
        answers.extend(a);
        failed += f;
    }
    let seconds = started.elapsed().as_secs_f64();
    // Answers over 10 ms by the second they were due in: whether the slow ones came together (a
    // stall) or spread over the run.
    let slow = Duration::from_millis(10);
    let mut over_10ms_by_second = vec![0u64; args.seconds as usize + 1];
    for answer in answers.iter().filter(|a| a.took > slow) {
        let second = (answer.due.as_secs() as usize).min(over_10ms_by_second.len() - 1);
        over_10ms_by_second[second] += 1;
    }
    if let Some(path) = &args.latencies {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let lines: String =
            answers.iter().map(|a| format!("{:.3},{:.3},{:.3}\n", ms(a.due), ms(a.took), ms(a.late))).collect();
        std::fs::write(path, lines)?;
    }
    let took = percentiles(answers.iter().map(|a| a.took));
    let late = percentiles(answers.iter().map(|a| a.late));
    println!(
        "{}",
        serde_json::json!({
            "rules": rules.len(),
            "applicants": applicants.len(),
            "connections": args.concurrency,
            "rate": args.rate,
            "events": answers.len(),
            "failed": failed,
            "seconds": (seconds * 100.0).round() / 100.0,
            "per_second": (answers.len() as f64 / seconds).round(),
            "p50_ms": took(0.5),
            "p99_ms": took(0.99),
            // How late the sends themselves were (paced: from each event's due time), which the
            // latencies above include.
            "sent_late_p50_ms": late(0.5),
            "sent_late_p99_ms": late(0.99),
            "over_10ms": over_10ms_by_second.iter().sum::<u64>(),
            "over_10ms_by_second": over_10ms_by_second,
        })
    );
    Ok(())
}

/// One answered event: when it was due (from the start), how long its answer took from then,
/// and how late it was sent.
struct Answer {
    due: Duration,
    took: Duration,
    late: Duration,
}

/// The quantile function of `durations`, in milliseconds rounded to the microsecond.
fn percentiles(durations: impl Iterator<Item = Duration>) -> impl Fn(f64) -> f64 {
    let mut sorted: Vec<Duration> = durations.collect();
    sorted.sort();
    move |q: f64| {
        let at = ((sorted.len() as f64 * q) as usize).min(sorted.len().saturating_sub(1));
        sorted.get(at).map_or(0.0, |d| (d.as_secs_f64() * 1e6).round() / 1000.0)
    }
}
