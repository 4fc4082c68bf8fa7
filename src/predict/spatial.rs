//! Spatial patterns: the stones around a point out to a distance, hashed
//! the same under the eight symmetries of the board and relative to the
//! mover (own and enemy stones, not black and white), as Pachi's and
//! Coulom's large patterns.
//!
//! Distance is Pachi's "gridcular" metric, d = |dx| + |dy| + max(|dx|,
//! |dy|): d 2 is the four neighbours, d 3 the 3x3 square, d 10 about a
//! seven-point-wide diamond. The pattern of size d holds every point at
//! distance at most d; each point is empty, own, enemy or off the board,
//! and within the 3x3 square a stone in atari is told apart.

use crate::board::Board;
use crate::types::{Color, Point, Stone};
use std::sync::OnceLock;

/// Largest pattern size.
pub const MAX_D: usize = 10;
/// Smallest pattern size kept (the 3x3 square).
pub const MIN_D: usize = 3;

/// States of a point in a pattern.
const STATES: usize = 6;
const EMPTY: usize = 0;
const OWN: usize = 1;
const ENEMY: usize = 2;
const OFF: usize = 3;
const OWN_ATARI: usize = 4;
const ENEMY_ATARI: usize = 5;

struct Tables {
    /// Offsets by distance, then by a fixed order.
    offsets: Vec<(i32, i32)>,
    /// `ends[d]`: how many offsets have distance at most d.
    ends: [usize; MAX_D + 1],
    /// `zobrist[k][state][s]`: the key of offset `k` seen through symmetry
    /// `s` (the key of the offset it maps to); the eight symmetries side by
    /// side, so that one point updates the eight hashes in one vector step.
    zobrist: Vec<[[u64; 8]; STATES]>,
    /// A key per pattern size, so that sizes never collide.
    size_key: [u64; MAX_D + 1],
}

/// Gridcular distance of an offset.
pub fn distance(dx: i32, dy: i32) -> usize {
    let (ax, ay) = (dx.unsigned_abs() as usize, dy.unsigned_abs() as usize);
    ax + ay + ax.max(ay)
}

/// The eight symmetries of the square.
pub(super) fn transform(s: usize, (x, y): (i32, i32)) -> (i32, i32) {
    let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
    let x = if s & 1 != 0 { -x } else { x };
    let y = if s & 2 != 0 { -y } else { y };
    (x, y)
}

/// SplitMix64: fixed keys, the same in every build, so a model file stays
/// valid.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let r = MAX_D as i32;
        let mut offsets = Vec::new();
        for d in 1..=MAX_D {
            for dy in -r..=r {
                for dx in -r..=r {
                    if distance(dx, dy) == d {
                        offsets.push((dx, dy));
                    }
                }
            }
        }
        let mut ends = [0; MAX_D + 1];
        for (d, end) in ends.iter_mut().enumerate() {
            *end = offsets
                .iter()
                .filter(|&&(x, y)| distance(x, y) <= d)
                .count();
        }
        let mut seed = 0x6b6f_7375_6d69_7061;
        let keys: Vec<[u64; STATES]> = offsets
            .iter()
            .map(|_| std::array::from_fn(|_| splitmix(&mut seed)))
            .collect();
        let index = |o: (i32, i32)| offsets.iter().position(|&q| q == o).expect("closed");
        let zobrist = offsets
            .iter()
            .map(|&o| {
                let images: [usize; 8] = std::array::from_fn(|s| index(transform(s, o)));
                std::array::from_fn(|st| std::array::from_fn(|s| keys[images[s]][st]))
            })
            .collect();
        let size_key = std::array::from_fn(|_| splitmix(&mut seed));
        Tables {
            offsets,
            ends,
            zobrist,
            size_key,
        }
    })
}

