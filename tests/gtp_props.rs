//! The GTP front end: each command's contract as GTP-CLIENTS.md sections 1
//! and 2 state it, then property tests feeding it hostile input (garbage
//! bytes, huge numbers, megabyte lines, missing and extra arguments, broken
//! SGF files), and the real binary over a pipe.

mod common;

use common::{clip, frames, Frame};
use kosumi::engine::{Config, Engine};
use kosumi::game::Rules;
use kosumi::gtp::{execute, preprocess, split_id, InputState};
use kosumi::search::time::TimeControl;
use kosumi::search::SearchConfig;
use kosumi::types::{Color, Move};
use proptest::prelude::*;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// An engine that thinks little: one thread, few playouts.
/// Runs a whole script in-process and returns everything written. The
/// script is read on the calling thread, so nothing in it interrupts a
/// running command.
fn run_script(engine: &mut Engine, script: &str) -> String {
    let state = InputState::new(engine.stop_signal());
    let mut out = Vec::new();
    for raw in script.split('\n') {
        if let Some(line) = preprocess(raw) {
            if !execute(engine, &line, &mut out, &state) {
                break;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn engine() -> Engine {
    Engine::new(Config {
        size: 19,
        komi: 7.5,
        rules: Rules::Chinese,
        search: SearchConfig {
            threads: 1,
            max_nodes: 50_000,
            ..SearchConfig::default()
        },
        playouts: Some(64),
        time_per_move: 0.05,
        reg_playouts: 64,
        ..Config::default()
    })
}

/// Runs a script and splits the output into replies.
fn gtp(e: &mut Engine, script: &str) -> Vec<Frame> {
    frames(&run_script(e, script))
}

/// Runs one command that must succeed; returns its result.
#[track_caller]
fn ok(e: &mut Engine, cmd: &str) -> String {
    let f = gtp(e, cmd);
    assert_eq!(f.len(), 1, "{cmd}: {f:?}");
    assert!(f[0].ok, "{cmd} failed: {}", f[0].body);
    f[0].body.clone()
}

/// Runs one command that must fail; returns its error text.
#[track_caller]
fn err(e: &mut Engine, cmd: &str) -> String {
    let f = gtp(e, cmd);
    assert_eq!(f.len(), 1, "{cmd}: {f:?}");
    assert!(!f[0].ok, "{cmd} succeeded: {}", f[0].body);
    f[0].body.clone()
}

/// Everything a command could change, as text.
fn state(e: &Engine) -> String {
    format!(
        "{}\n{}\nto move {:?}, komi {}, rules {:?}, handicap {}, moves {}, \
         time {:?} {:?}\n{}",
        kosumi::sgf::write(e.game()),
        e.game().board().to_display(),
        e.game().to_move(),
        e.game().komi(),
        e.game().rules(),
        e.game().handicap(),
        e.game().move_count(),
        e.time_control(),
        [e.time_left(Color::Black), e.time_left(Color::White)],
        e.game().board().to_diagram(),
    )
}

/// A fresh path in the temp directory.
fn temp_path(tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!(
        "kosumi-test-{}-{tag}-{}.sgf",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Writes `text` to a temp file that is removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(tag: &str, text: &[u8]) -> TempFile {
        let p = temp_path(tag);
        std::fs::write(&p, text).expect("cannot write temp file");
        TempFile(p)
    }

    fn path(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `X.Y` with digits.
fn looks_like_version(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `0`, or `B+` / `W+` and a number with exactly one decimal.
fn looks_like_score(s: &str) -> bool {
    if s == "0" {
        return true;
    }
    let Some(rest) = s.strip_prefix("B+").or_else(|| s.strip_prefix("W+")) else {
        return false;
    };
    match rest.split_once('.') {
        Some((int, dec)) => {
            !int.is_empty()
                && int.bytes().all(|b| b.is_ascii_digit())
                && dec.len() == 1
                && dec.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

// ===========================================================================
// Section 1: framing

#[test]
fn ids_framing_and_empty_replies() {
    let mut e = engine();
    let out = run_script(
        &mut e,
        "1 protocol_version\nname\n2 clear_board\n10 known_command play\n",
    );
    assert_eq!(out, "=1 2\n\n= kosumi\n\n=2 \n\n=10 true\n\n");
    let f = gtp(&mut e, "7 version");
    assert_eq!(f[0].id.as_deref(), Some("7"));
    assert!(looks_like_version(&f[0].body), "version {:?}", f[0].body);
}

#[test]
fn errors_carry_the_id() {
    let mut e = engine();
    let out = run_script(&mut e, "3 play b D4\n4 play w d4\n5 frobnicate\n");
    assert_eq!(out, "=3 \n\n?4 illegal move\n\n?5 unknown command\n\n");
}

#[test]
fn comment_and_blank_lines_get_no_reply() {
    let mut e = engine();
    let script = "\n   \n# a comment\n\t\n# interrupt\n\r\n  # indented comment\n1 name # trailing comment\n\x01\x02\n";
    assert_eq!(run_script(&mut e, script), "=1 kosumi\n\n");
}

#[test]
fn preprocessing_drops_control_characters_and_turns_tabs_into_spaces() {
    let mut e = engine();
    assert_eq!(run_script(&mut e, "1\tplay\tb\tD4\r\n"), "=1 \n\n");
    assert_eq!(run_script(&mut e, "2 na\x01m\x7fe\r"), "=2 kosumi\n\n");
    assert_eq!(preprocess("  \t "), None);
    assert_eq!(preprocess("a#b"), Some("a".into()));
    assert_eq!(split_id("12 play b d4"), (Some("12"), "play b d4"));
    assert_eq!(split_id("x12 play"), (None, "x12 play"));
}

#[test]
fn replies_never_contain_an_empty_line() {
    let mut e = engine();
    let out = run_script(
        &mut e,
        "boardsize 9\nplay b e5\nshowboard\nlist_commands\nprintsgf\n",
    );
    let f = frames(&out);
    assert_eq!(f.len(), 5);
    assert!(f.iter().all(|f| f.ok));
    // `frames` splits on the first empty line: a stray one inside a reply
    // would have shown up as a reply without `=`.
}

#[test]
fn command_names_match_exactly() {
    let mut e = engine();
    assert_eq!(err(&mut e, "playx b d4"), "unknown command");
    assert_eq!(err(&mut e, "pla b d4"), "unknown command");
    assert_eq!(err(&mut e, "12"), "unknown command");
    assert_eq!(ok(&mut e, "known_command pla"), "false");
    assert_eq!(ok(&mut e, "known_command playx"), "false");
}

// ===========================================================================
// Section 2: the commands

#[test]
fn list_commands_and_known_command_agree() {
    let mut e = engine();
    let list = ok(&mut e, "list_commands");
    let names: Vec<&str> = list.split('\n').collect();
    for n in &names {
        assert!(!n.is_empty() && n.trim() == *n, "bad line {n:?}");
        assert_eq!(ok(&mut e, &format!("known_command {n}")), "true", "{n}");
    }
    for required in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "undo",
        "showboard",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "final_score",
        "final_status_list",
        "time_settings",
        "time_left",
        "kgs-time_settings",
        "kgs-rules",
        "loadsgf",
        "printsgf",
        "cputime",
    ] {
        assert!(names.contains(&required), "{required} not listed");
    }
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "a command is listed twice");
    assert!(err(&mut e, "known_command").starts_with("syntax error"));
    assert!(err(&mut e, "list_commands now").starts_with("syntax error"));
}

#[test]
fn quit_replies_and_ends_the_session() {
    let mut e = engine();
    let out = run_script(&mut e, "1 name\n2 quit\n3 name\n");
    assert_eq!(out, "=1 kosumi\n\n=2 \n\n");
}

#[test]
fn boardsize_accepts_1_to_25_and_clears_the_board() {
    let mut e = engine();
    for n in [2, 7, 9, 13, 19, 25, 1] {
        ok(&mut e, "play b B2");
        ok(&mut e, &format!("boardsize {n}"));
        assert_eq!(e.game().size(), n);
        assert_eq!(e.game().board().empty_points().len(), n * n);
        assert_eq!(e.game().move_count(), 0);
    }
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b E5");
    for bad in ["0", "26", "-9", "100", "99999999999999999999999999"] {
        assert_eq!(
            err(&mut e, &format!("boardsize {bad}")),
            "unacceptable size"
        );
    }
    for bad in [
        "boardsize",
        "boardsize nine",
        "boardsize 9 9",
        "boardsize 9.5",
    ] {
        assert!(err(&mut e, bad).starts_with("syntax error"), "{bad}");
    }
    // Refusals left the game alone.
    assert_eq!(e.game().size(), 9);
    assert_eq!(e.game().move_count(), 1);
}

#[test]
fn clear_board_keeps_size() {
    let mut e = engine();
    ok(&mut e, "boardsize 13");
    ok(&mut e, "play b D4");
    ok(&mut e, "clear_board");
    assert_eq!(e.game().size(), 13);
    assert_eq!(e.game().board().empty_points().len(), 169);
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    assert!(err(&mut e, "clear_board now").starts_with("syntax error"));
}

#[test]
fn komi_and_time_settings_survive_boardsize_and_clear_board() {
    let mut e = engine();
    ok(&mut e, "komi 6.5");
    ok(&mut e, "time_settings 300 30 5");
    let tc = TimeControl::Canadian {
        main: 300.0,
        period: 30.0,
        stones: 5,
    };
    assert_eq!(e.time_control(), tc);
    ok(&mut e, "boardsize 9");
    assert_eq!(e.game().komi(), 6.5);
    assert_eq!(e.time_control(), tc);
    ok(&mut e, "clear_board");
    assert_eq!(e.game().komi(), 6.5);
    assert_eq!(e.time_control(), tc);
    assert!(ok(&mut e, "printsgf").contains("KM[6.5]"));
    assert_eq!(ok(&mut e, "final_score"), "W+6.5");
    ok(&mut e, "kgs-rules japanese");
    ok(&mut e, "boardsize 13");
    assert_eq!(e.game().rules(), Rules::Japanese);
}

#[test]
fn komi_takes_any_float() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    for (k, score) in [
        ("7", "W+7.0"),
        ("7.0", "W+7.0"),
        ("6.5", "W+6.5"),
        ("-2.5", "B+2.5"),
        ("0", "0"),
    ] {
        ok(&mut e, &format!("komi {k}"));
        assert_eq!(ok(&mut e, "final_score"), score, "komi {k}");
    }
    for bad in [
        "komi",
        "komi seven",
        "komi 1 2",
        "komi nan",
        "komi inf",
        "komi 1e300",
    ] {
        assert!(err(&mut e, bad).starts_with("syntax error"), "{bad}");
    }
    assert_eq!(e.game().komi(), 0.0);
    // A huge number is named, but cut short.
    let m = err(&mut e, &format!("komi -3{}", "0".repeat(300)));
    assert!(
        m.starts_with("syntax error: komi '-3") && m.len() < 100,
        "{m}"
    );
}

#[test]
fn play_accepts_colours_and_vertices_in_any_case() {
    let mut e = engine();
    ok(&mut e, "boardsize 19");
    for cmd in [
        "play b D4",
        "play W q16",
        "play black d16",
        "play WHITE Q4",
        "play Black k10",
        "play w pass",
        "play B PASS",
        "play b Pass",
        "play w T19",
        "play b a1",
    ] {
        ok(&mut e, cmd);
    }
    assert_eq!(e.game().move_count(), 10);
    let geo = e.game().geometry();
    let moves: Vec<(Color, Move)> = e.game().moves().collect();
    assert_eq!(moves[0], (Color::Black, common::mv(&geo, "D4")));
    assert_eq!(moves[5], (Color::White, Move::Pass));
}

#[test]
fn play_lets_a_colour_move_twice() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b C3");
    ok(&mut e, "play b D4");
    ok(&mut e, "play b E5");
    assert_eq!(e.game().to_move(), Color::White);
    ok(&mut e, "play w F6");
    ok(&mut e, "play w G7");
    assert_eq!(e.game().move_count(), 5);
}

#[test]
fn play_refuses_illegal_moves_with_illegal_move() {
    let mut e = engine();
    ok(&mut e, "boardsize 5");
    // Occupied.
    ok(&mut e, "play b C3");
    assert_eq!(err(&mut e, "play w C3"), "illegal move");
    assert_eq!(err(&mut e, "play b c3"), "illegal move");
    // Suicide: White A1 inside Black's corner.
    ok(&mut e, "play b A2");
    ok(&mut e, "play b B1");
    assert_eq!(err(&mut e, "play w A1"), "illegal move");
    // Ko, then superko after two passes.
    let mut e = engine();
    ok(&mut e, "boardsize 5");
    for m in [
        "play b B4",
        "play w C4",
        "play b A3",
        "play w B3",
        "play b B2",
        "play w C2",
        "play w D3",
    ] {
        ok(&mut e, m);
    }
    ok(&mut e, "play b C3"); // takes B3
    assert_eq!(err(&mut e, "play w B3"), "illegal move");
    ok(&mut e, "play w pass");
    ok(&mut e, "play b pass");
    assert_eq!(err(&mut e, "play w B3"), "illegal move");
    assert_eq!(ok(&mut e, "is_legal w B3"), "0");
    assert_eq!(ok(&mut e, "is_legal w E5"), "1");
}

#[test]
fn play_with_bad_arguments_is_a_syntax_error() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    let before = state(&e);
    for bad in [
        "play",
        "play b",
        "play x D4",
        "play b I5",
        "play b Z99",
        "play b J10",
        "play b A0",
        "play b D4 D5",
        "play D4 b",
        "play b 4D",
        "play b DD",
        "play b D-1",
        "play b D99999999999999999999999",
    ] {
        let m = err(&mut e, bad);
        assert!(m.starts_with("syntax error"), "{bad}: {m}");
    }
    assert_eq!(state(&e), before);
}

#[test]
fn undo_takes_back_moves_until_there_are_none() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    let empty = state(&e);
    ok(&mut e, "play b E5");
    let one = state(&e);
    ok(&mut e, "play w pass");
    ok(&mut e, "play w C3");
    ok(&mut e, "undo");
    ok(&mut e, "undo");
    assert_eq!(state(&e), one);
    ok(&mut e, "undo");
    assert_eq!(state(&e), empty);
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    assert!(err(&mut e, "undo 2").starts_with("syntax error"));
}

#[test]
fn showboard_has_coordinates_and_no_empty_lines() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b E5");
    ok(&mut e, "play w C3");
    let out = run_script(&mut e, "showboard");
    assert!(out.starts_with("= "));
    assert!(out.ends_with("\n\n"));
    let body = &out[..out.len() - 2];
    assert!(!body.contains("\n\n"), "empty line in {body}");
    assert!(body.contains("A B C D E F G H J"), "{body}");
    assert!(!body.contains(" I "));
    let row5 = body
        .lines()
        .find(|l| l.trim_start().starts_with("5 "))
        .expect("row 5");
    assert!(row5.contains('X'), "{row5}");
    let row3 = body
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .expect("row 3");
    assert!(row3.contains('O'), "{row3}");
}

#[test]
fn fixed_handicap_tables_through_gtp() {
    let mut e = engine();
    let cases = [
        (19, 2, "D4 Q16"),
        (19, 4, "D4 Q16 D16 Q4"),
        (19, 5, "D4 Q16 D16 Q4 K10"),
        (19, 6, "D4 Q16 D16 Q4 D10 Q10"),
        (19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
        (13, 9, "D4 K10 D10 K4 D7 K7 G4 G10 G7"),
        (9, 8, "C3 G7 C7 G3 C5 G5 E3 E7"),
        (12, 4, "C3 K10 C10 K3"),
        (7, 4, "C3 E5 C5 E3"),
        (25, 9, "D4 W22 D22 W4 D13 W13 N4 N22 N13"),
    ];
    for (size, n, want) in cases {
        ok(&mut e, &format!("boardsize {size}"));
        assert_eq!(
            ok(&mut e, &format!("fixed_handicap {n}")),
            want,
            "{size} {n}"
        );
        assert_eq!(e.game().handicap(), n);
        assert_eq!(e.game().to_move(), Color::White);
        // Not part of the move history.
        assert_eq!(err(&mut e, "undo"), "cannot undo");
        assert_eq!(e.game().board().empty_points().len(), size * size - n);
        // Only on an empty board.
        assert_eq!(err(&mut e, "fixed_handicap 2"), "board not empty");
    }
}

#[test]
fn fixed_handicap_refusals() {
    let mut e = engine();
    for (size, n) in [
        (19, 1),
        (19, 0),
        (19, 10),
        (19, -3),
        (13, 10),
        (12, 5),
        (8, 5),
        (7, 5),
        (6, 2),
        (5, 4),
        (2, 2),
    ] {
        ok(&mut e, &format!("boardsize {size}"));
        assert_eq!(
            err(&mut e, &format!("fixed_handicap {n}")),
            "invalid handicap",
            "{size} {n}"
        );
        assert_eq!(e.game().board().empty_points().len(), size * size);
    }
    ok(&mut e, "boardsize 19");
    ok(&mut e, "play b pass");
    assert_eq!(err(&mut e, "fixed_handicap 2"), "board not empty");
    assert!(err(&mut e, "fixed_handicap").starts_with("syntax error"));
    assert!(err(&mut e, "fixed_handicap two").starts_with("syntax error"));
}

#[test]
fn free_handicap() {
    let mut e = engine();
    ok(&mut e, "boardsize 19");
    let got = ok(&mut e, "place_free_handicap 5");
    let vs: Vec<&str> = got.split_whitespace().collect();
    assert!((2..=5).contains(&vs.len()), "{got}");
    assert_eq!(e.game().board().empty_points().len(), 361 - vs.len());
    assert_eq!(e.game().to_move(), Color::White);
    assert_eq!(err(&mut e, "place_free_handicap 2"), "board not empty");
    assert_eq!(err(&mut e, "set_free_handicap A1 B2"), "board not empty");
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    ok(&mut e, "clear_board");
    for bad in [
        "place_free_handicap 1",
        "place_free_handicap 0",
        "place_free_handicap 361",
    ] {
        assert_eq!(err(&mut e, bad), "invalid number of stones", "{bad}");
    }
    ok(&mut e, "set_free_handicap D4 Q16 K10");
    assert_eq!(e.game().handicap(), 3);
    assert_eq!(e.game().to_move(), Color::White);
    ok(&mut e, "clear_board");
    assert_eq!(
        err(&mut e, "set_free_handicap D4"),
        "invalid number of stones"
    );
    assert_eq!(err(&mut e, "set_free_handicap"), "invalid number of stones");
    assert_eq!(err(&mut e, "set_free_handicap D4 D4"), "bad vertex list");
    assert_eq!(err(&mut e, "set_free_handicap D4 pass"), "bad vertex list");
    assert!(err(&mut e, "set_free_handicap D4 Z1").starts_with("syntax error"));
    assert_eq!(e.game().board().empty_points().len(), 361);
    // On a small board, all but one point.
    ok(&mut e, "boardsize 2");
    ok(&mut e, "set_free_handicap A1 A2 B1");
    ok(&mut e, "boardsize 2");
    assert_eq!(
        err(&mut e, "set_free_handicap A1 A2 B1 B2"),
        "invalid number of stones"
    );
    let got = ok(&mut e, "place_free_handicap 3");
    assert!(got.split_whitespace().count() >= 2, "{got}");
}

#[test]
fn place_free_handicap_on_every_size() {
    let mut e = engine();
    for size in 2..=25usize {
        let area = size * size;
        for n in [2, 3, 4, 5, 9, 10, area / 2, area - 1, area, area + 1] {
            ok(&mut e, &format!("boardsize {size}"));
            let r = gtp(&mut e, &format!("place_free_handicap {n}"));
            if n >= area {
                assert_eq!(r[0].body, "invalid number of stones", "{size} {n}");
                continue;
            }
            assert!(r[0].ok, "{size}x{size}, {n}: {}", r[0].body);
            let mut vs: Vec<&str> = r[0].body.split_whitespace().collect();
            assert!(
                (2..=n).contains(&vs.len()),
                "{size}x{size}, {n}: {}",
                r[0].body
            );
            vs.sort();
            vs.dedup();
            assert_eq!(e.game().board().empty_points().len(), area - vs.len());
            assert_eq!(e.game().handicap(), vs.len());
            e.game().board().check_consistency().unwrap();
        }
    }
}

#[test]
fn final_score_prints_one_decimal() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    ok(&mut e, "komi 7");
    assert_eq!(ok(&mut e, "final_score"), "W+7.0");
    ok(&mut e, "komi 0.5");
    assert_eq!(ok(&mut e, "final_score"), "W+0.5");
    // A settled position: Black owns the left five columns, White the
    // right four, under both rules.
    let sgf = "(;GM[1]FF[4]SZ[9]KM[0.5]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]\
               AW[fa][fb][fc][fd][fe][ff][fg][fh][fi])";
    let f = TempFile::new("score", sgf.as_bytes());
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "black");
    assert_eq!(ok(&mut e, "final_score"), "B+8.5");
    // Japanese: 36 points of territory against 27.
    ok(&mut e, "kgs-rules japanese");
    assert_eq!(ok(&mut e, "final_score"), "B+8.5");
    ok(&mut e, "komi 3");
    assert_eq!(ok(&mut e, "final_score"), "B+6.0");
    assert!(err(&mut e, "final_score now").starts_with("syntax error"));
    let s = ok(&mut e, "final_score");
    assert!(looks_like_score(&s), "{s}");
}

#[test]
fn final_status_list() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    assert_eq!(ok(&mut e, "final_status_list seki"), "");
    assert_eq!(ok(&mut e, "final_status_list alive"), "");
    let f = TempFile::new(
        "status",
        b"(;SZ[9]KM[0.5]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi])",
    );
    ok(&mut e, &format!("loadsgf {}", f.path()));
    let alive = ok(&mut e, "final_status_list alive");
    assert_eq!(alive.split_whitespace().count(), 18, "{alive}");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    for bad in [
        "final_status_list",
        "final_status_list undead",
        "final_status_list dead x",
    ] {
        assert!(err(&mut e, bad).starts_with("syntax error"), "{bad}");
    }
}

#[test]
fn time_commands() {
    let mut e = engine();
    ok(&mut e, "time_settings 0 1 0");
    assert_eq!(e.time_control(), TimeControl::None);
    ok(&mut e, "time_settings 600 0 0");
    assert_eq!(e.time_control(), TimeControl::Absolute { main: 600.0 });
    ok(&mut e, "time_left b 287 0");
    ok(&mut e, "time_left WHITE 30 5");
    assert_eq!(e.time_left(Color::Black).map(|t| t.seconds), Some(287.0));
    assert_eq!(e.time_left(Color::White).map(|t| t.stones), Some(5));
    let before = (
        e.time_control(),
        [e.time_left(Color::Black), e.time_left(Color::White)],
    );
    for bad in [
        "time_settings",
        "time_settings 1 2",
        "time_settings -1 0 0",
        "time_settings a b c",
        "time_settings 1 2 3 4",
        "time_settings 1 2 -3",
        "time_left",
        "time_left b",
        "time_left x 10 0",
        "time_left b -5 0",
        "time_left b 10 0 0",
    ] {
        assert!(err(&mut e, bad).starts_with("syntax error"), "{bad}");
    }
    assert_eq!(
        (
            e.time_control(),
            [e.time_left(Color::Black), e.time_left(Color::White)]
        ),
        before
    );
    ok(&mut e, "kgs-time_settings none");
    assert_eq!(e.time_control(), TimeControl::None);
    ok(&mut e, "kgs-time_settings absolute 300");
    assert_eq!(e.time_control(), TimeControl::Absolute { main: 300.0 });
    ok(&mut e, "kgs-time_settings byoyomi 300 30 5");
    assert_eq!(
        e.time_control(),
        TimeControl::Japanese {
            main: 300.0,
            period: 30.0,
            periods: 5
        }
    );
    ok(&mut e, "kgs-time_settings canadian 300 30 25");
    assert_eq!(
        e.time_control(),
        TimeControl::Canadian {
            main: 300.0,
            period: 30.0,
            stones: 25
        }
    );
    for bad in [
        "kgs-time_settings",
        "kgs-time_settings sudden 5",
        "kgs-time_settings absolute",
        "kgs-time_settings byoyomi 300 30",
        "kgs-time_settings none 5",
    ] {
        assert!(err(&mut e, bad).starts_with("syntax error"), "{bad}");
    }
}

#[test]
fn kgs_rules_and_game_over() {
    let mut e = engine();
    ok(&mut e, "kgs-rules japanese");
    assert_eq!(e.game().rules(), Rules::Japanese);
    ok(&mut e, "kgs-rules chinese");
    assert_eq!(e.game().rules(), Rules::Chinese);
    let m = err(&mut e, "kgs-rules martian");
    assert!(m.contains("martian"), "{m}");
    assert!(err(&mut e, "kgs-rules").starts_with("syntax error"));
    assert_eq!(e.game().rules(), Rules::Chinese);
    ok(&mut e, "play b D4");
    ok(&mut e, "kgs-game_over");
    assert_eq!(e.game().move_count(), 1, "the board is kept");
}

#[test]
fn cputime_and_protocol_version() {
    let mut e = engine();
    let t: f64 = ok(&mut e, "cputime").parse().expect("a number");
    assert!(t >= 0.0);
    assert_eq!(ok(&mut e, "protocol_version"), "2");
    assert_eq!(ok(&mut e, "name"), "kosumi");
    assert!(err(&mut e, "name please").starts_with("syntax error"));
}

#[test]
fn is_legal_answers_1_or_0() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b E5");
    assert_eq!(ok(&mut e, "is_legal w E5"), "0");
    assert_eq!(ok(&mut e, "is_legal w E6"), "1");
    assert_eq!(ok(&mut e, "is_legal b pass"), "1");
    assert!(err(&mut e, "is_legal w").starts_with("syntax error"));
}

#[test]
fn reg_genmove_does_not_play_and_genmove_does() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    let before = state(&e);
    let m = ok(&mut e, "reg_genmove b");
    assert!(
        m == "PASS" || e.game().geometry().parse_move(&m).is_ok(),
        "{m}"
    );
    assert_eq!(state(&e), before);
    let m = ok(&mut e, "genmove w");
    assert!(
        m == "resign" || m == "PASS" || e.game().geometry().parse_move(&m).is_ok(),
        "{m}"
    );
    if m != "resign" {
        assert_eq!(e.game().move_count(), 1);
    }
    assert!(err(&mut e, "genmove").starts_with("syntax error"));
    assert!(err(&mut e, "genmove red").starts_with("syntax error"));
}

