//! Reading one analysis query: every field KataGo's analysis engine
//! documents, checked as KataGo checks it, into a [`Query`] whose turns
//! the workers search. A field of the wrong type or out of range is an
//! error naming it; a field kosumi knows but cannot honour is a warning,
//! and the query runs.

use super::rules::KataRules;
use kosumi::game::{Game, Rules};
use kosumi::search::MoveFilter;
use kosumi::types::{is_board_size, Color, Geometry, Move, Point};
use serde_json::{Map, Value};

/// Moves a query may hold: longer than any real game, short enough that
/// replaying one stays cheap (a `Game` keeps a board per move).
pub const MAX_MOVES: usize = 10_000;

/// Largest `maxVisits` KataGo accepts.
const MAX_VISITS: u64 = 1 << 50;

/// Whose side the reported values take (`reportAnalysisWinratesAs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    Black,
    White,
    SideToMove,
}

impl Perspective {
    fn parse(s: &str) -> Option<Perspective> {
        match s.to_ascii_uppercase().as_str() {
            "BLACK" => Some(Perspective::Black),
            "WHITE" => Some(Perspective::White),
            "SIDETOMOVE" => Some(Perspective::SideToMove),
            _ => None,
        }
    }

    /// Whether values for `to_move` are reported from the other side.
    pub fn flips(self, to_move: Color) -> bool {
        match self {
            Perspective::Black => to_move == Color::White,
            Perspective::White => to_move == Color::Black,
            Perspective::SideToMove => false,
        }
    }
}

/// Settings every query starts from (the command line's).
#[derive(Clone, Debug)]
pub struct Defaults {
    pub visits: u64,
    /// Seconds; KataGo's `maxTime`.
    pub max_time: f64,
    /// Search threads a query may use (the searchers' pools).
    pub threads: usize,
}

/// One parsed query: the position of every turn it asks for, and how to
/// search and report them.
#[derive(Debug)]
pub struct Query {
    pub id: String,
    pub size: usize,
    pub komi: f32,
    pub rules: Rules,
    pub setup: Vec<(Color, Point)>,
    pub moves: Vec<(Color, Move)>,
    /// Side to move at turn 0.
    pub first_player: Color,
    /// Turns to analyse, ascending, each with its priority.
    pub turns: Vec<(usize, i64)>,
    pub visits: u64,
    pub max_time: f64,
    /// Threads of one search (`overrideSettings.numSearchThreads`).
    pub threads: Option<usize>,
    pub perspective: Perspective,
    pub pv_len: usize,
    pub ownership: bool,
    pub ownership_stdev: bool,
    pub moves_ownership: bool,
    pub moves_ownership_stdev: bool,
    pub policy: bool,
    pub pv_visits: bool,
    /// Seconds between `isDuringSearch` reports, and before the first.
    pub report_every: Option<f64>,
    pub first_report_after: Option<f64>,
    pub filters: Vec<MoveFilter>,
}

impl Query {
    /// The game at the start of the record (setup stones placed).
    pub fn start(&self) -> Game {
        let mut game = Game::new(self.size, self.komi, self.rules);
        if !self.setup.is_empty() {
            // Checked when the query was read.
            let _ = game.place_setup(&self.setup);
        }
        game.set_to_move(self.first_player);
        game
    }

    /// Plays the record's moves from `game` at turn `from` up to turn
    /// `to`. The moves were checked when the query was read.
    pub fn advance(&self, game: &mut Game, from: usize, to: usize) {
        for &(c, m) in &self.moves[from..to] {
            let _ = game.play_record(c, m);
        }
    }
}

/// A query that cannot run: the field at fault and why. KataGo's answer
/// is `{"id", "field", "error"}`.
#[derive(Debug, PartialEq)]
pub struct FieldError {
    pub field: &'static str,
    pub message: String,
}

fn fail<T>(field: &'static str, message: impl Into<String>) -> Result<T, FieldError> {
    Err(FieldError {
        field,
        message: message.into(),
    })
}

/// What parsing a query gives: the query, or the error that stops it,
/// and the warnings to answer either way.
pub struct Parsed {
    pub query: Result<Query, FieldError>,
    pub warnings: Vec<(String, String)>,
}

