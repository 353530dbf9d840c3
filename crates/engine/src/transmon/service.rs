//! Transaction monitoring's rules: managing rules (validated by compiling them), receiving
//! events (statistics, rules, the payee's screening, the result and its webhook in one
//! transaction), reading results, trying an expression, and backtesting a draft rule set.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Deserialize;

use super::builtin;
use super::evaluate::{self, Facts, RuleSet};
use super::fields::{self, Fields};
use super::hints::Hints;
use super::model::{
    Action, Decision, EventBody, EventId, EventKind, EventResult, PayeeScreening, Rule, RuleEventType, RuleId,
    RuleList, RuleStatus, Stats, WalletScreening,
};
use super::stats::{self, Aggregates};
use super::store::{self, Days, EventFilter};
use crate::Engine;
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;

/// Bounds of the event list.
pub const LIST_BOUNDS: Bounds = Bounds { min: 1, max: 100, default: 25 };
/// The event type of the webhook.
pub const EVENT: &str = "TRANSACTION_MONITORING";
/// The most events one backtest replays.
pub const BACKTEST_MAX_EVENTS: u64 = 200_000;

/// The engine's monitoring state: each environment's compiled active rules, dropped whenever a
/// rule changes.
#[derive(Default)]
pub(crate) struct TransmonState {
    rule_sets: Mutex<HashMap<Scope, Arc<RuleSet>>>,
    hints: Arc<Hints>,
}

/// A rule as created or replaced (`POST .../rules`, `PUT .../rules/{rule_id}`): every field but
/// `action` required. The read-only fields of a rule as served may be sent back and are ignored,
/// `id` too, except in a backtest's draft, where it names the rule the draft replaces.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewRule {
    pub name: String,
    pub status: RuleStatus,
    pub event_type: RuleEventType,
    pub rank: i64,
    /// An expression of the rule language (see the guide).
    pub expression: String,
    pub causes: Vec<String>,
    pub action: Option<Action>,
    /// Only in a backtest's draft: the rule this one replaces (leave it out to add a rule).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub id: Option<RuleId>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub organization_id: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub builtin: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub created_at: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub updated_at: Option<serde::de::IgnoredAny>,
}

const MAX_NAME: usize = 200;
const MAX_CAUSES: usize = 20;
const MAX_CAUSE: usize = 64;

/// A rule's checked parts.
struct Checked {
    name: String,
    causes: Vec<String>,
}

fn check(input: &NewRule) -> Result<Checked> {
    let name = crate::values::text("name", &input.name, MAX_NAME)?;
    let schema = super::fields::EventSchema(input.event_type.kind());
    if let Err(e) = docket_rules::compile_for(&input.expression, &schema) {
        return Err(Error::invalid("expression", format!("the expression does not compile: {e}")));
    }
    if input.causes.len() > MAX_CAUSES {
        return Err(Error::invalid("causes", format!("at most {MAX_CAUSES} causes")));
    }
    let causes = input
        .causes
        .iter()
        .map(|c| {
            let c = crate::values::text("causes", c, MAX_CAUSE)?;
            if c.chars().any(char::is_whitespace) {
                return Err(Error::invalid("causes", format!("a cause is a code without spaces (`{c}` has some)")));
            }
            Ok(c)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Checked { name, causes })
}

/// An expression checked (`POST .../rules/validate`).
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Validation {
    pub valid: bool,
    pub error: Option<ExpressionError>,
    /// The `event.<field>` names it reads.
    pub event_fields: Vec<String>,
    /// The `stats.<period>.<indicator>` it reads.
    pub stats: Vec<String>,
}

/// Where and why an expression does not compile.
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ExpressionError {
    pub message: String,
    /// 1-based line and column (in characters) of the offending text.
    pub line: u32,
    pub column: u32,
    /// The offending text as a range of characters from the start of the expression, for
    /// underlining it.
    pub start: u32,
    pub end: u32,
    /// The message with the source line and a caret under the position.
    pub rendered: String,
}

/// Checks an expression without saving anything: against the fields of `event_type`'s events
/// when given (as saving a rule of that type does), else only what any event allows.
pub fn validate(expression: &str, event_type: Option<RuleEventType>) -> Validation {
    let compiled = match event_type {
        Some(t) => docket_rules::compile_for(expression, &super::fields::EventSchema(t.kind())),
        None => docket_rules::compile(expression),
    };
    match compiled {
        Ok(e) => Validation {
            valid: true,
            error: None,
            event_fields: e.event_fields().into_iter().map(str::to_owned).collect(),
            stats: e.stats().into_iter().map(|s| format!("stats.{}.{}", s.period.name(), s.indicator.name())).collect(),
        },
        Err(e) => {
            let chars =
                |byte: usize| expression.get(..byte.min(expression.len())).map_or(0, |s| s.chars().count()) as u32;
            Validation {
                valid: false,
                error: Some(ExpressionError {
                    message: e.message.clone(),
                    line: e.line as u32,
                    column: e.column as u32,
                    start: chars(e.span.start),
                    end: chars(e.span.end),
                    rendered: e.to_string(),
                }),
                event_fields: Vec::new(),
                stats: Vec::new(),
            }
        }
    }
}

/// What trying an expression gave (`POST .../rules/try`).
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Tried {
    /// Whether the rule fires on the event (false when it failed).
    pub fires: bool,
    /// Why the evaluation failed: `code` (`missing_field`, `type_mismatch`, `division_by_zero`,
    /// `overflow`, `not_a_boolean`), message and position.
    pub error: Option<TryError>,
    /// The statistics it was evaluated with.
    pub stats: Stats,
    /// The event's fields it read, with their values (absent ones left out).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub fields_read: EventBody,
}

#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TryError {
    pub code: String,
    pub message: String,
    pub line: u32,
    pub column: u32,
}

