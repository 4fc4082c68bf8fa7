//! The last phase of a game: once the boundaries are closed, what each
//! empty point is still worth and which moves a side must make before
//! the game may end. The playouts cannot tell a neutral dame from one
//! whose filling runs a chain short of liberties (both look empty at the
//! end of most playouts); this reader can, by playing the opponent's
//! move on a copy of the board and asking whether the chains it reaches
//! can still be saved.
//!
//! - [`LastPhase::read`]: every empty region after the dead stones come
//!   off is one colour's area, a seki's, a run of dame (each point
//!   touching live stones of both colours) or open (a boundary still to
//!   be played: yose, or the game still in progress);
//! - [`threats`]: the points where the opponent's move would take stones
//!   of a side: a chain in atari, or one with two liberties that the
//!   opponent's fill puts in atari with no way out (a shortage of
//!   liberties, two chains in atari at once, a ladder);
//! - [`needed_fills`]: for each threatened chain, the moves that save it;
//! - [`eye_fills`]: the dame whose filling by the opponent makes an eye
//!   false;
//! - [`life_fills`]: the moves that keep a group in small regions alive
//!   when the opponent's first move there would kill it, and those
//!   killing moves ([`crate::tactics::life`]);
//! - [`safe_fills`]: whether filling a point creates no such threat
//!   against the filler (how a dame is filled under area rules).

use crate::board::Board;
use crate::tactics::ladder::escape_fails;
use crate::tactics::life::{read_life, read_life_strict, small_groups, Life};
use crate::tactics::nakade::is_vital_point;
use crate::tactics::{capture, chain_escapes};
use crate::types::{Color, Move, Point, Stone, MAX_POINTS};

/// What an empty point (or a dead stone's point) is at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    /// Enclosed by live stones of this colour alone (its territory or
    /// eyes, dead stones of the other colour included).
    Area(Color),
    /// In a region whose every point touches live stones of both colours:
    /// filling it changes no territory (a point under area rules).
    Dame,
    /// In a region beside a chain in seki: neither side fills it.
    Seki,
    /// In a region still open: a boundary to be played.
    Open,
}

/// The regions of a position with its dead stones removed.
#[derive(Clone, Debug)]
pub struct LastPhase {
    /// Indexed by point; `None` for live stones and off-board points.
    region: Vec<Option<Region>>,
    /// The dame points, in board order.
    pub dame: Vec<Point>,
    /// The open regions, each as its points (empty or dead stones).
    pub open_regions: Vec<Vec<Point>>,
    /// The dead stones taken off, indexed by point: those of the given
    /// ones that stand inside the other colour's area ([`inside_dead`]).
    pub dead: Vec<bool>,
}

