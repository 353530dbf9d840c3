//! How fast zones are found and read: `cargo bench -p docket-mrz` (no harness: a plain timing
//! loop, run on demand; the figures go in the closing note, not into tests).

use std::time::Instant;

fn main() {
    let zone = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10\n";
    let page = format!("{}{}", "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n".repeat(60), zone);
    for (name, text, rounds) in [("zone alone", zone.to_owned(), 200_000u32), ("3 KiB page", page, 20_000)] {
        let started = Instant::now();
        let mut valid = 0u32;
        for _ in 0..rounds {
            if let Some(Ok(m)) = docket_mrz::find(std::hint::black_box(&text))
                && m.is_valid()
            {
                valid += 1;
            }
        }
        let each = started.elapsed() / rounds;
        assert_eq!(valid, rounds);
        println!("{name}: {:.2} µs per find, {:.0} per second", each.as_secs_f64() * 1e6, 1.0 / each.as_secs_f64());
    }
}
