//! The app's own pages, served in the window from the `docket:` scheme (never from a listener):
//! the form that opens a team server, and the page that says why a team server's page was
//! refused. Plain HTML without scripts (`script-src 'none'`); everything shown is escaped.
//! Actions are links and a GET form carrying the current page token (see `place.rs`); without
//! it a request shows a page that points at the menu and does nothing.

use tauri::http::{Request, Response, StatusCode};
use tauri::{Runtime, UriSchemeContext, Url};

use crate::place::{self, Form, Place};
use crate::team::{Refusal, TeamServer};

/// The scheme of the app's pages.
pub const SCHEME: &str = "docket";

/// The page at `path` (with its query), as the webview reaches custom schemes on this system.
pub fn url(path: &str) -> Url {
    // WebView2 (Windows) reaches custom schemes as http://<scheme>.localhost.
    let base = if cfg!(windows) { format!("http://{SCHEME}.localhost") } else { format!("{SCHEME}://localhost") };
    Url::parse(&format!("{base}{path}")).unwrap_or_else(|_| Url::parse(&base).expect("a constant base URL"))
}

/// Whether `url` is one of the app's pages.
pub fn is_ours(to: &Url) -> bool {
    let ours = url("/");
    to.scheme() == ours.scheme() && to.host_str() == ours.host_str() && to.port() == ours.port()
}

const CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// Answers a request for one of the app's pages.
pub fn respond<R: Runtime>(ctx: UriSchemeContext<'_, R>, request: Request<Vec<u8>>) -> Response<Vec<u8>> {
    let app = ctx.app_handle();
    let (Some(place), true) = (tauri::Manager::try_state::<Place>(app), ctx.webview_label() == crate::MAIN_WINDOW)
    else {
        return page(StatusCode::NOT_FOUND, "Not found", "<p>Nothing here.</p>");
    };
    let Ok(url) = Url::parse(&request.uri().to_string()) else {
        return page(StatusCode::BAD_REQUEST, "Not found", "<p>Nothing here.</p>");
    };
    let query = |name: &str| url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned());
    let acting = request.method() == tauri::http::Method::GET && place.token_is(query("token").as_deref());
    match (url.path(), acting) {
        ("/team", true) => form_page(&place, StatusCode::OK),
        ("/team/open", true) => {
            let (address, fingerprint) =
                (query("address").unwrap_or_default(), query("fingerprint").unwrap_or_default());
            match place.submit(&address, &fingerprint) {
                Ok(server) => {
                    let opening = opening_page(&server);
                    place::later(app, move |app| place::open_team(app, server));
                    opening
                }
                Err(()) => form_page(&place, StatusCode::BAD_REQUEST),
            }
        }
        ("/team/reopen", true) => match place.last() {
            Some(server) => {
                let opening = opening_page(&server);
                place::later(app, move |app| place::open_team(app, server));
                opening
            }
            None => from_the_menu(),
        },
        ("/team/cancel", true) => {
            place::later(app, place::cancel);
            page(StatusCode::OK, "Going back", "<p>Going back…</p>")
        }
        ("/local", true) => {
            place::open_local(app);
            page(StatusCode::OK, "This machine's console", "<p>Opening this machine's console…</p>")
        }
        ("/refused", _) => match place.refusal() {
            Some(refusal) => refused_page(&refusal, &place.token()),
            None => from_the_menu(),
        },
        ("/team" | "/team/open" | "/team/reopen" | "/team/cancel" | "/local", false) => from_the_menu(),
        _ => page(StatusCode::NOT_FOUND, "Not found", "<p>Nothing here.</p>"),
    }
}

/// Escapes text for HTML (element content and quoted attribute values).
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn page(status: StatusCode, title: &str, body: &str) -> Response<Vec<u8>> {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">\
         <meta name=\"viewport\" content=\"width=device-width\"><title>{}</title><style>{STYLE}</style></head>\
         <body><main>{body}</main></body></html>",
        esc(title)
    );
    Response::builder()
        .status(status)
        .header("Content-Type", "text/html; charset=utf-8")
        .header("Content-Security-Policy", CSP)
        .header("Cache-Control", "no-store")
        .header("X-Content-Type-Options", "nosniff")
        .body(html.into_bytes())
        .unwrap_or_else(|_| Response::new(Vec::new()))
}

fn from_the_menu() -> Response<Vec<u8>> {
    page(
        StatusCode::FORBIDDEN,
        "Open a team server",
        "<h1>Open a team server from the menu</h1>\
         <p data-testid=\"from-the-menu\">This page works only when the app opens it: choose <b>File &gt; Open Team \
         Server…</b>, or <b>File &gt; This Machine's Console</b>.</p>",
    )
}

