//! Webhook delivery benchmark (issue 4). Registers `--endpoints` sandbox endpoints on a running
//! `docket serve`, all pointing at a receiver in this process, then creates `--events`
//! applicants with AML screening on: each creation screens the applicant and writes one
//! AML_SCREENING event, which fans out to every endpoint. The receiver checks every signature
//! and records, per delivery, the time from the event (the envelope's `timestamp`) to its
//! arrival. Then, as the ceiling beside it, the same number of signed POSTs of the same body go
//! straight from a reqwest client to the same receiver (no database, no outbox, no retries).
//!
//! `--delivery-only` times delivery alone (see the flag); `--kill-after` is the crash test.
//!
//! Prints one JSON object with the figures to standard output.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::post;
use clap::Parser;
use docket_engine::webhooks::secret::SigningSecret;
use docket_engine::webhooks::signature;
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    /// The server's base URL.
    #[arg(long)]
    url: String,
    /// A sandbox API key.
    #[arg(long)]
    key: String,
    /// Endpoints subscribed to AML_SCREENING; each event is delivered to every one.
    #[arg(long, default_value_t = 4)]
    endpoints: usize,
    /// Events (applicant creations) to fire.
    #[arg(long, default_value_t = 5000)]
    events: usize,
    /// Concurrent creators.
    #[arg(long, default_value_t = 16)]
    concurrency: usize,
    /// Concurrent senders of the direct (ceiling) run: the delivery loop's own limit.
    #[arg(long, default_value_t = 128)]
    direct_concurrency: usize,
    /// Give up waiting for deliveries after this many seconds.
    #[arg(long, default_value_t = 300)]
    timeout: u64,
    /// Crash test: once this many distinct deliveries have arrived, kill the server (SIGKILL)
    /// and create the file `--killed-marker`, so that the caller restarts the server on the same
    /// data directory; then wait for every delivery of every acknowledged event. Reports lost
    /// deliveries (must be 0) and repeated ones (at least once allows them); no ceiling run.
    #[arg(long, requires_all = ["server_pid", "killed_marker"])]
    kill_after: Option<usize>,
    #[arg(long)]
    server_pid: Option<u32>,
    /// Delivery alone: the receiver first answers 503 with `Retry-After: 3600`, so every
    /// delivery waits for its retry an hour later on the sandbox clock; once all of them have
    /// been tried, the receiver answers 200 and the clock is moved on two hours, and the rate is
    /// timed from that move to the last arrival (no screening, no event creation in it).
    #[arg(long)]
    delivery_only: bool,
    #[arg(long)]
    killed_marker: Option<std::path::PathBuf>,
}

/// What the receiver saw.
#[derive(Default)]
struct Receiver {
    secrets: Mutex<Vec<SigningSecret>>,
    /// Per Docket delivery: its envelope id and milliseconds from the event to arrival.
    deliveries: Mutex<Vec<(String, f64)>>,
    direct: AtomicU64,
    bad_signatures: AtomicU64,
    last_arrival: Mutex<Option<Instant>>,
    sample_body: Mutex<Option<Bytes>>,
    /// While set, deliveries are answered 503 (retry in an hour) and only their ids kept.
    holding: std::sync::atomic::AtomicBool,
    held: Mutex<HashSet<String>>,
}

