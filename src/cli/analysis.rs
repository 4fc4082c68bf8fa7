//! `kosumi analysis`: the KataGo JSON analysis protocol on stdin/stdout,
//! as KataGo's "Analysis Engine" documentation describes it, for the tools
//! written for it (KaTrain, review sites, scripts).
//!
//! One JSON query a line; one JSON response a line for each analysed turn.
//! Queries run concurrently: `--threads` workers each search one turn at a
//! time on one thread, highest `priority` first, then in arrival order, so
//! answers may come out of order as KataGo's do. Values are reported from
//! Black's side (KataGo's `reportAnalysisWinratesAs = BLACK`): `winrate`,
//! `scoreLead` and `ownership` (+1 Black) alike.
//!
//! Bad input never stops the batch: a line that is not JSON, a query with
//! a missing or wrong field, an illegal move each get
//! `{"id": ..., "error": ..., "field": ...}` and the rest goes on; a field
//! kosumi does not use gets `{"id": ..., "warning": ..., "field": ...}`
//! and the query runs.

use kosumi::game::{Game, Rules};
use kosumi::search::{Limits, MoveFilter, SearchConfig, SearchInfo, Searcher};
use kosumi::types::{is_board_size, Color, Geometry, Move, Point};
use serde_json::{json, Map, Value};
use std::collections::{BinaryHeap, HashSet};
use std::io::{BufRead, Write};
use std::sync::{Arc, Condvar, Mutex};

/// Fields of a query kosumi reads; others get a warning.
const KNOWN: &[&str] = &[
    "id",
    "moves",
    "initialStones",
    "initialPlayer",
    "rules",
    "komi",
    "boardXSize",
    "boardYSize",
    "analyzeTurns",
    "maxVisits",
    "includeOwnership",
    "includePolicy",
    "avoidMoves",
    "allowMoves",
    "priority",
    "action",
];

/// One turn to analyse.
struct Job {
    priority: i64,
    seq: u64,
    id: String,
    turn: usize,
    game: Game,
    visits: u64,
    ownership: bool,
    policy: bool,
    filters: Vec<MoveFilter>,
}

impl PartialEq for Job {
    fn eq(&self, o: &Self) -> bool {
        (self.priority, self.seq) == (o.priority, o.seq)
    }
}
impl Eq for Job {}
impl PartialOrd for Job {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Job {
    /// Higher priority first, then earlier arrival.
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.priority.cmp(&o.priority).then(o.seq.cmp(&self.seq))
    }
}

/// The work queue shared by the reader and the workers.
#[derive(Default)]
struct Queue {
    jobs: BinaryHeap<Job>,
    terminated: HashSet<String>,
    closed: bool,
}

/// Writes one response line (whole lines, never interleaved).
fn emit(out: &Mutex<std::io::Stdout>, v: &Value) {
    let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(o, "{v}");
    let _ = o.flush();
}

/// Runs the protocol until stdin ends; returns the exit code.
pub fn run(
    threads: usize,
    default_visits: u64,
    learned_priors: kosumi::search::LearnedPriors,
) -> i32 {
    let queue = Arc::new((Mutex::new(Queue::default()), Condvar::new()));
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let workers: Vec<_> = (0..threads.max(1))
        .map(|w| {
            let queue = Arc::clone(&queue);
            let out = Arc::clone(&out);
            std::thread::spawn(move || worker(w, &queue, &out, learned_priors))
        })
        .collect();
    let mut seq = 0u64;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        for v in handle_line(&line, &mut seq, default_visits, &queue) {
            emit(&out, &v);
        }
    }
    {
        let mut q = queue.0.lock().unwrap_or_else(|e| e.into_inner());
        q.closed = true;
    }
    queue.1.notify_all();
    for w in workers {
        let _ = w.join();
    }
    0
}

