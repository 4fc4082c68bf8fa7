//! The rules of Go, shown on board diagrams: captures, suicide, ko,
//! positional superko, snapback, undo, prisoners, scoring under both rule
//! sets, and the fixed handicap tables.
//!
//! Diagrams: `X` black, `O` white, `.` empty; row numbers and column
//! letters are only for the reader.

mod common;

use common::{assert_board, board, game, pt, pts, vertex_set};
use kosumi::board::{Board, IllegalMove};
use kosumi::endgame::{dead_by_sacrifice, static_seki};
use kosumi::game::{fixed_handicap_points, format_margin, score_board, Game, Rules};
use kosumi::types::{Color, Geometry, Move};

use Color::{Black, White};

/// Plays a stone on a bare board.
fn play(b: &mut Board, c: Color, v: &str) -> Result<(), IllegalMove> {
    let p = pt(&b.geometry(), v);
    b.try_play(c, Move::Play(p))
}

/// Plays a move (vertex or `pass`) in a game.
fn gplay(g: &mut Game, c: Color, v: &str) -> Result<(), IllegalMove> {
    let m = common::mv(&g.geometry(), v);
    g.play(c, m)
}

/// Asserts that `c` may not play `v` for `why`, and that trying changes
/// nothing on the board.
#[track_caller]
fn assert_refused(b: &Board, c: Color, v: &str, why: IllegalMove) {
    let p = pt(&b.geometry(), v);
    assert_eq!(b.check_move(c, p), Err(why), "{c} {v}");
    assert!(!b.is_legal(c, p));
    let mut after = b.clone();
    assert_eq!(after.try_play(c, Move::Play(p)), Err(why));
    assert_eq!(after.to_diagram(), b.to_diagram());
    assert_eq!(after.hash(), b.hash());
    assert_eq!(after.ko(), b.ko());
    after.check_consistency().unwrap();
}

/// Asserts that a game refuses `c` at `v` for `why` and stays as it was.
#[track_caller]
fn assert_game_refuses(g: &mut Game, c: Color, v: &str, why: IllegalMove) {
    let m = common::mv(&g.geometry(), v);
    let (diagram, hash, to_move, moves) = (
        g.board().to_diagram(),
        g.board().hash(),
        g.to_move(),
        g.move_count(),
    );
    assert_eq!(g.check_move(c, m), Err(why), "{c} {v}");
    assert!(!g.is_legal(c, m));
    assert_eq!(g.play(c, m), Err(why), "{c} {v}");
    assert_eq!(g.board().to_diagram(), diagram);
    assert_eq!(g.board().hash(), hash);
    assert_eq!(g.to_move(), to_move);
    assert_eq!(g.move_count(), moves);
}

// ---------------------------------------------------------------------------
// Captures

#[test]
fn capture_in_the_middle() {
    let mut b = board(
        "
        5 . . . . .
        4 . . X . .
        3 . X O . .
        2 . . X . .
        1 . . . . .
          A B C D E",
    );
    play(&mut b, Black, "D3").unwrap();
    assert_board(
        &b,
        "
        5 . . . . .
        4 . . X . .
        3 . X . X .
        2 . . X . .
        1 . . . . .",
    );
    assert_eq!(b.prisoners(Black), 1);
    assert_eq!(b.prisoners(White), 0);
    assert_eq!(b.last_captured(), 1);
    // The empty C3 is a liberty of the black stones around it again.
    assert_eq!(b.libs(pt(&b.geometry(), "B3")), 4);
    assert_eq!(b.libs(pt(&b.geometry(), "D3")), 4);
    b.check_consistency().unwrap();
}

#[test]
fn capture_in_the_corner_and_on_the_edge() {
    let mut b = board(
        "
        5 . . . . .
        4 . . . . .
        3 . . . . .
        2 . . X X .
        1 O X O O O
          A B C D E",
    );
    play(&mut b, Black, "A2").unwrap(); // takes A1
    assert_eq!(b.prisoners(Black), 1);
    play(&mut b, Black, "E2").unwrap(); // takes C1 D1 E1
    assert_board(
        &b,
        "
        5 . . . . .
        4 . . . . .
        3 . . . . .
        2 X . X X X
        1 . X . . .",
    );
    assert_eq!(b.prisoners(Black), 4);
    assert_eq!(b.last_captured(), 3);
    assert_eq!(b.libs(pt(&b.geometry(), "B1")), 3);
    b.check_consistency().unwrap();
}

#[test]
fn white_captures_in_the_corner() {
    let mut b = board(
        "
        3 . . .
        2 O . .
        1 X . .
          A B C",
    );
    play(&mut b, White, "B1").unwrap();
    assert_board(
        &b,
        "
        3 . . .
        2 O . .
        1 . O .",
    );
    assert_eq!(b.prisoners(White), 1);
    assert_eq!(b.prisoners(Black), 0);
}

#[test]
fn multiple_captures_by_one_move() {
    // C4 takes the last liberty of four white chains at once, though it has
    // no liberty of its own before the captures.
    let mut b = board(
        "
        5 . X O X .
        4 X O . O X
        3 . X O X .
        2 . . X . .
        1 . . . . .
          A B C D E",
    );
    play(&mut b, Black, "C4").unwrap();
    assert_board(
        &b,
        "
        5 . X . X .
        4 X . X . X
        3 . X . X .
        2 . . X . .
        1 . . . . .",
    );
    assert_eq!(b.prisoners(Black), 4);
    assert_eq!(b.last_captured(), 4);
    assert_eq!(b.ko(), None, "four stones taken: no ko");
    assert_eq!(b.libs(pt(&b.geometry(), "C4")), 4);
    b.check_consistency().unwrap();
}

#[test]
fn prisoners_are_kept_per_colour() {
    let mut g = game(
        "
        5 . . . . .
        4 . O . . .
        3 O X O . .
        2 . . . X X
        1 . . . O O
          A B C D E",
        Black,
        0.0,
        Rules::Chinese,
    );
    gplay(&mut g, Black, "C1").unwrap(); // takes D1 E1
    gplay(&mut g, White, "B2").unwrap(); // takes B3
    assert_board(
        g.board(),
        "
        5 . . . . .
        4 . O . . .
        3 O . O . .
        2 . O . X X
        1 . . X . .",
    );
    assert_eq!(g.board().prisoners(Black), 2);
    assert_eq!(g.board().prisoners(White), 1);
    assert!(g.undo());
    assert_eq!(g.board().prisoners(Black), 2);
    assert_eq!(g.board().prisoners(White), 0);
    assert!(g.undo());
    assert_eq!(g.board().prisoners(Black), 0);
}

