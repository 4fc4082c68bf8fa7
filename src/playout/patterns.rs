//! 3x3 shape patterns: MoGo's hand-made set as michi, Pachi and Fuego
//! use it (hane, magari, thin hane, diagonal attachment, cuts, keima cut,
//! edge shapes), weighted as in Pachi 11 (0.11 for the weakest side move
//! to 0.82 for the keima cut).
//!
//! A neighbourhood is the 16-bit code of [`Board::neighbourhood`]: two
//! bits per neighbour. All rotations, reflections and both colour
//! assignments of every pattern are expanded once into a table of 65,536
//! weights, so matching a point is one lookup. Where several patterns
//! match, the table keeps the largest weight.

use crate::board::Board;
use crate::types::Point;
use std::sync::OnceLock;

/// A pattern: three rows of three symbols, top row first, the move in the
/// middle (always `.`). `X` and `O` are the two colours (either way
/// round), `.` empty, `#` off the board, `?` anything, `x` empty or `O`,
/// `o` empty or `X`.
pub struct Pattern {
    pub name: &'static str,
    pub rows: [&'static str; 3],
    /// Relative weight, in hundredths (Pachi 11's probabilities).
    pub weight: u8,
}

/// The patterns, with their weights.
pub const PATTERNS: &[Pattern] = &[
    pat("enclosing hane", ["XOX", "...", "???"], 52),
    pat("non-cutting hane", ["XO.", "...", "?.?"], 53),
    pat("magari", ["XO?", "X..", "x.?"], 32),
    pat("thin hane", ["XOO", "...", "?.?"], 22),
    pat("diagonal attachment", [".O.", "X..", "..."], 37),
    pat("unprotected cut", ["XO?", "O.o", "?o?"], 28),
    pat("peeped cut", ["XO?", "O.X", "???"], 21),
    pat("cut (de)", ["?X?", "O.O", "ooo"], 19),
    pat("keima cut", ["OX?", "o.O", "?o?"], 82),
    pat("edge chase", ["X.?", "O.?", "##?"], 12),
    pat("edge block side cut", ["OX?", "X.O", "###"], 20),
    pat("edge block connection", ["?X?", "x.O", "###"], 11),
    pat("edge sagari", ["?XO", "x.x", "###"], 16),
    pat("edge cut", ["?OX", "X.O", "###"], 57),
    pat("edge make eye", ["?X.", "O.X", "###"], 44),
];

const fn pat(name: &'static str, rows: [&'static str; 3], weight: u8) -> Pattern {
    Pattern { name, rows, weight }
}

/// The eight neighbours as (dx, dy) offsets, in code order (NW, N, NE, W,
/// E, SW, S, SE; y grows upwards).
const OFFSETS: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn slot(dx: i32, dy: i32) -> usize {
    OFFSETS
        .iter()
        .position(|&o| o == (dx, dy))
        .unwrap_or_default()
}

/// The 8 symmetries of the square, as maps of (dx, dy).
fn transform(t: usize, (x, y): (i32, i32)) -> (i32, i32) {
    let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
    let x = if t & 1 != 0 { -x } else { x };
    let y = if t & 2 != 0 { -y } else { y };
    (x, y)
}

/// A code with every neighbour moved by symmetry `t` (0..8).
pub fn transform_code(code: u16, t: usize) -> u16 {
    let mut out = 0u16;
    for (k, &o) in OFFSETS.iter().enumerate() {
        let v = (code >> (2 * k)) & 3;
        out |= v << (2 * slot_of(transform(t, o)));
    }
    out
}

fn slot_of(o: (i32, i32)) -> usize {
    slot(o.0, o.1)
}

/// A code with black and white exchanged.
pub fn swap_colours(code: u16) -> u16 {
    // 01 <-> 10 in every field; 00 and 11 stay.
    ((code >> 1) & 0x5555) | ((code & 0x5555) << 1)
}

