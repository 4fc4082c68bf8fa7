//! The small gaps of a nearly closed board, read out (issue 33).
//!
//! A gap is worth a move when the side that fills it first ends ahead of
//! where it ends if it passes and the opponent moves there first. One
//! fill and its answer cannot always tell: a three-point gap between a
//! wall short of liberties and the opponent's chain may look neutral
//! after one move each and give a point two moves deeper (a 9x9 match
//! game, 57e62dc's Japanese game 99: White passed with H8-J8-J9 open,
//! Black played H8 with an atari, and White lost by a point and a half).
//! So the gaps are read as a small game of their own: both sides play
//! the gap points, the liberties of the chains around them and any point
//! that takes or saves a chain in atari, or pass; two passes in a row
//! end it, and the count (the rules in force, the judgement's dead
//! stones off) scores the end. A table of read positions keeps the read
//! small; a read that runs past its budget gives no answer.

use crate::board::Board;
use crate::game::{score_board, Rules};
use crate::types::{Color, Move, Point, Stone};
use std::collections::HashMap;

/// The deepest line read: two plies a point of the gaps (a move and a
/// pass) and two passes, at most this many.
const MAX_DEPTH: u32 = 20;

/// The reader of a set of gaps, for one position.
pub(super) struct GapReader<'a> {
    komi: f32,
    rules: Rules,
    /// The judgement's dead stones, with their colour: a dead point counts
    /// as dead only while its stone stands.
    dead: Vec<(Point, Stone)>,
    seki: &'a [Point],
    /// The points either side may play.
    points: Vec<Point>,
    /// Positions of the game so far and of the line being read (superko).
    history: &'a [u64],
    line: Vec<u64>,
    /// Read positions: (hash, side to move, after a pass) to the depth
    /// read, the value, what it says and the best move found (tried
    /// first when the position is read again, deeper).
    table: HashMap<(u64, Color, bool), Entry>,
    /// Per point, how often a move there was best (weighted by the depth
    /// left): the history heuristic that orders the moves of positions
    /// read for the first time.
    history_score: HashMap<Point, u32>,
    nodes: usize,
    budget: usize,
}

/// What a stored value says of a position's value: alpha-beta leaves
/// some only bounded.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bound {
    Exact,
    /// At least the value.
    Lower,
    /// At most the value.
    Upper,
}

/// A read position in the table.
#[derive(Clone, Copy, Debug)]
struct Entry {
    depth: u32,
    value: f32,
    bound: Bound,
    best: Option<Point>,
}

/// The widest window.
const ALL: (f32, f32) = (f32::NEG_INFINITY, f32::INFINITY);

/// The values of a side's first moves in the gaps.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct GapValues {
    /// The count (Black's margin) after the mover passes and both play on
    /// at their best.
    pub pass: f32,
    /// The count after each first move of the mover's, the same way:
    /// exact for a move better than the pass and every move before it,
    /// else a bound no better than the best before it.
    pub moves: Vec<(Point, f32)>,
}