// ---------------------------------------------------------------------------
// Suicide

#[test]
fn single_stone_suicide_is_illegal() {
    let b = board(
        "
        5 . X . . .
        4 X . . . .
        3 . . . . .
        2 . . . . .
        1 . . . . .
          A B C D E",
    );
    assert_refused(&b, White, "A5", IllegalMove::Suicide);
    // Black may fill its own eye.
    assert!(b.is_legal(Black, pt(&b.geometry(), "A5")));
}

#[test]
fn suicide_in_the_middle_is_illegal() {
    let b = board(
        "
        5 . . . . .
        4 . . X . .
        3 . X . X .
        2 . . X . .
        1 . . . . .
          A B C D E",
    );
    assert_refused(&b, White, "C3", IllegalMove::Suicide);
}

#[test]
fn suicide_of_several_stones_is_illegal() {
    // White A4 would join A5: the pair would touch only black stones.
    let b = board(
        "
        5 O X . . .
        4 . X . . .
        3 X . . . .
        2 . . . . .
        1 . . . . .
          A B C D E",
    );
    assert_refused(&b, White, "A4", IllegalMove::Suicide);
}

#[test]
fn filling_the_last_liberty_of_a_big_own_chain_is_suicide() {
    let b = board(
        "
        4 O O O X
        3 O . O X
        2 O O O X
        1 X X X .
          A B C D",
    );
    // The white chain's only liberty is B3; but it also has none left after
    // filling it, and no black chain is without liberties: suicide.
    assert_refused(&b, White, "B3", IllegalMove::Suicide);
    // Black B3 captures the eight white stones.
    let mut b2 = b.clone();
    play(&mut b2, Black, "B3").unwrap();
    assert_eq!(b2.prisoners(Black), 8);
    assert_board(
        &b2,
        "
        4 . . . X
        3 . X . X
        2 . . . X
        1 X X X .",
    );
}

#[test]
fn occupied_point_is_illegal() {
    let b = board(
        "
        3 . . .
        2 . X .
        1 . . O
          A B C",
    );
    assert_refused(&b, White, "B2", IllegalMove::Occupied);
    assert_refused(&b, Black, "B2", IllegalMove::Occupied);
    assert_refused(&b, Black, "C1", IllegalMove::Occupied);
}

#[test]
fn a_move_that_captures_is_not_suicide() {
    // Black A5 has no liberty of its own but takes B5 and A4.
    let mut b = board(
        "
        5 . O X . .
        4 O X . . .
        3 X . . . .
        2 . . . . .
        1 . . . . .
          A B C D E",
    );
    assert!(b.is_legal(Black, pt(&b.geometry(), "A5")));
    play(&mut b, Black, "A5").unwrap();
    assert_board(
        &b,
        "
        5 X . X . .
        4 . X . . .
        3 X . . . .
        2 . . . . .
        1 . . . . .",
    );
    assert_eq!(b.prisoners(Black), 2);
    assert_eq!(b.ko(), None);
}

#[test]
fn capture_not_suicide_on_a_full_board() {
    // B1 is the last liberty of every chain on the board: whoever plays
    // there captures, so it is legal for both.
    let b = board(
        "
        3 O O O
        2 O O O
        1 X . X
          A B C",
    );
    let mut black = b.clone();
    play(&mut black, Black, "B1").unwrap();
    assert_board(
        &black,
        "
        3 . . .
        2 . . .
        1 X X X",
    );
    assert_eq!(black.prisoners(Black), 6);
    let mut white = b.clone();
    play(&mut white, White, "B1").unwrap();
    assert_board(
        &white,
        "
        3 O O O
        2 O O O
        1 . O .",
    );
    assert_eq!(white.prisoners(White), 2);
    assert_eq!(white.ko(), None, "two stones taken: no ko");
}

#[test]
fn suicide_on_two_by_two() {
    let b = board(
        "
        2 . O
        1 O .
          A B",
    );
    assert_refused(&b, Black, "A2", IllegalMove::Suicide);
    assert_refused(&b, Black, "B1", IllegalMove::Suicide);
    assert!(b.is_legal(White, pt(&b.geometry(), "A2")));
}

// ---------------------------------------------------------------------------
// Ko

const KO: &str = "
    5 . . . . .
    4 . X O . .
    3 X O . O .
    2 . X O . .
    1 . . . . .
      A B C D E";

#[test]
fn simple_ko_retake_is_illegal_at_once() {
    let mut b = board(KO);
    play(&mut b, Black, "C3").unwrap();
    assert_board(
        &b,
        "
        5 . . . . .
        4 . X O . .
        3 X . X O .
        2 . X O . .
        1 . . . . .",
    );
    let geo = b.geometry();
    assert_eq!(b.ko(), Some((pt(&geo, "B3"), White)));
    assert_refused(&b, White, "B3", IllegalMove::Ko);
    // The ko point is barred for White only: Black may fill it.
    assert!(b.is_legal(Black, pt(&geo, "B3")));
}

#[test]
fn ko_may_be_retaken_after_a_threat_and_answer() {
    let mut b = board(KO);
    play(&mut b, Black, "C3").unwrap();
    play(&mut b, White, "E1").unwrap(); // ko threat
    assert_eq!(b.ko(), None);
    play(&mut b, Black, "E2").unwrap(); // answer
    play(&mut b, White, "B3").unwrap(); // retake: takes C3
    assert_board(
        &b,
        "
        5 . . . . .
        4 . X O . .
        3 X O . O .
        2 . X O . X
        1 . . . . O",
    );
    // Now Black may not retake at once.
    assert_refused(&b, Black, "C3", IllegalMove::Ko);
    assert_eq!(b.prisoners(Black), 1);
    assert_eq!(b.prisoners(White), 1);
}

