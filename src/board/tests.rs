//! Board stress tests: the incremental state against a naive flood-fill
//! model, on random games of several sizes.

use super::*;
use crate::types::STRIDE;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Naive model: stones only, captures and suicide by flood fill.
#[derive(Clone, PartialEq, Debug)]
struct Naive {
    size: usize,
    cells: Vec<Option<Color>>,
}

impl Naive {
    fn of(b: &Board) -> Naive {
        let geo = b.geometry();
        let mut cells = vec![None; geo.size * geo.size];
        for y in 0..geo.size {
            for x in 0..geo.size {
                cells[y * geo.size + x] = b.stone(geo.point(x, y)).color();
            }
        }
        Naive {
            size: geo.size,
            cells,
        }
    }

    fn nbrs(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.size, i / self.size);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.size {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - self.size);
        }
        if y + 1 < self.size {
            v.push(i + self.size);
        }
        v
    }

    /// The chain at `i` and its liberty count.
    fn chain(&self, i: usize) -> (Vec<usize>, usize) {
        let c = self.cells[i];
        let mut members = vec![i];
        let mut libs = Vec::new();
        let mut k = 0;
        while k < members.len() {
            for n in self.nbrs(members[k]) {
                if self.cells[n].is_none() {
                    if !libs.contains(&n) {
                        libs.push(n);
                    }
                } else if self.cells[n] == c && !members.contains(&n) {
                    members.push(n);
                }
            }
            k += 1;
        }
        (members, libs.len())
    }

    /// Plays `c` at empty `i`; returns false for suicide (unchanged).
    fn play(&mut self, c: Color, i: usize) -> bool {
        let before = self.clone();
        self.cells[i] = Some(c);
        for n in self.nbrs(i) {
            if self.cells[n] == Some(!c) {
                let (m, l) = self.chain(n);
                if l == 0 {
                    for s in m {
                        self.cells[s] = None;
                    }
                }
            }
        }
        if self.chain(i).1 == 0 {
            *self = before;
            return false;
        }
        true
    }
}

fn stress(size: usize, seed: u64, moves: usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut b = Board::new(size);
    let geo = b.geometry();
    let mut c = Color::Black;
    for _ in 0..moves {
        let x = rng.gen_range(0..size);
        let y = rng.gen_range(0..size);
        let p = geo.point(x, y);
        let mut naive = Naive::of(&b);
        let legal = b.is_legal(c, p);
        let before = b.clone();
        let r = b.try_play(c, Move::Play(p));
        assert_eq!(legal, r.is_ok(), "is_legal disagrees with try_play");
        match r {
            Ok(()) => {
                assert!(naive.play(c, y * size + x), "board allowed a suicide");
                assert_eq!(naive, Naive::of(&b), "captures differ from naive");
            }
            Err(IllegalMove::Suicide) => {
                assert!(!naive.play(c, y * size + x), "board refused a legal move");
                assert!(b == before);
            }
            Err(_) => assert!(b == before),
        }
        if let Err(e) = b.check_consistency() {
            panic!("{e}\n{}", b.to_diagram());
        }
        // The fast copy must give an equal, consistent board.
        let mut copy = Board::new(size);
        copy.clone_from(&b);
        assert!(copy == b && copy.hash() == b.hash() && copy.ko() == b.ko());
        copy.check_consistency().unwrap();
        if rng.gen_bool(0.9) {
            c = !c;
        }
        if b.empty_points().len() < size * size / 5 || rng.gen_bool(0.002) {
            b = Board::new(size);
        }
    }
}

#[test]
fn stress_small_boards() {
    for size in 1..=7 {
        stress(size, size as u64, 3000);
    }
}

#[test]
fn stress_9x9() {
    stress(9, 99, 20_000);
}

#[test]
fn stress_19x19() {
    stress(19, 1919, 10_000);
}

#[test]
fn clone_from_other_size() {
    let mut small = Board::new(9);
    let mut big = Board::new(19);
    let geo = big.geometry();
    big.try_play(Color::Black, Move::Play(geo.point(3, 3)))
        .unwrap();
    big.try_play(Color::White, Move::Play(geo.point(15, 15)))
        .unwrap();
    small.clone_from(&big);
    assert_eq!(small.size(), 19);
    small.check_consistency().unwrap();
    let nine = Board::new(9);
    small.clone_from(&nine);
    assert_eq!(small.size(), 9);
    small.check_consistency().unwrap();
    assert_eq!(small.stone(Point(200)), Stone::Edge);
}

#[test]
fn ko_and_snapback() {
    // White captures at the ko point; black may not retake at once.
    let mut b = Board::from_diagram(
        ". . . . .
         . X O . .
         X O . O .
         . X O . .
         . . . . .",
    )
    .unwrap();
    let geo = b.geometry();
    let p = geo.point(2, 2);
    b.try_play(Color::Black, Move::Play(p)).unwrap();
    assert_eq!(b.last_captured(), 1);
    let ko = geo.point(1, 2);
    assert_eq!(b.ko(), Some((ko, Color::White)));
    assert_eq!(b.check_move(Color::White, ko), Err(IllegalMove::Ko));
    b.check_consistency().unwrap();
}

