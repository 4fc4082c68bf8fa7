//! Helpers shared by the integration tests: diagrams with coordinates, a
//! naive reference board, and a parser for GTP replies.
//!
//! Each test file compiles its own copy, and not every file uses every
//! helper.
#![allow(dead_code)]

use kosumi::board::Board;
use kosumi::game::{Game, Rules};
use kosumi::types::{Color, Geometry, Move, Point, Stone, COLUMNS};

// ---------------------------------------------------------------------------
// Diagrams

/// Removes the coordinates a human puts around a diagram: a header or
/// footer row of column letters (`A B C D E`) and the row numbers at the
/// start and end of each row. What is left is what
/// [`Board::from_diagram`] reads.
pub fn strip_coords(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let tokens: Vec<&str> = t.split_whitespace().collect();
        let is_header = tokens
            .iter()
            .enumerate()
            .all(|(i, tok)| i < COLUMNS.len() && tok.as_bytes() == [COLUMNS[i]]);
        if is_header {
            continue;
        }
        let mut toks: &[&str] = &tokens;
        if toks.first().is_some_and(|x| x.parse::<u32>().is_ok()) {
            toks = &toks[1..];
        }
        if toks.last().is_some_and(|x| x.parse::<u32>().is_ok()) {
            toks = &toks[..toks.len() - 1];
        }
        out.push_str(&toks.join(" "));
        out.push('\n');
    }
    out
}

/// A board from a diagram that may carry coordinates.
pub fn board(text: &str) -> Board {
    Board::from_diagram(&strip_coords(text))
        .unwrap_or_else(|e| panic!("bad test diagram ({e}):\n{text}"))
}

