//! The deepfake stream's protocol, as the public deepfake bot speaks it: binary WebSocket
//! messages, each one protocol buffer. The client sends `FrameRequest`s (a JPEG or WebP video
//! frame, or a chunk of 16-bit PCM audio at 16 kHz, with its participant and track ids and its
//! own timestamp); the server answers with `ResultEvent`s (`SUSPICIOUS`, `CLEAR`, `ALERT`, or
//! `ERROR` with a message). The messages are declared here from the bot's schema; the engine
//! checks and counts the frames (`deepfake::media`) and decides the answers.
//!
//! The session is bounded so that a slow, huge or malformed client meets a protocol error and a
//! close, never a stalled server: messages of at most [`MAX_MESSAGE_BYTES`], [`RATE_PER_SECOND`]
//! a second on average (bursts of [`BURST`]), [`MAX_FRAMES`] frames, [`MAX_SESSION`] in all,
//! [`IDLE`] without a message, [`SEND_TIMEOUT`] for a client to take an answer, and at most
//! [`STREAMS_PER_CREDENTIAL`] streams open per key or console session ([`STREAMS`] in all).

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::StatusCode;
use docket_engine::applicants::ApplicantId;
use docket_engine::deepfake::media::{Frame, StreamTally};
use docket_engine::deepfake::{ConnectionDeclared, EndedStream, MediaFormat, StreamAnswer, StreamEnd, Verdict};
use prost::Message as _;
use tokio::time::Instant;

use crate::error::ApiError;
use crate::extract::{Caller, Credential};
use crate::state::AppState;

/// The largest message: a large JPEG frame (the public bot sends 75 % quality camera frames).
pub const MAX_MESSAGE_BYTES: usize = 2 << 20;
/// Messages a second on average; the bot sends at most one frame a second and an audio chunk a
/// minute.
pub const RATE_PER_SECOND: f64 = 10.0;
/// Messages that may arrive at once.
pub const BURST: f64 = 30.0;
/// Frames a session takes.
pub const MAX_FRAMES: u64 = 10_000;
/// The longest session.
pub const MAX_SESSION: Duration = Duration::from_secs(30 * 60);
/// The longest wait for the next message (the bot sends a frame every 5 s at least).
pub const IDLE: Duration = Duration::from_secs(15);
/// The longest a client may take to accept one answer.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client has to answer Docket's close with its own.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Streams open at once per API key or console session, and on the server.
pub const STREAMS_PER_CREDENTIAL: usize = 4;
pub const STREAMS: usize = 64;

/// The protocol's messages (the bot's `schema_pb2.py`: `DeepfakeStreamingSchema*`).
pub mod wire {
    /// A frame of video or a chunk of audio.
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct FrameRequest {
        #[prost(string, tag = "1")]
        pub participant_id: String,
        #[prost(string, tag = "2")]
        pub track_id: String,
        #[prost(int64, tag = "3")]
        pub timestamp_ms: i64,
        #[prost(enumeration = "FrameFormat", tag = "4")]
        pub format: i32,
        #[prost(bytes = "vec", tag = "5")]
        pub data: Vec<u8>,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
    #[repr(i32)]
    pub enum FrameFormat {
        Jpeg = 0,
        Webp = 1,
        Pcm = 2,
    }

    /// The server's answer.
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct ResultEvent {
        #[prost(enumeration = "EventType", tag = "1")]
        pub r#type: i32,
        #[prost(string, tag = "2")]
        pub participant_id: String,
        #[prost(string, tag = "3")]
        pub track_id: String,
        #[prost(string, tag = "4")]
        pub message: String,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
    #[repr(i32)]
    pub enum EventType {
        Unknown = 0,
        Suspicious = 1,
        Clear = 2,
        Error = 3,
        Alert = 4,
    }
}

/// WebSocket close codes (RFC 6455 §7.4.1).
mod close {
    pub const NORMAL: u16 = 1000;
    pub const UNSUPPORTED: u16 = 1003;
    pub const INVALID_PAYLOAD: u16 = 1007;
    pub const POLICY: u16 = 1008;
    pub const TOO_BIG: u16 = 1009;
}

/// The upgrade with the protocol's size limits (tungstenite refuses larger messages).
pub fn limits(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade.max_message_size(MAX_MESSAGE_BYTES).max_frame_size(MAX_MESSAGE_BYTES).max_write_buffer_size(1 << 20)
}

/// Open streams per credential.
static OPEN: LazyLock<Mutex<HashMap<String, usize>>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// A place among the open streams, given back when dropped.
pub struct Slot(String);

impl Slot {
    /// Takes a place for the caller's credential, or refuses with 429.
    pub fn take(caller: &Caller) -> Result<Slot, ApiError> {
        let key = match &caller.credential {
            Credential::ApiKey(id) => format!("key:{id}"),
            Credential::Session { session, .. } => format!("session:{session}"),
        };
        let mut open = OPEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let total: usize = open.values().sum();
        let mine = open.get(&key).copied().unwrap_or(0);
        if mine >= STREAMS_PER_CREDENTIAL || total >= STREAMS {
            let whose = if mine >= STREAMS_PER_CREDENTIAL { "this credential" } else { "the server" };
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("{whose} has as many deepfake streams open as it may; close one first"),
            )
            .retry_after(5));
        }
        *open.entry(key.clone()).or_default() += 1;
        Ok(Slot(key))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = OPEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.0) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.0);
            }
        }
    }
}

