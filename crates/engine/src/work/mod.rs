//! Due work: everything that must happen later or again, through one mechanism.
//!
//! A domain schedules an item (a kind, a scope, a subject id, a due time on the environment's
//! clock) inside the transaction of the change that makes it due (`store::schedule`); the
//! item's loop is woken once that transaction commits. The loop claims due items with a lease
//! (real time), hands them to the kind's [`Worker`], and the worker ends each item in its own
//! transaction: `complete`, `reschedule` (recurring work) or, through the loop, `retry` on the
//! kind's backoff when it failed. A crash leaves the claim to expire, and the item runs again.
//! A subject scheduled anew while it runs gets a new generation: the running claim can then
//! no longer complete it, and it runs again with the new data.
//!
//! The loops belong to the engine: [`crate::Engine::start_background`] starts them,
//! [`crate::Engine::shutdown`] stops them and waits for work in flight. They wake on a commit
//! that scheduled their kind, on every clock move, and at the next due time.

mod model;
mod service;
pub(crate) mod store;

pub(crate) use model::{Claim, Kind};
pub(crate) use service::{Tasks, WorkState, Worker, every, run_now, spawn, spawn_each};

/// Due work of an environment goes with the data it is for.
pub(crate) const DOMAIN: crate::domains::Domain = crate::domains::Domain {
    tables: &[crate::domains::Table { name: "due_work", reset: crate::domains::Reset::Delete(None), counts: &[] }],
    after_reset: None,
};
