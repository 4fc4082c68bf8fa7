//! Tests of the playout policies on diagrams.

use super::*;
use rand::SeedableRng;

/// Black's true eyes A5, C5 and E5, White's A1, C1 and E1 (each a
/// suicide for the other colour).
const TRUE_EYES: &str = ". X . X .
                         X X X X X
                         . . . . .
                         O O O O O
                         . O . O .";

/// The diagram with `last` played by `mover` on it (so that it is the
/// last move), panicking if illegal.
fn after(diagram: &str, mover: Color, last: &str) -> Board {
    let mut b = Board::from_diagram(diagram).unwrap();
    let p = b.at(last);
    b.try_play(mover, Move::Play(p)).unwrap();
    b
}

/// How often (out of `n`) the heavy policy for `c` answers `want`.
fn frequency(b: &Board, c: Color, want: &str, n: u64) -> f64 {
    let p = b.at(want);
    let hits = (0..n)
        .filter(|&seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            heavy_move(b, c, &mut rng) == Move::Play(p)
        })
        .count();
    hits as f64 / n as f64
}

#[test]
fn captures_the_chain_the_last_move_left_in_atari() {
    // White plays D4 into atari next to black stones: D4 has only D3.
    let b = after(
        ". . . . . . .
         . . . . . . .
         . . . X . . .
         . . X . X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        Color::White,
        "D4",
    );
    assert_eq!(b.libs(b.at("D4")), 1);
    let f = frequency(&b, Color::Black, "D3", 300);
    assert!(f > 0.85, "captured {f}");
}

#[test]
fn captures_a_neighbour_in_atari() {
    // White C4 C3 are short of liberties; white's last move E5 elsewhere
    // next to them? No: white plays B3, which leaves B3-C3 with C2 only.
    let b = after(
        ". . . . . . .
         . . . . . . .
         . . X X . . .
         . X O O X . .
         . X . X . . .
         . . . . . . .
         . . . . . . .",
        Color::White,
        "C3",
    );
    // White chain C4 D4 C3: liberties? C3 neighbours B3 X, D3 X, C2 .
    assert_eq!(b.libs(b.at("C3")), 1);
    let f = frequency(&b, Color::Black, "C2", 300);
    assert!(f > 0.85, "captured {f}");
}

#[test]
fn escapes_from_atari() {
    // White F3 puts the black stone E3 in atari; extending at E2 gives
    // three liberties.
    let b = after(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . O . . . .
         . . . O X . . . .
         . . . . . . . . .
         . . . . . . . . .",
        Color::White,
        "F3",
    );
    let e3 = b.at("E3");
    assert_eq!(b.libs(e3), 1);
    assert_eq!(b.atari_liberty(e3), b.at("E2"));
    let f = frequency(&b, Color::Black, "E2", 300);
    assert!(f > 0.8, "escaped {f}");
}

#[test]
fn does_not_run_into_a_working_ladder() {
    // Black B3 puts white C3 in atari; running out at C4 gives two
    // liberties, and black chases the chain to the left edge. With a
    // white ladder breaker at B5 the same run escapes.
    let ladder = ". . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . X . . . . . . . . .
         . . O X . . . . . . . . .
         . . X . . . . . . . . . .
         . . . . . . . . . . . . .";
    let broken = ladder.replacen(
        ". . . . . . . . . . . . .\n         . . . X",
        ". O . . . . . . . . . . .\n         . . . X",
        1,
    );
    assert_ne!(broken, ladder);
    let b = after(ladder, Color::Black, "B3");
    assert_eq!(b.atari_liberty(b.at("C3")), b.at("C4"));
    let caught = frequency(&b, Color::White, "C4", 300);
    let b = after(&broken, Color::Black, "B3");
    let escaped = frequency(&b, Color::White, "C4", 300);
    assert!(escaped > 0.8, "escaped {escaped}");
    // The atari rule leaves the run out; a 3x3 shape around B3 still
    // plays it now and then (without the ladder read: over 0.9).
    assert!(caught < 0.5, "ran into the ladder {caught}");
}