/// Stone values a symbol allows, as a 4-bit set over 0 empty, 1 first
/// colour ("X"), 2 second colour ("O"), 3 edge.
fn allowed(sym: u8, x: u16, o: u16) -> u16 {
    match sym {
        b'.' => 1,
        b'#' => 1 << 3,
        b'?' => 0xF,
        b'X' => 1 << x,
        b'O' => 1 << o,
        b'x' => 1 | 1 << o,
        b'o' => 1 | 1 << x,
        _ => 0,
    }
}

fn build_table() -> [u8; 1 << 16] {
    let mut table = [0u8; 1 << 16];
    for p in PATTERNS {
        let cells: Vec<u8> = p.rows.iter().flat_map(|r| r.bytes()).collect();
        for t in 0..8 {
            for (x, o) in [(1u16, 2u16), (2, 1)] {
                // Allowed values for each code slot.
                let mut sets = [0u16; 8];
                for (i, &sym) in cells.iter().enumerate() {
                    if i == 4 {
                        continue;
                    }
                    let (dx, dy) = ((i % 3) as i32 - 1, 1 - (i / 3) as i32);
                    sets[slot_of(transform(t, (dx, dy)))] = allowed(sym, x, o);
                }
                expand(&sets, 0, 0, p.weight, &mut table);
            }
        }
    }
    table
}

fn expand(sets: &[u16; 8], k: usize, code: u16, w: u8, table: &mut [u8; 1 << 16]) {
    if k == 8 {
        let e = &mut table[code as usize];
        *e = (*e).max(w);
        return;
    }
    for v in 0..4u16 {
        if sets[k] & (1 << v) != 0 {
            expand(sets, k + 1, code | v << (2 * k), w, table);
        }
    }
}

/// The pattern tables: weights by code, and a bitmap of the codes that
/// match anything.
pub struct Tables {
    /// Weight of each code in hundredths; 0 for no pattern.
    pub weights: [u8; 1 << 16],
    /// One bit per code: set when its weight is not 0. At 8 KB it stays
    /// in the L1 cache, where the 64 KB of weights do not: most lookups
    /// miss, and they are answered here (measured: the pattern rule about
    /// a third faster).
    pub matches: [u64; 1 << 10],
}

impl Tables {
    /// The weight of `code` in hundredths, 0 for none.
    #[inline]
    pub fn weight(&self, code: u16) -> u8 {
        let c = code as usize;
        if self.matches[c >> 6] & (1 << (c & 63)) == 0 {
            0
        } else {
            self.weights[c]
        }
    }
}

/// The pattern tables. Built on first use (a few milliseconds), then
/// shared.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let weights = build_table();
        let mut matches = [0u64; 1 << 10];
        for (c, &w) in weights.iter().enumerate() {
            if w > 0 {
                matches[c >> 6] |= 1 << (c & 63);
            }
        }
        Tables { weights, matches }
    })
}

/// The weight table, indexed by neighbourhood code, in hundredths; 0 for
/// no pattern.
pub fn table() -> &'static [u8; 1 << 16] {
    &tables().weights
}

/// The weight (0..1) of the best pattern a move at the empty point `p`
/// matches, for either colour (the patterns are colour-symmetric), or
/// `None` when none matches. Precondition: `p` is an empty point of the
/// board.
pub fn pattern_weight(board: &Board, p: Point) -> Option<f32> {
    let w = tables().weight(board.neighbourhood(p));
    (w > 0).then(|| w as f32 / 100.0)
}

