//! What Docket does with uploaded pictures: decode them (a file that does not decode, or is cut
//! short, is not a usable document), make the downsized preview served at
//! `/documents/{id}/preview`, and the difference hash that finds the same picture sent for
//! another applicant after re-encoding or resizing.
//!
//! Decoding is bounded before it starts, from the picture's header: at most [`MAX_SIDE`] pixels a
//! side, [`MAX_PIXELS`] pixels, and [`MAX_DECODE_BYTES`] of memory (the decoded picture, and for
//! a progressive JPEG the coefficients its decoder keeps, two bytes a sample). A phone photo or a
//! scan (12 to 50 megapixels at 8 bits a channel) passes; a decompression bomb (a few hundred KB
//! of PNG that claim 60 megapixels at 16 bits a channel) is refused before anything is
//! allocated. The same limits are handed to the decoders (`image::Limits`). Callers run a decode
//! as heavy work (`crate::heavy`): a few at a time, engine-wide.

use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};

use crate::error::{Error, Result};

/// The longest side of a preview, in pixels.
pub const PREVIEW_SIZE: u32 = 640;

/// The longest side a picture may have, in pixels.
pub const MAX_SIDE: u32 = 16_384;

/// The most pixels a picture may have.
pub const MAX_PIXELS: u64 = 60_000_000;

/// The most memory one decode may take: 320 MiB holds a 50-megapixel progressive JPEG (4:2:0,
/// 286 MiB with its coefficients) and a 60-megapixel RGBA PNG (229 MiB), not a 7,745 × 7,745
/// 16-bit RGB PNG (343 MiB).
pub const MAX_DECODE_BYTES: u64 = 320 << 20;

const MIB: u64 = 1 << 20;

/// Decodes an uploaded JPEG, PNG or WebP picture within the limits. A file that is none of them
/// or is damaged or cut short is refused with [`Error::UnsupportedMedia`]; one over the limits
/// with [`Error::TooLarge`]; each message says why.
pub fn decode(bytes: &[u8]) -> Result<DynamicImage> {
    let format = image::guess_format(bytes)
        .ok()
        .filter(|f| matches!(f, ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP))
        .ok_or_else(|| Error::UnsupportedMedia("the file is not a JPEG, PNG or WebP picture".to_owned()))?;
    // The JPEG decoder fills what is missing of a cut file with grey, so the file's structure is
    // checked first; it also says what the decoder will keep beside the picture.
    let working = match format {
        ImageFormat::Jpeg => jpeg_frame(bytes)?.coefficient_bytes(),
        _ => 0,
    };
    let mut reader = ImageReader::with_format(std::io::Cursor::new(bytes), format);
    reader.limits(limits());
    let decoder = reader.into_decoder().map_err(refusal)?;
    let (width, height) = decoder.dimensions();
    let pixels = u64::from(width) * u64::from(height);
    if pixels == 0 {
        return Err(damaged("it claims no pixels"));
    }
    let needed = decoder.total_bytes().saturating_add(working);
    if pixels > MAX_PIXELS || needed > MAX_DECODE_BYTES {
        let colour = decoder.color_type();
        let bits = u32::from(colour.bytes_per_pixel()) * 8 / u32::from(colour.channel_count().max(1));
        return Err(Error::TooLarge(format!(
            "the picture is {width} × {height} pixels ({:.1} megapixels) at {bits} bits a channel: decoding it would \
             take {} MiB, and a document may take at most {} MiB and {} megapixels; send a smaller picture or one at 8 \
             bits a channel",
            pixels as f64 / 1e6,
            (needed as f64 / MIB as f64).round(),
            MAX_DECODE_BYTES / MIB,
            MAX_PIXELS / 1_000_000,
        )));
    }
    DynamicImage::from_decoder(decoder).map_err(refusal)
}

/// The limits handed to the decoders (which check them again, and bound their own buffers).
fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    limits
}

