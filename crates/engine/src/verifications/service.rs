//! Document verification's rules: profiles and links, verifications from create to their
//! outcome, and documents.

use jiff::SignedDuration;
use serde_json::Value;

use super::document::{DocumentType, Side};
use super::model::{
    CheckResult, CheckStatus, Checks, DocumentId, DocumentRef, MissingDocuments, SandboxResult, StoredDocument,
    UploadAnswer, Verification, VerificationId,
};
use super::needs::StillNeeded;
use super::profile::{CheckStep, Link, Profile, ProfileId, ReadSettings, Settings, profile_text};
use super::review::{PendingOutcome, Reading, ReadingFields};
use super::status::{VerificationEvent, VerificationStatus};
use super::store::{self, LinkRecord, ProfileRecord, Record, VerificationFilter};
use super::{codes, process};
use crate::applicants::{ApplicantId, NewApplicant};
use crate::error::{Error, Result};
use crate::files::StoredFile;
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::values::CountryCode;
use crate::work::{self, Kind};
use crate::{Actor, Engine};

/// Bounds of the verification and profile lists (the Python client's default is 10).
pub const LIST_BOUNDS: Bounds = Bounds::V3;
/// The largest document accepted.
pub const MAX_DOCUMENT_BYTES: u64 = 20 * 1024 * 1024;
/// How long a verification stays open when the caller does not say (minutes).
pub const DEFAULT_EXPIRATION_MINUTES: u32 = 240;
/// The longest a verification may stay open (minutes: a week).
pub const MAX_EXPIRATION_MINUTES: u32 = 10_080;
/// Documents one verification may hold; past it uploads get 9000 (too many attempts).
pub const MAX_DOCUMENTS: usize = 30;
/// The name of the profile every environment starts with.
pub const DEFAULT_PROFILE_NAME: &str = "Default";

/// A reviewer's outcome of one check that waits for a person (production checks that cannot be
/// decided offline).
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewerOutcome {
    /// The check decided.
    pub check: CheckStep,
    /// Whether it passed.
    pub verified: bool,
    /// Error codes saying why it failed (at least one when `verified` is false).
    #[serde(default)]
    pub errors: Vec<u32>,
    /// The reviewer's note, kept on the check.
    #[serde(default)]
    pub note: Option<String>,
}

/// What a verification's `account_id` says of who started it: the API key's id, `console`,
/// `hosted_page`, `kyb` (a KYB case's check) or `docket`.
fn account_id(who: &Actor) -> String {
    match who {
        Actor::ApiKey(key) => key.to_string(),
        Actor::Reviewer(_) => "console".to_owned(),
        Actor::Person => "hosted_page".to_owned(),
        Actor::Pipeline => "kyb".to_owned(),
        Actor::Docket | Actor::Command => "docket".to_owned(),
    }
}

/// A new profile.
#[derive(Debug, Clone, Default)]
pub struct NewProfile {
    pub name: Option<String>,
    pub description: Option<String>,
    pub settings: Option<Value>,
}

/// A profile created or changed, and the fields of its settings that were ignored (dotted
/// paths such as `settings.link`: Docket does not know them).
#[derive(Debug, Clone, PartialEq)]
pub struct SavedProfile {
    pub id: ProfileId,
    pub ignored: Vec<String>,
}

/// A new verification (public-api.md section 3). Zero values of the Go client are "not given"
/// by the time they get here.
#[derive(Debug, Clone, Default)]
pub struct NewVerification {
    pub applicant_id: Option<ApplicantId>,
    pub profile_id: Option<ProfileId>,
    /// Deprecated: document types that decide the checks instead of the profile's settings.
    pub checks_required: Vec<DocumentType>,
    pub applicant_country: Option<CountryCode>,
    pub expiration_minutes: Option<i64>,
    pub sandbox_result: Option<SandboxResult>,
}

/// What an upload says of its file.
#[derive(Debug, Clone)]
pub struct NewDocument {
    /// `None`: `poi`, detect which identity document it is.
    pub document_type: Option<DocumentType>,
    pub side: Option<Side>,
    /// ISO alpha-3 as sent (alpha-2 is accepted too).
    pub issued_country: Option<String>,
}

/// Where an upload goes.
#[derive(Debug, Clone)]
pub enum UploadTarget {
    /// An applicant: the document joins the applicant's open verification, if any.
    Applicant(ApplicantId),
    /// A verification by its short id (the end-user endpoints).
    Short(String),
}

/// A hosted verification page, by the id in its address.
#[derive(Debug, Clone)]
pub enum HostedPage {
    /// `/v/{short_id}`: one verification.
    Verification(String),
    /// `/vp/{link_id}`: a profile's public link.
    Link(String),
}

pub struct Verifications<'e> {
    pub(crate) engine: &'e Engine,
}

fn new_short_id() -> String {
    let bytes: [u8; 8] = rand::random();
    format!("V{}", hex::encode_upper(bytes))
}

fn new_link_id() -> String {
    // 16 characters of an alphabet without look-alikes, after `L`.
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let bytes: [u8; 16] = rand::random();
    let mut id = String::from("L");
    id.extend(bytes.iter().map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char));
    id
}

