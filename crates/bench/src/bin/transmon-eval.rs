//! Docket's side of the rule-evaluation comparison in `bench/transmon.sh`: the same rules and
//! events as the Python peer (`bench/transmon/make.py`), compiled once with `docket-rules` and
//! evaluated on every event, fields and statistics read from hash maps as the engine holds them.
//! Prints one JSON line: evaluations, how many fired, nanoseconds per rule evaluation and
//! microseconds per event (all rules).

use std::collections::HashMap;
use std::str::FromStr;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use docket_rules::{Decimal, Input, Stat, Value};

#[derive(Parser)]
struct Args {
    rules: std::path::PathBuf,
    events: std::path::PathBuf,
    #[arg(long, default_value_t = 3)]
    rounds: u32,
}

struct Event {
    fields: HashMap<String, Value<'static>>,
    stats: HashMap<Stat, Decimal>,
}

impl Input for Event {
    fn event(&self, field: &str) -> Option<Value<'_>> {
        self.fields.get(field).cloned()
    }

    fn stat(&self, stat: Stat) -> Decimal {
        self.stats.get(&stat).copied().unwrap_or_default()
    }
}

fn value(key: &str, v: &serde_json::Value) -> Option<Value<'static>> {
    Some(match v {
        serde_json::Value::String(s) if key == "amount" || key == "account_available_balance" => {
            Value::Number(Decimal::from_str(s).ok()?)
        }
        serde_json::Value::String(s) => Value::from(s.clone()),
        serde_json::Value::Number(n) => Value::Number(Decimal::from_str(&n.to_string()).ok()?),
        serde_json::Value::Bool(b) => Value::Bool(*b),
        _ => return None,
    })
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let rules: Vec<serde_json::Value> = serde_json::from_str(&std::fs::read_to_string(&args.rules)?)?;
    let compiled = rules
        .iter()
        .map(|r| {
            docket_rules::compile(r["expression"].as_str().unwrap_or_default()).map_err(|e| anyhow::anyhow!("{e}"))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut events = Vec::new();
    for line in std::fs::read_to_string(&args.events)?.lines() {
        let e: serde_json::Value = serde_json::from_str(line)?;
        let fields = e["fields"]
            .as_object()
            .context("fields")?
            .iter()
            .filter_map(|(k, v)| value(k, v).map(|v| (k.clone(), v)))
            .collect();
        let mut stats = HashMap::new();
        for period in docket_rules::Period::ALL {
            for indicator in docket_rules::Indicator::ALL {
                let v = &e["stats"][period.name()][indicator.name()];
                let d = match v {
                    serde_json::Value::String(s) => Decimal::from_str(s)?,
                    other => Decimal::from_str(&other.to_string())?,
                };
                stats.insert(Stat { period, indicator }, d);
            }
        }
        events.push(Event { fields, stats });
    }
    let mut best = f64::MAX;
    let mut fired = 0;
    for _ in 0..args.rounds {
        fired = 0;
        let started = Instant::now();
        for event in &events {
            for rule in &compiled {
                if rule.evaluate(std::hint::black_box(event)) == Ok(true) {
                    fired += 1;
                }
            }
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    let n = events.len() * compiled.len();
    println!(
        "{}",
        serde_json::json!({
            "evaluations": n,
            "fired": fired,
            "ns_per_rule": (best / n as f64 * 1e10).round() / 10.0,
            "us_per_event_all_rules": (best / events.len() as f64 * 1e8).round() / 100.0,
        })
    );
    Ok(())
}
