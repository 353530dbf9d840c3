//! Sealed files: how the file store keeps content when the database is encrypted.
//!
//! XChaCha20-Poly1305 in the STREAM construction (Hoang, Reyhanitabar, Rogaway, Vizár), so that
//! a file of any size is sealed and opened in fixed memory and cannot be cut short, reordered
//! or spliced with another file without the opening failing:
//!
//! ```text
//! "DKTSEAL1" | nonce prefix (19 random bytes) | chunk 0 | chunk 1 | … | last chunk
//! ```
//!
//! Every chunk is 64 KiB of content and its 16-byte tag, except the last, which is shorter
//! (possibly empty). Chunk `i` is sealed under the nonce `prefix | i (4 bytes, big-endian) |
//! last (1 byte: 1 on the last chunk, else 0)`. The last chunk's associated data is what the
//! file is bound to (the file store binds the content's SHA-256): a blob moved into another's
//! place does not open as that one.

use std::io::{self, Read, Write};

use chacha20poly1305::aead::{Aead, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use rand::RngExt;

use super::key::FileKey;

/// What every sealed file starts with.
pub(crate) const MAGIC: &[u8; 8] = b"DKTSEAL1";
const PREFIX_LEN: usize = 19;
const HEADER_LEN: usize = MAGIC.len() + PREFIX_LEN;
/// Content per chunk.
const CHUNK: usize = 64 * 1024;
const TAG: usize = 16;

fn nonce(prefix: &[u8; PREFIX_LEN], counter: u32, last: bool) -> XNonce {
    let mut n = [0u8; 24];
    n[..PREFIX_LEN].copy_from_slice(prefix);
    n[PREFIX_LEN..PREFIX_LEN + 4].copy_from_slice(&counter.to_be_bytes());
    n[23] = u8::from(last);
    n.into()
}

fn broken(why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("a sealed file {why} (damaged, or sealed with another key)"))
}

/// Seals content given piece by piece; what it returns is written in order.
pub(crate) struct Sealer {
    cipher: XChaCha20Poly1305,
    prefix: [u8; PREFIX_LEN],
    counter: u32,
    /// Content not sealed yet: a chunk is sealed only once more content follows it, because
    /// the last one is sealed differently.
    pending: Vec<u8>,
    header_out: bool,
}

impl Sealer {
    pub(crate) fn new(key: &FileKey) -> Self {
        let mut prefix = [0u8; PREFIX_LEN];
        rand::rng().fill(&mut prefix[..]);
        Sealer { cipher: key.cipher(), prefix, counter: 0, pending: Vec::with_capacity(CHUNK + 1), header_out: false }
    }

    /// Adds content; returns the sealed bytes now ready (the header first).
    pub(crate) fn push(&mut self, mut content: &[u8]) -> io::Result<Vec<u8>> {
        let mut out = self.header();
        while !content.is_empty() {
            let room = (CHUNK + 1).saturating_sub(self.pending.len()).min(content.len());
            self.pending.extend_from_slice(&content[..room]);
            content = &content[room..];
            if self.pending.len() > CHUNK {
                let rest = self.pending.split_off(CHUNK);
                let chunk = std::mem::replace(&mut self.pending, rest);
                out.extend(self.seal(&chunk, false, &[])?);
            }
        }
        Ok(out)
    }

    /// Seals what is left as the last chunk, bound to `bound`.
    pub(crate) fn finish(mut self, bound: &[u8]) -> io::Result<Vec<u8>> {
        let mut out = self.header();
        let last = std::mem::take(&mut self.pending);
        out.extend(self.seal(&last, true, bound)?);
        Ok(out)
    }

    fn header(&mut self) -> Vec<u8> {
        if self.header_out {
            return Vec::new();
        }
        self.header_out = true;
        let mut h = Vec::with_capacity(HEADER_LEN);
        h.extend_from_slice(MAGIC);
        h.extend_from_slice(&self.prefix);
        h
    }

