//! The command table: one static list drives dispatch, `list_commands` and
//! `known_command`, so they cannot drift apart.

use super::args::quote;
use super::{Args, Ctx, GtpError, Reply};
use crate::engine::{Decision, Engine, GenMode};
use crate::game::{self, Rules};
use crate::search::time::{TimeControl, TimeLeft};
use crate::search::MoveFilter;
use crate::types::{is_board_size, Color, Move, Point, Stone};

type Handler = fn(&mut Engine, &mut Args, &mut Ctx) -> Result<Reply, GtpError>;

/// One GTP command.
pub struct Command {
    pub name: &'static str,
    pub handler: Handler,
}

const fn cmd(name: &'static str, handler: Handler) -> Command {
    Command { name, handler }
}

/// Every command, in the order `list_commands` prints them.
pub static COMMANDS: &[Command] = &[
    cmd("protocol_version", protocol_version),
    cmd("name", name),
    cmd("version", version),
    cmd("known_command", known_command),
    cmd("list_commands", list_commands),
    cmd("quit", quit),
    cmd("boardsize", boardsize),
    cmd("clear_board", clear_board),
    cmd("komi", komi),
    cmd("play", play),
    cmd("undo", undo),
    cmd("is_legal", is_legal),
    cmd("showboard", showboard),
    cmd("genmove", genmove),
    cmd("reg_genmove", reg_genmove),
    cmd("restricted_genmove", restricted_genmove),
    cmd("attack", attack),
    cmd("defend", defend),
    cmd("kgs-genmove_cleanup", kgs_genmove_cleanup),
    cmd("fixed_handicap", fixed_handicap),
    cmd("place_free_handicap", place_free_handicap),
    cmd("set_free_handicap", set_free_handicap),
    cmd("final_score", final_score),
    cmd("final_status_list", final_status_list),
    cmd("time_settings", time_settings),
    cmd("time_left", time_left),
    cmd("kgs-time_settings", kgs_time_settings),
    cmd("kgs-rules", kgs_rules),
    cmd("kgs-game_over", kgs_game_over),
    cmd("loadsgf", loadsgf),
    cmd("printsgf", printsgf),
    cmd("cputime", cputime),
    cmd("bench", bench),
    cmd("lz-analyze", super::analysis::lz_analyze),
    cmd("kata-analyze", super::analysis::kata_analyze),
    cmd("lz-genmove_analyze", super::analysis::lz_genmove_analyze),
    cmd(
        "kata-genmove_analyze",
        super::analysis::kata_genmove_analyze,
    ),
    cmd("gogui-analyze_commands", super::gogui::analyze_commands),
    cmd("gogui-interrupt", super::gogui::interrupt),
    cmd("kosumi-ownership", super::gogui::ownership),
    cmd("kosumi-visits", super::gogui::visits),
    cmd("kosumi-winrates", super::gogui::winrates),
    cmd("kosumi-pv", super::gogui::pv),
    cmd("kosumi-summary", super::gogui::summary_command),
    cmd("kosumi-dead_stones", super::gogui::dead_stones),
    cmd("kosumi-policy", super::gogui::policy),
];

