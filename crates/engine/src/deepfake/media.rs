//! The frames of a stream, checked and counted. Pure: the WebSocket edge decodes each message
//! into a [`Frame`], [`StreamTally::add`] checks it (its content is what its `format` says, its
//! ids are short printable text) and counts it into the evidence, or says what is wrong.

use std::collections::HashMap;

use super::model::{ConnectionDeclared, MediaFormat, StreamEnd, StreamEvidence, TrackDeclared, TrackEvidence};
use crate::time::Timestamp;

/// Tracks kept per stream: the public client sends one video and one audio track.
pub const MAX_TRACKS: usize = 16;
/// The longest participant or track id, in characters.
pub const MAX_ID: usize = 128;
/// The largest audio chunk: 10 seconds of 16-bit PCM at 16 kHz (the public client sends 3).
pub const MAX_PCM_BYTES: usize = 10 * 16_000 * 2;

/// One decoded message of a stream.
#[derive(Debug, Clone, Copy)]
pub struct Frame<'a> {
    pub participant_id: &'a str,
    pub track_id: &'a str,
    pub timestamp_ms: i64,
    pub format: MediaFormat,
    pub data: &'a [u8],
}

/// Why a frame was refused: a sentence for the protocol's error event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

/// A frame accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accepted {
    /// The first frame of its track.
    pub new_track: bool,
}

/// A stream's evidence as it grows.
#[derive(Debug, Clone)]
pub struct StreamTally {
    started_at: Timestamp,
    messages: u64,
    bytes: u64,
    tracks: Vec<TrackEvidence>,
    index: HashMap<(String, String, MediaFormat), usize>,
    declared: ConnectionDeclared,
}

impl StreamTally {
    pub fn new(started_at: Timestamp, declared: ConnectionDeclared) -> Self {
        StreamTally { started_at, messages: 0, bytes: 0, tracks: Vec::new(), index: HashMap::new(), declared }
    }

    pub fn started_at(&self) -> Timestamp {
        self.started_at
    }

    /// Counts a message that arrived, whatever becomes of it.
    pub fn received(&mut self, len: usize) {
        self.messages += 1;
        self.bytes = self.bytes.saturating_add(len as u64);
    }

    pub fn messages(&self) -> u64 {
        self.messages
    }

    /// Frames accepted so far.
    pub fn frames(&self) -> u64 {
        self.tracks.iter().map(|t| t.frames).sum()
    }

    /// Checks a frame and counts it into its track.
    pub fn add(&mut self, frame: &Frame<'_>, at: Timestamp) -> Result<Accepted, Refused> {
        check_id("participant_id", frame.participant_id)?;
        check_id("track_id", frame.track_id)?;
        let size = check_content(frame.format, frame.data)?;
        let key = (frame.participant_id.to_owned(), frame.track_id.to_owned(), frame.format);
        let len = frame.data.len() as u64;
        let new_track = match self.index.get(&key) {
            Some(&i) => {
                let t = &mut self.tracks[i];
                t.frames += 1;
                t.bytes = t.bytes.saturating_add(len);
                t.largest_frame_bytes = t.largest_frame_bytes.max(len);
                if let Some((w, h)) = size {
                    t.size_changed |= t.width.is_some_and(|old| old != w) || t.height.is_some_and(|old| old != h);
                    t.width = Some(w);
                    t.height = Some(h);
                }
                t.last_received_at = at;
                t.client_declared.last_timestamp_ms = frame.timestamp_ms;
                false
            }
            None => {
                if self.tracks.len() >= MAX_TRACKS {
                    return Err(Refused(format!("a stream carries at most {MAX_TRACKS} tracks")));
                }
                self.index.insert(key, self.tracks.len());
                self.tracks.push(TrackEvidence {
                    format: frame.format,
                    frames: 1,
                    bytes: len,
                    largest_frame_bytes: len,
                    width: size.map(|s| s.0),
                    height: size.map(|s| s.1),
                    size_changed: false,
                    first_received_at: at,
                    last_received_at: at,
                    client_declared: TrackDeclared {
                        participant_id: frame.participant_id.to_owned(),
                        track_id: frame.track_id.to_owned(),
                        first_timestamp_ms: frame.timestamp_ms,
                        last_timestamp_ms: frame.timestamp_ms,
                    },
                });
                true
            }
        };
        Ok(Accepted { new_track })
    }

    /// The participants seen, in order of first appearance.
    pub fn participants(&self) -> impl Iterator<Item = &str> {
        self.tracks.iter().map(|t| t.client_declared.participant_id.as_str())
    }

    /// The evidence of the ended stream.
    pub fn finish(self, ended_at: Timestamp, ended_by: StreamEnd, end_detail: Option<String>) -> StreamEvidence {
        let count = |video: bool| self.tracks.iter().filter(|t| t.format.is_video() == video).map(|t| t.frames).sum();
        StreamEvidence {
            started_at: self.started_at,
            ended_at,
            duration_ms: u64::try_from(ended_at.as_millis().saturating_sub(self.started_at.as_millis())).unwrap_or(0),
            ended_by,
            end_detail,
            messages: self.messages,
            bytes: self.bytes,
            video_frames: count(true),
            audio_chunks: count(false),
            tracks: self.tracks,
            client_declared: self.declared,
        }
    }
}

fn check_id(field: &str, id: &str) -> Result<(), Refused> {
    if id.chars().count() > MAX_ID {
        return Err(Refused(format!("{field} is longer than {MAX_ID} characters")));
    }
    if id.chars().any(|c| c.is_control()) {
        return Err(Refused(format!("{field} holds control characters")));
    }
    Ok(())
}