fn worker(
    index: usize,
    queue: &(Mutex<Queue>, Condvar),
    out: &Mutex<std::io::Stdout>,
    learned_priors: kosumi::search::LearnedPriors,
) {
    let mut searcher = Searcher::new(SearchConfig {
        threads: 1,
        seed: SearchConfig::default().seed ^ index as u64,
        learned_priors,
        ..SearchConfig::default()
    });
    loop {
        let job = {
            let mut q = queue.0.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(j) = q.jobs.pop() {
                    if q.terminated.contains(&j.id) {
                        continue;
                    }
                    break Some(j);
                }
                if q.closed {
                    break None;
                }
                q = queue.1.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        let Some(job) = job else { return };
        let limits = Limits {
            playouts: Some(job.visits),
            filters: job.filters.clone(),
            ..Limits::default()
        };
        let info = searcher.search(&job.game, job.game.komi(), limits, None);
        let v = response(&job, &info, searcher.ownership());
        emit(out, &v);
    }
}

/// Parses one input line: queues its turns and returns the lines to
/// answer at once (errors, warnings, actions).
fn handle_line(
    line: &str,
    seq: &mut u64,
    default_visits: u64,
    queue: &(Mutex<Queue>, Condvar),
) -> Vec<Value> {
    let q: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return vec![json!({"error": format!("could not parse JSON: {e}")})],
    };
    let Some(obj) = q.as_object() else {
        return vec![json!({"error": "query must be a JSON object"})];
    };
    let id = match obj.get("id") {
        Some(Value::String(s)) => s.clone(),
        Some(v) if v.is_number() => v.to_string(),
        _ => return vec![json!({"error": "missing or non-string field 'id'", "field": "id"})],
    };
    let err = |field: &str, msg: String| json!({"id": id, "error": msg, "field": field});
    if let Some(action) = obj.get("action") {
        return match action.as_str() {
            Some("query_version") => vec![json!({
                "id": id, "action": "query_version",
                "version": env!("CARGO_PKG_VERSION"), "git_hash": "kosumi",
            })],
            Some("clear_cache") => vec![json!({"id": id, "action": "clear_cache"})],
            Some("terminate") | Some("terminate_all") => {
                let target = match (action.as_str(), obj.get("terminateId")) {
                    (Some("terminate"), Some(Value::String(t))) => Some(t.clone()),
                    (Some("terminate"), _) => {
                        return vec![err("terminateId", "missing field 'terminateId'".into())]
                    }
                    _ => None,
                };
                let mut qq = queue.0.lock().unwrap_or_else(|e| e.into_inner());
                match &target {
                    Some(t) => {
                        qq.terminated.insert(t.clone());
                    }
                    None => {
                        let ids: Vec<String> = qq.jobs.iter().map(|j| j.id.clone()).collect();
                        qq.terminated.extend(ids);
                    }
                }
                let mut r = json!({"id": id, "action": action});
                if let Some(t) = target {
                    r["terminateId"] = json!(t);
                }
                vec![r]
            }
            _ => vec![err("action", format!("unknown action {action}"))],
        };
    }
    let mut replies = Vec::new();
    for k in obj.keys().filter(|k| !KNOWN.contains(&k.as_str())) {
        replies.push(json!({"id": id, "warning": "unused field", "field": k}));
    }
    match build_jobs(obj, &id, seq, default_visits) {
        Ok(jobs) => {
            let mut qq = queue.0.lock().unwrap_or_else(|e| e.into_inner());
            qq.terminated.remove(&id);
            for j in jobs {
                qq.jobs.push(j);
            }
            drop(qq);
            queue.1.notify_all();
        }
        Err((field, msg)) => replies.push(err(field, msg)),
    }
    replies
}

