//! The engine facade: the game, the settings, the search and the
//! end-of-game policy behind one interface. The GTP handlers call into it;
//! it knows nothing of GTP text.
//!
//! Every field is private: a handler changes the game through the methods
//! here, and everything that starts a game afresh (`boardsize`,
//! `clear_board`, `loadsgf`) goes through one reset path.

use crate::board::IllegalMove;
use crate::endgame::{Closer, Turn};
use crate::game::{Game, Rules};
use crate::search::time::{self, TimeControl, TimeLeft};
use crate::search::{
    Limits, MoveFilter, Ownership, SearchConfig, SearchInfo, Searcher, StopSignal, Ticker, PARAMS,
};
use crate::types::{Color, Move, Point};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use crate::endgame::{Decision, GenMode};

/// Settings from the command line.
#[derive(Clone, Debug)]
pub struct Config {
    /// Board size at start.
    pub size: usize,
    /// Komi at start (until the controller sends `komi`).
    pub komi: f32,
    pub rules: Rules,
    /// Search settings (threads, seed, node budget, policy).
    pub search: SearchConfig,
    /// Fixed playouts per move (no clock) when set.
    pub playouts: Option<u64>,
    /// Seconds per move when the controller sends no time settings.
    pub time_per_move: f64,
    /// Resign when the win rate is below this (0 disables resigning).
    pub resign_threshold: f64,
    /// Playouts of `reg_genmove` (deterministic, one thread).
    pub reg_playouts: u64,
    /// Think on the opponent's time after our `genmove` (`--ponder`).
    pub ponder: bool,
    /// Live GoGui graphics on stderr during `genmove` (`--gfx`; drawn by
    /// the GTP front end).
    pub live_gfx: bool,
    /// Whether `loadsgf` and `printsgf` may touch files (`--no-files`
    /// turns them off for engines behind a server bridge).
    pub allow_files: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            size: 19,
            komi: 7.5,
            rules: Rules::Chinese,
            search: SearchConfig::default(),
            playouts: None,
            time_per_move: 2.0,
            resign_threshold: 0.1,
            reg_playouts: 4000,
            ponder: false,
            live_gfx: false,
            allow_files: true,
        }
    }
}

/// The engine behind the GTP front end.
pub struct Engine {
    config: Config,
    game: Game,
    time_control: TimeControl,
    time_left: [Option<TimeLeft>; 2],
    /// Thinking time spent by each colour in this game.
    time_used: [f64; 2],
    /// When the process started (for `cputime` where no CPU clock exists).
    started: Instant,
    searcher: Searcher,
    /// The pass, clean-up and resign policy, and the dead-stone judge.
    closer: Closer,
    /// Summary of the last search.
    last_search: Option<SearchInfo>,
    /// Summary of the last pondering search.
    last_ponder: Option<SearchInfo>,
    /// The position after our last generated move, while pondering on it
    /// is allowed (`--ponder`).
    ponder_on: Option<PonderKey>,
}

/// Longest pondering on one position: the tree is long full by then.
const PONDER_LIMIT: Duration = Duration::from_secs(600);

/// Identifies the position the engine may ponder on: the game right after
/// its own move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PonderKey {
    /// Who made that move.
    color: Color,
    move_count: usize,
    hash: u64,
}

impl Engine {
    pub fn new(config: Config) -> Engine {
        let game = Game::new(config.size, config.komi, config.rules);
        Engine {
            game,
            time_control: TimeControl::None,
            time_left: [None, None],
            time_used: [0.0; 2],
            started: Instant::now(),
            searcher: Searcher::new(config.search.clone()),
            closer: Closer::new(
                config.resign_threshold,
                config.search.policy,
                config.search.seed,
            ),
            last_search: None,
            last_ponder: None,
            ponder_on: None,
            config,
        }
    }

    /// The move probabilities of the side to move that the search's priors
    /// start from, legal moves most probable first, and whether they are
    /// the policy network's (else the move-prediction model's).
    pub fn move_policy(&self) -> (Vec<(Point, f64)>, bool) {
        let c = self.game.to_move();
        let ranked = self
            .searcher
            .policy(self.game.board(), c)
            .into_iter()
            .filter(|&(p, _)| self.game.is_legal(c, Move::Play(p)))
            .collect();
        (ranked, self.searcher.uses_net(self.game.size()))
    }

    /// The command-line settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The signal that stops a running search early: whoever reads input
    /// sets it.
    pub fn stop_signal(&self) -> Arc<StopSignal> {
        self.searcher.stop_signal()
    }

    /// When the engine started.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// The clock the controller set.
    pub fn time_control(&self) -> TimeControl {
        self.time_control
    }

    /// The remaining time of `c` as the controller last sent it.
    pub fn time_left(&self, c: Color) -> Option<TimeLeft> {
        self.time_left[c.index()]
    }

    /// Summary of the last search for a move.
    pub fn last_search(&self) -> Option<&SearchInfo> {
        self.last_search.as_ref()
    }

