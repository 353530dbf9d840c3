//! Erasing an applicant: every store that may hold the person's data erases its own records in
//! one transaction, with SQLite's `secure_delete` on (`db::securely`: freed content is zeros);
//! then the stored files go, every free page of the file is overwritten (pages freed whole
//! earlier keep what they held), and the write-ahead log, which still holds the old pages, is
//! checkpointed and cut to nothing (`Database::wipe_free_space`).
//!
//! What is erased, and how (the guide's "Erasure" section says the same):
//! - the applicant with its identity history; its document verifications, documents and their
//!   files; its AML screenings and searches, and searches of any name it has held; its
//!   monitored transactions and their daily statistics; e-mail checks that name it or any
//!   address it has held, with their messages; its deepfake analyses and their uploaded files;
//! - outbox events about it or naming it; webhook deliveries naming it not yet sent are
//!   deleted, sent ones keep only their ids;
//! - request journal bodies and queries that mention its id, external id, or any name, e-mail
//!   address or phone number it has held (both bodies of such a request): replaced by a note
//!   that they were erased;
//! - its KYB single checks, and its KYB cases, each erased as below.
//!
//! Erasing one document verification or one e-mail check removes it (with its documents and
//! files, or its messages) and what names it.
//!
//! Erasing a KYB case removes the case with its checks, remediations, timeline, decisions and
//! comments, its documents and their files, the AML searches of its people, outbox events,
//! deliveries and journal bodies that name it, its company or its people, and the due work of
//! the case and its checks; its audit events are emptied (their content and its salt go, their
//! `data_hash` and hashes stay) and one `erased` audit event accounts for them, so the chain still
//! proves every event (see `audit::chain`).

use std::collections::BTreeMap;

use rusqlite::Connection;

use super::model::{Erasure, ErasureId};
use super::store;
use crate::Engine;
use crate::applicants::{Applicant, ApplicantId};
use crate::email::EmailCheckId;
use crate::error::{Error, Result};
use crate::kyb::{Case, CaseId};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::verifications::VerificationId;

pub struct Erasures<'e> {
    pub(crate) engine: &'e Engine,
}

/// The shortest value looked for in journal bodies (shorter ones match too much).
const MIN_NEEDLE: usize = 4;

