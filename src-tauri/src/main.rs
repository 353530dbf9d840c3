//! The desktop shell: starts the same engine and listener as `docket serve`, in-process, then
//! opens the console in a window pointed at it. One instance at a time (a second launch focuses
//! the first and exits); the window's size and place are remembered; a native menu opens the data
//! folder, copies the API base URL or a key, and opens a team server's console instead
//! (`place.rs`). Everything else lives in the other crates.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod keychain;
mod keys;
mod menu;
mod pages;
mod pin;
mod place;
mod team;
mod webview;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use docket_api::server::{self, DEFAULT_LISTEN, ServeOptions, StartError};
use docket_engine::Engine;
use tauri::webview::{NewWindowResponse, PageLoadEvent};
use tauri::{AppHandle, Manager, RunEvent, Runtime, Url, WebviewUrl, WebviewWindowBuilder};
use tauri_plugin_window_state::StateFlags;

use crate::place::Navigation;

/// The same allocator as the docket command (see its main.rs): the engine runs in-process here.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The console window's label.
pub const MAIN_WINDOW: &str = "main";

/// What the menu needs, kept in the app's state.
pub struct Desktop {
    pub engine: Engine,
    pub data_dir: PathBuf,
    /// The API base URL, such as `http://127.0.0.1:3625`.
    pub url: String,
    pub keys: keys::KeyStore,
}

/// The running listener, stopped gracefully when the app exits.
struct Listener {
    stop: Mutex<Option<tokio::sync::oneshot::Sender<()>>>,
    task: Mutex<Option<tauri::async_runtime::JoinHandle<()>>>,
}

