//! Which endpoint URLs and addresses deliveries may go to.
//!
//! Only `http` and `https`. In production, the address guard refuses every address that is not
//! public by the IANA special-purpose registries ([`crate::special_addresses`]: loopback,
//! private, link-local (cloud metadata), shared, unique-local, documentation, an IPv4 address
//! of these carried in IPv6, ...) unless an admin allowed private addresses: a webhook must not
//! become a way to reach the machine's own network. The URL's host is checked when the endpoint
//! is saved (literal addresses and `localhost` names), and the transport checks every address
//! it connects to, after resolution, on every attempt ([`super::transport::Outbound::public_only`]).
//! The sandbox allows every address: a developer's local receiver is the normal case there.

use std::net::IpAddr;

use url::{Host, Url};

use crate::error::{Error, Result};
use crate::special_addresses::{self, NotPublic};

/// The longest endpoint URL accepted.
pub const MAX_URL_LEN: usize = 2048;

/// What a refusal says, and what to do about it.
pub const GUARD_REFUSES: &str = "refused in production by the address guard (an admin can turn \
                                 `allow_private_addresses` on in the console's webhook settings)";

/// Whether deliveries may go to this address when private addresses are not allowed.
pub fn is_public(ip: IpAddr) -> bool {
    special_addresses::is_public(ip)
}

/// Why deliveries may not go to this address when private addresses are not allowed.
pub fn check_address(ip: IpAddr) -> std::result::Result<(), NotPublic> {
    special_addresses::check(ip)
}

/// Checks an endpoint URL as given by a caller, returning it normalised.
pub fn check_url(text: &str, allow_private: bool) -> Result<String> {
    let field = "webhook_url";
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::invalid(field, "must not be empty"));
    }
    if text.len() > MAX_URL_LEN {
        return Err(Error::invalid(field, format!("must be at most {MAX_URL_LEN} characters")));
    }
    let url = Url::parse(text).map_err(|e| Error::invalid(field, format!("is not a valid URL ({e})")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(Error::invalid(field, format!("must be an http or https URL, not {}:", url.scheme())));
    }
    let host = url.host().ok_or_else(|| Error::invalid(field, "must name a host"))?;
    if !allow_private {
        let refused = match &host {
            Host::Ipv4(ip) => check_address(IpAddr::V4(*ip)).map_err(|r| r.to_string()),
            Host::Ipv6(ip) => check_address(IpAddr::V6(*ip)).map_err(|r| r.to_string()),
            Host::Domain(name) => {
                // RFC 6761: `localhost` names are loopback, whatever a resolver says. Other
                // names are checked on the addresses they resolve to, at each attempt.
                let name = name.trim_end_matches('.').to_ascii_lowercase();
                if name == "localhost" || name.ends_with(".localhost") {
                    Err(format!("{host} is a loopback name (RFC 6761)"))
                } else {
                    Ok(())
                }
            }
        };
        if let Err(why) = refused {
            return Err(Error::invalid(field, format!("{why}: {GUARD_REFUSES}, or use the sandbox")));
        }
    }
    Ok(url.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each URL host refused in production, with the words its refusal names it by.
    const REFUSED: &[(&str, &str)] = &[
        // Accepted on main (issue 32).
        ("http://[::127.0.0.1]/", "IPv4-compatible address (deprecated) (::/96, RFC 4291) embedding 127.0.0.1"),
        ("http://[64:ff9b::7f00:1]/", "IPv4-IPv6 Translation (64:ff9b::/96, RFC 6052) embedding 127.0.0.1, Loopback"),
        ("http://[2002:7f00:1::]/", "6to4 (2002::/16, RFC 3056) embedding 127.0.0.1"),
        ("http://[::ffff:0:7f00:1]/", "IPv4-translated address (::ffff:0:0:0/96, RFC 2765) embedding 127.0.0.1"),
        ("http://[fec0::1]/", "Site-local (deprecated) (fec0::/10, RFC 3879)"),
        ("http://192.0.0.1/", "IPv4 Service Continuity Prefix (192.0.0.0/29, RFC 7335)"),
        ("http://[2001::1]/", "TEREDO (2001::/32, RFC 4380)"),
        // Refused before too.
        ("http://127.0.0.1:9000/", "Loopback (127.0.0.0/8, RFC 1122)"),
        ("http://[::1]/", "Loopback Address (::1/128, RFC 4291)"),
        ("http://10.0.0.8/", "Private-Use (10.0.0.0/8, RFC 1918)"),
        ("http://169.254.169.254/latest/meta-data/", "Link Local (169.254.0.0/16, RFC 3927)"),
        ("http://[::ffff:127.0.0.1]/", "IPv4-mapped Address"),
        ("http://localhost/", "localhost is a loopback name (RFC 6761)"),
        ("http://api.localhost./", "api.localhost. is a loopback name"),
        // Octal, hex and single-number spellings are normalised by the URL parser first.
        ("http://0x7f.1/", "127.0.0.1 is not a public address: Loopback"),
        ("http://0177.0.0.1/", "127.0.0.1 is not a public address: Loopback"),
        ("http://2130706433/", "127.0.0.1 is not a public address: Loopback"),
        ("http://3221225473/", "192.0.0.1 is not a public address"),
    ];

    #[test]
    fn production_refuses_hosts_that_are_not_public_unless_allowed() {
        for (url, words) in REFUSED {
            let err = check_url(url, false).expect_err(url).to_string();
            assert!(err.starts_with("webhook_url: "), "{err}");
            assert!(err.contains(words), "{url}: {err:?} should say {words:?}");
            assert!(err.contains("allow_private_addresses") && err.contains("sandbox"), "{err}");
            assert!(check_url(url, true).is_ok(), "{url} is allowed when private addresses are");
        }
        for public in [
            "https://hooks.example.com/x",
            "http://8.8.8.8/",
            "http://[2606:4700::1111]/",
            "http://[64:ff9b::808:808]/",
        ] {
            assert!(check_url(public, false).is_ok(), "{public}");
        }
    }

    #[test]
    fn urls_must_be_http_with_a_host() {
        assert_eq!(
            check_url(" https://hooks.example.com/x ", false).ok().as_deref(),
            Some("https://hooks.example.com/x")
        );
        for bad in ["", "ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "not a url", "http://"] {
            assert!(check_url(bad, true).is_err(), "{bad}");
        }
        assert!(check_url(&format!("https://example.com/{}", "a".repeat(MAX_URL_LEN)), true).is_err());
    }
}
