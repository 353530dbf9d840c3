//! SQL for the four-eyes queue and the inbox: cases whose decision awaits its second approval,
//! comments that mention a reviewer, and which of those they have read (`kyb_mention_reads`,
//! written here). Cases and comments are written by the case's own store functions.

use rusqlite::{Connection, params};

use super::{CASE_COLUMNS, case};
use crate::console::{ReviewerId, ReviewerRef};
use crate::db::json_column;
use crate::error::Result;
use crate::kyb::model::{Case, CaseId};
use crate::kyb::review::Comment;
use crate::scope::Scope;

/// The scope's cases whose decision awaits its second approval (few: the partial index
/// `kyb_cases_second_approval` holds only them).
pub(crate) fn awaiting(conn: &Connection, scope: Scope) -> Result<Vec<Case>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {CASE_COLUMNS} FROM kyb_cases INDEXED BY kyb_cases_second_approval
             WHERE organization_id = ?1 AND environment = ?2 AND pending_decision IS NOT NULL
               AND status IN ('manual_review', 'failed')"
        ))?
        .query_map(params![scope.organization, scope.environment], case)?
        .collect::<rusqlite::Result<_>>()?)
}

/// A comment that mentions someone, with its case and whether they have read it.
pub(crate) struct Mentioning {
    pub(crate) case_id: CaseId,
    pub(crate) public_id: String,
    pub(crate) company_name: Option<String>,
    pub(crate) comment: Comment,
    pub(crate) read: bool,
}

/// Comments of the scope by others that mention `who`: the condition the mention queries share
/// (`c` the comment; `?1` organization, `?2` environment, `?3` the reviewer, `?4` their id as
/// the mentions' JSON holds it).
const MENTIONS_WHO: &str = "c.organization_id = ?1 AND c.environment = ?2 AND c.author_id != ?3
    AND EXISTS (SELECT 1 FROM json_each(c.mentions) m WHERE json_extract(m.value, '$.id') = ?4)";

/// How many comments by others mention `who` that they have not read.
pub(crate) fn unread_mentions(conn: &Connection, scope: Scope, who: ReviewerId) -> Result<u32> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT count(*) FROM kyb_comments c WHERE {MENTIONS_WHO}
               AND NOT EXISTS (SELECT 1 FROM kyb_mention_reads r WHERE r.comment_id = c.id AND r.reviewer_id = ?3)"
        ))?
        .query_row(params![scope.organization, scope.environment, who, who.to_string()], |r| r.get(0))?)
}

/// Marks read the mentions of `who` on one case (they opened it), or on every case; returns how
/// many were unread.
pub(crate) fn mark_mentions_read(
    conn: &Connection,
    scope: Scope,
    who: ReviewerId,
    case: Option<CaseId>,
    at: crate::time::Timestamp,
) -> Result<usize> {
    Ok(conn
        .prepare_cached(&format!(
            "INSERT OR IGNORE INTO kyb_mention_reads (comment_id, reviewer_id, organization_id, environment, case_id, read_at)
             SELECT c.id, ?3, c.organization_id, c.environment, c.case_id, ?6 FROM kyb_comments c
             WHERE {MENTIONS_WHO} AND (?5 IS NULL OR c.case_id = ?5)"
        ))?
        .execute(params![scope.organization, scope.environment, who, who.to_string(), case, at])?)
}

/// The latest `limit` comments in the scope that mention `who`, by others, newest first.
pub(crate) fn mentioning(conn: &Connection, scope: Scope, who: ReviewerId, limit: u32) -> Result<Vec<Mentioning>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT c.id, c.author_id, c.author_name, c.body, c.mentions, c.at, k.id, k.public_id, k.company_name,
                EXISTS (SELECT 1 FROM kyb_mention_reads r WHERE r.comment_id = c.id AND r.reviewer_id = ?3)
             FROM kyb_comments c JOIN kyb_cases k ON k.id = c.case_id
             WHERE {MENTIONS_WHO}
             ORDER BY c.at DESC, c.rowid DESC LIMIT ?5"
        ))?
        .query_map(params![scope.organization, scope.environment, who, who.to_string(), limit], |r| {
            Ok(Mentioning {
                comment: Comment {
                    id: r.get(0)?,
                    author: ReviewerRef { id: r.get(1)?, name: r.get(2)? },
                    body: r.get(3)?,
                    mentions: json_column(r, 4)?,
                    at: r.get(5)?,
                },
                case_id: r.get(6)?,
                public_id: r.get(7)?,
                company_name: r.get(8)?,
                read: r.get(9)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}
