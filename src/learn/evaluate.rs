//! Measuring a model or a network: for every move played (passes aside)
//! in every game, where it ranks among the legal moves.

use super::records::Record;
use crate::game::Game;
use crate::predict::features::Position;
use crate::predict::net::{self, Net};
use crate::predict::Model;
use crate::types::Color;
use crate::types::{Move, Point};
use indicatif::ProgressBar;
use rayon::prelude::*;

/// What a measurement found.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accuracy {
    /// Positions measured.
    pub positions: u64,
    /// Positions whose move played the model ranks first.
    pub top1: u64,
    /// ... among its first K.
    pub top_k: u64,
    pub k: usize,
    /// Games used and games skipped (did not parse, illegal move, another
    /// board size).
    pub games: u64,
    pub skipped: u64,
}

impl Accuracy {
    /// The summary line: `top-1 A% top-K B% positions N skipped S`
    /// (S: games skipped).
    pub fn line(&self) -> String {
        let pct = |x: u64| 100.0 * x as f64 / self.positions.max(1) as f64;
        format!(
            "top-1 {:.1}% top-{} {:.1}% positions {} skipped {}",
            pct(self.top1),
            self.k,
            pct(self.top_k),
            self.positions,
            self.skipped
        )
    }
}

/// The rank (0 = first) of `played` among the legal moves of the
/// position, ties counted against it.
fn rank_of(model: &Model, g: &Game, c: Color, played: Point) -> usize {
    let board = g.board();
    let pos = Position::new(board);
    let target = model.strength(&model.features(board, c, played, &pos));
    board
        .empty_points()
        .iter()
        .map(|&e| Point(e))
        .filter(|&p| p != played && board.is_legal(c, p))
        .filter(|&p| model.strength(&model.features(board, c, p, &pos)) >= target)
        .count()
}

/// The rank (0 = first) of `played` among the legal moves of the position
/// by the network's probabilities, ties counted against it.
fn net_rank_of(
    net: &Net,
    symmetries: usize,
    g: &Game,
    c: Color,
    played: Point,
    s: &mut net::Scratch,
) -> usize {
    let board = g.board();
    let probs = net.policy_averaged(board, c, symmetries, s);
    let target = probs[played.idx()];
    board
        .empty_points()
        .iter()
        .filter(|&&e| e != played.0 && probs[e as usize] >= target && board.is_legal(c, Point(e)))
        .count()
}

/// Measures `model` on the `size` x `size` games of `records`, with top-`k`
/// beside top-1. Games that cannot be used are skipped with a warning.
pub fn evaluate(model: &Model, records: &[Record], size: usize, k: usize) -> Accuracy {
    measure(records, size, k, &|g, c, p| rank_of(model, g, c, p))
}

/// [`evaluate`] for a policy network, its policy averaged over
/// `symmetries` of the board's eight ([`Net::policy_averaged`]).
pub fn evaluate_net(
    net: &Net,
    symmetries: usize,
    records: &[Record],
    size: usize,
    k: usize,
) -> Accuracy {
    thread_local! {
        static SCRATCH: std::cell::RefCell<net::Scratch> = Default::default();
    }
    measure(records, size, k, &|g, c, p| {
        SCRATCH.with(|s| net_rank_of(net, symmetries, g, c, p, &mut s.borrow_mut()))
    })
}

/// The share of moves played that `rank` puts first and among its first
/// `k`, over the games of `records`, on all cores.
fn measure(
    records: &[Record],
    size: usize,
    k: usize,
    rank: &(dyn Fn(&Game, Color, Point) -> usize + Sync),
) -> Accuracy {
    let pb = ProgressBar::new(records.len() as u64);
    let results: Vec<Result<(u64, u64, u64), String>> = records
        .par_iter()
        .map(|r| {
            let replay = r.replay(size)?;
            let (mut n, mut t1, mut tk) = (0, 0, 0);
            replay
                .for_each_position(|g, c, m| {
                    if let Move::Play(p) = m {
                        let rank = rank(g, c, p);
                        n += 1;
                        t1 += (rank == 0) as u64;
                        tk += (rank < k) as u64;
                    }
                })
                .map_err(|e| format!("{}: {e}", r.source))?;
            pb.inc(1);
            Ok((n, t1, tk))
        })
        .collect();
    pb.finish_and_clear();
    let mut a = Accuracy {
        k,
        ..Accuracy::default()
    };
    for r in results {
        match r {
            Ok((n, t1, tk)) => {
                a.games += 1;
                a.positions += n;
                a.top1 += t1;
                a.top_k += tk;
            }
            Err(e) => {
                log::warn!("skipped {e}");
                a.skipped += 1;
            }
        }
    }
    a
}
