//! The search's tuning values in one place, each with where it comes from.
//!
//! Most are the values of michi, Pachi and Fuego (docs/search.md explains
//! what each does); the rest say how they were set. A value changed here changes play: measure it in games
//! (HACKING.md, "Measuring a change") and cite the new bench signature.
//!
//! [`PARAMS`] is a constant, so every use folds to an immediate value: the
//! names cost nothing in the hot paths.

/// A value for boards below 17x17 and one for 17x17 and up (Pachi tunes
/// 19x19 apart from the small boards).
#[derive(Clone, Copy, Debug)]
pub struct BySize<T> {
    pub small: T,
    pub large: T,
}

impl<T: Copy> BySize<T> {
    /// The value for a board of side `size`.
    #[inline]
    pub const fn get(&self, size: usize) -> T {
        if size >= 17 {
            self.large
        } else {
            self.small
        }
    }
}

/// Virtual (visits, wins) added to a new child's statistics.
#[derive(Clone, Copy, Debug)]
pub struct Bonus {
    pub visits: f32,
    pub wins: f32,
}

impl Bonus {
    /// `n` virtual wins in `n` visits.
    pub const fn wins(n: f32) -> Bonus {
        Bonus { visits: n, wins: n }
    }

    /// `n` virtual losses: visits without wins.
    pub const fn losses(n: f32) -> Bonus {
        Bonus {
            visits: n,
            wins: 0.0,
        }
    }
}

/// The priors of a new child ([`super::priors::prior`]). michi's values
/// unless said otherwise; they enter the ordinary statistics, never AMAF.
#[derive(Clone, Copy, Debug)]
pub struct PriorParams {
    /// Even prior of every child, pass included: half wins over this many
    /// visits (Pachi 14 on small boards, 20 on 19x19; removing it cost
    /// Pachi about 500 Elo).
    pub even_visits: BySize<f32>,
    /// Filling an own true eye (Pachi).
    pub own_eye: Bonus,
    /// A capture of one stone, of more.
    pub capture_one: Bonus,
    pub capture_more: Bonus,
    /// Saving an own chain in atari (one stone, more), unless the escape
    /// runs into a working ladder, which gets [`PriorParams::ladder_escape`].
    pub rescue_one: Bonus,
    pub rescue_more: Bonus,
    /// Escaping into a working ladder only loses more stones (Pachi
    /// prunes such moves; michi gives them 20 losses).
    pub ladder_escape: Bonus,
    /// An atari that catches one stone, more, in a working ladder (chosen
    /// when the ladder reader came in, untuned; the ladders of the tactics
    /// regression files test it).
    pub ladder_capture_one: Bonus,
    pub ladder_capture_more: Bonus,
    /// The atari that starts or wins a capturing race
    /// ([`crate::tactics::starts_race`]): the playouts' counter-atari, as
    /// a prior (the size of a ladder capture of one stone, untuned).
    pub race_atari: Bonus,
    /// The vital point of a small eye space of either colour (the middle
    /// of three, the centre of the pyramid four, bulky five, cross five,
    /// rabbity six): kills the opponent's, makes one's own two eyes.
    /// Between michi's single and multiple captures, untuned.
    pub nakade: Bonus,
    /// A self-atari of more than one stone, unless it throws in stones
    /// that kill ([`crate::tactics::nakade::sacrifice_kills`]): losses.
    pub self_atari: BySize<f32>,
    /// A MoGo 3x3 pattern at the move (michi's PRIOR_PAT3 on small boards,
    /// Pachi's doubling on 19x19). Self-play at 3,000 playouts a move on
    /// 9x9 against the build without it: 103/184 (56%).
    pub pattern: BySize<f32>,
    /// Distance 1, 2 and 3 from the last move along chains (a chain counts
    /// as one step).
    pub near_last: [f32; 3],
    /// No stone within Manhattan distance 3: first and second line lose
    /// this many visits, the third line wins as many.
    pub empty_area: f32,
    /// The learned move-prediction prior: a move of probability p gets
    /// sqrt(p) times this in wins and visits (Pachi's pattern prior; Pachi
    /// 12.90 uses 210 on 9x9 and 300 on 19x19). On 9x9 at 3,000 playouts a
    /// move, one thread: 50 against none 71/100, 150 against 50 65/100,
    /// 300 against 150 53/100; on 19x19 at 2,000 playouts 150 against 50
    /// 17/20, 300 against 150 14/20, and at 8,000 playouts 300 against 50
    /// 15/15 (docs/strength.md).
    pub learned: BySize<f32>,
    /// Under territory rules, with the learned priors on, in a close
    /// endgame (fewer than `close_open_points` open points, the stone count
    /// within `close_margin`): the pass gets this share of `learned` in
    /// wins. The learned priors lift every stone and never the pass, which
    /// there may be the best move (Pachi's boost_pass, 3/4).
    pub pass_share: f32,
    pub close_open_points: usize,
    pub close_margin: f32,
}

