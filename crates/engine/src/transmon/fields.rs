//! The fields of a submitted transaction or payment (public-api.md section 6): each known field
//! parsed to its type (amounts as exact decimals, whether sent as `"560.00"` or `560.00`), any
//! other field kept as its scalar value, so that `event.<field>` reads every field submitted.
//!
//! Fields arrive as the JSON text the client sent ([`SentValue`]): a number is read from its
//! digits, never through binary floating point, and one that has more digits than a decimal
//! holds (28 after the point, about 28 in all) is refused, never rounded.

use std::collections::BTreeMap;
use std::str::FromStr;

use docket_rules::{Decimal, Value};

use super::model::{EventBody, EventKind, SentValue};
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::values::CountryCode;

/// How a known field is read.
#[derive(Clone, Copy)]
enum Type {
    Text,
    /// A whole number at least 0 (a duration in seconds, a count of days).
    Count,
    /// A whole number (a score).
    Integer,
    Amount,
    Flag,
    Country,
    Currency,
}

const SHARED: &[(&str, Type)] = &[
    ("user_ip_address", Type::Text),
    ("user_agent", Type::Text),
    ("user_device_id", Type::Text),
    ("session_duration", Type::Count),
    ("user_email_address", Type::Text),
    ("user_phone_number", Type::Text),
    ("user_ds_registration", Type::Count),
    ("user_initial_risk_score", Type::Integer),
    ("user_current_risk_score", Type::Integer),
];

const TRANSACTION: &[(&str, Type)] = &[
    ("session_id", Type::Text),
    ("channel", Type::Text),
    ("session_login_name", Type::Text),
    ("session_step_up_auth_ind", Type::Flag),
    ("transaction_type", Type::Text),
    ("routing_type", Type::Text),
    ("routing_number", Type::Text),
    ("currency_code", Type::Currency),
    ("amount", Type::Amount),
    ("account_available_balance", Type::Amount),
    ("ds_payee_first_transaction", Type::Count),
    ("payor_account_id", Type::Text),
    ("payor_country_cd", Type::Country),
    ("payor_zip", Type::Text),
    ("payor_state", Type::Text),
    ("payor_city", Type::Text),
    ("payor_address_line_1", Type::Text),
    ("ds_account_open_date", Type::Count),
    ("ds_payor_info_updated", Type::Count),
    ("payee_entity_id", Type::Text),
    ("payee_account_id", Type::Text),
    ("payee_country_cd", Type::Country),
    ("payee_zip", Type::Text),
    ("payee_state", Type::Text),
    ("payee_city", Type::Text),
    ("payee_address_line_1", Type::Text),
    ("payee_bank", Type::Text),
    ("ds_payee_info_updated", Type::Count),
    ("payee_alias", Type::Text),
    // Crypto wallets, checked through KYT (Docket's own fields).
    ("sender_wallet_chain", Type::Text),
    ("sender_wallet_address", Type::Text),
    ("receiver_wallet_chain", Type::Text),
    ("receiver_wallet_address", Type::Text),
];

const PAYMENT: &[(&str, Type)] = &[
    ("checkout_price", Type::Amount),
    ("checkout_isguest", Type::Flag),
    ("checkout_billing_country", Type::Country),
    ("checkout_billing_address", Type::Text),
    ("checkout_billing_zip", Type::Text),
    ("checkout_card_bin", Type::Text),
    ("checkout_shipping_address", Type::Text),
    ("checkout_shipping_zip", Type::Text),
];

/// Bounds on what one event may carry.
const MAX_FIELDS: usize = 100;
const MAX_NAME: usize = 64;
const MAX_TEXT: usize = 1000;

/// A field's value, parsed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum FieldValue {
    Text(String),
    Number(Decimal),
    Flag(bool),
}

impl FieldValue {
    pub(crate) fn as_rule_value(&self) -> Value<'_> {
        match self {
            FieldValue::Text(s) => Value::String(s.as_str().into()),
            FieldValue::Number(d) => Value::Number(*d),
            FieldValue::Flag(b) => Value::Bool(*b),
        }
    }
}

/// A parsed event: its applicant, its fields (for the rules) and the body as submitted (for
/// the result).
#[derive(Debug, Clone)]
pub(crate) struct Fields {
    pub(crate) applicant_id: ApplicantId,
    pub(crate) values: BTreeMap<String, FieldValue>,
    pub(crate) submitted: EventBody,
}

