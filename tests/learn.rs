//! `kosumi train` and `kosumi predict` through the binary, on game records
//! of the project's own matches.

use std::path::PathBuf;
use std::process::Command;

fn games(dir: &str, n: usize) -> Vec<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs/matches")
        .join(dir);
    (0..n).map(|i| d.join(format!("game-{i:03}.sgf"))).collect()
}

fn kosumi(args: &[&str], files: &[PathBuf]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kosumi"))
        .args(args)
        .args(files)
        .output()
        .expect("run kosumi");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `top-1 A% top-K B% positions N skipped S`, parsed.
fn summary(line: &str, k: usize) -> (f64, f64, u64, u64) {
    let w: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(w.len(), 8, "{line}");
    assert_eq!(
        (w[0], w[2], w[4], w[6]),
        ("top-1", &*format!("top-{k}"), "positions", "skipped")
    );
    let pct = |s: &str| s.strip_suffix('%').unwrap().parse::<f64>().unwrap();
    (
        pct(w[1]),
        pct(w[3]),
        w[5].parse().unwrap(),
        w[7].parse().unwrap(),
    )
}

#[test]
fn predict_ranks_the_moves_of_real_games_and_counts_what_it_skips() {
    let mut files = games("c707827-19x19", 2);
    // A 9x9 game, a file that is no SGF, and one that does not exist.
    files.extend(games("b7fe2af-9x9", 1));
    let junk = std::env::temp_dir().join(format!("kosumi-junk-{}.sgf", std::process::id()));
    std::fs::write(&junk, "(;SZ[19];B[dd];W[dd])").unwrap();
    files.push(junk.clone());
    files.push(PathBuf::from("/no/such/file.sgf"));
    let (ok, out, err) = kosumi(&["predict", "--top", "3"], &files);
    std::fs::remove_file(&junk).unwrap();
    assert!(ok, "{err}");
    let last = out.lines().last().expect("a summary line");
    let (top1, top3, positions, skipped) = summary(last, 3);
    assert_eq!(skipped, 3, "{err}");
    assert!(positions > 200, "{last}");
    assert!(top1 > 15.0 && top3 >= top1, "{last}");
    // Each skip is named on stderr.
    assert!(
        err.contains("game-000.sgf") && err.contains("kosumi-junk"),
        "{err}"
    );
}

#[test]
fn train_writes_a_model_that_predict_reads() {
    let model = std::env::temp_dir().join(format!("kosumi-test-{}.mm", std::process::id()));
    let m = model.to_string_lossy().into_owned();
    let files = games("c707827-19x19", 6);
    let (ok, out, err) = kosumi(
        &[
            "train",
            "--games",
            "4",
            "--holdout",
            "2",
            "--max-d",
            "5",
            "--min-count",
            "2",
            "--iterations",
            "2",
            "--factors",
            "4",
            "--epochs",
            "2",
            "-o",
            &m,
        ],
        &files,
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("trained on") && out.contains("held out: top-1"),
        "{out}"
    );
    let (ok, out, err) = kosumi(&["predict", "--model", &m], &files[..1]);
    assert!(ok, "{err}");
    let (_, _, positions, skipped) = summary(out.lines().last().unwrap(), 5);
    assert!(positions > 50 && skipped == 0, "{out}");
    // A damaged model is refused with a message.
    std::fs::write(&model, b"KOSUMI-MM\0junk").unwrap();
    let (ok, _, err) = kosumi(&["predict", "--model", &m], &files[..1]);
    assert!(!ok && err.contains("model version"), "{err}");
    std::fs::remove_file(&model).unwrap();
}

#[test]
fn train_playout_writes_a_model_the_engine_plays_with() {
    let model = std::env::temp_dir().join(format!("kosumi-test-{}.playout", std::process::id()));
    let m = model.to_string_lossy().into_owned();
    let files = games("c707827-19x19", 6);
    let (ok, out, err) = kosumi(
        &[
            "train-playout",
            "--games",
            "4",
            "--holdout",
            "2",
            "--min-seen",
            "5",
            "--iterations",
            "4",
            "-o",
            &m,
        ],
        &files,
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("trained on") && out.contains("held out: log-likelihood"),
        "{out}"
    );
    let text = std::fs::read_to_string(&model).unwrap();
    assert!(text.starts_with("kosumi-playout 1\n"), "{text}");
    // The engine plays a move with it, and refuses a damaged file.
    let play = |file: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kosumi"))
            .args(["--playout", "learned", "--playout-model", file])
            .args(["--threads", "1", "--playouts", "300"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        // An engine that refuses its model exits before it reads: a
        // broken pipe here is that, and its exit status says the rest.
        let _ = child
            .stdin
            .take()
            .unwrap()
            .write_all(b"boardsize 9\ngenmove b\nquit\n");
        let out = child.wait_with_output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (ok, out, err) = play(&m);
    let answers: Vec<&str> = out.lines().filter(|l| l.starts_with('=')).collect();
    assert!(ok && answers.len() == 3, "{out}{err}");
    assert!(answers[1].trim().len() > 2, "no move: {out}");
    std::fs::write(&model, "kosumi-playout 1\nline 1 1\n").unwrap();
    let (ok, _, err) = play(&m);
    assert!(!ok && err.contains("--playout-model"), "{err}");
    std::fs::remove_file(&model).unwrap();
}
