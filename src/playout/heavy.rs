//! The heavy playout policy (docs/search.md, "Playouts"): answer the last
//! move (capture what it put in atari, save own chains it put in atari
//! unless a ladder catches them),
//! play on two-liberty chains next to it (an own one's counter-atari in a
//! race too), the atari that starts a race for an own three-liberty chain
//! beside it, the vital point of an eye space
//! beside it (nakade), 3x3 shapes around the last two
//! moves, then a random move that is not an own true eye; self-ataris of
//! two or more stones are mostly refused. No allocation: candidate lists
//! are small fixed arrays.

use super::patterns;
use super::replies::Replies;
use crate::board::Board;
use crate::tactics::ladder::escape_fails;
use crate::tactics::nakade::{nakade_after, sacrifice_kills};
use crate::tactics::{capture_size, for_each_counter_atari, libs_after_at_least, self_atari_size};
use crate::types::{Color, Move, Point, Stone, STRIDE};
use rand::rngs::SmallRng;
use rand::Rng;

/// Probability of trying each rule (michi / Pachi values).
const P_CAPTURE: f32 = 0.9;
const P_TWO_LIBS: f32 = 0.8;
const P_PATTERN: f32 = 0.9;
/// Pachi's nlibrate: how often own three-liberty chains by the last move
/// look for an atari on a two-liberty neighbour.
const P_THREE_LIBS: f32 = 0.25;
/// Pachi's nakaderate.
const P_NAKADE: f32 = 0.8;
/// Probability of refusing a self-atari of two or more stones.
const P_REJECT_SELF_ATARI_RULE: f32 = 0.9;
const P_REJECT_SELF_ATARI_RANDOM: f32 = 0.6;
/// Smallest board on which the atari answers read ladders. On 19x19 the
/// read won 92/160 games of self-play at 0.4 s/move; on 9x9, where
/// ladders are short and the tree reads them, 44/100 at 0.25 s/move
/// (docs/strength.md). 13x13 was not measured.
const LADDER_READ_MIN_SIZE: usize = 13;

/// Up to 16 candidate points.
struct Cands {
    pts: [Point; 16],
    n: usize,
}

impl Cands {
    #[inline]
    fn new() -> Self {
        Cands {
            pts: [Point::NONE; 16],
            n: 0,
        }
    }

    #[inline]
    fn push(&mut self, p: Point) {
        if self.n < 16 && !self.pts[..self.n].contains(&p) {
            self.pts[self.n] = p;
            self.n += 1;
        }
    }

    /// A random acceptable candidate: legal, not an own true eye, and not
    /// a big self-atari (mostly) unless it throws in stones that kill.
    fn pick(&mut self, board: &Board, c: Color, rng: &mut SmallRng) -> Option<Point> {
        while self.n > 0 {
            let i = rng.gen_range(0..self.n);
            let p = self.pts[i];
            self.n -= 1;
            self.pts[i] = self.pts[self.n];
            // Candidates are empty points: legal and no own true eye.
            if !board.is_legal_non_eye(c, p) {
                continue;
            }
            if refused_self_atari(board, c, p) && rng.gen::<f32>() < P_REJECT_SELF_ATARI_RULE {
                continue;
            }
            return Some(p);
        }
        None
    }
}

/// Whether `c` at `p` is a self-atari the policy mostly refuses: two
/// stones or more left in atari, unless a throw-in of at most six that
/// kills ([`sacrifice_kills`]).
#[inline]
fn refused_self_atari(board: &Board, c: Color, p: Point) -> bool {
    match self_atari_size(board, c, p) {
        0 | 1 => false,
        2..=6 => !sacrifice_kills(board, c, p),
        _ => true,
    }
}

/// The heavy policy's move for `c`.
pub fn heavy_move(board: &Board, c: Color, rng: &mut SmallRng) -> Move {
    heavy_move_with(board, c, rng, None)
}

