//! The game layer: move history, positional superko, undo, komi, rules,
//! handicap and scoring. Playouts never come here; they use the bare
//! [`Board`].

use crate::board::{Board, IllegalMove};
use crate::types::{Color, Geometry, Move, Point, Stone, MAX_POINTS};

/// Scoring rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Area scoring: stones plus empty regions that touch one colour only.
    Chinese,
    /// Territory scoring: surrounded empty points plus prisoners; dame and
    /// points in seki count for nobody.
    Japanese,
}

impl Rules {
    /// Parses a rule set name as KGS and the CLI give it.
    pub fn parse(s: &str) -> Option<Rules> {
        match s.to_ascii_lowercase().as_str() {
            "chinese" | "area" | "tromp-taylor" | "tromp_taylor" | "aga" | "new_zealand" => {
                Some(Rules::Chinese)
            }
            "japanese" | "territory" | "korean" => Some(Rules::Japanese),
            _ => None,
        }
    }

    /// Lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Chinese => "chinese",
            Rules::Japanese => "japanese",
        }
    }
}

/// One entry of the move history: the board before the move, and the move.
#[derive(Clone)]
struct HistoryEntry {
    before: Board,
    to_move_before: Color,
    color: Color,
    mv: Move,
}

/// A game in progress: the board, who is to move, and everything the rules
/// need beyond the board.
#[derive(Clone)]
pub struct Game {
    board: Board,
    to_move: Color,
    komi: f32,
    rules: Rules,
    history: Vec<HistoryEntry>,
    /// Hashes of every position of the game so far, setup included.
    positions: Vec<u64>,
    /// Setup stones (handicap, SGF AB/AW), in the order placed.
    setup: Vec<(Color, Point)>,
    /// For each setup stone, the number of moves played before it.
    setup_after: Vec<usize>,
    handicap: usize,
    /// Number of moves that may not be taken back: setup stones (SGF AB/AW
    /// in mid-game) were placed after them, and undoing them would leave
    /// those stones and the position history out of step.
    undo_floor: usize,
}

/// A final score: positive means black leads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    pub black: f32,
    pub white: f32,
}

impl Score {
    /// Black's margin, komi included.
    pub fn margin(&self) -> f32 {
        self.black - self.white
    }

    /// GTP text: `B+12.0`, `W+3.5` or `0`.
    pub fn to_gtp(&self) -> String {
        format_margin(self.margin())
    }
}

/// Formats a black-positive margin as `B+x.y`, `W+x.y` or `0`.
pub fn format_margin(m: f32) -> String {
    if m.abs() < 0.05 {
        "0".to_string()
    } else if m > 0.0 {
        format!("B+{:.1}", m)
    } else {
        format!("W+{:.1}", -m)
    }
}

impl Game {
    /// A new game on an empty board of side `size`, black to move.
    /// Precondition: 1 <= size <= 25.
    pub fn new(size: usize, komi: f32, rules: Rules) -> Game {
        let board = Board::new(size);
        let h = board.hash();
        Game {
            board,
            to_move: Color::Black,
            komi,
            rules,
            history: Vec::new(),
            positions: vec![h],
            setup: Vec::new(),
            setup_after: Vec::new(),
            handicap: 0,
            undo_floor: 0,
        }
    }

    /// Clears the board, keeping size, komi and rules.
    pub fn clear(&mut self) {
        *self = Game::new(self.size(), self.komi, self.rules);
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn geometry(&self) -> Geometry {
        self.board.geometry()
    }

    pub fn komi(&self) -> f32 {
        self.komi
    }

    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The colour expected to move next (the opponent of the last mover).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets who moves next (SGF `PL`).
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }

    /// Number of handicap stones placed.
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// Setup stones (handicap and SGF setup), in order.
    pub fn setup_stones(&self) -> &[(Color, Point)] {
        &self.setup
    }

