//! One simulation of the search: descend the shared tree by the RAVE
//! value, expand a leaf with priors, play out, back up wins, scores and
//! AMAF statistics, and count who owned each point at the end.

use super::netprior::{NetPriors, NetScratch};
use super::node::{Node, PASS_CODE};
use super::params::PARAMS;
use super::{filters_permit, priors, MoveFilter, SearchConfig};
use crate::board::Board;
use crate::playout::replies::Replies;
use crate::playout::{self, MoveLog};
use crate::types::{Color, Move, Point, MAX_POINTS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};

/// Shared state of one search.
pub(super) struct Shared<'a> {
    pub(super) root: &'a Node,
    pub(super) board: &'a Board,
    pub(super) to_move: Color,
    /// Komi for the playouts' area count; under territory rules it also
    /// charges the stones put down before the root.
    pub(super) komi: f32,
    /// Territory rules: each stone put down in the tree costs its player
    /// one point (`Game::stone_balance`).
    pub(super) territory: bool,
    pub(super) cfg: &'a SearchConfig,
    /// Move number of the root (for the pass rule).
    pub(super) move_number: usize,
    pub(super) stop: AtomicBool,
    pub(super) playouts: AtomicU64,
    pub(super) playout_limit: u64,
    pub(super) nodes: AtomicUsize,
    pub(super) own_black: Vec<AtomicU32>,
    pub(super) own_white: Vec<AtomicU32>,
    pub(super) own_samples: AtomicU32,
    pub(super) filters: &'a [MoveFilter],
    /// Deepest move the filters apply to (0: none).
    pub(super) filter_depth: usize,
    pub(super) child_priors: ChildPriors,
    /// Ownership after each root move ([`super::Limits::moves_ownership`]).
    pub(super) moves_own: Option<MovesOwnership>,
    /// Length of the reported principal variations.
    pub(super) pv_len: usize,
    /// The policy network's priors, when a network is in use.
    pub(super) net: Option<NetPriors<'a>>,
    /// The playouts' last good replies ([`SearchConfig::lgrf`]).
    pub(super) replies: Option<Replies>,
    /// Weight and scale of the score term of the selection value
    /// ([`Node::score_utility`], [`score_utility`]).
    pub(super) score_weight: f64,
    pub(super) score_scale: f64,
}

/// Who owned each point at the end of the playouts through each root
/// child: counts indexed by `child * MAX_POINTS + point`.
pub(super) struct MovesOwnership {
    black: Vec<AtomicU32>,
    white: Vec<AtomicU32>,
    samples: Vec<AtomicU32>,
}

impl MovesOwnership {
    pub(super) fn new(children: usize) -> MovesOwnership {
        let counts = || {
            (0..children * MAX_POINTS)
                .map(|_| AtomicU32::new(0))
                .collect()
        };
        MovesOwnership {
            black: counts(),
            white: counts(),
            samples: (0..children).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    fn record(&self, child: usize, board: &Board) {
        if child >= self.samples.len() {
            return;
        }
        let base = child * MAX_POINTS;
        board.for_each_area_owner(|i, b, w| {
            if b > 0 {
                self.black[base + i].fetch_add(b, Ordering::Relaxed);
            }
            if w > 0 {
                self.white[base + i].fetch_add(w, Ordering::Relaxed);
            }
        });
        self.samples[child].fetch_add(1, Ordering::Relaxed);
    }

    /// The ownership after root child `child` so far.
    pub(super) fn ownership(&self, child: usize, shared: &Shared) -> super::Ownership {
        let samples = self.samples[child].load(Ordering::Relaxed);
        let n = samples.max(1) as f32;
        let base = child * MAX_POINTS;
        let frac = |v: &[AtomicU32]| -> Vec<f32> {
            v[base..base + MAX_POINTS]
                .iter()
                .map(|a| a.load(Ordering::Relaxed) as f32 / n)
                .collect()
        };
        super::Ownership {
            size: shared.board.size(),
            hash: shared.board.hash(),
            to_move: !shared.to_move,
            samples,
            black: frac(&self.black),
            white: frac(&self.white),
        }
    }
}

/// Per-worker scratch, made once per search and reused.
struct Scratch<'a> {
    rng: SmallRng,
    log: MoveLog,
    path: Vec<&'a Node>,
    /// Log length when each depth of `path` was reached.
    starts: Vec<usize>,
    stamp: Vec<u32>,
    first_color: Vec<u8>,
    first_idx: Vec<u16>,
    gen: u32,
    own_black: Vec<u32>,
    own_white: Vec<u32>,
    own_n: u32,
    dist: Box<[u8; MAX_POINTS]>,
    net: NetScratch,
}

impl Scratch<'_> {
    fn new(seed: u64) -> Self {
        Scratch {
            rng: SmallRng::seed_from_u64(seed),
            log: MoveLog::default(),
            path: Vec::with_capacity(256),
            starts: Vec::with_capacity(256),
            stamp: vec![0; MAX_POINTS],
            first_color: vec![0; MAX_POINTS],
            first_idx: vec![0; MAX_POINTS],
            gen: 0,
            own_black: vec![0; MAX_POINTS],
            own_white: vec![0; MAX_POINTS],
            own_n: 0,
            dist: Box::new([u8::MAX; MAX_POINTS]),
            net: NetScratch::default(),
        }
    }
}