/// The names of the patterns a move at `p` matches (slow; for tests and
/// debugging output).
pub fn matching_patterns(board: &Board, p: Point) -> Vec<&'static str> {
    let code = board.neighbourhood(p);
    PATTERNS
        .iter()
        .filter(|pat| {
            let cells: Vec<u8> = pat.rows.iter().flat_map(|r| r.bytes()).collect();
            (0..8).any(|t| {
                [(1u16, 2u16), (2, 1)].iter().any(|&(x, o)| {
                    cells.iter().enumerate().all(|(i, &sym)| {
                        if i == 4 {
                            return true;
                        }
                        let (dx, dy) = ((i % 3) as i32 - 1, 1 - (i / 3) as i32);
                        let k = slot_of(transform(t, (dx, dy)));
                        allowed(sym, x, o) & (1 << ((code >> (2 * k)) & 3)) != 0
                    })
                })
            })
        })
        .map(|pat| pat.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Move;

    fn at(b: &Board, v: &str) -> Point {
        match b.geometry().parse_move(v) {
            Ok(Move::Play(p)) => p,
            _ => panic!("bad vertex {v}"),
        }
    }

    #[test]
    fn symmetries_are_a_group() {
        for code in [0u16, 0x1234, 0xBEEF, 0x8421] {
            for t in 0..8 {
                // Every symmetry is a bijection on codes.
                let mut seen = std::collections::HashSet::new();
                for c in 0..=255u16 {
                    seen.insert(transform_code(c | code & 0xFF00, t));
                }
                assert_eq!(seen.len(), 256);
            }
            assert_eq!(swap_colours(swap_colours(code)), code);
            assert_eq!(transform_code(code, 0), code);
        }
    }

    #[test]
    fn table_is_symmetric() {
        let t = table();
        for code in 0..=u16::MAX {
            let w = t[code as usize];
            for s in 1..8 {
                assert_eq!(
                    t[transform_code(code, s) as usize],
                    w,
                    "code {code:#06x} t{s}"
                );
            }
            assert_eq!(t[swap_colours(code) as usize], w, "code {code:#06x} swap");
        }
    }

    #[test]
    fn matches_known_shapes() {
        // Hane: black stone at C3, white at D3 (right), black to play D2
        // under it: "XO? / ..." seen from D2 rotated.
        let b = Board::from_diagram(
            ". . . . .
             . . . . .
             . . X O .
             . . . . .
             . . . . .",
        )
        .unwrap();
        // D2: NW is C3 (X), N is D3 (O), rest empty -> non-cutting hane.
        assert!(pattern_weight(&b, at(&b, "D2")).is_some());
        assert!(matching_patterns(&b, at(&b, "D2")).contains(&"non-cutting hane"));
        // Far away: nothing.
        assert_eq!(pattern_weight(&b, at(&b, "A5")), None);
        // Keima cut: O X / . O  with the cut point between.
        let b = Board::from_diagram(
            ". . . . .
             . O X . .
             . . . O .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(matching_patterns(&b, at(&b, "C3")).contains(&"keima cut"));
        assert_eq!(pattern_weight(&b, at(&b, "C3")), Some(0.82));
        // Edge cut on the first line: ? O X / X . O / ###.
        let b = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             . . O X .
             . X . O .",
        )
        .unwrap();
        assert!(matching_patterns(&b, at(&b, "C1")).contains(&"edge cut"));
    }

    #[test]
    fn table_agrees_with_slow_matcher() {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(3);
        let t = table();
        for _ in 0..200 {
            let mut b = Board::new(7);
            let geo = b.geometry();
            for _ in 0..rng.gen_range(0..30) {
                let p = geo.point(rng.gen_range(0..7), rng.gen_range(0..7));
                let c = if rng.gen_bool(0.5) {
                    crate::types::Color::Black
                } else {
                    crate::types::Color::White
                };
                let _ = b.try_play(c, Move::Play(p));
            }
            for &q in b.empty_points() {
                let q = Point(q);
                let names = matching_patterns(&b, q);
                let best = PATTERNS
                    .iter()
                    .filter(|p| names.contains(&p.name))
                    .map(|p| p.weight)
                    .max()
                    .unwrap_or(0);
                assert_eq!(t[b.neighbourhood(q) as usize], best);
                assert_eq!(tables().weight(b.neighbourhood(q)), best);
            }
        }
    }
}
