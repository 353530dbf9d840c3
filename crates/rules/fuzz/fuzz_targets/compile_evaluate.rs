//! Compiling any text never panics, and neither does evaluating what compiles against an event
//! whose fields take any value (picked by the first byte of the input), nor compiling its fully
//! parenthesised form again.
#![no_main]

use docket_rules::{Decimal, Input, Stat, Value};

struct Event {
    seed: u8,
}

impl Event {
    fn choice(&self, name: &str) -> usize {
        name.bytes().fold(usize::from(self.seed), |hash, byte| hash.wrapping_mul(31).wrapping_add(usize::from(byte)))
    }
}

const NUMBERS: [Decimal; 6] = [Decimal::ZERO, Decimal::ONE, Decimal::NEGATIVE_ONE, Decimal::MAX, Decimal::MIN, Decimal::TEN];

impl Input for Event {
    fn event(&self, field: &str) -> Option<Value<'_>> {
        let choice = self.choice(field);
        Some(match choice % 5 {
            0 => return None,
            1 => Value::Number(NUMBERS[choice / 5 % NUMBERS.len()]),
            2 => Value::from(["", "US", "é"][choice / 5 % 3]),
            3 => Value::from(String::from("owned")),
            _ => Value::Bool(choice.is_multiple_of(2)),
        })
    }

    fn stat(&self, stat: Stat) -> Decimal {
        NUMBERS[self.choice(&stat.to_string()) % NUMBERS.len()]
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&seed, text)) = data.split_first() else { return };
    if let Ok(text) = std::str::from_utf8(text)
        && let Ok(rule) = docket_rules::compile(text)
    {
        let _ = (rule.evaluate(&Event { seed }), rule.event_fields(), rule.stats());
        let _ = docket_rules::compile(&rule.to_string());
    }
});
