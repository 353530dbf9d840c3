//! "Next case" under concurrent reviewers: adds `--reviewers` reviewer accounts, signs each in
//! with their one-time link (a console session of their own), then has every reviewer press
//! "next case" (`POST /_docket/desk/next`) in a loop for `--seconds`, or until no case waits.
//! Prints one JSON line: calls per second, p50 and p99 in ms, and whether any case was handed to
//! two reviewers (it must never be).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;

#[derive(Parser)]
struct Args {
    /// The server's base URL.
    #[arg(long)]
    url: String,
    /// A sandbox API key (adds the reviewer accounts).
    #[arg(long)]
    key: String,
    /// Concurrent reviewers, each with a session and a connection of their own.
    #[arg(long, default_value_t = 16)]
    reviewers: usize,
    /// Stop after this many seconds (or when no case waits).
    #[arg(long, default_value_t = 10)]
    seconds: u64,
}

/// Adds a reviewer and signs them in: the session cookie (`name=value`) their calls carry.
async fn signed_in_reviewer(
    api: &reqwest::Client,
    no_redirects: &reqwest::Client,
    args: &Args,
    n: usize,
) -> anyhow::Result<String> {
    let added: serde_json::Value = api
        .post(format!("{}/_docket/reviewers", args.url))
        .header("ds-api-token", &args.key)
        .json(&serde_json::json!({ "name": format!("Bench Reviewer {n} {}", std::process::id()), "role": "reviewer" }))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let link = added["login_url"].as_str().context("no login_url in the new reviewer's answer")?;
    let login = no_redirects.get(link).send().await?;
    if login.status() != reqwest::StatusCode::SEE_OTHER {
        bail!("the login link answered {}", login.status());
    }
    let cookie = login.headers().get(reqwest::header::SET_COOKIE).context("the login set no cookie")?.to_str()?;
    Ok(cookie.split(';').next().unwrap_or_default().to_owned())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let api = docket_bench::http_client(args.reviewers)?;
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build()?;
    let mut cookies = Vec::with_capacity(args.reviewers);
    for n in 0..args.reviewers {
        cookies.push(signed_in_reviewer(&api, &no_redirects, &args, n).await?);
    }
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for cookie in cookies {
        // A client per reviewer: a connection of their own, as each reviewer's browser has.
        let client = docket_bench::http_client(1)?;
        let url = format!("{}/_docket/desk/next", args.url);
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut handed = Vec::new();
            let mut failed = 0u64;
            while Instant::now() < deadline {
                let sent = Instant::now();
                let answer =
                    client.post(&url).header("Cookie", &cookie).header("X-Docket-Environment", "sandbox").send().await;
                let Ok(answer) = answer else {
                    failed += 1;
                    break;
                };
                let status = answer.status();
                let body: serde_json::Value = answer.json().await.unwrap_or_default();
                latencies.push(sent.elapsed());
                match status.as_u16() {
                    200 => handed.push(body["id"].as_str().unwrap_or_default().to_owned()),
                    404 => break, // no case waits any more
                    _ => failed += 1,
                }
            }
            (latencies, handed, failed)
        }));
    }
    let (mut latencies, mut handed, mut failed) = (Vec::new(), Vec::new(), 0);
    for t in tasks {
        let (l, h, f) = t.await?;
        latencies.extend(l);
        handed.extend(h);
        failed += f;
    }
    let seconds = started.elapsed().as_secs_f64();
    latencies.sort();
    let at = |q: f64| latencies.get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)));
    let ms = |d: Option<&Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    let distinct = handed.iter().collect::<HashSet<_>>().len();
    println!(
        "{}",
        serde_json::json!({
            "reviewers": args.reviewers,
            "calls": latencies.len(),
            "cases_handed": handed.len(),
            "handed_twice": handed.len() - distinct,
            "failed": failed,
            "seconds": (seconds * 100.0).round() / 100.0,
            "per_second": (latencies.len() as f64 / seconds).round(),
            "p50_ms": (ms(at(0.50)) * 1000.0).round() / 1000.0,
            "p99_ms": (ms(at(0.99)) * 1000.0).round() / 1000.0,
        })
    );
    if handed.len() != distinct {
        bail!("a case was handed to two reviewers");
    }
    Ok(())
}