/// Of the stones in `dead` (a mask), those that stand inside the other
/// colour's area once they are off: a dead chain whose region, with every
/// dead stone lifted, borders live stones of its own colour (a boundary
/// stone the playouts lose when the other side moves first, like a
/// stone the opponent can cut off) is kept on the board. The rest is
/// read again until nothing changes.
pub fn inside_dead(board: &Board, mut dead: Vec<bool>) -> Vec<bool> {
    loop {
        let mut seen = vec![false; MAX_POINTS];
        let mut changed = false;
        for p in board.geometry().points() {
            let lifted = |q: Point| board.stone(q) != Stone::Edge && dead[q.idx()];
            if !lifted(p) || seen[p.idx()] {
                continue;
            }
            // The region of vacant points (empty or lifted) around p.
            let mut members = vec![p];
            let mut stack = vec![p];
            seen[p.idx()] = true;
            let mut colours = [false; 2];
            while let Some(q) = stack.pop() {
                for r in board.neighbours(q) {
                    let vacant = board.stone(r) == Stone::Empty || lifted(r);
                    if vacant && !seen[r.idx()] {
                        seen[r.idx()] = true;
                        members.push(r);
                        stack.push(r);
                    } else if let Some(c) = board.stone(r).color().filter(|_| !lifted(r)) {
                        colours[c.index()] = true;
                    }
                }
            }
            for &q in &members {
                if let Some(c) = board.stone(q).color() {
                    if dead[q.idx()] && colours[c.index()] {
                        dead[q.idx()] = false;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return dead;
        }
    }
}

impl LastPhase {
    /// Reads `board` with the stones of `dead` removed and the chains of
    /// `seki` in seki.
    pub fn read(board: &Board, dead: &[Point], seki: &[Point]) -> LastPhase {
        let geo = board.geometry();
        let dead = inside_dead(board, crate::game::dead_mask(board, dead));
        let seki_mask = crate::game::dead_mask(board, seki);
        let live = |p: Point| -> Option<Color> {
            match board.stone(p) {
                Stone::Black | Stone::White if !dead[p.idx()] => board.stone(p).color(),
                _ => None,
            }
        };
        let vacant = |p: Point| -> bool {
            board.stone(p) == Stone::Empty || (board.stone(p) != Stone::Edge && dead[p.idx()])
        };
        let mut region = vec![None; MAX_POINTS];
        let mut seen = vec![false; MAX_POINTS];
        let mut dame = Vec::new();
        let mut open_regions = Vec::new();
        let mut members = Vec::new();
        for p in geo.points() {
            if !vacant(p) || seen[p.idx()] {
                continue;
            }
            members.clear();
            seen[p.idx()] = true;
            let mut stack = vec![p];
            let (mut colours, mut beside_seki) = ([false; 2], false);
            // Whether every member is an empty point touching live stones
            // of both colours.
            let mut all_dame = true;
            while let Some(q) = stack.pop() {
                members.push(q);
                let mut touches = [false; 2];
                for r in board.neighbours(q) {
                    if vacant(r) {
                        if !seen[r.idx()] {
                            seen[r.idx()] = true;
                            stack.push(r);
                        }
                    } else if let Some(c) = live(r) {
                        touches[c.index()] = true;
                        colours[c.index()] = true;
                        beside_seki |= seki_mask[r.idx()];
                    }
                }
                all_dame &= board.stone(q) == Stone::Empty && touches[0] && touches[1];
            }
            let kind = if beside_seki {
                Region::Seki
            } else {
                match colours {
                    [true, false] => Region::Area(Color::Black),
                    [false, true] => Region::Area(Color::White),
                    [true, true] if all_dame => Region::Dame,
                    _ => Region::Open,
                }
            };
            for &q in &members {
                region[q.idx()] = Some(kind);
            }
            match kind {
                Region::Dame => dame.extend(members.iter().copied()),
                Region::Open => open_regions.push(members.clone()),
                _ => {}
            }
        }
        dame.sort_by_key(|p| p.idx());
        LastPhase {
            region,
            dame,
            open_regions,
            dead,
        }
    }

    /// What `p` is, or `None` for a live stone.
    pub fn region(&self, p: Point) -> Option<Region> {
        self.region.get(p.idx()).copied().flatten()
    }

    /// Whether no boundary is left open: every region is an area, a
    /// seki's or dame.
    pub fn closing(&self) -> bool {
        self.open_regions.is_empty()
    }

    /// Points in open regions.
    pub fn open(&self) -> usize {
        self.open_regions.iter().map(Vec::len).sum()
    }

    /// Whether the board is closed but for a few small gaps: some open
    /// region, none of more than `max_region` points, at most `max_total`
    /// open points in all (a boundary point or two left where both
    /// colours meet, as strong players often leave at the end).
    pub fn nearly_closed(&self, max_region: usize, max_total: usize) -> bool {
        !self.closing()
            && self.open() <= max_total
            && self.open_regions.iter().all(|r| r.len() <= max_region)
    }
}

/// A point where the opponent's move would take stones of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The opponent's move.
    pub at: Point,
    /// A chain of the threatened side it reaches.
    pub chain: Point,
    /// The chain's stones.
    pub stones: u32,
}

/// The points where `!color` could play to take stones of `color`'s live
/// chains (those not in `dead`, not in `seki`), one [`Threat`] a point
/// and chain:
/// - a chain in atari that the opponent can capture;
/// - a chain with two liberties where the opponent's move on one of them
///   puts it (or it and another chain) in atari with no saving move:
///   no capture of an attacker and no extension to two liberties that
///   escapes the ladder, for every chain in atari at once.
///
/// - a chain of two or three liberties that [`capture::needs_defence`]
///   reads as taken when left and saved when defended (a net, approach
///   moves): the threat is the reader's first attacking move.
///
/// A move that leaves the opponent's own stone in atari, capturable at
/// once and with the chains freed, is no threat.
pub fn threats(board: &Board, color: Color, dead: &[bool], seki: &[bool]) -> Vec<Threat> {
    let mut out = Vec::new();
    let mut heads = Vec::new();
    for p in board.geometry().points() {
        if board.stone(p) == color.stone()
            && board.chain(p) == p
            && board.libs(p) <= 3
            && !dead[p.idx()]
            && !seki[p.idx()]
        {
            heads.push(p);
        }
    }
    let mut libs = [Point::NONE; 2];
    for &h in &heads {
        if board.libs(h) == 3 {
            read_threat(board, h, &mut out);
            continue;
        }
        let k = board.chain_liberties(h, &mut libs);
        if k == 1 {
            // Taken at its liberty (a ko barred now is open later).
            out.push(Threat {
                at: libs[0],
                chain: h,
                stones: board.chain_len(h),
            });
            continue;
        }
        for &l in &libs[..k] {
            let taken = takes_after(board, color, l, dead, seki).unwrap_or(0);
            if taken > 0 && !out.iter().any(|t: &Threat| t.at == l && t.chain == h) {
                out.push(Threat {
                    at: l,
                    chain: h,
                    stones: board.chain_len(h),
                });
            }
        }
        if !out.iter().any(|t| t.chain == h) {
            read_threat(board, h, &mut out);
        }
    }
    out
}

/// Nodes the capture reader may spend on one chain.
pub(super) const READ_BUDGET: u32 = 2000;

/// The capture reader's threat against the chain at `h`, if any.
fn read_threat(board: &Board, h: Point, out: &mut Vec<Threat>) {
    if let Some((at, _)) = capture::needs_defence(board, h, READ_BUDGET) {
        out.push(Threat {
            at,
            chain: h,
            stones: board.chain_len(h),
        });
    }
}

/// After `!color` plays at `l`: the stones of `color` in atari that no one
/// move of `color` saves, or `None` when the move is illegal.
fn takes_after(board: &Board, color: Color, l: Point, dead: &[bool], seki: &[bool]) -> Option<u32> {
    let opp = !color;
    if !board.is_legal(opp, l) {
        return None;
    }
    let mut b = board.clone();
    b.play_unchecked(opp, Move::Play(l));
    // The chains of `color` the move put in atari (captured ones were in
    // atari before and are counted as such).
    let mut in_atari: Vec<Point> = Vec::new();
    for q in board.neighbours(l) {
        if b.stone(q) == color.stone() && b.libs(q) == 1 && !dead[q.idx()] && !seki[q.idx()] {
            let h = b.chain(q);
            if !in_atari.contains(&h) {
                in_atari.push(h);
            }
        }
    }
    if in_atari.is_empty() {
        return Some(0);
    }
    // The intruder in atari, taken at once.
    if b.libs(l) == 1 {
        let lib = b.atari_liberty(l);
        if b.is_legal(color, lib) {
            let mut c = b.clone();
            c.play_unchecked(color, Move::Play(lib));
            if in_atari
                .iter()
                .all(|&h| c.stone(h) == color.stone() && c.libs(h) >= 2)
            {
                return Some(0);
            }
        }
    }
    // One saving move must save every chain in atari.
    let mut tries: Vec<(Point, bool)> = Vec::new();
    for &h in &in_atari {
        chain_escapes(&b, h, |p, captures| {
            if !tries.iter().any(|t| t.0 == p) {
                tries.push((p, captures));
            }
        });
    }
    for (p, captures) in tries {
        let mut c = b.clone();
        c.play_unchecked(color, Move::Play(p));
        let saved = in_atari.iter().all(|&h| {
            c.stone(h) == color.stone()
                && match c.libs(h) {
                    0 | 1 => false,
                    // Two liberties after an extension: the attacker may
                    // chase it; a ladder that works takes it after all.
                    2 if !captures => !ladder_catches(&b, h, color),
                    _ => true,
                }
        });
        if saved {
            return Some(0);
        }
    }
    Some(in_atari.iter().map(|&h| b.chain_len(h)).sum())
}

/// Whether extending the chain `h` of `color` (in atari on `b`) runs into
/// a working ladder.
fn ladder_catches(b: &Board, h: Point, color: Color) -> bool {
    escape_fails(b, h, color)
}

/// The moves `color` must make before passing: for each chain of
/// [`threats`], every move that removes all threats against it (the
/// threatened points, the chain's other liberties, the ways out of its
/// atari, captures of an attacker among them, and the capture reader's
/// defence), each with the stones it saves, a move that saves several
/// chains counting them all; most stones first. Which of a chain's fixes
/// to play is the caller's choice (the search knows which also serves
/// elsewhere: a capture of a cutting stone saves the chain and keeps a
/// wall whole). A chain no move saves is left out (those stones are lost
/// already).
pub fn needed_fills(
    board: &Board,
    color: Color,
    dead: &[bool],
    seki: &[bool],
) -> Vec<(Point, u32)> {
    let ts = threats(board, color, dead, seki);
    let mut out: Vec<(Point, u32)> = Vec::new();
    let mut done: Vec<Point> = Vec::new();
    for t in &ts {
        if done.contains(&t.chain) {
            continue;
        }
        done.push(t.chain);
        let mut tries: Vec<Point> = ts
            .iter()
            .filter(|u| u.chain == t.chain)
            .map(|u| u.at)
            .collect();
        let mut libs = [Point::NONE; 4];
        let k = board.chain_liberties(t.chain, &mut libs);
        tries.extend(libs[..k].iter().copied());
        if board.libs(t.chain) == 1 {
            chain_escapes(board, t.chain, |p, _| tries.push(p));
        }
        if let Some(d) = capture::defend(board, t.chain, READ_BUDGET) {
            if d != Point::NONE {
                tries.push(d);
            }
        }
        let mut seen: Vec<Point> = Vec::new();
        for p in tries {
            if seen.contains(&p) {
                continue;
            }
            seen.push(p);
            if !removes(board, color, p, t.chain, dead, seki) {
                continue;
            }
            add_stones(&mut out, p, t.stones);
        }
    }
    out.sort_by_key(|o| std::cmp::Reverse(o.1));
    out
}

/// Adds `n` stones to the entry of `p` in `points`, or a new entry.
pub(super) fn add_stones(points: &mut Vec<(Point, u32)>, p: Point, n: u32) {
    match points.iter_mut().find(|o| o.0 == p) {
        Some(o) => o.1 += n,
        None => points.push((p, n)),
    }
}

/// Whether `color` playing at `p` is legal and leaves its chain at
/// `chain` with no threat against it.
fn removes(
    board: &Board,
    color: Color,
    p: Point,
    chain: Point,
    dead: &[bool],
    seki: &[bool],
) -> bool {
    if !board.is_legal(color, p) {
        return false;
    }
    let mut b = board.clone();
    b.play_unchecked(color, Move::Play(p));
    if b.stone(chain) != color.stone() || b.libs(p) < 2 {
        return false;
    }
    let h = b.chain(chain);
    let hp = b.chain(p);
    !threats(&b, color, dead, seki)
        .iter()
        .any(|u| u.chain == h || u.chain == hp)
}

/// The dame `color` must fill to keep an eye: a point of `lp`'s dame
/// where the opponent's stone, not capturable at once (two liberties or
/// more), stands diagonally to a true eye of `color` and makes it false
/// (a second hostile diagonal in the open, the first on the edge). The
/// playouts see the group live either way and call the dame neutral; the
/// opponent's stone there turns two eyes into one. Each comes with the
/// own stones around the eyes it keeps. Filling a dame costs nothing
/// under either rules, so this asks no more of the group's life.
pub fn eye_fills(board: &Board, color: Color, lp: &LastPhase) -> Vec<(Point, u32)> {
    let mut out = Vec::new();
    for &p in &lp.dame {
        if !board.is_legal(!color, p) {
            continue;
        }
        let eyes: Vec<Point> = board
            .diagonals(p)
            .into_iter()
            .filter(|&q| board.stone(q) == Stone::Empty && board.is_true_eye(q, color))
            .collect();
        if eyes.is_empty() {
            continue;
        }
        let mut b = board.clone();
        b.play_unchecked(!color, Move::Play(p));
        if b.stone(p) != (!color).stone() || b.libs(p) < 2 {
            continue;
        }
        let mut chains: Vec<Point> = Vec::new();
        for &q in &eyes {
            if b.stone(q) != Stone::Empty || b.is_true_eye(q, color) {
                continue;
            }
            for r in board.neighbours(q) {
                if board.stone(r) == color.stone() && !chains.contains(&board.chain(r)) {
                    chains.push(board.chain(r));
                }
            }
        }
        if !chains.is_empty() {
            out.push((p, chains.iter().map(|&h| board.chain_len(h)).sum()));
        }
    }
    out
}

/// Points, each with the stones a move there saves or takes.
pub type Stones = Vec<(Point, u32)>;

/// Positions the life reader may visit for one group, and for all groups
/// of one position.
const LIFE_BUDGET: u32 = 30_000;
const LIFE_TOTAL: u32 = 150_000;

/// For the groups whose liberties lie in small regions only
/// ([`group_area`], the stones of `dead` inside them lifted as room) and
/// that the opponent kills by moving first ([`read_life`]): for `color`'s
/// own groups the moves that keep them (needed before passing), for the
/// opponent's the first moves that kill them (gains), each with the
/// group's stones. Chains in `seki` are not read; a seki counts as life.
/// Chains in `dead` are read too: the judging playouts seldom find the
/// vital point of an eye space, and call a group dead that lives by its
/// owner's next move there (a straight three whose middle is open:
/// gtp-tests/tactics9.tst 1 and 2), so passing would let it live, or
/// that wins a race by its owner's move. For them only that vital point
/// counts, when it both keeps and kills, and the defences that the strict
/// reading ([`read_life_strict`]) proves; where it proves one, every kill
/// counts. A group the reader cannot settle within its budget is left
/// out, and reading stops when the position's budget is spent.
pub fn life_fills(board: &Board, color: Color, dead: &[bool], seki: &[bool]) -> (Stones, Stones) {
    let (mut needed, mut gains) = (Vec::new(), Vec::new());
    let mut spent = 0;
    for area in small_groups(board, dead) {
        if area.chains.iter().any(|h| seki[h.idx()]) {
            continue;
        }
        if spent >= LIFE_TOTAL {
            break;
        }
        let target = area.largest_chain(board);
        let budget = LIFE_BUDGET.min(LIFE_TOTAL - spent);
        let judged_dead = area.chains.iter().any(|h| dead[h.idx()]);
        let (life, nodes) = read_life(board, target, &area, budget);
        spent += nodes;
        if let Life::NeedsMove {
            mut defences,
            mut kills,
        } = life
        {
            if judged_dead {
                // The reader's defences err towards life (an attack
                // that runs out of budget fails), which is safe for a
                // group judged alive and not for one judged dead: a dead
                // invader in a pro's finished territory read as saved.
                // The vital point of the group's own eye space, where
                // both sides' first moves meet, is taken on trust; other
                // defences only where the strict reading (every limit the
                // attacker's) finds them too: a race the owner wins by
                // moving first (lifedead2-9x9-ab game 8: Black passed
                // with J2 open, which saves eleven stones). Then the
                // opponent's kills, read out by the plain reading, are
                // needed too. The strict reading reads only an area that is
                // the whole fight: a group joined by its move to a chain
                // the judgement left out as dead, whose liberties the
                // reading never fills, reads as saved (tom9d record 0,
                // move 322: White's seven stones N7-L6 in Black's finished
                // area, "saved" at K5 by the dead J4-L4).
                let strict = if spent < LIFE_TOTAL {
                    let (life, nodes) =
                        read_life_strict(board, target, &area, budget.min(LIFE_TOTAL - spent));
                    spent += nodes;
                    match life {
                        Life::NeedsMove { defences, .. } => defences,
                        _ => Vec::new(),
                    }
                } else {
                    Vec::new()
                };
                let vital: Vec<Point> = defences
                    .iter()
                    .copied()
                    .filter(|p| kills.contains(p) && is_vital_point(board, *p))
                    .collect();
                defences.retain(|p| vital.contains(p) || strict.contains(p));
                if strict.is_empty() {
                    kills.retain(|p| vital.contains(p));
                }
            }
            let n = area.stones(board);
            let (points, into) = if board.stone(target) == color.stone() {
                (defences, &mut needed)
            } else {
                (kills, &mut gains)
            };
            for q in points {
                add_stones(into, q, n);
            }
        }
    }
    (needed, gains)
}

/// Whether `color` may fill an empty point without loss: the move is
/// legal, leaves its chain two liberties or more, and gives the opponent
/// no threat ([`threats`]) that was not there before. The threats against
/// `color` as the board stands are read once, for every point asked.
pub fn safe_fills<'a>(
    board: &'a Board,
    color: Color,
    dead: &'a [bool],
    seki: &'a [bool],
) -> impl Fn(Point) -> bool + 'a {
    let before = threats(board, color, dead, seki).len();
    move |p| {
        if !board.is_legal(color, p) {
            return false;
        }
        let mut b = board.clone();
        b.play_unchecked(color, Move::Play(p));
        b.libs(p) >= 2 && threats(&b, color, dead, seki).len() <= before
    }
}

