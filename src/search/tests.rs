//! Tests of the search: tactics it must find, determinism, tree reuse, the
//! node budget.

use super::*;
use crate::board::Board;
use crate::game::{Game, Rules};

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

fn searcher(threads: usize) -> Searcher {
    Searcher::new(SearchConfig {
        threads,
        seed: 7,
        ..SearchConfig::default()
    })
}

fn run(s: &mut Searcher, g: &Game, playouts: u64, deterministic: bool) -> SearchInfo {
    let limits = Limits {
        playouts: Some(playouts),
        deterministic,
        ..Limits::default()
    };
    s.search(g, g.komi(), limits, None)
}

#[test]
fn deterministic_with_one_thread() {
    let g = Game::new(9, 7.0, Rules::Chinese);
    let a = run(&mut searcher(1), &g, 2000, true);
    let b = run(&mut searcher(1), &g, 2000, true);
    assert_eq!(a.playouts, 2000);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.candidates[0].mv, b.candidates[0].mv);
    assert_eq!(a.candidates[0].visits, b.candidates[0].visits);
}

#[test]
fn reuses_the_subtree_of_the_moves_played() {
    let mut g = Game::new(9, 7.0, Rules::Chinese);
    let mut s = searcher(2);
    let info = run(&mut s, &g, 5000, false);
    let best = info.candidates[0].mv;
    let kept = info.candidates[0].visits;
    g.play(Color::Black, best).unwrap();
    let (root, reused) = s.take_root(&g, 7.0);
    assert!(reused);
    assert!(root.visits.load(Ordering::Relaxed) >= kept);
    // A different game is not reused.
    let mut s2 = searcher(1);
    run(&mut s2, &g, 500, false);
    let other = Game::new(9, 6.5, Rules::Chinese);
    assert!(!s2.take_root(&other, 6.5).1);
}

#[test]
fn node_budget_is_respected() {
    let g = Game::new(9, 7.0, Rules::Chinese);
    let mut s = Searcher::new(SearchConfig {
        threads: 1,
        max_nodes: 3000,
        ..SearchConfig::default()
    });
    let info = run(&mut s, &g, 20_000, true);
    assert_eq!(info.playouts, 20_000, "the search goes on past the budget");
    // One expansion may overshoot by one node's children.
    assert!(info.nodes <= 3000 + 82, "{} nodes", info.nodes);
}

#[test]
fn two_threads_run_the_playouts_asked_for() {
    let g = Game::new(9, 7.0, Rules::Chinese);
    let info = run(&mut searcher(2), &g, 4000, false);
    assert!(info.playouts >= 4000);
    let total: u32 = info.candidates.iter().map(|c| c.visits).sum();
    assert!(total as u64 >= 3900);
}

#[test]
fn avoid_and_allow_steer_the_search_not_only_the_output() {
    // Black's best move is the capture at C1; avoiding C1 for black's
    // first move sends the search elsewhere, and allowing only D1 (and
    // pass, always allowed) leaves nothing else at the root.
    let g = game_from(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . X O X . . . . .
        . . . . . . . . .",
        Color::Black,
        7.0,
    );
    let geo = g.geometry();
    let mv = |v: &str| geo.parse_move(v).unwrap();
    // A fresh 3000-playout search with one filter on black's first move.
    let search = |allow: bool, v: &str| {
        let limits = Limits {
            playouts: Some(3000),
            filters: vec![MoveFilter {
                allow,
                color: Color::Black,
                moves: vec![mv(v)],
                until_depth: 1,
            }],
            ..Limits::default()
        };
        searcher(2).search(&g, 7.0, limits, None)
    };
    let info = search(false, "C1");
    let c1 = info.candidates.iter().find(|c| c.mv == mv("C1"));
    assert!(c1.is_none_or(|c| c.visits == 0), "{c1:?}");
    let total: u32 = info.candidates.iter().map(|c| c.visits).sum();
    assert!(total >= 2900, "{total}");

    let info = search(true, "D1");
    for c in &info.candidates {
        assert!(
            c.mv == mv("D1") || c.mv == Move::Pass || c.visits == 0,
            "{:?} searched",
            c.mv
        );
    }
    // D1 and pass share the whole search (which of them leads is the
    // search's business: with two threads either can).
    let total: u32 = info.candidates.iter().map(|c| c.visits).sum();
    assert!(total >= 2900, "{total}");
    assert!(info
        .candidates
        .iter()
        .any(|c| c.mv == mv("D1") && c.visits > 0));
}

