//! Fitting the learned playout policy ([`crate::playout::learned`]):
//! every legal move of the training positions as a team of four features
//! (the 3x3 code with atari bits, the line, contiguity to the last two
//! moves, self-atari), and Coulom's minorization-maximization for the
//! weights, one group at a time, each weight with a prior of one virtual
//! win and one virtual loss against a weight of 1. Points the playouts
//! never draw (an own eye, a suicide: [`learned::barred`]) are no
//! candidates. The work behind `kosumi train-playout`.

use super::records::Record;
use super::train::{per_game, Report};
use crate::board::Board;
use crate::playout::learned::{self, PlayoutModel, CODES, CONTIG, LINES, SELF_ATARI};
use crate::tactics::nakade::sacrifice_kills;
use crate::tactics::self_atari_size;
use crate::types::{Color, Move, Point, STRIDE};
use rayon::prelude::*;
use std::collections::HashMap;

/// How to fit.
#[derive(Clone, Debug)]
pub struct Options {
    pub size: usize,
    pub iterations: usize,
    /// Use one position in this many.
    pub stride: usize,
    /// A pattern gets a weight of its own when it is a candidate this
    /// many times in the training positions (others share one).
    pub min_seen: u64,
}

/// A key packs a move's features: the pattern (its canonical code while
/// reading, its number once the dictionary is made) from bit 7, the line
/// in bits 4-6, contiguity in bits 2-3, self-atari in bits 0-1.
type Key = u32;

fn key(pat: u32, line: usize, contig: usize, sa: usize) -> Key {
    pat << 7 | (line as u32) << 4 | (contig as u32) << 2 | sa as u32
}

/// One position: its candidates' distinct keys with how many moves share
/// each, and the index of the move played.
pub struct Sample {
    keys: Vec<(Key, u32)>,
    winner: u32,
}

/// The canonical code of every raw code (black to move).
fn canonical_table() -> Vec<u32> {
    (0..CODES as u32)
        .into_par_iter()
        .map(learned::canonical)
        .collect()
}

/// The contiguity value of `p`: 1 next to the last move, 2 next to the
/// one before (and not the last), 0 otherwise.
pub fn contiguity(board: &Board, p: Point) -> usize {
    let near = |m: Move| match m {
        Move::Play(l) => {
            let d = (l.idx() as i32 - p.idx() as i32).unsigned_abs() as usize;
            d == 1 || d == STRIDE - 1 || d == STRIDE || d == STRIDE + 1
        }
        Move::Pass => false,
    };
    if near(board.last_move()) {
        1
    } else if near(board.last_move2()) {
        2
    } else {
        0
    }
}

/// The self-atari value of `c` at `p`: 0 none, 1 one stone (or a
/// sacrifice that kills), 2 more.
pub fn self_atari(board: &Board, c: Color, p: Point) -> usize {
    match self_atari_size(board, c, p) {
        0 => 0,
        1 => 1,
        2..=6 if sacrifice_kills(board, c, p) => 1,
        _ => 2,
    }
}

/// The training positions of `records`, keyed by canonical codes.
pub fn samples(records: &[Record], o: &Options) -> (Vec<Sample>, usize) {
    let canon = canonical_table();
    let size = o.size;
    let results = per_game(
        records,
        size,
        "features",
        |g, c, played| {
            let board = g.board();
            let mut keys: HashMap<Key, u32> = HashMap::new();
            let mut winner = None;
            for &e in board.empty_points() {
                let p = Point(e);
                if !board.is_legal(c, p) {
                    continue;
                }
                let code = learned::mover_code(learned::code(board, p), c);
                if learned::barred(code) {
                    continue;
                }
                let k = key(
                    canon[code as usize],
                    learned::line(size, p),
                    contiguity(board, p),
                    self_atari(board, c, p),
                );
                *keys.entry(k).or_insert(0) += 1;
                if p == played {
                    winner = Some(k);
                }
            }
            let winner = winner?;
            let mut keys: Vec<(Key, u32)> = keys.into_iter().collect();
            keys.sort_unstable();
            let w = keys.iter().position(|&(k, _)| k == winner)? as u32;
            Some(Sample { keys, winner: w })
        },
        o.stride,
    );
    super::train::gather(results)
}