    /// Setup stones with the number of moves played before each was
    /// placed (0 for stones of the initial position), in order.
    pub fn setup_with_move_numbers(&self) -> impl Iterator<Item = (Color, Point, usize)> + '_ {
        self.setup
            .iter()
            .zip(&self.setup_after)
            .map(|(&(c, p), &n)| (c, p, n))
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.history.iter().map(|e| (e.color, e.mv))
    }

    /// Number of moves played (passes included, setup excluded).
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    /// Hashes of all positions of the game, oldest first.
    pub fn position_hashes(&self) -> &[u64] {
        &self.positions
    }

    /// Number of passes at the end of the move history.
    pub fn trailing_passes(&self) -> usize {
        self.history
            .iter()
            .rev()
            .take_while(|e| e.mv == Move::Pass)
            .count()
    }

    /// Whether the last two moves were passes.
    pub fn is_over(&self) -> bool {
        self.trailing_passes() >= 2
    }

    /// Why `c` may not play `m` now, if it may not: the board's rules plus
    /// positional superko (a move may not recreate any earlier position).
    pub fn check_move(&self, c: Color, m: Move) -> Result<(), IllegalMove> {
        match m {
            Move::Pass => Ok(()),
            Move::Play(p) => {
                self.board.check_move(c, p)?;
                let mut b = self.board.clone();
                b.play_unchecked(c, m);
                if self.positions.contains(&b.hash()) {
                    Err(IllegalMove::Superko)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether `c` may play `m` now.
    pub fn is_legal(&self, c: Color, m: Move) -> bool {
        self.check_move(c, m).is_ok()
    }

    /// Plays `m` for `c` (either colour may move, twice in a row too). On
    /// refusal nothing changes.
    pub fn play(&mut self, c: Color, m: Move) -> Result<(), IllegalMove> {
        let mut b = self.board.clone();
        b.try_play(c, m)?;
        if let Move::Play(_) = m {
            if self.positions.contains(&b.hash()) {
                return Err(IllegalMove::Superko);
            }
        }
        let before = std::mem::replace(&mut self.board, b);
        self.history.push(HistoryEntry {
            before,
            to_move_before: self.to_move,
            color: c,
            mv: m,
        });
        self.positions.push(self.board.hash());
        self.to_move = !c;
        Ok(())
    }

    /// Takes back the last move. False when there is none (setup and
    /// handicap stones are not moves).
    pub fn undo(&mut self) -> bool {
        if self.history.len() <= self.undo_floor {
            return false;
        }
        match self.history.pop() {
            None => false,
            Some(e) => {
                self.board = e.before;
                self.to_move = e.to_move_before;
                self.positions.pop();
                true
            }
        }
    }

    /// Places setup stones (handicap or SGF setup) on the current board.
    /// Fails without changing anything if a point is occupied or repeated,
    /// or a stone would capture or have no liberty.
    pub fn place_setup(&mut self, stones: &[(Color, Point)]) -> Result<(), String> {
        let mut b = self.board.clone();
        for &(c, p) in stones {
            if !b.place_setup(c, p) {
                return Err(format!(
                    "cannot place setup stone at {}",
                    if b.geometry().on_board(p) {
                        b.geometry().vertex(p)
                    } else {
                        "off board".into()
                    }
                ));
            }
        }
        self.board = b;
        self.setup.extend_from_slice(stones);
        self.setup_after
            .extend(std::iter::repeat_n(self.history.len(), stones.len()));
        self.undo_floor = self.history.len();
        // The setup position starts the history of positions.
        if self.history.is_empty() {
            self.positions = vec![self.board.hash()];
        } else {
            self.positions.push(self.board.hash());
        }
        Ok(())
    }

    /// Places black handicap stones at `points` on an empty board; white
    /// moves next. Precondition checked: board empty, 2 <= n.
    pub fn set_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        if self.board.empty_points().len() != self.size() * self.size() || !self.history.is_empty()
        {
            return Err("board not empty".into());
        }
        let stones: Vec<(Color, Point)> = points.iter().map(|&p| (Color::Black, p)).collect();
        self.place_setup(&stones)?;
        self.handicap = points.len();
        self.to_move = Color::White;
        Ok(())
    }

    /// Computes the score with `dead` stones removed (captured by the other
    /// colour) and `seki` stones marking regions that count for nobody under
    /// territory rules.
    pub fn score_with(&self, dead: &[Point], seki: &[Point]) -> Score {
        score_board(&self.board, self.komi, self.rules, dead, seki)
    }

    /// The score with every stone counted alive (no dead-stone judgement)
    /// and seki found by the static test of [`static_seki`].
    pub fn score_all_alive(&self) -> Score {
        let seki = static_seki(&self.board, &[]);
        self.score_with(&[], &seki)
    }
}

/// Who owns each point at the end, for scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Black,
    White,
    /// Dame or seki.
    Nobody,
}

/// The points of `dead` that hold a stone on the board, as a mask indexed
/// by point (other entries of `dead` are ignored).
pub(crate) fn dead_mask(board: &Board, dead: &[Point]) -> Vec<bool> {
    let geo = board.geometry();
    let mut mask = vec![false; MAX_POINTS];
    for &p in dead {
        if geo.on_board(p) && board.stone(p) != Stone::Empty {
            mask[p.idx()] = true;
        }
    }
    mask
}

/// Ownership of every on-board point (indexed by point), after removing
/// `dead` stones: stones own their point, empty regions touching one colour
/// only belong to it.
pub fn area_ownership(board: &Board, dead: &[Point]) -> Vec<Owner> {
    let geo = board.geometry();
    let n = MAX_POINTS;
    let is_dead = dead_mask(board, dead);
    let stone_at = |p: Point| -> Stone {
        let s = board.stone(p);
        if s != Stone::Edge && is_dead[p.idx()] {
            Stone::Empty
        } else {
            s
        }
    };
    let mut owner = vec![Owner::Nobody; n];
    let mut region = vec![usize::MAX; n];
    let mut stack = Vec::new();
    let mut members = Vec::new();
    for p in geo.points() {
        match stone_at(p) {
            Stone::Black => owner[p.idx()] = Owner::Black,
            Stone::White => owner[p.idx()] = Owner::White,
            _ => {
                if region[p.idx()] != usize::MAX {
                    continue;
                }
                let (mut black, mut white) = (false, false);
                members.clear();
                stack.push(p);
                region[p.idx()] = p.idx();
                while let Some(q) = stack.pop() {
                    members.push(q);
                    for r in board.neighbours(q) {
                        match stone_at(r) {
                            Stone::Black => black = true,
                            Stone::White => white = true,
                            Stone::Empty => {
                                if region[r.idx()] == usize::MAX {
                                    region[r.idx()] = p.idx();
                                    stack.push(r);
                                }
                            }
                            Stone::Edge => {}
                        }
                    }
                }
                let o = match (black, white) {
                    (true, false) => Owner::Black,
                    (false, true) => Owner::White,
                    _ => Owner::Nobody,
                };
                for &q in &members {
                    owner[q.idx()] = o;
                }
            }
        }
    }
    owner
}

/// Scores `board` under `rules` with `dead` stones removed. Under territory
/// rules an empty region counts only if no stone of `seki` borders it.
pub fn score_board(
    board: &Board,
    komi: f32,
    rules: Rules,
    dead: &[Point],
    seki: &[Point],
) -> Score {
    let geo = board.geometry();
    let owner = area_ownership(board, dead);
    let mut score = Score {
        black: 0.0,
        white: komi,
    };
    let add = |score: &mut Score, o: Owner, v: f32| match o {
        Owner::Black => score.black += v,
        Owner::White => score.white += v,
        Owner::Nobody => {}
    };
    match rules {
        Rules::Chinese => {
            for p in geo.points() {
                add(&mut score, owner[p.idx()], 1.0);
            }
        }
        Rules::Japanese => {
            let dead_set = dead_mask(board, dead);
            // Regions bordered by a seki chain count for nobody.
            let seki_regions = regions_touching(board, &dead_set, seki);
            for p in geo.points() {
                let s = board.stone(p);
                let is_point_of_territory = s == Stone::Empty || dead_set[p.idx()];
                if is_point_of_territory && !seki_regions[p.idx()] {
                    add(&mut score, owner[p.idx()], 1.0);
                }
                if dead_set[p.idx()] {
                    // A dead stone is a prisoner of the other colour.
                    match s {
                        Stone::Black => score.white += 1.0,
                        Stone::White => score.black += 1.0,
                        _ => {}
                    }
                }
            }
            score.black += board.prisoners(Color::Black) as f32;
            score.white += board.prisoners(Color::White) as f32;
        }
    }
    score
}

/// Marks the empty (or dead) points of regions that touch a stone in `seki`.
fn regions_touching(board: &Board, dead: &[bool], seki: &[Point]) -> Vec<bool> {
    let geo = board.geometry();
    let mut mark = vec![false; MAX_POINTS];
    let open = |p: Point| {
        board.stone(p) == Stone::Empty || (board.stone(p) != Stone::Edge && dead[p.idx()])
    };
    let mut stack: Vec<Point> = Vec::new();
    for &s in seki {
        if !geo.on_board(s) {
            continue;
        }
        for r in board.neighbours(s) {
            if open(r) && !mark[r.idx()] {
                mark[r.idx()] = true;
                stack.push(r);
            }
        }
    }
    while let Some(q) = stack.pop() {
        for r in board.neighbours(q) {
            if open(r) && !mark[r.idx()] {
                mark[r.idx()] = true;
                stack.push(r);
            }
        }
    }
    mark
}

/// Stones of chains that die to a sacrifice (see `killed_by_sacrifice`):
/// a chain of three stones or more whose two liberties are both shared
/// with an enemy chain of one or two stones, and that cannot gain
/// liberties by filling one nor by a capture. Its owner's playouts often
/// make two eyes in the captured space before the vital point is taken,
/// so ownership leaves such a chain unclear; GNU Go reads it dead.
pub fn dead_by_sacrifice(board: &Board) -> Vec<Point> {
    let geo = board.geometry();
    let mut out = Vec::new();
    for p in geo.points() {
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        if board.chain(p) != p || board.chain_len(p) <= 2 || board.libs(p) != 2 {
            continue;
        }
        // The cheap tests first; the reading of `holds_two_liberties` last.
        let small_partner = two_liberties(board, p).iter().any(|&l| {
            board.neighbours(l).iter().any(|&q| {
                board.stone(q) == (!c).stone()
                    && board.libs(q) == 2
                    && board.chain_len(q) <= 2
                    && killed_by_sacrifice(board, p, q)
            })
        });
        // A neighbour in atari elsewhere is a capture that gains liberties.
        if small_partner && !ataris_a_neighbour(board, p) && holds_two_liberties(board, p, c) {
            board.for_each_stone(p, |s| out.push(s));
        }
    }
    out
}

/// Stones in seki by a static test on a finished position: a chain (not
/// dead) with two liberties, one of which it shares with an enemy chain that
/// also has two liberties, so that neither side can fill the shared point
/// without putting itself in atari, nor approach the other's liberties
/// without being in atari (a liberty inside a big territory, or a shared
/// point that one side fills by connecting out, is no seki). Returns every
/// stone of such chains.
pub fn static_seki(board: &Board, dead: &[Point]) -> Vec<Point> {
    let geo = board.geometry();
    let mut out = Vec::new();
    for p in geo.points() {
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        if dead.contains(&p) || board.chain(p) != p || !holds_two_liberties(board, p, c) {
            continue;
        }
        let libs = two_liberties(board, p);
        let partner = libs.iter().any(|&l| {
            board.neighbours(l).iter().any(|&q| {
                board.stone(q) == (!c).stone()
                    && !dead.contains(&q)
                    && holds_two_liberties(board, q, !c)
                    && two_liberties(board, q).contains(&l)
                    // Neither side can fill the shared point.
                    && fills_into_atari(board, c, l)
                    && fills_into_atari(board, !c, l)
                    && !killed_by_sacrifice(board, p, q)
            })
        });
        if partner {
            board.for_each_stone(p, |q| out.push(q));
        }
    }
    out
}

/// Whether two chains with two liberties each, both shared, stand in a
/// false seki: when one of them has at most two stones, its owner fills a
/// liberty anyway, the other chain must capture (it is in atari too), and
/// its only eye space is then the captured stones, at most three points:
/// one eye, whose vital point the sacrificing side takes next.
fn killed_by_sacrifice(board: &Board, p: Point, q: Point) -> bool {
    let sorted = |x: Point| {
        let mut l = two_liberties(board, x);
        l.sort_by_key(|v| v.0);
        l
    };
    sorted(p) == sorted(q) && board.chain_len(p).min(board.chain_len(q)) <= 2
}

/// The two liberties of the chain at `p`. Precondition: it has two.
fn two_liberties(board: &Board, p: Point) -> [Point; 2] {
    let mut libs = [Point::NONE; 2];
    board.chain_liberties(p, &mut libs);
    libs
}

/// Whether the chain of `c` at `p` has exactly two liberties, the
/// opponent can approach neither without being in atari itself, and the
/// chain gains no liberty by filling either itself (a liberty where `c`
/// captures, or connects to more liberties, ends the standoff). Read two
/// fills deep: a fill that joins a chain and leaves two liberties must
/// leave a chain that holds them in turn (one that can connect on to
/// more liberties is no seki) and no enemy chain next to it in atari.
fn holds_two_liberties(board: &Board, p: Point, c: Color) -> bool {
    holds_two_liberties_for(board, p, c, 1)
}

/// [`holds_two_liberties`] with `depth` more fills read after this one.
fn holds_two_liberties_for(board: &Board, p: Point, c: Color, depth: u32) -> bool {
    board.libs(p) == 2
        && two_liberties(board, p).iter().all(|&l| {
            approach_fails(board, !c, l, p)
                && after_filling(board, c, l).is_none_or(|b| match b.libs(l) {
                    0 | 1 => true,
                    2 => {
                        !ataris_a_neighbour(&b, l)
                            && (depth == 0 || holds_two_liberties_for(&b, l, c, depth - 1))
                    }
                    _ => false,
                })
        })
}

/// Whether `o` cannot approach the chain at `p` at its liberty `l`: the
/// move is illegal or leaves `o`'s chain there in atari, and stays so
/// after one preparing move: `o` playing first at the one liberty that
/// chain would have (C9 before A9, joining B9 to C8 in 54a762f-9x9
/// game 75), when that move keeps two liberties and does not touch the
/// chain at `p`.
fn approach_fails(board: &Board, o: Color, l: Point, p: Point) -> bool {
    let Some(b) = after_filling(board, o, l) else {
        return true;
    };
    match b.libs(l) {
        0 => true,
        1 => {
            let z = b.atari_liberty(l);
            let touches_p = board
                .neighbours(z)
                .iter()
                .any(|&q| board.stone(q).color() == Some(!o) && board.chain(q) == board.chain(p));
            if touches_p {
                return true;
            }
            after_filling(board, o, z)
                .filter(|b2| b2.libs(z) >= 2)
                .and_then(|b2| after_filling(&b2, o, l))
                .is_none_or(|b3| b3.libs(l) <= 1)
        }
        _ => false,
    }
}

/// Whether an enemy chain next to the chain at `p` is in atari: a fill
/// that leaves it so gains (the enemy must answer or lose the chain).
fn ataris_a_neighbour(board: &Board, p: Point) -> bool {
    let mut atari = false;
    crate::playout::tactics::for_each_capturable_neighbour(board, p, |_| atari = true);
    atari
}

/// The board after `c` plays at empty `l`, or `None` when the move is
/// illegal.
fn after_filling(board: &Board, c: Color, l: Point) -> Option<Board> {
    let mut b = board.clone();
    b.try_play(c, Move::Play(l)).ok().map(|()| b)
}

/// Liberties of `c`'s chain at empty `l` after `c` plays there, or `None`
/// when the move is illegal.
fn libs_after_filling(board: &Board, c: Color, l: Point) -> Option<u32> {
    after_filling(board, c, l).map(|b| b.libs(l))
}

/// Whether `c` playing at empty `l` is illegal or leaves its chain there
/// with at most one liberty.
fn fills_into_atari(board: &Board, c: Color, l: Point) -> bool {
    libs_after_filling(board, c, l).is_none_or(|n| n <= 1)
}

/// Handicap points per GTP 4.1.1 for `n` stones on a `size` board, or
/// `None` where the spec allows no such handicap.
pub fn fixed_handicap_points(size: usize, n: usize) -> Option<Vec<Point>> {
    if !(7..=25).contains(&size) || n < 2 {
        return None;
    }
    let max = if size % 2 == 1 && size >= 9 { 9 } else { 4 };
    if n > max {
        return None;
    }
    let geo = Geometry::new(size);
    let l = if size <= 12 { 2 } else { 3 };
    let h = size - 1 - l;
    let m = size / 2;
    // Corners first, then the side points in pairs, the centre last when n
    // is odd and above 3.
    let mut pts = vec![(l, l), (h, h), (l, h), (h, l)];
    let pairs = match n {
        6 | 7 => 1,
        8 | 9 => 2,
        _ => 0,
    };
    if pairs >= 1 {
        pts.extend([(l, m), (h, m)]);
    }
    if pairs >= 2 {
        pts.extend([(m, l), (m, h)]);
    }
    pts.truncate(n.min(4 + 2 * pairs));
    if n >= 5 && n % 2 == 1 {
        pts.push((m, m));
    }
    Some(pts.into_iter().map(|(x, y)| geo.point(x, y)).collect())
}

/// Points the engine chooses for `n` free handicap stones: the fixed points
/// where the spec has them, then the remaining star-like points of a grid,
/// farthest from the stones already chosen. May return fewer than `n`.
pub fn free_handicap_points(size: usize, n: usize) -> Vec<Point> {
    let geo = Geometry::new(size);
    let fixed_n = (2..=n.min(9))
        .rev()
        .find(|&k| fixed_handicap_points(size, k).is_some());
    let mut pts = fixed_n
        .and_then(|k| fixed_handicap_points(size, k))
        .unwrap_or_default();
    let max = n.min(size * size / 2);
    while pts.len() < max {
        // Farthest empty point from every chosen stone and from the edge.
        let best = geo.points().filter(|p| !pts.contains(p)).max_by_key(|&p| {
            let (x, y) = geo.coords(p);
            let edge = x.min(y).min(size - 1 - x).min(size - 1 - y).min(3);
            let near = pts
                .iter()
                .map(|&q| {
                    let (a, b) = geo.coords(q);
                    a.abs_diff(x).max(b.abs_diff(y))
                })
                .min()
                .unwrap_or(size);
            (near.min(edge + 1) * 8 + edge, x, y)
        });
        match best {
            Some(p) => pts.push(p),
            None => break,
        }
    }
    pts
}
