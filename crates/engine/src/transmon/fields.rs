//! The fields of a submitted transaction or payment (public-api.md section 6): each known field
//! parsed to its type (amounts as exact decimals, whether sent as `"560.00"` or `560.00`), any
//! other field kept as its scalar value, so that `event.<field>` reads every field submitted.

use std::collections::BTreeMap;
use std::str::FromStr;

use docket_rules::{Decimal, Value};

use super::model::EventKind;
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
    pub(crate) submitted: BTreeMap<String, serde_json::Value>,
}

impl Fields {
    /// The amount the statistics count (`amount` of a transaction, `checkout_price` of a payment).
    pub(crate) fn amount(&self, kind: EventKind) -> Option<Decimal> {
        match self.values.get(kind.amount_field()) {
            Some(FieldValue::Number(d)) => Some(*d),
            _ => None,
        }
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

/// An exact decimal from a JSON number or a string like `"560.00"`.
pub(crate) fn decimal(value: &serde_json::Value) -> Option<Decimal> {
    let text = match value {
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) => s.trim().to_owned(),
        _ => return None,
    };
    // Plain decimal notation only: no exponent, no thousands separators.
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'-' || b == b'+') {
        return None;
    }
    Decimal::from_str(&text).ok()
}

fn whole(value: &serde_json::Value) -> Option<i64> {
    match value {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn parse_field(name: &str, ty: Type, value: &serde_json::Value) -> Result<FieldValue> {
    let wrong = |what: &str| Error::invalid(name, format!("expected {what}"));
    Ok(match ty {
        Type::Text => match value {
            serde_json::Value::String(s) => FieldValue::Text(crate::values::text(name, s, MAX_TEXT)?),
            serde_json::Value::Number(n) => FieldValue::Text(n.to_string()),
            _ => return Err(wrong("a string")),
        },
        Type::Count => match whole(value) {
            Some(n) if n >= 0 => FieldValue::Number(Decimal::from(n)),
            _ => return Err(wrong("a whole number, 0 or more")),
        },
        Type::Integer => FieldValue::Number(Decimal::from(whole(value).ok_or_else(|| wrong("a whole number"))?)),
        Type::Amount => FieldValue::Number(decimal(value).ok_or_else(|| wrong("an amount such as \"560.00\""))?),
        Type::Flag => match value {
            serde_json::Value::Bool(b) => FieldValue::Flag(*b),
            serde_json::Value::String(s) if s == "true" || s == "false" => FieldValue::Flag(s == "true"),
            _ => return Err(wrong("true or false")),
        },
        Type::Country => match value {
            serde_json::Value::String(s) => FieldValue::Text(
                CountryCode::parse(s)
                    .map_err(|_| wrong("an ISO 3166-1 alpha-2 country code such as \"US\""))?
                    .as_str()
                    .to_owned(),
            ),
            _ => return Err(wrong("an ISO 3166-1 alpha-2 country code such as \"US\"")),
        },
        Type::Currency => match value {
            serde_json::Value::String(s)
                if s.trim().len() == 3 && s.trim().bytes().all(|b| b.is_ascii_alphabetic()) =>
            {
                FieldValue::Text(s.trim().to_ascii_uppercase())
            }
            _ => return Err(wrong("an ISO 4217 currency code such as \"EUR\"")),
        },
    })
}

/// Parses a submitted event. `applicant_id` is required, and a payment's
/// `checkout_billing_country`; each refusal names its field.
pub(crate) fn parse(kind: EventKind, body: &serde_json::Map<String, serde_json::Value>) -> Result<Fields> {
    if body.len() > MAX_FIELDS {
        return Err(Error::invalid_request(format!("an event carries at most {MAX_FIELDS} fields")));
    }
    let applicant_id = match body.get("applicant_id") {
        None | Some(serde_json::Value::Null) => {
            return Err(Error::invalid("applicant_id", "is required: the applicant the event is about"));
        }
        Some(serde_json::Value::String(s)) => {
            ApplicantId::from_str(s.trim()).map_err(|_| Error::invalid("applicant_id", "not a UUID"))?
        }
        Some(_) => return Err(Error::invalid("applicant_id", "expected a UUID string")),
    };
    if kind == EventKind::Payment && body.get("checkout_billing_country").is_none_or(serde_json::Value::is_null) {
        return Err(Error::invalid(
            "checkout_billing_country",
            "is required: the billing address's ISO 3166-1 alpha-2 country",
        ));
    }
    let mut values = BTreeMap::new();
    let mut submitted = BTreeMap::new();
    for (name, value) in body {
        if value.is_null() {
            continue; // not given
        }
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
            Some(ty) => parse_field(name, ty, value)?,
            // A field of the caller's own: kept as sent, for `event.<field>`.
            None => match value {
                serde_json::Value::String(s) => FieldValue::Text(crate::values::text(name, s, MAX_TEXT)?),
                serde_json::Value::Bool(b) => FieldValue::Flag(*b),
                serde_json::Value::Number(_) => {
                    FieldValue::Number(decimal(value).ok_or_else(|| Error::invalid(name, "number out of range"))?)
                }
                _ => {
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

    fn body(v: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        v.as_object().cloned().unwrap_or_default()
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
