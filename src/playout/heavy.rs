//! The heavy playout policy (MoGo's rules as michi, Pachi and Fuego apply
//! them; see MCTS-NOTES "Playout policy"). In order, the first rule that
//! yields a move plays it:
//!
//! 1. (90%) Atari around the last move: capture the last mover's chain in
//!    atari (its own chain or a neighbour); save an own neighbour chain in
//!    atari by capturing an enemy chain in atari next to it, or by
//!    extending when that gives two liberties or more and is no ladder.
//! 2. (90%) Two liberties around the last move: atari an enemy chain that
//!    cannot simply run away; defend an own chain by capturing or by
//!    extending to three liberties.
//! 3. (90%) 3x3 patterns on the empty points around the last two moves,
//!    chosen in proportion to their weights.
//! 4. Uniformly random among legal points that are not own true eyes.
//!
//! Every candidate must be legal; a self-atari of two or more stones is
//! refused with probability 90% for rule moves and 60% for random ones
//! (single-stone self-ataris, throw-ins and nakade, always pass).
//!
//! Candidate lists are fixed arrays on the stack: no allocation.

use super::patterns;
use super::tactics::{
    chain_escapes, count_liberties, extension_is_caught, for_each_capturable_neighbour,
    is_self_atari, liberties_after,
};
use crate::board::Board;
use crate::types::{Color, Move, Point, Stone};
use rand::rngs::SmallRng;
use rand::RngCore;

/// Probabilities, in percent.
const ATARI_RULE: u32 = 90;
const TWO_LIB_RULE: u32 = 90;
const PATTERN_RULE: u32 = 90;
const REFUSE_SELF_ATARI_RULE: u32 = 90;
const REFUSE_SELF_ATARI_RANDOM: u32 = 60;

/// True with probability `pct` percent.
#[inline]
fn chance(rng: &mut SmallRng, pct: u32) -> bool {
    ((rng.next_u32() as u64 * 100) >> 32) < pct as u64
}

/// A short list of candidate moves with weights.
struct Candidates {
    points: [Point; 32],
    weights: [u32; 32],
    len: usize,
}

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            points: [Point::NONE; 32],
            weights: [0; 32],
            len: 0,
        }
    }

    /// Adds `p` with weight `w` (a repeat adds its weight; a full list
    /// drops it).
    fn add(&mut self, p: Point, w: u32) {
        if let Some(i) = self.points[..self.len].iter().position(|&q| q == p) {
            self.weights[i] += w;
        } else if self.len < self.points.len() {
            self.points[self.len] = p;
            self.weights[self.len] = w;
            self.len += 1;
        }
    }

    /// A candidate drawn in proportion to the weights.
    fn pick(&self, rng: &mut SmallRng) -> Option<Point> {
        let total: u32 = self.weights[..self.len].iter().sum();
        if total == 0 {
            return None;
        }
        let mut r = ((rng.next_u32() as u64 * total as u64) >> 32) as u32;
        for i in 0..self.len {
            if r < self.weights[i] {
                return Some(self.points[i]);
            }
            r -= self.weights[i];
        }
        None
    }
}

/// Whether a rule move at `p` for `c` may be played: legal, not a
/// self-atari of two or more stones (refused with some probability), not
/// an extension of an own chain in atari into a working ladder, and not
/// an own true eye unless it saves a chain in atari next to it (then it
/// was no real eye).
#[inline]
fn rule_move_ok(
    board: &Board,
    c: Color,
    p: Point,
    ladder_checked: bool,
    rng: &mut SmallRng,
) -> bool {
    if !board.is_legal(c, p) {
        return false;
    }
    let extends = extends_atari_chain(board, c, p);
    if board.is_true_eye(p, c) && !extends {
        return false;
    }
    if is_self_atari(board, c, p) >= 2 && chance(rng, REFUSE_SELF_ATARI_RULE) {
        return false;
    }
    !(extends && !ladder_checked && extension_is_caught(board, c, p))
}

/// Whether `p` is the liberty of a chain of `c` in atari.
#[inline]
fn extends_atari_chain(board: &Board, c: Color, p: Point) -> bool {
    board
        .neighbours(p)
        .into_iter()
        .any(|q| board.stone(q) == c.stone() && board.libs(q) == 1)
}

/// The heavy policy's move for `c` on `board`.
pub fn heavy_move(board: &Board, c: Color, rng: &mut SmallRng) -> Move {
    if let Move::Play(last) = board.last_move() {
        if board.stone(last) != Stone::Empty {
            if chance(rng, ATARI_RULE) {
                if let Some(p) = atari_rule(board, c, last, rng) {
                    return Move::Play(p);
                }
            }
            if chance(rng, TWO_LIB_RULE) {
                if let Some(p) = two_liberty_rule(board, c, last, rng) {
                    return Move::Play(p);
                }
            }
            if chance(rng, PATTERN_RULE) {
                if let Some(p) = pattern_rule(board, c, last, rng) {
                    return Move::Play(p);
                }
            }
        }
    }
    random_rule(board, c, rng)
}

