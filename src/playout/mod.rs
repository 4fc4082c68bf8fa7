//! Playouts: finishing a position with fast, randomised moves and scoring it.
//!
//! The search calls [`playout`] on a copy of the board at a tree leaf. The
//! playout records every move it plays in a [`MoveLog`] (for AMAF) and
//! leaves the final board behind, from which [`Board::add_area_owners`] reads who owns
//! each point (for ownership, dead stones and score estimates).
//!
//! No allocation happens inside a playout: the log is a fixed array.

mod heavy;
pub mod learned;
pub mod patterns;
pub mod replies;

pub use heavy::heavy_move;

use crate::board::Board;
use crate::types::{Color, Move, Point};
use rand::rngs::SmallRng;
use rand::RngCore;

/// Which policy a playout uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random legal moves that do not fill one's own true eye.
    Light,
    /// The player's informed policy: answers to the last move, patterns,
    /// self-atari avoidance, then random.
    Heavy,
    /// The heavy policy's answers to the last move, then a draw by the
    /// weights learned from strong games ([`learned`]).
    Learned,
}

/// Upper bound on playout length: 3 x points, at most 600 moves... but
/// never more than the log holds.
pub fn max_moves(size: usize) -> usize {
    (3 * size * size).clamp(16, 600)
}

/// Moves of one playout, in order, for AMAF updates. Passes are not logged.
pub struct MoveLog {
    pub points: [u16; MAX_LOG],
    pub colors: [u8; MAX_LOG],
    pub len: usize,
}

/// Capacity of a [`MoveLog`]: the longest tree path plus playout.
pub const MAX_LOG: usize = 1024;

impl Default for MoveLog {
    fn default() -> Self {
        MoveLog {
            points: [0; MAX_LOG],
            colors: [0; MAX_LOG],
            len: 0,
        }
    }
}

impl MoveLog {
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move; silently drops it when full.
    #[inline]
    pub fn push(&mut self, c: Color, p: Point) {
        if self.len < MAX_LOG {
            self.points[self.len] = p.0;
            self.colors[self.len] = c as u8;
            self.len += 1;
        }
    }
}

/// Plays `board` out from `to_move` with `policy` until two passes in the
/// playout (passes before it do not count: the search evaluates a tree
/// position that ended in passes by playing it out) or the length cap,
/// logging moves, and returns the area score margin for black (komi
/// included). The final board stays in `board`.
pub fn playout(
    board: &mut Board,
    to_move: Color,
    komi: f32,
    policy: Policy,
    rng: &mut SmallRng,
    log: &mut MoveLog,
) -> f32 {
    playout_with(board, to_move, komi, policy, None, rng, log)
}

/// [`playout`] with the search's last good replies ([`replies`]), which
/// the heavy policy plays after its answers to the last move.
pub fn playout_with(
    board: &mut Board,
    to_move: Color,
    komi: f32,
    policy: Policy,
    replies: Option<&replies::Replies>,
    rng: &mut SmallRng,
    log: &mut MoveLog,
) -> f32 {
    let cap = max_moves(board.size());
    match (policy, replies) {
        (Policy::Light, _) => run::<true>(board, to_move, cap, rng, log, light_move),
        (Policy::Heavy, None) => run::<false>(board, to_move, cap, rng, log, heavy_move),
        (Policy::Heavy, Some(r)) => run::<false>(board, to_move, cap, rng, log, |b, c, g| {
            heavy::heavy_move_with(b, c, g, Some(r))
        }),
        (Policy::Learned, _) => learned::run(board, to_move, cap, rng, log),
    }
    score(board, komi)
}

/// The loop of [`playout`] with the policy's move generator `next`. One
/// copy per policy, each with the random generator in registers and the
/// move played inline: 2.5% more light playouts than a call per move
/// with the generator in memory.
///
/// With `UNROLL` the loop body is a white move then a black one, each
/// with its colour a constant, as libEGo's templates over the player do:
/// the colour arithmetic of the scan and the play folds away. That gives
/// light playouts 6-7% (A/B, median of five ratios); the heavy policy,
/// whose code it doubles, ran 1% slower that way and keeps the plain loop.
#[inline(never)]
fn run<const UNROLL: bool>(
    board: &mut Board,
    to_move: Color,
    cap: usize,
    rng: &mut SmallRng,
    log: &mut MoveLog,
    next: impl Fn(&Board, Color, &mut SmallRng) -> Move,
) {
    let mut st = RunState {
        rng: rng.clone(),
        passes: 0,
        n: 0,
    };
    // Colours alternate: the unrolled loop starts with a lone black move
    // when black is to move.
    if !UNROLL {
        let mut c = to_move;
        while step(board, c, cap, &mut st, log, &next) {
            c = !c;
        }
    } else if to_move == Color::White || step(board, Color::Black, cap, &mut st, log, &next) {
        while step(board, Color::White, cap, &mut st, log, &next)
            && step(board, Color::Black, cap, &mut st, log, &next)
        {}
    }
    *rng = st.rng;
}

/// What [`run`] carries from move to move.
struct RunState {
    rng: SmallRng,
    passes: u32,
    n: usize,
}

impl RunState {
    /// Counts `c`'s move `m`, played, and logs it.
    #[inline(always)]
    fn played(&mut self, c: Color, m: Move, log: &mut MoveLog) {
        match m {
            Move::Pass => self.passes += 1,
            Move::Play(p) => {
                self.passes = 0;
                log.push(c, p);
            }
        }
        self.n += 1;
    }
}

/// One move of [`run`] for `c`; false when the playout is over (two
/// passes in a row or the length cap) before it.
#[inline(always)]
fn step(
    board: &mut Board,
    c: Color,
    cap: usize,
    st: &mut RunState,
    log: &mut MoveLog,
    next: &impl Fn(&Board, Color, &mut SmallRng) -> Move,
) -> bool {
    if st.passes >= 2 || st.n >= cap {
        return false;
    }
    let m = next(board, c, &mut st.rng);
    board.play_inlined(c, m);
    st.played(c, m, log);
    true
}

/// A uniformly random legal move for `c` that does not fill its own true
/// eye; pass when there is none.
#[inline]
pub fn light_move(board: &Board, c: Color, rng: &mut SmallRng) -> Move {
    let start = below(rng, board.empty_points().len());
    match board.scan_legal_non_eye(c, start) {
        Some(p) => Move::Play(p),
        None => Move::Pass,
    }
}

/// A random index below `n` (Lemire's multiply-shift; the bias, under
/// n / 2^32, is far below anything a playout could notice).
#[inline]
pub fn below(rng: &mut SmallRng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Area score margin for black of a finished playout board (empty points
/// scored by their neighbours), komi included.
pub fn score(board: &Board, komi: f32) -> f32 {
    board.area_balance() as f32 - komi
}

#[cfg(test)]
mod tests;