/// An expression to try: on a stored event (`event_id`: its fields and statistics as they were)
/// or on fields given here (`event_type` and `event`, with the applicant's statistics now, the
/// event counted as if it were submitted).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TryRequest {
    pub expression: String,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub event_id: Option<EventId>,
    pub event_type: Option<EventKind>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub event: Option<EventBody>,
}

/// A backtest: the draft rules over the stored events of a period, beside the active rules.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BacktestRequest {
    /// The period's start (RFC 3339 or a date), on the environment's clock; default 30 days
    /// before `to`.
    pub from: Option<String>,
    /// Its end, excluded; default now.
    pub to: Option<String>,
    /// Only transactions or only payments (default both).
    pub event_type: Option<EventKind>,
    /// The draft: changes to the current rules. A rule with the `id` of an existing rule
    /// replaces it (an `inactive` status takes it out); one without is added.
    #[serde(default)]
    pub rules: Vec<NewRule>,
    /// The draft is these rules alone, not the current rules changed by them.
    #[serde(default)]
    pub replace: bool,
}

/// How one rule fared in a backtest.
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BacktestRule {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub rule_id: RuleId,
    pub name: String,
    pub event_type: RuleEventType,
    /// Whether it is in the active set, the draft set, or both.
    pub in_active: bool,
    pub in_draft: bool,
    pub hits_active: u64,
    pub hits_draft: u64,
    pub errors_active: u64,
    pub errors_draft: u64,
    /// The draft's errors by code.
    pub error_codes: std::collections::BTreeMap<String, u64>,
    /// The first error of the draft, as an example.
    pub first_error: Option<String>,
}

/// The decisions of one rule set over the period.
#[derive(Debug, Clone, Default, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BacktestDecisions {
    pub allow: u64,
    pub review: u64,
    pub reject: u64,
}

impl BacktestDecisions {
    fn add(&mut self, d: Decision) {
        match d {
            Decision::Allow => self.allow += 1,
            Decision::Review => self.review += 1,
            Decision::Reject => self.reject += 1,
        }
    }
}

/// An event whose decision the draft changes.
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BacktestChange {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub event_id: EventId,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub applicant_id: ApplicantId,
    pub event_type: EventKind,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub received_at: Timestamp,
    pub active: Decision,
    pub draft: Decision,
    /// The draft's causes for the event.
    pub causes: Vec<String>,
}

