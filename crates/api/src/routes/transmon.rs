//! `/api/v3/transmon`: transaction-monitoring rules, transaction and payment events
//! (public-api.md section 6), and Docket's additions: a rule's own endpoints (get, delete,
//! activate, deactivate), results by event id, checking and trying an expression, an
//! applicant's statistics, and backtests; under `/_docket`, the console's review of flagged
//! events (disposition, assignee).

use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::applicants::ApplicantId;
use docket_engine::page::Page;
use docket_engine::transmon::{
    ApplicantStats, Backtest, BacktestRequest, Decision, Disposition, EventBody, EventFilter, EventId, EventKind,
    EventResult, LIST_BOUNDS, NewAssignee, NewDisposition, NewRule, ReviewField, Rule, RuleEventType, RuleId, RuleList,
    RuleStatus, Submitted, Tried, TryRequest, Validation,
};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::kyb::time_bound;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, JsonExact, Paging, Query, SignedIn, TextPath};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_rule, all_rules))
        .routes(routes!(get_rule, update_rule, delete_rule))
        .routes(routes!(list_rules))
        .routes(routes!(activate))
        .routes(routes!(deactivate))
        .routes(routes!(validate))
        .routes(routes!(try_rule))
        .routes(routes!(transaction))
        .routes(routes!(payment))
        .routes(routes!(events))
        .routes(routes!(event))
        .routes(routes!(dispose))
        .routes(routes!(assign))
        .routes(routes!(applicant_stats))
        .routes(routes!(backtest))
}

const TAG: &str = "Transaction monitoring";

/// Create a rule
///
/// Every field but `action` is required. The expression is compiled first: one that does not
/// compile is a `400` whose message names the line and column and shows the expression with a
/// caret. Answers `201` with the new rule's id as a bare JSON string, as the public service does.
#[utoipa::path(
    post, path = "/api/v3/transmon/rules", tag = TAG, operation_id = "createTransmonRule",
    request_body(content = NewRule, example = json!({"name": "New user, high price", "status": "active", "event_type": "payment_pre", "rank": 10,
        "expression": "event.user_ds_registration == 0 && event.checkout_price > 1000", "causes": ["NEW_USER", "HI_PR"], "action": "reject"})),
    responses(
        (status = 201, description = "The new rule's id", body = String),
        (status = 400, description = "Invalid field, or an expression that does not compile", body = ErrorBody),
    )
)]
async fn create_rule(
    State(state): State<AppState>,
    caller: Caller,
    Json(input): Json<NewRule>,
) -> ApiResult<(StatusCode, Json<String>)> {
    let id = state.engine.transmon().create_rule(caller.scope(), input).await?;
    Ok((StatusCode::CREATED, Json(id.to_string())))
}

/// Replace a rule
///
/// The same body as the create. Answers the rule. Docket's built-in rules cannot be edited
/// (`409`): activate or deactivate them, or copy one.
#[utoipa::path(
    put, path = "/api/v3/transmon/rules/{rule_id}", tag = TAG, operation_id = "updateTransmonRule",
    params(("rule_id" = String, Path, format = Uuid)),
    request_body = NewRule,
    responses(
        (status = 200, description = "The rule", body = Rule),
        (status = 400, description = "Invalid field, or an expression that does not compile", body = ErrorBody),
        (status = 404, description = "No such rule", body = ErrorBody),
        (status = 409, description = "A built-in rule", body = ErrorBody),
    )
)]
async fn update_rule(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<RuleId>,
    Json(input): Json<NewRule>,
) -> ApiResult<Json<Rule>> {
    Ok(Json(state.engine.transmon().update_rule(caller.scope(), id, input).await?))
}

/// Get a rule
///
/// Docket's addition (the public service has none).
#[utoipa::path(
    get, path = "/api/v3/transmon/rules/{rule_id}", tag = TAG, operation_id = "getTransmonRule",
    params(("rule_id" = String, Path, format = Uuid)),
    responses((status = 200, description = "The rule", body = Rule), (status = 404, description = "No such rule", body = ErrorBody))
)]
async fn get_rule(State(state): State<AppState>, caller: Caller, IdPath(id): IdPath<RuleId>) -> ApiResult<Json<Rule>> {
    Ok(Json(state.engine.transmon().rule(caller.scope(), id).await?))
}

