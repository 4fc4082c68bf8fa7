//! The `kosumi` binary: parses flags, starts the logger, runs GTP on
//! stdin/stdout.

mod cli;

use clap::{Parser, Subcommand};
use kosumi::engine::{Config, Engine};
use kosumi::game::Rules;
use kosumi::search::LearnedPriors;

/// kosumi: a Go engine speaking the Go Text Protocol on stdin/stdout.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Board size at start (1..25); controllers usually send `boardsize`.
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Komi at start; the controller's `komi` command replaces it.
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f32,
    /// Scoring rules: chinese (area) or japanese (territory).
    #[arg(long, default_value = "chinese", value_parser = parse_rules)]
    rules: Rules,
    /// Search threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Fixed playouts per move, no clock (unless the controller sets time).
    #[arg(long)]
    playouts: Option<u64>,
    /// Seconds per move when the controller sends no time settings.
    #[arg(long, default_value_t = 2.0)]
    time: f64,
    /// Seed of the random generators (searches are reproducible with one
    /// thread and fixed playouts).
    #[arg(long)]
    seed: Option<u64>,
    /// Node budget of the search tree; past it the search keeps running
    /// playouts from the leaves. About 56 bytes a node.
    #[arg(long, default_value_t = 10_000_000)]
    max_nodes: usize,
    /// Resign when the win rate stays below this after enough playouts:
    /// two of our searches in a row, never in the opening (0 never resigns).
    #[arg(long, default_value_t = 0.1)]
    resign: f64,
    /// Playouts of reg_genmove (deterministic: fixed seed, one thread).
    #[arg(long, default_value_t = 4000)]
    reg_playouts: u64,
    /// Think on the opponent's time after our genmove (any input stops it).
    #[arg(long)]
    ponder: bool,
    /// GoGui live graphics on stderr while genmove thinks.
    #[arg(long)]
    gfx: bool,
    /// Priors from the built-in move-prediction model (learned from strong
    /// 19x19 games) on top of the hand-made ones: on, off, or auto (on
    /// boards of 9x9 and up, where it was measured).
    #[arg(long, default_value = "auto", value_parser = parse_learned_priors)]
    learned_priors: LearnedPriors,
    /// The search's playout policy: heavy (hand-written rules: answers to
    /// the last move, 3x3 shapes, random moves) or learned (the same
    /// answers, then moves drawn by the weights of
    /// models/kosumi-playout.txt).
    #[arg(long, default_value = "heavy", value_parser = parse_playout)]
    playout: kosumi::playout::Policy,
    /// Last good reply with forgetting (LGRF-2) in the heavy playouts:
    /// on, off, or auto (on 19x19 and up, where it was measured).
    #[arg(long, default_value = "auto", value_parser = parse_lgrf)]
    lgrf: kosumi::search::Lgrf,
    /// Weight of the mean score in the search's ranking of moves, 0 to
    /// 0.5 in win-rate units, or auto: with it, a search where every move
    /// wins (or loses) still keeps the points; 0 plays for the win rate
    /// alone; auto is 0.1 on 17x17 and up, 0 below (where it was
    /// measured a loss).
    #[arg(long, default_value = "auto", value_parser = parse_score_utility)]
    score_utility: ScoreWeight,
    /// A model file of `kosumi train-playout` for the learned playout
    /// policy, instead of the built-in one.
    #[arg(long)]
    playout_model: Option<std::path::PathBuf>,
    /// The policy network whose priors guide the search on 19x19: a weights
    /// file (`train/` makes one), or `none` for the move-prediction model
    /// alone. Default: the network built into kosumi (models/kosumi-19.net);
    /// an unusable file is said on stderr and the built-in one plays.
    #[arg(long, global = true)]
    net: Option<String>,
    /// Refuse loadsgf and printsgf FILE (for engines exposed through a
    /// server bridge, where a remote user must not read or write files).
    #[arg(long)]
    no_files: bool,
    #[command(subcommand)]
    command: Option<Cmd>,
}

