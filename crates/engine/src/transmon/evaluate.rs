//! Evaluating an event: the active rules of its `*_pre` type in rank order, Docket's own checks
//! (the payee's watchlist screening), then the `*_post` rules. A fired rule with `action:
//! reject` stops everything after it. Pure: the caller supplies the fields, the statistics and
//! the screening, so the live path and a backtest run the same code.

use std::collections::HashMap;
use std::sync::Arc;

use docket_rules::{Decimal, Expression, Input, Stat, Value};

use super::fields::FieldValue;
use super::model::{
    Action, Checks, Decision, EventKind, FiredRule, PayeeScreening, Rule, RuleError, RuleEventType, RuleId,
    WalletScreening,
};

/// A rule with its compiled expression.
#[derive(Debug, Clone)]
pub(crate) struct CompiledRule {
    pub(crate) rule: Rule,
    pub(crate) expression: Expression,
}

/// An environment's active rules by event type, each list in evaluation order (rank, then
/// creation).
#[derive(Debug, Clone, Default)]
pub(crate) struct RuleSet {
    by_type: HashMap<RuleEventType, Vec<Arc<CompiledRule>>>,
}

impl RuleSet {
    /// The set of the active rules among `rules` (compiled; a stored rule that no longer
    /// compiles, which validation on save prevents, is left out).
    pub(crate) fn of(rules: impl IntoIterator<Item = Rule>) -> Self {
        let mut by_type: HashMap<RuleEventType, Vec<Arc<CompiledRule>>> = HashMap::new();
        for rule in rules {
            if rule.status != super::model::RuleStatus::Active {
                continue;
            }
            if let Ok(expression) = docket_rules::compile(&rule.expression) {
                by_type.entry(rule.event_type).or_default().push(Arc::new(CompiledRule { rule, expression }));
            }
        }
        for list in by_type.values_mut() {
            list.sort_by(|a, b| {
                (a.rule.rank, a.rule.created_at, a.rule.id).cmp(&(b.rule.rank, b.rule.created_at, b.rule.id))
            });
        }
        RuleSet { by_type }
    }

    pub(crate) fn rules(&self, event_type: RuleEventType) -> &[Arc<CompiledRule>] {
        self.by_type.get(&event_type).map_or(&[], Vec::as_slice)
    }
}

/// What the rules read: the event's fields and the applicant's statistics.
pub(crate) struct Facts<'a, S: Fn(Stat) -> Decimal> {
    pub(crate) fields: &'a std::collections::BTreeMap<String, FieldValue>,
    pub(crate) stat: S,
}

impl<S: Fn(Stat) -> Decimal> Input for Facts<'_, S> {
    fn event(&self, field: &str) -> Option<Value<'_>> {
        self.fields.get(field).map(FieldValue::as_rule_value)
    }

    fn stat(&self, stat: Stat) -> Decimal {
        (self.stat)(stat)
    }
}

/// An event's evaluation.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Outcome {
    pub(crate) decision: Decision,
    pub(crate) causes: Vec<String>,
    pub(crate) fired: Vec<FiredRule>,
    pub(crate) errors: Vec<RuleError>,
    pub(crate) evaluated: u32,
    pub(crate) stopped_by: Option<RuleId>,
    pub(crate) checks: Checks,
}

impl Outcome {
    pub(crate) fn fired_ids(&self) -> impl Iterator<Item = RuleId> + '_ {
        self.fired.iter().map(|f| f.rule_id)
    }
}

/// Runs the rules of `kind` on the facts; `screening` is the payee's screening (computed by the
/// caller beforehand: it is used only when no `*_pre` rule rejected the event).
pub(crate) fn run<S: Fn(Stat) -> Decimal>(
    rules: &RuleSet,
    kind: EventKind,
    facts: &Facts<'_, S>,
    screening: Option<PayeeScreening>,
) -> Outcome {
    let mut out = Outcome {
        decision: Decision::Allow,
        causes: Vec::new(),
        fired: Vec::new(),
        errors: Vec::new(),
        evaluated: 0,
        stopped_by: None,
        checks: Checks::default(),
    };
    let [pre, post] = kind.stages();
    if stage(rules.rules(pre), facts, &mut out) {
        return out;
    }
    if let Some(s) = screening {
        if s.hits > 0 {
            out.decision = out.decision.max(Decision::Review);
            push_cause(&mut out.causes, "AML_PAYEE_HIT");
        }
        out.checks.aml_payee = Some(s);
    }
    stage(rules.rules(post), facts, &mut out);
    out
}

/// Adds the KYT checks of the event's wallets: a sanctions listing makes the decision at least
/// `review` (unless a `reject` already stopped the checks).
pub(crate) fn with_wallets(out: &mut Outcome, wallets: Vec<WalletScreening>) {
    if out.stopped_by.is_some() {
        return;
    }
    if wallets.iter().any(|w| w.categories.contains(&crate::kyt::KytCategory::Sanctions)) {
        out.decision = out.decision.max(Decision::Review);
        push_cause(&mut out.causes, "KYT_SANCTIONED_WALLET");
    }
    out.checks.kyt_wallets = wallets;
}

