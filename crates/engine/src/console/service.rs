//! Reviewer accounts, login links, password sign-in, sessions, and the overview counts.

use jiff::SignedDuration;
use rand::RngExt;
use sha2::{Digest, Sha256};

use serde_json::json;

use super::model::{
    ConsoleSession, Counts, LoginLink, LoginLinkId, NewPassword, NewReviewer, NewSession, Reviewer, ReviewerId,
    ReviewerName, Role, SecondFactorSetup, SessionAuth, SessionId, SessionView, SignIn, SignInFrom, SignInMethod,
};
use super::sign_in::{self, Attempter};
use super::store;
use crate::error::{Error, Result};
use crate::scope::{Environment, OrganizationId, Scope};
use crate::time::Timestamp;
use crate::{Actor, Engine};

/// How long a login link may be used (once).
pub const LINK_LIFETIME: SignedDuration = SignedDuration::from_hours(24);

/// How long a session lasts without being used; each use moves its end forward.
pub const SESSION_LIFETIME: SignedDuration = SignedDuration::from_hours(24 * 30);

/// How often a busy session's `last_seen_at` (and so its expiry) is written.
const TOUCH_INTERVAL: SignedDuration = SignedDuration::from_secs(60);

/// Random bytes in a token or secret.
const SECRET_BYTES: usize = 32;

/// Longer presented tokens are refused before hashing.
const MAX_PRESENTED: usize = 256;

const LINK_INVALID: &str =
    "this login link is not valid or has expired; make a new one with `docket console link` (links last 24 hours)";
const LINK_USED: &str =
    "this login link was already used (each link works once); make a new one with `docket console link`";
const SESSION_INVALID: &str = "the console session is not valid (it ended, expired, or never existed); sign in again, or open a new login link (`docket console link`)";
const SIGN_IN_REFUSED: &str = "the name, password or code is not right (after 5 failures the account waits 15 minutes)";

fn hash(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

/// `bytes` as unpadded base64url (RFC 4648 §5): safe in URLs and cookies as it is.
fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let at = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let n = (at(0) << 16) | (at(1) << 8) | at(2);
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// A new random token: 32 bytes, base64url (43 characters).
fn generate() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::rng().fill(&mut bytes[..]);
    base64url(&bytes)
}

/// The hash of a presented token or secret, if it could be one at all.
fn presented(text: &str) -> Option<[u8; 32]> {
    let text = text.trim();
    (!text.is_empty() && text.len() <= MAX_PRESENTED).then(|| hash(text))
}

/// Console access: reviewer accounts, sign-in and sessions.
pub struct Console<'e> {
    pub(crate) engine: &'e Engine,
}

/// Where an organization's account events (sign-ins, accounts, links) are recorded: its
/// production chain, which no sandbox reset touches.
fn accounts_chain(organization: OrganizationId) -> Scope {
    Scope::new(organization, Environment::Production)
}

fn address_text(from: &SignInFrom) -> Option<String> {
    from.address.map(|a| a.to_string())
}

fn user_agent_text(from: &SignInFrom) -> Option<String> {
    from.user_agent.as_deref().map(|ua| crate::values::shorten(&crate::values::without_invisible(ua), 200))
}

