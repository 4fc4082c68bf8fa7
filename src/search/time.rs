//! Time control: the clock the controller set, and how long to think for
//! one move (Pachi's scheme; the values are [`PARAMS`]`.time`).

use super::params::{TimeParams, PARAMS};
use std::time::Duration;

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

/// Moves still to play by one side, from the empty points (Pachi):
/// (empty − 20% of the board) / 2, at least a quarter of the board's
/// points clamped to 10..30.
pub fn moves_left(empty: usize, size: usize) -> f64 {
    let t = PARAMS.time;
    let area = (size * size) as f64;
    let floor = (area / 4.0).clamp(t.min_moves_left[0], t.min_moves_left[1]);
    ((empty as f64 - t.reserved_area * area) / 2.0).max(floor)
}

/// How long to think for one move: the target, and the most the search
/// may take past it while the best move is unclear
/// ([`super::Limits::max_time`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub target: Duration,
    pub max: Duration,
}

/// Thinking time for one move, never more than what keeps the clock
/// safe. `used` is the time this side has already spent (for main time
/// when the controller sends no `time_left`); `moves` the moves played
/// so far (both sides); `default` applies when there is no time control.
///
/// In main time, as Pachi does: an even share of the time left over the
/// moves left, raised in the middle game (from [`TimeParams::fuseki_end`]
/// to [`TimeParams::yose_start`] of the board's points in moves) to the
/// share the time left would give if the moves to play before the yose
/// took none, rising into it from the opening; the maximum is
/// [`TimeParams::max_ratio`] times the target, within the share of the
/// time left a move may take. In byo-yomi and without a clock the
/// maximum is the target.
///
/// [`TimeParams::fuseki_end`]: super::params::TimeParams::fuseki_end
/// [`TimeParams::yose_start`]: super::params::TimeParams::yose_start
/// [`TimeParams::max_ratio`]: super::params::TimeParams::max_ratio
pub fn budget(
    tc: TimeControl,
    left: Option<TimeLeft>,
    used: f64,
    empty: usize,
    size: usize,
    moves: usize,
    default: f64,
) -> Budget {
    budget_with(&PARAMS.time, tc, left, used, empty, size, moves, default)
}

/// [`budget`] with the values `t`.
#[allow(clippy::too_many_arguments)]
fn budget_with(
    t: &TimeParams,
    tc: TimeControl,
    left: Option<TimeLeft>,
    used: f64,
    empty: usize,
    size: usize,
    moves: usize,
    default: f64,
) -> Budget {
    let ml = moves_left(empty, size);
    // The byo-yomi bonus comes on top of the main-time share, the
    // maximum's too.
    let main = |remaining: f64, bonus: f64| {
        let share = main_time_share(t, remaining, phase_moves_left(t, ml, moves, size));
        let cap = (remaining * t.main_cap).min((remaining - t.lag).max(0.0));
        (
            share + bonus,
            (share * t.max_ratio).min(cap).max(share) + bonus,
        )
    };
    let fixed = |x: f64| (x, x);
    let (target, max) = match tc {
        TimeControl::None => fixed(default),
        TimeControl::Absolute { main: m } => {
            main(left.map(|l| l.seconds).unwrap_or(m - used).max(0.0), 0.0)
        }
        TimeControl::Canadian {
            main: m,
            period,
            stones,
        } => match left {
            Some(l) if l.stones > 0 => {
                // In byo-yomi: `seconds` for `stones` moves.
                let per = l.seconds / l.stones as f64;
                fixed(
                    (t.byoyomi_share * per - t.lag)
                        .min(per * t.byoyomi_cap)
                        .max(0.05),
                )
            }
            _ => {
                let remaining = left.map(|l| l.seconds).unwrap_or(m - used).max(0.0);
                let per = period / stones.max(1) as f64;
                main(remaining, t.canadian_bonus * per.max(0.0))
            }
        },
        TimeControl::Japanese {
            main: m, period, ..
        } => match left {
            Some(l) if l.stones > 0 => {
                let per = l.seconds.min(period);
                fixed(
                    (t.byoyomi_share * per - t.lag)
                        .min(per * t.byoyomi_cap)
                        .max(0.05),
                )
            }
            _ => {
                let remaining = left.map(|l| l.seconds).unwrap_or(m - used).max(0.0);
                main(remaining, t.japanese_bonus * period)
            }
        },
    };
    let d = |x: f64| Duration::from_secs_f64(x.clamp(0.01, 3600.0));
    Budget {
        target: d(target),
        max: d(max.max(target)),
    }
}

