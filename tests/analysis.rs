//! `kosumi analysis`, the KataGo JSON analysis protocol: the example
//! query of KataGo's analysis-engine documentation answered in the
//! documented format, every malformed line answered with an error naming
//! what is wrong while the batch goes on, and the actions.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

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
