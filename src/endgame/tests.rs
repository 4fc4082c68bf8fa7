//! Tests of the end-of-game judgement: chain statuses from ownership, the
//! static tests before it, Bouzy's map for small invaders.

use super::*;
use crate::board::Board;
use crate::game::{Game, Rules};
use crate::playout::Policy;
use crate::search::{Candidate, Ownership, SearchInfo};
use crate::types::{Color, Move, Point, MAX_POINTS};

fn game_from(diagram: &str, to_move: Color, komi: f32) -> Game {
    let board = Board::from_diagram(diagram).expect("diagram");
    let mut g = Game::new(board.size(), komi, Rules::Chinese);
    let geo = board.geometry();
    let stones: Vec<(Color, Point)> = geo
        .points()
        .filter_map(|p| board.stone(p).color().map(|c| (c, p)))
        .collect();
    g.place_setup(&stones).expect("setup");
    g.set_to_move(to_move);
    g
}

#[test]
fn ownership_sees_dead_stones() {
    // A lone white stone inside black's living area is dead.
    let g = game_from(
        "
        . . . X O . . . .
        . O . X O . . . .
        . . . X O . . . .
        X X X X O . . . .
        . X . X O . . . .
        X X X X O . . . .
        . X . X O . . . .
        X X X X O . . . .
        . X . X O . . . .",
        Color::Black,
        7.0,
    );
    let own = sample_ownership(&g, 1000, Policy::Heavy, 7);
    let b7 = g.geometry().parse_move("B8").unwrap();
    let Move::Play(b7) = b7 else { unreachable!() };
    let j = judge(g.board(), &own);
    assert!(!j.unclear.is_empty() || j.dead.contains(&b7), "{j:?}");
    assert!(
        own.black[b7.idx()] > 0.6,
        "black owns B7 in {} of playouts",
        own.black[b7.idx()]
    );
    assert!(own.value(b7) > 0.2);
}

#[test]
fn a_seki_is_not_read_as_dead_stones() {
    // From a game against GNU Go (docs/matches/v3-9x9/game-080.sgf). The
    // white chain A4 B4 B3 B2 and the black chain around it share A5;
    // White A3/A5 or Black A3/A5 would put the mover in atari, White A1 is
    // suicide: a seki. Playouts end with one side forced into the
    // self-atari, so ownership alone calls the white stones dead; kosumi
    // passed on that reading and lost by 7 points.
    let g = game_from(
        "
        . O . O O X X . .
        O . O O X X . X .
        X O O O O X X . .
        X X X O O O X . X
        . X X O X X . . .
        O O X O O X X X X
        . O X O O X O O O
        X O X O . O . O .
        . X X X O . O . .",
        Color::Black,
        7.0,
    );
    let own = sample_ownership(&g, 1000, Policy::Heavy, 7);
    let j = judge(g.board(), &own);
    let geo = g.geometry();
    for v in ["A4", "B4", "B3", "B2", "B1", "C2", "A6"] {
        let Ok(Move::Play(p)) = geo.parse_move(v) else {
            unreachable!()
        };
        assert!(!j.dead.contains(&p), "{v} judged dead: {j:?}");
        assert!(j.seki.contains(&p), "{v} not in seki: {j:?}");
    }
}

/// Ownership of `g`'s position from 100 playouts, with the same shares
/// `black` and `white` at every point (tests change the points they need).
fn ownership_of(g: &Game, black: f32, white: f32) -> Ownership {
    Ownership {
        size: g.board().size(),
        hash: g.board().hash(),
        to_move: g.to_move(),
        samples: 100,
        black: vec![black; MAX_POINTS],
        white: vec![white; MAX_POINTS],
    }
}

#[test]
fn judge_sorts_chains_by_ownership() {
    // White C3 sits in black's area, white E4 between black's wall and
    // white's: given ownership that black owns C3 in 80% of playouts, E4
    // in 55%, its wall in 90% and white's wall white in 90%, C3 is dead,
    // E4 unclear but likely dead, the walls alive.
    let g = game_from(
        "
        . . . . . O .
        . . . . . O .
        X X X X . O .
        . . . X O . O
        . . O X . O .
        . . . X . O .
        . . . X . O .",
        Color::Black,
        7.0,
    );
    let pt = |v: &str| g.board().at(v);
    let mut own = ownership_of(&g, 0.9, 0.1);
    for v in ["F7", "F6", "F5", "G4", "F3", "F2", "F1"] {
        own.black[pt(v).idx()] = 0.1;
        own.white[pt(v).idx()] = 0.9;
    }
    own.black[pt("C3").idx()] = 0.8;
    own.white[pt("C3").idx()] = 0.2;
    own.black[pt("E4").idx()] = 0.55;
    own.white[pt("E4").idx()] = 0.45;
    let j = judge(g.board(), &own);
    assert_eq!(j.dead, vec![pt("C3")]);
    assert_eq!(j.unclear, vec![pt("E4")]);
    assert_eq!(j.likely_dead, vec![pt("E4")]);
    // Owned 45% by black, E4 is unclear and not likely dead.
    own.black[pt("E4").idx()] = 0.45;
    own.white[pt("E4").idx()] = 0.55;
    let j = judge(g.board(), &own);
    assert_eq!(j.unclear, vec![pt("E4")]);
    assert!(j.likely_dead.is_empty());
}

#[test]
fn small_unclear_chains_in_the_other_colours_territory_are_dead() {
    // scoring.tst's position: two walls without eyes. Random playouts kill
    // the walls as often as the invaders, so the invaders' ownership is
    // unclear (here 50-60%) although they stand in the other colour's
    // territory: white B7 B3 C1 on black's side, black H7 on white's.
    // GNU Go calls the four dead. Bouzy's territory map, with the unclear
    // chains lifted, settles them.
    let g = game_from(
        "
        . . . X O . . . .
        . . . X O . . . .
        . O . X O . . X .
        . . . X O . . . .
        . . . X X O . . .
        . . . . X O . . .
        . O . . X O . . .
        . . . . X O . . .
        . . O . X O . . .",
        Color::Black,
        7.0,
    );
    let pt = |v: &str| g.board().at(v);
    let mut own = ownership_of(&g, 0.0, 0.0);
    let geo = g.geometry();
    for p in geo.points() {
        // The walls: each colour owns its stones and its side in 70% of
        // the playouts.
        let (x, _) = geo.coords(p);
        let black_side = match g.board().stone(p).color() {
            Some(c) => c == Color::Black,
            None => x <= 3,
        };
        let (b, w) = if black_side { (0.7, 0.3) } else { (0.3, 0.7) };
        own.black[p.idx()] = b;
        own.white[p.idx()] = w;
    }
    for v in ["B7", "B3", "C1", "H7"] {
        own.black[pt(v).idx()] = 0.5;
        own.white[pt(v).idx()] = 0.5;
    }
    let j = judge(g.board(), &own);
    let mut dead = j.dead.clone();
    dead.sort();
    let mut want: Vec<Point> = ["B7", "B3", "C1", "H7"].iter().map(|v| pt(v)).collect();
    want.sort();
    assert_eq!(dead, want, "{j:?}");
    assert!(j.unclear.is_empty() && j.likely_dead.is_empty(), "{j:?}");

    // The map itself: with the invaders lifted each side is its wall's
    // territory, the walls' own points included; with them on the board
    // a stone keeps its own point.
    let mut lifted = vec![false; MAX_POINTS];
    for v in ["B7", "B3", "C1", "H7"] {
        lifted[pt(v).idx()] = true;
    }
    let map = bouzy_territory(g.board(), &lifted);
    for v in ["A9", "A5", "B7", "C1", "D5", "E1"] {
        assert!(map[pt(v).idx()] > 0, "{v}: {}", map[pt(v).idx()]);
    }
    for v in ["J9", "J1", "H7", "F5", "E9"] {
        assert!(map[pt(v).idx()] < 0, "{v}: {}", map[pt(v).idx()]);
    }
    let map = bouzy_territory(g.board(), &vec![false; MAX_POINTS]);
    assert!(map[pt("B7").idx()] < 0 && map[pt("H7").idx()] > 0);

    // A small unclear chain next to its own live wall is not in the other
    // colour's territory: white E4 between the walls stays unclear in
    // `judge_sorts_chains_by_ownership`.
}

