//! Nakade: the vital point of a small eye space. An empty region of three
//! to six points that one colour's stones alone surround makes one eye
//! only when the other colour plays its vital point first: the middle of
//! three in a row or bent, the centre of the pyramid four, of the bulky
//! five and of the cross five, the centre of the rabbity six. The heavy
//! playouts play it after a move beside such a region (a capture that
//! leaves one, or a stone that shrinks one), as Pachi's do; random moves
//! find it too rarely, and groups that are dead look alive.
//!
//! The shape is read from how many region neighbours each point has (the
//! method of Pachi's tactics/nakade.c): the vital point is the one point
//! with the most, when the counts say the shape is a killable one.

use crate::board::Board;
use crate::types::{Color, Point, Stone};

/// Largest eye space read.
const MAX: usize = 6;

/// The vital point of the empty region around `around` (an empty point)
/// when `owner`'s stones alone surround it and it is a killable shape of
/// three to six points; `None` for anything else (a larger or open
/// region, one touching the other colour, two points or less, a straight
/// four or five, a square four, which is one eye already).
pub fn nakade_point(board: &Board, around: Point, owner: Color) -> Option<Point> {
    let mut area = [Point::NONE; MAX];
    let (n, owners) = eye_space(board, around, &mut area)?;
    if owners != [owner == Color::Black, owner == Color::White] {
        return None;
    }
    vital_point(board, &area[..n])
}

/// Whether empty `p` is the vital point of a small eye space of either
/// colour: the killing point of the opponent's or the living point of
/// one's own (for the priors).
pub fn is_vital_point(board: &Board, p: Point) -> bool {
    // Every vital point has two to four empty neighbours in the space and
    // at most one empty diagonal (the fourth point of the bulky five's
    // square, the sixth of the rabbity six): a cheap test that turns away
    // almost every move of an open board before the region is walked.
    let empty = board.neighbour_count(p, Stone::Empty);
    if empty < 2
        || board
            .diagonals(p)
            .iter()
            .filter(|&&q| board.stone(q) == Stone::Empty)
            .count()
            > 1
    {
        return false;
    }
    let mut area = [Point::NONE; MAX];
    match eye_space(board, p, &mut area) {
        Some((n, [b, w])) if b != w => vital_point(board, &area[..n]) == Some(p),
        _ => false,
    }
}

/// The empty region around empty `around` into `area` when it has at most
/// [`MAX`] points: its size, and whether black and white stones touch it.
fn eye_space(board: &Board, around: Point, area: &mut [Point; MAX]) -> Option<(usize, [bool; 2])> {
    let mut n = 1;
    area[0] = around;
    let mut owners = [false; 2];
    let mut i = 0;
    while i < n {
        for q in board.neighbours(area[i]) {
            match board.stone(q) {
                Stone::Empty => {
                    if !area[..n].contains(&q) {
                        if n == MAX {
                            return None;
                        }
                        area[n] = q;
                        n += 1;
                    }
                }
                Stone::Black => owners[0] = true,
                Stone::White => owners[1] = true,
                Stone::Edge => {}
            }
        }
        i += 1;
    }
    Some((n, owners))
}

/// How many points of `area` have 0, 1, .. 4 neighbours in it, and one
/// point with each count.
fn neighbour_counts(board: &Board, area: &[Point]) -> ([usize; 5], [Point; 5]) {
    let mut nbrs = [0usize; MAX];
    for a in 0..area.len() {
        for b in a + 1..area.len() {
            if board.neighbours(area[a]).contains(&area[b]) {
                nbrs[a] += 1;
                nbrs[b] += 1;
            }
        }
    }
    let mut by_count = [0usize; 5];
    let mut point_with = [Point::NONE; 5];
    for (a, &p) in area.iter().enumerate() {
        by_count[nbrs[a]] += 1;
        point_with[nbrs[a]] = p;
    }
    (by_count, point_with)
}

/// The vital point of an eye space of three to six connected points, by
/// its shape; `None` when it has none.
fn vital_point(board: &Board, area: &[Point]) -> Option<Point> {
    let (by_count, point_with) = neighbour_counts(board, area);
    match area.len() {
        // Three in a row or bent: the middle.
        3 => Some(point_with[2]),
        // The pyramid four; a straight or bent four or a square has none.
        4 if by_count[3] == 1 => Some(point_with[3]),
        // The bulky five, the cross five.
        5 if by_count[3] == 1 && by_count[1] == 1 => Some(point_with[3]),
        5 if by_count[4] == 1 => Some(point_with[4]),
        // The rabbity six.
        6 if by_count[4] == 1 && by_count[2] == 3 => Some(point_with[4]),
        _ => None,
    }
}

/// Whether `c` playing at `p`, a self-atari, throws in stones that kill:
/// the new chain has at most six stones, its one liberty lies inside the
/// opponent's eye space (beside the chain and opponent stones only), and
/// once `!c` takes them (its capturing stone on that liberty) their points
/// are an eye space of one eye: three points or fewer, the square four, or
/// a shape with a vital point for `c` to play next. The self-atari rules of the playouts
/// and the priors let such a sacrifice through, as Pachi's do; refusing
/// it leaves groups that are dead looking alive (a pyramid four made by a
/// throw-in in the corner, say).
#[inline(never)]
pub fn sacrifice_kills(board: &Board, c: Color, p: Point) -> bool {
    let mut area = [Point::NONE; MAX];
    let mut n = 1;
    area[0] = p;
    let mut too_big = false;
    for q in board.neighbours(p) {
        if board.stone(q) != c.stone() || area[..n].contains(&q) {
            continue;
        }
        board.for_each_stone(q, |s| {
            if area[..n].contains(&s) {
                return;
            }
            if n == MAX {
                too_big = true;
            } else {
                area[n] = s;
                n += 1;
            }
        });
    }
    if too_big {
        return false;
    }
    let area = &area[..n];
    // The one liberty left must be inside the opponent's eye space: beside
    // nothing but the new chain and opponent stones. A liberty with room
    // around it, or beside another own chain, means the stones could run
    // or connect instead (Pachi's "bad nakade"), and their capture then
    // gives the opponent an eye outside this space.
    let mut lib = None;
    for &s in area {
        for q in board.neighbours(s) {
            if q != p && board.stone(q) == Stone::Empty {
                if lib.is_some_and(|l| l != q) {
                    return false;
                }
                lib = Some(q);
            }
        }
    }
    let Some(lib) = lib else {
        return false;
    };
    if board.neighbours(lib).iter().any(|&q| {
        !area.contains(&q) && matches!(board.stone(q), s if s == Stone::Empty || s == c.stone())
    }) {
        return false;
    }
    match n {
        1..=3 => true,
        4 if neighbour_counts(board, area).0[2] == 4 => true,
        _ => vital_point(board, area).is_some(),
    }
}

/// The killing move after `last`, a stone of `!c` with an empty
/// neighbour: the vital point of the eye space of `!c` beside it, for `c`
/// to play. The empty neighbours of `last` must lie within one step of
/// each other (diagonally at most), or they belong to different regions
/// and no single eye space is in question (Pachi's check).
#[inline(never)]
pub fn nakade_after(board: &Board, c: Color, last: Point) -> Option<Point> {
    let mut first = None;
    for q in board.neighbours(last) {
        if board.stone(q) != Stone::Empty {
            continue;
        }
        match first {
            None => first = Some(q),
            Some(f) => {
                if !board.diagonals(f).contains(&q) && !board.neighbours(f).contains(&q) {
                    return None;
                }
            }
        }
    }
    nakade_point(board, first?, !c)
}
