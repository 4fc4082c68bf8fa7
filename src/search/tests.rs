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

/// A network that likes the middle of the board: its one filter counts
/// the on-board points of the 5x5 square around each point.
fn centre_net() -> Arc<Net> {
    use crate::predict::net::plane;
    let k = 5;
    let mut params = vec![0f32; Net::param_count(1, 0, k)];
    for t in 0..k * k {
        params[plane::ON_BOARD * k * k + t] = 0.2;
    }
    let head = params.len() - 2;
    params[head] = 1.0;
    Arc::new(Net::from_params(1, 0, k, &params).unwrap())
}

fn net_searcher(net: Arc<Net>, threads: usize) -> Searcher {
    Searcher::new(SearchConfig {
        threads,
        seed: 7,
        net: Some(net),
        ..SearchConfig::default()
    })
}

#[test]
fn the_network_gives_the_root_children_their_priors() {
    let g = Game::new(19, 7.5, Rules::Chinese);
    let net = centre_net();
    let mut s = net_searcher(net.clone(), 1);
    let info = run(&mut s, &g, 300, true);
    let probs = net.policy(g.board(), Color::Black, &mut Default::default());
    let b = g.board();
    for c in &info.candidates {
        let Move::Play(p) = c.mv else { continue };
        assert!(
            (c.prior - probs[p.idx()] as f64).abs() < 1e-6,
            "the reported prior is the network's"
        );
    }
    let root = &s.tree.as_ref().unwrap().root;
    assert_eq!(root.net.load(Ordering::Relaxed), node::NET_DONE);
    let prior_of = |v: &str| {
        let code = b.at(v).0;
        root.kids().iter().find(|k| k.mv == code).unwrap().prior()
    };
    // The children were made with the hand-made and learned priors; the
    // network takes `weight` of the learned prior's share: the model's
    // bonus falls to 1 - weight of itself and the network's sqrt(p) * 300
    // comes in at `weight`.
    let mut dist = [u8::MAX; MAX_POINTS];
    priors::last_move_distance(b, &mut dist);
    let made = simulate::make_children(
        b,
        Color::Black,
        0,
        &mut dist,
        simulate::ChildPriors {
            learned: true,
            pass_wins: 0.0,
        },
    );
    let model = priors::learned(b, Color::Black);
    let w = PARAMS.net.weight;
    for v in ["K10", "A1", "C3", "Q16"] {
        let p = b.at(v);
        let kid = made.iter().find(|k| k.mv == p.0).unwrap();
        let (visits, wins) = kid.prior();
        let m = model[p.idx()];
        let n = probs[p.idx()].sqrt() * PARAMS.net.scale.get(19) * w;
        let want = (
            (visits as f32 - w * m.visits + n).round() as u16,
            (wins as f32 - w * m.wins + n).round() as u16,
        );
        let got = prior_of(v);
        assert!(
            got.0.abs_diff(want.0) <= 1 && got.1.abs_diff(want.1) <= 1,
            "{v}: {got:?} against {want:?}"
        );
    }
    assert!(prior_of("K10").1 >= prior_of("A1").1 + 10);
    // Without the network, the hand-made and learned priors alone.
    let mut plain = searcher(1);
    run(&mut plain, &g, 300, true);
    let root = &plain.tree.as_ref().unwrap().root;
    assert_eq!(root.net.load(Ordering::Relaxed), node::NET_NONE);
}

#[test]
fn a_search_with_a_network_is_reproducible() {
    let mut g = Game::new(19, 7.5, Rules::Chinese);
    g.play(Color::Black, Move::Play(g.board().at("Q16")))
        .unwrap();
    let a = run(&mut net_searcher(centre_net(), 1), &g, 1500, true);
    let b = run(&mut net_searcher(centre_net(), 1), &g, 1500, true);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.candidates[0].mv, b.candidates[0].mv);
    assert_eq!(a.candidates[0].visits, b.candidates[0].visits);
}

#[test]
fn a_slow_network_never_holds_the_move_past_its_time() {
    // 8 blocks of 96 filters: tens of milliseconds an evaluation here.
    let (c, blocks) = (96, 8);
    let n = Net::param_count(c, blocks, 5);
    let params: Vec<f32> = (0..n).map(|i| ((i % 17) as f32 - 8.0) * 1e-3).collect();
    let net = Arc::new(Net::from_params(c, blocks, 5, &params).unwrap());
    let g = Game::new(19, 7.5, Rules::Chinese);
    let mut s = net_searcher(net, 2);
    let limits = Limits {
        time: Some(Duration::from_millis(300)),
        ..Limits::default()
    };
    let started = Instant::now();
    let info = s.search(&g, 7.5, limits, None);
    let took = started.elapsed();
    assert!(info.playouts > 0);
    assert!(took < Duration::from_millis(300 + 250), "{took:?}");
}

#[test]
fn a_search_past_its_target_never_passes_its_maximum() {
    // Black E5 alone on 9x9, white to move: the answers have twins by
    // symmetry. Whether the search goes on past its target depends on
    // the visits (`time::keep_looking`, tested alone); it never goes on
    // past the maximum (with the monitor's margin), and without one the
    // target ends it.
    let mut g = Game::new(9, 7.0, Rules::Chinese);
    g.play(Color::Black, Move::Play(g.board().at("E5")))
        .unwrap();
    let mut s = searcher(1);
    let limits = Limits {
        time: Some(Duration::from_millis(100)),
        max_time: Some(Duration::from_millis(300)),
        early_stop: true,
        ..Limits::default()
    };
    let started = Instant::now();
    let info = s.search(&g, 7.0, limits, None);
    assert!(info.playouts > 0);
    let took = started.elapsed();
    assert!(took < Duration::from_millis(300 + 250), "{took:?}");
    let limits = Limits {
        time: Some(Duration::from_millis(100)),
        early_stop: true,
        ..Limits::default()
    };
    let started = Instant::now();
    s.search(&g, 7.0, limits, None);
    assert!(started.elapsed() < Duration::from_millis(100 + 250));
}

#[test]
fn when_every_move_wins_the_search_keeps_the_points() {
    // Komi -60 on an empty 9x9 board: Black wins whatever he plays (95%
    // of the playouts), so the win rates no longer rank the moves. The
    // score term makes the most visited move one whose playouts keep
    // the most points: no move visited a twentieth as often as it scores
    // more than a point better. For the win rate alone (weight 0, the
    // default below 17x17) the choice falls among moves 2.3 points apart.
    let g = Game::new(9, -60.0, Rules::Chinese);
    let mut s = Searcher::new(SearchConfig {
        threads: 1,
        seed: 7,
        score_weight: Some(0.1),
        ..SearchConfig::default()
    });
    let info = run(&mut s, &g, 4000, true);
    let best = &info.candidates[0];
    for c in &info.candidates[1..] {
        if c.visits * 20 >= best.visits {
            assert!(
                c.score_mean <= best.score_mean + 1.0,
                "{:?} ({} visits, {:.1} points) under {:?} ({} visits, {:.1})",
                c.mv,
                c.visits,
                c.score_mean,
                best.mv,
                best.visits,
                best.score_mean
            );
        }
    }
    assert!(best.score_mean > 60.0);
}
