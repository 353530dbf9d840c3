//! The published examples (python-stdnum's documentation gives one or more per number), a
//! changed digit, impossible dates, and properties over any input.

use proptest::prelude::*;

use super::*;

const TODAY: Day = Day { year: 2026, month: 11, day: 27 };

fn ok(kind: Kind, input: &str) -> Identifier {
    check(kind, input, TODAY).unwrap_or_else(|e| panic!("{kind} {input}: {e}"))
}

fn refused(kind: Kind, input: &str) -> &'static str {
    match check(kind, input, TODAY) {
        Ok(id) => panic!("{kind} {input} was read as {id:?}"),
        Err(e) => e.code(),
    }
}

fn born(id: &Identifier) -> String {
    id.birth_date.map(|b| b.to_string()).unwrap_or_default()
}

/// (kind, a published valid number, its canonical form, the birth date and sex it encodes)
const VALID: &[(Kind, &str, &str, &str, Option<Sex>)] = &[
    (Kind::BeNationalNumber, "85.07.30-033 28", "85073003328", "1985-07-30", Some(Sex::Male)),
    (Kind::BeNationalNumber, "17 07 30 033 84", "17073003384", "2017-07-30", Some(Sex::Male)),
    (Kind::BgEgn, "8032056031", "8032056031", "1880-12-05", Some(Sex::Female)),
    (Kind::BgEgn, "0542011038", "0542011038", "2005-02-01", Some(Sex::Female)),
    (Kind::BrCpf, "390.533.447-05", "39053344705", "", None),
    (Kind::ClRut, "76086428-5", "760864285", "", None),
    (Kind::ClRut, "CL 12531909-2", "125319092", "", None),
    (Kind::CnResidentId, "360426199101010071", "360426199101010071", "1991-01-01", Some(Sex::Male)),
    (Kind::DkCpr, "211062-5629", "2110625629", "1862-10-21", Some(Sex::Male)),
    (Kind::DkCpr, "2110620629", "2110620629", "1962-10-21", Some(Sex::Male)),
    (Kind::EeIsikukood, "36805280109", "36805280109", "1968-05-28", Some(Sex::Male)),
    (Kind::EsDni, "54362315-K", "54362315K", "", None),
    (Kind::EsNie, "x-2482300w", "X2482300W", "", None),
    (Kind::FiHetu, "131052-308T", "131052-308T", "1952-10-13", Some(Sex::Female)),
    (Kind::FiHetu, "131012a308f", "131012A308F", "2012-10-13", Some(Sex::Female)),
    (Kind::FrNir, "2 95 10 99 126 111 93", "295109912611193", "xx95-10", Some(Sex::Female)),
    (Kind::FrNir, "253072B07300470", "253072B07300470", "xx53-07", Some(Sex::Female)),
    (Kind::FrNir, "253072A07300443", "253072A07300443", "xx53-07", Some(Sex::Female)),
    (Kind::InAadhaar, "2341 2341 2346", "234123412346", "", None),
    (Kind::ItCodiceFiscale, "RCCMNL83S18D969H", "RCCMNL83S18D969H", "xx83-11-18", Some(Sex::Male)),
    (Kind::LtAsmensKodas, "33309240064", "33309240064", "1933-09-24", Some(Sex::Male)),
    (Kind::MxCurp, "BOXW310820HNERXN09", "BOXW310820HNERXN09", "1931-08-20", Some(Sex::Male)),
    (Kind::NgBvn, "22345678901", "22345678901", "", None),
    (Kind::NgNin, "123 4567 8901", "12345678901", "", None),
    (Kind::NlBsn, "1112.22.333", "111222333", "", None),
    (Kind::NoFodselsnummer, "151086 95088", "15108695088", "1986-10-15", Some(Sex::Female)),
    (Kind::PlPesel, "44051401359", "44051401359", "1944-05-14", Some(Sex::Male)),
    (Kind::PlPesel, "02122401358", "02122401358", "1902-12-24", Some(Sex::Male)),
    (Kind::PlPesel, "02211307589", "02211307589", "2002-01-13", Some(Sex::Female)),
    (Kind::RoCnp, "1630615123457", "1630615123457", "1963-06-15", Some(Sex::Male)),
    (Kind::SePersonnummer, "880320-0016", "198803200016", "1988-03-20", Some(Sex::Male)),
    (Kind::SePersonnummer, "890102-3286", "198901023286", "1989-01-02", Some(Sex::Female)),
    (Kind::SePersonnummer, "811228-9841", "198112289841", "1981-12-28", Some(Sex::Female)),
    (Kind::TrTcKimlik, "17291716060", "17291716060", "", None),
    (Kind::ZaId, "750330 5044089", "7503305044089", "xx75-03-30", Some(Sex::Male)),
];

