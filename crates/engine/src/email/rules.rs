//! The address rules that need no network: role accounts, disposable domains, likely typos of
//! common domains, and the verdict with its code and risk score (model `docket-email-risk-1`).

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::address::Address;

/// Local parts that name a role, not a person (compared without a `+tag`, lower-cased). Mail to
/// them reaches whoever reads the box, so they never prove a person's ownership.
pub const ROLE_LOCAL_PARTS: &[&str] = &[
    "abuse",
    "accounting",
    "accounts",
    "admin",
    "administrator",
    "alerts",
    "billing",
    "careers",
    "compliance",
    "contact",
    "customerservice",
    "customer.service",
    "devnull",
    "dns",
    "enquiries",
    "feedback",
    "finance",
    "ftp",
    "help",
    "helpdesk",
    "hostmaster",
    "hr",
    "info",
    "inquiries",
    "invoices",
    "it",
    "jobs",
    "legal",
    "mail",
    "mailer-daemon",
    "marketing",
    "media",
    "news",
    "newsletter",
    "no-reply",
    "noc",
    "noreply",
    "notifications",
    "office",
    "orders",
    "payments",
    "postmaster",
    "press",
    "privacy",
    "reception",
    "recruitment",
    "root",
    "sales",
    "security",
    "service",
    "support",
    "sysadmin",
    "team",
    "usenet",
    "uucp",
    "webmaster",
    "www",
];

/// Whether the local part names a role.
pub fn is_role(address: &Address) -> bool {
    ROLE_LOCAL_PARTS.contains(&address.base_local().as_str())
}

fn disposable_domains() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| mailchecker::blacklist().into_iter().collect())
}

/// Whether the domain, or a domain it is under, is a disposable-mail service (the `mailchecker`
/// crate's list, about 56,000 domains).
pub fn is_disposable(address: &Address) -> bool {
    let set = disposable_domains();
    let domain = address.ascii_domain.as_str();
    // The domain itself and each parent with at least two labels.
    let mut rest = domain;
    loop {
        if set.contains(rest) {
            return true;
        }
        match rest.split_once('.') {
            Some((_, parent)) if parent.contains('.') => rest = parent,
            _ => return false,
        }
    }
}

/// Domains most addresses are at, for typo suggestions.
const COMMON_DOMAINS: &[&str] = &[
    "gmail.com",
    "googlemail.com",
    "yahoo.com",
    "yahoo.co.uk",
    "yahoo.fr",
    "hotmail.com",
    "hotmail.co.uk",
    "hotmail.fr",
    "outlook.com",
    "live.com",
    "msn.com",
    "icloud.com",
    "me.com",
    "aol.com",
    "protonmail.com",
    "proton.me",
    "gmx.de",
    "gmx.net",
    "web.de",
    "t-online.de",
    "orange.fr",
    "free.fr",
    "laposte.net",
    "libero.it",
    "yandex.ru",
    "mail.ru",
    "qq.com",
    "163.com",
    "comcast.net",
    "att.net",
    "verizon.net",
];

/// A likely typo of a common domain (`gmial.com` → `gmail.com`): at most two edits (an adjacent
/// swap counts as one) away from exactly one of them, or a common top-level domain misspelt.
pub fn suggestion(address: &Address) -> Option<String> {
    let domain = address.domain.as_str();
    if COMMON_DOMAINS.contains(&domain) {
        return None;
    }
    let near: Vec<&str> = COMMON_DOMAINS
        .iter()
        .copied()
        .filter(|d| {
            let distance = strsim::osa_distance(domain, d);
            distance > 0 && distance <= if d.len() > 8 { 2 } else { 1 }
        })
        .collect();
    let fixed = match near.as_slice() {
        [one] => Some((*one).to_owned()),
        _ => {
            let (name, tld) = domain.rsplit_once('.')?;
            let tld = match tld {
                "con" | "cmo" | "ocm" | "vom" | "xom" | "comm" | "cpm" => "com",
                "nte" | "ner" | "met" => "net",
                "ogr" | "prg" => "org",
                _ => return None,
            };
            Some(format!("{name}.{tld}"))
        }
    }?;
    Some(format!("{}@{fixed}", address.local))
}

/// How an address's mail exchanger stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MxState {
    /// An MX record (or, without one, an A/AAAA record: RFC 5321's implicit MX).
    Found,
    /// The domain does not exist (NXDOMAIN).
    NoDomain,
    /// The domain exists but takes no mail: no MX and no address, or a null MX (RFC 7505).
    NoMail,
    /// The lookup could not be made (a timeout, a server failure): nothing is known.
    LookupFailed,
    /// The server answered "try later" (greylisting): nothing is known yet.
    Greylisted,
}

