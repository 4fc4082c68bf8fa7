//! The engine facade through GTP: one reset path for every new game, the
//! file commands (`--no-files`, `printsgf` never leaving a half-written
//! file), `reg_genmove`'s fixed playouts, and one engine playing both
//! colours.

use kosumi::engine::{Config, Engine};
use kosumi::gtp::{execute, preprocess, InputState};
use kosumi::search::SearchConfig;
use kosumi::types::Color;
use std::path::PathBuf;

fn engine(config: Config) -> Engine {
    Engine::new(Config {
        size: 9,
        komi: 7.0,
        search: SearchConfig {
            threads: 1,
            max_nodes: 50_000,
            ..SearchConfig::default()
        },
        playouts: Some(64),
        reg_playouts: 64,
        ..config
    })
}

/// Runs one command line and returns its framed reply.
fn run(e: &mut Engine, line: &str) -> String {
    let input = InputState::new(e.stop_signal());
    let mut out = Vec::new();
    let line = preprocess(line).expect("a command");
    execute(e, &line, &mut out, &input);
    String::from_utf8(out).expect("UTF-8 reply")
}

/// The result of a `=` reply (panics on `?`).
fn ok(e: &mut Engine, line: &str) -> String {
    let r = run(e, line);
    assert!(r.starts_with("= ") && r.ends_with("\n\n"), "{line}: {r:?}");
    r[2..r.len() - 2].to_string()
}

/// The text of a `?` reply (panics on `=`).
fn err(e: &mut Engine, line: &str) -> String {
    let r = run(e, line);
    assert!(r.starts_with("? ") && r.ends_with("\n\n"), "{line}: {r:?}");
    r[2..r.len() - 2].to_string()
}

/// A path in the temporary folder, unique to this process and `tag`.
fn temp_path(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!("kosumi-engine-{}-{tag}.sgf", std::process::id()))
}

#[test]
fn every_new_game_resets_the_clocks() {
    let record = temp_path("reset");
    std::fs::write(&record, "(;GM[1]SZ[9]KM[7];B[ee];W[cc])").unwrap();
    let mut e = engine(Config::default());
    for start in [
        "boardsize 9".to_string(),
        "clear_board".to_string(),
        format!("loadsgf {}", record.display()),
    ] {
        ok(&mut e, "time_settings 300 0 0");
        ok(&mut e, "time_left b 120 0");
        ok(&mut e, "genmove w");
        assert!(e.time_left(Color::Black).is_some());
        assert!(e.last_search().is_some());
        ok(&mut e, &start);
        // The clock stays; what was left of it and the searches go.
        assert_eq!(e.time_left(Color::Black), None, "after {start}");
        assert!(e.last_search().is_none(), "after {start}");
        assert!(e.search_ownership().is_none(), "after {start}");
    }
    std::fs::remove_file(&record).unwrap();
}

#[test]
fn reg_genmove_runs_its_own_playouts_whatever_playouts_says() {
    let mut e = engine(Config {
        playouts: Some(500),
        ..Config::default()
    });
    let mut e2 = engine(Config {
        playouts: Some(50),
        ..Config::default()
    });
    for e in [&mut e, &mut e2] {
        ok(e, "boardsize 9");
        ok(e, "play b e5");
        ok(e, "reg_genmove w");
        assert_eq!(e.last_search().map(|i| i.playouts), Some(64));
        // Nothing was played.
        assert_eq!(e.game().move_count(), 1);
    }
    assert_eq!(ok(&mut e, "reg_genmove w"), ok(&mut e2, "reg_genmove w"));
}

#[test]
fn no_files_refuses_both_file_commands_and_keeps_the_game() {
    let mut e = engine(Config {
        allow_files: false,
        ..Config::default()
    });
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b e5");
    let path = temp_path("nofiles");
    std::fs::write(&path, "(;GM[1]SZ[9];B[aa])").unwrap();
    let before = ok(&mut e, "showboard");
    for cmd in [
        format!("loadsgf {}", path.display()),
        format!("printsgf {}", path.display()),
    ] {
        let text = err(&mut e, &cmd);
        assert!(text.contains("--no-files"), "{cmd}: {text}");
    }
    assert_eq!(ok(&mut e, "showboard"), before);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "(;GM[1]SZ[9];B[aa])"
    );
    // The record itself still comes back on the GTP channel.
    assert!(ok(&mut e, "printsgf").contains("B[ee]"));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn printsgf_replaces_a_file_whole_and_leaves_no_temporary_file() {
    let mut e = engine(Config::default());
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b e5");
    let path = temp_path("printsgf");
    std::fs::write(&path, "x".repeat(10_000)).unwrap();
    ok(&mut e, &format!("printsgf {}", path.display()));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("(;") && text.contains("B[ee]"), "{text}");
    assert!(!text.contains('x'), "old content left over: {text}");
    // A file that cannot be written: a folder that does not exist.
    let missing = std::env::temp_dir()
        .join(format!("kosumi-no-such-folder-{}", std::process::id()))
        .join("game.sgf");
    let text = err(&mut e, &format!("printsgf {}", missing.display()));
    assert!(text.starts_with("cannot write file"), "{text}");
    // No temporary file stays beside the target.
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let leftovers: Vec<String> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(|d| d.ok())
        .map(|d| d.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(&name) && *n != name)
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    std::fs::remove_file(&path).unwrap();
}

