//! The built-in benchmarks behind `kosumi bench` and the GTP `bench`
//! command, and positions shared with the criterion benches in `benches/`.
//!
//! - [`search`]: a fixed list of positions searched with one thread and a
//!   fixed seed (Stockfish's `bench`). The total node count is a signature
//!   of the engine's behaviour: it changes only when a search would play
//!   differently. Cite it in commits that change search behaviour
//!   ("Bench: N").
//! - [`bench_playouts`]: bare playouts from the empty board on the calling
//!   thread, so anyone can compare playout speed with other engines from
//!   the shell (`kosumi bench --light --size 9`). The report ends with a
//!   line `<light|heavy> NxN: <P> playouts/s` ([`PlayoutBench::summary`]).
//! - [`middle_game`]: a fixed middle-game position.

use crate::board::Board;
use crate::engine::{Config, Engine, GenMode};
use crate::playout::{heavy_move, playout, MoveLog, Policy};
use crate::search::SearchConfig;
use crate::types::{Color, Geometry};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// Positions and searches of the search bench, in GTP words.
pub const SCRIPT: &str = "
boardsize 9
komi 7
reg_genmove b
play b e5
play w g5
play b e3
play w c4
play b c5
play w d4
reg_genmove b
play b e4
play w d6
play b c6
play w d7
reg_genmove b
boardsize 13
komi 7
play b d4
play w k10
play b k4
play w d10
play b g7
play w c7
reg_genmove b
boardsize 19
komi 7.5
reg_genmove b
play b q16
play w d4
play b q3
play w d16
play b r5
play w o17
play b r14
play w c10
reg_genmove b
play b k3
play w q10
reg_genmove b
";

/// What the bench measured.
#[derive(Clone, Debug, Default)]
pub struct SearchBench {
    pub searches: u32,
    /// Total tree nodes over all searches: the behaviour signature.
    pub nodes: u64,
    pub playouts: u64,
    pub elapsed: Duration,
}

impl SearchBench {
    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The report printed by `kosumi bench` and the GTP `bench` command.
    pub fn report(&self) -> String {
        format!(
            "searches: {}, playouts: {}, time: {:.2} s\nNodes searched: {}\nPlayouts/s: {:.0}",
            self.searches,
            self.playouts,
            self.elapsed.as_secs_f64(),
            self.nodes,
            self.playouts_per_second()
        )
    }
}

/// Runs the search bench with `playouts` per search on one thread with a
/// fixed seed, on an engine of its own.
pub fn search(playouts: u64) -> SearchBench {
    let config = Config {
        search: SearchConfig {
            threads: 1,
            ..SearchConfig::default()
        },
        reg_playouts: playouts.max(1),
        ..Config::default()
    };
    let mut engine = Engine::new(config);
    let mut result = SearchBench::default();
    for line in SCRIPT.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["boardsize", n] => engine.new_game(n.parse().expect("bench script: a size")),
            ["komi", k] => engine.set_komi(k.parse().expect("bench script: a komi")),
            ["play", c, v] => {
                let c = Color::parse(c).expect("bench script: a colour");
                let m = Geometry::new(engine.game().size())
                    .parse_move(v)
                    .expect("bench script: a vertex");
                engine.play(c, m).expect("bench script: a legal move");
            }
            ["reg_genmove", c] => {
                let c = Color::parse(c).expect("bench script: a colour");
                engine.generate(c, GenMode::Regression, &[], None);
                if let Some(info) = engine.last_search() {
                    result.searches += 1;
                    result.nodes += info.nodes as u64;
                    result.playouts += info.playouts;
                    result.elapsed += info.elapsed;
                }
            }
            [] => {}
            _ => unreachable!("bench script: {line}"),
        }
    }
    result
}

/// Result of timing bare playouts.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutBench {
    pub policy: Policy,
    pub size: usize,
    /// Playouts completed in the timed part.
    pub playouts: u64,
    /// Moves (passes excluded) played in those playouts.
    pub moves: u64,
    /// Black wins at komi 7.5 (a sanity check on the policy, not a speed).
    pub black_wins: u64,
    /// Wall-clock length of the timed part.
    pub elapsed: Duration,
}

