//! A streaming `multipart/form-data` reader (RFC 7578): parts are read as their bytes arrive,
//! so a large upload never sits in memory whole. Small on purpose: form-data parts with a
//! `Content-Disposition` name and optional filename, nothing else of MIME.

use axum::body::Body;
use axum::http::StatusCode;
use bytes::{Buf, Bytes, BytesMut};
use http_body_util::BodyExt;

use crate::error::ApiError;

/// The longest header block of one part.
const MAX_HEADERS: usize = 8 * 1024;

/// A part's headers, as far as form data uses them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The form field's name.
    pub name: String,
    /// The file's name, for file fields.
    pub filename: Option<String>,
}

/// Where the bytes come from.
enum Source {
    Body(Body),
    #[cfg(test)]
    Chunks(std::vec::IntoIter<Bytes>),
}

impl Source {
    /// The next non-empty piece of the body, or `None` at its end.
    async fn next(&mut self) -> Result<Option<Bytes>, ApiError> {
        match self {
            Source::Body(body) => loop {
                match body.frame().await {
                    None => return Ok(None),
                    Some(Ok(frame)) => match frame.into_data() {
                        Ok(data) if !data.is_empty() => return Ok(Some(data)),
                        _ => {}
                    },
                    Some(Err(e)) => return Err(read_error(e)),
                }
            },
            #[cfg(test)]
            Source::Chunks(chunks) => Ok(chunks.next()),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before the first boundary.
    Preamble,
    /// Just after a boundary: a part follows, or `--` ends the body.
    Boundary,
    /// In a part's headers.
    Headers,
    /// In a part's data.
    Data,
    /// After the closing boundary.
    End,
}

/// Reads the parts of one body, in order: [`Multipart::next_part`], then
/// [`Multipart::next_chunk`] until it says the part ended.
pub struct Multipart {
    body: Source,
    /// `\r\n--boundary`: what ends every part (a `\r\n` is put before the body, so that the first
    /// boundary has the same form).
    delimiter: Vec<u8>,
    buf: BytesMut,
    state: State,
    eof: bool,
}

/// The boundary of a `multipart/form-data` content type; an error says what is wrong.
pub fn boundary(content_type: Option<&str>) -> Result<String, ApiError> {
    let unsupported = || {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "uploads are multipart/form-data (a `format` field and one or more `file` parts)",
        )
    };
    let content_type = content_type.ok_or_else(unsupported)?;
    let mut params = content_type.split(';');
    let mime = params.next().unwrap_or("").trim();
    if !mime.eq_ignore_ascii_case("multipart/form-data") {
        return Err(unsupported());
    }
    let boundary = params
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("boundary"))
        .map(|(_, v)| v.trim().trim_matches('"').to_owned())
        .filter(|b| !b.is_empty() && b.len() <= 70)
        .ok_or_else(|| ApiError::bad_request("the multipart/form-data content type names no valid boundary"))?;
    Ok(boundary)
}

