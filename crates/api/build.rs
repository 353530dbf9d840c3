//! The console (`ui/dist`) is embedded by rust-embed: rebuild when it changes, and say so when it
//! is missing. A checkout without node (`cargo install`, clippy in CI) must still compile, so a
//! missing console is a warning with the way to build it, and such a `docket` serves a page
//! that says the same at every console route (`routes/meta.rs`).
fn main() {
    println!("cargo:rerun-if-changed=../../ui/dist");
    println!("cargo:rerun-if-changed=../../ui/dist/index.html");
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/dist/index.html");
    if !dist.exists() {
        println!(
            "cargo:warning=the console is not built (no ui/dist): this docket serves a page that says so. Build it \
             with `npm ci && npm run build` in ui/, then build docket again."
        );
    }
}
