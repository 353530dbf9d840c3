//! SQL for the request journal.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::model::{JournalEntry, JournalFilter, Source};
use crate::error::Result;
use crate::organizations::ApiKeyId;
use crate::page::{Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;

/// An entry ready to store: redaction and truncation already done.
pub(super) struct Prepared {
    pub(super) request_id: String,
    pub(super) scope: Option<Scope>,
    pub(super) source: Source,
    pub(super) api_key_id: Option<ApiKeyId>,
    pub(super) reviewer: Option<String>,
    pub(super) received_at: Timestamp,
    pub(super) method: String,
    pub(super) path: String,
    pub(super) query: Option<String>,
    pub(super) status: u16,
    pub(super) latency_us: u64,
    pub(super) client: Option<String>,
    /// Each body, if any, and whether it was cut.
    pub(super) request_body: (Option<Packed>, bool),
    pub(super) response_body: (Option<Packed>, bool),
}

/// A body as stored: compressed; a large one named by its hash and stored once however many
/// entries share it (a client polling a page gets the same response many times over), a small
/// one kept in its entry's row. Sharing a small body saves a few bytes and costs a write to a
/// random page of the hash index for every new body: measured under transaction events (unique
/// bodies of a few hundred bytes), the shared bodies' table and its index were two fifths of the
/// pages each commit wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Packed {
    /// `None` for a body kept in its entry's row.
    hash: Option<[u8; 16]>,
    bytes: std::sync::Arc<[u8]>,
}

#[cfg(test)]
impl Packed {
    pub(super) fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// The largest compressed body kept in its entry's row.
const INLINE_MAX: usize = 512;

/// Bodies are kept compressed: the journal's writes are most of what it costs under load.
/// Packing happens before the batch reaches the writer, off its thread.
pub(super) fn pack(body: &[u8]) -> Packed {
    let bytes = lz4_flex::compress_prepend_size(body);
    let hash = (bytes.len() > INLINE_MAX).then(|| hash_of(&bytes));
    Packed { hash, bytes: bytes.into() }
}

/// The name of a shared body: the first 16 bytes of the SHA-256 of its compressed bytes.
fn hash_of(bytes: &[u8]) -> [u8; 16] {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    let mut hash = [0; 16];
    hash.copy_from_slice(&digest[..16]);
    hash
}

fn unpack(row: &Row<'_>, i: usize) -> rusqlite::Result<Option<String>> {
    let Some(packed) = row.get_ref(i)?.as_blob_or_null()? else { return Ok(None) };
    let bytes = lz4_flex::decompress_size_prepended(packed)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Blob, e.into()))?;
    // Plain bodies are stored without being checked for UTF-8: a binary one shows as a note.
    Ok(Some(String::from_utf8(bytes).unwrap_or_else(|e| super::redact::binary_note(e.as_bytes().len()))))
}

pub(super) fn insert_all(conn: &Connection, entries: &[Prepared]) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "INSERT INTO request_journal (request_id, organization_id, environment, received_at, method, path, query,
             status, latency_us, client, request_hash, request_truncated, response_hash, response_truncated,
             source, api_key_id, reviewer, request_body, response_body)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
    )?;
    let hash = |b: &Option<Packed>| b.as_ref().and_then(|b| b.hash);
    let inline = |b: &Option<Packed>| b.as_ref().filter(|b| b.hash.is_none()).map(|b| b.bytes.clone());
    // Each distinct body once, with the newest entry that refers to it.
    let mut bodies: std::collections::HashMap<[u8; 16], (&Packed, i64)> = std::collections::HashMap::new();
    for e in entries {
        stmt.execute(params![
            e.request_id,
            e.scope.map(|s| s.organization),
            e.scope.map(|s| s.environment),
            e.received_at,
            e.method,
            e.path,
            e.query,
            e.status,
            i64::try_from(e.latency_us).unwrap_or(i64::MAX),
            e.client,
            hash(&e.request_body.0),
            e.request_body.1,
            hash(&e.response_body.0),
            e.response_body.1,
            e.source,
            e.api_key_id,
            e.reviewer,
            inline(&e.request_body.0).as_deref(),
            inline(&e.response_body.0).as_deref(),
        ])?;
        let seq = conn.last_insert_rowid();
        for body in [&e.request_body.0, &e.response_body.0].into_iter().flatten() {
            if let Some(hash) = body.hash {
                bodies.insert(hash, (body, seq));
            }
        }
    }
    let mut stmt = conn.prepare_cached(
        "INSERT INTO journal_bodies (hash, body, last_seq) VALUES (?1, ?2, ?3)
         ON CONFLICT (hash) DO UPDATE SET last_seq = excluded.last_seq",
    )?;
    for (hash, (body, seq)) in bodies {
        stmt.execute(params![hash, &*body.bytes, seq])?;
    }
    Ok(())
}

