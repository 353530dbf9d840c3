//! `docket serve`: the headless listener.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use docket_api::listen::tls::CertificateSource;
use docket_api::server::{self, DEFAULT_BODY_LIMIT, DEFAULT_LISTEN, MasterKeySource, ServeOptions, TlsChoice};
use docket_engine::journal::JournalSettings;
use docket_engine::organizations::{FirstRun, pin_variable};
use docket_engine::webhooks::MasterKey;
use docket_engine::{Durability, Environment};

/// Serve the API (and the console) on a local port until stopped.
///
/// The first line printed is the base URL, such as http://127.0.0.1:3625; the second, a one-time
/// login link that opens the console (`docket console link` makes more). On the first start of
/// a data directory, a default organization is created with one API key per environment; the
/// keys are printed once and saved, readable only by you, in api-keys.txt in the data directory.
/// Ctrl+C or SIGTERM stop the server after in-flight requests finish.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on. Port 0 picks any free port (the first line of output tells which).
    #[arg(long, env = "DOCKET_LISTEN", default_value = DEFAULT_LISTEN, value_name = "ADDR")]
    listen: SocketAddr,

    /// Seed the default organization's sandbox with demo data (skipped where it exists):
    /// applicants, KYB cases, document verifications, e-mail checks and transaction-monitoring
    /// events.
    #[arg(long)]
    demo: bool,

    /// Pin the default organization's sandbox key to this value (for CI).
    #[arg(long, env = "DOCKET_SANDBOX_API_KEY", hide_env_values = true, value_name = "KEY")]
    sandbox_api_key: Option<String>,

    /// Pin the default organization's production key to this value (for CI).
    #[arg(long, env = "DOCKET_PRODUCTION_API_KEY", hide_env_values = true, value_name = "KEY")]
    production_api_key: Option<String>,

    /// The master key that encrypts webhook signing secrets: 64 hex digits (`docket webhooks
    /// new-master-key` makes one). Without it, Docket keeps one in master.key in the data
    /// directory, readable only by you.
    #[arg(long, env = "DOCKET_MASTER_KEY", hide_env_values = true, value_name = "HEX", value_parser = parse_master_key)]
    master_key: Option<MasterKey>,

    /// The DNS server production's e-mail checks ask for mail exchangers (`IP:PORT`); without
    /// it, the system's resolvers.
    #[arg(long, env = "DOCKET_DNS_SERVER", value_name = "IP:PORT")]
    dns_server: Option<std::net::SocketAddr>,

    /// The SMTP relay production's one-time codes go through: `smtp://user:pass@host:587?tls=required`
    /// (STARTTLS), `smtps://host` (TLS), `smtp://host:25` (plain). Without it, production sends
    /// no codes and says so (`otp_not_sent_no_relay`); the sandbox never sends mail.
    #[arg(long, env = "DOCKET_SMTP_URL", hide_env_values = true, value_name = "URL")]
    smtp_url: Option<String>,

    /// The sender of production's messages.
    #[arg(long, env = "DOCKET_SMTP_FROM", default_value = "Docket <no-reply@localhost>", value_name = "MAILBOX")]
    smtp_from: String,

    /// Largest request body accepted, in bytes.
    #[arg(long, default_value_t = DEFAULT_BODY_LIMIT, value_name = "BYTES")]
    body_limit: usize,

    /// Most entries the request journal keeps.
    #[arg(long, default_value_t = JournalSettings::default().max_entries, value_name = "N")]
    journal_max_entries: u64,

    /// How long the request journal keeps entries, such as 7d or 12h.
    #[arg(long, default_value = "7d", value_parser = parse_duration, value_name = "DURATION")]
    journal_retention: jiff::SignedDuration,

    /// `full` fsyncs every commit (nothing acknowledged is lost even on power failure); `normal`
    /// fsyncs at checkpoints (a crash loses nothing, a power failure may lose the last commits).
    #[arg(long, value_enum, default_value_t = DurabilityArg::Full)]
    durability: DurabilityArg,

    /// Serve HTTPS with this certificate chain (PEM); with --tls-key. Without them Docket serves
    /// plain HTTP on loopback, and HTTPS with a self-signed certificate (made at the first
    /// start, kept in the data directory's tls/, its fingerprint printed) beyond loopback.
    #[arg(long, env = "DOCKET_TLS_CERT", value_name = "FILE", requires = "tls_key")]
    tls_cert: Option<PathBuf>,

    /// The private key of --tls-cert (PEM).
    #[arg(long, env = "DOCKET_TLS_KEY", value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<PathBuf>,

    /// Serve plain HTTP even beyond loopback (sessions and keys then cross the network
    /// readable by anyone on it; said at every start).
    #[arg(long, conflicts_with = "tls_cert")]
    insecure_http: bool,

    /// The address people reach this server at, for sign-in links and hosted pages (default:
    /// the listen address), such as https://docket.example.internal:3625.
    #[arg(long, env = "DOCKET_PUBLIC_URL", value_name = "URL")]
    public_url: Option<String>,

    /// Invalid API keys one source address may present in a minute; past them its keys not
    /// accepted before are refused (429) until the minute is out. Known keys keep working.
    #[arg(long, default_value_t = docket_engine::organizations::FAILED_KEYS_PER_MINUTE, value_name = "N")]
    failed_key_limit: u32,

    /// Most connections served at once; more are answered 503.
    #[arg(long, default_value_t = 1024, value_name = "N")]
    max_connections: usize,

    /// After Ctrl+C or SIGTERM, how long requests in flight may take before the connections
    /// still open are cut.
    #[arg(long, default_value = "10s", value_parser = parse_duration, value_name = "DURATION")]
    shutdown_deadline: jiff::SignedDuration,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum DurabilityArg {
    Full,
    Normal,
}