// ---------------------------------------------------------------------------
// loadsgf / printsgf

const GAME_SGF: &str = "(;GM[1]FF[4]SZ[9]KM[5.5]\
    ;B[ee];W[ce];B[dd];W[cd];B[dc];W[dg];B[ec];W[tt]\
    ;B[];W[gc])";

#[test]
fn loadsgf_answers_the_colour_to_move() {
    let mut e = engine();
    let f = TempFile::new("game", GAME_SGF.as_bytes());
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "black");
    assert_eq!(e.game().size(), 9);
    assert_eq!(e.game().komi(), 5.5);
    assert_eq!(e.game().move_count(), 10);
    // Up to the position before move 4: three moves, White next.
    assert_eq!(ok(&mut e, &format!("loadsgf {} 4", f.path())), "white");
    assert_eq!(e.game().move_count(), 3);
    assert_eq!(ok(&mut e, &format!("loadsgf {} 1", f.path())), "black");
    assert_eq!(e.game().move_count(), 0);
    // Past the end: everything.
    assert_eq!(ok(&mut e, &format!("1 loadsgf {} 1000", f.path())), "black");
    assert_eq!(e.game().move_count(), 10);
    // Komi and board come from the file; a missing KM keeps the komi.
    ok(&mut e, "komi 3.5");
    let f2 = TempFile::new("nokm", b"(;SZ[13];B[dd])");
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f2.path())), "white");
    assert_eq!(e.game().komi(), 3.5);
    assert_eq!(e.game().size(), 13);
}

