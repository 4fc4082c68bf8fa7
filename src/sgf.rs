//! Reading games from SGF (`loadsgf`, with the sgf-parse crate) and writing
//! them (`printsgf`, and files replaced whole with [`write_atomically`]).

use crate::game::{Game, Rules};
use crate::types::{is_board_size, Color, Geometry, Move, Point};
use sgf_parse::go::{self, Prop};

/// Why an SGF text could not become a game.
#[derive(Debug, Clone, PartialEq)]
pub struct SgfError(pub String);

impl std::fmt::Display for SgfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn point_of(geo: &Geometry, p: &go::Point) -> Option<Point> {
    let (x, y) = (p.x as usize, p.y as usize);
    (x < geo.size && y < geo.size).then(|| geo.point(x, geo.size - 1 - y))
}

fn move_of(geo: &Geometry, m: &go::Move) -> Result<Move, SgfError> {
    match m {
        go::Move::Pass => Ok(Move::Pass),
        go::Move::Move(p) => match point_of(geo, p) {
            Some(q) => Ok(Move::Play(q)),
            // `tt` is the old pass on boards up to 19x19.
            None if p.x == 19 && p.y == 19 && geo.size <= 19 => Ok(Move::Pass),
            None => Err(SgfError(format!("move off the board: {:?}", p))),
        },
    }
}

/// The first game tree of `text`, read as record files are found in the
/// wild: a byte-order mark, prose before the tree and anything after its
/// closing parenthesis are skipped (the SGF standard ignores text outside
/// the trees), and a tree that is damaged (cut off before its end, or with
/// a property given twice in a node) is read up to the damage, with a
/// warning on stderr, as long as what is read holds a Go record
/// ([`looks_like_go`]).
fn parse_first_tree(text: &str, salvage: bool) -> Result<sgf_parse::SgfNode<Prop>, SgfError> {
    let text = text.trim_start_matches('\u{feff}');
    let tree = first_tree_text(text).ok_or_else(|| SgfError("bad SGF: no game tree".into()))?;
    let strict = go::parse(tree).and_then(|mut trees| {
        if trees.is_empty() {
            Err(sgf_parse::SgfParseError::NoGameTrees)
        } else {
            Ok(trees.swap_remove(0))
        }
    });
    let err = match strict {
        Ok(root) => return Ok(root),
        Err(e) if salvage => e,
        Err(e) => return Err(SgfError(format!("bad SGF: {e}"))),
    };
    let options = sgf_parse::ParseOptions {
        lenient: true,
        ..sgf_parse::ParseOptions::default()
    };
    let salvaged = sgf_parse::parse_with_options(tree, &options)
        .ok()
        .and_then(|trees| trees.into_iter().next())
        .and_then(|t| t.into_go_node().ok())
        .filter(looks_like_go);
    match salvaged {
        Some(root) => {
            log::warn!("damaged SGF ({err}): read up to the damage");
            Ok(root)
        }
        None => Err(SgfError(format!("bad SGF: {err}"))),
    }
}

/// Whether a tree read up to its damage holds a Go record: a valid GM, FF,
/// SZ, KM, AB, AW, B or W on its main line (not a text file that happens
/// to hold `(;`, whose junk reads as unknown or invalid properties).
fn looks_like_go(root: &sgf_parse::SgfNode<Prop>) -> bool {
    root.main_variation().any(|node| {
        node.properties().any(|p| {
            matches!(
                p,
                Prop::GM(_)
                    | Prop::FF(_)
                    | Prop::SZ(_)
                    | Prop::KM(_)
                    | Prop::AB(_)
                    | Prop::AW(_)
                    | Prop::B(_)
                    | Prop::W(_)
            )
        })
    })
}

/// The text of the first game tree: from the first `(` that opens a node
/// (`(` then `;`, blanks between) to its matching `)`, property values
/// (with their `\` escapes) skipped; to the end of the text when the tree
/// is not closed. `None` when no tree opens.
fn first_tree_text(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let start = (0..bytes.len()).find(|&i| {
        bytes[i] == b'('
            && bytes[i + 1..]
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b';')
    })?;
    let mut depth = 0usize;
    let mut in_value = false;
    let mut i = start;
    while i < bytes.len() {
        match (in_value, bytes[i]) {
            (true, b'\\') => i += 1,
            (true, b']') => in_value = false,
            (false, b'[') => in_value = true,
            (false, b'(') => depth += 1,
            (false, b')') => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[start..=i]);
                }
            }
            _ => {}
        }
        i += 1;
    }
    Some(&text[start..])
}

