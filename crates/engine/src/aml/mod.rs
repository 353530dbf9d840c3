//! AML screening. This module holds the screening vocabulary that applicants' search options
//! already use (risk scores, tags, list sources, name-matching options).

mod vocabulary;

pub use vocabulary::{FuzzinessLevel, NameMode, RiskScore, SearchOptions, SearchOptionsInput, SourceId, Tag};
