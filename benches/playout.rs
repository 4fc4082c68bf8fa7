//! Playout speed: light (uniformly random, no own-eye filling) and heavy
//! (the player's policy) playouts from the empty board and from a fixed
//! middle-game position, on 9x9 and 19x19; throughput in playouts.
//!
//! `cargo bench --bench playout`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kosumi::bench::middle_game;
use kosumi::board::Board;
use kosumi::playout::{playout, MoveLog, Policy};
use kosumi::types::Color;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn bench_playouts(cr: &mut Criterion) {
    for size in [9usize, 19] {
        let empty = (Board::new(size), Color::Black);
        let middle = middle_game(size);
        for (start_name, (start, to_move)) in [("empty", &empty), ("middle game", &middle)] {
            let mut group = cr.benchmark_group(format!("playout {size}x{size} {start_name}"));
            group.throughput(Throughput::Elements(1));
            for (name, policy) in [("light", Policy::Light), ("heavy", Policy::Heavy)] {
                let mut board = start.clone();
                let mut rng = SmallRng::seed_from_u64(7);
                let mut log = MoveLog::default();
                group.bench_function(name, |b| {
                    b.iter(|| {
                        board.clone_from(start);
                        log.clear();
                        playout(&mut board, *to_move, 7.5, policy, &mut rng, &mut log)
                    })
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, bench_playouts);
criterion_main!(benches);
