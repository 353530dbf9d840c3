use docket_engine::Engine;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub engine: Engine,
    /// The largest request body accepted, in bytes.
    pub body_limit: usize,
    /// Docket serves HTTPS: cookies are `Secure`.
    pub secure_cookies: bool,
}