/// The moves to share the main time over, `moves_left` of them in an
/// even share, fewer in the middle game ([`budget`]).
fn phase_moves_left(t: &TimeParams, moves_left: f64, moves: usize, size: usize) -> f64 {
    let area = (size * size) as f64;
    let (fuseki_end, yose_start) = (t.fuseki_end * area, t.yose_start * area);
    let moves = moves as f64;
    if moves >= yose_start || fuseki_end <= 0.0 {
        return moves_left;
    }
    let floor = (area / 4.0).clamp(t.min_moves_left[0], t.min_moves_left[1]);
    let at_yose = (moves_left - (yose_start - moves) / 2.0).max(floor);
    if at_yose >= moves_left {
        return moves_left;
    }
    // Shares, not move counts, are blended: 1/n is the share of a move.
    let beta = (moves / fuseki_end).min(1.0);
    1.0 / (beta / at_yose + (1.0 - beta) / moves_left)
}

/// Whether a search past its target time `t`, at `elapsed`, should go on
/// towards `max`, given each root move's visits and win rate (Pachi's
/// `uct_search_keep_looking`): the most visited move has fewer than
/// [`TimeParams::unclear_ratio`] times the visits of the second, or a
/// move with [`TimeParams::rival_share`] of its visits or more wins more
/// often. A side that is winning stops sooner: at a win rate w past one
/// half, by `t + (max - t)(2 - 2w)`.
///
/// [`TimeParams::unclear_ratio`]: super::params::TimeParams::unclear_ratio
/// [`TimeParams::rival_share`]: super::params::TimeParams::rival_share
pub fn keep_looking(kids: &[(u32, f64)], elapsed: Duration, t: Duration, max: Duration) -> bool {
    let tp = PARAMS.time;
    let Some(best) = (0..kids.len()).max_by_key(|&i| kids[i].0) else {
        return true;
    };
    let (v1, w1) = kids[best];
    if w1 > 0.5 {
        let beta = 2.0 * (w1 - 0.5);
        let good_enough = t.as_secs_f64() + max.saturating_sub(t).as_secs_f64() * (1.0 - beta);
        if elapsed.as_secs_f64() >= good_enough {
            return false;
        }
    }
    let mut second = 0;
    let mut rival = false;
    for (i, &(v, w)) in kids.iter().enumerate() {
        if i != best {
            second = second.max(v);
            rival |= v as f64 >= tp.rival_share * v1 as f64 && w > w1;
        }
    }
    rival || (second > 0 && (v1 as f64) < tp.unclear_ratio * second as f64)
}