#[test]
fn reads_no_ladders_on_small_boards() {
    // The same ladder on 9x9, where the tree reads ladders and the
    // playouts' read did not pay: the policy runs out as before.
    let ladder = ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . X . . . . .
         . . O X . . . . .
         . . X . . . . . .
         . . . . . . . . .";
    let b = after(ladder, Color::Black, "B3");
    let ran = frequency(&b, Color::White, "C4", 300);
    assert!(ran > 0.8, "ran out {ran}");
}

#[test]
fn counter_captures_to_escape() {
    // White E5 puts black D5 in atari (at C5) but is in atari itself (at
    // E6): capturing it and extending at C5 are both rule answers.
    let b = after(
        ". . . . . . .
         . . . O . . .
         . . . X . X .
         . . . O X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        Color::White,
        "E5",
    );
    assert_eq!(b.libs(b.at("D5")), 1);
    assert_eq!(b.libs(b.at("E5")), 1);
    let f = frequency(&b, Color::Black, "E6", 300);
    assert!(f > 0.3, "counter-captured {f}");
    // Both answers are rule moves: together nearly always.
    let g = frequency(&b, Color::Black, "C5", 300);
    assert!(f + g > 0.85, "answered {}", f + g);
}

/// A race of two liberties each: Black C1-C5 (B1, C6) against White
/// D1-D5 (E1, D6), where neither black liberty extends to three. White's
/// B5 took Black's third liberty.
const TWO_LIBERTY_RACE: &str = ". . O . . . .
                                . O . . . . .
                                . . X O X . .
                                . O X O X . .
                                . O X O X . .
                                . O X O X . .
                                . . X O . . .";

#[test]
fn wins_a_two_liberty_race_by_the_atari() {
    let b = after(TWO_LIBERTY_RACE, Color::White, "B5");
    assert_eq!(b.libs(b.at("C5")), 2);
    assert_eq!(b.libs(b.at("D5")), 2);
    // D6 wins the race; E1 only drives White out at D6 (three liberties).
    let f = frequency(&b, Color::Black, "D6", 400);
    assert!(f > 0.6, "the atari that wins the race {f}");
    let f = frequency(&b, Color::Black, "E1", 400);
    assert!(f < 0.1, "the atari White runs from {f}");
}

#[test]
fn a_three_liberty_chain_starts_the_race_with_the_atari() {
    // As above with B2 open: Black has three liberties (B1, B2, C6).
    let diagram = ". . O . . . .
                   . O . . . . .
                   . . X O X . .
                   . O X O X . .
                   . O X O X . .
                   . . X O X . .
                   . . X O . . .";
    let b = after(diagram, Color::White, "B5");
    assert_eq!(b.libs(b.at("C5")), 3);
    assert_eq!(b.libs(b.at("D5")), 2);
    let f = frequency(&b, Color::Black, "D6", 1000);
    assert!(f > 0.15, "the atari that wins the race {f}");
}

#[test]
fn never_fills_own_true_eye() {
    // Black's true eyes A5, C5, E5; the policies play elsewhere.
    let b = Board::from_diagram(TRUE_EYES).unwrap();
    let eyes = [b.at("A5"), b.at("C5"), b.at("E5")];
    for &e in &eyes {
        assert!(b.is_true_eye(e, Color::Black));
    }
    for seed in 0..500 {
        let mut rng = SmallRng::seed_from_u64(seed);
        for m in [
            light_move(&b, Color::Black, &mut rng),
            heavy_move(&b, Color::Black, &mut rng),
        ] {
            if let Move::Play(p) = m {
                assert!(!eyes.contains(&p), "black filled its eye");
            }
        }
    }
}

