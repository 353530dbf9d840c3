//! Helpers for the benchmarks in `bench/`. Not part of Docket itself.

/// An HTTP client keeping up to `pool` idle connections per host. The workspace builds reqwest
/// without a default TLS provider (Docket picks its own), so one is installed first.
pub fn http_client(pool: usize) -> reqwest::Result<reqwest::Client> {
    // Fails only when a provider is already installed, which is as good.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder().pool_max_idle_per_host(pool).build()
}