/// RAVE equivalence constant K ([`PARAMS`]).
fn rave_k(size: usize) -> f64 {
    PARAMS.rave_k.get(size)
}

/// The weight (`weight`, else [`PARAMS`]' for the size) and the scale in
/// points of the score term of the selection value on a board of side
/// `size` ([`Node::score_utility`]).
pub(super) fn score_utility(weight: Option<f64>, size: usize) -> (f64, f64) {
    let k = &PARAMS.score_utility;
    (
        weight.unwrap_or(k.weight.get(size)),
        k.scale_per_line * size as f64,
    )
}

/// Move number from which a pass child is offered (Pachi: size² / (7 −
/// size/5)); before it only when the last move was a pass.
fn pass_threshold(size: usize) -> usize {
    let d = 7usize.saturating_sub(size / 5).max(1);
    size * size / d
}

pub(super) fn code_of(m: Move) -> u16 {
    match m {
        Move::Pass => PASS_CODE,
        Move::Play(p) => p.0,
    }
}

pub(super) fn move_of(code: u16) -> Move {
    if code == PASS_CODE {
        Move::Pass
    } else {
        Move::Play(Point(code))
    }
}

/// What a search adds to the hand-made priors of new children, set once
/// at the root ([`priors::pass_boost`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct ChildPriors {
    /// The move-prediction model's priors ([`priors::learned`]).
    pub(super) learned: bool,
    /// Virtual wins (in as many visits) for the pass.
    pub(super) pass_wins: f32,
}

/// Children of a node for `color` to move on `board`, with priors.
pub(super) fn make_children(
    board: &Board,
    color: Color,
    move_number: usize,
    dist: &mut [u8; MAX_POINTS],
    extra: ChildPriors,
) -> Vec<Node> {
    priors::last_move_distance(board, dist);
    let model = extra.learned.then(|| priors::learned(board, color));
    let mut kids = Vec::with_capacity(board.empty_points().len() + 1);
    for &e in board.empty_points() {
        let p = Point(e);
        if !board.is_legal(color, p) {
            continue;
        }
        let mut pr = priors::prior(board, color, p, dist);
        if let Some(m) = &model {
            pr.add(m[p.idx()]);
        }
        kids.push(Node::new(
            p.0,
            pr.visits.round().clamp(0.0, u16::MAX as f32) as u16,
            pr.wins.round().clamp(0.0, u16::MAX as f32) as u16,
        ));
    }
    if kids.is_empty()
        || move_number >= pass_threshold(board.size())
        || board.last_move() == Move::Pass
    {
        let even = priors::even_visits(board.size());
        let boost = extra.pass_wins.round().clamp(0.0, 10_000.0);
        kids.push(Node::new(
            PASS_CODE,
            (even + boost) as u16,
            (even / 2.0 + boost) as u16,
        ));
    }
    kids
}

impl<'a> Shared<'a> {
    /// Mover of the node at `depth` (the root's "mover" is the opponent).
    #[inline]
    fn mover(&self, depth: usize) -> Color {
        if depth % 2 == 1 {
            self.to_move
        } else {
            !self.to_move
        }
    }

