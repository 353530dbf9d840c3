//! Docket's webhook transport: one POST per attempt with reqwest. Redirects are not followed
//! and no proxy is used, so the address connected to is the one checked; TLS certificates are
//! checked against the system's trust store. When the engine asks for public addresses only
//! (production with the address guard on), every address a host resolves to is checked
//! before connecting (the resolver hands the connector only the public ones), and a literal
//! address in the URL too (it bypasses the resolver), on every attempt.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use docket_engine::special_addresses::NotPublic;
use docket_engine::webhooks::address::{GUARD_REFUSES, check_address};
use docket_engine::webhooks::transport::{Answer, EXCERPT_BYTES, Failure, Outbound, SendFuture, Transport};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// The `User-Agent` of deliveries.
const USER_AGENT: &str = concat!("Docket-Webhooks/", env!("CARGO_PKG_VERSION"));

/// A name whose every address is refused by the guard.
#[derive(Debug)]
struct NoPublicAddress {
    host: String,
    refused: Vec<NotPublic>,
}

impl std::fmt::Display for NoPublicAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reasons: Vec<String> = self.refused.iter().map(NotPublic::to_string).collect();
        write!(f, "{} resolves only to addresses that are not public ({})", self.host, reasons.join("; "))
    }
}

impl std::error::Error for NoPublicAddress {}

/// Resolves names, keeping only public addresses (and failing when none is left).
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let mut public = Vec::with_capacity(found.len());
            let mut refused = Vec::new();
            for address in found {
                match check_address(address.ip()) {
                    Ok(()) => public.push(address),
                    Err(why) => refused.push(why),
                }
            }
            if public.is_empty() && !refused.is_empty() {
                return Err(Box::new(NoPublicAddress { host, refused }) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// The literal address of a URL's host, if it is one. A name that parses as an address is
/// taken as one too, as the connector would.
fn literal_address(url: &str) -> Option<IpAddr> {
    match url::Url::parse(url).ok()?.host()? {
        url::Host::Ipv4(ip) => Some(IpAddr::V4(ip)),
        url::Host::Ipv6(ip) => Some(IpAddr::V6(ip)),
        url::Host::Domain(name) => name.parse().ok(),
    }
}

/// The guard's refusal somewhere in an error's chain of causes.
fn refusal_in<'e>(e: &'e (dyn std::error::Error + 'static)) -> Option<&'e NoPublicAddress> {
    let mut cause = Some(e);
    while let Some(c) = cause {
        if let Some(found) = c.downcast_ref::<NoPublicAddress>() {
            return Some(found);
        }
        cause = c.source();
    }
    None
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
                && let Some(ip) = literal_address(&request.url)
                && let Err(why) = check_address(ip)
            {
                return Err(Failure::Refused(format!("{why}: {GUARD_REFUSES}")));
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
                    return Err(match refusal_in(&e) {
                        Some(why) => Failure::Refused(format!("{why}: {GUARD_REFUSES}")),
                        None => Failure::Connection(describe(&e)),
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    use super::*;

    fn outbound(url: String, public_only: bool) -> Outbound {
        Outbound {
            url,
            body: b"{}".to_vec(),
            signature: "t=0,v1=00".into(),
            timeout: Duration::from_secs(5),
            public_only,
        }
    }

    /// Whether anything connected to the listener within a moment.
    async fn connected(listener: &TcpListener) -> bool {
        tokio::time::timeout(Duration::from_millis(300), listener.accept()).await.is_ok()
    }

    #[tokio::test]
    async fn names_and_literals_that_are_not_public_are_refused_before_connecting() {
        let transport = HttpTransport::new().expect("transport");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        for (url, words) in [
            (
                format!("http://localhost:{port}/x"),
                "localhost resolves only to addresses that are not public (127.0.0.1 is not a public address: Loopback",
            ),
            (format!("http://127.0.0.1:{port}/x"), "127.0.0.1 is not a public address: Loopback"),
            (format!("http://[::ffff:127.0.0.1]:{port}/x"), "is not a public address: IPv4-mapped Address"),
            (format!("http://[64:ff9b::7f00:1]:{port}/x"), "embedding 127.0.0.1, Loopback"),
            (format!("http://192.0.0.1:{port}/x"), "IPv4 Service Continuity Prefix"),
        ] {
            match transport.send(outbound(url.clone(), true)).await {
                Err(Failure::Refused(why)) => {
                    assert!(why.contains(words), "{url}: {why:?} should say {words:?}");
                    assert!(why.contains("address guard"), "{why}");
                }
                other => panic!("{url}: {other:?}"),
            }
            assert!(!connected(&listener).await, "{url}: nothing may reach the receiver");
        }
    }

    #[tokio::test]
    async fn without_the_guard_the_same_receiver_is_reached() {
        let transport = HttpTransport::new().expect("transport");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let receiver = tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.expect("accept");
            let mut request = vec![0; 4096];
            let _ = socket.read(&mut request).await;
            socket.write_all(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n").await.expect("answer");
        });
        let answer = transport.send(outbound(format!("http://localhost:{port}/x"), false)).await.expect("answered");
        assert_eq!(answer.status, 204);
        receiver.await.expect("receiver");
    }
}