type QueryError = (&'static str, String);

fn build_jobs(
    obj: &Map<String, Value>,
    id: &str,
    seq: &mut u64,
    default_visits: u64,
) -> Result<Vec<Job>, QueryError> {
    let size_of = |field: &'static str| -> Result<usize, QueryError> {
        let n = obj
            .get(field)
            .and_then(Value::as_u64)
            .ok_or((field, format!("missing or non-integer field '{field}'")))?;
        if !is_board_size(n as usize) {
            return Err((field, format!("board size {n} out of range (1 to 25)")));
        }
        Ok(n as usize)
    };
    let (xs, ys) = (size_of("boardXSize")?, size_of("boardYSize")?);
    if xs != ys {
        return Err((
            "boardYSize",
            format!("kosumi plays square boards only ({xs}x{ys})"),
        ));
    }
    let rules = match obj.get("rules") {
        None => Rules::Chinese,
        Some(Value::String(s)) => {
            Rules::parse(s).ok_or(("rules", format!("unknown rules '{s}'")))?
        }
        Some(_) => return Err(("rules", "rules must be a string such as \"chinese\"".into())),
    };
    let komi = match obj.get("komi") {
        None => match rules {
            Rules::Japanese => 6.5,
            Rules::Chinese => 7.5,
        },
        Some(v) => {
            let k = v
                .as_f64()
                .ok_or(("komi", "komi must be a number".to_string()))?;
            if !(k.is_finite() && k.abs() <= 150.0) || (k * 2.0).fract() != 0.0 {
                return Err((
                    "komi",
                    format!("komi {k} must be a multiple of 0.5 within 150"),
                ));
            }
            k as f32
        }
    };
    let mut game = Game::new(xs, komi, rules);
    let geo = game.geometry();
    let stones = parse_moves(obj.get("initialStones"), "initialStones", &geo)?;
    let setup: Vec<(Color, Point)> = stones
        .iter()
        .filter_map(|&(c, m)| match m {
            Move::Play(p) => Some((c, p)),
            Move::Pass => None,
        })
        .collect();
    if !setup.is_empty() {
        game.place_setup(&setup)
            .map_err(|e| ("initialStones", format!("initial stones: {e}")))?;
    }
    let moves = parse_moves(obj.get("moves"), "moves", &geo)?;
    if obj.get("moves").is_none() {
        return Err(("moves", "missing field 'moves'".into()));
    }
    let first_player = match obj.get("initialPlayer") {
        None => moves.first().map_or(Color::Black, |m| m.0),
        Some(v) => color_of(v).ok_or((
            "initialPlayer",
            "initialPlayer must be \"B\" or \"W\"".to_string(),
        ))?,
    };
    game.set_to_move(first_player);
    let turns: Vec<usize> = match obj.get("analyzeTurns") {
        None => vec![moves.len()],
        Some(Value::Array(a)) => {
            let mut t = Vec::new();
            for v in a {
                let n = v.as_u64().filter(|&n| n as usize <= moves.len()).ok_or((
                    "analyzeTurns",
                    format!("turn {v} is not between 0 and {}", moves.len()),
                ))?;
                t.push(n as usize);
            }
            t
        }
        Some(_) => {
            return Err((
                "analyzeTurns",
                "analyzeTurns must be a list of turn numbers".into(),
            ))
        }
    };
    let visits = match obj.get("maxVisits") {
        None => default_visits,
        Some(v) => v.as_u64().filter(|&n| n >= 1).ok_or((
            "maxVisits",
            "maxVisits must be a positive integer".to_string(),
        ))?,
    };
    let flag = |field: &'static str| -> Result<bool, QueryError> {
        match obj.get(field) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err((field, format!("{field} must be true or false"))),
        }
    };
    let (ownership, policy) = (flag("includeOwnership")?, flag("includePolicy")?);
    let priority = match obj.get("priority") {
        None => 0,
        Some(v) => v
            .as_i64()
            .ok_or(("priority", "priority must be an integer".to_string()))?,
    };
    let mut filters = Vec::new();
    for (field, allow) in [("avoidMoves", false), ("allowMoves", true)] {
        if let Some(v) = obj.get(field) {
            filters.extend(parse_filters(v, field, allow, &geo)?);
        }
    }
    // Play the moves, keeping the position of each turn asked for.
    let mut jobs = Vec::new();
    let mut wanted: Vec<usize> = turns.clone();
    wanted.sort_unstable();
    wanted.dedup();
    for t in 0..=moves.len() {
        if wanted.binary_search(&t).is_ok() {
            *seq += 1;
            jobs.push(Job {
                priority,
                seq: *seq,
                id: id.to_string(),
                turn: t,
                game: game.clone(),
                visits,
                ownership,
                policy,
                filters: filters.clone(),
            });
        }
        if t < moves.len() {
            let (c, m) = moves[t];
            game.play(c, m).map_err(|e| {
                (
                    "moves",
                    format!(
                        "illegal move {} {} at turn {t}: {e}",
                        c.letter(),
                        geo.move_text(m)
                    ),
                )
            })?;
        }
    }
    Ok(jobs)
}

fn color_of(v: &Value) -> Option<Color> {
    match v.as_str()?.to_ascii_uppercase().as_str() {
        "B" | "BLACK" => Some(Color::Black),
        "W" | "WHITE" => Some(Color::White),
        _ => None,
    }
}

