//! Organizations, keys and authentication.

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};

use rand::RngExt;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::model::{ApiKey, ApiKeyId, Authenticated, CreatedKey, FirstRun, Organization};
use super::settings::{self, OrganizationSettings, OrganizationSettingsChange};
use super::store::{self, StoredKey};
use crate::error::{Error, Result};
use crate::scope::{Environment, OrganizationId, Scope};
use crate::time::Timestamp;
use crate::values::{shorten, text};
use crate::{Actor, Engine};

/// The audit event of a change to an organization's settings.
const SETTINGS_CHANGED: &str = "organization_settings_changed";

/// The name of the organization the first start creates.
pub const DEFAULT_ORGANIZATION: &str = "Default organization";

/// How long a looked-up key is trusted before it is read again, so that a revocation made by
/// another process (`docket keys revoke` while `docket serve` runs) takes effect within seconds.
const CACHE_TTL: Duration = Duration::from_secs(5);

/// The longest key name, in characters.
pub const KEY_NAME_MAX: usize = 80;

/// How often `last_used_at` is written for a busy key.
const TOUCH_INTERVAL_MS: i64 = 60_000;

fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// The environment variable that pins a default-organization key.
pub fn pin_variable(environment: Environment) -> &'static str {
    match environment {
        Environment::Sandbox => "DOCKET_SANDBOX_API_KEY",
        Environment::Production => "DOCKET_PRODUCTION_API_KEY",
    }
}

fn generate_secret(environment: Environment) -> String {
    let body: String = rand::rng().sample_iter(rand::distr::Alphanumeric).take(32).map(char::from).collect();
    format!("dk_{}_{body}", environment.as_str())
}

fn hint(secret: &str) -> String {
    let chars: Vec<char> = secret.chars().collect();
    if chars.len() <= 8 {
        return "…".into();
    }
    let head: String = match secret.rfind('_') {
        Some(i) if i < 16 => secret[..=i].to_owned(),
        _ => chars[..3].iter().collect(),
    };
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{head}…{tail}")
}

/// Recently used keys, by the first 8 bytes of their hash.
pub struct KeyCache {
    entries: RwLock<HashMap<[u8; 8], Cached>>,
    /// Failed keys per source address, for the throttle.
    failures: std::sync::Mutex<HashMap<std::net::IpAddr, Failures>>,
    /// Failed keys an address may present within [`FAILURE_WINDOW`].
    failure_limit: u32,
}

impl Default for KeyCache {
    fn default() -> Self {
        Self::new(FAILED_KEYS_PER_MINUTE)
    }
}

/// Most lookups the cache holds (a flood of random keys never grows it past this).
const MAX_CACHED: usize = 4096;

/// Failed keys an address may present within [`FAILURE_WINDOW`] by default; past them its
/// unknown keys wait out the window (429 with `Retry-After`), refused without a lookup.
pub const FAILED_KEYS_PER_MINUTE: u32 = 100;
const FAILURE_WINDOW: Duration = Duration::from_secs(60);
/// Most addresses whose failures are counted.
const MAX_FAILING_ADDRESSES: usize = 10_000;

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    since: Instant,
}

struct Cached {
    fetched: Instant,
    keys: Vec<StoredKey>,
}

impl KeyCache {
    pub fn new(failure_limit: u32) -> Self {
        Self { entries: RwLock::default(), failures: std::sync::Mutex::default(), failure_limit: failure_limit.max(1) }
    }

    fn get(&self, lookup: [u8; 8]) -> Option<Vec<StoredKey>> {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        entries.get(&lookup).filter(|c| c.fetched.elapsed() < CACHE_TTL).map(|c| c.keys.clone())
    }