/// [`heavy_move`] that plays the last good reply of `replies` (when it
/// is legal, not an own eye and not a refused self-atari) after the
/// answers to the last move and before the shapes.
#[inline(always)]
pub(super) fn heavy_move_with(
    board: &Board,
    c: Color,
    rng: &mut SmallRng,
    replies: Option<&Replies>,
) -> Move {
    if let Move::Play(last) = board.last_move() {
        if let Some(p) = answers(board, c, last, rng) {
            return Move::Play(p);
        }
        if let Some(p) = replies.and_then(|r| r.reply(board, c)) {
            if board.stone(p) == Stone::Empty
                && board.is_legal_non_eye(c, p)
                && !refused_self_atari(board, c, p)
            {
                return Move::Play(p);
            }
        }
        if rng.gen::<f32>() < P_PATTERN {
            let mut cands = Cands::new();
            pattern_moves(board, last, &mut cands);
            if let Move::Play(last2) = board.last_move2() {
                pattern_moves(board, last2, &mut cands);
            }
            if let Some(p) = cands.pick(board, c, rng) {
                return Move::Play(p);
            }
        }
    }
    random_filtered_move(board, c, rng)
}

/// The answers to the last move `last` that come before any shape: a
/// capture or a save ([`atari_answers`]), a move on a two-liberty chain
/// ([`two_liberty_moves`]), a race started for a three-liberty chain
/// ([`three_liberty_moves`]), the vital point of a dead shape just
/// captured (nakade), each tried with its probability.
#[inline(always)]
pub(super) fn answers(board: &Board, c: Color, last: Point, rng: &mut SmallRng) -> Option<Point> {
    if board.stone(last) != Stone::Empty && rng.gen::<f32>() < P_CAPTURE {
        let mut cands = Cands::new();
        atari_answers(board, c, last, &mut cands);
        if let Some(p) = cands.pick(board, c, rng) {
            return Some(p);
        }
    }
    if board.stone(last) != Stone::Empty && rng.gen::<f32>() < P_TWO_LIBS {
        let mut cands = Cands::new();
        two_liberty_moves(board, c, last, &mut cands);
        if let Some(p) = cands.pick(board, c, rng) {
            return Some(p);
        }
    }
    if board.stone(last) != Stone::Empty && rng.gen::<f32>() < P_THREE_LIBS {
        let mut cands = Cands::new();
        three_liberty_moves(board, c, last, &mut cands);
        if let Some(p) = cands.pick(board, c, rng) {
            return Some(p);
        }
    }
    // Nakade after a capture of two stones or more: the points taken
    // may be a dead shape whose vital point kills. Not after every move
    // beside a small region: random moves shrink the owner's own
    // territory into such shapes far more often than real games do,
    // and answering those read live groups as dead (scoring.tst 24).
    if board.last_captured() >= 2
        && board.stone(last) != Stone::Empty
        && rng.gen::<f32>() < P_NAKADE
    {
        if let Some(p) = nakade_after(board, c, last) {
            if board.is_legal_non_eye(c, p) {
                return Some(p);
            }
        }
    }
    None
}

/// Captures of the last-move chain when it is in atari; for own chains
/// next to the last move in atari: capture a neighbour in atari, or extend
/// where that gives two liberties or more, unless (on boards of
/// [`LADDER_READ_MIN_SIZE`] and up) a working ladder then catches the
/// chain (read in full by [`crate::tactics::ladder`]; Pachi's playouts
/// read only ladders along the edge).
fn atari_answers(board: &Board, c: Color, last: Point, cands: &mut Cands) {
    let own = c.stone();
    if board.stone(last) == (!c).stone() && board.libs(last) == 1 {
        cands.push(board.atari_liberty(last));
    }
    for q in board.neighbours(last) {
        if board.stone(q) != own || board.libs(q) != 1 {
            continue;
        }
        // Counter-captures of enemy chains touching ours.
        board.for_each_stone(q, |s| {
            for r in board.neighbours(s) {
                if board.stone(r) == (!c).stone() && board.libs(r) == 1 {
                    cands.push(board.atari_liberty(r));
                }
            }
        });
        let lib = board.atari_liberty(q);
        if libs_after_at_least(board, c, lib, 2) {
            // An extension to two liberties into a working ladder only
            // loses more stones.
            if board.size() >= LADDER_READ_MIN_SIZE
                && !libs_after_at_least(board, c, lib, 3)
                && escape_fails(board, q, c)
            {
                continue;
            }
            cands.push(lib);
        }
    }
}

