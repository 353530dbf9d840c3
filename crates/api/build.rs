//! Rebuild when the console's assets change: they are embedded (and, when missing at compile
//! time, known to be missing) by rust-embed.
fn main() {
    println!("cargo:rerun-if-changed=../../ui/dist");
}