/// Delete a rule
///
/// Docket's addition. Answers `204`. A built-in rule cannot be removed (`409`): deactivate it.
#[utoipa::path(
    delete, path = "/api/v3/transmon/rules/{rule_id}", tag = TAG, operation_id = "deleteTransmonRule",
    params(("rule_id" = String, Path, format = Uuid)),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such rule", body = ErrorBody),
        (status = 409, description = "A built-in rule", body = ErrorBody),
    )
)]
async fn delete_rule(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<RuleId>,
) -> ApiResult<StatusCode> {
    state.engine.transmon().delete_rule(caller.scope(), id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// List the rules of an event type
///
/// `{builtin_rules, custom_rules}`, each in evaluation order (rank, then creation).
/// `event_type`: `transaction_pre`, `transaction_post`, `payment_pre` or `payment_post`.
#[utoipa::path(
    get, path = "/api/v3/transmon/rules/list/{event_type}", tag = TAG, operation_id = "listTransmonRules",
    params(("event_type" = String, Path)),
    responses((status = 200, description = "The rules", body = RuleList), (status = 400, description = "Unknown event type", body = ErrorBody))
)]
async fn list_rules(
    State(state): State<AppState>,
    caller: Caller,
    TextPath(event_type): TextPath,
) -> ApiResult<Json<RuleList>> {
    let Some(t) = RuleEventType::parse(event_type.trim()) else {
        return Err(ApiError::bad_request(
            "event_type: one of transaction_pre, transaction_post, payment_pre, payment_post",
        )
        .with_field("event_type"));
    };
    Ok(Json(state.engine.transmon().rules(caller.scope(), Some(t)).await?))
}

/// List every rule
///
/// Docket's addition: the rules of all four event types at once.
#[utoipa::path(
    get, path = "/api/v3/transmon/rules", tag = TAG, operation_id = "listAllTransmonRules",
    responses((status = 200, description = "The rules", body = RuleList))
)]
async fn all_rules(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<RuleList>> {
    Ok(Json(state.engine.transmon().rules(caller.scope(), None).await?))
}

/// Activate a rule
///
/// Docket's addition; Docket's built-in rules too (they start inactive).
#[utoipa::path(
    post, path = "/api/v3/transmon/rules/{rule_id}/activate", tag = TAG, operation_id = "activateTransmonRule",
    params(("rule_id" = String, Path, format = Uuid)),
    responses((status = 200, description = "The rule", body = Rule), (status = 404, description = "No such rule", body = ErrorBody))
)]
async fn activate(State(state): State<AppState>, caller: Caller, IdPath(id): IdPath<RuleId>) -> ApiResult<Json<Rule>> {
    Ok(Json(state.engine.transmon().set_status(caller.scope(), id, RuleStatus::Active).await?))
}

/// Deactivate a rule
///
/// Docket's addition.
#[utoipa::path(
    post, path = "/api/v3/transmon/rules/{rule_id}/deactivate", tag = TAG, operation_id = "deactivateTransmonRule",
    params(("rule_id" = String, Path, format = Uuid)),
    responses((status = 200, description = "The rule", body = Rule), (status = 404, description = "No such rule", body = ErrorBody))
)]
async fn deactivate(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<RuleId>,
) -> ApiResult<Json<Rule>> {
    Ok(Json(state.engine.transmon().set_status(caller.scope(), id, RuleStatus::Inactive).await?))
}

/// An expression to check.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ValidateInput {
    expression: String,
    /// The rule's event type (`transaction_pre`, `payment_post`, ...): the expression is then
    /// checked against that type's fields, as saving the rule does (`event.amount` on a payment
    /// rule is an error). Without it, only what any event allows.
    #[serde(default)]
    event_type: Option<RuleEventType>,
}

