//! kosumi: a Go engine with Monte Carlo tree search, speaking GTP.
//!
//! ```text
//!   main.rs        clap flags, logger, runs the GTP loop
//!   gtp/           line reading, preprocessing, framing, argument reader,
//!                  the one command table (dispatch, list_commands)
//!   engine.rs      the facade the handlers call: game, settings, player
//!   game.rs        history, positional superko, undo, komi, rules,
//!                  handicap, scoring with a set of dead stones
//!   sgf.rs         loadsgf (sgf-parse crate) and printsgf
//!   search/        the shared lock-free tree, RAVE selection, priors,
//!                  ladder reader, time control, dead-stone judgement
//!   playout/       light and heavy policies: answers to ataris,
//!                  3x3 patterns, tactical helpers
//!   board/         stones, chains, exact liberties, captures, suicide,
//!                  simple ko, Zobrist hash, consistency check, diagrams
//!   types.rs       Color, Stone, Point, Move, vertex text
//!   regress.rs     runner for the .tst regression files (gtp-tests/)
//!   bench.rs       built-in benchmarks (`kosumi bench`)
//! ```
//!
//! The board knows nothing above it; superko and history live in the game;
//! playouts use bare board copies.

pub mod bench;
pub mod board;
pub mod engine;
pub mod game;
pub mod gtp;
pub mod playout;
pub mod regress;
pub mod search;
pub mod sgf;
pub mod types;
