//! SQL for AML screening: list snapshots and entities, search history, the FATF table, the
//! event outbox and the screening schedule.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{
    Entity, FatfRecord, FatfStatus, ListFormat, SearchId, SearchKind, SearchSummary, Snapshot, SnapshotId,
};
use super::vocabulary::RiskScore;
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::page::{Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;

fn pack(json: &[u8]) -> Vec<u8> {
    lz4_flex::compress_prepend_size(json)
}

fn unpack(i: usize, bytes: &[u8]) -> rusqlite::Result<Vec<u8>> {
    lz4_flex::decompress_size_prepended(bytes)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Blob, e.into()))
}

fn format_from(s: &str) -> ListFormat {
    match s {
        "ofac-sdn" => ListFormat::OfacSdn,
        "un-xml" => ListFormat::UnXml,
        "ftm" => ListFormat::Ftm,
        "demo" => ListFormat::Demo,
        _ => ListFormat::UsCsl,
    }
}

const SNAPSHOT_COLUMNS: &str =
    "id, list, format, label, as_of, imported_at, entity_count, name_count, rows_read, rows_rejected, sha256, active";

fn snapshot(row: &Row<'_>) -> rusqlite::Result<Snapshot> {
    Ok(Snapshot {
        id: row.get(0)?,
        list: row.get(1)?,
        format: format_from(row.get_ref(2)?.as_str()?),
        label: row.get(3)?,
        as_of: row.get(4)?,
        imported_at: row.get(5)?,
        entities: row.get(6)?,
        names: row.get(7)?,
        rows_read: row.get(8)?,
        rows_rejected: row.get(9)?,
        sha256: row.get(10)?,
        demo: false,
        active: row.get(11)?,
    })
}

/// Stores a new snapshot of a list with its entities, makes it the list's active snapshot (the
/// previous one keeps its record but loses its entities), and makes every screening-enabled
/// applicant due for screening. One transaction: a failed import changes nothing.
pub(crate) fn insert_snapshot(
    conn: &Connection,
    snapshot: &Snapshot,
    rejections: &str,
    entities: &[Entity],
) -> Result<()> {
    let previous: Vec<SnapshotId> = conn
        .prepare("SELECT id FROM watchlist_snapshots WHERE list = ?1 AND active = 1")?
        .query_map([&snapshot.list], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in &previous {
        conn.execute("DELETE FROM watchlist_entities WHERE snapshot_id = ?1", [id])?;
        conn.execute("UPDATE watchlist_snapshots SET active = 0 WHERE id = ?1", [id])?;
    }
    conn.execute(
        "INSERT INTO watchlist_snapshots (id, list, format, label, as_of, imported_at, entity_count, name_count,
             rows_read, rows_rejected, rejections, sha256, active)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 1)",
        params![
            snapshot.id,
            snapshot.list,
            snapshot.format.as_str(),
            snapshot.label,
            snapshot.as_of,
            snapshot.imported_at,
            snapshot.entities,
            snapshot.names,
            snapshot.rows_read,
            snapshot.rows_rejected,
            rejections,
            snapshot.sha256
        ],
    )?;
    let mut insert =
        conn.prepare_cached("INSERT OR REPLACE INTO watchlist_entities (snapshot_id, id, entity) VALUES (?1, ?2, ?3)")?;
    for e in entities {
        insert.execute(params![snapshot.id, e.uuid, pack(&serde_json::to_vec(e)?)])?;
    }
    // Every monitored applicant is screened again against the new list, in every environment.
    crate::work::store::make_all_due(conn, crate::work::Kind::AmlScreening)?;
    // And every monitored crypto address (KYT) is checked again.
    crate::work::store::make_all_due(conn, crate::work::Kind::KytMonitor)?;
    Ok(())
}

