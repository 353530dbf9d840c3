//! A stored file's record.

use serde::Serialize;

use crate::time::Timestamp;

crate::id::typed_id!(
    /// A stored file.
    FileId,
    "file"
);

/// What a file belongs to; it is deleted with its owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnerKind {
    /// A watchlist file uploaded for an import job (deleted when the job ends).
    WatchlistUpload,
    /// A bank statement or bankbook uploaded for an applicant (deleted with its applicant's data).
    BankStatement,
    /// A document of a KYB case (deleted with the case, or when the merchant removes it).
    KybCase,
    /// A document uploaded for document verification (deleted with its applicant's data).
    VerificationDocument,
    /// A video or picture sent for deepfake analysis (deleted with the analysis).
    DeepfakeAnalysis,
}

impl OwnerKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OwnerKind::WatchlistUpload => "watchlist_upload",
            OwnerKind::BankStatement => "bank_statement",
            OwnerKind::KybCase => "kyb_case",
            OwnerKind::VerificationDocument => "verification_document",
            OwnerKind::DeepfakeAnalysis => "deepfake_analysis",
        }
    }
}

/// A stored file: its record (the content is read through the store).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredFile {
    pub id: FileId,
    pub owner_kind: OwnerKind,
    pub owner_id: uuid::Uuid,
    /// SHA-256 of the content, lowercase hex: also its name in the store.
    pub sha256: String,
    pub size: u64,
    /// The media type the sender declared, if any (not trusted).
    pub declared_type: Option<String>,
    /// The media type the content shows (see `files::sniff`).
    pub sniffed_type: String,
    /// The name it was sent with, sanitised.
    pub original_name: Option<String>,
    pub created_at: Timestamp,
}

/// Maximum length of a kept file name, in characters.
const MAX_NAME: usize = 200;

/// A sent file name as kept: its last path segment, in NFC, without control characters or
/// invisible ones (a U+202E in `invoice\u{202e}fdp.exe` would show it as `invoiceexe.pdf`),
/// trimmed and bounded; none when nothing is left.
pub fn sanitise_name(name: &str) -> Option<String> {
    let last = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let clean = crate::values::without_invisible(last);
    let clean = clean.trim().trim_start_matches('.');
    let kept = crate::values::shorten(clean, MAX_NAME);
    (!kept.is_empty()).then_some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_paths_control_characters_and_leading_dots() {
        assert_eq!(sanitise_name("C:\\Users\\a\\sdn.csv").as_deref(), Some("sdn.csv"));
        assert_eq!(sanitise_name("../../etc/passwd").as_deref(), Some("passwd"));
        assert_eq!(sanitise_name("dir/con\u{7}solidated.csv ").as_deref(), Some("consolidated.csv"));
        assert_eq!(sanitise_name("..hidden").as_deref(), Some("hidden"));
        assert_eq!(sanitise_name("invoice\u{202e}fdp.exe").as_deref(), Some("invoicefdp.exe"));
        assert_eq!(sanitise_name("a\u{200b}b.pdf").as_deref(), Some("ab.pdf"));
        assert_eq!(sanitise_name("   "), None);
        assert_eq!(sanitise_name(&"x".repeat(500)).map(|n| n.chars().count() <= MAX_NAME + 1), Some(true));
    }
}
