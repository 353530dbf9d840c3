//! Backups (issue 16): `archive` writes, checks and restores a backup of the data directory
//! (used by `docket backup` and `docket restore` directly); `model`, `store` and `service` are
//! the backups the console takes: where they go, how many are kept, a record of each, and the
//! data directory's state for the Data & privacy page.

pub mod archive;
mod model;
mod service;
mod store;

pub use archive::{Entry, FORMAT, Manifest, create, restore, verify};
pub use model::*;
pub(crate) use service::spawn;
pub use service::{Backups, DAILY_BY, DAILY_SUBJECT};
