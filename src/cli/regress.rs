//! Runner for regression files in the GNU Go / gogui-regress `.tst` format.
//!
//! A `.tst` file is a GTP script. A command with a numeric id is a test; the
//! `#? [regex]` line after it gives the expected result: the regular
//! expression must match the whole result (anchored, case-sensitive, `.`
//! also matching newlines, as gogui-regress compiles it), `[!regex]` negates
//! it, and a trailing `*` (`#? [regex]*`) marks a known failure. Any `?`
//! error reply to a numbered command fails that test. Other lines starting
//! with `#` are comments; commands without an id set up positions, and an
//! error reply to one of them is a setup error.
//!
//! One extension, invisible to gogui-regress (for which it is a comment):
//! a `#! [regex]` line after a command without an id says that command must
//! fail, with an error text matching the regex. This is how the files check
//! error cases (`? illegal move`, `? cannot undo`), which gogui-regress
//! cannot express since it fails every numbered test answered with `?`.
//!
//! [`run_file`] runs one file the way gogui-regress does: one engine process
//! per file, started in the file's folder (so `loadsgf` paths are relative
//! to it), commands sent one at a time, each reply read before the next
//! command goes out and matched to its command by id.

use regex::Regex;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The expectation of a `#?` line.
#[derive(Debug, Clone)]
pub struct Expectation {
    /// The pattern as written between the brackets, `!` included.
    pub text: String,
    /// `[!regex]`: the test passes when the regex does not match.
    pub negate: bool,
    /// Trailing `*`: the test is known to fail.
    pub known_failure: bool,
    regex: Regex,
}

impl Expectation {
    /// Parses what follows `#?` on an expectation line: `[regex]`,
    /// `[!regex]`, either with a trailing `*`.
    pub fn parse(spec: &str) -> Result<Expectation, String> {
        let mut s = spec.trim();
        let known_failure = s.ends_with('*');
        if known_failure {
            s = &s[..s.len() - 1];
        }
        let inner = s
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| format!("pattern must be [regex] or [regex]*, got '{spec}'"))?
            .trim();
        let (negate, pattern) = match inner.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, inner),
        };
        // gogui-regress uses Java's matches() with MULTILINE and DOTALL.
        let regex = Regex::new(&format!(r"(?ms)\A(?:{pattern})\z"))
            .map_err(|e| format!("bad regular expression '{pattern}': {e}"))?;
        Ok(Expectation {
            text: inner.to_string(),
            negate,
            known_failure,
            regex,
        })
    }

    /// Whether a successful result `response` satisfies the pattern
    /// (ignoring the known-failure mark).
    pub fn accepts(&self, response: &str) -> bool {
        self.regex.is_match(response) != self.negate
    }
}

/// One command line of a `.tst` file.
#[derive(Debug, Clone)]
pub struct Entry {
    /// 1-based line number in the file.
    pub line: usize,
    /// The line as sent to the engine (trimmed, tabs turned into spaces).
    pub text: String,
    /// The numeric id: present for tests.
    pub id: Option<u64>,
    /// The command name (first word after the id).
    pub name: String,
    /// The `#?` line after it, if any.
    pub expect: Option<Expectation>,
    /// The `#!` line after it, if any: the command must fail with a
    /// matching error text.
    pub expect_error: Option<Expectation>,
}

