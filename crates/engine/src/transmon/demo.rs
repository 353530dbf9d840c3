//! The demo data set's transaction monitoring (sandbox only): a few rules, some of Docket's
//! own activated, and about 90 days of transactions and payments by five demo people, so that
//! each rule fires somewhere (a burst of four transfers a week ago, a 12,500 transfer 20 days
//! ago, a sanctioned payee 12 days ago, an Iranian payee 33 days ago, a blocked card BIN 45 days
//! ago, a guest checkout 30 days ago) and a backtest has history to replay. Deterministic.

use jiff::SignedDuration;
use serde_json::json;

use super::model::{Action, EventKind, RuleEventType, RuleStatus, event_body};
use super::service::{NewRule, Transmon};
use crate::error::{Error, Result};
use crate::scope::Scope;

/// A demo rule: (name, event type, rank, expression, causes, reject).
type DemoRule = (&'static str, RuleEventType, i64, &'static str, &'static [&'static str], bool);

/// The demo's own rules.
const RULES: &[DemoRule] = &[
    ("Large transfer", RuleEventType::TransactionPre, 10, "event.amount >= 10000", &["LARGE_AMOUNT"], false),
    (
        "Three or more transfers today",
        RuleEventType::TransactionPost,
        20,
        "stats.last1d.transactions_count >= 3",
        &["VELOCITY_1D"],
        false,
    ),
    ("Weekly volume over 5,000", RuleEventType::TransactionPost, 30, "stats.last7d.sum > 5000", &["VOLUME_7D"], false),
    (
        "Card BIN on the blocklist",
        RuleEventType::PaymentPre,
        10,
        r#"event.checkout_card_bin in ["400000", "555544"]"#,
        &["BIN_BLOCKED"],
        true,
    ),
];

/// Docket's own rules the demo activates (by name).
const ACTIVATED: &[&str] = &["Payee in a comprehensively sanctioned country", "Guest checkout over 1,000"];

impl Transmon<'_> {
    /// Seeds the demo rules and history once; the number of events made.
    pub async fn seed_demo(&self, scope: Scope) -> Result<usize> {
        if !scope.is_sandbox() {
            return Err(Error::Forbidden("demo data goes into the sandbox only".into()));
        }
        let existing = self.rules(scope, None).await?;
        if !existing.custom_rules.is_empty() {
            return Ok(0);
        }
        for (name, event_type, rank, expression, causes, reject) in RULES {
            let rule = NewRule {
                name: (*name).to_owned(),
                status: RuleStatus::Active,
                event_type: *event_type,
                rank: *rank,
                expression: (*expression).to_owned(),
                causes: causes.iter().map(|c| (*c).to_owned()).collect(),
                action: reject.then_some(Action::Reject),
                id: None,
                organization_id: None,
                builtin: None,
                created_at: None,
                updated_at: None,
            };
            self.create_rule(scope, rule).await?;
        }
        for r in existing.builtin_rules.iter().filter(|r| ACTIVATED.contains(&r.name.as_str())) {
            self.set_status(scope, r.id, RuleStatus::Active).await?;
        }

        let now = self.engine.now(scope);
        let mut made = 0;
        for person in 1..=5usize {
            let Ok(applicant) =
                self.engine.applicants().get_by_external_id(scope, &format!("demo-person-{person:03}")).await
            else {
                continue;
            };
            let id = applicant.applicant_id.to_string();
            // Deterministic pseudo-randomness per person and day.
            let mut seed = 0x9E37_79B9_u64.wrapping_mul(person as u64 + 1);
            let mut next = |n: u64| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                (seed >> 33) % n
            };
            for days_ago in (0..90i64).rev() {
                // Most people transact every few days; person 3 has a burst a week ago.
                let burst = person == 3 && days_ago == 7;
                // The days the story needs an event on (see the module's comment).
                let planned = matches!((person, days_ago), (1, 12) | (2, 20) | (4, 33));
                let per_day = if burst {
                    4
                } else if planned || next(3) == 0 {
                    1
                } else {
                    0
                };
                for k in 0..per_day {
                    let at = now.saturating_add(
                        SignedDuration::from_hours(-24 * days_ago) + SignedDuration::from_mins(-(60 * (k as i64 + 1))),
                    );
                    let cents = 2_000 + next(40_000) as i64;
                    let amount = if person == 2 && days_ago == 20 { 1_250_000 } else { cents * (person as i64) };
                    // Names that hit no demo list, but one sanctioned payee (a sandbox magic name).
                    let payee = if person == 1 && days_ago == 12 {
                        "Ivan Sanctionov"
                    } else {
                        ["Anna Schmidt", "Emma de Vries", "Stadtwerke Berlin", "Boulangerie Dupont", "Café Lisboa"]
                            [next(5) as usize]
                    };
                    let payee_country = if person == 4 && days_ago == 33 {
                        "IR"
                    } else {
                        ["DE", "FR", "GB", "US", "NL"][next(5) as usize]
                    };
                    let body = json!({
                        "applicant_id": id,
                        "amount": format!("{}.{:02}", amount / 100, amount % 100),
                        "currency_code": "EUR",
                        "channel": "web",
                        "transaction_type": "CNP",
                        "payee_country_cd": payee_country,
                        "payee_alias": payee,
                        "payee_bank": "Demo Bank",
                        "ds_account_open_date": 400 - days_ago,
                        "user_ds_registration": 400 - days_ago,
                    });
                    self.submit_at(
                        scope,
                        EventKind::Transaction,
                        event_body(body.as_object().unwrap_or(&serde_json::Map::new())),
                        at,
                    )
                    .await?;
                    made += 1;
                }
                let planned_payment = matches!((person, days_ago), (1, 45) | (5, 30));
                if planned_payment || next(6) == 0 {
                    let at =
                        now.saturating_add(SignedDuration::from_hours(-24 * days_ago) + SignedDuration::from_mins(-30));
                    let guest = person == 5 && days_ago == 30;
                    let price = if guest { 145_000 } else { 500 + next(30_000) as i64 };
                    let country = ["DE", "FR", "GB"][next(3) as usize];
                    let body = json!({
                        "applicant_id": id,
                        "checkout_billing_country": country,
                        "checkout_price": format!("{}.{:02}", price / 100, price % 100),
                        "checkout_isguest": guest,
                        "checkout_card_bin": if person == 1 && days_ago == 45 { "400000" } else { "424242" },
                        "user_ds_registration": 400 - days_ago,
                    });
                    self.submit_at(
                        scope,
                        EventKind::Payment,
                        event_body(body.as_object().unwrap_or(&serde_json::Map::new())),
                        at,
                    )
                    .await?;
                    made += 1;
                }
            }
        }
        Ok(made)
    }
}