/// A token bucket over the messages received.
struct Pace {
    tokens: f64,
    at: Instant,
}

impl Pace {
    fn new() -> Self {
        Pace { tokens: BURST, at: Instant::now() }
    }

    /// Takes one message's token; false past the rate.
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE_PER_SECOND).min(BURST);
        self.at = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}

/// How a stream ended, with the close sent.
struct Ending {
    end: StreamEnd,
    detail: Option<String>,
}

impl Ending {
    fn client() -> Self {
        Ending { end: StreamEnd::ClientClosed, detail: None }
    }
}

/// One stream, from the upgrade to the stored analysis.
pub struct Session {
    pub state: AppState,
    pub caller: Caller,
    pub applicant: Option<ApplicantId>,
    pub user_agent: Option<String>,
    pub slot: Slot,
}

impl Session {
    pub async fn run(self, mut socket: WebSocket) {
        let engine = &self.state.engine;
        let scope = self.caller.scope();
        let id = engine.deepfakes().new_id();
        let mut tally = StreamTally::new(engine.now(scope), ConnectionDeclared { user_agent: self.user_agent.clone() });
        let ending = self.exchange(&mut socket, &mut tally).await;
        if !matches!(ending.end, StreamEnd::ClientClosed) {
            let _ = socket.send(Message::Close(None)).await;
            finish_closing(&mut socket).await;
        }
        drop(socket);
        let ended =
            EndedStream { id, applicant_id: self.applicant, tally, ended_by: ending.end, end_detail: ending.detail };
        let stored = engine.deepfakes().finish_stream(scope, &self.caller.actor(), ended).await;
        if let Err(e) = stored {
            tracing::warn!(error = %e, "a deepfake stream's analysis could not be stored");
        }
        drop(self.slot);
    }

    /// Reads frames and answers them until the client closes or a limit or error ends it.
    async fn exchange(&self, socket: &mut WebSocket, tally: &mut StreamTally) -> Ending {
        let engine = &self.state.engine;
        let scope = self.caller.scope();
        let ends_at = Instant::now() + MAX_SESSION;
        let mut pace = Pace::new();
        loop {
            let wait = (Instant::now() + IDLE).min(ends_at);
            let message = match tokio::time::timeout_at(wait, socket.recv()).await {
                Err(_) if Instant::now() >= ends_at => {
                    let text = format!("the session reached its limit of {} minutes", MAX_SESSION.as_secs() / 60);
                    return refuse(socket, StreamEnd::Limit, close::NORMAL, text, None).await;
                }
                Err(_) => {
                    let text = format!("nothing arrived for {} seconds", IDLE.as_secs());
                    return refuse(socket, StreamEnd::IdleTimeout, close::POLICY, text, None).await;
                }
                Ok(None) => return Ending::client(),
                Ok(Some(Err(e))) => {
                    let text = e.to_string();
                    // tungstenite's "Space limit exceeded: Message too long: ..." for an oversize message.
                    return if text.contains("too long") || text.contains("Space limit") {
                        let text = format!("a message may be at most {MAX_MESSAGE_BYTES} bytes");
                        refuse(socket, StreamEnd::ProtocolError, close::TOO_BIG, text, None).await
                    } else {
                        Ending { end: StreamEnd::ProtocolError, detail: Some(format!("the connection failed: {text}")) }
                    };
                }
                Ok(Some(Ok(message))) => message,
            };
            let len = match &message {
                Message::Binary(b) => b.len(),
                Message::Text(t) => t.len(),
                Message::Ping(b) | Message::Pong(b) => b.len(),
                Message::Close(_) => return Ending::client(),
            };
            tally.received(len);
            if !pace.take() {
                let text = format!("more than {RATE_PER_SECOND} messages a second");
                return refuse(socket, StreamEnd::Limit, close::POLICY, text, None).await;
            }
            let bytes = match message {
                Message::Binary(bytes) => bytes,
                Message::Text(_) => {
                    let text = "send binary messages, each a protocol buffer FrameRequest; text is not part of the \
                                protocol"
                        .to_owned();
                    return refuse(socket, StreamEnd::ProtocolError, close::UNSUPPORTED, text, None).await;
                }
                // tungstenite answers pings itself.
                _ => continue,
            };
            if tally.frames() >= MAX_FRAMES {
                let text = format!("a session takes at most {MAX_FRAMES} frames");
                return refuse(socket, StreamEnd::Limit, close::POLICY, text, None).await;
            }
            let request = match wire::FrameRequest::decode(bytes.as_ref()) {
                Ok(request) => request,
                Err(e) => {
                    let text = format!("the message is not a FrameRequest protocol buffer: {e}");
                    return refuse(socket, StreamEnd::ProtocolError, close::INVALID_PAYLOAD, text, None).await;
                }
            };
            let format = match wire::FrameFormat::try_from(request.format) {
                Ok(wire::FrameFormat::Jpeg) => MediaFormat::Jpeg,
                Ok(wire::FrameFormat::Webp) => MediaFormat::Webp,
                Ok(wire::FrameFormat::Pcm) => MediaFormat::Pcm,
                Err(_) => {
                    let text = format!("format {} is none of JPEG (0), WEBP (1), PCM (2)", request.format);
                    return refuse(socket, StreamEnd::ProtocolError, close::INVALID_PAYLOAD, text, Some(&request))
                        .await;
                }
            };
            let frame = Frame {
                participant_id: &request.participant_id,
                track_id: &request.track_id,
                timestamp_ms: request.timestamp_ms,
                format,
                data: &request.data,
            };
            let accepted = match tally.add(&frame, engine.now(scope)) {
                Ok(accepted) => accepted,
                Err(refused) => {
                    return refuse(socket, StreamEnd::ProtocolError, close::INVALID_PAYLOAD, refused.0, Some(&request))
                        .await;
                }
            };
            let Some(answer) = engine.deepfakes().answer(scope, &frame, accepted) else { continue };
            if !send(socket, event(answer, &request)).await {
                let detail = format!("the client did not take an answer within {} seconds", SEND_TIMEOUT.as_secs());
                return Ending { end: StreamEnd::Limit, detail: Some(detail) };
            }
        }
    }
}