#[test]
fn capturing_two_stones_makes_no_ko() {
    let mut b = board(
        "
        5 . . . . .
        4 . X X O .
        3 X O O . O
        2 . X X O .
        1 . . . . .
          A B C D E",
    );
    play(&mut b, Black, "D3").unwrap();
    assert_board(
        &b,
        "
        5 . . . . .
        4 . X X O .
        3 X . . X O
        2 . X X O .
        1 . . . . .",
    );
    assert_eq!(b.prisoners(Black), 2);
    assert_eq!(b.ko(), None);
    // White may play C3 at once (it is no ko retake, and not suicide).
    assert!(b.is_legal(White, pt(&b.geometry(), "C3")));
}

#[test]
fn capture_by_a_stone_that_joins_a_chain_makes_no_ko() {
    let mut b = board(
        "
        5 . . . . .
        4 . X O . .
        3 X O . O .
        2 . X X . .
        1 . . . . .
          A B C D E",
    );
    // C3 takes B3, but the capturing stone joins C2-B2: no ko.
    play(&mut b, Black, "C3").unwrap();
    assert_eq!(b.ko(), None);
    assert_eq!(b.prisoners(Black), 1);
}

#[test]
fn ko_on_the_edge() {
    let mut b = board(
        "
        4 . . . .
        3 . . . .
        2 X O . .
        1 O . O .
          A B C D",
    );
    // Black B1 takes A1 and stands in atari at A1: a ko.
    play(&mut b, Black, "B1").unwrap();
    assert_board(
        &b,
        "
        4 . . . .
        3 . . . .
        2 X O . .
        1 . X O .",
    );
    assert_refused(&b, White, "A1", IllegalMove::Ko);
}

#[test]
fn snapback_is_not_ko() {
    // Black throws in at C2; White takes it with C1; Black plays C2 again
    // and takes seven stones.
    let mut b = board(
        "
        5 . . . . .
        4 . X X X .
        3 X O O X .
        2 X O . O X
        1 X O . O X
          A B C D E",
    );
    play(&mut b, Black, "C2").unwrap();
    assert_eq!(b.libs(pt(&b.geometry(), "C2")), 1);
    play(&mut b, White, "C1").unwrap();
    assert_board(
        &b,
        "
        5 . . . . .
        4 . X X X .
        3 X O O X .
        2 X O . O X
        1 X O O O X",
    );
    assert_eq!(b.prisoners(White), 1);
    assert_eq!(b.ko(), None, "the capturing stone joined a chain");
    play(&mut b, Black, "C2").unwrap();
    assert_board(
        &b,
        "
        5 . . . . .
        4 . X X X .
        3 X . . X .
        2 X . X . X
        1 X . . . X",
    );
    assert_eq!(b.prisoners(Black), 7);
    assert_eq!(b.ko(), None);
    b.check_consistency().unwrap();
}

// ---------------------------------------------------------------------------
// Positional superko (game level)

#[test]
fn retaking_a_ko_after_two_passes_is_superko() {
    let mut g = game(KO, Black, 7.5, Rules::Chinese);
    gplay(&mut g, Black, "C3").unwrap();
    gplay(&mut g, White, "pass").unwrap();
    gplay(&mut g, Black, "pass").unwrap();
    // The board alone allows it (the passes ended the simple ko)...
    let geo = g.geometry();
    assert!(g.board().is_legal(White, pt(&geo, "B3")));
    // ...but it would recreate the position before C3.
    assert_game_refuses(&mut g, White, "B3", IllegalMove::Superko);
    // White may play elsewhere, and later the position differs.
    gplay(&mut g, White, "E1").unwrap();
    gplay(&mut g, Black, "E5").unwrap();
    gplay(&mut g, White, "B3").unwrap();
    assert_board(
        g.board(),
        "
        5 . . . . X
        4 . X O . .
        3 X O . O .
        2 . X O . .
        1 . . . . O",
    );
}

#[test]
fn retaking_after_one_pass_by_each_side_in_either_order() {
    // Black captures, Black passes (moving twice is allowed), White passes,
    // then White retakes: still the old position.
    let mut g = game(KO, Black, 7.5, Rules::Chinese);
    gplay(&mut g, Black, "C3").unwrap();
    gplay(&mut g, Black, "pass").unwrap();
    assert_game_refuses(&mut g, White, "B3", IllegalMove::Superko);
    gplay(&mut g, White, "pass").unwrap();
    assert_game_refuses(&mut g, White, "B3", IllegalMove::Superko);
}

#[test]
fn simple_ko_is_reported_as_ko_in_a_game() {
    let mut g = game(KO, Black, 7.5, Rules::Chinese);
    gplay(&mut g, Black, "C3").unwrap();
    assert_game_refuses(&mut g, White, "B3", IllegalMove::Ko);
}

/// Three kos at once: after six captures, each a legal simple-ko move,
/// the whole board would repeat. The sixth capture is superko.
const TRIPLE_KO: &str = "
    9 . X O . . . X O .
    8 X . X O . X O . O
    7 . X O . . . X O .
    6 . . . . . . . . .
    5 . . . . . . . . .
    4 . X O . . . . . .
    3 X . X O . . . . .
    2 . X O . . . . . .
    1 . . . . . . . . .
      A B C D E F G H J";

#[test]
fn triple_ko_cycle_is_stopped_by_superko() {
    let mut g = game(TRIPLE_KO, White, 0.5, Rules::Chinese);
    let start = g.board().to_diagram();
    gplay(&mut g, White, "B8").unwrap(); // takes C8 (ko 1)
    gplay(&mut g, Black, "H8").unwrap(); // takes G8 (ko 2)
    gplay(&mut g, White, "B3").unwrap(); // takes C3 (ko 3)
    gplay(&mut g, Black, "C8").unwrap(); // takes B8 (ko 1)
    gplay(&mut g, White, "G8").unwrap(); // takes H8 (ko 2)
    assert_board(
        g.board(),
        "
        9 . X O . . . X O .
        8 X . X O . X O . O
        7 . X O . . . X O .
        6 . . . . . . . . .
        5 . . . . . . . . .
        4 . X O . . . . . .
        3 X O . O . . . . .
        2 . X O . . . . . .
        1 . . . . . . . . .",
    );
    // Black C3 takes B3: a legal simple-ko capture on the bare board...
    let geo = g.geometry();
    assert!(g.board().is_legal(Black, pt(&geo, "C3")));
    // ...which would bring back the starting position.
    assert_game_refuses(&mut g, Black, "C3", IllegalMove::Superko);
    assert_eq!(g.board().prisoners(Black), 2);
    assert_eq!(g.board().prisoners(White), 3);
    // H8 is the simple ko White just took; elsewhere Black may play.
    assert_eq!(
        g.check_move(Black, common::mv(&geo, "H8")),
        Err(IllegalMove::Ko)
    );
    assert!(g.is_legal(Black, common::mv(&geo, "E5")));
    // Undo all five and the start comes back.
    for _ in 0..5 {
        assert!(g.undo());
    }
    assert_eq!(g.board().to_diagram(), start);
    assert!(!g.undo(), "setup stones are not moves");
}