/// Builds the game of the first tree's main line in `text`, stopping before
/// move number `until` (1-based: `Some(1)` gives the position before the
/// first move); all moves when `until` is `None` or past the end. Setup
/// stones (AB, AW, AE) are applied where they stand. The game gets the
/// file's size, its komi (KM), or `default_komi` when KM is missing or
/// empty, and its rules (RU, see [`Rules::parse`]), or `rules` when RU is
/// missing or names rules kosumi does not know (with a warning on stderr).
/// A KM or HA value that is not a number is an error. Returns the game;
/// its `to_move` is the colour of the next move.
pub fn load(
    text: &str,
    until: Option<usize>,
    default_komi: f32,
    rules: Rules,
) -> Result<Game, SgfError> {
    load_tree(parse_first_tree(text, true)?, until, default_komi, rules)
}

/// [`load`] for training data: a damaged tree is refused rather than read
/// up to the damage (a record cut off may have lost its result and its
/// end), the rest alike.
pub fn load_strict(
    text: &str,
    until: Option<usize>,
    default_komi: f32,
    rules: Rules,
) -> Result<Game, SgfError> {
    load_tree(parse_first_tree(text, false)?, until, default_komi, rules)
}

fn load_tree(
    root: sgf_parse::SgfNode<Prop>,
    until: Option<usize>,
    default_komi: f32,
    rules: Rules,
) -> Result<Game, SgfError> {
    let root = &root;
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) => {
            if w != h {
                return Err(SgfError("board is not square".into()));
            }
            *w as usize
        }
        _ => 19,
    };
    if !is_board_size(size) {
        return Err(SgfError(format!("unsupported board size {size}")));
    }
    let komi = komi_of(root.get_property("KM"))?.unwrap_or(default_komi);
    let rules = match root.get_property("RU") {
        Some(Prop::RU(t)) if !t.text.trim().is_empty() => match Rules::parse(&t.text) {
            Some(r) => r,
            None => {
                log::warn!(
                    "SGF rules RU[{}] unknown: keeping {} rules",
                    t.text,
                    rules.name()
                );
                rules
            }
        },
        _ => rules,
    };
    let mut game = Game::new(size, komi, rules);
    let geo = game.geometry();
    let mut handicap = 0;
    let mut moves_played = 0usize;
    let mut next_color: Option<Color> = None;
    for node in root.main_variation() {
        let mut setup: Vec<(Color, Point)> = Vec::new();
        let mut remove: Vec<Point> = Vec::new();
        let mut mv: Option<(Color, Move)> = None;
        let mut player: Option<Color> = None;
        for prop in node.properties() {
            match prop {
                Prop::AB(ps) | Prop::AW(ps) => {
                    let c = if matches!(prop, Prop::AB(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mut pts: Vec<Point> = ps.iter().filter_map(|p| point_of(&geo, p)).collect();
                    pts.sort();
                    setup.extend(pts.into_iter().map(|p| (c, p)));
                }
                // Clearing an empty point changes nothing.
                Prop::AE(ps) => remove.extend(
                    ps.iter()
                        .filter_map(|p| point_of(&geo, p))
                        .filter(|&p| game.board().stone(p) != crate::types::Stone::Empty),
                ),
                Prop::B(m) => mv = Some((Color::Black, move_of(&geo, m)?)),
                Prop::W(m) => mv = Some((Color::White, move_of(&geo, m)?)),
                Prop::PL(c) => {
                    player = Some(match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    })
                }
                Prop::HA(n) => handicap = (*n).clamp(0, 400) as usize,
                // sgf-parse refuses HA below 2; HA[0] and HA[1] (no
                // handicap) are common in game records.
                Prop::Invalid(id, v) if id == "HA" => {
                    let t = v.first().map(|t| t.trim()).unwrap_or("");
                    if !matches!(t, "" | "0" | "1") {
                        return Err(SgfError(format!("handicap HA[{t}] is not a number")));
                    }
                }
                _ => {}
            }
        }
        if !remove.is_empty() {
            remove.sort();
            remove.dedup();
            game.remove_stones(&remove).map_err(SgfError)?;
        }
        if !setup.is_empty() {
            let all_black = setup.iter().all(|s| s.0 == Color::Black);
            if handicap >= 2 && all_black && moves_played == 0 && game.setup_stones().is_empty() {
                // Handicap stones: the game records their number (HA in
                // printsgf, dynamic komi); White moves next.
                let pts: Vec<Point> = setup.iter().map(|s| s.1).collect();
                game.set_handicap(&pts).map_err(SgfError)?;
            } else {
                game.place_setup(&setup).map_err(SgfError)?;
                if handicap >= 2 && moves_played == 0 && all_black {
                    game.set_to_move(Color::White);
                }
            }
        }
        if let Some((c, _)) = mv {
            if until.is_some_and(|u| moves_played + 1 >= u) {
                next_color = Some(c);
                break;
            }
        }
        if let Some((c, m)) = mv {
            // A record says what was played: a server with simple ko (NNGS,
            // IGS, most Japanese-rules games) lets a ko be retaken after a
            // pass or a threat elsewhere that positional superko forbids.
            game.play_record(c, m).map_err(|e| {
                SgfError(format!(
                    "illegal move {} {} ({e})",
                    c.letter(),
                    geo.move_text(m)
                ))
            })?;
            moves_played += 1;
        }
        if let Some(c) = player {
            game.set_to_move(c);
        }
    }
    if let Some(c) = next_color {
        game.set_to_move(c);
    }
    Ok(game)
}