/// Top-level fields kosumi reads.
const FIELDS: &[&str] = &[
    "id",
    "moves",
    "initialStones",
    "initialPlayer",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "boardXSize",
    "boardYSize",
    "analyzeTurns",
    "maxVisits",
    "analysisPVLen",
    "includeOwnership",
    "includeOwnershipStdev",
    "includeMovesOwnership",
    "includeMovesOwnershipStdev",
    "includePolicy",
    "includePVVisits",
    "avoidMoves",
    "allowMoves",
    "overrideSettings",
    "reportDuringSearchEvery",
    "firstReportDuringSearchAfter",
    "priority",
    "priorities",
    "rootPolicyTemperature",
    "rootFpuReductionMax",
];

/// KataGo search parameters that kosumi's search has no counterpart for:
/// accepted in `overrideSettings` without effect (KaTrain sends
/// `wideRootNoise` with every query). Any other unknown key is warned
/// about, as KataGo does.
const WITHOUT_EFFECT: &[&str] = &[
    "wideRootNoise",
    "antiMirror",
    "humanSLProfile",
    "ignorePreRootHistory",
    "playoutDoublingAdvantage",
    "playoutDoublingAdvantagePla",
    "rootPolicyTemperature",
    "rootPolicyTemperatureEarly",
    "rootFpuReductionMax",
    "rootNumSymmetriesToSample",
    "rootNoiseEnabled",
    "rootDirichletNoiseTotalConcentration",
    "rootDirichletNoiseWeight",
    "cpuctExploration",
    "cpuctExplorationLog",
    "cpuctUtilityStdevPrior",
    "fpuReductionMax",
    "fpuLossProp",
    "winLossUtilityFactor",
    "staticScoreUtilityFactor",
    "dynamicScoreUtilityFactor",
    "dynamicScoreCenterScale",
    "dynamicScoreCenterZeroWeight",
    "nnPolicyTemperature",
    "conservativePass",
    "subtreeValueBiasFactor",
    "useLcbForSelection",
    "lcbStdevs",
    "minVisitPropForLCB",
    "useUncertainty",
    "useNoisePruning",
    "valueWeightExponent",
    "humanSLChosenMoveProp",
    "humanSLChosenMoveIgnorePass",
    "humanSLChosenMovePiklLambda",
    "humanSLCpuctExploration",
    "humanSLCpuctPermanent",
    "humanSLRootExploreProbWeightless",
    "humanSLRootExploreProbWeightful",
    "humanSLPlaExploreProbWeightless",
    "humanSLPlaExploreProbWeightful",
    "humanSLOppExploreProbWeightless",
    "humanSLOppExploreProbWeightful",
    "chosenMoveTemperature",
    "chosenMoveTemperatureEarly",
    "avoidRepeatedPatternUtility",
];

/// Parses one query object (the `action` queries are not handled here).
pub fn parse(obj: &Map<String, Value>, id: &str, defaults: &Defaults) -> Parsed {
    let mut warnings = Vec::new();
    for k in obj.keys().filter(|k| !FIELDS.contains(&k.as_str())) {
        warnings.push((k.clone(), "unused field".to_string()));
    }
    let query = parse_fields(obj, id, defaults, &mut warnings);
    Parsed { query, warnings }
}

fn integer(
    obj: &Map<String, Value>,
    field: &'static str,
    lo: i64,
    hi: i64,
    msg: &str,
) -> Result<Option<i64>, FieldError> {
    match obj.get(field) {
        None => Ok(None),
        Some(v) => match v.as_i64() {
            Some(x) if (lo..=hi).contains(&x) => Ok(Some(x)),
            _ => fail(field, format!("{msg}, not {}", shown(v))),
        },
    }
}

fn number(
    obj: &Map<String, Value>,
    field: &'static str,
    lo: f64,
    hi: f64,
    msg: &str,
) -> Result<Option<f64>, FieldError> {
    match obj.get(field) {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(x) if x.is_finite() && (lo..=hi).contains(&x) => Ok(Some(x)),
            _ => fail(field, format!("{msg}, not {}", shown(v))),
        },
    }
}