/// The cutting points of `color`'s walls that must be connected before
/// the game ends: a dame `p` (the opponent's stone there stands beside
/// its own wall) beside two live chains of `color` (not in `dead`, not
/// in `seki`) that
/// - share no liberty but `p` (no second point that connects them after
///   a cut: a miai connection waits for the cut),
/// - together enclose one area of `color` (both border the same region
///   of [`LastPhase`]'s `Area(color)`): cut apart, neither wall closes
///   it, and the opponent may contest it (two groups that only meet at
///   a dame, each around its own area, are left as they are),
/// - where the opponent's stone would stand with two liberties or more
///   and the capture reader, `color` moving first, cannot take it (a
///   tiger's mouth or a cut that is captured at once needs nothing).
///
/// Filling such a point costs nothing under either rules; leaving it lets
/// the opponent cut and invade, which the playouts do not see (a 9x9
/// match game: a closed board, the search at 96%, a push at a thin wall
/// and a cut that killed the left side). A cutting point inside the area
/// is left to the search: the opponent's stone there stands alone, and
/// whether it is taken is more than the capture reader can say (a 9-dan
/// game's last position, tom9d record 46: White K3 into Black's area,
/// which GNU Go's reader takes at K2 and this one does not).
pub fn cut_fills(
    board: &Board,
    color: Color,
    lp: &LastPhase,
    dead: &[bool],
    seki: &[bool],
) -> Vec<Point> {
    let geo = board.geometry();
    let own_area = Some(Region::Area(color));
    // The areas of `color`, each labelled by its first point.
    let mut area_of = vec![Point::NONE; MAX_POINTS];
    for p in geo.points() {
        if lp.region(p) != own_area || area_of[p.idx()] != Point::NONE {
            continue;
        }
        area_of[p.idx()] = p;
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            for r in board.neighbours(q) {
                if board.stone(r) != Stone::Edge
                    && lp.region(r) == own_area
                    && area_of[r.idx()] == Point::NONE
                {
                    area_of[r.idx()] = p;
                    stack.push(r);
                }
            }
        }
    }
    let live = |q: Point| board.stone(q) == color.stone() && !dead[q.idx()] && !seki[q.idx()];
    // A chain's liberties and the areas it borders.
    let around = |h: Point| {
        let (mut libs, mut areas) = (Vec::new(), Vec::new());
        board.for_each_stone(h, |s| {
            for r in board.neighbours(s) {
                if board.stone(r) == Stone::Empty && !libs.contains(&r) {
                    libs.push(r);
                }
                let a = area_of.get(r.idx()).copied().unwrap_or(Point::NONE);
                if a != Point::NONE && !areas.contains(&a) {
                    areas.push(a);
                }
            }
        });
        (libs, areas)
    };
    let mut out = Vec::new();
    for p in geo.points() {
        if board.stone(p) != Stone::Empty || lp.region(p) != Some(Region::Dame) {
            continue;
        }
        let mut heads: Vec<Point> = Vec::new();
        for r in board.neighbours(p) {
            if live(r) && !heads.contains(&board.chain(r)) {
                heads.push(board.chain(r));
            }
        }
        if heads.len() < 2 {
            continue;
        }
        let arounds: Vec<_> = heads.iter().map(|&h| around(h)).collect();
        let cut = (0..heads.len()).any(|i| {
            (i + 1..heads.len()).any(|j| {
                let (la, aa) = &arounds[i];
                let (lb, ab) = &arounds[j];
                !la.iter().any(|l| *l != p && lb.contains(l)) && aa.iter().any(|a| ab.contains(a))
            })
        });
        if !cut || !board.is_legal(!color, p) {
            continue;
        }
        let mut b = board.clone();
        b.play_unchecked(!color, Move::Play(p));
        if b.stone(p) == (!color).stone()
            && b.libs(p) >= 2
            && capture::attack(&b, p, READ_BUDGET).is_none()
        {
            out.push(p);
        }
    }
    out
}