pub(crate) fn snapshots(conn: &Connection, active_only: bool) -> Result<Vec<Snapshot>> {
    let sql = format!(
        "SELECT {SNAPSHOT_COLUMNS} FROM watchlist_snapshots {} ORDER BY imported_at DESC, id DESC",
        if active_only { "WHERE active = 1" } else { "" }
    );
    let rows = conn.prepare(&sql)?.query_map([], snapshot)?.collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// How many entities the list's active snapshot holds, if it has one.
pub(crate) fn active_entity_count(conn: &Connection, list: &str) -> Result<Option<u64>> {
    Ok(conn
        .prepare_cached("SELECT entity_count FROM watchlist_snapshots WHERE list = ?1 AND active = 1")?
        .query_row([list], |r| r.get::<_, i64>(0))
        .optional()?
        .map(|n| n.max(0) as u64))
}

/// The ids of the active snapshots, in order: what the index must hold.
pub(crate) fn active_snapshot_ids(conn: &Connection) -> Result<Vec<SnapshotId>> {
    let rows = conn
        .prepare_cached("SELECT id FROM watchlist_snapshots WHERE active = 1 ORDER BY id")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Hands a snapshot's entities to `each` one by one (a list can be larger than memory allows
/// as a whole).
pub(crate) fn each_entity(conn: &Connection, snapshot: SnapshotId, mut each: impl FnMut(Entity)) -> Result<()> {
    let mut stmt = conn.prepare("SELECT entity FROM watchlist_entities WHERE snapshot_id = ?1")?;
    let rows = stmt.query_map([snapshot], |r| unpack(0, r.get_ref(0)?.as_blob()?))?;
    for bytes in rows {
        each(serde_json::from_slice(&bytes?)?);
    }
    Ok(())
}

/// A search to store.
pub(crate) struct SearchRecord<'a> {
    pub(crate) id: SearchId,
    pub(crate) kind: SearchKind,
    pub(crate) applicant: Option<ApplicantId>,
    /// The KYB case a screening ran for: its id and public id.
    pub(crate) case: Option<(uuid::Uuid, &'a str)>,
    pub(crate) requested_name: &'a str,
    pub(crate) max_risk_score: Option<RiskScore>,
    pub(crate) hits: u32,
    pub(crate) searched_at: Timestamp,
    pub(crate) report: &'a [u8],
}

pub(crate) fn insert_search(conn: &Connection, scope: Scope, s: &SearchRecord<'_>) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO aml_searches (id, organization_id, environment, kind, applicant_id, requested_name, max_risk_score,
             hits, searched_at, report, case_id, case_public_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?
    .execute(params![
        s.id,
        scope.organization,
        scope.environment,
        match s.kind {
            SearchKind::Search => "search",
            SearchKind::Screening => "screening",
        },
        s.applicant,
        s.requested_name,
        s.max_risk_score.map(RiskScore::as_str),
        s.hits,
        s.searched_at,
        pack(s.report),
        s.case.map(|(id, _)| id),
        s.case.map(|(_, public)| public),
    ])?;
    Ok(())
}

/// The stored report of a search, as JSON.
pub(crate) fn report(conn: &Connection, scope: Scope, id: SearchId) -> Result<Option<Vec<u8>>> {
    let packed: Option<Vec<u8>> = conn
        .prepare_cached("SELECT report FROM aml_searches WHERE organization_id = ?1 AND environment = ?2 AND id = ?3")?
        .query_row(params![scope.organization, scope.environment, id], |r| r.get(0))
        .optional()?;
    packed.map(|p| unpack(0, &p).map_err(Error::from)).transpose()
}

/// Filters of the search history.
#[derive(Debug, Clone, Default)]
pub struct HistoryFilter {
    pub kind: Option<SearchKind>,
    pub applicant: Option<ApplicantId>,
    /// Part of the requested name, case-insensitive.
    pub name: Option<String>,
}

pub(crate) fn history(
    conn: &Connection,
    scope: Scope,
    f: &HistoryFilter,
    page: PageRequest,
) -> Result<Page<SearchSummary>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, requested_name, searched_at, max_risk_score, hits, kind, applicant_id, case_id, case_public_id
         FROM aml_searches
         WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR kind = ?3)
           AND (?4 IS NULL OR applicant_id = ?4)
           AND (?5 IS NULL OR instr(lower(requested_name), ?5) > 0)
         ORDER BY searched_at DESC, id DESC LIMIT ?6 OFFSET ?7",
    )?;
    let kind = f.kind.map(|k| if k == SearchKind::Search { "search" } else { "screening" });
    let rows = stmt
        .query_map(
            params![
                scope.organization,
                scope.environment,
                kind,
                f.applicant,
                f.name.as_deref().map(str::to_lowercase),
                page.sql_limit(),
                page.sql_offset()
            ],
            |r| {
                Ok(SearchSummary {
                    search_uuid: r.get(0)?,
                    requested_name: r.get(1)?,
                    searched_at: r.get(2)?,
                    max_risk_score: r.get::<_, Option<String>>(3)?.as_deref().and_then(RiskScore::from_stored),
                    hits: r.get(4)?,
                    kind: if r.get_ref(5)?.as_str()? == "search" { SearchKind::Search } else { SearchKind::Screening },
                    applicant_id: r.get(6)?,
                    case_id: r.get(7)?,
                    case_public_id: r.get(8)?,
                })
            },
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(page.finish(rows))
}