fn push_cause(causes: &mut Vec<String>, cause: &str) {
    if !causes.iter().any(|c| c == cause) {
        causes.push(cause.to_owned());
    }
}

/// Evaluates one stage's rules; true when a `reject` stopped the evaluation.
fn stage<S: Fn(Stat) -> Decimal>(rules: &[Arc<CompiledRule>], facts: &Facts<'_, S>, out: &mut Outcome) -> bool {
    for compiled in rules {
        let rule = &compiled.rule;
        out.evaluated += 1;
        match compiled.expression.evaluate(facts) {
            Ok(false) => {}
            Ok(true) => {
                for cause in &rule.causes {
                    push_cause(&mut out.causes, cause);
                }
                out.fired.push(FiredRule {
                    rule_id: rule.id,
                    name: rule.name.clone(),
                    event_type: rule.event_type,
                    rank: rule.rank,
                    causes: rule.causes.clone(),
                    action: rule.action,
                });
                if rule.action == Some(Action::Reject) {
                    out.decision = Decision::Reject;
                    out.stopped_by = Some(rule.id);
                    return true;
                }
                out.decision = out.decision.max(Decision::Review);
            }
            Err(e) => out.errors.push(RuleError {
                rule_id: rule.id,
                name: rule.name.clone(),
                code: e.code().to_owned(),
                message: e.kind.to_string(),
                line: e.line as u32,
                column: e.column as u32,
            }),
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Timestamp;
    use std::collections::BTreeMap;

    fn rule(n: u128, event_type: RuleEventType, rank: i64, expression: &str, action: Option<Action>) -> Rule {
        Rule {
            id: RuleId(uuid::Uuid::from_u128(n)),
            organization_id: uuid::Uuid::nil(),
            name: format!("rule {n}"),
            status: super::super::model::RuleStatus::Active,
            event_type,
            rank,
            expression: expression.to_owned(),
            causes: vec![format!("C{n}")],
            action,
            builtin: false,
            created_at: Timestamp::UNIX_EPOCH,
            updated_at: Timestamp::UNIX_EPOCH,
        }
    }

    fn fields(pairs: &[(&str, FieldValue)]) -> BTreeMap<String, FieldValue> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect()
    }

    #[test]
    fn rank_order_reject_stops_and_errors_are_recorded() {
        use RuleEventType::{TransactionPost as Post, TransactionPre as Pre};
        let set = RuleSet::of([
            rule(3, Pre, 20, "event.amount > 100", Some(Action::Reject)),
            rule(1, Pre, 10, "event.amount > 10", None),
            rule(2, Pre, 15, "event.missing == 1", None),
            rule(4, Post, 0, "true", None),
        ]);
        let f = fields(&[("amount", FieldValue::Number(Decimal::from(500)))]);
        let facts = Facts { fields: &f, stat: |_| Decimal::ZERO };
        let screening = PayeeScreening {
            name: "X".into(),
            hits: 1,
            max_risk_score: Some("high".into()),
            best_match: None,
            best_match_percentage: None,
            best_match_uuid: None,
        };
        let out = run(&set, EventKind::Transaction, &facts, Some(screening));
        assert_eq!(out.decision, Decision::Reject);
        assert_eq!(out.fired.iter().map(|r| r.rank).collect::<Vec<_>>(), [10, 20]);
        assert_eq!(out.causes, ["C1", "C3"]);
        assert_eq!(out.errors.len(), 1);
        assert_eq!((out.errors[0].code.as_str(), out.errors[0].column), ("missing_field", 1));
        assert_eq!(out.evaluated, 3, "the post rule never ran");
        assert_eq!(out.checks.aml_payee, None, "the checks were stopped too");
        assert_eq!(out.stopped_by, Some(RuleId(uuid::Uuid::from_u128(3))));
    }

    #[test]
    fn a_payee_hit_is_a_review_and_post_rules_run() {
        let set =
            RuleSet::of([rule(1, RuleEventType::TransactionPost, 0, "stats.last1d.transactions_count >= 3", None)]);
        let f = fields(&[]);
        let facts = Facts { fields: &f, stat: |_| Decimal::from(3) };
        let screening = PayeeScreening {
            name: "X".into(),
            hits: 2,
            max_risk_score: Some("medium".into()),
            best_match: None,
            best_match_percentage: None,
            best_match_uuid: None,
        };
        let out = run(&set, EventKind::Transaction, &facts, Some(screening));
        assert_eq!(out.decision, Decision::Review);
        assert_eq!(out.causes, ["AML_PAYEE_HIT", "C1"]);
        let none = run(&RuleSet::default(), EventKind::Payment, &facts, None);
        assert_eq!((none.decision, none.evaluated), (Decision::Allow, 0));
    }
}
