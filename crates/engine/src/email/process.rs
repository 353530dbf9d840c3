//! E-mail verification's due work: a greylisted domain is looked at again
//! (`Kind::EmailRecheck`, subject: the check), and a code's message that could not be sent is
//! tried again (`Kind::EmailDelivery`, subject: the message).

use super::model::{EmailCheckId, EmailMessageId};
use crate::Engine;
use crate::error::Result;
use crate::scope::Scope;
use crate::work::{self, Claim, Kind, Tasks, Worker};

pub(crate) struct RecheckWorker;

impl Worker for RecheckWorker {
    const KIND: Kind = Kind::EmailRecheck;
    const MAX_IN_FLIGHT: usize = 8;
    const LEASE: std::time::Duration = std::time::Duration::from_secs(60);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move {
            engine.emails().recheck(claim.scope, EmailCheckId(claim.subject)).await?;
            engine.core.db.write(move |conn| work::store::complete(conn, &claim).map(drop)).await
        });
        Ok(())
    }
}

pub(crate) struct DeliveryWorker;

impl Worker for DeliveryWorker {
    const KIND: Kind = Kind::EmailDelivery;
    const MAX_IN_FLIGHT: usize = 4;
    const LEASE: std::time::Duration = std::time::Duration::from_secs(120);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move {
            engine.emails().deliver(claim.scope, EmailMessageId(claim.subject), Some(claim)).await
        });
        Ok(())
    }
}

pub(crate) fn spawn(engine: &Engine) {
    work::spawn(engine, RecheckWorker);
    work::spawn(engine, DeliveryWorker);
}

/// Runs due rechecks and sends now (tests and tools).
pub(crate) async fn run_due(engine: &Engine) -> Result<usize> {
    Ok(work::run_now(engine, &RecheckWorker).await? + work::run_now(engine, &DeliveryWorker).await?)
}
