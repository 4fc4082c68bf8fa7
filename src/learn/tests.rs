//! Reading records, training on a handful of games, measuring.

use super::evaluate::evaluate;
use super::records::{read_all, read_file};
use super::train::{train, Options};
use std::path::PathBuf;

fn match_games(n: usize) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/matches/b7fe2af-9x9");
    (0..n)
        .map(|i| dir.join(format!("game-{i:03}.sgf")))
        .collect()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("kosumi-learn-{}-{name}", std::process::id()))
}

#[test]
fn collections_compressed_files_and_bad_games() {
    let games: Vec<String> = match_games(3)
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap().replace('\n', ""))
        .collect();
    // One game a line, with a broken game and an illegal move among them.
    let mut text = games.join("\n");
    text.push_str("\n(;SZ[9];B[ee];W[ee])\n(;SZ[9];B[ee\n");
    let plain = temp("collection.sgf");
    std::fs::write(&plain, &text).unwrap();
    let records = read_file(&plain).unwrap();
    assert_eq!(records.len(), 5);
    assert!(records[4].source.ends_with(":5"));
    let mut xz = Vec::new();
    lzma_rs::xz_compress(&mut text.as_bytes(), &mut xz).unwrap();
    let packed = temp("collection.sgf.xz");
    std::fs::write(&packed, &xz).unwrap();
    assert_eq!(read_file(&packed).unwrap().len(), 5);
    let bogus = temp("bogus.sgf.xz");
    std::fs::write(&bogus, b"not xz").unwrap();
    let (all, bad_files) = read_all(&[
        plain.clone(),
        packed.clone(),
        bogus.clone(),
        temp("missing"),
    ]);
    assert_eq!((all.len(), bad_files), (10, 2));
    // The illegal move and the broken game are skipped, and so are games
    // of another size.
    assert!(records[3].replay(9).is_err());
    assert!(records[4].replay(9).is_err());
    assert!(records[0].replay(19).is_err());
    assert!(records[0].replay(9).is_ok());
    for p in [plain, packed, bogus] {
        std::fs::remove_file(p).unwrap();
    }
}

/// Small patterns and few iterations, for ten 9x9 games.
fn small() -> Options {
    Options {
        size: 9,
        max_d: 6,
        min_count: 2,
        iterations: 4,
        position_stride: 1,
        ..Options::default()
    }
}

#[test]
fn training_learns_something_and_measures_it() {
    let (records, _) = read_all(&match_games(12));
    let o = small();
    let (model, report) = train(&records[2..], &o);
    assert_eq!(report.games, 10);
    assert!(report.positions > 300, "{report:?}");
    let ll = &report.log_likelihood;
    assert!(ll.windows(2).all(|w| w[1] >= w[0] - 1e-9), "{ll:?}");
    let acc = evaluate(&model, &records[..2], 9, 5);
    assert_eq!(acc.games, 2);
    assert!(acc.positions > 50);
    assert!(acc.top1 <= acc.top_k && acc.top_k <= acc.positions);
    let line = acc.line();
    assert!(
        line.starts_with("top-1 ") && line.contains("% top-5 "),
        "{line}"
    );
    assert!(line.ends_with("skipped 0"), "{line}");
    // Better than choosing at random among some fifty legal moves.
    assert!(acc.top1 * 10 > acc.positions, "{line}");
}

#[test]
fn latent_factors_fit_the_training_moves_better_than_mm_alone() {
    let (records, _) = read_all(&match_games(12));
    let o = Options {
        factors: 4,
        epochs: 3,
        ..small()
    };
    let (model, report) = train(&records[2..], &o);
    assert!(model.factors.as_ref().is_some_and(|fa| fa.k == 4));
    // Four MM iterations, then three epochs of the factor fit, each
    // better than where MM stopped.
    let ll = &report.log_likelihood;
    assert_eq!(ll.len(), 7, "{ll:?}");
    assert!(ll[4..].iter().all(|&x| x > ll[3]), "{ll:?}");
    let acc = evaluate(&model, &records[..2], 9, 5);
    assert!(acc.top1 * 10 > acc.positions, "{}", acc.line());
}