#[test]
fn the_published_examples_are_read_with_what_they_encode() {
    for (kind, input, canonical, birth, sex) in VALID {
        let id = ok(*kind, input);
        assert_eq!(id.canonical, *canonical, "{kind} {input}");
        assert_eq!(born(&id), *birth, "{kind} {input}");
        assert_eq!(id.sex, *sex, "{kind} {input}");
        let public = if kind.has_check_digit() { CheckDigit::Verified } else { CheckDigit::NotPublic };
        assert_eq!(id.check_digit, public, "{kind}");
    }
    let covered: std::collections::BTreeSet<Kind> = VALID.iter().map(|v| v.0).collect();
    assert_eq!(covered.len(), Kind::ALL.len(), "every kind has a published example");
}

#[test]
fn the_published_wrong_check_digits_are_refused() {
    for (kind, input) in [
        (Kind::BeNationalNumber, "12345678901"),
        (Kind::BrCpf, "231.002.999-00"),
        (Kind::ClRut, "12531909-3"),
        (Kind::EeIsikukood, "36805280108"),
        (Kind::EsDni, "54362315Z"),
        (Kind::EsNie, "x-2482300a"),
        (Kind::FiHetu, "131052-308U"),
        (Kind::FrNir, "295109912611199"),
        (Kind::InAadhaar, "234123412347"),
        (Kind::LtAsmensKodas, "33309240164"),
        (Kind::MxCurp, "BOXW310820HNERXN08"),
        (Kind::NlBsn, "1112.52.333"),
        (Kind::NoFodselsnummer, "15108695077"),
        (Kind::PlPesel, "44051401358"),
        (Kind::RoCnp, "1630615123458"),
        (Kind::SePersonnummer, "880320-0018"),
        (Kind::TrTcKimlik, "17291716050"),
        (Kind::ZaId, "8503305044089"),
    ] {
        assert_eq!(refused(kind, input), "check_digit", "{kind} {input}");
    }
}

#[test]
fn impossible_dates_and_parts_are_refused_with_their_reason() {
    for (kind, input, code) in [
        (Kind::PlPesel, "02381307589", "impossible_date"),
        (Kind::DkCpr, "511062-5629", "impossible_date"),
        // Born in 2052, which has not come yet.
        (Kind::DkCpr, "2110525629", "impossible_date"),
        (Kind::FiHetu, "310252-308Y", "impossible_date"),
        (Kind::BgEgn, "8019010008", "impossible_date"),
        // python-stdnum's example of a birth in 2075: a date after today is no person's.
        (Kind::BgEgn, "7542011030", "impossible_date"),
        (Kind::RoCnp, "1632215123457", "impossible_date"),
        (Kind::RoCnp, "0800101221142", "format"),
        (Kind::RoCnp, "1630615993454", "format"),
        (Kind::BgEgn, "7552A10004", "format"),
        (Kind::FrNir, "253072C07300443", "format"),
        (Kind::FrNir, "6546546546546703", "format"),
        (Kind::ItCodiceFiscale, "RCCMNL83S18D969", "format"),
        (Kind::EsDni, "54362315", "format"),
        (Kind::NlBsn, "1112223334", "format"),
        (Kind::BrCpf, "390.533.447=0", "format"),
        (Kind::ClRut, "76086A28-5", "format"),
        (Kind::InAadhaar, "123412341234", "format"),
        (Kind::InAadhaar, "222222222222", "format"),
        (Kind::InAadhaar, "643343121", "format"),
        (Kind::TrTcKimlik, "07291716092", "format"),
        (Kind::TrTcKimlik, "1729171606", "format"),
        (Kind::ZaId, "9125568", "format"),
        (Kind::NgBvn, "2234567890", "format"),
        (Kind::NgNin, "1234567890a", "format"),
        (Kind::SePersonnummer, "ÅÄÖ", "format"),
    ] {
        assert_eq!(refused(kind, input), code, "{kind} {input}");
    }
    let e = check(Kind::NgBvn, "2234567890", TODAY).expect_err("ten digits");
    assert_eq!(e.to_string(), "10 characters without separators; this identifier has 11");
}

