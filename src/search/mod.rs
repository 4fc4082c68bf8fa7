//! Monte Carlo tree search: one shared tree, many rayon workers, RAVE/AMAF
//! values with priors and no exploration term, virtual loss, tree reuse, a
//! node budget, and ownership statistics from the playouts.
//!
//! The search runs workers on a rayon pool while the calling thread
//! watches the clock, the playout budget and the [`StopSignal`], and
//! reports progress to a callback (analysis streams, live graphics).
//!
//! - [`simulate`]: one simulation (descend, expand, play out, back up);
//! - [`node`]: the lock-free tree node;
//! - [`priors`]: the virtual statistics of new children;
//! - [`report`]: candidates, principal variations and confidence bounds;
//! - [`reuse`]: keeping the tree from one move to the next;
//! - [`time`]: the clock and the time budget of a move;
//! - [`params`]: every tuning value, named and sourced.

mod netprior;
pub mod node;
pub mod params;
pub mod priors;
mod report;
mod reuse;
mod simulate;
pub mod time;

pub use params::PARAMS;

use crate::game::{Game, Rules};
use crate::playout::Policy;
use crate::predict::net::Net;
use crate::types::{Color, Move, Point, MAX_POINTS};
use node::Node;
use report::root_candidates;
use reuse::Tree;
use simulate::{make_children, move_of, ChildPriors, Shared};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
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
    /// Playout policy.
    pub policy: Policy,
    /// When to add the built-in move-prediction model's priors
    /// ([`crate::predict::builtin`]) to the hand-made ones.
    pub learned_priors: LearnedPriors,
    /// The policy network whose priors the search asks for on boards of
    /// [`NetParams::min_size`](params::NetParams) and up (none: the
    /// move-prediction model alone).
    pub net: Option<Arc<Net>>,
    /// When heavy playouts play the last good replies of the search
    /// (LGRF-2, [`crate::playout::replies`]).
    pub lgrf: Lgrf,
    /// Weight of the score term of the selection value, in win-rate
    /// units ([`params::ScoreUtilityParams`]); 0 plays for the win rate
    /// alone. `None`: [`PARAMS`]' weight for the board's size.
    pub score_weight: Option<f64>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            seed: 0x6b6f_7375_6d69,
            max_nodes: 10_000_000,
            policy: Policy::Heavy,
            learned_priors: LearnedPriors::Auto,
            net: None,
            lgrf: Lgrf::Auto,
            score_weight: None,
        }
    }
}

/// When the search adds the move-prediction model's priors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnedPriors {
    Off,
    On,
    /// On boards of 9x9 and up: with against without, it won 32/40 in
    /// 19x19 self-play at 0.4 s a move, 38/60 on 9x9 at 0.5 s a move and
    /// 36/40 on 13x13 at 3,000 playouts (docs/strength.md, issue 17). The
    /// model was learned from 19x19 games; below 9x9 it is unmeasured.
    Auto,
}

impl LearnedPriors {
    /// Parses `on`, `off` or `auto`.
    pub fn parse(s: &str) -> Option<LearnedPriors> {
        match s {
            "on" => Some(LearnedPriors::On),
            "off" => Some(LearnedPriors::Off),
            "auto" => Some(LearnedPriors::Auto),
            _ => None,
        }
    }

    /// Whether the model's priors apply on a board of side `size`.
    pub fn applies(self, size: usize) -> bool {
        match self {
            LearnedPriors::Off => false,
            LearnedPriors::On => true,
            LearnedPriors::Auto => size >= 9,
        }
    }
}

/// When the heavy playouts play the search's last good replies
/// ([`crate::playout::replies`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lgrf {
    Off,
    On,
    /// On 19x19 and larger boards: with against without, 29/48 in 19x19
    /// self-play at 0.5 s a move (docs/strength.md, issue 34); smaller
    /// boards are unmeasured.
    Auto,
}

impl Lgrf {
    /// Parses `on`, `off` or `auto`.
    pub fn parse(s: &str) -> Option<Lgrf> {
        match s {
            "on" => Some(Lgrf::On),
            "off" => Some(Lgrf::Off),
            "auto" => Some(Lgrf::Auto),
            _ => None,
        }
    }

