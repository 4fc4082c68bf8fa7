//! kosumi: a Go engine with Monte Carlo tree search, speaking GTP.
//!
//! The layers, lowest first; each module uses only those above it in
//! this list (`tests/layers.rs` enforces the order):
//!
//! ```text
//!   types.rs       Color, Stone, Point, Move, vertex text
//!   board/         stones, chains, exact liberties, captures, suicide,
//!                  simple ko, Zobrist hash, consistency check, diagrams
//!   tactics/       liberties after a move, self-atari, captures and
//!                  escapes, the ladder reader, nakade, seki shapes
//!   playout/       light and heavy playout policies, 3x3 patterns
//!   predict/       move prediction: features, large patterns, the
//!                  learned model and its file
//!   game.rs        history, positional superko, undo, komi, rules,
//!                  handicap, scoring with a given set of dead stones
//!   sgf.rs         reading and writing game records
//!   learn/         training and measuring the move-prediction model
//!                  from game records (`kosumi train`, `kosumi predict`)
//!   search/        the shared lock-free tree, RAVE selection, priors,
//!                  time control, tuning parameters
//!   endgame/       dead-stone judgement, static seki and sacrifice
//!                  reading, Bouzy's map, the pass / clean-up / resign policy
//!   engine.rs      the facade the GTP handlers call: game, clock, search
//!   bench.rs       built-in benchmarks (`kosumi bench`, GTP `bench`)
//!   gtp/           line reading, preprocessing, framing, argument reader,
//!                  the command table, analysis streams, GoGui commands
//! ```
//!
//! The binary (`src/main.rs`, with `src/cli/` for the `.tst` runner) sits
//! on top. HACKING.md walks through the layers and the path of a
//! `genmove`.

pub mod types;

pub mod board;

pub mod tactics;

pub mod game;
pub mod playout;
pub mod predict;

pub mod sgf;

pub mod learn;
pub mod search;

pub mod endgame;

pub mod engine;

pub mod bench;

pub mod gtp;
