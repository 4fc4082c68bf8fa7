//! A convolutional policy network: the probability of each move of a
//! position, from the planes of [`encode`] through a residual tower
//! (a `k`x`k` stem, blocks of two 3x3 convolutions with a skip, a 1x1
//! head), evaluated on the CPU with `matrixmultiply`'s SGEMM under an
//! im2col convolution.
//!
//! The network is trained outside the engine (`train/` in the
//! repository, JAX) on the planes that `kosumi netdata` writes with the
//! same [`encode`], so the engine and the trainer see one definition of
//! the inputs. Batch normalisation is folded into each convolution's
//! weights and bias when the trainer exports the weights file.
//!
//! The tower is fully convolutional: a net trained on 19x19 runs on any
//! board size (the on-board plane marks the edges).

use crate::board::Board;
use crate::tactics::ladder::{ladder_capture_size, runs_into_ladder};
use crate::tactics::{capture_size, rescue_size, self_atari_size};
use crate::types::{Color, Move, Point, Stone, MAX_POINTS};
use std::io::Write;

/// Input planes, each a bit of a point's code from [`encode`]; all from
/// the side to move's view.
pub mod plane {
    /// Own chains with 1, 2, 3, 4 or more liberties (4 planes).
    pub const OWN_LIBS: usize = 0;
    /// The opponent's chains with 1, 2, 3, 4 or more liberties.
    pub const OPP_LIBS: usize = 4;
    pub const EMPTY: usize = 8;
    /// Every point of the board (the zero padding around it is off).
    pub const ON_BOARD: usize = 9;
    /// The last move, the one before it.
    pub const LAST: usize = 10;
    pub const LAST2: usize = 11;
    /// The simple-ko point the side to move may not take back at once.
    pub const KO: usize = 12;
    /// A legal move for the side to move (suicide and simple ko aside).
    pub const LEGAL: usize = 13;
    /// The move captures stones.
    pub const CAPTURE: usize = 14;
    /// The move saves an own chain in atari.
    pub const RESCUE: usize = 15;
    /// The move leaves its own chain in atari.
    pub const SELF_ATARI: usize = 16;
    /// An atari that catches stones in a working ladder.
    pub const LADDER_CAPTURE: usize = 17;
    /// An escape from atari into a working ladder.
    pub const LADDER_ESCAPE: usize = 18;
    /// Black is to move (every point).
    pub const BLACK_TO_MOVE: usize = 19;
}

/// Number of input planes.
pub const PLANES: usize = 20;

/// The input of a position for `c` to move: for each point of the board,
/// row by row from the bottom (index `y * size + x`), a code whose bit
/// `i` is plane `i` of [`plane`]. `out` is cleared and filled with
/// `size * size` codes.
pub fn encode(board: &Board, c: Color, out: &mut Vec<u32>) {
    let geo = board.geometry();
    let n = geo.size;
    out.clear();
    out.resize(n * n, 0);
    let own = c.stone();
    let ko = match board.ko() {
        Some((p, barred)) if barred == c => p,
        _ => Point::NONE,
    };
    let black = if c == Color::Black {
        1 << plane::BLACK_TO_MOVE
    } else {
        0
    };
    let last = [board.last_move(), board.last_move2()];
    for (i, p) in geo.points().enumerate() {
        let mut code = (1 << plane::ON_BOARD) | black;
        match board.stone(p) {
            Stone::Empty => {
                code |= 1 << plane::EMPTY;
                if p == ko {
                    code |= 1 << plane::KO;
                }
                if board.is_legal(c, p) {
                    code |= move_bits(board, c, p);
                }
            }
            s => {
                let libs = board.libs(p).clamp(1, 4) as usize - 1;
                let base = if s == own {
                    plane::OWN_LIBS
                } else {
                    plane::OPP_LIBS
                };
                code |= 1 << (base + libs);
            }
        }
        if last[0] == Move::Play(p) {
            code |= 1 << plane::LAST;
        }
        if last[1] == Move::Play(p) {
            code |= 1 << plane::LAST2;
        }
        out[i] = code;
    }
}

