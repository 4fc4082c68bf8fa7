//! Time control: the clock the controller set, and how long to think for
//! one move (Pachi's scheme; the values are [`PARAMS`]`.time`).

use super::params::PARAMS;
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

/// Thinking time for one move: the target, never more than what keeps the
/// clock safe. `used` is the time this side has already spent (for main
/// time when the controller sends no `time_left`); `default` applies when
/// there is no time control.
pub fn budget(
    tc: TimeControl,
    left: Option<TimeLeft>,
    used: f64,
    empty: usize,
    size: usize,
    default: f64,
) -> Duration {
    let t = PARAMS.time;
    let ml = moves_left(empty, size);
    let secs = match tc {
        TimeControl::None => default,
        TimeControl::Absolute { main } => {
            let remaining = left.map(|l| l.seconds).unwrap_or(main - used).max(0.0);
            main_time_share(remaining, ml)
        }
        TimeControl::Canadian {
            main,
            period,
            stones,
        } => match left {
            Some(l) if l.stones > 0 => {
                // In byo-yomi: `seconds` for `stones` moves.
                let per = l.seconds / l.stones as f64;
                (t.byoyomi_share * per - t.lag)
                    .min(per * t.byoyomi_cap)
                    .max(0.05)
            }
            _ => {
                let remaining = left.map(|l| l.seconds).unwrap_or(main - used).max(0.0);
                let per = period / stones.max(1) as f64;
                main_time_share(remaining, ml) + t.canadian_bonus * per.max(0.0)
            }
        },
        TimeControl::Japanese { main, period, .. } => match left {
            Some(l) if l.stones > 0 => {
                let per = l.seconds.min(period);
                (t.byoyomi_share * per - t.lag)
                    .min(per * t.byoyomi_cap)
                    .max(0.05)
            }
            _ => {
                let remaining = left.map(|l| l.seconds).unwrap_or(main - used).max(0.0);
                main_time_share(remaining, ml) + t.japanese_bonus * period
            }
        },
    };
    Duration::from_secs_f64(secs.clamp(0.01, 3600.0))
}

/// Share of `remaining` main time for one move, leaving a safe margin.
fn main_time_share(remaining: f64, moves_left: f64) -> f64 {
    let share = remaining / moves_left;
    // Never more than a quarter of what is left, nor past the lag margin.
    share
        .min(remaining * PARAMS.time.main_cap)
        .min((remaining - PARAMS.time.lag).max(0.0))
        .max(0.01)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_seconds_left_answers_fast() {
        let tc = TimeControl::Absolute { main: 600.0 };
        let left = Some(TimeLeft {
            seconds: 3.0,
            stones: 0,
        });
        let b = budget(tc, left, 0.0, 200, 19, 5.0);
        assert!(b < Duration::from_millis(500), "{b:?}");
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
        let b = budget(tc, left, 0.0, 60, 9, 5.0).as_secs_f64();
        assert!(b > 5.0 && b < 9.0, "{b}");
    }

    #[test]
    fn no_time_control_uses_the_default() {
        assert_eq!(
            budget(TimeControl::None, None, 0.0, 81, 9, 1.5),
            Duration::from_secs_f64(1.5)
        );
    }
}
