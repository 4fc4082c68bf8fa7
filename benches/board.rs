//! Board speed: random legal games played to the end (two passes or the
//! playout cap), on 9x9 and 19x19; throughput in moves (board plays).
//!
//! `cargo bench --bench board`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kosumi::board::Board;
use kosumi::playout::{light_move, max_moves};
use kosumi::types::{Color, Move};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Plays one random game on `board` (reset from `empty`); returns the
/// number of stones played.
fn random_game(board: &mut Board, empty: &Board, rng: &mut SmallRng) -> u64 {
    board.clone_from(empty);
    let mut c = Color::Black;
    let mut passes = 0;
    let mut moves = 0;
    for _ in 0..max_moves(empty.size()) {
        let m = light_move(board, c, rng);
        board.play_unchecked(c, m);
        if m == Move::Pass {
            passes += 1;
            if passes == 2 {
                break;
            }
        } else {
            passes = 0;
            moves += 1;
        }
        c = !c;
    }
    moves
}

fn bench_board(cr: &mut Criterion) {
    for size in [9usize, 19] {
        let empty = Board::new(size);
        let mut board = empty.clone();
        let mut rng = SmallRng::seed_from_u64(1);
        // Moves per game, measured once, so that criterion reports moves/s.
        let games = 200;
        let total: u64 = (0..games)
            .map(|_| random_game(&mut board, &empty, &mut rng))
            .sum();
        let per_game = (total / games).max(1);
        let mut group = cr.benchmark_group(format!("board {size}x{size}"));
        group.throughput(Throughput::Elements(per_game));
        group.bench_function("random game (moves)", |b| {
            b.iter(|| random_game(&mut board, &empty, &mut rng))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_board);
criterion_main!(benches);