fn expiration(minutes: Option<i64>, field: &str) -> Result<u32> {
    match minutes {
        None | Some(0) => Ok(DEFAULT_EXPIRATION_MINUTES),
        Some(m) if (1..=i64::from(MAX_EXPIRATION_MINUTES)).contains(&m) => Ok(m as u32),
        Some(_) => Err(Error::invalid(field, format!("must be between 1 and {MAX_EXPIRATION_MINUTES} minutes"))),
    }
}

/// The profile every environment starts with: an identity document and a selfie.
pub(crate) fn ensure_default(
    conn: &rusqlite::Connection,
    scope: Scope,
    now: Timestamp,
    real_now: Timestamp,
) -> Result<ProfileRecord> {
    if let Some(p) = store::default_profile(conn, scope)? {
        return Ok(p);
    }
    let profile = ProfileRecord {
        id: ProfileId::new(real_now),
        scope,
        name: DEFAULT_PROFILE_NAME.to_owned(),
        description: Some("An identity document and a selfie compared with it.".to_owned()),
        settings: Settings::default(),
        is_default: true,
        is_archived: false,
        created_by: Some("docket".to_owned()),
        created_at: now,
        updated_at: None,
    };
    store::insert_profile(conn, &profile)?;
    Ok(profile)
}

impl Verifications<'_> {
    fn base_url(&self) -> String {
        self.engine.public_url()
    }

    fn link_view(&self, l: &LinkRecord) -> Link {
        Link {
            link_id: l.link_id.clone(),
            profile_id: l.profile_id,
            expiration_minutes: l.expiration_minutes,
            created_at: l.created_at,
            archived_at: l.archived_at,
            web_link: format!("{}/vp/{}", self.base_url(), l.link_id),
            telegram_link: None,
        }
    }

    fn profile_view(&self, p: ProfileRecord, link: Option<LinkRecord>) -> Profile {
        Profile {
            profile_id: p.id,
            id: p.id,
            name: p.name,
            description: p.description,
            settings: p.settings,
            organization_id: p.scope.organization.to_string(),
            is_default: p.is_default,
            is_archived: p.is_archived,
            created_at: p.created_at,
            updated_at: p.updated_at,
            created_by: p.created_by,
            link: link.map(|l| self.link_view(&l)),
        }
    }

    pub(crate) fn view(&self, r: Record) -> Verification {
        view(r, &self.base_url())
    }

    // Profiles.

    pub async fn create_profile(&self, scope: Scope, input: NewProfile, who: Actor) -> Result<SavedProfile> {
        let (name, description) = profile_text(input.name, input.description)?;
        let ReadSettings { settings, ignored } = Settings::read(input.settings)?;
        let (now, real_now) = (self.engine.now(scope), self.engine.real_now());
        let profile = ProfileRecord {
            id: ProfileId::new(real_now),
            scope,
            name,
            description,
            settings,
            is_default: false,
            is_archived: false,
            created_by: Some(match who {
                Actor::Reviewer(_) => "console".to_owned(),
                Actor::ApiKey(_) => "api".to_owned(),
                _ => "docket".to_owned(),
            }),
            created_at: now,
            updated_at: None,
        };
        self.engine
            .core
            .db
            .write(move |conn| {
                ensure_default(conn, scope, now, real_now)?;
                store::insert_profile(conn, &profile)?;
                Ok(profile.id)
            })
            .await
            .map(|id| SavedProfile { id, ignored })
    }

    pub async fn get_profile(&self, scope: Scope, id: ProfileId) -> Result<Profile> {
        let (p, link) = self
            .engine
            .core
            .db
            .read(move |conn| {
                let p = store::get_profile(conn, scope, id)?.ok_or(Error::not_found("profile"))?;
                Ok((p, store::link_of_profile(conn, scope, id)?))
            })
            .await?;
        Ok(self.profile_view(p, link))
    }

    /// The environment's profiles, newest first (the default one is made on first use).
    pub async fn list_profiles(&self, scope: Scope, page: PageRequest) -> Result<Page<Profile>> {
        let (now, real_now) = (self.engine.now(scope), self.engine.real_now());
        let has_default =
            self.engine.core.db.read(move |conn| Ok(store::default_profile(conn, scope)?.is_some())).await?;
        if !has_default {
            self.engine.core.db.write(move |conn| ensure_default(conn, scope, now, real_now).map(drop)).await?;
        }
        let rows = self
            .engine
            .core
            .db
            .read(move |conn| {
                let profiles = store::list_profiles(conn, scope, page)?;
                profiles
                    .into_iter()
                    .map(|p| {
                        let link = store::link_of_profile(conn, scope, p.id)?;
                        Ok((p, link))
                    })
                    .collect::<Result<Vec<_>>>()
            })
            .await?;
        let page = page.finish(rows);
        Ok(Page {
            data: page.data.into_iter().map(|(p, l)| self.profile_view(p, l)).collect(),
            has_next: page.has_next,
        })
    }

    /// Changes a profile's name, description or settings (each left out is kept).
    pub async fn update_profile(&self, scope: Scope, id: ProfileId, input: NewProfile) -> Result<SavedProfile> {
        let read = input.settings.map(|s| Settings::read(Some(s))).transpose()?;
        let (settings, ignored) = match read {
            Some(r) => (Some(r.settings), r.ignored),
            None => (None, Vec::new()),
        };
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut p = store::get_profile(conn, scope, id)?.ok_or(Error::not_found("profile"))?;
                let (name, description) =
                    profile_text(input.name.or(Some(p.name.clone())), input.description.or(p.description.clone()))?;
                p.name = name;
                p.description = description;
                if let Some(s) = settings {
                    p.settings = s;
                }
                p.updated_at = Some(now);
                store::update_profile(conn, &p)
            })
            .await?;
        Ok(SavedProfile { id, ignored })
    }

    /// Archives a profile: no new verification may use it. The default profile cannot be.
    pub async fn archive_profile(&self, scope: Scope, id: ProfileId) -> Result<()> {
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut p = store::get_profile(conn, scope, id)?.ok_or(Error::not_found("profile"))?;
                if p.is_default {
                    return Err(Error::Conflict(
                        "the default profile cannot be archived: make another profile the default first".to_owned(),
                    ));
                }
                p.is_archived = true;
                p.updated_at = Some(now);
                store::update_profile(conn, &p)
            })
            .await
    }

    pub async fn set_default(&self, scope: Scope, id: ProfileId) -> Result<()> {
        self.engine
            .core
            .db
            .write(move |conn| {
                let p = store::get_profile(conn, scope, id)?.ok_or(Error::not_found("profile"))?;
                if p.is_archived {
                    return Err(Error::Conflict("an archived profile cannot be the default".to_owned()));
                }
                store::set_default(conn, scope, id)
            })
            .await
    }

    // Links.

    /// Makes the profile's public link (only one per profile: a second is a 400, spec 4.8).
    pub async fn create_link(&self, scope: Scope, profile: ProfileId, minutes: Option<i64>) -> Result<String> {
        let minutes = expiration(minutes, "expiration_in_minutes")?;
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let p = store::get_profile(conn, scope, profile)?.ok_or(Error::not_found("profile"))?;
                if p.is_archived {
                    return Err(Error::invalid_request("the profile is archived: it cannot get a link"));
                }
                if let Some(l) = store::link_of_profile(conn, scope, profile)? {
                    return Err(Error::invalid_request(format!(
                        "the profile has a link already ({}): only one link per profile; change or unarchive it",
                        l.link_id
                    )));
                }
                let link = LinkRecord {
                    link_id: new_link_id(),
                    scope,
                    profile_id: profile,
                    expiration_minutes: minutes,
                    created_at: now,
                    archived_at: None,
                };
                store::insert_link(conn, &link)?;
                Ok(link.link_id)
            })
            .await
    }

    /// Changes a link: its expiry, and whether it is archived.
    pub async fn change_link(
        &self,
        scope: Scope,
        link_id: String,
        minutes: Option<i64>,
        archived: Option<bool>,
    ) -> Result<String> {
        let minutes = minutes.map(|m| expiration(Some(m), "expiration_in_minutes")).transpose()?;
        let now = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut l =
                    store::find_link(conn, &link_id)?.filter(|l| l.scope == scope).ok_or(Error::not_found("link"))?;
                if let Some(m) = minutes {
                    l.expiration_minutes = m;
                }
                match archived {
                    Some(true) if l.archived_at.is_none() => l.archived_at = Some(now),
                    Some(false) => l.archived_at = None,
                    _ => {}
                }
                store::update_link(conn, &l)?;
                Ok(l.link_id)
            })
            .await
    }

    /// The profile a link belongs to.
    pub async fn link_profile(&self, scope: Scope, link_id: String) -> Result<ProfileId> {
        self.engine
            .core
            .db
            .read(move |conn| {
                Ok(store::find_link(conn, &link_id)?
                    .filter(|l| l.scope == scope)
                    .ok_or(Error::not_found("link"))?
                    .profile_id)
            })
            .await
    }

    /// The organization whose verification a short id opens, or whose profile a public link
    /// belongs to (whatever their state), for what the hosted page may do (who may frame it),
    /// and the page's look from the settings' `ui_settings`; `None` for an id that opens nothing.
    pub async fn page_context(
        &self,
        page: HostedPage,
    ) -> Result<Option<(crate::scope::OrganizationId, super::branding::Branding)>> {
        let (HostedPage::Verification(id) | HostedPage::Link(id)) = &page;
        if id.is_empty() || id.len() > 64 {
            return Ok(None);
        }
        self.engine
            .core
            .db
            .read(move |conn| {
                let found = match &page {
                    HostedPage::Verification(short_id) => {
                        store::find_short(conn, short_id)?.map(|r| (r.scope, r.settings.ui_settings))
                    }
                    HostedPage::Link(link_id) => match store::find_link(conn, link_id)? {
                        Some(l) => {
                            store::get_profile(conn, l.scope, l.profile_id)?.map(|p| (l.scope, p.settings.ui_settings))
                        }
                        None => None,
                    },
                };
                Ok(found.map(|(scope, ui)| (scope.organization, super::branding::Branding::from_ui_settings(&ui))))
            })
            .await
    }

    /// A link and its profile, for the hosted page (no key: the link id is the key).
    pub async fn public_link(&self, link_id: String) -> Result<(Scope, Link, Profile)> {
        let (l, p) = self
            .engine
            .core
            .db
            .read(move |conn| {
                let l = store::find_link(conn, &link_id)?.ok_or(Error::not_found("link"))?;
                let p = store::get_profile(conn, l.scope, l.profile_id)?.ok_or(Error::not_found("link"))?;
                Ok((l, p))
            })
            .await?;
        if l.archived_at.is_some() || p.is_archived {
            return Err(Error::Forbidden("this verification link is no longer active".to_owned()));
        }
        let view = self.link_view(&l);
        Ok((l.scope, view.clone(), self.profile_view(p, Some(l))))
    }

    /// Starts a verification through a profile's public link, for a new applicant.
    pub async fn start_from_link(&self, link_id: String) -> Result<Verification> {
        let (scope, link, profile) = self.public_link(link_id).await?;
        let input = NewVerification {
            profile_id: Some(profile.profile_id),
            expiration_minutes: Some(i64::from(link.expiration_minutes)),
            ..NewVerification::default()
        };
        self.create_inner(scope, input, Actor::Person, Some(link.link_id)).await
    }

    // Verifications.

    pub async fn create(&self, scope: Scope, input: NewVerification, who: Actor) -> Result<Verification> {
        self.create_inner(scope, input, who, None).await
    }

    async fn create_inner(
        &self,
        scope: Scope,
        input: NewVerification,
        who: Actor,
        link_id: Option<String>,
    ) -> Result<Verification> {
        let minutes = expiration(input.expiration_minutes, "expiration_minutes")?;
        if let Some(r) = &input.sandbox_result {
            check_sandbox_result(scope, r)?;
        }
        let (now, real_now) = (self.engine.now(scope), self.engine.real_now());
        let id = VerificationId::new(real_now);
        let new_applicant = crate::applicants::build(
            NewApplicant { info: Some(Default::default()), ..NewApplicant::default() },
            ApplicantId::new(real_now),
            now,
        )?;
        let expires_at = now.saturating_add(SignedDuration::from_mins(i64::from(minutes)));
        let record = self
            .engine
            .core
            .db
            .write(move |conn| {
                let profile = match input.profile_id {
                    Some(p) => store::get_profile(conn, scope, p)?.ok_or(Error::not_found("profile"))?,
                    None => ensure_default(conn, scope, now, real_now)?,
                };
                if profile.is_archived {
                    return Err(Error::invalid("profile_id", "the profile is archived"));
                }
                let applicant_id = match input.applicant_id {
                    Some(a) => {
                        crate::applicants::store::get(conn, scope, a)?
                            .ok_or(Error::not_found("applicant"))?
                            .applicant_id
                    }
                    None => {
                        crate::applicants::store::insert(conn, scope, &new_applicant)?;
                        new_applicant.applicant_id
                    }
                };
                let settings = if input.checks_required.is_empty() {
                    profile.settings.clone()
                } else {
                    Settings::from_checks_required(&profile.settings, &input.checks_required)
                };
                let checks: Checks = settings
                    .steps()
                    .into_iter()
                    .map(|s| (s, CheckResult::pending(settings.pending_for(s, &[]))))
                    .collect();
                let mut short_id = new_short_id();
                while store::find_short(conn, &short_id)?.is_some() {
                    short_id = new_short_id();
                }
                let record = Record {
                    id,
                    scope,
                    applicant_id,
                    profile_id: profile.id,
                    short_id,
                    link_id,
                    status: VerificationStatus::Initial,
                    account_id: account_id(&who),
                    settings,
                    checks,
                    documents: Vec::new(),
                    poi_data: None,
                    manual_fields: Value::Object(Default::default()),
                    duplicated: Vec::new(),
                    sandbox_result: input.sandbox_result,
                    country_code: input.applicant_country.map(|c| c.as_str().to_owned()),
                    document_type: None,
                    updated_by: Some(who.name()),
                    created_at: now,
                    expires_at,
                    proceeded_at: None,
                    completed_at: None,
                    review: Default::default(),
                };
                store::insert(conn, &record)?;
                work::store::schedule(conn, Kind::VerificationExpiry, scope, id.as_uuid(), expires_at)?;
                Ok(record)
            })
            .await?;
        Ok(self.view(record))
    }

    pub async fn get(&self, scope: Scope, id: VerificationId) -> Result<Verification> {
        let r = self.engine.core.db.read(move |conn| store::existing(conn, scope, id)).await?;
        Ok(self.view(r))
    }

    /// A verification by its short id within the caller's scope.
    pub async fn get_by_short(&self, scope: Scope, short_id: String) -> Result<Verification> {
        let r = self.find_short(short_id).await?;
        if r.scope != scope {
            return Err(Error::not_found("verification"));
        }
        Ok(self.view(r))
    }

    /// A verification by its short id in any scope (the end-user endpoints: the short id is
    /// their key).
    pub(crate) async fn find_short(&self, short_id: String) -> Result<Record> {
        if short_id.len() > 64 {
            return Err(Error::not_found("verification"));
        }
        self.engine
            .core
            .db
            .read(move |conn| store::find_short(conn, &short_id)?.ok_or(Error::not_found("verification")))
            .await
    }

    /// The end-user view of a verification by its short id, with its scope.
    pub async fn public(&self, short_id: String) -> Result<(Scope, Verification)> {
        let r = self.find_short(short_id).await?;
        Ok((r.scope, self.view(r)))
    }

    pub async fn list(
        &self,
        scope: Scope,
        filter: VerificationFilter,
        page: PageRequest,
    ) -> Result<Page<Verification>> {
        if let Some(a) = filter.applicant_id {
            self.engine.applicants().get(scope, a).await?;
        }
        let rows = self.engine.core.db.read(move |conn| store::list(conn, scope, &filter, page)).await?;
        let page = page.finish(rows);
        Ok(Page { data: page.data.into_iter().map(|r| self.view(r)).collect(), has_next: page.has_next })
    }

    /// Moves an open verification to `in_progress` when every document it needs is in; else
    /// the documents still wanted.
    pub async fn proceed(
        &self,
        scope: Scope,
        id: VerificationId,
        who: Actor,
    ) -> Result<std::result::Result<Verification, MissingDocuments>> {
        let now = self.engine.now(scope);
        let outcome = self
            .engine
            .core
            .db
            .write(move |conn| {
                let mut r = store::existing(conn, scope, id)?;
                let next = r.status.after(VerificationEvent::Proceeded)?;
                // The same description the person's page draws (`needs`).
                let missing = StillNeeded::of(&r.settings, &r.documents, Vec::new()).pending_documents();
                if !missing.is_empty() {
                    let names: Vec<&str> = missing.iter().map(|d| d.as_str()).collect();
                    return Ok(Err(MissingDocuments {
                        id,
                        error: "pending_documents".to_owned(),
                        message: format!("documents are still missing: {}", names.join(", ")),
                        pending_documents: missing,
                    }));
                }
                r.status = next;
                r.proceeded_at = Some(now);
                r.updated_by = Some(who.name());
                for check in r.checks.values_mut() {
                    check.status = CheckStatus::InProgress;
                    check.pending_documents.clear();
                }
                store::update(conn, &r)?;
                let due = if scope.is_sandbox() { now.saturating_add(process::SANDBOX_DURATION) } else { now };
                work::store::schedule(conn, Kind::VerificationProcess, scope, id.as_uuid(), due)?;
                work::store::cancel(conn, Kind::VerificationExpiry, id.as_uuid())?;
                Ok(Ok(r))
            })
            .await?;
        Ok(outcome.map(|r| self.view(r)))
    }

    /// Cancels a verification (from any status but `verified` and `failed`; again is a no-op).
    pub async fn cancel(&self, scope: Scope, id: VerificationId, who: Actor) -> Result<Verification> {
        let r = process::end(self.engine, scope, id, VerificationEvent::Canceled, who.name()).await?;
        Ok(self.view(r))
    }

    /// Stores an uploaded document and adds it to its verification.
    pub async fn add_document(
        &self,
        scope: Scope,
        target: UploadTarget,
        input: NewDocument,
        file: StoredFile,
    ) -> Result<UploadAnswer> {
        let outcome = self.add_document_inner(scope, target, input, &file).await;
        if outcome.is_err() {
            // A refused document leaves no file behind.
            let _ = self.engine.files().delete_one(scope, file.id).await;
        }
        outcome
    }

    async fn add_document_inner(
        &self,
        scope: Scope,
        target: UploadTarget,
        input: NewDocument,
        file: &StoredFile,
    ) -> Result<UploadAnswer> {
        if !matches!(file.sniffed_type.as_str(), "image/jpeg" | "image/png" | "image/webp" | "application/pdf") {
            return Err(Error::UnsupportedMedia(format!(
                "a document must be a JPEG, PNG or WebP picture or a PDF (by its content); this one is {}",
                file.sniffed_type
            )));
        }
        let issued_country = match input.issued_country.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            None => None,
            Some(c) => {
                Some(crate::countries::by_alpha_3(c).or_else(|| crate::countries::by_alpha_2(c)).ok_or_else(|| {
                    Error::invalid("issued_country", "must be an ISO 3166-1 alpha-3 (or alpha-2) code")
                })?)
            }
        };
        // A damaged, cut or oversized file is refused here, with why (`intake`).
        let content = self.engine.files().content(file).await?;
        let dhash = super::intake::check(self.engine, &file.sniffed_type, content).await?;
        // `poi`: an identity document of a type the verification accepts; Docket cannot tell
        // which from the picture, so it takes the first the profile allows.
        let (now, real_now) = (self.engine.now(scope), self.engine.real_now());
        let file = file.clone();
        let record = match &target {
            UploadTarget::Short(s) => Some(self.find_short(s.clone()).await?),
            UploadTarget::Applicant(_) => None,
        };
        let (record, scope) = match record {
            Some(r) => {
                let s = r.scope;
                (Some(r), s)
            }
            None => (None, scope),
        };
        let applicant = match (&target, &record) {
            (_, Some(r)) => r.applicant_id,
            (UploadTarget::Applicant(a), None) => *a,
            (UploadTarget::Short(_), None) => return Err(Error::not_found("verification")),
        };
        let answer = self
            .engine
            .core
            .db
            .write(move |conn| {
                crate::applicants::store::get(conn, scope, applicant)?.ok_or(Error::not_found("applicant"))?;
                let open = match record {
                    Some(r) => Some(store::existing(conn, scope, r.id)?),
                    None => store::open_of_applicant(conn, scope, applicant)?.into_iter().next(),
                };
                if let Some(r) = &open {
                    if r.status == VerificationStatus::Expired || r.expires_at <= now {
                        return Err(Error::Conflict(format!("{} (code 8000)", codes::known(8000).message)));
                    }
                    r.status.after(VerificationEvent::DocumentAdded)?;
                    if r.documents.len() >= MAX_DOCUMENTS {
                        return Err(Error::Conflict(format!(
                            "{}: a verification holds at most {MAX_DOCUMENTS} documents (code 9000)",
                            codes::known(9000).message
                        )));
                    }
                }
                let allowed_poi = open.as_ref().map_or_else(
                    || Settings::default().poi_allowed_documents,
                    |r| r.settings.poi_allowed_documents.clone(),
                );
                let base = match input.document_type {
                    Some(t) => t,
                    None => allowed_poi.first().copied().unwrap_or(DocumentType::Passport),
                };
                let side = input.side.or(base.side());
                let document_type = match side {
                    Some(s) if base.is_two_sided() => base.with_side(s),
                    _ => base,
                };
                let mut errors = Vec::new();
                if let (Some(r), Some(c)) = (&open, issued_country) {
                    let code = CountryCode::parse(c.alpha_2)?;
                    if document_type.purpose() == super::document::Purpose::Poi && !r.settings.accepts_country(&code) {
                        errors.push(codes::known(3101));
                    }
                }
                let document = StoredDocument {
                    document_id: DocumentId::new(real_now),
                    applicant_id: applicant,
                    document_type,
                    side,
                    issued_country: issued_country.map(|c| c.alpha_3.to_owned()),
                    content_type: file.sniffed_type.clone(),
                    file_id: file.id,
                    file_name: file.original_name.clone(),
                    size: file.size,
                    sha256: file.sha256.clone(),
                    created_at: now,
                };
                store::insert_document(conn, scope, &document, open.as_ref().map(|r| r.id), dhash)?;
                if let Some(mut r) = open {
                    r.status = r.status.after(VerificationEvent::DocumentAdded)?;
                    r.documents.push(DocumentRef {
                        document_id: document.document_id,
                        document_type,
                        content_type: document.content_type.clone(),
                    });
                    if document_type.purpose() == super::document::Purpose::Poi {
                        r.document_type = Some(document_type.base());
                        if r.country_code.is_none() {
                            r.country_code = issued_country.map(|c| c.alpha_2.to_owned());
                        }
                    }
                    let have: Vec<DocumentType> = r.documents.iter().map(|d| d.document_type).collect();
                    let settings = r.settings.clone();
                    for (step, check) in r.checks.iter_mut() {
                        check.pending_documents = settings.pending_for(*step, &have);
                    }
                    r.updated_by = Some("upload".to_owned());
                    store::update(conn, &r)?;
                }
                Ok(UploadAnswer {
                    document_id: document.document_id,
                    detected_document_type: document_type,
                    detected_document_side: side,
                    detected_two_side_document: document_type.is_two_sided(),
                    detected_country: issued_country.map(|c| c.alpha_2.to_owned()),
                    errors,
                })
            })
            .await?;
        Ok(answer)
    }

    /// Stores `bytes` as an uploaded document (for callers that hold the whole file: demo data,
    /// tests; the HTTP upload streams through [`crate::files::Files::begin`] instead).
    pub async fn add_document_bytes(
        &self,
        scope: Scope,
        target: UploadTarget,
        input: NewDocument,
        name: &str,
        bytes: &[u8],
    ) -> Result<UploadAnswer> {
        let (scope, owner) = self.upload_owner(Some(scope), &target).await?;
        let mut upload = self.engine.files().begin(scope, self.new_file(owner, Some(name.to_owned()))).await?;
        upload.write(bytes).await?;
        let file = upload.finish().await?;
        self.add_document(scope, target, input, file).await
    }

    /// Where an upload's file goes, before it is read: the scope and the applicant who owns it.
    /// An applicant target needs the caller's scope; a short id carries its own (the end-user
    /// endpoints have no key). Unknown targets are refused before any byte is stored.
    pub async fn upload_owner(&self, scope: Option<Scope>, target: &UploadTarget) -> Result<(Scope, uuid::Uuid)> {
        match (target, scope) {
            (UploadTarget::Applicant(a), Some(scope)) => {
                let applicant = self.engine.applicants().get(scope, *a).await?;
                Ok((scope, applicant.applicant_id.as_uuid()))
            }
            (UploadTarget::Applicant(_), None) => Err(Error::not_found("applicant")),
            (UploadTarget::Short(s), _) => {
                let r = self.find_short(s.clone()).await?;
                if scope.is_some_and(|scope| scope != r.scope) {
                    return Err(Error::not_found("verification"));
                }
                Ok((r.scope, r.applicant_id.as_uuid()))
            }
        }
    }

    /// How an uploaded document is stored: owned by its applicant, within the size limit.
    pub fn new_file(&self, applicant: uuid::Uuid, name: Option<String>) -> crate::files::NewFile {
        crate::files::NewFile {
            owner_kind: crate::files::OwnerKind::VerificationDocument,
            owner_id: applicant,
            declared_type: None,
            name,
            limit: MAX_DOCUMENT_BYTES,
        }
    }

    /// Runs the verifications' due work now: checks, expiries and reviewers' outcomes past their
    /// undo minute (tests and tools).
    pub async fn run_due(&self) -> Result<usize> {
        Ok(work::run_now(self.engine, &process::ProcessWorker).await?
            + work::run_now(self.engine, &process::ExpiryWorker).await?
            + work::run_now(self.engine, &process::OutcomeWorker).await?)
    }

    /// A stored document, for download.
    /// An erased document is `Gone`, with who erased it and when (`files`).
    pub async fn document(&self, scope: Scope, id: DocumentId) -> Result<StoredDocument> {
        match self.engine.core.db.read(move |conn| store::get_document(conn, scope, id)).await? {
            Some(document) => Ok(document),
            None => Err(self.gone_or_missing(scope, id).await),
        }
    }

    /// A document's file as uploaded.
    pub async fn document_file(&self, scope: Scope, id: DocumentId) -> Result<(StoredDocument, Vec<u8>)> {
        let document = self.document(scope, id).await?;
        let (_, bytes) = self.engine.files().read(scope, document.file_id).await?;
        Ok((document, bytes))
    }

    /// A document's preview: a JPEG at most 640 pixels on its longest side (see `preview`).
    pub async fn document_preview(&self, scope: Scope, id: DocumentId) -> Result<(StoredDocument, Vec<u8>)> {
        let (document, bytes) = self.document_file(scope, id).await?;
        let content_type = document.content_type.clone();
        let preview =
            self.engine.core.heavy.run("the preview", move || super::preview::make(&content_type, &bytes)).await?;
        Ok((document, preview))
    }

    /// A verification's documents with their files' facts, and its history, oldest first.
    pub async fn file(&self, scope: Scope, id: VerificationId) -> Result<super::model::VerificationFile> {
        use super::model::TimelineEntry;
        let (r, documents) = self
            .engine
            .core
            .db
            .read(move |conn| {
                let r = store::existing(conn, scope, id)?;
                let documents = store::documents_of(conn, scope, id)?;
                Ok((r, documents))
            })
            .await?;
        let mut timeline = vec![TimelineEntry {
            at: r.created_at,
            what: match &r.link_id {
                Some(link) => format!("Started through link {link}"),
                None => match r.account_id.as_str() {
                    "console" => "Created in the console".to_owned(),
                    "hosted_page" => "Started on the hosted page".to_owned(),
                    key => format!("Created through the API (key {})", key.chars().take(8).collect::<String>()),
                },
            },
        }];
        for d in &documents {
            let name = d.file_name.as_deref().map(|n| format!(" ({n})")).unwrap_or_default();
            timeline
                .push(TimelineEntry { at: d.created_at, what: format!("{} uploaded{name}", d.document_type.as_str()) });
        }
        if let Some(at) = r.proceeded_at {
            timeline.push(TimelineEntry { at, what: "Proceeded: checks started".to_owned() });
        }
        match (r.status, r.completed_at) {
            (VerificationStatus::Verified | VerificationStatus::Failed, Some(at)) => {
                timeline.push(TimelineEntry { at, what: format!("Finished: {}", r.status.as_str()) });
            }
            (VerificationStatus::Canceled | VerificationStatus::Expired, at) => {
                let at = at.unwrap_or(r.expires_at);
                timeline.push(TimelineEntry { at, what: format!("Ended: {}", r.status.as_str()) });
            }
            _ => {}
        }
        timeline.extend(r.review.history.iter().map(|e| TimelineEntry { at: e.at, what: e.what.clone() }));
        timeline.sort_by_key(|e| e.at);
        let reviewer_codes = r.checks.keys().map(|s| (*s, codes::for_reviewer(*s))).collect();
        let applicant = self.engine.applicants().get(scope, r.applicant_id).await?;
        let reading = r.review.reading.clone();
        let review = super::model::ReviewView {
            comparison: super::review::compare(
                &applicant.provided_info,
                r.poi_data.as_ref(),
                reading.as_ref().map(|x| &x.fields),
            ),
            reading,
            pending_outcomes: r.review.pending.clone(),
            undo_seconds: super::review::UNDO_WINDOW.as_secs(),
            now: self.engine.now(scope),
        };
        Ok(super::model::VerificationFile { documents, timeline, reviewer_codes, review })
    }

    /// The documents of a verification.
    pub async fn documents(&self, scope: Scope, id: VerificationId) -> Result<Vec<StoredDocument>> {
        self.get(scope, id).await?;
        self.engine.core.db.read(move |conn| store::documents_of(conn, scope, id)).await
    }

    /// A reviewer's outcome of one check of a verification waiting for one. It is held for
    /// [`UNDO_WINDOW`](super::review::UNDO_WINDOW) (undo it with [`Self::undo_outcome`]) and then
    /// takes effect; the verification answered shows it under the file's `review`.
    pub async fn record_outcome(
        &self,
        scope: Scope,
        id: VerificationId,
        outcome: ReviewerOutcome,
        actor: Actor,
    ) -> Result<Verification> {
        let ReviewerOutcome { check, verified, errors: error_codes, note } = outcome;
        let note = note
            .filter(|n| !n.trim().is_empty())
            .map(|n| crate::values::multiline_text("note", &n, 2000))
            .transpose()?;
        let errors = error_codes
            .iter()
            .map(|c| {
                codes::error(*c)
                    .ok_or_else(|| Error::invalid("errors", format!("{c} is not a verification error code")))
            })
            .collect::<Result<Vec<_>>>()?;
        if !verified && errors.is_empty() {
            return Err(Error::invalid("errors", "a failed check needs at least one error code saying why"));
        }
        if verified && !errors.is_empty() {
            return Err(Error::invalid("errors", "a passed check names no error codes"));
        }
        let now = self.engine.now(scope);
        let held = PendingOutcome { check, verified, errors, note, by: actor.name(), at: now, undo_until: now };
        let r = process::hold_outcome(self.engine, scope, id, held, actor).await?;
        Ok(self.view(r))
    }

    /// Takes back a reviewer's outcome within its minute (a 409 after it: it stands).
    pub async fn undo_outcome(
        &self,
        scope: Scope,
        id: VerificationId,
        check: CheckStep,
        actor: Actor,
    ) -> Result<Verification> {
        let r = process::undo_outcome(self.engine, scope, id, check, actor).await?;
        Ok(self.view(r))
    }

    /// Keeps a reviewer's reading of the identity document, apart from Docket's (`poi_data`);
    /// on the audit chain. A new reading replaces the last; a finished verification keeps its.
    pub async fn record_reading(
        &self,
        scope: Scope,
        id: VerificationId,
        fields: ReadingFields,
        actor: Actor,
    ) -> Result<super::model::VerificationFile> {
        let fields = fields.checked()?;
        let at = self.engine.now(scope);
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut r = store::existing(conn, scope, id)?;
                if r.status != VerificationStatus::InProgress {
                    return Err(Error::Conflict(format!(
                        "the verification is `{}`: a reading is entered while it waits for a reviewer",
                        r.status.as_str()
                    )));
                }
                crate::audit::record(
                    conn,
                    scope,
                    at,
                    &actor,
                    "verification_reading_entered",
                    serde_json::json!({ "verification_id": id, "fields": fields }),
                )?;
                r.review.read(Reading { fields, by: actor.name(), at });
                store::update(conn, &r)
            })
            .await?;
        self.file(scope, id).await
    }
}

