//! The JSON of one analysed turn, in KataGo's analysis-engine format:
//! `moveInfos` (best first), `rootInfo`, and when asked `ownership`,
//! `ownershipStdev` and `policy`, every value from the perspective the
//! query asked for (Black's by default).

use super::query::Query;
use kosumi::game::Game;
use kosumi::search::{Ownership, SearchInfo};
use kosumi::types::{Color, Move, Point};
use serde_json::{json, Map, Value};

/// `{"id", "turnNumber", "isDuringSearch": false, "noResults": true}`:
/// the answer for a turn terminated before any playout.
pub fn no_results(id: &str, turn: usize) -> Value {
    json!({"id": id, "turnNumber": turn, "isDuringSearch": false, "noResults": true})
}

/// What is needed to answer for one turn.
pub struct Turn<'a> {
    pub query: &'a Query,
    pub turn: usize,
    pub game: &'a Game,
    /// The position's move probabilities (`Searcher::policy`) when the
    /// query asks for them.
    pub policy: Option<Vec<(Point, f64)>>,
}

fn move_json(game: &Game, m: Move) -> Value {
    match m {
        Move::Pass => json!("pass"),
        Move::Play(p) => json!(game.geometry().vertex(p)),
    }
}

/// An ownership value that is never exactly 0: the playouts' count with
/// half a playout's weight towards the stone's colour, or for an empty
/// point the side to move. KataGo's network never gives an exact 0, and
/// KaTrain draws a stone with ownership 0 as if it had none.
fn owner_value(o: &Ownership, p: Point, lean: f32) -> f32 {
    let n = o.samples as f32;
    ((o.value(p) * n + 0.5 * lean) / (n + 0.5)).clamp(-1.0, 1.0)
}

/// Standard deviation of who owns `p` at the end (+1 Black, -1 White, 0
/// nobody) over the playouts.
fn owner_stdev(o: &Ownership, p: Point) -> f32 {
    let (b, w) = (o.black[p.idx()], o.white[p.idx()]);
    let mean = b - w;
    ((b + w) - mean * mean).max(0.0).sqrt()
}

/// Ownership lists from the top row, left to right, with their standard
/// deviations; `sign` turns Black's values to the reported side.
/// `after` is the move the ownership follows, if any.
fn ownership_lists(
    t: &Turn,
    o: &Ownership,
    sign: f32,
    after: Option<(Color, Move)>,
) -> (Vec<f64>, Vec<f64>) {
    let geo = t.game.geometry();
    let board = t.game.board();
    let n = geo.size;
    let to_move = match after {
        Some((c, _)) => !c,
        None => t.game.to_move(),
    };
    let side = |c: Color| if c == Color::Black { 1.0 } else { -1.0 };
    let mut values = Vec::with_capacity(n * n);
    let mut stdevs = Vec::with_capacity(n * n);
    for y in (0..n).rev() {
        for x in 0..n {
            let p = geo.point(x, y);
            let lean = match (after, board.stone(p).color()) {
                (Some((c, Move::Play(q))), _) if q == p => side(c),
                (_, Some(c)) => side(c),
                (_, None) => side(to_move),
            };
            values.push((sign * owner_value(o, p, lean)) as f64);
            stdevs.push(owner_stdev(o, p) as f64);
        }
    }
    (values, stdevs)
}

/// The whole answer for one turn; `None` when the search ran no playout.
pub fn analysis(
    t: &Turn,
    info: &SearchInfo,
    own: Option<&Ownership>,
    during: bool,
) -> Option<Value> {
    if info.root_visits == 0 || info.candidates.is_empty() {
        return None;
    }
    let q = t.query;
    let to_move = t.game.to_move();
    let flip = q.perspective.flips(to_move);
    let wr = |w: f64| if flip { 1.0 - w } else { w };
    let sc = |s: f64| if flip { -s } else { s };
    let sign = if q.perspective.flips(Color::Black) {
        -1.0
    } else {
        1.0
    };
    let mut infos = Vec::with_capacity(info.candidates.len());
    for (order, c) in info.candidates.iter().enumerate() {
        let utility = 2.0 * c.winrate - 1.0;
        let lcb_utility = 2.0 * c.lcb - 1.0;
        let mut m = Map::new();
        m.insert("move".into(), move_json(t.game, c.mv));
        m.insert("visits".into(), json!(c.visits));
        m.insert("edgeVisits".into(), json!(c.visits));
        m.insert("winrate".into(), json!(wr(c.winrate)));
        // The mean final margin of the playouts after this move. KataGo
        // tells its scoreLead (the komi of an even game) from its
        // scoreSelfplay; the playouts give one number for both: their
        // median jumps between a group's life and death (docs/analysis.md).
        m.insert("scoreLead".into(), json!(sc(c.score_mean)));
        m.insert("scoreMean".into(), json!(sc(c.score_mean)));
        m.insert("scoreSelfplay".into(), json!(sc(c.score_mean)));
        m.insert("prior".into(), json!(c.prior));
        m.insert("utility".into(), json!(sc(utility)));
        m.insert("lcb".into(), json!(wr(c.lcb)));
        m.insert("utilityLcb".into(), json!(sc(lcb_utility)));
        m.insert("order".into(), json!(order));
        let pv: Vec<Value> = c.pv.iter().map(|&m| move_json(t.game, m)).collect();
        m.insert("pv".into(), Value::Array(pv));
        if q.pv_visits {
            m.insert("pvVisits".into(), json!(c.pv_visits));
        }
        if let (true, Some(o)) = (q.moves_ownership || q.moves_ownership_stdev, &c.ownership) {
            if o.samples > 0 {
                let (values, stdevs) = ownership_lists(t, o, sign, Some((to_move, c.mv)));
                if q.moves_ownership {
                    m.insert("ownership".into(), json!(values));
                }
                if q.moves_ownership_stdev {
                    m.insert("ownershipStdev".into(), json!(stdevs));
                }
            }
        }
        infos.push(Value::Object(m));
    }
    // The root's values are over every playout of the tree, as KataGo's
    // are: steadier than any one candidate's.
    let root_utility = 2.0 * info.root_winrate - 1.0;
    let mut r = Map::new();
    r.insert("id".into(), json!(q.id));
    r.insert("isDuringSearch".into(), json!(during));
    r.insert("turnNumber".into(), json!(t.turn));
    r.insert("moveInfos".into(), Value::Array(infos));
    r.insert(
        "rootInfo".into(),
        json!({
            "visits": info.root_visits,
            "winrate": wr(info.root_winrate),
            "scoreLead": sc(info.root_score_mean),
            "scoreSelfplay": sc(info.root_score_mean),
            "utility": sc(root_utility),
            "currentPlayer": to_move.letter().to_string(),
            "thisHash": this_hash(t.game),
            "symHash": sym_hash(t.game),
        }),
    );
    if let (true, Some(o)) = (q.ownership || q.ownership_stdev, own) {
        if o.samples > 0 {
            let (values, stdevs) = ownership_lists(t, o, sign, None);
            if q.ownership {
                r.insert("ownership".into(), json!(values));
            }
            if q.ownership_stdev {
                r.insert("ownershipStdev".into(), json!(stdevs));
            }
        }
    }
    if let Some(ranked) = &t.policy {
        r.insert("policy".into(), json!(policy(t.game, ranked)));
    }
    Some(Value::Object(r))
}