#[test]
fn random_playouts_never_fill_true_eyes() {
    let mut rng = SmallRng::seed_from_u64(7);
    for size in [5, 9] {
        for policy in [Policy::Light, Policy::Heavy, Policy::Learned] {
            for _ in 0..30 {
                let mut b = Board::new(size);
                let t = learned::builtin();
                let mut sampler = learned::Sampler::new(&b, t);
                let mut c = Color::Black;
                for _ in 0..max_moves(size) {
                    let m = match policy {
                        Policy::Light => light_move(&b, c, &mut rng),
                        Policy::Heavy => heavy_move(&b, c, &mut rng),
                        Policy::Learned => learned::next_move(&b, c, &mut rng, &sampler, t),
                    };
                    if let Move::Play(p) = m {
                        // A rule may fill an "eye" only to save a chain
                        // next to it that is in atari (then it is no eye).
                        let saves = b
                            .neighbours(p)
                            .into_iter()
                            .any(|q| b.stone(q) == c.stone() && b.libs(q) == 1);
                        assert!(
                            !b.is_true_eye(p, c) || (policy != Policy::Light && saves),
                            "{policy:?} filled a true eye {}\n{}",
                            b.geometry().vertex(p),
                            b.to_diagram()
                        );
                        assert!(b.is_legal(c, p));
                    }
                    sampler.play(&mut b, c, m, t);
                    c = !c;
                }
                b.check_consistency().unwrap();
            }
        }
    }
}

#[test]
fn playouts_end_and_log_their_moves() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut log = MoveLog::default();
    for size in [2, 3, 9, 13, 19] {
        for policy in [Policy::Light, Policy::Heavy, Policy::Learned] {
            let mut b = Board::new(size);
            log.clear();
            let s = playout(&mut b, Color::Black, 7.5, policy, &mut rng, &mut log);
            b.check_consistency().unwrap();
            assert!(log.len <= max_moves(size));
            assert_eq!(s, score(&b, 7.5));
            // Replaying the log on an empty board gives the same stones.
            let mut r = Board::new(size);
            for i in 0..log.len {
                let c = if log.colors[i] == Color::Black as u8 {
                    Color::Black
                } else {
                    Color::White
                };
                r.try_play(c, Move::Play(Point(log.points[i]))).unwrap();
            }
            assert!(r == b);
        }
    }
}

/// Playouts of the learned policy on 9x9 and 19x19: after every move the
/// sampler's weights, kept up by its updates, equal those of a sampler
/// made afresh for the board (captures, ataris and their ends included).
#[test]
fn learned_weights_stay_exact_through_a_playout() {
    use learned::{builtin, next_move, Sampler};
    let t = builtin();
    for (size, seed) in [(9, 1u64), (9, 2), (19, 3), (19, 4)] {
        let mut board = Board::new(size);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut s = Sampler::new(&board, t);
        let mut c = Color::Black;
        let (mut passes, mut captures) = (0, 0);
        for _ in 0..max_moves(size) {
            let m = next_move(&board, c, &mut rng, &s, t);
            let before = board.prisoners(c);
            s.play(&mut board, c, m, t);
            captures += (board.prisoners(c) > before) as u32;
            let fresh = Sampler::new(&board, t);
            for p in board.geometry().points() {
                for who in [Color::Black, Color::White] {
                    assert_eq!(
                        s.weight(who, p),
                        fresh.weight(who, p),
                        "{size}x{size} seed {seed}: weight of {} for {who:?}",
                        board.geometry().vertex(p)
                    );
                }
            }
            passes = if m == Move::Pass { passes + 1 } else { 0 };
            if passes == 2 {
                break;
            }
            c = !c;
        }
        assert!(
            captures > 0,
            "{size}x{size} seed {seed}: no capture to test"
        );
    }
}

/// The learned policy never fills its own true eye nor plays a suicide:
/// those points weigh nothing, whatever the model says.
#[test]
fn learned_weights_bar_eyes_and_suicides() {
    let b = Board::from_diagram(TRUE_EYES).unwrap();
    let t = learned::builtin();
    let s = learned::Sampler::new(&b, t);
    for v in ["A5", "C5", "E5"] {
        assert_eq!(s.weight(Color::Black, b.at(v)), 0.0, "black eye {v}");
        assert_eq!(s.weight(Color::White, b.at(v)), 0.0, "white suicide {v}");
    }
    for v in ["A1", "C1", "E1"] {
        assert_eq!(s.weight(Color::White, b.at(v)), 0.0, "white eye {v}");
        assert_eq!(s.weight(Color::Black, b.at(v)), 0.0, "black suicide {v}");
    }
    assert!(s.weight(Color::Black, b.at("C3")) > 0.0);
    assert!(s.weight(Color::White, b.at("C3")) > 0.0);
}