/// Parses the text of a `.tst` file into its command lines.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries: Vec<Entry> = Vec::new();
    // Whether the previous non-comment line was a command still open for an
    // expectation (as in gogui-regress, `#?` must follow its command, with
    // only blank lines or comments between).
    let mut open = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(spec) = line.strip_prefix("#?") {
            let last = match entries.last_mut() {
                Some(e) if open => e,
                _ => return Err(format!("line {}: #? without a command before it", i + 1)),
            };
            if last.id.is_none() {
                return Err(format!("line {}: #? after a command without an id", i + 1));
            }
            if spec.trim().is_empty() {
                open = false;
                continue;
            }
            last.expect =
                Some(Expectation::parse(spec).map_err(|e| format!("line {}: {e}", i + 1))?);
            open = false;
            continue;
        }
        if let Some(spec) = line.strip_prefix("#!") {
            let last = match entries.last_mut() {
                Some(e) if open && e.id.is_none() => e,
                _ => {
                    return Err(format!(
                        "line {}: #! must follow a command without an id",
                        i + 1
                    ))
                }
            };
            let x = Expectation::parse(spec).map_err(|e| format!("line {}: {e}", i + 1))?;
            if x.known_failure {
                return Err(format!("line {}: #! cannot be a known failure", i + 1));
            }
            last.expect_error = Some(x);
            open = false;
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let text = line.replace('\t', " ");
        let first = text.split(' ').next().unwrap_or("");
        let id = if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
            Some(
                first
                    .parse::<u64>()
                    .map_err(|_| format!("line {}: id {first} too large", i + 1))?,
            )
        } else {
            None
        };
        let rest = if id.is_some() {
            text[first.len()..].trim_start()
        } else {
            &text[..]
        };
        let name = rest.split_whitespace().next().unwrap_or("").to_string();
        entries.push(Entry {
            line: i + 1,
            text,
            id,
            name,
            expect: None,
            expect_error: None,
        });
        open = true;
    }
    Ok(entries)
}

/// What happened to one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Passed as expected.
    Pass,
    /// Failed, and not marked as a known failure.
    UnexpectedFail,
    /// Failed, marked `*`.
    KnownFailure,
    /// Passed although marked `*`: the mark should go.
    UnexpectedPass,
}

/// The result of one numbered command.
#[derive(Debug, Clone)]
pub struct TestResult {
    pub id: u64,
    pub line: usize,
    pub command: String,
    /// The pattern as written, if there was one.
    pub expected: Option<String>,
    /// The result text (after `=id ` or `?id `), trimmed.
    pub response: String,
    /// The reply was `?`.
    pub error: bool,
    pub outcome: Outcome,
}

/// The results of one `.tst` file.
#[derive(Debug, Clone)]
pub struct FileReport {
    pub path: PathBuf,
    pub results: Vec<TestResult>,
    /// Commands without an id and without `#!` that got an error reply:
    /// (line, command, reply). They mean a broken setup.
    pub other_errors: Vec<(usize, String, String)>,
    /// Number of `#!` error checks that held.
    pub error_checks_passed: usize,
    /// `#!` error checks that did not hold: (line, command, expected,
    /// reply as received, `?` or `=` included).
    pub error_checks_failed: Vec<(usize, String, String, String)>,
    /// Why the run stopped early (engine died, timed out, bad file).
    pub aborted: Option<String>,
    pub elapsed: Duration,
}

impl FileReport {
    fn count(&self, o: Outcome) -> usize {
        self.results.iter().filter(|r| r.outcome == o).count()
    }

    /// Number of tests run.
    pub fn tests(&self) -> usize {
        self.results.len()
    }

    /// Tests that passed (expected or not).
    pub fn passed(&self) -> usize {
        self.count(Outcome::Pass) + self.count(Outcome::UnexpectedPass)
    }

    /// Tests that failed without a `*`.
    pub fn unexpected_failures(&self) -> usize {
        self.count(Outcome::UnexpectedFail)
    }

    /// Tests that failed with a `*`.
    pub fn known_failures(&self) -> usize {
        self.count(Outcome::KnownFailure)
    }

    /// Tests marked `*` that passed.
    pub fn unexpected_passes(&self) -> usize {
        self.count(Outcome::UnexpectedPass)
    }

    /// True when nothing unexpected happened: every test as marked, no
    /// setup error, no abort.
    pub fn is_clean(&self) -> bool {
        self.unexpected_failures() == 0
            && self.unexpected_passes() == 0
            && self.other_errors.is_empty()
            && self.error_checks_failed.is_empty()
            && self.aborted.is_none()
    }

