//! `docket`: the headless Docket. `docket serve` runs the API on a local port; the other commands
//! manage the data directory (keys, organizations, demo data) directly.

mod admin;
mod aml;
mod backups;
mod console;
mod erase;
mod registries;
mod reviewers;
mod serve;
mod webhooks;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Docket: a local identity and compliance service with its console.
///
/// `docket serve` answers the public service's HTTP API (applicants, AML screening, KYB business
/// verification with its hosted widget, signed webhooks) on a local port, over one SQLite file,
/// with a sandbox clock that tests can move. The API reference is served at /docs.
#[derive(Debug, Parser)]
#[command(name = "docket", version, propagate_version = true, max_term_width = 100)]
struct Cli {
    /// Where Docket keeps its database. Defaults to the OS convention for application data
    /// (~/.local/share/docket on Linux).
    #[arg(long, global = true, env = "DOCKET_DATA_DIR", value_name = "DIR")]
    data_dir: Option<PathBuf>,

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
    /// Print the OpenAPI 3.1 description of everything `docket serve` answers (the same as
    /// `GET /openapi.json`), for client generators; no server or data directory needed.
    Openapi,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    init_logging(&cli.log);
    let data_dir = match cli.data_dir.clone().or_else(docket_engine::default_data_dir) {
        Some(dir) => dir,
        None => {
            eprintln!("error: cannot tell where application data goes here; pass --data-dir");
            return std::process::ExitCode::from(2);
        }
    };
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
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
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
}
