//! How fast numbers are checked: `cargo bench -p docket-nationalid` (no harness: a plain timing
//! loop, run on demand; the figures go in the closing note, not into tests). `bench/nondoc.sh`
//! measures the same beside python-stdnum.

use std::time::Instant;

use docket_nationalid::{Day, Kind, check};

fn main() {
    let today = Day { year: 2026, month: 11, day: 27 };
    let numbers = [
        (Kind::PlPesel, "44051401359"),
        (Kind::SePersonnummer, "880320-0016"),
        (Kind::ItCodiceFiscale, "RCCMNL83S18D969H"),
        (Kind::CnResidentId, "360426199101010071"),
        (Kind::InAadhaar, "234123412346"),
        (Kind::MxCurp, "BOXW310820HNERXN09"),
    ];
    let rounds = 200_000u32;
    let started = Instant::now();
    let mut valid = 0u32;
    for _ in 0..rounds {
        for (kind, number) in numbers {
            if check(kind, std::hint::black_box(number), today).is_ok() {
                valid += 1;
            }
        }
    }
    let total = rounds * numbers.len() as u32;
    assert_eq!(valid, total);
    let each = started.elapsed() / total;
    println!("{:.0} ns per check, {:.0} checks per second", each.as_secs_f64() * 1e9, 1.0 / each.as_secs_f64());
}