#[test]
fn loadsgf_with_handicap_and_setup() {
    let mut e = engine();
    let f = TempFile::new("ha", b"(;SZ[19]HA[2]KM[0.5]AB[dp][pd];W[qp];B[dd])");
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "white");
    assert_eq!(e.game().move_count(), 2);
    assert_eq!(e.game().board().empty_points().len(), 361 - 4);
    let f = TempFile::new("ha0", b"(;SZ[19]HA[2]AB[dp][pd])");
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "white");
    let f = TempFile::new("pl", b"(;SZ[9]AB[cc]AW[gg]PL[W])");
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "white");
}

/// `loadsgf` takes the record's rules (RU) and komi (KM); they stay for
/// the next game, as after `kgs-rules` and `komi`; an RU kosumi does not
/// know keeps the rules. Reply texts are as before.
#[test]
fn loadsgf_takes_rules_and_komi_from_the_record() {
    let mut e = engine();
    ok(&mut e, "kgs-rules chinese");
    let f = TempFile::new("ru", b"(;SZ[9]RU[Japanese]KM[6.5];B[ee])");
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "white");
    assert_eq!(e.game().rules().name(), "japanese");
    assert_eq!(e.game().komi(), 6.5);
    ok(&mut e, "clear_board");
    assert_eq!(e.game().rules().name(), "japanese");
    let f = TempFile::new("ru", b"(;SZ[9]RU[Chinese])");
    ok(&mut e, &format!("loadsgf {}", f.path()));
    assert_eq!(e.game().rules().name(), "chinese");
    let f = TempFile::new("ru", b"(;SZ[9]RU[Moon rules])");
    ok(&mut e, &format!("loadsgf {}", f.path()));
    assert_eq!(e.game().rules().name(), "chinese");
    let out = ok(&mut e, "printsgf");
    assert!(
        out.contains("RU[Chinese]") && out.contains("KM[6.5]"),
        "{out}"
    );
}

