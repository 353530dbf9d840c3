//! Docket's engine: every domain rule and all storage. It knows nothing of HTTP or of the desktop
//! shell; the API crate and the CLI drive it through [`Engine`].
//!
//! Each domain is one module of the same shape: `model` (the types, which are also the public
//! wire shapes), `store` (its SQL) and `service` (its rules, reached from [`Engine`]).

mod actor;
pub mod aml;
pub mod applicants;
pub mod audit;
pub mod backup;
pub mod bankbook;
mod clock;
pub mod console;
pub mod countries;
mod db;
pub mod deepfake;
pub mod demo;
mod domains;
pub mod email;
pub mod encryption;
pub mod erasure;
pub mod error;
pub mod events;
pub mod files;
mod heavy;
pub mod id;
pub mod journal;
pub mod kyb;
pub mod kyt;
pub mod nondoc;
pub mod organizations;
pub mod page;
pub mod private;
pub mod retention;
pub mod sandbox;
pub mod scope;
pub mod special_addresses;
pub mod time;
pub mod transmon;
pub mod values;
pub mod verifications;
pub mod webhooks;
mod work;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use actor::Actor;
pub use clock::{ClockMode, ClockState};
pub use db::{Durability, SCHEMA_VERSION, wait_for_threads as wait_for_database_threads};
pub use error::{Error, Result};
pub use scope::{Environment, OrganizationId, Scope};
pub use time::{SystemTime, TimeSource, Timestamp};

use crate::clock::Clocks;
use crate::db::Database;
use crate::journal::JournalSettings;
use crate::organizations::KeyCache;

/// The hosted pages' address until the server says where it listens.
pub const DEFAULT_PUBLIC_URL: &str = "http://127.0.0.1:7788";

/// The database file inside a data directory.
pub const DATABASE_FILE: &str = "docket.db";

/// The data directory by the operating system's convention: `~/.local/share/docket` on Linux,
/// `~/Library/Application Support/Docket` on macOS, `%APPDATA%\Docket\data` on Windows.
pub fn default_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "Docket").map(|d| d.data_dir().to_path_buf())
}

/// How to open an engine.
#[derive(Clone)]
pub struct EngineConfig {
    /// Where the database lives.
    pub data_dir: PathBuf,
    /// Where time comes from (the system clock, or a manual one in tests).
    pub time: Arc<dyn TimeSource>,
    pub durability: Durability,
    /// Encrypts the database and the stored files; `None`: both are kept plain (an encrypted
    /// database then refuses to open).
    pub database_key: Option<encryption::DatabaseKey>,
    pub journal: JournalSettings,
    /// Encrypts webhook signing secrets. Without one, webhooks cannot be created or delivered.
    pub master_key: Option<webhooks::MasterKey>,
    /// The DNS server production's e-mail checks ask; `None`: the system's resolvers.
    pub dns_server: Option<std::net::SocketAddr>,
    /// The SMTP relay production's one-time codes go through; `None`: none are sent.
    pub smtp: Option<email::SmtpSettings>,
    /// Invalid API keys one source address may present in a minute before its unknown keys wait.
    pub failed_keys_per_minute: u32,
}

impl EngineConfig {
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        EngineConfig {
            data_dir: data_dir.into(),
            time: Arc::new(SystemTime),
            durability: Durability::default(),
            database_key: None,
            journal: JournalSettings::default(),
            master_key: None,
            dns_server: None,
            smtp: None,
            failed_keys_per_minute: organizations::FAILED_KEYS_PER_MINUTE,
        }
    }
}

/// A running engine. Cloning is cheap; clones share everything.
#[derive(Clone)]
pub struct Engine {
    core: Arc<Core>,
}

pub(crate) struct Core {
    db: Database,
    clocks: Clocks,
    keys: KeyCache,
    journal: journal::Recorder,
    /// The due-work loops and what wakes them.
    work: Arc<work::WorkState>,
    aml: aml::AmlState,
    webhooks: webhooks::WebhookState,
    files: files::FilesState,
    /// The slots of heavy work on documents (decodes, renders), shared by every caller.
    heavy: heavy::HeavyWork,
    kyb: kyb::KybState,
    /// Held while the console takes a backup (one at a time).
    backups: tokio::sync::Mutex<()>,
    email: email::EmailState,
    transmon: transmon::TransmonState,
    /// Failed console sign-ins, per account and address.
    console: console::ConsoleState,
    /// What the last verification of each audit chain found.
    audit: audit::AuditState,
    /// The address the hosted pages are reached at (`verification_url`), set by the server.
    public_url: std::sync::RwLock<String>,
    /// The key the database was opened with (shown to the machine's owner to keep a copy).
    database_key: Option<encryption::DatabaseKey>,
}