    /// Whether the replies apply on a board of side `size`.
    pub fn applies(self, size: usize) -> bool {
        match self {
            Lgrf::Off => false,
            Lgrf::On => true,
            Lgrf::Auto => size >= 19,
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
    /// With `early_stop`: past `time`, the search goes on up to this
    /// while the best move is unclear (Pachi's "keep looking": the most
    /// visited move has not far more visits than the second, or a rival
    /// with a fair share of its visits wins more often).
    pub max_time: Option<Duration>,
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
    /// Search threads for this search, at most the searcher's pool (none:
    /// all of them).
    pub threads: Option<usize>,
    /// Count ownership separately after each root move, for
    /// [`Candidate::ownership`] (KataGo's `includeMovesOwnership`). Costs
    /// about 2 MB and a pass over the board per playout.
    pub moves_ownership: bool,
    /// Length of the principal variations reported (none: 12).
    pub pv_len: Option<usize>,
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
    /// Visits of each move of `pv`.
    pub pv_visits: Vec<u32>,
    /// Ownership in the playouts after this move, with
    /// [`Limits::moves_ownership`].
    pub ownership: Option<Ownership>,
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
    /// Mean score margin for the side to move (of the best candidate).
    pub score_mean: f64,
    /// Mean score margin for the side to move over every playout of the
    /// tree (the root's own statistics).
    pub root_score_mean: f64,
    /// Win rate for the side to move over every playout of the tree.
    pub root_winrate: f64,
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

/// Requests to stop a running search early, made from outside it (by the
/// thread that reads input). Each [`Searcher`] owns one and hands it out
/// with [`Searcher::stop_signal`].
#[derive(Debug, Default)]
pub struct StopSignal {
    /// Stop now and answer with the best move so far (GoGui's interrupt).
    interrupt: AtomicBool,
    /// Input arrived: searches that run until the next input (analysis
    /// streams, pondering) stop.
    input: AtomicBool,
}

impl StopSignal {
    /// Asks the running search to stop now.
    pub fn interrupt(&self) {
        self.interrupt.store(true, Ordering::Release);
    }

    /// Whether an interrupt was asked for since the last [`StopSignal::clear`].
    pub fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Acquire)
    }

    /// Says that input arrived (or, with `false`, that none is waiting).
    pub fn set_input(&self, arrived: bool) {
        self.input.store(arrived, Ordering::Release);
    }

    /// Whether input arrived (an interrupt counts as input).
    pub fn input_arrived(&self) -> bool {
        self.input.load(Ordering::Acquire) || self.interrupted()
    }

    /// Clears both requests (a new command starts).
    pub fn clear(&self) {
        self.interrupt.store(false, Ordering::Release);
        self.input.store(false, Ordering::Release);
    }
}

/// A progress callback and how often to call it.
pub type Ticker<'t> = (Duration, &'t mut dyn FnMut(&Progress));

/// What a progress callback sees.
pub struct Progress<'a> {
    pub info: &'a SearchInfo,
    pub ownership: &'a dyn Fn() -> Ownership,
}

/// The searcher: the thread pool, the kept tree, the last ownership.
pub struct Searcher {
    cfg: SearchConfig,
    pool: rayon::ThreadPool,
    tree: Option<Tree>,
    /// Ownership from the most recent search.
    ownership: Option<Ownership>,
    searches: u64,
    signal: Arc<StopSignal>,
}

impl Searcher {
    /// A searcher with its own thread pool of `cfg.threads` workers and
    /// its own stop signal.
    pub fn new(cfg: SearchConfig) -> Searcher {
        Searcher::with_signal(cfg, Arc::default())
    }

