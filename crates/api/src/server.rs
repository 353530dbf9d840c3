//! Starting Docket: open the engine, make sure keys exist, seed demo data if asked, bind the
//! listener. `docket serve` and the desktop shell both start through here.

use std::fmt;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use docket_engine::demo::SeedSummary;
use docket_engine::journal::JournalSettings;
use docket_engine::organizations::FirstRun;
use docket_engine::webhooks::MasterKey;
use docket_engine::{Durability, Engine, EngineConfig, Environment, Scope, TimeSource};
use tokio::net::TcpListener;

use crate::state::AppState;

/// The documented default address: loopback only, port 3625 ("DOCK" on a phone keypad).
pub const DEFAULT_LISTEN: &str = "127.0.0.1:3625";

/// The default largest request body.
pub const DEFAULT_BODY_LIMIT: usize = 1024 * 1024;

/// How to start.
#[derive(Clone)]
pub struct ServeOptions {
    pub data_dir: PathBuf,
    pub listen: SocketAddr,
    /// Seed the default organization's sandbox with demo data.
    pub demo: bool,
    /// Keys pinned from the environment, per environment.
    pub pinned: Vec<(Environment, String)>,
    pub journal: JournalSettings,
    pub durability: Durability,
    /// Encrypts the database and stored files at rest (`None`: kept plain).
    pub database_key: Option<docket_engine::encryption::DatabaseKey>,
    pub body_limit: usize,
    pub time: Option<Arc<dyn TimeSource>>,
    pub master_key: MasterKeySource,
    /// The DNS server of production's e-mail checks (`None`: the system's).
    pub dns_server: Option<SocketAddr>,
    /// The SMTP relay of production's one-time codes.
    pub smtp: Option<docket_engine::email::SmtpSettings>,
    /// Invalid API keys one address may present in a minute before its unknown keys wait (429).
    pub failed_keys_per_minute: u32,
    /// Connection bounds, the connection cap and the shutdown deadline.
    pub connections: crate::listen::Options,
    /// HTTPS: off, from given files, or a self-signed pair (the default beyond loopback).
    pub tls: TlsChoice,
    /// Serve plain HTTP beyond loopback (said at every start).
    pub insecure_http: bool,
    /// The address people reach this server at, for links and hosted pages (default: the
    /// listen address).
    pub public_url: Option<String>,
}

/// Whether Docket serves HTTPS, and with which certificate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum TlsChoice {
    /// Plain HTTP on loopback; beyond loopback, a self-signed pair unless `insecure_http`.
    #[default]
    Auto,
    /// A certificate chain and key in PEM files.
    Files { cert: PathBuf, key: PathBuf },
}

/// The file in the data directory that keeps the master key when no other source gives one.
pub const MASTER_KEY_FILE: &str = "master.key";

/// Where the master key that encrypts webhook signing secrets comes from.
#[derive(Clone, Debug)]
pub enum MasterKeySource {
    /// Given by the caller (`DOCKET_MASTER_KEY`, the OS keychain).
    Given(MasterKey),
    /// `master.key` in the data directory, readable only by its owner; made at first use.
    File,
}

impl MasterKeySource {
    fn resolve(&self, data_dir: &std::path::Path) -> Result<MasterKey, docket_engine::Error> {
        match self {
            MasterKeySource::Given(key) => Ok(key.clone()),
            MasterKeySource::File => {
                docket_engine::private::create_dir_all(data_dir).map_err(|e| {
                    docket_engine::Error::Incompatible(format!(
                        "cannot create the data directory {}: {e}",
                        data_dir.display()
                    ))
                })?;
                docket_engine::webhooks::secret::load_or_create_key_file(&data_dir.join(MASTER_KEY_FILE))
            }
        }
    }
}

impl ServeOptions {
    pub fn new(data_dir: PathBuf, listen: SocketAddr) -> Self {
        ServeOptions {
            data_dir,
            listen,
            demo: false,
            pinned: Vec::new(),
            journal: JournalSettings::default(),
            durability: Durability::default(),
            database_key: None,
            body_limit: DEFAULT_BODY_LIMIT,
            time: None,
            master_key: MasterKeySource::File,
            dns_server: None,
            smtp: None,
            failed_keys_per_minute: docket_engine::organizations::FAILED_KEYS_PER_MINUTE,
            connections: crate::listen::Options::default(),
            tls: TlsChoice::Auto,
            insecure_http: false,
            public_url: None,
        }
    }
}

