//! `kosumi analyze GAME.sgf`: a review of every position of a game's main
//! line, written as a new SGF that Sabaki, GoGui and other viewers open.
//!
//! Each move node gets a comment (the win rate and score lead of the
//! player who moved, before and after the move, and the search's best
//! move there) and `SBKV`, Black's win rate in percent after the move,
//! which Sabaki draws as its win-rate graph. Where the move played lost
//! at least `--threshold` percentage points of win rate, the better move
//! and its principal variation are added as a variation. The root gets a
//! summary: each player's largest mistakes with their move numbers.
//!
//! The search is the engine's own, with the record's size, komi, rules,
//! handicap and setup stones; positions are analysed in order, so each
//! search starts from the part of the previous tree that still applies.

use kosumi::game::{Game, Rules};
use kosumi::search::{Limits, SearchConfig, SearchInfo, Searcher};
use kosumi::types::{Color, Move};
use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SgfProp};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What `kosumi analyze` is told.
pub struct AnalyzeArgs {
    pub input: PathBuf,
    pub output: Option<PathBuf>,
    pub time: f64,
    pub playouts: Option<u64>,
    pub threads: Option<usize>,
    /// First and last move number to review (1-based, inclusive).
    pub moves: Option<(usize, usize)>,
    /// Win-rate loss, in percentage points, that marks a mistake.
    pub threshold: f64,
    /// Also draw the win rate and score lead over the game here (SVG).
    pub svg: Option<PathBuf>,
    pub learned_priors: kosumi::search::LearnedPriors,
    pub net: Option<std::sync::Arc<kosumi::predict::net::Net>>,
}

/// Parses `FROM-TO` (1-based move numbers, inclusive).
pub fn parse_moves(s: &str) -> Result<(usize, usize), String> {
    let (a, b) = s
        .split_once('-')
        .ok_or_else(|| format!("moves '{s}': expected FROM-TO, e.g. 20-80"))?;
    let a: usize = a
        .trim()
        .parse()
        .map_err(|_| format!("moves '{s}': FROM is not a number"))?;
    let b: usize = b
        .trim()
        .parse()
        .map_err(|_| format!("moves '{s}': TO is not a number"))?;
    if a == 0 || b < a {
        return Err(format!("moves '{s}': need 1 <= FROM <= TO"));
    }
    Ok((a, b))
}

/// One analysed position: the search's view for the side to move.
struct View {
    to_move: Color,
    winrate: f64,
    score: f64,
    best: Move,
    pv: Vec<Move>,
}

impl View {
    fn of(game: &Game, info: &SearchInfo) -> View {
        let best = info.candidates.first();
        View {
            to_move: game.to_move(),
            winrate: info.winrate,
            score: info.root_score_mean,
            best: best.map_or(Move::Pass, |c| c.mv),
            pv: best.map_or_else(Vec::new, |c| c.pv.clone()),
        }
    }

    /// Win rate (0..1) and score lead for `c`.
    fn for_color(&self, c: Color) -> (f64, f64) {
        if c == self.to_move {
            (self.winrate, self.score)
        } else {
            (1.0 - self.winrate, -self.score)
        }
    }
}

/// A reviewed move.
struct Review {
    number: usize,
    color: Color,
    mv: Move,
    before: (f64, f64),
    after: (f64, f64),
    best: Move,
    best_pv: Vec<Move>,
}

impl Review {
    fn loss(&self) -> f64 {
        (self.before.0 - self.after.0) * 100.0
    }
}

/// Runs the review; returns the process exit code.
pub fn run(a: AnalyzeArgs) -> i32 {
    match review(&a) {
        Ok(out) => {
            eprintln!("kosumi analyze: wrote {}", out.display());
            0
        }
        Err(e) => {
            eprintln!("kosumi analyze: {e}");
            2
        }
    }
}