/// A backtest's report. Nothing live changed.
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Backtest {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub from: Timestamp,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub to: Timestamp,
    pub events: u64,
    pub active: BacktestDecisions,
    pub draft: BacktestDecisions,
    pub rules: Vec<BacktestRule>,
    /// Events allowed by the active rules and flagged (review or reject) by the draft: how many,
    /// and the first 100.
    pub newly_flagged_count: u64,
    pub newly_flagged: Vec<BacktestChange>,
    /// Events flagged by the active rules and allowed by the draft.
    pub no_longer_flagged_count: u64,
    pub no_longer_flagged: Vec<BacktestChange>,
    /// Events whose decision differs in any way (review to reject included).
    pub changed: u64,
    /// Events a `*_pre` rule rejected when they were received, so the payee was never screened:
    /// where the draft lets them through, they are replayed without that check.
    pub unscreened: u64,
}

/// An applicant's days in the statistics' window at `at` (newest first), without the event
/// being received; refused when the environment has no such applicant.
fn applicant_days(conn: &rusqlite::Connection, scope: Scope, applicant: ApplicantId, at: Timestamp) -> Result<Days> {
    if !crate::applicants::store::exists(conn, scope, applicant)? {
        return Err(Error::invalid("applicant_id", "no applicant with this id in this environment"));
    }
    let (first, last) = stats::window(at);
    store::days(conn, scope, applicant, &first, &last)
}

/// An event received and not yet stored: what its evaluation needs.
struct Received {
    id: EventId,
    kind: EventKind,
    at: Timestamp,
    fields: Fields,
    rules: Arc<RuleSet>,
    screening: Option<PayeeScreening>,
    wallets: Vec<WalletScreening>,
}

/// An event evaluated on its applicant's days.
struct Evaluated {
    /// The days it was evaluated on, without it.
    days: Days,
    /// The days with it counted, as its write leaves them; `counted` is its own day.
    left: Days,
    counted: store::Day,
    result: EventResult,
    /// The result as served and delivered, and as stored.
    json: String,
    packed: crate::db::PackedJson,
}

impl Received {
    /// Counts the event into `days` (its applicant's, without it) and runs the rules.
    fn evaluate(&self, days: Days) -> Result<Evaluated> {
        let (left, counted) = stats::counted(&days, &store::day_of(self.at), self.fields.amount(self.kind))?;
        let aggregates = Aggregates::of(self.at, &left);
        let facts = Facts { fields: &self.fields.values, stat: |s| aggregates.get(s) };
        let mut outcome = evaluate::run(&self.rules, self.kind, &facts, self.screening.clone());
        evaluate::with_wallets(&mut outcome, self.wallets.clone());
        let result = EventResult {
            event_id: self.id,
            event_type: self.kind,
            applicant_id: self.fields.applicant_id,
            received_at: self.at,
            decision: outcome.decision,
            causes: outcome.causes,
            fired_rules: outcome.fired,
            rule_errors: outcome.errors,
            rules_evaluated: outcome.evaluated,
            stopped_by: outcome.stopped_by,
            checks: outcome.checks,
            stats: aggregates.served(),
            event: self.fields.submitted.clone(),
            review: None,
        };
        let json = serde_json::to_string(&result)?;
        let packed = crate::db::PackedJson::of(&json);
        Ok(Evaluated { days, left, counted, result, json, packed })
    }
}

/// Transaction monitoring, reached by [`Engine::transmon`].
pub struct Transmon<'e> {
    pub(crate) engine: &'e Engine,
}

