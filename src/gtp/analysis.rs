//! Analysis streams for Sabaki and Lizzie (GTP-CLIENTS.md section 3):
//! `lz-analyze`, `kata-analyze`, `lz-genmove_analyze`,
//! `kata-genmove_analyze`; and the stderr hygiene Lizzie needs, since it
//! reads stderr merged into stdout.
//!
//! An analysis stream answers `=` at once, then writes one `info` line
//! holding every candidate each interval, searching until any input
//! arrives (the kept tree is reused, so asking again continues the
//! search), then ends the reply with the empty line. All values are from
//! the analysed colour's view.

use super::args::quote;
use super::{Args, Ctx, GtpError, Reply};
use crate::engine::{Decision, Engine, GenMode};
use crate::search::{
    filters_permit, Candidate, Limits, MoveFilter, Ownership, Progress, SearchInfo,
};
use crate::types::{Color, Geometry, Move};
use std::fmt::Write as _;
use std::time::Duration;

/// Which engine's output format to speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// Leela Zero: winrate, prior and lcb as integers 0..10000.
    Lz,
    /// KataGo: floats in [0, 1], score fields, optional ownership.
    Kata,
}

/// A parsed analysis request.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The colour to analyse for (to move in the analysed position).
    pub color: Color,
    /// Time between two `info` lines.
    pub interval: Duration,
    /// Append `ownership` (kata only).
    pub ownership: bool,
    /// At most this many candidates a line.
    pub max_moves: Option<usize>,
    pub filters: Vec<MoveFilter>,
}

/// Interval when none is given: one second.
const DEFAULT_INTERVAL_CS: f64 = 100.0;

/// Reads `[colour] [interval] [key value...]` (`genmove`: the colour is
/// required; avoid/allow then also restrict the move played, as in
/// KataGo).
pub fn parse_request(
    a: &mut Args,
    flavour: Flavour,
    geo: &Geometry,
    to_move: Color,
    genmove: bool,
) -> Result<Request, GtpError> {
    let color = if genmove {
        a.color()?
    } else {
        match a.peek().and_then(Color::parse) {
            Some(c) => {
                a.word("color")?;
                c
            }
            None => to_move,
        }
    };
    let mut req = Request {
        color,
        interval: centiseconds(DEFAULT_INTERVAL_CS),
        ownership: false,
        max_moves: None,
        filters: Vec::new(),
    };
    if let Some(t) = a.peek() {
        if t.parse::<f64>().is_ok() {
            req.interval = interval(a)?;
        }
    }
    while let Some(key) = a.peek() {
        a.word("key")?;
        match key.to_ascii_lowercase().as_str() {
            "interval" => req.interval = interval(a)?,
            "maxmoves" => {
                let n = a.int("maxmoves")?;
                if n < 1 {
                    return Err(GtpError::syntax("maxmoves must be at least 1"));
                }
                req.max_moves = Some(n.min(1000) as usize);
            }
            "ownership" => {
                let v = boolean(a, "ownership")?;
                if flavour == Flavour::Lz && v {
                    return Err(GtpError::new(
                        "ownership is a kata-analyze key; lz-analyze has no ownership",
                    ));
                }
                req.ownership = v;
            }
            k @ ("avoid" | "allow") => req.filters.push(move_filter(a, k == "allow", geo)?),
            "minmoves" => {
                return Err(GtpError::new(
                    "minmoves is not supported: kosumi reports searched moves only",
                ))
            }
            _ => {
                return Err(GtpError::syntax(format!(
                    "unknown analyze key {}",
                    quote(key)
                )))
            }
        }
    }
    Ok(req)
}

fn centiseconds(cs: f64) -> Duration {
    // At least 1 cs: a zero interval would flood the client.
    Duration::from_secs_f64(cs.clamp(1.0, 360_000.0) / 100.0)
}

fn interval(a: &mut Args) -> Result<Duration, GtpError> {
    let v = a.float("interval")?;
    if v < 0.0 {
        return Err(GtpError::syntax("interval must not be negative"));
    }
    Ok(centiseconds(v))
}

fn boolean(a: &mut Args, what: &str) -> Result<bool, GtpError> {
    let t = a.word(what)?;
    match t.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(GtpError::syntax(format!(
            "{what} must be true or false, got {}",
            quote(t)
        ))),
    }
}

