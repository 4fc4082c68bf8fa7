//! The learned playout policy (issue 34): after the exact answers of the
//! heavy policy (capture, save, nakade; [`super::heavy`]), each move is
//! drawn from a softmax over the empty points, each point weighted by the
//! product of learned weights ("gammas", Coulom 2007) of its features:
//!
//! - its 3x3 neighbourhood with the atari status of the four stones next
//!   to it (a 20-bit code, the same weight under the board's eight
//!   symmetries, seen from the side to move): [`code`];
//! - its line, 1 to 5 (5: the centre);
//! - whether it touches the last move or the one before (eight
//!   neighbours);
//! - whether it is a self-atari of one stone or of more.
//!
//! The weights are fitted from strong games by `kosumi train-playout`
//! (`learn::playout`): minorization-maximization for the generalized
//! Bradley-Terry model, each position a competition of its legal moves won
//! by the move played.
//!
//! Sampling runs at playout speed as in CrazyStone and Pachi: each point's
//! weight (pattern times line, for either side to move) lives in a
//! [`Sampler`] and is updated only where a move changes it: around the
//! stone played and the stones it captured, and on the liberties of the
//! chains whose atari status it changed. A draw picks a row by the row
//! sums, then a point; the contiguity weights are a small extra pool over
//! the last moves' neighbours, and self-ataris are thinned by rejection.
//! An eye of the side to move and a suicide weigh nothing (the 3x3 code
//! with atari bits tells both).

use super::heavy;
use super::{MoveLog, RunState};
use crate::board::Board;
use crate::tactics::nakade::sacrifice_kills;
use crate::tactics::self_atari_size;
use crate::types::{Color, Move, Point, Stone, MAX_POINTS, STRIDE};
use rand::rngs::SmallRng;
use rand::Rng;
use std::sync::OnceLock;

/// Number of 20-bit codes.
pub const CODES: usize = 1 << 20;
/// Lines told apart: 1, 2, 3, 4, and 5 or more.
pub const LINES: usize = 5;
/// Contiguity values: none, next to the last move, next to the move
/// before (and not the last).
pub const CONTIG: usize = 3;
/// Self-atari values: none, one stone, two or more.
pub const SELF_ATARI: usize = 3;
/// Draws refused (ko, self-atari) before the policy falls back to a
/// uniformly random move.
const TRIES: usize = 8;

/// Slot coordinates of the 3x3 code's neighbours, in code order (NW, N,
/// NE, W, E, SW, S, SE; y up): the same order as the heavy policy's
/// shapes and [`Board::neighbourhood`].
const XY: [(i32, i32); 8] = super::patterns::CELLS;
/// The slots of the four orthogonal neighbours (N, W, E, S), whose atari
/// status is bits 16-19 of a code.
const ORTH: [usize; 4] = [1, 3, 4, 6];

/// The 20-bit code of empty `p`: [`Board::neighbourhood`] (two bits a
/// neighbour: empty, black, white, edge) and one bit for each orthogonal
/// neighbour that is a stone in atari (N, W, E, S from bit 16).
#[inline]
pub fn code(board: &Board, p: Point) -> u32 {
    let n = board.neighbourhood(p) as u32;
    let s = STRIDE as i32;
    let mut a = 0u32;
    for (k, d) in [s, -1, 1, -s].into_iter().enumerate() {
        let q = Point((p.0 as i32 + d) as u16);
        if matches!(board.stone(q), Stone::Black | Stone::White) && board.libs(q) == 1 {
            a |= 1 << k;
        }
    }
    n | a << 16
}

/// `code` with black and white exchanged.
#[inline]
pub fn swap_colours(code: u32) -> u32 {
    let x = code & 0xFFFF;
    let d = (x ^ (x >> 1)) & 0x5555;
    code ^ (d | d << 1)
}

fn slot_of(xy: (i32, i32)) -> usize {
    XY.iter().position(|&v| v == xy).unwrap_or(0)
}

