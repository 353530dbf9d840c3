//! Webhook endpoints, their secrets, the delivery history, replays and test events.

use jiff::SignedDuration;
use serde_json::json;

use super::address::check_url;
use super::model::{
    AddressGuard, Delivery, DeliveryDetail, DeliveryId, EventType, RotatedSecret, Webhook, WebhookCreated, WebhookId,
    WebhookInput, WebhookSettings, WebhookSettingsPatch,
};
use super::samples;
use super::secret::SigningSecret;
use super::store::{self, NewDelivery, NewWebhookRow};
use crate::Engine;
use crate::console::{Reviewer, Role};
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;

/// Bounds of the delivery history.
pub const HISTORY_BOUNDS: Bounds = Bounds::V3;

/// Most endpoints per environment.
pub const MAX_WEBHOOKS: usize = 50;

/// The audit event of a switch of the address guard.
pub const ADDRESS_GUARD_CHANGED: &str = "webhook_address_guard_changed";

/// The webhook operations of one engine.
pub struct Webhooks<'e> {
    pub(crate) engine: &'e Engine,
}

/// An endpoint's settings, checked.
struct Checked {
    url: String,
    event_types: Vec<EventType>,
    enabled: bool,
}

impl Webhooks<'_> {
    async fn check(&self, scope: Scope, input: WebhookInput) -> Result<Checked> {
        if let Some(sandbox) = input.is_sandbox
            && sandbox != scope.is_sandbox()
        {
            return Err(Error::invalid(
                "is_sandbox",
                format!(
                    "is {sandbox} but the API key is a {} key: an endpoint receives the events of its key's \
                     environment (leave is_sandbox out, or use a {} key)",
                    scope.environment,
                    if sandbox { "sandbox" } else { "production" }
                ),
            ));
        }
        let settings = self.settings(scope).await?;
        let url = check_url(&input.webhook_url, scope.is_sandbox() || settings.allow_private_addresses)?;
        let mut event_types = input.event_types;
        if event_types.is_empty() {
            return Err(Error::invalid("event_types", "must name at least one event type (or ALL)"));
        }
        event_types.sort();
        event_types.dedup();
        Ok(Checked { url, event_types, enabled: input.enabled.unwrap_or(true) })
    }

    fn seal(&self, id: WebhookId, secret: &SigningSecret) -> Result<Vec<u8>> {
        self.engine.core.webhooks.master_key()?.seal(secret.key(), id.as_uuid().as_bytes())
    }

    /// Creates an endpoint with a new signing secret, returned only now.
    pub async fn create(&self, scope: Scope, input: WebhookInput) -> Result<WebhookCreated> {
        let checked = self.check(scope, input).await?;
        let at = self.engine.now(scope);
        let id = WebhookId::new(self.engine.real_now());
        let secret = SigningSecret::generate();
        let sealed = self.seal(id, &secret)?;
        let check = self.engine.core.webhooks.master_key()?.check_value()?;
        self.engine
            .core
            .db
            .write(move |conn| {
                if store::webhooks(conn, scope)?.len() >= MAX_WEBHOOKS {
                    return Err(Error::Conflict(format!(
                        "an environment has at most {MAX_WEBHOOKS} webhook endpoints; delete one first"
                    )));
                }
                store::set_key_check(conn, &check)?;
                store::insert_webhook(
                    conn,
                    scope,
                    &NewWebhookRow {
                        id,
                        url: &checked.url,
                        event_types: &checked.event_types,
                        enabled: checked.enabled,
                        secret: &sealed,
                        at,
                    },
                )
            })
            .await?;
        Ok(WebhookCreated { id, hmac_signing_secret: secret.reveal() })
    }

    /// The environment's endpoints, oldest first.
    pub async fn list(&self, scope: Scope) -> Result<Vec<Webhook>> {
        self.engine.core.db.read(move |conn| store::webhooks(conn, scope)).await
    }

    pub async fn get(&self, scope: Scope, id: WebhookId) -> Result<Webhook> {
        self.engine
            .core
            .db
            .read(move |conn| store::webhook(conn, scope, id))
            .await?
            .map(|w| w.webhook)
            .ok_or(Error::not_found("webhook"))
    }

    /// Replaces an endpoint's URL, event types and enabled flag. Its secret stays.
    pub async fn update(&self, scope: Scope, id: WebhookId, input: WebhookInput) -> Result<Webhook> {
        let checked = self.check(scope, input).await?;
        let at = self.engine.now(scope);
        let found = self
            .engine
            .core
            .db
            .write(move |conn| {
                store::update_webhook(conn, scope, id, &checked.url, &checked.event_types, checked.enabled, at)
            })
            .await?;
        if !found {
            return Err(Error::not_found("webhook"));
        }
        self.get(scope, id).await
    }

    /// Deletes an endpoint with its deliveries.
    pub async fn delete(&self, scope: Scope, id: WebhookId) -> Result<()> {
        let found = self.engine.core.db.write(move |conn| store::delete_webhook(conn, scope, id)).await?;
        if found { Ok(()) } else { Err(Error::not_found("webhook")) }
    }

    /// Replaces an endpoint's secret. The old one keeps signing, as a second `v1`, for the
    /// environment's grace period.
    pub async fn rotate(&self, scope: Scope, id: WebhookId) -> Result<RotatedSecret> {
        let settings = self.settings(scope).await?;
        let stored = self
            .engine
            .core
            .db
            .read(move |conn| store::webhook(conn, scope, id))
            .await?
            .ok_or(Error::not_found("webhook"))?;
        let now = self.engine.now(scope);
        let secret = SigningSecret::generate();
        let sealed = self.seal(id, &secret)?;
        let grace = SignedDuration::from_secs(i64::from(settings.rotation_grace_seconds));
        let until = (settings.rotation_grace_seconds > 0).then(|| now.saturating_add(grace));
        let previous = stored.secret;
        let found = self
            .engine
            .core
            .db
            .write(move |conn| {
                store::rotate_secret(conn, scope, id, &sealed, until.map(|u| (previous.as_slice(), u)), now)
            })
            .await?;
        if !found {
            return Err(Error::not_found("webhook"));
        }
        Ok(RotatedSecret { hmac_signing_secret: secret.reveal(), previous_secret_valid_until: until })
    }

    /// Deliveries, newest first; optionally of one endpoint, and older than the delivery `after`.
    pub async fn history(
        &self,
        scope: Scope,
        webhook: Option<WebhookId>,
        after: Option<DeliveryId>,
        page: PageRequest,
    ) -> Result<Page<Delivery>> {
        self.engine
            .core
            .db
            .read(move |conn| {
                if let Some(after) = after
                    && !store::delivery_exists(conn, scope, after)?
                {
                    return Err(Error::invalid("after", "no delivery has this id in this environment"));
                }
                store::deliveries(conn, scope, webhook, after, page)
            })
            .await
    }

    /// One delivery with every attempt.
    pub async fn delivery(&self, scope: Scope, id: DeliveryId) -> Result<DeliveryDetail> {
        self.engine
            .core
            .db
            .read(move |conn| {
                let (delivery, body) = store::delivery(conn, scope, id)?.ok_or(Error::not_found("delivery"))?;
                let attempts_detail = store::attempts(conn, id)?;
                Ok(DeliveryDetail { delivery, body: String::from_utf8_lossy(&body).into_owned(), attempts_detail })
            })
            .await
    }

    /// Sends a delivery again now, with the same envelope and id, and a fresh retry schedule.
    pub async fn replay(&self, scope: Scope, id: DeliveryId) -> Result<Delivery> {
        let at = self.engine.now(scope);
        let found = self.engine.core.db.write(move |conn| store::requeue(conn, scope, id, at)).await?;
        if !found {
            return Err(Error::not_found("delivery"));
        }
        Ok(self.delivery(scope, id).await?.delivery)
    }

    /// Sends an example event of `event_type` (default: the endpoint's first) to one endpoint
    /// at once, whatever the endpoint subscribes to.
    pub async fn send_test(&self, scope: Scope, id: WebhookId, event_type: Option<EventType>) -> Result<Delivery> {
        let webhook = self.get(scope, id).await?;
        if !webhook.enabled {
            return Err(Error::Conflict("the endpoint is disabled; enable it to send events".into()));
        }
        let event_type = match event_type.or_else(|| webhook.event_types.first().copied()) {
            None | Some(EventType::All) => EventType::AmlScreening,
            Some(t) => t,
        };
        let payload = match event_type {
            EventType::AmlScreening => self.engine.aml().example_screening_payload(scope).await?,
            other => samples::example(other).to_owned(),
        };
        let at = self.engine.now(scope);
        let delivery = DeliveryId::new(self.engine.real_now());
        let body = store::envelope(delivery, id, event_type.as_str(), at, &payload)?;
        self.engine
            .core
            .db
            .write(move |conn| {
                store::insert_delivery(
                    conn,
                    scope,
                    &NewDelivery {
                        id: delivery,
                        webhook: id,
                        event: None,
                        event_type: event_type.as_str(),
                        body: &body,
                        at,
                    },
                )
            })
            .await?;
        Ok(self.delivery(scope, delivery).await?.delivery)
    }

    /// The environment's webhook settings.
    pub async fn settings(&self, scope: Scope) -> Result<WebhookSettings> {
        self.engine.core.db.read(move |conn| store::settings(conn, scope)).await
    }

    /// Changes some settings; the others stay.
    pub async fn update_settings(&self, scope: Scope, patch: WebhookSettingsPatch) -> Result<WebhookSettings> {
        if patch.moved_allow_private_addresses.is_some() {
            return Err(Error::invalid(
                "allow_private_addresses",
                "is not set here any more: it is the address guard, an admin's switch in the console's webhook \
                 settings (PUT /_docket/webhooks/address-guard), recorded on the audit trail",
            ));
        }
        let grace =
            patch.rotation_grace_seconds.map(|v| bounded("rotation_grace_seconds", v, 0, 30 * 86_400)).transpose()?;
        let timeout = patch.timeout_seconds.map(|v| bounded("timeout_seconds", v, 1, 30)).transpose()?;
        let retention = patch.retention_days.map(|v| bounded("retention_days", v, 1, 365)).transpose()?;
        // Read and written in one transaction, so that a switch of the address guard made
        // meanwhile is not undone by this write of the other fields.
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut s = store::settings(conn, scope)?;
                s.rotation_grace_seconds = grace.unwrap_or(s.rotation_grace_seconds);
                s.timeout_seconds = timeout.unwrap_or(s.timeout_seconds);
                s.retention_days = retention.unwrap_or(s.retention_days);
                store::set_settings(conn, scope, &s)?;
                Ok(s)
            })
            .await
    }

    /// Switches production's address guard: `allow_private_addresses` true lets endpoints reach
    /// addresses that are not public (see [`super::address`]). An admin's decision, recorded on
    /// the environment's audit chain with who made it, in the same transaction. Deliveries
    /// follow it from their next attempt, whenever their endpoint was saved.
    pub async fn set_address_guard(&self, scope: Scope, guard: AddressGuard, by: &Reviewer) -> Result<AddressGuard> {
        if scope.is_sandbox() {
            return Err(Error::Conflict(
                "the sandbox always allows loopback and private addresses (a developer's local receiver): the \
                 address guard is production's; switch the console to production"
                    .into(),
            ));
        }
        if by.organization_id != scope.organization || !by.may(Role::Admin) || by.disabled_at.is_some() {
            return Err(Error::Forbidden("only an admin switches the address guard".into()));
        }
        let now = self.engine.now(scope);
        let actor = crate::Actor::Reviewer(by.clone());
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut settings = store::settings(conn, scope)?;
                let before = AddressGuard { allow_private_addresses: settings.allow_private_addresses };
                settings.allow_private_addresses = guard.allow_private_addresses;
                store::set_settings(conn, scope, &settings)?;
                crate::audit::record(
                    conn,
                    scope,
                    now,
                    &actor,
                    ADDRESS_GUARD_CHANGED,
                    json!({ "before": before, "after": guard }),
                )?;
                Ok(guard)
            })
            .await
    }
}

fn bounded(field: &str, v: u32, min: u32, max: u32) -> Result<u32> {
    if (min..=max).contains(&v) {
        Ok(v)
    } else {
        Err(Error::invalid(field, format!("must be between {min} and {max}")))
    }
}