#[test]
fn a_record_may_repeat_a_position_where_a_game_may_not() {
    // The triple-ko cycle above, as a record played under simple ko (the
    // Japanese rules) has it: the sixth capture repeats the start, and
    // replaying the record (`kosumi analysis`, reviews) accepts it.
    let mut g = game(TRIPLE_KO, White, 0.5, Rules::Japanese);
    let start = g.board().to_diagram();
    for (c, v) in [
        (White, "B8"),
        (Black, "H8"),
        (White, "B3"),
        (Black, "C8"),
        (White, "G8"),
    ] {
        gplay(&mut g, c, v).unwrap();
    }
    let geo = g.geometry();
    assert_game_refuses(&mut g, Black, "C3", IllegalMove::Superko);
    g.play_record(Black, common::mv(&geo, "C3")).unwrap();
    assert_eq!(g.board().to_diagram(), start);
    assert_eq!(g.to_move(), White);
    // Occupied points and simple ko stay illegal in a record.
    assert_eq!(
        g.play_record(White, common::mv(&geo, "C3")),
        Err(IllegalMove::Occupied)
    );
    assert_eq!(
        g.play_record(White, common::mv(&geo, "B3")),
        Err(IllegalMove::Ko)
    );
    assert_eq!(g.board().to_diagram(), start);
}

#[test]
fn superko_counts_the_setup_position() {
    // The setup position is the first of the game's positions.
    let g = game(KO, Black, 0.0, Rules::Chinese);
    assert_eq!(g.position_hashes(), &[g.board().hash()]);
}

// ---------------------------------------------------------------------------
// Undo

#[test]
fn undo_any_number_of_moves() {
    let mut g = game(KO, Black, 6.5, Rules::Chinese);
    let mut snapshots = vec![(
        g.board().to_diagram(),
        g.board().hash(),
        g.to_move(),
        g.board().prisoners(Black),
        g.board().prisoners(White),
        g.board().ko(),
    )];
    let moves = [
        (Black, "C3"),
        (White, "E1"),
        (Black, "pass"),
        (White, "B3"),
        (Black, "D4"),
        (White, "A4"),
        (White, "A2"), // White twice in a row
        (Black, "E5"),
    ];
    for (c, v) in moves {
        gplay(&mut g, c, v).unwrap();
        let b = g.board();
        snapshots.push((
            b.to_diagram(),
            b.hash(),
            g.to_move(),
            b.prisoners(Black),
            b.prisoners(White),
            b.ko(),
        ));
    }
    assert_eq!(g.move_count(), moves.len());
    snapshots.pop();
    while let Some(s) = snapshots.pop() {
        assert!(g.undo());
        let b = g.board();
        let now = (
            b.to_diagram(),
            b.hash(),
            g.to_move(),
            b.prisoners(Black),
            b.prisoners(White),
            b.ko(),
        );
        assert_eq!(now, s);
        b.check_consistency().unwrap();
    }
    assert_eq!(g.move_count(), 0);
    assert!(!g.undo());
    assert!(!g.undo());
}

#[test]
fn undo_restores_the_ko_ban() {
    let mut g = game(KO, Black, 6.5, Rules::Chinese);
    gplay(&mut g, Black, "C3").unwrap();
    gplay(&mut g, White, "E1").unwrap();
    assert!(g.undo());
    assert_game_refuses(&mut g, White, "B3", IllegalMove::Ko);
}

#[test]
fn undo_forgets_positions_for_superko() {
    // After undoing a move, its position may be reached again.
    let mut g = Game::new(5, 0.0, Rules::Chinese);
    gplay(&mut g, Black, "C3").unwrap();
    assert!(g.undo());
    gplay(&mut g, Black, "C3").unwrap();
    assert_eq!(g.position_hashes().len(), 2);
}

#[test]
fn undo_stops_at_handicap_stones() {
    let mut g = Game::new(19, 0.5, Rules::Chinese);
    let geo = g.geometry();
    g.set_handicap(&pts(&geo, "D4 Q16 D16 Q4")).unwrap();
    assert_eq!(g.to_move(), White);
    let with_handicap = g.board().to_diagram();
    gplay(&mut g, White, "K10").unwrap();
    gplay(&mut g, Black, "C3").unwrap();
    gplay(&mut g, White, "pass").unwrap();
    for _ in 0..3 {
        assert!(g.undo());
    }
    assert!(!g.undo());
    assert_eq!(g.board().to_diagram(), with_handicap);
    assert_eq!(g.to_move(), White);
    assert_eq!(g.handicap(), 4);
    // A second handicap is refused: the board is not empty.
    assert!(g.set_handicap(&pts(&geo, "K10 K4")).is_err());
}

#[test]
fn undo_stops_at_setup_stones_placed_after_moves() {
    // An SGF may add stones in mid-game; the moves before them stay.
    let mut g = Game::new(9, 0.0, Rules::Chinese);
    let geo = g.geometry();
    gplay(&mut g, Black, "E5").unwrap();
    g.place_setup(&[(White, pt(&geo, "C3"))]).unwrap();
    gplay(&mut g, White, "G7").unwrap();
    assert!(g.undo());
    assert!(!g.undo(), "E5 came before the setup stone");
    assert_board(
        g.board(),
        "
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . X . . . .
        4 . . . . . . . . .
        3 . . O . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .",
    );
    // The position history still matches the board: G7 may be replayed.
    assert_eq!(g.position_hashes().last(), Some(&g.board().hash()));
    gplay(&mut g, White, "G7").unwrap();
}

// ---------------------------------------------------------------------------
// Scoring

