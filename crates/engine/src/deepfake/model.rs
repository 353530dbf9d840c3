//! A deepfake analysis as served: what was analysed (a stream or an uploaded file), its outcome
//! (a sandbox verdict, or production's plain error), and the evidence a reviewer reads. Fields a
//! client declared (participant and track ids, its own timestamps, a file's name and type) sit
//! under `client_declared`: Docket measured nothing of them.

use serde::{Deserialize, Serialize};

use crate::applicants::ApplicantId;
use crate::id::typed_id;
use crate::time::Timestamp;

typed_id!(
    /// A deepfake analysis.
    AnalysisId,
    "deepfake analysis"
);

/// What was analysed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeSource))]
pub enum Source {
    /// Frames and audio chunks sent over `/api/v4/deepfake/stream`.
    Stream,
    /// A recorded video or a picture sent to `POST /api/v4/deepfake/analyses`.
    Upload,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Stream => "stream",
            Source::Upload => "upload",
        }
    }
}

/// The stream protocol's three detection states, as its result events name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeVerdict))]
pub enum Verdict {
    /// No sign of manipulation.
    Clear,
    /// Possible signs of manipulation: the public client then sends frames faster.
    Suspicious,
    /// A high likelihood of manipulation.
    Alert,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Clear => "clear",
            Verdict::Suspicious => "suspicious",
            Verdict::Alert => "alert",
        }
    }

    /// The fixed score the sandbox gives each verdict (0 real to 1 fake).
    pub fn sandbox_score(self) -> f64 {
        match self {
            Verdict::Clear => 0.03,
            Verdict::Suspicious => 0.62,
            Verdict::Alert => 0.97,
        }
    }

    /// The sentence the stream's result event carries.
    pub fn message(self) -> &'static str {
        match self {
            Verdict::Clear => "No active manipulation detected (sandbox simulation).",
            Verdict::Suspicious => "Potential signs of manipulation detected (sandbox simulation).",
            Verdict::Alert => "High likelihood of manipulation detected (sandbox simulation).",
        }
    }
}

/// How an analysis ended: a verdict, or an error with its plain reason. Never both, never a
/// score without a verdict.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Completed { verdict: Verdict, score: f64 },
    Error { reason: String },
}

/// Where an analysis stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeStatus))]
pub enum AnalysisStatus {
    /// A verdict and score were given (the sandbox's simulation).
    Completed,
    /// No verdict: `reason` says why (production: nothing offline can tell a deepfake), and a
    /// reviewer reads the evidence.
    Error,
}

impl AnalysisStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            AnalysisStatus::Completed => "completed",
            AnalysisStatus::Error => "error",
        }
    }
}

/// A deepfake analysis as served, and as the `DEEPFAKE_ANALYSIS` webhook carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeAnalysis))]
pub struct Analysis {
    pub id: AnalysisId,
    pub source: Source,
    pub status: AnalysisStatus,
    /// Set exactly when `status` is `completed`.
    pub verdict: Option<Verdict>,
    /// 0 (real) to 1 (fake); set exactly when `status` is `completed`. Production never
    /// gives one.
    pub score: Option<f64>,
    /// Why there is no verdict, in plain words; set exactly when `status` is `error`.
    pub reason: Option<String>,
    /// The applicant the analysis is for, when the caller named one.
    pub applicant_id: Option<ApplicantId>,
    pub is_sandbox: bool,
    /// Who asked: the API key or the reviewer, from the credential (never from the request).
    pub requested_by: String,
    /// When the stream opened, or the upload arrived.
    pub created_at: Timestamp,
    /// When the stream closed, or the upload was analysed.
    pub completed_at: Timestamp,
    /// The stream's metadata, for a stream.
    pub stream: Option<StreamEvidence>,
    /// The file's metadata, for an upload.
    pub upload: Option<UploadEvidence>,
}

impl Analysis {
    /// The outcome the flat fields hold.
    pub fn outcome(&self) -> Outcome {
        match (self.verdict, self.score, &self.reason) {
            (Some(verdict), Some(score), _) => Outcome::Completed { verdict, score },
            (_, _, reason) => Outcome::Error { reason: reason.clone().unwrap_or_default() },
        }
    }

