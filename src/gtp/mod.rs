//! The GTP front end: reading lines, preprocessing, ids, framing replies,
//! and the argument reader. The command table is in [`commands`].
//!
//! Input is read on its own thread so that a running search can see new
//! input (GoGui's `# interrupt`, any line stopping an analysis stream) while
//! the main thread computes.

pub mod analysis;
pub mod args;
pub mod commands;
pub mod gogui;

use crate::engine::Engine;
use crate::search::StopSignal;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

pub use args::{Args, GtpError};

/// What the input thread tells a running command. It keeps the engine's
/// [`StopSignal`] up to date: an interrupt line interrupts the search,
/// and any input at all (a command, a blank line, the end of input) says
/// that input arrived.
#[derive(Default, Debug)]
pub struct InputState {
    /// Command lines read but not yet taken by the main loop.
    pending: AtomicUsize,
    /// Input ended (EOF or error).
    closed: AtomicBool,
    /// A line that preprocessing emptied (blank, or a comment) arrived
    /// since the command started: no command, but input, which ends an
    /// analysis stream as in Leela Zero and KataGo (`@sabaki/gtp`'s
    /// `sendAbort` writes an empty line).
    blank: AtomicBool,
    /// The running search's stop signal.
    signal: Arc<StopSignal>,
}

impl InputState {
    /// Input state that drives `signal` (the engine's).
    pub fn new(signal: Arc<StopSignal>) -> InputState {
        InputState {
            signal,
            ..InputState::default()
        }
    }

    /// Whether a command line is waiting (an analysis stream stops on it).
    pub fn has_pending(&self) -> bool {
        self.pending.load(Ordering::Acquire) > 0
    }

    /// Whether GoGui asked to interrupt the running command.
    pub fn interrupted(&self) -> bool {
        self.signal.interrupted()
    }

    /// Marks that the input thread read a command line (also for tests
    /// that drive an engine without the input thread).
    pub fn push_pending(&self) {
        self.pending.fetch_add(1, Ordering::AcqRel);
        self.signal.set_input(true);
    }

    /// Requests an interrupt, as `# interrupt` does.
    pub fn request_interrupt(&self) {
        self.signal.interrupt();
    }

    fn take_pending(&self) {
        self.pending.fetch_sub(1, Ordering::AcqRel);
    }

    fn mark_blank(&self) {
        self.blank.store(true, Ordering::Release);
        self.signal.set_input(true);
    }

    fn mark_closed(&self) {
        self.closed.store(true, Ordering::Release);
        self.signal.set_input(true);
    }

    /// A command starts: interrupts and blank lines before it are
    /// forgotten, while commands still waiting and the end of input still
    /// count as input. The signal is cleared first and set again after,
    /// so that input arriving meanwhile is never lost.
    fn command_starts(&self) {
        self.blank.store(false, Ordering::Release);
        self.signal.clear();
        if self.has_pending() || self.closed.load(Ordering::Acquire) {
            self.signal.set_input(true);
        }
    }
}

/// Where a command writes: the reply stream and what the input thread sees.
pub struct Ctx<'a> {
    /// The command's id, if it had one.
    pub id: Option<&'a str>,
    /// GTP output (stdout).
    pub out: &'a mut dyn Write,
    /// Input seen while the command runs.
    pub input: &'a InputState,
}

impl Ctx<'_> {
    /// The reply prefix `=id` (or `=`), for commands that stream their
    /// reply themselves.
    pub fn success_prefix(&self) -> String {
        format!("={}", self.id.unwrap_or(""))
    }
}

/// What a handler produced.
pub enum Reply {
    /// A result; the loop frames it as `=id text\n\n`.
    Text(String),
    /// The handler wrote the whole reply, empty line included.
    Written,
    /// Reply with the text, then end the session (`quit`).
    Quit(String),
}

/// Input preprocessing of GTP 2 section 3.1: control characters other than
/// tab and LF dropped, everything from `#` cut, tabs turned into spaces,
/// surrounding space trimmed. Returns `None` for a line that is then empty.
pub fn preprocess(line: &str) -> Option<String> {
    let mut s = String::with_capacity(line.len());
    for ch in line.chars() {
        match ch {
            '#' => break,
            '\t' => s.push(' '),
            '\n' => {}
            c if c.is_control() => {}
            c => s.push(c),
        }
    }
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// Whether a raw line is GoGui's interrupt comment.
fn is_interrupt_line(raw: &str) -> bool {
    raw.trim_start().starts_with("# interrupt")
}

/// Frames a reply: `=id text\n\n` or `?id text\n\n`. Empty lines inside a
/// multi-line result are removed, since they would end the reply early.
pub fn frame(ok: bool, id: Option<&str>, text: &str) -> String {
    let mut body = String::with_capacity(text.len() + 8);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 && line.trim().is_empty() {
            continue;
        }
        if i > 0 {
            body.push('\n');
        }
        body.push_str(line.trim_end_matches('\r'));
    }
    format!(
        "{}{} {}\n\n",
        if ok { '=' } else { '?' },
        id.unwrap_or(""),
        body
    )
}