/// Subcommands; without one, kosumi speaks GTP.
#[derive(Subcommand, Debug)]
enum Cmd {
    /// Without flags: the search bench (built-in positions, one thread,
    /// fixed seed), printing the node-count signature and playouts/s.
    /// With --light or --heavy: time bare playouts from the empty board on
    /// one thread and print
    /// `<light|heavy> NxN: <P> playouts/s`. With --net FILE: time the
    /// policy network's evaluations of a middle-game position.
    Bench {
        /// Uniformly random playouts (no own-eye filling).
        #[arg(long)]
        light: bool,
        /// The player's heavy playout policy.
        #[arg(long)]
        heavy: bool,
        /// The learned playout policy.
        #[arg(long)]
        learned: bool,
        /// Board size (1..25).
        #[arg(long, default_value_t = 19)]
        size: usize,
        /// Seconds to time each policy for.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Run exactly this many playouts instead of timing (for profilers).
        #[arg(long)]
        playouts: Option<u64>,
    },
    /// Learn a move-prediction model from SGF games (plain files, one game
    /// a line, or .xz-compressed) and write it; measure it on held-out
    /// games.
    Train {
        /// SGF files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Model file to write.
        #[arg(short, long)]
        output: std::path::PathBuf,
        /// Train on at most this many games (after the held-out ones).
        #[arg(long)]
        games: Option<usize>,
        /// Games held out for measuring (chosen by a fixed shuffle).
        #[arg(long, default_value_t = 500)]
        holdout: usize,
        /// Largest pattern size (gridcular distance, 3..10).
        #[arg(long, default_value_t = 10)]
        max_d: usize,
        /// Times a pattern must be the move played to be kept.
        #[arg(long, default_value_t = 10)]
        min_count: u32,
        /// MM iterations.
        #[arg(long, default_value_t = 12)]
        iterations: usize,
        /// Use one position in this many.
        #[arg(long, default_value_t = 1)]
        stride: usize,
        /// Seed of the shuffle that picks the held-out games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Board size of the games learned from (others are skipped).
        #[arg(long, default_value_t = 19)]
        size: usize,
        /// Latent factors per feature value, fitted after MM (0: none).
        #[arg(long, default_value_t = 0)]
        factors: usize,
        /// Passes over the training positions when fitting the factors.
        #[arg(long, default_value_t = 4)]
        epochs: usize,
    },
    /// Fit the learned playout policy's weights (3x3 patterns with atari
    /// status, line, contiguity, self-atari) from SGF games and write the
    /// model (`models/kosumi-playout.txt` is the built-in one); measure it
    /// on held-out games.
    TrainPlayout {
        /// SGF files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Model file to write.
        #[arg(short, long)]
        output: std::path::PathBuf,
        /// Train on at most this many games (after the held-out ones).
        #[arg(long)]
        games: Option<usize>,
        /// Games held out for measuring (chosen by a fixed shuffle).
        #[arg(long, default_value_t = 200)]
        holdout: usize,
        /// Times a pattern must be a candidate to get its own weight.
        #[arg(long, default_value_t = 200)]
        min_seen: u64,
        /// MM iterations.
        #[arg(long, default_value_t = 16)]
        iterations: usize,
        /// Use one position in this many.
        #[arg(long, default_value_t = 2)]
        stride: usize,
        /// Seed of the shuffle that picks the held-out games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Board size of the games learned from (others are skipped).
        #[arg(long, default_value_t = 19)]
        size: usize,
    },
    /// Write the policy network's training positions from SGF games (the
    /// input planes before each move played, the move, the result) for
    /// the trainer in train/; the held-out games are those of `train`.
    Netdata {
        /// SGF files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// File of the training positions.
        #[arg(short, long)]
        output: std::path::PathBuf,
        /// Also write the held-out games' positions here.
        #[arg(long)]
        holdout_output: Option<std::path::PathBuf>,
        /// Use at most this many games (after the held-out ones).
        #[arg(long)]
        games: Option<usize>,
        /// Games held out (chosen by the fixed shuffle of `train`).
        #[arg(long, default_value_t = 500)]
        holdout: usize,
        /// Use one position in this many.
        #[arg(long, default_value_t = 1)]
        stride: usize,
        /// Seed of the shuffle that picks the held-out games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Board size of the games (others are skipped).
        #[arg(long, default_value_t = 19)]
        size: usize,
    },
    /// Rank every move played in SGF games with a model and print
    /// `top-1 A% top-K B% positions N skipped S`.
    Predict {
        /// SGF files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Model file (default: the model built into kosumi). With --net
        /// FILE, that policy network is measured instead.
        #[arg(long)]
        model: Option<std::path::PathBuf>,
        /// K of the top-K share.
        #[arg(long, default_value_t = 5)]
        top: usize,
        /// Board size of the games measured (others are skipped).
        #[arg(long, default_value_t = 19)]
        size: usize,
        /// With --net: average the network's policy over this many of
        /// the board's eight symmetries (1: one evaluation, as the search
        /// asks it; 8: all of them).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
        symmetries: u8,
        /// Measure only the games that `kosumi netdata` and `kosumi
        /// train` hold out with the same files, --seed and this count.
        #[arg(long)]
        holdout: Option<usize>,
        /// Seed of the shuffle that picks the held-out games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Measure at most this many games (the first ones).
        #[arg(long)]
        games: Option<usize>,
    },
    /// Review a game: search every position of the SGF's main line and
    /// write a new SGF with win rates, score leads, the better move where
    /// a move lost, and a summary of each player's largest mistakes.
    Analyze {
        /// The game record (never modified).
        input: std::path::PathBuf,
        /// Output SGF (default: INPUT-kosumi.sgf beside the input).
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
        /// Seconds of search a position.
        #[arg(long, default_value_t = 1.0)]
        time: f64,
        /// Playouts a position instead of a time.
        #[arg(long)]
        playouts: Option<u64>,
        /// Search threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Only these moves, FROM-TO (1-based, inclusive).
        #[arg(long, value_parser = cli::analyze::parse_moves)]
        moves: Option<(usize, usize)>,
        /// Win-rate loss in percentage points that marks a mistake (the
        /// better line is added as a variation).
        #[arg(long, default_value_t = 10.0)]
        threshold: f64,
        /// Also draw the win rate and score lead over the game as an SVG
        /// chart, mistakes marked.
        #[arg(long)]
        svg: Option<std::path::PathBuf>,
    },
    /// The KataGo JSON analysis protocol on stdin/stdout: one query a
    /// line, one response a line per analysed turn (values from Black's
    /// side).
    Analysis {
        /// Cores the searches share (default: all): a query searched alone
        /// gets them all, queries searched at once share them.
        #[arg(long)]
        threads: Option<usize>,
        /// Queries searched at once (KataGo's numAnalysisThreads).
        #[arg(long, default_value_t = 2)]
        workers: usize,
        /// Visits (playouts) of a query without maxVisits.
        #[arg(long, default_value_t = 500)]
        visits: u64,
        /// Seconds a search may take unless the query's overrideSettings
        /// set maxTime (KataGo's maxTime).
        #[arg(long, default_value_t = 300.0)]
        max_time: f64,
        /// Tree nodes of all searches together (about 56 bytes each):
        /// past it a search keeps running playouts from its leaves.
        #[arg(long, default_value_t = 10_000_000)]
        max_nodes: usize,
        /// When stdin ends, stop the searches at once and exit, instead of
        /// finishing every query (KataGo's -quit-without-waiting).
        #[arg(long)]
        quit_without_waiting: bool,
    },
    /// Run regression files (.tst) and print the pass rate per file.
    Regress {
        /// Files or folders of .tst files (default: gtp-tests/).
        paths: Vec<std::path::PathBuf>,
        /// Engine command line to test (default: this kosumi binary).
        #[arg(long)]
        engine: Option<String>,
        /// Seconds to wait for each reply.
        #[arg(long, default_value_t = 300)]
        timeout: u64,
    },
}