/// Check an expression
///
/// Docket's addition, for editors: compiles the expression without saving anything. A valid
/// one gives the fields and statistics it reads; an invalid one its error with the line, the
/// column and the range to underline. With `event_type`, a field that type's events do not
/// have is an error (a payment has no `amount`: its amount is `checkout_price`), and the known
/// fields' types are checked. Always `200` for an expression, valid or not.
#[utoipa::path(
    post, path = "/api/v3/transmon/rules/validate", tag = TAG, operation_id = "validateTransmonExpression",
    request_body(content = ValidateInput, example = json!({"expression": "event.amount > 1000", "event_type": "payment_pre"})),
    responses((status = 200, description = "The check", body = Validation), (status = 400, description = "No expression", body = ErrorBody))
)]
async fn validate(Json(input): Json<ValidateInput>) -> ApiResult<Json<Validation>> {
    if input.expression.len() > 20_000 {
        return Err(ApiError::bad_request("expression: at most 10,000 bytes").with_field("expression"));
    }
    Ok(Json(docket_engine::transmon::validate(&input.expression, input.event_type)))
}

/// Try an expression on an event
///
/// Docket's addition: evaluates an expression on a stored event (`event_id`: its fields and
/// statistics as they were) or on fields given here (`event_type` and `event`: the applicant's
/// statistics now, with the event counted as if submitted). Nothing is stored.
#[utoipa::path(
    post, path = "/api/v3/transmon/rules/try", tag = TAG, operation_id = "tryTransmonExpression",
    request_body = TryRequest,
    responses(
        (status = 200, description = "Whether it fires, and why not when it failed", body = Tried),
        (status = 400, description = "An expression that does not compile, or invalid event fields", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    )
)]
async fn try_rule(
    State(state): State<AppState>,
    caller: Caller,
    JsonExact(input): JsonExact<TryRequest>,
) -> ApiResult<Json<Tried>> {
    Ok(Json(state.engine.transmon().try_expression(caller.scope(), input).await?))
}

/// Send a transaction event
///
/// `applicant_id` is required; the other fields of public-api.md section 6 are optional and
/// typed (amounts as strings such as `"560.00"` or as numbers, both read from their digits, and
/// refused with a `400` when they have more than a decimal holds exactly; day counts and
/// scores as whole numbers; country codes ISO 3166-1 alpha-2); fields of your own are kept for
/// `event.<field>` (strings, numbers or booleans). Evaluated at once: the `*_pre` rules, the
/// payee's watchlist screening (`payee_alias`), the `*_post` rules. Answers `201` with the
/// event's id; its result is readable at `GET /api/v3/transmon/events/{event_id}` at once and
/// is delivered as `TRANSACTION_MONITORING`.
#[utoipa::path(
    post, path = "/api/v3/transmon/transaction", tag = TAG, operation_id = "sendTransmonTransaction",
    request_body(content = Object, example = json!({"applicant_id": "0193a7a2-0000-7000-8000-000000000001", "amount": "560.00",
        "currency_code": "EUR", "payee_country_cd": "US", "payee_alias": "John Doe", "user_ds_registration": 3})),
    responses(
        (status = 201, description = "The event's id", body = Submitted),
        (status = 400, description = "A missing or invalid field (named), or an unknown applicant", body = ErrorBody),
    )
)]
async fn transaction(
    State(state): State<AppState>,
    caller: Caller,
    JsonExact(body): JsonExact<EventBody>,
) -> ApiResult<(StatusCode, Json<Submitted>)> {
    let event_id = state.engine.transmon().submit(caller.scope(), EventKind::Transaction, body).await?;
    Ok((StatusCode::CREATED, Json(Submitted { event_id })))
}

/// Send a payment event
///
/// `applicant_id` and `checkout_billing_country` are required; otherwise as a transaction (a
/// payment's amount is `checkout_price`). No payee screening.
#[utoipa::path(
    post, path = "/api/v3/transmon/payment", tag = TAG, operation_id = "sendTransmonPayment",
    request_body(content = Object, example = json!({"applicant_id": "0193a7a2-0000-7000-8000-000000000001", "checkout_billing_country": "DE",
        "checkout_price": "560.00", "checkout_isguest": false, "checkout_card_bin": "259703"})),
    responses(
        (status = 201, description = "The event's id", body = Submitted),
        (status = 400, description = "A missing or invalid field (named), or an unknown applicant", body = ErrorBody),
    )
)]
async fn payment(
    State(state): State<AppState>,
    caller: Caller,
    JsonExact(body): JsonExact<EventBody>,
) -> ApiResult<(StatusCode, Json<Submitted>)> {
    let event_id = state.engine.transmon().submit(caller.scope(), EventKind::Payment, body).await?;
    Ok((StatusCode::CREATED, Json(Submitted { event_id })))
}

