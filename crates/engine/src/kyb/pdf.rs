//! What Docket reads in an uploaded corporate document offline: the media type its content
//! shows, a PDF's text layer (content streams, inflated when Flate-compressed; literal strings
//! of text objects), its producer and creator, its revisions (each incremental update adds an
//! end-of-file marker) and encryption; for an image, editing software named in its metadata.
//! From these the two document checks of production are decided, each finding with its
//! evidence. Scanned images are not read (no OCR offline): they go to a reviewer.

use std::io::Read;

use serde_json::{Value, json};

use super::form::DocumentKind;
use super::model::Case;
use super::providers::Finding;
use super::summary::Severity;
use crate::files::StoredFile;

/// At most this much inflated content is read from one PDF.
const MAX_TEXT_BYTES: usize = 8 << 20;

/// Editing software whose name in a document's metadata is a sign of editing: issued
/// certificates are produced by registries' systems, not by these.
const EDITORS: [&str; 12] = [
    "photoshop",
    "gimp",
    "illustrator",
    "inkscape",
    "pdf-xchange editor",
    "phantompdf",
    "sejda",
    "ilovepdf",
    "smallpdf",
    "pdfescape",
    "canva",
    "paint.net",
];

/// What was read from one document.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    pub kind: DocumentKind,
    pub file: StoredFile,
    pub pdf: Option<PdfFacts>,
    /// Editing software named in an image's metadata.
    pub image_software: Option<String>,
}

/// What a PDF shows of itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PdfFacts {
    /// The text layer, as read (empty for a scan).
    pub text: String,
    pub producer: Option<String>,
    pub creator: Option<String>,
    /// End-of-file markers: 1 for a document as issued, one more per incremental update.
    pub revisions: usize,
    pub encrypted: bool,
}

impl Analysis {
    pub fn of(kind: DocumentKind, file: &StoredFile, bytes: &[u8]) -> Analysis {
        let (pdf, image_software) = file_facts(&file.sniffed_type, bytes);
        Analysis { kind, file: file.clone(), pdf, image_software }
    }

    /// Signs of editing in the file's metadata (see [`editing_signs`]).
    pub fn editing_signs(&self) -> Vec<String> {
        editing_signs(self.pdf.as_ref(), self.image_software.as_deref())
    }

    fn name(&self) -> String {
        self.file.original_name.clone().unwrap_or_else(|| self.file.id.to_string())
    }
}

/// What a file shows of itself: its PDF facts or the editor named in a picture's metadata.
pub fn file_facts(sniffed_type: &str, bytes: &[u8]) -> (Option<PdfFacts>, Option<String>) {
    let pdf = (sniffed_type == "application/pdf").then(|| read_pdf(bytes));
    let software = sniffed_type.starts_with("image/").then(|| image_software(bytes)).flatten();
    (pdf, software)
}

/// Signs of editing in a file's metadata: an editor named as a PDF's producer or creator,
/// incremental updates after it was first saved, an editor in a picture's metadata.
pub fn editing_signs(pdf: Option<&PdfFacts>, image_software: Option<&str>) -> Vec<String> {
    let mut found = Vec::new();
    if let Some(pdf) = pdf {
        for (field, value) in [("producer", &pdf.producer), ("creator", &pdf.creator)] {
            if let Some(v) = value
                && let Some(editor) = EDITORS.iter().find(|e| v.to_lowercase().contains(*e))
            {
                found.push(format!("{field} is {v} ({editor})"));
            }
        }
        if pdf.revisions > 1 {
            found.push(format!("{} incremental updates after it was first saved", pdf.revisions - 1));
        }
    }
    if let Some(editor) = image_software {
        found.push(format!("its metadata names {editor}"));
    }
    found
}

