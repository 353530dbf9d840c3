//! The routers, one per feature.

pub mod applicants;
pub mod meta;
pub mod requests;
pub mod sandbox;
