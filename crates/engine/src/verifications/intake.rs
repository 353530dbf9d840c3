//! What an uploaded document must be to be kept, for KYB cases and verifications alike: a
//! picture that decodes whole within the limits of `images`, or a PDF that reaches its
//! end-of-file marker. Checked at upload, so that a damaged, cut or hostile file is refused
//! then with a 4xx that says why, rather than found out by a reviewer's preview or a check.
//! The decode is heavy work (`crate::heavy`): a few at a time, engine-wide.

use super::images::{self, PictureHash};
use crate::Engine;
use crate::error::{Error, Result};

/// Checks an uploaded document's content (of the media type its content shows); a picture's
/// hash, for finding the same picture sent again.
pub(crate) async fn check(engine: &Engine, media_type: &str, content: Vec<u8>) -> Result<Option<PictureHash>> {
    if media_type == "application/pdf" {
        check_pdf(&content)?;
        return Ok(None);
    }
    if !media_type.starts_with("image/") {
        return Ok(None);
    }
    let hash = engine
        .core
        .heavy
        .run("the picture's check", move || images::decode(&content).map(|picture| images::dhash(&picture)))
        .await?;
    Ok(Some(hash))
}

/// A PDF ends with `%%EOF` (after each incremental update too); one without any was cut short.
/// Readers repair much else, and what a PDF holds is read later, bounded (`kyb::pdf`, poppler).
fn check_pdf(content: &[u8]) -> Result<()> {
    if memchr::memmem::rfind(content, b"%%EOF").is_none() {
        return Err(Error::UnsupportedMedia(
            "the PDF is cut short: it has no end-of-file marker (%%EOF); was the upload interrupted?".to_owned(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pdf_without_its_end_of_file_marker_is_cut_short() {
        assert!(check_pdf(b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n").is_ok());
        // Trailing bytes after the marker are common and harmless.
        assert!(check_pdf(b"%PDF-1.4\n%%EOF\n\0\0\0").is_ok());
        let refused = check_pdf(b"%PDF-1.4\n1 0 obj << /Length 900 >>\nstream\nBT (cut");
        assert!(matches!(&refused, Err(Error::UnsupportedMedia(m)) if m.contains("cut short")), "{refused:?}");
    }
}
