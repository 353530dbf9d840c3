//! Which endpoint URLs and addresses deliveries may go to.
//!
//! Only `http` and `https`. In production, endpoints on loopback, private, link-local (cloud
//! metadata), shared, unique-local and other non-public addresses are refused unless the
//! environment's settings allow them: a webhook must not become a way to reach the machine's
//! own network. The URL's host is checked when the endpoint is saved (literal addresses and
//! `localhost`) and every address it resolves to is checked again when a delivery connects.

use std::net::IpAddr;

use url::{Host, Url};

use crate::error::{Error, Result};

/// The longest endpoint URL accepted.
pub const MAX_URL_LEN: usize = 2048;

/// Whether deliveries may go to this address when private addresses are not allowed.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                // Shared address space (carrier-grade NAT), 100.64.0.0/10.
                || (a == 100 && (64..128).contains(&b))
                // Benchmarking, 198.18.0.0/15; reserved, 240.0.0.0/4.
                || (a == 198 && (18..20).contains(&b))
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                // Unique local fc00::/7, link-local fe80::/10, documentation 2001:db8::/32.
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || (first == 0x2001 && v6.segments()[1] == 0x0db8))
        }
    }
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
            Host::Ipv4(ip) => !is_public(IpAddr::V4(*ip)),
            Host::Ipv6(ip) => !is_public(IpAddr::V6(*ip)),
            Host::Domain(name) => {
                let name = name.trim_end_matches('.').to_ascii_lowercase();
                name == "localhost" || name.ends_with(".localhost")
            }
        };
        if refused {
            return Err(Error::invalid(
                field,
                format!(
                    "{host} is a loopback or private address, refused in production (allow it with the \
                     `allow_private_addresses` webhook setting, or use the sandbox)"
                ),
            ));
        }
    }
    Ok(url.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("ip")
    }

    #[test]
    fn private_and_special_addresses_are_not_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fc00::1",
            "fd12::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "2001:db8::1",
        ] {
            assert!(!is_public(ip(private)), "{private}");
        }
        for public in ["8.8.8.8", "93.184.216.34", "2606:4700::1111", "100.128.0.1", "::ffff:8.8.8.8"] {
            assert!(is_public(ip(public)), "{public}");
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

    #[test]
    fn production_refuses_local_hosts_unless_allowed() {
        for local in [
            "http://127.0.0.1:9000/",
            "http://localhost/",
            "http://api.localhost./",
            "http://[::1]/",
            "http://10.0.0.8/",
        ] {
            let err = check_url(local, false).expect_err(local).to_string();
            assert!(err.contains("allow_private_addresses"), "{err}");
            assert!(check_url(local, true).is_ok(), "{local}");
        }
        // Octal and hex spellings are normalised by the URL parser before the check.
        assert!(check_url("http://0x7f.1/", false).is_err());
    }
}
