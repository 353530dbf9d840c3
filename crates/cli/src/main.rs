//! `docket`: the headless Docket. `docket serve` runs the API on a local port; the other commands
//! manage the data directory (keys, organizations, demo data) directly.

mod admin;
mod aml;
mod backups;
mod console;
mod db;
mod erase;
mod registries;
mod reviewers;
mod serve;
mod webhooks;

use std::path::PathBuf;
use std::sync::OnceLock;

use clap::{Parser, Subcommand};
use docket_engine::EngineConfig;
use docket_engine::encryption::DatabaseKey;

/// mimalloc instead of the C library's allocator: a request allocates and frees many small
/// values, some on another thread than made them (the writer's results), and glibc's malloc and
/// free were about a tenth of the server's time under transaction events (perf). With mimalloc
/// the saturated event rate was 1.19 times as high (`bench/transmon-ab.sh`, three rounds).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Docket: a local identity and compliance service with its console.
///
/// `docket serve` answers the public service's HTTP API on a local port, over one SQLite file:
/// applicants; AML screening (watchlists, monitoring, hit resolution, data sources); KYB business
/// verification with its hosted widget and single checks; document verification with profiles,
/// links and the hosted verification page; bankbook extraction; e-mail verification; non-document
/// verification of national identifiers; deepfake analysis of streams and uploads; KYT
/// crypto-address risk; transaction monitoring; signed webhooks. The console serves reviewers:
/// reviewer accounts, the reviewer's desk and its audit trail. Data and privacy: encryption at
/// rest, erasure, retention and backups. A sandbox clock
/// that tests can move, sandbox reset and the request journal. The API reference is served at
/// /docs.
#[derive(Debug, Parser)]
#[command(name = "docket", version, propagate_version = true, max_term_width = 100)]
struct Cli {
    /// Where Docket keeps its database. Defaults to the OS convention for application data
    /// (~/.local/share/docket on Linux).
    #[arg(long, global = true, env = "DOCKET_DATA_DIR", value_name = "DIR")]
    data_dir: Option<PathBuf>,

    /// The file holding the database key (its first line: 64 hex digits, as `docket db keygen`
    /// makes, or a passphrase of 12 characters or more). The key may instead be given itself in
    /// DOCKET_DATABASE_KEY. With a key, the database and its stored files are encrypted at rest;
    /// without one, they are not.
    #[arg(long, global = true, value_name = "FILE")]
    database_key_file: Option<PathBuf>,

    /// Log filter, such as `info`, `debug` or `docket_api=debug` (logs go to standard error).
    #[arg(long, global = true, env = "DOCKET_LOG", default_value = "info", value_name = "FILTER")]
    log: String,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Serve(serve::ServeArgs),
    #[command(subcommand)]
    Keys(admin::KeysCommand),
    #[command(subcommand)]
    Orgs(admin::OrgsCommand),
    #[command(subcommand)]
    Demo(admin::DemoCommand),
    #[command(subcommand)]
    Lists(aml::ListsCommand),
    #[command(subcommand)]
    Aml(aml::AmlCommand),
    /// Company registry files (Companies House, GLEIF) for production's KYB checks.
    #[command(subcommand)]
    Registries(registries::RegistriesCommand),
    #[command(subcommand)]
    Webhooks(webhooks::WebhooksCommand),
    #[command(subcommand)]
    Console(console::ConsoleCommand),
    #[command(subcommand)]
    Reviewers(reviewers::ReviewersCommand),
    /// The audit trail of the reviewer's desk.
    #[command(subcommand)]
    Audit(reviewers::AuditCommand),
    /// Show the data directory, the database and its contents at a glance.
    Info,
    Backup(backups::BackupArgs),
    Restore(backups::RestoreArgs),
    Erase(erase::EraseArgs),
    /// Encryption at rest: make a key, encrypt, decrypt or rekey the data directory.
    #[command(subcommand)]
    Db(db::DbCommand),
    /// Print the OpenAPI 3.1 description of everything `docket serve` answers (the same as
    /// `GET /openapi.json`), for client generators; no server or data directory needed.
    Openapi,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    // A reader that stops early (`docket info | head`) ends a printing command quietly, as it
    // does any Unix tool, instead of making the next `println!` panic. Not the server: there a
    // broken pipe (a client gone, a child process that stopped reading its input) is an error
    // value of the write that broke it, and SIGPIPE stays ignored as Rust sets it, so that it
    // cannot end the process serving everyone else.
    if !matches!(cli.command, Command::Serve(_)) {
        sigpipe::reset();
    }
    init_logging(&cli.log);
    let data_dir = match cli.data_dir.clone().or_else(docket_engine::default_data_dir) {
        Some(dir) => dir,
        None => {
            eprintln!("error: cannot tell where application data goes here; pass --data-dir");
            return std::process::ExitCode::from(2);
        }
    };
    match given_key(cli.database_key_file.as_deref()) {
        Ok(key) => {
            let _ = DATABASE_KEY.set(key);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        match cli.command {
            Command::Serve(args) => serve::run(data_dir, args).await,
            Command::Keys(cmd) => admin::keys(data_dir, cmd).await,
            Command::Orgs(cmd) => admin::orgs(data_dir, cmd).await,
            Command::Demo(cmd) => admin::demo(data_dir, cmd).await,
            Command::Info => admin::info(data_dir).await,
            Command::Backup(args) => backups::backup(&data_dir, args),
            Command::Restore(args) => backups::restore(&data_dir, args),
            Command::Erase(args) => erase::run(data_dir, args).await,
            Command::Db(cmd) => db::run(&data_dir, cmd),
            Command::Lists(cmd) => aml::lists(data_dir, cmd).await,
            Command::Webhooks(cmd) => webhooks::run(cmd),
            Command::Aml(cmd) => aml::run(data_dir, cmd).await,
            Command::Registries(cmd) => registries::run(data_dir, cmd).await,
            Command::Console(cmd) => console::run(data_dir, cmd).await,
            Command::Reviewers(cmd) => reviewers::run(data_dir, cmd).await,
            Command::Audit(cmd) => reviewers::audit(cmd),
            Command::Openapi => print_openapi(),
        }
    });
    // Every database handle goes with the runtime's tasks; its threads then close their
    // connections, which must happen before the exit handlers tear SQLCipher down.
    runtime.shutdown_timeout(std::time::Duration::from_secs(5));
    if !docket_engine::wait_for_database_threads(std::time::Duration::from_secs(10)) {
        eprintln!("warning: the database did not close within 10 s");
    }
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The database key this run was given (`--database-key-file` or `DOCKET_DATABASE_KEY`).
static DATABASE_KEY: OnceLock<Option<DatabaseKey>> = OnceLock::new();

/// The environment variable that holds the database key itself.
pub const KEY_VARIABLE: &str = "DOCKET_DATABASE_KEY";

fn given_key(file: Option<&std::path::Path>) -> Result<Option<DatabaseKey>, String> {
    let from_env = std::env::var(KEY_VARIABLE).ok().filter(|v| !v.trim().is_empty());
    match (file, from_env) {
        (Some(_), Some(_)) => Err(format!("give the database key one way: --database-key-file or {KEY_VARIABLE}")),
        (Some(path), None) => DatabaseKey::from_file(path).map(Some),
        (None, Some(text)) => DatabaseKey::parse(&text).map(Some).map_err(|e| format!("{KEY_VARIABLE}: {e}")),
        (None, None) => Ok(None),
    }
}

/// The database key of this run, if one was given.
pub fn database_key() -> Option<&'static DatabaseKey> {
    DATABASE_KEY.get().and_then(Option::as_ref)
}

