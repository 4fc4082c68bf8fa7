//! The library's layers point one way. Each module of `src/` may use only
//! the modules below it in [`LAYERS`] (and itself); a use of a module at
//! its own level or above fails here, so the next upward import fails CI.
//!
//! Read from the source: every `crate::module` path and every `super::`
//! path that leaves the file's top module, outside comments. The binary
//! (`src/main.rs`, `src/cli/`) sits above everything and is not checked.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The layers, lowest first. Modules on one line share a level and may
/// not use each other either.
const LAYERS: &[&[&str]] = &[
    &["types"],
    &["board"],
    &["tactics"],
    &["playout", "game", "predict"],
    &["sgf"],
    &["learn", "search"],
    &["endgame"],
    &["engine"],
    &["bench"],
    &["gtp"],
];

fn level(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src/") {
        let p = entry.expect("a directory entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file: `src/search/simulate.rs` is
/// `["search", "simulate"]`, `src/search/mod.rs` is `["search"]`.
fn module_path(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).expect("under src/");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The source without comments (line comments and doc comments; block
/// comments are not used in this code base).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules a file's code refers to: `crate::x` paths, and
/// `super::` chains that climb to the crate root and name `x`.
fn referenced_modules(file: &Path, text: &str) -> Vec<String> {
    let path = module_path(file);
    let mut found = Vec::new();
    let code = code(text);
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let ident_at = |i: usize| -> String {
        let end = (i..bytes.len())
            .find(|&j| !is_ident(bytes[j]))
            .unwrap_or(bytes.len());
        code[i..end].to_string()
    };
    for (i, _) in code.match_indices("crate::") {
        if i > 0 && is_ident(bytes[i - 1]) {
            continue;
        }
        found.push(ident_at(i + "crate::".len()));
    }
    for (i, _) in code.match_indices("super::") {
        if i > 0 && (is_ident(bytes[i - 1]) || code[..i].ends_with("super::")) {
            continue;
        }
        let mut depth = 0;
        let mut j = i;
        while code[j..].starts_with("super::") {
            depth += 1;
            j += "super::".len();
        }
        // `super` from a file's top module leaves it; deeper files climb
        // within their own module first.
        if depth >= path.len() {
            found.push(ident_at(j));
        }
    }
    found
}

#[test]
fn every_module_has_a_layer() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("read lib.rs");
    for line in code(&lib).lines() {
        if let Some(rest) = line.trim().strip_prefix("pub mod ") {
            let name = rest.trim_end_matches(';').trim();
            assert!(
                level(name).is_some(),
                "src/lib.rs declares `{name}`, which has no place in tests/layers.rs LAYERS"
            );
        }
    }
}

#[test]
fn imports_point_down() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    let mut upward: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut checked = 0;
    for f in &files {
        let path = module_path(f);
        let Some(top) = path.first() else {
            continue;
        };
        // The crate root and the binary stand above every layer.
        if ["lib", "main", "cli"].contains(&top.as_str()) {
            continue;
        }
        let own =
            level(top).unwrap_or_else(|| panic!("{}: module {top} has no layer", f.display()));
        let text = std::fs::read_to_string(f).expect("read a source file");
        for m in referenced_modules(f, &text) {
            checked += 1;
            if m == *top {
                continue;
            }
            match level(&m) {
                Some(l) if l < own => {}
                Some(_) => upward
                    .entry(format!("{}", f.strip_prefix(src()).unwrap().display()))
                    .or_default()
                    .push(m),
                None => {}
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} paths read: is the scan broken?"
    );
    assert!(
        upward.is_empty(),
        "imports that point up or sideways (see LAYERS): {upward:#?}"
    );
}

#[test]
fn the_scan_sees_upward_paths() {
    let f = src().join("tactics").join("seki.rs");
    let found = referenced_modules(
        &f,
        "use crate::board::Board;\n// crate::engine in a comment\nfn f() { crate::search::x(); }",
    );
    assert_eq!(found, vec!["board", "search"]);
    let f = src().join("game.rs");
    assert_eq!(referenced_modules(&f, "use super::gtp::Args;"), vec!["gtp"]);
    let f = src().join("search").join("simulate.rs");
    assert!(referenced_modules(&f, "use super::node::Node;").is_empty());
    assert_eq!(
        referenced_modules(&f, "use super::super::engine::Engine;"),
        vec!["engine"]
    );
}
