//! Last good reply with forgetting (LGRF-2; Baier and Drake, "The Power
//! of Forgetting", 2010): after each simulation, the winner's replies to
//! the move before (and to the two moves before) are remembered and the
//! loser's are forgotten; a playout plays the remembered reply to the
//! last two moves, else to the last move, when it is legal and sane.
//!
//! The tables are shared by the search's threads without locks: a reply
//! is a 16-bit point stored with relaxed atomics, and a lost or stale
//! write only costs one reply (each one is checked before it is played).

use super::MoveLog;
use crate::board::Board;
use crate::types::{Color, Move, Point, MAX_POINTS};
use std::sync::atomic::{AtomicU16, Ordering};

/// No reply stored.
const NONE: u16 = 0;

/// The replies of both colours: to one move (`one[c][prev]`) and to two
/// (`two[c][prev2][prev]`).
pub struct Replies {
    one: Box<[AtomicU16]>,
    two: Box<[AtomicU16]>,
}

impl Default for Replies {
    fn default() -> Self {
        Replies::new()
    }
}

impl Replies {
    pub fn new() -> Replies {
        let table = |n: usize| (0..n).map(|_| AtomicU16::new(NONE)).collect();
        Replies {
            one: table(2 * MAX_POINTS),
            two: table(2 * MAX_POINTS * MAX_POINTS),
        }
    }

    #[inline]
    fn one_index(c: usize, prev: u16) -> usize {
        c * MAX_POINTS + prev as usize
    }

    #[inline]
    fn two_index(c: usize, prev2: u16, prev: u16) -> usize {
        (c * MAX_POINTS + prev2 as usize) * MAX_POINTS + prev as usize
    }

    /// The reply stored for `c` to the board's last two moves, else to
    /// its last move; unchecked (it may be occupied or illegal now).
    #[inline]
    pub fn reply(&self, board: &Board, c: Color) -> Option<Point> {
        let Move::Play(last) = board.last_move() else {
            return None;
        };
        let ci = c.index();
        if let Move::Play(last2) = board.last_move2() {
            let r = self.two[Self::two_index(ci, last2.0, last.0)].load(Ordering::Relaxed);
            if r != NONE {
                return Some(Point(r));
            }
        }
        let r = self.one[Self::one_index(ci, last.0)].load(Ordering::Relaxed);
        (r != NONE).then_some(Point(r))
    }

    /// Learns from one simulation: the moves of `log` from `from` on (the
    /// tree's and the playout's, passes left out) and who won (`None`: a
    /// draw, nothing learned).
    pub fn learn(&self, log: &MoveLog, from: usize, black_won: Option<bool>) {
        let Some(black_won) = black_won else {
            return;
        };
        let n = log.len;
        for i in from.max(2)..n {
            let (prev2, prev, p) = (log.points[i - 2], log.points[i - 1], log.points[i]);
            let colour = log.colors[i];
            // Replies only: the three moves alternate in colour.
            if log.colors[i - 1] == colour || log.colors[i - 2] != colour {
                continue;
            }
            let c = colour as usize - 1;
            let won = (colour == Color::Black as u8) == black_won;
            let one = &self.one[Self::one_index(c, prev)];
            let two = &self.two[Self::two_index(c, prev2, prev)];
            if won {
                one.store(p, Ordering::Relaxed);
                two.store(p, Ordering::Relaxed);
            } else {
                let _ = one.compare_exchange(p, NONE, Ordering::Relaxed, Ordering::Relaxed);
                let _ = two.compare_exchange(p, NONE, Ordering::Relaxed, Ordering::Relaxed);
            }
        }
    }
}