/// The result event of an answer, for the frame's participant and track.
fn event(answer: StreamAnswer, frame: &wire::FrameRequest) -> wire::ResultEvent {
    let (kind, message) = match answer {
        StreamAnswer::Verdict(v) => (
            match v {
                Verdict::Clear => wire::EventType::Clear,
                Verdict::Suspicious => wire::EventType::Suspicious,
                Verdict::Alert => wire::EventType::Alert,
            },
            v.message().to_owned(),
        ),
        StreamAnswer::Error(text) => (wire::EventType::Error, text),
    };
    wire::ResultEvent {
        r#type: kind as i32,
        participant_id: frame.participant_id.clone(),
        track_id: frame.track_id.clone(),
        message,
    }
}

/// Sends one event, within [`SEND_TIMEOUT`]; false when the client did not take it.
async fn send(socket: &mut WebSocket, event: wire::ResultEvent) -> bool {
    let bytes = event.encode_to_vec();
    matches!(tokio::time::timeout(SEND_TIMEOUT, socket.send(Message::Binary(bytes.into()))).await, Ok(Ok(())))
}

/// The rest of the closing handshake once Docket sent its close (RFC 6455 §7.1.1): what the
/// client still sends is read and dropped until its own close, for at most [`CLOSE_WAIT`].
/// Dropping the connection with its data unread would make the kernel reset it, and a reset
/// loses the close frame: the client would see 1006 instead of the code that says why.
async fn finish_closing(socket: &mut WebSocket) {
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Ends the stream: an `ERROR` event that says why, then a close with `code`.
async fn refuse(
    socket: &mut WebSocket,
    end: StreamEnd,
    code: u16,
    text: String,
    frame: Option<&wire::FrameRequest>,
) -> Ending {
    let event = wire::ResultEvent {
        r#type: wire::EventType::Error as i32,
        participant_id: frame.map(|f| f.participant_id.clone()).unwrap_or_default(),
        track_id: frame.map(|f| f.track_id.clone()).unwrap_or_default(),
        message: text.clone(),
    };
    if send(socket, event).await {
        // A close reason is at most 123 bytes.
        let reason = docket_engine::values::shorten(&text, 100);
        let close = Message::Close(Some(CloseFrame { code, reason: reason.into() }));
        let _ = tokio::time::timeout(SEND_TIMEOUT, socket.send(close)).await;
    }
    Ending { end, detail: Some(text) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_messages_encode_as_the_public_schema_does() {
        // Field 1 (type) varint 4 = ALERT; fields 2 to 4 length-delimited strings.
        let event = wire::ResultEvent {
            r#type: wire::EventType::Alert as i32,
            participant_id: "p".into(),
            track_id: "t".into(),
            message: "m".into(),
        };
        assert_eq!(event.encode_to_vec(), b"\x08\x04\x12\x01p\x1a\x01t\x22\x01m");
        // A frame as betterproto writes it: JPEG (0) is the default and not written.
        let frame = wire::FrameRequest::decode(&b"\x0a\x01p\x12\x01t\x18\xe8\x07\x2a\x02\xff\xd8"[..]).expect("frame");
        assert_eq!((frame.participant_id.as_str(), frame.timestamp_ms, frame.format), ("p", 1000, 0));
        assert_eq!(frame.data, b"\xff\xd8");
        assert!(wire::FrameRequest::decode(&b"\x0a\xff"[..]).is_err(), "a string cut short");
    }

    #[test]
    fn the_pace_allows_a_burst_then_refuses() {
        let mut pace = Pace::new();
        let allowed = (0..100).filter(|_| pace.take()).count();
        assert!((30..=31).contains(&allowed), "{allowed}");
    }
}
