//! Login links, sessions, and the overview counts.

use jiff::SignedDuration;
use rand::RngExt;
use sha2::{Digest, Sha256};

use super::model::{
    ConsoleSession, Counts, LoginLink, LoginLinkId, NewReviewer, NewSession, Reviewer, ReviewerId, ReviewerName, Role,
    SessionAuth, SessionId,
};
use super::store;
use crate::Engine;
use crate::error::{Error, Result};
use crate::scope::{OrganizationId, Scope};

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
const SESSION_INVALID: &str = "the console session is not valid (it ended, expired, or never existed); open a new login link (`docket console link`)";

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

/// Console access: login links and sessions.
pub struct Console<'e> {
    pub(crate) engine: &'e Engine,
}

impl Console<'_> {
    /// Makes a one-time login link for a reviewer, valid for [`LINK_LIFETIME`]. Links and
    /// sessions past their expiry are removed on the way. A disabled reviewer gets none.
    pub async fn create_link(&self, organization: OrganizationId, reviewer: ReviewerId) -> Result<LoginLink> {
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
        self.engine
            .core
            .db
            .write(move |conn| {
                let found = store::reviewer(conn, organization, reviewer)?.ok_or(Error::not_found("reviewer"))?;
                if found.disabled_at.is_some() {
                    return Err(Error::Conflict(format!(
                        "{} is disabled: enable the account before making a sign-in link",
                        found.name.as_str()
                    )));
                }
                store::prune(conn, now)?;
                store::insert_link(conn, &stored, &hash, now)
            })
            .await?;
        Ok(link)
    }

    /// Uses a login link: opens a session for its organization and marks the link used, in one
    /// transaction. A used, expired or unknown link is `Unauthorized`.
    pub async fn redeem(&self, token: &str) -> Result<NewSession> {
        let Some(link_hash) = presented(token) else {
            return Err(Error::Unauthorized(LINK_INVALID.into()));
        };
        let now = self.engine.core.clocks.real_now();
        let secret = generate();
        let session_hash = hash(&secret);
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
                    .filter(|r| r.disabled_at.is_none())
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
                };
                store::insert_session(conn, &session, &session_hash)?;
                Ok(session)
            })
            .await?;
        Ok(NewSession { session, secret })
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

    /// Adds a reviewer account.
    pub async fn add_reviewer(&self, organization: OrganizationId, new: NewReviewer) -> Result<Reviewer> {
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
        };
        let stored = reviewer.clone();
        self.engine
            .core
            .db
            .write(move |conn| {
                if !store::organization_exists(conn, organization)? {
                    return Err(Error::not_found("organization"));
                }
                store::insert_reviewer(conn, &stored)
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
                // A reviewer may already carry the user's name: the owner then gets a plainer one.
                let taken = store::reviewer_by_name(conn, organization, name.as_str())?.is_some();
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
                };
                store::insert_reviewer(conn, &owner)?;
                Ok(owner)
            })
            .await
    }

    /// Disables a reviewer (their sessions end at once) or enables them again. The owner is
    /// never disabled: the desktop window signs in as them.
    pub async fn set_disabled(&self, organization: OrganizationId, id: ReviewerId, disabled: bool) -> Result<Reviewer> {
        let now = self.engine.core.clocks.real_now();
        self.engine
            .core
            .db
            .write(move |conn| {
                let mut reviewer = store::reviewer(conn, organization, id)?.ok_or(Error::not_found("reviewer"))?;
                if disabled && reviewer.owner {
                    return Err(Error::Conflict(
                        "the machine's owner cannot be disabled: the desktop window signs in as them".into(),
                    ));
                }
                let at = match (disabled, reviewer.disabled_at) {
                    (true, Some(since)) => Some(since),
                    (true, None) => Some(now),
                    (false, _) => None,
                };
                store::set_disabled(conn, id, at)?;
                reviewer.disabled_at = at;
                Ok(reviewer)
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
