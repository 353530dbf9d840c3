//! An e-mail address's syntax, read as a mail server would accept it: RFC 5321's `Mailbox` with
//! RFC 5322's dot-atom local part, internationalised addresses (RFC 6531: UTF-8 in the local
//! part, an IDNA domain), and the length limits (local part 64 octets, domain 253, the whole
//! address 254).
//!
//! Refused on purpose, each with its own reason: quoted local parts (`"john doe"@example.com`)
//! and address literals (`john@[192.0.2.1]`), which are valid to RFC 5321 but which no consumer
//! mail service hands out and which are used to slip past filters; single-label domains
//! (`john@localhost`); a numeric top-level domain.

use std::fmt;

/// A readable address: the local part as sent, the domain lower-cased in Unicode and in ASCII
/// (Punycode), which is what DNS is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub local: String,
    pub domain: String,
    pub ascii_domain: String,
}

impl Address {
    /// The address with its domain in Unicode, lower-cased.
    pub fn normalized(&self) -> String {
        format!("{}@{}", self.local, self.domain)
    }

    /// The local part without a `+tag`, lower-cased: what role and typo rules look at.
    pub fn base_local(&self) -> String {
        self.local.split('+').next().unwrap_or_default().to_lowercase()
    }
}

/// Why an address is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyntaxError {
    Empty,
    NoAt,
    TooLong,
    LocalEmpty,
    LocalTooLong,
    /// A character that a dot-atom local part cannot hold.
    LocalCharacter(char),
    /// A dot at the start or end of the local part, or two in a row.
    LocalDots,
    Quoted,
    DomainEmpty,
    DomainTooLong,
    AddressLiteral,
    /// A label empty, longer than 63, or not letters, digits and inner hyphens.
    DomainLabel,
    /// Not a name IDNA can encode.
    DomainIdna,
    SingleLabel,
    NumericTopLevel,
    /// A top-level domain that is neither letters nor an internationalised name.
    TopLevel,
    /// A control character (a line break, a tab): never part of an address.
    Control(char),
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            SyntaxError::Empty => "the address is empty".to_owned(),
            SyntaxError::NoAt => "an address needs one `@` between its local part and its domain".to_owned(),
            SyntaxError::TooLong => "an address has at most 254 characters".to_owned(),
            SyntaxError::LocalEmpty => "the part before `@` is empty".to_owned(),
            SyntaxError::LocalTooLong => "the part before `@` has at most 64 octets".to_owned(),
            SyntaxError::LocalCharacter(c) => {
                format!("`{}` cannot appear before `@` (outside quotes)", c.escape_default())
            }
            SyntaxError::LocalDots => {
                "the part before `@` cannot start or end with a dot or hold two in a row".to_owned()
            }
            SyntaxError::Quoted => "quoted local parts are not accepted".to_owned(),
            SyntaxError::DomainEmpty => "the domain is empty".to_owned(),
            SyntaxError::DomainTooLong => "the domain has at most 253 characters".to_owned(),
            SyntaxError::AddressLiteral => "address literals (`[192.0.2.1]`) are not accepted".to_owned(),
            SyntaxError::DomainLabel => {
                "each part of the domain has 1 to 63 letters, digits or inner hyphens".to_owned()
            }
            SyntaxError::DomainIdna => "the domain is not a valid internationalised name".to_owned(),
            SyntaxError::SingleLabel => "the domain needs a top-level domain (`example.com`)".to_owned(),
            SyntaxError::NumericTopLevel => "the top-level domain cannot be a number".to_owned(),
            SyntaxError::TopLevel => "the top-level domain is letters only".to_owned(),
            SyntaxError::Control(c) => {
                format!("`{}` (a control character) cannot appear in an address", c.escape_default())
            }
        };
        f.write_str(&text)
    }
}

impl std::error::Error for SyntaxError {}

/// `atext` of RFC 5322 (ASCII) plus any non-ASCII character (RFC 6532's `UTF8-non-ascii`).
fn is_atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || (!c.is_ascii() && !c.is_control())
}

/// A DNS host label: 1 to 63 letters, digits and hyphens, not at either end.
fn is_ldh_label(label: &str) -> bool {
    !label.is_empty()
        && label.len() <= 63
        && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && !label.starts_with('-')
        && !label.ends_with('-')
}