/// Reads a PDF's facts from its bytes. Malformed input gives what could be read, never a panic.
pub fn read_pdf(bytes: &[u8]) -> PdfFacts {
    let mut facts = PdfFacts {
        revisions: memchr::memmem::find_iter(bytes, b"%%EOF").count(),
        encrypted: memchr::memmem::find(bytes, b"/Encrypt").is_some(),
        producer: info_string(bytes, b"/Producer"),
        creator: info_string(bytes, b"/Creator"),
        ..PdfFacts::default()
    };
    let mut at = 0;
    let mut budget = MAX_TEXT_BYTES;
    while let Some(found) = memchr::memmem::find(&bytes[at..], b"stream") {
        let start_kw = at + found;
        let mut data_start = start_kw + b"stream".len();
        // `endstream` also contains `stream`: skip it.
        if start_kw >= 3 && &bytes[start_kw - 3..start_kw] == b"end" {
            at = data_start;
            continue;
        }
        if bytes.get(data_start) == Some(&b'\r') {
            data_start += 1;
        }
        if bytes.get(data_start) == Some(&b'\n') {
            data_start += 1;
        }
        let Some(len) = memchr::memmem::find(&bytes[data_start.min(bytes.len())..], b"endstream") else { break };
        let data = &bytes[data_start..data_start + len];
        // The stream's dictionary: from its object's `obj` keyword to `stream`.
        let window = &bytes[start_kw.saturating_sub(1024)..start_kw];
        let dict = memchr::memmem::rfind(window, b"obj").map_or(window, |o| &window[o..]);
        let content = if memchr::memmem::find(dict, b"/FlateDecode").is_some() {
            let mut out = Vec::new();
            let _ = flate2::read::ZlibDecoder::new(data).take(budget as u64).read_to_end(&mut out);
            out
        } else {
            data.to_vec()
        };
        budget = budget.saturating_sub(content.len());
        if memchr::memmem::find(&content, b"BT").is_some() {
            text_of(&content, &mut facts.text);
        }
        at = data_start + len + b"endstream".len();
        if budget == 0 {
            break;
        }
    }
    facts
}

/// Appends the literal strings of a content stream's text objects: a `TJ` array's parts joined,
/// other strings separated by spaces.
fn text_of(content: &[u8], out: &mut String) {
    let mut i = 0;
    let mut depth_array = false;
    while i < content.len() {
        match content[i] {
            b'[' => depth_array = true,
            b']' => {
                depth_array = false;
                out.push(' ');
            }
            b'(' => {
                let (s, next) = literal(content, i + 1);
                out.push_str(&s);
                if !depth_array {
                    out.push(' ');
                }
                i = next;
                continue;
            }
            b'E' if content.get(i + 1) == Some(&b'T') => out.push('\n'),
            _ => {}
        }
        i += 1;
    }
}

/// A PDF literal string starting after its `(`; returns it and the index after its `)`.
fn literal(b: &[u8], mut i: usize) -> (String, usize) {
    let mut s = Vec::new();
    let mut depth = 1;
    while i < b.len() {
        let c = b[i];
        i += 1;
        match c {
            b'\\' => {
                let Some(&e) = b.get(i) else { break };
                i += 1;
                match e {
                    b'n' => s.push(b'\n'),
                    b'r' => s.push(b'\r'),
                    b't' => s.push(b'\t'),
                    b'0'..=b'7' => {
                        let mut v = u32::from(e - b'0');
                        for _ in 0..2 {
                            match b.get(i) {
                                Some(d @ b'0'..=b'7') => {
                                    v = v * 8 + u32::from(d - b'0');
                                    i += 1;
                                }
                                _ => break,
                            }
                        }
                        s.push((v & 0xff) as u8);
                    }
                    b'\r' | b'\n' => {}
                    other => s.push(other),
                }
            }
            b'(' => {
                depth += 1;
                s.push(c);
            }
            b')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
                s.push(c);
            }
            _ => s.push(c),
        }
    }
    // PDFDocEncoding is Latin-1 for the printable range.
    (s.iter().map(|&c| char::from(c)).collect(), i)
}

/// The string value of an info-dictionary key (`/Producer (...)`), if written as a literal.
fn info_string(bytes: &[u8], key: &[u8]) -> Option<String> {
    let at = memchr::memmem::rfind(bytes, key)? + key.len();
    let rest = &bytes[at..];
    let open = rest.iter().take(8).position(|c| *c == b'(')?;
    let (s, _) = literal(rest, open + 1);
    let s = s.trim().to_owned();
    (!s.is_empty()).then(|| crate::values::shorten(&s, 120))
}

