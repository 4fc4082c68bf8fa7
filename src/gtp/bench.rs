//! The search bench: a built-in list of GTP commands replayed through the
//! normal dispatcher with one thread and a fixed seed (Stockfish's
//! `bench`). The total node count is a signature of the engine's
//! behaviour: it changes only when a search would play differently. Cite
//! it in commits that change search behaviour ("Bench: N").

use crate::engine::{Config, Engine};
use crate::gtp::{execute, preprocess, InputState};
use crate::search::SearchConfig;
use std::time::Duration;

/// Positions and searches of the bench, as a GTP script.
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
pub struct BenchResult {
    pub searches: u32,
    /// Total tree nodes over all searches: the behaviour signature.
    pub nodes: u64,
    pub playouts: u64,
    pub elapsed: Duration,
}

impl BenchResult {
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

/// Runs the bench with `playouts` per search on one thread with a fixed
/// seed, on a fresh engine (the caller's game is untouched).
pub fn run(playouts: u64) -> BenchResult {
    let config = Config {
        search: SearchConfig {
            threads: 1,
            ..SearchConfig::default()
        },
        reg_playouts: playouts.max(1),
        ..Config::default()
    };
    let mut engine = Engine::new(config);
    let input = InputState::default();
    let mut sink = Vec::new();
    let mut result = BenchResult::default();
    for raw in SCRIPT.lines() {
        let Some(line) = preprocess(raw) else {
            continue;
        };
        sink.clear();
        execute(&mut engine, &line, &mut sink, &input);
        if line.starts_with("reg_genmove") {
            if let Some(info) = engine.last_search.take() {
                result.searches += 1;
                result.nodes += info.nodes as u64;
                result.playouts += info.playouts;
                result.elapsed += info.elapsed;
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    #[test]
    fn bench_is_deterministic() {
        let a = super::run(300);
        let b = super::run(300);
        assert_eq!(a.searches, 7);
        assert_eq!(a.playouts, 7 * 300);
        assert_eq!(a.nodes, b.nodes, "the node count is a signature");
    }
}
