//! Priors: virtual (visits, wins) given to each new child, from michi's and
//! Pachi's heuristics (MCTS-NOTES "Priors"). They enter the ordinary
//! statistics only, never AMAF.

use crate::board::Board;
use crate::playout::patterns;
use crate::playout::tactics::{capture_size, libs_after, rescue_size, self_atari_size};
use crate::types::{Color, Move, Point, Stone, MAX_POINTS};

/// A prior in virtual visits and wins.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Prior {
    pub visits: f32,
    pub wins: f32,
}

impl Prior {
    fn add(&mut self, visits: f32, wins: f32) {
        self.visits += visits;
        self.wins += wins;
    }
}

/// Even prior visits: 14 on small boards, 20 on 19x19 (Pachi).
pub fn even_visits(size: usize) -> f32 {
    if size >= 17 {
        20.0
    } else {
        14.0
    }
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
    if board.is_true_eye(p, c) {
        pr.add(20.0, 0.0);
        return pr;
    }
    // Captures and rescues.
    let captured = capture_size(board, c, p);
    if captured > 0 {
        let bonus = if captured > 1 { 30.0 } else { 15.0 };
        pr.add(bonus, bonus);
    }
    let rescued = rescue_size(board, c, p);
    if rescued > 0 {
        if captured == 0 && runs_into_ladder(board, c, p) {
            // Escaping a working ladder only loses more stones.
            pr.add(20.0, 0.0);
        } else {
            let bonus = if rescued > 1 { 30.0 } else { 15.0 };
            pr.add(bonus, bonus);
        }
    }
    let caught = ladder_capture_size(board, c, p);
    if caught > 0 {
        let bonus = if caught > 1 { 20.0 } else { 10.0 };
        pr.add(bonus, bonus);
    }
    let self_atari = self_atari_size(board, c, p);
    if self_atari > 1 {
        pr.add(if size >= 17 { 20.0 } else { 10.0 }, 0.0);
    }
    if patterns::matches(board, p) {
        let bonus = if size >= 17 { 20.0 } else { 10.0 };
        pr.add(bonus, bonus);
    }
    match dist[p.idx()] {
        1 => pr.add(24.0, 24.0),
        2 => pr.add(22.0, 22.0),
        3 => pr.add(8.0, 8.0),
        _ => {}
    }
    if empty_area(board, p) {
        match line(board, p) {
            1 | 2 => pr.add(10.0, 0.0),
            3 => pr.add(10.0, 10.0),
            _ => {}
        }
    }
    pr
}

/// Whether extending an own chain in atari at `p` runs into a working
/// ladder (the chain gets two liberties and is chased down anyway).
fn runs_into_ladder(board: &Board, c: Color, p: Point) -> bool {
    if libs_after(board, c, p) != 2 {
        return false;
    }
    let own = c.stone();
    board.neighbours(p).iter().any(|&q| {
        board.stone(q) == own && board.libs(q) == 1 && super::ladder::escape_fails(board, q, c)
    })
}

/// Stones of an enemy chain that `c` catches in a working ladder by an
/// atari at `p` (0 if the move is no such atari).
fn ladder_capture_size(board: &Board, c: Color, p: Point) -> u32 {
    let enemy = (!c).stone();
    let targets = board
        .neighbours(p)
        .into_iter()
        .filter(|&q| board.stone(q) == enemy && board.libs(q) == 2);
    let mut best = 0;
    for q in targets {
        if libs_after(board, c, p) < 2 {
            continue;
        }
        let mut b = board.clone();
        b.play_unchecked(c, Move::Play(p));
        if b.stone(q) == enemy && b.libs(q) == 1 && super::ladder::escape_fails(&b, q, !c) {
            best = best.max(b.chain_len(q));
        }
    }
    best
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
}