/// Editing software an image's metadata names (EXIF or XMP in its first 64 KiB).
fn image_software(bytes: &[u8]) -> Option<String> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * 1024)]).to_lowercase();
    EDITORS.iter().find(|e| head.contains(*e)).map(|e| (*e).to_owned())
}

/// Upper-case words of letters and digits, for comparing declared values with document text.
fn words(s: &str) -> String {
    let folded: String = s.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_uppercase() } else { ' ' }).collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `needle`'s words appear in order in `haystack` (both already folded by [`words`]).
fn contains_words(haystack: &str, needle: &str) -> bool {
    !needle.is_empty() && format!(" {haystack} ").contains(&format!(" {needle} "))
}

/// Whether each declared value (`legal_name`, `registration_number`, `street`) appears in the
/// text layer of the case's documents: the names of the documents it was found in, or `None`
/// when no document has a text layer to read (nothing could be compared).
pub(crate) fn declared_in_documents(
    case: &Case,
    docs: &[Analysis],
) -> Vec<(&'static str, String, Option<Vec<String>>)> {
    let company = &case.form.company;
    let readable: Vec<(String, String)> = docs
        .iter()
        .filter_map(|d| d.pdf.as_ref().filter(|p| !p.encrypted).map(|p| (d.name(), words(&p.text))))
        .filter(|(_, text)| !text.is_empty())
        .collect();
    let declared = [
        ("legal_name", company.legal_name.as_ref().map(|n| n.as_str().to_owned())),
        ("registration_number", company.registration_number.as_ref().map(|n| n.as_str().to_owned())),
        ("street", company.address.as_ref().and_then(|a| a.street.as_ref()).map(|s| s.as_str().to_owned())),
    ];
    declared
        .into_iter()
        .filter_map(|(field, value)| value.map(|v| (field, v)))
        .map(|(field, value)| {
            let needle = words(&value);
            let found = (!readable.is_empty()).then(|| {
                readable.iter().filter(|(_, text)| contains_words(text, &needle)).map(|(n, _)| n.clone()).collect()
            });
            (field, value, found)
        })
        .collect()
}