fn form_page(place: &Place, status: StatusCode) -> Response<Vec<u8>> {
    let Form { address, fingerprint, error } = place.form();
    let token = esc(&place.token());
    let error = error
        .map(|e| format!("<p class=\"error\" role=\"alert\" data-testid=\"team-error\">{}</p>", esc(&e)))
        .unwrap_or_default();
    let certificate = if cfg!(target_os = "linux") {
        format!(
            "<label for=\"fingerprint\">SHA-256 fingerprint <span class=\"quiet\">(for a self-signed certificate)</span></label>\
             <input id=\"fingerprint\" name=\"fingerprint\" value=\"{}\" spellcheck=\"false\" autocomplete=\"off\" \
             placeholder=\"AB:CD:EF:…\" data-testid=\"team-fingerprint\">\
             <p class=\"hint\">The server printed it at its start: <code>HTTPS: certificate self-signed, …; SHA-256 \
             fingerprint AB:CD:…</code>. Get it from whoever runs the server, never from an error page. The window \
             then opens the server only if its certificate has exactly this fingerprint. Leave it empty for a \
             certificate this system trusts.</p>",
            esc(&fingerprint)
        )
    } else {
        "<p class=\"note\" data-testid=\"team-system-trust\">A team server's certificate must be one this system \
         trusts. For a self-signed one (the server prints its SHA-256 fingerprint at its start), add it to the \
         system's certificate store first, checking the fingerprint; or give the server a certificate from your \
         organization's authority with <code>--tls-cert</code> and <code>--tls-key</code>.</p>"
            .to_owned()
    };
    let remembered = match (place.remembered_path(), place.last()) {
        (Some(path), Some(last)) => format!(
            "<p class=\"quiet small\">Remembered in <code>{}</code>: File &gt; Open Team Server ({}) opens it again.</p>",
            esc(&path.display().to_string()),
            esc(&last.label())
        ),
        (Some(path), None) => format!(
            "<p class=\"quiet small\">The server you open is remembered in <code>{}</code>, for File &gt; Open Team \
             Server (…) to open it again in one click.</p>",
            esc(&path.display().to_string())
        ),
        (None, _) => String::new(),
    };
    let body = format!(
        "<h1>Open a team server</h1>\
         <p>Open the console of a Docket that serves your team (<code>docket serve --listen …</code>): reviewers on \
         several machines share one desk, each signed in with their own account. This machine's console stays one \
         click away: File &gt; This Machine's Console.</p>\
         {error}\
         <form method=\"get\" action=\"/team/open\" data-testid=\"team-form\">\
         <input type=\"hidden\" name=\"token\" value=\"{token}\">\
         <label for=\"address\">Address</label>\
         <input id=\"address\" name=\"address\" value=\"{}\" required autofocus spellcheck=\"false\" autocomplete=\"off\" \
         placeholder=\"https://docket.example.internal:3625\" data-testid=\"team-address\">\
         <p class=\"hint\">As the server prints it: https://host:port. Plain http:// only for a Docket on this \
         machine.</p>\
         {certificate}\
         <div class=\"actions\"><button type=\"submit\" data-testid=\"team-open\">Open</button>\
         <a class=\"button\" href=\"/team/cancel?token={token}\" data-testid=\"team-cancel\">Cancel</a></div>\
         </form>{remembered}",
        esc(&address)
    );
    page(status, "Open a team server", &body)
}

fn opening_page(server: &TeamServer) -> Response<Vec<u8>> {
    page(StatusCode::OK, "Opening", &format!("<p>Opening {}…</p>", esc(&server.label())))
}

