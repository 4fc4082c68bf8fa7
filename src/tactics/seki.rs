//! Two-liberty standoffs: whether a chain with two liberties holds them
//! against every approach (the shape of a seki), and whether a false seki
//! dies to a sacrifice. Read by playing moves on board copies; the
//! whole-board scans that use these reads are in
//! [`crate::endgame::seki`].

use super::has_capturable_neighbour;
use super::nakade::nakade_point;
use crate::board::Board;
use crate::types::{Color, Move, Point, Stone};

/// Whether two chains with two liberties each, both shared, stand in a
/// false seki: when one of them has at most two stones, its owner fills a
/// liberty anyway, the other chain must capture (it is in atari too), and
/// its only eye space is then the captured stones, at most three points:
/// one eye, whose vital point the sacrificing side takes next.
pub fn killed_by_sacrifice(board: &Board, p: Point, q: Point) -> bool {
    let sorted = |x: Point| {
        let mut l = two_liberties(board, x);
        l.sort_by_key(|v| v.0);
        l
    };
    sorted(p) == sorted(q) && board.chain_len(p).min(board.chain_len(q)) <= 2
}

/// The two liberties of the chain at `p`. Precondition: it has two.
pub fn two_liberties(board: &Board, p: Point) -> [Point; 2] {
    let mut libs = [Point::NONE; 2];
    board.chain_liberties(p, &mut libs);
    libs
}

/// Whether the chain of `c` at `p` has exactly two liberties, the
/// opponent can approach neither without being in atari itself, and the
/// chain gains no liberty by filling either itself (a liberty where `c`
/// captures, or connects to more liberties, ends the standoff). Read two
/// fills deep: a fill that joins a chain and leaves two liberties must
/// leave a chain that holds them in turn (one that can connect on to
/// more liberties is no seki) and no enemy chain next to it in atari.
pub fn holds_two_liberties(board: &Board, p: Point, c: Color) -> bool {
    holds_two_liberties_for(board, p, c, 1)
}

/// [`holds_two_liberties`] with `depth` more fills read after this one.
fn holds_two_liberties_for(board: &Board, p: Point, c: Color, depth: u32) -> bool {
    board.libs(p) == 2
        && two_liberties(board, p).iter().all(|&l| {
            approach_fails(board, !c, l, p)
                && after_filling(board, c, l).is_none_or(|b| match b.libs(l) {
                    0 | 1 => true,
                    2 => {
                        !has_capturable_neighbour(&b, l)
                            && (depth == 0 || holds_two_liberties_for(&b, l, c, depth - 1))
                    }
                    _ => false,
                })
        })
}

/// Whether `o` cannot approach the chain at `p` at its liberty `l`: the
/// move is illegal or leaves `o`'s chain there in atari, and stays so
/// after one preparing move: `o` playing first at the one liberty that
/// chain would have (a connection that turns the approach into a safe
/// move), when that move keeps two liberties and does not touch the
/// chain at `p`.
fn approach_fails(board: &Board, o: Color, l: Point, p: Point) -> bool {
    let Some(b) = after_filling(board, o, l) else {
        return true;
    };
    match b.libs(l) {
        0 => true,
        1 => {
            let z = b.atari_liberty(l);
            let touches_p = board
                .neighbours(z)
                .iter()
                .any(|&q| board.stone(q).color() == Some(!o) && board.chain(q) == board.chain(p));
            if touches_p {
                return true;
            }
            after_filling(board, o, z)
                .filter(|b2| b2.libs(z) >= 2)
                .and_then(|b2| after_filling(&b2, o, l))
                .is_none_or(|b3| b3.libs(l) <= 1)
        }
        _ => false,
    }
}

/// The board after `c` plays at empty `l`, or `None` when the move is
/// illegal.
fn after_filling(board: &Board, c: Color, l: Point) -> Option<Board> {
    let mut b = board.clone();
    b.try_play(c, Move::Play(l)).ok().map(|()| b)
}

