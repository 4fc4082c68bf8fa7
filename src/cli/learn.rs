//! `kosumi train`, `kosumi netdata` and `kosumi predict`.

use kosumi::learn::evaluate::evaluate;
use kosumi::learn::records::{read_all, Record};
use kosumi::learn::train::{train, Options, Report};
use kosumi::predict::Model;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::path::{Path, PathBuf};

/// What `kosumi train` is told.
pub struct TrainArgs {
    pub files: Vec<PathBuf>,
    pub output: PathBuf,
    pub games: Option<usize>,
    pub holdout: usize,
    pub options: Options,
    pub seed: u64,
}

/// The games of `files` in the fixed shuffle of `seed`, split into the
/// held-out ones and the rest (at most `games` of them): the same split
/// for `kosumi train` and `kosumi netdata`. Prints what it read.
fn split_games(
    what: &str,
    files: &[PathBuf],
    seed: u64,
    holdout: usize,
    games: Option<usize>,
) -> Option<(Vec<Record>, Vec<Record>)> {
    let (mut records, bad_files) = read_all(files);
    if records.is_empty() {
        eprintln!("kosumi {what}: no games in the files given");
        return None;
    }
    // A fixed shuffle: the held-out games are the same in every run with
    // the same files and seed.
    records.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
    let total = records.len();
    let holdout = holdout.min(total / 2);
    let mut rest = records.split_off(holdout);
    if let Some(n) = games {
        rest.truncate(n);
    }
    eprintln!(
        "kosumi {what}: {} games read ({} files skipped); training on {}, {} held out",
        total,
        bad_files,
        rest.len(),
        records.len()
    );
    Some((records, rest))
}

/// What `kosumi netdata` is told.
pub struct NetDataArgs {
    pub files: Vec<PathBuf>,
    pub output: PathBuf,
    pub holdout_output: Option<PathBuf>,
    pub games: Option<usize>,
    pub holdout: usize,
    pub stride: usize,
    pub seed: u64,
    pub size: usize,
}

/// Writes the policy network's training positions (and the held-out
/// games' positions). Returns the process exit code.
pub fn run_netdata(a: NetDataArgs) -> i32 {
    let started = std::time::Instant::now();
    let Some((test, train_set)) = split_games("netdata", &a.files, a.seed, a.holdout, a.games)
    else {
        return 2;
    };
    let mut jobs = vec![(&train_set, &a.output)];
    if let Some(h) = &a.holdout_output {
        jobs.push((&test, h));
    }
    for (games, path) in jobs {
        match write_netdata(games, a.size, a.stride, path) {
            Ok(r) => println!(
                "{}: {} positions of {} games ({} skipped), {:.0} s",
                path.display(),
                r.positions,
                r.games,
                r.skipped,
                started.elapsed().as_secs_f64()
            ),
            Err(e) => {
                eprintln!("kosumi netdata: cannot write {}: {e}", path.display());
                return 1;
            }
        }
    }
    0
}

/// `kosumi train-playout`: fits the playout policy's weights and writes
/// them; measures them on the held-out games. Returns the exit code.
pub fn run_train_playout(
    files: &[PathBuf],
    output: &Path,
    games: Option<usize>,
    holdout: usize,
    seed: u64,
    o: &kosumi::learn::playout::Options,
) -> i32 {
    let started = std::time::Instant::now();
    let Some((test, train_set)) = split_games("train-playout", files, seed, holdout, games) else {
        return 2;
    };
    let (model, report, measured) = kosumi::learn::playout::train(&train_set, &test, o);
    if let Err(e) = kosumi::sgf::write_atomically(output, model.to_text().as_bytes()) {
        eprintln!(
            "kosumi train-playout: cannot write {}: {e}",
            output.display()
        );
        return 1;
    }
    print_trained(&report, started);
    if let Some((ll, top1)) = measured {
        println!(
            "held out: log-likelihood {ll:.4}, top-1 {:.1}%",
            100.0 * top1
        );
    }
    0
}

