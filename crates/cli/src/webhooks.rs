//! `docket webhooks`: the receiver's side of signatures, and master keys.

use std::io::Read;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Subcommand;
use docket_engine::webhooks::signature::{self, DEFAULT_TOLERANCE_SECONDS};
use docket_engine::webhooks::{MasterKey, SigningSecret};

/// Webhooks: verify a delivery's signature as a receiver would; make a master key.
#[derive(Debug, Subcommand)]
pub enum WebhooksCommand {
    /// Verify an `X-Webhook-Signature` against a body, as a receiver must: exit status 0 when
    /// a `v1` signature matches and the timestamp is within the tolerance, 1 otherwise, with
    /// the reason.
    Verify {
        /// The endpoint's signing secret, `whsec_...`.
        #[arg(long, env = "DOCKET_WEBHOOK_SECRET", hide_env_values = true)]
        secret: String,
        /// The header's value, `t=...,v1=...` (a leading `X-Webhook-Signature:` is accepted).
        #[arg(long)]
        header: String,
        /// The raw body as received (`-` for standard input).
        #[arg(long, value_name = "FILE")]
        body_file: PathBuf,
        /// Most seconds between the signature's time and now, either way; 0 skips the check.
        #[arg(long, default_value_t = DEFAULT_TOLERANCE_SECONDS)]
        tolerance: u64,
    },
    /// Print a new random master key (64 hex digits), for DOCKET_MASTER_KEY.
    NewMasterKey,
}

pub fn run(cmd: WebhooksCommand) -> Result<()> {
    match cmd {
        WebhooksCommand::Verify { secret, header, body_file, tolerance } => {
            let secret = SigningSecret::parse(&secret).map_err(|e| anyhow::anyhow!("--secret: {e}"))?;
            let body = if body_file.as_os_str() == "-" {
                let mut buf = Vec::new();
                std::io::stdin().read_to_end(&mut buf).context("reading the body from standard input")?;
                buf
            } else {
                std::fs::read(&body_file).with_context(|| format!("reading {}", body_file.display()))?
            };
            let header = header.trim();
            let header = match header.split_once(':') {
                Some((name, value)) if name.trim().eq_ignore_ascii_case(signature::HEADER) => value.trim(),
                _ => header,
            };
            let now = jiff::Timestamp::now().as_second();
            match signature::verify(&secret, header, &body, now, tolerance) {
                Ok(v) => {
                    println!("valid: v1 entry {} matches; signed at {} ({} s ago)", v.matched + 1, v.t, now - v.t);
                    Ok(())
                }
                Err(e) => bail!("invalid: {e}"),
            }
        }
        WebhooksCommand::NewMasterKey => {
            println!("{}", MasterKey::generate().to_hex());
            Ok(())
        }
    }
}