#[test]
fn loadsgf_refusals_leave_the_game_alone() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b E5");
    ok(&mut e, "komi 6.5");
    let before = state(&e);
    let missing = temp_path("missing");
    assert_eq!(
        err(&mut e, &format!("loadsgf {}", missing.display())),
        "cannot load file"
    );
    let dir = std::env::temp_dir();
    assert_eq!(
        err(&mut e, &format!("loadsgf {}", dir.display())),
        "cannot load file"
    );
    for broken in [
        &b""[..],
        b"(",
        b"(;",
        b"garbage",
        b"(;SZ[99];B[aa])",
        b"(;SZ[1];B[bb])",
        b"(;SZ[0])",
        b"(;SZ[9:13])",
        b"(;SZ[9];B[ee];W[ee])",
        b"(;SZ[9];B[zz])",
        b"(;SZ[9]AB[ee]AB[ee])",
        // UTF-16: the tree's bytes are not SGF's.
        b"\xff\xfe(\x00;\x00S\x00Z\x00[\x009\x00]\x00)\x00",
        b"(;SZ[9]KM[six];B[ee])",
        b"(;SZ[9]KM[1e30])",
        b"(;SZ[9]HA[two]AB[cc][gg])",
    ] {
        let f = TempFile::new("broken", broken);
        let m = err(&mut e, &format!("loadsgf {}", f.path()));
        assert_eq!(m, "cannot load file", "{}", String::from_utf8_lossy(broken));
        assert_eq!(state(&e), before, "{}", String::from_utf8_lossy(broken));
    }
    let f = TempFile::new("ok", b"(;SZ[9])");
    for bad in [
        "loadsgf".to_string(),
        format!("loadsgf {} x", f.path()),
        format!("loadsgf {} -1", f.path()),
        format!("loadsgf {} 1 2", f.path()),
    ] {
        assert!(err(&mut e, &bad).starts_with("syntax error"), "{bad}");
        assert_eq!(state(&e), before);
    }
    // A record cut off before its end is no refusal: it loads up to the
    // cut, as GNU Go reads it (with a warning on stderr).
    let f = TempFile::new("cut", b"(;SZ[9]KM[6.5];B[ee];W[cc");
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "white");
    let sgf = ok(&mut e, "printsgf");
    assert!(sgf.contains(";B[ee]") && !sgf.contains("W[cc]"), "{sgf}");
}