/// `avoid|allow <colour> <v1,v2,...> <until_depth>`.
fn move_filter(a: &mut Args, allow: bool, geo: &Geometry) -> Result<MoveFilter, GtpError> {
    let color = a.color()?;
    let list = a.word("vertex list")?;
    let mut moves = Vec::new();
    for v in list.split(',').filter(|v| !v.is_empty()) {
        let m = geo
            .parse_move(v)
            .map_err(|_| GtpError::syntax(format!("invalid vertex {} in move list", quote(v))))?;
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    if moves.is_empty() {
        return Err(GtpError::syntax("empty vertex list"));
    }
    let until_depth = a.int("until depth")?;
    if until_depth < 1 {
        return Err(GtpError::syntax("until depth must be at least 1"));
    }
    Ok(MoveFilter {
        allow,
        color,
        moves,
        until_depth: until_depth.min(10_000) as usize,
    })
}

impl Request {
    /// Whether the filters let `mover` play `m` as the `depth`-th move of
    /// a variation (1 = the candidate itself).
    pub fn permits(&self, mover: Color, depth: usize, m: Move) -> bool {
        filters_permit(&self.filters, mover, depth, m)
    }

    /// The candidates to report: those the filters permit, at most
    /// `max_moves`, each variation cut before its first move the filters
    /// forbid.
    pub fn shown(&self, info: &SearchInfo) -> Vec<Candidate> {
        let limit = self.max_moves.unwrap_or(usize::MAX);
        info.candidates
            .iter()
            .filter(|c| c.visits > 0 && self.permits(self.color, 1, c.mv))
            .take(limit)
            .map(|c| {
                let mut c = c.clone();
                let mut mover = self.color;
                let keep =
                    c.pv.iter()
                        .enumerate()
                        .take_while(|&(i, &m)| {
                            let ok = self.permits(mover, i + 1, m);
                            mover = !mover;
                            ok
                        })
                        .count();
                c.pv.truncate(keep.max(1));
                c
            })
            .collect()
    }
}

/// A move as analysis output writes it: capitals, lowercase `pass`
/// (Sabaki's parser only knows that one).
fn move_word(geo: &Geometry, m: Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        Move::Play(p) => geo.vertex(p),
    }
}

/// An integer 0..10000 for a value in [0, 1] (Leela Zero's scale).
fn per_myriad(v: f64) -> u32 {
    if v.is_finite() {
        (v * 10_000.0).round().clamp(0.0, 10_000.0) as u32
    } else {
        0
    }
}

/// A float in [0, 1] with a decimal point (Sabaki tells the kata scale
/// from the lz one by the `.`).
fn unit(v: f64) -> String {
    let v = if v.is_finite() {
        v.clamp(0.0, 1.0)
    } else {
        0.5
    };
    format!("{v:.6}")
}

fn score(v: f64) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    super::gogui::number(v as f32, 3)
}

/// One `info` line (with its newline) for the candidates of `info`, or
/// `None` when there is nothing to report yet. `own` is appended as
/// `ownership` from `req.color`'s view, A19 first, row by row.
pub fn info_line(
    flavour: Flavour,
    req: &Request,
    geo: &Geometry,
    info: &SearchInfo,
    own: Option<&Ownership>,
) -> Option<String> {
    let shown = req.shown(info);
    if shown.is_empty() {
        return None;
    }
    let mut s = String::with_capacity(256 * shown.len());
    for (k, c) in shown.iter().enumerate() {
        if k > 0 {
            s.push(' ');
        }
        let _ = write!(s, "info move {} visits {}", move_word(geo, c.mv), c.visits);
        match flavour {
            Flavour::Lz => {
                let _ = write!(
                    s,
                    " winrate {} prior {} lcb {}",
                    per_myriad(c.winrate),
                    per_myriad(c.prior),
                    per_myriad(c.lcb)
                );
            }
            Flavour::Kata => {
                let _ = write!(
                    s,
                    " winrate {} scoreMean {} scoreLead {} prior {} lcb {}",
                    unit(c.winrate),
                    score(c.score_mean),
                    score(c.score_mean),
                    unit(c.prior),
                    unit(c.lcb)
                );
            }
        }
        let _ = write!(s, " order {k} pv");
        for &m in &c.pv {
            s.push(' ');
            s.push_str(&move_word(geo, m));
        }
    }
    if let (Flavour::Kata, true, Some(own)) = (flavour, req.ownership, own) {
        s.push_str(" ownership");
        let sign = if req.color == Color::Black { 1.0 } else { -1.0 };
        let fits = own.size == geo.size;
        for y in (0..geo.size).rev() {
            for x in 0..geo.size {
                let v = if fits {
                    sign * own.value(geo.point(x, y)).clamp(-1.0, 1.0)
                } else {
                    0.0
                };
                s.push(' ');
                s.push_str(&super::gogui::number(v, 4));
            }
        }
    }
    s.push('\n');
    Some(s)
}