    fn seal(&mut self, chunk: &[u8], last: bool, bound: &[u8]) -> io::Result<Vec<u8>> {
        let sealed = self
            .cipher
            .encrypt(&nonce(&self.prefix, self.counter, last), Payload { msg: chunk, aad: bound })
            .map_err(|_| io::Error::other("sealing a file failed"))?;
        self.counter = self.counter.checked_add(1).ok_or_else(|| io::Error::other("the file is too large to seal"))?;
        Ok(sealed)
    }
}

/// Seals everything `from` holds into `to`, bound to `bound`.
pub(crate) fn seal_stream(key: &FileKey, bound: &[u8], from: &mut impl Read, to: &mut impl Write) -> io::Result<u64> {
    let mut sealer = Sealer::new(key);
    let mut buf = vec![0u8; CHUNK];
    let mut total = 0u64;
    loop {
        let n = from.read(&mut buf)?;
        if n == 0 {
            break;
        }
        total += n as u64;
        to.write_all(&sealer.push(&buf[..n])?)?;
    }
    to.write_all(&sealer.finish(bound)?)?;
    Ok(total)
}

/// Seals content held whole.
#[cfg(test)]
pub(crate) fn seal(key: &FileKey, bound: &[u8], content: &[u8]) -> io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(HEADER_LEN + content.len() + (content.len() / CHUNK + 1) * TAG);
    seal_stream(key, bound, &mut &*content, &mut out)?;
    Ok(out)
}

/// Opens sealed content held whole, bound to `bound`.
pub(crate) fn open(key: &FileKey, bound: &[u8], sealed: &[u8]) -> io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(sealed.len());
    SealedReader::new(key, bound, sealed).read_to_end(&mut out)?;
    Ok(out)
}

/// Reads the content of a sealed stream; any damage is an [`io::ErrorKind::InvalidData`] error.
pub(crate) struct SealedReader<R> {
    inner: R,
    cipher: XChaCha20Poly1305,
    bound: Vec<u8>,
    prefix: Option<[u8; PREFIX_LEN]>,
    counter: u32,
    /// Sealed bytes read ahead (up to one chunk and one byte: enough to tell the last chunk).
    sealed: Vec<u8>,
    eof: bool,
    /// Opened content not handed out yet, from `at`.
    content: Vec<u8>,
    at: usize,
    done: bool,
}

impl<R: Read> SealedReader<R> {
    pub(crate) fn new(key: &FileKey, bound: &[u8], inner: R) -> Self {
        SealedReader {
            inner,
            cipher: key.cipher(),
            bound: bound.to_vec(),
            prefix: None,
            counter: 0,
            sealed: Vec::with_capacity(CHUNK + TAG + 1),
            eof: false,
            content: Vec::new(),
            at: 0,
            done: false,
        }
    }

    fn next_chunk(&mut self) -> io::Result<()> {
        let prefix = match self.prefix {
            Some(p) => p,
            None => {
                let mut header = [0u8; HEADER_LEN];
                self.inner.read_exact(&mut header).map_err(|_| broken("is too short"))?;
                if &header[..MAGIC.len()] != MAGIC {
                    return Err(broken("does not start as one"));
                }
                let mut p = [0u8; PREFIX_LEN];
                p.copy_from_slice(&header[MAGIC.len()..]);
                self.prefix = Some(p);
                p
            }
        };
        let want = CHUNK + TAG + 1;
        while !self.eof && self.sealed.len() < want {
            let have = self.sealed.len();
            self.sealed.resize(want, 0);
            let n = loop {
                match self.inner.read(&mut self.sealed[have..]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other,
                }
            };
            self.sealed.truncate(have + n.as_ref().copied().unwrap_or(0));
            if n? == 0 {
                self.eof = true;
            }
        }
        let last = self.sealed.len() <= CHUNK + TAG;
        let take = if last { self.sealed.len() } else { CHUNK + TAG };
        if take < TAG {
            return Err(broken("was cut short"));
        }
        let rest = self.sealed.split_off(take);
        let chunk = std::mem::replace(&mut self.sealed, rest);
        self.content = self
            .cipher
            .decrypt(
                &nonce(&prefix, self.counter, last),
                Payload { msg: chunk.as_slice(), aad: if last { self.bound.as_slice() } else { &[] } },
            )
            .map_err(|_| broken("does not open"))?;
        self.at = 0;
        self.counter = self.counter.checked_add(1).ok_or_else(|| broken("is too long"))?;
        self.done = last;
        Ok(())
    }
}