#[test]
fn printsgf_round_trips_through_loadsgf() {
    let mut e = engine();
    ok(&mut e, "boardsize 13");
    ok(&mut e, "komi 0.5");
    ok(&mut e, "fixed_handicap 3");
    for m in [
        "play w C3",
        "play b D3",
        "play w C4",
        "play b D5",
        "play w pass",
        "play b C5",
        "play b B4",
        "play w E4",
    ] {
        ok(&mut e, m);
    }
    let sgf = ok(&mut e, "printsgf");
    assert!(sgf.starts_with("(;") && sgf.ends_with(')'), "{sgf}");
    assert!(
        sgf.contains("SZ[13]") && sgf.contains("KM[0.5]") && sgf.contains("HA[3]"),
        "{sgf}"
    );
    let before = state(&e);
    let f = TempFile::new("round", sgf.as_bytes());
    let mut e2 = engine();
    let to_move = ok(&mut e2, &format!("loadsgf {}", f.path()));
    assert_eq!(to_move, e.game().to_move().name());
    assert_eq!(ok(&mut e2, "printsgf"), sgf);
    assert_eq!(state(&e2), before);
    // printsgf to a file writes the same game.
    let path = temp_path("printed");
    ok(&mut e, &format!("printsgf {}", path.display()));
    let written = std::fs::read_to_string(&path).expect("printsgf wrote nothing");
    let _ = std::fs::remove_file(&path);
    assert_eq!(written.trim_end(), sgf);
}

#[test]
fn loadsgf_refuses_an_absurd_komi() {
    let mut e = engine();
    ok(&mut e, "komi 6.5");
    for km in ["1e30", "1e309", "-1e300", "nan", "inf"] {
        let f = TempFile::new("km", format!("(;SZ[9]KM[{km}])").as_bytes());
        let r = gtp(&mut e, &format!("loadsgf {}", f.path()));
        assert!(!r[0].ok, "KM[{km}]");
        assert_eq!(e.game().komi(), 6.5, "KM[{km}]");
        let s = ok(&mut e, "final_score");
        assert!(looks_like_score(&s), "KM[{km}]: {s}");
    }
}

#[test]
fn undo_after_loadsgf_stops_at_setup_stones_placed_mid_game() {
    // G3 is a setup stone placed before White's C7.
    let mut e = engine();
    let f = TempFile::new("midsetup", b"(;SZ[9];B[ee];W[cc]AB[gg];B[dd])");
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "white");
    ok(&mut e, "undo");
    ok(&mut e, "undo");
    // Black E5 came before the setup stone: taking it back would leave the
    // setup stone without its history.
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    let geo = e.game().geometry();
    assert_eq!(
        e.game().board().stone(common::pt(&geo, "G3")),
        kosumi::types::Stone::Black
    );
    assert_eq!(
        e.game().board().stone(common::pt(&geo, "E5")),
        kosumi::types::Stone::Black
    );
    // Replaying the moves taken back is legal again.
    ok(&mut e, "play w C7");
    ok(&mut e, "play b D6");
    e.game().board().check_consistency().unwrap();
}

#[test]
fn printsgf_writes_mid_game_setup_stones_where_they_were_placed() {
    // A1 is in the initial position; after Black E5, setup adds black B2
    // and white G3 and H2; then White C7 and Black D6.
    //
    //      A B C D E F G H J
    //    9 . . . . . . . . .
    //    8 . . . . . . . . .
    //    7 . . O . . . . . .      (after the whole file)
    //    6 . . . X . . . . .
    //    5 . . . . X . . . .
    //    4 . . . . . . . . .
    //    3 . . . . . . O . .
    //    2 . X . . . . . O .
    //    1 X . . . . . . . .
    let mut e = engine();
    let f = TempFile::new(
        "midsetup-print",
        b"(;SZ[9]AB[ai];B[ee];AB[bh]AW[gg][hh];W[cc];B[dd])",
    );
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "white");
    let sgf = ok(&mut e, "printsgf");
    let root_end = sgf.find(";B[ee]").expect("first move missing");
    assert!(sgf[..root_end].contains("AB[ai]"), "{sgf}");
    assert!(
        !sgf[..root_end].contains("AB[bh]"),
        "setup in the root: {sgf}"
    );
    assert!(!sgf[..root_end].contains("AW"), "setup in the root: {sgf}");
    assert!(sgf.contains(";B[ee];AB[bh]AW["), "{sgf}");
    assert!(sgf.contains("[gg]") && sgf.contains("[hh]"), "{sgf}");
    assert!(sgf.ends_with(";W[cc];B[dd])"), "{sgf}");
    // Loading the printed game gives the same position, the same undo
    // floor and the same text.
    let before = state(&e);
    let printed = TempFile::new("midsetup-reprint", sgf.as_bytes());
    let mut e2 = engine();
    ok(&mut e2, &format!("loadsgf {}", printed.path()));
    assert_eq!(state(&e2), before);
    assert_eq!(ok(&mut e2, "printsgf"), sgf);
    ok(&mut e2, "undo");
    ok(&mut e2, "undo");
    assert_eq!(err(&mut e2, "undo"), "cannot undo");
}

