//! Dead-stone judgement: chain statuses from the ownership statistics of
//! playouts, after the static seki and sacrifice tests, with small
//! invaders settled by Bouzy's territory map.

use super::seki::{dead_by_sacrifice, static_seki};
use super::PARAMS;
use crate::board::Board;
use crate::game::{dead_mask, Game};
use crate::playout::{self, MoveLog, Policy};
use crate::search::Ownership;
use crate::tactics::capture;
use crate::types::{Color, Point, Stone, MAX_POINTS};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// The status of every chain at the end of a game, from ownership.
#[derive(Clone, Debug, Default)]
pub struct Judgement {
    /// Stones of dead chains.
    pub dead: Vec<Point>,
    /// Stones of chains in seki.
    pub seki: Vec<Point>,
    /// Stones of chains whose fate the playouts do not agree on.
    pub unclear: Vec<Point>,
    /// The stones of `unclear` that the other colour owns more often than
    /// their own: what a clean-up phase should try to capture.
    pub likely_dead: Vec<Point>,
}

impl Judgement {
    /// Moves the unclear stones `dead` to the dead ones.
    fn settle_dead(&mut self, board: &Board, dead: Vec<Point>) {
        if dead.is_empty() {
            return;
        }
        // One look per point to filter.
        let is_dead = dead_mask(board, &dead);
        self.unclear.retain(|p| !is_dead[p.idx()]);
        self.likely_dead.retain(|p| !is_dead[p.idx()]);
        self.dead.extend(dead);
    }
}

/// The share of the playouts in which `of` owns the points of `stones`,
/// averaged over them.
fn owned_share(own: &Ownership, stones: &[Point], of: Color) -> f32 {
    let v = if of == Color::Black {
        &own.black
    } else {
        &own.white
    };
    stones.iter().map(|q| v[q.idx()]).sum::<f32>() / stones.len() as f32
}

/// Chain statuses from ownership (docs/search.md, "Ownership"): a chain is dead
/// when the other colour owns its points in at least 67% of the playouts,
/// alive when its own colour does, unclear otherwise; an alive chain next
/// to a point left empty in most playouts, or in seki by the static test,
/// is in seki. Before ownership, two static tests: a seki
/// ([`static_seki`]) and a chain killed by a sacrifice
/// ([`dead_by_sacrifice`]). The thresholds are [`PARAMS`]'.
pub fn judge(board: &Board, own: &Ownership) -> Judgement {
    let geo = board.geometry();
    let mut j = Judgement::default();
    let static_seki = seki_with_dead_lifted(board, own, static_seki(board, &[]));
    let sacrificed = dead_by_sacrifice(board);
    let walled = walls_of_large_spaces(board);
    let mut stones = Vec::new();
    for p in geo.points() {
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        if board.chain(p) != p {
            continue;
        }
        stones.clear();
        board.for_each_stone(p, |q| stones.push(q));
        let (mine, theirs) = (owned_share(own, &stones, c), owned_share(own, &stones, !c));
        // A static seki first: playouts cannot pass, so they end a seki
        // with one side forced into the self-atari, and ownership then
        // calls the other side's stones dead.
        if static_seki.contains(&p) {
            j.seki.extend_from_slice(&stones);
            continue;
        }
        if sacrificed.contains(&p) {
            j.dead.extend_from_slice(&stones);
            continue;
        }
        if walled[p.idx()] {
            continue;
        }
        if theirs >= PARAMS.dead_share {
            j.dead.extend_from_slice(&stones);
            continue;
        }
        let mut libs = [Point::NONE; 8];
        let k = board.chain_liberties(p, &mut libs);
        let dame_lib = libs[..k].iter().any(|l| {
            let empty = 1.0 - own.black[l.idx()] - own.white[l.idx()];
            empty >= PARAMS.dame_share
                && board
                    .neighbours(*l)
                    .iter()
                    .any(|q| board.stone(*q).color() == Some(!c))
        });
        if dame_lib && mine >= PARAMS.seki_own_share && k <= PARAMS.seki_max_liberties {
            j.seki.extend_from_slice(&stones);
        } else if mine < PARAMS.dead_share {
            j.unclear.extend_from_slice(&stones);
            if theirs > mine {
                j.likely_dead.extend_from_slice(&stones);
            }
        }
    }
    settle_races(board, &mut j);
    settle_invaders(board, &mut j);
    spread_seki(board, &mut j);
    j
}

