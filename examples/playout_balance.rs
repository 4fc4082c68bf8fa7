//! How well each playout policy's mean outcome predicts the result of
//! strong games: from positions at 30%, 50% and 70% of each game, the
//! share of playouts black wins against the recorded winner (Brier score
//! and log-loss, lower is better). A balanced policy (Huang, Coulom and
//! Lin 2010) predicts well; imitating strong moves one by one need not.
//!
//! `cargo run --release --example playout_balance -- FILE GAMES PLAYOUTS [MODEL...]`
//! (FILE: one SGF game a line, `.xz` allowed; each MODEL a file of
//! `kosumi train-playout`, measured besides heavy and the built-in one).
use kosumi::board::Board;
use kosumi::learn::records::read_file;
use kosumi::playout::learned::{self, PlayoutModel, Sampler, Tables};
use kosumi::playout::{heavy_move, max_moves, score};
use kosumi::types::{Color, Move};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use rayon::prelude::*;

struct Position {
    board: Board,
    to_move: Color,
    komi: f32,
    black_won: bool,
    phase: usize,
}

fn result(text: &str) -> Option<bool> {
    let i = text.find("RE[")?;
    match text[i + 3..].chars().next()? {
        'B' | 'b' => Some(true),
        'W' | 'w' => Some(false),
        _ => None,
    }
}

fn komi(text: &str) -> f32 {
    let k = text
        .find("KM[")
        .and_then(|i| {
            let rest = &text[i + 3..];
            rest[..rest.find(']')?].parse::<f32>().ok()
        })
        .unwrap_or(7.5);
    match k {
        k if k > 50.0 => k / 100.0,
        k if k < 0.1 => 7.5,
        k => k,
    }
}

fn one(b: &Board, c0: Color, komi: f32, policy: Option<&Tables>, seed: u64) -> bool {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut b = b.clone();
    let mut c = c0;
    let mut passes = 0;
    let mut sampler = policy.map(|t| Sampler::new(&b, t));
    for _ in 0..max_moves(b.size()) {
        let m = match (&mut sampler, policy) {
            (Some(s), Some(t)) => {
                let m = learned::next_move(&b, c, &mut rng, s, t);
                s.play(&mut b, c, m, t);
                m
            }
            _ => {
                let m = heavy_move(&b, c, &mut rng);
                b.play_inlined(c, m);
                m
            }
        };
        passes = if m == Move::Pass { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
        c = !c;
    }
    score(&b, komi) > 0.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).expect("FILE GAMES PLAYOUTS [MODEL...]");
    let games: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let playouts: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(64);
    let records = read_file(std::path::Path::new(file)).expect("readable games");
    let mut positions = Vec::new();
    for r in records.iter().rev() {
        if positions.len() >= 3 * games {
            break;
        }
        let Some(black_won) = result(&r.text) else {
            continue;
        };
        let Ok(replay) = r.replay(19) else {
            continue;
        };
        let n = replay.moves.len();
        let at = [n * 3 / 10, n / 2, n * 7 / 10];
        let mut i = 0;
        let _ = replay.for_each_position(|g, c, _| {
            if let Some(phase) = at.iter().position(|&a| a == i) {
                positions.push(Position {
                    board: g.board().clone(),
                    to_move: c,
                    komi: komi(&r.text),
                    black_won,
                    phase,
                });
            }
            i += 1;
        });
    }
    let mut policies: Vec<(String, Option<Tables>)> = vec![
        ("heavy".into(), None),
        (
            "learned (built-in)".into(),
            Some(Tables::new(&builtin_model())),
        ),
    ];
    for path in &args[4.min(args.len())..] {
        let text = std::fs::read_to_string(path).expect("readable model");
        let m = PlayoutModel::parse(&text).expect("a playout model");
        policies.push((path.clone(), Some(Tables::new(&m))));
    }
    println!(
        "{} positions of {} games, {playouts} playouts each",
        positions.len(),
        positions.len() / 3
    );
    for (name, t) in &policies {
        let v: Vec<(f64, f64, usize)> = positions
            .par_iter()
            .enumerate()
            .map(|(k, p)| {
                let wins = (0..playouts)
                    .filter(|&j| one(&p.board, p.to_move, p.komi, t.as_ref(), k as u64 * 1000 + j))
                    .count();
                let v = wins as f64 / playouts as f64;
                let z = p.black_won as u8 as f64;
                let q = v.clamp(0.02, 0.98);
                let ll = -(z * q.ln() + (1.0 - z) * (1.0 - q).ln());
                ((v - z).powi(2), ll, p.phase)
            })
            .collect();
        let mut line = format!("{name:>24}:");
        for phase in [None, Some(0), Some(1), Some(2)] {
            let sel: Vec<_> = v
                .iter()
                .filter(|x| phase.is_none_or(|f| x.2 == f))
                .collect();
            let n = sel.len().max(1) as f64;
            let brier = sel.iter().map(|x| x.0).sum::<f64>() / n;
            let ll = sel.iter().map(|x| x.1).sum::<f64>() / n;
            let label = match phase {
                None => "all".to_string(),
                Some(f) => format!("{}%", [30, 50, 70][f]),
            };
            line += &format!("  {label} brier {brier:.4} ll {ll:.4}");
        }
        println!("{line}");
    }
}

fn builtin_model() -> PlayoutModel {
    PlayoutModel::parse(include_str!("../models/kosumi-playout.txt")).expect("built-in model")
}
