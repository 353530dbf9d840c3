//! Transaction monitoring (issue 15): caller-defined rules in the rule language of
//! `docket-rules`, evaluated on every submitted transaction or payment with the applicant's
//! statistics, Docket's own check of the payee, results by webhook, and backtests of draft
//! rule sets over stored events.
//!
//! - `model`: rules, events and results as served; `fields`: a submitted event's fields, typed;
//! - `stats`: `stats.<period>.<indicator>` from per-applicant daily aggregates;
//! - `builtin`: Docket's own rules (inactive until activated); `evaluate`: the rules in order,
//!   pure, shared by the live path and backtests;
//! - `hints`: each applicant's days as its last event left them, so rules run before the write;
//! - `review`: the console's review of flagged events (disposition with a note, assignee);
//! - `store`, `service`: the SQL and the operations; `demo`: the demo data's history.

mod builtin;
mod demo;
mod evaluate;
mod fields;
mod hints;
mod model;
mod review;
mod service;
mod stats;
pub(crate) mod store;

pub use model::*;
pub use review::{NewAssignee, NewDisposition};
pub use service::{
    ApplicantStats, Backtest, BacktestChange, BacktestDecisions, BacktestRequest, BacktestRule, DayStats, EVENT,
    ExpressionError, LIST_BOUNDS, NewRule, Transmon, Tried, TryError, TryRequest, Validation, validate,
};
pub use store::{EventFilter, ReviewField};

pub(crate) use service::TransmonState;

use crate::domains::{Count, Domain, Reset, Table};

/// Rules are configuration and outlive a sandbox reset; events and their statistics go.
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[
        Table { name: "transmon_rules", reset: Reset::Keep, counts: &[Count::all("transmon_rules")] },
        Table { name: "transmon_builtin_status", reset: Reset::Keep, counts: &[] },
        Table {
            name: "transmon_events",
            reset: Reset::Delete(Some("transmon_events")),
            counts: &[Count::all("transmon_events")],
        },
        Table { name: "transmon_daily", reset: Reset::Delete(None), counts: &[] },
        Table { name: "transmon_reviews", reset: Reset::Delete(None), counts: &[] },
    ],
    after_reset: None,
};
