//! The desktop shell: starts the same engine and listener as `docket serve`, in-process, then
//! opens the console in a window pointed at it. Everything else lives in the other crates.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod keychain;

use std::net::SocketAddr;

use docket_api::server::{self, DEFAULT_LISTEN, ServeOptions, StartError};
use tauri::{Manager, WebviewUrl, WebviewWindowBuilder};

fn main() {
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_env("DOCKET_LOG").unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .with_ansi(ansi)
        .init();

    let result = tauri::Builder::default()
        .setup(|app| {
            let handle = app.handle().clone();
            let (url, server) = tauri::async_runtime::block_on(start())?;
            println!("{url}");
            tauri::async_runtime::spawn(async move {
                if let Err(e) = server.run(std::future::pending()).await {
                    tracing::error!(error = %e, "the listener stopped");
                }
            });
            let window = WebviewWindowBuilder::new(&handle, "main", WebviewUrl::External(url.parse()?))
                .title("Docket")
                .inner_size(1280.0, 820.0)
                .min_inner_size(1024.0, 700.0)
                .build()?;
            window.set_focus()?;
            app.manage(url);
            Ok(())
        })
        .run(tauri::generate_context!("../tauri.conf.json"));
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

/// Starts the listener on the documented port, or on any free port when that is taken (by a
/// `docket serve`, say).
async fn start() -> Result<(String, server::Server), Box<dyn std::error::Error>> {
    let data_dir = std::env::var_os("DOCKET_DATA_DIR")
        .map(Into::into)
        .or_else(docket_engine::default_data_dir)
        .ok_or("cannot tell where application data goes; set DOCKET_DATA_DIR")?;
    let listen: SocketAddr = std::env::var("DOCKET_LISTEN").unwrap_or_else(|_| DEFAULT_LISTEN.into()).parse()?;
    let master_key = keychain::master_key_source(&data_dir)?;
    let mut options = ServeOptions::new(data_dir, listen);
    options.master_key = master_key;
    options.demo = std::env::var_os("DOCKET_DEMO").is_some();
    options.pinned = server::pinned_keys_from_env();
    let server = match server::start(options.clone()).await {
        Err(StartError::Bind(_, e)) if e.kind() == std::io::ErrorKind::AddrInUse => {
            options.listen = SocketAddr::new(listen.ip(), 0);
            server::start(options).await?
        }
        other => other?,
    };
    if let Some(first) = &server.first_run {
        let path = server::save_first_run_keys(&server.data_dir, first)?;
        tracing::info!("created the default organization; its API keys are in {}", path.display());
    }
    Ok((server.url.clone(), server))
}