fn parse_playout(s: &str) -> Result<kosumi::playout::Policy, String> {
    use kosumi::playout::Policy;
    match s {
        "heavy" => Ok(Policy::Heavy),
        "learned" => Ok(Policy::Learned),
        _ => Err(format!("'{s}': expected heavy or learned")),
    }
}

/// Exits with status 2, saying so after `prefix`, when `size` is no
/// board size kosumi plays.
fn exit_unless_board_size(prefix: &str, size: usize) {
    if !kosumi::types::is_board_size(size) {
        eprintln!("{prefix}: --size must be between 1 and 25");
        std::process::exit(2);
    }
}

fn parse_lgrf(s: &str) -> Result<kosumi::search::Lgrf, String> {
    kosumi::search::Lgrf::parse(s).ok_or_else(|| format!("'{s}': expected on, off or auto"))
}

/// `--score-utility`: a weight, or `None` for the board size's.
#[derive(Clone, Copy, Debug)]
struct ScoreWeight(Option<f64>);

fn parse_score_utility(s: &str) -> Result<ScoreWeight, String> {
    if s == "auto" {
        return Ok(ScoreWeight(None));
    }
    match s.parse::<f64>() {
        Ok(w) if (0.0..=0.5).contains(&w) => Ok(ScoreWeight(Some(w))),
        _ => Err(format!("'{s}': expected auto or a number from 0 to 0.5")),
    }
}