/// `[["B", "Q4"], ["W", "pass"], ...]`.
fn parse_moves(
    v: Option<&Value>,
    field: &'static str,
    geo: &Geometry,
) -> Result<Vec<(Color, Move)>, QueryError> {
    let Some(v) = v else { return Ok(Vec::new()) };
    let list = v.as_array().ok_or((
        field,
        format!("{field} must be a list of [player, vertex] pairs"),
    ))?;
    let mut out = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        let pair = item.as_array().filter(|p| p.len() == 2);
        let parsed = pair.and_then(|p| {
            let c = color_of(&p[0])?;
            let m = geo.parse_move(p[1].as_str()?).ok()?;
            Some((c, m))
        });
        out.push(parsed.ok_or((
            field,
            format!("{field}[{i}] is not a [\"B\"|\"W\", vertex] pair on this board: {item}"),
        ))?);
    }
    Ok(out)
}

/// `[{"player": "B", "moves": ["C3", "Q4"], "untilDepth": 1}, ...]`.
fn parse_filters(
    v: &Value,
    field: &'static str,
    allow: bool,
    geo: &Geometry,
) -> Result<Vec<MoveFilter>, QueryError> {
    let bad = || {
        (
            field,
            format!("{field} must be a list of {{\"player\", \"moves\", \"untilDepth\"}}"),
        )
    };
    let mut out = Vec::new();
    for f in v.as_array().ok_or_else(bad)? {
        let color = f.get("player").and_then(color_of).ok_or_else(bad)?;
        let until_depth = f
            .get("untilDepth")
            .and_then(Value::as_u64)
            .ok_or_else(bad)? as usize;
        let mut moves = Vec::new();
        for m in f.get("moves").and_then(Value::as_array).ok_or_else(bad)? {
            moves.push(
                m.as_str()
                    .and_then(|s| geo.parse_move(s).ok())
                    .ok_or_else(bad)?,
            );
        }
        out.push(MoveFilter {
            allow,
            color,
            moves,
            until_depth,
        });
    }
    Ok(out)
}

fn move_json(geo: &Geometry, m: Move) -> Value {
    match m {
        Move::Pass => json!("pass"),
        Move::Play(p) => json!(geo.vertex(p)),
    }
}

/// One turn's response, every value from Black's side.
fn response(job: &Job, info: &SearchInfo, own: Option<&kosumi::search::Ownership>) -> Value {
    let geo = job.game.geometry();
    let to_move = job.game.to_move();
    let black = |wr: f64| {
        if to_move == Color::Black {
            wr
        } else {
            1.0 - wr
        }
    };
    let lead = |s: f64| if to_move == Color::Black { s } else { -s };
    let infos: Vec<Value> = info
        .candidates
        .iter()
        .enumerate()
        .map(|(order, c)| {
            json!({
                "move": move_json(&geo, c.mv),
                "visits": c.visits,
                "winrate": black(c.winrate),
                "scoreLead": lead(c.score_mean),
                "scoreMean": lead(c.score_mean),
                "scoreSelfplay": lead(c.score_mean),
                "prior": c.prior,
                "lcb": black(c.lcb),
                "utility": black(c.winrate) * 2.0 - 1.0,
                "order": order,
                "pv": c.pv.iter().map(|&m| move_json(&geo, m)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut r = json!({
        "id": job.id,
        "isDuringSearch": false,
        "turnNumber": job.turn,
        "moveInfos": infos,
        "rootInfo": {
            "visits": info.root_visits,
            "winrate": black(info.winrate),
            "scoreLead": lead(info.score_mean),
            "scoreSelfplay": lead(info.score_mean),
            "utility": black(info.winrate) * 2.0 - 1.0,
            "currentPlayer": to_move.letter().to_string(),
        },
    });
    let n = geo.size;
    let top_down = || {
        (0..n)
            .rev()
            .flat_map(move |y| (0..n).map(move |x| geo.point(x, y)))
    };
    if job.ownership {
        let values: Vec<f64> = match own {
            Some(o) if o.size == n => top_down().map(|p| o.value(p) as f64).collect(),
            _ => vec![0.0; n * n],
        };
        r["ownership"] = json!(values);
    }
    if job.policy {
        let board = job.game.board();
        let ranked = kosumi::predict::builtin().rank(board, to_move);
        let mut probs = vec![-1.0f64; n * n + 1];
        let index = |p: Point| {
            let (x, y) = geo.coords(p);
            (n - 1 - y) * n + x
        };
        for (p, prob) in ranked {
            if job.game.is_legal(to_move, Move::Play(p)) {
                probs[index(p)] = prob;
            }
        }
        probs[n * n] = 0.0;
        r["policy"] = json!(probs);
    }
    r
}
