//! Retention settings per environment, and their enforcement: every hour on the due-work
//! module's periodic loop, and at once when they change. The journal ages by real time (its
//! entries' `received_at`), searches and decided cases' documents by the environment's clock,
//! like their records.

use jiff::SignedDuration;

use super::model::{MAX_DAYS, RetentionChange, RetentionSettings};
use super::store;
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::webhooks::WebhookSettingsPatch;
use crate::{Actor, Engine};

/// How often retention is enforced.
const EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

pub struct Retention<'e> {
    pub(crate) engine: &'e Engine,
}

fn days(n: u32) -> SignedDuration {
    SignedDuration::from_hours(24 * i64::from(n))
}

impl Retention<'_> {
    /// The server's own limit on the journal, in whole days (at least 1).
    fn journal_days_max(&self) -> u32 {
        u32::try_from(self.engine.core.journal.retention.as_hours() / 24).unwrap_or(u32::MAX).clamp(1, MAX_DAYS)
    }

    pub async fn settings(&self, scope: Scope) -> Result<RetentionSettings> {
        let stored = self.engine.core.db.read(move |conn| store::get(conn, scope)).await?;
        let max = self.journal_days_max();
        let deliveries = self.engine.webhooks().settings(scope).await?.retention_days;
        Ok(RetentionSettings {
            journal_days: stored.journal_days.unwrap_or(max).min(max),
            journal_days_max: max,
            deliveries_days: deliveries,
            search_history_days: stored.search_history_days,
            case_files_days: stored.case_files_days,
            deepfake_analyses_days: stored.deepfake_analyses_days,
            bank_statements_days: stored.bank_statements_days,
        })
    }

    /// Replaces the environment's settings (a field left out takes its default) and enforces
    /// them at once.
    pub async fn change(&self, scope: Scope, change: RetentionChange, actor: &Actor) -> Result<RetentionSettings> {
        let max = self.journal_days_max();
        if let Some(d) = change.journal_days
            && !(1..=max).contains(&d)
        {
            return Err(Error::invalid(
                "journal_days",
                format!("between 1 and {max} (the server's own limit, --journal-retention)"),
            ));
        }
        for (field, days) in [
            ("search_history_days", change.search_history_days),
            ("case_files_days", change.case_files_days),
            ("deepfake_analyses_days", change.deepfake_analyses_days),
            ("bank_statements_days", change.bank_statements_days),
        ] {
            if days.is_some_and(|d| !(1..=MAX_DAYS).contains(&d)) {
                return Err(Error::invalid(field, format!("between 1 and {MAX_DAYS}, or null to keep them")));
            }
        }
        let deliveries = change.deliveries_days.unwrap_or(crate::webhooks::WebhookSettings::default().retention_days);
        self.engine
            .webhooks()
            .update_settings(scope, WebhookSettingsPatch { retention_days: Some(deliveries), ..Default::default() })
            .await
            .map_err(|e| match e {
                Error::Invalid(_) => Error::invalid("deliveries_days", "between 1 and 365"),
                other => other,
            })?;
        let stored = store::Stored {
            journal_days: change.journal_days.filter(|d| *d < max),
            search_history_days: change.search_history_days,
            case_files_days: change.case_files_days,
            deepfake_analyses_days: change.deepfake_analyses_days,
            bank_statements_days: change.bank_statements_days,
        };
        let (at, actor) = (self.engine.now(scope), actor.clone());
        self.engine
            .core
            .db
            .write(move |conn| {
                let before = store::get(conn, scope)?;
                store::set(conn, scope, stored)?;
                crate::audit::record(
                    conn,
                    scope,
                    at,
                    &actor,
                    "retention_changed",
                    serde_json::json!({ "before": before, "after": stored, "deliveries_days": deliveries }),
                )
            })
            .await?;
        self.enforce_in(scope, stored).await?;
        self.settings(scope).await
    }

    /// Enforces every environment's own settings; returns how many records went. (Finished
    /// deliveries are pruned by the webhooks' own loop, by the same setting.)
    pub async fn enforce(&self) -> Result<usize> {
        let all = self.engine.core.db.read(store::all).await?;
        let mut removed = 0;
        for (scope, stored) in all {
            removed += self.enforce_in(scope, stored).await?;
        }
        Ok(removed)
    }

    async fn enforce_in(&self, scope: Scope, stored: store::Stored) -> Result<usize> {
        let mut removed = 0;
        if let Some(d) = stored.journal_days {
            self.engine.journal().flush().await;
            let cutoff = self.engine.real_now().saturating_add(-days(d));
            removed += self
                .engine
                .core
                .db
                .write_best_effort(move |conn| crate::journal::store::prune_scope(conn, scope, cutoff))
                .await?;
        }
        if let Some(d) = stored.search_history_days {
            let cutoff = self.engine.now(scope).saturating_add(-days(d));
            removed +=
                self.engine.core.db.write(move |conn| crate::aml::store::prune_searches(conn, scope, cutoff)).await?;
            // KYT checks are screening records too, kept by the same setting.
            removed += self.engine.core.db.write(move |conn| crate::kyt::store::prune(conn, scope, cutoff)).await?;
        }
        if let Some(d) = stored.case_files_days {
            let cutoff = self.engine.now(scope).saturating_add(-days(d));
            removed += self.engine.kyb().expire_documents(scope, cutoff, d).await?;
        }
        if let Some(d) = stored.deepfake_analyses_days {
            let cutoff = self.engine.now(scope).saturating_add(-days(d));
            removed += self.engine.deepfakes().prune(scope, cutoff).await?;
        }
        if let Some(d) = stored.bank_statements_days {
            let cutoff = self.engine.now(scope).saturating_add(-days(d));
            let (n, hashes) =
                self.engine.core.db.write(move |conn| crate::bankbook::store::prune_scope(conn, scope, cutoff)).await?;
            self.engine.files().remove_unreferenced(hashes).await;
            removed += n;
        }
        Ok(removed)
    }
}

/// Enforces retention every hour while the engine serves.
pub(crate) fn spawn(engine: &Engine) {
    crate::work::every(engine, EVERY, "enforcing retention", |engine| async move {
        engine.retention().enforce().await.map(drop)
    });
}
