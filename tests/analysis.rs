//! `kosumi analysis`, the KataGo JSON analysis protocol: the example
//! query of KataGo's analysis-engine documentation answered in the
//! documented format, every malformed line answered with an error naming
//! what is wrong while the batch goes on, and the actions; a running
//! search stopped by `terminate`, reports during a search, per-move
//! ownership, hostile input under a memory budget, and the process
//! leaving when its client does.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Feeds `lines` to `kosumi analysis` and returns every output line as
/// JSON (stdin closes after the last line; kosumi answers what is queued
/// and exits).
fn session(lines: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kosumi"))
        .args(["analysis", "--threads", "2", "--visits", "50"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kosumi runs");
    {
        let mut stdin = child.stdin.take().unwrap();
        for l in lines {
            writeln!(stdin, "{l}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

/// The documentation's example query, with ownership and policy asked.
const EXAMPLE: &str = r#"{"id":"foo","initialStones":[["B","Q4"],["B","C4"]],"moves":[["W","P5"],["B","P6"]],"rules":"tromp-taylor","komi":7.5,"boardXSize":19,"boardYSize":19,"analyzeTurns":[0,1,2],"maxVisits":60,"includeOwnership":true,"includePolicy":true}"#;

#[test]
fn the_documented_example_gets_one_response_per_turn() {
    let out = session(&[EXAMPLE]);
    assert_eq!(out.len(), 3, "{out:?}");
    let mut turns: Vec<u64> = out
        .iter()
        .map(|r| r["turnNumber"].as_u64().unwrap())
        .collect();
    turns.sort_unstable();
    assert_eq!(turns, [0, 1, 2]);
    for r in &out {
        assert_eq!(r["id"], "foo");
        assert_eq!(r["isDuringSearch"], false);
        let infos = r["moveInfos"].as_array().unwrap();
        assert!(!infos.is_empty());
        for (i, m) in infos.iter().enumerate() {
            for key in [
                "move",
                "visits",
                "winrate",
                "scoreLead",
                "prior",
                "order",
                "pv",
            ] {
                assert!(m.get(key).is_some(), "moveInfos lacks {key}: {m}");
            }
            assert_eq!(m["order"].as_u64(), Some(i as u64));
            let wr = m["winrate"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&wr));
            let mv = m["move"].as_str().unwrap();
            assert!(mv == "pass" || mv.len() <= 3, "{mv}");
            assert_eq!(m["pv"][0], m["move"]);
        }
        let root = &r["rootInfo"];
        for key in ["winrate", "scoreLead", "visits", "currentPlayer"] {
            assert!(root.get(key).is_some(), "rootInfo lacks {key}: {root}");
        }
        // White moves first (the first move is White's); turn 1 is Black.
        let want = if r["turnNumber"] == 1 { "B" } else { "W" };
        assert_eq!(root["currentPlayer"], want);
        assert_eq!(r["ownership"].as_array().unwrap().len(), 361);
        let policy = r["policy"].as_array().unwrap();
        assert_eq!(policy.len(), 362);
        // Occupied points are illegal: -1. Q4 is the 16th column of row 4
        // from the bottom, index (19 - 4) * 19 + 15.
        assert_eq!(policy[15 * 19 + 15].as_f64(), Some(-1.0));
        let sum: f64 = policy
            .iter()
            .filter_map(Value::as_f64)
            .filter(|&p| p > 0.0)
            .sum();
        assert!((sum - 1.0).abs() < 1e-6, "policy sums to {sum}");
    }
}

#[test]
fn malformed_lines_get_an_error_each_and_the_batch_goes_on() {
    let lines = [
        "this is not json",
        "[1, 2, 3]",
        r#"{"moves": [], "boardXSize": 9, "boardYSize": 9}"#,
        r#"{"id": "size", "moves": [], "boardXSize": 30, "boardYSize": 30}"#,
        r#"{"id": "rect", "moves": [], "boardXSize": 9, "boardYSize": 13}"#,
        r#"{"id": "illegal", "moves": [["B", "E5"], ["W", "E5"]], "boardXSize": 9, "boardYSize": 9}"#,
        r#"{"id": "vertex", "moves": [["B", "Z99"]], "boardXSize": 9, "boardYSize": 9}"#,
        r#"{"id": "turns", "moves": [["B", "E5"]], "boardXSize": 9, "boardYSize": 9, "analyzeTurns": [5]}"#,
        r#"{"id": "rules", "moves": [], "boardXSize": 9, "boardYSize": 9, "rules": "martian"}"#,
        r#"{"id": "komi", "moves": [], "boardXSize": 9, "boardYSize": 9, "komi": "seven"}"#,
        r#"{"id": "nomoves", "boardXSize": 9, "boardYSize": 9}"#,
        r#"{"id": "ok", "moves": [["B", "E5"]], "boardXSize": 9, "boardYSize": 9, "maxVisits": 20, "someField": 1}"#,
    ];
    let out = session(&lines);
    let errors: Vec<&Value> = out.iter().filter(|r| r.get("error").is_some()).collect();
    assert_eq!(errors.len(), 11, "{out:#?}");
    for (id, field) in [
        ("size", "boardXSize"),
        ("rect", "boardYSize"),
        ("illegal", "moves"),
        ("vertex", "moves"),
        ("turns", "analyzeTurns"),
        ("rules", "rules"),
        ("komi", "komi"),
        ("nomoves", "moves"),
    ] {
        let e = errors
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("no error for {id}: {out:#?}"));
        assert_eq!(e["field"], field, "{e}");
        assert!(!e["error"].as_str().unwrap().is_empty());
    }
    let warning = out.iter().find(|r| r.get("warning").is_some()).unwrap();
    assert_eq!(
        (&warning["id"], &warning["field"]),
        (&Value::from("ok"), &Value::from("someField"))
    );
    let answer = out
        .iter()
        .find(|r| r["id"] == "ok" && r.get("moveInfos").is_some());
    assert!(
        answer.is_some(),
        "the good query was not answered: {out:#?}"
    );
}

#[test]
fn actions_answer_at_once() {
    let out = session(&[
        r#"{"id": "v", "action": "query_version"}"#,
        r#"{"id": "t", "action": "terminate", "terminateId": "nothing"}"#,
        r#"{"id": "c", "action": "clear_cache"}"#,
        r#"{"id": "u", "action": "dance"}"#,
    ]);
    assert_eq!(out.len(), 4, "{out:?}");
    assert_eq!(out[0]["action"], "query_version");
    assert!(out[0]["version"].is_string());
    assert_eq!(out[1]["terminateId"], "nothing");
    assert_eq!(out[2]["action"], "clear_cache");
    assert_eq!(out[3]["field"], "action");
}

/// Held by each test that runs endless searches: they run one at a time,
/// so that the timing checks do not share the cores with other kosumi
/// processes.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// A running `kosumi analysis` whose answers arrive on a channel, with
/// the time each arrived.
struct Live {
    child: Child,
    stdin: Option<ChildStdin>,
    answers: mpsc::Receiver<(Instant, Value)>,
    seen: Vec<(Instant, Value)>,
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kosumi"))
            .arg("analysis")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kosumi runs");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let v: Value =
                    serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"));
                if tx.send((Instant::now(), v)).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            stdin,
            answers,
            seen: Vec::new(),
        }
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, v: &Value) -> Instant {
        self.send_bytes(v.to_string().as_bytes());
        Instant::now()
    }

    /// Waits up to `timeout` for an answer that `pred` accepts, keeping
    /// every answer seen.
    fn wait_for(
        &mut self,
        timeout: Duration,
        pred: impl Fn(&Value) -> bool,
    ) -> Option<(Instant, Value)> {
        if let Some(found) = self.seen.iter().find(|(_, v)| pred(v)) {
            return Some(found.clone());
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let (t, v) = self.answers.recv_timeout(left).ok()?;
            self.seen.push((t, v.clone()));
            if pred(&v) {
                return Some((t, v));
            }
        }
    }

    fn finals(&self, id: &str) -> Vec<&Value> {
        self.seen
            .iter()
            .map(|(_, v)| v)
            .filter(|v| v["id"] == id && v["isDuringSearch"] == false && v.get("error").is_none())
            .collect()
    }

    /// Peak resident memory in KiB (Linux), if it can be read.
    fn peak_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Closes stdin and waits up to `timeout` for the exit.
    fn close_and_wait(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        self.stdin = None;
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                return Some(st);
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn endless(id: &str) -> Value {
    json!({"id": id, "moves": [["B", "Q16"], ["W", "D4"]], "rules": "japanese", "komi": 6.5,
           "boardXSize": 19, "boardYSize": 19, "maxVisits": 10_000_000_000u64})
}

fn is_final(id: &'static str) -> impl Fn(&Value) -> bool {
    move |v: &Value| v["id"] == id && v["isDuringSearch"] == false && v.get("turnNumber").is_some()
}

#[test]
fn terminate_stops_a_running_search_and_answers_queued_turns_with_no_results() {
    let _serial = serial();
    let mut k = Live::start(&["--threads", "2", "--workers", "1"]);
    k.send(&endless("ponder"));
    // Queued behind it on the one worker: three turns of another query.
    k.send(
        &json!({"id": "later", "moves": [["B", "C3"], ["W", "G7"]], "boardXSize": 9,
                   "boardYSize": 9, "analyzeTurns": [0, 1, 2], "maxVisits": 50}),
    );
    std::thread::sleep(Duration::from_millis(700));
    let asked = k.send(&json!({"id": "stop1", "action": "terminate", "terminateId": "later", "turnNumbers": [0, 2]}));
    for turn in [0, 2] {
        let (_, v) = k
            .wait_for(Duration::from_secs(2), |v| {
                v["id"] == "later" && v["turnNumber"] == turn
            })
            .expect("a queued turn answers when terminated");
        assert_eq!(v["noResults"], true, "{v}");
        assert_eq!(v["isDuringSearch"], false);
    }
    let (_, ack) = k
        .wait_for(Duration::from_secs(2), |v| v["id"] == "stop1")
        .unwrap();
    assert_eq!(ack["action"], "terminate");
    assert_eq!(ack["terminateId"], "later", "the action is echoed");
    assert!(asked.elapsed() < Duration::from_secs(2));
    // The running search: stopped within 100 ms, with what it has.
    let asked = k.send(&json!({"id": "stop2", "action": "terminate", "terminateId": "ponder"}));
    let (t, v) = k
        .wait_for(Duration::from_secs(5), is_final("ponder"))
        .expect("the terminated search answers");
    let latency = t.duration_since(asked);
    assert!(
        latency < Duration::from_millis(100),
        "answered {latency:?} after terminate"
    );
    assert!(
        v["rootInfo"]["visits"].as_u64().unwrap() > 100,
        "{}",
        v["rootInfo"]
    );
    assert!(!v["moveInfos"].as_array().unwrap().is_empty());
    // Then the worker goes on: turn 1 of "later" runs and answers in full.
    let (_, v) = k
        .wait_for(Duration::from_secs(10), |v| {
            v["id"] == "later" && v["turnNumber"] == 1
        })
        .expect("the turn left queued runs after the stop");
    assert!(v.get("moveInfos").is_some(), "{v}");
    for id in ["ponder", "later"] {
        let n = if id == "later" { 3 } else { 1 };
        assert_eq!(k.finals(id).len(), n, "one final answer per turn of {id}");
    }
}

#[test]
fn reports_during_search_then_one_final_answer_within_max_time() {
    let _serial = serial();
    let mut k = Live::start(&["--threads", "2"]);
    let mut q = endless("stream");
    q["reportDuringSearchEvery"] = json!(0.1);
    q["includeOwnership"] = json!(true);
    q["includeMovesOwnership"] = json!(true);
    q["includePVVisits"] = json!(true);
    q["overrideSettings"] = json!({"maxTime": 1.0, "wideRootNoise": 0.04});
    let asked = k.send(&q);
    let (t, fin) = k
        .wait_for(Duration::from_secs(10), is_final("stream"))
        .expect("maxTime ends the search");
    let took = t.duration_since(asked);
    assert!(
        took < Duration::from_millis(2500),
        "took {took:?} for a 1 s maxTime"
    );
    let during: Vec<&Value> = k
        .seen
        .iter()
        .map(|(_, v)| v)
        .filter(|v| v["id"] == "stream" && v["isDuringSearch"] == true)
        .collect();
    assert!(
        during.len() >= 4,
        "{} reports during a 1 s search at 0.1 s",
        during.len()
    );
    let mut last = 0;
    for v in during.iter().chain([&&fin]) {
        let visits = v["rootInfo"]["visits"].as_u64().unwrap();
        assert!(visits >= last, "visits went down: {last} then {visits}");
        last = visits;
    }
    assert!(
        !k.seen.iter().any(|(_, v)| v.get("warning").is_some()),
        "KaTrain's settings warned: {:?}",
        k.seen
    );
    let top = &fin["moveInfos"][0];
    let own = top["ownership"].as_array().expect("per-move ownership");
    assert_eq!(own.len(), 361);
    assert!(own
        .iter()
        .all(|o| o.as_f64().is_some_and(|x| x != 0.0 && x.abs() <= 1.0)));
    assert_eq!(
        top["pvVisits"].as_array().unwrap().len(),
        top["pv"].as_array().unwrap().len()
    );
    let root_own = fin["ownership"].as_array().unwrap();
    assert!(root_own.iter().all(|o| o.as_f64().unwrap() != 0.0));
}

#[test]
fn hostile_input_is_answered_and_memory_stays_within_the_budget() {
    let _serial = serial();
    // 200,000 nodes of 56 bytes: 11 MB of tree, whatever is asked.
    let mut k = Live::start(&["--threads", "2", "--max-nodes", "200000"]);
    let nine = |id: &str| json!({"id": id, "moves": [], "boardXSize": 9, "boardYSize": 9, "maxVisits": 20});
    let mut lines: Vec<Vec<u8>> = vec![
        br#"{"id":"cut","moves":[["B","D4""#.to_vec(),
        br#"{"id":"types","moves":"D4","boardXSize":9,"boardYSize":9}"#.to_vec(),
        br#"{"id":"sizes","moves":[],"boardXSize":1e20,"boardYSize":"19"}"#.to_vec(),
        br#"{"id":"komi","moves":[],"boardXSize":9,"boardYSize":9,"komi":1e308}"#.to_vec(),
        br#"{"id":"visits","moves":[],"boardXSize":9,"boardYSize":9,"maxVisits":1e300}"#.to_vec(),
        br#"{"id":"prio","moves":[],"boardXSize":9,"boardYSize":9,"priority":9223372036854775807}"#.to_vec(),
        br#"{"id":"turns","moves":[],"boardXSize":9,"boardYSize":9,"analyzeTurns":[-1]}"#.to_vec(),
        br#"{"id":"rules","moves":[],"boardXSize":9,"boardYSize":9,"rules":{"ko":"SIMPLE","scoring":{"x":1}}}"#.to_vec(),
        br#"{"id":"avoid","moves":[],"boardXSize":9,"boardYSize":9,"avoidMoves":[{"player":"B","moves":["Z99"],"untilDepth":1}]}"#.to_vec(),
        br#"{"id":"over","moves":[],"boardXSize":9,"boardYSize":9,"overrideSettings":[1,2]}"#.to_vec(),
        br#"{"id":["not","a","string"],"moves":[]}"#.to_vec(),
        b"{\"id\":\"utf\",\"moves\":[],\"boardXSize\":9,\"boardYSize\":9,\"rules\":\"\xff\xfe\"}".to_vec(),
        b"\xc3\x28 not even JSON".to_vec(),
    ];
    // Deep nesting, inside and outside an object.
    let depth = 100_000;
    let mut deep = br#"{"id":"deep","moves":"#.to_vec();
    deep.extend(std::iter::repeat_n(b'[', depth));
    deep.extend(std::iter::repeat_n(b']', depth));
    deep.push(b'}');
    lines.push(deep);
    lines.push("[".repeat(depth).into_bytes());
    // A record of more passes than any game.
    let passes = vec![json!(["B", "pass"]); 20_000];
    lines.push(
        json!({"id": "long", "moves": passes, "boardXSize": 19, "boardYSize": 19})
            .to_string()
            .into_bytes(),
    );
    // A line longer than kosumi reads (32 MiB).
    lines.push(vec![b' '; 33 << 20]);
    for l in &lines {
        k.send_bytes(l);
    }
    let erring = [
        "cut", "types", "sizes", "komi", "visits", "prio", "turns", "rules", "avoid", "over",
        "utf", "deep", "long",
    ];
    // One answer per line; those with a readable id name it.
    let n = lines.len();
    let counter = std::cell::Cell::new(0usize);
    let answered = k.wait_for(Duration::from_secs(30), |_| {
        counter.set(counter.get() + 1);
        counter.get() >= n
    });
    assert!(
        answered.is_some(),
        "not every line was answered: {:#?}",
        k.seen
    );
    for id in erring {
        let e = k
            .seen
            .iter()
            .find(|(_, v)| v["id"] == id)
            .unwrap_or_else(|| panic!("{id} was not answered: {:#?}", k.seen));
        assert!(e.1.get("error").is_some(), "{id}: {}", e.1);
    }
    assert!(
        k.seen.iter().all(|(_, v)| v.get("error").is_some()),
        "{:#?}",
        k.seen
    );
    // Still alive and answering: an endless search and a normal query.
    k.send(&endless("huge"));
    k.send(&nine("after"));
    let (_, v) = k
        .wait_for(Duration::from_secs(10), is_final("after"))
        .expect("a good query after the bad ones");
    assert!(v.get("moveInfos").is_some());
    // Let the endless search fill its tree budget, then stop everything.
    std::thread::sleep(Duration::from_secs(4));
    k.send(&json!({"id": "all", "action": "terminate_all"}));
    let (_, v) = k
        .wait_for(Duration::from_secs(2), is_final("huge"))
        .expect("terminate_all stops it");
    assert!(v["rootInfo"]["visits"].as_u64().unwrap() > 1000);
    if let Some(kib) = k.peak_kib() {
        // The tree's 11 MB, the move-prediction model and the threads'
        // stacks (about 40 MB in all); four seconds of an unbounded tree
        // would add a hundred MB and more.
        eprintln!("peak resident memory {kib} KiB");
        assert!(kib < 150 * 1024, "peak resident memory {kib} KiB");
    }
    let st = k
        .close_and_wait(Duration::from_secs(5))
        .expect("exits at the end of input");
    assert!(st.success());
}

#[test]
fn closing_stdout_stops_every_search_and_exits() {
    let _serial = serial();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kosumi"))
        .args(["analysis", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kosumi runs");
    let mut stdin = child.stdin.take().unwrap();
    for id in ["a", "b", "c"] {
        writeln!(stdin, "{}", endless(id)).unwrap();
    }
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // The client goes away without reading: its end of kosumi's stdout
    // closes while stdin stays open and the searches have no end.
    drop(child.stdout.take());
    let deadline = Instant::now() + Duration::from_secs(5);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("kosumi kept running with its stdout closed");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(stdin);
}

#[test]
fn end_of_input_with_quit_without_waiting_stops_at_once() {
    let _serial = serial();
    let mut k = Live::start(&["--threads", "2", "--quit-without-waiting"]);
    k.send(&endless("x"));
    k.send(&endless("y"));
    std::thread::sleep(Duration::from_millis(300));
    let st = k
        .close_and_wait(Duration::from_secs(2))
        .expect("exits at once");
    assert!(st.success());
}
