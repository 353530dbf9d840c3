//! Erasing an applicant: every store that may hold the person's data erases its own records in
//! one transaction, with SQLite's `secure_delete` on (freed content is overwritten with zeros,
//! not left in free pages); then the stored files go, and the write-ahead log, which still
//! holds the old pages, is checkpointed and cut to nothing.
//!
//! What is erased, and how (the guide's "Erasure" section says the same):
//! - the applicant; its document verifications, documents and their files; its AML screenings
//!   and searches, and searches of its exact name; its monitored transactions and their daily
//!   statistics; e-mail checks that name it or its address, with their messages;
//! - outbox events about it or naming it; webhook deliveries naming it not yet sent are
//!   deleted, sent ones keep only their ids;
//! - request journal bodies and queries that mention its id, name, e-mail, phone or external
//!   id: replaced by a note that they were erased.
//!
//! An applicant with a KYB case is refused: the case is the business's record, and erasing a
//! case is not built yet.

use std::collections::BTreeMap;

use super::model::{Erasure, ErasureId};
use super::store;
use crate::Engine;
use crate::applicants::{Applicant, ApplicantId};
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::time::Timestamp;

pub struct Erasures<'e> {
    pub(crate) engine: &'e Engine,
}

/// The shortest value looked for in journal bodies (shorter ones match too much).
const MIN_NEEDLE: usize = 4;

impl Erasures<'_> {
    /// Erases an applicant and everything that holds its data; `by` is who asked.
    pub async fn applicant(&self, scope: Scope, id: ApplicantId, by: &str) -> Result<Erasure> {
        // Journal entries still queued are stored first, so that they are erased too.
        self.engine.journal().flush().await;
        let applicant = self.engine.applicants().get(scope, id).await?;
        let needles = needles(&applicant);
        let real_now = self.engine.real_now();
        let by = by.to_owned();
        let (erasure, hashes) = self
            .engine
            .core
            .db
            .write(move |conn| {
                let cases = crate::kyb::store::cases_of_applicant(conn, id)?;
                if cases > 0 {
                    return Err(Error::Conflict(format!(
                        "the applicant has {cases} KYB case(s): a business under verification keeps its applicant"
                    )));
                }
                conn.pragma_update(None, "secure_delete", true)?;
                let erased = erase(conn, scope, id, &needles, real_now, &by);
                conn.pragma_update(None, "secure_delete", false)?;
                erased
            })
            .await?;
        self.engine.files().remove_unreferenced(hashes).await;
        self.engine.core.db.truncate_log().await;
        Ok(erasure)
    }

    /// The environment's erasure log, newest first (at most 100).
    pub async fn recent(&self, scope: Scope) -> Result<Vec<Erasure>> {
        self.engine.core.db.read(move |conn| store::recent(conn, scope, 100)).await
    }
}

/// What identifies the person in free text.
struct Needles {
    /// Everything looked for in the journal: the id, names, e-mails, phone, external id.
    all: Vec<String>,
    names: Vec<String>,
    emails: Vec<String>,
}

fn needles(a: &Applicant) -> Needles {
    let mut names = Vec::new();
    let mut emails = Vec::new();
    let mut all = vec![a.applicant_id.to_string()];
    for info in [&a.provided_info, &a.system_info] {
        names.extend(info.full_name.clone());
        if let (Some(first), Some(last)) = (&info.first_name, &info.last_name) {
            names.push(format!("{first} {last}"));
        }
        emails.extend(info.email.as_ref().map(|e| e.as_str().to_owned()));
        all.extend(info.phone.as_ref().map(|p| p.as_str().to_owned()));
    }
    emails.extend(a.email.as_ref().map(|e| e.as_str().to_owned()));
    all.extend(a.phone.as_ref().map(|p| p.as_str().to_owned()));
    all.extend(a.external_id.as_ref().map(|e| e.as_str().to_owned()));
    names.retain(|n| n.trim().chars().count() >= MIN_NEEDLE);
    names.sort();
    names.dedup();
    emails.sort();
    emails.dedup();
    all.extend(names.iter().cloned());
    all.extend(emails.iter().cloned());
    all.retain(|n| n.trim().chars().count() >= MIN_NEEDLE);
    all.sort();
    all.dedup();
    Needles { all, names, emails }
}

/// Every store erases its own records; returns the log entry and the hashes of the stored files
/// whose records went.
fn erase(
    conn: &rusqlite::Connection,
    scope: Scope,
    id: ApplicantId,
    needles: &Needles,
    now: Timestamp,
    by: &str,
) -> Result<(Erasure, Vec<String>)> {
    let mut removed = BTreeMap::new();
    let mut count = |what: &str, n: usize| {
        if n > 0 {
            removed.insert(what.to_owned(), n as u64);
        }
    };
    let id_text = id.to_string();
    let (verifications, documents) = crate::verifications::store::erase_applicant(conn, scope, id)?;
    count("verifications", verifications);
    count("verification_documents", documents);
    let hashes =
        crate::files::store::delete_owned(conn, scope, crate::files::OwnerKind::VerificationDocument, id.as_uuid())?;
    count("files", hashes.len());
    count("aml_searches", crate::aml::store::erase_applicant(conn, scope, id, &needles.names)?);
    count("transmon_events", crate::transmon::store::erase_applicant(conn, scope, id)?);
    count("email_checks", crate::email::store::erase_mentions(conn, scope, &id_text, &needles.emails)?);
    let (deleted, redacted) = crate::webhooks::store::erase_mentions(conn, scope, &needles.all)?;
    count("deliveries_deleted", deleted);
    count("deliveries_redacted", redacted);
    count("events", crate::events::store::erase_mentions(conn, scope, id.as_uuid(), &needles.all)?);
    if !crate::applicants::store::delete(conn, scope, id)? {
        return Err(Error::not_found("applicant"));
    }
    count("applicants", 1);
    count("journal_bodies", crate::journal::store::erase_mentions(conn, &needles.all)?);
    let erasure = Erasure {
        id: ErasureId::new(now),
        subject_kind: "applicant".to_owned(),
        subject_id: id.as_uuid(),
        erased_at: now,
        erased_by: by.to_owned(),
        removed,
    };
    store::insert(conn, scope, &erasure)?;
    Ok((erasure, hashes))
}