/// The diagram in the canonical form [`Board::to_diagram`] prints.
pub fn canonical(text: &str) -> String {
    let mut out = String::new();
    for line in strip_coords(text).lines() {
        let row: Vec<String> = line
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'X' | 'x' | 'B' | '#' => "X".to_string(),
                'O' | 'o' | 'W' => "O".to_string(),
                _ => ".".to_string(),
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// Asserts that `b` shows exactly the position of `expected`.
#[track_caller]
pub fn assert_board(b: &Board, expected: &str) {
    let want = canonical(expected);
    let got = b.to_diagram();
    assert!(
        got == want,
        "board differs\n--- expected ---\n{want}--- got ---\n{got}"
    );
}

/// The point of a GTP vertex such as `D4` on `geo`.
#[track_caller]
pub fn pt(geo: &Geometry, v: &str) -> Point {
    match geo.parse_move(v) {
        Ok(Move::Play(p)) => p,
        other => panic!("bad test vertex {v}: {other:?}"),
    }
}

/// The move of a GTP vertex (or `pass`).
#[track_caller]
pub fn mv(geo: &Geometry, v: &str) -> Move {
    geo.parse_move(v)
        .unwrap_or_else(|e| panic!("bad test vertex {v}: {e:?}"))
}

/// Points of a list of vertices.
pub fn pts(geo: &Geometry, vs: &str) -> Vec<Point> {
    vs.split_whitespace().map(|v| pt(geo, v)).collect()
}

/// A game whose setup position is the diagram (as setup stones, so that it
/// is the first position of the game's history), `to_move` next.
pub fn game(text: &str, to_move: Color, komi: f32, rules: Rules) -> Game {
    let b = board(text);
    let geo = b.geometry();
    let mut g = Game::new(b.size(), komi, rules);
    let stones: Vec<(Color, Point)> = geo
        .points()
        .filter_map(|p| b.stone(p).color().map(|c| (c, p)))
        .collect();
    if !stones.is_empty() {
        g.place_setup(&stones)
            .unwrap_or_else(|e| panic!("setup failed ({e}):\n{text}"));
    }
    g.set_to_move(to_move);
    g
}

/// Sorted GTP vertices of a point list.
pub fn vertex_set(geo: &Geometry, ps: &[Point]) -> Vec<String> {
    let mut v: Vec<String> = ps.iter().map(|&p| geo.vertex(p)).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------
// A naive reference board: flood fills, no incremental state.

/// Cells: 0 empty, 1 black, 2 white; index `y * size + x`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Naive {
    pub size: usize,
    pub cells: Vec<u8>,
    pub prisoners: [u32; 2],
}

/// Why the naive board refuses a stone (ko and superko are the caller's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveRefusal {
    Occupied,
    Suicide,
}

impl Naive {
    pub fn new(size: usize) -> Naive {
        Naive {
            size,
            cells: vec![0; size * size],
            prisoners: [0; 2],
        }
    }

    /// The naive copy of a board.
    pub fn from_board(b: &Board) -> Naive {
        let geo = b.geometry();
        let mut n = Naive::new(b.size());
        for y in 0..n.size {
            for x in 0..n.size {
                n.cells[y * n.size + x] = match b.stone(geo.point(x, y)) {
                    Stone::Black => 1,
                    Stone::White => 2,
                    _ => 0,
                };
            }
        }
        n.prisoners = [b.prisoners(Color::Black), b.prisoners(Color::White)];
        n
    }

    fn nbrs(&self, i: usize) -> impl Iterator<Item = usize> {
        let n = self.size;
        let (x, y) = (i % n, i / n);
        let mut v = [usize::MAX; 4];
        if x > 0 {
            v[0] = i - 1;
        }
        if x + 1 < n {
            v[1] = i + 1;
        }
        if y > 0 {
            v[2] = i - n;
        }
        if y + 1 < n {
            v[3] = i + n;
        }
        v.into_iter().filter(|&j| j != usize::MAX)
    }

    /// The chain through `i` and whether it has a liberty.
    fn group(&self, i: usize) -> (Vec<usize>, bool) {
        let c = self.cells[i];
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![i];
        let mut members = Vec::new();
        let mut has_lib = false;
        seen[i] = true;
        while let Some(j) = stack.pop() {
            members.push(j);
            for k in self.nbrs(j) {
                if self.cells[k] == 0 {
                    has_lib = true;
                } else if self.cells[k] == c && !seen[k] {
                    seen[k] = true;
                    stack.push(k);
                }
            }
        }
        (members, has_lib)
    }

    /// The stones and the distinct liberties of the chain through `i`.
    pub fn chain(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let (members, _) = self.group(i);
        let mut libs: Vec<usize> = members
            .iter()
            .flat_map(|&j| self.nbrs(j))
            .filter(|&k| self.cells[k] == 0)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        (members, libs)
    }

    /// Number of distinct liberties of the chain through `i`.
    pub fn liberties(&self, i: usize) -> usize {
        self.chain(i).1.len()
    }

    /// Whether every on-board neighbour of `i` holds `c`.
    pub fn surrounded_by(&self, i: usize, c: u8) -> bool {
        self.nbrs(i).all(|k| self.cells[k] == c)
    }

    /// Plays a stone of `c` (1 or 2) at index `i`: captures, then the
    /// suicide test. Returns the number captured.
    pub fn play(&mut self, c: u8, i: usize) -> Result<u32, NaiveRefusal> {
        if self.cells[i] != 0 {
            return Err(NaiveRefusal::Occupied);
        }
        let mut next = self.clone();
        next.cells[i] = c;
        let enemy = 3 - c;
        let mut captured = 0;
        for k in self.nbrs(i) {
            if next.cells[k] == enemy {
                let (members, has_lib) = next.group(k);
                if !has_lib {
                    for m in members {
                        next.cells[m] = 0;
                        captured += 1;
                    }
                }
            }
        }
        if !next.group(i).1 {
            return Err(NaiveRefusal::Suicide);
        }
        next.prisoners[(c - 1) as usize] += captured;
        *self = next;
        Ok(captured)
    }

    /// Index of an on-board point.
    pub fn index(&self, geo: &Geometry, p: Point) -> usize {
        let (x, y) = geo.coords(p);
        y * self.size + x
    }
}

/// 1 for black, 2 for white, as the naive board stores them.
pub fn code(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

// ---------------------------------------------------------------------------
// GTP replies

/// One framed GTP reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub ok: bool,
    pub id: Option<String>,
    /// The result text: everything after `=id ` up to the final empty line.
    pub body: String,
}

/// Splits GTP output into replies. Panics when the output is not a clean
/// sequence of `=`/`?` replies each ended by an empty line.
#[track_caller]
pub fn frames(out: &str) -> Vec<Frame> {
    let mut v = Vec::new();
    let mut rest = out;
    while !rest.is_empty() {
        let end = rest
            .find("\n\n")
            .unwrap_or_else(|| panic!("reply without its empty line: {:?}", clip(rest)));
        let reply = &rest[..end];
        rest = &rest[end + 2..];
        let ok = match reply.as_bytes().first() {
            Some(b'=') => true,
            Some(b'?') => false,
            _ => panic!("reply does not start with = or ?: {:?}", clip(reply)),
        };
        let head_end = reply
            .find(' ')
            .unwrap_or_else(|| panic!("reply without the space after =/?id: {:?}", clip(reply)));
        let id = &reply[1..head_end];
        assert!(
            id.bytes().all(|b| b.is_ascii_digit()),
            "bad id in reply {:?}",
            clip(reply)
        );
        v.push(Frame {
            ok,
            id: (!id.is_empty()).then(|| id.to_string()),
            body: reply[head_end + 1..].to_string(),
        });
    }
    v
}

/// The first 200 characters of `s`, for messages.
pub fn clip(s: &str) -> String {
    let t: String = s.chars().take(200).collect();
    if t.len() < s.len() {
        format!("{t}...")
    } else {
        t
    }
}
