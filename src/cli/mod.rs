//! The binary's own code, outside the engine library: the `.tst`
//! regression runner behind `kosumi regress` (it spawns engine processes
//! and matches replies with regular expressions, which no engine layer
//! needs), the `train` and `predict` commands around the `learn`
//! module, `analyze`, the review of a game record, and `analysis`, the
//! KataGo JSON analysis protocol.

pub mod analysis;
pub mod analyze;
pub mod learn;
pub mod regress;