impl Erasures<'_> {
    /// Erases an applicant and everything that holds its data (its KYB cases too); `by` is who
    /// asked.
    pub async fn applicant(&self, scope: Scope, id: ApplicantId, by: &str) -> Result<Erasure> {
        self.run(scope, by, move |conn, request, removed| {
            // Read in the erasure's own transaction: a change made just before is looked for too.
            let applicant = crate::applicants::store::get(conn, scope, id)?.ok_or(Error::not_found("applicant"))?;
            let held = crate::applicants::store::held(conn, scope, id)?;
            let needles = needles(&applicant, &held);
            Ok(("applicant", id.as_uuid(), erase_applicant(conn, request, id, &needles, removed)?))
        })
        .await
    }

    /// Erases a KYB case (see the module's comment); `by` is who asked.
    pub async fn kyb_case(&self, scope: Scope, id: CaseId, by: &str) -> Result<Erasure> {
        self.run(scope, by, move |conn, request, removed| {
            let case = crate::kyb::store::get_case(conn, scope, id)?.ok_or(Error::not_found("KYB verification"))?;
            Ok(("kyb_case", id.as_uuid(), erase_case(conn, request, &case, removed)?))
        })
        .await
    }

    /// Erases one document verification: it, its documents and their files, and what names it
    /// or the person its document reads (outbox events, deliveries, journal bodies). The
    /// applicant stays.
    pub async fn verification(&self, scope: Scope, id: VerificationId, by: &str) -> Result<Erasure> {
        self.run(scope, by, move |conn, _, removed| {
            let record = crate::verifications::store::get(conn, scope, id)?.ok_or(Error::not_found("verification"))?;
            let files = crate::verifications::store::erase_one(conn, scope, id)?;
            removed.count("verifications", 1);
            removed.count("verification_documents", files.len());
            let mut hashes = Vec::new();
            for file in &files {
                hashes.extend(crate::files::store::delete(conn, scope, *file)?);
            }
            removed.count("files", hashes.len());
            let mut all = vec![id.to_string(), record.short_id.clone()];
            all.extend(files.iter().map(ToString::to_string));
            if let Some(poi) = &record.poi_data {
                all.extend(poi.full_name.iter().chain(&poi.document_number).cloned());
            }
            erase_mentions(conn, scope, id.as_uuid(), &finish_needles(all, Vec::new(), Vec::new()).all, removed)?;
            Ok(("verification", id.as_uuid(), hashes))
        })
        .await
    }

    /// Erases one e-mail check: it and its messages, and what names it or its address.
    pub async fn email_check(&self, scope: Scope, id: EmailCheckId, by: &str) -> Result<Erasure> {
        self.run(scope, by, move |conn, _, removed| {
            let email = crate::email::store::erase_check(conn, scope, id)?.ok_or(Error::not_found("e-mail check"))?;
            removed.count("email_checks", 1);
            let needles = finish_needles(vec![id.to_string()], Vec::new(), vec![email]);
            erase_mentions(conn, scope, id.as_uuid(), &needles.all, removed)?;
            Ok(("email_check", id.as_uuid(), Vec::new()))
        })
        .await
    }

    /// Runs one erasure: queued journal entries are stored first (so that they are erased too);
    /// `erase` runs in one write inside `db::securely` and returns the subject's kind and id and
    /// the stored files whose records went; the log entry is written in the same transaction.
    /// After the commit, those files go and the write-ahead log is cut.
    async fn run<F>(&self, scope: Scope, by: &str, erase: F) -> Result<Erasure>
    where
        F: FnOnce(&Connection, &Request, &mut Removed) -> Result<(&'static str, uuid::Uuid, Vec<String>)>
            + Send
            + 'static,
    {
        self.engine.journal().flush().await;
        let real_now = self.engine.real_now();
        let request =
            Request { scope, id: ErasureId::new(real_now), real_now, now: self.engine.now(scope), by: by.to_owned() };
        let (erasure, hashes) = self
            .engine
            .core
            .db
            .write(move |conn| {
                crate::db::securely(conn, |conn| {
                    let mut removed = Removed::default();
                    let (kind, subject, hashes) = erase(conn, &request, &mut removed)?;
                    let erasure = Erasure {
                        id: request.id,
                        subject_kind: kind.to_owned(),
                        subject_id: subject,
                        erased_at: request.real_now,
                        erased_by: request.by.clone(),
                        removed: removed.0,
                    };
                    store::insert(conn, scope, &erasure)?;
                    Ok((erasure, hashes))
                })
            })
            .await?;
        self.engine.files().remove_unreferenced(hashes).await;
        self.engine.core.db.wipe_free_space().await;
        Ok(erasure)
    }

    /// The environment's erasure log, newest first (at most 100).
    pub async fn recent(&self, scope: Scope) -> Result<Vec<Erasure>> {
        self.engine.core.db.read(move |conn| store::recent(conn, scope, 100)).await
    }
}

/// One erasure as asked: where, its log entry's id, when (the machine's time and the
/// environment's) and who asked.
struct Request {
    scope: Scope,
    id: ErasureId,
    real_now: Timestamp,
    now: Timestamp,
    by: String,
}

/// What identifies the person in free text.
struct Needles {
    /// Everything looked for in the journal: the id, names, e-mails, phone, external id.
    all: Vec<String>,
    names: Vec<String>,
    emails: Vec<String>,
}

/// What identifies an applicant: its ids, and every name, e-mail address and phone number it
/// holds or has held (its identity history), so that what named it under an earlier name goes
/// too.
fn needles(a: &Applicant, held: &crate::applicants::store::Held) -> Needles {
    let mut names = held.names.clone();
    let mut emails = held.emails.clone();
    let mut all = vec![a.applicant_id.to_string()];
    all.extend(held.phones.iter().cloned());
    // What it holds now, whether or not its history was written (an applicant stored before the
    // history was kept has only its current values there).
    for info in [&a.provided_info, &a.system_info] {
        names.extend(info.full_name.clone());
        if let (Some(first), Some(last)) = (&info.first_name, &info.last_name) {
            names.push(format!("{first} {last}"));
        }
        names.extend(info.display_name());
        emails.extend(info.email.as_ref().map(|e| e.as_str().to_owned()));
        all.extend(info.phone.as_ref().map(|p| p.as_str().to_owned()));
    }
    emails.extend(a.email.as_ref().map(|e| e.as_str().to_owned()));
    all.extend(a.phone.as_ref().map(|p| p.as_str().to_owned()));
    all.extend(a.external_id.as_ref().map(|e| e.as_str().to_owned()));
    finish_needles(all, names, emails)
}