/// Black owns the left two columns, White the right three.
const SPLIT: &str = "
    5 . X O . .
    4 . X O . .
    3 X X O . .
    2 . X O O O
    1 . X O . .
      A B C D E";

#[test]
fn area_scoring_counts_stones_and_surrounded_points() {
    let g = game(SPLIT, Black, 0.5, Rules::Chinese);
    let s = g.score_with(&[], &[]);
    // Black: 6 stones + A5 A4 A2 A1; White: 7 stones + 8 points.
    assert_eq!((s.black, s.white), (10.0, 15.5));
    assert_eq!(s.to_gtp(), "W+5.5");
}

#[test]
fn territory_scoring_counts_surrounded_points_and_prisoners() {
    let g = game(SPLIT, Black, 0.5, Rules::Japanese);
    let s = g.score_with(&[], &[]);
    assert_eq!((s.black, s.white), (4.0, 8.5));
    assert_eq!(s.to_gtp(), "W+4.5");
}

/// White's B3 is in atari; its last liberty, C3, lies in White's area,
/// and White must fill it (as at the end of an open ko): under territory
/// rules C3 is no point of territory.
#[test]
fn the_last_liberty_of_a_chain_in_atari_is_no_territory() {
    let g = game(
        "
        5 . X O . .
        4 . X O . .
        3 X O . . .
        2 X X O O O
        1 . X O . .
          A B C D E",
        Black,
        0.0,
        Rules::Japanese,
    );
    let s = g.score_with(&[], &[]);
    // Black: A5 A4 A1; White: D5 E5 D4 E4 D3 E3 D1 E1 (not C3).
    assert_eq!((s.black, s.white), (3.0, 8.0));
    // Counting area nothing changes: C3 is White's.
    let mut a = g.clone();
    a.set_rules(Rules::Chinese);
    assert_eq!(a.score_with(&[], &[]).white, 7.0 + 9.0);
}

/// White's E5 is in atari only from the dead black D5: once D5 is taken
/// off, E5 has liberties, so E4 stays a point of White's territory.
#[test]
fn an_atari_by_dead_stones_takes_no_territory_away() {
    let g = game(
        "
        5 . X O X O
        4 . X O . .
        3 X X O . .
        2 . X O O O
        1 . X O . .
          A B C D E",
        Black,
        0.0,
        Rules::Japanese,
    );
    let s = g.score_with(&[pt(&g.board().geometry(), "D5")], &[]);
    // Black: A5 A4 A2 A1; White: D5 D4 E4 D3 E3 D1 E1 and the prisoner.
    assert_eq!((s.black, s.white), (4.0, 8.0));
}

#[test]
fn territory_scoring_adds_prisoners_taken_in_the_game() {
    let mut g = game(
        "
        5 . X O . .
        4 . X O . .
        3 X O O . .
        2 . X O O O
        1 . X O . .
          A B C D E",
        Black,
        0.0,
        Rules::Japanese,
    );
    // Black invades White's area and White captures two stones.
    gplay(&mut g, Black, "E5").unwrap();
    gplay(&mut g, White, "D5").unwrap();
    gplay(&mut g, Black, "E4").unwrap();
    gplay(&mut g, White, "D4").unwrap();
    gplay(&mut g, Black, "pass").unwrap();
    gplay(&mut g, White, "E3").unwrap(); // takes E5 E4
    assert_eq!(g.board().prisoners(White), 2);
    assert_board(
        g.board(),
        "
        5 . X O O .
        4 . X O O .
        3 X O O . O
        2 . X O O O
        1 . X O . .",
    );
    let s = g.score_with(&[], &[]);
    // Black: A5 A4 A2 A1 = 4. White: E5 E4 D3 D1 E1 = 5, plus 2 prisoners.
    assert_eq!((s.black, s.white), (4.0, 7.0));
    assert_eq!(s.to_gtp(), "W+3.0");
    let mut chinese = g.clone();
    chinese.set_rules(Rules::Chinese);
    // Black: 5 stones + 4; White: 11 stones + 5.
    let s = chinese.score_with(&[], &[]);
    assert_eq!((s.black, s.white), (9.0, 16.0));
}

#[test]
fn dame_counts_for_nobody() {
    let g = game(
        "
        5 . X . O .
        4 . X . O .
        3 . X . O .
        2 . X . O .
        1 . X . O .
          A B C D E",
        Black,
        7.0,
        Rules::Chinese,
    );
    let s = g.score_with(&[], &[]);
    assert_eq!((s.black, s.white), (10.0, 17.0));
    assert_eq!(s.to_gtp(), "W+7.0");
    let mut j = g.clone();
    j.set_rules(Rules::Japanese);
    let s = j.score_with(&[], &[]);
    assert_eq!((s.black, s.white), (5.0, 12.0));
    assert_eq!(s.to_gtp(), "W+7.0");
}

/// White A4 and Black D2 are dead.
const DEAD: &str = "
    5 . X O . .
    4 O X O . .
    3 . X O . .
    2 . X O X .
    1 . X O . .
      A B C D E";

#[test]
fn dead_stones_under_area_scoring() {
    let g = game(DEAD, Black, 0.0, Rules::Chinese);
    let geo = g.geometry();
    // All alive: every empty region touches both colours.
    let s = g.score_with(&[], &[]);
    assert_eq!((s.black, s.white), (6.0, 6.0));
    assert_eq!(s.to_gtp(), "0");
    let s = g.score_with(&pts(&geo, "A4 D2"), &[]);
    assert_eq!((s.black, s.white), (10.0, 15.0));
    assert_eq!(s.to_gtp(), "W+5.0");
}

#[test]
fn dead_stones_count_as_prisoners_under_territory_scoring() {
    let g = game(DEAD, Black, 0.0, Rules::Japanese);
    let geo = g.geometry();
    let s = g.score_with(&pts(&geo, "A4 D2"), &[]);
    // Black: 5 points (A4 included) + 1 dead white stone.
    // White: 10 points (D2 included) + 1 dead black stone.
    assert_eq!((s.black, s.white), (6.0, 11.0));
    assert_eq!(s.to_gtp(), "W+5.0");
    // Only White's stone dead.
    let s = g.score_with(&pts(&geo, "A4"), &[]);
    assert_eq!((s.black, s.white), (6.0, 0.0));
}