/// One netdata file, its header's record count filled in at the end.
fn write_netdata(
    games: &[Record],
    size: usize,
    stride: usize,
    path: &Path,
) -> std::io::Result<kosumi::learn::netdata::Report> {
    use kosumi::learn::netdata;
    use std::io::{Seek, Write};
    let file = std::fs::File::create(path)?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    let pb = indicatif::ProgressBar::new(games.len() as u64);
    let report = netdata::write(games, size, stride, &mut out, &|n| pb.inc(n))?;
    pb.finish_and_clear();
    let mut file = out.into_inner().map_err(|e| e.into_error())?;
    file.seek(std::io::SeekFrom::Start(0))?;
    file.write_all(&netdata::header(size, report.positions))?;
    Ok(report)
}

/// Trains a model and writes it; measures it on the held-out games.
/// Returns the process exit code.
pub fn run_train(a: TrainArgs) -> i32 {
    let started = std::time::Instant::now();
    let Some((test, train_set)) = split_games("train", &a.files, a.seed, a.holdout, a.games) else {
        return 2;
    };
    let (model, report) = train(&train_set, &a.options);
    // Measured as written: the file keeps the weights as f32 and the
    // latent factors as a byte each.
    let model = match write_model(&model, &a.output) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("kosumi train: cannot write {}: {e}", a.output.display());
            return 1;
        }
    };
    print_trained(&report, started);
    if !test.is_empty() {
        let acc = evaluate(&model, &test, a.options.size, 5);
        println!("held out: {}", acc.line());
    }
    0
}

/// The line `train` and `train-playout` print after fitting.
fn print_trained(report: &Report, started: std::time::Instant) {
    println!(
        "trained on {} positions of {} games ({} skipped), {} patterns, log-likelihood {:.4}, {:.0} s",
        report.positions,
        report.games,
        report.skipped,
        report.patterns,
        report.log_likelihood.last().copied().unwrap_or(f64::NAN),
        started.elapsed().as_secs_f64()
    );
}

/// Writes the model to a temporary file and renames it into place;
/// returns the model as the file holds it.
fn write_model(model: &Model, path: &Path) -> std::io::Result<Model> {
    let mut bytes = Vec::new();
    model.write(&mut bytes)?;
    kosumi::sgf::write_atomically(path, &bytes)?;
    Model::from_bytes(&bytes).map_err(|e| std::io::Error::other(e.to_string()))
}

/// What `kosumi predict` is told.
pub struct PredictArgs<'a> {
    pub files: &'a [PathBuf],
    pub model: Option<&'a Path>,
    pub net: Option<&'a Path>,
    /// The network's policy averaged over this many symmetries.
    pub symmetries: usize,
    pub top: usize,
    pub size: usize,
    /// Measure only the games `netdata` and `train` hold out with these
    /// files, this seed and this many held out.
    pub holdout: Option<usize>,
    pub seed: u64,
    /// At most this many games (the first ones).
    pub games: Option<usize>,
}

/// `kosumi predict`: the model's ranking of every move played, or with
/// `net` the network's.
pub fn run_predict(a: PredictArgs) -> i32 {
    let PredictArgs {
        files,
        model,
        net,
        symmetries,
        top,
        size,
        holdout,
        seed,
        games,
    } = a;
    let read = || -> Option<(Vec<Record>, usize)> {
        let (mut records, bad) = match holdout {
            Some(h) => (split_games("predict", files, seed, h, None)?.0, 0),
            None => read_all(files),
        };
        if let Some(n) = games {
            records.truncate(n);
        }
        Some((records, bad))
    };
    if let Some(path) = net {
        let net = match kosumi::predict::net::Net::load(path) {
            Ok(n) => n,
            Err(e) => {
                eprintln!("kosumi predict: {e}");
                return 2;
            }
        };
        let Some((records, bad_files)) = read() else {
            return 2;
        };
        let mut acc =
            kosumi::learn::evaluate::evaluate_net(&net, symmetries, &records, size, top.max(1));
        acc.skipped += bad_files as u64;
        println!("{}", acc.line());
        return 0;
    }
    let model = match model {
        Some(p) => match std::fs::File::open(p)
            .map_err(|e| e.to_string())
            .and_then(|mut f| Model::read(&mut f).map_err(|e| e.to_string()))
        {
            Ok(m) => m,
            Err(e) => {
                eprintln!("kosumi predict: {}: {e}", p.display());
                return 2;
            }
        },
        None => kosumi::predict::builtin().clone(),
    };
    let Some((records, bad_files)) = read() else {
        return 2;
    };
    let mut acc = evaluate(&model, &records, size, top.max(1));
    acc.skipped += bad_files as u64;
    println!("{}", acc.line());
    0
}