impl PlayoutBench {
    /// Playouts per second.
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Moves per second.
    pub fn moves_per_sec(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The final line of the report: `light 9x9: 123456 playouts/s`.
    pub fn summary(&self) -> String {
        format!(
            "{} {}x{}: {:.0} playouts/s",
            policy_name(self.policy),
            self.size,
            self.size,
            self.playouts_per_sec()
        )
    }

    /// A longer line with the details (moves per playout, moves/s).
    pub fn details(&self) -> String {
        let per = self.moves as f64 / (self.playouts.max(1)) as f64;
        format!(
            "{} {}x{}: {} playouts in {:.2} s, {:.1} moves/playout, {:.2} M moves/s, black wins {:.1}% at komi 7.5",
            policy_name(self.policy),
            self.size,
            self.size,
            self.playouts,
            self.elapsed.as_secs_f64(),
            per,
            self.moves_per_sec() / 1e6,
            100.0 * self.black_wins as f64 / (self.playouts.max(1)) as f64
        )
    }
}

/// `light`, `heavy` or `learned`.
pub fn policy_name(policy: Policy) -> &'static str {
    match policy {
        Policy::Light => "light",
        Policy::Heavy => "heavy",
        Policy::Learned => "learned",
    }
}

/// How long a bench runs.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// As many playouts as fit in this time (after a warm-up of a tenth).
    Time(Duration),
    /// Exactly this many playouts, no warm-up (for `perf stat` and
    /// profilers, whose counts do not suffer from other processes).
    Playouts(u64),
}

/// Runs playouts from the empty `size` x `size` board (black to move, komi
/// 7.5) on the calling thread within `budget`. Deterministic in the moves
/// played for a given `seed`; with a time budget only the count depends on
/// the clock. Precondition: 2 <= size <= 25.
pub fn bench_playouts(size: usize, policy: Policy, budget: Budget, seed: u64) -> PlayoutBench {
    let empty = Board::new(size);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut log = MoveLog::default();
    let mut board = empty.clone();
    let one = |board: &mut Board, log: &mut MoveLog, rng: &mut SmallRng| -> (u64, bool) {
        board.clone_from(&empty);
        log.clear();
        let s = playout(board, Color::Black, 7.5, policy, rng, log);
        (log.len as u64, s > 0.0)
    };
    let (duration, count) = match budget {
        Budget::Time(d) => (d, u64::MAX),
        Budget::Playouts(n) => (Duration::MAX, n),
    };
    if let Budget::Time(d) = budget {
        // Warm-up: caches, branch predictors, CPU clock.
        let warm = Instant::now();
        while warm.elapsed() < d / 10 {
            for _ in 0..16 {
                one(&mut board, &mut log, &mut rng);
            }
        }
    }
    let mut playouts = 0u64;
    let mut moves = 0u64;
    let mut black_wins = 0u64;
    let start = Instant::now();
    let elapsed = loop {
        for _ in 0..16.min(count - playouts) {
            let (m, win) = one(&mut board, &mut log, &mut rng);
            playouts += 1;
            moves += m;
            black_wins += win as u64;
        }
        let e = start.elapsed();
        if e >= duration || playouts >= count {
            break e;
        }
    };
    PlayoutBench {
        policy,
        size,
        playouts,
        moves,
        black_wins,
        elapsed,
    }
}

/// A fixed middle-game position on a `size` x `size` board: heavy-policy
/// moves from the empty board with a fixed seed until a quarter of the
/// points have been played. Returns the board and the colour to move.
pub fn middle_game(size: usize) -> (Board, Color) {
    let mut board = Board::new(size);
    let mut rng = SmallRng::seed_from_u64(0x6d69_6464_6c65);
    let mut c = Color::Black;
    for _ in 0..size * size / 4 {
        let m = heavy_move(&board, c, &mut rng);
        board.play_unchecked(c, m);
        c = !c;
    }
    (board, c)
}

/// Policy network evaluations a second on one thread, from the
/// [`middle_game`] position of a `size` x `size` board, for `seconds`
/// (at least 3 evaluations); and the input planes alone a second.
pub fn net_evaluations(net: &crate::predict::net::Net, size: usize, seconds: f64) -> (f64, f64) {
    let (board, c) = middle_game(size);
    let mut s = crate::predict::net::Scratch::default();
    // One evaluation to size the buffers.
    std::hint::black_box(net.policy(&board, c, &mut s));
    let rate = |f: &mut dyn FnMut()| {
        let started = std::time::Instant::now();
        let mut n = 0u64;
        while n < 3 || started.elapsed().as_secs_f64() < seconds {
            f();
            n += 1;
        }
        n as f64 / started.elapsed().as_secs_f64()
    };
    let evals = rate(&mut || {
        std::hint::black_box(net.policy(&board, c, &mut s));
    });
    let mut codes = Vec::new();
    let encodes = rate(&mut || {
        crate::predict::net::encode(&board, c, &mut codes);
        std::hint::black_box(&codes);
    });
    (evals, encodes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn search_bench_is_deterministic() {
        let a = super::search(300);
        let b = super::search(300);
        assert_eq!(a.searches, 7);
        assert_eq!(a.playouts, 7 * 300);
        assert_eq!(a.nodes, b.nodes, "the node count is a signature");
    }
}