/// `code` under symmetry `t` (bit 0: exchange x and y; bit 1: mirror x;
/// bit 2: mirror y).
pub fn transform(code: u32, t: usize) -> u32 {
    let map = |(mut x, mut y): (i32, i32)| {
        if t & 1 != 0 {
            std::mem::swap(&mut x, &mut y);
        }
        if t & 2 != 0 {
            x = -x;
        }
        if t & 4 != 0 {
            y = -y;
        }
        slot_of((x, y))
    };
    let mut out = 0;
    for (s, &xy) in XY.iter().enumerate() {
        out |= ((code >> (2 * s)) & 3) << (2 * map(xy));
    }
    for (k, &s) in ORTH.iter().enumerate() {
        if code >> (16 + k) & 1 != 0 {
            let to = map(XY[s]);
            let k2 = ORTH.iter().position(|&o| o == to).unwrap_or(0);
            out |= 1 << (16 + k2);
        }
    }
    out
}

/// The smallest code among the eight symmetric images of `code`.
pub fn canonical(code: u32) -> u32 {
    (0..8).map(|t| transform(code, t)).min().unwrap_or(code)
}

/// The code of `p` seen by `c` to move: black's view is the board's.
#[inline]
pub fn mover_code(code: u32, c: Color) -> u32 {
    match c {
        Color::Black => code,
        Color::White => swap_colours(code),
    }
}

/// The line of `p` on a `size` board, from 0 (the first line) to
/// [`LINES`]` - 1` (the fifth and in).
#[inline]
pub fn line(size: usize, p: Point) -> usize {
    let i = p.idx();
    let (x, y) = (i % STRIDE - 1, i / STRIDE - 1);
    x.min(y).min(size - 1 - x).min(size - 1 - y).min(LINES - 1)
}

/// Whether a black-view code (black to move) is a point black may not
/// play in a playout: a suicide, or black's true eye (as
/// [`Board::is_true_eye`] reads it: eyeish, and fewer than two enemy
/// diagonals with an edge counting as one).
pub fn barred(code: u32) -> bool {
    let field = |s: usize| (code >> (2 * s)) & 3;
    let atari = |k: usize| code >> (16 + k) & 1 != 0;
    let mut empty = false;
    let mut saved = false;
    let mut eyeish = true;
    for (k, &s) in ORTH.iter().enumerate() {
        match field(s) {
            0 => {
                empty = true;
                eyeish = false;
            }
            1 => saved |= !atari(k),
            2 => {
                saved |= atari(k);
                eyeish = false;
            }
            _ => {}
        }
    }
    if !empty && !saved {
        return true;
    }
    if !eyeish {
        return false;
    }
    let mut bad = 0;
    let mut edge = 0;
    for s in [0, 2, 5, 7] {
        match field(s) {
            2 => bad += 1,
            3 => edge = 1,
            _ => {}
        }
    }
    bad + edge < 2
}

/// A learned playout model as its file holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayoutModel {
    /// Canonical mover-view codes and their weights.
    pub patterns: Vec<(u32, f32)>,
    /// The weight of a code the model does not know.
    pub unknown: f32,
    pub line: [f32; LINES],
    pub contig: [f32; CONTIG],
    pub self_atari: [f32; SELF_ATARI],
}

const MAGIC: &str = "kosumi-playout 1";

