//! File management (issue 35, item 5): an applicant's documents listed one by one, and one
//! erased on its own.
//!
//! An erased document's bytes leave the file store, its row becomes a tombstone (what it was,
//! when it was uploaded, who erased it and when; never its content, name or hash), and the
//! erasure goes on the audit chain. Downloading it then answers `410 Gone` with the tombstone's
//! words.
//!
//! What a compliance product must not do is let a record's evidence vanish under it: a document
//! that a decided verification (`verified` or `failed`) relied on is the record of that decision,
//! which AML record keeping asks to keep (five years under the EU's AML directives), and one under
//! review (`in_progress`) is being looked at. Those are refused with `409`, which names the way
//! that does remove them: the erasure of the applicant (`DELETE /api/v3/applicants/{id}`), which
//! takes the decision with its evidence, and is logged as such. A document of an open
//! verification leaves it (what it still needs is worked out again, as when the person removes
//! it); one of a cancelled or expired verification, or of none, simply goes.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::document::{DocumentType, Side};
use super::model::{DocumentId, VerificationId};
use super::status::VerificationStatus;
use super::store;
use crate::Actor;
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;

/// The list's bounds.
pub const FILE_LIST_BOUNDS: Bounds = Bounds::V3;

/// One of an applicant's documents, stored or erased.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApplicantFile {
    pub document_id: DocumentId,
    pub document_type: DocumentType,
    pub side: Option<Side>,
    pub uploaded_at: Timestamp,
    /// The verification the document belongs (or belonged) to, and that verification's status
    /// now (null when it is gone).
    pub verification_id: Option<VerificationId>,
    pub verification_status: Option<VerificationStatus>,
    /// The file's facts while it is stored; null once erased.
    pub stored: Option<StoredFacts>,
    /// Who erased it and when; null while it is stored.
    pub erased: Option<Erased>,
}

/// What a stored document's file is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = StoredDocumentFacts))]
pub struct StoredFacts {
    /// The media type its content shows.
    pub content_type: String,
    pub size: u64,
    pub sha256: String,
    /// The name it was sent with, sanitised.
    pub file_name: Option<String>,
    /// ISO alpha-3 as sent.
    pub issued_country: Option<String>,
}

/// A tombstone's account of an erasure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DocumentErased))]
pub struct Erased {
    pub erased_at: Timestamp,
    /// The API key or reviewer, from the credential.
    pub erased_by: String,
}

/// Whether a document may be erased on its own, given its verification's status (none: it
/// belongs to no verification).
pub fn may_erase(verification: Option<(VerificationId, VerificationStatus)>) -> Result<()> {
    use VerificationStatus::*;
    match verification {
        None => Ok(()),
        Some((_, Initial | Pending | Canceled | Expired)) => Ok(()),
        Some((id, status @ (Verified | Failed))) => Err(Error::Conflict(format!(
            "verification {id} was decided ({}) on this document: it is the record of that decision and is kept; \
             erasing the applicant (DELETE /api/v3/applicants/{{applicant_id}}) removes it with the decision",
            status.as_str()
        ))),
        Some((id, InProgress)) => Err(Error::Conflict(format!(
            "verification {id} is being checked on this document (in_progress): it can be erased once the \
             verification is decided only with its applicant, or cancel the verification first"
        ))),
    }
}

