//! The end of the game: which stones are dead or in seki, and when to
//! pass, clean up or resign.
//!
//! - [`seki`]: the static seki and sacrifice tests on a finished position;
//! - [`judge`]: chain statuses from the ownership statistics of plain
//!   playouts, after those static tests, with small invaders settled by
//!   Bouzy's 5/21 territory map;
//! - [`policy`]: the pass, clean-up and resign policy over a search's
//!   candidates.
//!
//! docs/endgame.md explains the judgement in prose.

pub mod dame;
mod gaps;
pub mod judge;
pub mod policy;
pub mod seki;

pub use judge::{bouzy_territory, judge, sample_ownership, Judgement};
pub use policy::{Closer, Decision, GenMode, Turn};
pub use seki::{dead_by_sacrifice, static_seki};

/// The end-of-game parameters, each with where its value comes from.
#[derive(Clone, Copy, Debug)]
pub struct EndgameParams {
    /// A chain is dead when the other colour owns its points in at least
    /// this share of the playouts, alive when its own colour does,
    /// unclear otherwise (Pachi 0.67, Fuego 0.7).
    pub dead_share: f32,
    /// A liberty left empty in at least this share of the playouts is
    /// dame (neither side fills it): a sign of seki. Pachi reads points
    /// left empty in 67% of playouts as seki or dame; kosumi has used 0.6
    /// since its first judgement, untuned.
    pub dame_share: f32,
    /// An alive chain (owned at least this often by its colour) with such
    /// a dame liberty and at most [`EndgameParams::seki_max_liberties`]
    /// liberties is in seki (values of the first judgement, untuned).
    pub seki_own_share: f32,
    pub seki_max_liberties: usize,
    /// Unclear chains of at most this many stones standing in the other
    /// colour's territory on Bouzy's map are dead invaders; larger unclear
    /// chains are left to the playouts. Chosen with the scoring
    /// regression tests and the finished match games (docs/endgame.md).
    pub max_invader: usize,
    /// The chains (of two liberties or more) around an empty region of
    /// at least this many points that touches their colour only are alive,
    /// whatever the playouts say: the largest eye spaces that one move
    /// inside kills (the nakade shapes) have six points; seven and up
    /// make two eyes against any invasion the owner answers (GNU Go's
    /// reading of a finished game agrees; docs/endgame.md).
    pub large_eye_space: usize,
    /// Enemy stones inside such a space (each chain with every liberty in
    /// it) that leave it the owner's, when it has two more points for
    /// each (at most 3: a chain of three stones has at most eight
    /// liberties, what the wall test reads).
    pub max_wall_invaders: usize,
    /// Plain playouts for judging a position, on boards from 15x15 up and
    /// below (Pachi: at least 500; more on small boards, where they
    /// are cheap). final_score's agreement with GNU Go over the finished
    /// match games is measured with these (docs/strength.md).
    pub judge_playouts_large: u32,
    pub judge_playouts_small: u32,
    /// Fewest playouts of a search whose win rate may resign a game
    /// (michi and Pachi: 500-1,000).
    pub resign_min_playouts: u64,
    /// No resignation before move size² / this (the opening).
    pub resign_opening_divisor: usize,
    /// Under territory rules, a point the mover owns in at least this
    /// share of the judging playouts, with its empty neighbours, is its
    /// settled territory: a stone there costs a point and is not played
    /// unless it is needed (issue 18; the dead-stone share raised so that
    /// only clear territory counts, untuned).
    pub territory_share: f32,
    /// A board whose open regions (boundaries where both colours meet)
    /// have at most this many points each, and this many in all, is
    /// nearly closed: the last-phase reader decides there as on a closed
    /// board, valuing each gap by the count (the finished 9-dan records
    /// leave gaps of two or three points: docs/endgame.md).
    pub nearly_open_region: usize,
    pub nearly_open_total: usize,
    /// Positions one read of those gaps may try before it gives up and
    /// values each gap by one fill and its answer instead (a gap of 12
    /// points on 9x9 reads in under 20 ms at this budget).
    pub gap_read_budget: usize,
    /// A side behind passes on a closing board once every point off the
    /// dame is one colour's in at least this share of the judging
    /// playouts (light playouts lose a wall of a large settled area now
    /// and then: 82-89% in the 9-dan records' large areas).
    pub settled_share: f32,
    /// A side whose search wins at least this share saves an own chain
    /// in atari before any other move, when the saving move wins as much
    /// (the win rate no longer tells a stone lost from a stone kept).
    pub keep_winrate: f64,
    /// ... and the saving move was searched at least this many times.
    pub keep_min_visits: u32,
    /// Instead of the search's pass, with a boundary open and the
    /// opponent still playing: the most visited move into an open region
    /// whose win rate is within this of the pass's (untuned).
    pub open_pass_margin: f64,
}

/// The values kosumi plays with.
pub const PARAMS: EndgameParams = EndgameParams {
    dead_share: 0.67,
    dame_share: 0.6,
    seki_own_share: 0.6,
    seki_max_liberties: 3,
    max_invader: 6,
    large_eye_space: 7,
    max_wall_invaders: 3,
    judge_playouts_large: 1000,
    judge_playouts_small: 2000,
    resign_min_playouts: 1000,
    resign_opening_divisor: 4,
    territory_share: 0.9,
    nearly_open_region: 4,
    nearly_open_total: 12,
    gap_read_budget: 20_000,
    settled_share: 0.8,
    keep_winrate: 0.9,
    keep_min_visits: 20,
    open_pass_margin: 0.05,
};

#[cfg(test)]
mod tests;
