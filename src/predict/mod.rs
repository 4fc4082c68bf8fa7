//! Move prediction learned from strong games: a Bradley-Terry model over
//! the features of each legal move (Coulom 2007, Pachi's "mm" patterns).
//! A move's strength is the product of the weights ("gammas") of its
//! features; the probability that it is the move played is its strength
//! over the sum of all legal moves' strengths. A model may also hold
//! latent factors (Wistuba and Schmidt-Thieme, "Move Prediction in Go:
//! Modelling Feature Interactions Using Latent Factors", 2013): a vector
//! for each feature value, whose dot products with the other features'
//! vectors of the same move add to its log-strength, so that two features
//! may weigh more (or less) together than apart.
//!
//! - [`spatial`]: pattern hashes around a point, the same under the
//!   board's symmetries;
//! - [`features`]: the feature groups of a candidate move;
//! - [`Model`]: the weights, the pattern dictionary, the model file, and
//!   the ranking of a position's moves.
//!
//! `kosumi train` learns a model from game records (the `learn` module);
//! `kosumi predict` measures one.

pub mod features;
pub mod net;
pub mod spatial;

use crate::board::Board;
use crate::types::{Color, Point};
use features::{
    is_pattern_group, Dictionary, Features, Position, GROUPS, GROUP_SIZES, PAT3, SPATIAL,
};
use std::io::{Read, Write};

/// A learned model.
#[derive(Clone, Debug)]
pub struct Model {
    /// Largest pattern size used.
    pub max_d: usize,
    /// Pattern hash -> pattern number, for the largest patterns and for
    /// the 3x3 group.
    pub dict: Dictionary,
    pub pat3: Dictionary,
    /// `gammas[g][v]`: the weight of value `v` of group `g`; for the
    /// spatial group, value 0 is "no known pattern" and value `n + 1`
    /// pattern number `n`. Value 0 of every group weighs 1.
    pub gammas: [Vec<f64>; GROUPS],
    /// The hash of each pattern, by number (for writing the model).
    pub pattern_hashes: Vec<u64>,
    pub pat3_hashes: Vec<u64>,
    /// The latent factors, if the model has them.
    pub factors: Option<Factors>,
}

/// Latent factors: `v[g][value * k..(value + 1) * k]` is the vector of a
/// value of group `g` (value 0 too: "absent" interacts as well).
#[derive(Clone, Debug, PartialEq)]
pub struct Factors {
    pub k: usize,
    pub v: [Vec<f32>; GROUPS],
}

impl Factors {
    /// Vectors of `k` zeros for a model with `sizes[g]` values in group `g`.
    pub fn zeros(k: usize, sizes: [usize; GROUPS]) -> Factors {
        Factors {
            k,
            v: std::array::from_fn(|g| vec![0.0; sizes[g] * k]),
        }
    }

    /// The vector of value `v` of group `g` (zeros when out of range).
    pub fn vector(&self, g: usize, v: u32) -> &[f32] {
        let at = v as usize * self.k;
        self.v[g].get(at..at + self.k).unwrap_or(&[])
    }

    /// The sum over the pairs of `f`'s values of their vectors' dot
    /// products: half of (|sum|^2 - sum of |v|^2).
    pub fn interaction(&self, f: &Features) -> f64 {
        self.interaction_and_sum(f, &mut [0f32; MAX_FACTORS][..self.k])
    }

    /// [`Factors::interaction`], adding the sum of `f`'s vectors to `sum`
    /// (`k` zeros on the way in); training needs that sum for the
    /// gradient.
    pub fn interaction_and_sum(&self, f: &Features, sum: &mut [f32]) -> f64 {
        let mut squares = 0f32;
        for (g, &v) in f.iter().enumerate() {
            for (a, &x) in sum.iter_mut().zip(self.vector(g, v)) {
                *a += x;
                squares += x * x;
            }
        }
        let total: f32 = sum.iter().map(|x| x * x).sum();
        0.5 * f64::from(total - squares)
    }
}

/// The most latent factors a model may have.
pub const MAX_FACTORS: usize = 32;

const MAGIC: &[u8; 10] = b"KOSUMI-MM\0";

