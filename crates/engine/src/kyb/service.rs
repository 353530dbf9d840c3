//! The KYB rules: creating a case for an organization applicant, saving the widget's sections
//! and documents, submitting, remediation, and reading cases. Every change to a case is one
//! transaction that also records its timeline entry and, for a status change, its event.

use rand::RngExt;
use rusqlite::Connection;
use serde_json::json;

use super::case::{CaseEvent, CaseStatus};
use super::form::{Company, DocumentKind, Form, Ownership, Representative, SectionKey, read_section};
use super::model::{
    Case, CaseDetail, CaseDocument, CaseFilter, CaseId, NewCase, NewRemediation, Remediation, RemediationId,
    TimelineEntry, VerificationId,
};
use super::{pipeline, plan, store};
use crate::Actor;
use crate::Engine;
use crate::applicants::{ApplicantType, NewApplicant};
use crate::db::Watched;
use crate::error::{Error, Result};
use crate::files::{FileId, OwnerKind, StoredFile};
use crate::page::{Bounds, JsonPage, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;

/// Bounds of `GET /api/v4/kyb/verifications` (spec 4.1, 8).
pub const LIST_BOUNDS: Bounds = Bounds { min: 5, max: 25, default: 20 };

/// The event a case's status change emits.
pub const CASE_EVENT: &str = "KYB_VERIFICATION";

/// How long a widget link works after it was issued (or renewed by a remediation).
const WIDGET_VALIDITY: jiff::SignedDuration = jiff::SignedDuration::from_hours(30 * 24);

/// The largest document a merchant may upload.
pub const MAX_DOCUMENT_BYTES: u64 = 20 << 20;

/// Documents of one kind a case holds at most.
const MAX_FILES_PER_KIND: usize = 10;

/// The media types a document may have (by its content).
pub const DOCUMENT_TYPES: [&str; 4] = ["application/pdf", "image/jpeg", "image/png", "image/webp"];

pub struct Kyb<'e> {
    pub(crate) engine: &'e Engine,
}

/// `KYB-` and 8 characters of Crockford base32.
fn new_public_id() -> String {
    const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut rng = rand::rng();
    let body: String = (0..8).map(|_| char::from(ALPHABET[rng.random_range(0..32)])).collect();
    format!("KYB-{body}")
}

fn new_token() -> String {
    let mut bytes = [0u8; 24];
    rand::rng().fill(&mut bytes[..]);
    hex::encode(bytes)
}

/// A timeline entry of `kind` at `at`.
pub(crate) fn entry(at: Timestamp, kind: &str, actor: &Actor, detail: serde_json::Value) -> TimelineEntry {
    TimelineEntry {
        at,
        kind: kind.into(),
        actor: actor.name(),
        reviewer_id: actor.reviewer().map(|r| r.id),
        from_status: None,
        to_status: None,
        detail,
    }
}

/// Moves a case by `event` (refused with the current status named), records the change in its
/// timeline and emits its event. The caller stores the case.
pub(crate) fn transition(
    conn: &Connection,
    case: &mut Case,
    event: CaseEvent,
    actor: &Actor,
    at: Timestamp,
    real_now: Timestamp,
    detail: serde_json::Value,
) -> Result<()> {
    let from = case.status;
    let to = from.after(event)?;
    case.status = to;
    case.last_activity_at = at;
    // Scored again, a case stays with its reviewer: the review's clock runs on.
    if from.stage() != to.stage() && !matches!(event, CaseEvent::Rescored { .. }) {
        super::desk::enter_stage(conn, case, at)?;
    }
    if !to.awaits_reviewer() {
        // A decision awaiting its second approval does not outlive the status it was made in.
        case.review.pending_decision = None;
    }
    let kind = match event {
        CaseEvent::Submitted => "submitted",
        CaseEvent::Resubmitted => "resubmitted",
        CaseEvent::RemediationOpened => "remediation_opened",
        CaseEvent::ChecksFinished { .. } => "checks_finished",
        CaseEvent::Rescored { .. } => "rescored",
        CaseEvent::ReviewerApproved | CaseEvent::ReviewerRejected => "decided",
    };
    store::add_timeline(
        conn,
        case,
        &TimelineEntry { from_status: Some(from), to_status: Some(to), ..entry(at, kind, actor, detail) },
    )?;
    if from != to {
        let mut payload = serde_json::to_value(case.row())?;
        if let Some(p) = payload.as_object_mut() {
            p.insert("previous_status".into(), json!(from));
        }
        crate::events::emit(
            conn,
            case.scope,
            &crate::events::NewEvent {
                id: crate::events::EventId::new(real_now),
                event_type: CASE_EVENT,
                subject: Some(case.id.as_uuid()),
                payload: &payload.to_string(),
                at,
                real_now,
            },
        )?;
    }
    Ok(())
}