/// Filters of the event list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct EventParams {
    /// One applicant's events.
    applicant_id: Option<String>,
    /// `transaction` or `payment`.
    event_type: Option<String>,
    /// `allow`, `review` or `reject`.
    decision: Option<String>,
    /// Received at or after (RFC 3339 or a date), on the environment's clock.
    from: Option<String>,
    /// Received before.
    to: Option<String>,
    /// Flagged events by their review's disposition: `cleared`, `escalated`, `reported`, or
    /// `none` (flagged, not disposed of yet).
    disposition: Option<String>,
    /// Flagged events by who works them: a console reviewer's id, or `none` (nobody yet).
    assignee: Option<String>,
}

/// List events with their results
///
/// Docket's addition. Newest first; `limit` 1 to 100 (default 25). Each flagged event carries
/// its `review` (disposition, assignee); `disposition` and `assignee` keep flagged events by
/// them, `none` those still without one, and combine with every other filter.
#[utoipa::path(
    get, path = "/api/v3/transmon/events", tag = TAG, operation_id = "listTransmonEvents",
    params(Paging, EventParams),
    responses((status = 200, description = "One page of results", body = Page<EventResult>), (status = 400, description = "Invalid filter", body = ErrorBody))
)]
async fn events(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(p): Query<EventParams>,
) -> ApiResult<Json<Page<EventResult>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let blank = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let filter = EventFilter {
        applicant_id: blank(p.applicant_id)
            .map(|s| {
                s.parse::<ApplicantId>()
                    .map_err(|_| ApiError::bad_request("applicant_id: not a UUID").with_field("applicant_id"))
            })
            .transpose()?,
        kind: blank(p.event_type)
            .map(|s| {
                EventKind::parse(&s)
                    .ok_or_else(|| ApiError::bad_request("event_type: transaction or payment").with_field("event_type"))
            })
            .transpose()?,
        decision: blank(p.decision)
            .map(|s| {
                Decision::parse(&s)
                    .ok_or_else(|| ApiError::bad_request("decision: allow, review or reject").with_field("decision"))
            })
            .transpose()?,
        from: time_bound("from", p.from.as_deref())?,
        to: time_bound("to", p.to.as_deref())?,
        disposition: blank(p.disposition)
            .map(|s| match s.as_str() {
                "none" => Ok(ReviewField::Unset),
                _ => Disposition::parse(&s).map(ReviewField::Is).ok_or_else(|| {
                    ApiError::bad_request("disposition: cleared, escalated, reported or none").with_field("disposition")
                }),
            })
            .transpose()?,
        assignee: blank(p.assignee)
            .map(|s| match s.as_str() {
                "none" => Ok(ReviewField::Unset),
                _ => s.parse().map(ReviewField::Is).map_err(|_| {
                    ApiError::bad_request("assignee: a reviewer's id (a UUID) or none").with_field("assignee")
                }),
            })
            .transpose()?,
    };
    Ok(Json(state.engine.transmon().events(caller.scope(), filter, page).await?))
}

/// Get an event's result
///
/// Docket's addition: the decision, the fired rules with their causes, rule errors, Docket's
/// checks, the statistics used and the event as submitted; the same as the
/// `TRANSACTION_MONITORING` webhook's payload.
#[utoipa::path(
    get, path = "/api/v3/transmon/events/{event_id}", tag = TAG, operation_id = "getTransmonEvent",
    params(("event_id" = String, Path, format = Uuid)),
    responses((status = 200, description = "The result", body = EventResult), (status = 404, description = "No such event", body = ErrorBody))
)]
async fn event(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<EventId>,
) -> ApiResult<Json<EventResult>> {
    Ok(Json(state.engine.transmon().event(caller.scope(), id).await?))
}