    /// The file name for summaries.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.path.display().to_string())
    }

    /// One summary line: counts and pass rate.
    pub fn summary(&self) -> String {
        let n = self.tests();
        let rate = if n == 0 {
            100.0
        } else {
            100.0 * self.passed() as f64 / n as f64
        };
        let mut s = format!(
            "{:<16} {:>4} tests {:>4} passed {:>4} failed ({:>3} known, {:>3} unexpected) {:>3} unexpected passes  {:5.1}%  {:6.1}s",
            self.name(),
            n,
            self.passed(),
            self.known_failures() + self.unexpected_failures(),
            self.known_failures(),
            self.unexpected_failures(),
            self.unexpected_passes(),
            rate,
            self.elapsed.as_secs_f64()
        );
        let checks = self.error_checks_passed + self.error_checks_failed.len();
        if checks > 0 {
            s.push_str(&format!(
                "  {}/{} error checks",
                self.error_checks_passed, checks
            ));
        }
        if !self.other_errors.is_empty() {
            s.push_str(&format!("  {} setup errors", self.other_errors.len()));
        }
        if let Some(why) = &self.aborted {
            s.push_str(&format!("  ABORTED: {why}"));
        }
        s
    }

    /// One line per unexpected result, in the words of gogui-regress.
    pub fn details(&self) -> Vec<String> {
        let name = self.name();
        let mut out = Vec::new();
        for (line, cmd, reply) in &self.other_errors {
            out.push(format!(
                "{name}:{line} setup command '{cmd}' failed: '{reply}'"
            ));
        }
        for (line, cmd, want, got) in &self.error_checks_failed {
            out.push(format!(
                "{name}:{line} error check '{cmd}' FAILED: expected '? {want}', got '{got}'"
            ));
        }
        for r in &self.results {
            match r.outcome {
                Outcome::UnexpectedFail => out.push(format!(
                    "{name}:{} {} ({}) unexpected FAIL: Correct '{}', got '{}{}'",
                    r.line,
                    r.id,
                    r.command,
                    r.expected.as_deref().unwrap_or("(success)"),
                    if r.error { "? " } else { "" },
                    r.response
                )),
                Outcome::UnexpectedPass => out.push(format!(
                    "{name}:{} {} unexpected PASS! ('{}' matched '{}')",
                    r.line,
                    r.id,
                    r.response,
                    r.expected.as_deref().unwrap_or("")
                )),
                _ => {}
            }
        }
        if let Some(why) = &self.aborted {
            out.push(format!("{name}: aborted: {why}"));
        }
        out
    }
}

/// How to start the engine.
#[derive(Debug, Clone)]
pub struct EngineCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
}

impl EngineCommand {
    /// Splits a command line on whitespace (no quoting): program, then
    /// arguments. A relative program path that exists is made absolute,
    /// since the engine starts in each file's folder.
    pub fn parse(cmd: &str) -> Option<EngineCommand> {
        let mut words = cmd.split_whitespace();
        let program = PathBuf::from(words.next()?);
        Some(EngineCommand {
            program: absolute(&program),
            args: words.map(str::to_string).collect(),
        })
    }
}

fn absolute(p: &Path) -> PathBuf {
    if p.components().count() > 1 || p.exists() {
        std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
    } else {
        p.to_path_buf()
    }
}

