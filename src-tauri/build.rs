fn main() {
    // tauri.conf.json lives at the repository root (see ARCHITECTURE.md).
    tauri_build::try_build(tauri_build::Attributes::new().config_path("../tauri.conf.json"))
        .unwrap_or_else(|e| panic!("tauri-build failed: {e}"));
}