impl<R: Read> Read for SealedReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.content.len() {
            if self.done {
                return Ok(0);
            }
            self.next_chunk()?;
        }
        let n = buf.len().min(self.content.len() - self.at);
        buf[..n].copy_from_slice(&self.content[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encryption::key::DatabaseKey;

    fn key() -> std::sync::Arc<FileKey> {
        DatabaseKey::generate().unlock([7; 16]).files().clone()
    }

    #[test]
    fn content_of_every_size_round_trips() {
        let key = key();
        for size in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17] {
            let content: Vec<u8> = (0..size).map(|i| (i * 31 % 251) as u8).collect();
            let sealed = seal(&key, b"bound", &content).expect("seals");
            assert!(sealed.starts_with(MAGIC));
            // Nothing of the content shows (a run of 16 bytes or more: shorter ones turn up in
            // random bytes by chance).
            if size >= 16 {
                assert!(memchr::memmem::find(&sealed, &content[..size.min(64)]).is_none(), "size {size}");
            }
            assert_eq!(open(&key, b"bound", &sealed).expect("opens"), content, "size {size}");
            assert!(open(&key, b"other", &sealed).is_err(), "bound to what it was sealed for");
            // Pushed in odd pieces, the same content seals to something that opens the same.
            let mut sealer = Sealer::new(&key);
            let mut piecewise = Vec::new();
            for piece in content.chunks(7_777) {
                piecewise.extend(sealer.push(piece).expect("push"));
            }
            piecewise.extend(sealer.finish(b"bound").expect("finish"));
            assert_eq!(open(&key, b"bound", &piecewise).expect("opens"), content);
        }
    }

    #[test]
    fn a_cut_flipped_or_foreign_file_does_not_open() {
        let key = key();
        let content = vec![42u8; 2 * CHUNK + 100];
        let sealed = seal(&key, b"", &content).expect("seals");
        let invalid = |bytes: &[u8], k: &FileKey| open(k, b"", bytes).map_err(|e| e.kind());
        // Cut at a chunk boundary: the chunk before was not sealed as the last.
        assert_eq!(invalid(&sealed[..HEADER_LEN + 2 * (CHUNK + TAG)], &key), Err(io::ErrorKind::InvalidData));
        assert_eq!(invalid(&sealed[..sealed.len() - 1], &key), Err(io::ErrorKind::InvalidData));
        let mut flipped = sealed.clone();
        flipped[HEADER_LEN + 10] ^= 1;
        assert_eq!(invalid(&flipped, &key), Err(io::ErrorKind::InvalidData));
        assert_eq!(invalid(&sealed, &self::key()), Err(io::ErrorKind::InvalidData));
        assert_eq!(invalid(b"plain text", &key), Err(io::ErrorKind::InvalidData));
        // Two chunks swapped.
        let mut swapped = sealed.clone();
        let (a, b) = (HEADER_LEN, HEADER_LEN + CHUNK + TAG);
        let first = sealed[a..b].to_vec();
        swapped[a..b].copy_from_slice(&sealed[b..b + CHUNK + TAG]);
        swapped[b..b + CHUNK + TAG].copy_from_slice(&first);
        assert_eq!(invalid(&swapped, &key), Err(io::ErrorKind::InvalidData));
    }
}