    pub(crate) fn set_outcome(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Completed { verdict, score } => {
                self.status = AnalysisStatus::Completed;
                self.verdict = Some(verdict);
                self.score = Some(score);
                self.reason = None;
            }
            Outcome::Error { reason } => {
                self.status = AnalysisStatus::Error;
                self.verdict = None;
                self.score = None;
                self.reason = Some(reason);
            }
        }
    }
}

/// The media a stream frame carries: the protocol's `format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeMediaFormat))]
pub enum MediaFormat {
    /// A video frame as a JPEG picture.
    Jpeg,
    /// A video frame as a WebP picture.
    Webp,
    /// An audio chunk: raw 16-bit little-endian mono PCM at 16 kHz.
    Pcm,
}

impl MediaFormat {
    pub fn is_video(self) -> bool {
        !matches!(self, MediaFormat::Pcm)
    }
}

/// Why a stream ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeStreamEnd))]
pub enum StreamEnd {
    /// The client closed it, or its connection went.
    ClientClosed,
    /// Nothing arrived within the idle time.
    IdleTimeout,
    /// A limit of the session was reached (its length, its frames, their rate).
    Limit,
    /// The client sent what the protocol does not allow, or its connection failed (see
    /// `end_detail`).
    ProtocolError,
}

/// What Docket saw of a stream. Counts, sizes and times are measured by Docket; picture sizes
/// are read from the frames' own headers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeStreamEvidence))]
pub struct StreamEvidence {
    pub started_at: Timestamp,
    pub ended_at: Timestamp,
    pub duration_ms: u64,
    pub ended_by: StreamEnd,
    /// What was wrong or which limit was reached, for `protocol_error` and `limit`.
    pub end_detail: Option<String>,
    /// Messages received, accepted or not.
    pub messages: u64,
    /// Bytes received in messages.
    pub bytes: u64,
    pub video_frames: u64,
    pub audio_chunks: u64,
    /// Each (participant, track, format) seen, in order of first appearance; at most
    /// [`super::media::MAX_TRACKS`].
    pub tracks: Vec<TrackEvidence>,
    /// What the client said of itself when it connected.
    pub client_declared: ConnectionDeclared,
}

/// What the client declared when it connected (not checked).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeConnectionDeclared))]
pub struct ConnectionDeclared {
    /// The `User-Agent` header.
    pub user_agent: Option<String>,
}

/// One track of a stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeTrackEvidence))]
pub struct TrackEvidence {
    pub format: MediaFormat,
    pub frames: u64,
    pub bytes: u64,
    pub largest_frame_bytes: u64,
    /// A video frame's size in pixels, from its picture header (the last frame's).
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// Whether the picture size changed during the stream.
    pub size_changed: bool,
    pub first_received_at: Timestamp,
    pub last_received_at: Timestamp,
    pub client_declared: TrackDeclared,
}

/// What the client's frames said of their track (not checked).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeTrackDeclared))]
pub struct TrackDeclared {
    pub participant_id: String,
    pub track_id: String,
    /// The first and last frames' `timestamp_ms`, the client's clock.
    pub first_timestamp_ms: i64,
    pub last_timestamp_ms: i64,
}

/// What Docket knows of an uploaded file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeUploadEvidence))]
pub struct UploadEvidence {
    /// The stored file (deleted with the analysis or its applicant's erasure).
    pub file_id: crate::files::FileId,
    /// The media type the content shows (never the name or the declared type).
    pub content_type: String,
    pub size: u64,
    pub sha256: String,
    /// A picture's size in pixels, from its header.
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub client_declared: UploadDeclared,
}

/// What the sender said of the file (not checked).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeepfakeUploadDeclared))]
pub struct UploadDeclared {
    pub file_name: Option<String>,
    pub content_type: Option<String>,
}

/// What an analysis list keeps.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnalysisFilter {
    pub applicant_id: Option<ApplicantId>,
    pub source: Option<Source>,
    pub status: Option<AnalysisStatus>,
    pub verdict: Option<Verdict>,
    pub created_from: Option<Timestamp>,
    pub created_to: Option<Timestamp>,
}
