//! The features of a candidate move, in the manner of Coulom's "Computing
//! Elo Ratings of Move Patterns in the Game of Go" (2007): one value in
//! each group, 0 when the feature is absent.

use super::spatial::{self, MAX_D, MIN_D};
use crate::board::Board;
use crate::tactics::ladder::escape_fails;
use crate::tactics::{capture_size, libs_after, libs_after_at_least, self_atari_size};
use crate::types::{Color, Move, Point, Stone};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The feature groups. The largest known spatial pattern around the move
/// (its number + 1, 0 when none is known).
pub const SPATIAL: usize = 0;
/// The 3x3 pattern with its stones in atari marked (its number in the
/// 3x3 table + 1).
pub const PAT3: usize = 1;
/// 1: captures one stone, 2: more, 3: a capture that saves an own chain
/// in atari.
pub const CAPTURE: usize = 2;
/// 1: an atari that a working ladder follows up, 2: another atari.
pub const ATARI: usize = 3;
/// Extending an own chain in atari to two liberties or more: 1, or 2 when
/// it runs into a working ladder.
pub const ESCAPE: usize = 4;
/// 1: a one-stone self-atari, 2: a self-atari of more stones.
pub const SELF_ATARI: usize = 5;
/// The line from the nearest edge, 1 to 5 (5: the fifth or higher).
pub const LINE: usize = 6;
/// Gridcular distance to the last move (2 to 17, 17: that far or more),
/// and to the move before it.
pub const DIST_LAST: usize = 7;
pub const DIST_LAST2: usize = 8;
/// For a move that joins own stones: 1 + its chain's liberties after the
/// move, captures aside (1 to 4: three or more).
pub const OWN_LIBS: usize = 9;
/// For a move next to enemy stones: the fewest liberties of an enemy
/// chain it touches (1 to 4: four or more).
pub const ENEMY_LIBS: usize = 10;
/// Number of groups.
pub const GROUPS: usize = 11;
/// Values of each group but the two pattern groups (whose values are
/// pattern numbers).
pub const GROUP_SIZES: [usize; GROUPS] = [0, 0, 4, 3, 3, 3, 6, 18, 18, 5, 5];
/// Whether a group's values are pattern numbers.
pub const fn is_pattern_group(g: usize) -> bool {
    g == SPATIAL || g == PAT3
}
/// Names, for reports.
pub const GROUP_NAMES: [&str; GROUPS] = [
    "spatial",
    "3x3",
    "capture",
    "atari",
    "escape",
    "self-atari",
    "line",
    "distance-last",
    "distance-last2",
    "own-liberties",
    "enemy-liberties",
];

/// A candidate's features: a value in each group.
pub type Features = [u32; GROUPS];

/// What every candidate of one position shares: the last two moves.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    last: Option<(i32, i32)>,
    last2: Option<(i32, i32)>,
}

impl Position {
    pub fn new(board: &Board) -> Position {
        let geo = board.geometry();
        let at = |m: Move| match m {
            Move::Play(p) => {
                let (x, y) = geo.coords(p);
                Some((x as i32, y as i32))
            }
            Move::Pass => None,
        };
        Position {
            last: at(board.last_move()),
            last2: at(board.last_move2()),
        }
    }
}

/// The pattern dictionary: canonical pattern hashes and their numbers.
/// The keys are random already, so they are their own hash.
pub type Dictionary = HashMap<u64, u32, BuildHasherDefault<KeyIsHash>>;

/// A hasher that passes a `u64` key through.
#[derive(Default, Clone, Copy)]
pub struct KeyIsHash(u64);

impl Hasher for KeyIsHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// The features of `c` playing at the legal point `p`. The spatial value
/// is 1 + the number of the largest pattern around `p` found in `dict`
/// (patterns from [`MIN_D`] to `max_d`), or 0; the 3x3 value 1 + the
/// number of its 3x3 pattern in `pat3`, or 0.
pub fn features(
    board: &Board,
    c: Color,
    p: Point,
    pos: &Position,
    dict: &Dictionary,
    pat3: &Dictionary,
    max_d: usize,
) -> Features {
    let mut f = tactical(board, c, p, pos);
    let mut h = [0u64; MAX_D + 1];
    spatial::hashes(board, c, p, max_d, &mut h);
    for d in (MIN_D..=max_d.min(MAX_D)).rev() {
        if let Some(&n) = dict.get(&h[d]) {
            f[SPATIAL] = n + 1;
            break;
        }
    }
    if let Some(&n) = pat3.get(&h[MIN_D]) {
        f[PAT3] = n + 1;
    }
    f
}

/// Every group's value but the spatial one.
pub fn tactical(board: &Board, c: Color, p: Point, pos: &Position) -> Features {
    let mut f = [0u32; GROUPS];
    let own = c.stone();
    let enemy = (!c).stone();
    let nbrs = board.neighbours(p);

    let captured = capture_size(board, c, p);
    if captured > 0 {
        let saves = nbrs.iter().any(|&q| {
            board.stone(q) == enemy && board.libs(q) == 1 && touches_own_atari(board, q, own)
        });
        f[CAPTURE] = if saves {
            3
        } else if captured > 1 {
            2
        } else {
            1
        };
    }

    let mut atari = 0;
    let mut escape = 0;
    for &q in &nbrs {
        let s = board.stone(q);
        if s == enemy && board.libs(q) == 2 && atari != 1 {
            atari = if ladder_after(board, c, p, q) { 1 } else { 2 };
        } else if s == own
            && board.libs(q) == 1
            && escape != 2
            && libs_after_at_least(board, c, p, 2)
        {
            escape = if escape_fails(board, q, c) { 2 } else { 1 };
        }
    }
    f[ATARI] = atari;
    f[ESCAPE] = escape;

    f[SELF_ATARI] = match self_atari_size(board, c, p) {
        0 => 0,
        1 => 1,
        _ => 2,
    };

    let geo = board.geometry();
    let (x, y) = geo.coords(p);
    let n = geo.size;
    f[LINE] = (1 + x.min(y).min(n - 1 - x).min(n - 1 - y)).min(5) as u32;
    let dist = |m: Option<(i32, i32)>| match m {
        Some((lx, ly)) => spatial::distance(x as i32 - lx, y as i32 - ly).clamp(2, 17) as u32,
        None => 0,
    };
    f[DIST_LAST] = dist(pos.last);
    f[DIST_LAST2] = dist(pos.last2);
    if nbrs.iter().any(|&q| board.stone(q) == own) {
        f[OWN_LIBS] = 1 + libs_after(board, c, p).min(3) as u32;
    }
    f[ENEMY_LIBS] = nbrs
        .iter()
        .filter(|&&q| board.stone(q) == enemy)
        .map(|&q| board.libs(q).min(4))
        .min()
        .unwrap_or(0);
    f
}

/// Whether the enemy chain at `q` touches an own chain in atari.
fn touches_own_atari(board: &Board, q: Point, own: Stone) -> bool {
    let mut found = false;
    board.for_each_stone(q, |s| {
        for r in board.neighbours(s) {
            if board.stone(r) == own && board.libs(r) == 1 {
                found = true;
            }
        }
    });
    found
}

/// Whether `c` at `p` ataris the enemy chain at `q` (two liberties now)
/// and a working ladder then catches it.
fn ladder_after(board: &Board, c: Color, p: Point, q: Point) -> bool {
    let mut b = board.clone();
    if b.try_play(c, Move::Play(p)).is_err() {
        return false;
    }
    b.stone(q) == (!c).stone() && b.libs(q) == 1 && escape_fails(&b, q, !c)
}