/// Removes the bodies no entry refers to any more: after a scope's entries were deleted
/// (cleared, or by a sandbox reset), bodies of that scope alone must not stay behind.
pub(crate) fn remove_unreferenced_bodies(conn: &Connection) -> Result<()> {
    conn.execute(
        "DELETE FROM journal_bodies WHERE hash NOT IN (
             SELECT request_hash FROM request_journal WHERE request_hash IS NOT NULL
             UNION ALL SELECT response_hash FROM request_journal WHERE response_hash IS NOT NULL)",
        [],
    )?;
    Ok(())
}

/// Removes entries older than `cutoff`, and the bodies whose newest entry went with no older
/// entry left anywhere (the others go with [`remove_unreferenced_bodies`]).
///
/// Entries are stored in the order their requests finished, so `received_at` rises with `seq`
/// (a slow request may be a little out of order, which does not matter for a retention of
/// hours or days): the old entries are the ones before the first young one.
pub(super) fn prune(conn: &Connection, cutoff: Timestamp) -> Result<usize> {
    let first_young: Option<i64> = conn
        .prepare_cached("SELECT seq FROM request_journal WHERE received_at >= ?1 ORDER BY seq LIMIT 1")?
        .query_row([cutoff], |r| r.get(0))
        .optional()?;
    let old = match first_young {
        Some(seq) => conn.prepare_cached("DELETE FROM request_journal WHERE seq < ?1")?.execute([seq])?,
        None => conn.prepare_cached("DELETE FROM request_journal")?.execute([])?,
    };
    if old > 0 {
        conn.prepare_cached(
            "DELETE FROM journal_bodies
             WHERE last_seq < coalesce((SELECT min(seq) FROM request_journal), 9223372036854775807)",
        )?
        .execute([])?;
    }
    Ok(old)
}

/// Keeps a scope's newest `keep` entries: one tenant's traffic never evicts another's. A body
/// whose newest entry has gone goes too when no older entry is left anywhere; the others wait
/// for [`prune`]'s sweep.
pub(super) fn prune_to(conn: &Connection, scope: Scope, keep: u64) -> Result<usize> {
    // Prepared once: this runs with every few batches (parsing it was about 2% of the writer's
    // time under transaction events, perf).
    let over = conn
        .prepare_cached(
            "DELETE FROM request_journal WHERE organization_id = ?1 AND environment = ?2 AND seq <= (
                 SELECT seq FROM request_journal WHERE organization_id = ?1 AND environment = ?2
                 ORDER BY seq DESC LIMIT 1 OFFSET ?3)",
        )?
        .execute(params![scope.organization, scope.environment, i64::try_from(keep).unwrap_or(i64::MAX)])?;
    if over > 0 {
        conn.prepare_cached(
            "DELETE FROM journal_bodies
             WHERE last_seq < coalesce((SELECT min(seq) FROM request_journal), 9223372036854775807)",
        )?
        .execute([])?;
    }
    Ok(over)
}

fn entry(row: &Row<'_>) -> rusqlite::Result<JournalEntry> {
    let latency_us: i64 = row.get(8)?;
    Ok(JournalEntry {
        seq: row.get(0)?,
        request_id: row.get(1)?,
        environment: row.get(2)?,
        received_at: row.get(3)?,
        method: row.get(4)?,
        path: row.get(5)?,
        query: row.get(6)?,
        status: row.get(7)?,
        latency_ms: latency_us as f64 / 1000.0,
        client: row.get(9)?,
        request_body: unpack(row, 10)?,
        request_body_truncated: row.get(11)?,
        response_body: unpack(row, 12)?,
        response_body_truncated: row.get(13)?,
        source: row.get(14)?,
        api_key_id: row.get(15)?,
        reviewer: row.get(16)?,
    })
}

