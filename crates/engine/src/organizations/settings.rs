//! An organization's own settings, for both of its environments: today the sites that may show
//! its hosted pages (the KYB widget, the verification pages) in a frame.
//!
//! What a site may be, as a bank's security review would have it: an exact origin,
//! `https://host[:port]`, or this computer over plain HTTP (`http://localhost[:port]`,
//! `http://127.0.0.1[:port]`) for development. No path, query, user name or wildcard: a
//! wildcard (`*.example.com`, or `*`) would let any subdomain frame a page where people hand
//! over their documents, a forgotten or taken-over one included, so each site is listed by
//! name. No address for a site on the internet (`https://203.0.113.7`): a certificate names a
//! host. Scheme and host are stored in lower case and a default port is dropped, so that one
//! site is one entry.

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{Error, Result};

/// The most sites an organization may list.
pub const MAX_FRAME_ORIGINS: usize = 20;

/// The longest origin, in characters.
const MAX_ORIGIN: usize = 300;

/// A site that may frame the organization's hosted pages: an origin as browsers send it,
/// scheme and host in lower case, the port only when it is not the scheme's default.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(value_type = String, example = "https://shop.example.com"))]
pub struct FrameOrigin(String);

impl FrameOrigin {
    /// Reads an origin, refusing what the module's comment refuses, with a message that says
    /// what would be accepted.
    pub fn parse(text: &str) -> Result<Self> {
        parse(text).map(FrameOrigin).map_err(Error::invalid_request)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for FrameOrigin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for FrameOrigin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        parse(&s).map(FrameOrigin).map_err(serde::de::Error::custom)
    }
}

const NOT_AN_ADDRESS: &str = "name the site by its host name, not an address (its certificate names the host)";

/// This computer's names, which plain HTTP is accepted for.
const LOOPBACK: [&str; 2] = ["localhost", "127.0.0.1"];

fn parse(text: &str) -> std::result::Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("an origin is required, such as https://shop.example.com".into());
    }
    if text.chars().count() > MAX_ORIGIN {
        return Err(format!("at most {MAX_ORIGIN} characters"));
    }
    if text.contains('*') {
        return Err("wildcards are not accepted: list each site by its exact origin, such as \
                    https://shop.example.com (a wildcard would let any subdomain frame the page)"
            .into());
    }
    if !text.is_ascii() {
        return Err("write an internationalised host name in its ASCII form (xn--...)".into());
    }
    let lower = text.to_ascii_lowercase();
    let (scheme, rest) = lower
        .split_once("://")
        .ok_or("an origin starts with https:// (or http:// for localhost), such as https://shop.example.com")?;
    // An origin has no path: a lone "/" after the host, as browsers show it, is the empty path.
    let authority = rest.strip_suffix('/').unwrap_or(rest);
    if authority.contains(['/', '?', '#']) {
        return Err(format!("an origin has no path, query or fragment: {scheme}://{}", until_path(authority)));
    }
    if authority.contains('@') {
        return Err("an origin has no user name or password".into());
    }
    if authority.starts_with('[') {
        return Err(NOT_AN_ADDRESS.into());
    }
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, port)) => (host, Some(port_of(port)?)),
        None => (authority, None),
    };
    match scheme {
        "https" => {}
        "http" if LOOPBACK.contains(&host) => {}
        "http" => {
            return Err("plain http is accepted for this computer only (http://localhost, http://127.0.0.1): \
                        a site must use https"
                .into());
        }
        _ => return Err(format!("`{scheme}` is not a scheme a page is framed from: use https")),
    }
    if !LOOPBACK.contains(&host) {
        host_name(host)?;
    }
    let default_port = if scheme == "https" { 443 } else { 80 };
    Ok(match port {
        Some(p) if p != default_port => format!("{scheme}://{host}:{p}"),
        _ => format!("{scheme}://{host}"),
    })
}

