//! Life and death of an enclosed group: whether the opponent, moving
//! first, takes it by play inside its own small regions, and which moves
//! of its owner stop that. The last phase asks it of every group whose
//! liberties lie in small regions only (its eye space and the dame
//! beside it), where the playouts see the group live because they
//! seldom find the two or three exact moves that kill it (06b408e's
//! Chinese match, game 94: White's 14 stones around D1, with four
//! liberties and more than the capture reader reads, live only by C1;
//! Black C1 or A2 kills them).
//!
//! The reading is a plain minimax over the points of the group's area
//! ([`group_area`]): the attacker plays only there and wins by taking
//! the chosen chain; the defender plays there or passes. A transposition
//! table keyed by the position (stones, ko and side to move) keeps the
//! small areas cheap, and a position repeated on the path, the depth or
//! the node budget running out all count as a failed attack: the reader
//! errs towards calling a group alive, so a kill it reports is read out.
//! A seki, where the attacker cannot take the chain, is alive here.

use crate::board::Board;
use crate::types::{Color, Move, Point, Stone, MAX_POINTS};
use std::collections::HashMap;

/// Points an empty region beside the group may have to count as part of
/// its area (a region larger than this is room to live or to run).
pub const MAX_REGION: usize = 8;
/// Empty points the whole area may have.
pub const MAX_AREA: usize = 12;
/// Chains the group may have.
const MAX_CHAINS: usize = 8;

/// The chains and the points that decide a group's life.
#[derive(Clone, Debug, Default)]
pub struct GroupArea {
    /// The heads of the group's chains: the first chain, then every chain
    /// of its colour beside its regions.
    pub chains: Vec<Point>,
    /// The points of play: the empty regions beside the group (with the
    /// opponent's `dead` stones inside them), then the outside liberties
    /// of the opponent's chains of two liberties or fewer around it,
    /// where the owner may capture a wall short of liberties (and the
    /// points of such a chain that is dead, empty once it is taken).
    pub points: Vec<Point>,
    /// How many of `points` are the regions (the rest are the walls'
    /// outside liberties).
    pub regions: usize,
}

impl GroupArea {
    /// Stones of the group.
    pub fn stones(&self, board: &Board) -> u32 {
        self.chains.iter().map(|&h| board.chain_len(h)).sum()
    }

    /// Whether no chain of the group's colour outside it touches a point
    /// of play: the owner cannot connect out of the area (to a chain the
    /// caller's `dead` left out of it, whose liberties no attack inside
    /// the area fills), so a reading of the area is the whole fight.
    pub fn is_closed(&self, board: &Board) -> bool {
        let Some(own) = self.chains.first().map(|&h| board.stone(h)) else {
            return true;
        };
        self.points.iter().all(|&p| {
            board
                .neighbours(p)
                .iter()
                .all(|&q| board.stone(q) != own || self.chains.contains(&board.chain(q)))
        })
    }

    /// The head of the group's largest chain: the one a reading takes.
    pub fn largest_chain(&self, board: &Board) -> Point {
        self.chains
            .iter()
            .copied()
            .max_by_key(|&h| board.chain_len(h))
            .unwrap_or(Point::NONE)
    }
}

/// Every group of `board`, either colour, that [`group_area`] reads
/// (with `dead` as there), each once.
pub fn small_groups(board: &Board, dead: &[bool]) -> Vec<GroupArea> {
    let mut out = Vec::new();
    let mut done = vec![false; MAX_POINTS];
    for p in board.geometry().points() {
        if board.stone(p) == Stone::Empty || done[board.chain(p).idx()] {
            continue;
        }
        done[board.chain(p).idx()] = true;
        if let Some(area) = group_area(board, p, dead) {
            for &h in &area.chains {
                done[h.idx()] = true;
            }
            out.push(area);
        }
    }
    out
}

