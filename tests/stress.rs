//! Seeded stress test of the board and the game layer.
//!
//! Random games on 19x19, 13x13, 9x9, 5x5 and 2x2, over 100,000 offered
//! moves, about a tenth of them illegal on purpose (occupied points, simple
//! ko retakes, suicides, positional superko), with undos mixed in. A naive
//! flood-fill board follows along as the reference. After every move:
//! - `check_consistency()` holds and the incremental hash equals
//!   `recomputed_hash()`;
//! - the stones and prisoners equal the reference's;
//! - every legality query (`check_move` / `is_legal` of `Board` and of
//!   `Game`) agrees with the reference and with what `try_play` / `play`
//!   then do;
//! - a refused move changes nothing: board, hash, ko, prisoners, side to
//!   move, history length.

mod common;

use common::{code, Naive, NaiveRefusal};
use kosumi::board::{Board, IllegalMove};
use kosumi::game::{Game, Rules};
use kosumi::types::{Color, Move, Point, Stone};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::time::Instant;

/// One entry per game move: who moved, whether it was a pass, and the
/// reference position and side to move before it.
struct Played {
    color: Color,
    pass: bool,
    before: Naive,
    to_move_before: Color,
    hash_before: u64,
}

/// The game under test and its reference.
struct Sim {
    game: Game,
    naive: Naive,
    /// Every position of the game so far (with multiplicity, for undo).
    seen: HashMap<Vec<u8>, u32>,
    stack: Vec<Played>,
}

#[derive(Default, Debug)]
struct Stats {
    offered: usize,
    illegal_on_purpose: usize,
    refused: [usize; 5],
    captures: usize,
    undos: usize,
    ko_retakes: usize,
    games: usize,
    sweeps: usize,
}

fn kind_index(e: IllegalMove) -> usize {
    match e {
        IllegalMove::Occupied => 0,
        IllegalMove::Suicide => 1,
        IllegalMove::Ko => 2,
        IllegalMove::Superko => 3,
        IllegalMove::OffBoard => 4,
    }
}

impl Sim {
    fn new(size: usize) -> Sim {
        let game = Game::new(size, 7.5, Rules::Chinese);
        let naive = Naive::new(size);
        let mut seen = HashMap::new();
        seen.insert(naive.cells.clone(), 1);
        Sim {
            game,
            naive,
            seen,
            stack: Vec::new(),
        }
    }

    fn board(&self) -> &Board {
        self.game.board()
    }

    /// The reference verdicts for `c` at `p`: board level (captures,
    /// suicide, simple ko) and game level (plus positional superko).
    fn reference(&self, c: Color, p: Point) -> (Result<(), IllegalMove>, Result<(), IllegalMove>) {
        let geo = self.game.geometry();
        let i = self.naive.index(&geo, p);
        let mut next = self.naive.clone();
        let board = match next.play(code(c), i) {
            Err(NaiveRefusal::Occupied) => Err(IllegalMove::Occupied),
            Err(NaiveRefusal::Suicide) => Err(IllegalMove::Suicide),
            Ok(_) => {
                // Simple ko: taking back at once what the opponent's last
                // move took, i.e. recreating the position before it.
                match self.stack.last() {
                    Some(last)
                        if last.color == !c && !last.pass && last.before.cells == next.cells =>
                    {
                        Err(IllegalMove::Ko)
                    }
                    _ => Ok(()),
                }
            }
        };
        let game = match board {
            Ok(()) if self.seen.contains_key(&next.cells) => Err(IllegalMove::Superko),
            other => other,
        };
        (board, game)
    }

