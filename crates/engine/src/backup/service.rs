//! The console's backups: taken one at a time into the chosen folder, recorded, the oldest
//! deleted beyond the number to keep; and the data directory's state.

use std::path::{Path, PathBuf};

use super::model::{
    BackupId, BackupRecord, BackupSettings, BackupSettingsChange, DEFAULT_FOLDER, DataStatus, MAX_KEEP,
};
use super::{archive, store};
use crate::error::{Error, Result};
use crate::{DATABASE_FILE, Engine, SCHEMA_VERSION};

pub struct Backups<'e> {
    pub(crate) engine: &'e Engine,
}

impl Backups<'_> {
    pub async fn settings(&self) -> Result<BackupSettings> {
        let (folder, keep) = self.engine.core.db.read(store::settings).await?;
        Ok(self.effective(folder, keep))
    }

    fn effective(&self, folder: Option<String>, keep: u32) -> BackupSettings {
        match folder {
            Some(folder) => BackupSettings { folder, folder_is_default: false, keep },
            None => BackupSettings {
                folder: self.engine.data_dir().join(DEFAULT_FOLDER).display().to_string(),
                folder_is_default: true,
                keep,
            },
        }
    }

    /// Changes where backups go (an absolute path; `None` for the default) and how many are kept.
    pub async fn change_settings(&self, change: BackupSettingsChange) -> Result<BackupSettings> {
        let keep = change.keep.unwrap_or(super::model::DEFAULT_KEEP);
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
        let saved = folder.clone();
        self.engine.core.db.write(move |conn| store::save_settings(conn, saved.as_deref(), keep)).await?;
        Ok(self.effective(folder, keep))
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
        let manifest = tokio::task::spawn_blocking(move || {
            crate::private::create_dir_all(&folder)
                .map_err(|e| Error::invalid("folder", format!("cannot create {}: {e}", folder.display())))?;
            archive::create(&data_dir, &out)
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
            encrypted: false,
            backups: settings,
            recent_backups: recent,
        })
    }
}
