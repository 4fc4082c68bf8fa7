//! Proves that a playout allocates nothing: a counting global allocator
//! counts the allocations made by this thread while a playout runs, after
//! a warm-up (which builds the pattern table and the ladder scratch
//! board once).

use kosumi::bench::middle_game;
use kosumi::board::Board;
use kosumi::playout::replies::Replies;
use kosumi::playout::{playout_with, MoveLog, Policy};
use kosumi::types::Color;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

fn note() {
    let on = COUNTING.try_with(|c| c.get()).unwrap_or(false);
    if on {
        let _ = COUNT.try_with(|n| n.set(n.get() + 1));
    }
}

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counting touches only const-initialised thread-locals (no allocation).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by this thread while `f` runs.
fn allocations(f: impl FnOnce()) -> u64 {
    COUNT.with(|n| n.set(0));
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    COUNT.with(|n| n.get())
}

#[test]
fn playouts_allocate_nothing() {
    // The counter itself works.
    assert!(allocations(|| drop(std::hint::black_box(vec![1u8; 10]))) >= 1);
    let mut log = MoveLog::default();
    let mut rng = SmallRng::seed_from_u64(3);
    for size in [9usize, 13, 19] {
        let starts = [(Board::new(size), Color::Black), middle_game(size)];
        for (start, to_move) in &starts {
            let mut board = start.clone();
            // The heavy policy with the search's last good replies too.
            let replies = Replies::new();
            for (policy, with) in [
                (Policy::Light, None),
                (Policy::Heavy, None),
                (Policy::Heavy, Some(&replies)),
                (Policy::Learned, None),
            ] {
                let run = |board: &mut Board, log: &mut MoveLog, rng: &mut SmallRng| {
                    board.clone_from(start);
                    log.clear();
                    let s = playout_with(board, *to_move, 7.5, policy, with, rng, log);
                    if let Some(r) = with {
                        r.learn(log, 0, Some(s > 0.0));
                    }
                    std::hint::black_box(s);
                };
                // Warm-up: one-time tables and thread-local scratch.
                for _ in 0..20 {
                    run(&mut board, &mut log, &mut rng);
                }
                let n = allocations(|| {
                    for _ in 0..300 {
                        run(&mut board, &mut log, &mut rng);
                    }
                });
                assert_eq!(
                    n,
                    0,
                    "{policy:?} playouts (replies: {}) on {size}x{size} allocated {n} times",
                    with.is_some()
                );
            }
        }
    }
}