/// A running engine process with a reader thread delivering replies.
struct Session {
    child: Child,
    stdin: std::process::ChildStdin,
    replies: mpsc::Receiver<Result<String, String>>,
    stderr_tail: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Session {
    fn start(engine: &EngineCommand, dir: &Path) -> Result<Session, String> {
        let mut child = Process::new(&engine.program)
            .args(&engine.args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", engine.program.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || read_replies(BufReader::new(stdout), tx));
        let tail = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let tail2 = tail.clone();
        std::thread::spawn(move || {
            // Keep the last lines of the engine's log for error reports.
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Ok(mut t) = tail2.lock() {
                    t.push(line);
                    if t.len() > 20 {
                        t.remove(0);
                    }
                }
            }
        });
        Ok(Session {
            child,
            stdin,
            replies: rx,
            stderr_tail: tail,
        })
    }

    /// Sends one line and waits for its reply: (ok, id text, result).
    fn send(&mut self, line: &str, timeout: Duration) -> Result<(bool, String, String), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("cannot write to engine: {e}{}", self.log_tail()))?;
        let reply = match self.replies.recv_timeout(timeout) {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => return Err(format!("{e}{}", self.log_tail())),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                return Err(format!(
                    "no reply to '{line}' within {} s",
                    timeout.as_secs()
                ))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(format!("engine ended{}", self.log_tail()))
            }
        };
        let ok = reply.starts_with('=');
        let rest = &reply[1..];
        let (id, result) = match rest.find(|c: char| c.is_whitespace()) {
            Some(i) => (&rest[..i], rest[i..].trim()),
            None => (rest, ""),
        };
        Ok((ok, id.to_string(), result.to_string()))
    }

    fn log_tail(&self) -> String {
        match self.stderr_tail.lock() {
            Ok(t) if !t.is_empty() => format!("; engine log: {}", t.join(" | ")),
            _ => String::new(),
        }
    }

    /// Sends `quit` and waits a little for the process to end; kills it
    /// otherwise.
    fn finish(mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads GTP replies (a line starting with `=` or `?` up to an empty line)
/// and sends each as one string.
fn read_replies<R: Read>(mut reader: BufReader<R>, tx: mpsc::Sender<Result<String, String>>) {
    let mut reply = String::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => {
                if !reply.is_empty() {
                    let _ = tx.send(Err(format!("engine ended inside a reply: '{reply}'")));
                }
                return;
            }
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim_end_matches(['\n', '\r']);
        if reply.is_empty() {
            if line.trim().is_empty() {
                continue;
            }
            if !line.starts_with('=') && !line.starts_with('?') {
                let _ = tx.send(Err(format!("invalid reply line: '{line}'")));
                return;
            }
            reply.push_str(line);
        } else if line.trim().is_empty() {
            if tx.send(Ok(std::mem::take(&mut reply))).is_err() {
                return;
            }
        } else {
            reply.push('\n');
            reply.push_str(line);
        }
    }
}

/// Runs the `.tst` file at `path` through a fresh engine started in the
/// file's folder. `timeout` bounds the wait for each reply.
pub fn run_file(engine: &EngineCommand, path: &Path, timeout: Duration) -> FileReport {
    let start = Instant::now();
    let mut report = FileReport {
        path: path.to_path_buf(),
        results: Vec::new(),
        other_errors: Vec::new(),
        error_checks_passed: 0,
        error_checks_failed: Vec::new(),
        aborted: None,
        elapsed: Duration::ZERO,
    };
    let entries = match std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read file: {e}"))
        .and_then(|t| parse(&t))
    {
        Ok(e) => e,
        Err(e) => {
            report.aborted = Some(e);
            return report;
        }
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    let mut session = match Session::start(engine, dir) {
        Ok(s) => s,
        Err(e) => {
            report.aborted = Some(e);
            return report;
        }
    };
    for (k, e) in entries.iter().enumerate() {
        let (ok, id, result) = match session.send(&e.text, timeout) {
            Ok(r) => r,
            Err(why) => {
                // Every test not run counts as failed.
                for rest in &entries[k..] {
                    if let Some(id) = rest.id {
                        report.results.push(TestResult {
                            id,
                            line: rest.line,
                            command: rest.text.clone(),
                            expected: rest.expect.as_ref().map(|x| x.text.clone()),
                            response: "(not run)".into(),
                            error: true,
                            outcome: if rest.expect.as_ref().is_some_and(|x| x.known_failure) {
                                Outcome::KnownFailure
                            } else {
                                Outcome::UnexpectedFail
                            },
                        });
                    }
                }
                report.aborted = Some(format!("line {}: {why}", e.line));
                break;
            }
        };
        let want_id = e.id.map(|i| i.to_string()).unwrap_or_default();
        if id != want_id {
            report.aborted = Some(format!(
                "line {}: reply id '{id}' does not match command id '{want_id}'",
                e.line
            ));
            break;
        }
        match e.id {
            None => match &e.expect_error {
                Some(x) => {
                    if !ok && x.accepts(&result) {
                        report.error_checks_passed += 1;
                    } else {
                        report.error_checks_failed.push((
                            e.line,
                            e.text.clone(),
                            x.text.clone(),
                            format!("{} {result}", if ok { '=' } else { '?' }),
                        ));
                    }
                }
                None => {
                    if !ok {
                        report.other_errors.push((e.line, e.text.clone(), result));
                    }
                }
            },
            Some(test_id) => {
                let known = e.expect.as_ref().is_some_and(|x| x.known_failure);
                let pass = ok && e.expect.as_ref().is_none_or(|x| x.accepts(&result));
                let outcome = match (pass, known) {
                    (true, false) => Outcome::Pass,
                    (true, true) => Outcome::UnexpectedPass,
                    (false, false) => Outcome::UnexpectedFail,
                    (false, true) => Outcome::KnownFailure,
                };
                report.results.push(TestResult {
                    id: test_id,
                    line: e.line,
                    command: e.text.clone(),
                    expected: e.expect.as_ref().map(|x| x.text.clone()),
                    response: result,
                    error: !ok,
                    outcome,
                });
            }
        }
        if e.name == "quit" {
            break;
        }
    }
    session.finish();
    report.elapsed = start.elapsed();
    report
}

/// The `.tst` files named by `paths`: files as given, folders searched
/// (not recursively) for `*.tst`, sorted by name.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|d| d.ok().map(|d| d.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "tst") && f.is_file())
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(format!("{}: no .tst files", p.display()));
            }
            out.extend(found);
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    Ok(out)
}

