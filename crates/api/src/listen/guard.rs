//! What a connection must do before hyper reads it: each request head arrives whole within its
//! deadline, parses (with the parser hyper uses) within Docket's bounds and means one thing, and
//! each body keeps arriving. A head that fails is answered here with the JSON error body every
//! other error has, and the connection ends; hyper never meets a request it would refuse with
//! an empty answer of its own.
//!
//! [`Guard`] sits between the socket and hyper. It holds a head back until it is complete and
//! checked, then hands it on; it follows each body's framing (`Content-Length`, or chunked) to
//! know where the next head starts, without copying it; and it owns the connection's clocks:
//! an idle keep-alive connection is closed, a head that dribbles in is cut with 408, a body
//! that stalls or crawls fails its request. A refusal is written when hyper shuts the
//! connection down (after any response in flight: hyper runs with half-close on), so the two
//! never interleave.

use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use bytes::{Buf, BytesMut};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// The bounds and clocks of a connection.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Most bytes in a request head (request line and headers).
    pub max_head_bytes: usize,
    /// Most header fields in a head.
    pub max_headers: usize,
    /// From a head's first byte to its last.
    pub head_timeout: Duration,
    /// How long a keep-alive connection may wait for its next request.
    pub idle_timeout: Duration,
    /// How long a body may go without a byte while its request reads it.
    pub body_stall_timeout: Duration,
    /// After this long, a body slower than `min_body_rate` on average fails its request.
    pub body_grace: Duration,
    /// Bytes per second, on average, a body must keep up after `body_grace`.
    pub min_body_rate: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_head_bytes: 64 * 1024,
            max_headers: 100,
            head_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            body_stall_timeout: Duration::from_secs(20),
            body_grace: Duration::from_secs(30),
            min_body_rate: 1024,
        }
    }
}

/// Where the connection is.
#[derive(Debug)]
enum Phase {
    /// Between requests: waiting for a head's first byte.
    Idle,
    /// Collecting a head, since `started`.
    Head { started: Instant },
    /// Passing a body on.
    Body { framing: Framing, started: Instant, received: u64 },
    /// Past an upgrade (`101 Switching Protocols`): bytes pass untouched, the upgraded protocol
    /// keeps its own time.
    Upgraded,
    /// A head was refused: hyper reads the end of the stream; the answer waits for shutdown.
    Refused,
}

/// How a body ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    /// `Content-Length`: this many bytes are left.
    Length(u64),
    /// `Transfer-Encoding: chunked`, in one of its parts.
    Chunked(Chunk),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chunk {
    /// Reading a chunk-size line: `len` bytes of it so far (bounded), the size read from its
    /// leading hex digits, how many digits, and whether they ended (extensions follow).
    Size { len: usize, size: u64, digits: u8, ended: bool },
    /// Inside a chunk's data: this many bytes are left, then CRLF.
    Data(u64),
    /// The CRLF after a chunk's data (`0` or `1` of it seen).
    DataEnd(u8),
    /// The trailer section after the last chunk: `len` bytes of its current line.
    Trailer { len: usize },
}

/// Why a head is refused: the status and what to tell the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

impl Refusal {
    fn new(status: u16, message: impl Into<String>) -> Self {
        Refusal { status, message: message.into() }
    }

    /// The whole HTTP answer: a JSON error body like every other of Docket's, and the end of
    /// the connection.
    pub fn response(&self) -> Vec<u8> {
        let reason = match self.status {
            400 => "Bad Request",
            408 => "Request Timeout",
            413 => "Payload Too Large",
            414 => "URI Too Long",
            431 => "Request Header Fields Too Large",
            503 => "Service Unavailable",
            505 => "HTTP Version Not Supported",
            _ => "Error",
        };
        let code = match self.status {
            408 => "timeout",
            431 => "bad_request",
            503 => "unavailable",
            _ => "bad_request",
        };
        let body = serde_json::json!({ "message": self.message, "error": code }).to_string();
        format!(
            "HTTP/1.1 {} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\ncache-control: no-store\r\n\r\n{body}",
            self.status,
            body.len()
        )
        .into_bytes()
    }
}

/// What a checked head says of the bytes after it.
#[derive(Debug, PartialEq, Eq)]
struct Head {
    body: Option<Framing>,
    upgrade: bool,
}

/// Where a head ends (just after its blank line), if it is all there.
fn head_end(buf: &[u8]) -> Option<usize> {
    memchr::memmem::find(buf, b"\r\n\r\n").map(|i| i + 4)
}

