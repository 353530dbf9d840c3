//! The loops that run due work, one per kind, owned by the engine.

use std::future::Future;
use std::sync::Mutex;
use std::time::Duration;

use jiff::SignedDuration;
use tokio::sync::{Notify, watch};
use tokio::task::{JoinHandle, JoinSet};

use super::model::{Claim, Kind};
use super::store;
use crate::Engine;
use crate::error::Result;
use crate::scope::{Environment, Scope};

/// The longest a loop sleeps without looking (a safety net: it is woken on every change, and
/// another process, such as `docket lists import`, may schedule work in the same database).
const IDLE: Duration = Duration::from_secs(5);

/// How long a stop waits for work in flight.
const STOP_WAIT: Duration = Duration::from_secs(5);

/// Tasks of claimed items in flight: each hands back its claim and how its run ended.
pub(crate) type Tasks = JoinSet<(Claim, Result<()>)>;

/// Runs one kind of work.
pub(crate) trait Worker: Send + Sync {
    const KIND: Kind;
    /// Items in flight at most; the loop claims again once half of them have finished.
    const MAX_IN_FLIGHT: usize;
    /// How long a claim holds: longer than a run can take.
    const LEASE: Duration;

    /// Starts the claimed items of one scope as tasks. Each task ends its item in the domain's
    /// own transaction (`store::complete` or `store::reschedule`), or returns an error: the
    /// loop then retries it after the kind's backoff. A task that never ends its item leaves
    /// its lease to expire, and the item runs again.
    fn start(
        &self,
        engine: &Engine,
        scope: Scope,
        items: Vec<Claim>,
        tasks: &mut Tasks,
    ) -> impl Future<Output = Result<()>> + Send;
}

/// The due-work state of an engine: what wakes each loop, and the loops themselves.
pub(crate) struct WorkState {
    wakes: [Notify; Kind::ALL.len()],
    stop: watch::Sender<bool>,
    loops: Mutex<Vec<JoinHandle<()>>>,
}

impl WorkState {
    pub(crate) fn new() -> Self {
        WorkState { wakes: Default::default(), stop: watch::Sender::new(false), loops: Mutex::default() }
    }

    fn wake_of(&self, kind: Kind) -> &Notify {
        &self.wakes[kind as usize]
    }

    /// Wakes the loops of the kinds in `bits` (see [`Kind::bit`]).
    pub(crate) fn wake_bits(&self, bits: u64) {
        for kind in Kind::ALL {
            if bits & kind.bit() != 0 {
                self.wake_of(kind).notify_one();
            }
        }
    }

    /// Wakes every loop: a clock moved, or something outside the engine may have added work.
    pub(crate) fn wake_all(&self) {
        Kind::ALL.iter().for_each(|k| self.wake_of(*k).notify_one());
    }

    /// Stops the loops and waits for the work they have in flight, at most [`STOP_WAIT`]: what
    /// is still running then (an endpoint that does not answer) is abandoned, and its items run
    /// again once their leases expire.
    pub(crate) async fn stop(&self) {
        self.stop.send_replace(true);
        let loops = std::mem::take(&mut *self.loops.lock().unwrap_or_else(|e| e.into_inner()));
        let aborts: Vec<_> = loops.iter().map(JoinHandle::abort_handle).collect();
        let joined = async {
            for handle in loops {
                let _ = handle.await;
            }
        };
        if tokio::time::timeout(STOP_WAIT, joined).await.is_err() {
            tracing::warn!("work still in flight after {} s was abandoned; it runs again later", STOP_WAIT.as_secs());
            aborts.iter().for_each(tokio::task::AbortHandle::abort);
        }
    }
}

/// Starts one task per claimed item, each running `run` on its own claim: the usual body of
/// [`Worker::start`].
pub(crate) fn spawn_each<F, Fut>(engine: &Engine, items: Vec<Claim>, tasks: &mut Tasks, run: F)
where
    F: Fn(Engine, Claim) -> Fut,
    Fut: Future<Output = Result<()>> + Send + 'static,
{
    for claim in items {
        let done = run(engine.clone(), claim.clone());
        tasks.spawn(async move { (claim, done.await) });
    }
}

