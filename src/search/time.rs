//! Time control: how long to think for one move (MCTS-NOTES "Time").

use crate::engine::{TimeControl, TimeLeft};
use std::time::Duration;

/// Seconds kept back from every budget for the controller's lag.
const LAG: f64 = 0.25;

/// Moves still to play by one side, from the empty points (Pachi):
/// max((empty − 20% of the board) / 2, 30)... scaled down on small boards.
pub fn moves_left(empty: usize, size: usize) -> f64 {
    let area = (size * size) as f64;
    let floor = (area / 4.0).clamp(10.0, 30.0);
    ((empty as f64 - 0.2 * area) / 2.0).max(floor)
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
                (0.9 * per - LAG).min(per * 0.8).max(0.05)
            }
            _ => {
                let remaining = left.map(|l| l.seconds).unwrap_or(main - used).max(0.0);
                let per = period / stones.max(1) as f64;
                main_time_share(remaining, ml) + 0.5 * per.max(0.0)
            }
        },
        TimeControl::Japanese { main, period, .. } => match left {
            Some(l) if l.stones > 0 => {
                let per = l.seconds.min(period);
                (0.9 * per - LAG).min(per * 0.8).max(0.05)
            }
            _ => {
                let remaining = left.map(|l| l.seconds).unwrap_or(main - used).max(0.0);
                main_time_share(remaining, ml) + 0.6 * period
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
        .min(remaining * 0.25)
        .min((remaining - LAG).max(0.0))
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
