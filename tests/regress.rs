//! Runs every regression file in gtp-tests/ through the real kosumi binary,
//! as gogui-regress would, and fails on any unexpected result: a test that
//! fails without a `*`, a `*` test that passes (its mark must go), a setup
//! command that fails, or an engine that dies or hangs.

use kosumi::regress::{self, EngineCommand};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests")
}

fn engine() -> EngineCommand {
    regress::kosumi_command(PathBuf::from(env!("CARGO_BIN_EXE_kosumi")))
}

#[test]
fn regression_suite() {
    let files = regress::collect_files(&[suite_dir()]).expect("gtp-tests/ has .tst files");
    let mut out = Vec::new();
    let reports = regress::run_all(&engine(), &files, Duration::from_secs(300), &mut out);
    let text = String::from_utf8_lossy(&out);
    println!("{text}");
    let bad: Vec<String> = reports
        .iter()
        .filter(|r| !r.is_clean())
        .flat_map(|r| r.details())
        .collect();
    assert!(
        bad.is_empty(),
        "unexpected results:\n{}\n\nsummary:\n{text}",
        bad.join("\n")
    );
    let total: usize = reports.iter().map(|r| r.tests()).sum();
    assert!(total >= 300, "only {total} numbered tests");
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
    for f in regress::collect_files(&[suite_dir()]).expect("gtp-tests/ has .tst files") {
        let t = std::fs::read_to_string(&f).expect("read .tst");
        for e in regress::parse(&t).unwrap_or_else(|err| panic!("{}: {err}", f.display())) {
            used.insert(e.name);
        }
    }
    let missing: Vec<&&str> = listed.iter().filter(|c| !used.contains(**c)).collect();
    assert!(
        missing.is_empty(),
        "commands listed but in no .tst file: {missing:?}"
    );
}
