//! The console's backups: taken one at a time into the chosen folder, recorded, the oldest
//! deleted beyond the number to keep, and every day if asked (as due work); and the data
//! directory's state.

use std::path::{Path, PathBuf};

use jiff::SignedDuration;

use super::model::{
    BackupId, BackupRecord, BackupSettings, BackupSettingsChange, DEFAULT_FOLDER, DEFAULT_KEEP, DataStatus, MAX_KEEP,
};
use super::{archive, store};
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::work::{self, Claim, Kind, Tasks, Worker};
use crate::{DATABASE_FILE, Engine, SCHEMA_VERSION};

/// The subject of the daily backup's due work (there is one).
pub const DAILY_SUBJECT: uuid::Uuid = uuid::Uuid::from_u128(0x0000_0000_0000_4000_8000_6461_696c_7900);
/// Who takes the daily backup, as its records say.
pub const DAILY_BY: &str = "daily schedule";
const DAY: SignedDuration = SignedDuration::from_hours(24);

pub struct Backups<'e> {
    pub(crate) engine: &'e Engine,
}

impl Backups<'_> {
    pub async fn settings(&self) -> Result<BackupSettings> {
        let (stored, next) = self
            .engine
            .core
            .db
            .read(|conn| Ok((store::settings(conn)?, work::store::get(conn, Kind::Backup, DAILY_SUBJECT)?)))
            .await?;
        Ok(self.effective(stored, next.map(|item| item.due_at)))
    }

    fn effective(&self, stored: store::Stored, next_daily_at: Option<crate::time::Timestamp>) -> BackupSettings {
        let (folder, folder_is_default) = match stored.folder {
            Some(folder) => (folder, false),
            None => (self.engine.data_dir().join(DEFAULT_FOLDER).display().to_string(), true),
        };
        let next_daily_at = next_daily_at.filter(|_| stored.daily);
        BackupSettings { folder, folder_is_default, keep: stored.keep, daily: stored.daily, next_daily_at }
    }

    /// Replaces the settings. A daily backup is due work of `schedule_in` (the owner's
    /// production: real time): at once when the newest backup is a day old or there is none,
    /// else a day after it.
    pub async fn change_settings(&self, schedule_in: Scope, change: BackupSettingsChange) -> Result<BackupSettings> {
        let keep = change.keep.unwrap_or(DEFAULT_KEEP);
        if !(1..=MAX_KEEP).contains(&keep) {
            return Err(Error::invalid("keep", format!("keep between 1 and {MAX_KEEP} backups")));
        }
        let folder = match change.folder.as_deref().map(str::trim) {
            // An empty string is no value, as everywhere in the API.
            None | Some("") => None,
            Some(f) if !Path::new(f).is_absolute() => {
                return Err(Error::invalid(
                    "folder",
                    "give an absolute path (the server's working directory is not yours)",
                ));
            }
            Some(f) if f.chars().any(char::is_control) || f.len() > 1024 => {
                return Err(Error::invalid("folder", "not a usable path"));
            }
            Some(f) => Some(f.to_owned()),
        };
        let stored = store::Stored { folder, keep, daily: change.daily.unwrap_or(false) };
        let now = self.engine.now(schedule_in);
        self.engine
            .core
            .db
            .write(move |conn| {
                store::save_settings(conn, &stored)?;
                if !stored.daily {
                    work::store::cancel(conn, Kind::Backup, DAILY_SUBJECT)?;
                } else if work::store::get(conn, Kind::Backup, DAILY_SUBJECT)?.is_none() {
                    let at = store::newest(conn)?
                        .map_or(now, |newest| newest.saturating_add(DAY).min(now.saturating_add(DAY)));
                    work::store::schedule(conn, Kind::Backup, schedule_in, DAILY_SUBJECT, at)?;
                }
                Ok(())
            })
            .await?;
        self.settings().await
    }

    /// Takes the daily backup and schedules the next a day later.
    async fn daily(&self, claim: &Claim) -> Result<()> {
        self.take(DAILY_BY).await?;
        let (claim, next) = (claim.clone(), self.engine.now(claim.scope).saturating_add(DAY));
        self.engine.core.db.write(move |conn| work::store::reschedule(conn, &claim, next).map(drop)).await
    }

    /// Takes a backup now into the settings' folder, records it, and deletes the oldest beyond
    /// the number to keep. One at a time: a second request waits for the first.
    pub async fn take(&self, by: &str) -> Result<BackupRecord> {
        let _one_at_a_time = self.engine.core.backups.lock().await;
        let settings = self.settings().await?;
        let real_now = self.engine.real_now();
        let folder = PathBuf::from(&settings.folder);
        let name = format!("docket-{}.docket-backup", real_now.as_jiff().strftime("%Y%m%dT%H%M%S%.3fZ"));
        let path = folder.join(name);
        let (data_dir, out) = (self.engine.data_dir().to_owned(), path.clone());
        let keys = self.engine.core.db.keys().cloned();
        let manifest = tokio::task::spawn_blocking(move || {
            crate::private::create_dir_all(&folder)
                .map_err(|e| Error::invalid("folder", format!("cannot create {}: {e}", folder.display())))?;
            archive::create_unlocked(&data_dir, &out, keys.as_ref())
        })
        .await
        .map_err(|e| Error::Storage(format!("the backup stopped: {e}")))??;
        let record = BackupRecord {
            id: BackupId::new(real_now),
            taken_at: real_now,
            path: path.display().to_string(),
            bytes: std::fs::metadata(&path).map(|m| m.len()).unwrap_or_else(|_| manifest.bytes()),
            files: manifest.files() as u64,
            schema_version: manifest.schema_version,
            taken_by: by.to_owned(),
            removed_at: None,
        };
        let (saved, keep) = (record.clone(), settings.keep);
        let retired = self
            .engine
            .core
            .db
            .write(move |conn| {
                store::insert(conn, &saved)?;
                store::retire_beyond(conn, keep, real_now)
            })
            .await?;
        for old in retired {
            if let Err(e) = std::fs::remove_file(&old)
                && e.kind() != std::io::ErrorKind::NotFound
            {
                tracing::warn!(path = %old, error = %e, "could not delete an old backup");
            }
        }
        Ok(record)
    }

    /// The data directory at a glance.
    pub async fn status(&self) -> Result<DataStatus> {
        let settings = self.settings().await?;
        let recent = self.engine.core.db.read(|conn| store::recent(conn, 20)).await?;
        let dir = self.engine.data_dir().to_owned();
        let (stored_files, stored_file_bytes) = self.engine.core.db.read(crate::files::store::totals).await?;
        let size = |name: &str| std::fs::metadata(dir.join(name)).map(|m| m.len()).unwrap_or(0);
        Ok(DataStatus {
            data_dir: dir.display().to_string(),
            database_bytes: size(DATABASE_FILE),
            log_bytes: size(&format!("{DATABASE_FILE}-wal")),
            stored_files,
            stored_file_bytes,
            schema_version: SCHEMA_VERSION as u32,
            private: crate::private::is_private(&dir),
            encrypted: self.engine.is_encrypted(),
            backups: settings,
            recent_backups: recent,
        })
    }
}

/// Takes the daily backup when it falls due.
struct DailyBackup;

impl Worker for DailyBackup {
    const KIND: Kind = Kind::Backup;
    const MAX_IN_FLIGHT: usize = 1;
    /// Longer than a backup of a large directory takes.
    const LEASE: std::time::Duration = std::time::Duration::from_secs(3600);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move { engine.backups().daily(&claim).await });
        Ok(())
    }
}

pub(crate) fn spawn(engine: &Engine) {
    work::spawn(engine, DailyBackup);
}
