//! Tactics: local questions about a move or a chain that every layer
//! above asks the same way. The heavy playouts ask them at every move,
//! the priors at every node expansion, the end-of-game judgement on the
//! final position; each question has one implementation here.
//!
//! - liberties after a move ([`libs_after`], [`libs_after_at_least`]):
//!   the empty neighbours of the move and the liberties of the own chains
//!   it joins. Points a capture would free are never counted here; the
//!   callers that care ask [`capture_size`] or [`capturing_neighbours`]
//!   beside it.
//! - captures and rescues ([`capture_size`], [`rescue_size`]), self-atari
//!   ([`self_atari_size`]), the ways out of atari ([`chain_escapes`]) and
//!   the enemy chains in atari around a chain
//!   ([`for_each_capturable_neighbour`]), the counter-ataris of a race
//!   ([`for_each_counter_atari`], [`starts_race`]);
//! - [`ladder`]: the one ladder reader;
//! - [`capture`]: a small depth-first capture reader (nets, approach
//!   moves) for chains of few liberties, for the last phase; with the
//!   ladder reader it answers GTP's `attack` and `defend`
//!   ([`capturing_move`], [`saving_move`]);
//! - [`nakade`]: the vital point of a small eye space;
//! - [`life`]: whether an enclosed group dies when attacked first, and
//!   the moves that keep it alive, for the last phase;
//! - [`seki`]: reading of two-liberty standoffs (seki and the sacrifices
//!   that break them), for the end-of-game judgement.
//!
//! Nothing here allocates but the ladder, seki and capture readers, which
//! copy the board.

pub mod capture;
pub mod ladder;
pub mod life;
pub mod nakade;
pub mod seki;

use crate::board::Board;
use crate::types::{Color, Move, Point, Stone};

