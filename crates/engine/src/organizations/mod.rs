//! Organizations and their API keys: who may call, and which organization and environment a key
//! selects; and each organization's own settings (`settings`: the sites that may frame its
//! hosted pages).

mod model;
mod service;
mod settings;
pub(crate) mod store;

pub use model::{ApiKey, ApiKeyId, Authenticated, CreatedKey, FirstRun, Organization};
pub use service::{
    DEFAULT_ORGANIZATION, FAILED_KEYS_PER_MINUTE, KEY_NAME_MAX, KeyCache, Keys, Organizations, pin_variable,
};
pub use settings::{FrameOrigin, MAX_FRAME_ORIGINS, OrganizationSettings, OrganizationSettingsChange};
