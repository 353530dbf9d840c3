//! Where the window is: this machine's console (the listener in this process, opened with a
//! fresh one-time login link) or a team server's (another Docket, opened by its address; people
//! sign in there with their own account). Holds what the window may show (`navigation`), the
//! remembered team server, the form that opens one (served by `pages.rs`), and the refusal of a
//! certificate (from `pin.rs`).
//!
//! The app's own pages take actions (open, cancel, back to this machine) only with the current
//! page token, which only those pages hold: a team server's page that sends the window to one of
//! them cannot act through it.

use std::collections::HashSet;
use std::sync::Mutex;

use tauri::{AppHandle, Manager, Runtime, Url};

use crate::team::{Fingerprint, Refusal, Remembered, TeamServer, Untrusted};
use crate::{MAIN_WINDOW, menu, pages};

/// The app's state of the window's place.
pub struct Place {
    /// This machine's listener, such as `http://127.0.0.1:3625/`.
    local: Url,
    /// Where the last team server opened is remembered (none without a config directory).
    remembered: Option<Remembered>,
    state: Mutex<State>,
}

struct State {
    /// The team server the window is on; `None`: this machine's console.
    team: Option<TeamServer>,
    /// The last team server opened (the menu reopens it, the form starts from it).
    last: Option<TeamServer>,
    /// The token the app's pages act with; a new one after each action.
    token: String,
    /// What the form shows: what was typed and why it was refused.
    form: Form,
    /// Where Cancel goes back to.
    return_to: Option<Url>,
    /// Why the last team server's page was refused.
    refusal: Option<Refusal>,
    /// Certificates the webview was told to allow, by host: a second refusal of one is not
    /// answered by allowing it again (no loop).
    allowed: HashSet<(String, Fingerprint)>,
    /// Whether a team server page that showed no certificate was loaded again since the last
    /// opening or the last page that showed one.
    loaded_again: bool,
}

/// What to do with a page that started to show.
#[derive(Debug, PartialEq, Eq)]
pub enum Committed {
    Show,
    LoadAgain,
    Refuse(Refusal),
}

/// The form's fields and its message.
#[derive(Clone, Default)]
pub struct Form {
    pub address: String,
    pub fingerprint: String,
    pub error: Option<String>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Navigation {
    Stay,
    Browser,
    Refuse,
}

/// Where the window may go: this machine's console, the team server it is on, and the app's own
/// pages, yes; a web page elsewhere opens in the default browser instead; anything else (files,
/// say), nowhere.
pub fn navigation(local: &Url, team: Option<&TeamServer>, to: &Url) -> Navigation {
    if to.origin() == local.origin()
        || team.is_some_and(|t| t.holds(to))
        || pages::is_ours(to)
        || matches!(to.scheme(), "about" | "blob" | "data")
    {
        Navigation::Stay
    } else if matches!(to.scheme(), "http" | "https" | "mailto") {
        Navigation::Browser
    } else {
        Navigation::Refuse
    }
}

fn new_token() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

impl Place {
    /// Reads the remembered team server: the one thing this does at launch.
    pub fn new(local: Url, config_dir: Option<std::path::PathBuf>) -> Place {
        let remembered = config_dir.as_deref().map(Remembered::in_dir);
        let last = remembered.as_ref().and_then(Remembered::load);
        let form = last.as_ref().map(form_of).unwrap_or_default();
        Place {
            local,
            remembered,
            state: Mutex::new(State {
                team: None,
                last,
                token: new_token(),
                form,
                return_to: None,
                refusal: None,
                allowed: HashSet::new(),
                loaded_again: false,
            }),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.state.lock().unwrap_or_else(|e| e.into_inner()))
    }

    pub fn navigation(&self, to: &Url) -> Navigation {
        self.with(|s| navigation(&self.local, s.team.as_ref(), to))
    }

    /// The last team server opened, if any.
    pub fn last(&self) -> Option<TeamServer> {
        self.with(|s| s.last.clone())
    }

    /// The window's title for a page at `url`.
    pub fn title(&self, url: &Url) -> String {
        match self.with(|s| s.team.clone()).filter(|t| t.holds(url)) {
            Some(team) => format!("Docket — team server {}", team.label()),
            None => "Docket".to_owned(),
        }
    }

