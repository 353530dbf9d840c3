//! List imports started over HTTP: files already in the file store (owned by the job) are read and
//! imported in the background, exactly as `docket lists import` does, while callers poll the
//! job's state and progress. Jobs live in memory (the newest [`KEPT_JOBS`]); their files are
//! removed when the job ends, whatever its outcome.

use std::collections::VecDeque;
use std::io::Read;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::import::{self, Rejection};
use super::model::{ListFormat, Snapshot};
use crate::error::{Error, Result};
use crate::files::{OwnerKind, StoredFile};
use crate::id::typed_id;
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::{Actor, Engine};

typed_id!(
    /// A list import started over HTTP.
    ImportJobId,
    "import job"
);

/// How many jobs are remembered (running ones are never dropped).
pub const KEPT_JOBS: usize = 20;

/// Rejected rows shown on a job.
const SHOWN_REJECTIONS: usize = 20;

/// The share of `progress` that reading the files accounts for; storing the snapshot and
/// rebuilding the index take the rest.
const READ_SHARE: f64 = 0.9;

/// Where an import stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ImportState {
    /// Reading and parsing the files (also while waiting for an earlier import to finish).
    Reading,
    /// Storing the snapshot and rebuilding the screening index.
    Indexing,
    /// The snapshot is in use.
    Done,
    /// Nothing changed: the previous snapshot stays in use. `message` says why.
    Failed,
}

/// A row that could not be imported.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RejectedRow {
    /// 1-based row or line number (the record number for XML; 0 for the whole file).
    pub row: u64,
    pub reason: String,
}

impl From<&Rejection> for RejectedRow {
    fn from(r: &Rejection) -> Self {
        RejectedRow { row: r.row, reason: r.reason.clone() }
    }
}

/// An import job as `GET /_docket/aml/lists/imports/{id}` shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ImportJob {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub id: ImportJobId,
    pub format: ListFormat,
    /// The uploaded files' names.
    pub files: Vec<String>,
    pub state: ImportState,
    /// The share done, 0 to 1: reading the files is the first 0.9, storing and indexing the rest.
    pub progress: f64,
    pub started_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    /// The new snapshot (entities, names, rows read and rejected, its list), once done.
    pub snapshot: Option<Snapshot>,
    /// The first rejected rows, with reasons (`snapshot.rows_rejected` counts them all).
    pub rejections: Vec<RejectedRow>,
    /// Why the import failed.
    pub message: Option<String>,
}

/// A list file of an import: where its content is, and the name it was sent with.
#[derive(Debug, Clone)]
struct UploadedFile {
    name: String,
    path: PathBuf,
    record: crate::files::StoredFile,
}

struct Tracked {
    job: Mutex<ImportJob>,
    /// The progress as f64 bits: set for every few rows read, so it is not behind the lock.
    progress: AtomicU64,
}

impl Tracked {
    fn view(&self) -> ImportJob {
        let mut job = self.job.lock().unwrap_or_else(|e| e.into_inner()).clone();
        job.progress = f64::from_bits(self.progress.load(Ordering::Relaxed));
        job
    }

    fn set_progress(&self, share: f64) {
        self.progress.store(share.clamp(0.0, 1.0).to_bits(), Ordering::Relaxed);
    }

    fn update(&self, change: impl FnOnce(&mut ImportJob)) {
        change(&mut self.job.lock().unwrap_or_else(|e| e.into_inner()));
    }

    fn is_running(&self) -> bool {
        matches!(self.job.lock().unwrap_or_else(|e| e.into_inner()).state, ImportState::Reading | ImportState::Indexing)
    }
}

/// The jobs of an engine.
#[derive(Default)]
pub(crate) struct ImportJobs {
    jobs: Mutex<VecDeque<Arc<Tracked>>>,
    /// One import at a time: each holds a whole list in memory.
    turn: tokio::sync::Mutex<()>,
}

impl ImportJobs {
    fn add(&self, tracked: Arc<Tracked>) {
        let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        jobs.push_front(tracked);
        while jobs.len() > KEPT_JOBS {
            match jobs.iter().rposition(|t| !t.is_running()) {
                Some(i) => {
                    jobs.remove(i);
                }
                None => break,
            }
        }
    }

    fn get(&self, id: ImportJobId) -> Option<Arc<Tracked>> {
        let jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        jobs.iter().find(|t| t.job.lock().unwrap_or_else(|e| e.into_inner()).id == id).cloned()
    }

    fn all(&self) -> Vec<Arc<Tracked>> {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned().collect()
    }
}

