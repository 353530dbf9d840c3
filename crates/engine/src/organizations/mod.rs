//! Organizations and their API keys: who may call, and which organization and environment a key
//! selects; and each organization's own settings (`settings`: the sites that may frame its
//! hosted pages; `widget`: the KYB widget's branding and what it tells of a decision).

mod model;
mod service;
mod settings;
pub(crate) mod store;
mod widget;

pub use model::{ApiKey, ApiKeyId, Authenticated, CreatedKey, FirstRun, Organization};
pub use service::{
    DEFAULT_ORGANIZATION, FAILED_KEYS_PER_MINUTE, KEY_NAME_MAX, KeyCache, Keys, Organizations, pin_variable,
};
pub use settings::{FrameOrigin, MAX_FRAME_ORIGINS, OrganizationSettings, OrganizationSettingsChange};
pub use widget::{BrandColor, Branding, Font, Logo, MAX_LOGO_BYTES, OutcomeShown, WidgetOutcomes, WidgetSettings};