#[test]
fn small_chains_beside_their_own_unclear_group_are_not_settled_dead() {
    // Game 36 of docs/matches/eefa420-9x9-japanese at move 57: the
    // playouts give white's big group F9-H5 half and half (black to move
    // kills it in random play), and white J8 and J2-J4 with it. Lifting
    // the big group off Bouzy's map as well would put J8 and J2-J4 in
    // black's territory and call them dead while the group they belong
    // to is unclear: J2-J4 lives by J5 with it. Only the small unclear
    // chains are lifted; J8 and J2-J4 stay unclear like their group.
    let g = game_from(
        "
        O O X X X O . . .
        O X . X O O O X O
        O X X X O X O . .
        O O X . X X O O O
        . O X . . X X O .
        O . O X . . . X O
        O O O X . X . X O
        X X X X . . . X O
        . . . . . . . X .",
        Color::Black,
        6.5,
    );
    let pt = |v: &str| g.board().at(v);
    let mut own = ownership_of(&g, 0.5, 0.5);
    for p in g.geometry().points() {
        let (x, _) = g.geometry().coords(p);
        match g.board().stone(p).color() {
            Some(Color::White) if x <= 2 => {
                own.black[p.idx()] = 0.1;
                own.white[p.idx()] = 0.9;
            }
            Some(Color::Black) if x <= 5 => {
                own.black[p.idx()] = 0.9;
                own.white[p.idx()] = 0.1;
            }
            _ => {}
        }
    }
    let j = judge(g.board(), &own);
    for v in ["J8", "J4", "J3", "J2", "G6", "F9"] {
        assert!(!j.dead.contains(&pt(v)), "{v} called dead: {j:?}");
        assert!(j.unclear.contains(&pt(v)), "{v} not unclear: {j:?}");
    }
}

/// The end of a 9x9 match game under Japanese rules (7a4fabf, game 46,
/// Black to move at move 51), where kosumi as Black played H2 and then
/// both passed: B+1.5, a point thrown away. H1 H2 J1 J2 is a region only
/// black stones enclose and the playouts never lose; C2, E2 and A1-B1
/// are White's eyes the same way. A stone in any of them only costs a
/// point under territory rules, nothing under area rules.
///
/// ```text
///     A B C D E F G H J
///   9 . . X O O O O . .
///   8 . . X X X O . O .
///   7 . . . . X O O . .
///   6 . . . . X O O O .
///   5 . . . . . X X O O
///   4 . X X X X X X X O
///   3 X X O O O X . X X
///   2 O O . O . O X . .
///   1 . . O . O O X . .
/// ```
#[test]
fn a_stone_in_a_settled_area_is_found_by_its_region_and_walls() {
    let mut g = game_from(
        "
        . . X O O O O . .
        . . X X X O . O .
        . . . . X O O . .
        . . . . X O O O .
        . . . . . X X O O
        . X X X X X X X O
        X X O O O X . X X
        O O . O . O X . .
        . . O . O O X . .",
        Color::Black,
        6.5,
    );
    g.set_rules(Rules::Japanese);
    let own = sample_ownership(&g, 2000, Policy::Heavy, 7);
    let area = |g: &Game, v: &str| policy::settled_area(g, Move::Play(g.board().at(v)), Some(&own));
    for v in ["H2", "J1", "G3"] {
        assert_eq!(area(&g, v), Some(Color::Black), "{v}");
    }
    for v in ["C2", "E2", "A1", "B1", "D1"] {
        assert_eq!(area(&g, v), Some(Color::White), "{v}");
    }
    // An occupied point, a pass: no area.
    assert_eq!(area(&g, "G2"), None);
    assert_eq!(policy::settled_area(&g, Move::Pass, Some(&own)), None);
    // Under area rules a stone in one's own area costs nothing.
    g.set_rules(Rules::Chinese);
    assert_eq!(area(&g, "H2"), None);
}

/// The region test itself, on ownership set by hand (X = black):
///
/// ```text
///     A B C D E
///   5 . . . . .
///   4 X X X . .
///   3 . . X . .
///   2 . . X O O
///   1 . . X O .
/// ```
///
/// A1-B3 is enclosed by black alone: settled when its points and its
/// wall are Black's in 90% of the playouts; not when the wall is lost in
/// one playout of five (an eye space that needs its vital point, say),
/// nor when one point of it is open. E1 is White's eye. D4, beside both
/// colours' stones through its region, never is anyone's.
#[test]
fn a_settled_area_needs_every_point_and_every_wall_stone() {
    let mut g = game_from(
        "
        . . . . .
        X X X . .
        . . X . .
        . . X O O
        . . X O .",
        Color::Black,
        0.5,
    );
    g.set_rules(Rules::Japanese);
    let pt = |v: &str| g.board().at(v);
    let mut own = ownership_of(&g, 0.95, 0.05);
    for v in ["D2", "E2", "D1", "E1"] {
        own.black[pt(v).idx()] = 0.05;
        own.white[pt(v).idx()] = 0.95;
    }
    let area = |own: &Ownership, v: &str| policy::settled_area(&g, Move::Play(pt(v)), Some(own));
    assert_eq!(area(&own, "A1"), Some(Color::Black));
    assert_eq!(area(&own, "B2"), Some(Color::Black));
    assert_eq!(area(&own, "E1"), Some(Color::White));
    assert_eq!(area(&own, "D4"), None);
    let mut weak_wall = own.clone();
    weak_wall.black[pt("C2").idx()] = 0.8;
    assert_eq!(area(&weak_wall, "A1"), None);
    let mut open = own.clone();
    open.black[pt("A3").idx()] = 0.85;
    assert_eq!(area(&open, "B1"), None);
    // Without judging playouts nothing is settled.
    assert_eq!(policy::settled_area(&g, Move::Play(pt("A1")), None), None);
}

/// The last liberty of a chain is never a settled point, whatever the
/// playouts say: the side to move saves its chain there first in every
/// playout, so the region looks settled, but the opponent's stone there
/// takes the chain. The 9x9 match at 102ea3e, game 2, Black to move:
/// E6-F6-F7 in atari at D6 (X black, O white):
///
/// ```text
///     A B C D E F G H J
///   9 . X O O O . . . .
///   8 . . X X O O . . .
///   7 . X . X O X O . .
///   6 . O X . X X O . .
///   5 . . O X O O O O .
///   4 . . O X X X O O .
///   3 . X . . . X X O .
///   2 . . X . X O O . .
///   1 . . . . X . . . .
/// ```
///
/// Black played F1 instead, the search's D6 (95%) taken for a stone in
/// its own area; for White, D6 captures three stones.
#[test]
fn the_last_liberty_of_a_chain_is_not_a_settled_point() {
    let mut g = game_from(
        "
        . X O O O . . . .
        . . X X O O . . .
        . X . X O X O . .
        . O X . X X O . .
        . . O X O O O O .
        . . O X X X O O .
        . X . . . X X O .
        . . X . X O O . .
        . . . . X . . . .",
        Color::Black,
        6.5,
    );
    g.set_rules(Rules::Japanese);
    let pt = |v: &str| g.board().at(v);
    assert_eq!(g.board().libs(pt("E6")), 1);
    // Every point Black's in the playouts: D6 alone still is not settled.
    let own = ownership_of(&g, 0.95, 0.05);
    let area = |v: &str| policy::settled_area(&g, Move::Play(pt(v)), Some(&own));
    assert_eq!(area("D6"), None);
    // C7 beside it, enclosed by Black alone, whose chains keep two
    // liberties or more, is.
    assert_eq!(area("C7"), Some(Color::Black));
}

/// The closer's decision for `color` in a game (`GenMode::Play`) after a
/// search that found `info`, with no ownership of its own.
fn decide_in_play(g: &Game, color: Color, info: &SearchInfo) -> Decision {
    let turn = Turn {
        color,
        mode: GenMode::Play,
        info,
        search_ownership: None,
        filters: &[],
        fixed_playouts: None,
        komi_adjusted: false,
    };
    Closer::new(0.0, Policy::Heavy, 7).decide(g, &turn)
}