/// Checks a whole head: what hyper would refuse, refused here with a clear message; and what
/// hyper would accept that Docket does not (a body framed two ways).
fn check_head(head: &[u8], limits: &Limits, tls: bool) -> Result<Head, Refusal> {
    let mut headers = vec![httparse::EMPTY_HEADER; limits.max_headers];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(head) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => return Err(Refusal::new(400, "the request head is incomplete")),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Refusal::new(431, format!("the request has more than {} header fields", limits.max_headers)));
        }
        Err(e) => return Err(Refusal::new(400, format!("the request head is malformed: {}", describe(e, head, tls)))),
    }
    let path = request.path.unwrap_or("");
    if path.parse::<axum::http::Uri>().is_err() {
        return Err(Refusal::new(
            400,
            "the request's path is not a valid URI (bytes outside the URI alphabet must be percent-encoded)",
        ));
    }
    let version = request.version.unwrap_or(1);
    let mut lengths: Vec<&[u8]> = Vec::new();
    let mut chunked = None;
    let mut upgrade = false;
    for h in request.headers.iter() {
        let name = h.name.to_ascii_lowercase();
        match name.as_str() {
            "content-length" => lengths.push(h.value),
            "transfer-encoding" => {
                if chunked.is_some() {
                    return Err(Refusal::new(400, "Transfer-Encoding is sent twice"));
                }
                let value = String::from_utf8_lossy(h.value).to_ascii_lowercase();
                chunked = Some(value.rsplit(',').next().is_some_and(|last| last.trim() == "chunked"));
            }
            "upgrade" => upgrade = true,
            _ => {}
        }
    }
    let body = match (chunked, lengths.as_slice()) {
        (Some(_), [_, ..]) => {
            return Err(Refusal::new(
                400,
                "the request carries both Content-Length and Transfer-Encoding: its body could be read two ways (RFC 9112, 6.3); send one",
            ));
        }
        (Some(_), []) if version == 0 => {
            return Err(Refusal::new(400, "Transfer-Encoding is not allowed in an HTTP/1.0 request"));
        }
        (Some(false), []) => {
            return Err(Refusal::new(400, "Transfer-Encoding must end with `chunked`"));
        }
        (Some(true), []) => Some(Framing::Chunked(Chunk::Size { len: 0, size: 0, digits: 0, ended: false })),
        (None, []) => None,
        (None, [first, rest @ ..]) => {
            if rest.iter().any(|v| v != first) {
                return Err(Refusal::new(400, "Content-Length is sent more than once with different values"));
            }
            let text = std::str::from_utf8(first).unwrap_or("").trim();
            let length: u64 = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
                text.parse().map_err(|_| Refusal::new(413, "Content-Length is larger than any body Docket takes"))?
            } else {
                return Err(Refusal::new(
                    400,
                    format!(
                        "Content-Length must be a whole number of bytes, not `{}`",
                        docket_engine::values::shorten(&String::from_utf8_lossy(first), 40)
                    ),
                ));
            };
            (length > 0).then_some(Framing::Length(length))
        }
    };
    Ok(Head { body, upgrade })
}

/// httparse's error in words, with a hint for the usual mistakes.
fn describe(e: httparse::Error, head: &[u8], tls: bool) -> String {
    if !tls && head.first() == Some(&0x16) {
        return "this port speaks plain HTTP, not TLS: use http://".into();
    }
    if head.starts_with(b"PRI * HTTP/2.0") {
        return "HTTP/2 without TLS is not served: use HTTP/1.1".into();
    }
    match e {
        httparse::Error::HeaderName => "a header's name has a character headers may not have".into(),
        httparse::Error::HeaderValue => "a header's value has a control character (such as NUL) in it".into(),
        httparse::Error::NewLine => "a line does not end with CRLF".into(),
        httparse::Error::Status | httparse::Error::Version => "the request line is not `METHOD /path HTTP/1.1`".into(),
        httparse::Error::Token => "the method or the path has a character they may not have".into(),
        other => other.to_string(),
    }
}