    /// Summary of the last search on the opponent's time.
    pub fn last_ponder(&self) -> Option<&SearchInfo> {
        self.last_ponder.as_ref()
    }

    /// Ownership statistics of the last search, if any.
    pub fn search_ownership(&self) -> Option<&Ownership> {
        self.searcher.ownership()
    }

    /// Starts a new game on an empty board of `size` (komi, rules and time
    /// settings are kept).
    pub fn new_game(&mut self, size: usize) {
        let game = Game::new(size, self.game.komi(), self.game.rules());
        self.reset(game);
    }

    /// Replaces the game by one loaded from a record (`loadsgf`).
    pub fn load_game(&mut self, game: Game) {
        self.reset(game);
    }

    /// The one reset path: a game that does not continue the last one.
    /// The clocks' remaining and used times, the kept tree, the last
    /// searches, pondering and the end-of-game memory all go; the
    /// settings and the time control stay.
    fn reset(&mut self, game: Game) {
        self.game = game;
        self.time_left = [None, None];
        self.time_used = [0.0; 2];
        self.searcher.clear();
        self.closer.reset();
        self.last_search = None;
        self.last_ponder = None;
        self.ponder_on = None;
    }

    /// Plays `m` for `c` if the rules allow it.
    pub fn play(&mut self, c: Color, m: Move) -> Result<(), IllegalMove> {
        self.game.play(c, m)
    }