impl Fields {
    /// The amount the statistics count (`amount` of a transaction, `checkout_price` of a payment).
    pub(crate) fn amount(&self, kind: EventKind) -> Option<Decimal> {
        match self.values.get(kind.amount_field()) {
            Some(FieldValue::Number(d)) => Some(*d),
            _ => None,
        }
    }

    /// The crypto wallets a transaction names: (role, chain, address), each with both fields.
    pub(crate) fn wallets(&self) -> Vec<(&'static str, &str, &str)> {
        let text = |name: &str| match self.values.get(name) {
            Some(FieldValue::Text(s)) if !s.trim().is_empty() => Some(s.trim()),
            _ => None,
        };
        [
            ("sender", "sender_wallet_chain", "sender_wallet_address"),
            ("receiver", "receiver_wallet_chain", "receiver_wallet_address"),
        ]
        .into_iter()
        .filter_map(|(role, chain, address)| Some((role, text(chain)?, text(address)?)))
        .collect()
    }

    /// The payee's name, for the watchlist screening of a transaction.
    pub(crate) fn payee_name(&self) -> Option<&str> {
        match self.values.get("payee_alias") {
            Some(FieldValue::Text(s)) if !s.trim().is_empty() => Some(s.trim()),
            _ => None,
        }
    }
}

