//! A small capture reader: can a chain of few liberties be taken, the
//! attacker moving first, against every defence; and which defence saves
//! it. Depth-first, both sides trying few moves, as the tactical readers
//! of GNU Go and Fuego do at their simplest:
//! - the attacker plays on the chain's liberties and, against a chain of
//!   two liberties, on the points next to them (a net);
//! - the defender extends on its liberties, captures attackers in atari
//!   that touch the chain, and shortens attackers of two liberties that
//!   touch it (a race).
//!
//! A chain that reaches [`SAFE_LIBS`] liberties escapes; when the node
//! budget or the depth runs out the attack counts as failed, so the reader
//! errs towards calling a chain safe. Used by the last-phase reader
//! ([`crate::endgame`]) for the threats beyond atari and ladders.

use crate::board::Board;
use crate::types::{Move, Point, Stone};

/// Liberties at which a chain counts as escaped.
pub const SAFE_LIBS: u32 = 4;
/// Attacker moves deep.
const MAX_DEPTH: u32 = 8;

/// Reading budget and counter.
struct Reader {
    nodes: u32,
    budget: u32,
}

/// The attacker's first move that takes the chain at `target` (of at most
/// three liberties) against every defence, with the attacker to move;
/// `None` when none is found within `budget` positions.
pub fn attack(board: &Board, target: Point, budget: u32) -> Option<Point> {
    let mut r = Reader { nodes: 0, budget };
    r.attack(board, target, MAX_DEPTH)
}

/// A move of the defender after which [`attack`] fails, with the
/// defender to move; `None` when every defence tried loses the chain.
/// A chain that no attack takes is saved by any move: then the first
/// liberty is given.
pub fn defend(board: &Board, target: Point, budget: u32) -> Option<Point> {
    let mut r = Reader { nodes: 0, budget };
    r.defend(board, target, MAX_DEPTH)
}

/// Whether the chain at `target` can be taken with the attacker to move:
/// `Some(true)` when an attack holds against every defence tried,
/// `Some(false)` when none does, `None` when `budget` ran out first (the
/// plain [`attack`] counts that as a failed attack).
pub fn taken_moving_second(board: &Board, target: Point, budget: u32) -> Option<bool> {
    let mut r = Reader { nodes: 0, budget };
    let found = r.attack(board, target, MAX_DEPTH).is_some();
    (r.nodes <= budget).then_some(found)
}

/// Whether the chain at `target` is lost even with its owner to move:
/// `Some(true)` when every defence tried fails, `Some(false)` when one
/// holds, `None` when `budget` ran out first (which the plain [`defend`]
/// cannot tell from a lost chain).
pub fn lost_moving_first(board: &Board, target: Point, budget: u32) -> Option<bool> {
    let mut r = Reader { nodes: 0, budget };
    let saved = r.defend(board, target, MAX_DEPTH).is_some();
    (r.nodes <= budget).then_some(!saved)
}

impl Reader {
    fn spent(&mut self) -> bool {
        self.nodes += 1;
        self.nodes > self.budget
    }

