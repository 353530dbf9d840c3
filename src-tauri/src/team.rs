//! A team server: the address of another Docket whose console the window opens (so reviewers on
//! several machines share one desk), the SHA-256 fingerprint of its certificate when that is
//! self-signed, and the one file that remembers the last one opened. Pure rules and that file;
//! the window's side is in `place.rs`, the webview's in `pin.rs`.
//!
//! An address is an origin and nothing more: `https://host[:port]`, or `http://` only when the
//! host is this machine (a team server beyond loopback serves HTTPS). A fingerprint is the 32
//! bytes `docket serve` prints as `AB:CD:...`; it goes only with `https`.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use url::{Host, Url};

/// The file, in the app's config directory, that remembers the last team server opened.
pub const REMEMBERED_FILE: &str = "team-server.json";

/// Longer than this, what was typed is not an address or a fingerprint (and is not echoed).
const TYPED_MAX: usize = 1024;

/// A remembered file larger than this is not Docket's (it holds two short strings).
const REMEMBERED_MAX: u64 = 16 * 1024;

/// A team server, checked: its origin, and the fingerprint its certificate must have (pinned).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamServer {
    origin: Url,
    pin: Option<Fingerprint>,
}

impl TeamServer {
    /// Checks what a person typed: the address, and the fingerprint (empty: none).
    pub fn new(address: &str, fingerprint: &str) -> Result<TeamServer, String> {
        let origin = parse_address(address)?;
        let pin = match fingerprint.trim() {
            "" => None,
            text => Some(text.parse::<Fingerprint>()?),
        };
        if pin.is_some() && origin.scheme() != "https" {
            return Err("A fingerprint is for an https:// address: plain http has no certificate to check.".into());
        }
        Ok(TeamServer { origin, pin })
    }

    /// The address the window opens: the console at the server's root.
    pub fn url(&self) -> &Url {
        &self.origin
    }

    pub fn pin(&self) -> Option<&Fingerprint> {
        self.pin.as_ref()
    }

    /// Whether `url` is on this server (same scheme, host and port).
    pub fn holds(&self, url: &Url) -> bool {
        url.origin() == self.origin.origin()
    }

    /// `host:port`, as the menu and the window's title show it.
    pub fn label(&self) -> String {
        label(&self.origin)
    }
}

/// `host:port` of a URL (the scheme's default port when it names none).
pub fn label(url: &Url) -> String {
    let host = url.host_str().unwrap_or_default();
    match url.port_or_known_default() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    }
}

/// An address as a person types it, checked and reduced to its origin (`https://host:port/`).
/// Without a scheme it is taken as `https://`.
pub fn parse_address(text: &str) -> Result<Url, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Type the team server's address, such as https://docket.example.internal:3625.".into());
    }
    if text.len() > TYPED_MAX {
        return Err(format!("That is too long for a server's address (more than {TYPED_MAX} characters)."));
    }
    let with_scheme = if text.contains("://") { text.to_owned() } else { format!("https://{text}") };
    let url = Url::parse(&with_scheme)
        .map_err(|e| format!("Not an address ({e}): type one such as https://docket.example.internal:3625."))?;
    match url.scheme() {
        "https" | "http" => {}
        other => {
            return Err(format!(
                "{other}:// is not a team server's address: type https://, or http:// only for this machine."
            ));
        }
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err("No user name or password in the address: reviewers sign in on the server's own page.".into());
    }
    if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
        return Err(
            "Just the server's address, without a path, query or #: such as https://docket.example.internal:3625."
                .into(),
        );
    }
    let Some(host) = url.host() else {
        return Err("The address names no server.".into());
    };
    if url.scheme() == "http" && !is_loopback(&host) {
        return Err(format!(
            "Plain http:// only for this machine (localhost, 127.0.0.1, ::1): a team server on {host} serves https://."
        ));
    }
    Url::parse(&url.origin().ascii_serialization()).map_err(|e| format!("Not an address: {e}"))
}

fn is_loopback(host: &Host<&str>) -> bool {
    match host {
        Host::Domain(name) => name.eq_ignore_ascii_case("localhost"),
        Host::Ipv4(ip) => ip.is_loopback(),
        Host::Ipv6(ip) => ip.is_loopback(),
    }
}

/// The SHA-256 fingerprint of a certificate (of its DER bytes), as `docket serve` prints it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fingerprint([u8; 32]);

