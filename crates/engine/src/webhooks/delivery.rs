//! The delivery loop: finds due deliveries, signs and sends them through the transport, and
//! records each attempt with what comes next.
//!
//! Each pending delivery is an item of due work (`work::Kind::WebhookDelivery`). At least
//! once: a delivery stays `pending` and its item stays claimed until the attempt's outcome is
//! committed (in batches, by the [`Recorder`]), so a crash mid-attempt means it is sent again
//! once the claim's lease expires, with the same envelope and id. Due times are on each
//! environment's clock, so moving a sandbox clock forward makes its retries due at once.

use std::ops::Deref;
use std::sync::Arc;
use std::time::{Duration, Instant};

use jiff::SignedDuration;
use tokio::sync::{mpsc, oneshot};

use super::model::{AttemptCause, DeliveryId, DeliveryState, WebhookSettings};
use super::secret::SigningSecret;
use super::signature;
use super::store::{self, AttemptRecord, Due};
use super::transport::{Answer, Failure, Outbound, Transport};
use crate::Engine;
use crate::db::Database;
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::work::{self, Claim, Kind, Tasks, Worker};

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
/// A claim outlasts the longest attempt (the timeout is at most 30 s) with room to record it;
/// after a crash, the deliveries that were in flight are sent again once it expires.
const LEASE: Duration = Duration::from_secs(60);
/// Attempts recorded in one write at most.
const RECORD_BATCH: usize = 512;
/// How often finished deliveries past their retention are pruned.
const PRUNE_EVERY: Duration = Duration::from_secs(600);

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
    /// Starts delivering through `transport` (the due-work loop of deliveries), and the pruning
    /// of old deliveries.
    pub fn start(&self, transport: Arc<dyn Transport>) {
        work::spawn(self.engine, DeliveryWorker::new(self.engine, transport));
        work::every(self.engine, PRUNE_EVERY, "pruning old webhook deliveries", |engine| async move {
            engine.webhooks().prune().await.map(drop)
        });
    }

    /// Makes every attempt due now, and returns how many were made. For tests and tools; a
    /// serving engine's loop (see [`Self::start`]) does this continuously.
    pub async fn run_due(&self, transport: &dyn Transport) -> Result<usize> {
        work::run_now(self.engine, &DeliveryWorker::new(self.engine, transport)).await
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

/// Delivers due deliveries through a transport (owned by a serving engine's loop, borrowed by
/// [`super::Webhooks::run_due`]).
struct DeliveryWorker<T> {
    transport: T,
    recorder: Recorder,
}

impl<T: Deref<Target = dyn Transport> + Send + Sync> DeliveryWorker<T> {
    fn new(engine: &Engine, transport: T) -> Self {
        DeliveryWorker { transport, recorder: Recorder::start(engine.core.db.clone()) }
    }
}

impl<T: Deref<Target = dyn Transport> + Send + Sync> Worker for DeliveryWorker<T> {
    const KIND: Kind = Kind::WebhookDelivery;
    const MAX_IN_FLIGHT: usize = CONCURRENCY;
    const LEASE: Duration = LEASE;

    async fn start(&self, engine: &Engine, scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        // Read once per batch: a settings change applies from the next batch on.
        let settings = engine.webhooks().settings(scope).await?;
        let ids: Vec<DeliveryId> = items.iter().map(|c| DeliveryId(c.subject)).collect();
        let mut due = engine.core.db.read(move |conn| store::due(conn, scope, &ids)).await?;
        for claim in items {
            let engine = engine.clone();
            // Deleted with its endpoint, or waiting for its endpoint to be enabled again (which
            // schedules it anew): nothing to send, the item ends.
            match due.remove(&DeliveryId(claim.subject)).filter(|d| d.webhook.webhook.enabled) {
                None => {
                    tasks.spawn(async move {
                        let ended = claim.clone();
                        let ended = engine.core.db.write(move |conn| work::store::complete(conn, &ended).map(drop));
                        (claim, ended.await)
                    });
                }
                Some(d) => {
                    let sending = match prepare(&engine, scope, &settings, d) {
                        Ok(prepared) => prepared,
                        Err(e) => {
                            tasks.spawn(async move { (claim, Err(e)) });
                            continue;
                        }
                    };
                    let request = self.transport.send(sending.request.clone());
                    let recorder = self.recorder.clone();
                    let timeout = settings.timeout_seconds;
                    tasks.spawn(async move {
                        let started = Instant::now();
                        let outcome = request.await;
                        let record = outcome_record(&engine, scope, sending, outcome, started, timeout);
                        let recorded = recorder.record(record, claim.clone()).await;
                        (claim, recorded)
                    });
                }
            }
        }
        Ok(())
    }
}

/// A delivery ready to send: what goes out, and what its record needs.
struct Sending {
    request: Outbound,
    due: store::DueInfo,
    signed_at: i64,
}

/// Signs a due delivery.
fn prepare(engine: &Engine, scope: Scope, settings: &WebhookSettings, d: Due) -> Result<Sending> {
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
    let request = Outbound {
        url: d.webhook.webhook.webhook_url.clone(),
        signature: signature::header(&refs, signed_at, &d.body),
        body: d.body,
        timeout: Duration::from_secs(u64::from(settings.timeout_seconds)),
        public_only: !scope.is_sandbox() && !settings.allow_private_addresses,
    };
    let due = store::DueInfo {
        id: d.id,
        attempts: d.attempts,
        round_attempts: d.round_attempts,
        webhook: d.webhook.webhook.webhook_id,
    };
    Ok(Sending { request, due, signed_at })
}

/// What an attempt's outcome means: its record, with the delivery's next state.
fn outcome_record(
    engine: &Engine,
    scope: Scope,
    sending: Sending,
    outcome: std::result::Result<Answer, Failure>,
    started: Instant,
    timeout_seconds: u32,
) -> AttemptRecord {
    let latency_ms = started.elapsed().as_millis() as u64;
    let attempted_at = engine.now(scope);
    let d = sending.due;
    let done = d.round_attempts + 1;
    let cause = if d.round_attempts == 0 && d.attempts > 0 { AttemptCause::Replay } else { AttemptCause::Scheduled };
    let mut record = AttemptRecord {
        delivery: d.id,
        number: d.attempts + 1,
        cause,
        attempted_at,
        signed_at: sending.signed_at,
        url: sending.request.url,
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
            record.disable =
                Some((d.webhook, format!("the endpoint answered 410 Gone at {attempted_at} (delivery {})", d.id)));
        }
        other => {
            let error = match other {
                Ok(answer) => excerpt_error(&answer),
                Err(Failure::TimedOut) => format!("no answer within {timeout_seconds} s"),
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
    record
}

/// Records attempts in batches: one write for every attempt that finished while the previous
/// write was committing. An attempt counts only once its record is committed; until then its
/// delivery stays pending (and due), so a crash sends it again.
#[derive(Clone)]
struct Recorder {
    queue: mpsc::Sender<(AttemptRecord, Claim, oneshot::Sender<Result<()>>)>,
}

impl Recorder {
    fn start(db: Database) -> Self {
        let (queue, mut arrivals) = mpsc::channel(RECORD_BATCH);
        tokio::spawn(async move {
            let mut batch: Vec<(AttemptRecord, Claim, oneshot::Sender<Result<()>>)> = Vec::with_capacity(RECORD_BATCH);
            while arrivals.recv_many(&mut batch, RECORD_BATCH).await > 0 {
                let (records, replies): (Vec<_>, Vec<_>) =
                    batch.drain(..).map(|(record, claim, reply)| ((record, claim), reply)).unzip();
                let outcome = db.write(move |conn| store::record_attempts(conn, &records)).await;
                for reply in replies {
                    let _ = reply.send(match &outcome {
                        Ok(()) => Ok(()),
                        Err(e) => Err(Error::Storage(format!("recording the attempt failed: {e}"))),
                    });
                }
            }
        });
        Recorder { queue }
    }

    async fn record(&self, record: AttemptRecord, claim: Claim) -> Result<()> {
        let (reply, answer) = oneshot::channel();
        self.queue.send((record, claim, reply)).await.map_err(|_| Error::Storage("delivery stopped".into()))?;
        answer.await.map_err(|_| Error::Storage("delivery stopped".into()))?
    }
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
