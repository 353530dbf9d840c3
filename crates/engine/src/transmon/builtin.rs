//! Docket's built-in rules: common monitoring scenarios written in the rule language, listed
//! under `builtin_rules`. Every one starts inactive; an environment activates the ones it wants
//! (`POST .../rules/{rule_id}/activate`). Their ids are fixed (a UUID v5 of their key), so a
//! script can refer to them.

use super::model::{Action, Rule, RuleEventType, RuleId, RuleStatus};
use crate::time::Timestamp;

struct Builtin {
    key: &'static str,
    name: &'static str,
    event_type: RuleEventType,
    rank: i64,
    expression: &'static str,
    causes: &'static [&'static str],
    action: Option<Action>,
}

/// Ranks of built-in rules: after a caller's usual ranks (0-999), before none.
const RANK: i64 = 1000;

const BUILTINS: &[Builtin] = &[
    Builtin {
        key: "sanctioned-payee-country",
        name: "Payee in a comprehensively sanctioned country",
        event_type: RuleEventType::TransactionPre,
        rank: RANK,
        expression: r#"event.payee_country_cd in ["CU", "IR", "KP", "SY"]"#,
        causes: &["SANCTIONED_COUNTRY"],
        action: Some(Action::Reject),
    },
    Builtin {
        key: "new-account-large-amount",
        name: "Large transfer from an account opened less than 30 days ago",
        event_type: RuleEventType::TransactionPre,
        rank: RANK + 10,
        expression: "event.ds_account_open_date < 30 && event.amount >= 5000",
        causes: &["NEW_ACCOUNT_LARGE_AMOUNT"],
        action: None,
    },
    Builtin {
        key: "daily-velocity",
        name: "More than 10 transactions and payments today",
        event_type: RuleEventType::TransactionPost,
        rank: RANK + 20,
        expression: "stats.last1d.transactions_count > 10",
        causes: &["VELOCITY_1D"],
        action: None,
    },
    Builtin {
        key: "amount-spike",
        name: "Amount five times the 30-day average",
        event_type: RuleEventType::TransactionPost,
        rank: RANK + 30,
        expression: "stats.last30d.transactions_count >= 5 && event.amount > stats.last30d.avg * 5",
        causes: &["AMOUNT_SPIKE"],
        action: None,
    },
    Builtin {
        key: "guest-high-value",
        name: "Guest checkout over 1,000",
        event_type: RuleEventType::PaymentPre,
        rank: RANK,
        expression: "event.checkout_isguest == true && event.checkout_price > 1000",
        causes: &["GUEST_HIGH_VALUE"],
        action: None,
    },
    Builtin {
        key: "billing-shipping-risk",
        name: "Many payments in a week from a new registration",
        event_type: RuleEventType::PaymentPost,
        rank: RANK + 10,
        expression: "event.user_ds_registration < 7 && stats.last7d.transactions_count >= 5",
        causes: &["NEW_USER_VELOCITY"],
        action: None,
    },
];

/// The namespace of built-in rule ids.
const NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x6d0c_4b1e_2f3a_4c5d_8e9f_a0b1_c2d3_e4f5);

fn id_of(key: &str) -> RuleId {
    RuleId(uuid::Uuid::new_v5(&NAMESPACE, key.as_bytes()))
}

/// The built-in rules for an organization, with the status each has in the environment
/// (`status_of` gives a stored status and when it was set; inactive otherwise).
pub(crate) fn rules(
    organization: uuid::Uuid,
    status_of: impl Fn(RuleId) -> Option<(RuleStatus, Timestamp)>,
) -> Vec<Rule> {
    BUILTINS
        .iter()
        .map(|b| {
            let id = id_of(b.key);
            let (status, updated_at) = status_of(id).unwrap_or((RuleStatus::Inactive, Timestamp::UNIX_EPOCH));
            Rule {
                id,
                organization_id: organization,
                name: b.name.to_owned(),
                status,
                event_type: b.event_type,
                rank: b.rank,
                expression: b.expression.to_owned(),
                causes: b.causes.iter().map(|c| (*c).to_owned()).collect(),
                action: b.action,
                builtin: true,
                created_at: Timestamp::UNIX_EPOCH,
                updated_at,
            }
        })
        .collect()
}

pub(crate) fn is_builtin(id: RuleId) -> bool {
    BUILTINS.iter().any(|b| id_of(b.key) == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_rule_compiles_and_has_its_own_id() {
        let all = rules(uuid::Uuid::nil(), |_| None);
        for r in &all {
            let schema = crate::transmon::fields::EventSchema(r.event_type.kind());
            assert!(docket_rules::compile_for(&r.expression, &schema).is_ok(), "{}: {}", r.name, r.expression);
            assert!(is_builtin(r.id) && r.status == RuleStatus::Inactive);
        }
        let ids: std::collections::BTreeSet<_> = all.iter().map(|r| r.id.to_string()).collect();
        assert_eq!(ids.len(), all.len());
    }
}