/// How the commands open the engine of a data directory: with this run's database key.
pub fn engine_config(data_dir: &std::path::Path) -> EngineConfig {
    let mut config = EngineConfig::new(data_dir);
    config.database_key = database_key().cloned();
    config
}

fn print_openapi() -> anyhow::Result<()> {
    use std::io::Write;
    let json = docket_api::openapi().to_pretty_json()?;
    match writeln!(std::io::stdout().lock(), "{json}") {
        // The reader stopped early (`docket openapi | head`): not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

fn init_logging(filter: &str) {
    let filter =
        tracing_subscriber::EnvFilter::try_new(filter).unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(ansi)
        .with_target(false)
        .init();
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed_and_every_command_is_described() {
        let cmd = super::Cli::command();
        cmd.clone().debug_assert();
        fn walk(cmd: &clap::Command, path: &str) {
            for sub in cmd.get_subcommands() {
                let name = format!("{path} {}", sub.get_name());
                assert!(sub.get_about().is_some(), "`{name}` has no help text");
                for arg in sub.get_arguments() {
                    assert!(
                        arg.get_help().is_some() || arg.is_hide_set(),
                        "`{name} --{}` has no help text",
                        arg.get_id()
                    );
                }
                walk(sub, &name);
            }
        }
        walk(&cmd, "docket");
    }

    /// Each tag of the OpenAPI description (an area the API serves), and the words the help and
    /// the README name it with. A new area fails here until both say it exists.
    const AREAS: &[(&str, &str)] = &[
        ("Applicants", "applicants"),
        ("AML screening", "AML screening"),
        ("KYB", "KYB business verification"),
        ("KYB widget", "hosted widget"),
        ("KYB single checks", "single checks"),
        ("KYB desk", "reviewer's desk"),
        ("Reviewer desk", "reviewer's desk"),
        ("Audit trail", "audit trail"),
        ("Verifications", "document verification"),
        ("Documents", "document verification"),
        ("Verification profiles", "profiles"),
        ("Verification links", "links"),
        ("Hosted verification", "hosted verification page"),
        ("Bankbook extraction", "bankbook extraction"),
        ("E-mail verification", "e-mail verification"),
        ("Non-document verification", "non-document verification"),
        ("Deepfake analysis", "deepfake analysis"),
        ("KYT", "crypto-address risk"),
        ("Transaction monitoring", "transaction monitoring"),
        ("Webhooks", "webhooks"),
        ("Reviewer accounts", "reviewer accounts"),
        ("Console", "console"),
        ("Data and privacy", "erasure"),
        ("Docket controls", "request journal"),
        ("Server", "HTTP API"),
    ];

    #[test]
    fn the_help_and_the_readme_name_every_area_the_api_serves() {
        let spec: serde_json::Value =
            serde_json::from_str(&docket_api::openapi().to_json().expect("json")).expect("the description");
        let mut tags: Vec<&str> = spec["paths"]
            .as_object()
            .expect("paths")
            .values()
            .flat_map(|item| item.as_object().into_iter().flat_map(|ops| ops.values()))
            .flat_map(|op| op["tags"].as_array().into_iter().flatten().filter_map(|t| t.as_str()))
            .collect();
        tags.sort_unstable();
        tags.dedup();
        let help = super::Cli::command().get_long_about().map(|a| a.to_string()).unwrap_or_default().to_lowercase();
        let readme = include_str!("../../../README.md").to_lowercase();
        for tag in tags {
            let (_, words) = AREAS
                .iter()
                .find(|(t, _)| *t == tag)
                .unwrap_or_else(|| panic!("`{tag}` is a new area: name it in `docket --help`, the README and AREAS"));
            let words = words.to_lowercase();
            assert!(help.contains(&words), "`docket --help` does not name {tag} ({words})");
            assert!(readme.contains(&words), "the README does not name {tag} ({words})");
        }
    }
}
