//! The tactical questions on small diagrams (rows from the top, columns
//! A to the right; X black, O white).

use super::*;

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("diagram")
}

#[test]
fn liberties_after_a_move() {
    let b = board(
        ". . . . .
         . X X O .
         . O O X .
         . . . . .
         . . . . .",
    );
    // White E3 touches black D3 (two liberties, no capture): its empty
    // neighbours E4 and E2.
    assert_eq!(libs_after(&b, Color::White, b.at("E3")), 2);
    // White E4 joins D4: E5 and E3 around it, D5 from D4.
    assert_eq!(libs_after(&b, Color::White, b.at("E4")), 3);
    assert!(libs_after_at_least(&b, Color::White, b.at("E4"), 3));
    assert!(!libs_after_at_least(&b, Color::White, b.at("E4"), 4));
    // Black A4 joins B4 C4 (liberties B5 C5 A4): A5 A3 B5 C5.
    assert_eq!(libs_after(&b, Color::Black, b.at("A4")), 4);
    assert_eq!(capture_size(&b, Color::Black, b.at("A4")), 0);
}

#[test]
fn self_atari_counts_the_stones_left_in_atari() {
    let b = board(
        ". O . . .
         O X O . .
         . . O . .
         O O . . .
         . . . . .",
    );
    // Black B3 joins B4 (in atari): the two stones keep only A3.
    assert_eq!(self_atari_size(&b, Color::Black, b.at("B3")), 2);
    // ... so it rescues nothing.
    assert_eq!(rescue_size(&b, Color::Black, b.at("B3")), 0);
    // Black A3 alone between A4 and A2: one stone with one liberty (a
    // throw-in).
    assert_eq!(self_atari_size(&b, Color::Black, b.at("A3")), 1);
    // White B3 captures B4: no self-atari.
    assert_eq!(capture_size(&b, Color::White, b.at("B3")), 1);
    assert_eq!(self_atari_size(&b, Color::White, b.at("B3")), 0);
}

#[test]
fn captures_and_escapes_of_a_chain_in_atari() {
    let b = board(
        ". . . . . . .
         . . . . . . .
         . . O O . . .
         . O X X O . .
         . . O . . . .
         . . . . . . .
         . . . . . . .",
    );
    // Black C4 D4 has one liberty, D3.
    let d3 = b.at("D3");
    assert_eq!(capture_size(&b, Color::White, d3), 2);
    assert_eq!(capturing_neighbours(&b, Color::White, d3), 1);
    // Black extends at D3 to D2 and E3: it saves both stones.
    assert_eq!(rescue_size(&b, Color::Black, d3), 2);
    assert_eq!(self_atari_size(&b, Color::Black, d3), 0);
    let mut escapes = Vec::new();
    chain_escapes(&b, b.at("C4"), |p, captures| escapes.push((p, captures)));
    assert_eq!(escapes, vec![(d3, false)]);
    assert!(!has_capturable_neighbour(&b, b.at("C4")));
}

#[test]
fn a_counter_capture_is_an_escape() {
    let b = board(
        ". . . . .
         . O . . .
         O X O . .
         X . . . .
         . . . . .",
    );
    // Black B3 is in atari at B2; white A3 is in atari at A4.
    let b3 = b.at("B3");
    assert!(has_capturable_neighbour(&b, b3));
    assert!(has_capturable_neighbour(&b, b.at("A2")));
    let mut libs = Vec::new();
    for_each_capturable_neighbour(&b, b3, |l| libs.push(l));
    assert_eq!(libs, vec![b.at("A4")]);
    let mut escapes = Vec::new();
    chain_escapes(&b, b3, |p, captures| escapes.push((p, captures)));
    // The capture at A4 first, then the extension at B2 (B1 and C2 around
    // it, A1 from A2).
    assert_eq!(escapes, vec![(b.at("A4"), true), (b.at("B2"), false)]);
    assert_eq!(capture_size(&b, Color::Black, b.at("A4")), 1);
    assert_eq!(capturing_neighbours(&b, Color::Black, b.at("A4")), 1);
}

#[test]
fn an_extension_that_captures_counts_the_freed_point() {
    let b = board(
        ". . . . .
         O X . . .
         X O X . .
         . O X . .
         . X . . .",
    );
    // Black A3 is in atari at A2; so are white A4 (at A5) and white B3 B2
    // (at A2).
    let (a2, a3) = (b.at("A2"), b.at("A3"));
    assert_eq!(b.libs(a3), 1);
    // Black A2 keeps one empty point, A1, and frees B2 by capturing.
    assert_eq!(libs_after(&b, Color::Black, a2), 1);
    assert_eq!(capturing_neighbours(&b, Color::Black, a2), 1);
    assert_eq!(capture_size(&b, Color::Black, a2), 2);
    assert_eq!(rescue_size(&b, Color::Black, a2), 1);
    let mut escapes = Vec::new();
    chain_escapes(&b, a3, |p, captures| escapes.push((p, captures)));
    escapes.sort();
    let mut want = vec![(b.at("A5"), true), (a2, true), (a2, false)];
    want.sort();
    assert_eq!(escapes, want);
}