    /// Takes back the last move; false when there is none to take back.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    pub fn set_komi(&mut self, komi: f32) {
        self.game.set_komi(komi);
    }

    pub fn set_rules(&mut self, rules: Rules) {
        self.game.set_rules(rules);
    }

    /// Places handicap stones on an empty board.
    pub fn set_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        self.game.set_handicap(points)
    }

    /// Sets the clock; the remaining times sent before no longer apply.
    pub fn set_time_control(&mut self, tc: TimeControl) {
        self.time_control = tc;
        self.time_left = [None, None];
    }

    /// Records the remaining time of `c`.
    pub fn set_time_left(&mut self, c: Color, left: TimeLeft) {
        self.time_left[c.index()] = Some(left);
    }

    /// Called by the loop when no command is waiting; returns when input
    /// arrives or at once if there is nothing to do. With `--ponder`, and
    /// while the position is still the one our last `genmove` left, it
    /// searches the opponent's move on their time and keeps the tree for
    /// our next `genmove`; any input (the stop signal) stops it within a
    /// few milliseconds.
    pub fn idle(&mut self) {
        let Some(key) = self.ponder_on else {
            return;
        };
        let signal = self.searcher.stop_signal();
        if !self.config.ponder || signal.input_arrived() {
            return;
        }
        let b = self.game.board();
        if self.game.move_count() != key.move_count || b.hash() != key.hash {
            // The opponent moved, or the game was changed: nothing to
            // ponder on until our next move.
            self.ponder_on = None;
            return;
        }
        let game = self.game.clone();
        // Our effective komi, so that the kept tree serves our next search.
        let komi = game.komi() + self.dynamic_komi(key.color);
        let limits = Limits {
            stop_on_input: true,
            time: Some(PONDER_LIMIT),
            ..Limits::default()
        };
        let info = self.searcher.search(&game, komi, limits, None);
        log::debug!(
            "pondered {} playouts in {:.2}s",
            info.playouts,
            info.elapsed.as_secs_f64()
        );
        self.last_ponder = Some(info);
        if !signal.input_arrived() {
            // Stopped by the limit: do not start again on this position.
            self.ponder_on = None;
        }
    }

    /// Stops pondering until our next move (`kgs-game_over`: the opponent
    /// may never move again).
    pub fn stop_pondering(&mut self) {
        self.ponder_on = None;
    }

    /// Searches the current position with `color` to move, for analysis
    /// commands: true komi, the kept tree reused when it fits; stops as
    /// `limits` say. Its ownership is then [`Engine::search_ownership`].
    pub fn analyze(&mut self, color: Color, limits: Limits, tick: Option<Ticker>) -> SearchInfo {
        let mut game = self.game.clone();
        game.set_to_move(color);
        let komi = game.komi();
        self.searcher.search(&game, komi, limits, tick)
    }

    /// The engine's judgement of the final position: dead stones and
    /// stones in seki, from the ownership statistics of plain playouts.
    pub fn judge(&mut self) -> (Vec<Point>, Vec<Point>) {
        let j = self.closer.judge(&self.game);
        (j.dead, j.seki)
    }

    /// Extra komi for the search in handicap games (Pachi's linear dynamic
    /// komi, [`PARAMS`]`.dynamic_komi`): as black the engine demands more,
    /// as white it gives itself more, falling to zero as the game goes on.
    pub fn dynamic_komi(&self, color: Color) -> f32 {
        let h = self.game.handicap();
        if h < 2 {
            return 0.0;
        }
        let k = PARAMS.dynamic_komi;
        let size = self.game.size();
        let moves = self.game.move_count() as f32;
        let horizon = match (size, color) {
            (s, _) if s <= 9 => k.horizon_9,
            (s, _) if s <= 13 => k.horizon_13,
            (_, Color::Black) => k.horizon_black,
            (_, Color::White) => k.horizon_white,
        };
        let per_stone = if color == Color::Black {
            k.per_stone_black
        } else {
            k.per_stone_white
        };
        let extra = per_stone * h as f32 * (1.0 - moves / horizon).max(0.0);
        if color == Color::Black {
            extra
        } else {
            -extra
        }
    }

    /// Thinks for `color` and decides a move; plays it in `GenMode::Play`
    /// and `GenMode::Cleanup`. `filters` (`avoid`/`allow` of
    /// `lz-genmove_analyze` and `kata-genmove_analyze`) keep the search
    /// off the moves they forbid, and the move decided is one they permit
    /// `color` as the first move (or a resignation; a pass when none is
    /// left). `tick` is called at its interval with the search's progress
    /// (analysis lines, live graphics).
    pub fn generate(
        &mut self,
        color: Color,
        mode: GenMode,
        filters: &[MoveFilter],
        tick: Option<Ticker>,
    ) -> Decision {
        self.ponder_on = None;
        let started = Instant::now();
        let mut game = self.game.clone();
        game.set_to_move(color);
        let mut limits = self.limits(color, mode);
        limits.filters = filters.to_vec();
        let komi = game.komi() + self.dynamic_komi(color);
        // KGS's cleanup phase charges nothing for the stones played to
        // take dead ones off: its search counts area, whatever the rules.
        let area_game;
        let searched = if mode == GenMode::Cleanup && game.rules() == Rules::Japanese {
            let mut g = game.clone();
            g.set_rules(Rules::Chinese);
            area_game = g;
            &area_game
        } else {
            &game
        };
        // reg_genmove: a search of its own, deterministic and independent
        // of the kept tree; its ownership is the one the decision reads.
        let mut fresh = (mode == GenMode::Regression).then(|| {
            Searcher::with_signal(
                SearchConfig {
                    threads: 1,
                    ..self.config.search.clone()
                },
                self.searcher.stop_signal(),
            )
        });
        let searcher = fresh.as_mut().unwrap_or(&mut self.searcher);
        let info = searcher.search(searched, komi, limits, tick);
        let ownership = searcher.ownership().cloned();
        let turn = Turn {
            color,
            mode,
            info: &info,
            search_ownership: ownership.as_ref(),
            filters,
            fixed_playouts: self.config.playouts,
            komi_adjusted: self.dynamic_komi(color) != 0.0,
        };
        let decision = self.closer.decide_filtered(&game, &turn);
        log::info!(
            "{} {}: {} playouts in {:.2}s ({:.0}/s), win rate {:.1}%, nodes {}",
            color.name(),
            match decision {
                Decision::Move(m) => game.geometry().move_text(m),
                Decision::Resign => "resign".into(),
            },
            info.playouts,
            info.elapsed.as_secs_f64(),
            info.playouts_per_second(),
            info.winrate * 100.0,
            info.nodes
        );
        self.last_search = Some(info);
        if mode != GenMode::Regression {
            self.time_used[color.index()] += started.elapsed().as_secs_f64();
            if let Decision::Move(m) = decision {
                // The move was checked against the game's rules at the root.
                if self.game.play(color, m).is_err() {
                    log::error!("generated an illegal move; passing instead");
                    let _ = self.game.play(color, Move::Pass);
                    return Decision::Move(Move::Pass);
                }
                if !self.game.is_over() {
                    self.ponder_on = Some(PonderKey {
                        color,
                        move_count: self.game.move_count(),
                        hash: self.game.board().hash(),
                    });
                }
            }
        }
        decision
    }

    /// Search limits for one move. `reg_genmove` always runs exactly
    /// `--reg-playouts` playouts, whatever `--playouts` says, so that
    /// regression files give the same answers under any command line.
    fn limits(&self, color: Color, mode: GenMode) -> Limits {
        if mode == GenMode::Regression {
            return Limits {
                playouts: Some(self.config.reg_playouts),
                deterministic: true,
                ..Limits::default()
            };
        }
        let b = self.game.board();
        let budget = time::budget(
            self.time_control,
            self.time_left[color.index()],
            self.time_used[color.index()],
            b.empty_points().len(),
            b.size(),
            self.game.move_count(),
            self.config.time_per_move,
        );
        match (self.config.playouts, self.time_control) {
            // Fixed playouts and no clock: exactly those playouts.
            (Some(n), TimeControl::None) => Limits {
                playouts: Some(n),
                ..Limits::default()
            },
            (n, _) => Limits {
                playouts: n,
                time: Some(budget.target),
                max_time: Some(budget.max),
                early_stop: true,
                ..Limits::default()
            },
        }
    }
}
