//! Webhooks: endpoints, signing secrets kept encrypted, signed at-least-once delivery of outbox
//! events with retries, the delivery history, replays and test events.
//!
//! Events enter the outbox (`events`) in the transaction of the change that causes them; in that
//! same transaction `store::fan_out` queues one delivery per subscribed endpoint, with its
//! envelope rendered once, so a crash loses none. `delivery` sends them (through a
//! [`Transport`] the serving process provides), `signature` signs and verifies, `secret` keeps
//! secrets sealed under the master key, `address` decides which URLs and addresses are allowed.

pub mod address;
mod delivery;
mod model;
pub mod samples;
pub mod secret;
mod service;
pub mod signature;
pub(crate) mod store;
pub mod transport;

pub use delivery::SCHEDULE;
pub use model::{
    AddressGuard, Attempt, AttemptCause, Delivery, DeliveryDetail, DeliveryId, DeliveryState, EventType, RotatedSecret,
    Webhook, WebhookCreated, WebhookId, WebhookInput, WebhookSettings, WebhookSettingsPatch,
};
pub use secret::{MasterKey, SigningSecret};
pub use service::{ADDRESS_GUARD_CHANGED, HISTORY_BOUNDS, MAX_WEBHOOKS, Webhooks};
pub use transport::Transport;

use crate::error::{Error, Result};

/// Webhook state of an engine: the master key that opens signing secrets.
pub(crate) struct WebhookState {
    master_key: Option<MasterKey>,
}

impl WebhookState {
    pub(crate) fn new(master_key: Option<MasterKey>) -> Self {
        WebhookState { master_key }
    }

    pub(crate) fn master_key(&self) -> Result<&MasterKey> {
        self.master_key.as_ref().ok_or_else(|| {
            Error::Unavailable("webhooks need a master key to keep signing secrets; this process has none".into())
        })
    }
}

/// Deliveries (with their attempts) are removed by a sandbox reset; endpoints and settings stay.
pub(crate) const DOMAIN: crate::domains::Domain = crate::domains::Domain {
    tables: &[
        crate::domains::Table {
            name: "deliveries",
            reset: crate::domains::Reset::Delete(Some("deliveries")),
            counts: &[
                crate::domains::Count { name: "deliveries_pending", filter: Some("state = 'pending'") },
                crate::domains::Count { name: "deliveries_failed", filter: Some("state = 'failed'") },
            ],
        },
        crate::domains::Table {
            name: "webhooks",
            reset: crate::domains::Reset::Keep,
            counts: &[crate::domains::Count::all("webhooks")],
        },
        crate::domains::Table { name: "webhook_settings", reset: crate::domains::Reset::Keep, counts: &[] },
    ],
    after_reset: None,
};
