//! Training: the pattern dictionary, the features of every legal move of
//! the training positions, and the weights by Coulom's
//! minorization-maximization (MM) for the generalized Bradley-Terry model:
//! each position is a competition between its legal moves, won by the
//! move played; a move is a team of its features, whose strength is the
//! product of their weights.

use super::records::Record;
use crate::predict::features::{Features, Position, GROUPS};
use crate::predict::spatial::{self, MAX_D, MIN_D};
use crate::predict::Model;
use crate::types::{Color, Move, Point};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::HashMap;

/// How to train.
#[derive(Clone, Debug)]
pub struct Options {
    /// Board size of the games used.
    pub size: usize,
    /// Largest pattern size.
    pub max_d: usize,
    /// A pattern enters the dictionary when it is the move played this
    /// many times in the training games.
    pub min_count: u32,
    /// MM iterations over all feature groups.
    pub iterations: usize,
    /// Use one position in this many (positions of one game are alike).
    pub position_stride: usize,
    /// Latent factors per feature value (0: none), fitted after MM by
    /// stochastic gradient ascent on the log-likelihood.
    pub factors: usize,
    /// Passes of that fit over the training positions.
    pub epochs: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: 19,
            max_d: MAX_D,
            min_count: 10,
            iterations: 12,
            position_stride: 1,
            factors: 0,
            epochs: 4,
        }
    }
}

/// One training position: its legal moves' distinct feature vectors, how
/// many moves share each, and which the move played has.
pub struct Sample {
    cands: Vec<Features>,
    counts: Vec<u32>,
    winner: u32,
}