impl Engine {
    /// Opens the database in the data directory (creating both if needed), applies migrations
    /// and starts the background tasks. Must be called within a Tokio runtime.
    pub async fn open(config: EngineConfig) -> Result<Engine> {
        let tightened = private::secure_data_dir(&config.data_dir).map_err(|e| {
            Error::Incompatible(format!("cannot make the data directory {} private: {e}", config.data_dir.display()))
        })?;
        if !tightened.is_empty() {
            tracing::warn!("{}", tightened.describe(&config.data_dir));
        }
        let path = config.data_dir.join(DATABASE_FILE);
        let durability = config.durability;
        let key = config.database_key.clone();
        let database_key = config.database_key.clone();
        let db = tokio::task::spawn_blocking(move || Database::open(&path, durability, key.as_ref()))
            .await
            .map_err(|e| Error::Storage(format!("opening the database failed: {e}")))??;
        let clocks = Clocks::new(config.time.clone());
        let clocks = db
            .read(move |conn| {
                clocks.load(conn)?;
                Ok(clocks)
            })
            .await?;
        if let Some(key) = &config.master_key {
            let check = db.read(webhooks::store::key_check).await?;
            if check.is_some_and(|c| !key.matches(&c)) {
                return Err(Error::Incompatible(format!(
                    "the master key does not open the webhook secrets in {} (they were encrypted with another \
                     key: restore that key, or use another --data-dir)",
                    config.data_dir.display()
                )));
            }
        }
        let journal = journal::start(db.clone(), config.journal, config.time.clone());
        // A commit that scheduled work wakes that kind's loop.
        let work = Arc::new(work::WorkState::new());
        db.on_commit({
            let work = work.clone();
            move |kinds| work.wake_bits(kinds)
        });
        let engine = Engine {
            core: Arc::new(Core {
                db,
                clocks,
                keys: KeyCache::new(config.failed_keys_per_minute),
                journal,
                work,
                aml: aml::AmlState::new(),
                webhooks: webhooks::WebhookState::new(config.master_key),
                files: Default::default(),
                heavy: heavy::HeavyWork::default(),
                kyb: kyb::KybState::default(),
                backups: tokio::sync::Mutex::new(()),
                email: email::EmailState::new(config.dns_server, config.smtp),
                transmon: transmon::TransmonState::default(),
                console: console::ConsoleState::default(),
                audit: audit::AuditState::default(),
                public_url: std::sync::RwLock::new(DEFAULT_PUBLIC_URL.to_owned()),
                database_key,
            }),
        };
        // Applicants stored before their public JSON was kept (or cleared by a migration that
        // changed its shape) get it now, before anything is served.
        let built = engine.applicants().build_missing_json().await?;
        if built > 0 {
            tracing::info!(applicants = built, "built the stored JSON of existing applicants");
        }
        // Audit chains written in the first format are rewritten in the second, before anything
        // appends to them.
        for upgraded in audit::upgrade::upgrade_all(&engine).await? {
            let environment = upgraded.scope.environment.as_str();
            match &upgraded.previous_problem {
                None => tracing::info!(
                    environment,
                    events = upgraded.events,
                    previous_head_hash = upgraded.previous_head_hash,
                    "upgraded the audit chain to its second format (erasures no longer cut what a head hash proves)"
                ),
                Some(problem) => tracing::error!(
                    environment,
                    events = upgraded.events,
                    previous_head_hash = upgraded.previous_head_hash,
                    "upgraded the audit chain to its second format, but it was NOT intact before: {problem}"
                ),
            }
        }
        Ok(engine)
    }