/// Every 20-bit code's canonical form is shared by its eight images, and
/// exchanging colours commutes with the symmetries.
#[test]
fn learned_codes_are_canonical_under_symmetry() {
    use learned::{canonical, swap_colours, transform};
    for code in (0..learned::CODES as u32).step_by(977) {
        let c = canonical(code);
        for t in 0..8 {
            let image = transform(code, t);
            assert_eq!(canonical(image), c);
            assert_eq!(swap_colours(image), transform(swap_colours(code), t));
        }
    }
}

/// The built-in playout model reads back as written.
#[test]
fn builtin_playout_model_parses_and_round_trips() {
    let text = include_str!("../../models/kosumi-playout.txt");
    let m = learned::PlayoutModel::parse(text).unwrap();
    assert!(m.patterns.len() > 500, "{} patterns", m.patterns.len());
    assert_eq!(learned::PlayoutModel::parse(&m.to_text()).unwrap(), m);
    assert!(learned::PlayoutModel::parse("kosumi-playout 1\nline 1 2\n").is_err());
    assert!(learned::PlayoutModel::parse("").is_err());
}

#[test]
fn last_good_replies_are_learned_from_the_winner_and_forgotten_by_the_loser() {
    use replies::Replies;
    let b = Board::new(9);
    let at = |v: &str| b.at(v);
    let (c3, g7, d5, e5) = (at("C3"), at("G7"), at("D5"), at("E5"));
    let mut log = MoveLog::default();
    // Black C3, white G7, black D5: black's D5 answers G7 (after C3).
    log.push(Color::Black, c3);
    log.push(Color::White, g7);
    log.push(Color::Black, d5);
    let r = Replies::new();
    let mut board = Board::new(9);
    board.try_play(Color::Black, Move::Play(c3)).unwrap();
    board.try_play(Color::White, Move::Play(g7)).unwrap();
    // A lost simulation teaches nothing; a draw neither.
    r.learn(&log, 0, Some(false));
    r.learn(&log, 0, None);
    assert_eq!(r.reply(&board, Color::Black), None);
    r.learn(&log, 0, Some(true));
    assert_eq!(r.reply(&board, Color::Black), Some(d5));
    // White's replies are its own table.
    assert_eq!(r.reply(&board, Color::White), None);
    // After another first move the reply to G7 alone still holds.
    let mut other = Board::new(9);
    other.try_play(Color::Black, Move::Play(e5)).unwrap();
    other.try_play(Color::White, Move::Play(g7)).unwrap();
    assert_eq!(r.reply(&other, Color::Black), Some(d5));
    // Black loses a simulation with the same reply: forgotten.
    r.learn(&log, 0, Some(false));
    assert_eq!(r.reply(&board, Color::Black), None);
    assert_eq!(r.reply(&other, Color::Black), None);
}

#[test]
fn heavy_playouts_with_replies_stay_legal_and_keep_eyes() {
    let r = replies::Replies::new();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut log = MoveLog::default();
    for size in [5, 9, 19] {
        for _ in 0..40 {
            let mut b = Board::new(size);
            log.clear();
            let s = playout_with(
                &mut b,
                Color::Black,
                7.5,
                Policy::Heavy,
                Some(&r),
                &mut rng,
                &mut log,
            );
            b.check_consistency().unwrap();
            assert_eq!(s, score(&b, 7.5));
            // Every move a legal one, as the log replays.
            let mut again = Board::new(size);
            for i in 0..log.len {
                let c = if log.colors[i] == Color::Black as u8 {
                    Color::Black
                } else {
                    Color::White
                };
                let p = Point(log.points[i]);
                assert!(
                    !again.is_true_eye(p, c)
                        || again
                            .neighbours(p)
                            .into_iter()
                            .any(|q| again.stone(q) == c.stone() && again.libs(q) == 1),
                    "a reply filled a true eye"
                );
                again.try_play(c, Move::Play(p)).unwrap();
            }
            r.learn(&log, 0, (s != 0.0).then_some(s > 0.0));
        }
    }
}