fn until_path(authority: &str) -> &str {
    authority.split(['/', '?', '#']).next().unwrap_or(authority)
}

fn port_of(text: &str) -> std::result::Result<u16, String> {
    let port = (!text.is_empty() && text.len() <= 5 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse::<u16>().ok())
        .flatten()
        .filter(|p| *p > 0);
    port.ok_or_else(|| format!("`{text}` is not a port (1 to 65535)"))
}

/// A DNS host name of at least two labels (letters, digits and hyphens; none starting or ending
/// with a hyphen), whose last label is not a number (an address is not a site's name).
fn host_name(host: &str) -> std::result::Result<(), String> {
    if host.parse::<std::net::Ipv4Addr>().is_ok() {
        return Err(NOT_AN_ADDRESS.into());
    }
    let labels: Vec<&str> = host.split('.').collect();
    let label_ok = |l: &&str| {
        (1..=63).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    if host.len() > 253 || labels.len() < 2 || !labels.iter().all(label_ok) {
        return Err(format!("`{host}` is not a host name such as shop.example.com"));
    }
    if labels.last().is_some_and(|l| l.bytes().all(|b| b.is_ascii_digit())) {
        return Err(NOT_AN_ADDRESS.into());
    }
    Ok(())
}

/// An organization's settings, as served.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OrganizationSettings {
    /// The sites that may show the organization's hosted pages (the KYB widget at
    /// `/kyb/widget/{token}`, the verification pages at `/v/{short_id}` and `/vp/{link_id}`) in
    /// a frame, besides Docket itself. Empty (the default): only Docket's own pages may.
    pub frame_origins: Vec<FrameOrigin>,
    /// The KYB widget's branding and what it shows the merchant of a decision.
    pub widget: super::WidgetSettings,
}

/// New settings, replacing the old; a field left out takes its default.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct OrganizationSettingsChange {
    /// Up to 20 origins: `https://host[:port]`, or `http://localhost[:port]` and
    /// `http://127.0.0.1[:port]` for development. No path and no wildcard.
    #[serde(default)]
    pub frame_origins: Vec<FrameOrigin>,
    /// The KYB widget's `branding` (`logo`: a `data:` URL of a PNG, JPEG or WebP picture up to
    /// 96 KiB; `accent_color`: `#rrggbb`; `font`: `system`, `sans_serif`, `serif` or `rounded`)
    /// and `outcomes`: per decided outcome (`approved`, `rejected`), `outcome_and_message` (the
    /// default), `outcome` or `submitted`.
    #[serde(default)]
    pub widget: super::WidgetSettings,
}

impl OrganizationSettingsChange {
    /// The settings it makes: each site once, in the order given.
    pub(crate) fn settings(self) -> Result<OrganizationSettings> {
        let mut origins = Vec::with_capacity(self.frame_origins.len());
        for origin in self.frame_origins {
            if !origins.contains(&origin) {
                origins.push(origin);
            }
        }
        if origins.len() > MAX_FRAME_ORIGINS {
            return Err(Error::invalid("frame_origins", format!("at most {MAX_FRAME_ORIGINS} sites")));
        }
        Ok(OrganizationSettings { frame_origins: origins, widget: self.widget })
    }
}