impl Transmon<'_> {
    fn state(&self) -> &TransmonState {
        &self.engine.core.transmon
    }

    fn forget_rules(&self, scope: Scope) {
        self.state().rule_sets.lock().unwrap_or_else(|e| e.into_inner()).remove(&scope);
    }

    /// Every rule of the environment: Docket's, with their status here, and the caller's.
    fn all_rules(conn: &rusqlite::Connection, scope: Scope) -> Result<(Vec<Rule>, Vec<Rule>)> {
        let statuses: HashMap<RuleId, (RuleStatus, Timestamp)> =
            store::builtin_statuses(conn, scope)?.into_iter().map(|(id, s, at)| (id, (s, at))).collect();
        let builtin = builtin::rules(scope.organization.as_uuid(), |id| statuses.get(&id).copied());
        Ok((builtin, store::rules(conn, scope, None)?))
    }

    /// The compiled active rules (cached until a rule changes).
    async fn rule_set(&self, scope: Scope) -> Result<Arc<RuleSet>> {
        if let Some(set) = self.state().rule_sets.lock().unwrap_or_else(|e| e.into_inner()).get(&scope) {
            return Ok(set.clone());
        }
        let (builtin, custom) = self.engine.core.db.read(move |conn| Self::all_rules(conn, scope)).await?;
        let set = Arc::new(RuleSet::of(builtin.into_iter().chain(custom)));
        self.state().rule_sets.lock().unwrap_or_else(|e| e.into_inner()).insert(scope, set.clone());
        Ok(set)
    }

    /// Creates a rule; its id.
    pub async fn create_rule(&self, scope: Scope, input: NewRule) -> Result<RuleId> {
        let checked = check(&input)?;
        let now = self.engine.now(scope);
        let rule = Rule {
            id: RuleId::new(self.engine.real_now()),
            organization_id: scope.organization.as_uuid(),
            name: checked.name,
            status: input.status,
            event_type: input.event_type,
            rank: input.rank,
            expression: input.expression.clone(),
            causes: checked.causes,
            action: input.action,
            builtin: false,
            created_at: now,
            updated_at: now,
        };
        let id = rule.id;
        self.engine.core.db.write(move |conn| store::save_rule(conn, scope, &rule)).await?;
        self.forget_rules(scope);
        Ok(id)
    }

    /// Replaces a rule's fields (not Docket's own: copy one to change it).
    pub async fn update_rule(&self, scope: Scope, id: RuleId, input: NewRule) -> Result<Rule> {
        if builtin::is_builtin(id) {
            return Err(Error::Conflict(
                "a built-in rule cannot be edited, only activated or deactivated: create a rule of your own from its \
                 expression"
                    .into(),
            ));
        }
        let checked = check(&input)?;
        let now = self.engine.now(scope);
        let rule = self
            .engine
            .core
            .db
            .write(move |conn| {
                let mut rule = store::get_rule(conn, scope, id)?.ok_or(Error::not_found(RuleId::WHAT))?;
                rule.name = checked.name;
                rule.status = input.status;
                rule.event_type = input.event_type;
                rule.rank = input.rank;
                rule.expression = input.expression;
                rule.causes = checked.causes;
                rule.action = input.action;
                rule.updated_at = now;
                store::save_rule(conn, scope, &rule)?;
                Ok(rule)
            })
            .await?;
        self.forget_rules(scope);
        Ok(rule)
    }

    pub async fn rule(&self, scope: Scope, id: RuleId) -> Result<Rule> {
        let (builtin, custom) = self.engine.core.db.read(move |conn| Self::all_rules(conn, scope)).await?;
        builtin.into_iter().chain(custom).find(|r| r.id == id).ok_or(Error::not_found(RuleId::WHAT))
    }

    /// The rules of one event type, or of all (`None`), in evaluation order.
    pub async fn rules(&self, scope: Scope, event_type: Option<RuleEventType>) -> Result<RuleList> {
        let (builtin, custom) = self.engine.core.db.read(move |conn| Self::all_rules(conn, scope)).await?;
        let keep = |r: &Rule| event_type.is_none_or(|t| r.event_type == t);
        Ok(RuleList {
            builtin_rules: builtin.into_iter().filter(keep).collect(),
            custom_rules: custom.into_iter().filter(keep).collect(),
        })
    }

    pub async fn delete_rule(&self, scope: Scope, id: RuleId) -> Result<()> {
        if builtin::is_builtin(id) {
            return Err(Error::Conflict("a built-in rule cannot be removed: deactivate it".into()));
        }
        let found = self.engine.core.db.write(move |conn| store::delete_rule(conn, scope, id)).await?;
        self.forget_rules(scope);
        if found { Ok(()) } else { Err(Error::not_found(RuleId::WHAT)) }
    }

    /// Activates or deactivates a rule (Docket's own too).
    pub async fn set_status(&self, scope: Scope, id: RuleId, status: RuleStatus) -> Result<Rule> {
        let now = self.engine.now(scope);
        if builtin::is_builtin(id) {
            self.engine.core.db.write(move |conn| store::set_builtin_status(conn, scope, id, status, now)).await?;
        } else {
            self.engine
                .core
                .db
                .write(move |conn| {
                    let mut rule = store::get_rule(conn, scope, id)?.ok_or(Error::not_found(RuleId::WHAT))?;
                    if rule.status != status {
                        rule.status = status;
                        rule.updated_at = now;
                        store::save_rule(conn, scope, &rule)?;
                    }
                    Ok(())
                })
                .await?;
        }
        self.forget_rules(scope);
        self.rule(scope, id).await
    }

    /// The KYT checks of the crypto wallets a transaction names, through KYT's own code.
    async fn screen_wallets(&self, scope: Scope, kind: EventKind, fields: &Fields) -> Result<Vec<WalletScreening>> {
        if kind != EventKind::Transaction {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for (role, chain, address) in fields.wallets() {
            let mut w = WalletScreening {
                role: role.to_owned(),
                chain: chain.to_owned(),
                address: address.to_owned(),
                valid: false,
                invalid_code: Some("unknown_chain".into()),
                canonical_address: None,
                risk_level: None,
                categories: Vec::new(),
                listed_by: Vec::new(),
            };
            if let Some(c) = crate::kyt::KytChain::parse(chain) {
                let found = self.engine.kyt().assess(scope, c, address).await?;
                w.valid = found.invalid.is_none();
                w.invalid_code = found.invalid.as_ref().map(|i| i.code().to_owned());
                w.canonical_address = found.canonical_address;
                w.risk_level = found.risk_score.map(|r| r.level);
                w.categories = found.categories;
                w.listed_by = found.evidence.iter().filter_map(|e| e.entity_name.clone()).collect();
            }
            out.push(w);
        }
        Ok(out)
    }

    /// The payee's screening, for a transaction that names one.
    async fn screen_payee(&self, scope: Scope, kind: EventKind, fields: &Fields) -> Result<Option<PayeeScreening>> {
        let Some(name) = fields.payee_name().filter(|_| kind == EventKind::Transaction) else { return Ok(None) };
        let report = self.engine.aml().screen_name(scope, name).await?;
        let best = report.data.first();
        Ok(Some(PayeeScreening {
            name: name.to_owned(),
            hits: report.data.len() as u32,
            max_risk_score: report
                .max_risk_score
                .and_then(|r| serde_json::to_value(r).ok())
                .and_then(|v| v.as_str().map(str::to_owned)),
            best_match: best.map(|h| h.search_metadata.best_match_name.clone()),
            best_match_percentage: best.map(|h| h.search_metadata.name_match_percentage),
            best_match_uuid: best.map(|h| h.entity.uuid.as_uuid()),
        }))
    }

    /// Receives a transaction or payment: counts it into the applicant's day, evaluates the
    /// rules and Docket's checks, stores the result and emits `TRANSACTION_MONITORING`, all in
    /// one transaction. The result is readable by its id as soon as this returns.
    pub async fn submit(&self, scope: Scope, kind: EventKind, body: EventBody) -> Result<EventId> {
        let now = self.engine.now(scope);
        self.submit_at(scope, kind, body, now).await
    }

    /// [`Self::submit`] at a given time on the environment's clock (the demo's history).
    pub(crate) async fn submit_at(
        &self,
        scope: Scope,
        kind: EventKind,
        body: EventBody,
        at: Timestamp,
    ) -> Result<EventId> {
        let fields = fields::parse(kind, &body)?;
        let rules = self.rule_set(scope).await?;
        let screening = self.screen_payee(scope, kind, &fields).await?;
        let wallets = self.screen_wallets(scope, kind, &fields).await?;
        let real_now = self.engine.real_now();
        let received = Received { id: EventId::new(real_now), kind, at, fields, rules, screening, wallets };
        let (id, applicant, amount) = (received.id, received.fields.applicant_id, received.fields.amount(kind));
        // The rules run here, on the days the applicant's last event left, and again inside the
        // write only if the stored days turn out otherwise (see `hints`). An evaluation that
        // fails on a hint is left to the write, which fails on the stored days or does not.
        let hints = self.state().hints.clone();
        let early = hints.get(scope, applicant, at).and_then(|days| received.evaluate(days).ok());
        self.engine
            .core
            .db
            .write(move |conn| {
                let days = applicant_days(conn, scope, applicant, at)?;
                let e = match early {
                    Some(e) if e.days == days => e,
                    _ => received.evaluate(days)?,
                };
                store::put_day(conn, scope, applicant, &store::day_of(at), &e.counted)?;
                store::insert_event(conn, scope, &e.result, &e.packed, amount)?;
                // The webhook's payload is the result: the same compressed bytes are stored for both.
                crate::events::emit_packed(
                    conn,
                    scope,
                    &crate::events::NewEvent {
                        id: crate::events::EventId::new(real_now),
                        event_type: EVENT,
                        subject: Some(id.as_uuid()),
                        payload: &e.json,
                        at,
                        real_now,
                    },
                    &e.packed,
                )?;
                hints.set(scope, applicant, e.left);
                // Handed back to be freed here, off the writer's thread (perf: freeing an event's
                // result and fields was about a twentieth of the writer's time).
                Ok((e.result, e.json, e.packed, received))
            })
            .await?;
        Ok(id)
    }

    /// An event's result.
    pub async fn event(&self, scope: Scope, id: EventId) -> Result<EventResult> {
        self.engine
            .core
            .db
            .read(move |conn| {
                let Some(mut event) = store::get_event(conn, scope, id)? else { return Ok(None) };
                event.review = store::get_review(conn, scope, id)?;
                Ok(Some(event))
            })
            .await?
            .ok_or(Error::not_found(EventId::WHAT))
    }

    /// Events with their results, newest first.
    pub async fn events(&self, scope: Scope, filter: EventFilter, page: PageRequest) -> Result<Page<EventResult>> {
        self.engine
            .core
            .db
            .read(move |conn| {
                let mut page = store::list_events(conn, scope, &filter, page)?;
                for event in &mut page.data {
                    event.review = store::get_review(conn, scope, event.event_id)?;
                }
                Ok(page)
            })
            .await
    }

    /// An applicant's statistics now (without a new event), and its days of the last 30.
    pub async fn applicant_stats(&self, scope: Scope, applicant: ApplicantId) -> Result<ApplicantStats> {
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .read(move |conn| {
                if !crate::applicants::store::exists(conn, scope, applicant)? {
                    return Err(Error::not_found("applicant"));
                }
                let (first, last) = stats::window(now);
                let days = store::days(conn, scope, applicant, &first, &last)?;
                Ok(ApplicantStats {
                    stats: Aggregates::of(now, &days).served(),
                    days: days
                        .into_iter()
                        .map(|(day, d)| DayStats {
                            day,
                            transactions_count: d.events,
                            sum: d.sum.to_string(),
                            min: d.min.unwrap_or_default().to_string(),
                            max: d.max.unwrap_or_default().to_string(),
                        })
                        .collect(),
                })
            })
            .await
    }

    /// Evaluates an expression on one event without storing anything.
    pub async fn try_expression(&self, scope: Scope, input: TryRequest) -> Result<Tried> {
        let expression = docket_rules::compile(&input.expression)
            .map_err(|e| Error::invalid("expression", format!("the expression does not compile: {e}")))?;
        let (fields, stats) = match (input.event_id, input.event) {
            (Some(id), None) => {
                let stored = self.event(scope, id).await?;
                (fields::parse(stored.event_type, &stored.event)?, stored.stats)
            }
            (None, Some(body)) => {
                let kind = input.event_type.unwrap_or(EventKind::Transaction);
                let fields = fields::parse(kind, &body)?;
                let now = self.engine.now(scope);
                let applicant = fields.applicant_id;
                let days = self.engine.core.db.read(move |conn| applicant_days(conn, scope, applicant, now)).await?;
                // Counted as if it were submitted now.
                let (days, _) = stats::counted(&days, &store::day_of(now), fields.amount(kind))?;
                (fields, Aggregates::of(now, &days).served())
            }
            _ => {
                return Err(Error::invalid_request(
                    "give either event_id (a stored event) or event (its fields, with event_type)",
                ));
            }
        };
        let facts = Facts { fields: &fields.values, stat: |s| stats::served_value(&stats, s) };
        let outcome = expression.evaluate(&facts);
        let fields_read = expression
            .event_fields()
            .into_iter()
            .filter_map(|f| fields.submitted.get(f).map(|v| (f.to_owned(), v.clone())))
            .collect();
        Ok(Tried {
            fires: outcome == Ok(true),
            error: outcome.err().map(|e| TryError {
                code: e.code().to_owned(),
                message: e.kind.to_string(),
                line: e.line as u32,
                column: e.column as u32,
            }),
            stats,
            fields_read,
        })
    }

    /// Replays the stored events of a period through the draft rules and the active ones.
    pub async fn backtest(
        &self,
        scope: Scope,
        input: BacktestRequest,
        from: Timestamp,
        to: Timestamp,
    ) -> Result<Backtest> {
        if from >= to {
            return Err(Error::invalid("from", "must be before to"));
        }
        let real_now = self.engine.real_now();
        let (builtin, custom) = self.engine.core.db.read(move |conn| Self::all_rules(conn, scope)).await?;
        let current: Vec<Rule> = builtin.into_iter().chain(custom).collect();
        let mut draft: Vec<Rule> = if input.replace { Vec::new() } else { current.clone() };
        for (i, d) in input.rules.iter().enumerate() {
            let field = |f: &str| format!("rules[{i}].{f}");
            // The same checks as a saved rule's, each refusal naming the draft's item.
            let checked = check(d).map_err(|e| match e {
                Error::Invalid(i) => Error::invalid(field(i.field.as_deref().unwrap_or("rule")), i.message),
                other => other,
            })?;
            let base =
                match d.id {
                    Some(id) => current.iter().find(|r| r.id == id).cloned().ok_or_else(|| {
                        Error::invalid(field("id"), format!("no rule {id} (leave id out to add a rule)"))
                    })?,
                    None => Rule {
                        id: RuleId::new(real_now),
                        organization_id: scope.organization.as_uuid(),
                        name: String::new(),
                        status: RuleStatus::Active,
                        event_type: d.event_type,
                        rank: d.rank,
                        expression: String::new(),
                        causes: Vec::new(),
                        action: None,
                        builtin: false,
                        created_at: real_now,
                        updated_at: real_now,
                    },
                };
            let rule = Rule {
                name: checked.name,
                status: d.status,
                event_type: d.event_type,
                rank: d.rank,
                expression: d.expression.clone(),
                causes: checked.causes,
                action: d.action,
                ..base
            };
            draft.retain(|r| r.id != rule.id);
            draft.push(rule);
        }
        let active_set = RuleSet::of(current.clone());
        let draft_set = RuleSet::of(draft.clone());
        let kind = input.event_type;
        self.engine
            .core
            .db
            .read(move |conn| {
                let mut report = Replay::new(from, to, &current, &draft);
                let mut too_many = false;
                store::each_event(conn, scope, kind, from, to, |event| {
                    if report.out.events >= BACKTEST_MAX_EVENTS {
                        too_many = true;
                        return Ok(false);
                    }
                    report.replay(&active_set, &draft_set, event);
                    Ok(true)
                })?;
                if too_many {
                    return Err(Error::invalid_request(format!(
                        "the period holds more than {BACKTEST_MAX_EVENTS} events: narrow it (from, to, event_type)"
                    )));
                }
                Ok(report.out)
            })
            .await
    }
}

