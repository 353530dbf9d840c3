//! The catalogue: one file per page or message family, each a list of [`Entry`] written with
//! [`msg!`], which names every language so none can be left out or swapped.
//!
//! Keys are namespaced by who reads them: `common.` (every page), `verify.` (the hosted
//! verification page), `widget.` (the KYB widget), `email.` (e-mails).

mod common;
mod email;
mod verification;
mod widget;

/// One message: its key and its text in each language, in the order of `Lang::ALL`.
pub(crate) struct Entry {
    pub key: &'static str,
    pub text: [&'static str; 5],
}

/// `msg!("key", en: "...", de: "...", fr: "...", es: "...", pt: "...")`.
macro_rules! msg {
    ($key:literal, en: $en:literal, de: $de:literal, fr: $fr:literal, es: $es:literal, pt: $pt:literal $(,)?) => {
        $crate::catalogue::Entry { key: $key, text: [$en, $de, $fr, $es, $pt] }
    };
}
pub(crate) use msg;

pub(crate) const ALL: &[&[Entry]] = &[common::MESSAGES, email::MESSAGES, verification::MESSAGES, widget::MESSAGES];
