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

/// `pdftoppm` rendering one page: 15 s, 256 MiB of address space (a page at 2,400 pixels takes
/// about 20 MiB; poppler streams embedded pictures), and at most 8 MiB of JPEG (a preview is
/// about 100 KB, the largest view about 1 MB).
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
    view_page(content_type, bytes, page, images::PREVIEW_SIZE, None).map(|v| (v.jpeg, v.pages))
}

/// The largest page a reviewer's viewer may ask for, in pixels on the longest side: a page at
/// 300 % on a high-density screen, about 1 MB of JPEG.
pub const MAX_VIEW_SIZE: u32 = 2400;

/// At most this many characters are looked for on a page.
pub const MAX_FIND_CHARS: usize = 200;

/// A page as a reviewer's viewer shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageView {
    pub jpeg: Vec<u8>,
    /// The document's pages (a picture has one).
    pub pages: u32,
    /// How many times the text looked for is marked on the page; none when nothing was looked
    /// for or the page has no text layer to look in (a picture, a scan).
    pub found: Option<u32>,
}

/// One page (from 1) rendered at most `size` pixels on its longest side (sharp at the viewer's
/// zoom and pixel density), with each place where the page's text layer holds `find` marked.
pub fn view_page(content_type: &str, bytes: &[u8], page: u32, size: u32, find: Option<&str>) -> Result<PageView> {
    if !(images::PREVIEW_SIZE / 4..=MAX_VIEW_SIZE).contains(&size) {
        return Err(Error::invalid(
            "size",
            format!("ask for {} to {MAX_VIEW_SIZE} pixels on the longest side", images::PREVIEW_SIZE / 4),
        ));
    }
    let find = find.map(str::trim).filter(|f| !f.is_empty());
    if find.is_some_and(|f| f.chars().count() > MAX_FIND_CHARS) {
        return Err(Error::invalid("find", format!("look for at most {MAX_FIND_CHARS} characters")));
    }
    let is_pdf = content_type == "application/pdf";
    let pages = if is_pdf { page_count(bytes) } else { 1 };
    if page == 0 || page > pages {
        return Err(Error::invalid("page", format!("the document has {pages} page(s): ask for 1 to {pages}")));
    }
    let (picture, rendered): (Cow<'_, [u8]>, bool) = if is_pdf {
        match render_pdf(bytes, page, size) {
            Ok(jpeg) => (Cow::Owned(jpeg), true),
            Err(failure) => match (page == 1).then(|| embedded_jpeg(bytes)).flatten() {
                Some(scan) => (Cow::Owned(scan), false),
                None => return Err(no_preview(&failure, page)),
            },
        }
    } else {
        (Cow::Borrowed(bytes), false)
    };
    let decoded = images::decode(&picture)?;
    // Only a page rendered from its text layer has words where the picture shows them.
    let marks = match find {
        Some(text) if rendered => Some(find_words(&page_words(bytes, page), text)),
        _ => None,
    };
    let encode_failed = || Error::Storage("the preview could not be encoded".to_owned());
    let jpeg = match &marks {
        Some(boxes) if !boxes.is_empty() => {
            let mut small = images::downsized(&decoded, size).to_rgb8();
            mark(&mut small, boxes);
            images::jpeg(&image::DynamicImage::ImageRgb8(small)).ok_or_else(encode_failed)?
        }
        _ => images::preview_at(&decoded, size).ok_or_else(encode_failed)?,
    };
    Ok(PageView { jpeg, pages, found: marks.map(|b| u32::try_from(b.len()).unwrap_or(u32::MAX)) })
}

/// `pdftotext` reading one page's words and their boxes.
const WORDS: Bounds = Bounds { deadline: Duration::from_secs(5), memory: 256 << 20, output: 4 << 20 };

/// A word of a page's text layer and its box, in fractions of the page from its top left.
#[derive(Debug, Clone, PartialEq)]
struct Word {
    text: String,
    area: Area,
}

/// A box in fractions of the page (0 to 1) from the top left.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Area {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

/// The page's words as `pdftotext -bbox` reads them; none without poppler or a text layer.
fn page_words(bytes: &[u8], page: u32) -> Vec<Word> {
    let page = page.to_string();
    // The last `-` (added by `run`) is the output: standard output.
    match poppler::run("pdftotext", &["-bbox", "-f", &page, "-l", &page, "-"], bytes, WORDS) {
        Ok(html) => parse_bbox(&String::from_utf8_lossy(&html)),
        Err(_) => Vec::new(),
    }
}

/// Reads `pdftotext -bbox`'s XHTML: `<page width height>` then `<word xMin yMin xMax yMax>`.
fn parse_bbox(html: &str) -> Vec<Word> {
    let attr = |tag: &str, name: &str| -> Option<f32> {
        let at = tag.find(&format!("{name}=\""))? + name.len() + 2;
        tag[at..].split('"').next()?.parse().ok()
    };
    let Some(page) = html.find("<page ").map(|at| &html[at..]) else { return Vec::new() };
    let (Some(width), Some(height)) = (attr(page, "width"), attr(page, "height")) else { return Vec::new() };
    if width <= 0.0 || height <= 0.0 {
        return Vec::new();
    }
    page.split("<word ")
        .skip(1)
        .filter_map(|chunk| {
            let (tag, rest) = chunk.split_once('>')?;
            let text = rest.split("</word>").next()?;
            let text = text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"");
            Some(Word {
                text,
                area: Area {
                    x0: attr(tag, "xMin")? / width,
                    y0: attr(tag, "yMin")? / height,
                    x1: attr(tag, "xMax")? / width,
                    y1: attr(tag, "yMax")? / height,
                },
            })
        })
        .collect()
}

