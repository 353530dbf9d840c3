//! Organizations and their API keys: who may call, and which organization and environment a key
//! selects.

mod model;
mod service;
pub(crate) mod store;

pub use model::{ApiKey, ApiKeyId, Authenticated, CreatedKey, FirstRun, Organization};
pub use service::{DEFAULT_ORGANIZATION, KEY_NAME_MAX, KeyCache, Keys, Organizations, pin_variable};