impl Console<'_> {
    /// Makes a one-time login link for a reviewer, valid for [`LINK_LIFETIME`]. Links and
    /// sessions past their expiry are removed on the way. A disabled or removed reviewer gets
    /// none.
    ///
    /// Made by an admin in the console (`by` a reviewer), a link is for someone else than
    /// themselves and the machine's owner (whose links come from the `docket` command on the
    /// machine); for a reviewer who has a password it is a reset: their password and second
    /// factor are cleared and their sessions end, so a link never lets one person act as
    /// another unnoticed. The `docket` command's links for anyone but the owner reset the same
    /// way. Every link made is on the audit chain.
    pub async fn create_link(
        &self,
        organization: OrganizationId,
        reviewer: ReviewerId,
        by: &Actor,
    ) -> Result<LoginLink> {
        let now = self.engine.core.clocks.real_now();
        let link = LoginLink {
            id: LoginLinkId::new(now),
            organization_id: organization,
            reviewer_id: reviewer,
            token: generate(),
            expires_at: now.saturating_add(LINK_LIFETIME),
        };
        let hash = hash(&link.token);
        let stored = link.clone();
        let by = by.clone();
        self.engine
            .core
            .db
            .write(move |conn| {
                let found = store::reviewer(conn, organization, reviewer)?.ok_or(Error::not_found("reviewer"))?;
                if found.removed_at.is_some() {
                    return Err(Error::Conflict(format!("{} was removed: add the reviewer anew", found.name.as_str())));
                }
                if found.disabled_at.is_some() {
                    return Err(Error::Conflict(format!(
                        "{} is disabled: enable the account before making a sign-in link",
                        found.name.as_str()
                    )));
                }
                if let Actor::Reviewer(admin) = &by {
                    if found.owner {
                        return Err(Error::Forbidden(
                            "the machine's owner signs in with links from the `docket` command on the machine, not \
                             from another reviewer"
                                .into(),
                        ));
                    }
                    if admin.id == found.id {
                        return Err(Error::Forbidden(
                            "you are signed in already: a link is for someone else (to sign in elsewhere, use your \
                             password and second factor)"
                                .into(),
                        ));
                    }
                }
                let reset = !found.owner && (found.has_password || found.has_second_factor);
                if reset {
                    store::set_credentials(conn, found.id, &store::Credentials::default())?;
                    store::end_all(conn, found.id)?;
                }
                store::prune(conn, now)?;
                store::insert_link(conn, &stored, &hash, now)?;
                crate::audit::record(
                    conn,
                    accounts_chain(organization),
                    now,
                    &by,
                    "sign_in_link_made",
                    json!({
                        "reviewer_id": found.id, "reviewer": found.name.as_str(), "expires_at": stored.expires_at,
                        "reset": reset,
                    }),
                )
            })
            .await?;
        Ok(link)
    }

    /// Uses a login link: opens a session for its organization and marks the link used, in one
    /// transaction, on the audit chain. A used, expired or unknown link is `Unauthorized`.
    pub async fn redeem(&self, token: &str, from: &SignInFrom) -> Result<NewSession> {
        let Some(link_hash) = presented(token) else {
            return Err(Error::Unauthorized(LINK_INVALID.into()));
        };
        let now = self.engine.core.clocks.real_now();
        let secret = generate();
        let session_hash = hash(&secret);
        let (address, user_agent) = (address_text(from), user_agent_text(from));
        let session = self
            .engine
            .core
            .db
            .write(move |conn| {
                let link = store::link_by_hash(conn, &link_hash)?.ok_or(Error::Unauthorized(LINK_INVALID.into()))?;
                if link.used_at.is_some() {
                    return Err(Error::Unauthorized(LINK_USED.into()));
                }
                if link.expires_at <= now {
                    return Err(Error::Unauthorized(LINK_INVALID.into()));
                }
                let reviewer = link
                    .reviewer_id
                    .map(|id| store::reviewer(conn, link.organization_id, id))
                    .transpose()?
                    .flatten()
                    .filter(Reviewer::active)
                    .ok_or(Error::Unauthorized(LINK_INVALID.into()))?;
                if !store::use_link(conn, link.id, now)? {
                    return Err(Error::Unauthorized(LINK_USED.into()));
                }
                let session = ConsoleSession {
                    id: SessionId::new(now),
                    organization_id: link.organization_id,
                    reviewer_id: reviewer.id,
                    created_at: now,
                    last_seen_at: now,
                    expires_at: now.saturating_add(SESSION_LIFETIME),
                    method: SignInMethod::Link,
                    address,
                    user_agent,
                };
                store::insert_session(conn, &session, &session_hash)?;
                signed_in(conn, &reviewer, &session, now)?;
                Ok(session)
            })
            .await?;
        Ok(NewSession { session, secret })
    }

    /// Signs a reviewer in with their password and a code of their second factor. Failures are
    /// counted per account and per address (after 5 for an account, or 20 for an address, within
    /// 15 minutes, every attempt is refused with 429 for 15 minutes) and each one is on the
    /// organization's audit chain. A wrong name, password or code all answer the same.
    pub async fn sign_in(&self, input: SignIn, from: &SignInFrom) -> Result<NewSession> {
        let now = self.engine.core.clocks.real_now();
        let organization =
            self.engine.organizations().find(input.organization.as_deref()).await.map_err(|e| match e {
                Error::NotFound { .. } => Error::Unauthorized(SIGN_IN_REFUSED.into()),
                other => other,
            })?;
        let name = crate::values::shorten(input.name.trim(), ReviewerName::MAX_CHARS);
        let account = Attempter::Account(organization.id, name.to_lowercase());
        let mut who = vec![account.clone()];
        who.extend(from.address.map(Attempter::Address));
        let state = &self.engine.core.console;
        if let Err(locked) = state.check(&who, now) {
            self.record_failure(organization.id, &name, "locked", from, now).await?;
            return Err(locked);
        }
        let found = {
            let name = name.clone();
            self.engine
                .core
                .db
                .read(move |conn| {
                    let Some(r) = store::reviewer_by_name(conn, organization.id, &name)? else { return Ok(None) };
                    let credentials = store::credentials(conn, r.id)?;
                    Ok(Some((r, credentials)))
                })
                .await?
        };
        // The password is checked even for an unknown name (against a decoy), so that the time
        // an answer takes does not tell which names exist.
        let password = input.password.clone();
        let phc = found.as_ref().and_then(|(_, c)| c.password_hash.clone());
        let password_ok = tokio::task::spawn_blocking(move || {
            sign_in::password_matches(&password, phc.as_deref().unwrap_or(sign_in::decoy_hash())) && phc.is_some()
        })
        .await
        .unwrap_or(false);
        let why = match &found {
            None => Some("unknown_name"),
            Some((r, _)) if !r.active() => Some("account_disabled"),
            Some(_) if !password_ok => Some("wrong_password"),
            Some((_, c)) if c.totp_secret.is_none() => Some("no_second_factor"),
            _ => None,
        };
        let step = match (why, &found) {
            (None, Some((r, c))) => {
                let secret = self.open_totp(r.id, c.totp_secret.as_deref().unwrap_or_default())?;
                sign_in::code_step(&secret, &input.code, now, c.totp_last_step)
            }
            _ => None,
        };
        let (Some(step), Some((reviewer, _))) = (step, found) else {
            state.fail(&who, now);
            self.record_failure(organization.id, &name, why.unwrap_or("wrong_code"), from, now).await?;
            return Err(Error::Unauthorized(SIGN_IN_REFUSED.into()));
        };
        state.succeed(&account);
        let secret = generate();
        let session_hash = hash(&secret);
        let (address, user_agent) = (address_text(from), user_agent_text(from));
        let session = self
            .engine
            .core
            .db
            .write(move |conn| {
                // The step is taken in the write, so two sign-ins with one code cannot both pass.
                let mut credentials = store::credentials(conn, reviewer.id)?;
                if credentials.totp_last_step.is_some_and(|last| step <= last) {
                    return Err(Error::Unauthorized(SIGN_IN_REFUSED.into()));
                }
                credentials.totp_last_step = Some(step);
                store::set_credentials(conn, reviewer.id, &credentials)?;
                let session = ConsoleSession {
                    id: SessionId::new(now),
                    organization_id: reviewer.organization_id,
                    reviewer_id: reviewer.id,
                    created_at: now,
                    last_seen_at: now,
                    expires_at: now.saturating_add(SESSION_LIFETIME),
                    method: SignInMethod::Password,
                    address,
                    user_agent,
                };
                store::prune(conn, now)?;
                store::insert_session(conn, &session, &session_hash)?;
                signed_in(conn, &reviewer, &session, now)?;
                Ok(session)
            })
            .await?;
        Ok(NewSession { session, secret })
    }

    async fn record_failure(
        &self,
        organization: OrganizationId,
        name: &str,
        why: &'static str,
        from: &SignInFrom,
        now: Timestamp,
    ) -> Result<()> {
        let data = json!({ "name": name, "reason": why, "address": address_text(from) });
        self.engine
            .core
            .db
            .write(move |conn| {
                crate::audit::record(conn, accounts_chain(organization), now, &Actor::Person, "sign_in_failed", data)
            })
            .await
    }

    fn open_totp(&self, reviewer: ReviewerId, sealed: &[u8]) -> Result<Vec<u8>> {
        self.engine.core.webhooks.master_key()?.open(sealed, reviewer.as_uuid().as_bytes())
    }

    fn seal_totp(&self, reviewer: ReviewerId, secret: &[u8]) -> Result<Vec<u8>> {
        self.engine.core.webhooks.master_key()?.seal(secret, reviewer.as_uuid().as_bytes())
    }

    /// Sets the signed-in reviewer's password (with the one in use, when there is one).
    pub async fn set_password(&self, reviewer: &Reviewer, input: NewPassword) -> Result<()> {
        sign_in::check_password(&input.password, reviewer.name.as_str())?;
        let id = reviewer.id;
        let current = self.engine.core.db.read(move |conn| store::credentials(conn, id)).await?;
        if let Some(phc) = current.password_hash.clone() {
            let given = input.current_password.clone().unwrap_or_default();
            let ok =
                tokio::task::spawn_blocking(move || sign_in::password_matches(&given, &phc)).await.unwrap_or(false);
            if !ok {
                return Err(Error::invalid("current_password", "is not your password"));
            }
        }
        let password = input.password;
        let phc = tokio::task::spawn_blocking(move || sign_in::hash_password(&password))
            .await
            .map_err(|e| Error::Storage(format!("hashing stopped: {e}")))??;
        let (now, actor, org) = (self.engine.real_now(), Actor::Reviewer(reviewer.clone()), reviewer.organization_id);
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut c = store::credentials(conn, id)?;
                c.password_hash = Some(phc);
                store::set_credentials(conn, id, &c)?;
                crate::audit::record(
                    conn,
                    accounts_chain(org),
                    now,
                    &actor,
                    "password_set",
                    json!({ "reviewer_id": id }),
                )
            })
            .await
    }

    /// Starts setting up the signed-in reviewer's authenticator: a new secret, kept aside until
    /// a code it makes confirms it. Replacing one in use takes a code of the current one.
    pub async fn start_second_factor(
        &self,
        reviewer: &Reviewer,
        current_code: Option<&str>,
    ) -> Result<SecondFactorSetup> {
        let id = reviewer.id;
        let now = self.engine.real_now();
        let current = self.engine.core.db.read(move |conn| store::credentials(conn, id)).await?;
        if let Some(sealed) = &current.totp_secret {
            let secret = self.open_totp(id, sealed)?;
            if sign_in::code_step(&secret, current_code.unwrap_or_default(), now, current.totp_last_step).is_none() {
                return Err(Error::invalid(
                    "current_code",
                    "a code of the authenticator in use is needed to replace it",
                ));
            }
        }
        let secret = sign_in::new_totp_secret();
        let (base32, uri) = sign_in::totp_setup(&secret, reviewer.name.as_str())?;
        let pending = self.seal_totp(id, &secret)?;
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut c = store::credentials(conn, id)?;
                c.totp_pending = Some(pending);
                store::set_credentials(conn, id, &c)
            })
            .await?;
        Ok(SecondFactorSetup { secret: base32, otpauth_uri: uri })
    }

    /// Confirms the authenticator being set up with a code it makes; it then replaces any other.
    pub async fn confirm_second_factor(&self, reviewer: &Reviewer, code: &str) -> Result<Reviewer> {
        let id = reviewer.id;
        let now = self.engine.real_now();
        let current = self.engine.core.db.read(move |conn| store::credentials(conn, id)).await?;
        let Some(pending) = current.totp_pending.clone() else {
            return Err(Error::Conflict(
                "no authenticator is being set up: start with POST /_docket/me/second-factor".into(),
            ));
        };
        let secret = self.open_totp(id, &pending)?;
        let Some(step) = sign_in::code_step(&secret, code, now, None) else {
            return Err(Error::invalid("code", "is not the authenticator's code for now (check the phone's clock)"));
        };
        let (actor, org) = (Actor::Reviewer(reviewer.clone()), reviewer.organization_id);
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut c = store::credentials(conn, id)?;
                c.totp_secret = c.totp_pending.take();
                c.totp_last_step = Some(step);
                store::set_credentials(conn, id, &c)?;
                crate::audit::record(
                    conn,
                    accounts_chain(org),
                    now,
                    &actor,
                    "second_factor_set",
                    json!({ "reviewer_id": id }),
                )?;
                store::reviewer(conn, org, id)?.ok_or(Error::not_found("reviewer"))
            })
            .await
    }

    /// Checks a session secret (from the cookie) and says which organization it acts for. Use
    /// moves the session's expiry forward (written at most once a minute). The secret is looked
    /// up by its SHA-256 hash, so its bytes are never compared.
    pub async fn authenticate(&self, secret: &str) -> Result<SessionAuth> {
        let Some(hash) = presented(secret) else {
            return Err(Error::Unauthorized(SESSION_INVALID.into()));
        };
        let now = self.engine.core.clocks.real_now();
        let session = self
            .engine
            .core
            .db
            .read(move |conn| store::session_by_hash(conn, &hash))
            .await?
            .filter(|(s, _)| s.expires_at > now)
            .ok_or(Error::Unauthorized(SESSION_INVALID.into()))?;
        let (session, reviewer) = session;
        let renewed = now.as_millis() - session.last_seen_at.as_millis() >= TOUCH_INTERVAL.as_millis() as i64;
        if renewed {
            let (id, expires_at) = (session.id, now.saturating_add(SESSION_LIFETIME));
            self.engine.core.db.write(move |conn| store::touch_session(conn, id, now, expires_at)).await?;
        }
        Ok(SessionAuth { session_id: session.id, organization: session.organization_id, reviewer, renewed })
    }

    /// Ends the session with this secret; false when there was none.
    pub async fn end(&self, secret: &str) -> Result<bool> {
        let Some(hash) = presented(secret) else { return Ok(false) };
        self.engine.core.db.write(move |conn| store::delete_session(conn, &hash)).await
    }

    /// The organization's live sessions (one reviewer's, when given), newest use first; `current`
    /// marks the session asking.
    pub async fn sessions(
        &self,
        organization: OrganizationId,
        reviewer: Option<ReviewerId>,
        current: SessionId,
    ) -> Result<Vec<SessionView>> {
        let now = self.engine.real_now();
        let rows = self.engine.core.db.read(move |conn| store::sessions(conn, organization, reviewer, now)).await?;
        Ok(rows
            .into_iter()
            .map(|(s, r)| SessionView {
                current: s.id == current,
                id: s.id,
                reviewer: r.reference(),
                created_at: s.created_at,
                last_seen_at: s.last_seen_at,
                expires_at: s.expires_at,
                method: s.method,
                address: s.address,
                user_agent: s.user_agent,
            })
            .collect())
    }

    /// Ends a session: `own` limits it to one reviewer's (a reviewer ending their own), else any
    /// of the organization's (an admin). On the audit chain.
    pub async fn end_session(
        &self,
        organization: OrganizationId,
        id: SessionId,
        own: Option<ReviewerId>,
        by: &Actor,
    ) -> Result<()> {
        let (now, by) = (self.engine.real_now(), by.clone());
        self.engine
            .core
            .db
            .write(move |conn| {
                if !store::end_session(conn, organization, id, own)? {
                    return Err(Error::not_found("session"));
                }
                crate::audit::record(
                    conn,
                    accounts_chain(organization),
                    now,
                    &by,
                    "session_ended",
                    json!({ "session_id": id }),
                )
            })
            .await
    }

    /// The organization's reviewers: the owner first, then by name.
    pub async fn reviewers(&self, organization: OrganizationId) -> Result<Vec<Reviewer>> {
        self.engine.core.db.read(move |conn| store::reviewers(conn, organization)).await
    }

    pub async fn reviewer(&self, organization: OrganizationId, id: ReviewerId) -> Result<Reviewer> {
        self.engine
            .core
            .db
            .read(move |conn| store::reviewer(conn, organization, id))
            .await?
            .ok_or(Error::not_found("reviewer"))
    }

    /// A reviewer by id or by name (any letter case).
    pub async fn find_reviewer(&self, organization: OrganizationId, id_or_name: &str) -> Result<Reviewer> {
        let text = id_or_name.to_owned();
        self.engine
            .core
            .db
            .read(move |conn| match text.parse::<ReviewerId>() {
                Ok(id) => store::reviewer(conn, organization, id),
                Err(_) => store::reviewer_by_name(conn, organization, &text),
            })
            .await?
            .ok_or(Error::not_found("reviewer"))
    }

    /// Adds a reviewer account, on the audit chain. A name that looks like another reviewer's is
    /// refused (409), whatever its letters.
    pub async fn add_reviewer(&self, organization: OrganizationId, new: NewReviewer, by: &Actor) -> Result<Reviewer> {
        let name = ReviewerName::parse(&new.name)?;
        let email =
            new.email.filter(|e| !e.trim().is_empty()).map(|e| crate::values::text("email", &e, 254)).transpose()?;
        if email.as_deref().is_some_and(|e| !e.contains('@')) {
            return Err(Error::invalid("email", "must be an e-mail address"));
        }
        let now = self.engine.core.clocks.real_now();
        let reviewer = Reviewer {
            id: ReviewerId::new(now),
            organization_id: organization,
            name,
            email,
            role: new.role,
            owner: false,
            created_at: now,
            disabled_at: None,
            removed_at: None,
            has_password: false,
            has_second_factor: false,
        };
        let stored = reviewer.clone();
        let by = by.clone();
        self.engine
            .core
            .db
            .write(move |conn| {
                if !store::organization_exists(conn, organization)? {
                    return Err(Error::not_found("organization"));
                }
                store::insert_reviewer(conn, &stored)?;
                crate::audit::record(
                    conn,
                    accounts_chain(organization),
                    now,
                    &by,
                    "reviewer_added",
                    json!({ "reviewer_id": stored.id, "reviewer": stored.name.as_str(), "role": stored.role.as_str() }),
                )
            })
            .await?;
        Ok(reviewer)
    }

    /// The machine's owner of the organization (an admin), made on first use, named after the
    /// operating system's user.
    pub async fn owner(&self, organization: OrganizationId) -> Result<Reviewer> {
        let now = self.engine.core.clocks.real_now();
        let name = owner_name();
        self.engine
            .core
            .db
            .write(move |conn| {
                if let Some(owner) = store::owner(conn, organization)? {
                    return Ok(owner);
                }
                // A reviewer may already carry the user's name (or one like it): the owner then
                // gets a plainer one.
                let skeleton = name.skeleton();
                let taken = store::reviewers(conn, organization)?.iter().any(|r| r.name.skeleton() == skeleton);
                let name = if taken { ReviewerName::parse("Owner")? } else { name };
                let owner = Reviewer {
                    id: ReviewerId::new(now),
                    organization_id: organization,
                    name,
                    email: None,
                    role: Role::Admin,
                    owner: true,
                    created_at: now,
                    disabled_at: None,
                    removed_at: None,
                    has_password: false,
                    has_second_factor: false,
                };
                store::insert_reviewer(conn, &owner)?;
                Ok(owner)
            })
            .await
    }

    /// Changes a reviewer in one transaction with its audit event, after the rules every change
    /// of an account keeps: it exists and is not removed; the machine's owner is never changed;
    /// an admin does not change themselves (another admin does).
    async fn change_reviewer<F>(
        &self,
        organization: OrganizationId,
        id: ReviewerId,
        by: &Actor,
        kind: &'static str,
        change: F,
    ) -> Result<Reviewer>
    where
        F: FnOnce(&rusqlite::Connection, &Reviewer, Timestamp) -> Result<serde_json::Value> + Send + 'static,
    {
        let (now, by) = (self.engine.core.clocks.real_now(), by.clone());
        self.engine
            .core
            .db
            .write(move |conn| {
                let found = store::reviewer(conn, organization, id)?.ok_or(Error::not_found("reviewer"))?;
                if found.removed_at.is_some() {
                    return Err(Error::Conflict(format!("{} was removed", found.name.as_str())));
                }
                if found.owner {
                    return Err(Error::Conflict(
                        "the machine's owner is not changed here: the desktop window and `docket serve` sign in as \
                         them"
                            .into(),
                    ));
                }
                if by.reviewer().is_some_and(|r| r.id == found.id) {
                    return Err(Error::Forbidden("another admin changes your own account".into()));
                }
                let mut data = change(conn, &found, now)?;
                if let Some(map) = data.as_object_mut() {
                    map.insert("reviewer_id".into(), json!(found.id));
                    map.insert("reviewer".into(), json!(found.name.as_str()));
                }
                crate::audit::record(conn, accounts_chain(organization), now, &by, kind, data)?;
                store::reviewer(conn, organization, id)?.ok_or(Error::not_found("reviewer"))
            })
            .await
    }

    /// Disables a reviewer (their sessions end at once) or enables them again.
    pub async fn set_disabled(
        &self,
        organization: OrganizationId,
        id: ReviewerId,
        disabled: bool,
        by: &Actor,
    ) -> Result<Reviewer> {
        let kind = if disabled { "reviewer_disabled" } else { "reviewer_enabled" };
        self.change_reviewer(organization, id, by, kind, move |conn, found, now| {
            let at = match (disabled, found.disabled_at) {
                (true, Some(since)) => Some(since),
                (true, None) => Some(now),
                (false, _) => None,
            };
            store::set_disabled(conn, id, at)?;
            Ok(json!({}))
        })
        .await
    }

    /// Removes a reviewer: they cannot sign in again, their sessions end, their credentials go;
    /// what they did keeps their name.
    pub async fn remove(&self, organization: OrganizationId, id: ReviewerId, by: &Actor) -> Result<Reviewer> {
        self.change_reviewer(organization, id, by, "reviewer_removed", move |conn, _, now| {
            store::remove(conn, id, now)?;
            Ok(json!({}))
        })
        .await
    }

    /// Changes a reviewer's role; their sessions take it at their next request.
    pub async fn set_role(
        &self,
        organization: OrganizationId,
        id: ReviewerId,
        role: Role,
        by: &Actor,
    ) -> Result<Reviewer> {
        self.change_reviewer(organization, id, by, "reviewer_role_changed", move |conn, found, _| {
            store::set_role(conn, id, role)?;
            Ok(json!({ "before": found.role.as_str(), "after": role.as_str() }))
        })
        .await
    }

    /// What the environment holds, for the overview: each count declared by a domain, over
    /// indexed columns. Requests still queued for the journal are stored first.
    pub async fn counts(&self, scope: Scope) -> Result<Counts> {
        self.engine.journal().flush().await;
        let counts = self.engine.core.db.read(move |conn| crate::domains::counts(conn, scope)).await?;
        Ok(Counts(counts.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()))
    }
}

