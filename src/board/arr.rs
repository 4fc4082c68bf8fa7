//! Per-point arrays of the board whose indexing skips the bounds check.
//!
//! The board indexes these arrays only with
//! - points that passed [`super::Board::guard`] (public entry points that
//!   look around a caller's point), and their eight neighbours, which the
//!   guard keeps inside the arrays;
//! - values read from the board's own `head`, `next` and `empty` arrays,
//!   which only ever hold on-board points (or 0, a valid index);
//! - loops over the geometry's own points.
//!
//! Public accessors that read one caller-given point without looking
//! around it use the checked [`PointArray::get`] instead.
//!
//! Why no safe call sequence breaks the invariant: the board changes only
//! through [`super::Board::play_inlined`] (behind `play_unchecked`,
//! `try_play` and `place_setup`) and whole-board copies. A move is
//! guarded and refused with a panic, before anything changes, on an
//! occupied point, the one illegal move that would corrupt the chain and
//! empty lists; every other move, a suicide or a ko retaken included,
//! keeps the chains, liberty counts and lists consistent (a suicided chain
//! simply stays with no liberties). `board::tests` plays hostile sequences
//! and checks the structure after each move.
//!
//! The alternative without `unsafe`, indices clamped or masked into the
//! array, was measured: light playouts 18-20% slower, heavy 3-5% (medians
//! of five runs each, `taskset -c 1 kosumi bench --light|--heavy --size
//! 9|19 --seconds 2`, 2026-12-02), so the unchecked reads stay.

use crate::types::MAX_POINTS;

/// A fixed array with one entry per point of the largest padded board.
#[derive(Clone, Copy)]
pub(super) struct PointArray<T: Copy>(pub(super) [T; MAX_POINTS]);

impl<T: Copy> PointArray<T> {
    /// Bounds-checked read, for indices that come from outside the board.
    #[inline]
    pub(super) fn get(&self, i: usize) -> T {
        self.0[i]
    }
}

impl<T: Copy> std::ops::Index<usize> for PointArray<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < MAX_POINTS);
        // SAFETY: the board's indexing invariant (module doc): every index
        // is a guarded point, a neighbour of one, or a value of the board's
        // own point arrays, all below MAX_POINTS; no safe call sequence breaks
        // it (module doc). Gain: 18-20% on light playouts (module doc).
        unsafe { self.0.get_unchecked(i) }
    }
}

impl<T: Copy> std::ops::IndexMut<usize> for PointArray<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < MAX_POINTS);
        // SAFETY: as for `index`.
        unsafe { self.0.get_unchecked_mut(i) }
    }
}