/// Why Docket could not start.
#[derive(Debug)]
pub enum StartError {
    Engine(docket_engine::Error),
    Bind(SocketAddr, std::io::Error),
    /// The webhook HTTP client could not be made.
    Transport(String),
    /// HTTPS could not be set up (an unreadable certificate or key).
    Tls(String),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Engine(e) => write!(f, "{e}"),
            StartError::Bind(addr, e) if e.kind() == std::io::ErrorKind::AddrInUse => {
                write!(
                    f,
                    "{addr} is already in use (is another Docket running?); choose another with --listen, or port 0 for any free port"
                )
            }
            StartError::Bind(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
            StartError::Transport(e) => f.write_str(e),
            StartError::Tls(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for StartError {}

impl From<docket_engine::Error> for StartError {
    fn from(e: docket_engine::Error) -> Self {
        StartError::Engine(e)
    }
}

/// A started server, not yet accepting requests.
pub struct Server {
    pub engine: Engine,
    pub data_dir: PathBuf,
    /// The base URL, such as `http://127.0.0.1:3625`.
    pub url: String,
    /// Set when this start created the data directory's default organization and keys.
    pub first_run: Option<FirstRun>,
    /// Set when demo data was seeded.
    pub seeded: Option<SeedSummary>,
    /// The certificate when Docket serves HTTPS.
    pub tls: Option<TlsSummary>,
    /// Plain HTTP beyond loopback, asked for with `insecure_http`.
    pub insecure: bool,
    listener: TcpListener,
    state: AppState,
    listen: crate::listen::Options,
}

/// What to tell the operator of the certificate served.
#[derive(Debug, Clone)]
pub struct TlsSummary {
    pub fingerprint: String,
    pub source: crate::listen::tls::CertificateSource,
}

pub async fn start(options: ServeOptions) -> Result<Server, StartError> {
    let mut config = EngineConfig::new(&options.data_dir);
    config.durability = options.durability;
    config.database_key = options.database_key.clone();
    config.journal = options.journal;
    if let Some(time) = options.time.clone() {
        config.time = time;
    }
    config.master_key = Some(options.master_key.resolve(&options.data_dir)?);
    config.dns_server = options.dns_server;
    config.smtp = options.smtp.clone();
    config.failed_keys_per_minute = options.failed_keys_per_minute;
    let transport = crate::delivery::HttpTransport::new().map_err(StartError::Transport)?;
    let engine = Engine::open(config).await?;
    let first_run = engine.organizations().bootstrap(&options.pinned).await?;

    let demo_scope = if options.demo {
        Some(Scope::new(engine.organizations().find(None).await?.id, Environment::Sandbox))
    } else {
        None
    };
    let seeded = match demo_scope {
        Some(scope) => Some(engine.demo().seed_applicants(scope).await?),
        None => None,
    };
    let listener = TcpListener::bind(options.listen).await.map_err(|e| StartError::Bind(options.listen, e))?;
    engine.start_background(Arc::new(transport));
    // The audit chains are verified at every start, beside serving (a long chain must not delay
    // the window): a stored event edited, removed or reordered since is reported at once, and the
    // console shows it on every page until an admin acknowledges it.
    let auditor = engine.clone();
    tokio::spawn(async move {
        match auditor.audit().verify_all().await {
            Ok(chains) => {
                for (scope, verified) in &chains {
                    for problem in verified.problems.iter().filter(|p| p.acknowledged.is_none()) {
                        tracing::error!(
                            environment = scope.environment.as_str(),
                            seq = problem.seq,
                            "audit chain NOT intact: {} (shown in the console until an admin acknowledges it)",
                            problem.message
                        );
                    }
                    if verified.more_problems > 0 {
                        tracing::error!(
                            environment = scope.environment.as_str(),
                            more = verified.more_problems,
                            "audit chain NOT intact: more problems than are listed"
                        );
                    }
                    if !verified.ok && verified.unacknowledged == 0 {
                        tracing::warn!(
                            environment = scope.environment.as_str(),
                            problems = verified.problems.len(),
                            "audit chain not intact; every problem was acknowledged by an admin"
                        );
                    }
                }
                if chains.iter().all(|(_, v)| v.ok) {
                    let events: u64 = chains.iter().map(|(_, v)| v.events).sum();
                    tracing::info!(events, "audit chains intact");
                }
            }
            Err(e) => tracing::error!(error = %e, "the audit chains could not be read"),
        }
    });
    if let Some(scope) = demo_scope {
        // The KYB demo cases and document verifications run their checks, monitoring sends 90 days
        // of events: added while the server already answers.
        let engine = engine.clone();
        tokio::spawn(async move {
            let mut added = SeedSummary::default();
            match engine.demo().seed_records(scope, &mut added).await {
                Ok(()) => tracing::info!(?added, "added the demo records"),
                Err(e) => tracing::warn!(error = %e, ?added, "could not add every demo record"),
            }
        });
    }
    let local = listener.local_addr().map_err(|e| StartError::Bind(options.listen, e))?;
    let beyond_loopback = !local.ip().is_loopback();
    let certificate = match &options.tls {
        TlsChoice::Files { cert, key } => Some(crate::listen::tls::load(cert, key).map_err(StartError::Tls)?),
        TlsChoice::Auto if beyond_loopback && !options.insecure_http => Some(
            crate::listen::tls::self_signed(&options.data_dir, &certificate_names(local)).map_err(StartError::Tls)?,
        ),
        TlsChoice::Auto => None,
    };
    let scheme = if certificate.is_some() { "https" } else { "http" };
    let url = base_url(scheme, local);
    engine.set_public_url(options.public_url.as_deref().map(|u| u.trim_end_matches('/')).unwrap_or(&url));
    let state =
        AppState { engine: engine.clone(), body_limit: options.body_limit, secure_cookies: certificate.is_some() };
    let tls = certificate.as_ref().map(|c| TlsSummary { fingerprint: c.fingerprint.clone(), source: c.source.clone() });
    let mut listen = options.connections.clone();
    listen.tls = certificate.map(|c| c.acceptor);
    let insecure = beyond_loopback && tls.is_none();
    Ok(Server { engine, data_dir: options.data_dir, url, first_run, seeded, tls, insecure, listener, state, listen })
}

/// The names a self-signed certificate covers: `localhost`, the loopback addresses, this
/// machine's name, and the address listened on when it is a particular one.
fn certificate_names(local: SocketAddr) -> Vec<String> {
    let mut names = vec!["localhost".to_owned(), "127.0.0.1".to_owned(), "::1".to_owned()];
    if let Ok(host) = std::fs::read_to_string("/proc/sys/kernel/hostname").or_else(|_| std::env::var("HOSTNAME")) {
        let host = host.trim();
        if !host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.') {
            names.push(host.to_owned());
        }
    }
    if !local.ip().is_unspecified() {
        names.push(local.ip().to_string());
    }
    names
}

/// Keys pinned by `DOCKET_SANDBOX_API_KEY` and `DOCKET_PRODUCTION_API_KEY`, when set.
pub fn pinned_keys_from_env() -> Vec<(Environment, String)> {
    Environment::ALL
        .into_iter()
        .filter_map(|env| {
            let value = std::env::var(docket_engine::organizations::pin_variable(env)).ok()?;
            (!value.is_empty()).then_some((env, value))
        })
        .collect()
}

/// The file in the data directory that keeps the keys made at the first start.
pub const KEYS_FILE: &str = "api-keys.txt";

/// Saves the keys a first start created to `api-keys.txt` in the data directory, readable only
/// by its owner: Docket itself keeps only their hashes, so this file is the one copy.
pub fn save_first_run_keys(data_dir: &std::path::Path, first: &FirstRun) -> std::io::Result<PathBuf> {
    let path = data_dir.join(KEYS_FILE);
    let mut text = String::from(
        "# API keys of Docket's default organization, created at its first start.\n\
         # Docket stores only their hashes; this file is the one copy. Keep it private, or\n\
         # move the keys to a secret store and delete it. `docket keys create` makes more.\n",
    );
    for k in &first.keys {
        text.push_str(&format!("{}\t{}\n", k.key.environment, k.secret));
    }
    docket_engine::private::write(&path, text.as_bytes())?;
    Ok(path)
}

fn base_url(scheme: &str, addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => std::net::IpAddr::from([127, 0, 0, 1]),
        ip if ip.is_unspecified() => std::net::IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("{scheme}://{}", SocketAddr::new(ip, addr.port()))
}

/// The file in the data directory that says where the `docket serve` (or desktop app) serving it
/// listens: `docket console link` and `docket reviewers` make their links for that address.
pub const RUNNING_FILE: &str = "server.json";

/// The base URL of the server running on `data_dir`, when one says so (and its process still
/// runs), else the default address.
pub fn running_url(data_dir: &std::path::Path) -> String {
    let fallback = format!("http://{DEFAULT_LISTEN}");
    let Ok(text) = std::fs::read_to_string(data_dir.join(RUNNING_FILE)) else { return fallback };
    let Ok(running) = serde_json::from_str::<serde_json::Value>(&text) else { return fallback };
    let alive = running["pid"].as_u64().is_none_or(|pid| {
        // Where /proc exists (Linux), a process that ended has left its file behind.
        !std::path::Path::new("/proc/self").exists() || std::path::Path::new(&format!("/proc/{pid}")).exists()
    });
    match running["url"].as_str() {
        Some(url) if alive && (url.starts_with("http://") || url.starts_with("https://")) => url.to_owned(),
        _ => fallback,
    }
}

/// The path of the console's sign-in with a login link.
pub const CONSOLE_LOGIN_PATH: &str = "/_docket/console/login";

/// The URL that opens the console with a login link's token: `{base}/_docket/console/login?token=...`.
pub fn console_login_url_for(base_url: &str, token: &str) -> String {
    // Tokens are base64url: nothing in them needs escaping in a query.
    format!("{}{CONSOLE_LOGIN_PATH}?token={token}", base_url.trim_end_matches('/'))
}

/// Makes a one-time login link for a reviewer (by id or name; `None`: the machine's owner) of an
/// organization (`None`: the default one) and returns its URL under `base_url`. The link opens
/// one console session, once, within 24 hours.
pub async fn console_login_url(
    engine: &Engine,
    base_url: &str,
    organization: Option<&str>,
    reviewer: Option<&str>,
) -> Result<String, docket_engine::Error> {
    let org = engine.organizations().find(organization).await?;
    let reviewer = match reviewer {
        Some(who) => engine.console().find_reviewer(org.id, who).await?,
        None => engine.console().owner(org.id).await?,
    };
    let link = engine.console().create_link(org.id, reviewer.id, &docket_engine::Actor::Command).await?;
    Ok(console_login_url_for(base_url, &link.token))
}

impl Server {
    /// A fresh one-time login URL for the default organization's console on this server: the
    /// desktop app opens its window at it, so the window signs itself in. Each call makes a new
    /// link (valid once, for 24 hours).
    pub async fn console_login_url(&self) -> Result<String, docket_engine::Error> {
        console_login_url(&self.engine, &self.url, None, None).await
    }

    /// Serves until `shutdown` completes, then finishes in-flight requests (cutting what is
    /// still open after the shutdown deadline) and stores what is still queued. While it runs,
    /// `server.json` in the data directory says where (for `docket console link` and
    /// `docket reviewers`).
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        let running = self.data_dir.join(RUNNING_FILE);
        let public_url = self.engine.public_url();
        let about = serde_json::json!({ "url": public_url, "pid": std::process::id() });
        if let Err(e) = docket_engine::private::write(&running, about.to_string().as_bytes()) {
            tracing::warn!(error = %e, "could not write {}", running.display());
        }
        let app = crate::app(self.state);
        let result = crate::listen::serve(self.listener, app, self.listen, shutdown).await;
        self.engine.shutdown().await;
        let _ = std::fs::remove_file(&running);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_a_reachable_address() {
        assert_eq!(base_url("http", "0.0.0.0:80".parse().expect("addr")), "http://127.0.0.1:80");
        assert_eq!(base_url("http", "[::]:80".parse().expect("addr")), "http://[::1]:80");
        assert_eq!(base_url("https", "127.0.0.1:3625".parse().expect("addr")), "https://127.0.0.1:3625");
    }

    #[test]
    fn login_urls_join_the_base_and_the_token() {
        assert_eq!(
            console_login_url_for("http://127.0.0.1:3625/", "abc_-1"),
            "http://127.0.0.1:3625/_docket/console/login?token=abc_-1"
        );
    }
}
