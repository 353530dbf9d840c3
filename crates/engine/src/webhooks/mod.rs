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

use std::collections::HashSet;
use std::sync::Mutex;

pub use delivery::SCHEDULE;
pub use model::{
    Attempt, AttemptCause, Delivery, DeliveryDetail, DeliveryId, DeliveryState, EventType, RotatedSecret, Webhook,
    WebhookCreated, WebhookId, WebhookInput, WebhookSettings, WebhookSettingsPatch,
};
pub use secret::{MasterKey, SigningSecret};
pub use service::{HISTORY_BOUNDS, MAX_WEBHOOKS, Webhooks};
pub use transport::Transport;

use crate::error::{Error, Result};

/// Webhook state of an engine: the master key, what wakes the delivery loop, what is in flight.
pub(crate) struct WebhookState {
    master_key: Option<MasterKey>,
    wake: tokio::sync::Notify,
    in_flight: Mutex<HashSet<DeliveryId>>,
}

impl WebhookState {
    pub(crate) fn new(master_key: Option<MasterKey>) -> Self {
        WebhookState { master_key, wake: tokio::sync::Notify::new(), in_flight: Mutex::new(HashSet::new()) }
    }

    pub(crate) fn master_key(&self) -> Result<&MasterKey> {
        self.master_key.as_ref().ok_or_else(|| {
            Error::Unavailable("webhooks need a master key to keep signing secrets; this process has none".into())
        })
    }

    /// Tells the delivery loop to look for due deliveries.
    pub(crate) fn wake(&self) {
        self.wake.notify_one();
    }

    /// Marks a delivery as in flight; false if it already is.
    fn claim(&self, id: DeliveryId) -> bool {
        self.in_flight.lock().unwrap_or_else(|e| e.into_inner()).insert(id)
    }

    fn release(&self, id: DeliveryId) {
        self.in_flight.lock().unwrap_or_else(|e| e.into_inner()).remove(&id);
    }
}
