//! 3x3 shape patterns around a candidate point (MoGo's, as michi lists
//! them): hane, magari, diagonal attachment, cuts, keima cut and the edge
//! shapes. A table indexed by the 16-bit code of the eight neighbours
//! (2 bits each: empty, black, white, edge) answers a match in one lookup;
//! rotations, reflections and colour swaps are folded into the table.

use crate::board::Board;
use crate::types::Point;
use std::sync::OnceLock;

/// The patterns: rows top to bottom, the centre is the candidate (always
/// empty). `X`, `O`: stones of either colour (both assignments match);
/// `x`: not X (empty or O); `o`: not O; `.`: empty; `?`: anything; ` `:
/// off the board.
const PATTERNS: &[[&str; 3]] = &[
    ["XOX", "...", "???"], // hane: enclosing hane
    ["XO.", "...", "?.?"], // hane: non-cutting hane
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // katatsuke or diagonal attachment
    ["XO?", "O.o", "?o?"], // cut: unprotected cut
    ["XO?", "O.X", "???"], // cut: peeped cut
    ["?X?", "O.O", "ooo"], // cut: de
    ["OX?", "o.O", "???"], // cut keima
    ["X.?", "O.?", "   "], // side: chase
    ["OX?", "X.O", "   "], // side: block side cut
    ["?X?", "x.O", "   "], // side: block side connection
    ["?XO", "x.x", "   "], // side: sagari
    ["?OX", "X.O", "   "], // side: cut
];

/// Offsets of the eight neighbours in code order: NW N NE W E SW S SE,
/// as (dx, dy) with y growing upward.
pub(super) const CELLS: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<[u64; 1024]> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Which stone kinds a pattern character allows, as a bit set over
/// Empty=1, Black=2, White=4, Edge=8, with X taken as `x_color`.
fn allowed(ch: char, x_is_black: bool) -> u8 {
    let (x, o) = if x_is_black { (2u8, 4u8) } else { (4u8, 2u8) };
    match ch {
        'X' => x,
        'O' => o,
        'x' => 1 | o,
        'o' => 1 | x,
        '.' => 1,
        ' ' => 8,
        _ => 15,
    }
}

fn build() -> [u64; 1024] {
    let mut t = [0u64; 1024];
    for pat in PATTERNS {
        let grid: Vec<Vec<char>> = pat.iter().map(|r| r.chars().collect()).collect();
        // cell (dx, dy) -> character, dy = 1 is the top row.
        let at = |dx: i32, dy: i32| grid[(1 - dy) as usize][(dx + 1) as usize];
        for sym in 0..8 {
            for x_is_black in [true, false] {
                let mut sets = [0u8; 8];
                for (i, &(dx, dy)) in CELLS.iter().enumerate() {
                    // Map the board cell back into pattern coordinates.
                    let (mut px, mut py) = (dx, dy);
                    if sym & 1 != 0 {
                        px = -px;
                    }
                    if sym & 2 != 0 {
                        py = -py;
                    }
                    if sym & 4 != 0 {
                        std::mem::swap(&mut px, &mut py);
                    }
                    sets[i] = allowed(at(px, py), x_is_black);
                }
                enumerate(&sets, 0, 0, &mut t);
            }
        }
    }
    t
}

fn enumerate(sets: &[u8; 8], i: usize, code: u32, t: &mut [u64; 1024]) {
    if i == 8 {
        t[(code >> 6) as usize] |= 1 << (code & 63);
        return;
    }
    for kind in 0..4u32 {
        if sets[i] & (1 << kind) != 0 {
            enumerate(sets, i + 1, code | (kind << (2 * i)), t);
        }
    }
}

/// The 16-bit code of the neighbourhood of `p` ([`Board::neighbourhood`]:
/// the same cells in the same order, two bits each).
#[inline]
pub fn code(board: &Board, p: Point) -> u32 {
    board.neighbourhood(p) as u32
}

/// Whether the empty point `p` matches one of the 3x3 patterns.
#[inline]
pub fn matches(board: &Board, p: Point) -> bool {
    code_matches(code(board, p))
}

/// Whether a neighbourhood code matches one of the 3x3 patterns.
#[inline]
pub fn code_matches(c: u32) -> bool {
    table()[(c >> 6) as usize] & (1 << (c & 63)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Move;

    fn pt(b: &Board, v: &str) -> Point {
        match b.geometry().parse_move(v).unwrap() {
            Move::Play(p) => p,
            Move::Pass => unreachable!(),
        }
    }

    #[test]
    fn hane_matches_in_every_orientation_and_colour() {
        // Enclosing hane: X O X above the candidate E4.
        let rows = ["X O X", "O X O"];
        for r in rows {
            let d = format!(
                ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . {r} . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . ."
            );
            let b = Board::from_diagram(&d).unwrap();
            assert!(matches(&b, pt(&b, "E4")), "{r}");
            assert!(!matches(&b, pt(&b, "E2")));
        }
        // Rotated: the hane on the left side, read top to bottom.
        let b = Board::from_diagram(
            ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . X . . . . . .\n. . O . . . . . .\n. . X . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .",
        )
        .unwrap();
        assert!(matches(&b, pt(&b, "D5")));
    }

    #[test]
    fn empty_surroundings_match_nothing() {
        let b = Board::new(9);
        for p in b.geometry().points() {
            assert!(!matches(&b, p));
        }
    }

    /// `code` with its cells moved by symmetry `t` of the square (bit 2:
    /// swap x and y, bit 0: mirror x, bit 1: mirror y).
    fn transform(code: u32, t: usize) -> u32 {
        let mut out = 0;
        for (i, &(dx, dy)) in CELLS.iter().enumerate() {
            let (x, y) = if t & 4 != 0 { (dy, dx) } else { (dx, dy) };
            let x = if t & 1 != 0 { -x } else { x };
            let y = if t & 2 != 0 { -y } else { y };
            let j = CELLS.iter().position(|&c| c == (x, y)).unwrap();
            out |= ((code >> (2 * i)) & 3) << (2 * j);
        }
        out
    }

    #[test]
    fn table_is_symmetric_under_rotation_reflection_and_colour_swap() {
        let mut matched = 0;
        for code in 0..(1u32 << 16) {
            let m = code_matches(code);
            matched += m as u32;
            for t in 1..8 {
                assert_eq!(code_matches(transform(code, t)), m, "code {code:#06x} t{t}");
            }
            // Black and white exchanged: 01 <-> 10 in every cell.
            let swapped = ((code >> 1) & 0x5555) | ((code & 0x5555) << 1);
            assert_eq!(code_matches(swapped), m, "code {code:#06x} colours");
        }
        assert!(matched > 0);
    }
}