    /// The child of `node` to descend to: the best value, ties broken at
    /// random. `mover` plays the child's move as the `depth`-th move from
    /// the root; children the filters forbid there are passed over unless
    /// all are.
    fn select(&self, node: &'a Node, rng: &mut SmallRng, mover: Color, depth: usize) -> &'a Node {
        let kids = node.kids();
        let k = rave_k(self.board.size());
        let filtered = depth <= self.filter_depth;
        // The root's expected score from `mover`'s view (the root's own
        // statistics are its mover's: the opponent of the side to move).
        let root_mean = self.root.score_mean();
        let center = if mover == self.to_move {
            -root_mean
        } else {
            root_mean
        };
        let mut best = &kids[0];
        let mut best_v = f64::NEG_INFINITY;
        for c in kids {
            let mut v = c.value(k)
                + c.score_utility(center, self.score_scale, self.score_weight)
                + rng.gen::<f64>() * PARAMS.select_jitter;
            if c.mv == PASS_CODE {
                v -= PARAMS.pass_tie_penalty;
            }
            if filtered && !filters_permit(self.filters, mover, depth, move_of(c.mv)) {
                // Below every permitted child, above nothing.
                v -= 1e9;
            }
            if v > best_v {
                best_v = v;
                best = c;
            }
        }
        best
    }

    fn expand(
        &self,
        node: &'a Node,
        board: &Board,
        color: Color,
        depth: usize,
        s: &mut Scratch<'a>,
    ) {
        if self.nodes.load(Ordering::Relaxed) >= self.cfg.max_nodes {
            return;
        }
        let kids = make_children(
            board,
            color,
            self.move_number + depth,
            &mut s.dist,
            self.child_priors,
        );
        let n = kids.len();
        if node.children.set(kids.into_boxed_slice()).is_ok() {
            self.nodes.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// One simulation: descend, expand, play out, back up. `board` is the
    /// worker's own board, reset here to the root position (a copy of the
    /// part in use).
    fn simulate(&self, s: &mut Scratch<'a>, board: &mut Board) {
        board.clone_from(self.board);
        s.path.clear();
        s.starts.clear();
        s.log.clear();
        let mut node = self.root;
        let mut color = self.to_move;
        node.visits.fetch_add(1, Ordering::Relaxed);
        s.path.push(node);
        s.starts.push(0);
        let mut passes = 0;
        // Black's stones put down in the tree minus White's.
        let mut placed = 0i32;
        loop {
            if node.kids().is_empty() {
                let depth = s.path.len() - 1;
                if depth > 0 && node.visits.load(Ordering::Relaxed) <= PARAMS.expand_after {
                    break;
                }
                self.expand(node, board, color, depth, s);
                if node.kids().is_empty() {
                    break;
                }
            }
            if let Some(net) = &self.net {
                net.consider(node, board, color, s.path.len() - 1);
            }
            let child = self.select(node, &mut s.rng, color, s.path.len());
            child.visits.fetch_add(1, Ordering::Relaxed);
            let m = move_of(child.mv);
            board.play_unchecked(color, m);
            s.path.push(child);
            match m {
                Move::Pass => passes += 1,
                Move::Play(p) => {
                    passes = 0;
                    placed += if color == Color::Black { 1 } else { -1 };
                    s.log.push(color, p);
                }
            }
            s.starts.push(s.log.len);
            color = !color;
            node = child;
            if passes >= 2 || s.path.len() >= PARAMS.max_tree_depth {
                break;
            }
        }
        let mut score = playout::playout_with(
            board,
            color,
            self.komi,
            self.cfg.policy,
            self.replies.as_ref(),
            &mut s.rng,
            &mut s.log,
        );
        if self.territory {
            score -= placed as f32;
        }
        if let Some(r) = &self.replies {
            r.learn(&s.log, 0, (score != 0.0).then_some(score > 0.0));
        }
        self.record_ownership(board, s);
        if let (Some(mo), Some(&child)) = (&self.moves_own, s.path.get(1)) {
            // The root child of this simulation, by its index among the
            // root's children (from its address).
            let base = self.root.kids().as_ptr() as usize;
            let index = (child as *const Node as usize - base) / std::mem::size_of::<Node>();
            mo.record(index, board);
        }
        self.backup(score, s);
        self.playouts.fetch_add(1, Ordering::Relaxed);
    }

    fn record_ownership(&self, board: &Board, s: &mut Scratch<'a>) {
        board.add_area_owners(&mut s.own_black, &mut s.own_white);
        s.own_n += 1;
        if s.own_n >= PARAMS.ownership_flush {
            self.flush_ownership(s);
        }
    }

    fn flush_ownership(&self, s: &mut Scratch<'a>) {
        if s.own_n == 0 {
            return;
        }
        for p in self.board.geometry().points() {
            let i = p.idx();
            if s.own_black[i] > 0 {
                self.own_black[i].fetch_add(s.own_black[i], Ordering::Relaxed);
                s.own_black[i] = 0;
            }
            if s.own_white[i] > 0 {
                self.own_white[i].fetch_add(s.own_white[i], Ordering::Relaxed);
                s.own_white[i] = 0;
            }
        }
        self.own_samples.fetch_add(s.own_n, Ordering::Relaxed);
        s.own_n = 0;
    }

    /// Updates wins, scores and AMAF along the path.
    fn backup(&self, score: f32, s: &mut Scratch<'a>) {
        // Half-points for black: 2 win, 1 draw, 0 loss.
        let black_result: u32 = if score > 0.0 {
            2
        } else if score < 0.0 {
            0
        } else {
            1
        };
        let half_score = (score * 2.0).round() as i64;
        s.gen = s.gen.wrapping_add(1);
        if s.gen == 0 {
            s.stamp.fill(0);
            s.gen = 1;
        }
        let gen = s.gen;
        let total = s.log.len;
        let mut i = total;
        for d in (0..s.path.len()).rev() {
            let node = s.path[d];
            let mover = self.mover(d);
            let (res, sc) = if mover == Color::Black {
                (black_result, half_score)
            } else {
                (2 - black_result, -half_score)
            };
            node.wins.fetch_add(res, Ordering::Relaxed);
            node.score_sum.fetch_add(sc, Ordering::Relaxed);
            // First plays at each point from this depth on.
            let start = s.starts[d];
            while i > start {
                i -= 1;
                let p = s.log.points[i] as usize;
                s.stamp[p] = gen;
                s.first_color[p] = s.log.colors[i];
                s.first_idx[p] = i as u16;
            }
            let kids = node.kids();
            if kids.is_empty() {
                continue;
            }
            // Children are moves of the side to move at this node.
            let child_mover = !mover;
            let child_res = 2 - res;
            let span = (total - start).max(1);
            for c in kids {
                let p = c.mv as usize;
                if c.mv == PASS_CODE || s.stamp[p] != gen || s.first_color[p] != child_mover as u8 {
                    continue;
                }
                let third = 3 * (s.first_idx[p] as usize - start) / span;
                let w = 3 - third.min(2) as u32;
                add_relaxed(&c.amaf_visits, w);
                add_relaxed(&c.amaf_wins, w * child_res);
            }
        }
    }

    pub(super) fn worker(&self, seed: u64) {
        let mut s = Scratch::new(seed);
        let mut board = self.board.clone();
        while !self.stop.load(Ordering::Relaxed) {
            if self.playouts.load(Ordering::Relaxed) >= self.playout_limit {
                break;
            }
            if let Some(net) = &self.net {
                net.work(&mut s.net);
            }
            self.simulate(&mut s, &mut board);
        }
        self.flush_ownership(&mut s);
    }
}

/// Adds `x` to `a` with a plain load and store rather than an atomic
/// read-modify-write: Fuego's lock-free updates (Enzenberger and Mueller
/// 2009). Two threads adding at once may lose one addition, which AMAF
/// statistics can spare. Each playout adds to the AMAF counts of dozens
/// of children that both threads share; with locked adds their cache
/// lines bounced between the cores and two threads ran a median 1.80x
/// one thread on 9x9, with these stores 1.92x (docs/performance.md).
#[inline]
fn add_relaxed(a: &std::sync::atomic::AtomicU32, x: u32) {
    a.store(a.load(Ordering::Relaxed).wrapping_add(x), Ordering::Relaxed);
}
