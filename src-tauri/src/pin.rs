//! The pinned certificate of a team server, held by the webview (WebKitGTK, Linux). WebKitGTK
//! refuses a certificate the system does not trust and says so with `load-failed-with-tls-errors`;
//! when it is the team server's page and the certificate's SHA-256 is the pinned fingerprint,
//! the certificate is allowed for that host (in memory, for this run) and the page loaded again.
//! Any other certificate is refused with a page that says why, never accepted. And when a team
//! server's page starts to show (`load-changed`, committed), its certificate must be the pinned
//! one even if the system trusts it or the host was allowed another one before; a page that
//! shows no certificate at all (one restored from a cache) is refused too, and the caches that
//! would restore one are off once a team server is opened.
//!
//! Connected when the window is made, before any page loads. On macOS and Windows there is no
//! such hook: the system must trust the certificate (the form and the README say so).

use tauri::{Runtime, WebviewWindow};

#[cfg(target_os = "linux")]
pub fn watch<R: Runtime>(window: &WebviewWindow<R>) {
    use tauri::Manager;
    let app = window.app_handle().clone();
    let connected = window.with_webview(move |webview| {
        use webkit2gtk::{CacheModel, LoadEvent, SettingsExt, WebContextExt, WebViewExt};
        let view = webview.inner();
        // A page restored from a cache commits without its certificate, which could then not be
        // checked against the pin: every team server page comes from the network.
        if let Some(settings) = WebViewExt::settings(&view) {
            settings.set_enable_page_cache(false);
        }
        if let Some(context) = view.context() {
            context.set_cache_model(CacheModel::DocumentViewer);
        }
        let on_untrusted = app.clone();
        view.connect_load_failed_with_tls_errors(move |view, failing, certificate, _errors| {
            untrusted(&on_untrusted, view, failing, certificate)
        });
        view.connect_load_changed(move |view, event| {
            if event == LoadEvent::Committed {
                committed(&app, view);
            }
        });
    });
    if let Err(e) = connected {
        tracing::error!(error = %e, "cannot check team servers' certificates in this window");
    }
}

#[cfg(not(target_os = "linux"))]
pub fn watch<R: Runtime>(_window: &WebviewWindow<R>) {}

/// `load-failed-with-tls-errors`: true when handled here (allowed and loaded again, or refused),
/// false to leave the webview's own error page (not the team server's page).
#[cfg(target_os = "linux")]
fn untrusted<R: Runtime>(
    app: &tauri::AppHandle<R>,
    view: &webkit2gtk::WebView,
    failing: &str,
    certificate: &webkit2gtk::gio::TlsCertificate,
) -> bool {
    use tauri::Manager;
    use webkit2gtk::gio::prelude::TlsCertificateExt;
    use webkit2gtk::{WebContextExt, WebViewExt};

    use crate::team::{Fingerprint, Untrusted};

    let (Ok(url), Some(place)) = (tauri::Url::parse(failing), app.try_state::<crate::place::Place>()) else {
        return false;
    };
    let Some(der) = certificate.certificate() else { return false };
    let presented = Fingerprint::of(&der);
    match place.untrusted(&url, presented) {
        Untrusted::NotTheTeamServer => false,
        Untrusted::Pinned => {
            let (Some(context), Some(host)) = (view.context(), url.host_str()) else { return false };
            tracing::info!(server = %crate::team::label(&url), fingerprint = %presented, "the pinned certificate: allowed");
            context.allow_tls_certificate_for_host(certificate, host);
            let (view, failing) = (view.clone(), failing.to_owned());
            webkit2gtk::glib::idle_add_local_once(move || view.load_uri(&failing));
            true
        }
        Untrusted::Refused(refusal) => {
            let page = crate::place::refuse(app, refusal);
            let view = view.clone();
            webkit2gtk::glib::idle_add_local_once(move || view.load_uri(page.as_str()));
            true
        }
    }
}

/// `load-changed`, committed: a team server's page with a pin shows only with that certificate.
#[cfg(target_os = "linux")]
fn committed<R: Runtime>(app: &tauri::AppHandle<R>, view: &webkit2gtk::WebView) {
    use tauri::Manager;
    use webkit2gtk::WebViewExt;
    use webkit2gtk::gio::prelude::TlsCertificateExt;

    let (Some(uri), Some(place)) = (view.uri(), app.try_state::<crate::place::Place>()) else { return };
    let Ok(url) = tauri::Url::parse(&uri) else { return };
    if url.scheme() != "https" {
        return;
    }
    let presented = view
        .tls_info()
        .and_then(|(certificate, _)| certificate.certificate())
        .map(|der| crate::team::Fingerprint::of(&der));
    match place.committed(&url, presented) {
        crate::place::Committed::Show => {}
        crate::place::Committed::LoadAgain => {
            tracing::info!(server = %crate::team::label(&url), "a team server's page showed no certificate: loading it again");
            view.stop_loading();
            let view = view.clone();
            webkit2gtk::glib::idle_add_local_once(move || view.load_uri(&uri));
        }
        crate::place::Committed::Refuse(refusal) => {
            // Stop it now, before the page goes further, then show why.
            view.stop_loading();
            let page = crate::place::refuse(app, refusal);
            view.load_uri(page.as_str());
        }
    }
}
