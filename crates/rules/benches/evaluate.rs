//! How fast rules compile and evaluate, with criterion: `cargo bench -p docket-rules` (run on
//! demand; the figures go in the closing note, not into tests). The input is a hash map of a
//! transaction's fields, as a caller holding a parsed event would have.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
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

fn rules(c: &mut Criterion) {
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
        let rule = compile(source).expect("compiles");
        assert_eq!(rule.evaluate(&transaction), Ok(true), "{name} fires");
        c.bench_function(&format!("compile/{name}"), |b| b.iter(|| compile(black_box(source))));
        c.bench_function(&format!("evaluate/{name}"), |b| b.iter(|| rule.evaluate(black_box(&transaction))));
    }
}

criterion_group!(benches, rules);
criterion_main!(benches);
