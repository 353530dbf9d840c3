//! The delivery loop: finds due deliveries, signs and sends them through the transport, and
//! records each attempt with what comes next.
//!
//! At least once: a delivery stays `pending` until an attempt's outcome is committed, so a
//! crash mid-attempt means it is sent again after restart, with the same envelope and id. Due
//! times are on each environment's clock, so moving a sandbox clock forward makes its retries
//! due at once.

use std::sync::Arc;
use std::time::{Duration, Instant};

use jiff::SignedDuration;
use tokio::sync::Semaphore;

use super::Claim;
use super::model::{AttemptCause, DeliveryState, WebhookSettings};
use super::secret::SigningSecret;
use super::signature;
use super::store::{self, AttemptRecord, Due};
use super::transport::{Answer, Failure, Outbound, Transport};
use crate::Engine;
use crate::error::{Error, Result};
use crate::scope::Scope;

/// The delay before each attempt of a round: about a day in eight attempts. Each delay after
/// the first gets up to ±10% jitter, so that endpoints recovering from an outage are not hit
/// by every retry at once.
pub const SCHEDULE: [Duration; 8] = [
    Duration::ZERO,
    Duration::from_secs(5),
    Duration::from_secs(5 * 60),
    Duration::from_secs(30 * 60),
    Duration::from_secs(2 * 3600),
    Duration::from_secs(5 * 3600),
    Duration::from_secs(10 * 3600),
    Duration::from_secs(10 * 3600),
];

/// A `Retry-After` is honoured within these bounds.
const RETRY_AFTER_MIN: Duration = Duration::from_secs(1);
const RETRY_AFTER_MAX: Duration = Duration::from_secs(24 * 3600);

/// Attempts in flight at once.
const CONCURRENCY: usize = 128;
/// Due deliveries fetched per scope and pass.
const BATCH: i64 = 512;
/// The longest the loop sleeps without looking (a safety net; it is woken on every change).
const IDLE: Duration = Duration::from_secs(5);

/// The jitter factor of an attempt, in [0.9, 1.1], the same for the same delivery and attempt.
fn jitter(id: uuid::Uuid, round_attempt: u32) -> f64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.as_bytes().iter().chain(&round_attempt.to_le_bytes()) {
        h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
    }
    0.9 + (h % 2001) as f64 / 10_000.0
}

/// The delay before the next attempt, after `done` attempts of the round; `None` when the
/// round is over.
pub(crate) fn next_delay(id: uuid::Uuid, done: u32, retry_after: Option<Duration>) -> Option<Duration> {
    let base = *SCHEDULE.get(done as usize)?;
    Some(match retry_after {
        Some(asked) => asked.clamp(RETRY_AFTER_MIN, RETRY_AFTER_MAX),
        None => base.mul_f64(jitter(id, done)),
    })
}

/// Parses `Retry-After`: seconds, or an HTTP date.
pub(crate) fn parse_retry_after(value: &str, now: jiff::Timestamp) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let at = jiff::fmt::rfc2822::parse(value).ok()?.timestamp();
    Some(Duration::try_from(at.duration_since(now)).unwrap_or(Duration::ZERO))
}

fn excerpt_error(answer: &Answer) -> String {
    format!("the endpoint answered {}", answer.status)
}

