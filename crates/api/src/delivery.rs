//! Docket's webhook transport: one POST per attempt with reqwest. Redirects are not followed;
//! TLS certificates are checked against the system's trust store; when the engine asks for
//! public addresses only (production), every address a host resolves to is checked before
//! connecting, and literal addresses in the URL too.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use docket_engine::webhooks::address::is_public;
use docket_engine::webhooks::transport::{Answer, EXCERPT_BYTES, Failure, Outbound, SendFuture, Transport};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// The `User-Agent` of deliveries.
const USER_AGENT: &str = concat!("Docket-Webhooks/", env!("CARGO_PKG_VERSION"));

/// Resolves names, keeping only public addresses (and failing when none is left).
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public: Vec<SocketAddr> = found.iter().copied().filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                let shown: Vec<String> = found.iter().map(|a| a.ip().to_string()).collect();
                return Err(format!(
                    "{host} resolves only to loopback or private addresses ({}), refused in production",
                    shown.join(", ")
                )
                .into());
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// Sends deliveries over HTTP.
pub struct HttpTransport {
    any: reqwest::Client,
    public_only: reqwest::Client,
}

impl HttpTransport {
    pub fn new() -> Result<Self, String> {
        // Both clients share the process-wide TLS provider; installing it twice is harmless.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let build = |public_only: bool| {
            let mut b = reqwest::Client::builder()
                .user_agent(USER_AGENT)
                .redirect(reqwest::redirect::Policy::none())
                .tcp_nodelay(true)
                // As many as the delivery loop has in flight, so that busy endpoints keep their
                // connections (fewer meant a new connection for every other attempt).
                .pool_max_idle_per_host(128)
                .no_proxy();
            if public_only {
                b = b.dns_resolver(Arc::new(PublicOnly));
            }
            b.build().map_err(|e| format!("the webhook HTTP client could not be built: {e}"))
        };
        Ok(HttpTransport { any: build(false)?, public_only: build(true)? })
    }
}

/// Reads the start of a body, at most [`EXCERPT_BYTES`].
async fn excerpt(mut response: reqwest::Response) -> String {
    let mut bytes = Vec::new();
    while bytes.len() < EXCERPT_BYTES {
        match response.chunk().await {
            Ok(Some(chunk)) => bytes.extend_from_slice(&chunk),
            _ => break,
        }
    }
    bytes.truncate(EXCERPT_BYTES);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The message of a reqwest error, with its causes (the top level alone says little).
fn describe(e: &reqwest::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

impl Transport for HttpTransport {
    fn send(&self, request: Outbound) -> SendFuture {
        let client = if request.public_only { self.public_only.clone() } else { self.any.clone() };
        Box::pin(async move {
            if request.public_only
                && let Ok(url) = url::Url::parse(&request.url)
                && let Some(ip) = match url.host() {
                    Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
                    Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
                    _ => None,
                }
                && !is_public(ip)
            {
                return Err(Failure::Refused(format!("{ip} is a loopback or private address, refused in production")));
            }
            let sent = client
                .post(&request.url)
                .timeout(request.timeout)
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .header(docket_engine::webhooks::signature::HEADER, &request.signature)
                .body(request.body)
                .send()
                .await;
            let response = match sent {
                Ok(r) => r,
                Err(e) if e.is_timeout() => return Err(Failure::TimedOut),
                Err(e) => {
                    let text = describe(&e);
                    return Err(if text.contains("refused in production") {
                        Failure::Refused(text)
                    } else {
                        Failure::Connection(text)
                    });
                }
            };
            let status = response.status().as_u16();
            let retry_after =
                response.headers().get(reqwest::header::RETRY_AFTER).and_then(|v| v.to_str().ok()).map(str::to_owned);
            // Reading the answer counts toward the timeout too.
            let excerpt = tokio::time::timeout(request.timeout, excerpt(response)).await.unwrap_or_default();
            Ok(Answer { status, retry_after, excerpt })
        })
    }
}