impl PlayoutModel {
    /// The model's text: a header line, the small groups, then one
    /// `code weight` line a pattern (code in hex).
    pub fn to_text(&self) -> String {
        let list = |v: &[f32]| {
            v.iter()
                .map(|g| format!("{g:e}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut s = format!(
            "{MAGIC}\nline {}\ncontig {}\nself_atari {}\nunknown {:e}\npatterns {}\n",
            list(&self.line),
            list(&self.contig),
            list(&self.self_atari),
            self.unknown,
            self.patterns.len()
        );
        for (c, g) in &self.patterns {
            s.push_str(&format!("{c:05x} {g:e}\n"));
        }
        s
    }

    /// Reads [`PlayoutModel::to_text`]'s format.
    pub fn parse(text: &str) -> Result<PlayoutModel, String> {
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(MAGIC) {
            return Err(format!("not a playout model (no '{MAGIC}' line)"));
        }
        let mut field = |name: &str| -> Result<Vec<f32>, String> {
            let l = lines.next().ok_or(format!("missing '{name}'"))?;
            let mut it = l.split_whitespace();
            if it.next() != Some(name) {
                return Err(format!("expected '{name}', found '{l}'"));
            }
            it.map(|v| {
                v.parse::<f32>()
                    .ok()
                    .filter(|g| g.is_finite() && *g >= 0.0)
                    .ok_or(format!("bad weight '{v}' in '{name}'"))
            })
            .collect()
        };
        let arr = |v: Vec<f32>, name: &str| -> Result<Vec<f32>, String> {
            Ok(v).and_then(|v| {
                if v.is_empty() {
                    Err(format!("'{name}' has no weights"))
                } else {
                    Ok(v)
                }
            })
        };
        let line = arr(field("line")?, "line")?;
        let contig = arr(field("contig")?, "contig")?;
        let self_atari = arr(field("self_atari")?, "self_atari")?;
        let unknown = field("unknown")?;
        let count = field("patterns")?;
        let fixed = |v: &[f32], n: usize, name: &str| -> Result<Vec<f32>, String> {
            if v.len() == n {
                Ok(v.to_vec())
            } else {
                Err(format!("'{name}' needs {n} weights, has {}", v.len()))
            }
        };
        let mut m = PlayoutModel {
            patterns: Vec::new(),
            unknown: *unknown.first().ok_or("'unknown' has no weight")?,
            line: fixed(&line, LINES, "line")?
                .try_into()
                .unwrap_or([1.0; LINES]),
            contig: fixed(&contig, CONTIG, "contig")?
                .try_into()
                .unwrap_or([1.0; CONTIG]),
            self_atari: fixed(&self_atari, SELF_ATARI, "self_atari")?
                .try_into()
                .unwrap_or([1.0; SELF_ATARI]),
        };
        let n = count.first().copied().unwrap_or(0.0) as usize;
        for l in lines.take(n) {
            let mut it = l.split_whitespace();
            let (Some(c), Some(g)) = (it.next(), it.next()) else {
                return Err(format!("bad pattern line '{l}'"));
            };
            let c = u32::from_str_radix(c, 16)
                .ok()
                .filter(|&c| (c as usize) < CODES)
                .ok_or(format!("bad code '{c}'"))?;
            let g = g
                .parse::<f32>()
                .ok()
                .filter(|g| g.is_finite() && *g >= 0.0)
                .ok_or(format!("bad weight '{g}'"))?;
            m.patterns.push((c, g));
        }
        if m.patterns.len() != n {
            return Err(format!("{n} patterns announced, {} read", m.patterns.len()));
        }
        Ok(m)
    }
}

/// A model ready to sample: the weight of every raw code for either side
/// to move (eyes and suicides zero), the line weights, the contiguity
/// weights (at least 1) and the acceptance of self-ataris.
pub struct Tables {
    /// `code_w[code][c.index()]`: both colours' weights in one place, and
    /// the codes without atari bits (nearly all) in the first 512 KB.
    code_w: Box<[[f32; 2]]>,
    line: [f32; LINES],
    contig: [f32; CONTIG],
    /// Probability of keeping a drawn self-atari of one stone, of more.
    keep_self_atari: [f32; SELF_ATARI],
}

impl Tables {
    pub fn new(m: &PlayoutModel) -> Tables {
        let mut black = vec![m.unknown; CODES].into_boxed_slice();
        for &(c, g) in &m.patterns {
            for t in 0..8 {
                black[transform(c, t) as usize] = g;
            }
        }
        for code in 0..CODES as u32 {
            if barred(code) {
                black[code as usize] = 0.0;
            }
        }
        let code_w = (0..CODES as u32)
            .map(|code| [black[code as usize], black[swap_colours(code) as usize]])
            .collect();
        let base = m.self_atari[0].max(f32::MIN_POSITIVE);
        Tables {
            code_w,
            line: m.line,
            contig: m.contig.map(|g| g.max(1.0)),
            keep_self_atari: m.self_atari.map(|g| (g / base).min(1.0)),
        }
    }

    /// The weight of empty `p` for either side to move, without
    /// contiguity and self-atari.
    #[inline]
    fn weights(&self, board: &Board, p: Point, line: f32) -> (f32, f32) {
        let [b, w] = self.code_w[code(board, p) as usize];
        (b * line, w * line)
    }
}

const BUILTIN: &str = include_str!("../../models/kosumi-playout.txt");

/// The model built into kosumi (`models/kosumi-playout.txt`).
pub fn builtin() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        // The file is checked by a test; a broken one leaves uniform
        // weights rather than no playouts.
        let m = PlayoutModel::parse(BUILTIN).unwrap_or_else(|e| {
            log::error!("built-in playout model: {e}");
            PlayoutModel {
                patterns: Vec::new(),
                unknown: 1.0,
                line: [1.0; LINES],
                contig: [1.0; CONTIG],
                self_atari: [1.0; SELF_ATARI],
            }
        });
        Tables::new(&m)
    })
}