fn review(a: &AnalyzeArgs) -> Result<PathBuf, String> {
    let name = a.input.display().to_string();
    let bytes = std::fs::read(&a.input).map_err(|e| format!("{name}: {e}"))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let full =
        kosumi::sgf::load(&text, None, 7.5, Rules::Chinese).map_err(|e| format!("{name}: {e}"))?;
    let mut trees = go::parse(&text).map_err(|e| format!("{name}: {e}"))?;
    let out = match &a.output {
        Some(p) => p.clone(),
        None => default_output(&a.input),
    };
    if same_file(&out, &a.input) {
        return Err(format!(
            "{}: the output would overwrite the input",
            out.display()
        ));
    }
    let moves: Vec<(Color, Move)> = full.moves().collect();
    let n = moves.len();
    let (from, to) = match a.moves {
        Some((f, t)) => (f.min(n.max(1)), t.min(n)),
        None => (1, n),
    };
    let mut searcher = Searcher::new(SearchConfig {
        threads: a
            .threads
            .unwrap_or_else(|| SearchConfig::default().threads)
            .max(1),
        learned_priors: a.learned_priors,
        net: a.net.clone(),
        ..SearchConfig::default()
    });
    let limits = || match a.playouts {
        Some(p) => Limits {
            playouts: Some(p),
            ..Limits::default()
        },
        None => Limits {
            time: Some(Duration::from_secs_f64(a.time)),
            ..Limits::default()
        },
    };
    // Positions `from` - 1 (before move `from`) to `to` (after move `to`).
    let first = from.saturating_sub(1);
    let positions = if n == 0 { 0 } else { to + 1 - first };
    let bar = progress_bar(positions as u64);
    let started = Instant::now();
    let mut views: Vec<View> = Vec::with_capacity(positions);
    for i in first..first + positions {
        let game = if i >= n {
            full.clone()
        } else {
            kosumi::sgf::load(&text, Some(i + 1), 7.5, Rules::Chinese)
                .map_err(|e| format!("{name}: {e}"))?
        };
        let info = searcher.search(&game, game.komi(), limits(), None);
        let v = View::of(&game, &info);
        match &bar {
            Some(b) => b.inc(1),
            None => eprintln!(
                "kosumi analyze: position {i}/{n}: {} to move, win rate {:.1}%, {} playouts",
                game.to_move().name(),
                v.winrate * 100.0,
                info.playouts
            ),
        }
        views.push(v);
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let geo = full.geometry();
    let reviews: Vec<Review> = (from..=to)
        .filter(|_| n > 0)
        .map(|k| {
            let (color, mv) = moves[k - 1];
            let before = &views[k - 1 - first];
            let after = &views[k - first];
            Review {
                number: k,
                color,
                mv,
                before: before.for_color(color),
                after: after.for_color(color),
                best: before.best,
                best_pv: before.pv.clone(),
            }
        })
        .collect();
    let root = trees
        .first_mut()
        .ok_or_else(|| format!("{name}: no game in the file"))?;
    let how = match a.playouts {
        Some(p) => format!("{p} playouts a position"),
        None => format!("{} s a position", a.time),
    };
    add_comment(root, &summary(&reviews, &how, started.elapsed(), &geo));
    if let Some(v) = views.first().filter(|_| first == 0) {
        set_prop(
            root,
            "SBKV",
            &format!("{:.2}", v.for_color(Color::Black).0 * 100.0),
        );
    }
    // Walk the main line, numbering the move nodes.
    let mut node: &mut SgfNode<Prop> = root;
    let mut number = 0usize;
    loop {
        if has_move(node) {
            number += 1;
            if let Some(r) = reviews.iter().find(|r| r.number == number) {
                add_comment(node, &move_comment(r, &geo));
                set_prop(
                    node,
                    "SBKV",
                    &format!("{:.2}", black_winrate_after(r) * 100.0),
                );
            }
        }
        let Some(next) = node.children.first() else {
            break;
        };
        // A mistake in the next move: the better line as a variation.
        if has_move(next) {
            if let Some(r) = reviews.iter().find(|r| r.number == number + 1) {
                if r.loss() >= a.threshold && r.best != r.mv && r.best != Move::Pass {
                    node.children.push(variation(r, &geo));
                }
            }
        }
        node = &mut node.children[0];
    }
    let text = trees.iter().map(|t| t.serialize()).collect::<String>();
    kosumi::sgf::write_atomically(&out, text.as_bytes())
        .map_err(|e| format!("{}: {e}", out.display()))?;
    if let Some(svg) = &a.svg {
        if same_file(svg, &a.input) {
            return Err(format!(
                "{}: the chart would overwrite the input",
                svg.display()
            ));
        }
        let chart = chart(&reviews, a.threshold).map_err(|e| format!("chart: {e}"))?;
        kosumi::sgf::write_atomically(svg, chart.as_bytes())
            .map_err(|e| format!("{}: {e}", svg.display()))?;
        eprintln!("kosumi analyze: wrote {}", svg.display());
    }
    Ok(out)
}

/// The chart as SVG text: Black's win rate after each move (mistakes of
/// either side marked with a red dot) above, Black's score lead below.
fn chart(reviews: &[Review], threshold: f64) -> Result<String, String> {
    use plotters::prelude::*;
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let (top, bottom) = root.split_vertically(320);
        let first = reviews.first().map_or(1, |r| r.number) as f64;
        let last = (reviews.last().map_or(1, |r| r.number) as f64).max(first + 1.0);
        let black_wr = |r: &Review| black_winrate_after(r) * 100.0;
        let black_lead = |r: &Review| {
            if r.color == kosumi::types::Color::Black {
                r.after.1
            } else {
                -r.after.1
            }
        };
        let mut c = ChartBuilder::on(&top)
            .caption("Black's win rate after each move (%)", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(28)
            .y_label_area_size(44)
            .build_cartesian_2d(first..last, 0f64..100f64)
            .map_err(|e| err(&e))?;
        c.configure_mesh()
            .x_desc("move")
            .draw()
            .map_err(|e| err(&e))?;
        c.draw_series(LineSeries::new(
            [(first, 50.0), (last, 50.0)],
            BLACK.mix(0.3),
        ))
        .map_err(|e| err(&e))?;
        c.draw_series(LineSeries::new(
            reviews.iter().map(|r| (r.number as f64, black_wr(r))),
            &BLUE,
        ))
        .map_err(|e| err(&e))?;
        c.draw_series(
            reviews
                .iter()
                .filter(|r| r.loss() >= threshold)
                .map(|r| Circle::new((r.number as f64, black_wr(r)), 4, RED.filled())),
        )
        .map_err(|e| err(&e))?;
        let bound = reviews
            .iter()
            .map(|r| black_lead(r).abs())
            .fold(5.0f64, f64::max)
            .ceil();
        let mut c = ChartBuilder::on(&bottom)
            .caption("Black's score lead (points)", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(28)
            .y_label_area_size(44)
            .build_cartesian_2d(first..last, -bound..bound)
            .map_err(|e| err(&e))?;
        c.configure_mesh()
            .x_desc("move")
            .draw()
            .map_err(|e| err(&e))?;
        c.draw_series(LineSeries::new([(first, 0.0), (last, 0.0)], BLACK.mix(0.3)))
            .map_err(|e| err(&e))?;
        c.draw_series(LineSeries::new(
            reviews.iter().map(|r| (r.number as f64, black_lead(r))),
            &GREEN,
        ))
        .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(svg)
}

/// `game.sgf` -> `game-kosumi.sgf` beside it.
fn default_output(input: &Path) -> PathBuf {
    let stem = input.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
    input.with_file_name(format!("{stem}-kosumi.sgf"))
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// A progress bar on stderr when it is a terminal; otherwise `None` and
/// one log line a position.
fn progress_bar(len: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let b = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "kosumi analyze {bar:40} {pos}/{len} positions, {eta} left",
    ) {
        b.set_style(style);
    }
    Some(b)
}

fn has_move(node: &SgfNode<Prop>) -> bool {
    node.properties
        .iter()
        .any(|p| matches!(p, Prop::B(_) | Prop::W(_)))
}

/// Black's win rate after the move.
fn black_winrate_after(r: &Review) -> f64 {
    if r.color == Color::Black {
        r.after.0
    } else {
        1.0 - r.after.0
    }
}

fn move_comment(r: &Review, geo: &kosumi::types::Geometry) -> String {
    let who = if r.color == Color::Black {
        "Black"
    } else {
        "White"
    };
    let mut s = format!(
        "kosumi: move {} {} {}. {who}'s win rate {:.1}% -> {:.1}% ({:+.1}), score lead {:+.1} -> {:+.1}.",
        r.number,
        who,
        geo.move_text(r.mv),
        r.before.0 * 100.0,
        r.after.0 * 100.0,
        -r.loss(),
        r.before.1,
        r.after.1,
    );
    if r.best != r.mv {
        let line: Vec<String> = r
            .best_pv
            .iter()
            .take(8)
            .map(|&m| geo.move_text(m))
            .collect();
        s.push_str(&format!(
            " Best: {} ({}).",
            geo.move_text(r.best),
            line.join(" ")
        ));
    } else {
        s.push_str(" The move played is the search's first choice.");
    }
    s
}

fn summary(
    reviews: &[Review],
    how: &str,
    elapsed: Duration,
    geo: &kosumi::types::Geometry,
) -> String {
    let mut s = format!(
        "kosumi {} review ({how}, {} moves in {:.0} s).",
        env!("CARGO_PKG_VERSION"),
        reviews.len(),
        elapsed.as_secs_f64()
    );
    for (c, who) in [(Color::Black, "Black"), (Color::White, "White")] {
        let mut own: Vec<&Review> = reviews.iter().filter(|r| r.color == c).collect();
        own.sort_by(|a, b| b.loss().total_cmp(&a.loss()));
        let worst: Vec<String> = own
            .iter()
            .take(3)
            .filter(|r| r.loss() > 0.5)
            .map(|r| {
                format!(
                    "move {} {} ({:+.1}%)",
                    r.number,
                    geo.move_text(r.mv),
                    -r.loss()
                )
            })
            .collect();
        if worst.is_empty() {
            s.push_str(&format!("\n{who}: no move lost win rate."));
        } else {
            s.push_str(&format!(
                "\n{who}'s largest mistakes: {}.",
                worst.join(", ")
            ));
        }
    }
    s
}

/// The better move and its principal variation, as nodes.
fn variation(r: &Review, geo: &kosumi::types::Geometry) -> SgfNode<Prop> {
    let mut moves: Vec<Move> = r.best_pv.iter().take(10).copied().collect();
    if moves.first() != Some(&r.best) {
        moves.insert(0, r.best);
    }
    let mut nodes: Vec<SgfNode<Prop>> = Vec::new();
    let mut c = r.color;
    for (i, &m) in moves.iter().enumerate() {
        let tag = if c == Color::Black { "B" } else { "W" };
        let value = match m {
            Move::Pass => String::new(),
            Move::Play(p) => kosumi::sgf::sgf_point(geo, p),
        };
        let mut props = vec![Prop::new(tag.to_string(), vec![value])];
        if i == 0 {
            props.push(Prop::new(
                "C".to_string(),
                vec![format!(
                    "kosumi: better than {} (win rate {:.1}% for {}).",
                    geo.move_text(r.mv),
                    r.before.0 * 100.0,
                    if r.color == Color::Black {
                        "Black"
                    } else {
                        "White"
                    }
                )],
            ));
        }
        nodes.push(SgfNode::new(props, vec![], false));
        c = !c;
    }
    let mut child: Option<SgfNode<Prop>> = None;
    while let Some(mut n) = nodes.pop() {
        if let Some(ch) = child.take() {
            n.children.push(ch);
        }
        child = Some(n);
    }
    child.unwrap_or_default()
}

/// Appends `text` to the node's comment (a new paragraph), or adds one.
fn add_comment(node: &mut SgfNode<Prop>, text: &str) {
    for p in node.properties.iter_mut() {
        if let Prop::C(t) = p {
            t.text = format!("{}\n\n{text}", t.text);
            return;
        }
    }
    node.properties
        .push(Prop::new("C".to_string(), vec![text.to_string()]));
}

/// Sets a property, replacing any of the same identifier.
fn set_prop(node: &mut SgfNode<Prop>, id: &str, value: &str) {
    node.properties.retain(|p| p.identifier() != id);
    node.properties
        .push(Prop::new(id.to_string(), vec![value.to_string()]));
}
