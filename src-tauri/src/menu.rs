//! The native menu: File (open the data folder, copy the API base URL or a key, this machine's
//! console or a team server's, quit), Edit (the standard clipboard items, which text fields need
//! on macOS) and View (reload). Keys go from the keychain to the clipboard here, in Rust; the
//! window never sees them.

use std::path::Path;

use docket_engine::Environment;
use tauri::menu::{Menu, MenuBuilder, MenuEvent, MenuItemBuilder, SubmenuBuilder};
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_clipboard_manager::ClipboardExt;

use crate::team::TeamServer;
use crate::{Desktop, place};

const FILE: &str = "file";
const OPEN_DATA_FOLDER: &str = "open-data-folder";
const COPY_BASE_URL: &str = "copy-base-url";
const COPY_SANDBOX_KEY: &str = "copy-sandbox-key";
const COPY_PRODUCTION_KEY: &str = "copy-production-key";
const THIS_MACHINE: &str = "this-machine";
const OPEN_TEAM_SERVER: &str = "open-team-server";
/// "Open Team Server (host:port)": the last one opened, there once one was.
const REOPEN_TEAM_SERVER: &str = "reopen-team-server";
const QUIT: &str = "quit";
const RELOAD: &str = "reload";

pub fn build<R: Runtime>(app: &AppHandle<R>) -> tauri::Result<Menu<R>> {
    let file = SubmenuBuilder::with_id(app, FILE, "File")
        .text(OPEN_DATA_FOLDER, "Open Data Folder")
        .separator()
        .text(COPY_BASE_URL, "Copy API Base URL")
        .text(COPY_SANDBOX_KEY, "Copy Sandbox API Key")
        .text(COPY_PRODUCTION_KEY, "Copy Production API Key")
        .separator()
        .text(THIS_MACHINE, "This Machine's Console")
        .text(OPEN_TEAM_SERVER, "Open Team Server…");
    // macOS quits from the application menu; GTK has no predefined Quit item.
    #[cfg(not(target_os = "macos"))]
    let file = file.separator().item(&MenuItemBuilder::with_id(QUIT, "Quit").accelerator("CmdOrCtrl+Q").build(app)?);
    let file = file.build()?;

    let edit = SubmenuBuilder::new(app, "Edit");
    #[cfg(target_os = "macos")]
    let edit = edit.undo().redo().separator();
    let edit = edit.cut().copy().paste().separator().select_all().build()?;

    let view = SubmenuBuilder::new(app, "View")
        .item(&MenuItemBuilder::with_id(RELOAD, "Reload").accelerator("CmdOrCtrl+R").build(app)?)
        .build()?;

    let menu = MenuBuilder::new(app);
    #[cfg(target_os = "macos")]
    let menu = menu.item(
        &SubmenuBuilder::new(app, "Docket")
            .about(None)
            .separator()
            .services()
            .separator()
            .hide()
            .hide_others()
            .show_all()
            .separator()
            .quit()
            .build()?,
    );
    menu.items(&[&file, &edit, &view]).build()
}

pub fn on_event<R: Runtime>(app: &AppHandle<R>, event: MenuEvent) {
    let Some(desktop) = app.try_state::<Desktop>() else { return };
    match event.id().as_ref() {
        OPEN_DATA_FOLDER => open(&desktop.data_dir),
        COPY_BASE_URL => copy(app, desktop.url.clone(), "the API base URL"),
        COPY_SANDBOX_KEY => copy_key(app, Environment::Sandbox),
        COPY_PRODUCTION_KEY => copy_key(app, Environment::Production),
        RELOAD => {
            if let Some(window) = app.get_webview_window(crate::MAIN_WINDOW)
                && let Err(e) = window.reload()
            {
                tracing::warn!(error = %e, "could not reload the window");
            }
        }
        THIS_MACHINE => place::open_local(app),
        OPEN_TEAM_SERVER => place::open_form(app),
        REOPEN_TEAM_SERVER => place::reopen(app),
        QUIT => app.exit(0),
        _ => {}
    }
}

/// Shows "Open Team Server (host:port)" for `server`, the last one opened, under "Open Team
/// Server…".
pub fn remember<R: Runtime>(app: &AppHandle<R>, server: &TeamServer) {
    let text = format!("Open Team Server ({})", server.label());
    let Some(file) = app.menu().and_then(|m| m.get(FILE)).and_then(|f| f.as_submenu().cloned()) else { return };
    let shown = match file.get(REOPEN_TEAM_SERVER).and_then(|item| item.as_menuitem().cloned()) {
        Some(item) => item.set_text(text),
        None => file.items().and_then(|items| {
            let after = items.iter().position(|i| i.id() == OPEN_TEAM_SERVER).map_or(items.len(), |i| i + 1);
            let item = MenuItemBuilder::with_id(REOPEN_TEAM_SERVER, text).build(app)?;
            file.insert(&item, after)
        }),
    };
    if let Err(e) = shown {
        tracing::warn!(error = %e, "could not show the team server in the menu");
    }
}

fn copy<R: Runtime>(app: &AppHandle<R>, text: String, what: &str) {
    match app.clipboard().write_text(text) {
        Ok(()) => tracing::info!("copied {what} to the clipboard"),
        Err(e) => tracing::warn!(error = %e, "could not copy {what} to the clipboard"),
    }
}

fn copy_key<R: Runtime>(app: &AppHandle<R>, env: Environment) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        let desktop = app.state::<Desktop>();
        match crate::keys::api_key(&desktop.engine, &desktop.keys, env).await {
            Ok(key) => copy(&app, key, &format!("the {env} API key")),
            Err(e) => tracing::warn!(error = %e, "could not copy the {env} API key"),
        }
    });
}

/// Opens a folder or a web address with the system's default application.
pub fn open(target: impl AsRef<std::ffi::OsStr>) {
    let target = target.as_ref();
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    match std::process::Command::new(opener).arg(target).spawn() {
        // Reap it when it is done, which is at once for these openers.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(e) => tracing::warn!(error = %e, "could not run {opener} to open {}", Path::new(target).display()),
    }
}