/// The model file built into the binary (`models/kosumi-19.mm`; `kosumi
/// train` reproduces it, see models/README.md).
const BUILTIN: &[u8] = include_bytes!("../../models/kosumi-19.mm");

/// The built-in model, read once.
pub fn builtin() -> &'static Model {
    static M: std::sync::OnceLock<Model> = std::sync::OnceLock::new();
    M.get_or_init(|| Model::from_bytes(BUILTIN).expect("the built-in model file is valid"))
}
/// Version 3 adds the latent factors, a byte each (version 2 files have
/// none).
const VERSION: u32 = 3;

/// Why a model file could not be read.
#[derive(Debug)]
pub struct ModelError(pub String);

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Model {
    /// A model with every weight 1 over the patterns `pattern_hashes`
    /// and the 3x3 patterns `pat3_hashes`.
    pub fn uniform(max_d: usize, pattern_hashes: Vec<u64>, pat3_hashes: Vec<u64>) -> Model {
        let numbered = |hs: &[u64]| -> Dictionary {
            hs.iter().enumerate().map(|(i, &h)| (h, i as u32)).collect()
        };
        let gammas = std::array::from_fn(|g| {
            let n = match g {
                SPATIAL => pattern_hashes.len() + 1,
                PAT3 => pat3_hashes.len() + 1,
                _ => GROUP_SIZES[g],
            };
            vec![1.0; n]
        });
        Model {
            max_d,
            dict: numbered(&pattern_hashes),
            pat3: numbered(&pat3_hashes),
            gammas,
            pattern_hashes,
            pat3_hashes,
            factors: None,
        }
    }

    /// The number of values of each group.
    pub fn sizes(&self) -> [usize; GROUPS] {
        std::array::from_fn(|g| self.gammas[g].len())
    }

    /// The features of `c` at the legal point `p`.
    pub fn features(&self, board: &Board, c: Color, p: Point, pos: &Position) -> Features {
        features::features(board, c, p, pos, &self.dict, &self.pat3, self.max_d)
    }

    /// The strength of a feature vector.
    pub fn strength(&self, f: &Features) -> f64 {
        let mut s = 1.0;
        for (g, &v) in f.iter().enumerate() {
            s *= self.gammas[g].get(v as usize).copied().unwrap_or(1.0);
        }
        match &self.factors {
            Some(fa) => s * fa.interaction(f).exp(),
            None => s,
        }
    }

    /// Every legal move of `c` (passes aside) with its probability,
    /// most probable first.
    pub fn rank(&self, board: &Board, c: Color) -> Vec<(Point, f64)> {
        let pos = Position::new(board);
        let mut v: Vec<(Point, f64)> = board
            .empty_points()
            .iter()
            .map(|&e| Point(e))
            .filter(|&p| board.is_legal(c, p))
            .map(|p| (p, self.strength(&self.features(board, c, p, &pos))))
            .collect();
        let total: f64 = v.iter().map(|x| x.1).sum();
        if total > 0.0 {
            for x in &mut v {
                x.1 /= total;
            }
        }
        v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    }

    /// Writes the model file.
    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        out.write_all(&(self.max_d as u32).to_le_bytes())?;
        out.write_all(&(GROUPS as u32).to_le_bytes())?;
        for g in (0..GROUPS).filter(|&g| !is_pattern_group(g)) {
            out.write_all(&(self.gammas[g].len() as u32).to_le_bytes())?;
            for &x in &self.gammas[g] {
                out.write_all(&(x as f32).to_le_bytes())?;
            }
        }
        for (g, hashes) in [(SPATIAL, &self.pattern_hashes), (PAT3, &self.pat3_hashes)] {
            out.write_all(&(hashes.len() as u32).to_le_bytes())?;
            for (i, &h) in hashes.iter().enumerate() {
                out.write_all(&h.to_le_bytes())?;
                out.write_all(&(self.gammas[g][i + 1] as f32).to_le_bytes())?;
            }
        }
        match &self.factors {
            None => out.write_all(&0u32.to_le_bytes())?,
            Some(fa) => {
                // Each group's vectors as bytes, -127..=127 times a scale.
                out.write_all(&(fa.k as u32).to_le_bytes())?;
                for v in &fa.v {
                    let scale = v.iter().fold(0f32, |m, x| m.max(x.abs())) / 127.0;
                    out.write_all(&scale.to_le_bytes())?;
                    let q: Vec<u8> = v
                        .iter()
                        .map(|&x| {
                            let q = if scale > 0.0 {
                                (x / scale).round()
                            } else {
                                0.0
                            };
                            q.clamp(-127.0, 127.0) as i8 as u8
                        })
                        .collect();
                    out.write_all(&q)?;
                }
            }
        }
        Ok(())
    }

    /// Reads a model file.
    pub fn read(input: &mut dyn Read) -> Result<Model, ModelError> {
        let mut bytes = Vec::new();
        input
            .read_to_end(&mut bytes)
            .map_err(|e| ModelError(format!("cannot read the model: {e}")))?;
        Model::from_bytes(&bytes)
    }

    /// Reads a model from the bytes of a model file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, ModelError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err(ModelError("not a kosumi model file".into()));
        }
        let version = r.u32()?;
        if version != VERSION && version != 2 {
            return Err(ModelError(format!(
                "model version {version}, expected {VERSION}"
            )));
        }
        let max_d = r.u32()? as usize;
        if !(spatial::MIN_D..=spatial::MAX_D).contains(&max_d) {
            return Err(ModelError(format!("pattern size {max_d} out of range")));
        }
        if r.u32()? as usize != GROUPS {
            return Err(ModelError("the model has other feature groups".into()));
        }
        let mut gammas: [Vec<f64>; GROUPS] = Default::default();
        for g in (0..GROUPS).filter(|&g| !is_pattern_group(g)) {
            let n = r.u32()? as usize;
            if n != GROUP_SIZES[g] {
                return Err(ModelError(format!("group {g} has {n} values")));
            }
            gammas[g] = (0..n)
                .map(|_| r.f32().map(f64::from))
                .collect::<Result<_, _>>()?;
        }
        let mut tables: [Vec<u64>; 2] = Default::default();
        for (table, g) in tables.iter_mut().zip([SPATIAL, PAT3]) {
            let n = r.u32()? as usize;
            if n > bytes.len() / 12 {
                return Err(ModelError("truncated pattern table".into()));
            }
            let mut w = vec![1.0];
            for _ in 0..n {
                table.push(r.u64()?);
                w.push(f64::from(r.f32()?));
            }
            gammas[g] = w;
        }
        let k = if version >= 3 { r.u32()? as usize } else { 0 };
        if k > MAX_FACTORS {
            return Err(ModelError(format!(
                "{k} latent factors, at most {MAX_FACTORS}"
            )));
        }
        let factors = if k == 0 {
            None
        } else {
            let mut fa = Factors::zeros(k, std::array::from_fn(|g| gammas[g].len()));
            for v in &mut fa.v {
                let scale = r.f32()?;
                let qs = r.take(v.len())?;
                for (x, &q) in v.iter_mut().zip(qs) {
                    *x = f32::from(q as i8) * scale;
                }
            }
            if fa.v.iter().flatten().any(|x| !x.is_finite()) {
                return Err(ModelError("a latent factor is not a number".into()));
            }
            Some(fa)
        };
        if r.at != bytes.len() {
            return Err(ModelError("trailing bytes after the model".into()));
        }
        if gammas
            .iter()
            .flatten()
            .any(|g| !(g.is_finite() && *g > 0.0))
        {
            return Err(ModelError("a weight is not a positive number".into()));
        }
        let [hashes, pat3] = tables;
        let mut m = Model::uniform(max_d, hashes, pat3);
        m.gammas = gammas;
        m.factors = factors;
        Ok(m)
    }
}

/// A cursor over a model file's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ModelError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| ModelError("the model file is truncated".into()))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u32(&mut self) -> Result<u32, ModelError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, ModelError> {
        let b = self.take(8)?;
        let mut a = [0; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    fn f32(&mut self) -> Result<f32, ModelError> {
        Ok(f32::from_bits(self.u32()?))
    }
}

#[cfg(test)]
mod tests;