/// The distinct chains among the last move's stone and its neighbours,
/// with `libs` liberties; at most five.
fn chains_around(board: &Board, last: Point, libs: u32) -> ([Point; 5], usize) {
    let mut out = [Point::NONE; 5];
    let mut n = 0;
    let nb = board.neighbours(last);
    for q in [last, nb[0], nb[1], nb[2], nb[3]] {
        let s = board.stone(q);
        if s != Stone::Black && s != Stone::White {
            continue;
        }
        if board.libs(q) != libs {
            continue;
        }
        let h = board.chain(q);
        if !out[..n].contains(&h) {
            out[n] = h;
            n += 1;
        }
    }
    (out, n)
}

/// Rule 1: captures and escapes around the last move.
fn atari_rule(board: &Board, c: Color, last: Point, rng: &mut SmallRng) -> Option<Point> {
    let (chains, n) = chains_around(board, last, 1);
    if n == 0 {
        return None;
    }
    let mut cand = Candidates::new();
    for &h in &chains[..n] {
        if board.stone(h) == c.stone() {
            chain_escapes(board, h, true, |p, _| cand.add(p, 1));
        } else {
            let lib = board.atari_liberty(h);
            // A one-stone chain whose liberty is its owner's eye is a ko:
            // leave kos alone.
            if board.chain_len(h) == 1 && board.is_eyeish(lib, !c) {
                continue;
            }
            cand.add(lib, 1);
        }
    }
    // Escapes were read for ladders already.
    pick_checked(board, c, &mut cand, true, rng)
}

/// Rule 2: chains with two liberties around the last move.
fn two_liberty_rule(board: &Board, c: Color, last: Point, rng: &mut SmallRng) -> Option<Point> {
    let (chains, n) = chains_around(board, last, 2);
    if n == 0 {
        return None;
    }
    let mut cand = Candidates::new();
    for &h in &chains[..n] {
        let mut two = [Point::NONE; 2];
        if board.chain_liberties(h, &mut two) != 2 {
            continue;
        }
        // The chain's own liberties are known ({l, other}), so the counts
        // below do not walk it again.
        if board.stone(h) == c.stone() {
            // Defend: capture a neighbour in atari, or extend to three.
            for_each_capturable_neighbour(board, h, |lib| cand.add(lib, 1));
            for (l, other) in [(two[0], two[1]), (two[1], two[0])] {
                if count_liberties(board, c, l, 3, other, h, Point::NONE) >= 3
                    && board.is_legal(c, l)
                {
                    cand.add(l, 1);
                }
            }
        } else {
            // Atari from a side where our stone keeps two liberties and
            // the defender's extension on the other side stays short.
            for (l, other) in [(two[0], two[1]), (two[1], two[0])] {
                if count_liberties(board, !c, other, 3, Point::NONE, h, l) < 3
                    && board.is_legal(c, l)
                    && liberties_after(board, c, l, 2) >= 2
                {
                    cand.add(l, 1);
                }
            }
        }
    }
    pick_checked(board, c, &mut cand, false, rng)
}

/// Rule 3: patterns around the last move and the move before it.
fn pattern_rule(board: &Board, c: Color, last: Point, rng: &mut SmallRng) -> Option<Point> {
    let tables = patterns::tables();
    let mut cand = Candidates::new();
    let s = board.geometry().stride as i32;
    // The empty points around `centre` that match a pattern. A point next
    // to both moves counts twice: it answers both.
    let look = |centre: Point, cand: &mut Candidates| {
        let c0 = centre.0 as i32;
        for d in [s - 1, s, s + 1, -1, 1, -s - 1, -s, -s + 1] {
            let q = Point((c0 + d) as u16);
            if board.stone(q) != Stone::Empty {
                continue;
            }
            let w = tables.weight(board.neighbourhood(q));
            if w > 0 {
                cand.add(q, w as u32);
            }
        }
    };
    look(last, &mut cand);
    if let Move::Play(before) = board.last_move2() {
        if board.stone(before) != Stone::Empty {
            look(before, &mut cand);
        }
    }
    pick_checked(board, c, &mut cand, false, rng)
}

/// Draws candidates in proportion to their weights until one passes
/// [`rule_move_ok`]; refused ones leave the list.
fn pick_checked(
    board: &Board,
    c: Color,
    cand: &mut Candidates,
    ladder_checked: bool,
    rng: &mut SmallRng,
) -> Option<Point> {
    while let Some(p) = cand.pick(rng) {
        if rule_move_ok(board, c, p, ladder_checked, rng) {
            return Some(p);
        }
        if let Some(i) = cand.points[..cand.len].iter().position(|&q| q == p) {
            cand.weights[i] = 0;
        }
    }
    None
}

/// Rule 4: uniformly random among legal points that are not own true
/// eyes, self-ataris of two or more stones refused with some probability.
fn random_rule(board: &Board, c: Color, rng: &mut SmallRng) -> Move {
    let n = board.empty_points().len();
    if n == 0 {
        return Move::Pass;
    }
    let start = super::below(rng, n);
    let found = board.scan_empty(start, |p| {
        board.is_legal_non_eye(c, p)
            && !(is_self_atari(board, c, p) >= 2 && chance(rng, REFUSE_SELF_ATARI_RANDOM))
    });
    match found {
        Some(p) => Move::Play(p),
        None => Move::Pass,
    }
}
