//! The webview drawn without GPU compositing, which keeps the desktop light (issue 33,
//! `bench/desktop.sh`). WebKitGTK composites pages with OpenGL by default; with its DMA-BUF
//! renderer that cost about 130 MiB more in its web process with the demo (326 MiB against
//! 196 MiB under Xvfb, where Mesa renders in software), for a console of tables and forms that
//! does not need it. Setting `WEBKIT_DISABLE_COMPOSITING_MODE` to `0` before launching keeps
//! compositing on. (The same setting through `WebKitSettings` arrives too late: the window's web
//! process has started by then, and with it changed under it the console never loaded.) In this
//! mode WebDriver's snapshot of a page shorter than the window never comes: the desktop tests'
//! `shot` makes the body window-tall first; people see every page as before.

/// Called first in `main`, before any other thread exists: changing the process's environment
/// is sound only then. WebKit reads the variable when it makes its web process.
#[cfg(target_os = "linux")]
pub fn lighten() {
    if let Err(e) = webkit2gtk::glib::setenv("WEBKIT_DISABLE_COMPOSITING_MODE", "1", false) {
        eprintln!("warning: could not turn the webview's compositing off: {e}");
    }
}

#[cfg(not(target_os = "linux"))]
pub fn lighten() {}