fn boolean(obj: &Map<String, Value>, field: &'static str) -> Result<bool, FieldError> {
    match obj.get(field) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => fail(field, format!("must be true or false, not {}", shown(v))),
    }
}

/// A value as it appears in an error, cut short.
pub fn shown(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        let cut: String = s.chars().take(57).collect();
        format!("{cut}...")
    } else {
        s
    }
}

/// `"B"`, `"w"`, `"black"`...
pub fn color_of(v: &Value) -> Option<Color> {
    match v.as_str()?.to_ascii_uppercase().as_str() {
        "B" | "BLACK" => Some(Color::Black),
        "W" | "WHITE" => Some(Color::White),
        _ => None,
    }
}

/// A GTP vertex (`Q4`, `pass`) or KataGo's explicit `(x,y)`, x from the
/// left and y from the top, both from 0.
pub fn parse_location(s: &str, geo: &Geometry) -> Option<Move> {
    let t = s.trim();
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let (x, y) = inner.split_once(',')?;
        let x: usize = x.trim().parse().ok()?;
        let y: usize = y.trim().parse().ok()?;
        if x >= geo.size || y >= geo.size {
            return None;
        }
        return Some(Move::Play(geo.point(x, geo.size - 1 - y)));
    }
    geo.parse_move(t).ok()
}

/// `[["B", "Q4"], ["W", "pass"], ...]`; `allow_pass` false for setup stones.
fn moves_of(
    v: &Value,
    field: &'static str,
    geo: &Geometry,
    allow_pass: bool,
) -> Result<Vec<(Color, Move)>, FieldError> {
    let form = "must be an array of pairs of the form [\"b\" or \"w\", GTP board vertex]";
    let Some(list) = v.as_array() else {
        return fail(field, form);
    };
    if list.len() > MAX_MOVES {
        return fail(
            field,
            format!("{} entries; at most {MAX_MOVES} are analysed", list.len()),
        );
    }
    let mut out = Vec::with_capacity(list.len());
    for item in list {
        let Some([p, l]) = item
            .as_array()
            .map(Vec::as_slice)
            .and_then(|a| <&[Value; 2]>::try_from(a).ok())
        else {
            return fail(field, form);
        };
        let Some(c) = color_of(p) else {
            return fail(field, format!("could not parse player: {}", shown(p)));
        };
        let m = l.as_str().and_then(|s| parse_location(s, geo));
        match m {
            Some(Move::Pass) if !allow_pass => {
                return fail(field, "a setup stone cannot be a pass")
            }
            Some(m) => out.push((c, m)),
            None => {
                return fail(
                    field,
                    format!("could not parse board location: {}", shown(l)),
                )
            }
        }
    }
    Ok(out)
}

