//! AML screening. This module holds the screening vocabulary that applicants' search options
//! already use (risk scores, tags, list sources, name-matching options).

pub mod eval;
pub mod import;
pub mod index;
pub mod model;
pub mod normalize;
pub mod pools;
pub mod score;
mod vocabulary;

pub use vocabulary::{FuzzinessLevel, NameMode, RiskScore, SearchOptions, SearchOptionsInput, SourceId, Tag};
