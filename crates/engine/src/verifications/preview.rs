//! The downsized picture served at `/documents/{id}/preview`: a JPEG at most
//! [`images::PREVIEW_SIZE`] pixels on its longest side. Pictures are resized; a PDF's page is
//! rendered by poppler's `pdftoppm` when it is installed (the setup command installs it), else
//! the first JPEG picture embedded in the PDF (what a scanned document is) is used. A PDF with
//! neither gets a clear refusal that says what to install, never a made-up picture.
//!
//! Making a preview is heavy work: callers run it through `crate::heavy` (a few at a time),
//! poppler's tools run bounded in time, memory and output (`poppler.rs`), and pictures decode
//! within `images`' limits.

use std::borrow::Cow;
use std::time::Duration;

use super::images;
use super::poppler::{self, Bounds, Failure};
use crate::error::{Error, Result};

/// `pdftoppm` rendering one page: 15 s, 256 MiB of address space (a page at 640 pixels takes a
/// few MiB; poppler streams embedded pictures), and at most 8 MiB of JPEG (a preview is about
/// 100 KB).
const RENDER: Bounds = Bounds { deadline: Duration::from_secs(15), memory: 256 << 20, output: 8 << 20 };

/// `pdfinfo` counting pages: it reads the document's structure only.
const INFO: Bounds = Bounds { deadline: Duration::from_secs(5), memory: 256 << 20, output: 64 << 10 };

/// The preview of a document's bytes, by the media type its content shows.
pub(crate) fn make(content_type: &str, bytes: &[u8]) -> Result<Vec<u8>> {
    make_page(content_type, bytes, 1).map(|(picture, _)| picture)
}

/// The preview of one page (from 1) of a document, and how many pages it has (a picture has
/// one). A page past the last is refused.
pub fn make_page(content_type: &str, bytes: &[u8], page: u32) -> Result<(Vec<u8>, u32)> {
    let is_pdf = content_type == "application/pdf";
    let pages = if is_pdf { page_count(bytes) } else { 1 };
    if page == 0 || page > pages {
        return Err(Error::invalid("page", format!("the document has {pages} page(s): ask for 1 to {pages}")));
    }
    let picture: Cow<'_, [u8]> = if is_pdf {
        match render_pdf(bytes, page) {
            Ok(jpeg) => Cow::Owned(jpeg),
            Err(failure) => match (page == 1).then(|| embedded_jpeg(bytes)).flatten() {
                Some(scan) => Cow::Owned(scan),
                None => return Err(no_preview(&failure, page)),
            },
        }
    } else {
        Cow::Borrowed(bytes)
    };
    let decoded = images::decode(&picture)?;
    let preview =
        images::preview(&decoded).ok_or_else(|| Error::Storage("the preview could not be encoded".to_owned()))?;
    Ok((preview, pages))
}

/// Why a PDF's page has no preview, and what to do.
fn no_preview(failure: &Failure, page: u32) -> Error {
    Error::UnsupportedMedia(match failure {
        Failure::Missing => "no preview of this PDF: it holds no picture, and poppler-utils (pdftoppm), which renders \
                             PDF pages, is not installed where Docket runs; install poppler-utils (`apt install \
                             poppler-utils`, `brew install poppler`) or download the document instead"
            .to_owned(),
        other => format!(
            "no preview of page {page} of this PDF: pdftoppm could not render it ({other}); download the document \
             instead"
        ),
    })
}

/// A PDF's pages: as poppler's `pdfinfo` counts them, else the page objects in the file.
fn page_count(bytes: &[u8]) -> u32 {
    let by_pdfinfo = || -> Option<u32> {
        let out = poppler::run("pdfinfo", &[], bytes, INFO).ok()?;
        let text = String::from_utf8_lossy(&out);
        text.lines().find_map(|l| l.strip_prefix("Pages:")).and_then(|n| n.trim().parse().ok())
    };
    by_pdfinfo().unwrap_or_else(|| {
        let objects = memchr::memmem::find_iter(bytes, b"/Type /Page")
            .filter(|&at| bytes.get(at + 11) != Some(&b's'))
            .count()
            + memchr::memmem::find_iter(bytes, b"/Type/Page").filter(|&at| bytes.get(at + 10) != Some(&b's')).count();
        u32::try_from(objects).unwrap_or(u32::MAX).max(1)
    })
}