/// Reads stored origins: one that no longer parses (a rule made stricter since, or an edited
/// file) is left out, never sent in a header.
pub(crate) fn stored_origins(json: &str) -> Vec<FrameOrigin> {
    let texts: Vec<String> = serde_json::from_str(json).unwrap_or_default();
    texts
        .iter()
        .filter_map(|t| match FrameOrigin::parse(t) {
            Ok(o) => Some(o),
            Err(_) => {
                tracing::warn!(origin = %crate::values::shorten(t, 80), "a stored frame origin is not valid; left out");
                None
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_origins_are_accepted_and_written_one_way() {
        for (given, stored) in [
            ("https://shop.example.com", "https://shop.example.com"),
            ("  HTTPS://Shop.Example.COM/ ", "https://shop.example.com"),
            ("https://shop.example.com:443", "https://shop.example.com"),
            ("https://shop.example.com:8443", "https://shop.example.com:8443"),
            ("https://xn--bcher-kva.example", "https://xn--bcher-kva.example"),
            ("https://localhost:3000", "https://localhost:3000"),
            ("http://localhost:5173", "http://localhost:5173"),
            ("http://127.0.0.1", "http://127.0.0.1"),
            ("http://localhost:80", "http://localhost"),
        ] {
            assert_eq!(FrameOrigin::parse(given).map(|o| o.0).ok().as_deref(), Some(stored), "{given}");
        }
    }

    #[test]
    fn what_a_security_review_refuses_is_refused_with_a_reason() {
        for (given, says) in [
            ("", "required"),
            ("*", "wildcards"),
            ("https://*.example.com", "wildcards"),
            ("shop.example.com", "starts with https://"),
            ("http://shop.example.com", "plain http"),
            ("http://192.168.1.10", "plain http"),
            ("ftp://shop.example.com", "not a scheme"),
            ("javascript://shop.example.com", "not a scheme"),
            ("https://shop.example.com/kyc", "no path"),
            ("https://shop.example.com/?a=1", "no path"),
            ("https://shop.example.com#x", "no path"),
            ("https://user:pw@shop.example.com", "no user name"),
            ("https://shop.example.com:0", "not a port"),
            ("https://shop.example.com:65536", "not a port"),
            ("https://shop.example.com:+80", "not a port"),
            ("https://shop.example.com:", "not a port"),
            ("https://203.0.113.7", "not an address"),
            ("https://[2001:db8::1]", "not an address"),
            ("https://intranet", "not a host name"),
            ("https://-shop.example.com", "not a host name"),
            ("https://shop..example.com", "not a host name"),
            ("https://shop_1.example.com", "not a host name"),
            ("https://shop.example.com; script-src 'none'", "not a host name"),
            ("https://shop.example.com 'unsafe-inline'", "not a host name"),
            ("https://bücher.example", "ASCII form"),
            ("https://shop.example.com\r\nX-Evil: 1", "not a port"),
            ("https://shop.example.com\r\nX-Evil", "not a host name"),
        ] {
            let refused = FrameOrigin::parse(given).expect_err(given).to_string();
            assert!(refused.contains(says), "{given:?}: {refused}");
        }
        assert!(FrameOrigin::parse(&format!("https://{}.example.com", "a".repeat(300))).is_err());
    }

    #[test]
    fn a_change_keeps_each_site_once_and_at_most_twenty() {
        let change: OrganizationSettingsChange = serde_json::from_value(serde_json::json!({
            "frame_origins": ["https://a.example.com", "https://A.example.com/", "https://b.example.com"]
        }))
        .expect("valid");
        let settings = change.settings().expect("accepted");
        let texts: Vec<&str> = settings.frame_origins.iter().map(FrameOrigin::as_str).collect();
        assert_eq!(texts, ["https://a.example.com", "https://b.example.com"]);
        let many: Vec<String> = (0..21).map(|i| format!("https://s{i}.example.com")).collect();
        let change: OrganizationSettingsChange =
            serde_json::from_value(serde_json::json!({ "frame_origins": many })).expect("valid");
        assert!(change.settings().is_err());
    }

    #[test]
    fn a_stored_origin_that_no_longer_parses_is_left_out() {
        let read = stored_origins(r#"["https://a.example.com", "https://a.example.com; script-src *", 7]"#);
        assert!(read.is_empty(), "a stored list that is not strings is read as empty: {read:?}");
        let read = stored_origins(r#"["https://a.example.com", "https://a.example.com; script-src *"]"#);
        assert_eq!(read, [FrameOrigin("https://a.example.com".into())]);
    }
}