pub(super) fn list(
    conn: &Connection,
    scope: Scope,
    f: &JournalFilter,
    page: PageRequest,
) -> Result<Page<JournalEntry>> {
    let (status_low, status_high) = f.status.map(|s| s.range()).unzip();
    let mut stmt = conn.prepare_cached(
        "SELECT seq, request_id, environment, received_at, method, path, query, status, latency_us, client,
                coalesce(rq.body, request_body), request_truncated, coalesce(rs.body, response_body),
                response_truncated, source, api_key_id, reviewer
         FROM request_journal
         LEFT JOIN journal_bodies rq ON rq.hash = request_hash
         LEFT JOIN journal_bodies rs ON rs.hash = response_hash
         WHERE organization_id = ?1 AND environment = ?2
           AND (?3 IS NULL OR method = ?3)
           AND (?4 IS NULL OR substr(path, 1, length(?4)) = ?4)
           AND (?5 IS NULL OR status BETWEEN ?5 AND ?6)
           AND (?7 IS NULL OR received_at >= ?7)
           AND (?8 IS NULL OR received_at <= ?8)
           AND (?9 IS NULL OR request_id = ?9)
           AND (?10 IS NULL OR seq > ?10)
           AND (?13 IS NULL OR source = ?13)
           AND (?14 IS NULL OR reviewer = ?14)
         ORDER BY seq DESC
         LIMIT ?11 OFFSET ?12",
    )?;
    let rows = stmt
        .query_map(
            params![
                scope.organization,
                scope.environment,
                f.method,
                f.path,
                status_low,
                status_high,
                f.since,
                f.until,
                f.request_id,
                f.after,
                page.sql_limit(),
                page.sql_offset(),
                f.source,
                f.reviewer,
            ],
            entry,
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(page.finish(rows))
}

pub(super) fn clear(conn: &Connection, scope: Scope) -> Result<usize> {
    let removed = conn.execute(
        "DELETE FROM request_journal WHERE organization_id = ?1 AND environment = ?2",
        params![scope.organization, scope.environment],
    )?;
    remove_unreferenced_bodies(conn)?;
    Ok(removed)
}

/// Removes one environment's entries received before `cutoff` (its own, shorter retention),
/// and the bodies no entry refers to any more; returns how many entries went.
pub(crate) fn prune_scope(conn: &Connection, scope: Scope, cutoff: Timestamp) -> Result<usize> {
    let n = conn
        .prepare_cached(
            "DELETE FROM request_journal WHERE organization_id = ?1 AND environment = ?2 AND received_at < ?3",
        )?
        .execute(params![scope.organization, scope.environment, cutoff])?;
    if n > 0 {
        remove_unreferenced_bodies(conn)?;
    }
    Ok(n)
}

/// What an erased body says instead.
const ERASED: &str = "[erased on request: this body named a person whose data was erased]";

/// Redacts every body and query that mentions one of `needles` (an erased subject's ids, names,
/// e-mail, phone; letter case aside), and both bodies of every request whose path or query
/// does: the entries point to a note instead, a body nothing else refers to is deleted, the
/// query is replaced by the note. Returns how many bodies went.
pub(crate) fn erase_mentions(conn: &Connection, needles: &[String]) -> Result<usize> {
    let needles = crate::erasure::Mentions::of(needles);
    let mentions = |text: &str| needles.in_text(text);
    let note = lz4_flex::compress_prepend_size(ERASED.as_bytes());
    let note_hash = hash_of(&note);
    // Bodies that mention a needle, whoever refers to them.
    let named: std::collections::HashSet<Vec<u8>> = {
        let mut stmt = conn.prepare("SELECT hash, body FROM journal_bodies")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, Vec<u8>>(0)?, unpack(r, 1)?)))?;
        let mut found = std::collections::HashSet::new();
        for row in rows {
            let (hash, body) = row?;
            if hash != note_hash && body.as_deref().is_some_and(mentions) {
                found.insert(hash);
            }
        }
        found
    };
    // The entries to point at the note: both bodies of a request addressed to the subject (its
    // id, or a widget token, in the path or query: a form saved field by field holds a person's
    // names apart, never as one phrase) or with a body that names it (a create sends first and
    // last names apart, and its answer names the new id). Found in one pass (the hash columns
    // have no index). A body shared with other requests (`{}`, say) stays theirs.
    let repoint: Vec<(i64, bool, bool)> = {
        let mut stmt = conn.prepare(
            "SELECT seq, path, query, request_hash, response_hash FROM request_journal
             WHERE request_hash IS NOT NULL OR response_hash IS NOT NULL",
        )?;
        let rows = stmt.query_map([], |r| {
            let (seq, path, query) = (r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, Option<String>>(2)?);
            Ok((seq, path, query, r.get::<_, Option<Vec<u8>>>(3)?, r.get::<_, Option<Vec<u8>>>(4)?))
        })?;
        let mut found = Vec::new();
        for row in rows {
            let (seq, path, query, request, response) = row?;
            let names = |hash: &Option<Vec<u8>>| hash.as_ref().is_some_and(|h| named.contains(h));
            let addressed = needles.in_url(&path)
                || query.as_deref().is_some_and(|q| needles.in_url(q))
                || names(&request)
                || names(&response);
            let erase = |hash: &Option<Vec<u8>>| hash.as_ref().is_some_and(|h| *h != note_hash && addressed);
            let (a, b) = (erase(&request), erase(&response));
            if a || b {
                found.push((seq, a, b));
            }
        }
        found
    };
    if !repoint.is_empty() {
        conn.prepare_cached(
            "INSERT INTO journal_bodies (hash, body, last_seq) VALUES (?1, ?2, (SELECT coalesce(max(seq), 0) FROM request_journal))
             ON CONFLICT (hash) DO UPDATE SET last_seq = excluded.last_seq",
        )?
        .execute(params![note_hash, note])?;
    }
    for (seq, request, response) in &repoint {
        if *request {
            conn.prepare_cached("UPDATE request_journal SET request_hash = ?2 WHERE seq = ?1")?
                .execute(params![seq, note_hash])?;
        }
        if *response {
            conn.prepare_cached("UPDATE request_journal SET response_hash = ?2 WHERE seq = ?1")?
                .execute(params![seq, note_hash])?;
        }
    }
    // Bodies nothing refers to any more go (a named one always: every entry was repointed).
    let bodies = if repoint.is_empty() {
        0
    } else {
        remove_unreferenced_bodies(conn)?;
        usize::try_from(conn.changes()).unwrap_or(0)
    };
    // Small bodies, and every body of an entry from before bodies were shared, are kept in the
    // entry's row.
    let inline: Vec<(i64, bool, bool)> = {
        let mut stmt = conn.prepare(
            "SELECT seq, request_body, response_body, path || '?' || coalesce(query, '') FROM request_journal
             WHERE request_body IS NOT NULL OR response_body IS NOT NULL",
        )?;
        let rows =
            stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, unpack(r, 1)?, unpack(r, 2)?, r.get::<_, String>(3)?)))?;
        let mut found = Vec::new();
        for row in rows {
            let (seq, request, response, path) = row?;
            let addressed = needles.in_url(&path)
                || request.as_deref().is_some_and(mentions)
                || response.as_deref().is_some_and(mentions);
            let (a, b) = (request.is_some() && addressed, response.is_some() && addressed);
            if a || b {
                found.push((seq, a, b));
            }
        }
        found
    };
    for (seq, request, response) in &inline {
        if *request {
            conn.execute("UPDATE request_journal SET request_body = ?2 WHERE seq = ?1", params![seq, note])?;
        }
        if *response {
            conn.execute("UPDATE request_journal SET response_body = ?2 WHERE seq = ?1", params![seq, note])?;
        }
    }
    // Queries are percent-encoded: read and decoded here, not searched with SQL.
    let queries: Vec<i64> = {
        let mut stmt = conn.prepare("SELECT seq, query FROM request_journal WHERE query IS NOT NULL")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
        let mut found = Vec::new();
        for row in rows {
            let (seq, query) = row?;
            if query != ERASED && needles.in_url(&query) {
                found.push(seq);
            }
        }
        found
    };
    for seq in &queries {
        conn.prepare_cached("UPDATE request_journal SET query = ?2 WHERE seq = ?1")?.execute(params![seq, ERASED])?;
    }
    Ok(bodies + inline.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn organization() -> crate::scope::OrganizationId {
        "00000000-0000-7000-8000-000000000001".parse().expect("id")
    }

    fn scope() -> Scope {
        Scope::new(organization(), crate::scope::Environment::Sandbox)
    }

    fn entry_at(received_at: Timestamp) -> Prepared {
        Prepared {
            request_id: "r".into(),
            scope: Some(scope()),
            source: Source::Api,
            api_key_id: None,
            reviewer: None,
            received_at,
            method: "GET".into(),
            path: "/".into(),
            query: None,
            status: 200,
            latency_us: 1,
            client: None,
            request_body: (None, false),
            response_body: (Some(pack(b"{}")), false),
        }
    }

    fn seqs(conn: &Connection) -> Vec<i64> {
        let mut stmt = conn.prepare("SELECT seq FROM request_journal ORDER BY seq").expect("prepares");
        stmt.query_map([], |r| r.get(0)).expect("queries").collect::<rusqlite::Result<_>>().expect("reads")
    }

    fn bodies(conn: &Connection) -> i64 {
        conn.query_row("SELECT count(*) FROM journal_bodies", [], |r| r.get(0)).expect("counts")
    }

    /// A body that does not compress to `INLINE_MAX` bytes or fewer: shared, not kept in its row.
    fn large(tag: &str) -> String {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let digits: String = (0..INLINE_MAX * 3)
            .map(|_| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                char::from(b"0123456789abcdef"[usize::try_from(x >> 60).expect("a digit")])
            })
            .collect();
        format!("{{\"{tag}\":\"{digits}\"}}")
    }

    /// Each entry's response body, as the journal shows it.
    fn responses(conn: &Connection) -> Vec<Option<String>> {
        let mut stmt = conn
            .prepare(
                "SELECT coalesce(rs.body, response_body) FROM request_journal
                 LEFT JOIN journal_bodies rs ON rs.hash = response_hash ORDER BY seq",
            )
            .expect("prepares");
        stmt.query_map([], |r| unpack(r, 0)).expect("queries").collect::<rusqlite::Result<_>>().expect("reads")
    }

    #[test]
    fn a_small_body_is_kept_in_its_entry_and_a_large_one_shared() {
        let conn = crate::db::migrated_in_memory();
        let with = |body: &str| Prepared {
            request_body: (Some(pack(body.as_bytes())), false),
            response_body: (Some(pack(b"{\"event_id\":\"e-1\"}")), false),
            ..entry_at(Timestamp::from_millis(10))
        };
        insert_all(&conn, &[with("{\"amount\":\"10.00\"}"), with(&large("page"))]).expect("inserts");
        let stored: Vec<(bool, bool, bool, bool)> = conn
            .prepare(
                "SELECT request_hash IS NULL, request_body IS NULL, response_hash IS NULL, response_body IS NULL
                 FROM request_journal ORDER BY seq",
            )
            .expect("prepares")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .expect("queries")
            .collect::<rusqlite::Result<_>>()
            .expect("reads");
        assert_eq!(stored, [(true, false, true, false), (false, true, true, false)]);
        assert_eq!(bodies(&conn), 1, "only the large body is shared");
        let requests: Vec<Option<String>> = conn
            .prepare(
                "SELECT coalesce(rq.body, request_body) FROM request_journal
                 LEFT JOIN journal_bodies rq ON rq.hash = request_hash ORDER BY seq",
            )
            .expect("prepares")
            .query_map([], |r| unpack(r, 0))
            .expect("queries")
            .collect::<rusqlite::Result<_>>()
            .expect("reads");
        assert_eq!(requests, [Some("{\"amount\":\"10.00\"}".to_owned()), Some(large("page"))]);
    }

    #[test]
    fn a_repeated_body_is_stored_once_and_goes_with_its_last_entry() {
        let conn = crate::db::migrated_in_memory();
        let t = |s: i64| Timestamp::from_millis(s * 1000);
        let (a, b) = (large("a"), large("b"));
        let with =
            |s: i64, body: &str| Prepared { response_body: (Some(pack(body.as_bytes())), false), ..entry_at(t(s)) };
        insert_all(&conn, &[with(10, &a), with(20, &b), with(30, &a)]).expect("inserts");
        insert_all(&conn, &[with(40, &a)]).expect("inserts");
        assert_eq!(bodies(&conn), 2, "two distinct bodies");
        assert_eq!(responses(&conn), [&a, &b, &a, &a].map(|s| Some(s.clone())));
        // Entries 1 and 2 go: the second body had only entry 2; the first is still used by 3 and 4.
        prune(&conn, t(25)).expect("prunes");
        assert_eq!(bodies(&conn), 1);
        prune(&conn, t(100)).expect("prunes");
        assert_eq!(bodies(&conn), 0, "no entry left, no body left");
    }

    #[test]
    fn pruning_removes_the_old_entries_then_all_but_each_scopes_newest() {
        let conn = crate::db::migrated_in_memory();
        let t = |s: i64| Timestamp::from_millis(s * 1000);
        let entries: Vec<_> = [10, 20, 30, 40, 50].into_iter().map(|s| entry_at(t(s))).collect();
        insert_all(&conn, &entries).expect("inserts");
        assert_eq!(prune(&conn, t(25)).expect("prunes"), 2, "the two older than the cutoff");
        assert_eq!(seqs(&conn), [3, 4, 5]);
        assert_eq!(prune_to(&conn, scope(), 2).expect("prunes"), 1, "all but the newest two");
        assert_eq!(seqs(&conn), [4, 5]);
        // Another scope's flood does not evict these.
        let other = Scope::new(organization(), crate::scope::Environment::Production);
        let flood: Vec<_> = (0..10).map(|s| Prepared { scope: Some(other), ..entry_at(t(60 + s)) }).collect();
        insert_all(&conn, &flood).expect("inserts");
        prune_to(&conn, other, 3).expect("prunes");
        prune_to(&conn, scope(), 2).expect("prunes");
        assert_eq!(seqs(&conn), [4, 5, 13, 14, 15]);
        assert_eq!(prune(&conn, t(100)).expect("prunes"), 5, "every entry is old");
        assert!(seqs(&conn).is_empty());
        assert_eq!(prune(&conn, t(100)).expect("prunes"), 0, "an empty journal");
    }

    #[test]
    fn an_erasure_redacts_requests_addressed_to_the_subject_and_leaves_shared_bodies_to_others() {
        let conn = crate::db::migrated_in_memory();
        let at = |path: &str, body: &[u8]| Prepared {
            path: path.into(),
            response_body: (Some(pack(body)), false),
            ..entry_at(Timestamp::from_millis(10))
        };
        let (shared, named) = (large("page"), large("Tom Reed"));
        insert_all(
            &conn,
            &[
                at("/api/v4/kyb/verifications/subject-7/sections/ownership", shared.as_bytes()),
                at("/api/v3/applicants", shared.as_bytes()),
                at("/api/v4/kyb/verifications/subject-7", b"{\"first_name\":\"Tom\",\"last_name\":\"Reed\"}"),
                at("/api/v3/other/subject-8", b"{\"x\":1}"),
                at("/api/v3/search", named.as_bytes()),
            ],
        )
        .expect("inserts");
        assert_eq!(bodies(&conn), 2);
        let erased = Some(ERASED.to_owned());
        assert_eq!(
            erase_mentions(&conn, &["subject-7".into(), "tom reed".into()]).expect("erases"),
            2,
            "the shared body naming the subject, and the small one in a request addressed to it"
        );
        assert_eq!(
            responses(&conn),
            [erased.clone(), Some(shared.clone()), erased.clone(), Some("{\"x\":1}".into()), erased.clone()],
            "a body shared with another request stays that request's"
        );
        assert_eq!(bodies(&conn), 2, "the shared body and the note");
        // A second erasure leaves the first's redactions pointing at the note.
        erase_mentions(&conn, &["subject-8".into()]).expect("erases");
        assert_eq!(responses(&conn), [erased.clone(), Some(shared), erased.clone(), erased.clone(), erased]);
    }
}
