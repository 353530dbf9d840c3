//! The schema: numbered SQL files in the repository's `migrations/` folder, embedded in the
//! binary and applied in order at start. `PRAGMA user_version` records how far a database is.

use std::path::Path;

use include_dir::{Dir, include_dir};
use rusqlite::Connection;
use rusqlite_migration::{M, MigrationDefinitionError, Migrations};

use crate::error::{Error, Result};

static FILES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../migrations");

/// The schema version this build writes: the number of migration files.
pub const SCHEMA_VERSION: usize = {
    // Counted at compile time so a missing file cannot go unnoticed.
    FILES.entries().len()
};

const _: () = assert!(SCHEMA_VERSION >= 1, "migrations/ holds no migration");

/// The migrations in order. File names are `NNNN_name.sql`, numbered from 0001 without gaps.
fn migrations() -> Result<Migrations<'static>> {
    let mut files: Vec<_> = FILES.files().collect();
    files.sort_by_key(|f| f.path().to_path_buf());
    let mut steps = Vec::with_capacity(files.len());
    for (i, file) in files.iter().enumerate() {
        let name = file.path().to_string_lossy();
        let expected = format!("{:04}_", i + 1);
        if !name.starts_with(&expected) || !name.ends_with(".sql") {
            return Err(Error::Incompatible(format!("migration {name} is out of sequence (expected {expected}*.sql)")));
        }
        let sql = file.contents_utf8().ok_or_else(|| Error::Incompatible(format!("migration {name} is not UTF-8")))?;
        steps.push(M::up(sql));
    }
    Ok(Migrations::new(steps))
}

pub(super) fn apply(conn: &mut Connection, path: &Path) -> Result<()> {
    migrations()?.to_latest(conn).map_err(|e| match e {
        rusqlite_migration::Error::MigrationDefinition(MigrationDefinitionError::DatabaseTooFarAhead) => {
            let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap_or(-1);
            Error::Incompatible(format!(
                "{} was written by a newer version of Docket (schema version {found}; this build knows \
                 up to {SCHEMA_VERSION}). Upgrade Docket, or choose another --data-dir.",
                path.display()
            ))
        }
        other => Error::Incompatible(format!("cannot migrate {}: {other}", path.display())),
    })
}

/// A fresh in-memory database at the latest schema, for unit tests of the stores.
#[cfg(test)]
pub(crate) fn migrated_in_memory() -> Connection {
    let mut conn = Connection::open_in_memory().expect("in-memory database");
    migrations().expect("in sequence").to_latest(&mut conn).expect("migrates");
    conn
}

/// A fresh in-memory database at schema `version`, and a function that takes it to the latest:
/// for tests of what a migration does to rows written before it.
#[cfg(test)]
pub(crate) fn in_memory_at(version: usize) -> (Connection, impl FnOnce(&mut Connection)) {
    let mut conn = Connection::open_in_memory().expect("in-memory database");
    migrations().expect("in sequence").to_version(&mut conn, version).expect("migrates");
    (conn, |conn: &mut Connection| migrations().expect("in sequence").to_latest(conn).expect("migrates"))
}

/// The schema version the migration whose file name contains `name` brings a database to.
#[cfg(test)]
pub(crate) fn version_of(name: &str) -> usize {
    let mut files: Vec<_> = FILES.files().map(|f| f.path().to_string_lossy().into_owned()).collect();
    files.sort();
    files.iter().position(|f| f.contains(name)).map(|i| i + 1).expect("a migration of that name")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid_and_numbered() {
        migrations().expect("in sequence").validate().expect("valid SQL");
    }
}
