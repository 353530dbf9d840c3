//! The console's access: reviewer accounts, how they sign in (one-time links; a password with a
//! TOTP second factor), browser sessions, and the counts of the console's overview.
//!
//! A login link carries a random token (32 bytes, base64url) that opens one session, once,
//! within 24 hours. A session is a random secret kept in an `HttpOnly` cookie; it acts for one
//! organization, and each request names its environment. Tokens and secrets are stored only as
//! SHA-256 hashes. Times are real time (the engine's time source), never a sandbox clock.

mod model;
mod service;
mod sign_in;
pub(crate) mod store;

pub use model::{
    ConsoleSession, Counts, LoginLink, LoginLinkId, NewPassword, NewReviewer, NewSession, Reviewer, ReviewerId,
    ReviewerName, ReviewerRef, Role, RoleChange, SecondFactorCode, SecondFactorSetup, SecondFactorStart, SessionAuth,
    SessionId, SessionView, SignIn, SignInFrom, SignInMethod,
};
pub use service::{Console, LINK_LIFETIME, SESSION_LIFETIME};
pub(crate) use sign_in::ConsoleState;
