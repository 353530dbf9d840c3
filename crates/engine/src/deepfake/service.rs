//! Deepfake analysis's rules: what a stream's frames are answered, how a stream or an upload
//! becomes a stored analysis (with its `DEEPFAKE_ANALYSIS` event in the same transaction), and
//! the reads.
//!
//! The sandbox answers with its simulation ([`super::sandbox`]). Production has no detector:
//! nothing that runs offline can honestly tell a deepfake today, so it gives no verdict and no
//! score, says so in plain words, and keeps what it saw as evidence for a reviewer.

use super::media::{Accepted, Frame, StreamTally};
use super::model::{
    Analysis, AnalysisFilter, AnalysisId, AnalysisStatus, Outcome, Source, StreamEnd, UploadDeclared, UploadEvidence,
    Verdict,
};
use super::{sandbox, store};
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::files::StoredFile;
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::{Actor, Engine};

/// The event of a finished analysis.
pub const EVENT: &str = "DEEPFAKE_ANALYSIS";

/// The list's bounds.
pub const LIST_BOUNDS: Bounds = Bounds { min: 1, max: 200, default: 20 };

/// The largest upload: a recorded video of a few minutes.
pub const MAX_UPLOAD_BYTES: u64 = 100 << 20;

/// The media an upload may be, by its content.
pub const UPLOAD_TYPES: &[&str] =
    &["image/jpeg", "image/png", "image/webp", "video/mp4", "video/quicktime", "video/webm"];

/// Production's answer, in the protocol's error event and in the analysis's `reason`.
pub const PRODUCTION_REASON: &str = "Docket cannot tell a deepfake offline: no detection model runs on this machine, so \
     no verdict and no score are given. What was received is kept as evidence for a reviewer.";

/// What a stream's frame is answered with, in the protocol's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamAnswer {
    Verdict(Verdict),
    Error(String),
}

/// A stream that ended, to be stored.
pub struct EndedStream {
    /// Taken when the stream opened ([`Deepfakes::new_id`]).
    pub id: AnalysisId,
    pub applicant_id: Option<ApplicantId>,
    pub tally: StreamTally,
    pub ended_by: StreamEnd,
    pub end_detail: Option<String>,
}

pub struct Deepfakes<'e> {
    pub(crate) engine: &'e Engine,
}