fn parse_fields(
    obj: &Map<String, Value>,
    id: &str,
    defaults: &Defaults,
    warnings: &mut Vec<(String, String)>,
) -> Result<Query, FieldError> {
    let _ = id;
    // Board size first: every vertex depends on it.
    let size_msg = "must be an integer from 1 to 25";
    let mut sizes = [0usize; 2];
    for (i, field) in ["boardXSize", "boardYSize"].into_iter().enumerate() {
        match integer(obj, field, 1, 25, size_msg)? {
            Some(n) => sizes[i] = n as usize,
            None => return fail(field, format!("missing; {size_msg}")),
        }
    }
    let [xs, ys] = sizes;
    if xs != ys {
        return fail(
            "boardYSize",
            format!("kosumi analyses square boards only, not {xs}x{ys} (boardXSize {xs}, boardYSize {ys})"),
        );
    }
    debug_assert!(is_board_size(xs));
    let geo = Geometry::new(xs);

    let setup_moves = match obj.get("initialStones") {
        None => Vec::new(),
        Some(v) => moves_of(v, "initialStones", &geo, false)?,
    };
    let moves = match obj.get("moves") {
        None => {
            return fail(
                "moves",
                "missing; must be an array of [player, vertex] pairs (empty for none)",
            )
        }
        Some(v) => moves_of(v, "moves", &geo, true)?,
    };
    let setup: Vec<(Color, Point)> = setup_moves
        .iter()
        .filter_map(|&(c, m)| match m {
            Move::Play(p) => Some((c, p)),
            Move::Pass => None,
        })
        .collect();

    // Handicap stones, as KataGo counts them: the black setup stones on a
    // board without white ones, and Black's moves in a row at the start.
    let black_setup = setup.iter().filter(|s| s.0 == Color::Black).count();
    let white_setup = setup.len() - black_setup;
    let leading_black = moves.iter().take_while(|m| m.0 == Color::Black).count();
    let mut handicap = if white_setup == 0 { black_setup } else { 0 };
    if leading_black >= 2 {
        handicap += leading_black;
    }
    if handicap < 2 {
        handicap = 0;
    }

    let first_player = match obj.get("initialPlayer") {
        Some(v) => color_of(v).ok_or(FieldError {
            field: "initialPlayer",
            message: format!("must be \"b\" or \"w\", not {}", shown(v)),
        })?,
        None => match moves.first() {
            Some(m) => m.0,
            None if handicap > 0 => Color::White,
            None => Color::Black,
        },
    };

    let turns = turns_of(obj, moves.len())?;

    let mut rules = match obj.get("rules") {
        None => KataRules::named("chinese").expect("a known rule set"),
        Some(v) => KataRules::from_json(v).map_err(|m| FieldError {
            field: "rules",
            message: m,
        })?,
    };
    if let Some(v) = obj.get("whiteHandicapBonus") {
        let ok = v
            .as_str()
            .and_then(|s| rules.set_white_handicap_bonus(s).then_some(()));
        if ok.is_none() {
            return fail(
                "whiteHandicapBonus",
                format!("must be \"0\", \"N\" or \"N-1\", not {}", shown(v)),
            );
        }
    }
    if let Some(w) = rules.approximation() {
        warnings.push(("rules".into(), w));
    }
    let komi_msg = "must be an integer or half-integer from -150 to 150";
    let komi = match number(obj, "komi", -150.0, 150.0, komi_msg)? {
        Some(k) if (k * 2.0).fract() != 0.0 => return fail("komi", format!("{komi_msg}, not {k}")),
        Some(k) => k as f32,
        None => rules.default_komi(),
    };
    let komi = komi + rules.white_handicap_bonus(handicap) as f32;

    let mut visits = defaults.visits;
    let mut max_time = defaults.max_time;
    let mut threads = None;
    let mut perspective = Perspective::Black;
    let mut pv_len = 15usize;
    if let Some(v) = obj.get("overrideSettings") {
        let Some(settings) = v.as_object() else {
            return fail(
                "overrideSettings",
                format!("must be an object, not {}", shown(v)),
            );
        };
        let mut unknown = Vec::new();
        for (k, v) in settings {
            // KataGo reads every setting as text: "500" and 500 alike.
            let text = match v {
                Value::String(s) => s.trim().to_string(),
                other => other.to_string(),
            };
            let bad = |what: &str| {
                fail::<()>(
                    "overrideSettings",
                    format!("could not set {k}: must be {what}, not {}", shown(v)),
                )
            };
            match k.as_str() {
                "maxVisits" | "maxPlayouts" => match text.parse::<u64>() {
                    Ok(n) if (1..=MAX_VISITS).contains(&n) => visits = n,
                    _ => bad("an integer from 1 to 2^50")?,
                },
                "maxTime" => match text.parse::<f64>() {
                    Ok(t) if t > 0.0 && !t.is_nan() => max_time = t,
                    _ => bad("a positive number of seconds")?,
                },
                "numSearchThreads" | "numSearchThreadsPerAnalysisThread" => {
                    match text.parse::<usize>() {
                        Ok(n) if n >= 1 => {
                            if n > defaults.threads {
                                warnings.push((
                                    "overrideSettings".into(),
                                    format!("{k} {n}: kosumi searches with at most {} threads (--threads)", defaults.threads),
                                ));
                            }
                            threads = Some(n.min(defaults.threads));
                        }
                        _ => bad("a positive integer")?,
                    }
                }
                "reportAnalysisWinratesAs" => match Perspective::parse(&text) {
                    Some(p) => perspective = p,
                    None => bad("BLACK, WHITE or SIDETOMOVE")?,
                },
                "analysisPVLen" => match text.parse::<usize>() {
                    Ok(n) if (1..=1000).contains(&n) => pv_len = n,
                    _ => bad("an integer from 1 to 1000")?,
                },
                k if WITHOUT_EFFECT.contains(&k) => {
                    log::debug!("overrideSettings.{k}: kosumi's search has no such setting")
                }
                _ => unknown.push(k.clone()),
            }
        }
        if !unknown.is_empty() {
            warnings.push((
                "overrideSettings".into(),
                format!("Unknown config params: {}", unknown.join(",")),
            ));
        }
    }
    if let Some(n) = integer(
        obj,
        "maxVisits",
        1,
        MAX_VISITS as i64,
        "must be an integer from 1 to 2^50",
    )? {
        visits = n as u64;
    }
    if let Some(n) = integer(
        obj,
        "analysisPVLen",
        1,
        1000,
        "must be an integer from 1 to 1000",
    )? {
        pv_len = n as usize;
    }
    for field in ["rootPolicyTemperature", "rootFpuReductionMax"] {
        if number(obj, field, 0.0, 100.0, "must be a number from 0 to 100")?.is_some() {
            warnings.push((
                field.to_string(),
                "kosumi's search has no such setting; ignored".into(),
            ));
        }
    }
    let report_msg = "must be a number of seconds from 0.001 to 1000000";
    let report_every = number(obj, "reportDuringSearchEvery", 0.001, 1e6, report_msg)?;
    let first_report_after =
        number(obj, "firstReportDuringSearchAfter", 0.001, 1e6, report_msg)?.or(report_every);

    let mut filters = Vec::new();
    match (obj.get("avoidMoves"), obj.get("allowMoves")) {
        (Some(_), Some(_)) => {
            return fail("allowMoves", "cannot give both allowMoves and avoidMoves")
        }
        (Some(v), None) => filters = filters_of(v, "avoidMoves", false, &geo)?,
        (None, Some(v)) => {
            filters = filters_of(v, "allowMoves", true, &geo)?;
            if filters.len() > 1 {
                return fail("allowMoves", "allowMoves takes one entry only");
            }
        }
        (None, None) => {}
    }

    let priority_msg = "must be an integer from -2^62 to 2^62";
    let bound = 1i64 << 62;
    let priority = integer(obj, "priority", -bound, bound, priority_msg)?;
    let mut turns: Vec<(usize, i64)> = turns
        .into_iter()
        .map(|t| (t, priority.unwrap_or(0)))
        .collect();
    if let Some(v) = obj.get("priorities") {
        if priority.is_some() {
            return fail("priority", "cannot give both priority and priorities");
        }
        let Some(Value::Array(asked)) = obj.get("analyzeTurns") else {
            return fail("priorities", "can only be given with analyzeTurns");
        };
        let list = v
            .as_array()
            .filter(|l| l.len() == asked.len())
            .ok_or(FieldError {
                field: "priorities",
                message: "must be an array of integers as long as analyzeTurns".into(),
            })?;
        let mut by_turn = std::collections::HashMap::new();
        for (t, p) in asked.iter().zip(list) {
            match p.as_i64() {
                Some(p) if (-bound..=bound).contains(&p) => {
                    by_turn.insert(t.as_u64().unwrap_or(0) as usize, p);
                }
                _ => return fail("priorities", format!("{priority_msg}, not {}", shown(p))),
            }
        }
        for t in &mut turns {
            t.1 = by_turn.get(&t.0).copied().unwrap_or(0);
        }
    }

    let query = Query {
        id: id.to_string(),
        size: xs,
        komi,
        rules: rules.kosumi(),
        setup,
        moves,
        first_player,
        turns,
        visits,
        max_time,
        threads,
        perspective,
        pv_len,
        ownership: boolean(obj, "includeOwnership")?,
        ownership_stdev: boolean(obj, "includeOwnershipStdev")?,
        moves_ownership: boolean(obj, "includeMovesOwnership")?,
        moves_ownership_stdev: boolean(obj, "includeMovesOwnershipStdev")?,
        policy: boolean(obj, "includePolicy")?,
        pv_visits: boolean(obj, "includePVVisits")?,
        report_every,
        first_report_after: report_every.and(first_report_after),
        filters,
    };
    check_record(&query)?;
    Ok(query)
}

