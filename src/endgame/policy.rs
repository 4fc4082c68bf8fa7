//! The end-of-game policy: which searched candidate to play, when to
//! pass, what to capture before passing, when to resign. The search
//! ranks moves by visits; this layer adds what visits cannot say: that a
//! pass ends a won game only on a settled board, that a chain left in
//! atari or dead stones left on the board can make a referee count the
//! game otherwise, and that one low win rate is no reason to resign.

use super::dame::{
    add_stones, cut_fills, eye_fills, life_fills, needed_fills, safe_fills, threats, LastPhase,
    Region, READ_BUDGET,
};
use super::gaps::GapReader;
use super::judge::{judge, sample_ownership, Judgement};
use super::PARAMS;
use crate::board::Board;
use crate::game::{dead_mask, Game, Rules};
use crate::playout::Policy;
use crate::search::{filters_permit, Candidate, MoveFilter, Ownership, SearchInfo};
use crate::tactics::nakade::sacrifice_kills;
use crate::tactics::{capture, capturing_neighbours, chain_escapes, self_atari_size};
use crate::types::{Color, Move, Point, Stone, MAX_POINTS};

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

/// One decision's inputs besides the game.
pub struct Turn<'a> {
    /// The colour to move.
    pub color: Color,
    pub mode: GenMode,
    /// The search's summary, candidates most visited first.
    pub info: &'a SearchInfo,
    /// The search's ownership statistics, if any.
    pub search_ownership: Option<&'a Ownership>,
    /// Moves the controller forbids (`avoid`/`allow`).
    pub filters: &'a [MoveFilter],
    /// Playouts a move when fixed (`--playouts`): a search that ran them
    /// all is long enough to resign on.
    pub fixed_playouts: Option<u64>,
    /// Whether the search played with handicap (dynamic) komi: its win
    /// rate then is no reason to resign.
    pub komi_adjusted: bool,
}

/// The end-of-game policy with what it remembers between moves.
#[derive(Clone, Debug)]
pub struct Closer {
    /// Resign below this win rate (0 never).
    resign_threshold: f64,
    /// Playout policy and seed of the judging playouts.
    policy: Policy,
    seed: u64,
    /// For each colour, the position of its last search whose win rate
    /// was below the threshold: resigning needs two such searches in a
    /// row. Kept per colour, so that one process playing both colours
    /// still resigns the lost side.
    low_winrate_at: [Option<u64>; 2],
    /// Ownership from plain playouts of the last position judged.
    judged: Option<Ownership>,
}

impl Closer {
    pub fn new(resign_threshold: f64, policy: Policy, seed: u64) -> Closer {
        Closer {
            resign_threshold,
            policy,
            seed,
            low_winrate_at: [None, None],
            judged: None,
        }
    }

    /// Forgets the game (new game, new position loaded).
    pub fn reset(&mut self) {
        self.low_winrate_at = [None, None];
        self.judged = None;
    }

    /// The judgement of `game`'s position from plain playouts (for
    /// `final_score`, `final_status_list` and passing).
    pub fn judge(&mut self, game: &Game) -> Judgement {
        let own = self.judging_ownership(game);
        judge(game.board(), &own)
    }

    /// Ownership for judging dead stones: plain playouts from the
    /// position ([`sample_ownership`]), cached per position.
    fn judging_ownership(&mut self, game: &Game) -> Ownership {
        let board = game.board();
        if let Some(o) = &self.judged {
            if o.hash == board.hash() && o.size == board.size() && o.to_move == game.to_move() {
                return o.clone();
            }
        }
        let n = if board.size() >= 15 {
            PARAMS.judge_playouts_large
        } else {
            PARAMS.judge_playouts_small
        };
        let o = sample_ownership(game, n, self.policy, self.seed);
        self.judged = Some(o.clone());
        o
    }