impl Fingerprint {
    /// The fingerprint of a DER-encoded certificate.
    pub fn of(der: &[u8]) -> Fingerprint {
        Fingerprint(Sha256::digest(der).into())
    }
}

impl std::str::FromStr for Fingerprint {
    type Err = String;

    /// Hex pairs, upper or lower case, separated by colons or spaces or not at all.
    fn from_str(text: &str) -> Result<Fingerprint, String> {
        if text.len() > TYPED_MAX {
            return Err("That is too long for a fingerprint: a SHA-256 fingerprint has 32 pairs.".into());
        }
        let hex_digits: String = text.trim().chars().filter(|c| !matches!(c, ':' | ' ')).collect();
        if let Some(bad) = hex_digits.chars().find(|c| !c.is_ascii_hexdigit()) {
            return Err(format!(
                "The fingerprint holds {bad:?}: it is hexadecimal pairs such as AB:CD:..., as docket serve prints it."
            ));
        }
        let bytes =
            hex::decode(&hex_digits).map_err(|_| "The fingerprint has an odd number of hex digits.".to_owned())?;
        match <[u8; 32]>::try_from(bytes.as_slice()) {
            Ok(bytes) => Ok(Fingerprint(bytes)),
            Err(_) if bytes.len() == 20 => {
                Err("That is a SHA-1 fingerprint (20 pairs): give the SHA-256 one (32 pairs) docket serve prints."
                    .into())
            }
            Err(_) => Err(format!(
                "The fingerprint has {} pairs; a SHA-256 fingerprint has 32, as docket serve prints it.",
                bytes.len()
            )),
        }
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{b:02X}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fingerprint({self})")
    }
}

/// What the webview does with a certificate it does not trust, presented by `url`'s server.
#[derive(Debug, PartialEq, Eq)]
pub enum Untrusted {
    /// Not the team server's page: the webview's own error page.
    NotTheTeamServer,
    /// The pinned certificate: allow it for this host, then load the page again.
    Pinned,
    /// Refused, and why.
    Refused(Refusal),
}

/// Why the window did not open a team server's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Its certificate is not trusted by the system, and no fingerprint was given.
    NotPinned { server: String, presented: Fingerprint },
    /// Its certificate is not the pinned one.
    Mismatch { server: String, pinned: Fingerprint, presented: Fingerprint },
    /// An https page whose certificate the webview does not tell.
    Unknown { server: String },
    /// The pinned certificate was allowed and the webview still refused it.
    StillRefused { server: String },
}

/// A certificate the system does not trust, presented by `url`'s server while the window is on
/// `team` (if on one).
pub fn untrusted(team: Option<&TeamServer>, url: &Url, presented: Fingerprint) -> Untrusted {
    let Some(team) = team.filter(|t| t.holds(url)) else { return Untrusted::NotTheTeamServer };
    match team.pin {
        None => Untrusted::Refused(Refusal::NotPinned { server: team.label(), presented }),
        Some(pinned) if pinned == presented => Untrusted::Pinned,
        Some(pinned) => Untrusted::Refused(Refusal::Mismatch { server: team.label(), pinned, presented }),
    }
}

/// A team server's page the webview has started to show (trusted by the system or allowed as
/// pinned): refused when a fingerprint is pinned and the certificate is another. So a pin holds
/// even for a certificate the system trusts, and for a host the webview was told before to
/// allow another certificate for.
pub fn committed(team: Option<&TeamServer>, url: &Url, presented: Option<Fingerprint>) -> Option<Refusal> {
    let team = team.filter(|t| t.holds(url))?;
    let pinned = team.pin?;
    match presented {
        Some(presented) if presented == pinned => None,
        Some(presented) => Some(Refusal::Mismatch { server: team.label(), pinned, presented }),
        None => Some(Refusal::Unknown { server: team.label() }),
    }
}

/// The remembered team server, as stored.
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    address: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fingerprint: Option<String>,
}

/// Where the last team server opened is remembered.
pub struct Remembered {
    path: PathBuf,
}