/// A page as JPEG through `pdftoppm`, or why there is none.
fn render_pdf(bytes: &[u8], page: u32) -> Result<Vec<u8>, Failure> {
    let (size, page) = (images::PREVIEW_SIZE.to_string(), page.to_string());
    let args = ["-jpeg", "-singlefile", "-f", &page, "-l", &page, "-scale-to", &size];
    let jpeg = poppler::run("pdftoppm", &args, bytes, RENDER)?;
    if jpeg.starts_with(&[0xFF, 0xD8]) {
        Ok(jpeg)
    } else {
        Err(Failure::Failed("pdftoppm's answer is not a JPEG".to_owned()))
    }
}

/// The first JPEG stream (`/DCTDecode`) of a PDF, as stored.
fn embedded_jpeg(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut from = 0;
    while let Some(at) = memchr::memmem::find(&bytes[from..], b"/DCTDecode") {
        let filter = from + at;
        let stream = filter + memchr::memmem::find(&bytes[filter..], b"stream")? + b"stream".len();
        let start = match bytes.get(stream..stream + 2) {
            Some(b"\r\n") => stream + 2,
            Some([b'\n', _]) => stream + 1,
            _ => stream,
        };
        let mut end = start + memchr::memmem::find(&bytes[start..], b"endstream")?;
        // The end-of-line before `endstream` is not part of the stream.
        for eol in [b'\n', b'\r'] {
            if end > start && bytes[end - 1] == eol {
                end -= 1;
            }
        }
        let candidate = &bytes[start..end];
        if candidate.starts_with(&[0xFF, 0xD8]) {
            return Some(candidate.to_vec());
        }
        from = filter + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jpeg() -> Vec<u8> {
        let img = image::RgbImage::from_fn(900, 600, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
        let mut out = std::io::Cursor::new(Vec::new());
        image::DynamicImage::ImageRgb8(img).write_to(&mut out, image::ImageFormat::Jpeg).expect("jpeg");
        out.into_inner()
    }

    #[test]
    fn a_picture_is_downsized() {
        let preview = make("image/jpeg", &jpeg()).expect("preview");
        let back = images::decode(&preview).expect("decodes");
        assert_eq!((back.width(), back.height()), (640, 427));
    }

    #[test]
    fn a_scanned_pdf_gives_its_picture_without_a_renderer() {
        let picture = jpeg();
        let mut pdf = b"%PDF-1.4\n1 0 obj << /Type /XObject /Subtype /Image /Filter /DCTDecode >>\nstream\r\n".to_vec();
        pdf.extend_from_slice(&picture);
        pdf.extend_from_slice(b"\nendstream\nendobj\n%%EOF\n");
        assert_eq!(embedded_jpeg(&pdf), Some(picture));
        assert_eq!(embedded_jpeg(b"%PDF-1.4\n/DCTDecode stream\nnot a jpeg endstream"), None);
    }

    #[test]
    fn a_pdf_without_pictures_or_renderer_is_refused_clearly() {
        // Not a PDF pdftoppm can read either, so this holds with or without poppler.
        let refused = make("application/pdf", b"%PDF-1.4\n%%EOF\n");
        assert!(matches!(refused, Err(Error::UnsupportedMedia(_))), "{refused:?}");
    }

    #[test]
    fn a_missing_poppler_says_what_to_install() {
        let Error::UnsupportedMedia(message) = no_preview(&Failure::Missing, 1) else { panic!("a 415") };
        assert!(message.contains("install poppler-utils"), "{message}");
        let Error::UnsupportedMedia(message) = no_preview(&Failure::TimedOut(RENDER.deadline), 2) else {
            panic!("a 415")
        };
        assert!(message.contains("page 2") && message.contains("longer than 15 s"), "{message}");
    }
}
