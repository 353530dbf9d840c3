//! Deepfake analysis (issue 35, item 4): the WebSocket stream the public deepfake bot speaks
//! (`/api/v4/deepfake/stream`; its protocol is the API crate's) and uploads of a recorded video
//! or a picture. The sandbox simulates verdicts from documented magic texts; production gives
//! none (nothing offline can tell a deepfake) and keeps the metadata as evidence.
//!
//! - `model`: the analysis as served, its evidence, the verdicts;
//! - `media`: a stream's frames checked and counted (pure);
//! - `sandbox`: the simulated verdicts;
//! - `store`, `service`: its SQL and its rules (the `DEEPFAKE_ANALYSIS` event);
//! - `demo`: the demo data set's streams.

mod demo;
pub mod media;
mod model;
pub mod sandbox;
mod service;
pub(crate) mod store;

pub use model::*;
pub(crate) use service::delete_files;
pub use service::{
    Deepfakes, EVENT, EndedStream, LIST_BOUNDS, MAX_UPLOAD_BYTES, PRODUCTION_REASON, StreamAnswer, UPLOAD_TYPES,
};

use crate::domains::{Count, Domain, Reset, Table};

/// Analyses go with a sandbox reset (their files with the file store's records).
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[Table {
        name: "deepfake_analyses",
        reset: Reset::Delete(Some("deepfake_analyses")),
        counts: &[Count::all("deepfake_analyses")],
    }],
    after_reset: None,
};