impl super::Verifications<'_> {
    /// One page of an applicant's documents, stored and erased, newest upload first.
    pub async fn applicant_files(
        &self,
        scope: Scope,
        applicant: ApplicantId,
        page: PageRequest,
    ) -> Result<Page<ApplicantFile>> {
        let rows = self
            .engine
            .core
            .db
            .read(move |conn| {
                if !crate::applicants::store::exists(conn, scope, applicant)? {
                    return Err(Error::not_found("applicant"));
                }
                list(conn, scope, applicant, page)
            })
            .await?;
        Ok(page.finish(rows))
    }

    /// Erases one document (see the module's rules); answers its tombstone.
    pub async fn erase_document(&self, scope: Scope, id: DocumentId, who: &Actor) -> Result<ApplicantFile> {
        let (at, who) = (self.engine.now(scope), who.clone());
        let (file, hash) = self
            .engine
            .core
            .db
            .write(move |conn| {
                let Some((document, verification)) = store::get_document_with_verification(conn, scope, id)? else {
                    return Err(gone_or_missing(conn, scope, id)?);
                };
                let status = match verification {
                    Some(v) => Some((v, store::existing(conn, scope, v)?.status)),
                    None => None,
                };
                may_erase(status)?;
                if let Some((v, status)) = status
                    && status.is_open()
                {
                    leave_verification(conn, scope, v, id, &who)?;
                }
                store::delete_any_document(conn, scope, id)?;
                let erased = Erased { erased_at: at, erased_by: who.name() };
                let tombstone = ApplicantFile {
                    document_id: id,
                    document_type: document.document_type,
                    side: document.side,
                    uploaded_at: document.created_at,
                    verification_id: verification,
                    verification_status: status.map(|s| s.1),
                    stored: None,
                    erased: Some(erased.clone()),
                };
                insert_tombstone(conn, scope, document.applicant_id, &tombstone, &erased)?;
                let hash = crate::files::store::delete(conn, scope, document.file_id)?;
                crate::audit::record(
                    conn,
                    scope,
                    at,
                    &who,
                    "document_erased",
                    serde_json::json!({
                        "document_id": id,
                        "applicant_id": document.applicant_id,
                        "verification_id": verification,
                        "document_type": document.document_type.as_str(),
                    }),
                )?;
                Ok((tombstone, hash))
            })
            .await?;
        self.engine.files().remove_unreferenced(hash.into_iter().collect()).await;
        Ok(file)
    }

    /// `Gone` with the tombstone's words when the document was erased, else `NotFound`.
    pub(crate) async fn gone_or_missing(&self, scope: Scope, id: DocumentId) -> Error {
        match self.engine.core.db.read(move |conn| gone_or_missing(conn, scope, id)).await {
            Ok(e) | Err(e) => e,
        }
    }
}

/// The document leaves its open verification, which works out again what it still needs.
fn leave_verification(conn: &Connection, scope: Scope, v: VerificationId, id: DocumentId, who: &Actor) -> Result<()> {
    let mut r = store::existing(conn, scope, v)?;
    r.documents.retain(|d| d.document_id != id);
    let have: Vec<DocumentType> = r.documents.iter().map(|d| d.document_type).collect();
    let settings = r.settings.clone();
    for (step, check) in r.checks.iter_mut() {
        check.pending_documents = settings.pending_for(*step, &have);
    }
    r.document_type = have.iter().rev().find(|t| t.purpose() == super::document::Purpose::Poi).map(|t| t.base());
    r.updated_by = Some(who.name());
    store::update(conn, &r)
}

fn gone_or_missing(conn: &Connection, scope: Scope, id: DocumentId) -> Result<Error> {
    let erased: Option<(Timestamp, String)> = conn
        .prepare_cached(
            "SELECT erased_at, erased_by FROM verification_document_tombstones
             WHERE id = ?1 AND organization_id = ?2 AND environment = ?3",
        )?
        .query_row(params![id, scope.organization, scope.environment], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(match erased {
        Some((at, by)) => Error::Gone(format!("document {id} was erased at {at} by {by}: its file is gone")),
        None => Error::not_found("document"),
    })
}

fn insert_tombstone(
    conn: &Connection,
    scope: Scope,
    applicant: ApplicantId,
    f: &ApplicantFile,
    erased: &Erased,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO verification_document_tombstones (id, organization_id, environment, applicant_id, \
         verification_id, document_type, side, uploaded_at, erased_at, erased_by) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        f.document_id,
        scope.organization,
        scope.environment,
        applicant,
        f.verification_id,
        f.document_type.as_str(),
        f.side.map(Side::as_str),
        f.uploaded_at,
        erased.erased_at,
        erased.erased_by,
    ])?;
    Ok(())
}

