//! GoGui extensions: the analyze commands GoGui offers in its Tools menu
//! (`gogui-analyze_commands`), `gogui-interrupt`, and live graphics on
//! stderr while `genmove` thinks (`--gfx`).
//!
//! Each analyze command searches the current position for the side to
//! move (for `--playouts` playouts, else `--time` seconds; GoGui's
//! interrupt ends it early), reusing the kept tree, so running several in
//! a row keeps deepening the same search.

use super::{Args, Ctx, GtpError, Reply};
use crate::engine::Engine;
use crate::search::{Candidate, Limits, Ownership, Progress, SearchInfo};
use crate::types::{Color, Geometry, Move, Point};
use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Duration;

/// The analyze commands: `(type, label, command)`. Every command named
/// here is in the command table.
pub const ANALYZE_COMMANDS: &[(&str, &str, &str)] = &[
    ("dboard", "Ownership", "kosumi-ownership"),
    ("gfx", "Visits", "kosumi-visits"),
    ("gfx", "Win rates", "kosumi-winrates"),
    ("var", "Principal variation", "kosumi-pv"),
    ("string", "Search summary", "kosumi-summary"),
    ("gfx", "Dead stones", "kosumi-dead_stones"),
    ("gfx", "Move prediction", "kosumi-policy"),
];

/// How often live graphics are drawn during `genmove`.
pub const LIVE_GFX_EVERY: Duration = Duration::from_millis(500);

/// Candidates labelled on the board by the gfx commands.
const LABELLED: usize = 12;
/// Moves of the principal variation drawn by live graphics.
const LIVE_PV: usize = 10;

/// `gogui-analyze_commands`: one `type/label/command` per line.
pub fn analyze_commands(_: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let lines: Vec<String> = ANALYZE_COMMANDS
        .iter()
        .map(|(t, l, c)| format!("{t}/{l}/{c}"))
        .collect();
    Ok(Reply::Text(lines.join("\n")))
}

/// `gogui-interrupt`: an empty success. Listing it tells GoGui that a
/// `# interrupt` line stops a running search (the input thread does it).
pub fn interrupt(_: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    Ok(Reply::Text(String::new()))
}

/// Searches the current position for the side to move, as the analyze
/// commands do.
fn search_now(e: &mut Engine) -> SearchInfo {
    let limits = match e.config().playouts {
        Some(n) => Limits {
            playouts: Some(n),
            ..Limits::default()
        },
        None => Limits {
            time: Some(Duration::from_secs_f64(e.config().time_per_move)),
            ..Limits::default()
        },
    };
    let c = e.game().to_move();
    e.analyze(c, limits, None)
}

/// `kosumi-ownership` (dboard): who owns each point at the end of the
/// playouts, black positive, top row first.
pub fn ownership(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    search_now(e);
    let geo = e.game().geometry();
    let text = match &e.search_ownership() {
        Some(own) if own.size == geo.size => dboard(geo, |p| own.value(p)),
        _ => dboard(geo, |_| 0.0),
    };
    Ok(Reply::Text(text))
}

