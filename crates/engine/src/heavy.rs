//! Heavy work on uploaded documents: decoding a picture (to check an upload, for its preview and
//! its picture hash) and rendering a PDF's page through poppler. Each takes up to a few hundred
//! MiB and a core for up to seconds, and any client that can upload can ask for it, so the
//! engine runs at most [`AT_ONCE`] at a time, whoever asks. A request waits at most [`WAIT`] for
//! its turn and is then refused with [`Error::Busy`] (a 503 with `Retry-After`), rather than
//! queueing without bound; one that has its turn stops waiting after [`DEADLINE`].
//!
//! Work in this process cannot be interrupted: a decode past the deadline goes on to its end on
//! its blocking thread and keeps its slot until then, so the bound on how many run at once holds
//! even for work nobody waits for any more. (Child processes have deadlines of their own, and
//! are killed: `verifications::poppler`.) The decode limits (`verifications::images`) are what
//! keep any one piece of work short.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::error::{Error, Result};

/// How many pieces of heavy work run at once, engine-wide. Two: the machines Docket runs on have
/// a few cores, and each piece may hold up to `images::MAX_DECODE_BYTES` of memory.
pub const AT_ONCE: usize = 2;

/// How long a request waits for a slot before it is told to come back.
pub const WAIT: Duration = Duration::from_secs(8);

/// How long a request waits for its work once it has a slot: above poppler's own deadline (so
/// that a render that is killed reports why), and with [`WAIT`] below the API's 30 s request
/// timeout (so that the caller hears why rather than a bare timeout).
pub const DEADLINE: Duration = Duration::from_secs(20);

/// The `Retry-After` of a refusal, in seconds.
const RETRY_AFTER_SECONDS: u32 = 5;

/// The slots of heavy work, shared by every caller of one engine.
pub(crate) struct HeavyWork {
    slots: Arc<Semaphore>,
    wait: Duration,
    deadline: Duration,
}

impl Default for HeavyWork {
    fn default() -> Self {
        HeavyWork::new(AT_ONCE, WAIT, DEADLINE)
    }
}

impl HeavyWork {
    pub(crate) fn new(at_once: usize, wait: Duration, deadline: Duration) -> Self {
        HeavyWork { slots: Arc::new(Semaphore::new(at_once)), wait, deadline }
    }

    /// Runs `work` on a blocking thread once a slot is free; `what` names it in refusals ("the
    /// preview", "the picture's check").
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        what: &str,
        work: impl FnOnce() -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let slot = match tokio::time::timeout(self.wait, self.slots.clone().acquire_owned()).await {
            Ok(Ok(slot)) => slot,
            // The semaphore is never closed; a closed one would be a bug, not the caller's.
            Ok(Err(closed)) => return Err(Error::Storage(format!("{what}: {closed}"))),
            Err(_) => {
                return Err(busy(format!(
                    "{what} must wait: the server is already decoding or rendering {AT_ONCE} documents; try again shortly"
                )));
            }
        };
        let task = tokio::task::spawn_blocking(move || {
            // Held until the work ends, even when nobody waits for it any more.
            let _slot = slot;
            work()
        });
        match tokio::time::timeout(self.deadline, task).await {
            Ok(Ok(done)) => done,
            Ok(Err(failed)) => Err(Error::Storage(format!("{what} failed: {failed}"))),
            Err(_) => Err(busy(format!(
                "{what} took longer than {} s and was given up; try again shortly",
                self.deadline.as_secs()
            ))),
        }
    }
}

fn busy(message: String) -> Error {
    Error::Busy { message, retry_after_seconds: RETRY_AFTER_SECONDS }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_than_the_slots_run_at_once_and_a_late_caller_is_told_to_come_back() {
        let heavy = Arc::new(HeavyWork::new(2, Duration::from_millis(200), Duration::from_secs(5)));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..3 {
            let (heavy, running, most) = (heavy.clone(), running.clone(), most.clone());
            tasks.push(tokio::spawn(async move {
                heavy
                    .run("the test's work", move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(600));
                        running.fetch_sub(1, Ordering::SeqCst);
                        Ok(())
                    })
                    .await
            }));
        }
        let mut refused = 0;
        for task in tasks {
            match task.await.expect("joins") {
                Ok(()) => {}
                Err(Error::Busy { message, retry_after_seconds }) => {
                    assert!(message.contains("try again"), "{message}");
                    assert!(retry_after_seconds > 0);
                    refused += 1;
                }
                Err(other) => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert_eq!(refused, 1, "the third waited 200 ms behind 600 ms of work");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_past_its_deadline_is_given_up_but_keeps_its_slot_until_it_ends() {
        let heavy = HeavyWork::new(1, Duration::from_millis(100), Duration::from_millis(100));
        let late = heavy
            .run("slow work", || {
                std::thread::sleep(Duration::from_millis(500));
                Ok(())
            })
            .await;
        assert!(matches!(&late, Err(Error::Busy { message, .. }) if message.contains("longer than")), "{late:?}");
        // The slow work still runs: the next caller cannot have its slot within its wait.
        let next = heavy.run("next work", || Ok(())).await;
        assert!(matches!(&next, Err(Error::Busy { message, .. }) if message.contains("must wait")), "{next:?}");
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(heavy.run("after", || Ok(7)).await.is_ok_and(|v| v == 7));
    }

    #[tokio::test]
    async fn errors_and_panics_of_the_work_are_error_values() {
        let heavy = HeavyWork::default();
        let refused = heavy.run("refused work", || Err::<(), _>(Error::UnsupportedMedia("no".to_owned()))).await;
        assert!(matches!(refused, Err(Error::UnsupportedMedia(_))));
        #[allow(clippy::panic)]
        let panicked = heavy.run("panicking work", || -> Result<()> { panic!("in test") }).await;
        assert!(matches!(panicked, Err(Error::Storage(_))), "{panicked:?}");
        assert!(heavy.run("after", || Ok(1)).await.is_ok(), "a panic gives its slot back");
    }
}
