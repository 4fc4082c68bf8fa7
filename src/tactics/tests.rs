//! The tactical questions on small diagrams (rows from the top, columns
//! A to the right; X black, O white).

use super::*;

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("diagram")
}

#[test]
fn liberties_after_a_move() {
    let b = board(
        ". . . . .
         . X X O .
         . O O X .
         . . . . .
         . . . . .",
    );
    // White E3 touches black D3 (two liberties, no capture): its empty
    // neighbours E4 and E2.
    assert_eq!(libs_after(&b, Color::White, b.at("E3")), 2);
    // White E4 joins D4: E5 and E3 around it, D5 from D4.
    assert_eq!(libs_after(&b, Color::White, b.at("E4")), 3);
    assert!(libs_after_at_least(&b, Color::White, b.at("E4"), 3));
    assert!(!libs_after_at_least(&b, Color::White, b.at("E4"), 4));
    // Black A4 joins B4 C4 (liberties B5 C5 A4): A5 A3 B5 C5.
    assert_eq!(libs_after(&b, Color::Black, b.at("A4")), 4);
    assert_eq!(capture_size(&b, Color::Black, b.at("A4")), 0);
}

#[test]
fn self_atari_counts_the_stones_left_in_atari() {
    let b = board(
        ". O . . .
         O X O . .
         . . O . .
         O O . . .
         . . . . .",
    );
    // Black B3 joins B4 (in atari): the two stones keep only A3.
    assert_eq!(self_atari_size(&b, Color::Black, b.at("B3")), 2);
    // ... so it rescues nothing.
    assert_eq!(rescue_size(&b, Color::Black, b.at("B3")), 0);
    // Black A3 alone between A4 and A2: one stone with one liberty (a
    // throw-in).
    assert_eq!(self_atari_size(&b, Color::Black, b.at("A3")), 1);
    // White B3 captures B4: no self-atari.
    assert_eq!(capture_size(&b, Color::White, b.at("B3")), 1);
    assert_eq!(self_atari_size(&b, Color::White, b.at("B3")), 0);
}

#[test]
fn captures_and_escapes_of_a_chain_in_atari() {
    let b = board(
        ". . . . . . .
         . . . . . . .
         . . O O . . .
         . O X X O . .
         . . O . . . .
         . . . . . . .
         . . . . . . .",
    );
    // Black C4 D4 has one liberty, D3.
    let d3 = b.at("D3");
    assert_eq!(capture_size(&b, Color::White, d3), 2);
    assert_eq!(capturing_neighbours(&b, Color::White, d3), 1);
    // Black extends at D3 to D2 and E3: it saves both stones.
    assert_eq!(rescue_size(&b, Color::Black, d3), 2);
    assert_eq!(self_atari_size(&b, Color::Black, d3), 0);
    let mut escapes = Vec::new();
    chain_escapes(&b, b.at("C4"), |p, captures| escapes.push((p, captures)));
    assert_eq!(escapes, vec![(d3, false)]);
    assert!(!has_capturable_neighbour(&b, b.at("C4")));
}

#[test]
fn a_counter_capture_is_an_escape() {
    let b = board(
        ". . . . .
         . O . . .
         O X O . .
         X . . . .
         . . . . .",
    );
    // Black B3 is in atari at B2; white A3 is in atari at A4.
    let b3 = b.at("B3");
    assert!(has_capturable_neighbour(&b, b3));
    assert!(has_capturable_neighbour(&b, b.at("A2")));
    let mut libs = Vec::new();
    for_each_capturable_neighbour(&b, b3, |l| libs.push(l));
    assert_eq!(libs, vec![b.at("A4")]);
    let mut escapes = Vec::new();
    chain_escapes(&b, b3, |p, captures| escapes.push((p, captures)));
    // The capture at A4 first, then the extension at B2 (B1 and C2 around
    // it, A1 from A2).
    assert_eq!(escapes, vec![(b.at("A4"), true), (b.at("B2"), false)]);
    assert_eq!(capture_size(&b, Color::Black, b.at("A4")), 1);
    assert_eq!(capturing_neighbours(&b, Color::Black, b.at("A4")), 1);
}