/// One engine playing both colours (GoGui's `-computer-both`): black's
/// resignation memory must survive white's searches in between.
///
/// ```text
///     A B C D E F G H J
///  9  . O O O O . . . .
///  8  . O O O O . . . .
///  7  . O O O O . . . .
///  6  . O O O O . . . .
///  5  . O O O O . . . .
///  4  . O O O O . . . .
///  3  . O O O O . . . .
///  2  . O O O O . . . .
///  1  . O O O O . . . .
/// ```
///
/// White's wall and the A column are 45 points, plus komi 7: black cannot
/// win even with the whole right side.
#[test]
fn one_engine_playing_both_colours_still_resigns_the_lost_side() {
    let mut e = engine(Config {
        playouts: Some(500),
        ..Config::default()
    });
    ok(&mut e, "boardsize 9");
    for col in ["B", "C", "D", "E"] {
        for row in 1..=9 {
            ok(&mut e, &format!("play w {col}{row}"));
        }
    }
    let first = ok(&mut e, "genmove b");
    assert_ne!(first, "resign", "one low search is not enough");
    let white = ok(&mut e, "genmove w");
    assert_ne!(white, "resign");
    assert_eq!(ok(&mut e, "genmove b"), "resign");
}

/// The settled 9x9 board of the territory tests below (komi 16.5,
/// Japanese rules), each stone played as a move while the other side
/// passes, then White's `extra` stones the same way; Black passed last.
fn territory_board(extra: &[&str]) -> Engine {
    let mut e = engine(Config {
        playouts: Some(2000),
        ..Config::default()
    });
    ok(&mut e, "boardsize 9");
    ok(&mut e, "komi 16.5");
    ok(&mut e, "kgs-rules japanese");
    for v in [
        "C9", "C8", "C7", "C6", "A6", "B6", "C5", "C4", "D4", "E4", "F4", "G4", "H4", "J4",
    ] {
        ok(&mut e, &format!("play b {v}"));
        ok(&mut e, "play w pass");
    }
    let white = ["D9", "D8", "D7", "D6", "D5", "E5", "F5", "G5", "H5", "J5"];
    for v in white.iter().chain(extra) {
        ok(&mut e, &format!("play w {v}"));
        ok(&mut e, "play b pass");
    }
    e
}

/// Under territory rules a stone in one's own settled territory costs a
/// point, so neither side plays one; the game ends with passes and the
/// territory count is the one on the board. 9x9, komi 16.5, Japanese
/// rules, no dame left (X = black, O = white):
///
/// ```text
///     A B C D E F G H J
///   9 . . X O . . . . .
///   8 . . X O . . . . .
///   7 . . X O . . . . .
///   6 X X X O . . . . .
///   5 . . X O O O O O O
///   4 . . X X X X X X X
///   3 . . . . . . . . .
///   2 . . . . . . . . .
///   1 . . . . . . . . .
/// ```
///
/// Black: 6 + 4 + 27 = 37 points, White: 20; B+0.5 with komi 16.5 (area
/// would give B+4.5). One black stone in its own area would lose the game.
/// kosumi plays both colours, up to 60 moves, two passes in a row or a
/// resignation. The loser, White, may invade; Black's answer within two
/// points of an invading stone is fair, any other black stone in Black's
/// area is a point thrown away.
#[test]
fn under_territory_rules_neither_side_fills_its_own_territory() {
    let mut e = territory_board(&[]);
    assert_eq!(ok(&mut e, "final_score"), "B+0.5");
    // Black's and White's areas as drawn.
    let own = |v: &str, c: Color| {
        let col = v.as_bytes()[0];
        let row: u32 = v[1..].parse().unwrap();
        let black_area = (col <= b'B' && (row >= 7 || row == 5)) || row <= 4;
        let white_area = col >= b'E' && row >= 6;
        match c {
            Color::Black => black_area,
            Color::White => white_area,
        }
    };
    let xy = |v: &str| (v.as_bytes()[0] as i32, v[1..].parse::<i32>().unwrap());
    let mut invaders: Vec<(Color, (i32, i32))> = Vec::new();
    let mut passes = 0;
    let mut c = Color::Black;
    let mut moves = Vec::new();
    for _ in 0..60 {
        let m = ok(&mut e, &format!("genmove {}", c.letter()));
        if m == "resign" {
            assert_eq!(c, Color::White, "the winner resigned: {moves:?}");
            return;
        }
        moves.push(format!("{} {m}", c.letter()));
        let lower = m.to_ascii_lowercase();
        if lower == "pass" {
            passes += 1;
            if passes == 2 {
                break;
            }
        } else {
            passes = 0;
            let (x, y) = xy(&m);
            let answers = invaders
                .iter()
                .any(|&(ic, (ix, iy))| ic != c && (ix - x).abs() <= 2 && (iy - y).abs() <= 2);
            assert!(
                c == Color::White || !own(&m, c) || answers,
                "black filled its own territory: {moves:?}"
            );
            if own(&m, !c) {
                invaders.push((c, (x, y)));
            }
        }
        c = !c;
    }
    let score = ok(&mut e, "final_score");
    assert!(score.starts_with("B+"), "{score} after {moves:?}");
}