/// `document_verification` in production: each document's type, and its text layer against
/// the declared company.
pub(crate) fn verify_documents(case: &Case, docs: &[Analysis]) -> Finding {
    let company = &case.form.company;
    let legal_name = words(company.legal_name.as_ref().map(|n| n.as_str()).unwrap_or_default());
    let number = words(company.registration_number.as_ref().map(|n| n.as_str()).unwrap_or_default());
    let street =
        words(company.address.as_ref().and_then(|a| a.street.as_ref()).map(|s| s.as_str()).unwrap_or_default());
    let mut worst: Option<(Severity, &str, String)> = None;
    let mut evidence = Vec::new();
    let mut note = |severity: Severity, verdict: &'static str, why: String| {
        if worst.as_ref().is_none_or(|(s, _, _)| severity > *s) {
            worst = Some((severity, verdict, why));
        }
    };
    if docs.is_empty() {
        return Finding::error("the case has no documents to verify", json!({}));
    }
    for doc in docs {
        let name = doc.name();
        let media = doc.file.sniffed_type.as_str();
        let mut item = json!({ "file_id": doc.file.id, "name": name, "kind": doc.kind, "media_type": media });
        match &doc.pdf {
            _ if !(media == "application/pdf" || media.starts_with("image/")) => {
                note(Severity::High, "invalid_document", format!("{name} is {media}, not a PDF or an image"));
            }
            None => {
                item["text_layer"] = json!(false);
                note(
                    Severity::Medium,
                    "needs_review",
                    format!("{name} is an image: Docket does not read images offline"),
                );
            }
            Some(pdf) if pdf.encrypted => {
                item["encrypted"] = json!(true);
                note(Severity::Medium, "needs_review", format!("{name} is password protected"));
            }
            Some(pdf) => {
                let text = words(&pdf.text);
                item["text_layer"] = json!(!text.is_empty());
                if text.is_empty() {
                    note(
                        Severity::Medium,
                        "needs_review",
                        format!("{name} has no text layer (a scan): a reviewer reads it"),
                    );
                } else {
                    let found_name = contains_words(&text, &legal_name);
                    let found_number = contains_words(&text, &number);
                    let found_street = contains_words(&text, &street);
                    item["found"] = json!({ "legal_name": found_name, "registration_number": found_number, "street": found_street });
                    match doc.kind {
                        DocumentKind::CertificateOfIncorporation => match (found_name, found_number) {
                            (true, true) => {}
                            (false, false) => note(
                                Severity::High,
                                "mismatch",
                                format!("{name} names neither the declared company nor its number"),
                            ),
                            (false, true) => note(
                                Severity::Medium,
                                "partial_match",
                                format!("{name} does not name the declared company"),
                            ),
                            (true, false) => note(
                                Severity::Medium,
                                "partial_match",
                                format!("{name} does not show the declared number"),
                            ),
                        },
                        DocumentKind::ProofOfAddress => {
                            if !found_street {
                                note(
                                    Severity::Medium,
                                    "partial_match",
                                    format!("{name} does not show the declared street"),
                                );
                            }
                        }
                        DocumentKind::OwnershipDocument => {
                            let missing: Vec<String> = case
                                .form
                                .ownership
                                .persons
                                .iter()
                                .filter(|p| p.ownership_percentage.is_some())
                                .filter_map(|p| p.last_name.as_ref().map(|l| l.as_str().to_owned()))
                                .filter(|l| !contains_words(&text, &words(l)))
                                .collect();
                            item["shareholders_not_found"] = json!(missing);
                            if !missing.is_empty() {
                                note(
                                    Severity::Medium,
                                    "partial_match",
                                    format!("{name} does not name {}", missing.join(", ")),
                                );
                            }
                        }
                    }
                }
            }
        }
        evidence.push(item);
    }
    let evidence = json!({ "documents": evidence });
    match worst {
        Some((severity, verdict, why)) => Finding::done(severity, verdict, why, evidence),
        None => Finding::done(
            Severity::Low,
            "verified",
            "The documents' text names the declared company, its number and address",
            evidence,
        ),
    }
}

/// `doc_manipulation` in production: signs of editing in the documents' metadata.
pub(crate) fn manipulation(docs: &[Analysis]) -> Finding {
    if docs.is_empty() {
        return Finding::error("the case has no documents to examine", json!({}));
    }
    let mut signs: Vec<(String, Vec<String>)> = Vec::new();
    let mut evidence: Vec<Value> = Vec::new();
    for doc in docs {
        let name = doc.name();
        let found = doc.editing_signs();
        if let Some(pdf) = &doc.pdf {
            evidence.push(json!({
                "file_id": doc.file.id, "name": name, "producer": pdf.producer, "creator": pdf.creator,
                "revisions": pdf.revisions, "signs": found,
            }));
        } else {
            evidence.push(
                json!({ "file_id": doc.file.id, "name": name, "image_software": doc.image_software, "signs": found }),
            );
        }
        if !found.is_empty() {
            signs.push((name, found));
        }
    }
    let evidence = json!({ "documents": evidence });
    let total: usize = signs.iter().map(|(_, s)| s.len()).sum();
    let said = signs.iter().map(|(n, s)| format!("{n}: {}", s.join("; "))).collect::<Vec<_>>().join(". ");
    match total {
        0 => Finding::done(Severity::Low, "no_manipulation", "No sign of editing in the documents' metadata", evidence),
        1 => Finding::done(Severity::Medium, "suspicious", said, evidence),
        _ => Finding::done(Severity::High, "manipulated", said, evidence),
    }
}