impl Receiver {
    fn check(&self, endpoint: usize, headers: &HeaderMap, body: &[u8]) -> bool {
        let Some(secret) = self.secrets.lock().ok().and_then(|s| s.get(endpoint).cloned()) else {
            return false;
        };
        let header = headers.get(signature::HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
        let now = jiff::Timestamp::now().as_second();
        let ok = signature::verify(&secret, header, body, now, signature::DEFAULT_TOLERANCE_SECONDS).is_ok();
        if !ok {
            self.bad_signatures.fetch_add(1, Ordering::Relaxed);
        }
        ok
    }

    /// Distinct deliveries arrived so far.
    fn unique(&self) -> usize {
        self.deliveries.lock().map(|d| d.iter().map(|(id, _)| id.as_str()).collect::<HashSet<_>>().len()).unwrap_or(0)
    }

    fn arrived(&self) {
        if let Ok(mut last) = self.last_arrival.lock() {
            *last = Some(Instant::now());
        }
    }
}

async fn delivery(
    State(r): State<Arc<Receiver>>,
    Path(endpoint): Path<usize>,
    headers: HeaderMap,
    body: Bytes,
) -> axum::response::Response {
    let arrived = jiff::Timestamp::now();
    r.check(endpoint, &headers, &body);
    let envelope: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let id = envelope["id"].as_str().unwrap_or_default().to_owned();
    if r.holding.load(Ordering::SeqCst) {
        if let Ok(mut held) = r.held.lock() {
            held.insert(id);
        }
        return (StatusCode::SERVICE_UNAVAILABLE, [("retry-after", "3600")]).into_response();
    }
    let latency = envelope["timestamp"]
        .as_str()
        .and_then(|t| t.parse::<jiff::Timestamp>().ok())
        .map(|t| arrived.duration_since(t).as_secs_f64() * 1000.0)
        .unwrap_or(f64::NAN);
    if let Ok(mut d) = r.deliveries.lock() {
        d.push((id, latency));
    }
    if let Ok(mut s) = r.sample_body.lock() {
        s.get_or_insert(body);
    }
    r.arrived();
    StatusCode::OK.into_response()
}

async fn direct(State(r): State<Arc<Receiver>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    r.check(0, &headers, &body);
    r.direct.fetch_add(1, Ordering::Relaxed);
    r.arrived();
    StatusCode::OK
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// A person's name, different for each `i`, from common first and last names.
fn name(i: usize) -> String {
    const FIRST: [&str; 16] = [
        "Anna", "Ben", "Carla", "David", "Elena", "Farid", "Grace", "Hugo", "Irina", "Jonas", "Keiko", "Luis", "Maya",
        "Nikolai", "Olivia", "Pavel",
    ];
    const LAST: [&str; 16] = [
        "Novak", "Schmidt", "Rossi", "Garcia", "Kowalski", "Haddad", "Tanaka", "Silva", "Berg", "Moreau", "Ivanova",
        "Okafor", "Larsen", "Dubois", "Kaya", "Fischer",
    ];
    format!("{} {} {}", FIRST[i % 16], LAST[(i / 16) % 16], LAST[(i / 256) % 16])
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let receiver = Arc::new(Receiver::default());
    let app = Router::new()
        .route("/hook/{endpoint}", post(delivery))
        .route("/direct", post(direct))
        .with_state(receiver.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let receiver_url = format!("http://{}", listener.local_addr()?);
    tokio::spawn(async move { axum::serve(listener, app).await });

    let client = docket_bench::http_client(256)?;
    let api = |path: &str| format!("{}{path}", args.url);

    // Endpoints.
    for i in 0..args.endpoints {
        let created: Value = client
            .post(api("/api/v3/organization/webhooks"))
            .header("ds-api-token", &args.key)
            .json(&json!({"webhook_url": format!("{receiver_url}/hook/{i}"), "event_types": ["AML_SCREENING"],
                          "is_sandbox": true, "enabled": true}))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let secret = created["hmac_signing_secret"].as_str().context("no secret in the create answer")?;
        receiver
            .secrets
            .lock()
            .map_err(|_| anyhow::anyhow!("poisoned"))?
            .push(SigningSecret::parse(secret).map_err(anyhow::Error::msg)?);
    }

    // The crash, once enough deliveries arrived (the server is killed mid-delivery).
    if let (Some(after), Some(pid), Some(marker)) = (args.kill_after, args.server_pid, args.killed_marker.clone()) {
        let receiver = receiver.clone();
        tokio::spawn(async move {
            loop {
                let got = receiver.unique();
                if got >= after {
                    let killed = std::process::Command::new("kill").args(["-9", &pid.to_string()]).status();
                    eprintln!("killed the server after {got} deliveries: {killed:?}");
                    let _ = std::fs::write(&marker, got.to_string());
                    return;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        });
    }

    receiver.holding.store(args.delivery_only, Ordering::SeqCst);

    // Events.
    let run = jiff::Timestamp::now().as_millisecond();
    let next = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut creators = Vec::new();
    for _ in 0..args.concurrency {
        let (client, next, key, url) = (client.clone(), next.clone(), args.key.clone(), api("/api/v3/applicants"));
        let total = args.events as u64;
        creators.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    return Ok::<(), anyhow::Error>(());
                }
                let body = json!({"external_id": format!("wh-bench-{run}-{i}"), "aml_screening_enabled": true,
                                  "info": {"full_name": name(i as usize)}});
                let r = client.post(&url).header("ds-api-token", &key).json(&body).send().await?;
                if r.status() != 201 {
                    bail!("applicant create answered {}: {}", r.status(), r.text().await.unwrap_or_default());
                }
            }
        }));
    }
    let mut refused = 0;
    for c in creators {
        // In the crash test the server dies under the creators: what it did not acknowledge
        // is not expected.
        match c.await? {
            Ok(()) => {}
            Err(e) if args.kill_after.is_some() => {
                refused += 1;
                eprintln!("a creator stopped: {e}");
            }
            Err(e) => return Err(e),
        }
    }
    let acknowledged = next.load(Ordering::Relaxed).min(args.events as u64) as usize - refused;
    let created_in = started.elapsed();
    let mut started = started;
    if args.delivery_only {
        let expected = acknowledged * args.endpoints;
        let deadline = Instant::now() + Duration::from_secs(args.timeout);
        while receiver.held.lock().map(|h| h.len()).unwrap_or(0) < expected {
            if Instant::now() > deadline {
                bail!("the deliveries were not all tried within {} s", args.timeout);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Let the last failed attempts be recorded, then release them all at once.
        tokio::time::sleep(Duration::from_millis(500)).await;
        receiver.holding.store(false, Ordering::SeqCst);
        started = Instant::now();
        client
            .post(api("/_docket/clock/advance"))
            .header("ds-api-token", &args.key)
            .json(&json!({"by": "2h"}))
            .send()
            .await?
            .error_for_status()?;
    }
    let expected = acknowledged * args.endpoints;
    let deadline = Instant::now() + Duration::from_secs(args.timeout);
    loop {
        let got = receiver.unique();
        if got >= expected || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let delivered_in =
        receiver.last_arrival.lock().ok().and_then(|l| *l).map(|l| l - started).unwrap_or_else(|| started.elapsed());
    let (received, unique, mut latencies) = {
        let d = receiver.deliveries.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        let unique = d.iter().map(|(id, _)| id.as_str()).collect::<HashSet<_>>().len();
        (d.len(), unique, d.iter().map(|(_, l)| *l).filter(|l| l.is_finite()).collect::<Vec<_>>())
    };
    latencies.sort_by(f64::total_cmp);
    let docket_rate = unique as f64 / delivered_in.as_secs_f64();

    if args.kill_after.is_some() {
        let result = json!({
            "crash_test": true,
            "events_acknowledged": acknowledged,
            "deliveries_expected": expected,
            "deliveries_unique": unique,
            "deliveries_lost": expected.saturating_sub(unique),
            "deliveries_repeated": received - unique,
            "bad_signatures": receiver.bad_signatures.load(Ordering::Relaxed),
            "all_delivered_in_s": delivered_in.as_secs_f64(),
        });
        println!("{result}");
        if unique < expected {
            bail!("{} of {expected} deliveries were lost across the crash", expected - unique);
        }
        return Ok(());
    }

    // The ceiling: the same body, signed, POSTed straight at the receiver.
    let body = receiver.sample_body.lock().ok().and_then(|b| b.clone()).context("no delivery arrived")?;
    let secret = receiver.secrets.lock().map_err(|_| anyhow::anyhow!("poisoned"))?[0].clone();
    let next = Arc::new(AtomicU64::new(0));
    let direct_started = Instant::now();
    let mut senders = Vec::new();
    for _ in 0..args.direct_concurrency {
        let (client, next, body, secret) = (client.clone(), next.clone(), body.clone(), secret.clone());
        let url = format!("{receiver_url}/direct");
        let total = expected as u64;
        senders.push(tokio::spawn(async move {
            while next.fetch_add(1, Ordering::Relaxed) < total {
                let t = jiff::Timestamp::now().as_second();
                let header = signature::header(&[&secret], t, &body);
                client
                    .post(&url)
                    .header("content-type", "application/json")
                    .header(signature::HEADER, header)
                    .body(body.clone())
                    .send()
                    .await?
                    .error_for_status()?;
            }
            Ok::<(), anyhow::Error>(())
        }));
    }
    for s in senders {
        s.await??;
    }
    let direct_in = direct_started.elapsed();
    let direct_rate = receiver.direct.load(Ordering::Relaxed) as f64 / direct_in.as_secs_f64();

    let result = json!({
        "delivery_only": args.delivery_only,
        "endpoints": args.endpoints,
        "events": args.events,
        "events_per_second": args.events as f64 / created_in.as_secs_f64(),
        "deliveries_expected": expected,
        "deliveries_received": received,
        "deliveries_unique": unique,
        "bad_signatures": receiver.bad_signatures.load(Ordering::Relaxed),
        "docket_deliveries_per_second": docket_rate,
        // After the clock move of the delivery-only run, event times are two hours back.
        "event_to_delivery_ms": (!args.delivery_only).then(|| json!({
            "p50": percentile(&latencies, 0.50),
            "p90": percentile(&latencies, 0.90),
            "p99": percentile(&latencies, 0.99),
            "max": latencies.last().copied().unwrap_or(f64::NAN),
        })),
        "direct_posts_per_second": direct_rate,
        "docket_over_direct": docket_rate / direct_rate,
        "body_bytes": body.len(),
    });
    println!("{result}");
    if unique < expected {
        bail!("only {unique} of {expected} deliveries arrived within {} s", args.timeout);
    }
    Ok(())
}