/// Dispose of a flagged event
///
/// A console reviewer's conclusion on an event that was flagged (`review` or `reject`):
/// `cleared`, `escalated` or `reported`, with a note saying why (required). A later disposition
/// replaces it; each is on the audit chain. The event's `review` shows it (not the webhook's
/// payload, which was sent when the event arrived). An allowed event is a `409`.
#[utoipa::path(
    post, path = "/_docket/transmon/events/{event_id}/disposition", tag = TAG, operation_id = "disposeTransmonEvent",
    params(("event_id" = String, Path, format = Uuid)),
    request_body(content = NewDisposition, example = json!({"disposition": "cleared", "note": "Known supplier; invoice on file."})),
    responses(
        (status = 200, description = "The event with its review", body = EventResult),
        (status = 400, description = "Unknown disposition or no note", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "The event was not flagged", body = ErrorBody),
    )
)]
async fn dispose(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<EventId>,
    Json(input): Json<NewDisposition>,
) -> ApiResult<Json<EventResult>> {
    Ok(Json(state.engine.transmon().dispose(me.scope, id, input, me.reviewer).await?))
}

/// Assign a flagged event
///
/// Gives a flagged event to a reviewer of the organization (`reviewer_id`), or lets it go
/// (`null`). A reviewer takes an unassigned event or lets go of their own; assigning someone
/// else, or taking an event from them, is a senior's or an admin's (`403` otherwise). On the
/// audit chain.
#[utoipa::path(
    post, path = "/_docket/transmon/events/{event_id}/assignee", tag = TAG, operation_id = "assignTransmonEvent",
    params(("event_id" = String, Path, format = Uuid)),
    request_body(content = NewAssignee, example = json!({"reviewer_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b"})),
    responses(
        (status = 200, description = "The event with its review", body = EventResult),
        (status = 400, description = "No such reviewer, or a disabled one", body = ErrorBody),
        (status = 403, description = "Assigning someone else needs a senior or an admin", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "The event was not flagged", body = ErrorBody),
    )
)]
async fn assign(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<EventId>,
    Json(input): Json<NewAssignee>,
) -> ApiResult<Json<EventResult>> {
    Ok(Json(state.engine.transmon().assign(me.scope, id, input, me.reviewer).await?))
}

/// An applicant's statistics
///
/// Docket's addition: `stats.<period>.<indicator>` as a rule would read them now (before a new
/// event), and the applicant's days of the last 30.
#[utoipa::path(
    get, path = "/api/v3/transmon/applicants/{applicant_id}/stats", tag = TAG, operation_id = "getTransmonApplicantStats",
    params(("applicant_id" = String, Path, format = Uuid)),
    responses((status = 200, description = "The statistics", body = ApplicantStats), (status = 404, description = "No such applicant", body = ErrorBody))
)]
async fn applicant_stats(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<ApplicantId>,
) -> ApiResult<Json<ApplicantStats>> {
    Ok(Json(state.engine.transmon().applicant_stats(caller.scope(), id).await?))
}

/// Backtest a draft rule set
///
/// Docket's addition: replays the stored events of a period (default the last 30 days on the
/// environment's clock) through the draft (the current rules changed by `rules`, or only those
/// with `replace`) beside the active rules, with each event's fields, statistics and payee
/// screening as they were. Reports per rule the hits and errors of both, and the events the
/// draft newly flags or no longer flags. Nothing live changes.
#[utoipa::path(
    post, path = "/api/v3/transmon/backtests", tag = TAG, operation_id = "backtestTransmonRules",
    request_body(content = BacktestRequest, example = json!({"from": "2026-01-01", "rules": [
        {"name": "Two or more today", "status": "active", "event_type": "transaction_post", "rank": 5,
         "expression": "stats.last1d.transactions_count >= 2", "causes": ["VELOCITY_1D"]}]})),
    responses(
        (status = 200, description = "The report", body = Backtest),
        (status = 400, description = "Invalid period or draft rule (named), or too many events", body = ErrorBody),
    )
)]
async fn backtest(
    State(state): State<AppState>,
    caller: Caller,
    Json(input): Json<BacktestRequest>,
) -> ApiResult<Json<Backtest>> {
    let scope = caller.scope();
    let now = state.engine.now(scope);
    let to = time_bound("to", input.to.as_deref())?.unwrap_or(now);
    let from = time_bound("from", input.from.as_deref())?
        .unwrap_or_else(|| to.saturating_add(jiff::SignedDuration::from_hours(-24 * 30)));
    Ok(Json(state.engine.transmon().backtest(scope, input, from, to).await?))
}
