//! What a file is, from its first bytes: never from its name or the type a sender declared.

/// How many leading bytes [`media_type`] looks at.
pub const HEAD: usize = 512;

/// The media type the content shows, from its leading bytes (at most [`HEAD`] are needed).
pub fn media_type(head: &[u8]) -> &'static str {
    const SIGNATURES: &[(&[u8], &str)] = &[
        (b"%PDF-", "application/pdf"),
        (b"\x89PNG\r\n\x1a\n", "image/png"),
        (b"\xff\xd8\xff", "image/jpeg"),
        (b"GIF87a", "image/gif"),
        (b"GIF89a", "image/gif"),
        (b"\x1f\x8b", "application/gzip"),
        (b"PK\x03\x04", "application/zip"),
        (b"II*\x00", "image/tiff"),
        (b"MM\x00*", "image/tiff"),
    ];
    if let Some((_, t)) = SIGNATURES.iter().find(|(magic, _)| head.starts_with(magic)) {
        return t;
    }
    if head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP" {
        return "image/webp";
    }
    if head.len() >= 12 && &head[4..8] == b"ftyp" {
        let brand = &head[8..12];
        if [b"heic", b"heix", b"mif1", b"msf1", b"heim", b"heis"].iter().any(|b| brand == *b) {
            return "image/heic";
        }
        // ISO base media files: QuickTime by its own brand, the rest MP4 (isom, mp41, mp42, avc1...).
        match brand {
            b"qt  " => return "video/quicktime",
            b"avif" | b"avis" => {}
            _ => return "video/mp4",
        }
    }
    // Matroska's EBML header: WebM when its doctype says so.
    if head.starts_with(b"\x1a\x45\xdf\xa3") && head.windows(4).any(|w| w == b"webm") {
        return "video/webm";
    }
    text_type(head)
}

/// A media type [`media_type`] tells, in plain words for the person who uploaded it ("a text
/// file"), for messages that say why a file was refused.
pub fn described(media_type: &str) -> &'static str {
    match media_type {
        "application/pdf" => "a PDF document",
        "image/png" => "a PNG picture",
        "image/jpeg" => "a JPEG picture",
        "image/webp" => "a WebP picture",
        "image/gif" => "a GIF picture",
        "image/tiff" => "a TIFF picture",
        "image/heic" => "a HEIC picture (as iPhones save photos)",
        "video/mp4" => "an MP4 video",
        "video/quicktime" => "a QuickTime video",
        "video/webm" => "a WebM video",
        "application/gzip" | "application/zip" => "a compressed archive",
        "application/json" | "application/xml" | "text/plain" => "a text file",
        _ => "of a kind that cannot be read",
    }
}

/// Text: JSON, XML, or plain (CSV and the like), when the head is UTF-8 without control
/// characters other than whitespace. A head cut in the middle of a character still counts.
fn text_type(head: &[u8]) -> &'static str {
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
        Err(_) => return "application/octet-stream",
    };
    if head.is_empty() || text.chars().any(|c| c.is_control() && !c.is_whitespace()) {
        return "application/octet-stream";
    }
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('{') || start.starts_with('[') {
        "application/json"
    } else if start.starts_with("<?xml") || start.starts_with('<') {
        "application/xml"
    } else {
        "text/plain"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_their_magic_bytes() {
        assert_eq!(media_type(b"%PDF-1.7\n%..."), "application/pdf");
        assert_eq!(media_type(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), "image/png");
        assert_eq!(media_type(b"\xff\xd8\xff\xe0\0\x10JFIF"), "image/jpeg");
        assert_eq!(media_type(b"GIF89a\x01\0"), "image/gif");
        assert_eq!(media_type(b"RIFF\x24\0\0\0WEBPVP8 "), "image/webp");
        assert_eq!(media_type(b"\0\0\0\x18ftypheic\0\0\0\0"), "image/heic");
        assert_eq!(media_type(b"\x1f\x8b\x08\0"), "application/gzip");
        assert_eq!(media_type(b"PK\x03\x04\x14\0"), "application/zip");
        assert_eq!(media_type(b"\0\0\0\x20ftypisom\0\0\x02\0"), "video/mp4");
        assert_eq!(media_type(b"\0\0\0\x14ftypqt  \0\0\0\0"), "video/quicktime");
        assert_eq!(media_type(b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm"), "video/webm");
    }

    #[test]
    fn text_is_json_xml_or_plain_and_binary_is_octets() {
        assert_eq!(media_type(b"  {\"a\": 1}"), "application/json");
        assert_eq!(media_type("\u{feff}[1,2]".as_bytes()), "application/json");
        assert_eq!(media_type(b"<?xml version=\"1.0\"?><x/>"), "application/xml");
        assert_eq!(media_type(b"name,country\nAcme,DE\n"), "text/plain");
        // A multi-byte character cut at the end of the head is still text.
        assert_eq!(media_type(&"Müller".as_bytes()[..2]), "text/plain");
        assert_eq!(media_type(b"\0\x01\x02binary"), "application/octet-stream");
        assert_eq!(media_type(b""), "application/octet-stream");
        assert_eq!(described(media_type(b"name,country\n")), "a text file");
        // A name or a declared type changes nothing: only the content is looked at.
        assert_eq!(media_type(b"MZ\x90\0"), "application/octet-stream");
    }
}