fn candidate(g: &Game, v: &str, visits: u32, winrate: f64) -> Candidate {
    let mv = Move::Play(g.board().at(v));
    Candidate {
        mv,
        visits,
        winrate,
        prior: 0.0,
        lcb: winrate,
        score_mean: 0.0,
        pv: vec![mv],
        pv_visits: vec![visits],
        ownership: None,
    }
}

/// Under area rules a side that would pass first, the opponent still
/// playing, takes the dead stones in its area off: each costs nothing
/// there, and a stone left is where an invasion starts (c224476's
/// Chinese match, game 62: Black passed at 97% with White's G3 dead in
/// its area, and White invaded beside it). Under territory rules each
/// stone played there costs a point: the pass stands. Black to move,
/// far ahead; White C5 is dead.
///
/// ```text
///     A B C D E F G H J
///   6 . . . . . X O . .
///   5 . . O . . X O . .
///   4 . . . . . X O . .
/// ```
#[test]
fn under_area_rules_dead_stones_come_off_before_passing_first() {
    let mut g = game_from(
        "
        . . . . . X O . .
        . . . . . X O . .
        . . . . . X O . .
        . . . . . X O . .
        . . O . . X O . .
        . . . . . X O . .
        . . . . . X O . .
        . . . . . X O . .
        . . . . . X O . .",
        Color::Black,
        7.0,
    );
    let c5 = g.board().at("C5");
    let decide = |g: &Game| {
        let info = SearchInfo {
            candidates: vec![
                Candidate {
                    mv: Move::Pass,
                    ..candidate(g, "A1", 900, 0.99)
                },
                candidate(g, "H5", 100, 0.98),
            ],
            playouts: 1000,
            ..SearchInfo::default()
        };
        let turn = Turn {
            color: Color::Black,
            mode: GenMode::Regression,
            info: &info,
            search_ownership: None,
            filters: &[],
            fixed_playouts: None,
            komi_adjusted: false,
        };
        Closer::new(0.0, Policy::Heavy, 7).decide(g, &turn)
    };
    match decide(&g) {
        Decision::Move(Move::Play(p)) => {
            assert!(g.board().neighbours(c5).contains(&p), "{p:?}")
        }
        d => panic!("{d:?}"),
    }
    g.set_rules(Rules::Japanese);
    assert_eq!(decide(&g), Decision::Move(Move::Pass));
}

/// Under area rules, with a boundary still open, the search's pass gives
/// way to a move there that wins about as much (X black, O white, Black to move; H3
/// and H2 dead). c224476's Chinese match, game 86: the centre E4-E6 and
/// F4 is open, the count called the gap even, and Black passed at 50.8%;
/// White played E5 and E4 and Black resigned. GNU Go plays E4.
///
/// ```text
///     A B C D E F G H J
///   9 . X X . X X X O .
///   8 O O O X . X O . O
///   7 O X X . X O O O .
///   6 O X X X . X O O O
///   5 O X X O . X X O X
///   4 . O O O . . X X X
///   3 . O O X X X . O X
///   2 . O . O X . . O .
///   1 . . O O X . . . .
/// ```
#[test]
fn under_area_rules_an_open_boundary_is_played_rather_than_passed() {
    let g = game_from(
        "
        . X X . X X X O .
        O O O X . X O . O
        O X X . X O O O .
        O X X X . X O O O
        O X X O . X X O X
        . O O O . . X X X
        . O O X X X . O X
        . O . O X . . O .
        . . O O X . . . .",
        Color::Black,
        7.0,
    );
    let j = Judgement {
        dead: vec![g.board().at("H3"), g.board().at("H2")],
        ..Judgement::default()
    };
    let none = |_: Move| false;
    let pass = |visits: u32, win: f64| Candidate {
        mv: Move::Pass,
        ..candidate(&g, "A1", visits, win)
    };
    let e4 = Move::Play(g.board().at("E4"));
    // A4 is White's area: not open, passed over.
    let cands = |win: f64| {
        [
            pass(900, 0.51),
            candidate(&g, "A4", 600, 0.52),
            candidate(&g, "E4", 500, win),
        ]
    };
    assert_eq!(
        policy::open_instead_of_pass(&g, &j, None, &cands(0.50), none),
        Some(e4)
    );
    // Far worse than the pass: the pass stands.
    assert_eq!(
        policy::open_instead_of_pass(&g, &j, None, &cands(0.30), none),
        None
    );
    // A move the waste rules refuse is not played.
    assert_eq!(
        policy::open_instead_of_pass(&g, &j, None, &cands(0.50), |m| m == e4),
        None
    );
    // The search did not try the pass: any open move will do.
    assert_eq!(
        policy::open_instead_of_pass(&g, &j, None, &[candidate(&g, "E4", 50, 0.2)], none),
        Some(e4)
    );
    // Under territory rules a gap the count calls even is neutral.
    let mut jp = g.clone();
    jp.set_rules(Rules::Japanese);
    assert_eq!(
        policy::open_instead_of_pass(&jp, &j, None, &cands(0.50), none),
        None
    );
}

/// A side far ahead saves its chain in atari before a move that wins as
/// much (X black, O white, Black to move): D5 is in atari, D4 gives it
/// three liberties that no ladder takes.
///
/// ```text
///     A B C D E F G H J
///   6 . . . O . . . . .
///   5 . . O X O . . . .
///   4 . . . . . . . . .
/// ```
///
/// Not when the search found D4 worse or barely looked at it, nor when
/// its best move saves the stone already. At the edge (C3 in atari at
/// C2, D2 White's) the extension has two liberties and is taken:
/// nothing to keep.
///
/// ```text
///     A B C D E F G H J
///   4 . . O . . . . . .
///   3 . O X O . . . . .
///   2 . . . O . . . . .
///   1 . . . . . . . . .
/// ```
#[test]
fn a_side_far_ahead_keeps_its_stones() {
    let g = game_from(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . O . . . . .
        . . O X O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Color::Black,
        6.5,
    );
    let keep = |g: &Game, cands: &[Candidate]| policy::keep_stones(g, Color::Black, &[], cands);
    let d4 = Move::Play(g.board().at("D4"));
    let both = |win: f64, visits: u32| {
        [
            candidate(&g, "G3", 500, 0.95),
            candidate(&g, "D4", visits, win),
        ]
    };
    assert_eq!(keep(&g, &both(0.93, 100)), Some(d4));
    assert_eq!(keep(&g, &both(0.85, 100)), None);
    assert_eq!(keep(&g, &both(0.93, 5)), None);
    assert_eq!(keep(&g, &[candidate(&g, "D4", 500, 0.95)]), None);
    // Dead by the judgement: left.
    let dead = [g.board().at("D5")];
    assert_eq!(
        policy::keep_stones(&g, Color::Black, &dead, &both(0.93, 100)),
        None
    );

    let edge = game_from(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . O . . . . . .
        . O X O . . . . .
        . . . O . . . . .
        . . . . . . . . .",
        Color::Black,
        6.5,
    );
    let cands = [
        candidate(&edge, "G7", 500, 0.95),
        candidate(&edge, "C2", 100, 0.93),
    ];
    assert_eq!(keep(&edge, &cands), None);
}

/// A closed board: every empty region one colour's, every chain with two
/// liberties or more (X black, O white).
///
/// ```text
///     A B C D E       A B C D E       A B C D E       A B C D E
///   5 . X O . .     5 . X O . .     5 . X O . .     5 O O O . .
///   4 . X O . .     4 . X O . .     4 . X O . .     4 X X O . .
///   3 . X O O O     3 . X O O O     3 . X . O O     3 . X O . .
///   2 X X . . .     2 X X O O O     2 X X O O O     2 X X O . .
///   1 . . . . .     1 . X O . .     1 . X O . .     1 O O O . .
///     C2 dame         closed          C3 dame         Black in atari
/// ```
#[test]
fn a_closed_board_has_no_dame_and_no_chain_in_atari() {
    let closed =
        |diagram: &str| policy::closed_board(game_from(diagram, Color::Black, 0.5).board());
    assert!(!closed(
        "
        . X O . .
        . X O . .
        . X O O O
        X X . . .
        . . . . ."
    ));
    assert!(closed(
        "
        . X O . .
        . X O . .
        . X O O O
        X X O O O
        . X O . ."
    ));
    assert!(!closed(
        "
        . X O . .
        . X O . .
        . X . O O
        X X O O O
        . X O . ."
    ));
    // Black's only liberty is its own eye A3: every region is one colour's,
    // but White takes five stones there.
    assert!(!closed(
        "
        O O O . .
        X X O . .
        . X O . .
        X X O . .
        O O O . ."
    ));
}