/// The policy network's priors ([`crate::predict::net`]): asked for a
/// node's children once the node is visited often enough, evaluated by
/// the search workers between playouts within a share of their time.
#[derive(Clone, Copy, Debug)]
pub struct NetParams {
    /// A move of probability p gets sqrt(p) times this in wins and visits
    /// (the form of the learned prior).
    pub scale: BySize<f32>,
    /// Visits a node needs before its position is evaluated (the root at
    /// once).
    pub visits: u32,
    /// Most of the workers' time the evaluations may take; past it the
    /// queue waits (the root's is always run).
    pub time_share: f64,
    /// Longest queue; past it the deepest requests are dropped.
    pub queue: usize,
    /// Smallest board the network is asked on (it learned from 19x19
    /// games; smaller boards are unmeasured).
    pub min_size: usize,
    /// Where the move-prediction model's priors apply too, the network's
    /// share of the learned prior: the model keeps `1 - weight` of its
    /// `sqrt(p) * E` and the network gets `weight` of `scale`. Offline,
    /// on 60 held-out games, the model alone ranked 41.05% of the moves
    /// played first, the GPU-trained 6 x 64 network 48.79%, and the two
    /// by the weighted sum of their square roots 47.91% at weight 0.5,
    /// 49.39% at 0.75 (docs/net.md).
    pub weight: f32,
}

/// Pachi's linear dynamic komi for handicap games: the engine asks for
/// more as black and gives itself more as white, falling to zero by a
/// move that depends on the board.
#[derive(Clone, Copy, Debug)]
pub struct DynamicKomiParams {
    /// Points a handicap stone, as black and as white.
    pub per_stone_black: f32,
    pub per_stone_white: f32,
    /// Move by which the extra komi has fallen to zero: up to 9x9, up to
    /// 13x13, and on larger boards as black and as white.
    pub horizon_9: f32,
    pub horizon_13: f32,
    pub horizon_black: f32,
    pub horizon_white: f32,
}

/// Thinking time for one move ([`super::time::budget`]).
#[derive(Clone, Copy, Debug)]
pub struct TimeParams {
    /// Seconds kept back from every budget for the controller's lag
    /// (Pachi keeps 2 s; kosumi 0.25 s, untuned).
    pub lag: f64,
    /// In byo-yomi: this share of a move's time, less the lag (Pachi
    /// 0.9) ...
    pub byoyomi_share: f64,
    /// ... and never more than this share of it.
    pub byoyomi_cap: f64,
    /// In main time with Canadian byo-yomi to come: this share of a
    /// byo-yomi move's time on top of the main-time share.
    pub canadian_bonus: f64,
    /// The same with Japanese byo-yomi, as a share of one period.
    pub japanese_bonus: f64,
    /// Never more than this share of the main time left for one move.
    pub main_cap: f64,
    /// Moves still to play by one side: (empty points less this share of
    /// the board) / 2 (Pachi 20%) ...
    pub reserved_area: f64,
    /// ... but at least a quarter of the board's points, clamped to this
    /// range (Pachi: at least 30, the upper end, on 19x19).
    pub min_moves_left: [f64; 2],
    /// The middle game, in moves played as a share of the board's
    /// points: from `fuseki_end` (Pachi 20%) the main time is shared as
    /// if the moves before `yose_start` (Pachi 40%) were free, rising to
    /// it through the opening ([`super::time::budget`]).
    pub fuseki_end: f64,
    pub yose_start: f64,
    /// In main time a search may go on to this many times its target
    /// while the best move is unclear (Pachi 2 in sudden death).
    pub max_ratio: f64,
    /// Past the target, the search goes on while the most visited root
    /// move has fewer than this many times the visits of the second
    /// (Pachi's `best2_ratio`, 2.5) ...
    pub unclear_ratio: f64,
    /// ... or another move with at least this share of its visits has
    /// a better win rate.
    pub rival_share: f64,
}