/// The planes of a legal move of `c` at `p`.
fn move_bits(board: &Board, c: Color, p: Point) -> u32 {
    let mut code = 1 << plane::LEGAL;
    let captured = capture_size(board, c, p);
    if captured > 0 {
        code |= 1 << plane::CAPTURE;
    }
    if rescue_size(board, c, p) > 0 {
        code |= 1 << plane::RESCUE;
        if captured == 0 && runs_into_ladder(board, c, p) {
            code |= 1 << plane::LADDER_ESCAPE;
        }
    }
    if self_atari_size(board, c, p) > 0 {
        code |= 1 << plane::SELF_ATARI;
    }
    if ladder_capture_size(board, c, p) > 0 {
        code |= 1 << plane::LADDER_CAPTURE;
    }
    code
}

/// One convolution: `cout` filters of `cin` x `k` x `k` weights (laid out
/// output, input, row, column), a bias each, padding `k / 2`.
#[derive(Clone, Debug, PartialEq)]
struct Conv {
    cin: usize,
    cout: usize,
    k: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

impl Conv {
    fn params(cin: usize, cout: usize, k: usize) -> usize {
        cout * cin * k * k + cout
    }

    /// `out = conv(x)` on an `n` x `n` board; `col` is scratch.
    fn apply(&self, x: &[f32], n: usize, col: &mut Vec<f32>, out: &mut [f32]) {
        let nn = n * n;
        let kk = self.k * self.k;
        let rows = self.cin * kk;
        if self.k == 1 {
            gemm(&self.w, x, out, self.cout, rows, nn);
        } else {
            col.clear();
            col.resize(rows * nn, 0.0);
            im2col(x, self.cin, n, self.k, col);
            gemm(&self.w, col, out, self.cout, rows, nn);
        }
        for (o, &b) in out.chunks_exact_mut(nn).zip(&self.b) {
            for v in o {
                *v += b;
            }
        }
    }
}

/// The columns of a `k` x `k` convolution with zero padding: row
/// `(ci * k + ky) * k + kx` holds input plane `ci` shifted by
/// `(ky - k/2, kx - k/2)`.
fn im2col(x: &[f32], cin: usize, n: usize, k: usize, col: &mut [f32]) {
    let nn = n * n;
    let pad = (k / 2) as isize;
    for ci in 0..cin {
        let src = &x[ci * nn..(ci + 1) * nn];
        for ky in 0..k {
            for kx in 0..k {
                let row = &mut col[((ci * k + ky) * k + kx) * nn..][..nn];
                let dy = ky as isize - pad;
                let dx = kx as isize - pad;
                for y in 0..n {
                    let sy = y as isize + dy;
                    let line = &mut row[y * n..(y + 1) * n];
                    if sy < 0 || sy >= n as isize {
                        line.fill(0.0);
                        continue;
                    }
                    let srow = &src[sy as usize * n..(sy as usize + 1) * n];
                    for (xx, v) in line.iter_mut().enumerate() {
                        let sx = xx as isize + dx;
                        *v = if sx < 0 || sx >= n as isize {
                            0.0
                        } else {
                            srow[sx as usize]
                        };
                    }
                }
            }
        }
    }
}

/// `out (m x n) = w (m x k) * x (k x n)`, all row-major.
fn gemm(w: &[f32], x: &[f32], out: &mut [f32], m: usize, k: usize, n: usize) {
    assert!(w.len() >= m * k && x.len() >= k * n && out.len() >= m * n);
    // SAFETY: the slices hold the row-major matrices the strides describe
    // (checked above), and `out` does not alias the inputs.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            w.as_ptr(),
            k as isize,
            1,
            x.as_ptr(),
            n as isize,
            1,
            0.0,
            out.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

/// A policy network.
#[derive(Clone, PartialEq)]
pub struct Net {
    planes: usize,
    channels: usize,
    stem: Conv,
    blocks: Vec<[Conv; 2]>,
    head: Conv,
}

impl std::fmt::Debug for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Net({} blocks of {}, stem {})",
            self.blocks.len(),
            self.channels,
            self.stem.k
        )
    }
}

/// The buffers of one evaluation, kept by a caller that evaluates often.
#[derive(Default)]
pub struct Scratch {
    codes: Vec<u32>,
    x: Vec<f32>,
    y: Vec<f32>,
    z: Vec<f32>,
    col: Vec<f32>,
    logits: Vec<f32>,
}