impl super::Webhooks<'_> {
    /// Starts delivering: the loop, and the pruning of old deliveries.
    pub fn start(&self, transport: Arc<dyn Transport>) {
        let engine = self.engine.clone();
        tokio::spawn(async move {
            let permits = Arc::new(Semaphore::new(CONCURRENCY));
            loop {
                let wait = match dispatch_due(&engine, &transport, &permits).await {
                    Ok(wait) => wait,
                    Err(e) => {
                        tracing::warn!(error = %e, "webhook deliveries");
                        IDLE
                    }
                };
                if wait.is_zero() {
                    tokio::task::yield_now().await;
                    continue;
                }
                tokio::select! {
                    () = engine.core.webhooks.wake.notified() => {}
                    () = tokio::time::sleep(wait) => {}
                }
            }
        });
        let engine = self.engine.clone();
        tokio::spawn(async move {
            loop {
                if let Err(e) = engine.webhooks().prune().await {
                    tracing::warn!(error = %e, "pruning old webhook deliveries");
                }
                tokio::time::sleep(Duration::from_secs(600)).await;
            }
        });
    }

    /// Makes every attempt due now, one after another, and returns how many were made. For
    /// tests and tools; a serving engine's loop (see [`Self::start`]) does this continuously.
    pub async fn run_due(&self, transport: &dyn Transport) -> Result<usize> {
        let mut made = 0;
        for (scope, earliest) in self.engine.core.db.read(store::next_due).await? {
            let now = self.engine.now(scope);
            if earliest > now {
                continue;
            }
            let settings = self.settings(scope).await?;
            let read_at = self.engine.core.webhooks.batch_read_at();
            for d in self.engine.core.db.read(move |conn| store::due(conn, scope, now, BATCH)).await? {
                if self.engine.core.webhooks.claim(d.id, read_at) == Claim::Claimed {
                    let id = d.id;
                    let result = attempt(self.engine, transport, scope, &settings, d).await;
                    self.engine.core.webhooks.release(id);
                    result?;
                    made += 1;
                }
            }
        }
        Ok(made)
    }

    /// Deletes finished deliveries older than each environment's retention, by its clock. A
    /// serving engine's loop does this every ten minutes; returns how many went.
    pub async fn prune(&self) -> Result<usize> {
        let scopes = self.engine.core.db.read(store::scopes_with_webhooks).await?;
        let mut pruned = 0;
        for scope in scopes {
            let settings = self.settings(scope).await?;
            let before = self
                .engine
                .now(scope)
                .saturating_add(-SignedDuration::from_hours(24 * i64::from(settings.retention_days)));
            pruned += self.engine.core.db.write_best_effort(move |conn| store::prune(conn, scope, before)).await?;
        }
        Ok(pruned)
    }
}

/// Starts every due attempt not already in flight; returns how long to wait before looking again.
async fn dispatch_due(engine: &Engine, transport: &Arc<dyn Transport>, permits: &Arc<Semaphore>) -> Result<Duration> {
    let scopes = engine.core.db.read(store::next_due).await?;
    let mut wait = IDLE;
    for (scope, earliest) in scopes {
        let now = engine.now(scope);
        if earliest > now {
            let until = Duration::try_from(earliest.as_jiff().duration_since(now.as_jiff())).unwrap_or(IDLE);
            wait = wait.min(until.max(Duration::from_millis(1)));
            continue;
        }
        // Read once per batch: a settings change applies from the next batch on.
        let settings = engine.webhooks().settings(scope).await?;
        let read_at = engine.core.webhooks.batch_read_at();
        let due = engine.core.db.read(move |conn| store::due(conn, scope, now, BATCH)).await?;
        let fetched = due.len();
        let mut started = 0;
        for d in due {
            // Wait for room first, so that the claim sees the latest finished attempts.
            let permit =
                permits.clone().acquire_owned().await.map_err(|_| Error::Storage("delivery stopped".into()))?;
            match engine.core.webhooks.claim(d.id, read_at) {
                Claim::Claimed => {}
                Claim::Taken => continue,
                Claim::StaleBatch => {
                    wait = Duration::ZERO;
                    break;
                }
            }
            let (engine, transport) = (engine.clone(), transport.clone());
            started += 1;
            tokio::spawn(async move {
                let id = d.id;
                if let Err(e) = attempt(&engine, transport.as_ref(), scope, &settings, d).await {
                    tracing::warn!(delivery = %id, error = %e, "recording a delivery attempt failed");
                }
                engine.core.webhooks.release(id);
                drop(permit);
                engine.core.webhooks.wake();
            });
        }
        // A full batch of fresh work: look again at once. Otherwise the attempts in flight wake
        // the loop when they finish.
        if started > 0 && fetched as i64 == BATCH {
            wait = Duration::ZERO;
        }
    }
    Ok(wait)
}

