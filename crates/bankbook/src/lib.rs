//! Bank statements and bankbooks read from the text of their pages, as `pdftotext -layout` lays
//! out a PDF's text layer or as Tesseract reads a photographed page: the account holder, the
//! IBAN or domestic account number, the bank's name, its BIC, the statement's period and its
//! opening and closing balances with their currency.
//!
//! Each field found carries its [`Evidence`], the line it was read from; a field that is not
//! printed (or not recognisably labelled) is absent, never guessed. Identifiers are checked: an
//! IBAN by ISO 13616 (mod-97 and the country's format and length, through `iban_validate`), a
//! BIC by ISO 9362 with an ISO 3166 country, a period by its order; a field that fails carries
//! its `problem` and is still reported, so that a reviewer sees what the document says.
//! Amounts are exact decimals read in the separators of several locales.
//!
//! Labels are read in English, German, French and Spanish; a value follows its label (after a
//! colon or in the next column) or stands below it (a table's header). Reading never panics and
//! its work is bounded on any input.
//!
//! ```
//! let page = "Musterbank AG\n\
//!     Kontoinhaber: Erika Mustermann      Kontoauszug vom 01.03.2024 bis 31.03.2024\n\
//!     IBAN: DE89 3704 0044 0532 0130 00   BIC: COBADEFFXXX\n\
//!     Alter Kontostand                    1.234,56 EUR\n\
//!     Neuer Kontostand                    2.000,00 EUR\n";
//! let statement = docket_bankbook::extract(page);
//! assert_eq!(statement.holder.unwrap().value, "Erika Mustermann");
//! let iban = statement.iban.unwrap();
//! assert_eq!((iban.value.as_str(), iban.problem), ("DE89370400440532013000", None));
//! let period = statement.period.unwrap().value;
//! assert_eq!((period.from.to_string(), period.to.to_string()), ("2024-03-01".into(), "2024-03-31".into()));
//! assert_eq!(statement.opening_balance.unwrap().value.value.to_string(), "1234.56");
//! assert_eq!(statement.currency.unwrap().value, "EUR");
//! assert_eq!(statement.bank_name.unwrap().value, "Musterbank AG");
//! ```

mod account;
mod amount;
mod date;
mod labels;
mod text;

pub use account::check_bic;
pub use amount::Amount;
pub use date::{Date, Order};
pub use rust_decimal::Decimal;

use labels::{Key, Match};
use text::{Line, folded};

/// At most this much text is read (a statement's pages are a few KiB each).
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// At most this many lines are read.
const MAX_LINES: usize = 20_000;
/// How many columns a cell below may stand beside its label's.
const SLACK: usize = 4;
/// Evidence lines are cut to this many characters.
const MAX_EVIDENCE: usize = 240;

/// Where a value was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    /// 1-based page.
    pub page: usize,
    /// 1-based line of that page.
    pub line: usize,
    /// The line as printed (trimmed, cut to 240 characters).
    pub text: String,
}

/// A field read from the statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field<T> {
    pub value: T,
    /// Why the value is not a valid one (a wrong IBAN check digit, a period that ends before it
    /// starts), if it is not.
    pub problem: Option<String>,
    pub evidence: Evidence,
}

impl<T> Field<T> {
    pub fn is_valid(&self) -> bool {
        self.problem.is_none()
    }
}

/// The statement's period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub from: Date,
    pub to: Date,
}

/// What a statement's text says, field by field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Statement {
    pub holder: Option<Field<String>>,
    /// Electronic form (no spaces).
    pub iban: Option<Field<String>>,
    /// A domestic account number, as printed.
    pub account_number: Option<Field<String>>,
    pub bank_name: Option<Field<String>>,
    pub bic: Option<Field<String>>,
    pub period: Option<Field<Period>>,
    pub opening_balance: Option<Field<Amount>>,
    pub closing_balance: Option<Field<Amount>>,
    /// ISO 4217: a currency label's value, else the balances'.
    pub currency: Option<Field<String>>,
}

impl Statement {
    /// Nothing was found.
    pub fn is_empty(&self) -> bool {
        *self == Statement::default()
    }
}