/// Why a weights file could not be read.
#[derive(Debug)]
pub struct NetError(pub String);

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The network built into kosumi: `models/kosumi-19.net` (a 6 x 64
/// tower trained on the project's 19x19 records; models/README.md).
const BUILTIN: &[u8] = include_bytes!("../../models/kosumi-19.net");

/// The built-in network, read once.
pub fn builtin() -> std::sync::Arc<Net> {
    static N: std::sync::OnceLock<std::sync::Arc<Net>> = std::sync::OnceLock::new();
    N.get_or_init(|| {
        std::sync::Arc::new(Net::from_bytes(BUILTIN).expect("the built-in network file is valid"))
    })
    .clone()
}

const MAGIC: &[u8; 8] = b"KOSUMINN";
const VERSION: u32 = 1;
/// Largest tower a file may describe (a guard against hostile headers).
const MAX_CHANNELS: usize = 512;
const MAX_BLOCKS: usize = 64;

impl Net {
    /// A net of `blocks` residual blocks of `channels` filters after a
    /// `stem_k` x `stem_k` stem, with the weights of `params` in file
    /// order (stem, each block's two convolutions, head; weights then
    /// bias each).
    pub fn from_params(
        channels: usize,
        blocks: usize,
        stem_k: usize,
        params: &[f32],
    ) -> Result<Net, NetError> {
        let mut at = 0;
        let mut take = |cin: usize, cout: usize, k: usize| -> Result<Conv, NetError> {
            let nw = cout * cin * k * k;
            let end = at + nw + cout;
            if end > params.len() {
                return Err(NetError(format!(
                    "the weights end early ({} numbers, more needed)",
                    params.len()
                )));
            }
            let conv = Conv {
                cin,
                cout,
                k,
                w: params[at..at + nw].to_vec(),
                b: params[at + nw..end].to_vec(),
            };
            at = end;
            Ok(conv)
        };
        let stem = take(PLANES, channels, stem_k)?;
        let mut tower = Vec::with_capacity(blocks);
        for _ in 0..blocks {
            tower.push([take(channels, channels, 3)?, take(channels, channels, 3)?]);
        }
        let head = take(channels, 1, 1)?;
        if at != params.len() {
            return Err(NetError(format!(
                "{} numbers left over after the weights",
                params.len() - at
            )));
        }
        if let Some(x) = params.iter().find(|x| !x.is_finite()) {
            return Err(NetError(format!("a weight is not a finite number: {x}")));
        }
        Ok(Net {
            planes: PLANES,
            channels,
            stem,
            blocks: tower,
            head,
        })
    }

    /// The number of weights of a net of this shape.
    pub fn param_count(channels: usize, blocks: usize, stem_k: usize) -> usize {
        Conv::params(PLANES, channels, stem_k)
            + 2 * blocks * Conv::params(channels, channels, 3)
            + Conv::params(channels, 1, 1)
    }

    /// Filters of the tower, residual blocks.
    pub fn shape(&self) -> (usize, usize) {
        (self.channels, self.blocks.len())
    }

    /// Multiply-adds of one evaluation on an `n` x `n` board.
    pub fn macs(&self, n: usize) -> usize {
        let convs = std::iter::once(&self.stem)
            .chain(self.blocks.iter().flatten())
            .chain(std::iter::once(&self.head));
        convs.map(|c| c.cout * c.cin * c.k * c.k).sum::<usize>() * n * n
    }

    /// Reads a weights file: magic `KOSUMINN`, version, planes, channels,
    /// blocks, stem size (u32 each, little-endian), then every weight as
    /// a little-endian f32 in [`Net::from_params`] order.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        let bad = |m: &str| NetError(m.to_string());
        if bytes.len() < 28 || &bytes[..8] != MAGIC {
            return Err(bad("not a kosumi network file"));
        }
        let word = |i: usize| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().unwrap());
        let (version, planes, channels, blocks, stem_k) = (
            word(0),
            word(1) as usize,
            word(2) as usize,
            word(3) as usize,
            word(4) as usize,
        );
        if version != VERSION {
            return Err(NetError(format!(
                "network file version {version}, this kosumi reads {VERSION}"
            )));
        }
        if planes != PLANES {
            return Err(NetError(format!(
                "the network takes {planes} input planes, this kosumi makes {PLANES}"
            )));
        }
        if !(1..=MAX_CHANNELS).contains(&channels)
            || blocks > MAX_BLOCKS
            || stem_k.is_multiple_of(2)
            || stem_k > 9
        {
            return Err(NetError(format!(
                "unlikely network shape: {channels} channels, {blocks} blocks, stem {stem_k}"
            )));
        }
        let body = &bytes[28..];
        let want = Net::param_count(channels, blocks, stem_k);
        if body.len() != 4 * want {
            return Err(NetError(format!(
                "a {blocks}x{channels} network has {want} weights ({} bytes), the file {} bytes",
                4 * want,
                body.len()
            )));
        }
        let params: Vec<f32> = body
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        Net::from_params(channels, blocks, stem_k, &params)
    }

    /// Reads a weights file from disk.
    pub fn load(path: &std::path::Path) -> Result<Net, NetError> {
        let bytes =
            std::fs::read(path).map_err(|e| NetError(format!("{}: {e}", path.display())))?;
        Net::from_bytes(&bytes).map_err(|e| NetError(format!("{}: {e}", path.display())))
    }

    /// Writes the weights file [`Net::from_bytes`] reads.
    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        out.write_all(MAGIC)?;
        for v in [
            VERSION,
            self.planes as u32,
            self.channels as u32,
            self.blocks.len() as u32,
            self.stem.k as u32,
        ] {
            out.write_all(&v.to_le_bytes())?;
        }
        let convs = std::iter::once(&self.stem)
            .chain(self.blocks.iter().flatten())
            .chain(std::iter::once(&self.head));
        for c in convs {
            for x in c.w.iter().chain(&c.b) {
                out.write_all(&x.to_le_bytes())?;
            }
        }
        Ok(())
    }

    /// The move probabilities of `c` on `board`, indexed by point
    /// (`MAX_POINTS` entries): a softmax over the legal moves, zero
    /// elsewhere and for the pass.
    pub fn policy(&self, board: &Board, c: Color, s: &mut Scratch) -> Vec<f32> {
        self.policy_averaged(board, c, 1, s)
    }

    /// [`policy`](Net::policy) averaged over the first `symmetries` of
    /// the board's eight (1: the board as it stands; 8: every rotation
    /// and reflection), each evaluated on the transformed planes and its
    /// probabilities mapped back: the network learned every position
    /// under a random symmetry, and the mean of its eight answers ranks
    /// better than any one (KataGo's `rootNumSymmetriesToSample`). Costs
    /// one forward pass a symmetry.
    pub fn policy_averaged(
        &self,
        board: &Board,
        c: Color,
        symmetries: usize,
        s: &mut Scratch,
    ) -> Vec<f32> {
        let n = board.size();
        let nn = n * n;
        encode(board, c, &mut s.codes);
        let base = std::mem::take(&mut s.codes);
        let legal = |code: u32| code & (1 << plane::LEGAL) != 0;
        let k = symmetries.clamp(1, 8);
        let mut mean = vec![0f32; nn];
        let mut exps = vec![0f32; nn];
        for sym in 0..k {
            s.codes.clear();
            s.codes.resize(nn, 0);
            for (i, &code) in base.iter().enumerate() {
                s.codes[symmetric_index(sym, i, n)] = code;
            }
            self.logits_of_codes(n, s);
            let at = |i: usize| s.logits[symmetric_index(sym, i, n)];
            let max = (0..nn)
                .filter(|&i| legal(base[i]))
                .map(at)
                .fold(f32::NEG_INFINITY, f32::max);
            if max == f32::NEG_INFINITY {
                break;
            }
            let mut total = 0f32;
            for (i, e) in exps.iter_mut().enumerate() {
                *e = if legal(base[i]) {
                    (at(i) - max).exp()
                } else {
                    0.0
                };
                total += *e;
            }
            for (m, e) in mean.iter_mut().zip(&exps) {
                *m += e / total / k as f32;
            }
        }
        s.codes = base;
        let mut out = vec![0f32; MAX_POINTS];
        for (i, p) in board.geometry().points().enumerate() {
            out[p.idx()] = mean[i];
        }
        out
    }

    /// The logits of every point (`n * n`, row by row from the bottom)
    /// for the codes in `s.codes`, into `s.logits`.
    fn logits_of_codes(&self, n: usize, s: &mut Scratch) {
        let nn = n * n;
        let c = self.channels;
        s.z.clear();
        s.z.resize(self.planes * nn, 0.0);
        for (i, &code) in s.codes.iter().enumerate() {
            let mut bits = code;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if b < self.planes {
                    s.z[b * nn + i] = 1.0;
                }
            }
        }
        s.x.resize(c * nn, 0.0);
        s.y.resize(c * nn, 0.0);
        self.stem.apply(&s.z, n, &mut s.col, &mut s.x);
        relu(&mut s.x);
        s.z.resize(c * nn, 0.0);
        for [a, b] in &self.blocks {
            a.apply(&s.x, n, &mut s.col, &mut s.y);
            relu(&mut s.y);
            b.apply(&s.y, n, &mut s.col, &mut s.z);
            for (x, z) in s.x.iter_mut().zip(&s.z) {
                *x = (*x + z).max(0.0);
            }
        }
        s.logits.resize(nn, 0.0);
        self.head.apply(&s.x, n, &mut s.col, &mut s.logits);
    }

    /// The logits of a position given as codes (for tests that compare
    /// with the trainer's forward pass).
    pub fn logits(&self, codes: &[u32], n: usize) -> Vec<f32> {
        let mut s = Scratch {
            codes: codes.to_vec(),
            ..Scratch::default()
        };
        self.logits_of_codes(n, &mut s);
        s.logits
    }
}

