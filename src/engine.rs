//! The engine facade: owns the game, the settings and (with the player)
//! the search. GTP handlers call into it; it knows nothing of GTP text.

use crate::game::{Game, Rules};
use crate::gtp::InputState;
use crate::search::{self, Limits, MoveFilter, SearchConfig, SearchInfo, Searcher, Ticker};
use crate::types::{Color, Move, Point};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    /// Live GoGui graphics on stderr during `genmove` (`--gfx`).
    pub live_gfx: bool,
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
        }
    }
}

/// Which flavour of move generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenMode {
    /// `genmove`: may resign; the move is played.
    Play,
    /// `reg_genmove`: deterministic, never resigns, not played.
    Regression,
    /// `kgs-genmove_cleanup`: never passes while dead opponent stones are
    /// on the board, never resigns.
    Cleanup,
}

/// What the engine decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Move(Move),
    Resign,
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
    pub searcher: Searcher,
    /// Thinking time spent by each colour in this game.
    pub time_used: [f64; 2],
    /// Summary of the last search.
    pub last_search: Option<SearchInfo>,
    /// Summary of the last pondering search.
    pub last_ponder: Option<SearchInfo>,
    /// The position after our last generated move, while pondering on it
    /// is allowed (`--ponder`).
    ponder_on: Option<PonderKey>,
    /// Hash of the position of our last `genmove` whose win rate was below
    /// the resign threshold: resigning needs two such searches in a row.
    low_winrate_at: Option<u64>,
    /// Ownership from plain playouts of the last position judged.
    judged: Option<search::Ownership>,
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
            input: Arc::new(InputState::default()),
            started: std::time::Instant::now(),
            searcher: Searcher::new(config.search.clone()),
            time_used: [0.0; 2],
            last_search: None,
            last_ponder: None,
            ponder_on: None,
            low_winrate_at: None,
            judged: None,
            config,
        }
    }

    /// Gives the engine the input state of the running session, so that a
    /// search can see input arrive.
    pub fn set_input(&mut self, input: Arc<InputState>) {
        self.input = input;
    }

    /// Called by the loop when no command is waiting; returns when input
    /// arrives or at once if there is nothing to do. With `--ponder`, and
    /// while the position is still the one our last `genmove` left, it
    /// searches the opponent's move on their time and keeps the tree for
    /// our next `genmove`; any input line (or `# interrupt`, or the end of
    /// input) stops it within a few milliseconds.
    pub fn idle(&mut self, input: &InputState) {
        let Some(key) = self.ponder_on else {
            return;
        };
        if !self.config.ponder || input.any_input() {
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
        let info = self.searcher.search(&game, komi, limits, input, None);
        log::debug!(
            "pondered {} playouts in {:.2}s",
            info.playouts,
            info.elapsed.as_secs_f64()
        );
        self.last_ponder = Some(info);
        if !input.any_input() {
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
    /// `limits` say. The ownership of the search is left in
    /// `self.searcher.ownership`.
    pub fn analyze(
        &mut self,
        color: Color,
        limits: Limits,
        input: &InputState,
        tick: Option<Ticker>,
    ) -> SearchInfo {
        let mut game = self.game.clone();
        game.set_to_move(color);
        let komi = game.komi();
        self.searcher.search(&game, komi, limits, input, tick)
    }

    /// Starts a new game on a board of `size` (komi, rules and time
    /// settings are kept).
    pub fn new_game(&mut self, size: usize) {
        self.game = Game::new(size, self.game.komi(), self.game.rules());
        self.time_left = [None, None];
        self.time_used = [0.0; 2];
        self.searcher.clear();
    }

    /// Records the remaining time of `c`.
    pub fn set_time_left(&mut self, c: Color, left: TimeLeft) {
        self.time_left[c.index()] = Some(left);
    }

    /// The engine's judgement of the final position: dead stones and stones
    /// in seki, from the ownership statistics of plain playouts
    /// (`Engine::judging_ownership`).
    pub fn judge(&mut self) -> (Vec<Point>, Vec<Point>) {
        let game = self.game.clone();
        let own = self.judging_ownership(&game);
        let j = search::judge(game.board(), &own);
        (j.dead, j.seki)
    }

    /// Ownership for judging dead stones: plain playouts from the position,
    /// each side moving first in half of them, cached per position. Not
    /// the search's statistics: when the result is decided the search's
    /// win rates no longer tell good replies from bad ones, its tree lets
    /// the winner's invasions go unanswered, and its ownership calls live
    /// groups dead (a 19x19 game won by 1.5 points read as B+55.5).
    fn judging_ownership(&mut self, game: &Game) -> search::Ownership {
        let board = game.board();
        if let Some(o) = &self.judged {
            if o.hash == board.hash() && o.size == board.size() && o.to_move == game.to_move() {
                return o.clone();
            }
        }
        let n = if board.size() >= 15 { 1000 } else { 2000 };
        let o = self.searcher.sample_ownership(game, n);
        self.judged = Some(o.clone());
        o
    }

    /// Extra komi for the search in handicap games (Pachi's linear dynamic
    /// komi): as black the engine demands more, as white it gives itself
    /// more, falling to zero as the game goes on.
    pub fn dynamic_komi(&self, color: Color) -> f32 {
        let h = self.game.handicap();
        if h < 2 {
            return 0.0;
        }
        let size = self.game.size();
        let moves = self.game.move_count() as f32;
        let horizon = match (size, color) {
            (s, _) if s <= 9 => 15.0,
            (s, _) if s <= 13 => 50.0,
            (_, Color::Black) => 200.0,
            (_, Color::White) => 150.0,
        };
        let per_stone = if color == Color::Black { 12.0 } else { 8.0 };
        let extra = per_stone * h as f32 * (1.0 - moves / horizon).max(0.0);
        if color == Color::Black {
            extra
        } else {
            -extra
        }
    }

    /// Thinks for `color` and decides a move; plays it in `GenMode::Play`
    /// and `GenMode::Cleanup`. With `--gfx`, GoGui live graphics go to
    /// stderr while it thinks.
    pub fn generate(&mut self, color: Color, mode: GenMode) -> Decision {
        if self.config.live_gfx && mode != GenMode::Regression {
            let mut draw = crate::gtp::gogui::live_gfx(self.game.geometry(), color);
            let every = crate::gtp::gogui::LIVE_GFX_EVERY;
            let d = self.generate_with(color, mode, Some((every, &mut draw)));
            crate::gtp::gogui::live_gfx_clear();
            return d;
        }
        self.generate_with(color, mode, None)
    }

    /// `generate` with a progress callback, called every interval with the
    /// candidates from `color`'s view.
    pub fn generate_with(&mut self, color: Color, mode: GenMode, tick: Option<Ticker>) -> Decision {
        self.generate_filtered(color, mode, &[], tick)
    }

    /// `generate_with` under `avoid`/`allow` filters
    /// (`lz-genmove_analyze`, `kata-genmove_analyze`): the search does not
    /// select the moves they forbid, and the move decided is one they
    /// permit `color` as the first move (or a resignation). When none is
    /// left, the move is a pass.
    pub fn generate_filtered(
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
        let input = self.input.clone();
        let info = if mode == GenMode::Regression {
            // Deterministic and independent of the kept tree.
            let mut s = Searcher::new(SearchConfig {
                threads: 1,
                ..self.config.search.clone()
            });
            s.search(&game, komi, limits, &input, tick)
        } else {
            self.searcher.search(&game, komi, limits, &input, tick)
        };
        let decision = self.decide_filtered(&game, color, mode, &info, filters);
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

    /// Search limits for one move.
    fn limits(&self, color: Color, mode: GenMode) -> Limits {
        if mode == GenMode::Regression {
            return Limits {
                playouts: Some(self.config.playouts.unwrap_or(self.config.reg_playouts)),
                deterministic: true,
                ..Limits::default()
            };
        }
        let b = self.game.board();
        let budget = search::time::budget(
            self.time_control,
            self.time_left[color.index()],
            self.time_used[color.index()],
            b.empty_points().len(),
            b.size(),
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
                time: Some(budget),
                early_stop: true,
                ..Limits::default()
            },
        }
    }

    /// [`Engine::decide`] among the candidates `filters` permit `color` as
    /// the first move. A decision they forbid (a pass, a capture of dead
    /// stones off the candidate list) becomes the most visited permitted
    /// candidate, or a pass when there is none.
    fn decide_filtered(
        &mut self,
        game: &Game,
        color: Color,
        mode: GenMode,
        info: &SearchInfo,
        filters: &[MoveFilter],
    ) -> Decision {
        if filters.is_empty() {
            return self.decide(game, color, mode, info);
        }
        let permitted = |m: Move| search::filters_permit(filters, color, 1, m);
        let mut allowed = info.clone();
        allowed.candidates.retain(|c| permitted(c.mv));
        if let Some(best) = allowed.candidates.first() {
            allowed.winrate = best.winrate;
            allowed.score_mean = best.score_mean;
        }
        match self.decide(game, color, mode, &allowed) {
            Decision::Move(m) if !permitted(m) => {
                let fallback = allowed.candidates.first().map_or(Move::Pass, |c| c.mv);
                log::info!(
                    "{} is filtered out; playing {} instead",
                    game.geometry().move_text(m),
                    game.geometry().move_text(fallback)
                );
                Decision::Move(fallback)
            }
            d => d,
        }
    }

    /// Chooses among the searched candidates: most visited, with the pass
    /// and resign rules of MCTS-NOTES.
    fn decide(&mut self, game: &Game, color: Color, mode: GenMode, info: &SearchInfo) -> Decision {
        let cands = &info.candidates;
        let Some(best) = cands.first() else {
            return Decision::Move(Move::Pass);
        };
        let board = game.board();
        let size = board.size();
        let opponent_passed = game.move_count() > 0 && board.last_move() == Move::Pass;
        // Our judgement of the position as it stands, where passing or
        // cleaning up depends on it. Cleaning up takes the search's own
        // ownership, which sees what the mover can capture (a wrong guess
        // costs a move inside the opponent's area, nothing under area
        // scoring); passing takes plain playouts, which do not flatter
        // the mover.
        let search_own = self
            .searcher
            .ownership
            .clone()
            .filter(|o| o.samples > 0 && o.hash == board.hash() && o.size == board.size());
        let judgement = match search_own {
            Some(o) if mode == GenMode::Cleanup => search::judge(board, &o),
            _ if mode == GenMode::Cleanup || opponent_passed || best.mv == Move::Pass => {
                search::judge(board, &self.judging_ownership(game))
            }
            _ => search::Judgement::default(),
        };
        let (dead, seki) = (&judgement.dead, &judgement.seki);
        let margin = |dead: &[Point]| {
            let m = game.score_with(dead, seki).margin();
            if color == Color::Black {
                m
            } else {
                -m
            }
        };
        let win_judged = margin(dead) > 0.0;
        let win_as_is = margin(&[]) > 0.0;
        let opponents = |stones: &[Point]| -> Vec<Point> {
            stones
                .iter()
                .copied()
                .filter(|p| board.stone(*p).color() == Some(!color))
                .collect()
        };
        let dead_opponent = opponents(dead);
        let best_non_pass = cands
            .iter()
            .find(|c| c.mv != Move::Pass && !self.fills_own_eye(board, color, c.mv));

        if mode == GenMode::Cleanup {
            // The opponent disputes the dead stones: play out every chain
            // of theirs that is more likely dead than alive.
            let mut targets = dead_opponent.clone();
            targets.extend(opponents(&judgement.likely_dead));
            if let Some(m) = self.capture_dead(game, color, &targets, cands) {
                return Decision::Move(m);
            }
        }
        if mode == GenMode::Play && self.config.resign_threshold > 0.0 {
            let enough =
                info.playouts >= 1000 || self.config.playouts.is_some_and(|n| info.playouts >= n);
            let opening = game.move_count() < size * size / 4;
            let low = enough
                && !opening
                && self.dynamic_komi(color) == 0.0
                && best.winrate < self.config.resign_threshold;
            // The win rate must stay low: our search two plies back in this
            // game (the position before our last move) was low too. One
            // low reading may be a fight the search has not read out yet.
            let hashes = game.position_hashes();
            let stayed = hashes.len() >= 3 && self.low_winrate_at == Some(hashes[hashes.len() - 3]);
            self.low_winrate_at = low.then(|| board.hash());
            if low && stayed {
                return Decision::Resign;
            }
        }
        // A pass needs a settled board: no chain whose fate the playouts
        // disagree on, unless no useful move is left.
        let settled = judgement.unclear.is_empty() || best_non_pass.is_none();
        // Every pass below first saves an own chain in atari if it can.
        let pass = || {
            Decision::Move(
                self.rescue_before_passing(game, color, dead)
                    .unwrap_or(Move::Pass),
            )
        };
        if opponent_passed && win_judged {
            if !settled {
                if let Some(c) = best_non_pass {
                    return Decision::Move(c.mv);
                }
            }
            if win_as_is || dead_opponent.is_empty() {
                return pass();
            }
            // Winning, but only once dead stones come off: take them off
            // first so that no referee can read the position otherwise.
            if let Some(m) = self.capture_dead(game, color, &dead_opponent, cands) {
                return Decision::Move(m);
            }
            return pass();
        }
        if best.mv == Move::Pass {
            if win_judged && settled {
                return pass();
            }
            // Never pass into a loss while useful moves remain.
            if let Some(c) = best_non_pass {
                return Decision::Move(c.mv);
            }
            return pass();
        }
        if self.fills_own_eye(board, color, best.mv) {
            return Decision::Move(best_non_pass.map(|c| c.mv).unwrap_or(Move::Pass));
        }
        Decision::Move(best.mv)
    }

    /// Instead of a pass under area scoring: a move that saves an own
    /// chain in atari (not judged dead) by playing its liberty, when that
    /// leaves the chain two liberties or more; the largest such chain
    /// first. Filling a point of one's own area costs nothing there, and
    /// a chain the opponent can take is one a referee may count as lost
    /// (a stone left in atari in a ko: docs/matches/269d07b-9x9 game 7).
    fn rescue_before_passing(&self, game: &Game, color: Color, dead: &[Point]) -> Option<Move> {
        if game.rules() != Rules::Chinese {
            return None;
        }
        let board = game.board();
        let dead = crate::game::dead_mask(board, dead);
        let mut best: Option<(u32, Move)> = None;
        for p in board.geometry().points() {
            if board.stone(p) != color.stone()
                || board.chain(p) != p
                || board.libs(p) != 1
                || dead[p.idx()]
            {
                continue;
            }
            let n = board.chain_len(p);
            // The extension (not a capture) that leaves two liberties.
            crate::playout::tactics::chain_escapes(board, p, false, |l, captures| {
                let m = Move::Play(l);
                if !captures && game.is_legal(color, m) && best.is_none_or(|b| b.0 < n) {
                    best = Some((n, m));
                }
            });
        }
        best.map(|b| b.1)
    }

    /// Whether `m` fills a true eye of `color`.
    fn fills_own_eye(&self, board: &crate::board::Board, color: Color, m: Move) -> bool {
        match m {
            Move::Play(p) => board.is_true_eye(p, color),
            Move::Pass => false,
        }
    }

    /// A move toward capturing dead opponent stones: a legal liberty of the
    /// dead chain with the fewest liberties that is not a self-atari.
    fn capture_dead(
        &self,
        game: &Game,
        color: Color,
        dead: &[Point],
        cands: &[search::Candidate],
    ) -> Option<Move> {
        let board = game.board();
        let mut best: Option<(u32, u32, Move)> = None;
        for &p in dead {
            if board.chain(p) != p {
                continue;
            }
            let libs = board.libs(p);
            let mut buf = [Point::NONE; 16];
            let k = board.chain_liberties(p, &mut buf);
            for &l in &buf[..k] {
                let m = Move::Play(l);
                if !game.is_legal(color, m) || board.is_true_eye(l, color) {
                    continue;
                }
                if libs > 1 && crate::playout::tactics::self_atari_size(board, color, l) > 0 {
                    continue;
                }
                let visits = cands
                    .iter()
                    .find(|c| c.mv == m)
                    .map(|c| c.visits)
                    .unwrap_or(0);
                let key = (u32::MAX - libs, visits);
                if best.is_none_or(|b| (b.0, b.1) < key) {
                    best = Some((key.0, key.1, m));
                }
            }
        }
        best.map(|b| b.2)
    }

    /// How long the last search ran.
    pub fn last_search_time(&self) -> Duration {
        self.last_search
            .as_ref()
            .map(|i| i.elapsed)
            .unwrap_or_default()
    }
}
