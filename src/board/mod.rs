//! The board: stones, chains with exact liberty counts, captures, suicide,
//! simple ko and an incremental Zobrist hash. It knows nothing of history,
//! superko, komi or rules: those live in [`crate::game`].
//!
//! Representation (all fixed arrays, no heap, cheap to copy for playouts):
//! - a padded array with one ring of `Edge` points around the board, its
//!   rows [`STRIDE`] points apart for every board size (the stride of
//!   25x25), so that neighbours are offsets known when compiling;
//! - chains as circular next-stone lists with a head per stone; the head
//!   holds the chain's exact liberty count and its size. An empty or edge
//!   point is its own head, so the play code can update "the chain of each
//!   neighbour" without asking first whether there is one;
//! - per point, the number of neighbours of each kind packed in 4-bit
//!   fields, so "all four neighbours are mine or edge" is one shift and add;
//! - the list of empty points with an index map, for O(1) removal and
//!   uniform sampling in playouts.
//!
//! `clone_from` copies only the part of the arrays the board size uses
//! (4.5 KB of 11 KB on 9x9): the way to reset a playout board.
//!
//! Exact liberties rather than libEGo's pseudo-liberties. The heavy policy
//! and the priors ask "is this chain in atari, at two liberties, and where
//! are they" several times a move, and "how many liberties after this
//! move" for every candidate; exact counts answer the first in O(1) and
//! the rest with a walk that stops as soon as it has enough liberties,
//! where pseudo-liberties (count, sum, sum of squares) only tell atari and
//! would need a walk of the whole chain for the rest. Their upkeep is
//! cheaper only where chains merge (no "does this liberty touch the chain
//! already" look), and merges are rare: a light 9x9 playout of 107 moves
//! merges two chains about 23 times, walking 59 stones in all (counted
//! with an instrumented build); the common merge, a new stone joining one
//! chain, costs four loads per empty neighbour and no branch. So
//! pseudo-liberties could gain a little on light playouts and would lose
//! on heavy ones, which are the ones the player uses. The incremental
//! upkeep is Leela Zero's: a new liberty counts only if no stone of the
//! chain already touches it.
//!
//! Speed (profiled with perf and callgrind): light playouts went from
//! 90,000/s to about 213,000/s on 9x9 and from 22,000/s to 46,000/s on
//! 19x19 (one core, shared machine, CPU time), from
//! - neighbour chains sorted into bit masks without branches, merges
//!   that look for new liberties around each stone without branches, liberty
//!   gains on capture without branches (unpredictable branches, not
//!   instructions, bound a random playout);
//! - no store-forwarding stall reading the four neighbour heads;
//! - unchecked array indexing behind a range guard (`arr.rs`, about 9%);
//! - the light move scan over the board's own empty list
//!   ([`Board::scan_legal_non_eye`]), the scoring of a finished board
//!   without branches ([`Board::area_balance`]);
//! - the light playout loop playing each move with its colour a constant
//!   (`playout::run`), so that the colour arithmetic here folds away.

mod arr;
mod diagram;
pub mod zobrist;

use arr::PointArray;

use crate::types::{Color, Geometry, Move, Point, Stone, MAX_POINTS, STRIDE};

/// Why the board refuses a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point holds a stone.
    Occupied,
    /// The move would leave its own chain without liberties and captures
    /// nothing.
    Suicide,
    /// The move retakes a simple ko at once.
    Ko,
    /// The move recreates an earlier whole-board position (game layer).
    Superko,
    /// The point is not on this board.
    OffBoard,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Superko => "superko",
            IllegalMove::OffBoard => "off board",
        })
    }
}

/// A Go position with chains and liberties, incrementally maintained.
pub struct Board {
    geo: Geometry,
    stones: PointArray<Stone>,
    /// Head of the chain of each stone. An empty or edge point is its own
    /// head, so `libs` at it is a scratch slot that the play code may
    /// change blindly (it is never read as a count).
    head: PointArray<u16>,
    /// Next stone in the chain's circular list.
    next: PointArray<u16>,
    /// Liberty count of the chain, valid at heads only.
    libs: PointArray<u16>,
    /// Stone count of the chain, valid at heads only.
    chain_size: PointArray<u16>,
    /// Neighbour counts by kind: 4 bits each for Empty, Black, White, Edge.
    nbr: PointArray<u16>,
    /// Empty points, in no particular order.
    empty: PointArray<u16>,
    /// Index of each empty point in `empty`.
    empty_idx: PointArray<u16>,
    empty_len: usize,
    hash: u64,
    /// Point where the side `ko_color` may not play at once (simple ko).
    ko: Point,
    ko_color: Color,
    /// Stones captured by each colour.
    prisoners: [u32; 2],
    last_move: Move,
    last_move2: Move,
    /// Stones removed by the last move (for the ko rule and playouts).
    last_captured: u16,
}