/// A seki with two shared liberties, D7 and D6: the black chain C7-C6-C5-D5
/// and the white chain E7-E6-E5 each have only those two.
const SEKI: &str = "
    7 . O X . O X .
    6 . O X . O X .
    5 . O X X O X .
    4 . O O O X X .
    3 . . . O X . .
    2 . . . O X . .
    1 . . . O X . .
      A B C D E F G";

#[test]
fn static_seki_finds_the_seki_chains() {
    let b = board(SEKI);
    let geo = b.geometry();
    assert_eq!(
        vertex_set(&geo, &static_seki(&b, &[])),
        vertex_set(&geo, &pts(&geo, "C7 C6 C5 D5 E7 E6 E5"))
    );
    // Neither side may usefully fill a shared point: it would be
    // self-atari (legal, but the chain then has one liberty).
    let mut b2 = b.clone();
    play(&mut b2, Black, "D7").unwrap();
    assert_eq!(b2.libs(pt(&geo, "D7")), 1);
}

#[test]
fn two_liberties_sharing_a_dame_are_not_always_seki() {
    // C1 and E1 share D1, each with two liberties. Black may fill D1
    // safely (it connects to D2-E2 and puts E1 in atari): no seki.
    let b = board(
        "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 X X O X X O O
        1 . . X . O . .
          A B C D E F G",
    );
    assert_eq!(static_seki(&b, &[]), vec![]);
    // So A1-B1 counts for Black and F1-G1 for White under territory rules.
    let g = game(
        "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 X X O X X O O
        1 . . X . O . .
          A B C D E F G",
        Black,
        0.0,
        Rules::Japanese,
    );
    let s = g.score_with(&[], &static_seki(g.board(), &[]));
    assert_eq!((s.black, s.white), (2.0, 2.0));
}

#[test]
fn a_liberty_where_the_owner_captures_is_no_seki_liberty() {
    // The end of a 9x9 game against GNU Go (docs/matches/c8ee74c-9x9,
    // game 99, a draw). White's top right (G9 ... H7) has the eye H9 and
    // F7; Black's upper chain (B9 ... J6) has F7 and J5. Neither side can
    // fill F7, and White cannot approach J5 (suicide): it looks like a
    // seki. But J5 is no seki liberty for Black: Black plays it, captures
    // G5 H5 J4 and connects to the living chain below; then F7 is safe
    // and the white top right dies. No seki here.
    let b = board(
        "
        9 O X X X X X O . O
        8 O O O O X O O O O
        7 O . O X X . O O X
        6 . O O O X X X X X
        5 O O O O X X O O .
        4 O O . O O O X X O
        3 O O O . O O X X X
        2 . O O O O X X X X
        1 O O O O X X . X .
          A B C D E F G H J",
    );
    let geo = b.geometry();
    assert_eq!(static_seki(&b, &[]), vec![]);
    let mut after = b.clone();
    play(&mut after, Black, "J5").unwrap();
    assert!(after.libs(pt(&geo, "J6")) >= 4);
}

#[test]
fn a_liberty_that_connects_to_a_chain_that_can_grow_is_no_seki_liberty() {
    // The end of a 9x9 game against GNU Go (docs/matches/b274fe6-9x9,
    // game 87, a draw). White's B8 C8 B7 and A6 C6 A5 B5 C5 B4 have two
    // liberties, A7 and the eye B6; Black's A8 has A7 and A9. Neither
    // side can fill A7 (self-atari), White cannot play A9 (suicide), and
    // Black at A9 joins the upper chain with two liberties, A7 and D4:
    // one move deep it looks like a seki. Two moves deep it is not: D4
    // connects the upper chain to the lower one, after which Black fills
    // A7 and captures.
    let b = board(
        "
        9 . X X X O O . . .
        8 X O O X X O . . .
        7 . O X X X O . . .
        6 O . O X O O O . .
        5 O O O X X X O . .
        4 X O X . X O O . .
        3 X X X X O O . . .
        2 . . X . X O O . .
        1 . X . X X X O . .
          A B C D E F G H J",
    );
    let geo = b.geometry();
    assert_eq!(static_seki(&b, &[]), vec![]);
    let mut after = b.clone();
    play(&mut after, Black, "A9").unwrap();
    assert_eq!(after.libs(pt(&geo, "A8")), 2);
    play(&mut after, Black, "D4").unwrap();
    assert!(after.libs(pt(&geo, "A8")) >= 4);
}

#[test]
fn a_small_chain_that_shares_both_liberties_kills_by_sacrifice_no_seki() {
    // The end of a 9x9 game against GNU Go (docs/matches/269d07b-9x9,
    // game 65, a draw; game 67 is the same shape). White's right side
    // (G9 ... J1, no eye) and Black's J6 J5 share both their liberties,
    // H6 and J4: neither can fill one without atari, which looks like a
    // seki. But Black fills H6 anyway: White must capture the three
    // stones at J4, and its eye space is then those three points, a bent
    // three; Black plays its vital point J6 and White is dead. Sharing
    // both liberties with a chain of two stones or fewer is no seki.
    let b = board(
        "
        9 . O O O O X O O O
        8 O O O O X X X X O
        7 O O O O X X O O O
        6 . . . O X X O . X
        5 . O . O X O O O X
        4 . O O O X O X O .
        3 . . O X X X X O O
        2 O . O O X . X X O
        1 . O . O O X . X O
          A B C D E F G H J",
    );
    let geo = b.geometry();
    assert_eq!(static_seki(&b, &[]), vec![]);
    let mut dead = dead_by_sacrifice(&b);
    dead.sort_by_key(|p| p.0);
    let mut white = pts(&geo, "G9 H9 J9 J8 G7 H7 J7 G6 F5 G5 H5 F4 H4 H3 J3 J2 J1");
    white.sort_by_key(|p| p.0);
    assert_eq!(dead, white);
    // The sacrifice: White's capture leaves it the bent three H6 J6 J5.
    let mut after = b.clone();
    play(&mut after, Black, "H6").unwrap();
    play(&mut after, White, "J4").unwrap();
    assert_eq!(after.libs(pt(&geo, "J4")), 3);
    play(&mut after, Black, "J6").unwrap();
    assert_eq!(after.libs(pt(&geo, "J4")), 2);
}