/// Writes a one-page PDF (A4, Helvetica) with `title` and `lines`: a real document with its
/// cross-reference table, for demo data and tests. `producer` names the software in its info
/// dictionary. Text outside Latin-1 is replaced by `?`.
pub fn write_document(title: &str, lines: &[String], producer: &str) -> Vec<u8> {
    fn escape(s: &str) -> String {
        s.chars()
            .map(|c| match c {
                '(' | ')' | '\\' => format!("\\{c}"),
                c if (c as u32) < 0x20 || (c as u32) > 0xff => "?".to_owned(),
                c if (c as u32) < 0x80 => c.to_string(),
                c => format!("\\{:03o}", c as u32),
            })
            .collect()
    }
    let mut content = format!("BT /F1 18 Tf 72 770 Td ({}) Tj ET\n", escape(title));
    for (i, line) in lines.iter().enumerate() {
        content.push_str(&format!("BT /F1 11 Tf 72 {} Td ({}) Tj ET\n", 730 - 18 * i as i64, escape(line)));
    }
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
            .to_owned(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
        format!("<< /Producer ({}) /Title ({}) >>", escape(producer), escape(title)),
    ];
    let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for o in offsets {
        out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R /Info 6 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1)
            .as_bytes(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-page PDF with `text` in a Flate-compressed content stream.
    pub(crate) fn pdf_with(text: &str, producer: &str, updates: usize) -> Vec<u8> {
        use std::io::Write;
        let content = format!("BT /F1 12 Tf 72 720 Td ({text}) Tj ET");
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(content.as_bytes()).expect("deflate");
        let data = z.finish().expect("deflate");
        let mut pdf = b"%PDF-1.7\n1 0 obj << /Length ".to_vec();
        pdf.extend_from_slice(format!("{} /Filter /FlateDecode >>\nstream\n", data.len()).as_bytes());
        pdf.extend_from_slice(&data);
        pdf.extend_from_slice(
            format!("\nendstream\nendobj\n2 0 obj << /Producer ({producer}) >> endobj\n%%EOF\n").as_bytes(),
        );
        for _ in 0..updates {
            pdf.extend_from_slice(b"3 0 obj << /Producer (x) >> endobj\n%%EOF\n");
        }
        pdf
    }

    #[test]
    fn reads_compressed_text_producer_and_revisions() {
        let facts = read_pdf(&pdf_with("Brightwater Logistics Ltd \\(No. 09876543\\)", "Companies House", 0));
        assert!(facts.text.contains("Brightwater Logistics Ltd (No. 09876543)"), "{}", facts.text);
        assert_eq!(facts.producer.as_deref(), Some("Companies House"));
        assert_eq!(facts.revisions, 1);
        assert!(!facts.encrypted);
        let edited = read_pdf(&pdf_with("x", "Adobe Photoshop 25.0", 2));
        assert_eq!(edited.revisions, 3);
    }

    #[test]
    fn hostile_bytes_never_panic() {
        for bytes in [&b"%PDF-1.4 stream"[..], b"%PDF stream\r\n(((", b"(\\", b"%PDF /Producer (", b"stream endstream"]
        {
            let _ = read_pdf(bytes);
        }
        let mut rng = 0x2545_f491_u32;
        for _ in 0..200 {
            let bytes: Vec<u8> = (0..300)
                .map(|_| {
                    rng ^= rng << 13;
                    rng ^= rng >> 17;
                    rng ^= rng << 5;
                    b"%PDF()\\[]BTETstreamendstream/FlateDecode0123"[(rng % 44) as usize]
                })
                .collect();
            let _ = read_pdf(&bytes);
        }
    }

    #[test]
    fn written_documents_read_back() {
        let pdf = write_document(
            "Certificate of incorporation",
            &["Brightwater Logistics (UK) Ltd".into(), "Company number 09876543".into(), "Zoë Müller".into()],
            "Companies House",
        );
        assert!(pdf.starts_with(b"%PDF-1.4"));
        let facts = read_pdf(&pdf);
        assert!(facts.text.contains("Brightwater Logistics (UK) Ltd"), "{}", facts.text);
        assert!(facts.text.contains("Zoë Müller"));
        assert_eq!((facts.revisions, facts.producer.as_deref()), (1, Some("Companies House")));
    }

    #[test]
    fn words_match_whole_words_in_order() {
        let text = words("Certificate: BRIGHTWATER LOGISTICS LTD, company no. 09876543");
        assert!(contains_words(&text, &words("Brightwater Logistics Ltd")));
        assert!(contains_words(&text, &words("09876543")));
        assert!(!contains_words(&text, &words("Brightwater Logistic")));
        assert!(!contains_words(&text, ""));
    }
}
