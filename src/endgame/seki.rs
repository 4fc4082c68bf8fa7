//! Static seki and sacrifice reading on a finished position: the
//! whole-board scans over the two-liberty reads of
//! [`crate::tactics::seki`]. Playouts cannot pass, so they end a seki
//! with one side forced into the self-atari; these tests settle what the
//! ownership statistics cannot.

use crate::board::Board;
use crate::tactics::has_capturable_neighbour;
use crate::tactics::seki::{
    fills_into_atari, holds_two_liberties, killed_by_sacrifice, shared_liberty_seki, two_liberties,
};
use crate::types::{Color, Point};

/// Stones of chains that die to a sacrifice (see `killed_by_sacrifice`):
/// a chain of three stones or more whose two liberties are both shared
/// with an enemy chain of one or two stones, and that cannot gain
/// liberties by filling one nor by a capture. Its owner's playouts often
/// make two eyes in the captured space before the vital point is taken,
/// so ownership leaves such a chain unclear; GNU Go reads it dead.
pub fn dead_by_sacrifice(board: &Board) -> Vec<Point> {
    let geo = board.geometry();
    let mut out = Vec::new();
    for p in geo.points() {
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        if board.chain(p) != p || board.chain_len(p) <= 2 || board.libs(p) != 2 {
            continue;
        }
        // The cheap tests first; the reading of `holds_two_liberties` last.
        let small_partner = two_liberties(board, p).iter().any(|&l| {
            board.neighbours(l).iter().any(|&q| {
                board.stone(q) == (!c).stone()
                    && board.libs(q) == 2
                    && board.chain_len(q) <= 2
                    && killed_by_sacrifice(board, p, q)
            })
        });
        // A neighbour in atari elsewhere is a capture that gains liberties.
        if small_partner && !has_capturable_neighbour(board, p) && holds_two_liberties(board, p, c)
        {
            board.for_each_stone(p, |s| out.push(s));
        }
    }
    out
}

/// Stones in seki by a static test on a finished position: a chain (not
/// dead) with two liberties, one of which it shares with an enemy chain that
/// also has two liberties, so that neither side can fill the shared point
/// without putting itself in atari, nor approach the other's liberties
/// without being in atari (a liberty inside a big territory, or a shared
/// point that one side fills by connecting out, is no seki); or a chain of
/// three or four liberties that shares them all with an enemy chain
/// ([`shared_liberty_seki`]). Returns every stone of such chains.
pub fn static_seki(board: &Board, dead: &[Point]) -> Vec<Point> {
    let geo = board.geometry();
    let mut out = Vec::new();
    for p in geo.points() {
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        if dead.contains(&p) || board.chain(p) != p {
            continue;
        }
        if (3..=4).contains(&board.libs(p)) {
            if shared_seki_partner(board, p, c, dead) {
                board.for_each_stone(p, |q| out.push(q));
            }
            continue;
        }
        if !holds_two_liberties(board, p, c) {
            continue;
        }
        let libs = two_liberties(board, p);
        let partner = libs.iter().any(|&l| {
            board.neighbours(l).iter().any(|&q| {
                board.stone(q) == (!c).stone()
                    && !dead.contains(&q)
                    && holds_two_liberties(board, q, !c)
                    && two_liberties(board, q).contains(&l)
                    // Neither side can fill the shared point.
                    && fills_into_atari(board, c, l)
                    && fills_into_atari(board, !c, l)
                    && !killed_by_sacrifice(board, p, q)
            })
        });
        if partner {
            board.for_each_stone(p, |q| out.push(q));
        }
    }
    out
}

/// Whether the chain of `c` at `p` shares all its liberties with an enemy
/// chain (not dead) in a [`shared_liberty_seki`].
fn shared_seki_partner(board: &Board, p: Point, c: Color, dead: &[Point]) -> bool {
    let mut libs = [Point::NONE; 4];
    let n = board.chain_liberties(p, &mut libs);
    libs[..n].iter().any(|&l| {
        board.neighbours(l).iter().any(|&q| {
            board.stone(q) == (!c).stone() && !dead.contains(&q) && shared_liberty_seki(board, p, q)
        })
    })
}
