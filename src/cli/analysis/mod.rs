//! `kosumi analysis`: the KataGo JSON analysis protocol on stdin/stdout,
//! as KataGo's "Analysis Engine" documentation describes it, for the tools
//! written for it (KaTrain, review sites, scripts).
//!
//! One JSON query a line; one JSON answer a line for each analysed turn,
//! and for each turn exactly one final answer (`isDuringSearch: false`):
//! its analysis, or `noResults: true` when it was terminated before any
//! playout. Queries run concurrently on `--workers` searchers, highest
//! `priority` first, then in arrival order, so answers may come out of
//! order as KataGo's do. A search uses the `--threads` cores shared among
//! the searches that run at once, so one query alone gets them all.
//!
//! The parts: the reader (this thread) parses lines ([`query`]) and
//! queues their turns; the workers search them; one writer thread owns
//! stdout. `terminate` stops a running search within milliseconds (the
//! worker's stop signal) and answers queued turns at once. When stdout
//! closes, kosumi stops every search and exits; when stdin ends, it
//! finishes what is queued (or, with `--quit-without-waiting`, stops at
//! once), as KataGo does.
//!
//! Bad input never stops the run: a line that is not JSON or not UTF-8,
//! a field with a wrong value, an illegal move each get an error naming
//! what is wrong (`{"id", "field", "error"}` where the id is known).

mod query;
mod response;
mod rules;

use kosumi::game::Game;
use kosumi::search::{Limits, Progress, SearchConfig, Searcher, StopSignal};
use query::{Defaults, Query};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BinaryHeap};
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Longest input line read; a longer one is skipped with an error.
const MAX_LINE: usize = 32 << 20;

/// The command line's settings.
#[derive(Clone, Debug)]
pub struct Options {
    /// Cores the searches share.
    pub threads: usize,
    /// Queries searched at once.
    pub workers: usize,
    /// Visits of a query without `maxVisits`.
    pub visits: u64,
    /// Seconds a search may take unless the query says otherwise.
    pub max_time: f64,
    /// Tree nodes all searchers together may hold.
    pub max_nodes: usize,
    /// At the end of input, stop the searches instead of finishing them.
    pub quit_without_waiting: bool,
    pub learned_priors: kosumi::search::LearnedPriors,
    /// The policy network the searches ask, if any.
    pub net: Option<Arc<kosumi::predict::net::Net>>,
}

/// One turn waiting in the queue.
struct Job {
    priority: i64,
    seq: u64,
    turn: usize,
    query: Arc<Query>,
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

/// A turn not yet answered: queued, or searched by a worker.
struct Open {
    id: String,
    turn: usize,
    worker: Option<usize>,
}

#[derive(Default)]
struct Queue {
    jobs: BinaryHeap<Job>,
    /// Every unanswered turn by its sequence number; a queued job whose
    /// entry is gone was terminated and is skipped.
    open: BTreeMap<u64, Open>,
    /// No more input: workers leave when the queue is empty.
    closed: bool,
}

/// What the reader, the workers and the writer share.
struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
    out: Sender<String>,
    /// Each worker's stop signal.
    signals: Vec<Arc<StopSignal>>,
    options: Options,
}