fn parse_learned_priors(s: &str) -> Result<LearnedPriors, String> {
    LearnedPriors::parse(s).ok_or_else(|| format!("'{s}': expected on, off or auto"))
}

/// The network of `--net`: the built-in one without the flag, the
/// file's, none for `none`, and the built-in one (with a warning) when the
/// file cannot be read.
fn load_net(arg: Option<&str>) -> Option<std::sync::Arc<kosumi::predict::net::Net>> {
    let path = match arg {
        None => return Some(kosumi::predict::net::builtin()),
        Some("none") | Some("off") => {
            log::info!("no policy network (--net none): the move-prediction model alone");
            return None;
        }
        Some(p) => p,
    };
    match kosumi::predict::net::Net::load(std::path::Path::new(path)) {
        Ok(net) => {
            log::info!("policy network {path}: {net:?}");
            Some(std::sync::Arc::new(net))
        }
        Err(e) => {
            eprintln!("kosumi: cannot use the policy network: {e}; playing with the built-in one");
            Some(kosumi::predict::net::builtin())
        }
    }
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    Rules::parse(s).ok_or_else(|| format!("unknown rules '{s}' (chinese or japanese)"))
}

fn main() {
    // Quiet by default; RUST_LOG=info (or debug) turns logs on, on stderr.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format(|buf, record| {
            use std::io::Write;
            // Every line prefixed and no ` -> `: Lizzie reads stderr as GTP.
            let text = kosumi::gtp::analysis::log_record(
                record.level().as_str(),
                &record.args().to_string(),
            );
            buf.write_all(text.as_bytes())
        })
        .init();
    let cli = Cli::parse();
    if let Some(path) = &cli.playout_model {
        if let Err(e) = kosumi::playout::learned::load(path) {
            eprintln!("kosumi: --playout-model: {e}");
            std::process::exit(2);
        }
    }
    if let Some(Cmd::Bench {
        light,
        heavy,
        learned,
        size,
        seconds,
        seed,
        playouts,
    }) = cli.command
    {
        if let Some(path) = cli.net.as_deref().filter(|n| *n != "none") {
            let net = match kosumi::predict::net::Net::load(std::path::Path::new(path)) {
                Ok(n) => n,
                Err(e) => {
                    eprintln!("kosumi bench: {e}");
                    std::process::exit(2);
                }
            };
            exit_unless_board_size("kosumi", size);
            let (rate, encodes) =
                kosumi::bench::net_evaluations(&net, size, seconds.clamp(0.01, 3600.0));
            println!(
                "net {size}x{size}: {rate:.0} evaluations/s ({:.2} ms, of which the input \
                 planes {:.2} ms), {net:?}, {:.0} MFLOP",
                1000.0 / rate,
                1000.0 / encodes,
                2.0 * net.macs(size) as f64 / 1e6
            );
            return;
        }
        run_bench(light, heavy, learned, size, seconds, seed, playouts);
        return;
    }
    if let Some(Cmd::Train {
        files,
        output,
        games,
        holdout,
        max_d,
        min_count,
        iterations,
        stride,
        seed,
        size,
        factors,
        epochs,
    }) = cli.command
    {
        if factors > kosumi::predict::MAX_FACTORS {
            eprintln!(
                "kosumi train: --factors must be at most {}",
                kosumi::predict::MAX_FACTORS
            );
            std::process::exit(2);
        }
        exit_unless_board_size("kosumi train", size);
        if !(kosumi::predict::spatial::MIN_D..=kosumi::predict::spatial::MAX_D).contains(&max_d) {
            eprintln!("kosumi train: --max-d must be between 3 and 10");
            std::process::exit(2);
        }
        let options = kosumi::learn::train::Options {
            max_d,
            min_count: min_count.max(1),
            iterations,
            position_stride: stride.max(1),
            size,
            factors,
            epochs,
        };
        std::process::exit(cli::learn::run_train(cli::learn::TrainArgs {
            files,
            output,
            games,
            holdout,
            options,
            seed,
        }));
    }
    if let Some(Cmd::TrainPlayout {
        files,
        output,
        games,
        holdout,
        min_seen,
        iterations,
        stride,
        seed,
        size,
    }) = cli.command
    {
        exit_unless_board_size("kosumi train-playout", size);
        let options = kosumi::learn::playout::Options {
            size,
            iterations,
            stride: stride.max(1),
            min_seen: min_seen.max(1),
        };
        std::process::exit(cli::learn::run_train_playout(
            &files, &output, games, holdout, seed, &options,
        ));
    }
    if let Some(Cmd::Netdata {
        files,
        output,
        holdout_output,
        games,
        holdout,
        stride,
        seed,
        size,
    }) = cli.command
    {
        exit_unless_board_size("kosumi netdata", size);
        std::process::exit(cli::learn::run_netdata(cli::learn::NetDataArgs {
            files,
            output,
            holdout_output,
            games,
            holdout,
            stride,
            seed,
            size,
        }));
    }
    if let Some(Cmd::Predict {
        files,
        model,
        top,
        size,
        symmetries,
        holdout,
        seed,
        games,
    }) = &cli.command
    {
        exit_unless_board_size("kosumi predict", *size);
        if model.is_some() && cli.net.is_some() {
            eprintln!("kosumi predict: --model and --net measure one thing each; give one");
            std::process::exit(2);
        }
        std::process::exit(cli::learn::run_predict(cli::learn::PredictArgs {
            files,
            model: model.as_deref(),
            net: cli
                .net
                .as_deref()
                .filter(|n| *n != "none")
                .map(std::path::Path::new),
            symmetries: *symmetries as usize,
            top: *top,
            size: *size,
            holdout: *holdout,
            seed: *seed,
            games: *games,
        }));
    }
    if let Some(Cmd::Analyze {
        input,
        output,
        time,
        playouts,
        threads,
        moves,
        threshold,
        svg,
    }) = &cli.command
    {
        if !(time.is_finite() && *time > 0.0) || playouts == &Some(0) || threads == &Some(0) {
            eprintln!("kosumi analyze: --time, --playouts and --threads must be positive");
            std::process::exit(2);
        }
        std::process::exit(cli::analyze::run(cli::analyze::AnalyzeArgs {
            input: input.clone(),
            output: output.clone(),
            time: *time,
            playouts: *playouts,
            threads: *threads,
            moves: *moves,
            threshold: *threshold,
            svg: svg.clone(),
            learned_priors: cli.learned_priors,
            net: load_net(cli.net.as_deref()),
        }));
    }
    if let Some(Cmd::Analysis {
        threads,
        workers,
        visits,
        max_time,
        max_nodes,
        quit_without_waiting,
    }) = &cli.command
    {
        if !(max_time.is_finite() && *max_time > 0.0) {
            eprintln!("kosumi: --max-time must be a positive number of seconds");
            std::process::exit(2);
        }
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        std::process::exit(cli::analysis::run(cli::analysis::Options {
            threads: threads.max(1),
            workers: (*workers).max(1),
            visits: (*visits).max(1),
            max_time: *max_time,
            max_nodes: *max_nodes,
            quit_without_waiting: *quit_without_waiting,
            learned_priors: cli.learned_priors,
            net: load_net(cli.net.as_deref()),
        }));
    }
    if let Some(Cmd::Regress {
        paths,
        engine,
        timeout,
    }) = &cli.command
    {
        std::process::exit(cli::regress::cli(paths, engine.as_deref(), *timeout));
    }
    exit_unless_board_size("kosumi", cli.size);
    if !(cli.komi.is_finite() && cli.komi.abs() <= 10_000.0) {
        eprintln!("kosumi: --komi must be a number between -10000 and 10000");
        std::process::exit(2);
    }
    if !(cli.time.is_finite() && cli.time > 0.0 && (0.0..1.0).contains(&cli.resign)) {
        eprintln!("kosumi: --time must be positive and --resign in [0, 1)");
        std::process::exit(2);
    }
    let defaults = Config::default();
    let mut search = defaults.search.clone();
    if let Some(t) = cli.threads {
        search.threads = t.max(1);
    }
    if let Some(s) = cli.seed {
        search.seed = s;
    }
    search.max_nodes = cli.max_nodes.max(1000);
    search.learned_priors = cli.learned_priors;
    search.policy = cli.playout;
    search.lgrf = cli.lgrf;
    search.score_weight = cli.score_utility.0;
    search.net = load_net(cli.net.as_deref());
    let config = Config {
        size: cli.size,
        komi: cli.komi,
        rules: cli.rules,
        search,
        playouts: cli.playouts.map(|n| n.max(1)),
        time_per_move: cli.time,
        resign_threshold: cli.resign,
        reg_playouts: cli.reg_playouts.max(1),
        ponder: cli.ponder,
        live_gfx: cli.gfx,
        allow_files: !cli.no_files,
    };
    let mut engine = Engine::new(config);
    let stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    kosumi::gtp::run(&mut engine, stdin, stdout.lock());
}