/// The reader of the last phase ([`dame`]) on closed boards, X black, O
/// white, no dead stones.
fn last_phase(diagram: &str) -> (Board, dame::LastPhase) {
    let b = Board::from_diagram(diagram).expect("diagram");
    let lp = dame::LastPhase::read(&b, &[], &[]);
    (b, lp)
}

fn none() -> Vec<bool> {
    vec![false; MAX_POINTS]
}

/// ```text
///     A B C D E
///   5 . X X O .
///   4 . X O O .
///   3 . X . O .     C3 touches both walls: a neutral dame;
///   2 . X X O .     the rest is black's (A, B) or white's (E).
///   1 . X O O .
/// ```
#[test]
fn a_point_between_two_walls_is_a_neutral_dame() {
    let (b, lp) = last_phase(
        "
        . X X O .
        . X O O .
        . X . O .
        . X X O .
        . X O O .",
    );
    assert!(lp.closing());
    assert_eq!(lp.dame, vec![b.at("C3")]);
    assert_eq!(
        lp.region(b.at("A3")),
        Some(dame::Region::Area(Color::Black))
    );
    assert_eq!(
        lp.region(b.at("E1")),
        Some(dame::Region::Area(Color::White))
    );
    assert_eq!(lp.region(b.at("B3")), None);
    for c in [Color::Black, Color::White] {
        assert!(dame::threats(&b, c, &none(), &none()).is_empty());
        assert!(dame::needed_fills(&b, c, &none(), &none()).is_empty());
        // Either side may fill it: it gives the other nothing.
        assert!(dame::safe_fills(&b, c, &none(), &none())(b.at("C3")));
    }
}

/// ```text
///     A B C D E
///   5 . X O . .
///   4 . X O . .
///   3 . . . O .     B3, C3: an open boundary (B3 touches black only),
///   2 . X O O .     not a dame: the game is not over.
///   1 . X O O .
/// ```
#[test]
fn a_boundary_with_a_point_of_one_colour_is_open() {
    let (b, lp) = last_phase(
        "
        . X O . .
        . X O . .
        . . . O .
        . X O O .
        . X O O .",
    );
    assert!(!lp.closing());
    assert!(lp.dame.is_empty());
    assert_eq!(lp.region(b.at("C3")), Some(dame::Region::Open));
}

/// ```text
///     A B C D E
///   5 . X O . .
///   4 . X O . .
///   3 . X O . .     C2 is cut off in atari: White takes it at B2.
///   2 X . X O .     Every region is one colour's, yet Black must
///   1 . X O O .     connect at B2 before passing.
/// ```
#[test]
fn a_stone_in_atari_must_be_connected_before_the_end() {
    let (b, lp) = last_phase(
        "
        . X O . .
        . X O . .
        . X O . .
        X . X O .
        . X O O .",
    );
    assert!(lp.closing());
    // White B2 takes C2 and leaves B1 and A2 short of liberties too.
    let t = dame::threats(&b, Color::Black, &none(), &none());
    assert!(t.iter().all(|t| t.at == b.at("B2")), "{t:?}");
    assert!(t.iter().any(|t| t.chain == b.chain(b.at("C2"))), "{t:?}");
    // B2 saves every stone; A1 saves B1 alone.
    assert_eq!(
        dame::needed_fills(&b, Color::Black, &none(), &none()),
        vec![(b.at("B2"), t.len() as u32), (b.at("A1"), 1)]
    );
    assert!(dame::needed_fills(&b, Color::White, &none(), &none()).is_empty());
}

/// ```text
///     A B C D E
///   5 . X O . .
///   4 . X O . .
///   3 . X . O .     C3 is a dame; the black stones around it have
///   2 . . X O .     liberties enough (B2 connects C2 when White
///   1 . X O O .     fills C3): nothing is needed.
/// ```
#[test]
fn a_fill_answered_by_a_connection_later_is_not_needed_now() {
    let (b, lp) = last_phase(
        "
        . X O . .
        . X O . .
        . X . O .
        . . X O .
        . X O O .",
    );
    assert!(lp.closing());
    assert_eq!(lp.dame, vec![b.at("C3")]);
    assert!(dame::threats(&b, Color::Black, &none(), &none()).is_empty());
    assert!(dame::needed_fills(&b, Color::Black, &none(), &none()).is_empty());
}

/// ```text
///     A B C D E F G
///   7 . . X O O . .
///   6 . . X O O . .
///   5 . . . X O . .     D4 looks like a dame, but White there puts
///   4 . . X . O . .     both D5 and D3 in atari (a shortage of
///   3 . . . X O . .     liberties): Black saves one, White takes the
///   2 . . X O O . .     other. Black must fill D4 itself before the
///   1 . . X O O . .     end; for White, D4 is a gain.
/// ```
#[test]
fn a_dame_that_puts_two_chains_in_atari_must_be_filled() {
    let (b, lp) = last_phase(
        "
        . . X O O . .
        . . X O O . .
        . . . X O . .
        . . X . O . .
        . . . X O . .
        . . X O O . .
        . . X O O . .",
    );
    assert!(lp.closing());
    assert_eq!(lp.dame, vec![b.at("D4")]);
    let t = dame::threats(&b, Color::Black, &none(), &none());
    assert!(t.iter().all(|t| t.at == b.at("D4")), "{t:?}");
    assert!(!t.is_empty());
    // D4 saves both; C5 and C3 save one each.
    assert_eq!(
        dame::needed_fills(&b, Color::Black, &none(), &none()),
        vec![(b.at("D4"), 2), (b.at("C3"), 1), (b.at("C5"), 1)]
    );
    // Filling D4 leaves White nothing to threaten; any other fill of
    // Black's (C5 connects one stone) does not.
    assert!(dame::safe_fills(&b, Color::Black, &none(), &none())(
        b.at("D4")
    ));
    assert!(dame::threats(&b, Color::White, &none(), &none()).is_empty());
}

/// ```text
///     A B C D E F G H J
///   9 . O . . O . O O .
///   8 O . . O O O X X X     C4 is a dame (Black C5 and B4 beside White
///   7 X O O . O X O X .     D4 and C3), but Black's stone there makes
///   6 X O X O O X O O .     White's eye at D3 false (C4 and E4 on two
///   5 X X X X X X X X .     diagonals): White fills it. A match game
///   4 X X . O X X . . .     (c224476, Japanese, game 11): the board
///   3 O O O . O O X X .     read as closed, White passed at 98%, and
///   2 X O . O O X . X .     Black C4 killed the corner group.
///   1 . . . O X X X . .
/// ```
#[test]
fn a_dame_that_keeps_an_eye_must_be_filled() {
    let b = Board::from_diagram(
        "
        . O . . O . O O .
        O . . O O O X X X
        X O O . O X O X .
        X O X O O X O O .
        X X X X X X X X .
        X X . O X X . . .
        O O O . O O X X .
        X O . O O X . X .
        . . . O X X X . .",
    )
    .expect("diagram");
    let dead = ["A2", "G7", "G6", "H6"].map(|v| b.at(v));
    let lp = dame::LastPhase::read(&b, &dead, &[]);
    assert!(lp.closing());
    assert_eq!(lp.region(b.at("C4")), Some(dame::Region::Dame));
    let fills = dame::eye_fills(&b, Color::White, &lp);
    assert!(fills.iter().any(|f| f.0 == b.at("C4")), "{fills:?}");
    // No other dame touches an eye of White's, and Black has none to keep.
    assert_eq!(fills.len(), 1, "{fills:?}");
    assert!(dame::eye_fills(&b, Color::Black, &lp).is_empty());
}