/// Runs every file, printing each unexpected result and one summary line
/// per file plus a total. Returns the reports.
pub fn run_all(
    engine: &EngineCommand,
    files: &[PathBuf],
    timeout: Duration,
    out: &mut dyn Write,
) -> Vec<FileReport> {
    let mut reports = Vec::new();
    for f in files {
        let r = run_file(engine, f, timeout);
        for d in r.details() {
            let _ = writeln!(out, "{d}");
        }
        let _ = writeln!(out, "{}", r.summary());
        let _ = out.flush();
        reports.push(r);
    }
    if reports.len() > 1 {
        let _ = writeln!(out, "{}", total_line(&reports));
    }
    reports
}

/// The summary line over several files.
pub fn total_line(reports: &[FileReport]) -> String {
    let tests: usize = reports.iter().map(FileReport::tests).sum();
    let passed: usize = reports.iter().map(FileReport::passed).sum();
    let known: usize = reports.iter().map(FileReport::known_failures).sum();
    let unexpected: usize = reports.iter().map(FileReport::unexpected_failures).sum();
    let upass: usize = reports.iter().map(FileReport::unexpected_passes).sum();
    let time: f64 = reports.iter().map(|r| r.elapsed.as_secs_f64()).sum();
    format!(
        "{:<16} {:>4} tests {:>4} passed {:>4} failed ({:>3} known, {:>3} unexpected) {:>3} unexpected passes  {:5.1}%  {:6.1}s",
        "total",
        tests,
        passed,
        known + unexpected,
        known,
        unexpected,
        upass,
        if tests == 0 { 100.0 } else { 100.0 * passed as f64 / tests as f64 },
        time
    )
}

/// `kosumi regress [--engine CMD] [--timeout SECS] [FILE|DIR]...`: runs
/// the files (default `gtp-tests/`) through `engine` (default: this very
/// binary, which speaks GTP when started without a subcommand). Returns the
/// process exit code: 0 when nothing unexpected happened, 1 otherwise, 2 on
/// a usage error.
/// Flags kosumi runs the suite with: one thread and fixed playouts make
/// every move generator deterministic (`genmove` and
/// `kgs-genmove_cleanup` as well as `reg_genmove`), so the suite's results
/// do not depend on the machine's speed or load.
pub const KOSUMI_ARGS: &[&str] = &["--threads", "1", "--playouts", "4000"];