/// Where point `i` (`y * n + x`) of an `n` x `n` board goes under
/// symmetry `sym` (0-7, 0 the identity), by the spatial patterns'
/// [`transform`](super::spatial::transform) of the point's offset from
/// the centre (in half points, so that even boards have one too).
fn symmetric_index(sym: usize, i: usize, n: usize) -> usize {
    let off = |v: usize| 2 * v as i32 - (n as i32 - 1);
    let (x, y) = super::spatial::transform(sym, (off(i % n), off(i / n)));
    let back = |v: i32| ((v + n as i32 - 1) / 2) as usize;
    back(y) * n + back(x)
}

fn relu(v: &mut [f32]) {
    for x in v {
        *x = x.max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code of vertex `v` in `codes` (row by row from the bottom).
    fn code(board: &Board, codes: &[u32], v: &str) -> u32 {
        let (x, y) = board.geometry().coords(board.at(v));
        codes[y * board.size() + x]
    }

    fn has(code: u32, plane: usize) -> bool {
        code & (1 << plane) != 0
    }

    #[test]
    fn the_planes_read_the_position_from_the_movers_side() {
        // White C4 is in atari (its liberty D4); Black's B4 has three
        // liberties. White then G2, Black A1: White to move.
        let mut b = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             . . X . . . .
             . X O . . O .
             . . X . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        b.play_unchecked(Color::White, Move::Play(b.at("G2")));
        b.play_unchecked(Color::Black, Move::Play(b.at("A1")));
        let mut codes = Vec::new();
        encode(&b, Color::White, &mut codes);
        assert_eq!(codes.len(), 49);
        let c4 = code(&b, &codes, "C4");
        assert!(has(c4, plane::OWN_LIBS), "White's C4 has one liberty");
        assert!(!has(c4, plane::EMPTY) && !has(c4, plane::LEGAL));
        assert!(has(code(&b, &codes, "F4"), plane::OWN_LIBS + 3));
        let b4 = code(&b, &codes, "B4");
        assert!(
            has(b4, plane::OPP_LIBS + 2),
            "Black's B4 has three liberties"
        );
        let d4 = code(&b, &codes, "D4");
        assert!(has(d4, plane::EMPTY) && has(d4, plane::LEGAL));
        assert!(has(d4, plane::RESCUE), "D4 saves C4");
        assert!(!has(d4, plane::CAPTURE) && !has(d4, plane::LADDER_ESCAPE));
        assert!(has(code(&b, &codes, "A1"), plane::LAST));
        assert!(has(code(&b, &codes, "G2"), plane::LAST2));
        for &c in &codes {
            assert!(has(c, plane::ON_BOARD));
            assert!(!has(c, plane::BLACK_TO_MOVE), "White is to move");
            assert!(c >> PLANES == 0);
        }
        encode(&b, Color::Black, &mut codes);
        let d4 = code(&b, &codes, "D4");
        assert!(has(d4, plane::CAPTURE), "Black D4 takes C4");
        assert!(!has(d4, plane::RESCUE));
        assert!(has(code(&b, &codes, "C4"), plane::OPP_LIBS));
        assert!(codes.iter().all(|&c| has(c, plane::BLACK_TO_MOVE)));
    }

    #[test]
    fn ladders_and_ko_have_their_planes() {
        // White C3 in atari: extending at C4 runs into a ladder (the
        // position of the ladder reader's own test).
        let ladder = ". . . . . . . . .
                      . . . . . . . . .
                      . . . . . . . . .
                      . . . . . . . . .
                      . . . . . . . . .
                      . . . X . . . . .
                      . X O X . . . . .
                      . . X . . . . . .
                      . . . . . . . . .";
        let b = Board::from_diagram(ladder).unwrap();
        let mut codes = Vec::new();
        encode(&b, Color::White, &mut codes);
        let c4 = code(&b, &codes, "C4");
        assert!(has(c4, plane::RESCUE) && has(c4, plane::LADDER_ESCAPE));
        // With a white ladder breaker at B5 the escape works.
        let mut broken = Board::from_diagram(ladder).unwrap();
        broken.play_unchecked(Color::White, Move::Play(broken.at("B5")));
        encode(&broken, Color::White, &mut codes);
        let c4 = code(&broken, &codes, "C4");
        assert!(has(c4, plane::RESCUE) && !has(c4, plane::LADDER_ESCAPE));
        // Before Black's C2, C2 is the atari that starts that ladder.
        let before = Board::from_diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X . . . . .
             . X O X . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        encode(&before, Color::Black, &mut codes);
        assert!(has(code(&before, &codes, "C2"), plane::LADDER_CAPTURE));
        assert!(!has(code(&before, &codes, "C4"), plane::LADDER_CAPTURE));

        // Simple ko: Black C3 takes B3; White may not take back at once.
        let mut b = Board::from_diagram(
            ". . . . .
             . X O . .
             X O . O .
             . X O . .
             . . . . .",
        )
        .unwrap();
        b.play_unchecked(Color::Black, Move::Play(b.at("C3")));
        assert_eq!(b.ko(), Some((b.at("B3"), Color::White)));
        encode(&b, Color::White, &mut codes);
        let k = code(&b, &codes, "B3");
        assert!(has(k, plane::KO) && !has(k, plane::LEGAL));
        assert!(has(code(&b, &codes, "C3"), plane::OPP_LIBS));
        encode(&b, Color::Black, &mut codes);
        let k = code(&b, &codes, "B3");
        assert!(!has(k, plane::KO) && has(k, plane::LEGAL));
        // White A4 would be a self-atari, White A2 also.
        encode(&b, Color::White, &mut codes);
        assert!(has(code(&b, &codes, "A4"), plane::SELF_ATARI));
        assert!(!has(code(&b, &codes, "D4"), plane::SELF_ATARI));
    }

    /// A net of `blocks` blocks of `c` channels with weights from a fixed
    /// sequence.
    fn some_net(c: usize, blocks: usize) -> Net {
        let n = Net::param_count(c, blocks, 5);
        let params: Vec<f32> = (0..n)
            .map(|i| ((i * 7919 % 101) as f32 / 101.0 - 0.5) * 0.2)
            .collect();
        Net::from_params(c, blocks, 5, &params).unwrap()
    }

    #[test]
    fn a_weights_file_reads_back_the_same() {
        let net = some_net(8, 2);
        let mut bytes = Vec::new();
        net.write(&mut bytes).unwrap();
        assert_eq!(bytes.len(), 28 + 4 * Net::param_count(8, 2, 5));
        assert_eq!(Net::from_bytes(&bytes).unwrap(), net);
    }

    #[test]
    fn a_bad_weights_file_is_an_error_not_a_panic() {
        let net = some_net(4, 1);
        let mut good = Vec::new();
        net.write(&mut good).unwrap();
        let mut cases: Vec<(&str, Vec<u8>)> = vec![
            ("empty", vec![]),
            ("short", good[..20].to_vec()),
            ("cut", good[..good.len() - 4].to_vec()),
            ("long", [&good[..], &[0; 4]].concat()),
        ];
        let mut magic = good.clone();
        magic[0] = b'X';
        cases.push(("magic", magic));
        let mut version = good.clone();
        version[8] = 9;
        cases.push(("version", version));
        let mut planes = good.clone();
        planes[12] = 3;
        cases.push(("planes", planes));
        let mut huge = good.clone();
        huge[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
        cases.push(("channels", huge));
        let mut nan = good.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        cases.push(("nan", nan));
        for (what, bytes) in cases {
            assert!(Net::from_bytes(&bytes).is_err(), "{what}");
        }
    }

    #[test]
    fn the_policy_is_a_distribution_over_the_legal_moves() {
        let net = some_net(8, 1);
        let mut b = Board::new(9);
        b.play_unchecked(Color::Black, Move::Play(b.at("E5")));
        b.play_unchecked(Color::White, Move::Play(b.at("C3")));
        let mut s = Scratch::default();
        for size_board in [b, Board::new(19)] {
            let p = net.policy(&size_board, Color::Black, &mut s);
            let total: f32 = p.iter().sum();
            assert!((total - 1.0).abs() < 1e-4, "{total}");
            for q in size_board.geometry().points() {
                let legal = size_board.is_legal(Color::Black, q);
                assert_eq!(
                    p[q.idx()] > 0.0,
                    legal,
                    "{}",
                    size_board.geometry().vertex(q)
                );
            }
        }
    }

    #[test]
    fn the_eight_symmetries_average_to_a_policy_that_turns_with_the_board() {
        // The same moves on a board and on its mirror image across the
        // diagonal: the averaged policy of one is the other's, point for
        // mirrored point, although the net's weights know no symmetry (one
        // evaluation alone differs); one symmetry alone is the plain policy.
        const COLS: &[u8] = b"ABCDEFGHJ";
        let mirror = |v: &str| {
            let x = COLS.iter().position(|&l| l == v.as_bytes()[0]).unwrap();
            let y: usize = v[1..].parse().unwrap();
            format!("{}{}", COLS[y - 1] as char, x + 1)
        };
        let net = some_net(8, 2);
        let mut a = Board::new(9);
        let mut b = Board::new(9);
        for (i, m) in ["D4", "C3", "F3", "E5", "G2"].iter().enumerate() {
            let c = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            a.play_unchecked(c, Move::Play(a.at(m)));
            b.play_unchecked(c, Move::Play(b.at(&mirror(m))));
        }
        let mut s = Scratch::default();
        let pa = net.policy_averaged(&a, Color::White, 8, &mut s);
        let pb = net.policy_averaged(&b, Color::White, 8, &mut s);
        let plain_a = net.policy(&a, Color::White, &mut s);
        let plain_b = net.policy(&b, Color::White, &mut s);
        let total: f32 = pa.iter().sum();
        assert!((total - 1.0).abs() < 1e-4, "{total}");
        let geo = a.geometry();
        let (mut asymmetric, mut one_differs) = (false, false);
        for p in geo.points() {
            let v = geo.vertex(p);
            let q = b.at(&mirror(&v));
            assert!((pa[p.idx()] - pb[q.idx()]).abs() < 1e-5, "{v}");
            asymmetric |= (pa[p.idx()] - pa[q.idx()]).abs() > 1e-4;
            one_differs |= (plain_a[p.idx()] - plain_b[q.idx()]).abs() > 1e-4;
        }
        assert!(asymmetric, "the position itself is not symmetric");
        assert!(one_differs, "the net alone is not symmetric");
        assert_eq!(net.policy_averaged(&a, Color::White, 1, &mut s), plain_a);
    }

    #[test]
    fn the_forward_pass_is_a_convolution_with_zero_padding() {
        // No blocks; the stem's one filter is the capture plane at its
        // centre tap, the head doubles it: captures get logit 2, every
        // other point 0, whatever the board size.
        let k = 5;
        let mut params = vec![0f32; Net::param_count(1, 0, k)];
        params[plane::CAPTURE * k * k + (k * k) / 2] = 1.0;
        let head_w = Net::param_count(1, 0, k) - 2;
        params[head_w] = 2.0;
        let net = Net::from_params(1, 0, k, &params).unwrap();
        let b = Board::from_diagram(
            ". . . . .
             . . X . .
             . X O . .
             . . X . .
             . . . . .",
        )
        .unwrap();
        let mut codes = Vec::new();
        encode(&b, Color::Black, &mut codes);
        let logits = net.logits(&codes, 5);
        for (i, &l) in logits.iter().enumerate() {
            let want = if has(codes[i], plane::CAPTURE) {
                2.0
            } else {
                0.0
            };
            assert_eq!(l, want, "point {i}");
        }
        let mut s = Scratch::default();
        let p = net.policy(&b, Color::Black, &mut s);
        let best = b
            .geometry()
            .points()
            .max_by(|&x, &y| p[x.idx()].total_cmp(&p[y.idx()]))
            .unwrap();
        assert_eq!(b.geometry().vertex(best), "D3");
    }
}