#[test]
fn printsgf_keeps_the_colour_to_move() {
    // PL makes White move first, or Black move twice.
    for file in [
        &b"(;SZ[9]AB[cc]AW[gg]PL[W])"[..],
        b"(;SZ[9];B[ee]PL[B])",
        b"(;SZ[9];B[ee];W[cc];B[dd];W[ff])",
    ] {
        let mut e = engine();
        let f = TempFile::new("pl", file);
        let to_move = ok(&mut e, &format!("loadsgf {}", f.path()));
        let sgf = ok(&mut e, "printsgf");
        let before = state(&e);
        let f2 = TempFile::new("pl2", sgf.as_bytes());
        let mut e2 = engine();
        assert_eq!(
            ok(&mut e2, &format!("loadsgf {}", f2.path())),
            to_move,
            "{sgf}"
        );
        assert_eq!(state(&e2), before);
    }
}

#[test]
fn printsgf_round_trips_an_unusual_game() {
    // Same colour twice, setup stones of both colours, captures.
    let mut e = engine();
    let f = TempFile::new(
        "odd",
        b"(;SZ[5]KM[-3]AB[bb][cc]AW[dd];B[cd];B[de];W[ce];B[be])",
    );
    assert_eq!(ok(&mut e, &format!("loadsgf {}", f.path())), "white");
    let sgf = ok(&mut e, "printsgf");
    let before = state(&e);
    let f2 = TempFile::new("odd2", sgf.as_bytes());
    let mut e2 = engine();
    ok(&mut e2, &format!("loadsgf {}", f2.path()));
    assert_eq!(state(&e2), before);
}

// ===========================================================================
// Hostile input: properties

/// Argument-like tokens, good and bad.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        // Colours.
        prop::sample::select(vec![
            "b", "w", "B", "W", "black", "white", "BLACK", "x", "bl"
        ])
        .prop_map(String::from),
        // Vertices.
        (0u8..27, 0u32..28).prop_map(|(c, r)| format!("{}{}", (b'A' + c) as char, r)),
        prop::sample::select(vec![
            "pass", "PASS", "d4", "t19", "z25", "I5", "A", "4", "A-1"
        ])
        .prop_map(String::from),
        // Numbers.
        prop::sample::select(vec![
            "0",
            "1",
            "2",
            "3",
            "5",
            "9",
            "13",
            "19",
            "25",
            "26",
            "-1",
            "-0",
            "7.5",
            "1e308",
            "1e309",
            "NaN",
            "inf",
            "-inf",
            "99999999999999999999999999",
            "-9223372036854775808",
            "18446744073709551616",
            "0x10",
            "+5",
        ])
        .prop_map(String::from),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|x| x.to_string()),
        // Rule and time words.
        prop::sample::select(vec![
            "japanese", "chinese", "none", "absolute", "byoyomi", "canadian", "alive", "dead",
            "seki"
        ])
        .prop_map(String::from),
        // Anything printable, and anything at all.
        "[a-z0-9]{1,12}",
        "\\PC{1,8}",
    ]
}

/// Commands worth sending: everything listed except the ones that think on
/// a clock (`genmove`, `kgs-genmove_cleanup`) and `printsgf` with a file
/// name (it would write files wherever the name points).
const NAMES: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "play",
    "play",
    "play",
    "undo",
    "is_legal",
    "showboard",
    "reg_genmove",
    "restricted_genmove",
    "attack",
    "defend",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "final_score",
    "final_status_list",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "kgs-rules",
    "kgs-game_over",
    "cputime",
    "quit",
    "nonsense",
];

/// A valid SGF to break.
const SGF_SEEDS: &[&str] = &[
    "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[ce];B[dd];W[cd];B[dc];W[];B[])",
    "(;SZ[19]HA[4]AB[dd][pd][dp][pp]KM[0.5];W[qq];B[pq];W[qp])",
    "(;SZ[5]AB[bb][cc]AW[dd]PL[W];W[cd];B[de](;W[ce])(;W[aa]))",
    "(;SZ[2];B[aa];W[bb];B[ab];W[ba])",
    "(;FF[4]CA[UTF-8]SZ[13]KM[7];B[dd]C[comment \\] with escapes];W[jj]AE[aa])",
    "(;SZ[7]AB[cc]KM[0.5];W[dd];B[dc];AE[cc][dd]AW[ee];B[ff];W[gg])",
];

/// A broken SGF file: a seed with random damage.
fn broken_sgf() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(SGF_SEEDS),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..5), 0..6),
        prop::sample::select(vec![
            "",
            "SZ[0]",
            "SZ[1]",
            "SZ[26]",
            "SZ[52]",
            "SZ[255]",
            "SZ[19:13]",
            "SZ[x]",
            "KM[1e309]",
            "KM[1e30]",
            "KM[nan]",
            "KM[-inf]",
            "HA[999999999999]",
            "HA[-5]",
            "B[zz]",
            "W[tt]",
            "AB[aa:ss]",
            "AW[]",
            "AE[aa]",
            "PL[X]",
            "B[ee]B[ff]",
            ";",
            "(",
            ")",
            "[",
            "]",
            "\\",
        ]),
    )
        .prop_map(|(seed, edits, insert)| {
            let mut v = seed.as_bytes().to_vec();
            // Insert an odd property after the root's `(;`.
            let at = 2.min(v.len());
            v.splice(at..at, insert.bytes());
            for (idx, byte, op) in edits {
                if v.is_empty() {
                    break;
                }
                let i = idx.index(v.len());
                match op {
                    0 => v.truncate(i),
                    1 => v[i] = byte,
                    2 => v.insert(i, byte),
                    3 => {
                        v.remove(i);
                    }
                    _ => {
                        let dup = v[i..].to_vec();
                        v.extend_from_slice(&dup);
                    }
                }
            }
            v
        })
}

/// One input line, without its newline.
#[derive(Clone, Debug)]
enum Line {
    Text(String),
    /// A `loadsgf` of a temp file holding these bytes, with a move number.
    LoadSgf(Vec<u8>, Option<String>),
}

fn line() -> impl Strategy<Value = Line> {
    let id = prop_oneof![
        3 => Just(String::new()),
        1 => (0u32..1000).prop_map(|n| format!("{n} ")),
        1 => Just("99999999999999999999999999999 ".to_string()),
    ];
    let command = (
        id,
        prop::sample::select(NAMES),
        prop::collection::vec(token(), 0..5),
        prop::sample::select(vec!["", "", "", " # comment", "\r", "\t", "  "]),
    )
        .prop_map(|(id, name, args, tail)| {
            let mut s = format!("{id}{name}");
            for a in args {
                s.push(' ');
                s.push_str(&a);
            }
            s.push_str(tail);
            s
        });
    let plausible = (
        prop::sample::select(vec!["b", "w", "B", "white"]),
        (0u8..25, 1u32..20),
        0usize..12,
        prop::collection::vec((0u8..19, 1u32..20), 0..5),
    )
        .prop_map(|(c, (x, y), pick, list)| {
            let v = format!("{}{y}", kosumi::types::COLUMNS[x as usize] as char);
            let vs: Vec<String> = list
                .iter()
                .map(|&(x, y)| format!("{}{y}", kosumi::types::COLUMNS[x as usize] as char))
                .collect();
            match pick {
                0..=5 => format!("play {c} {v}"),
                6 => "undo".to_string(),
                7 => format!("is_legal {c} {v}"),
                8 => format!("boardsize {}", [2, 3, 5, 7, 9, 13, 19][y as usize % 7]),
                9 => format!("fixed_handicap {}", y % 11),
                10 => format!("set_free_handicap {}", vs.join(" ")),
                _ => format!("play {c} pass"),
            }
        });
    let garbage = prop::collection::vec(any::<u8>(), 0..120)
        .prop_map(|b| String::from_utf8_lossy(&b).replace('\n', " "));
    let huge = prop_oneof![
        Just("play b ".to_string() + &"9".repeat(1 << 20)),
        Just("x".repeat((1 << 20) + 7)),
        Just(format!("boardsize {}", "1".repeat(1 << 20))),
        Just(format!("set_free_handicap {}", "A1 ".repeat(300_000))),
        Just(format!("known_command {}", "é".repeat(600_000))),
    ];
    prop_oneof![
        8 => command.prop_map(Line::Text),
        8 => plausible.clone().prop_map(Line::Text),
        // Missing or extra arguments.
        4 => (plausible, token(), any::<bool>()).prop_map(|(p, t, extra)| {
            if extra {
                Line::Text(format!("{p} {t}"))
            } else {
                let mut w: Vec<&str> = p.split(' ').collect();
                w.pop();
                Line::Text(w.join(" "))
            }
        }),
        3 => garbage.prop_map(Line::Text),
        1 => huge.prop_map(Line::Text),
        2 => (broken_sgf(), prop::option::of(token())).prop_map(|(b, n)| Line::LoadSgf(b, n)),
        1 => Just(Line::Text(String::new())),
        1 => Just(Line::Text("# interrupt".into())),
    ]
}

