//! How deliveries leave the engine. The engine decides what to send, when, signed with what,
//! and what an answer means; a [`Transport`] only carries one POST. Docket's HTTP transport
//! lives in the API crate (the engine knows nothing of HTTP); tests use in-memory ones.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// One POST to an endpoint.
#[derive(Debug, Clone)]
pub struct Outbound {
    pub url: String,
    /// The envelope, sent exactly as signed, with `Content-Type: application/json`.
    pub body: Vec<u8>,
    /// The `X-Webhook-Signature` value.
    pub signature: String,
    /// The whole exchange must finish within this.
    pub timeout: Duration,
    /// Connect only to public addresses (see [`super::address::is_public`]): checked on every
    /// address the host resolves to, at connection time.
    pub public_only: bool,
}

/// An answer, whatever its status.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    /// The `Retry-After` header, as sent.
    pub retry_after: Option<String>,
    /// The start of the body (up to [`EXCERPT_BYTES`]).
    pub excerpt: String,
}

/// How much of an answer's body is kept.
pub const EXCERPT_BYTES: usize = 1024;

/// Why no answer came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No complete answer within the timeout.
    TimedOut,
    /// The address is not allowed (a private address in production).
    Refused(String),
    /// Name resolution, connection, TLS or protocol failure.
    Connection(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::TimedOut => f.write_str("no answer within the timeout"),
            Failure::Refused(why) => write!(f, "refused: {why}"),
            Failure::Connection(why) => write!(f, "{why}"),
        }
    }
}

pub type SendFuture = Pin<Box<dyn Future<Output = Result<Answer, Failure>> + Send>>;

/// Carries deliveries.
pub trait Transport: Send + Sync + 'static {
    fn send(&self, request: Outbound) -> SendFuture;
}
