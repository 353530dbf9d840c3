//! The routers, one per feature.

pub mod aml;
pub mod applicants;
pub mod events;
pub mod meta;
pub mod requests;
pub mod sandbox;
pub mod webhooks;