#[test]
fn an_extension_that_captures_counts_the_freed_point() {
    let b = board(
        ". . . . .
         O X . . .
         X O X . .
         . O X . .
         . X . . .",
    );
    // Black A3 is in atari at A2; so are white A4 (at A5) and white B3 B2
    // (at A2).
    let (a2, a3) = (b.at("A2"), b.at("A3"));
    assert_eq!(b.libs(a3), 1);
    // Black A2 keeps one empty point, A1, and frees B2 by capturing.
    assert_eq!(libs_after(&b, Color::Black, a2), 1);
    assert_eq!(capturing_neighbours(&b, Color::Black, a2), 1);
    assert_eq!(capture_size(&b, Color::Black, a2), 2);
    assert_eq!(rescue_size(&b, Color::Black, a2), 1);
    let mut escapes = Vec::new();
    chain_escapes(&b, a3, |p, captures| escapes.push((p, captures)));
    escapes.sort();
    let mut want = vec![(b.at("A5"), true), (a2, true), (a2, false)];
    want.sort();
    assert_eq!(escapes, want);
}

/// Eye spaces and their vital points, White's in three corners and a
/// square four in the fourth (X black, O white):
///
/// ```text
///     A B C D E F G H J
///   9 . . . O . O . . .     A9 B9 C9: three in a row, B9
///   8 O O O O . O O . O     G9 H9 J9 H8: the pyramid four, H9
///   7 . . . . . . O O O
///   6 . . . . . . . . .
///   5 . . . . . . . . .
///   4 . . . . . . . . .
///   3 O O O . . . O O O
///   2 . . O . . . O . .     A2 B2 A1 B1 C1: the bulky five, B1
///   1 . . . O . . O . .     H2 J2 H1 J1: the square four, one eye
/// ```
#[test]
fn the_vital_point_of_each_killable_eye_space() {
    let b = board(
        ". . . O . O . . .
         O O O O . O O . O
         . . . . . . O O O
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         O O O . . . O O O
         . . O . . . O . .
         . . . O . . O . .",
    );
    let vital = |v: &str| {
        nakade::nakade_point(&b, b.at(v), Color::White)
            .map(|p| b.geometry().move_text(crate::types::Move::Play(p)))
    };
    assert_eq!(vital("A9").as_deref(), Some("B9"));
    assert_eq!(vital("C9").as_deref(), Some("B9"));
    assert_eq!(vital("G9").as_deref(), Some("H9"));
    assert_eq!(vital("H8").as_deref(), Some("H9"));
    assert_eq!(vital("A1").as_deref(), Some("B1"));
    assert_eq!(vital("H1"), None);
    // Black owns none of them.
    assert_eq!(nakade::nakade_point(&b, b.at("A9"), Color::Black), None);
    // An open region is no eye space.
    assert_eq!(vital("E5"), None);
    assert!(nakade::is_vital_point(&b, b.at("B9")));
    assert!(nakade::is_vital_point(&b, b.at("H9")));
    assert!(!nakade::is_vital_point(&b, b.at("A9")));
    assert!(!nakade::is_vital_point(&b, b.at("H1")));
}

/// Throw-ins that kill, and self-ataris that do not (X black, O white).
/// The end of a 9x9 game against Pachi (kosumi black, 2026-12-02, game
/// 10), bottom left; Black's group has no eye elsewhere:
///
/// ```text
///     A B C D E F
///   4 X O X O O X
///   3 X X X O O O
///   2 X O X X X O
///   1 . O O . X X
/// ```
///
/// White A1 puts four stones in atari (liberty D1, inside Black's space);
/// Black's capture leaves the pyramid four A1 B1 C1 B2, and White's B1
/// then kills: GNU Go's owl reading plays A1 and calls Black dead. kosumi
/// refused that self-atari and scored the game B+9 where the referee
/// said W+36.
#[test]
fn a_throw_in_that_leaves_a_dead_shape_is_no_bad_self_atari() {
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         X O X O O X . . .
         X X X O O O . . .
         X O X X X O . . .
         . O O . X X . . .",
    );
    assert_eq!(self_atari_size(&b, Color::White, b.at("A1")), 4);
    assert!(nakade::sacrifice_kills(&b, Color::White, b.at("A1")));
    // White D1 also gives up four stones (B1 B2 C1 D1, liberty A1), but
    // their points make a bent four, two eyes for Black: a bad self-atari.
    assert_eq!(self_atari_size(&b, Color::White, b.at("D1")), 4);
    assert!(!nakade::sacrifice_kills(&b, Color::White, b.at("D1")));
}

