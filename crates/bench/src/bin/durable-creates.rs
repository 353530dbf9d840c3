//! Creates applicants as fast as it can over N concurrent connections, and appends the
//! `external_id` of every acknowledged (201) create to a file, flushed as it goes. The benchmark
//! kills the server with SIGKILL while this runs, restarts it, and checks that every id in the
//! file exists: an acknowledged create must survive a crash.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;

#[derive(Parser)]
struct Args {
    /// The server's base URL.
    #[arg(long)]
    url: String,
    /// A sandbox API key.
    #[arg(long)]
    key: String,
    /// Concurrent connections.
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
    /// Stop after this many seconds (or when the server goes away).
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Where to append acknowledged external ids.
    #[arg(long)]
    acked: std::path::PathBuf,
    /// Prefix of the external ids (make it unique per run).
    #[arg(long, default_value = "durable")]
    prefix: String,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let client = docket_bench::http_client(args.concurrency)?;
    let file = Arc::new(std::sync::Mutex::new(std::fs::File::create(&args.acked)?));
    let acked = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for worker in 0..args.concurrency {
        let (client, file, acked, failed) = (client.clone(), file.clone(), acked.clone(), failed.clone());
        let url = format!("{}/api/v3/applicants", args.url);
        let (key, prefix) = (args.key.clone(), args.prefix.clone());
        tasks.push(tokio::spawn(async move {
            let mut n = 0u64;
            while Instant::now() < deadline {
                let external_id = format!("{prefix}-{worker}-{n}");
                n += 1;
                let body = serde_json::json!({"external_id": external_id, "info": {"full_name": "Durable Test"}});
                match client.post(&url).header("ds-api-token", &key).json(&body).send().await {
                    Ok(r) if r.status().as_u16() == 201 => {
                        let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
                        // Written and flushed before counting: the file never claims more than was acknowledged.
                        let _ = writeln!(f, "{external_id}");
                        let _ = f.flush();
                        acked.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(_) => {
                        failed.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(_) => {
                        // The server is gone (killed): this worker is done.
                        failed.fetch_add(1, Ordering::Relaxed);
                        break;
                    }
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let secs = started.elapsed().as_secs_f64();
    let n = acked.load(Ordering::Relaxed);
    println!(
        "{{\"acknowledged\": {n}, \"failed\": {}, \"seconds\": {secs:.2}, \"per_second\": {:.0}}}",
        failed.load(Ordering::Relaxed),
        n as f64 / secs
    );
    Ok(())
}