static LOADED: OnceLock<Tables> = OnceLock::new();

/// Makes the model in file `path` the one every learned playout of this
/// process uses instead of the built-in one (`--playout-model`); call it
/// before the first playout.
pub fn load(path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let m = PlayoutModel::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    LOADED
        .set(Tables::new(&m))
        .map_err(|_| "a playout model is already loaded".to_string())
}

/// The model the playouts use: the one [`load`]ed, else the built-in one.
pub fn tables() -> &'static Tables {
    LOADED.get().unwrap_or_else(builtin)
}

/// Every empty point's weight for either side to move, with row sums
/// (kept by differences, in f64 so that they do not drift).
pub struct Sampler {
    w: [[f32; MAX_POINTS]; 2],
    rows: [[f64; STRIDE]; 2],
    line: [f32; MAX_POINTS],
    /// Scratch: points whose weight a move may change, stones captured.
    touched: Points<{ 5 * MAX_POINTS }>,
    taken: Points<MAX_POINTS>,
}

/// A fixed list of points (a playout allocates nothing); a push past
/// the end is dropped, which the capacities above rule out (each stone
/// captured is taken once, with at most four neighbours).
struct Points<const N: usize> {
    n: usize,
    v: [Point; N],
}

impl<const N: usize> Points<N> {
    fn new() -> Self {
        Points {
            n: 0,
            v: [Point::NONE; N],
        }
    }

    #[inline]
    fn clear(&mut self) {
        self.n = 0;
    }

    #[inline]
    fn push(&mut self, p: Point) {
        if self.n < N {
            self.v[self.n] = p;
            self.n += 1;
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.n
    }

    #[inline]
    fn contains(&self, p: &Point) -> bool {
        self.v[..self.n].contains(p)
    }
}

impl<const N: usize> std::ops::Index<usize> for Points<N> {
    type Output = Point;
    #[inline]
    fn index(&self, i: usize) -> &Point {
        &self.v[i]
    }
}

impl Sampler {
    /// Weights for every empty point of `board`.
    pub fn new(board: &Board, t: &Tables) -> Sampler {
        let mut s = Sampler {
            w: [[0.0; MAX_POINTS]; 2],
            rows: [[0.0; STRIDE]; 2],
            line: [0.0; MAX_POINTS],
            touched: Points::new(),
            taken: Points::new(),
        };
        s.reset(board, t);
        s
    }

