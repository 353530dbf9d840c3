//! A statement's page text: a PDF's text layer through poppler's `pdftotext -layout` (columns
//! kept apart by spaces, pages by form feeds), a picture through Tesseract. Both run as bounded
//! child processes (`verifications::poppler`: time, memory, output) inside the engine's heavy
//! work slots, so a hostile file (a loop, a decompression bomb) costs at most its bounds and
//! ends as a plain "no text" with the reason, never a hung request.

use std::time::Duration;

use super::model::ReadingMethod;
use crate::verifications::poppler::{self, Bounds, Failure};

/// At most this many pages are read of one statement.
pub const MAX_PAGES: u32 = 50;

/// `pdftotext`: the text of 50 pages is well under 4 MiB.
const TEXT: Bounds = Bounds { deadline: Duration::from_secs(15), memory: 256 << 20, output: 4 << 20 };

/// Tesseract: its English model and a decoded photograph (the upload's pixels are bounded by
/// `verifications::images` before it runs) fit in 1 GiB; one page takes a few seconds.
const OCR: Bounds = Bounds { deadline: Duration::from_secs(15), memory: 1 << 30, output: 1 << 20 };

/// What was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Read {
    Text {
        text: String,
        pages: u32,
        method: ReadingMethod,
    },
    /// No text: why, in words a reviewer and an integrator understand.
    Nothing(String),
}

/// Reads the text of a PDF or a picture (`media_type` as sniffed).
pub(crate) fn read(media_type: &str, bytes: &[u8]) -> Read {
    if media_type == "application/pdf" {
        let last = MAX_PAGES.to_string();
        // `- -`: the PDF from standard input, the text to standard output.
        return match poppler::run("pdftotext", &["-layout", "-enc", "UTF-8", "-l", &last, "-"], bytes, TEXT) {
            Ok(out) => {
                let text = String::from_utf8_lossy(&out).into_owned();
                if text.trim().is_empty() {
                    Read::Nothing("the PDF has no text layer (a scan): a reviewer reads it".to_owned())
                } else {
                    let pages = pages_of(&text);
                    Read::Text { text, pages, method: ReadingMethod::TextLayer }
                }
            }
            Err(Failure::Missing) => Read::Nothing(
                "the PDF's text could not be read: poppler-utils (pdftotext) is not installed on the server".to_owned(),
            ),
            Err(failure) => Read::Nothing(format!("the PDF's text could not be read: pdftotext: {failure}")),
        };
    }
    // One uniform block (`--psm 6`) with the spaces between words kept: the columns stay apart
    // as `pdftotext -layout` keeps them, so a table's header finds its values below it.
    let args = ["stdin", "stdout", "-l", "eng", "--psm", "6", "-c", "preserve_interword_spaces=1"];
    match poppler::run_args("tesseract", &args, bytes, OCR) {
        Ok(out) => {
            let text = String::from_utf8_lossy(&out).into_owned();
            if text.trim().is_empty() {
                Read::Nothing("no text was recognised in the picture: a reviewer reads it".to_owned())
            } else {
                Read::Text { text, pages: 1, method: ReadingMethod::Ocr }
            }
        }
        Err(Failure::Missing) => Read::Nothing(
            "pictures are read by a reviewer: Tesseract (tesseract-ocr), which reads them, is not installed on the server"
                .to_owned(),
        ),
        Err(failure) => Read::Nothing(format!("the picture's text could not be read: tesseract: {failure}")),
    }
}

/// Pages of `pdftotext` output: each ends with a form feed.
fn pages_of(text: &str) -> u32 {
    let feeds = text.matches('\u{c}').count();
    let trailing = text.trim_end_matches(['\n', '\r']).ends_with('\u{c}');
    u32::try_from(if trailing { feeds } else { feeds + 1 }).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_counted_by_their_form_feeds() {
        assert_eq!(pages_of("a\n\u{c}b\n\u{c}"), 2);
        assert_eq!(pages_of("a\n"), 1);
    }

    #[test]
    fn a_pdf_with_a_text_layer_is_read_with_its_columns() {
        let pdf = crate::kyb::pdf::write_document(
            "Statement",
            &["Account holder: Ada Lovelace".to_owned(), "IBAN: GB29 NWBK 6016 1331 9268 19".to_owned()],
            "Docket test",
        );
        match read("application/pdf", &pdf) {
            Read::Text { text, pages, method } => {
                assert_eq!((pages, method), (1, ReadingMethod::TextLayer));
                assert!(text.contains("Ada Lovelace"), "{text}");
            }
            // A machine without poppler says so plainly.
            Read::Nothing(why) => assert!(why.contains("not installed"), "{why}"),
        }
    }

    #[test]
    fn a_damaged_pdf_is_no_text_with_its_reason() {
        match read("application/pdf", b"%PDF-1.4\ngarbage\n%%EOF") {
            Read::Nothing(why) => assert!(why.contains("could not be read") || why.contains("no text layer"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}
