//! Monte Carlo tree search: one shared tree, many rayon workers, RAVE/AMAF
//! values with priors and no exploration term (MCTS-NOTES), virtual loss,
//! tree reuse, a node budget, and ownership statistics from the playouts.
//!
//! The search runs workers on a rayon pool while the calling thread
//! watches the clock, the playout budget and the input, and reports
//! progress to a callback (analysis streams).

pub mod ladder;
pub mod node;
pub mod priors;
pub mod time;

use crate::board::Board;
use crate::game::Game;
use crate::playout::{self, MoveLog, Policy};
use crate::types::{Color, Move, Point, MAX_POINTS};
use node::{Node, PASS_CODE};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Search settings from the command line.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// Worker threads.
    pub threads: usize,
    /// Seed of the random generators.
    pub seed: u64,
    /// Node budget: expansion stops when the tree holds this many nodes,
    /// and the search goes on with playouts from the leaves.
    pub max_nodes: usize,
    /// Real visits a leaf needs before it is expanded.
    pub expand_after: u32,
    /// Playout policy.
    pub policy: Policy,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            seed: 0x6b6f_7375_6d69,
            max_nodes: 10_000_000,
            expand_after: 8,
            policy: Policy::Heavy,
        }
    }
}

/// An analysis client's `avoid` or `allow` key: for `color`'s moves in
/// the first `until_depth` moves of the variations (1 = a root move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFilter {
    /// `allow` (only these moves, pass always allowed) or `avoid`.
    pub allow: bool,
    pub color: Color,
    pub moves: Vec<Move>,
    pub until_depth: usize,
}

/// Whether `filters` let `mover` play `m` as the `depth`-th move of a
/// variation (1 = a root move).
pub fn filters_permit(filters: &[MoveFilter], mover: Color, depth: usize, m: Move) -> bool {
    filters
        .iter()
        .filter(|f| f.color == mover && depth <= f.until_depth)
        .all(|f| {
            if f.allow {
                m == Move::Pass || f.moves.contains(&m)
            } else {
                !f.moves.contains(&m)
            }
        })
}

/// When to stop one search, and which moves it may not try.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many playouts in this search.
    pub playouts: Option<u64>,
    /// Target thinking time; with `early_stop` the search may end sooner.
    pub time: Option<Duration>,
    /// Stop when the best move cannot be overtaken in the time or playouts
    /// left.
    pub early_stop: bool,
    /// Stop on any input line (analysis streams), not only on interrupt.
    pub stop_on_input: bool,
    /// Run on the calling thread alone with exact playout counting, for
    /// deterministic results (`reg_genmove`, `bench`).
    pub deterministic: bool,
    /// Moves the search does not select near the root (analysis `avoid`
    /// and `allow`); the tree keeps them, so a later search may use them.
    pub filters: Vec<MoveFilter>,
}

/// One candidate move at the root, for choosing and for analysis output.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub mv: Move,
    pub visits: u32,
    /// Win rate for the side to move at the root, 0..1.
    pub winrate: f64,
    /// Prior probability, 0..1 (normalised prior value).
    pub prior: f64,
    /// Lower confidence bound of the win rate.
    pub lcb: f64,
    /// Mean final score margin for the side to move.
    pub score_mean: f64,
    /// Principal variation starting with `mv`.
    pub pv: Vec<Move>,
}

/// Summary of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchInfo {
    /// Candidates, best (most visited) first.
    pub candidates: Vec<Candidate>,
    /// Playouts run by this search.
    pub playouts: u64,
    /// Visits of the root (reused ones included).
    pub root_visits: u32,
    pub elapsed: Duration,
    /// Win rate for the side to move (of the best candidate).
    pub winrate: f64,
    /// Mean score margin for the side to move.
    pub score_mean: f64,
    pub nodes: usize,
}

impl SearchInfo {
    /// Playouts per second of this search.
    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64().max(1e-6)
    }
}

/// Ownership of each point from the playouts of a search: the fraction of
/// playouts in which black owned it, white owned it.
#[derive(Clone, Debug)]
pub struct Ownership {
    pub size: usize,
    pub hash: u64,
    pub to_move: Color,
    pub samples: u32,
    /// Indexed by point.
    pub black: Vec<f32>,
    pub white: Vec<f32>,
}