/// Reads a statement from the text of its pages (pages separated by form feeds).
pub fn extract(text: &str) -> Statement {
    let mut cut = text.len().min(MAX_TEXT_BYTES);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let text = &text[..cut];
    let lines = text::lines(text, MAX_LINES);
    let default_order = if text.contains('$') || text.contains("USD") { Order::MonthFirst } else { Order::DayFirst };
    let order = date::order_of(text, default_order);
    let labelled = labelled_values(&lines);
    let mut statement = Statement::default();

    for value in &labelled {
        let at = || evidence(&lines[value.line]);
        match value.key {
            Key::Holder if statement.holder.is_none() => {
                statement.holder = name_in(&value.text).map(|v| Field { value: v, problem: None, evidence: at() });
            }
            Key::Bank if statement.bank_name.is_none() => {
                statement.bank_name = name_in(&value.text).map(|v| Field { value: v, problem: None, evidence: at() });
            }
            Key::Iban if statement.iban.as_ref().is_none_or(|f| !f.is_valid()) => {
                if let Some(read) = first_iban(&value.text) {
                    statement.iban = Some(Field { value: read.electronic, problem: read.problem, evidence: at() });
                }
            }
            Key::AccountNumber if statement.account_number.is_none() => {
                statement.account_number =
                    account::account_number_in(&value.text).map(|v| Field { value: v, problem: None, evidence: at() });
            }
            Key::Bic if statement.bic.as_ref().is_none_or(|f| !f.is_valid()) => match account::bic_in(&value.text) {
                Some(Ok(bic)) => statement.bic = Some(Field { value: bic, problem: None, evidence: at() }),
                Some(Err((bic, why))) if statement.bic.is_none() => {
                    statement.bic = Some(Field { value: bic, problem: Some(why), evidence: at() });
                }
                _ => {}
            },
            Key::Period if statement.period.is_none() => statement.period = period_in(&value.text, order, at),
            // The opening balance is the first printed, the closing one the last (a statement
            // of several pages carries each page's balance forward).
            Key::Opening if statement.opening_balance.is_none() => {
                statement.opening_balance = balance_in(&value.rest, &lines[value.line], at);
            }
            Key::Closing => {
                if let Some(b) = balance_in(&value.rest, &lines[value.line], at) {
                    statement.closing_balance = Some(b);
                }
            }
            Key::Currency if statement.currency.is_none() => {
                statement.currency = value
                    .text
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .find_map(amount::currency_code)
                    .map(|c| Field { value: c.to_owned(), problem: None, evidence: at() });
            }
            _ => {}
        }
    }

    // An IBAN identifies itself (its check digits): a valid one anywhere counts.
    if statement.iban.is_none() {
        statement.iban = lines.iter().find_map(|line| {
            (0..line.text.len()).filter(|i| line.text.is_char_boundary(*i)).find_map(|i| {
                let boundary = i == 0 || !line.text[..i].chars().last().is_some_and(char::is_alphanumeric);
                let (read, _) = account::iban_at(line.text, i).filter(|_| boundary)?;
                read.problem.is_none().then(|| Field {
                    value: read.electronic,
                    problem: None,
                    evidence: evidence(line),
                })
            })
        });
    }
    if statement.period.is_none() {
        statement.period = lines.iter().find_map(|line| unlabelled_period(line, order));
    }
    if statement.bank_name.is_none() {
        statement.bank_name = letterhead_bank(&lines);
    }
    if statement.currency.is_none() {
        statement.currency =
            [&statement.opening_balance, &statement.closing_balance].into_iter().flatten().find_map(|b| {
                b.value.currency.clone().map(|c| Field { value: c, problem: None, evidence: b.evidence.clone() })
            });
    }
    // A balance printed without its currency is in the statement's.
    if let Some(currency) = statement.currency.as_ref().map(|c| c.value.clone()) {
        for balance in [&mut statement.opening_balance, &mut statement.closing_balance].into_iter().flatten() {
            balance.value.currency.get_or_insert_with(|| currency.clone());
        }
    }
    statement
}

fn evidence(line: &Line<'_>) -> Evidence {
    let text = line.text.trim();
    let text = match text.char_indices().nth(MAX_EVIDENCE) {
        Some((cut, _)) => &text[..cut],
        None => text,
    };
    Evidence { page: line.page, line: line.number, text: text.to_owned() }
}