#[test]
fn completed_numbers_pass_and_a_changed_check_character_fails() {
    for (kind, number) in [
        (Kind::PlPesel, "9001010123X"),
        (Kind::SePersonnummer, "19900101-123X"),
        (Kind::NoFodselsnummer, "010190123XX"),
        (Kind::CnResidentId, "11010119900307123X"),
        (Kind::ItCodiceFiscale, "RSSMRA80A01H501X"),
        (Kind::MxCurp, "GODE561231HDFRRN0X"),
        (Kind::ZaId, "800101500908X"),
    ] {
        let Some(whole) = complete(kind, &number.replace('X', "0")) else {
            continue; // A remainder no check digit makes valid (Norway's 10).
        };
        let id = ok(kind, &whole);
        let last = whole.chars().last().unwrap_or('0');
        // Another character of the same class.
        let other = match last {
            '9' => '0',
            'Z' => 'A',
            c => char::from(c as u8 + 1),
        };
        let changed = format!("{}{other}", &whole[..whole.len() - 1]);
        assert_eq!(refused(kind, &changed), "check_digit", "{kind} {changed} after {}", id.canonical);
    }
}

#[test]
fn sweden_reads_the_century_from_the_separator_and_today() {
    assert_eq!(born(&ok(Kind::SePersonnummer, "19880320-0016")), "1988-03-20");
    let centenarian = complete(Kind::SePersonnummer, "2001010000").unwrap_or_default();
    let plus = format!("{}+{}", &centenarian[..6], &centenarian[6..]);
    assert_eq!(born(&ok(Kind::SePersonnummer, &plus)), "1920-01-01");
    assert_eq!(born(&ok(Kind::SePersonnummer, &centenarian)), "2020-01-01");
    // Coordination numbers add 60 to the day.
    let coordination = complete(Kind::SePersonnummer, "7010632390").unwrap_or_default();
    assert_eq!(born(&ok(Kind::SePersonnummer, &coordination)), "1970-10-03");
}

#[test]
fn birth_dates_agree_with_what_they_encode_only() {
    let french = ok(Kind::FrNir, "295109912611193").birth_date.expect("a birth date");
    assert!(french.agrees_with(Day { year: 1995, month: 10, day: 3 }));
    assert!(french.agrees_with(Day { year: 1895, month: 10, day: 30 }), "the century is not encoded");
    assert!(!french.agrees_with(Day { year: 1995, month: 11, day: 3 }));
    let polish = ok(Kind::PlPesel, "02211307589").birth_date.expect("a birth date");
    assert!(polish.agrees_with(Day { year: 2002, month: 1, day: 13 }));
    assert!(!polish.agrees_with(Day { year: 1902, month: 1, day: 13 }));
}

#[test]
fn codes_name_every_kind_once() {
    for kind in Kind::ALL {
        assert_eq!(Kind::from_code(&kind.code().to_lowercase()), Some(kind));
        assert!(kind.code().starts_with(kind.country()));
    }
    assert_eq!(Kind::from_code("XX_NOTHING"), None);
    assert_eq!(mask("36805280109"), "•••••••0109");
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in "\\PC{0,40}") {
        for kind in Kind::ALL {
            if let Err(e) = check(kind, &text, TODAY) {
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn digits_and_letters_of_every_length_are_read_or_refused(text in "[0-9A-Z+-]{8,19}") {
        for kind in Kind::ALL {
            if let Ok(id) = check(kind, &text, TODAY) {
                prop_assert!(check(kind, &id.canonical, TODAY).is_ok(), "the canonical form reads again");
            }
            let _ = complete(kind, &text);
        }
    }
}
