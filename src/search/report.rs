//! What a search reports: the root's candidates, most visited first, with
//! win rates, confidence bounds, priors, scores and principal variations.

use super::node::Node;
use super::simulate::move_of;
use super::Candidate;
use crate::types::Move;
use std::sync::atomic::Ordering;

/// Lower confidence bound of a win rate from `n` visits (normal
/// approximation, about 2 standard deviations).
fn lcb(winrate: f64, n: u32) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let n = n as f64;
    (winrate - 2.0 * (winrate * (1.0 - winrate) / n).sqrt() - 1.0 / n).clamp(0.0, 1.0)
}

/// The most-visited line below `node`, starting with its move, and the
/// visits of each of its moves.
fn principal_variation(node: &Node, max_len: usize) -> (Vec<Move>, Vec<u32>) {
    let mut pv = vec![move_of(node.mv)];
    let mut visits = vec![node.visits.load(Ordering::Relaxed)];
    let mut n = node;
    while pv.len() < max_len {
        let kids = n.kids();
        let Some(best) = kids.iter().max_by_key(|c| c.visits.load(Ordering::Relaxed)) else {
            break;
        };
        let v = best.visits.load(Ordering::Relaxed);
        if v == 0 {
            break;
        }
        pv.push(move_of(best.mv));
        visits.push(v);
        n = best;
    }
    (pv, visits)
}

/// The prior's win rate of a child.
fn prior_value(c: &Node) -> f64 {
    let (visits, wins) = c.prior();
    wins as f64 / visits.max(1) as f64
}

/// Candidates at the root, most visited first.
pub(super) fn root_candidates(root: &Node, pv_len: usize) -> Vec<Candidate> {
    let kids = root.kids();
    let prior_total: f64 = kids.iter().map(prior_value).sum();
    let mut v: Vec<Candidate> = kids
        .iter()
        .filter(|c| c.visits.load(Ordering::Relaxed) > 0)
        .map(|c| {
            let st = c.stats();
            let wr = if st.visits > 0 {
                st.wins / st.visits as f64
            } else {
                0.5
            };
            let (pv, pv_visits) = principal_variation(c, pv_len);
            Candidate {
                mv: move_of(c.mv),
                visits: st.visits,
                winrate: wr,
                prior: if prior_total > 0.0 {
                    prior_value(c) / prior_total
                } else {
                    0.0
                },
                lcb: lcb(wr, st.visits),
                score_mean: st.score_mean,
                pv,
                pv_visits,
                ownership: None,
            }
        })
        .collect();
    v.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    v
}
