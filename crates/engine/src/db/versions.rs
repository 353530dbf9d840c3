//! Data versions of watched tables: a number per table that rises with every commit that
//! changed one of its rows, so a read can keep what it derived from the table (a rendered page
//! of the case list) until the table changes (see [`crate::page::PageCache`]).
//!
//! SQLite tells the writer connection of each changed row (`sqlite3_update_hook`), so no store
//! has to remember to announce its writes. The versions rise after the group's commit and
//! before any of its callers is answered: a caller whose write returned never reads a page
//! cached before it. A group that is rolled back raises them too; a needless miss is harmless.
//!
//! The hook misses two kinds of change that Docket does not make to watched tables: rows
//! replaced by `ON CONFLICT REPLACE`, and a `DELETE` without `WHERE` (SQLite's truncate).

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use rusqlite::Connection;

/// A table whose version is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Watched {
    KybCases,
}

impl Watched {
    const ALL: [Watched; 1] = [Watched::KybCases];

    fn table(self) -> &'static str {
        match self {
            Watched::KybCases => "kyb_cases",
        }
    }

    fn bit(self) -> u64 {
        1 << self as u32
    }
}

thread_local! {
    /// Watched tables changed by the group being committed on this (the writer's) thread.
    static CHANGED: Cell<u64> = const { Cell::new(0) };
}

/// The current version of each watched table.
#[derive(Default)]
pub(crate) struct Versions([AtomicU64; Watched::ALL.len()]);

impl Versions {
    pub(crate) fn of(&self, table: Watched) -> u64 {
        self.0[table as usize].load(Ordering::Acquire)
    }

    /// Raises the version of every table changed since the last call on this thread.
    pub(super) fn raise_changed(&self) {
        let changed = CHANGED.with(|c| c.replace(0));
        for table in Watched::ALL {
            if changed & table.bit() != 0 {
                self.0[table as usize].fetch_add(1, Ordering::AcqRel);
            }
        }
    }
}

/// Makes `conn` (the writer's) note which watched tables its statements change.
pub(super) fn watch(conn: &Connection) -> rusqlite::Result<()> {
    conn.update_hook(Some(|_action, _database: &str, table: &str, _rowid| {
        if let Some(t) = Watched::ALL.into_iter().find(|t| t.table() == table) {
            CHANGED.with(|c| c.set(c.get() | t.bit()));
        }
    }))
}