/// Writes and flushes, ignoring a closed output (the loop ends on EOF).
fn emit(ctx_out: &mut dyn std::io::Write, text: &str) {
    let _ = ctx_out.write_all(text.as_bytes());
    let _ = ctx_out.flush();
}

/// The progress callback of an analysis: one `info` line per tick on
/// `out`, with ownership when kata-analyze asked for it.
fn info_writer<'o>(
    out: &'o mut dyn std::io::Write,
    flavour: Flavour,
    req: &'o Request,
    geo: &'o Geometry,
) -> impl FnMut(&Progress) + 'o {
    move |p: &Progress| {
        let own = (flavour == Flavour::Kata && req.ownership).then(|| (p.ownership)());
        if let Some(line) = info_line(flavour, req, geo, p.info, own.as_ref()) {
            emit(out, &line);
        }
    }
}

fn analyze(
    e: &mut Engine,
    a: &mut Args,
    ctx: &mut Ctx,
    flavour: Flavour,
) -> Result<Reply, GtpError> {
    let geo = e.game().geometry();
    let req = parse_request(a, flavour, &geo, e.game().to_move(), false)?;
    let head = format!("{}\n", ctx.success_prefix());
    emit(ctx.out, &head);
    let limits = Limits {
        stop_on_input: true,
        filters: req.filters.clone(),
        ..Limits::default()
    };
    let mut tick = info_writer(&mut *ctx.out, flavour, &req, &geo);
    e.analyze(req.color, limits, Some((req.interval, &mut tick)));
    drop(tick);
    emit(ctx.out, "\n");
    Ok(Reply::Written)
}

fn genmove_analyze(
    e: &mut Engine,
    a: &mut Args,
    ctx: &mut Ctx,
    flavour: Flavour,
) -> Result<Reply, GtpError> {
    let geo = e.game().geometry();
    let req = parse_request(a, flavour, &geo, e.game().to_move(), true)?;
    let head = format!("{}\n", ctx.success_prefix());
    emit(ctx.out, &head);
    let mut tick = info_writer(&mut *ctx.out, flavour, &req, &geo);
    // The filters steer the search and bind the move played (at depth 1
    // for `req.color`), as KataGo's genmove_analyze does.
    let d = e.generate(
        req.color,
        GenMode::Play,
        &req.filters,
        Some((req.interval, &mut tick)),
    );
    let mv = match d {
        Decision::Move(m) => move_word(&geo, m),
        Decision::Resign => "resign".into(),
    };
    drop(tick);
    emit(ctx.out, &format!("play {mv}\n\n"));
    Ok(Reply::Written)
}

/// `lz-analyze [colour] [interval] [keys]`.
pub fn lz_analyze(e: &mut Engine, a: &mut Args, ctx: &mut Ctx) -> Result<Reply, GtpError> {
    analyze(e, a, ctx, Flavour::Lz)
}

/// `kata-analyze [colour] [interval] [ownership true] [keys]`.
pub fn kata_analyze(e: &mut Engine, a: &mut Args, ctx: &mut Ctx) -> Result<Reply, GtpError> {
    analyze(e, a, ctx, Flavour::Kata)
}

/// `lz-genmove_analyze colour [interval] [keys]`: plays the move, one
/// that the `avoid`/`allow` keys permit.
pub fn lz_genmove_analyze(e: &mut Engine, a: &mut Args, ctx: &mut Ctx) -> Result<Reply, GtpError> {
    genmove_analyze(e, a, ctx, Flavour::Lz)
}

/// `kata-genmove_analyze colour [interval] [keys]`: plays the move, one
/// that the `avoid`/`allow` keys permit.
pub fn kata_genmove_analyze(
    e: &mut Engine,
    a: &mut Args,
    ctx: &mut Ctx,
) -> Result<Reply, GtpError> {
    genmove_analyze(e, a, ctx, Flavour::Kata)
}