/// Starts `worker`'s loop; the engine keeps it until [`WorkState::stop`].
pub(crate) fn spawn<W: Worker + 'static>(engine: &Engine, worker: W) {
    let handle = tokio::spawn(run_loop(engine.clone(), worker));
    engine.core.work.loops.lock().unwrap_or_else(|e| e.into_inner()).push(handle);
}

async fn run_loop<W: Worker + 'static>(engine: Engine, worker: W) {
    let mut stop = engine.core.work.stop.subscribe();
    let mut tasks = Tasks::new();
    while !*stop.borrow_and_update() {
        while let Some(done) = tasks.try_join_next() {
            finish(&engine, done).await;
        }
        let room = W::MAX_IN_FLIGHT - tasks.len().min(W::MAX_IN_FLIGHT);
        let mut wait = IDLE;
        // Claim in batches: once half of the room is free (or nothing runs).
        // When a pass fills the room, more may be due: the next pass comes as tasks finish.
        if room * 2 >= W::MAX_IN_FLIGHT || tasks.is_empty() {
            match pass(&engine, &worker, room, &mut tasks).await {
                Ok(p) => wait = p.wait,
                Err(e) => tracing::warn!(kind = W::KIND.as_str(), error = %e, "due work"),
            }
        }
        let wake = engine.core.work.wake_of(W::KIND);
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(wait) => {}
            Some(done) = tasks.join_next(), if !tasks.is_empty() => finish(&engine, done).await,
            _ = stop.changed() => {}
        }
    }
    while let Some(done) = tasks.join_next().await {
        finish(&engine, done).await;
    }
}

struct Pass {
    /// Until the next item falls due (at most [`IDLE`]).
    wait: Duration,
}

/// Claims due items of every scope, up to `room`, and starts them.
async fn pass<W: Worker>(engine: &Engine, worker: &W, mut room: usize, tasks: &mut Tasks) -> Result<Pass> {
    let kind = W::KIND;
    let organizations = engine.core.db.read(store::organizations).await?;
    let mut wait = IDLE;
    for scope in organizations.into_iter().flat_map(|o| Environment::ALL.map(|e| Scope::new(o, e))) {
        if room == 0 {
            break;
        }
        let real_now = engine.real_now();
        let now = engine.now(scope);
        let Some(next) = engine.core.db.read(move |conn| store::next_due(conn, kind, scope, real_now)).await? else {
            continue;
        };
        if next > now {
            let until = Duration::try_from(next.as_jiff().duration_since(now.as_jiff())).unwrap_or(IDLE);
            wait = wait.min(until.max(Duration::from_millis(1)));
            continue;
        }
        let lease = real_now.saturating_add(SignedDuration::try_from(W::LEASE).unwrap_or(SignedDuration::MAX));
        let limit = room;
        let items =
            engine.core.db.write(move |conn| store::claim(conn, kind, scope, now, real_now, lease, limit)).await?;
        room -= items.len().min(room);
        if !items.is_empty() {
            worker.start(engine, scope, items, tasks).await?;
        }
    }
    Ok(Pass { wait })
}

/// Ends a finished task: a failed run is retried after the kind's backoff.
async fn finish(engine: &Engine, done: std::result::Result<(Claim, Result<()>), tokio::task::JoinError>) {
    let (claim, outcome) = match done {
        Ok(done) => done,
        // Its lease expires and the item runs again.
        Err(e) => return tracing::error!(error = %e, "a due-work task failed"),
    };
    let Err(error) = outcome else { return };
    let kind = claim.kind;
    tracing::warn!(kind = kind.as_str(), subject = %claim.subject, error = %error, "due work failed; it runs again later");
    let delay = SignedDuration::try_from(kind.backoff(claim.attempts)).unwrap_or(SignedDuration::MAX);
    let at = engine.now(claim.scope).saturating_add(delay);
    let message = error.to_string();
    if let Err(e) = engine.core.db.write(move |conn| store::retry(conn, &claim, at, &message)).await {
        tracing::warn!(kind = kind.as_str(), error = %e, "could not record a failed run of due work");
    }
}