impl super::Aml<'_> {
    /// Whether `scope` may replace the watchlists. They are shared by every organization, so
    /// only the default organization (the one that owns this Docket) may; the CLI, run by
    /// whoever owns the data directory, may too.
    pub async fn may_import(&self, scope: Scope) -> Result<()> {
        if self.engine.organizations().get(scope.organization).await?.is_default {
            Ok(())
        } else {
            Err(Error::Forbidden(
                "watchlists are shared by every organization: only the default organization may import them".into(),
            ))
        }
    }

    /// Starts importing stored files in the background for `scope` (see [`Self::may_import`])
    /// and returns the job at once. The files belong to the job (owner `job`, kind
    /// `WatchlistUpload`) and are deleted when it ends, or at once if it is refused. Must be
    /// called within a Tokio runtime.
    pub async fn start_import(
        &self,
        scope: Scope,
        job: ImportJobId,
        format: ListFormat,
        files: Vec<StoredFile>,
        replace: bool,
        actor: Actor,
    ) -> Result<ImportJob> {
        let refused = if let Err(e) = self.may_import(scope).await {
            Some(e)
        } else if format == ListFormat::Demo {
            Some(Error::invalid("format", "the demo list is generated, not imported"))
        } else if files.is_empty() {
            Some(Error::invalid("file", "send at least one file"))
        } else {
            None
        };
        if let Some(e) = refused {
            self.engine.files().delete_owned(scope, OwnerKind::WatchlistUpload, job.as_uuid()).await?;
            return Err(e);
        }
        let files: Vec<UploadedFile> = files
            .iter()
            .enumerate()
            .map(|(i, f)| UploadedFile {
                name: f.original_name.clone().unwrap_or_else(|| format!("file-{}", i + 1)),
                path: self.engine.files().path(f),
                record: f.clone(),
            })
            .collect();
        let now = self.engine.real_now();
        let tracked = Arc::new(Tracked {
            job: Mutex::new(ImportJob {
                id: job,
                format,
                files: files.iter().map(|f| f.name.clone()).collect(),
                state: ImportState::Reading,
                progress: 0.0,
                started_at: now,
                finished_at: None,
                snapshot: None,
                rejections: Vec::new(),
                message: None,
            }),
            progress: AtomicU64::new(0f64.to_bits()),
        });
        self.engine.core.aml.jobs.add(tracked.clone());
        let owner = job.as_uuid();
        let job = tracked.view();
        let engine = self.engine.clone();
        tokio::spawn(async move {
            let outcome = run(&engine, &tracked, format, files, replace, &actor).await;
            let finished = engine.real_now();
            match outcome {
                Ok(snapshot) => {
                    tracked.set_progress(1.0);
                    tracked.update(|j| {
                        j.state = ImportState::Done;
                        j.snapshot = Some(snapshot);
                        j.finished_at = Some(finished);
                    });
                }
                Err(e) => {
                    tracing::warn!(error = %e, "a list import failed; the previous snapshot stays in use");
                    tracked.update(|j| {
                        j.state = ImportState::Failed;
                        j.message = Some(e.to_string());
                        j.finished_at = Some(finished);
                    });
                }
            }
            if let Err(e) = engine.files().delete_owned(scope, OwnerKind::WatchlistUpload, owner).await {
                tracing::warn!(error = %e, "could not delete an import's files; the sweep at start takes them");
            }
        });
        Ok(job)
    }

    /// One job.
    pub fn import_job(&self, id: ImportJobId) -> Result<ImportJob> {
        self.engine.core.aml.jobs.get(id).map(|t| t.view()).ok_or(Error::not_found("import job"))
    }

    /// The remembered jobs, newest first.
    pub fn import_jobs(&self) -> Vec<ImportJob> {
        self.engine.core.aml.jobs.all().iter().map(|t| t.view()).collect()
    }
}

async fn run(
    engine: &Engine,
    tracked: &Arc<Tracked>,
    format: ListFormat,
    files: Vec<UploadedFile>,
    replace: bool,
    actor: &Actor,
) -> Result<Snapshot> {
    let _turn = engine.core.aml.jobs.turn.lock().await;
    let reader = tracked.clone();
    let paths: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
    let (store, records) = (engine.clone(), files.clone());
    let list = tokio::task::spawn_blocking(move || {
        // Read through the file store, which opens sealed files.
        let load = |path: &std::path::Path| {
            let record = records.iter().find(|f| f.path == path).map(|f| &f.record);
            let record = record.ok_or_else(|| Error::Storage(format!("{} is not an upload", path.display())))?;
            let mut bytes = Vec::new();
            store
                .files()
                .open(record)?
                .read_to_end(&mut bytes)
                .map_err(|e| Error::invalid_request(format!("cannot read {}: {e}", path.display())))?;
            Ok(bytes)
        };
        import::read_with(format, &paths, &load, &|share| reader.set_progress(share * READ_SHARE))
    })
    .await
    .map_err(|e| Error::Storage(format!("the import stopped unexpectedly: {e}")))?
    .map_err(|e| name_files(e, &files))?;
    tracked.set_progress(READ_SHARE);
    tracked.update(|j| {
        j.state = ImportState::Indexing;
        j.rejections = list.rejected.iter().take(SHOWN_REJECTIONS).map(RejectedRow::from).collect();
    });
    engine.aml().import(list, replace, actor).await
}

/// Messages name the files by the names they were sent with, not the paths they were saved at.
fn name_files(e: Error, files: &[UploadedFile]) -> Error {
    match e {
        Error::Invalid(mut invalid) => {
            for f in files {
                invalid.message = invalid.message.replace(&f.path.display().to_string(), &f.name);
            }
            Error::Invalid(invalid)
        }
        other => other,
    }
}