/// A connection's bytes on their way to hyper, checked.
pub struct Guard<S> {
    inner: S,
    limits: Limits,
    tls: bool,
    phase: Phase,
    /// Read from the socket, not yet judged (a head being collected, or bytes after it).
    pending: BytesMut,
    /// Judged, ready for hyper.
    ready: BytesMut,
    /// The answer to a refused head, written at shutdown; how much of it went.
    refusal: Option<(Vec<u8>, usize)>,
    /// A request was handed to hyper and its response has not started: the idle clock waits.
    awaiting_response: bool,
    /// When bytes last came or went (the idle clock) and last came (a body's stall clock).
    last_activity: Instant,
    last_byte: Instant,
    timer: Pin<Box<Sleep>>,
}

impl<S> Guard<S> {
    pub fn new(inner: S, limits: Limits, tls: bool) -> Self {
        let now = Instant::now();
        Guard {
            inner,
            limits,
            tls,
            phase: Phase::Idle,
            pending: BytesMut::new(),
            ready: BytesMut::new(),
            refusal: None,
            awaiting_response: false,
            last_activity: now,
            last_byte: now,
            timer: Box::pin(tokio::time::sleep_until(now + limits.idle_timeout)),
        }
    }

    /// The request head this guard refused, if it did.
    pub fn refused(&self) -> bool {
        matches!(self.phase, Phase::Refused)
    }

    fn refuse(&mut self, refusal: Refusal) {
        tracing::debug!(status = refusal.status, message = %refusal.message, "a request head was refused");
        self.refusal = Some((refusal.response(), 0));
        self.phase = Phase::Refused;
        self.pending.clear();
    }

    /// Judges what is pending: moves checked bytes to `ready`, or refuses.
    fn judge(&mut self) {
        while !self.pending.is_empty() {
            match self.phase {
                Phase::Refused => return,
                Phase::Upgraded => {
                    let all = self.pending.split();
                    self.ready.extend_from_slice(&all);
                }
                Phase::Idle => {
                    // Blank lines before a request line are allowed (RFC 9112, 2.2).
                    while self.pending.starts_with(b"\r\n") {
                        self.pending.advance(2);
                    }
                    if self.pending.is_empty() || self.pending.as_ref() == b"\r" {
                        return;
                    }
                    self.phase = Phase::Head { started: Instant::now() };
                }
                Phase::Head { .. } => {
                    let Some(end) = head_end(&self.pending) else {
                        if self.pending.len() > self.limits.max_head_bytes {
                            self.refuse(Refusal::new(
                                431,
                                format!("the request head is larger than {} KiB", self.limits.max_head_bytes / 1024),
                            ));
                        } else if !self.tls && self.pending.first() == Some(&0x16) {
                            self.refuse(Refusal::new(400, "this port speaks plain HTTP, not TLS: use http://"));
                        }
                        return;
                    };
                    if end > self.limits.max_head_bytes {
                        self.refuse(Refusal::new(
                            431,
                            format!("the request head is larger than {} KiB", self.limits.max_head_bytes / 1024),
                        ));
                        return;
                    }
                    match check_head(&self.pending[..end], &self.limits, self.tls) {
                        Err(refusal) => {
                            self.refuse(refusal);
                            return;
                        }
                        Ok(head) => {
                            let head_bytes = self.pending.split_to(end);
                            self.ready.extend_from_slice(&head_bytes);
                            self.awaiting_response = true;
                            self.phase = if head.upgrade {
                                Phase::Upgraded
                            } else {
                                match head.body {
                                    Some(framing) => Phase::Body { framing, started: Instant::now(), received: 0 },
                                    None => Phase::Idle,
                                }
                            };
                        }
                    }
                }
                Phase::Body { ref mut framing, ref mut received, .. } => {
                    let (taken, done) = follow(framing, &self.pending);
                    if taken == usize::MAX {
                        // The chunked framing broke: hyper will fail the body and close; pass
                        // everything on and stop looking for heads.
                        let all = self.pending.split();
                        self.ready.extend_from_slice(&all);
                        self.phase = Phase::Upgraded;
                        continue;
                    }
                    *received += taken as u64;
                    let body = self.pending.split_to(taken);
                    self.ready.extend_from_slice(&body);
                    if done {
                        self.phase = Phase::Idle;
                    }
                }
            }
        }
    }