/// Ataris on the last-move chain at two liberties, and defences of own
/// two-liberty chains next to the last move: extensions to three, and
/// their [`counter_ataris`].
fn two_liberty_moves(board: &Board, c: Color, last: Point, cands: &mut Cands) {
    let mut libs = [Point::NONE; 2];
    if board.stone(last) == (!c).stone() && board.libs(last) == 2 {
        board.chain_liberties(last, &mut libs);
        for &l in &libs {
            if libs_after_at_least(board, c, l, 2) {
                cands.push(l);
            }
        }
    }
    for_each_own_chain(board, c, board.neighbours(last), 2, |q| {
        board.chain_liberties(q, &mut libs);
        for &l in &libs {
            if libs_after_at_least(board, c, l, 3) || capture_size(board, c, l) > 0 {
                cands.push(l);
            }
        }
        counter_ataris(board, c, q, cands);
    });
}

/// Calls `f(stone)` once for each distinct chain of `c` with exactly
/// `libs` liberties among `points` (at most eight), with its first stone
/// found there.
fn for_each_own_chain(
    board: &Board,
    c: Color,
    points: impl IntoIterator<Item = Point>,
    libs: u32,
    mut f: impl FnMut(Point),
) {
    let own = c.stone();
    let mut seen = [Point::NONE; 8];
    let mut n = 0;
    for q in points {
        if board.stone(q) != own || board.libs(q) != libs {
            continue;
        }
        let chain = board.chain(q);
        if seen[..n].contains(&chain) {
            continue;
        }
        seen[n] = chain;
        n += 1;
        f(q);
    }
}

/// Own chains of three liberties around the last move (its eight
/// neighbours) that an enemy chain of two liberties touches: the atari on
/// that chain (Pachi's nlib check). A race of three liberties against
/// two is won by the side that starts it; the playouts otherwise fill an
/// outside liberty at random.
fn three_liberty_moves(board: &Board, c: Color, last: Point, cands: &mut Cands) {
    let around = board
        .neighbours(last)
        .into_iter()
        .chain(board.diagonals(last));
    for_each_own_chain(board, c, around, 3, |q| counter_ataris(board, c, q, cands));
}

/// The [`for_each_counter_atari`] of the own chain at `chain`.
fn counter_ataris(board: &Board, c: Color, chain: Point, cands: &mut Cands) {
    for_each_counter_atari(board, c, chain, |p| cands.push(p));
}

/// Empty points around `center` that match a 3x3 pattern, appended in
/// the order SW S SE W E NW N NE.
///
/// Whether a neighbour is empty and whether it matches are coin flips to a
/// branch predictor, so the first centre (an empty list) is filled without
/// branches: a point that is not empty has its code read at the centre
/// instead (always on the board) and is not counted. Later centres keep
/// the duplicate check of [`Cands::push`].
fn pattern_moves(board: &Board, center: Point, cands: &mut Cands) {
    let s = STRIDE as i32;
    // The centre's own 3x3 code says which neighbours are empty: two zero
    // bits. Slots in code order are NW N NE W E SW S SE.
    let code = patterns::code(board, center);
    let around = [
        (5, -s - 1),
        (6, -s),
        (7, -s + 1),
        (3, -1),
        (4, 1),
        (0, s - 1),
        (1, s),
        (2, s + 1),
    ];
    if cands.n == 0 {
        let mut n = 0;
        for (slot, d) in around {
            if (code >> (2 * slot)) & 3 != 0 {
                continue;
            }
            let p = Point((center.0 as i32 + d) as u16);
            cands.pts[n] = p;
            n += patterns::matches(board, p) as usize;
        }
        cands.n = n;
        return;
    }
    for (slot, d) in around {
        if (code >> (2 * slot)) & 3 != 0 {
            continue;
        }
        let p = Point((center.0 as i32 + d) as u16);
        if patterns::matches(board, p) {
            cands.push(p);
        }
    }
}

/// A uniformly random legal point that is not an own true eye, refusing
/// most self-ataris of two or more stones; pass when none is left.
pub(super) fn random_filtered_move(board: &Board, c: Color, rng: &mut SmallRng) -> Move {
    let n = board.empty_points().len();
    if n == 0 {
        return Move::Pass;
    }
    let start = rng.gen_range(0..n);
    let mut fallback = None;
    let found = board.scan_empty(start, |p| {
        if !board.is_legal_non_eye(c, p) {
            return false;
        }
        if refused_self_atari(board, c, p) && rng.gen::<f32>() < P_REJECT_SELF_ATARI_RANDOM {
            fallback.get_or_insert(p);
            return false;
        }
        true
    });
    found.or(fallback).map(Move::Play).unwrap_or(Move::Pass)
}