fn main() {
    let launched = Instant::now();
    webview::lighten();
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_env("DOCKET_LOG").unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .with_ansi(ansi)
        .init();

    let app = tauri::Builder::default()
        // First, so that a second launch hands over and exits before anything else starts.
        .plugin(tauri_plugin_single_instance::init(|app, _args, _cwd| focus(app)))
        .plugin(
            tauri_plugin_window_state::Builder::new()
                .with_state_flags(StateFlags::SIZE | StateFlags::POSITION | StateFlags::MAXIMIZED)
                .build(),
        )
        .plugin(tauri_plugin_clipboard_manager::init())
        .menu(menu::build)
        .on_menu_event(menu::on_event)
        // The app's own pages (the team server form, a refused certificate): see pages.rs.
        .register_uri_scheme_protocol(pages::SCHEME, pages::respond)
        .setup(move |app| setup(app.handle(), launched))
        .build(tauri::generate_context!("../tauri.conf.json"));
    let app = match app {
        Ok(app) => app,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    app.run(|app, event| {
        if let RunEvent::Exit = event {
            stop_listener(app);
        }
    });
}

fn setup(app: &AppHandle, launched: Instant) -> Result<(), Box<dyn std::error::Error>> {
    let (server, keys, console_url) = tauri::async_runtime::block_on(start())?;
    let url = server.url.clone();
    println!("{url}");
    tracing::info!(elapsed_ms = launched.elapsed().as_millis() as u64, "Docket is serving {url}");
    app.manage(Desktop { engine: server.engine.clone(), data_dir: server.data_dir.clone(), url: url.clone(), keys });

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tauri::async_runtime::spawn(async move {
        if let Err(e) = server.run(async { _ = stopped.await }).await {
            tracing::error!(error = %e, "the listener stopped");
        }
    });
    app.manage(Listener { stop: Mutex::new(Some(stop)), task: Mutex::new(Some(task)) });

    let base: Url = url.parse()?;
    // The remembered team server: one small file read, nothing opened (see the README).
    app.manage(place::Place::new(base, app.path().app_config_dir().ok()));
    if let Some(last) = app.state::<place::Place>().last() {
        menu::remember(app, &last);
    }
    let loaded = AtomicBool::new(false);
    let navigating = app.clone();
    // Hidden until the window-state plugin has put it where it was last time.
    let window = WebviewWindowBuilder::new(app, MAIN_WINDOW, WebviewUrl::External(console_url.parse()?))
        .title("Docket")
        .inner_size(1280.0, 820.0)
        .min_inner_size(1024.0, 700.0)
        .visible(false)
        .on_navigation(move |to| match navigating.state::<place::Place>().navigation(to) {
            Navigation::Stay => true,
            Navigation::Browser => {
                menu::open(to.as_str());
                false
            }
            Navigation::Refuse => false,
        })
        // Links that open a new window (the API reference, say) open in the default browser.
        .on_new_window(|to, _| {
            if matches!(to.scheme(), "http" | "https" | "mailto") {
                menu::open(to.as_str());
            }
            NewWindowResponse::Deny
        })
        .on_page_load(move |window, page| {
            if page.event() == PageLoadEvent::Started {
                // The title says whose console this is: this machine's, or a team server's.
                let title = window.state::<place::Place>().title(page.url());
                if let Err(e) = window.set_title(&title) {
                    tracing::warn!(error = %e, "could not set the window's title");
                }
            } else if !loaded.swap(true, Ordering::Relaxed) {
                tracing::info!(elapsed_ms = launched.elapsed().as_millis() as u64, "the console loaded");
            }
        })
        .build()?;
    // The team servers' certificate checks, before any page could need them.
    pin::watch(&window);
    window.show()?;
    window.set_focus()?;
    tracing::info!(elapsed_ms = launched.elapsed().as_millis() as u64, "the window is shown");
    Ok(())
}

/// Starts the listener on the documented port, or on any free port when that is taken (by a
/// `docket serve`, say). Returns the server, where the API keys are kept, and the address the
/// window opens.
async fn start() -> Result<(server::Server, keys::KeyStore, String), Box<dyn std::error::Error>> {
    let data_dir = std::env::var_os("DOCKET_DATA_DIR")
        .map(Into::into)
        .or_else(docket_engine::default_data_dir)
        .ok_or("cannot tell where application data goes; set DOCKET_DATA_DIR")?;
    let listen: SocketAddr = std::env::var("DOCKET_LISTEN").unwrap_or_else(|_| DEFAULT_LISTEN.into()).parse()?;
    let master_key = keychain::master_key_source(&data_dir)?;
    let database_key = keychain::database_key(&data_dir)?;
    let mut options = ServeOptions::new(data_dir, listen);
    options.master_key = master_key;
    options.database_key = database_key;
    options.demo = std::env::var_os("DOCKET_DEMO").is_some();
    options.pinned = server::pinned_keys_from_env();
    let server = match server::start(options.clone()).await {
        Err(StartError::Bind(_, e)) if e.kind() == std::io::ErrorKind::AddrInUse => {
            options.listen = SocketAddr::new(listen.ip(), 0);
            server::start(options).await?
        }
        other => other?,
    };
    let keys = keys::KeyStore::open(&server.data_dir)?;
    if let Some(first) = &server.first_run {
        keys.remember_first_run(first);
        tracing::info!(
            "created the default organization; its API keys are kept in {} (File > Copy ... API Key)",
            keys.describe()
        );
    }
    // A one-time login link: the window signs itself in, and no key ever reaches it.
    let console_url = server.console_login_url().await?;
    Ok((server, keys, console_url))
}

/// A second launch: bring the window back instead.
fn focus<R: Runtime>(app: &AppHandle<R>) {
    tracing::info!("Docket is already running: showing its window");
    if let Some(window) = app.get_webview_window(MAIN_WINDOW) {
        let shown = window.unminimize().and_then(|()| window.show()).and_then(|()| window.set_focus());
        if let Err(e) = shown {
            tracing::warn!(error = %e, "could not show the window");
        }
    }
}

/// Stops accepting requests, lets in-flight ones finish and stores what is still queued (the
/// request journal), for at most a few seconds.
fn stop_listener<R: Runtime>(app: &AppHandle<R>) {
    let Some(listener) = app.try_state::<Listener>() else { return };
    if let Some(stop) = listener.stop.lock().unwrap_or_else(|e| e.into_inner()).take() {
        _ = stop.send(());
    }
    let task = listener.task.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(task) = task {
        let finished =
            tauri::async_runtime::block_on(async { tokio::time::timeout(Duration::from_secs(5), task).await.is_ok() });
        if !finished {
            tracing::warn!("the listener did not stop within 5 s");
        }
    }
}