impl Shared {
    fn send(&self, v: &Value) {
        let _ = self.out.send(v.to_string());
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Terminates the open turns that `matches`: queued ones are answered
    /// `noResults` now; running ones are stopped and answer with what
    /// they have.
    fn terminate(&self, matches: impl Fn(&Open) -> bool) {
        let mut q = self.lock();
        let chosen: Vec<u64> = q
            .open
            .iter()
            .filter(|(_, o)| matches(o))
            .map(|(&s, _)| s)
            .collect();
        for seq in chosen {
            let worker = q.open[&seq].worker;
            match worker {
                Some(w) => self.signals[w].interrupt(),
                None => {
                    if let Some(o) = q.open.remove(&seq) {
                        self.send(&response::no_results(&o.id, o.turn));
                    }
                }
            }
        }
    }

    /// Stops every search now (stdout closed, or the end of input with
    /// `--quit-without-waiting`): nothing more is searched.
    fn stop_all(&self) {
        let mut q = self.lock();
        q.jobs.clear();
        q.open.retain(|_, o| o.worker.is_some());
        q.closed = true;
        for s in &self.signals {
            s.interrupt();
        }
        drop(q);
        self.wake.notify_all();
    }
}

/// Runs the protocol until stdin ends; returns the exit code.
pub fn run(options: Options) -> i32 {
    let options = Options {
        threads: options.threads.max(1),
        workers: options.workers.max(1),
        ..options
    };
    let (out, lines) = channel::<String>();
    let signals: Vec<Arc<StopSignal>> = (0..options.workers).map(|_| Arc::default()).collect();
    let shared = Arc::new(Shared {
        queue: Mutex::default(),
        wake: Condvar::new(),
        out,
        signals,
        options,
    });
    // The writer owns stdout; when the client has gone, nothing is left to
    // do.
    let writer = std::thread::spawn(move || {
        let stdout = std::io::stdout();
        for line in lines {
            let mut o = stdout.lock();
            if writeln!(o, "{line}").and_then(|_| o.flush()).is_err() {
                log::warn!("analysis: stdout is closed; stopping");
                std::process::exit(0);
            }
        }
    });
    watch_client();
    let workers: Vec<_> = (0..shared.options.workers)
        .map(|w| {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(format!("kosumi-analysis-{w}"))
                .spawn(move || worker(w, &shared))
                .expect("start an analysis worker")
        })
        .collect();
    let defaults = Defaults {
        visits: shared.options.visits,
        max_time: shared.options.max_time,
        threads: shared.options.threads,
    };
    let mut seq = 0u64;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line_no = 0u64;
    loop {
        let line = match read_line(&mut input) {
            Ok(Some(l)) => l,
            Ok(None) => break,
            Err(e) => {
                log::warn!("analysis: reading stdin: {e}");
                break;
            }
        };
        line_no += 1;
        match line {
            Line::TooLong(n) => shared.send(&json!({
                "error": format!("line {line_no} is longer than {} MiB ({n} bytes read); ignored", MAX_LINE >> 20)
            })),
            Line::Text(bytes) => handle_line(&bytes, line_no, &mut seq, &defaults, &shared),
        }
    }
    if shared.options.quit_without_waiting {
        shared.stop_all();
    } else {
        shared.lock().closed = true;
        shared.wake.notify_all();
    }
    for w in workers {
        let _ = w.join();
    }
    // Every sender but the shared one is gone with the workers.
    drop(shared);
    let _ = writer.join();
    0
}

/// Exits when the client is gone, checked every 100 ms on Unix, since a
/// search may not write for a long while (elsewhere the next write finds
/// out): when stdout becomes a pipe nobody reads, or when the process that
/// started kosumi dies while stdin is a pipe. KaTrain starts its
/// `altcommand` through a shell and stops the engine by killing that
/// shell; it then waits for the engine's output to end, which would never
/// come from a kosumi left running with the pipes still open.
fn watch_client() {
    #[cfg(unix)]
    std::thread::spawn(|| {
        // SAFETY: plain system calls on the process's own descriptors.
        let parent = unsafe { libc::getppid() };
        let stdin_is_pipe = unsafe {
            let mut st: libc::stat = std::mem::zeroed();
            libc::fstat(0, &mut st) == 0 && st.st_mode & libc::S_IFMT == libc::S_IFIFO
        };
        loop {
            std::thread::sleep(Duration::from_millis(100));
            let mut fd = libc::pollfd {
                fd: 1,
                events: 0,
                revents: 0,
            };
            // SAFETY: one valid pollfd, a zero timeout.
            let n = unsafe { libc::poll(&mut fd, 1, 0) };
            if n > 0 && fd.revents & (libc::POLLERR | libc::POLLHUP | libc::POLLNVAL) != 0 {
                log::warn!("analysis: stdout is closed; stopping");
                std::process::exit(0);
            }
            // SAFETY: as above.
            if stdin_is_pipe && unsafe { libc::getppid() } != parent {
                log::warn!("analysis: the process that started kosumi is gone; stopping");
                std::process::exit(0);
            }
        }
    });
}

enum Line {
    Text(Vec<u8>),
    /// Skipped: longer than `MAX_LINE`; the bytes it had.
    TooLong(usize),
}

/// Reads one line as bytes, at most `MAX_LINE` of them kept; `None` at
/// the end of input.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut total = 0usize;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(match (total, line.is_empty()) {
                (0, _) => None,
                (n, _) if n > MAX_LINE => Some(Line::TooLong(n)),
                _ => Some(Line::Text(line)),
            });
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        total += chunk.len();
        if total <= MAX_LINE {
            line.extend_from_slice(chunk);
        } else {
            line = Vec::new();
        }
        let ended = done > chunk.len();
        input.consume(done);
        if ended {
            return Ok(Some(if total > MAX_LINE {
                Line::TooLong(total)
            } else {
                Line::Text(line)
            }));
        }
    }
}