/// One attempt of one delivery, recorded.
async fn attempt(
    engine: &Engine,
    transport: &dyn Transport,
    scope: Scope,
    settings: &WebhookSettings,
    d: Due,
) -> Result<()> {
    let now = engine.now(scope);
    let key = engine.core.webhooks.master_key()?;
    let context = d.webhook.webhook.webhook_id.as_uuid();
    let mut secrets = vec![SigningSecret::from_bytes(key.open(&d.webhook.secret, context.as_bytes())?)];
    if let (Some(previous), Some(until)) = (&d.webhook.previous_secret, d.webhook.webhook.previous_secret_valid_until)
        && until > now
    {
        secrets.push(SigningSecret::from_bytes(key.open(previous, context.as_bytes())?));
    }
    let signed_at = engine.real_now().as_second();
    let refs: Vec<&SigningSecret> = secrets.iter().collect();
    let url = d.webhook.webhook.webhook_url.clone();
    let request = Outbound {
        url: url.clone(),
        signature: signature::header(&refs, signed_at, &d.body),
        body: d.body,
        timeout: Duration::from_secs(u64::from(settings.timeout_seconds)),
        public_only: !scope.is_sandbox() && !settings.allow_private_addresses,
    };
    let started = Instant::now();
    let outcome = transport.send(request).await;
    let latency_ms = started.elapsed().as_millis() as u64;
    let attempted_at = engine.now(scope);

    let done = d.round_attempts + 1;
    let cause = if d.round_attempts == 0 && d.attempts > 0 { AttemptCause::Replay } else { AttemptCause::Scheduled };
    let mut record = AttemptRecord {
        delivery: d.id,
        number: d.attempts + 1,
        cause,
        attempted_at,
        signed_at,
        url,
        response_code: None,
        latency_ms,
        excerpt: None,
        error: None,
        state: DeliveryState::Pending,
        retry_at: None,
        disable: None,
    };
    let retry_after = match &outcome {
        Ok(answer) => {
            record.response_code = Some(answer.status);
            record.excerpt = Some(answer.excerpt.clone());
            answer.retry_after.as_deref().and_then(|v| parse_retry_after(v, engine.real_now().as_jiff()))
        }
        Err(_) => None,
    };
    match outcome {
        Ok(answer) if (200..300).contains(&answer.status) => record.state = DeliveryState::Delivered,
        Ok(answer) if answer.status == 410 => {
            record.state = DeliveryState::Failed;
            record.error = Some("the endpoint answered 410 Gone: it is disabled, no more attempts".into());
            record.disable = Some((
                d.webhook.webhook.webhook_id,
                format!("the endpoint answered 410 Gone at {attempted_at} (delivery {})", d.id),
            ));
        }
        other => {
            let error = match other {
                Ok(answer) => excerpt_error(&answer),
                Err(Failure::TimedOut) => {
                    format!("no answer within {} s", settings.timeout_seconds)
                }
                Err(failure) => failure.to_string(),
            };
            match next_delay(d.id.as_uuid(), done, retry_after) {
                Some(delay) => {
                    let delay = SignedDuration::try_from(delay).unwrap_or(SignedDuration::MAX);
                    record.retry_at = Some(attempted_at.saturating_add(delay));
                    record.error = Some(error);
                }
                None => {
                    record.state = DeliveryState::Failed;
                    record.error = Some(format!("{error}; gave up after {done} attempts (replay to try again)"));
                }
            }
        }
    }
    engine.core.db.write(move |conn| store::record_attempt(conn, &record)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_spans_about_a_day_with_bounded_jitter() {
        let total: Duration = SCHEDULE.iter().sum();
        assert!(total > Duration::from_secs(20 * 3600) && total < Duration::from_secs(30 * 3600), "{total:?}");
        let id = uuid::Uuid::from_u128(42);
        for done in 1..SCHEDULE.len() as u32 {
            let d = next_delay(id, done, None).expect("scheduled");
            let base = SCHEDULE[done as usize].as_secs_f64();
            assert!((base * 0.9..=base * 1.1).contains(&d.as_secs_f64()), "{done}: {d:?}");
            assert_eq!(next_delay(id, done, None), Some(d), "deterministic");
        }
        assert_eq!(next_delay(id, SCHEDULE.len() as u32, None), None);
    }

    #[test]
    fn retry_after_wins_within_bounds() {
        let id = uuid::Uuid::from_u128(7);
        assert_eq!(next_delay(id, 1, Some(Duration::from_secs(120))), Some(Duration::from_secs(120)));
        assert_eq!(next_delay(id, 1, Some(Duration::ZERO)), Some(RETRY_AFTER_MIN));
        assert_eq!(next_delay(id, 1, Some(Duration::from_secs(10 * 86_400))), Some(RETRY_AFTER_MAX));
        // The round still ends after its last attempt.
        assert_eq!(next_delay(id, 8, Some(Duration::from_secs(1))), None);
    }

    #[test]
    fn retry_after_reads_seconds_and_http_dates() {
        let now: jiff::Timestamp = "2026-11-22T10:00:00Z".parse().expect("ts");
        assert_eq!(parse_retry_after(" 30 ", now), Some(Duration::from_secs(30)));
        assert_eq!(parse_retry_after("Sun, 22 Nov 2026 10:02:00 GMT", now), Some(Duration::from_secs(120)));
        assert_eq!(parse_retry_after("Sun, 22 Nov 2026 09:00:00 GMT", now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("soon", now), None);
    }
}