    /// [`Closer::decide`] among the candidates the turn's filters permit
    /// as the first move. A decision they forbid (a pass, a capture of
    /// dead stones off the candidate list) becomes the most visited
    /// permitted candidate, or a pass when there is none.
    pub fn decide_filtered(&mut self, game: &Game, t: &Turn) -> Decision {
        if t.filters.is_empty() {
            return self.decide(game, t);
        }
        let color = t.color;
        let permitted = |m: Move| filters_permit(t.filters, color, 1, m);
        let mut allowed = t.info.clone();
        allowed.candidates.retain(|c| permitted(c.mv));
        if let Some(best) = allowed.candidates.first() {
            allowed.winrate = best.winrate;
            allowed.score_mean = best.score_mean;
        }
        let turn = Turn {
            info: &allowed,
            ..*t
        };
        match self.decide(game, &turn) {
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

    /// Chooses among the searched candidates: the most visited, unless
    /// - cleaning up: a move toward capturing the opponent's dead (or
    ///   likely dead) stones comes first;
    /// - the win rate stayed below the resign threshold two searches in a
    ///   row (never in the opening, nor with handicap komi): resign;
    /// - a closing board (no boundary open, every chain's fate agreed):
    ///   the needed fills and captures, then under area rules the dame,
    ///   then a pass, whichever side leads;
    /// - the opponent passed and we win as judged: pass (after capturing
    ///   dead stones when the win depends on their removal, and playing
    ///   on while chains are unclear);
    /// - the best move is a pass: only when winning on a settled board,
    ///   else the best other move;
    /// - the best move fills an own true eye: the best other move.
    ///
    /// Every pass first saves an own chain in atari under area scoring
    /// ([`Closer::rescue_before_passing`]), and under area scoring a
    /// side that would pass first (the opponent still playing) takes
    /// dead stones off ([`capture_dead`]).
    pub fn decide(&mut self, game: &Game, t: &Turn) -> Decision {
        let (color, mode, info) = (t.color, t.mode, t.info);
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
        let search_own = t
            .search_ownership
            .filter(|o| o.samples > 0 && o.hash == board.hash() && o.size == board.size());
        // Under territory rules a closed board leaves no move that gains
        // (see below); whether the mover wins it is the judgement's call.
        let closed =
            game.rules() == Rules::Japanese && mode != GenMode::Cleanup && closed_board(board);
        // Whether the boundaries look closed, or closed but for a few
        // small gaps, by the search's own dead stones (cheap: no
        // playouts); if so, the judging playouts decide.
        let looks_closing = mode != GenMode::Cleanup
            && match search_own {
                Some(o) => {
                    let j = judge(board, o);
                    let lp = LastPhase::read(board, &j.dead, &j.seki);
                    lp.closing()
                        || lp.nearly_closed(PARAMS.nearly_open_region, PARAMS.nearly_open_total)
                }
                None => board.open_points() == 0,
            };
        let judgement = match search_own {
            Some(o) if mode == GenMode::Cleanup => judge(board, o),
            _ if mode == GenMode::Cleanup
                || opponent_passed
                || best.mv == Move::Pass
                || closed
                || looks_closing =>
            {
                judge(board, &self.judging_ownership(game))
            }
            _ => Judgement::default(),
        };
        // The last phase as the judgement reads it: which points are
        // dame, which moves a side must still make (issue 33).
        let started = std::time::Instant::now();
        let phase = (mode != GenMode::Cleanup && (looks_closing || opponent_passed || closed))
            .then(|| Phase::read(game, color, &judgement));
        log::debug!("last phase read in {:?}", started.elapsed());
        if let Some(ph) = &phase {
            let geo = game.geometry();
            let names = |v: &[(Point, u32)]| {
                v.iter()
                    .map(|(p, n)| format!("{}:{n}", geo.vertex(*p)))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            log::debug!(
                "last phase: closing {}, open {} (gap move {}), {} dame, needed [{}], gains [{}], cuts {:?}, unclear {}, dead {:?} seki {:?}",
                ph.closing,
                ph.lp.open(),
                ph.gap.map_or("none".to_string(), |p| geo.vertex(p).to_string()),
                ph.lp.dame.len(),
                names(&ph.needed),
                names(&ph.gains),
                ph.cuts.iter().map(|p| geo.vertex(*p)).collect::<Vec<_>>(),
                judgement.unclear.len(),
                judgement.dead.iter().map(|p| geo.vertex(*p)).collect::<Vec<_>>(),
                judgement.seki.iter().map(|p| geo.vertex(*p)).collect::<Vec<_>>(),
            );
        } else {
            log::debug!("last phase: not closing (search's judgement)");
        }
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
        // A drawn count (integer komi) after the opponent passed: the
        // draw is taken rather than played on with stones in one's own
        // area.
        let draw_judged = opponent_passed && margin(dead) == 0.0;
        let win_as_is = margin(&[]) > 0.0;
        let opponents = |stones: &[Point]| -> Vec<Point> {
            stones
                .iter()
                .copied()
                .filter(|p| board.stone(*p).color() == Some(!color))
                .collect()
        };
        let dead_opponent = opponents(dead);
        // Moves that only cost: filling an own eye, giving a chain away
        // (a self-atari of two stones or more that kills nothing), and under territory
        // rules a point of the mover's settled territory or area, or, for
        // a side that is ahead, a stone in the opponent's settled area
        // (a side behind may try its luck there), judged by plain
        // playouts (the search's own ownership mixes in the lines it
        // tried, and an invader's stone makes the territory look open).
        // KGS's cleanup phase charges nothing for stones played.
        let territory_own = (game.rules() == Rules::Japanese && mode != GenMode::Cleanup)
            .then(|| self.judging_ownership(game));
        let winning = best.winrate >= 0.5;
        let wasted = |m: Move| {
            fills_own_eye(board, color, m)
                || gives_chain_away(board, color, m)
                || fills_own_territory(game, color, m, territory_own.as_ref())
                || settled_area(game, m, territory_own.as_ref())
                    .is_some_and(|c| c == color || winning)
                || phase
                    .as_ref()
                    .is_some_and(|ph| ph.neutral_under_territory(game, m))
        };
        let best_non_pass = cands.iter().find(|c| c.mv != Move::Pass && !wasted(c.mv));

        if mode == GenMode::Cleanup {
            // The opponent disputes the dead stones: play out every chain
            // of theirs that is more likely dead than alive.
            let mut targets = dead_opponent.clone();
            targets.extend(opponents(&judgement.likely_dead));
            if let Some(m) = capture_dead(game, color, &targets, cands) {
                return Decision::Move(m);
            }
        }
        if mode == GenMode::Play && self.resign_threshold > 0.0 {
            let enough = info.playouts >= PARAMS.resign_min_playouts
                || t.fixed_playouts.is_some_and(|n| info.playouts >= n);
            let opening = game.move_count() < size * size / PARAMS.resign_opening_divisor;
            let low =
                enough && !opening && !t.komi_adjusted && best.winrate < self.resign_threshold;
            // The win rate must stay low: our search two plies back in this
            // game (the position before our last move) was low too. One
            // low reading may be a fight the search has not read out yet.
            let hashes = game.position_hashes();
            let last = &mut self.low_winrate_at[color.index()];
            let stayed = hashes.len() >= 3 && *last == Some(hashes[hashes.len() - 3]);
            *last = low.then(|| board.hash());
            if low && stayed {
                return Decision::Resign;
            }
        }
        // A pass needs a settled board: no chain whose fate the playouts
        // disagree on, unless no useful move is left.
        let settled = judgement.unclear.is_empty() || best_non_pass.is_none();
        // Every pass below first makes the moves the last phase still
        // needs (a fill that saves stones, a capture, a dame under area
        // rules), then saves an own chain in atari if it can.
        // Under area rules taking dead stones off costs nothing, and a
        // stone left in one's area is where an invasion starts, with
        // each pass of ours a free move for an opponent who plays on
        // (c224476's Chinese game 62: Black passed at 97% with White's
        // G3 dead in a 25-point area; White invaded beside it at G6 and
        // lived). So a side that would pass first takes them off.
        let pass = || {
            if let Some(m) = phase.as_ref().and_then(|ph| ph.before_passing(game, cands)) {
                return Decision::Move(m);
            }
            if let Some(m) = rescue_before_passing(game, color, dead) {
                return Decision::Move(m);
            }
            if game.rules() == Rules::Chinese && !opponent_passed {
                if let Some(m) = capture_dead(game, color, &dead_opponent, cands) {
                    return Decision::Move(m);
                }
            }
            Decision::Move(Move::Pass)
        };
        // A closing board: the reader, not the visits, says what is left.
        // A needed fill or a capture comes first (exact reading, whatever
        // the playouts make of the chains it saves or takes). Then, with
        // every chain's fate agreed on and every area settled (each empty
        // point off the dame one colour's in the judging playouts, not
        // merely walled by one colour), the dame under area rules and a
        // pass, whichever side leads: no move left changes the score. A
        // side behind could only put a stone into a settled area, where
        // the opponent answers and takes it; the search's win rate cannot
        // tell it otherwise, as on a board this close its playouts score
        // a half-point game near 40% for either side (a 9-dan record lost
        // by half a point, 19x19: white played K5 inside Black's area at
        // 39.8%). A side ahead passes on such a board only once areas are
        // settled too, or after the opponent passed (then a drawn count
        // is taken as well): walls the playouts still break now and then
        // are left to the search while the opponent plays on (a 9x9 match
        // game at df05be1: kosumi passed four times while GNU Go took
        // the outside liberties of its 16-stone chain, which the capture
        // reader called safe, and lost the chain).
        // A board closed but for small gaps is read the same way, each gap
        // valued by the count: the mover takes the one where its stone
        // counts more than the opponent's would (a boundary point that
        // makes a point of territory, or any gap under area rules), and
        // passes when every gap counts the same whoever fills it.
        if let Some(ph) = phase.as_ref().filter(|ph| ph.closing || ph.nearly) {
            if let Some(m) = ph.urgent(game, cands) {
                return Decision::Move(m);
            }
            // The count values a gap only with every chain's fate agreed.
            if let Some(p) = ph.gap.filter(|_| judgement.unclear.is_empty()) {
                return Decision::Move(Move::Play(p));
            }
            if judgement.unclear.is_empty()
                && ((opponent_passed && (win_judged || draw_judged))
                    || areas_settled(game, &ph.lp, &self.judging_ownership(game)))
            {
                // Under area rules, gaps the count calls even are still no
                // reason to pass first: the count reads one fill and its
                // answer, not a race in the gap (c224476's Chinese game 86
                // below).
                if !opponent_passed {
                    if let Some(m) =
                        open_instead_of_pass(game, &judgement, Some(&ph.lp), cands, wasted)
                    {
                        return Decision::Move(m);
                    }
                }
                return pass();
            }
        }
        if opponent_passed && win_judged {
            if !settled {
                if let Some(c) = best_non_pass {
                    return Decision::Move(c.mv);
                }
            }
            // Under territory rules every stone played to take dead ones off
            // costs a point (KGS settles disputes in its cleanup phase,
            // where they are free): pass and let them be removed.
            if win_as_is || dead_opponent.is_empty() || game.rules() == Rules::Japanese {
                return pass();
            }
            // Winning, but only once dead stones come off: take them off
            // first so that no referee can read the position otherwise.
            if let Some(m) = capture_dead(game, color, &dead_opponent, cands) {
                return Decision::Move(m);
            }
            return pass();
        }
        // A closed board under territory rules: every empty region is one
        // colour's and no chain is in atari, so each stone played costs a
        // point in one's own area or becomes a prisoner in the opponent's.
        // A side that wins by the count passes; a side behind may still
        // try an invasion (the search's choice below).
        if closed && win_judged && judgement.unclear.is_empty() {
            return pass();
        }
        // Far ahead, the win rate no longer tells a stone lost from a
        // stone kept: the search picks among moves that all win, and may
        // leave a chain in atari for a move in its own area (a 9x9 match
        // game: G9 left to be taken while White played H1 and H6 at 94%
        // and 98%). Save it first when the saving move wins as much.
        if mode != GenMode::Cleanup && best.winrate >= PARAMS.keep_winrate {
            if let Some(m) = keep_stones(game, color, dead, cands) {
                if m != best.mv {
                    log::debug!(
                        "winning: {} saves a chain in atari before {}",
                        game.geometry().move_text(m),
                        game.geometry().move_text(best.mv)
                    );
                }
                return Decision::Move(m);
            }
            // The same for a chain of two liberties that the opponent's
            // move would take (57e62dc's Chinese game 8, move
            // 43: Black at 99.6% played F6 inside its own area with H9
            // left to a ladder; the search had not tried G9).
            if let Some(m) = keep_threatened(game, color, dead, search_own, cands, wasted) {
                log::debug!(
                    "winning: {} keeps a chain of two liberties before {}",
                    game.geometry().move_text(m),
                    game.geometry().move_text(best.mv)
                );
                return Decision::Move(m);
            }
        }
        if best.mv == Move::Pass {
            // A boundary still open while the opponent plays on is the
            // opponent's to take next, and where the playouts cannot read
            // the fight in it (a race at the gap) the search may score
            // the pass as high as the moves there: c224476's Chinese game
            // 86, Black passed at 50.8% with the centre E4-E6 open, White
            // played E5 and E4 and Black resigned. The most visited move
            // into an open region that wastes nothing and wins about as
            // much is played instead (under area rules).
            if !opponent_passed {
                let lp = phase.as_ref().map(|ph| &ph.lp);
                if let Some(m) = open_instead_of_pass(game, &judgement, lp, cands, wasted) {
                    log::debug!(
                        "a boundary is open: {} instead of a pass",
                        game.geometry().move_text(m)
                    );
                    return Decision::Move(m);
                }
            }
            if win_judged && settled {
                return pass();
            }
            // Never pass into a loss while useful moves remain.
            if let Some(c) = best_non_pass {
                return Decision::Move(c.mv);
            }
            return pass();
        }
        if wasted(best.mv) {
            let instead = best_non_pass.map_or(Move::Pass, |c| c.mv);
            log::debug!(
                "{} only costs a point; playing {} instead",
                game.geometry().move_text(best.mv),
                game.geometry().move_text(instead)
            );
            return Decision::Move(instead);
        }
        Decision::Move(best.mv)
    }
}

/// Instead of a pass under area rules, where every open point is one for
/// the side that fills it: the most visited move into an open region of
/// the board as `j` reads it (`read`, the phase's [`LastPhase`] when it
/// was read already) that is not `wasted` and wins at least the search's win rate for the pass less
/// [`PARAMS`]`.open_pass_margin` (any, where the search did not try the
/// pass). Under territory rules a gap both sides would fill at no gain
/// is neutral, and the pass stands.
pub(super) fn open_instead_of_pass(
    game: &Game,
    j: &Judgement,
    read: Option<&LastPhase>,
    cands: &[Candidate],
    wasted: impl Fn(Move) -> bool,
) -> Option<Move> {
    if game.rules() != Rules::Chinese {
        return None;
    }
    let own;
    let lp = match read {
        Some(lp) => lp,
        None => {
            own = LastPhase::read(game.board(), &j.dead, &j.seki);
            &own
        }
    };
    if lp.open() == 0 {
        return None;
    }
    let winrate = cands
        .iter()
        .find(|c| c.mv == Move::Pass && c.visits > 0)
        .map_or(0.0, |c| c.winrate);
    cands
        .iter()
        .filter(|c| c.winrate >= winrate - PARAMS.open_pass_margin)
        .map(|c| c.mv)
        .find(|&m| matches!(m, Move::Play(p) if lp.region(p) == Some(Region::Open)) && !wasted(m))
}

/// Instead of a pass under area scoring: a move that saves an own chain
/// in atari (not judged dead) by playing its liberty, when that leaves
/// the chain two liberties or more; the largest such chain first. Filling
/// a point of one's own area costs nothing there, and a chain the
/// opponent can take (a stone left in atari in a ko) is one a referee may
/// count as lost.
fn rescue_before_passing(game: &Game, color: Color, dead: &[Point]) -> Option<Move> {
    if game.rules() != Rules::Chinese {
        return None;
    }
    let board = game.board();
    let mut best: Option<(u32, Move)> = None;
    for p in chains_in_atari(board, color, dead) {
        let n = board.chain_len(p);
        // The extension (not a capture) that leaves two liberties.
        chain_escapes(board, p, |l, captures| {
            let m = Move::Play(l);
            if !captures && game.is_legal(color, m) && best.is_none_or(|b| b.0 < n) {
                best = Some((n, m));
            }
        });
    }
    best.map(|b| b.1)
}

/// For a side far ahead: the move that saves its largest chain in atari
/// (not in `dead`) for good, by a capture or by the extension, when the
/// chain then has two liberties or more and the capture reader cannot
/// take it, and the search found the move as good ([`PARAMS`]`.keep_winrate`
/// after at least `keep_min_visits` visits). `None` when no chain needs
/// it, when the best move saves one already, or when it captures stones
/// (a capture may be the saving move, or worth more).
pub(super) fn keep_stones(
    game: &Game,
    color: Color,
    dead: &[Point],
    cands: &[Candidate],
) -> Option<Move> {
    let board = game.board();
    let best = cands.first()?.mv;
    if let Move::Play(p) = best {
        if capturing_neighbours(board, color, p) > 0 {
            return None;
        }
    }
    let searched = |m: Move| {
        cands.iter().any(|c| {
            c.mv == m && c.visits >= PARAMS.keep_min_visits && c.winrate >= PARAMS.keep_winrate
        })
    };
    let mut out: Option<(u32, Move)> = None;
    for p in chains_in_atari(board, color, dead) {
        let n = board.chain_len(p);
        let mut saves = Vec::new();
        chain_escapes(board, p, |l, _| {
            let m = Move::Play(l);
            if !saves.contains(&m) && game.is_legal(color, m) {
                let mut b = board.clone();
                b.play_unchecked(color, m);
                if b.stone(p) == color.stone()
                    && b.libs(p) >= 2
                    && capture::attack(&b, p, READ_BUDGET).is_none()
                {
                    saves.push(m);
                }
            }
        });
        if saves.contains(&best) {
            return None;
        }
        if let Some(&m) = saves.iter().find(|&&m| searched(m)) {
            if out.is_none_or(|(k, _)| k < n) {
                out = Some((n, m));
            }
        }
    }
    out.map(|(_, m)| m)
}

/// Far ahead, with no chain in atari to save ([`keep_stones`]): a move
/// that keeps a chain of `color`'s which the opponent could take by one
/// move ([`needed_fills`]: an atari with no way out, or a ladder), when
/// the search's best move is no such fix. Only chains that the search's
/// ownership `own` gives to `color` count (a stone left inside the
/// opponent's area is not saved), and only fixes that are safe
/// ([`safe_fills`]), not `wasted`, and, where the search tried them
/// [`PARAMS`]`.keep_min_visits` times, win at least
/// [`PARAMS`]`.keep_winrate`; the most stones first, then the most
/// visited. The search may not try such a move at all when every move
/// wins, so an untried one is taken too.
pub(super) fn keep_threatened(
    game: &Game,
    color: Color,
    dead: &[Point],
    own: Option<&Ownership>,
    cands: &[Candidate],
    wasted: impl Fn(Move) -> bool,
) -> Option<Move> {
    let own = own?;
    let board = game.board();
    let best = cands.first()?.mv;
    // Chains the search does not give to `color` are left out as dead.
    let mut off = dead_mask(board, dead);
    for p in board.geometry().points() {
        if board.stone(p) == color.stone() {
            let v = own.value(p);
            let mine = if color == Color::Black { v } else { -v };
            if mine <= 0.0 {
                off[p.idx()] = true;
            }
        }
    }
    let no_seki = vec![false; MAX_POINTS];
    let fills = needed_fills(board, color, &off, &no_seki);
    if fills.iter().any(|&(p, _)| Move::Play(p) == best) {
        return None;
    }
    let safe = safe_fills(board, color, &off, &no_seki);
    fills
        .iter()
        .filter_map(|&(p, n)| {
            let m = Move::Play(p);
            if !game.is_legal(color, m) || !safe(p) || wasted(m) {
                return None;
            }
            let c = cands.iter().find(|c| c.mv == m);
            match c {
                Some(c)
                    if c.visits >= PARAMS.keep_min_visits && c.winrate < PARAMS.keep_winrate =>
                {
                    None
                }
                _ => Some((n, c.map_or(0, |c| c.visits), m)),
            }
        })
        .max_by_key(|&(n, v, _)| (n, v))
        .map(|(_, _, m)| m)
}

/// The chains of `color` in atari, not in `dead`, each by its head.
fn chains_in_atari(board: &Board, color: Color, dead: &[Point]) -> Vec<Point> {
    let dead = dead_mask(board, dead);
    board
        .geometry()
        .points()
        .filter(|&p| {
            board.stone(p) == color.stone()
                && board.chain(p) == p
                && board.libs(p) == 1
                && !dead[p.idx()]
        })
        .collect()
}

/// Whether every empty region of `board` touches stones of one colour
/// only (no dame, no region shared in seki: [`Board::open_points`]) and
/// every chain has two liberties or more: nothing is left to fill, connect
/// or save.
pub(super) fn closed_board(board: &Board) -> bool {
    board.open_points() == 0
        && board
            .geometry()
            .points()
            .all(|p| board.stone(p) == Stone::Empty || board.libs(p) >= 2)
}

/// Whether `m` puts a chain of `color` of two stones or more into atari,
/// capturing nothing, where the opponent takes it at once: a seki's
/// shared liberty filled, say. Sacrifices that kill (the nakade shapes of
/// [`sacrifice_kills`]) are not. The search may rank such a move second
/// in a lost position, where every move scores alike (823a4c8's Japanese
/// game 13: White behind, its 14 stones in seki; A9 in its own area was
/// the best move and only cost a point, and the next candidate, B2, put
/// the 14 stones in atari; Black took them).
fn gives_chain_away(board: &Board, color: Color, m: Move) -> bool {
    match m {
        Move::Play(p) => self_atari_size(board, color, p) >= 2 && !sacrifice_kills(board, color, p),
        Move::Pass => false,
    }
}

/// Whether `m` fills a true eye of `color`.
fn fills_own_eye(board: &Board, color: Color, m: Move) -> bool {
    match m {
        Move::Play(p) => board.is_true_eye(p, color),
        Move::Pass => false,
    }
}

/// Under territory rules, whether `m` puts a stone of `color` where it
/// only costs a point: an empty point that `color` owns, with each of its
/// empty neighbours, in at least [`PARAMS`]`.territory_share` of the
/// judging playouts, with no opponent stone among its eight neighbours,
/// and beside at most one own chain, which keeps three liberties or more.
/// A point next to the opponent, a connection between two own chains or
/// the liberty of a short chain may be needed (a shortage of liberties, a
/// cut) and is left to the search. `own` is plain playouts' ownership of
/// this position; without it nothing counts as wasted.
fn fills_own_territory(game: &Game, color: Color, m: Move, own: Option<&Ownership>) -> bool {
    let (Move::Play(p), Some(own)) = (m, own) else {
        return false;
    };
    let board = game.board();
    if game.rules() != Rules::Japanese || board.stone(p) != Stone::Empty {
        return false;
    }
    let share = |q: Point| match color {
        Color::Black => own.black[q.idx()],
        Color::White => own.white[q.idx()],
    };
    if board
        .diagonals(p)
        .iter()
        .any(|&q| board.stone(q).color() == Some(!color))
    {
        return false;
    }
    let mut own_chain: Option<Point> = None;
    for q in board.neighbours(p) {
        match board.stone(q) {
            Stone::Empty if share(q) < PARAMS.territory_share => return false,
            s if s.color() == Some(!color) => return false,
            s if s.color() == Some(color) => {
                let h = board.chain(q);
                if own_chain.is_some_and(|o| o != h) || board.libs(h) < 3 {
                    return false;
                }
                own_chain = Some(h);
            }
            _ => {}
        }
    }
    share(p) >= PARAMS.territory_share
}

/// Under territory rules, the colour whose settled area `m` is played
/// into, if any: an empty region that one colour's stones alone enclose
/// (no stone of the other in it or around it), every point of it and
/// every chain around it owned by that colour in at least
/// [`PARAMS`]`.territory_share` of the judging playouts, half of which
/// each colour starts. A stone there only costs a point: in one's own
/// area the point itself, in the opponent's a prisoner, as the playouts
/// never let it live. A move that is needed (the vital point of an eye
/// space, a real cut, a liberty in a race) shows in those playouts as a
/// region or a wall lost now and then, and is left to the search; so is
/// every region with stones of both colours around it. Unlike
/// [`fills_own_territory`] this asks for no local shape: two own chains
/// meeting at the point may be joined in effect already (an opponent
/// stone there would be taken at once), which a wall the playouts never
/// lose says. The last liberty of a chain (either colour's) never is a
/// settled point: a stone there takes the chain or saves it.
pub(super) fn settled_area(game: &Game, m: Move, own: Option<&Ownership>) -> Option<Color> {
    let (Move::Play(p), Some(own)) = (m, own) else {
        return None;
    };
    let board = game.board();
    if game.rules() != Rules::Japanese || board.stone(p) != Stone::Empty {
        return None;
    }
    // The last liberty of a chain: a stone there saves it or takes it.
    // The playouts cannot say so, as the side to move saves its chain
    // there first in nearly every one of them.
    if board
        .neighbours(p)
        .into_iter()
        .any(|q| board.stone(q).color().is_some() && board.libs(q) == 1)
    {
        return None;
    }
    // The owner is set by `p`, the first point visited; each further point
    // and each wall stone must be that colour's in the playouts.
    let owned = |q: Point| -> Option<Color> {
        if own.black[q.idx()] >= PARAMS.territory_share {
            Some(Color::Black)
        } else if own.white[q.idx()] >= PARAMS.territory_share {
            Some(Color::White)
        } else {
            None
        }
    };
    let mut owner: Option<Color> = None;
    let mut seen = vec![false; MAX_POINTS];
    let settled = board.walk_empty_region(p, &mut seen, |q, s| {
        let c = owned(q);
        if owner.is_none() {
            owner = c;
        }
        // A wall stone is the owner's and its chain stands as the owner's.
        c.is_some() && c == owner && (s == Stone::Empty || s.color() == owner)
    });
    if settled {
        owner
    } else {
        None
    }
}

/// Whether every empty point of `game`'s board that `lp` calls neither
/// dame nor open (the small gaps of a nearly closed board, valued by
/// [`gap_move`] already) is one colour's in at least
/// [`PARAMS`]`.settled_share` of the judging playouts `own`.
fn areas_settled(game: &Game, lp: &LastPhase, own: &Ownership) -> bool {
    let board = game.board();
    let geo = board.geometry();
    let open: Vec<Point> = geo
        .points()
        .filter(|&p| {
            board.stone(p) == Stone::Empty
                && !matches!(lp.region(p), Some(Region::Dame | Region::Open))
                && own.black[p.idx()] < PARAMS.settled_share
                && own.white[p.idx()] < PARAMS.settled_share
        })
        .collect();
    if !open.is_empty() {
        log::debug!(
            "areas not settled (black's share): {}",
            open.iter()
                .map(|&p| format!("{}:{:.2}", geo.vertex(p), own.black[p.idx()]))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    open.is_empty()
}

/// On a nearly closed board, the empty point of an open region (a gap)
/// where `color` should play before passing.
///
/// The gaps are read out together ([`GapReader`]): the move of
/// `color`'s into a gap after which the count, both sides at their best,
/// is best for `color` and better than after a pass. Under area rules
/// every gap counts a point for who fills it; under territory rules only
/// a move that makes or saves territory does (a gap both sides would
/// fill at no gain is neutral, like a dame). Only first moves that
/// [`safe_fills`] allows are tried.
///
/// Where the read runs past its budget, each gap is valued by one fill
/// and the other side's best local answer ([`fill_count`]): the gap
/// whose count is best for `color` when `color` fills it and better than
/// when the opponent fills it (or, where the opponent cannot safely
/// play, than now).
pub(super) fn gap_move(
    game: &Game,
    color: Color,
    j: &Judgement,
    lp: &LastPhase,
    dead: &[bool],
    seki: &[bool],
) -> Option<Point> {
    let board = game.board();
    let mut libs = [Point::NONE; 8];
    let safe = [
        safe_fills(board, color, dead, seki),
        safe_fills(board, !color, dead, seki),
    ];
    // Whether `c` may fill `q`: legal, and safe by [`safe_fills`].
    let may_fill =
        |c: Color, q: Point| game.is_legal(c, Move::Play(q)) && safe[usize::from(c != color)](q);
    // Each gap's empty points, and where either side may answer a fill:
    // the gap and the liberties of the chains around it, outside every
    // settled area.
    let gaps: Vec<(Vec<Point>, Vec<Point>)> = lp
        .open_regions
        .iter()
        .map(|region| {
            let empties: Vec<Point> = region
                .iter()
                .copied()
                .filter(|q| board.stone(*q) == Stone::Empty)
                .collect();
            let mut near = empties.clone();
            for &q in region {
                for r in board.neighbours(q) {
                    if board.stone(r).color().is_none() || dead[r.idx()] {
                        continue;
                    }
                    let k = board.chain_liberties(r, &mut libs);
                    for &l in &libs[..k] {
                        if !near.contains(&l) && !matches!(lp.region(l), Some(Region::Area(_))) {
                            near.push(l);
                        }
                    }
                }
            }
            (empties, near)
        })
        .collect();
    // Gaps whose answer points meet are read together: a move in one
    // may be answered, or forced, in the other.
    let mut comps: Vec<Vec<usize>> = Vec::new();
    for (i, (_, near)) in gaps.iter().enumerate() {
        let meets = |c: &Vec<usize>| {
            c.iter()
                .any(|&k| gaps[k].1.iter().any(|q| near.contains(q)))
        };
        let (joined, mut rest): (Vec<Vec<usize>>, Vec<Vec<usize>>) =
            comps.drain(..).partition(|c| meets(c));
        let mut comp: Vec<usize> = joined.into_iter().flatten().collect();
        comp.push(i);
        rest.push(comp);
        comps = rest;
    }
    let now = mover_count(game, color, j);
    // Higher is better for `color`.
    let sign = if color == Color::Black { 1.0 } else { -1.0 };
    let mut budget = PARAMS.gap_read_budget;
    // (gain over the opponent's first move, own count, point)
    let mut best: Option<(f32, f32, Point)> = None;
    let mut consider = |gain: f32, m: f32, q: Point| {
        if gain > 0.0 && best.is_none_or(|b| (gain, m) > (b.0, b.1)) {
            best = Some((gain, m, q));
        }
    };
    let geo = game.geometry();
    for comp in &comps {
        let mut points: Vec<Point> = Vec::new();
        let mut firsts: Vec<Point> = Vec::new();
        for &k in comp {
            let (empties, near) = &gaps[k];
            for &q in near {
                if !points.contains(&q) {
                    points.push(q);
                }
            }
            firsts.extend(empties.iter().copied().filter(|&q| may_fill(color, q)));
        }
        let mut reader = GapReader::new(
            board,
            game.komi(),
            game.rules(),
            &j.dead,
            &j.seki,
            &points,
            game.position_hashes(),
            budget,
        );
        let read = reader.read(board, color, &firsts);
        budget = budget.saturating_sub(reader.nodes());
        if let Some((v, depth)) = read {
            log::debug!(
                "gaps read to {depth} plies ({} positions): pass {}, {}",
                reader.nodes(),
                v.pass,
                v.moves
                    .iter()
                    .map(|(q, m)| format!("{}:{m}", geo.vertex(*q)))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            for &(q, m) in &v.moves {
                consider(sign * (m - v.pass), sign * m, q);
            }
            continue;
        }
        log::debug!("gaps of {} points: past the read's budget", points.len());
        // Each gap by one fill and the other side's best local answer.
        for &k in comp {
            let (empties, near) = &gaps[k];
            let fill = |c: Color, q: Point| -> Option<f32> {
                may_fill(c, q)
                    .then(|| fill_count(game, color, c, q, near, j))
                    .flatten()
            };
            let (mut own_best, mut theirs): (Option<(f32, Point)>, Option<f32>) = (None, None);
            for &q in empties {
                if let Some(m) = fill(color, q) {
                    if own_best.is_none_or(|b| m > b.0) {
                        own_best = Some((m, q));
                    }
                }
                if let Some(m) = fill(!color, q) {
                    theirs = Some(theirs.map_or(m, |t: f32| t.min(m)));
                }
            }
            if let Some((m, q)) = own_best {
                consider(m - theirs.unwrap_or(now), m, q);
            }
        }
    }
    best.map(|b| b.2)
}

/// The count of `game` by `j`'s dead stones, for `mover`.
fn mover_count(game: &Game, mover: Color, j: &Judgement) -> f32 {
    let m = game.score_with(&j.dead, &j.seki).margin();
    if mover == Color::Black {
        m
    } else {
        -m
    }
}

/// The count for `mover` after `c` fills the gap point `q` and the other
/// side answers at its best among `near` (or passes), `c` then saving a
/// chain of its own put in atari, or passing and losing it.
/// An answer must be legal and keep two liberties unless it captures.
fn fill_count(
    game: &Game,
    mover: Color,
    c: Color,
    q: Point,
    near: &[Point],
    j: &Judgement,
) -> Option<f32> {
    let mut g = game.clone();
    g.play(c, Move::Play(q)).ok()?;
    // The count as `c` sees it: higher is better for `c`.
    let for_c = |g: &Game| {
        let m = mover_count(g, mover, j);
        if c == mover {
            m
        } else {
            -m
        }
    };
    let mut worst = for_c(&g);
    for &r in near {
        let mut h = g.clone();
        if h.play(!c, Move::Play(r)).is_err() {
            continue;
        }
        if h.board().libs(r) < 2 && h.board().last_captured() == 0 {
            continue;
        }
        // `c`'s best reply: pass, when the other side takes a chain the
        // answer put in atari, or save that chain.
        let in_atari: Vec<Point> = h
            .board()
            .neighbours(r)
            .into_iter()
            .filter(|&n| h.board().stone(n) == c.stone() && h.board().libs(n) == 1)
            .collect();
        let mut best = for_c(&h);
        for &n in &in_atari {
            let mut k = h.clone();
            if k.play(!c, Move::Play(h.board().atari_liberty(n))).is_ok() {
                best = best.min(for_c(&k));
            }
        }
        for &n in &in_atari {
            chain_escapes(h.board(), n, |e, _| {
                let mut k = h.clone();
                if k.play(c, Move::Play(e)).is_ok() {
                    best = best.max(for_c(&k));
                }
            });
        }
        worst = worst.min(best);
    }
    Some(if c == mover { worst } else { -worst })
}

/// A move toward capturing dead opponent stones: a legal liberty of the
/// dead chain with the fewest liberties that is not a self-atari, the
/// most visited such move first.
fn capture_dead(game: &Game, color: Color, dead: &[Point], cands: &[Candidate]) -> Option<Move> {
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
            if libs > 1 && self_atari_size(board, color, l) > 0 {
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

/// The last phase of the position as the judgement reads it, for the mover
/// ([`super::dame`]).
struct Phase {
    color: Color,
    lp: LastPhase,
    /// Whether no boundary is open.
    closing: bool,
    /// Whether the open boundaries are a few small gaps
    /// ([`LastPhase::nearly_closed`]).
    nearly: bool,
    /// On such a board, the gap point worth filling ([`gap_move`]).
    gap: Option<Point>,
    /// The mover's needed fills, most stones first: the moves that save
    /// a chain a threat reaches ([`needed_fills`]), the dame that keep
    /// an eye ([`eye_fills`]) and the moves that keep a group the
    /// opponent would kill by moving first ([`life_fills`]).
    needed: Vec<(Point, u32)>,
    /// Points where the mover takes stones of the opponent's live chains
    /// (the opponent's threats left open, and the first moves that kill
    /// a group of theirs in small regions), most stones first.
    gains: Vec<(Point, u32)>,
    /// Cutting points of the mover's walls to connect before passing
    /// ([`cut_fills`]), those it can fill safely.
    cuts: Vec<Point>,
    dead: Vec<bool>,
    seki: Vec<bool>,
}

impl Phase {
    fn read(game: &Game, color: Color, j: &Judgement) -> Phase {
        let board = game.board();
        let lp = LastPhase::read(board, &j.dead, &j.seki);
        let dead = lp.dead.clone();
        let seki = dead_mask(board, &j.seki);
        let legal = |p: &Point| game.is_legal(color, Move::Play(*p));
        let mut needed: Vec<(Point, u32)> = needed_fills(board, color, &dead, &seki)
            .into_iter()
            .filter(|(p, _)| legal(p))
            .collect();
        for (p, n) in eye_fills(board, color, &lp) {
            if !legal(&p) {
                continue;
            }
            add_stones(&mut needed, p, n);
        }
        let mut gains: Vec<(Point, u32)> = Vec::new();
        for t in threats(board, !color, &dead, &seki) {
            if !legal(&t.at) {
                continue;
            }
            add_stones(&mut gains, t.at, t.stones);
        }
        // Groups in small regions that die if attacked first: the mover's
        // keep them, the opponent's are taken.
        let (keep, kill) = life_fills(board, color, &dead, &seki);
        for (into, points) in [(&mut needed, keep), (&mut gains, kill)] {
            for (p, n) in points {
                if legal(&p) {
                    add_stones(into, p, n);
                }
            }
        }
        needed.sort_by_key(|o| std::cmp::Reverse(o.1));
        gains.sort_by_key(|g| std::cmp::Reverse(g.1));
        let nearly = lp.nearly_closed(PARAMS.nearly_open_region, PARAMS.nearly_open_total);
        let gap = if nearly {
            gap_move(game, color, j, &lp, &dead, &seki)
        } else {
            None
        };
        let cuts: Vec<Point> = {
            let safe = safe_fills(board, color, &dead, &seki);
            cut_fills(board, color, &lp, &dead, &seki)
                .into_iter()
                .filter(|p| legal(p) && safe(*p))
                .collect()
        };
        Phase {
            color,
            cuts,
            closing: lp.closing(),
            nearly,
            gap,
            lp,
            needed,
            gains,
            dead,
            seki,
        }
    }

    /// The move among `points` that saves or takes the most stones; of
    /// those, the most visited by the search.
    fn pick(points: &[(Point, u32)], cands: &[Candidate]) -> Option<Move> {
        let visits = |p: Point| {
            cands
                .iter()
                .find(|c| c.mv == Move::Play(p))
                .map_or(0, |c| c.visits)
        };
        points
            .iter()
            .max_by_key(|(p, n)| (*n, visits(*p)))
            .map(|(p, _)| Move::Play(*p))
    }

    /// A needed fill, else a capture of live stones: the moves that
    /// change the result of a closing board.
    fn urgent(&self, _game: &Game, cands: &[Candidate]) -> Option<Move> {
        Phase::pick(&self.needed, cands).or_else(|| Phase::pick(&self.gains, cands))
    }

    /// What to play instead of a pass: [`Phase::urgent`], then a cutting
    /// point of the mover's walls ([`cut_fills`]), then under area rules
    /// a dame the mover can fill safely (each is a point there), the most
    /// visited first.
    fn before_passing(&self, game: &Game, cands: &[Candidate]) -> Option<Move> {
        if let Some(m) = self.urgent(game, cands) {
            return Some(m);
        }
        let cuts: Vec<(Point, u32)> = self.cuts.iter().map(|&p| (p, 0)).collect();
        if let Some(m) = Phase::pick(&cuts, cands) {
            return Some(m);
        }
        if game.rules() != Rules::Chinese {
            return None;
        }
        let safe = safe_fills(game.board(), self.color, &self.dead, &self.seki);
        let dame: Vec<(Point, u32)> = self
            .lp
            .dame
            .iter()
            .copied()
            .filter(|&p| game.is_legal(self.color, Move::Play(p)) && safe(p))
            .map(|p| (p, 0))
            .collect();
        Phase::pick(&dame, cands)
    }

    /// Under territory rules, whether `m` is a neutral dame: no fill the
    /// mover needs, no stones it takes. Such a move changes no count.
    fn neutral_under_territory(&self, game: &Game, m: Move) -> bool {
        let Move::Play(p) = m else {
            return false;
        };
        game.rules() == Rules::Japanese
            && self.lp.region(p) == Some(Region::Dame)
            && !self.needed.iter().any(|n| n.0 == p)
            && !self.gains.iter().any(|g| g.0 == p)
            && !self.cuts.contains(&p)
    }
}
