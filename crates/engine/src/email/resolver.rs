//! Production's mail-exchanger lookups through DNS (hickory): the system's resolvers, or one
//! given server (`--dns-server`, also how tests point it at a local DNS server). Answers are
//! cached by their TTLs; each lookup has a 3-second timeout and two tries.
//!
//! A null MX (`0 .`, RFC 7505) is a domain that takes no mail. Without MX records a domain's
//! address records are its implicit MX (RFC 5321 §5.1). NXDOMAIN is a domain that does not
//! exist; a lookup that cannot be made (timeout, server failure) is not "no MX": it says so.

use std::net::SocketAddr;
use std::time::Duration;

use hickory_resolver::TokioResolver;
use hickory_resolver::config::{NameServerConfigGroup, ResolverConfig};
use hickory_resolver::name_server::TokioConnectionProvider;

use super::rules::MxState;

pub(crate) struct MxResolver {
    resolver: TokioResolver,
}

impl MxResolver {
    /// A resolver on the system's configuration, or on `server` alone.
    pub(crate) fn new(server: Option<SocketAddr>) -> Result<MxResolver, String> {
        let mut builder = match server {
            Some(addr) => {
                let servers = NameServerConfigGroup::from_ips_clear(&[addr.ip()], addr.port(), true);
                TokioResolver::builder_with_config(
                    ResolverConfig::from_parts(None, vec![], servers),
                    TokioConnectionProvider::default(),
                )
            }
            None => TokioResolver::builder_tokio().map_err(|e| format!("the system's DNS configuration: {e}"))?,
        };
        let options = builder.options_mut();
        options.timeout = Duration::from_secs(3);
        options.attempts = 2;
        options.cache_size = 4096;
        Ok(MxResolver { resolver: builder.build() })
    }

    /// The domain's mail exchangers, best first (an implicit MX is the domain itself).
    pub(crate) async fn lookup(&self, ascii_domain: &str) -> (MxState, Vec<String>) {
        let fqdn = format!("{}.", ascii_domain.trim_end_matches('.'));
        match self.resolver.mx_lookup(fqdn.as_str()).await {
            Ok(found) => {
                let mut records: Vec<(u16, String)> = found
                    .iter()
                    .map(|mx| (mx.preference(), mx.exchange().to_utf8().trim_end_matches('.').to_owned()))
                    .collect();
                records.sort();
                if records.iter().all(|(_, host)| host.is_empty()) {
                    return (MxState::NoMail, Vec::new());
                }
                (MxState::Found, records.into_iter().map(|(_, h)| h).filter(|h| !h.is_empty()).collect())
            }
            Err(e) if e.is_nx_domain() => (MxState::NoDomain, Vec::new()),
            Err(e) if e.is_no_records_found() => match self.resolver.lookup_ip(fqdn.as_str()).await {
                Ok(ips) if ips.iter().next().is_some() => (MxState::Found, vec![ascii_domain.to_owned()]),
                Ok(_) => (MxState::NoMail, Vec::new()),
                Err(e) if e.is_nx_domain() => (MxState::NoDomain, Vec::new()),
                Err(e) if e.is_no_records_found() => (MxState::NoMail, Vec::new()),
                Err(_) => (MxState::LookupFailed, Vec::new()),
            },
            Err(_) => (MxState::LookupFailed, Vec::new()),
        }
    }
}
