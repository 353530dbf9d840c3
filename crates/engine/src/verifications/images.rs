//! What Docket does with uploaded pictures: decode them (a file that does not decode is not a
//! usable document), make the downsized preview served at `/documents/{id}/preview`, and the
//! difference hash that finds the same picture sent for another applicant after re-encoding or
//! resizing.

use image::imageops::FilterType;
use image::{DynamicImage, ImageFormat, ImageReader};

/// The longest side of a preview, in pixels.
pub const PREVIEW_SIZE: u32 = 640;

/// Pictures larger than this many pixels are refused before decoding (a decompression bomb).
const MAX_PIXELS: u64 = 60_000_000;

/// Decodes an uploaded JPEG, PNG or WebP picture; `None` when it is not one or is damaged.
pub fn decode(bytes: &[u8]) -> Option<DynamicImage> {
    let reader = ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format().ok()?;
    if !matches!(reader.format(), Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) {
        return None;
    }
    let (w, h) = reader.into_dimensions().ok()?;
    if u64::from(w) * u64::from(h) > MAX_PIXELS || w == 0 || h == 0 {
        return None;
    }
    let mut reader = ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format().ok()?;
    reader.no_limits();
    reader.decode().ok()
}

/// A JPEG no larger than [`PREVIEW_SIZE`] on its longest side (smaller pictures keep their
/// size).
pub fn preview(picture: &DynamicImage) -> Option<Vec<u8>> {
    let small = if picture.width().max(picture.height()) > PREVIEW_SIZE {
        picture.resize(PREVIEW_SIZE, PREVIEW_SIZE, FilterType::Triangle)
    } else {
        picture.clone()
    };
    let mut out = std::io::Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(small.to_rgb8()).write_to(&mut out, ImageFormat::Jpeg).ok()?;
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
        assert!(decode(&png).is_some());
        assert!(decode(&png[..png.len() / 2]).is_none());
        assert!(decode(b"%PDF-1.7\n").is_none());
        assert!(decode(b"").is_none());
    }
}