fn ended_early() -> ApiError {
    ApiError::bad_request("the multipart body ended early (no closing boundary)")
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    let first = needle[0];
    let mut from = 0;
    while let Some(i) = haystack[from..=haystack.len() - needle.len()].iter().position(|b| *b == first) {
        let at = from + i;
        if &haystack[at..at + needle.len()] == needle {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

impl Multipart {
    pub fn new(body: Body, boundary: &str) -> Self {
        Self::from_source(Source::Body(body), boundary)
    }

    fn from_source(body: Source, boundary: &str) -> Self {
        let mut buf = BytesMut::with_capacity(64 * 1024);
        buf.extend_from_slice(b"\r\n");
        Multipart { body, delimiter: format!("\r\n--{boundary}").into_bytes(), buf, state: State::Preamble, eof: false }
    }

    /// Reads more of the body into the buffer; false at its end.
    async fn fill(&mut self) -> Result<bool, ApiError> {
        if self.eof {
            return Ok(false);
        }
        match self.body.next().await? {
            Some(data) => {
                self.buf.extend_from_slice(&data);
                Ok(true)
            }
            None => {
                self.eof = true;
                Ok(false)
            }
        }
    }

    /// The next part's headers, or `None` after the last part. Data a caller left unread of the
    /// previous part is skipped.
    pub async fn next_part(&mut self) -> Result<Option<Part>, ApiError> {
        while self.state == State::Data {
            self.next_chunk().await?;
        }
        loop {
            match self.state {
                State::End => return Ok(None),
                State::Preamble => match find(&self.buf, &self.delimiter) {
                    Some(i) => {
                        self.buf.advance(i + self.delimiter.len());
                        self.state = State::Boundary;
                    }
                    None => {
                        let keep = self.delimiter.len().min(self.buf.len());
                        self.buf.advance(self.buf.len() - keep);
                        if !self.fill().await? {
                            return Err(ApiError::bad_request("the body holds no multipart boundary"));
                        }
                    }
                },
                State::Boundary => {
                    // Transport padding (blanks) may follow a boundary before its line ends.
                    let blanks = self.buf.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
                    match self.buf.get(blanks..blanks + 2) {
                        Some(b"--") => {
                            self.state = State::End;
                            return Ok(None);
                        }
                        Some(b"\r\n") => {
                            self.buf.advance(blanks + 2);
                            self.state = State::Headers;
                        }
                        Some(_) => return Err(ApiError::bad_request("malformed multipart body (after a boundary)")),
                        None => {
                            if !self.fill().await? {
                                return Err(ended_early());
                            }
                        }
                    }
                }
                State::Headers => {
                    let end = if self.buf.starts_with(b"\r\n") { Some(0) } else { find(&self.buf, b"\r\n\r\n") };
                    match end {
                        Some(end) => {
                            let part = parse_headers(&self.buf[..end])?;
                            self.buf.advance(if end == 0 { 2 } else { end + 4 });
                            self.state = State::Data;
                            return Ok(Some(part));
                        }
                        None if self.buf.len() > MAX_HEADERS => {
                            return Err(ApiError::bad_request("a multipart part's headers are too long"));
                        }
                        None => {
                            if !self.fill().await? {
                                return Err(ended_early());
                            }
                        }
                    }
                }
                State::Data => unreachable_state()?,
            }
        }
    }

    /// The next piece of the current part's data, or `None` at the part's end.
    pub async fn next_chunk(&mut self) -> Result<Option<Bytes>, ApiError> {
        if self.state != State::Data {
            return Ok(None);
        }
        loop {
            if let Some(i) = find(&self.buf, &self.delimiter) {
                let data = self.buf.split_to(i).freeze();
                self.buf.advance(self.delimiter.len());
                self.state = State::Boundary;
                return Ok((!data.is_empty()).then_some(data));
            }
            // All but a possible start of the delimiter is the part's.
            let safe = self.buf.len().saturating_sub(self.delimiter.len() - 1);
            if safe > 0 {
                return Ok(Some(self.buf.split_to(safe).freeze()));
            }
            if !self.fill().await? {
                return Err(ended_early());
            }
        }
    }
}

fn unreachable_state() -> Result<(), ApiError> {
    Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the multipart reader lost its place"))
}

/// A body that could not be read: over the upload limit (413), or cut off.
fn read_error(e: axum::Error) -> ApiError {
    let inner = e.into_inner();
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(inner.as_ref());
    while let Some(err) = source {
        if err.is::<http_body_util::LengthLimitError>() {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the upload is larger than the limit of {} MiB",
                    crate::middleware::UPLOAD_LIMIT / (1024 * 1024)
                ),
            );
        }
        source = err.source();
    }
    ApiError::bad_request(format!("could not read the upload: {inner}"))
}

/// The name and filename from a part's headers.
fn parse_headers(block: &[u8]) -> Result<Part, ApiError> {
    let text = String::from_utf8_lossy(block);
    let disposition = text
        .split("\r\n")
        .filter_map(|line| line.split_once(':'))
        .find(|(name, _)| name.trim().eq_ignore_ascii_case("content-disposition"))
        .map(|(_, value)| value.trim().to_owned())
        .ok_or_else(|| ApiError::bad_request("a multipart part has no Content-Disposition header"))?;
    let params = disposition_params(&disposition);
    let get = |key: &str| params.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.clone());
    let name = get("name").ok_or_else(|| ApiError::bad_request("a multipart part has no field name"))?;
    Ok(Part { name, filename: get("filename") })
}