fn known(kind: EventKind, name: &str) -> Option<Type> {
    let own = match kind {
        EventKind::Transaction => TRANSACTION,
        EventKind::Payment => PAYMENT,
    };
    SHARED.iter().chain(own).find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// What a rule of one event type may read: the type's own and the shared fields with their
/// types; the other type's fields refused with what to read instead; anything else is the
/// caller's own field.
pub(crate) struct EventSchema(pub(crate) EventKind);

impl docket_rules::Schema for EventSchema {
    fn field(&self, name: &str) -> docket_rules::Field {
        use docket_rules::{Field, FieldType};
        let kind = self.0;
        if let Some(ty) = known(kind, name) {
            return Field::Typed(match ty {
                Type::Text | Type::Country | Type::Currency => FieldType::String,
                Type::Count | Type::Integer | Type::Amount => FieldType::Number,
                Type::Flag => FieldType::Bool,
            });
        }
        let other = match kind {
            EventKind::Transaction => EventKind::Payment,
            EventKind::Payment => EventKind::Transaction,
        };
        if known(other, name).is_none() {
            return Field::Custom;
        }
        let (this, that) = match kind {
            EventKind::Transaction => ("a transaction", "a payment's"),
            EventKind::Payment => ("a payment", "a transaction's"),
        };
        let instead = if name == other.amount_field() {
            format!("; {this}'s amount is `event.{}`", kind.amount_field())
        } else {
            String::new()
        };
        Field::Absent(format!("{this} has no `{name}` field (it is {that}){instead}"))
    }
}

/// One sent value, by its JSON kind; numbers and strings with their text.
enum Sent {
    Null,
    Text(String),
    Number(String),
    Flag(bool),
    Structure,
}

impl Sent {
    fn of(value: &SentValue) -> Sent {
        let json = value.json().trim();
        match json.as_bytes().first() {
            Some(b'"') => serde_json::from_str(json).map_or(Sent::Structure, Sent::Text),
            Some(b'-' | b'0'..=b'9') => Sent::Number(json.to_owned()),
            Some(b't') => Sent::Flag(true),
            Some(b'f') => Sent::Flag(false),
            Some(b'n') | None => Sent::Null,
            Some(_) => Sent::Structure,
        }
    }
}

/// Why a text is not an exact decimal.
#[derive(Debug, PartialEq)]
enum NotExact {
    /// Not plain decimal notation (an exponent, separators, letters).
    Notation,
    /// More digits than a decimal holds: it could only be kept rounded.
    Digits,
}

/// An exact decimal from plain notation (`560.00`, `-0.1`): refused, never rounded, when it has
/// more digits than a decimal holds.
fn exact_decimal(text: &str) -> std::result::Result<Decimal, NotExact> {
    let text = text.trim();
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && !(digits.contains('.') && fraction.is_empty());
    if !plain {
        return Err(NotExact::Notation);
    }
    Decimal::from_str_exact(text).or_else(|_| {
        // Trailing zeros past the decimal's 28 places change nothing: kept without them.
        let trimmed = if fraction.is_empty() { text } else { text.trim_end_matches('0').trim_end_matches('.') };
        Decimal::from_str_exact(trimmed).map_err(|_| NotExact::Digits)
    })
}

/// The refusal of an amount that is not an exact decimal.
fn not_exact(name: &str, why: NotExact) -> Error {
    match why {
        NotExact::Notation => Error::invalid(name, "expected an amount such as \"560.00\" or 560.00 (no exponent)"),
        NotExact::Digits => Error::invalid(
            name,
            "has more digits than Docket keeps exactly (at most 28 after the point and about 28 in all): \
             send it rounded to what you mean",
        ),
    }
}

fn whole(sent: &Sent) -> Option<i64> {
    match sent {
        Sent::Number(n) | Sent::Text(n) => n.trim().parse().ok(),
        _ => None,
    }
}

fn parse_field(name: &str, ty: Type, sent: &Sent) -> Result<FieldValue> {
    let wrong = |what: &str| Error::invalid(name, format!("expected {what}"));
    Ok(match ty {
        Type::Text => match sent {
            Sent::Text(s) => FieldValue::Text(crate::values::text(name, s, MAX_TEXT)?),
            Sent::Number(n) => FieldValue::Text(n.clone()),
            _ => return Err(wrong("a string")),
        },
        Type::Count => match whole(sent) {
            Some(n) if n >= 0 => FieldValue::Number(Decimal::from(n)),
            _ => return Err(wrong("a whole number, 0 or more")),
        },
        Type::Integer => FieldValue::Number(Decimal::from(whole(sent).ok_or_else(|| wrong("a whole number"))?)),
        Type::Amount => match sent {
            Sent::Number(t) | Sent::Text(t) => {
                FieldValue::Number(exact_decimal(t).map_err(|why| not_exact(name, why))?)
            }
            _ => return Err(not_exact(name, NotExact::Notation)),
        },
        Type::Flag => match sent {
            Sent::Flag(b) => FieldValue::Flag(*b),
            Sent::Text(s) if s == "true" || s == "false" => FieldValue::Flag(s == "true"),
            _ => return Err(wrong("true or false")),
        },
        Type::Country => match sent {
            Sent::Text(s) => FieldValue::Text(
                CountryCode::parse(s)
                    .map_err(|_| wrong("an ISO 3166-1 alpha-2 country code such as \"US\""))?
                    .as_str()
                    .to_owned(),
            ),
            _ => return Err(wrong("an ISO 3166-1 alpha-2 country code such as \"US\"")),
        },
        Type::Currency => match sent {
            Sent::Text(s) if s.trim().len() == 3 && s.trim().bytes().all(|b| b.is_ascii_alphabetic()) => {
                FieldValue::Text(s.trim().to_ascii_uppercase())
            }
            _ => return Err(wrong("an ISO 4217 currency code such as \"EUR\"")),
        },
    })
}

/// Parses a submitted event. `applicant_id` is required, and a payment's
/// `checkout_billing_country`; each refusal names its field. `null` and `""` are "not given".
pub(crate) fn parse(kind: EventKind, body: &EventBody) -> Result<Fields> {
    if body.len() > MAX_FIELDS {
        return Err(Error::invalid_request(format!("an event carries at most {MAX_FIELDS} fields")));
    }
    let given = |name: &str| {
        body.get(name).map(Sent::of).filter(|s| match s {
            Sent::Null => false,
            Sent::Text(t) => !t.is_empty(),
            _ => true,
        })
    };
    let applicant_id = match given("applicant_id") {
        None => return Err(Error::invalid("applicant_id", "is required: the applicant the event is about")),
        Some(Sent::Text(s)) => {
            ApplicantId::from_str(s.trim()).map_err(|_| Error::invalid("applicant_id", "not a UUID"))?
        }
        Some(_) => return Err(Error::invalid("applicant_id", "expected a UUID string")),
    };
    if kind == EventKind::Payment && given("checkout_billing_country").is_none() {
        return Err(Error::invalid(
            "checkout_billing_country",
            "is required: the billing address's ISO 3166-1 alpha-2 country",
        ));
    }
    let mut values = BTreeMap::new();
    let mut submitted = BTreeMap::new();
    for (name, value) in body {
        let Some(sent) = given(name) else {
            continue; // not given
        };
        submitted.insert(name.clone(), value.clone());
        if name == "applicant_id" {
            continue;
        }
        if name.len() > MAX_NAME || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(Error::invalid_request(format!(
                "field names are letters, digits and _ (at most {MAX_NAME}): `{}` is not",
                name.chars().take(MAX_NAME).collect::<String>()
            )));
        }
        let parsed = match known(kind, name) {
            Some(ty) => parse_field(name, ty, &sent)?,
            // A field of the caller's own: kept as sent, for `event.<field>`.
            None => match sent {
                Sent::Text(s) => FieldValue::Text(crate::values::text(name, &s, MAX_TEXT)?),
                Sent::Flag(b) => FieldValue::Flag(b),
                Sent::Number(n) => FieldValue::Number(exact_decimal(&n).map_err(|why| not_exact(name, why))?),
                Sent::Null | Sent::Structure => {
                    return Err(Error::invalid(
                        name,
                        "an event's fields are strings, numbers or booleans, not objects or arrays",
                    ));
                }
            },
        };
        values.insert(name.clone(), parsed);
    }
    Ok(Fields { applicant_id, values, submitted })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn body(v: serde_json::Value) -> EventBody {
        super::super::model::event_body(&v.as_object().cloned().unwrap_or_default())
    }

    /// An event body from JSON text, numbers with their digits as written.
    fn raw(text: &str) -> EventBody {
        serde_json::from_str(text).expect("an object")
    }

    #[test]
    fn numbers_are_read_from_their_digits_and_refused_rather_than_rounded() {
        let amount = |text: &str| {
            parse(EventKind::Transaction, &raw(&format!(r#"{{"applicant_id": "{APPLICANT}", "amount": {text}}}"#)))
        };
        let exact = |text: &str| amount(text).expect("valid").amount(EventKind::Transaction);
        let dec = |text: &str| Decimal::from_str(text).ok();
        // Through binary floating point these were 0.12345678901234568 and a refusal (1.23e18).
        assert_eq!(exact("0.1234567890123456789"), dec("0.1234567890123456789"));
        assert_eq!(exact("1234567890123456789.12"), dec("1234567890123456789.12"));
        assert_eq!(exact(r#""-560.10""#), dec("-560.10"));
        // Trailing zeros past 28 places change nothing.
        assert_eq!(exact("0.100000000000000000000000000000000"), dec("0.1"));
        assert_eq!(exact(r#""""#), None, "an empty string is not given");
        for refused in [
            "0.12345678901234567890123456789",
            r#""0.12345678901234567890123456789""#,
            "123456789012345678901234567890",
        ] {
            let Err(Error::Invalid(e)) = amount(refused) else { panic!("{refused} accepted") };
            assert_eq!(e.field.as_deref(), Some("amount"));
            assert!(e.to_string().contains("more digits than Docket keeps exactly"), "{e}");
        }
        for refused in ["1e5", r#""1.""#, r#""1,5""#, r#"".5""#, "true"] {
            assert!(amount(refused).is_err(), "{refused}");
        }
        // A field of the caller's own too, and the sent text is what is kept.
        let f = parse(
            EventKind::Transaction,
            &raw(&format!(r#"{{"applicant_id": "{APPLICANT}", "fee": 0.30000000000000000001}}"#)),
        )
        .expect("valid");
        assert_eq!(f.values["fee"], FieldValue::Number(Decimal::from_str("0.30000000000000000001").expect("valid")));
        assert_eq!(f.submitted["fee"].json(), "0.30000000000000000001");
    }

    const APPLICANT: &str = "0193a7a2-0000-7000-8000-000000000001";

    #[test]
    fn amounts_are_exact_whether_strings_or_numbers() {
        let f = parse(EventKind::Transaction, &body(json!({"applicant_id": APPLICANT, "amount": "560.10"})))
            .expect("valid");
        assert_eq!(f.amount(EventKind::Transaction), Some(Decimal::from_str("560.10").expect("valid")));
        let f = parse(EventKind::Transaction, &body(json!({"applicant_id": APPLICANT, "amount": 0.1}))).expect("valid");
        assert_eq!(f.amount(EventKind::Transaction), Some(Decimal::from_str("0.1").expect("valid")));
        let f = parse(
            EventKind::Payment,
            &body(json!({"applicant_id": APPLICANT, "checkout_billing_country": "de", "checkout_price": 12})),
        )
        .expect("valid");
        assert_eq!(f.amount(EventKind::Payment), Some(Decimal::from(12)));
        assert_eq!(f.values["checkout_billing_country"], FieldValue::Text("DE".into()));
    }

    #[test]
    fn each_refusal_names_its_field() {
        let refused = |kind, v| match parse(kind, &body(v)) {
            Err(Error::Invalid(i)) => i.field.unwrap_or_default(),
            other => panic!("accepted: {other:?}"),
        };
        assert_eq!(refused(EventKind::Transaction, json!({})), "applicant_id");
        assert_eq!(refused(EventKind::Transaction, json!({"applicant_id": "nope"})), "applicant_id");
        assert_eq!(refused(EventKind::Payment, json!({"applicant_id": APPLICANT})), "checkout_billing_country");
        assert_eq!(refused(EventKind::Transaction, json!({"applicant_id": APPLICANT, "amount": "1e5"})), "amount");
        assert_eq!(refused(EventKind::Transaction, json!({"applicant_id": APPLICANT, "amount": "12,50"})), "amount");
        assert_eq!(
            refused(EventKind::Transaction, json!({"applicant_id": APPLICANT, "session_duration": -1})),
            "session_duration"
        );
        assert_eq!(
            refused(EventKind::Transaction, json!({"applicant_id": APPLICANT, "payee_country_cd": "XX"})),
            "payee_country_cd"
        );
        assert_eq!(
            refused(EventKind::Transaction, json!({"applicant_id": APPLICANT, "currency_code": "EURO"})),
            "currency_code"
        );
        assert_eq!(refused(EventKind::Transaction, json!({"applicant_id": APPLICANT, "mine": {"a": 1}})), "mine");
    }

    #[test]
    fn a_rule_is_checked_against_its_event_types_fields() {
        let payment = EventSchema(EventKind::Payment);
        let transaction = EventSchema(EventKind::Transaction);
        // The bug: `event.amount` compiled on a payment rule, and never fired.
        let error = docket_rules::compile_for("event.amount > 1000", &payment).expect_err("payments have no amount");
        assert_eq!(
            error.message,
            "a payment has no `amount` field (it is a transaction's); a payment's amount is `event.checkout_price`"
        );
        let error =
            docket_rules::compile_for("event.checkout_price > 1", &transaction).expect_err("not a transaction's");
        assert!(error.message.contains("a transaction's amount is `event.amount`"), "{}", error.message);
        let error = docket_rules::compile_for("event.payee_alias == \"x\"", &payment).expect_err("a transaction's");
        assert_eq!(error.message, "a payment has no `payee_alias` field (it is a transaction's)");
        let error = docket_rules::compile_for("event.checkout_isguest > 1", &payment).expect_err("a boolean");
        assert!(error.message.contains("boolean"), "{}", error.message);
        for ok in [
            "event.checkout_price > 1000 && event.checkout_isguest == true",
            "event.user_current_risk_score > 50",
            "event.loyalty_tier == \"gold\"",
        ] {
            assert!(docket_rules::compile_for(ok, &payment).is_ok(), "{ok}");
        }
        assert!(
            docket_rules::compile_for("event.amount >= 5000 && event.payee_country_cd == \"IR\"", &transaction).is_ok()
        );
    }

    #[test]
    fn the_callers_own_fields_are_kept_for_the_rules() {
        let f = parse(
            EventKind::Transaction,
            &body(json!({"applicant_id": APPLICANT, "loyalty_tier": "gold", "vip": true, "score": 7})),
        )
        .expect("valid");
        assert_eq!(f.values["loyalty_tier"], FieldValue::Text("gold".into()));
        assert_eq!(f.values["vip"], FieldValue::Flag(true));
        assert_eq!(f.values["score"], FieldValue::Number(Decimal::from(7)));
        assert_eq!(f.submitted.len(), 4);
    }
}