/// Runs every item of `worker`'s kind that is due now, to the end, and returns how many runs
/// ended well. For tests and tools; a serving engine's loop does this continuously.
pub(crate) async fn run_now<W: Worker>(engine: &Engine, worker: &W) -> Result<usize> {
    let mut ended = 0;
    // Each round claims what is due; an item ended with a due time still past (a retry at once)
    // would come round again, so the rounds are bounded.
    for _ in 0..64 {
        let mut tasks = Tasks::new();
        pass(engine, worker, W::MAX_IN_FLIGHT, &mut tasks).await?;
        if tasks.is_empty() {
            break;
        }
        while let Some(done) = tasks.join_next().await {
            if matches!(done, Ok((_, Ok(())))) {
                ended += 1;
            }
            finish(engine, done).await;
        }
    }
    Ok(ended)
}

/// Runs `task` now and then every `period` until the engine stops: upkeep that is not due
/// work of a subject (pruning old records, noticing lists another process imported).
pub(crate) fn every<F, Fut>(engine: &Engine, period: Duration, what: &'static str, task: F)
where
    F: Fn(Engine) -> Fut + Send + 'static,
    Fut: Future<Output = Result<()>> + Send + 'static,
{
    let mut stop = engine.core.work.stop.subscribe();
    let handle = tokio::spawn({
        let engine = engine.clone();
        async move {
            while !*stop.borrow_and_update() {
                if let Err(e) = task(engine.clone()).await {
                    tracing::warn!(error = %e, "{what}");
                }
                tokio::select! {
                    () = tokio::time::sleep(period) => {}
                    _ = stop.changed() => {}
                }
            }
        }
    });
    engine.core.work.loops.lock().unwrap_or_else(|e| e.into_inner()).push(handle);
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::time::{ManualTime, Timestamp};
    use crate::{EngineConfig, work};

    const START: &str = "2026-03-01T09:00:00Z";

    /// Counts runs; a run that `hangs` never ends (like a process killed mid-run).
    struct Counting {
        runs: Arc<AtomicUsize>,
        hangs: bool,
        ran: Arc<Notify>,
    }

    impl Worker for Counting {
        const KIND: Kind = Kind::AmlScreening;
        const MAX_IN_FLIGHT: usize = 8;
        const LEASE: Duration = Duration::from_secs(60);

        async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
            for claim in items {
                let (engine, runs, hangs, ran) = (engine.clone(), self.runs.clone(), self.hangs, self.ran.clone());
                tasks.spawn(async move {
                    runs.fetch_add(1, Ordering::SeqCst);
                    ran.notify_one();
                    if hangs {
                        std::future::pending::<()>().await;
                    }
                    let ended = claim.clone();
                    let ended = engine.core.db.write(move |conn| work::store::complete(conn, &ended).map(drop)).await;
                    (claim, ended)
                });
            }
            Ok(())
        }
    }

    fn counting(hangs: bool) -> Counting {
        Counting { runs: Arc::default(), hangs, ran: Arc::default() }
    }

    async fn open(dir: &std::path::Path, time: Arc<ManualTime>) -> (Engine, Scope) {
        let mut config = EngineConfig::new(dir);
        config.time = time;
        let engine = Engine::open(config).await.expect("opens");
        let org = match engine.organizations().bootstrap(&[]).await.expect("bootstrap") {
            Some(first) => first.organization.id,
            None => engine.organizations().list().await.expect("orgs")[0].id,
        };
        (engine, Scope::new(org, Environment::Sandbox))
    }

    async fn schedule(engine: &Engine, scope: Scope, subject: u128, at: Timestamp) {
        let subject = uuid::Uuid::from_u128(subject);
        engine
            .core
            .db
            .write(move |conn| store::schedule(conn, Kind::AmlScreening, scope, subject, at))
            .await
            .expect("s");
    }

    #[tokio::test]
    async fn a_claimed_item_survives_a_crash_and_runs_once_after_restart() {
        let dir = tempfile::tempdir().expect("dir");
        let time = Arc::new(ManualTime::new(START.parse().expect("time")));
        let (engine, scope) = open(dir.path(), time.clone()).await;
        schedule(&engine, scope, 1, engine.now(scope)).await;
        // The first process claims it and dies mid-run (the run never ends, nothing is stopped).
        let dying = counting(true);
        let runs = dying.runs.clone();
        let mut tasks = Tasks::new();
        pass(&engine, &dying, 8, &mut tasks).await.expect("pass");
        tokio::task::yield_now().await;
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        std::mem::forget(tasks);
        drop(engine);

        // After a restart the claim still holds until its lease expires; then it runs once.
        let (engine, scope) = open(dir.path(), time.clone()).await;
        let worker = counting(false);
        assert_eq!(run_now(&engine, &worker).await.expect("run"), 0, "still leased");
        time.advance(jiff::SignedDuration::from_secs(61));
        assert_eq!(run_now(&engine, &worker).await.expect("run"), 1);
        assert_eq!(run_now(&engine, &worker).await.expect("run"), 0, "ran once");
        let item = engine.core.db.read(|conn| store::get(conn, Kind::AmlScreening, uuid::Uuid::from_u128(1))).await;
        assert_eq!(item.expect("read"), None, "completed");
        let _ = scope;
    }

    #[tokio::test]
    async fn a_clock_move_wakes_the_loop_and_shutdown_waits_for_it() {
        let dir = tempfile::tempdir().expect("dir");
        let time = Arc::new(ManualTime::new(START.parse().expect("time")));
        let (engine, scope) = open(dir.path(), time).await;
        let worker = counting(false);
        let (runs, ran) = (worker.runs.clone(), worker.ran.clone());
        spawn(&engine, worker);
        // Due in an hour of sandbox time: the loop sleeps (at most IDLE) until then.
        schedule(&engine, scope, 2, engine.now(scope).saturating_add(jiff::SignedDuration::from_hours(1))).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(runs.load(Ordering::SeqCst), 0);
        // Moving the sandbox clock wakes it at once, well before its safety-net look.
        let started = std::time::Instant::now();
        engine.sandbox().advance_clock(scope, jiff::SignedDuration::from_hours(2)).await.expect("advance");
        tokio::time::timeout(Duration::from_secs(2), ran.notified()).await.expect("woken by the clock move");
        assert!(started.elapsed() < IDLE);
        // A commit that schedules work wakes it too.
        schedule(&engine, scope, 3, engine.now(scope)).await;
        tokio::time::timeout(Duration::from_secs(2), ran.notified()).await.expect("woken by the commit");
        engine.shutdown().await;
        assert_eq!(runs.load(Ordering::SeqCst), 2);
        assert!(engine.core.work.loops.lock().expect("loops").is_empty(), "stopped and joined");
    }

    #[tokio::test]
    async fn a_sandbox_reset_removes_the_environments_due_work_only() {
        let dir = tempfile::tempdir().expect("dir");
        let time = Arc::new(ManualTime::new(START.parse().expect("time")));
        let (engine, sandbox) = open(dir.path(), time).await;
        let production = Scope::new(sandbox.organization, Environment::Production);
        schedule(&engine, sandbox, 4, engine.now(sandbox)).await;
        schedule(&engine, production, 5, engine.now(production)).await;
        engine.sandbox().reset_data(sandbox).await.expect("reset");
        let get =
            |n: u128| engine.core.db.read(move |conn| store::get(conn, Kind::AmlScreening, uuid::Uuid::from_u128(n)));
        assert_eq!(get(4).await.expect("read"), None);
        assert!(get(5).await.expect("read").is_some());
    }
}