/// A label's value: the text after it (to the next label), the next column, or the cell below.
struct Labelled {
    key: Key,
    line: usize,
    text: String,
    /// The rest of the line after the label (a balance's amount may stand columns away, after
    /// a date: `Ancien solde au 01/03/2024      1 234,56 €`).
    rest: String,
}

/// A segment's index, its folded text and the labels in it.
type SegmentLabels = (usize, Vec<(usize, char)>, Vec<Match>);

fn labelled_values(lines: &[Line<'_>]) -> Vec<Labelled> {
    let mut out = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let found: Vec<SegmentLabels> = line
            .segments
            .iter()
            .enumerate()
            .map(|(s, seg)| {
                let f = folded(seg.text);
                let m = labels::find(&f);
                (s, f, m)
            })
            .collect();
        for (s, f, matches) in &found {
            let segment = &line.segments[*s];
            for (k, m) in matches.iter().enumerate() {
                if m.key == Key::Other {
                    continue;
                }
                let from = f.get(m.end).map_or(segment.text.len(), |c| c.0);
                let to = matches.get(k + 1).and_then(|next| f.get(next.start)).map_or(segment.text.len(), |c| c.0);
                let after = segment.text[from..to].trim_start_matches([' ', ':', '\u{a0}']).trim();
                let rest_of_line = |text: &str| {
                    let at = segment.byte + from;
                    line.text.get(at..).map_or_else(|| text.to_owned(), str::to_owned)
                };
                if !after.is_empty() {
                    out.push(Labelled { key: m.key, line: index, text: after.to_owned(), rest: rest_of_line(after) });
                    continue;
                }
                if k + 1 < matches.len() {
                    // Another label follows at once: a header row, read below.
                } else if let Some((_, _, next)) = found.get(s + 1)
                    && next.first().is_none_or(|n| n.start > 0)
                    && !line.segments[s + 1].text.is_empty()
                {
                    // The next column, unless it starts with a label of its own.
                    let next_seg = &line.segments[s + 1];
                    let cut =
                        next.first().and_then(|n| found[s + 1].1.get(n.start)).map_or(next_seg.text.len(), |c| c.0);
                    let text = next_seg.text[..cut].trim().to_owned();
                    out.push(Labelled { key: m.key, line: index, rest: rest_of_line(&text), text });
                    continue;
                }
                // The cell below: the next line's segment under the label's column.
                let (left, right) = (segment.column, segment.end());
                for (below_index, below) in lines.iter().enumerate().skip(index + 1).take(2) {
                    if below.page != line.page {
                        break;
                    }
                    // The cell that overlaps the label's columns most (OCR's columns drift a
                    // few characters).
                    let overlap = |c: &&text::Segment<'_>| {
                        (c.end().min(right + SLACK)).saturating_sub(c.column.max(left.saturating_sub(SLACK)))
                    };
                    if let Some(cell) = below.segments.iter().filter(|c| overlap(c) > 0).max_by_key(overlap) {
                        let cf = folded(cell.text);
                        // A cell that is itself a label is not a value.
                        if labels::find(&cf).first().is_some_and(|n| n.start == 0) {
                            break;
                        }
                        let text = cell.text.trim().to_owned();
                        out.push(Labelled { key: m.key, line: below_index, rest: text.clone(), text });
                        break;
                    }
                }
            }
        }
    }
    out
}

/// A holder's or bank's name: letters, cut at a run of punctuation, 2 to 100 characters.
fn name_in(value: &str) -> Option<String> {
    // A final point stays: it ends an abbreviation (`S.A.`, `N.A.`).
    let v = value.trim().trim_matches(|c: char| matches!(c, ',' | ';' | '-' | '|' | '/' | ':')).trim();
    let letters = v.chars().filter(|c| c.is_alphabetic()).count();
    let digits = v.chars().filter(char::is_ascii_digit).count();
    (letters >= 2 && digits * 2 < letters && v.chars().count() <= 100).then(|| v.to_owned())
}

fn first_iban(value: &str) -> Option<account::IbanRead> {
    value.char_indices().find_map(|(i, _)| {
        let boundary = i == 0 || !value[..i].chars().last().is_some_and(char::is_alphanumeric);
        boundary.then(|| account::iban_at(value, i).map(|r| r.0)).flatten()
    })
}