/// A settled 9x9 board: Black 37 points, White 20, no dame (drawn in the
/// tests that use it).
const SETTLED: &str = "
    . . X O . . . . .
    . . X O . . . . .
    . . X O . . . . .
    X X X O . . . . .
    . . X O O O O O O
    . . X X X X X X X
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

/// Under territory rules the search counts the stones put down: the
/// territory count is the area count minus the stones Black put down
/// beyond White's, so on a settled board (no dame) a stone in one's own
/// area costs a point.
///
/// ```text
///   . . X O . . . . .     Black: 14 stones, 37 points of territory
///   . . X O . . . . .     White: 10 stones, 20 points
///   . . X O . . . . .
///   X X X O . . . . .     komi 16.5: area B+4.5, territory B+0.5
///   . . X O O O O O O     (the stone balance, 4)
///   . . X X X X X X X
///   . . . . . . . . .
///   . . . . . . . . .
///   . . . . . . . . .
/// ```
///
#[test]
fn territory_rules_charge_every_stone_put_down() {
    let diagram = SETTLED;
    // The stones played as moves (the other side passing), so that the
    // tree offers passes as it does late in a game; White passed last.
    let board = Board::from_diagram(diagram).expect("diagram");
    let mut area = Game::new(9, 16.5, Rules::Chinese);
    for p in board.geometry().points() {
        if let Some(c) = board.stone(p).color() {
            area.play(c, Move::Play(p)).unwrap();
            area.play(!c, Move::Pass).unwrap();
        }
    }
    if area.to_move() == Color::White {
        area.play(Color::White, Move::Pass).unwrap();
    }
    let mut territory = area.clone();
    territory.set_rules(Rules::Japanese);
    assert_eq!(territory.stone_balance(), 4);
    assert_eq!(area.score_with(&[], &[]).to_gtp(), "B+4.5");
    assert_eq!(territory.score_with(&[], &[]).to_gtp(), "B+0.5");
    let a = run(&mut searcher(1), &area, 3000, true);
    let t = run(&mut searcher(1), &territory, 3000, true);
    // Under area rules a stone in one's own area is free, and the search
    // (which breaks ties against a pass) plays on; under territory rules
    // every black stone here costs its point and passing leads by far.
    assert_ne!(a.candidates[0].mv, Move::Pass);
    assert_eq!(t.candidates[0].mv, Move::Pass);
    assert!(t.candidates[0].visits as u64 > t.playouts / 2);
}

/// The pass boost of the learned priors: only under territory rules, in a
/// close endgame with few open points.
/// ```text
///   . . X O . . . . .
///   . . X O . . . . .
///   . . X O . . . . .
///   X X X O . . . . .
///   . . X O O O O O O
///   . . X X X X X X X
///   . . . . . . . . .
///   . . . . . . . . .
///   . . . . . . . . .
/// ```
/// No open point; Black leads by 0.5 counting territory with komi 16.5.
#[test]
fn the_pass_is_boosted_only_in_a_close_territory_endgame() {
    let diagram = SETTLED;
    let mut g = game_from(diagram, Color::White, 16.5);
    assert_eq!(priors::pass_boost(&g), 0.0, "area rules");
    g.set_rules(Rules::Japanese);
    let boost = priors::pass_boost(&g);
    assert_eq!(boost, 0.75 * PARAMS.priors.learned.get(9));
    // Far from close (komi 40.5: White by 23.5): no boost.
    let mut far = game_from(diagram, Color::White, 40.5);
    far.set_rules(Rules::Japanese);
    assert_eq!(priors::pass_boost(&far), 0.0);
    // The open board of a game in progress: no boost.
    let mut open = Game::new(9, 6.5, Rules::Japanese);
    open.play(
        Color::Black,
        Move::Play(open.board().geometry().point(4, 4)),
    )
    .unwrap();
    assert_eq!(priors::pass_boost(&open), 0.0);
}
