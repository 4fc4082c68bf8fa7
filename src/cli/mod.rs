//! The binary's own code, outside the engine library: the `.tst`
//! regression runner behind `kosumi regress` (it spawns engine processes
//! and matches replies with regular expressions, which no engine layer
//! needs), and the `train` and `predict` commands around the `learn`
//! module.

pub mod learn;
pub mod regress;