    fn put(&self, lookup: [u8; 8], keys: Vec<StoredKey>) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= MAX_CACHED {
            entries.retain(|_, c| c.fetched.elapsed() < CACHE_TTL);
            if entries.len() >= MAX_CACHED {
                // Unknown keys go first; a full cache of known ones starts again.
                entries.retain(|_, c| !c.keys.is_empty());
                if entries.len() >= MAX_CACHED {
                    entries.clear();
                }
            }
        }
        entries.insert(lookup, Cached { fetched: Instant::now(), keys });
    }

    /// Whether `hash` is a key this cache found once, however long ago (while it is still
    /// held): only such a key is looked up again for an address over its failures.
    fn knew(&self, lookup: [u8; 8], hash: &[u8; 32]) -> bool {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        entries.get(&lookup).is_some_and(|c| c.keys.iter().any(|k| bool::from(k.hash.ct_eq(hash))))
    }

    fn len(&self) -> usize {
        self.entries.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Refuses an address that presented too many failed keys lately.
    fn check(&self, from: Option<std::net::IpAddr>) -> Result<()> {
        let Some(address) = from else { return Ok(()) };
        let failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        match failures.get(&address) {
            Some(f) if f.count >= self.failure_limit && f.since.elapsed() < FAILURE_WINDOW => Err(Error::TooMany {
                message: format!(
                    "too many invalid API keys from {address}: keys this server has not accepted before are \
                     not checked for this address for a while"
                ),
                retry_after_seconds: (FAILURE_WINDOW - f.since.elapsed()).as_secs().max(1),
            }),
            _ => Ok(()),
        }
    }

    fn fail(&self, from: Option<std::net::IpAddr>) {
        let Some(address) = from else { return };
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if failures.len() >= MAX_FAILING_ADDRESSES && !failures.contains_key(&address) {
            failures.retain(|_, f| f.since.elapsed() < FAILURE_WINDOW);
            if failures.len() >= MAX_FAILING_ADDRESSES {
                failures.clear();
            }
        }
        let f = failures.entry(address).or_insert(Failures { count: 0, since: Instant::now() });
        if f.since.elapsed() >= FAILURE_WINDOW {
            *f = Failures { count: 0, since: Instant::now() };
        }
        f.count = f.count.saturating_add(1);
    }

    fn note_used(&self, lookup: [u8; 8], id: ApiKeyId, at: Timestamp) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if let Some(cached) = entries.get_mut(&lookup) {
            for k in cached.keys.iter_mut().filter(|k| k.key.id == id) {
                k.key.last_used_at = Some(at);
            }
        }
    }

    fn clear(&self) {
        self.entries.write().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

/// Organizations: the tenants.
pub struct Organizations<'e> {
    pub(crate) engine: &'e Engine,
}