/// Liberties of `c`'s chain at empty `l` after `c` plays there, or `None`
/// when the move is illegal.
fn libs_after_filling(board: &Board, c: Color, l: Point) -> Option<u32> {
    after_filling(board, c, l).map(|b| b.libs(l))
}

/// Whether `c` playing at empty `l` is illegal or leaves its chain there
/// with at most one liberty.
pub fn fills_into_atari(board: &Board, c: Color, l: Point) -> bool {
    libs_after_filling(board, c, l).is_none_or(|n| n <= 1)
}

/// Whether the chains at `p` and `q`, of opposite colours, stand in a seki
/// of shared liberties alone: the same three or four liberties and none
/// of their own (no eye on either side), where
/// - no fill gains: a stone of either colour on a shared liberty captures
///   nothing and joins no chain with a liberty outside them;
/// - no sacrifice kills: a side that fills all the liberties but one
///   gives its chain to the other, whose only eye space is then those
///   points; the sacrifice kills when that space is two points or fewer,
///   a square four, or a killable shape of three to six points
///   ([`nakade_point`]), and the sacrificing side may choose which
///   liberty it leaves.
///
/// Whoever fills first then loses the race, so neither does: a seki of
/// 06b408e's 9x9 Japanese match (game 96) that GNU Go counted, where the
/// playouts, which cannot pass, filled the liberties and called the
/// larger chain dead.
pub fn shared_liberty_seki(board: &Board, p: Point, q: Point) -> bool {
    let (Some(c), Some(d)) = (board.stone(p).color(), board.stone(q).color()) else {
        return false;
    };
    let n = board.libs(p) as usize;
    if c == d || !(3..=4).contains(&n) || board.libs(q) as usize != n {
        return false;
    }
    let mut lp = [Point::NONE; 4];
    let mut lq = [Point::NONE; 4];
    board.chain_liberties(p, &mut lp);
    board.chain_liberties(q, &mut lq);
    let libs = &lp[..n];
    if !libs.iter().all(|l| lq[..n].contains(l)) {
        return false;
    }
    if has_capturable_neighbour(board, p) || has_capturable_neighbour(board, q) {
        return false;
    }
    // No fill gains.
    for &l in libs {
        for s in [c, !c] {
            let Some(b) = after_filling(board, s, l) else {
                continue;
            };
            if b.last_captured() > 0 {
                return false;
            }
            let mut out = [Point::NONE; 8];
            let k = b.chain_liberties(l, &mut out);
            if b.libs(l) as usize > k || !out[..k].iter().all(|x| libs.contains(x)) {
                return false;
            }
        }
    }
    // No sacrifice kills.
    for (s, x) in [(c, p), (!c, q)] {
        for &keep in libs {
            let mut b = board.clone();
            let filled = libs
                .iter()
                .filter(|&&l| l != keep)
                .all(|&l| b.try_play(s, Move::Play(l)).is_ok());
            if !filled || b.try_play(!s, Move::Play(keep)).is_err() || b.stone(x) != Stone::Empty {
                continue;
            }
            if one_eye_after_capture(&b, x, !s) {
                return false;
            }
        }
    }
    true
}

/// Whether the empty region around `x` (stones just captured by `owner`)
/// makes one eye at most: two points or fewer, a square four, or a
/// killable shape ([`nakade_point`]).
fn one_eye_after_capture(board: &Board, x: Point, owner: Color) -> bool {
    let mut region = vec![x];
    let mut i = 0;
    while i < region.len() && region.len() <= 7 {
        for r in board.neighbours(region[i]) {
            if board.stone(r) == Stone::Empty && !region.contains(&r) {
                region.push(r);
            }
        }
        i += 1;
    }
    let inside = |a: Point| {
        board
            .neighbours(a)
            .iter()
            .filter(|r| region.contains(r))
            .count()
    };
    match region.len() {
        0..=2 => true,
        4 if region.iter().all(|&a| inside(a) == 2) => true,
        3..=6 => nakade_point(board, x, owner).is_some(),
        _ => false,
    }
}