/// A GoGui dboard: `size` rows of `size` values, top row first.
pub fn dboard(geo: Geometry, value: impl Fn(Point) -> f32) -> String {
    let n = geo.size;
    let mut rows = Vec::with_capacity(n);
    for y in (0..n).rev() {
        let row: Vec<String> = (0..n)
            .map(|x| number(value(geo.point(x, y)).clamp(-1.0, 1.0), 2))
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

/// A float with `decimals` decimals, never `-0.00` and never NaN.
pub fn number(v: f32, decimals: usize) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    let s = format!("{:.*}", decimals, v);
    if s.starts_with('-') && s[1..].bytes().all(|b| b == b'0' || b == b'.') {
        s[1..].to_string()
    } else {
        s
    }
}

/// A visit count short enough for a board label: `836`, `12k`, `3.4M`.
fn short_count(n: u32) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// Candidates that are board points (a pass cannot be drawn).
fn on_board(info: &SearchInfo) -> impl Iterator<Item = (Point, &Candidate)> {
    info.candidates.iter().filter_map(|c| match c.mv {
        Move::Play(p) => Some((p, c)),
        Move::Pass => None,
    })
}

/// `kosumi-visits` (gfx): the share of visits of each candidate as
/// influence (the colour of the side to move), the most visited labelled
/// with their visits.
pub fn visits(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let info = search_now(e);
    let geo = e.game().geometry();
    let sign = if e.game().to_move() == Color::Black {
        1.0
    } else {
        -1.0
    };
    let max = info.candidates.iter().map(|c| c.visits).max().unwrap_or(0);
    let mut lines = Vec::new();
    if max > 0 {
        let mut infl = String::from("INFLUENCE");
        let mut label = String::from("LABEL");
        for (i, (p, c)) in on_board(&info).enumerate() {
            let share = sign * c.visits as f32 / max as f32;
            let _ = write!(infl, " {} {}", geo.vertex(p), number(share, 2));
            if i < LABELLED {
                let _ = write!(label, " {} {}", geo.vertex(p), short_count(c.visits));
            }
        }
        lines.push(infl);
        lines.push(label);
    }
    lines.push(format!("TEXT {}", summary(e, &info)));
    Ok(Reply::Text(lines.join("\n")))
}

/// `kosumi-policy` (gfx): the policy network's ranking of the legal moves
/// of the side to move where the search asks a network, else the built-in
/// move-prediction model's, without a search: each move's
/// probability as a heat map (shares of the most probable move), the
/// most probable ones labelled in percent, the first one marked.
pub fn policy(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let game = e.game();
    let geo = game.geometry();
    let c = game.to_move();
    let (ranked, net) = e.move_policy();
    let source = if net { "network" } else { "model" };
    let sign = if c == Color::Black { 1.0 } else { -1.0 };
    let mut lines = Vec::new();
    if let Some(&(top, max)) = ranked.first() {
        let mut infl = String::from("INFLUENCE");
        let mut label = String::from("LABEL");
        for (i, &(p, prob)) in ranked.iter().enumerate() {
            let share = sign * (prob / max.max(1e-12)) as f32;
            let _ = write!(infl, " {} {}", geo.vertex(p), number(share, 2));
            if i < LABELLED {
                let _ = write!(
                    label,
                    " {} {}",
                    geo.vertex(p),
                    (prob * 100.0).round() as u32
                );
            }
        }
        lines.push(infl);
        lines.push(label);
        lines.push(format!("SQUARE {}", geo.vertex(top)));
        lines.push(format!(
            "TEXT {} to move: {source}'s first choice {} ({:.1}%)",
            c.name(),
            geo.vertex(top),
            max * 100.0
        ));
    } else {
        lines.push(format!(
            "TEXT {} to move: no legal move but a pass",
            c.name()
        ));
    }
    Ok(Reply::Text(lines.join("\n")))
}

/// `kosumi-winrates` (gfx): the win rate (percent, for the side to move)
/// of the most visited candidates as labels, the best one marked.
pub fn winrates(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let info = search_now(e);
    let geo = e.game().geometry();
    let mut lines = Vec::new();
    let mut label = String::from("LABEL");
    let mut any = false;
    for (p, c) in on_board(&info).take(LABELLED) {
        any = true;
        let pct = (c.winrate * 100.0).round().clamp(0.0, 100.0) as u32;
        let _ = write!(label, " {} {}", geo.vertex(p), pct);
    }
    if any {
        lines.push(label);
    }
    if let Some((p, _)) = on_board(&info).next() {
        lines.push(format!("SQUARE {}", geo.vertex(p)));
    }
    lines.push(format!("TEXT {}", summary(e, &info)));
    Ok(Reply::Text(lines.join("\n")))
}

/// `kosumi-pv` (var): the principal variation, the side to move first.
pub fn pv(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let info = search_now(e);
    let geo = e.game().geometry();
    let text = info
        .candidates
        .first()
        .map(|c| {
            c.pv.iter()
                .map(|&m| geo.move_text(m))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    Ok(Reply::Text(text))
}

/// `kosumi-summary` (string): one line for GoGui's status bar.
pub fn summary_command(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let info = search_now(e);
    Ok(Reply::Text(summary(e, &info)))
}

/// Playouts, win rate, score estimate and speed of a search of the
/// current position, in one line.
fn summary(e: &Engine, info: &SearchInfo) -> String {
    let c = e.game().to_move();
    let geo = e.game().geometry();
    let best = info
        .candidates
        .first()
        .map(|b| geo.move_text(b.mv))
        .unwrap_or_else(|| "none".into());
    let black_margin = if c == Color::Black {
        info.score_mean
    } else {
        -info.score_mean
    };
    let score = if black_margin >= 0.0 {
        format!("B+{:.1}", black_margin)
    } else {
        format!("W+{:.1}", -black_margin)
    };
    format!(
        "{} to move: best {best}, win rate {:.1}%, score estimate {score}, \
         playouts {} (tree {}), {:.0} playouts/s, nodes {}",
        c.name(),
        info.winrate * 100.0,
        info.playouts,
        info.root_visits,
        info.playouts_per_second(),
        info.nodes
    )
}

/// `kosumi-dead_stones` (gfx): the stones the engine judges dead (marked)
/// and in seki (squares), as `final_status_list` reports them.
pub fn dead_stones(e: &mut Engine, a: &mut Args, _: &mut Ctx) -> Result<Reply, GtpError> {
    a.end()?;
    let (dead, seki) = e.judge();
    let geo = e.game().geometry();
    let list = |pts: &[Point]| {
        pts.iter()
            .map(|&p| geo.vertex(p))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut lines = Vec::new();
    if !dead.is_empty() {
        lines.push(format!("MARK {}", list(&dead)));
    }
    if !seki.is_empty() {
        lines.push(format!("SQUARE {}", list(&seki)));
    }
    let board = e.game().board();
    let count = |pts: &[Point], c: Color| {
        pts.iter()
            .filter(|p| board.stone(**p).color() == Some(c))
            .count()
    };
    lines.push(format!(
        "TEXT dead: {} black, {} white stones; seki: {} stones",
        count(&dead, Color::Black),
        count(&dead, Color::White),
        seki.len()
    ));
    Ok(Reply::Text(lines.join("\n")))
}

/// The live graphics drawer for `genmove` with `--gfx`: each call writes
/// one `gogui-gfx:` block to stderr (ownership as influence, the
/// principal variation, a summary line), ended by an empty line.
pub fn live_gfx(geo: Geometry, to_move: Color) -> impl FnMut(&Progress) {
    move |p: &Progress| {
        let own = (p.ownership)();
        let block = live_gfx_block(geo, to_move, p.info, &own);
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(block.as_bytes());
        let _ = err.flush();
    }
}

/// One live graphics block, `gogui-gfx:` through the empty line.
pub fn live_gfx_block(geo: Geometry, to_move: Color, info: &SearchInfo, own: &Ownership) -> String {
    let mut s = String::from("gogui-gfx:\n");
    if own.size == geo.size && own.samples > 0 {
        s.push_str("INFLUENCE");
        for p in geo.points() {
            let v = own.value(p).clamp(-1.0, 1.0);
            if v.abs() >= 0.05 {
                let _ = write!(s, " {} {}", geo.vertex(p), number(v, 2));
            }
        }
        s.push('\n');
    }
    if let Some(best) = info.candidates.first() {
        s.push_str("VAR");
        let mut c = to_move;
        for &m in best.pv.iter().take(LIVE_PV) {
            let _ = write!(
                s,
                " {} {}",
                if c == Color::Black { 'b' } else { 'w' },
                geo.move_text(m)
            );
            c = !c;
        }
        s.push('\n');
        let _ = writeln!(
            s,
            "TEXT {} {}: win rate {:.1}%, {} playouts, {:.0}/s",
            to_move.name(),
            geo.move_text(best.mv),
            best.winrate * 100.0,
            info.playouts,
            info.playouts_per_second()
        );
    }
    s.push('\n');
    s
}

/// Clears the live graphics at the end of a search, so that a block
/// arriving late is not drawn over the next position.
pub fn live_gfx_clear() {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(b"gogui-gfx: CLEAR\n");
    let _ = err.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_counts() {
        assert_eq!(number(-0.001, 2), "0.00");
        assert_eq!(number(-0.5, 2), "-0.50");
        assert_eq!(number(f32::NAN, 2), "0.00");
        assert_eq!(short_count(836), "836");
        assert_eq!(short_count(12_345), "12k");
        assert_eq!(short_count(3_400_000), "3.4M");
    }

    #[test]
    fn dboard_shape() {
        let geo = Geometry::new(5);
        let text = dboard(geo, |p| if geo.coords(p).1 == 4 { 1.0 } else { -0.25 });
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0], "1.00 1.00 1.00 1.00 1.00");
        assert!(rows[1..]
            .iter()
            .all(|r| *r == "-0.25 -0.25 -0.25 -0.25 -0.25"));
    }
}
