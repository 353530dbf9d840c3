//! Whole pages in the layouts statements use, and the property that any text is read without
//! a panic.

use proptest::prelude::*;

use super::*;

fn value<T: Clone>(f: &Option<Field<T>>) -> Option<T> {
    f.as_ref().map(|f| f.value.clone())
}

#[test]
fn an_english_statement_with_a_table_header_and_us_dates() {
    let page = "\
First Harbor Bank, N.A.                                   Account Statement
                                                          Page 1 of 1
Account holder                 Account number             Statement period
JOHN Q SAMPLE                  1234567890                 03/01/2024 - 03/31/2024

Date        Description                      Amount        Balance
03/02/2024  Opening balance                                $1,000.00
03/05/2024  Payroll ACME INC                 2,500.00      $3,500.00
            Closing balance                                $3,250.75 
";
    let s = extract(page);
    assert_eq!(value(&s.holder).as_deref(), Some("JOHN Q SAMPLE"));
    assert_eq!(value(&s.account_number).as_deref(), Some("1234567890"));
    assert_eq!(value(&s.bank_name).as_deref(), Some("First Harbor Bank, N.A."));
    let period = value(&s.period).expect("a period");
    assert_eq!((period.from.to_string(), period.to.to_string()), ("2024-03-01".into(), "2024-03-31".into()));
    assert_eq!(s.opening_balance.as_ref().map(|b| b.value.value.to_string()).as_deref(), Some("1000.00"));
    assert_eq!(s.closing_balance.as_ref().map(|b| b.value.value.to_string()).as_deref(), Some("3250.75"));
    assert_eq!(value(&s.currency).as_deref(), Some("USD"));
    assert_eq!(s.iban, None, "none printed, none guessed");
    assert_eq!(s.bic, None);
    let holder = s.holder.expect("holder");
    assert_eq!(
        (holder.evidence.page, holder.evidence.line, holder.evidence.text.as_str()),
        (1, 4, "JOHN Q SAMPLE                  1234567890                 03/01/2024 - 03/31/2024")
    );
}

#[test]
fn a_french_statement_with_colons_and_spaces_in_amounts() {
    let page = "\
Banque Populaire du Sud
RELEVÉ DE COMPTE
Titulaire du compte : M. Jean Dupont
IBAN : FR14 2004 1010 0505 0001 3M02 606      BIC : BNPAFRPP
Période du 1er mars 2024 au 31 mars 2024
Ancien solde au 01/03/2024               1\u{a0}234,56 €
Nouveau solde au 31/03/2024              -56,78 €
";
    let s = extract(page);
    assert_eq!(value(&s.holder).as_deref(), Some("M. Jean Dupont"));
    assert_eq!(value(&s.iban).as_deref(), Some("FR1420041010050500013M02606"));
    assert_eq!(value(&s.bic).as_deref(), Some("BNPAFRPP"));
    assert_eq!(value(&s.bank_name).as_deref(), Some("Banque Populaire du Sud"));
    let period = value(&s.period).expect("a period");
    assert_eq!(period.from.to_string(), "2024-03-01");
    assert_eq!(period.to.to_string(), "2024-03-31");
    // "au 01/03/2024" is a date, not the amount.
    assert_eq!(s.opening_balance.as_ref().map(|b| b.value.value.to_string()).as_deref(), Some("1234.56"));
    assert_eq!(s.closing_balance.as_ref().map(|b| b.value.value.to_string()).as_deref(), Some("-56.78"));
    assert_eq!(value(&s.currency).as_deref(), Some("EUR"));
}

#[test]
fn a_spanish_statement_read_by_ocr_with_single_spaces() {
    let page = "\
Banco Ejemplo S.A.
Extracto de cuenta
Titular: Maria Garcia Lopez IBAN: ES91 2100 0418 4502 0005 1332 BIC: CAIXESBBXXX
Periodo del 01/02/2024 al 29/02/2024
Saldo inicial 10.500,00 EUR
Saldo final 9.876,54 EUR
";
    let s = extract(page);
    assert_eq!(value(&s.holder).as_deref(), Some("Maria Garcia Lopez"));
    assert_eq!(value(&s.iban).as_deref(), Some("ES9121000418450200051332"));
    assert_eq!(value(&s.bic).as_deref(), Some("CAIXESBBXXX"));
    assert_eq!(value(&s.bank_name).as_deref(), Some("Banco Ejemplo S.A."));
    let period = value(&s.period).expect("a period");
    assert_eq!((period.from.to_string(), period.to.to_string()), ("2024-02-01".into(), "2024-02-29".into()));
    assert_eq!(s.opening_balance.as_ref().map(|b| b.value.value.to_string()).as_deref(), Some("10500.00"));
    assert_eq!(s.closing_balance.as_ref().map(|b| b.value.value.to_string()).as_deref(), Some("9876.54"));
}

