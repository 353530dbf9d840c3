//! The sandbox's magic file names: a statement uploaded in the sandbox under one of these names
//! (any extension, any case) is read as the canned text of its scenario instead of its content,
//! and that text goes through the real extraction, name matching and review rules, so each
//! outcome is deterministic and the same code answers it as in production. Other names are read
//! for real. Documented in the API reference (guide.md, "Bankbook extraction").

/// The scenarios, by file name stem.
pub const SCENARIOS: [&str; 5] =
    ["sandbox_clean", "sandbox_holder_mismatch", "sandbox_invalid_iban", "sandbox_edited", "sandbox_unreadable"];

/// A scenario's outcome: the text read (none for an unreadable file) and an editing sign to add.
pub(crate) struct Scenario {
    pub name: &'static str,
    pub text: Option<String>,
    pub editing_sign: Option<&'static str>,
}

/// The scenario a file name asks for, if any; `holder` is the applicant's name, which the
/// matching scenarios print.
pub(crate) fn scenario(file_name: Option<&str>, holder: &str) -> Option<Scenario> {
    let name = file_name?.to_ascii_lowercase();
    let stem = name.rsplit_once('.').map_or(name.as_str(), |(stem, _)| stem);
    let name = SCENARIOS.into_iter().find(|s| *s == stem)?;
    let page = |holder: &str, iban: &str| {
        format!(
            "Docket Sandbox Bank AG                              Account Statement\n\
             Account holder:  {holder}\n\
             IBAN:  {iban}                   BIC:  COBADEFFXXX\n\
             Statement period:  01.03.2026 - 31.03.2026\n\
             Opening balance                                 1.250,00 EUR\n\
             Closing balance                                 2.480,35 EUR\n"
        )
    };
    const VALID: &str = "DE89 3704 0044 0532 0130 00";
    let (text, editing_sign) = match name {
        "sandbox_clean" => (Some(page(holder, VALID)), None),
        "sandbox_holder_mismatch" => (Some(page("Maximilian Otherperson", VALID)), None),
        // One check digit off.
        "sandbox_invalid_iban" => (Some(page(holder, "DE88 3704 0044 0532 0130 00")), None),
        "sandbox_edited" => (Some(page(holder, VALID)), Some("producer is Adobe Photoshop (photoshop)")),
        _ => (None, None),
    };
    Some(Scenario { name, text, editing_sign })
}