/// `analyzeTurns`: sorted and without repeats; by default the last turn.
fn turns_of(obj: &Map<String, Value>, moves: usize) -> Result<Vec<usize>, FieldError> {
    let Some(v) = obj.get("analyzeTurns") else {
        return Ok(vec![moves]);
    };
    let Some(list) = v.as_array() else {
        return fail(
            "analyzeTurns",
            format!("must be an array of turn numbers, not {}", shown(v)),
        );
    };
    let mut turns = Vec::with_capacity(list.len().min(moves + 1));
    for t in list {
        match t.as_u64() {
            Some(n) if n as usize <= moves => turns.push(n as usize),
            _ => {
                return fail(
                    "analyzeTurns",
                    format!(
                        "invalid turn number: {} (the record has turns 0 to {moves})",
                        shown(t)
                    ),
                )
            }
        }
    }
    turns.sort_unstable();
    turns.dedup();
    Ok(turns)
}

/// Plays the record once: setup stones that do not fit, and the first
/// illegal move, are refused in KataGo's words (`Illegal move N: LOC`,
/// which KaTrain matches).
fn check_record(q: &Query) -> Result<(), FieldError> {
    let mut game = Game::new(q.size, q.komi, q.rules);
    if !q.setup.is_empty() {
        game.place_setup(&q.setup).map_err(|e| FieldError {
            field: "initialStones",
            message: format!("initial stones: {e}"),
        })?;
    }
    game.set_to_move(q.first_player);
    let geo = game.geometry();
    for (turn, &(c, m)) in q.moves.iter().enumerate() {
        if let Err(e) = game.play_record(c, m) {
            let loc = match m {
                Move::Pass => "pass".to_string(),
                Move::Play(p) => geo.vertex(p),
            };
            return fail(
                "moves",
                format!("Illegal move {turn}: {loc} ({} {e})", c.letter()),
            );
        }
    }
    Ok(())
}