/// `kgs-genmove_cleanup` under territory rules: KGS charges nothing for
/// the stones played to take dead ones off, so kosumi captures a dead
/// invader inside its own territory instead of passing. The position of
/// the test above with a white stone at B2, deep in Black's area, and
/// White passing (komi 16.5, Japanese):
///
/// ```text
///     A B C D E F G H J
///   9 . . X O . . . . .
///   8 . . X O . . . . .
///   7 . . X O . . . . .
///   6 X X X O . . . . .
///   5 . . X O O O O O O
///   4 . . X X X X X X X
///   3 . . . . . . . . .
///   2 . O . . . . . . .
///   1 . . . . . . . . .
/// ```
#[test]
fn cleanup_under_territory_rules_takes_dead_stones_off() {
    let mut e = territory_board(&["B2"]);
    // Black's last pass answered B2; White passes now.
    ok(&mut e, "play w pass");
    let mut moves = Vec::new();
    for _ in 0..6 {
        let m = ok(&mut e, "kgs-genmove_cleanup b");
        moves.push(m.clone());
        assert!(!m.eq_ignore_ascii_case("resign"));
        let pass = m.eq_ignore_ascii_case("pass");
        if pass && ok(&mut e, "final_status_list dead").is_empty() {
            break;
        }
        if pass {
            panic!("passed with dead stones on the board: {moves:?}");
        }
        ok(&mut e, "play w pass");
    }
    let geo = e.game().geometry();
    let Ok(kosumi::types::Move::Play(b2)) = geo.parse_move("B2") else {
        unreachable!()
    };
    assert_eq!(
        e.game().board().stone(b2).color(),
        None,
        "B2 still on the board after {moves:?}"
    );
}

/// Under territory rules a winner does not capture dead stones inside its
/// own territory after the opponent passes: each stone played to take
/// them off costs a point; they come off as prisoners when the game is
/// counted. The board of the tests above with a dead white stone at B2
/// (komi 16.5, Japanese: B+1.5 with B2 dead), White to pass.
#[test]
fn under_territory_rules_a_winner_passes_instead_of_taking_dead_stones_off() {
    let mut e = territory_board(&["B2"]);
    ok(&mut e, "play w pass");
    assert_eq!(ok(&mut e, "final_status_list dead"), "B2");
    assert_eq!(ok(&mut e, "final_score"), "B+1.5");
    assert_eq!(ok(&mut e, "genmove b").to_ascii_lowercase(), "pass");
}

/// Under territory rules a winner passes on a closed board before the
/// opponent does: the settled board of the tests above as a record
/// (gtp-tests/sgf/territory-settled.sgf: setup stones, RU[Japanese], komi
/// 16.5, B+0.5 by the territory count, no dame, no chain in atari, Black
/// to move, no pass played). Every black stone would cost a point, in
/// Black's own area or as a prisoner in White's, and the game with it.
/// Behind by half a point, Black may still try an invasion.
#[test]
fn under_territory_rules_a_winner_passes_on_a_closed_board() {
    let mut e = engine(Config {
        playouts: Some(2000),
        ..Config::default()
    });
    ok(&mut e, "loadsgf gtp-tests/sgf/territory-settled.sgf");
    assert_eq!(ok(&mut e, "final_score"), "B+0.5");
    assert_eq!(ok(&mut e, "genmove b").to_ascii_lowercase(), "pass");
    ok(&mut e, "undo");
    ok(&mut e, "komi 17.5");
    assert_eq!(ok(&mut e, "final_score"), "W+0.5");
    assert_ne!(ok(&mut e, "genmove b"), "resign");
}