/// ```text
///     A B C D E F G H J
///   9 X . X . . . . . .
///   8 O X X . . . . . .     Black F6 is in atari: G6 connects it, and
///   7 O O X X X O X . .     F8 saves it too by taking White's F7, the
///   6 . O O O O X . X .     stone that cuts C7 from G7. Both are fills
///   5 . . . O O O X . .     that save F6; which one is the search's
///   4 . . . O X O X . .     call (F8, nearly every visit, in a match:
///   3 . . . O X X X . .     endgame.tst 46). B9 saves A9.
///   2 . . . O O O X . .
///   1 . . . . O X X . .
/// ```
#[test]
fn taking_the_cutter_saves_a_chain_in_atari_as_well_as_connecting() {
    let b = Board::from_diagram(
        "
        X . X . . . . . .
        O X X . . . . . .
        O O X X X O X . .
        . O O O O X . X .
        . . . O O O X . .
        . . . O X O X . .
        . . . O X X X . .
        . . . O O O X . .
        . . . . O X X . .",
    )
    .expect("diagram");
    let mut fills = dame::needed_fills(&b, Color::Black, &none(), &none());
    fills.sort();
    let mut want = vec![(b.at("G6"), 1), (b.at("F8"), 1), (b.at("B9"), 1)];
    want.sort();
    assert_eq!(fills, want);
}

/// ```text
///     A B C D E F G H J
///   9 . . . . O . . . .
///   8 . . O O . O O . .
///   7 O O O . . . O . .
///   6 X X O . O O . . .     White J5 has two liberties, H5 and J6, and
///   5 . X O O X X O . O     no ladder to fear, but Black H6 nets it:
///   4 . X O X X X O O X     a threat beyond the liberties, from a match
///   3 . O X X X X O X X     (endgame.tst 32). White's fill saves it.
///   2 . X O X . . X X .
///   1 . . . . . . . . .
/// ```
#[test]
fn a_net_is_a_threat_and_its_defence_a_needed_fill() {
    let b = Board::from_diagram(
        "
        . . . . O . . . .
        . . O O . O O . .
        O O O . . . O . .
        X X O . O O . . .
        . X O O X X O . O
        . X O X X X O O X
        . O X X X X O X X
        . X O X . . X X .
        . . . . . . . . .",
    )
    .expect("diagram");
    let j5 = b.chain(b.at("J5"));
    let t = dame::threats(&b, Color::White, &none(), &none());
    assert!(
        t.iter().any(|t| t.chain == j5 && t.at == b.at("H6")),
        "{t:?}"
    );
    let fills = dame::needed_fills(&b, Color::White, &none(), &none());
    let fix = fills.first().expect("a needed fill").0;
    let mut after = b.clone();
    after.play_unchecked(Color::White, Move::Play(fix));
    assert!(
        !dame::threats(&after, Color::White, &none(), &none())
            .iter()
            .any(|t| t.chain == after.chain(b.at("J5"))),
        "{fix:?} leaves J5 open"
    );
}

#[test]
fn a_race_hidden_by_dead_stones_is_no_seki() {
    // From a match against GNU Go (docs/matches/0c4dfbb-9x9-japanese-check,
    // game 9). Black's chain D2-H2 (an eye at F1) and White's F4-J2 share
    // J1; White's other liberty J4 is beside J5, which dies with J7 J8 H6
    // once Black plays J6. On the board as it stands Black J4 is suicide
    // and either side filling J1 puts itself in atari: a static seki. With
    // the dead stones off, Black takes J4 and J1: White's chain is dead
    // (GNU Go: B+7.5; kosumi read a seki and counted W+13.5).
    let g = game_from(
        "
        . . . O O O O X X
        O . O O O X X X O
        . . . O X . X X O
        . . O X X X . O .
        . . O X . X X X O
        . . O X X O O O .
        . . O O O X X O O
        . O O X X X X X O
        . O X X X . X X .",
        Color::White,
        6.5,
    );
    let own = sample_ownership(&g, 1000, Policy::Heavy, 7);
    let j = judge(g.board(), &own);
    let geo = g.geometry();
    for v in ["F4", "H3", "J2", "J5", "J7", "H6"] {
        let Ok(Move::Play(p)) = geo.parse_move(v) else {
            unreachable!()
        };
        assert!(!j.seki.contains(&p), "{v} judged seki: {j:?}");
        assert!(j.dead.contains(&p), "{v} not judged dead: {j:?}");
    }
    for v in ["D2", "H1", "F3"] {
        let Ok(Move::Play(p)) = geo.parse_move(v) else {
            unreachable!()
        };
        assert!(!j.seki.contains(&p) && !j.dead.contains(&p), "{v}: {j:?}");
    }
}