/// A decoder's refusal as the engine's error.
fn refusal(e: ImageError) -> Error {
    match e {
        ImageError::Limits(_) => Error::TooLarge(format!(
            "the picture is larger than a document may be (at most {MAX_SIDE} pixels a side, {} megapixels and {} \
             MiB decoded): {e}",
            MAX_PIXELS / 1_000_000,
            MAX_DECODE_BYTES / MIB
        )),
        ImageError::Unsupported(_) => {
            Error::UnsupportedMedia(format!("the picture uses something Docket cannot decode: {e}"))
        }
        other => damaged(&other.to_string()),
    }
}

fn damaged(why: &str) -> Error {
    Error::UnsupportedMedia(format!("the picture is damaged and cannot be used: {why}"))
}

/// What a JPEG's frame header says: its size and its components' sampling.
#[derive(Debug, Clone, PartialEq, Eq)]
struct JpegFrame {
    progressive: bool,
    width: u64,
    height: u64,
    /// Each component's horizontal and vertical sampling factors.
    sampling: Vec<(u64, u64)>,
}

impl JpegFrame {
    /// The memory a progressive JPEG's decoder keeps for its coefficients (two bytes a sample,
    /// each component at its own sampling, padded to whole blocks); none for a baseline one.
    fn coefficient_bytes(&self) -> u64 {
        if !self.progressive {
            return 0;
        }
        let h_max = self.sampling.iter().map(|s| s.0).max().unwrap_or(1).max(1);
        let v_max = self.sampling.iter().map(|s| s.1).max().unwrap_or(1).max(1);
        let (mcus_across, mcus_down) = (self.width.div_ceil(8 * h_max), self.height.div_ceil(8 * v_max));
        self.sampling.iter().map(|(h, v)| mcus_across * h * 8 * mcus_down * v * 8 * 2).sum()
    }
}

/// Walks a JPEG's markers to its first scan and checks that its data reaches an end-of-image
/// marker: a file cut short (an interrupted upload, or a header that claims far more picture than
/// the file holds) is refused here, where the decoder would make up the rest. Each step moves
/// forward, so the walk ends.
fn jpeg_frame(b: &[u8]) -> Result<JpegFrame> {
    let cut_short = || {
        Error::UnsupportedMedia(
            "the picture is cut short: its JPEG data ends before its end-of-image marker (was the upload \
             interrupted?)"
                .to_owned(),
        )
    };
    if !b.starts_with(&[0xFF, 0xD8]) {
        return Err(damaged("it does not start as a JPEG does"));
    }
    let mut at = 2;
    let mut frame = None;
    loop {
        if at >= b.len() {
            return Err(cut_short());
        }
        if b[at] != 0xFF {
            return Err(damaged("a JPEG marker is missing where one must be"));
        }
        // Any number of fill bytes may stand before a marker's code.
        while b.get(at) == Some(&0xFF) {
            at += 1;
        }
        let code = *b.get(at).ok_or_else(cut_short)?;
        at += 1;
        match code {
            // Markers without a segment.
            0x01 | 0xD0..=0xD7 => continue,
            0xD8 | 0xD9 => return Err(damaged("its markers end before any picture data")),
            _ => {}
        }
        let length = match b.get(at..at + 2) {
            Some(&[hi, lo]) => usize::from(u16::from_be_bytes([hi, lo])),
            _ => return Err(cut_short()),
        };
        if length < 2 {
            return Err(damaged("a JPEG segment has an impossible length"));
        }
        let segment = b.get(at + 2..at + length).ok_or_else(cut_short)?;
        match code {
            // Start of frame (0xC4, 0xC8 and 0xCC are tables, not frames).
            0xC0..=0xCF if !matches!(code, 0xC4 | 0xC8 | 0xCC) => {
                frame = Some(frame_header(code, segment).ok_or_else(|| damaged("its frame header is malformed"))?);
            }
            // Start of scan: the entropy-coded data follows. Inside it a 0xFF byte is always
            // followed by 0x00 or a restart marker, so 0xFF 0xD9 there is the end of the image.
            0xDA => {
                let frame = frame.ok_or_else(|| damaged("its picture data comes before its frame header"))?;
                let data = b.get(at + length..).unwrap_or_default();
                return match memchr::memmem::find(data, &[0xFF, 0xD9]) {
                    Some(_) => Ok(frame),
                    None => Err(cut_short()),
                };
            }
            _ => {}
        }
        at += length;
    }
}

