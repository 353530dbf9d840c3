//! Commands that work on the data directory directly: keys, organizations, demo data, info.
//! They are safe to run while `docket serve` uses the same directory.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use docket_engine::organizations::{ApiKey, Organization};
use docket_engine::{Engine, Environment, Scope};

/// Manage API keys. A key selects one organization and one environment.
#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Create a key; it is printed once and stored only as a hash.
    Create {
        /// `sandbox` or `production`.
        #[arg(long = "env", value_name = "ENVIRONMENT")]
        environment: Environment,
        /// A name to tell the key apart, such as "CI" or "Alice's laptop".
        #[arg(long, default_value = "API key")]
        name: String,
        #[command(flatten)]
        org: OrgArg,
    },
    /// List keys (never the keys themselves: their start and end only).
    List {
        #[command(flatten)]
        org: OrgArg,
        /// Include revoked keys.
        #[arg(long)]
        all: bool,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Revoke a key at once; requests with it get 401 from then on (a running server notices
    /// within five seconds).
    Revoke {
        /// The key's id, as `docket keys list` shows it.
        key_id: String,
    },
}

/// Choose an organization.
#[derive(Debug, Args)]
pub struct OrgArg {
    /// Organization name or id (default: the default organization).
    #[arg(long, value_name = "ORG")]
    org: Option<String>,
}

/// Manage organizations: the tenants whose data is kept apart.
#[derive(Debug, Subcommand)]
pub enum OrgsCommand {
    /// Create an organization (then give it keys with `docket keys create --org NAME`).
    Create {
        /// The organization's name, unique.
        name: String,
    },
    /// List organizations.
    List {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
}

/// Seed demo data into an organization's sandbox.
#[derive(Debug, Subcommand)]
pub enum DemoCommand {
    /// Add the demo data set (the same as `docket serve --demo`): applicants, KYB cases, document
    /// verifications, e-mail checks and transaction-monitoring events; and optionally many
    /// generated applicants for load tests.
    Seed {
        #[command(flatten)]
        org: OrgArg,
        /// Also add this many generated applicants (fast bulk insert).
        #[arg(long, default_value_t = 0, value_name = "N")]
        synthetic: usize,
        /// Also add this many generated KYB cases, each with its organization applicant (fast
        /// bulk insert).
        #[arg(long, default_value_t = 0, value_name = "N")]
        synthetic_kyb: usize,
        /// Add only the generated records, not the demo data set.
        #[arg(long)]
        synthetic_only: bool,
    },
}

async fn open(data_dir: PathBuf) -> Result<Engine> {
    let engine = Engine::open(crate::engine_config(&data_dir))
        .await
        .with_context(|| format!("cannot open the database in {}", data_dir.display()))?;
    if engine.organizations().bootstrap(&[]).await?.is_some() {
        eprintln!(
            "note: {} was new; start `docket serve` on it to create and show its default keys, or use `docket keys create`",
            data_dir.display()
        );
    }
    Ok(engine)
}

async fn organization(engine: &Engine, org: &OrgArg) -> Result<Organization> {
    Ok(engine.organizations().find(org.org.as_deref()).await?)
}

fn time(t: Option<docket_engine::Timestamp>) -> String {
    t.map_or_else(|| "-".into(), |t| t.as_jiff().strftime("%Y-%m-%d %H:%M").to_string())
}

fn print_keys(keys: &[ApiKey]) {
    println!(
        "{:<36}  {:<10}  {:<24}  {:<22}  {:<16}  {:<16}  STATUS",
        "ID", "ENV", "NAME", "KEY", "CREATED", "LAST USED"
    );
    for k in keys {
        let status = if k.revoked_at.is_some() { "revoked" } else { "active" };
        let name: String = k.name.chars().take(24).collect();
        println!(
            "{:<36}  {:<10}  {:<24}  {:<22}  {:<16}  {:<16}  {status}",
            k.id.to_string(),
            k.environment.as_str(),
            name,
            k.hint,
            time(Some(k.created_at)),
            time(k.last_used_at)
        );
    }
}

pub async fn keys(data_dir: PathBuf, cmd: KeysCommand) -> Result<()> {
    let engine = open(data_dir).await?;
    match cmd {
        KeysCommand::Create { environment, name, org } => {
            let org = organization(&engine, &org).await?;
            let created = engine.keys().create(org.id, environment, &name).await?;
            eprintln!("Created a {environment} key for {} (id {}). It is shown only now:", org.name, created.key.id);
            println!("{}", created.secret);
        }
        KeysCommand::List { org, all, json } => {
            let org = organization(&engine, &org).await?;
            let keys: Vec<ApiKey> =
                engine.keys().list(Some(org.id)).await?.into_iter().filter(|k| all || k.revoked_at.is_none()).collect();
            if json {
                println!("{}", to_json(&keys)?);
            } else {
                println!("Keys of {} ({})", org.name, org.id);
                print_keys(&keys);
            }
        }
        KeysCommand::Revoke { key_id } => {
            let id = key_id.parse().map_err(|e: docket_engine::Error| anyhow::anyhow!("{e}"))?;
            let key = engine.keys().revoke(id).await?;
            println!("Revoked {} ({}, {})", key.id, key.environment, key.hint);
        }
    }
    engine.shutdown().await;
    Ok(())
}

fn to_json<T: serde::Serialize>(v: &T) -> Result<String> {
    Ok(serde_json::to_string_pretty(v)?)
}

pub async fn orgs(data_dir: PathBuf, cmd: OrgsCommand) -> Result<()> {
    let engine = open(data_dir).await?;
    match cmd {
        OrgsCommand::Create { name } => {
            let org = engine.organizations().create(&name).await?;
            println!(
                "Created organization {} ({}). Give it keys with: docket keys create --org {:?} --env sandbox",
                org.name, org.id, org.name
            );
        }
        OrgsCommand::List { json } => {
            let orgs = engine.organizations().list().await?;
            if json {
                println!("{}", to_json(&orgs)?);
            } else {
                println!("{:<36}  {:<16}  NAME", "ID", "CREATED");
                for o in orgs {
                    let default = if o.is_default { "  (default)" } else { "" };
                    println!("{:<36}  {:<16}  {}{default}", o.id.to_string(), time(Some(o.created_at)), o.name);
                }
            }
        }
    }
    engine.shutdown().await;
    Ok(())
}

pub async fn demo(data_dir: PathBuf, cmd: DemoCommand) -> Result<()> {
    let engine = open(data_dir).await?;
    match cmd {
        DemoCommand::Seed { org, synthetic, synthetic_kyb, synthetic_only } => {
            let org = organization(&engine, &org).await?;
            let scope = Scope::new(org.id, Environment::Sandbox);
            if synthetic_only && synthetic == 0 && synthetic_kyb == 0 {
                bail!("--synthetic-only needs --synthetic N or --synthetic-kyb N");
            }
            if !synthetic_only {
                let s = engine.demo().seed(scope).await?;
                println!(
                    "Demo data: {} applicants added, {} already present; {} KYB cases, {} document verifications, {} \
                     bank statements, {} e-mail checks, {} non-document checks, {} KYT checks, {} deepfake analyses \
                     and {} monitored transactions added",
                    s.applicants_created,
                    s.applicants_present,
                    s.kyb_cases_created,
                    s.verifications_created,
                    s.bank_statements_created,
                    s.email_checks_created,
                    s.nondoc_checks_created,
                    s.kyt_checks_created,
                    s.deepfake_analyses_created,
                    s.transmon_events_created
                );
            }
            if synthetic > 0 {
                let started = std::time::Instant::now();
                let n = engine.demo().seed_synthetic(scope, synthetic, 42).await?;
                println!("Generated {n} applicants in {:.1} s", started.elapsed().as_secs_f64());
            }
            if synthetic_kyb > 0 {
                let started = std::time::Instant::now();
                let n = engine.kyb().seed_synthetic(scope, synthetic_kyb, 42).await?;
                println!("Generated {n} KYB cases in {:.1} s", started.elapsed().as_secs_f64());
            }
        }
    }
    engine.shutdown().await;
    Ok(())
}

pub async fn info(data_dir: PathBuf) -> Result<()> {
    let engine = open(data_dir.clone()).await?;
    println!("Docket {}", env!("CARGO_PKG_VERSION"));
    println!("Data directory: {}", data_dir.display());
    println!("Database:       {} (schema version {})", engine.database_path().display(), docket_engine::SCHEMA_VERSION);
    println!("Encrypted:      {}", if engine.is_encrypted() { "yes (the database and stored files)" } else { "no" });
    for org in engine.organizations().list().await? {
        let keys = engine.keys().list(Some(org.id)).await?;
        println!("Organization:   {}{} ({})", org.name, if org.is_default { " (default)" } else { "" }, org.id);
        for env in Environment::ALL {
            let scope = Scope::new(org.id, env);
            let active = keys.iter().filter(|k| k.environment == env && k.revoked_at.is_none()).count();
            println!("  {:<11} {active} active key(s), clock {}", env.as_str(), engine.now(scope));
            // What each domain holds, as it declares it (the overview's counts).
            let counts = engine.console().counts(scope).await?;
            let held: Vec<String> = counts.0.iter().map(|(name, n)| format!("{name} {n}")).collect();
            println!("  {:<11} {}", "", held.join(", "));
        }
    }
    engine.shutdown().await;
    Ok(())
}