    /// Starts the background work of a serving engine: building the screening index, screening
    /// applicants when due, noticing lists imported by other processes, and delivering webhooks
    /// through `transport`.
    pub fn start_background(&self, transport: std::sync::Arc<dyn webhooks::Transport>) {
        let engine = self.clone();
        tokio::spawn(async move {
            match engine.files().sweep().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(files = n, "removed files left behind by an earlier run"),
                Err(e) => tracing::warn!(error = %e, "could not sweep the file store"),
            }
        });
        self.aml().start();
        kyb::pipeline::spawn(self);
        kyb::single::spawn(self);
        kyb::desk::spawn(self);
        verifications::spawn(self);
        email::spawn(self);
        kyt::spawn(self);
        backup::spawn(self);
        retention::spawn(self);
        self.webhooks().start(transport);
    }

    /// Stops the background loops, waiting for the work they have in flight, and stores what is
    /// still queued (journal entries, pending writes). Call before exiting.
    pub async fn shutdown(&self) {
        self.core.work.stop().await;
        self.journal().flush().await;
        self.core.db.flush().await;
    }

    /// Whether the database and the stored files are encrypted.
    pub fn is_encrypted(&self) -> bool {
        self.core.db.keys().is_some()
    }

    /// The key the database was opened with, if it is encrypted.
    pub fn database_key(&self) -> Option<&encryption::DatabaseKey> {
        self.core.database_key.as_ref()
    }

    /// The database file.
    pub fn database_path(&self) -> &Path {
        self.core.db.path()
    }

    /// The data directory (where the database lives).
    pub fn data_dir(&self) -> &Path {
        self.core.db.path().parent().unwrap_or_else(|| Path::new("."))
    }

    /// Real time, from the engine's time source (not moved by sandbox clocks).
    pub fn real_now(&self) -> Timestamp {
        self.core.clocks.real_now()
    }

    /// The current time of an environment.
    pub fn now(&self, scope: Scope) -> Timestamp {
        self.core.clocks.now(scope)
    }

    pub fn organizations(&self) -> organizations::Organizations<'_> {
        organizations::Organizations { engine: self }
    }

    pub fn console(&self) -> console::Console<'_> {
        console::Console { engine: self }
    }

    pub fn keys(&self) -> organizations::Keys<'_> {
        organizations::Keys { engine: self }
    }

    pub fn applicants(&self) -> applicants::Applicants<'_> {
        applicants::Applicants { engine: self }
    }

    pub fn journal(&self) -> journal::Journal<'_> {
        journal::Journal { engine: self }
    }

    pub fn sandbox(&self) -> sandbox::Sandbox<'_> {
        sandbox::Sandbox { engine: self }
    }

    pub fn aml(&self) -> aml::Aml<'_> {
        aml::Aml { engine: self }
    }

    pub fn bankbook(&self) -> bankbook::Bankbook<'_> {
        bankbook::Bankbook { engine: self }
    }

    pub fn deepfakes(&self) -> deepfake::Deepfakes<'_> {
        deepfake::Deepfakes { engine: self }
    }

    pub fn emails(&self) -> email::Emails<'_> {
        email::Emails { engine: self }
    }

    pub fn verifications(&self) -> verifications::Verifications<'_> {
        verifications::Verifications { engine: self }
    }

    /// Sets the address the hosted pages are reached at (the server's, once it listens).
    pub fn set_public_url(&self, url: &str) {
        let mut current = self.core.public_url.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        *current = url.trim_end_matches('/').to_owned();
    }

    /// The address the hosted pages are reached at.
    pub fn public_url(&self) -> String {
        self.core.public_url.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    pub fn kyb(&self) -> kyb::Kyb<'_> {
        kyb::Kyb { engine: self }
    }

    pub fn audit(&self) -> audit::Audit<'_> {
        audit::Audit { engine: self }
    }

    pub fn kyt(&self) -> kyt::Kyt<'_> {
        kyt::Kyt { engine: self }
    }

    pub fn nondoc(&self) -> nondoc::Nondoc<'_> {
        nondoc::Nondoc { engine: self }
    }

    pub fn transmon(&self) -> transmon::Transmon<'_> {
        transmon::Transmon { engine: self }
    }

    pub fn events(&self) -> events::Events<'_> {
        events::Events { engine: self }
    }

    pub fn webhooks(&self) -> webhooks::Webhooks<'_> {
        webhooks::Webhooks { engine: self }
    }

    pub fn retention(&self) -> retention::Retention<'_> {
        retention::Retention { engine: self }
    }

    pub fn erasures(&self) -> erasure::Erasures<'_> {
        erasure::Erasures { engine: self }
    }

    pub fn backups(&self) -> backup::Backups<'_> {
        backup::Backups { engine: self }
    }

    pub fn files(&self) -> files::Files<'_> {
        files::Files { engine: self }
    }

    pub fn demo(&self) -> demo::Demo<'_> {
        demo::Demo { engine: self }
    }
}
