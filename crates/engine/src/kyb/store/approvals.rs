//! SQL for the four-eyes queue and the inbox: cases whose decision awaits its second approval,
//! and comments that mention a reviewer. Reads only: cases and comments are written by the
//! case's own store functions.

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

/// A comment that mentions someone, with its case.
pub(crate) struct Mentioning {
    pub(crate) case_id: CaseId,
    pub(crate) public_id: String,
    pub(crate) company_name: Option<String>,
    pub(crate) comment: Comment,
}

/// The latest `limit` comments in the scope that mention `who`, by others, newest first.
pub(crate) fn mentioning(conn: &Connection, scope: Scope, who: ReviewerId, limit: u32) -> Result<Vec<Mentioning>> {
    Ok(conn
        .prepare_cached(
            "SELECT c.id, c.author_id, c.author_name, c.body, c.mentions, c.at, k.id, k.public_id, k.company_name
             FROM kyb_comments c JOIN kyb_cases k ON k.id = c.case_id
             WHERE c.organization_id = ?1 AND c.environment = ?2 AND c.author_id != ?3
               AND EXISTS (SELECT 1 FROM json_each(c.mentions) m WHERE json_extract(m.value, '$.id') = ?4)
             ORDER BY c.at DESC, c.rowid DESC LIMIT ?5",
        )?
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
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}
