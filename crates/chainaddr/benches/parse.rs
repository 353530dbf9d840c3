//! How fast addresses are checked: `cargo bench -p docket-chainaddr` (no harness: a plain timing
//! loop, run on demand; the figures go in the closing note, not into tests).

use std::time::Instant;

use docket_chainaddr::{Chain, example, parse};

fn main() {
    let rounds = 20_000u32;
    for chain in Chain::ALL {
        let texts: Vec<String> = (0..64).map(|seed| example(chain, seed)).collect();
        let started = Instant::now();
        let mut valid = 0u32;
        for i in 0..rounds {
            if parse(chain, std::hint::black_box(&texts[i as usize % texts.len()])).is_ok() {
                valid += 1;
            }
        }
        let each = started.elapsed() / rounds;
        assert_eq!(valid, rounds);
        println!(
            "{}: {:.2} µs per address, {:.0} per second",
            chain.name(),
            each.as_secs_f64() * 1e6,
            1.0 / each.as_secs_f64()
        );
    }
}