/// The area of the group of the chain at `p`: the chain, each empty
/// region beside it (flooded through empty points and the opponent's
/// stones marked in `dead`), each chain of `p`'s colour beside those
/// regions, and so on. `None` when a region has more than [`MAX_REGION`]
/// points, the area more than [`MAX_AREA`], or the group more than
/// [`MAX_CHAINS`] chains: such a group has room, and is not read.
pub fn group_area(board: &Board, p: Point, dead: &[bool]) -> Option<GroupArea> {
    let color = board.stone(p).color()?;
    let opp = (!color).stone();
    let mut area = GroupArea {
        chains: vec![board.chain(p)],
        points: Vec::new(),
        regions: 0,
    };
    let mut in_area = vec![false; MAX_POINTS];
    let is_dead = |q: Point| dead.get(q.idx()).copied().unwrap_or(false);
    let vacant = |q: Point| {
        let s = board.stone(q);
        s == Stone::Empty || (s == opp && is_dead(q))
    };
    let mut i = 0;
    while i < area.chains.len() {
        let h = area.chains[i];
        i += 1;
        let mut starts = Vec::new();
        board.for_each_stone(h, |s| {
            for r in board.neighbours(s) {
                if board.stone(r) == Stone::Empty && !in_area[r.idx()] && !starts.contains(&r) {
                    starts.push(r);
                }
            }
        });
        for start in starts {
            if in_area[start.idx()] {
                continue;
            }
            in_area[start.idx()] = true;
            let mut region = vec![start];
            let mut j = 0;
            while j < region.len() {
                let q = region[j];
                j += 1;
                for r in board.neighbours(q) {
                    if in_area[r.idx()] {
                        continue;
                    }
                    if vacant(r) {
                        in_area[r.idx()] = true;
                        region.push(r);
                        if region.len() > MAX_REGION {
                            return None;
                        }
                    } else if board.stone(r) == color.stone() && !is_dead(r) {
                        let c = board.chain(r);
                        if !area.chains.contains(&c) {
                            area.chains.push(c);
                            if area.chains.len() > MAX_CHAINS {
                                return None;
                            }
                        }
                    }
                }
            }
            area.points.extend(region);
        }
    }
    let empties = area
        .points
        .iter()
        .filter(|&&q| board.stone(q) == Stone::Empty)
        .count();
    if empties > MAX_AREA {
        return None;
    }
    area.regions = area.points.len();
    // The opponent's chains around the group short of liberties (dead
    // ones included: their capture may be the group's eye): their
    // outside liberties are points of play too, and so are the points of
    // a dead one, empty once it is taken.
    let mut walls: Vec<Point> = Vec::new();
    let mut around = |q: Point| {
        for r in board.neighbours(q) {
            if board.stone(r) == opp && board.libs(r) <= 2 {
                let c = board.chain(r);
                if !walls.contains(&c) {
                    walls.push(c);
                }
            }
        }
    };
    for &h in &area.chains {
        board.for_each_stone(h, &mut around);
    }
    for &q in &area.points.clone() {
        around(q);
    }
    for w in walls {
        if is_dead(w) {
            board.for_each_stone(w, |q| {
                if !in_area[q.idx()] {
                    in_area[q.idx()] = true;
                    area.points.push(q);
                }
            });
        }
        let mut libs = [Point::NONE; 2];
        let k = board.chain_liberties(w, &mut libs);
        for &l in &libs[..k] {
            if !in_area[l.idx()] {
                in_area[l.idx()] = true;
                area.points.push(l);
            }
        }
    }
    Some(area)
}

/// What the attacker's first move does to a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Life {
    /// No attack inside the area takes the chain (seki included).
    Alive,
    /// Attacked first the chain dies; each of these owner's moves stops
    /// every attack. The attacker's killing first moves come along.
    NeedsMove {
        defences: Vec<Point>,
        kills: Vec<Point>,
    },
    /// The chain dies whoever moves first.
    Dead,
    /// The budget ran out before an answer.
    Unknown,
}

/// Reads the life of the chain at `target` within `area` (from
/// [`group_area`]), the chain's owner having just moved: can the
/// opponent take it, and which owner's moves prevent that. `budget`
/// bounds the positions visited in all; the positions visited come back
/// beside the answer.
pub fn read_life(board: &Board, target: Point, area: &GroupArea, budget: u32) -> (Life, u32) {
    read(board, target, area, budget, false)
}

