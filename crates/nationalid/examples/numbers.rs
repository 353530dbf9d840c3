//! The numbers of `bench/nondoc.sh`: `numbers generate N SEED` writes N lines `KIND<TAB>NUMBER`
//! over every kind (half valid, made with `complete`; half with their last character changed);
//! `numbers check FILE` checks them all, prints one JSON line (checks, seconds, per second) and
//! writes each verdict (`1` valid, `0` not) to FILE.verdicts for the comparison with the peer.

use std::io::Write;
use std::time::Instant;

use docket_nationalid::{Day, Kind, check, complete};

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn digits(&mut self, n: usize) -> String {
        (0..n).map(|_| char::from(b'0' + self.below(10) as u8)).collect()
    }

    fn letters(&mut self, n: usize) -> String {
        (0..n).map(|_| char::from(b'A' + self.below(26) as u8)).collect()
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len() as u64) as usize]
    }
}

/// A plausible body of `kind` (its check characters as placeholders), born 1950–1999.
fn body(kind: Kind, r: &mut Rng) -> String {
    let yy = format!("{:02}", 50 + r.below(50));
    let mm = format!("{:02}", 1 + r.below(12));
    let dd = format!("{:02}", 1 + r.below(28));
    match kind {
        Kind::BeNationalNumber => format!("{yy}{mm}{dd}{}00", r.digits(3)),
        Kind::BgEgn => format!("{yy}{mm}{dd}{}0", r.digits(3)),
        Kind::BrCpf => format!("{}00", r.digits(9)),
        Kind::ClRut => format!("{}{}0", 1 + r.below(9), r.digits(7)),
        Kind::CnResidentId => format!("110101 19{yy}{mm}{dd}{}0", r.digits(3)).replace(' ', ""),
        Kind::DkCpr => format!("{dd}{mm}{yy}{}{}", r.below(4), r.digits(3)),
        Kind::EeIsikukood | Kind::LtAsmensKodas => format!("{}{yy}{mm}{dd}{}0", 3 + r.below(2), r.digits(3)),
        Kind::EsDni => format!("{}A", r.digits(8)),
        Kind::EsNie => format!("{}{}A", r.pick(&["X", "Y", "Z"]), r.digits(7)),
        Kind::FiHetu => format!("{dd}{mm}{yy}-{:03}0", 2 + r.below(898)),
        Kind::FrNir => format!("{}{yy}{mm}{:02}{}00", 1 + r.below(2), 1 + r.below(95), r.digits(6)),
        Kind::InAadhaar => format!("{}{}0", 2 + r.below(8), r.digits(10)),
        Kind::ItCodiceFiscale => {
            let day = 1 + r.below(28) + 40 * r.below(2);
            let month = r.pick(&["A", "B", "C", "D", "E", "H", "L", "M", "P", "R", "S", "T"]);
            format!("{}{yy}{month}{day:02}{}{}A", r.letters(6), r.letters(1), r.digits(3))
        }
        Kind::MxCurp => format!(
            "{}{yy}{mm}{dd}{}{}{}{}0",
            r.letters(4),
            r.pick(&["H", "M"]),
            r.pick(&["AS", "BC", "DF", "JC", "NL", "VZ", "YN"]),
            r.letters(3),
            r.below(10)
        ),
        Kind::NgBvn | Kind::NgNin => r.digits(11),
        Kind::NlBsn => format!("{}0", r.digits(8)),
        Kind::NoFodselsnummer => format!("{dd}{mm}{yy}{:03}00", r.below(500)),
        Kind::PlPesel => format!("{yy}{mm}{dd}{}0", r.digits(4)),
        Kind::RoCnp => format!("{}{yy}{mm}{dd}{:02}{}0", 1 + r.below(2), 1 + r.below(40), r.digits(3)),
        Kind::SePersonnummer => format!("{yy}{mm}{dd}-{}0", r.digits(3)),
        Kind::TrTcKimlik => format!("{}{}00", 1 + r.below(9), r.digits(8)),
        Kind::ZaId => format!("{yy}{mm}{dd}{}080", r.digits(4)),
    }
}

/// Another character of the same class as `c`.
fn other(c: char) -> char {
    match c {
        '9' => '0',
        'Z' | 'K' => 'A',
        c => char::from(c as u8 + 1),
    }
}

fn generate(n: usize, seed: u64) {
    let mut r = Rng(seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut made = 0;
    while made < n {
        let kind = Kind::ALL[made % Kind::ALL.len()];
        let Some(mut number) = complete(kind, &body(kind, &mut r)) else { continue };
        if r.below(2) == 1 && kind.has_check_digit() {
            let last = number.pop().unwrap_or('0');
            number.push(other(last));
        }
        let _ = writeln!(out, "{}\t{number}", kind.code());
        made += 1;
    }
}

fn check_file(path: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let numbers: Vec<(Kind, &str)> = text
        .lines()
        .filter_map(|l| {
            let (k, n) = l.split_once('\t')?;
            Some((Kind::from_code(k)?, n))
        })
        .collect();
    let today = Day { year: 2026, month: 11, day: 27 };
    let started = Instant::now();
    let verdicts: Vec<bool> = numbers.iter().map(|(k, n)| check(*k, n, today).is_ok()).collect();
    let seconds = started.elapsed().as_secs_f64();
    let valid = verdicts.iter().filter(|v| **v).count();
    let lines: String = verdicts.iter().map(|v| if *v { "1\n" } else { "0\n" }).collect();
    let _ = std::fs::write(format!("{path}.verdicts"), lines);
    println!(
        "{{\"checks\": {}, \"valid\": {valid}, \"seconds\": {seconds:.4}, \"per_second\": {:.0}}}",
        numbers.len(),
        numbers.len() as f64 / seconds
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("generate") => generate(
            args.get(2).and_then(|n| n.parse().ok()).unwrap_or(240_000),
            args.get(3).and_then(|s| s.parse().ok()).unwrap_or(35),
        ),
        Some("check") => check_file(args.get(2).map_or("numbers.tsv", String::as_str)),
        _ => eprintln!("usage: numbers generate N SEED | numbers check FILE"),
    }
}
