//! `docket console`: sign a browser in to the console.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Subcommand;
use docket_api::server::{self, DEFAULT_LISTEN};
use docket_engine::Engine;

/// The console in a browser: one-time login links.
#[derive(Debug, Subcommand)]
pub enum ConsoleCommand {
    /// Make a one-time login link and print its URL. Opening it signs the browser in to the
    /// console (for 30 days from the last use); the link itself works once, within 24 hours.
    /// Works while `docket serve` runs on the same data directory.
    Link {
        /// Organization name or id (default: the default organization).
        #[arg(long, value_name = "ORG")]
        organization: Option<String>,
        /// The reviewer the link signs in (name or id; default: the machine's owner).
        #[arg(long, value_name = "REVIEWER")]
        reviewer: Option<String>,
        /// The server's base URL, as the first line of `docket serve` prints it (default: the
        /// address of the `docket serve` running on this data directory, else the default listen
        /// address).
        #[arg(long, value_name = "URL")]
        url: Option<String>,
    },
}

pub async fn run(data_dir: PathBuf, cmd: ConsoleCommand) -> Result<()> {
    match cmd {
        ConsoleCommand::Link { organization, reviewer, url } => {
            let url = url.unwrap_or_else(|| server::running_url(&data_dir));
            let host = url.strip_prefix("http://").or_else(|| url.strip_prefix("https://")).unwrap_or("");
            anyhow::ensure!(
                !host.trim_end_matches('/').is_empty() && !url.contains(['?', '#', ' ']),
                "--url must be the server's base URL, such as http://{DEFAULT_LISTEN}"
            );
            let engine = Engine::open(crate::engine_config(&data_dir))
                .await
                .with_context(|| format!("cannot open the database in {}", data_dir.display()))?;
            let link = server::console_login_url(&engine, &url, organization.as_deref(), reviewer.as_deref()).await;
            engine.shutdown().await;
            let link = link?;
            println!("{link}");
            eprintln!("Open it in a browser to sign in to the console. It works once, within 24 hours.");
        }
    }
    Ok(())
}
