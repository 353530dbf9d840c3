//! `docket reviewers` and `docket audit`: reviewer accounts, and verifying an exported audit
//! chain.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Subcommand, ValueEnum};
use docket_api::server;
use docket_engine::Engine;
use docket_engine::console::{NewReviewer, Role};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RoleArg {
    /// Works cases: claims, comments, decides the cases assigned to them.
    Reviewer,
    /// Also gives the second approval of four eyes.
    Senior,
    /// Also manages reviewers, reassigns cases and sets the desk's rules.
    Admin,
}

impl From<RoleArg> for Role {
    fn from(r: RoleArg) -> Role {
        match r {
            RoleArg::Reviewer => Role::Reviewer,
            RoleArg::Senior => Role::Senior,
            RoleArg::Admin => Role::Admin,
        }
    }
}

/// Reviewer accounts: the people who sign in to the console. Works while `docket serve` runs on
/// the same data directory.
#[derive(Debug, Subcommand)]
pub enum ReviewersCommand {
    /// Add a reviewer and print a one-time sign-in link for them (last line).
    Add {
        /// The reviewer's name, unique whatever its letter case (1 to 80 characters).
        name: String,
        /// `reviewer`, `senior` (may give the second approval of four eyes) or `admin`.
        #[arg(long, value_enum, default_value = "reviewer")]
        role: RoleArg,
        /// Their e-mail address (optional; shown to other reviewers).
        #[arg(long)]
        email: Option<String>,
        #[command(flatten)]
        target: Target,
    },
    /// List the reviewers.
    List {
        #[command(flatten)]
        target: Target,
    },
    /// Print a new one-time sign-in link for a reviewer (by name or id).
    Link {
        /// The reviewer's name (any letter case) or id.
        reviewer: String,
        #[command(flatten)]
        target: Target,
    },
    /// Disable a reviewer: their sessions end at once.
    Disable {
        /// The reviewer's name (any letter case) or id.
        reviewer: String,
        #[command(flatten)]
        target: Target,
    },
    /// Enable a disabled reviewer again.
    Enable {
        /// The reviewer's name (any letter case) or id.
        reviewer: String,
        #[command(flatten)]
        target: Target,
    },
}

#[derive(Debug, clap::Args)]
pub struct Target {
    /// Organization name or id (default: the default organization).
    #[arg(long, value_name = "ORG")]
    organization: Option<String>,
    /// The server's base URL, for sign-in links (default: the address of the `docket serve`
    /// running on this data directory, else the default listen address).
    #[arg(long, value_name = "URL")]
    url: Option<String>,
}

impl Target {
    fn base_url(&self, engine: &Engine) -> String {
        self.url.clone().unwrap_or_else(|| server::running_url(engine.data_dir()))
    }
}

pub async fn run(data_dir: PathBuf, cmd: ReviewersCommand) -> Result<()> {
    let engine = Engine::open(crate::engine_config(&data_dir))
        .await
        .with_context(|| format!("cannot open the database in {}", data_dir.display()))?;
    let result = act(&engine, cmd).await;
    engine.shutdown().await;
    result
}

async fn act(engine: &Engine, cmd: ReviewersCommand) -> Result<()> {
    let console = engine.console();
    let org = |t: &Target| t.organization.clone();
    match cmd {
        ReviewersCommand::Add { name, role, email, target } => {
            let organization = engine.organizations().find(org(&target).as_deref()).await?;
            console.owner(organization.id).await?;
            let new = NewReviewer { name, email, role: role.into() };
            let r = console.add_reviewer(organization.id, new, &docket_engine::Actor::Command).await?;
            let link = server::console_login_url(
                engine,
                &target.base_url(engine),
                Some(&organization.id.to_string()),
                Some(&r.id.to_string()),
            )
            .await?;
            eprintln!(
                "Added {} ({}), id {}. Their one-time sign-in link (24 hours):",
                r.name.as_str(),
                r.role.as_str(),
                r.id
            );
            println!("{link}");
        }
        ReviewersCommand::List { target } => {
            let organization = engine.organizations().find(org(&target).as_deref()).await?;
            console.owner(organization.id).await?;
            println!("{:<36}  {:<8}  {:<8}  NAME", "ID", "ROLE", "STATE");
            for r in console.reviewers(organization.id).await? {
                let state = if r.removed_at.is_some() {
                    "removed"
                } else if r.disabled_at.is_some() {
                    "disabled"
                } else if r.owner {
                    "owner"
                } else {
                    "enabled"
                };
                println!("{}  {:<8}  {:<8}  {}", r.id, r.role.as_str(), state, r.name.as_str());
            }
        }
        ReviewersCommand::Link { reviewer, target } => {
            let url = target.base_url(engine);
            let link = server::console_login_url(engine, &url, org(&target).as_deref(), Some(&reviewer)).await?;
            println!("{link}");
        }
        ReviewersCommand::Disable { reviewer, target } => set_disabled(engine, &reviewer, &target, true).await?,
        ReviewersCommand::Enable { reviewer, target } => set_disabled(engine, &reviewer, &target, false).await?,
    }
    Ok(())
}

async fn set_disabled(engine: &Engine, reviewer: &str, target: &Target, disabled: bool) -> Result<()> {
    let organization = engine.organizations().find(target.organization.as_deref()).await?;
    let r = engine.console().find_reviewer(organization.id, reviewer).await?;
    let r = engine.console().set_disabled(organization.id, r.id, disabled, &docket_engine::Actor::Command).await?;
    println!("{} is {}", r.name.as_str(), if disabled { "disabled: their sessions ended" } else { "enabled" });
    Ok(())
}

/// The audit trail.
#[derive(Debug, Subcommand)]
pub enum AuditCommand {
    /// Verify an exported audit chain (JSON Lines from `GET /_docket/audit/export`): exits 0 when
    /// intact, 1 naming every event that was edited, removed, reordered or emptied without an
    /// erasure (and whether an admin acknowledged it).
    Verify {
        /// The exported chain (JSON Lines).
        file: PathBuf,
    },
}

pub fn audit(cmd: AuditCommand) -> Result<()> {
    match cmd {
        AuditCommand::Verify { file } => {
            let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let verified = docket_engine::audit::verify_lines(&text);
            if docket_engine::audit::is_first_format(&text) {
                println!(
                    "(exported before Docket's audit chain was upgraded, in its first format: there, an event an \
                     erasure emptied does not prove the events before it)"
                );
            }
            let Some(first) = &verified.problem else {
                println!("intact: {} events; head hash {}", verified.events, verified.head_hash);
                return Ok(());
            };
            println!(
                "NOT intact: {} ({} events read; {} problems, {} not acknowledged)",
                first.message,
                verified.events,
                verified.problems.len() as u64 + verified.more_problems,
                verified.unacknowledged
            );
            for problem in &verified.problems {
                match &problem.acknowledged {
                    None => println!("  event {}: {}", problem.seq, problem.message),
                    Some(a) => println!(
                        "  event {}: {} (acknowledged by {} in event {}: {})",
                        problem.seq, problem.message, a.by, a.seq, a.note
                    ),
                }
            }
            if verified.more_problems > 0 {
                println!("  and {} more", verified.more_problems);
            }
            std::process::exit(1);
        }
    }
}
