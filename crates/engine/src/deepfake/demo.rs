//! The demo data set's deepfake analyses: three streams of demo people (each verdict once, by the
//! sandbox's magic participant ids), so the console's view has something to show.

use super::media::{Frame, StreamTally};
use super::model::{ConnectionDeclared, MediaFormat, StreamEnd};
use super::service::{Deepfakes, EndedStream};
use crate::Actor;
use crate::error::{Error, Result};
use crate::page::PageRequest;
use crate::scope::Scope;

/// (participant id, demo person, camera frames).
const STREAMS: &[(&str, u32, u32)] =
    &[("demo-call-alert", 2, 12), ("demo-call-suspicious", 7, 6), ("demo-call", 11, 9)];

impl Deepfakes<'_> {
    /// Seeds the demo streams once (none when the sandbox has analyses already); returns how
    /// many were made.
    pub async fn seed_demo(&self, scope: Scope) -> Result<usize> {
        if !scope.is_sandbox() {
            return Err(Error::Forbidden("demo data goes into the sandbox only".into()));
        }
        let any = PageRequest { page: 0, limit: 1 };
        if !self.list(scope, Default::default(), any).await?.data.is_empty() {
            return Ok(0);
        }
        let picture = camera_frame()?;
        let audio = vec![0u8; 48_000];
        let mut made = 0;
        for (participant, person, frames) in STREAMS {
            let applicant = self
                .engine
                .applicants()
                .get_by_external_id(scope, &format!("demo-person-{person:03}"))
                .await
                .ok()
                .map(|a| a.applicant_id);
            let start = self.engine.now(scope).saturating_add(jiff::SignedDuration::from_mins(-30));
            let declared = ConnectionDeclared { user_agent: Some("Python/3.12 aiohttp/3.11 (demo)".into()) };
            let mut tally = StreamTally::new(start, declared);
            for i in 0..*frames {
                let at = start.saturating_add(jiff::SignedDuration::from_secs(i64::from(i) * 5));
                let video = Frame {
                    participant_id: participant,
                    track_id: "camera-0",
                    timestamp_ms: at.as_millis(),
                    format: MediaFormat::Jpeg,
                    data: &picture,
                };
                tally.received(picture.len());
                tally.add(&video, at).map_err(|r| Error::Storage(format!("a demo frame was refused: {}", r.0)))?;
            }
            let voice = Frame {
                participant_id: participant,
                track_id: "microphone-0",
                timestamp_ms: start.as_millis(),
                format: MediaFormat::Pcm,
                data: &audio,
            };
            tally.received(audio.len());
            tally.add(&voice, start).map_err(|r| Error::Storage(format!("a demo chunk was refused: {}", r.0)))?;
            let ended = EndedStream {
                id: self.new_id(),
                applicant_id: applicant,
                tally,
                ended_by: StreamEnd::ClientClosed,
                end_detail: None,
            };
            self.finish_stream(scope, &Actor::Docket, ended).await?;
            made += 1;
        }
        Ok(made)
    }
}

/// A small grey camera frame, as a JPEG.
fn camera_frame() -> Result<Vec<u8>> {
    let picture = image::RgbImage::from_pixel(320, 240, image::Rgb([128, 128, 128]));
    let mut out = std::io::Cursor::new(Vec::new());
    picture
        .write_to(&mut out, image::ImageFormat::Jpeg)
        .map_err(|e| Error::Storage(format!("the demo frame could not be made: {e}")))?;
    Ok(out.into_inner())
}