impl Ownership {
    /// Black-positive ownership of `p` in [-1, 1].
    pub fn value(&self, p: Point) -> f32 {
        self.black[p.idx()] - self.white[p.idx()]
    }
}

/// The kept tree and the game position it was built for.
struct Tree {
    root: Box<Node>,
    moves: Vec<(Color, Move)>,
    setup_hash: u64,
    komi: f32,
    size: usize,
    /// Side to move at the root.
    to_move: Color,
}

/// The searcher: the thread pool, the kept tree, the last ownership.
pub struct Searcher {
    pub cfg: SearchConfig,
    pool: rayon::ThreadPool,
    tree: Option<Tree>,
    /// Ownership from the most recent search.
    pub ownership: Option<Ownership>,
    searches: u64,
}

/// Shared state of one search.
struct Shared<'a> {
    root: &'a Node,
    board: &'a Board,
    to_move: Color,
    komi: f32,
    cfg: &'a SearchConfig,
    /// Move number of the root (for the pass rule).
    move_number: usize,
    stop: AtomicBool,
    playouts: AtomicU64,
    playout_limit: u64,
    nodes: AtomicUsize,
    own_black: Vec<AtomicU32>,
    own_white: Vec<AtomicU32>,
    own_samples: AtomicU32,
    filters: &'a [MoveFilter],
    /// Deepest move the filters apply to (0: none).
    filter_depth: usize,
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
        }
    }
}

/// RAVE equivalence constant K: 3000 on small boards, 5000 on 19x19.
fn rave_k(size: usize) -> f64 {
    if size >= 17 {
        5000.0
    } else {
        3000.0
    }
}

/// Move number from which a pass child is offered (Pachi: size² / (7 −
/// size/5)); before it only when the last move was a pass.
fn pass_threshold(size: usize) -> usize {
    let d = 7usize.saturating_sub(size / 5).max(1);
    size * size / d
}

fn code_of(m: Move) -> u16 {
    match m {
        Move::Pass => PASS_CODE,
        Move::Play(p) => p.0,
    }
}

fn move_of(code: u16) -> Move {
    if code == PASS_CODE {
        Move::Pass
    } else {
        Move::Play(Point(code))
    }
}