/// The state of the point at `(x, y)` for `c` to move, `near` when it is
/// inside the 3x3 square.
#[inline]
fn state(board: &Board, c: Color, x: i32, y: i32, near: bool) -> usize {
    let n = board.size() as i32;
    if x < 0 || y < 0 || x >= n || y >= n {
        return OFF;
    }
    let q: Point = board.geometry().point(x as usize, y as usize);
    match board.stone(q) {
        Stone::Empty => EMPTY,
        s => {
            let own = s == c.stone();
            match (own, near && board.libs(q) == 1) {
                (true, false) => OWN,
                (false, false) => ENEMY,
                (true, true) => OWN_ATARI,
                (false, true) => ENEMY_ATARI,
            }
        }
    }
}

/// The canonical hash of the pattern of each size from [`MIN_D`] to
/// `max_d` around `p`, for `c` to move: `out[d]` (entries below
/// `MIN_D` are left alone).
pub fn hashes(board: &Board, c: Color, p: Point, max_d: usize, out: &mut [u64; MAX_D + 1]) {
    let t = tables();
    let max_d = max_d.min(MAX_D);
    let (x, y) = board.geometry().coords(p);
    let (x, y) = (x as i32, y as i32);
    let mut h = [0u64; 8];
    let mut k = 0;
    for (d, slot) in out.iter_mut().enumerate().take(max_d + 1).skip(1) {
        let near = d <= MIN_D;
        let end = t.ends[d];
        for ((dx, dy), keys) in t.offsets[k..end].iter().zip(&t.zobrist[k..end]) {
            let keys = &keys[state(board, c, x + dx, y + dy, near)];
            for (hs, key) in h.iter_mut().zip(keys) {
                *hs ^= key;
            }
        }
        k = end;
        if d >= MIN_D {
            *slot = h.iter().min().copied().unwrap_or(0) ^ t.size_key[d];
        }
    }
}

/// Number of points in the pattern of size `d` (the centre excluded).
pub fn points_within(d: usize) -> usize {
    tables().ends[d.min(MAX_D)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_grow_as_the_metric_says() {
        assert_eq!(points_within(2), 4);
        assert_eq!(points_within(3), 8);
        assert!(points_within(MAX_D) > 60);
    }

    #[test]
    fn the_hash_is_the_same_under_symmetry_and_colour_swap() {
        // Black to move at K10 under its own K11, the enemy at L11; and
        // the same shape reflected, in the other colours: white to move at
        // F6 beside its own E6, the enemy at E5.
        let mut b = Board::new(19);
        let g = b.geometry();
        let v = |s: &str| {
            g.parse_move(s).map(|m| match m {
                crate::types::Move::Play(p) => p,
                _ => unreachable!(),
            })
        };
        assert!(b.place_setup(Color::Black, v("K11").unwrap()));
        assert!(b.place_setup(Color::White, v("L11").unwrap()));
        assert!(b.place_setup(Color::White, v("E6").unwrap()));
        assert!(b.place_setup(Color::Black, v("E5").unwrap()));
        let mut a = [0; MAX_D + 1];
        let mut m = [0; MAX_D + 1];
        hashes(&b, Color::Black, v("K10").unwrap(), MAX_D, &mut a);
        hashes(&b, Color::White, v("F6").unwrap(), MAX_D, &mut m);
        for d in MIN_D..=MAX_D {
            assert_eq!(a[d], m[d], "size {d}");
        }
        // Another point differs.
        hashes(&b, Color::Black, v("L10").unwrap(), MAX_D, &mut m);
        assert_ne!(a[MIN_D], m[MIN_D]);
    }

    #[test]
    fn the_edge_is_part_of_the_pattern() {
        let b = Board::new(9);
        let mut corner = [0; MAX_D + 1];
        let mut centre = [0; MAX_D + 1];
        let mut other_corner = [0; MAX_D + 1];
        hashes(&b, Color::Black, b.at("A1"), MAX_D, &mut corner);
        hashes(&b, Color::Black, b.at("E5"), MAX_D, &mut centre);
        hashes(&b, Color::White, b.at("J9"), MAX_D, &mut other_corner);
        assert_ne!(corner[3], centre[3]);
        assert_eq!(corner, other_corner);
    }
}