/// The command called exactly `name`, if any (never a prefix match).
pub fn find(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

fn text(s: impl Into<String>) -> Result<Reply, GtpError> {
    Ok(Reply::Text(s.into()))
}

fn empty() -> Result<Reply, GtpError> {
    text("")
}

fn protocol_version(_: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    text("2")
}

fn name(_: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    text("kosumi")
}

/// `major.minor`: Lizzie wants a version that looks like X.Y.
pub fn version_text() -> String {
    let mut parts = env!("CARGO_PKG_VERSION").split('.');
    format!(
        "{}.{}",
        parts.next().unwrap_or("0"),
        parts.next().unwrap_or("0")
    )
}

fn version(_: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    text(version_text())
}

fn known_command(_: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let n = a.word("command name")?;
    a.end()?;
    text(if find(n).is_some() { "true" } else { "false" })
}

fn list_commands(_: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    text(
        COMMANDS
            .iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

fn quit(_: &mut Engine, _: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    Ok(Reply::Quit(String::new()))
}

fn boardsize(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let t = a.word("size")?;
    a.end()?;
    let digits = t.trim_start_matches(['+', '-']);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(GtpError::syntax(format!(
            "size must be an integer, got {}",
            quote(t)
        )));
    }
    match t.parse::<usize>() {
        Ok(n) if is_board_size(n) => {
            e.new_game(n);
            empty()
        }
        _ => Err(GtpError::new("unacceptable size")),
    }
}

fn clear_board(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    e.new_game(e.game().size());
    empty()
}

fn komi(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let k = a.float("komi")?;
    a.end()?;
    if k.abs() > 10_000.0 {
        // Quoted and cut: a huge number prints hundreds of digits.
        return Err(GtpError::syntax(format!(
            "komi {} out of range",
            quote(&k.to_string())
        )));
    }
    e.set_komi(k as f32);
    empty()
}

fn play(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let c = a.color()?;
    let m = a.vertex(&e.game().geometry())?;
    a.end()?;
    e.play(c, m).map_err(|_| GtpError::new("illegal move"))?;
    empty()
}

fn is_legal(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let c = a.color()?;
    let m = a.vertex(&e.game().geometry())?;
    a.end()?;
    text(if e.game().is_legal(c, m) { "1" } else { "0" })
}

fn undo(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    if e.undo() {
        empty()
    } else {
        Err(GtpError::new("cannot undo"))
    }
}

fn showboard(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let g = e.game();
    let b = g.board();
    let mut s = String::from("\n");
    s.push_str(&b.to_display());
    s.push_str(&format!(
        "{} to move, komi {}, {} rules, captures: black {} white {}",
        g.to_move().name(),
        g.komi(),
        g.rules().name(),
        b.prisoners(Color::Black),
        b.prisoners(Color::White)
    ));
    text(s)
}

fn board_is_empty(e: &Engine) -> bool {
    let n = e.game().size();
    e.game().board().empty_points().len() == n * n && e.game().move_count() == 0
}

fn vertices_text(e: &Engine, pts: &[Point]) -> String {
    let geo = e.game().geometry();
    pts.iter()
        .map(|&p| geo.vertex(p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn fixed_handicap(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let n = a.int("number of stones")?;
    a.end()?;
    if !board_is_empty(e) {
        return Err(GtpError::new("board not empty"));
    }
    let n = usize::try_from(n).map_err(|_| GtpError::new("invalid handicap"))?;
    let pts = game::fixed_handicap_points(e.game().size(), n)
        .ok_or_else(|| GtpError::new("invalid handicap"))?;
    e.set_handicap(&pts).map_err(GtpError::new)?;
    text(vertices_text(e, &pts))
}

fn place_free_handicap(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let n = a.int("number of stones")?;
    a.end()?;
    if !board_is_empty(e) {
        return Err(GtpError::new("board not empty"));
    }
    let size = e.game().size();
    if n < 2 || n as usize >= size * size {
        return Err(GtpError::new("invalid number of stones"));
    }
    let pts = game::free_handicap_points(size, n as usize);
    if pts.len() < 2 {
        return Err(GtpError::new("invalid number of stones"));
    }
    e.set_handicap(&pts).map_err(GtpError::new)?;
    text(vertices_text(e, &pts))
}

fn set_free_handicap(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let geo = e.game().geometry();
    let mut pts = Vec::new();
    while a.remaining() > 0 {
        match a.vertex(&geo)? {
            Move::Pass => return Err(GtpError::new("bad vertex list")),
            Move::Play(p) => {
                if pts.contains(&p) {
                    return Err(GtpError::new("bad vertex list"));
                }
                pts.push(p);
            }
        }
    }
    if !board_is_empty(e) {
        return Err(GtpError::new("board not empty"));
    }
    let size = e.game().size();
    if pts.len() < 2 || pts.len() >= size * size {
        return Err(GtpError::new("invalid number of stones"));
    }
    e.set_handicap(&pts)
        .map_err(|_| GtpError::new("bad vertex list"))?;
    empty()
}

fn final_score(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let (dead, seki) = e.judge();
    text(e.game().score_with(&dead, &seki).to_gtp())
}

fn final_status_list(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let which = a.word("status")?;
    a.end()?;
    let which = which.to_ascii_lowercase();
    if !matches!(which.as_str(), "alive" | "dead" | "seki") {
        return Err(GtpError::syntax(format!(
            "status must be alive, dead or seki, got {}",
            quote(&which)
        )));
    }
    let (dead, seki) = e.judge();
    let b = e.game().board();
    let geo = e.game().geometry();
    let mut pts: Vec<Point> = match which.as_str() {
        "dead" => dead,
        "seki" => seki,
        _ => geo
            .points()
            .filter(|p| b.stone(*p) != Stone::Empty && !dead.contains(p) && !seki.contains(p))
            .collect(),
    };
    // Top row first, left to right, as GNU Go lists stones.
    pts.sort_by_key(|&p| {
        let (x, y) = geo.coords(p);
        (usize::MAX - y, x)
    });
    text(vertices_text(e, &pts))
}

/// Reads a non-negative time in seconds (integer or float).
fn seconds(a: &mut Args, what: &str) -> Result<f64, GtpError> {
    let v = a.float(what)?;
    if v < 0.0 {
        return Err(GtpError::syntax(format!("{what} must not be negative")));
    }
    Ok(v)
}

fn count(a: &mut Args, what: &str) -> Result<u32, GtpError> {
    let v = a.int(what)?;
    u32::try_from(v).map_err(|_| GtpError::syntax(format!("{what} out of range: {v}")))
}

fn time_settings(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let main = seconds(a, "main time")?;
    let byo = seconds(a, "byo-yomi time")?;
    let stones = count(a, "byo-yomi stones")?;
    a.end()?;
    let tc = if byo == 0.0 {
        if main == 0.0 {
            // 0 0 0 would be no time at all; treat as absolute with nothing.
            TimeControl::Absolute { main: 0.0 }
        } else {
            TimeControl::Absolute { main }
        }
    } else if stones == 0 {
        TimeControl::None
    } else {
        TimeControl::Canadian {
            main,
            period: byo,
            stones,
        }
    };
    e.set_time_control(tc);
    empty()
}

fn time_left(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let c = a.color()?;
    let s = seconds(a, "time")?;
    let stones = count(a, "stones")?;
    a.end()?;
    e.set_time_left(c, TimeLeft { seconds: s, stones });
    empty()
}

fn kgs_time_settings(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let kind = a.word("time system")?.to_ascii_lowercase();
    let tc = match kind.as_str() {
        "none" => TimeControl::None,
        "absolute" => TimeControl::Absolute {
            main: seconds(a, "main time")?,
        },
        "byoyomi" => {
            let main = seconds(a, "main time")?;
            let period = seconds(a, "period time")?;
            let periods = count(a, "periods")?;
            if periods == 0 || period == 0.0 {
                TimeControl::Absolute { main }
            } else {
                TimeControl::Japanese {
                    main,
                    period,
                    periods,
                }
            }
        }
        "canadian" => {
            let main = seconds(a, "main time")?;
            let period = seconds(a, "period time")?;
            let stones = count(a, "stones")?;
            if stones == 0 || period == 0.0 {
                TimeControl::Absolute { main }
            } else {
                TimeControl::Canadian {
                    main,
                    period,
                    stones,
                }
            }
        }
        other => {
            return Err(GtpError::syntax(format!(
                "unknown time system {}",
                quote(other)
            )))
        }
    };
    a.end()?;
    e.set_time_control(tc);
    empty()
}

fn kgs_rules(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let r = a.word("rules")?;
    a.end()?;
    let rules =
        Rules::parse(r).ok_or_else(|| GtpError::new(format!("unknown rules {}", quote(r))))?;
    e.set_rules(rules);
    empty()
}

fn kgs_game_over(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    e.stop_pondering();
    // The game may only be adjourned: keep the board.
    empty()
}

/// The error of a file command when `--no-files` turned them off.
fn files_allowed(e: &Engine) -> Result<(), GtpError> {
    if e.config().allow_files {
        Ok(())
    } else {
        Err(GtpError::new("file access disabled (--no-files)"))
    }
}

fn loadsgf(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let file = a.word("file name")?;
    let until = if a.remaining() > 0 {
        let n = a.int("move number")?;
        if n < 0 {
            return Err(GtpError::syntax("move number must not be negative"));
        }
        (n > 0).then_some(n as usize)
    } else {
        None
    };
    a.end()?;
    files_allowed(e)?;
    let bytes = std::fs::read(file).map_err(|err| {
        log::warn!("loadsgf {}: {err}", quote(file));
        GtpError::new("cannot load file")
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let g = crate::sgf::load(&text, until, e.game().komi(), e.game().rules()).map_err(|err| {
        log::warn!("loadsgf {}: {err}", quote(file));
        GtpError::new("cannot load file")
    })?;
    e.load_game(g);
    text_color(e.game().to_move())
}

fn text_color(c: Color) -> Result<Reply, GtpError> {
    text(c.name())
}

fn printsgf(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let file = if a.remaining() > 0 {
        Some(a.word("file name")?)
    } else {
        None
    };
    a.end()?;
    let sgf = crate::sgf::write(e.game());
    match file {
        None => text(sgf),
        Some(f) => {
            files_allowed(e)?;
            crate::sgf::write_atomically(std::path::Path::new(f), (sgf + "\n").as_bytes())
                .map_err(|err| GtpError::new(format!("cannot write file: {err}")))?;
            empty()
        }
    }
}

/// CPU time of this process in seconds, from /proc where it exists, else
/// the wall time since start.
fn cpu_seconds(e: &Engine) -> f64 {
    if let Ok(stat) = std::fs::read_to_string("/proc/self/stat") {
        // Fields after the command name in parentheses; utime and stime
        // are the 14th and 15th fields, in clock ticks (100 a second).
        if let Some(rest) = stat.rsplit(')').next() {
            let f: Vec<&str> = rest.split_whitespace().collect();
            if f.len() > 13 {
                if let (Ok(u), Ok(s)) = (f[11].parse::<f64>(), f[12].parse::<f64>()) {
                    return (u + s) / 100.0;
                }
            }
        }
    }
    e.started().elapsed().as_secs_f64()
}

fn cputime(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    text(format!("{:.3}", cpu_seconds(e)))
}

fn generate(e: &mut Engine, a: &mut Args, mode: GenMode) -> Result<Reply, GtpError> {
    let c = a.color()?;
    a.end()?;
    let d = if e.config().live_gfx && mode != GenMode::Regression {
        // GoGui live graphics on stderr while the search thinks.
        let mut draw = super::gogui::live_gfx(e.game().geometry(), c);
        let d = e.generate(
            c,
            mode,
            &[],
            Some((super::gogui::LIVE_GFX_EVERY, &mut draw)),
        );
        super::gogui::live_gfx_clear();
        d
    } else {
        e.generate(c, mode, &[], None)
    };
    text(decision_text(e, d))
}

fn genmove(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    generate(e, a, GenMode::Play)
}

fn reg_genmove(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    generate(e, a, GenMode::Regression)
}

/// `restricted_genmove color vertex...` (GNU Go's, used by its regression
/// files): `reg_genmove` with the search kept to the listed points; a pass
/// only when none of them is legal.
fn restricted_genmove(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let c = a.color()?;
    let geo = e.game().geometry();
    let mut moves = Vec::new();
    while a.remaining() > 0 {
        match a.vertex(&geo)? {
            Move::Pass => return Err(GtpError::syntax("a pass is no vertex to allow")),
            m => moves.push(m),
        }
    }
    if moves.is_empty() {
        return Err(GtpError::syntax("no allowed vertex"));
    }
    // The first move is one of the points, not a pass, while one is legal.
    let filters = [
        MoveFilter {
            allow: true,
            color: c,
            moves,
            until_depth: 1,
        },
        MoveFilter {
            allow: false,
            color: c,
            moves: vec![Move::Pass],
            until_depth: 1,
        },
    ];
    let d = e.generate(c, GenMode::Regression, &filters, None);
    text(decision_text(e, d))
}

/// A generated move as GTP writes it: a vertex, `PASS` or `resign`.
fn decision_text(e: &Engine, d: Decision) -> String {
    match d {
        Decision::Move(m) => e.game().geometry().move_text(m),
        Decision::Resign => "resign".to_string(),
    }
}

/// Nodes the capture reader may spend on `attack` and `defend`.
const READING_BUDGET: u32 = 20_000;

/// The chain named by the command's vertex.
fn chain_arg(e: &Engine, a: &mut Args) -> Result<Point, GtpError> {
    let m = a.vertex(&e.game().geometry())?;
    a.end()?;
    let Move::Play(p) = m else {
        return Err(GtpError::syntax("a pass is no stone"));
    };
    if e.game().board().stone(p).color().is_none() {
        return Err(GtpError::new("vertex must not be empty"));
    }
    Ok(p)
}

/// `attack vertex` (GNU Go's reading command): `1 move` when the chain
/// there can be captured with the attacker to move (the first move of
/// the capture, [`crate::tactics::capturing_move`]), `0` when no capture
/// is found.
fn attack(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let p = chain_arg(e, a)?;
    text(
        match crate::tactics::capturing_move(e.game().board(), p, READING_BUDGET) {
            Some(q) => format!("1 {}", e.game().geometry().vertex(q)),
            None => "0".into(),
        },
    )
}

/// `defend vertex` (GNU Go's reading command): `1 move` when the chain
/// there is saved by its owner moving first (`PASS` when no attack takes
/// it, [`crate::tactics::saving_move`]), `0` when every defence found
/// loses it.
fn defend(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let p = chain_arg(e, a)?;
    text(
        match crate::tactics::saving_move(e.game().board(), p, READING_BUDGET) {
            Some(m) => format!("1 {}", e.game().geometry().move_text(m)),
            None => "0".into(),
        },
    )
}

fn kgs_genmove_cleanup(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    generate(e, a, GenMode::Cleanup)
}

/// `bench [playouts]`: the search bench on a fresh engine (the game here
/// is untouched); prints the node-count signature and playouts/s.
fn bench(_: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    let n = if a.remaining() > 0 {
        a.int("playouts")?
    } else {
        5000
    };
    a.end()?;
    if !(1..=10_000_000).contains(&n) {
        return Err(GtpError::syntax(format!(
            "playouts must be in 1..10000000, got {n}"
        )));
    }
    text(crate::bench::search(n as u64).report())
}