/// `kosumi bench`: playout speed. With neither `--light` nor `--heavy`,
/// both are timed.
fn run_bench(
    light: bool,
    heavy: bool,
    learned: bool,
    size: usize,
    seconds: f64,
    seed: u64,
    playouts: Option<u64>,
) {
    use kosumi::playout::Policy;
    exit_unless_board_size("kosumi", size);
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0) {
        eprintln!("kosumi: --seconds must be in (0, 3600]");
        std::process::exit(2);
    }
    if !light && !heavy && !learned {
        // The search bench: built-in positions, one thread, fixed seed; the
        // node count is the behaviour signature.
        let n = playouts.unwrap_or(5000);
        println!("{}", kosumi::bench::search(n).report());
        return;
    }
    let mut policies = Vec::new();
    if light {
        policies.push(Policy::Light);
    }
    if heavy {
        policies.push(Policy::Heavy);
    }
    if learned {
        policies.push(Policy::Learned);
    }
    let budget = match playouts {
        Some(n) => kosumi::bench::Budget::Playouts(n.max(1)),
        None => kosumi::bench::Budget::Time(std::time::Duration::from_secs_f64(seconds)),
    };
    let results: Vec<_> = policies
        .iter()
        .map(|&p| kosumi::bench::bench_playouts(size, p, budget, seed))
        .collect();
    // A closed pipe (`| head`) is no error worth a panic.
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for r in &results {
        let _ = writeln!(out, "{}", r.details());
    }
    for r in &results {
        let _ = writeln!(out, "{}", r.summary());
    }
}
