//! The model: its file, and the ranking of a position's moves.

use super::*;
use crate::types::Move;

#[test]
fn the_builtin_model_reads_and_ranks_every_legal_move() {
    let m = builtin();
    assert!(m.pattern_hashes.len() > 1000, "a trained model is built in");
    let mut b = Board::new(19);
    for (c, v) in [
        (Color::Black, "Q16"),
        (Color::White, "D4"),
        (Color::Black, "Q3"),
    ] {
        let Ok(Move::Play(p)) = b.geometry().parse_move(v) else {
            unreachable!()
        };
        b.play_unchecked(c, Move::Play(p));
    }
    let r = m.rank(&b, Color::White);
    assert_eq!(r.len(), 361 - 3);
    let total: f64 = r.iter().map(|x| x.1).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert!(r.windows(2).all(|w| w[0].1 >= w[1].1));
    // The first line in an empty corner is not a strong player's move.
    let a1 = b.at("A1");
    let rank_a1 = r.iter().position(|x| x.0 == a1).unwrap();
    assert!(rank_a1 > 100, "A1 ranked {rank_a1}");
}

#[test]
fn a_model_file_reads_back_the_same() {
    let m = builtin();
    let mut bytes = Vec::new();
    m.write(&mut bytes).unwrap();
    let back = Model::from_bytes(&bytes).unwrap();
    assert_eq!(back.pattern_hashes, m.pattern_hashes);
    assert_eq!(back.pat3_hashes, m.pat3_hashes);
    assert_eq!(back.max_d, m.max_d);
    for g in 0..GROUPS {
        assert_eq!(back.gammas[g].len(), m.gammas[g].len());
        for (a, b) in back.gammas[g].iter().zip(&m.gammas[g]) {
            assert_eq!(*a as f32, *b as f32);
        }
    }
}

#[test]
fn a_damaged_model_file_is_refused_not_a_panic() {
    let mut bytes = Vec::new();
    builtin().write(&mut bytes).unwrap();
    for cut in [0, 5, 10, 20, 40, bytes.len() - 1] {
        assert!(Model::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    let mut more = bytes.clone();
    more.push(0);
    assert!(Model::from_bytes(&more).is_err());
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert!(Model::from_bytes(&bad).is_err());
    // A weight that is not a positive number.
    let mut neg = bytes.clone();
    let at = 10 + 4 * 3 + 4; // the first weight of the first plain group
    neg[at..at + 4].copy_from_slice(&(-1.0f32).to_le_bytes());
    assert!(Model::from_bytes(&neg).is_err());
    // A pattern count far beyond the file.
    let mut huge = bytes;
    let n = huge.len();
    let m = builtin();
    let factor_bytes = 4 + m
        .factors
        .as_ref()
        .map_or(0, |fa| fa.v.iter().map(|v| 4 + v.len()).sum::<usize>());
    let count_at = n - factor_bytes - 12 * (m.pattern_hashes.len() + m.pat3_hashes.len()) - 8;
    huge[count_at..count_at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(Model::from_bytes(&huge).is_err());
}

/// A small model with latent factors: every vector of every group is
/// filled from a fixed sequence.
fn with_factors(k: usize) -> Model {
    let mut m = Model::uniform(5, vec![11, 22, 33], vec![44, 55]);
    let mut fa = Factors::zeros(k, m.sizes());
    for (i, x) in fa.v.iter_mut().flatten().enumerate() {
        *x = ((i * 7919) % 13) as f32 / 13.0 - 0.5;
    }
    m.factors = Some(fa);
    m
}

#[test]
fn latent_factors_add_the_dot_product_of_every_pair_of_values() {
    let m = with_factors(3);
    let fa = m.factors.as_ref().unwrap();
    let f: Features = [2, 1, 0, 2, 0, 1, 3, 5, 17, 4, 1];
    let mut pairs = 0.0f64;
    for g in 0..GROUPS {
        for h in g + 1..GROUPS {
            let (a, b) = (fa.vector(g, f[g]), fa.vector(h, f[h]));
            pairs += a.iter().zip(b).map(|(x, y)| f64::from(x * y)).sum::<f64>();
        }
    }
    // Every weight is 1, so the strength is the interactions' alone.
    let s = m.strength(&f);
    assert!((s.ln() - pairs).abs() < 1e-5, "{} vs {pairs}", s.ln());
    assert!(pairs.abs() > 0.01, "the test vectors interact");
    // Without the factors, the same move has strength 1.
    let mut plain = m.clone();
    plain.factors = None;
    assert_eq!(plain.strength(&f), 1.0);
}

#[test]
fn a_model_with_factors_reads_back_the_same() {
    let m = with_factors(4);
    let mut bytes = Vec::new();
    m.write(&mut bytes).unwrap();
    let back = Model::from_bytes(&bytes).unwrap();
    // A byte a factor: within half a step of 1/127 of the group's largest.
    let (a, b) = (back.factors.as_ref().unwrap(), m.factors.as_ref().unwrap());
    assert_eq!(a.k, b.k);
    for g in 0..GROUPS {
        assert_eq!(a.v[g].len(), b.v[g].len());
        for (x, y) in a.v[g].iter().zip(&b.v[g]) {
            assert!((x - y).abs() <= 0.5 / 127.0 * 0.5 + 1e-6, "{x} {y}");
        }
    }
    let f: Features = [3, 2, 1, 1, 1, 1, 1, 2, 3, 1, 2];
    assert!((back.strength(&f) / m.strength(&f) - 1.0).abs() < 0.02);
    // Cut anywhere in the vectors, or a factor count out of range: refused.
    for cut in [bytes.len() - 1, bytes.len() - 50] {
        assert!(Model::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    // The first group's scale, not a number.
    let mut nan = bytes.clone();
    let at = nan.len() - b.v.iter().map(|v| 4 + v.len()).sum::<usize>();
    nan[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    assert!(Model::from_bytes(&nan).is_err());
    // More factors than a model may have.
    let mut many = bytes.clone();
    many[at - 4..at].copy_from_slice(&(MAX_FACTORS as u32 + 1).to_le_bytes());
    assert!(Model::from_bytes(&many).is_err());
}