/// What training did (the move-prediction model's, and the playout
/// policy's in [`super::playout`]).
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: usize,
    pub skipped: usize,
    pub positions: usize,
    pub patterns: usize,
    /// Mean log-likelihood of the move played after each iteration.
    pub log_likelihood: Vec<f64>,
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let b = ProgressBar::new(len);
    b.set_style(
        ProgressStyle::with_template("{msg:>12} [{bar:40}] {pos}/{len} {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    b.set_message(what.to_string());
    b
}

/// Calls `f` for every `stride`-th position of each game that replays,
/// in parallel over games, and returns each game's results; games that
/// fail are `Err` with the reason (logged by the caller).
pub(super) fn per_game<T: Send>(
    records: &[Record],
    size: usize,
    what: &str,
    f: impl Fn(&crate::game::Game, Color, Point) -> Option<T> + Sync,
    stride: usize,
) -> Vec<Result<Vec<T>, String>> {
    let pb = bar(records.len() as u64, what);
    let out = records
        .par_iter()
        .map(|r| {
            let replay = r.replay(size)?;
            let mut items = Vec::new();
            let mut i = 0usize;
            replay
                .for_each_position(|g, c, m| {
                    if let Move::Play(p) = m {
                        if i.is_multiple_of(stride.max(1)) {
                            if let Some(t) = f(g, c, p) {
                                items.push(t);
                            }
                        }
                        i += 1;
                    }
                })
                .map_err(|e| format!("{}: {e}", r.source))?;
            pb.inc(1);
            Ok(items)
        })
        .collect();
    pb.finish_and_clear();
    out
}

/// The patterns played at least `min_count` times in `records`, most
/// frequent first: those of every size, and the 3x3 ones apart.
pub fn dictionary(records: &[Record], o: &Options) -> (Vec<u64>, Vec<u64>) {
    let results = per_game(
        records,
        o.size,
        "patterns",
        |g, c, p| {
            let mut h = [0u64; MAX_D + 1];
            spatial::hashes(g.board(), c, p, o.max_d, &mut h);
            Some(h)
        },
        1,
    );
    let mut counts: HashMap<u64, u32> = HashMap::new();
    let mut counts3: HashMap<u64, u32> = HashMap::new();
    for items in results.into_iter().flatten() {
        for h in items {
            for &x in &h[MIN_D..=o.max_d] {
                *counts.entry(x).or_insert(0) += 1;
            }
            *counts3.entry(h[MIN_D]).or_insert(0) += 1;
        }
    }
    let kept = |counts: HashMap<u64, u32>| {
        let mut kept: Vec<(u64, u32)> = counts
            .into_iter()
            .filter(|&(_, n)| n >= o.min_count)
            .collect();
        kept.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        kept.into_iter().map(|(h, _)| h).collect()
    };
    (kept(counts), kept(counts3))
}

/// The training samples of `records` under `model`'s dictionary. Returns
/// them and the games skipped (each logged as a warning).
pub fn samples(records: &[Record], model: &Model, o: &Options) -> (Vec<Sample>, usize) {
    let results = per_game(
        records,
        o.size,
        "features",
        |g, c, played| {
            let board = g.board();
            let pos = Position::new(board);
            let mut seen: HashMap<Features, usize> = HashMap::new();
            let mut s = Sample {
                cands: Vec::new(),
                counts: Vec::new(),
                winner: u32::MAX,
            };
            for &e in board.empty_points() {
                let p = Point(e);
                if !board.is_legal(c, p) {
                    continue;
                }
                let f = model.features(board, c, p, &pos);
                let k = *seen.entry(f).or_insert_with(|| {
                    s.cands.push(f);
                    s.counts.push(0);
                    s.cands.len() - 1
                });
                s.counts[k] += 1;
                if p == played {
                    s.winner = k as u32;
                }
            }
            (s.winner != u32::MAX).then_some(s)
        },
        o.position_stride,
    );
    gather(results)
}

/// The items of [`per_game`]'s games that replayed, and the number of
/// games skipped (each with a warning).
pub(super) fn gather<T>(results: Vec<Result<Vec<T>, String>>) -> (Vec<T>, usize) {
    let mut out = Vec::new();
    let mut skipped = 0;
    for r in results {
        match r {
            Ok(v) => out.extend(v),
            Err(e) => {
                log::warn!("skipped {e}");
                skipped += 1;
            }
        }
    }
    (out, skipped)
}

/// Runs MM on `samples`, updating `model`'s weights one feature group at
/// a time. Each weight has a prior of one virtual win and one virtual
/// loss against a weight of 1 (Coulom), so that rare features stay
/// finite. Returns the mean log-likelihood after each iteration.
pub fn mm(samples: &[Sample], model: &mut Model, iterations: usize) -> Vec<f64> {
    let sizes: Vec<usize> = model.gammas.iter().map(|g| g.len()).collect();
    // Wins: how often each feature value is in the move played.
    let mut wins: Vec<Vec<f64>> = sizes.iter().map(|&n| vec![0.0; n]).collect();
    for s in samples {
        let f = &s.cands[s.winner as usize];
        for g in 0..GROUPS {
            wins[g][f[g] as usize] += 1.0;
        }
    }
    let mut lls = Vec::new();
    let pb = bar((iterations * GROUPS) as u64, "weights");
    for _ in 0..iterations {
        for g in 0..GROUPS {
            let n = sizes[g];
            let gammas = &model.gammas;
            let c = samples
                .par_iter()
                .fold(
                    || vec![0.0f64; n],
                    |mut acc, s| {
                        let strengths: Vec<f64> =
                            s.cands.iter().map(|f| strength(gammas, f)).collect();
                        let e: f64 = strengths
                            .iter()
                            .zip(&s.counts)
                            .map(|(x, &k)| x * k as f64)
                            .sum();
                        for ((f, &x), &k) in s.cands.iter().zip(&strengths).zip(&s.counts) {
                            let v = f[g] as usize;
                            acc[v] += k as f64 * x / gammas[g][v] / e;
                        }
                        acc
                    },
                )
                .reduce(
                    || vec![0.0f64; n],
                    |mut a, b| {
                        for (x, y) in a.iter_mut().zip(b) {
                            *x += y;
                        }
                        a
                    },
                );
            let gamma = &mut model.gammas[g];
            for v in 1..n {
                let old = gamma[v];
                gamma[v] = (wins[g][v] + 1.0) / (c[v] + 2.0 / (1.0 + old));
            }
            pb.inc(1);
        }
        lls.push(log_likelihood(samples, model));
        log::info!(
            "MM iteration {}: log-likelihood {:.4}",
            lls.len(),
            lls[lls.len() - 1]
        );
    }
    pb.finish_and_clear();
    lls
}

/// How the latent factors are fitted.
#[derive(Clone, Copy, Debug)]
pub struct SgdOptions {
    pub k: usize,
    pub epochs: usize,
    /// Step size of the first epoch; it falls as 1 / (1 + epoch).
    pub rate: f64,
    /// L2 penalty, applied to the winner's values at each position.
    pub l2: f64,
    pub seed: u64,
}

impl SgdOptions {
    /// `k` factors over `epochs` passes, at the step size and penalty
    /// that did best on 1,000 training games (rate 0.05 fitted worse;
    /// a tenth of the penalty made no difference).
    pub fn new(k: usize, epochs: usize) -> SgdOptions {
        SgdOptions {
            k: k.min(crate::predict::MAX_FACTORS),
            epochs,
            rate: 0.02,
            l2: 0.001,
            seed: 1,
        }
    }
}

/// Fits latent factors (and refits the log-weights) by stochastic gradient
/// ascent on the mean log-likelihood of the moves played, one position at
/// a time in a shuffled order, starting from `model`'s weights and small
/// random vectors. The score of a move is the sum of its values'
/// log-weights plus the dot products of their vectors, pair by pair.
/// Returns the mean log-likelihood after each epoch.
pub fn sgd(samples: &[Sample], model: &mut Model, o: &SgdOptions) -> Vec<f64> {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    let k = o.k;
    let sizes = model.sizes();
    let mut rng = rand::rngs::StdRng::seed_from_u64(o.seed);
    let mut w: Vec<Vec<f64>> = model
        .gammas
        .iter()
        .map(|g| g.iter().map(|x| x.ln()).collect())
        .collect();
    let mut fa = crate::predict::Factors::zeros(k, sizes);
    for x in fa.v.iter_mut().flatten() {
        *x = rng.gen_range(-0.05..0.05);
    }
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut lls = Vec::new();
    let pb = bar((o.epochs * samples.len()) as u64, "factors");
    let mut sums: Vec<f32> = Vec::new();
    let mut coef: Vec<f64> = Vec::new();
    for epoch in 0..o.epochs {
        order.shuffle(&mut rng);
        let rate = o.rate / (1.0 + epoch as f64);
        for (done, &i) in order.iter().enumerate() {
            let s = &samples[i];
            let n = s.cands.len();
            sums.clear();
            sums.resize(n * k, 0.0);
            coef.clear();
            let mut best = f64::NEG_INFINITY;
            for (c, f) in s.cands.iter().enumerate() {
                let sum = &mut sums[c * k..(c + 1) * k];
                let mut score = fa.interaction_and_sum(f, sum);
                for g in 0..GROUPS {
                    score += w[g][f[g] as usize];
                }
                best = best.max(score);
                coef.push(score);
            }
            let mut z = 0.0;
            for (x, &count) in coef.iter_mut().zip(&s.counts) {
                *x = count as f64 * (*x - best).exp();
                z += *x;
            }
            for x in coef.iter_mut() {
                *x = -*x / z;
            }
            coef[s.winner as usize] += 1.0;
            for (c, f) in s.cands.iter().enumerate() {
                let a = coef[c];
                if a.abs() < 1e-7 {
                    continue;
                }
                let step = (rate * a) as f32;
                let sum = &sums[c * k..(c + 1) * k];
                for g in 0..GROUPS {
                    let v = f[g] as usize;
                    if v > 0 {
                        w[g][v] += rate * a;
                    }
                    for (x, &t) in fa.v[g][v * k..(v + 1) * k].iter_mut().zip(sum) {
                        *x += step * (t - *x);
                    }
                }
            }
            let f = &s.cands[s.winner as usize];
            let decay = (rate * o.l2) as f32;
            for g in 0..GROUPS {
                let v = f[g] as usize;
                w[g][v] -= rate * o.l2 * w[g][v];
                for x in &mut fa.v[g][v * k..(v + 1) * k] {
                    *x -= decay * *x;
                }
            }
            if done % 4096 == 4095 {
                pb.set_position((epoch * samples.len() + done + 1) as u64);
            }
        }
        for (g, ws) in w.iter().enumerate() {
            for (gamma, &x) in model.gammas[g].iter_mut().zip(ws) {
                *gamma = x.exp();
            }
        }
        model.factors = Some(fa.clone());
        lls.push(log_likelihood(samples, model));
        log::info!(
            "factor epoch {}: log-likelihood {:.4}",
            epoch + 1,
            lls[lls.len() - 1]
        );
    }
    pb.finish_and_clear();
    lls
}

fn strength(gammas: &[Vec<f64>; GROUPS], f: &Features) -> f64 {
    let mut s = 1.0;
    for g in 0..GROUPS {
        s *= gammas[g][f[g] as usize];
    }
    s
}

/// Mean log-probability of the move played.
pub fn log_likelihood(samples: &[Sample], model: &Model) -> f64 {
    let total: f64 = samples
        .par_iter()
        .map(|s| {
            let e: f64 = s
                .cands
                .iter()
                .zip(&s.counts)
                .map(|(f, &k)| model.strength(f) * k as f64)
                .sum();
            (model.strength(&s.cands[s.winner as usize]) / e).ln()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Trains a model on `records`: the dictionary, the samples, MM.
pub fn train(records: &[Record], o: &Options) -> (Model, Report) {
    let (patterns, pat3) = dictionary(records, o);
    log::info!(
        "{} patterns ({} of them 3x3) seen {} times or more",
        patterns.len(),
        pat3.len(),
        o.min_count
    );
    let mut model = Model::uniform(o.max_d, patterns, pat3);
    let (samples, skipped) = samples(records, &model, o);
    let mut report = Report {
        games: records.len() - skipped,
        skipped,
        positions: samples.len(),
        patterns: model.pattern_hashes.len(),
        ..Report::default()
    };
    report.log_likelihood = mm(&samples, &mut model, o.iterations);
    if o.factors > 0 {
        let lls = sgd(&samples, &mut model, &SgdOptions::new(o.factors, o.epochs));
        report.log_likelihood.extend(lls);
    }
    (model, report)
}
