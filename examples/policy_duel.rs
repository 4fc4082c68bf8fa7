//! Pure playout policies against each other (no search): the learned
//! policy against the heavy one on an empty board, colours alternating.
//! `cargo run --release --example policy_duel -- SIZE GAMES`
use kosumi::board::Board;
use kosumi::playout::{heavy_move, learned, max_moves, score};
use kosumi::types::{Color, Move};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(19);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let t = learned::builtin();
    let mut learned_wins = 0;
    let mut margin = 0.0;
    for g in 0..games {
        let mut rng = SmallRng::seed_from_u64(g);
        let mut b = Board::new(size);
        let mut s = learned::Sampler::new(&b, t);
        let learned_color = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut c = Color::Black;
        let mut passes = 0;
        for _ in 0..max_moves(size) {
            let m = if c == learned_color {
                learned::next_move(&b, c, &mut rng, &s, t)
            } else {
                heavy_move(&b, c, &mut rng)
            };
            s.play(&mut b, c, m, t);
            passes = if m == Move::Pass { passes + 1 } else { 0 };
            if passes == 2 {
                break;
            }
            c = !c;
        }
        let sc = score(&b, 7.5);
        let for_learned = if learned_color == Color::Black {
            sc
        } else {
            -sc
        };
        margin += for_learned as f64;
        learned_wins += (for_learned > 0.0) as u32;
    }
    println!(
        "{size}x{size}: learned won {learned_wins}/{games}, mean margin {:.1}",
        margin / games as f64
    );
}