/// The weights being fitted.
#[derive(Clone, Debug)]
pub struct Gammas {
    /// By pattern number; number 0 is every pattern without its own.
    pub pat: Vec<f64>,
    pub line: [f64; LINES],
    pub contig: [f64; CONTIG],
    pub sa: [f64; SELF_ATARI],
}

impl Gammas {
    #[inline]
    fn strength(&self, k: Key) -> f64 {
        self.pat[(k >> 7) as usize]
            * self.line[((k >> 4) & 7) as usize]
            * self.contig[((k >> 2) & 3) as usize]
            * self.sa[(k & 3) as usize]
    }
}

/// Numbers the patterns seen at least `min_seen` times (most seen first,
/// from 1) and rewrites every key with its number; returns the canonical
/// code of each number.
pub fn number_patterns(samples: &mut [Sample], min_seen: u64) -> Vec<u32> {
    let mut seen: HashMap<u32, u64> = HashMap::new();
    for s in samples.iter() {
        for &(k, n) in &s.keys {
            *seen.entry(k >> 7).or_insert(0) += n as u64;
        }
    }
    let mut kept: Vec<(u32, u64)> = seen.into_iter().filter(|&(_, n)| n >= min_seen).collect();
    kept.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut number = vec![0u32; CODES];
    for (i, &(c, _)) in kept.iter().enumerate() {
        number[c as usize] = i as u32 + 1;
    }
    samples.par_iter_mut().for_each(|s| {
        for e in s.keys.iter_mut() {
            e.0 = number[(e.0 >> 7) as usize] << 7 | (e.0 & 0x7F);
        }
    });
    std::iter::once(u32::MAX)
        .chain(kept.iter().map(|&(c, _)| c))
        .collect()
}

/// The value of group `g` (0 pattern, 1 line, 2 contiguity, 3
/// self-atari) in key `k`.
#[inline]
fn value(g: usize, k: Key) -> usize {
    match g {
        0 => (k >> 7) as usize,
        1 => ((k >> 4) & 7) as usize,
        2 => ((k >> 2) & 3) as usize,
        _ => (k & 3) as usize,
    }
}