    fn attack(&mut self, b: &Board, t: Point, depth: u32) -> Option<Point> {
        let def = b.stone(t).color()?;
        let att = !def;
        let libs = b.libs(t);
        let mut l = [Point::NONE; 4];
        if libs == 1 {
            let lib = b.atari_liberty(t);
            return b.is_legal(att, lib).then_some(lib);
        }
        if libs >= SAFE_LIBS || depth == 0 {
            return None;
        }
        let k = b.chain_liberties(t, &mut l);
        // A ladder is read to its end at once: searched move by move
        // among the other tries, the wrong first atari can spend the
        // budget before the right one is tried.
        if libs == 2 {
            if let Some(&m) = l[..k]
                .iter()
                .find(|&&m| super::ladder::ladder_capture_size(b, att, m) > 0)
            {
                return Some(m);
            }
        }
        let mut tries: Vec<Point> = l[..k].to_vec();
        if libs == 2 {
            for &x in &l[..k] {
                for q in b.neighbours(x).into_iter().chain(b.diagonals(x)) {
                    if b.stone(q) == Stone::Empty && !tries.contains(&q) {
                        tries.push(q);
                    }
                }
            }
        }
        for m in tries {
            if self.spent() {
                return None;
            }
            if !b.is_legal(att, m) {
                continue;
            }
            let mut c = b.clone();
            c.play_unchecked(att, Move::Play(m));
            if c.stone(t) != def.stone() {
                return Some(m);
            }
            // A move the defender takes at once with gain only helps it,
            // unless the chain has one liberty left.
            if c.libs(m) == 1 && c.libs(t) > 1 && c.chain_len(m) > 1 {
                continue;
            }
            // A defence cut short by the budget is no proof: the attack
            // then fails, as the reader errs towards safe.
            if self.defend(&c, t, depth - 1).is_none() {
                return (self.nodes <= self.budget).then_some(m);
            }
        }
        None
    }

    fn defend(&mut self, b: &Board, t: Point, depth: u32) -> Option<Point> {
        let def = b.stone(t).color()?;
        let mut l = [Point::NONE; 4];
        let k = b.chain_liberties(t, &mut l);
        if self.attack(b, t, depth).is_none() {
            return Some(if k > 0 { l[0] } else { Point::NONE });
        }
        let mut tries: Vec<Point> = Vec::new();
        // Captures of attackers in atari next to the chain.
        super::for_each_capturable_neighbour(b, t, |p| {
            if !tries.contains(&p) {
                tries.push(p)
            }
        });
        for &x in &l[..k] {
            if !tries.contains(&x) {
                tries.push(x);
            }
        }
        // The liberties of attackers of two liberties next to the chain:
        // shortening them wins a race that the chain's own liberties lose.
        let mut el = [Point::NONE; 2];
        super::for_each_neighbour_with_libs(b, t, 2, |q| {
            let n = b.chain_liberties(q, &mut el);
            for &x in &el[..n] {
                if !tries.contains(&x) {
                    tries.push(x);
                }
            }
        });
        for m in tries {
            if self.spent() {
                return None;
            }
            if !b.is_legal(def, m) {
                continue;
            }
            let mut c = b.clone();
            c.play_unchecked(def, Move::Play(m));
            if c.stone(t) != def.stone() || c.libs(t) == 1 && c.libs(m) == 1 {
                continue;
            }
            if c.libs(t) >= SAFE_LIBS || self.attack(&c, t, depth).is_none() {
                return Some(m);
            }
        }
        None
    }
}