/// Reads an address (surrounding spaces ignored; any control character, such as a line break,
/// refused). The local part is read in Unicode normalisation form C, as RFC 6532 asks.
pub fn parse(input: &str) -> Result<Address, SyntaxError> {
    if let Some(c) = input.chars().find(|c| c.is_control()) {
        return Err(SyntaxError::Control(c));
    }
    let text = input.trim_matches(' ');
    if text.is_empty() {
        return Err(SyntaxError::Empty);
    }
    if text.starts_with('"') {
        return Err(SyntaxError::Quoted);
    }
    let (local, domain) = text.rsplit_once('@').ok_or(SyntaxError::NoAt)?;
    let normalized = icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(local);
    let local: &str = &normalized;
    if local.contains('"') {
        return Err(SyntaxError::Quoted);
    }
    if local.is_empty() {
        return Err(SyntaxError::LocalEmpty);
    }
    if let Some(bad) = local.chars().find(|c| *c != '.' && !is_atext(*c)) {
        return Err(SyntaxError::LocalCharacter(bad));
    }
    if local.starts_with('.') || local.ends_with('.') || local.contains("..") {
        return Err(SyntaxError::LocalDots);
    }
    if local.len() > 64 {
        return Err(SyntaxError::LocalTooLong);
    }
    if domain.is_empty() {
        return Err(SyntaxError::DomainEmpty);
    }
    if domain.starts_with('[') {
        return Err(SyntaxError::AddressLiteral);
    }
    // A trailing dot (the DNS root) is not part of an address's domain.
    if domain.ends_with('.') || domain.starts_with('.') || domain.contains("..") {
        return Err(SyntaxError::DomainLabel);
    }
    // ASCII labels are held to the letters-digits-hyphens rule first, so that their error says
    // what is wrong; the others are IDNA's to judge.
    if domain.split('.').filter(|l| l.is_ascii()).any(|l| !is_ldh_label(l)) {
        return Err(SyntaxError::DomainLabel);
    }
    let ascii = idna::domain_to_ascii_strict(domain).map_err(|_| SyntaxError::DomainIdna)?;
    if ascii.len() > 253 {
        return Err(SyntaxError::DomainTooLong);
    }
    let labels: Vec<&str> = ascii.split('.').collect();
    if !labels.iter().all(|l| is_ldh_label(l)) {
        return Err(SyntaxError::DomainLabel);
    }
    if labels.len() < 2 {
        return Err(SyntaxError::SingleLabel);
    }
    if labels.last().is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit())) {
        return Err(SyntaxError::NumericTopLevel);
    }
    // Top-level domains are letters, or an internationalised name.
    if labels.last().is_some_and(|tld| !tld.starts_with("xn--") && !tld.bytes().all(|b| b.is_ascii_alphabetic())) {
        return Err(SyntaxError::TopLevel);
    }
    if local.len() + 1 + ascii.len() > 254 {
        return Err(SyntaxError::TooLong);
    }
    let (unicode, _) = idna::domain_to_unicode(&ascii);
    Ok(Address { local: local.to_owned(), domain: unicode, ascii_domain: ascii })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_and_international_addresses_read() {
        let a = parse("  John.Doe+news@Example.COM ").expect("valid");
        assert_eq!((a.local.as_str(), a.domain.as_str()), ("John.Doe+news", "example.com"));
        assert_eq!(a.base_local(), "john.doe");
        let i = parse("用户@例子.广告").expect("valid");
        assert_eq!(i.ascii_domain, "xn--fsqu00a.xn--4rr70v");
        assert!(parse("josé@bücher.de").is_ok());
        assert!(parse("o'brien@example.ie").is_ok());
        assert!(parse("a!#$%&'*+-/=?^_`{|}~@example.org").is_ok());
    }

    #[test]
    fn each_refusal_names_its_reason() {
        for (input, error) in [
            ("", SyntaxError::Empty),
            ("plainaddress", SyntaxError::NoAt),
            ("@example.com", SyntaxError::LocalEmpty),
            ("john@", SyntaxError::DomainEmpty),
            (".john@example.com", SyntaxError::LocalDots),
            ("john..doe@example.com", SyntaxError::LocalDots),
            ("john doe@example.com", SyntaxError::LocalCharacter(' ')),
            ("john,doe@example.com", SyntaxError::LocalCharacter(',')),
            ("john@doe@example.com", SyntaxError::LocalCharacter('@')),
            ("\"john doe\"@example.com", SyntaxError::Quoted),
            ("john@[192.0.2.1]", SyntaxError::AddressLiteral),
            ("john@localhost", SyntaxError::SingleLabel),
            ("john@example.123", SyntaxError::NumericTopLevel),
            ("john@-example.com", SyntaxError::DomainLabel),
            ("john@example..com", SyntaxError::DomainLabel),
            ("john@exa_mple.com", SyntaxError::DomainLabel),
            ("john@bü_cher.de", SyntaxError::DomainIdna),
        ] {
            assert_eq!(parse(input), Err(error), "{input}");
        }
        let long_local = format!("{}@example.com", "a".repeat(65));
        assert_eq!(parse(&long_local), Err(SyntaxError::LocalTooLong));
        let long_label = format!("john@{}.com", "a".repeat(64));
        assert!(parse(&long_label).is_err());
        assert_eq!(parse("anna@example.com\r\n"), Err(SyntaxError::Control('\r')));
        assert_eq!(parse("me@bad.tld-2"), Err(SyntaxError::TopLevel));
        // U+037E (Greek question mark) is `;` in NFC.
        assert_eq!(parse("me.\u{37e}@example.com"), Err(SyntaxError::LocalCharacter(';')));
        let long = format!("{}@{}.{}.{}.com", "a".repeat(64), "b".repeat(63), "c".repeat(63), "d".repeat(60));
        assert_eq!(parse(&long), Err(SyntaxError::TooLong));
    }
}
