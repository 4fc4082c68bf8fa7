//! Tree nodes with atomic statistics, shared by all search threads without
//! locks.
//!
//! Size-sensitive: a 19x19 analysis holds millions of these. One node is
//! 56 bytes on 64-bit targets (checked by a test): move, prior, the
//! network's state, four counters, a score sum, and the children slot.

use std::sync::atomic::{AtomicI64, AtomicU16, AtomicU32, AtomicU8, Ordering};
use std::sync::OnceLock;

/// Move code of a node: a board point, or `PASS_CODE` for a pass.
pub const PASS_CODE: u16 = 0;

/// One tree node: the move that led here and the statistics of the
/// simulations through it, from the point of view of the player who made
/// the move.
#[derive(Default)]
pub struct Node {
    /// Point index of the move, or `PASS_CODE`.
    pub mv: u16,
    /// Virtual visits and wins from the priors: set at creation, replaced
    /// once when the policy network has read the parent's position.
    pub prior_visits: AtomicU16,
    pub prior_wins: AtomicU16,
    /// Whether the policy network has read this node's position for its
    /// children's priors: [`NET_NONE`], [`NET_ASKED`] or [`NET_DONE`].
    pub net: AtomicU8,
    /// Simulations through this node, in-flight ones included (each counts
    /// as a loss until its result arrives: the virtual loss).
    pub visits: AtomicU32,
    /// Wins, in half-points: a win adds 2, a draw 1.
    pub wins: AtomicU32,
    /// AMAF statistics (weighted; weights 1..3).
    pub amaf_visits: AtomicU32,
    pub amaf_wins: AtomicU32,
    /// Sum of final score margins from this node's mover's view, in
    /// half-points, for score estimates.
    pub score_sum: AtomicI64,
    /// Children, built completely before they are published.
    pub children: OnceLock<Box<[Node]>>,
}

/// The mean margin in points of a sum in half-points over `visits`
/// simulations; 0 without any.
#[inline]
fn mean_margin(score_sum: i64, visits: u32) -> f64 {
    if visits == 0 {
        0.0
    } else {
        score_sum as f64 / 2.0 / visits as f64
    }
}

/// The network has not been asked about the node's position.
pub const NET_NONE: u8 = 0;
/// An evaluation is queued or running.
pub const NET_ASKED: u8 = 1;
/// The children's priors hold the network's.
pub const NET_DONE: u8 = 2;

/// A plain copy of a node's statistics.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub visits: u32,
    pub wins: f64,
    pub amaf_visits: u32,
    pub amaf_wins: f64,
    pub score_mean: f64,
}

impl Node {
    /// A fresh node for `mv` with prior `(visits, wins)`.
    pub fn new(mv: u16, prior_visits: u16, prior_wins: u16) -> Node {
        Node {
            mv,
            prior_visits: AtomicU16::new(prior_visits),
            prior_wins: AtomicU16::new(prior_wins),
            ..Node::default()
        }
    }

    /// The prior's virtual (visits, wins).
    #[inline]
    pub fn prior(&self) -> (u16, u16) {
        (
            self.prior_visits.load(Ordering::Relaxed),
            self.prior_wins.load(Ordering::Relaxed),
        )
    }

    /// Replaces the prior (wins are capped at the visits).
    pub fn set_prior(&self, visits: u16, wins: u16) {
        self.prior_visits.store(visits, Ordering::Relaxed);
        self.prior_wins.store(wins.min(visits), Ordering::Relaxed);
    }

    /// The children, if the node has been expanded.
    #[inline]
    pub fn kids(&self) -> &[Node] {
        self.children.get().map(|b| &b[..]).unwrap_or(&[])
    }

    /// Reads the statistics.
    pub fn stats(&self) -> Stats {
        let visits = self.visits.load(Ordering::Relaxed);
        let score = self.score_sum.load(Ordering::Relaxed);
        Stats {
            visits,
            wins: self.wins.load(Ordering::Relaxed) as f64 / 2.0,
            amaf_visits: self.amaf_visits.load(Ordering::Relaxed),
            amaf_wins: self.amaf_wins.load(Ordering::Relaxed) as f64 / 2.0,
            score_mean: mean_margin(score, visits),
        }
    }