    /// Whether `token` is the current page token.
    pub fn token_is(&self, token: Option<&str>) -> bool {
        self.with(|s| token.is_some_and(|t| t.len() == s.token.len() && t == s.token))
    }

    pub fn token(&self) -> String {
        self.with(|s| s.token.clone())
    }

    pub fn form(&self) -> Form {
        self.with(|s| s.form.clone())
    }

    pub fn refusal(&self) -> Option<Refusal> {
        self.with(|s| s.refusal.clone())
    }

    /// Where the remembered server is kept, for the form to say.
    pub fn remembered_path(&self) -> Option<std::path::PathBuf> {
        self.remembered.as_ref().map(|r| r.path().to_owned())
    }

    /// The form was sent: the server, checked, or the form again with why not.
    pub fn submit(&self, address: &str, fingerprint: &str) -> Result<TeamServer, ()> {
        let checked = TeamServer::new(address, fingerprint);
        self.with(|s| match checked {
            Ok(server) => {
                s.form = form_of(&server);
                Ok(server)
            }
            Err(e) => {
                s.form = Form { address: address.to_owned(), fingerprint: fingerprint.to_owned(), error: Some(e) };
                Err(())
            }
        })
    }

    /// A certificate the system does not trust, presented at `url`: what to do with it.
    pub fn untrusted(&self, url: &Url, presented: Fingerprint) -> Untrusted {
        self.with(|s| {
            let verdict = crate::team::untrusted(s.team.as_ref(), url, presented);
            if verdict != Untrusted::Pinned {
                return verdict;
            }
            let host = url.host_str().unwrap_or_default().to_owned();
            if s.allowed.insert((host, presented)) {
                Untrusted::Pinned
            } else {
                let server = s.team.as_ref().map(TeamServer::label).unwrap_or_default();
                Untrusted::Refused(Refusal::StillRefused { server })
            }
        })
    }

    /// A page at `url` started to show with the certificate `presented`: refused if it is not
    /// the team server's pinned one. A page that shows no certificate is loaded again once per
    /// opening: WebKit, moving a cross-site navigation to a new web process, can commit the
    /// restarted load without its certificate; a second time it is refused.
    pub fn committed(&self, url: &Url, presented: Option<Fingerprint>) -> Committed {
        self.with(|s| match crate::team::committed(s.team.as_ref(), url, presented) {
            None => {
                s.loaded_again = false;
                Committed::Show
            }
            Some(Refusal::Unknown { .. }) if !std::mem::replace(&mut s.loaded_again, true) => Committed::LoadAgain,
            Some(refusal) => Committed::Refuse(refusal),
        })
    }
}

fn form_of(server: &TeamServer) -> Form {
    Form {
        address: server.url().as_str().trim_end_matches('/').to_owned(),
        fingerprint: server.pin().map(ToString::to_string).unwrap_or_default(),
        error: None,
    }
}

fn place<R: Runtime>(app: &AppHandle<R>) -> Option<tauri::State<'_, Place>> {
    app.try_state::<Place>()
}

fn navigate<R: Runtime>(app: &AppHandle<R>, url: Url) {
    if let Some(window) = app.get_webview_window(MAIN_WINDOW)
        && let Err(e) = window.navigate(url)
    {
        tracing::warn!(error = %e, "could not open the page");
    }
}

/// Runs `f` on the event loop's next turn: the app's pages answer first, then the window moves
/// (on the main thread a window call runs at once, inside the page's request).
pub fn later<R: Runtime>(app: &AppHandle<R>, f: impl FnOnce(&AppHandle<R>) + Send + 'static) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        let on_main = app.clone();
        if let Err(e) = app.run_on_main_thread(move || f(&on_main)) {
            tracing::warn!(error = %e, "could not reach the window");
        }
    });
}

/// File > Open Team Server…: the form, filled with the last server opened.
pub fn open_form<R: Runtime>(app: &AppHandle<R>) {
    let Some(place) = place(app) else { return };
    let return_to = app.get_webview_window(MAIN_WINDOW).and_then(|w| w.url().ok());
    let token = place.with(|s| {
        s.return_to = return_to.filter(|u| matches!(u.scheme(), "http" | "https"));
        s.form.error = None;
        s.token = new_token();
        s.token.clone()
    });
    navigate(app, pages::url(&format!("/team?token={token}")));
}