/// Commands that must never change the game, whatever they answer.
const READ_ONLY: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "is_legal",
    "showboard",
    "reg_genmove",
    "restricted_genmove",
    "attack",
    "defend",
    "final_score",
    "final_status_list",
    "kgs-game_over",
    "cputime",
    "printsgf",
];

/// Feeds `lines` one by one and checks the contract of every reply.
fn check_session(lines: &[Line]) -> Result<(), TestCaseError> {
    let mut e = engine();
    // Start from a position with stones, captures and a ko to disturb.
    // Black has just taken a ko at C3: White may not retake at B3.
    let setup = "boardsize 9\nplay b B4\nplay w C4\nplay b A3\nplay w B3\n\
                 play b B2\nplay w C2\nplay w D3\nplay b C3";
    run_script(&mut e, setup);
    for l in lines {
        let (raw, _file) = match l {
            Line::Text(t) => (t.clone(), None),
            Line::LoadSgf(bytes, n) => {
                let f = TempFile::new("prop", bytes);
                let raw = match n {
                    Some(n) => format!("loadsgf {} {n}", f.path()),
                    None => format!("loadsgf {}", f.path()),
                };
                (raw, Some(f))
            }
        };
        let before = state(&e);
        let pre = preprocess(&raw);
        // A well-formed `play` must be accepted exactly when it is legal.
        let play_legal = pre.as_deref().and_then(|p| {
            let words: Vec<&str> = split_id(p).1.split(' ').collect();
            match words[..] {
                ["play", c, v] => {
                    let c = Color::parse(c)?;
                    let m = e.game().geometry().parse_move(v).ok()?;
                    Some(e.game().is_legal(c, m))
                }
                _ => None,
            }
        });
        let out = run_script(&mut e, &raw);
        let replies = frames(&out);
        match &pre {
            None => prop_assert!(
                out.is_empty(),
                "reply to an empty line {:?}: {:?}",
                clip(&raw),
                clip(&out)
            ),
            Some(p) => {
                prop_assert_eq!(
                    replies.len(),
                    1,
                    "line {:?} got {:?}",
                    clip(&raw),
                    clip(&out)
                );
                let (id, rest) = split_id(p);
                prop_assert_eq!(replies[0].id.as_deref(), id, "id of {:?}", clip(&raw));
                let name = rest.split(' ').next().unwrap_or("");
                let r = &replies[0];
                if !r.ok || READ_ONLY.contains(&name) {
                    prop_assert!(
                        state(&e) == before,
                        "{:?} ({}) changed the game: {:?}",
                        clip(&raw),
                        if r.ok { "accepted" } else { "refused" },
                        clip(&r.body)
                    );
                }
                if !r.ok {
                    prop_assert!(!r.body.is_empty(), "empty error text for {:?}", clip(&raw));
                    prop_assert!(r.body.len() < 300, "long error text {:?}", clip(&r.body));
                }
                if let Some(legal) = play_legal {
                    prop_assert_eq!(r.ok, legal, "{:?}: {:?}", clip(&raw), r.body);
                }
                if r.ok && name == "final_score" {
                    prop_assert!(looks_like_score(&r.body), "final_score {:?}", r.body);
                }
                if r.ok && name == "quit" {
                    break;
                }
            }
        }
        e.game()
            .board()
            .check_consistency()
            .map_err(|m| TestCaseError::fail(format!("after {:?}: {m}", clip(&raw))))?;
    }
    Ok(())
}

/// Reproducible by default (a fixed seed, 96 cases); `PROPTEST_RNG_SEED`
/// and `PROPTEST_CASES` explore further, e.g.
/// `PROPTEST_RNG_SEED=$RANDOM PROPTEST_CASES=2000 cargo test --release --test gtp_props`.
fn config() -> ProptestConfig {
    let mut c = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = 96;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        c.rng_seed = proptest::test_runner::RngSeed::Fixed(0x6b6f_7375_6d69);
    }
    c.max_shrink_iters = 2000;
    c
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn hostile_lines_get_one_reply_each_and_refusals_change_nothing(
        lines in prop::collection::vec(line(), 1..40)
    ) {
        check_session(&lines)?;
    }

    #[test]
    fn arbitrary_bytes_never_break_the_loop(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        // As the binary does: split on LF, decode each line lossily.
        let lines: Vec<Line> = bytes
            .split(|&b| b == b'\n')
            .map(|l| Line::Text(String::from_utf8_lossy(l).into_owned()))
            .collect();
        check_session(&lines)?;
    }

    #[test]
    fn broken_sgf_files_load_or_are_refused_cleanly(
        files in prop::collection::vec((broken_sgf(), prop::option::of(0u32..30)), 1..8)
    ) {
        let lines: Vec<Line> = files
            .into_iter()
            .flat_map(|(b, n)| {
                [
                    Line::LoadSgf(b, n.map(|n| n.to_string())),
                    Line::Text("printsgf".into()),
                    Line::Text("play b A1".into()),
                    Line::Text("undo".into()),
                    Line::Text("showboard".into()),
                ]
            })
            .collect();
        check_session(&lines)?;
    }
}

#[test]
fn loaded_games_print_and_load_back_identically() {
    // Every seed SGF that loads prints an SGF that loads to the same game.
    for seed in SGF_SEEDS {
        let mut e = engine();
        let f = TempFile::new("seed", seed.as_bytes());
        let r = gtp(&mut e, &format!("loadsgf {}", f.path()));
        if !r[0].ok {
            continue;
        }
        let sgf = ok(&mut e, "printsgf");
        let before = state(&e);
        let f2 = TempFile::new("seed2", sgf.as_bytes());
        let mut e2 = engine();
        ok(&mut e2, &format!("loadsgf {}", f2.path()));
        assert_eq!(state(&e2), before, "{seed}");
    }
}

// ===========================================================================
// The real binary

/// Runs the binary on `input` with a deadline; returns (exit ok, stdout,
/// stderr).
fn run_binary(input: Vec<u8>, deadline: Duration) -> (bool, String, String) {
    run_binary_with(&["--threads", "1"], input, deadline)
}