#[test]
fn a_german_statement_over_two_pages_takes_the_last_closing_balance() {
    let text = "\
Sparkasse Musterstadt
Kontoauszug 3/2024
Kontoinhaber        Erika Mustermann
IBAN                DE89 3704 0044 0532 0130 00
Zeitraum            01.03.2024 - 31.03.2024
Alter Kontostand                          1.000,00 H
Übertrag                                  1.500,00
\u{c}Sparkasse Musterstadt                     Seite 2
Neuer Kontostand                          750,25 S
";
    let s = extract(text);
    assert_eq!(value(&s.holder).as_deref(), Some("Erika Mustermann"));
    assert_eq!(value(&s.iban).as_deref(), Some("DE89370400440532013000"));
    let closing = s.closing_balance.expect("closing");
    assert_eq!(closing.value.value.to_string(), "-750.25", "S is Soll: a debit balance");
    assert_eq!(closing.evidence.page, 2);
    assert_eq!(s.currency, None, "no currency printed");
}

#[test]
fn invalid_identifiers_are_reported_with_their_problem() {
    let page = "IBAN: DE88 3704 0044 0532 0130 00\nBIC: DEUTQQFF\nStatement period: 31.03.2024 - 01.03.2024\n";
    let s = extract(page);
    let iban = s.iban.expect("reported");
    assert_eq!(iban.value, "DE88370400440532013000");
    assert!(!iban.is_valid());
    let bic = s.bic.expect("reported");
    assert_eq!(bic.problem.as_deref(), Some("QQ is not an ISO 3166 country code"));
    let period = s.period.expect("reported");
    assert!(period.problem.is_some_and(|p| p.contains("before it starts")));
}

#[test]
fn a_valid_iban_anywhere_counts_but_an_invalid_unlabelled_one_does_not() {
    let s = extract("Please pay to GB29 NWBK 6016 1331 9268 19 by Friday\n");
    assert_eq!(value(&s.iban).as_deref(), Some("GB29NWBK60161331926819"));
    let s = extract("Reference GB28 NWBK 6016 1331 9268 19\n");
    assert_eq!(s.iban, None);
}

#[test]
fn text_that_is_not_a_statement_gives_nothing() {
    assert!(extract("").is_empty());
    assert!(extract("Lorem ipsum dolor sit amet\n1234 5678\nName").is_empty());
    // A bare "Bank" in a title is not a label, nor is the last word of a bank's name.
    let s = extract("Bank statement\nYour bank statement for March\n");
    assert_eq!(s.bank_name, None);
    let s = extract("Prairie Savings Bank          Checking Account Statement\n");
    assert_eq!(value(&s.bank_name).as_deref(), Some("Prairie Savings Bank"));
}

proptest! {
    #[test]
    fn any_text_is_read_without_panic(text in "\\PC{0,400}") {
        let _ = extract(&text);
    }

    #[test]
    fn statement_like_text_is_read_without_panic(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("IBAN: ".to_owned()), Just("BIC ".to_owned()), Just("  ".to_owned()), Just("\n".to_owned()),
                Just("\u{c}".to_owned()), Just("Saldo inicial ".to_owned()), Just("Period ".to_owned()),
                "[0-9 .,'/-]{1,12}", "[A-Z]{2}[0-9]{2}[ A-Z0-9]{0,30}", Just("März ".to_owned()), Just("€".to_owned()),
            ],
            0..60,
        )
    ) {
        let text: String = parts.concat();
        let s = extract(&text);
        if let Some(iban) = s.iban {
            prop_assert!(iban.value.len() <= 34);
        }
    }
}