/// [`read_life`] with every limit (the budget, the depth, a position
/// repeated on the line, as in a ko) counted as a successful attack: the
/// defences it gives are read out against every attack inside the area,
/// and its kills are not (those of [`read_life`] are). For a group the
/// playouts call dead, where a defence read on trust would play on in a
/// finished territory. `Unknown` (nothing read) unless the area
/// [`GroupArea::is_closed`]: otherwise the owner may connect out to
/// liberties no attack inside the area fills.
pub fn read_life_strict(
    board: &Board,
    target: Point,
    area: &GroupArea,
    budget: u32,
) -> (Life, u32) {
    if !area.is_closed(board) {
        return (Life::Unknown, 0);
    }
    read(board, target, area, budget, true)
}

fn read(board: &Board, target: Point, area: &GroupArea, budget: u32, strict: bool) -> (Life, u32) {
    let Some(owner) = board.stone(target).color() else {
        return (Life::Unknown, 0);
    };
    let mut r = Reader {
        owner,
        target,
        points: &area.points,
        regions: area.regions,
        nodes: 0,
        budget,
        strict,
        table: HashMap::new(),
        path: Vec::new(),
    };
    let depth = (2 * area.points.len() as u32 + 6).min(40);
    let life = r.read(board, depth);
    (life, r.nodes.min(budget))
}

/// What the table knows of a position, either side to move.
#[derive(Clone, Copy)]
enum Known {
    /// The attacker takes the chain, whatever the depth.
    Taken,
    /// The attacker does not take it within this many plies.
    HeldFor(u32),
}

struct Reader<'a> {
    owner: Color,
    target: Point,
    points: &'a [Point],
    regions: usize,
    nodes: u32,
    budget: u32,
    /// Whether a limit counts as a successful attack ([`read_life_strict`]).
    strict: bool,
    table: HashMap<u64, Known>,
    /// The keys of the positions on the current line.
    path: Vec<u64>,
}

