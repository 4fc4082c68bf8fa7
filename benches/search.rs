//! Search speed: playouts per second of a full search (tree, priors, heavy
//! playouts, backup) on one and two threads, 9x9 and 19x19 empty boards.
//! Criterion reports the throughput in playouts/s ("elements/s"); the ratio
//! of the two-thread and one-thread figures is the parallel scaling.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use kosumi::game::{Game, Rules};
use kosumi::search::{Limits, SearchConfig, Searcher};

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (size, playouts) in [(9usize, 20_000u64), (19, 4_000)] {
        let game = Game::new(size, 7.5, Rules::Chinese);
        group.throughput(Throughput::Elements(playouts));
        for threads in [1usize, 2] {
            let mut s = Searcher::new(SearchConfig {
                threads,
                ..SearchConfig::default()
            });
            let limits = Limits {
                playouts: Some(playouts),
                ..Limits::default()
            };
            group.bench_function(
                BenchmarkId::new(format!("{size}x{size}"), format!("{threads} threads")),
                |b| {
                    b.iter(|| {
                        s.clear();
                        s.search(&game, 7.5, limits.clone(), None)
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