    /// Offers `c` `m` to the game and checks everything. Returns whether
    /// the move was played.
    fn offer(&mut self, c: Color, m: Move, stats: &mut Stats) -> bool {
        stats.offered += 1;
        let (board_ref, game_ref) = match m {
            Move::Pass => (Ok(()), Ok(())),
            Move::Play(p) => self.reference(c, p),
        };
        let geo = self.game.geometry();
        let before_board = self.board().clone();
        let what = || format!("{c} {}\n{}", geo.move_text(m), before_board.to_diagram());
        // Legality queries.
        if let Move::Play(p) = m {
            let b = self.board();
            assert_eq!(
                b.check_move(c, p),
                board_ref,
                "Board::check_move {}",
                what()
            );
            assert_eq!(
                b.is_legal(c, p),
                board_ref.is_ok(),
                "Board::is_legal {}",
                what()
            );
            // try_play on a copy does what check_move said.
            let mut copy = b.clone();
            assert_eq!(copy.try_play(c, m), board_ref, "Board::try_play {}", what());
            if board_ref.is_err() {
                assert_unchanged_board(&copy, b, &what);
            }
        }
        assert_eq!(
            self.game.check_move(c, m),
            game_ref,
            "Game::check_move {}",
            what()
        );
        assert_eq!(
            self.game.is_legal(c, m),
            game_ref.is_ok(),
            "Game::is_legal {}",
            what()
        );
        // Play it.
        let before = (
            self.game.to_move(),
            self.game.move_count(),
            self.game.position_hashes().len(),
        );
        let result = self.game.play(c, m);
        assert_eq!(result, game_ref, "Game::play {}", what());
        if let Err(e) = result {
            stats.refused[kind_index(e)] += 1;
            assert_unchanged_board(self.board(), &before_board, &what);
            assert_eq!(
                (
                    self.game.to_move(),
                    self.game.move_count(),
                    self.game.position_hashes().len()
                ),
                before,
                "refused move changed the game: {}",
                what()
            );
            return false;
        }
        // Follow in the reference.
        let mut next = self.naive.clone();
        if let Move::Play(p) = m {
            let captured = next
                .play(code(c), next.index(&geo, p))
                .expect("reference refused");
            if captured > 0 {
                stats.captures += 1;
            }
        }
        self.stack.push(Played {
            color: c,
            pass: m == Move::Pass,
            before: std::mem::replace(&mut self.naive, next),
            to_move_before: before.0,
            hash_before: before_board.hash(),
        });
        *self.seen.entry(self.naive.cells.clone()).or_insert(0) += 1;
        assert_eq!(self.game.to_move(), !c);
        assert_eq!(self.game.move_count(), before.1 + 1);
        self.check_against_reference(&format!("after {}", what()));
        true
    }

    /// Takes back the last move and checks that everything is as before it.
    fn undo(&mut self, stats: &mut Stats) {
        let Some(last) = self.stack.pop() else {
            assert!(!self.game.undo(), "undo without moves");
            return;
        };
        stats.undos += 1;
        let cells = self.naive.cells.clone();
        match self.seen.get_mut(&cells) {
            Some(n) if *n > 1 => *n -= 1,
            _ => {
                self.seen.remove(&cells);
            }
        }
        self.naive = last.before;
        assert!(self.game.undo(), "undo refused");
        assert_eq!(
            self.game.to_move(),
            last.to_move_before,
            "to_move after undo"
        );
        assert_eq!(self.board().hash(), last.hash_before, "hash after undo");
        assert_eq!(self.game.move_count(), self.stack.len());
        self.check_against_reference("after undo");
    }

    /// Consistency, hash, stones and prisoners against the reference.
    fn check_against_reference(&self, when: &str) {
        let b = self.board();
        if let Err(e) = b.check_consistency() {
            panic!("check_consistency {when}: {e}\n{}", b.to_diagram());
        }
        assert_eq!(b.hash(), b.recomputed_hash(), "hash {when}");
        assert_eq!(
            Naive::from_board(b),
            self.naive,
            "stones or prisoners {when}"
        );
        assert_eq!(
            self.game.position_hashes().len(),
            self.stack.len() + 1,
            "position history {when}"
        );
    }

    /// Every point, both colours: queries against the reference.
    fn sweep(&self) {
        let b = self.board();
        let geo = b.geometry();
        for p in geo.points() {
            for c in [Color::Black, Color::White] {
                let (board_ref, game_ref) = self.reference(c, p);
                assert_eq!(b.check_move(c, p), board_ref, "sweep {c} {}", geo.vertex(p));
                assert_eq!(b.is_legal(c, p), board_ref.is_ok());
                assert_eq!(
                    self.game.check_move(c, Move::Play(p)),
                    game_ref,
                    "sweep {c} {}",
                    geo.vertex(p)
                );
                let i = self.naive.index(&geo, p);
                if b.stone(p) == Stone::Empty {
                    assert_eq!(
                        b.is_suicide(c, p),
                        board_ref == Err(IllegalMove::Suicide),
                        "is_suicide {c} {}",
                        geo.vertex(p)
                    );
                    assert_eq!(
                        b.is_eyeish(p, c),
                        self.naive.surrounded_by(i, code(c)),
                        "is_eyeish {c} {}",
                        geo.vertex(p)
                    );
                    let after = board_ref.is_ok().then(|| {
                        let mut copy = b.clone();
                        copy.play_unchecked(c, Move::Play(p));
                        copy.hash()
                    });
                    assert_eq!(
                        b.hash_after(c, p),
                        after,
                        "hash_after {c} {}",
                        geo.vertex(p)
                    );
                }
            }
            if b.stone(p) != Stone::Empty {
                // Chain queries against the reference's flood fill.
                let i = self.naive.index(&geo, p);
                let (members, libs) = self.naive.chain(i);
                assert_eq!(b.chain_len(p) as usize, members.len());
                assert_eq!(b.libs(p) as usize, libs.len());
                let mut out = [Point::NONE; 4];
                let n = b.chain_liberties(p, &mut out);
                assert_eq!(n, libs.len().min(4), "chain_liberties at {}", geo.vertex(p));
                let mut got: Vec<usize> = out[..n]
                    .iter()
                    .map(|&q| self.naive.index(&geo, q))
                    .collect();
                got.sort_unstable();
                got.dedup();
                assert_eq!(got.len(), n, "repeated liberty at {}", geo.vertex(p));
                assert!(
                    got.iter().all(|q| libs.contains(q)),
                    "not a liberty at {}",
                    geo.vertex(p)
                );
                if libs.len() == 1 {
                    assert_eq!(self.naive.index(&geo, b.atari_liberty(p)), libs[0]);
                }
                let mut walked = 0;
                b.for_each_stone(p, |q| {
                    walked += 1;
                    assert!(members.contains(&self.naive.index(&geo, q)));
                });
                assert_eq!(walked, members.len());
                assert_eq!(
                    b.chain(p),
                    b.chain(geo.point(members[0] % b.size(), members[0] / b.size()))
                );
            }
        }
    }