/// Opens `server`'s console (at its root: its sign-in page, or the console when signed in),
/// remembers it, and keeps the window on it.
pub fn open_team<R: Runtime>(app: &AppHandle<R>, server: TeamServer) {
    let Some(place) = place(app) else { return };
    place.with(|s| {
        s.team = Some(server.clone());
        s.last = Some(server.clone());
        s.form = form_of(&server);
        s.refusal = None;
        s.token = new_token();
        s.loaded_again = false;
    });
    if let Some(remembered) = &place.remembered
        && let Err(e) = remembered.save(&server)
    {
        tracing::warn!(error = %e, "could not remember the team server in {}", remembered.path().display());
    }
    menu::remember(app, &server);
    tracing::info!(
        server = %server.label(),
        pinned = server.pin().is_some(),
        "opening the team server's console"
    );
    navigate(app, server.url().clone());
}

/// File > Open Team Server (host:port): the last one again, through the app's opening page as
/// from the form. Going straight from this machine's console, WebKit may move the load to a new
/// web process half-way and commit it without its certificate (then loaded again, or refused).
pub fn reopen<R: Runtime>(app: &AppHandle<R>) {
    let Some(place) = place(app) else { return };
    if place.last().is_none() {
        return;
    }
    let token = place.with(|s| {
        s.token = new_token();
        s.token.clone()
    });
    navigate(app, pages::url(&format!("/team/reopen?token={token}")));
}

/// File > This Machine's Console: a fresh one-time login link to the listener in this process,
/// as at launch; the window no longer stays on the team server.
pub fn open_local<R: Runtime>(app: &AppHandle<R>) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        let Some(desktop) = app.try_state::<crate::Desktop>() else { return };
        let login = docket_api::server::console_login_url(&desktop.engine, &desktop.url, None, None).await;
        let url = match login.map_err(|e| e.to_string()).and_then(|u| u.parse::<Url>().map_err(|e| e.to_string())) {
            Ok(url) => url,
            Err(e) => return tracing::error!(error = %e, "could not make a login link for this machine's console"),
        };
        if let Some(place) = place(&app) {
            place.with(|s| {
                s.team = None;
                s.refusal = None;
                s.token = new_token();
            });
        }
        tracing::info!("opening this machine's console");
        navigate(&app, url);
    });
}

/// The form's Cancel: back where the window was, if it may still go there, else this machine's
/// console.
pub fn cancel<R: Runtime>(app: &AppHandle<R>) {
    let Some(place) = place(app) else { return };
    let back = place.with(|s| {
        s.token = new_token();
        s.return_to.take()
    });
    match back.filter(|u| place.navigation(u) == Navigation::Stay) {
        Some(url) => navigate(app, url),
        None => open_local(app),
    }
}