/// A chain in seki shares its one-point eyes with the chains of its group:
/// an alive chain whose every liberty is such an eye of its colour (each
/// neighbour on the board one of its stones), one of them beside a chain
/// in seki, is in seki too, and so on through the group. GNU Go counts
/// seki by groups, and under territory rules the eyes of a group in seki
/// are no territory (06b408e's Japanese match, game 37: White's H9 in
/// seki shares G9 with G8 and the chain E9-D6, which share F8; kosumi
/// counted F8 for White, GNU Go did not). A chain with any other liberty
/// has space of its own and stays alive.
fn spread_seki(board: &Board, j: &mut Judgement) {
    if j.seki.is_empty() {
        return;
    }
    let mut in_seki = dead_mask(board, &j.seki);
    let settled = {
        let mut m = dead_mask(board, &j.dead);
        for p in j.unclear.iter() {
            m[p.idx()] = true;
        }
        m
    };
    loop {
        let mut grew = false;
        for p in board.geometry().points() {
            let Some(c) = board.stone(p).color() else {
                continue;
            };
            if board.chain(p) != p || in_seki[p.idx()] || settled[p.idx()] {
                continue;
            }
            let mut libs = [Point::NONE; 8];
            let k = board.chain_liberties(p, &mut libs);
            if k == 0 || board.libs(p) as usize > k {
                continue;
            }
            let libs = &libs[..k];
            let joins = libs.iter().all(|&l| board.is_eyeish(l, c))
                && libs.iter().any(|&l| {
                    board
                        .neighbours(l)
                        .iter()
                        .any(|&q| board.stone(q) == c.stone() && in_seki[q.idx()])
                });
            if joins {
                board.for_each_stone(p, |q| {
                    in_seki[q.idx()] = true;
                    j.seki.push(q);
                });
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
}

/// The stones of chains that wall in an eye space of their own too large
/// to kill (marked by point): an empty region of at least
/// [`EndgameParams::large_eye_space`](super::EndgameParams) points that
/// touches stones of one colour only, and the chains of that colour
/// beside it with two liberties or more (a chain in atari on the wall is
/// left to the playouts: its capture opens the space). Playouts fill such
/// a space from inside at random, the owner's moves as much as the
/// invader's, and often call the wall dead; a referee that reads
/// (GNU Go) calls it alive, and so does a player who answers each
/// invading stone.
///
/// Invading stones already inside do not open the space: enemy chains of
/// at most [`EndgameParams::max_wall_invaders`](super::EndgameParams)
/// stones in all, each with every liberty in the region, leave it the
/// owner's when it has the large space's points besides two for each
/// invading stone (6e7b528's Chinese 9x9 game 97: one white stone in a
/// black region of 23 points; the playouts killed the walls as often as
/// not, and kosumi counted W+29 where GNU Go said W+4).
pub(super) fn walls_of_large_spaces(board: &Board) -> Vec<bool> {
    let mut walled = vec![false; MAX_POINTS];
    let mut seen = vec![false; MAX_POINTS];
    let mut region = vec![false; MAX_POINTS];
    for p in board.geometry().points() {
        if board.stone(p) != Stone::Empty || seen[p.idx()] {
            continue;
        }
        let mut points = Vec::new();
        let mut wall: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
        board.walk_empty_region(p, &mut seen, |q, s| {
            match s.color() {
                None => points.push(q),
                Some(c) => {
                    let h = board.chain(q);
                    if !wall[c.index()].contains(&h) {
                        wall[c.index()].push(h);
                    }
                }
            }
            true
        });
        for q in &points {
            region[q.idx()] = true;
        }
        // Whether the chains of one colour are invaders wholly inside.
        let inside = |heads: &[Point]| -> Option<usize> {
            let mut libs = [Point::NONE; 16];
            let mut stones = 0;
            for &h in heads {
                stones += board.chain_len(h) as usize;
                if stones > PARAMS.max_wall_invaders {
                    return None;
                }
                let k = board.chain_liberties(h, &mut libs);
                if libs[..k].iter().any(|l| !region[l.idx()]) {
                    return None;
                }
            }
            Some(stones)
        };
        let owner = [Color::Black, Color::White].into_iter().find_map(|c| {
            if wall[c.index()].is_empty() {
                return None;
            }
            let invaders = inside(&wall[(!c).index()])?;
            (points.len() >= PARAMS.large_eye_space + 2 * invaders).then_some(c)
        });
        for q in &points {
            region[q.idx()] = false;
        }
        let Some(c) = owner else {
            continue;
        };
        for &head in wall[c.index()].iter().filter(|&&h| board.libs(h) >= 2) {
            board.for_each_stone(head, |s| walled[s.idx()] = true);
        }
    }
    walled
}

/// Positions read by [`settle_races`] for each chain.
const RACE_BUDGET: u32 = 3000;

/// Unclear chains of few liberties that are lost even with their owner to
/// move are dead: read by the capture reader ([`capture`]) on the board
/// with the dead stones lifted, as GNU Go reads a finished game. Random
/// playouts often lose a race that is won, or win one that is lost (one
/// eye against none, a liberty that only a dead stone's capture opens).
/// The reader's defences are extensions and captures; a defence by
/// attacking the other side's chain first is not among them, so the chain
/// is judged dead only when none of the enemy chains beside it can be
/// taken either; a read that runs out of budget decides nothing.
fn settle_races(board: &Board, j: &mut Judgement) {
    if j.unclear.is_empty() {
        return;
    }
    let lifted = board.without(&dead_mask(board, &j.dead));
    let mut dead = Vec::new();
    for &p in &j.unclear {
        if lifted.chain(p) != p || lifted.libs(p) >= capture::SAFE_LIBS {
            continue;
        }
        let Some(c) = lifted.stone(p).color() else {
            continue;
        };
        if capture::lost_moving_first(&lifted, p, RACE_BUDGET) != Some(true) {
            continue;
        }
        let mut heads = Vec::new();
        lifted.for_each_stone(p, |s| {
            for q in lifted.neighbours(s) {
                if lifted.stone(q) == (!c).stone() && !heads.contains(&lifted.chain(q)) {
                    heads.push(lifted.chain(q));
                }
            }
        });
        let safe = |&q: &Point| {
            lifted.libs(q) >= capture::SAFE_LIBS
                || capture::taken_moving_second(&lifted, q, RACE_BUDGET) == Some(false)
        };
        if heads.iter().all(safe) {
            lifted.for_each_stone(p, |s| dead.push(s));
        }
    }
    j.settle_dead(board, dead);
}

/// The stones of `seki` (the static test on the board as it stands) that
/// are still in seki once the chains that ownership calls dead, and that
/// are in no seki themselves, come off. A dead stone can hide a race: a
/// chain whose outside liberty lies beside a dead enemy stone cannot be
/// approached there while that stone stands (the approach is suicide),
/// but its owner takes the dead stone first and then the liberty. GNU Go
/// reads the position with the dead stones lifted; so does this.
fn seki_with_dead_lifted(board: &Board, own: &Ownership, seki: Vec<Point>) -> Vec<Point> {
    if seki.is_empty() {
        return seki;
    }
    let in_seki = dead_mask(board, &seki);
    let mut off = vec![false; MAX_POINTS];
    let mut any = false;
    let mut stones = Vec::new();
    for p in board.geometry().points() {
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        if board.chain(p) != p || in_seki[p.idx()] {
            continue;
        }
        stones.clear();
        board.for_each_stone(p, |q| stones.push(q));
        if owned_share(own, &stones, !c) >= PARAMS.dead_share {
            any = true;
            for q in &stones {
                off[q.idx()] = true;
            }
        }
    }
    if !any {
        return seki;
    }
    let lifted = board.without(&off);
    let still = dead_mask(&lifted, &static_seki(&lifted, &[]));
    seki.into_iter().filter(|p| still[p.idx()]).collect()
}

/// Small unclear chains inside the other colour's territory are dead
/// (GNU Go's reading of a finished game). Playouts cannot tell: where the
/// walls around an area have no eyes of their own, random play kills the
/// wall as often as the invader. With every small unclear chain (the
/// candidates) and every dead chain lifted off the board, Bouzy's 5/21
/// territory map ([`bouzy_territory`]) says whose area each point is; a
/// small unclear chain all of whose points fall in the other colour's
/// territory is dead. A big unclear chain keeps its influence: lifting
/// it too would hand its own small neighbours to the other colour and
/// call them dead while it lives or dies with them (game 36 of
/// docs/matches/eefa420-9x9-japanese).
fn settle_invaders(board: &Board, j: &mut Judgement) {
    if j.unclear.is_empty() {
        return;
    }
    // Dead chains exert no influence either.
    let mut off: Vec<Point> = Vec::new();
    for &p in &j.unclear {
        if board.chain(p) == p && board.chain_len(p) as usize <= PARAMS.max_invader {
            board.for_each_stone(p, |q| off.push(q));
        }
    }
    off.extend_from_slice(&j.dead);
    let lifted = dead_mask(board, &off);
    let map = bouzy_territory(board, &lifted);
    let mut dead = Vec::new();
    let mut stones = Vec::new();
    for &p in &j.unclear {
        if board.chain(p) != p {
            continue;
        }
        let Some(c) = board.stone(p).color() else {
            continue;
        };
        stones.clear();
        board.for_each_stone(p, |q| stones.push(q));
        let theirs = |v: i32| if c == Color::Black { v < 0 } else { v > 0 };
        if stones.len() <= PARAMS.max_invader && stones.iter().all(|q| theirs(map[q.idx()])) {
            dead.extend_from_slice(&stones);
        }
    }
    j.settle_dead(board, dead);
}

/// Bouzy's 5/21 territory map (the one GNU Go uses for territory): stones
/// start at +128 (black) or -128 (white), points in `lifted` count as
/// empty; 5 dilations spread each colour's influence over points that the
/// other colour does not touch, then 21 erosions wear it away wherever
/// the two meet. Positive values are black's territory, negative white's.
pub fn bouzy_territory(board: &Board, lifted: &[bool]) -> Vec<i32> {
    let geo = board.geometry();
    let mut v = vec![0i32; MAX_POINTS];
    for p in geo.points() {
        if lifted[p.idx()] {
            continue;
        }
        v[p.idx()] = match board.stone(p).color() {
            Some(Color::Black) => 128,
            Some(Color::White) => -128,
            None => 0,
        };
    }
    let on = |q: Point| board.stone(q) != Stone::Edge;
    for _ in 0..5 {
        let old = v.clone();
        for p in geo.points() {
            let (mut pos, mut neg) = (0, 0);
            for q in board.neighbours(p) {
                if on(q) {
                    pos += (old[q.idx()] > 0) as i32;
                    neg += (old[q.idx()] < 0) as i32;
                }
            }
            let x = old[p.idx()];
            if x >= 0 && neg == 0 {
                v[p.idx()] = x + pos;
            } else if x <= 0 && pos == 0 {
                v[p.idx()] = x - neg;
            }
        }
    }
    for _ in 0..21 {
        let old = v.clone();
        for p in geo.points() {
            let x = old[p.idx()];
            let mut wear = 0;
            for q in board.neighbours(p) {
                if on(q) {
                    let y = old[q.idx()];
                    wear += ((x > 0 && y <= 0) || (x < 0 && y >= 0)) as i32;
                }
            }
            v[p.idx()] = if x > 0 {
                (x - wear).max(0)
            } else if x < 0 {
                (x + wear).min(0)
            } else {
                0
            };
        }
    }
    v
}

/// Ownership of `game`'s position from `n` plain playouts without a tree,
/// each side moving first in half of them. For judging a finished
/// position: when the result is decided the search's win rates no longer
/// tell good replies from bad ones, its tree lets the winner's invasions
/// go unanswered, and its ownership calls live groups dead.
pub fn sample_ownership(game: &Game, n: u32, policy: Policy, seed: u64) -> Ownership {
    let board = game.board();
    let mut rng = SmallRng::seed_from_u64(seed ^ board.hash());
    let mut log = MoveLog::default();
    let mut black = vec![0u32; MAX_POINTS];
    let mut white = vec![0u32; MAX_POINTS];
    for i in 0..n {
        let mut b = board.clone();
        let first = if i % 2 == 0 {
            game.to_move()
        } else {
            !game.to_move()
        };
        log.clear();
        playout::playout(&mut b, first, game.komi(), policy, &mut rng, &mut log);
        b.add_area_owners(&mut black, &mut white);
    }
    let nf = n.max(1) as f32;
    Ownership {
        size: board.size(),
        hash: board.hash(),
        to_move: game.to_move(),
        samples: n,
        black: black.iter().map(|&v| v as f32 / nf).collect(),
        white: white.iter().map(|&v| v as f32 / nf).collect(),
    }
}
