//! The mail exchanger of a domain. The sandbox never asks DNS: magic domains under the reserved
//! `.test` top-level domain (RFC 2606) give each outcome, and every other domain has an MX.
//!
//! | domain (or any subdomain of it) | outcome |
//! |---|---|
//! | `no-mx.test` | the domain takes no mail (`email_no_mx`) |
//! | `nxdomain.test` | no such domain (`email_domain_not_found`) |
//! | `dns-timeout.test` | the lookup times out (`email_mx_lookup_failed`) |
//! | `catch-all.test` | an MX that accepts every address (`email_catch_all`) |
//! | `greylisted.test` | deferred: `unknown` until checked again 5 minutes later on the sandbox clock, then an MX |
//!
//! Production asks DNS (see `resolver`).

use super::rules::MxState;

/// The sandbox's answer for a domain (ASCII, lower-case), and whether it accepts any address.
pub fn simulate(domain: &str, first_look: bool) -> (MxState, bool) {
    let under = |magic: &str| domain == magic || domain.ends_with(&format!(".{magic}"));
    if under("no-mx.test") {
        (MxState::NoMail, false)
    } else if under("nxdomain.test") {
        (MxState::NoDomain, false)
    } else if under("dns-timeout.test") {
        (MxState::LookupFailed, false)
    } else if under("greylisted.test") && first_look {
        (MxState::Greylisted, false)
    } else {
        (MxState::Found, under("catch-all.test"))
    }
}

/// How long a greylisted domain is deferred before it is checked again (seconds).
pub const GREYLIST_SECONDS: i64 = 300;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_domains() {
        assert_eq!(simulate("no-mx.test", true), (MxState::NoMail, false));
        assert_eq!(simulate("mail.nxdomain.test", true), (MxState::NoDomain, false));
        assert_eq!(simulate("dns-timeout.test", true).0, MxState::LookupFailed);
        assert_eq!(simulate("catch-all.test", true), (MxState::Found, true));
        assert_eq!(simulate("greylisted.test", true).0, MxState::Greylisted);
        assert_eq!(simulate("greylisted.test", false).0, MxState::Found);
        assert_eq!(simulate("example.com", true), (MxState::Found, false));
        assert_eq!(simulate("not-no-mx.test", true), (MxState::Found, false), "only the domain and its subdomains");
    }
}