    /// Recomputes every weight for `board`.
    pub fn reset(&mut self, board: &Board, t: &Tables) {
        self.w = [[0.0; MAX_POINTS]; 2];
        let size = board.size();
        for p in board.geometry().points() {
            self.line[p.idx()] = t.line[line(size, p)];
        }
        for &e in board.empty_points() {
            self.set(board, Point(e), t);
        }
        for c in 0..2 {
            for r in 0..STRIDE {
                self.rows[c][r] = self.w[c][r * STRIDE..(r + 1) * STRIDE]
                    .iter()
                    .map(|&x| x as f64)
                    .sum();
            }
        }
    }

    #[inline]
    fn set(&mut self, board: &Board, p: Point, t: &Tables) {
        let i = p.idx();
        let (b, w) = if board.stone(p) == Stone::Empty {
            t.weights(board, p, self.line[i])
        } else {
            (0.0, 0.0)
        };
        let r = i / STRIDE;
        self.rows[0][r] += (b - self.w[0][i]) as f64;
        self.rows[1][r] += (w - self.w[1][i]) as f64;
        self.w[0][i] = b;
        self.w[1][i] = w;
    }

    /// The weight of `p` for `c` to move (tests compare it with a fresh
    /// sampler's).
    pub fn weight(&self, c: Color, p: Point) -> f32 {
        self.w[c.index()][p.idx()]
    }

    /// Plays `m` for `c` on `board` and updates the weights that change.
    #[inline]
    pub fn play(&mut self, board: &mut Board, c: Color, m: Move, t: &Tables) {
        let Move::Play(p) = m else {
            board.play_inlined(c, m);
            return;
        };
        // Before the move: the liberties of own chains in atari beside
        // `p` or beside a chain it captures (the atari ends), and the
        // stones it captures.
        self.touched.clear();
        let own = c.stone();
        let mut captures = false;
        for q in board.neighbours(p) {
            let s = board.stone(q);
            if !matches!(s, Stone::Black | Stone::White) || board.libs(q) != 1 {
                continue;
            }
            if s == own {
                self.touched.push(board.atari_liberty(q));
            } else {
                captures = true;
            }
        }
        self.taken.clear();
        if captures {
            for q in board.neighbours(p) {
                if board.stone(q) == (!c).stone() && board.libs(q) == 1 && !self.taken.contains(&q)
                {
                    let (taken, touched) = (&mut self.taken, &mut self.touched);
                    board.for_each_stone(q, |k| {
                        taken.push(k);
                        for r in board.neighbours(k) {
                            if board.stone(r) == own && board.libs(r) == 1 {
                                touched.push(board.atari_liberty(r));
                            }
                        }
                    });
                }
            }
        }
        board.play_inlined(c, m);
        self.around(board, p, t);
        for i in 0..self.taken.len() {
            let k = self.taken[i];
            self.around(board, k, t);
        }
        // After it: the last liberty of every chain beside `p` in atari
        // now (an enemy chain short of liberties, or the stone played).
        for q in board.neighbours(p) {
            if matches!(board.stone(q), Stone::Black | Stone::White) && board.libs(q) == 1 {
                self.touched.push(board.atari_liberty(q));
            }
        }
        if board.libs(p) == 1 {
            self.touched.push(board.atari_liberty(p));
        }
        for i in 0..self.touched.len() {
            let q = self.touched[i];
            self.set(board, q, t);
        }
    }

    /// `p` and its eight neighbours on the board.
    #[inline]
    fn around(&mut self, board: &Board, p: Point, t: &Tables) {
        let s = STRIDE as i32;
        for d in [0, -s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1] {
            let q = Point((p.0 as i32 + d) as u16);
            if board.stone(q) != Stone::Edge {
                self.set(board, q, t);
            }
        }
    }

