//! Basic types: colours, stones, points, moves, and the GTP text forms of
//! vertices and colours.

use std::fmt;
use std::ops::Not;

/// Largest supported board side (GTP vertices reach Z without I: 25 columns).
pub const MAX_SIZE: usize = 25;

/// Whether `size` is a board side kosumi plays on: 1 to [`MAX_SIZE`] (on
/// 1x1 every move is suicide, as GNU Go also has it).
pub fn is_board_size(size: usize) -> bool {
    (1..=MAX_SIZE).contains(&size)
}

/// Stride of the padded board array, that of the largest board with its
/// ring of edge points, for every board size: a 9x9 board uses the first
/// 11 rows and columns. A constant stride makes each neighbour an
/// address offset known when compiling: light playouts 2.5% (9x9) to 4%
/// (19x19) faster than with a stride of size + 2 in a register, heavy ones
/// 1-3% (`kosumi bench --light --size N`, medians of three, interleaved).
pub const STRIDE: usize = MAX_SIZE + 2;
/// Number of entries of every per-point array, edge ring included.
pub const MAX_POINTS: usize = STRIDE * STRIDE;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black = 1,
    White = 2,
}

impl Color {
    /// Index 0 for black, 1 for white, for per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize - 1
    }

    /// The stone this colour puts on the board.
    #[inline]
    pub fn stone(self) -> Stone {
        match self {
            Color::Black => Stone::Black,
            Color::White => Stone::White,
        }
    }

    /// Parses a GTP colour: `b`, `black`, `w`, `white`, any case.
    pub fn parse(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// `black` or `white`, as GNU Go answers `loadsgf`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// `B` or `W`, as in SGF and GoGui's `VAR` lines.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// Per-colour data, indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> std::ops::Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        &self.0[c.index()]
    }
}

impl<T> std::ops::IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c.index()]
    }
}

/// What occupies a point. The values 0..3 let `opposite` be `^ 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Stone {
    Empty = 0,
    Black = 1,
    White = 2,
    Edge = 3,
}

impl Stone {
    /// The colour of a black or white stone.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Stone::Black => Some(Color::Black),
            Stone::White => Some(Color::White),
            _ => None,
        }
    }
}

/// An index into the padded board array. Point 0 is never on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point(pub u16);

impl Point {
    /// Sentinel meaning "no point".
    pub const NONE: Point = Point(0);

    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// A move: a stone on a point, or a pass. Resignation is a search outcome,
/// not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

/// Board geometry: conversion between points, (column, row) and GTP text.
/// Rows count from 0 at the bottom, columns from 0 at the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub size: usize,
}

/// GTP column letters: A..Z without I.
pub const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Geometry {
    /// Geometry of a `size` x `size` board. Precondition: 1 <= size <= 25.
    pub fn new(size: usize) -> Geometry {
        assert!(is_board_size(size), "board size {size} out of range");
        Geometry { size }
    }

    /// The point at column `x`, row `y` (both from 0). Precondition: on board.
    #[inline]
    pub fn point(&self, x: usize, y: usize) -> Point {
        Point(((y + 1) * STRIDE + x + 1) as u16)
    }

    /// Column and row of an on-board point.
    #[inline]
    pub fn coords(&self, p: Point) -> (usize, usize) {
        let i = p.idx();
        (i % STRIDE - 1, i / STRIDE - 1)
    }

    /// Whether `p` is a point of the board (not the edge ring, not outside).
    pub fn on_board(&self, p: Point) -> bool {
        let i = p.idx();
        if i >= MAX_POINTS {
            return false;
        }
        let (x, y) = (i % STRIDE, i / STRIDE);
        (1..=self.size).contains(&x) && (1..=self.size).contains(&y)
    }

    /// All on-board points, bottom row first, left to right.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| self.point(x, y)))
    }

    /// GTP text of a point, e.g. `D4`.
    pub fn vertex(&self, p: Point) -> String {
        let (x, y) = self.coords(p);
        format!("{}{}", COLUMNS[x] as char, y + 1)
    }

    /// GTP text of a move: a vertex or `PASS`.
    pub fn move_text(&self, m: Move) -> String {
        match m {
            Move::Pass => "PASS".to_string(),
            Move::Play(p) => self.vertex(p),
        }
    }

    /// Parses a GTP vertex (`D4`, `d4`, `pass`) on this board.
    pub fn parse_move(&self, s: &str) -> Result<Move, VertexError> {
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let bytes = s.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 || !bytes[0].is_ascii_alphabetic() {
            return Err(VertexError::Syntax);
        }
        let letter = bytes[0].to_ascii_uppercase();
        let x = COLUMNS
            .iter()
            .position(|&c| c == letter)
            .ok_or(VertexError::Syntax)?;
        let digits = &s[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(VertexError::Syntax);
        }
        let row: usize = digits.parse().map_err(|_| VertexError::Syntax)?;
        if row == 0 || row > self.size || x >= self.size {
            return Err(VertexError::OffBoard);
        }
        Ok(Move::Play(self.point(x, row - 1)))
    }
}

/// Why a vertex could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// Not of the form letter + number, nor `pass`.
    Syntax,
    /// Well formed but outside this board.
    OffBoard,
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_round_trip() {
        let g = Geometry::new(19);
        for p in g.points() {
            let t = g.vertex(p);
            assert_eq!(g.parse_move(&t), Ok(Move::Play(p)));
            assert_eq!(g.parse_move(&t.to_lowercase()), Ok(Move::Play(p)));
        }
        assert_eq!(g.parse_move("PASS"), Ok(Move::Pass));
        assert_eq!(g.parse_move("I5"), Err(VertexError::Syntax));
        assert_eq!(g.parse_move("A20"), Err(VertexError::OffBoard));
        assert_eq!(g.parse_move("Z1"), Err(VertexError::OffBoard));
        assert_eq!(g.parse_move("A0"), Err(VertexError::OffBoard));
        assert_eq!(g.parse_move("A+1"), Err(VertexError::Syntax));
        assert_eq!(g.parse_move("Ä1"), Err(VertexError::Syntax));
        assert_eq!(g.vertex(g.point(0, 0)), "A1");
        assert_eq!(g.vertex(g.point(18, 18)), "T19");
    }
}