/// Stored documents and tombstones of an applicant, newest upload first.
fn list(conn: &Connection, scope: Scope, applicant: ApplicantId, page: PageRequest) -> Result<Vec<ApplicantFile>> {
    let mut stmt = conn.prepare_cached(
        "SELECT d.id, d.document_type, d.side, d.created_at, d.verification_id, v.status, d.content_type, d.size, \
                d.sha256, d.file_name, d.issued_country, NULL, NULL
           FROM verification_documents d LEFT JOIN verifications v ON v.id = d.verification_id
          WHERE d.organization_id = ?1 AND d.environment = ?2 AND d.applicant_id = ?3
         UNION ALL
         SELECT t.id, t.document_type, t.side, t.uploaded_at, t.verification_id, v.status, NULL, NULL, NULL, NULL, \
                NULL, t.erased_at, t.erased_by
           FROM verification_document_tombstones t LEFT JOIN verifications v ON v.id = t.verification_id
          WHERE t.organization_id = ?1 AND t.environment = ?2 AND t.applicant_id = ?3
         ORDER BY 4 DESC, 1 DESC LIMIT ?4 OFFSET ?5",
    )?;
    let conversion = |i: usize, what: &str| {
        rusqlite::Error::FromSqlConversionFailure(
            i,
            rusqlite::types::Type::Text,
            format!("unknown {what} in a stored document").into(),
        )
    };
    let rows = stmt.query_map(
        params![scope.organization, scope.environment, applicant, page.sql_limit(), page.sql_offset()],
        |r| {
            let document_type: String = r.get(1)?;
            let side: Option<String> = r.get(2)?;
            let status: Option<String> = r.get(5)?;
            let content_type: Option<String> = r.get(6)?;
            let erased_at: Option<Timestamp> = r.get(11)?;
            Ok(ApplicantFile {
                document_id: r.get(0)?,
                document_type: DocumentType::parse(&document_type).ok_or_else(|| conversion(1, "document type"))?,
                side: match side {
                    None => None,
                    Some(s) => Some(Side::parse(&s).ok_or_else(|| conversion(2, "side"))?),
                },
                uploaded_at: r.get(3)?,
                verification_id: r.get(4)?,
                verification_status: match status {
                    None => None,
                    Some(s) => Some(VerificationStatus::parse(&s).ok_or_else(|| conversion(5, "status"))?),
                },
                stored: match content_type {
                    None => None,
                    Some(content_type) => Some(StoredFacts {
                        content_type,
                        size: r.get::<_, i64>(7)?.unsigned_abs(),
                        sha256: r.get(8)?,
                        file_name: r.get(9)?,
                        issued_country: r.get(10)?,
                    }),
                },
                erased: match erased_at {
                    None => None,
                    Some(erased_at) => Some(Erased { erased_at, erased_by: r.get(12)? }),
                },
            })
        },
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Deletes an applicant's tombstones (inside its erasure); returns how many went.
pub(crate) fn erase_tombstones(conn: &Connection, scope: Scope, applicant: ApplicantId) -> Result<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM verification_document_tombstones
             WHERE organization_id = ?1 AND environment = ?2 AND applicant_id = ?3",
        )?
        .execute(params![scope.organization, scope.environment, applicant])?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_and_running_verifications_keep_their_documents() {
        let v = VerificationId::new(Timestamp::from_millis(1));
        assert!(may_erase(None).is_ok());
        for status in VerificationStatus::ALL {
            let result = may_erase(Some((v, status)));
            let kept = matches!(
                status,
                VerificationStatus::Verified | VerificationStatus::Failed | VerificationStatus::InProgress
            );
            assert_eq!(result.is_err(), kept, "{status:?}");
            if let Err(Error::Conflict(message)) = result {
                assert!(message.contains(&v.to_string()), "{message}");
            }
        }
        let Err(Error::Conflict(message)) = may_erase(Some((v, VerificationStatus::Verified))) else {
            panic!("refused")
        };
        assert!(message.contains("DELETE /api/v3/applicants/"), "{message}");
    }
}
