//! `kosumi train` and `kosumi predict`.

use kosumi::learn::evaluate::evaluate;
use kosumi::learn::records::{read_all, Record};
use kosumi::learn::train::{train, Options};
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

/// Trains a model and writes it; measures it on the held-out games.
/// Returns the process exit code.
pub fn run_train(a: TrainArgs) -> i32 {
    let started = std::time::Instant::now();
    let (mut records, bad_files) = read_all(&a.files);
    if records.is_empty() {
        eprintln!("kosumi train: no games in the files given");
        return 2;
    }
    // A fixed shuffle: the held-out games are the same in every run with
    // the same files and seed.
    records.shuffle(&mut rand::rngs::StdRng::seed_from_u64(a.seed));
    let holdout = a.holdout.min(records.len() / 2);
    let (test, rest) = records.split_at(holdout);
    let train_set: &[Record] = match a.games {
        Some(n) => &rest[..n.min(rest.len())],
        None => rest,
    };
    eprintln!(
        "kosumi train: {} games read ({} files skipped); training on {}, {} held out",
        records.len(),
        bad_files,
        train_set.len(),
        test.len()
    );
    let (model, report) = train(train_set, &a.options);
    // Measured as written: the file keeps the weights as f32 and the
    // latent factors as a byte each.
    let model = match write_model(&model, &a.output) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("kosumi train: cannot write {}: {e}", a.output.display());
            return 1;
        }
    };
    println!(
        "trained on {} positions of {} games ({} skipped), {} patterns, log-likelihood {:.4}, {:.0} s",
        report.positions,
        report.games,
        report.skipped,
        report.patterns,
        report.log_likelihood.last().copied().unwrap_or(f64::NAN),
        started.elapsed().as_secs_f64()
    );
    if !test.is_empty() {
        let acc = evaluate(&model, test, a.options.size, 5);
        println!("held out: {}", acc.line());
    }
    0
}

/// Writes the model to a temporary file and renames it into place;
/// returns the model as the file holds it.
fn write_model(model: &Model, path: &Path) -> std::io::Result<Model> {
    let mut bytes = Vec::new();
    model.write(&mut bytes)?;
    kosumi::sgf::write_atomically(path, &bytes)?;
    Model::from_bytes(&bytes).map_err(|e| std::io::Error::other(e.to_string()))
}

/// `kosumi predict`: the model's ranking of every move played.
pub fn run_predict(files: &[PathBuf], model: Option<&Path>, top: usize, size: usize) -> i32 {
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
    let (records, bad_files) = read_all(files);
    let mut acc = evaluate(&model, &records, size, top.max(1));
    acc.skipped += bad_files as u64;
    println!("{}", acc.line());
    0
}
