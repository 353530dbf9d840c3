//! E-mail verification (issue 14, under way): an address's syntax, its domain's mail exchanger,
//! disposable and role addresses, a verdict with its code and risk score, and proof of
//! ownership by a one-time code.
//!
//! - `address`: the syntax (RFC 5321/5322, RFC 6531, IDNA);
//! - `rules`: role accounts, disposable domains, typo suggestions, the verdict model;
//! - `mx`: the sandbox's mail-exchanger simulation; `otp`: one-time codes; `caps`: how many
//!   wrong codes a check and an address take, and how many codes an address gets a day;
//!   `messages`: the code's message in four languages;
//! - `model`, `store`, `service`: the check as served, its SQL, its rules; `process`: rechecks
//!   as due work; `demo`: the demo data set's checks.

pub mod address;
pub mod caps;
mod demo;
pub mod messages;
mod model;
pub mod mx;
pub mod otp;
mod process;
mod resolver;
pub mod rules;
mod service;
mod smtp;
pub(crate) mod store;

pub use model::*;
pub use rules::Verdict;
pub use service::{EVENT, Emails, LIST_BOUNDS, NewEmailCheck};
pub use smtp::SmtpSettings;
pub use store::EmailCheckFilter;

pub(crate) use process::spawn;

use crate::domains::{Count, Domain, Reset, Table};

/// The tables of e-mail verification: all go with a sandbox reset (the day's counts too, so a
/// reset sandbox starts afresh).
pub(crate) const DOMAIN: Domain = Domain {
    tables: &[
        Table { name: "email_address_days", reset: Reset::Delete(None), counts: &[] },
        Table { name: "email_messages", reset: Reset::Delete(Some("email_messages")), counts: &[] },
        Table {
            name: "email_checks",
            reset: Reset::Delete(Some("email_checks")),
            counts: &[Count::all("email_checks")],
        },
    ],
    after_reset: None,
};

/// The engine's e-mail state: production's resolver, made on first use.
pub(crate) struct EmailState {
    dns_server: Option<std::net::SocketAddr>,
    resolver: std::sync::OnceLock<Result<resolver::MxResolver, String>>,
    smtp: Option<SmtpSettings>,
    relay: std::sync::OnceLock<Result<smtp::Relay, String>>,
}

impl EmailState {
    pub(crate) fn new(dns_server: Option<std::net::SocketAddr>, smtp: Option<SmtpSettings>) -> Self {
        EmailState { dns_server, resolver: std::sync::OnceLock::new(), smtp, relay: std::sync::OnceLock::new() }
    }

    /// The SMTP relay, when one is configured (an unusable configuration is an error).
    pub(crate) fn relay(&self) -> Option<Result<&smtp::Relay, &str>> {
        let settings = self.smtp.as_ref()?;
        Some(self.relay.get_or_init(|| smtp::Relay::new(settings)).as_ref().map_err(String::as_str))
    }

    pub(crate) fn resolver(&self) -> Result<&resolver::MxResolver, &str> {
        self.resolver.get_or_init(|| resolver::MxResolver::new(self.dns_server)).as_ref().map_err(String::as_str)
    }
}

impl Emails<'_> {
    /// Runs the due rechecks and sends now (tests and tools).
    pub async fn run_due(&self) -> crate::error::Result<usize> {
        process::run_due(self.engine).await
    }
}
