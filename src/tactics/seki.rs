//! Two-liberty standoffs: whether a chain with two liberties holds them
//! against every approach (the shape of a seki), and whether a false seki
//! dies to a sacrifice. Read by playing moves on board copies; the
//! whole-board scans that use these reads are in
//! [`crate::endgame::seki`].

use super::has_capturable_neighbour;
use crate::board::Board;
use crate::types::{Color, Move, Point};

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