#[test]
fn the_wall_of_a_large_eye_space_lives_whatever_the_playouts_say() {
    // The end of a game against GNU Go (Chinese rules, komi 7, docs/
    // matches/920a7b3-9x9-chinese game 1; both passed). Black's top right,
    // F9-G6 and J7 J6, walls in eight empty points that touch no white
    // stone: any white stone played inside is answered and black makes
    // two eyes. Playouts fill the space at random from both sides and
    // called the wall dead (kosumi counted W+40); GNU Go counts it alive.
    let g = game_from(
        "
        . O . O . X . . .
        O O . O O X . . .
        . O O . O X X . X
        O . . . . O X . X
        X O O O . O O X O
        X X O O O O O O O
        X . X O X X O O .
        X X . X X X X O O
        . . . . . O X X X",
        Color::White,
        7.0,
    );
    let pt = |v: &str| g.board().at(v);
    let own = sample_ownership(&g, 2000, Policy::Heavy, 7);
    let j = judge(g.board(), &own);
    for v in ["F9", "F8", "F7", "G7", "G6", "J7", "J6"] {
        assert!(!j.dead.contains(&pt(v)), "{v} called dead: {j:?}");
        assert!(!j.unclear.contains(&pt(v)), "{v} called unclear: {j:?}");
    }
    // H5 is in atari, but Black H6 would connect it: dead to GNU Go,
    // which then calls H6 H7 H8 dame and counts W+12; unsettled to the
    // playouts, and the count with it standing is W+7. Either way not
    // W+40.
    let margin = g.score_with(&j.dead, &j.seki).margin();
    assert!((-12.0..=-7.0).contains(&margin), "{margin} {j:?}");

    // Seven points are enough; six, the largest a nakade kills, are
    // left to the playouts.
    let (board, _) = last_phase(
        "
        . . . O X . . . .
        O O O O X . . . .
        X X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    let walled = judge::walls_of_large_spaces(&board);
    assert!(!walled[board.at("A8").idx()], "a space of three");
    let (board, _) = last_phase(
        "
        . . . . . . . O X
        . . . . . . . O X
        . . . . . . O O X
        O O O O O O O X X
        X X X X X X X X .
        . . . . . . . . .
        . . . . . . . . .
        . . . O O O O . .
        . . . . . . . . .",
    );
    let walled = judge::walls_of_large_spaces(&board);
    assert!(walled[board.at("A6").idx()] && walled[board.at("H9").idx()]);
    assert!(
        !walled[board.at("A5").idx()],
        "black's wall touches a space where white has four stones"
    );
    // One or two invading stones there leave it Black's.
    let (board, _) = last_phase(
        "
        . . . . . . . O X
        . . . . . . . O X
        . . . . . . O O X
        O O O O O O O X X
        X X X X X X X X .
        . . . . . . . . .
        . . . . . . . . .
        . . . . O . . . .
        . . . . . . . . .",
    );
    let walled = judge::walls_of_large_spaces(&board);
    assert!(walled[board.at("A5").idx()]);
}

#[test]
fn an_invading_stone_does_not_open_a_large_eye_space() {
    // The end of a game against GNU Go (Chinese rules, komi 7, docs/
    // matches/6e7b528-9x9-chinese game 97; both passed). White G5 stands
    // alone in Black's right side, 23 empty points walled by Black's top
    // (B9-F5) and bottom right (G4-J1). The playouts let the invader
    // kill the walls often (Black's share of the playouts minus White's:
    // 0.64 on the top wall, 0.38 on the bottom right, 0.28 at G5): every
    // chain unclear, nothing dead, and kosumi counted W+29 with the right
    // side dame. GNU Go calls G5 dead and counts W+4.
    let g = game_from(
        "
        O X X . . . . . .
        O O X X X . . . .
        . O O X . . . . .
        . . O O X X . . .
        . . O O X X O . .
        . . . O O O X X .
        . . . O . . O X .
        . . . . O O O X .
        . . . . O X X X X",
        Color::White,
        7.0,
    );
    let pt = |v: &str| g.board().at(v);
    let walled = judge::walls_of_large_spaces(g.board());
    for v in ["B9", "E5", "G4", "J1"] {
        assert!(walled[pt(v).idx()], "{v} not walled");
    }
    assert!(!walled[pt("G5").idx()]);
    let own = sample_ownership(&g, 2000, Policy::Heavy, 7);
    let j = judge(g.board(), &own);
    assert!(j.dead.contains(&pt("G5")), "{j:?}");
    for v in ["B9", "E5", "G4", "J1"] {
        assert!(
            !j.dead.contains(&pt(v)) && !j.unclear.contains(&pt(v)),
            "{v}: {j:?}"
        );
    }
    assert_eq!(g.score_with(&j.dead, &j.seki).margin(), -4.0);
}

/// The gap of a nearly closed board, valued by the count (issue 33).
fn gap_game(diagram: &str, to_move: Color) -> (Game, dame::LastPhase) {
    let mut g = game_from(diagram, to_move, 0.5);
    g.set_rules(Rules::Japanese);
    let lp = dame::LastPhase::read(g.board(), &[], &[]);
    (g, lp)
}

fn gap_for(g: &Game, lp: &dame::LastPhase, c: Color) -> Option<Point> {
    policy::gap_move(g, c, &Judgement::default(), lp, &none(), &none())
}

/// ```text
///     A B C D E F G
///   7 . . X O . . .
///   6 . . X O . . .
///   5 X X X O O O O     C4 D4: a gap of two points. White C4 makes D4
///   4 . X . . O . .     white's territory; black C4 leaves D4 a dame.
///   3 X X O O O . .     Either side takes C4, under territory rules.
///   2 . X O . . . .
///   1 . X O . . . .
/// ```
#[test]
fn a_gap_that_makes_a_point_of_territory_is_filled() {
    let d = "
        . . X O . . .
        . . X O . . .
        X X X O O O O
        . X . . O . .
        X X O O O . .
        . X O . . . .
        . X O . . . .";
    let (g, lp) = gap_game(d, Color::White);
    assert!(!lp.closing());
    assert!(lp.nearly_closed(4, 12));
    assert_eq!(lp.open(), 2);
    let c4 = g.board().at("C4");
    assert_eq!(gap_for(&g, &lp, Color::White), Some(c4));
    assert_eq!(gap_for(&g, &lp, Color::Black), Some(c4));
}

/// ```text
///     A B C D E F G
///   7 . X . . . . .
///   6 O X . . . . .     A5 A4: a gap. White A4 would make A5 a point,
///   5 . O X X X X X     but Black A7 then ataris A6 and White must fill
///   4 . O O O O O O     A5 after all; black A4 leaves A5 a dame. Nothing
///   3 X X O . . . .     to gain either way: a pass, under territory rules.
///   2 . X O . . . .
///   1 . X O . . . .
/// ```
#[test]
fn a_gap_whose_point_a_short_wall_gives_back_is_neutral() {
    let d = "
        . X . . . . .
        O X . . . . .
        . O X X X X X
        . O O O O O O
        X X O . . . .
        . X O . . . .
        . X O . . . .";
    let (g, lp) = gap_game(d, Color::White);
    assert!(lp.nearly_closed(4, 12), "open {}", lp.open());
    assert_eq!(gap_for(&g, &lp, Color::White), None);
    assert_eq!(gap_for(&g, &lp, Color::Black), None);
    // Under area rules every gap is a point for who fills it.
    let mut area = g.clone();
    area.set_rules(Rules::Chinese);
    assert!(gap_for(&area, &lp, Color::White).is_some());
}

/// ```text
///     A B C D E F G H J
///   9 . . . . . X . X .     Black far ahead, H9 with three liberties:
///   8 . . . . . X O . O     White's G9 takes it (H8 and J9 are then
///   7 . . . . . X O O O     self-ataris). Black keeps it at G9 before
///   6 . . . . . X . . .     the search's G3, which the search had not
/// ```                       compared (57e62dc's Chinese game 8, move 43).
///
/// Not when the search found G9 worse, nor for a chain the search's
/// ownership gives to White.
#[test]
fn a_side_far_ahead_keeps_a_chain_one_move_would_take() {
    let g = game_from(
        "
        . . . . . X . X .
        . . . . . X O . O
        . . . . . X O O O
        . . . . . X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Color::Black,
        6.5,
    );
    let board = g.board();
    let geo = board.geometry();
    let ownership = |h9: f32| {
        let mut own = Ownership {
            size: 9,
            hash: board.hash(),
            to_move: Color::Black,
            samples: 100,
            black: vec![0.0; MAX_POINTS],
            white: vec![0.0; MAX_POINTS],
        };
        for p in geo.points() {
            match board.stone(p).color() {
                Some(Color::Black) => own.black[p.idx()] = 1.0,
                Some(Color::White) => own.white[p.idx()] = 1.0,
                None => {}
            }
        }
        own.black[board.at("H9").idx()] = h9;
        own.white[board.at("H9").idx()] = 1.0 - h9;
        own
    };
    let keep = |own: &Ownership, cands: &[Candidate]| {
        policy::keep_threatened(&g, Color::Black, &[], Some(own), cands, |_| false)
    };
    let g9 = Move::Play(board.at("G9"));
    let alive = ownership(0.8);
    assert_eq!(keep(&alive, &[candidate(&g, "G3", 500, 0.97)]), Some(g9));
    let tried = [
        candidate(&g, "G3", 500, 0.97),
        candidate(&g, "G9", 100, 0.85),
    ];
    assert_eq!(keep(&alive, &tried), None);
    assert_eq!(keep(&alive, &[candidate(&g, "G9", 500, 0.97)]), None);
    assert_eq!(
        keep(&ownership(0.2), &[candidate(&g, "G3", 500, 0.97)]),
        None
    );
}

/// ```text
///     A B C D E F G H J
///   9 . X . . . X X X .     57e62dc's Japanese game 99, move 60, White to
///   8 . O X X X O O . .     move; B7 B8, C4 and J2 dead. Two gaps: G6-G7
///   7 X O X O X O . O O     and H8-J8-J9. White's G6 makes G7 a point;
///   6 X X O O O O . X X     White's H8 makes J8 one. Black's move in
///   5 . X O O . O X . .     either only stops White's point there (H8,
///   4 O O X O . O X X .     then J8 in atari, makes White fill G7 too),
///   3 . . . O O X . . X     so whoever starts, White gets one point.
///   2 . . . O X X . X O     White must start: one fill and its answer,
///   1 . . . O X . X X .     read gap by gap, called both gaps neutral
/// ```                       (each answer went into the other gap); White
/// passed, Black took G6 and H8, and White lost by 1.5.
const GAME_99: &str = "
        . X . . . X X X .
        . O X X X O O . .
        X O X O X O . O O
        X X O O O O . X X
        . X O O . O X . .
        O O X O . O X X .
        . . . O O X . . X
        . . . O X X . X O
        . . . O X . X X .";

#[test]
fn gaps_read_together_show_which_side_must_move() {
    let mut g = game_from(GAME_99, Color::White, 0.5);
    g.set_rules(Rules::Japanese);
    let geo = g.geometry();
    let pt = |v: &str| match geo.parse_move(v) {
        Ok(Move::Play(p)) => p,
        _ => panic!("{v}"),
    };
    let j = Judgement {
        dead: ["B8", "B7", "C4", "J2"].iter().map(|v| pt(v)).collect(),
        ..Judgement::default()
    };
    let lp = dame::LastPhase::read(g.board(), &j.dead, &[]);
    assert!(lp.nearly_closed(4, 12), "open {}", lp.open());
    let dead = lp.dead.clone();
    let none = vec![false; MAX_POINTS];
    let gap = policy::gap_move(&g, Color::White, &j, &lp, &dead, &none);
    let gaps = ["G6", "G7", "H8", "J8"].map(pt);
    assert!(gap.is_some_and(|p| gaps.contains(&p)), "{gap:?}");
    // The read: White's pass leaves Black a point more than any of
    // White's four moves; Black's first move gains nothing over a pass.
    let points = ["G6", "G7", "H8", "J8", "J9"].map(pt);
    let read = |c: Color| {
        let mut reader = gaps::GapReader::new(
            g.board(),
            g.komi(),
            g.rules(),
            &j.dead,
            &[],
            &points,
            g.position_hashes(),
            PARAMS.gap_read_budget,
        );
        let (v, depth) = reader.read(g.board(), c, &points).expect("within budget");
        assert_eq!(depth, 12, "the whole read: two plies a point, two passes");
        v
    };
    let w = read(Color::White);
    assert_eq!(w.moves.len(), 4, "{w:?}");
    assert!(w.moves.iter().all(|&(_, m)| w.pass - m == 1.0), "{w:?}");
    let b = read(Color::Black);
    let best = b.moves.iter().map(|m| m.1).fold(f32::MIN, f32::max);
    assert_eq!(best, b.pass, "{b:?}");
    assert_eq!(best, w.moves[0].1);
    assert_eq!(
        policy::gap_move(&g, Color::Black, &j, &lp, &dead, &none),
        None
    );
}

/// ```text
///     A B C D E F G
///   7 . X O . . . .
///   6 . X O . . . .     C4 D4 E4 F4 G4 and more: an open boundary of
///   5 . X O . . . .     many points is no gap; the board is not nearly
///   4 . X . . . . .     closed.
///   3 . X O O O O O
///   2 . X O . . . .
///   1 . X O . . . .
/// ```
#[test]
fn a_long_open_boundary_is_not_nearly_closed() {
    let (_, lp) = last_phase(
        "
        . X O . . . .
        . X O . . . .
        . X O . . . .
        . X . . . . .
        . X O O O O O
        . X O . . . .
        . X O . . . .",
    );
    assert!(!lp.closing());
    assert!(!lp.nearly_closed(4, 12), "open {}", lp.open());
}

/// The cutting points `color` must connect on a board with no dead
/// stones, as vertices.
fn cuts_for(diagram: &str, color: Color) -> Vec<String> {
    let g = game_from(diagram, color, 0.5);
    let board = g.board();
    let lp = dame::LastPhase::read(board, &[], &[]);
    let none = vec![false; MAX_POINTS];
    let geo = board.geometry();
    dame::cut_fills(board, color, &lp, &none, &none)
        .into_iter()
        .map(|p| geo.vertex(p).to_string())
        .collect()
}

/// ```text
///     A B C D E F G H J
///   9 . . X . O O X . .     Black's walls: C9-C7 and C5-A2 meet only at
///   8 . . X . O X X . .     C6 (a dame), and G9-G7 and G5-J4 only at G6:
///   7 . . X . O O X . .     White cutting at either stands with the wall
///   6 . X . O . O . X .     behind it and splits the wall around one
///   5 . . X . O O X . .     black area. Both are filled before passing
///   4 . . X O . X X X X     (a 9x9 match game, da5b546 game 46: Black
///   3 . . X O O X O O O     passed, White pushed at D5, cut at C6 and
///   2 X X X . O O O . .     killed the left side).
///   1 . O O O . . . . .
/// ```
#[test]
fn a_cut_through_a_wall_around_one_area_is_connected() {
    let d = "
        . . X . O O X . .
        . . X . O X X . .
        . . X . O O X . .
        . X . O . O . X .
        . . X . O O X . .
        . . X O . X X X X
        . . X O O X O O O
        X X X . O O O . .
        . O O O . . . . .";
    assert_eq!(cuts_for(d, Color::Black), ["C6", "G6"]);
}

/// ```text
///     A B C D E F G H J
///   9 . . . X O . . . .     White's walls E9-E6 and F5-F1 meet at F6
///   8 . . . X O . . . .     only, but a black stone there is taken in a
///   7 . . . X O . . . .     ladder along the wall (G6 F7 G7 F8 G8 F9
///   6 . . . X O . . . .     G9): nothing to connect, White passes.
///   5 . . . X X O . . .
///   4 . . . . X O . . .
///   3 . . . . X O . . .
///   2 . . . . X O . . .
///   1 . . . . X O . . .
/// ```
#[test]
fn a_cut_whose_stone_is_taken_needs_no_connection() {
    let d = "
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .";
    assert!(cuts_for(d, Color::White).is_empty());
}

/// ```text
///     A B C D E F G H J
///   9 . . X O . . . . .     Black C9-C8 and the wall from D7 share two
///   8 . . X . O . . . .     points, D8 (a dame) and C7: a cut at one is
///   7 . . . X O . . . .     answered at the other (miai), so neither is
///   6 X X X X O . . . .     filled before the cut. After White D8, C7 is
///   5 . . . X O . . . .     a tiger's mouth inside Black's area (a white
///   4 . . . X O . . . .     stone there is in atari): still nothing.
///   3 . . . X O . . . .
///   2 . . . X O . . . .
///   1 . . . X O . . . .
/// ```
#[test]
fn a_miai_connection_waits_for_the_cut() {
    let d = "
        . . X O . . . . .
        . . X . O . . . .
        . . . X O . . . .
        X X X X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .";
    assert!(
        cuts_for(d, Color::Black).is_empty(),
        "{:?}",
        cuts_for(d, Color::Black)
    );
    let cut = d.replacen(". . X . O", ". . X O O", 1);
    assert!(cuts_for(&cut, Color::Black).is_empty());
}

/// The static seki test finds chains that share all their three liberties
/// (06b408e's Japanese match, game 96; `tactics::seki::shared_liberty_seki`
/// reads the shape), and the count leaves both alive: W+15.5 as GNU Go
/// counted it, where the playouts had White's 24 stones dead (B+35.5).
///
/// ```text
///     A B C D E F G H J
///   9 . O O O O O O O O
///   8 X X O X X O O X O     Black A8-B7 and White's top and left share
///   7 X X O O X O X X X     A9, A6 and B6, and neither has a liberty of
///   6 . . O X X O X X X     its own: whoever fills first is taken. A
///   5 O O O X X X X O O     sacrifice does not kill either: Black
///   4 O O X X O O O O .     filling A9 and A6 gives White a rectangular
///   3 O X X . X O O O O     six in the corner, which lives.
///   2 O X . X X X O X X
///   1 X X X X O O O O .
/// ```
#[test]
fn a_seki_of_shared_liberties_is_counted_as_seki() {
    let b = Board::from_diagram(
        "
        . O O O O O O O O
        X X O X X O O X O
        X X O O X O X X X
        . . O X X O X X X
        O O O X X X X O O
        O O X X O O O O .
        O X X . X O O O O
        O X . X X X O X X
        X X X X O O O O .",
    )
    .expect("diagram");
    let (black, white) = (b.at("A8"), b.at("C9"));
    assert!(crate::tactics::seki::shared_liberty_seki(&b, black, white));
    assert!(crate::tactics::seki::shared_liberty_seki(&b, white, black));
    let stones = static_seki(&b, &[]);
    for v in ["A8", "B7", "C9", "J9", "A2"] {
        assert!(stones.contains(&b.at(v)), "{v}");
    }
    assert!(!stones.contains(&b.at("D8")));
}

/// A seki spreads through the one-point eyes of its group (06b408e's
/// Japanese match, game 37; White to move, captures 5 and 1). Black's
/// right side and White's H9 share J9; White's H9 shares the eye G9 with
/// G8 and the chain E9-D6, which share F8. GNU Go counts the whole White
/// group in seki and neither F8 nor G9 as territory: W+22.5 (kosumi had
/// W+23.5, F8 counted).
///
/// ```text
///     A B C D E F G H J
///   9 . X . X O O . O .
///   8 . . X X O . O X X
///   7 X X X O O O X X X
///   6 X X X O X X X X .
///   5 O O X X O X X X X
///   4 . O O O O O X O X
///   3 . . . . . O O O O
///   2 . . . . . . . . .
///   1 . . . . . . . . .
/// ```
#[test]
fn a_seki_spreads_through_the_eyes_of_its_group() {
    let g = game_from(
        "
        . X . X O O . O .
        . . X X O . O X X
        X X X O O O X X X
        X X X O X X X X .
        O O X X O X X X X
        . O O O O O X O X
        . . . . . O O O O
        . . . . . . . . .
        . . . . . . . . .",
        Color::White,
        6.5,
    );
    let b = g.board();
    let own = sample_ownership(&g, 2000, Policy::Heavy, 7);
    let j = judge(b, &own);
    for v in ["J8", "J4", "H9", "G8", "F9", "D6"] {
        assert!(j.seki.contains(&b.at(v)), "{v} {:?}", j.seki);
    }
    // White's lower group has space of its own: alive, not seki.
    assert!(!j.seki.contains(&b.at("F3")));
}

/// A seki's shared liberty is never the move instead of one that only
/// costs a point: 823a4c8's Japanese game 13, move 76, White to move and
/// behind; its 14 stones from A4 to F3 share B2 with Black's A2 and B1
/// (D3 is White's eye). The search's best, A9, costs a point in White's
/// own area; its next candidate, B2, put the 14 stones in atari and Black
/// took them at D3 (B+7.5 became B+34.5).
///
/// ```text
///     A B C D E F G H J
///   9 . . . . . . O X .
///   8 . . O O O O O X X
///   7 O O O X O X X X X
///   6 O X X X X X . O X
///   5 X X X X X . X O O
///   4 O X X O O X X O O
///   3 O O O . O O X X O
///   2 X . O O O X . X O
///   1 . X O X X X X X O
/// ```
#[test]
fn a_chain_in_seki_is_not_put_in_atari_instead_of_a_wasted_move() {
    let mut g = game_from(crate::tactics::tests::SEKI_OF_GAME_13, Color::White, 6.5);
    g.set_rules(Rules::Japanese);
    let info = SearchInfo {
        candidates: vec![
            candidate(&g, "A9", 900, 0.25),
            candidate(&g, "B2", 60, 0.20),
        ],
        playouts: 1000,
        ..SearchInfo::default()
    };
    let d = decide_in_play(&g, Color::White, &info);
    assert_ne!(d, Decision::Move(Move::Play(g.board().at("B2"))));
}

/// A bulky five in the corner lives by its vital point B1 and dies by
/// the opponent's stone there (X black, O white): B1 is a needed fill
/// for White and a gain for Black. White's wall has three liberties, A2
/// B2 C1, none of them a threat to the capture reader; the life reader
/// plays the eye space out, whether the judging playouts call the group
/// dead (here, Black's area being the whole board, they do) or alive (in
/// 06b408e's Chinese game 94 they did, and White passed with such a group
/// until GNU Go's C1).
///
/// ```text
///     A B C D E F G H J
///   4 X X X X . . . . .
///   3 O O O X X . . . .
///   2 . . O O X . . . .
///   1 . . . O X . . . .
/// ```
#[test]
fn the_vital_point_of_a_bulky_five_is_needed_by_one_side_and_a_gain_for_the_other() {
    let (b, _) = last_phase(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X . . . . .
        O O O X X . . . .
        . . O O X . . . .
        . . . O X . . . .",
    );
    let b1 = b.at("B1");
    let (keep, kill) = dame::life_fills(&b, Color::White, &none(), &none());
    assert_eq!(keep, vec![(b1, 6)]);
    assert!(kill.is_empty());
    let (keep, kill) = dame::life_fills(&b, Color::Black, &none(), &none());
    assert!(keep.is_empty());
    assert_eq!(kill, vec![(b1, 6)]);
}

/// A straight three whose middle is open (X black, O white; the
/// problem of gtp-tests/tactics9.tst 1 and 2): White's five stones live
/// by H9 and die by Black's stone there. Every empty region touches one
/// colour only, so the board reads as closed, and the judging playouts,
/// which seldom find H9 for either side, call the group dead. Black,
/// far ahead, passed there under territory rules before the life
/// reader read groups judged dead: the pass lets White live. H9 is a
/// gain for Black and a needed move for White, under either rules, the
/// search's choice (a pass for Black, a move elsewhere for White)
/// notwithstanding.
///
/// ```text
///     A B C D E F G H J
///   9 . . . . X O . . .
///   8 . . . . X O O O O
///   7 . . . . . X X X X
/// ```
#[test]
fn a_group_judged_dead_that_lives_by_its_vital_point_is_killed_or_saved() {
    let diagram = "
        . . . . X O . . .
        . . . . X O O O O
        . . . . . X X X X
        . . . . . . . . .
        . . X . . . . . .
        . . . . X . . . .
        . X . . . . X . .
        . . . . . . . . .
        . . . . . . . . .";
    for rules in [Rules::Japanese, Rules::Chinese] {
        for color in [Color::Black, Color::White] {
            let mut g = game_from(diagram, color, 7.5);
            g.set_rules(rules);
            let h9 = Move::Play(g.board().at("H9"));
            let info = SearchInfo {
                candidates: vec![
                    Candidate {
                        mv: Move::Pass,
                        ..candidate(&g, "A1", 900, 0.95)
                    },
                    candidate(&g, "E7", 80, 0.94),
                    candidate(&g, "H9", 20, 0.93),
                ],
                playouts: 1000,
                ..SearchInfo::default()
            };
            let d = decide_in_play(&g, color, &info);
            assert_eq!(d, Decision::Move(h9), "{rules:?}, {color:?} to move");
        }
    }
}

/// A race the judging playouts call lost (lifedead2-9x9-ab game 8, the
/// position of gtp-tests/endgame.tst 54 and 55): Black's eleven stones
/// F1-J5 have three liberties (G1, H4, J4), White's H2-H3 four (H1, J2,
/// J3, H4). Whoever moves first wins it: Black by J2 (or H1, or J8
/// first), which the strict life reader proves, White by J4 (or H4, J2,
/// H1). Black passed, the search's choice, and lost the stones; White
/// passed after it. Neither may pass now, under either rules.
///
/// ```text
///     A B C D E F G H J
///   4 . . X X O X X . .
///   3 . . X O O O X O .
///   2 X X O O X X X O .
///   1 . O . O O X . . .
/// ```
#[test]
fn a_race_the_playouts_call_lost_is_played_by_the_side_to_move() {
    let diagram = crate::tactics::tests::CORNER_RACE;
    for rules in [Rules::Japanese, Rules::Chinese] {
        for (color, winrate, right) in [
            (Color::Black, 0.22, &["J2", "H1", "J8"][..]),
            (Color::White, 0.99, &["J4", "H4", "J2", "H1"][..]),
        ] {
            let mut g = game_from(diagram, color, 7.0);
            g.set_rules(rules);
            let info = SearchInfo {
                candidates: vec![
                    Candidate {
                        mv: Move::Pass,
                        ..candidate(&g, "A1", 900, winrate)
                    },
                    candidate(
                        &g,
                        if color == Color::Black { "A5" } else { "E8" },
                        80,
                        winrate - 0.01,
                    ),
                ],
                playouts: 1000,
                ..SearchInfo::default()
            };
            // The search's ownership, as in the game: Black's eleven
            // stones White's, the left side Black's.
            let board = g.board();
            let geo = g.geometry();
            let mut own = ownership_of(&g, 0.0, 1.0);
            for p in geo.points() {
                let black = match board.stone(p).color() {
                    Some(c) => c == Color::Black && board.chain(p) != board.chain(board.at("G2")),
                    None => geo.coords(p).0 < 2,
                };
                if black {
                    (own.black[p.idx()], own.white[p.idx()]) = (1.0, 0.0);
                }
            }
            let turn = Turn {
                color,
                mode: GenMode::Play,
                info: &info,
                search_ownership: Some(&own),
                filters: &[],
                fixed_playouts: None,
                komi_adjusted: false,
            };
            let d = Closer::new(0.0, Policy::Heavy, 7).decide(&g, &turn);
            let played = match d {
                Decision::Move(m) => geo.move_text(m).to_string(),
                other => format!("{other:?}"),
            };
            assert!(
                right.contains(&played.as_str()),
                "{rules:?}, {color:?} to move: {played}"
            );
        }
    }
}
