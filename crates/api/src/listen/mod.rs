//! Docket's own accept loop over hyper: every connection bounded in number, time and size, over
//! plain TCP or TLS, and a shutdown with a deadline.
//!
//! - At most `max_connections` are served at once; one more is answered `503` (JSON) and
//!   closed, a few at a time, the rest are closed unanswered.
//! - Each connection's bytes pass [`guard::Guard`] before hyper: heads whole, checked and on time,
//!   bodies followed and kept moving, idle keep-alive connections closed.
//! - A TLS handshake must end within [`HANDSHAKE_TIMEOUT`].
//! - Shutdown stops accepting, lets requests in flight finish, and cuts whatever is still open
//!   after the deadline.
//! - The connection's address goes into each request as axum's `ConnectInfo`: what sign-in and
//!   key throttles and the refused-request counts key on, never a header.

pub mod guard;
pub mod tls;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tower::ServiceExt;

pub use guard::{Limits, Refusal};

/// How long a TLS handshake may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections over the cap answered with 503 at once (the rest are closed unanswered).
const REFUSALS_AT_ONCE: usize = 32;

/// How a listener serves.
#[derive(Clone)]
pub struct Options {
    pub limits: Limits,
    pub max_connections: usize,
    /// After shutdown begins, how long requests in flight may take before the rest are cut.
    pub shutdown_deadline: Duration,
    pub tls: Option<tokio_rustls::TlsAcceptor>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            max_connections: 1024,
            shutdown_deadline: Duration::from_secs(10),
            tls: None,
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then drains within the deadline.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    options: Options,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stop, stopped) = watch::channel(false);
    let permits = Arc::new(Semaphore::new(options.max_connections));
    let refusals = Arc::new(Semaphore::new(REFUSALS_AT_ONCE));
    let mut connections = JoinSet::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        // The guard keeps the clocks; hyper's own header timer is a backstop behind them.
        .header_read_timeout(options.limits.idle_timeout + options.limits.head_timeout + Duration::from_secs(5))
        .max_headers(options.limits.max_headers + 28)
        .max_buf_size((options.limits.max_head_bytes * 2).max(8192 + 4096 * 100))
        // A refused head reads as the end of the stream: a response in flight still goes out.
        .half_close(true)
        .keep_alive(true);
    let builder = Arc::new(builder);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            _ = &mut shutdown => break,
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait a moment rather than spin.
                    tracing::warn!(error = %e, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            if let Ok(refusal) = refusals.clone().try_acquire_owned() {
                tokio::spawn(refuse_busy(stream, options.max_connections, refusal));
            }
            continue;
        };
        let (app, builder, options, stopped) = (app.clone(), builder.clone(), options.clone(), stopped.clone());
        connections.spawn(async move {
            let _permit = permit;
            match &options.tls {
                None => connection(stream, peer, app, &builder, options.limits, false, stopped).await,
                Some(acceptor) => match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await {
                    Ok(Ok(stream)) => connection(stream, peer, app, &builder, options.limits, true, stopped).await,
                    Ok(Err(e)) => tracing::debug!(error = %e, %peer, "a TLS handshake failed"),
                    Err(_) => tracing::debug!(%peer, "a TLS handshake took too long"),
                },
            }
        });
    }
    drop(listener);
    let _ = stop.send(true);
    let drained =
        tokio::time::timeout(options.shutdown_deadline, async { while connections.join_next().await.is_some() {} })
            .await;
    if drained.is_err() {
        tracing::info!(open = connections.len(), "shutdown deadline passed: closing the connections still open");
        connections.abort_all();
        while connections.join_next().await.is_some() {}
    }
    Ok(())
}

/// One connection: guarded, served by hyper with the peer's address in every request, shut
/// gracefully when the server stops.
async fn connection<S>(
    stream: S,
    peer: SocketAddr,
    app: Router,
    builder: &hyper::server::conn::http1::Builder,
    limits: Limits,
    tls: bool,
    mut stopped: watch::Receiver<bool>,
) where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let io = TokioIo::new(guard::Guard::new(stream, limits, tls));
    let service = tower::service_fn(move |mut request: axum::http::Request<hyper::body::Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(request)
    });
    let conn = builder.serve_connection(io, TowerToHyperService::new(service)).with_upgrades();
    tokio::pin!(conn);
    let stop = async move {
        let _ = stopped.wait_for(|stop| *stop).await;
    };
    let served = tokio::select! {
        served = conn.as_mut() => served,
        () = stop => {
            conn.as_mut().graceful_shutdown();
            conn.as_mut().await
        }
    };
    if let Err(e) = served {
        tracing::debug!(error = %e, %peer, "a connection ended with an error");
    }
}

/// Tells one connection over the cap that the server is full, and closes it.
async fn refuse_busy(mut stream: tokio::net::TcpStream, max: usize, _refusal: tokio::sync::OwnedSemaphorePermit) {
    let answer = Refusal {
        status: 503,
        message: format!("the server has {max} connections open, its limit: try again shortly"),
    }
    .response();
    let answer = String::from_utf8_lossy(&answer).replacen("\r\n\r\n", "\r\nretry-after: 1\r\n\r\n", 1);
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}