/// Share of `remaining` main time for one move, leaving a safe margin.
fn main_time_share(t: &TimeParams, remaining: f64, moves_left: f64) -> f64 {
    let share = remaining / moves_left;
    // Never more than a quarter of what is left, nor past the lag margin.
    share
        .min(remaining * t.main_cap)
        .min((remaining - t.lag).max(0.0))
        .max(0.01)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values with Pachi's phases and maximum.
    fn pachi() -> TimeParams {
        TimeParams {
            fuseki_end: 0.2,
            yose_start: 0.4,
            max_ratio: 2.0,
            ..PARAMS.time
        }
    }

    #[test]
    fn three_seconds_left_answers_fast() {
        let tc = TimeControl::Absolute { main: 600.0 };
        let left = Some(TimeLeft {
            seconds: 3.0,
            stones: 0,
        });
        let b = budget(tc, left, 0.0, 200, 19, 160, 5.0);
        assert!(b.max < Duration::from_millis(500), "{b:?}");
    }

    #[test]
    fn byoyomi_keeps_a_margin() {
        let tc = TimeControl::Canadian {
            main: 0.0,
            period: 10.0,
            stones: 1,
        };
        let left = Some(TimeLeft {
            seconds: 10.0,
            stones: 1,
        });
        let b = budget(tc, left, 0.0, 60, 9, 20, 5.0);
        assert_eq!(b.target, b.max);
        let b = b.target.as_secs_f64();
        assert!(b > 5.0 && b < 9.0, "{b}");
    }

    #[test]
    fn no_time_control_uses_the_default() {
        let b = budget(TimeControl::None, None, 0.0, 81, 9, 0, 1.5);
        assert_eq!(b.target, Duration::from_secs_f64(1.5));
        assert_eq!(b.max, b.target);
    }

    #[test]
    fn the_middle_game_gets_more_time_than_the_opening_and_the_yose() {
        // 19x19, 5 minutes sudden death, 200 seconds left at each point
        // of the game (stones on the board about the moves played).
        let tc = TimeControl::Absolute { main: 300.0 };
        let left = Some(TimeLeft {
            seconds: 200.0,
            stones: 0,
        });
        let t = pachi();
        let at = |moves: usize| budget_with(&t, tc, left, 0.0, 361 - moves, 19, moves, 5.0);
        let (opening, fuseki, middle, yose) = (at(10), at(50), at(100), at(200));
        // Even shares: 200 / ((empty - 72) / 2).
        let even = |moves: usize| 200.0 / ((361.0 - moves as f64 - 72.2) / 2.0);
        let secs = |b: Budget| b.target.as_secs_f64();
        assert!(
            secs(opening) >= even(10) && secs(opening) < 1.2 * even(10),
            "{opening:?}"
        );
        assert!(secs(fuseki) > 1.1 * even(50), "{fuseki:?}");
        assert!(secs(middle) > 1.2 * even(100), "{middle:?}");
        assert!((secs(yose) - even(200)).abs() < 0.01, "{yose:?}");
        assert!(secs(middle) > secs(opening));
        for b in [opening, fuseki, middle, yose] {
            // The maximum: twice the target, within a quarter of the
            // time left.
            assert!(b.max >= b.target && b.max.as_secs_f64() <= 50.0, "{b:?}");
            assert!((b.max.as_secs_f64() - 2.0 * secs(b)).abs() < 1e-6, "{b:?}");
        }
    }

    #[test]
    fn the_maximum_never_spends_the_last_of_the_clock() {
        let tc = TimeControl::Absolute { main: 300.0 };
        for secs in [0.2, 1.0, 4.0, 20.0] {
            let left = Some(TimeLeft {
                seconds: secs,
                stones: 0,
            });
            let b = budget_with(&pachi(), tc, left, 0.0, 200, 19, 100, 5.0);
            assert!(
                b.max.as_secs_f64() <= (secs * 0.25).max(0.01) + 1e-9,
                "{secs}: {b:?}"
            );
        }
    }

    #[test]
    fn a_search_keeps_looking_while_the_best_move_is_unclear() {
        let ms = Duration::from_millis;
        let (t, max) = (ms(100), ms(300));
        let look = |kids: &[(u32, f64)], at: u64| keep_looking(kids, ms(at), t, max);
        // Far ahead in visits and no better rival: stop at the target.
        assert!(!look(&[(1000, 0.45), (300, 0.44), (50, 0.3)], 100));
        // Under 2.5 times the second's visits: go on.
        assert!(look(&[(1000, 0.45), (500, 0.44)], 100));
        // A rival with a third of the visits that wins more often: go on.
        assert!(look(&[(1000, 0.45), (350, 0.47)], 100));
        // A rival with too few visits to trust: stop.
        assert!(!look(&[(1000, 0.45), (100, 0.60)], 100));
        // Winning at 75%: unclear, but done by t + (max - t) / 2.
        assert!(look(&[(1000, 0.75), (500, 0.74)], 150));
        assert!(!look(&[(1000, 0.75), (500, 0.74)], 200));
        // No visits yet: go on (the maximum still ends it).
        assert!(look(&[], 100));
    }
}
