//! The ladder reader: does running from atari work? The priors ask it
//! for escapes (an escape into a working ladder only loses more stones)
//! and for ataris (an atari that starts a working ladder captures).
//!
//! A full read: at each step the attacker tries both liberties, so a
//! ladder counts as broken only when every attack fails. Counter-captures
//! of attacking stones in atari count as escapes.

use super::{atari_holds, capture_size, has_capturable_neighbour, libs_after};
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
    // Most reads end before the first move: copy the board only then.
    match before_extension(board, chain, defender, 0) {
        Some(answer) => answer,
        None => extend(&mut board.clone(), chain, defender, 0),
    }
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

/// What the defender's extension from atari decides before it is played:
/// `Some(answer)`, or `None` when it leaves the chain two liberties and
/// the read must go on on a board with the extension.
fn before_extension(b: &Board, chain: Point, c: Color, depth: u32) -> Option<bool> {
    if depth > MAX_DEPTH {
        return Some(false);
    }
    // A neighbouring attacker chain in atari can be captured: escape.
    if has_capturable_neighbour(b, chain) {
        return Some(false);
    }
    let lib = b.atari_liberty(chain);
    if !b.is_legal(c, lib) {
        return Some(true);
    }
    // Without a capture, the extended chain's liberties are known before
    // the move.
    if capture_size(b, c, lib) == 0 {
        match libs_after(b, c, lib) {
            0 | 1 => return Some(true),
            2 => {}
            _ => return Some(false),
        }
    }
    None
}

/// Defender to move, chain in atari, on a board the read may change.
fn defender_loses(b: &mut Board, chain: Point, c: Color, depth: u32) -> bool {
    if let Some(answer) = before_extension(b, chain, c, depth) {
        return answer;
    }
    extend(b, chain, c, depth)
}

/// The defender extends at its one liberty on `b`, and the attacker
/// tries both ataris.
fn extend(b: &mut Board, chain: Point, c: Color, depth: u32) -> bool {
    let lib = b.atari_liberty(chain);
    b.play_unchecked(c, Move::Play(lib));
    match b.libs(chain) {
        0 | 1 => true,
        2 => {
            if has_capturable_neighbour(b, chain) {
                return false;
            }
            let mut libs = [Point::NONE; 2];
            b.chain_liberties(chain, &mut libs);
            // An atari that fails at once is settled without a move; of
            // two to play, the first is read on a copy and the second on
            // the board itself, which the read is done with then.
            let [x, y] = libs;
            match (
                atari_fails_at_once(b, c, [x, y]),
                atari_fails_at_once(b, c, [y, x]),
            ) {
                (true, true) => false,
                (true, false) => atari_at(b, chain, c, y, depth),
                (false, true) => atari_at(b, chain, c, x, depth),
                (false, false) => {
                    atari_at(&mut b.clone(), chain, c, x, depth) || atari_at(b, chain, c, y, depth)
                }
            }
        }
        _ => false,
    }
}

/// Whether the attacker's atari at `a` on the defender's chain of two
/// liberties `[a, o]` fails, read without playing it: an illegal move, or
/// (when it captures nothing) an atari stone left capturable at once, or
/// a defender's extension at `o` that gets all the liberties it has now
/// but `a`, three or more (an atari that does not [`atari_holds`]).
/// `false` says the move must be played to know.
fn atari_fails_at_once(b: &Board, c: Color, [a, o]: [Point; 2]) -> bool {
    let attacker = !c;
    !b.is_legal(attacker, a)
        || (capture_size(b, attacker, a) == 0 && !atari_holds(b, attacker, a, o))
}

/// Plays the attacker's atari at `a` on `b` and reads on.
fn atari_at(b: &mut Board, chain: Point, c: Color, a: Point, depth: u32) -> bool {
    b.play_unchecked(!c, Move::Play(a));
    if b.stone(chain) == Stone::Empty {
        return true;
    }
    if b.libs(a) == 1 {
        return false;
    }
    b.libs(chain) == 1 && defender_loses(b, chain, c, depth + 2)
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

    /// The reader as it was first written: a copy of the board at every
    /// move of the read. The reader above must answer the same.
    fn reference_defender_loses(board: &Board, chain: Point, c: Color, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
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
                libs.iter().any(|&a| {
                    if !b.is_legal(!c, a) {
                        return false;
                    }
                    let mut bb = b.clone();
                    bb.play_unchecked(!c, Move::Play(a));
                    if bb.stone(chain) == Stone::Empty {
                        return true;
                    }
                    if bb.libs(a) == 1 {
                        return false;
                    }
                    bb.libs(chain) == 1 && reference_defender_loses(&bb, chain, c, depth + 2)
                })
            }
            _ => false,
        }
    }

    #[test]
    fn the_reader_answers_as_the_reference_on_random_games() {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(11);
        let mut reads = 0;
        let mut caught = 0;
        for game in 0..60 {
            let size = [9, 13, 19][game % 3];
            let mut b = Board::new(size);
            let mut c = Color::Black;
            for _ in 0..size * size * 2 {
                let empties: Vec<Point> = b.empty_points().iter().map(|&e| Point(e)).collect();
                let legal: Vec<Point> = empties
                    .into_iter()
                    .filter(|&p| b.is_legal_non_eye(c, p))
                    .collect();
                if legal.is_empty() {
                    break;
                }
                b.play_unchecked(c, Move::Play(legal[rng.gen_range(0..legal.len())]));
                c = !c;
                for p in b.geometry().points() {
                    let Some(owner) = b.stone(p).color() else {
                        continue;
                    };
                    if b.libs(p) != 1 || b.chain(p) != p {
                        continue;
                    }
                    let want = reference_defender_loses(&b, p, owner, 0);
                    assert_eq!(escape_fails(&b, p, owner), want, "\n{}", b.to_diagram());
                    reads += 1;
                    caught += want as u32;
                }
            }
        }
        assert!(
            reads > 1000 && caught > 100,
            "{reads} reads, {caught} caught"
        );
    }
}