    /// A searcher that obeys `signal` (shared with another searcher).
    pub fn with_signal(cfg: SearchConfig, signal: Arc<StopSignal>) -> Searcher {
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
            signal,
        }
    }

    /// The signal that stops this searcher's searches early.
    pub fn stop_signal(&self) -> Arc<StopSignal> {
        self.signal.clone()
    }

    /// The settings it searches with.
    pub fn config(&self) -> &SearchConfig {
        &self.cfg
    }

    /// Ownership statistics of the most recent search, if any.
    pub fn ownership(&self) -> Option<&Ownership> {
        self.ownership.as_ref()
    }

    /// Forgets the kept tree and the last ownership (new game).
    pub fn clear(&mut self) {
        self.drop_tree();
        self.ownership = None;
    }

    /// Runs a search on `game` for the side to move with effective `komi`,
    /// until `limits` or the stop signal end it; `tick` is called at its
    /// interval with progress. Keeps the tree for the next search.
    pub fn search(
        &mut self,
        game: &Game,
        komi: f32,
        limits: Limits,
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
        let learned = self.cfg.learned_priors.applies(board.size());
        let child_priors = ChildPriors {
            learned,
            pass_wins: if learned {
                priors::pass_boost(game)
            } else {
                0.0
            },
        };
        if root.kids().is_empty() {
            let kids: Vec<Node> =
                make_children(&board, to_move, game.move_count(), &mut dist, child_priors)
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
        // Territory rules, played with area playouts: the stones put down
        // so far and in the tree are charged one point each
        // (`Game::stone_balance`; docs/search.md, "Territory rules").
        let territory = game.rules() == Rules::Japanese;
        let net = self.net_for(board.size());
        let (score_weight, score_scale) =
            simulate::score_utility(self.cfg.score_weight, board.size());
        let shared = Shared {
            root: &root,
            board: &board,
            to_move,
            komi: if territory {
                komi + game.stone_balance() as f32
            } else {
                komi
            },
            territory,
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
            child_priors,
            moves_own: limits
                .moves_ownership
                .then(|| simulate::MovesOwnership::new(root.kids().len())),
            pv_len: limits.pv_len.unwrap_or(12).max(1),
            replies: (self.cfg.lgrf.applies(board.size()) && self.cfg.policy == Policy::Heavy)
                .then(crate::playout::replies::Replies::new),
            score_weight,
            score_scale,
            net: net.as_deref().map(|net| {
                let threads = if limits.deterministic {
                    1
                } else {
                    limits.threads.unwrap_or(self.cfg.threads)
                };
                netprior::NetPriors::new(
                    net,
                    &root,
                    &board,
                    to_move,
                    threads,
                    limits.deterministic,
                    self.cfg.learned_priors.applies(board.size()),
                )
            }),
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
            let pool = self.cfg.threads.max(1);
            let threads = limits.threads.map_or(pool, |t| t.clamp(1, pool));
            let shared_ref = &shared;
            self.pool.in_place_scope(|scope| {
                for i in 0..threads {
                    scope.spawn(move |_| {
                        shared_ref.worker(base_seed.wrapping_add(i as u64 * 0x2545_F491_4F6C_DD1D))
                    });
                }
                Self::monitor(shared_ref, &limits, &self.signal, started, &mut tick);
            });
        }
        let info = Self::info(&shared, started);
        self.ownership = Some(Self::ownership_now(&shared));
        if let Some(net) = &shared.net {
            net.release();
            log::debug!("search: {} network evaluations", net.evaluations());
        }
        drop(shared);
        self.tree = Some(Tree {
            root,
            moves: game.moves().collect(),
            setup_hash: game.position_hashes().first().copied().unwrap_or(0),
            komi,
            rules: game.rules(),
            size: game.size(),
            to_move,
        });
        info
    }

    /// Watches the limits and the stop signal from the calling thread
    /// until the search should stop, then tells the workers.
    fn monitor(
        shared: &Shared,
        limits: &Limits,
        signal: &StopSignal,
        started: Instant,
        tick: &mut Option<Ticker>,
    ) {
        let mut last_tick = Instant::now();
        let mut last_check = Instant::now();
        let mut extend = false;
        let mut extended: Option<Instant> = None;
        loop {
            std::thread::sleep(Duration::from_millis(2));
            let elapsed = started.elapsed();
            let playouts = shared.playouts.load(Ordering::Relaxed);
            let mut stop = playouts >= shared.playout_limit
                || signal.interrupted()
                || (limits.stop_on_input && signal.input_arrived());
            if let Some(t) = limits.time {
                if elapsed >= t {
                    stop = true;
                    let max = limits.max_time.filter(|_| limits.early_stop);
                    if let Some(max) = max.filter(|&m| elapsed < m) {
                        // Asked at once past the target, then every 20 ms.
                        if extended
                            .is_none_or(|at: Instant| at.elapsed() >= Duration::from_millis(20))
                        {
                            extended = Some(Instant::now());
                            extend = Self::unclear(shared, elapsed, t, max);
                        }
                        stop = !extend;
                    }
                }
                if limits.early_stop
                    && !stop
                    && last_check.elapsed() >= Duration::from_millis(20)
                    && elapsed >= t / 10
                {
                    last_check = Instant::now();
                    let rate = playouts as f64 / elapsed.as_secs_f64().max(1e-3);
                    // Up to the maximum, which an unclear move may take.
                    let horizon = limits.max_time.map_or(t, |m| m.max(t));
                    let remaining = rate * (horizon.saturating_sub(elapsed)).as_secs_f64();
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

    /// Whether the search, past its target time `t` at `elapsed`, should
    /// go on towards `max` ([`time::keep_looking`] over the root moves the
    /// filters permit).
    fn unclear(shared: &Shared, elapsed: Duration, t: Duration, max: Duration) -> bool {
        let kids: Vec<(u32, f64)> = shared
            .root
            .kids()
            .iter()
            .filter(|c| {
                shared.filter_depth == 0
                    || filters_permit(shared.filters, shared.to_move, 1, move_of(c.mv))
            })
            .map(|c| (c.visits.load(Ordering::Relaxed), c.winrate()))
            .filter(|k| k.0 > 0)
            .collect();
        time::keep_looking(&kids, elapsed, t, max)
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

    /// The move probabilities the search's priors start from for `c` on
    /// `board`: the policy network's where the search asks one, else the
    /// move-prediction model's. Legal moves (superko aside), most probable
    /// first.
    pub fn policy(&self, board: &crate::board::Board, c: Color) -> Vec<(Point, f64)> {
        let Some(net) = self.net_for(board.size()) else {
            return crate::predict::builtin().rank(board, c);
        };
        let probs = net.policy(board, c, &mut Default::default());
        let mut v: Vec<(Point, f64)> = board
            .empty_points()
            .iter()
            .map(|&e| Point(e))
            .filter(|&p| board.is_legal(c, p))
            .map(|p| (p, probs[p.idx()] as f64))
            .collect();
        // Summed in double precision, so that the reported policy sums to
        // 1 past the network's single-precision rounding.
        let total: f64 = v.iter().map(|x| x.1).sum();
        if total > 0.0 {
            v.iter_mut().for_each(|x| x.1 /= total);
        }
        v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    }

    /// Whether [`Searcher::policy`] is a network's on a board of side
    /// `size`.
    pub fn uses_net(&self, size: usize) -> bool {
        self.net_for(size).is_some()
    }

    /// The network the search asks on a board of side `size`, if any.
    fn net_for(&self, size: usize) -> Option<Arc<Net>> {
        self.cfg.net.clone().filter(|_| size >= PARAMS.net.min_size)
    }

    fn info(shared: &Shared, started: Instant) -> SearchInfo {
        let mut candidates = root_candidates(shared.root, shared.pv_len);
        // Once the network has read the root, the reported prior is its
        // probability of the move (lz-analyze's `prior`, KataGo's).
        if let Some(policy) = shared.net.as_ref().and_then(|n| n.root_policy()) {
            for c in &mut candidates {
                c.prior = match c.mv {
                    Move::Play(p) => policy[p.idx()] as f64,
                    Move::Pass => 0.0,
                };
            }
        }
        if let Some(mo) = &shared.moves_own {
            let kids = shared.root.kids();
            for c in &mut candidates {
                let code = simulate::code_of(c.mv);
                if let Some(i) = kids.iter().position(|k| k.mv == code) {
                    c.ownership = Some(mo.ownership(i, shared));
                }
            }
        }
        let (winrate, score_mean) = candidates
            .first()
            .map(|c| (c.winrate, c.score_mean))
            .unwrap_or((0.5, 0.0));
        // The root's statistics are its mover's, the opponent of the side
        // to move.
        let root = shared.root.stats();
        let (root_winrate, root_score_mean) = if root.visits > 0 {
            (1.0 - root.wins / root.visits as f64, -root.score_mean)
        } else {
            (0.5, 0.0)
        };
        SearchInfo {
            playouts: shared.playouts.load(Ordering::Relaxed),
            root_visits: shared.root.visits.load(Ordering::Relaxed),
            elapsed: started.elapsed(),
            winrate,
            score_mean,
            root_score_mean,
            root_winrate,
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
}

#[cfg(test)]
mod tests;
