//! Runs the Sabaki client test (tests/sabaki/test.js): kosumi driven by
//! `@sabaki/gtp`, the GTP library inside Sabaki, installed from
//! tests/sabaki/package-lock.json with `npm ci` when node_modules is
//! missing.
//!
//! Without Node.js the test is skipped with a message, unless `CI` or
//! `KOSUMI_REQUIRE_NODE` is set: then it fails.

use std::path::Path;
use std::process::Command;

fn required() -> bool {
    ["CI", "KOSUMI_REQUIRE_NODE"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty() && s != "0"))
}

fn available(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn sabaki_client_library_drives_kosumi() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    for tool in ["node", "npm"] {
        if !available(tool) {
            assert!(
                !required(),
                "{tool} is missing but CI / KOSUMI_REQUIRE_NODE asks for the Sabaki test"
            );
            eprintln!("skipping the Sabaki client test: {tool} not found");
            return;
        }
    }
    if !dir.join("node_modules/@sabaki/gtp").is_dir() {
        let st = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .expect("run npm ci");
        assert!(st.success(), "npm ci failed in {}", dir.display());
    }
    let out = Command::new("node")
        .arg("test.js")
        .arg(env!("CARGO_BIN_EXE_kosumi"))
        .current_dir(&dir)
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "Sabaki client test failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("checks passed"), "{stdout}");
}