fn run_binary_with(args: &[&str], input: Vec<u8>, deadline: Duration) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kosumi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start the kosumi binary");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // The engine may quit before reading everything: ignore EPIPE.
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("kosumi did not exit within {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    let out = out_reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    (
        status.success(),
        String::from_utf8(out).expect("stdout is not UTF-8"),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

/// The ids of the replies the binary owes for `input`: one for each line
/// that is not empty after preprocessing, up to and including `quit`.
fn expected_replies(input: &[u8]) -> Vec<Option<String>> {
    let mut ids = Vec::new();
    for raw in input.split(|&b| b == b'\n') {
        let raw = &raw[..raw.len().min(1 << 20)];
        if let Some(p) = preprocess(&String::from_utf8_lossy(raw)) {
            let (id, rest) = split_id(&p);
            ids.push(id.map(String::from));
            if rest == "quit" {
                break;
            }
        }
    }
    ids
}

fn assert_clean_stderr(err: &str) {
    for l in err.lines() {
        for bad in ["=", "?", "info", "play"] {
            assert!(
                !l.starts_with(bad),
                "stderr line starts with {bad:?}: {l:?}"
            );
        }
    }
}

#[test]
fn binary_survives_garbage_on_a_pipe() {
    let mut rng_state = 0x1234_5678_9abc_def0_u64;
    let mut next = move || {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        rng_state
    };
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(b"1001 protocol_version\n\xff\xfe\xfd garbage \x00\x01\n");
    for _ in 0..300 {
        let len = (next() % 60) as usize;
        for _ in 0..len {
            input.push((next() % 256) as u8);
        }
        input.push(b'\n');
    }
    input.extend_from_slice(b"1002 boardsize 9\n1003 play b e5\n# interrupt\n\r\n");
    input.extend_from_slice(b"1004 play b ");
    input.extend(std::iter::repeat_n(b'9', 3 << 20));
    input.extend_from_slice(b"\n1005 showboard\n1006 loadsgf /nonexistent/file.sgf\n");
    input.extend_from_slice("1007 known_command é\u{0}\u{7f}ü\n".as_bytes());
    input.extend_from_slice(b"1008 final_score\n1009 name");
    // No final newline, then EOF.
    let want = expected_replies(&input);
    let (ok, out, err) = run_binary(input, Duration::from_secs(60));
    assert!(ok, "kosumi exited with an error; stderr: {}", clip(&err));
    let replies = frames(&out);
    assert_eq!(replies.len(), want.len(), "replies: {}", clip(&out));
    let ids: Vec<Option<String>> = replies.iter().map(|r| r.id.clone()).collect();
    assert_eq!(ids, want);
    // Our own commands among the garbage, by id.
    let reply = |id: &str| {
        replies
            .iter()
            .find(|r| r.id.as_deref() == Some(id))
            .unwrap_or_else(|| panic!("no reply {id}"))
    };
    assert_eq!(reply("1001").body, "2");
    assert!(reply("1002").ok && reply("1003").ok);
    assert!(!reply("1004").ok);
    assert!(reply("1005").ok && reply("1005").body.contains('X'));
    assert_eq!(reply("1006").body, "cannot load file");
    assert_eq!(reply("1007").body, "false");
    assert!(looks_like_score(&reply("1008").body));
    assert!(replies.last().is_some_and(|r| r.ok && r.body == "kosumi"));
    assert_clean_stderr(&err);
}

#[test]
fn binary_quits_cleanly_in_the_middle_of_input() {
    let input = b"1 name\n\x00\x01garbage\n2 quit\n3 name\n4 play b d4\n".to_vec();
    let want = expected_replies(&input);
    assert_eq!(want.len(), 3);
    let (ok, out, err) = run_binary(input, Duration::from_secs(30));
    assert!(ok, "stderr: {}", clip(&err));
    let replies = frames(&out);
    assert_eq!(replies.len(), 3, "{out}");
    assert_eq!(replies[2].id.as_deref(), Some("2"));
    assert!(replies[2].ok && replies[2].body.is_empty());
    assert_clean_stderr(&err);
}

#[test]
fn binary_flags_set_size_komi_and_rules() {
    let args = [
        "--threads",
        "1",
        "--size",
        "13",
        "--komi",
        "-6.5",
        "--rules",
        "japanese",
        "--score-utility",
        "0.2",
    ];
    let (ok, out, err) =
        run_binary_with(&args, b"printsgf\nquit\n".to_vec(), Duration::from_secs(30));
    assert!(ok, "stderr: {}", clip(&err));
    let r = frames(&out);
    assert!(r[0].body.contains("SZ[13]"), "{}", r[0].body);
    assert!(r[0].body.contains("KM[-6.5]"), "{}", r[0].body);
    assert!(r[0].body.contains("RU[Japanese]"), "{}", r[0].body);
}

#[test]
fn a_one_by_one_board_plays_out_in_passes() {
    // GNU Go takes boardsize 1 too: the only move is suicide.
    let mut e = engine();
    let f = TempFile::new("one", b"(;SZ[1]KM[0.5])");
    ok(&mut e, &format!("loadsgf {}", f.path()));
    assert_eq!(e.game().size(), 1);
    assert_eq!(err(&mut e, "play b A1"), "illegal move");
    assert_eq!(ok(&mut e, "genmove b"), "PASS");
    assert_eq!(ok(&mut e, "genmove w"), "PASS");
    assert_eq!(ok(&mut e, "final_score"), "W+0.5");
    ok(&mut e, "undo");
    assert_eq!(e.game().move_count(), 1);
}

#[test]
fn binary_refuses_bad_flags_without_panicking() {
    for bad in [
        &["--size", "0"][..],
        &["--size", "26"],
        &["--rules", "martian"],
        &["--komi", "nan"],
        &["--komi", "inf"],
        &["--komi", "1e39"],
        &["--time", "-1"],
        &["--score-utility", "0.7"],
        &["--score-utility", "nan"],
        &["--score-utility", "-0.1"],
    ] {
        let (ok, out, err) = run_binary_with(bad, b"name\n".to_vec(), Duration::from_secs(30));
        assert!(!ok, "{bad:?} accepted: {out}");
        assert!(out.is_empty(), "{bad:?}: {out}");
        assert!(!err.contains("panicked"), "{bad:?}: {err}");
    }
}

#[test]
fn genmove_resigns_only_when_the_win_rate_stays_low() {
    // Black passes while White takes the centre: from move 44 on Black
    // has no hope (komi 7.5 and every point white's).
    //
    //      A B C D E F G H J
    //    9 . . . . . . . . .
    //    8 . . . . . . . . .
    //    7 . . O O O O O . .
    //    6 . . O O O O O . .
    //    5 . . O O O O O . .
    //    4 . . O O O O O . .
    //    3 . . O . O . O . .
    //    2 . . . . . . . . .
    //    1 . . . . . . . . .
    let mut e = Engine::new(Config {
        playouts: Some(1000),
        ..engine().config().clone()
    });
    ok(&mut e, "boardsize 9");
    let white = [
        "C7", "D7", "E7", "F7", "G7", "C6", "D6", "E6", "F6", "G6", "C5", "D5", "E5", "F5", "G5",
        "C4", "D4", "E4", "F4", "G4", "C3", "E3", "G3",
    ];
    for w in &white[..22] {
        ok(&mut e, "play b pass");
        ok(&mut e, &format!("play w {w}"));
    }
    // The first hopeless search plays on ...
    let first = ok(&mut e, "genmove b");
    assert_ne!(first, "resign");
    // ... and a second one in a row resigns.
    ok(&mut e, "play w G3");
    assert_eq!(ok(&mut e, "genmove b"), "resign");
    // A low reading that does not follow our own low search does not.
    ok(&mut e, "undo");
    ok(&mut e, "undo");
    ok(&mut e, "undo");
    ok(&mut e, "play w G3");
    assert_ne!(ok(&mut e, "genmove b"), "resign");
}