/// The move probabilities (the policy network's, or the move-prediction
/// model's), from the top row, -1 where illegal, the pass last.
fn policy(game: &Game, ranked: &[(Point, f64)]) -> Vec<f64> {
    let geo = game.geometry();
    let n = geo.size;
    let to_move = game.to_move();
    let mut probs = vec![-1.0f64; n * n + 1];
    for &(p, prob) in ranked {
        if game.is_legal(to_move, Move::Play(p)) {
            let (x, y) = geo.coords(p);
            probs[(n - 1 - y) * n + x] = prob;
        }
    }
    probs[n * n] = 0.0;
    probs
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What tells positions apart beyond the stones: the side to move and a
/// simple-ko point.
fn extras(game: &Game, ko: Option<(usize, usize)>) -> u64 {
    let side = game.to_move() as u64 + 1;
    let ko = ko.map_or(0, |(x, y)| (x * 32 + y + 1) as u64);
    mix(side << 20 | ko)
}

/// KataGo's `thisHash`: one string per position, side to move and ko.
fn this_hash(game: &Game) -> String {
    let geo = game.geometry();
    let ko = game.board().ko().map(|(p, _)| geo.coords(p));
    let h = game.board().hash() ^ extras(game, ko);
    format!("{:016X}{:016X}", h, mix(h))
}

/// KataGo's `symHash`: the same for positions equal under the board's
/// eight symmetries.
fn sym_hash(game: &Game) -> String {
    let geo = game.geometry();
    let board = game.board();
    let n = geo.size;
    let ko = board.ko().map(|(p, _)| geo.coords(p));
    let transform = |s: usize, (x, y): (usize, usize)| {
        let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
        let x = if s & 1 != 0 { n - 1 - x } else { x };
        let y = if s & 2 != 0 { n - 1 - y } else { y };
        (x, y)
    };
    let best = (0..8)
        .map(|s| {
            let mut h = 0u64;
            for y in 0..n {
                for x in 0..n {
                    if let Some(c) = board.stone(geo.point(x, y)).color() {
                        let (tx, ty) = transform(s, (x, y));
                        h = h.wrapping_add(mix(((ty * n + tx) as u64) << 2 | c as u64));
                    }
                }
            }
            h ^ extras(game, ko.map(|k| transform(s, k)))
        })
        .min()
        .unwrap_or(0);
    format!("{:016X}{:016X}", best, mix(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kosumi::game::Rules;

    #[test]
    fn symmetric_positions_share_a_sym_hash_and_not_a_this_hash() {
        let mut a = Game::new(9, 7.5, Rules::Chinese);
        let mut b = Game::new(9, 7.5, Rules::Chinese);
        let geo = a.geometry();
        a.play(Color::Black, geo.parse_move("C3").unwrap()).unwrap();
        b.play(Color::Black, geo.parse_move("G7").unwrap()).unwrap();
        assert_eq!(sym_hash(&a), sym_hash(&b));
        assert_ne!(this_hash(&a), this_hash(&b));
        let mut c = a.clone();
        c.set_to_move(Color::Black);
        assert_ne!(sym_hash(&a), sym_hash(&c), "the side to move counts");
    }

    #[test]
    fn ownership_is_never_exactly_zero() {
        let game = Game::new(9, 7.5, Rules::Chinese);
        let geo = game.geometry();
        let p = geo.point(4, 4);
        let mut o = Ownership {
            size: 9,
            hash: 0,
            to_move: Color::Black,
            samples: 10,
            black: vec![0.0; kosumi::types::MAX_POINTS],
            white: vec![0.0; kosumi::types::MAX_POINTS],
        };
        o.black[p.idx()] = 0.4;
        o.white[p.idx()] = 0.4;
        let v = owner_value(&o, p, 1.0);
        assert!(v > 0.0 && v < 0.05, "{v}");
        assert!(owner_value(&o, p, -1.0) < 0.0);
        o.black[p.idx()] = 1.0;
        o.white[p.idx()] = 0.0;
        assert!((owner_value(&o, p, -1.0) - 1.0).abs() < 0.1);
        assert!((owner_stdev(&o, p)).abs() < 1e-6);
    }
}