/// A word as compared: lower-case letters and digits only.
fn word_key(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// The boxes of every run of consecutive words that spells `text` (case, spacing and
/// punctuation aside).
fn find_words(words: &[Word], text: &str) -> Vec<Area> {
    let wanted: Vec<String> = text.split_whitespace().map(word_key).filter(|w| !w.is_empty()).collect();
    let keys: Vec<String> = words.iter().map(|w| word_key(&w.text)).collect();
    if wanted.is_empty() || keys.len() < wanted.len() {
        return Vec::new();
    }
    (0..=keys.len() - wanted.len())
        .filter(|&at| keys[at..at + wanted.len()] == wanted[..])
        .flat_map(|at| words[at..at + wanted.len()].iter().map(|w| w.area))
        .collect()
}

/// Marks each box on the page as a highlighter would: yellow over the words, the text still
/// readable through it.
fn mark(page: &mut image::RgbImage, boxes: &[Area]) {
    let (w, h) = (page.width() as f32, page.height() as f32);
    for b in boxes {
        let pad = 2.0;
        let x0 = ((b.x0 * w - pad).max(0.0)) as u32;
        let y0 = ((b.y0 * h - pad).max(0.0)) as u32;
        let x1 = ((b.x1 * w + pad).min(w)) as u32;
        let y1 = ((b.y1 * h + pad).min(h)) as u32;
        for y in y0..y1 {
            for x in x0..x1 {
                let p = page.get_pixel_mut(x, y);
                // Multiply by a highlighter yellow: white becomes yellow, black stays black.
                p.0 = [p.0[0], (u16::from(p.0[1]) * 229 / 255) as u8, (u16::from(p.0[2]) * 64 / 255) as u8];
            }
        }
    }
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

/// A page as JPEG through `pdftoppm`, `size` pixels on its longest side, or why there is none.
fn render_pdf(bytes: &[u8], page: u32, size: u32) -> Result<Vec<u8>, Failure> {
    let (size, page) = (size.to_string(), page.to_string());
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

    const BBOX: &str = r#"<doc>
  <page width="600.000000" height="800.000000">
    <word xMin="60.0" yMin="80.0" xMax="120.0" yMax="96.0">Rhone</word>
    <word xMin="126.0" yMin="80.0" xMax="180.0" yMax="96.0">Partners</word>
    <word xMin="60.0" yMin="120.0" xMax="72.0" yMax="136.0">12</word>
    <word xMin="76.0" yMin="120.0" xMax="100.0" yMax="136.0">Rue</word>
    <word xMin="104.0" yMin="120.0" xMax="116.0" yMax="136.0">de</word>
    <word xMin="120.0" yMin="120.0" xMax="130.0" yMax="136.0">la</word>
    <word xMin="134.0" yMin="120.0" xMax="160.0" yMax="136.0">Paix,</word>
    <word xMin="60.0" yMin="160.0" xMax="90.0" yMax="176.0">A&amp;B</word>
  </page>
</doc>"#;

    #[test]
    fn the_text_layer_finds_a_value_across_words_and_punctuation() {
        let words = parse_bbox(BBOX);
        assert_eq!(words.len(), 8);
        assert_eq!(words[0].area, Area { x0: 0.1, y0: 0.1, x1: 0.2, y1: 0.12 });
        assert_eq!(words[7].text, "A&B");
        assert_eq!(find_words(&words, "12 rue de la PAIX").len(), 5);
        assert_eq!(find_words(&words, "Rhone Partners").len(), 2);
        assert!(find_words(&words, "Rue de Rivoli").is_empty());
        assert!(find_words(&words, "   ").is_empty());
        assert!(parse_bbox("no page here").is_empty());
    }

    #[test]
    fn marks_turn_white_yellow_and_leave_black() {
        let mut page = image::RgbImage::from_pixel(100, 100, image::Rgb([255, 255, 255]));
        page.put_pixel(15, 15, image::Rgb([0, 0, 0]));
        mark(&mut page, &[Area { x0: 0.1, y0: 0.1, x1: 0.2, y1: 0.2 }]);
        assert_eq!(page.get_pixel(12, 12).0, [255, 229, 64]);
        assert_eq!(page.get_pixel(15, 15).0, [0, 0, 0]);
        assert_eq!(page.get_pixel(50, 50).0, [255, 255, 255]);
    }

    #[test]
    fn a_view_is_sized_as_asked_within_bounds() {
        let view = view_page("image/jpeg", &jpeg(), 1, 300, Some("anything")).expect("view");
        let back = images::decode(&view.jpeg).expect("decodes");
        assert_eq!((back.width(), view.pages, view.found), (300, 1, None), "a picture has no text layer");
        assert!(matches!(view_page("image/jpeg", &jpeg(), 1, 5000, None), Err(Error::Invalid(_))));
        assert!(matches!(view_page("image/jpeg", &jpeg(), 2, 640, None), Err(Error::Invalid(_))));
        let long = "x".repeat(MAX_FIND_CHARS + 1);
        assert!(matches!(view_page("image/jpeg", &jpeg(), 1, 640, Some(&long)), Err(Error::Invalid(_))));
    }
}
