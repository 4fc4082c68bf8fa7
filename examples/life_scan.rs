//! Runs the life reader ([`kosumi::tactics::life`]) over the last positions
//! of game records: for each group whose liberties lie in small regions,
//! whether the opponent's first move kills it. Prints each group that
//! needs a move (the record, the move number, the group's largest chain,
//! its stones, the keeping and the killing moves, the time), marking
//! those at a record's last position with `FINAL`, then a summary.
//!
//! ```sh
//! cargo run --release --example life_scan -- docs/matches/823a4c8-9x9-japanese/*.sgf
//! ```
//!
//! `--last N` reads the last N positions of each record (default 11: the
//! last ten moves and the final position).

use kosumi::game::Rules;
use kosumi::tactics::life::{read_life, small_groups, Life};
use kosumi::types::{Point, MAX_POINTS};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut last = 11;
    if args.first().is_some_and(|a| a == "--last") && args.len() > 1 {
        last = args[1].parse().expect("--last N");
        args.drain(..2);
    }
    let none = vec![false; MAX_POINTS];
    let (mut reads, mut needs, mut finals, mut unknown) = (0, 0, 0, 0);
    let mut worst = std::time::Duration::ZERO;
    for f in &args {
        let Ok(text) = std::fs::read_to_string(f) else {
            eprintln!("{f}: cannot read");
            continue;
        };
        let Ok(full) = kosumi::sgf::load(&text, None, 6.5, Rules::Chinese) else {
            eprintln!("{f}: not a game record");
            continue;
        };
        let n = full.move_count();
        for k in n.saturating_sub(last - 1)..=n {
            let Ok(g) = kosumi::sgf::load(&text, Some(k + 1), 6.5, Rules::Chinese) else {
                continue;
            };
            let b = g.board();
            let geo = b.geometry();
            let names = |v: &[Point]| {
                v.iter()
                    .map(|&q| geo.vertex(q).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            for area in small_groups(b, &none) {
                let target = area.largest_chain(b);
                let t = std::time::Instant::now();
                let (life, _) = read_life(b, target, &area, 30_000);
                let e = t.elapsed();
                worst = worst.max(e);
                reads += 1;
                match life {
                    Life::NeedsMove { defences, kills } => {
                        needs += 1;
                        let at_end = k == n;
                        finals += usize::from(at_end);
                        println!(
                            "{}{f} move {k} {} ({} stones) keeps {} kills {} {e:?}",
                            if at_end { "FINAL " } else { "" },
                            geo.vertex(target),
                            area.stones(b),
                            names(&defences),
                            names(&kills)
                        );
                    }
                    Life::Unknown => unknown += 1,
                    Life::Alive | Life::Dead => {}
                }
            }
        }
    }
    println!(
        "groups read {reads}, needing a move {needs} (at a last position {finals}), unknown {unknown}, slowest {worst:?}"
    );
}