/// `form-data; name="a"; filename="b.csv"` as `[(name, a), (filename, b.csv)]`. Quoted values
/// may hold `;` and backslash escapes.
fn disposition_params(value: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = match value.find(';') {
        Some(i) => &value[i + 1..],
        None => return out,
    };
    loop {
        rest = rest.trim_start_matches([' ', '\t', ';']);
        let Some(eq) = rest.find('=') else { break };
        let key = rest[..eq].trim().to_owned();
        rest = rest[eq + 1..].trim_start();
        let mut val = String::new();
        if let Some(quoted) = rest.strip_prefix('"') {
            let mut chars = quoted.char_indices();
            let mut end = quoted.len();
            while let Some((i, c)) = chars.next() {
                match c {
                    '\\' => {
                        if let Some((_, escaped)) = chars.next() {
                            val.push(escaped);
                        }
                    }
                    '"' => {
                        end = i + 1;
                        break;
                    }
                    c => val.push(c),
                }
            }
            rest = &quoted[end.min(quoted.len())..];
        } else {
            let end = rest.find(';').unwrap_or(rest.len());
            val = rest[..end].trim().to_owned();
            rest = &rest[end..];
        }
        out.push((key, val));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads every part, feeding the body in chunks of `size` bytes.
    async fn parts(body: &[u8], size: usize) -> Result<Vec<(Part, Vec<u8>)>, ApiError> {
        let chunks: Vec<Bytes> = body.chunks(size).map(Bytes::copy_from_slice).collect();
        let mut m = Multipart::from_source(Source::Chunks(chunks.into_iter()), "XyZ");
        let mut out = Vec::new();
        while let Some(part) = m.next_part().await? {
            let mut data = Vec::new();
            while let Some(chunk) = m.next_chunk().await? {
                data.extend_from_slice(&chunk);
            }
            out.push((part, data));
        }
        Ok(out)
    }

    const BODY: &[u8] = b"preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\nus-csl\r\n--XyZ\r\n\
Content-Disposition: form-data; name=\"file\"; filename=\"a \\\"b\\\"; c.csv\"\r\nContent-Type: text/csv\r\n\r\n\
name,source\r\nx--XyZ\r\n-\r\n--XyY\r\n\r\n--XyZ  \r\nContent-Disposition: form-data; name=\"file\"; filename=\"\"\r\n\r\n\
\r\n--XyZ--\r\nepilogue";

    #[tokio::test]
    async fn parts_are_read_whatever_the_chunking() {
        for size in [1, 2, 3, 7, 16, 64, 4096] {
            let got = parts(BODY, size).await.expect("parses");
            assert_eq!(got.len(), 3, "chunks of {size}");
            assert_eq!(got[0].0, Part { name: "format".into(), filename: None });
            assert_eq!(got[0].1, b"us-csl");
            assert_eq!(got[1].0.filename.as_deref(), Some("a \"b\"; c.csv"));
            assert_eq!(got[1].1, b"name,source\r\nx--XyZ\r\n-\r\n--XyY\r\n");
            assert_eq!((got[2].0.filename.as_deref(), got[2].1.len()), (Some(""), 0));
        }
    }

    #[tokio::test]
    async fn malformed_bodies_are_refused() {
        for body in [
            &b"no boundary at all"[..],
            b"--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunfinished",
            b"--XyZ\r\nX-Other: 1\r\n\r\ndata\r\n--XyZ--",
            b"--XyZ\r\nContent-Disposition: form-data\r\n\r\ndata\r\n--XyZ--",
            b"--XyZjunk",
        ] {
            assert!(parts(body, 5).await.is_err(), "{}", String::from_utf8_lossy(body));
        }
        assert!(parts(b"--XyZ--\r\n", 5).await.expect("empty form").is_empty());
    }

    #[test]
    fn boundaries_come_from_the_content_type() {
        assert_eq!(boundary(Some("multipart/form-data; boundary=abc")).expect("ok"), "abc");
        assert_eq!(boundary(Some("Multipart/Form-Data; charset=x; boundary=\"a b\"")).expect("ok"), "a b");
        assert_eq!(boundary(None).expect_err("none").status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(boundary(Some("application/json")).expect_err("json").status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(boundary(Some("multipart/form-data")).expect_err("no boundary").status(), StatusCode::BAD_REQUEST);
    }
}