/// Records a sign-in on the organization's chain.
fn signed_in(conn: &rusqlite::Connection, reviewer: &Reviewer, session: &ConsoleSession, now: Timestamp) -> Result<()> {
    crate::audit::record(
        conn,
        accounts_chain(reviewer.organization_id),
        now,
        &Actor::Reviewer(reviewer.clone()),
        "signed_in",
        json!({ "session_id": session.id, "method": session.method.as_str(), "address": session.address }),
    )
}

/// The operating system's user name, else `Owner`.
fn owner_name() -> ReviewerName {
    ["USER", "USERNAME", "LOGNAME"]
        .into_iter()
        .filter_map(|v| std::env::var(v).ok())
        .find_map(|name| ReviewerName::parse(&name).ok())
        .unwrap_or_else(|| ReviewerName("Owner".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_follows_rfc_4648() {
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(b"foob"), "Zm9vYg");
        assert_eq!(base64url(&[0xfb, 0xff, 0xbf]), "-_-_");
    }

    #[test]
    fn tokens_are_32_random_bytes_and_stored_as_hashes() {
        let (a, b) = (generate(), generate());
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'), "{a}");
        assert_eq!(presented(&format!(" {a} ")), Some(hash(&a)), "surrounding blanks are ignored");
        assert_ne!(hash(&a), hash(&b));
        assert_eq!(presented(""), None);
        assert_eq!(presented(&"x".repeat(MAX_PRESENTED + 1)), None);
    }
}