    /// The deadline of the phase the connection is in, and what passing it means.
    fn deadline(&self) -> Option<(Instant, Expiry)> {
        match self.phase {
            Phase::Idle if !self.awaiting_response => {
                Some((self.last_activity + self.limits.idle_timeout, Expiry::Idle))
            }
            Phase::Idle | Phase::Upgraded | Phase::Refused => None,
            Phase::Head { started } => Some((started + self.limits.head_timeout, Expiry::Head)),
            Phase::Body { started, received, .. } => {
                let stall = self.last_byte + self.limits.body_stall_timeout;
                // The slowest pace allowed: by `grace`, then `min_body_rate` on average.
                let due_for = |bytes: u64| {
                    started + self.limits.body_grace.max(Duration::from_secs(bytes / self.limits.min_body_rate.max(1)))
                };
                let pace = due_for(received + 1);
                Some((stall.min(pace), Expiry::Body))
            }
        }
    }
}

/// What a passed deadline does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expiry {
    /// An idle keep-alive connection: closed quietly.
    Idle,
    /// A head that took too long: 408.
    Head,
    /// A body that stalled or crawled: its request fails.
    Body,
}

/// Follows a body's framing over `bytes`: how many belong to the body, and whether it ended
/// there. `usize::MAX` when the chunked framing is broken.
fn follow(framing: &mut Framing, bytes: &[u8]) -> (usize, bool) {
    match framing {
        Framing::Length(left) => {
            let take = usize::try_from(*left).unwrap_or(usize::MAX).min(bytes.len());
            *left -= take as u64;
            (take, *left == 0)
        }
        Framing::Chunked(chunk) => {
            let mut i = 0;
            while i < bytes.len() {
                let b = bytes[i];
                match chunk {
                    Chunk::Size { len, size, digits, ended } => {
                        i += 1;
                        *len += 1;
                        if *len > 1024 {
                            return (usize::MAX, false);
                        }
                        if b == b'\n' {
                            if *digits == 0 {
                                return (usize::MAX, false);
                            }
                            *chunk = if *size == 0 { Chunk::Trailer { len: 0 } } else { Chunk::Data(*size) };
                        } else if !*ended && let Some(d) = char::from(b).to_digit(16) {
                            *digits += 1;
                            if *digits > 15 {
                                return (usize::MAX, false);
                            }
                            *size = *size * 16 + u64::from(d);
                        } else {
                            *ended = true;
                        }
                    }
                    Chunk::Data(left) => {
                        let take = usize::try_from(*left).unwrap_or(usize::MAX).min(bytes.len() - i);
                        i += take;
                        *left -= take as u64;
                        if *left == 0 {
                            *chunk = Chunk::DataEnd(0);
                        }
                    }
                    Chunk::DataEnd(seen) => {
                        i += 1;
                        let expected = if *seen == 0 { b'\r' } else { b'\n' };
                        if b != expected {
                            return (usize::MAX, false);
                        }
                        *chunk = if *seen == 0 {
                            Chunk::DataEnd(1)
                        } else {
                            Chunk::Size { len: 0, size: 0, digits: 0, ended: false }
                        };
                    }
                    Chunk::Trailer { len } => {
                        i += 1;
                        if b == b'\n' {
                            if *len <= 1 {
                                // An empty line: the message ends.
                                return (i, true);
                            }
                            *len = 0;
                        } else {
                            *len += 1;
                            if *len > 8 * 1024 {
                                return (usize::MAX, false);
                            }
                        }
                    }
                }
            }
            (i, false)
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Guard<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        loop {
            if !this.ready.is_empty() {
                let n = this.ready.len().min(buf.remaining());
                buf.put_slice(&this.ready[..n]);
                this.ready.advance(n);
                return Poll::Ready(Ok(()));
            }
            if let Phase::Refused = this.phase {
                // The end of the stream, for hyper; the answer is written at shutdown.
                return Poll::Ready(Ok(()));
            }
            let mut chunk = [0u8; 8192];
            let mut read = ReadBuf::new(&mut chunk);
            match Pin::new(&mut this.inner).poll_read(cx, &mut read) {
                Poll::Ready(Ok(())) => {
                    let got = read.filled();
                    if got.is_empty() {
                        // The client closed its side. A head cut short is not passed on.
                        return Poll::Ready(Ok(()));
                    }
                    let now = Instant::now();
                    this.last_activity = now;
                    this.last_byte = now;
                    this.pending.extend_from_slice(got);
                    this.judge();
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => {
                    let Some((deadline, expiry)) = this.deadline() else { return Poll::Pending };
                    if this.timer.deadline() != deadline {
                        this.timer.as_mut().reset(deadline);
                    }
                    ready!(this.timer.as_mut().poll(cx));
                    match expiry {
                        Expiry::Idle => return Poll::Ready(Ok(())),
                        Expiry::Head => {
                            let seconds = this.limits.head_timeout.as_secs();
                            this.refuse(Refusal::new(
                                408,
                                format!("the request head did not arrive within {seconds} s of its first byte"),
                            ));
                        }
                        Expiry::Body => {
                            return Poll::Ready(Err(std::io::Error::new(
                                std::io::ErrorKind::TimedOut,
                                "the request body stalled or arrived too slowly",
                            )));
                        }
                    }
                }
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guard<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let this = &mut *self;
        this.awaiting_response = false;
        this.last_activity = Instant::now();
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        if let Some((answer, written)) = &mut this.refusal {
            while *written < answer.len() {
                match ready!(Pin::new(&mut this.inner).poll_write(cx, &answer[*written..])) {
                    Ok(0) => break,
                    Ok(n) => *written += n,
                    Err(e) => return Poll::Ready(Err(e)),
                }
            }
            ready!(Pin::new(&mut this.inner).poll_flush(cx))?;
        }
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(head: &str) -> Result<Head, Refusal> {
        check_head(head.as_bytes(), &Limits::default(), false)
    }

    #[test]
    fn a_head_means_one_thing_or_is_refused() {
        assert_eq!(check("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), Ok(Head { body: None, upgrade: false }));
        assert_eq!(
            check("POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\n").map(|h| h.body),
            Ok(Some(Framing::Length(3)))
        );
        assert!(matches!(
            check("POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").map(|h| h.body),
            Ok(Some(Framing::Chunked(_)))
        ));
        let both = check("POST /a HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n");
        assert!(matches!(&both, Err(r) if r.status == 400 && r.message.contains("both")), "{both:?}");
        for (head, status) in [
            ("POST /a HTTP/1.1\r\nContent-Length: abc\r\n\r\n", 400),
            ("POST /a HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", 400),
            ("POST /a HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
            ("GET /a\u{1} HTTP/1.1\r\n\r\n", 400),
            ("GET /a HTTP/1.1\r\nX: a\u{0}b\r\n\r\n", 400),
            ("GET /a HTTP/1.1\r\nX: a\u{7}b\r\n\r\n", 400),
            ("GET /a HTTP/1.1\r\nBad Name: v\r\n\r\n", 400),
        ] {
            let refused = check(head);
            assert!(matches!(&refused, Err(r) if r.status == status), "{head:?}: {refused:?}");
        }
        let many: String = (0..101).map(|i| format!("X-{i}: v\r\n")).collect();
        let refused = check(&format!("GET / HTTP/1.1\r\n{many}\r\n"));
        assert!(matches!(&refused, Err(r) if r.status == 431), "{refused:?}");
    }

    #[test]
    fn a_refusal_is_a_json_answer_that_ends_the_connection() {
        let text = String::from_utf8(Refusal::new(400, "bad \"head\"").response()).expect("text");
        let (head, body) = text.split_once("\r\n\r\n").expect("head and body");
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\n") && head.contains("connection: close"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let json: serde_json::Value = serde_json::from_str(body).expect("json");
        assert_eq!(json["message"], "bad \"head\"");
    }

    #[test]
    fn chunked_bodies_are_followed_to_their_end() {
        let mut framing = Framing::Chunked(Chunk::Size { len: 0, size: 0, digits: 0, ended: false });
        let body = b"3\r\nabc\r\n0\r\n\r\nGET / HTTP/1.1\r\n";
        let (taken, done) = follow(&mut framing, body);
        assert!(done);
        assert_eq!(&body[..taken], b"3\r\nabc\r\n0\r\n\r\n");
        // Split anywhere, the same end is found.
        let whole = taken;
        for split in 1..whole {
            let mut framing = Framing::Chunked(Chunk::Size { len: 0, size: 0, digits: 0, ended: false });
            let (a, done_a) = follow(&mut framing, &body[..split]);
            assert_eq!(a, split, "all of the first part is body");
            assert!(!done_a);
            let (b, done_b) = follow(&mut framing, &body[split..]);
            assert!(done_b, "split at {split}");
            assert_eq!(split + b, whole);
        }
        let mut framing = Framing::Chunked(Chunk::Size { len: 0, size: 0, digits: 0, ended: false });
        assert_eq!(follow(&mut framing, b"zz\r\n").0, usize::MAX, "not a size");
        let mut framing = Framing::Length(5);
        assert_eq!(follow(&mut framing, b"abcdefg"), (5, true));
    }
}