impl Reader<'_> {
    /// The answer of [`read_life`] for the position `board`.
    fn read(&mut self, board: &Board, depth: u32) -> Life {
        let kills = self.killing_moves(board, depth);
        if self.nodes > self.budget {
            return Life::Unknown;
        }
        if kills.is_empty() {
            return Life::Alive;
        }
        let mut defences = Vec::new();
        for m in self.moves(board, self.owner) {
            let mut b = board.clone();
            b.play_unchecked(self.owner, Move::Play(m));
            if !self.attack(&b, depth) {
                defences.push(m);
            }
            if self.nodes > self.budget {
                return Life::Unknown;
            }
        }
        if defences.is_empty() {
            Life::Dead
        } else {
            Life::NeedsMove { defences, kills }
        }
    }

    /// The legal moves of `c` in the area, those beside the chain first.
    /// The attacker plays a wall's outside liberty only to save the wall
    /// from atari, and saves a wall the owner's last move put in atari
    /// by any of its ways out.
    fn moves(&self, b: &Board, c: Color) -> Vec<Point> {
        let attacker = c != self.owner;
        let mut near = Vec::new();
        let mut far = Vec::new();
        for (i, &p) in self.points.iter().enumerate() {
            if b.stone(p) != Stone::Empty || !b.is_legal(c, p) {
                continue;
            }
            if attacker
                && i >= self.regions
                && !b
                    .neighbours(p)
                    .iter()
                    .any(|&q| b.stone(q) == c.stone() && b.libs(q) == 1)
            {
                continue;
            }
            if b.neighbours(p)
                .iter()
                .any(|&q| b.stone(q) == self.owner.stone() && b.chain(q) == b.chain(self.target))
            {
                near.push(p);
            } else {
                far.push(p);
            }
        }
        near.extend(far);
        // A wall the owner's last move put in atari may be saved anywhere
        // (extending, or taking the stone that ataris it), not only at the
        // points of the area.
        if let (true, Move::Play(last)) = (attacker, b.last_move()) {
            for q in b.neighbours(last) {
                if b.stone(q) == c.stone() && b.libs(q) == 1 {
                    crate::tactics::chain_escapes(b, q, |e, _| {
                        if !near.contains(&e) && b.is_legal(c, e) {
                            near.push(e);
                        }
                    });
                }
            }
        }
        near
    }

    fn key(b: &Board, attacker_to_move: bool) -> u64 {
        let ko = b.ko().map_or(0, |(p, c)| {
            (u64::from(p.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((c.index() as u64) << 1)
        });
        b.hash() ^ ko.rotate_left(17) ^ u64::from(attacker_to_move)
    }

    /// Whether the chain can never be taken: two of its liberties are
    /// points whose every neighbour is a stone of the chain, where the
    /// attacker cannot play while the other is open.
    fn two_eyes(&self, b: &Board) -> bool {
        let h = b.chain(self.target);
        let mut libs = [Point::NONE; 8];
        let k = b.chain_liberties(h, &mut libs);
        let eyes = libs[..k]
            .iter()
            .filter(|&&l| {
                b.neighbours(l).iter().all(|&q| {
                    b.stone(q) == Stone::Edge || b.chain(q) == h && b.stone(q) != Stone::Empty
                })
            })
            .count();
        eyes >= 2
    }

    /// The attacker's first moves that take the chain against every
    /// defence.
    fn killing_moves(&mut self, b: &Board, depth: u32) -> Vec<Point> {
        let mut out = Vec::new();
        if self.two_eyes(b) {
            return out;
        }
        for m in self.moves(b, !self.owner) {
            if self.takes_after(b, m, depth) {
                out.push(m);
            }
            if self.nodes > self.budget {
                break;
            }
        }
        out
    }

    /// Whether the attacker's move `m` takes the chain, at once or
    /// against every defence within `depth` plies of `b`.
    fn takes_after(&mut self, b: &Board, m: Point, depth: u32) -> bool {
        let mut nb = b.clone();
        nb.play_unchecked(!self.owner, Move::Play(m));
        nb.stone(self.target) != self.owner.stone() || !self.defend(&nb, depth - 1)
    }

    /// Looks `key` up for a search `depth` plies deep: `Some(true)` when
    /// the attacker takes the chain, `Some(false)` when it does not that
    /// deep.
    fn taken(&self, key: u64, depth: u32) -> Option<bool> {
        match self.table.get(&key)? {
            Known::Taken => Some(true),
            Known::HeldFor(d) if *d >= depth => Some(false),
            Known::HeldFor(_) => None,
        }
    }

    fn remember(&mut self, key: u64, taken: bool, depth: u32) {
        if self.nodes <= self.budget {
            let k = if taken {
                Known::Taken
            } else {
                Known::HeldFor(depth)
            };
            self.table.insert(key, k);
        }
    }

    /// Whether the attacker, to move, takes the chain within `depth`
    /// plies. The limits count as a failed attack, or when strict as a
    /// successful one.
    fn attack(&mut self, b: &Board, depth: u32) -> bool {
        self.nodes += 1;
        if self.two_eyes(b) {
            return false;
        }
        if self.nodes > self.budget || depth == 0 {
            return self.strict;
        }
        let key = Reader::key(b, true);
        if let Some(v) = self.taken(key, depth) {
            return v;
        }
        if self.path.contains(&key) {
            return self.strict;
        }
        self.path.push(key);
        let mut won = false;
        for m in self.moves(b, !self.owner) {
            if self.takes_after(b, m, depth) {
                won = true;
                break;
            }
            if self.nodes > self.budget {
                break;
            }
        }
        self.path.pop();
        self.remember(key, won, depth);
        won
    }

    /// Whether the owner, to move, keeps the chain for `depth` plies: some
    /// move of the area or a pass after which the attack fails.
    fn defend(&mut self, b: &Board, depth: u32) -> bool {
        self.nodes += 1;
        if self.two_eyes(b) {
            return true;
        }
        if self.nodes > self.budget || depth == 0 {
            return !self.strict;
        }
        let key = Reader::key(b, false);
        if let Some(v) = self.taken(key, depth) {
            return !v;
        }
        if self.path.contains(&key) {
            return !self.strict;
        }
        self.path.push(key);
        let mut tries: Vec<Move> = self
            .moves(b, self.owner)
            .into_iter()
            .map(Move::Play)
            .collect();
        tries.push(Move::Pass);
        let mut held = false;
        for m in tries {
            let mut nb = b.clone();
            nb.play_unchecked(self.owner, m);
            if !self.attack(&nb, depth - 1) {
                held = true;
                break;
            }
        }
        self.path.pop();
        self.remember(key, !held, depth);
        held
    }
}