impl Organizations<'_> {
    /// Makes sure the default organization exists, with a key per environment. On a new data
    /// directory it creates them and returns the generated keys, which are shown only then.
    /// Keys given in `pinned` (from `DOCKET_SANDBOX_API_KEY` / `DOCKET_PRODUCTION_API_KEY`) are
    /// made keys of the default organization instead of generated ones.
    pub async fn bootstrap(&self, pinned: &[(Environment, String)]) -> Result<Option<FirstRun>> {
        for (env, secret) in pinned {
            check_pinned(*env, secret)?;
        }
        if let [(_, a), (_, b)] = pinned
            && a == b
        {
            return Err(Error::invalid_request("the sandbox and production keys must differ"));
        }
        let now = self.engine.core.clocks.real_now();
        let pinned = pinned.to_vec();
        let first_run = self
            .engine
            .core
            .db
            .write(move |conn| {
                let (organization, first_run) = match store::default_organization(conn)? {
                    Some(org) => (org, false),
                    None => {
                        let org = Organization {
                            id: OrganizationId::new(now),
                            name: DEFAULT_ORGANIZATION.into(),
                            is_default: true,
                            created_at: now,
                        };
                        store::insert_organization(conn, &org)?;
                        (org, true)
                    }
                };
                for (env, secret) in &pinned {
                    pin(conn, organization.id, *env, secret, now)?;
                }
                if !first_run {
                    return Ok(None);
                }
                let mut keys = Vec::new();
                for env in Environment::ALL {
                    if pinned.iter().any(|(e, _)| *e == env) {
                        continue;
                    }
                    let name = format!("{} key", capitalised(env));
                    keys.push(insert_new_key(conn, organization.id, env, name, now)?);
                }
                Ok(Some(FirstRun { organization, keys }))
            })
            .await?;
        self.engine.core.keys.clear();
        Ok(first_run)
    }

    pub async fn create(&self, name: &str) -> Result<Organization> {
        let name = text("name", name, 120)?;
        let now = self.engine.core.clocks.real_now();
        self.engine
            .core
            .db
            .write(move |conn| {
                if store::organization_by_name(conn, &name)?.is_some() {
                    return Err(Error::Conflict(format!("an organization named `{name}` already exists")));
                }
                let org = Organization { id: OrganizationId::new(now), name, is_default: false, created_at: now };
                store::insert_organization(conn, &org)?;
                Ok(org)
            })
            .await
    }

    pub async fn list(&self) -> Result<Vec<Organization>> {
        self.engine.core.db.read(store::list_organizations).await
    }

    pub async fn get(&self, id: OrganizationId) -> Result<Organization> {
        self.engine
            .core
            .db
            .read(move |conn| store::organization_by_id(conn, id)?.ok_or(Error::not_found("organization")))
            .await
    }

    /// The organization's own settings.
    pub async fn settings(&self, organization: OrganizationId) -> Result<OrganizationSettings> {
        self.engine.core.db.read(move |conn| read_settings(conn, organization)).await
    }

    /// Replaces the organization's settings (a field left out takes its default). Each change
    /// is an event on the organization's production audit chain, with who made it and the
    /// settings before and after.
    pub async fn set_settings(
        &self,
        organization: OrganizationId,
        change: OrganizationSettingsChange,
        actor: &Actor,
    ) -> Result<OrganizationSettings> {
        let after = change.settings()?;
        let chain = Scope::new(organization, Environment::Production);
        let (at, actor) = (self.engine.now(chain), actor.clone());
        self.engine
            .core
            .db
            .write(move |conn| {
                let before = read_settings(conn, organization)?;
                store::set_settings(
                    conn,
                    organization,
                    &serde_json::to_string(&after.frame_origins)?,
                    &serde_json::to_string(&after.widget)?,
                )?;
                crate::audit::record(
                    conn,
                    chain,
                    at,
                    &actor,
                    SETTINGS_CHANGED,
                    serde_json::json!({ "before": before, "after": after }),
                )?;
                Ok(after)
            })
            .await
    }

    /// Finds an organization by id or exact name; `None` means the default organization.
    pub async fn find(&self, name_or_id: Option<&str>) -> Result<Organization> {
        let wanted = name_or_id.map(str::to_owned);
        self.engine
            .core
            .db
            .read(move |conn| {
                let found = match &wanted {
                    None => store::default_organization(conn)?,
                    Some(w) => match w.parse::<OrganizationId>() {
                        Ok(id) => store::organization_by_id(conn, id)?,
                        Err(_) => store::organization_by_name(conn, w)?,
                    },
                };
                found.ok_or_else(|| match &wanted {
                    None => Error::Conflict("there is no default organization yet: start `docket serve` once".into()),
                    Some(w) => Error::invalid("organization", format!("no organization `{}`", shorten(w, 80))),
                })
            })
            .await
    }
}

fn capitalised(env: Environment) -> &'static str {
    match env {
        Environment::Sandbox => "Sandbox",
        Environment::Production => "Production",
    }
}

fn check_pinned(env: Environment, secret: &str) -> Result<()> {
    let var = pin_variable(env);
    if secret.len() < 8 || secret.len() > 256 {
        return Err(Error::invalid(var, "must be 8 to 256 characters long"));
    }
    if !secret.chars().all(|c| c.is_ascii_graphic()) {
        return Err(Error::invalid(var, "must be printable ASCII without spaces"));
    }
    Ok(())
}

/// Makes `secret` an active key of `organization` in `env`, replacing an earlier pinned one.
fn pin(
    conn: &rusqlite::Connection,
    organization: OrganizationId,
    env: Environment,
    secret: &str,
    now: Timestamp,
) -> Result<()> {
    let var = pin_variable(env);
    let hash = hash(secret);
    if let Some(existing) = store::key_by_hash(conn, &hash)? {
        if existing.organization_id != organization || existing.environment != env {
            return Err(Error::Conflict(format!(
                "{var} is already the key of another organization or environment; choose another value"
            )));
        }
        if existing.revoked_at.is_some() {
            return Err(Error::Conflict(format!("{var} names a revoked key; choose another value")));
        }
        return Ok(());
    }
    store::revoke_pinned(conn, organization, env, var, now)?;
    let key = ApiKey {
        id: ApiKeyId::new(now),
        organization_id: organization,
        environment: env,
        name: format!("Pinned by {var}"),
        hint: hint(secret),
        pinned_from: Some(var.to_owned()),
        created_at: now,
        last_used_at: None,
        revoked_at: None,
    };
    store::insert_key(conn, &key, &hash)
}