    /// A point for `c` drawn by weight, contiguity and self-atari
    /// included; `None` when nothing is left to draw or every draw was
    /// refused.
    pub fn pick(&self, board: &Board, c: Color, rng: &mut SmallRng, t: &Tables) -> Option<Point> {
        let ci = c.index();
        let w = &self.w[ci];
        let total = self.rows[ci].iter().sum::<f64>() as f32;
        // The extra pool of the points next to the last two moves.
        let mut near = [(Point::NONE, 0f32); 16];
        let mut n = 0;
        let mut extra = 0f32;
        let s = STRIDE as i32;
        for (k, m) in [board.last_move(), board.last_move2()]
            .into_iter()
            .enumerate()
        {
            let (Move::Play(l), g) = (m, t.contig[k + 1] - 1.0) else {
                continue;
            };
            if g <= 0.0 {
                continue;
            }
            for d in [-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1] {
                let q = Point((l.0 as i32 + d) as u16);
                if q.idx() >= MAX_POINTS || near[..n].iter().any(|e| e.0 == q) {
                    continue;
                }
                let x = w[q.idx()] * g;
                if x > 0.0 {
                    near[n] = (q, x);
                    n += 1;
                    extra += x;
                }
            }
        }
        let all = total + extra;
        if all <= 0.0 {
            return None;
        }
        for _ in 0..TRIES {
            let mut x = rng.gen::<f32>() * all;
            let mut found = None;
            if x < extra {
                for &(q, e) in &near[..n] {
                    found = Some(q);
                    if x < e {
                        break;
                    }
                    x -= e;
                }
            } else {
                x -= extra;
                let mut r = 0;
                while r + 1 < STRIDE && x >= self.rows[ci][r] as f32 {
                    x -= self.rows[ci][r] as f32;
                    r += 1;
                }
                for (i, &v) in w[r * STRIDE..(r + 1) * STRIDE].iter().enumerate() {
                    if v > 0.0 {
                        found = Some(Point((r * STRIDE + i) as u16));
                        if x < v {
                            break;
                        }
                        x -= v;
                    }
                }
            }
            let Some(p) = found else {
                continue;
            };
            if !board.is_legal_non_eye(c, p) {
                continue;
            }
            let sa = match self_atari_size(board, c, p) {
                0 => 0,
                1 => 1,
                2..=6 if sacrifice_kills(board, c, p) => 1,
                _ => 2,
            };
            if sa > 0 && rng.gen::<f32>() >= t.keep_self_atari[sa] {
                continue;
            }
            return Some(p);
        }
        None
    }
}

/// The playout loop of the learned policy (see [`super::playout`]).
pub(super) fn run(
    board: &mut Board,
    to_move: Color,
    cap: usize,
    rng: &mut SmallRng,
    log: &mut MoveLog,
) {
    let t = tables();
    let mut sampler = Sampler::new(board, t);
    let mut st = RunState {
        rng: rng.clone(),
        passes: 0,
        n: 0,
    };
    let mut c = to_move;
    while st.passes < 2 && st.n < cap {
        let m = next_move(board, c, &mut st.rng, &sampler, t);
        sampler.play(board, c, m, t);
        st.played(c, m, log);
        c = !c;
    }
    *rng = st.rng;
}

/// The learned policy's move for `c`: the heavy policy's answers to the
/// last move, else a draw, else a uniformly random move.
#[inline]
pub fn next_move(board: &Board, c: Color, rng: &mut SmallRng, s: &Sampler, t: &Tables) -> Move {
    if let Move::Play(last) = board.last_move() {
        if let Some(p) = heavy::answers(board, c, last, rng) {
            return Move::Play(p);
        }
    }
    match s.pick(board, c, rng, t) {
        Some(p) => Move::Play(p),
        None => heavy::random_filtered_move(board, c, rng),
    }
}