    /// A legal move for `c`, preferring the liberty of a chain in atari
    /// (captures and escapes) some of the time. Pass when nothing is legal.
    fn legal_move(&self, c: Color, rng: &mut SmallRng) -> Move {
        let b = self.board();
        if rng.gen_bool(0.3) {
            let mut ataris: Vec<Point> = b
                .geometry()
                .points()
                .filter(|&p| b.stone(p) != Stone::Empty && b.libs(p) == 1)
                .map(|p| b.atari_liberty(p))
                .collect();
            ataris.shuffle(rng);
            if let Some(&p) = ataris.iter().find(|&&p| self.reference(c, p).1.is_ok()) {
                return Move::Play(p);
            }
        }
        let mut empties: Vec<u16> = b.empty_points().to_vec();
        empties.shuffle(rng);
        for &e in empties.iter().take(40) {
            let p = Point(e);
            if self.reference(c, p).1.is_ok() {
                return Move::Play(p);
            }
        }
        Move::Pass
    }

    /// An illegal move on purpose: (colour, point), of a random kind that
    /// exists in this position.
    fn illegal_move(&self, c: Color, rng: &mut SmallRng) -> Option<(Color, Point)> {
        let b = self.board();
        let geo = b.geometry();
        let mut kinds = vec![0, 1, 2, 3];
        kinds.shuffle(rng);
        for kind in kinds {
            match kind {
                0 => {
                    let stones: Vec<Point> = geo
                        .points()
                        .filter(|&p| b.stone(p) != Stone::Empty)
                        .collect();
                    if let Some(&p) = stones.choose(rng) {
                        return Some((c, p));
                    }
                }
                1 => {
                    if let Some((p, kc)) = b.ko() {
                        return Some((kc, p));
                    }
                }
                2 => {
                    let mut empties: Vec<u16> = b.empty_points().to_vec();
                    empties.shuffle(rng);
                    for &e in &empties {
                        let p = Point(e);
                        if self.reference(c, p).0 == Err(IllegalMove::Suicide) {
                            return Some((c, p));
                        }
                    }
                }
                _ => {
                    // Superko other than the pass trick: searched on small
                    // boards, where it happens.
                    if b.size() <= 9 {
                        let mut empties: Vec<u16> = b.empty_points().to_vec();
                        empties.shuffle(rng);
                        for &e in &empties {
                            let p = Point(e);
                            if self.reference(c, p).1 == Err(IllegalMove::Superko) {
                                return Some((c, p));
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// A refused move left `after` exactly as `before`.
fn assert_unchanged_board(after: &Board, before: &Board, what: &dyn Fn() -> String) {
    assert!(
        after == before,
        "refused move changed the stones: {}",
        what()
    );
    assert_eq!(
        after.hash(),
        before.hash(),
        "refused move changed the hash: {}",
        what()
    );
    assert_eq!(
        after.ko(),
        before.ko(),
        "refused move changed the ko: {}",
        what()
    );
    assert_eq!(after.empty_points().len(), before.empty_points().len());
    for c in [Color::Black, Color::White] {
        assert_eq!(
            after.prisoners(c),
            before.prisoners(c),
            "prisoners: {}",
            what()
        );
    }
    assert_eq!(
        after.last_move(),
        before.last_move(),
        "last move: {}",
        what()
    );
}

/// Plays random games on one board size until `budget` moves were offered.
fn run_size(size: usize, budget: usize, seed: u64) -> Stats {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut stats = Stats::default();
    let max_moves = match size {
        19 => 500,
        13 => 300,
        9 => 200,
        5 => 80,
        _ => 30,
    };
    let sweep_every = match size {
        0..=5 => 1,
        6..=9 => 17,
        _ => 31,
    };
    while stats.offered < budget {
        let mut sim = Sim::new(size);
        let mut recent_ko: Option<(Point, Color)> = None;
        stats.games += 1;
        while stats.offered < budget
            && sim.game.move_count() < max_moves
            && sim.game.trailing_passes() < 4
        {
            let to_move = sim.game.to_move();
            // Now and then the same colour moves twice, as GTP allows.
            let c = if rng.gen_bool(0.05) {
                !to_move
            } else {
                to_move
            };
            if let Some((p, kc)) = sim.board().ko() {
                recent_ko = Some((p, kc));
                if rng.gen_bool(0.3) {
                    // Retake at once: simple ko.
                    stats.illegal_on_purpose += 1;
                    assert!(
                        !sim.offer(kc, Move::Play(p), &mut stats),
                        "ko retake accepted"
                    );
                    continue;
                }
                if rng.gen_bool(0.15) {
                    // Retake after two passes: positional superko.
                    assert!(sim.offer(kc, Move::Pass, &mut stats));
                    assert!(sim.offer(!kc, Move::Pass, &mut stats));
                    stats.illegal_on_purpose += 1;
                    assert!(
                        !sim.offer(kc, Move::Play(p), &mut stats),
                        "ko retake after two passes accepted"
                    );
                    continue;
                }
            }
            let roll: f64 = rng.gen();
            if roll < 0.03 {
                sim.undo(&mut stats);
            } else if roll < 0.13 {
                match sim.illegal_move(c, &mut rng) {
                    Some((ic, p)) => {
                        stats.illegal_on_purpose += 1;
                        assert!(
                            !sim.offer(ic, Move::Play(p), &mut stats),
                            "illegal move accepted"
                        );
                    }
                    None => {
                        let m = sim.legal_move(c, &mut rng);
                        assert!(sim.offer(c, m, &mut stats));
                    }
                }
            } else if roll < 0.14 {
                assert!(sim.offer(c, Move::Pass, &mut stats));
            } else {
                // Keep ko fights going: after a threat and its answer, the
                // side that lost the ko takes it back when it may.
                let retake = match recent_ko {
                    Some((p, kc)) if kc == c && rng.gen_bool(0.7) => {
                        (sim.reference(c, p).1.is_ok()).then_some(Move::Play(p))
                    }
                    _ => None,
                };
                let m = retake.unwrap_or_else(|| sim.legal_move(c, &mut rng));
                if retake.is_some() {
                    stats.ko_retakes += 1;
                    recent_ko = None;
                }
                assert!(sim.offer(c, m, &mut stats), "legal move refused");
            }
            if sim.game.move_count().is_multiple_of(sweep_every) {
                sim.sweep();
                stats.sweeps += 1;
            }
        }
    }
    stats
}

#[test]
fn stress_random_games_on_five_sizes() {
    let plan = [
        (19, 60_000),
        (13, 50_000),
        (9, 50_000),
        (5, 28_000),
        (2, 12_000),
    ];
    let mut offered = 0;
    let mut illegal = 0;
    let mut refused = [0; 5];
    for (size, budget) in plan {
        let t = Instant::now();
        let stats = run_size(size, budget, 0x6b6f_7375_6d69 ^ size as u64);
        println!(
            "{size}x{size}: {} moves offered, {} illegal on purpose, refused \
             occupied/suicide/ko/superko {:?}, {} capturing moves, {} legal ko \
             retakes, {} undos, {} games, {} sweeps, {:.2?}",
            stats.offered,
            stats.illegal_on_purpose,
            &stats.refused[..4],
            stats.captures,
            stats.ko_retakes,
            stats.undos,
            stats.games,
            stats.sweeps,
            t.elapsed()
        );
        assert!(stats.captures > 0);
        offered += stats.offered;
        illegal += stats.illegal_on_purpose;
        for (total, n) in refused.iter_mut().zip(stats.refused) {
            *total += n;
        }
    }
    println!("total: {offered} moves offered, {illegal} illegal on purpose");
    assert!(offered >= 100_000);
    assert!(
        illegal * 10 >= offered,
        "only {illegal} illegal moves of {offered}"
    );
    // Every kind of refusal was exercised, many times.
    for (i, name) in ["occupied", "suicide", "ko", "superko"].iter().enumerate() {
        assert!(refused[i] >= 100, "only {} {name} refusals", refused[i]);
    }
    assert_eq!(refused[4], 0, "no off-board points were offered");
}