/// Total stones of the distinct chains of `stone` next to `p` whose
/// liberty count passes `libs_ok`.
#[inline]
fn neighbour_chain_stones(
    board: &Board,
    p: Point,
    stone: Stone,
    libs_ok: impl Fn(u32) -> bool,
) -> u32 {
    let mut heads = [Point::NONE; 4];
    let mut n = 0;
    let mut total = 0;
    for q in board.neighbours(p) {
        if board.stone(q) == stone && libs_ok(board.libs(q)) {
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

/// Stones of `!c` that `c` captures by playing at `p`.
#[inline]
pub fn capture_size(board: &Board, c: Color, p: Point) -> u32 {
    neighbour_chain_stones(board, p, (!c).stone(), |l| l == 1)
}

/// Liberties the chain of `c` would have after playing at `p`, counted up
/// to 4, not counting points freed by captures.
pub fn libs_after(board: &Board, c: Color, p: Point) -> usize {
    libs_after_capped(board, c, p, 4)
}

/// Whether the chain of `c` would have at least `k` liberties (k <= 4)
/// after playing at `p`, not counting points freed by captures: the same
/// answer as `libs_after(..) >= k`, often without walking a chain.
#[inline]
pub fn libs_after_at_least(board: &Board, c: Color, p: Point, k: usize) -> bool {
    libs_after_capped(board, c, p, k) >= k
}

/// [`libs_after`] counted up to `cap` (at most 4).
fn libs_after_capped(board: &Board, c: Color, p: Point, cap: usize) -> usize {
    let own = c.stone();
    // Bounds that need no walk: the empty neighbours are liberties, and an
    // own neighbour chain keeps all its liberties but `p`.
    if board.neighbour_count(p, Stone::Empty) as usize >= cap {
        return cap;
    }
    for q in board.neighbours(p) {
        if board.stone(q) == own && board.libs(q) as usize > cap {
            return cap;
        }
    }
    let mut libs = [Point::NONE; 4];
    let mut n = 0;
    for q in board.neighbours(p) {
        match board.stone(q) {
            Stone::Empty => push_lib(&mut libs, &mut n, q, p),
            s if s == own => {
                let mut buf = [Point::NONE; 5];
                let k = board.chain_liberties(q, &mut buf[..=cap]);
                for &l in &buf[..k] {
                    push_lib(&mut libs, &mut n, l, p);
                }
            }
            _ => {}
        }
        if n >= cap {
            return cap;
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
    let total = neighbour_chain_stones(board, p, c.stone(), |l| l == 1);
    if total == 0 {
        return 0;
    }
    if capture_size(board, c, p) > 0 || libs_after_at_least(board, c, p, 2) {
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
    if capture_size(board, c, p) > 0 || libs_after_at_least(board, c, p, 2) {
        return 0;
    }
    1 + neighbour_chain_stones(board, p, c.stone(), |_| true)
}

/// Neighbours of `p` that hold a stone of the opponent of `c` in atari:
/// each is a point that `c` playing at `p` frees by capturing.
#[inline]
pub fn capturing_neighbours(board: &Board, c: Color, p: Point) -> u32 {
    let enemy = (!c).stone();
    board
        .neighbours(p)
        .iter()
        .filter(|&&q| board.stone(q) == enemy && board.libs(q) == 1)
        .count() as u32
}

/// Calls `f(point, captures)` for the saving moves of the chain at `chain`
/// (in atari): the liberties of neighbouring enemy chains in atari
/// (`captures` true), then the extension on its own liberty when that
/// leaves two liberties or more, counting a point the extension frees by
/// capturing as one. Points may repeat. Precondition: `chain` holds a
/// stone in atari.
pub fn chain_escapes(board: &Board, chain: Point, mut f: impl FnMut(Point, bool)) {
    let Some(c) = board.stone(chain).color() else {
        return;
    };
    for_each_capturable_neighbour(board, chain, |lib| {
        if board.is_legal(c, lib) {
            f(lib, true)
        }
    });
    let lib = board.atari_liberty(chain);
    if board.is_legal(c, lib)
        && libs_after_capped(board, c, lib, 2) as u32 + capturing_neighbours(board, c, lib) >= 2
    {
        f(lib, false);
    }
}

/// Calls `f(stone)` with a stone of each enemy chain of exactly `libs`
/// liberties next to the chain at `chain` (a chain may be reported more
/// than once).
pub fn for_each_neighbour_with_libs(board: &Board, chain: Point, libs: u32, f: impl FnMut(Point)) {
    for_each_neighbour_with_libs_in(board, chain, libs..=libs, f);
}

/// [`for_each_neighbour_with_libs`] for a range of liberty counts: one
/// walk of the chain.
fn for_each_neighbour_with_libs_in(
    board: &Board,
    chain: Point,
    libs: std::ops::RangeInclusive<u32>,
    mut f: impl FnMut(Point),
) {
    let Some(c) = board.stone(chain).color() else {
        return;
    };
    let enemy = (!c).stone();
    board.for_each_stone(chain, |s| {
        // Most stones of a long chain touch no enemy: one test skips them.
        if board.neighbour_count(s, enemy) == 0 {
            return;
        }
        for q in board.neighbours(s) {
            if board.stone(q) == enemy && libs.contains(&board.libs(q)) {
                f(q);
            }
        }
    });
}

/// Calls `f(liberty)` for each enemy chain in atari next to the chain at
/// `chain` (a chain may be reported more than once).
pub fn for_each_capturable_neighbour(board: &Board, chain: Point, mut f: impl FnMut(Point)) {
    for_each_neighbour_with_libs(board, chain, 1, |q| f(board.atari_liberty(q)));
}

/// Whether an enemy chain next to the chain at `chain` is in atari: the
/// chain can capture it and gain liberties.
pub fn has_capturable_neighbour(board: &Board, chain: Point) -> bool {
    let mut found = false;
    for_each_capturable_neighbour(board, chain, |_| found = true);
    found
}

/// Whether `c`'s atari at `l` on an enemy chain of two liberties, `l` and
/// `other`, holds: `c` keeps two liberties or more there, and the chain
/// cannot run out at `other` to three liberties (Pachi's miai test, read
/// as the escape). The chain extending at `other` counts `l` among its
/// liberties: four there is three once `l` is taken.
#[inline]
pub fn atari_holds(board: &Board, c: Color, l: Point, other: Point) -> bool {
    libs_after_at_least(board, c, l, 2) && !libs_after_at_least(board, !c, other, 4)
}

/// Calls `f(point)` for the counter-attacks of `c`'s chain at `chain`
/// (short of liberties): the capture of each enemy neighbour in atari,
/// and each atari on an enemy neighbour of two liberties that
/// [`atari_holds`] (Pachi's `group_2lib_check` for the defender). In a
/// capturing race these, not an extension, are what wins; an atari the
/// chain runs from only strengthens it (without the escape test, the
/// playout rule lost 2/10 in 19x19 self-play). Points may repeat.
pub fn for_each_counter_atari(board: &Board, c: Color, chain: Point, mut f: impl FnMut(Point)) {
    let enemy = (!c).stone();
    board.for_each_stone(chain, |s| {
        if board.neighbour_count(s, enemy) == 0 {
            return;
        }
        for q in board.neighbours(s) {
            if board.stone(q) != enemy {
                continue;
            }
            match board.libs(q) {
                1 => f(board.atari_liberty(q)),
                2 => {
                    let mut libs = [Point::NONE; 2];
                    board.chain_liberties(q, &mut libs);
                    for (l, other) in [(libs[0], libs[1]), (libs[1], libs[0])] {
                        if atari_holds(board, c, l, other) {
                            f(l);
                        }
                    }
                }
                _ => {}
            }
        }
    });
}

/// Whether `c` at `p` is the atari that starts or wins a capturing race:
/// an atari that [`atari_holds`] on an enemy chain of two liberties next
/// to an own chain of two or three.
pub fn starts_race(board: &Board, c: Color, p: Point) -> bool {
    let enemy = (!c).stone();
    board.neighbours(p).into_iter().any(|q| {
        if board.stone(q) != enemy || board.libs(q) != 2 {
            return false;
        }
        let mut libs = [Point::NONE; 2];
        board.chain_liberties(q, &mut libs);
        let other = if libs[0] == p { libs[1] } else { libs[0] };
        if !atari_holds(board, c, p, other) {
            return false;
        }
        has_neighbour_with_libs(board, q, 2..=3)
    })
}

/// Whether an enemy chain with a liberty count in `libs` touches the
/// chain at `chain`.
fn has_neighbour_with_libs(
    board: &Board,
    chain: Point,
    libs: std::ops::RangeInclusive<u32>,
) -> bool {
    let mut found = false;
    for_each_neighbour_with_libs_in(board, chain, libs, |_| found = true);
    found
}

/// The move that captures the chain at `target` with the attacker to
/// move, if one is found (GTP's `attack`): a ladder on a chain of two
/// liberties, else the [`capture`] reader within `budget` nodes (a chain
/// in atari is taken at its liberty; one of four liberties or more
/// counts as safe). No ko results: a capture that needs a ko is none.
pub fn capturing_move(board: &Board, target: Point, budget: u32) -> Option<Point> {
    let att = !board.stone(target).color()?;
    if board.libs(target) == 2 {
        let mut l = [Point::NONE; 2];
        board.chain_liberties(target, &mut l);
        if let Some(&q) = l
            .iter()
            .find(|&&q| ladder::ladder_capture_size(board, att, q) > 0)
        {
            return Some(q);
        }
    }
    capture::attack(board, target, budget)
}

/// How the owner saves the chain at `target`, moving first (GTP's
/// `defend`): `Some(Move::Pass)` when [`capturing_move`] finds no capture,
/// a move after which it finds none, or `None` when every defence tried
/// loses the chain. The [`capture`] reader's defence comes first; where a
/// ladder takes the chain after it, every liberty and every capture of a
/// neighbour in atari is tried.
pub fn saving_move(board: &Board, target: Point, budget: u32) -> Option<Move> {
    let owner = board.stone(target).color()?;
    if capturing_move(board, target, budget).is_none() {
        return Some(Move::Pass);
    }
    let saves = |q: Point| {
        if !board.is_legal(owner, q) {
            return false;
        }
        let mut b = board.clone();
        b.play_unchecked(owner, Move::Play(q));
        b.stone(target) == owner.stone() && capturing_move(&b, target, budget).is_none()
    };
    capture::defend(board, target, budget)
        .filter(|&q| q != Point::NONE && saves(q))
        .or_else(|| {
            let mut tries: Vec<Point> = Vec::new();
            let mut l = [Point::NONE; 4];
            let n = board.chain_liberties(target, &mut l);
            tries.extend_from_slice(&l[..n]);
            for_each_capturable_neighbour(board, target, |q| tries.push(q));
            tries.into_iter().find(|&q| saves(q))
        })
        .map(Move::Play)
}

#[cfg(test)]
pub(crate) mod tests;
