//! The verification error codes Docket gives, within the public service's documented ranges
//! (public-api.md section 8). Each code has one message; the API reference lists them all.

use super::model::CheckError;

/// Every code Docket gives, with its message.
pub const CODES: &[(u32, &str)] = &[
    (500, "Tampered file found. Please try another one."),
    (501, "The file shows signs of editing in its metadata."),
    (1001, "document parsing failed"),
    (1002, "the file is not a picture or PDF that can be read"),
    (1101, "a required field of the document could not be read"),
    (2001, "the MRZ check digits do not match"),
    (2002, "no machine-readable zone was found on a document that has one"),
    (3001, "the document has expired"),
    (3101, "documents of this country are not accepted"),
    (3102, "the document's data differs from the applicant's"),
    (3201, "the person is under 18"),
    (4001, "the face does not match the identity document"),
    (4002, "no face was found in the picture"),
    (4501, "the proof of address is older than three months"),
    (4502, "the proof of address's country differs from the identity document's"),
    (4503, "the name on the proof of address differs from the applicant's"),
    (5001, "liveness could not be confirmed"),
    (7000, "cross check duplicate found by doc number"),
    (7001, "cross check duplicate found by file: the same file was sent for another applicant"),
    (7002, "cross check duplicate found by photo"),
    (8000, "the verification has expired"),
    (9000, "too many attempts"),
];

/// The documented ranges and what they are about, for codes a caller asks for in
/// `sandbox_result` that Docket itself does not give.
const RANGES: &[(u32, u32, &str)] = &[
    (500, 501, "tampering"),
    (1000, 1099, "document detection"),
    (1100, 1999, "document data"),
    (2000, 2999, "machine-readable zone"),
    (3000, 3099, "expiration"),
    (3100, 3199, "document mismatch"),
    (3200, 3299, "age"),
    (4000, 4499, "face"),
    (4500, 4999, "proof of address"),
    (5000, 5499, "liveness"),
    (6000, 6499, "AML"),
    (7000, 7099, "duplicates"),
    (8000, 8099, "verification flow"),
    (9000, 9099, "dependency"),
];

/// The codes a reviewer chooses from when a check fails, by check.
pub fn for_reviewer(step: super::profile::CheckStep) -> Vec<CheckError> {
    use super::profile::CheckStep as S;
    let codes: &[u32] = match step {
        S::DocumentMrz => &[1001, 2001, 2002, 3001],
        S::DocumentOcr => &[500, 501, 1101, 3001, 3102, 3201],
        S::FaceComparison => &[4001, 4002],
        S::Liveness => &[5001],
        S::Poa => &[4501, 4502, 4503],
    };
    codes.iter().filter_map(|c| error(*c)).collect()
}

/// The error of a code: its message, or for another code of a documented range a message
/// naming the range; `None` outside every range.
pub fn error(code: u32) -> Option<CheckError> {
    if let Some((_, message)) = CODES.iter().find(|(c, _)| *c == code) {
        return Some(CheckError { code, message: (*message).to_owned() });
    }
    let (_, _, what) = RANGES.iter().find(|(lo, hi, _)| (*lo..=*hi).contains(&code))?;
    Some(CheckError { code, message: format!("{what} check failed (code {code})") })
}

/// The error of a code Docket gives itself.
pub(crate) fn known(code: u32) -> CheckError {
    // Every caller passes a code of `CODES`; the fallback keeps a typo from panicking.
    error(code).unwrap_or(CheckError { code, message: "check failed".to_owned() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_lies_in_a_documented_range() {
        for (code, _) in CODES {
            assert!(RANGES.iter().any(|(lo, hi, _)| (*lo..=*hi).contains(code)), "{code}");
        }
        assert_eq!(error(2050).map(|e| e.message), Some("machine-readable zone check failed (code 2050)".into()));
        assert_eq!(error(42), None);
        assert_eq!(known(500).message, "Tampered file found. Please try another one.");
    }
}