fn period_in(value: &str, order: Order, at: impl Fn() -> Evidence) -> Option<Field<Period>> {
    let dates = date::dates_in(value, order);
    let (from, to) = (dates.first()?.date, dates.get(1)?.date);
    let problem = (from > to).then(|| format!("it ends ({to}) before it starts ({from})"));
    Some(Field { value: Period { from, to }, problem, evidence: at() })
}

/// Words that join the two dates of a period.
const RANGE_WORDS: &[&str] = &["-", "–", "—", "to", "till", "until", "through", "bis", "au", "a", "al", "hasta", "/"];
/// Words that say a line's two dates are the statement's period.
const PERIOD_WORDS: &[&str] = &[
    "period",
    "from",
    "statement",
    "zeitraum",
    "vom",
    "kontoauszug",
    "auszug",
    "periode",
    "du",
    "releve",
    "periodo",
    "del",
    "desde",
    "extracto",
];

/// Two dates joined by a range word on a line that speaks of a period (`Kontoauszug vom
/// 01.03.2024 bis 31.03.2024`).
fn unlabelled_period(line: &Line<'_>, order: Order) -> Option<Field<Period>> {
    let dates = date::dates_in(line.text, order);
    for pair in dates.windows(2) {
        let between: String = line.text[pair[0].end..pair[1].start].chars().map(text::fold_char).collect();
        let between = between.trim();
        if !RANGE_WORDS.contains(&between) {
            continue;
        }
        let before: String = line.text[..pair[0].start].chars().map(text::fold_char).collect();
        let speaks = before.split(|c: char| !c.is_alphanumeric()).any(|w| PERIOD_WORDS.contains(&w));
        if speaks {
            return period_in(&line.text[pair[0].start..pair[1].end], order, || evidence(line));
        }
    }
    None
}

fn balance_in(value: &str, line: &Line<'_>, at: impl Fn() -> Evidence) -> Option<Field<Amount>> {
    // Dates beside a balance (`au 01/03/2024`) are not amounts.
    let mut without_dates = String::with_capacity(value.len());
    let mut cursor = 0;
    for found in date::dates_in(value, Order::DayFirst) {
        without_dates.push_str(&value[cursor..found.start]);
        without_dates.push(' ');
        cursor = found.end;
    }
    without_dates.push_str(&value[cursor..]);
    let (mut amount, _, _) = amount::first_amount(&without_dates)?;
    if amount.currency.is_none() {
        // A currency elsewhere on the line (a column of its own).
        amount.currency =
            line.text.split(|c: char| !c.is_ascii_alphabetic()).find_map(amount::currency_code).map(str::to_owned);
    }
    Some(Field { value: amount, problem: None, evidence: at() })
}

/// Words that name a bank in a letterhead.
const BANK_WORDS: &[&str] = &[
    "bank",
    "banque",
    "banco",
    "banca",
    "sparkasse",
    "volksbank",
    "raiffeisenbank",
    "caisse",
    "caja",
    "caixa",
    "credit",
    "building society",
    "savings",
    "landesbank",
    "postbank",
];
/// Words of a statement's title, which is not the bank's name.
const TITLE_WORDS: &[&str] =
    &["statement", "auszug", "kontoauszug", "releve", "extracto", "account", "konto", "compte", "cuenta"];

/// A bank named in the first lines of the first page (its letterhead).
fn letterhead_bank(lines: &[Line<'_>]) -> Option<Field<String>> {
    for line in lines.iter().filter(|l| l.page == 1).take(8) {
        for segment in &line.segments {
            let f: String = segment.text.chars().map(text::fold_char).collect();
            let words: Vec<&str> = f.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
            let banky = BANK_WORDS.iter().any(|b| {
                if b.contains(' ') {
                    f.contains(b)
                } else {
                    words.iter().any(|w| w == b || (w.ends_with(b) && w.len() > b.len() + 2))
                }
            });
            let title = words.iter().any(|w| TITLE_WORDS.contains(w));
            if banky && !title && !labels::find(&folded(segment.text)).iter().any(|m| m.start == 0) {
                return name_in(segment.text).map(|v| Field { value: v, problem: None, evidence: evidence(line) });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests;