/// The score term of the selection value (KataGo's dynamic score
/// utility, docs/search.md "Score utility"): `weight · (2/π) · atan((m −
/// c) / (scale_per_line · size))` added to a child's value, for its mean
/// score margin `m` and the root's `c`.
#[derive(Clone, Copy, Debug)]
pub struct ScoreUtilityParams {
    /// In win-rate units: the most the term adds or takes (KataGo's
    /// dynamic factor 0.3 on its [-1, 1] utility is 0.15 here). 0.1 won
    /// 13 / 20 in 19x19 self-play at 0.5 s a move and lost 3 / 15 on 9x9
    /// (docs/strength.md): off below 17x17.
    pub weight: BySize<f64>,
    /// Points of margin per line of the board that give half the weight.
    pub scale_per_line: f64,
}

/// Everything the search is tuned by.
#[derive(Clone, Copy, Debug)]
pub struct SearchParams {
    /// RAVE equivalence constant K of the node value (michi, Pachi, Fuego: 3000 on
    /// 9x9-13x13, 4000-5000 on 19x19).
    pub rave_k: BySize<f64>,
    /// Real visits a leaf needs before it is expanded (michi and Pachi 8).
    pub expand_after: u32,
    /// Random jitter added to each child's value when selecting, so that
    /// ties fall at random; a pass loses ties by a larger margin.
    pub select_jitter: f64,
    pub pass_tie_penalty: f64,
    /// Longest descent in the tree, in moves, before the playout takes
    /// over (a guard against cycles of passes and captures).
    pub max_tree_depth: usize,
    /// A kept tree is reused only when the komi it was searched with is
    /// within this many points of the new search's (dynamic komi moves a
    /// little every move).
    pub reuse_komi_tolerance: f32,
    /// Playouts a worker sums ownership over before adding them to the
    /// shared counts, to make fewer atomic adds (untuned).
    pub ownership_flush: u32,
    pub score_utility: ScoreUtilityParams,
    pub priors: PriorParams,
    pub net: NetParams,
    pub dynamic_komi: DynamicKomiParams,
    pub time: TimeParams,
}

/// The values kosumi plays with.
pub const PARAMS: SearchParams = SearchParams {
    rave_k: BySize {
        small: 3000.0,
        large: 5000.0,
    },
    expand_after: 8,
    select_jitter: 1e-7,
    pass_tie_penalty: 1e-6,
    max_tree_depth: 200,
    reuse_komi_tolerance: 2.0,
    ownership_flush: 32,
    score_utility: ScoreUtilityParams {
        weight: BySize {
            small: 0.0,
            large: 0.1,
        },
        scale_per_line: 0.6,
    },
    priors: PriorParams {
        even_visits: BySize {
            small: 14.0,
            large: 20.0,
        },
        own_eye: Bonus::losses(20.0),
        capture_one: Bonus::wins(15.0),
        capture_more: Bonus::wins(30.0),
        rescue_one: Bonus::wins(15.0),
        rescue_more: Bonus::wins(30.0),
        ladder_escape: Bonus::losses(20.0),
        ladder_capture_one: Bonus::wins(10.0),
        ladder_capture_more: Bonus::wins(20.0),
        race_atari: Bonus::wins(10.0),
        nakade: Bonus::wins(20.0),
        self_atari: BySize {
            small: 10.0,
            large: 20.0,
        },
        pattern: BySize {
            small: 10.0,
            large: 20.0,
        },
        near_last: [24.0, 22.0, 8.0],
        empty_area: 10.0,
        learned: BySize {
            small: 150.0,
            large: 300.0,
        },
        pass_share: 0.75,
        close_open_points: 10,
        close_margin: 3.0,
    },
    net: NetParams {
        scale: BySize {
            small: 150.0,
            large: 300.0,
        },
        visits: 40,
        time_share: 0.3,
        queue: 256,
        min_size: 19,
        weight: 0.75,
    },
    dynamic_komi: DynamicKomiParams {
        per_stone_black: 12.0,
        per_stone_white: 8.0,
        horizon_9: 15.0,
        horizon_13: 50.0,
        horizon_black: 200.0,
        horizon_white: 150.0,
    },
    time: TimeParams {
        lag: 0.25,
        byoyomi_share: 0.9,
        byoyomi_cap: 0.8,
        canadian_bonus: 0.5,
        japanese_bonus: 0.6,
        main_cap: 0.25,
        reserved_area: 0.2,
        min_moves_left: [10.0, 30.0],
        fuseki_end: 0.0,
        yose_start: 0.4,
        max_ratio: 1.0,
        unclear_ratio: 2.5,
        rival_share: 0.3,
    },
};