/// `[{"player": "B", "moves": ["C3", "pass"], "untilDepth": 1}, ...]`.
fn filters_of(
    v: &Value,
    field: &'static str,
    allow: bool,
    geo: &Geometry,
) -> Result<Vec<MoveFilter>, FieldError> {
    let form = "must be an array of objects with 'player', 'moves' and 'untilDepth'";
    let Some(list) = v.as_array() else {
        return fail(field, form);
    };
    let mut out = Vec::with_capacity(list.len());
    for f in list {
        let (Some(p), Some(ms), Some(d)) = (f.get("player"), f.get("moves"), f.get("untilDepth"))
        else {
            return fail(field, form);
        };
        let Some(color) = color_of(p) else {
            return fail(
                field,
                format!("player must be \"b\" or \"w\", not {}", shown(p)),
            );
        };
        let until_depth = match d.as_u64() {
            Some(n) if (1..=1_000_000_000).contains(&n) => n as usize,
            _ => {
                return fail(
                    field,
                    format!("untilDepth must be a positive integer, not {}", shown(d)),
                )
            }
        };
        let Some(list) = ms.as_array() else {
            return fail(field, "moves must be an array of GTP board vertices");
        };
        let mut moves = Vec::with_capacity(list.len());
        for m in list {
            match m.as_str().and_then(|s| parse_location(s, geo)) {
                Some(m) => moves.push(m),
                None => {
                    return fail(
                        field,
                        format!("could not parse board location: {}", shown(m)),
                    )
                }
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn defaults() -> Defaults {
        Defaults {
            visits: 500,
            max_time: 300.0,
            threads: 2,
        }
    }

    fn parse_value(v: Value) -> Parsed {
        parse(v.as_object().unwrap(), "q", &defaults())
    }

    fn query(v: Value) -> Query {
        let p = parse_value(v);
        p.query.unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn error(v: Value) -> FieldError {
        parse_value(v).query.expect_err("an error")
    }

    #[test]
    fn explicit_coordinates_count_rows_from_the_top() {
        let geo = Geometry::new(19);
        assert_eq!(parse_location("(0,0)", &geo), geo.parse_move("A19").ok());
        assert_eq!(parse_location("(3, 15)", &geo), geo.parse_move("D4").ok());
        assert_eq!(parse_location("(19,0)", &geo), None);
        assert_eq!(parse_location("pass", &geo), Some(Move::Pass));
    }

    #[test]
    fn an_illegal_move_reads_as_katago_writes_it() {
        let e = error(
            json!({"moves": [["B", "E5"], ["W", "C3"], ["B", "C3"]], "boardXSize": 9, "boardYSize": 9}),
        );
        assert_eq!(e.field, "moves");
        assert!(e.message.starts_with("Illegal move 2: C3"), "{}", e.message);
    }

    #[test]
    fn override_settings_bound_the_search_and_ignore_katago_only_knobs() {
        let p = parse_value(json!({
            "moves": [], "boardXSize": 9, "boardYSize": 9, "maxVisits": 100,
            "overrideSettings": {"maxTime": 8.0, "wideRootNoise": 0.04, "antiMirror": true,
                                 "reportAnalysisWinratesAs": "SIDETOMOVE", "frobnicate": 1}
        }));
        let q = p.query.unwrap();
        assert_eq!((q.visits, q.max_time), (100, 8.0));
        assert_eq!(q.perspective, Perspective::SideToMove);
        assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
        assert_eq!(p.warnings[0].0, "overrideSettings");
        assert!(p.warnings[0].1.contains("frobnicate"));
        // maxVisits in the settings, as text.
        let q = query(json!({"moves": [], "boardXSize": 9, "boardYSize": 9,
                             "overrideSettings": {"maxVisits": "77"}}));
        assert_eq!(q.visits, 77);
        let e = error(json!({"moves": [], "boardXSize": 9, "boardYSize": 9,
                             "overrideSettings": {"maxTime": -1}}));
        assert_eq!(e.field, "overrideSettings");
    }

    #[test]
    fn chinese_rules_give_white_a_point_a_handicap_stone() {
        let stones = json!([["B", "D4"], ["B", "Q16"], ["B", "D16"]]);
        let q = query(
            json!({"moves": [], "initialStones": stones, "rules": "chinese",
                             "komi": 0.5, "boardXSize": 19, "boardYSize": 19}),
        );
        assert_eq!(q.komi, 3.5);
        assert_eq!(q.first_player, Color::White);
        let q = query(
            json!({"moves": [], "initialStones": stones, "rules": "japanese",
                             "komi": 0.5, "boardXSize": 19, "boardYSize": 19}),
        );
        assert_eq!((q.komi, q.rules), (0.5, Rules::Japanese));
        let q = query(json!({"moves": [], "initialStones": stones, "rules": "aga",
                             "komi": 0.5, "boardXSize": 19, "boardYSize": 19}));
        assert_eq!(q.komi, 2.5);
    }

    #[test]
    fn priorities_follow_their_turns() {
        let q = query(
            json!({"moves": [["B", "E5"], ["W", "C3"]], "boardXSize": 9, "boardYSize": 9,
                             "analyzeTurns": [2, 0], "priorities": [5, -3]}),
        );
        assert_eq!(q.turns, vec![(0, -3), (2, 5)]);
        let e = error(json!({"moves": [], "boardXSize": 9, "boardYSize": 9,
                             "analyzeTurns": [0], "priorities": [1, 2]}));
        assert_eq!(e.field, "priorities");
    }

    #[test]
    fn too_long_a_record_is_refused_before_it_is_played() {
        let passes: Vec<Value> = (0..=MAX_MOVES).map(|_| json!(["B", "pass"])).collect();
        let e = error(json!({"moves": passes, "boardXSize": 9, "boardYSize": 9}));
        assert_eq!(e.field, "moves");
    }
}
