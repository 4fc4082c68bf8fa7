//! Runs every regression file in gtp-tests/ through the real kosumi binary
//! with `kosumi regress`, as gogui-regress would, and fails on any
//! unexpected result: a test that fails without a `*`, a `*` test that
//! passes (its mark must go), a setup command that fails, or an engine that
//! dies or hangs.

use std::path::{Path, PathBuf};
use std::process::Command;

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests")
}

/// The `.tst` files of the suite.
fn suite_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(suite_dir())
        .expect("gtp-tests/ exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "gtp-tests/ has .tst files");
    files
}

/// The command names of a `.tst` file: the first word of every line that
/// is not a comment, after the numeric id if there is one.
fn command_names(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let l = l.split('#').next().unwrap_or("").trim();
            let mut words = l.split_whitespace();
            let first = words.next()?;
            let name = if first.bytes().all(|b| b.is_ascii_digit()) {
                words.next()?
            } else {
                first
            };
            Some(name.to_string())
        })
        .collect()
}

#[test]
fn regression_suite() {
    let out = Command::new(env!("CARGO_BIN_EXE_kosumi"))
        .arg("regress")
        .arg(suite_dir())
        .output()
        .expect("run kosumi regress");
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}");
    assert!(
        out.status.success(),
        "unexpected results ({}):\n{text}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let total = text
        .lines()
        .find(|l| l.starts_with("total"))
        .unwrap_or_else(|| panic!("no total line:\n{text}"));
    let tests: usize = total
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("bad total line: {total}"));
    assert!(tests >= 300, "only {tests} numbered tests");
    assert_eq!(
        suite_files().len(),
        text.lines().filter(|l| l.contains(".tst ")).count(),
        "one summary line per file:\n{text}"
    );
}

/// Every command the binary lists appears in some .tst file (as Pachi's
/// test_gtp checks), so no command goes untested.
#[test]
fn every_listed_command_is_tested() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kosumi"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("stdin");
            stdin.write_all(b"list_commands\nquit\n")?;
            drop(stdin);
            child.wait_with_output()
        })
        .expect("run kosumi");
    let text = String::from_utf8_lossy(&out.stdout);
    let reply = text.split("\n\n").next().unwrap_or("");
    let listed: Vec<&str> = reply.trim_start_matches('=').split_whitespace().collect();
    assert!(listed.contains(&"list_commands"), "bad reply: {text}");

    let mut used = std::collections::BTreeSet::new();
    for f in suite_files() {
        let t = std::fs::read_to_string(&f).expect("read .tst");
        used.extend(command_names(&t));
    }
    let missing: Vec<&&str> = listed.iter().filter(|c| !used.contains(**c)).collect();
    assert!(
        missing.is_empty(),
        "commands listed but in no .tst file: {missing:?}"
    );
}