impl Board {
    /// An empty board of side `size`. Panics unless 1 <= size <= 25.
    pub fn new(size: usize) -> Board {
        let geo = Geometry::new(size);
        let mut b = Board {
            geo,
            stones: PointArray([Stone::Edge; MAX_POINTS]),
            head: PointArray([0; MAX_POINTS]),
            next: PointArray([0; MAX_POINTS]),
            libs: PointArray([0; MAX_POINTS]),
            chain_size: PointArray([0; MAX_POINTS]),
            nbr: PointArray([0; MAX_POINTS]),
            empty: PointArray([0; MAX_POINTS]),
            empty_idx: PointArray([0; MAX_POINTS]),
            empty_len: 0,
            hash: 0,
            ko: Point::NONE,
            ko_color: Color::Black,
            prisoners: [0; 2],
            last_move: Move::Pass,
            last_move2: Move::Pass,
            last_captured: 0,
        };
        for i in 0..MAX_POINTS {
            b.head[i] = i as u16;
        }
        for p in geo.points() {
            b.stones[p.idx()] = Stone::Empty;
            b.empty_idx[p.idx()] = b.empty_len as u16;
            b.empty[b.empty_len] = p.0;
            b.empty_len += 1;
        }
        for p in geo.points() {
            let mut n = 0u16;
            for q in b.neighbours(p) {
                n += 1 << (4 * b.stones[q.idx()] as u16);
            }
            b.nbr[p.idx()] = n;
        }
        b
    }