/// Drops needles too short to look for, and repeats; every name and e-mail is looked for too.
fn finish_needles(mut all: Vec<String>, mut names: Vec<String>, mut emails: Vec<String>) -> Needles {
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

/// How many records of each kind an erasure removed.
#[derive(Default)]
struct Removed(BTreeMap<String, u64>);

impl Removed {
    fn count(&mut self, what: &str, n: usize) {
        if n > 0 {
            *self.0.entry(what.to_owned()).or_default() += n as u64;
        }
    }
}

/// Every store erases the applicant's records; returns the hashes of the stored files whose
/// records went.
fn erase_applicant(
    conn: &Connection,
    request: &Request,
    id: ApplicantId,
    needles: &Needles,
    removed: &mut Removed,
) -> Result<Vec<String>> {
    let scope = request.scope;
    let mut hashes = Vec::new();
    for case_id in crate::kyb::store::cases_of_applicant(conn, scope, id)? {
        if let Some(case) = crate::kyb::store::get_case(conn, scope, case_id)? {
            hashes.extend(erase_case(conn, request, &case, removed)?);
        }
    }
    removed.count("kyb_single_checks", crate::kyb::store::erase_single_checks(conn, scope, id)?);
    let (verifications, documents) = crate::verifications::store::erase_applicant(conn, scope, id)?;
    removed.count("verifications", verifications);
    removed.count("verification_documents", documents);
    let files =
        crate::files::store::delete_owned(conn, scope, crate::files::OwnerKind::VerificationDocument, id.as_uuid())?;
    removed.count("files", files.len());
    hashes.extend(files);
    let analyses = crate::deepfake::store::erase_applicant(conn, scope, id)?;
    removed.count("deepfake_analyses", analyses.len());
    for analysis in analyses {
        let files = crate::deepfake::delete_files(conn, scope, analysis)?;
        removed.count("files", files.len());
        hashes.extend(files);
    }
    let (statements, files) = crate::bankbook::store::erase_applicant(conn, scope, id)?;
    removed.count("bank_statements", statements);
    removed.count("files", files.len());
    hashes.extend(files);
    removed.count("aml_searches", crate::aml::store::erase_applicant(conn, scope, id, &needles.names)?);
    // The dispositions of its screenings' hits: their notes speak of the person.
    let party = crate::aml::hits::model::ScreenedParty::applicant_key(id);
    removed.count("aml_hit_dispositions", crate::aml::hits::store::erase_parties(conn, scope, &party)?);
    let emptied = crate::audit::store::empty_dispositions_of(conn, scope, &party, &request.id.to_string())?;
    record_emptied(conn, request, None, emptied, removed)?;
    removed.count("nondoc_checks", crate::nondoc::store::erase_applicant(conn, scope, id)?);
    removed.count("transmon_events", crate::transmon::store::erase_applicant(conn, scope, id)?);
    removed.count("email_checks", crate::email::store::erase_mentions(conn, scope, &id.to_string(), &needles.emails)?);
    removed.count("kyt_checks", crate::kyt::store::erase_applicant(conn, scope, id)?);
    erase_mentions(conn, scope, id.as_uuid(), &needles.all, removed)?;
    if !crate::applicants::store::delete(conn, scope, id)? {
        return Err(Error::not_found("applicant"));
    }
    removed.count("applicants", 1);
    Ok(hashes)
}

/// Erases one KYB case inside an erasure; returns the hashes of its files.
fn erase_case(conn: &Connection, request: &Request, case: &Case, removed: &mut Removed) -> Result<Vec<String>> {
    let scope = case.scope;
    let needles = case_needles(case);
    let hashes = crate::files::store::delete_owned(conn, scope, crate::files::OwnerKind::KybCase, case.id.as_uuid())?;
    removed.count("files", hashes.len());
    removed.count("aml_searches", crate::aml::store::erase_names(conn, scope, &needles.names)?);
    // The dispositions of its screenings' hits (its company's and its persons'); their events
    // on the chain are the case's, emptied below.
    let parties = crate::aml::hits::model::ScreenedParty::case_key(case.id.as_uuid(), "");
    removed.count("aml_hit_dispositions", crate::aml::hits::store::erase_parties(conn, scope, &parties)?);
    erase_mentions(conn, scope, case.id.as_uuid(), &needles.all, removed)?;
    let emptied = crate::audit::store::empty_case(conn, scope, case.id.as_uuid(), &request.id.to_string())?;
    record_emptied(conn, request, Some((case.id.as_uuid(), &case.public_id)), emptied, removed)?;
    if crate::kyb::store::erase_case(conn, scope, case.id)? {
        removed.count("kyb_cases", 1);
    }
    Ok(hashes)
}

/// Appends the erasure's own event naming the audit events it emptied (their `seq` and the
/// `data_hash` each keeps), if it emptied any.
fn record_emptied(
    conn: &Connection,
    request: &Request,
    case: Option<(uuid::Uuid, &str)>,
    emptied: std::collections::BTreeMap<i64, String>,
    removed: &mut Removed,
) -> Result<()> {
    if emptied.is_empty() {
        return Ok(());
    }
    removed.count("audit_events_emptied", emptied.len());
    let events: serde_json::Map<String, serde_json::Value> =
        emptied.into_iter().map(|(seq, data_hash)| (seq.to_string(), data_hash.into())).collect();
    crate::audit::store::append(
        conn,
        request.scope,
        crate::audit::store::NewAuditEvent {
            at: request.now,
            case,
            actor: "docket",
            reviewer_id: None,
            kind: crate::audit::ERASED_KIND,
            data: serde_json::json!({ "erasure_id": request.id, "requested_by": request.by, "events": events }),
        },
    )?;
    Ok(())
}

/// Outbox events about `subject` or naming a needle, deliveries and journal bodies naming one.
fn erase_mentions(
    conn: &Connection,
    scope: Scope,
    subject: uuid::Uuid,
    needles: &[String],
    removed: &mut Removed,
) -> Result<()> {
    let (deleted, redacted) = crate::webhooks::store::erase_mentions(conn, scope, needles)?;
    removed.count("deliveries_deleted", deleted);
    removed.count("deliveries_redacted", redacted);
    removed.count("events", crate::events::store::erase_mentions(conn, scope, subject, needles)?);
    removed.count("journal_bodies", crate::journal::store::erase_mentions(conn, needles)?);
    Ok(())
}

/// What identifies a case, its company and its people in free text.
fn case_needles(case: &Case) -> Needles {
    let form = &case.form;
    let line = |l: &Option<crate::values::Line>| l.as_ref().map(|v| v.as_str().trim().to_owned());
    let person =
        |first: &Option<crate::values::Line>, last: &Option<crate::values::Line>| match (line(first), line(last)) {
            (Some(f), Some(l)) => Some(format!("{f} {l}")),
            _ => None,
        };
    let mut names: Vec<String> =
        std::iter::once(person(&form.representative.first_name, &form.representative.last_name))
            .chain(form.ownership.persons.iter().map(|p| person(&p.first_name, &p.last_name)))
            .flatten()
            .collect();
    // The company is searched for by name too (its AML screening).
    names.extend(line(&form.company.legal_name));
    names.extend(line(&form.company.dba));
    names.extend(form.ownership.companies.iter().filter_map(|c| line(&c.name)));
    let emails: Vec<String> = form.representative.email.iter().map(|e| e.as_str().to_owned()).collect();
    // The widget's requests name the case by its token.
    let mut all = vec![case.id.to_string(), case.public_id.clone(), case.widget_token.clone()];
    all.extend(line(&form.company.registration_number));
    all.extend(line(&form.company.tin));
    all.extend(form.representative.phone.iter().map(|p| p.as_str().to_owned()));
    all.extend(case.external_id.iter().map(|e| e.as_str().to_owned()));
    finish_needles(all, names, emails)
}
