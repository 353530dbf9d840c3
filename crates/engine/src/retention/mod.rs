//! Retention (issue 16): how long each environment keeps its request journal, finished webhook
//! deliveries and AML search history, enforced every hour (and at once when changed) on the
//! due-work module's periodic loop. Each domain's store deletes its own records; this domain
//! keeps the settings.

mod model;
mod service;
mod store;

pub use model::*;
pub use service::Retention;
pub(crate) use service::spawn;

use crate::domains::{Domain, Reset, Table};

/// Settings outlive a sandbox reset.
pub(crate) const DOMAIN: Domain =
    Domain { tables: &[Table { name: "retention_settings", reset: Reset::Keep, counts: &[] }], after_reset: None };