/// The kosumi binary at `program` with [`KOSUMI_ARGS`].
pub fn kosumi_command(program: PathBuf) -> EngineCommand {
    EngineCommand {
        program,
        args: KOSUMI_ARGS.iter().map(|s| s.to_string()).collect(),
    }
}

pub fn cli(paths: &[PathBuf], engine: Option<&str>, timeout_secs: u64) -> i32 {
    let engine = match engine {
        Some(cmd) => match EngineCommand::parse(cmd) {
            Some(e) => e,
            None => {
                eprintln!("kosumi regress: empty --engine");
                return 2;
            }
        },
        None => match std::env::current_exe() {
            Ok(p) => kosumi_command(p),
            Err(e) => {
                eprintln!("kosumi regress: cannot find own binary: {e}");
                return 2;
            }
        },
    };
    let default = [PathBuf::from("gtp-tests")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("kosumi regress: {e}");
            return 2;
        }
    };
    let stdout = std::io::stdout();
    let reports = run_all(
        &engine,
        &files,
        Duration::from_secs(timeout_secs.max(1)),
        &mut stdout.lock(),
    );
    if reports.iter().all(FileReport::is_clean) {
        0
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations() {
        let e = Expectation::parse(" [C3|D4]").unwrap();
        assert!(e.accepts("C3") && e.accepts("D4") && !e.accepts("C34"));
        assert!(!e.accepts("c3"), "case-sensitive");
        assert!(!e.known_failure && !e.negate);
        let e = Expectation::parse("[!PASS]*").unwrap();
        assert!(e.negate && e.known_failure);
        assert!(!e.accepts("PASS") && e.accepts("D4"));
        let e = Expectation::parse(r"[W\+7\.5]").unwrap();
        assert!(e.accepts("W+7.5") && !e.accepts("W+7.50"));
        let e = Expectation::parse("[.*E5.*]").unwrap();
        assert!(e.accepts("(;SZ[9]\n;B[ee])\nE5"));
        let e = Expectation::parse("[]").unwrap();
        assert!(e.accepts("") && !e.accepts("x"));
        assert!(Expectation::parse("C3").is_err());
        assert!(Expectation::parse("[C3] *").is_err());
        assert!(Expectation::parse("[(]").is_err());
    }

    #[test]
    fn parsing() {
        let t = "# comment\nboardsize 9\n\n10 play b e5 # note\n#? []\n\
                 20\tis_legal w e5\n# between\n#? [0]*\n30 name\n";
        let e = parse(t).unwrap();
        assert_eq!(e.len(), 4);
        assert_eq!((e[0].id, e[0].name.as_str()), (None, "boardsize"));
        assert_eq!((e[1].id, e[1].name.as_str()), (Some(10), "play"));
        assert!(e[1].expect.is_some());
        assert_eq!(e[2].text, "20 is_legal w e5");
        assert!(e[2].expect.as_ref().unwrap().known_failure);
        assert!(e[3].expect.is_none());
        assert_eq!(e[3].line, 9);
        assert!(parse("#? [x]").is_err());
        assert!(parse("boardsize 9\n#? [x]").is_err());
        assert!(parse("1 name\n#? [x]\n#? [y]").is_err());
        let e = parse("play b z9\n#! [syntax error.*]\n").unwrap();
        assert!(e[0].expect_error.is_some());
        assert!(parse("1 play b z9\n#! [x]").is_err());
        assert!(parse("play b z9\n#! [x]*").is_err());
    }

    #[test]
    fn replies() {
        let (tx, rx) = mpsc::channel();
        let data = b"= 2\n\n=10 A\nB\n\n?3 bad\n\n".to_vec();
        read_replies(BufReader::new(&data[..]), tx);
        let got: Vec<_> = rx.iter().collect();
        assert_eq!(
            got,
            vec![
                Ok("= 2".to_string()),
                Ok("=10 A\nB".to_string()),
                Ok("?3 bad".to_string())
            ]
        );
    }
}
