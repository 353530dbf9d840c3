//! How fast a statement page is read: `cargo bench -p docket-bankbook` (no harness: a plain
//! timing loop, run on demand; bench/bankbook.sh measures the whole path beside a peer).

use std::time::Instant;

fn main() {
    let page = "\
Sparkasse Musterstadt                                  Kontoauszug 3/2024
Kontoinhaber        Erika Mustermann                   Seite 1 von 1
IBAN                DE89 3704 0044 0532 0130 00        BIC  COBADEFFXXX
Zeitraum            01.03.2024 - 31.03.2024
Alter Kontostand                                       1.000,00 EUR
"
    .to_owned()
        + &"04.03.2024  Lastschrift Stadtwerke Musterstadt GmbH      -84,20      915,80\n".repeat(40)
        + "Neuer Kontostand                                       2.000,00 EUR\n";
    let rounds = 5_000u32;
    let started = Instant::now();
    let mut found = 0u32;
    for _ in 0..rounds {
        let s = docket_bankbook::extract(std::hint::black_box(&page));
        found += u32::from(s.iban.is_some() && s.closing_balance.is_some());
    }
    let each = started.elapsed() / rounds;
    assert_eq!(found, rounds);
    println!(
        "{} KiB page: {:.1} µs per page, {:.0} pages per second",
        page.len() / 1024,
        each.as_secs_f64() * 1e6,
        1.0 / each.as_secs_f64()
    );
}