/// A start-of-frame segment (after its length): precision, height, width, components.
fn frame_header(code: u8, s: &[u8]) -> Option<JpegFrame> {
    let height = u64::from(u16::from_be_bytes([*s.get(1)?, *s.get(2)?]));
    let width = u64::from(u16::from_be_bytes([*s.get(3)?, *s.get(4)?]));
    let count = usize::from(*s.get(5)?);
    let sampling = (0..count)
        .map(|i| s.get(6 + 3 * i + 1).map(|f| (u64::from(f >> 4), u64::from(f & 0x0F))))
        .collect::<Option<Vec<_>>>()?;
    if sampling.is_empty() {
        return None;
    }
    Some(JpegFrame { progressive: matches!(code, 0xC2 | 0xC6 | 0xCA | 0xCE), width, height, sampling })
}

/// A JPEG no larger than [`PREVIEW_SIZE`] on its longest side (smaller pictures keep their
/// size). Downsized by area averaging, which needs no buffer the size of the picture.
pub fn preview(picture: &DynamicImage) -> Option<Vec<u8>> {
    preview_at(picture, PREVIEW_SIZE)
}

/// [`preview`] at most `size` pixels on its longest side.
pub fn preview_at(picture: &DynamicImage, size: u32) -> Option<Vec<u8>> {
    jpeg(&downsized(picture, size))
}

/// The picture at most `size` pixels on its longest side (a smaller one as it is).
pub fn downsized(picture: &DynamicImage, size: u32) -> DynamicImage {
    if picture.width().max(picture.height()) > size { picture.thumbnail(size, size) } else { picture.clone() }
}

/// The picture as a JPEG.
pub fn jpeg(picture: &DynamicImage) -> Option<Vec<u8>> {
    let mut out = std::io::Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(picture.to_rgb8()).write_to(&mut out, ImageFormat::Jpeg).ok()?;
    Some(out.into_inner())
}

/// A picture's 256-bit difference hash: the picture in grey at 17×16, one bit per pair of
/// neighbours (is the left one brighter). Re-encoding, resizing and small edits change few bits;
/// at this size the photo and the text of two documents of one design still differ, where a
/// 64-bit hash sees only the design.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PictureHash(pub [u8; 32]);

impl PictureHash {
    /// How many bits two hashes differ by.
    pub fn distance(&self, other: &PictureHash) -> u32 {
        self.0.iter().zip(other.0.iter()).map(|(a, b)| (a ^ b).count_ones()).sum()
    }
}

pub fn dhash(picture: &DynamicImage) -> PictureHash {
    let grey = picture.resize_exact(17, 16, FilterType::Triangle).to_luma8();
    let mut hash = [0u8; 32];
    for y in 0..16u32 {
        for x in 0..16u32 {
            let bit = (y * 16 + x) as usize;
            if grey.get_pixel(x, y)[0] > grey.get_pixel(x + 1, y)[0] {
                hash[bit / 8] |= 1 << (bit % 8);
            }
        }
    }
    PictureHash(hash)
}