/// The overall verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Verdict {
    /// Deliverable as far as can be told, and not a role or disposable address.
    Pass,
    /// Deliverable, but not a person's lasting address (disposable, role, catch-all, a likely
    /// typo).
    Risky,
    /// Not an address mail can reach.
    Fail,
    /// Not known (the lookup failed or was deferred).
    Unknown,
}

/// What the checks found, for the verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Findings {
    pub syntax_valid: bool,
    pub mx: Option<MxState>,
    pub disposable: bool,
    pub role_based: bool,
    pub catch_all: bool,
    pub typo: bool,
}

/// The version of the verdict and risk model below.
pub const RISK_MODEL: &str = "docket-email-risk-1";

/// The verdict, the machine code of its main reason (none for a clean pass) and the risk score
/// (0 to 100), by the first rule that applies:
///
/// | finding | verdict | code | risk |
/// |---|---|---|---|
/// | syntax | fail | `email_invalid_syntax` | 100 |
/// | no such domain | fail | `email_domain_not_found` | 100 |
/// | the domain takes no mail | fail | `email_no_mx` | 95 |
/// | the lookup failed | unknown | `email_mx_lookup_failed` | 50 |
/// | greylisted | unknown | `email_mx_greylisted` | 50 |
/// | disposable | risky | `email_disposable` | 90 |
/// | role account | risky | `email_role_based` | 60 |
/// | likely typo | risky | `email_possible_typo` | 50 |
/// | catch-all domain | risky | `email_catch_all` | 30 |
/// | none | pass | — | 0 |
pub fn verdict(f: &Findings) -> (Verdict, Option<&'static str>, u8) {
    if !f.syntax_valid {
        return (Verdict::Fail, Some("email_invalid_syntax"), 100);
    }
    match f.mx {
        Some(MxState::NoDomain) => return (Verdict::Fail, Some("email_domain_not_found"), 100),
        Some(MxState::NoMail) => return (Verdict::Fail, Some("email_no_mx"), 95),
        Some(MxState::LookupFailed) => return (Verdict::Unknown, Some("email_mx_lookup_failed"), 50),
        Some(MxState::Greylisted) => return (Verdict::Unknown, Some("email_mx_greylisted"), 50),
        Some(MxState::Found) | None => {}
    }
    if f.disposable {
        (Verdict::Risky, Some("email_disposable"), 90)
    } else if f.role_based {
        (Verdict::Risky, Some("email_role_based"), 60)
    } else if f.typo {
        (Verdict::Risky, Some("email_possible_typo"), 50)
    } else if f.catch_all {
        (Verdict::Risky, Some("email_catch_all"), 30)
    } else {
        (Verdict::Pass, None, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::address::parse;
    use super::*;

    #[test]
    fn roles_disposables_and_typos() {
        let a = |s: &str| parse(s).expect("valid");
        assert!(is_role(&a("Info+eu@example.com")) && is_role(&a("no-reply@example.com")));
        assert!(!is_role(&a("anna@example.com")));
        assert!(is_disposable(&a("x@mailinator.com")) && is_disposable(&a("x@ok.33mail.com")));
        assert!(!is_disposable(&a("x@gmail.com")) && !is_disposable(&a("x@example.com")));
        assert_eq!(suggestion(&a("anna@gmial.com")).as_deref(), Some("anna@gmail.com"));
        assert_eq!(suggestion(&a("anna@hotmial.com")).as_deref(), Some("anna@hotmail.com"));
        assert_eq!(suggestion(&a("anna@example.con")).as_deref(), Some("anna@example.com"));
        assert_eq!(suggestion(&a("anna@gmail.com")), None);
        assert_eq!(suggestion(&a("anna@brightwater.co.uk")), None);
    }

    #[test]
    fn a_disposable_or_role_address_never_passes() {
        let clean = Findings {
            syntax_valid: true,
            mx: Some(MxState::Found),
            disposable: false,
            role_based: false,
            catch_all: false,
            typo: false,
        };
        assert_eq!(verdict(&clean), (Verdict::Pass, None, 0));
        assert_eq!(verdict(&Findings { disposable: true, ..clean }).0, Verdict::Risky);
        assert_eq!(verdict(&Findings { role_based: true, ..clean }).0, Verdict::Risky);
        assert_eq!(verdict(&Findings { mx: Some(MxState::LookupFailed), ..clean }).0, Verdict::Unknown);
        assert_eq!(verdict(&Findings { syntax_valid: false, ..clean }).1, Some("email_invalid_syntax"));
        assert_eq!(verdict(&Findings { mx: Some(MxState::NoMail), disposable: true, ..clean }).1, Some("email_no_mx"));
    }
}
