//! HTTPS for a team server: a certificate and key given by the operator, or a self-signed pair
//! made at the first start and kept in the data directory (`tls/`), with its SHA-256
//! fingerprint for the people who connect to check. rustls with the ring provider; TLS 1.3 and
//! 1.2; HTTP/1.1 only.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use sha2::{Digest, Sha256};

/// Where a self-signed pair lives in the data directory.
pub const SELF_SIGNED_DIR: &str = "tls";
const CERT_FILE: &str = "cert.pem";
const KEY_FILE: &str = "key.pem";

/// Days a self-signed certificate is valid (about 27 months, under the 825 days browsers take).
const SELF_SIGNED_DAYS: i64 = 820;

/// A server's certificate, ready to serve.
pub struct Certificate {
    pub acceptor: tokio_rustls::TlsAcceptor,
    /// `AB:CD:...`, the SHA-256 of the leaf certificate.
    pub fingerprint: String,
    /// Where it came from: the files given, or the self-signed pair (made now, or before).
    pub source: CertificateSource,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CertificateSource {
    Given { cert: PathBuf },
    SelfSignedNew { dir: PathBuf },
    SelfSigned { dir: PathBuf },
}

/// The SHA-256 fingerprint of a certificate, as browsers show it.
pub fn fingerprint(der: &[u8]) -> String {
    Sha256::digest(der).iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(":")
}

/// Loads a certificate chain and its key from PEM files.
pub fn load(cert: &Path, key: &Path) -> Result<Certificate, String> {
    let chain = read_chain(cert)?;
    let key = PrivateKeyDer::from_pem_file(key)
        .map_err(|e| format!("cannot read the TLS key {}: {e} (a PEM private key is expected)", key.display()))?;
    let fingerprint = fingerprint(chain[0].as_ref());
    Ok(Certificate {
        acceptor: acceptor(chain, key)?,
        fingerprint,
        source: CertificateSource::Given { cert: cert.into() },
    })
}

fn read_chain(cert: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect())
        .map_err(|e| format!("cannot read the TLS certificate {}: {e}", cert.display()))?;
    if chain.is_empty() {
        return Err(format!("{} holds no PEM certificate", cert.display()));
    }
    Ok(chain)
}

/// The self-signed pair of this data directory, made now if there is none: for `localhost`,
/// the loopback addresses, this machine's name and the address it listens on.
pub fn self_signed(data_dir: &Path, names: &[String]) -> Result<Certificate, String> {
    let dir = data_dir.join(SELF_SIGNED_DIR);
    let (cert, key) = (dir.join(CERT_FILE), dir.join(KEY_FILE));
    if cert.exists() && key.exists() {
        let mut loaded = load(&cert, &key)?;
        loaded.source = CertificateSource::SelfSigned { dir };
        return Ok(loaded);
    }
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).map_err(|e| e.to_string())?;
    for name in names {
        let san = match name.parse::<std::net::IpAddr>() {
            Ok(ip) => rcgen::SanType::IpAddress(ip),
            Err(_) => rcgen::SanType::DnsName(name.clone().try_into().map_err(|e| format!("{name}: {e}"))?),
        };
        if !params.subject_alt_names.contains(&san) {
            params.subject_alt_names.push(san);
        }
    }
    let mut dn = rcgen::DistinguishedName::new();
    dn.push(rcgen::DnType::CommonName, "Docket team server (self-signed)");
    params.distinguished_name = dn;
    let now = time::OffsetDateTime::now_utc();
    params.not_before = now - time::Duration::days(1);
    params.not_after = now + time::Duration::days(SELF_SIGNED_DAYS);
    let key_pair = rcgen::KeyPair::generate().map_err(|e| format!("cannot make a TLS key: {e}"))?;
    let made = params.self_signed(&key_pair).map_err(|e| format!("cannot make a certificate: {e}"))?;
    docket_engine::private::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    docket_engine::private::write(&key, key_pair.serialize_pem().as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", key.display()))?;
    docket_engine::private::write(&cert, made.pem().as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", cert.display()))?;
    let mut loaded = load(&cert, &key)?;
    loaded.source = CertificateSource::SelfSignedNew { dir };
    Ok(loaded)
}

fn acceptor(
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
) -> Result<tokio_rustls::TlsAcceptor, String> {
    let mut config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| format!("the TLS certificate and key do not go together: {e}"))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_self_signed_pair_is_made_once_and_kept_private() {
        let dir = tempfile::tempdir().expect("dir");
        let names = vec!["localhost".to_owned(), "127.0.0.1".to_owned(), "::1".to_owned()];
        let first = self_signed(dir.path(), &names).expect("made");
        assert!(matches!(first.source, CertificateSource::SelfSignedNew { .. }));
        assert_eq!(first.fingerprint.len(), 32 * 3 - 1, "{}", first.fingerprint);
        let again = self_signed(dir.path(), &names).expect("loaded");
        assert!(matches!(again.source, CertificateSource::SelfSigned { .. }));
        assert_eq!(first.fingerprint, again.fingerprint, "the same pair");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode =
                std::fs::metadata(dir.path().join(SELF_SIGNED_DIR).join(KEY_FILE)).expect("key").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn unreadable_files_are_a_clear_error() {
        let dir = tempfile::tempdir().expect("dir");
        let missing = dir.path().join("nope.pem");
        let error = load(&missing, &missing).err().expect("refused");
        assert!(error.contains("cannot read the TLS certificate"), "{error}");
        std::fs::write(&missing, "not pem").expect("writes");
        assert!(load(&missing, &missing).is_err());
    }
}