/// Whether `color`'s chain at `target` can be taken if `color` leaves it
/// and saved if `color` moves first: the attacker's move and the saving
/// move.
pub fn needs_defence(board: &Board, target: Point, budget: u32) -> Option<(Point, Point)> {
    let a = attack(board, target, budget)?;
    let d = defend(board, target, budget)?;
    (d != Point::NONE).then_some((a, d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Color;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).expect("diagram")
    }

    #[test]
    fn a_net_takes_a_stone_of_two_liberties() {
        // White J5 has two liberties, H5 and J6; Black H6 nets it (the
        // position of endgame.tst 32, from a match).
        let b = board(
            "
            . . . . O . . . .
            . . O O . O O . .
            O O O . . . O . .
            X X O . O O . . .
            . X O O X X O . O
            . X O X X X O O X
            . O X X X X O X X
            . X O X . . X X .
            . . . . . . . . .
            ",
        );
        let j5 = b.at("J5");
        assert_eq!(b.stone(j5), Stone::White);
        assert_eq!(attack(&b, j5, 5000), Some(b.at("H6")));
        let (_, d) = needs_defence(&b, j5, 5000).expect("a threat");
        let mut saved = b.clone();
        saved.play_unchecked(Color::White, Move::Play(d));
        assert_eq!(attack(&saved, j5, 5000), None, "{d:?} saves");
    }

    /// Black D5-D4 in open space, three liberties, White around its top:
    /// no attack takes it. A defence the budget cuts short proves nothing
    /// (it had read as a capture at White D3 with 2,000 nodes).
    #[test]
    fn a_budget_that_runs_out_takes_nothing() {
        let b = board(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . O . . . . .
            . . O X O . . . .
            . . . X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        );
        let d5 = b.at("D5");
        assert_eq!(b.libs(d5), 3);
        for budget in [10, 2000, 200_000] {
            assert_eq!(attack(&b, d5, budget), None, "budget {budget}");
        }
    }

    /// The corner of a 9-dan game's last moves (tom9d record 17, 19x19,
    /// columns L-T and rows 4-12 here): Black H4 and J4 cut into White's
    /// corner, White H5 answered, and White F7's chain of ten stones has
    /// two liberties, J6 and J5. Black's three stones G4-J4 have two too,
    /// J5 and J3. Every move on White's own liberties loses the race;
    /// White J3, outside, puts Black in atari first and wins it.
    #[test]
    fn a_race_is_won_by_shortening_the_attacker() {
        let b = board(
            "
            . . . . . . X X X
            X . . . X X X O X
            . . . . X O O O O
            . . . X X X O O .
            . . . . X O O O .
            . . . . X O X X X
            X . . . X X O O .
            X O X . X O X . .
            X X X X X O O O .
            ",
        );
        let f7 = b.at("F7");
        assert_eq!(b.libs(f7), 2);
        assert_eq!(b.libs(b.at("H4")), 2);
        let d = defend(&b, f7, 100_000).expect("a defence");
        let mut saved = b.clone();
        saved.play_unchecked(Color::White, Move::Play(d));
        let geo = b.geometry();
        assert_eq!(
            attack(&saved, f7, 100_000).map(|p| geo.vertex(p)),
            None,
            "{} saves",
            geo.vertex(d)
        );
        assert_eq!(lost_moving_first(&b, f7, 100_000), Some(false));
    }

    /// The same corner before Black's cut: Black H4 is answered at H5
    /// (above), so White F7's chain needs no move now.
    #[test]
    fn a_cut_that_is_answered_is_no_threat() {
        let b = board(
            "
            . . . . . . X X X
            X . . . X X X O X
            . . . . X O O O O
            . . . X X X O O .
            . . . . X O O . .
            . . . . X O X . .
            X . . . X X O O .
            X O X . X O X . .
            X X X X X O O O .
            ",
        );
        assert_eq!(attack(&b, b.at("F7"), 5000), None);
        assert!(needs_defence(&b, b.at("F7"), 5000).is_none());
    }

    #[test]
    fn a_chain_with_room_is_not_taken() {
        let b = board(
            "
            . . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . .
            ",
        );
        assert_eq!(attack(&b, b.at("C3"), 5000), None);
        assert!(needs_defence(&b, b.at("C3"), 5000).is_none());
    }

    #[test]
    fn a_stone_in_atari_is_taken() {
        // B2 has one liberty, C2.
        let b = board(
            "
            . . . . .
            . . . . .
            . O . . .
            O X . . .
            . O . . .
            ",
        );
        assert_eq!(attack(&b, b.at("B2"), 5000), Some(b.at("C2")));
    }

    #[test]
    fn a_stone_that_cannot_extend_is_lost_already() {
        // A1 in atari: extending to A2 leaves one liberty, nothing to
        // capture. No defence: not a fill that is needed.
        let b = board(
            "
            . . . . .
            . . . . .
            . . . . .
            . O . . .
            X O . . .
            ",
        );
        assert_eq!(attack(&b, b.at("A1"), 5000), Some(b.at("A2")));
        assert_eq!(defend(&b, b.at("A1"), 5000), None);
        assert_eq!(needs_defence(&b, b.at("A1"), 5000), None);
    }
}