fn insert_new_key(
    conn: &rusqlite::Connection,
    organization: OrganizationId,
    environment: Environment,
    name: String,
    now: Timestamp,
) -> Result<CreatedKey> {
    let secret = generate_secret(environment);
    let key = ApiKey {
        id: ApiKeyId::new(now),
        organization_id: organization,
        environment,
        name,
        hint: hint(&secret),
        pinned_from: None,
        created_at: now,
        last_used_at: None,
        revoked_at: None,
    };
    store::insert_key(conn, &key, &hash(&secret))?;
    Ok(CreatedKey { key, secret })
}

/// API keys.
/// Where a key is looked for: the database too, or (for an address over its failures) only
/// among the keys this server has found before (a guess never reaches the database).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lookup {
    Database,
    MemoryOnly,
}

/// The organization's settings as stored.
fn read_settings(conn: &rusqlite::Connection, organization: OrganizationId) -> Result<OrganizationSettings> {
    let (origins, widget) = store::settings(conn, organization)?;
    Ok(OrganizationSettings {
        frame_origins: settings::stored_origins(&origins),
        widget: super::widget::stored(&widget),
    })
}

pub struct Keys<'e> {
    pub(crate) engine: &'e Engine,
}

impl Keys<'_> {
    pub async fn create(
        &self,
        organization: OrganizationId,
        environment: Environment,
        name: &str,
    ) -> Result<CreatedKey> {
        let name = text("name", name, KEY_NAME_MAX)?;
        let now = self.engine.core.clocks.real_now();
        self.engine
            .core
            .db
            .write(move |conn| {
                if store::organization_by_id(conn, organization)?.is_none() {
                    return Err(Error::not_found("organization"));
                }
                insert_new_key(conn, organization, environment, name, now)
            })
            .await
    }

    /// Keys of one organization, or of all.
    pub async fn list(&self, organization: Option<OrganizationId>) -> Result<Vec<ApiKey>> {
        self.engine.core.db.read(move |conn| store::list_keys(conn, organization)).await
    }

    /// Keys of one organization's one environment, revoked ones too, oldest first.
    pub async fn list_in(&self, scope: Scope) -> Result<Vec<ApiKey>> {
        let keys = self.list(Some(scope.organization)).await?;
        Ok(keys.into_iter().filter(|k| k.environment == scope.environment).collect())
    }

    /// Revokes a key of `scope` at once. Another scope's key is not found; a key revoked
    /// before is a conflict.
    pub async fn revoke_in(&self, scope: Scope, id: ApiKeyId) -> Result<ApiKey> {
        let now = self.engine.core.clocks.real_now();
        let key = self
            .engine
            .core
            .db
            .write(move |conn| {
                let key = store::key_by_id(conn, id)?
                    .filter(|k| k.organization_id == scope.organization && k.environment == scope.environment)
                    .ok_or(Error::not_found("API key"))?;
                if key.revoked_at.is_some() {
                    return Err(Error::Conflict(format!("the API key {id} is already revoked")));
                }
                store::revoke_key(conn, id, now)?;
                Ok(ApiKey { revoked_at: Some(now), ..key })
            })
            .await?;
        self.engine.core.keys.clear();
        Ok(key)
    }

    /// Revokes a key at once; requests with it get 401 from then on.
    pub async fn revoke(&self, id: ApiKeyId) -> Result<ApiKey> {
        let now = self.engine.core.clocks.real_now();
        let key = self
            .engine
            .core
            .db
            .write(move |conn| {
                store::revoke_key(conn, id, now)?;
                store::key_by_id(conn, id)?.ok_or(Error::not_found("API key"))
            })
            .await?;
        self.engine.core.keys.clear();
        Ok(key)
    }

    /// Checks a presented key and says which organization and environment it selects.
    pub async fn authenticate(&self, token: &str) -> Result<Authenticated> {
        self.authenticate_from(token, None).await
    }

    /// [`Self::authenticate`] for a request from `from`: an address that presented more than
    /// its limit of invalid keys within a minute (100 unless configured) has its unknown keys refused (429) until the minute is
    /// out, with no lookup. A key this server has accepted before still works (it is looked up
    /// again as usual): a flood of wrong keys from an address that others share (loopback, a NAT)
    /// must not lock out the integrations behind it.
    pub async fn authenticate_from(&self, token: &str, from: Option<std::net::IpAddr>) -> Result<Authenticated> {
        let cache = &self.engine.core.keys;
        if let Err(refused) = cache.check(from) {
            return match self.check_key(token, Lookup::MemoryOnly).await {
                Ok(known) => Ok(known),
                Err(_) => Err(refused),
            };
        }
        let result = self.check_key(token, Lookup::Database).await;
        if matches!(result, Err(Error::Unauthorized(_))) {
            cache.fail(from);
        }
        result
    }

    /// How many lookups the key cache holds (for tests of its bound).
    pub fn cached_lookups(&self) -> usize {
        self.engine.core.keys.len()
    }

    async fn check_key(&self, token: &str, lookup_in: Lookup) -> Result<Authenticated> {
        let token = token.trim();
        if token.is_empty() {
            return Err(Error::Unauthorized("missing API key: send it in the ds-api-token header".into()));
        }
        if token.len() > 512 {
            return Err(Error::Unauthorized("invalid API key".into()));
        }
        let hash = hash(token);
        let mut lookup = [0u8; 8];
        lookup.copy_from_slice(&hash[..8]);
        let candidates = match self.engine.core.keys.get(lookup) {
            Some(keys) => keys,
            None if lookup_in == Lookup::MemoryOnly && !self.engine.core.keys.knew(lookup, &hash) => Vec::new(),
            None => {
                let keys = self.engine.core.db.read(move |conn| store::keys_by_lookup(conn, &lookup)).await?;
                self.engine.core.keys.put(lookup, keys.clone());
                keys
            }
        };
        let found = candidates.into_iter().find(|k| bool::from(k.hash.ct_eq(&hash)));
        let Some(StoredKey { key, .. }) = found else {
            return Err(Error::Unauthorized("invalid API key".into()));
        };
        if key.revoked_at.is_some() {
            return Err(Error::Unauthorized("this API key was revoked".into()));
        }
        self.note_used(lookup, &key);
        Ok(Authenticated { scope: Scope::new(key.organization_id, key.environment), key_id: key.id })
    }

    /// Records `last_used_at`, at most once a minute per key, without delaying the request.
    fn note_used(&self, lookup: [u8; 8], key: &ApiKey) {
        let now = self.engine.core.clocks.real_now();
        let stale = key.last_used_at.is_none_or(|t| now.as_millis() - t.as_millis() > TOUCH_INTERVAL_MS);
        if !stale {
            return;
        }
        self.engine.core.keys.note_used(lookup, key.id, now);
        let db = self.engine.core.db.clone();
        let id = key.id;
        tokio::spawn(async move {
            if let Err(e) = db.write(move |conn| store::touch_key(conn, id, now)).await {
                tracing::warn!(error = %e, "could not record when an API key was last used");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_cache_stays_bounded_under_random_keys() {
        let cache = KeyCache::default();
        for i in 0..(MAX_CACHED as u64 * 3) {
            cache.put(i.to_be_bytes(), Vec::new());
        }
        assert!(cache.len() <= MAX_CACHED, "{}", cache.len());
    }

    #[test]
    fn an_address_that_presents_too_many_bad_keys_waits() {
        let cache = KeyCache::default();
        let from: Option<std::net::IpAddr> = Some("203.0.113.9".parse().expect("ip"));
        for _ in 0..FAILED_KEYS_PER_MINUTE {
            assert!(cache.check(from).is_ok());
            cache.fail(from);
        }
        assert!(matches!(cache.check(from), Err(Error::TooMany { retry_after_seconds: 1..=60, .. })));
        assert!(cache.check(Some("203.0.113.10".parse().expect("ip"))).is_ok(), "another address");
        assert!(cache.check(None).is_ok(), "no address known: not throttled here");
    }

    #[test]
    fn hints_show_the_prefix_and_last_characters() {
        assert_eq!(hint("dk_sandbox_abcdefghijklmnopqrstuvwxyz123456"), "dk_sandbox_…3456");
        assert_eq!(hint("ci-sandbox-key-0001"), "ci-…0001");
        assert_eq!(hint("short"), "…");
    }

    #[test]
    fn generated_keys_name_their_environment() {
        let k = generate_secret(Environment::Production);
        assert!(k.starts_with("dk_production_"));
        assert_eq!(k.len(), "dk_production_".len() + 32);
    }
}