/// The id of a query line, if it has one (a string; a number as its text).
fn id_of(obj: &Map<String, Value>) -> Option<String> {
    match obj.get("id") {
        Some(Value::String(s)) => Some(s.clone()),
        Some(v) if v.is_number() => Some(v.to_string()),
        _ => None,
    }
}

/// The id of a line that is not valid JSON (cut short, too deep, bad
/// bytes), when one can still be read: the first `"id": "..."`. Its error
/// then names the query, so that a client waiting for that id hears of
/// it.
fn salvage_id(text: &str) -> Option<String> {
    let at = text.find("\"id\"")?;
    let rest = text[at + 4..].trim_start().strip_prefix(':')?.trim_start();
    serde_json::Deserializer::from_str(rest)
        .into_iter::<String>()
        .next()?
        .ok()
}

/// Answers one input line: errors, warnings and actions at once, turns
/// into the queue.
fn handle_line(bytes: &[u8], line_no: u64, seq: &mut u64, defaults: &Defaults, shared: &Shared) {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            // Answer with the id when one can be read past the bad bytes.
            let id = salvage_id(&String::from_utf8_lossy(bytes));
            let mut r = json!({
                "error": format!("line {line_no} is not valid UTF-8 (at byte {}); ignored", e.valid_up_to())
            });
            if let Some(id) = id {
                r["id"] = json!(id);
            }
            shared.send(&r);
            return;
        }
    };
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    let v: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let shown: String = text.chars().take(80).collect();
            let mut r =
                json!({"error": format!("could not parse input line as JSON ({e}): {shown}")});
            if let Some(id) = salvage_id(text) {
                r["id"] = json!(id);
            }
            shared.send(&r);
            return;
        }
    };
    let Some(obj) = v.as_object() else {
        shared.send(&json!({"error": "request line was valid JSON but not an object; ignored"}));
        return;
    };
    let Some(id) = id_of(obj) else {
        shared.send(&json!({"error": "request must have a string \"id\" field", "field": "id"}));
        return;
    };
    let field_error =
        |field: &str, message: String| json!({"id": id, "field": field, "error": message});
    if let Some(action) = obj.get("action") {
        action_line(obj, action, &id, shared);
        return;
    }
    let parsed = query::parse(obj, &id, defaults);
    for (field, warning) in &parsed.warnings {
        shared.send(&json!({"id": id, "field": field, "warning": warning}));
    }
    let q = match parsed.query {
        Ok(q) => Arc::new(q),
        Err(e) => {
            shared.send(&field_error(e.field, e.message));
            return;
        }
    };
    let mut queue = shared.lock();
    if queue.closed {
        return;
    }
    for &(turn, priority) in &q.turns {
        *seq += 1;
        queue.open.insert(
            *seq,
            Open {
                id: id.clone(),
                turn,
                worker: None,
            },
        );
        queue.jobs.push(Job {
            priority,
            seq: *seq,
            turn,
            query: Arc::clone(&q),
        });
    }
    drop(queue);
    shared.wake.notify_all();
}

/// `query_version`, `clear_cache`, `terminate`, `terminate_all`: answered
/// by echoing the query, as KataGo does.
fn action_line(obj: &Map<String, Value>, action: &Value, id: &str, shared: &Shared) {
    let err = |field: &str, message: &str| json!({"id": id, "field": field, "error": message});
    let turns = match obj.get("turnNumbers") {
        None => None,
        Some(Value::Array(a)) if a.iter().all(Value::is_u64) => Some(
            a.iter()
                .filter_map(Value::as_u64)
                .map(|t| t as usize)
                .collect::<Vec<_>>(),
        ),
        Some(_) => {
            shared.send(&err(
                "turnNumbers",
                "if given, must be an array of turn numbers to terminate",
            ));
            return;
        }
    };
    let turn_ok = |t: usize| turns.as_ref().is_none_or(|ts| ts.contains(&t));
    let mut echo = obj.clone();
    match action.as_str() {
        Some("query_version") => {
            echo.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
            echo.insert("git_hash".into(), json!("<omitted>"));
        }
        Some("clear_cache") => {}
        Some("terminate") => {
            let Some(target) = obj.get("terminateId").and_then(Value::as_str) else {
                shared.send(&err(
                    "terminateId",
                    "a terminate action must have a string \"terminateId\" field",
                ));
                return;
            };
            shared.terminate(|o| o.id == target && turn_ok(o.turn));
        }
        Some("terminate_all") => shared.terminate(|o| turn_ok(o.turn)),
        _ => {
            shared.send(&err(
                "action",
                &format!(
                    "'action' must be query_version, clear_cache, terminate or terminate_all, not {}",
                    query::shown(action)
                ),
            ));
            return;
        }
    }
    shared.send(&Value::Object(echo));
}