pub(crate) fn fatf(conn: &Connection) -> Result<Vec<(FatfRecord, String)>> {
    let rows = conn
        .prepare("SELECT country, status, description, url, as_of FROM fatf_statuses ORDER BY country")?
        .query_map([], |r| {
            let status: String = r.get(1)?;
            Ok((
                FatfRecord {
                    country: r.get(0)?,
                    fatf_status: match status.as_str() {
                        "CallForAction" => FatfStatus::CallForAction,
                        "IncreasedMonitoring" => FatfStatus::IncreasedMonitoring,
                        "FatfMember" => FatfStatus::FatfMember,
                        _ => FatfStatus::NotListed,
                    },
                    description: r.get(2)?,
                    url: r.get(3)?,
                },
                r.get::<_, String>(4)?,
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

pub(crate) fn replace_fatf(conn: &Connection, records: &[FatfRecord], as_of: &str) -> Result<()> {
    conn.execute("DELETE FROM fatf_statuses", [])?;
    let mut stmt = conn
        .prepare("INSERT INTO fatf_statuses (country, status, description, url, as_of) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    for r in records {
        let status = serde_json::to_value(r.fatf_status)?.as_str().unwrap_or("NotListed").to_owned();
        stmt.execute(params![r.country, status, r.description, r.url, as_of])?;
    }
    Ok(())
}

/// Deletes the screening and search history of an erased applicant: its screenings and
/// searches, and searches of any of its `names` in the environment (letter case aside).
pub(crate) fn erase_applicant(
    conn: &Connection,
    scope: Scope,
    applicant: crate::applicants::ApplicantId,
    names: &[String],
) -> Result<usize> {
    let n = conn
        .prepare_cached(
            "DELETE FROM aml_searches WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, applicant])?;
    Ok(n + erase_names(conn, scope, names)?)
}

/// Deletes the searches of these exact names (any case); returns how many.
pub(crate) fn erase_names(conn: &Connection, scope: Scope, names: &[String]) -> Result<usize> {
    let mut n = 0;
    let mut by_name = conn.prepare_cached(
        "DELETE FROM aml_searches WHERE organization_id = ?1 AND environment = ?2 AND requested_name = ?3 COLLATE NOCASE",
    )?;
    for name in names {
        n += by_name.execute(params![scope.organization, scope.environment, name.trim()])?;
    }
    Ok(n)
}

/// Removes one environment's searches (not screenings: those stay with their applicant) made
/// before `cutoff` on its clock; returns how many.
pub(crate) fn prune_searches(conn: &Connection, scope: Scope, cutoff: Timestamp) -> Result<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM aml_searches WHERE organization_id = ?1 AND environment = ?2 AND kind = 'search'
                 AND searched_at < ?3",
        )?
        .execute(params![scope.organization, scope.environment, cutoff])?)
}
