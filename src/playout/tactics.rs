//! Small tactical questions about one move, shared by the playout policy
//! and the search priors: what it captures, whether it rescues a chain in
//! atari, whether it is a self-atari.

use crate::board::Board;
use crate::types::{Color, Point, Stone};

/// Stones of `!c` that `c` captures by playing at `p`.
#[inline]
pub fn capture_size(board: &Board, c: Color, p: Point) -> u32 {
    let enemy = (!c).stone();
    let mut heads = [Point::NONE; 4];
    let mut n = 0;
    let mut total = 0;
    for q in board.neighbours(p) {
        if board.stone(q) == enemy && board.libs(q) == 1 {
            let h = board.chain(q);
            if !heads[..n].contains(&h) {
                heads[n] = h;
                n += 1;
                total += board.chain_len(q);
            }
        }
    }
    total
}

/// Liberties the chain of `c` would have after playing at `p`, counted up
/// to 4, not counting points freed by captures.
pub fn libs_after(board: &Board, c: Color, p: Point) -> usize {
    let own = c.stone();
    let mut libs = [Point::NONE; 4];
    let mut n = 0;
    for q in board.neighbours(p) {
        match board.stone(q) {
            Stone::Empty => push_lib(&mut libs, &mut n, q, p),
            s if s == own => {
                let mut buf = [Point::NONE; 5];
                let k = board.chain_liberties(q, &mut buf);
                for &l in &buf[..k] {
                    push_lib(&mut libs, &mut n, l, p);
                }
            }
            _ => {}
        }
        if n >= 4 {
            return n;
        }
    }
    n
}

#[inline]
fn push_lib(libs: &mut [Point; 4], n: &mut usize, q: Point, played: Point) {
    if q != played && *n < 4 && !libs[..*n].contains(&q) {
        libs[*n] = q;
        *n += 1;
    }
}

/// Stones of own chains in atari next to `p` that a move there saves: the
/// move leaves them with at least two liberties, or captures.
pub fn rescue_size(board: &Board, c: Color, p: Point) -> u32 {
    let own = c.stone();
    let mut total = 0;
    let mut heads = [Point::NONE; 4];
    let mut n = 0;
    for q in board.neighbours(p) {
        if board.stone(q) == own && board.libs(q) == 1 {
            let h = board.chain(q);
            if !heads[..n].contains(&h) {
                heads[n] = h;
                n += 1;
                total += board.chain_len(q);
            }
        }
    }
    if total == 0 {
        return 0;
    }
    if capture_size(board, c, p) > 0 || libs_after(board, c, p) >= 2 {
        total
    } else {
        0
    }
}

/// Stones left in atari if `c` plays at `p` (the new chain), or 0 when the
/// move is not a self-atari (two or more liberties, or it captures).
#[inline]
pub fn self_atari_size(board: &Board, c: Color, p: Point) -> u32 {
    if board.neighbour_count(p, Stone::Empty) >= 2 {
        return 0;
    }
    if capture_size(board, c, p) > 0 || libs_after(board, c, p) >= 2 {
        return 0;
    }
    let own = c.stone();
    let mut size = 1;
    let mut heads = [Point::NONE; 4];
    let mut n = 0;
    for q in board.neighbours(p) {
        if board.stone(q) == own {
            let h = board.chain(q);
            if !heads[..n].contains(&h) {
                heads[n] = h;
                n += 1;
                size += board.chain_len(q);
            }
        }
    }
    size
}