/// A backtest under way.
struct Replay {
    out: Backtest,
    index: HashMap<RuleId, usize>,
}

impl Replay {
    fn new(from: Timestamp, to: Timestamp, current: &[Rule], draft: &[Rule]) -> Self {
        let mut rules: Vec<BacktestRule> = Vec::new();
        let mut index = HashMap::new();
        let live = |r: &Rule| r.status == RuleStatus::Active;
        for r in current.iter().filter(|r| live(r)).chain(draft.iter().filter(|r| live(r))) {
            if index.contains_key(&r.id) {
                continue;
            }
            index.insert(r.id, rules.len());
            rules.push(BacktestRule {
                rule_id: r.id,
                name: draft.iter().find(|d| d.id == r.id).map_or(&r.name, |d| &d.name).clone(),
                event_type: r.event_type,
                in_active: current.iter().any(|c| c.id == r.id && live(c)),
                in_draft: draft.iter().any(|d| d.id == r.id && live(d)),
                hits_active: 0,
                hits_draft: 0,
                errors_active: 0,
                errors_draft: 0,
                error_codes: Default::default(),
                first_error: None,
            });
        }
        Replay {
            out: Backtest {
                from,
                to,
                events: 0,
                active: BacktestDecisions::default(),
                draft: BacktestDecisions::default(),
                rules,
                newly_flagged_count: 0,
                newly_flagged: Vec::new(),
                no_longer_flagged_count: 0,
                no_longer_flagged: Vec::new(),
                changed: 0,
                unscreened: 0,
            },
            index,
        }
    }