#[test]
fn a_chain_that_can_capture_elsewhere_is_not_killed_by_a_sacrifice() {
    // The position above with a white stone at G2: Black's H2 H1 are now
    // in atari at G1, and White takes them there and gains liberties
    // before any sacrifice at H6 can kill it.
    let b = board(
        "
        9 . O O O O X O O O
        8 O O O O X X X X O
        7 O O O O X X O O O
        6 . . . O X X O . X
        5 . O . O X O O O X
        4 . O O O X O X O .
        3 . . O X X X X O O
        2 O . O O X . O X O
        1 . O . O O X . X O
          A B C D E F G H J",
    );
    let geo = b.geometry();
    assert_eq!(b.libs(pt(&geo, "H2")), 1);
    assert_eq!(b.libs(pt(&geo, "J1")), 2);
    assert_eq!(dead_by_sacrifice(&b), vec![]);
}

#[test]
fn a_fill_that_ataris_another_chain_is_no_seki_liberty() {
    // The end of a 9x9 game against GNU Go (docs/matches/54a762f-9x9,
    // game 55, a draw). White's top left (B9 ... D7, the eye C9) shares A9
    // with Black's A8 A7, whose other liberty A6 joins the big black chain
    // with two liberties, A9 and J7: two fills deep it still looks like a
    // seki. But Black at J7 ataris White's top right (G8 H8 H9 H7, left
    // with J9), captures it and gains: no seki.
    let b = board(
        "
        9 . O . O X X X O .
        8 X O O O O X O O X
        7 X O X O X X X O .
        6 . X X X X X X X X
        5 X X O O X O O O X
        4 X O O O X X X O O
        3 O O . O O O O O .
        2 . . . . . . . . O
        1 . . O O O . O . .
          A B C D E F G H J",
    );
    let geo = b.geometry();
    assert_eq!(static_seki(&b, &[]), vec![]);
    let mut after = b.clone();
    play(&mut after, Black, "A6").unwrap();
    assert_eq!(after.libs(pt(&geo, "A6")), 2);
    play(&mut after, Black, "J7").unwrap();
    assert_eq!(after.libs(pt(&geo, "H8")), 1);
}

#[test]
fn an_approach_that_one_move_makes_safe_leaves_no_seki() {
    // The end of a 9x9 game against GNU Go (docs/matches/54a762f-9x9,
    // game 75, a draw). White's A8 B8 A7 (liberties A9, A6) and Black's
    // B7 B6 (A6, B5) share A6, and neither can fill it. Black's approach
    // at A9 is a self-atari (A9 B9 keep only C9), until Black plays C9
    // first, joining B9 to C8. Then A9 ataris White, which cannot fill
    // A6 (suicide): White is dead, no seki.
    let b = board(
        "
        9 . X . . . . . . X
        8 O O X X . . O X .
        7 O X O X X X O O X
        6 . X O O O X . X X
        5 X . X O X X X X O
        4 X X X O X O O O O
        3 X O O O O . O . .
        2 O O . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H J",
    );
    let geo = b.geometry();
    assert_eq!(static_seki(&b, &[]), vec![]);
    let mut after = b.clone();
    play(&mut after, Black, "C9").unwrap();
    play(&mut after, Black, "A9").unwrap();
    assert_eq!(after.libs(pt(&geo, "A8")), 1);
    assert!(after.libs(pt(&geo, "A9")) >= 2);
}

#[test]
fn seki_under_both_rules() {
    let g = game(SEKI, Black, 0.0, Rules::Chinese);
    let geo = g.geometry();
    let seki = pts(&geo, "C7 C6 C5 D5 E7 E6 E5");
    // Chinese: stones count, the shared liberties do not.
    // White 12 stones + 13 points, Black 12 stones + 10 points.
    let s = g.score_with(&[], &seki);
    assert_eq!((s.black, s.white), (22.0, 25.0));
    assert_eq!(s.to_gtp(), "W+3.0");
    let mut j = g.clone();
    j.set_rules(Rules::Japanese);
    let s = j.score_with(&[], &seki);
    assert_eq!((s.black, s.white), (10.0, 13.0));
    assert_eq!(
        j.score_with(&[], &static_seki(j.board(), &[])).to_gtp(),
        "W+3.0"
    );
}

/// A seki where each side has an eye and one liberty is shared (C9): Black
/// B9-A8-B8-C8 with eye A9, White D9-D8-E8-F8-F9 with eye E9.
const SEKI_WITH_EYES: &str = "
    9 . X . O . O X . .
    8 X X X O O O X . .
    7 O O O X X X X . .
    6 . . O X . . . . .
    5 . . O X . . . . .
    4 . . O X . . . . .
    3 . . O X . . . . .
    2 . . O X . . . . .
    1 . . O X . . . . .
      A B C D E F G H J";

#[test]
fn eyes_in_seki_count_under_area_but_not_under_territory_scoring() {
    let g = game(SEKI_WITH_EYES, Black, 6.5, Rules::Chinese);
    let geo = g.geometry();
    let seki = pts(&geo, "B9 A8 B8 C8 D9 D8 E8 F8 F9");
    assert_eq!(
        vertex_set(&geo, &static_seki(g.board(), &[])),
        vertex_set(&geo, &seki)
    );
    // Chinese: Black 16 stones + 36 + eye A9; White 14 stones + 12 + eye E9.
    let s = g.score_with(&[], &seki);
    assert_eq!((s.black, s.white), (53.0, 33.5));
    assert_eq!(s.to_gtp(), "B+19.5");
    // Japanese: the eyes of the seki chains count for nobody.
    let mut j = g.clone();
    j.set_rules(Rules::Japanese);
    let s = j.score_with(&[], &seki);
    assert_eq!((s.black, s.white), (36.0, 18.5));
    assert_eq!(s.to_gtp(), "B+17.5");
    // Without the seki judgement the eyes would count.
    let s = j.score_with(&[], &[]);
    assert_eq!((s.black, s.white), (37.0, 19.5));
    // What final_score uses: every stone alive, seki found statically.
    assert_eq!(
        j.score_with(&[], &static_seki(j.board(), &[])).to_gtp(),
        "B+17.5"
    );
}