/// Whether `section` of `case` may change now: anything while the merchant fills the form;
/// only the remediated sections while a remediation is open.
fn editable(case: &Case, section: SectionKey) -> Result<()> {
    if super::model::editable_sections(case.status, &case.remediation_sections).contains(&section) {
        return Ok(());
    }
    match case.status {
        CaseStatus::ActionRequired => Err(Error::Conflict(format!(
            "the `{}` section has no open remediation: only {} can change while the case is `action_required`",
            section.as_str(),
            case.remediation_sections.iter().map(|s| format!("`{}`", s.as_str())).collect::<Vec<_>>().join(", ")
        ))),
        CaseStatus::Draft => Err(Error::invalid_request("the review section has no data: submit the case instead")),
        status => Err(Error::Conflict(format!(
            "the case is `{}`: its data changes only through a remediation",
            status.as_str()
        ))),
    }
}

impl Kyb<'_> {
    fn now(&self, scope: Scope) -> Timestamp {
        self.engine.now(scope)
    }

    /// Creates a case for the organization applicant with `external_id` (created when there is
    /// none; an existing person applicant with it is a conflict).
    pub async fn create(&self, scope: Scope, input: NewCase, actor: Actor) -> Result<CaseDetail> {
        let now = self.now(scope);
        let real_now = self.engine.real_now();
        let mut form = Form::default();
        if let Some(company) = input.company {
            form.company = company;
        }
        if let Some(representative) = input.representative {
            form.representative = representative;
        }
        let plan = input.checks.as_deref().map(plan::requested_plan).transpose()?;
        let id = CaseId::new(real_now);
        let applicant_input = NewApplicant {
            external_id: input.external_id.clone(),
            applicant_type: Some(ApplicantType::Organization),
            info: Some(crate::applicants::ApplicantInfo {
                full_name: form.company.legal_name.as_ref().map(|n| n.as_str().to_owned()),
                ..Default::default()
            }),
            ..NewApplicant::default()
        };
        let new_applicant =
            crate::applicants::build(applicant_input, crate::applicants::ApplicantId::new(real_now), now)?;
        let created = self
            .engine
            .core
            .db
            .write(move |conn| {
                let existing = match &input.external_id {
                    Some(e) => crate::applicants::store::get_by_external_id(conn, scope, e.as_str())?,
                    None => None,
                };
                let applicant_id = match existing {
                    Some(a) if a.applicant_type != ApplicantType::Organization => {
                        return Err(Error::Conflict(format!(
                            "the applicant with external_id `{}` is a person: a KYB case needs an organization",
                            crate::values::shorten(input.external_id.as_ref().map_or("", |e| e.as_str()), 80)
                        )));
                    }
                    Some(a) => a.applicant_id,
                    None => {
                        crate::applicants::store::insert(conn, scope, &new_applicant)?;
                        new_applicant.applicant_id
                    }
                };
                let mut public_id = new_public_id();
                while store::public_id_taken(conn, scope, &public_id)? {
                    public_id = new_public_id();
                }
                let mut case = Case {
                    id,
                    public_id,
                    scope,
                    applicant_id,
                    external_id: input.external_id,
                    status: CaseStatus::Draft,
                    risk_level: None,
                    verification_id: None,
                    round: 0,
                    form,
                    plan,
                    checks_summary: None,
                    remediation_sections: Vec::new(),
                    widget_token: new_token(),
                    widget_expires_at: now.saturating_add(WIDGET_VALIDITY),
                    created_at: now,
                    submitted_at: None,
                    last_activity_at: now,
                    review: super::review::CaseReview::new(now),
                };
                super::desk::enter_stage(conn, &mut case, now)?;
                store::insert_case(conn, &case)?;
                store::add_timeline(
                    conn,
                    &case,
                    &entry(now, "created", &actor, json!({ "public_id": case.public_id })),
                )?;
                Ok(case.id)
            })
            .await?;
        self.get(scope, created).await
    }

    /// The whole case.
    /// The id of the case with this public id (`KYB-…`), if there is one.
    pub async fn id_of_public(&self, scope: Scope, public_id: &str) -> Result<Option<CaseId>> {
        let public_id = public_id.to_owned();
        self.engine.core.db.read(move |conn| store::id_of_public(conn, scope, &public_id)).await
    }

    /// The environment a case is in, whichever organization (for the machine's owner's tools,
    /// such as `docket erase`).
    pub async fn scope_of(&self, id: CaseId) -> Result<Scope> {
        self.engine
            .core
            .db
            .read(move |conn| store::scope_of(conn, id)?.ok_or(Error::not_found("KYB verification")))
            .await
    }

    pub async fn get(&self, scope: Scope, id: CaseId) -> Result<CaseDetail> {
        let (case, checks, remediations, timeline) = self
            .engine
            .core
            .db
            .read(move |conn| {
                let case = store::get_case(conn, scope, id)?.ok_or(Error::not_found("KYB verification"))?;
                let desk = Desk {
                    decisions: store::decisions_of(conn, id)?,
                    comments: store::comments_of(conn, id)?,
                    four_eyes: super::desk::four_eyes_required(&store::desk_settings(conn, scope)?, &case),
                };
                Ok((
                    case,
                    store::checks_of(conn, id)?,
                    store::remediations(conn, id)?,
                    (store::timeline(conn, id)?, desk),
                ))
            })
            .await?;
        let (timeline, desk) = timeline;
        let documents = self.documents(&case).await?;
        let mut detail = detail(case, checks, remediations, timeline, documents, desk);
        detail.open_flags = self.open_flags_of(scope, &detail.checks).await?;
        Ok(detail)
    }

    /// The open flags of a case's checks: the hits of its screenings come from the AML domain.
    pub(crate) async fn open_flags_of(
        &self,
        scope: Scope,
        checks: &[super::model::Check],
    ) -> Result<Vec<super::flags::OpenFlag>> {
        let checks = checks.to_vec();
        self.engine.core.db.read(move |conn| super::flags::open_flags_in(conn, scope, &checks)).await
    }

    /// The organization whose case a widget token opens (expired or not), for what its page
    /// may do (who may frame it); `None` for a token that opens nothing.
    pub async fn widget_organization(&self, token: &str) -> Result<Option<crate::scope::OrganizationId>> {
        let token = token.trim().to_owned();
        if token.len() != 48 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        self.engine.core.db.read(move |conn| store::organization_of_token(conn, &token)).await
    }

    /// What the widget shows of `detail`: with the organization's name, branding and the
    /// outcomes it chose to show (its settings).
    pub async fn widget_view(&self, scope: Scope, detail: CaseDetail) -> Result<super::model::WidgetView> {
        let organizations = self.engine.organizations();
        let name = organizations.get(scope.organization).await?.name;
        let settings = organizations.settings(scope.organization).await?;
        Ok(super::model::WidgetView::of(detail, name, settings.widget))
    }

    /// The case a widget token opens: its scope and id. An unknown token is not found; an
    /// expired one is refused (403), so the merchant knows to ask for a new link.
    pub async fn open_widget(&self, token: &str) -> Result<(Scope, CaseId)> {
        let token = token.trim().to_owned();
        if token.len() != 48 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(Error::not_found("KYB widget"));
        }
        let case = self
            .engine
            .core
            .db
            .read(move |conn| store::get_by_token(conn, &token))
            .await?
            .ok_or(Error::not_found("KYB widget"))?;
        if self.now(case.scope) >= case.widget_expires_at {
            return Err(Error::Forbidden(
                "this verification link has expired: ask the business that sent it for a new one".into(),
            ));
        }
        Ok((case.scope, case.id))
    }

    /// One page of cases, newest first, as stored JSON. Served from the page cache while no
    /// case has changed since it was read.
    pub async fn list_json(&self, scope: Scope, filter: CaseFilter, page: PageRequest) -> Result<JsonPage> {
        if let Some(q) = &filter.q {
            crate::values::text("q", q, 200)?;
        }
        let db = &self.engine.core.db;
        let cache = &self.engine.core.kyb.pages;
        let key = (scope, filter, page);
        // Read before the query: a change committed meanwhile leaves this page under the old
        // version, where nobody asks for it again.
        let version = db.version(Watched::KybCases);
        if let Some(hit) = cache.get(&key, version) {
            return Ok(hit);
        }
        let (scope, filter, page) = &key;
        let (scope, page) = (*scope, *page);
        let found = db.read(move |conn| store::list_json(conn, scope, filter, page)).await?;
        cache.put(key, version, found.clone());
        Ok(found)
    }

    /// Replaces one section's values (the review section has none; documents are uploaded).
    pub async fn save_section(
        &self,
        scope: Scope,
        id: CaseId,
        section: SectionKey,
        body: serde_json::Value,
        actor: Actor,
    ) -> Result<CaseDetail> {
        let within = |e: Error| e.within(section.as_str());
        let parse = |what: &str| Error::invalid_request(format!("the {what} section must be a JSON object"));
        if !body.is_object() {
            return Err(parse(section.as_str()));
        }
        enum Values {
            Company(Box<Company>),
            Representative(Representative),
            Ownership(Ownership),
        }
        let values = match section {
            SectionKey::Company => Values::Company(Box::new(read_section(body, |_| Ok(())).map_err(within)?)),
            SectionKey::Representative => Values::Representative(read_section(body, |_| Ok(())).map_err(within)?),
            SectionKey::Ownership => Values::Ownership(read_section(body, Ownership::check).map_err(within)?),
            SectionKey::Documents => {
                return Err(Error::invalid_request(
                    "documents are uploaded one by one (POST .../documents), not saved as a section",
                ));
            }
            SectionKey::Review => {
                return Err(Error::invalid_request("the review section has no data: submit the case"));
            }
        };
        let now = self.now(scope);
        self.modify(scope, id, move |_, case| {
            editable(case, section)?;
            match values {
                Values::Company(c) => case.form.company = *c,
                Values::Representative(r) => case.form.representative = r,
                Values::Ownership(o) => case.form.ownership = o,
            }
            Ok(Some(entry(now, "section_saved", &actor, json!({ "section": section }))))
        })
        .await
    }

    /// Checks that a document of `kind` may be added now (before its upload is read).
    pub async fn check_document_allowed(&self, scope: Scope, id: CaseId) -> Result<()> {
        let case = self
            .engine
            .core
            .db
            .read(move |conn| store::get_case(conn, scope, id))
            .await?
            .ok_or(Error::not_found("KYB verification"))?;
        editable(&case, SectionKey::Documents)
    }

    /// Adds an uploaded file (already in the file store, owned by the case) as a document of
    /// `kind`. A file of a refused type, or one the case may not take now, is deleted again.
    pub async fn add_document(
        &self,
        scope: Scope,
        id: CaseId,
        kind: DocumentKind,
        file: StoredFile,
        actor: Actor,
    ) -> Result<CaseDetail> {
        let now = self.now(scope);
        let media = file.sniffed_type.clone();
        let file_id = file.id;
        let added = if !DOCUMENT_TYPES.contains(&media.as_str()) {
            Err(Error::UnsupportedMedia(format!(
                "this file is {}: upload a PDF, JPEG, PNG or WebP file",
                crate::files::sniff::described(&media)
            )))
        } else if file.owner_kind != OwnerKind::KybCase || file.owner_id != id.as_uuid() {
            Err(Error::invalid_request("the file does not belong to this case"))
        } else if let Err(refused) = self.check_content(&file).await {
            // A damaged, cut or oversized file, refused with why.
            Err(refused)
        } else {
            self.modify(scope, id, move |_, case| {
                editable(case, SectionKey::Documents)?;
                let files = case.form.documents.entry(kind).or_default();
                if files.len() >= MAX_FILES_PER_KIND {
                    return Err(Error::invalid(
                        "kind",
                        format!("a case holds at most {MAX_FILES_PER_KIND} files of one kind"),
                    ));
                }
                files.push(file_id);
                Ok(Some(entry(
                    now,
                    "document_added",
                    &actor,
                    json!({ "kind": kind, "file_id": file_id, "name": file.original_name }),
                )))
            })
            .await
        };
        if added.is_err() {
            self.engine.files().delete_one(scope, file_id).await?;
        }
        added
    }

    /// Checks an uploaded document's content as verification uploads are checked (`intake`).
    async fn check_content(&self, file: &StoredFile) -> Result<()> {
        let content = self.engine.files().content(file).await?;
        crate::verifications::intake::check(self.engine, &file.sniffed_type, content).await.map(|_| ())
    }

    /// Stores `bytes` as a document of `kind` (for callers that hold the whole file: demo data,
    /// tests; the HTTP upload streams through [`crate::files::Files::begin`] instead).
    pub async fn add_document_bytes(
        &self,
        scope: Scope,
        id: CaseId,
        kind: DocumentKind,
        name: &str,
        bytes: &[u8],
        actor: Actor,
    ) -> Result<CaseDetail> {
        self.check_document_allowed(scope, id).await?;
        let mut upload = self
            .engine
            .files()
            .begin(
                scope,
                crate::files::NewFile {
                    owner_kind: OwnerKind::KybCase,
                    owner_id: id.as_uuid(),
                    declared_type: None,
                    name: Some(name.to_owned()),
                    limit: MAX_DOCUMENT_BYTES,
                },
            )
            .await?;
        upload.write(bytes).await?;
        let file = upload.finish().await?;
        self.add_document(scope, id, kind, file, actor).await
    }

    /// Removes a document from the case (and from the file store).
    pub async fn remove_document(&self, scope: Scope, id: CaseId, file_id: FileId, actor: Actor) -> Result<CaseDetail> {
        let now = self.now(scope);
        let detail = self
            .modify(scope, id, move |_, case| {
                editable(case, SectionKey::Documents)?;
                let mut found = None;
                for (kind, files) in case.form.documents.iter_mut() {
                    if let Some(i) = files.iter().position(|f| *f == file_id) {
                        files.remove(i);
                        found = Some(*kind);
                    }
                }
                case.form.documents.retain(|_, files| !files.is_empty());
                let kind = found.ok_or(Error::not_found("document"))?;
                Ok(Some(entry(now, "document_removed", &actor, json!({ "kind": kind, "file_id": file_id }))))
            })
            .await?;
        self.engine.files().delete_one(scope, file_id).await?;
        Ok(detail)
    }

    /// Retention: the documents of the environment's cases decided before `cutoff` (on its
    /// clock) go from the file store; each case keeps its record, checks and decision, and its
    /// timeline says when and why (`documents_expired`). Returns how many files went.
    pub(crate) async fn expire_documents(&self, scope: Scope, cutoff: Timestamp, days: u32) -> Result<usize> {
        let now = self.now(scope);
        let due =
            self.engine.core.db.read(move |conn| store::decided_with_documents_before(conn, scope, cutoff)).await?;
        let mut expired = 0;
        for id in due {
            let hashes = self
                .engine
                .core
                .db
                .write(move |conn| {
                    let Some(mut case) = store::get_case(conn, scope, id)? else { return Ok(Vec::new()) };
                    // Still decided (it may have been reopened since the list was read).
                    if !matches!(case.status.stage(), super::Stage::Approved | super::Stage::Rejected) {
                        return Ok(Vec::new());
                    }
                    let hashes =
                        crate::files::store::delete_owned(conn, scope, crate::files::OwnerKind::KybCase, id.as_uuid())?;
                    let detail = json!({ "files": hashes.len(), "retention_days": days });
                    case.form.documents.clear();
                    store::update_case(conn, &case)?;
                    store::add_timeline(conn, &case, &entry(now, "documents_expired", &Actor::Docket, detail))?;
                    Ok(hashes)
                })
                .await?;
            expired += hashes.len();
            self.engine.files().remove_unreferenced(hashes).await;
        }
        Ok(expired)
    }

    /// Submits the case (draft) or resubmits it (after a remediation): every section must be
    /// complete; the checks start.
    pub async fn submit(&self, scope: Scope, id: CaseId, actor: Actor) -> Result<CaseDetail> {
        let now = self.now(scope);
        let real_now = self.engine.real_now();
        let fatf = self.engine.aml().fatf_table().await?;
        self.modify(scope, id, move |conn, case| {
            let event = match case.status {
                CaseStatus::ActionRequired => CaseEvent::Resubmitted,
                _ => CaseEvent::Submitted,
            };
            // The state machine speaks first: a decided case is refused as such.
            case.status.after(event)?;
            let incomplete = case.form.incomplete();
            if !incomplete.is_empty() {
                let parts: Vec<String> =
                    incomplete.iter().map(|(s, missing)| format!("{} ({})", s.as_str(), missing.join(", "))).collect();
                return Err(Error::invalid_request(format!(
                    "the case cannot be submitted: incomplete sections: {}",
                    parts.join("; ")
                )));
            }
            let reopened = case.remediation_sections.clone();
            let detail = json!({ "round": case.round + 1, "sections": reopened });
            transition(conn, case, event, &actor, now, real_now, detail)?;
            case.round += 1;
            case.risk_level = None;
            case.submitted_at = Some(now);
            if event == CaseEvent::Submitted {
                case.verification_id = Some(VerificationId::new(real_now));
                let planned = case.plan.clone().unwrap_or_else(|| plan::default_plan(&case.form));
                case.plan = Some(planned.clone());
                pipeline::start(conn, case, &planned, now, real_now, &fatf)?;
            } else {
                store::resolve_remediations(conn, case.id, now)?;
                case.remediation_sections.clear();
                let planned = case.plan.clone().unwrap_or_default();
                let mut again: Vec<_> = reopened
                    .iter()
                    .flat_map(|s| plan::affected_by(*s).iter().copied())
                    .chain([super::summary::CheckType::BusinessRiskScore])
                    .filter(|t| planned.contains(t))
                    .collect();
                again.sort();
                again.dedup();
                for superseded in store::supersede(conn, case.id, &again, now)? {
                    crate::work::store::cancel(conn, crate::work::Kind::KybCheck, superseded.as_uuid())?;
                }
                pipeline::start(conn, case, &again, now, real_now, &fatf)?;
            }
            Ok(Some(entry(now, "checks_started", &Actor::Pipeline, json!({ "round": case.round }))))
        })
        .await
    }

    /// Opens a remediation: the merchant must fix one or several sections, or upload kinds of
    /// document again, each with its instruction (`remediation::asks_of`, from the request or a
    /// template of the environment); the case waits in `action_required`, and its widget link is
    /// renewed. The internal note stays with the reviewers.
    pub async fn open_remediation(
        &self,
        scope: Scope,
        id: CaseId,
        input: NewRemediation,
        actor: Actor,
    ) -> Result<CaseDetail> {
        let template = match input.template_id {
            Some(t) => Some(self.remediation_template(scope, t).await.map_err(|e| match e {
                Error::NotFound { .. } => Error::invalid("template_id", "no remediation template of that id here"),
                other => other,
            })?),
            None => None,
        };
        let asks = super::remediation::asks_of(&input, template.as_ref())?;
        let note = super::remediation::note_of(&input)?;
        let now = self.now(scope);
        let real_now = self.engine.real_now();
        self.modify(scope, id, move |conn, case| {
            // A reviewer asks on a case that is theirs or nobody's, not on one a colleague works.
            super::desk::not_someone_elses(case, &actor, "request a remediation")?;
            let first = &asks[0];
            let detail = json!({
                // The first ask as before, then every ask of the request.
                "section": first.section, "document_kind": first.document_kind, "message": first.message,
                "items": asks.iter().map(|a| json!({
                    "section": a.section, "document_kind": a.document_kind, "message": a.message,
                })).collect::<Vec<_>>(),
                "template": template.as_ref().map(|t| json!({ "id": t.id, "name": t.name })),
                "note": note,
            });
            transition(conn, case, CaseEvent::RemediationOpened, &actor, now, real_now, detail)?;
            for ask in &asks {
                let remediation = Remediation {
                    id: RemediationId::new(real_now),
                    section: ask.section,
                    document_kind: ask.document_kind,
                    message: ask.message.clone(),
                    note: note.clone(),
                    opened_by: actor.name(),
                    opened_at: now,
                    resolved_at: None,
                };
                store::insert_remediation(conn, case, &remediation)?;
                if !case.remediation_sections.contains(&ask.section) {
                    case.remediation_sections.push(ask.section);
                    case.remediation_sections.sort();
                }
            }
            case.widget_expires_at = case.widget_expires_at.max(now.saturating_add(WIDGET_VALIDITY));
            Ok(Some(entry(now, "widget_renewed", &Actor::Docket, json!({ "expires_at": case.widget_expires_at }))))
        })
        .await
    }

    /// Loads a case, changes it, stores it with its timeline entry (if the change did not record
    /// one itself), in one transaction.
    pub(super) async fn modify<F>(&self, scope: Scope, id: CaseId, change: F) -> Result<CaseDetail>
    where
        F: FnOnce(&Connection, &mut Case) -> Result<Option<TimelineEntry>> + Send + 'static,
    {
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut case = store::get_case(conn, scope, id)?.ok_or(Error::not_found("KYB verification"))?;
                // `None`: the change was recorded already (by the transition it made).
                let entry = change(conn, &mut case)?;
                if let Some(entry) = &entry {
                    case.last_activity_at = case.last_activity_at.max(entry.at);
                }
                store::update_case(conn, &case)?;
                if let Some(entry) = &entry {
                    store::add_timeline(conn, &case, entry)?;
                }
                Ok(())
            })
            .await?;
        self.get(scope, id).await
    }

    /// The case's documents with their stored records.
    pub(crate) async fn documents(&self, case: &Case) -> Result<Vec<CaseDocument>> {
        Ok(self
            .document_files(case)
            .await?
            .into_iter()
            .map(|(kind, f)| CaseDocument {
                file_id: f.id,
                kind,
                name: f.original_name,
                media_type: f.sniffed_type,
                declared_type: f.declared_type,
                size: f.size,
                sha256: f.sha256,
                uploaded_at: f.created_at,
            })
            .collect())
    }

    /// The stored files of the case's documents, in form order, read in one query.
    pub(crate) async fn document_files(&self, case: &Case) -> Result<Vec<(DocumentKind, StoredFile)>> {
        let files = self.engine.files().owned(case.scope, OwnerKind::KybCase, case.id.as_uuid()).await?;
        Ok(case
            .form
            .documents
            .iter()
            .flat_map(|(kind, ids)| ids.iter().map(move |id| (*kind, *id)))
            .filter_map(|(kind, id)| files.iter().find(|f| f.id == id).map(|f| (kind, f.clone())))
            .collect())
    }
}

/// What the desk adds to a case file.
struct Desk {
    decisions: Vec<super::review::Decision>,
    comments: Vec<super::review::Comment>,
    four_eyes: super::desk::FourEyesRequired,
}

fn detail(
    case: Case,
    checks: Vec<super::model::Check>,
    remediations: Vec<Remediation>,
    timeline: Vec<TimelineEntry>,
    documents: Vec<CaseDocument>,
    desk: Desk,
) -> CaseDetail {
    let missing =
        SectionKey::ALL.into_iter().map(|k| (k, case.form.missing(k))).filter(|(_, m)| !m.is_empty()).collect();
    CaseDetail {
        row: case.row(),
        missing,
        persons: case.persons(),
        documents,
        plan: case.plan.clone().unwrap_or_else(|| plan::default_plan(&case.form)),
        checks,
        remediations,
        timeline,
        widget_path: format!("/kyb/widget/{}", case.widget_token),
        widget_expires_at: case.widget_expires_at,
        form: case.form,
        decisions: desk.decisions,
        comments: desk.comments,
        four_eyes_required: desk.four_eyes,
        open_flags: Vec::new(),
    }
}
