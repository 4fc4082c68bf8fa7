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
    let count_at = n - 12 * (m.pattern_hashes.len() + m.pat3_hashes.len()) - 8;
    huge[count_at..count_at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(Model::from_bytes(&huge).is_err());
}
