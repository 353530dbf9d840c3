//! How fast rules compile and evaluate: `cargo bench -p docket-rules` (no harness: a plain timing
//! loop, run on demand; the figures go in the closing note, not into tests). The input is a hash
//! map of a transaction's fields, as a caller holding a parsed event would have.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;

use docket_rules::{Decimal, Indicator, Input, Period, Stat, Value, compile};

struct Transaction {
    fields: HashMap<&'static str, Value<'static>>,
    stats: HashMap<Stat, Decimal>,
}

impl Input for Transaction {
    fn event(&self, field: &str) -> Option<Value<'_>> {
        self.fields.get(field).cloned()
    }

    fn stat(&self, stat: Stat) -> Decimal {
        self.stats.get(&stat).copied().unwrap_or_default()
    }
}

fn main() {
    let fields = HashMap::from([
        ("amount", Value::Number(Decimal::new(250_000, 2))),
        ("currency_code", Value::from("EUR")),
        ("payee_country_cd", Value::from("KP")),
        ("checkout_price", Value::Number(Decimal::new(1500, 0))),
        ("user_ds_registration", Value::Number(Decimal::ZERO)),
    ]);
    let mut stats = HashMap::new();
    for period in Period::ALL {
        for indicator in Indicator::ALL {
            stats.insert(Stat { period, indicator }, Decimal::new(i64::from(period.days()) * 125, 1));
        }
    }
    let transaction = Transaction { fields, stats };
    let rules = [
        ("simple comparison", "event.amount > 1000"),
        (
            "three clauses",
            "event.amount > 1000 && event.payee_country_cd in [\"IR\", \"KP\", \"SY\"] && \
             stats.last7d.transactions_count >= 5",
        ),
        (
            "arithmetic on stats",
            "event.amount > 3 * stats.last30d.avg && stats.last1d.sum + event.amount > 2 * stats.last7d.sum / 7",
        ),
    ];
    for (name, source) in rules {
        let rounds = 200_000u32;
        let started = Instant::now();
        for _ in 0..rounds {
            black_box(compile(black_box(source)).expect("compiles"));
        }
        let compiling = started.elapsed() / rounds;

        let rule = compile(source).expect("compiles");
        let rounds = 2_000_000u32;
        let started = Instant::now();
        let mut fired = 0u32;
        for _ in 0..rounds {
            if rule.evaluate(black_box(&transaction)).expect("evaluates") {
                fired += 1;
            }
        }
        let evaluating = started.elapsed() / rounds;
        assert_eq!(fired, rounds, "{name} fires");
        println!(
            "{name}: {} ns per evaluation, {:.2} µs per compile",
            evaluating.as_nanos(),
            compiling.as_secs_f64() * 1e6
        );
    }
}