/// Checks that the content is what `format` says; returns a picture's size in pixels.
fn check_content(format: MediaFormat, data: &[u8]) -> Result<Option<(u32, u32)>, Refused> {
    if data.is_empty() {
        return Err(Refused("data is empty".into()));
    }
    match format {
        MediaFormat::Pcm => {
            if !data.len().is_multiple_of(2) {
                return Err(Refused("PCM data must be whole 16-bit samples (an even number of bytes)".into()));
            }
            if data.len() > MAX_PCM_BYTES {
                return Err(Refused(format!("a PCM chunk may be at most {MAX_PCM_BYTES} bytes (10 s at 16 kHz)")));
            }
            Ok(None)
        }
        MediaFormat::Jpeg | MediaFormat::Webp => {
            let (expected, name) = match format {
                MediaFormat::Jpeg => ("image/jpeg", "JPEG"),
                _ => ("image/webp", "WebP"),
            };
            let sniffed = crate::files::sniff::media_type(&data[..data.len().min(crate::files::sniff::HEAD)]);
            if sniffed != expected {
                return Err(Refused(format!(
                    "the frame is declared {name} but its content is {}",
                    crate::files::sniff::described(sniffed)
                )));
            }
            picture_size(data)
                .map(Some)
                .ok_or_else(|| Refused(format!("the {name} frame's header cannot be read (damaged or cut short)")))
        }
    }
}

/// A picture's size from its header alone (nothing is decoded).
pub fn picture_size(data: &[u8]) -> Option<(u32, u32)> {
    image::ImageReader::new(std::io::Cursor::new(data))
        .with_guessed_format()
        .ok()?
        .into_dimensions()
        .ok()
        .filter(|(w, h)| *w > 0 && *h > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn tiny_jpeg() -> Vec<u8> {
        let picture = image::RgbImage::from_pixel(8, 6, image::Rgb([120, 80, 40]));
        let mut out = std::io::Cursor::new(Vec::new());
        picture.write_to(&mut out, image::ImageFormat::Jpeg).expect("encode");
        out.into_inner()
    }

    fn frame<'a>(participant: &'a str, format: MediaFormat, data: &'a [u8]) -> Frame<'a> {
        Frame { participant_id: participant, track_id: "t1", timestamp_ms: 1000, format, data }
    }

    #[test]
    fn frames_are_counted_per_track_with_their_picture_size() {
        let jpeg = tiny_jpeg();
        let pcm = vec![0u8; 96_000];
        let mut tally = StreamTally::new(Timestamp::from_millis(0), ConnectionDeclared::default());
        for (f, at) in [(frame("p", MediaFormat::Jpeg, &jpeg), 10), (frame("p", MediaFormat::Jpeg, &jpeg), 20)] {
            tally.received(f.data.len());
            tally.add(&f, Timestamp::from_millis(at)).expect("accepted");
        }
        let audio = Frame { track_id: "a1", ..frame("p", MediaFormat::Pcm, &pcm) };
        assert_eq!(tally.add(&audio, Timestamp::from_millis(30)), Ok(Accepted { new_track: true }));
        let evidence = tally.finish(Timestamp::from_millis(1500), StreamEnd::ClientClosed, None);
        assert_eq!((evidence.video_frames, evidence.audio_chunks, evidence.messages), (2, 1, 2));
        assert_eq!(evidence.duration_ms, 1500);
        let video = &evidence.tracks[0];
        assert_eq!((video.frames, video.width, video.height), (2, Some(8), Some(6)));
        assert_eq!(video.client_declared.participant_id, "p");
        assert_eq!(evidence.tracks[1].bytes, 96_000);
    }

    #[test]
    fn content_that_is_not_what_it_says_is_refused_with_the_reason() {
        let mut tally = StreamTally::new(Timestamp::from_millis(0), ConnectionDeclared::default());
        let at = Timestamp::from_millis(1);
        let png = b"\x89PNG\r\n\x1a\n0000000000000000".to_vec();
        let refused = tally.add(&frame("p", MediaFormat::Jpeg, &png), at).expect_err("png as jpeg");
        assert!(refused.0.contains("declared JPEG") && refused.0.contains("PNG"), "{}", refused.0);
        assert!(tally.add(&frame("p", MediaFormat::Jpeg, b"\xff\xd8\xff\xe0"), at).is_err(), "a cut header");
        assert!(tally.add(&frame("p", MediaFormat::Pcm, &[0, 0, 0]), at).is_err(), "an odd PCM length");
        assert!(tally.add(&frame("p", MediaFormat::Pcm, &[]), at).is_err(), "empty data");
        assert!(tally.add(&frame(&"x".repeat(129), MediaFormat::Pcm, &[0, 0]), at).is_err(), "a long id");
        assert!(tally.add(&frame("a\u{7}", MediaFormat::Pcm, &[0, 0]), at).is_err(), "a control character");
        assert_eq!(tally.frames(), 0);
    }

    #[test]
    fn a_stream_keeps_at_most_sixteen_tracks() {
        let mut tally = StreamTally::new(Timestamp::from_millis(0), ConnectionDeclared::default());
        let ids: Vec<String> = (0..=MAX_TRACKS).map(|i| format!("t{i}")).collect();
        for (i, id) in ids.iter().enumerate() {
            let f = Frame { track_id: id, ..frame("p", MediaFormat::Pcm, &[0, 0]) };
            let result = tally.add(&f, Timestamp::from_millis(1));
            assert_eq!(result.is_ok(), i < MAX_TRACKS, "track {i}");
        }
    }
}
