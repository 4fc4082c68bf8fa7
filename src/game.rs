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
    /// Parses a rule set name as KGS, the CLI and game records (`RU`) give
    /// it, ignoring case, spaces and punctuation: Japanese, Korean and
    /// "territory" count territory; Chinese, AGA, New Zealand,
    /// Tromp-Taylor and "area" count area (AGA and New Zealand differ from
    /// Chinese only in details kosumi does not model: pass stones, suicide).
    pub fn parse(s: &str) -> Option<Rules> {
        let key: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        match key.as_str() {
            "japanese" | "japan" | "jp" | "jpn" | "ja" | "korean" | "korea" | "kr" | "kor"
            | "territory" | "nihon" => Some(Rules::Japanese),
            "chinese" | "china" | "cn" | "chn" | "zh" | "area" | "trompt" | "tromptaylor"
            | "tt" | "aga" | "agarules" | "american" | "newzealand" | "nz" | "chineseogs"
            | "chinesekgs" | "stonescoring" => Some(Rules::Chinese),
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
    /// Stones taken off by setup (SGF AE, a record edited by hand): the
    /// colour, the point and the number of moves played before.
    removed: Vec<(Color, Point, usize)>,
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
            removed: Vec::new(),
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

    /// Stones taken off by setup (SGF AE), with their colour and the
    /// number of moves played before, in order.
    pub fn removed_stones(&self) -> &[(Color, Point, usize)] {
        &self.removed
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.history.iter().map(|e| (e.color, e.mv))
    }

    /// Stones Black has put on the board minus those White has: setup and
    /// handicap stones and moves, passes not counted. Under territory
    /// scoring, each stone a player puts down costs one point against area
    /// scoring (area counts it, territory does not; a captured stone counts
    /// as a prisoner instead of an area point), so for the same final board
    /// the territory margin is the area margin minus this balance, seki
    /// eyes aside. The search uses it to play territory rules with area
    /// playouts.
    pub fn stone_balance(&self) -> i32 {
        let sign = |c: Color| if c == Color::Black { 1 } else { -1 };
        let setup: i32 = self.setup.iter().map(|&(c, _)| sign(c)).sum::<i32>()
            - self.removed.iter().map(|&(c, _, _)| sign(c)).sum::<i32>();
        let moves: i32 = self
            .history
            .iter()
            .filter(|e| e.mv != Move::Pass)
            .map(|e| sign(e.color))
            .sum();
        setup + moves
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
        self.play_checked(c, m, true)
    }

    /// Plays a move of a game record: as [`Game::play`], but a move that
    /// repeats an earlier position is allowed, since the record says it
    /// was played (rule sets with simple ko, the Japanese among them, allow
    /// such cycles). Occupied points, suicide and simple ko are still
    /// refused.
    pub fn play_record(&mut self, c: Color, m: Move) -> Result<(), IllegalMove> {
        self.play_checked(c, m, false)
    }

    fn play_checked(&mut self, c: Color, m: Move, superko: bool) -> Result<(), IllegalMove> {
        let mut b = self.board.clone();
        b.try_play(c, m)?;
        if let Move::Play(_) = m {
            if superko && self.positions.contains(&b.hash()) {
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
                    vertex_or_off_board(b.geometry(), p)
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

    /// Takes the stones at `points` off the board as setup (SGF AE, a
    /// record edited by hand): no capture, the prisoners unchanged, and the
    /// moves before may no longer be taken back (as for setup stones).
    /// Fails without changing anything if a point is off the board, empty
    /// or repeated.
    pub fn remove_stones(&mut self, points: &[Point]) -> Result<(), String> {
        let geo = self.board.geometry();
        let mut off = vec![false; MAX_POINTS];
        for &p in points {
            if !geo.on_board(p) || self.board.stone(p) == Stone::Empty || off[p.idx()] {
                return Err(format!(
                    "cannot remove a stone at {}",
                    vertex_or_off_board(geo, p)
                ));
            }
            off[p.idx()] = true;
        }
        let n = self.history.len();
        for &p in points {
            if let Some(c) = self.board.stone(p).color() {
                self.removed.push((c, p, n));
            }
        }
        self.board = self.board.with_stones_removed(&off);
        self.undo_floor = n;
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
}

/// The vertex of `p` for an error message, or `off board`.
fn vertex_or_off_board(geo: Geometry, p: Point) -> String {
    if geo.on_board(p) {
        geo.vertex(p)
    } else {
        "off board".into()
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
pub fn dead_mask(board: &Board, dead: &[Point]) -> Vec<bool> {
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
                if is_point_of_territory
                    && !seki_regions[p.idx()]
                    && !fills_an_atari(board, &dead_set, owner[p.idx()], p)
                {
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

/// Under territory rules, whether the empty point `p` of a region that
/// `owner` owns is the last liberty of a live chain of the owner's that
/// touches no dead stone: the owner must fill it (an open ko, a cut), so
/// it is no point of territory. A chain whose atari comes from dead
/// stones gains liberties when they are removed.
fn fills_an_atari(board: &Board, dead: &[bool], owner: Owner, p: Point) -> bool {
    let own = match owner {
        Owner::Black => Stone::Black,
        Owner::White => Stone::White,
        Owner::Nobody => return false,
    };
    if board.stone(p) != Stone::Empty {
        return false;
    }
    board.neighbours(p).iter().any(|&q| {
        if board.stone(q) != own || dead[q.idx()] || board.libs(q) != 1 {
            return false;
        }
        let mut beside_dead = false;
        board.for_each_stone(q, |s| {
            beside_dead |= board.neighbours(s).iter().any(|&r| dead[r.idx()]);
        });
        !beside_dead
    })
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
