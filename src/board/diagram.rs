//! ASCII diagrams of positions, for tests and `showboard`.
//!
//! A diagram is one line per row, top row first; `X` (or `B`, `#`) is a
//! black stone, `O` (or `W`) a white one, `.` or `+` an empty point. Spaces
//! are ignored, so `. X O` and `.XO` are the same row.

use super::Board;
use crate::types::{Color, Move, Stone, COLUMNS};

impl Board {
    /// The point of a vertex such as `D4`; panics on anything else (for
    /// tests written with diagrams).
    #[cfg(test)]
    pub fn at(&self, vertex: &str) -> crate::types::Point {
        match self.geometry().parse_move(vertex) {
            Ok(Move::Play(p)) => p,
            _ => panic!("bad vertex {vertex}"),
        }
    }

    /// Reads a diagram. The board size is the number of rows; every row
    /// must have that many points. Stones are placed without captures; a
    /// diagram holding a chain without liberties is refused.
    pub fn from_diagram(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<Option<Color>>> = text
            .lines()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| match c {
                        'X' | 'x' | 'B' | '#' => Ok(Some(Color::Black)),
                        'O' | 'o' | 'W' => Ok(Some(Color::White)),
                        '.' | '+' => Ok(None),
                        other => Err(format!("bad diagram character {other:?}")),
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<_, _>>()?;
        let size = rows.len();
        if !(1..=crate::types::MAX_SIZE).contains(&size) {
            return Err(format!("bad diagram size {size}"));
        }
        let mut b = Board::new(size);
        let geo = b.geometry();
        for (i, row) in rows.iter().enumerate() {
            if row.len() != size {
                return Err(format!(
                    "row {} has {} points, not {size}",
                    i + 1,
                    row.len()
                ));
            }
            for (x, cell) in row.iter().enumerate() {
                if let Some(c) = cell {
                    let p = geo.point(x, size - 1 - i);
                    if b.stone(p) != Stone::Empty {
                        return Err("occupied".into());
                    }
                    // No captures while reading; verified below.
                    b.add_stone(*c, p);
                }
            }
        }
        b.check_consistency()?;
        Ok(b)
    }

    /// The position as a diagram in the format [`Board::from_diagram`] reads:
    /// rows top first, points separated by single spaces.
    pub fn to_diagram(&self) -> String {
        let geo = self.geometry();
        let n = geo.size;
        let mut s = String::with_capacity(n * (2 * n + 1));
        for y in (0..n).rev() {
            for x in 0..n {
                if x > 0 {
                    s.push(' ');
                }
                s.push(match self.stone(geo.point(x, y)) {
                    Stone::Black => 'X',
                    Stone::White => 'O',
                    _ => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// A diagram with coordinates on all four edges, as `showboard` prints
    /// it; the last move is marked with parentheses. No empty lines.
    pub fn to_display(&self) -> String {
        let geo = self.geometry();
        let n = geo.size;
        let letters: String = (0..n).map(|x| format!(" {}", COLUMNS[x] as char)).collect();
        let mut s = format!("   {letters}\n");
        let last = match self.last_move() {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        };
        for y in (0..n).rev() {
            s.push_str(&format!("{:>2} ", y + 1));
            for x in 0..n {
                let p = geo.point(x, y);
                let ch = match self.stone(p) {
                    Stone::Black => 'X',
                    Stone::White => 'O',
                    _ => '.',
                };
                if Some(p) == last {
                    s.push('(');
                    s.push(ch);
                } else if x > 0 && last == Some(geo.point(x - 1, y)) {
                    s.push(')');
                    s.push(ch);
                } else {
                    s.push(' ');
                    s.push(ch);
                }
            }
            if last == Some(geo.point(n - 1, y)) {
                s.push(')');
            } else {
                s.push(' ');
            }
            s.push_str(&format!("{:<2}\n", y + 1));
        }
        s.push_str(&format!("   {letters}\n"));
        s
    }
}
