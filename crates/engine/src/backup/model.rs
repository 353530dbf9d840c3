//! Backups as served: the settings, one backup's record, the data directory's state.

use serde::{Deserialize, Serialize};

use crate::id::typed_id;
use crate::time::Timestamp;

typed_id!(
    /// A backup taken from the console.
    BackupId,
    "backup"
);

/// How many backups are kept when none is set.
pub const DEFAULT_KEEP: u32 = 7;
/// The most backups that may be kept.
pub const MAX_KEEP: u32 = 100;
/// The folder, inside the data directory, backups go to when none is set.
pub const DEFAULT_FOLDER: &str = "backups";

/// Where the console's backups go and how many are kept (older ones are deleted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BackupSettings {
    /// The folder, absolute.
    pub folder: String,
    /// Whether the folder is the default (`backups` in the data directory: the same disk, which
    /// guards against mistakes and damage but not against losing the disk).
    pub folder_is_default: bool,
    pub keep: u32,
    /// Whether a backup is taken every day.
    pub daily: bool,
    /// When the next daily backup is due, while `daily` is on.
    pub next_daily_at: Option<Timestamp>,
}

/// New settings, replacing the old: a folder (absolute; `null` or absent for the default), how
/// many to keep (absent: 7), and whether to take a backup every day (absent: no).
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct BackupSettingsChange {
    pub folder: Option<String>,
    pub keep: Option<u32>,
    pub daily: Option<bool>,
}

/// One backup taken from the console.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BackupRecord {
    pub id: BackupId,
    pub taken_at: Timestamp,
    pub path: String,
    pub bytes: u64,
    /// Stored files in it.
    pub files: u64,
    pub schema_version: u32,
    /// The reviewer who asked for it.
    pub taken_by: String,
    /// When it was deleted to keep only the newest; `null` while it is kept.
    pub removed_at: Option<Timestamp>,
}

/// The data directory at a glance, for the Data & privacy page.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DataStatus {
    pub data_dir: String,
    /// The database file, its write-ahead log and the stored files, in bytes.
    pub database_bytes: u64,
    pub log_bytes: u64,
    pub stored_files: u64,
    pub stored_file_bytes: u64,
    pub schema_version: u32,
    /// Whether the directory and everything in it are readable only by Docket's account
    /// (always true where modes do not exist).
    pub private: bool,
    /// Whether the database and stored files are encrypted at rest (and so the backups).
    pub encrypted: bool,
    pub backups: BackupSettings,
    /// The newest backups first (at most 20), deleted ones included.
    pub recent_backups: Vec<BackupRecord>,
}
