//! The engine facade: owns the game, the settings and (with the player)
//! the search. GTP handlers call into it; it knows nothing of GTP text.

use crate::game::{Game, Rules};
use crate::gtp::InputState;
use crate::types::{Color, Point};
use std::sync::Arc;

/// Settings from the command line.
#[derive(Clone, Debug)]
pub struct Config {
    /// Board size at start.
    pub size: usize,
    /// Komi at start (until the controller sends `komi`).
    pub komi: f32,
    pub rules: Rules,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            size: 19,
            komi: 7.5,
            rules: Rules::Chinese,
        }
    }
}

/// Time control as the controller set it (GTP `time_settings`,
/// `kgs-time_settings`). Seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// No limit (the default, and GTP `time_settings 0 1 0`).
    None,
    /// Main time only.
    Absolute { main: f64 },
    /// Canadian byo-yomi: after main time, `stones` moves every `period`.
    Canadian { main: f64, period: f64, stones: u32 },
    /// Japanese byo-yomi: after main time, `periods` periods of `period`.
    Japanese {
        main: f64,
        period: f64,
        periods: u32,
    },
}

/// Time remaining for one colour, from `time_left`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    pub seconds: f64,
    /// Stones (Canadian) or periods (Japanese) left; 0 in main time.
    pub stones: u32,
}

/// The engine behind the GTP front end.
pub struct Engine {
    pub config: Config,
    pub game: Game,
    pub time_control: TimeControl,
    pub time_left: [Option<TimeLeft>; 2],
    pub input: Arc<InputState>,
    /// When the process started (for `cputime` where no CPU clock exists).
    pub started: std::time::Instant,
}

impl Engine {
    pub fn new(config: Config) -> Engine {
        let game = Game::new(config.size, config.komi, config.rules);
        Engine {
            config,
            game,
            time_control: TimeControl::None,
            time_left: [None, None],
            input: Arc::new(InputState::default()),
            started: std::time::Instant::now(),
        }
    }

    /// Gives the engine the input state of the running session, so that a
    /// search can see input arrive.
    pub fn set_input(&mut self, input: Arc<InputState>) {
        self.input = input;
    }

    /// Called by the loop when no command is waiting; returns when input
    /// arrives or at once if there is nothing to do.
    pub fn idle(&mut self, _input: &InputState) {}

    /// Starts a new game on a board of `size` (komi, rules and time
    /// settings are kept).
    pub fn new_game(&mut self, size: usize) {
        self.game = Game::new(size, self.game.komi(), self.game.rules());
        self.time_left = [None, None];
    }

    /// Records the remaining time of `c`.
    pub fn set_time_left(&mut self, c: Color, left: TimeLeft) {
        self.time_left[c.index()] = Some(left);
    }

    /// The engine's judgement of the final position: dead stones and stones
    /// in seki.
    ///
    /// TODO: until the search supplies its ownership judgement, every stone
    /// counts as alive and seki comes from the static two-liberty test.
    pub fn judge(&mut self) -> (Vec<Point>, Vec<Point>) {
        let seki = crate::game::static_seki(self.game.board(), &[]);
        (Vec::new(), seki)
    }
}
