//! Learning the move-prediction model ([`crate::predict::Model`]) from
//! game records, and measuring it: the work behind `kosumi train` and
//! `kosumi predict`.
//!
//! - [`records`]: reading SGF files (single games, collections with one
//!   game a line, xz-compressed ones) into games to replay, skipping bad
//!   ones with a warning;
//! - [`train`]: the pattern dictionary (patterns seen often enough as
//!   the move played), feature extraction on all cores, and Coulom's
//!   minorization-maximization for the weights;
//! - [`netdata`]: the training positions of the policy network, written
//!   for the trainer in `train/`;
//! - [`playout`]: the weights of the learned playout policy, by MM over
//!   cheap features;
//! - [`evaluate`]: the share of positions whose move played the model
//!   ranks first, or among its first K.

pub mod evaluate;
pub mod netdata;
pub mod playout;
pub mod records;
pub mod train;

#[cfg(test)]
mod tests;