impl Deepfakes<'_> {
    /// A new analysis's id, taken when a stream opens or an upload begins (its file is owned
    /// by it).
    pub fn new_id(&self) -> AnalysisId {
        AnalysisId::new(self.engine.real_now())
    }

    /// Refuses an applicant id the scope does not hold (404), before a stream or an upload
    /// starts.
    pub async fn check_applicant(&self, scope: Scope, applicant: Option<ApplicantId>) -> Result<()> {
        let Some(id) = applicant else { return Ok(()) };
        let exists = self.engine.core.db.read(move |conn| crate::applicants::store::exists(conn, scope, id)).await?;
        if exists { Ok(()) } else { Err(Error::not_found("applicant")) }
    }

    /// The answer to an accepted frame: the sandbox's verdict for every frame; production's
    /// error once per track (the first frame of each), then silence while the evidence grows.
    pub fn answer(&self, scope: Scope, frame: &Frame<'_>, accepted: Accepted) -> Option<StreamAnswer> {
        if scope.environment.is_sandbox() {
            Some(StreamAnswer::Verdict(sandbox::verdict_for(frame.participant_id)))
        } else {
            accepted.new_track.then(|| StreamAnswer::Error(PRODUCTION_REASON.to_owned()))
        }
    }

    /// Stores the analysis of a stream that ended, and emits its event. A stream the client
    /// closed without sending anything leaves no analysis (there is nothing to review); one
    /// ended by an error or a limit does, even empty (an oversize first message, an idle client).
    pub async fn finish_stream(&self, scope: Scope, who: &Actor, ended: EndedStream) -> Result<Option<Analysis>> {
        let EndedStream { id, applicant_id, tally, ended_by, end_detail } = ended;
        if tally.messages() == 0 && ended_by == StreamEnd::ClientClosed {
            return Ok(None);
        }
        let outcome = if !scope.environment.is_sandbox() {
            Outcome::Error { reason: PRODUCTION_REASON.to_owned() }
        } else {
            match sandbox::gravest(tally.participants()) {
                Some(verdict) => Outcome::Completed { verdict, score: verdict.sandbox_score() },
                None => Outcome::Error { reason: "the stream ended before any frame was accepted".to_owned() },
            }
        };
        let now = self.engine.now(scope);
        let mut analysis = Analysis {
            id,
            source: Source::Stream,
            status: AnalysisStatus::Error,
            verdict: None,
            score: None,
            reason: None,
            applicant_id,
            is_sandbox: scope.environment.is_sandbox(),
            requested_by: who.name(),
            created_at: tally.started_at(),
            completed_at: now,
            stream: Some(tally.finish(now, ended_by, end_detail)),
            upload: None,
        };
        analysis.set_outcome(outcome);
        self.store(scope, analysis).await.map(Some)
    }

    /// Analyses an uploaded file (already in the file store, owned by analysis `id`): refused
    /// (and deleted) unless its content is a picture or a video of [`UPLOAD_TYPES`]. The
    /// sandbox's verdict comes from the file's name.
    pub async fn analyse_upload(
        &self,
        scope: Scope,
        who: &Actor,
        id: AnalysisId,
        applicant_id: Option<ApplicantId>,
        file: StoredFile,
    ) -> Result<Analysis> {
        if !UPLOAD_TYPES.contains(&file.sniffed_type.as_str()) {
            self.engine.files().delete_one(scope, file.id).await?;
            return Err(Error::UnsupportedMedia(format!(
                "the file is {}: send a JPEG, PNG or WebP picture, or an MP4, QuickTime or WebM video",
                crate::files::sniff::described(&file.sniffed_type)
            )));
        }
        let size = if file.sniffed_type.starts_with("image/") {
            let bytes = self.engine.files().content(&file).await?;
            super::media::picture_size(&bytes)
        } else {
            None
        };
        let outcome = if scope.environment.is_sandbox() {
            let verdict = sandbox::verdict_for(file.original_name.as_deref().unwrap_or_default());
            Outcome::Completed { verdict, score: verdict.sandbox_score() }
        } else {
            Outcome::Error { reason: PRODUCTION_REASON.to_owned() }
        };
        let now = self.engine.now(scope);
        let mut analysis = Analysis {
            id,
            source: Source::Upload,
            status: AnalysisStatus::Error,
            verdict: None,
            score: None,
            reason: None,
            applicant_id,
            is_sandbox: scope.environment.is_sandbox(),
            requested_by: who.name(),
            created_at: file.created_at,
            completed_at: now,
            stream: None,
            upload: Some(UploadEvidence {
                file_id: file.id,
                content_type: file.sniffed_type.clone(),
                size: file.size,
                sha256: file.sha256.clone(),
                width: size.map(|s| s.0),
                height: size.map(|s| s.1),
                client_declared: UploadDeclared {
                    file_name: file.original_name.clone(),
                    content_type: file.declared_type.clone(),
                },
            }),
        };
        analysis.set_outcome(outcome);
        match self.store(scope, analysis).await {
            Ok(stored) => Ok(stored),
            Err(e) => {
                // An applicant erased meanwhile: the file goes too.
                self.engine.files().delete_one(scope, file.id).await?;
                Err(e)
            }
        }
    }

    /// Stores an analysis with its event, in one transaction (its applicant checked there).
    async fn store(&self, scope: Scope, analysis: Analysis) -> Result<Analysis> {
        let real_now = self.engine.real_now();
        let stored = analysis.clone();
        self.engine
            .core
            .db
            .write(move |conn| {
                if let Some(applicant) = stored.applicant_id
                    && !crate::applicants::store::exists(conn, scope, applicant)?
                {
                    return Err(Error::not_found("applicant"));
                }
                store::insert(conn, scope, &stored)?;
                crate::events::emit(
                    conn,
                    scope,
                    &crate::events::NewEvent {
                        id: crate::events::EventId::new(real_now),
                        event_type: EVENT,
                        subject: Some(stored.id.as_uuid()),
                        payload: &serde_json::to_string(&stored)?,
                        at: stored.completed_at,
                        real_now,
                    },
                )
                .map(drop)
            })
            .await?;
        Ok(analysis)
    }

    pub async fn get(&self, scope: Scope, id: AnalysisId) -> Result<Analysis> {
        self.engine
            .core
            .db
            .read(move |conn| store::get(conn, scope, id)?.ok_or(Error::not_found("deepfake analysis")))
            .await
    }

    /// One page of the scope's analyses, newest first.
    pub async fn list(&self, scope: Scope, filter: AnalysisFilter, page: PageRequest) -> Result<Page<Analysis>> {
        let rows = self.engine.core.db.read(move |conn| store::list(conn, scope, &filter, page)).await?;
        Ok(page.finish(rows))
    }

    /// Deletes the scope's analyses created before `before` on its clock, with their files
    /// (retention); returns how many went.
    pub async fn prune(&self, scope: Scope, before: crate::Timestamp) -> Result<usize> {
        let (n, hashes) = self
            .engine
            .core
            .db
            .write(move |conn| {
                let ids = store::prune(conn, scope, before)?;
                let mut hashes = Vec::new();
                for id in &ids {
                    hashes.extend(delete_files(conn, scope, *id)?);
                }
                Ok((ids.len(), hashes))
            })
            .await?;
        self.engine.files().remove_unreferenced(hashes).await;
        Ok(n)
    }
}

/// Deletes the records of an analysis's files; returns their content hashes.
pub(crate) fn delete_files(conn: &rusqlite::Connection, scope: Scope, id: AnalysisId) -> Result<Vec<String>> {
    crate::files::store::delete_owned(conn, scope, crate::files::OwnerKind::DeepfakeAnalysis, id.as_uuid())
}
