//! `kosumi analyze`: the review of a real game opens in sgf-parse and
//! carries a value at every move; the input is never modified; bad input
//! is refused with a message and exit status 2.

use sgf_parse::go::{self, Prop};
use std::path::{Path, PathBuf};
use std::process::Command;

const GAME: &str = "docs/matches/v3-9x9/game-001.sgf";

fn kosumi() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kosumi"))
}

fn temp(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!("kosumi-analyze-{}-{tag}.sgf", std::process::id()))
}

fn run(args: &[&str]) -> (i32, String) {
    let out = kosumi().args(args).output().expect("kosumi runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Reviews GAME into `out` at 300 playouts a position on one thread,
/// with `extra` arguments.
fn review(out: &Path, extra: &[&str]) -> (i32, String) {
    let mut args = vec![
        "analyze",
        GAME,
        "-o",
        out.to_str().unwrap(),
        "--playouts",
        "300",
        "--threads",
        "1",
    ];
    args.extend_from_slice(extra);
    run(&args)
}

/// The main line's nodes of the first game in `path`.
fn main_line(path: &Path) -> Vec<Vec<Prop>> {
    let text = std::fs::read_to_string(path).expect("output written");
    let trees = go::parse(&text).expect("output parses");
    trees[0]
        .main_variation()
        .map(|n| n.properties.clone())
        .collect()
}

fn has(props: &[Prop], id: &str) -> bool {
    props
        .iter()
        .any(|p| sgf_parse::SgfProp::identifier(p) == id)
}

fn is_move(props: &[Prop]) -> bool {
    props.iter().any(|p| matches!(p, Prop::B(_) | Prop::W(_)))
}

#[test]
fn a_real_game_gets_a_value_at_every_move() {
    let before = std::fs::read(GAME).unwrap();
    let out = temp("full");
    let chart = temp("chart").with_extension("svg");
    let (code, err) = review(&out, &["--svg", chart.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(GAME).unwrap(), before, "the input changed");
    let nodes = main_line(&out);
    let moves: Vec<&Vec<Prop>> = nodes.iter().filter(|n| is_move(n)).collect();
    assert_eq!(moves.len(), 46);
    for (i, n) in moves.iter().enumerate() {
        assert!(has(n, "SBKV") && has(n, "C"), "move {}: {n:?}", i + 1);
        let sbkv = n
            .iter()
            .find_map(|p| match p {
                Prop::Unknown(id, v) if id == "SBKV" => v.first().cloned(),
                _ => None,
            })
            .unwrap();
        let v: f64 = sbkv.parse().unwrap();
        assert!((0.0..=100.0).contains(&v), "{sbkv}");
    }
    // The root keeps the record's comment and adds the summary.
    let root_comment = nodes[0]
        .iter()
        .find_map(|p| match p {
            Prop::C(t) => Some(t.text.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        root_comment.starts_with("scored by GNU Go"),
        "{root_comment}"
    );
    assert!(root_comment.contains("largest mistakes") || root_comment.contains("no move lost"));
    // The chart: two line charts, a mark for each mistake of 10 points.
    let svg = std::fs::read_to_string(&chart).expect("chart written");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.matches("<polyline").count() >= 2, "{svg}");
    let _ = std::fs::remove_file(&chart);
    // The record's own properties survive.
    assert!(has(&nodes[0], "PB") && has(&nodes[0], "RE") && has(&nodes[0], "KM"));
    let _ = std::fs::remove_file(&out);
}

#[test]
fn a_range_of_moves_and_mistakes_as_variations() {
    let out = temp("range");
    let (code, err) = review(&out, &["--moves", "5-12", "--threshold", "0"]);
    assert_eq!(code, 0, "{err}");
    let nodes = main_line(&out);
    let moves: Vec<&Vec<Prop>> = nodes.iter().filter(|n| is_move(n)).collect();
    for (i, n) in moves.iter().enumerate() {
        let k = i + 1;
        assert_eq!(has(n, "SBKV"), (5..=12).contains(&k), "move {k}");
    }
    // With a threshold of 0, a move that is not the search's choice and
    // lost anything gets the better line beside it.
    let text = std::fs::read_to_string(&out).unwrap();
    let trees = go::parse(&text).unwrap();
    let branches = trees[0]
        .main_variation()
        .filter(|n| n.children.len() > 1)
        .count();
    assert!(branches >= 1, "{text}");
    let _ = std::fs::remove_file(&out);
}

#[test]
fn bad_input_is_refused_with_a_message() {
    let missing = temp("missing");
    let (code, err) = run(&["analyze", missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("kosumi analyze"), "{err}");
    let garbage = temp("garbage");
    std::fs::write(&garbage, "(;SZ[9];B[ee];W[ee])").unwrap();
    let (code, err) = run(&["analyze", garbage.to_str().unwrap(), "--playouts", "10"]);
    assert_eq!(code, 2);
    assert!(err.contains("illegal move"), "{err}");
    // Never over the input.
    let copy = temp("copy");
    std::fs::copy(GAME, &copy).unwrap();
    let (code, err) = run(&[
        "analyze",
        copy.to_str().unwrap(),
        "-o",
        copy.to_str().unwrap(),
        "--playouts",
        "10",
    ]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(GAME).unwrap());
    let (code, _) = run(&["analyze", GAME, "--moves", "9-3"]);
    assert_eq!(code, 2);
    for f in [garbage, copy] {
        let _ = std::fs::remove_file(f);
    }
}