    fn replay(&mut self, active: &RuleSet, draft: &RuleSet, event: EventResult) {
        let Ok(fields) = fields::parse(event.event_type, &event.event) else { return };
        let facts = Facts { fields: &fields.values, stat: |s| stats::served_value(&event.stats, s) };
        let screening = event.checks.aml_payee.clone();
        if screening.is_none() && fields.payee_name().is_some() && event.event_type == EventKind::Transaction {
            self.out.unscreened += 1;
        }
        let mut a = evaluate::run(active, event.event_type, &facts, screening.clone());
        let mut d = evaluate::run(draft, event.event_type, &facts, screening);
        evaluate::with_wallets(&mut a, event.checks.kyt_wallets.clone());
        evaluate::with_wallets(&mut d, event.checks.kyt_wallets.clone());
        self.out.events += 1;
        self.out.active.add(a.decision);
        self.out.draft.add(d.decision);
        for id in a.fired_ids() {
            if let Some(&i) = self.index.get(&id) {
                self.out.rules[i].hits_active += 1;
            }
        }
        for id in d.fired_ids() {
            if let Some(&i) = self.index.get(&id) {
                self.out.rules[i].hits_draft += 1;
            }
        }
        for e in &a.errors {
            if let Some(&i) = self.index.get(&e.rule_id) {
                self.out.rules[i].errors_active += 1;
            }
        }
        for e in &d.errors {
            if let Some(&i) = self.index.get(&e.rule_id) {
                let r = &mut self.out.rules[i];
                r.errors_draft += 1;
                *r.error_codes.entry(e.code.clone()).or_default() += 1;
                if r.first_error.is_none() {
                    r.first_error =
                        Some(format!("event {}: {} (line {}, column {})", event.event_id, e.message, e.line, e.column));
                }
            }
        }
        if a.decision != d.decision {
            self.out.changed += 1;
            let change = || BacktestChange {
                event_id: event.event_id,
                applicant_id: event.applicant_id,
                event_type: event.event_type,
                received_at: event.received_at,
                active: a.decision,
                draft: d.decision,
                causes: d.causes.clone(),
            };
            match (a.decision, d.decision) {
                (Decision::Allow, _) => {
                    self.out.newly_flagged_count += 1;
                    if self.out.newly_flagged.len() < 100 {
                        self.out.newly_flagged.push(change());
                    }
                }
                (_, Decision::Allow) => {
                    self.out.no_longer_flagged_count += 1;
                    if self.out.no_longer_flagged.len() < 100 {
                        self.out.no_longer_flagged.push(change());
                    }
                }
                _ => {}
            }
        }
    }
}

/// An applicant's statistics (`GET /api/v3/transmon/applicants/{applicant_id}/stats`).
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApplicantStats {
    /// As a rule would see them now, before a new event.
    pub stats: Stats,
    /// The applicant's days of the last 30 with events, newest first.
    pub days: Vec<DayStats>,
}

#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DayStats {
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    pub transactions_count: u64,
    pub sum: String,
    pub min: String,
    pub max: String,
}