/// How many of the 256 bits two hashes may differ by and still be the same picture. Measured on
/// generated documents (the tests here and in `demo`): re-encoded, resized and slightly cropped
/// copies differ by 0 to 9 bits; two documents of one design with another photo and text by 15
/// or more.
pub const SAME_PICTURE_BITS: u32 = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    /// A picture with some structure (gradients and a block), as a document photo has.
    fn sample(w: u32, h: u32, shift: u32) -> DynamicImage {
        DynamicImage::ImageRgb8(RgbImage::from_fn(w, h, |x, y| {
            let block = (x / (w / 4).max(1) + y / (h / 3).max(1) + shift).is_multiple_of(2);
            let v = ((x * 255 / w) as u8).wrapping_add(if block { 60 } else { 0 });
            Rgb([v, (y * 255 / h) as u8, 128])
        }))
    }

    fn encode(p: &DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(p.to_rgb8()).write_to(&mut out, format).expect("in test");
        out.into_inner()
    }

    #[test]
    fn a_reencoded_and_resized_copy_hashes_close_and_another_picture_far() {
        let original = sample(1200, 800, 0);
        let copy =
            decode(&encode(&original.resize(600, 400, FilterType::Lanczos3), ImageFormat::Jpeg)).expect("in test");
        let other = sample(1200, 800, 1);
        let (a, b, c) = (dhash(&original), dhash(&copy), dhash(&other));
        assert!(a.distance(&b) <= SAME_PICTURE_BITS, "copy differs by {}", a.distance(&b));
        assert!(a.distance(&c) > SAME_PICTURE_BITS, "other differs by {}", a.distance(&c));
    }

    #[test]
    fn previews_are_small_jpegs() {
        let big = sample(2000, 1000, 0);
        let bytes = preview(&big).expect("in test");
        let back = decode(&bytes).expect("in test");
        assert_eq!((back.width(), back.height()), (PREVIEW_SIZE, PREVIEW_SIZE / 2));
        assert_eq!(&bytes[..3], &[0xFF, 0xD8, 0xFF]);
    }

    #[test]
    fn damaged_or_foreign_files_do_not_decode() {
        let png = encode(&sample(64, 64, 0), ImageFormat::Png);
        assert!(decode(&png).is_ok());
        assert!(matches!(decode(&png[..png.len() / 2]), Err(Error::UnsupportedMedia(_))));
        assert!(matches!(decode(b"%PDF-1.7\n"), Err(Error::UnsupportedMedia(_))));
        assert!(matches!(decode(b""), Err(Error::UnsupportedMedia(_))));
    }

    /// A PNG whose header claims `width` × `height` at `depth` bits a channel of `colour`
    /// (2: RGB), with one small data chunk: refused from the header, before the data is read.
    fn png_header(width: u32, height: u32, depth: u8, colour: u8) -> Vec<u8> {
        fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
            let mut out = (data.len() as u32).to_be_bytes().to_vec();
            out.extend_from_slice(kind);
            out.extend_from_slice(data);
            let mut crc = flate2::Crc::new();
            crc.update(kind);
            crc.update(data);
            out.extend_from_slice(&crc.sum().to_be_bytes());
            out
        }
        let mut header = width.to_be_bytes().to_vec();
        header.extend_from_slice(&height.to_be_bytes());
        header.extend_from_slice(&[depth, colour, 0, 0, 0]);
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        out.extend(chunk(b"IHDR", &header));
        out.extend(chunk(b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
        out.extend(chunk(b"IEND", b""));
        out
    }

    #[test]
    fn a_deep_png_bomb_is_refused_from_its_header_with_its_figures() {
        // The hostile upload of issue 32: 7,745 × 7,745 at 16 bits a channel (343 MiB decoded).
        let refused = decode(&png_header(7745, 7745, 16, 2));
        let Err(Error::TooLarge(message)) = refused else { panic!("{refused:?}") };
        assert!(
            message.contains("7745 × 7745") && message.contains("16 bits") && message.contains("343 MiB"),
            "{message}"
        );
        // Past the sides or the pixel count, whatever the depth.
        assert!(matches!(decode(&png_header(20_000, 10, 8, 0)), Err(Error::TooLarge(_))));
        assert!(matches!(decode(&png_header(8000, 8000, 8, 0)), Err(Error::TooLarge(_))));
        // The same size at 8 bits a channel of grey is within the bound: it is read, and this
        // one's data is missing.
        assert!(matches!(decode(&png_header(7745, 7745, 8, 0)), Err(Error::UnsupportedMedia(_))));
    }

    #[test]
    fn a_jpeg_cut_short_is_refused_even_when_its_header_claims_a_huge_picture() {
        let jpeg = encode(&sample(256, 192, 0), ImageFormat::Jpeg);
        assert!(decode(&jpeg).is_ok());
        let refused = decode(&jpeg[..jpeg.len() * 2 / 3]);
        assert!(matches!(&refused, Err(Error::UnsupportedMedia(m)) if m.contains("cut short")), "{refused:?}");
        // The hostile upload of issue 32: a header that claims 7,740 × 7,740, and a file that
        // holds a few blocks of it.
        let mut claims = jpeg.clone();
        let sof = memchr::memmem::find(&claims, &[0xFF, 0xC0]).expect("a baseline frame");
        claims[sof + 5..sof + 9].copy_from_slice(&[0x1E, 0x3C, 0x1E, 0x3C]);
        let refused = decode(&claims[..jpeg.len() / 2]);
        assert!(matches!(&refused, Err(Error::UnsupportedMedia(m)) if m.contains("cut short")), "{refused:?}");
        // Damaged beginnings and endless fill bytes end the walk too.
        for bad in [
            &[0xFF, 0xD8][..],
            &[0xFF, 0xD8, 0xFF, 0xFF, 0xFF],
            &[0xFF, 0xD8, 0x00, 0x10],
            &[0xFF, 0xD8, 0xFF, 0xE0, 0x00],
        ] {
            assert!(matches!(decode(bad), Err(Error::UnsupportedMedia(_))), "{bad:?}");
        }
    }

    #[test]
    fn a_jpeg_with_a_thumbnail_in_its_metadata_is_read_to_its_own_end() {
        // An EXIF thumbnail is a whole JPEG, end marker included, inside an APP1 segment: the
        // walk skips segments by their length, so only the picture's own end counts.
        let jpeg = encode(&sample(256, 192, 0), ImageFormat::Jpeg);
        let thumbnail = encode(&sample(32, 24, 1), ImageFormat::Jpeg);
        let mut app1 = vec![0xFF, 0xE1];
        app1.extend_from_slice(&u16::try_from(thumbnail.len() + 8).expect("small").to_be_bytes());
        app1.extend_from_slice(b"Exif\0\0");
        app1.extend_from_slice(&thumbnail);
        let mut with_thumbnail = jpeg[..2].to_vec();
        with_thumbnail.extend_from_slice(&app1);
        with_thumbnail.extend_from_slice(&jpeg[2..]);
        assert!(decode(&with_thumbnail).is_ok());
        let cut = &with_thumbnail[..with_thumbnail.len() - 200];
        assert!(matches!(decode(cut), Err(Error::UnsupportedMedia(m)) if m.contains("cut short")));
    }

    #[test]
    fn the_bound_takes_real_photos_and_scans() {
        let frame = |w, h, progressive, sampling: &[(u64, u64)]| JpegFrame {
            progressive,
            width: w,
            height: h,
            sampling: sampling.to_vec(),
        };
        let ycbcr_420 = [(2, 2), (1, 1), (1, 1)];
        // A 50-megapixel phone photo (8160 × 6120), RGB out: baseline, and progressive at 4:2:0.
        let out = 8160 * 6120 * 3;
        assert_eq!(frame(8160, 6120, false, &ycbcr_420).coefficient_bytes(), 0);
        let progressive = frame(8160, 6120, true, &ycbcr_420).coefficient_bytes();
        assert!(out + progressive <= MAX_DECODE_BYTES, "{} MiB", (out + progressive) / MIB);
        // An A4 page scanned at 600 dpi in colour, progressive at 4:4:4.
        let scan = frame(4961, 7016, true, &[(1, 1), (1, 1), (1, 1)]).coefficient_bytes();
        assert!(4961 * 7016 * 3 + scan <= MAX_DECODE_BYTES);
        // 60 megapixels of RGBA (a PNG with transparency).
        const { assert!(60_000_000 * 4 <= MAX_DECODE_BYTES) };
    }
}
