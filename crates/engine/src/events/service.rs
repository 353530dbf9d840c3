//! Reading the outbox.

use super::model::Event;
use super::store;
use crate::Engine;
use crate::error::Result;
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;

/// Bounds of the event list.
pub const LIST_BOUNDS: Bounds = Bounds { min: 1, max: 200, default: 50 };

pub struct Events<'e> {
    pub(crate) engine: &'e Engine,
}

impl Events<'_> {
    /// Events of one environment, newest first, optionally of one type.
    pub async fn list(&self, scope: Scope, event_type: Option<String>, page: PageRequest) -> Result<Page<Event>> {
        self.engine.core.db.read(move |conn| store::list(conn, scope, event_type.as_deref(), page)).await
    }
}
