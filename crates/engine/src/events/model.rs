use serde::Serialize;

use crate::id::typed_id;
use crate::time::Timestamp;

typed_id!(
    /// An event in the outbox: the `id` of every delivery of it.
    EventId,
    "event"
);

/// An event as stored.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Event {
    pub id: EventId,
    pub event_type: String,
    /// The record it is about (an applicant, a case, ...).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub subject_id: Option<uuid::Uuid>,
    /// When it happened, on its environment's clock.
    pub created_at: Timestamp,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub payload: serde_json::Value,
}