/// Mean log-likelihood of the moves played.
pub fn log_likelihood(samples: &[Sample], g: &Gammas) -> f64 {
    let sum: f64 = samples
        .par_iter()
        .map(|s| {
            let total: f64 = s.keys.iter().map(|&(k, n)| n as f64 * g.strength(k)).sum();
            (g.strength(s.keys[s.winner as usize].0) / total).ln()
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The share of positions whose move played has the largest weight
/// (ties shared).
pub fn top1(samples: &[Sample], g: &Gammas) -> f64 {
    let sum: f64 = samples
        .par_iter()
        .map(|s| {
            let w = g.strength(s.keys[s.winner as usize].0);
            let mut above = 0u32;
            let mut tied = 0u32;
            for &(k, n) in &s.keys {
                let x = g.strength(k);
                if x > w {
                    above += n;
                } else if x == w {
                    tied += n;
                }
            }
            if above == 0 {
                1.0 / tied.max(1) as f64
            } else {
                0.0
            }
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// MM, `iterations` rounds over the four groups. Returns the mean
/// log-likelihood after each round.
pub fn mm(samples: &[Sample], g: &mut Gammas, iterations: usize) -> Vec<f64> {
    let sizes = [g.pat.len(), LINES, CONTIG, SELF_ATARI];
    let mut wins: Vec<Vec<f64>> = sizes.iter().map(|&n| vec![0.0; n]).collect();
    for s in samples {
        let k = s.keys[s.winner as usize].0;
        for (grp, w) in wins.iter_mut().enumerate() {
            w[value(grp, k)] += 1.0;
        }
    }
    let mut ll = Vec::new();
    for _ in 0..iterations {
        for (grp, &n) in sizes.iter().enumerate() {
            let c: Vec<f64> = samples
                .par_iter()
                .fold(
                    || vec![0.0; n],
                    |mut acc, s| {
                        let total: f64 =
                            s.keys.iter().map(|&(k, m)| m as f64 * g.strength(k)).sum();
                        for &(k, m) in &s.keys {
                            let v = value(grp, k);
                            let own = match grp {
                                0 => g.pat[v],
                                1 => g.line[v],
                                2 => g.contig[v],
                                _ => g.sa[v],
                            };
                            acc[v] += m as f64 * g.strength(k) / own / total;
                        }
                        acc
                    },
                )
                .reduce(
                    || vec![0.0; n],
                    |mut a, b| {
                        for (x, y) in a.iter_mut().zip(b) {
                            *x += y;
                        }
                        a
                    },
                );
            let update = |gamma: &mut f64, w: f64, c: f64| {
                *gamma = (w + 1.0) / (c + 2.0 / (*gamma + 1.0));
            };
            match grp {
                0 => (0..n).for_each(|v| update(&mut g.pat[v], wins[0][v], c[v])),
                1 => (0..n).for_each(|v| update(&mut g.line[v], wins[1][v], c[v])),
                2 => (0..n).for_each(|v| update(&mut g.contig[v], wins[2][v], c[v])),
                _ => (0..n).for_each(|v| update(&mut g.sa[v], wins[3][v], c[v])),
            }
        }
        ll.push(log_likelihood(samples, g));
        log::info!(
            "playout MM: log-likelihood {:.4}",
            ll.last().unwrap_or(&0.0)
        );
    }
    ll
}

/// The model of fitted weights: contiguity and self-atari scaled so that
/// "none" weighs 1 (the sampler's extra pool and its rejection assume
/// it), the lines so that the centre does, the patterns by the inverse.
pub fn model(g: &Gammas, codes: &[u32]) -> PlayoutModel {
    let scale = g.contig[0] * g.sa[0] * g.line[LINES - 1];
    let pat = |v: f64| (v * scale) as f32;
    PlayoutModel {
        patterns: codes
            .iter()
            .zip(&g.pat)
            .skip(1)
            .map(|(&c, &v)| (c, pat(v)))
            .collect(),
        unknown: pat(g.pat[0]),
        line: g.line.map(|v| (v / g.line[LINES - 1]) as f32),
        contig: g.contig.map(|v| (v / g.contig[0]) as f32),
        self_atari: g.sa.map(|v| (v / g.sa[0]) as f32),
    }
}

/// Fits a model on `records`; measures it on `held_out` too (mean
/// log-likelihood and top-1 share) when given.
pub fn train(
    records: &[Record],
    held_out: &[Record],
    o: &Options,
) -> (PlayoutModel, Report, Option<(f64, f64)>) {
    let (mut s, skipped) = samples(records, o);
    let codes = number_patterns(&mut s, o.min_seen);
    let mut g = Gammas {
        pat: vec![1.0; codes.len()],
        line: [1.0; LINES],
        contig: [1.0; CONTIG],
        sa: [1.0; SELF_ATARI],
    };
    let ll = mm(&s, &mut g, o.iterations);
    let report = Report {
        games: records.len() - skipped,
        skipped,
        positions: s.len(),
        patterns: codes.len() - 1,
        log_likelihood: ll,
    };
    drop(s);
    let measured = (!held_out.is_empty()).then(|| {
        let (mut h, _) = samples(held_out, o);
        // The held-out codes by the training dictionary.
        let mut number = HashMap::new();
        for (i, &c) in codes.iter().enumerate().skip(1) {
            number.insert(c, i as u32);
        }
        for s in h.iter_mut() {
            for e in s.keys.iter_mut() {
                let n = number.get(&(e.0 >> 7)).copied().unwrap_or(0);
                e.0 = n << 7 | (e.0 & 0x7F);
            }
        }
        (log_likelihood(&h, &g), top1(&h, &g))
    });
    (model(&g, &codes), report, measured)
}