/// Tries a random colour on a random point of `b` (illegal tries change
/// nothing).
fn random_try_play(b: &mut Board, rng: &mut SmallRng) {
    let size = b.size();
    let p = b
        .geometry()
        .point(rng.gen_range(0..size), rng.gen_range(0..size));
    let c = if rng.gen_bool(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let _ = b.try_play(c, Move::Play(p));
}

#[test]
fn area_balance_and_owners_match_naive_count() {
    let mut rng = SmallRng::seed_from_u64(5);
    for size in [2, 5, 9, 13] {
        let mut b = Board::new(size);
        let geo = b.geometry();
        for _ in 0..size * size * 2 {
            random_try_play(&mut b, &mut rng);
            let mut naive = 0i32;
            let mut black = vec![0u32; MAX_POINTS];
            let mut white = vec![0u32; MAX_POINTS];
            b.add_area_owners(&mut black, &mut white);
            for q in geo.points() {
                let owner = match b.stone(q) {
                    Stone::Black => 1,
                    Stone::White => -1,
                    _ => {
                        let nb = b.neighbour_count(q, Stone::Black) > 0;
                        let nw = b.neighbour_count(q, Stone::White) > 0;
                        nb as i32 - nw as i32
                    }
                };
                naive += owner;
                assert_eq!(black[q.idx()], (owner == 1) as u32);
                assert_eq!(white[q.idx()], (owner == -1) as u32);
            }
            assert_eq!(b.area_balance(), naive);
        }
    }
}

#[test]
fn neighbourhood_codes() {
    let mut rng = SmallRng::seed_from_u64(9);
    for size in [1, 2, 5, 9, 19, 25] {
        let mut b = Board::new(size);
        let geo = b.geometry();
        for _ in 0..size * size {
            random_try_play(&mut b, &mut rng);
            for q in geo.points() {
                let s = STRIDE as u16;
                let order = [
                    q.0 + s - 1,
                    q.0 + s,
                    q.0 + s + 1,
                    q.0 - 1,
                    q.0 + 1,
                    q.0 - s - 1,
                    q.0 - s,
                    q.0 - s + 1,
                ];
                let mut want = 0u16;
                for (k, &r) in order.iter().enumerate() {
                    want |= (b.stone(Point(r)) as u16) << (2 * k);
                }
                assert_eq!(b.neighbourhood(q), want);
            }
        }
    }
}

/// Whether the board's structure (chains, counts, lists, hash) is sound:
/// every consistency check but the rule that each chain has a liberty,
/// which a suicide played through `play_unchecked` breaks on purpose.
fn structure_ok(b: &Board) -> bool {
    match b.check_consistency() {
        Ok(()) => true,
        Err(e) => e.starts_with("chain without liberties"),
    }
}

/// The sequence from issue 16, on a 1x1 board:
///
/// ```text
///   1. black plays the only point (a suicide)
///   2. white plays the same, now occupied, point
/// ```
///
/// Before, a release build then read `empty[usize::MAX]` (undefined
/// behaviour through safe calls). Now the second move panics before the
/// board changes, and the board stays readable and sound.
#[test]
fn unchecked_move_on_an_occupied_point_panics_and_changes_nothing() {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let mut b = Board::new(1);
    let p = b.geometry().point(0, 0);
    b.play_unchecked(Color::Black, Move::Play(p));
    let before = (b.hash(), b.empty_points().len(), b.stone(p));
    let r = catch_unwind(AssertUnwindSafe(|| {
        b.play_unchecked(Color::White, Move::Play(p))
    }));
    assert!(r.is_err());
    assert_eq!((b.hash(), b.empty_points().len(), b.stone(p)), before);
    assert!(structure_ok(&b));
}

/// Hostile sequences through the unchecked entry point: random points on
/// several sizes, occupied or not, suicides and ko retakes included. A move
/// on an occupied point panics and changes nothing; every other move
/// leaves the structure sound; the game goes on after each caught panic.
#[test]
fn hostile_unchecked_sequences_keep_the_board_sound() {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let mut rng = SmallRng::seed_from_u64(16);
    for size in [1, 2, 3, 5, 9, 19] {
        for _ in 0..20 {
            let mut b = Board::new(size);
            let geo = b.geometry();
            for i in 0..3 * size * size {
                let c = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let p = geo.point(rng.gen_range(0..size), rng.gen_range(0..size));
                let occupied = b.stone(p) != Stone::Empty;
                let hash = b.hash();
                let r = catch_unwind(AssertUnwindSafe(|| b.play_unchecked(c, Move::Play(p))));
                if occupied {
                    assert!(r.is_err(), "move on an occupied point accepted");
                    assert_eq!(b.hash(), hash);
                } else if cfg!(debug_assertions) && r.is_err() {
                    // Debug builds refuse every illegal move (debug_assert
                    // of legality, before any change).
                    assert_eq!(b.hash(), hash);
                } else {
                    assert!(r.is_ok());
                }
                assert!(structure_ok(&b), "{:?}", b.check_consistency());
            }
        }
    }
}

#[test]
#[should_panic(expected = "board size")]
fn board_size_out_of_range_panics() {
    let _ = Board::new(26);
}

/// Open points: the empty regions that touch both colours or neither.
/// ```text
///   . . X O . . . . .
///   . . X O . . . . .
///   X X X O . . . . .
///   . . . O O O O O O
///   . . . . . . . . .      (four more empty rows)
/// ```
/// Black's corner (4 points) and White's (15) are closed; the 48 points
/// below touch both walls.
#[test]
fn open_points_are_those_of_regions_touching_both_colours_or_none() {
    assert_eq!(Board::new(9).open_points(), 81);
    let b = Board::from_diagram(
        "
        . . X O . . . . .
        . . X O . . . . .
        X X X O . . . . .
        . . . O O O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    )
    .expect("diagram");
    assert_eq!(b.open_points(), 48);
}