/// `sandbox_result` only in the sandbox, with a final status and codes of the documented ranges.
fn check_sandbox_result(scope: Scope, r: &SandboxResult) -> Result<()> {
    if !scope.is_sandbox() {
        return Err(Error::invalid("sandbox_result", "is only valid in the sandbox"));
    }
    if let Some(s) = r.status
        && !matches!(s, VerificationStatus::Verified | VerificationStatus::Failed)
    {
        return Err(Error::invalid(
            "sandbox_result.status",
            "must be `verified` or `failed` (the outcome after proceed)",
        ));
    }
    for (step, cs) in &r.errors {
        if let Some(bad) = cs.iter().find(|c| codes::error(**c).is_none()) {
            return Err(Error::invalid(
                format!("sandbox_result.errors.{}", step.as_str()),
                format!("{bad} is not in a documented range of verification error codes"),
            ));
        }
    }
    Ok(())
}

/// A verification as the API answers it (its GET, its list, and the `DOCVER` webhook):
/// `public_url` completes the hosted page's address.
pub(crate) fn view(r: Record, public_url: &str) -> Verification {
    Verification {
        id: r.id,
        applicant_id: r.applicant_id,
        status: r.status,
        organization_id: r.scope.organization.to_string(),
        account_id: r.account_id,
        account_email: String::new(),
        document_ids: r.documents.iter().map(|d| d.document_id).collect(),
        documents: r.documents,
        document_type: r.document_type,
        checks: r.checks,
        created_at: r.created_at,
        completed_at: r.completed_at,
        expires_at: r.expires_at,
        verification_url: format!("{}/v/{}", public_url, r.short_id),
        verification_url_id: r.short_id,
        country_code: r.country_code,
        is_sandbox: r.scope.is_sandbox(),
        profile_id: r.profile_id,
        aml_search_id: None,
        poi_data: r.poi_data,
        settings: r.settings,
        manual_fields: r.manual_fields,
        duplicated_applicant_ids: r.duplicated,
        link_id: r.link_id,
    }
}