impl<'a> GapReader<'a> {
    /// A reader of `board`'s gaps, where either side plays among `points`
    /// (and the liberty of any chain in atari); the count as
    /// [`score_board`] with `dead` off and `seki` in seki.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        board: &Board,
        komi: f32,
        rules: Rules,
        dead: &[Point],
        seki: &'a [Point],
        points: &[Point],
        history: &'a [u64],
        budget: usize,
    ) -> GapReader<'a> {
        GapReader {
            komi,
            rules,
            dead: dead
                .iter()
                .map(|&p| (p, board.stone(p)))
                .filter(|(_, s)| s.color().is_some())
                .collect(),
            seki,
            points: points.to_vec(),
            history,
            line: Vec::new(),
            table: HashMap::new(),
            history_score: HashMap::new(),
            nodes: 0,
            budget,
        }
    }

    /// Positions read so far.
    pub(super) fn nodes(&self) -> usize {
        self.nodes
    }

    /// The values of `mover`'s pass and of each legal move of `firsts`
    /// on `board`, read ever deeper (two plies a step) until the lines
    /// are complete or the budget runs out: the deepest read finished,
    /// and how deep it went, or `None` where not even two plies fit.
    pub(super) fn read(
        &mut self,
        board: &Board,
        mover: Color,
        firsts: &[Point],
    ) -> Option<(GapValues, u32)> {
        let full = (2 * self.points.len() as u32 + 2).min(MAX_DEPTH);
        let mut done = None;
        for depth in (2..=full).step_by(2) {
            match self.read_to(board, mover, firsts, depth) {
                Some(v) => done = Some((v, depth)),
                None => break,
            }
        }
        done
    }

    /// [`GapReader::read`] to `depth` plies.
    fn read_to(
        &mut self,
        board: &Board,
        mover: Color,
        firsts: &[Point],
        depth: u32,
    ) -> Option<GapValues> {
        let pass = self.after_pass(board, mover, false, depth, ALL)?;
        // Each move is read against the best so far (a move that cannot
        // beat it comes back as a bound, no better than the best).
        let mut best = pass;
        let mut moves = Vec::new();
        for &p in firsts {
            let w = narrowed(mover, ALL, best);
            if let Some(v) = self.after_move(board, mover, p, depth, w)? {
                if better(mover, v, best) {
                    best = v;
                }
                moves.push((p, v));
            }
        }
        Some(GapValues { pass, moves })
    }

    /// Black's margin as the board stands.
    fn count(&self, board: &Board) -> f32 {
        let dead: Vec<Point> = self
            .dead
            .iter()
            .filter(|&&(p, s)| board.stone(p) == s)
            .map(|&(p, _)| p)
            .collect();
        score_board(board, self.komi, self.rules, &dead, self.seki).margin()
    }

    /// `side`'s stone at `p`, if it is legal, repeats no position and
    /// leaves its chain two liberties unless it captures.
    fn child(&mut self, board: &Board, side: Color, p: Point) -> Option<Board> {
        if !board.is_legal(side, p) {
            return None;
        }
        self.nodes += 1;
        let mut b = board.clone();
        b.play_unchecked(side, Move::Play(p));
        if b.libs(p) < 2 && b.last_captured() == 0 {
            return None;
        }
        let h = b.hash();
        if self.history.contains(&h) || self.line.contains(&h) {
            return None;
        }
        Some(b)
    }

    /// The value after `side`'s stone at `p` with `depth` plies left,
    /// read within `window`: `Some(None)` where the move is not tried
    /// ([`GapReader::child`]), `None` past the budget.
    fn after_move(
        &mut self,
        board: &Board,
        side: Color,
        p: Point,
        depth: u32,
        window: (f32, f32),
    ) -> Option<Option<f32>> {
        let Some(child) = self.child(board, side, p) else {
            return Some(None);
        };
        self.line.push(child.hash());
        let v = self.value(&child, !side, false, depth - 1, window);
        self.line.pop();
        v.map(Some)
    }

    /// The value after `side` passes (`passed`: the other side passed
    /// just before, and the read ends).
    fn after_pass(
        &mut self,
        board: &Board,
        side: Color,
        passed: bool,
        depth: u32,
        window: (f32, f32),
    ) -> Option<f32> {
        if passed || depth == 0 {
            return Some(self.count(board));
        }
        if board.ko().is_some() {
            // A pass lifts the ko ban.
            let mut b = board.clone();
            b.play_unchecked(side, Move::Pass);
            return self.value(&b, !side, true, depth - 1, window);
        }
        self.value(board, !side, true, depth - 1, window)
    }

    /// Black's margin with `side` to move on `board` and both sides at
    /// their best, read by alpha-beta within `window` (a value outside
    /// it is only a bound), `None` past the budget.
    fn value(
        &mut self,
        board: &Board,
        side: Color,
        passed: bool,
        depth: u32,
        window: (f32, f32),
    ) -> Option<f32> {
        if depth == 0 {
            return Some(self.count(board));
        }
        let (alpha, beta) = window;
        let key = (board.hash(), side, passed);
        // A value read at least as deep serves.
        let known = self.table.get(&key).copied();
        if let Some(e) = known.filter(|e| e.depth >= depth) {
            let v = e.value;
            match e.bound {
                Bound::Exact => return Some(v),
                Bound::Lower if v >= beta => return Some(v),
                Bound::Upper if v <= alpha => return Some(v),
                _ => {}
            }
        }
        if self.nodes > self.budget {
            return None;
        }
        // The pass first.
        let mut best = self.after_pass(board, side, passed, depth, window)?;
        let mut best_move = None;
        let mut moves = self.moves(board);
        moves.sort_by_key(|p| std::cmp::Reverse(self.history_score.get(p).copied().unwrap_or(0)));
        if let Some(m) = known.and_then(|e| e.best) {
            if let Some(i) = moves.iter().position(|&q| q == m) {
                moves[..=i].rotate_right(1);
            }
        }
        for p in moves {
            let w = narrowed(side, window, best);
            if w.0 >= w.1 {
                break;
            }
            if let Some(v) = self.after_move(board, side, p, depth, w)? {
                if better(side, v, best) {
                    best = v;
                    best_move = Some(p);
                }
            }
        }
        if let Some(p) = best_move {
            *self.history_score.entry(p).or_insert(0) += depth * depth;
        }
        let bound = if best <= window.0 {
            Bound::Upper
        } else if best >= window.1 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            key,
            Entry {
                depth,
                value: best,
                bound,
                best: best_move,
            },
        );
        Some(best)
    }

    /// The points to try on `board`: the empty ones of the reader's
    /// points, then the liberty of every live chain in atari (to take it
    /// or save it).
    fn moves(&self, board: &Board) -> Vec<Point> {
        let mut moves: Vec<Point> = self
            .points
            .iter()
            .copied()
            .filter(|&p| board.stone(p) == Stone::Empty)
            .collect();
        for p in board.geometry().points() {
            if board.stone(p).color().is_some()
                && board.chain(p) == p
                && board.libs(p) == 1
                && !self
                    .dead
                    .iter()
                    .any(|&(d, s)| board.stone(d) == s && board.chain(d) == p)
            {
                let l = board.atari_liberty(p);
                if !moves.contains(&l) {
                    moves.push(l);
                }
            }
        }
        moves
    }
}

/// Whether the value `a` is better than `b` for `side` (Black raises
/// Black's margin, White lowers it).
fn better(side: Color, a: f32, b: f32) -> bool {
    if side == Color::Black {
        a > b
    } else {
        a < b
    }
}

/// `window` narrowed by `side`'s best value so far: a move must beat it.
fn narrowed(side: Color, (alpha, beta): (f32, f32), best: f32) -> (f32, f32) {
    if side == Color::Black {
        (alpha.max(best), beta)
    } else {
        (alpha, beta.min(best))
    }
}
