//! The labels statements print before their values, in English, German, French and Spanish,
//! folded (lower case, no accents). A label that is also an ordinary word (`name`, `bank`,
//! `period`) counts only when a colon follows it, or when it is its column's whole text
//! (`strict`): `Prairie Savings Bank` holds no label.

use crate::text::phrase_at;

/// What a label announces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Key {
    Holder,
    Iban,
    AccountNumber,
    Bank,
    Bic,
    Period,
    Opening,
    Closing,
    Currency,
    /// A label of something Docket does not extract: it ends the value before it.
    Other,
}

pub(crate) struct Label {
    pub key: Key,
    pub phrase: &'static str,
    pub strict: bool,
}

const fn l(key: Key, phrase: &'static str) -> Label {
    Label { key, phrase, strict: false }
}

const fn s(key: Key, phrase: &'static str) -> Label {
    Label { key, phrase, strict: true }
}

use Key::*;

/// Every label; at one position the longest phrase wins.
pub(crate) const LABELS: &[Label] = &[
    l(Holder, "account holder"),
    l(Holder, "account holders"),
    l(Holder, "account name"),
    l(Holder, "name of account holder"),
    l(Holder, "customer name"),
    s(Holder, "holder"),
    s(Holder, "name"),
    l(Holder, "kontoinhaber"),
    l(Holder, "kontoinhaberin"),
    s(Holder, "inhaber"),
    l(Holder, "titulaire du compte"),
    s(Holder, "titulaire"),
    s(Holder, "nom"),
    l(Holder, "titular de la cuenta"),
    s(Holder, "titular"),
    s(Holder, "nombre"),
    l(Iban, "iban"),
    l(AccountNumber, "account number"),
    l(AccountNumber, "account no"),
    l(AccountNumber, "account no."),
    l(AccountNumber, "acct no"),
    l(AccountNumber, "account #"),
    l(AccountNumber, "kontonummer"),
    l(AccountNumber, "konto-nr."),
    l(AccountNumber, "konto-nr"),
    l(AccountNumber, "konto nr."),
    l(AccountNumber, "kontonr."),
    l(AccountNumber, "numero de compte"),
    l(AccountNumber, "no de compte"),
    l(AccountNumber, "numero de cuenta"),
    l(AccountNumber, "no de cuenta"),
    l(AccountNumber, "n.o de cuenta"),
    l(Bank, "bank name"),
    l(Bank, "name of bank"),
    s(Bank, "bank"),
    l(Bank, "bankname"),
    l(Bank, "kreditinstitut"),
    s(Bank, "institut"),
    l(Bank, "nom de la banque"),
    s(Bank, "banque"),
    s(Bank, "etablissement"),
    s(Bank, "banco"),
    l(Bank, "entidad bancaria"),
    s(Bank, "entidad"),
    l(Bic, "bic"),
    l(Bic, "bic/swift"),
    l(Bic, "swift/bic"),
    l(Bic, "bic-code"),
    l(Bic, "bic code"),
    l(Bic, "swift code"),
    l(Bic, "swift"),
    l(Bic, "code bic"),
    l(Bic, "codigo bic"),
    l(Period, "statement period"),
    s(Period, "period"),
    l(Period, "zeitraum"),
    l(Period, "abrechnungszeitraum"),
    l(Period, "auszugszeitraum"),
    s(Period, "periode"),
    l(Period, "periode du"),
    s(Period, "periodo"),
    l(Period, "periodo del"),
    l(Opening, "opening balance"),
    l(Opening, "previous balance"),
    l(Opening, "balance brought forward"),
    l(Opening, "brought forward"),
    l(Opening, "beginning balance"),
    l(Opening, "starting balance"),
    l(Opening, "anfangssaldo"),
    l(Opening, "alter kontostand"),
    l(Opening, "alter saldo"),
    l(Opening, "saldo alt"),
    l(Opening, "kontostand alt"),
    l(Opening, "solde initial"),
    l(Opening, "ancien solde"),
    l(Opening, "solde precedent"),
    l(Opening, "solde d'ouverture"),
    l(Opening, "saldo inicial"),
    l(Opening, "saldo anterior"),
    l(Closing, "closing balance"),
    l(Closing, "new balance"),
    l(Closing, "ending balance"),
    l(Closing, "balance carried forward"),
    l(Closing, "carried forward"),
    l(Closing, "final balance"),
    l(Closing, "endsaldo"),
    l(Closing, "neuer kontostand"),
    l(Closing, "neuer saldo"),
    l(Closing, "saldo neu"),
    l(Closing, "kontostand neu"),
    l(Closing, "solde final"),
    l(Closing, "nouveau solde"),
    l(Closing, "solde de cloture"),
    l(Closing, "saldo final"),
    l(Closing, "saldo actual"),
    l(Closing, "nuevo saldo"),
    s(Currency, "currency"),
    s(Currency, "wahrung"),
    s(Currency, "devise"),
    s(Currency, "monnaie"),
    s(Currency, "moneda"),
    s(Currency, "divisa"),
    s(Other, "date"),
    l(Other, "statement date"),
    l(Other, "statement no"),
    l(Other, "statement number"),
    s(Other, "datum"),
    s(Other, "page"),
    s(Other, "seite"),
    s(Other, "pagina"),
    l(Other, "sort code"),
    s(Other, "address"),
    s(Other, "anschrift"),
    s(Other, "adresse"),
    s(Other, "direccion"),
    l(Other, "customer number"),
    l(Other, "kundennummer"),
    l(Other, "auszug nr."),
    l(Other, "releve no"),
    l(Other, "extracto no"),
    s(Other, "branch"),
    s(Other, "filiale"),
    s(Other, "agence"),
    s(Other, "sucursal"),
    s(Other, "balance"),
    s(Other, "saldo"),
    s(Other, "solde"),
    s(Other, "kontostand"),
];

/// A label found in a segment: its key, and the char range of the phrase in the folded text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Match {
    pub key: Key,
    pub start: usize,
    pub end: usize,
}

/// The labels in a folded segment, left to right, not overlapping.
pub(crate) fn find(folded: &[(usize, char)]) -> Vec<Match> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < folded.len() {
        let best = LABELS
            .iter()
            .filter_map(|label| {
                let end = phrase_at(folded, i, label.phrase)?;
                (!label.strict || terminated(folded, i, end)).then_some(Match { key: label.key, start: i, end })
            })
            .max_by_key(|m| m.end);
        match best {
            Some(m) => {
                out.push(m);
                i = m.end;
            }
            None => i += 1,
        }
    }
    out
}

/// A colon follows (spaces aside), or the phrase is the segment's whole text.
fn terminated(folded: &[(usize, char)], start: usize, end: usize) -> bool {
    match folded[end..].iter().map(|c| c.1).find(|c| *c != ' ') {
        Some(c) => c == ':',
        None => start == 0,
    }
}
