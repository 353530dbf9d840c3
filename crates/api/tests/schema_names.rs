//! Two types with one OpenAPI schema name: utoipa keeps only one of them, and every reference to
//! the other silently shows the wrong shape in the API reference and the console's generated
//! types (a reviewer's `role` once showed a KYB person's roles). Every type that derives
//! `ToSchema` in the engine and the API must have a name of its own (`schema(as = ...)` renames).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The schema names a file declares: each `ToSchema` derive's renamed name, or the name of the
/// struct or enum it applies to.
fn schema_names(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut names = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.contains("ToSchema)") && !line.contains("ToSchema, ") {
            continue;
        }
        if !line.trim_start().starts_with("#[") {
            continue;
        }
        let renamed = lines[i..(i + 2).min(lines.len())]
            .iter()
            .find_map(|l| l.split("schema(as = ").nth(1))
            .map(|rest| rest.split(')').next().unwrap_or("").trim().to_owned());
        let declared = lines[i + 1..].iter().find_map(|l| {
            let l = l.trim_start();
            ["pub struct ", "pub enum ", "struct ", "enum ", "pub(crate) struct ", "pub(crate) enum "]
                .iter()
                .find_map(|kw| l.strip_prefix(kw))
                .map(|rest| rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("").to_owned())
        });
        // Names a macro gives (`$name`) are not seen here.
        if let Some(name) = renamed.or(declared).filter(|n| !n.is_empty()) {
            names.push(name);
        }
    }
    names
}

#[test]
fn every_schema_has_a_name_of_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&root.join("engine/src"), &mut files);
    rust_files(&root.join("api/src"), &mut files);
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable source");
        for name in schema_names(&text) {
            seen.entry(name).or_default().push(file.display().to_string());
        }
    }
    let twice: Vec<String> =
        seen.iter().filter(|(_, files)| files.len() > 1).map(|(name, files)| format!("{name}: {files:?}")).collect();
    assert!(seen.len() > 50, "the scan found the schemas ({} names)", seen.len());
    assert!(twice.is_empty(), "schema names used twice (rename one with schema(as = ...)):\n{}", twice.join("\n"));
}