/// Children of a node for `color` to move on `board`, with priors.
fn make_children(
    board: &Board,
    color: Color,
    move_number: usize,
    dist: &mut [u8; MAX_POINTS],
) -> Vec<Node> {
    priors::last_move_distance(board, dist);
    let mut kids = Vec::with_capacity(board.empty_points().len() + 1);
    for &e in board.empty_points() {
        let p = Point(e);
        if !board.is_legal(color, p) {
            continue;
        }
        let pr = priors::prior(board, color, p, dist);
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
        kids.push(Node::new(PASS_CODE, even as u16, (even / 2.0) as u16));
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
        let mut best = &kids[0];
        let mut best_v = f64::NEG_INFINITY;
        for c in kids {
            let mut v = c.value(k) + rng.gen::<f64>() * 1e-7;
            if c.mv == PASS_CODE {
                v -= 1e-6;
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
        let kids = make_children(board, color, self.move_number + depth, &mut s.dist);
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
        loop {
            if node.kids().is_empty() {
                let depth = s.path.len() - 1;
                if depth > 0 && node.visits.load(Ordering::Relaxed) <= self.cfg.expand_after {
                    break;
                }
                self.expand(node, board, color, depth, s);
                if node.kids().is_empty() {
                    break;
                }
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
                    s.log.push(color, p);
                }
            }
            s.starts.push(s.log.len);
            color = !color;
            node = child;
            if passes >= 2 || s.path.len() >= 200 {
                break;
            }
        }
        let score = playout::playout(
            board,
            color,
            self.komi,
            self.cfg.policy,
            &mut s.rng,
            &mut s.log,
        );
        self.record_ownership(board, s);
        self.backup(score, s);
        self.playouts.fetch_add(1, Ordering::Relaxed);
    }

    fn record_ownership(&self, board: &Board, s: &mut Scratch<'a>) {
        board.add_area_owners(&mut s.own_black, &mut s.own_white);
        s.own_n += 1;
        if s.own_n >= 32 {
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

    fn worker(&self, seed: u64) {
        let mut s = Scratch::new(seed);
        let mut board = self.board.clone();
        while !self.stop.load(Ordering::Relaxed) {
            if self.playouts.load(Ordering::Relaxed) >= self.playout_limit {
                break;
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
/// one thread on 9x9, with these stores 1.92x (README, Performance).
#[inline]
fn add_relaxed(a: &std::sync::atomic::AtomicU32, x: u32) {
    a.store(a.load(Ordering::Relaxed).wrapping_add(x), Ordering::Relaxed);
}

/// Lower confidence bound of a win rate from `n` visits (normal
/// approximation, about 2 standard deviations).
fn lcb(winrate: f64, n: u32) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let n = n as f64;
    (winrate - 2.0 * (winrate * (1.0 - winrate) / n).sqrt() - 1.0 / n).clamp(0.0, 1.0)
}

/// The most-visited line below `node`, starting with its move.
fn principal_variation(node: &Node, max_len: usize) -> Vec<Move> {
    let mut pv = vec![move_of(node.mv)];
    let mut n = node;
    while pv.len() < max_len {
        let kids = n.kids();
        let Some(best) = kids.iter().max_by_key(|c| c.visits.load(Ordering::Relaxed)) else {
            break;
        };
        if best.visits.load(Ordering::Relaxed) == 0 {
            break;
        }
        pv.push(move_of(best.mv));
        n = best;
    }
    pv
}

/// Candidates at the root, most visited first.
fn root_candidates(root: &Node, pv_len: usize) -> Vec<Candidate> {
    let kids = root.kids();
    let prior_total: f64 = kids
        .iter()
        .map(|c| c.prior_wins as f64 / c.prior_visits.max(1) as f64)
        .sum();
    let mut v: Vec<Candidate> = kids
        .iter()
        .filter(|c| c.visits.load(Ordering::Relaxed) > 0)
        .map(|c| {
            let st = c.stats();
            let wr = if st.visits > 0 {
                st.wins / st.visits as f64
            } else {
                0.5
            };
            Candidate {
                mv: move_of(c.mv),
                visits: st.visits,
                winrate: wr,
                prior: if prior_total > 0.0 {
                    (c.prior_wins as f64 / c.prior_visits.max(1) as f64) / prior_total
                } else {
                    0.0
                },
                lcb: lcb(wr, st.visits),
                score_mean: st.score_mean,
                pv: principal_variation(c, pv_len),
            }
        })
        .collect();
    v.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    v
}

/// A progress callback and how often to call it.
pub type Ticker<'t> = (Duration, &'t mut dyn FnMut(&Progress));

/// What a progress callback sees.
pub struct Progress<'a> {
    pub info: &'a SearchInfo,
    pub ownership: &'a dyn Fn() -> Ownership,
}

impl Searcher {
    /// A searcher with its own thread pool of `cfg.threads` workers.
    pub fn new(cfg: SearchConfig) -> Searcher {
        let threads = cfg.threads.max(1);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("kosumi-search-{i}"))
            .build()
            .unwrap_or_else(|_| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(1)
                    .build()
                    .expect("cannot start even one search thread")
            });
        Searcher {
            cfg,
            pool,
            tree: None,
            ownership: None,
            searches: 0,
        }
    }

    /// Forgets the kept tree (new game, new board size).
    pub fn clear(&mut self) {
        self.drop_tree();
        self.ownership = None;
    }

    fn drop_tree(&mut self) {
        if let Some(t) = self.tree.take() {
            // Freeing millions of nodes takes a while: not on the clock.
            std::thread::spawn(move || drop(t));
        }
    }

    /// Takes the kept tree for `game` if the game continues the position
    /// it was built for (same setup, the kept moves a prefix of the game's,
    /// colours alternating as the tree assumes) and its search komi is
    /// within two points of `komi` (dynamic komi moves a little every
    /// move); otherwise a fresh root.
    fn take_root(&mut self, game: &Game, komi: f32) -> (Box<Node>, bool) {
        let fresh = (Box::new(Node::default()), false);
        let Some(t) = self.tree.take() else {
            return fresh;
        };
        let moves: Vec<(Color, Move)> = game.moves().collect();
        let setup_hash = game.position_hashes().first().copied().unwrap_or(0);
        let k = t.moves.len();
        if t.size != game.size()
            || (t.komi - komi).abs() > 2.0
            || t.setup_hash != setup_hash
            || moves.len() < k
            || moves[..k] != t.moves[..]
        {
            std::thread::spawn(move || drop(t));
            return fresh;
        }
        let mut expected = t.to_move;
        let mut root = t.root;
        for &(c, m) in &moves[k..] {
            let kids = if c == expected {
                root.children.take()
            } else {
                None
            };
            let Some(kids) = kids else {
                std::thread::spawn(move || drop(root));
                return fresh;
            };
            let mut kids = kids.into_vec();
            let Some(i) = kids.iter().position(|n| n.mv == code_of(m)) else {
                std::thread::spawn(move || drop(kids));
                return fresh;
            };
            let child = kids.swap_remove(i);
            std::thread::spawn(move || drop(kids));
            root = Box::new(child);
            expected = !expected;
        }
        if expected != game.to_move() {
            std::thread::spawn(move || drop(root));
            return fresh;
        }
        (root, true)
    }

    /// Removes root children that positional superko forbids.
    fn sanitize_root(root: &mut Node, game: &Game) {
        let c = game.to_move();
        if let Some(kids) = root.children.take() {
            let before = kids.len();
            let kept: Vec<Node> = kids
                .into_vec()
                .into_iter()
                .filter(|k| game.is_legal(c, move_of(k.mv)))
                .collect();
            if kept.len() != before {
                log::debug!("superko removed {} root moves", before - kept.len());
            }
            if !kept.is_empty() {
                let _ = root.children.set(kept.into_boxed_slice());
            }
        }
    }

    /// Runs a search on `game` for the side to move with effective `komi`.
    /// `input` reports new input; `tick` is called every `tick_every` with
    /// progress. Keeps the tree for the next search.
    pub fn search(
        &mut self,
        game: &Game,
        komi: f32,
        limits: Limits,
        input: &crate::gtp::InputState,
        mut tick: Option<Ticker>,
    ) -> SearchInfo {
        let started = Instant::now();
        self.searches += 1;
        let (mut root, reused) = if limits.deterministic {
            self.drop_tree();
            (Box::new(Node::default()), false)
        } else {
            self.take_root(game, komi)
        };
        let board = game.board().clone();
        let to_move = game.to_move();
        let mut dist = Box::new([u8::MAX; MAX_POINTS]);
        if root.kids().is_empty() {
            let kids: Vec<Node> = make_children(&board, to_move, game.move_count(), &mut dist)
                .into_iter()
                .filter(|k| game.is_legal(to_move, move_of(k.mv)))
                .collect();
            let _ = root.children.set(kids.into_boxed_slice());
        } else {
            Self::sanitize_root(&mut root, game);
        }
        let nodes = if reused {
            root.count()
        } else {
            root.kids().len() + 1
        };
        log::debug!("search: reused={reused} nodes={nodes}");
        let shared = Shared {
            root: &root,
            board: &board,
            to_move,
            komi,
            cfg: &self.cfg,
            move_number: game.move_count(),
            stop: AtomicBool::new(false),
            playouts: AtomicU64::new(0),
            playout_limit: limits.playouts.unwrap_or(u64::MAX),
            nodes: AtomicUsize::new(nodes),
            own_black: (0..MAX_POINTS).map(|_| AtomicU32::new(0)).collect(),
            own_white: (0..MAX_POINTS).map(|_| AtomicU32::new(0)).collect(),
            own_samples: AtomicU32::new(0),
            filters: &limits.filters,
            filter_depth: limits
                .filters
                .iter()
                .map(|f| f.until_depth)
                .max()
                .unwrap_or(0),
        };
        let base_seed = self.cfg.seed
            ^ if limits.deterministic {
                0
            } else {
                self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            };
        if limits.deterministic {
            shared.worker(base_seed);
        } else {
            let threads = self.cfg.threads.max(1);
            let shared_ref = &shared;
            self.pool.in_place_scope(|scope| {
                for i in 0..threads {
                    scope.spawn(move |_| {
                        shared_ref.worker(base_seed.wrapping_add(i as u64 * 0x2545_F491_4F6C_DD1D))
                    });
                }
                Self::monitor(shared_ref, &limits, input, started, &mut tick);
            });
        }
        let info = Self::info(&shared, started);
        self.ownership = Some(Self::ownership_of(&shared, game));
        drop(shared);
        self.tree = Some(Tree {
            root,
            moves: game.moves().collect(),
            setup_hash: game.position_hashes().first().copied().unwrap_or(0),
            komi,
            size: game.size(),
            to_move,
        });
        info
    }

    /// Watches limits and input from the calling thread until the search
    /// should stop, then tells the workers.
    fn monitor(
        shared: &Shared,
        limits: &Limits,
        input: &crate::gtp::InputState,
        started: Instant,
        tick: &mut Option<Ticker>,
    ) {
        let mut last_tick = Instant::now();
        let mut last_check = Instant::now();
        loop {
            std::thread::sleep(Duration::from_millis(2));
            let elapsed = started.elapsed();
            let playouts = shared.playouts.load(Ordering::Relaxed);
            let mut stop = playouts >= shared.playout_limit
                || input.should_stop()
                || (limits.stop_on_input && input.any_input());
            if let Some(t) = limits.time {
                if elapsed >= t {
                    stop = true;
                }
                if limits.early_stop
                    && !stop
                    && last_check.elapsed() >= Duration::from_millis(20)
                    && elapsed >= t / 10
                {
                    last_check = Instant::now();
                    let rate = playouts as f64 / elapsed.as_secs_f64().max(1e-3);
                    let remaining = rate * (t.saturating_sub(elapsed)).as_secs_f64();
                    let remaining = match limits.playouts {
                        Some(l) => remaining.min(l.saturating_sub(playouts) as f64),
                        None => remaining,
                    };
                    if Self::decided(shared, remaining) {
                        stop = true;
                    }
                }
            }
            if let Some((every, f)) = tick.as_mut() {
                if last_tick.elapsed() >= *every && !stop {
                    last_tick = Instant::now();
                    let info = Self::info(shared, started);
                    let own = || Self::ownership_now(shared);
                    f(&Progress {
                        info: &info,
                        ownership: &own,
                    });
                }
            }
            if stop || shared.stop.load(Ordering::Relaxed) {
                shared.stop.store(true, Ordering::Relaxed);
                return;
            }
            // All workers finished on their own (playout limit).
            if playouts >= shared.playout_limit {
                return;
            }
        }
    }

    /// Whether the most visited root child cannot be overtaken with
    /// `remaining` more playouts. Under filters only the root children they
    /// permit count (a kept tree may hold many visits of a forbidden one).
    fn decided(shared: &Shared, remaining: f64) -> bool {
        let mut first = 0u32;
        let mut second = 0u32;
        for c in shared.root.kids() {
            if shared.filter_depth > 0
                && !filters_permit(shared.filters, shared.to_move, 1, move_of(c.mv))
            {
                continue;
            }
            let v = c.visits.load(Ordering::Relaxed);
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        first > 0 && (first - second) as f64 > remaining
    }

    fn info(shared: &Shared, started: Instant) -> SearchInfo {
        let candidates = root_candidates(shared.root, 12);
        let (winrate, score_mean) = candidates
            .first()
            .map(|c| (c.winrate, c.score_mean))
            .unwrap_or((0.5, 0.0));
        SearchInfo {
            playouts: shared.playouts.load(Ordering::Relaxed),
            root_visits: shared.root.visits.load(Ordering::Relaxed),
            elapsed: started.elapsed(),
            winrate,
            score_mean,
            nodes: shared.nodes.load(Ordering::Relaxed),
            candidates,
        }
    }

    fn ownership_now(shared: &Shared) -> Ownership {
        let n = shared.own_samples.load(Ordering::Relaxed).max(1) as f32;
        Ownership {
            size: shared.board.size(),
            hash: shared.board.hash(),
            to_move: shared.to_move,
            samples: shared.own_samples.load(Ordering::Relaxed),
            black: shared
                .own_black
                .iter()
                .map(|a| a.load(Ordering::Relaxed) as f32 / n)
                .collect(),
            white: shared
                .own_white
                .iter()
                .map(|a| a.load(Ordering::Relaxed) as f32 / n)
                .collect(),
        }
    }

    fn ownership_of(shared: &Shared, _game: &Game) -> Ownership {
        Self::ownership_now(shared)
    }

    /// Ownership of `game`'s position from `n` playouts without a tree
    /// (for scoring when no recent search covers the position).
    pub fn sample_ownership(&self, game: &Game, n: u32) -> Ownership {
        let board = game.board();
        let mut rng = SmallRng::seed_from_u64(self.cfg.seed ^ board.hash());
        let mut log = MoveLog::default();
        let mut black = vec![0u32; MAX_POINTS];
        let mut white = vec![0u32; MAX_POINTS];
        for i in 0..n {
            let mut b = board.clone();
            let first = if i % 2 == 0 {
                game.to_move()
            } else {
                !game.to_move()
            };
            log.clear();
            playout::playout(
                &mut b,
                first,
                game.komi(),
                self.cfg.policy,
                &mut rng,
                &mut log,
            );
            b.add_area_owners(&mut black, &mut white);
        }
        let nf = n.max(1) as f32;
        Ownership {
            size: board.size(),
            hash: board.hash(),
            to_move: game.to_move(),
            samples: n,
            black: black.iter().map(|&v| v as f32 / nf).collect(),
            white: white.iter().map(|&v| v as f32 / nf).collect(),
        }
    }
}

/// The status of every chain at the end of a game, from ownership.
#[derive(Clone, Debug, Default)]
pub struct Judgement {
    /// Stones of dead chains.
    pub dead: Vec<Point>,
    /// Stones of chains in seki.
    pub seki: Vec<Point>,
    /// Stones of chains whose fate the playouts do not agree on.
    pub unclear: Vec<Point>,
    /// The stones of `unclear` that the other colour owns more often than
    /// their own: what a clean-up phase should try to capture.
    pub likely_dead: Vec<Point>,
}

/// Chain statuses from ownership (MCTS-NOTES "Ownership"): a chain is dead
/// when the other colour owns its points in at least 67% of the playouts,
/// alive when its own colour does, unclear otherwise; an alive chain next
/// to a point left empty in most playouts, or in seki by the static test,
/// is in seki. Before ownership, two static tests: a seki
/// ([`crate::game::static_seki`]) and a chain killed by a sacrifice
/// ([`crate::game::dead_by_sacrifice`]).
pub fn judge(board: &Board, own: &Ownership) -> Judgement {
    let geo = board.geometry();
    let mut j = Judgement::default();
    let static_seki = crate::game::static_seki(board, &[]);
    let sacrificed = crate::game::dead_by_sacrifice(board);
    let mut stones = Vec::new();
    for p in geo.points() {
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        if board.chain(p) != p {
            continue;
        }
        stones.clear();
        board.for_each_stone(p, |q| stones.push(q));
        let n = stones.len() as f32;
        let frac = |of: Color| -> f32 {
            let v = if of == Color::Black {
                &own.black
            } else {
                &own.white
            };
            stones.iter().map(|q| v[q.idx()]).sum::<f32>() / n
        };
        let (mine, theirs) = (frac(c), frac(!c));
        // A static seki first: playouts cannot pass, so they end a seki
        // with one side forced into the self-atari, and ownership then
        // calls the other side's stones dead.
        if static_seki.contains(&p) {
            j.seki.extend_from_slice(&stones);
            continue;
        }
        if sacrificed.contains(&p) {
            j.dead.extend_from_slice(&stones);
            continue;
        }
        if theirs >= 0.67 {
            j.dead.extend_from_slice(&stones);
            continue;
        }
        let mut libs = [Point::NONE; 8];
        let k = board.chain_liberties(p, &mut libs);
        let dame_lib = libs[..k].iter().any(|l| {
            let empty = 1.0 - own.black[l.idx()] - own.white[l.idx()];
            empty >= 0.6
                && board
                    .neighbours(*l)
                    .iter()
                    .any(|q| board.stone(*q).color() == Some(!c))
        });
        if dame_lib && mine >= 0.6 && k <= 3 {
            j.seki.extend_from_slice(&stones);
        } else if mine < 0.67 {
            j.unclear.extend_from_slice(&stones);
            if theirs > mine {
                j.likely_dead.extend_from_slice(&stones);
            }
        }
    }
    settle_invaders(board, &mut j);
    j
}

/// Unclear chains of at most this many stones may be settled as dead
/// invaders by [`settle_invaders`].
const MAX_INVADER: usize = 6;

/// Small unclear chains inside the other colour's territory are dead
/// (GNU Go's reading of a finished game). Playouts cannot tell: where the
/// walls around an area have no eyes of their own, random play kills the
/// wall as often as the invader. With every unclear and dead chain lifted
/// off the board, Bouzy's 5/21 territory map ([`bouzy_territory`]) says
/// whose area each point is; a small unclear chain all of whose points
/// fall in the other colour's territory is dead.
fn settle_invaders(board: &Board, j: &mut Judgement) {
    if j.unclear.is_empty() {
        return;
    }
    // Dead chains exert no influence either.
    let mut off = j.unclear.clone();
    off.extend_from_slice(&j.dead);
    let lifted = crate::game::dead_mask(board, &off);
    let map = bouzy_territory(board, &lifted);
    let mut dead = Vec::new();
    let mut stones = Vec::new();
    for &p in &j.unclear {
        if board.chain(p) != p {
            continue;
        }
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        stones.clear();
        board.for_each_stone(p, |q| stones.push(q));
        let theirs = |v: i32| if c == Color::Black { v < 0 } else { v > 0 };
        if stones.len() <= MAX_INVADER && stones.iter().all(|q| theirs(map[q.idx()])) {
            dead.extend_from_slice(&stones);
        }
    }
    if dead.is_empty() {
        return;
    }
    // One look per point to filter.
    let is_dead = crate::game::dead_mask(board, &dead);
    j.unclear.retain(|p| !is_dead[p.idx()]);
    j.likely_dead.retain(|p| !is_dead[p.idx()]);
    j.dead.extend(dead);
}

/// Bouzy's 5/21 territory map (the one GNU Go uses for territory): stones
/// start at +128 (black) or -128 (white), points in `lifted` count as
/// empty; 5 dilations spread each colour's influence over points that the
/// other colour does not touch, then 21 erosions wear it away wherever
/// the two meet. Positive values are black's territory, negative white's.
pub fn bouzy_territory(board: &Board, lifted: &[bool]) -> Vec<i32> {
    let geo = board.geometry();
    let mut v = vec![0i32; MAX_POINTS];
    for p in geo.points() {
        if lifted[p.idx()] {
            continue;
        }
        v[p.idx()] = match board.stone(p).color() {
            Some(Color::Black) => 128,
            Some(Color::White) => -128,
            None => 0,
        };
    }
    let on = |q: Point| board.stone(q) != crate::types::Stone::Edge;
    for _ in 0..5 {
        let old = v.clone();
        for p in geo.points() {
            let (mut pos, mut neg) = (0, 0);
            for q in board.neighbours(p) {
                if on(q) {
                    pos += (old[q.idx()] > 0) as i32;
                    neg += (old[q.idx()] < 0) as i32;
                }
            }
            let x = old[p.idx()];
            if x >= 0 && neg == 0 {
                v[p.idx()] = x + pos;
            } else if x <= 0 && pos == 0 {
                v[p.idx()] = x - neg;
            }
        }
    }
    for _ in 0..21 {
        let old = v.clone();
        for p in geo.points() {
            let x = old[p.idx()];
            let mut wear = 0;
            for q in board.neighbours(p) {
                if on(q) {
                    let y = old[q.idx()];
                    wear += ((x > 0 && y <= 0) || (x < 0 && y >= 0)) as i32;
                }
            }
            v[p.idx()] = if x > 0 {
                (x - wear).max(0)
            } else if x < 0 {
                (x + wear).min(0)
            } else {
                0
            };
        }
    }
    v
}

#[cfg(test)]
mod tests;
