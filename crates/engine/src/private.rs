//! Private by default: the data directory and everything Docket writes in it are readable by
//! the account that runs Docket and nobody else.
//!
//! On Unix (Linux, macOS) modes are set explicitly, never left to the umask: directories
//! `0700`, files `0600`. SQLite creates the database's `-wal` and `-shm` files with the mode of
//! the database file, so the database is created `0600` before SQLite opens it. A data
//! directory made by an older Docket (or by hand) with wider modes is tightened at start, with
//! one log line saying what changed. On Windows a data directory under the user's profile
//! inherits an access list that admits only that user, SYSTEM and administrators; nothing is
//! changed there.

use std::io;
use std::path::Path;

/// The mode of every directory Docket makes.
#[cfg(unix)]
pub const DIR_MODE: u32 = 0o700;
/// The mode of every file Docket writes.
#[cfg(unix)]
pub const FILE_MODE: u32 = 0o600;

/// Creates `dir` and any missing parents Docket makes for itself, each `0700`. Parents that
/// exist are left as they are (a home directory is not Docket's to change).
pub fn create_dir_all(dir: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(DIR_MODE);
    }
    builder.create(dir)
}

/// Options that create a file `0600` (and otherwise as `options` says).
pub fn file_options() -> std::fs::OpenOptions {
    #[allow(unused_mut)]
    let mut options = std::fs::OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(FILE_MODE);
    }
    options
}

/// Writes a whole file that only its owner can read (created `0600`; an existing file is
/// tightened before it is written).
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut file = file_options().write(true).create(true).truncate(true).open(path)?;
    tighten_file(path)?;
    file.write_all(bytes)
}

/// Creates the empty file `path` `0600` if it does not exist (SQLite takes an empty file as a
/// new database and gives its `-wal` and `-shm` files the same mode).
pub fn create_file(path: &Path) -> io::Result<()> {
    match file_options().write(true).create_new(true).open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// Syncs a directory's entries (a rename or a new file in it) to disk; best effort.
pub fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// What tightening a data directory changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tightened {
    /// The directory's own mode before, if it was wider than `0700`.
    pub dir_was: Option<u32>,
    /// Subdirectories set to `0700`.
    pub dirs: usize,
    /// Files set to `0600`.
    pub files: usize,
}

impl Tightened {
    pub fn is_empty(&self) -> bool {
        *self == Tightened::default()
    }

    /// One line for the log.
    pub fn describe(&self, dir: &Path) -> String {
        let mut parts = Vec::new();
        if let Some(was) = self.dir_was {
            parts.push(format!("the directory from {was:04o} to 0700"));
        }
        if self.dirs > 0 {
            parts.push(format!("{} subdirectories to 0700", self.dirs));
        }
        if self.files > 0 {
            parts.push(format!("{} files to 0600", self.files));
        }
        format!("made the data directory {} private: {}", dir.display(), parts.join(", "))
    }
}

/// Creates the data directory `0700`, or tightens an existing one that group or others could
/// enter, and everything in it (symbolic links are not followed). A directory already `0700`
/// is not walked: nobody else can reach what is inside, and every start would otherwise stat
/// every stored file.
pub fn secure_data_dir(dir: &Path) -> io::Result<Tightened> {
    create_dir_all(dir)?;
    let mut changed = Tightened::default();
    #[cfg(unix)]
    {
        let mode = mode_of(dir)?;
        if mode & 0o077 != 0 {
            set_mode(dir, DIR_MODE)?;
            changed.dir_was = Some(mode);
            tighten_tree(dir, &mut changed)?;
        }
    }
    Ok(changed)
}

#[cfg(unix)]
fn tighten_tree(dir: &Path, changed: &mut Tightened) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let path = entry.path();
        if kind.is_dir() {
            if mode_of(&path)? & 0o077 != 0 {
                set_mode(&path, DIR_MODE)?;
                changed.dirs += 1;
            }
            tighten_tree(&path, changed)?;
        } else if kind.is_file() && mode_of(&path)? & 0o077 != 0 {
            set_mode(&path, FILE_MODE)?;
            changed.files += 1;
        }
    }
    Ok(())
}

/// Whether the data directory and its database are closed to group and others (true where
/// modes do not exist).
pub fn is_private(dir: &Path) -> bool {
    #[cfg(unix)]
    {
        let closed = |p: &Path| mode_of(p).map(|m| m & 0o077 == 0).unwrap_or(true);
        closed(dir) && closed(&dir.join(crate::DATABASE_FILE))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        true
    }
}

/// Sets an existing file to `0600` (a no-op where modes do not exist).
pub fn tighten_file(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        if mode_of(path)? & 0o077 != 0 {
            set_mode(path, FILE_MODE)?;
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

#[cfg(unix)]
fn mode_of(path: &Path) -> io::Result<u32> {
    use std::os::unix::fs::PermissionsExt;
    Ok(std::fs::symlink_metadata(path)?.permissions().mode() & 0o7777)
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_new_directory_and_its_files_are_private_whatever_the_umask() {
        let root = tempfile::tempdir().expect("temp dir");
        let dir = root.path().join("a").join("data");
        assert!(secure_data_dir(&dir).expect("creates").is_empty());
        assert_eq!(mode_of(&dir).expect("mode"), 0o700);
        write(&dir.join("secret"), b"x").expect("writes");
        assert_eq!(mode_of(&dir.join("secret")).expect("mode"), 0o600);
        create_file(&dir.join("docket.db")).expect("creates");
        assert_eq!(mode_of(&dir.join("docket.db")).expect("mode"), 0o600);
    }

    #[test]
    fn a_wide_directory_is_tightened_and_says_what_changed() {
        let root = tempfile::tempdir().expect("temp dir");
        let dir = root.path().join("data");
        std::fs::create_dir_all(dir.join("files/ab")).expect("dirs");
        std::fs::write(dir.join("docket.db"), b"").expect("db");
        std::fs::write(dir.join("files/ab/blob"), b"x").expect("blob");
        std::fs::write(dir.join("already"), b"x").expect("file");
        for (path, mode) in
            [("", 0o755), ("files", 0o755), ("files/ab", 0o750), ("docket.db", 0o644), ("files/ab/blob", 0o640)]
        {
            set_mode(&dir.join(path), mode).expect("widen");
        }
        set_mode(&dir.join("already"), 0o600).expect("private");
        let changed = secure_data_dir(&dir).expect("tightens");
        assert_eq!(changed, Tightened { dir_was: Some(0o755), dirs: 2, files: 2 });
        assert!(changed.describe(&dir).contains("from 0755 to 0700, 2 subdirectories to 0700, 2 files to 0600"));
        for path in ["", "files", "files/ab"] {
            assert_eq!(mode_of(&dir.join(path)).expect("mode"), 0o700, "{path}");
        }
        for path in ["docket.db", "files/ab/blob", "already"] {
            assert_eq!(mode_of(&dir.join(path)).expect("mode"), 0o600, "{path}");
        }
        assert!(secure_data_dir(&dir).expect("again").is_empty(), "a private directory is left alone");
    }
}
