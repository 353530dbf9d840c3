//! The registration point: each domain declares its scoped tables once, here in [`DOMAINS`].
//! The sandbox reset, the overview counts and `docket info` read these declarations, so a new
//! domain appears in all three by adding its declaration, not by editing each of them.
//!
//! Every declared table has `organization_id` and `environment` columns (its rows belong to one
//! scope). A domain's own store still does all its other writes; the generic statements here
//! are only the scope-wide delete and count that every scoped table supports alike.

use std::collections::BTreeMap;

use rusqlite::{Connection, params};

use crate::error::Result;
use crate::scope::Scope;

/// One domain's scoped data.
pub(crate) struct Domain {
    pub(crate) tables: &'static [Table],
    /// Tidies the domain's unscoped tables once a reset deleted its scoped rows (journal bodies
    /// no entry refers to any more).
    pub(crate) after_reset: Option<fn(&Connection) -> Result<()>>,
}

/// A scoped table.
pub(crate) struct Table {
    pub(crate) name: &'static str,
    /// What a sandbox reset does with the environment's rows.
    pub(crate) reset: Reset,
    /// What the overview and `docket info` count in it.
    pub(crate) counts: &'static [Count],
}

pub(crate) enum Reset {
    /// Configuration that outlives a reset (endpoints, settings).
    Keep,
    /// Deleted, and reported under this name (or not reported: internal bookkeeping).
    Delete(Option<&'static str>),
}

/// A count of a table's rows in one environment.
pub(crate) struct Count {
    /// Its name in the counts (`applicants`, `deliveries_pending`).
    pub(crate) name: &'static str,
    /// An SQL condition on the table's own columns, if not every row counts.
    pub(crate) filter: Option<&'static str>,
}

impl Count {
    pub(crate) const fn all(name: &'static str) -> Count {
        Count { name, filter: None }
    }
}

/// Every domain with scoped data, in the order a reset deletes it (rows that refer to others
/// first).
pub(crate) const DOMAINS: &[&Domain] = &[
    &crate::webhooks::DOMAIN,
    &crate::events::DOMAIN,
    &crate::aml::DOMAIN,
    &crate::kyb::DOMAIN,
    &crate::audit::DOMAIN,
    &crate::verifications::DOMAIN,
    &crate::deepfake::DOMAIN,
    &crate::bankbook::DOMAIN,
    &crate::email::DOMAIN,
    &crate::nondoc::DOMAIN,
    &crate::kyt::DOMAIN,
    &crate::transmon::DOMAIN,
    &crate::erasure::DOMAIN,
    &crate::retention::DOMAIN,
    &crate::applicants::DOMAIN,
    &crate::journal::DOMAIN,
    &crate::files::DOMAIN,
    &crate::work::DOMAIN,
];

fn tables() -> impl Iterator<Item = &'static Table> {
    DOMAINS.iter().flat_map(|d| d.tables.iter())
}

/// Deletes the environment's rows of every table a reset removes; returns how many went, by
/// the name each table is reported under. Call inside one write.
pub(crate) fn reset(conn: &Connection, scope: Scope) -> Result<BTreeMap<&'static str, u64>> {
    let mut removed = BTreeMap::new();
    for table in tables() {
        let Reset::Delete(reported) = table.reset else { continue };
        let n = conn
            .prepare_cached(&format!("DELETE FROM {} WHERE organization_id = ?1 AND environment = ?2", table.name))?
            .execute(params![scope.organization, scope.environment])?;
        if let Some(name) = reported {
            *removed.entry(name).or_default() += n as u64;
        }
    }
    for tidy in DOMAINS.iter().filter_map(|d| d.after_reset) {
        tidy(conn)?;
    }
    Ok(removed)
}

/// Every declared count of the environment, by name.
pub(crate) fn counts(conn: &Connection, scope: Scope) -> Result<BTreeMap<&'static str, u64>> {
    let mut counts = BTreeMap::new();
    for table in tables() {
        for count in table.counts {
            let sql = format!(
                "SELECT count(*) FROM {} WHERE organization_id = ?1 AND environment = ?2{}",
                table.name,
                count.filter.map(|f| format!(" AND ({f})")).unwrap_or_default()
            );
            let n: i64 =
                conn.prepare_cached(&sql)?.query_row(params![scope.organization, scope.environment], |r| r.get(0))?;
            counts.insert(count.name, n.unsigned_abs());
        }
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declared_table_is_scoped_and_every_statement_prepares() {
        let conn = crate::db::migrated_in_memory();
        let scope = Scope::new(
            crate::scope::OrganizationId::new(crate::Timestamp::from_millis(1)),
            crate::Environment::Sandbox,
        );
        // Preparing them proves the tables and their filters exist as declared.
        assert!(counts(&conn, scope).expect("counts").values().all(|n| *n == 0));
        reset(&conn, scope).expect("reset");
        let mut names: Vec<_> = tables().flat_map(|t| t.counts.iter().map(|c| c.name)).collect();
        let all = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all, "count names are unique");
    }
}