fn parse_master_key(s: &str) -> Result<MasterKey, String> {
    MasterKey::parse(s)
}

fn parse_duration(s: &str) -> Result<jiff::SignedDuration, String> {
    docket_engine::time::parse_duration(s)
}

pub async fn run(data_dir: PathBuf, args: ServeArgs) -> Result<()> {
    let mut options = ServeOptions::new(data_dir.clone(), args.listen);
    options.database_key = crate::database_key().cloned();
    options.demo = args.demo;
    options.body_limit = args.body_limit;
    options.dns_server = args.dns_server;
    options.smtp = args.smtp_url.map(|url| docket_engine::email::SmtpSettings { url, from: args.smtp_from.clone() });
    if let Some(key) = args.master_key {
        options.master_key = MasterKeySource::Given(key);
    }
    options.journal = JournalSettings {
        max_entries: args.journal_max_entries,
        retention: args.journal_retention,
        ..JournalSettings::default()
    };
    options.durability = match args.durability {
        DurabilityArg::Full => Durability::Full,
        DurabilityArg::Normal => Durability::Normal,
    };
    if let (Some(cert), Some(key)) = (args.tls_cert, args.tls_key) {
        options.tls = TlsChoice::Files { cert, key };
    }
    options.insecure_http = args.insecure_http;
    if let Some(url) = args.public_url {
        anyhow::ensure!(
            (url.starts_with("http://") || url.starts_with("https://")) && url.parse::<url::Url>().is_ok(),
            "--public-url must be a base URL such as https://docket.example.internal:3625"
        );
        options.public_url = Some(url);
    }
    options.failed_keys_per_minute = args.failed_key_limit;
    options.connections.max_connections = args.max_connections.max(1);
    options.connections.shutdown_deadline = std::time::Duration::try_from(args.shutdown_deadline)
        .map_err(|_| anyhow::anyhow!("--shutdown-deadline must not be negative"))?;
    for (env, value) in
        [(Environment::Sandbox, args.sandbox_api_key), (Environment::Production, args.production_api_key)]
    {
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            options.pinned.push((env, v));
        }
    }

    let server = server::start(options).await?;
    let login = server.console_login_url().await.context("cannot make a console login link")?;
    // The banner is written whole at once; a reader that went away (`docket serve | head -1`)
    // does not stop the server.
    let mut out = Vec::new();
    // The first line is the URL: scripts and tests read it. The second opens the console.
    writeln!(out, "{}", server.url)?;
    writeln!(out, "Console: {login}")?;
    writeln!(out, "Docket {} serving {} (data in {})", env!("CARGO_PKG_VERSION"), server.url, data_dir.display())?;
    if let Some(tls) = &server.tls {
        let source = match &tls.source {
            CertificateSource::Given { cert } => format!("from {}", cert.display()),
            CertificateSource::SelfSignedNew { dir } => format!("self-signed, made now in {}", dir.display()),
            CertificateSource::SelfSigned { dir } => format!("self-signed, from {}", dir.display()),
        };
        writeln!(out, "HTTPS: certificate {source}; SHA-256 fingerprint {}", tls.fingerprint)?;
        if !matches!(tls.source, CertificateSource::Given { .. }) {
            writeln!(
                out,
                "  Browsers will warn that it is self-signed: check that they show this fingerprint before you go on."
            )?;
        }
    }
    if server.insecure {
        writeln!(
            out,
            "WARNING: plain HTTP beyond loopback (--insecure-http): console sessions, API keys and personal data cross \
             the network unencrypted. Serve HTTPS instead (drop --insecure-http, or give --tls-cert and --tls-key)."
        )?;
    }
    writeln!(out, "API reference: {}/docs", server.url)?;
    if server.engine.is_encrypted() {
        writeln!(out, "Encryption at rest: on (the database and stored files, under the given key)")?;
    } else {
        writeln!(
            out,
            "Encryption at rest: OFF. The database and stored files are readable by anyone who can read {}; \
             give a key with --database-key-file or {} (`docket db keygen` makes one, `docket db encrypt` \
             converts this directory)",
            data_dir.display(),
            crate::KEY_VARIABLE
        )?;
    }
    if let Some(seeded) = &server.seeded {
        writeln!(
            out,
            "Demo data: {} sandbox applicants added, {} already present; the KYB demo cases are added in the background",
            seeded.applicants_created, seeded.applicants_present
        )?;
    }
    if let Some(first) = &server.first_run {
        announce_first_run(&mut out, &data_dir, first)?;
    }
    writeln!(out, "Press Ctrl+C to stop.")?;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
        tracing::warn!(error = %e, "the start banner could not be written to standard output; serving anyway");
    }
    drop(stdout);

    server.run(shutdown_signal()).await.context("the server stopped with an error")?;
    // Not `eprintln!`, which panics when standard error is closed.
    let _ = writeln!(std::io::stderr(), "Docket stopped.");
    Ok(())
}

fn announce_first_run(out: &mut impl Write, data_dir: &Path, first: &FirstRun) -> Result<()> {
    if first.keys.is_empty() {
        writeln!(out, "Created the default organization; its keys are the pinned ones.")?;
        return Ok(());
    }
    let path = server::save_first_run_keys(data_dir, first)
        .with_context(|| format!("cannot save the keys in {}", data_dir.display()))?;
    writeln!(out, "First start: created the default organization with one API key per environment:")?;
    for env in Environment::ALL {
        match first.keys.iter().find(|k| k.key.environment == env) {
            Some(k) => writeln!(out, "  {:<11} {}", env.as_str(), k.secret)?,
            None => writeln!(out, "  {:<11} (pinned by {})", env.as_str(), pin_variable(env))?,
        }
    }
    writeln!(out, "They are shown only now, and saved (readable only by you) in {}", path.display())?;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("stopping: finishing in-flight requests");
}
