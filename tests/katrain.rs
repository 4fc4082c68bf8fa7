//! Runs the KaTrain client test (tests/katrain/katrain_test.py): kosumi's
//! `analysis` driven by KaTrain's own engine class (`KataGoEngine`,
//! through its `altcommand` setting), headless. KaTrain comes from PyPI,
//! pinned in tests/katrain/requirements.txt, into the virtual environment
//! tests/katrain/.venv, which `.ci/run` makes and this test makes when it
//! is missing.
//!
//! Without Python or PyPI the test is skipped with a message, unless `CI`
//! or `KOSUMI_REQUIRE_KATRAIN` is set: then it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

fn required() -> bool {
    ["CI", "KOSUMI_REQUIRE_KATRAIN"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty() && s != "0"))
}

fn skip_or_fail(why: &str) {
    assert!(
        !required(),
        "{why}, but CI / KOSUMI_REQUIRE_KATRAIN asks for the KaTrain test"
    );
    eprintln!("skipping the KaTrain client test: {why}");
}

fn venv_python(dir: &Path) -> PathBuf {
    if cfg!(windows) {
        dir.join(".venv/Scripts/python.exe")
    } else {
        dir.join(".venv/bin/python")
    }
}

/// The virtual environment's Python with KaTrain installed, made if
/// missing; `None` when it cannot be made.
fn katrain_python(dir: &Path) -> Option<PathBuf> {
    let python = venv_python(dir);
    let has_katrain = |p: &Path| {
        Command::new(p)
            .args(["-c", "import katrain.core.engine"])
            .env("KIVY_NO_ARGS", "1")
            .env("KIVY_NO_CONSOLELOG", "1")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if has_katrain(&python) {
        return Some(python);
    }
    let made = Command::new("python3")
        .args(["-m", "venv", ".venv"])
        .current_dir(dir)
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        return None;
    }
    let installed = Command::new(&python)
        .args(["-m", "pip", "install", "--quiet", "-r", "requirements.txt"])
        .current_dir(dir)
        .status()
        .is_ok_and(|s| s.success());
    (installed && has_katrain(&python)).then_some(python)
}

#[test]
fn katrain_engine_class_drives_kosumi_analysis() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/katrain");
    let Some(python) = katrain_python(&dir) else {
        skip_or_fail("KaTrain could not be installed into tests/katrain/.venv");
        return;
    };
    let record = root.join("docs/matches/99a71b4-19x19/game-006.sgf");
    let out = Command::new(&python)
        .arg("katrain_test.py")
        .arg(env!("CARGO_BIN_EXE_kosumi"))
        .arg(&record)
        .current_dir(&dir)
        .output()
        .expect("run python");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "KaTrain client test failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("katrain checks passed"), "{stdout}");
    eprintln!("{stdout}");
}