    /// Side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.geo.size
    }

    /// Geometry (point <-> coordinates <-> text).
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geo
    }

    /// The four orthogonal neighbours of an on-board point (some may be edge).
    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let s = STRIDE as u16;
        [
            Point(p.0 - s),
            Point(p.0 - 1),
            Point(p.0 + 1),
            Point(p.0 + s),
        ]
    }

    /// The four diagonal neighbours of an on-board point.
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let s = STRIDE as u16;
        [
            Point(p.0 - s - 1),
            Point(p.0 - s + 1),
            Point(p.0 + s - 1),
            Point(p.0 + s + 1),
        ]
    }

    /// What is at `p` (`Edge` for the ring and beyond).
    #[inline]
    pub fn stone(&self, p: Point) -> Stone {
        self.stones.0.get(p.idx()).copied().unwrap_or(Stone::Edge)
    }

    /// Number of neighbours of `p` holding `s`.
    #[inline]
    pub fn neighbour_count(&self, p: Point, s: Stone) -> u32 {
        ((self.nbr.get(p.idx()) >> (4 * s as u16)) & 0xF) as u32
    }

    /// Head point of the chain at `p`. Precondition: `p` holds a stone.
    #[inline]
    pub fn chain(&self, p: Point) -> Point {
        Point(self.head.get(p.idx()))
    }

    /// Exact liberty count of the chain at `p`. Precondition: a stone.
    #[inline]
    pub fn libs(&self, p: Point) -> u32 {
        self.libs[self.head.get(p.idx()) as usize] as u32
    }

    /// Number of stones of the chain at `p`. Precondition: a stone.
    #[inline]
    pub fn chain_len(&self, p: Point) -> u32 {
        self.chain_size[self.head.get(p.idx()) as usize] as u32
    }

    /// Calls `f` on every stone of the chain at `p`.
    #[inline]
    pub fn for_each_stone(&self, p: Point, mut f: impl FnMut(Point)) {
        let start = p.0;
        let mut q = start;
        loop {
            f(Point(q));
            q = self.next.get(q as usize);
            if q == start {
                break;
            }
        }
    }

    /// Walks the empty region of the empty point `start` (empty points
    /// joined through empty neighbours), marking its points in `seen`
    /// (indexed by point): calls `visit` with each point of the region,
    /// `start` first and every point before its neighbours, and with each
    /// stone beside it (once per empty neighbour it has in the region).
    /// Stops when `visit` returns false; returns whether the walk finished.
    /// For the end-of-game questions about whole regions, not for playouts.
    pub fn walk_empty_region(
        &self,
        start: Point,
        seen: &mut [bool],
        mut visit: impl FnMut(Point, Stone) -> bool,
    ) -> bool {
        seen[start.idx()] = true;
        if !visit(start, Stone::Empty) {
            return false;
        }
        let mut stack = vec![start];
        while let Some(q) = stack.pop() {
            for r in self.neighbours(q) {
                match self.stone(r) {
                    Stone::Empty if !seen[r.idx()] => {
                        seen[r.idx()] = true;
                        if !visit(r, Stone::Empty) {
                            return false;
                        }
                        stack.push(r);
                    }
                    s @ (Stone::Black | Stone::White) if !visit(r, s) => return false,
                    _ => {}
                }
            }
        }
        true
    }

    /// Empty points whose region (see [`Board::walk_empty_region`])
    /// touches stones of both colours or of none: the points no side has
    /// closed off yet (dame, and the open areas of a game in progress).
    pub fn open_points(&self) -> usize {
        let mut seen = vec![false; crate::types::MAX_POINTS];
        let mut open = 0;
        for p in self.geometry().points() {
            if self.stone(p) != Stone::Empty || seen[p.idx()] {
                continue;
            }
            let (mut size, mut colours) = (0, [false; 2]);
            self.walk_empty_region(p, &mut seen, |_, s| {
                match s {
                    Stone::Empty => size += 1,
                    Stone::Black => colours[0] = true,
                    Stone::White => colours[1] = true,
                    Stone::Edge => {}
                }
                true
            });
            if colours[0] == colours[1] {
                open += size;
            }
        }
        open
    }

    /// Writes up to `out.len()` distinct liberties of the chain at `p` into
    /// `out` and returns how many it wrote. Cheap for the small counts the
    /// playout policy asks for.
    pub fn chain_liberties(&self, p: Point, out: &mut [Point]) -> usize {
        let mut n = 0;
        let want = out.len().min(self.libs(p) as usize);
        if want == 0 {
            return 0;
        }
        self.guard(p);
        let start = p.0;
        let mut q = start;
        loop {
            // Most stones of a big chain touch no liberty: one test skips
            // them.
            if self.nbr[q as usize] & 0xF != 0 {
                for r in self.neighbours(Point(q)) {
                    if self.stones[r.idx()] == Stone::Empty && !out[..n].contains(&r) {
                        out[n] = r;
                        n += 1;
                        if n == want {
                            return n;
                        }
                    }
                }
            }
            q = self.next[q as usize];
            if q == start {
                return n;
            }
        }
    }

    /// The liberty of a chain in atari. Precondition: `libs(p) == 1`.
    pub fn atari_liberty(&self, p: Point) -> Point {
        let mut out = [Point::NONE; 1];
        self.chain_liberties(p, &mut out);
        out[0]
    }

    /// Zobrist hash of the stones (not of ko or side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Hash the position would have after `c` plays at `p`, or `None` if the
    /// move is not legal on this board.
    pub fn hash_after(&self, c: Color, p: Point) -> Option<u64> {
        if !self.is_legal(c, p) {
            return None;
        }
        let mut b = self.clone();
        b.play_unchecked(c, Move::Play(p));
        Some(b.hash)
    }

    /// The empty points, in no particular order.
    #[inline]
    pub fn empty_points(&self) -> &[u16] {
        &self.empty.0[..self.empty_len]
    }

    /// The simple-ko point and the colour barred from it, if any.
    pub fn ko(&self) -> Option<(Point, Color)> {
        (self.ko != Point::NONE).then_some((self.ko, self.ko_color))
    }

    /// Stones captured so far by `c`.
    #[inline]
    pub fn prisoners(&self, c: Color) -> u32 {
        self.prisoners[c.index()]
    }

    /// The last move played (pass on a fresh board).
    #[inline]
    pub fn last_move(&self) -> Move {
        self.last_move
    }

    /// The move before the last.
    #[inline]
    pub fn last_move2(&self) -> Move {
        self.last_move2
    }

    /// Stones captured by the last move.
    #[inline]
    pub fn last_captured(&self) -> u32 {
        self.last_captured as u32
    }

    /// Whether all four neighbours of empty `p` are `c` or edge.
    #[inline]
    pub fn is_eyeish(&self, p: Point, c: Color) -> bool {
        self.neighbour_count(p, c.stone()) + self.neighbour_count(p, Stone::Edge) == 4
    }

    /// A true eye of `c`: eyeish, and fewer than two enemy diagonals, where
    /// an off-board diagonal counts as one. Precondition: `p` on the board.
    #[inline]
    pub fn is_true_eye(&self, p: Point, c: Color) -> bool {
        self.guard(p);
        self.is_eyeish(p, c) && self.eye_diagonals_ok(p, c)
    }

    /// The diagonal half of [`Board::is_true_eye`], without branches.
    /// Precondition: `p` on the board (guarded by the caller).
    #[inline]
    fn eye_diagonals_ok(&self, p: Point, c: Color) -> bool {
        let enemy = (!c).stone() as u8;
        let mut bad = 0u32;
        let mut edge = 0u32;
        for d in self.diagonals(p) {
            let s = self.stones[d.idx()] as u8;
            bad += (s == enemy) as u32;
            edge |= (s == Stone::Edge as u8) as u32;
        }
        bad + edge < 2
    }

    /// The 3x3 neighbourhood of `p` as a 16-bit code: two bits per
    /// neighbour holding its [`Stone`] value (0 empty, 1 black, 2 white,
    /// 3 edge), neighbours in the order NW, N, NE, W, E, SW, S, SE from bit
    /// 0 up ("north" is the next row up, as diagrams show it).
    /// Precondition: `p` on the board.
    #[inline]
    pub fn neighbourhood(&self, p: Point) -> u16 {
        self.guard(p);
        let s = STRIDE;
        let i = p.idx();
        // Four consecutive stones as one little-endian word (the compiler
        // makes it one load); all inside the arrays for a guarded point.
        let word = |j: usize| {
            u32::from_le_bytes([
                self.stones[j] as u8,
                self.stones[j + 1] as u8,
                self.stones[j + 2] as u8,
                self.stones[j + 3] as u8,
            ])
        };
        // Three stones (bytes 0..3 of `x`) packed at two bits each.
        let pack3 = |x: u32| (x & 3) | ((x >> 6) & 0xC) | ((x >> 12) & 0x30);
        let top = word(i + s - 2) >> 8;
        let mid = word(i - 2) >> 8;
        let bottom = word(i - s - 1);
        (pack3(top) | (mid & 3) << 6 | ((mid >> 16) & 3) << 8 | pack3(bottom) << 10) as u16
    }

    /// Area balance of a finished playout board, black minus white: each
    /// stone counts for its colour, each empty point for the colour of all
    /// its neighbours (nothing when mixed). No branches per point.
    pub fn area_balance(&self) -> i32 {
        let mut sum = 0i32;
        self.for_each_area_owner(|_, b, w| sum += b as i32 - w as i32);
        sum
    }

    /// Adds one to `black[i]` for each point `i` that black owns on a
    /// finished playout board, and to `white[i]` for white's (the owners of
    /// [`Board::area_balance`]). No branches per point.
    /// Precondition: both slices cover the point arrays.
    pub fn add_area_owners(&self, black: &mut [u32], white: &mut [u32]) {
        self.for_each_area_owner(|i, b, w| {
            black[i] += b;
            white[i] += w;
        });
    }

    /// Calls `f(index, black, white)` on every point of the board, with
    /// `black`/`white` 1 when that colour owns the point (a stone, or an
    /// empty point whose neighbours are all that colour or edge), else 0.
    #[inline(always)]
    pub fn for_each_area_owner(&self, mut f: impl FnMut(usize, u32, u32)) {
        let geo = self.geo;
        for y in 0..geo.size {
            let row = geo.point(0, y).idx();
            for i in row..row + geo.size {
                let st = self.stones[i] as u8;
                let n = self.nbr[i];
                let empty = st == 0;
                let b = (n & 0x00F0 != 0) & (n & 0x0F00 == 0);
                let w = (n & 0x0F00 != 0) & (n & 0x00F0 == 0);
                f(
                    i,
                    ((st == 1) | empty & b) as u32,
                    ((st == 2) | empty & w) as u32,
                );
            }
        }
    }

    /// Why `c` may not play at `p` on this board, if it may not.
    #[inline]
    pub fn check_move(&self, c: Color, p: Point) -> Result<(), IllegalMove> {
        // Inside the point arrays every point is on the board or an edge:
        // no division needed to tell.
        match self.stones.0.get(p.idx()) {
            None | Some(Stone::Edge) => return Err(IllegalMove::OffBoard),
            Some(Stone::Empty) => {}
            Some(_) => return Err(IllegalMove::Occupied),
        }
        if self.ko == p && self.ko_color == c {
            return Err(IllegalMove::Ko);
        }
        if self.is_suicide(c, p) {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// Whether `c` may play at `p` (empty, not a ko retake, not suicide).
    #[inline]
    pub fn is_legal(&self, c: Color, p: Point) -> bool {
        self.check_move(c, p).is_ok()
    }

    /// Whether a stone of `c` at empty `p` would have no liberties and
    /// capture nothing. Precondition: `p` on the board.
    #[inline]
    pub fn is_suicide(&self, c: Color, p: Point) -> bool {
        self.guard(p);
        self.nbr[p.idx()] & 0xF == 0 && !self.saved_by_neighbours(c, p)
    }

    /// For a point without empty neighbours: whether a stone of `c` there
    /// joins an own chain with another liberty or captures. No branches:
    /// the count read at an edge point is discarded.
    #[inline]
    fn saved_by_neighbours(&self, c: Color, p: Point) -> bool {
        let own = c.stone() as u8;
        let enemy = own ^ 3;
        let mut ok = false;
        for q in self.neighbours(p) {
            let s = self.stones[q.idx()] as u8;
            let l = self.libs[self.head[q.idx()] as usize];
            ok |= (s == own) & (l > 1) | (s == enemy) & (l == 1);
        }
        ok
    }

    /// The first point of the empty list, from index `start` on and
    /// wrapping around, where `c` may play without filling its own true eye
    /// ([`Board::is_legal_non_eye`]); `None` when there is none. With a
    /// uniformly random `start` this is the light playout's move (libEGo's
    /// scheme: the scan favours a point after a run of refused ones a
    /// little, which costs nothing measurable in play). Any `start` is
    /// accepted (taken modulo the list length).
    #[inline]
    pub fn scan_legal_non_eye(&self, c: Color, start: usize) -> Option<Point> {
        // Points of the empty list are on the board: no guard needed.
        self.scan_empty(start, |p| {
            self.nbr[p.idx()] & 0xF != 0 || self.crowded_legal_non_eye(c, p)
        })
    }

    /// The first point of the empty list, from index `start` on and
    /// wrapping around, for which `f` answers true; `None` when there is
    /// none. Any `start` is accepted (taken modulo the list length).
    #[inline]
    pub fn scan_empty(&self, start: usize, mut f: impl FnMut(Point) -> bool) -> Option<Point> {
        let n = self.empty_len;
        if n == 0 {
            return None;
        }
        let start = if start < n { start } else { start % n };
        let mut i = start;
        loop {
            let p = Point(self.empty[i]);
            if f(p) {
                return Some(p);
            }
            i += 1;
            if i == n {
                i = 0;
            }
            if i == start {
                return None;
            }
        }
    }

    /// Whether `c` may play at `p` and `p` is not a true eye of `c`: the
    /// light playout's test. A point with an empty neighbour passes at once
    /// (it can be neither suicide, nor ko, nor an eye). Precondition: `p` is
    /// an empty point of the board.
    #[inline]
    pub fn is_legal_non_eye(&self, c: Color, p: Point) -> bool {
        self.guard(p);
        self.nbr[p.idx()] & 0xF != 0 || self.crowded_legal_non_eye(c, p)
    }

    /// [`Board::is_legal_non_eye`] for an on-board point without empty
    /// neighbours.
    #[inline]
    fn crowded_legal_non_eye(&self, c: Color, p: Point) -> bool {
        let n = self.nbr[p.idx()];
        // Own plus edge neighbours: fields 1 or 2, and 3.
        if ((n >> (4 * c as u16)) & 0xF) + (n >> 12) == 4 && self.eye_diagonals_ok(p, c) {
            return false;
        }
        !(self.ko == p && self.ko_color == c) && self.saved_by_neighbours(c, p)
    }

    /// Panics unless all eight neighbours of `p` lie inside the point
    /// arrays; true of every on-board point. Public functions that look
    /// around a caller's point call it before their unchecked accesses
    /// (see `arr.rs`): one subtraction and one comparison.
    #[inline(always)]
    fn guard(&self, p: Point) {
        let s = STRIDE;
        assert!(
            p.idx().wrapping_sub(s + 1) < s * s - 2 * s - 2,
            "point {} outside the board",
            p.0
        );
    }

    /// Plays `m` for `c` if the board allows it; on refusal nothing changes.
    pub fn try_play(&mut self, c: Color, m: Move) -> Result<(), IllegalMove> {
        if let Move::Play(p) = m {
            self.check_move(c, p)?;
        }
        self.play_unchecked(c, m);
        Ok(())
    }

    /// Plays `m` for `c`. Precondition: `m` is a pass or legal on this board.
    /// An off-board or occupied point panics before the board changes; a
    /// suicide or a move into a simple ko is played as given (the stones
    /// stay, with no liberties or retaking the ko): against the rules, but
    /// the board's chains, liberties and lists stay consistent (see
    /// `arr.rs`).
    ///
    /// Written to keep unpredictable branches few (they, not instructions,
    /// dominate a random playout): the neighbour chains are sorted into
    /// bit masks without branches, and the usual merge, a lone stone joining
    /// one chain, is branch-free too.
    #[inline]
    pub fn play_unchecked(&mut self, c: Color, m: Move) {
        self.play_inlined(c, m);
    }

    /// [`Board::play_unchecked`] inlined into the caller: for the playout
    /// loop, where the call and the reloads after it cost a few percent.
    #[inline(always)]
    pub fn play_inlined(&mut self, c: Color, m: Move) {
        self.last_move2 = self.last_move;
        self.last_move = m;
        self.ko = Point::NONE;
        self.last_captured = 0;
        let p = match m {
            Move::Pass => return,
            Move::Play(p) => p,
        };
        self.guard(p);
        debug_assert!(self.is_legal(c, p), "illegal move played unchecked");
        let pi = p.idx();
        // The one illegal move that would break the chain and empty lists
        // (and with them the indexing invariant of `arr.rs`): checked
        // before anything changes, so a caught panic leaves the board whole.
        assert!(
            self.stones[pi] == Stone::Empty,
            "move on the occupied point {}",
            p.0
        );
        self.remove_empty(p);
        self.put_stone(p, c);
        // Black and white neighbour counts: a lone stone touches no chain.
        if self.nbr[pi] & 0x0FF0 == 0 {
            return;
        }
        // Each distinct neighbouring chain loses the liberty `p`. Empty and
        // edge points are their own heads: their scratch `libs` absorb the
        // decrement (distinct addresses, so no store-to-load chain).
        let nb = self.neighbours(p);
        let h = [
            self.head[nb[0].idx()],
            self.head[nb[1].idx()],
            self.head[nb[2].idx()],
            self.head[nb[3].idx()],
        ];
        let distinct = [
            true,
            h[1] != h[0],
            (h[2] != h[0]) & (h[2] != h[1]),
            (h[3] != h[0]) & (h[3] != h[1]) & (h[3] != h[2]),
        ];
        for i in 0..4 {
            let l = &mut self.libs[h[i] as usize];
            *l = l.wrapping_sub(distinct[i] as u16);
        }
        let own = c.stone() as u8;
        let enemy = own ^ 3;
        let mut friends = 0u32;
        let mut victims = 0u32;
        for i in 0..4 {
            let s = self.stones[nb[i].idx()] as u8;
            friends |= (((s == own) & distinct[i]) as u32) << i;
            victims |= (((s == enemy) & distinct[i] & (self.libs[h[i] as usize] == 0)) as u32) << i;
        }
        if friends != 0 {
            // The first friend takes the lone stone in; more friends merge
            // with the grown chain. Counts are exact at each step.
            let first = friends.trailing_zeros() as usize;
            self.join_lone_stone(p, h[first]);
            let mut rest = friends & (friends - 1);
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let b = self.head[pi];
                self.merge(h[i], b);
            }
        }
        if victims != 0 {
            self.capture(c, p, &nb, &h, victims);
        }
    }

    /// Removes the enemy chains of `victims` (a mask over the neighbours
    /// `nb` of the new stone of `c` at `p`, heads `h`); sets the counts and
    /// the simple ko.
    #[inline(never)]
    fn capture(&mut self, c: Color, p: Point, nb: &[Point; 4], h: &[u16; 4], victims: u32) {
        let mut captured = 0u32;
        let mut capture_point = Point::NONE;
        let mut m = victims;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            captured += self.remove_chain(Point(h[i]), c);
            capture_point = nb[i];
        }
        let pi = p.idx();
        self.last_captured = captured.min(u16::MAX as u32) as u16;
        self.prisoners[c.index()] += captured;
        if captured == 1 && self.head[pi] == p.0 && self.chain_size[pi] == 1 && self.libs[pi] == 1 {
            self.ko = capture_point;
            self.ko_color = !c;
        }
    }

    /// Merges the lone stone at `p` (its own chain of one, counts exact)
    /// into the chain with head `big`: its empty neighbours that do not
    /// touch `big` are new liberties ([`Board::liberties_new_to`]).
    #[inline(always)]
    fn join_lone_stone(&mut self, p: Point, big: u16) {
        let pi = p.idx();
        let new_libs = self.liberties_new_to(p, big);
        let bi = big as usize;
        self.libs[bi] += new_libs;
        self.chain_size[bi] += 1;
        self.head[pi] = big;
        self.next[pi] = self.next[bi];
        self.next[bi] = p.0;
    }

    /// The empty neighbours of stone `p` that no stone of the chain with
    /// head `big` touches (`p` itself not yet in it). The points that can
    /// touch a neighbour of `p` are the four diagonals (each next to two
    /// neighbours) and the four points two steps away: eight head loads,
    /// no branches. A point two steps away is read only past an empty
    /// neighbour (so inside the arrays); past any other, `p`'s own head is
    /// read instead, and discarded.
    #[inline(always)]
    fn liberties_new_to(&self, p: Point, big: u16) -> u16 {
        let s = STRIDE;
        let i = p.idx();
        let empty = |j: usize| self.stones[j] == Stone::Empty;
        let (en, ew, ee, es) = (empty(i - s), empty(i - 1), empty(i + 1), empty(i + s));
        let at = |j: usize| self.head[j] == big;
        let (nw, ne, sw, se) = (at(i - s - 1), at(i - s + 1), at(i + s - 1), at(i + s + 1));
        let n2 = at(if en { i - 2 * s } else { i });
        let w2 = at(if ew { i - 2 } else { i });
        let e2 = at(if ee { i + 2 } else { i });
        let s2 = at(if es { i + 2 * s } else { i });
        (en & !(n2 | nw | ne)) as u16
            + (ew & !(w2 | nw | sw)) as u16
            + (ee & !(e2 | ne | se)) as u16
            + (es & !(s2 | sw | se)) as u16
    }

    /// Puts a stone of `c` on empty `p` as a chain of its own with the
    /// liberties of `p`; updates neighbour counts and the hash. The empty
    /// list and the neighbouring chains are the caller's business.
    #[inline(always)]
    fn put_stone(&mut self, p: Point, c: Color) {
        let pi = p.idx();
        self.stones[pi] = c.stone();
        self.hash ^= zobrist::KEYS[c.index()][pi];
        // Empty -> colour in each neighbour's packed counts.
        let delta = (1u16 << (4 * c as u16)).wrapping_sub(1);
        for q in self.neighbours(p) {
            let n = &mut self.nbr[q.idx()];
            *n = n.wrapping_add(delta);
        }
        self.head[pi] = p.0;
        self.next[pi] = p.0;
        self.chain_size[pi] = 1;
        self.libs[pi] = self.nbr[pi] & 0xF;
    }

    /// Puts a stone of `c` on empty `p`, takes `p` from the liberties of the
    /// neighbouring chains and merges it with its friends. No captures.
    fn add_stone(&mut self, c: Color, p: Point) {
        self.guard(p);
        self.remove_empty(p);
        self.put_stone(p, c);
        let mut seen = [0u16; 4];
        for (i, q) in self.neighbours(p).into_iter().enumerate() {
            let h = self.head[q.idx()];
            seen[i] = h;
            let st = self.stones[q.idx()];
            if !(st == Stone::Black || st == Stone::White) || seen[..i].contains(&h) {
                continue;
            }
            self.libs[h as usize] -= 1;
            if self.stones[q.idx()] == c.stone() {
                let b = self.head[p.idx()];
                self.merge(h, b);
            }
        }
    }

    #[inline(always)]
    fn remove_empty(&mut self, p: Point) {
        let i = self.empty_idx[p.idx()] as usize;
        self.empty_len -= 1;
        let last = self.empty[self.empty_len];
        self.empty[i] = last;
        self.empty_idx[last as usize] = i as u16;
    }

    #[inline(always)]
    fn add_empty(&mut self, p: Point) {
        self.empty[self.empty_len] = p.0;
        self.empty_idx[p.idx()] = self.empty_len as u16;
        self.empty_len += 1;
    }

    /// Merges chains with heads `a` and `b`, the smaller into the larger.
    /// Both liberty counts must be exact; a liberty of the smaller counts as
    /// new unless it touches the larger. The look around each stone has
    /// no branches ([`Board::liberties_new_to`]): 4-5% more light
    /// playouts than one that tested each neighbour in turn (and its
    /// eight shared head loads another 5-6%).
    #[inline]
    fn merge(&mut self, a: u16, b: u16) {
        let (big, small) = if self.chain_size[a as usize] >= self.chain_size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut q = small;
        let mut new_libs = 0;
        loop {
            new_libs += self.liberties_new_to(Point(q), big);
            self.head[q as usize] = big;
            q = self.next[q as usize];
            if q == small {
                break;
            }
        }
        // Counted once each: a liberty shared by several stones of the
        // smaller chain touches the larger one by the time it is seen again.
        self.libs[big as usize] += new_libs;
        self.chain_size[big as usize] += self.chain_size[small as usize];
        let (nb, ns) = (self.next[big as usize], self.next[small as usize]);
        self.next[big as usize] = ns;
        self.next[small as usize] = nb;
    }

    /// Removes the chain with head `h`, captured by `by`; returns its size.
    fn remove_chain(&mut self, h: Point, by: Color) -> u32 {
        let capturer = by.stone();
        let victim = !by;
        // Colour -> empty in each neighbour's packed counts.
        let delta = 1u16.wrapping_sub(1u16 << (4 * victim as u16));
        let mut n = 0;
        let mut q = h.0;
        loop {
            let nq = self.next[q as usize];
            let p = Point(q);
            let pi = p.idx();
            self.stones[pi] = Stone::Empty;
            self.hash ^= zobrist::KEYS[victim.index()][pi];
            self.head[pi] = q;
            self.add_empty(p);
            // Each distinct capturing chain next to the stone gains it as a
            // liberty; no branches (other heads get +0).
            let nb = self.neighbours(p);
            let mut hs = [0u16; 4];
            let mut cap = [false; 4];
            for i in 0..4 {
                let ri = nb[i].idx();
                let v = &mut self.nbr[ri];
                *v = v.wrapping_add(delta);
                hs[i] = self.head[ri];
                cap[i] = self.stones[ri] == capturer;
            }
            let inc = [
                cap[0],
                cap[1] & (hs[1] != hs[0]),
                cap[2] & (hs[2] != hs[0]) & (hs[2] != hs[1]),
                cap[3] & (hs[3] != hs[0]) & (hs[3] != hs[1]) & (hs[3] != hs[2]),
            ];
            for i in 0..4 {
                let l = &mut self.libs[hs[i] as usize];
                *l = l.wrapping_add(inc[i] as u16);
            }
            n += 1;
            q = nq;
            if q == h.0 {
                break;
            }
        }
        n
    }

    /// Rebuilds chains, liberties, neighbour counts, the empty list and the
    /// hash from the stones alone and compares them with the incremental
    /// state. Returns a description of the first difference.
    /// Linear in the board size: each chain is flooded once.
    pub fn check_consistency(&self) -> Result<(), String> {
        let geo = self.geo;
        let mut hash = 0u64;
        let mut empties = 0;
        // Per point: the chain (by its first stone) that flooded it, and
        // the chain that counted it as a liberty; 0 for none.
        let mut flooded = [0u16; MAX_POINTS];
        let mut lib_mark = [0u16; MAX_POINTS];
        for p in geo.points() {
            let s = self.stones[p.idx()];
            let mut n = 0u16;
            for q in self.neighbours(p) {
                n += 1 << (4 * self.stones[q.idx()] as u16);
            }
            if n != self.nbr[p.idx()] {
                return Err(format!("neighbour counts wrong at {}", geo.vertex(p)));
            }
            match s {
                Stone::Empty => {
                    empties += 1;
                    if self.head[p.idx()] != p.0 {
                        return Err(format!("empty {} is not its own head", geo.vertex(p)));
                    }
                    let i = self.empty_idx[p.idx()] as usize;
                    if i >= self.empty_len || self.empty[i] != p.0 {
                        return Err(format!("empty list misses {}", geo.vertex(p)));
                    }
                }
                Stone::Black | Stone::White => {
                    let c = s.color().unwrap_or(Color::Black);
                    hash ^= zobrist::KEYS[c.index()][p.idx()];
                    if flooded[p.idx()] != 0 {
                        continue;
                    }
                    // Flood the chain once (marking members and liberties
                    // with the first stone's index) and compare.
                    let mark = p.0;
                    let mut members = vec![p];
                    flooded[p.idx()] = mark;
                    let mut libs = 0usize;
                    let mut i = 0;
                    while i < members.len() {
                        let m = members[i];
                        for q in self.neighbours(m) {
                            if self.stones[q.idx()] == s && flooded[q.idx()] != mark {
                                flooded[q.idx()] = mark;
                                members.push(q);
                            }
                            if self.stones[q.idx()] == Stone::Empty && lib_mark[q.idx()] != mark {
                                lib_mark[q.idx()] = mark;
                                libs += 1;
                            }
                        }
                        i += 1;
                    }
                    let h = self.head[p.idx()];
                    if members.iter().any(|m| self.head[m.idx()] != h) {
                        return Err(format!("chain heads differ at {}", geo.vertex(p)));
                    }
                    if self.chain_size[h as usize] as usize != members.len() {
                        return Err(format!("chain size wrong at {}", geo.vertex(p)));
                    }
                    // The circular list visits exactly the chain's stones.
                    let mut walked = 0;
                    let mut strays = 0;
                    self.for_each_stone(p, |q| {
                        walked += 1;
                        if flooded[q.idx()] != mark {
                            strays += 1;
                        }
                    });
                    if walked != members.len() || strays > 0 {
                        return Err(format!("chain list wrong at {}", geo.vertex(p)));
                    }
                    if self.libs[h as usize] as usize != libs {
                        return Err(format!(
                            "liberties of {} are {}, counted {}",
                            geo.vertex(p),
                            libs,
                            self.libs[h as usize]
                        ));
                    }
                    if libs == 0 {
                        return Err(format!("chain without liberties at {}", geo.vertex(p)));
                    }
                }
                Stone::Edge => return Err(format!("edge inside board at {}", geo.vertex(p))),
            }
        }
        if empties != self.empty_len {
            return Err("empty list length wrong".into());
        }
        if hash != self.hash {
            return Err("hash differs from recomputed".into());
        }
        Ok(())
    }

    /// Hash recomputed from scratch (for tests).
    pub fn recomputed_hash(&self) -> u64 {
        let mut h = 0;
        for p in self.geo.points() {
            if let Some(c) = self.stones[p.idx()].color() {
                h ^= zobrist::KEYS[c.index()][p.idx()];
            }
        }
        h
    }

    /// The position with the stones of `off` lifted (dead stones taken off
    /// to read what is left), set up as a fresh board: no ko, no history,
    /// no prisoners. Stones only gain liberties when others come off, so
    /// every stone left is placed.
    pub fn without(&self, off: &[bool]) -> Board {
        let mut b = Board::new(self.size());
        for p in self.geo.points() {
            if let Some(c) = self.stones[p.idx()].color() {
                if !off[p.idx()] {
                    let placed = b.place_setup(c, p);
                    debug_assert!(placed, "stone at {p:?} placed");
                }
            }
        }
        b
    }

    /// The position with the stones of `off` taken off as setup (SGF AE, a
    /// record edited by hand): the prisoners stay as they were, no ko, the
    /// last moves kept. See [`Board::without`].
    pub fn with_stones_removed(&self, off: &[bool]) -> Board {
        let mut b = self.without(off);
        b.prisoners = self.prisoners;
        b.last_move = self.last_move;
        b.last_move2 = self.last_move2;
        b
    }

    /// Puts a stone of `c` on empty `p` as setup (handicap, SGF AB/AW): no
    /// ko, no capture of anything, no prisoners. Returns false (and changes
    /// nothing) if the point is not empty or the stone would be without
    /// liberties or take the last liberty of any chain.
    pub fn place_setup(&mut self, c: Color, p: Point) -> bool {
        if !self.geo.on_board(p) || self.stones[p.idx()] != Stone::Empty {
            return false;
        }
        let mut b = self.clone();
        let (lm, lm2) = (self.last_move, self.last_move2);
        if b.check_move(c, p).is_err() {
            return false;
        }
        b.play_unchecked(c, Move::Play(p));
        if b.last_captured > 0 {
            return false;
        }
        b.last_move = lm;
        b.last_move2 = lm2;
        *self = b;
        true
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            geo: self.geo,
            stones: self.stones,
            head: self.head,
            next: self.next,
            libs: self.libs,
            chain_size: self.chain_size,
            nbr: self.nbr,
            empty: self.empty,
            empty_idx: self.empty_idx,
            empty_len: self.empty_len,
            hash: self.hash,
            ko: self.ko,
            ko_color: self.ko_color,
            prisoners: self.prisoners,
            last_move: self.last_move,
            last_move2: self.last_move2,
            last_captured: self.last_captured,
        }
    }

    /// Copies only the part of the point arrays a board of this size uses
    /// (4.5 KB of 11 KB on 9x9): the way to reset a playout board. Boards
    /// of different sizes are copied whole.
    fn clone_from(&mut self, src: &Board) {
        if self.geo != src.geo {
            *self = src.clone();
            return;
        }
        // Rows past the last edge row, and columns past the edge column,
        // hold edge points that never change.
        let n = (self.geo.size + 2) * STRIDE;
        self.stones.0[..n].copy_from_slice(&src.stones.0[..n]);
        self.head.0[..n].copy_from_slice(&src.head.0[..n]);
        self.next.0[..n].copy_from_slice(&src.next.0[..n]);
        self.libs.0[..n].copy_from_slice(&src.libs.0[..n]);
        self.chain_size.0[..n].copy_from_slice(&src.chain_size.0[..n]);
        self.nbr.0[..n].copy_from_slice(&src.nbr.0[..n]);
        self.empty.0[..n].copy_from_slice(&src.empty.0[..n]);
        self.empty_idx.0[..n].copy_from_slice(&src.empty_idx.0[..n]);
        self.empty_len = src.empty_len;
        self.hash = src.hash;
        self.ko = src.ko;
        self.ko_color = src.ko_color;
        self.prisoners = src.prisoners;
        self.last_move = src.last_move;
        self.last_move2 = src.last_move2;
        self.last_captured = src.last_captured;
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they have the same size and stones.
    fn eq(&self, other: &Board) -> bool {
        self.geo == other.geo && self.geo.points().all(|p| self.stone(p) == other.stone(p))
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", self.to_diagram())
    }
}

#[cfg(test)]
mod tests;