#[test]
fn komi_and_margin_text() {
    let g = Game::new(9, 7.0, Rules::Chinese);
    assert_eq!(g.score_with(&[], &[]).to_gtp(), "W+7.0");
    let g = Game::new(9, -2.5, Rules::Chinese);
    assert_eq!(g.score_with(&[], &[]).to_gtp(), "B+2.5");
    let g = Game::new(9, 0.0, Rules::Japanese);
    assert_eq!(g.score_with(&[], &[]).to_gtp(), "0");
    // One black stone owns the whole board under area scoring.
    let mut g = Game::new(9, 7.5, Rules::Chinese);
    gplay(&mut g, Black, "E5").unwrap();
    assert_eq!(g.score_with(&[], &[]).to_gtp(), "B+73.5");
    assert_eq!(format_margin(12.0), "B+12.0");
    assert_eq!(format_margin(-3.5), "W+3.5");
    assert_eq!(format_margin(0.0), "0");
    assert_eq!(format_margin(-0.0), "0");
}

#[test]
fn score_board_agrees_with_the_game() {
    let b = board(DEAD);
    let geo = b.geometry();
    let s = score_board(&b, 0.5, Rules::Chinese, &pts(&geo, "A4 D2"), &[]);
    assert_eq!(s.to_gtp(), "W+5.5");
}

// ---------------------------------------------------------------------------
// Handicap (GTP 4.1.1)

/// The formula of GTP-CLIENTS.md, written independently of the engine.
fn expected_handicap(size: usize, n: usize) -> Option<Vec<(usize, usize)>> {
    if size < 7 || n < 2 {
        return None;
    }
    let has_middle = size % 2 == 1 && size >= 9;
    let max = if has_middle { 9 } else { 4 };
    if n > max {
        return None;
    }
    let l = if size <= 12 { 2 } else { 3 };
    let h = size - 1 - l;
    let m = size / 2;
    let mut v = vec![(l, l), (h, h), (l, h), (h, l)];
    v.truncate(n.min(4));
    if n >= 6 {
        v.push((l, m));
        v.push((h, m));
    }
    if n >= 8 {
        v.push((m, l));
        v.push((m, h));
    }
    if n == 5 || n == 7 || n == 9 {
        v.push((m, m));
    }
    Some(v)
}

fn handicap_text(size: usize, n: usize) -> Option<String> {
    let geo = Geometry::new(size);
    fixed_handicap_points(size, n).map(|v| {
        v.iter()
            .map(|&p| geo.vertex(p))
            .collect::<Vec<_>>()
            .join(" ")
    })
}

#[test]
fn fixed_handicap_19x19_table() {
    let table = [
        (2, "D4 Q16"),
        (3, "D4 Q16 D16"),
        (4, "D4 Q16 D16 Q4"),
        (5, "D4 Q16 D16 Q4 K10"),
        (6, "D4 Q16 D16 Q4 D10 Q10"),
        (7, "D4 Q16 D16 Q4 D10 Q10 K10"),
        (8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
        (9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
    ];
    for (n, want) in table {
        assert_eq!(handicap_text(19, n).as_deref(), Some(want), "n = {n}");
    }
}

#[test]
fn fixed_handicap_13x13_and_9x9_tables() {
    for (n, want) in [
        (4, "D4 K10 D10 K4"),
        (5, "D4 K10 D10 K4 G7"),
        (6, "D4 K10 D10 K4 D7 K7"),
        (9, "D4 K10 D10 K4 D7 K7 G4 G10 G7"),
    ] {
        assert_eq!(handicap_text(13, n).as_deref(), Some(want), "13x13 n = {n}");
    }
    for (n, want) in [
        (2, "C3 G7"),
        (4, "C3 G7 C7 G3"),
        (5, "C3 G7 C7 G3 E5"),
        (6, "C3 G7 C7 G3 C5 G5"),
        (8, "C3 G7 C7 G3 C5 G5 E3 E7"),
        (9, "C3 G7 C7 G3 C5 G5 E3 E7 E5"),
    ] {
        assert_eq!(handicap_text(9, n).as_deref(), Some(want), "9x9 n = {n}");
    }
}

#[test]
fn fixed_handicap_12x12_follows_the_formula() {
    assert_eq!(handicap_text(12, 4).as_deref(), Some("C3 K10 C10 K3"));
    assert_eq!(handicap_text(12, 5), None);
    assert_eq!(handicap_text(7, 4).as_deref(), Some("C3 E5 C5 E3"));
    assert_eq!(handicap_text(7, 5), None);
}

#[test]
fn fixed_handicap_on_every_size() {
    for size in 2..=25 {
        let geo = Geometry::new(size);
        for n in 0..=12 {
            let got = fixed_handicap_points(size, n);
            let want = expected_handicap(size, n)
                .map(|v| v.into_iter().map(|(x, y)| geo.point(x, y)).collect());
            assert_eq!(got, want, "size {size}, n = {n}");
            if let Some(ps) = got {
                // Distinct, and placeable on an empty board.
                let mut g = Game::new(size, 0.0, Rules::Chinese);
                g.set_handicap(&ps).unwrap();
                assert_eq!(g.handicap(), n);
                assert_eq!(g.to_move(), White);
                assert_eq!(g.move_count(), 0);
            }
        }
        let max = if size < 7 {
            0
        } else if size % 2 == 1 && size >= 9 {
            9
        } else {
            4
        };
        for n in 0..=12 {
            assert_eq!(
                fixed_handicap_points(size, n).is_some(),
                (2..=max).contains(&n),
                "size {size}, n = {n}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Diagrams themselves

#[test]
fn diagrams_round_trip_and_refuse_chains_without_liberties() {
    let b = Board::from_diagram("X O .\n. X O\nO . X\n").unwrap();
    assert_eq!(b.to_diagram(), "X O .\n. X O\nO . X\n");
    assert_eq!(Board::from_diagram(&b.to_diagram()).unwrap(), b);
    assert_eq!(b.recomputed_hash(), b.hash());
    // The corner white stone has no liberty.
    assert!(Board::from_diagram("O X .\nX . .\n. . .").is_err());
    // A short row, a strange character, too many rows.
    assert!(Board::from_diagram("X .\n. . .\n. . .").is_err());
    assert!(Board::from_diagram("Z . .\n. . .\n. . .").is_err());
    assert!(Board::from_diagram(&". ".repeat(26).repeat(26)).is_err());
}