/// A self-atari whose liberty touches another own chain could connect
/// instead: not a killing throw-in. The bottom left of a 19x19 game's end
/// (gtp-tests/endgame.tst 22): White's C1 would give up C1 D1 E1 with
/// their liberty at F1, beside White's F2; Black's capture there would
/// leave a straight three beside Black's eye at A1, two eyes.
///
/// ```text
///     A B C D E F G
///   3 . O X O X O .
///   2 X X X X X O O
///   1 . X . O O . X
/// ```
#[test]
fn a_self_atari_that_could_connect_is_no_throw_in() {
    let b = board(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . O X O X O .
         X X X X X O O
         . X . O O . X",
    );
    assert_eq!(self_atari_size(&b, Color::White, b.at("C1")), 3);
    assert!(!nakade::sacrifice_kills(&b, Color::White, b.at("C1")));
}

/// ```text
///     A B C D E
///   9 . X . O X     Black B9 shares A9, C9 and B8 with White's chain,
///   8 O . O O X     which has no other liberty. Black fills two of
///   7 O O O X X     them, White takes three stones on the edge and is
///   6 X X X X .     left a straight three: Black plays its middle and
/// ```               White dies. A sacrifice that kills is no seki.
#[test]
fn a_small_chain_that_sacrifices_into_one_eye_is_no_seki() {
    let b = board(
        "
        . X . O X . . . .
        O . O O X . . . .
        O O O X X . . . .
        X X X X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    let (black, white) = (b.at("B9"), b.at("D9"));
    assert_eq!(b.libs(black), 3);
    assert_eq!(b.libs(white), 3);
    assert!(!seki::shared_liberty_seki(&b, black, white));
}

/// 823a4c8's Japanese game 13 before move 76, White to move: White's 14
/// stones from A4 to F3 (an eye at D3) in seki with Black's A2 and B1,
/// sharing B2.
pub(crate) const SEKI_OF_GAME_13: &str = "
    . . . . . . O X .
    . . O O O O O X X
    O O O X O X X X X
    O X X X X X . O X
    X X X X X . X O O
    O X X O O X X O O
    O O O . O O X X O
    X . O O O X . X O
    . X O X X X X X O";

/// The vertices of `v`, sorted.
#[test]
fn the_atari_that_wins_a_race_and_the_one_the_chain_runs_from() {
    // Black C1-C5 (B1, C6) against White D1-D5 (E1, D6). Black D6 leaves
    // White E1 and two liberties; Black E1 lets White out at D6 to three.
    let b = board(
        ". . O . . . .
         . O . . . . .
         . O X O X . .
         . O X O X . .
         . O X O X . .
         . O X O X . .
         . . X O . . .",
    );
    let (d6, e1) = (b.at("D6"), b.at("E1"));
    assert!(atari_holds(&b, Color::Black, d6, e1));
    assert!(!atari_holds(&b, Color::Black, e1, d6));
    let mut found = Vec::new();
    for_each_counter_atari(&b, Color::Black, b.at("C5"), |p| found.push(p));
    found.dedup();
    assert_eq!(vertices(&b, &found), ["D6"]);
    assert!(starts_race(&b, Color::Black, d6));
    assert!(!starts_race(&b, Color::Black, e1));
    // C6 touches no white chain of two liberties: no atari.
    assert!(!starts_race(&b, Color::Black, b.at("C6")));
    // White to move wins it too, by either atari: Black has no way out.
    assert!(starts_race(&b, Color::White, b.at("C6")));
    assert!(starts_race(&b, Color::White, b.at("B1")));
}

fn vertices(b: &Board, v: &[Point]) -> Vec<String> {
    let mut n: Vec<String> = v
        .iter()
        .map(|&p| b.geometry().vertex(p).to_string())
        .collect();
    n.sort();
    n
}

/// The area of a group: its regions, then the outside liberties of the
/// opponent's walls short of liberties. 823a4c8's Japanese game 13 at
/// move 52: White's lower left (a bulky five in the corner, an eye at D3,
/// an outside liberty at D5) lives whoever moves first (Black D5 and B1
/// next end in a seki at worst; GNU Go's owl finds no attack either).
#[test]
fn the_area_of_a_group_and_a_group_that_lives() {
    let b = board(
        ". . . . . . O X .
         . . . O O O O X .
         O O O X O X X X .
         O X X X X X . O .
         X X X . X . . . .
         O X X O O X . . .
         O O O . O O X X .
         . . . O O X . X .
         . . O X X X X . .",
    );
    let none = [false; crate::types::MAX_POINTS];
    let names = |v: &[Point]| vertices(&b, v);
    let area = life::group_area(&b, b.at("D4"), &none).expect("a small area");
    // Black's walls of two liberties: E5 (F5), F4 (G4), the bottom (G2,
    // H1).
    assert_eq!(
        names(&area.points[..area.regions]),
        ["A1", "A2", "B1", "B2", "C2", "D3", "D5"]
    );
    assert_eq!(
        names(&area.points[area.regions..]),
        ["F5", "G2", "G4", "H1"]
    );
    assert_eq!(area.chains.len(), 3);
    assert_eq!(
        life::read_life(&b, b.at("D4"), &area, 100_000).0,
        life::Life::Alive
    );
}

/// 06b408e's Chinese game 94 at move 64, White to move: White's 14
/// stones around D1 live only by C1 (GNU Go's owl: attack C1, defence
/// C1); Black C1 or A2 kills them. White played C1.
#[test]
fn a_group_that_needs_a_move_to_live_is_read_out() {
    let b = board(
        ". . . X X X X X .
         . . X X O X O O .
         X . X O O O O O O
         O X . O . X X O .
         O X X . . . . X O
         O O X X X X . X O
         O . O X O O X X O
         . O O X O X X O O
         . O . O O X . X .",
    );
    let none = [false; crate::types::MAX_POINTS];
    let names = |v: &[Point]| vertices(&b, v);
    let area = life::group_area(&b, b.at("D1"), &none).expect("a small area");
    match life::read_life(&b, b.at("D1"), &area, 100_000).0 {
        life::Life::NeedsMove { defences, kills } => {
            assert_eq!(names(&defences), ["C1"]);
            assert_eq!(names(&kills), ["A2", "C1"]);
        }
        other => panic!("expected a group that needs a move, got {other:?}"),
    }
}

#[test]
fn two_eyes_live_a_straight_two_dies_a_straight_three_needs_a_move_and_seki_lives() {
    // White's corner has two eyes, A1 and C1: no attack takes it.
    let b = board(
        ". . . . .
         . . . . .
         X X X X .
         O O O O X
         . O . O X",
    );
    let none = [false; crate::types::MAX_POINTS];
    let area = life::group_area(&b, b.at("A2"), &none).expect("small");
    assert_eq!(
        life::read_life(&b, b.at("A2"), &area, 20_000).0,
        life::Life::Alive
    );
    // A straight two: dead whoever moves first.
    let b = board(
        ". . . . .
         . . . . .
         X X X X .
         O O O X .
         . . O X .",
    );
    let area = life::group_area(&b, b.at("A2"), &none).expect("small");
    assert_eq!(
        life::read_life(&b, b.at("A2"), &area, 20_000).0,
        life::Life::Dead
    );
    // A straight three: the owner lives by the middle point, the attacker
    // kills there.
    let b = board(
        ". . . . .
         . . . . .
         X X X X X
         O O O O X
         . . . O X",
    );
    let area = life::group_area(&b, b.at("A2"), &none).expect("small");
    assert_eq!(
        life::read_life(&b, b.at("A2"), &area, 20_000).0,
        life::Life::NeedsMove {
            defences: vec![b.at("B1")],
            kills: vec![b.at("B1")]
        }
    );
    // A seki: White's group (an eye at D3) and Black's A2 and B1 share
    // B2; Black B2 would be taken at A1, and D3 is White's eye. No attack
    // takes the group (823a4c8's Japanese game 13, move 76).
    let b = board(SEKI_OF_GAME_13);
    let area = life::group_area(&b, b.at("C3"), &none).expect("small");
    assert_eq!(
        life::read_life(&b, b.at("C3"), &area, 20_000).0,
        life::Life::Alive
    );
}

/// The position of [`a_race_in_the_corner_is_read_out_strictly`], which
/// the last phase's tests read too.
pub(crate) const CORNER_RACE: &str = "
    X O O . O . . . .
    X X O O . O . O .
    X X X X O O O . O
    . . X X X O X O O
    . . X O O O X X X
    . . X X O X X . .
    . . X O O O X O .
    X X O O X X X O .
    . O . O O X . . .";

/// lifedead2-9x9-ab game 8, Black to move: Black's eleven stones F1-J5
/// (three liberties: G1, H4, J4) and White's H2-H3 (four: H1, J2, J3,
/// H4) race in the corner's seven empty points. White moving first kills
/// (GNU Go: attack J4); Black's J2 wins the race (GNU Go's defence).
/// The playouts called the stones dead and Black passed. The strict
/// reading, where every limit is White's, still finds J2: a defence read
/// out, to be trusted for a group the playouts call dead.
#[test]
fn a_race_in_the_corner_is_read_out_strictly() {
    let b = board(CORNER_RACE);
    let none = [false; crate::types::MAX_POINTS];
    let names = |v: &[Point]| vertices(&b, v);
    let area = life::group_area(&b, b.at("G2"), &none).expect("a small area");
    assert!(area.is_closed(&b));
    // White moving first kills, at the points of the race.
    let kills = match life::read_life(&b, b.at("G2"), &area, 30_000).0 {
        life::Life::NeedsMove { kills, .. } => names(&kills),
        other => panic!("expected a group that needs a move, got {other:?}"),
    };
    assert!(kills.contains(&"J4".to_string()), "{kills:?}");
    match life::read_life_strict(&b, b.at("G2"), &area, 30_000).0 {
        life::Life::NeedsMove { defences, .. } => {
            let defences = names(&defences);
            assert!(defences.contains(&"J2".to_string()), "{defences:?}");
            // Filling the shared liberty, or Black's own, loses it.
            for lost in ["H4", "J4", "G1"] {
                assert!(!defences.contains(&lost.to_string()), "{defences:?}");
            }
        }
        other => panic!("expected a group that needs a move, got {other:?}"),
    }
    // With White's H4 in, Black's two liberties against four lose
    // whoever moves first.
    let mut w = b.clone();
    w.play_unchecked(Color::White, crate::types::Move::Play(b.at("H4")));
    let area = life::group_area(&w, w.at("G2"), &none).expect("a small area");
    assert_eq!(
        life::read_life_strict(&w, w.at("G2"), &area, 30_000).0,
        life::Life::Dead
    );
}

/// A group's area is closed when no chain of its colour outside it
/// touches a point of play: White's A2-B2 and D2-D1 share C2; with D2-D1
/// left out as dead, White's C2 would join A2-B2 to a chain whose
/// liberties the reading never fills.
#[test]
fn an_area_beside_a_chain_left_out_as_dead_is_not_closed() {
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         X X X X X . . . .
         O O . O X . . . .
         . X X O X . . . .",
    );
    let none = [false; crate::types::MAX_POINTS];
    let area = life::group_area(&b, b.at("A2"), &none).expect("a small area");
    assert_eq!(area.chains.len(), 2);
    assert!(area.is_closed(&b));
    let mut dead = none;
    dead[b.at("D2").idx()] = true;
    dead[b.at("D1").idx()] = true;
    let area = life::group_area(&b, b.at("A2"), &dead).expect("a small area");
    assert_eq!(area.chains.len(), 1);
    assert!(!area.is_closed(&b));
    assert_eq!(
        life::read_life_strict(&b, b.at("A2"), &area, 30_000),
        (life::Life::Unknown, 0)
    );
}
