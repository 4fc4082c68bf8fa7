//! Priors: virtual (visits, wins) given to each new child, from michi's and
//! Pachi's heuristics (docs/search.md, "Priors"). They enter the ordinary
//! statistics only, never AMAF.

use super::params::{Bonus, PARAMS};
use crate::board::Board;
use crate::game::{Game, Rules};
use crate::playout::patterns;
use crate::tactics::ladder::{ladder_capture_size, runs_into_ladder};
use crate::tactics::nakade::{is_vital_point, sacrifice_kills};
use crate::tactics::{capture_size, rescue_size, self_atari_size, starts_race};
use crate::types::{Color, Move, Point, Stone, MAX_POINTS};

/// A prior in virtual visits and wins.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Prior {
    pub visits: f32,
    pub wins: f32,
}

impl Prior {
    pub(super) fn add(&mut self, b: Bonus) {
        self.visits += b.visits;
        self.wins += b.wins;
    }
}

/// Even prior visits ([`PARAMS`]: 14 on small boards, 20 on 19x19).
pub fn even_visits(size: usize) -> f32 {
    PARAMS.priors.even_visits.get(size)
}

/// Distance from the last move along chains (a chain counts as one step),
/// up to 3; `u8::MAX` beyond. Written into `dist`, indexed by point.
pub fn last_move_distance(board: &Board, dist: &mut [u8; MAX_POINTS]) {
    dist.fill(u8::MAX);
    let Move::Play(last) = board.last_move() else {
        return;
    };
    if board.stone(last) == Stone::Empty {
        return;
    }
    // 0-1 BFS limited to depth 3: moving inside a chain costs nothing.
    let mut frontier: Vec<Point> = Vec::with_capacity(64);
    let mut next: Vec<Point> = Vec::with_capacity(64);
    board.for_each_stone(last, |q| {
        dist[q.idx()] = 0;
        frontier.push(q);
    });
    for d in 1..=3u8 {
        next.clear();
        for &p in &frontier {
            for q in board.neighbours(p) {
                let s = board.stone(q);
                if s == Stone::Edge || dist[q.idx()] != u8::MAX {
                    continue;
                }
                if s == Stone::Empty {
                    dist[q.idx()] = d;
                    next.push(q);
                } else {
                    board.for_each_stone(q, |r| {
                        dist[r.idx()] = d;
                        next.push(r);
                    });
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
}

/// Whether no stone lies within Manhattan distance 3 of `p`.
fn empty_area(board: &Board, p: Point) -> bool {
    let geo = board.geometry();
    let (x, y) = geo.coords(p);
    let n = geo.size as i32;
    for dy in -3i32..=3 {
        for dx in -3i32..=3 {
            if dx.abs() + dy.abs() > 3 {
                continue;
            }
            let (xx, yy) = (x as i32 + dx, y as i32 + dy);
            if xx < 0 || yy < 0 || xx >= n || yy >= n {
                continue;
            }
            if board.stone(geo.point(xx as usize, yy as usize)) != Stone::Empty {
                return false;
            }
        }
    }
    true
}

/// Line of `p` from the nearest edge, 1-based.
fn line(board: &Board, p: Point) -> usize {
    let geo = board.geometry();
    let (x, y) = geo.coords(p);
    1 + x.min(y).min(geo.size - 1 - x).min(geo.size - 1 - y)
}

/// The prior of `c` playing at legal `p` on `board`. `dist` comes from
/// [`last_move_distance`].
pub fn prior(board: &Board, c: Color, p: Point, dist: &[u8; MAX_POINTS]) -> Prior {
    let size = board.size();
    let even = even_visits(size);
    let mut pr = Prior {
        visits: even,
        wins: even / 2.0,
    };
    let k = PARAMS.priors;
    if board.is_true_eye(p, c) {
        pr.add(k.own_eye);
        return pr;
    }
    // Captures and rescues.
    let captured = capture_size(board, c, p);
    if captured > 0 {
        pr.add(if captured > 1 {
            k.capture_more
        } else {
            k.capture_one
        });
    }
    let rescued = rescue_size(board, c, p);
    if rescued > 0 {
        if captured == 0 && runs_into_ladder(board, c, p) {
            // Escaping a working ladder only loses more stones.
            pr.add(k.ladder_escape);
        } else {
            pr.add(if rescued > 1 {
                k.rescue_more
            } else {
                k.rescue_one
            });
        }
    }
    let caught = ladder_capture_size(board, c, p);
    if caught > 0 {
        pr.add(if caught > 1 {
            k.ladder_capture_more
        } else {
            k.ladder_capture_one
        });
    }
    if caught == 0 && captured == 0 && starts_race(board, c, p) {
        pr.add(k.race_atari);
    }
    if is_vital_point(board, p) {
        pr.add(k.nakade);
    }
    let self_atari = self_atari_size(board, c, p);
    if self_atari > 1 && !sacrifice_kills(board, c, p) {
        pr.add(Bonus::losses(k.self_atari.get(size)));
    }
    if patterns::matches(board, p) {
        pr.add(Bonus::wins(k.pattern.get(size)));
    }
    if let d @ 1..=3 = dist[p.idx()] {
        pr.add(Bonus::wins(k.near_last[d as usize - 1]));
    }
    if empty_area(board, p) {
        match line(board, p) {
            1 | 2 => pr.add(Bonus::losses(k.empty_area)),
            3 => pr.add(Bonus::wins(k.empty_area)),
            _ => {}
        }
    }
    pr
}

/// The priors of the built-in move-prediction model for `c`'s legal
/// moves, indexed by point: `sqrt(p) * E` wins in as many visits for a
/// move of probability `p` (Pachi's pattern prior), `E` from [`PARAMS`].
/// Moves below probability 0.001 get nothing.
pub fn learned(board: &Board, c: Color) -> Vec<Bonus> {
    let mut out = vec![Bonus::wins(0.0); MAX_POINTS];
    let e = PARAMS.priors.learned.get(board.size());
    if e <= 0.0 {
        return out;
    }
    for (p, prob) in crate::predict::builtin().rank(board, c) {
        if prob >= 0.001 {
            out[p.idx()] = Bonus::wins(prob.sqrt() as f32 * e);
        }
    }
    out
}

/// Virtual wins for the pass when the learned priors are on: under
/// territory rules in a close endgame (few open points, the count by
/// stones and closed regions within a few points), a share of the learned
/// prior's scale, as Pachi boosts the pass there; else none. The learned
/// priors lift every stone, and without this a pass that wins by half a
/// point is hardly visited.
pub fn pass_boost(game: &Game) -> f32 {
    let k = &PARAMS.priors;
    let board = game.board();
    if game.rules() != Rules::Japanese
        || board.open_points() >= k.close_open_points
        || game.score_with(&[], &[]).margin().abs() > k.close_margin
    {
        return 0.0;
    }
    k.pass_share * k.learned.get(board.size())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_3x3_shape_gets_the_pattern_bonus() {
        // Black D3 is a hane under white D4 (MoGo's "non-cutting hane");
        // C2 touches nothing.
        let b = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . X O . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let mut dist = [u8::MAX; MAX_POINTS];
        last_move_distance(&b, &mut dist);
        let even = even_visits(7);
        let plain = prior(&b, Color::Black, b.at("C2"), &dist);
        assert_eq!(
            plain,
            Prior {
                visits: even,
                wins: even / 2.0
            }
        );
        let hane = prior(&b, Color::Black, b.at("D3"), &dist);
        assert_eq!(
            hane,
            Prior {
                visits: even + 10.0,
                wins: even / 2.0 + 10.0
            }
        );
    }

    #[test]
    fn the_atari_that_wins_a_race_gets_the_race_bonus() {
        // White J5 (J6, H5) against Black H4 J4 J3 (G4, H5): White G4
        // starts the race, and Black running out at H5 gets two liberties
        // only (G5, H6). It is no ladder.
        let race = Board::from_diagram(
            ". . . O . . . . .
             . . . . . . . . .
             . . . . O . . . O
             . . . . . . . . .
             X . . . . . . . O
             . . . . . . . X X
             . X . . X . . O X
             . . . . X X . O O
             . . . . . . . . .",
        )
        .unwrap();
        let g4 = race.at("G4");
        assert_eq!(ladder_capture_size(&race, Color::White, g4), 0);
        // G4 gets nothing else but the even prior and its shape.
        let even = even_visits(9);
        let mut want = Prior {
            visits: even,
            wins: even / 2.0,
        };
        if patterns::matches(&race, g4) {
            want.add(Bonus::wins(PARAMS.priors.pattern.get(9)));
        }
        want.add(PARAMS.priors.race_atari);
        let dist = [u8::MAX; MAX_POINTS];
        assert_eq!(prior(&race, Color::White, g4, &dist), want);
    }
}