/// A team server's page refused for its certificate: the window shows why instead.
pub fn refuse<R: Runtime>(app: &AppHandle<R>, refusal: Refusal) -> Url {
    tracing::warn!(?refusal, "refused a team server's page for its certificate");
    if let Some(place) = place(app) {
        place.with(|s| s.refusal = Some(refusal));
    }
    pages::url("/refused")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        s.parse().expect("url")
    }

    #[test]
    fn a_page_without_a_certificate_is_loaded_again_once_then_refused() {
        let place = Place::new(url("http://127.0.0.1:3625"), None);
        let pin = "AB:".repeat(31) + "AB";
        let team = TeamServer::new("https://docket.example.internal:3625", &pin).expect("team");
        let pinned = *team.pin().expect("pinned");
        place.with(|s| s.team = Some(team));
        let page = url("https://docket.example.internal:3625/");
        assert_eq!(place.committed(&page, None), Committed::LoadAgain);
        assert!(matches!(place.committed(&page, None), Committed::Refuse(Refusal::Unknown { .. })));
        // A page with the pinned certificate shows, and the next one without gets its one retry.
        assert_eq!(place.committed(&page, Some(pinned)), Committed::Show);
        assert_eq!(place.committed(&page, None), Committed::LoadAgain);
        // Another certificate is refused at once.
        let other = Fingerprint::of(b"another certificate");
        assert!(matches!(place.committed(&page, Some(other)), Committed::Refuse(Refusal::Mismatch { .. })));
    }

    #[test]
    fn the_window_stays_on_the_console() {
        let base = url("http://127.0.0.1:3625");
        let to = |s: &str| navigation(&base, None, &url(s));
        assert_eq!(to("http://127.0.0.1:3625/applicants?page=2"), Navigation::Stay);
        assert_eq!(to("about:blank"), Navigation::Stay);
        assert_eq!(to(pages::url("/team").as_str()), Navigation::Stay);
        assert_eq!(to("http://127.0.0.1:3626/"), Navigation::Browser);
        assert_eq!(to("https://docs.dataspike.io/"), Navigation::Browser);
        assert_eq!(to("file:///etc/passwd"), Navigation::Refuse);
        assert_eq!(to("docket://elsewhere/team"), Navigation::Refuse);
    }

    #[test]
    fn on_a_team_server_the_window_stays_on_it_and_on_this_machine() {
        let base = url("http://127.0.0.1:3625");
        let team = TeamServer::new("https://docket.example.internal:3625", "").expect("team");
        let to = |s: &str| navigation(&base, Some(&team), &url(s));
        assert_eq!(to("https://docket.example.internal:3625/kyb/queue"), Navigation::Stay);
        assert_eq!(to("http://127.0.0.1:3625/"), Navigation::Stay);
        // Another port, plain http, or another host of the same domain: the browser.
        assert_eq!(to("https://docket.example.internal:3626/"), Navigation::Browser);
        assert_eq!(to("http://docket.example.internal:3625/"), Navigation::Browser);
        assert_eq!(to("https://evil.example.internal:3625/"), Navigation::Browser);
        // Back on this machine, the team server opens in the browser.
        assert_eq!(navigation(&base, None, &url("https://docket.example.internal:3625/")), Navigation::Browser);
    }

    #[test]
    fn the_form_keeps_what_was_typed_and_why_it_was_refused() {
        let dir = tempfile::tempdir().expect("dir");
        let place = Place::new(url("http://127.0.0.1:3625"), Some(dir.path().into()));
        assert_eq!(place.last(), None);
        assert!(place.submit("http://docket.example.internal:3625", "").is_err());
        let form = place.form();
        assert_eq!(form.address, "http://docket.example.internal:3625");
        assert!(form.error.is_some_and(|e| e.contains("only for this machine")));
        let server = place.submit(" docket.example.internal:3625 ", "").expect("checked");
        assert_eq!(server.label(), "docket.example.internal:3625");
        assert_eq!(place.form().address, "https://docket.example.internal:3625");
        assert_eq!(place.form().error, None);
    }

    #[test]
    fn the_page_token_is_needed_to_act() {
        let place = Place::new(url("http://127.0.0.1:3625"), None);
        let token = place.token();
        assert_eq!(token.len(), 32);
        assert!(place.token_is(Some(&token)));
        assert!(!place.token_is(None));
        assert!(!place.token_is(Some("")));
        assert!(!place.token_is(Some(&token[..31])));
        assert_ne!(Place::new(url("http://127.0.0.1:3625"), None).token(), token, "random");
    }

    #[test]
    fn a_pinned_certificate_is_allowed_once_per_host() {
        let place = Place::new(url("http://127.0.0.1:3625"), None);
        let pin = Fingerprint::of(b"the team server's certificate");
        let team = TeamServer::new("https://127.0.0.2:4443", &pin.to_string()).expect("team");
        place.with(|s| s.team = Some(team));
        let page = url("https://127.0.0.2:4443/");
        assert_eq!(place.untrusted(&page, pin), Untrusted::Pinned);
        // Refused again after it was allowed: the webview did not take it; no loop.
        assert_eq!(
            place.untrusted(&page, pin),
            Untrusted::Refused(Refusal::StillRefused { server: "127.0.0.2:4443".into() })
        );
    }
}