fn refused_page(refusal: &Refusal, token: &str) -> Response<Vec<u8>> {
    let code = |testid: &str, f: &crate::team::Fingerprint| {
        format!("<code class=\"fingerprint\" data-testid=\"{testid}\">{f}</code>")
    };
    let (title, body) = match refusal {
        Refusal::Mismatch { server, pinned, presented } => (
            "Not the certificate you pinned".to_owned(),
            format!(
                "<p><b>{}</b> presented a certificate that is not the one whose fingerprint was given when it was \
                 opened. The window did not show its page.</p>\
                 <dl><dt>Pinned</dt><dd>{}</dd><dt>Presented</dt><dd>{}</dd></dl>\
                 <p>Either the server now has another certificate, or something between this machine and the server \
                 presents its own to read what you send. Ask whoever runs the server for the fingerprint it printed at \
                 its last start; if it changed, open it again with the new one (File &gt; Open Team Server…).</p>",
                esc(server),
                code("pinned", pinned),
                code("presented", presented)
            ),
        ),
        Refusal::NotPinned { server, presented } => (
            "A certificate this system does not trust".to_owned(),
            format!(
                "<p><b>{}</b> presented a certificate this system does not trust, and no fingerprint was given for \
                 it. The window did not show its page.</p>\
                 <dl><dt>Presented</dt><dd>{}</dd></dl>\
                 <p>If it is a team server with a self-signed certificate, open it again with the SHA-256 fingerprint \
                 the server printed at its start (File &gt; Open Team Server…): get it from whoever runs the server \
                 and compare; do not copy it from this page.</p>",
                esc(server),
                code("presented", presented)
            ),
        ),
        Refusal::Unknown { server } => (
            "A certificate the window cannot check".to_owned(),
            format!(
                "<p>The window could not read the certificate of <b>{}</b>, so it cannot check the pinned fingerprint, \
                 and did not show its page.</p>",
                esc(server)
            ),
        ),
        Refusal::StillRefused { server } => (
            "The pinned certificate was not taken".to_owned(),
            format!(
                "<p>The certificate of <b>{}</b> has the pinned fingerprint, but the web view still refused it after \
                 the window allowed it. Give the server a certificate this system trusts (<code>--tls-cert</code>), \
                 or open it in a browser.</p>",
                esc(server)
            ),
        ),
    };
    let body = format!(
        "<h1 data-testid=\"refused\">Not opened: {}</h1>{body}\
         <div class=\"actions\"><a class=\"button\" href=\"/local?token={}\" data-testid=\"back-to-this-machine\">\
         Back to this machine's console</a></div>",
        esc(&title),
        esc(token)
    );
    page(StatusCode::OK, &format!("Not opened: {title}"), &body)
}

const STYLE: &str = "\
:root{color-scheme:light dark;--fg:#1d2430;--muted:#5b6574;--line:#d5dae1;--bg:#f6f7f9;--card:#fff;--accent:#1f5fd1;--bad:#b3261e}\
@media (prefers-color-scheme:dark){:root{--fg:#e6e9ee;--muted:#9aa4b2;--line:#3a4250;--bg:#15181d;--card:#1d2128;--accent:#6ea0ff;--bad:#ff8a80}}\
*{box-sizing:border-box}\
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,'Segoe UI',Cantarell,sans-serif}\
main{max-width:620px;margin:48px auto;padding:28px 32px;background:var(--card);border:1px solid var(--line);border-radius:10px}\
h1{font-size:1.35rem;margin:0 0 12px}\
label{display:block;font-weight:600;margin-top:18px}\
input{display:block;width:100%;margin-top:6px;padding:8px 10px;font:inherit;font-family:ui-monospace,monospace;font-size:14px;\
color:var(--fg);background:var(--card);border:1px solid var(--line);border-radius:6px}\
input:focus{outline:2px solid var(--accent);outline-offset:1px}\
.hint,.quiet{color:var(--muted)}.hint{font-size:13px;margin:6px 0 0}.small{font-size:13px;margin-top:22px}\
.note{padding:10px 12px;border-left:3px solid var(--accent);background:var(--bg);margin-top:18px}\
.error{padding:10px 12px;border-left:3px solid var(--bad);color:var(--bad);background:var(--bg)}\
.actions{display:flex;gap:10px;margin-top:22px}\
button,.button{font:inherit;padding:7px 16px;border-radius:6px;border:1px solid var(--line);background:var(--card);\
color:var(--fg);text-decoration:none;cursor:pointer}\
button{background:var(--accent);border-color:var(--accent);color:#fff}\
code{font-family:ui-monospace,monospace;font-size:13px;overflow-wrap:anywhere}\
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 14px}dt{font-weight:600}dd{margin:0}\
.fingerprint{font-size:12.5px}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc(r#"<a href="x">'&'</a>"#), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }

    #[test]
    fn pages_are_on_the_apps_own_scheme() {
        let form = url("/team?token=abc");
        assert!(is_ours(&form));
        assert_eq!(form.path(), "/team");
        assert!(!is_ours(&Url::parse("https://localhost/team").expect("url")));
        assert!(!is_ours(&Url::parse("docket://elsewhere/team").expect("url")));
    }

    #[test]
    fn a_refusal_shows_both_fingerprints_and_escapes_the_server() {
        let pinned = crate::team::Fingerprint::of(b"pinned");
        let presented = crate::team::Fingerprint::of(b"presented");
        let refusal = Refusal::Mismatch { server: "<b>host</b>:1".into(), pinned, presented };
        let response = refused_page(&refusal, "t0k3n");
        let html = String::from_utf8(response.body().clone()).expect("utf-8");
        assert!(html.contains(&pinned.to_string()) && html.contains(&presented.to_string()));
        assert!(html.contains("&lt;b&gt;host&lt;/b&gt;:1") && !html.contains("<b>host</b>"));
        assert!(html.contains("/local?token=t0k3n"));
        assert_eq!(response.headers().get("Content-Security-Policy").map(|v| v.to_str().ok()), Some(Some(CSP)));
        assert!(!html.contains("<script"));
    }
}
