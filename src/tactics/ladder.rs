//! The ladder reader: does running from atari work? The priors ask it
//! for escapes (an escape into a working ladder only loses more stones)
//! and for ataris (an atari that starts a working ladder captures).
//!
//! A full read: at each step the attacker tries both liberties, so a
//! ladder counts as broken only when every attack fails. Counter-captures
//! of attacking stones in atari count as escapes.

use super::{has_capturable_neighbour, libs_after};
use crate::board::Board;
use crate::types::{Color, Move, Point, Stone};

/// Deepest ladder read, in moves.
const MAX_DEPTH: u32 = 80;

/// Whether the chain at `chain` (in atari, of colour `defender`) is caught
/// in a ladder when the defender extends at its liberty now: the attacker
/// keeps it in atari until it is captured. Counter-captures of attacking
/// stones in atari count as escapes.
pub fn escape_fails(board: &Board, chain: Point, defender: Color) -> bool {
    if board.stone(chain).color() != Some(defender) || board.libs(chain) != 1 {
        return false;
    }
    defender_loses(board, chain, defender, 0)
}

/// Whether extending an own chain in atari at `p` runs into a working
/// ladder (the chain gets two liberties and is chased down anyway).
pub fn runs_into_ladder(board: &Board, c: Color, p: Point) -> bool {
    if libs_after(board, c, p) != 2 {
        return false;
    }
    let own = c.stone();
    board
        .neighbours(p)
        .iter()
        .any(|&q| board.stone(q) == own && board.libs(q) == 1 && escape_fails(board, q, c))
}

/// Stones of an enemy chain that `c` catches in a working ladder by an
/// atari at `p` (0 if the move is no such atari).
pub fn ladder_capture_size(board: &Board, c: Color, p: Point) -> u32 {
    let enemy = (!c).stone();
    let targets = board
        .neighbours(p)
        .into_iter()
        .filter(|&q| board.stone(q) == enemy && board.libs(q) == 2);
    let mut best = 0;
    for q in targets {
        if libs_after(board, c, p) < 2 {
            continue;
        }
        let mut b = board.clone();
        b.play_unchecked(c, Move::Play(p));
        if b.stone(q) == enemy && b.libs(q) == 1 && escape_fails(&b, q, !c) {
            best = best.max(b.chain_len(q));
        }
    }
    best
}

/// Defender to move, chain in atari.
fn defender_loses(board: &Board, chain: Point, c: Color, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    // A neighbouring attacker chain in atari can be captured: escape.
    if has_capturable_neighbour(board, chain) {
        return false;
    }
    let lib = board.atari_liberty(chain);
    if !board.is_legal(c, lib) {
        return true;
    }
    let mut b = board.clone();
    b.play_unchecked(c, Move::Play(lib));
    match b.libs(chain) {
        0 | 1 => true,
        2 => {
            if has_capturable_neighbour(&b, chain) {
                return false;
            }
            let mut libs = [Point::NONE; 2];
            b.chain_liberties(chain, &mut libs);
            libs.iter()
                .any(|&a| attacker_wins_with(&b, chain, c, a, depth))
        }
        _ => false,
    }
}

/// Attacker (`!c`) ataris at `a`; true if that keeps the ladder working.
fn attacker_wins_with(board: &Board, chain: Point, c: Color, a: Point, depth: u32) -> bool {
    let attacker = !c;
    if !board.is_legal(attacker, a) {
        return false;
    }
    let mut b = board.clone();
    b.play_unchecked(attacker, Move::Play(a));
    if b.stone(chain) == Stone::Empty {
        return true;
    }
    // The atari stone must not be capturable at once.
    if b.libs(a) == 1 {
        return false;
    }
    b.libs(chain) == 1 && defender_loses(&b, chain, c, depth + 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_on_an_empty_board_works() {
        // White C3 in atari at C4; extending gives two liberties, and
        // black chases it to the left edge.
        let b = Board::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . X O X . . . . .
            . . X . . . . . .
            . . . . . . . . .",
        )
        .unwrap();
        let o = b.at("C3");
        assert_eq!(b.libs(o), 1);
        assert!(escape_fails(&b, o, Color::White));
    }

    #[test]
    fn ladder_breaker_saves_the_chain() {
        let b = Board::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . O . . . . . . .
            . . . X . . . . .
            . X O X . . . . .
            . . X . . . . . .
            . . . . . . . . .",
        )
        .unwrap();
        let o = b.at("C3");
        assert!(!escape_fails(&b, o, Color::White));
    }
}