/// A worker: takes the best queued turn, searches it, answers, again.
fn worker(index: usize, shared: &Shared) {
    let opts = &shared.options;
    let mut searcher = Searcher::with_signal(
        SearchConfig {
            threads: opts.threads,
            seed: SearchConfig::default().seed ^ (index as u64).wrapping_mul(0x9E37_79B9),
            max_nodes: (opts.max_nodes / opts.workers).max(1_000),
            learned_priors: opts.learned_priors,
            net: opts.net.clone(),
            ..SearchConfig::default()
        },
        Arc::clone(&shared.signals[index]),
    );
    // The last position built, to go on from when the next turn is a later
    // one of the same query.
    let mut last: Option<(Arc<Query>, usize, Game)> = None;
    loop {
        let (job, threads) = {
            let mut q = shared.lock();
            let job = loop {
                if let Some(j) = q.jobs.pop() {
                    match q.open.get_mut(&j.seq) {
                        Some(o) => {
                            o.worker = Some(index);
                            break Some(j);
                        }
                        None => continue,
                    }
                }
                if q.closed {
                    break None;
                }
                q = shared.wake.wait(q).unwrap_or_else(|e| e.into_inner());
            };
            let Some(job) = job else { return };
            shared.signals[index].clear();
            // The cores are shared among the searches that will run at
            // once: this one, the others running, and those queued for
            // idle workers.
            let at_once = q.open.len().clamp(1, opts.workers);
            (job, (opts.threads / at_once).max(1))
        };
        let game = match last.take() {
            Some((query, turn, mut game))
                if Arc::ptr_eq(&query, &job.query) && turn <= job.turn =>
            {
                job.query.advance(&mut game, turn, job.turn);
                game
            }
            _ => {
                let mut game = job.query.start();
                job.query.advance(&mut game, 0, job.turn);
                game
            }
        };
        search_turn(&mut searcher, &job, &game, threads, shared);
        shared.lock().open.remove(&job.seq);
        // Free the tree now (on another thread), not at the next search.
        searcher.clear();
        last = Some((job.query, job.turn, game));
    }
}

/// Searches one turn and answers for it, with reports during the search
/// when the query asks for them.
fn search_turn(searcher: &mut Searcher, job: &Job, game: &Game, threads: usize, shared: &Shared) {
    let q = &job.query;
    let turn = response::Turn {
        query: q,
        turn: job.turn,
        game,
        policy: q
            .policy
            .then(|| searcher.policy(game.board(), game.to_move())),
    };
    let limits = Limits {
        playouts: Some(q.visits),
        time: Some(Duration::from_secs_f64(q.max_time.min(1e9))),
        filters: q.filters.clone(),
        threads: Some(q.threads.unwrap_or(threads)),
        moves_ownership: q.moves_ownership || q.moves_ownership_stdev,
        pv_len: Some(q.pv_len),
        ..Limits::default()
    };
    let info = match q.report_every {
        Some(every) => {
            let first = Duration::from_secs_f64(q.first_report_after.unwrap_or(every));
            let every = Duration::from_secs_f64(every);
            let started = std::time::Instant::now();
            let mut due = first;
            let mut report = |p: &Progress| {
                let now = started.elapsed();
                if now < due {
                    return;
                }
                due = now + every;
                let own = (q.ownership || q.ownership_stdev).then(|| (p.ownership)());
                if let Some(v) = response::analysis(&turn, p.info, own.as_ref(), true) {
                    shared.send(&v);
                }
            };
            let tick = every.min(first).max(Duration::from_millis(1));
            searcher.search(game, game.komi(), limits, Some((tick, &mut report)))
        }
        None => searcher.search(game, game.komi(), limits, None),
    };
    let answer = response::analysis(&turn, &info, searcher.ownership(), false)
        .unwrap_or_else(|| response::no_results(&q.id, job.turn));
    shared.send(&answer);
}
