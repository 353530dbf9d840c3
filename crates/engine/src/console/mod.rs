//! The console's access: one-time login links, browser sessions, the reviewer a console request
//! names, and the counts of the console's overview.
//!
//! A login link carries a random token (32 bytes, base64url) that opens one session, once,
//! within 24 hours. A session is a random secret kept in an `HttpOnly` cookie; it acts for one
//! organization, and each request names its environment. Tokens and secrets are stored only as
//! SHA-256 hashes. Times are real time (the engine's time source), never a sandbox clock.

mod model;
mod service;
pub(crate) mod store;

pub use model::{
    ConsoleSession, Counts, LoginLink, LoginLinkId, NewReviewer, NewSession, Reviewer, ReviewerId, ReviewerName,
    ReviewerRef, Role, SessionAuth, SessionId,
};
pub use service::{Console, LINK_LIFETIME, SESSION_LIFETIME};