/// Formats one log record for stderr. Lizzie reads stderr merged into
/// stdout and takes a line starting with `=`, `?`, `info` or `play`, or
/// containing ` -> `, for GTP output; so every line of the message gets
/// the `[kosumi LEVEL]` prefix and ` -> ` is written ` => `.
pub fn log_record(level: &str, message: &str) -> String {
    let mut s = String::with_capacity(message.len() + 24);
    let mut lines = message.split('\n').peekable();
    if lines.peek().is_none() {
        let _ = writeln!(s, "[kosumi {level}]");
    }
    for line in lines {
        let line = line.trim_end_matches('\r').replace(" -> ", " => ");
        let _ = writeln!(s, "[kosumi {level}] {line}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(text: &str, flavour: Flavour, genmove: bool) -> Result<Request, GtpError> {
        let geo = Geometry::new(19);
        parse_request(&mut Args::new(text), flavour, &geo, Color::White, genmove)
    }

    #[test]
    fn parses_client_forms() {
        let r = req("B 50", Flavour::Lz, false).unwrap();
        assert_eq!(r.color, Color::Black);
        assert_eq!(r.interval, Duration::from_millis(500));
        let r = req("10", Flavour::Lz, false).unwrap();
        assert_eq!(r.color, Color::White);
        assert_eq!(r.interval, Duration::from_millis(100));
        let r = req("b 50 ownership true maxmoves 5", Flavour::Kata, false).unwrap();
        assert!(r.ownership);
        assert_eq!(r.max_moves, Some(5));
        let r = req("interval 20", Flavour::Kata, false).unwrap();
        assert_eq!(r.interval, Duration::from_millis(200));
        let r = req("10 avoid b D4,Q16 30 allow w pass,c3 1", Flavour::Lz, false).unwrap();
        assert_eq!(r.filters.len(), 2);
        assert_eq!(r.filters[0].moves.len(), 2);
        assert!(r.filters[1].allow);
        assert!(req("", Flavour::Lz, true).is_err());
        assert!(req("b 10 ownership true", Flavour::Lz, false).is_err());
        assert!(req("b 10 minmoves 3", Flavour::Kata, false).is_err());
        assert!(req("b 10 frobnicate 3", Flavour::Kata, false).is_err());
        assert!(req("b 10 avoid b Z99 1", Flavour::Lz, false).is_err());
        assert!(req("b 10 avoid b D4", Flavour::Lz, false).is_err());
        assert!(req("b -5", Flavour::Lz, false).is_err());
    }

    #[test]
    fn genmove_accepts_avoid_and_allow() {
        let r = req("b 10 avoid b D4 1", Flavour::Lz, true).unwrap();
        assert_eq!(r.color, Color::Black);
        assert_eq!(r.filters.len(), 1);
        assert!(!r.filters[0].allow);
        assert_eq!(r.filters[0].until_depth, 1);
        let geo = Geometry::new(19);
        let d4 = geo.parse_move("D4").unwrap();
        assert!(!r.permits(Color::Black, 1, d4));
        assert!(r.permits(Color::White, 1, d4));
        assert!(r.permits(Color::Black, 2, d4));
        let r = req(
            "w interval 20 allow w Q16 2 avoid b pass,C3 3 ownership true",
            Flavour::Kata,
            true,
        )
        .unwrap();
        assert_eq!(r.color, Color::White);
        assert_eq!(r.filters.len(), 2);
        assert!(r.filters[0].allow && !r.filters[1].allow);
        assert!(r.ownership);
        let q16 = geo.parse_move("Q16").unwrap();
        assert!(r.permits(Color::White, 1, q16));
        assert!(r.permits(Color::White, 1, Move::Pass));
        assert!(!r.permits(Color::White, 1, d4));
        assert!(!r.permits(Color::Black, 3, Move::Pass));
        // Malformed filters are still refused.
        for bad in [
            "b 10 avoid",
            "b 10 avoid b",
            "b 10 avoid b D4",
            "b 10 avoid b D4 0",
            "b 10 avoid b D4 x",
            "b 10 avoid q D4 1",
            "b 10 avoid b Z99 1",
            "b 10 allow b , 1",
            "b 10 allow b D4,,T20 1",
        ] {
            assert!(req(bad, Flavour::Kata, true).is_err(), "{bad}");
        }
    }

    #[test]
    fn log_lines_are_safe() {
        let s = log_record("INFO", "a -> b\n= 5\ninfo x");
        for line in s.lines() {
            assert!(line.starts_with("[kosumi INFO] "));
            assert!(!line.contains(" -> "));
        }
        assert_eq!(s.lines().count(), 3);
    }
}
