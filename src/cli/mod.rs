//! The binary's own code, outside the engine library: the `.tst`
//! regression runner behind `kosumi regress` (it spawns engine processes
//! and matches replies with regular expressions, which no engine layer
//! needs).

pub mod regress;
