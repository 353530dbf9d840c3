//! E-mail verification (issue 14, under way): an address's syntax, its domain's mail exchanger,
//! disposable and role addresses, a verdict with its code and risk score, and proof of
//! ownership by a one-time code.
//!
//! - `address`: the syntax (RFC 5321/5322, RFC 6531, IDNA);
//! - `rules`: role accounts, disposable domains, typo suggestions, the verdict model.

pub mod address;
pub mod rules;