    /// Real win rate (no priors), 0.5 when unvisited.
    pub fn winrate(&self) -> f64 {
        let s = self.stats();
        if s.visits == 0 {
            0.5
        } else {
            s.wins / s.visits as f64
        }
    }

    /// Selection value: β·AMAF + (1−β)·mean with priors in the mean, where
    /// β = r / (r + n + n·r/K) (docs/search.md, "Node value").
    #[inline]
    pub fn value(&self, rave_k: f64) -> f64 {
        let (pv, pw) = self.prior();
        let v = self.visits.load(Ordering::Relaxed) as f64 + pv as f64;
        let w = self.wins.load(Ordering::Relaxed) as f64 / 2.0 + pw as f64;
        let mean = if v > 0.0 { w / v } else { 0.5 };
        let r = self.amaf_visits.load(Ordering::Relaxed) as f64;
        if r == 0.0 {
            return mean;
        }
        let amaf = self.amaf_wins.load(Ordering::Relaxed) as f64 / 2.0 / r;
        let beta = r / (r + v + v * r / rave_k);
        beta * amaf + (1.0 - beta) * mean
    }

    /// The score term of the selection value: `weight · (2/π) · atan((m −
    /// center) / scale)` for the node's mean score margin `m` (its mover's
    /// view), shrunk by the share of real visits in the mean, as the priors
    /// shrink the win rate; 0 while unvisited. KataGo's dynamic score
    /// utility, centred on the root's expected score: when every move
    /// wins (or loses) alike, the one that keeps more points is chosen
    /// (docs/search.md, "Score utility").
    #[inline]
    pub fn score_utility(&self, center: f64, scale: f64, weight: f64) -> f64 {
        let visits = self.visits.load(Ordering::Relaxed);
        if visits == 0 || weight == 0.0 {
            return 0.0;
        }
        let (n, pv) = (
            visits as f64,
            self.prior_visits.load(Ordering::Relaxed) as f64,
        );
        let mean = mean_margin(self.score_sum.load(Ordering::Relaxed), visits);
        let shape = std::f64::consts::FRAC_2_PI * ((mean - center) / scale).atan();
        weight * shape * n / (n + pv)
    }

    /// Mean score margin from the node's mover's view (0 while unvisited).
    #[inline]
    pub fn score_mean(&self) -> f64 {
        mean_margin(
            self.score_sum.load(Ordering::Relaxed),
            self.visits.load(Ordering::Relaxed),
        )
    }

    /// Number of nodes in this subtree, this one included.
    pub fn count(&self) -> usize {
        1 + self.kids().iter().map(Node::count).sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_utility_rewards_a_margin_above_the_centre() {
        let n = Node::new(0, 0, 0);
        // Unvisited: no score term.
        assert_eq!(n.score_utility(0.0, 10.0, 0.1), 0.0);
        // Ten playouts averaging +10 points (half-points in the sum).
        n.visits.store(10, Ordering::Relaxed);
        n.score_sum.store(200, Ordering::Relaxed);
        assert_eq!(n.score_mean(), 10.0);
        // At the centre nothing; one scale above, half the weight; far
        // above, nearly all of it; below, as much taken away.
        assert!(n.score_utility(10.0, 10.0, 0.1).abs() < 1e-12);
        assert!((n.score_utility(0.0, 10.0, 0.1) - 0.05).abs() < 1e-12);
        assert!((n.score_utility(20.0, 10.0, 0.1) + 0.05).abs() < 1e-12);
        assert!(n.score_utility(-1000.0, 10.0, 0.1) > 0.099);
        assert_eq!(n.score_utility(0.0, 10.0, 0.0), 0.0);
        // Prior visits shrink it as they shrink the win rate.
        let p = Node::new(0, 10, 5);
        p.visits.store(10, Ordering::Relaxed);
        p.score_sum.store(200, Ordering::Relaxed);
        assert!((p.score_utility(0.0, 10.0, 0.1) - 0.025).abs() < 1e-12);
    }

    #[test]
    fn node_is_small() {
        assert!(
            std::mem::size_of::<Node>() <= 56,
            "{}",
            std::mem::size_of::<Node>()
        );
    }
}