/// The komi of a KM property: `None` when absent or empty; an error when
/// it is not a number (a decimal comma is read as a point, as some Asian
/// records write it) or too large to be a komi (bounded like the `komi`
/// command: a huge value would print as `W+inf`).
fn komi_of(prop: Option<&Prop>) -> Result<Option<f32>, SgfError> {
    let k = match prop {
        None => return Ok(None),
        Some(Prop::KM(k)) => *k,
        Some(Prop::Invalid(_, v)) => {
            let t = v.first().map(|t| t.trim()).unwrap_or("");
            if t.is_empty() {
                return Ok(None);
            }
            t.replace(',', ".")
                .parse::<f64>()
                .map_err(|_| SgfError(format!("komi KM[{t}] is not a number")))?
        }
        Some(_) => return Ok(None),
    };
    if !k.is_finite() || k.abs() > 10_000.0 {
        return Err(SgfError(format!("komi KM[{k}] out of range")));
    }
    Ok(Some(k as f32))
}

/// Writes `bytes` to a temporary file beside `path` and renames it into
/// place: a reader never sees a half-written file, and a failed write
/// leaves an existing file as it was.
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = std::fs::File::create(&tmp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        })
        .and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// SGF text of a point, e.g. `dd`.
pub fn sgf_point(geo: &Geometry, p: Point) -> String {
    let (x, y) = geo.coords(p);
    let y = geo.size - 1 - y;
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
}

/// AE, AB and AW properties for the stones taken off and the setup stones
/// placed after `moves` moves, each in point order (as `load` applies them,
/// AE first, so that printing a loaded game gives the file back); empty
/// when there are none.
fn setup_properties(
    geo: &Geometry,
    setup: &[(Color, Point, usize)],
    removed: &[(Color, Point, usize)],
    moves: usize,
) -> String {
    let mut s = String::new();
    let mut off: Vec<Point> = removed
        .iter()
        .filter(|&&(_, _, n)| n == moves)
        .map(|&(_, p, _)| p)
        .collect();
    if !off.is_empty() {
        off.sort();
        s.push_str("AE");
        for p in off {
            s.push_str(&format!("[{}]", sgf_point(geo, p)));
        }
    }
    for (c, tag) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let mut stones: Vec<Point> = setup
            .iter()
            .filter(|&&(sc, _, n)| sc == c && n == moves)
            .map(|&(_, p, _)| p)
            .collect();
        if stones.is_empty() {
            continue;
        }
        stones.sort();
        s.push_str(tag);
        for p in stones {
            s.push_str(&format!("[{}]", sgf_point(geo, p)));
        }
    }
    s
}