/// Splits a preprocessed line into an optional numeric id and the rest.
pub fn split_id(line: &str) -> (Option<&str>, &str) {
    let first = line.split(' ').next().unwrap_or("");
    if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        (Some(first), line[first.len()..].trim_start())
    } else {
        (None, line)
    }
}

/// Runs one preprocessed command line and writes its reply. Returns false
/// when the session should end.
pub fn execute(engine: &mut Engine, line: &str, out: &mut dyn Write, input: &InputState) -> bool {
    let (id, rest) = split_id(line);
    let mut parts = rest.splitn(2, ' ');
    let name = parts.next().unwrap_or("");
    let args_text = parts.next().unwrap_or("");
    input.command_starts();
    let reply = match commands::find(name) {
        None => Err(GtpError::new("unknown command")),
        Some(cmd) => {
            let mut args = Args::new(args_text);
            let mut ctx = Ctx { id, out, input };
            (cmd.handler)(engine, &mut args, &mut ctx)
        }
    };
    let (text, go_on) = match reply {
        Ok(Reply::Text(t)) => (frame(true, id, &t), true),
        Ok(Reply::Quit(t)) => (frame(true, id, &t), false),
        Ok(Reply::Written) => (String::new(), true),
        Err(e) => (frame(false, id, &e.0), true),
    };
    if !text.is_empty() {
        let _ = out.write_all(text.as_bytes());
    }
    let _ = out.flush();
    go_on
}

/// Largest line kept; the rest of a longer line is read and dropped, so a
/// megabyte line costs no more than this much memory.
const MAX_LINE: usize = 1 << 20;

/// Reads lines from `input` on a thread and sends the non-empty ones.
fn spawn_reader<R: BufRead + Send + 'static>(
    mut input: R,
    state: Arc<InputState>,
) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match read_line_capped(&mut input, &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let raw = String::from_utf8_lossy(&buf);
            if is_interrupt_line(&raw) {
                state.request_interrupt();
                continue;
            }
            if let Some(line) = preprocess(&raw) {
                state.push_pending();
                if tx.send(line).is_err() {
                    break;
                }
            } else {
                state.mark_blank();
            }
        }
        state.mark_closed();
    });
    rx
}

/// Reads one line (through `\n` or EOF) into `buf`, keeping at most
/// `MAX_LINE` bytes. Returns the number of bytes read from the input.
fn read_line_capped<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut total = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(total);
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let n = chunk.len();
        input.consume(n);
        total += n;
        if done {
            return Ok(total);
        }
    }
}

/// Runs a GTP session: reads commands from `input` until `quit` or EOF and
/// writes the replies to `out`.
pub fn run<R: BufRead + Send + 'static, W: Write>(engine: &mut Engine, input: R, mut out: W) {
    let state = Arc::new(InputState::new(engine.stop_signal()));
    let rx = spawn_reader(input, state.clone());
    loop {
        // Between commands the engine may think on the opponent's time.
        if !state.has_pending() {
            engine.idle();
        }
        let line = match rx.recv() {
            Ok(l) => l,
            Err(_) => break,
        };
        state.take_pending();
        if !execute(engine, &line, &mut out, &state) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing() {
        assert_eq!(preprocess("  # comment"), None);
        assert_eq!(preprocess("\r\n"), None);
        assert_eq!(preprocess("play\tb d4 # x\r"), Some("play b d4".into()));
        assert_eq!(preprocess("1 name\x01"), Some("1 name".into()));
    }

    #[test]
    fn framing() {
        assert_eq!(frame(true, Some("7"), "D4"), "=7 D4\n\n");
        assert_eq!(frame(true, None, ""), "= \n\n");
        assert_eq!(
            frame(false, Some("3"), "illegal move"),
            "?3 illegal move\n\n"
        );
        assert_eq!(frame(true, None, "a\n\nb"), "= a\nb\n\n");
        assert_eq!(split_id("12 play b d4"), (Some("12"), "play b d4"));
        assert_eq!(split_id("play b d4"), (None, "play b d4"));
    }
}