impl Remembered {
    pub fn in_dir(config_dir: &Path) -> Remembered {
        Remembered { path: config_dir.join(REMEMBERED_FILE) }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The remembered server, checked as if typed again; nothing when there is none or the file
    /// is not one Docket wrote (said in the log).
    pub fn load(&self) -> Option<TeamServer> {
        let mut text = String::new();
        let read = std::fs::File::open(&self.path).and_then(|f| f.take(REMEMBERED_MAX + 1).read_to_string(&mut text));
        match read {
            Ok(n) if n as u64 > REMEMBERED_MAX => {
                tracing::warn!("ignoring {}: too large to be Docket's", self.path.display());
                return None;
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read {}", self.path.display());
                return None;
            }
        }
        let checked = serde_json::from_str::<Stored>(&text)
            .map_err(|e| e.to_string())
            .and_then(|s| TeamServer::new(&s.address, s.fingerprint.as_deref().unwrap_or_default()));
        match checked {
            Ok(server) => Some(server),
            Err(e) => {
                tracing::warn!(error = %e, "ignoring {}: not a team server Docket remembered", self.path.display());
                None
            }
        }
    }

    /// Remembers `server`, in a file only its owner reads (0600), replaced in one step.
    pub fn save(&self, server: &TeamServer) -> std::io::Result<()> {
        let stored = Stored {
            address: server.origin.as_str().trim_end_matches('/').to_owned(),
            fingerprint: server.pin.map(|p| p.to_string()),
        };
        let text = serde_json::to_vec_pretty(&stored).map_err(std::io::Error::other)?;
        if let Some(dir) = self.path.parent() {
            docket_engine::private::create_dir_all(dir)?;
        }
        let tmp = self.path.with_extension("json.tmp");
        docket_engine::private::write(&tmp, &text)?;
        std::fs::rename(&tmp, &self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRINTED: &str =
        "3B:8F:0A:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD";

    fn address(text: &str) -> Result<String, String> {
        parse_address(text).map(|u| u.to_string())
    }

    #[test]
    fn an_address_is_an_https_origin() {
        assert_eq!(
            address("https://docket.example.internal:3625").as_deref(),
            Ok("https://docket.example.internal:3625/")
        );
        assert_eq!(
            address("  https://docket.example.internal:3625/ ").as_deref(),
            Ok("https://docket.example.internal:3625/")
        );
        // Without a scheme: https.
        assert_eq!(address("docket.example.internal:3625").as_deref(), Ok("https://docket.example.internal:3625/"));
        assert_eq!(address("10.0.0.5:3625").as_deref(), Ok("https://10.0.0.5:3625/"));
        assert_eq!(address("HTTPS://Docket.Example.Internal").as_deref(), Ok("https://docket.example.internal/"));
        assert_eq!(address("https://[fd00::5]:3625").as_deref(), Ok("https://[fd00::5]:3625/"));
        // International names become their ASCII form, so the window compares like with like.
        assert_eq!(address("https://bücher.example:3625").as_deref(), Ok("https://xn--bcher-kva.example:3625/"));
    }

    #[test]
    fn plain_http_only_for_this_machine() {
        for ok in ["http://127.0.0.1:3625", "http://localhost:3625", "http://[::1]:3625", "http://127.0.0.2:9"] {
            assert!(address(ok).is_ok(), "{ok}: {:?}", address(ok));
        }
        for refused in [
            "http://docket.example.internal:3625",
            "http://10.0.0.5:3625",
            "http://[fd00::5]/",
            "http://localhost.evil.example/",
        ] {
            let e = address(refused).expect_err(refused);
            assert!(e.contains("only for this machine"), "{refused}: {e}");
        }
    }

    #[test]
    fn an_address_is_nothing_but_an_origin() {
        let long = format!("https://{}.example", "a".repeat(1100));
        for (text, says) in [
            ("", "Type the team server's address"),
            ("   ", "Type the team server's address"),
            ("https://docket.example.internal:3625/applicants", "without a path"),
            ("https://docket.example.internal:3625/?x=1", "without a path"),
            ("https://docket.example.internal:3625/#top", "without a path"),
            ("https://ada:secret@docket.example.internal:3625", "No user name or password"),
            ("https://ada@docket.example.internal", "No user name or password"),
            ("file:///etc/passwd", "file:// is not"),
            ("javascript://alert(1)", "javascript:// is not"),
            ("ftp://docket.example.internal", "ftp:// is not"),
            ("https://docket.example.internal:99999", "Not an address"),
            ("https://", "Not an address"),
            ("https://exa mple.com", "Not an address"),
            (long.as_str(), "too long"),
        ] {
            let e = address(text).expect_err(text);
            assert!(e.contains(says), "{text:?}: {e}");
        }
    }

    #[test]
    fn a_fingerprint_is_32_hex_pairs() {
        let f: Fingerprint = PRINTED.parse().expect("as printed");
        assert_eq!(f.to_string(), PRINTED);
        assert_eq!(PRINTED.to_lowercase().parse::<Fingerprint>(), Ok(f));
        assert_eq!(PRINTED.replace(':', "").parse::<Fingerprint>(), Ok(f));
        assert_eq!(PRINTED.replace(':', " ").parse::<Fingerprint>(), Ok(f));
        assert_eq!(format!("  {PRINTED}\n").parse::<Fingerprint>(), Ok(f));

        let sha1 = PRINTED[..20 * 3 - 1].parse::<Fingerprint>().expect_err("SHA-1");
        assert!(sha1.contains("SHA-1"), "{sha1}");
        let short = PRINTED[..31 * 3 - 1].parse::<Fingerprint>().expect_err("31 pairs");
        assert!(short.contains("31 pairs"), "{short}");
        let long = format!("{PRINTED}:00").parse::<Fingerprint>().expect_err("33 pairs");
        assert!(long.contains("33 pairs"), "{long}");
        let odd = PRINTED[..PRINTED.len() - 1].parse::<Fingerprint>().expect_err("odd");
        assert!(odd.contains("odd number"), "{odd}");
        let bad = PRINTED.replace("3B", "3G").parse::<Fingerprint>().expect_err("not hex");
        assert!(bad.contains("'G'"), "{bad}");
        let prefixed = format!("SHA-256 fingerprint {PRINTED}").parse::<Fingerprint>().expect_err("words");
        assert!(prefixed.contains("hexadecimal pairs"), "{prefixed}");
        let huge = "AB:".repeat(400).parse::<Fingerprint>().expect_err("too long");
        assert!(huge.contains("too long"), "{huge}");
    }

    #[test]
    fn a_fingerprint_is_the_sha256_of_the_certificate() {
        // The SHA-256 of "abc" (FIPS 180-2's example), as docket serve would print it.
        assert_eq!(
            Fingerprint::of(b"abc").to_string(),
            "BA:78:16:BF:8F:01:CF:EA:41:41:40:DE:5D:AE:22:23:B0:03:61:A3:96:17:7A:9C:B4:10:FF:61:F2:00:15:AD"
        );
    }

    #[test]
    fn a_fingerprint_goes_only_with_https() {
        let server = TeamServer::new("docket.example.internal:3625", PRINTED).expect("https with a pin");
        assert_eq!(server.pin().map(ToString::to_string).as_deref(), Some(PRINTED));
        assert_eq!(server.label(), "docket.example.internal:3625");
        assert_eq!(TeamServer::new("https://docket.example.internal", " ").expect("no pin").pin(), None);
        assert_eq!(
            TeamServer::new("https://docket.example.internal", "").expect("no pin").label(),
            "docket.example.internal:443"
        );
        let e = TeamServer::new("http://127.0.0.1:3625", PRINTED).expect_err("http with a pin");
        assert!(e.contains("https://"), "{e}");
        let e = TeamServer::new("https://docket.example.internal", "AB:CD").expect_err("a short pin");
        assert!(e.contains("2 pairs"), "{e}");
    }

    #[test]
    fn only_the_pinned_certificate_of_the_team_server_is_allowed() {
        let pinned: Fingerprint = PRINTED.parse().expect("fingerprint");
        let other = Fingerprint::of(b"another certificate");
        let team = TeamServer::new("https://127.0.0.2:4443", PRINTED).expect("team");
        let page = Url::parse("https://127.0.0.2:4443/kyb?tab=mine").expect("url");

        assert_eq!(untrusted(Some(&team), &page, pinned), Untrusted::Pinned);
        assert_eq!(
            untrusted(Some(&team), &page, other),
            Untrusted::Refused(Refusal::Mismatch { server: "127.0.0.2:4443".into(), pinned, presented: other })
        );
        // Another port, scheme or host is not the team server: no pin applies to it.
        for elsewhere in ["https://127.0.0.2:4444/", "https://127.0.0.3:4443/", "https://example.com/"] {
            let url = Url::parse(elsewhere).expect("url");
            assert_eq!(untrusted(Some(&team), &url, pinned), Untrusted::NotTheTeamServer, "{elsewhere}");
        }
        assert_eq!(untrusted(None, &page, pinned), Untrusted::NotTheTeamServer, "not on a team server");
        // No pin: an untrusted certificate is refused, showing what was presented.
        let unpinned = TeamServer::new("https://127.0.0.2:4443", "").expect("team");
        assert_eq!(
            untrusted(Some(&unpinned), &page, other),
            Untrusted::Refused(Refusal::NotPinned { server: "127.0.0.2:4443".into(), presented: other })
        );
    }

    #[test]
    fn a_pin_holds_for_certificates_the_system_trusts_too() {
        let pinned: Fingerprint = PRINTED.parse().expect("fingerprint");
        let other = Fingerprint::of(b"a certificate from a public CA");
        let team = TeamServer::new("https://docket.example.internal:3625", PRINTED).expect("team");
        let page = Url::parse("https://docket.example.internal:3625/").expect("url");
        assert_eq!(committed(Some(&team), &page, Some(pinned)), None);
        assert_eq!(
            committed(Some(&team), &page, Some(other)),
            Some(Refusal::Mismatch { server: "docket.example.internal:3625".into(), pinned, presented: other })
        );
        assert_eq!(
            committed(Some(&team), &page, None),
            Some(Refusal::Unknown { server: "docket.example.internal:3625".into() })
        );
        // Without a pin the system decides; elsewhere, the team server's pin does not apply.
        let unpinned = TeamServer::new("https://docket.example.internal:3625", "").expect("team");
        assert_eq!(committed(Some(&unpinned), &page, Some(other)), None);
        let local = Url::parse("http://127.0.0.1:3625/").expect("url");
        assert_eq!(committed(Some(&team), &local, None), None);
        assert_eq!(committed(None, &page, Some(other)), None);
    }

    #[test]
    fn the_remembered_server_is_private_and_read_back_checked() {
        let dir = tempfile::tempdir().expect("temp dir");
        let config = dir.path().join("dev.docket.console");
        let remembered = Remembered::in_dir(&config);
        assert_eq!(remembered.load(), None, "nothing remembered yet");

        let team = TeamServer::new("https://docket.example.internal:3625", PRINTED).expect("team");
        remembered.save(&team).expect("saved");
        assert_eq!(remembered.load(), Some(team.clone()));
        let stored: serde_json::Value =
            serde_json::from_slice(&std::fs::read(remembered.path()).expect("read")).expect("json");
        assert_eq!(
            stored,
            serde_json::json!({ "address": "https://docket.example.internal:3625", "fingerprint": PRINTED })
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(remembered.path()).expect("file").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
            let mode = std::fs::metadata(&config).expect("dir").permissions().mode();
            assert_eq!(mode & 0o777, 0o700);
        }
        assert!(!remembered.path().with_extension("json.tmp").exists(), "no temporary file left");

        // Another replaces it; without a pin, no fingerprint is stored.
        let other = TeamServer::new("https://10.0.0.5:3625", "").expect("team");
        remembered.save(&other).expect("saved");
        assert_eq!(remembered.load(), Some(other));
        assert!(!std::fs::read_to_string(remembered.path()).expect("read").contains("fingerprint"));
    }

    #[test]
    fn a_remembered_file_docket_did_not_write_is_ignored() {
        let dir = tempfile::tempdir().expect("temp dir");
        let remembered = Remembered::in_dir(dir.path());
        for text in [
            "not json".to_owned(),
            r#"{"address": "http://docket.example.internal:3625"}"#.to_owned(),
            r#"{"address": "https://docket.example.internal:3625/console?next=/x"}"#.to_owned(),
            format!(r#"{{"address": "https://docket.example.internal", "fingerprint": "{}"}}"#, &PRINTED[3..]),
            r#"{"address": 7}"#.to_owned(),
            format!(r#"{{"address": "https://docket.example.internal", "padding": "{}"}}"#, "x".repeat(20_000)),
        ] {
            std::fs::write(remembered.path(), &text).expect("written");
            assert_eq!(remembered.load(), None, "{text:.80}");
        }
        // The same, written well, is read.
        std::fs::write(remembered.path(), r#"{"address": "https://docket.example.internal"}"#).expect("written");
        assert_eq!(remembered.load().map(|s| s.label()), Some("docket.example.internal:443".to_owned()));
    }
}