/// The game as SGF text: root properties, setup stones, then the moves.
pub fn write(game: &Game) -> String {
    let geo = game.geometry();
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[kosumi:{}]SZ[{}]KM[{}]RU[{}]",
        env!("CARGO_PKG_VERSION"),
        geo.size,
        game.komi(),
        match game.rules() {
            Rules::Chinese => "Chinese",
            Rules::Japanese => "Japanese",
        }
    );
    if game.handicap() >= 2 {
        s.push_str(&format!("HA[{}]", game.handicap()));
    }
    // Setup stones in the node after the moves that preceded them (the
    // root for the initial position), as `load` reads them back.
    let setup: Vec<(Color, Point, usize)> = game.setup_with_move_numbers().collect();
    let removed = game.removed_stones();
    s.push_str(&setup_properties(&geo, &setup, removed, 0));
    let mut last = None;
    for (i, (c, m)) in game.moves().enumerate() {
        let v = match m {
            Move::Pass => String::new(),
            Move::Play(p) => sgf_point(&geo, p),
        };
        s.push_str(&format!(";{}[{}]", c.letter(), v));
        let after = setup_properties(&geo, &setup, removed, i + 1);
        if !after.is_empty() {
            s.push(';');
            s.push_str(&after);
        }
        last = Some(c);
    }
    // PL where the colour to move is not the one a reader infers (after
    // `loadsgf` of a file with PL): in the root, or with the last move.
    let inferred = match last {
        Some(c) => !c,
        None if game.handicap() >= 2 => Color::White,
        None => Color::Black,
    };
    if game.to_move() != inferred {
        s.push_str(&format!("PL[{}]", game.to_move().letter()));
    }
    s.push(')');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_root(props: &str, rules: Rules) -> Result<Game, SgfError> {
        load(&format!("(;GM[1]SZ[9]{props})"), None, 7.5, rules)
    }

    /// Records as they are found: a byte-order mark, prose before the tree,
    /// text after it, a file cut off before its end, a property given
    /// twice. Each gives the board of the clean record:
    ///
    /// ```text
    ///     A B C D E
    ///   5 . . . . .
    ///   4 . . . . .
    ///   3 . . X O .      B C3, W D3
    ///   2 . . . . .
    ///   1 . . . . .
    /// ```
    #[test]
    fn records_as_found_in_the_wild_load() {
        let clean = "(;GM[1]SZ[5]KM[0.5];B[cc];W[dc])";
        let want = load(clean, None, 7.5, Rules::Chinese).unwrap();
        for text in [
            "\u{feff}(;GM[1]SZ[5]KM[0.5];B[cc];W[dc])",
            "Played on a server (with comments).\n(;GM[1]SZ[5]KM[0.5];B[cc];W[dc])",
            "(;GM[1]SZ[5]KM[0.5];B[cc];W[dc])\n---\nrbm: a fun game ]) (;",
            "(;GM[1]SZ[5]KM[0.5]C[a ) and a \\] in a comment];B[cc];W[dc])",
            "(;GM[1]SZ[5]KM[0.5];B[cc];W[dc]",
            "(;GM[1]GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[dc])",
        ] {
            let g = load(text, None, 7.5, Rules::Chinese)
                .unwrap_or_else(|e| panic!("{text:?} does not load: {e}"));
            assert_eq!(g.board().hash(), want.board().hash(), "{text:?}");
            assert_eq!((g.komi(), g.move_count()), (0.5, 2), "{text:?}");
        }
        for junk in [
            "",
            "hello",
            "()",
            "(;",
            "\u{feff}",
            ";B[aa]",
            "(;B[cc",
            "#? [\\(;.*SZ\\[13\\]KM\\[7\\].*\\)]",
            "(;C[a comment cut off",
        ] {
            assert!(
                load(junk, None, 7.5, Rules::Chinese).is_err(),
                "{junk:?} loads"
            );
        }
    }

    /// A record edited by hand: after B C3, W D3, B C4, its third node
    /// takes C4 and D3 off (AE) and puts a white stone on B3:
    ///
    /// ```text
    ///     A B C D E            A B C D E
    ///   5 . . . . .          5 . . . . .
    ///   4 . . X . .          4 . . . . .
    ///   3 . . X O .   -->    3 . O X . .
    ///   2 . . . . .          2 . . . . .
    ///   1 . . . . .          1 . . . . .
    /// ```
    ///
    /// The moves before stay in the record, `printsgf` writes the AE back
    /// where it stood, and White moves next (the last move was Black's).
    #[test]
    fn ae_takes_stones_off_and_is_written_back() {
        let record = "(;GM[1]SZ[5]KM[0.5];B[cc];W[dc];B[cb];AE[cb][dc][ee]AW[bc];W[dd])";
        let g = load(record, Some(4), 7.5, Rules::Chinese).unwrap();
        let geo = g.geometry();
        let at = |g: &Game, t: &str| match geo.parse_move(t).unwrap() {
            Move::Play(p) => g.board().stone(p),
            Move::Pass => unreachable!(),
        };
        use crate::types::Stone;
        for (t, want) in [
            ("C4", Stone::Empty),
            ("D3", Stone::Empty),
            ("C3", Stone::Black),
            ("B3", Stone::White),
        ] {
            assert_eq!(at(&g, t), want, "{t}");
        }
        assert_eq!(g.to_move(), Color::White);
        // Setup is no capture: no prisoners, and the stones counted
        // against area scoring are those on the board.
        assert_eq!(g.board().prisoners(Color::Black), 0);
        assert_eq!(g.board().prisoners(Color::White), 0);
        assert_eq!(g.stone_balance(), 0);
        // The moves before the edit cannot be taken back.
        let mut u = g.clone();
        assert!(!u.undo());
        let text = write(&g);
        assert!(text.contains(";B[cb];AE[dc][cb]AW[bc]"), "{text}");
        let again = load(&text, None, 7.5, Rules::Chinese).unwrap();
        assert_eq!(again.board().hash(), g.board().hash());
        assert_eq!(write(&again), text);
        // The whole record: White plays on after the edit.
        let all = load(record, None, 7.5, Rules::Chinese).unwrap();
        assert_eq!(at(&all, "D2"), Stone::White);
        assert_eq!(all.move_count(), 4);
    }

    /// A ko retaken after two passes, as servers with simple ko allow:
    ///
    /// ```text
    ///     A B C D E
    ///   5 . . . . .
    ///   4 . X O . .      Black takes at C3 (B3 goes), both pass,
    ///   3 X O . O .      and White takes back at B3: the board of the
    ///   2 . X O . .      start again, which positional superko forbids
    ///   1 . . . . .      but the record says was played.
    /// ```
    #[test]
    fn a_record_that_repeats_a_position_loads() {
        let start = "(;GM[1]SZ[5]AB[bb][ac][bd]AW[cb][bc][dc][cd]";
        let record = format!("{start};B[cc];W[];B[];W[bc])");
        let g = load(&record, None, 7.5, Rules::Chinese).expect("the record loads");
        let geo = g.geometry();
        let at = |t: &str| match geo.parse_move(t).unwrap() {
            Move::Play(p) => g.board().stone(p),
            Move::Pass => unreachable!(),
        };
        assert_eq!(at("B3"), crate::types::Stone::White);
        assert_eq!(at("C3"), crate::types::Stone::Empty);
        assert_eq!(g.move_count(), 4);
        // The same move through `play` is refused: the rules in force are
        // unchanged, only the record is taken as played.
        let mut before = load(
            &format!("{start};B[cc];W[];B[])"),
            None,
            7.5,
            Rules::Chinese,
        )
        .unwrap();
        let b3 = geo.parse_move("B3").unwrap();
        assert_eq!(
            before.play(Color::White, b3),
            Err(crate::board::IllegalMove::Superko)
        );
    }

    #[test]
    fn ru_names_the_rules_in_every_common_spelling() {
        for (ru, want) in [
            ("Japanese", Rules::Japanese),
            ("japanese", Rules::Japanese),
            ("JP", Rules::Japanese),
            ("Korean", Rules::Japanese),
            ("Chinese", Rules::Chinese),
            ("CN", Rules::Chinese),
            ("AGA", Rules::Chinese),
            ("New Zealand", Rules::Chinese),
            ("NZ", Rules::Chinese),
            ("Tromp-Taylor", Rules::Chinese),
        ] {
            let other = match want {
                Rules::Japanese => Rules::Chinese,
                Rules::Chinese => Rules::Japanese,
            };
            let g = load_root(&format!("RU[{ru}]"), other).unwrap();
            assert_eq!(g.rules(), want, "RU[{ru}]");
        }
    }

    #[test]
    fn unknown_or_missing_ru_keeps_the_current_rules() {
        for props in ["RU[Martian]", "RU[]", ""] {
            for r in [Rules::Chinese, Rules::Japanese] {
                assert_eq!(load_root(props, r).unwrap().rules(), r, "{props}");
            }
        }
    }

    #[test]
    fn km_is_read_and_a_bad_km_is_refused() {
        let komi = |props: &str| load_root(props, Rules::Chinese).map(|g| g.komi());
        assert_eq!(komi("KM[6.5]"), Ok(6.5));
        assert_eq!(komi("KM[0]"), Ok(0.0));
        assert_eq!(komi("KM[-3.5]"), Ok(-3.5));
        assert_eq!(komi("KM[6,5]"), Ok(6.5));
        assert_eq!(komi(""), Ok(7.5));
        assert_eq!(komi("KM[]"), Ok(7.5));
        assert!(komi("KM[six]").is_err());
        assert!(komi("KM[1e30]").is_err());
        assert!(komi("KM[inf]").is_err());
    }

    #[test]
    fn ha_zero_or_one_is_no_handicap_and_a_bad_ha_is_refused() {
        for props in ["HA[0]", "HA[1]", "HA[]"] {
            let g = load_root(props, Rules::Chinese).unwrap();
            assert_eq!(g.handicap(), 0, "{props}");
        }
        assert!(load_root("HA[two]", Rules::Chinese).is_err());
        // Handicap stones: the record's AB with HA, White to move.
        let g = load_root("HA[2]AB[gc][cg]", Rules::Chinese).unwrap();
        assert_eq!(g.handicap(), 2);
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn printsgf_writes_the_rules_and_komi_it_loaded() {
        let g = load_root("RU[Japanese]KM[6.5];B[ee];W[cc]", Rules::Chinese).unwrap();
        let text = write(&g);
        assert!(text.contains("KM[6.5]"), "{text}");
        assert!(text.contains("RU[Japanese]"), "{text}");
        let again = load(&text, None, 0.0, Rules::Chinese).unwrap();
        assert_eq!((again.rules(), again.komi()), (Rules::Japanese, 6.5));
    }

    /// The record's rules decide the count of a finished game. 5x5, komi
    /// 0.5, set up with a black wall on B and a white wall on C; then
    /// White plays A3, Black A4, White passes, Black A2 takes A3:
    ///
    /// ```text
    ///     A B C D E
    ///   5 . X O . .
    ///   4 X X O . .
    ///   3 . X O . .     A3: the white stone Black took (one prisoner)
    ///   2 X X O . .
    ///   1 . X O . .
    /// ```
    ///
    /// Area: Black 7 stones + 3 empty = 10, White 5 stones + 10 empty +
    /// 0.5 = 15.5: W+5.5. Territory: Black 3 empty + 1 prisoner = 4, White
    /// 10 empty + 0.5 = 10.5: W+6.5 (White's pass cost nothing, Black's
    /// two stones in its own area cost one point net).
    #[test]
    fn the_record_rules_decide_the_count() {
        let record = |ru: &str| {
            format!(
                "(;GM[1]SZ[5]KM[0.5]RU[{ru}]AB[ba][bb][bc][bd][be]AW[ca][cb][cc][cd][ce]\
                 ;W[ac];B[ab];W[];B[ad])"
            )
        };
        for (ru, want) in [("Chinese", "W+5.5"), ("Japanese", "W+6.5")] {
            // The current rules are the other ones: RU must win.
            let current = if ru == "Chinese" {
                Rules::Japanese
            } else {
                Rules::Chinese
            };
            let g = load(&record(ru), None, 7.5, current).unwrap();
            assert_eq!(g.score_with(&[], &[]).to_gtp(), want, "RU[{ru}]");
        }
    }
}
