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

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

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
    attempts: Mutex<Attempts>,
}

/// How long a fetched batch of due deliveries may be acted on: its rows may be stale after that.
const BATCH_HORIZON: Duration = Duration::from_secs(60);

/// The answer to a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Claim {
    Claimed,
    /// In flight, or attempted since the batch was read.
    Taken,
    /// The batch is too old to act on: read again.
    StaleBatch,
}

/// Deliveries being attempted, and when recent attempts finished.
///
/// A batch read while an attempt was still being recorded shows that delivery as due although
/// it has just been sent: claiming it then would send it twice. So a claim is refused for a
/// delivery whose last attempt finished after the batch was read.
#[derive(Default)]
struct Attempts {
    in_flight: HashSet<DeliveryId>,
    finished: HashMap<DeliveryId, Instant>,
}

impl WebhookState {
    pub(crate) fn new(master_key: Option<MasterKey>) -> Self {
        WebhookState { master_key, wake: tokio::sync::Notify::new(), attempts: Mutex::default() }
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

    fn attempts(&self) -> std::sync::MutexGuard<'_, Attempts> {
        self.attempts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Call before reading a batch of due deliveries; pass what it returns to [`Self::claim`].
    fn batch_read_at(&self) -> Instant {
        let now = Instant::now();
        self.attempts().finished.retain(|_, at| now.duration_since(*at) < BATCH_HORIZON);
        now
    }

    /// Marks a delivery of a batch read at `read_at` as in flight.
    fn claim(&self, id: DeliveryId, read_at: Instant) -> Claim {
        if read_at.elapsed() >= BATCH_HORIZON {
            return Claim::StaleBatch;
        }
        let mut a = self.attempts();
        if a.finished.get(&id).is_some_and(|at| *at >= read_at) || !a.in_flight.insert(id) {
            return Claim::Taken;
        }
        Claim::Claimed
    }

    /// Call once the attempt's outcome is recorded.
    fn release(&self, id: DeliveryId) {
        let mut a = self.attempts();
        a.in_flight.remove(&id);
        a.finished.insert(id, Instant::now());
    }
}
